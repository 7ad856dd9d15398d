"""Younger's count chosen by the whole deal, against always taking every card (issue 28).

    python benchmarks/bench_younger_count.py [--deals 200]

The closed expert, as younger, chooses how many cards to take by the whole deal (the best of each
count valued by the declarations and the play). This measures that choice against a younger who
always takes every card she may: the same expert whose search may choose nothing else
(`TakesAll`: the rules' least number for younger raised to all that is left).

On the closed match's deals (`bench_match.py --closed`: seeds 0, 1, ..., each played twice with
the seats swapped) the two differ only where the expert, younger against its baseline's elder,
takes fewer than all; every other play is the same for both. Those plays are played out by each,
and the figure is the expert's points minus the all-taker's, per deal of the match (a play counts
half a deal, as in the match), with a 95% confidence interval over every deal.
"""

from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_match import EXPERT_BASELINE as BASELINE  # noqa: E402
from bench_match import against_variant  # noqa: E402
from piquet_widgets.analysis.closed import ClosedPlayer, Screened  # noqa: E402
from piquet_widgets.analysis.observation import Observation  # noqa: E402
from piquet_widgets.analysis.players import complete, get_player  # noqa: E402
from piquet_widgets.engine import ELDER, YOUNGER, Deal  # noqa: E402
from piquet_widgets.engine.cards import Card  # noqa: E402


class TakesAll(ClosedPlayer):
    """The closed expert, except that as younger it takes every card it may: its own search, with
    the rules allowing her no fewer."""

    def __init__(self) -> None:
        super().__init__("expert")

    def choose_discards(self, observation: Observation, rng: random.Random) -> tuple[Card, ...]:
        if observation.seat is ELDER:
            return super().choose_discards(observation, rng)
        every = 8 - observation.exchanged[ELDER]
        rules = dataclasses.replace(observation.rules, younger_min_exchange=every)
        return super().choose_discards(dataclasses.replace(observation, rules=rules), rng)


def difference(seed: int) -> tuple[float, int]:
    """On one deal, with the baseline elder: the expert's points as younger minus the all-taker's,
    as a share of the match's deal (half), and in how many plays the expert took fewer than all
    (one or none)."""
    deal = Deal.from_seed(seed)
    elder = get_player(BASELINE)
    after = deal.apply(elder.choose_action(deal))
    expert = get_player("closed_expert")
    taken = len(expert.choose_action(after).discards)
    if taken == 8 - len(after.discards[ELDER]):
        return 0.0, 0  # it takes all: both play this deal alike
    margins = []
    for younger in (get_player("closed_expert"), Screened(TakesAll())):
        final = complete(deal, {ELDER: get_player(BASELINE), YOUNGER: younger})[-1]
        margins.append(final.scores[YOUNGER] - final.scores[ELDER])
    return (margins[0] - margins[1]) / 2, 1


def main() -> None:
    against_variant("younger_count", __doc__.splitlines()[0], difference, (
        "count_minus_all", "the closed expert's count as younger against always taking all", "the closed expert, younger against its baseline, took fewer than all",
    ))


if __name__ == "__main__":
    main()
