"""The walkthrough and the practice table in a real Chromium against Voilà: a deal stepped through
to the end shows the engine's final score, a clicked card is played, an illegal click shows the
engine's message. Screenshots go to tests/artifacts/ to be looked at."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))

from widget_helpers import load  # noqa: E402

from piquet_widgets.engine import ELDER, YOUNGER, PiquetError, Play, deal_from_record  # noqa: E402

CAVENDISH = load("walkthrough_cavendish.json")["record"]
PIQUE = load("walkthrough_pique.json")["record"]
PRACTICE_SEED = 7


def walkthrough_notebook(record: dict, step: int = 0) -> str:
    return (
        "from piquet_widgets.widgets.walkthrough import DealWalkthrough\n"
        f"DealWalkthrough({json.dumps(record)}, step={step})"
    )


@pytest.fixture(scope="module")
def cavendish_url(voila) -> str:
    return voila.notebook(walkthrough_notebook(CAVENDISH), name="walkthrough_cavendish")


@pytest.fixture(scope="module")
def pique_url(voila) -> str:
    # Step 8 + 19: the tenth lead by elder, where the pique is scored.
    return voila.notebook(walkthrough_notebook(PIQUE, step=27), name="walkthrough_pique")


@pytest.fixture(scope="module")
def practice_url(voila) -> str:
    code = (
        "from piquet_widgets.widgets.practice import PracticeTable\n"
        f"PracticeTable(declare_for_me=True, role='younger', deal={PRACTICE_SEED})"
    )
    return voila.notebook(code, name="practice")


def step_label(page: Page):
    return page.locator(".pw-step-label")


def fit_to_content(page: Page, width: int) -> None:
    """Make the viewport as tall as the widget so that a screenshot holds all of it."""
    height = page.evaluate("Math.ceil(document.querySelector('.pw-root').getBoundingClientRect().bottom) + 24")
    page.set_viewport_size({"width": width, "height": max(600, int(height))})


def test_a_deal_stepped_to_the_end_shows_the_engines_final_score(
    open_page: Callable[..., Page], cavendish_url: str, artifacts: Path
) -> None:
    final = deal_from_record(CAVENDISH)
    page = open_page(cavendish_url, width=1280, height=900)
    next_button = page.locator("button.pw-next")
    expect(step_label(page)).to_have_text("Step 1 of 34")
    expect(page.locator(".pw-score-elder")).to_have_text("0")
    for number in range(2, 35):
        next_button.click()
        expect(step_label(page)).to_have_text(f"Step {number} of 34")
        if number == 5:  # the point declared and answered
            expect(page.locator(".pw-explanation")).to_contain_text("How much?")
            expect(page.locator(".pw-score-elder")).to_have_text("5")
            fit_to_content(page, 1280)
            page.screenshot(path=str(artifacts / "walkthrough-declarations.png"))
            page.set_viewport_size({"width": 1280, "height": 900})
    expect(next_button).to_be_disabled()
    expect(page.locator(".pw-score-elder")).to_have_text(str(final.scores[ELDER]))
    expect(page.locator(".pw-score-younger")).to_have_text(str(final.scores[YOUNGER]))
    assert page.locator(".pw-score-elder").text_content().strip() == "28"
    expect(page.locator(".pw-summary")).to_be_visible()
    fit_to_content(page, 1280)
    page.screenshot(path=str(artifacts / "walkthrough-end.png"))
    # The same page on a phone.
    fit_to_content(page, 390)
    page.screenshot(path=str(artifacts / "walkthrough-end-phone.png"))


def test_the_pique_is_shown_by_the_meter(open_page: Callable[..., Page], pique_url: str, artifacts: Path) -> None:
    page = open_page(pique_url, width=1280, height=900)
    expect(page.locator(".pw-score-elder")).to_have_text("60")  # 20 + ten leads + pique 30
    expect(page.locator(".pw-score-younger")).to_have_text("0")
    expect(page.locator(".pw-meter-elder")).to_contain_text("Pique: elder reached thirty")
    expect(page.locator(".pw-meter-younger")).to_contain_text("elder has scored the pique")
    fit_to_content(page, 1280)
    page.screenshot(path=str(artifacts / "walkthrough-pique.png"))
    page.locator("button.pw-prev").click()
    expect(page.locator(".pw-score-elder")).to_have_text("29")
    expect(page.locator(".pw-meter-elder")).to_contain_text("needs 1 more point")


def headless_mirror():
    """The same practice table without a browser: the computer is deterministic, so it shows
    which cards will be legal in the page."""
    from piquet_widgets.widgets.practice import PracticeTable

    return PracticeTable(declare_for_me=True, role="younger", deal=PRACTICE_SEED)


def card(page: Page, row: str, code: str):
    return page.locator(f'.{row} .pw-card[data-card="{code}"]')


def test_practice_clicks_play_cards_and_illegal_clicks_are_refused(
    open_page: Callable[..., Page], practice_url: str, artifacts: Path
) -> None:
    mirror = headless_mirror()
    page = open_page(practice_url, width=1280, height=900)
    expect(page.locator(".pw-hand-younger .pw-card")).to_have_count(12)
    # Younger's exchange: select his two lowest cards by clicking them, then confirm.
    chosen = sorted(mirror.deal.hand(YOUNGER), key=lambda c: c.rank)[:2]
    for choice in chosen:
        card(page, "pw-hand-younger", choice.code).click()
        mirror.click(YOUNGER, choice)
    expect(card(page, "pw-hand-younger", chosen[1].code)).to_have_class(re.compile(r"\bpw-card-selected\b"))
    expect(page.locator("button.pw-confirm")).to_have_text("Discard 2 cards")
    page.locator("button.pw-confirm").click()
    mirror.confirm()
    deal = mirror.deal
    assert deal.to_move is YOUNGER and deal.led is not None  # the computer (elder) has led
    expect(page.locator(".pw-trick .pw-card")).to_have_count(1)
    expect(page.locator(".pw-dialogue-panel")).to_contain_text("Point of")
    # An illegal card: refused with the engine's message, the hand unchanged.
    wrong = next((c for c in deal.hand(YOUNGER) if c not in deal.playable_cards()), None)
    if wrong is not None:
        try:
            deal.apply(Play(wrong))
        except PiquetError as error:
            expected = str(error)
        card(page, "pw-hand-younger", wrong.code).click()
        expect(page.locator(".pw-message")).to_have_text(expected)
        expect(page.locator(".pw-hand-younger .pw-card")).to_have_count(12)
    # A legal card is played: it leaves the hand and lies on the table.
    right = deal.playable_cards()[0]
    card(page, "pw-hand-younger", right.code).click()
    expect(card(page, "pw-hand-younger", right.code)).to_have_count(0)
    on_table = page.locator(f'.pw-trick .pw-card[data-card="{right.code}"], .pw-previous-trick .pw-card[data-card="{right.code}"]')
    expect(on_table).to_have_count(1)
    fit_to_content(page, 1280)
    page.screenshot(path=str(artifacts / "practice.png"))
    fit_to_content(page, 390)
    page.screenshot(path=str(artifacts / "practice-phone.png"))
