"""The focus rule, kept in one place for every view (docs/accessibility.md).

When an action removes, hides or disables the focused control (Discard once the cards are
discarded, a declaration once said, Next at the last step, Check once a drill is solved, a
lesson replaced by the next), the focus moves to the next control the learner needs — never to
the page, where a keyboard user would start again from the top. A view puts one `FocusKeeper`
among its children, naming its own element (`scope`) and, in order of preference, where the
focus goes (`targets`, CSS selectors inside the scope): the first one present, shown and enabled
takes it. The work is done in the page (focus.js), where the focus is.

The same view keeps two more keyboard and screen-reader rules of its scope: a closed menu opens
its list on an arrow key instead of changing its value at once (a menu acts on a committed
choice), and states the widgets show by a class alone are given as `aria-pressed`,
`aria-current` and `aria-expanded`, with the app's `navigation` and `main` landmarks.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import ipywidgets as widgets
import traitlets

from piquet_widgets.widgets.owned_state import PythonOwnedState
from piquet_widgets.widgets.shared_module import SharedModule

__all__ = ["FocusKeeper"]


class FocusKeeper(PythonOwnedState, SharedModule):
    """An invisible widget that keeps the focus in its view (`scope`) by the focus rule."""

    _module = Path(__file__).parent / "focus.js"
    _module_tail = Path(__file__).parent / "in_scope.js"  # its view waits for its scope
    scope = traitlets.Unicode(".pw-root").tag(sync=True)
    targets = traitlets.List(traitlets.Unicode()).tag(sync=True)

    def __init__(self, scope: str, targets: Sequence[str]) -> None:
        super().__init__(scope=scope, targets=list(targets), layout=widgets.Layout(display="none"))
