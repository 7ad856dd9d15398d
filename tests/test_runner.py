"""The analysis runner hands a result found in its thread back to the thread that asked: through
the running event loop in a kernel, at `wait` elsewhere; a result of a task cancelled is dropped."""

from __future__ import annotations

import asyncio
import threading
import time

from piquet_widgets.analysis.runner import AnalysisRunner
from piquet_widgets.analysis.solver import SearchInterrupted


def slow_task(value: int, seconds: float = 0.05):
    def task(solver):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if solver.should_stop():
                raise SearchInterrupted
            time.sleep(0.002)
        return value

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
