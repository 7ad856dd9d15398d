"""What sinking gains the closed expert (issue 28): the expert against itself declaring everything.

    python benchmarks/bench_sinking.py [--deals 200]

On the closed match's deals (`bench_match.py --closed`: seeds 0, 1, ..., each played twice with
the seats swapped) the expert plays its baseline as it does there. Each play in which it sank a
declaration (declared less than it held, by its measure or its rule: `closed.choose_declaration`)
is played again by the expert declaring everything (`InFull`); the other plays are the same for
both. The figure is the expert's points minus the declarer-in-full's, per deal of the match (a
play counts half a deal, as in the match), with a 95% confidence interval over every deal.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_match import EXPERT_BASELINE as BASELINE  # noqa: E402
from bench_match import against_variant, timed  # noqa: E402
from piquet_widgets.analysis.closed import ClosedPlayer, Screened  # noqa: E402
from piquet_widgets.analysis.observation import Observation  # noqa: E402
from piquet_widgets.analysis.players import complete, get_player  # noqa: E402
from piquet_widgets.engine import ELDER, YOUNGER, Deal, Declare  # noqa: E402
from piquet_widgets.engine.cards import mask_of  # noqa: E402
from piquet_widgets.engine.combinations import best_declaration  # noqa: E402


class InFull(ClosedPlayer):
    """The closed expert, except that it declares everything it holds."""

    def __init__(self) -> None:
        super().__init__("expert")

    def choose_declaration(self, observation: Observation, rng: random.Random) -> Declare:
        return Declare(observation.category, best_declaration(observation.category, mask_of(observation.hand)))


def difference(seed: int) -> tuple[float, int]:
    """On one deal, in each seat against the baseline: the expert's points minus the
    declarer-in-full's, as a share of the match's deal (half a play each), and in how many of
    the two plays the expert sank."""
    deal = Deal.from_seed(seed)
    gain, sank = 0.0, 0
    for seat in (ELDER, YOUNGER):
        moves: dict[str, list[float]] = {}
        final = complete(deal, {seat: timed("closed_expert", moves), seat.other: get_player(BASELINE)})[-1]
        if not any(moves.get("closed_expert sinks", [])):
            continue
        sank += 1
        again = complete(deal, {seat: Screened(InFull()), seat.other: get_player(BASELINE)})[-1]
        gain += ((final.scores[seat] - final.scores[seat.other]) - (again.scores[seat] - again.scores[seat.other])) / 2
    return gain, sank


def main() -> None:
    against_variant("sinking", __doc__.splitlines()[0], difference, (
        "sinking_minus_in_full", "the closed expert's sinking against declaring everything", "the closed expert, against its baseline, sank",
    ))


if __name__ == "__main__":
    main()
