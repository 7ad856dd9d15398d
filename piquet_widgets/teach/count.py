""""Say your count" at the practice table: after each trick the learner types his running score,
as players count aloud (rules, section 5: the declarations, then each lead, each trick won as
second player, the last trick, the cards). The count is asked and judged as lesson 7's counting
drill asks and judges it (`teach.drills.counting.count_drill`, the "count" kind's `judge`): a
right count is acknowledged in a few words, a wrong one gets the right count and the scores it
adds. It never holds the game up: an unanswered count is simply replaced by the next trick's.

In closed piquet the learner is asked only his own count, which is made only of what he knows:
his own declarations as he made them and his own cards in the play. With both seats played by
the learner, elder's count is asked.

>>> from piquet_widgets.teach.session import PracticeSession
>>> session = PracticeSession(role="elder", deal=7)
>>> counting = CountAloud(on=True)
>>> counting.follow(session)
>>> counting.question is None                # nothing to count before the first trick
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from piquet_widgets.engine.deal import ELDER, YOUNGER, Phase, Seat
from piquet_widgets.i18n import N_, Message
from piquet_widgets.teach.drills import Drill, kind_of, read_number, say
from piquet_widgets.teach.drills.base import Spoken
from piquet_widgets.teach.drills.counting import count_drill

if TYPE_CHECKING:
    from piquet_widgets.teach.session import PracticeSession

__all__ = ["CountAloud", "CountQuestion", "CountVerdict"]


@dataclass(frozen=True)
class CountQuestion:
    """The count `seat` says after trick `trick`, as the counting drill `drill` asks it."""

    seat: Seat
    trick: int
    drill: Drill

    @property
    def total(self) -> int:
        return self.drill.solution

    def label(self) -> Message:
        """The answer field's label."""
        return say(N_("Your count after trick {trick}"), trick=self.trick)


@dataclass(frozen=True)
class CountVerdict:
    """What the learner's answer got: `right` True or False (None: not a number, no answer
    taken), and the sentence that says so."""

    right: bool | None
    reason: Message


class CountAloud:
    """The table's "Say your count": `on` (off by default), the `question` of the latest trick,
    and the `verdict` on the learner's answer to it."""

    def __init__(self, on: bool = False) -> None:
        self.on = on
        self.question: CountQuestion | None = None
        self.verdict: CountVerdict | None = None
        self._asked: tuple | None = None

    def follow(self, session: PracticeSession) -> None:
        """Ask for the count after the latest trick of `session`'s deal (once per trick; nothing
        before the first trick, nor when it is off)."""
        deal = session.deal
        tricks = len(deal.tricks) if deal.phase in (Phase.PLAY, Phase.FINISHED) else 0
        seat = ELDER if ELDER in session.learner_seats else YOUNGER
        asked = (session.timeline[0], tricks, seat) if self.on and tricks else None
        if asked == self._asked:
            return
        self._asked, self.verdict = asked, None
        self.question = None if asked is None else CountQuestion(seat, tricks, count_drill(session.timeline[0], deal, seat, tricks - 1, tricks))

    def switch(self, on: bool, session: PracticeSession) -> None:
        """Turn "Say your count" on or off."""
        self.on = bool(on)
        self.follow(session)

    def answer(self, typed: str) -> CountVerdict | None:
        """Judge the typed count (None when nothing is asked, or it was answered): right, or
        wrong with the right count and why; a text that is no number is said so and costs
        nothing."""
        question = self.question
        if question is None or (self.verdict is not None and self.verdict.right is not None):
            return None
        number = read_number(typed)
        if number is None:
            self.verdict = CountVerdict(None, say(N_("Type a whole number, for example 12.")))
        elif kind_of("count").judge(question.drill, number).right:
            self.verdict = CountVerdict(True, say(N_("Right: you say “{total}”."), total=Spoken(question.total)))
        else:
            self.verdict = CountVerdict(False, say(N_("Not quite. {why}"), why=question.drill.explanation))
        return self.verdict

