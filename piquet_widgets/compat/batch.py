"""Widgets made together reach the page in one message each.

ipywidgets opens a widget's comm the moment the widget is made, then sends an update for every
trait set afterwards (a class added, a label put in the current language): building a lesson
sent the page 727 messages for 417 widgets, and the server relays every one of them to every
visitor (benchmarks/bench_load.py). Inside `one_message_each()`, the widgets made are opened
only at the end, each with its final state, children before the widgets that hold them; the
messages sent meanwhile to widgets already on the page follow, in their order. A widget made
and closed inside never reaches the page at all.

It replaces ipywidgets' `Widget.open`, `Widget._send` and `Widget.close` for the time of a batch
(verified against ipywidgets 8.1.9: `open` creates the comm with the widget's state, `_send` is
every update's one way out, `close` closes the comm); outside the versions `compat` verified, a
batch changes nothing and each widget sends its updates as ipywidgets does. A widget built with
its final state (its traits given to its constructor) sends no update at all, batch or not.

>>> import ipywidgets as widgets
>>> with one_message_each():
...     label = widgets.HTML()
...     _ = label.add_class("pw-caption")
...     label.value = "<b>Elder</b>"
>>> label.get_state()["_dom_classes"], label.comm is not None
(('pw-caption',), True)
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import ipywidgets
from ipywidgets.widgets import widget as widget_module

from piquet_widgets.compat import verified

Widget = ipywidgets.Widget
_ORIGINAL = {name: getattr(Widget, name) for name in ("open", "_send", "close")}
_REFERENCE = "IPY_MODEL_"
_CORE_MODULES = ("@jupyter-widgets/base", "@jupyter-widgets/controls", "@jupyter-widgets/output")


class _Batch:
    """The widgets made but not yet opened, and the messages held until they are."""

    def __init__(self) -> None:
        self.thread = threading.get_ident()
        self.unopened: dict[str, Widget] = {}  # by model id, in the order they were made
        self.held: list[tuple[Widget, dict, Any]] = []


_batch: _Batch | None = None


def _current() -> _Batch | None:
    """The batch of this thread, if one is being made (another thread's messages pass)."""
    batch = _batch
    return batch if batch is not None and batch.thread == threading.get_ident() else None


def _open(self: Widget) -> None:
    batch = _current()
    if batch is None or self.comm is not None:
        return _ORIGINAL["open"](self)
    # A comm that is not opened yet (primary=False publishes nothing): the widget has its id.
    self.comm = widget_module.comm.create_comm(
        target_name="jupyter.widget", primary=False, comm_id=self._model_id or uuid.uuid4().hex,
    )
    batch.unopened[self.comm.comm_id] = self
    return None


def _send(self: Widget, msg: dict, buffers: Any = None) -> None:
    batch = _current()
    if batch is None or self.comm is None:  # without a comm, ipywidgets sends nothing
        return _ORIGINAL["_send"](self, msg, buffers)
    if self.comm.comm_id in batch.unopened and msg.get("method") == "update":
        return None  # its state at the end goes with its opening
    batch.held.append((self, msg, buffers))
    return None


def _close(self: Widget) -> None:
    batch = _current()
    if batch is not None and self.comm is not None and batch.unopened.pop(self.comm.comm_id, None) is not None:
        self.comm._closed = True  # never opened: nothing to tell the page
    return _ORIGINAL["close"](self)


def _references(value: object) -> Iterator[str]:
    """The model ids a state names (`IPY_MODEL_…` anywhere in it)."""
    if isinstance(value, str):
        if value.startswith(_REFERENCE):
            yield value[len(_REFERENCE):]
    elif isinstance(value, dict):
        for item in value.values():
            yield from _references(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _references(item)


def _opening_state(widget: Widget) -> dict[str, Any]:
    """The widget's state, less what the page's model has by default when it is one of
    ipywidgets' own (a layout is some forty empty fields): what ipywidgets leaves out when it
    embeds widgets in a page. An anywidget's page model knows no defaults: its state is whole."""
    state = widget.get_state()
    if widget._model_module not in _CORE_MODULES:
        return state
    traits = widget.traits()
    return {
        name: value for name, value in state.items()
        if name.startswith(("_model_", "_view_")) or not widget._compare(value, traits[name].default_value)
    }


def _open_all(batch: _Batch) -> None:
    """Open every widget of the batch with its state now, each after the widgets it names."""
    opened: set[str] = set()

    def open_one(model_id: str) -> None:
        widget = batch.unopened.get(model_id)
        if model_id in opened or widget is None or widget.comm is None:
            return
        opened.add(model_id)
        state, buffer_paths, buffers = widget_module._remove_buffers(_opening_state(widget))
        for child in _references(state):
            open_one(child)
        widget.comm.open(
            data={"state": state, "buffer_paths": buffer_paths}, buffers=buffers,
            metadata={"version": widget_module.__protocol_version__},
        )
        widget.comm.primary = True

    for model_id in list(batch.unopened):
        open_one(model_id)


@contextmanager
def one_message_each() -> Iterator[None]:
    """Hold the widget messages of this thread until the end (see the module's docstring).

    Nested uses join the outer one. Nothing made inside may be displayed before the end (its
    model would not be on the page yet); put it in a box already shown instead.
    """
    global _batch
    if _batch is not None or not verified("ipywidgets"):
        yield
        return
    batch = _Batch()
    _batch = batch
    Widget.open, Widget._send, Widget.close = _open, _send, _close
    try:
        yield
    finally:
        Widget.open, Widget._send, Widget.close = _ORIGINAL["open"], _ORIGINAL["_send"], _ORIGINAL["close"]
        _batch = None
        _open_all(batch)
        for widget, msg, buffers in batch.held:
            widget._send(msg, buffers)
