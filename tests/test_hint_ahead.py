"""The exchange hint worked out while the learner reads (analysis/ahead.py): started when his
exchange is on the table, kept for that position, taken by the Hint button without a new search,
found in steps (the discards, then a figure closer and closer) and stopped once the exchange is
made; where no thread can run, worked out in slices between the page's messages."""

from __future__ import annotations

import threading

import pytest

from piquet_widgets.analysis import runner
from piquet_widgets.analysis.ahead import Ahead
from piquet_widgets.analysis.evaluator import value_against_expert
from piquet_widgets.analysis.review import hint
from piquet_widgets.analysis.solver import Solver
from piquet_widgets.widgets.practice import PracticeTable


def table(**options) -> PracticeTable:
    return PracticeTable(role="elder", deal=7, keep_in_browser=False, language_selector=False, **options)


def test_work_started_ahead_never_runs_in_the_asking_thread() -> None:
    ran_in = []
    ahead = Ahead()
    ahead.prepare("position", lambda solver: ran_in.append(threading.current_thread()) or "found")
    ahead.runner.wait()
    taken = []
    assert ahead.take("position", taken.append) and taken == ["found"]
    assert ran_in and ran_in[0] is not threading.current_thread()
    assert not ahead.take("another position", taken.append) and taken == ["found"]


def test_a_click_while_the_work_goes_on_waits_for_it_instead_of_starting_again() -> None:
    go = threading.Event()
    ran = []
    ahead = Ahead()
    ahead.prepare("position", lambda solver: ran.append(1) or go.wait(5) and "found")
    threading.Timer(0.2, go.set).start()
    taken = []
    assert ahead.take("position", taken.append)  # no event loop here: it waits for the work
    assert taken == ["found"] and ran == [1]


def test_a_click_takes_the_first_step_ready_for_it_without_waiting_for_the_rest() -> None:
    go = threading.Event()

    def task(solver):
        yield "discards"
        go.wait(5)
        yield "figure"

    ahead = Ahead()
    ahead.prepare("position", task)
    taken = []
    assert ahead.take("position", taken.append)  # any step will do: the first, found at once
    assert taken == ["discards"] and not go.is_set()
    threading.Timer(0.2, go.set).start()
    assert ahead.take("position", taken.append, ready=lambda found: found == "figure")  # waits for that step
    assert taken == ["discards", "figure"]


def test_going_on_keeps_what_was_found_on_the_same_solver_and_offers_only_closer_steps() -> None:
    solvers = []

    def steps(*found):
        def task(solver):
            solvers.append(solver)
            yield from found
        return task

    ahead = Ahead()
    ahead.prepare("position", steps("discards", "first figure"))
    ahead.runner.wait()
    ahead.go_on("position", steps("discards", "first figure", "exact figure"))
    taken = []
    assert ahead.take("position", taken.append) and taken == ["first figure"]  # not taken back to the discards
    ahead.runner.wait()
    assert ahead.take("position", taken.append) and taken[-1] == "exact figure"
    assert solvers[0] is solvers[1]
    ahead.go_on("position", steps("again"))  # once for a position
    ahead.runner.wait()
    assert len(solvers) == 2


def test_going_on_while_the_prepared_work_runs_starts_once_it_has_ended() -> None:
    go = threading.Event()
    ran = []

    def short(solver):
        ran.append("short")
        yield "discards"
        go.wait(5)
        yield "first figure"

    def longer(solver):
        ran.append("longer")
        yield from ("discards", "first figure", "exact figure")

    ahead = Ahead()
    ahead.prepare("position", short)
    taken = []
    assert ahead.take("position", taken.append) and taken == ["discards"]
    ahead.go_on("position", longer)
    assert ran == ["short"]  # the prepared work is not stopped to be done again
    go.set()
    assert ahead.take("position", taken.append, ready=lambda found: found == "exact figure")
    assert taken[-1] == "exact figure" and ran == ["short", "longer"]


def test_the_exchange_hint_is_started_when_the_exchange_appears_and_taken_by_the_click(monkeypatch) -> None:
    practice = table()
    assert practice.hint_ahead.key == practice._hint_key()  # started with the deal, before any click
    practice.hint_ahead.runner.wait()

    def no_new_search(task, done):
        raise AssertionError("the hint was searched again")

    monkeypatch.setattr(practice.analyst, "run", no_new_search)
    practice.hint_button.click()
    assert practice._hint is not None and practice._hint_deal is practice.deal  # at once
    practice.hint_ahead.runner.wait()  # the learner reads the idea: the figure is refined meanwhile
    practice.hint_button.click()  # asked again, for the move: the same position, no search
    found = practice._hint
    assert found.cards and practice.session.hint_stage == 2
    # the work ended before the click: the figure is exact over every draw of elder
    assert found.value == value_against_expert(practice.deal, found.cards, Solver(), draws=None).expected


def test_unasked_the_work_ahead_stops_at_the_first_figure() -> None:
    practice = table()
    practice.hint_ahead.runner.wait()
    taken = []
    assert practice.hint_ahead.take(practice._hint_key(), taken.append)
    assert taken == [hint(practice.deal, Solver())]  # elder's figure on four of his draws: no more unasked


def test_once_the_exchange_is_made_the_work_ahead_stops() -> None:
    practice = table()
    assert practice.hint_ahead.runner.busy
    for card in practice.deal.hand(practice.deal.to_move)[:3]:
        practice.click(practice.deal.to_move, card)
    practice.confirm()
    assert practice.hint_ahead.key is None and not practice.hint_ahead.runner.busy


def test_without_threads_the_hint_is_worked_out_ahead_in_slices_and_found_the_same(monkeypatch) -> None:
    monkeypatch.setattr(runner, "THREADS", False)
    monkeypatch.setattr(threading.Thread, "start", lambda self: pytest.fail("a thread was started"))
    practice = table()
    ahead = practice.hint_ahead
    assert ahead.key == practice._hint_key() and ahead.runner.busy  # started with the deal...
    assert ahead.runner.state == "running"  # ...and no slice has run in the call that dealt it
    slices = []
    task = ahead.runner._slice
    monkeypatch.setattr(ahead.runner, "_slice", lambda *args: slices.append(args[-1]) or task(*args))

    def no_new_search(task, done):
        raise AssertionError("the hint was searched again")

    monkeypatch.setattr(practice.analyst, "run", no_new_search)
    practice.hint_button.click()  # no event loop here: the click runs the slices until the discards are found
    assert len(slices) >= 2, "the work was not cut into slices"
    assert practice._hint is not None and practice._hint_deal is practice.deal
    assert practice._hint.cards == hint(practice.deal, Solver()).cards  # the slices found what one run finds
    ahead.runner.wait()  # the learner reads: the slices go on to the end
    practice.hint_button.click()
    # a slice holds the page: without threads the figure is not refined past the hint's first one
    assert practice._hint == hint(practice.deal, Solver())
