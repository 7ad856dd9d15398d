"""Lesson progress in the served app belongs to the visitor's browser: an exercise solved by one
visitor is solved for him after a reload, unsolved for another visitor, and nothing is written on
the server."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from piquet_widgets.teach.lessons import lesson

pytestmark = pytest.mark.browser


def test_progress_is_per_visitor_and_survives_a_reload(open_page: Callable[..., Page], served_app, reveal: Callable[..., Locator]) -> None:
    answer = lesson(3).exercises[0].answer
    first = open_page(f"{served_app.url}?lesson=3", height=1100)  # visitor A
    reveal(first.locator(".pw-lesson-3"), ".pw-exercise-1")
    exercise = first.locator(".pw-exercise-1")
    expect(exercise.locator(".pw-quiz-choice").nth(answer)).to_be_visible()
    expect(exercise.locator(".pw-quiz-solved")).to_be_hidden()
    exercise.locator(".pw-quiz-choice").nth(answer).click()
    expect(exercise.locator(".pw-quiz-right")).to_be_visible()
    first.wait_for_function("() => localStorage.getItem('piquet-widgets.lesson-progress') !== null")
    kept = json.loads(first.evaluate("() => localStorage.getItem('piquet-widgets.lesson-progress')"))
    assert kept == {"version": 2, "solved": {"the-point": ["exercise-1"]}}

    first.reload()  # a new kernel: only A's browser remembers
    reveal(first.locator(".pw-lesson-3"), ".pw-exercise-1")
    expect(first.locator(".pw-exercise-1 .pw-quiz-solved")).to_be_visible()
    expect(first.locator(".pw-exercise-1 .pw-quiz-solved")).to_contain_text("Solved before ✓")

    second = open_page(f"{served_app.url}?lesson=3", height=1100)  # visitor B, another browser context
    reveal(second.locator(".pw-lesson-3"), ".pw-exercise-1")
    expect(second.locator(".pw-exercise-1 .pw-quiz-choice").nth(answer)).to_be_visible()
    expect(second.locator(".pw-exercise-2 .pw-quiz-choice").first).to_be_visible()
    expect(second.locator(".pw-exercise-1 .pw-quiz-solved")).to_be_hidden()
    assert second.evaluate("() => localStorage.getItem('piquet-widgets.lesson-progress')") is None

    assert not [path for path in served_app.home.rglob("progress.json*")], "the served app wrote a progress file"


def test_two_tabs_of_one_visitor_keep_each_others_progress(open_page: Callable[..., Page], served_app, reveal: Callable[..., Locator]) -> None:
    first = open_page(f"{served_app.url}?lesson=4", height=1100)
    second = first.context.new_page()  # the same browser: the same localStorage
    second.goto(f"{served_app.url}?lesson=4")
    for page in (first, second):
        reveal(page.locator(".pw-lesson-4"), ".pw-exercise-2")
    one, two = lesson(4).exercises[0].answer, lesson(4).exercises[1].answer
    expect(second.locator(".pw-exercise-2 .pw-quiz-choice").nth(two)).to_be_visible()
    first.locator(".pw-exercise-1 .pw-quiz-choice").nth(one).click()
    expect(first.locator(".pw-exercise-1 .pw-quiz-right")).to_be_visible()
    expect(second.locator(".pw-exercise-1 .pw-quiz-solved")).to_be_visible()  # the other tab heard of it
    second.locator(".pw-exercise-2 .pw-quiz-choice").nth(two).click()
    key = "piquet-widgets.lesson-progress"
    second.wait_for_function(f"() => (localStorage.getItem('{key}') || '').includes('exercise-2')")
    kept = json.loads(second.evaluate(f"() => localStorage.getItem('{key}')"))
    assert kept["solved"]["sequences-and-sets"] == ["exercise-1", "exercise-2"]
