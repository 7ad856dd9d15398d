""""Say your count" at the practice table (`teach.count`): the switch `pw-count-toggle` (off by
default, among the table's other options, kept from deal to deal and partie to partie), and after
each trick a labelled field `pw-count-field` for the learner's running score, submitted by Enter
or `pw-count-check`; the verdict (`pw-count-result`, `pw-count-right` or `pw-count-wrong`) is shown
and said through the table's live region. Play goes on whether he answers or not.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from piquet_widgets.i18n import _
from piquet_widgets.teach.count import CountAloud, CountVerdict
from piquet_widgets.teach.session import PracticeSession
from piquet_widgets.widgets.announce import Announcer
from piquet_widgets.widgets.board import set_shown, set_value

__all__ = ["PracticeCount"]

_STATES = {True: "pw-count-right", False: "pw-count-wrong", None: "pw-count-refused"}


class PracticeCount(widgets.VBox):
    """The field and its verdict; `toggle` is placed by the table with its other options.
    `follow()` after each move, `relabel()` when the language changes."""

    def __init__(self, session: Callable[[], PracticeSession], announcer: Announcer) -> None:
        self.session = session
        self.announcer = announcer
        self.model = CountAloud()
        self.toggle = widgets.Checkbox(value=False, indent=False).add_class("pw-count-toggle")
        self.field = widgets.Text(style={"description_width": "initial"}).add_class("pw-count-field")
        self.field.on_msg(self._on_field_message)  # Enter in the field submits the count
        self.check_button = widgets.Button().add_class("pw-count-check")
        self.check_button.on_click(lambda _button: self.submit())
        self.result = widgets.HTML().add_class("pw-count-result")
        super().__init__([widgets.Box([self.field, self.check_button]).add_class("pw-toolbar"), self.result])
        self.add_class("pw-count")
        self.toggle.observe(lambda change: self.switch(change["new"]), names="value")
        self.relabel()

    def switch(self, on: bool) -> None:
        """Turn "Say your count" on or off (what the switch does)."""
        if self.toggle.value != bool(on):
            self.toggle.value = bool(on)  # its observer calls back here
            return
        self.model.switch(on, self.session())
        self._render()

    def follow(self) -> None:
        """After a move: the count of the latest trick is asked (the field emptied for it)."""
        asked = self.model.question
        self.model.follow(self.session())
        if self.model.question is not asked:
            set_value(self.field, "")
        self._render()

    def submit(self) -> CountVerdict | None:
        """Judge the count typed in the field, show and say the verdict."""
        verdict = self.model.answer(self.field.value)
        if verdict is not None:
            self._render()
            self.announcer.say(self.result_text(), repeat=True)
        return verdict

    def result_text(self) -> str:
        verdict = self.model.verdict
        return "" if verdict is None else str(verdict.reason)

    def relabel(self) -> None:
        self.toggle.description = _("Say your count")
        self.toggle.tooltip = _("After each trick, type your running score, as players count aloud")
        self.check_button.description = _("Check")
        self._render()

    def _render(self) -> None:
        question, verdict = self.model.question, self.model.verdict
        set_shown(self, question is not None)
        if question is None:
            return
        self.field.description = str(question.label())
        answered = verdict is not None and verdict.right is not None
        self.field.disabled = self.check_button.disabled = answered
        for state in _STATES.values():
            self.result.remove_class(state)
        if verdict is not None:
            self.result.add_class(_STATES[verdict.right])
        set_value(self.result, f"<p>{escape(self.result_text())}</p>" if verdict is not None else "")

    def _on_field_message(self, _widget: object, content: object, _buffers: object) -> None:
        """ipywidgets' text field sends `{"event": "submit"}` on Enter (verified with ipywidgets
        8.1, as the drill's field)."""
        if isinstance(content, dict) and content.get("event") == "submit":
            self.submit()
