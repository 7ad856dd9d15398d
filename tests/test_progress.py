"""Lesson progress survives a restart; a damaged file is reported and not lost."""

from __future__ import annotations

import json

from piquet_widgets.teach.progress import Progress, progress_path


def test_progress_survives_a_restart(tmp_path):
    path = tmp_path / "deep" / "progress.json"
    first = Progress(path)
    assert not first.is_solved(3, "point-1")
    first.mark_solved(3, "point-1")
    first.mark_solved(5, "pique-2")
    again = Progress(path)  # a new kernel, a restarted server
    assert again.is_solved(3, "point-1") and again.is_solved(5, "pique-2") and not again.is_solved(3, "point-2")
    assert json.loads(path.read_text()) == {"version": 1, "solved": {"3": ["point-1"], "5": ["pique-2"]}}


def test_damaged_or_foreign_file_is_reported_and_kept(tmp_path):
    path = tmp_path / "progress.json"
    for content in ("{broken", json.dumps({"version": 99}), json.dumps({"version": 1, "solved": {"3": "x"}})):
        path.write_text(content)
        progress = Progress(path)
        assert progress.problem is not None and str(progress.problem)
        assert path.read_text() == content
    progress.mark_solved(1, "pack-1")
    assert Progress(path).is_solved(1, "pack-1") and Progress(path).problem is None


def test_location_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("PIQUET_PROGRESS_FILE", str(tmp_path / "p.json"))
    assert progress_path() == tmp_path / "p.json"
    monkeypatch.delenv("PIQUET_PROGRESS_FILE")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert progress_path() == tmp_path / "data" / "piquet-widgets" / "progress.json"
