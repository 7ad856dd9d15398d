"""The documentation: the Sphinx build passes with warnings as errors, every Python snippet and
every shell command of the README and the docs runs as written, and the pages keep in step with
the code they describe.

Snippets are found with phmdoctest: it turns the Python blocks and `pycon` sessions of a Markdown
file into a pytest file, and its parser gives the shell blocks. A block that cannot run in a test
(it installs packages, or serves until stopped) carries phmdoctest's own skip directive,
`<!--phmdoctest-skip-->`, and starts with a comment saying why.
"""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import phmdoctest.direct
import phmdoctest.tool
import pytest

from support import REPO

PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md")), REPO / "examples" / "README.md"]
SHELLS = ("bash", "sh", "shell")
COPY_IGNORES = shutil.ignore_patterns(".git", "_build", "__pycache__", "artifacts", ".pytest_cache", ".hypothesis", "*.egg-info")


def page_id(page: Path) -> str:
    return str(page.relative_to(REPO))


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the repository, so that commands writing files (deal.json, my-lessons) leave the
    real one alone; commands run from its root, as the pages say."""
    copy = tmp_path_factory.mktemp("checkout") / "piquet_widgets"
    shutil.copytree(REPO, copy, ignore=COPY_IGNORES)
    return copy


def environment(checkout: Path) -> dict[str, str]:
    """This environment, with the copy importable, English, and progress kept in the copy."""
    env = dict(os.environ, PIQUET_LANG="en", PIQUET_PROGRESS_FILE=str(checkout / "progress.json"))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(checkout), os.environ.get("PYTHONPATH")]))
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]])
    return env


def blocks(page: Path) -> list:
    with page.open(encoding="utf-8") as text:
        return phmdoctest.tool.fenced_block_nodes(text)


def skipped(block) -> bool:
    return any(d.type is phmdoctest.direct.Marker.SKIP for d in phmdoctest.direct.get_directives(block))


# What a page shows when a directive was not run: reStructuredText's `.. name::` or MyST's `{name}`.
RAW_DIRECTIVE = re.compile(r"^\s*\.\. [\w:-]+::|\{(?:eval-rst|auto\w+|py:\w+)\}", flags=re.M)
CURLY_QUOTES = "\u201c\u201d\u2018\u2019"


def visible_text(markup: str) -> str:
    """The text of an HTML page or fragment, its tags dropped and its entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def test_the_documentation_builds_without_a_warning(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(REPO / "docs"), str(tmp_path / "html")],
        capture_output=True, text=True, timeout=300, cwd=REPO,
    )
    assert done.returncode == 0, done.stderr
    for page in (REPO / "docs").glob("*.md"):
        built = tmp_path / "html" / f"{page.stem}.html"
        assert built.exists(), f"{page.name} was not built (is it in the index's table of contents?)"
        raw = RAW_DIRECTIVE.search(visible_text(built.read_text()))
        assert raw is None, f"{page.name} shows a directive as text: {raw and raw.group(0)!r}"
    api = (tmp_path / "html" / "api.html").read_text()
    signatures = re.findall(r'<dt class="sig sig-object py" id="([\w.]+)"', api)
    for documented in ("solve_position", "deal_from_record", "app_link", "deal_code", "copy_lessons"):
        assert any(name.endswith(f".{documented}") for name in signatures), f"{documented} has no rendered signature on the API page"
    # The examples keep the straight quotes they are written with, so that they run when copied.
    examples = "".join(visible_text(block) for block in re.findall(r"<pre>(.*?)</pre>", api, flags=re.S))
    assert "'" in examples and '"' in examples
    assert not set(CURLY_QUOTES) & set(examples), "an example of the API page has curly quotes"


def test_the_build_fetches_nothing():
    settings = (REPO / "docs" / "conf.py").read_text()
    assert "intersphinx" not in settings


@pytest.mark.parametrize("page", [p for p in PAGES if phmdoctest.tool.detect_python_examples(p) != (False, False)], ids=page_id)
def test_python_snippets_run_and_print_what_the_page_says(page, checkout, tmp_path):
    generated = tmp_path / f"test_{page.stem.lower()}_snippets.py"
    subprocess.run([sys.executable, "-m", "phmdoctest", str(page), "--outfile", str(generated)], check=True, timeout=60)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--doctest-modules", "-q", "-p", "no:cacheprovider", "--rootdir", str(tmp_path), str(generated)],
        capture_output=True, text=True, timeout=300, cwd=checkout, env=environment(checkout),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    python_blocks = [b for b in blocks(page) if b.info.split()[:1] in (["python"], ["py"], ["pycon"]) and not skipped(b)]
    passed = re.search(r"(\d+) passed", done.stdout)
    assert passed and int(passed.group(1)) == len(python_blocks), done.stdout


@pytest.mark.parametrize("page", [p for p in PAGES if any(b.info.split()[:1] and b.info.split()[0] in SHELLS for b in blocks(p))], ids=page_id)
def test_shell_commands_run_as_written(page, checkout):
    ran = 0
    for block in blocks(page):
        if not block.info.split() or block.info.split()[0] not in SHELLS:
            continue
        line = block.sourcepos[0][0]
        if skipped(block):
            assert block.literal.startswith("# "), f"{page.name}:{line}: a skipped block starts with a comment saying why"
            continue
        done = subprocess.run(
            ["bash", "-e", "-o", "pipefail", "-c", block.literal],
            capture_output=True, text=True, timeout=300, cwd=checkout, env=environment(checkout),
        )
        assert done.returncode == 0, f"{page.name}:{line}: exit {done.returncode}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
        assert "Traceback" not in done.stderr, f"{page.name}:{line}: {done.stderr}"
        ran += 1
    assert ran > 0


def test_ci_runs_the_readme_test_command():
    readme_commands = [b.literal.strip().splitlines()[-1] for b in blocks(REPO / "README.md") if "setup-tests.sh" in b.literal]
    assert readme_commands == ["bash scripts/setup-tests.sh && python -m pytest"]
    ci = [line.strip() for line in (REPO / ".ci" / "run").read_text().splitlines()]
    assert readme_commands[0] in ci


def test_no_page_points_outside_the_repository_or_to_a_placeholder():
    for page in PAGES:
        text = page.read_text()
        assert "OWNER/REPO" not in text and "../shared" not in text and "/work/" not in text, page
        # Links between files point to files that exist.
        for target in re.findall(r"\]\(([^)#:]+\.md)", text):
            assert (page.parent / target).exists(), f"{page.name} links to {target}"


def test_the_formats_page_keeps_in_step_with_the_engine_and_the_command_line():
    from piquet_widgets.cli import _parser
    from piquet_widgets.engine.deal import LAWS

    text = (REPO / "docs" / "formats.md").read_text()
    rows = dict(re.findall(r"^\| `(\w+)` \|[^\n]*\| (\d+) \|$", text, flags=re.M))
    assert set(rows) == set(LAWS), "the table of events lists every kind of score, and no other"
    # The repique's Law 68 and the pique's Law 69 are fixed by the rules and checked against the
    # command's output in test_examples; the other numbers follow the engine.
    assert (rows["repique"], rows["pique"]) == ("68", "69")
    for kind in set(LAWS) - {"repique", "pique"}:
        assert rows[kind] == str(LAWS[kind]), f"{kind}: Law {LAWS[kind]} in the engine, {rows[kind]} on the page"
    commands = next(a for a in _parser()._actions if a.dest == "command").choices
    for command in commands:
        assert f"`piquet-widgets {command}" in text, f"{command} is not in the command table"


def test_the_rules_page_lists_every_preset_and_switch():
    from dataclasses import fields

    from piquet_widgets.engine.rules import PRESETS, Rules

    text = (REPO / "docs" / "rules.md").read_text()
    for name in PRESETS:
        assert f"`{name}`" in text, f"the preset {name} is not in docs/rules.md"
    for switch in fields(Rules):
        if switch.name != "name":
            assert f"`{switch.name}`" in text, f"the switch {switch.name} is not in docs/rules.md"


def test_the_binder_paths_of_the_deployment_page_open_the_app_and_the_first_lesson():
    from piquet_widgets.app import APP_NOTEBOOK
    from piquet_widgets.app.lessons import lesson_paths

    page = (REPO / "docs" / "deployment.md").read_text()
    assert f"`voila/render/{APP_NOTEBOOK.relative_to(REPO).as_posix()}`" in page
    assert f"`lab/tree/notebooks/{lesson_paths()[0].name}`" in page
    assert (REPO / "binder" / "requirements.txt").exists() and "repo2docker" in page


def test_the_readme_is_a_front_door():
    """Short, every command of the command line in it, and no measured figure: those live in
    docs/performance.md, generated from the benchmarks' results."""
    from piquet_widgets.cli import _parser

    readme = (REPO / "README.md").read_text()
    assert len(readme.split()) < 1500
    commands = next(a for a in _parser()._actions if a.dest == "command").choices
    for command in commands:
        assert f"`piquet-widgets {command}" in readme, f"{command} is not in the README's command table"
    measured = re.findall(r"\b\d[\d.,]*\s?(?:ms|MB|GB|kB|deals/s)\b", readme)
    assert not measured, f"the README quotes measured figures: {measured}"


def test_the_lessons_page_is_read_from_the_lesson_files():
    """docs/lessons.md is written at each build from the lesson files: every lesson's heading and
    every line of its summary are in it, and nothing of the notebooks' own instructions."""
    from piquet_widgets.app.lessons import lessons_markdown
    from piquet_widgets.teach.lessons import LESSONS, heading

    page = lessons_markdown()
    for lesson in LESSONS:
        assert f"## {heading(lesson)}\n" in page
        assert all(item.split("**")[0][:30] in page for item in lesson.summary)
    assert "Shift-Enter" not in page
