"""Lesson progress: which exercises and drills a learner has solved, kept in a small file per user.

The file is JSON, written atomically, at `$PIQUET_PROGRESS_FILE` if set, else at
`$XDG_DATA_HOME/piquet-widgets/progress.json` if that is set, else in the user's data folder of
the platform (`~/.local/share/piquet-widgets/` on Linux, `~/Library/Application Support/…` on
macOS, `%LOCALAPPDATA%\\piquet-widgets\\` on Windows)::

    {"version": 2, "solved": {"the-point": ["exercise-1", "drill-2"], "the-play": ["exercise-4"]},
     "levels": {"the-point": {"drill-2": 3}}}

`solved` maps a lesson's slug to the identifiers of its exercises and drills solved at least
once: the slug, not the number, so that a new order of the lessons loses nobody's work. `levels`
(optional) gives the level each drill has reached, when above the first: a reload, another tab
or another day goes on at that level. A file of
version 1 (by lesson numbers, in the order the lessons first had: `FIRST_ORDER`) is read as if
keyed by their slugs, and saved as version 2 with the next solve. Every save re-reads the file and merges it under a lock, so that two tabs (or two kernels
of one user on a hub) never lose each other's work. A missing file is an empty progress; a
damaged entry is reported and skipped, the others kept; a damaged or foreign file is left
untouched until the learner solves something new, and then copied to a backup beside it before
it is replaced.

`KeptProgress` is the same table kept by the page instead (the served app keeps it in the
visitor's browser): no file is read or written, and what the page sends back is trusted for
nothing but the names of the lessons' own exercises and drills.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

from platformdirs import user_data_path

from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.engine.files import read_json_file, write_json_atomic
from piquet_widgets.i18n import N_
from piquet_widgets.teach.drills import lesson_drills
from piquet_widgets.teach.lessons import LESSONS, SLUGS
from piquet_widgets.teach.lessons import lesson as lesson_of

VERSION = 2
#: The lessons of a version-1 file by number: the order in which they were first written.
FIRST_ORDER = (
    "the-pack-and-the-deal", "carte-blanche-and-the-exchange", "the-point", "sequences-and-sets",
    "reckoning-pique-and-repique", "the-play", "the-partie-and-the-rubicon", "practising-open-piquet",
    "choosing-your-discards", "counting-aloud", "from-open-to-closed-piquet",
)
LOCK_TIMEOUT = 10  # seconds a save waits for another writer before it gives up (an OSError)
MAX_KEPT_BYTES = 8192  # the whole progress of every lesson is under 2 KB as JSON


def progress_path() -> Path:
    """Where this user's progress is kept."""
    explicit = os.environ.get("PIQUET_PROGRESS_FILE")
    if explicit:
        return Path(explicit)
    data = os.environ.get("XDG_DATA_HOME")  # honoured on every platform, as on Linux
    folder = Path(data) / "piquet-widgets" if data else user_data_path("piquet-widgets", appauthor=False)
    return folder / "progress.json"


def exercise_key(number: int) -> str:
    """The identifier of a lesson's exercise `number` (1-based) in the progress file."""
    return f"exercise-{number}"


def drill_key(number: int) -> str:
    """The identifier of a lesson's drill `number` (1-based) in the progress file."""
    return f"drill-{number}"


def lesson_tasks(slug: str) -> frozenset[str]:
    """Everything the lesson `slug` asks: its exercises and its drills."""
    exercises = range(1, len(lesson_of(slug).exercises) + 1)
    drills = range(1, len(lesson_drills(slug)) + 1)
    return frozenset([exercise_key(n) for n in exercises] + [drill_key(n) for n in drills])


class Progress:
    """The exercises solved so far and the drills' levels; `problem` says why a stored file could
    not be read in full."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or progress_path()
        (self.solved, self.levels), self.problem = _read(self.path)

    def is_solved(self, lesson: str, exercise: str) -> bool:
        """`exercise` of the lesson `lesson` (its slug) was solved."""
        return exercise in self.solved.get(lesson, set())

    def finished(self, lesson: str) -> bool:
        """Every exercise and every drill of the lesson (its slug) solved at least once."""
        return lesson_tasks(lesson) <= self.solved.get(lesson, set())

    def share_done(self) -> float:
        """The share of all the lessons' exercises and drills solved, from 0 to 1."""
        tasks = [(item.slug, lesson_tasks(item.slug)) for item in LESSONS]
        done = sum(len(keys & self.solved.get(slug, set())) for slug, keys in tasks)
        return done / sum(len(keys) for _slug, keys in tasks)

    def level(self, lesson: str, drill: str) -> int:
        """The level drill `drill` of the lesson `lesson` (its slug) has reached (1 at first)."""
        return self.levels.get(lesson, {}).get(drill, 1)

    def mark_solved(self, lesson: str, exercise: str) -> None:
        """Remember a solved exercise, on disk at once (survives a restart of the server), merged
        with what other writers saved meanwhile."""
        if self.is_solved(lesson, exercise) and self.problem is None:
            return
        self.solved.setdefault(lesson, set()).add(exercise)
        self._save()

    def set_level(self, lesson: str, drill: str, level: int) -> None:
        """Remember the level a drill has reached, saved as a solved exercise is."""
        if self.level(lesson, drill) == level and self.problem is None:
            return
        self.levels.setdefault(lesson, {})[drill] = level
        self._save()

    def _save(self) -> None:
        """Write the progress, merged under a lock with what other writers saved meanwhile (the
        solved of both; a drill at the higher of its two levels)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # imported here: in a browser (Pyodide) filelock warns at import that it has no
        # fcntl, and the page, which keeps progress in the browser, never writes this file
        from filelock import FileLock

        with FileLock(str(self.path.with_name(self.path.name + ".lock")), timeout=LOCK_TIMEOUT):
            (stored, levels), problem = _read(self.path)
            if problem is not None:
                _back_up(self.path)
            _merge(self.solved, self.levels, stored, levels)
            write_json_atomic(self.path, _document(self.solved, self.levels))
        self.problem = None


class KeptProgress(Progress):
    """Progress kept by the page, not in a file: `keep(text)` is given the progress as JSON after
    each exercise solved or drill level reached, and `restore(value)` adds what the page kept (the
    parsed JSON it sent), then calls every function given to `on_change`."""

    def __init__(self, keep: Callable[[str], None]) -> None:
        self.path = None  # type: ignore[assignment]  # nothing on the server
        self.solved, self.levels, self.problem = {}, {}, None
        self.keep = keep
        self._listeners: list[Callable[[], None]] = []

    def on_change(self, listener: Callable[[], None]) -> None:
        """Call `listener()` after progress kept by the page is restored."""
        self._listeners.append(listener)

    def _save(self) -> None:
        """Hand the whole table to `keep`."""
        self.keep(self.text())

    def text(self) -> str:
        """The progress as JSON, in the format of the progress file."""
        return json.dumps(_document(self.solved, self.levels), separators=(",", ":"))

    def restore(self, value: object) -> bool:
        """Add the solved exercises and the drills' levels of `value` (a progress table the page
        kept) that name a task of a lesson, each level within its drill's; anything else in it is
        ignored. False if `value` is not a progress table at all."""
        try:
            (stored, levels), _problem = _parse(value)
        except PiquetError:
            return False
        solved = {lesson: exercises & lesson_tasks(lesson) for lesson, exercises in stored.items() if lesson in SLUGS}
        kept_levels = {
            lesson: {drill: level for drill, level in drills.items() if 1 < level <= drill_levels(lesson).get(drill, 0)}
            for lesson, drills in levels.items() if lesson in SLUGS
        }
        _merge(self.solved, self.levels, solved, kept_levels)
        for listener in self._listeners:
            listener()
        return True


def drill_levels(slug: str) -> dict[str, int]:
    """The number of levels of each drill of the lesson `slug`, by its identifier."""
    return {drill_key(number): spec.levels for number, spec in enumerate(lesson_drills(slug), 1)}


Solved = dict[str, set[str]]  # lesson slug -> the identifiers of its tasks solved
Levels = dict[str, dict[str, int]]  # lesson slug -> drill identifier -> the level it has reached


def _merge(solved: Solved, levels: Levels, more_solved: Solved, more_levels: Levels) -> None:
    """Add `more_solved` and `more_levels` to `solved` and `levels`: the solved of both, each drill
    at the higher of its two levels."""
    for slug, exercises in more_solved.items():
        if exercises:
            solved.setdefault(slug, set()).update(exercises)
    for slug, drills in more_levels.items():
        for drill, level in drills.items():
            mine = levels.setdefault(slug, {})
            mine[drill] = max(level, mine.get(drill, 1))


def _document(solved: Solved, levels: Levels) -> dict[str, object]:
    """The progress as the file holds it (`levels` only when a drill is above its first level)."""
    document: dict[str, object] = {"version": VERSION, "solved": _table(solved)}
    raised = {slug: {drill: level for drill, level in sorted(drills.items()) if level > 1} for slug, drills in _ordered(levels)}
    raised = {slug: drills for slug, drills in raised.items() if drills}
    if raised:
        document["levels"] = raised
    return document


def _ordered(table: dict[str, object]) -> list[tuple[str, object]]:
    """The entries of a table by lesson, the lessons in their order (unknown names last)."""
    def order(slug: str) -> tuple[int, str]:
        return (SLUGS.index(slug), "") if slug in SLUGS else (len(SLUGS), slug)

    return [(slug, table[slug]) for slug in sorted(table, key=order)]


def _table(solved: Solved) -> dict[str, list[str]]:
    """The solved table as stored: the lessons in their order (unknown names last), each sorted."""
    return {slug: sorted(exercises) for slug, exercises in _ordered(solved)}


def _read(path: Path) -> tuple[tuple[Solved, Levels], PiquetError | None]:
    """The solved table and the levels stored at `path` (empty if there is none) and what is
    wrong with them."""
    if not path.exists():
        return ({}, {}), None
    try:
        return _parse(read_json_file(path))
    except PiquetError as error:
        return ({}, {}), error


def _parse(value: object) -> tuple[tuple[Solved, Levels], PiquetError | None]:
    """The good entries of a progress file's `solved` table and `levels`, by lesson slug, and a
    PiquetError naming a bad one; a file that is not a progress file of this version or the first
    raises it."""
    version = value.get("version") if isinstance(value, dict) else None
    if version not in (1, VERSION) or not isinstance(value.get("solved"), dict):
        raise PiquetError(N_("The saved lesson progress is not a progress file of this version; it is kept as it is."))
    solved, problem = {}, None
    for lesson, exercises in value["solved"].items():
        if version == 1:  # by lesson number, in the first order; another name was never a lesson's
            lesson = _first_slug(lesson)
            if lesson is None:
                continue
        if not isinstance(exercises, list) or not all(isinstance(e, str) for e in exercises):
            problem = PiquetError(N_("The saved lesson progress is damaged (lesson {lesson}); it is kept as it is."), lesson=lesson)
            continue
        solved.setdefault(str(lesson), set()).update(exercises)
    return (solved, _levels(value.get("levels"))), problem


def _levels(value: object) -> Levels:
    """The well-formed entries of a progress file's `levels` (whole numbers from 1); anything
    else in it is left out (an old file has none)."""
    if not isinstance(value, dict):
        return {}
    return {
        str(lesson): {str(drill): level for drill, level in drills.items() if type(level) is int and level >= 1}
        for lesson, drills in value.items() if isinstance(drills, dict)
    }


def _first_slug(number: str) -> str | None:
    """The slug of lesson `number` of a version-1 file, or None if it names none."""
    return FIRST_ORDER[int(number) - 1] if number.isdigit() and 1 <= int(number) <= len(FIRST_ORDER) else None


def _back_up(path: Path) -> Path:
    """Copy a damaged progress file beside it (`progress.json.bak`, `.bak.1`, …) before it is replaced."""
    backup = path.with_name(path.name + ".bak")
    number = 0
    while backup.exists():
        number += 1
        backup = path.with_name(f"{path.name}.bak.{number}")
    shutil.copy2(path, backup)
    return backup
