"""The package where numpy cannot be imported (Pyodide has none in this project's registries):
the app's pages, the lessons and the practice tables still open, and nothing imports numpy
before it computes with it. Each test runs in a child Python whose import of numpy fails."""

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


def run_without_numpy(code: str) -> str:
    """Run `code` in a child Python that cannot import numpy; its output (fails on an error)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests")])}
    result = subprocess.run(
        [sys.executable, "-c", NO_NUMPY + textwrap.dedent(code)], capture_output=True, text=True, env=env, timeout=600, cwd=ROOT
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
