"""The package where numpy cannot be imported (Pyodide has none in this project's registries):
the app's pages, the lessons and the practice tables still open, nothing imports numpy before it
computes with it, and every analysis runs on the pure-Python path (`analysis/kernels_pure.py`).
Each test runs in a child Python whose import of numpy fails; where analysis runs, threads are
refused too, as in Pyodide (the runner's slices)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Run first in the child: any import of numpy fails as if it were not installed.
NO_NUMPY = '''
import sys

class NoNumpy:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] == "numpy":
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)

sys.meta_path.insert(0, NoNumpy())
'''


#: Run after NO_NUMPY where analysis runs: no thread may start, as in the browser.
NO_THREADS = '''
import threading
from piquet_widgets.analysis import runner

runner.THREADS = False
def refuse(self):
    raise RuntimeError("can't start new thread")
threading.Thread.start = refuse
'''


def run_without_numpy(code: str, threads: bool = True) -> str:
    """Run `code` in a child Python that cannot import numpy (nor start a thread, unless
    `threads`); its output (fails on an error)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests")])}
    result = subprocess.run(
        [sys.executable, "-c", NO_NUMPY + ("" if threads else NO_THREADS) + textwrap.dedent(code)], capture_output=True, text=True, env=env, timeout=600, cwd=ROOT
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def test_the_block_works() -> None:
    out = run_without_numpy('''
        try:
            import numpy
        except ImportError:
            print("blocked")
    ''')
    assert out.split() == ["blocked"]


def test_the_app_opens_its_sections_and_tables_without_numpy() -> None:
    out = run_without_numpy('''
        import piquet_widgets.widgets
        from piquet_widgets.app.page import build
        from widget_helpers import scroll_through

        app = build("")
        for number in (1, 2, 3, 4, 5, 6, 7, 8, 10, 11):
            app.show_lesson(number)
            scroll_through(app.root)
        app.show_section("walkthrough")
        app.walkthrough.last()
        app.show_section("glossary")
        app.show_section("practice")
        print(app.practice.session.mode, app.practice.deal.phase.value)
        closed = build("mode=closed&seed=8")
        print(closed.practice.session.mode, closed.practice.deal.phase.value)
        print("numpy" in sys.modules)
    ''')
    assert out.split() == ["open", "exchange", "closed", "exchange", "False"]


def test_a_deal_against_the_club_computer_with_a_hint_and_the_review_without_numpy_or_threads() -> None:
    out = run_without_numpy('''
        from piquet_widgets.analysis import advisor
        from piquet_widgets.engine import Phase
        from piquet_widgets.widgets.practice import PracticeTable
        from widget_helpers import click_card, find, text_of

        print(advisor.KERNELS)
        table = PracticeTable(role="elder", deal=7, level="club", declare_for_me=True, keep_in_browser=False)
        runner = table.analyst.runner
        table.show_hint()
        runner.wait()
        table.show_hint()  # asked again: the discards themselves
        runner.wait()
        print(text_of(find(table, "pw-hint-text").value).split()[0])
        seat = table.deal.to_move
        row = find(table, f"pw-hand-{seat.key}")
        outlined = list(row.outlined)
        print(len(outlined) >= 1)
        for code in outlined:
            click_card(row, code)
        find(table, "pw-confirm").click()  # the club computer exchanges as younger, by the advisor
        while table.deal.phase is not Phase.FINISHED:
            deal = table.deal
            click_card(find(table, f"pw-hand-{deal.to_move.key}"), deal.playable_cards()[0].code)
        runner.wait()  # the review of the deal
        print(table.review is not None, "pw-review" in find(table, "pw-review")._dom_classes)
        print(text_of(find(table, "pw-review").value).split()[0])
        print("numpy" in sys.modules)
    ''', threads=False)
    assert out.split() == ["pure", "Hint:", "True", "True", "True", "Review", "False"]


def test_the_closed_computers_exchange_and_the_discard_drill_without_numpy_or_threads() -> None:
    out = run_without_numpy('''
        from piquet_widgets.app.page import build
        from piquet_widgets.engine import Phase
        from piquet_widgets.widgets.drill import DrillView
        from piquet_widgets.widgets.practice import PracticeTable
        from widget_helpers import find_all, scroll_through, walk

        table = PracticeTable(role="younger", deal=8, mode="closed", level="club", keep_in_browser=False)
        print(table.deal.discards[0] is not None, table.deal.to_move.key)  # the computer, elder, has exchanged
        app = build("lesson=9")
        scroll_through(app.root)
        drills = [widget for widget in walk(app.root) if isinstance(widget, DrillView) and widget.analyst is not None]
        for drill in drills:
            drill.analyst.runner.wait()
        print(len(drills) >= 1, all(drill.drill is not None for drill in drills))
        print("numpy" in sys.modules)
    ''', threads=False)
    assert out.split() == ["True", "younger", "True", "True", "False"]
