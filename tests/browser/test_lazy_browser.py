"""A lesson in the app builds its walkthroughs, exercises and drills as the learner scrolls to
them (issue 16): at first the page holds placeholders of about their height, and a part scrolled
to appears and works."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1366, 900), "phone": (390, 844)}


def test_a_drill_and_a_walkthrough_appear_when_scrolled_to_and_work(
    open_page: Callable[..., Page], app_url: str, reveal: Callable[..., Locator]
) -> None:
    page = open_page(f"{app_url}?lesson=1", width=1366, height=900)
    lesson = page.locator(".pw-lesson-1")
    expect(lesson.locator(".pw-lesson-summary")).to_be_visible()
    expect(lesson.locator(".pw-lazy-placeholder").last).to_contain_text("Loading…")  # the drills, far below
    expect(lesson.locator(".pw-drill")).to_have_count(0)
    drill = reveal(lesson, ".pw-drill-1")
    expect(drill.locator(".pw-drill-cards .pw-card").first).to_be_visible()
    drill.locator(".pw-card-playable").first.click()  # "the highest card": a click is an answer, judged
    expect(drill.locator(".pw-drill-feedback")).to_have_class(re.compile(r"pw-drill-(right|wrong)"))
    walk = reveal(lesson, ".pw-walkthrough")
    label = walk.locator(".pw-step-label")
    expect(label).to_have_text(re.compile(r"Step \d+ of"))
    before = label.inner_text()
    walk.locator(".pw-next").click()
    expect(label).not_to_have_text(before)
    expect(lesson.locator(".pw-lazy-placeholder")).to_have_count(0)  # everything above the drills is built
    expect(lesson.locator(".pw-lazy")).to_have_count(0)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("number", [1, 5])
def test_a_lesson_scrolled_through_looks_whole(
    open_page: Callable[..., Page], app_url: str, reveal: Callable[..., Locator], artifacts: Path, number: int, size: str
) -> None:
    width, height = SIZES[size]
    page = open_page(f"{app_url}?lesson={number}", width=width, height=height)
    lesson = reveal(page.locator(f".pw-lesson-{number}"))
    expect(lesson.locator(".pw-lazy, .pw-lazy-placeholder")).to_have_count(0)
    expect(lesson.locator(".pw-walkthrough").first).to_be_visible()
    expect(lesson.locator(".pw-quiz").first).to_be_visible()
    expect(lesson.locator(".pw-drill")).to_have_count(3)
    lesson.locator(".pw-walkthrough").first.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"app-lesson-{number}-scrolled-{size}.png")
    lesson.locator(".pw-drill-1").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"app-lesson-{number}-drills-{size}.png")
