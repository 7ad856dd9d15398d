"""Computer players: who chooses the discards and the cards when the learner does not.

The interface is one method, `choose_action(deal) -> Action`, for the player to move in `deal`
(`deal.to_move`). Levels are registered by name (`LEVELS`: beginner, club, expert; others may be
added with `register_player`) and the widgets ask for them by name:

>>> from piquet_widgets.engine import Deal
>>> deal = Deal.from_seed(7)
>>> action = choose_action(deal)             # the beginner, elder to exchange
>>> 1 <= len(action.discards) <= 5
True
>>> timeline = complete(deal)                # every state from `deal` to the end of the deal
>>> timeline[0] is deal, timeline[-1].phase.value
(True, 'finished')

The beginner (`SimplePlayer`) is legal and plausible, no more: it keeps its point, sequences and
sets and discards its lowest loose cards; in play it cashes the cards the opponent cannot beat,
wins a trick as cheaply as it can, and otherwise throws its lowest card. It is deterministic: the
same deal always gets the same choices. With both hands on the table (open piquet) it sees the
opponent's hand, as the learner does.

The club player (`ClubPlayer`) takes the exchange advisor's choice (the declarations, over the
talon's cards it sees but not their order) and looks one card ahead in play; the expert (`ExpertPlayer`) plays every card with the exact solver and takes the exchange
evaluator's choice (`evaluator.py`: the whole deal, over the talon orders it cannot see). Both are
deterministic. Measured by `benchmarks/bench_match.py` (80 deals, each played twice with seats
swapped): expert beats club by about 6.9 points a deal, club beats beginner by about 9.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol, runtime_checkable

from piquet_widgets.engine.cards import ACE, KING, KNAVE, QUEEN, SUIT_MASKS, TEN, Card, cards_of, mask_of
from piquet_widgets.engine.combinations import points_of, sequences_of, sets_of
from piquet_widgets.engine.deal import ELDER, YOUNGER, Action, Deal, Exchange, Phase, Play
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.i18n import N_

__all__ = [
    "Player", "SimplePlayer", "ClubPlayer", "ExpertPlayer", "PLAYERS", "LEVELS", "CLOSED_PLAYERS", "CLOSED_LEVELS", "BASELINE_PLAYERS",
    "BASELINE_LEVELS", "DEFAULT_LEVEL",
    "choose_action", "complete", "get_player", "register_player",
]

# How much a card is worth keeping for its rank alone (7 8 9 T J Q K A).
_RANK_WEIGHT = (0.0, 0.3, 0.6, 1.5, 2.0, 3.0, 4.0, 6.0)
# Below this, a card is a candidate for the discard.
_LOOSE = 6.0


@runtime_checkable
class Player(Protocol):
    """Anything that can choose a legal action for the player to move in a deal."""

    level: str

    def choose_action(self, deal: Deal) -> Action:
        """A legal action for `deal.to_move`; never called on a finished deal."""
        ...


class SimplePlayer:
    """The beginner: legal, plausible, deterministic."""

    level = "beginner"

    def choose_action(self, deal: Deal) -> Action:
        phase = deal.phase
        if phase is Phase.EXCHANGE:
            return self.choose_discards(deal)
        if phase is Phase.DECLARATIONS:
            return deal.default_action()  # open piquet: everything is declared
        if phase is Phase.PLAY:
            return Play(self.choose_card(deal))
        raise PiquetError(N_("The deal is over: nothing more can be played."))

    # -- the exchange ---------------------------------------------------------------------------
    def choose_discards(self, deal: Deal) -> Exchange:
        """The lowest loose cards: as many as the rules allow, up to the number of loose cards."""
        choices = deal.legal_actions()  # DiscardChoices: knows the low and high counts
        return Exchange(lowest_loose(deal.hands[deal.to_move], choices.low, choices.high))

    # -- the play -------------------------------------------------------------------------------
    def choose_card(self, deal: Deal) -> Card:
        seat = deal.to_move
        return plain_card(deal.playable_cards(), deal.hands[seat], deal.hands[seat.other], deal.led)


def lowest_loose(hand: int, low: int, high: int) -> tuple[Card, ...]:
    """The beginner's discards: the lowest loose cards of `hand`, as many as the rules allow
    (from `low` to `high`), up to the number of loose cards."""
    worth = keep_values(hand)
    ranked = sorted(cards_of(hand), key=lambda card: (worth[card], card))
    loose = sum(1 for card in ranked if worth[card] < _LOOSE)
    return tuple(ranked[: max(low, min(high, loose))])


def plain_card(playable: tuple[Card, ...], mine: int, theirs: int, led: Card | None) -> Card:
    """The beginner's card: cash a sure winner, win a trick as cheaply as possible, else throw low.
    `theirs` is the opponent's hand, or every card he may hold when it cannot be seen."""
    if led is None:
        return _lead(playable, mine, theirs)
    same = [card for card in playable if card.suit == led.suit]
    if same:
        winners = [card for card in same if card > led]
        return min(winners) if winners else min(same)
    return _throw(playable, mine, theirs)


def keep_values(hand: int) -> dict[Card, float]:
    """How much each card of a hand is worth keeping through the exchange: its rank, and whether
    it belongs to the point suit, a sequence, a set (or a pair that may become one), a near
    sequence."""
    cards = cards_of(hand)
    points = points_of(hand)
    point_mask = points[0].mask if points else 0
    sequence_mask = 0
    for sequence in sequences_of(hand):
        sequence_mask |= sequence.mask
    set_mask = 0
    for trio in sets_of(hand):
        set_mask |= trio.mask
    worth = {}
    for card in cards:
        rank, bit = card.rank, 1 << card
        value = _RANK_WEIGHT[rank]
        suit_length = bin(hand & SUIT_MASKS[card.suit]).count("1")
        value += 0.4 * suit_length
        if point_mask & bit:
            value += 2.5
        if sequence_mask & bit:
            value += 5.0
        elif _touches(hand, card):
            value += 1.0
        if set_mask & bit:
            value += 5.0
        elif rank in (ACE, KING, QUEEN, KNAVE, TEN) and bin(hand & (0x01010101 << rank)).count("1") == 2:
            value += 1.0
        worth[card] = value
    return worth


def _touches(hand: int, card: Card) -> bool:
    """Whether a neighbour in rank of the same suit is in the hand."""
    rank = card.rank
    return bool((rank < 7 and hand >> (card + 1) & 1) or (rank > 0 and hand >> (card - 1) & 1))


def _masters(cards: list[Card], theirs: int) -> list[Card]:
    """The cards the opponent cannot beat in their suit."""
    return [card for card in cards if not theirs & SUIT_MASKS[card.suit] & ~((2 << card) - 1)]


def _lead(playable: tuple[Card, ...], mine: int, theirs: int) -> Card:
    """Cash a sure winner of the longest suit; otherwise the lowest card of the longest suit."""
    def length(card: Card) -> int:
        return bin(mine & SUIT_MASKS[card.suit]).count("1")

    masters = _masters(list(playable), theirs)
    if masters:
        return max(masters, key=lambda card: (length(card), card.rank, -card.suit))
    longest = max(length(card) for card in playable)
    return min((card for card in playable if length(card) == longest), key=lambda card: (card.rank, card.suit))


def _throw(playable: tuple[Card, ...], mine: int, theirs: int) -> Card:
    """Unable to follow: the lowest card that is not a sure winner, from the shortest suit."""
    masters = set(_masters(list(playable), theirs))
    candidates = [card for card in playable if card not in masters] or list(playable)

    def length(card: Card) -> int:
        return bin(mine & SUIT_MASKS[card.suit]).count("1")

    return min(candidates, key=lambda card: (card.rank, length(card), card.suit))


# -- the club player -------------------------------------------------------------------------------
class ClubPlayer(SimplePlayer):
    """The club player: the exchange advisor's choice (what the declarations will bring) — of the
    choices within `margin` points of its best, the one that keeps the most high cards for the
    play — and in play a look one card ahead: each legal card is tried and the rest of the deal played out as
    the beginner would play it for both; the card whose outcome is best for its seat is chosen.

    Deterministic, and a few milliseconds a move.
    """

    level = "club"
    #: Advice within this many points of the best is close enough to keep more high cards instead.
    margin = 1.0

    def choose_discards(self, deal: Deal) -> Exchange:
        from piquet_widgets.analysis.advisor import advise_exchange

        return Exchange(self.choose_from(advise_exchange(deal), deal.hands[deal.to_move]))

    def choose_from(self, advice: list, hand: int) -> tuple[Card, ...]:
        """Among the advice (best first), the choice within `margin` of the best that keeps the
        strongest hand for the play."""
        best = advice[0].expected
        close = [item for item in advice if item.expected >= best - self.margin]
        return max(close, key=lambda item: (_strength(hand & ~mask_of(item.discards)), item.expected)).discards

    def choose_card(self, deal: Deal) -> Card:
        seat = deal.to_move
        sign = 1 if seat is ELDER else -1
        plain = SimplePlayer.choose_card(self, deal)
        start = deal.scores[ELDER] - deal.scores[YOUNGER]
        best_card, best_value = plain, None
        for card in deal.playable_cards():
            final = complete(deal.apply(Play(card)), _BEGINNER)[-1]
            value = sign * (final.scores[ELDER] - final.scores[YOUNGER] - start)
            if best_value is None or value > best_value or (value == best_value and card == plain):
                best_card, best_value = card, value
        return best_card


def _strength(hand: int) -> float:
    """How much a hand is worth in play, roughly: its high cards, and its long suits."""
    worth = 0.0
    for suit_mask in SUIT_MASKS:
        cards = hand & suit_mask
        length = cards.bit_count()
        worth += sum(_PLAY_WEIGHT[card & 7] for card in cards_of(cards)) + max(length - 3, 0) * 0.5
    return worth


_PLAY_WEIGHT = (0.0, 0.0, 0.1, 0.2, 0.4, 0.8, 1.4, 2.5)


# -- the expert ------------------------------------------------------------------------------------
class ExpertPlayer(SimplePlayer):
    """The expert: the exact solver for the play, the whole-deal evaluator for the exchange.

    - Play: the card with the best solver value for its seat (elder maximises elder's points to
      come minus younger's, younger minimises them); among cards of equal value, the one the
      club player's rules would pick, else the lowest. One `Solver` is kept for the whole deal.
    - Exchange: the first choice of `evaluator.evaluate_exchange`, which values a short list of
      discards by the whole deal (declarations, repique, the play solved, the cards or capot),
      averaged over the orders of the talon that the player to move cannot see.

    Deterministic: the same deal always gets the same choices.
    """

    level = "expert"

    def __init__(self) -> None:
        self._solver = None
        self._deal_key: tuple | None = None

    def solver_for(self, deal: Deal):
        """The solver kept for this deal (a new one for a new deal)."""
        from piquet_widgets.analysis.solver import Solver

        key = (deal.elder_dealt, deal.younger_dealt, deal.talon, deal.rules)
        if self._solver is None or key != self._deal_key:
            self._solver, self._deal_key = Solver(), key
        return self._solver

    def choose_card(self, deal: Deal) -> Card:
        from piquet_widgets.analysis.solve import solve_position
        from piquet_widgets.engine.records import Position

        solution = solve_position(Position.of_deal(deal), self.solver_for(deal))
        best = solution.value
        best_cards = [card for card in deal.playable_cards() if solution.cards[card] == best]
        preferred = SimplePlayer.choose_card(self, deal)
        return preferred if preferred in best_cards else min(best_cards, key=lambda card: (card.rank, card.suit))

    def choose_discards(self, deal: Deal) -> Exchange:
        from piquet_widgets.analysis.evaluator import evaluate_exchange

        return Exchange(evaluate_exchange(deal, solver=self.solver_for(deal), best_only=True)[0].discards)


_BEGINNER = SimplePlayer()


# -- levels --------------------------------------------------------------------------------------
DEFAULT_LEVEL = "beginner"
PLAYERS: dict[str, Callable[[], Player]] = {"beginner": SimplePlayer, "club": ClubPlayer, "expert": ExpertPlayer}
LEVELS = ("beginner", "club", "expert")


def _closed_player(level: str) -> Player:
    """A computer for closed piquet (analysis/closed.py): it sees only what its seat may see."""
    from piquet_widgets.analysis.closed import closed_player

    return closed_player(level)


#: The closed-piquet levels, apart from the open table's (`PLAYERS`), which see both hands.
CLOSED_PLAYERS: dict[str, Callable[[], Player]] = {f"closed_{level}": partial(_closed_player, level) for level in LEVELS}
CLOSED_LEVELS = tuple(CLOSED_PLAYERS)
#: The closed club and expert as they played before they inferred from what they heard: kept,
#: by name, for the benchmark to measure the levels against (never offered at a table).
BASELINE_PLAYERS: dict[str, Callable[[], Player]] = {
    f"closed_{level}_baseline": partial(_closed_player, f"{level}_baseline") for level in ("club", "expert")
}
BASELINE_LEVELS = tuple(BASELINE_PLAYERS)


def register_player(level: str, factory: Callable[[], Player]) -> None:
    """Make a player available by name (the solver's stronger levels register here)."""
    PLAYERS[level] = factory


def get_player(level: str = DEFAULT_LEVEL) -> Player:
    """A player of the named level."""
    factory = PLAYERS.get(level) or CLOSED_PLAYERS.get(level) or BASELINE_PLAYERS.get(level)
    if factory is None:
        known = ", ".join([*PLAYERS, *CLOSED_PLAYERS, *BASELINE_PLAYERS])
        raise PiquetError(N_("unknown computer player {text}; known: {known}"), text=repr(level), known=known)
    return factory()


def choose_action(deal: Deal, player: Player | None = None) -> Action:
    """The action `player` (the beginner by default) chooses for the player to move."""
    return (player or SimplePlayer()).choose_action(deal)


def complete(deal: Deal, players: Player | dict | None = None) -> list[Deal]:
    """Every state from `deal` (included) to the end of the deal, the missing choices made by
    `players`: one player for both seats, or a dict {Seat: Player}."""
    timeline = [deal]
    while timeline[-1].phase is not Phase.FINISHED:
        current = timeline[-1]
        player = players.get(current.to_move) if isinstance(players, dict) else players
        timeline.append(current.apply(choose_action(current, player)))
    return timeline
