"""The page's look and accessibility as a learner meets them, at 1366×900 and on a 390×844 phone:
axe-core finds nothing serious or critical on any section, the explanation of a step is in view
after Next without scrolling, the keys step, a phone gets cards wide enough to tap, a folded
lesson list and a toolbar of two rows, and the page loads with the app's own loading state and
nothing from another host (`open_page` fails on any such request)."""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1366, 900), "phone": (390, 844)}
TAP = 44  # px: the least width of a card left to touch (WCAG 2.5.5's target size)


def serious_violations(page: Page) -> list[str]:
    """axe-core's violations of impact serious or critical on the page as it is now."""
    results = Axe().run(page)
    return [
        f"{violation['id']} ({violation['impact']}): {[node['target'] for node in violation['nodes']][:5]}"
        for violation in results.response["violations"]
        if violation["impact"] in ("serious", "critical")
    ]


def open_app(open_page: Callable[..., Page], url: str, size: str) -> Page:
    width, height = SIZES[size]
    page = open_page(url, width=width, height=height)
    expect(page.locator(".pw-app .pw-content > *").first).to_be_visible()
    return page


def show_lesson(page: Page, number: int, reveal: Callable[..., Locator]) -> None:
    """Open lesson `number` from the lesson list and scroll through it (every part built)."""
    menu = page.locator(".pw-lesson-menu")
    if menu.is_visible():
        menu.click()
    page.locator(f".pw-lesson-link-{number}").click()
    expect(page.locator(f".pw-lesson-{number}")).to_be_visible()
    expect(page.locator(f".pw-lesson-{number} .pw-lesson-summary")).to_be_visible()
    reveal_dealt(page.locator(f".pw-lesson-{number}"), reveal)


def reveal_dealt(lesson: Locator, reveal: Callable[..., Locator]) -> None:
    """Scroll through `lesson` (every part built) and wait until each drill is dealt: a discard
    drill is dealt in its analysis thread, a second or so, its "Another" button unnamed meanwhile."""
    reveal(lesson)
    drills = lesson.locator(".pw-drill-new")
    for index in range(drills.count()):
        expect(drills.nth(index)).to_have_text(re.compile(r"\S"))


@pytest.mark.parametrize("size", SIZES)
def test_no_serious_accessibility_violation_in_any_section(open_page: Callable[..., Page], app_url: str, size: str, reveal: Callable[..., Locator]) -> None:
    page = open_app(open_page, app_url, size)
    expect(page.locator(".pw-lesson-1")).to_be_visible()
    found = {}
    for number in range(1, 12):
        if number > 1:
            show_lesson(page, number, reveal)
        else:
            reveal_dealt(page.locator(".pw-lesson-1"), reveal)
        found[f"lesson {number}"] = serious_violations(page)
    # each section once drawn, the walkthrough's timeline handle named by its view (walkthrough.js)
    for section, ready in (("walkthrough", ".pw-walkthrough .pw-timeline .noUi-handle[aria-label]:not([aria-label=''])"), ("practice", ".pw-practice .pw-hand-elder .pw-card"), ("glossary", ".pw-glossary table")):
        page.locator(f".pw-nav-{section}").click()
        expect(page.locator(ready).first).to_be_visible()
        found[section] = serious_violations(page)
    problems = {section: violations for section, violations in found.items() if violations}
    assert not problems, problems


@pytest.mark.parametrize("size", SIZES)
def test_the_explanation_is_in_view_after_next_and_keys_step(open_page: Callable[..., Page], app_url: str, artifacts: Path, size: str) -> None:
    page = open_app(open_page, app_url, size)
    page.locator(".pw-nav-walkthrough").click()
    label = page.locator(".pw-section-walkthrough .pw-step-label")
    expect(label).to_have_text(re.compile(r"Step 1 of \d+"))
    count = int(re.search(r"of (\d+)", label.inner_text()).group(1))
    scrolled = page.evaluate("window.scrollY")
    page.locator(".pw-next").click()
    expect(label).to_have_text(f"Step 2 of {count}")
    assert page.evaluate("window.scrollY") == scrolled
    top = page.locator(".pw-explanation").bounding_box()["y"]
    assert 0 <= top < 0.6 * SIZES[size][1], f"the explanation starts at {top} px"
    page.screenshot(path=artifacts / f"look-walkthrough-next-{size}.png")
    page.locator(".pw-step-label").click()  # the focus on the page, outside any field
    for key, step in (("ArrowRight", 3), ("ArrowLeft", 2), ("End", count), ("Home", 1)):
        page.keyboard.press(key)
        expect(label).to_have_text(f"Step {step} of {count}")
    # a key typed into a field is the field's
    page.locator(".pw-deal-code-input input").click()
    page.keyboard.press("End")
    expect(label).to_have_text(f"Step 1 of {count}")


def test_a_phone_gets_wide_cards_a_lesson_menu_and_a_two_row_toolbar(open_page: Callable[..., Page], app_url: str, artifacts: Path) -> None:
    page = open_app(open_page, f"{app_url}?seed=31", "phone")
    cards = page.locator(".pw-practice .pw-hand-elder .pw-card")
    expect(cards).to_have_count(12)
    # the part of each card that no later card covers: up to the next card on its line
    uncovered = page.evaluate(
        """() => {
          const boxes = [...document.querySelectorAll('.pw-practice .pw-hand-elder .pw-card')].map((c) => c.getBoundingClientRect());
          return boxes.map((box, i) => {
            const next = boxes[i + 1];
            return next && Math.abs(next.top - box.top) < 1 ? next.left - box.left : box.width;
          });
        }"""
    )
    assert min(uncovered) >= TAP, uncovered
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES["phone"][0]
    page.screenshot(path=artifacts / "look-phone-practice.png", full_page=True)

    page.locator(".pw-nav-lessons").click()
    expect(page.locator(".pw-lesson-1")).to_be_visible()
    expect(page.locator(".pw-lesson-link-2")).to_be_hidden()
    page.locator(".pw-lesson-menu").click()
    expect(page.locator(".pw-lesson-link-2")).to_be_visible()
    page.locator(".pw-lesson-link-2").click()
    expect(page.locator(".pw-lesson-2")).to_be_visible()
    expect(page.locator(".pw-lesson-link-3")).to_be_hidden()

    page.locator(".pw-nav-walkthrough").click()
    expect(page.locator(".pw-section-walkthrough .pw-toolbar .pw-next")).to_be_visible()
    boxes = sorted(page.evaluate(
        """() => [...document.querySelectorAll('.pw-section-walkthrough .pw-toolbar > *')]
                 .map((e) => e.getBoundingClientRect()).filter((box) => box.height > 0).map((box) => [box.top, box.bottom])"""
    ))
    rows = []  # a control below every control of the row before starts a new row
    for top, bottom in boxes:
        if not rows or top >= rows[-1] - 1:
            rows.append(bottom)
        else:
            rows[-1] = max(rows[-1], bottom)
    assert len(rows) <= 2, boxes


def test_the_page_loads_with_its_own_loading_state_and_nothing_from_outside(app_url: str) -> None:
    with urllib.request.urlopen(app_url, timeout=60) as response:
        html = response.read().decode("utf-8")
    assert "pw-dealing" in html
    assert 'id="loading_text"' not in html  # Voilà's "Executing 2 of 2"
    external = re.findall(r"""(?:src|href)=["'](?:https?:)?//(?!127\.0\.0\.1|localhost)[^"']+""", html)
    assert not external, external


def test_card_corners_take_their_letters_from_the_language(open_page: Callable[..., Page], voila) -> None:
    url = voila.notebook(
        "from piquet_widgets.widgets.cards import CardRow\n"
        "row = CardRow(['KS', 'QH', 'JD', 'AC', 'TS'], playable=['KS'])\n"
        "row.letters = {'A': 'A', 'K': 'R', 'Q': 'D', 'J': 'V'}  # what French gives\n"
        "row",
        name="corner_letters",
    )
    page = open_page(url)
    corners = page.locator(".pw-card svg > g:first-of-type .pw-rank")
    expect(corners).to_have_text(["R", "D", "V", "A", "10"])
    expect(page.locator('[data-card="KS"]')).to_have_attribute("aria-label", re.compile(r"^R — king of spades"))
