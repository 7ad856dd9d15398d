"""Fixtures for every test: each runs in English unless it chooses another language, and keeps
the lesson progress (`teach.progress`) in a temporary file, never in the real home (a test that
answers an exercise, or a server it starts, writes there)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from piquet_widgets.i18n import get_language, set_language


# The longest files, longest first (measured one at a time, `-n 0 --durations`; docs/development.md):
# the hostile visitor's rounds alone keep one process busy for minutes.
LONGEST = ("browser/test_hostile_visitor_browser.py", "browser/test_accessibility_browser.py", "test_drills.py", "test_notebooks.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest files first (`LONGEST`), then the other files holding slow or browser tests,
    each file's tests kept in their order: the tests are spread over two processes a whole file
    at a time (pyproject.toml), and a long file started last would leave one process working
    alone at the end."""
    tests = Path(__file__).parent
    long_files = {item.path for item in items if item.get_closest_marker("slow") or item.get_closest_marker("browser")}
    rank = {tests / name: index for index, name in enumerate(LONGEST)}
    items.sort(key=lambda item: (item.path not in long_files, rank.get(item.path, len(LONGEST))))


@pytest.fixture(scope="session", autouse=True)
def progress_file_in_a_temporary_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    saved = os.environ.get("PIQUET_PROGRESS_FILE")
    os.environ["PIQUET_PROGRESS_FILE"] = str(tmp_path_factory.mktemp("progress") / "progress.json")
    yield
    if saved is None:
        os.environ.pop("PIQUET_PROGRESS_FILE", None)
    else:
        os.environ["PIQUET_PROGRESS_FILE"] = saved


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Each test starts in English; the language it leaves is undone."""
    language = get_language()
    set_language("en")
    yield
    set_language(language)


@pytest.fixture(autouse=True)
def analysis_waits_for_its_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A widget's analysis moves to a thread after half a second; on a busy machine that would
    make tests that read its answer at once depend on the load. Tests wait for the answer
    instead; the thread path has tests of its own, which set a short budget on their analyst."""
    from piquet_widgets.analysis.runner import AnalysisRunner

    monkeypatch.setattr(AnalysisRunner, "budget", 120.0)


@pytest.fixture(autouse=True)
def no_analysis_outlives_its_test(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """What a test's widgets started in a thread (above all the exchange hint, worked out ahead
    as soon as the learner's exchange is on the table) is stopped when the test ends: left
    running, it would take the processor from the tests that follow and run into their patches."""
    from piquet_widgets.analysis.runner import AnalysisRunner

    started: list[AnalysisRunner] = []
    run = AnalysisRunner.run

    def recorded(self: AnalysisRunner, *args: object, **kwargs: object) -> None:
        started.append(self)
        run(self, *args, **kwargs)

    monkeypatch.setattr(AnalysisRunner, "run", recorded)
    yield
    for runner in started:
        runner.cancel()
