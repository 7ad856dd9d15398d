"""Drill dealing speed: the time "Another" takes to deal a fresh drill of each kind, at each level.

    python benchmarks/bench_drills.py [--seeds 30] [--evaluated-seeds 4] [--another 6] [--think 8] [--read 3]

For every registered kind of drill and every level, `--seeds` drills are dealt (seeds 0, 1, ...);
the figures printed are the median and the worst over them. A drill is dealt when the learner
asks for it, so the worst should stay well under a tenth of a second; the discard drill judged by
the declarations advisor ("Keep the point or the sequence?") is measured on its own, under a
second.

The discard drills judged by the whole-deal evaluator take a second or more to deal, so the
widget deals the next one while the learner thinks about the drill shown and reads its verdict:
`--evaluated-seeds` of them are dealt from scratch (with, for each, the time to judge a discard
the evaluator had not valued: one card, the lowest), and in the drill widget `--another` drills
in a row are looked at for `--think` seconds, solved, the verdict read for `--read` seconds, and
"Another" clicked: the wait until the next drill shows is the figure the learner feels (target:
under a second). Figures are written to
benchmarks/results/drills.json.
"""

from __future__ import annotations

import argparse
import statistics
import time

from figures import figure, machine, write_results
from piquet_widgets.teach.drills import KINDS, LEVELS, check, make, needs_valuing

DECLARATIONS_DISCARD = "discard-point-or-sequence"  # dealt at once, but by the declarations advisor


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of `values` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def another_waits(name: str, drills: int, think: float, read: float) -> list[float]:
    """In the drill widget: each drill looked at for `think` seconds, solved, its verdict read for
    `read` seconds, then "Another": the seconds until the next drill shows."""
    from piquet_widgets.widgets.drill import DrillView

    view = DrillView(name, seed=1)
    view.analyst.runner.wait()
    waits = []
    for _drill in range(drills):
        time.sleep(think)
        view.submit(view.drill.solution)
        time.sleep(read)
        start = time.perf_counter()
        view.new_button.click()
        view.analyst.runner.wait()
        waits.append(time.perf_counter() - start)
        assert not view.dealing
    return waits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=30)
    parser.add_argument("--evaluated-seeds", type=int, default=4)
    parser.add_argument("--another", type=int, default=6, help="drills in a row in the widget, for each evaluated kind")
    parser.add_argument("--think", type=float, default=8.0, help="seconds the learner looks at a drill before answering")
    parser.add_argument("--read", type=float, default=3.0, help="seconds the learner reads a verdict before 'Another'")
    args = parser.parse_args()
    started = machine()

    instant: dict[str, list[float]] = {}  # by kind: every time dealing it took
    declarations: list[float] = []
    evaluated: list[float] = []
    judgements: list[float] = []
    for name, kind in KINDS.items():
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
            elif name == DECLARATIONS_DISCARD:
                declarations += times
            else:
                instant.setdefault(name, []).extend(times)
            print(f"drill {name}, level {level}: median {statistics.median(times) * 1000:.1f} ms, worst {max(times) * 1000:.0f} ms")
            if judged:
                print(f"  judging a discard not valued at first: median {statistics.median(judged) * 1000:.0f} ms, worst {max(judged) * 1000:.0f} ms")
    waits = []
    for name, kind in KINDS.items():
        if kind.evaluated and args.another:
            found = another_waits(name, args.another, args.think, args.read)
            print(f"widget {name}: 'Another' after {args.think:g} s thinking and {args.read:g} s reading, waits {', '.join(f'{wait * 1000:.0f}' for wait in found)} ms")
            waits += found
    every = [seconds for times in instant.values() for seconds in times]
    slowest = max(instant, key=lambda label: max(instant[label]))
    written = [
        figure("instant_median", f"a drill dealt, every kind dealt at once but the declarations' discards ({len(instant)} kinds), median",
               statistics.median(every) * 1000, "ms"),
        figure("instant_worst", f"the same, the slowest (a drill `{slowest}`)", max(every) * 1000, "ms", "well under 100 ms"),
    ]
    if declarations:
        written += [
            figure("declarations_discard_median", "a discard drill judged by the declarations advisor (keep the point or the sequence) dealt, median",
                   statistics.median(declarations) * 1000, "ms", "< 1 s"),
            figure("declarations_discard_worst", "the same, the slowest", max(declarations) * 1000, "ms", "< 1 s"),
        ]
    if evaluated:
        written.append(figure("evaluated_median", "a discard drill judged by the whole-deal evaluator dealt from scratch, median",
                              statistics.median(evaluated) * 1000, "ms"))
    if waits:
        written += [
            figure("another_median", f"'Another' on a whole-deal discard drill ({args.think:g} s thinking, {args.read:g} s reading the verdict), until the next shows, median",
                   statistics.median(waits) * 1000, "ms", "< 1 s", runs=[wait * 1000 for wait in waits]),
            figure("another_p90", "the same, 90th percentile", percentile(waits, 0.9) * 1000, "ms", "< 1 s"),
            figure("another_worst", "the same, the slowest", max(waits) * 1000, "ms", "< 1 s"),
        ]
    if judgements:
        written.append(figure("judging_median", "judging a discard the evaluator had not valued, median", statistics.median(judgements) * 1000, "ms"))
    write_results("drills", written, started=started)


if __name__ == "__main__":
    main()
