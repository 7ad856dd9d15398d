"""The live region a view speaks through (widgets/announce.py): words said once, a refusal said
again when repeated, and a long analysis's progress said at most every PROGRESS_EVERY seconds
through the same region, its stop at once (docs/accessibility.md)."""

from __future__ import annotations

import pytest

from piquet_widgets.analysis.runner import RUNNING, STOPPED
from piquet_widgets.i18n import _
from piquet_widgets.widgets import announce
from piquet_widgets.widgets.analysis_status import PROGRESS_EVERY, Analyst
from piquet_widgets.widgets.announce import Announcer


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The region's clock, moved by the test: `clock[0]` seconds."""
    now = [1000.0]
    monkeypatch.setattr(announce.time, "monotonic", lambda: now[0])
    return now


def test_words_are_said_once_and_a_repeated_refusal_again() -> None:
    region = Announcer()
    changes: list[str] = []
    region.observe(lambda change: changes.append(change["new"]), names="text")
    region.say("Younger wins the trick: 1 point.")
    region.say("Younger wins the trick: 1 point.")  # nothing new: nothing said
    assert changes == ["Younger wins the trick: 1 point."]
    region.say("You must follow suit.", repeat=True)
    region.say("You must follow suit.", repeat=True)  # refused again: said again
    assert len(changes) == 3 and changes[1].strip() == changes[2].strip() == "You must follow suit."


def test_an_analysis_says_its_progress_at_most_every_few_seconds_and_its_stop_at_once(clock: list[float]) -> None:
    region = Announcer()
    said: list[tuple[float, str]] = []
    region.observe(lambda change: said.append((clock[0], change["new"])), names="text")
    analyst = Analyst(region)
    analyst.runner.state = RUNNING
    for step in range(1, 101):  # a hundred reports in twenty seconds
        clock[0] += 0.2
        analyst.runner.on_progress(step / 100)
    times = [when for when, _words in said]
    assert all(later - earlier >= PROGRESS_EVERY for earlier, later in zip(times, times[1:])), said
    assert 3 <= len(said) <= 20 / PROGRESS_EVERY + 1, said
    assert all("%" in words for _when, words in said)
    clock[0] += 0.1
    analyst.runner.state = STOPPED  # stopped a moment after the last report: said at once
    analyst.runner.on_state(STOPPED)
    assert region.text == _("Analysis stopped before the position was solved.")
