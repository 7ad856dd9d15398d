"""Matches between the computer players: `python benchmarks/bench_match.py [--deals 200] [--seed 0]`.

Each match plays N random deals **twice, seats swapped** (duplicate style: the same cards, each
player once elder and once younger), so that most of the luck of the cards cancels. For every deal
the score is the first player's points minus the second's, averaged over the two plays; the
report gives their mean — points per deal — with a 95% confidence interval (normal, from the N
paired differences), the share of deals won, and the time taken.

    python benchmarks/bench_match.py                      # expert-club, club-beginner, expert-beginner
    python benchmarks/bench_match.py --deals 50 --matches club-beginner
    python benchmarks/bench_match.py --workers 1          # one process (default: one per core, at most 2)

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
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from piquet_widgets.analysis.players import LEVELS, complete, get_player  # noqa: E402
from piquet_widgets.engine import ELDER, YOUNGER, Deal  # noqa: E402

DEFAULT_MATCHES = ("expert-club", "club-beginner", "expert-beginner")
Z95 = 1.959964


def play_pair(first: str, second: str, seed: int) -> tuple[float, float, float]:
    """One deal played twice, seats swapped: (first's points minus second's, averaged over the two
    plays; seconds of the first play; seconds of the second)."""
    deal = Deal.from_seed(seed)
    margins, times = [], []
    for elder_level, younger_level, sign in ((first, second, 1), (second, first, -1)):
        players = {ELDER: get_player(elder_level), YOUNGER: get_player(younger_level)}
        started = time.perf_counter()
        final = complete(deal, players)[-1]
        times.append(time.perf_counter() - started)
        margins.append(sign * (final.scores[ELDER] - final.scores[YOUNGER]))
    return sum(margins) / 2, times[0], times[1]


def _pair_job(job: tuple[str, str, int]) -> tuple[float, float, float]:
    return play_pair(*job)


def run_match(first: str, second: str, deals: int, seed: int, workers: int) -> dict:
    jobs = [(first, second, seed + index) for index in range(deals)]
    started = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_pair_job, jobs, chunksize=max(1, deals // (8 * workers))))
    else:
        results = [_pair_job(job) for job in jobs]
    wall = time.perf_counter() - started
    margins = [result[0] for result in results]
    mean = statistics.fmean(margins)
    half = Z95 * statistics.stdev(margins) / math.sqrt(len(margins)) if len(margins) > 1 else math.inf
    return {
        "match": f"{first}-{second}",
        "deals": deals,
        "mean": mean,
        "low": mean - half,
        "high": mean + half,
        "won": sum(m > 0 for m in margins) / deals,
        "lost": sum(m < 0 for m in margins) / deals,
        "wall": wall,
        "seconds_per_play": statistics.fmean(t for result in results for t in result[1:]),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per match, each played twice (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first deal (the others follow)")
    parser.add_argument("--matches", default=",".join(DEFAULT_MATCHES), help="comma-separated FIRST-SECOND level pairs")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1), help="processes (default: up to 2)")
    args = parser.parse_args(argv)
    matches = [tuple(item.split("-", 1)) for item in args.matches.split(",") if item]
    for pair in matches:
        if len(pair) != 2 or not all(level in LEVELS for level in pair):
            parser.error(f"unknown match {'-'.join(pair)!r}; levels: {', '.join(LEVELS)}")
    print(f"{args.deals} deals per match, each played twice with seats swapped; seeds {args.seed}..{args.seed + args.deals - 1}")
    print("points per deal: the first player's points minus the second's (95% confidence interval)")
    print(f"{'match':<18} {'pts/deal':>9} {'95% CI':>17} {'won':>6} {'lost':>6} {'s/play':>7} {'wall s':>7}")
    failed = 0
    for first, second in matches:
        result = run_match(first, second, args.deals, args.seed, args.workers)
        interval = f"[{result['low']:+.2f}, {result['high']:+.2f}]"
        print(
            f"{result['match']:<18} {result['mean']:>+9.2f} {interval:>17} {result['won']:>6.0%} {result['lost']:>6.0%} "
            f"{result['seconds_per_play']:>7.3f} {result['wall']:>7.1f}",
            flush=True,
        )
        stronger = LEVELS.index(first) > LEVELS.index(second)
        if stronger and result["low"] <= 0:
            print(f"  {first} does not beat {second} by a clear margin", flush=True)
            failed = 1
    return failed


if __name__ == "__main__":
    raise SystemExit(main())
