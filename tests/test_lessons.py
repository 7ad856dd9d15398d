"""The lessons say what the engine does: every deal replays, every stated score and every
exercise's answer is checked against the engine, and every text can be shown."""

from __future__ import annotations

import string

import pytest

from helpers import arranged_deal, declare_all
from piquet_widgets.engine import deal_from_code, deal_from_record, parse_cards, partie_from_json
from piquet_widgets.engine.cards import mask_of
from piquet_widgets.engine.combinations import Verdict, compare, is_carte_blanche, points_of, sequences_of, sets_of
from piquet_widgets.engine.deal import ELDER
from piquet_widgets.teach import lesson_deals as deals
from piquet_widgets.teach.glossary import GLOSSARY
from piquet_widgets.teach.lessons import LESSONS, Cards, PartieSheet, Walkthrough, lesson, text
from piquet_widgets.teach.steps import PHASES


def mask(cards: str) -> int:
    return mask_of(parse_cards(cards))


def kinds(deal) -> list[tuple[str, str, int]]:
    return [(event.kind, event.player.key, event.points) for event in deal.events]


# -- the shape of the lessons ---------------------------------------------------------------------


def test_eleven_lessons_each_with_parts_two_to_four_exercises_and_a_summary() -> None:
    assert [item.number for item in LESSONS] == list(range(1, 12))
    for item in LESSONS:
        assert item.teaches and item.parts and item.summary
        assert 2 <= len(item.exercises) <= 4, item.number
        for exercise in item.exercises:
            assert 0 <= exercise.answer < len(exercise.choices) and len(set(exercise.choices)) == len(exercise.choices)


def test_every_wrong_choice_has_its_reason() -> None:
    for item in LESSONS:
        for exercise in item.exercises:
            assert len(exercise.reasons) == len(exercise.choices), exercise.question
            for index, reason in enumerate(exercise.reasons):
                assert bool(reason) == (index != exercise.answer), (exercise.question, index)


def every_text():
    for item in LESSONS:
        yield item.title
        yield from item.teaches
        yield from item.summary
        for part in item.parts:
            yield part.heading
            yield from part.paragraphs
            yield from (words for shown in part.shows for words in (shown.intro, shown.note) if words)
        for exercise in item.exercises:
            yield exercise.question
            yield exercise.explanation
            yield from exercise.choices
            yield from (reason for reason in exercise.reasons if reason)
    for term, meaning, _number in GLOSSARY:
        yield term
        yield meaning


def test_every_text_shows_and_its_markup_is_balanced() -> None:
    for message in every_text():
        shown = text(message)
        assert shown.strip() == shown and shown
        assert shown.count("**") % 2 == 0, message
        assert not [name for _, name, _, _ in string.Formatter().parse(message) if name], message


def test_every_shown_card_list_is_a_real_hand() -> None:
    for item in LESSONS:
        shows = [shown.show for part in item.parts for shown in part.shows] + [exercise.cards for exercise in item.exercises]
        for show in shows:
            if isinstance(show, Cards):
                for _caption, cards in show.rows:
                    parse_cards(cards)
            elif isinstance(show, Walkthrough):
                deal = deal_from_record(show.record) if isinstance(show.record, dict) else deal_from_code(show.record)
                assert show.start in PHASES or show.start in {event.kind for event in deal.events}
            elif isinstance(show, PartieSheet):
                assert partie_from_json(show.partie).finished


def test_glossary_points_at_real_lessons() -> None:
    assert {slug for _term, _meaning, slug in GLOSSARY} <= {item.slug for item in LESSONS}


# -- the deals, and what the lessons say about them -----------------------------------------------


def test_cavendish_example_as_the_book_gives_it() -> None:
    deal = deal_from_record(deals.CAVENDISH)
    assert deal.scores == (28, 23) and deal.tricks_won == (7, 5)
    point = next(event for event in deal.events if event.kind == "point")
    assert (point.player, point.points, point.combinations[0].top) == (ELDER, 5, 49)
    assert ("sets", "younger", 17) in kinds(deal) and ("sequence", "elder", 4) in kinds(deal)


def test_carte_blanche_deal() -> None:
    deal = deal_from_record(deals.CARTE_BLANCHE)
    assert kinds(deal)[0] == ("carte_blanche", "elder", 10)


def test_repique_deal_is_younger_with_5_18_20() -> None:
    deal = deal_from_record(deals.REPIQUE)
    assert kinds(deal)[:4] == [("point", "younger", 5), ("sequence", "younger", 18), ("sets", "younger", 20), ("repique", "younger", 60)]


def test_pique_deal_comes_at_elders_sixth_lead_from_24() -> None:
    deal = deal_from_record(deals.PIQUE)
    events = kinds(deal)
    assert sum(points for kind, _, points in events[:3]) == 24 and {who for _, who, _ in events[:3]} == {"elder"}
    at = events.index(("pique", "elder", 30))
    assert events[3:at] == [("lead", "elder", 1)] * 6


def test_capot_deal_has_no_pique() -> None:
    deal = deal_from_record(deals.CAPOT)
    assert deal.scores == (68, 0) and deal.tricks_won == (12, 0)
    assert ("capot", "elder", 40) in kinds(deal) and "pique" not in [kind for kind, _, _ in kinds(deal)]


@pytest.mark.parametrize(("partie", "totals", "points", "rubiconed"), [
    (deals.PARTIE_RUBICONED, {"A": 109, "B": 94}, 303, True),
    (deals.PARTIE_SAVED, {"A": 130, "B": 101}, 129, False),
])
def test_parties_of_the_partie_lesson(partie, totals, points, rubiconed) -> None:
    value = partie_from_json(partie)
    assert value.totals == totals
    assert (value.result.winner, value.result.points, value.result.rubiconed) == ("A", points, rubiconed)


def test_the_partie_lessons_exercises_use_those_parties() -> None:
    first, second, _tie = lesson("the-partie-and-the-rubicon").exercises
    assert "109" in first.question and "94" in first.question and first.choices[first.answer] == "303"
    assert "130" in second.question and "101" in second.question and second.choices[second.answer] == "129"


# -- each exercise's answer, by the engine --------------------------------------------------------


def written(cards: str) -> str:
    """'AS KS 9S' as the questions write it: '♠ A K 9'."""
    parsed = parse_cards(cards)
    return " ".join([parsed[0].suit.symbol] + [card.symbol[:-1] for card in parsed])


def choice(lesson_number: int, index: int) -> str:
    exercise = lesson(lesson_number).exercises[index]
    return text(exercise.choices[exercise.answer])


def verdict_choice(verdict: Verdict | None) -> str:
    return {Verdict.GOOD: "Elder", Verdict.NOT_GOOD: "Younger", Verdict.EQUAL: "Nobody: it is equal"}[verdict]


def test_lesson_2_carte_blanche_and_quint() -> None:
    hand = lesson(2).exercises[0].cards.rows[0][1]
    assert is_carte_blanche(mask(hand)) and choice(2, 0) == "Yes"
    exercise = lesson(2).exercises[2]
    held = mask(exercise.cards.rows[0][1])
    for index, discards in enumerate(exercise.choices):
        left = held & ~mask(discards.strip("[]"))
        keeps_quint = any(seq.length >= 5 for seq in sequences_of(left))
        assert keeps_quint == (index == exercise.answer), discards


@pytest.mark.parametrize(("index", "elder", "younger"), [
    (0, "AS KS 9S 8S 7S", "AH KH QH JH"),
    (1, "AH TH 9H 8H 7H", "KS QS JS 9S 8S"),
    (2, "AC QC TC 9C 8C", "KD QD JD TD 8D"),
])
def test_lesson_3_points(index, elder, younger) -> None:
    question = text(lesson(3).exercises[index].question)
    assert written(elder) in question and written(younger) in question
    verdict = compare(points_of(mask(elder))[:1], points_of(mask(younger))[:1])
    assert choice(3, index) == verdict_choice(verdict)


def test_lesson_4_sequences_and_sets() -> None:
    elder, younger = sequences_of(mask("AS KS QS JS TS 9H 8H 7H")), sequences_of(mask("KD QD JD TD 9D"))
    assert compare(elder, younger) is Verdict.GOOD and sum(seq.points for seq in elder) == 18
    assert choice(4, 0) == "Elder, 18"
    assert compare(sets_of(mask("AS AH AD")), sets_of(mask("JS JH JD JC"))) is Verdict.NOT_GOOD and choice(4, 1) == "Younger"
    assert sets_of(mask("9S 9H 9D 9C")) == () and choice(4, 2) == "Nothing"
    tie = compare(sequences_of(mask("KH QH JH TH 9S 8S 7S")), sequences_of(mask("KC QC JC TC")))
    assert tie is Verdict.EQUAL and choice(4, 3) == "Nobody"


RECKONING = lesson("reckoning-pique-and-repique").number


def test_lesson_6_repique_by_the_order_of_reckoning() -> None:
    exercise = lesson(RECKONING).exercises[1]
    (_, elder), (_, younger) = exercise.cards.rows
    deal = declare_all(arranged_deal(elder, younger))
    assert kinds(deal)[:4] == [("point", "elder", 6), ("sequence", "elder", 31), ("repique", "elder", 60), ("sets", "younger", 14)]
    assert choice(RECKONING, 1).startswith("Yes: 37")


def test_lesson_6_pique_exercise_matches_the_pique_deal() -> None:
    assert choice(RECKONING, 0) == "The sixth"
    assert choice(RECKONING, 3) == "Elder only"


# -- cards written in the learner's language ----------------------------------------------------------


@pytest.fixture
def french():
    from piquet_widgets.i18n import set_language

    set_language("fr")
    yield
    set_language("en")


def test_lessons_write_cards_with_the_card_views_letters(french):
    from piquet_widgets.teach.lessons import symbols
    from piquet_widgets.teach.words import rank_letters
    from piquet_widgets.widgets.cards import rank_letters as corner_letters

    assert corner_letters is rank_letters  # one function for the corners and the texts
    # French cards: roi, dame, valet (rules: the French names of the court cards)
    assert symbols("KH QS JD AC TC 9H") == "R♥ D♠ V♦ A♣ 10♣ 9♥"
    choices = [text(choice) for choice in lesson(2).exercises[2].choices]
    assert "R♥ 7♠ 7♦ 9♣ 8♣" in choices


def test_lesson_texts_name_cards_by_code_in_english():
    assert text("Discarding the [KH] breaks the run") == "Discarding the K♥ breaks the run"
    assert text("[AS TS 7C]") == "A♠ 10♠ 7♣"


def test_drill_texts_write_cards_in_the_learners_language(french):
    from piquet_widgets.engine import parse_cards
    from piquet_widgets.teach.drills import say

    assert str(say("{cards}", cards=parse_cards("KS QS"))) == "R♠ D♠"
    assert str(say("{card}", card=parse_cards("JH")[0])) == "V♥"


def _place(slug: str) -> int:
    return lesson(slug).number


def _first_part_saying(words: str) -> tuple[int, int]:
    """(lesson number, part number) of the first part, in the lessons' order, whose paragraphs or
    note say `words`."""
    return next((item.number, index) for item in LESSONS for index, part in enumerate(item.parts)
                if any(words in paragraph for paragraph in (*part.paragraphs, *(shown.note for shown in part.shows))))


def test_the_lessons_teach_in_an_order_that_builds() -> None:
    """What a lesson relies on is taught before it, or previewed where it is used."""
    combinations = max(_place("the-point"), _place("sequences-and-sets"))
    assert _place("choosing-your-discards") > max(combinations, _place("reckoning-pique-and-repique"), _place("the-play"))
    assert _place("counting-aloud") > _place("the-play")
    assert _place("practising-open-piquet") > max(_place("choosing-your-discards"), _place("counting-aloud"), _place("the-partie-and-the-rubicon"))
    assert LESSONS[-1].slug == "from-open-to-closed-piquet"
    # "What to keep" comes once the combinations are taught
    keep = next(item.number for item in LESSONS for part in item.parts if part.heading == "What to keep")
    assert keep >= combinations
    # the pique by "the sixth lead": the points of play are taught before it, or in the same part just before
    sixth = _first_part_saying("sixth lead")
    leads = _first_part_saying("scores **1 for the card he leads**")
    assert leads <= sixth


def test_the_play_is_taught_before_pique_so_capot_is_defined_before_it_is_used() -> None:
    """The expert review's first point: capot and the points in play are taught (lesson 5, the
    play) before the lesson on the reckoning, pique and repique uses them."""
    assert _place("the-play") < _place("reckoning-pique-and-repique")
    # the first lesson whose parts name capot is the play, which defines it
    first = next(item.number for item in LESSONS if any("capot" in words.lower() for part in item.parts for words in (*part.paragraphs, *(shown.note for shown in part.shows))))
    assert first == _place("the-play")


def test_a_lesson_is_found_by_its_number_or_its_slug() -> None:
    assert [item.number for item in LESSONS] == list(range(1, len(LESSONS) + 1))
    assert all(lesson(item.slug) is item and lesson(item.number) is item for item in LESSONS)
    assert len({item.slug for item in LESSONS}) == len(LESSONS)
    with pytest.raises(ValueError):
        lesson("no-such-lesson")
