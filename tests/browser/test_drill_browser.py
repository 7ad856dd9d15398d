"""A drill solved in the app as a learner solves it: by clicking the cards of his point in a real
Chromium, then "Check"."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser

VALUES = {"A": 11, "K": 10, "Q": 10, "J": 10, "T": 10, "9": 9, "8": 8, "7": 7}


def longest_suit(codes: list[str]) -> list[str]:
    """The point by the rules: the most cards, then the highest total of values."""
    suits: dict[str, list[str]] = {}
    for code in codes:
        suits.setdefault(code[1], []).append(code)
    return max(suits.values(), key=lambda cards: (len(cards), sum(VALUES[card[0]] for card in cards)))


def test_clicking_the_cards_of_the_point_solves_the_drill(open_page: Callable[..., Page], app_url: str, artifacts: Path, reveal: Callable[..., Locator]) -> None:
    page = open_page(f"{app_url}?lesson=3", height=1100)
    drill = reveal(page.locator(".pw-lesson-3"), ".pw-drill-1")
    cards = drill.locator(".pw-drill-cards .pw-card")
    expect(cards).to_have_count(12)
    codes = [cards.nth(index).get_attribute("data-card") for index in range(12)]
    point = longest_suit(codes)
    for code in point:
        drill.locator(f'.pw-card[data-card="{code}"]').click()
    expect(drill.locator(".pw-card-selected")).to_have_count(len(point))
    drill.locator(".pw-drill-check").click()
    expect(drill.locator(".pw-drill-right")).to_be_visible()
    expect(drill.locator(".pw-drill-right")).to_contain_text("Right.")
    drill.scroll_into_view_if_needed()
    drill.screenshot(path=artifacts / "drill-point-solved.png")
    drill.locator(".pw-drill-new").click()
    expect(drill.locator(".pw-drill-right")).to_have_count(0)
    expect(drill).to_contain_text("Level 2 of 3")


def test_a_discard_is_chosen_by_clicking_and_judged_in_words(open_page: Callable[..., Page], app_url: str, artifacts: Path, reveal: Callable[..., Locator]) -> None:
    page = open_page(f"{app_url}?lesson=choosing-your-discards", height=1100)
    drill = reveal(page.locator(".pw-lesson"), ".pw-drill-1")
    # "Keep the point or the sequence?", judged by the declarations advisor
    expect(drill.locator(".pw-drill-cards .pw-card")).to_have_count(24, timeout=60_000)  # your hand and the other, face up
    hand = drill.locator(".pw-drill-cards .pw-card")
    codes = [hand.nth(index).get_attribute("data-card") for index in range(12)]
    for code in codes[:9]:  # nine cards: more than either player may discard
        drill.locator(f'.pw-card[data-card="{code}"]').first.click()
    drill.locator(".pw-drill-check").click()
    expect(drill.locator(".pw-drill-feedback")).to_contain_text(re.compile(r"Discard from 1 to [1-8] cards of your hand\."))
    expect(drill.locator(".pw-card-selected")).to_have_count(0)  # the selection goes with the try
    drill.locator(f'.pw-card[data-card="{codes[0]}"]').first.click()
    expect(drill.locator(".pw-card-selected")).to_have_count(1)
    drill.locator(".pw-drill-check").click()  # one card: always allowed; valued by the evaluator if it had not been
    feedback = drill.locator(".pw-drill-feedback")
    expect(feedback).not_to_contain_text("Discard from 1 to", timeout=60_000)
    if "Not yet" in feedback.inner_text():  # a first miss: a hint toward the method, never the answer
        assert "Throwing" not in feedback.inner_text()
        drill.locator(f'.pw-card[data-card="{codes[0]}"]').first.click()
        drill.locator(".pw-drill-check").click()  # the second miss says why, naming the cards
    expect(feedback).to_contain_text("Throwing", timeout=60_000)
    expect(feedback).to_contain_text("keeps your point of")  # in words: what the discard keeps, no expectations
    drill.scroll_into_view_if_needed()
    drill.screenshot(path=artifacts / "drill-discard.png")
