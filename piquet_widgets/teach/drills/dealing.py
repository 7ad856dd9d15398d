"""Dealing helpers shared by the kinds of drills: a shuffled pack, hands of a wanted shape, a deal
arranged from two hands, a deal declared in full or played out, the tricks shown as two rows."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from piquet_widgets.engine import CARDS, ELDER, YOUNGER, Card, Deal, Exchange, Phase, Play, Seat
from piquet_widgets.i18n import N_
from piquet_widgets.teach.drills.base import Row, say

COURT_RANKS = (4, 5, 6)  # knave, queen, king: a hand dealt without them is a carte blanche
TRIES = 4000  # deals tried before a generator gives up on its shape (never reached in practice)


def pack(rng: random.Random) -> list[Card]:
    """The 32 cards, shuffled by `rng`."""
    cards = list(CARDS)
    rng.shuffle(cards)
    return cards


def shaped(rng: random.Random, deal_one: Callable[[], Any], fits: Callable[[Any], bool]) -> Any:
    """The first thing `deal_one` deals that `fits`: how a level shapes the random hands."""
    for _attempt in range(TRIES):
        candidate = deal_one()
        if candidate is not None and fits(candidate):
            return candidate
    raise RuntimeError("no deal of this shape was found")  # a bug in a generator, not the learner's


def is_court(card: Card) -> bool:
    """A knave, queen or king."""
    return card.rank in COURT_RANKS


def arranged(elder: Iterable[Card], younger: Iterable[Card]) -> Deal:
    """A deal (by the engine) whose hands after a one-card exchange each are `elder` and `younger`.

    Each player is dealt a spare card (a plain card where one is left) in place of a card of his
    hand (not a court card where he has another), so that a hand is dealt a carte blanche exactly
    when the hand the learner sees has no court card."""
    elder, younger = (sorted(hand, key=is_court) for hand in (elder, younger))
    rest = sorted((card for card in CARDS if card not in elder and card not in younger), key=is_court)
    deal = Deal.new(elder[1:] + [rest[0]], younger[1:] + [rest[1]], [elder[0], younger[0]] + rest[2:])
    deal = deal.apply(Exchange((rest[0],)))
    return deal.apply(Exchange((rest[1],)))


def declared(deal: Deal) -> Deal:
    """Every declaration made in full, as open piquet does."""
    while deal.phase is Phase.DECLARATIONS:
        deal = deal.apply(deal.default_action())
    return deal


def random_deal(rng: random.Random) -> Deal:
    """A deal through a random exchange and full declarations, ready for the play."""
    deal = Deal.new(*split(pack(rng)))
    for seat in (ELDER, YOUNGER):
        high = 5 if seat is ELDER else min(3, len(deal.talon_left))
        deal = deal.apply(Exchange(tuple(rng.sample(list(deal.hand(seat)), rng.randint(1, high)))))
    return declared(deal)


def split(cards: list[Card]) -> tuple[list[Card], list[Card], list[Card]]:
    """Elder's twelve, younger's twelve, the talon's eight."""
    return cards[:12], cards[12:24], cards[24:]


def played(deal: Deal, rng: random.Random, strong: bool = False) -> list[Deal]:
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


def trick_rows(deal: Deal, count: int) -> tuple[Row, Row]:
    """Each player's card in each of the first `count` tricks, numbered by badges."""
    rows = []
    for seat, caption in ((ELDER, N_("Elder's card in each trick")), (YOUNGER, N_("Younger's card in each trick"))):
        cards = [trick.lead if trick.leader is seat else trick.reply for trick in deal.tricks[:count]]
        rows.append(Row(say(caption), tuple(cards), tuple((card, str(n)) for n, card in enumerate(cards, 1))))
    return rows[0], rows[1]


def strong_hands(rng: random.Random, holder: Seat) -> tuple[list[Card], list[Card]]:
    """Two hands after the exchange, `holder`'s given a long run in one suit (so that a repique
    is likely, never certain: the engine decides)."""
    suit, length = rng.randrange(4), rng.randint(5, 8)
    top = rng.randint(length - 1, 7)
    run = [CARDS[8 * suit + rank] for rank in range(top - length + 1, top + 1)]
    rest = [card for card in pack(rng) if card not in run]
    strong = run + rest[: 12 - length]
    weak = rest[12 - length : 24 - length]
    return (strong, weak) if holder is ELDER else (weak, strong)
