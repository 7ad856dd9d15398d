"""The practice table in closed mode in a real Chromium: `?mode=closed` in the app's address
draws the computer's twelve cards and the talon face down, and the learner sinks his point
through the `pw-speak` buttons, scored as he declared it (rules 4 and 8b)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

# Elder holds all eight hearts (a point of eight); younger at most five of a suit after his exchange.
ARRANGED = ("AH KH QH JH TH 9H 8H 7H AS KS QS JS", "TS 9S 8S 7S AD KD QD JD AC KC QC JC", "TD TC 8C 7D 7C 9D 9C 8D")


def test_the_app_in_closed_mode_hides_the_computers_hand_and_the_talon(open_page: Callable[..., Page], app_url: str, artifacts: Path) -> None:
    page = open_page(app_url + "?mode=closed&seed=8", width=1280, height=1000)
    expect(page.locator(".pw-hand-younger .pw-card")).to_have_count(12, timeout=60_000)
    expect(page.locator('.pw-hand-younger .pw-card[data-face="down"]')).to_have_count(12)
    expect(page.locator('.pw-hand-elder .pw-card[data-face="down"]')).to_have_count(0)
    expect(page.locator('.pw-talon .pw-card[data-face="down"]')).to_have_count(5)
    expect(page.locator('.pw-talon-younger .pw-card[data-face="down"]')).to_have_count(3)
    expect(page.locator(".pw-hint-text")).to_contain_text("hidden cards")
    page.screenshot(path=str(artifacts / "closed-table.png"), full_page=True)


def test_the_learner_sinks_his_point_and_the_score_follows(open_table: Callable[..., Page], artifacts: Path) -> None:
    page = open_table("closed_sinking", ARRANGED, role="elder", mode="closed", level="beginner")
    expect(page.locator('.pw-hand-younger .pw-card[data-face="down"]')).to_have_count(12)
    page.locator('.pw-hand-elder .pw-card[data-card="JS"]').click()
    page.locator("button.pw-confirm").click()
    page.get_by_role("button", name="point of seven in hearts (sinking)", exact=True).click()
    # The point of seven beats younger's shorter point and scores one a card: 7, not the 8 held.
    expect(page.locator(".pw-score-elder")).to_have_text("7")
    expect(page.locator("button.pw-show-me")).to_be_visible()
    page.locator("button.pw-show-me").click()
    expect(page.locator(".pw-shown")).to_be_visible()
    page.screenshot(path=str(artifacts / "closed-sunk.png"), full_page=True)
