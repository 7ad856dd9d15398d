"""The protocol every kind of drill follows (`DrillKind`), and `Kind`, the one most kinds use: a
dealing function, and what to say of a wrong answer."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from piquet_widgets.engine import Card
from piquet_widgets.i18n import Message
from piquet_widgets.teach.drills.base import LEVELS, Drill, Feedback, is_right

#: What a kind says of a wrong answer: the reason and the cards concerned, or None for the
#: drill's own hint (or explanation).
WrongAnswer = Callable[[Drill, Any], "tuple[Message, tuple[Card, ...]] | None"]


class DrillKind(Protocol):
    """A kind of drill: it deals one from a random generator at a level (1 easy … `levels`), and
    judges an answer to one it dealt. `name` is its key in the registry and in a lesson's list,
    `title` its heading (an `N_` text), `method` what a first miss is told when the drill has no
    hint of its own (how to find the answer, never the answer). An `evaluated` kind is valued by
    the whole-deal evaluator (about a second): its `deal` also takes a solver and a progress."""

    name: str
    title: str
    method: str
    levels: int
    evaluated: bool

    def deal(self, rng: random.Random, level: int) -> Drill: ...

    def judge(self, drill: Drill, answer: Any) -> Feedback: ...


@dataclass(frozen=True)
class Kind:
    """A kind judged by its solution (`base.is_right`): `dealer(rng, level, **options)` deals,
    `wrong` says why a wrong answer is wrong when the drill's hint or explanation does not."""

    name: str
    title: str
    method: str
    dealer: Callable[..., Drill]
    wrong: WrongAnswer | None = None
    options: tuple[tuple[str, Any], ...] = ()
    levels: int = LEVELS
    evaluated: bool = False

    def deal(self, rng: random.Random, level: int) -> Drill:
        return replace(self.dealer(rng, level, **dict(self.options)), kind=self.name)

    def judge(self, drill: Drill, answer: Any) -> Feedback:
        if is_right(drill, answer):
            return Feedback(True, drill.explanation, drill.concerned)
        found = self.wrong(drill, answer) if self.wrong is not None else None
        reason, cards = found if found is not None else (drill.hint or drill.explanation, drill.concerned)
        return Feedback(False, reason, cards)
