"""A drill's level is kept with the rest of the learner's progress: in the progress file for the
notebooks, in the visitor's browser for the app. A reload, a restart or another tab goes on at
the level reached; a level the page sends is checked against the drill's own levels."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from widget_helpers import find, scroll_through

from piquet_widgets.app.page import App, parse_query
from piquet_widgets.teach.progress import KeptProgress, Progress, drill_levels
from piquet_widgets.widgets.lesson import LessonView

POINT = "the-point"


@pytest.fixture
def progress_file(tmp_path, monkeypatch):
    path = tmp_path / "progress.json"
    monkeypatch.setenv("PIQUET_PROGRESS_FILE", str(path))
    return path


def solve_and_go_on(view) -> None:
    """Solve the drill shown, then "Another" (one level up)."""
    assert view.submit(view.drill.solution).right
    view.new_button.click()


def test_a_level_reached_is_saved_and_a_restart_goes_on_at_it(progress_file) -> None:
    view = find(LessonView(3).drills(), "pw-drill-2")
    assert view.level == 1
    solve_and_go_on(view)
    solve_and_go_on(view)
    assert view.level == 3
    assert json.loads(progress_file.read_text()) == {"version": 2, "solved": {POINT: ["drill-2"]}, "levels": {POINT: {"drill-2": 3}}}
    again = find(LessonView(3).drills(), "pw-drill-2")  # a restarted kernel
    assert again.level == 3 and again.drill.level == 3 and "Level 3 of 3" in again.heading.value
    assert find(LessonView(3).drills(), "pw-drill-1").level == 1  # the other drills as they were


def test_two_writers_keep_each_drill_at_the_higher_level(tmp_path) -> None:
    path = tmp_path / "progress.json"
    first, second = Progress(path), Progress(path)
    first.set_level(POINT, "drill-1", 3)
    second.set_level(POINT, "drill-1", 2)
    second.set_level(POINT, "drill-3", 2)
    assert json.loads(path.read_text())["levels"] == {POINT: {"drill-1": 3, "drill-3": 2}}
    assert Progress(path).level(POINT, "drill-1") == 3


def test_badly_written_levels_in_a_file_are_left_out_and_the_rest_kept(tmp_path) -> None:
    path = tmp_path / "progress.json"
    levels = {POINT: {"drill-1": 2, "drill-2": "3", "drill-3": 0}, "the-play": [1], "sequences-and-sets": {"drill-1": True}}
    path.write_text(json.dumps({"version": 2, "solved": {POINT: ["exercise-1"]}, "levels": levels}))
    progress = Progress(path)
    assert progress.problem is None and progress.is_solved(POINT, "exercise-1")
    assert [progress.level(POINT, f"drill-{n}") for n in (1, 2, 3)] == [2, 1, 1]
    assert progress.level("sequences-and-sets", "drill-1") == 1


@given(st.dictionaries(st.text(max_size=30), st.one_of(st.integers(-5, 10**6), st.text(max_size=5), st.none(), st.floats()), max_size=6))
def test_the_browser_s_levels_are_kept_only_within_each_drill_s_own(drills: dict) -> None:
    progress = KeptProgress(keep=lambda _text: None)
    assert progress.restore({"version": 2, "solved": {}, "levels": {POINT: drills, "not-a-lesson": drills}})
    own = drill_levels(POINT)
    for key, level in progress.levels.get(POINT, {}).items():
        assert key in own and type(level) is int and 1 < level <= own[key]
        assert drills[key] == level
    assert "not-a-lesson" not in progress.levels


def restore(app: App, kept: dict) -> None:
    """The progress this browser kept, as the page sends it to the app's store."""
    app.progress_store._handle_message(app.progress_store, {"type": "restore", "text": json.dumps(kept)}, [])


@pytest.mark.parametrize("scrolled", [True, False], ids=["drills-built-before", "drills-built-after"])
def test_the_app_keeps_levels_in_the_browser_and_goes_on_at_them_after_a_reload(progress_file, scrolled: bool) -> None:
    app = App(parse_query("lesson=3"))
    view = find(scroll_through(app._lessons[3]), "pw-drill-2")
    solve_and_go_on(view)
    kept = json.loads(app.progress_store.record)
    assert kept["levels"] == {POINT: {"drill-2": 2}} and not progress_file.exists()
    reloaded = App(parse_query("lesson=3"))  # the same browser, after a reload
    if scrolled:
        scroll_through(reloaded._lessons[3])
    restore(reloaded, kept)
    again = find(scroll_through(reloaded._lessons[3]), "pw-drill-2")
    assert again.level == 2 and again.drill.level == 2
    assert find(reloaded._lessons[3], "pw-drill-1").level == 1


def test_a_level_kept_does_not_take_a_drill_the_learner_has_already_solved_here(progress_file) -> None:
    app = App(parse_query("lesson=3"))
    view = find(scroll_through(app._lessons[3]), "pw-drill-2")
    solve_and_go_on(view)
    drill = view.drill
    restore(app, {"version": 2, "solved": {}, "levels": {POINT: {"drill-2": 3}}})  # another tab, further on
    assert view.level == 2 and view.drill is drill  # the drill under the learner's eyes stays
