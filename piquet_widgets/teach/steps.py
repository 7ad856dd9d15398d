"""The steps of a deal: the deal, each exchange, each declaration, each card, then the final tally.

A deal's timeline (the states `record_timeline` or the computer players give) becomes a list of
`Step`s, each with the action that led to it as the deal logged it (`Deal.actions`);
`teach.narration.explain_step` says each in words.

>>> from piquet_widgets.engine import Deal
>>> deal = Deal.from_seed(7)
>>> after = deal.apply(deal.legal_actions()[0])
>>> [(step.kind.value, step.phase) for step in steps_of([deal, after])]
[('deal', 'deal'), ('exchange', 'exchange')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from piquet_widgets.engine.deal import Action, Deal, Declare, Event, Exchange, Phase, Play
from piquet_widgets.i18n import N_, _

__all__ = ["Step", "StepKind", "PHASES", "steps_of", "phase_title"]


class StepKind(str, Enum):
    """What a step of the walkthrough shows."""

    DEAL = "deal"  # the cards as dealt, and the carte blanche check
    EXCHANGE = "exchange"
    DECLARE = "declare"
    PLAY = "play"
    TALLY = "tally"  # the end of the deal: the final tally


# The phases a learner can jump to, in order, with their titles.
PHASES = ("deal", "exchange", "declarations", "play", "end")
_PHASE_TITLES = {
    "deal": N_("The deal"),
    "exchange": N_("The exchange"),
    "declarations": N_("The declarations"),
    "play": N_("The play"),
    "end": N_("The end of the deal"),
}


def phase_title(phase: str) -> str:
    """'The declarations', in the current language."""
    return _(_PHASE_TITLES[phase])


@dataclass(frozen=True)
class Step:
    """One moment of the walkthrough: the state shown and the action that led to it."""

    index: int
    kind: StepKind
    deal: Deal  # the state after the action
    before: Deal | None = None  # the state before it (None for the deal and the tally)
    action: Action | None = None

    @property
    def phase(self) -> str:
        """One of PHASES."""
        return {
            StepKind.DEAL: "deal", StepKind.EXCHANGE: "exchange", StepKind.DECLARE: "declarations",
            StepKind.PLAY: "play", StepKind.TALLY: "end",
        }[self.kind]

    @property
    def new_events(self) -> tuple[Event, ...]:
        """The scores made at this step, in reckoning order."""
        if self.kind is StepKind.TALLY:
            return ()
        if self.before is None:
            return self.deal.events  # carte blanche, scored as the cards are dealt
        return self.deal.events[len(self.before.events):]


# -- the steps of a timeline ---------------------------------------------------------------------


def steps_of(timeline: Sequence[Deal]) -> list[Step]:
    """The steps of a timeline of states (each the one before with one action applied): the deal,
    one step per action, and the tally once the deal is finished."""
    if not timeline:
        return []
    steps = [Step(0, StepKind.DEAL, timeline[0])]
    for before, after in zip(timeline, timeline[1:]):
        action = after.actions[-1]
        steps.append(Step(len(steps), _STEP_KINDS[type(action)], after, before, action))
    if timeline[-1].phase is Phase.FINISHED:
        steps.append(Step(len(steps), StepKind.TALLY, timeline[-1], None, None))
    return steps


_STEP_KINDS = {Exchange: StepKind.EXCHANGE, Declare: StepKind.DECLARE, Play: StepKind.PLAY}
