"""Exact odds against published figures, against counts made another way, and against a quick
simulation with a fixed seed that uses the engine's own combination finders.

The published figures are the "calculations" of Hoyle's Games (the chapter on Piquet, reprinted
throughout the nineteenth century): odds against, "x to 1", for the closed game, where a player
cannot see twenty cards (the talon's eight and his opponent's twelve) and elder takes five of
them, younger three. Hoyle rounds some of them ("about"); those are checked to his rounding.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb, sqrt

import pytest

from piquet_widgets.analysis.odds import (
    carte_blanche,
    draw_chance,
    draw_each_chance,
    one_in,
    point_lengths,
    sequence_at_least,
    set_at_least,
)
from piquet_widgets.engine.combinations import is_carte_blanche, points_of, sequences_of, sets_of

UNSEEN = range(20)  # the closed game: twenty cards a player cannot see
ACES, KINGS = (0, 1, 2, 3), (4, 5, 6, 7)


def against(chance: Fraction) -> Fraction:
    """Odds against, as Hoyle gives them: 'x to 1'."""
    return (1 - chance) / chance


# -- published figures -----------------------------------------------------------------------------


def test_carte_blanche_one_in_1792_43():
    chance = carte_blanche()
    assert chance == Fraction(comb(20, 12), comb(32, 12))
    assert round(one_in(chance), 2) == 1792.43
    assert int(against(chance)) == 1791  # Hoyle: "The odds of a carte blanche are 1791 to 1"


@pytest.mark.parametrize(
    ("what", "take", "wanted", "published"),
    [
        ("elder takes in one certain card", 5, [((0,), 1)], 3),
        ("elder takes in two certain cards", 5, [((0, 1), 2)], 18),
        ("elder takes in four aces", 5, [(ACES, 4)], 968),
        ("elder, one ace dealt, takes in the other three", 5, [(ACES[1:], 3)], 113),
        ("elder, three kings and three queens dealt, takes in both a king and a queen", 5, [((0,), 1), ((1,), 1)], 18),
        ("younger takes in three certain cards", 3, [((0, 1, 2), 3)], 1139),
        ("younger, no ace dealt, takes in one: 28 to 29", 3, [(ACES, 1)], Fraction(28, 29)),
    ],
)
def test_exact_published_odds(what, take, wanted, published):
    assert against(draw_each_chance(UNSEEN, take, wanted)) == published, what


@pytest.mark.parametrize(
    ("what", "take", "wanted", "published", "tolerance"),
    [
        ("elder, one ace dealt, takes in two of the other three: about 6 to 1", 5, [(ACES[1:], 2)], 6, 0.2),
        ("elder takes in two of four certain cards: about 3 to 1", 5, [(ACES, 2)], 3, 0.05),
        ("elder takes in the ace or the nine to his quart to the king: about 5 to 4", 5, [((0, 1), 1)], 1.25, 0.02),
        ("neither ace nor king dealt, both in two cards: about 11 to 1", 2, [(ACES, 1), (KINGS, 1)], 11, 0.2),
        ("... in three cards: 4 to 1", 3, [(ACES, 1), (KINGS, 1)], 4, 0.3),
        ("... in four cards: 9 to 5", 4, [(ACES, 1), (KINGS, 1)], 1.8, 0.1),
        ("younger takes in two certain cards: 62 to 1", 3, [((0, 1), 2)], 62, 0.5),
        ("younger, one ace dealt, takes in two of the other three: about 21 to 1", 3, [(ACES[1:], 2)], 21, 0.1),
        ("younger, one ace dealt, takes in one of the other three: 3 to 2", 3, [(ACES[1:], 1)], 1.5, 0.05),
    ],
)
def test_rounded_published_odds(what, take, wanted, published, tolerance):
    assert float(against(draw_each_chance(UNSEEN, take, wanted))) == pytest.approx(published, abs=tolerance), what


# -- the same numbers counted another way ------------------------------------------------------------


def test_point_lengths_add_up_and_agree_with_a_huitieme():
    lengths = point_lengths()
    assert sum(lengths.values()) == 1
    assert min(lengths) == 3 and max(lengths) == 8
    assert lengths[8] == sequence_at_least(8) == Fraction(4 * comb(24, 4), comb(32, 12))


def test_any_quatorze_by_inclusion_and_exclusion():
    hands = comb(32, 12)
    with_quatorze = sum((-1) ** (ranks + 1) * comb(5, ranks) * comb(32 - 4 * ranks, 12 - 4 * ranks) for ranks in range(1, 4))
    assert set_at_least(4) == Fraction(with_quatorze, hands)


def test_small_hands_by_enumeration():
    """Hands of three cards, counted one by one with the engine's finders."""
    hands = [sum(1 << card for card in cards) for cards in combinations(range(32), 3)]
    total = len(hands)
    assert carte_blanche(3) == Fraction(sum(map(is_carte_blanche, hands)), total)
    assert sequence_at_least(3, 3) == Fraction(sum(bool(sequences_of(hand)) for hand in hands), total)
    assert set_at_least(3, 3) == Fraction(sum(bool(sets_of(hand)) for hand in hands), total)
    assert point_lengths(3) == {
        length: Fraction(sum(points_of(hand)[0].length == length for hand in hands), total) for length in (1, 2, 3)
    }


def test_draw_chance_counts_cards_not_unseen_as_undrawable():
    talon = [0, 1, 2, 3, 4, 5, 6, 7]
    assert draw_chance(talon, 5, [0, 30], at_least=1) == draw_chance(talon, 5, [0], at_least=1) == Fraction(5, 8)
    assert draw_chance(talon, 5, [30, 31], at_least=1) == 0
    assert draw_chance(talon, 3, [0, 1], at_least=0) == 1


def test_bad_questions_are_refused():
    with pytest.raises(ValueError):
        sequence_at_least(2)
    with pytest.raises(ValueError):
        set_at_least(5)
    with pytest.raises(ValueError):
        carte_blanche(33)
    with pytest.raises(ValueError):
        draw_chance(range(8), 9, [0])
    with pytest.raises(ValueError):
        draw_each_chance(range(8), 5, [((0, 1), 1), ((1, 2), 1)])


# -- a quick simulation ----------------------------------------------------------------------------


def within(exact: Fraction, hits: int, trials: int) -> bool:
    """Within five standard errors of the exact chance."""
    p = float(exact)
    return abs(hits / trials - p) <= 5 * sqrt(p * (1 - p) / trials) + 1e-12


def test_dealt_hand_odds_against_a_simulation():
    rng = random.Random(1882)
    trials = 100_000
    hits = {"quint": 0, "quatorze": 0, "trio": 0}
    lengths: dict[int, int] = {}
    for _ in range(trials):
        hand = sum(1 << card for card in rng.sample(range(32), 12))
        length = points_of(hand)[0].length
        lengths[length] = lengths.get(length, 0) + 1
        sequences, sets = sequences_of(hand), sets_of(hand)
        hits["quint"] += bool(sequences) and sequences[0].length >= 5
        hits["quatorze"] += bool(sets) and sets[0].length == 4
        hits["trio"] += bool(sets)
    assert within(sequence_at_least(5), hits["quint"], trials)
    assert within(set_at_least(4), hits["quatorze"], trials)
    assert within(set_at_least(3), hits["trio"], trials)
    for length, chance in point_lengths().items():
        assert within(chance, lengths.get(length, 0), trials), length


def test_draw_odds_against_a_simulation():
    rng = random.Random(5)
    talon = list(range(8))
    trials = 20_000
    for take, wanted, at_least in ((5, [0, 1, 2], 2), (3, [0, 1, 2, 3], 1), (1, [7], 1)):
        hits = sum(len(set(rng.sample(talon, take)) & set(wanted)) >= at_least for _ in range(trials))
        assert within(draw_chance(talon, take, wanted, at_least), hits, trials)
