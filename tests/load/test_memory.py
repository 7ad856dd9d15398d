"""Memory does not grow over a long session (issue 7): a practice partie of six deals played
twice at one table ends holding what it held after the first; so does a walkthrough that opens
ten more deals.

The scenarios run in `memory_probe.py`, in a process of their own, as a page drives them (card
clicks as the card view sends them, the Confirm, Next deal and New partie buttons): a kernel runs
the same Python, and no other test's widgets, threads or caches are there to blur the reading.
After each round, three measures:

- the objects the garbage collector tracks: every state, deal, widget and dict a session keeps
  alive is one or more of them. A round leaves the same count (measured: no difference at all);
  keeping each position of one partie alive by mistake adds about a thousand. `LEAK_BOUND`
  leaves room for CPython's own caches;
- the widgets alive (ipywidgets keeps every widget until it is closed, so a table that made new
  widgets for each deal would leak them in a kernel): not one more;
- the interpreter's allocated blocks and the process's resident memory (RSS, with psutil):
  within 10 %.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

PROBE = Path(__file__).with_name("memory_probe.py")
TOLERANCE = 0.10
LEAK_BOUND = 200  # objects; a partie's positions kept alive would be about 1,000


def rounds(scenario: str) -> tuple[dict[str, int], dict[str, int]]:
    """The readings after the first and the second round of `scenario`, from a fresh process."""
    done = subprocess.run([sys.executable, str(PROBE), scenario], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    first, second = json.loads(done.stdout.strip().splitlines()[-1])
    return first, second


@pytest.mark.parametrize("scenario", ["table", "walkthrough"])
def test_a_second_round_leaves_memory_as_the_first_did(scenario: str) -> None:
    first, second = rounds(scenario)
    print(f"\n{scenario}: {first} -> {second}")
    assert second["widgets"] == first["widgets"], "widgets left behind"
    assert second["objects"] - first["objects"] < LEAK_BOUND, (first, second)
    assert second["blocks"] <= first["blocks"] * (1 + TOLERANCE), (first, second)
    assert second["rss"] <= first["rss"] * (1 + TOLERANCE), (first, second)
