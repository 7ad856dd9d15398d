"""Drills on the closed dialogue (lesson 11, "From open to closed piquet"): younger sees only his
own hand and elder's words ("Point of five.", "A quart.", "Three kings."), and answers them: "Good.",
"Not good.", "Equal.", or asks "How much?" / "To what?" when the lengths are the same."""

from __future__ import annotations

import random
from dataclasses import dataclass

from piquet_widgets.engine import ELDER, Category, Combination, Verdict
from piquet_widgets.i18n import N_, Message
from piquet_widgets.teach.dialogue import announcement_words, answer_words, category_lines, verdict_message
from piquet_widgets.teach.drills.base import Drill, Row, say
from piquet_widgets.teach.drills.dealing import arranged, declared, pack, shaped
from piquet_widgets.teach.drills.kind import Kind
from piquet_widgets.teach.drills.point import CATEGORIES, declared_best

REPLY_VERDICTS = {"good": Verdict.GOOD, "not_good": Verdict.NOT_GOOD, "equal": Verdict.EQUAL}
ASK_WORDS = {Category.POINT: N_("How much?"), Category.SEQUENCE: N_("To what?")}
_NONE_HELD = {  # younger always holds a point
    Category.SEQUENCE: N_("You hold no sequence to set against elder's, so you say “{reply}”"),
    Category.SETS: N_("You hold no trio or quatorze to set against elder's, so you say “{reply}”"),
}


@dataclass(frozen=True)
class Announced:
    """Elder's words announcing his best combination of a category, said in the current language."""

    category: Category
    combination: Combination

    def __str__(self) -> str:
        return announcement_words(self.category, self.combination)


@dataclass(frozen=True)
class Answered:
    """Elder's answer to "How much?" or "To what?", said in the current language."""

    combination: Combination

    def __str__(self) -> str:
        return answer_words(self.combination)


def make_closed(rng: random.Random, level: int, category: str = "point") -> Drill:
    """Elder announces; you are younger and see only your hand: answer, or ask. Level 1: the
    lengths differ (or you hold none); level 2: the same length; level 3: the same length, and
    elder has answered your question (sets: two sets of the same count from level 2)."""
    kind = CATEGORIES[category]

    def deal_one() -> tuple[list, list]:
        cards = pack(rng)
        return cards[:12], cards[12:24]

    def fits(hands) -> bool:
        elder, younger = (declared_best(kind, hand) for hand in hands)
        if not elder:
            return False
        same = bool(younger) and elder[0].length == younger[0].length
        return not same if level == 1 else same

    elder_hand, younger_hand = shaped(rng, deal_one, fits)
    deal = declared(arranged(elder_hand, younger_hand))
    made = [declaration for declaration in deal.declarations if declaration.category is kind]
    elder = next(declaration for declaration in made if declaration.player is ELDER)
    younger = next(declaration for declaration in made if declaration.player is not ELDER)
    lines = category_lines(elder, younger, deal)
    asked = level == 3 and kind is not Category.SETS
    reply = next(line for line in lines[2 if asked else 1 :] if line.seat is not ELDER)  # younger's next words
    right = "ask" if reply.kind == "ask" else reply.key.removeprefix("reply:")
    theirs, mine = elder.holds[0], (younger.holds[0] if younger.holds else None)
    keys = ("good", "not_good") if kind is Category.SETS else ("good", "not_good", "equal", "ask")
    labels = tuple(say(ASK_WORDS[kind]) if key == "ask" else verdict_message(REPLY_VERDICTS[key], kind) for key in keys)
    words = labels[keys.index(right)]
    announced = Announced(kind, theirs)
    if asked:
        prompt = say(N_("Closed piquet: you are younger and see only your hand. Elder says “{announced}” You ask “{ask}” Elder answers “{answer}” What do you say?"),
                     announced=announced, ask=say(ASK_WORDS[kind]), answer=Answered(theirs))
    else:
        prompt = say(N_("Closed piquet: you are younger and see only your hand. Elder says “{announced}” What do you answer?"), announced=announced)
    why = _why(kind, theirs, mine, asked, words)
    hand = tuple(sorted(younger_hand, key=lambda card: (card.suit, -card.rank)))
    return Drill("closed", level, prompt, (Row(say(N_("Your hand (younger)")), hand),), "choice", right, why, mine.cards if mine else (),
                 choices=keys, choice_labels=labels, facts={"elder": tuple(elder_hand), "category": kind.value, "asked": asked})


def _why(kind: Category, theirs: Combination, mine: Combination | None, asked: bool, words: Message) -> Message:
    if mine is None:
        return say(_NONE_HELD[kind], reply=words)
    if kind is Category.SETS:
        return say(N_("Elder's {theirs} against your {mine}: any quatorze beats any trio, and between two of one count the higher rank wins, so you say “{reply}”"),
                   theirs=theirs, mine=mine, reply=words)
    if theirs.length != mine.length:
        return say(N_("Elder's announcement has {count} cards and your best {other_count}: the longer wins, whatever the cards are, so you say “{reply}”"),
                   count=theirs.length, other_count=mine.length, reply=words)
    if not asked:
        return say(N_("Your best has {count} cards too: only what they are can decide, so you ask “{reply}”"), count=mine.length, reply=words)
    if kind is Category.POINT:
        return say(N_("Elder's point makes {theirs} and yours {mine}, so you say “{reply}”"), theirs=theirs.top, mine=mine.top, reply=words)
    return say(N_("Elder's is the {theirs} and yours the {mine}: at the same length the higher top card wins, so you say “{reply}”"),
               theirs=theirs, mine=mine, reply=words)


_CLOSED_METHOD = N_("You know elder's length from his words: compare it with your best; only at the same length must you ask what his cards are.")
KINDS = (
    Kind("closed-point", N_("Answer a point, closed"), _CLOSED_METHOD, make_closed, options=(("category", "point"),)),
    Kind("closed-sequence", N_("Answer a sequence, closed"), _CLOSED_METHOD, make_closed, options=(("category", "sequence"),)),
    Kind("closed-sets", N_("Answer a set, closed"), N_("Compare elder's set with your best: a quatorze beats any trio; of two of one count, the higher rank wins."),
         make_closed, options=(("category", "sets"),)),
)
