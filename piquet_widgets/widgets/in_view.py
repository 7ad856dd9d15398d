"""On a phone, the part of a view the learner plays on kept in the first screen.

A phone's screen holds the practice table's felt or the page's header and toolbar, not both: at
the top of the page the learner's hand, the trick and the explanation are below the screen. A
`KeepInView` among a view's children brings its `part` (the felt during the play) to the top of
the screen when the cards in it change — a card played, the play begun — and only then, so a
learner who scrolls to read stays where he is until he moves again; nothing on a wider screen
(docs/accessibility.md). The work is done in the page (in_view.js).
"""

from __future__ import annotations

from pathlib import Path

import ipywidgets as widgets
import traitlets

from piquet_widgets.widgets.owned_state import PythonOwnedState
from piquet_widgets.widgets.shared_module import SharedModule

__all__ = ["KeepInView"]

NARROW = "(max-width: 640px)"  # the phone's layout of table.css and the app's stylesheet


class KeepInView(PythonOwnedState, SharedModule):
    """An invisible widget that keeps `part` (a CSS selector inside its view `scope`) at the top
    of a narrow screen whenever the cards in it change, unless `part` and the top of `below`
    are already on the screen."""

    _module = Path(__file__).parent / "in_view.js"
    _module_tail = Path(__file__).parent / "in_scope.js"  # its view waits for its scope
    scope = traitlets.Unicode(".pw-root").tag(sync=True)
    part = traitlets.Unicode("").tag(sync=True)
    below = traitlets.Unicode("").tag(sync=True)
    media = traitlets.Unicode(NARROW).tag(sync=True)

    def __init__(self, scope: str, part: str, below: str = "") -> None:
        super().__init__(scope=scope, part=part, below=below, layout=widgets.Layout(display="none"))
