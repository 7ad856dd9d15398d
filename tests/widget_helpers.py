"""Finding widgets by their `pw-…` classes and clicking them as a browser would, without a browser."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import ipywidgets as widgets

DATA = Path(__file__).parent / "data"


def walk(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    """The widget and every widget inside it."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def find_all(root: widgets.Widget, css_class: str) -> list[widgets.Widget]:
    return [w for w in walk(root) if css_class in getattr(w, "_dom_classes", ())]


def find(root: widgets.Widget, css_class: str) -> widgets.Widget:
    """The one widget carrying `css_class` (fails if there are none or several)."""
    found = find_all(root, css_class)
    assert len(found) == 1, f"{len(found)} widgets carry {css_class}"
    return found[0]


def click_card(row, code: str, seq: list[int] = [0]) -> None:
    """What the card view sends when a card is clicked: a custom message on the widget's comm."""
    seq[0] += 1
    row._handle_msg({"content": {"data": {"method": "custom", "content": {"type": "click", "card": code, "seq": seq[0]}}}, "buffers": []})


def nothing_worked_out_ahead(monkeypatch) -> None:
    """The exchange hint searched only when it is asked for, as where no thread can start ahead
    (analysis/ahead.py; tests/test_hint_ahead.py tests the work done ahead): a test that drives
    tables through many exchanges without pressing Hint keeps the processor for what it reads."""
    from piquet_widgets.analysis.ahead import Ahead

    monkeypatch.setattr(Ahead, "prepare", lambda self, key, task: None)


def load(name: str) -> dict:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def text_of(html: str) -> str:
    """The text a reader sees in some HTML: tags removed, entities decoded."""
    import re
    from html import unescape

    return unescape(re.sub(r"<[^>]+>", " ", html))


def scroll_through(root: widgets.Widget) -> widgets.Widget:
    """What scrolling down the whole page does: every lazy placeholder in `root` says it is
    visible, as its view does near the screen, and its content is built. Returns `root`."""
    from piquet_widgets.widgets.lazy import LazySentinel

    while sentinels := [w for w in walk(root) if isinstance(w, LazySentinel)]:
        for sentinel in sentinels:
            sentinel._handle_msg({"content": {"data": {"method": "custom", "content": {"type": "visible"}}}, "buffers": []})
    return root
