"""The closed table's help from the learner's own view: how long a hint takes (issue 22).

    python benchmarks/bench_closed_help.py [--deals 12] [--level club]

For each of `--deals` random deals (seeds 0, 1, ...), played by the beginner for both seats with
the declarations in full: the time of the closed hint (`analysis.closed_help.closed_hint`, the
sampling of the closed computer of `--level`) at elder's exchange, at younger's exchange and at
the first lead, each from a fresh solver (the table's first click); and the end review of the
deal for elder (`analysis.closed_review`). Figures: medians and the worst over the deals.
"""

from __future__ import annotations

import argparse
import statistics
import time

from figures import figure, machine, write_results
from piquet_widgets.analysis.closed_help import closed_hint
from piquet_widgets.analysis.closed_review import closed_review
from piquet_widgets.analysis.observation import observe
from piquet_widgets.analysis.players import complete
from piquet_widgets.analysis.solver import Solver
from piquet_widgets.engine import ELDER, Deal, Phase


def timed(work) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--level", default="club")
    args = parser.parse_args()
    started = machine()

    closed_hint(observe(Deal.from_seed(-1), ELDER))  # imports and tables out of the way
    times: dict[str, list[float]] = {"elder_exchange": [], "younger_exchange": [], "first_lead": [], "review": []}
    for seed in range(args.deals):
        timeline = complete(Deal.from_seed(seed))
        exchanges = [deal for deal in timeline if deal.phase is Phase.EXCHANGE]
        lead = next(deal for deal in timeline if deal.phase is Phase.PLAY)
        for key, deal in zip(("elder_exchange", "younger_exchange", "first_lead"), (*exchanges, lead)):
            seen = observe(deal, deal.to_move)
            times[key].append(timed(lambda: closed_hint(seen, Solver(), args.level)))
        times["review"].append(timed(lambda: closed_review(timeline, {ELDER}, Solver(), level=args.level)))
    labels = {
        "elder_exchange": "closed hint at elder's exchange",
        "younger_exchange": "closed hint at younger's exchange",
        "first_lead": "closed hint at the opening lead (a fresh solver)",
        "review": "the closed deal's end review for elder (every choice sampled, perfect play)",
    }
    figures = []
    for key, values in times.items():
        unit, scale, target = ("s", 1, None) if key == "review" else ("ms", 1000, "< 1 s")
        print(f"{labels[key]}, {args.level}, over {args.deals} deals: median {statistics.median(values) * scale:.1f} {unit}, worst {max(values) * scale:.1f} {unit}")
        figures.append(figure(f"{key}_median", f"{labels[key]}: median over {args.deals} deals ({args.level} sampling)", statistics.median(values) * scale, unit, target, [v * scale for v in values]))
        figures.append(figure(f"{key}_worst", f"{labels[key]}: the slowest deal", max(values) * scale, unit, target))
    write_results("closed_help", figures, started=started)


if __name__ == "__main__":
    main()
