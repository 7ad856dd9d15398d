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
