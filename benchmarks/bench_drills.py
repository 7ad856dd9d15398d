"""Drill dealing speed: the time "Another" takes to deal a fresh drill of each kind, at each level.

    python benchmarks/bench_drills.py [--seeds 30] [--evaluated-seeds 6]

For every drill of the lessons and every level, `--seeds` drills are dealt (seeds 0, 1, ...); the
figures printed are the median and the worst over them. A drill is dealt when the learner asks
for it, so the worst should stay well under a tenth of a second.

The drills judged by the whole-deal evaluator (choosing discards) take about a second, so the
widget deals them in its analysis runner ("Analysing…"): `--evaluated-seeds` of them are dealt,
and for each the time to judge a discard the evaluator had not valued (one card, the lowest) is
printed too.
"""

from __future__ import annotations

import argparse
import statistics
import time

from piquet_widgets.teach.drills import EVALUATED, LESSON_DRILLS, LEVELS, check, make, needs_valuing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=30)
    parser.add_argument("--evaluated-seeds", type=int, default=6)
    args = parser.parse_args()

    specs = {(spec.kind, spec.options): spec for specs in LESSON_DRILLS.values() for spec in specs}
    for (kind, options), spec in specs.items():
        for level in range(1, min(spec.levels, LEVELS) + 1):
            times, judged = [], []
            for seed in range(args.evaluated_seeds if kind in EVALUATED else args.seeds):
                start = time.perf_counter()
                drill = make(spec, seed, level)
                times.append(time.perf_counter() - start)
                if kind in EVALUATED:
                    lowest = (min(drill.rows[0].cards, key=lambda card: card.rank),)
                    unvalued = needs_valuing(drill, lowest)
                    start = time.perf_counter()
                    check(drill, lowest)
                    if unvalued:
                        judged.append(time.perf_counter() - start)
            label = kind + "".join(f" {value}" for _name, value in options)
            print(f"drill {label}, level {level}: median {statistics.median(times) * 1000:.1f} ms, worst {max(times) * 1000:.0f} ms")
            if judged:
                print(f"  judging a discard not valued at first: median {statistics.median(judged) * 1000:.0f} ms, worst {max(judged) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
