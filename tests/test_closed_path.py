"""The path to the real game (issue 22, "The path"): the last lesson ends with a closed table,
the first screen offers it to a learner who has finished the lessons, and the page's title and
header follow the game on the table."""

from __future__ import annotations

from piquet_widgets.app.page import App, build
from piquet_widgets.teach.lessons import LESSONS
from piquet_widgets.teach.progress import lesson_tasks
from piquet_widgets.widgets.lesson import LessonView


def descendants(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from descendants(child)


def with_class(widget, name: str) -> list:
    return [item for item in descendants(widget) if name in getattr(item, "_dom_classes", ())]


def test_the_last_lesson_ends_with_the_real_game_and_the_others_with_the_next_lesson() -> None:
    opened = []
    last = LessonView(len(LESSONS), on_next=opened.append, on_play_closed=lambda: opened.append("closed")).page()
    (button,) = with_class(last, "pw-play-closed")
    assert not with_class(last, "pw-next-lesson") and "closed piquet" in button.description
    button.click()
    assert opened == ["closed"]
    before = LessonView(len(LESSONS) - 1, on_next=opened.append, on_play_closed=lambda: opened.append("closed")).page()
    assert not with_class(before, "pw-play-closed") and with_class(before, "pw-next-lesson")


def test_play_a_real_game_opens_the_closed_table_and_the_title_says_so() -> None:
    app = build("")
    assert "open hands" in app.page_language.title
    app.play_closed()
    assert app.section == "practice" and app.practice.session.mode == "closed"
    header = with_class(app.root, "pw-header")[0].value
    assert "open hands" not in app.page_language.title and "closed" in app.page_language.title
    assert "open hands" not in header and "closed" in header
    app.practice.mode_select.value = "open"  # the learner goes back to open hands at the table
    assert app.practice.session.mode == "open" and "open hands" in app.page_language.title
    app.show_section("lesson")
    assert "open hands" in app.page_language.title


def test_a_table_already_open_switches_to_closed_hands() -> None:
    app = build("?seed=5")  # a link to a practice deal: the table opens with open hands
    assert app.section == "practice" and app.practice.session.mode == "open"
    app.show_section("lesson")
    app.play_closed()
    assert app.section == "practice" and app.practice.session.mode == "closed"


def finished_progress() -> dict:
    return {"version": 2, "solved": {lesson.slug: sorted(lesson_tasks(lesson.slug)) for lesson in LESSONS}}


def test_the_first_screen_offers_the_real_game_once_every_lesson_is_done() -> None:
    app: App = build("")
    (offer,) = with_class(app.root, "pw-play-closed")
    assert offer.layout.display == "none"
    assert app.progress.restore(finished_progress())
    app._show_lesson_progress()
    assert offer.layout.display is None
    offer.click()
    assert app.practice.session.mode == "closed"
