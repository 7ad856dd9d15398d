"""What the closed expert would gain by knowing what its seat cannot see, phase by phase (issue 28):
the ceiling of what inference can add there.

    python benchmarks/bench_information.py [--deals 200] [--phases exchange,declarations,play]

The closed expert plays its baseline (`closed_expert_baseline`) on the same deals as in
`bench_match.py --closed` (each played twice, seats swapped), once as it is and once **told**, in
one phase, what the Laws hide from it: at the exchange, both hands as dealt and elder's discards
(not the talon's order); at the declarations and in the play, the whole deal. Told, it decides as
it always does, over samples, which are then all the true deal (or, at the exchange, the true
hands with the talon shuffled). For each phase the figure is the told expert's points per deal
minus the honest expert's, deal by deal, with a 95% confidence interval: no inference from the
dialogue, the number of cards exchanged or the cards played can gain more than that in the phase.

A benchmark only: the told player reads the deal, which no player of the package ever does
(`closed.Screened` hands its player an observation and nothing else).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_match import EXPERT_BASELINE as BASELINE  # noqa: E402
from bench_match import deal_arguments, duplicate, mean_interval  # noqa: E402
from figures import figure, machine, write_results  # noqa: E402
from piquet_widgets.analysis.closed import ClosedPlayer  # noqa: E402
from piquet_widgets.analysis.observation import Observation, observe  # noqa: E402
from piquet_widgets.analysis.players import get_player  # noqa: E402
from piquet_widgets.engine import ELDER, YOUNGER, Deal, Exchange, Phase  # noqa: E402

PHASES = {"exchange": Phase.EXCHANGE, "declarations": Phase.DECLARATIONS, "play": Phase.PLAY}
WHERE = {"exchange": "at the exchange", "declarations": "at the declarations", "play": "in the play"}


class Told(ClosedPlayer):
    """The closed expert, its samples in one phase replaced by what is true (see the docstring)."""

    def __init__(self, phase: Phase) -> None:
        super().__init__("expert")
        self.phase = phase
        if phase is Phase.PLAY:  # the true deal, not every holding the opponent may have left
            self.settings = dataclasses.replace(self.settings, exact=0)
        self.truth: Deal | None = None

    def choose_action(self, deal: Deal):
        self.truth = deal
        return self.decide(observe(deal, deal.to_move))

    def _samples(self, observation: Observation, count: int, rng: random.Random) -> list[Deal]:
        truth = self.truth
        if observation.phase is not self.phase:
            return super()._samples(observation, count, rng)
        if self.phase is not Phase.EXCHANGE:
            return [truth] * count
        samples = []
        for _ in range(count):
            talon = list(truth.talon)
            rng.shuffle(talon)
            sample = Deal.new(truth.dealt(ELDER), truth.dealt(YOUNGER), talon, truth.rules)
            if truth.discards[ELDER] is not None:
                sample = sample.apply(Exchange(truth.discards[ELDER]))
            samples.append(sample)
        return samples


def margin(player: str, seed: int) -> float:
    """`player` ("closed_expert", or a phase to be told in) against the baseline on one deal,
    played twice with seats swapped: its points minus the baseline's, averaged."""
    first = (lambda: Told(PHASES[player])) if player in PHASES else (lambda: get_player(player))
    return duplicate(seed, first, lambda: get_player(BASELINE))[0]


def _job(job: tuple[str, int]) -> float:
    return margin(*job)


def main() -> None:
    parser = deal_arguments(argparse.ArgumentParser(description=__doc__.splitlines()[0]))
    parser.add_argument("--phases", default=",".join(PHASES), help="comma-separated: " + ", ".join(PHASES))
    args = parser.parse_args()
    started = machine()
    phases = args.phases.split(",")
    seeds = range(args.deals)
    with ProcessPoolExecutor(args.workers) as pool:
        honest = list(pool.map(_job, [("closed_expert", seed) for seed in seeds], chunksize=4))
        print(f"closed_expert against {BASELINE}: {statistics.fmean(honest):+.2f} points a deal over {args.deals} deals", flush=True)
        written = []
        for phase in phases:
            told = list(pool.map(_job, [(phase, seed) for seed in seeds], chunksize=4))
            mean, low, high = mean_interval([a - b for a, b in zip(told, honest)])
            print(f"told {WHERE[phase]}: {mean:+.2f} points a deal [{low:+.2f}, {high:+.2f}]", flush=True)
            written.append(figure(
                f"told_{phase}", f"the closed expert told the hidden cards {WHERE[phase]}: points a deal over itself ({args.deals} deals, seats swapped)",
                mean, "points", interval=(low, high),
            ))
    written.append(figure("honest", f"the closed expert against `{BASELINE}` on the same deals", statistics.fmean(honest), "points"))
    write_results("information", written, note="Each figure bounds what inference can add to the closed expert in that phase", started=started)


if __name__ == "__main__":
    main()
