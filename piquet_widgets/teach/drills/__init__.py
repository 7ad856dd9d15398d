"""Drills: small tasks on real cards, made by the engine from seeded random deals and checked by it.

A drill shows rows of cards and asks the learner to act on them — click the cards of his point,
type what they are worth, say "Good", "Not good" or "Equal", pick the card he may play, say who
wins a trick, settle a partie. Each kind follows one protocol (`kind.DrillKind`: `deal(rng,
level)`, `judge(drill, answer)`) and is registered by name (`registry.KINDS`), one module per
family of kinds; each lesson file names its own (`by_lesson` reads them). `make(kind, seed, level)` deals one
(the same for the same seed, harder for a higher level, from 1 to `LEVELS`); `check(drill,
answer)` judges an answer and says why in one sentence, naming the cards concerned — after a
second miss; the first miss gets a hint toward the method, never the answer (`Attempt` keeps
that rule). Nothing here knows about widgets: the drill widget only shows a `Drill` and forwards
what the learner did.

>>> drill = make("point_cards", seed=3, level=1)
>>> drill.answer
'cards'
>>> check(drill, drill.solution).right
True
>>> feedback = check(drill, frozenset())                 # a first miss: how to find the point
>>> feedback.right, bool(str(feedback.reason)), feedback.cards
(False, True, ())
>>> check(drill, frozenset(), misses=1).cards == drill.concerned  # the second: the cards concerned
True
"""

from piquet_widgets.teach.drills.base import ANSWER_WORDS, LEVELS, Drill, Feedback, Row, read_number, say
from piquet_widgets.teach.drills.by_lesson import lesson_drills
from piquet_widgets.teach.drills.discards import DISCARD_LEADS, DISCARD_TOLERANCE, needs_valuing, remember_value, value_discard
from piquet_widgets.teach.drills.judging import TRIES_BEFORE_ANSWER, Attempt, check
from piquet_widgets.teach.drills.kind import DrillKind, Kind
from piquet_widgets.teach.drills.registry import KINDS, kind_of, make

__all__ = [
    "ANSWER_WORDS", "LEVELS", "Drill", "Feedback", "Row", "read_number", "say",
    "lesson_drills", "DISCARD_LEADS", "DISCARD_TOLERANCE", "needs_valuing", "remember_value", "value_discard",
    "TRIES_BEFORE_ANSWER", "Attempt", "check", "DrillKind", "Kind", "KINDS", "kind_of", "make",
]
