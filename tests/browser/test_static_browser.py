"""The static build (`piquet-widgets build-static`) as a visitor meets it: the site built from the
package registries, served by a plain static server on 127.0.0.1, opened in Chromium with every
other host refused (the test fails on any request to one), Python running in the page (Pyodide).

The site is built once; one page is opened once (its first load starts Python in the browser,
the slow part) and the tests go on in it, in order, as one visitor would.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import playwright.sync_api as playwright_sync
import pytest
from playwright.sync_api import Locator, Page, expect
from support import only_this_machine, static_site_served
from test_app_browser import step_to_the_end

from piquet_widgets.engine import ELDER, YOUNGER, Deal, Exchange, deal_code, deal_from_code, deal_from_record, parse_cards
from piquet_widgets.teach.lesson_deals import CAVENDISH
from piquet_widgets.teach.lessons import lesson

pytestmark = [pytest.mark.browser, pytest.mark.slow]
FIRST_WIDGET = 180_000  # ms: Python starting in the browser on a busy two-core machine
HINT_TIMEOUT = 60_000  # ms: the first hint in the browser (some 3 s on an idle machine)
PROGRESS_KEY = "piquet-widgets.lesson-progress"


@pytest.fixture(scope="session")
def static_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once, as `piquet-widgets build-static DEST` builds it."""
    from piquet_widgets.cli import main

    dest = tmp_path_factory.mktemp("static") / "site"
    assert main(["build-static", str(dest)]) == 0
    return dest


@pytest.fixture(scope="module")
def visitor(static_site: Path, browser: playwright_sync.Browser) -> Iterator[tuple[Page, str, list[str], list[str]]]:
    """One visitor's page on the served site, with what it asked of other hosts and its errors."""
    outside: list[str] = []
    errors: list[str] = []
    with static_site_served(static_site) as url:
        context = browser.new_context(viewport={"width": 1100, "height": 1000})
        only_this_machine(context, outside)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{url}/")
        expect(page.locator(".pw-app")).to_be_visible(timeout=FIRST_WIDGET)
        yield page, url, outside, errors
        context.close()
    assert not outside, f"the page asked other hosts: {outside}"


def shown_text(page: Page) -> str:
    return page.locator("body").inner_text()


def test_the_app_shows_its_lessons_with_no_warning_and_nothing_from_another_host(visitor) -> None:
    page, _url, outside, errors = visitor
    expect(page.locator(".pw-lesson-1 .pw-lesson-intro h2")).to_have_text(re.compile("Lesson 1"))
    expect(page.locator(".pw-lesson-link")).to_have_count(11)
    text = shown_text(page)
    assert "Warning" not in text and "Traceback" not in text and "filelock" not in text
    assert outside == [] and errors == []


def test_a_walkthrough_stepped_to_the_end_gives_the_oracle_scores(visitor) -> None:
    page = visitor[0]
    page.locator(".pw-nav-walkthrough").click()
    walk = page.locator(".pw-walkthrough")
    step_to_the_end(walk)
    deal = deal_from_record(CAVENDISH)
    expect(walk.locator(".pw-score-elder")).to_have_text(str(deal.scores[0]))
    expect(walk.locator(".pw-score-younger")).to_have_text(str(deal.scores[1]))
    # The last step's panel, shown again after being hidden (a trait set back to None, which
    # must reach the page as null): "Practise this deal" puts the deal on the practice table.
    expect(walk.locator(".pw-summary")).to_be_visible()
    expect(walk.locator(".pw-next-step")).to_be_visible()
    walk.locator(".pw-practise-deal").click()
    table = page.locator(".pw-section-practice .pw-practice")
    expect(table.locator(".pw-code input")).to_have_value(deal_code(deal))
    expect(table.locator(".pw-hand-elder .pw-card")).to_have_count(12)


def test_a_practice_deal_s_exchange_is_played_with_the_hint(visitor) -> None:
    page = visitor[0]
    page.locator(".pw-nav-practice").click()
    table = page.locator(".pw-section-practice .pw-practice")
    hand = table.locator(".pw-hand-elder .pw-card")
    expect(hand).to_have_count(12)
    expect(table.locator(".pw-code input")).to_have_value(re.compile(r"\w{4}-"))
    start = deal_from_code(table.locator(".pw-code input").input_value())  # the deal the table shows
    shown = [hand.nth(index).get_attribute("data-card") for index in range(12)]
    assert sorted(shown) == sorted(card.code for card in start.hand(ELDER))
    # The hint, computed in the page (Python with no numpy and no threads): its words, then the
    # cards it would discard outlined; the learner discards those.
    table.locator("button.pw-hint").click()
    expect(table.locator(".pw-hint-text")).to_contain_text("Keep your", timeout=HINT_TIMEOUT)
    table.locator("button.pw-hint").click()
    expect(table.locator(".pw-hint-text")).to_contain_text("Hint:")
    outlined = table.locator(".pw-hand-elder .pw-card-outlined")
    expect(outlined.first).to_be_visible()
    discards = outlined.evaluate_all("cards => cards.map(card => card.dataset.card)")
    assert 1 <= len(discards) <= 5
    for code in discards:
        table.locator(f'.pw-hand-elder .pw-card[data-card="{code}"]').click()
    table.locator("button.pw-confirm").click()
    after = start.apply(Exchange(parse_cards(" ".join(discards))))
    for code in discards:
        expect(table.locator(f'.pw-hand-elder .pw-card[data-card="{code}"]')).to_have_count(0)
    for card in after.hand(ELDER):  # the three drawn from the talon among them
        expect(table.locator(f'.pw-hand-elder .pw-card[data-card="{card.code}"]')).to_have_count(1)
    expect(table.locator(".pw-hand-elder .pw-card")).to_have_count(12)


def test_a_closed_practice_deal_begins_seat_exchange_and_the_dialogue_s_first_words(visitor) -> None:
    """The closed table in the page (its link, `?mode=closed`): the learner is elder and sees only
    his own cards; he discards, the computer (younger, from what it sees, in the page's Python
    with no numpy and no threads) exchanges, and the declarations begin with the learner's words."""
    page, url = visitor[0], visitor[1]
    page.goto(f"{url}/?mode=closed&seed=8")
    table = page.locator(".pw-section-practice .pw-practice")
    expect(table.locator("h2")).to_have_text("Practice table: closed piquet", timeout=FIRST_WIDGET)
    deal = Deal.from_seed(8)
    hand = table.locator(".pw-hand-elder .pw-card")
    expect(hand).to_have_count(12)
    assert sorted(hand.evaluate_all("cards => cards.map(card => card.dataset.card)")) == sorted(card.code for card in deal.hand(ELDER))
    expect(table.locator('.pw-hand-younger .pw-card[data-face="down"]')).to_have_count(12)
    shown = table.evaluate("element => element.outerHTML")
    assert all(f'data-card="{card.code}"' not in shown for card in (*deal.hand(YOUNGER), *deal.talon))
    # Elder discards his lowest card: the talon's first card comes in, face up in his hand.
    lowest = min(deal.hand(ELDER), key=lambda card: (card.rank, card.suit))
    table.locator(f'.pw-hand-elder .pw-card[data-card="{lowest.code}"]').click()
    table.locator("button.pw-confirm").click()
    expect(table.locator(f'.pw-hand-elder .pw-card[data-card="{lowest.code}"]')).to_have_count(0)
    expect(table.locator(f'.pw-hand-elder .pw-card[data-card="{deal.talon[0].code}"]')).to_have_count(1)
    # The computer has exchanged (its hand still hidden): the learner's turn to speak first.
    words = table.locator(".pw-speech button").first
    expect(words).to_be_visible(timeout=HINT_TIMEOUT)
    expect(table.locator('.pw-hand-younger .pw-card[data-face="down"]')).to_have_count(12)
    said = words.inner_text()
    words.click()
    expect(table.locator(".pw-dialogue-panel")).to_contain_text(said)


def test_progress_is_kept_in_the_browser_and_a_link_opens_its_lesson_in_its_language(visitor, reveal: Callable[..., Locator]) -> None:
    page = visitor[0]
    answer = lesson(3).exercises[0].answer
    page.locator(".pw-nav-lessons").click()
    page.locator(".pw-lesson-link-3").click()
    reveal(page.locator(".pw-lesson-3"), ".pw-exercise-1")
    exercise = page.locator(".pw-exercise-1")
    exercise.locator(".pw-quiz-choice").nth(answer).click()
    expect(exercise.locator(".pw-quiz-right")).to_be_visible()
    page.wait_for_function(f"() => localStorage.getItem('{PROGRESS_KEY}') !== null")
    assert json.loads(page.evaluate(f"() => localStorage.getItem('{PROGRESS_KEY}')"))["solved"] == {"the-point": ["exercise-1"]}

    # Python starts again in the page: only the browser remembers. The link's parameters are
    # read from the page's own address (no server reads them here).
    page.goto(f"{visitor[1]}/?lesson=3&lang=fr")
    expect(page.locator(".pw-lesson-3 .pw-lesson-intro h2")).to_have_text("Leçon 3 : Le point", timeout=FIRST_WIDGET)
    reveal(page.locator(".pw-lesson-3"), ".pw-exercise-1")
    expect(page.locator(".pw-exercise-1 .pw-quiz-solved")).to_be_visible()
    assert "?lesson=the-point&lang=fr" in page.url
