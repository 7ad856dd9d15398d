"""The analysis runner hands a result found in its thread back to the thread that asked: through
the running event loop in a kernel, at `wait` elsewhere; a result of a task cancelled is dropped."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from piquet_widgets.analysis.runner import AnalysisRunner
from piquet_widgets.analysis.solver import SearchInterrupted


def slow_task(value: int, seconds: float = 0.05):
    def task(solver):
        end = time.monotonic() + seconds
        while True:  # asked before the end is seen: a stall past the budget still interrupts
            if solver.should_stop():
                raise SearchInterrupted
            if time.monotonic() >= end:
                return value
            time.sleep(0.002)

    return task


def test_a_result_found_in_the_thread_is_delivered_in_the_loops_thread() -> None:
    delivered: list[tuple[int, threading.Thread]] = []

    async def main() -> None:
        runner = AnalysisRunner()
        runner.budget = 0.005
        runner.run(slow_task(7), lambda result: delivered.append((result, threading.current_thread())))
        assert runner.state == "running" and delivered == []
        for _ in range(500):
            await asyncio.sleep(0.01)
            if delivered:
                break
        assert runner.state == "idle"

    asyncio.run(main())
    assert delivered == [(7, threading.main_thread())]


def test_without_a_loop_the_result_waits_for_wait() -> None:
    runner = AnalysisRunner()
    runner.budget = 0.005
    results: list[int] = []
    runner.run(slow_task(3), results.append)
    runner._thread.join(5)  # the worker is done, and has called nothing
    assert results == [] and runner.state == "running"
    runner.wait()
    assert results == [3] and runner.state == "idle"


def test_a_cancelled_task_delivers_nothing() -> None:
    runner = AnalysisRunner()
    runner.budget = 0.005
    results: list[int] = []
    runner.run(slow_task(1, seconds=5), results.append)
    runner.run(slow_task(2, seconds=0), results.append)  # quick: answered at once
    runner.wait()
    assert results == [2] and runner.state == "idle"


def test_progress_from_the_thread_is_told_in_the_asking_thread() -> None:
    told: list[tuple[float, threading.Thread]] = []
    runner = AnalysisRunner(on_progress=lambda share: told.append((share, threading.current_thread())))
    runner.budget = 0.005

    def task(solver):
        for done in range(1, 5):
            slow_task(0, seconds=0.01)(solver)
            runner.progress(done, 4)
        return "found"

    results: list[str] = []
    runner.run(task, results.append)
    runner._thread.join(5)
    assert told == []  # the worker called nothing here itself
    runner.wait()
    assert results == ["found"]
    assert [share for share, _ in told] == sorted(share for share, _ in told) and told[-1][0] == 1.0
    assert {thread for _, thread in told} == {threading.main_thread()}


def test_progress_of_a_cancelled_task_is_not_told() -> None:
    told: list[float] = []
    runner = AnalysisRunner(on_progress=told.append)
    runner.budget = 0.005

    def task(solver):
        slow_task(0, seconds=0.05)(solver)
        runner.progress(1, 2)
        slow_task(0, seconds=5)(solver)

    runner.run(task, lambda _result: None)
    time.sleep(0.2)
    runner.run(slow_task(2, seconds=0), lambda _result: None)  # another position: the first is dropped
    runner.wait()
    assert told == []


# -- without threads (Pyodide) -------------------------------------------------------------------
def no_threads(monkeypatch) -> None:
    from piquet_widgets.analysis import runner

    monkeypatch.setattr(runner, "THREADS", False)
    monkeypatch.setattr(threading.Thread, "start", lambda self: pytest.fail("a thread was started"))


def test_without_threads_a_long_task_runs_in_slices_at_wait(monkeypatch) -> None:
    no_threads(monkeypatch)
    runner = AnalysisRunner()
    runner.budget = 0.005
    slices: list[int] = []

    def task(solver):
        slices.append(1)
        return slow_task(9, seconds=0.06)(solver)

    results: list[int] = []
    runner.run(task, results.append)
    assert results == [] and runner.state == "running" and runner.busy and len(slices) == 1
    runner.wait()
    assert results == [9] and runner.state == "idle" and not runner.busy
    assert len(slices) > 2  # budgets of 0.01, 0.02, 0.04 s fall short of the task's 0.06 s


def test_without_threads_the_loop_runs_slices_between_the_pages_messages(monkeypatch) -> None:
    no_threads(monkeypatch)
    told: list[float] = []
    delivered: list[tuple[str, threading.Thread]] = []
    between: list[str] = []

    async def main() -> None:
        runner = AnalysisRunner(on_progress=told.append)
        runner.budget = 0.005

        def task(solver):
            for done in range(1, 5):
                slow_task(0, seconds=0.01)(solver)
                runner.progress(done, 4)
            return "found"

        runner.run(task, lambda result: delivered.append((result, threading.current_thread())))
        for _ in range(500):
            between.append("page")  # the loop's turn: what the page sent is handled here
            await asyncio.sleep(0.005)
            if delivered:
                break
        assert runner.state == "idle"

    asyncio.run(main())
    assert delivered == [("found", threading.main_thread())]
    assert len(between) > 1 and told == sorted(told) and told[-1] == 1.0  # progress never goes back


def test_without_threads_stop_ends_the_slices(monkeypatch) -> None:
    no_threads(monkeypatch)
    states: list[str] = []

    async def main() -> None:
        runner = AnalysisRunner(on_state=states.append)
        runner.budget = 0.005
        results: list[int] = []
        runner.run(slow_task(5, seconds=30), results.append)
        await asyncio.sleep(0.05)
        runner.stop()  # the Stop button, between two slices
        for _ in range(100):
            await asyncio.sleep(0.01)
            if runner.state == "stopped":
                break
        assert results == [] and not runner.busy

    asyncio.run(main())
    assert states == ["running", "stopped"]


def test_a_thread_that_cannot_start_falls_back_to_slices(monkeypatch) -> None:
    def refuse(self) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refuse)
    runner = AnalysisRunner()
    runner.budget = 0.005
    results: list[int] = []
    runner.run(slow_task(4, seconds=0.03), results.append)
    assert runner.state == "running"
    runner.wait()
    assert results == [4] and runner.state == "idle"
