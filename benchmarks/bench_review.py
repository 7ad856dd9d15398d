"""The review's reasons: how many mistakes get a motif other than `other`.

    python benchmarks/bench_review.py [--deals 200] [--seat elder] [--player club] [--opponent club]

Deals 0, 1, ... are played by the `--player` computer for `--seat` against `--opponent`, and each is
reviewed for that seat (exchange, declarations and play) as `piquet-widgets review` does. The
target: at least 90 % of the mistakes of two points or more have a motif other than `other`.
Figures go to benchmarks/results/review.json: that share (its runs: each block of 50 deals), the
share of each motif among those mistakes, and the review's time per deal.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import json
import os
import platform
import statistics
import time
from pathlib import Path

from piquet_widgets.analysis.mistakes import review_mistakes
from piquet_widgets.analysis.players import complete, get_player
from piquet_widgets.engine import Deal, Seat

RESULTS = Path(__file__).parent / "results" / "review.json"
BLOCK = 50


def machine() -> str:
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    return f"{os.cpu_count()} cores, {memory:.0f} GB, Python {platform.python_version()}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=200, help="deals played and reviewed (default 200)")
    parser.add_argument("--seat", choices=("elder", "younger"), default="elder", help="the seat reviewed (default elder)")
    parser.add_argument("--player", default="club", help="the computer level playing that seat (default club)")
    parser.add_argument("--opponent", default="club", help="the computer level of the other seat (default club)")
    args = parser.parse_args(argv)
    seat = Seat.ELDER if args.seat == "elder" else Seat.YOUNGER
    players = {seat: get_player(args.player), seat.other: get_player(args.opponent)}

    costly: list[str] = []  # the motif of each mistake of two points or more
    blocks: list[list[str]] = []
    seconds = []
    for number in range(args.deals):
        timeline = complete(Deal.from_seed(number), players)
        start = time.perf_counter()
        found = [mistake.motif for mistake in review_mistakes(timeline, [seat]) if mistake.cost >= 2]
        seconds.append(time.perf_counter() - start)
        costly += found
        if number % BLOCK == 0:
            blocks.append([])
        blocks[-1] += found

    def share(motifs: list[str]) -> float:
        return round(100 * sum(motif != "other" for motif in motifs) / len(motifs), 1) if motifs else 0.0

    counts = collections.Counter(costly)
    figures = [
        {"key": "explained_share", "label": f"mistakes of 2 points or more with a motif other than 'other' ({len(costly)} mistakes, {args.deals} deals)",
         "value": share(costly), "unit": "%", "target": ">= 90 %", "runs": [share(block) for block in blocks]},
        {"key": "review_time", "label": "reviewing one deal for one seat (median)", "value": round(statistics.median(seconds), 2),
         "unit": "s", "target": None, "runs": [round(value, 2) for value in seconds]},
    ]
    figures += [
        {"key": f"motif_{motif}", "label": f"share of those mistakes with motif {motif}", "value": round(100 * count / len(costly), 1),
         "unit": "%", "target": None, "runs": []}
        for motif, count in counts.most_common()
    ]
    result = {"benchmark": "review", "date": datetime.date.today().isoformat(), "machine": machine(), "figures": figures}
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    for figure in figures:
        print(f"{figure['label']}: {figure['value']} {figure['unit']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
