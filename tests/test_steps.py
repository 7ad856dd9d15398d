"""The words of every step (teach/narration.py, teach/dialogue.py): the dialogue of the declarations, why each category
goes where it goes, the exchange, the tricks, the cards or capot, the tally.

Expected words and numbers are worked out from the hands and rules.md, not read off the code."""

from __future__ import annotations

import random

from helpers import declare_all
from hypothesis import given, settings
from hypothesis import strategies as st
from widget_helpers import load

from piquet_widgets.engine import ELDER, YOUNGER, Deal, Exchange, Phase, record_timeline
from piquet_widgets.i18n import set_language
from piquet_widgets.teach.dialogue import category_lines
from piquet_widgets.teach.narration import explain_step
from piquet_widgets.teach.steps import StepKind, steps_of
from piquet_widgets.teach.words import number_words

CAVENDISH = load("walkthrough_cavendish.json")["record"]
PIQUE = load("walkthrough_pique.json")["record"]
REPIQUE = load("walkthrough_repique_younger.json")["record"]
CAPOT = load("walkthrough_capot.json")["record"]


def steps(record):
    return steps_of(record_timeline(record))


def declaration_step(record, category_index: int, seat):
    """The step where `seat` declares in category 0 (point), 1 (sequences) or 2 (sets)."""
    found = [s for s in steps(record) if s.kind is StepKind.DECLARE]
    return found[2 * category_index + (0 if seat is ELDER else 1)]


def dialogue(step):
    return [(seat.key, line) for seat, line in explain_step(step).dialogue]


def text(step) -> str:
    explanation = explain_step(step)
    return " ".join((explanation.title, *explanation.lines, *explanation.scores))


# -- the shape of a timeline --------------------------------------------------------------------


def test_a_finished_deal_has_the_deal_two_exchanges_six_declarations_24_cards_and_the_tally():
    kinds = [s.kind for s in steps(CAVENDISH)]
    assert kinds == (
        [StepKind.DEAL] + [StepKind.EXCHANGE] * 2 + [StepKind.DECLARE] * 6 + [StepKind.PLAY] * 24 + [StepKind.TALLY]
    )
    assert [s.index for s in steps(CAVENDISH)] == list(range(34))


def test_an_unfinished_record_has_no_tally():
    record = {key: CAVENDISH[key] for key in ("elder", "younger", "talon", "elder_discards")}
    assert [s.kind for s in steps(record)] == [StepKind.DEAL, StepKind.EXCHANGE]


# -- the deal and the exchange ----------------------------------------------------------------------


def test_the_deal_step_checks_carte_blanche():
    # Cavendish: elder holds K♠ J♠ Q♥ J♥ J♣ (5 court cards), younger K♣ Q♣ Q♦ J♦ (4).
    words = text(steps(CAVENDISH)[0])
    assert "carte blanche" in words
    assert "5 court cards" in words and "4 court cards" in words


def test_a_carte_blanche_is_named_with_its_10_points():
    # Younger is dealt 12 cards among aces, tens, nines, eights and sevens (no K, Q or J).
    elder = "KS QS JS KH QH JH KD QD JD KC QC JC"
    younger = "AS TS 9S 8S AH TH 9H 8H AD TD 9D 8D"
    talon = "7S 7H 7D 7C AC TC 9C 8C"
    words = text(steps_of([Deal.new(*(deal_cards(t) for t in (elder, younger, talon)))])[0])
    assert "Carte blanche" in words and "younger's hand" in words and "10" in words


def deal_cards(text_):
    from piquet_widgets.engine import parse_cards

    return parse_cards(text_)


def test_elders_exchange_says_what_he_may_take_and_what_younger_may_take():
    words = text(steps(CAVENDISH)[1])
    assert "at least 1 and at most 5" in words
    # Discards K♠ 8♣ 7♣ 9♦ 8♦ and takes the top five of the talon 9♠ 8♠ K♥ 9♣ K♦.
    assert "K♠ 8♣ 7♣ 9♦ 8♦" in words and "9♠ 8♠ K♥ 9♣ K♦" in words
    # Five taken, three left: younger may take 1 to 3.
    assert "from 1 to 3" in words


def test_elder_leaving_cards_tells_younger_may_take_them():
    record = dict(CAVENDISH, elder_discards="8C 7C 9D")  # elder takes only three
    words = text(steps({k: record[k] for k in ("elder", "younger", "talon", "elder_discards")})[1])
    assert "leaves 2 of his five cards" in words
    assert "from 1 to 5" in words  # younger may now take all five remaining


def test_youngers_exchange_names_what_he_takes_and_what_is_left():
    words = text(steps(CAVENDISH)[2])
    # 9S 8S KH 9C KD went to elder; younger discards 7♠ 9♥ 7♥ and takes Q♠ A♣ 7♦.
    assert "7♠ 9♥ 7♥" in words and "Q♠ A♣ 7♦" in words
    assert "whole talon" in words


# -- the declarations ----------------------------------------------------------------------------------


def test_the_point_dialogue_of_the_cavendish_example():
    # Five hearts (49) against five diamonds (48): same length, so younger asks "How much?".
    assert dialogue(declaration_step(CAVENDISH, 0, ELDER)) == [("elder", "Point of five.")]
    assert dialogue(declaration_step(CAVENDISH, 0, YOUNGER)) == [
        ("elder", "Point of five."),
        ("younger", "How much?"),
        ("elder", "Forty-nine."),
        ("younger", "Good."),
        ("elder", "Five."),
    ]


def test_a_longer_sequence_is_good_without_a_question_and_the_count_runs_on():
    # Elder's quart major against younger's tierces: lengths differ; elder has 5 + 4 = 9.
    assert dialogue(declaration_step(CAVENDISH, 1, YOUNGER)) == [
        ("elder", "A quart."),
        ("younger", "Good."),
        ("elder", "Four: that makes nine."),
    ]


def test_sets_not_good_and_younger_reckons_all_his_sets():
    # Three knaves against fourteen tens (and three queens): 14 + 3 = 17 to younger.
    assert dialogue(declaration_step(CAVENDISH, 2, YOUNGER)) == [
        ("elder", "Three knaves."),
        ("younger", "Not good."),
        ("younger", "Fourteen tens and three queens: seventeen."),
    ]
    words = text(declaration_step(CAVENDISH, 2, YOUNGER))
    assert "Any quatorze beats any trio" in words
    assert "every set he holds" in words and "17" in words
    assert "three knaves score nothing" in words


def test_an_equal_point_is_asked_and_scores_nothing():
    # Seed 192: elder A♣ K♣ Q♣ 10♣ 7♣ = 48, younger A♦ Q♦ 10♦ 9♦ 8♦ = 48.
    step = declaration_step(PIQUE, 0, YOUNGER)
    assert dialogue(step) == [
        ("elder", "Point of five."),
        ("younger", "How much?"),
        ("elder", "Forty-eight."),
        ("younger", "Equal."),
    ]
    words = text(step)
    assert "equality" in words and "Nobody scores the point" in words
    assert step.new_events == ()


def test_equal_length_sequences_are_asked_to_what_and_the_winner_scores_every_sequence():
    # Elder's tierces major (hearts and clubs) against younger's tierce to the ten: 3 + 3 = 6.
    step = declaration_step(PIQUE, 1, YOUNGER)
    assert dialogue(step) == [
        ("elder", "A tierce."),
        ("younger", "To what?"),
        ("elder", "Tierce major."),
        ("younger", "Good."),
        ("elder", "Tierce major and tierce major: six."),
    ]
    words = text(step)
    assert "higher top card" in words
    assert "every sequence he holds" in words and "6" in words


def test_a_repique_is_reckoned_aloud_and_explained():
    # Seed 388: younger 5 (point) + 18 (quint major, tierce major) + 20 (14 kings, 3 aces, 3 queens) = 43.
    step = declaration_step(REPIQUE, 2, YOUNGER)
    lines = dialogue(step)
    assert lines[-2] == ("younger", "Fourteen kings, three aces and three queens: twenty, that makes forty-three.")
    assert lines[-1] == ("younger", "And sixty for the repique: one hundred and three.")
    assert any("repique, 60" in line for line in explain_step(step).scores)


def test_younger_wins_the_point_by_length():
    # Seed 388: elder's four clubs... against younger's five: "Not good" at once.
    step = declaration_step(REPIQUE, 0, YOUNGER)
    assert dialogue(step)[:2] == [("elder", "Point of four."), ("younger", "Not good.")]
    assert "The longer suit wins the point" in text(step)


# -- the play ----------------------------------------------------------------------------------------


def play_step(record, card_number: int):
    return [s for s in steps(record) if s.kind is StepKind.PLAY][card_number - 1]


def test_a_lead_scores_one_and_says_who_must_follow():
    words = text(play_step(CAVENDISH, 1))  # elder leads A♥; younger holds one heart, the 10♥
    assert "Trick 1" in words and "ace of hearts" in words and "scores 1" in words
    assert "Younger must follow hearts: he holds 1 of them" in words


def test_a_follower_without_the_suit_may_play_anything():
    words = text(play_step(CAVENDISH, 3))  # K♥ led to trick 2; younger has no heart left
    assert "Younger has no hearts" in words


def test_the_second_player_winning_scores_one():
    words = text(play_step(CAVENDISH, 12))  # trick 6: K♦ led, younger wins with the A♦
    assert "Trick 6: younger wins" in words
    assert "scores 1 for winning it as second player" in words


def test_the_leader_winning_scores_nothing_more():
    words = text(play_step(CAVENDISH, 2))  # trick 1: A♥ wins, 10♥ follows
    assert "Trick 1: elder wins" in words and "nothing more" in words


def test_the_last_trick_and_the_cards():
    words = text(play_step(CAVENDISH, 24))
    assert "last trick" in words and "1 more" in words
    assert "elder 7, younger 5" in words and "elder scores 10" in words


def test_capot_is_named_with_its_40():
    words = text(play_step(CAPOT, 24))
    assert "all twelve tricks" in words and "capot" in words and "40" in words


def test_the_tally():
    last = steps(CAVENDISH)[-1]
    assert last.kind is StepKind.TALLY
    words = text(last)
    assert "Final tally: elder 28, younger 23." in words
    assert "Elder wins the deal by 5 points." in words


# -- languages ------------------------------------------------------------------------------------------


def test_number_words_follow_the_language():
    assert number_words(49) == "forty-nine"
    set_language("fr")
    assert number_words(49) == "quarante-neuf"
    set_language("es")
    assert number_words(17) == "diecisiete"


@settings(max_examples=1000, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_each_winner_says_his_running_total_and_a_repique_once_where_it_is_reached(seed: int) -> None:
    """rules.md: a repique (thirty in the declarations before the opponent scores) adds sixty, once.
    The reckoning said aloud ends on the declarations' score: the last total a player says, with
    sixty more if his repique is said after it, is what the reckoning gave him; sixty is said once."""
    rng, deal = random.Random(seed), Deal.from_seed(seed)
    while deal.phase is Phase.EXCHANGE:  # each takes as many as he likes, at random (repiques come with long hands)
        choices = deal.legal_actions()
        deal = deal.apply(Exchange(tuple(rng.sample(deal.hand(deal.to_move), rng.randint(choices.low, choices.high)))))
    after = declare_all(deal)
    said: dict[str, list] = {"elder": [], "younger": []}
    pairs = after.declarations
    for elder, younger in zip(pairs[::2], pairs[1::2]):
        for line in category_lines(elder, younger, after):
            if line.kind in ("reckon", "repique"):
                said[line.seat.key].append(line)
    for seat in (ELDER, YOUNGER):
        lines = said[seat.key]
        repiques = [line for line in lines if line.kind == "repique"]
        assert len(repiques) <= 1, [line.text for line in lines]
        if not lines:
            continue
        last_total = int([line for line in lines if line.kind == "reckon"][-1].key.split(":")[1])
        scored = sum(event.points for event in after.events if event.player is seat)
        assert last_total + (60 if lines[-1].kind == "repique" else 0) == scored, [line.text for line in lines]
