"""One polite live region per view: what just changed, said to a screen reader.

A view (the walkthrough, the practice table, a drill, an exercise) keeps one `Announcer` and
calls `say(words)` after each change the learner caused: the step's explanation, who won the
trick and the score, right or wrong and why. The region is one element whose text is replaced,
never recreated (screen readers often stay silent on a region just added). Progress of a long
analysis goes through `say(..., every=seconds)`, which drops words that come sooner than that.
"""

from __future__ import annotations

import re
import time
from html import unescape
from pathlib import Path

import ipywidgets as widgets
import traitlets

from piquet_widgets.widgets.owned_state import PythonOwnedState
from piquet_widgets.widgets.shared_module import SharedModule

__all__ = ["Announcer", "plain_words"]

_HERE = Path(__file__).parent


class Announcer(PythonOwnedState, SharedModule):
    """A visually hidden `role="status"` region (`pw-live`) whose text is `text`."""

    _module = _HERE / "announce.js"
    _module_css = _HERE / "announce.css"
    text = traitlets.Unicode("").tag(sync=True)

    def __init__(self) -> None:
        super().__init__(layout=widgets.Layout(width="0", height="0", overflow="hidden"))
        self.add_class("pw-announcer")
        self._said_at = 0.0

    def say(self, words: str, every: float = 0.0, repeat: bool = False) -> None:
        """Say `words` now; nothing if they are what was said last, unless `repeat` (a refusal
        said again: a no-break space added or taken away makes it a change); with `every`, only
        if at least that many seconds have passed since the last words said."""
        now = time.monotonic()
        if every and now - self._said_at < every:
            return
        if self.text.rstrip("\u00a0") == words:
            if not repeat:
                return
            words = words if self.text.endswith("\u00a0") else words + "\u00a0"
        self._said_at = now
        self.text = words

def plain_words(html: str) -> str:
    """The words of a piece of simple HTML (an exercise's explanation), for the live region."""
    return " ".join(unescape(re.sub(r"<[^>]*>", " ", html)).split())
