"""Lesson progress: which exercises a learner has solved, kept in a small file per user.

The file is JSON, written atomically, at `$PIQUET_PROGRESS_FILE` if set, else
`$XDG_DATA_HOME/piquet-widgets/progress.json` (`~/.local/share/…` by default)::

    {"version": 1, "solved": {"3": ["point-1", "point-2"], "5": ["pique-1"]}}

`solved` maps a lesson number to the identifiers of its exercises solved at least once. A
missing file is an empty progress; a corrupt or foreign one is left untouched, reported, and
replaced only when the learner solves something new.
"""

from __future__ import annotations

import os
from pathlib import Path

from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.engine.files import read_json_file, write_json_atomic
from piquet_widgets.i18n import N_

VERSION = 1


def progress_path() -> Path:
    """Where this user's progress is kept."""
    explicit = os.environ.get("PIQUET_PROGRESS_FILE")
    if explicit:
        return Path(explicit)
    data = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(data) / "piquet-widgets" / "progress.json"


class Progress:
    """The exercises solved so far; `problem` says why a stored file could not be read."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or progress_path()
        self.problem: PiquetError | None = None
        self.solved: dict[str, set[str]] = {}
        if self.path.exists():
            try:
                self.solved = _parse(read_json_file(self.path))
            except PiquetError as error:
                self.problem = error

    def is_solved(self, lesson: int, exercise: str) -> bool:
        return exercise in self.solved.get(str(lesson), set())

    def mark_solved(self, lesson: int, exercise: str) -> None:
        """Remember a solved exercise, on disk at once (survives a restart of the server)."""
        if self.is_solved(lesson, exercise):
            return
        self.solved.setdefault(str(lesson), set()).add(exercise)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_json_atomic(self.path, {"version": VERSION, "solved": {k: sorted(v) for k, v in sorted(self.solved.items())}})
        self.problem = None


def _parse(value: object) -> dict[str, set[str]]:
    """The `solved` table of a progress file, or a PiquetError saying what is wrong with it."""
    if not isinstance(value, dict) or value.get("version") != VERSION or not isinstance(value.get("solved"), dict):
        raise PiquetError(N_("The saved lesson progress is not a progress file of this version; it is kept as it is."))
    solved = {}
    for lesson, exercises in value["solved"].items():
        if not isinstance(exercises, list) or not all(isinstance(e, str) for e in exercises):
            raise PiquetError(N_("The saved lesson progress is damaged (lesson {lesson}); it is kept as it is."), lesson=lesson)
        solved[str(lesson)] = set(exercises)
    return solved
