"""How long the closed computer takes to decide its exchange and its declarations (issue 28).

    python benchmarks/bench_computer_moves.py [--deals 40] [--levels closed_expert,closed_expert_baseline]

For each level, each of `--deals` random deals (seeds 0, 1, ...) and the slowest deals found
(`SLOWEST`) is played by that level for both seats, each seat a fresh player as at the table, up
to the first lead; every exchange and declaration it decides is timed. The figures: the median,
95th percentile and worst exchange, the worst declaration, and the share of decisions that reached
the level's deadline (`closed.Settings.seconds`: past it, the choice is made over the samples
valued by then), and the share of the declarations it could make that it sank. The target is the issue's: an exchange under 3 s worst on the project's 2-core
machine. The baseline (`closed_expert_baseline`, the expert without a deadline) shows what the
deadline saves.
"""

from __future__ import annotations

import argparse
import statistics
import time

from figures import figure, machine, write_results
from piquet_widgets.analysis.closed import SETTINGS
from piquet_widgets.analysis.players import get_player
from piquet_widgets.engine import ELDER, YOUNGER, Deal, Phase

#: The seeds of 0-180 whose exchanges took the closed expert longest (over 2 s) before it had a
#: deadline: always measured.
SLOWEST = (79, 89, 96)


def decisions(level: str, seed: int) -> dict[str, list[float]]:
    """The seconds of each of the level's decisions in a deal, up to the first lead, by kind;
    under "sank", a 1 for each declaration it could make that it sank, a 0 for one in full."""
    deal = Deal.from_seed(seed)
    players = {ELDER: get_player(level), YOUNGER: get_player(level)}
    times: dict[str, list[float]] = {"exchange": [], "declaration": [], "sank": []}
    while deal.phase in (Phase.EXCHANGE, Phase.DECLARATIONS):
        started = time.perf_counter()
        action = players[deal.to_move].choose_action(deal)
        times["exchange" if deal.phase is Phase.EXCHANGE else "declaration"].append(time.perf_counter() - started)
        if deal.phase is Phase.DECLARATIONS and deal.default_action().combinations:
            times["sank"].append(float(action != deal.default_action()))
        deal = deal.apply(action)
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40, help="random deals (seeds 0, 1, ...), besides SLOWEST")
    parser.add_argument("--levels", default="closed_expert,closed_expert_baseline", help="comma-separated closed levels")
    args = parser.parse_args()
    started = machine()
    seeds = list(dict.fromkeys([*range(args.deals), *SLOWEST]))
    written = []
    for level in args.levels.split(","):
        seconds = SETTINGS[level.removeprefix("closed_")].seconds
        times: dict[str, list[float]] = {"exchange": [], "declaration": [], "sank": []}
        for seed in seeds:
            for kind, values in decisions(level, seed).items():
                times[kind].extend(values)
        exchanges, declarations, sank = times["exchange"], times["declaration"], 100 * statistics.fmean(times["sank"])
        every = exchanges + declarations
        cut = 100 * sum(value >= seconds for value in every) / len(every) if seconds is not None else 0.0
        print(
            f"{level}: {len(exchanges)} exchanges over {len(seeds)} deals, median {statistics.median(exchanges):.2f} s, "
            f"95th percentile {percentile(exchanges, 0.95):.2f} s, worst {max(exchanges):.2f} s; "
            f"{len(declarations)} declarations, worst {max(declarations):.2f} s, sank {sank:.1f}% of {len(times['sank'])}; at the deadline: {cut:.1f}%",
            flush=True,
        )
        key, name = level, f"`{level}`"
        written += [
            figure(f"{key}_exchange_median", f"{name}: an exchange, median over {len(exchanges)} ({len(seeds)} deals, both seats)",
                   statistics.median(exchanges), "s"),
            figure(f"{key}_exchange_p95", f"{name}: an exchange, 95th percentile", percentile(exchanges, 0.95), "s"),
            figure(f"{key}_exchange_worst", f"{name}: an exchange, the slowest", max(exchanges), "s", "under 3 s"),
            figure(f"{key}_declaration_worst", f"{name}: a declaration, the slowest of {len(declarations)}", max(declarations), "s", "under 3 s"),
            figure(f"{key}_sank", f"{name}: the share of the {len(times['sank'])} declarations it could make that it sank", sank, "%"),
            figure(f"{key}_at_deadline", f"{name}: the share of its {len(every)} exchanges and declarations that reached its deadline"
                   + (f" ({seconds:g} s)" if seconds is not None else " (it has none)"), cut, "%"),
        ]
    write_results("computer_moves", written, started=started)


if __name__ == "__main__":
    main()
