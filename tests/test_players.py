"""The computer players: the beginner always legal, deterministic and plausible in its discards;
no level, open or closed, choosing its exchange by the order of the talon it cannot see."""

from __future__ import annotations

import pytest
from test_closed import without_deadline  # noqa: F401  (autouse: the closed levels here decide without their deadline)

from piquet_widgets.analysis.players import CLOSED_LEVELS, LEVELS, PLAYERS, SimplePlayer, choose_action, complete, get_player, register_player
from piquet_widgets.engine import ELDER, YOUNGER, Deal, Exchange, Phase, PiquetError, Play, Seat, parse_cards
from piquet_widgets.engine.cards import mask_of


@pytest.mark.parametrize("seed", range(0, 300, 7))
def test_the_beginner_finishes_every_deal_following_suit_as_cheaply_as_it_can(seed):
    timeline = complete(Deal.from_seed(seed))
    final = timeline[-1]
    assert final.phase is Phase.FINISHED and sum(final.tricks_won) == 12
    for before, after in zip(timeline, timeline[1:]):
        if before.phase is Phase.EXCHANGE:
            choices = before.legal_actions()
            assert choices.low <= len(after.actions[-1].discards) <= choices.high
        elif before.phase is Phase.PLAY and before.led is not None:
            # Second to play: the lowest card that wins the trick, else the lowest of the suit.
            reply = after.actions[-1].card
            same = [card for card in before.hand(before.to_move) if card.suit == before.led.suit]
            winners = [card for card in same if card > before.led]
            if same:
                assert reply == min(winners or same)
            else:
                assert reply.suit != before.led.suit


def test_the_beginner_is_deterministic():
    assert complete(Deal.from_seed(11))[-1].events == complete(Deal.from_seed(11))[-1].events


def test_the_beginner_keeps_a_quint_and_discards_loose_low_cards():
    # Elder holds a quint major in hearts, the 8♥ and six loose sevens and nines.
    elder = parse_cards("AH KH QH JH TH 8H 7S 9S 7D 9D 7C 9C")
    younger = parse_cards("AS KS QS JS TS AD KD QD JD TD AC KC")
    rest = [card for card in range(32) if card not in elder and card not in younger]
    action = choose_action(Deal.new(elder, younger, rest))
    assert isinstance(action, Exchange) and len(action.discards) == 5
    assert not mask_of(action.discards) & mask_of(parse_cards("AH KH QH JH TH 8H"))


def test_the_second_player_wins_as_cheaply_as_he_can():
    deal = Deal.from_seed(5)
    while deal.phase is not Phase.PLAY:
        deal = deal.apply(choose_action(deal))
    deal = deal.apply(Play(deal.playable_cards()[-1]))  # elder leads his lowest card of the last suit
    assert deal.led == parse_cards("8C")[0]
    winners = [card for card in deal.playable_cards() if card.suit == deal.led.suit and card > deal.led]
    assert set(winners) == set(parse_cards("QC AC"))  # younger can win with the queen or the ace
    assert SimplePlayer().choose_card(deal) == parse_cards("QC")[0]


def test_levels_are_registered_by_name():
    assert isinstance(get_player("beginner"), SimplePlayer)
    with pytest.raises(PiquetError):
        get_player("grandmaster")
    register_player("test-level", SimplePlayer)
    try:
        assert isinstance(get_player("test-level"), SimplePlayer)
    finally:
        del PLAYERS["test-level"]


def test_complete_accepts_one_player_per_seat():
    timeline = complete(Deal.from_seed(4), {0: SimplePlayer(), 1: SimplePlayer()})
    assert timeline[-1].phase is Phase.FINISHED
    assert timeline[0].to_move is ELDER


# -- what a seat cannot see ------------------------------------------------------------------------
def talon_twins(seed: int, seat: Seat) -> tuple[Deal, Deal]:
    """Two deals at `seat`'s exchange that differ only in the order of talon cards nobody has seen
    (rules.md section 8b): for elder the whole talon; for younger the cards elder left, elder
    having drawn the same cards in both."""
    deal = Deal.from_seed(seed)
    if seat is ELDER:
        return deal, Deal.new(deal.dealt(ELDER), deal.dealt(YOUNGER), tuple(reversed(deal.talon)), deal.rules)
    discards = choose_action(deal).discards
    taken = len(discards)
    talon = deal.talon[:taken] + tuple(reversed(deal.talon[taken:]))
    twin = Deal.new(deal.dealt(ELDER), deal.dealt(YOUNGER), talon, deal.rules)
    return deal.apply(Exchange(discards)), twin.apply(Exchange(discards))


@pytest.mark.parametrize("seat", [ELDER, YOUNGER], ids=["elder", "younger"])
@pytest.mark.parametrize("level", [pytest.param(level, marks=[pytest.mark.slow] if "expert" in level else []) for level in [*LEVELS, *CLOSED_LEVELS]])
def test_no_level_chooses_its_exchange_by_the_order_of_the_talon(level, seat):
    """A seat cannot tell these deals apart, open or closed, so its exchange must be the same
    (the closed expert's deadline aside: the clock, not the talon, may cut it short)."""
    for seed in (2, 5, 12):
        deal, twin = talon_twins(seed, seat)
        assert deal.to_move is seat and deal.hands == twin.hands and deal.talon_left != twin.talon_left
        assert get_player(level).choose_action(deal) == get_player(level).choose_action(twin), seed
