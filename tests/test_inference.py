"""Inference from what was heard (analysis/inference.py): the closed sampler draws the opponent's
hands in proportion to how likely each was to speak and exchange as he did. A hand that
contradicts what was heard is never sampled; a hand consistent with it — the real one, whether
its holder declared in full or sank — always can be."""

from __future__ import annotations

import random

from closed_helpers import _extra, arranged
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import random_timeline

from piquet_widgets.analysis.closed import exact_deals, sample_deals
from piquet_widgets.analysis.inference import COUNT_WEIGHT, SINK_WEIGHT, count_weight, speech_weight
from piquet_widgets.analysis.observation import observe
from piquet_widgets.analysis.players import BASELINE_LEVELS, CLOSED_LEVELS, get_player
from piquet_widgets.engine import ELDER, YOUNGER, Deal, Exchange, Phase, Play, parse_card, parse_cards
from piquet_widgets.engine.cards import mask_of
from piquet_widgets.engine.combinations import best_declaration, points_of

# Elder: a point of five spades and nothing else; younger: a point of six clubs, which is also a
# quart to the ten. "Point of five." — "Not good." Elder has no sequence: silence; younger's quart.
ELDER_FIVE = "AS QS TS 8S 7S AH 9H 7H KD 9D 7D JC"
YOUNGER_SIX = "KC QC TC 9C 8C 7C KH QH TH 8H QD JD"


def declared(elder: str, younger: str) -> Deal:
    """`closed_helpers.arranged(elder, younger)` with both exchanges made and everything declared
    in full: elder to lead to trick 1."""
    deal = arranged(elder, younger)
    deal = deal.apply(Exchange((_extra(deal, ELDER, elder),)))
    deal = deal.apply(Exchange((_extra(deal, YOUNGER, younger),)))
    while deal.phase is Phase.DECLARATIONS:
        deal = deal.apply(deal.default_action())
    return deal


def younger_view():
    """Younger's observation after elder led the ace of spades: she won the point, so elder's
    five spades were named by their length and never shown."""
    deal = declared(ELDER_FIVE, YOUNGER_SIX).apply(Play(parse_card("AS")))
    seen = observe(deal, YOUNGER)
    assert seen.announced[0].elder == ((5, 0),) and seen.announced[0].verdict.value == "not_good"
    assert not seen.announced[0].shown
    return deal, seen


def test_a_hand_that_contradicts_the_announcement_has_no_weight():
    _deal, seen = younger_view()
    # Elder's hand with his seven of spades swapped for the eight of hearts: four spades, four
    # hearts. Without five cards of a suit he cannot say "Point of five", even by sinking.
    no_five = mask_of(parse_cards("AS QS TS 8S AH 9H 8H 7H KD 9D 7D JC"))
    assert not any(point.length == 5 for point in points_of(no_five))
    assert speech_weight(seen, no_five) == 0.0


def test_a_hand_that_contradicts_what_was_heard_is_never_sampled():
    _deal, seen = younger_view()
    samples = sample_deals(seen, 60, random.Random(3))
    assert len(samples) == 60
    held = set()
    for sample in samples:
        hand = mask_of(sample.hand(ELDER)) | mask_of(seen.played_by(ELDER))
        assert any(point.length == 5 for point in points_of(hand)), "a sample that cannot say 'Point of five'"
        assert speech_weight(seen, hand) > 0
        assert observe(sample, YOUNGER) == seen
        held.add(hand)
    assert len(held) > 10  # the samples vary: the constraint is not met by pinning one hand


def test_a_player_who_may_sink_is_read_with_a_small_weight_not_zero():
    """Elder said nothing of sets (younger's three queens were "Not good"): a hand with three
    aces could have sunk them."""
    _deal, seen = younger_view()
    real = mask_of(parse_cards(ELDER_FIVE))
    three_aces = mask_of(parse_cards("AS QS TS 8S 7S AH 9H 7H AD 9D 7D JC"))
    assert not seen.seen_mask() & three_aces & ~mask_of(seen.played_by(ELDER))  # none of her cards
    assert seen.announced[2].elder == () and seen.announced[2].verdict.value == "not_good"
    assert speech_weight(seen, real) == 1.0
    assert speech_weight(seen, three_aces) == SINK_WEIGHT


def test_the_discard_count_weighs_without_excluding():
    """A quint, three aces and a king, and four scattered low cards: most likely to have taken
    four; taking two is possible, only less likely; taking all five tells nothing (good players
    take all they may with almost any hand), whatever the hand."""
    hand = mask_of(parse_cards("AS KS QS JS TS AH KH AD 7D 8C 9H 7C"))
    assert count_weight(hand, 4, 1, 5) == 1.0
    assert count_weight(hand, 2, 1, 5) == COUNT_WEIGHT > 0
    assert count_weight(hand, 5, 1, 5) == 1.0
    assert count_weight(hand, 3, 1, 3) == 1.0  # younger, after elder took five: three is all
    assert count_weight(hand, 2, 1, 3) == COUNT_WEIGHT  # her rule of thumb takes three


def test_exact_deals_enumerate_every_holding_consistent_with_what_was_heard():
    """Late in the play, every holding of the opponent's last cards that agrees with what was
    heard is solved, the real one among them, and none that does not agree."""
    timeline = [state for state in random_timeline(11, sinking=False) if state.phase is Phase.PLAY]
    deal = next(state for state in timeline if len(state.hand(ELDER)) == 3 and state.to_move is ELDER)
    seen = observe(deal, ELDER)
    exact = exact_deals(seen, 100, random.Random(0))
    assert exact, "few enough holdings to enumerate"
    holdings = {mask_of(sample.hand(YOUNGER)) for sample, _weight in exact}
    assert mask_of(deal.hand(YOUNGER)) in holdings
    assert len(holdings) == len(exact)
    for sample, weight in exact:
        assert weight > 0 and observe(sample, ELDER) == seen


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9))
def test_the_real_hand_always_has_weight(seed):
    """Whatever the opponent declared (in full, or sinking at random), his real hand agrees with
    what was heard: weight 1 when he declared everything, at least a sinker's otherwise."""
    for deal in random_timeline(seed):
        if deal.phase is Phase.EXCHANGE or deal.phase is Phase.FINISHED:
            continue
        seat = deal.to_move
        other = seat.other
        seen = observe(deal, seat)
        real = mask_of(deal.hand(other)) | mask_of(seen.played_by(other))
        in_full = all(
            declaration.combinations == best_declaration(declaration.category, real)
            for declaration in deal.declarations if declaration.player is other
        )
        weight = speech_weight(seen, real)
        assert weight == 1.0 if in_full else weight >= SINK_WEIGHT ** 3


def test_the_baselines_are_named_levels_apart_from_the_table_levels():
    assert BASELINE_LEVELS == ("closed_club_baseline", "closed_expert_baseline")
    assert not set(BASELINE_LEVELS) & set(CLOSED_LEVELS)
    deal = Deal.from_seed(4)
    for level in BASELINE_LEVELS:
        assert get_player(level).choose_action(deal) in deal.legal_actions()
