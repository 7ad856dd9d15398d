"""`PracticeTable`: open piquet against the computer, deal after deal, a whole partie.

The learner plays elder, younger or both; the computer (the beginner of `analysis.players`)
plays the rest. Everything the learner does goes to the engine: an illegal card or discard is
refused with the engine's own message and changes nothing.

>>> table = PracticeTable(role="elder", deal=7)
>>> table.to_move_is_learner, table.deal.phase.value
(True, 'exchange')
>>> for card in table.deal.hand(table.deal.to_move)[:3]:
...     table.click(table.deal.to_move, card)        # what a click on the card does
>>> table.confirm()                                   # discard those three
>>> table.deal.phase.value
'play'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from piquet_widgets.analysis.players import DEFAULT_LEVEL, PLAYERS, Player, get_player
from piquet_widgets.analysis.review import CardValues, Hint, Review, card_values, hint, review_deal
from piquet_widgets.engine.cards import Card, parse_card
from piquet_widgets.engine.codes import deal_code, deal_from_code
from piquet_widgets.engine.deal import ELDER, YOUNGER, Deal, Exchange, Phase, Play, Seat
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.engine.files import read_json_file, write_json_atomic
from piquet_widgets.engine.partie import Partie, other_player
from piquet_widgets.engine.records import is_partie, partie_from_json, partie_record, record_timeline
from piquet_widgets.engine.rules import DEFAULT_RULES, Rules
from piquet_widgets.i18n import N_, _, ngettext
from piquet_widgets.teach.meter import meters
from piquet_widgets.teach.steps import category_dialogue, explain_step, steps_of
from piquet_widgets.teach.events import explain_event
from piquet_widgets.widgets.board import (
    SEATS,
    Analyst,
    Felt,
    ScoreBoard,
    dialogue_html,
    explanation_html,
    message_html,
    set_shown,
    set_value,
    style_widget,
    summary_html,
)
from piquet_widgets.widgets.language import LanguageSelector, follow_language

__all__ = ["PracticeTable", "ROLES"]

ROLES = ("elder", "younger", "both")
_ROLE_NAMES = {"elder": N_("I play elder"), "younger": N_("I play younger"), "both": N_("I play both hands")}
_LEVEL_NAMES = {"beginner": N_("Computer: beginner"), "club": N_("Computer: club player"), "expert": N_("Computer: expert")}
LEARNER, COMPUTER = "A", "B"
Message = str | PiquetError | Callable[[], str]
MAX_SEED = 2**31
DEFAULT_SAVE_PATH = "piquet-partie.json"


def _seat_word(seat: Seat) -> str:
    return _("elder") if seat is ELDER else _("younger")


class PracticeTable(widgets.VBox):
    """Open piquet against the computer: choose discards and cards by clicking them.

    - `role`: "elder", "younger" or "both" — the learner's seat in the first deal of the partie
      (the deal alternates, so the learner is elder and younger in turn).
    - `deal`: the first deal (a `Deal`, a deal code or a seed); random by default.
    - `seed`: makes the random deals reproducible.
    - `level`: the computer player (see `analysis.players.PLAYERS`): beginner, club or expert;
      the level menu (`pw-level`) changes it at any time.
    - `language_selector`: show the language menu (`pw-language`); choosing a language re-renders
      every text of the table (and of every other widget shown) and keeps the game where it is.

    Analysis (the exact solver, one `Solver` kept for the deal by `analyst`): the toggle
    `pw-show-values` marks each legal card of the learner with what it loses against the best
    play ('=' for a best card, '−3'); `pw-hint` names the best card, or the best discards (the
    exchange advisor); at the end of the deal `pw-review` lists every card of the learner's that
    was not the best, what it cost and the better card. A long search shows "Analysing…" and a
    Stop button and runs in a thread (see `board.Analyst`).

    Python API (what the buttons and clicks call): `click(seat, card)`, `confirm()`, `undo()`,
    `redo()`, `new_deal()`, `next_deal()`, `new_partie(role=None)`, `load_code(code)`,
    `set_level(level)`, `show_values(on)`, `show_hint()`, `refresh()`, `save(path)`,
    `load(path)`; `card_values` and `review` hold what the analysis found.

    Saving: the file name (`pw-save-path`, `piquet-partie.json` by default), `pw-save` and
    `pw-load-partie` (`pw-load` is the deal code's button) save and restore the partie as a
    partie record with the extra fields `role`, `level` and `settled`.
    """

    def __init__(
        self,
        role: str = "elder",
        *,
        deal: Deal | str | int | None = None,
        seed: int | None = None,
        level: str = DEFAULT_LEVEL,
        rules: Rules = DEFAULT_RULES,
        four_colour: bool = False,
        language_selector: bool = True,
    ) -> None:
        if role not in ROLES:
            raise PiquetError(N_("practice: role must be one of {known}"), known=", ".join(ROLES))
        self._rng = random.Random(seed)
        self.rules = rules
        self.computer: Player = get_player(level)
        self.level = level
        self._values: dict[tuple, CardValues] = {}
        self._review: tuple[Deal, Review] | None = None
        self._hint: Hint | None = None
        self._hint_deal: Deal | None = None
        self.role = role
        self.selection: list[Card] = []
        self._message: tuple[Message, str] = ("", "info")
        self._updating = False

        self.title = widgets.HTML().add_class("pw-title")
        self.deal_number = widgets.HTML().add_class("pw-deal-number")
        self.role_select = widgets.Dropdown(options=[("", r) for r in ROLES], value=role).add_class("pw-role")
        self.level_select = widgets.Dropdown(options=[(level, level)], value=level).add_class("pw-level")
        self.values_button = widgets.ToggleButton(value=False).add_class("pw-show-values")
        self.hint_button = widgets.Button().add_class("pw-hint")
        self.hint_view = widgets.HTML(layout=widgets.Layout(width="100%")).add_class("pw-hint-text")
        self.review_view = widgets.HTML(layout=widgets.Layout(width="100%")).add_class("pw-review").add_class("pw-panel")
        self.analyst = Analyst()
        self.new_deal_button = widgets.Button().add_class("pw-new-deal")
        self.undo_button = widgets.Button().add_class("pw-undo")
        self.redo_button = widgets.Button().add_class("pw-redo")
        self.next_deal_button = widgets.Button(button_style="primary").add_class("pw-next-deal")
        self.new_partie_button = widgets.Button().add_class("pw-new-partie")
        self.code_input = widgets.Text(continuous_update=False, style={"description_width": "initial"}).add_class("pw-code")
        self.load_button = widgets.Button().add_class("pw-load")
        self.confirm_button = widgets.Button(button_style="primary").add_class("pw-confirm")
        self.save_path = widgets.Text(value=DEFAULT_SAVE_PATH, style={"description_width": "initial"}).add_class("pw-save-path")
        self.save_button = widgets.Button().add_class("pw-save")
        self.load_partie_button = widgets.Button().add_class("pw-load-partie")
        self.message = widgets.HTML().add_class("pw-message")
        self.felt = Felt(four_colour=four_colour)
        self.felt.captions = self._hand_caption
        self.board = ScoreBoard()
        self.board.name_of = self._seat_label
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
        self.save_button.on_click(lambda _b: self.save(self.save_path.value))
        self.load_partie_button.on_click(lambda _b: self.load(self.save_path.value))
        self.role_select.observe(self._on_role, names="value")
        self.level_select.observe(self._on_level, names="value")
        self.values_button.observe(lambda change: self.show_values(change["new"]), names="value")
        self.hint_button.on_click(lambda _b: self.show_hint())

        self.language_select = LanguageSelector() if language_selector else None
        header = widgets.Box(
            [self.title, self.deal_number] + ([self.language_select] if self.language_select is not None else [])
        ).add_class("pw-header")
        toolbar = widgets.Box(
            [self.role_select, self.level_select, self.undo_button, self.redo_button, self.new_deal_button, self.next_deal_button, self.new_partie_button]
        ).add_class("pw-toolbar")
        code_bar = widgets.Box(
            [self.code_input, self.load_button, self.save_path, self.save_button, self.load_partie_button]
        ).add_class("pw-toolbar")
        actions = widgets.Box([self.confirm_button, self.hint_button, self.values_button]).add_class("pw-toolbar")
        main = widgets.VBox(
            [self.message, self.analyst, self.felt, actions, self.hint_view, self.review_view, self.explanation]
        ).add_class("pw-main")
        side = widgets.VBox([self.board, self.dialogue, self.summary, self.partie_view]).add_class("pw-side")
        columns = widgets.Box([main, side]).add_class("pw-columns")
        super().__init__([style_widget(), header, toolbar, code_bar, columns])
        self.add_class("pw-root").add_class("pw-practice")

        self.partie = Partie(rules, first_dealer=self._first_dealer(role))
        self._start(self._deal_of(deal) if deal is not None else self._random_deal())
        follow_language(self.refresh)

    # -- state ----------------------------------------------------------------------------------------
    @property
    def deal(self) -> Deal:
        """The current state of the deal being played."""
        return self.timeline[-1]

    @property
    def number(self) -> int:
        """The number of the deal being played in the partie (1-based)."""
        return len(self.partie.deals) + (0 if self.settled else 1)

    @property
    def settled(self) -> bool:
        """The partie is over and its last deal is on the sheet."""
        return self.partie.result.finished

    @property
    def learner_seats(self) -> frozenset[Seat]:
        """The seats the learner plays in this deal."""
        if self.role == "both":
            return frozenset(SEATS)
        return frozenset({ELDER if self.partie.elder(self.number) == LEARNER else YOUNGER})

    @property
    def to_move_is_learner(self) -> bool:
        deal = self.deal
        return deal.phase in (Phase.EXCHANGE, Phase.PLAY) and deal.to_move in self.learner_seats

    @property
    def code(self) -> str:
        return deal_code(self.timeline[0])

    @property
    def partie_so_far(self) -> Partie:
        """The partie including the current deal once it is finished."""
        if self.settled or self.deal.phase is not Phase.FINISHED:
            return self.partie
        return self.partie.with_deal(self.deal)

    @property
    def message_text(self) -> str:
        """The message shown above the table, in the current language."""
        text = self._message[0]
        return text() if callable(text) else str(text)

    @property
    def message_kind(self) -> str:
        return self._message[1]

    @staticmethod
    def _first_dealer(role: str) -> str:
        """Who deals first so that the learner has `role` in deal 1 (elder is the non-dealer)."""
        return LEARNER if role == "younger" else COMPUTER

    def _random_deal(self) -> Deal:
        return Deal.from_seed(self._rng.randrange(MAX_SEED), self.rules)

    def _deal_of(self, source: Deal | str | int) -> Deal:
        if isinstance(source, Deal):
            return Deal.new(source.dealt(ELDER), source.dealt(YOUNGER), source.talon, self.rules)
        if isinstance(source, int) and not isinstance(source, bool):
            return Deal.from_seed(source, self.rules)
        if isinstance(source, str):
            return deal_from_code(source, self.rules)
        raise PiquetError(N_("practice: expected a deal, a deal code or a seed"))

    def _start(self, deal: Deal) -> None:
        self.analyst.new_deal()
        self._values.clear()
        self._review = None
        self._hint = None
        self.timeline = [deal]
        self._redo: list[list[Deal]] = []
        self._mark = 0  # where the steps explained since the learner's last move begin
        self.selection = []
        self._advance()
        self._prompt()
        self.refresh()

    # -- what the learner does -----------------------------------------------------------------------
    def click(self, seat: Seat, card: Card | str) -> None:
        """A card of `seat`'s hand was clicked: select it for the discard, or play it."""
        try:
            seat = Seat(seat)
            card = card if isinstance(card, Card) else parse_card(card)
        except (ValueError, PiquetError):
            return
        deal = self.deal
        if seat not in self.learner_seats:
            return
        if deal.phase is Phase.FINISHED:
            self._say(lambda: _("The deal is over: press Next deal."), "info")
        elif deal.phase is Phase.EXCHANGE:
            if deal.to_move is not seat:
                seat_to_move = deal.to_move
                self._say(lambda: _("It is {who}'s turn to exchange.").format(who=_seat_word(seat_to_move)), "error")
            elif card not in deal.hand(seat):
                return
            else:
                if card in self.selection:
                    self.selection.remove(card)
                else:
                    self.selection.append(card)
                self._prompt()
        elif deal.phase is Phase.PLAY:
            if deal.to_move is not seat:
                seat_to_move = deal.to_move
                self._say(lambda: _("It is {who}'s turn to play.").format(who=_seat_word(seat_to_move)), "error")
            else:
                self._act(Play(card))
                return
        self._render()

    def confirm(self) -> None:
        """Discard the selected cards (the engine checks how many are allowed)."""
        deal = self.deal
        if deal.phase is not Phase.EXCHANGE or not self.to_move_is_learner:
            self._say(lambda: _("There is nothing to confirm now."), "error")
            self._render()
            return
        self._act(Exchange(tuple(self.selection)))

    def _act(self, action) -> None:
        """Apply the learner's action, then let the computer move until it is the learner's
        turn again; an illegal action changes nothing but the message."""
        try:
            after = self.deal.apply(action)
        except PiquetError as error:
            self._say(error, "error")  # the engine's reason, translated whenever it is shown
            self._render()
            return
        self._mark = len(self.timeline) - 1
        self.timeline.append(after)
        self._redo.clear()
        self.selection = []
        self._advance()
        self._prompt()
        self._render()

    def _advance(self) -> None:
        """The declarations (made in full, as open piquet does by default) and the computer's moves."""
        while self.deal.phase is not Phase.FINISHED:
            deal = self.deal
            if deal.phase is Phase.DECLARATIONS:
                action = deal.default_action()
            elif deal.to_move in self.learner_seats:
                return
            else:
                action = self.computer.choose_action(deal)
            self.timeline.append(deal.apply(action))

    def _decision_points(self) -> list[int]:
        """Indices of the states where the learner had to choose."""
        learner = self.learner_seats
        return [
            index for index, deal in enumerate(self.timeline[:-1])
            if deal.phase in (Phase.EXCHANGE, Phase.PLAY) and deal.to_move in learner
        ]

    def undo(self) -> None:
        """Take back the learner's last move (and the computer's answer to it)."""
        points = self._decision_points()
        if not points:
            self._say(lambda: _("Nothing to undo."), "error")
            self._render()
            return
        index = points[-1]
        self._redo.append(self.timeline[index + 1 :])
        self.timeline = self.timeline[: index + 1]
        previous = [i for i in points if i < index]
        self._mark = previous[-1] if previous else 0
        self.selection = []
        self._prompt()
        self._render()

    def redo(self) -> None:
        """Replay a move taken back by `undo`."""
        if not self._redo:
            self._say(lambda: _("Nothing to redo."), "error")
            self._render()
            return
        self._mark = len(self.timeline) - 1
        self.timeline.extend(self._redo.pop())
        self.selection = []
        self._prompt()
        self._render()

    def new_deal(self) -> None:
        """Deal the current deal again with new cards (its place in the partie is kept)."""
        self._start(self._random_deal())

    def load_code(self, code: Any) -> None:
        """Play the deal of a deal code instead of the current one."""
        try:
            deal = deal_from_code(code if isinstance(code, str) else "", self.rules)
        except PiquetError as error:
            self._say(error, "error")
            self._render()
            return
        self._start(deal)
        code = self.code
        self._say(lambda: _("Deal {code} loaded.").format(code=code), "info")
        self._render()

    def next_deal(self) -> None:
        """Put the finished deal on the partie sheet and deal the next one."""
        if self.settled:
            self._say(lambda: _("The partie is over: start a new partie."), "info")
            self._render()
            return
        if self.deal.phase is not Phase.FINISHED:
            self._say(lambda: _("Finish this deal first."), "error")
            self._render()
            return
        self.partie = self.partie.with_deal(self.deal)
        if self.settled:
            self._prompt()
            self._render()
            return
        self._start(self._random_deal())

    def new_partie(self, role: str | None = None) -> None:
        """Start a new partie; `role` is the learner's seat in its first deal."""
        if role is not None:
            if role not in ROLES:
                return
            self.role = role
        self.partie = Partie(self.rules, first_dealer=self._first_dealer(self.role))
        self._updating = True
        try:
            set_value(self.role_select, self.role)
        finally:
            self._updating = False
        self._start(self._random_deal())

    # -- saving and loading a partie -------------------------------------------------------------------
    def partie_record(self) -> dict[str, Any]:
        """The partie so far as a partie record (formats.md): the finished deals and the current
        deal as far as it has gone, with the extra fields `role`, `level` and `settled`."""
        partie = self.partie if self.settled else self.partie.with_deal(self.deal)
        return {**partie_record(partie), "role": self.role, "level": self.level, "settled": self.settled}

    def save(self, path: Any = DEFAULT_SAVE_PATH) -> bool:
        """Write the partie to `path` (atomically); the message says where, or why it failed."""
        name = str(path or "").strip()
        try:
            if not name:
                raise PiquetError(N_("Give the name of a file to save to."))
            try:
                write_json_atomic(name, self.partie_record())
            except OSError as error:
                raise PiquetError(N_("{file}: cannot be written ({reason})"), file=name, reason=error.strerror or error) from None
        except PiquetError as error:
            self._say(error, "error")
            self._render()
            return False
        self._say(lambda: _("Partie saved to {file}.").format(file=name), "info")
        self._render()
        return True

    def load(self, path: Any = DEFAULT_SAVE_PATH) -> bool:
        """Restore a partie saved by `save`: its deals, the current deal with its undo history,
        the role and the level. A missing, corrupt or foreign file is refused with the reason in
        the message, and nothing else changes."""
        name = str(path or "").strip()
        try:
            if not name:
                raise PiquetError(N_("Give the name of a file to load."))
            state = _saved_state(read_json_file(name), name)
        except PiquetError as error:
            self._say(error, "error")
            self._render()
            return False
        partie, timeline, role, level, settled = state
        self.rules = partie.rules
        self.role = role
        self.computer, self.level = get_player(level), level
        self.partie = partie if settled else Partie(partie.rules, partie.first_dealer, partie.deals[:-1])
        self.analyst.new_deal()
        self._values.clear()
        self._review = None
        self._hint = None
        self.timeline = timeline
        self._redo = []
        self.selection = []
        self._advance()  # a hand-made file may stop where the computer is to move
        points = self._decision_points()
        self._mark = points[-1] if points else 0
        self._updating = True
        try:
            set_value(self.role_select, role)
            set_value(self.level_select, level)
        finally:
            self._updating = False
        self._say(lambda: _("Partie loaded from {file}.").format(file=name), "info")
        self._render()
        return True

    def _on_role(self, change: dict) -> None:
        if not self._updating and change.get("new") in ROLES:
            self.new_partie(change["new"])

    def set_level(self, level: str) -> None:
        """Play against another computer player from its next move on (the level menu)."""
        if level not in PLAYERS or level == self.level:
            return
        self.computer = get_player(level)
        self.level = level
        self._updating = True
        try:
            set_value(self.level_select, level)
        finally:
            self._updating = False

    def _on_level(self, change: dict) -> None:
        if not self._updating and isinstance(change.get("new"), str):
            self.set_level(change["new"])

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

    def show_hint(self) -> None:
        """Name the best card (the solver), or the best discards (the exchange advisor)."""
        deal = self.deal
        if not self.to_move_is_learner:
            self._hint, self._hint_deal = None, None
            self._say(lambda: _("There is nothing to choose now."), "error")
            self._render()
            return

        def done(found: object) -> None:
            if self.deal is deal:
                self._hint, self._hint_deal = found, deal  # type: ignore[assignment]
                self._show_hint_text()

        if deal.phase is Phase.EXCHANGE:
            done(hint(deal))
        else:
            self.analyst.run(lambda solver: hint(deal, solver), done)

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

        self.analyst.run(lambda solver: review_deal(timeline, seats, solver), done)

    def _show_review(self) -> None:
        review = self.review
        if review is None:
            set_value(self.review_view, "")
            set_shown(self.review_view, False)
            return
        title = _("Review of your play") if self.role != "both" else _("Review of the play")
        parts = [f"<h3>{escape(title)}</h3>", f'<p class="pw-review-summary">{escape(review.summary())}</p>']
        if review.mistakes:
            items = "".join(
                f'<li class="pw-mistake" data-cost="{mistake.cost}">{escape(mistake.sentence())}</li>' for mistake in review.mistakes
            )
            parts.append(f'<ol class="pw-mistakes">{items}</ol>')
        parts.extend(f'<p class="pw-exchange-note">{escape(note.sentence())}</p>' for note in review.exchanges)
        set_value(self.review_view, "".join(parts))
        set_shown(self.review_view, True)

    def _show_hint_text(self) -> None:
        shown = self._hint is not None and self._hint_deal is self.deal
        set_value(self.hint_view, f'<p class="pw-hint-line" role="status">{escape(self._hint.text)}</p>' if shown else "")
        set_shown(self.hint_view, shown)

    # -- words -------------------------------------------------------------------------------------
    def _say(self, text: Message, kind: str) -> None:
        """Show a message: a text, or — so that a change of language re-renders it — a function
        that makes the text, or an engine's refusal (translated when shown)."""
        self._message = (text, kind)

    def _prompt(self) -> None:
        """Say what the learner is to do now (words made anew at every render)."""
        done = self.settled or self.deal.phase is Phase.FINISHED
        self._say(self._prompt_text, "done" if done else "info")

    def _prompt_text(self) -> str:
        """The message that tells the learner what to do now."""
        deal = self.deal
        partie = self.partie_so_far
        if self.settled:
            return self._result_sentence(self.partie)
        if deal.phase is Phase.FINISHED:
            if partie.result.finished:
                text = _("The deal is over: elder {elder}, younger {younger}. That was the last deal: press Next deal to settle the partie.")
            else:
                text = _("The deal is over: elder {elder}, younger {younger}. Press Next deal to go on.")
            return text.format(elder=deal.scores[ELDER], younger=deal.scores[YOUNGER])
        seat = deal.to_move
        who = self._seat_label(seat)
        if deal.phase is Phase.EXCHANGE:
            choices = deal.legal_actions()
            count = len(self.selection)
            text = ngettext(
                "{who}: choose the cards to discard ({low} to {high}), then confirm. {count} card selected.",
                "{who}: choose the cards to discard ({low} to {high}), then confirm. {count} cards selected.",
                count,
            )
            return text.format(who=who, low=choices.low, high=choices.high, count=count)
        if deal.led is None:
            return _("{who}: lead a card to trick {number}.").format(who=who, number=len(deal.tricks) + 1)
        return _("{who}: play to the {card}.").format(who=who, card=deal.led.name_in_words())

    def _result_sentence(self, partie: Partie) -> str:
        result = partie.result
        totals = partie.totals
        if not result.finished:
            return ""
        if result.winner is None:
            return _("The partie is drawn: {a} to {b}.").format(a=totals[LEARNER], b=totals[COMPUTER])
        loser = other_player(result.winner)
        high, low, points = totals[result.winner], totals[loser], result.points
        if self.role == "both":
            if result.rubiconed:
                text = _("Player {winner} wins the partie, {high} to {low}, and scores {points}: player {loser} did not reach 100 and is rubiconed.")
            else:
                text = _("Player {winner} wins the partie, {high} to {low}, and scores {points}.")
        elif result.winner == LEARNER:
            if result.rubiconed:
                text = _("You win the partie, {high} to {low}, and score {points}: the computer did not reach 100 and is rubiconed.")
            else:
                text = _("You win the partie, {high} to {low}, and score {points}.")
        elif result.rubiconed:
            text = _("The computer wins the partie, {high} to {low}, and scores {points}: you did not reach 100 and are rubiconed.")
        else:
            text = _("The computer wins the partie, {high} to {low}, and scores {points}.")
        return text.format(winner=result.winner, loser=loser, high=high, low=low, points=points)

    def _player_name(self, player: str) -> str:
        if self.role == "both":
            return _("Player {name}").format(name=player)
        return _("You") if player == LEARNER else _("The computer")

    def _seat_label(self, seat: Seat) -> str:
        """'Elder (you)' / 'Younger (computer)'."""
        if self.role == "both":
            return seat.name_in_words()
        if seat in self.learner_seats:
            return _("{seat} (you)").format(seat=seat.name_in_words())
        return _("{seat} (computer)").format(seat=seat.name_in_words())

    def _hand_caption(self, seat: Seat, deal: Deal) -> str:
        return self._seat_label(seat)

    # -- drawing ------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Re-render every text in the current language, keeping the game where it is."""
        title = _("Practice table: open piquet")
        set_value(self.title, f"<h2>{escape(title)}</h2>")
        self.new_deal_button.description = _("New deal")
        self.undo_button.description = _("↶ Undo")
        self.redo_button.description = _("↷ Redo")
        self.next_deal_button.description = _("Next deal ▶")
        self.new_partie_button.description = _("New partie")
        self.load_button.description = _("Load code")
        self.save_button.description = _("Save partie")
        self.load_partie_button.description = _("Load partie")
        self.save_path.description = _("File")
        self.save_path.placeholder = _("File name")
        self.hint_button.description = _("Hint")
        self.hint_button.tooltip = _("Name the best card, or the best discards")
        self.values_button.description = _("Card values")
        self.values_button.tooltip = _("Mark each card you may play with what it loses against the best play (= for a best card)")
        self.analyst.relabel()
        self.code_input.placeholder = _("Deal code")
        self.code_input.description = _("Deal code")
        self._updating = True
        try:
            options = [(_(_ROLE_NAMES[role]), role) for role in ROLES]
            if list(self.role_select.options) != options:
                self.role_select.options = options
                self.role_select.value = self.role
            levels = [(_(_LEVEL_NAMES[level]) if level in _LEVEL_NAMES else level, level) for level in PLAYERS]
            if list(self.level_select.options) != levels:
                self.level_select.options = levels
                self.level_select.value = self.level
        finally:
            self._updating = False
        self.felt.relabel()
        if self._hint is not None and self._hint_deal is self.deal:
            self._hint = None
            self.show_hint()  # its words again, in the new language (the solver already knows the answer)
        self._render()

    relabel = refresh  # the name CardRow uses for the same thing

    def _render(self) -> None:
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
            self.felt.show(deal, highlight=highlight, marks=marks)
            self.board.show(deal, meters(deal))
            set_value(self.message, message_html(self.message_text, self.message_kind))
            exchange_turn = deal.phase is Phase.EXCHANGE and self.to_move_is_learner
            count = len(self.selection)
            self.confirm_button.description = ngettext("Discard {count} card", "Discard {count} cards", count).format(count=count)
            set_shown(self.confirm_button, exchange_turn)
            self.undo_button.disabled = not self._decision_points()
            self.redo_button.disabled = not self._redo
            finished = deal.phase is Phase.FINISHED
            self.next_deal_button.disabled = not finished or self.settled
            set_value(self.code_input, self.code)
            total = self.rules.partie_deals
            if total and self.number <= total:
                number = _("Deal {number} of {total}").format(number=self.number, total=total)
            else:
                number = _("Deal {number}").format(number=self.number)
            set_value(self.deal_number, f"<span>{escape(number)}</span>")
            set_value(self.explanation, self._explanation_html())
            set_value(self.dialogue, self._dialogue_html())
            set_value(self.partie_view, self._partie_html())
            if finished:
                set_value(self.summary, summary_html(deal, self._seat_label))
            set_shown(self.summary, finished)
            self.hint_button.disabled = not self.to_move_is_learner
            self._show_hint_text()
            if self.values_button.value and deal.phase is Phase.PLAY and self.to_move_is_learner:
                self._request_values()
            if finished:
                self._request_review()
            else:
                self._show_review()

    def _explanation_html(self) -> str:
        """What happened since the learner's last move, explained step by step (declarations
        are shown in the dialogue panel)."""
        steps = steps_of(self.timeline[self._mark :])[1:]
        parts = [
            explanation_html(explain_step(step))
            for step in steps
            if step.kind.value in ("exchange", "play", "tally")
        ][-4:]
        if not parts:
            heading, waiting = _("What happens"), _("Each move is explained here as it is made.")
            return f"<h3>{escape(heading)}</h3><p>{escape(waiting)}</p>"
        return "".join(parts)

    def _dialogue_html(self) -> str:
        deal = self.deal
        title = "<h3>{}</h3>".format(escape(_("The declarations")))
        if len(deal.declarations) < 6:
            waiting = _("The declarations come after the exchange.")
            return title + f'<p class="pw-empty">{escape(waiting)}</p>'
        parts = [title]
        declarations = deal.declarations
        for index in range(3):
            elder, younger = declarations[2 * index], declarations[2 * index + 1]
            parts.append(dialogue_html(category_dialogue(elder, younger, deal), self._seat_label))
        scored = [event for event in deal.events if event.kind in ("carte_blanche", "point", "sequence", "sets", "repique")]
        if scored:
            items = "".join(f"<li>{escape(explain_event(deal, event))}</li>" for event in scored)
            parts.append(f'<ul class="pw-score-lines">{items}</ul>')
        return "".join(parts)

    def _partie_html(self) -> str:
        partie = self.partie_so_far
        title = "<h3>{}</h3>".format(escape(_("The partie")))
        head = "<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>".format(
            escape(_("Deal")), escape(_("Elder")), escape(self._player_name(LEARNER)), escape(self._player_name(COMPUTER))
        )
        rows = []
        for number in range(1, len(partie.deals) + 1):
            scores = partie.deal_scores(number)
            rows.append(
                f"<tr><td>{number}</td><td>{escape(self._player_name(partie.elder(number)))}</td>"
                f"<td>{scores[LEARNER]}</td><td>{scores[COMPUTER]}</td></tr>"
            )
        totals = partie.totals
        total = _("Total")
        rows.append(f'<tr class="pw-row-total"><td>{escape(total)}</td><td></td><td>{totals[LEARNER]}</td><td>{totals[COMPUTER]}</td></tr>')
        result = ""
        if self.settled:
            result = f'<p class="pw-result">{escape(self._result_sentence(self.partie))}</p>'
        return f"{title}<table><thead>{head}</thead><tbody>{''.join(rows)}</tbody></table>{result}"


def _saved_state(value: Any, name: str) -> tuple[Partie, list[Deal], str, str, bool]:
    """What a saved practice partie holds, or a PiquetError saying why the file is not one."""
    if not is_partie(value) or not isinstance(value.get("deals"), list) or not value["deals"]:
        raise PiquetError(N_("{file}: not a saved practice partie"), file=name)
    role, level, settled = value.get("role"), value.get("level", DEFAULT_LEVEL), value.get("settled")
    if role not in ROLES:
        raise PiquetError(N_("{file}: not a saved practice partie (its role must be one of {known})"), file=name, known=", ".join(ROLES))
    if level not in PLAYERS:
        raise PiquetError(N_("{file}: not a saved practice partie (unknown computer level)"), file=name)
    try:
        partie = partie_from_json(value)
        last = value["deals"][-1]
        timeline = record_timeline({**last, "rules": last.get("rules", value.get("rules"))})
    except PiquetError as error:
        raise PiquetError(N_("{file}: {problem}"), file=name, problem=error) from None
    if settled is None:
        settled = partie.result.finished
    if not isinstance(settled, bool) or (settled and not partie.result.finished):
        raise PiquetError(N_("{file}: not a saved practice partie (the partie is not over)"), file=name)
    if not settled and len(partie.deals) > 1 and Partie(partie.rules, partie.first_dealer, partie.deals[:-1]).result.finished:
        raise PiquetError(N_("{file}: not a saved practice partie (a deal after the end of the partie)"), file=name)
    return partie, timeline, role, level, settled


def _position_key(deal: Deal) -> tuple:
    """What the solver's values depend on: the position of the play."""
    return (deal.hands, deal.leader, deal.led, deal.tricks_won, deal.scores, deal.rules.low_cards_count_in_play)
