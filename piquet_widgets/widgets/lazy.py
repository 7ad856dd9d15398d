"""A box whose content is built only when the page is about to show it.

A lesson page in the app is some 400 to 700 widgets, most of them far below the fold (a
walkthrough, the exercises, the drills), and the server relays every widget message to every
visitor: a class opening the app at once waits on widgets nobody sees yet (issue 16). A
`LazyBox` first holds a placeholder of about the content's height (an invisible sentinel view
with the status "Loading…"); when the placeholder comes within a screen of the view, the page
tells Python, which builds the content (`build()`, its widgets sent in one message each) and
puts it in the placeholder's place. `build_now()` builds it at once.

>>> import ipywidgets as widgets
>>> box = LazyBox(lambda: widgets.HTML("<p>A walkthrough</p>"), placeholder_height="30em")
>>> box.built, type(box.children[0]).__name__
(False, 'LazySentinel')
>>> box.build_now().value, box.built
('<p>A walkthrough</p>', True)
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import traitlets

from piquet_widgets.i18n import _
from piquet_widgets.compat.batch import one_message_each
from piquet_widgets.widgets.board import set_children
from piquet_widgets.widgets.language import follow_language
from piquet_widgets.widgets.owned_state import PythonOwnedState
from piquet_widgets.widgets.shared_module import SharedModule

_HERE = Path(__file__).parent


class LazySentinel(PythonOwnedState, SharedModule):
    """The placeholder's view (`lazy.js`): a status `label` in a reserved `height` (a CSS
    length, its layout's least height), which sends `{"type": "visible"}` once when it comes
    near the screen."""

    _module = _HERE / "lazy.js"

    label = traitlets.Unicode("").tag(sync=True)

    def __init__(self, height: str, on_visible: Callable[[], object]) -> None:
        super().__init__(layout=widgets.Layout(min_height=height))
        self._on_visible = on_visible
        self._relabel()
        follow_language(self._relabel)
        self.on_msg(self._on_message)

    def _relabel(self) -> None:
        self.label = _("Loading…")

    def _on_message(self, _widget: object, content: Any, _buffers: object) -> None:
        """Only `{"type": "visible"}` means anything; a page sends what it likes."""
        if content == {"type": "visible"}:
            self._on_visible()


class LazyBox(widgets.VBox):
    """A box that shows `build()` once the page is about to show it (see the module's
    docstring); `placeholder_height` is about the content's height, as a CSS length. It has
    the class `pw-lazy` until its content is built."""

    def __init__(self, build: Callable[[], widgets.Widget], placeholder_height: str = "20em", **kwargs: Any) -> None:
        self._build: Callable[[], widgets.Widget] | None = build
        super().__init__([LazySentinel(placeholder_height, self.build_now)], **kwargs)
        self.add_class("pw-lazy")

    @property
    def built(self) -> bool:
        return self._build is None

    def build_now(self) -> widgets.Widget:
        """Build the content now, unless it is built already; returns it. The placeholder is closed."""
        if self._build is not None:
            build, self._build = self._build, None
            with one_message_each(), self.hold_sync():  # one update: the content in, the class off
                set_children(self, [build()])
                self.remove_class("pw-lazy")
        return self.children[0]
