"""`PracticeSession`: open piquet against the computer, deal after deal, as a plain model.

It holds the partie, the timeline of the current deal with its redo stack, the selection of
cards to discard, the learner's seats and the computer's level, and it has the operations a
learner has: select a card, confirm the discard, declare (or say his declarations aloud),
undo, redo, go back to a mistake, play the deal again, next deal, new deal, new partie, ask for
a hint (first the idea, then the move). In closed mode (`mode="closed"`, rules 8b) the computer
is a closed player that sees only its seat's observation, the learner speaks his part of the
declarations in the real order, reckons his own scores (elder after each category he wins, younger
before her card at trick 1) and may sink (`speech_choices`, `say`: teach/closed_dialogue.py),
may ask to see the computer's scoring combinations once it has reckoned them (`show_me`, Law 55),
and cannot take a move back past what it showed him unless he studies the deal (`study`: the
deal is then marked studied); the board hears only what was said aloud (`heard_deal`).
After each of the learner's moves the computer answers until it is the
learner's turn again. Each operation that cannot be done raises the engine's `PiquetError` with
a message fit for the learner and changes nothing. No widget is imported here: the practice
table renders a session, and a script or a test can drive one alone.

>>> session = PracticeSession(role="elder", deal=7)
>>> session.deal.phase.value, session.deal.to_move.key
('exchange', 'elder')
>>> for card in session.deal.hand(session.deal.to_move)[:3]:
...     session.select(session.deal.to_move, card)
>>> session.confirm()
>>> session.deal.phase.value
'play'
>>> session.redo()
Traceback (most recent call last):
...
piquet_widgets.engine.errors.PiquetError: Nothing to redo.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from piquet_widgets.analysis.observation import as_heard, observe, younger_has_reckoned
from piquet_widgets.analysis.players import CLOSED_PLAYERS, DEFAULT_LEVEL, PLAYERS, Player, get_player
from piquet_widgets.analysis.review import EXPERT_DRAWS, CardValues, Hint, card_values, hint, hint_steps
from piquet_widgets.analysis.solver import Solver
from piquet_widgets.engine.cards import Card, mask_of, parse_card
from piquet_widgets.engine.codes import deal_code, deal_from_code
from piquet_widgets.engine.combinations import Category, Combination, best_declaration
from piquet_widgets.engine.deal import ELDER, YOUNGER, Action, Deal, Declare, Exchange, Phase, Play, Seat
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.engine.partie import Partie, other_player
from piquet_widgets.engine.records import is_partie, partie_from_json, partie_record, record_timeline
from piquet_widgets.engine.rules import DEFAULT_RULES, Rules
from piquet_widgets.i18n import N_, _, ngettext
from piquet_widgets.teach.closed_dialogue import CategoryTalk, category_script, reckoned, reckoning_choices, to_reckon
from piquet_widgets.teach.dialogue import Line, category_lines
from piquet_widgets.teach.hints import closed_move_details, closed_move_words, closed_nudge, move_details, move_words, nudge
from piquet_widgets.teach.speech import Choice, check, choices
from piquet_widgets.teach.words import SeatWord, seat_at_start

if TYPE_CHECKING:
    from piquet_widgets.analysis.closed_help import ClosedHint, ExpectedValues

__all__ = ["PracticeOptions", "PracticeSession", "ROLES", "MODES", "LEARNER", "COMPUTER"]

ROLES = ("elder", "younger", "both")
MODES = ("open", "closed")  # open piquet (both hands seen) or closed piquet (rules 8b)
LEARNER, COMPUTER = "A", "B"  # the players of the partie record
MAX_SEED = 2**31


@dataclass(frozen=True)
class PracticeOptions:
    """How a partie of practice starts; `PracticeSession` and the widget `PracticeTable` both take
    these as keywords (an unknown one is refused).

    - `role`: "elder", "younger" or "both": the learner's seat in deal 1 (the deal alternates).
    - `deal`: the first deal (a `Deal`, a deal code or a seed); random by default, from `seed`.
    - `seed`: makes the random deals reproducible.
    - `level`: the computer player (see `analysis.players.PLAYERS`): beginner, club or expert.
    - `rules`: the rules of the partie (`engine.rules`).
    - `mode`: "open" or "closed" (see `MODES`).
    """

    role: str = "elder"
    deal: Deal | str | int | None = None
    seed: int | None = None
    level: str = DEFAULT_LEVEL
    rules: Rules = DEFAULT_RULES
    mode: str = "open"


class PracticeSession:
    """Open piquet against the computer player of `level`, started as `options` say (the fields
    of `PracticeOptions`: `role`, `deal`, `seed`, `level`, `rules`, `mode`).

    - `declare_in_full`: the declarations are made in full for both (open piquet); with False
      the learner declares with `declare` (the computer still declares in full).
    - `speak`: the learner declares aloud in open piquet (`speech_choices`, `say`): each
      announcement and answer, and his running total; the computer speaks its part. With False
      ("Declare for me") the declarations are made for him.
    - `show_talon`: the study option that turns the talon face up before it is drawn (rules 8b:
      it is face down in open piquet); the advice still assumes its order is unknown.

    In closed mode the computer plays the closed player of `level` through `Screened` and the
    learner declares himself (he may sink).
    """

    def __init__(
        self, role: str = "elder", *, declare_in_full: bool = True, show_talon: bool = False, speak: bool = False, **options: Any
    ) -> None:
        start = PracticeOptions(role, **options)
        if start.role not in ROLES:
            raise PiquetError(N_("practice: role must be one of {known}"), known=", ".join(ROLES))
        if start.mode not in MODES:
            raise PiquetError(N_("practice: mode must be one of {known}"), known=", ".join(MODES))
        _closed_players()  # loaded with the first table, whichever way the learner goes then
        self._rng = random.Random(start.seed)
        self.rules = start.rules
        self.role = start.role
        self.mode = start.mode
        self.computer: Player = _computer(start.level, start.mode)
        self.level = start.level
        self.declare_in_full = declare_in_full and start.mode == "open"
        self.show_talon = show_talon
        self.speak = speak and start.mode == "open"
        self.shown: tuple[Card, ...] = ()  # the computer's declared cards shown on request (Law 55)
        self.spoken: list[Line] = []  # what has been said in the category being declared
        self.partie = Partie(start.rules, first_dealer=_first_dealer(start.role))
        self.studied: frozenset[int] = frozenset()  # the numbers of the deals studied (closed piquet)
        self._start(self._deal_of(start.deal) if start.deal is not None else self._random_deal())

    # -- where the session stands ----------------------------------------------------------------
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
            return frozenset((ELDER, YOUNGER))
        return frozenset({ELDER if self.partie.elder(self.number) == LEARNER else YOUNGER})

    @property
    def to_move_is_learner(self) -> bool:
        """The learner is to choose now (exchange or play; declarations too when not in full)."""
        return self._learner_decides(self.deal)

    @property
    def code(self) -> str:
        """The deal code of the current deal."""
        return deal_code(self.timeline[0])

    @property
    def partie_so_far(self) -> Partie:
        """The partie including the current deal once it is finished."""
        if self.settled or self.deal.phase is not Phase.FINISHED:
            return self.partie
        return self.partie.with_deal(self.deal)

    @property
    def can_redo(self) -> bool:
        """A move taken back by `undo` can be replayed."""
        return bool(self.redo_stack)

    def decision_points(self) -> list[int]:
        """Indices in the timeline of the states where the learner had to choose."""
        return [index for index, deal in enumerate(self.timeline[:-1]) if self._learner_decides(deal)]

    # -- what the learner does -------------------------------------------------------------------
    def select(self, seat: Seat | int | str, card: Card | str) -> None:
        """The learner picks a card of `seat`'s hand: in the exchange it joins (or leaves) the
        cards to discard; in the play it is played, and the computer answers."""
        seat, card = _seat_of(seat), card if isinstance(card, Card) else parse_card(card)
        deal = self.deal
        if seat not in self.learner_seats:
            raise PiquetError(N_("That hand is the computer's."))
        if deal.phase is Phase.FINISHED:
            raise PiquetError(N_("The deal is over: press Next deal."))
        if deal.phase is Phase.EXCHANGE:
            if deal.to_move is not seat:
                raise PiquetError(N_("It is {who}'s turn to exchange."), who=SeatWord(deal.to_move))
            if card not in deal.hand(seat):
                raise PiquetError(N_("You cannot discard the {card}: you do not hold it."), card=card)
            self.selection = [c for c in self.selection if c != card] if card in self.selection else [*self.selection, card]
        elif deal.phase is Phase.PLAY:
            if deal.to_move is not seat:
                raise PiquetError(N_("It is {who}'s turn to play."), who=SeatWord(deal.to_move))
            if self._reckoning_due() is not None:
                raise PiquetError(N_("Younger reckons her good combinations before she plays to the first trick: say them first."))
            self._act(Play(card))
        else:
            raise PiquetError(N_("This is not the time to play a card."))

    def confirm(self) -> None:
        """Discard the selected cards (the engine checks how many are allowed)."""
        if self.deal.phase is not Phase.EXCHANGE or not self.to_move_is_learner:
            raise PiquetError(N_("There is nothing to confirm now."))
        self._act(Exchange(tuple(self.selection)))

    def declare(self, combinations: Sequence[Combination]) -> None:
        """Declare these combinations of the category being declared (only when the learner
        declares: `declare_in_full=False`)."""
        deal = self.deal
        if deal.phase is not Phase.DECLARATIONS or not self.to_move_is_learner:
            raise PiquetError(N_("There is nothing to declare now."))
        self._act(Declare(deal.category, tuple(combinations)))

    def can_show(self) -> bool:
        """Closed piquet: the computer has reckoned a scoring combination whose cards the learner
        has not yet seen (Law 55)."""
        return bool(set(self._showable()) - set(self.shown))

    def show_me(self) -> None:
        """The learner asks to see the computer's scoring combinations (Law 55): their cards are
        shown (`shown`) from now on in this deal. A combination that did not score is never shown,
        nor one the computer has not yet reckoned (as younger it does so as it plays to trick 1);
        the refusal says which."""
        if not self.can_show():
            deal = self.deal
            computer = self.hidden_seats()
            scored = [event for event in deal.events if event.player in computer and event.kind in ("point", "sequence", "sets")]
            if self.shown:
                raise PiquetError(N_("The computer has shown you its scoring combinations already."))
            if scored and not younger_has_reckoned(deal):
                raise PiquetError(N_("Younger shows her scoring combinations once she has reckoned them, as she plays to the first trick: ask then."))
            raise PiquetError(N_("Law 55 shows only a combination that scored, and the computer has none to show now."))
        self.shown = self._showable()
        self._shown_at = len(self.timeline) - 1

    def heard_deal(self) -> Deal:
        """The deal as the learner has heard it counted (closed piquet: younger's declarations
        reach elder only when she reckons them), for the scores and meters on the table."""
        if not self.hidden_seats():
            return self.deal
        return as_heard(self.deal, next(iter(self.learner_seats)))

    def dialogue(self) -> list[list[Line]]:
        """What has been said in the declarations so far, category by category: in closed piquet
        as both players heard it (teach/closed_dialogue.py), the category being said last."""
        deal = self.deal
        pairs = [deal.declarations[index : index + 2] for index in range(0, len(deal.declarations) - 1, 2)]
        if self.mode == "closed":
            said = [
                category_script(elder, younger, deal, self.learner_seats, younger_has_reckoned(deal) or elder.category in self.reckoned)
                for elder, younger in pairs
            ]
            talk = self._talk if self._talk is not None and self._talk.deal is deal else None
            return said + ([list(talk.lines)] if talk is not None and talk.lines else [])
        said = [category_lines(elder, younger, deal) for elder, younger in pairs]
        return said + ([list(self.spoken)] if self.spoken else [])

    def study(self, on: bool) -> None:
        """Closed piquet: "Study this deal". While it is on, Undo and going back to a mistake may
        return anywhere, even before what a move showed; from the first time it is turned on the
        deal counts as studied (`studied`: on the score sheet, out of any strength figure)."""
        if self.mode != "closed":
            raise PiquetError(N_("Every move can be taken back in open piquet: there is nothing to study apart."))
        self.studying = bool(on)
        if self.studying:
            self.studied = self.studied | {self.number}

    @property
    def can_undo(self) -> bool:
        """The learner has a move to take back that `undo` allows."""
        points = self.decision_points()
        return bool(points) and points[-1] >= self._earliest_return()

    def hidden_seats(self) -> frozenset[Seat]:
        """The seats whose hand and discards the learner may not see now, the talon with them:
        the computer's, in closed piquet until the deal ends (rules 8b)."""
        if self.mode != "closed" or self.deal.phase is Phase.FINISHED:
            return frozenset()
        return frozenset(seat for seat in (ELDER, YOUNGER) if seat not in self.learner_seats)

    def hidden_cards(self) -> frozenset[Card]:
        """The cards the learner may not see now (rules 8b): in open piquet the talon not yet
        drawn (unless `show_talon`); in closed piquet all but what his seat's observation holds
        and what the computer showed him on request (`shown`)."""
        deal = self.deal
        if not self.hidden_seats():
            if self.show_talon or deal.discards[YOUNGER] is not None:
                return frozenset()
            return frozenset(deal.talon[deal.talon_taken[ELDER] :])
        seen = observe(self.deal, next(iter(self.learner_seats)), ask_to_see=False).seen_mask() | mask_of(self.shown)
        return frozenset(Card(index) for index in range(32) if not seen >> index & 1)

    def _showable(self) -> tuple[Card, ...]:
        """The cards the learner sees if he asks (Law 55), beyond those he sees anyway: what his
        seat's observation shows on request and not without (analysis.observation)."""
        if self.mode != "closed" or not self.hidden_seats():
            return ()
        seat = next(iter(self.learner_seats))
        asked, unasked = observe(self.deal, seat).announced, observe(self.deal, seat, ask_to_see=False).announced
        return tuple(dict.fromkeys(card for heard, plain in zip(asked, unasked) for card in heard.shown if card not in plain.shown))

    def _earliest_return(self) -> int:
        """The earliest state of the timeline the learner may go back to. In closed piquet, unless
        he is studying the deal, none before a move that showed him something (rules 8b): a card
        he drew, a card the computer played, the combinations shown at his request."""
        if self.mode != "closed" or self.studying:
            return 0
        earliest = self._shown_at
        for index in range(1, len(self.timeline)):
            before = self.timeline[index - 1]
            drew = before.phase is Phase.EXCHANGE and before.to_move in self.learner_seats
            saw_a_card = before.phase is Phase.PLAY and before.to_move not in self.learner_seats
            if drew or saw_a_card:
                earliest = max(earliest, index)
        return earliest

    def _refuse_return(self, index: int) -> None:
        """Refuse to go back to the state `index` if what the learner saw since forbids it."""
        if index < self._earliest_return():
            raise PiquetError(N_("In closed piquet a move cannot be taken back once it has shown you cards: turn on “Study this deal” to explore it."))

    def speech_choices(self) -> list[Choice]:
        """The words the learner may say now in the declarations (none when it is not his turn
        to speak): the true ones and the wrong ones a learner might choose."""
        talk = self._current_talk()
        if talk is not None:
            return talk.choices() if talk.pending() in self.learner_seats else []
        due = self._reckoning_due()
        if due is not None:
            return reckoning_choices(self.deal, due)
        line = self._next_line()
        return choices(line, self.deal, self.deal.category) if line is not None else []

    def say(self, key: str) -> None:
        """The learner says the words of `key` (a `Choice.key`): refused with the reason unless
        they are true (and in open piquet, in full); once the category is said, it is declared
        and scored. In closed piquet less than the hand holds is sinking, and allowed."""
        talk = self._current_talk()
        if talk is not None:
            talk.say(key if isinstance(key, str) else "")
            if talk.done:
                self.redo_stack.clear()
                self._advance()
            return
        due = self._reckoning_due()
        if due is not None:
            self._reckon(due, reckoned(self.deal, due, key if isinstance(key, str) else ""))
            return
        line = self._next_line()
        if line is None:
            raise PiquetError(N_("There is nothing to say now."))
        deal = self.deal
        category = deal.category
        opponent = _best_of(deal, line.seat.other, category)
        check(key if isinstance(key, str) else "", line, deal, category, opponent)
        self.spoken.append(line)
        if self._speak_for_computer():
            self.redo_stack.clear()
            self._advance()

    def retry(self, index: int) -> None:
        """Go back to the moment `index` of the timeline (a review's mistake: `Mistake.index`),
        where the learner chose, to try again; the moves after it can be redone."""
        if not isinstance(index, int) or isinstance(index, bool) or index not in self.decision_points():
            raise PiquetError(N_("There is no such moment to go back to."))
        self._refuse_return(index)
        self.redo_stack.append(self.timeline[index + 1 :])
        self.timeline = self.timeline[: index + 1]
        self.mark = index
        self.selection = []
        self._restart_speech()

    def play_again(self) -> None:
        """Play the finished deal again, the same cards with the learner in the other seat (both
        hands stay both), as the next deal of the partie: the deal played stays on the sheet and
        the seats alternate as they do from deal to deal. After the partie's last deal there is
        no next one: a new partie starts with these cards (`replays_in_new_partie`)."""
        if self.deal.phase is not Phase.FINISHED:
            raise PiquetError(N_("Finish this deal first."))
        first = self.timeline[0]
        if self.replays_in_new_partie:
            if self.role != "both":
                self.role = "younger" if ELDER in self.learner_seats else "elder"
            self.partie = Partie(self.rules, first_dealer=_first_dealer(self.role))
            self.studied = frozenset()
        else:
            self.partie = self.partie.with_deal(self.deal)
        self._start(first)

    @property
    def replays_in_new_partie(self) -> bool:
        """`play_again` starts a new partie: the deal on the table is the partie's last."""
        return self.partie_so_far.result.finished

    def settle(self) -> None:
        """After a change of how the declarations are made: let the computer (or the automatic
        declarations) go on up to the learner's turn."""
        self._restart_speech()
        self._advance()

    def undo(self) -> None:
        """Take back the learner's last move (and the computer's answer to it)."""
        points = self.decision_points()
        if not points:
            raise PiquetError(N_("Nothing to undo."))
        index = points[-1]
        self._refuse_return(index)
        self.redo_stack.append(self.timeline[index + 1 :])
        self.timeline = self.timeline[: index + 1]
        previous = [i for i in points if i < index]
        self.mark = previous[-1] if previous else 0
        self.selection = []
        self._restart_speech()

    def redo(self) -> None:
        """Replay a move taken back by `undo`."""
        if not self.redo_stack:
            raise PiquetError(N_("Nothing to redo."))
        self.mark = len(self.timeline) - 1
        self.timeline = self.timeline + self.redo_stack.pop()
        self.selection = []
        self._restart_speech()

    def new_deal(self) -> None:
        """Deal the current deal again with new cards (its place in the partie is kept)."""
        self._start(self._random_deal())

    def load_code(self, code: Any) -> None:
        """Play the deal of a deal code instead of the current one."""
        self._start(deal_from_code(code if isinstance(code, str) else "", self.rules))

    def next_deal(self) -> None:
        """Put the finished deal on the partie sheet and deal the next one (none once settled)."""
        if self.settled:
            raise PiquetError(N_("The partie is over: start a new partie."))
        if self.deal.phase is not Phase.FINISHED:
            raise PiquetError(N_("Finish this deal first."))
        self.partie = self.partie.with_deal(self.deal)
        if not self.settled:
            self._start(self._random_deal())

    def new_partie(self, role: str | None = None) -> None:
        """Start a new partie; `role` is the learner's seat in its first deal."""
        if role is not None and role not in ROLES:
            raise PiquetError(N_("practice: role must be one of {known}"), known=", ".join(ROLES))
        self.role = role or self.role
        self.partie = Partie(self.rules, first_dealer=_first_dealer(self.role))
        self.studied = frozenset()
        self._start(self._random_deal())

    def set_level(self, level: str) -> None:
        """Play against another computer player from its next move on."""
        if not isinstance(level, str) or level not in PLAYERS:
            raise PiquetError(N_("unknown computer player {text}; known: {known}"), text=repr(level), known=", ".join(PLAYERS))
        if level != self.level:
            self.computer, self.level = _computer(level, self.mode), level

    def hint_request(self, progress: Callable[[int, int], None] | None = None, steps: bool = False) -> Callable[[Solver | None], Any]:
        """The search for the best card or discards now, to be run (by the table's analysis
        runner, with its solver, told of its `progress`); with `steps`, one that returns the
        hint in steps, each closer than the last (`review.hint_steps`, for the work done ahead).
        Refused when the learner has nothing to choose."""
        deal = self.deal
        if deal.phase not in (Phase.EXCHANGE, Phase.PLAY) or not self.to_move_is_learner:
            raise PiquetError(N_("There is nothing to choose now."))
        if self.mode == "closed":  # from what the learner sees, never the hidden cards (rules 8b)
            from piquet_widgets.analysis.closed_help import closed_hint

            seen, level = observe(deal, deal.to_move), self.level
            return lambda solver: closed_hint(seen, solver, level)
        if steps:
            return lambda solver: hint_steps(deal, solver, draws=EXPERT_DRAWS)
        return lambda solver: hint(deal, solver, progress=progress)

    def refined_hint_request(self) -> Callable[[Solver | None], Any] | None:
        """`hint_request(steps=True)` gone on to a figure exact over every draw of elder (seconds
        of work, for a learner who asked), where the hint has one to refine: at elder's exchange
        in open piquet. None elsewhere."""
        deal = self.deal
        if self.mode != "open" or deal.phase is not Phase.EXCHANGE or deal.to_move is not ELDER or not self.to_move_is_learner:
            return None
        return lambda solver: hint_steps(deal, solver, draws=None)

    def hint_ready(self, found: Hint | ClosedHint) -> bool:
        """Whether `found`, a step of the hint (`hint_request(steps=True)`), says all the hint
        says at its present stage: the idea needs the move only, the move its figure too."""
        return self.hint_stage < 2 or found.value is not None

    def values_request(self) -> Callable[[Solver | None], CardValues | ExpectedValues]:
        """The value of each card the learner may play now, to be run by the table's analysis
        runner: solved exactly in open piquet, averaged over what he cannot see in closed piquet."""
        deal = self.deal
        if deal.phase is not Phase.PLAY or not self.to_move_is_learner:
            raise PiquetError(N_("There is nothing to choose now."))
        if self.mode == "closed":
            from piquet_widgets.analysis.closed_help import expected_card_values

            seen, level = observe(deal, deal.to_move), self.level
            return lambda solver: expected_card_values(seen, solver, level)
        return lambda solver: card_values(deal, solver)

    def ask_hint(self) -> int:
        """The learner asks for a hint: the first time at a position, a nudge (1); asked again,
        the move itself (2). Returns the stage."""
        deal = self.deal
        self.hint_stage = min(self.hint_stage + 1, 2) if self._hint_deal is deal else 1
        self._hint_deal = deal
        return self.hint_stage

    def hint_words(self, found: Hint | ClosedHint) -> str:
        """What the hint says at its stage: the idea in words, then the move and its worth in whole
        points in words (with the note that the talon shown is not used, when it is shown); in
        closed piquet, from what the learner sees, its worth an average said as one."""
        if self.mode == "closed":
            seen = observe(self.deal, found.seat)
            if self.hint_stage >= 2 or self._hint_deal is not self.deal:
                return closed_move_words(seen.hand, found)
            return _("{nudge} (Ask again for the move.)").format(nudge=closed_nudge(seen, found))
        if self.hint_stage >= 2 or self._hint_deal is not self.deal:
            words = move_words(self.deal, found)
            if found.phase is Phase.EXCHANGE and self.show_talon:
                words += " " + _(_TALON_SHOWN)
            return words
        return _("{nudge} (Ask again for the move.)").format(nudge=nudge(self.deal, found))

    def hint_details(self, found: Hint | ClosedHint) -> str:
        """The exact figures behind the named move's whole points (for "Details"); '' while the
        hint gives only the idea."""
        if self.hint_stage < 2 and self._hint_deal is self.deal:
            return ""
        return closed_move_details(found) if self.mode == "closed" else move_details(found)

    def hint_outlined(self, found: Hint | ClosedHint) -> tuple[Card, ...]:
        """The cards to outline on the table: the move, once the hint names it."""
        return found.cards if self.hint_stage >= 2 and self._hint_deal is self.deal else ()

    # -- words for the learner -------------------------------------------------------------------
    def prompt(self) -> str:
        """The message that tells the learner what to do now."""
        deal = self.deal
        partie = self.partie_so_far
        if self.settled:
            return self.result_sentence()
        if deal.phase is Phase.FINISHED:
            if partie.result.finished:
                text = _("The deal is over: elder {elder}, younger {younger}. That was the last deal: press Next deal to settle the partie.")
            else:
                text = _("The deal is over: elder {elder}, younger {younger}. Press Next deal to go on.")
            return text.format(elder=deal.scores[ELDER], younger=deal.scores[YOUNGER])
        seat = deal.to_move
        who = self.seat_label(seat)
        talk = self._current_talk()
        if self._reckoning_due() is not None:
            return _("{who}: reckon your good combinations aloud, then play to the first trick.").format(who=self.seat_label(YOUNGER))
        speaker = talk.pending() if talk is not None else getattr(self._next_line(), "seat", None)
        if speaker is not None:
            return _("{who}: your turn to speak in the declarations — choose what you say.").format(who=self.seat_label(speaker))
        if deal.phase is Phase.DECLARATIONS and self.to_move_is_learner:
            return _("{who}: your turn to declare — in full, or less (sinking).").format(who=who)
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

    def result_sentence(self) -> str:
        """How the partie ended, once it is settled ('' before)."""
        partie = self.partie
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

    def player_name(self, player: str) -> str:
        """'You' / 'The computer' (or 'Player A' when the learner plays both hands)."""
        if self.role == "both":
            return _("Player {name}").format(name=player)
        return _("You") if player == LEARNER else _("The computer")

    def seat_label(self, seat: Seat) -> str:
        """'Elder (you)' / 'Younger (computer)'."""
        if self.role == "both":
            return seat_at_start(seat)
        if seat in self.learner_seats:
            return _("{seat} (you)").format(seat=seat_at_start(seat))
        return _("{seat} (computer)").format(seat=seat_at_start(seat))

    # -- the partie record -----------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The partie so far as a partie record: the finished deals and the current deal as far
        as it has gone, with the extra fields `role`, `level`, `mode` and `settled`."""
        partie = self.partie if self.settled else self.partie.with_deal(self.deal)
        return {**partie_record(partie), **self._record_fields(), "settled": self.settled}

    def _record_fields(self) -> dict[str, Any]:
        """What a saved partie holds besides the partie record: role, level, mode, studied deals."""
        return {"role": self.role, "level": self.level, "mode": self.mode, "studied": sorted(self.studied)}

    def public_record(self) -> dict[str, Any] | None:
        """`record` as far as the learner may see it, for the page (the browser's copy): in
        closed piquet a deal in progress is left out, since its record holds the hidden cards
        (None when no deal is finished yet)."""
        if not self.hidden_seats():
            return self.record()
        if not self.partie.deals:
            return None
        return {**partie_record(self.partie), **self._record_fields(), "settled": False}

    @classmethod
    def from_record(cls, value: Any, name: str = "", *, speak: bool = False) -> PracticeSession:
        """The session a record made by `record` holds: its deals, the current deal with its undo
        history, the role and the level (`speak`: the learner declares aloud, as in `__init__`).
        Anything else is refused naming `name`."""
        partie, timeline, role, level, settled = _saved_state(value, name)
        mode = value.get("mode", "open")
        if mode not in MODES:
            raise PiquetError(N_("{file}: not a saved practice partie (its mode must be one of {known})"), file=name, known=", ".join(MODES))
        session = object.__new__(cls)
        session._rng = random.Random()
        session.rules = partie.rules
        session.role = role
        session.mode = mode
        session.computer, session.level = _computer(level, mode), level
        session.declare_in_full = mode == "open"
        session.show_talon = False
        session.shown = ()
        session.speak, session.spoken, session._talk, session.reckoned = speak and mode == "open", [], None, ()
        session.hint_stage, session._hint_deal = 0, None
        session.partie = partie if settled else Partie(partie.rules, partie.first_dealer, partie.deals[:-1])
        session.studied = _studied(value.get("studied", []), len(partie.deals), name)
        session._shown_at, session.studying = 0, False
        last = timeline[-1]
        if speak and last.phase is Phase.PLAY and not last.tricks and last.led is None:
            # A record holds its declarations in full; before the first card the learner says them.
            timeline = timeline[: next(i for i, deal in enumerate(timeline) if deal.phase is Phase.DECLARATIONS) + 1]
        session.timeline = timeline
        session.redo_stack = []
        session.selection = []
        session._advance()  # a hand-made file may stop where the computer is to move
        points = session.decision_points()
        session.mark = points[-1] if points else 0
        return session

    # -- inside ----------------------------------------------------------------------------------
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
        self.spoken = []
        self._talk: CategoryTalk | None = None
        self.reckoned: tuple[Category, ...] = ()  # what a learner younger has reckoned at trick 1
        self.shown = ()
        self._shown_at = 0
        self.studying = False
        self.hint_stage, self._hint_deal = 0, None
        self.timeline = [deal]
        self.redo_stack: list[list[Deal]] = []
        self.mark = 0  # where the steps made since the learner's last move begin
        self.selection: list[Card] = []
        self._advance()

    def _automatic(self, deal: Deal) -> bool:
        """The learner's declarations are made for him (open piquet, in full)."""
        return deal.phase is Phase.DECLARATIONS and self.declare_in_full and not self.speak

    def _learner_decides(self, deal: Deal) -> bool:
        """At `deal` the learner chooses: his exchange or card, or (speaking) a category to declare."""
        if deal.phase is Phase.FINISHED:
            return False
        if deal.phase is Phase.DECLARATIONS and (self.speak or self.mode == "closed"):
            return len(deal.declarations) % 2 == 0
        return deal.to_move in self.learner_seats and not self._automatic(deal)

    def _script(self) -> tuple[list[Line], list[Deal]]:
        """The whole dialogue of the category being declared (both in full), and the two states
        the declarations lead to."""
        deal = self.deal
        middle = deal.apply(deal.default_action())
        after = middle.apply(middle.default_action())
        return category_lines(after.declarations[-2], after.declarations[-1], after), [middle, after]

    def _next_line(self) -> Line | None:
        """The learner's line to say now, if he is speaking."""
        if not (self.speak and self.deal.phase is Phase.DECLARATIONS):
            return None
        lines, _states = self._script()
        return lines[len(self.spoken)] if len(self.spoken) < len(lines) else None

    def _speak_for_computer(self) -> bool:
        """The computer says its lines up to the learner's next one; once the whole category is
        said, both declarations are made (True)."""
        lines, states = self._script()
        while len(self.spoken) < len(lines) and lines[len(self.spoken)].seat not in self.learner_seats:
            self.spoken.append(lines[len(self.spoken)])
        if len(self.spoken) < len(lines):
            return False
        self.mark = len(self.timeline) - 1
        self.timeline = self.timeline + states
        self.spoken = []
        return True

    def _restart_speech(self) -> None:
        """After undo or redo: the category on the table is said again from its beginning."""
        self.spoken = []
        self._talk = None
        self.reckoned = ()
        if self.speak and self.deal.phase is Phase.DECLARATIONS:
            self._speak_for_computer()
        self._current_talk()  # closed piquet: the computer, if elder, announces again

    def _act(self, action: Action) -> None:
        """Apply the learner's action (the engine refuses an illegal one, changing nothing),
        then let the computer answer."""
        after = self.deal.apply(action)
        self.mark = len(self.timeline) - 1
        self.timeline = self.timeline + [after]
        self.redo_stack.clear()
        self.selection = []
        self._advance()

    def _advance(self) -> None:
        """The declarations made in full and the computer's moves, up to the learner's turn."""
        while self.deal.phase is not Phase.FINISHED:
            deal = self.deal
            if deal.phase is Phase.DECLARATIONS and self.speak:
                if not self._speak_for_computer():
                    return
                continue
            talk = self._current_talk()
            if talk is not None:
                if not talk.done:
                    return
                elder, younger = talk.declarations()
                middle = deal.apply(elder)
                self.mark = len(self.timeline) - 1
                self.timeline = self.timeline + [middle, middle.apply(younger)]
                self._talk = None
                continue
            if self._automatic(deal) or (deal.phase is Phase.DECLARATIONS and self.mode == "closed" and deal.to_move in self.learner_seats):
                action = deal.default_action()  # (a hand-made file stopped between two declarations)
            elif deal.to_move in self.learner_seats:
                return
            else:
                action = self._computer_action(deal)
            self.timeline.append(deal.apply(action))

    def _computer_action(self, deal: Deal) -> Action:
        """The computer's move at `deal` (a closed computer sees only its seat's observation)."""
        closed = _closed_players()
        if isinstance(self.computer, closed.Screened):  # in the last deal it plays for the partie
            self.computer.standing = closed.standing_before_last_deal(self.partie, COMPUTER)
        return self.computer.choose_action(deal)

    def _reckoning_due(self) -> Category | None:
        """Closed piquet, trick 1: the next category a learner younger is to reckon before she
        plays her card (rules.md section 4), None when there is none."""
        deal = self.deal
        if self.mode != "closed" or YOUNGER not in self.learner_seats or deal.phase is not Phase.PLAY or deal.tricks or deal.led is None:
            return None
        return next((category for category in to_reckon(deal) if category not in self.reckoned), None)

    def _reckon(self, category: Category, combinations: tuple[Combination, ...]) -> None:
        """A learner younger reckons `combinations` of `category`: what she leaves out is not
        scored (the Laws: what is not reckoned before playing is lost), so her declaration of it
        becomes what she reckoned and the deal is replayed from there, every other move the same."""
        timeline = self.timeline
        made = next(index for index, deal in enumerate(timeline) if any(d.category is category and d.player is YOUNGER for d in deal.declarations))
        if timeline[made].declarations[-1].combinations != combinations:
            rebuilt = [*timeline[:made], timeline[made - 1].apply(Declare(category, combinations))]
            for deal in timeline[made + 1 :]:
                rebuilt.append(rebuilt[-1].apply(deal.actions[-1]))
            self.timeline = rebuilt
        self.reckoned = (*self.reckoned, category)
        self.redo_stack.clear()

    def _current_talk(self) -> CategoryTalk | None:
        """Closed piquet: the dialogue of the category to be declared now (None at other times)."""
        deal = self.deal
        if self.mode != "closed" or deal.phase is not Phase.DECLARATIONS or len(deal.declarations) % 2:
            return None
        if self._talk is None or self._talk.deal is not deal:
            self._talk = CategoryTalk(deal, self.learner_seats, self._computer_action)
        return self._talk


_TALON_SHOWN = N_("The talon is shown face up for study, but this advice assumes what you would see in play: the talon's cards, not their order.")


def _closed_players() -> ModuleType:
    """`analysis.closed`, imported with the first table rather than with every page of the app
    (it brings numpy, some 12 MB a kernel)."""
    from piquet_widgets.analysis import closed

    return closed


def _computer(level: str, mode: str) -> Player:
    """The computer player of `level`: the open one, or in closed mode the closed one, which is
    handed only what its seat may see (`analysis.closed.Screened`)."""
    return CLOSED_PLAYERS[f"closed_{level}"]() if mode == "closed" and level in PLAYERS else get_player(level)


def _best_of(deal: Deal, seat: Seat, category: Category) -> Combination | None:
    best = best_declaration(category, deal.hands[seat])
    return best[0] if best else None


def _first_dealer(role: str) -> str:
    """Who deals first so that the learner has `role` in deal 1 (elder is the non-dealer)."""
    return LEARNER if role == "younger" else COMPUTER


def _seat_of(value: Seat | int | str) -> Seat:
    """A seat from a seat, its number or its key; anything else is refused."""
    for seat in (ELDER, YOUNGER):
        if value is seat or value == seat.key or (isinstance(value, int) and not isinstance(value, bool) and value == seat.value):
            return seat
    raise PiquetError(N_("There is no such hand."))


def _studied(value: Any, deals: int, name: str) -> frozenset[int]:
    """The deals a saved partie marks as studied: numbers of its deals, or a PiquetError."""
    if not isinstance(value, list) or not all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= deals for n in value):
        raise PiquetError(N_("{file}: not a saved practice partie (its studied deals must be numbers of its deals)"), file=name)
    return frozenset(value)


def _saved_state(value: Any, name: str) -> tuple[Partie, list[Deal], str, str, bool]:
    """What a saved practice partie holds, or a PiquetError saying why `value` is not one."""
    if not is_partie(value) or not isinstance(value.get("deals"), list) or not value["deals"]:
        raise PiquetError(N_("{file}: not a saved practice partie"), file=name)
    role, level, settled = value.get("role"), value.get("level", DEFAULT_LEVEL), value.get("settled")
    if not isinstance(role, str) or role not in ROLES:
        raise PiquetError(N_("{file}: not a saved practice partie (its role must be one of {known})"), file=name, known=", ".join(ROLES))
    if not isinstance(level, str) or level not in PLAYERS:
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
