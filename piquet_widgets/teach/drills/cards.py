"""Drills on the cards and the talon (lessons 1 and 2): the highest card of a suit, what cards
are worth, carte blanche, which talon cards each player takes."""

from __future__ import annotations

import random

from piquet_widgets.engine import CARDS, ELDER, YOUNGER, Card, Deal, Exchange, Suit, points_of
from piquet_widgets.engine.cards import mask_of
from piquet_widgets.engine.combinations import is_carte_blanche
from piquet_widgets.i18n import N_, Message
from piquet_widgets.teach.drills.base import Drill, Row, say
from piquet_widgets.teach.drills.dealing import COURT_RANKS, pack, shaped, split
from piquet_widgets.teach.drills.kind import Kind


def make_highest(rng: random.Random, level: int) -> Drill:
    """Click the highest card of a suit among a few cards."""
    size = {1: 4, 2: 6, 3: 8}[level]

    def deal_one():
        cards = pack(rng)[:size]
        return cards

    def fits(cards):
        suits = {card.suit for card in cards}
        if level == 1:
            return len(suits) == 1
        target = cards[0].suit
        best = max(cards, key=lambda c: c.rank)
        return len(suits) >= 2 and sum(c.suit is target for c in cards) >= 2 and (level == 2 or best.suit is not target)

    cards = shaped(rng, deal_one, fits)
    suit = cards[0].suit
    right = max((card for card in cards if card.suit is suit), key=lambda c: c.rank)
    return Drill(
        "highest", level, say(N_("Click the highest of the {suit}."), suit=suit), (Row(say(N_("The cards")), tuple(cards)),),
        "card", right, say(N_("The {card} is the highest of the {suit} here: the order is A K Q J 10 9 8 7, the ace high."), card=right, suit=suit),
        (right,), pick=0, facts={"suit": suit},
    )


def _judge_highest(drill: Drill, answer: Card) -> tuple[Message, tuple[Card, ...]]:
    suit, right = drill.facts["suit"], drill.solution
    if answer.suit is not suit:
        return say(N_("The {card} is not one of the {suit}; the highest of the {suit} is the {right}."), card=answer, suit=suit, right=right), (right,)
    return say(N_("The {right} ranks above the {card}: A K Q J 10 9 8 7, the ace high."), right=right, card=answer), (right, answer)


def make_talon(rng: random.Random, level: int, seat: str = "either", full: bool = False) -> Drill:
    """Click the talon cards elder takes, or those younger may take, once elder took some."""
    elder, younger, talon = split(pack(rng))
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


_TALON_METHOD = N_("Elder takes from the top of the talon as many cards as he discards; younger takes the next ones.")
KINDS = (
    Kind("highest", N_("The highest card"), N_("Look only at the cards of the suit asked for, and rank them: ace, king, queen, knave, 10, 9, 8, 7."), make_highest, wrong=_judge_highest),
    Kind("card_values", N_("What cards are worth"), N_("Count the ace 11, the king, queen and knave 10, and the others the number they show."), make_card_values),
    Kind("carte_blanche", N_("Carte blanche or not?"), N_("A carte blanche is a hand dealt without a single king, queen or knave: look for court cards."), make_carte_blanche),
    Kind("talon-full", N_("Whose are the talon's cards?"), _TALON_METHOD, make_talon, options=(("full", True),), levels=1),
    Kind("talon-elder", N_("Elder takes"), _TALON_METHOD, make_talon, options=(("seat", "elder"),)),
    Kind("talon-younger", N_("Younger takes"), _TALON_METHOD, make_talon, options=(("seat", "younger"),)),
)
