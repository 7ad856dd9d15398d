"""The mistake flagged at the practice table in a real Chromium: a card that loses points shows
`pw-mistake` with a sentence naming it before the learner plays the next card, and "Show me why"
shows the refutation."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))

from piquet_widgets.engine import ELDER, Phase  # noqa: E402


def test_a_mistake_is_flagged_before_the_next_card(club_table_exchanged, artifacts: Path) -> None:
    from piquet_widgets.analysis.review import card_values
    from piquet_widgets.analysis.solver import Solver

    page, mirror = club_table_exchanged("practice_mistake")
    hand = page.locator(".pw-hand-elder .pw-card")
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
