"""The lazy box (issue 16): a lesson page in the app builds its walkthroughs, practice tables,
odds, exercises and drills only when the page scrolls near them, and then shows the same as a
page built at once."""

from __future__ import annotations

import ipywidgets as widgets
import pytest
from ipywidgets.widgets import widget as widget_module
from widget_helpers import find, find_all, scroll_through, walk

from piquet_widgets.app.page import App, parse_query
from piquet_widgets.widgets.language import change_language
from piquet_widgets.widgets.lazy import LazyBox, LazySentinel
from piquet_widgets.widgets.lesson import LessonView


def send(sentinel: LazySentinel, content: object) -> None:
    """What the sentinel's view sends Python (a custom message on its comm)."""
    sentinel._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def made(build) -> int:
    """How many widgets `build()` makes (and leaves alive)."""
    before = len(widget_module._instances)
    build()
    return len(widget_module._instances) - before


def counted_box() -> tuple[LazyBox, list[widgets.Widget]]:
    built: list[widgets.Widget] = []

    def build() -> widgets.Widget:
        built.append(widgets.HTML("<p>the content</p>"))
        return built[-1]

    return LazyBox(build, placeholder_height="25em"), built


def test_a_visible_message_builds_the_content_once_and_closes_the_placeholder() -> None:
    box, built = counted_box()
    sentinel = box.children[0]
    assert isinstance(sentinel, LazySentinel) and built == [] and not box.built and "pw-lazy" in box._dom_classes
    assert sentinel.layout.min_height == "25em" and sentinel.label == "Loading…"
    send(sentinel, {"type": "visible"})
    assert box.built and box.children == (built[0],) and len(built) == 1 and "pw-lazy" not in box._dom_classes
    assert sentinel.comm is None and sentinel.layout.comm is None  # closed with its layout
    send(sentinel, {"type": "visible"})  # a second message (another view) does nothing
    assert box.build_now() is built[0] and len(built) == 1


def test_build_now_builds_without_the_page() -> None:
    box, built = counted_box()
    assert box.build_now() is built[0] and box.children == (built[0],)
    assert box.build_now() is built[0] and len(built) == 1


@pytest.mark.parametrize("content", [
    "visible", None, 42, [], {}, {"type": "Visible"}, {"type": "visible", "extra": 1}, {"type": ["visible"]},
    {"kind": "visible"}, {"type": "ready"},
])
def test_anything_but_a_visible_message_is_ignored(content) -> None:
    box, built = counted_box()
    send(box.children[0], content)  # no traceback
    assert built == [] and not box.built


def test_the_page_cannot_change_the_placeholder() -> None:
    box, _built = counted_box()
    sentinel = box.children[0]
    sentinel.set_state({"height": "0px", "label": "<script>"})
    assert sentinel.layout.min_height == "25em" and sentinel.label == "Loading…" and not box.built


def test_the_placeholder_follows_the_language() -> None:
    box, _built = counted_box()
    change_language("fr")
    assert box.children[0].label not in ("", "Loading…")


@pytest.mark.parametrize("number", [1, 5])
def test_the_apps_lesson_page_builds_under_two_fifths_of_its_widgets_at_first(number: int) -> None:
    eager = made(lambda: LessonView(number).page())
    lazy = made(lambda: LessonView(number, lazy=True).page())
    assert lazy < 0.4 * eager
    app_lesson = made(lambda: App(parse_query(f"lesson={number}")))  # the whole app page, with the lesson
    assert app_lesson < eager


def shape(root: widgets.Widget) -> list[tuple[str, tuple[str, ...]]]:
    """What the page shows, widget by widget (the lazy boxes, which show only their content, left out)."""
    return [(type(w).__name__, tuple(w._dom_classes)) for w in walk(root) if not isinstance(w, LazyBox)]


@pytest.mark.parametrize("number", [1, 2, 5, 10])
def test_scrolled_through_the_lazy_page_shows_what_the_eager_one_does(number: int) -> None:
    eager = LessonView(number).page()
    lazy = LessonView(number, lazy=True).page()
    assert find_all(lazy, "pw-lazy") and not find_all(lazy, "pw-drill")
    assert shape(scroll_through(lazy)) == shape(eager)
    assert not find_all(lazy, "pw-lazy")
    assert not [w for w in walk(lazy) if isinstance(w, LazySentinel)]


def words(root: widgets.Widget) -> tuple[str, str]:
    """The first exercise's question and the drills' heading, as shown now."""
    return find(root, "pw-exercise-1").question.value, find(root, "pw-lesson-drills").children[0].value


def test_parts_built_after_a_change_of_language_speak_it_and_follow_the_next() -> None:
    english = words(LessonView(1).page())
    page = App(parse_query("lesson=1"))._lessons[1]
    change_language("fr")
    french = words(scroll_through(page))  # built in French
    assert french[0] != english[0] and french[1] != english[1]
    change_language("es")  # and re-rendered in Spanish
    spanish = words(page)
    assert spanish[0] not in english + french and spanish[1] not in english + french


def test_a_drill_the_evaluator_deals_is_dealt_only_when_it_comes_near_the_screen() -> None:
    """Lesson 9's drills of discards are dealt by the whole-deal evaluator (seconds of work where
    no thread can start): each waits behind its own placeholder, not for the drills above it."""
    from piquet_widgets.teach.drills import lesson_drills

    view = LessonView(9, lazy=True)
    kinds = lesson_drills(view.lesson.slug)
    evaluated = [number for number, kind in enumerate(kinds, 1) if kind.evaluated]
    assert evaluated and len(evaluated) < len(kinds)  # the lesson has both sorts
    drills = view.drills()
    placeholders = [box for box in drills.children if isinstance(box, LazyBox)]
    assert len(placeholders) == len(evaluated)
    assert [number for number in range(1, len(kinds) + 1) if find_all(drills, f"pw-drill-{number}")] == [
        number for number in range(1, len(kinds) + 1) if number not in evaluated
    ]
    send(placeholders[0].children[0], {"type": "visible"})
    first = find(drills, f"pw-drill-{evaluated[0]}")
    first.analyst.runner.wait()  # dealt in its thread here
    assert first.card_rows and not find_all(drills, f"pw-drill-{evaluated[1]}")
