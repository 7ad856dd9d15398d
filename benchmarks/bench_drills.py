"""Drill dealing speed: the time "Another" takes to deal a fresh drill of each kind, at each level.

    python benchmarks/bench_drills.py [--seeds 30]

For every drill of the lessons and every level, `--seeds` drills are dealt (seeds 0, 1, ...); the
figures printed are the median and the worst over them. A drill is dealt when the learner asks
for it, so the worst should stay well under a tenth of a second.
"""

from __future__ import annotations

import argparse
import statistics
import time

from piquet_widgets.teach.drills import LESSON_DRILLS, LEVELS, make


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=30)
    args = parser.parse_args()

    specs = {(spec.kind, spec.options): spec for specs in LESSON_DRILLS.values() for spec in specs}
    for (kind, options), spec in specs.items():
        for level in range(1, min(spec.levels, LEVELS) + 1):
            times = []
            for seed in range(args.seeds):
                start = time.perf_counter()
                make(spec, seed, level)
                times.append(time.perf_counter() - start)
            label = kind + "".join(f" {value}" for _name, value in options)
            print(f"drill {label}, level {level}: median {statistics.median(times) * 1000:.1f} ms, worst {max(times) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
