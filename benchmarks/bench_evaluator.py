"""The exchange evaluator against an exhaustive reference: `python benchmarks/bench_evaluator.py`.

    python benchmarks/bench_evaluator.py [--deals 40] [--seed 0] [--workers 2]

For each random deal (seeds `--seed`, `--seed` + 1, ...; the evaluator's settings were tuned on
other seeds, from 1000): elder's exchange, then younger's after elder's chosen exchange.

- **The evaluator**: `evaluate_exchange` with its default settings, timed (wall and CPU seconds).
- **The reference**: the same model evaluated more widely and exhaustively — a longer short
  list (`REFERENCE`: elder 10 + 10 choices against the evaluator's 8 + 8, younger 60 + 100
  against 24 + 48), and for each listed choice every draw of elder (all C(8, k)) with, after
  younger's reply, every draw of younger (all C(n, j)), the play solved exactly for each, where
  the evaluator solves 4 to 12 sampled orders. Its list contains the evaluator's list and the advisor's first choice. What it
  does not do: value all 1,585 of elder's choices, or solve the play for every reply of younger
  (younger's reply is the model's, see `analysis/evaluator.py`). Its values are cached in
  `benchmarks/cache/evaluator_reference.json` (not committed), so that runs after the first
  are quick.

The loss of a first choice is the reference's best value minus the reference's value of that
choice (points a deal). Printed, and written to benchmarks/results/evaluator.json: mean and worst
loss of the evaluator's first choice, and of the advisor's for comparison, for elder and for
younger; median and worst time of the evaluator.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import figure, machine, write_results  # noqa: E402
from piquet_widgets.analysis import evaluator  # noqa: E402
from piquet_widgets.analysis.advisor import advise_exchange  # noqa: E402
from piquet_widgets.analysis.evaluator import Settings, evaluate_exchange  # noqa: E402
from piquet_widgets.engine import Deal, Exchange  # noqa: E402

REFERENCE = {
    "elder": Settings(by_declarations=10, by_strength=10, exhaustive=True),
    "younger": Settings(by_declarations=60, by_strength=100, exhaustive=True),
}
CACHE = Path(__file__).parent / "cache" / "evaluator_reference.json"


def cache_key(seed: int, deal: Deal) -> str:
    """What a cached reference depends on: the deal, the exchange made so far, the reference's
    settings and the weight of younger's reply."""
    seat = deal.to_move.key
    return f"{seed}/{seat}/{code(deal.discards[0] or ())}/{REFERENCE[seat]}/{evaluator.STRENGTH_WEIGHT}"


def code(discards) -> str:
    return " ".join(card.code for card in sorted(discards))


def measure(seed: int, reference: dict[str, dict[str, float]]) -> dict:
    """One deal: for each seat, the evaluator's and the advisor's first choices, their losses
    against the reference, and the evaluator's time."""
    deal = Deal.from_seed(seed)
    result: dict = {"seed": seed, "reference": {}}
    for seat in ("elder", "younger"):
        wall, cpu = time.perf_counter(), time.process_time()
        choice = evaluate_exchange(deal)[0].discards
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        key = cache_key(seed, deal)
        values = reference.get(key)
        if values is None or code(choice) not in values:
            evaluations = evaluate_exchange(deal, REFERENCE[seat], include=[choice])
            values = {code(item.discards): item.expected for item in evaluations}
            result["reference"][key] = values
        best = max(values.values())
        advised = code(advise_exchange(deal, top=1)[0].discards)
        result[seat] = {
            "loss": best - values[code(choice)],
            "advisor_loss": best - values[advised] if advised in values else None,
            "wall": wall,
            "cpu": cpu,
        }
        deal = deal.apply(Exchange(choice))
    return result


def _job(job: tuple[int, dict]) -> dict:
    return measure(*job)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args(argv)
    started = machine()
    reference = json.loads(CACHE.read_text()) if CACHE.exists() else {}
    seeds = range(args.seed, args.seed + args.deals)
    jobs = [(seed, {k: v for k, v in reference.items() if k.startswith(f"{seed}/")}) for seed in seeds]
    evaluate_exchange(Deal.from_seed(-1))  # imports and tables out of the way
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(_job, jobs))
    else:
        results = [_job(job) for job in jobs]
    for result in results:
        reference.update(result["reference"])
    CACHE.parent.mkdir(exist_ok=True)
    CACHE.write_text(json.dumps(reference))
    print(f"{args.deals} deals, seeds {seeds.start}..{seeds.stop - 1}; loss = reference's best minus the choice's, points a deal")
    failed = 0
    written = []
    for seat, loss_target, time_target in (("elder", 0.5, 2.0), ("younger", 0.5, 0.5)):
        rows = [result[seat] for result in results]
        losses = [row["loss"] for row in rows]
        advisor = [row["advisor_loss"] for row in rows if row["advisor_loss"] is not None]
        walls, cpus = [row["wall"] for row in rows], [row["cpu"] for row in rows]
        print(
            f"{seat:<8} evaluator loss mean {statistics.fmean(losses):.2f} worst {max(losses):.2f} "
            f"(zero in {sum(loss < 1e-9 for loss in losses)}); advisor's first choice mean {statistics.fmean(advisor):.2f} "
            f"worst {max(advisor):.2f} ({len(advisor)} deals); time median {statistics.median(walls):.2f} s wall, "
            f"{statistics.median(cpus):.2f} s CPU, worst {max(walls):.2f} s wall, {max(cpus):.2f} s CPU"
        )
        if statistics.fmean(losses) >= loss_target or max(losses) > 5 or statistics.median(cpus) >= time_target:
            print(f"  {seat}: a target is missed (mean loss < {loss_target}, worst <= 5, median < {time_target} s)")
            failed = 1
        written += [
            figure(f"{seat}_loss_mean", f"{seat}: loss of the evaluator's first choice against the reference, mean over {len(losses)} deals", statistics.fmean(losses), "points", f"< {loss_target} points"),
            figure(f"{seat}_loss_worst", f"{seat}: the same, worst deal", max(losses), "points", "≤ 5 points"),
            figure(f"{seat}_advisor_loss_mean", f"{seat}: loss of the advisor's first choice, for comparison, mean over {len(advisor)} deals", statistics.fmean(advisor), "points"),
            figure(f"{seat}_advisor_loss_worst", f"{seat}: the advisor's, worst deal", max(advisor), "points"),
            figure(f"{seat}_time_median", f"{seat}: the evaluator's time, median (wall clock)", statistics.median(walls), "s"),
            figure(f"{seat}_cpu_median", f"{seat}: the evaluator's processor time, median", statistics.median(cpus), "s", f"< {time_target} s"),
            figure(f"{seat}_time_worst", f"{seat}: the evaluator's time, slowest deal (wall clock)", max(walls), "s"),
        ]
    write_results("evaluator", written, started=started)
    return failed


if __name__ == "__main__":
    raise SystemExit(main())
