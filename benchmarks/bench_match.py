"""Matches between the computer players: `python benchmarks/bench_match.py [--deals 200] [--seed 0]`.

Each match plays N random deals **twice, seats swapped** (duplicate style: the same cards, each
player once elder and once younger), so that most of the luck of the cards cancels. For every deal
the score is the first player's points minus the second's, averaged over the two plays; the
report gives their mean — points per deal — with a 95% confidence interval (normal, from the N
paired differences), the share of deals won, and the time taken.

    python benchmarks/bench_match.py                      # expert-club, club-beginner, expert-beginner
    python benchmarks/bench_match.py --deals 50 --matches club-beginner
    python benchmarks/bench_match.py --workers 1          # one process (default: one per core, at most 2)
    python benchmarks/bench_match.py --closed --deals 200 --seconds 3000   # the closed-piquet matches

Closed players (`closed_beginner`, `closed_club`, `closed_expert`) see only what their seat may
see; `--closed` runs the closed expert and the closed club against their baselines
(`closed_expert_baseline`, `closed_club_baseline`: the levels as they played before they inferred
from what they heard), and reports the median and 95th percentile time of a closed computer's
move, its slowest exchange, how often it sank a declaration and how often, as younger, it took
every card it could. Other closed matches (closed expert against closed club, or against the
open expert) run with `--matches`. `--seconds` stops
starting new deals after that long, and the report says how many deals were played.

Each match's points per deal (with its interval) and each closed level's move times are written to
benchmarks/results/match.json (match_closed.json with `--closed`).

Exits with status 1 when a stronger level fails to beat a weaker one by a clear margin (the
lower end of the interval above zero), so that `run_all.py` shows it.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import figure, machine, write_results  # noqa: E402
from piquet_widgets.analysis.players import BASELINE_LEVELS, CLOSED_LEVELS, LEVELS, complete, get_player  # noqa: E402
from piquet_widgets.engine import ELDER, YOUNGER, Deal, Declare, Exchange, Phase  # noqa: E402

DEFAULT_MATCHES = ("expert-club", "club-beginner", "expert-beginner")
CLOSED_MATCHES = ("closed_expert-closed_expert_baseline", "closed_club-closed_club_baseline")
Z95 = 1.959964


def duplicate(seed: int, first: Callable[[], Any], second: Callable[[], Any]) -> tuple[float, list[float]]:
    """One deal played twice, seats swapped, by players made afresh for each play (`first()`,
    `second()`): the first's points minus the second's averaged over the two plays, and the
    seconds of each play."""
    deal = Deal.from_seed(seed)
    margins, times = [], []
    for elder, younger, sign in ((first, second, 1), (second, first, -1)):
        players = {ELDER: elder(), YOUNGER: younger()}
        started = time.perf_counter()
        final = complete(deal, players)[-1]
        times.append(time.perf_counter() - started)
        margins.append(sign * (final.scores[ELDER] - final.scores[YOUNGER]))
    return sum(margins) / 2, times


#: The closed expert's baseline, against which the closed benchmarks measure it and its variants.
EXPERT_BASELINE = "closed_expert_baseline"


def deal_arguments(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """`--deals` and `--workers`, as the closed benchmarks that compare the expert deal by deal take them."""
    parser.add_argument("--deals", type=int, default=200, help="random deals (seeds 0, 1, ...)")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1), help="processes (default: one per core, at most 2)")
    return parser


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """The mean of paired differences, deal by deal, and its 95% confidence interval (normal)."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def against_variant(name: str, description: str, difference: Callable[[int], tuple[float, int]], figures: tuple[str, str, str]) -> None:
    """The command line of a benchmark that plays the closed expert against a variant of itself on
    the closed match's deals (`--deals`, seeds 0, 1, ...): `difference(seed)` gives a deal's
    points (the expert's minus the variant's) and how many of its plays differed, replayed. The
    figures, written to results/`name`.json: `figures` names the points figure, says what it
    compares and what a differing play is."""
    key, label, differed = figures
    args = deal_arguments(argparse.ArgumentParser(description=description)).parse_args()
    started = machine()
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(difference, range(args.deals), chunksize=4))
    mean, low, high = mean_interval([points for points, _plays in results])
    plays = sum(count for _points, count in results)
    print(f"{label}: {mean:+.2f} points a deal [{low:+.2f}, {high:+.2f}]; {differed}: {plays} of {2 * args.deals} plays", flush=True)
    write_results(name, [
        figure(key, f"{label}: points a deal ({args.deals} deals)", mean, "points", interval=(low, high)),
        figure("plays_replayed", f"plays of {2 * args.deals} in which {differed}", plays, "plays"),
    ], note="Only those plays are played again: in the others both play alike", started=started)


def play_pair(first: str, second: str, seed: int) -> tuple[float, float, float, dict[str, list[float]]]:
    """`duplicate` between two levels: (first's points minus second's, averaged over the two
    plays; seconds of the first play; seconds of the second; seconds of each closed player's
    move, by level)."""
    moves: dict[str, list[float]] = {}
    margin, (one, two) = duplicate(seed, lambda: timed(first, moves), lambda: timed(second, moves))
    return margin, one, two, moves


def timed(level: str, moves: dict[str, list[float]]):
    """The player of a level; a closed one records how long each of its moves takes (under its
    level, and its exchanges also under `<level> exchange`), each declaration it sinks (a 1
    under `<level> sinks`, a 0 for one in full) and, as younger, whether it took every card it
    could (`<level> younger takes all`)."""
    player = get_player(level)
    if level not in CLOSED_LEVELS + BASELINE_LEVELS:
        return player

    class Timed:
        def choose_action(self, deal):
            started = time.perf_counter()
            action = player.choose_action(deal)
            spent = time.perf_counter() - started
            moves.setdefault(level, []).append(spent)
            if deal.phase is Phase.EXCHANGE:
                moves.setdefault(f"{level} exchange", []).append(spent)
            if isinstance(action, Declare) and deal.default_action().combinations:
                moves.setdefault(f"{level} sinks", []).append(float(action != deal.default_action()))
            if isinstance(action, Exchange) and deal.to_move is YOUNGER:
                moves.setdefault(f"{level} younger takes all", []).append(float(len(action.discards) == deal.legal_actions().high))
            return action

    return Timed()


def _pair_job(job: tuple[str, str, int]) -> tuple[float, float, float, dict[str, list[float]]]:
    return play_pair(*job)


def play_jobs(jobs: list[tuple[str, str, int]], workers: int, seconds: float | None) -> list:
    """The results of the jobs, in order; with `seconds`, no job is started after that long."""
    started = time.perf_counter()
    if seconds is None and workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            return list(pool.map(_pair_job, jobs, chunksize=max(1, len(jobs) // (8 * workers))))
    if workers <= 1:
        results = []
        for job in jobs:
            if seconds is not None and time.perf_counter() - started > seconds:
                break
            results.append(_pair_job(job))
        return results
    with ProcessPoolExecutor(workers) as pool:
        pending, results = [], []
        for job in jobs:
            if time.perf_counter() - started > seconds:
                break
            pending.append(pool.submit(_pair_job, job))
            if len(pending) >= 2 * workers:
                results.append(pending.pop(0).result())
        return results + [future.result() for future in pending]


def run_match(first: str, second: str, deals: int, seed: int, workers: int, seconds: float | None = None) -> dict:
    jobs = [(first, second, seed + index) for index in range(deals)]
    started = time.perf_counter()
    results = play_jobs(jobs, workers, seconds)
    wall = time.perf_counter() - started
    margins = [result[0] for result in results]
    mean = statistics.fmean(margins)
    half = Z95 * statistics.stdev(margins) / math.sqrt(len(margins)) if len(margins) > 1 else math.inf
    moves: dict[str, list[float]] = {}
    for result in results:
        for level, times in result[3].items():
            moves.setdefault(level, []).extend(times)
    return {
        "match": f"{first}-{second}",
        "deals": len(margins),
        "mean": mean,
        "low": mean - half,
        "high": mean + half,
        "won": sum(m > 0 for m in margins) / len(margins),
        "lost": sum(m < 0 for m in margins) / len(margins),
        "wall": wall,
        "seconds_per_play": statistics.fmean(t for result in results for t in result[1:3]),
        "moves": moves,
    }


def strength(level: str) -> tuple[int, int]:
    """Orders levels: open above closed of the same level (it sees more), a closed level above
    its baseline (what it is built to beat), then by level."""
    rank = 0 if level in BASELINE_LEVELS else 1 if level in CLOSED_LEVELS else 2
    return LEVELS.index(level.removeprefix("closed_").removesuffix("_baseline")), rank


def target(first: str, second: str) -> str | None:
    """A match's target: the issue's +2.5 points a deal for the closed expert over its baseline,
    the interval above zero wherever the first level is the stronger."""
    if strength(first) <= strength(second):
        return None
    if (first, second) == ("closed_expert", "closed_expert_baseline"):
        return "+2.5 points a deal or more, interval above 0"
    return "interval above 0"


def report_moves(match: str, moves: dict[str, list[float]]) -> list[dict]:
    """Print the median and 95th percentile time of each closed level's moves in a match (and of
    its exchanges), how often it sank and how often, as younger, it took every card; their
    figures."""
    written, key = [], match.replace("-", "_minus_")
    for name, times in sorted(moves.items()):
        level, _space, what = name.partition(" ")
        if what in ("sinks", "younger takes all"):
            share = 100 * statistics.fmean(times)
            print(f"  {level} {what}: {share:.1f}% of {len(times)}", flush=True)
            label = "declarations it could make, the share it sank" if what == "sinks" else "exchanges as younger, the share that took every card"
            written.append(figure(f"{key}_{level}_{what.replace(' ', '_')}", f"{match}: `{level}`, {len(times)} {label}", share, "%"))
            continue
        if what == "exchange":
            worst = max(times)
            print(f"  {level}: {len(times)} exchanges, median {statistics.median(times):.3f} s, worst {worst:.2f} s", flush=True)
            written.append(figure(f"{key}_{level}_exchange_worst", f"{match}: an exchange of `{level}`, the slowest of {len(times)}", worst, "s", "under 3 s"))
            continue
        ordered = sorted(times)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        print(f"  {level}: {len(times)} moves, median {statistics.median(times):.3f} s, 95th percentile {p95:.3f} s, worst {ordered[-1]:.2f} s", flush=True)
        written += [
            figure(f"{key}_{level}_move_median", f"{match}: a move of `{level}`, median over {len(times)}", statistics.median(times), "s", "under 0.1 s"),
            figure(f"{key}_{level}_move_p95", f"{match}: a move of `{level}`, 95th percentile", p95, "s", "under 1 s"),
            figure(f"{key}_{level}_move_worst", f"{match}: a move of `{level}`, the slowest", ordered[-1], "s"),
        ]
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per match, each played twice (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first deal (the others follow)")
    parser.add_argument("--matches", default=",".join(DEFAULT_MATCHES), help="comma-separated FIRST-SECOND level pairs")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1), help="processes (default: up to 2)")
    parser.add_argument("--closed", action="store_true", help="the closed-piquet matches instead of the default ones")
    parser.add_argument("--seconds", type=float, default=None, help="start no new deal of a match after this many seconds")
    args = parser.parse_args(argv)
    started = machine()
    chosen = ",".join(CLOSED_MATCHES) if args.closed else args.matches
    matches = [tuple(item.split("-", 1)) for item in chosen.split(",") if item]
    known = LEVELS + CLOSED_LEVELS + BASELINE_LEVELS
    for pair in matches:
        if len(pair) != 2 or not all(level in known for level in pair):
            parser.error(f"unknown match {'-'.join(pair)!r}; levels: {', '.join(known)}")
    print(f"up to {args.deals} deals per match, each played twice with seats swapped; seeds from {args.seed}")
    print("points per deal: the first player's points minus the second's (95% confidence interval)")
    print(f"{'match':<28} {'deals':>5} {'pts/deal':>9} {'95% CI':>17} {'won':>6} {'lost':>6} {'s/play':>7} {'wall s':>7}")
    failed = 0
    written = []
    for first, second in matches:
        result = run_match(first, second, args.deals, args.seed, args.workers, args.seconds)
        interval = f"[{result['low']:+.2f}, {result['high']:+.2f}]"
        print(
            f"{result['match']:<28} {result['deals']:>5} {result['mean']:>+9.2f} {interval:>17} {result['won']:>6.0%} {result['lost']:>6.0%} "
            f"{result['seconds_per_play']:>7.3f} {result['wall']:>7.1f}",
            flush=True,
        )
        stronger = strength(first) > strength(second)
        written.append(figure(
            result["match"].replace("-", "_minus_"),
            f"`{first}` − `{second}`: points per deal, {result['deals']} deals each played twice (won {result['won']:.0%}, lost {result['lost']:.0%})",
            result["mean"], "points", target(first, second), interval=(result["low"], result["high"]),
        ))
        written += report_moves(result["match"], result["moves"])
        if stronger and result["low"] <= 0:
            print(f"  {first} does not beat {second} by a clear margin", flush=True)
            failed = 1
    write_results("match_closed" if args.closed else "match", written, started=started)
    return failed


if __name__ == "__main__":
    raise SystemExit(main())
