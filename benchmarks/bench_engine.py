"""Engine and command-line speed (issue: rules engine). Prints its figures and writes them to
benchmarks/results/engine.json (docs/performance.md is generated from it).

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

from figures import figure, machine, write_results
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


def deals_per_second(count: int, runs: int, enumerate_exchanges: bool) -> list[float]:
    """Each run's rate of complete random deals per second."""
    rates = []
    for run in range(runs):
        start = time.perf_counter()
        for seed in range(run * count, (run + 1) * count):
            random_deal(seed, enumerate_exchanges)
        rates.append(count / (time.perf_counter() - start))
    return rates


def command_seconds(args: list[str]) -> float:
    """The wall-clock seconds of one run of a command."""
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    started = machine()

    lazy = deals_per_second(args.deals, args.runs, enumerate_exchanges=False)
    full = deals_per_second(max(args.deals // 10, 50), args.runs, enumerate_exchanges=True)
    print(f"engine: {statistics.median(lazy):,.0f} complete random deals/s (median of {args.runs}; exchange choices counted)")
    print(f"engine: {statistics.median(full):,.0f} complete random deals/s with every exchange choice enumerated too")

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "deals.jsonl"
        records = [json.dumps(record_of(random_deal(seed, False))) for seed in range(args.records)]
        path.write_text("\n".join(records) + "\n")
        single = Path(folder) / "one.json"
        single.write_text(records[0])
        cli = [sys.executable, "-m", "piquet_widgets"]
        replays = [command_seconds([*cli, "replay", "--json", str(path)]) for _ in range(max(args.runs // 2, 1))]
        print(f"replay --json of {args.records:,} records: {statistics.median(replays):.2f} s (median)")
        # A bare start and a replay of one record, alternately, so that both see the same load.
        extra = []
        for _ in range(args.runs * 2):
            bare = command_seconds([sys.executable, "-c", "pass"])
            extra.append(command_seconds([*cli, "replay", str(single)]) - bare)
        print(f"replay of one record, beyond a bare python -c pass: +{statistics.median(extra):.3f} s (median of {len(extra)} pairs)")
    deal_from_record(json.loads(records[0]))  # the records replayed are valid
    write_results("engine", [
        figure("deals_per_second", "complete random deals through the public API, every action validated", statistics.median(lazy), "deals/s", "≥ 2,000/s", lazy),
        figure("deals_per_second_enumerated", "the same, every one of the exchange's choices enumerated as an object too", statistics.median(full), "deals/s", None, full),
        figure("replay_json", f"`replay --json` of {args.records:,} records", statistics.median(replays), "s", "< 5 s", replays),
        figure("replay_one_extra", "`replay` of one record, beyond a bare `python -c pass`", statistics.median(extra), "s", "< 0.3 s", extra),
    ], started=started)

if __name__ == "__main__":
    main()
