"""Run as a script by `test_memory.py`, in a process of its own (no other test's widgets,
threads or caches in it): plays a scenario twice after a warm-up and prints, as JSON, what
memory holds after each round.

    python memory_probe.py table|walkthrough

Each reading follows a full garbage collection (and glibc's `malloc_trim`, so that RSS means
memory in use, not the allocator's high-water mark): the objects the collector tracks (every
state, deal, widget and dict a session keeps), the interpreter's allocated blocks, the widgets
alive, and the resident memory.
"""

from __future__ import annotations

import ctypes
import gc
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for widget_helpers

import ipywidgets as widgets  # noqa: E402
import psutil  # noqa: E402
from widget_helpers import click_card, find  # noqa: E402

from piquet_widgets.engine import Phase  # noqa: E402
from piquet_widgets.widgets.practice import PracticeTable  # noqa: E402
from piquet_widgets.widgets.walkthrough import DealWalkthrough  # noqa: E402


def play_partie(table: PracticeTable) -> None:
    """Six deals, as the learner clicks them: discard the two lowest cards, then the first card
    the engine accepts; Next deal after each; a new partie at the end."""
    for _number in range(6):
        while table.deal.phase is not Phase.FINISHED:
            deal = table.deal
            seat = deal.to_move
            row = find(table, f"pw-hand-{seat.key}")
            if deal.phase is Phase.EXCHANGE:
                for card in sorted(deal.hand(seat), key=lambda c: c.rank)[:2]:
                    click_card(row, card.code)
                find(table, "pw-confirm").click()
            else:
                click_card(row, deal.playable_cards()[0].code)
        find(table, "pw-next-deal").click()
    assert table.settled
    find(table, "pw-new-partie").click()
    assert table.number == 1


def reading() -> dict[str, int]:
    """What memory holds now, after a full collection."""
    for _ in range(3):
        gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass
    return {
        "objects": len(gc.get_objects()),
        "blocks": sys.getallocatedblocks(),
        "widgets": len(widgets.widget._instances),
        "rss": psutil.Process().memory_info().rss,
    }


def table_rounds() -> list[dict[str, int]]:
    """A partie on a warm-up table (imports, catalogs, the computer's tables), then two on one
    table: the reading after each of these two."""
    warm_up = PracticeTable(declare_for_me=True, role="elder", seed=3)
    play_partie(warm_up)
    del warm_up
    table = PracticeTable(declare_for_me=True, role="elder", seed=11)
    readings = []
    for _round in range(2):
        play_partie(table)
        table.hint_ahead.runner.wait()  # the exchange hint worked out ahead ends before the reading
        readings.append(reading())
    return readings


def walkthrough_rounds() -> list[dict[str, int]]:
    """Ten deals opened in one walkthrough (deal codes, shuffles), stepped to the end, twice."""
    walk = DealWalkthrough(1)
    for seed in range(2, 6):  # warm-up
        walk.load(seed)
        walk.last()
    readings = []
    for first in (10, 20):
        for seed in range(first, first + 10):
            walk.load(seed)
            walk.last()
        readings.append(reading())
    return readings


if __name__ == "__main__":
    print(json.dumps({"table": table_rounds, "walkthrough": walkthrough_rounds}[sys.argv[1]]()))
