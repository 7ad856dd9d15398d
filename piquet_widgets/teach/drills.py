"""Drills: small tasks on real cards, made by the engine from seeded random deals and checked by it.

A drill shows rows of cards and asks the learner to act on them — click the cards of his point,
type what they are worth, say "Good", "Not good" or "Equal", pick the card he may play, say who
wins a trick, settle a partie. `make(kind, seed, level)` deals one (the same for the same seed,
harder for a higher level, from 1 to `LEVELS`); `check(drill, answer)` judges an answer and says
why in one sentence, naming the cards concerned — after a second miss; the first miss gets a
hint toward the method, never the answer (`Attempt` keeps that rule). Nothing here knows about
widgets: the drill widget only shows a `Drill` and forwards what the learner did.

>>> drill = make("point_cards", seed=3, level=1)
>>> drill.answer
'cards'
>>> check(drill, drill.solution).right
True
>>> feedback = check(drill, frozenset())                 # a first miss: how to find the point
>>> feedback.right, bool(feedback.reason.text()), feedback.cards
(False, True, ())
>>> check(drill, frozenset(), misses=1).cards == drill.concerned  # the second: the cards concerned
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from piquet_widgets.engine import (
    CARDS,
    ELDER,
    YOUNGER,
    Card,
    Category,
    Combination,
    Deal,
    Exchange,
    Partie,
    Phase,
    Play,
    Seat,
    Suit,
    Verdict,
    compare,
    points_of,
    sequences_of,
    sets_of,
)
from piquet_widgets.engine.cards import mask_of
from piquet_widgets.engine.combinations import is_carte_blanche
from piquet_widgets.i18n import N_, _, format_decimal
from piquet_widgets.teach.words import card_symbol, seat_at_start, seat_word

LEVELS = 3
COURT_RANKS = (4, 5, 6)  # knave, queen, king: a hand dealt without them is a carte blanche
TRIES = 4000  # deals tried before a generator gives up on its shape (never reached in practice)


# -- what a drill says ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Say:
    """A message translated when shown: an `N_` text and its parameters (cards, suits, seats and
    combinations are named in the current language too)."""

    message: str
    params: tuple[tuple[str, Any], ...] = ()

    def text(self) -> str:
        translated = _(self.message)
        return translated.format(**{name: _shown(value) for name, value in self.params}) if self.params else translated


def say(message: str, **params: Any) -> Say:
    return Say(message, tuple(params.items()))


class SeatFirst(NamedTuple):
    """A seat that begins its sentence ("{who} leads"): named in its sentence-start form, where a
    plain `Seat` parameter stands inside a sentence and is named in lower case."""

    seat: Seat


def _shown(value: Any) -> str:
    if isinstance(value, Say):
        return value.text()
    if isinstance(value, Card):
        return card_symbol(value)
    if isinstance(value, Suit):
        return value.name_in_words()
    if isinstance(value, SeatFirst):
        return seat_at_start(value.seat)
    if isinstance(value, Seat):
        return seat_word(value)
    if isinstance(value, Combination):
        return value.name()
    if isinstance(value, list) and value and isinstance(value[0], Say):  # a list of messages
        return ", ".join(_shown(item) for item in value)
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

    caption: Say
    cards: tuple[Card, ...]
    badges: tuple[tuple[Card, str], ...] = ()
    outlined: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Drill:
    """One task: what is shown, how the learner answers, and the engine's answer.

    `answer` is how the learner answers: "cards" (he clicks cards of row `pick`, then "Check" —
    or a choice when `choices` are given: the answer is then `(cards, choice)`), "card" (one
    click of row `pick` answers), "number" (typed) or "choice" (one of `choices`' keys).
    """

    kind: str
    level: int
    prompt: Say
    rows: tuple[Row, ...]
    answer: str
    solution: Any
    explanation: Say  # why the solution is right: shown when right, and after two wrong tries
    concerned: tuple[Card, ...] = ()  # the cards the explanation is about
    pick: int | None = None
    choices: tuple[str, ...] = ()  # keys of ANSWER_WORDS, or names (choice_labels)
    choice_labels: tuple[Say, ...] = ()
    sheet: tuple[tuple[str, ...], ...] = ()  # a partie's score sheet: deal, elder, A, B
    hint: Say | None = None  # the reason for a wrong number: how to count, not the count
    facts: dict[str, Any] = field(default_factory=dict, compare=False)  # what the judge needs

    def labels(self) -> list[str]:
        """The choices' words in the current language."""
        if self.choice_labels:
            return [label.text() for label in self.choice_labels]
        return [_(ANSWER_WORDS[key]) for key in self.choices]


@dataclass(frozen=True)
class Feedback:
    """The verdict on an answer: right or not, the reason in one sentence, the cards it names."""

    right: bool
    reason: Say
    cards: tuple[Card, ...] = ()
    counts: bool = True  # False for an answer the rules do not allow here: it costs no try


TRIES_BEFORE_ANSWER = 2  # the answer is shown after this many wrong tries, and never before


def check(drill: Drill, answer: Any, misses: int = 0) -> Feedback:
    """Judge `answer` after `misses` wrong tries: right with the explanation; wrong the first time
    with a hint toward the method (never the answer, no card outlined); wrong again with the
    reason for this answer and the cards concerned. A discard the rules refuse says why and costs
    no try."""
    if _is_right(drill, answer):
        return Feedback(True, drill.explanation, drill.concerned)
    counts = drill.kind != "discard" or _legal_discard(drill, answer) is not None
    if counts and misses + 1 < TRIES_BEFORE_ANSWER:
        return Feedback(False, drill.hint or say(METHODS[drill.kind]), ())
    judge = _JUDGES.get(drill.kind)
    found = judge(drill, answer) if judge is not None else None
    reason, cards = found if found is not None else (drill.hint or drill.explanation, drill.concerned)
    return Feedback(False, reason, cards, counts=counts)


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


#: What the first wrong try is told when the drill has no `hint` of its own: how to find the
#: answer, never the answer.
METHODS = {
    "highest": N_("Look only at the cards of the suit asked for, and rank them: ace, king, queen, knave, 10, 9, 8, 7."),
    "talon": N_("Elder takes from the top of the talon as many cards as he discards; younger takes the next ones."),
    "card_values": N_("Count the ace 11, the king, queen and knave 10, and the others the number they show."),
    "carte_blanche": N_("A carte blanche is a hand dealt without a single king, queen or knave: look for court cards."),
    "point_cards": N_("Your point is every card of your longest suit; of two suits as long, the one whose cards are worth more."),
    "point_value": N_("Add up the cards of your point: the ace 11, the court cards 10, the others their number."),
    "verdict": N_("Compare the number of cards first; only when they are equal does the value or the top card decide. Any quatorze beats any trio."),
    "best_sequence": N_("A sequence is three or more cards of one suit in a row: the longest is best, then the one with the higher top card."),
    "repique": N_("Reckon in order, point, then sequences, then sets, and see who reaches 30 before the other scores anything."),
    "reckon": N_("Reckon each category in turn: the point, the sequences, the sets; only the winner of a category scores in it."),
    "pique": N_("Count elder's points in the play trick by trick from his score after the declarations, and see whether he reaches 30 before younger scores."),
    "follow": N_("You must play a card of the suit led if you hold one; only without one may you play any card."),
    "trick": N_("The higher card of the suit led wins the trick; a card of another suit never wins it."),
    "play_total": N_("One point for each card led, one for each trick won by the second player, one more for the last trick."),
    "partie": N_("Add each player's deals; the winner scores the difference, plus 100, or the sum of both totals and 100 when the loser has under 100."),
    "discard": N_("Think about what each discard keeps: your point, your sequences, your sets, and the cards that win tricks."),
}


def _is_right(drill: Drill, answer: Any) -> bool:
    if drill.kind == "discard":
        return _discard_is_good(drill, answer)
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


# -- dealing --------------------------------------------------------------------------------------


def _pack(rng: random.Random) -> list[Card]:
    pack = list(CARDS)
    rng.shuffle(pack)
    return pack


def _shaped(rng: random.Random, deal_one: Callable[[], Any], fits: Callable[[Any], bool]) -> Any:
    """The first thing `deal_one` deals that `fits`: how a level shapes the random hands."""
    for _attempt in range(TRIES):
        candidate = deal_one()
        if candidate is not None and fits(candidate):
            return candidate
    raise RuntimeError("no deal of this shape was found")  # a bug in a generator, not the learner's


def _is_court(card: Card) -> bool:
    return card.rank in COURT_RANKS


def _arranged(elder: Iterable[Card], younger: Iterable[Card]) -> Deal:
    """A deal (by the engine) whose hands after a one-card exchange each are `elder` and `younger`.

    Each player is dealt a spare card (a court card where one is left) in place of a card of his
    hand (not a court card where he has another), so that no hand is dealt a carte blanche the
    learner could not see."""
    elder, younger = (sorted(hand, key=_is_court) for hand in (elder, younger))
    rest = sorted((card for card in CARDS if card not in elder and card not in younger), key=lambda card: not _is_court(card))
    deal = Deal.new(elder[1:] + [rest[0]], younger[1:] + [rest[1]], [elder[0], younger[0]] + rest[2:])
    deal = deal.apply(Exchange((rest[0],)))
    return deal.apply(Exchange((rest[1],)))


def _declared(deal: Deal) -> Deal:
    """Every declaration made in full, as open piquet does."""
    while deal.phase is Phase.DECLARATIONS:
        deal = deal.apply(deal.default_action())
    return deal


def _random_deal(rng: random.Random) -> Deal:
    """A deal through a random exchange and full declarations, ready for the play."""
    deal = Deal.new(*_split(_pack(rng)))
    for seat in (ELDER, YOUNGER):
        high = 5 if seat is ELDER else min(3, len(deal.talon_left))
        deal = deal.apply(Exchange(tuple(rng.sample(list(deal.hand(seat)), rng.randint(1, high)))))
    return _declared(deal)


def _split(pack: list[Card]) -> tuple[list[Card], list[Card], list[Card]]:
    return pack[:12], pack[12:24], pack[24:]


def _played(deal: Deal, rng: random.Random, strong: bool = False) -> list[Deal]:
    """Every state of the play to the end: random legal cards, or (`strong`) the leader's highest
    card and the follower's lowest."""
    states = [deal]
    while deal.phase is Phase.PLAY:
        cards = deal.playable_cards()
        if strong:
            card = max(cards, key=lambda c: c.rank) if deal.led is None else min(cards, key=lambda c: c.rank)
        else:
            card = rng.choice(cards)
        deal = deal.apply(Play(card))
        states.append(deal)
    return states


def _trick_rows(deal: Deal, count: int) -> tuple[Row, Row]:
    """Each player's card in each of the first `count` tricks, numbered by badges."""
    rows = []
    for seat, caption in ((ELDER, N_("Elder's card in each trick")), (YOUNGER, N_("Younger's card in each trick"))):
        cards = [trick.lead if trick.leader is seat else trick.reply for trick in deal.tricks[:count]]
        rows.append(Row(say(caption), tuple(cards), tuple((card, str(n)) for n, card in enumerate(cards, 1))))
    return rows[0], rows[1]


# -- lesson 1: the pack, the deal ---------------------------------------------------------------


def make_highest(rng: random.Random, level: int) -> Drill:
    """Click the highest card of a suit among a few cards."""
    size = {1: 4, 2: 6, 3: 8}[level]

    def deal_one():
        cards = _pack(rng)[:size]
        return cards

    def fits(cards):
        suits = {card.suit for card in cards}
        if level == 1:
            return len(suits) == 1
        target = cards[0].suit
        best = max(cards, key=lambda c: c.rank)
        return len(suits) >= 2 and sum(c.suit is target for c in cards) >= 2 and (level == 2 or best.suit is not target)

    cards = _shaped(rng, deal_one, fits)
    suit = cards[0].suit
    right = max((card for card in cards if card.suit is suit), key=lambda c: c.rank)
    return Drill(
        "highest", level, say(N_("Click the highest of the {suit}."), suit=suit), (Row(say(N_("The cards")), tuple(cards)),),
        "card", right, say(N_("The {card} is the highest of the {suit} here: the order is A K Q J 10 9 8 7, the ace high."), card=right, suit=suit),
        (right,), pick=0, facts={"suit": suit},
    )


def _judge_highest(drill: Drill, answer: Card) -> tuple[Say, tuple[Card, ...]]:
    suit, right = drill.facts["suit"], drill.solution
    if answer.suit is not suit:
        return say(N_("The {card} is not one of the {suit}; the highest of the {suit} is the {right}."), card=answer, suit=suit, right=right), (right,)
    return say(N_("The {right} ranks above the {card}: A K Q J 10 9 8 7, the ace high."), right=right, card=answer), (right, answer)


def make_talon(rng: random.Random, level: int, seat: str = "either", full: bool = False) -> Drill:
    """Click the talon cards elder takes, or those younger may take, once elder took some."""
    elder, younger, talon = _split(_pack(rng))
    deal = Deal.new(elder, younger, talon)
    taken = 5 if full or level == 1 else rng.randint(2, 4)
    who = rng.choice((ELDER, YOUNGER)) if seat == "either" else (ELDER if seat == "elder" else YOUNGER)
    after = deal.apply(Exchange(tuple(rng.sample(list(deal.hand(ELDER)), taken))))
    rows = (Row(say(N_("The talon, top card first")), deal.talon, tuple((card, str(n)) for n, card in enumerate(deal.talon, 1))),)

    def in_order(cards: frozenset[Card]) -> tuple[Card, ...]:
        return tuple(card for card in deal.talon if card in cards)

    if who is ELDER:
        right = frozenset(after.hand(ELDER)) - frozenset(deal.hand(ELDER))
        if full:
            prompt = say(N_("Elder takes all five cards that are his. Click them."))
        else:
            prompt = say(N_("Elder discards {count} cards. Click the cards he takes."), count=taken)
        why = say(N_("Elder takes from the top of the talon, in order: the first {count}, {cards}."), count=taken, cards=in_order(right))
    else:
        right = frozenset(after.talon_left)
        if full:
            prompt = say(N_("Elder took his five. Click the cards younger may take."))
        else:
            prompt = say(N_("Elder discarded {count} cards and took as many. Click the cards younger may take."), count=taken)
        why = say(N_("Younger may take every card elder left, from the top of what remains: {cards}."), cards=in_order(right))
    return Drill("talon", level, prompt, rows, "cards", right, why, in_order(right), pick=0)


def make_card_values(rng: random.Random, level: int) -> Drill:
    """Type what some cards of one suit are worth for the point."""
    size = level + 2
    suit = Suit(rng.randrange(4))
    cards = tuple(sorted(rng.sample([CARDS[8 * suit + rank] for rank in range(8)], size), key=lambda c: -c.rank))
    point = points_of(mask_of(cards))[0]  # the engine's value of the holding
    total = say(N_("{sum} = {total}"), sum=" + ".join(str(card.value) for card in cards), total=point.top)
    return Drill(
        "card_values", level, say(N_("What are these cards worth for the point? Type the total.")), (Row(say(N_("The cards")), cards),),
        "number", point.top, say(N_("The ace counts 11, the king, queen and knave 10, the others their number: {total}."), total=total), cards,
        hint=say(N_("Count the ace 11, the king, queen and knave 10, and the others the number they show.")),
    )


# -- lesson 2: carte blanche and the exchange ----------------------------------------------------

def make_carte_blanche(rng: random.Random, level: int) -> Drill:
    """Say whether a hand as dealt is a carte blanche."""
    blank = [card for card in CARDS if card.rank not in COURT_RANKS]
    court = [card for card in CARDS if card.rank in COURT_RANKS]
    is_blank = rng.random() < 0.5
    courts = 0 if is_blank else {1: rng.randint(3, 6), 2: rng.randint(1, 2), 3: 1}[level]
    hand = tuple(sorted(rng.sample(blank, 12 - courts) + rng.sample(court, courts), key=lambda c: (c.suit, -c.rank)))
    right = "yes" if is_carte_blanche(mask_of(hand)) else "no"
    spoilers = tuple(card for card in hand if card.rank in COURT_RANKS)
    if right == "yes":
        why = say(N_("No king, queen or knave: aces and tens do not spoil a carte blanche, and it scores 10."))
        concerned = tuple(card for card in hand if card.rank in (3, 7))
    else:
        why = say(N_("The {cards} spoil it: a carte blanche has no king, queen or knave."), cards=spoilers)
        concerned = spoilers
    return Drill(
        "carte_blanche", level, say(N_("Is this hand, as dealt, a carte blanche?")), (Row(say(N_("The hand as dealt")), hand),),
        "choice", right, why, concerned, choices=("yes", "no"),
    )


# -- lesson 3: the point --------------------------------------------------------------------------


def _hand_by_margin(rng: random.Random, level: int) -> tuple[Card, ...]:
    """Twelve cards whose longest suit leads the next by 2+ (level 1), by 1 (level 2), or ties
    it in length and is decided by the values (level 3)."""

    def fits(hand):
        points = points_of(mask_of(hand))
        first, second = points[0], points[1]
        margin = first.length - second.length
        return {1: margin >= 2, 2: margin == 1, 3: margin == 0 and first.top != second.top}[level]

    return tuple(_shaped(rng, lambda: sorted(_pack(rng)[:12], key=lambda c: (c.suit, -c.rank)), fits))


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


def _judge_point_cards(drill: Drill, answer: Iterable[Card]) -> tuple[Say, tuple[Card, ...]] | None:
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


def _judge_point_value(drill: Drill, answer: int) -> tuple[Say, tuple[Card, ...]] | None:
    point: Combination = drill.facts["point"]
    if answer == point.length:
        return say(N_("{count} is what your point scores; what it is worth is the total of its cards' values."), count=point.length), point.cards
    return None


# -- lessons 3 and 4: announcements ---------------------------------------------------------------

_HOLDINGS = {Category.POINT: points_of, Category.SEQUENCE: sequences_of, Category.SETS: sets_of}
_CATEGORIES = {"point": Category.POINT, "sequence": Category.SEQUENCE, "sets": Category.SETS}
_VERDICT_KEYS = {Verdict.GOOD: "good", Verdict.NOT_GOOD: "not_good", Verdict.EQUAL: "equal"}


def _declared_best(category: Category, hand: Iterable[Card]) -> tuple[Combination, ...]:
    found = _HOLDINGS[category](mask_of(hand))
    return found[:1] if category is Category.POINT else found


def make_verdict(rng: random.Random, level: int, category: str = "point") -> Drill:
    """Elder announces; you are younger: answer "Good", "Not good" or "Equal"."""
    kind = _CATEGORIES[category]
    targets = {1: ("good", "not_good"), 2: ("good", "not_good"), 3: ("good", "not_good", "equal")}[level]
    if kind is Category.SETS:
        targets = ("good", "not_good")  # two sets can never be equal
    target = rng.choice(targets)

    def deal_one():
        pack = _pack(rng)
        return pack[:12], pack[12:24]

    def fits(hands):
        elder, younger = (_declared_best(kind, hand) for hand in hands)
        if not elder or (not younger and level > 1):
            return False
        verdict = compare(elder, younger)
        if _VERDICT_KEYS[verdict] != target:
            return False
        if level == 1 or not younger:
            return not younger or elder[0].length != younger[0].length
        return elder[0].length == younger[0].length

    elder_hand, younger_hand = _shaped(rng, deal_one, fits)
    younger_hand = tuple(sorted(younger_hand, key=lambda c: (c.suit, -c.rank)))
    elder, younger = _declared_best(kind, elder_hand), _declared_best(kind, younger_hand)
    # The engine's own answer: the two declarations of this category in the deal itself.
    declared = [d.combinations for d in _declared(_arranged(elder_hand, younger_hand)).declarations if d.category is kind]
    answer = compare(*declared)
    if kind is Category.POINT:
        announcement = say(N_("Elder announces his {name}, making {value}."), name=elder[0], value=elder[0].top)
    else:
        announcement = say(N_("Elder announces his {name}."), name=elder[0])
    prompt = say(N_("{announcement} You are younger: what do you answer?"), announcement=announcement)
    why, concerned = _comparison(kind, elder[0], younger[0] if younger else None, _VERDICT_KEYS[answer])
    return Drill("verdict", level, prompt, (Row(say(N_("Your hand")), younger_hand),), "choice", _VERDICT_KEYS[answer], why,
                 concerned, choices=("good", "not_good", "equal"), facts={"elder": tuple(elder_hand), "younger": younger_hand})


def _comparison(kind: Category, elder: Combination, younger: Combination | None, answer: str) -> tuple[Say, tuple[Card, ...]]:
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


def make_best_sequence(rng: random.Random, level: int) -> Drill:
    """Click your best sequence, then name it."""

    def fits(hand):
        found = sequences_of(mask_of(hand))
        if level == 1:
            return len(found) == 1
        if level == 2:
            return len(found) >= 2 and found[0].length > found[1].length
        return len(found) >= 2 and found[0].length == found[1].length and found[0].top != found[1].top

    hand = tuple(_shaped(rng, lambda: sorted(_pack(rng)[:12], key=lambda c: (c.suit, -c.rank)), fits))
    found = sequences_of(mask_of(hand))
    best = found[0]
    names = [best]
    for length, top in ((best.length, best.top - 1), (best.length, min(best.top + 1, 7)), (best.length + 1, best.top), (best.length - 1, best.top)):
        if 3 <= length <= 8 and top - length >= -1 and (length, top) not in [(n.length, n.top) for n in names]:
            names.append(Combination(Category.SEQUENCE, 0, length, top))
    names = names[:4]
    rng.shuffle(names)
    keys = tuple(f"{n.length}-{n.top}" for n in names)
    right_key = f"{best.length}-{best.top}"
    if len(found) > 1 and found[1].length < best.length:
        why = say(N_("Your best sequence is the {name}, {cards}: it is longer than your {other}."), name=best, cards=best.cards, other=found[1])
    elif len(found) > 1:
        why = say(N_("Your best sequence is the {name}, {cards}: at equal length the higher top card wins over your {other}."), name=best, cards=best.cards, other=found[1])
    else:
        why = say(N_("Your sequence is the {name}: {cards}."), name=best, cards=best.cards)
    return Drill(
        "best_sequence", level, say(N_("Click the cards of your best sequence, then its name.")), (Row(say(N_("Your hand")), hand),),
        "cards", (frozenset(best.cards), right_key), why, best.cards, pick=0, choices=keys,
        choice_labels=tuple(Say("{name}", (("name", n),)) for n in names), facts={"best": best, "names": dict(zip(keys, names))},
    )


def _judge_best_sequence(drill: Drill, answer: tuple) -> tuple[Say, tuple[Card, ...]] | None:
    best: Combination = drill.facts["best"]
    cards, key = answer
    if frozenset(cards) == frozenset(best.cards):
        named = drill.facts["names"].get(key)
        return say(N_("These are the right cards, but they make a {name}, not a {wrong}: {count} in a row headed by the {top}."),
                   name=best, wrong=named if named is not None else "?", count=best.length, top=best.cards[0]), best.cards
    return None


# -- lesson 5: reckoning, pique and repique -------------------------------------------------------


def _strong_hands(rng: random.Random, holder: Seat) -> tuple[list[Card], list[Card]]:
    """Two hands after the exchange, `holder`'s given a long run in one suit (so that a repique
    is likely, never certain: the engine decides)."""
    suit, length = rng.randrange(4), rng.randint(5, 8)
    top = rng.randint(length - 1, 7)
    run = [CARDS[8 * suit + rank] for rank in range(top - length + 1, top + 1)]
    rest = [card for card in _pack(rng) if card not in run]
    strong = run + rest[: 12 - length]
    weak = rest[12 - length : 24 - length]
    return (strong, weak) if holder is ELDER else (weak, strong)


def _declaration_events(deal: Deal) -> list:
    return [event for event in deal.events if event.kind in ("carte_blanche", "point", "sequence", "sets", "repique")]


def _reckoning(deal: Deal) -> Say:
    """'point: elder 6; sequences: elder 31; sets: younger 14' — the declarations in reckoning order."""
    names = {"carte_blanche": N_("carte blanche"), "point": N_("point"), "sequence": N_("sequences"), "sets": N_("sets")}
    parts = [say(N_("{what}: {who} {points}"), what=say(names[e.kind]), who=e.player, points=e.points) for e in _declaration_events(deal) if e.kind != "repique"]
    return say(N_("{parts}"), parts=parts) if parts else say(N_("nobody scores a declaration"))


def make_repique(rng: random.Random, level: int) -> Drill:
    """Both hands after the exchange: who makes a repique, if anyone?"""
    targets = {1: ("elder", "younger"), 2: ("elder", "younger", "nobody"), 3: ("elder", "younger", "nobody")}[level]
    target = rng.choice(targets)

    def deal_one():
        holder = rng.choice((ELDER, YOUNGER)) if target == "nobody" else (ELDER if target == "elder" else YOUNGER)
        return _declared(_arranged(*_strong_hands(rng, holder)))

    def fits(deal):
        repique = [e for e in deal.events if e.kind == "repique"]
        got = repique[0].player.key if repique else "nobody"
        if got != target:
            return False
        if level == 3 and target == "nobody":  # the hard ones: 30 is reached, but too late
            return max(deal.scores) >= 24
        return True

    deal = _shaped(rng, deal_one, fits)
    repique = [e for e in deal.events if e.kind == "repique"]
    order = _reckoning(deal)
    if repique:
        who = repique[0].player
        right = who.key
        why = say(N_("In the order of reckoning — {order} — {who} reaches 30 before {other} has scored anything, and adds 60."),
                  order=order, who=who, other=who.other)
        concerned = tuple(card for e in _declaration_events(deal) if e.player is who for card in e.cards)
    else:
        right = "nobody"
        why = say(N_("In the order of reckoning — {order} — nobody reaches 30 from the declarations before the other has scored."), order=order)
        concerned = ()
    rows = (Row(say(N_("Elder after the exchange")), deal.hand(ELDER)), Row(say(N_("Younger after the exchange")), deal.hand(YOUNGER)))
    return Drill("repique", level, say(N_("Both declare everything. Who makes a repique?")), rows, "choice", right, why, concerned,
                 choices=("elder", "younger", "nobody"))


def make_reckon(rng: random.Random, level: int) -> Drill:
    """Both hands after the exchange: type what elder scores from his declarations."""

    def fits(deal):
        scored = [e for e in _declaration_events(deal) if e.player is ELDER]
        return {1: len(scored) == 1, 2: len(scored) == 2, 3: len(scored) >= 2 and any(e.player is YOUNGER for e in _declaration_events(deal))}[level]

    deal = _shaped(rng, lambda: _declared(_arranged(*_split(_pack(rng))[:2])), fits)
    total = sum(e.points for e in _declaration_events(deal) if e.player is ELDER)
    rows = (Row(say(N_("Elder after the exchange")), deal.hand(ELDER)), Row(say(N_("Younger after the exchange")), deal.hand(YOUNGER)))
    concerned = tuple(card for e in _declaration_events(deal) if e.player is ELDER for card in e.cards)
    why = say(N_("Elder scores {total}: {order}."), total=total, order=_reckoning(deal))
    names = {"carte_blanche": N_("carte blanche"), "point": N_("the point"), "sequence": N_("the sequences"), "sets": N_("the sets")}
    won = [say(names[e.kind]) for e in _declaration_events(deal) if e.player is ELDER and e.kind in names]
    hint = say(N_("Elder scores only in the categories he wins, each in full: here {categories}."), categories=won)
    return Drill("reckon", level, say(N_("Both declare everything. How much does elder score from his declarations?")), rows, "number", total, why,
                 concerned, hint=hint)


def make_pique(rng: random.Random, level: int) -> Drill:
    """Elder starts the play with some points and younger with none: at which lead is the pique?"""
    lows = {1: 22, 2: 18, 3: 15}

    def deal_one():
        deal = _declared(_arranged(*_strong_hands(rng, ELDER)))  # elder likely to win the declarations
        if deal.scores[YOUNGER] != 0 or not lows[level] <= deal.scores[ELDER] < 30:
            return None
        return deal, _played(deal, rng, strong=level < 3)[-1]

    def fits(pair):
        _start, end = pair
        pique = [e for e in end.events if e.kind == "pique"]
        return bool(pique) if level == 1 else True

    start, end = _shaped(rng, deal_one, fits)
    pique = [e for e in end.events if e.kind == "pique"]
    first_score = next((e for e in end.events if e.player is YOUNGER), None)
    shown = min(12, 30 - start.scores[ELDER] + 2)
    if first_score is not None and first_score.trick is not None:
        shown = max(shown, min(12, first_score.trick + 1))
    elder_row, younger_row = _trick_rows(end, shown)
    points = start.scores[ELDER]
    if pique:
        lead = pique[0].trick
        right = lead
        why = say(N_("Elder starts the play with {points}; he leads every trick up to trick {lead} and younger scores nothing, so that lead makes 30: a pique."),
                  points=points, lead=lead)
        concerned = tuple(trick.lead for trick in end.tricks[:lead])
    elif first_score is None:
        right = 0
        why = say(N_("Elder wins every trick but reaches only {total} before the cards, which never count towards a pique: no pique."),
                  total=end.scores[ELDER] - 40)
        concerned = ()
    else:
        right = 0
        trick = end.tricks[first_score.trick - 1]
        why = say(N_("Younger scores a point at trick {number}, before elder reaches 30: that saves him, so there is no pique."), number=first_score.trick)
        concerned = (trick.lead, trick.reply)
    prompt = say(N_("Elder has {points} from his declarations and younger nothing. At which lead does elder make a pique? Type its number, or 0 if there is none. (The winner of a trick leads to the next.)"),
                 points=points)
    hint = say(N_("Start from {points}: each lead of elder's scores 1, and the first point younger scores saves him."), points=points)
    return Drill("pique", level, prompt, (elder_row, younger_row), "number", right, why, concerned, hint=hint, facts={"start": points})


# -- lesson 6: the play ---------------------------------------------------------------------------


def _play_moment(rng: random.Random, fits: Callable[[Deal], bool], after_trick: bool = False) -> Deal:
    """A moment of a deal played with random legal cards that `fits`: with a card led and the
    follower to play, or (`after_trick`) just after a trick."""

    def deal_one():
        states = _played(_random_deal(rng), rng)
        if after_trick:
            moments = [state for state in states if state.tricks and state.led is None]
        else:
            moments = [state for state in states if state.phase is Phase.PLAY and state.led is not None]
        fitting = [state for state in moments if fits(state)]
        return rng.choice(fitting) if fitting else None

    return _shaped(rng, deal_one, lambda _state: True)


def make_follow(rng: random.Random, level: int) -> Drill:
    """A card is led: click a card you may play."""

    def fits(deal):
        hand = deal.hand(deal.leader.other)
        if len(hand) < 5:
            return False
        same = sum(card.suit is deal.led.suit for card in hand)
        return {1: same == 1, 2: same >= 2 and len(hand) > same + 1, 3: same == 0}[level]

    deal = _play_moment(rng, fits)
    follower = deal.leader.other
    hand = deal.hand(follower)
    playable = frozenset(deal.playable_cards())  # the engine's rule
    led = deal.led
    if playable != frozenset(hand):
        why = say(N_("The {led} is led and you hold {cards}: you must follow {suit}."), led=led, cards=playable, suit=led.suit)
        concerned = tuple(sorted(playable))
    else:
        why = say(N_("You hold no {suit}, so you may play any card."), suit=led.suit)
        concerned = ()
    rows = (Row(say(N_("{who} leads"), who=SeatFirst(deal.leader)), (led,)), Row(say(N_("Your hand ({who})"), who=follower), hand))
    return Drill("follow", level, say(N_("Click a card you may play.")), rows, "card", playable, why, concerned, pick=1)


def make_trick(rng: random.Random, level: int) -> Drill:
    """A trick: who wins it?"""

    def fits(deal):
        trick = deal.tricks[-1]
        same = trick.lead.suit is trick.reply.suit
        return {1: same and trick.leader is ELDER, 2: not same and trick.reply.rank > trick.lead.rank, 3: trick.leader is YOUNGER}[level]

    deal = _play_moment(rng, fits, after_trick=True)
    trick = deal.tricks[-1]
    winner = trick.winner
    winning = trick.lead if winner is trick.leader else trick.reply
    if trick.lead.suit is trick.reply.suit:
        why = say(N_("Both cards are {suit}: the {card} is higher, so {who} wins."), suit=trick.lead.suit, card=winning, who=winner)
    else:
        why = say(N_("The {reply} does not follow {suit}, so it cannot win, however high: {who}, who led, wins."), reply=trick.reply, suit=trick.lead.suit, who=winner)
    rows = (Row(say(N_("{who} leads"), who=SeatFirst(trick.leader)), (trick.lead,)), Row(say(N_("{who} plays"), who=SeatFirst(trick.leader.other)), (trick.reply,)))
    return Drill("trick", level, say(N_("Who wins this trick?")), rows, "choice", winner.key, why, (winning,), choices=("elder", "younger"))


def make_play_total(rng: random.Random, level: int) -> Drill:
    """Some tricks played: type elder's points in play so far."""
    count = {1: 3, 2: 6, 3: 12}[level]
    end = _played(_random_deal(rng), rng)[-1]
    events = [e for e in end.events if e.kind in ("lead", "win", "last") and e.player is ELDER and e.trick <= count]
    leads = sum(e.kind == "lead" for e in events)
    wins = sum(e.kind == "win" for e in events)
    last = sum(e.kind == "last" for e in events)
    total = leads + wins + last
    if last:
        why = say(N_("Elder led {leads} tricks and won {wins} as second player, and 1 for the last trick: {leads} + {wins} + 1 = {total}."), leads=leads, wins=wins, total=total)
    else:
        why = say(N_("Elder led {leads} of these tricks and won {wins} as second player: {leads} + {wins} = {total}."), leads=leads, wins=wins, total=total)
    concerned = tuple(e.cards[0] for e in events if e.kind in ("lead", "win"))
    prompt = say(N_("These are the first {count} tricks, numbered; the winner of each leads to the next. How many points has elder scored in play?"), count=count)
    if count == 12:
        hint = say(N_("Count 1 for each trick elder leads, 1 for each he wins as second player, and 1 more if he wins the last trick."))
    else:
        hint = say(N_("Count 1 for each trick elder leads and 1 for each he wins as second player."))
    return Drill("play_total", level, prompt, _trick_rows(end, count), "number", total, why, concerned, hint=hint)


# -- lesson 8: the partie -------------------------------------------------------------------------


def _partie(rng: random.Random) -> Partie:
    partie = Partie()
    for _number in range(6):
        partie = partie.with_deal(_played(_random_deal(rng), rng)[-1])
    return partie


def make_partie(rng: random.Random, level: int, question: str = "settle") -> Drill:
    """A finished partie's score sheet: settle it, say whether the loser is rubiconed, or add a
    player's total."""

    def fits(partie):
        result = partie.result
        if result.winner is None:
            return False
        low = min(partie.totals.values())
        return {1: abs(low - 100) >= 12, 2: abs(low - 100) < 12, 3: True}[level]

    partie = _shaped(rng, lambda: _partie(rng), fits)
    totals, result = partie.totals, partie.result
    winner = result.winner
    loser = "B" if winner == "A" else "A"
    w, l = totals[winner], totals[loser]
    sheet = [(str(n), partie.elder(n), str(partie.deal_scores(n)["A"]), str(partie.deal_scores(n)["B"])) for n in range(1, 7)]
    if question != "total":
        sheet.append(("=", "", str(totals["A"]), str(totals["B"])))
    if result.rubiconed:
        settle = say(N_("{loser} has {l}, under 100: he is rubiconed, and {winner} scores {w} + {l} + 100 = {points}."), loser=loser, winner=winner, w=w, l=l, points=result.points)
    else:
        settle = say(N_("{loser} has {l}, 100 or more: {winner} scores {w} − {l} + 100 = {points}."), loser=loser, winner=winner, w=w, l=l, points=result.points)
    if result.rubiconed:
        hint = say(N_("{loser} has {l}, under 100: he is rubiconed, so the winner scores both totals and 100."), loser=loser, l=l)
    else:
        hint = say(N_("{loser} has {l}, 100 or more: the winner scores the difference of the totals and 100."), loser=loser, l=l)
    if question == "settle":
        prompt, answer, right, choices = say(N_("The partie is over. What does the winner score for it?")), "number", result.points, ()
    elif question == "rubicon":
        prompt, answer, right, choices = say(N_("The partie is over. Is the loser rubiconed?")), "choice", "yes" if result.rubiconed else "no", ("yes", "no")
    else:
        player = rng.choice(("A", "B"))
        prompt, answer, right, choices = say(N_("Six deals are played. What is {player}'s total?"), player=player), "number", totals[player], ()
        settle = say(N_("{player}'s scores add up to {total}: {sum}."), player=player, total=totals[player],
                     sum=" + ".join(str(partie.deal_scores(n)[player]) for n in range(1, 7)))
        hint = say(N_("Add up {player}'s column, deal by deal."), player=player)
    return Drill("partie", level, prompt, (), answer, right, settle, sheet=tuple(sheet), choices=choices, hint=hint)


# -- choosing discards ---------------------------------------------------------------------------
#
# Judged by the whole-deal evaluator (`analysis.evaluator`, the practice table's hint and review):
# about a second for elder, so the widget deals this drill, and values a discard outside the
# evaluator's short list, in its analysis runner ("Analysing…"), with the runner's solver.

DISCARD_TOLERANCE = 1.0  # points a discard may fall short of the evaluator's best and still be right
# The level by the best's lead over the best discard refused (more than the tolerance short):
# a wide lead is easy to see, a narrow one hard.
DISCARD_LEADS = {1: (5.0, float("inf")), 2: (2.5, 5.0), 3: (DISCARD_TOLERANCE, 2.5)}
DISCARD_CANDIDATES = 6  # deals valued at most; the one whose lead is nearest the level's is taken


def discard_values(
    deal: Deal, solver: Any = None, include: Iterable[tuple[Card, ...]] = (), progress: Callable[[int, int], None] | None = None
) -> dict[frozenset[Card], Any]:
    """The evaluator's valuation of the discards of the player to exchange (its short list, and
    `include`): each an `Evaluation` of the whole deal, his points minus his opponent's, in the
    evaluator's order, its best first (valued on more talon orders than the rest: the best by
    that valuation, not the highest figure). Stopped (`SearchInterrupted`) when the solver's
    `should_stop` says so; `progress` as the evaluator's."""
    from piquet_widgets.analysis.evaluator import evaluate_exchange

    return {frozenset(found.discards): found for found in evaluate_exchange(deal, solver=solver, include=include, progress=progress)}


def discard_lead(values: dict[frozenset[Card], Any]) -> float | None:
    """How far the best discard leads the best one refused (None when all are within the tolerance)."""
    best = next(iter(values.values())).expected
    refused = [found.expected for found in values.values() if found.expected < best - DISCARD_TOLERANCE]
    return best - max(refused) if refused else None


def make_discard(rng: random.Random, level: int, solver: Any = None, progress: Callable[[int, int], None] | None = None) -> Drill:
    """Click the cards to discard: right if the whole deal is expected to bring nearly as much as
    after the evaluator's best. `progress` is told of the deals valued (at most `DISCARD_CANDIDATES`)."""
    from piquet_widgets.analysis.evaluator import part_of

    low, high = DISCARD_LEADS[level]
    found = []
    for attempt in range(DISCARD_CANDIDATES):
        deal = Deal.new(*_split(_pack(rng)))
        if rng.random() < 0.5:  # younger, once elder has exchanged as the declarations advisor would
            from piquet_widgets.analysis.advisor import advise_exchange

            deal = deal.apply(Exchange(max(advise_exchange(deal), key=lambda advice: advice.expected).discards))
        values = discard_values(deal, solver, progress=part_of(progress, attempt, DISCARD_CANDIDATES))
        lead = discard_lead(values)
        if lead is not None:
            found.append((0.0 if low <= lead < high else min(abs(lead - low), abs(lead - high)), deal, values))
            if low <= lead < high:
                break
    if not found:
        raise RuntimeError("no deal where the choice of discards matters was found")  # a bug, not the learner's
    _distance, deal, values = min(found, key=lambda item: item[0])
    seat = deal.to_move
    best = next(iter(values))
    hand = tuple(sorted(deal.hand(seat), key=lambda card: (card.suit, -card.rank)))
    other = tuple(sorted(deal.hand(seat.other), key=lambda card: (card.suit, -card.rank)))
    most = len(deal.talon_left) if seat is YOUNGER else 5
    if seat is ELDER:
        prompt = say(N_("You are elder, both hands face up. Click the cards you discard (one to five), then Check."))
    else:
        prompt = say(N_("You are younger; elder has exchanged. Click the cards you discard (one to {count}), then Check."), count=most)
    rows = (Row(say(N_("Your hand")), hand), Row(say(N_("The other hand")), other))
    top = values[best]
    why = say(N_("Throwing {thrown} and keeping {kept} is the best: over the whole deal you may expect {value} ({declarations} from the declarations, {play} from the play)."),
              thrown=_in_hand(best, hand), kept=_in_hand(frozenset(hand) - best, hand),
              value=Points(top.expected), declarations=Points(top.declarations), play=Points(top.play))
    return Drill("discard", level, prompt, rows, "cards", best, why, _in_hand(best, hand), pick=0,
                 facts={"values": values, "deal": deal, "hand": hand, "most": most})


@dataclass(frozen=True)
class Points:
    """An expected score written when shown, the current language's way: with its sign ("+1.25",
    "-0,50"), or without (`signed` False) for a difference."""

    value: float
    signed: bool = True

    def __str__(self) -> str:
        from piquet_widgets.analysis.advisor import SIGNED

        return format_decimal(self.value, SIGNED if self.signed else "0.00")


def _in_hand(cards: frozenset[Card], hand: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(card for card in hand if card in cards)


def _legal_discard(drill: Drill, answer: Any) -> frozenset[Card] | None:
    """The discard `answer` names, if the rules allow it here."""
    if not isinstance(answer, (set, frozenset, tuple, list)):
        return None
    chosen = frozenset(answer)
    hand = frozenset(drill.facts["hand"])
    return chosen if chosen <= hand and 1 <= len(chosen) <= drill.facts["most"] else None


def needs_valuing(drill: Drill, answer: Any) -> bool:
    """A legal discard the evaluator has not valued yet (outside its short list): `value_discard`
    must value it before it is judged, which takes about as long as dealing the drill."""
    chosen = _legal_discard(drill, answer) if drill.kind == "discard" else None
    return chosen is not None and chosen not in drill.facts["values"]


def value_discard(drill: Drill, answer: Any, solver: Any = None, progress: Callable[[int, int], None] | None = None) -> Any:
    """The evaluator's valuation of the discard `answer` (an `Evaluation`); `remember_value` keeps it."""
    chosen = _legal_discard(drill, answer)
    assert chosen is not None
    found = discard_values(drill.facts["deal"], solver, include=[tuple(sorted(chosen))], progress=progress)
    return found[chosen]


def remember_value(drill: Drill, evaluation: Any) -> None:
    """Keep a discard's valuation with the drill (what was valued first is kept as it was)."""
    drill.facts["values"].setdefault(frozenset(evaluation.discards), evaluation)


def _discard_is_good(drill: Drill, answer: Any) -> bool:
    chosen = _legal_discard(drill, answer)
    if chosen is None:
        return False
    if needs_valuing(drill, chosen):
        remember_value(drill, value_discard(drill, chosen))
    values = drill.facts["values"]
    return values[chosen].expected >= values[drill.solution].expected - DISCARD_TOLERANCE


def _judge_discard(drill: Drill, answer: Iterable[Card]) -> tuple[Say, tuple[Card, ...]]:
    hand = drill.facts["hand"]
    chosen = _legal_discard(drill, answer)
    if chosen is None:
        return say(N_("Discard from 1 to {count} cards of your hand."), count=drill.facts["most"]), ()
    values = drill.facts["values"]
    mine, best = values[chosen], values[drill.solution]
    reason = say(N_("Throwing {thrown} and keeping {kept}, you may expect {value} over the whole deal ({declarations} from the declarations, {play} from the play): {short} less than the best discard."),
                 thrown=_in_hand(chosen, hand), kept=_in_hand(frozenset(hand) - chosen, hand), value=Points(mine.expected),
                 declarations=Points(mine.declarations), play=Points(mine.play), short=Points(best.expected - mine.expected, signed=False))
    return reason, _in_hand(chosen, hand)


# -- the kinds, and the drills of each lesson ------------------------------------------------------

KINDS: dict[str, Callable[..., Drill]] = {
    "highest": make_highest, "talon": make_talon, "card_values": make_card_values,
    "carte_blanche": make_carte_blanche,
    "point_cards": make_point_cards, "point_value": make_point_value, "verdict": make_verdict,
    "best_sequence": make_best_sequence,
    "repique": make_repique, "reckon": make_reckon, "pique": make_pique,
    "follow": make_follow, "trick": make_trick, "play_total": make_play_total,
    "partie": make_partie, "discard": make_discard,
}
EVALUATED = frozenset({"discard"})  # dealt and judged by the whole-deal evaluator: about a second
_JUDGES: dict[str, Callable[[Drill, Any], tuple[Say, tuple[Card, ...]] | None]] = {
    "highest": _judge_highest, "point_cards": _judge_point_cards, "point_value": _judge_point_value,
    "best_sequence": _judge_best_sequence, "discard": _judge_discard,
}


@dataclass(frozen=True)
class DrillSpec:
    """One drill of a lesson: its kind, the options of its generator, its title."""

    kind: str
    title: str
    options: tuple[tuple[str, Any], ...] = ()
    levels: int = LEVELS


def make(
    kind: str | DrillSpec, seed: int, level: int = 1, solver: Any = None, progress: Callable[[int, int], None] | None = None
) -> Drill:
    """The drill of `kind` dealt from `seed` at `level` (1 easy … LEVELS hard); the kinds of
    `EVALUATED` are valued with `solver` (an `analysis.solver.Solver`, stopped when its
    `should_stop` says so) telling `progress(done, total)`, those dealt in a widget's analysis runner."""
    spec = kind if isinstance(kind, DrillSpec) else DrillSpec(kind, "")
    if spec.kind not in KINDS:
        raise ValueError(f"no drill of kind {spec.kind!r}")
    if not 1 <= level <= LEVELS:
        raise ValueError(f"the level is 1 to {LEVELS}, not {level}")
    options = dict(spec.options, solver=solver, progress=progress) if spec.kind in EVALUATED else dict(spec.options)
    return KINDS[spec.kind](random.Random(seed), min(level, spec.levels), **options)


# The drills a lesson file may name (its `drills:` list), by name: a kind, with its options after
# a colon when a kind is dealt in more than one way.
DRILLS: dict[str, DrillSpec] = {
    "highest": DrillSpec("highest", N_("The highest card")),
    "talon:full": DrillSpec("talon", N_("Whose are the talon's cards?"), (("full", True),), levels=1),
    "card_values": DrillSpec("card_values", N_("What cards are worth")),
    "carte_blanche": DrillSpec("carte_blanche", N_("Carte blanche or not?")),
    "talon:elder": DrillSpec("talon", N_("Elder takes"), (("seat", "elder"),)),
    "talon:younger": DrillSpec("talon", N_("Younger takes"), (("seat", "younger"),)),
    "point_cards": DrillSpec("point_cards", N_("Your point")),
    "point_value": DrillSpec("point_value", N_("How much?")),
    "verdict:point": DrillSpec("verdict", N_("Good, not good or equal?"), (("category", "point"),)),
    "best_sequence": DrillSpec("best_sequence", N_("Your best sequence")),
    "verdict:sequence": DrillSpec("verdict", N_("Answer a sequence"), (("category", "sequence"),)),
    "verdict:sets": DrillSpec("verdict", N_("Answer a set"), (("category", "sets"),)),
    "follow": DrillSpec("follow", N_("Follow suit")),
    "trick": DrillSpec("trick", N_("Who wins the trick?")),
    "play_total": DrillSpec("play_total", N_("Keep the count")),
    "reckon": DrillSpec("reckon", N_("Elder's declarations")),
    "repique": DrillSpec("repique", N_("Repique?")),
    "pique": DrillSpec("pique", N_("Pique?")),
    "partie:total": DrillSpec("partie", N_("Add up a partie"), (("question", "total"),)),
    "partie:rubicon": DrillSpec("partie", N_("Rubiconed?"), (("question", "rubicon"),)),
    "partie:settle": DrillSpec("partie", N_("Settle the partie"), (("question", "settle"),)),
    "discard": DrillSpec("discard", N_("Choose a discard")),
}


def lesson_drills(slug: str) -> tuple[DrillSpec, ...]:
    """The drills of the lesson `slug`, as its file lists them, easiest first."""
    from piquet_widgets.teach.lessons import lesson

    return tuple(DRILLS[name] for name in lesson(slug).drills)
