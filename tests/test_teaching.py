"""docs/teaching.md's example lesson, built from the page itself (so the page cannot drift): it
follows the format, `lessons --lessons` makes its notebook, which runs, and a bad copy of it is
refused by `serve --lessons` with the line the page quotes. The app showing it: the browser test
tests/browser/test_teaching_browser.py."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import nbclient
import nbformat

from piquet_widgets.teach.lessons import Walkthrough, read_folder
from support import REPO, documented_lesson, isolated_environment


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PIQUET_LANG="en")
    env.pop("PIQUET_LESSONS", None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    return subprocess.run([sys.executable, "-m", "piquet_widgets", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_the_documented_lesson_follows_the_format(tmp_path: Path) -> None:
    documented_lesson(tmp_path / "club-lessons")
    (lesson,) = read_folder(tmp_path / "club-lessons")
    assert len(lesson.exercises) == 3 and len(lesson.drills) == 2
    walks = [shown.show for part in lesson.parts for shown in part.shows if isinstance(shown.show, Walkthrough)]
    assert walks and all(isinstance(walk.record, str) for walk in walks)  # a deal of its own, by its code


def test_a_bad_copy_is_refused_by_serve_with_the_line_the_page_quotes(tmp_path: Path) -> None:
    path = documented_lesson(tmp_path / "club-lessons")
    lines = path.read_text(encoding="utf-8").splitlines()
    # the second exercise's third choice loses its reason
    third = [index for index, line in enumerate(lines) if line.strip() == "- choice: None"][0]
    assert lines[third + 1].strip().startswith("wrong:")
    path.write_text("\n".join(lines[: third + 1] + lines[third + 2:]) + "\n", encoding="utf-8")
    done = cli("serve", "--no-browser", "--port", "1", "--lessons", "club-lessons", cwd=tmp_path)
    page = (REPO / "docs" / "teaching.md").read_text(encoding="utf-8")
    quoted = re.search(r"^```text\n(piquet-widgets: club-lessons/.*)\n```$", page, flags=re.M).group(1)
    assert done.returncode == 2 and done.stderr.strip() == quoted and "Traceback" not in done.stderr


def test_a_folder_that_is_not_there_is_refused(tmp_path: Path) -> None:
    done = cli("lessons", "my-class", "--lessons", "nowhere", cwd=tmp_path)
    assert done.returncode == 2 and "nowhere: not a folder of lessons" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "my-class").exists()  # nothing written


def test_the_documented_lesson_becomes_a_notebook_that_runs(tmp_path: Path) -> None:
    documented_lesson(tmp_path / "club-lessons")
    done = cli("lessons", "my-class", "--lessons", "club-lessons", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    path = tmp_path / "my-class" / "12-a-hand-from-the-club.ipynb"
    notebook = json.loads(path.read_text(encoding="utf-8"))
    markdown = "\n".join(cell["source"] for cell in notebook["cells"] if cell["cell_type"] == "markdown")
    assert "# Lesson 12: A hand from the club" in markdown and "Last Thursday elder was dealt this hand." in markdown
    assert "The [QH JH TH 9H]" not in markdown and "Q♥ J♥ 10♥ 9♥" in markdown  # cards written with their symbols
    saved = dict(os.environ)
    os.environ.update(isolated_environment(tmp_path / "home"))
    try:
        ran = nbformat.read(path, as_version=4)
        nbclient.NotebookClient(ran, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    finally:
        os.environ.clear()
        os.environ.update(saved)
    errors = [output for cell in ran.cells for output in cell.get("outputs", []) if output.get("output_type") == "error"]
    assert errors == []
    assert sum("application/vnd.jupyter.widget-view+json" in output.get("data", {}) for cell in ran.cells for output in cell.get("outputs", [])) == 5
