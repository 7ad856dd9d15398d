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
import statistics
import time

from figures import figure, machine, write_results
from piquet_widgets.analysis.mistakes import review_mistakes
from piquet_widgets.analysis.players import complete, get_player
from piquet_widgets.engine import Deal, Seat

BLOCK = 50


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=200, help="deals played and reviewed (default 200)")
    parser.add_argument("--seat", choices=("elder", "younger"), default="elder", help="the seat reviewed (default elder)")
    parser.add_argument("--player", default="club", help="the computer level playing that seat (default club)")
    parser.add_argument("--opponent", default="club", help="the computer level of the other seat (default club)")
    args = parser.parse_args(argv)
    started = machine()
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
        figure("explained_share", f"mistakes of 2 points or more with a motif other than 'other' ({len(costly)} mistakes, {args.deals} deals)",
               share(costly), "%", ">= 90 %", runs=[share(block) for block in blocks]),
        figure("review_time", "reviewing one deal for one seat (median)", statistics.median(seconds), "s"),
    ]
    figures += [
        figure(f"motif_{motif}", f"share of those mistakes with motif {motif}", 100 * count / len(costly), "%")
        for motif, count in counts.most_common()
    ]
    write_results("review", figures, note=f"each run is a block of {BLOCK} deals", started=started)
    for found in figures:
        print(f"{found['label']}: {found['value']} {found['unit']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
