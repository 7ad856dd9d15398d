"""The practice table in closed mode in a real Chromium: `?mode=closed` in the app's address
draws the computer's twelve cards and the talon face down, and the learner sinks his point
through the `pw-speak` buttons, scored as he declared it (rules 4 and 8b)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from piquet_widgets.engine import YOUNGER, Deal

pytestmark = pytest.mark.browser

# Elder holds all eight hearts (a point of eight); younger at most five of a suit after his exchange.
ARRANGED = ("AH KH QH JH TH 9H 8H 7H AS KS QS JS", "TS 9S 8S 7S AD KD QD JD AC KC QC JC", "TD TC 8C 7D 7C 9D 9C 8D")


def hidden_codes_in(html: str, cards) -> list[str]:
    """The codes of `cards` that stand alone somewhere in `html` (an attribute, a text)."""
    return [card.code for card in cards if re.search(rf"(?<![A-Za-z0-9]){card.code}(?![A-Za-z0-9])", html)]


def test_the_app_in_closed_mode_hides_the_computers_hand_and_the_talon(open_page: Callable[..., Page], app_url: str, artifacts: Path) -> None:
    page = open_page(app_url + "?mode=closed&seed=8", width=1280, height=1000)
    expect(page.locator(".pw-hand-younger .pw-card")).to_have_count(12, timeout=60_000)
    expect(page.locator('.pw-hand-younger .pw-card[data-face="down"]')).to_have_count(12)
    expect(page.locator('.pw-hand-elder .pw-card[data-face="down"]')).to_have_count(0)
    expect(page.locator('.pw-talon .pw-card[data-face="down"]')).to_have_count(5)
    expect(page.locator('.pw-talon-younger .pw-card[data-face="down"]')).to_have_count(3)
    expect(page.locator(".pw-hand-younger .pw-card").nth(2)).to_have_attribute("aria-label", "face-down card 3 of 12")
    # The page holds no code of a hidden card: not in the DOM, nor in the page's copy of the partie.
    deal = Deal.from_seed(8)
    hidden = (*deal.dealt(YOUNGER), *deal.talon)
    table = page.locator(".pw-practice").evaluate("element => element.outerHTML")
    assert hidden_codes_in(table, hidden) == []
    assert all(f'data-card="{card.code}"' not in page.content() and card.name_in_words() not in page.content() for card in hidden)
    kept = page.evaluate("() => Object.values(localStorage).join(' ')")
    assert hidden_codes_in(kept, hidden) == []
    page.screenshot(path=str(artifacts / "closed-table.png"), full_page=True)


def test_the_address_s_closed_mode_wins_over_an_open_partie_kept_in_the_browser(open_page: Callable[..., Page], app_url: str) -> None:
    page = open_page(app_url + "?seed=3", width=1280, height=1000)
    expect(page.locator(".pw-practice h2")).to_have_text("Practice table: open piquet", timeout=60_000)
    expect(page.locator('.pw-hand-younger .pw-card[data-face="down"]')).to_have_count(0)
    kept_open = page.evaluate("() => localStorage.getItem('piquet-widgets.practice-partie')")
    assert kept_open and '"mode": "open"' in kept_open
    page.goto(app_url + "?mode=closed")
    expect(page.locator(".pw-practice h2")).to_have_text("Practice table: closed piquet", timeout=60_000)
    expect(page.locator('.pw-hand-younger .pw-card[data-face="down"]')).to_have_count(12)
    # The open partie is still kept, for the next time the table opens with open hands.
    assert page.evaluate("() => localStorage.getItem('piquet-widgets.practice-partie')") == kept_open


def test_the_learner_sinks_his_point_and_the_score_follows(open_table: Callable[..., Page], artifacts: Path) -> None:
    page = open_table("closed_sinking", ARRANGED, role="elder", mode="closed", level="beginner")
    expect(page.locator('.pw-hand-younger .pw-card[data-face="down"]')).to_have_count(12)
    page.locator('.pw-hand-elder .pw-card[data-card="JS"]').click()
    page.locator("button.pw-confirm").click()
    page.get_by_role("button", name="point of seven in hearts (sinking)", exact=True).click()
    # The point of seven beats younger's shorter point and scores one a card: 7, not the 8 held.
    expect(page.locator(".pw-score-elder")).to_have_text("7")
    # Younger's point lost: Law 55 shows only a scoring combination, so there is nothing to ask for.
    expect(page.locator(".pw-speech button").first).to_be_visible()
    expect(page.locator("button.pw-show-me")).to_have_count(0)
    expect(page.locator(".pw-shown")).to_have_count(0)
    page.screenshot(path=str(artifacts / "closed-sunk.png"), full_page=True)


def test_the_closed_review_reads_the_hands_as_dealt_in_words(open_page: Callable[..., Page], voila, artifacts: Path) -> None:
    """Once a closed deal is over, its review shows both hands as dealt; a screen reader hears
    each card's name ("ace of hearts"), not its symbol ("black heart suit")."""
    code = (
        "from piquet_widgets.engine import Deal, Phase, parse_cards\n"
        "from piquet_widgets.widgets.practice import PracticeTable\n"
        f"table = PracticeTable(role='elder', mode='closed', level='beginner', keep_in_browser=False, deal=Deal.new(*(parse_cards(t) for t in {ARRANGED!r})))\n"
        "session = table.session\n"
        "session.select('elder', 'JS'); session.confirm()\n"
        "while session.deal.phase is Phase.DECLARATIONS: session.declare_choice(session.declaration_choices()[-1].key)\n"
        "while session.deal.phase is Phase.PLAY: session.select(session.deal.to_move, session.deal.playable_cards()[0])\n"
        "table.refresh()\n"
        "table"
    )
    page = open_page(voila.notebook(code, name="closed_review"), width=1280, height=1000)
    hands = page.locator(".pw-review .pw-dealt-hand")
    expect(hands).to_have_count(2, timeout=120_000)
    spoken = hands.first.aria_snapshot()
    assert "ace of hearts" in spoken and "knave of spades" in spoken, spoken
    assert "♥" not in spoken and "♠" not in spoken, spoken
    expect(page.locator(".pw-review")).to_contain_text("with perfect play: elder")
    expect(page.locator(".pw-review .pw-declaration-note").first).to_contain_text("sank it")
    page.screenshot(path=str(artifacts / "closed-review.png"), full_page=True)
