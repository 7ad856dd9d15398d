"""Lesson progress wired into the lessons (issue 7): an exercise answered right is remembered in
the progress file, and a later lesson view (a restarted kernel) shows it "Solved before ✓"; a
damaged progress file never breaks a lesson."""

from __future__ import annotations

import json

import pytest
from widget_helpers import find, find_all, scroll_through, text_of

from piquet_widgets.widgets.language import change_language
from piquet_widgets.teach.lessons import LESSONS, lesson
from piquet_widgets.widgets.lesson import LessonView


@pytest.fixture
def progress_file(tmp_path, monkeypatch):
    path = tmp_path / "state" / "progress.json"
    monkeypatch.setenv("PIQUET_PROGRESS_FILE", str(path))
    return path


def shown(widget) -> bool:
    return widget.layout.display != "none"


def test_a_solved_exercise_is_shown_solved_after_a_restart(progress_file):
    exercises = LessonView(3).exercises()
    first, second = find(exercises, "pw-exercise-1"), find(exercises, "pw-exercise-2")
    assert not any(shown(note) for note in find_all(exercises, "pw-quiz-solved"))
    assert not progress_file.exists()  # showing a lesson writes nothing
    wrong = next(i for i in range(len(second.buttons)) if i != second.answer)
    second.buttons[wrong].click()
    assert not progress_file.exists()  # a wrong answer is not progress
    first.buttons[first.answer].click()
    assert json.loads(progress_file.read_text(encoding="utf-8")) == {"version": 2, "solved": {"the-point": ["exercise-1"]}}

    again = LessonView(3).exercises()  # a new view: a restarted kernel reads the file
    note = find(find(again, "pw-exercise-1"), "pw-quiz-solved")
    assert shown(note) and text_of(note.value).strip() == "Solved before ✓"
    assert not shown(find(find(again, "pw-exercise-2"), "pw-quiz-solved"))
    change_language("fr")
    assert text_of(note.value).strip() == "Déjà résolu ✓"  # the note follows the language
    change_language("en")
    # Another lesson's exercise 1 is another exercise.
    assert not any(shown(n) for n in find_all(LessonView(2).exercises(), "pw-quiz-solved"))


def test_solving_again_and_more_keeps_the_documented_format(progress_file):
    view = LessonView(1)
    exercises = view.exercises()
    count = len(lesson(1).exercises)
    for number in range(count, 0, -1):
        quiz = find(exercises, f"pw-exercise-{number}")
        quiz.buttons[quiz.answer].click()
        quiz.buttons[quiz.answer].click()  # twice: stored once
    other = find(LessonView(4).exercises(), "pw-exercise-2")
    other.buttons[other.answer].click()
    assert json.loads(progress_file.read_text(encoding="utf-8")) == {
        "version": 2,
        "solved": {"the-pack-and-the-deal": sorted(f"exercise-{n}" for n in range(1, count + 1)), "sequences-and-sets": ["exercise-2"]},
    }


@pytest.mark.parametrize("content", ["{not json", json.dumps({"version": 99, "solved": {}}), json.dumps({"version": 2, "solved": {"the-point": "x"}})])
def test_a_damaged_progress_file_does_not_break_the_lesson(progress_file, content):
    progress_file.parent.mkdir(parents=True)
    progress_file.write_text(content, encoding="utf-8")
    view = LessonView(3)
    exercises = view.exercises()
    note = find(exercises, "pw-progress-problem")
    assert str(progress_file) in text_of(note.value) or "progress" in text_of(note.value)
    assert not any(shown(n) for n in find_all(exercises, "pw-quiz-solved"))
    assert progress_file.read_text(encoding="utf-8") == content  # kept as it is until something is solved
    quiz = find(exercises, "pw-exercise-1")
    assert quiz.choose(quiz.answer)
    assert json.loads(progress_file.read_text(encoding="utf-8")) == {"version": 2, "solved": {"the-point": ["exercise-1"]}}
    view.page()  # the whole lesson still builds


def test_a_progress_file_that_cannot_be_written_does_not_break_the_lesson(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("PIQUET_PROGRESS_FILE", str(blocker / "progress.json"))  # its folder is a file
    quiz = find(LessonView(2).exercises(), "pw-exercise-1")
    assert quiz.choose(quiz.answer) and quiz.solved


def test_a_lesson_is_finished_when_every_exercise_and_drill_is_solved(progress_file):
    from piquet_widgets.teach.drills import lesson_drills
    from piquet_widgets.teach.progress import Progress

    first = "the-pack-and-the-deal"
    exercises = len(lesson(first).exercises)
    drills = len(lesson_drills(first))
    progress = Progress()
    for number in range(1, exercises + 1):
        progress.mark_solved(first, f"exercise-{number}")
    assert not progress.finished(first)  # the drills are still to do
    for number in range(1, drills + 1):
        progress.mark_solved(first, f"drill-{number}")
    assert progress.finished(first) and not progress.finished("carte-blanche-and-the-exchange")
    total = sum(len(item.exercises) + len(lesson_drills(item.slug)) for item in LESSONS)
    assert Progress().share_done() == (exercises + drills) / total


def test_the_lesson_list_ticks_finished_lessons_and_says_the_share_done(progress_file):
    from piquet_widgets.app.page import App
    from piquet_widgets.app.params import parse_query
    from piquet_widgets.teach.drills import lesson_drills

    app = App(parse_query("lesson=7"))
    link = find(app.root, "pw-lesson-link-7")
    assert not link.description.startswith("✓")
    assert text_of(find(app.root, "pw-lesson-share").value).strip() == "0% done"
    page = scroll_through(app._lessons[7])
    for number in range(1, len(lesson(7).exercises) + 1):
        quiz = find(page, f"pw-exercise-{number}")
        quiz.choose(quiz.answer)
    for number in range(1, len(lesson_drills(lesson(7).slug)) + 1):
        drill = find(page, f"pw-drill-{number}")
        drill.submit(drill.drill.solution)
    assert link.description.startswith("✓ 7.")  # at once, without reloading
    assert not find(app.root, "pw-lesson-link-6").description.startswith("✓")
    assert text_of(find(app.root, "pw-lesson-share").value).strip() != "0% done"


def test_next_lesson_opens_the_following_one(progress_file):
    from piquet_widgets.app.page import App
    from piquet_widgets.app.params import parse_query

    app = App(parse_query("lesson=3"))
    find(app._lessons[3], "pw-next-lesson").click()
    assert app.lesson_number == 4 and "pw-lesson-4" in app._lesson_box.children[0]._dom_classes
    assert find_all(app._lessons[4], "pw-next-lesson")
    last = App(parse_query("lesson=11"))
    assert find_all(last._lessons[11], "pw-next-lesson") == []  # the last lesson has none


# -- the served app: progress kept in each visitor's browser -----------------------------------------

from piquet_widgets.app.page import App, parse_query  # noqa: E402
from piquet_widgets.teach.progress import MAX_KEPT_BYTES, lesson_tasks  # noqa: E402


def restore(app, content) -> None:
    """What a page sends the app's progress store."""
    app.progress_store._handle_message(app.progress_store, content, [])


def test_the_app_keeps_progress_in_the_browser_not_in_a_file(progress_file):
    first, second = App(parse_query("lesson=3")), App(parse_query("lesson=3"))  # two visitors
    quiz = find(scroll_through(first._lessons[3]), "pw-exercise-1")
    quiz.buttons[quiz.answer].click()
    assert not progress_file.exists()
    assert json.loads(first.progress_store.record) == {"version": 2, "solved": {"the-point": ["exercise-1"]}}
    assert first.progress_store.storage_key == "piquet-widgets.lesson-progress" and not first.progress_store.files
    assert second.progress_store.record == "" and not second.progress.is_solved("the-point", "exercise-1")
    assert not shown(find(find(scroll_through(second._lessons[3]), "pw-exercise-1"), "pw-quiz-solved"))


@pytest.mark.parametrize("scrolled", [True, False], ids=["exercises-built-before", "exercises-built-after"])
def test_progress_the_browser_kept_ticks_the_lesson_already_drawn(progress_file, scrolled):
    """The exercises and drills are built when the page scrolls to them (`LazyBox`): before
    the browser's progress arrives, or after it, they show it the same."""
    app = App(parse_query("lesson=1"))
    if scrolled:
        scroll_through(app._lessons[1])
    tasks = sorted(lesson_tasks("the-pack-and-the-deal"))
    kept = {"version": 2, "solved": {"the-pack-and-the-deal": tasks, "the-point": ["exercise-2"]}}
    restore(app, {"type": "restore", "text": json.dumps(kept)})
    assert bool(find_all(app._lessons[1], "pw-exercise-1")) == scrolled  # built only once scrolled to
    scroll_through(app._lessons[1])
    assert shown(find(find(app._lessons[1], "pw-exercise-1"), "pw-quiz-solved"))
    assert "✓" in find(find(app._lessons[1], "pw-drill-1"), "pw-drill-title").value
    assert app._lesson_buttons[0].description.startswith("✓ ")  # lesson 1 finished
    assert not app._lesson_buttons[2].description.startswith("✓")
    assert app.progress.is_solved("the-point", "exercise-2")
    assert not progress_file.exists()


@pytest.mark.parametrize("content", [
    "not a dict",
    {"type": "restore"},
    {"type": "restore", "text": 42},
    {"type": "restore", "text": "{not json"},
    {"type": "restore", "text": json.dumps({"version": 3, "solved": {"the-pack-and-the-deal": ["exercise-1"]}})},
    {"type": "restore", "text": json.dumps({"version": 2, "solved": {"1": ["exercise-1"]}})},  # numbers are of version 1
    {"type": "restore", "text": json.dumps({"version": 1, "solved": {"the-point": ["exercise-1"]}})},  # and slugs of 2
    {"type": "restore", "text": json.dumps({"version": 1, "solved": {"1": "exercise-1"}})},
    {"type": "restore", "text": json.dumps({"version": 1, "solved": {"99": ["exercise-1"], "1": ["exercise-99", "<script>"]}})},
    {"type": "restore", "text": json.dumps({"version": 1, "solved": {"1": ["exercise-1"] * 2000}})},
    {"type": "upload", "name": "x.json", "text": json.dumps({"version": 1, "solved": {"1": ["exercise-1"]}})},
    {"type": "too-large", "name": "x.json"},
])
def test_whatever_else_the_page_sends_is_ignored(progress_file, content):
    app = App(parse_query("lesson=1"))
    restore(app, content)  # no traceback
    assert app.progress.solved == {}
    assert app.progress_store.record == "" and not progress_file.exists()
    assert len(json.dumps({"version": 1, "solved": {"1": ["exercise-1"] * 2000}})) > MAX_KEPT_BYTES


def test_progress_another_tab_keeps_is_merged_not_lost(progress_file):
    app = App(parse_query("lesson=1"))
    first = "the-pack-and-the-deal"
    restore(app, {"type": "restore", "text": json.dumps({"version": 2, "solved": {first: ["exercise-1"]}})})
    restore(app, {"type": "restore", "text": json.dumps({"version": 2, "solved": {first: ["exercise-2"]}})})  # another tab
    assert app.progress.solved == {first: {"exercise-1", "exercise-2"}}
    quiz = find(scroll_through(app._lessons[1]), "pw-exercise-3")
    quiz.buttons[quiz.answer].click()
    assert json.loads(app.progress_store.record)["solved"] == {first: ["exercise-1", "exercise-2", "exercise-3"]}


def test_progress_the_browser_kept_by_lesson_number_is_read_by_the_lessons_it_named(progress_file):
    """Version 1 of the browser's store, by number in the lessons' first order (7 the partie, 8
    practising, 10 counting aloud): each lesson keeps its work, and the next save is version 2."""
    app = App(parse_query("lesson=1"))
    partie, counting = "the-partie-and-the-rubicon", "counting-aloud"
    kept = {"version": 1, "solved": {"7": sorted(lesson_tasks(partie)), "10": ["exercise-1"], "8": ["drill-2"]}}
    restore(app, {"type": "restore", "text": json.dumps(kept)})
    assert app.progress.finished(partie) and app.progress.is_solved(counting, "exercise-1")
    assert app.progress.is_solved("practising-open-piquet", "drill-2") and not app.progress.is_solved(counting, "drill-2")
    labels = {lesson(number).slug: button.description for number, button in enumerate(app._lesson_buttons, 1)}
    assert labels[partie].startswith("✓ 8.") and not labels[counting].startswith("✓")
    quiz = find(scroll_through(app._lessons[1]), "pw-exercise-1")
    quiz.buttons[quiz.answer].click()
    assert json.loads(app.progress_store.record) == {"version": 2, "solved": {
        "the-pack-and-the-deal": ["exercise-1"], counting: ["exercise-1"], partie: sorted(lesson_tasks(partie)),
        "practising-open-piquet": ["drill-2"],
    }}


def test_the_partie_store_restores_only_once():
    from piquet_widgets.widgets.browser_store import partie_store

    seen = []
    store = partie_store(lambda source, value, name: seen.append(value), lambda error: None)
    for text in ('{"a": 1}', '{"a": 2}'):
        store._handle_message(store, {"type": "restore", "text": text}, [])
    assert seen == [{"a": 1}] and not store.follow
