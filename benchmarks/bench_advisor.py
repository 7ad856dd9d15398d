"""Exchange advisor speed (issue 5): every choice of discards ranked, for elder and for younger.

    python benchmarks/bench_advisor.py [--deals 20] [--runs 3]

For each of `--deals` random deals (seeds 0, 1, ...): the time to rank all of elder's choices,
then, after elder's best exchange, all of younger's. Each deal is timed `--runs` times and its
median kept; the figures printed (and written to benchmarks/results/advisor.json) are the median
and the worst of those over the deals.
"""

from __future__ import annotations

import argparse
import statistics
import time

from figures import figure, machine, write_results
from piquet_widgets.analysis.advisor import advise_exchange
from piquet_widgets.engine import Deal, Exchange


def seconds(deal: Deal, runs: int) -> float:
    """The median time of `runs` calls of the advisor on `deal`."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        advise_exchange(deal)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    started = machine()

    advise_exchange(Deal.from_seed(-1))  # imports and tables out of the way
    elder, younger = [], []
    for seed in range(args.deals):
        deal = Deal.from_seed(seed)
        elder.append(seconds(deal, args.runs))
        after = deal.apply(Exchange(advise_exchange(deal, top=1)[0].discards))
        younger.append(seconds(after, args.runs))
    for seat, times in (("elder", elder), ("younger", younger)):
        print(
            f"advisor, {seat} (all choices ranked) over {args.deals} deals: "
            f"median {statistics.median(times) * 1000:.0f} ms, worst {max(times) * 1000:.0f} ms"
        )
    write_results("advisor", [
        figure("elder_median", f"elder: all 1,585 choices of discards ranked, median over {args.deals} deals", statistics.median(elder) * 1000, "ms", "< 2 s"),
        figure("elder_worst", "elder: the slowest deal", max(elder) * 1000, "ms", "< 2 s"),
        figure("younger_median", "younger, after elder's best exchange: every choice ranked, median", statistics.median(younger) * 1000, "ms", "< 2 s"),
    ], started=started)


if __name__ == "__main__":
    main()
