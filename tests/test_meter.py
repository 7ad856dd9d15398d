"""The pique and repique meter (teach/meter.py): progress towards 30 and whether the door is open,
at chosen moments of hand-checked deals (rules.md section 5)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import random_timeline
from widget_helpers import load

from piquet_widgets.engine import ELDER, YOUNGER, Deal, Phase, deal_from_record, parse_cards, record_timeline
from piquet_widgets.teach.meter import CLOSED, OPEN, SCORED, meter, no_bonus_sentence

CAVENDISH = load("walkthrough_cavendish.json")["record"]
PIQUE = load("walkthrough_pique.json")["record"]
REPIQUE = load("walkthrough_repique_younger.json")["record"]
CAPOT = load("walkthrough_capot.json")["record"]
CAPOT_NO_PIQUE = load("walkthrough_capot_no_pique.json")["record"]


def after_declarations(record, count: int) -> Deal:
    """The deal once `count` declarations have been made (2 per category)."""
    return record_timeline(record)[3 + count - 1] if count else record_timeline(record)[2]


def after_cards(record, count: int) -> Deal:
    return record_timeline(record)[8 + count]


def test_at_the_deal_both_may_still_get_a_bonus_but_younger_never_a_pique():
    deal = record_timeline(CAVENDISH)[0]
    elder, younger = meter(deal, ELDER), meter(deal, YOUNGER)
    assert (elder.status, elder.progress, elder.needed) == (OPEN, 0, 30)
    assert (younger.status, younger.bonus) == (OPEN, "repique")
    assert "Younger can never pique" in younger.sentence
    assert "30 more" in elder.sentence


def test_elders_point_shuts_youngers_repique():
    deal = after_declarations(CAVENDISH, 2)  # elder's point of five, 5 points
    younger = meter(deal, YOUNGER)
    assert younger.status == CLOSED
    assert younger.sentence.startswith("Repique no longer possible: elder's point reckons first.")
    elder = meter(deal, ELDER)
    assert (elder.status, elder.progress, elder.needed) == (OPEN, 5, 25)


def test_youngers_sets_score_before_elder_reaches_thirty():
    deal = after_declarations(CAVENDISH, 6)  # elder 5 + 4 = 9, then younger's 17 for sets
    elder = meter(deal, ELDER)
    assert (elder.status, elder.progress) == (CLOSED, 9)
    assert "younger's sets scored before elder reached thirty" in elder.sentence
    assert "nor a pique" in elder.sentence


def test_youngers_point_reckons_first():
    deal = after_declarations(REPIQUE, 2)  # younger's point of five beats elder's four
    elder = meter(deal, ELDER)
    assert elder.status == CLOSED
    assert elder.sentence.startswith("Repique no longer possible: younger's point reckons first")


def test_younger_repiques_with_43_from_the_declarations():
    deal = after_declarations(REPIQUE, 6)
    younger = meter(deal, YOUNGER)
    assert (younger.status, younger.bonus, younger.progress) == (SCORED, "repique", 5 + 18 + 20)
    assert younger.sentence.startswith("Repique")
    elder = meter(deal, ELDER)
    assert elder.status == CLOSED and "repique" in elder.sentence


def test_an_equality_does_not_save_a_pique():
    deal = after_declarations(PIQUE, 2)  # points equal: nobody scores
    elder = meter(deal, ELDER)
    assert (elder.status, elder.progress) == (OPEN, 0)
    assert "Equalities do not save a pique" in elder.sentence
    younger = meter(deal, YOUNGER)
    assert younger.status == OPEN and "Equalities do not save a repique" in younger.sentence


def test_after_the_declarations_only_the_pique_remains():
    deal = after_declarations(PIQUE, 6)  # elder: 0 + 6 + 14 = 20, younger 0
    assert deal.phase is Phase.PLAY
    elder = meter(deal, ELDER)
    assert (elder.status, elder.bonus, elder.progress, elder.needed) == (OPEN, "pique", 20, 10)
    assert "Repique no longer possible: the declarations are over" in elder.sentence
    assert "Pique still possible: elder needs 10 more points" in elder.sentence
    younger = meter(deal, YOUNGER)
    assert younger.status == CLOSED and "elder's sequences reckon first" in younger.sentence


# Deal.from_seed(6) with the beginner's discards: younger wins all three categories, 5 + 3 + 14 =
# 22, short of 30; elder scores nothing in the declarations.
YOUNGER_SHORT = {
    "elder": "AS TS 9S JH 8H JD TD 7D AC QC TC 8C",
    "younger": "KS KH QH TH 9H AD KD 9D 8D KC JC 9C",
    "talon": "QD JS 7S 8S 7H 7C AH QS",
    "elder_discards": "8H 7D 9S JH 8C",
    "younger_discards": "9C 8D 9D",
    "play": "",
}


def test_younger_is_told_the_declarations_are_over():
    timeline = record_timeline(YOUNGER_SHORT)
    during, after = timeline[-2], timeline[-1]  # before and after younger's sets
    assert during.scores == (0, 8) and after.scores == (0, 22) and after.phase is Phase.PLAY
    assert meter(during, YOUNGER).status == OPEN
    assert "needs 22 more points" in meter(during, YOUNGER).sentence
    younger = meter(after, YOUNGER)
    assert (younger.status, younger.progress) == (CLOSED, 22)
    assert younger.sentence == "Repique no longer possible: the declarations are over. Younger can never pique."


def test_one_point_short_is_said_in_the_singular():
    # Nine leads by elder (tricks 1–9) = 29: cards 1, 3, …, 17 are elder's leads.
    deal = after_cards(PIQUE, 17)
    assert deal.scores == (29, 0)
    assert "needs 1 more point in the play" in meter(deal, ELDER).sentence


def test_the_pique_is_scored_at_the_tenth_lead():
    deal = after_cards(PIQUE, 19)
    elder = meter(deal, ELDER)
    assert (elder.status, elder.bonus, elder.progress) == (SCORED, "pique", 30)
    assert elder.sentence.startswith("Pique")
    younger = meter(deal, YOUNGER)
    assert younger.status == CLOSED and "elder has scored the pique" in younger.sentence


# Deal.from_seed(2) played by the beginner: younger scores nothing in the declarations and his
# first point is trick 9, won as second player with the A♥, while elder has only 21.
TRICK_SAVES = {
    "rules": "rubicon",
    "elder": "AS JS 7S KH 9H JD 9D 8D 7D AC QC 8C",
    "younger": "KS 8S AH QH JH 8H 7H KD TD JC TC 7C",
    "talon": "QD AD QS 9C TH KC 9S TS",
    "elder_discards": "7S 9H 8C JS QC",
    "younger_discards": "8S 7C TD",
    "play": "AD KD QD 7H JD 8H 9D 9S AS TS AC TC 8D JH 7D QH TH AH KC 9C KS QS JC KH",
}


def test_a_pique_out_of_reach_is_said_as_soon_as_the_play_begins():
    timeline = record_timeline(TRICK_SAVES)
    start = timeline[8]  # the declarations over: elder 12, younger 0; twelve leads and the last trick make 25 at most
    assert start.phase is Phase.PLAY and start.scores == (12, 0) and not start.tricks
    elder = meter(start, ELDER)
    assert (elder.status, elder.bonus, elder.progress) == (CLOSED, None, 12)
    assert elder.sentence == "Pique no longer possible: elder has 12 and can make at most 13 more points in the tricks left, short of thirty."
    assert no_bonus_sentence(start) == (
        "No pique or repique this deal: elder cannot reach thirty in the tricks left; elder scored first."
    )


def test_younger_winning_a_trick_ends_the_pique():
    timeline = record_timeline(TRICK_SAVES)
    # Trick 9 is the 17th and 18th cards: elder leads the 10♥, younger wins with the A♥.
    before, after = timeline[8 + 16], timeline[8 + 18]
    assert before.scores[YOUNGER] == 0 and before.scores[ELDER] < 30
    assert after.scores[YOUNGER] == 1  # the trick won as second player
    assert meter(after, ELDER).status == CLOSED
    assert meter(after, ELDER).sentence.startswith("Pique no longer possible: younger scored in trick 9")


def test_the_cards_and_capot_never_count_towards_a_pique():
    deal = deal_from_record(CAPOT_NO_PIQUE)
    assert deal.scores == (67, 0)  # 14 + 12 leads + 1 last + 40 capot
    elder = meter(deal, ELDER)
    assert (elder.status, elder.progress) == (CLOSED, 27)
    assert "never count towards a pique" in elder.sentence


def test_capot_after_youngers_declarations_gives_no_pique():
    deal = deal_from_record(CAPOT)
    elder = meter(deal, ELDER)
    assert elder.status == CLOSED and "younger's point reckons first" in elder.sentence
    assert elder.progress == 0  # the meter stopped when younger's point shut the door, before elder's sets
    assert deal.scores[ELDER] == 6 + 12 + 1 + 40  # sets, twelve leads, the last trick, the capot: none of it counted


def test_a_carte_blanche_reckons_first():
    elder = parse_cards("KS QS JS KH QH JH KD QD JD KC QC JC")
    younger = parse_cards("AS TS 9S 8S AH TH 9H 8H AD TD 9D 8D")
    talon = parse_cards("7S 7H 7D 7C AC TC 9C 8C")
    deal = Deal.new(elder, younger, talon)
    assert meter(deal, YOUNGER).progress == 10 and meter(deal, YOUNGER).status == OPEN
    assert "younger's carte blanche reckons first" in meter(deal, ELDER).sentence


def test_the_meters_stop_when_neither_bonus_is_possible_and_say_why_once():
    # Cavendish's deal: elder 5 (point) + 4 (quart), then younger's sets (17) before elder
    # reached thirty; elder's point had already shut younger's repique.
    timeline = record_timeline(CAVENDISH)
    before = after_declarations(CAVENDISH, 4)
    assert no_bonus_sentence(before) is None  # elder may still repique or pique
    shut = after_declarations(CAVENDISH, 6)
    assert no_bonus_sentence(shut) == (
        "No pique or repique this deal: younger scored before elder reached thirty; elder scored first."
    )
    final = timeline[-1]
    elder, younger = meter(final, ELDER), meter(final, YOUNGER)
    assert (elder.progress, younger.progress) == (9, 0)  # stopped where the doors shut, not counting on
    assert final.scores[ELDER] > 9 and final.scores[YOUNGER] > 0
    assert no_bonus_sentence(final) == no_bonus_sentence(shut)


def test_each_meter_keeps_one_label_for_the_whole_deal():
    labels = {(seat, meter(deal, seat).label) for deal in record_timeline(PIQUE) for seat in (ELDER, YOUNGER)}
    assert labels == {(ELDER, "Pique / repique"), (YOUNGER, "Repique")}


@settings(max_examples=1000, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(["rubicon", "low_cards"]))
def test_the_meter_closes_only_a_door_that_is_shut_and_never_reopens(seed: int, rules: str) -> None:
    """Over random deals: while elder's meter is open he can still score a bonus, once it is
    closed he never does, and a bonus scored was open at every moment before it."""
    timeline = random_timeline(seed, rules)
    statuses = [meter(deal, ELDER).status for deal in timeline]
    final = timeline[-1]
    bonus = next((event for event in final.events if event.kind in ("pique", "repique") and event.player is ELDER), None)
    for deal, status in zip(timeline, statuses):
        if status == OPEN and deal.phase is Phase.PLAY:
            assert deal.scores[ELDER] < 30 and deal.scores[YOUNGER] == 0
    if CLOSED in statuses:
        closed_at = statuses.index(CLOSED)
        assert all(status == CLOSED for status in statuses[closed_at:])  # never reopens
        assert bonus is None
    if bonus is not None:
        scored_at = statuses.index(SCORED)
        assert all(status == OPEN for status in statuses[:scored_at])
