"""Sinking (rules.md section 4; formats.md "Sinking: the `declared` field"): declaring less than
one holds, through the engine, records and the command line. Expected scores are worked out by
hand from the rules: in each category the best declared combinations are compared, the winner
scores every combination he declared, and what is not declared scores and saves nothing."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import arranged_deal, play_cards
from piquet_widgets.engine import (
    ELDER,
    YOUNGER,
    Category,
    Deal,
    Declare,
    Exchange,
    Phase,
    PiquetError,
    deal_from_record,
    parse_cards,
    record_of,
)
from piquet_widgets.engine.combinations import combination_of, points_of, sequences_of, sets_of

FIELD = {Category.POINT: "point", Category.SEQUENCE: "sequences", Category.SETS: "sets"}

# Elder: a point of five spades (A Q T 8 7 = 46); younger: four hearts (K Q T 8 = 38). No sequences, no sets.
POINTS = ("AS QS TS 8S 7S AH 9H 7H KD 9D 7D JC", "KH QH TH 8H KS JS 9S QD JD 8D TC 9C")
# Elder: fourteen aces; younger: fourteen tens; no other set.
SETS = ("AS AH AD AC KS QH JD 9C 8S 7H 9D 8C", "TS TH TD TC KH QS JC 9S 9H 8D 7D 7C")
# Elder: a quint major in hearts; younger: a quart to the king in clubs; no other sequence.
RUNS = ("AH KH QH JH TH AS 9S 8S QD 9D 7D 7C", "KC QC JC TC 8C KS QS TS KD JD 8H 7H")


def sunk(hands: tuple[str, str], **declared: str | list[str]) -> Deal:
    """The arranged deal with its declarations made, `elder_point="AS QS"`, `younger_sets=[...]`
    as said and everything else in full, through the engine's actions."""
    deal = arranged_deal(*hands)
    while deal.phase is Phase.DECLARATIONS:
        key = f"{deal.to_move.key}_{FIELD[deal.category]}"
        if key not in declared:
            deal = deal.apply(deal.default_action())
            continue
        texts = declared[key]
        texts = ([texts] if texts else []) if isinstance(texts, str) else texts
        deal = deal.apply(Declare(deal.category, tuple(combination_of(deal.category, parse_cards(t)) for t in texts)))
    return deal


def scores_of(deal: Deal, kind: str) -> list[tuple[str, int]]:
    return [(event.player.key, event.points) for event in deal.events if event.kind == kind]


# -- the engine ------------------------------------------------------------------------------------
def test_in_full_the_longer_point_scores():
    assert scores_of(sunk(POINTS), "point") == [("elder", 5)]


def test_a_point_sunk_lets_the_opponents_point_score():
    assert scores_of(sunk(POINTS, elder_point=""), "point") == [("younger", 4)]
    # three of his five spades against four hearts: younger's four are good
    assert scores_of(sunk(POINTS, elder_point="AS QS TS"), "point") == [("younger", 4)]
    # four spades (A Q T 8 = 39) against four hearts (38): elder's four are good and score 4, not 5
    assert scores_of(sunk(POINTS, elder_point="AS QS TS 8S"), "point") == [("elder", 4)]


def test_a_quatorze_declared_as_a_trio_loses_to_the_opponents_quatorze():
    assert scores_of(sunk(SETS), "sets") == [("elder", 14)]
    assert scores_of(sunk(SETS, elder_sets=["AS AH AD"]), "sets") == [("younger", 14)]
    # with no set declared by younger, the trio alone is good: 3
    assert scores_of(sunk(SETS, elder_sets=["AS AH AD"], younger_sets=[]), "sets") == [("elder", 3)]


def test_a_sequence_declared_shorter_scores_as_declared():
    assert scores_of(sunk(RUNS), "sequence") == [("elder", 15)]
    # a quart major out of the quint beats the quart to the king, and scores 4
    assert scores_of(sunk(RUNS, elder_sequences=["AH KH QH JH"]), "sequence") == [("elder", 4)]
    # a tierce out of it loses to the quart: younger scores his 4
    assert scores_of(sunk(RUNS, elder_sequences=["AH KH QH"]), "sequence") == [("younger", 4)]
    # a quart to the king against a quart to the king: equal, nobody scores any sequence
    assert scores_of(sunk(RUNS, elder_sequences=["KH QH JH TH"]), "sequence") == []


# Younger: a point of five clubs (51), a quint major in them and fourteen kings: 5 + 15 + 14 = 34.
# Elder: six diamonds (a point of six), a tierce minor and three trios, each beaten.
REPIQUE = ("AD QD JD 9D 8D 7D AS AH QS QH JS 9S", "AC KC QC JC TC KS KH KD 8S 7S 8H 7H")


def test_a_sunk_point_does_not_save_a_repique():
    full = sunk(REPIQUE)
    # elder's six diamonds score 6 first, so younger's 29 that follow make no repique
    assert [(e.kind, e.player.key, e.points) for e in full.events] == [("point", "elder", 6), ("sequence", "younger", 15), ("sets", "younger", 14)]
    for declared in ("", "AD QD JD"):
        deal = sunk(REPIQUE, elder_point=declared)
        # sunk, the point goes to younger: 5, 20, 34 before elder scores anything: repique
        assert [(e.kind, e.player.key, e.points) for e in deal.events] == [
            ("point", "younger", 5), ("sequence", "younger", 15), ("sets", "younger", 14), ("repique", "younger", 60),
        ]
        assert deal.scores == (0, 94)


# Elder: five spades (50) with a quart major, a quart major in diamonds and a tierce major in clubs
# (4 + 4 + 3), three aces, kings and queens (9). Younger: six hearts (his point is good), beaten in
# sequences (a quart minor) and in sets (three tens).
PIQUE = ("AS KS QS JS 9S AD KD QD JD AC KC QC", "AH KH QH TH 9H 8H 7S TS TD 9D 8D 7D")
FIVE_LEADS = "AS 7S KS TS QS 7D JS 8D 9S 9D"  # elder leads five spades and wins each trick


def test_a_sunk_point_does_not_save_a_pique():
    full = play_cards(sunk(PIQUE), FIVE_LEADS)
    # younger's point of six reckons first: he has scored, no pique
    assert [(e.kind, e.player.key, e.points) for e in full.events[:3]] == [("point", "younger", 6), ("sequence", "elder", 11), ("sets", "elder", 9)]
    assert "pique" not in [e.kind for e in full.events] and full.scores == (20 + 5, 6)
    deal = play_cards(sunk(PIQUE, younger_point=""), FIVE_LEADS)
    # sunk, the point goes to elder: 5 + 11 + 9 = 25, and his fifth lead makes 30 before younger scores
    assert [(e.kind, e.player.key, e.points, e.trick) for e in deal.events if e.kind in ("point", "pique")] == [("point", "elder", 5, None), ("pique", "elder", 30, 5)]
    assert deal.scores == (25 + 5 + 30, 0)


@pytest.mark.parametrize(
    "category, cards, words",
    [
        (Category.POINT, "KC QC", ["king of clubs", "do not hold"]),
        (Category.SEQUENCE, "KC QC JC", ["king of clubs", "do not hold"]),
        (Category.SETS, "KC KS KD", ["king of spades", "do not hold"]),
    ],
)
def test_declaring_cards_not_held_is_refused(category, cards, words):
    deal = arranged_deal(*RUNS)
    while deal.category is not category:
        deal = deal.apply(deal.default_action())
    with pytest.raises(PiquetError) as caught:
        deal.apply(Declare(category, (combination_of(category, parse_cards(cards)),)))
    for word in words:
        assert word in str(caught.value)


def test_declared_sequences_must_not_overlap_or_touch():
    # elder holds a sixième in hearts: two tierces out of it touch and would be one sequence
    deal = arranged_deal("AH KH QH JH TH 9H AS 8S QD 9D 7D 7C", RUNS[1])
    deal = deal.apply(deal.default_action()).apply(deal.apply(deal.default_action()).default_action())
    for runs, words in ((["AH KH QH", "QH JH TH"], "twice"), (["AH KH QH", "JH TH 9H"], "one sequence")):
        with pytest.raises(PiquetError, match=words):
            deal.apply(Declare(Category.SEQUENCE, tuple(combination_of(Category.SEQUENCE, parse_cards(run)) for run in runs)))
    shorter = deal.apply(Declare(Category.SEQUENCE, (combination_of(Category.SEQUENCE, parse_cards("AH KH QH JH TH")),)))
    assert shorter.declarations[-1].combinations[0].points == 15


# -- records and the command line ------------------------------------------------------------------
def record(hands: tuple[str, str], declared: dict) -> dict:
    return record_of(arranged_deal(*hands)) | {"declared": declared}


def replay_json(value: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "piquet_widgets", "replay", "--json", "-"], input=json.dumps(value), capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(
    "hands, declared, kind, expected",
    [
        (POINTS, {"elder": {"point": ""}}, "point", [("younger", 4)]),
        (POINTS, {"elder": {"point": []}}, "point", [("younger", 4)]),
        (SETS, {"elder": {"sets": ["AS AH AD"]}}, "sets", [("younger", 14)]),
        (RUNS, {"elder": {"sequences": [["AH", "KH", "QH", "JH"]]}}, "sequence", [("elder", 4)]),
        (RUNS, {"elder": {"sequences": ["AH KH QH"]}, "younger": {"point": "KC QC"}}, "sequence", [("younger", 4)]),
    ],
)
def test_records_with_declared_score_what_was_declared(hands, declared, kind, expected):
    value = record(hands, declared)
    deal = deal_from_record(value)
    assert deal.phase is Phase.PLAY and scores_of(deal, kind) == expected
    again = record_of(deal)
    assert deal_from_record(again) == deal
    done = replay_json(value)
    assert done.returncode == 0, done.stderr
    events = json.loads(done.stdout)["events"]
    assert [(e["player"], e["points"]) for e in events if e["kind"] == kind] == expected


def test_a_record_declaring_in_full_writes_no_declared_field():
    assert "declared" not in record_of(sunk(RUNS))
    assert record_of(sunk(RUNS, elder_sequences=["AH KH QH"]))["declared"] == {"elder": {"sequences": ["AH KH QH"]}}
    assert record_of(sunk(POINTS, elder_point=""))["declared"] == {"elder": {"point": ""}}


@pytest.mark.parametrize(
    "declared, words",
    [
        ({"elder": {"point": "KC QC"}}, ["declared.elder.point", "king of clubs", "do not hold"]),
        ({"elder": {"sequences": ["AH KH JH"]}}, ["declared.elder.sequences[1]", "AH KH JH", "not a sequence"]),
        ({"elder": {"sequences": ["AH KH QH", "KC QC JC"]}}, ["declared.elder.sequences", "king of clubs"]),
        ({"elder": {"sets": ["9S 9D 9C"]}}, ["declared.elder.sets[1]", "9S 9D 9C", "not a set"]),
        ({"younger": {"point": "KC AH"}}, ["declared.younger.point", "not a point"]),
        ({"elder": {"point": "AH ZZ"}}, ["declared.elder.point", "'ZZ'"]),
        ({"elder": {"sequence": []}}, ["declared.elder", "'sequence'", "not a category"]),
        ({"dealer": {}}, ["declared", "'dealer'"]),
        ({"elder": {"sequences": "AH KH QH"}}, ["declared.elder.sequences", "expected a list"]),
        ({"elder": {"sequences": ["AH KH QH", "QH JH TH"]}}, ["declared.elder.sequences", "queen of hearts", "twice"]),
        ({"elder": {"point": ["AH", "KH"], "sets": [[]]}}, ["declared.elder.sets[1]", "not a set"]),
    ],
)
def test_bad_declarations_are_refused_naming_field_and_card(declared, words):
    value = record(RUNS, declared)
    with pytest.raises(PiquetError) as caught:
        deal_from_record(value)
    for word in words:
        assert word in str(caught.value), (word, str(caught.value))
    done = replay_json(value)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr


def test_declared_needs_both_exchanges():
    value = {k: v for k, v in record(RUNS, {"elder": {"point": ""}}).items() if k != "younger_discards"}
    with pytest.raises(PiquetError, match="declared.*younger_discards"):
        deal_from_record(value)


# -- random sinking round-trips --------------------------------------------------------------------
def random_declaration(rng: random.Random, category: Category, hand: int) -> tuple:
    """A random legal declaration: part of a point, shorter runs, trios out of quatorzes, or nothing."""
    if category is Category.POINT:
        suits = points_of(hand)
        if rng.random() < 0.2:
            return ()
        cards = list(rng.choice(suits).cards)
        return (combination_of(category, rng.sample(cards, rng.randint(1, len(cards)))),)
    chosen = []
    for combo in (sequences_of if category is Category.SEQUENCE else sets_of)(hand):
        if rng.random() < 0.3:
            continue
        cards = list(combo.cards)
        if category is Category.SEQUENCE:
            length = rng.randint(3, len(cards))
            start = rng.randint(0, len(cards) - length)
            cards = cards[start : start + length]
        elif len(cards) == 4 and rng.random() < 0.5:
            cards = rng.sample(cards, 3)
        chosen.append(combination_of(category, cards))
    return tuple(chosen)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=24))
def test_records_with_random_declarations_round_trip_and_replay_to_the_same_score(seed, plays):
    rng = random.Random(seed)
    deal = Deal.from_seed(seed)
    for _ in range(2):
        choices = deal.legal_actions()
        deal = deal.apply(Exchange(tuple(rng.sample(deal.hand(deal.to_move), rng.randint(choices.low, choices.high)))))
    while deal.phase is Phase.DECLARATIONS:
        deal = deal.apply(Declare(deal.category, random_declaration(rng, deal.category, deal.hands[deal.to_move])))
    for _ in range(plays):
        deal = deal.apply(rng.choice(deal.legal_actions()))
    value = json.loads(json.dumps(record_of(deal)))
    again = deal_from_record(value)
    assert again == deal and again.scores == deal.scores
    assert record_of(again) == value
    for seat in (ELDER, YOUNGER):
        for declaration in (d for d in deal.declarations if d.player is seat):
            won = [e for e in deal.events if e.kind == declaration.category.value and e.player is seat]
            assert sum(e.points for e in won) in (0, sum(c.points for c in declaration.combinations))
