"""Exact odds of the dealt hand and of the draw, from combinatorics (no simulation).

Every answer is a `fractions.Fraction`. The dealt hand is a uniformly random set of `cards`
(12 by default) of the 32; counts of hands come from generating polynomials over the four suits
(or the eight ranks), so nothing is enumerated hand by hand.

>>> carte_blanche()
Fraction(323, 578956)
>>> round(one_in(carte_blanche()), 2)
1792.43
>>> sum(point_lengths().values())
Fraction(1, 1)
>>> round(float(sequence_at_least(5)), 4)        # a quint or better
0.0506

The draw is hypergeometric: taking `take` cards at random from `unseen` cards. In open piquet
elder's unseen cards are the eight of the talon; in the closed game, the twenty he cannot see.

>>> from piquet_widgets.engine import parse_cards
>>> talon = parse_cards("AS KS QS JS 7H 8H 9H TH")
>>> draw_chance(talon, 5, parse_cards("AS KS"), at_least=2)   # both, taking five of eight
Fraction(5, 14)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import product
from math import comb, prod

from piquet_widgets.engine.combinations import SET_RANKS, is_carte_blanche, sequences_of

__all__ = [
    "HAND", "carte_blanche", "point_lengths", "sequence_at_least", "set_at_least",
    "draw_chance", "draw_each_chance", "one_in",
]

HAND = 12
PACK = 32
SUIT_SIZE = 8


def _check_cards(cards: int) -> None:
    if not 0 <= cards <= PACK:
        raise ValueError(f"a hand has 0 to {PACK} cards, not {cards}")


def _times(left: list[int], right: list[int]) -> list[int]:
    """The product of two polynomials given by their coefficients, lowest power first."""
    result = [0] * (len(left) + len(right) - 1)
    for i, a in enumerate(left):
        for j, b in enumerate(right):
            result[i + j] += a * b
    return result


def _hands_with(polynomials: Iterable[list[int]], cards: int) -> int:
    """How many hands of `cards` cards there are, given one counting polynomial per disjoint part
    of the pack (coefficient i: the ways to hold i cards of that part)."""
    total = [1]
    for polynomial in polynomials:
        total = _times(total, polynomial)
    return total[cards] if cards < len(total) else 0


def _chance(count: int, cards: int) -> Fraction:
    return Fraction(count, comb(PACK, cards))


def carte_blanche(cards: int = HAND) -> Fraction:
    """Being dealt no king, queen or knave (rules.md section 2): 1 in 1,792.43 for 12 cards."""
    _check_cards(cards)
    holdings = [0] * (SUIT_SIZE + 1)
    for byte in range(256):
        if is_carte_blanche(byte):
            holdings[byte.bit_count()] += 1
    return _chance(_hands_with([holdings] * 4, cards), cards)


def point_lengths(cards: int = HAND) -> dict[int, Fraction]:
    """The length of the point (the longest suit) of the dealt hand: length -> chance."""
    _check_cards(cards)
    counts: dict[int, int] = {}
    for lengths in product(range(SUIT_SIZE + 1), repeat=4):
        if sum(lengths) == cards:
            longest = max(lengths)
            counts[longest] = counts.get(longest, 0) + prod(comb(SUIT_SIZE, length) for length in lengths)
    return {length: _chance(counts[length], cards) for length in sorted(counts)}


def sequence_at_least(length: int, cards: int = HAND) -> Fraction:
    """Holding a sequence of at least `length` cards (3 a tierce, 4 a quart, 5 a quint...)."""
    _check_cards(cards)
    if not 3 <= length <= SUIT_SIZE:
        raise ValueError(f"a sequence has 3 to {SUIT_SIZE} cards, not {length}")
    shorter = [0] * (SUIT_SIZE + 1)  # holdings of one suit whose sequences are all shorter
    for byte in range(256):
        if all(run.length < length for run in sequences_of(byte)):
            shorter[byte.bit_count()] += 1
    return 1 - _chance(_hands_with([shorter] * 4, cards), cards)


def set_at_least(size: int, cards: int = HAND) -> Fraction:
    """Holding `size` or more cards of one rank of A K Q J 10: 3 at least a trio, 4 a quatorze."""
    _check_cards(cards)
    if size not in (3, 4):
        raise ValueError(f"a set has 3 or 4 cards, not {size}")
    short_rank = [comb(4, held) for held in range(size)]  # fewer than `size` of a set rank
    any_rank = [comb(4, held) for held in range(5)]  # the nines, eights and sevens make no sets
    ranks = [short_rank] * len(SET_RANKS) + [any_rank] * (SUIT_SIZE - len(SET_RANKS))
    return 1 - _chance(_hands_with(ranks, cards), cards)


def draw_each_chance(unseen: Iterable[int], take: int, wanted: Sequence[tuple[Iterable[int], int]]) -> Fraction:
    """Taking `take` cards at random from the `unseen` cards: the chance of drawing at least
    `at_least` of each named group, for each (group, at_least) of `wanted` (the groups must not
    share a card; a named card that is not unseen cannot be drawn)."""
    pool = set(unseen)
    wanted = [(pool & set(cards), at_least) for cards, at_least in wanted]
    if not 0 <= take <= len(pool):
        raise ValueError(f"cannot take {take} of {len(pool)} cards")
    groups = [(len(cards), at_least) for cards, at_least in wanted]
    named = sum(size for size, _ in groups)
    if named != len(set().union(*(cards for cards, _ in wanted))):
        raise ValueError("the groups of wanted cards must not share a card")
    ways = 0
    for drawn in product(*(range(at_least, size + 1) for size, at_least in groups)):
        rest = take - sum(drawn)
        if rest >= 0:
            ways += prod(comb(size, count) for (size, _), count in zip(groups, drawn)) * comb(len(pool) - named, rest)
    return Fraction(ways, comb(len(pool), take))


def draw_chance(unseen: Iterable[int], take: int, wanted: Iterable[int], at_least: int = 1) -> Fraction:
    """Taking `take` cards at random from the `unseen` cards: the chance of drawing at least
    `at_least` of the `wanted` cards (hypergeometric)."""
    return draw_each_chance(unseen, take, [(wanted, at_least)])


def one_in(chance: Fraction) -> float:
    """'1 in N': N = 1 / chance."""
    return float(1 / chance)
