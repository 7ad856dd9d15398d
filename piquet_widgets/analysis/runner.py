"""One runner for the analysis a widget asks for: at once when quick, else in a thread that can
be stopped, with the result handed back to the thread that asked.

A widget must change only in the kernel's own thread (its messages go out from there), so the
worker never calls `done`: it hands the call to the event loop that was running when `run` was
called (`call_soon_threadsafe`), or, with no loop running (a script, a test), keeps it until
`wait` or the next `run`. No widget is imported here.

Where no thread can start (Pyodide in the browser: `sys.platform` "emscripten", or `start`
raising RuntimeError), the long task runs in **slices** instead, in the asking thread: each slice
runs the task again with a budget twice the last (what the solver learned stays in it, so a
slice goes further than the one before), and between slices the event loop has the page's
messages (the Stop button among them); with no loop, `wait` runs the slices.
"""

from __future__ import annotations

import asyncio
import queue
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from piquet_widgets.analysis.solver import SearchInterrupted, Solver

__all__ = ["AnalysisRunner"]

IDLE, RUNNING, STOPPED = "idle", "running", "stopped"
WAIT_STEP = 0.005  # seconds: how often `wait(until=...)` looks for what the thread handed back

#: Whether a thread may be started here; tests set it False to run the slices (see the docstring).
THREADS = sys.platform != "emscripten"


class AnalysisRunner:
    """Runs `task(solver)` with one `Solver` kept for the deal, so that after the first position
    every later one is solved in milliseconds.

    `run(task, done)` calls the task at once; if it has not finished after `budget` seconds (the
    first solve of a hard deal) it is interrupted and goes on in a thread until it ends, `stop()`
    is called, `limit` seconds have passed or another task is run. `done(result)` is called, in
    the thread that called `run`, only if the task ended and no other was run since; what an
    interrupted search learned stays in the solver. `on_state(state)` is told of each change of
    state: "idle", "running" or "stopped".
    """

    budget = 0.5
    limit = 120.0

    def __init__(self, on_state: Callable[[str], None] | None = None, on_progress: Callable[[float], None] | None = None) -> None:
        self.solver = Solver()
        self.state = IDLE
        self.on_state = on_state
        self.on_progress = on_progress
        self._report: Callable[[Callable[[], None]], None] | None = None  # how the worker hands back
        self._thread: threading.Thread | None = None
        self._slicing = False  # a task goes on in slices (no thread)
        self._shown = 0.0  # the progress told of the task running now, which only grows
        self._stop = threading.Event()
        self._generation = 0  # changed only in the asking thread: a result of an older one is dropped
        self._pending: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()

    @property
    def busy(self) -> bool:
        """A task is running in its thread, or in slices."""
        return self._slicing or (self._thread is not None and self._thread.is_alive())

    def new_deal(self) -> None:
        """Forget what was learned (another deal: its positions share nothing with these)."""
        self.cancel()
        self.solver = Solver()

    def run(self, task: Callable[[Solver], Any], done: Callable[[Any], None], at_once: bool = True) -> None:
        """Run `task` as the class says; with `at_once` False it goes straight to its thread
        (work started ahead, while the learner reads: the asking thread is never held)."""
        self.cancel()
        self._generation += 1
        self._shown = 0.0
        generation = self._generation
        started = time.monotonic()
        if at_once:
            self.solver.should_stop = lambda: time.monotonic() - started > self.budget
            try:
                result = task(self.solver)
            except SearchInterrupted:
                pass
            else:
                self.solver.should_stop = None
                self._set_state(IDLE)
                done(result)
                return
        stop = self._stop = threading.Event()
        self.solver.should_stop = lambda: stop.is_set() or time.monotonic() - started > self.limit
        self._set_state(RUNNING)
        if THREADS:
            hand_back = self._report = self._hand_back()

            def work() -> None:
                try:
                    result, ended = task(self.solver), True
                except SearchInterrupted:
                    result, ended = None, False
                hand_back(lambda: self._finish(generation, ended, result, done))

            self._thread = threading.Thread(target=work, name="piquet-analysis", daemon=True)
            try:
                self._thread.start()
                return
            except RuntimeError:  # "can't start new thread"
                self._thread = self._report = None
        self._slicing = True
        self._later(lambda: self._slice(generation, task, done, started, 2 * self.budget))

    def _slice(self, generation: int, task: Callable[[Solver], Any], done: Callable[[Any], None], started: float, budget: float) -> None:
        """One slice of a task without a thread: run it for `budget` seconds at most, then
        leave the page its turn and go on with twice the budget (see the module's docstring)."""
        if generation != self._generation:
            return  # cancelled, or another task was run
        stop = self._stop
        begun = time.monotonic()
        self.solver.should_stop = lambda: stop.is_set() or time.monotonic() - begun > budget or time.monotonic() - started > self.limit
        result, ended = None, False
        if not stop.is_set():  # the Stop button, clicked since the last slice: no more
            try:
                result, ended = task(self.solver), True
            except SearchInterrupted:
                if not stop.is_set() and time.monotonic() - started <= self.limit:
                    self._later(lambda: self._slice(generation, task, done, started, 2 * budget))
                    return
        self._finish(generation, ended, result, done)

    def _later(self, call: Callable[[], None]) -> None:
        """Call `call` once the event loop has had its turn (the page's messages), or at `wait`."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = asyncio.get_event_loop() if sys.platform == "emscripten" else None  # Pyodide's loop runs in the page
        if loop is None:
            self._pending.put(call)
        else:
            loop.call_later(0.01, call)

    def progress(self, done: int, total: int) -> None:
        """A task's report of how far it has gone, from any thread: `on_progress(share)` is
        called in the thread that asked, and only for the task running now."""
        if self.on_progress is None or total <= 0:
            return
        generation, share = self._generation, min(done / total, 1.0)

        def tell() -> None:
            if generation == self._generation and self.on_progress is not None and share >= self._shown:
                self._shown = share  # a slice that starts the task again does not take it back
                self.on_progress(share)

        self.hand_back(tell)

    def hand_back(self, call: Callable[[], None]) -> None:
        """From the task running, `call` called in the thread that asked, like its result (at once
        where the task runs in that thread: its slices, or a task that ended in its budget)."""
        if self._report is not None and threading.current_thread() is self._thread:
            self._report(call)
        else:
            call()

    def stop(self) -> None:
        """Interrupt the task running in its thread (the Stop button)."""
        self._stop.set()

    def cancel(self) -> None:
        """Stop a task in its thread and forget its result (another position is to be analysed)."""
        thread = self._thread
        if (thread is not None and thread.is_alive()) or self._slicing:
            self._generation += 1
            self._stop.set()
            if thread is not None:
                thread.join()
        self._thread = None
        self._slicing = False
        self._deliver_pending()  # results of older tasks: each is dropped by its generation
        self.solver.should_stop = None
        if self.state == RUNNING:
            self._set_state(IDLE)

    def wait(self, timeout: float | None = None, until: Callable[[], bool] | None = None) -> None:
        """Wait for a task in its thread, then deliver its result here (scripts and tests: in a
        kernel the event loop delivers it); without threads, run its slices. With `until`, only
        until it answers True, asked after each call handed back (what the task found so far)."""
        if until is None:
            thread = self._thread
            if thread is not None:
                thread.join(timeout)
            self._deliver_pending()
            return
        end = None if timeout is None else time.monotonic() + timeout
        while not self._deliver_pending(until):
            thread = self._thread
            if thread is None or not thread.is_alive() or (end is not None and time.monotonic() > end):
                self._deliver_pending(until)  # what the task handed back as it ended
                return
            thread.join(WAIT_STEP)

    def _hand_back(self) -> Callable[[Callable[[], None]], None]:
        """How the worker hands a call back to this thread."""
        try:
            return asyncio.get_running_loop().call_soon_threadsafe
        except RuntimeError:
            return self._pending.put

    def _deliver_pending(self, until: Callable[[], bool] | None = None) -> bool:
        """Make the calls handed back (and, without threads, the slices), stopping once `until`
        answers True; returns whether it did."""
        while True:
            if until is not None and until():
                return True
            try:
                call = self._pending.get_nowait()
            except queue.Empty:
                return False
            call()

    def _finish(self, generation: int, ended: bool, result: Any, done: Callable[[Any], None]) -> None:
        if generation != self._generation:
            return
        self._thread = None
        self._slicing = False
        self._report = None
        self.solver.should_stop = None
        self._set_state(IDLE if ended else STOPPED)
        if ended:
            done(result)

    def _set_state(self, state: str) -> None:
        self.state = state
        if self.on_state is not None:
            self.on_state(state)
