"""The mistake flagged at the practice table in a real Chromium: a card that loses points shows
`pw-mistake` with a sentence naming it before the learner plays the next card, and "Show me why"
shows the refutation."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))

from piquet_widgets.engine import ELDER, Phase  # noqa: E402


def test_a_mistake_is_flagged_before_the_next_card(open_page: Callable[..., Page], voila, artifacts: Path) -> None:
    from piquet_widgets.analysis.review import card_values
    from piquet_widgets.analysis.solver import Solver
    from piquet_widgets.teach.session import PracticeSession

    mirror = PracticeSession(role="elder", deal=21, level="club")  # the same table, to know each card's cost
    code = (
        "from piquet_widgets.widgets.practice import PracticeTable\n"
        "PracticeTable(role='elder', deal=21, level='club', declare_for_me=True, keep_in_browser=False)"
    )
    page = open_page(voila.notebook(code, name="practice_mistake"), width=1280, height=1100)
    hand = page.locator(".pw-hand-elder .pw-card")
    expect(hand).to_have_count(12)
    first = mirror.deal.hand(ELDER)[0]
    page.locator(f'.pw-hand-elder .pw-card[data-card="{first.code}"]').click()
    page.locator("button.pw-confirm").click()
    mirror.select(ELDER, first)
    mirror.confirm()
    solver = Solver()
    while mirror.deal.phase is Phase.PLAY:
        values = card_values(mirror.deal, solver)
        wrong = [card for card, cost in values.costs().items() if cost >= 1]
        card = wrong[0] if wrong else values.best_cards[0]
        target = page.locator(f'.pw-hand-elder .pw-card[data-card="{card.code}"]')
        expect(target).to_have_attribute("role", "button")
        target.click()
        mirror.select(ELDER, card)
        if wrong:
            break
        expect(page.locator(".pw-mistake")).to_have_count(0)
    else:
        raise AssertionError("no card of this deal loses a point")
    flag = page.locator(".pw-mistake")
    expect(flag).to_be_visible(timeout=30_000)  # before any other card is played: the learner is to play
    expect(flag.locator(".pw-mistake-text")).to_contain_text(card.name_in_words())
    assert len(mirror.deal.hand(ELDER)) == hand.count()  # nothing more played meanwhile
    flag.locator("button.pw-mistake-why").click()
    expect(flag.locator(".pw-mistake-line li").first).to_be_visible()
    page.screenshot(path=str(artifacts / "table-mistake.png"), full_page=True)
