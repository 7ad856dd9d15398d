"""Engine and command-line speed (issue: rules engine). Prints the figures the README quotes.

    python benchmarks/bench_engine.py [--deals 4000] [--records 10000] [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from piquet_widgets.engine import Deal, Exchange, Phase, deal_from_record, record_of


def random_deal(seed: int, enumerate_exchanges: bool) -> Deal:
    """Deal to final score through the public API: every legal action enumerated (the exchange's
    1,585 choices only counted unless `enumerate_exchanges`), every action validated by `apply`."""
    rng = random.Random(seed)
    deal = Deal.from_seed(seed)
    while deal.phase is not Phase.FINISHED:
        choices = deal.legal_actions()
        if deal.phase is Phase.EXCHANGE:
            count = len(list(choices)) if enumerate_exchanges else len(choices)
            assert count > 0
            action = Exchange(tuple(rng.sample(deal.hand(deal.to_move), rng.randint(choices.low, choices.high))))
            assert action in choices
        else:
            options = list(choices)
            action = options[0] if deal.phase is Phase.DECLARATIONS else rng.choice(options)
        deal = deal.apply(action)
    return deal


def deals_per_second(count: int, runs: int, enumerate_exchanges: bool) -> float:
    rates = []
    for run in range(runs):
        start = time.perf_counter()
        for seed in range(run * count, (run + 1) * count):
            random_deal(seed, enumerate_exchanges)
        rates.append(count / (time.perf_counter() - start))
    return statistics.median(rates)


def command_seconds(args: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    lazy = deals_per_second(args.deals, args.runs, enumerate_exchanges=False)
    full = deals_per_second(max(args.deals // 10, 50), args.runs, enumerate_exchanges=True)
    print(f"engine: {lazy:,.0f} complete random deals/s (median of {args.runs}; exchange choices counted)")
    print(f"engine: {full:,.0f} complete random deals/s with every exchange choice enumerated too")

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "deals.jsonl"
        records = [json.dumps(record_of(random_deal(seed, False))) for seed in range(args.records)]
        path.write_text("\n".join(records) + "\n")
        single = Path(folder) / "one.json"
        single.write_text(records[0])
        cli = [sys.executable, "-m", "piquet_widgets"]
        replay = command_seconds([*cli, "replay", "--json", str(path)], max(args.runs // 2, 1))
        print(f"replay --json of {args.records:,} records: {replay:.2f} s (median)")
        bare = command_seconds([sys.executable, "-c", "pass"], args.runs * 2)
        one = command_seconds([*cli, "replay", str(single)], args.runs * 2)
        print(f"replay of one record: {one:.3f} s against {bare:.3f} s for python -c pass: +{one - bare:.3f} s (medians)")
    deal_from_record(json.loads(records[0]))  # the records replayed are valid


if __name__ == "__main__":
    main()
