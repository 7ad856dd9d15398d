"""The example lesson of docs/teaching.md, built from the page, in the app a teacher serves with
`piquet-widgets serve --lessons DIR`: it comes after the tutorial's eleven, and it works."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from conftest import app_server
from support import documented_lesson

pytestmark = pytest.mark.browser


def test_the_documented_lesson_opens_in_the_app(tmp_path: Path, open_page: Callable[..., Page], reveal: Callable[..., Locator]) -> None:
    documented_lesson(tmp_path / "club-lessons")
    with app_server(tmp_path, "--lessons", "club-lessons") as app:
        page = open_page(f"{app.url}?lesson=a-hand-from-the-club", height=1000)
        expect(page.locator(".pw-lesson-link")).to_have_count(12)
        lesson = page.locator(".pw-lesson-12")
        expect(lesson.locator(".pw-lesson-intro h2")).to_have_text("Lesson 12: A hand from the club")
        expect(lesson).to_contain_text("Last Thursday elder was dealt this hand.")
        exercise = reveal(lesson, ".pw-exercise-1")
        exercise.locator(".pw-quiz-choice").nth(1).click()  # "Four, in hearts": wrong, with its reason
        expect(exercise.locator(".pw-quiz-wrong")).to_contain_text("the hearts make 39, the diamonds 41")
        exercise.locator(".pw-quiz-choice").nth(0).click()
        expect(exercise.locator(".pw-quiz-right")).to_be_visible()
        expect(lesson.locator(".pw-drill")).to_have_count(2)
