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

A task may find its result in steps, each closer than the last (`review.hint_steps`: elder's best
discards first, then their figure against the expert younger on more and more of his draws): it
then returns an iterator of them, each kept as it is found, and a click takes the latest that is
`ready` for it (the hint's idea needs only the discards; the move's figure, a figure). Work that
only a learner who asks needs (the figure refined to every draw: seconds) is started by his
first click with `go_on`, with the same solver, and replaces the result step by step.

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
from collections.abc import Callable, Hashable, Iterator
from typing import Any

from piquet_widgets.analysis.runner import RUNNING, AnalysisRunner
from piquet_widgets.analysis.solver import Solver

__all__ = ["Ahead"]

_NOTHING = object()
Ready = Callable[[Any], bool]  # whether a step of the result is enough for the click that asks
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
        self._stepped = 0  # steps of the task offered so far (in the task's thread)
        self._hold(None)

    def _hold(self, key: Hashable | None) -> None:
        """Hold nothing yet for `key` (None: no position): no result, no click waiting, no `go_on`."""
        self.key = key
        self._found: Any = _NOTHING  # the result, or the latest of its steps
        self._waiting: list[tuple[Ready, Callable[[Any], None]]] = []
        self._going_on = False  # `go_on` was called for this key
        self._then: Callable[[Solver], Any] | None = None  # `go_on`'s task, to run when the prepared one ends

    def prepare(self, key: Hashable, task: Callable[[Solver], Any]) -> None:
        """Start `task` for `key` in the runner's thread (or its slices), unless it is already
        started for it; what was prepared for another key is dropped. `task` returns the result,
        or an iterator of results, each closer than the last (see the module's docstring)."""
        if key == self.key:
            return
        self._hold(key)
        self.runner.new_deal()  # another position: a fresh solver, the old task stopped
        self._stepped = 0
        self._run(key, task)

    def go_on(self, key: Hashable, task: Callable[[Solver], Any]) -> None:
        """Work on for `key` with `task`, a longer one than was prepared (its steps the same, then
        closer ones), once: with the same solver, so what was solved is not solved again; what
        was found stays until its steps replace it, and a click waiting is served by them."""
        if key != self.key or self._going_on:
            return
        self._going_on = True
        if self.runner.state == RUNNING:
            self._then = task  # once the prepared task has ended: what it is finding is not found again
        else:
            self._run(key, task)

    def _run(self, key: Hashable, task: Callable[[Solver], Any]) -> None:
        self.runner.run(lambda solver: self._steps(key, task(solver)), self._offer_last(key), at_once=False)

    def take(self, key: Hashable, done: Callable[[Any], None], ready: Ready = lambda found: True) -> bool:
        """Give `done` the latest result for `key` that is `ready`: at once if it is found, when it
        is found if the work is going on. False (and `done` is not called) when nothing was
        prepared for `key`, or the work stopped before it found one."""
        if key != self.key:
            return False
        if self._found is not _NOTHING and ready(self._found):
            done(self._found)
            return True
        if self.runner.state == RUNNING:  # until its result is handed back to this thread
            waiting = (ready, done)
            self._waiting.append(waiting)
            if not _loop_running():  # a script or a test: no event loop will hand it back later
                self.runner.wait(until=lambda: waiting not in self._waiting)
                if waiting in self._waiting:  # stopped before it found one
                    self._waiting.remove(waiting)
                    return False
            return True
        return False  # stopped before it ended: the caller does the work

    def forget(self) -> None:
        """Drop what was prepared (another deal is on the table, or the position has moved on)."""
        self.runner.cancel()
        self._hold(None)

    def _steps(self, key: Hashable, found: Any) -> Any:
        """The task's result: the last of its steps, each offered as it is found, once (a slice,
        or `go_on`, runs the steps found before again, from what the solver kept)."""
        if not isinstance(found, Iterator):
            return found
        last = _NOTHING
        for index, last in enumerate(found):
            if index >= self._stepped:
                self._stepped = index + 1
                self.runner.hand_back(lambda step=last: self._offer(key, step))
        return last

    def _offer_last(self, key: Hashable) -> Callable[[Any], None]:
        """What the runner calls with the task's result: the last step offered, and every click
        still waiting given it (nothing closer will come)."""

        def offer(found: Any) -> None:
            self._offer(key, found)
            if key != self.key:
                return
            if self._then is not None:  # `go_on` was asked while this task ran: its longer task now
                task, self._then = self._then, None
                self._run(key, task)
            elif self._found is not _NOTHING:
                waiting, self._waiting = self._waiting, []
                for _ready, done in waiting:
                    done(self._found)

        return offer

    def _offer(self, key: Hashable, found: Any) -> None:
        """A result, or a step of it, found for `key`: kept, and given to the clicks waiting for it."""
        if key != self.key or found is _NOTHING:
            return  # about a position dropped since
        self._found = found
        waiting, self._waiting = self._waiting, []
        for ready, done in waiting:
            if ready(found):
                done(found)
            else:
                self._waiting.append((ready, done))
