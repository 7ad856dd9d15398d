"""The odds table of lesson 2 (issue 5): the exact chances of `analysis.odds` beside the
frequencies of a simulation of dealt hands."""

from __future__ import annotations

import math
import time

from widget_helpers import find, find_all, text_of

from piquet_widgets.analysis.odds import carte_blanche, one_in, point_lengths, sequence_at_least, set_at_least
from piquet_widgets.widgets.language import change_language
from piquet_widgets.widgets.lesson import LessonView
from piquet_widgets.widgets.odds import EVENTS, OddsTable, exact_odds


def test_the_exact_column_is_analysis_odds():
    exact = exact_odds()
    assert exact["carte_blanche"] == carte_blanche()
    assert exact["point_6"] == sum(chance for length, chance in point_lengths().items() if length >= 6)
    assert exact["quint"] == sequence_at_least(5)
    assert exact["trio"] == set_at_least(3)
    assert exact["quatorze"] == set_at_least(4)
    table = OddsTable()
    assert table.exact == exact
    html = find(table, "pw-odds-table").value
    assert "0.056%" in html and "1,792.4" in text_of(html)  # carte blanche: 323/578956, 1 in 1,792.43
    for key, _name, _test in EVENTS:
        assert f"pw-odds-{key}" in html
    assert round(one_in(exact["carte_blanche"]), 1) == 1792.4


def test_a_simulation_agrees_with_the_exact_odds_within_five_standard_errors():
    table = OddsTable()
    button = find(table, "pw-simulate")
    assert button.description == "Deal 10,000 hands"
    start = time.perf_counter()
    button.click()
    assert time.perf_counter() - start < 2  # well under a second on an ordinary machine
    assert table.dealt == 10_000
    for key, chance in table.exact.items():
        p = float(chance)
        error = math.sqrt(p * (1 - p) / table.dealt)
        assert abs(table.frequencies()[key] - p) <= 5 * error, key
    assert "Dealt 10,000 hands." in text_of(find(table, "pw-odds-table").value)
    first = dict(table.counts)
    button.click()  # seeded the first time, random after
    assert table.dealt == 10_000 and sum(table.counts.values()) > 0 and first


def test_the_first_simulation_is_reproducible_and_numbers_follow_the_language():
    one, two = OddsTable(hands=500), OddsTable(hands=500)
    one.simulate()
    two.simulate()
    assert one.counts == two.counts
    change_language("fr")
    try:
        html = text_of(find(one, "pw-odds-table").value)
        assert "0,056" in html and find(one, "pw-simulate").description != "Deal 500 hands"
    finally:
        change_language("en")


def test_lesson_two_shows_the_odds_beside_its_prose():
    part = LessonView(2).part(1)
    odds = find(part, "pw-odds")
    assert isinstance(odds, OddsTable)
    assert any("ten thousand hands" in text_of(box.value) for box in find_all(part, "pw-lesson-text"))
