"""What a drill is: the task shown (`Drill`, its `Row`s of cards), the verdict on an answer
(`Feedback`), and the messages both carry (`Message`, translated when shown)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

from piquet_widgets.engine import Card, Combination, Seat, Suit
from piquet_widgets.i18n import N_, Message, _
from piquet_widgets.teach.words import SeatWord, card_symbol, join_names, number_words, seat_word

LEVELS = 3

# -- what a drill says ----------------------------------------------------------------------------


def say(message: str, **params: Any) -> Message:
    """A drill's message: `message` (an `N_` text) and its parameters, named as a drill names
    them when shown (`in_words`: cards by their letters, a seat in the middle of a sentence)."""
    return Message(message, tuple(params.items()), words=in_words)


class AllOf(NamedTuple):
    """Several messages named together, 'a, b and c' in the current language."""

    items: tuple[Message, ...]


class Spoken(NamedTuple):
    """A count said aloud: a number written in words of the current language ("forty-nine")."""

    number: int


def in_words(value: Any) -> str:
    """A message's parameter in words of the current language: cards, suits, seats, combinations."""
    if isinstance(value, Message):
        return str(value)
    if isinstance(value, Card):
        return card_symbol(value)
    if isinstance(value, Suit):
        return value.name_in_words()
    if isinstance(value, AllOf):
        return join_names([str(item) for item in value.items])
    if isinstance(value, Spoken):
        return number_words(value.number)
    if isinstance(value, SeatWord):  # SeatWord(seat, at_start=True) begins its sentence ("{who} leads")
        return value.in_words()
    if isinstance(value, Seat):
        return seat_word(value)
    if isinstance(value, Combination):
        return value.name()
    if isinstance(value, list) and value and isinstance(value[0], Message):  # a list of messages
        return ", ".join(in_words(item) for item in value)
    if isinstance(value, frozenset):  # cards in no order: shown as a hand is
        value = sorted(value, key=lambda card: (card.suit, -card.rank))
    if isinstance(value, (tuple, list)):  # cards, in their order
        return " ".join(card_symbol(card) for card in value)
    return str(value)


ANSWER_WORDS = {
    "good": N_("Good"), "not_good": N_("Not good"), "equal": N_("Equal"),
    "elder": N_("Elder"), "younger": N_("Younger"), "nobody": N_("Nobody"),
    "yes": N_("Yes"), "no": N_("No"),
}


# -- a drill --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """A row of cards with its caption, short marks on some cards (trick numbers) and the cards
    outlined from the start (a help at the easiest level)."""

    caption: Message
    cards: tuple[Card, ...]
    badges: tuple[tuple[Card, str], ...] = ()
    outlined: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Drill:
    """One task: what is shown, how the learner answers, and the engine's answer.

    `answer` is how the learner answers: "cards" (he clicks cards of row `pick`, then "Check" —
    or a choice when `choices` are given: the answer is then `(cards, choice)`), "card" (one
    click of row `pick` answers), "number" (typed) or "choice" (one of `choices`' keys). `kind`
    names its kind in the registry (`teach.drills.registry`), which judges it.
    """

    kind: str
    level: int
    prompt: Message
    rows: tuple[Row, ...]
    answer: str
    solution: Any
    explanation: Message  # why the solution is right: shown when right, and after two wrong tries
    concerned: tuple[Card, ...] = ()  # the cards the explanation is about
    pick: int | None = None
    choices: tuple[str, ...] = ()  # keys of ANSWER_WORDS, or names (choice_labels)
    choice_labels: tuple[Message, ...] = ()
    sheet: tuple[tuple[str, ...], ...] = ()  # a partie's score sheet: deal, elder, A, B
    hint: Message | None = None  # the reason for a wrong number: how to count, not the count
    facts: Mapping[str, Any] = field(default_factory=dict, compare=False)  # what the judge needs, read-only

    def __post_init__(self) -> None:
        object.__setattr__(self, "facts", MappingProxyType(dict(self.facts)))  # a drill never changes

    def labels(self) -> list[str]:
        """The choices' words in the current language."""
        if self.choice_labels:
            return [str(label) for label in self.choice_labels]
        return [_(ANSWER_WORDS[key]) for key in self.choices]


@dataclass(frozen=True)
class Feedback:
    """The verdict on an answer: right or not, the reason in one sentence, the cards it names."""

    right: bool
    reason: Message
    cards: tuple[Card, ...] = ()
    counts: bool = True  # False for an answer the rules do not allow here: it costs no try


def is_right(drill: Drill, answer: Any) -> bool:
    """The answer is the drill's solution (any card the rules allow, where several do)."""
    if drill.answer == "card" and isinstance(drill.solution, frozenset):
        return answer in drill.solution  # any card the rules allow
    if drill.answer == "cards":
        if drill.choices:
            return isinstance(answer, tuple) and len(answer) == 2 and frozenset(answer[0]) == drill.solution[0] and answer[1] == drill.solution[1]
        return isinstance(answer, (set, frozenset, tuple, list)) and frozenset(answer) == drill.solution
    return answer == drill.solution


def read_number(text: str) -> int | None:
    """A typed answer as a whole number, or None when it is not one."""
    text = text.strip()
    return int(text) if text.isdigit() and len(text) <= 4 else None


