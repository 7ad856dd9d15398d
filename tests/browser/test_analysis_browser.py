"""The analysis in a real Chromium against Voilà: the practice table's level menu, the value marks
drawn on the learner's legal cards, the hint; the walkthrough's best continuation. Screenshots go
to tests/artifacts/ to be looked at."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))

from piquet_widgets.analysis.review import card_values  # noqa: E402
from piquet_widgets.engine import YOUNGER  # noqa: E402

SEED = 7


@pytest.fixture(scope="module")
def practice_url(voila) -> str:
    code = (
        "from piquet_widgets.widgets.practice import PracticeTable\n"
        f"PracticeTable(declare_for_me=True, role='younger', deal={SEED}, level='expert')"
    )
    return voila.notebook(code, name="practice_expert")


@pytest.fixture(scope="module")
def walkthrough_url(voila) -> str:
    code = "from piquet_widgets.widgets.walkthrough import DealWalkthrough\n" f"DealWalkthrough({SEED}, step=14)"
    return voila.notebook(code, name="walkthrough_best_line")


def fit_to_content(page: Page, width: int) -> None:
    height = page.evaluate("Math.ceil(document.querySelector('.pw-root').getBoundingClientRect().bottom) + 24")
    page.set_viewport_size({"width": width, "height": max(600, int(height))})


def test_value_marks_and_hint_at_the_practice_table(open_page: Callable[..., Page], practice_url: str, artifacts: Path) -> None:
    from piquet_widgets.widgets.practice import PracticeTable

    mirror = PracticeTable(declare_for_me=True, role="younger", deal=SEED, level="expert")  # deterministic: the same deal in the page
    page = open_page(practice_url, width=1280, height=900)
    expect(page.locator(".pw-level select")).to_have_value("Computer: expert")
    expect(page.locator(".pw-hand-younger .pw-card")).to_have_count(12)
    # Younger's exchange: the two lowest cards.
    chosen = sorted(mirror.deal.hand(YOUNGER), key=lambda c: c.rank)[:2]
    for choice in chosen:
        page.locator(f'.pw-hand-younger .pw-card[data-card="{choice.code}"]').click()
        mirror.click(YOUNGER, choice)
    page.locator("button.pw-confirm").click()
    mirror.confirm()
    values = card_values(mirror.deal)
    page.locator(".pw-show-values").click()
    badges = page.locator(".pw-hand-younger .pw-card-badge")
    expect(badges).to_have_count(len(values.values))
    for card in values.values:
        expected = values.badges()[card.code]
        expect(page.locator(f'.pw-hand-younger .pw-card[data-card="{card.code}"] .pw-card-badge')).to_have_text(expected)
    page.locator("button.pw-hint").click()  # first the idea in words
    expect(page.locator(".pw-hint-text")).to_contain_text("Ask again for the move")
    page.locator("button.pw-hint").click()
    expect(page.locator(".pw-hint-text")).to_contain_text("Hint: play the")
    expect(page.locator(".pw-hand-younger .pw-card-outlined").first).to_be_visible()
    # The exact figure is folded under "Details", opened from the keyboard.
    details = page.locator(".pw-hint-text details.pw-details")
    figure = details.locator("p")
    expect(figure).to_be_hidden()
    summary = details.locator("summary")
    expect(summary).to_have_text("Details")
    summary.focus()
    assert page.evaluate("document.activeElement.tagName") == "SUMMARY"
    page.keyboard.press("Enter")
    expect(figure).to_be_visible()
    expect(figure).to_contain_text("your points to come minus elder's: ")
    fit_to_content(page, 1280)
    page.screenshot(path=str(artifacts / "practice-values.png"))


def test_the_best_continuation_in_the_walkthrough(open_page: Callable[..., Page], walkthrough_url: str, artifacts: Path) -> None:
    page = open_page(walkthrough_url, width=1280, height=900)
    page.locator("button.pw-best-line").click()
    panel = page.locator(".pw-best-line-text")
    expect(panel).to_contain_text("Best play from here")
    expect(panel.locator(".pw-line-tricks li").first).to_be_visible()
    page.locator("button.pw-next").click()
    expect(panel).to_contain_text("With best play by both from here")
    fit_to_content(page, 1280)
    page.screenshot(path=str(artifacts / "walkthrough-best-line.png"))
