"""`PracticeTable`: open piquet against the computer, deal after deal, a whole partie.

The table builds its controls and renders a `teach.session.PracticeSession`, which holds the game
and decides everything: an illegal card or discard is refused with the engine's own message and
changes nothing. The learner plays elder, younger or both; the computer plays the rest.

>>> table = PracticeTable(role="elder", deal=7, declare_for_me=True)
>>> table.to_move_is_learner, table.deal.phase.value
(True, 'exchange')
>>> for card in table.deal.hand(table.deal.to_move)[:3]:
...     table.click(table.deal.to_move, card)        # what a click on the card does
>>> table.confirm()                                   # discard those three
>>> table.deal.phase.value
'play'
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Iterator
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from piquet_widgets.analysis.players import PLAYERS, Player
from piquet_widgets.analysis.review import CardValues, Hint, Review, card_values, review_deal
from piquet_widgets.engine.cards import Card, parse_card
from piquet_widgets.engine.deal import Deal, Phase, Seat
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.engine.files import read_json_file, write_json_atomic
from piquet_widgets.engine.partie import Partie
from piquet_widgets.engine.records import is_partie
from piquet_widgets.engine.rules import Rules
from piquet_widgets.i18n import N_, _, get_language, ngettext
from piquet_widgets.teach.events import explain_event
from piquet_widgets.teach.meter import meters
from piquet_widgets.teach.session import CLOSED_NO_HINT, COMPUTER, LEARNER, MODES, ROLES, PracticeOptions, PracticeSession
from piquet_widgets.teach.dialogue import category_dialogue
from piquet_widgets.teach.narration import Explanation, explain_step
from piquet_widgets.teach.steps import steps_of
from piquet_widgets.widgets.analysis_status import Analyst
from piquet_widgets.widgets.announce import Announcer
from piquet_widgets.widgets.mistake_flag import MistakeFlag
from piquet_widgets.widgets.board import (
    SEATS,
    dialogue_html,
    explanation_html,
    explanation_words,
    message_html,
    set_children,
    set_shown,
    set_value,
    style_widget,
    summary_html,
)
from piquet_widgets.widgets.felt import Felt
from piquet_widgets.widgets.focus import FocusKeeper
from piquet_widgets.widgets.language import LanguageSelector, follow_language
from piquet_widgets.widgets.browser_store import partie_key, partie_store
from piquet_widgets.widgets.scoreboard import ScoreBoard

__all__ = ["PracticeTable", "ROLES"]

_ROLE_NAMES = {"elder": N_("I play elder"), "younger": N_("I play younger"), "both": N_("I play both hands")}
_MODE_NAMES = {"open": N_("Open hands"), "closed": N_("Closed hands")}
_LEVEL_NAMES = {"beginner": N_("Computer: beginner"), "club": N_("Computer: club player"), "expert": N_("Computer: expert")}
Message = str | PiquetError | Callable[[], str]
_SET_ASIDE = {
    "open": N_("The open-hands partie kept in this browser is set aside: a new partie with closed hands begins, as the address asks."),
    "closed": N_("The closed-hands partie kept in this browser is set aside: a new partie with open hands begins."),
}
DEFAULT_SAVE_PATH = "piquet-partie.json"


class PracticeTable(widgets.VBox):
    """Open piquet against the computer: choose discards and cards by clicking them.

    `role` and the `options` start the session (`teach.session.PracticeOptions`: `deal`, `seed`,
    `level`, `rules`, `mode`); what the table adds:

    - `role`: "elder", "younger" or "both" — the learner's seat in the first deal of the partie
      (the deal alternates, so the learner is elder and younger in turn).
    - `level`: the computer player (see `analysis.players.PLAYERS`): beginner, club or expert;
      the level menu (`pw-level`) changes it at any time.
    - `language_selector`: show the language menu (`pw-language`); choosing a language re-renders
      every text of the table (and of every other widget shown) and keeps the game where it is.
    - `keep_in_browser`: the partie is kept in the visitor's browser (localStorage) and restored
      when the page is opened again there — unless a `deal` was asked for (the address's
      `?seed=`, or notebook code): that deal is played, not the kept partie. The browser keeps
      one partie of each mode, and restores the one of the mode the table opens in (the
      address's `?mode=`). In closed piquet it keeps the finished deals only: the record of a
      deal in progress holds the hidden cards (the same goes for Download).
    - `declare_for_me`: the declarations are made for the learner; by default he speaks them
      with the buttons `pw-speak` (his announcements, answers and running totals) and a wrong
      one is refused with the reason. The switch `pw-declare-for-me` (More panel) changes it.
    - `mode`: "open" or "closed" (the menu `pw-mode`): in closed piquet the computer's hand and
      the talon are face down, the computer is the closed player of the level (it sees only its
      seat's observation), the learner declares himself and may sink, and "Show me" shows what
      the computer declared (Law 55). Hints and card values are for open play.

    The toolbar holds the role, the level, New deal, Undo, Redo and Hint; the "More" panel
    (`pw-more`) the deal code (`pw-code`, `pw-load`), New partie, and Download / Upload
    (`pw-download-partie`, `pw-upload-partie`) of the partie as a partie record file — files of
    the visitor's own computer: nothing typed or clicked in the page names a file on the server.

    Analysis (the exact solver, through the `analyst`'s runner): the toggle `pw-show-values`
    marks each legal card of the learner with what it loses against the best play ('=' for a
    best card, '−3'); `pw-hint` names the best card, or the best discards (the exchange advisor);
    at the end of the deal `pw-review` lists every card of the learner's that was not the best,
    what it cost and the better card. A long search shows "Analysing…" and a Stop button and
    runs in a thread.

    Python API (what the buttons and clicks call): `click(seat, card)`, `confirm()`, `undo()`,
    `redo()`, `new_deal()`, `next_deal()`, `new_partie(role=None)`, `load_code(code)`,
    `set_level(level)`, `show_values(on)`, `show_hint()`, `refresh()`, and, from a notebook,
    `save(path, overwrite=False)` and `load(path)`; `session` is the game itself; `card_values`
    and `review` hold what the analysis found.
    """

    def __init__(
        self,
        role: str = "elder",
        *,
        four_colour: bool = False,
        language_selector: bool = True,
        keep_in_browser: bool = True,
        declare_for_me: bool = False,
        **options: Any,
    ) -> None:
        start = PracticeOptions(role, **options)  # the session's options, and no others
        self.session = PracticeSession(speak=not declare_for_me, **vars(start))
        self._values: dict[tuple, CardValues] = {}
        self._review: tuple[Deal, Review] | None = None
        self._hint: Hint | None = None
        self._hint_deal: Deal | None = None
        self._retries_for: tuple[Review | None, str] | None = None  # the review and language the retry buttons are made for
        self._analysed: Deal | None = None  # the deal the analysis caches are about
        self._message: tuple[Message, str] = ("", "info")
        self._updating = False

        self.title = widgets.HTML().add_class("pw-title")
        self.deal_number = widgets.HTML().add_class("pw-deal-number")
        self.role_select = widgets.Dropdown(options=[("", r) for r in ROLES], value=start.role).add_class("pw-role")
        self.level_select = widgets.Dropdown(options=[(start.level, start.level)], value=start.level).add_class("pw-level")
        self.mode_select = widgets.Dropdown(options=[(m, m) for m in MODES], value=start.mode).add_class("pw-mode")
        self.show_me_button = widgets.Button().add_class("pw-speak").add_class("pw-show-me")
        self.show_me_button.on_click(lambda _b: self.show_me())
        self.values_button = widgets.ToggleButton(value=False).add_class("pw-show-values")
        self.hint_button = widgets.Button().add_class("pw-hint")
        self.hint_view = widgets.HTML(layout=widgets.Layout(width="100%")).add_class("pw-hint-text")
        self.review_view = widgets.HTML(layout=widgets.Layout(width="100%")).add_class("pw-review").add_class("pw-panel")
        self.retry_box = widgets.Box().add_class("pw-toolbar").add_class("pw-retries")
        self.play_again_button = widgets.Button().add_class("pw-play-again")
        self.play_again_button.on_click(lambda _b: self.play_again())
        self.announcer = Announcer()  # what the learner's move brought, and the score, said to a screen reader
        self.analyst = Analyst(self.announcer)
        self.mistake_flag = MistakeFlag()  # the learner's card flagged when it is a mistake
        self.new_deal_button = widgets.Button().add_class("pw-new-deal")
        self.undo_button = widgets.Button().add_class("pw-undo")
        self.redo_button = widgets.Button().add_class("pw-redo")
        self.more_button = widgets.ToggleButton(value=False).add_class("pw-more")
        self.next_deal_button = widgets.Button(button_style="primary").add_class("pw-next-deal")
        self.new_partie_button = widgets.Button().add_class("pw-new-partie")
        self.code_input = widgets.Text(continuous_update=False, style={"description_width": "initial"}).add_class("pw-code")
        self.load_button = widgets.Button().add_class("pw-load")
        self.talon_check = widgets.Checkbox(value=False, indent=False).add_class("pw-show-talon")
        self.study_check = widgets.Checkbox(value=False, indent=False).add_class("pw-study")
        self.declare_check = widgets.Checkbox(value=declare_for_me, indent=False).add_class("pw-declare-for-me")
        self.speech = widgets.Box().add_class("pw-toolbar").add_class("pw-speech")
        self._speech_keys: list[str] = []
        self.store = partie_store(self._on_record, self._refused, start.mode) if keep_in_browser else None
        if self.store is not None and start.deal is not None:
            self.store.restored = True  # the deal asked for wins over the partie this browser kept
        self.confirm_button = widgets.Button(button_style="primary").add_class("pw-confirm")
        self.message = widgets.HTML().add_class("pw-message")
        self.felt = Felt(four_colour=four_colour)
        self.felt.captions = lambda seat, deal: self.session.seat_label(seat)
        self.board = ScoreBoard()
        self.board.name_of = lambda seat: self.session.seat_label(seat)
        self.explanation = widgets.HTML(layout=widgets.Layout(width="100%")).add_class("pw-explanation").add_class("pw-panel")
        self.dialogue = widgets.HTML(layout=widgets.Layout(width="100%")).add_class("pw-dialogue-panel").add_class("pw-panel")
        self.partie_view = widgets.HTML(layout=widgets.Layout(width="100%")).add_class("pw-partie").add_class("pw-panel")
        self.summary = widgets.HTML(layout=widgets.Layout(width="100%")).add_class("pw-summary").add_class("pw-panel")

        for seat, row in self.felt.hands.items():
            row.on_click(lambda card, seat=seat: self.click(seat, card))
        self.confirm_button.on_click(lambda _b: self.confirm())
        self.undo_button.on_click(lambda _b: self.undo())
        self.redo_button.on_click(lambda _b: self.redo())
        self.new_deal_button.on_click(lambda _b: self.new_deal())
        self.next_deal_button.on_click(lambda _b: self.next_deal())
        self.new_partie_button.on_click(lambda _b: self.new_partie())
        self.load_button.on_click(lambda _b: self.load_code(self.code_input.value))
        self.role_select.observe(self._on_role, names="value")
        self.level_select.observe(self._on_level, names="value")
        self.mode_select.observe(self._on_mode, names="value")
        self.values_button.observe(lambda change: self.show_values(change["new"]), names="value")
        self.more_button.observe(lambda change: set_shown(self.more_panel, bool(change["new"])), names="value")
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.talon_check.observe(lambda change: self.show_talon(change["new"]), names="value")
        self.study_check.observe(lambda change: self.study(change["new"]), names="value")
        self.declare_check.observe(lambda change: self.declare_for_me(change["new"]), names="value")

        self.language_select = LanguageSelector() if language_selector else None
        header = widgets.Box(
            [self.title, self.deal_number] + ([self.language_select] if self.language_select is not None else [])
        ).add_class("pw-header")
        toolbar = widgets.Box(
            [self.role_select, self.level_select, self.mode_select, self.new_deal_button, self.undo_button, self.redo_button, self.hint_button, self.more_button]
        ).add_class("pw-toolbar")
        self.more_panel = widgets.Box(
            [self.code_input, self.load_button, self.new_partie_button, self.talon_check, self.declare_check, self.study_check]
            + ([self.store] if self.store is not None else [])
        ).add_class("pw-toolbar").add_class("pw-more-panel")
        set_shown(self.more_panel, False)
        actions = widgets.Box([self.confirm_button, self.next_deal_button, self.values_button]).add_class("pw-toolbar")
        main = widgets.VBox(
            [self.message, self.analyst, self.felt, self.mistake_flag, self.speech, actions, self.hint_view, self.review_view, self.retry_box]
        ).add_class("pw-main")
        # the explanation beside the felt, in view after every card (under the felt on a phone)
        side = widgets.VBox([self.explanation, self.board, self.dialogue, self.summary, self.partie_view]).add_class("pw-side")
        columns = widgets.Box([main, side]).add_class("pw-columns")
        keeper = FocusKeeper(".pw-practice", PRACTICE_FOCUS)
        super().__init__([style_widget(), header, toolbar, self.more_panel, columns, self.announcer, keeper])
        self.add_class("pw-root").add_class("pw-practice")

        self._prompt()
        self.refresh()
        follow_language(self.refresh)

    # -- the session's state, as the table shows it ----------------------------------------------------
    @property
    def deal(self) -> Deal:
        """The current state of the deal being played."""
        return self.session.deal

    @property
    def timeline(self) -> list[Deal]:
        return self.session.timeline

    @property
    def partie(self) -> Partie:
        return self.session.partie

    @property
    def partie_so_far(self) -> Partie:
        return self.session.partie_so_far

    @property
    def role(self) -> str:
        return self.session.role

    @property
    def level(self) -> str:
        return self.session.level

    @property
    def computer(self) -> Player:
        return self.session.computer

    @property
    def rules(self) -> Rules:
        return self.session.rules

    @property
    def selection(self) -> list[Card]:
        return self.session.selection

    @property
    def number(self) -> int:
        return self.session.number

    @property
    def settled(self) -> bool:
        return self.session.settled

    @property
    def learner_seats(self) -> frozenset[Seat]:
        return self.session.learner_seats

    @property
    def to_move_is_learner(self) -> bool:
        return self.session.to_move_is_learner

    @property
    def code(self) -> str:
        return self.session.code

    @property
    def message_text(self) -> str:
        """The message shown above the table, in the current language."""
        text = self._message[0]
        return text() if callable(text) else str(text)

    @property
    def message_kind(self) -> str:
        return self._message[1]

    # -- what the learner does -----------------------------------------------------------------------
    def _do(self, operation: Callable[[], object], said: Message | None = None) -> bool:
        """Run one of the session's operations, then say what to do next (or `said`) and draw;
        a refusal is said instead, and the session has changed nothing."""
        try:
            operation()
        except PiquetError as error:
            self._say(error, "error")  # the reason, translated whenever it is shown
            self._render()
            return False
        if said is None:
            self._prompt()
        else:
            self._say(said, "info")
        self._render()
        return True

    def click(self, seat: Seat, card: Card | str) -> None:
        """A card of `seat`'s hand was clicked: select it for the discard, or play it. A click on
        a hand that is not the learner's, or on no card, is ignored (the page disables those)."""
        try:
            card = card if isinstance(card, Card) else parse_card(card)
        except PiquetError:
            return
        if seat not in self.learner_seats:
            return
        self._do(lambda: self.session.select(seat, card))

    def confirm(self) -> None:
        """Discard the selected cards (the engine checks how many are allowed)."""
        self._do(self.session.confirm)

    def undo(self) -> None:
        """Take back the learner's last move (and the computer's answer to it)."""
        self._do(self.session.undo)

    def redo(self) -> None:
        """Replay a move taken back by `undo`."""
        self._do(self.session.redo)

    def new_deal(self) -> None:
        """Deal the current deal again with new cards (its place in the partie is kept)."""
        self._do(self.session.new_deal)

    def load_code(self, code: Any) -> None:
        """Play the deal of a deal code instead of the current one."""
        if self._do(lambda: self.session.load_code(code)):
            loaded = self.code
            self._say(lambda: _("Deal {code} loaded.").format(code=loaded), "info")
            self._render()

    def next_deal(self) -> None:
        """Put the finished deal on the partie sheet and deal the next one."""
        if self.settled:  # not a mistake: the partie is simply over
            self._say(lambda: _("The partie is over: start a new partie."), "info")
            self._render()
            return
        self._do(self.session.next_deal)

    def new_partie(self, role: str | None = None) -> None:
        """Start a new partie; `role` is the learner's seat in its first deal."""
        if role is not None and role not in ROLES:
            return
        self._do(lambda: self.session.new_partie(role))

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

    def show_me(self) -> None:
        """The learner asks to see the computer's declared combinations (Law 55)."""
        self._do(self.session.show_me)

    def _on_mode(self, change: dict) -> None:
        if not self._updating and isinstance(change.get("new"), str):
            self.set_mode(change["new"])

    def _on_role(self, change: dict) -> None:
        if not self._updating and change.get("new") in ROLES:
            self.new_partie(change["new"])

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
        """The role and level menus, in the current language, showing the session's."""
        with self._quietly():
            options = [(_(_ROLE_NAMES[role]), role) for role in ROLES]
            if list(self.role_select.options) != options:
                self.role_select.options = options
            set_value(self.role_select, self.role)
            levels = [(_(_LEVEL_NAMES[level]) if level in _LEVEL_NAMES else level, level) for level in PLAYERS]
            if list(self.level_select.options) != levels:
                self.level_select.options = levels
            set_value(self.level_select, self.level)
            modes = [(_(_MODE_NAMES[mode]), mode) for mode in MODES]
            if list(self.mode_select.options) != modes:
                self.mode_select.options = modes
            set_value(self.mode_select, self.session.mode)

    # -- saving and restoring the partie -------------------------------------------------------------
    def partie_record(self) -> dict[str, Any]:
        """The partie so far as a partie record (formats.md): the finished deals and the current
        deal as far as it has gone, with the extra fields `role`, `level` and `settled`."""
        return self.session.record()

    def save(self, path: str | os.PathLike = DEFAULT_SAVE_PATH, overwrite: bool = False) -> bool:
        """Write the partie to `path` (atomically; from a notebook, not from the page). A file
        there that is not a saved partie is replaced only with `overwrite=True`; the message says
        where the partie went, or why it did not."""
        name = str(path or "").strip()
        try:
            if not name:
                raise PiquetError(N_("Give the name of a file to save to."))
            target = Path(name)
            if not overwrite and (target.exists() or target.is_symlink()) and not _is_saved_partie(target):
                raise PiquetError(N_("{file}: already exists and is not a saved partie; save with overwrite=True to replace it"), file=name)
            try:
                write_json_atomic(target, self.partie_record())
                target.chmod(_new_file_mode())  # as any file the learner makes, not private to the kernel
            except OSError as error:
                raise PiquetError(N_("{file}: cannot be written ({reason})"), file=name, reason=error.strerror or error) from None
        except PiquetError as error:
            self._say(error, "error")
            self._render()
            return False
        self._say(lambda: _("Partie saved to {file}.").format(file=name), "info")
        self._render()
        return True

    def load(self, path: str | os.PathLike = DEFAULT_SAVE_PATH) -> bool:
        """Restore a partie saved by `save`: its deals, the current deal with its undo history,
        the role and the level. A missing, corrupt or foreign file is refused with the reason in
        the message, and nothing else changes."""
        name = str(path or "").strip()
        try:
            if not name:
                raise PiquetError(N_("Give the name of a file to load."))
            value = read_json_file(name)
        except PiquetError as error:
            self._refused(error)
            return False
        return self._restore(value, name, lambda: _("Partie loaded from {file}.").format(file=name))

    def _keep_in_browser(self) -> None:
        """The browser's copy of the partie, under the key of its mode (both sent together)."""
        kept = self.session.public_record()
        record = "" if kept is None else json.dumps(kept, ensure_ascii=False)
        key = partie_key(self.session.mode)
        with self.store.hold_sync():
            if self.store.storage_key != key:
                self.store.storage_key = key
            if self.store.record != record:
                self.store.record = record

    def _on_record(self, source: str, value: Any, name: Any) -> None:
        """A record the page sent: the one this browser kept, or a file the visitor uploaded.
        A kept partie of the other mode (kept before each mode had its own) is set aside: the
        table plays the mode it was opened in, as the address asked."""
        if source == "restore":
            kept = value.get("mode", "open") if isinstance(value, dict) else None
            if kept in MODES and kept != self.session.mode:
                self._say(lambda: _(_SET_ASIDE[kept]), "info")
                self._render()
                return
            self._restore(value, name, lambda: _("The partie kept in this browser is restored."))
        else:
            shown = str(name)
            self._restore(value, name, lambda: _("Partie loaded from {file}.").format(file=shown))

    def _restore(self, value: Any, name: Any, said: Message) -> bool:
        try:
            session = PracticeSession.from_record(value, name, speak=not self.declare_check.value)
        except PiquetError as error:
            self._refused(error)
            return False
        session.show_talon = self.session.show_talon  # the study option stays
        self.session = session
        self._say(said, "info")
        self._render()
        return True

    def _refused(self, error: PiquetError) -> None:
        self._say(error, "error")
        self._render()

    # -- analysis ----------------------------------------------------------------------------------
    @property
    def card_values(self) -> CardValues | None:
        """The solved values of the learner's legal cards now, if they have been computed."""
        deal = self.deal
        return self._values.get(_position_key(deal)) if deal.phase is Phase.PLAY else None

    @property
    def review(self) -> Review | None:
        """The review of the finished deal, once computed."""
        if self._review is not None and self._review[0] is self.deal:
            return self._review[1]
        return None

    def show_values(self, on: bool = True) -> None:
        """Mark (or stop marking) each legal card of the learner with its cost against the best."""
        on = bool(on)
        if self.values_button.value != on:
            self.values_button.value = on  # its observer calls back here
            return
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

    def retry(self, index: int) -> None:
        """Take the table back to the moment of a mistake of the review, to try again."""
        self._do(lambda: self.session.retry(index))

    def play_again(self) -> None:
        """The same cards again, the learner in the other seat, as the next deal of the partie
        (of a new partie after the last deal; see `PracticeSession.play_again`)."""
        self._do(self.session.play_again)

    def say(self, key: str) -> None:
        """The learner says the words of a `pw-speak` button (a key of `session.speech_choices()`)."""
        self._do(lambda: self.session.say(key))

    def show_hint(self) -> None:
        """The Hint button: first the idea in words, asked again the best card or discards (the
        solver, the exchange advisor) with the cards outlined on the table."""
        try:
            self.session.hint_request()
        except PiquetError as error:
            self._hint, self._hint_deal = None, None
            self._say(error, "error")
            self._render()
            return
        self.session.ask_hint()
        self._find_hint()

    def _find_hint(self) -> None:
        """The analysis behind the hint at its present stage (quick once found)."""
        deal = self.deal
        task = self.session.hint_request(progress=self.analyst.runner.progress)

        def done(found: object) -> None:
            if self.deal is deal:
                self._hint, self._hint_deal = found, deal  # type: ignore[assignment]
                self._render()

        # the exchange's whole-deal evaluation takes about a second: in the runner's thread,
        # its progress shown, like a hard position's first solve
        self.analyst.run(task, done)

    def _request_values(self) -> None:
        """The learner's legal cards marked with their cost, solved now or in the analyst's thread."""
        deal = self.deal
        key = _position_key(deal)
        if key in self._values:
            self._show_badges(deal, self._values[key])
            return

        def done(values: object) -> None:
            self._values[key] = values  # type: ignore[assignment]
            if self.deal is deal and self.values_button.value:
                self._show_badges(deal, values)  # type: ignore[arg-type]

        self.analyst.run(lambda solver: card_values(deal, solver), done)

    def _show_badges(self, deal: Deal, values: CardValues) -> None:
        row = self.felt.hands[values.seat]
        badges = {code: text for code, text in values.badges().items() if code in row.cards}
        if row.badges != badges:
            row.badges = badges

    def _request_review(self) -> None:
        final = self.deal
        if self._review is not None and self._review[0] is final:
            self._show_review()
            return
        timeline, seats = list(self.timeline), self.learner_seats

        def done(review: object) -> None:
            if self.deal is final:
                self._review = (final, review)  # type: ignore[assignment]
                self._show_review()

        self.analyst.run(lambda solver: review_deal(timeline, seats, solver, progress=self.analyst.runner.progress), done)

    def _show_review(self) -> None:
        review = self.review
        self._show_retries(review)
        if review is None:
            set_value(self.review_view, "")
            set_shown(self.review_view, False)
            return
        title = _("Review of your play") if self.role != "both" else _("Review of the play")
        parts = [f"<h3>{escape(title)}</h3>", f'<p class="pw-review-summary">{escape(review.summary())}</p>']
        if self.session.mode == "closed":
            note = _("The review sees every card: it compares your play with perfect play with both hands and the talon seen.")
            parts.insert(1, f'<p class="pw-review-open-note">{escape(note)}</p>')
        if review.mistakes:
            items = "".join(
                f'<li class="pw-mistake" data-cost="{mistake.cost}">{escape(mistake.sentence())}</li>' for mistake in review.mistakes
            )
            parts.append(f'<ol class="pw-mistakes">{items}</ol>')
        parts.extend(f'<p class="pw-exchange-note">{escape(note.sentence())}</p>' for note in review.exchanges)
        set_value(self.review_view, "".join(parts))
        set_shown(self.review_view, True)

    def _show_retries(self, review: Review | None) -> None:
        """A `pw-retry` button for each mistake (back to that moment) and `pw-play-again`, made
        again for another review or in another language."""
        language = get_language()
        if self._retries_for is not None and self._retries_for[0] is review and self._retries_for[1] == language:
            return
        self._retries_for = (review, language)
        if review is None:
            set_children(self.retry_box, [], keep=[self.play_again_button])
            set_shown(self.retry_box, False)
            return
        buttons = []
        for mistake in review.mistakes:
            text = _("Try trick {trick} again").format(trick=mistake.trick)
            button = widgets.Button(description=text, tooltip=mistake.sentence()).add_class("pw-retry")
            button.on_click(lambda _b, index=mistake.index: self.retry(index))
            buttons.append(button)
        if self.session.replays_in_new_partie:
            self.play_again_button.description = _("Play this deal again in a new partie")
            self.play_again_button.tooltip = _("That was the partie's last deal: a new partie starts with the same cards, you in the other seat")
        else:
            self.play_again_button.description = _("Play this deal again")
            self.play_again_button.tooltip = _("The same cards as the next deal of the partie, you in the other seat")
        set_children(self.retry_box, [*buttons, self.play_again_button])
        set_shown(self.retry_box, True)

    def _show_hint_text(self) -> None:
        if self.session.mode == "closed" and self.deal.phase is not Phase.FINISHED:
            set_value(self.hint_view, f'<p class="pw-hint-line pw-closed-note">{escape(_(CLOSED_NO_HINT))}</p>')
            set_shown(self.hint_view, True)
            return
        shown = self._hint is not None and self._hint_deal is self.deal
        words = self.session.hint_words(self._hint) if shown else ""
        set_value(self.hint_view, f'<p class="pw-hint-line" role="status">{escape(words)}</p>' if shown else "")
        set_shown(self.hint_view, shown)

    # -- words -------------------------------------------------------------------------------------
    def _say(self, text: Message, kind: str) -> None:
        """Show a message: a text, or — so that a change of language re-renders it — a function
        that makes the text, or an engine's refusal (translated when shown)."""
        self._message = (text, kind)

    def _prompt(self) -> None:
        """Say what the learner is to do now (words made anew at every render)."""
        done = self.settled or self.deal.phase is Phase.FINISHED
        self._say(lambda: self.session.prompt(), "done" if done else "info")


    # -- drawing ------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Re-render every text in the current language, keeping the game where it is."""
        title = _("Practice table: closed piquet") if self.session.mode == "closed" else _("Practice table: open piquet")
        set_value(self.title, f"<h2>{escape(title)}</h2>")
        self.new_deal_button.description = _("New deal")
        self.undo_button.description = _("↶ Undo")
        self.redo_button.description = _("↷ Redo")
        self.more_button.description = _("More")
        self.more_button.tooltip = _("The deal code, a new partie, and the partie as a file")
        self.next_deal_button.description = _("Next deal ▶")
        self.new_partie_button.description = _("New partie")
        self.load_button.description = _("Load code")
        self.talon_check.description = _("Show the talon")
        self.declare_check.description = _("Declare for me")
        self.study_check.description = _("Study this deal")
        self.study_check.tooltip = _("Lets Undo go back even before what a move showed you; the deal is marked as studied on the score sheet")
        if self.store is not None:
            self.store.download_label = _("Download partie")
            self.store.upload_label = _("Upload partie")
        self.hint_button.description = _("Hint")
        self.hint_button.tooltip = _("Name the best card, or the best discards")
        self.values_button.description = _("Card values")
        self.values_button.tooltip = _("Mark each card you may play with what it loses against the best play (= for a best card)")
        self.analyst.relabel()
        self.code_input.placeholder = _("Deal code")
        self.code_input.description = _("Deal code")
        self.role_select.description = _("Your seat")
        self.level_select.description = _("Computer level")
        self.mode_select.description = _("Hands")
        self.show_me_button.description = _("Show me")
        self.show_me_button.tooltip = _("Ask to see the cards of the computer's scoring combinations (Law 55)")
        self.felt.relabel()
        self.mistake_flag.relabel()
        if self._hint is not None and self._hint_deal is self.deal:
            self._hint = None
            self._find_hint()  # its words again, in the new language (the solver already knows the answer)
        self._render()

    relabel = refresh  # the name CardRow uses for the same thing

    def _forget_analysis_of_another_deal(self) -> None:
        """Another deal is on the table (new, loaded or restored): what was found is about the old one."""
        if self.timeline[0] is not self._analysed:
            self._analysed = self.timeline[0]
            self.analyst.new_deal()
            self._values.clear()
            self._review = None
            self._hint = None

    def _render(self) -> None:
        self._forget_analysis_of_another_deal()
        self._sync_menus()
        deal = self.deal
        learner = self.learner_seats
        if len(learner) == 1:
            self.felt.set_bottom(next(iter(learner)))
        with self.hold_sync():
            marks = {}
            for seat in SEATS:
                # Every card of the learner's hands answers a click, so that an illegal one is
                # refused with the engine's reason rather than silently.
                active = seat in learner and deal.phase in (Phase.EXCHANGE, Phase.PLAY)
                marks[seat] = {"playable": deal.hand(seat) if active else (), "disabled": not active}
            highlight = {deal.to_move: self.selection} if deal.phase is Phase.EXCHANGE else {}
            closed = self.session.mode == "closed"
            self.felt.talon_face_up = self.session.show_talon
            self.felt.hidden_seats = self.session.hidden_seats()
            outlined = {}
            if self._hint is not None and self._hint_deal is deal:
                outlined = {self._hint.seat: self.session.hint_outlined(self._hint)}
            self.felt.show(deal, highlight=highlight, marks=marks, outlined=outlined)
            self.board.show(deal, meters(deal))
            set_value(self.message, message_html(self.message_text, self.message_kind))
            exchange_turn = deal.phase is Phase.EXCHANGE and self.to_move_is_learner
            count = len(self.selection)
            self.confirm_button.description = ngettext("Discard {count} card", "Discard {count} cards", count).format(count=count)
            set_shown(self.confirm_button, exchange_turn)
            finished = deal.phase is Phase.FINISHED
            self._show_speech()
            self.undo_button.disabled = not self.session.can_undo
            set_shown(self.study_check, closed and not finished)
            set_value(self.study_check, self.session.studying)
            self.redo_button.disabled = not self.session.can_redo
            self.next_deal_button.disabled = not finished or self.settled
            set_value(self.code_input, "" if self.session.hidden_seats() else self.code)  # a code names every card
            total = self.rules.partie_deals
            if total and self.number <= total:
                number = _("Deal {number} of {total}").format(number=self.number, total=total)
            else:
                number = _("Deal {number}").format(number=self.number)
            set_value(self.deal_number, f"<span>{escape(number)}</span>")
            explained = self._explained()
            set_value(self.explanation, self._explanation_html(explained))
            if self.message_kind == "error":  # a refusal: its reason alone
                self.announcer.say(self.message_text, repeat=True)
            else:
                said = [self.message_text, *(explanation_words(each, self.session.seat_label) for each in explained), self.board.words(deal)]
                self.announcer.say(" ".join(said))
            set_value(self.dialogue, self._dialogue_html())
            set_value(self.partie_view, self._partie_html())
            if finished:
                set_value(self.summary, summary_html(deal, self.session.seat_label))
            set_shown(self.summary, finished)
            self.hint_button.disabled = not self.to_move_is_learner or closed
            self.values_button.disabled = closed
            set_shown(self.mistake_flag, not closed)  # open-hand analysis: for open play, as the hint
            if not closed:
                self.mistake_flag.follow(self.timeline, learner)
            self._show_hint_text()
            if self.store is not None:
                self._keep_in_browser()
            if self.values_button.value and deal.phase is Phase.PLAY and self.to_move_is_learner and not closed:
                self._request_values()
            if finished:
                self._request_review()
            else:
                self._show_review()

    def _show_speech(self) -> None:
        """One `pw-speak` button for each thing the learner may say now (none when he is not
        speaking), in closed piquet each declaration he may make, and "Show me" (Law 55)."""
        offered = self.session.speech_choices()
        can_show = self.session.can_show()
        keys = [choice.key for choice in offered] + (["show-me"] if can_show else [])
        if keys != self._speech_keys or [b.description for b in self.speech.children][: len(offered)] != [c.text for c in offered]:
            buttons = []
            for choice in offered:
                button = widgets.Button(description=choice.text).add_class("pw-speak")
                button.on_click(lambda _b, key=choice.key: self.say(key))
                buttons.append(button)
            set_children(self.speech, [*buttons, self.show_me_button] if can_show else buttons, keep=[self.show_me_button])
            self._speech_keys = keys
        set_shown(self.speech, bool(keys))

    def _explained(self) -> list[Explanation]:
        """What happened since the learner's last move, step by step (declarations are shown in
        the dialogue panel)."""
        steps = steps_of(self.timeline[self.session.mark :])[1:]
        hidden = self.session.hidden_cards()
        return [explain_step(step, hidden) for step in steps if step.kind.value in ("exchange", "play", "tally")][-4:]

    def _explanation_html(self, explained: list[Explanation]) -> str:
        parts = [explanation_html(each) for each in explained]
        if not parts:
            heading, waiting = _("What happens"), _("Each move is explained here as it is made.")
            return f"<h3>{escape(heading)}</h3><p>{escape(waiting)}</p>"
        return "".join(parts)

    def _dialogue_html(self) -> str:
        deal = self.deal
        title = "<h3>{}</h3>".format(escape(_("The declarations")))
        spoken = self.session.spoken
        if len(deal.declarations) < 2 and not spoken:
            waiting = _("The declarations come after the exchange.")
            return title + f'<p class="pw-empty">{escape(waiting)}</p>'
        parts = [title]
        declarations = deal.declarations
        for index in range(len(declarations) // 2):
            elder, younger = declarations[2 * index], declarations[2 * index + 1]
            parts.append(dialogue_html(category_dialogue(elder, younger, deal), self.session.seat_label))
        if spoken:
            parts.append(dialogue_html([(line.seat, line.text) for line in spoken], self.session.seat_label))
        if self.session.shown:
            text = _("Shown by the computer: {cards}").format(cards=", ".join(card.name_in_words() for card in self.session.shown))
            parts.append(f'<p class="pw-shown">{escape(text)}</p>')
        scored = [event for event in deal.events if event.kind in ("carte_blanche", "point", "sequence", "sets", "repique")]
        if scored:
            items = "".join(f"<li>{escape(explain_event(deal, event))}</li>" for event in scored)
            parts.append(f'<ul class="pw-score-lines">{items}</ul>')
        return "".join(parts)

    def _partie_html(self) -> str:
        partie = self.partie_so_far
        title = "<h3>{}</h3>".format(escape(_("The partie")))
        head = "<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>".format(
            escape(_("Deal")), escape(_("Elder")), escape(self.session.player_name(LEARNER)), escape(self.session.player_name(COMPUTER))
        )
        rows = []
        studied_mark = ' <span class="pw-studied">({})</span>'.format(escape(_("studied")))
        for number in range(1, len(partie.deals) + 1):
            scores = partie.deal_scores(number)
            studied = studied_mark if number in self.session.studied else ""
            rows.append(
                f"<tr><td>{number}{studied}</td><td>{escape(self.session.player_name(partie.elder(number)))}</td>"
                f"<td>{scores[LEARNER]}</td><td>{scores[COMPUTER]}</td></tr>"
            )
        totals = partie.totals
        total = _("Total")
        rows.append(f'<tr class="pw-row-total"><td>{escape(total)}</td><td></td><td>{totals[LEARNER]}</td><td>{totals[COMPUTER]}</td></tr>')
        result = ""
        if self.settled:
            result = f'<p class="pw-result">{escape(self.session.result_sentence())}</p>'
        return f"{title}<table><thead>{head}</thead><tbody>{''.join(rows)}</tbody></table>{result}"


# Where the focus goes when the control that held it goes (widgets/focus.py): the next thing to
# say, else the card to play, else the next deal, else Discard, else the explanation.
PRACTICE_FOCUS = (
    ".pw-speech button.pw-speak", ".pw-felt .pw-card[tabindex='0']", "button.pw-next-deal", "button.pw-confirm",
    "button.pw-retry", ".pw-explanation",
)


def _is_saved_partie(path: Path) -> bool:
    """`path` is a regular file holding a partie record (so that saving over it loses nothing else)."""
    if not path.is_file() or path.is_symlink():
        return False
    try:
        return is_partie(read_json_file(path))
    except PiquetError:
        return False


def _new_file_mode() -> int:
    """The mode a new file gets from the process's umask (0o644 under the usual 022)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def _position_key(deal: Deal) -> tuple:
    """What the solver's values depend on: the position of the play."""
    return (deal.hands, deal.leader, deal.led, deal.tricks_won, deal.scores, deal.rules.low_cards_count_in_play)
