"""The exchange hint's figures against the truth: `python benchmarks/bench_exchange_truth.py`.

    python benchmarks/bench_exchange_truth.py [--deals 30] [--seed 5000] [--workers 2] [--read 1.5] [--read-idea 2 5 10]

For each random deal (seeds `--seed`, `--seed` + 1, ...):

- **Elder**: the hint found in steps as the practice table finds it while the learner reads
  (`review.hint_steps`: the discards, then their figure against the expert younger asked about 4
  of elder's draws, then one more draw at a time up to every one), each step timed in processor
  time; and the same discard's **true** value when younger replies as the table's expert younger
  does (`ExpertPlayer`, the exchange evaluator of her seat) and both then play by the solver as
  the table does: every draw of elder (all C(8, k)), her reply to it, every draw of hers, each
  deal declared in full and solved. The practice table works out the discards and the first
  figure as soon as the deal appears, and refines the figure only once the learner has asked for
  the hint (its idea); the figure shown is the last step found when he asks again, for the move.
  Its error is given on 4 draws (the figure `review.hint` gives), for a first click `--read`
  seconds after the deal appeared and the move asked for each of `--read-idea` seconds later
  (times in the processor time of the work), and exact. Also the figure the evaluator alone
  gives (its model of younger's reply, sampled orders), and how often that model's reply is
  worth as much to her as the expert's.
- **Younger**, after an exchange of elder of 3 to 5 cards by turns (his best of that size by the
  declarations), so that 3 to 5 cards are left for her: every legal discard evaluated as the
  evaluator values its short list (the same draws of hers, the play solved), and how far the
  short list's best falls below the best of all, how many choices are better than it, and on how
  many deals it misses every best discard.

Printed, and written to benchmarks/results/exchange_truth.json.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import figure, machine, write_results  # noqa: E402
from piquet_widgets.analysis.advisor import advise_exchange  # noqa: E402
from piquet_widgets.analysis.evaluator import YOUNGER_SETTINGS, Settings, _YoungerChoices, deal_outcome, evaluate_exchange  # noqa: E402
from piquet_widgets.analysis.review import hint_steps  # noqa: E402
from piquet_widgets.analysis.solver import Solver  # noqa: E402
from piquet_widgets.engine import Deal, Exchange  # noqa: E402
from piquet_widgets.engine.cards import mask_of  # noqa: E402
from piquet_widgets.engine.combinations import is_carte_blanche  # noqa: E402
from piquet_widgets.engine.deal import ELDER, YOUNGER  # noqa: E402


NOTE = (
    "The deals are measured in --workers processes at once, and the true values take seconds of solving "
    "each: on a busy machine the hint's wall-clock time is mostly waiting for a core, so its times are "
    "processor time, and the reading times are counted in the processor time the work ahead has had "
    "(a core of its own, as at the practice table, where it runs in a thread while the learner reads)"
)


def dealt_with(deal: Deal, talon: tuple) -> Deal:
    """The same hands as `deal` with the talon in this order."""
    return Deal.new(deal.dealt(ELDER), deal.dealt(YOUNGER), talon, deal.rules)


def truth(deal: Deal, discards: tuple) -> tuple[float, int, int]:
    """Elder's `discards` valued exactly against the table's expert younger, and of elder's draws
    how many the evaluator's model of her reply gets right (a reply worth as much to her as the
    expert's: many discards are worth the same), out of how many."""
    talon = tuple(sorted(deal.talon))
    blanche = (is_carte_blanche(deal.elder_dealt), is_carte_blanche(deal.younger_dealt))
    model = _YoungerChoices(deal.hands[YOUNGER], talon, blanche, deal.rules.younger_min_exchange)  # the evaluator's model
    solver = Solver()
    values, same = [], 0
    draws = list(combinations(talon, len(discards)))
    for drawn in draws:
        left = tuple(card for card in talon if card not in drawn)
        after = dealt_with(deal, (*drawn, *left)).apply(Exchange(discards))
        reply = evaluate_exchange(after, solver=solver, best_only=True)[0].discards  # the expert younger's choice (`ExpertPlayer.choose_discards`)
        modelled = tuple(card for card in after.hand(YOUNGER) if model.reply(after.hands[ELDER], mask_of(left))[0] >> card & 1)
        worth = evaluate_exchange(after, Settings(0, 0, samples=YOUNGER_SETTINGS.samples), solver=solver, include=[reply, modelled])
        same += len({round(item.expected, 9) for item in worth}) == 1
        outcomes = []
        for taken in combinations(left, len(reply)):
            rest = tuple(card for card in left if card not in taken)
            final = dealt_with(deal, (*drawn, *taken, *rest)).apply(Exchange(discards)).apply(Exchange(reply))
            outcomes.append(deal_outcome(final, ELDER, solver))
        values.append(sum(outcomes) / len(outcomes))
    return sum(values) / len(values), same, len(draws)


def younger_misses(after: Deal) -> tuple[float, int, bool]:
    """Younger's every legal discard evaluated on the evaluator's own draws: how much the best of
    its short list falls short of the best of all, how many choices are better than the list's
    best, and whether the list misses every best discard."""
    solver = Solver()
    every = [choice.discards for choice in after.legal_actions()]
    full = evaluate_exchange(after, Settings(0, 0, samples=YOUNGER_SETTINGS.samples), solver=solver, include=every)
    value = {frozenset(item.discards): item.expected for item in full}
    listed = max(value[frozenset(item.discards)] for item in evaluate_exchange(after, solver=solver))
    loss = full[0].expected - listed
    return loss, sum(item.expected > listed + 1e-9 for item in full), loss > 1e-9


def measure(seed: int) -> dict:
    deal = Deal.from_seed(seed)
    steps = []  # (processor seconds since the deal appeared, the figure: None for the discards alone)
    wall, cpu = time.perf_counter(), time.process_time()
    for found in hint_steps(deal, Solver()):
        steps.append((time.process_time() - cpu, found.value))
        if len(steps) == 2:
            wall = time.perf_counter() - wall
    model = next(item for item in evaluate_exchange(deal) if item.discards == found.cards)
    value, same, draws = truth(deal, found.cards)
    size = 3 + seed % 3  # elder's exchange of 3 to 5 cards (his best of that size), so that 3 to 5 are left
    elder = next(item for item in advise_exchange(deal) if len(item.discards) == size)
    loss, better, all_missed = younger_misses(deal.apply(Exchange(elder.discards)))
    row = {
        "seed": seed, "steps": steps, "model": model.expected, "truth": value, "same": same, "draws": draws,
        "wall": wall, "loss": loss, "better": better, "all_missed": all_missed,
    }
    print(
        f"seed {seed}: on 4 draws {steps[1][1]:+.2f} after {steps[1][0]:.2f} s, on all {draws} {steps[-1][1]:+.2f} after "
        f"{steps[-1][0]:.2f} s, model alone {model.expected:+.2f}, true {value:+.2f}; model's reply as good as the "
        f"expert's in {same} of {draws}; younger: short list's best {loss:.2f} below the best, {better} better",
        flush=True,
    )
    return row


def shown_after(steps: list[tuple[float, float | None]], read: float, idea: float) -> float:
    """The figure shown to a learner who asks for the hint `read` seconds after the deal appeared
    and for the move `idea` seconds later: the work ahead stops at the first figure until his
    first click, so it has had min(`read`, the first figure's time) + `idea` seconds by the
    second; the last step found by then, or the first figure (the click waits for it)."""
    figures = [(spent, value) for spent, value in steps if value is not None]
    seconds = min(read, figures[0][0]) + idea
    found = [value for spent, value in figures if spent <= seconds]
    return found[-1] if found else figures[0][1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--read", type=float, default=1.5, help="seconds from the deal appearing to the first click (the hint's idea)")
    parser.add_argument("--read-idea", type=float, nargs="+", default=[2.0, 5.0, 10.0], help="seconds from the idea to the move asked for")
    args = parser.parse_args(argv)
    started = machine()
    evaluate_exchange(Deal.from_seed(-1))  # imports and tables out of the way
    seeds = range(args.seed, args.seed + args.deals)
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers, initializer=evaluate_exchange, initargs=(Deal.from_seed(-1),)) as pool:
            rows = list(pool.map(measure, seeds))
    else:
        rows = [measure(seed) for seed in seeds]
    quick = [row["steps"][1][1] - row["truth"] for row in rows]
    exact = [row["steps"][-1][1] - row["truth"] for row in rows]
    model_errors = [row["model"] - row["truth"] for row in rows]
    same, draws = sum(row["same"] for row in rows), sum(row["draws"] for row in rows)
    discards_cpu = [row["steps"][0][0] for row in rows]
    quick_cpu = [row["steps"][1][0] for row in rows]
    exact_cpu = [row["steps"][-1][0] for row in rows]
    walls = [row["wall"] for row in rows]
    losses = [row["loss"] for row in rows]
    n = len(rows)
    read = {seconds: [shown_after(row["steps"], args.read, seconds) - row["truth"] for row in rows] for seconds in args.read_idea}
    print(
        f"{n} deals: on 4 draws minus true, mean {statistics.fmean(quick):+.2f}, mean absolute {statistics.fmean(map(abs, quick)):.2f}; "
        f"exact: mean absolute {statistics.fmean(map(abs, exact)):.2f} after {statistics.median(exact_cpu):.2f} s CPU (median); "
        + "; ".join(f"the move asked {seconds:g} s after the idea: {statistics.fmean(map(abs, errors)):.2f}" for seconds, errors in read.items())
        + f" (the evaluator alone: {statistics.fmean(model_errors):+.2f}, {statistics.fmean(map(abs, model_errors)):.2f}); "
        f"model's reply as good as the expert's in {same} of {draws}; discards median {statistics.median(discards_cpu):.2f} s CPU; "
        f"younger: the short list misses every best discard on {sum(row['all_missed'] for row in rows)} deals, "
        f"losing {statistics.fmean(losses):.2f} points a deal on average"
    )
    write_results("exchange_truth", [
        figure("elder_error_mean", f"elder's hint on 4 of his draws (asked for at once): figure minus the true value against the expert younger, mean over {n} deals", statistics.fmean(quick), "points", "within ±0.5 points", quick),
        figure("elder_error_abs", "elder's hint on 4 of his draws: the same, mean absolute", statistics.fmean(map(abs, quick)), "points"),
        *(figure(f"elder_error_abs_idea_{seconds:g}s", f"elder's hint asked for {args.read:g} s after the deal appeared, the move {seconds:g} s after the idea (processor time): the same, mean absolute", statistics.fmean(map(abs, errors)), "points", None, errors) for seconds, errors in read.items()),
        figure("elder_exact_error_abs", "elder's hint on every draw of his: the same, mean absolute", statistics.fmean(map(abs, exact)), "points", "≤ 0.5 points", exact),
        figure("elder_model_error_mean", "the evaluator's own figure (its model of younger's reply) minus the true value, mean", statistics.fmean(model_errors), "points", None, model_errors),
        figure("elder_model_error_abs", "the evaluator's own figure, mean absolute error", statistics.fmean(map(abs, model_errors)), "points"),
        figure("model_reply_matches", f"the evaluator's model of younger's reply worth as much to her as the expert's, of {draws} draws of elder", 100 * same / draws, "%"),
        figure("elder_discards_cpu_median", "elder's hint: his best discards found (all the hint's first click needs), processor time, median", statistics.median(discards_cpu), "s", "< 1 s", discards_cpu),
        figure("elder_hint_cpu_median", "elder's hint: the figure on 4 draws found, processor time, median", statistics.median(quick_cpu), "s", None, quick_cpu),
        figure("elder_hint_wall_median", "the same, wall clock, median", statistics.median(walls), "s", None, walls),
        figure("elder_exact_cpu_median", "elder's hint: the figure on every draw found, processor time, median", statistics.median(exact_cpu), "s", None, exact_cpu),
        figure("elder_exact_cpu_max", "the same, the slowest deal", max(exact_cpu), "s"),
        figure("younger_all_best_missed", f"younger (after elder's exchange of 3 to 5 cards): deals of {n} where the short list misses every best discard", sum(row["all_missed"] for row in rows), "deals", "0"),
        figure("younger_loss_mean", "younger: the short list's best below the best of every legal discard, mean", statistics.fmean(losses), "points", None, losses),
        figure("younger_better_missed_worst", "younger: choices better than the short list's best, the worst deal", max(row["better"] for row in rows), "discards"),
    ], note=NOTE, started=started)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
