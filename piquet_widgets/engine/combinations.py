"""Point, sequences and sets of a hand, their names, and the comparison of two declarations
(rules.md section 4).

Everything works on bit masks; per-suit facts come from tables of the 256 possible suit holdings.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum
from operator import itemgetter
from typing import NamedTuple

from piquet_widgets.engine.cards import ACE, RANK_VALUES, TEN, Card, cards_of, format_cards, mask_of
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.i18n import N_, _


class Category(str, Enum):
    """The three declarations, in the order they are made and reckoned."""

    POINT = "point"
    SEQUENCE = "sequence"
    SETS = "sets"


class Verdict(str, Enum):
    """Younger's answer to elder's declaration."""

    GOOD = "good"  # elder's is better (or younger has none)
    NOT_GOOD = "not_good"  # younger's is better
    EQUAL = "equal"  # a perfect tie: nobody scores in this category


SEQUENCE_POINTS = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
SET_POINTS = {3: 3, 4: 14}
SET_RANKS = range(TEN, ACE + 1)  # only A K Q J 10 make sets

_POINT_NAMES = {
    1: N_("point of one"), 2: N_("point of two"), 3: N_("point of three"), 4: N_("point of four"),
    5: N_("point of five"), 6: N_("point of six"), 7: N_("point of seven"), 8: N_("point of eight"),
}
# Sequence names by (length, top rank index); "minor" ends with the seven, "major" is headed by the ace.
_SEQUENCE_NAMES = {
    (3, 7): N_("tierce major"), (3, 6): N_("tierce to the king"), (3, 5): N_("tierce to the queen"),
    (3, 4): N_("tierce to the knave"), (3, 3): N_("tierce to the ten"), (3, 2): N_("tierce minor"),
    (4, 7): N_("quart major"), (4, 6): N_("quart to the king"), (4, 5): N_("quart to the queen"),
    (4, 4): N_("quart to the knave"), (4, 3): N_("quart minor"),
    (5, 7): N_("quint major"), (5, 6): N_("quint to the king"), (5, 5): N_("quint to the queen"),
    (5, 4): N_("quint minor"),
    (6, 7): N_("sixième major"), (6, 6): N_("sixième to the king"), (6, 5): N_("sixième minor"),
    (7, 7): N_("septième major"), (7, 6): N_("septième minor"),
    (8, 7): N_("huitième"),
}
_SET_NAMES = {
    (3, 7): N_("three aces"), (3, 6): N_("three kings"), (3, 5): N_("three queens"),
    (3, 4): N_("three knaves"), (3, 3): N_("three tens"),
    (4, 7): N_("fourteen aces"), (4, 6): N_("fourteen kings"), (4, 5): N_("fourteen queens"),
    (4, 4): N_("fourteen knaves"), (4, 3): N_("fourteen tens"),
}


class Combination(NamedTuple):
    """One declarable holding: a point, a sequence or a set."""

    category: Category
    mask: int  # the cards that make it
    length: int  # cards in the point or sequence; 3 or 4 for a set
    top: int  # point: its card-value total; sequence: rank of its top card; set: its rank

    @property
    def key(self) -> tuple[int, int]:
        """Compares two combinations of one category: length first, then value or rank."""
        return (self.length, self.top)

    @property
    def points(self) -> int:
        """What it scores for a category winner."""
        if self.category is Category.POINT:
            return self.length
        if self.category is Category.SEQUENCE:
            return SEQUENCE_POINTS[self.length]
        return SET_POINTS[self.length]

    @property
    def cards(self) -> tuple[Card, ...]:
        return cards_of(self.mask)

    def name(self) -> str:
        """'quart to the queen', 'fourteen aces', 'point of five' — in the current language."""
        if self.category is Category.POINT:
            return _(_POINT_NAMES[self.length])
        if self.category is Category.SEQUENCE:
            return _(_SEQUENCE_NAMES[(self.length, self.top)])
        return _(_SET_NAMES[(self.length, self.top)])

    def __str__(self) -> str:
        return self.name()


def best_first(found: Sequence[Combination]) -> tuple[Combination, ...]:
    """Combinations of one category, the best first."""
    return tuple(sorted(found, key=_KEY, reverse=True))


_KEY = itemgetter(2, 3)  # (length, top)


def _suit_runs(byte: int) -> tuple[tuple[int, int], ...]:
    """Maximal runs of 3+ consecutive ranks in one suit's holding: (top rank, length) each."""
    runs, rank = [], 7
    while rank >= 0:
        if byte >> rank & 1:
            top = rank
            while rank >= 0 and byte >> rank & 1:
                rank -= 1
            if top - rank >= 3:
                runs.append((top, top - rank))
        rank -= 1
    return tuple(runs)


_LENGTH = tuple(bin(byte).count("1") for byte in range(256))
_VALUE = tuple(sum(RANK_VALUES[r] for r in range(8) if byte >> r & 1) for byte in range(256))
_RUNS = tuple(_suit_runs(byte) for byte in range(256))


def points_of(hand: int) -> tuple[Combination, ...]:
    """The point each suit of the hand would make, best first (the one declared in full)."""
    found = []
    for suit in range(4):
        byte = hand >> (8 * suit) & 0xFF
        if byte:
            found.append(Combination(Category.POINT, byte << (8 * suit), _LENGTH[byte], _VALUE[byte]))
    return best_first(found)


def sequences_of(hand: int) -> tuple[Combination, ...]:
    """Every sequence of the hand (maximal runs of 3+), best first."""
    found = []
    for suit in range(4):
        for top, length in _RUNS[hand >> (8 * suit) & 0xFF]:
            mask = ((1 << length) - 1) << (top - length + 1 + 8 * suit)
            found.append(Combination(Category.SEQUENCE, mask, length, top))
    return best_first(found)


def sets_of(hand: int) -> tuple[Combination, ...]:
    """Every trio and quatorze of A K Q J 10 in the hand, best first."""
    found = []
    for rank in SET_RANKS:
        mask = hand & (0x01010101 << rank)
        count = bin(mask).count("1")
        if count >= 3:
            found.append(Combination(Category.SETS, mask, count, rank))
    return best_first(found)


HOLDINGS = {Category.POINT: points_of, Category.SEQUENCE: sequences_of, Category.SETS: sets_of}
_NOT_A = {
    Category.POINT: N_("{cards}: not a point (a point is cards of one suit)"),
    Category.SEQUENCE: N_("{cards}: not a sequence (three or more cards in a row, of one suit)"),
    Category.SETS: N_("{cards}: not a set (three or four aces, kings, queens, knaves or tens)"),
}


def combination_of(category: Category, cards: Iterable[int]) -> Combination:
    """The combination some cards make in `category`, for declaring less than one holds
    (sinking: part of a point, a shorter run, a trio out of a quatorze). Cards that make none
    are refused naming them.

    >>> from piquet_widgets.engine.cards import parse_cards
    >>> combination_of(Category.SEQUENCE, parse_cards("KH QH JH")).name()
    'tierce to the king'
    >>> combination_of(Category.SETS, parse_cards("AS AH AD")).points
    3
    >>> combination_of(Category.SEQUENCE, parse_cards("KH QH 9H"))
    Traceback (most recent call last):
    ...
    piquet_widgets.engine.errors.PiquetError: KH QH 9H: not a sequence (three or more cards in a row, of one suit)
    """
    cards = tuple(cards)
    mask = mask_of(cards)
    suits, ranks = {card >> 3 for card in cards}, {card & 7 for card in cards}
    byte = mask >> (8 * min(suits)) & 0xFF if len(suits) == 1 else 0
    made = None
    if len(cards) != bin(mask).count("1"):
        pass  # a card given twice makes nothing
    elif category is Category.POINT and byte:
        made = Combination(Category.POINT, mask, len(cards), _VALUE[byte])
    elif category is Category.SEQUENCE and byte and _RUNS[byte] == ((max(ranks), len(cards)),):
        made = Combination(Category.SEQUENCE, mask, len(cards), max(ranks))
    elif category is Category.SETS and len(ranks) == 1 and min(ranks) in SET_RANKS and len(cards) in SET_POINTS:
        made = Combination(Category.SETS, mask, len(cards), min(ranks))
    if made is None:
        raise PiquetError(_NOT_A[category], cards=format_cards(cards_of(mask)) or '""')
    return made


def best_declaration(category: Category, hand: int) -> tuple[Combination, ...]:
    """What a player declares in full: his best point, or all his sequences, or all his sets."""
    holdings = HOLDINGS[category](hand)
    return holdings[:1] if category is Category.POINT else holdings


def compare(elder: Sequence[Combination], younger: Sequence[Combination]) -> Verdict | None:
    """Younger's answer to elder's declaration in one category; None when neither declares."""
    if not elder and not younger:
        return None
    elder_key = elder[0].key if elder else (0, 0)
    younger_key = younger[0].key if younger else (0, 0)
    if elder_key > younger_key:
        return Verdict.GOOD
    if elder_key < younger_key:
        return Verdict.NOT_GOOD
    return Verdict.EQUAL


def is_carte_blanche(hand: int) -> bool:
    """A hand with no king, queen or knave (rules.md section 2)."""
    return not hand & (0x70707070)
