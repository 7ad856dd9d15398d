"""`Address`: the page's address follows the learner's place, and the place follows the address.

The app opens a place (a lesson, a section, the table's game, a language) and hands its query
string to `show`; the view (`address.js`) writes it to the address bar with the history API, so
that Back and Forward move through what the learner opened, a reload reopens the same place and
the address can be copied as a link. The view sends the address the page was opened at, and the
one Back or Forward went to: `on_address(query, first)` is given it, as a string and nothing else
(the page sends what it likes; the app checks every value). It works alone, with no server that
knows the page's address (a static site).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import anywidget
import ipywidgets as widgets
import traitlets

from piquet_widgets.widgets.owned_state import PythonOwnedState

__all__ = ["Address"]


class Address(PythonOwnedState, anywidget.AnyWidget):
    """An invisible widget keeping the page's address (`query`, written as a new history entry
    unless `replace`); `known` names the parameters that are the app's (the others are kept)."""

    _esm = Path(__file__).parent / "address.js"
    query = traitlets.Unicode("").tag(sync=True)
    replace = traitlets.Bool(True).tag(sync=True)
    known = traitlets.List(traitlets.Unicode()).tag(sync=True)

    def __init__(self, known: Sequence[str], on_address: Callable[[str, bool], None]) -> None:
        super().__init__(known=list(known), layout=widgets.Layout(display="none"))
        self.add_class("pw-address")
        self._on_address = on_address
        self.opened = False  # the page has said where it was opened
        self.on_msg(self._on_message)

    def show(self, query: str, replace: bool = False) -> None:
        """Write `query` ('?lesson=the-point', '' for none) to the address bar: a new history
        entry, or (`replace`) in place of the current one."""
        with self.hold_sync():
            self.replace = replace
            self.query = query

    def _on_message(self, _widget: object, content: object, _buffers: object) -> None:
        if not isinstance(content, dict) or content.get("type") not in ("opened", "moved"):
            return
        query = content.get("query")
        if not isinstance(query, str):
            return
        first = content["type"] == "opened"
        if first:
            if self.opened:  # a second view of the page: its address is the first one's
                return
            self.opened = True
        self._on_address(query, first)
