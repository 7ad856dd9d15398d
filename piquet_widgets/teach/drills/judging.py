"""Honest judging: the first miss gets a hint toward the method, never the answer; the answer
comes after the second, and a drill whose answer was shown is not solved."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from piquet_widgets.teach.drills.base import Drill, Feedback, say
from piquet_widgets.teach.drills.registry import kind_of

TRIES_BEFORE_ANSWER = 2  # the answer is shown after this many wrong tries, and never before


def check(drill: Drill, answer: Any, misses: int = 0) -> Feedback:
    """Judge `answer` after `misses` wrong tries: right with the explanation; wrong the first time
    with a hint toward the method (never the answer, no card outlined); wrong again with the
    kind's reason for this answer and the cards concerned. An answer the rules refuse (a discard
    of too many cards) says why and costs no try."""
    kind = kind_of(drill.kind)
    feedback = kind.judge(drill, answer)
    if feedback.right or not feedback.counts or misses + 1 >= TRIES_BEFORE_ANSWER:
        return feedback
    return Feedback(False, drill.hint or say(kind.method), ())


@dataclass
class Attempt:
    """One go at a drill, by the rule of honest drills: the first miss gets a hint toward the
    method, the answer comes after the second, and a drill whose answer was shown is not solved
    (it neither counts nor raises the level)."""

    drill: Drill
    misses: int = 0
    right: bool = False
    shown: bool = False

    @property
    def solved(self) -> bool:
        """Answered right before the answer was shown: what counts and raises the level."""
        return self.right and not self.shown

    @property
    def over(self) -> bool:
        return self.right or self.shown

    def submit(self, answer: Any) -> Feedback | None:
        """Judge an answer (None once the drill is over)."""
        if self.over:
            return None
        feedback = check(self.drill, answer, self.misses)
        if feedback.right:
            self.right = True
        elif feedback.counts:
            self.misses += 1
            self.shown = self.misses >= TRIES_BEFORE_ANSWER
        return feedback
