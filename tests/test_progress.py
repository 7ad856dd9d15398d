"""Lesson progress survives a restart; a damaged file is reported and not lost."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

import platformdirs

from piquet_widgets.teach.lessons import LESSONS
from piquet_widgets.teach.progress import Progress, progress_path


def test_progress_survives_a_restart(tmp_path):
    path = tmp_path / "deep" / "progress.json"
    first = Progress(path)
    assert not first.is_solved("the-point", "point-1")
    first.mark_solved("the-point", "point-1")
    first.mark_solved("reckoning-pique-and-repique", "pique-2")
    again = Progress(path)  # a new kernel, a restarted server
    assert again.is_solved("the-point", "point-1") and again.is_solved("reckoning-pique-and-repique", "pique-2") and not again.is_solved("the-point", "point-2")
    assert json.loads(path.read_text()) == {"version": 2, "solved": {"the-point": ["point-1"], "reckoning-pique-and-repique": ["pique-2"]}}


def test_damaged_or_foreign_file_is_reported_and_kept(tmp_path):
    path = tmp_path / "progress.json"
    for content in ("{broken", json.dumps({"version": 99}), json.dumps({"version": 2, "solved": {"the-point": "x"}})):
        path.write_text(content)
        progress = Progress(path)
        assert progress.problem is not None and str(progress.problem)
        assert path.read_text() == content
    progress.mark_solved("the-pack-and-the-deal", "pack-1")
    assert Progress(path).is_solved("the-pack-and-the-deal", "pack-1") and Progress(path).problem is None


def test_location_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("PIQUET_PROGRESS_FILE", str(tmp_path / "p.json"))
    assert progress_path() == tmp_path / "p.json"
    monkeypatch.delenv("PIQUET_PROGRESS_FILE")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert progress_path() == tmp_path / "data" / "piquet-widgets" / "progress.json"


def _solve_one(path: str, lesson: str, exercise: str, start) -> None:
    """One writer process: a tab that read the progress before any of the others saved."""
    progress = Progress(Path(path))
    start.wait()
    progress.mark_solved(lesson, exercise)


def test_twenty_writers_at_once_lose_nothing(tmp_path):
    path = tmp_path / "progress.json"
    Progress(path).mark_solved("the-pack-and-the-deal", "exercise-1")
    slugs = [item.slug for item in LESSONS]
    solves = [(slugs[number % len(slugs)], f"drill-{number}") for number in range(20)]
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(len(solves))
    writers = [context.Process(target=_solve_one, args=(str(path), lesson, exercise, start)) for lesson, exercise in solves]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(60)
    assert [writer.exitcode for writer in writers] == [0] * len(writers)
    again = Progress(path)
    assert again.problem is None
    assert again.is_solved("the-pack-and-the-deal", "exercise-1")
    assert all(again.is_solved(lesson, exercise) for lesson, exercise in solves)
    assert sum(len(v) for v in json.loads(path.read_text())["solved"].values()) == 21


def test_two_tabs_merge_their_work(tmp_path):
    path = tmp_path / "progress.json"
    first, second = Progress(path), Progress(path)  # both opened before either saved
    first.mark_solved("the-point", "exercise-1")
    second.mark_solved("sequences-and-sets", "drill-2")
    assert json.loads(path.read_text()) == {"version": 2, "solved": {"the-point": ["exercise-1"], "sequences-and-sets": ["drill-2"]}}


def test_one_bad_entry_keeps_the_others_and_is_backed_up(tmp_path):
    path = tmp_path / "progress.json"
    content = json.dumps({"version": 2, "solved": {"carte-blanche-and-the-exchange": ["exercise-1"], "the-point": "x", "counting-aloud": ["drill-1"]}})
    path.write_text(content)
    progress = Progress(path)
    assert progress.problem is not None and progress.is_solved("carte-blanche-and-the-exchange", "exercise-1") and progress.is_solved("counting-aloud", "drill-1")
    progress.mark_solved("reckoning-pique-and-repique", "exercise-2")
    assert json.loads(path.read_text())["solved"] == {  # in the order of the lessons
        "carte-blanche-and-the-exchange": ["exercise-1"], "reckoning-pique-and-repique": ["exercise-2"], "counting-aloud": ["drill-1"],
    }
    assert (tmp_path / "progress.json.bak").read_text() == content


def test_a_damaged_file_is_backed_up_before_it_is_replaced(tmp_path):
    path = tmp_path / "progress.json"
    for number, content in enumerate(("{broken", json.dumps({"version": 99}))):
        path.write_text(content)
        Progress(path).mark_solved("the-pack-and-the-deal", "exercise-1")
        backup = tmp_path / ("progress.json.bak" if number == 0 else "progress.json.bak.1")
        assert backup.read_text() == content  # the earlier backup is not overwritten
    assert Progress(path).is_solved("the-pack-and-the-deal", "exercise-1")


def test_default_location_is_the_platforms_data_folder(monkeypatch):
    monkeypatch.delenv("PIQUET_PROGRESS_FILE", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert progress_path() == platformdirs.user_data_path("piquet-widgets", appauthor=False) / "progress.json"


# -- a file of version 1: by lesson number, in the order the lessons were first written ------------
# 1-4 as now; 5 the reckoning, 6 the play (today 6 and 5); 7 the partie, 8 practising open piquet, 9 choosing your discards, 10 counting aloud,
# 11 from open to closed piquet (the order before counting aloud moved up to follow the play).
FIRST_NUMBERS = {
    "1": "the-pack-and-the-deal", "6": "the-play", "7": "the-partie-and-the-rubicon", "8": "practising-open-piquet",
    "9": "choosing-your-discards", "10": "counting-aloud", "11": "from-open-to-closed-piquet",
}


def test_a_version_1_file_is_read_by_the_lessons_it_named_and_saved_as_version_2(tmp_path):
    path = tmp_path / "progress.json"
    old = {number: [f"exercise-{number}", "drill-1"] for number in FIRST_NUMBERS}
    path.write_text(json.dumps({"version": 1, "solved": old}))
    progress = Progress(path)
    assert progress.problem is None
    for number, slug in FIRST_NUMBERS.items():
        assert progress.is_solved(slug, f"exercise-{number}") and progress.is_solved(slug, "drill-1")
    assert not progress.is_solved("counting-aloud", "exercise-7")  # old 7 was the partie, not today's 7
    assert json.loads(path.read_text())["version"] == 1  # reading writes nothing
    progress.mark_solved("the-point", "exercise-1")
    saved = json.loads(path.read_text())
    assert saved["version"] == 2
    assert saved["solved"] == {
        "the-pack-and-the-deal": ["drill-1", "exercise-1"], "the-point": ["exercise-1"], "the-play": ["drill-1", "exercise-6"],
        "counting-aloud": ["drill-1", "exercise-10"], "the-partie-and-the-rubicon": ["drill-1", "exercise-7"],
        "choosing-your-discards": ["drill-1", "exercise-9"], "practising-open-piquet": ["drill-1", "exercise-8"],
        "from-open-to-closed-piquet": ["drill-1", "exercise-11"],
    }
    assert not (tmp_path / "progress.json.bak").exists()  # an old file is no damaged file


def test_a_version_1_file_another_tab_writes_is_merged_into_version_2(tmp_path):
    path = tmp_path / "progress.json"
    progress = Progress(path)
    progress.mark_solved("counting-aloud", "exercise-1")
    path.write_text(json.dumps({"version": 1, "solved": {"7": ["exercise-2"]}}))  # a tab of the older version saved
    progress.mark_solved("counting-aloud", "exercise-3")
    assert json.loads(path.read_text())["solved"] == {
        "counting-aloud": ["exercise-1", "exercise-3"], "the-partie-and-the-rubicon": ["exercise-2"],
    }
