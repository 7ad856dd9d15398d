"""The drill widget on a lesson page: clicking cards answers, a wrong answer says why and
outlines the cards, two wrong tries show the answer, "Another" deals a fresh drill, harder after
a solved one, and a solved drill is saved in the progress file."""

from __future__ import annotations

import json
import re
import time
from itertools import combinations

import pytest
from widget_helpers import click_card, find, find_all, scroll_through, text_of

from piquet_widgets.teach.drills import lesson_drills
from piquet_widgets.teach.lessons import LESSONS
from piquet_widgets.widgets.drill import DrillView
from piquet_widgets.widgets.lesson import LessonView
from piquet_widgets.teach.words import seat_at_start


@pytest.fixture
def progress_file(tmp_path, monkeypatch):
    path = tmp_path / "progress.json"
    monkeypatch.setenv("PIQUET_PROGRESS_FILE", str(path))
    return path


def test_every_lesson_page_has_its_drills(progress_file) -> None:
    for lesson in LESSONS:
        drills = LessonView(lesson.number).drills()
        views = find_all(drills, "pw-drill")
        assert len(views) == len(lesson_drills(lesson.slug)) >= 3
        assert all(len(find_all(view, "pw-drill-new")) == 1 for view in views)


def test_clicking_the_cards_of_the_point_solves_the_drill_and_saves_it(progress_file) -> None:
    view = find(LessonView(3).drills(), "pw-drill-1")
    assert view.kind.name == "point_cards"
    row = view.card_rows[view.drill.pick]
    for card in view.drill.solution:
        click_card(row, card.code)
    assert set(row.selected) == {card.code for card in view.drill.solution}
    view.check_button.click()
    assert view.solved and "pw-drill-right" in view.feedback._dom_classes
    assert text_of(view.feedback.value).strip().startswith("Right.")
    assert json.loads(progress_file.read_text()) == {"version": 2, "solved": {"the-point": ["drill-1"]}}
    assert "✓" in text_of(find(LessonView(3).drills(), "pw-drill-1").heading.value)  # after a restart


def test_two_wrong_tries_show_the_answer_with_its_cards(progress_file) -> None:
    view = DrillView("follow", seed=4)
    while len(view.drill.solution) == len(view.drill.rows[1].cards):  # a hand that must follow
        view.another(raise_level=False)
    row = view.card_rows[1]
    wrong = next(card for card in view.drill.rows[1].cards if card not in view.drill.solution)
    click_card(row, wrong.code)
    assert "pw-drill-wrong" in view.feedback._dom_classes and not view.solved
    assert row.selected == []  # a first miss outlines nothing: that would be the answer
    said = text_of(view.feedback.value)
    assert "suit led" in said and not any(card.symbol in said for card in view.drill.solution)  # the method, not the answer
    click_card(row, wrong.code)
    assert view.shown and "pw-drill-shown" in view.feedback._dom_classes and row.disabled
    assert text_of(view.feedback.value).strip().startswith("The answer:")
    assert not progress_file.exists()  # an answer shown is not solved
    click_card(row, next(iter(view.drill.solution)).code)
    assert not view.solved  # nothing more is judged


def test_another_deals_a_fresh_drill_harder_after_a_solved_one(progress_file) -> None:
    view = DrillView("trick", seed=9)
    first = view.drill
    view.new_button.click()
    assert view.drill.rows != first.rows and view.level == 1  # not solved: the same level
    view.choose(view.drill.solution)
    view.new_button.click()
    assert view.level == 2 and view.drill.level == 2 and view.feedback.value == ""
    for _ in range(3):
        view.choose(view.drill.solution)
        view.new_button.click()
    assert view.level == 3


def test_another_drill_closes_the_cards_and_buttons_of_the_last(progress_file) -> None:
    """In a kernel a widget lives until it is closed: drill after drill must not pile them up."""
    import ipywidgets

    view = DrillView("trick", seed=9)
    view.new_button.click()
    rows, buttons = list(view.card_rows), find_all(view, "pw-drill-choice")
    count = len(ipywidgets.widget._instances)
    for _ in range(5):
        view.new_button.click()
    assert len(ipywidgets.widget._instances) == count
    assert rows and buttons and all(widget.comm is None and widget.layout.comm is None for widget in rows + buttons)
    assert all(row.comm is not None for row in view.card_rows)  # the drill shown


def test_a_typed_answer_that_is_not_a_number_is_no_try(progress_file) -> None:
    view = DrillView("card_values", seed=2)
    view.number.value = "forty"
    view.check_button.click()
    assert view.tries == 0 and "number" in text_of(view.feedback.value)
    view.number.value = str(view.drill.solution)
    view.check_button.click()
    assert view.solved


def test_naming_a_sequence_takes_the_cards_and_the_name(progress_file) -> None:
    view = DrillView("best_sequence", seed=3)
    cards, key = view.drill.solution
    view.choices.children[0].click()  # no card selected yet: no try
    assert view.tries == 0 and "Click the cards first" in text_of(view.feedback.value)
    for card in cards:
        click_card(view.card_rows[0], card.code)
    wrong = next(button for button, k in zip(view.choices.children, view.drill.choices) if k != key)
    wrong.click()
    assert not view.solved and "in a row" in text_of(view.feedback.value)  # the first miss: what a sequence is
    for card in cards:
        click_card(view.card_rows[0], card.code)
    view.choices.children[view.drill.choices.index(key)].click()
    assert view.solved


def test_the_drill_follows_the_language(progress_file) -> None:
    from piquet_widgets.widgets.language import change_language

    view = DrillView("trick", seed=5)
    leader = view.drill.rows[0].caption.params[0][1].seat  # the seat that led, which begins the caption
    view.choose(next(key for key in view.drill.choices if key != view.drill.solution))
    english = view.feedback.value
    change_language("fr")
    try:
        assert seat_at_start(leader) in ("L'aîné", "Le cadet")
        assert seat_at_start(leader) in view.card_rows[0].caption
        assert view.feedback.value != english  # the reason said again in French
        assert view.tries == 1 and not view.solved  # the answer given stays
    finally:
        change_language("en")
    assert view.feedback.value == english


def test_a_discard_drill_is_dealt_and_judged_by_the_analysis_runner(progress_file) -> None:
    """The whole-deal evaluator takes a second or two: the drill is dealt in the analyst's thread,
    with "Analysing…" shown, and a discard the evaluator had not valued is valued the same way
    (elder's: younger's are all valued); the verdict is said in words, never in expectations."""
    from piquet_widgets.analysis.evaluator import evaluate_exchange

    view = DrillView("discard-elder", seed=5)
    if view.dealing:  # not dealt within the runner's budget: the drill follows from its thread
        assert "Analysing…" in view.analyst.status.value and not view.card_rows
    # every button has its name meanwhile (a screen reader says it; axe-core checks it)
    assert view.new_button.description == "Another" and view.analyst.stop_button.description == "Stop"
    assert view.analyst.stop_button.button_style == ""  # not ipywidgets' faint white on orange
    view.analyst.runner.wait()
    assert not view.dealing and len(view.card_rows[0].cards) == 12
    deal = view.drill.facts["deal"]
    row = view.card_rows[0]
    listed = {frozenset(item.discards) for item in evaluate_exchange(deal)}
    hand = view.drill.rows[0].cards
    unlisted = next(frozenset(cards) for size in (1, 2) for cards in combinations(hand, size) if frozenset(cards) not in listed)
    for card in unlisted:
        click_card(row, card.code)
    view.check_button.click()
    view.analyst.runner.wait()
    assert view.tries == 1 and view.last is not None
    expected = next(item for item in evaluate_exchange(deal, include=[tuple(unlisted)]) if frozenset(item.discards) == unlisted)
    assert view.last.right == (expected.expected >= evaluate_exchange(deal)[0].expected - 1.0)
    said = text_of(view.feedback.value)
    if view.last.right:
        assert "keeps your" in said
    else:  # a first miss: what to think about, not the words that would give the answer away
        assert "what each discard keeps" in said
    assert not re.search(r"\d[.,]\d", said)  # no expectation in figures


def test_the_next_discard_drill_is_dealt_while_the_verdict_is_read(progress_file) -> None:
    """Once a discard drill is over, the next one is dealt in the background: "Another" then shows
    it without waiting, one level up after a drill solved."""
    view = DrillView("discard-younger", seed=3)
    view.analyst.runner.wait()
    view.submit(view.drill.solution)
    assert view.solved
    deadline = time.monotonic() + 120
    while not view.ahead.ready(2) and time.monotonic() < deadline:
        time.sleep(0.1)
    first = view.drill
    view.new_button.click()
    assert not view.dealing and view.drill is not first and view.drill.level == 2  # shown at once


def test_a_discard_the_rules_forbid_costs_no_try(progress_file) -> None:
    view = DrillView("discard-younger", seed=5)
    view.analyst.runner.wait()
    most = view.drill.facts["most"]
    for _ in range(3):  # more than the tries before the answer is shown
        feedback = view.submit(tuple(view.card_rows[0].cards[: most + 1]))
        assert not feedback.right and not feedback.counts
    assert view.tries == 0 and not view.shown


def test_a_discard_outside_the_short_list_is_valued_from_the_moment_it_is_selected(progress_file, monkeypatch) -> None:
    """Elder's discards outside the evaluator's short list take about a second to value: the
    valuation starts with the selection, and Check takes it without searching again."""
    from piquet_widgets.analysis.evaluator import evaluate_exchange

    view = DrillView("discard-elder", seed=5)
    view.analyst.runner.wait()
    deal, hand = view.drill.facts["deal"], view.drill.rows[0].cards
    listed = {frozenset(item.discards) for item in evaluate_exchange(deal)}
    unlisted = next(frozenset(cards) for cards in combinations(hand, 2) if frozenset(cards) not in listed)
    for card in unlisted:
        click_card(view.card_rows[0], card.code)
    assert view.valuing.key is not None and view.valuing.key[1] == unlisted  # started before Check
    view.valuing.runner.wait()

    def no_new_search(task, done):
        raise AssertionError("the discard was valued again at Check")

    monkeypatch.setattr(view.analyst, "run", no_new_search)
    view.check_button.click()
    assert view.tries == 1 and view.last is not None  # judged at once
    assert unlisted in view.drill.facts["values"]


def score_sheet(html: str) -> tuple[list[str], list[list[str]], list[str]]:
    """A score sheet's header cells, its deal rows and its totals row, as a reader sees them."""
    rows = [re.findall(r"<t[hd]>(.*?)</t[hd]>", row) for row in re.findall(r"<tr[^>]*>(.*?)</tr>", html)]
    totals = [row for row in rows[1:] if row[0] == "Total"]
    return rows[0], [row for row in rows[1:] if row[0] != "Total"], totals[0] if totals else []


@pytest.mark.parametrize("kind", ["partie-settle", "partie-total"])
def test_a_partie_drill_shows_the_score_sheet_as_the_lesson_does(progress_file, kind: str) -> None:
    """The sheet of a partie drill: Deal, Elder, A, B; six deals; the totals row (left out when the
    total is what is asked) the sum of each column; the lesson's sheet has the same columns."""
    view = DrillView(kind, seed=4)
    head, deals, totals = score_sheet(view.sheet.value)
    assert head == ["Deal", "Elder", "A", "B"] and [row[0] for row in deals] == ["1", "2", "3", "4", "5", "6"]
    assert {row[1] for row in deals} == {"A", "B"}
    if kind == "partie-total":
        assert totals == []
    else:
        assert totals[2:] == [str(sum(int(row[2]) for row in deals)), str(sum(int(row[3]) for row in deals))]
    lesson = scroll_through(LessonView(8).page())
    lesson_head, lesson_deals, lesson_totals = score_sheet(find_all(lesson, "pw-partie-sheet")[0].value)
    assert lesson_head == head and lesson_deals and len(lesson_totals) == 4
    assert lesson_totals[2] == str(sum(int(row[2]) for row in lesson_deals))
