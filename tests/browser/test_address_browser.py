"""The page's address keeps the learner's place, in Chromium on the served app: each place
opened is in the address and the history, a reload reopens it, Back and Forward move through
what was opened, and a bad address is explained on the page."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from piquet_widgets.teach.lessons import SLUGS

pytestmark = pytest.mark.browser


def at(slug_or_query: str) -> re.Pattern[str]:
    """The page's URL ending in this query ('?lesson=the-point')."""
    return re.compile(re.escape(slug_or_query) + "$")


def title(page: Page, number: int):
    """The title of lesson `number` on the page."""
    return page.locator(f".pw-lesson-{number} .pw-lesson-intro h2")


def opened(open_page: Callable[..., Page], url: str, width: int = 1000, height: int = 800) -> Page:
    page = open_page(url, width=width, height=height)
    expect(page.locator(".pw-app .pw-content > *").first).to_be_visible()
    return page


def test_lessons_opened_are_in_the_address_and_back_and_forward_reopen_them(
    open_page: Callable[..., Page], app_url: str, artifacts: Path
) -> None:
    page = opened(open_page, app_url)
    expect(page.locator(".pw-lesson-1")).to_be_visible()
    expect(page).to_have_url(at(f"?lesson={SLUGS[0]}"))  # the landing page says its place too
    page.locator(".pw-lesson-link-3").click()
    expect(page).to_have_url(at(f"?lesson={SLUGS[2]}"))
    expect(title(page, 3)).to_contain_text("Lesson 3")
    page.reload()
    expect(title(page, 3)).to_contain_text("Lesson 3")
    expect(page.locator(".pw-lesson-1")).to_have_count(0)
    page.locator(".pw-lesson-link-5").click()
    expect(page).to_have_url(at(f"?lesson={SLUGS[4]}"))
    page.locator(".pw-nav-glossary").click()
    expect(page).to_have_url(at("?section=glossary"))
    page.go_back()
    expect(page).to_have_url(at(f"?lesson={SLUGS[4]}"))
    expect(title(page, 5)).to_be_visible()
    page.go_back()
    expect(page).to_have_url(at(f"?lesson={SLUGS[2]}"))
    expect(title(page, 3)).to_be_visible()
    expect(page.locator(".pw-lesson-5")).to_have_count(0)
    page.go_forward()
    expect(title(page, 5)).to_be_visible()
    expect(page).to_have_url(at(f"?lesson={SLUGS[4]}"))
    page.go_forward()
    expect(page.locator(".pw-glossary")).to_contain_text("Repique")
    page.locator(".pw-page-language select").select_option(label="Français")
    expect(page).to_have_url(at("?section=glossary&lang=fr"))  # the same place, in its new words
    page.reload()
    expect(page.locator(".pw-nav-glossary")).to_have_class(re.compile("pw-nav-active"))
    expect(page.locator(".pw-nav-lessons")).to_have_text("Leçons")
    page.screenshot(path=artifacts / "address-glossary-fr.png")


def test_the_table_s_game_is_in_the_address(open_page: Callable[..., Page], app_url: str) -> None:
    page = opened(open_page, f"{app_url}?section=practice&mode=closed")
    expect(page.locator(".pw-app h1")).to_have_text("Piquet: the real, closed game")
    expect(page).to_have_url(at("?section=practice&mode=closed"))
    page.locator(".pw-nav-lessons").click()
    expect(page).to_have_url(at(f"?lesson={SLUGS[0]}"))
    page.go_back()
    expect(page.locator(".pw-app h1")).to_have_text("Piquet: the real, closed game")
    expect(page.locator(".pw-practice")).to_be_visible()


def test_next_lesson_opens_the_next_lesson_at_its_title_with_the_focus_on_it(
    open_page: Callable[..., Page], app_url: str, artifacts: Path, reveal: Callable[..., Locator]
) -> None:
    page = opened(open_page, f"{app_url}?lesson=2", height=900)
    reveal(page.locator(".pw-lesson-2"))  # every lazy part built: nothing moves the button under the click
    button = page.locator(".pw-lesson-2 button.pw-next-lesson")
    button.scroll_into_view_if_needed()
    expect(title(page, 2)).not_to_be_in_viewport()  # the end of a long lesson, far below its title
    button.click()
    heading = title(page, 3)
    expect(heading).to_be_focused()
    expect(heading).to_be_in_viewport()
    box = heading.bounding_box()
    assert box is not None and 0 <= box["y"] < 900 / 2, box  # the title at the top of the screen
    expect(page).to_have_url(at(f"?lesson={SLUGS[2]}"))
    page.screenshot(path=artifacts / "address-next-lesson.png")
    page.go_back()
    expect(title(page, 2)).to_be_visible()


@pytest.mark.parametrize("query", ["?lesson=nonsense", "?section=nowhere&lesson=99"])
def test_a_bad_address_shows_the_lessons_with_a_message(open_page: Callable[..., Page], app_url: str, artifacts: Path, query: str) -> None:
    page = opened(open_page, f"{app_url}{query}", width=390, height=844)
    expect(page.locator(".pw-messages")).to_contain_text(re.compile("nonsense|nowhere"))
    expect(page.locator(".pw-lesson-link-3")).to_be_visible()  # the list to choose from, even on a phone
    expect(page.locator(".pw-lesson-1")).to_be_visible()
    assert "Traceback" not in page.locator("body").inner_text()
    page.screenshot(path=artifacts / f"address-bad-{query.count('&')}.png")


def test_a_drill_s_level_survives_a_reload(open_page: Callable[..., Page], app_url: str, reveal: Callable[..., Locator]) -> None:
    from test_drill_browser import VALUES, longest_suit

    page = opened(open_page, f"{app_url}?lesson=3", height=1100)
    drill = reveal(page.locator(".pw-lesson-3"), ".pw-drill-2")
    heading = drill.locator(".pw-drill-title")
    expect(heading).to_contain_text("Level 1 of 3")
    cards = drill.locator(".pw-drill-cards .pw-card")
    expect(cards).to_have_count(12)
    point = longest_suit([cards.nth(index).get_attribute("data-card") for index in range(12)])
    drill.get_by_label("Your answer").fill(str(sum(VALUES[card[0]] for card in point)))
    drill.locator("button.pw-drill-check").click()
    expect(drill.locator(".pw-drill-feedback")).to_contain_text("Right.")
    drill.locator("button.pw-drill-new").click()
    expect(heading).to_contain_text("Level 2 of 3")
    page.reload()
    drill = reveal(page.locator(".pw-lesson-3"), ".pw-drill-2")
    expect(drill.locator(".pw-drill-title")).to_contain_text("Level 2 of 3")
    expect(reveal(page.locator(".pw-lesson-3"), ".pw-drill-1").locator(".pw-drill-title")).to_contain_text("Level 1 of 3")
