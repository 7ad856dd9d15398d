"""Accessibility beyond what axe-core checks, as a high-contrast, keyboard-only or screen-reader
learner meets the app (docs/accessibility.md): cards, meters and the timeline drawn in system
colours under forced colours, one live region per view, the focus never dropped to the page,
menus that act on a committed choice, names and states, landmarks, and the practice table's
explanation in view."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1280, 900), "phone": (390, 844)}
SUITS = "SHDC"

# WCAG's contrast ratio of two computed colours ("rgb(r, g, b)"), computed in the page.
CONTRAST_JS = """
([a, b]) => {
  const luminance = (text) => {
    const [r, g, bl] = text.match(/[\\d.]+/g).slice(0, 3).map(Number).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}
"""


def contrast(page: Page, first: str, second: str) -> float:
    return page.evaluate(CONTRAST_JS, [first, second])


def open_app(open_page: Callable[..., Page], url: str, size: str = "desktop") -> Page:
    width, height = SIZES[size]
    page = open_page(url, width=width, height=height)
    expect(page.locator(".pw-app .pw-content > *").first).to_be_visible()
    return page


def card_colours(card: Locator) -> dict[str, str]:
    """The computed fill of a card's rank, and the fill and stroke of its face."""
    return card.evaluate(
        """card => {
          const face = getComputedStyle(card.querySelector('.pw-card-face'));
          return {rank: getComputedStyle(card.querySelector('.pw-rank')).fill, face: face.fill, edge: face.stroke};
        }"""
    )


def check_cards(page: Page, section: str) -> list[str]:
    """For one visible face-up card of each suit in `section`: what fails (rank against face
    below 4.5:1, edge against face below 3:1)."""
    problems = []
    for suit in SUITS:
        card = page.locator(f"{section} .pw-card[data-suit='{suit}']:not(.pw-card-back):not(.pw-card-dimmed):visible").first
        expect(card).to_be_visible()
        colours = card_colours(card)
        rank, edge = contrast(page, colours["rank"], colours["face"]), contrast(page, colours["edge"], colours["face"])
        if rank < 4.5 or edge < 3:
            problems.append(f"{section} {suit}: rank {rank:.2f}:1, edge {edge:.2f}:1 ({colours})")
    return problems


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_forced_colours_keep_cards_meters_and_the_timeline_readable(open_page: Callable[..., Page], app_url: str, artifacts: Path, scheme: str) -> None:
    page = open_app(open_page, app_url)
    page.emulate_media(forced_colors="active", color_scheme=scheme)
    problems = check_cards(page, ".pw-lesson-1")
    page.locator(".pw-nav-walkthrough").click()
    expect(page.locator(".pw-walkthrough .pw-hand-elder .pw-card").first).to_be_visible()
    page.locator(".pw-walkthrough .pw-next").click()
    problems += check_cards(page, ".pw-walkthrough")
    # the timeline's track and a meter's bar stand out from the page, the bar's filled part from the bar
    colours = page.evaluate(
        """() => {
          const style = (selector) => getComputedStyle(document.querySelector(selector));
          return {
            page: style('body').backgroundColor,
            track: style('.pw-walkthrough .pw-timeline .noUi-target').borderTopColor,
            bar: style('.pw-walkthrough .pw-bar').borderTopColor,
            barInside: style('.pw-walkthrough .pw-bar').backgroundColor,
            filled: style('.pw-walkthrough .pw-bar > span').backgroundColor,
          };
        }"""
    )
    for name, (first, second) in {
        "timeline track": ("track", "page"), "meter bar": ("bar", "page"), "meter's filled part": ("filled", "barInside"),
    }.items():
        ratio = contrast(page, colours[first], colours[second])
        if ratio < 3:
            problems.append(f"{name}: {ratio:.2f}:1 ({colours})")
    page.locator(".pw-nav-practice").click()
    problems += check_cards(page, ".pw-practice")
    page.screenshot(path=artifacts / f"forced-colours-{scheme}-practice.png")
    assert not problems, problems


# -- live regions -----------------------------------------------------------------------------

def live_region(page: Page, view: str) -> Locator:
    """The one live region of `view`, remembered in the page so that a test can tell whether it
    was updated in place or drawn anew."""
    regions = page.locator(f"{view} [aria-live]")
    expect(regions).to_have_count(1)
    regions.evaluate("region => { window.__pwRegion = region; }")
    return regions


def same_region(page: Page, view: str) -> bool:
    return page.evaluate(f"document.querySelector({view + ' [aria-live]'!r}) === window.__pwRegion")


def test_the_walkthrough_says_each_step_in_one_live_region(open_page: Callable[..., Page], app_url: str) -> None:
    page = open_app(open_page, app_url)
    page.locator(".pw-nav-walkthrough").click()
    view = ".pw-walkthrough"
    region = live_region(page, view)
    expect(region).to_contain_text(page.locator(f"{view} .pw-explanation h3").inner_text())
    before = region.inner_text()
    page.locator(f"{view} button.pw-next").click()
    expect(page.locator(f"{view} .pw-step-label")).to_contain_text("Step 2 of")
    title = page.locator(f"{view} .pw-explanation h3").inner_text()
    expect(region).to_contain_text(title)
    expect(region).to_contain_text("Score:")
    assert region.inner_text() != before
    assert same_region(page, view), "the live region was drawn anew"


def active(page: Page) -> dict[str, object]:
    """What holds the focus: whether it is the page itself, and the element's classes and text."""
    return page.evaluate(
        """() => {
          const element = document.activeElement;
          return {body: !element || element === document.body, classes: element ? element.className.baseVal ?? element.className : '',
                  text: element ? (element.innerText || element.getAttribute('aria-label') || '').slice(0, 60) : ''};
        }"""
    )


def focus_held(page: Page, where: str) -> dict[str, object]:
    """Wait until the focus is inside `where` and not on the page (the focus rule's move takes a
    moment after the page settles); returns what holds it."""
    page.wait_for_function(
        "where => { const e = document.activeElement; return e && e !== document.body && e.closest(where); }", arg=where, timeout=15_000
    )
    return active(page)


def test_at_the_table_the_focus_follows_the_play_and_the_region_says_each_trick(open_page: Callable[..., Page], app_url: str) -> None:
    page = open_app(open_page, f"{app_url}?seed=31")
    view = ".pw-practice"
    expect(page.locator(f"{view} .pw-hand-elder .pw-card-playable").first).to_be_visible()
    region = live_region(page, view)
    page.locator(f"{view} .pw-hand-elder .pw-card-playable").first.click()
    page.locator(f"{view} button.pw-confirm").focus()
    page.keyboard.press("Enter")  # Discard: the button goes
    expect(page.locator(f"{view} button.pw-confirm")).to_be_hidden()
    held = focus_held(page, view)
    declarations = 0
    while "pw-speak" in str(held["classes"]):  # each declaration: the focus on the next thing to say, then on a card
        said = region.inner_text()
        page.keyboard.press("Enter")
        try:  # said, or refused with a new reason: the region says so
            expect(region).not_to_have_text(said, timeout=4_000)
        except AssertionError:  # refused again for the same reason: the learner tries the next choice
            page.keyboard.press("Tab")
        held = focus_held(page, view)
        declarations += 1
        assert declarations < 40, held
    assert declarations, "the learner, elder, had something to declare"
    hand = page.locator(f"{view} .pw-hand-elder .pw-card")
    tricks = refused = 0
    while "pw-card" in str(held["classes"]):  # a card to play holds the focus after every trick
        before, left = region.inner_text(), hand.count()
        page.keyboard.press("Enter")
        try:
            expect(hand).to_have_count(left - 1, timeout=4_000)
        except AssertionError:  # refused (a suit to follow): the learner tries the next card
            expect(region).to_contain_text("You must")  # the reason is said
            refused += 1
            assert refused < 60, held
            page.keyboard.press("ArrowRight")
            if active(page) == held:  # the end of the row: back to its first card
                page.keyboard.press("Home")
            held = active(page)
            continue
        tricks += 1
        expect(region).not_to_have_text(before)
        expect(region).to_contain_text("trick")
        expect(region).to_contain_text("Score:")
        top = page.locator(f"{view} .pw-explanation").bounding_box()["y"]
        assert 0 <= top < SIZES["desktop"][1] - 100, f"after card {tricks} the explanation starts at {top} px"
        held = focus_held(page, view)
        assert tricks <= 12, held
    assert tricks == 12, f"{tricks} tricks played by the keyboard alone, then the focus on {held}"
    assert same_region(page, view)
    assert "pw-next-deal" in str(held["classes"]) or "pw-retry" in str(held["classes"]) or "pw-explanation" in str(held["classes"]), held


def test_a_drill_is_named_answered_by_enter_said_and_then_offers_another(open_page: Callable[..., Page], app_url: str, reveal: Callable[..., Locator]) -> None:
    from test_drill_browser import VALUES, longest_suit

    page = open_page(f"{app_url}?lesson=3", height=1100)
    drill = reveal(page.locator(".pw-lesson-3"), ".pw-drill-2")
    cards = drill.locator(".pw-drill-cards .pw-card")
    expect(cards).to_have_count(12)
    point = longest_suit([cards.nth(index).get_attribute("data-card") for index in range(12)])
    field = drill.get_by_label("Your answer")  # the field has a name
    region = live_region(page, ".pw-drill-2")
    field.fill("99")
    field.press("Enter")
    expect(region).to_contain_text("Not yet.")
    expect(field).to_be_focused()  # wrong: the field stays, and keeps the focus
    field.fill(str(sum(VALUES[card[0]] for card in point)))
    field.press("Enter")  # right: the field and Check are disabled, the focus goes to "Another"
    expect(region).to_contain_text("Right.")
    expect(field).to_be_disabled()
    expect(drill.locator("button.pw-drill-new")).to_be_focused()


def test_next_lesson_puts_the_focus_on_the_new_lessons_title(open_page: Callable[..., Page], app_url: str) -> None:
    page = open_app(open_page, app_url)
    button = page.locator(".pw-lesson-1 button.pw-next-lesson")
    button.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".pw-lesson-2")).to_be_visible()
    held = focus_held(page, ".pw-lesson-2")
    assert held["text"].startswith("Lesson 2"), held



# -- menus, names, states, landmarks, focus rings ------------------------------------------------

def test_arrow_down_on_the_seat_menu_does_not_restart_the_deal(open_page: Callable[..., Page], app_url: str) -> None:
    page = open_app(open_page, f"{app_url}?seed=31")
    view = ".pw-practice"
    page.locator(f"{view} .pw-hand-elder .pw-card-playable").first.click()
    page.locator(f"{view} button.pw-confirm").click()
    expect(page.locator(f"{view} button.pw-confirm")).to_be_hidden()
    undo = page.locator(f"{view} button.pw-undo")
    expect(undo).to_be_enabled()
    seat = page.locator(f"{view} .pw-role select")
    chosen = seat.input_value()
    seat.focus()
    page.keyboard.press("ArrowDown")
    page.locator(f"{view} button.pw-more").click()  # a round trip to the kernel after the key
    expect(page.locator(f"{view} .pw-more-panel")).to_be_visible()
    expect(undo).to_be_enabled()  # the deal goes on: the discard can still be taken back
    expect(seat).to_have_value(chosen)
    expect(page.locator(f"{view} button.pw-more")).to_have_attribute("aria-pressed", "true")  # the toggle's state said


def test_landmarks_a_skip_link_states_and_names(open_page: Callable[..., Page], app_url: str) -> None:
    page = open_app(open_page, app_url)
    expect(page.locator("[role=main]")).to_have_count(1)
    expect(page.locator("[role=navigation]")).to_have_count(1)
    page.keyboard.press("Tab")
    expect(page.locator(".pw-skip")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("[role=main]")).to_be_focused()
    expect(page.locator("button.pw-nav-lessons")).to_have_attribute("aria-current", "page")
    expect(page.locator("button.pw-lesson-link-1")).to_have_attribute("aria-current", "page")
    page.locator(".pw-nav-walkthrough").click()
    expect(page.locator("button.pw-nav-walkthrough")).to_have_attribute("aria-current", "page")
    expect(page.locator("button.pw-nav-lessons")).not_to_have_attribute("aria-current", "page")
    handle = page.locator(".pw-walkthrough .pw-timeline .noUi-handle")
    count = page.locator(".pw-walkthrough .pw-step-label").inner_text().split()[-1]
    expect(handle).to_have_attribute("aria-valuetext", f"Step 1 of {count}")
    page.locator(".pw-walkthrough button.pw-last").click()
    expect(handle).to_have_attribute("aria-valuetext", f"Step {count} of {count}")
    # the tricks played: each card in words for a screen reader, its symbol hidden from it
    words = page.locator(".pw-tricks-played .pw-sr").first.inner_text()
    assert " of " in words and not any(symbol in words for symbol in "♠♥♦♣"), words


def test_a_focused_menu_has_a_visible_ring(open_page: Callable[..., Page], app_url: str) -> None:
    page = open_app(open_page, app_url)
    menu = page.locator(".pw-page-language select")
    menu.focus()
    ring = menu.evaluate("m => { const s = getComputedStyle(m); return {style: s.outlineStyle, width: parseFloat(s.outlineWidth), colour: s.outlineColor}; }")
    assert ring["style"] == "solid" and ring["width"] >= 3, ring
    assert contrast(page, ring["colour"], "rgb(255, 255, 255)") >= 3, ring


def test_on_a_phone_every_control_is_at_least_44_px_tall(open_page: Callable[..., Page], app_url: str) -> None:
    page = open_app(open_page, app_url, "phone")
    short = {}
    for section, ready in (("lessons", ".pw-lesson-1 .pw-lesson-summary"), ("walkthrough", ".pw-walkthrough .pw-next"), ("practice", ".pw-practice .pw-card")):
        page.locator(f".pw-nav-{section}").click()
        expect(page.locator(ready).first).to_be_visible()
        short[section] = page.evaluate(
            """() => [...document.querySelectorAll('.pw-app button, .pw-app select, .pw-app input[type=text]')]
                 .filter((e) => e.getClientRects().length && e.getBoundingClientRect().height < 44)
                 .map((e) => `${e.className} ${e.innerText || ''}`.trim() + ` ${e.getBoundingClientRect().height}px`)"""
        )
    problems = {section: controls for section, controls in short.items() if controls}
    assert not problems, problems
