"""The practice table on a phone (390 × 844): once the play begins, and after every card played,
the learner's hand, the trick and the explanation of what happened share one screen, with no
scrolling by the learner (the page brings the felt to the top when its cards change); every
control a finger touches is at least 44 px tall. On a desktop the explanation stays beside the
felt and the page is never scrolled for the learner."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from test_accessibility_browser import allowed_first, played_or_refused, short_targets

pytestmark = pytest.mark.browser

PHONE = (390, 844)
VIEW = ".pw-practice"

# Whether the learner's hand is whole on the screen, the trick (when one is on the table) whole
# just above it, and the explanation's first lines below it; with the boxes, to say why not.
ONE_SCREEN_JS = """
([view, height]) => {
  const box = (selector) => {
    const element = document.querySelector(`${view} ${selector}`);
    if (!element || !element.getClientRects().length) return null;
    const {y, height} = element.getBoundingClientRect();
    return {top: Math.round(y), bottom: Math.round(y + height)};
  };
  const hand = box('.pw-hand-elder'), trick = box('.pw-trick'), explanation = box('.pw-explanation');
  const ok = Boolean(hand && explanation) && hand.top >= 0 && hand.bottom <= height
    && (!trick || (trick.top >= 0 && trick.bottom <= hand.top))
    && explanation.top >= hand.bottom && explanation.top <= height - 80;
  return {ok, hand, trick, explanation};
}
"""


def wait_for_one_screen(page: Page, when: str) -> None:
    """Wait until the hand, the trick and the explanation share the screen (the page moves the
    felt a moment after the cards change); fail saying where each one is."""
    arguments = [VIEW, PHONE[1]]
    try:
        page.wait_for_function(f"(a) => ({ONE_SCREEN_JS})(a).ok", arg=arguments, timeout=10_000)
    except Exception:
        pass
    where = page.evaluate(ONE_SCREEN_JS, arguments)
    assert where["ok"], f"{when}: {where}"


def play_a_card(page: Page) -> str:
    """Click a card the rules allow (`allowed_first`: of the suit led, if the hand has one).
    Should the page have been read a moment before its cards settled, the card is refused, and
    the first card allowed once the reason is said is clicked. Returns the card played."""
    hand = page.locator(f"{VIEW} .pw-hand-elder .pw-card")
    region = page.locator(f"{VIEW} [aria-live]")
    left = hand.count()
    for _ in range(2):
        code = allowed_first(page, VIEW)[0]
        before = region.inner_text()
        page.locator(f'{VIEW} .pw-hand-elder .pw-card[data-card="{code}"]').click()
        if played_or_refused(page, VIEW, left, before):
            return code
    raise AssertionError(f"{code}, a card the rules allow, was refused")


def test_on_a_phone_the_hand_the_trick_and_the_explanation_share_the_first_screen(
    open_page: Callable[..., Page], app_url: str, artifacts: Path
) -> None:
    width, height = PHONE
    page = open_page(f"{app_url}?section=practice&seed=31", width=width, height=height)
    expect(page.locator(f"{VIEW} .pw-hand-elder .pw-card-playable").first).to_be_visible()
    page.locator(f"{VIEW} button.pw-more").click()
    page.locator(f"{VIEW} .pw-declare-for-me input").check()  # the play, with no declaration to make
    page.locator(f"{VIEW} button.pw-more").click()
    page.locator(f"{VIEW} .pw-hand-elder .pw-card-playable").first.click()
    page.locator(f"{VIEW} button.pw-confirm").click()  # below the felt: the learner scrolled down to it
    expect(page.locator(f"{VIEW} .pw-felt-playing")).to_have_count(1)
    wait_for_one_screen(page, "after the exchange")
    page.screenshot(path=artifacts / "phone-table-play-begins.png")
    for number in range(1, 4):
        played = play_a_card(page)
        expect(page.locator(f"{VIEW} .pw-trick")).to_be_visible()
        wait_for_one_screen(page, f"after card {number} ({played})")
        assert page.locator(f"{VIEW} .pw-explanation").inner_text().strip()
        page.screenshot(path=artifacts / f"phone-table-card-{number}.png")


def test_on_a_phone_every_control_of_the_table_is_44_px_tall(open_page: Callable[..., Page], app_url: str) -> None:
    width, height = PHONE
    page = open_page(f"{app_url}?section=practice&seed=31", width=width, height=height)
    expect(page.locator(f"{VIEW} .pw-hand-elder .pw-card-playable").first).to_be_visible()
    page.locator(f"{VIEW} button.pw-more").click()  # the code, the files and the check boxes
    expect(page.locator(f"{VIEW} .pw-more-panel")).to_be_visible()
    short = {"the exchange, More open": short_targets(page)}
    page.locator(f"{VIEW} button.pw-more").click()
    page.locator(f"{VIEW} .pw-hand-elder .pw-card-playable").first.click()
    page.locator(f"{VIEW} button.pw-confirm").click()
    expect(page.locator(f"{VIEW} button.pw-speak").first).to_be_visible()
    short["the declarations"] = short_targets(page)
    page.locator(f"{VIEW} .pw-role select").select_option(index=1)  # another seat, mid-deal: the table asks
    expect(page.locator(f"{VIEW} button.pw-ask-no")).to_be_visible()
    short["the question"] = short_targets(page)
    page.locator(f"{VIEW} button.pw-ask-no").click()
    expect(page.locator(f"{VIEW} .pw-ask")).to_be_hidden()
    problems = {where: controls for where, controls in short.items() if controls}
    assert not problems, problems


def test_on_a_desktop_the_explanation_stays_beside_the_felt_and_the_page_stays_put(
    open_page: Callable[..., Page], app_url: str
) -> None:
    page = open_page(f"{app_url}?section=practice&seed=31", width=1280, height=900)
    expect(page.locator(f"{VIEW} .pw-hand-elder .pw-card-playable").first).to_be_visible()
    felt, explanation = page.locator(f"{VIEW} .pw-felt").bounding_box(), page.locator(f"{VIEW} .pw-explanation").bounding_box()
    assert explanation["x"] >= felt["x"] + felt["width"], (felt, explanation)  # the phone's order is the phone's alone
    page.locator(f"{VIEW} button.pw-more").click()
    page.locator(f"{VIEW} .pw-declare-for-me input").check()
    page.locator(f"{VIEW} button.pw-more").click()
    page.locator(f"{VIEW} .pw-hand-elder .pw-card-playable").first.click()
    page.locator(f"{VIEW} button.pw-confirm").click()
    expect(page.locator(f"{VIEW} .pw-felt-playing")).to_have_count(1)
    expect(page.locator(VIEW)).to_have_attribute("data-pw-cards-seen", re.compile(r"\d"))  # the page looks at each change of the cards
    looked = page.locator(VIEW).get_attribute("data-pw-cards-seen")
    title = page.locator("h1").bounding_box()["y"]
    play_a_card(page)
    expect(page.locator(VIEW)).not_to_have_attribute("data-pw-cards-seen", looked)  # the page has looked at the card played
    assert page.locator("h1").bounding_box()["y"] == title  # and left the page where it was
