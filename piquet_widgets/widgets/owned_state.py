"""Widgets whose state is Python's alone: the page draws them and sends messages, never state."""

from __future__ import annotations

from typing import Any


class PythonOwnedState:
    """Mixin for a widget whose view never writes its model.

    A state update sent by a page is then a forgery or a bug: accepting even a valid one would
    let a visitor make a card playable or enable a disabled row. It is refused, and the true
    state is sent back so that the page shows it again.
    """

    def set_state(self, sync_data: Any) -> None:
        names = [name for name in sync_data if name in self.keys] if isinstance(sync_data, dict) else []  # type: ignore[attr-defined]
        if names:
            self.send_state(names)  # type: ignore[attr-defined]
