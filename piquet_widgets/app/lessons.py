"""The lesson notebooks and the app notebook: where they are, how they are made, and a copy for
the learner.

A lesson notebook is made from its lesson file (`teach.lessons`), in one language: the lesson's
words in Markdown cells (GitHub and nbviewer show them without running anything), and under the
words each illustration, the exercises and the drills in a short code cell. The English notebooks
ship inside the package (`piquet_widgets/notebooks/`, which the repository's top-level
`notebooks/` links to), so that `pip install piquet-widgets[app]` alone has them; they are written
by `write_notebooks()` (`python -m piquet_widgets.app.lessons`; a test checks they are up to
date) and kept without outputs. `piquet-widgets lessons DEST --lang fr` writes them in another
language (`lesson_notebooks`).

>>> cells = lesson_notebook(LESSONS[2])["cells"]
>>> cells[0]["cell_type"], cells[0]["source"].splitlines()[0]
('markdown', '# Lesson 3: The point')
>>> cells[1]["source"].splitlines()[-2:]
["lesson = LessonView('the-point', notebook=True)", 'lesson.style()']
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from piquet_widgets.app import APP_NOTEBOOK, LESSONS_DIR
from piquet_widgets.engine.files import write_files_into
from piquet_widgets.i18n import _, speaking
from piquet_widgets.teach.lessons import LESSONS, LESSONS_FOLDER, Lesson, heading, text

KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def _notebook(cells: list[dict[str, Any]], title: str, language: str | None = None) -> dict[str, Any]:
    metadata = {"kernelspec": KERNELSPEC, "language_info": {"name": "python"}, "title": title}
    if language is not None:
        metadata["language"] = language  # the language of the words of a lesson's notebook
    return {
        "cells": cells,
        "metadata": metadata,
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def _code(cell_id: str, source: str) -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": None, "id": cell_id, "metadata": {}, "outputs": [], "source": source}


def _markdown(cell_id: str, lines: Iterable[str]) -> dict[str, Any]:
    return {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": "\n\n".join(lines)}


def _setup(lesson: Lesson, language: str, folder: str | None) -> str:
    """The first code cell: the notebook's language, the lesson, and the lessons' look."""
    lines = []
    if folder is not None:  # a teacher's lesson: its folder, relative to the notebook, before the import
        lines += ["import os", "", f"os.environ[{'PIQUET_LESSONS'!r}] = {folder!r}"]
    lines += ["from piquet_widgets.i18n import set_language", "from piquet_widgets.widgets.lesson import LessonView", ""]
    lines += [f"set_language({language!r})", f"lesson = LessonView({lesson.slug!r}, notebook=True)", "lesson.style()"]
    return "\n".join(lines)


def _cells(lesson: Lesson, language: str, folder: str | None, following: Lesson | None) -> list[dict[str, Any]]:
    """The cells of a lesson's notebook, its words in the current language."""
    slug = lesson.slug
    intro = [f"# {heading(lesson)}", "*{}*".format(_("Run the cells one by one with Shift-Enter, or all at once with Run ▸ Run All Cells.")),
             _("In this lesson you will learn:"), "\n".join(f"- {text(item)}" for item in lesson.teaches)]
    cells = [_markdown(f"{slug}-introduction", intro), _code(f"{slug}-setup", _setup(lesson, language, folder))]
    for number, part in enumerate(lesson.parts, 1):
        words = [f"## {text(part.heading)}", *(text(paragraph) for paragraph in part.paragraphs)]
        for index, shown in enumerate(part.shows, 1):
            if shown.intro:
                words.append(text(shown.intro))
            cells.append(_markdown(f"{slug}-part-{number}-{index}-text", words))
            cells.append(_code(f"{slug}-part-{number}-{index}", f"lesson.show({number}, {index})"))
            words = [f"*{text(shown.note)}*"] if shown.note else []
        if words:
            cells.append(_markdown(f"{slug}-part-{number}-end", words))
    cells += [_markdown(f"{slug}-exercises-heading", ["## {}".format(_("Exercises"))]), _code(f"{slug}-exercises", "lesson.exercises()")]
    cells += [_markdown(f"{slug}-drills-heading", ["## {}".format(_("Drills"))]), _code(f"{slug}-drills", "lesson.drills(heading=False)")]
    summary = ["## {}".format(_("Summary")), "\n".join(f"- {text(item)}" for item in lesson.summary)]
    if following is not None:
        summary.append(_("The next lesson, {lesson}, is in the notebook {name}.").format(lesson=heading(following), name=following.notebook_name))
    cells.append(_markdown(f"{slug}-summary", summary))
    return cells


def lesson_notebook(lesson: Lesson, language: str = "en", folder: str | None = None) -> dict[str, Any]:
    """The notebook of a lesson in `language` (nbformat 4 JSON, no outputs). `folder`: for a
    lesson of a teacher's folder, that folder as the notebook's kernel finds it."""
    following = LESSONS[lesson.number] if lesson.number < len(LESSONS) else None
    with speaking(language):
        cells = _cells(lesson, language, folder, following)
        title = heading(lesson)
    return _notebook(cells, title, language)


def lesson_notebooks(language: str = "en", extra: str | None = None) -> dict[str, bytes]:
    """Every lesson's notebook in `language`, by file name, as written to a file; with `extra`
    (the teacher's folder, as the notebooks' kernel finds it) its lessons too."""
    made = {}
    for item in LESSONS:
        notebook = lesson_notebook(item, language, extra if _in_extra(item) else None)
        made[item.notebook_name] = notebook_text(notebook).encode("utf-8")
    return made


def _in_extra(item: Lesson) -> bool:
    """A lesson of the teacher's folder, not one the package ships."""
    return item.path is not None and item.path.resolve().parent != LESSONS_FOLDER


def app_notebook() -> dict[str, Any]:
    """The app notebook Voilà serves: it shows the page the link asks for."""
    cells = [
        _code("app-import", "from piquet_widgets.app.page import show"),
        _code("app-show", "app = show()"),
    ]
    return _notebook(cells, "Piquet with open hands")


def notebooks() -> dict[Path, dict[str, Any]]:
    """Every notebook the package ships, by its path: the English lessons and the app."""
    made = {LESSONS_DIR / lesson.notebook_name: lesson_notebook(lesson) for lesson in LESSONS if not _in_extra(lesson)}
    made[APP_NOTEBOOK] = app_notebook()
    return made


def lessons_markdown() -> str:
    """Every shipped lesson's words as one Markdown page, the documentation's "The lessons": the
    Markdown cells of the English notebooks, each heading one level down, without the notebook's
    own line on running its cells."""
    run_cells = "*{}*".format(_("Run the cells one by one with Shift-Enter, or all at once with Run ▸ Run All Cells."))
    parts = ["# The lessons", "", "The eleven lessons as their files in `piquet_widgets/lessons/` write them (generated when the documentation is built)."]
    for path, notebook in notebooks().items():
        if path == APP_NOTEBOOK:
            continue
        for cell in notebook["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] == "markdown":
                lines = [line for line in source.splitlines() if line != run_cells]
                parts += ["", *("#" + line if line.startswith("#") else line for line in lines)]
    return "\n".join(parts).replace("\n\n\n", "\n\n") + "\n"


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
    return [LESSONS_DIR / lesson.notebook_name for lesson in LESSONS if not _in_extra(lesson)]


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
