"""The practice table on a phone (390 × 844), during the play: once the learner has the felt at
the top of the screen, every card played leaves the learner's hand, the trick and the
explanation of what happened on that one screen, with no scrolling between them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

PHONE = (390, 844)
VIEW = ".pw-practice"


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, f"{selector} is not drawn"
    return found


def play_a_card(page: Page) -> str:
    """Click the learner's cards in turn until one is accepted (a card of another suit is refused
    when he must follow); returns the card played."""
    hand = page.locator(f"{VIEW} .pw-hand-elder .pw-card")
    left = hand.count()
    for index in range(left):
        card = hand.nth(index)
        code = card.get_attribute("data-card")
        card.click()
        try:
            expect(hand).to_have_count(left - 1, timeout=4_000)
            return code
        except AssertionError:
            continue
    raise AssertionError("no card of the hand was accepted")


def test_on_a_phone_the_hand_the_trick_and_the_explanation_share_one_screen(
    open_page: Callable[..., Page], app_url: str, artifacts: Path
) -> None:
    width, height = PHONE
    page = open_page(f"{app_url}?section=practice&seed=31", width=width, height=height)
    expect(page.locator(f"{VIEW} .pw-hand-elder .pw-card-playable").first).to_be_visible()
    page.locator(f"{VIEW} button.pw-more").click()
    page.locator(f"{VIEW} .pw-declare-for-me input").check()  # the play, with no declaration to make
    page.locator(f"{VIEW} button.pw-more").click()
    page.locator(f"{VIEW} .pw-hand-elder .pw-card-playable").first.click()
    page.locator(f"{VIEW} button.pw-confirm").click()
    expect(page.locator(f"{VIEW} .pw-felt-playing")).to_have_count(1)
    page.locator(f"{VIEW} .pw-felt").evaluate("felt => felt.scrollIntoView({block: 'start'})")  # the learner's screen at the table
    for number in range(1, 4):
        played = play_a_card(page)
        trick = page.locator(f"{VIEW} .pw-trick")
        expect(trick).to_be_visible()
        hand, shown, explanation = box(page, f"{VIEW} .pw-hand-elder"), box(page, f"{VIEW} .pw-trick"), box(page, f"{VIEW} .pw-explanation")
        where = f"card {number} ({played}): hand {hand}, trick {shown}, explanation {explanation}"
        assert 0 <= shown["y"] and shown["y"] + shown["height"] <= hand["y"], where  # the trick just above the hand
        assert hand["y"] + hand["height"] <= height, where  # the whole hand on the screen
        assert hand["y"] + hand["height"] <= explanation["y"] <= height - 80, where  # and the explanation's first lines below it
        assert page.locator(f"{VIEW} .pw-explanation").inner_text().strip(), where
        page.screenshot(path=artifacts / f"phone-table-card-{number}.png")


def test_on_a_desktop_the_explanation_stays_beside_the_felt(open_page: Callable[..., Page], app_url: str) -> None:
    page = open_page(f"{app_url}?section=practice&seed=31", width=1280, height=900)
    expect(page.locator(f"{VIEW} .pw-hand-elder .pw-card-playable").first).to_be_visible()
    felt, explanation = box(page, f"{VIEW} .pw-felt"), box(page, f"{VIEW} .pw-explanation")
    assert explanation["x"] >= felt["x"] + felt["width"], (felt, explanation)  # the phone's order is the phone's alone
