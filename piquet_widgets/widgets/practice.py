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

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from piquet_widgets.engine.cards import Card, parse_card
from piquet_widgets.engine.deal import Phase, Seat
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.i18n import N_, Message, _, message, ngettext
from piquet_widgets.teach.meter import meters
from piquet_widgets.teach.session import ROLES, PracticeOptions, PracticeSession
from piquet_widgets.widgets.analysis_status import Analyst
from piquet_widgets.widgets.announce import Announcer
from piquet_widgets.widgets.board import SEATS, explanation_words, message_html, set_children, set_shown, set_value, style_widget, summary_html, title_html
from piquet_widgets.widgets.browser_store import partie_store
from piquet_widgets.widgets.felt import Felt
from piquet_widgets.widgets.focus import FocusKeeper
from piquet_widgets.widgets.in_view import KeepInView
from piquet_widgets.widgets.language import LanguageSelector, follow_language
from piquet_widgets.widgets.mistake_flag import MistakeFlag
from piquet_widgets.widgets.practice_analysis import TableAnalysis
from piquet_widgets.widgets.practice_count import PracticeCount
from piquet_widgets.widgets.practice_files import DEFAULT_SAVE_PATH, PartieFiles, Said
from piquet_widgets.widgets.practice_menus import TableMenus
from piquet_widgets.widgets.practice_panels import dialogue_panel, explained, explanation_panel, partie_panel
from piquet_widgets.widgets.scoreboard import ScoreBoard

__all__ = ["DEFAULT_SAVE_PATH", "PracticeTable", "ROLES"]


def _forward(name: str, doc: str) -> property:
    """A read-only property of the table that is the session's of the same name."""
    return property(lambda table: getattr(table.session, name), doc=doc)


class PracticeTable(TableMenus, TableAnalysis, PartieFiles, widgets.VBox):
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
      seat's observation), the learner speaks his part of the declarations in the real order
      and may sink, "Show me" (`pw-show-me`) shows the computer's scoring combinations (Law 55),
      and the board counts only what was said aloud. Hints, card values and the review then come
      from the learner's own view (`analysis.closed_help`, `analysis.closed_review`): averages
      over the hands the computer may hold, never its cards.

    A seat or hands chosen in the middle of a deal ask first (`pw-ask`: widgets/practice_menus.py).
    The table builds its controls and renders the session; its menus, the solver's findings
    (widgets/practice_analysis.py), its files (widgets/practice_files.py) and its side panels
    (widgets/practice_panels.py) are apart.

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
        heading_level: int = 2,
        **options: Any,
    ) -> None:
        self._heading_level = heading_level
        start = PracticeOptions(role, **options)  # the session's options, and no others
        self.session = PracticeSession(speak=not declare_for_me, **vars(start))
        self._start_analysis()
        self._message: tuple[Said, str] = (None, "info")
        self._build_menus(start)

        self.title = widgets.HTML().add_class("pw-title")
        self.deal_number = widgets.HTML().add_class("pw-deal-number")
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
        self.counting = PracticeCount(lambda: self.session, self.announcer)  # "Say your count" after each trick
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
            [self.code_input, self.load_button, self.new_partie_button, self.talon_check, self.declare_check, self.counting.toggle, self.study_check]
            + ([self.store] if self.store is not None else [])
        ).add_class("pw-toolbar").add_class("pw-more-panel")
        set_shown(self.more_panel, False)
        actions = widgets.Box([self.confirm_button, self.next_deal_button, self.values_button]).add_class("pw-toolbar")
        main = widgets.VBox(
            [self.ask_box, self.message, self.analyst, self.felt, self.mistake_flag, self.counting, self.speech, actions, self.hint_view, self.review_view, self.retry_box]
        ).add_class("pw-main")
        # the explanation beside the felt, in view after every card (under the felt on a phone)
        side = widgets.VBox([self.explanation, self.board, self.dialogue, self.summary, self.partie_view]).add_class("pw-side")
        columns = widgets.Box([main, side]).add_class("pw-columns")
        keeper = FocusKeeper(".pw-practice", PRACTICE_FOCUS)
        in_view = KeepInView(".pw-practice", ".pw-felt-playing", below=".pw-explanation")  # a phone's first screen, during the play
        super().__init__([style_widget(), header, toolbar, self.more_panel, columns, self.announcer, keeper, in_view])
        self.add_class("pw-root").add_class("pw-practice")

        self._prompt()
        self.refresh()
        follow_language(self.refresh)

    # -- the session's state, as the table shows it ----------------------------------------------------
    deal = _forward("deal", "The current state of the deal being played.")
    timeline = _forward("timeline", "The states of the deal so far.")
    partie = _forward("partie", "The partie's finished deals.")
    partie_so_far = _forward("partie_so_far", "The partie including the current deal once it is finished.")
    role = _forward("role", "The learner's seat in the partie's first deal.")
    level = _forward("level", "The computer player's level.")
    computer = _forward("computer", "The computer player.")
    rules = _forward("rules", "The rules of the partie.")
    selection = _forward("selection", "The cards selected to discard.")
    number = _forward("number", "The number of the deal being played.")
    settled = _forward("settled", "The partie is over.")
    learner_seats = _forward("learner_seats", "The seats the learner plays in this deal.")
    to_move_is_learner = _forward("to_move_is_learner", "The learner is to choose now.")
    code = _forward("code", "The deal code of the current deal.")

    @property
    def message_text(self) -> str:
        """The message shown above the table, in the current language."""
        text = self._message[0]
        return self.session.prompt() if text is None else str(text)

    @property
    def message_kind(self) -> str:
        return self._message[1]

    # -- what the learner does -----------------------------------------------------------------------
    def _do(self, operation: Callable[[], object], said: Said = None) -> bool:
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
            self._say(message(N_("Deal {code} loaded."), code=loaded), "info")
            self._render()

    def next_deal(self) -> None:
        """Put the finished deal on the partie sheet and deal the next one."""
        if self.settled:  # not a mistake: the partie is simply over
            self._say(Message(N_("The partie is over: start a new partie.")), "info")
            self._render()
            return
        self._do(self.session.next_deal)

    def new_partie(self, role: str | None = None) -> None:
        """Start a new partie; `role` is the learner's seat in its first deal."""
        if role is not None and role not in ROLES:
            return
        self._do(lambda: self.session.new_partie(role))

    def show_me(self) -> None:
        """The learner asks to see the computer's declared combinations (Law 55)."""
        self._do(self.session.show_me)

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


    # -- words -------------------------------------------------------------------------------------
    def _say(self, text: Said, kind: str) -> None:
        """Show a message or an engine's refusal, each translated when shown (a change of language
        re-renders it), or with None what the learner is to do now (made anew at every render)."""
        self._message = (text, kind)

    def _prompt(self) -> None:
        """Say what the learner is to do now (words made anew at every render)."""
        done = self.settled or self.deal.phase is Phase.FINISHED
        self._say(None, "done" if done else "info")


    # -- drawing ------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Re-render every text in the current language, keeping the game where it is."""
        title = _("Practice table: closed piquet") if self.session.mode == "closed" else _("Practice table: open piquet")
        set_value(self.title, title_html(title, self._heading_level))
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
        self.counting.relabel()
        if self._hint is not None and self._hint_deal is self.deal:
            self._hint = None
            self._find_hint()  # its words again, in the new language (the solver already knows the answer)
        self._render()

    relabel = refresh  # the name CardRow uses for the same thing

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
            heard = self.session.heard_deal()  # closed piquet: the scores as counted aloud
            self.board.show(heard, meters(heard))
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
            explained_steps = explained(self.session)
            set_value(self.explanation, explanation_panel(explained_steps))
            if self.message_kind == "error":  # a refusal: its reason alone
                self.announcer.say(self.message_text, repeat=True)
            else:
                said = [self.message_text, *(explanation_words(each, self.session.seat_label) for each in explained_steps), self.board.words(heard)]
                self.announcer.say(" ".join(said))
            set_value(self.dialogue, dialogue_panel(self.session))
            set_value(self.partie_view, partie_panel(self.session))
            if finished:
                set_value(self.summary, summary_html(deal, self.session.seat_label))
            set_shown(self.summary, finished)
            self.hint_button.disabled = not self.to_move_is_learner
            set_shown(self.mistake_flag, not closed)  # open-hand analysis: for open play, as the hint
            if not closed:
                self.mistake_flag.follow(self.timeline, learner)
            self._show_hint_text()
            self._prepare_hint()
            self.counting.follow()
            if self.store is not None:
                self._keep_in_browser()
            if self.values_button.value and deal.phase is Phase.PLAY and self.to_move_is_learner:
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

# say, else the card to play, else the next deal, else Discard, else the explanation.
PRACTICE_FOCUS = (
    ".pw-speech button.pw-speak", ".pw-felt .pw-card[tabindex='0']", "button.pw-next-deal", "button.pw-confirm",
    "button.pw-retry", ".pw-explanation",
)
