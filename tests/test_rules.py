"""One test or more for every rule of rules.md, on deals arranged by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import arranged_deal, declare_all, play_cards

from piquet_widgets.engine import (
    ELDER,
    PRESETS,
    YOUNGER,
    Category,
    Deal,
    Declare,
    Exchange,
    Phase,
    PiquetError,
    Play,
    Verdict,
    compare,
    deal_from_record,
    parse_cards,
    points_of,
    sequences_of,
    sets_of,
)
from piquet_widgets.engine.cards import mask_of

# the published example with its known score (a copy of the project brief's example file)
EXAMPLE = json.loads((Path(__file__).parent / "data" / "cavendish-example.json").read_text())
PIQUE = ("AS KS QS JS TS 9S AH KD 8D 8C 7C 7D", "KH QH JH TH 9H AD QD 9D AC 9C 8S 7S")
YOUNGER_REPIQUE = ("KD QD JD TD 9D 8D 7D KC QC JC TC 9C", "AH KH QH JH TH 9H 8H 7H AS AD AC KS")
CAPOT = ("AS KS QS JS TS 9S 8S 7S AH KH AD AC", "QH JH TH 9H 8H 7H KD QD JD KC QC JC")


def hand(text: str) -> int:
    return mask_of(parse_cards(text))


def kinds(deal: Deal) -> list[tuple[str, str, int]]:
    return [(event.kind, event.player.key, event.points) for event in deal.events]


# -- section 1 and 4: combinations ---------------------------------------------------------------
def test_point_is_longest_suit_then_card_values():
    best = points_of(hand("AH KH QH 8H AS KS QS 9S 7C 8C 9C TD"))[0]
    # spades A K Q 9 = 11 + 10 + 10 + 9 = 40 beat hearts A K Q 8 = 39; clubs 7 8 9 are shorter
    assert (best.length, best.top, best.name()) == (4, 40, "point of four")
    assert best.cards == parse_cards("AS KS QS 9S")


def test_sequences_are_maximal_runs_and_named():
    found = sequences_of(hand("AS KS QS JS TS 9S 9H 8H 7H AD KD QD"))
    assert [c.name() for c in found] == ["sixième major", "tierce major", "tierce minor"]
    assert [c.points for c in found] == [16, 3, 3]
    two_runs = sequences_of(hand("AC KC QC JC 9C 8C 7C"))
    assert [c.name() for c in two_runs] == ["quart major", "tierce minor"]


def test_sequence_names_to_the_queen_and_quint_scores_fifteen():
    found = sequences_of(hand("QH JH TH 9H KS QS JS TS 9S"))
    assert [(c.name(), c.points) for c in found] == [("quint to the king", 15), ("quart to the queen", 4)]


def test_sets_only_from_ten_up():
    found = sets_of(hand("AS AH AD AC JS JH JD 9S 9H 9D 9C TS"))
    assert [(c.name(), c.points) for c in found] == [("fourteen aces", 14), ("three knaves", 3)]


def test_quatorze_beats_any_trio_and_higher_rank_wins():
    tens = sets_of(hand("TS TH TD TC"))
    aces = sets_of(hand("AS AH AD"))
    assert compare(aces, tens) is Verdict.NOT_GOOD
    kings = sets_of(hand("KS KH KD"))
    assert compare(aces, kings) is Verdict.GOOD


def test_point_tie_on_length_goes_to_value_and_exact_tie_is_equal():
    a = points_of(hand("AS KS QS JS 7S"))[:1]
    b = points_of(hand("AH KH QH JH 8H"))[:1]
    assert compare(a, b) is Verdict.NOT_GOOD
    c = points_of(hand("AD KD QD JD 8D"))[:1]
    assert compare(b, c) is Verdict.EQUAL


# -- section 2: carte blanche --------------------------------------------------------------------
def test_carte_blanche_scores_ten_first_and_stands_after_the_exchange():
    elder = parse_cards("AS TS 9S 8S 7S AH TH 9H 8H 7H AD TD")
    rest = [c for c in range(32) if c not in elder]
    deal = Deal.new(elder, rest[:12], rest[12:])
    assert kinds(deal) == [("carte_blanche", "elder", 10)]
    deal = deal.apply(Exchange(parse_cards("7S 7H")))
    assert deal.events[0].kind == "carte_blanche"


def test_no_carte_blanche_with_a_knave():
    elder = parse_cards("AS TS 9S 8S 7S AH TH 9H 8H 7H AD JD")
    rest = [c for c in range(32) if c not in elder]
    assert Deal.new(elder, rest[:12], rest[12:]).events == ()


# -- section 3: exchange --------------------------------------------------------------------------
@pytest.fixture
def fresh() -> Deal:
    return Deal.from_seed(11)


def test_elder_discards_one_to_five_and_draws_from_the_top(fresh):
    with pytest.raises(PiquetError, match="from 1 to 5"):
        fresh.apply(Exchange(fresh.hand(ELDER)[:6]))
    with pytest.raises(PiquetError, match="from 1 to 5"):
        fresh.apply(Exchange(()))
    after = fresh.apply(Exchange(fresh.hand(ELDER)[:3]))
    assert set(fresh.talon[:3]) <= set(after.hand(ELDER))
    assert len(fresh.legal_actions()) == 1585


def test_younger_may_take_all_that_remains_after_elder(fresh):
    deal = fresh.apply(Exchange(fresh.hand(ELDER)[:1]))
    assert (deal.legal_actions().low, deal.legal_actions().high) == (1, 7)
    after = deal.apply(Exchange(deal.hand(YOUNGER)[:7]))
    assert set(fresh.talon[1:]) <= set(after.hand(YOUNGER))
    assert after.talon_left == ()


def test_younger_must_exchange_one_except_au_cent(fresh):
    deal = fresh.apply(Exchange(fresh.hand(ELDER)[:5]))
    with pytest.raises(PiquetError, match="Younger must discard from 1 to 3"):
        deal.apply(Exchange(()))
    au_cent = Deal.from_seed(11, PRESETS["au_cent"])
    au_cent = au_cent.apply(Exchange(au_cent.hand(ELDER)[:5]))
    assert au_cent.apply(Exchange(())).phase is Phase.DECLARATIONS


def test_cannot_discard_a_card_not_held(fresh):
    stranger = next(c for c in fresh.talon)
    with pytest.raises(PiquetError, match="you do not hold it"):
        fresh.apply(Exchange((stranger,)))


# -- section 4: declarations ----------------------------------------------------------------------
def test_cavendish_example_declarations_and_total():
    deal = deal_from_record(EXAMPLE["record"])
    assert kinds(deal)[:3] == [("point", "elder", 5), ("sequence", "elder", 4), ("sets", "younger", 17)]
    assert deal.scores == (EXAMPLE["expected"]["scores"]["elder"], EXAMPLE["expected"]["scores"]["younger"])
    assert deal.tricks_won == (7, 5)


def test_winner_scores_every_sequence_and_loser_none():
    deal = declare_all(arranged_deal("QH JH TH 9H 9C 8C 7C AS 7S 8D 7D 9D", "JS TS 9S 8S AC KC AD KD KH 8H 7H QC"))
    sequence = [e for e in deal.events if e.kind == "sequence"]
    # elder: quart to the queen (4) + tierce minor in clubs (3) + tierce minor in diamonds (3); younger quart to the knave
    assert [(e.player, e.points) for e in sequence] == [(ELDER, 10)]


def test_equal_sequences_score_nothing_for_either():
    deal = declare_all(arranged_deal("AS KS QS 9H 9D 7C 8H 7D 8C 7H TC 8S", "AH KH QH 9S 9C 7S JC QD JD TD AC TH"))
    assert not [e for e in deal.events if e.kind == "sequence"]


def test_sinking_a_combination_scores_nothing_for_it():
    deal = arranged_deal(*CAPOT)
    deal = deal.apply(deal.default_action()).apply(deal.apply(deal.default_action()).default_action())
    sunk = Declare(Category.SEQUENCE, ())
    deal = deal.apply(sunk).apply(deal.apply(sunk).default_action())
    # elder sinks his huitième: younger's sixième to the queen is then good, and with it
    # both his tierces to the king count: 16 + 3 + 3
    assert kinds(deal) == [("point", "elder", 8), ("sequence", "younger", 22)]


def test_declaring_what_one_does_not_hold_is_refused():
    deal = arranged_deal(*CAPOT)
    foreign = points_of(hand("QH JH TH 9H 8H 7H"))
    with pytest.raises(PiquetError, match="cannot declare the .* do not hold it"):
        deal.apply(Declare(Category.POINT, foreign))


# -- section 5: reckoning order, pique and repique -----------------------------------------------
def test_pique_reached_by_elder_lead_before_younger_scores():
    deal = play_cards(declare_all(arranged_deal(*PIQUE)), "AS 8S KS 7S QS 9C JS 9D TS QD 9S AC AH 9H KD")
    assert deal.scores[YOUNGER] == 0
    bonus = [e for e in deal.events if e.kind in ("pique", "repique")]
    assert [(e.kind, e.player, e.points, e.trick) for e in bonus] == [("pique", ELDER, 30, 8)]
    assert deal.scores[ELDER] == 6 + 16 + 8 + 30


def test_repique_by_younger_although_elder_leads_first():
    deal = declare_all(arranged_deal(*YOUNGER_REPIQUE))
    assert kinds(deal) == [
        ("point", "younger", 8), ("sequence", "younger", 18), ("sets", "younger", 14), ("repique", "younger", 60),
    ]


def test_capot_scores_forty_not_ten_and_never_counts_for_pique():
    deal = declare_all(arranged_deal(*CAPOT))
    deal = play_cards(deal, "AS QH KS JH QS TH JS 9H TS 8H 9S 7H 8S KD 7S QD AH JD KH KC AD QC AC JC")
    assert deal.phase is Phase.FINISHED and deal.tricks_won == (12, 0)
    assert [e.kind for e in deal.events].count("capot") == 1 and "cards" not in [e.kind for e in deal.events]
    assert deal.events[-1].points == 40
    assert [e.kind for e in deal.events].count("repique") == 1 and "pique" not in [e.kind for e in deal.events]


def test_equality_does_not_save_a_pique():
    # points of five worth 50 each: nobody scores the point, younger stays at 0, elder piques
    deal = declare_all(arranged_deal("AS KS QS JS 9S AD KD QD JD AC KC QC", "AH KH QH TH 9H 8S 7S TS TD 9D 8D 7D"))
    assert not any(e.kind == "point" for e in deal.events)
    assert deal.scores == (20, 0)  # sequences 4 + 4 + 3, sets 3 + 3 + 3
    deal = play_cards(deal, "AS TS KS 8S QS 7S JS 9H 9S TH AD TD KD 9D QD 8D JD 7D AC QH")
    assert [(e.kind, e.trick) for e in deal.events if e.kind == "pique"] == [("pique", 10)]


# -- section 6: play -------------------------------------------------------------------------------
def test_must_follow_suit_and_message_names_the_suit():
    deal = play_cards(declare_all(arranged_deal(*PIQUE)), "AS")
    with pytest.raises(PiquetError, match="You must follow spades while you hold one"):
        deal.apply(Play(parse_cards("KH")[0]))


def test_out_of_turn_and_not_held_are_refused_and_change_nothing():
    deal = declare_all(arranged_deal(*PIQUE))
    before = (deal.hands, deal.events, deal.tricks)
    with pytest.raises(PiquetError, match="You do not hold the king of hearts"):
        deal.apply(Play(parse_cards("KH")[0]))  # younger's card while elder is to lead
    assert (deal.hands, deal.events, deal.tricks) == before


def test_second_player_scores_only_when_winning_and_last_trick_scores_one_more():
    deal = deal_from_record(EXAMPLE["record"])
    wins = [e for e in deal.events if e.kind == "win"]
    assert all(deal.tricks[e.trick - 1].winner is e.player is not deal.tricks[e.trick - 1].leader for e in wins)
    last = [e for e in deal.events if e.kind == "last"]
    assert len(last) == 1 and last[0].player is deal.tricks[-1].winner


def test_six_tricks_each_scores_no_cards():
    deal = declare_all(arranged_deal(*CAPOT))
    plays = "AS QH KS JH QS TH JS 9H TS 8H 9S 7H 8S KD 7S QD AH JD KH KC"
    deal = play_cards(deal, plays)  # elder has taken 10 tricks; nothing decided about cards yet
    assert deal.phase is Phase.PLAY and not any(e.kind in ("cards", "capot") for e in deal.events)


def test_low_cards_do_not_score_when_switched_off():
    rules = PRESETS["low_cards"]
    deal = declare_all(arranged_deal(*PIQUE, rules=rules))
    led = play_cards(deal, "9S")
    assert led.scores == deal.scores
    led = play_cards(deal, "AS")
    assert led.scores[ELDER] == deal.scores[ELDER] + 1


def test_nothing_after_the_deal_ended():
    deal = deal_from_record(EXAMPLE["record"])
    with pytest.raises(PiquetError, match="The deal is over"):
        deal.apply(Play(parse_cards("AS")[0]))
