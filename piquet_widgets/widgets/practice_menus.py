"""The practice table's menus and switches: the learner's seat (`pw-role`), the computer's level
(`pw-level`) and open or closed hands (`pw-mode`), in the current language, showing the
session's; and the More panel's switches: the talon face up (`pw-show-talon`), "Study this deal"
(`pw-study`) and "Declare for me" (`pw-declare-for-me`).

A seat or hands chosen in the middle of a deal would end it: the table asks first (`pw-ask`,
with `pw-ask-yes` and `pw-ask-no`) and the menu shows the seat in play until the learner answers.
(The page's menus act on a committed choice, not on each arrow key: widgets/focus.js.)

`TableMenus` is a part of `PracticeTable` (widgets/practice.py): it uses the table's `session`,
its switches, `new_partie`, `_do`, `_prompt` and `_render`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from html import escape

import ipywidgets as widgets

from piquet_widgets.analysis.players import PLAYERS
from piquet_widgets.engine.deal import Phase
from piquet_widgets.i18n import N_, _
from piquet_widgets.teach.session import MODES, ROLES, PracticeOptions, PracticeSession
from piquet_widgets.widgets.board import set_shown, set_value

__all__ = ["TableMenus"]

_ROLE_NAMES = {"elder": N_("I play elder"), "younger": N_("I play younger"), "both": N_("I play both hands")}
_MODE_NAMES = {"open": N_("Open hands"), "closed": N_("Closed hands")}
_LEVEL_NAMES = {"beginner": N_("Computer: beginner"), "club": N_("Computer: club player"), "expert": N_("Computer: expert")}
_ASK = {
    "role": N_("Another seat starts a new partie, and the deal in progress is lost. Start a new partie?"),
    "mode": N_("Other hands start a new partie, and the deal in progress is lost. Start a new partie?"),
}


class TableMenus:
    """The seat, level and hands menus of a practice table, the question before a change that
    would end the deal in progress, and the More panel's switches."""

    def _build_menus(self, start: PracticeOptions) -> None:
        self._updating = False
        self._asked: tuple[str, str] | None = None  # the change waiting for the learner's answer
        self.role_select = widgets.Dropdown(options=[("", r) for r in ROLES], value=start.role).add_class("pw-role")
        self.level_select = widgets.Dropdown(options=[(start.level, start.level)], value=start.level).add_class("pw-level")
        self.mode_select = widgets.Dropdown(options=[(m, m) for m in MODES], value=start.mode).add_class("pw-mode")
        self.ask_text = widgets.HTML().add_class("pw-ask-text")
        self.ask_yes = widgets.Button(button_style="warning").add_class("pw-ask-yes")
        self.ask_no = widgets.Button(button_style="primary").add_class("pw-ask-no")
        self.ask_yes.on_click(lambda _b: self.answer_change(True))
        self.ask_no.on_click(lambda _b: self.answer_change(False))
        self.ask_box = widgets.Box([self.ask_text, self.ask_yes, self.ask_no]).add_class("pw-toolbar").add_class("pw-ask")
        set_shown(self.ask_box, False)
        self.role_select.observe(lambda change: self._on_menu("role", change), names="value")
        self.mode_select.observe(lambda change: self._on_menu("mode", change), names="value")
        self.level_select.observe(self._on_level, names="value")

    def choose(self, menu: str, value: str) -> None:
        """The learner chose `value` in the seat ("role") or hands ("mode") menu: done at once
        between deals, asked first in the middle of one."""
        known = ROLES if menu == "role" else MODES
        current = self.session.role if menu == "role" else self.session.mode
        if menu not in _ASK or value not in known or value == current:
            return
        if self._deal_in_progress():
            self._asked = (menu, value)
            self._render()
            return
        self._change(menu, value)

    def answer_change(self, yes: bool) -> None:
        """The learner's answer to the question: make the change, or keep playing."""
        asked, self._asked = self._asked, None
        if yes and asked is not None:
            self._change(*asked)
        else:
            self._render()

    def _change(self, menu: str, value: str) -> None:
        if menu == "role":
            self.new_partie(value)
        else:
            self.set_mode(value)

    def set_level(self, level: str) -> None:
        """Play against another computer player from its next move on (the level menu)."""
        if isinstance(level, str) and level in PLAYERS:
            self.session.set_level(level)
            self._render()

    def set_mode(self, mode: str) -> None:
        """Open or closed hands (the mode menu): a new partie in that mode, the role and level kept."""
        if not isinstance(mode, str) or mode not in MODES or mode == self.session.mode:
            return
        old = self.session
        self.session = PracticeSession(old.role, level=old.level, rules=old.rules, speak=not self.declare_check.value, mode=mode)
        self.session.show_talon = old.show_talon
        self._prompt()
        self._render()

    def show_talon(self, on: bool = True) -> None:
        """The study option: the talon face up before it is drawn (face down by default)."""
        on = bool(on)
        if self.talon_check.value != on:
            self.talon_check.value = on  # its observer calls back here
            return
        self.session.show_talon = on
        self._hint = None  # its words depend on what the learner sees
        self._render()

    def study(self, on: bool = True) -> None:
        """Closed piquet's "Study this deal": Undo may go back anywhere; the deal is marked studied."""
        on = bool(on)
        if self.study_check.value != on:
            self.study_check.value = on  # its observer calls back here
            return
        if on != self.session.studying:  # not when the table only shows the session's state
            self._do(lambda: self.session.study(on))

    def declare_for_me(self, on: bool = True) -> None:
        """The switch: the declarations made for the learner, or spoken by him (the default)."""
        on = bool(on)
        if self.declare_check.value != on:
            self.declare_check.value = on  # its observer calls back here
            return
        self.session.speak = not on and self.session.mode == "open"
        self.session.spoken = []
        self._do(self.session.settle)

    def _deal_in_progress(self) -> bool:
        """The learner has made a move in a deal that is not over."""
        return self.session.deal.phase is not Phase.FINISHED and bool(self.session.decision_points())

    def _on_menu(self, menu: str, change: dict) -> None:
        if not self._updating and isinstance(change.get("new"), str):
            self.choose(menu, change["new"])

    def _on_level(self, change: dict) -> None:
        if not self._updating and isinstance(change.get("new"), str):
            self.set_level(change["new"])

    @contextlib.contextmanager
    def _quietly(self) -> Iterator[None]:
        """Set the menus from Python without their observers taking it for the learner's choice."""
        self._updating = True
        try:
            yield
        finally:
            self._updating = False

    def _sync_menus(self) -> None:
        """The menus in the current language, showing the session's seat, level and hands (and
        the question, while a change waits for an answer)."""
        with self._quietly():
            options = [(_(_ROLE_NAMES[role]), role) for role in ROLES]
            if list(self.role_select.options) != options:
                self.role_select.options = options
            set_value(self.role_select, self.session.role)
            levels = [(_(_LEVEL_NAMES[level]) if level in _LEVEL_NAMES else level, level) for level in PLAYERS]
            if list(self.level_select.options) != levels:
                self.level_select.options = levels
            set_value(self.level_select, self.session.level)
            modes = [(_(_MODE_NAMES[mode]), mode) for mode in MODES]
            if list(self.mode_select.options) != modes:
                self.mode_select.options = modes
            set_value(self.mode_select, self.session.mode)
        if self._asked is not None and not self._deal_in_progress():
            self._asked = None  # the deal ended meanwhile (or another began): nothing to ask
        asked = self._asked
        set_value(self.ask_text, f'<p role="alert">{escape(_(_ASK[asked[0]]))}</p>' if asked else "")
        self.ask_yes.description = _("Start a new partie")
        self.ask_no.description = _("Keep playing")
        set_shown(self.ask_box, asked is not None)
