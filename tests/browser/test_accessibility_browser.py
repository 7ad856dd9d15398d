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


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_forced_colours_keep_cards_meters_and_the_timeline_readable(
    open_page: Callable[..., Page], app_url: str, artifacts: Path, scheme: str, size: str
) -> None:
    page = open_app(open_page, app_url, size)
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
    page.screenshot(path=artifacts / f"forced-colours-{scheme}-{size}-practice.png")
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
    # « Start and End » from the keyboard: the button goes disabled, the focus goes on, never to the page
    page.locator(f"{view} button.pw-last").focus()
    page.keyboard.press("Enter")
    expect(page.locator(f"{view} button.pw-last")).to_be_disabled()
    held = focus_held(page, view)
    assert any(name in str(held["classes"]) for name in ("pw-practise-deal", "pw-prev")), held
    page.locator(f"{view} button.pw-first").focus()
    page.keyboard.press("Enter")
    expect(page.locator(f"{view} button.pw-first")).to_be_disabled()
    held = focus_held(page, view)
    assert "pw-next" in str(held["classes"]), held


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
    """Wait until the focus is inside `where`, not on the page nor on a disabled control, and has
    stayed on one control for 400 ms (the focus rule's move takes a moment after the page settles,
    and a better control drawn soon after may take it); returns what holds it."""
    page.wait_for_function(
        """where => {
          const e = document.activeElement;
          if (!(e && e !== document.body && !e.disabled && e.closest(where))) return (window.__pwHeld = null, false);
          if (window.__pwHeld?.element !== e) return (window.__pwHeld = {element: e, since: performance.now()}, false);
          return performance.now() - window.__pwHeld.since > 400;
        }""",
        arg=where,
        polling=50,
        timeout=15_000,
    )
    return active(page)


# The learner's cards, those the rules let him play first: of the suit led when the trick on the
# table holds one card (the other seat led) and the hand has that suit.
ALLOWED_FIRST_JS = """
(view) => {
  const cards = [...document.querySelectorAll(`${view} .pw-hand-elder .pw-card`)].map((card) => card.dataset.card);
  const trick = [...document.querySelectorAll(`${view} .pw-trick .pw-card`)];
  const led = trick.length === 1 ? trick[0].dataset.suit : null;
  const follows = (code) => code.endsWith(led);
  return cards.some(follows) ? [...cards.filter(follows), ...cards.filter((code) => !follows(code))] : cards;
}
"""

# Whether the card just pressed was played (the hand has fewer than `left` cards) or refused (the
# live region no longer says `before` and says why).
PLAYED_OR_REFUSED_JS = """
([view, left, before]) => {
  const played = document.querySelectorAll(`${view} .pw-hand-elder .pw-card`).length < left;
  const said = document.querySelector(`${view} [aria-live]`).innerText;
  return played ? 'played' : said !== before && said.includes('You must') ? 'refused' : false;
}
"""


def allowed_first(page: Page, view: str) -> list[str]:
    """The codes of the learner's cards in the practice table `view`, those the rules allow first."""
    return page.evaluate(ALLOWED_FIRST_JS, view)


def played_or_refused(page: Page, view: str, left: int, before: str) -> bool:
    """Once the card just pressed or clicked is played or refused, whether it was played: waits
    for the hand to lose a card or the live region to say why not (it said `before`, never the
    same refusal: after one, the learner presses a card of `allowed_first`)."""
    return page.wait_for_function(PLAYED_OR_REFUSED_JS, arg=[view, left, before]).json_value() == "played"


def test_at_the_table_the_focus_follows_the_play_and_the_region_says_each_trick(open_page: Callable[..., Page], app_url: str) -> None:
    page = open_app(open_page, f"{app_url}?seed=31")
    view = ".pw-practice"
    expect(page.locator(f"{view} .pw-hand-elder .pw-card-playable").first).to_be_visible()
    region = live_region(page, view)
    page.locator(f"{view} .pw-hand-elder .pw-card-playable").first.click()
    page.locator(f"{view} button.pw-confirm").focus()
    page.keyboard.press("Enter")  # Discard: the button goes
    expect(page.locator(f"{view} button.pw-confirm")).to_be_hidden()
    expect(page.locator(f"{view} .pw-speech button.pw-speak:focus")).to_have_count(1, timeout=15_000)  # the first thing to say
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
        if not played_or_refused(page, view, left, before):  # refused (a suit to follow)
            expect(region).to_contain_text("You must")  # the reason is said
            refused += 1
            assert refused < 60, held
            # the learner, told why, moves along the row to a card of the suit led
            allowed = allowed_first(page, view)[0]
            page.keyboard.press("Home")
            for _ in range(left):
                if page.evaluate("() => document.activeElement?.dataset.card") == allowed:
                    break
                page.keyboard.press("ArrowRight")
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
    assert same_region(page, ".pw-drill-2"), "the drill's live region was drawn anew"
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

def test_arrow_down_on_the_seat_mode_and_language_menus_changes_nothing(open_page: Callable[..., Page], app_url: str) -> None:
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
    for menu in (page.locator(f"{view} .pw-mode select"), page.locator(".pw-page-language select")):  # open or closed hands, the language
        chosen = menu.input_value()
        menu.focus()
        page.keyboard.press("ArrowDown")
        page.locator(f"{view} button.pw-more").click()  # a round trip to the kernel after the key
        expect(page.locator(f"{view} button.pw-more")).to_have_attribute("aria-pressed", "false")
        page.locator(f"{view} button.pw-more").click()
        expect(page.locator(f"{view} button.pw-more")).to_have_attribute("aria-pressed", "true")
        expect(menu).to_have_value(chosen)
    expect(undo).to_be_enabled()
    expect(page.locator("html")).to_have_attribute("lang", "en")


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


# The focus ring of the focused element: its style, width and colour, the colour of what
# surrounds it (the nearest background), and the classes of the boxes that cut it off.
RING_JS = """
(element) => {
  const style = getComputedStyle(element);
  const grow = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
  const box = element.getBoundingClientRect();
  const ring = {left: box.left - grow, top: box.top - grow, right: box.right + grow, bottom: box.bottom + grow};
  const cut = [];
  let around = 'rgb(255, 255, 255)';
  for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
    const outer = getComputedStyle(parent);
    if (around === 'rgb(255, 255, 255)' && outer.backgroundColor !== 'rgba(0, 0, 0, 0)') around = outer.backgroundColor;
    if (outer.overflowX === 'visible' && outer.overflowY === 'visible') continue;
    const edge = parent.getBoundingClientRect();
    if (ring.left < edge.left - 0.5 || ring.top < edge.top - 0.5 || ring.right > edge.right + 0.5 || ring.bottom > edge.bottom + 0.5) {
      cut.push(String(parent.className));
    }
  }
  return {style: style.outlineStyle, width: parseFloat(style.outlineWidth), colour: style.outlineColor, around, cut,
          keyboard: element.matches(':focus-visible'), element: element.outerHTML.slice(0, 160),
          focused: document.activeElement && document.activeElement.outerHTML.slice(0, 160)};
}
"""


def ring_problems(page: Page, selector: str, against: list[str] | None = None) -> list[str]:
    """Focus the first visible `selector` from the keyboard's side and say what is wrong with its
    ring: not a solid 3 px line, under 3:1 against what surrounds it (or each of `against`), cut off."""
    element = page.locator(f"{selector}:visible").first
    # Looked at again while the page still moves: a ring cut by a part drawn above, or an element
    # that did not yet hold the keyboard's focus when it was measured.
    for _look in range(3):
        element.evaluate("e => e.scrollIntoView({block: 'center'})")
        element.focus()
        page.keyboard.press("Shift")  # a key: the focus is the keyboard's (:focus-visible), not a click's
        ring = element.evaluate(RING_JS)
        if ring["keyboard"] and not ring["cut"]:
            break
        page.wait_for_timeout(1_000)
    problems = []
    if ring["style"] != "solid" or ring["width"] < 3:
        problems.append(f"{selector}: ring {ring}")
    for colour in against or [ring["around"]]:
        if contrast(page, ring["colour"], colour) < 3:
            problems.append(f"{selector}: ring {ring['colour']} against {colour}")
    if ring["cut"]:
        problems.append(f"{selector}: ring cut by {ring['cut']}")
    return problems


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_focus_rings_are_3_px_at_least_3_to_1_and_never_cut(open_page: Callable[..., Page], app_url: str, size: str) -> None:
    page = open_app(open_page, app_url, size)
    if size == "phone":
        page.locator("button.pw-lesson-menu").click()  # the lesson list, in its menu
    # a lesson's own button, once drawn: the first button found in the lesson was, once in about
    # ten runs, one of a part still being drawn, which took no focus
    expect(page.locator(".pw-lesson-1 button.pw-next-lesson")).to_be_visible()
    problems = []
    for selector in (".pw-page-language select", "button.pw-nav-lessons", "button.pw-lesson-link-1", ".pw-lesson-1 button.pw-next-lesson"):
        problems += ring_problems(page, selector)
    page.locator(".pw-nav-walkthrough").click()
    expect(page.locator(".pw-walkthrough .pw-step-label")).to_contain_text("Step 1 of")
    problems += ring_problems(page, ".pw-walkthrough .pw-timeline .noUi-handle")  # at the first step, the track's left end
    page.locator(".pw-nav-practice").click()
    expect(page.locator(".pw-practice .pw-hand-elder .pw-card").first).to_be_visible()
    felt = page.locator(".pw-practice .pw-felt").evaluate(
        "felt => { const s = getComputedStyle(felt); return [s.getPropertyValue('--pw-felt'), s.getPropertyValue('--pw-felt-dark')]; }"
    )
    colours = page.evaluate(  # the felt's gradient, from its light centre (#347552) to its dark edge
        """(names) => names.map((name) => { const e = document.createElement('i'); e.style.color = name; document.body.append(e);
                                          const c = getComputedStyle(e).color; e.remove(); return c; })""",
        ["#347552", *[colour.strip() for colour in felt]],
    )
    problems += ring_problems(page, ".pw-practice .pw-hand-elder .pw-card[tabindex='0']", against=colours)
    problems += ring_problems(page, ".pw-practice .pw-role select")
    problems += ring_problems(page, ".pw-practice button.pw-hint")
    page.locator(".pw-practice button.pw-more").click()
    problems += ring_problems(page, ".pw-practice .pw-declare-for-me input")
    problems += ring_problems(page, ".pw-practice .pw-code input")
    assert not problems, problems


def test_the_readers_font_size_applies(open_page: Callable[..., Page], app_url: str) -> None:
    page = open_app(open_page, app_url)
    expect(page.locator(".pw-lesson-1 .pw-lesson-summary")).to_be_visible()
    expect(page.locator(".pw-lesson-1 h2").first).to_be_visible()
    sizes_js = """() => ['.pw-app', '.pw-app h1', 'button.pw-nav-lessons', '.pw-lesson-1 h2', '.pw-lesson-1 .pw-lesson-summary .widget-html-content', '.pw-page-language select']
                   .map((selector) => parseFloat(getComputedStyle(document.querySelector(selector)).fontSize))"""
    before = page.evaluate(sizes_js)
    page.evaluate("document.documentElement.style.fontSize = '20px'")  # what a reader's setting of 20 px does
    after = page.evaluate(sizes_js)
    assert [round(b / a, 2) for a, b in zip(before, after)] == [1.25] * len(before), (before, after)


def test_reduced_motion_stills_every_transition_and_animation(open_page: Callable[..., Page], app_url: str) -> None:
    page = open_app(open_page, app_url)
    page.locator(".pw-nav-walkthrough").click()
    expect(page.locator(".pw-walkthrough .pw-bar").first).to_be_visible()
    moving_js = """() => {
      const moving = [];
      const fan = document.createElement('div');  // the loading fan of the page's template
      fan.className = 'pw-dealing';
      fan.append(document.createElement('span'));
      document.body.append(fan);
      for (const element of [...document.querySelectorAll('.pw-app *'), fan.firstChild]) {
        const style = getComputedStyle(element);
        const seconds = (text) => text.split(',').map(parseFloat);
        const transition = seconds(style.transitionDuration).some((value) => value > 0) && style.transitionProperty !== 'none';
        const animation = style.animationName !== 'none' && seconds(style.animationDuration).some((value) => value > 0);
        if (transition || animation) moving.push(`${element.className} ${style.transitionDuration} ${style.animationName}`);
      }
      fan.remove();
      return moving;
    }"""
    assert any("pw-card" in each for each in page.evaluate(moving_js))  # without the setting, the cards move
    page.emulate_media(reduced_motion="reduce")
    still = page.evaluate(moving_js)
    assert not still, still


# What a finger touches on a phone and is less than 44 px tall: every button, menu, field and
# slider handle shown, a check box by its label (the box and its words are one target), the skip
# link when it shows, the walkthrough's share link. Each as "classes words height".
SHORT_TARGETS_JS = """
() => [...document.querySelectorAll('.pw-app :is(button, select, input, [role=slider], a.pw-skip:focus, .pw-share a)')]
  .map((e) => e.matches('input[type=checkbox]') ? (e.closest('label') ?? e) : e)
  .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden' && e.getBoundingClientRect().height < 44)
  .map((e) => `${e.className} ${(e.innerText || e.value || e.getAttribute('aria-label') || '').slice(0, 30)} ${e.getBoundingClientRect().height}px`)
"""


def short_targets(page: Page) -> list[str]:
    return page.evaluate(SHORT_TARGETS_JS)


def test_on_a_phone_every_control_of_the_lessons_the_walkthrough_and_the_glossary_is_44_px_tall(
    open_page: Callable[..., Page], app_url: str, reveal: Callable[..., Locator]
) -> None:
    page = open_app(open_page, f"{app_url}?lesson=1", "phone")
    expect(page.locator(".pw-lesson-1 .pw-lesson-summary")).to_be_visible()  # the lesson built: opening it no longer closes the menu
    page.keyboard.press("Tab")
    expect(page.locator(".pw-skip")).to_be_focused()
    short = {"skip link": short_targets(page)}
    menu = page.locator("button.pw-lesson-menu")
    expect(menu).to_have_attribute("aria-expanded", "false")
    menu.click()
    expect(menu).to_have_attribute("aria-expanded", "true")
    expect(page.locator("button.pw-lesson-link-3")).to_be_visible()
    short["lesson menu"] = short_targets(page)
    page.locator("button.pw-lesson-link-3").focus()
    page.keyboard.press("Enter")  # lesson 3: its walkthrough, exercises and drills
    held = focus_held(page, ".pw-lesson-3")  # the menu goes: the focus on the new lesson's title
    assert held["text"].startswith("Lesson 3"), held
    expect(menu).to_have_attribute("aria-expanded", "false")
    lesson = reveal(page.locator(".pw-lesson-3"))
    expect(lesson.locator(".pw-drill-2").get_by_label("Your answer")).to_be_visible()  # a drill's number field
    short["lesson 3"] = short_targets(page)
    exercise = ".pw-lesson-3 .pw-exercise-1"
    region = live_region(page, exercise)
    wrong = page.locator(f"{exercise} .pw-quiz-choice", has_text="Younger")
    wrong.click()
    expect(wrong).to_have_attribute("aria-pressed", "true")  # the answer chosen, said as pressed
    expect(region).to_contain_text("Not quite")  # and the feedback said, in the same region
    assert same_region(page, exercise), "the exercise's live region was drawn anew"
    expect(page.locator(f"{exercise} .pw-quiz-choice", has_text="Elder")).to_have_attribute("aria-pressed", "false")
    page.locator(".pw-nav-walkthrough").click()
    expect(page.locator(".pw-walkthrough .pw-timeline [role=slider]")).to_be_visible()
    expect(page.locator(".pw-share a")).to_be_visible()
    short["walkthrough"] = short_targets(page)
    page.locator(".pw-nav-glossary").click()
    expect(page.locator(".pw-glossary table")).to_be_visible()
    short["glossary"] = short_targets(page)
    problems = {where: controls for where, controls in short.items() if controls}
    assert not problems, problems
