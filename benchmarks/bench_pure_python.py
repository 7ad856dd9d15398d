"""The analysis without numpy (issue 30): the pure-Python path against numpy's, in CPython.

    python benchmarks/bench_pure_python.py [--deals 5]

Where numpy is missing (Pyodide in the browser) the advisor and the evaluator run on the pure-
Python path (`analysis/kernels_pure.py`); `analysis.advisor.KERNELS` is switched here to time
both paths on the same deals. For each of `--deals` random deals (seeds 0, 1, ...), once per path:

- the first exchange hint for elder: the whole-deal evaluation behind it (`evaluate_exchange`,
  with a fresh solver, as a new table's first hint);
- the first exchange hint for younger, after the exchange elder's hint names;
- the closed club computer's exchange decision as elder (it sees only its own hand).

Each deal is timed once (a deal's advice is kept by the advisor, so a second run would measure
that instead): the figures are the medians over the deals, in CPU seconds (the machine is shared,
and CPU time is what the browser would spend), and the ratio of the pure path's median to numpy's.
The browser's target (under 3 s in Chromium, where Pyodide runs about 1.8 times slower than
CPython) is measured with the static site; the target here is its CPython share.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from figures import figure, machine, write_results
from piquet_widgets.analysis import advisor
from piquet_widgets.analysis.closed import closed_player
from piquet_widgets.analysis.evaluator import evaluate_exchange
from piquet_widgets.analysis.solver import Solver
from piquet_widgets.engine import Deal, Exchange

PATHS = ("numpy", "pure")
TARGET = "< 1.5 s (pure path)"


def timed(work: Callable[[], object]) -> tuple[float, object]:
    """The CPU seconds `work()` takes, and what it gives."""
    start = time.process_time()
    result = work()
    return time.process_time() - start, result


def measure(deal: Deal) -> dict[str, float]:
    """Elder's first hint, then younger's after the exchange it names, then the closed computer's
    exchange on the same deal (its samples are other deals: nothing is kept from the hint)."""
    elder, evaluations = timed(lambda: evaluate_exchange(deal, solver=Solver()))
    after = deal.apply(Exchange(evaluations[0].discards))
    younger, _ = timed(lambda: evaluate_exchange(after, solver=Solver()))
    closed, _ = timed(lambda: closed_player("club").choose_action(deal))
    return {"elder_hint": elder, "younger_hint": younger, "closed_exchange": closed}


LABELS = {
    "elder_hint": "the first exchange hint, elder (whole-deal evaluation)",
    "younger_hint": "the first exchange hint, younger, after the exchange elder's hint names",
    "closed_exchange": "the closed club computer's exchange decision, elder",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=5)
    args = parser.parse_args()
    started = machine()
    times: dict[tuple[str, str], list[float]] = {(name, path): [] for name in LABELS for path in PATHS}
    for path in PATHS:  # imports and tables out of the way
        advisor.KERNELS = path
        measure(Deal.from_seed(-1))
    for seed in range(args.deals):
        for path in PATHS:
            advisor.KERNELS = path
            for name, seconds in measure(Deal.from_seed(seed)).items():
                times[name, path].append(seconds)
    figures = []
    for name, label in LABELS.items():
        numpy_median, pure_median = (statistics.median(times[name, path]) for path in PATHS)
        print(f"{label}: numpy {numpy_median:.3f} s, pure Python {pure_median:.3f} s, {pure_median / numpy_median:.1f} times")
        figures += [
            figure(f"{name}_numpy", f"{label}: numpy path, CPU, median over {args.deals} deals", numpy_median, "s", None, times[name, "numpy"]),
            figure(f"{name}_pure", f"{label}: pure-Python path, CPU, median over {args.deals} deals", pure_median, "s", TARGET, times[name, "pure"]),
            figure(f"{name}_ratio", f"{label}: pure-Python median over numpy's", pure_median / numpy_median, "times"),
        ]
    write_results("pure_python", figures, note="CPU seconds in CPython; the same deals on both paths (analysis.advisor.KERNELS).", started=started)


if __name__ == "__main__":
    main()
