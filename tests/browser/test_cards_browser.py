"""CardRow in a real page: SVG cards with aria labels, clicks and keys reaching Python, and
screenshots from a phone to a projector (saved to tests/artifacts/ to be looked at)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

ELDER = "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D"
NOTEBOOK = f"""
from piquet_widgets.widgets.cards import CardRow

elder = CardRow(
    "{ELDER}".split(),
    playable="AS KS JS AH QH".split(),
    selected=["JS"],
    badges={{"AS": "=", "KS": "−3", "AH": "+1"}},
    caption="Elder",
    css_class="pw-hand-elder",
)

def play(card):
    elder.cards = [code for code in elder.cards if code != card.code]

elder.on_click(play)
display(elder)
display(CardRow("TS 7S TH 9H 7H KC QC TC AD QD JD TD".split(), caption="Younger",
                css_class="pw-hand-younger", four_colour=True))
display(CardRow("9S 8S KH 9C KD QS AC 7D".split(), face_up=False, caption="Talon", css_class="pw-talon"))
from ipywidgets import HBox
display(HBox([CardRow(["AH", "TH"], caption="Trick", css_class="pw-trick"),
              CardRow(["KS", "8C", "7C"], playable=["KS"], caption="Discards", css_class="pw-discards",
                      disabled=True)]))
"""


@pytest.fixture(scope="module")
def url(voila) -> str:
    return voila.notebook(NOTEBOOK, name="cards")


def card(page: Page, row: str, code: str):
    return page.locator(f'.{row} [data-card="{code}"]')


def test_cards_are_svg_with_aria_labels(open_page: Callable[..., Page], url: str) -> None:
    page = open_page(url)
    elder = page.locator(".pw-cards.pw-hand-elder")
    expect(elder.locator(".pw-card")).to_have_count(12)
    expect(elder.locator(".pw-cards-caption")).to_have_text("Elder")
    ace = card(page, "pw-hand-elder", "AS")
    expect(ace).to_have_attribute("role", "button")
    expect(ace).to_have_attribute("aria-label", "A — ace of spades (=)")
    expect(ace.locator("svg")).to_be_visible()
    expect(card(page, "pw-hand-elder", "JS")).to_have_attribute("aria-label", "J — knave of spades, selected")
    expect(card(page, "pw-hand-elder", "8D")).to_have_attribute("role", "img")
    expect(card(page, "pw-hand-elder", "8D")).to_have_class(re.compile(r"\bpw-card-dimmed\b"))
    # A disabled row: nothing is playable and nothing is dimmed.
    expect(page.locator(".pw-discards")).to_have_class(re.compile(r"\bpw-cards-disabled\b"))
    expect(card(page, "pw-discards", "KS")).to_have_attribute("role", "img")
    expect(card(page, "pw-discards", "KS")).to_have_class("pw-card")
    expect(card(page, "pw-hand-younger", "TH")).to_have_attribute("aria-label", "10 — ten of hearts")
    expect(card(page, "pw-talon", "back-1")).to_have_attribute("aria-label", "face-down card 1 of 8")
    expect(page.locator(".pw-talon .pw-card-back")).to_have_count(8)
    expect(page.locator('.pw-talon [data-card="9S"]')).to_have_count(0)  # a face-down row names no card
    expect(page.locator(".pw-talon [data-suit]")).to_have_count(0)


def test_clicking_a_playable_card_reaches_python(open_page: Callable[..., Page], url: str) -> None:
    page = open_page(url)
    elder = page.locator(".pw-hand-elder .pw-card")
    expect(elder).to_have_count(12)
    card(page, "pw-hand-elder", "8D").click()  # not playable: nothing is sent
    card(page, "pw-hand-elder", "QH").click()
    expect(card(page, "pw-hand-elder", "QH")).to_have_count(0)
    expect(elder).to_have_count(11)
    expect(card(page, "pw-hand-elder", "8D")).to_have_count(1)


def test_keyboard_moves_focus_and_plays(open_page: Callable[..., Page], url: str) -> None:
    page = open_page(url)
    ace = card(page, "pw-hand-elder", "AS")
    expect(ace).to_have_attribute("tabindex", "0")
    expect(card(page, "pw-hand-elder", "KS")).to_have_attribute("tabindex", "-1")
    ace.focus()
    page.keyboard.press("ArrowRight")
    expect(card(page, "pw-hand-elder", "KS")).to_be_focused()
    page.keyboard.press("Enter")
    expect(card(page, "pw-hand-elder", "KS")).to_have_count(0)
    # The focus stays in the row, on the playable card that took the played card's place.
    expect(card(page, "pw-hand-elder", "JS")).to_be_focused()
    page.keyboard.press("End")
    expect(card(page, "pw-hand-elder", "QH")).to_be_focused()
    page.keyboard.press(" ")
    expect(card(page, "pw-hand-elder", "QH")).to_have_count(0)
    expect(card(page, "pw-hand-elder", "AH")).to_be_focused()
    expect(page.locator(".pw-hand-elder .pw-card")).to_have_count(10)


@pytest.mark.parametrize(
    ("name", "width", "height", "scale"),
    [("phone", 390, 844, 2), ("notebook", 1000, 800, 1), ("projector", 1600, 900, 1)],
)
def test_screenshots(
    open_page: Callable[..., Page], url: str, artifacts: Path, name: str, width: int, height: int, scale: float
) -> None:
    page = open_page(url, width=width, height=height, scale=scale)
    expect(page.locator(".pw-trick .pw-card")).to_have_count(2)
    # Show the keyboard focus ring as well.
    page.locator(".pw-hand-elder [data-card=AS]").focus()
    page.keyboard.press("ArrowRight")
    expect(card(page, "pw-hand-elder", "KS")).to_be_focused()
    rows = page.locator(".pw-cards")
    for index in range(rows.count()):
        box = rows.nth(index).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1
    page.screenshot(path=artifacts / f"cards_{name}.png", full_page=True)
