"""One deal of Piquet as a state machine of immutable values (rules.md sections 1–6).

`Deal.apply(action)` returns a new deal and leaves the old one untouched, so undo, timelines and
search cost nothing. Scores live in an event log kept in reckoning order (rules.md section 5):
carte blanche, point, sequences, sets, repique, the play trick by trick with pique, then the cards
or capot. Anything illegal raises `PiquetError` and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from enum import Enum, IntEnum
from itertools import combinations
from math import comb
from typing import NamedTuple

from piquet_widgets.engine.cards import CARDS, SUIT_MASKS, TEN, Card, cards_of, hand_html, mask_of
from piquet_widgets.engine.combinations import (
    HOLDINGS,
    Category,
    Combination,
    Verdict,
    best_declaration,
    best_first,
    combination_of,
    compare,
    is_carte_blanche,
    sequences_of,
)
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.engine.rules import DEFAULT_RULES, Rules
from piquet_widgets.i18n import N_, _

CATEGORIES = (Category.POINT, Category.SEQUENCE, Category.SETS)
CARDS_BONUS, CAPOT_BONUS, PIQUE_BONUS, REPIQUE_BONUS, CARTE_BLANCHE_POINTS = 10, 40, 30, 60, 10
BONUS_THRESHOLD = 30
# The law of Cavendish's code behind each kind of score (rules.md: the repique is Law 68, the
# pique Law 69).
LAWS = {
    "carte_blanche": 61, "point": 62, "sequence": 63, "sets": 64, "repique": 68, "pique": 69,
    "lead": 65, "win": 65, "last": 65, "cards": 66, "capot": 66,
}
COUNTING_RANKS = frozenset(range(TEN, 8))


class Seat(IntEnum):
    """Elder is the non-dealer, younger the dealer."""

    ELDER = 0
    YOUNGER = 1

    @property
    def other(self) -> Seat:
        return Seat(1 - self)

    @property
    def key(self) -> str:
        """'elder' or 'younger', as in records."""
        return "elder" if self is Seat.ELDER else "younger"


ELDER, YOUNGER = Seat.ELDER, Seat.YOUNGER


class Phase(str, Enum):
    """Where a deal stands; the values are those of formats.md."""

    EXCHANGE = "exchange"
    DECLARATIONS = "declarations"
    PLAY = "play"
    FINISHED = "finished"


class Exchange(NamedTuple):
    """Discard these cards and take as many from the talon."""

    discards: tuple[Card, ...]


class Declare(NamedTuple):
    """Declare these combinations of one category (all of them unless sinking). Sinking may
    leave a combination out or declare less of it: part of a point, a shorter run, a trio out of
    a quatorze (`combination_of` makes those)."""

    category: Category
    combinations: tuple[Combination, ...]


class Play(NamedTuple):
    """Play one card to the current trick."""

    card: Card


Action = Exchange | Declare | Play


class Event(NamedTuple):
    """One scoring act, with what the explanation needs."""

    kind: str  # carte_blanche point sequence sets repique pique lead win last cards capot
    player: Seat
    points: int
    cards: tuple[Card, ...] = ()
    combinations: tuple[Combination, ...] = ()
    trick: int | None = None  # 1..12 for play events

    @property
    def law(self) -> int:
        """The law of Cavendish's code this score comes from."""
        return LAWS[self.kind]

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "player": self.player.key,
            "points": self.points,
            "cards": [card.code for card in self.cards],
            "law": self.law,
        } | ({"trick": self.trick} if self.trick is not None else {})


class Declaration(NamedTuple):
    """What one player declared in one category."""

    category: Category
    player: Seat
    combinations: tuple[Combination, ...]
    holds: tuple[Combination, ...]  # what he would have declared in full


class Trick(NamedTuple):
    """A finished trick."""

    number: int
    leader: Seat
    lead: Card
    reply: Card
    winner: Seat


class DiscardChoices(Sequence):
    """Every legal set of discards, enumerated lazily (1,585 for elder), with a fast `in`."""

    def __init__(self, hand: int, low: int, high: int) -> None:
        self.hand, self.low, self.high = hand, low, high
        self._cards = cards_of(hand)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Exchange):
            return False
        mask = mask_of(action.discards)
        return len(action.discards) == bin(mask).count("1") and mask & ~self.hand == 0 and self.low <= len(action.discards) <= self.high

    def __iter__(self) -> Iterator[Exchange]:
        for size in range(self.low, self.high + 1):
            for chosen in combinations(self._cards, size):
                yield Exchange(chosen)

    def __len__(self) -> int:
        return sum(comb(len(self._cards), size) for size in range(self.low, self.high + 1))

    def __getitem__(self, index):  # type: ignore[override]
        """Indexing enumerates the choices: cheap for the play, 1,585 objects for an exchange."""
        return list(self)[index]


class Deal:
    """A deal at one moment. Build one with `Deal.new` or `Deal.from_seed`; move with `apply`."""

    __slots__ = (
        "rules", "elder_dealt", "younger_dealt", "talon", "hands", "discards", "declarations",
        "phase", "tricks", "leader", "led", "events", "scores", "bonus_done", "actions",
    )

    rules: Rules
    elder_dealt: int
    younger_dealt: int
    talon: tuple[Card, ...]
    hands: tuple[int, int]
    discards: tuple[tuple[Card, ...] | None, tuple[Card, ...] | None]
    declarations: tuple[Declaration, ...]
    phase: Phase  # advanced by the action that ends each phase
    tricks: tuple[Trick, ...]
    leader: Seat
    led: Card | None
    events: tuple[Event, ...]
    scores: tuple[int, int]  # totals of `events`, kept with them by `_scored`
    bonus_done: bool  # a pique or repique is in `events`, kept with them by `_scored`
    actions: tuple[Action, ...]  # the actions applied since the deal, as the engine took them

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def new(cls, elder: Sequence[int], younger: Sequence[int], talon: Sequence[int], rules: Rules = DEFAULT_RULES) -> Deal:
        """The deal just dealt: 12 cards each and the talon of 8, top card first."""
        elder_mask, younger_mask = mask_of(elder), mask_of(younger)
        if len(elder) != 12 or len(younger) != 12 or len(talon) != 8 or mask_of(talon) | elder_mask | younger_mask != (1 << 32) - 1:
            raise PiquetError(N_("a deal needs 12 cards for each player and a talon of the 8 others"))
        deal = cls._make(
            rules=rules, elder_dealt=elder_mask, younger_dealt=younger_mask, talon=tuple(CARDS[c] for c in talon),
            hands=(elder_mask, younger_mask), discards=(None, None), declarations=(), phase=Phase.EXCHANGE, tricks=(),
            leader=ELDER, led=None, events=(), scores=(0, 0), bonus_done=False, actions=(),
        )
        blanche = [
            Event("carte_blanche", seat, CARTE_BLANCHE_POINTS, cards_of(hand))
            for seat, hand in ((ELDER, elder_mask), (YOUNGER, younger_mask))
            if is_carte_blanche(hand)
        ]
        return deal._scored(blanche, REPIQUE_BONUS)

    @classmethod
    def from_seed(cls, seed: int, rules: Rules = DEFAULT_RULES) -> Deal:
        """A shuffled deal, the same for the same seed on every machine.

        >>> deal = Deal.from_seed(7)
        >>> deal.phase.value, deal.to_move.key, deal.hand(ELDER)[:3]
        ('exchange', 'elder', (Card('AS'), Card('QS'), Card('7S')))
        """
        pack = list(range(32))
        random.Random(seed).shuffle(pack)
        return cls.new(pack[:12], pack[12:24], pack[24:], rules)

    @classmethod
    def _make(cls, **fields: object) -> Deal:
        deal = object.__new__(cls)
        for name, value in fields.items():
            object.__setattr__(deal, name, value)
        return deal

    def _evolve(self, **changes: object) -> Deal:
        """A new deal with some fields changed (the only way a deal is ever 'modified')."""
        deal = object.__new__(Deal)
        for name in Deal.__slots__:
            object.__setattr__(deal, name, changes[name] if name in changes else getattr(self, name))
        return deal

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Deal is immutable; apply an action to get a new one")

    def _value(self) -> tuple:
        """The position; `actions` is left out, as the position already holds every action."""
        return tuple(getattr(self, name) for name in Deal.__slots__[:-1])

    def __eq__(self, other: object) -> bool:
        """Two deals are equal when every field is: a deal is a value."""
        return isinstance(other, Deal) and self._value() == other._value()

    def __hash__(self) -> int:
        return hash(self._value())

    # -- where the deal stands ----------------------------------------------------------------
    @property
    def to_move(self) -> Seat | None:
        """Whose turn it is; None once the deal is over."""
        phase = self.phase
        if phase is Phase.EXCHANGE:
            return ELDER if self.discards[ELDER] is None else YOUNGER
        if phase is Phase.DECLARATIONS:
            return Seat(len(self.declarations) % 2)
        if phase is Phase.PLAY:
            return self.leader if self.led is None else self.leader.other
        return None

    @property
    def category(self) -> Category | None:
        """The category being declared, during the declarations."""
        return CATEGORIES[len(self.declarations) // 2] if self.phase is Phase.DECLARATIONS else None

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        """The cards a player holds now, sorted for display."""
        return cards_of(self.hands[seat])

    def dealt(self, seat: Seat) -> tuple[Card, ...]:
        return cards_of(self.elder_dealt if seat is ELDER else self.younger_dealt)

    @property
    def talon_taken(self) -> tuple[int, int]:
        """How many talon cards elder and younger have taken so far."""
        return tuple(len(d) if d is not None else 0 for d in self.discards)  # type: ignore[return-value]

    @property
    def talon_left(self) -> tuple[Card, ...]:
        """The talon cards nobody has taken (yet)."""
        return self.talon[sum(self.talon_taken):]

    @property
    def tricks_won(self) -> tuple[int, int]:
        return _tricks_won(self.tricks)

    # -- legal actions ------------------------------------------------------------------------
    def legal_actions(self) -> Sequence[Action]:
        """Every action the player to move may take; the first is the natural default where one exists.

        >>> len(Deal.from_seed(7).legal_actions())  # elder discards 1 to 5 of his 12: 12 + 66 + 220 + 495 + 792
        1585

        In the declarations these are the whole holdings and every choice of them to leave out;
        `apply` also takes a shorter declaration (see `Declare`), which is not listed here.
        """
        phase = self.phase
        if phase is Phase.EXCHANGE:
            return self._discard_choices()
        if phase is Phase.DECLARATIONS:
            return self._declaration_choices()
        if phase is Phase.PLAY:
            return tuple(Play(card) for card in self.playable_cards())
        return ()

    def _discard_choices(self) -> DiscardChoices:
        seat = self.to_move
        rules = self.rules
        if seat is ELDER:
            return DiscardChoices(self.hands[ELDER], rules.elder_min_exchange, rules.elder_max_exchange)
        return DiscardChoices(self.hands[YOUNGER], rules.younger_min_exchange, 8 - len(self.discards[ELDER]))

    def _declaration_choices(self) -> tuple[Declare, ...]:
        category = self.category
        holdings = HOLDINGS[category](self.hands[self.to_move])
        if category is Category.POINT:
            options = [(point,) for point in holdings] + [()]
        else:
            options = [chosen for size in range(len(holdings), -1, -1) for chosen in combinations(holdings, size)]
        return tuple(Declare(category, tuple(option)) for option in options)

    def playable_cards(self) -> tuple[Card, ...]:
        """The cards the player to move may play (following suit if able)."""
        if self.phase is not Phase.PLAY:
            return ()
        if self.led is None:
            return cards_of(self.hands[self.leader])
        hand = self.hands[self.leader.other]
        same = hand & SUIT_MASKS[self.led >> 3]
        return cards_of(same or hand)

    def default_action(self) -> Action | None:
        """Declaring everything during the declarations; None where a choice must be made."""
        if self.phase is Phase.DECLARATIONS:
            category = self.category
            return Declare(category, best_declaration(category, self.hands[self.to_move]))
        return None

    # -- applying an action -------------------------------------------------------------------
    def apply(self, action: Action) -> Deal:
        """The deal after `action`; raises PiquetError (changing nothing) if it is illegal.

        >>> deal = Deal.from_seed(7)
        >>> after = deal.apply(Exchange(deal.hand(ELDER)[:2]))
        >>> after.to_move.key, deal.to_move.key, after.talon_taken
        ('younger', 'elder', (2, 0))
        >>> after.apply(Play(after.hand(ELDER)[0]))
        Traceback (most recent call last):
        ...
        piquet_widgets.engine.errors.PiquetError: The play has not begun yet.
        """
        phase = self.phase
        if phase is Phase.FINISHED:
            raise PiquetError(N_("The deal is over: nothing more can be played."))
        if isinstance(action, Exchange):
            return self._exchange(action.discards)
        if isinstance(action, Declare):
            return self._declare(action)
        if isinstance(action, Play):
            return self._play(action.card)
        raise PiquetError(N_("That is not an action of Piquet."))

    def _exchange(self, discards: tuple[Card, ...]) -> Deal:
        if self.phase is not Phase.EXCHANGE:
            raise PiquetError(N_("The exchange is over."))
        seat = self.to_move
        hand = self.hands[seat]
        mask = mask_of(discards)
        if bin(mask).count("1") != len(discards):
            raise PiquetError(N_("A card cannot be discarded twice."))
        if mask & ~hand:
            card = cards_of(mask & ~hand)[0]
            raise PiquetError(N_("You cannot discard the {card}: you do not hold it."), card=card)
        choices = self._discard_choices()
        if not choices.low <= len(discards) <= choices.high:
            if seat is ELDER:
                message = N_("Elder must discard from {low} to {high} cards, not {count}.")
            elif choices.low:
                message = N_("Younger must discard from {low} to {high} cards, not {count}.")
            else:
                message = N_("Younger may discard at most {high} cards, not {count}.")
            raise PiquetError(message, low=choices.low, high=choices.high, count=len(discards))
        start = 0 if seat is ELDER else len(self.discards[ELDER])
        drawn = mask_of(self.talon[start : start + len(discards)])
        hands = list(self.hands)
        hands[seat] = hand & ~mask | drawn
        discarded = (tuple(discards), None) if seat is ELDER else (self.discards[ELDER], tuple(discards))
        phase = Phase.EXCHANGE if seat is ELDER else Phase.DECLARATIONS
        return self._evolve(hands=tuple(hands), discards=discarded, phase=phase, actions=self.actions + (Exchange(tuple(discards)),))

    def _declare(self, action: Declare) -> Deal:
        if self.phase is not Phase.DECLARATIONS:
            raise PiquetError(N_("This is not the time to declare."))
        if action.category is not self.category:
            raise PiquetError(N_("The declarations go in order: point, then sequences, then sets."))
        seat = self.to_move
        holds = HOLDINGS[action.category](self.hands[seat])
        chosen = action.combinations
        if any(combo not in holds for combo in chosen) or len(set(chosen)) != len(chosen):
            _check_sinking(action.category, chosen, self.hands[seat])
        if action.category is Category.POINT and len(chosen) > 1:
            raise PiquetError(N_("Only one point can be declared."))
        chosen = best_first(chosen)
        declaration = Declaration(action.category, seat, chosen, best_declaration(action.category, self.hands[seat]))
        declarations = self.declarations + (declaration,)
        event = _category_event(self.declarations[-1], declaration) if seat is YOUNGER else None
        phase = Phase.PLAY if len(declarations) == 6 else Phase.DECLARATIONS
        actions = self.actions + (Declare(action.category, chosen),)
        return self._scored([event] if event else [], REPIQUE_BONUS, declarations=declarations, phase=phase, actions=actions)

    def _play(self, card: Card) -> Deal:
        if self.phase is not Phase.PLAY:
            raise PiquetError(N_("The play has not begun yet."))
        led = self.led
        seat = self.leader if led is None else self.leader.other
        card = CARDS[card]
        hand = self.hands[seat]
        if not hand >> card & 1:
            raise PiquetError(N_("You do not hold the {card}."), card=card)
        if led is not None and card >> 3 != led >> 3 and hand & SUIT_MASKS[led >> 3]:
            raise PiquetError(N_("You must follow {suit} while you hold one."), suit=led.suit)
        counts = self.rules.low_cards_count_in_play
        number = len(self.tricks) + 1
        hands = list(self.hands)
        hands[seat] = hand & ~(1 << card)
        actions = self.actions + (Play(card),)
        if led is None:
            events = [Event("lead", seat, 1, (card,), trick=number)] if counts or card & 7 in COUNTING_RANKS else []
            return self._scored(events, PIQUE_BONUS, hands=tuple(hands), led=card, actions=actions)
        winner = seat if card >> 3 == led >> 3 and card > led else self.leader
        tricks = self.tricks + (Trick(number, self.leader, led, card, winner),)
        events = []
        if winner is seat and (counts or card & 7 in COUNTING_RANKS):
            events.append(Event("win", seat, 1, (card,), trick=number))
        if number == 12:
            events.append(Event("last", winner, 1, (led, card), trick=number))
            events.extend(_cards_events(_tricks_won(tricks)))
        phase = Phase.FINISHED if number == 12 else Phase.PLAY
        return self._scored(events, PIQUE_BONUS, hands=tuple(hands), tricks=tricks, leader=winner, led=None, phase=phase, actions=actions)

    def _scored(self, events: list[Event], bonus: int | None, **changes: object) -> Deal:
        """This deal with `changes` made and `events` added to the log; each event may trigger
        the repique (declarations) or the pique (play, elder only) as rules.md section 5 reckons
        them. The cards and capot never trigger a bonus."""
        if not events:
            return self._evolve(**changes)
        scores = list(self.scores)
        log = list(self.events)
        done = self.bonus_done
        for event in events:
            log.append(event)
            scores[event.player] += event.points
            if (
                bonus is not None
                and not done
                and event.kind not in ("cards", "capot")
                and scores[event.player] >= BONUS_THRESHOLD
                and scores[event.player.other] == 0
                and (bonus == REPIQUE_BONUS or event.player is ELDER)
            ):
                kind = "repique" if bonus == REPIQUE_BONUS else "pique"
                log.append(Event(kind, event.player, bonus, trick=event.trick))
                scores[event.player] += bonus
                done = True
        return self._evolve(events=tuple(log), scores=tuple(scores), bonus_done=done, **changes)

    # -- display ------------------------------------------------------------------------------
    def __repr__(self) -> str:
        return (
            f"<Deal {self.phase.value} elder={' '.join(map(str, self.hand(ELDER)))} "
            f"younger={' '.join(map(str, self.hand(YOUNGER)))} scores={self.scores}>"
        )

    def _repr_html_(self) -> str:
        rows = [
            hand_html(self.hand(ELDER), _("Elder")),
            hand_html(self.hand(YOUNGER), _("Younger")),
        ]
        if self.talon_left:
            rows.append(hand_html(self.talon_left, _("Talon")))
        score = _("Elder {elder} · Younger {younger}").format(elder=self.scores[ELDER], younger=self.scores[YOUNGER])
        return f'<div class="pw-deal-text">{"".join(rows)}<div>{score}</div></div>'


def _tricks_won(tricks: tuple[Trick, ...]) -> tuple[int, int]:
    """Tricks won by elder and by younger."""
    won = sum(trick.winner for trick in tricks)
    return (len(tricks) - won, won)


def _cards_events(tricks_won: tuple[int, int]) -> list[Event]:
    """The cards (7 or more tricks) or capot (all 12); nothing for six each."""
    elder_tricks, younger_tricks = tricks_won
    if elder_tricks == younger_tricks:
        return []
    winner = ELDER if elder_tricks > younger_tricks else YOUNGER
    if max(tricks_won) == 12:
        return [Event("capot", winner, CAPOT_BONUS)]
    return [Event("cards", winner, CARDS_BONUS)]


def _check_sinking(category: Category, chosen: tuple[Combination, ...], hand: int) -> None:
    """Refuse a declaration of less than the whole holdings (formats.md, "Sinking") that is not
    made of combinations of `category` held in `hand`, each card declared once, runs of one suit
    not touching (together they would be one longer sequence)."""
    declared = 0
    for combo in chosen:
        if not isinstance(combo, Combination) or combination_of(category, combo.cards) != combo:
            raise PiquetError(N_("That is not a combination of this category."))
        if combo.mask & ~hand:
            raise PiquetError(N_("You cannot declare the {card}: you do not hold it."), card=cards_of(combo.mask & ~hand)[0])
        if combo.mask & declared:
            raise PiquetError(N_("The {card} cannot be declared twice."), card=cards_of(combo.mask & declared)[0])
        declared |= combo.mask
    if category is Category.SEQUENCE and len(sequences_of(declared)) != len(chosen):
        raise PiquetError(N_("Two declared sequences of one suit touch: together they are one sequence."))


def _category_event(elder: Declaration, younger: Declaration) -> Event | None:
    """The score of one category once both have declared: all of the winner's combinations."""
    verdict = compare(elder.combinations, younger.combinations)
    if verdict is None or verdict is Verdict.EQUAL:
        return None
    winner = elder if verdict is Verdict.GOOD else younger
    combos = winner.combinations
    return Event(
        winner.category.value,
        winner.player,
        sum(combo.points for combo in combos),
        cards_of(mask_of(card for combo in combos for card in combo.cards)),
        combos,
    )
