"""Drill dealing speed: the time "Another" takes to deal a fresh drill of each kind, at each level.

    python benchmarks/bench_drills.py [--seeds 30] [--evaluated-seeds 6]

For every registered kind of drill and every level, `--seeds` drills are dealt (seeds 0, 1, ...); the
figures printed are the median and the worst over them. A drill is dealt when the learner asks
for it, so the worst should stay well under a tenth of a second.

The drills judged by the whole-deal evaluator (choosing discards) take about a second, so the
widget deals them in its analysis runner ("Analysing…"): `--evaluated-seeds` of them are dealt,
and for each the time to judge a discard the evaluator had not valued (one card, the lowest) is
printed too. Summary figures (every kind dealt at once, and those judged by the evaluator) are
written to benchmarks/results/drills.json.
"""

from __future__ import annotations

import argparse
import statistics
import time

from figures import figure, machine, write_results
from piquet_widgets.teach.drills import KINDS, LEVELS, check, make, needs_valuing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=30)
    parser.add_argument("--evaluated-seeds", type=int, default=6)
    args = parser.parse_args()
    started = machine()

    instant: dict[str, list[float]] = {}  # by drill: every time dealing it took
    evaluated: list[float] = []
    judgements: list[float] = []
    for label, kind in KINDS.items():
        for level in range(1, min(kind.levels, LEVELS) + 1):
            times, judged = [], []
            for seed in range(args.evaluated_seeds if kind.evaluated else args.seeds):
                start = time.perf_counter()
                drill = make(kind, seed, level)
                times.append(time.perf_counter() - start)
                if kind.evaluated:
                    lowest = (min(drill.rows[0].cards, key=lambda card: card.rank),)
                    unvalued = needs_valuing(drill, lowest)
                    start = time.perf_counter()
                    check(drill, lowest)
                    if unvalued:
                        judged.append(time.perf_counter() - start)
            if kind.evaluated:
                evaluated += times
                judgements += judged
            else:
                instant.setdefault(label, []).extend(times)
            print(f"drill {label}, level {level}: median {statistics.median(times) * 1000:.1f} ms, worst {max(times) * 1000:.0f} ms")
            if judged:
                print(f"  judging a discard not valued at first: median {statistics.median(judged) * 1000:.0f} ms, worst {max(judged) * 1000:.0f} ms")
    every = [seconds for times in instant.values() for seconds in times]
    slowest = max(instant, key=lambda label: max(instant[label]))
    written = [
        figure("instant_median", f"a drill dealt, every kind but those judged by the evaluator ({len(instant)} kinds), median", statistics.median(every) * 1000, "ms"),
        figure("instant_worst", f"the same, the slowest (a drill `{slowest}`)", max(every) * 1000, "ms", "well under 100 ms"),
    ]
    if evaluated:
        written.append(figure("evaluated_median", "a drill of discards (judged by the evaluator) dealt, median", statistics.median(evaluated) * 1000, "ms"))
    if judgements:
        written.append(figure("judging_median", "judging a discard the evaluator had not valued, median", statistics.median(judgements) * 1000, "ms"))
    write_results("drills", written, started=started)


if __name__ == "__main__":
    main()
