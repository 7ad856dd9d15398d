"""Drills on the point and on answering an announcement (lessons 3 and 4): the cards of the
point, what it is worth, "Good", "Not good" or "Equal" to elder's point, sequence or set."""

from __future__ import annotations

import random
from collections.abc import Iterable

from piquet_widgets.engine import Card, Category, Combination, Verdict, compare, points_of, sequences_of, sets_of
from piquet_widgets.engine.cards import mask_of
from piquet_widgets.i18n import N_, Message
from piquet_widgets.teach.drills.base import ANSWER_WORDS, Drill, Row, say
from piquet_widgets.teach.drills.dealing import arranged, declared, pack, shaped
from piquet_widgets.teach.drills.kind import Kind


def _hand_by_margin(rng: random.Random, level: int) -> tuple[Card, ...]:
    """Twelve cards whose longest suit leads the next by 2+ (level 1), by 1 (level 2), or ties
    it in length and is decided by the values (level 3)."""

    def fits(hand):
        points = points_of(mask_of(hand))
        first, second = points[0], points[1]
        margin = first.length - second.length
        return {1: margin >= 2, 2: margin == 1, 3: margin == 0 and first.top != second.top}[level]

    return tuple(shaped(rng, lambda: sorted(pack(rng)[:12], key=lambda c: (c.suit, -c.rank)), fits))


def make_point_cards(rng: random.Random, level: int) -> Drill:
    """Click the cards of your point."""
    hand = _hand_by_margin(rng, level)
    points = points_of(mask_of(hand))
    point, runner = points[0], points[1]
    cards = point.cards
    if point.length > runner.length:
        why = say(N_("Your point is the {suit}: {count} cards beat {other_count} {other}, whatever they are worth."),
                  suit=cards[0].suit, count=point.length, other_count=runner.length, other=runner.cards[0].suit)
    else:
        why = say(N_("Your point is the {suit}: both suits have {count} cards, and the {suit} make {value} against {other_value}."),
                  suit=cards[0].suit, count=point.length, value=point.top, other_value=runner.top)
    return Drill("point_cards", level, say(N_("Click the cards of your point, then Check.")), (Row(say(N_("Your hand")), hand),),
                 "cards", frozenset(cards), why, cards, pick=0, facts={"point": point})


def _judge_point_cards(drill: Drill, answer: Iterable[Card]) -> tuple[Message, tuple[Card, ...]] | None:
    point: Combination = drill.facts["point"]
    chosen = frozenset(answer)
    suits = {card.suit for card in chosen}
    if not chosen:
        return None
    if len(suits) > 1:
        return say(N_("A point is the cards of one suit: your longest, the {suit}."), suit=point.cards[0].suit), point.cards
    if suits == {point.cards[0].suit}:
        return say(N_("Your point is every card of your longest suit: all {count} {suit}."), count=point.length, suit=point.cards[0].suit), point.cards
    return None  # another suit: the explanation says why the longest one wins


def make_point_value(rng: random.Random, level: int) -> Drill:
    """Type what your point is worth (the total of its cards), the point outlined at level 1."""
    hand = _hand_by_margin(rng, level)
    point = points_of(mask_of(hand))[0]
    total = say(N_("{sum} = {total}"), sum=" + ".join(str(card.value) for card in point.cards), total=point.top)
    row = Row(say(N_("Your hand")), hand, outlined=point.cards if level == 1 else ())
    return Drill(
        "point_value", level, say(N_("How much is your point? Type the total of its cards.")), (row,), "number", point.top,
        say(N_("Your point is the {suit}, worth {total}: the ace 11, the court cards 10, the others their number."), suit=point.cards[0].suit, total=total),
        point.cards, facts={"point": point},
        hint=say(N_("Your point is the {suit}: add up its cards, the ace 11, the court cards 10, the others their number."), suit=point.cards[0].suit),
    )


def _judge_point_value(drill: Drill, answer: int) -> tuple[Message, tuple[Card, ...]] | None:
    point: Combination = drill.facts["point"]
    if answer == point.length:
        return say(N_("{count} is what your point scores; what it is worth is the total of its cards' values."), count=point.length), point.cards
    return None

HOLDINGS = {Category.POINT: points_of, Category.SEQUENCE: sequences_of, Category.SETS: sets_of}
CATEGORIES = {"point": Category.POINT, "sequence": Category.SEQUENCE, "sets": Category.SETS}
_VERDICT_KEYS = {Verdict.GOOD: "good", Verdict.NOT_GOOD: "not_good", Verdict.EQUAL: "equal"}


def declared_best(category: Category, hand: Iterable[Card]) -> tuple[Combination, ...]:
    """The combinations of `category` a hand declares in full: its point, or every sequence or set."""
    found = HOLDINGS[category](mask_of(hand))
    return found[:1] if category is Category.POINT else found


def make_verdict(rng: random.Random, level: int, category: str = "point") -> Drill:
    """Elder announces; you are younger: answer "Good", "Not good" or "Equal"."""
    kind = CATEGORIES[category]
    targets = {1: ("good", "not_good"), 2: ("good", "not_good"), 3: ("good", "not_good", "equal")}[level]
    if kind is Category.SETS:
        targets = ("good", "not_good")  # two sets can never be equal
    target = rng.choice(targets)

    def deal_one():
        cards = pack(rng)
        return cards[:12], cards[12:24]

    def fits(hands):
        elder, younger = (declared_best(kind, hand) for hand in hands)
        if not elder or (not younger and level > 1):
            return False
        verdict = compare(elder, younger)
        if _VERDICT_KEYS[verdict] != target:
            return False
        if level == 1 or not younger:
            return not younger or elder[0].length != younger[0].length
        return elder[0].length == younger[0].length

    elder_hand, younger_hand = shaped(rng, deal_one, fits)
    younger_hand = tuple(sorted(younger_hand, key=lambda c: (c.suit, -c.rank)))
    elder, younger = declared_best(kind, elder_hand), declared_best(kind, younger_hand)
    # The engine's own answer: the two declarations of this category in the deal itself.
    made = [d.combinations for d in declared(arranged(elder_hand, younger_hand)).declarations if d.category is kind]
    answer = compare(*made)
    if kind is Category.POINT:
        announcement = say(N_("Elder announces his {name}, making {value}."), name=elder[0], value=elder[0].top)
    else:
        announcement = say(N_("Elder announces his {name}."), name=elder[0])
    prompt = say(N_("{announcement} You are younger: what do you answer?"), announcement=announcement)
    why, concerned = _comparison(kind, elder[0], younger[0] if younger else None, _VERDICT_KEYS[answer])
    return Drill("verdict", level, prompt, (Row(say(N_("Your hand")), younger_hand),), "choice", _VERDICT_KEYS[answer], why,
                 concerned, choices=("good", "not_good", "equal"), facts={"elder": tuple(elder_hand), "younger": younger_hand})


def _comparison(kind: Category, elder: Combination, younger: Combination | None, answer: str) -> tuple[Message, tuple[Card, ...]]:
    word = say(ANSWER_WORDS[answer])
    if younger is None:
        things = {Category.SEQUENCE: N_("You hold no sequence, so elder's is good: the answer is \"{answer}\"."),
                  Category.SETS: N_("You hold no set, so elder's is good: the answer is \"{answer}\".")}
        return say(things[kind], answer=word), ()
    cards = younger.cards
    if kind is Category.POINT:
        if elder.length != younger.length:
            return say(N_("Elder's point has {count} cards and yours {other_count}: the longer wins, whatever the cards are worth, so the answer is \"{answer}\"."),
                       count=elder.length, other_count=younger.length, answer=word), cards
        if answer == "equal":
            return say(N_("Both points have {count} cards and both make {value}: the answer is \"{answer}\", and nobody scores the point."),
                       count=elder.length, value=elder.top, answer=word), cards
        return say(N_("Both points have {count} cards, so the values decide: elder's {value} against your {other_value}, so the answer is \"{answer}\"."),
                   count=elder.length, value=elder.top, other_value=younger.top, answer=word), cards
    if kind is Category.SEQUENCE:
        if elder.length != younger.length:
            return say(N_("Elder's {name} is {longer} than your {other_name}: the longer sequence wins, so the answer is \"{answer}\"."),
                       name=elder, other_name=younger, longer=say(N_("longer") if elder.length > younger.length else N_("shorter")), answer=word), cards
        if answer == "equal":
            return say(N_("Your {name} has the same length and the same top card as elder's: the answer is \"{answer}\", and no sequence scores."),
                       name=younger, answer=word), cards
        return say(N_("Both sequences have {count} cards, so the higher top card wins: elder's {name} against your {other_name}, so the answer is \"{answer}\"."),
                   count=elder.length, name=elder, other_name=younger, answer=word), cards
    if elder.length != younger.length:
        return say(N_("Any quatorze beats any trio: elder's {name} against your {other_name}, so the answer is \"{answer}\"."),
                   name=elder, other_name=younger, answer=word), cards
    return say(N_("Between two sets of one kind the higher rank wins: elder's {name} against your {other_name}, so the answer is \"{answer}\"."),
               name=elder, other_name=younger, answer=word), cards


_VERDICT_METHOD = N_("Compare the number of cards first; only when they are equal does the value or the top card decide. Any quatorze beats any trio.")
KINDS = (
    Kind("point_cards", N_("Your point"), N_("Your point is every card of your longest suit; of two suits as long, the one whose cards are worth more."), make_point_cards, wrong=_judge_point_cards),
    Kind("point_value", N_("How much?"), N_("Add up the cards of your point: the ace 11, the court cards 10, the others their number."), make_point_value, wrong=_judge_point_value),
    Kind("verdict-point", N_("Good, not good or equal?"), _VERDICT_METHOD, make_verdict, options=(("category", "point"),)),
    Kind("verdict-sequence", N_("Answer a sequence"), _VERDICT_METHOD, make_verdict, options=(("category", "sequence"),)),
    Kind("verdict-sets", N_("Answer a set"), _VERDICT_METHOD, make_verdict, options=(("category", "sets"),)),
)
