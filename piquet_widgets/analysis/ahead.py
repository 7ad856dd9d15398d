"""`Ahead`: one analysis worked out before it is asked for, while the learner reads, and kept for
the position it is about, so that the click that asks for it answers at once.

The practice table starts the exchange hint (about a second of the whole-deal evaluator, or of
the closed help's sampling) as soon as the learner's exchange is on the table; the Hint button
then takes the result, or waits for the work already going on instead of starting it again (in
a kernel its event loop delivers it when it ends; in a script or a test the click waits). The
work runs in its own `AnalysisRunner` (one solver of its own), so it never takes the place of
the table's other analyses. Where no thread can start (Pyodide in the browser) the work goes on
in the runner's slices instead, between the page's messages: what a slice found stays with the
runner's solver, and the click waits only for what is left.

>>> from piquet_widgets.engine import Deal
>>> ahead = Ahead()
>>> deal = Deal.from_seed(1)
>>> ahead.prepare(deal, lambda solver: "found")
>>> ahead.runner.wait()
>>> ahead.take(deal, print)
found
True
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Hashable
from typing import Any

from piquet_widgets.analysis.runner import RUNNING, AnalysisRunner
from piquet_widgets.analysis.solver import Solver

__all__ = ["Ahead"]

_NOTHING = object()
SLICE = 0.1  # seconds: the first slice of work ahead where no thread can start


def _loop_running() -> bool:
    """An event loop runs in this thread (a kernel), which will deliver the result when it ends."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


class Ahead:
    """The result of one task for one key (a position): `prepare(key, task)` starts it in a
    thread; `take(key, done)` hands it to `done` now or when it ends."""

    def __init__(self) -> None:
        self.runner = AnalysisRunner()
        # Without threads, slices of 0.1 s, then 0.2 s...: a click on the page waits at most for
        # the slice going on (what a slice found stays, so short slices hardly add to the work).
        self.runner.budget = SLICE / 2
        self.key: Hashable | None = None
        self._found: Any = _NOTHING
        self._waiting: list[Callable[[Any], None]] = []

    def prepare(self, key: Hashable, task: Callable[[Solver], Any]) -> None:
        """Start `task` for `key` in the runner's thread (or its slices), unless it is already
        started for it; what was prepared for another key is dropped."""
        if key == self.key:
            return
        self.key, self._found, self._waiting = key, _NOTHING, []
        self.runner.new_deal()  # another position: a fresh solver, the old task stopped
        self.runner.run(task, self._finish, at_once=False)

    def take(self, key: Hashable, done: Callable[[Any], None]) -> bool:
        """Give `done` the result for `key`: at once if it is found, when it is found if the work
        is going on. False (and `done` is not called) when nothing was prepared for `key`."""
        if key != self.key:
            return False
        if self._found is not _NOTHING:
            done(self._found)
            return True
        if self.runner.state == RUNNING:  # until its result is handed back to this thread
            self._waiting.append(done)
            if not _loop_running():  # a script or a test: no event loop will hand it back later
                self.runner.wait()
            return True
        return False  # stopped before it ended: the caller does the work

    def forget(self) -> None:
        """Drop what was prepared (another deal is on the table)."""
        self.runner.cancel()
        self.key, self._found, self._waiting = None, _NOTHING, []

    def _finish(self, found: Any) -> None:
        self._found = found
        waiting, self._waiting = self._waiting, []
        for done in waiting:
            done(found)
