"""The lesson notebooks and the app notebook: where they are, how they are made, and a copy for
the learner.

The lessons' words live in `teach.lessons`; a lesson notebook only shows them, piece by piece,
the same way for every lesson. The notebooks are written by `write_notebooks()` from the
lessons (`python -m piquet_widgets.app.lessons` rewrites them; a test checks they are up to date)
and kept without outputs. They ship inside the package (`piquet_widgets/notebooks/`, which the
repository's top-level `notebooks/` links to), so that `pip install piquet-widgets[app]` alone
has them.

>>> [cell["source"] for cell in lesson_notebook(LESSONS[2])["cells"]][:2]
["from piquet_widgets.widgets.lesson import LessonView\\n\\nlesson = LessonView('the-point', notebook=True)\\nlesson.introduction()", 'lesson.part(1)']
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from piquet_widgets.app import APP_NOTEBOOK, LESSONS_DIR
from piquet_widgets.engine.files import write_files_into
from piquet_widgets.teach.lessons import LESSONS, Lesson

KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def _notebook(cells: list[dict[str, Any]], title: str) -> dict[str, Any]:
    return {
        "cells": cells,
        "metadata": {"kernelspec": KERNELSPEC, "language_info": {"name": "python"}, "title": title},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def _code(cell_id: str, source: str) -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": None, "id": cell_id, "metadata": {}, "outputs": [], "source": source}


def lesson_notebook(lesson: Lesson) -> dict[str, Any]:
    """The notebook of a lesson (nbformat 4 JSON, no outputs)."""
    slug = lesson.slug
    # No markdown: every word a learner reads is shown by a cell's code, in the language of the
    # package (PIQUET_LANG, or the menu the introduction shows), so that one notebook serves
    # every language. The first cell shows the title, how to run the cells and the menu. The
    # code names the lesson by its slug: a copy keeps showing its lesson whatever the order.
    cells = [
        _code(f"{slug}-introduction", f"from piquet_widgets.widgets.lesson import LessonView\n\nlesson = LessonView({slug!r}, notebook=True)\nlesson.introduction()"),
    ]
    cells += [_code(f"{slug}-part-{part}", f"lesson.part({part})") for part in range(1, len(lesson.parts) + 1)]
    cells += [_code(f"{slug}-exercises", "lesson.exercises()"), _code(f"{slug}-drills", "lesson.drills()")]
    cells += [_code(f"{slug}-summary", "lesson.summary()")]
    return _notebook(cells, f"Piquet — lesson {lesson.number}")


def app_notebook() -> dict[str, Any]:
    """The app notebook Voilà serves: it shows the page the link asks for."""
    cells = [
        _code("app-import", "from piquet_widgets.app.page import show"),
        _code("app-show", "app = show()"),
    ]
    return _notebook(cells, "Piquet with open hands")


def notebooks() -> dict[Path, dict[str, Any]]:
    """Every notebook the package ships, by its path."""
    made = {LESSONS_DIR / lesson.notebook_name: lesson_notebook(lesson) for lesson in LESSONS}
    made[APP_NOTEBOOK] = app_notebook()
    return made


def notebook_text(notebook: dict[str, Any]) -> str:
    """A notebook as it is written to a file."""
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def write_notebooks() -> list[Path]:
    """Write (or rewrite) every shipped notebook; returns those whose text changed."""
    changed = []
    for path, notebook in notebooks().items():
        content = notebook_text(notebook)
        if not path.exists() or path.read_text(encoding="utf-8") != content:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(content, encoding="utf-8")
            changed.append(path)
    return changed


def lesson_paths() -> list[Path]:
    """The shipped lesson notebooks, in order."""
    return [LESSONS_DIR / lesson.notebook_name for lesson in LESSONS]


def notebook_files(with_app: bool = False) -> dict[str, bytes]:
    """The shipped lesson notebooks (and the app notebook if `with_app`), by file name."""
    paths = [*lesson_paths(), *([APP_NOTEBOOK] if with_app else [])]
    return {path.name: path.read_bytes() for path in paths}


def copy_lessons(dest: str | Path, overwrite: bool = False, with_app: bool = False) -> list[Path]:
    """Copy the lesson notebooks (and the app notebook if `with_app`) into the folder `dest`
    (made if missing); returns the copies.

    A notebook already in `dest` is left alone — it may hold the learner's own work — unless
    `overwrite` is true. No symbolic link is followed (`write_files_into`): a `dest` that is a
    link is refused, and a link named like a lesson is replaced by the copy, the file it points
    to kept.
    """
    return write_files_into(dest, notebook_files(with_app), overwrite)


if __name__ == "__main__":
    for path in write_notebooks():
        print(f"wrote {path}", file=sys.stderr)
