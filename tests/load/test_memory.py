"""Memory does not grow over a long session (issue 7): a practice partie of six deals played
twice in one process ends within 10 % of the memory it had after the first.

The table is driven headless as a page drives it (card clicks as the card view sends them, the
Confirm, Next deal and New partie buttons), in this process: a kernel runs the same Python.
A warm-up partie on another table comes first (imports, translation catalogs, the computer
player's tables), and every reading follows `gc.collect()`. Three measures, after the first and
after the second partie of the same table:

- the Python heap (tracemalloc, traced from the start of the test, warm-up and table included):
  within 10 %, and — stricter — less than `LEAK_BOUND` more (one partie's states kept alive by
  mistake would be about 150 KiB; what legitimately grows, CPython's attribute caches and
  num2words', is some 15 KiB);
- the widgets alive (ipywidgets keeps every widget until it is closed, so a table that made new
  widgets for each deal would leak them in a kernel): not one more;
- the process's resident memory (RSS, with psutil, less tracemalloc's own): within 10 %.

The walkthrough, which the app reloads with deal after deal, is checked the same way.
"""

from __future__ import annotations

import ctypes
import gc
import tracemalloc

import ipywidgets as widgets
import psutil
import pytest
from widget_helpers import click_card, find

from piquet_widgets.engine import Phase
from piquet_widgets.widgets.practice import PracticeTable
from piquet_widgets.widgets.walkthrough import DealWalkthrough

pytestmark = pytest.mark.slow  # three parties played under tracemalloc: minutes

TOLERANCE = 0.10
LEAK_BOUND = 96 * 1024


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


def widget_count() -> int:
    return len(widgets.widget._instances)


def settle() -> None:
    """Collect garbage, and give freed memory back to the system (glibc) so that RSS means
    memory in use rather than the allocator's high-water mark."""
    for _ in range(3):
        gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass


def rss() -> int:
    """The process's resident memory, less what tracemalloc itself holds."""
    return psutil.Process().memory_info().rss - tracemalloc.get_tracemalloc_memory()


def test_two_parties_in_one_table_do_not_grow_memory() -> None:
    tracemalloc.start()
    try:
        warm_up = PracticeTable(declare_for_me=True, role="elder", seed=3)  # imports, catalogs, the player's tables
        play_partie(warm_up)
        del warm_up
        rss()
        settle()
        table = PracticeTable(declare_for_me=True, role="elder", seed=11)
        play_partie(table)
        settle()
        after_first, _peak = tracemalloc.get_traced_memory()
        widgets_first, rss_first = widget_count(), rss()
        play_partie(table)
        settle()
        after_second, _peak = tracemalloc.get_traced_memory()
        widgets_second, rss_second = widget_count(), rss()
        growth = tracemalloc.take_snapshot().statistics("lineno")[:5] if after_second > after_first + LEAK_BOUND // 2 else []
    finally:
        tracemalloc.stop()
    print(f"\ntraced heap after partie 1: {after_first / 1024:.0f} KiB, after partie 2: {after_second / 1024:.0f} KiB "
          f"({after_second - after_first:+d} B); widgets {widgets_first} -> {widgets_second}; "
          f"RSS {rss_first / 2**20:.1f} -> {rss_second / 2**20:.1f} MiB")
    assert widgets_second == widgets_first, "the table leaves widgets behind"
    assert after_second <= after_first * (1 + TOLERANCE), "\n".join(map(str, growth))
    # Stricter than 10 %: one partie's states kept alive by mistake would add about 150 KiB;
    # what grows legitimately (CPython's attribute caches, num2words) is a few tens of KiB.
    assert after_second - after_first < LEAK_BOUND, "\n".join(map(str, growth))
    assert rss_second <= rss_first * (1 + TOLERANCE)


def test_new_deals_in_one_walkthrough_do_not_grow_memory() -> None:
    """The app's walkthrough opens deal after deal (deal codes, shuffles) in the same widget."""
    walk = DealWalkthrough(1)
    for seed in range(2, 6):  # warm-up
        walk.load(seed)
        walk.last()
    settle()
    tracemalloc.start()
    try:
        for seed in range(10, 20):
            walk.load(seed)
            walk.last()
        settle()
        first, _ = tracemalloc.get_traced_memory()
        count = widget_count()
        for seed in range(20, 30):
            walk.load(seed)
            walk.last()
        settle()
        second, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert widget_count() == count
    assert second <= first * (1 + TOLERANCE) + 64 * 1024
