"""Which drills each lesson gives: the kinds its lesson file names (`drills:`), easiest first."""

from __future__ import annotations

from piquet_widgets.teach.drills.kind import DrillKind
from piquet_widgets.teach.drills.registry import kind_of


def lesson_drills(slug: str) -> tuple[DrillKind, ...]:
    """The kinds of drill the lesson `slug` gives, as its file lists them, easiest first."""
    from piquet_widgets.teach.lessons import lesson  # the lessons check their drills' names here

    return tuple(kind_of(name) for name in lesson(slug).drills)
