"""The shipped notebooks: made from the lessons, kept without outputs, and each one runs top to
bottom in a fresh kernel (nbclient, headless) without an error.

Every Jupyter, IPython and XDG folder points into a temporary folder, so running the notebooks
writes nothing into the home folder.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest

from piquet_widgets.app import APP_NOTEBOOK, LESSONS_DIR
from piquet_widgets.engine import PiquetError
from piquet_widgets.app.lessons import copy_lessons, lesson_notebook, lesson_notebooks, lesson_paths, notebook_text, notebooks
from piquet_widgets.i18n import LANGUAGES, set_language
from piquet_widgets.teach.lessons import LESSONS, text
from piquet_widgets.app.params import encode_record
from piquet_widgets.teach.lesson_deals import CAVENDISH

import nbclient
import nbformat
from support import isolated_environment

REPO = Path(__file__).resolve().parents[1]
SHIPPED = sorted(notebooks())
@pytest.fixture(scope="module")
def isolated(tmp_path_factory: pytest.TempPathFactory):
    """Point every Jupyter, IPython, XDG and home folder into a temporary folder (the kernels
    nbclient starts inherit this environment)."""
    home = tmp_path_factory.mktemp("jupyter_home")
    saved = dict(os.environ)
    os.environ.update(isolated_environment(home))
    yield home
    os.environ.clear()
    os.environ.update(saved)


def run(path: Path, folder: Path) -> nbformat.NotebookNode:
    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(folder)}})
    client.execute()
    return notebook


def errors_of(notebook: nbformat.NotebookNode) -> list[str]:
    return [
        f"{output.get('ename')}: {output.get('evalue')}"
        for cell in notebook.cells
        for output in cell.get("outputs", [])
        if output.get("output_type") == "error" or (output.get("output_type") == "stream" and output.get("name") == "stderr")
    ]


def widget_views(notebook: nbformat.NotebookNode) -> int:
    return sum(
        "application/vnd.jupyter.widget-view+json" in output.get("data", {})
        for cell in notebook.cells
        for output in cell.get("outputs", [])
    )


# -- what is shipped -------------------------------------------------------------------------------


def test_notebooks_are_up_to_date_with_the_lessons() -> None:
    stale = [str(path) for path, made in notebooks().items() if not path.exists() or path.read_text(encoding="utf-8") != notebook_text(made)]
    assert not stale, f"run `python -m piquet_widgets.app.lessons` to rewrite {stale}"


def test_a_changed_lesson_makes_its_notebook_stale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The stale check sees a lesson file's words: one changed sentence changes the notebook."""
    item = LESSONS[2]
    path = LESSONS_DIR / item.notebook_name
    changed = dataclasses.replace(item, summary=(*item.summary[:-1], "A sentence the file does not hold."))
    assert notebook_text(lesson_notebook(item)) == path.read_text(encoding="utf-8")
    assert notebook_text(lesson_notebook(changed)) != path.read_text(encoding="utf-8")


def markdown_of(notebook: dict) -> str:
    return "\n".join(cell["source"] for cell in notebook["cells"] if cell["cell_type"] == "markdown")


def every_word(item) -> list[str]:
    """Every text of a lesson that its notebook's Markdown carries (the exercises' are in widgets)."""
    words = [item.title, *item.teaches, *item.summary]
    for part in item.parts:
        words += [part.heading, *part.paragraphs]
        words += [words for shown in part.shows for words in (shown.intro, shown.note) if words]
    return words


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_notebooks_carry_the_lessons_prose_in_their_language(language: str) -> None:
    for item in LESSONS:
        notebook = lesson_notebook(item, language)
        markdown = markdown_of(notebook)
        set_language(language)
        try:
            wanted = [text(words) for words in every_word(item)]
        finally:
            set_language("en")
        missing = [words for words in wanted if words not in markdown]
        assert not missing, (language, item.slug, missing[:2])
        if language != "en":  # the words are the translation, not the English
            english = [text(words) for words in every_word(item) if text(words) not in wanted]
            assert english and not any(words in markdown for words in english), (language, item.slug)
        code = [cell["source"] for cell in notebook["cells"] if cell["cell_type"] == "code"]
        shows = sum(len(part.shows) for part in item.parts)
        assert len(code) == 1 + shows + 2  # the setup, one cell per illustration, the exercises, the drills
        assert all(len(source.splitlines()) <= 8 for source in code)  # short code cells


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: path.name)
def test_notebook_is_kept_without_outputs(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None
    nbformat.validate(nbformat.reads(path.read_text(encoding="utf-8"), as_version=4))


def test_top_level_notebooks_folder_is_the_packages() -> None:
    top = REPO / "notebooks"
    assert top.resolve() == LESSONS_DIR.resolve()
    assert [path.name for path in sorted(top.glob("*.ipynb"))] == [path.name for path in lesson_paths()]


def test_copy_lessons(tmp_path: Path) -> None:
    target = tmp_path / "my lessons"
    copied = copy_lessons(target)
    assert [path.name for path in copied] == [path.name for path in lesson_paths()]
    assert all(path.read_bytes() == (LESSONS_DIR / path.name).read_bytes() for path in copied)
    (target / copied[0].name).write_text("my notes", encoding="utf-8")
    assert copy_lessons(target) == []  # the learner's own work is kept
    assert (target / copied[0].name).read_text(encoding="utf-8") == "my notes"
    assert copy_lessons(target, overwrite=True) == copied
    with pytest.raises(PiquetError, match="not a folder"):
        copy_lessons(copied[0])


# -- they run --------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", lesson_paths(), ids=lambda path: path.name)
def test_lesson_runs(path: Path, isolated: Path, tmp_path: Path) -> None:
    notebook = run(path, tmp_path)
    assert errors_of(notebook) == []
    code_cells = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert widget_views(notebook) == len(code_cells)  # every cell shows a piece of the lesson
    assert not any(isolated.joinpath("home").iterdir()), "something was written to the home folder"


# One language is enough in the quick run: the others run with the slow tests.
TRANSLATED = [pytest.param(language, number, marks=[] if (language, number) == ("fr", 6) else [pytest.mark.slow])
              for language in LANGUAGES[1:] for number in range(1, len(LESSONS) + 1)]


@pytest.mark.parametrize(("language", "number"), TRANSLATED)
def test_a_translated_lesson_runs(language: str, number: int, isolated: Path, tmp_path: Path) -> None:
    name = LESSONS[number - 1].notebook_name
    path = tmp_path / name
    path.write_bytes(lesson_notebooks(language)[name])
    notebook = run(path, tmp_path)
    assert errors_of(notebook) == []
    assert widget_views(notebook) == sum(cell.cell_type == "code" for cell in notebook.cells)


@pytest.mark.parametrize("query", ["", "lesson=6", "record=" + encode_record(CAVENDISH), "seed=5", "lesson=99&record=%%"])
def test_app_notebook_runs(query: str, isolated: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", query)
    notebook = run(APP_NOTEBOOK, tmp_path)
    assert errors_of(notebook) == []
    assert widget_views(notebook) == 1
