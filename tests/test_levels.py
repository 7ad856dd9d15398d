"""The three computer players: registered by name, always legal, deterministic, the expert's card
always a best card by the solver; the practice table's level menu."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from widget_helpers import find

from piquet_widgets.analysis.advisor import advise_exchange
from piquet_widgets.analysis.players import (
    LEVELS,
    PLAYERS,
    ClubPlayer,
    ExpertPlayer,
    SimplePlayer,
    complete,
    get_player,
)
from piquet_widgets.analysis.solve import solve_position
from piquet_widgets.analysis.solver import Solver
from piquet_widgets.engine import ELDER, YOUNGER, Deal, Exchange, Phase, Play, Position, PRESETS
from piquet_widgets.engine.cards import mask_of
from piquet_widgets.widgets.practice import PracticeTable

SEEDS = (1, 7, 12, 2024)


def played_card(before: Deal, after: Deal):
    return after.led if after.led is not None else after.tricks[-1].reply


def test_three_levels_are_registered_by_name():
    assert LEVELS == ("beginner", "club", "expert")
    assert all(level in PLAYERS for level in LEVELS)
    assert isinstance(get_player("beginner"), SimplePlayer)
    assert isinstance(get_player("club"), ClubPlayer) and get_player("club").level == "club"
    assert isinstance(get_player("expert"), ExpertPlayer) and get_player("expert").level == "expert"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("pair", [("club", "expert"), ("expert", "beginner"), ("beginner", "club")])
def test_every_level_plays_its_own_choices_in_either_seat(seed, pair):
    deal = Deal.from_seed(seed)
    timeline = complete(deal, {ELDER: get_player(pair[0]), YOUNGER: get_player(pair[1])})
    assert timeline[-1].phase is Phase.FINISHED and sum(timeline[-1].tricks_won) == 12
    # Each seat's every move is what a fresh player of its level chooses there (levels are
    # deterministic): the levels were not swapped or replaced by the beginner.
    judges = {ELDER: get_player(pair[0]), YOUNGER: get_player(pair[1])}
    moves = 0
    for before, after in zip(timeline, timeline[1:]):
        if before.phase in (Phase.EXCHANGE, Phase.PLAY):
            assert after.actions[-1] == judges[before.to_move].choose_action(before)
            moves += 1
    assert moves == 2 + 24  # two exchanges and 24 cards


@pytest.mark.parametrize("level", ["club", "expert"])
def test_club_and_expert_are_deterministic(level):
    deal = Deal.from_seed(31)
    first = complete(deal, get_player(level))[-1]
    second = complete(deal, get_player(level))[-1]
    assert first.events == second.events and first.discards == second.discards


def test_one_expert_plays_deal_after_deal_with_a_new_solver_for_each():
    expert = ExpertPlayer()
    for seed in (3, 4):
        deal = Deal.from_seed(seed)
        alone = complete(deal, ExpertPlayer())[-1]
        assert complete(deal, expert)[-1].events == alone.events


def test_the_elder_expert_does_not_look_at_the_order_of_the_talon():
    # The same cards in the talon, in another order: elder's choice must not change.
    deal = Deal.from_seed(5)
    shuffled = Deal.new(deal.dealt(ELDER), deal.dealt(YOUNGER), tuple(reversed(deal.talon)))
    assert ExpertPlayer().choose_action(deal) == ExpertPlayer().choose_action(shuffled)


def test_the_younger_expert_does_not_look_at_the_order_of_the_cards_left():
    # Elder drew the same cards; the cards left lie in another order: younger's choice must not change.
    deal = Deal.from_seed(5)
    elder_discards = ExpertPlayer().choose_action(deal)
    taken = len(elder_discards.discards)
    talon = deal.talon[:taken] + tuple(reversed(deal.talon[taken:]))
    shuffled = Deal.new(deal.dealt(ELDER), deal.dealt(YOUNGER), talon)
    assert ExpertPlayer().choose_action(deal.apply(elder_discards)) == ExpertPlayer().choose_action(shuffled.apply(elder_discards))


@pytest.mark.parametrize("seed", SEEDS)
def test_the_club_exchange_is_close_to_the_advisors_best(seed):
    deal = Deal.from_seed(seed)
    for _ in range(2):  # elder, then younger
        action = ClubPlayer().choose_action(deal)
        advice = advise_exchange(deal)
        mine = next(item for item in advice if mask_of(item.discards) == mask_of(action.discards))
        assert mine.expected >= advice[0].expected - ClubPlayer.margin - 1e-9
        deal = deal.apply(action)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("rules", ["rubicon", "low_cards"])
def test_the_experts_card_always_has_the_solvers_best_value(seed, rules):
    deal = Deal.from_seed(seed, PRESETS[rules])
    # The expert plays both seats against the club player's choices in the other seat.
    players = {ELDER: ExpertPlayer(), YOUNGER: ClubPlayer()} if seed % 2 else {ELDER: ClubPlayer(), YOUNGER: ExpertPlayer()}
    timeline = complete(deal, players)
    expert_seat = next(seat for seat, player in players.items() if isinstance(player, ExpertPlayer))
    checked = 0
    for before, after in zip(timeline, timeline[1:]):
        if before.phase is Phase.PLAY and before.to_move is expert_seat:
            solution = solve_position(Position.of_deal(before), Solver())  # a fresh solver: independent
            assert solution.cards[played_card(before, after)] == solution.value
            checked += 1
    assert checked == 12


def test_the_club_player_never_plays_a_card_the_beginner_rollout_rates_worse():
    # Its card is the best of its one-card look-ahead: no other card scores more in the rollout.
    deal = Deal.from_seed(9)
    timeline = complete(deal, ClubPlayer())
    for before, after in zip(timeline, timeline[1:]):
        if before.phase is Phase.PLAY:
            sign = 1 if before.to_move is ELDER else -1

            def outcome(card):
                final = complete(before.apply(Play(card)), SimplePlayer())[-1]
                return sign * (final.scores[ELDER] - final.scores[YOUNGER])

            chosen = outcome(played_card(before, after))
            assert all(outcome(card) <= chosen for card in before.playable_cards())


# -- the practice table's level menu ------------------------------------------------------------------
def test_the_practice_table_has_a_level_menu_that_changes_the_computer():
    table = PracticeTable(declare_for_me=True, role="elder", deal=7)
    menu = find(table, "pw-level")
    assert [value for _label, value in menu.options] == list(PLAYERS)
    assert dict((value, label) for label, value in menu.options)["expert"] == "Computer: expert"
    assert menu.value == "beginner" and isinstance(table.computer, SimplePlayer)
    menu.value = "expert"
    assert table.level == "expert" and isinstance(table.computer, ExpertPlayer)
    # The expert now answers the learner's exchange as younger.
    for card in table.deal.hand(ELDER)[:2]:
        table.click(ELDER, card)
    table.confirm()
    expected = ExpertPlayer().choose_action(Deal.from_seed(7).apply(Exchange(tuple(Deal.from_seed(7).hand(ELDER)[:2]))))
    assert table.deal.discards[YOUNGER] == expected.discards


def test_the_level_can_be_chosen_when_the_table_is_made():
    table = PracticeTable(declare_for_me=True, role="younger", deal=7, level="club")
    assert find(table, "pw-level").value == "club" and isinstance(table.computer, ClubPlayer)
    table.set_level("grandmaster")  # unknown: ignored
    assert table.level == "club"


# -- the match benchmark runs ---------------------------------------------------------------------
def test_the_match_benchmark_plays_duplicate_pairs():
    sys.path.insert(0, str(Path(__file__).parents[1] / "benchmarks"))
    try:
        import bench_match
    finally:
        sys.path.pop(0)
    margin, *_times = bench_match.play_pair("club", "club", 3)
    assert margin == 0  # the same player in both seats of the same cards: the luck cancels
    result = bench_match.run_match("club", "beginner", deals=3, seed=0, workers=1)
    assert result["low"] <= result["mean"] <= result["high"] and result["deals"] == 3
