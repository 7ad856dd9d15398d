"""The tutorial app as a visitor meets it: the real `piquet-widgets serve` in a real Chromium.

The server is the command of the README (`python -m piquet_widgets serve --no-browser --port N`),
with every Jupyter and home folder in a temporary folder. Screenshots go to `tests/artifacts/`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from piquet_widgets.analysis.players import SimplePlayer, complete
from piquet_widgets.app.params import encode_record
from piquet_widgets.engine import Deal, Exchange, Phase, Play, deal_code, deal_from_record, record_of, record_timeline
from piquet_widgets.teach.lesson_deals import CAVENDISH
from piquet_widgets.teach.lessons import LESSONS

pytestmark = pytest.mark.browser




def step_to_the_end(page: Page | Locator) -> None:
    """Click `.pw-next` (in `page`, or in one walkthrough of it) until it is disabled, checking
    that each click moves one step."""
    label = page.locator(".pw-step-label")
    expect(label).to_have_text(re.compile(r"Step 1 of \d+"))
    count = int(re.search(r"of (\d+)", label.inner_text()).group(1))
    for step in range(2, count + 1):
        page.locator(".pw-next").click()
        expect(label).to_have_text(f"Step {step} of {count}")
    expect(page.locator(".pw-next")).to_be_disabled()


# -- the contract for tests outside the repository ------------------------------------------------


@pytest.mark.parametrize("record", [CAVENDISH, record_of(complete(Deal.from_seed(2024))[-1])], ids=["cavendish", "seed-2024"])
def test_record_by_url_stepped_to_the_end(open_page: Callable[..., Page], app_url: str, artifacts: Path, record: dict) -> None:
    deal = deal_from_record(record)
    page = open_page(f"{app_url}?record={encode_record(record)}", height=1100)
    expect(page.locator(".pw-walkthrough")).to_be_visible()
    expect(page.locator(".pw-next")).to_have_count(1)
    start = record_timeline(record)[0]
    expect(page.locator(".pw-score-elder")).to_have_text(str(start.scores[0]))
    page.screenshot(path=artifacts / f"app-record-start-{deal.scores[0]}-{deal.scores[1]}.png")
    step_to_the_end(page)
    expect(page.locator(".pw-score-elder")).to_have_text(str(deal.scores[0]))
    expect(page.locator(".pw-score-younger")).to_have_text(str(deal.scores[1]))
    expect(page.locator(".pw-summary")).to_be_visible()
    page.screenshot(path=artifacts / f"app-record-end-{deal.scores[0]}-{deal.scores[1]}.png", full_page=True)


# -- what a visitor does ---------------------------------------------------------------------------


def test_landing_page(open_page: Callable[..., Page], app_url: str, artifacts: Path) -> None:
    page = open_page(app_url, height=1000)
    expect(page.locator(".pw-app h1")).to_have_text("Piquet with open hands")
    expect(page.locator(".pw-lesson-1")).to_be_visible()
    expect(page.locator(".pw-lesson-link")).to_have_count(len(LESSONS))
    for name in ("lessons", "walkthrough", "practice", "glossary"):
        expect(page.locator(f".pw-nav-{name}")).to_be_visible()
    expect(page.locator(".pw-error")).to_have_count(0)
    # no code in sight: Voilà strips the sources
    expect(page.locator(".jp-InputArea")).to_have_count(0)
    assert "import" not in page.locator("body").inner_text()
    page.screenshot(path=artifacts / "app-landing.png")
    page.locator(".pw-nav-glossary").click()
    expect(page.locator(".pw-glossary")).to_contain_text("Repique")
    expect(page.locator(".pw-lesson-1")).to_have_count(0)
    page.screenshot(path=artifacts / "app-glossary.png")


def test_lesson_opened_and_exercises_answered(open_page: Callable[..., Page], app_url: str, artifacts: Path, reveal: Callable[..., Locator]) -> None:
    page = open_page(app_url, height=1000)
    page.locator(".pw-lesson-link-3").click()
    lesson = page.locator(".pw-lesson-3")
    expect(lesson.locator(".pw-lesson-intro h2")).to_have_text("Lesson 3: The point")
    reveal(lesson)  # scrolled through: its walkthrough, exercises and drills built
    first = lesson.locator(".pw-exercise-1")
    first.locator(".pw-quiz-choice", has_text="Younger").click()
    expect(first.locator(".pw-quiz-wrong")).to_contain_text("Not quite")
    first.locator(".pw-quiz-choice", has_text="Elder").click()
    expect(first.locator(".pw-quiz-right")).to_contain_text("five cards beat four")
    third = lesson.locator(".pw-exercise-3")
    third.locator(".pw-quiz-choice", has_text="Nobody").click()
    expect(third.locator(".pw-quiz-right")).to_contain_text("48")
    third.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "app-lesson-3-exercises.png")
    # a lesson's walkthrough works inside the lesson
    walk = lesson.locator(".pw-walkthrough")
    expect(walk.locator(".pw-explanation")).to_contain_text("declarations", ignore_case=True)
    walk.locator(".pw-next").click()
    expect(walk.locator(".pw-step-label")).to_have_text(re.compile(r"Step 5 of"))


def test_lesson_by_url(open_page: Callable[..., Page], app_url: str, artifacts: Path) -> None:
    page = open_page(f"{app_url}?lesson=the-partie-and-the-rubicon", height=1000)  # by its slug: lesson 8
    expect(page.locator(".pw-lesson-8 .pw-partie-sheet").first).to_contain_text("303")
    expect(page.locator(".pw-lesson-link-8")).to_have_class(re.compile(r"mod-info"))
    page.locator(".pw-lesson-8 .pw-partie-sheet").first.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "app-lesson-8.png")


def practice_game(seed: int) -> tuple[Deal, list[str]]:
    """The practice deal as the test plays it: elder (the learner) discards his last three cards
    and then always plays his first playable card; younger is the computer (the beginner).
    Returns the finished deal and elder's cards in the order played."""
    computer = SimplePlayer()
    deal = Deal.from_seed(seed)
    played = []
    while deal.phase is not Phase.FINISHED:
        if deal.phase is Phase.DECLARATIONS:
            action = deal.default_action()
        elif deal.to_move != 0:
            action = computer.choose_action(deal)
        elif deal.phase is Phase.EXCHANGE:
            action = Exchange(deal.hand(0)[-3:])
        else:
            action = Play(deal.playable_cards()[0])
            played.append(action.card.code)
        deal = deal.apply(action)
    return deal, played


@pytest.mark.compat
def test_practice_deal_played_to_the_end_by_clicks(open_page: Callable[..., Page], app_url: str, artifacts: Path) -> None:
    seed = 31
    expected, played = practice_game(seed)
    page = open_page(f"{app_url}?seed={seed}", height=1100)
    table = page.locator(".pw-practice")
    hand = table.locator(".pw-hand-elder .pw-card")
    expect(hand).to_have_count(12)
    table.locator(".pw-more").click()
    table.locator(".pw-declare-for-me input").check()  # the declarations made for the learner, as in practice_game
    for card in Deal.from_seed(seed).hand(0)[-3:]:
        table.locator(f'.pw-hand-elder [data-card="{card.code}"]').click()
    expect(table.locator(".pw-confirm")).to_contain_text("3 cards")
    page.screenshot(path=artifacts / "app-practice-exchange.png")
    table.locator(".pw-confirm").click()
    for left, code in zip(range(11, -1, -1), played):
        card = table.locator(f'.pw-hand-elder [data-card="{code}"]')
        expect(card).to_have_attribute("role", "button")  # the page has the state where it is legal
        card.click()
        expect(hand).to_have_count(left)
    expect(table.locator(".pw-summary")).to_be_visible()
    expect(table.locator(".pw-score-elder")).to_have_text(str(expected.scores[0]))
    expect(table.locator(".pw-score-younger")).to_have_text(str(expected.scores[1]))
    expect(table.locator(".pw-next-deal")).to_be_enabled()
    page.screenshot(path=artifacts / "app-practice-end.png", full_page=True)


def test_bad_parameter_shows_its_message_and_the_app_still_works(open_page: Callable[..., Page], app_url: str, artifacts: Path) -> None:
    page = open_page(f"{app_url}?lesson=12&record=bm90IGEgcmVjb3Jk", height=900)
    errors = page.locator(".pw-messages .pw-error")
    expect(errors).to_have_count(2)
    expect(errors.nth(0)).to_contain_text("lessons 1 to 11")
    expect(errors.nth(1)).to_contain_text("could not be opened")
    expect(page.locator(".pw-lesson-1")).to_be_visible()
    page.screenshot(path=artifacts / "app-bad-parameter.png")
    page.locator(".pw-nav-walkthrough").click()
    expect(page.locator(".pw-walkthrough-caption")).to_contain_text("Cavendish")
    page.locator(".pw-next").click()
    expect(page.locator(".pw-step-label")).to_have_text(re.compile(r"Step 2 of"))
    # a mistyped deal code typed into the page: a message, and the deal shown stays
    page.locator(".pw-deal-code-input input").fill("ABCD-EFGH-JKMN-P")
    page.locator(".pw-open-deal").click()
    expect(page.locator(".pw-open-message.pw-error")).to_contain_text("deal code")
    expect(page.locator(".pw-step-label")).to_have_text(re.compile(r"Step 2 of"))


def test_deal_code_by_url(open_page: Callable[..., Page], app_url: str) -> None:
    deal = Deal.from_seed(77)
    page = open_page(f"{app_url}?deal={deal_code(deal)}")
    expect(page.locator(".pw-walkthrough .pw-deal-code")).to_contain_text(deal_code(deal))
    expect(page.locator(".pw-share a")).to_have_attribute("href", re.compile(r"^\?deal="))


def test_a_finished_walkthrough_puts_its_deal_on_the_practice_table(open_page: Callable[..., Page], app_url: str, artifacts: Path) -> None:
    deal = Deal.from_seed(2025)
    page = open_page(f"{app_url}?deal={deal_code(deal)}", height=1100)
    walk = page.locator(".pw-walkthrough")
    expect(walk).to_be_visible()
    expect(walk.locator(".pw-next-step")).to_be_hidden()
    walk.locator(".pw-last").click()
    panel = walk.locator(".pw-next-step")
    expect(panel).to_be_visible()
    expect(panel.locator(".pw-practise-deal")).to_have_text("Practise this deal")
    expect(panel.locator(".pw-next-step-lesson")).to_be_hidden()  # the walkthrough section is no lesson
    page.screenshot(path=artifacts / "app-walkthrough-next-step.png", full_page=True)
    panel.locator(".pw-practise-deal").click()
    table = page.locator(".pw-section-practice .pw-practice")
    expect(table).to_be_visible()
    expect(page.locator(".pw-nav-practice")).to_have_class(re.compile(r"pw-nav-active"))
    hand = table.locator(".pw-hand-elder .pw-card")
    expect(hand).to_have_count(12)
    expect(hand.first).to_have_attribute("data-card", re.compile(r"\w\w"))
    # The table showed a deal of its own until the walkthrough's arrives: wait for each card (with
    # the count of twelve, the hand is exactly the walkthrough's), never read the hand once.
    for card in deal.hand(0):
        expect(table.locator(f'.pw-hand-elder .pw-card[data-card="{card.code}"]')).to_have_count(1)
    expect(table).to_contain_text(deal_code(deal))
    page.screenshot(path=artifacts / "app-walkthrough-practised.png")
