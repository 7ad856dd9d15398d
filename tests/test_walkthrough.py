"""The deal walkthrough driven headless: buttons, slider and phase menu as a page would use them,
the displayed totals (`pw-score-*`), meters and explanations at chosen steps."""

from __future__ import annotations

import re

import ipywidgets as widgets
import pytest
import traitlets
from widget_helpers import find, find_all, load, scroll_through, text_of, walk

from piquet_widgets.engine import ELDER, YOUNGER, Phase, deal_code, deal_from_record
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.i18n import set_language
from piquet_widgets.widgets.walkthrough import DealWalkthrough

CAVENDISH = load("walkthrough_cavendish.json")
PIQUE = load("walkthrough_pique.json")
REPIQUE = load("walkthrough_repique_younger.json")
CAPOT = load("walkthrough_capot.json")

# Steps: 0 the deal, 1–2 the exchanges, 3–8 the declarations (elder, younger per category),
# 9–32 the 24 cards, 33 the tally.
AFTER_POINT, AFTER_SEQUENCES, AFTER_SETS = 4, 6, 8


def scores(walk) -> tuple[str, str]:
    return find(walk, "pw-score-elder").value, find(walk, "pw-score-younger").value


def meter_text(walk, seat: str) -> str:
    return text_of(find(walk, f"pw-meter-{seat}").value)


def explanation(walk) -> str:
    return text_of(find(walk, "pw-explanation").value)


def press(walk, css_class: str, times: int = 1) -> None:
    button = find(walk, css_class)
    for _ in range(times):
        button.click()


def test_every_main_element_carries_its_class_once():
    walk = DealWalkthrough(CAVENDISH)
    for css_class in (
        "pw-walkthrough", "pw-next", "pw-prev", "pw-explanation", "pw-score-elder", "pw-score-younger",
        "pw-meter-elder", "pw-meter-younger", "pw-hand-elder", "pw-hand-younger", "pw-timeline", "pw-phase",
        "pw-chart", "pw-events", "pw-summary",
    ):
        assert len(find_all(walk, css_class)) == 1, css_class


def test_the_cavendish_example_stepped_through_with_the_next_button():
    walk = DealWalkthrough(CAVENDISH)
    assert scores(walk) == ("0", "0")
    press(walk, "pw-next", AFTER_POINT)
    assert scores(walk) == ("5", "0")  # point of five, 49 against 48
    assert "Forty-nine." in explanation(walk)  # both points of five cards: elder tells his value, 49
    assert "Good." in explanation(walk)
    press(walk, "pw-next", AFTER_SETS - AFTER_POINT)
    assert scores(walk) == ("9", "17")  # + quart major 4; younger's fourteen tens and three queens
    next_button = find(walk, "pw-next")
    while not next_button.disabled:
        next_button.click()
    assert scores(walk) == ("28", "23")  # Cavendish's own result
    assert "Final tally: elder 28, younger 23." in explanation(walk)


def test_the_back_button_undoes_a_step_and_is_disabled_at_the_start():
    walk = DealWalkthrough(CAVENDISH, step=AFTER_SETS)
    press(walk, "pw-prev", 2)
    assert walk.step == AFTER_SEQUENCES and scores(walk) == ("9", "0")
    press(walk, "pw-prev", 10)
    assert walk.step == 0 and find(walk, "pw-prev").disabled


def test_the_slider_and_the_phase_menu_move_the_walkthrough():
    walk = DealWalkthrough(CAVENDISH)
    slider = find(walk, "pw-timeline")
    assert (slider.min, slider.max) == (0, 33)
    slider.value = AFTER_SEQUENCES
    assert walk.step == AFTER_SEQUENCES and scores(walk) == ("9", "0")
    menu = find(walk, "pw-phase")
    menu.value = "play"
    assert walk.step == 9 and walk.kind() == "play"
    assert slider.value == 9  # the slider follows
    menu.value = "end"
    assert walk.kind() == "tally" and scores(walk) == ("28", "23")
    assert menu.value == "end"
    menu.value = "exchange"
    assert walk.step == 1


def test_values_a_page_may_send_are_checked():
    walk = DealWalkthrough(CAVENDISH)
    with pytest.raises(traitlets.TraitError):
        find(walk, "pw-phase").value = "nonsense"
    slider = find(walk, "pw-timeline")
    slider.value = 10_000  # clamped by the slider to its maximum
    assert walk.step == 33
    walk.go("3")  # not a number: ignored
    assert walk.step == 33


def test_the_summary_appears_at_the_end_with_every_category():
    walk = DealWalkthrough(CAVENDISH)
    summary = find(walk, "pw-summary")
    assert summary.layout.display == "none"
    walk.last()
    assert summary.layout.display is None
    html = summary.value
    for row, elder, younger in (("Point", 5, 0), ("Sequences", 4, 0), ("Sets", 0, 17), ("The cards", 10, 0), ("Total", 28, 23)):
        assert f"<td>{row}</td><td>{elder}</td><td>{younger}</td>" in html


def test_the_chart_shows_the_thirty_line_and_both_totals():
    walk = DealWalkthrough(CAVENDISH, step=AFTER_SETS)
    svg = find(walk, "pw-chart").value
    assert svg.count("<polyline") == 2 and ">30</text>" in svg
    assert "elder 9, younger 17" in svg
    assert ">Running totals of the deal</text>" in svg


def test_the_chart_gives_nothing_of_the_deal_away_after_the_step_shown():
    walk = DealWalkthrough(CAVENDISH, step=1)
    svg = find(walk, "pw-chart").value
    marker = re.search(r'<line x1="([\d.]+)" x2="\1"', svg)  # the vertical line at the step shown
    now = float(marker.group(1))
    xs = [float(x) for points in re.findall(r'<polyline points="([^"]+)"', svg) for x in re.findall(r"([\d.]+),", points)]
    assert xs and max(xs) <= now
    # The scale is that of the scores so far (0 and 0 at step 1), not of the final 28 and 23.
    assert ">40</text>" in svg and ">50</text>" not in svg


def test_the_chart_takes_its_colours_from_the_stylesheet():
    svg = find(DealWalkthrough(CAVENDISH, step=AFTER_SETS), "pw-chart").value
    assert "var(--pw-elder)" in svg and "var(--pw-younger)" in svg and "var(--pw-thirty)" in svg
    assert not re.search(r"#[0-9a-fA-F]{3,6}\b", svg)
    sizes = [int(size) for size in re.findall(r'font-size="(\d+)"', svg)]
    assert sizes and min(sizes) >= 13  # the chart is drawn at about its own width: 13 px and up


def test_the_events_are_listed_in_reckoning_order_with_running_totals():
    walk = DealWalkthrough(CAVENDISH, step=AFTER_SETS)
    html = find(walk, "pw-events").value
    point, sequence, sets = html.index("point of five"), html.index("quart major"), html.index("fourteen tens")
    assert point < sequence < sets
    assert "5–0" in html and "9–0" in html and "9–17" in html


def test_meters_at_the_pique():
    walk = DealWalkthrough(PIQUE)
    walk.jump("declarations")
    walk.go(AFTER_POINT)
    assert scores(walk) == ("0", "0")  # equal points: nobody scores
    assert "Equalities do not save a pique" in meter_text(walk, "elder")
    walk.go(AFTER_SETS)
    assert scores(walk) == ("20", "0")  # two tierces major 6, fourteen kings 14
    # Nine leads make 29; the tenth lead (card 19, step 8 + 19) makes 30: pique, 30 more.
    walk.go(8 + 17)
    assert scores(walk) == ("29", "0")
    assert "needs 1 more point" in meter_text(walk, "elder")
    walk.next(); walk.next()
    assert scores(walk) == ("60", "0")
    assert "Pique: elder reached thirty" in meter_text(walk, "elder")
    assert "elder has scored the pique" in meter_text(walk, "younger")
    assert "pique, 30" in explanation(walk)
    walk.last()
    assert scores(walk) == ("70", "4")


def test_younger_repiques():
    walk = DealWalkthrough(REPIQUE, step=AFTER_POINT)
    assert scores(walk) == ("0", "5")
    assert "younger's point reckons first" in meter_text(walk, "elder")
    walk.go(AFTER_SETS)
    assert scores(walk) == ("0", str(5 + 18 + 20 + 60))
    assert "Repique: younger reached thirty" in meter_text(walk, "younger")
    assert "repique" in explanation(walk)
    walk.last()
    assert scores(walk) == ("2", "125")


def test_capot():
    walk = DealWalkthrough(CAPOT)
    walk.go(32)
    assert scores(walk) == ("59", "24")  # 6 sets + 12 leads + 1 last + 40 capot; 7 + 17
    assert "capot" in explanation(walk) and "40" in explanation(walk)
    walk.last()
    assert "<td>Capot</td><td>40</td><td>0</td>" in find(walk, "pw-summary").value


def test_the_hands_show_the_cards_held_at_each_step():
    walk = DealWalkthrough(CAVENDISH)
    elder = find(walk, "pw-hand-elder")
    assert sorted(elder.cards) == sorted(CAVENDISH["record"]["elder"].split())
    walk.next()  # elder's exchange: K♠ 8♣ 7♣ 9♦ 8♦ out, 9♠ 8♠ K♥ 9♣ K♦ in, shown raised
    assert "KS" not in elder.cards and "KH" in elder.cards
    assert sorted(elder.selected) == sorted(["9S", "8S", "KH", "9C", "KD"])
    walk.go(9)  # elder leads the A♥
    assert "AH" not in elder.cards
    assert find(walk, "pw-trick").cards == ["AH"]


@pytest.mark.parametrize("source", ["code", "seed", "deal", "dealt record"])
def test_a_deal_given_without_its_play_is_completed_by_the_computer(source):
    record = CAVENDISH["record"]
    dealt = {key: record[key] for key in ("elder", "younger", "talon")}
    given = {
        "code": deal_code(deal_from_record(dealt)),
        "seed": 12345,
        "deal": deal_from_record(dealt),
        "dealt record": dealt,
    }[source]
    walk = DealWalkthrough(given)
    walk.last()
    final = walk.timeline[-1]
    assert final.phase is Phase.FINISHED and len(walk.record["play"].split()) == 24
    assert scores(walk) == (str(final.scores[ELDER]), str(final.scores[YOUNGER]))
    # The completed record replays to the same totals through the engine.
    assert deal_from_record(walk.record).scores == final.scores


def test_a_bad_source_is_refused_with_a_message():
    with pytest.raises(PiquetError):
        DealWalkthrough("not a code")
    with pytest.raises(PiquetError):
        DealWalkthrough(3.5)


def test_refresh_changes_language_without_moving():
    walk = DealWalkthrough(CAVENDISH, step=AFTER_POINT)
    assert "Forty-nine." in explanation(walk)
    set_language("fr")
    walk.refresh()
    assert walk.step == AFTER_POINT and scores(walk) == ("5", "0")
    assert "Quarante-neuf." in explanation(walk)
    set_language("en")
    walk.refresh()
    assert "Forty-nine." in explanation(walk)


def test_every_trick_played_is_listed_with_its_winner() -> None:
    from piquet_widgets.widgets.walkthrough import tricks_html

    walk = DealWalkthrough(7)
    walk.last()
    deal = walk.deal
    html = tricks_html(deal)
    assert html.count("<li>") == 12 == len(deal.tricks)
    won = [item.split("won by ")[1].split("<")[0] for item in html.split("<li>")[1:]]
    assert won == ["elder" if trick.winner == 0 else "younger" for trick in deal.tricks]
    assert walk.tricks_view.layout.display != "none"
    walk.first()
    assert walk.tricks_view.layout.display == "none"


def test_keys_step_and_jump_and_nothing_else_moves() -> None:
    walk = DealWalkthrough(7)
    press = lambda key: walk.keys_view._on_message(walk.keys_view, {"type": "key", "key": key}, [])  # noqa: E731
    press("ArrowRight")
    press("ArrowRight")
    assert walk.step == 2
    press("ArrowLeft")
    assert walk.step == 1
    press("End")
    assert walk.step == len(walk.steps) - 1
    for forged in ("Enter", "PageDown", 3, None):
        press(forged)
    walk.keys_view._on_message(walk.keys_view, {"type": "go", "step": 0}, [])
    assert walk.step == len(walk.steps) - 1
    press("Home")
    assert walk.step == 0


# -- the next step, at the end ------------------------------------------------------------------


def shown(widget) -> bool:
    return widget.layout.display != "none"


def test_the_last_step_suggests_practising_the_deal_at_a_table_of_its_own() -> None:
    walk = DealWalkthrough(CAVENDISH["record"], language_selector=False)
    panel = find(walk, "pw-next-step")
    assert not shown(panel)
    walk.go(len(walk.steps) - 2)
    assert not shown(panel)  # only once the deal is over
    walk.next()
    assert shown(panel) and find(panel, "pw-practise-deal").description == "Practise this deal"
    assert not shown(find(panel, "pw-next-step-lesson"))  # not a lesson's walkthrough
    find(panel, "pw-practise-deal").click()
    table = find(walk, "pw-practice")
    from piquet_widgets.engine import parse_cards

    record = CAVENDISH["record"]  # the deal as dealt, before any discard
    fresh_hands = {ELDER: tuple(parse_cards(record["elder"])), YOUNGER: tuple(parse_cards(record["younger"]))}
    assert all(set(table.deal.hand(seat)) == set(fresh_hands[seat]) for seat in (ELDER, YOUNGER))
    assert table.deal.phase is Phase.EXCHANGE and table.code == walk.code
    walk.previous()
    assert not shown(panel)


def test_the_next_step_hands_the_deal_code_and_the_next_lesson_to_the_host() -> None:
    asked: list[str] = []
    walk = DealWalkthrough(PIQUE["record"], language_selector=False, on_practise=asked.append, on_next_lesson=lambda: "The next lesson is here.")
    walk.last()
    find(walk, "pw-practise-deal").click()
    assert asked == [walk.code] and find_all(walk, "pw-practice") == []
    button = find(walk, "pw-next-step-lesson")
    assert shown(button) and button.description == "Next lesson →"
    button.click()
    assert text_of(find(walk, "pw-next-step-note").value).strip() == "The next lesson is here."


@pytest.mark.parametrize("number", range(1, 12))
def test_a_lessons_headings_go_down_one_level_at_a_time(number: int) -> None:
    """The lesson's title is an h2, a part's an h3; a walkthrough inside a part titles itself
    one level below, so a screen reader's list of headings keeps the lesson's outline."""
    from piquet_widgets.widgets.lesson import LessonView

    html = " ".join(w.value for w in walk(scroll_through(LessonView(number, lazy=True).page())) if isinstance(w, widgets.HTML))
    levels = [int(level) for level in re.findall(r"<h([1-6])\b", html)]
    assert levels[0] == 2 and 3 in levels and 2 not in levels[1:], levels  # one title, everything under it
    assert all(after <= before + 1 for before, after in zip(levels, levels[1:])), levels
