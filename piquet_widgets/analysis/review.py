"""What the solver tells a learner: every legal card's value against the best play, a hint, the
review of a deal played, and the best continuation from any moment of the play. These are facts;
`teach` words them (`teach.hints`, `teach.mistakes`, `teach.narration`).

Values are those of the exact solver (`analysis.solver`): elder's points still to come minus
younger's under best play by both — the points of play, the cards or capot, and the pique while it
is still possible. A card's **cost** is what it gives away against the best card for the seat that
plays it (elder maximises the value, younger minimises it): 0 for a best card.

>>> from piquet_widgets.analysis.players import complete, get_player
>>> from piquet_widgets.engine import Deal, Phase
>>> timeline = complete(Deal.from_seed(7))                  # the beginner plays both seats
>>> start = next(deal for deal in timeline if deal.phase is Phase.PLAY)
>>> values = card_values(start)
>>> min(values.costs().values())                            # a best card costs nothing
0
>>> line = best_line(start)                                 # the principal variation
>>> line.value == values.value == line.points()
True
>>> all(m.cost > 0 for m in review_play(timeline))          # every mistake of both seats
True

Pass one `Solver` to every call of a deal: what it learns makes the next position fast. Every
function takes `should_stop` (see `Solver.should_stop`): a long search then raises
`SearchInterrupted`, and the solver keeps what it learned.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from piquet_widgets.analysis.solve import solve_position
from piquet_widgets.analysis.solver import SearchInterrupted, Solver
from piquet_widgets.engine.cards import Card, mask_of
from piquet_widgets.engine.deal import ELDER, Deal, Phase, Play, Seat
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.engine.records import Position
from piquet_widgets.i18n import N_

if TYPE_CHECKING:
    from piquet_widgets.analysis.evaluator import Evaluation, Progress

__all__ = [
    "EXPERT_DRAWS", "CardMistake", "CardValues", "ExchangeNote", "Hint", "Line", "Review", "SearchInterrupted",
    "best_line", "card_values", "cost_badge", "deadline", "hint", "hint_steps", "review_deal", "review_exchanges", "review_play", "stopping",
]

StopCheck = Callable[[], bool] | None
MINUS = "\u2212"


# -- interrupting a search -------------------------------------------------------------------------
def deadline(seconds: float) -> Callable[[], bool]:
    """A `should_stop` that answers True once `seconds` have passed."""
    end = time.monotonic() + seconds
    return lambda: time.monotonic() > end


@contextmanager
def stopping(solver: Solver, should_stop: StopCheck) -> Iterator[Solver]:
    """Use `solver` with `should_stop` for the duration of a `with` block (None changes nothing)."""
    if should_stop is None:
        yield solver
        return
    previous = solver.should_stop
    solver.should_stop = should_stop
    try:
        yield solver
    finally:
        solver.should_stop = previous


# -- the value of each card ------------------------------------------------------------------------
def cost_badge(cost: int) -> str:
    """The mark drawn on a card: '=' for a best card, '−3' for one that loses 3 points."""
    return "=" if cost == 0 else f"{MINUS}{cost}"


@dataclass(frozen=True)
class CardValues:
    """The solved position of the player to move: `value` under best play, and the value after
    each legal card (`values`), all as elder's points to come minus younger's."""

    seat: Seat
    value: int
    values: dict[Card, int]

    def cost(self, card: Card) -> int:
        """What `card` gives away against the best card, for the seat that plays it (>= 0)."""
        value = self.values[card]
        return self.value - value if self.seat is ELDER else value - self.value

    def costs(self) -> dict[Card, int]:
        return {card: self.cost(card) for card in self.values}

    @property
    def best_cards(self) -> tuple[Card, ...]:
        """Every card as good as the best, lowest first."""
        return tuple(card for card in sorted(self.values) if self.values[card] == self.value)

    def badges(self) -> dict[str, str]:
        """Card code -> '=' or '−n', for `CardRow.badges`."""
        return {card.code: cost_badge(self.cost(card)) for card in self.values}


def card_values(deal: Deal, solver: Solver | None = None, should_stop: StopCheck = None) -> CardValues:
    """The value of every legal card of the player to move in a deal in its play phase."""
    solver = solver or Solver()
    with stopping(solver, should_stop):
        solution = solve_position(Position.of_deal(deal), solver)
    values = {card: solution.cards[card] for card in deal.playable_cards()}
    return CardValues(deal.to_move, solution.value, values)


# -- the hint --------------------------------------------------------------------------------------
#: How many of elder's draws the exchange hint's first figure asks the expert younger about (on
#: fewer, the figure is too rough to show; `hint_steps` goes on from there).
EXPERT_DRAWS = 4


@dataclass(frozen=True)
class Hint:
    """The best choice for the player to move: `cards` are the best cards (play, the one to name
    first leading) or the best discards (exchange). `value` is, in the play, the solver's (elder's
    points to come minus younger's); at the exchange, the player's own expectation over the whole
    deal, whose parts `evaluation` holds; None while only the move is found (`hint_steps`)."""

    seat: Seat
    phase: Phase
    cards: tuple[Card, ...]
    value: float | None
    evaluation: Evaluation | None = None


def hint(deal: Deal, solver: Solver | None = None, should_stop: StopCheck = None, progress: Progress | None = None) -> Hint:
    """The best card (the solver) or the best discards (the whole-deal evaluator, which reports
    `progress(done, total)` as it goes: about a second for elder) for the player to move. Elder's
    figure is valued with younger replying as the expert computer does, asked about
    `EXPERT_DRAWS` of his draws (`hint_steps` goes on to every draw)."""
    *_, last = hint_steps(deal, solver, should_stop, progress, draws=EXPERT_DRAWS)
    return last


def hint_steps(
    deal: Deal, solver: Solver | None = None, should_stop: StopCheck = None, progress: Progress | None = None, *, draws: int | None = None,
) -> Iterator[Hint]:
    """`hint`, found in steps, each closer than the last. At elder's exchange, first his best
    discards without a figure (`value` None: enough for the hint's idea), then with the figure
    against the expert younger asked about `EXPERT_DRAWS` of his draws, then one more draw at a
    time up to `draws` (None: every one, exact); anywhere else, the hint in one step. The practice
    table works these out while the learner reads (`analysis.ahead`)."""
    if deal.phase is Phase.EXCHANGE:
        from piquet_widgets.analysis.evaluator import evaluate_exchange, figures_against_expert, part_of

        solver = solver or Solver()
        with stopping(solver, should_stop):
            if deal.to_move is not ELDER:
                best = evaluate_exchange(deal, solver=solver, progress=progress, best_only=True)[0]
                yield Hint(deal.to_move, deal.phase, best.discards, best.expected, best)
                return
            best = evaluate_exchange(deal, solver=solver, progress=part_of(progress, 0, 2))[0]
            yield Hint(ELDER, deal.phase, best.discards, None)
            figures = figures_against_expert(deal, best.discards, solver, draws=draws, progress=part_of(progress, 1, 2))
            rough = min(EXPERT_DRAWS, draws or EXPERT_DRAWS)  # on fewer draws, too rough a figure to show
            for asked, figure in enumerate(figures, 1):
                if asked >= rough:
                    yield Hint(ELDER, deal.phase, best.discards, figure.expected, figure)
        return
    if deal.phase is not Phase.PLAY:
        raise PiquetError(N_("There is nothing to choose now."))
    values = card_values(deal, solver, should_stop)
    best = values.best_cards
    first = _lead_choice(deal, best)
    others = [card for card in best if card != first]
    yield Hint(deal.to_move, deal.phase, (first, *others), values.value)


def _lead_choice(deal: Deal, best: Sequence[Card]) -> Card:
    """The best card to name first: the one the beginner's rules would pick if it is best (the
    natural card), else the lowest."""
    from piquet_widgets.analysis.players import SimplePlayer

    preferred = SimplePlayer().choose_card(deal)
    return preferred if preferred in best else min(best, key=lambda card: (card.rank, card.suit))


# -- the review of a deal -------------------------------------------------------------------------
@dataclass(frozen=True)
class CardMistake:
    """A card played that was worth less than the best card at that moment (the practice
    table's review; `analysis.mistakes.Mistake` adds why)."""

    index: int  # the state of the timeline where it was played
    trick: int
    seat: Seat
    card: Card
    cost: int
    better: tuple[Card, ...]  # the best cards then
    value: int  # of the card played (elder minus younger, points to come)
    best_value: int


@dataclass(frozen=True)
class ExchangeNote:
    """A learner's discards against the evaluator's best, in expected points of the whole deal."""

    seat: Seat
    discards: tuple[Card, ...]
    expected: float
    best: tuple[Card, ...]
    best_expected: float

    @property
    def cost(self) -> float:
        return self.best_expected - self.expected


@dataclass(frozen=True)
class Review:
    """The review of a deal for some seats: every play mistake and the exchanges below the best."""

    seats: frozenset[Seat]
    mistakes: tuple[CardMistake, ...]
    exchanges: tuple[ExchangeNote, ...]
    cards_played: int

    @property
    def total_cost(self) -> int:
        return sum(mistake.cost for mistake in self.mistakes)


def _plays(timeline: Sequence[Deal], seats: Iterable[Seat] | None) -> list[tuple[int, Deal, Card]]:
    """(index, state, card) of every card played in the timeline by one of `seats`."""
    wanted = frozenset(seats) if seats is not None else frozenset(Seat)
    found = []
    for index, (before, after) in enumerate(zip(timeline, timeline[1:])):
        if before.phase is Phase.PLAY and before.to_move in wanted:
            card = after.led if after.led is not None else after.tricks[-1].reply
            found.append((index, before, card))
    return found


def review_play(
    timeline: Sequence[Deal], seats: Iterable[Seat] | None = None, solver: Solver | None = None, should_stop: StopCheck = None
) -> list[CardMistake]:
    """Every card played by `seats` (both by default) worth less than the best card at that moment."""
    solver = solver or Solver()
    mistakes = []
    for index, before, card in _plays(timeline, seats):
        values = card_values(before, solver, should_stop)
        cost = values.cost(card)
        if cost > 0:
            best = values.best_cards
            first = _lead_choice(before, best)
            better = (first, *(other for other in best if other != first))
            mistakes.append(CardMistake(index, len(before.tricks) + 1, before.to_move, card, cost, better, values.values[card], values.value))
    return mistakes


def review_exchanges(
    timeline: Sequence[Deal], seats: Iterable[Seat] | None = None, solver: Solver | None = None, should_stop: StopCheck = None,
    progress: Progress | None = None,
) -> list[ExchangeNote]:
    """The exchanges of `seats` whose expectation over the whole deal (the evaluator's) was below
    the best choice's; `progress(done, total)` is told how far the evaluations have gone."""
    from piquet_widgets.analysis.evaluator import evaluate_exchange, part_of

    wanted = frozenset(seats) if seats is not None else frozenset(Seat)
    exchanges = [
        (before, after) for before, after in zip(timeline, timeline[1:]) if before.phase is Phase.EXCHANGE and before.to_move in wanted
    ]
    solver = solver or Solver()
    notes = []
    with stopping(solver, should_stop):
        for part, (before, after) in enumerate(exchanges):
            seat = before.to_move
            discards = after.discards[seat]
            advice = evaluate_exchange(before, solver=solver, include=[discards], progress=part_of(progress, part, len(exchanges)))
            mask = mask_of(discards)
            mine = next(item for item in advice if mask_of(item.discards) == mask)
            if mine.expected < advice[0].expected - 1e-9:
                notes.append(ExchangeNote(seat, tuple(discards), mine.expected, advice[0].discards, advice[0].expected))
    return notes


def review_deal(
    timeline: Sequence[Deal], seats: Iterable[Seat] | None = None, solver: Solver | None = None, should_stop: StopCheck = None,
    progress: Progress | None = None,
) -> Review:
    """The review of a deal for `seats` (both by default): play mistakes and exchanges (whose
    evaluation, the long part, tells `progress`)."""
    wanted = frozenset(seats) if seats is not None else frozenset(Seat)
    mistakes = review_play(timeline, wanted, solver, should_stop)
    exchanges = review_exchanges(timeline, wanted, solver, should_stop, progress)
    return Review(wanted, tuple(mistakes), tuple(exchanges), len(_plays(timeline, wanted)))


# -- the best continuation ------------------------------------------------------------------------
@dataclass(frozen=True)
class Line:
    """The best continuation from a moment of the play: every state from `deals[0]` to the end of
    the deal, each card chosen among the best for its seat; `value` is the solver's value of the
    first state, and the points the line scores (`points()`) equal it."""

    value: int
    deals: tuple[Deal, ...]

    @property
    def start(self) -> Deal:
        return self.deals[0]

    @property
    def end(self) -> Deal:
        return self.deals[-1]

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """(seat, card) of every card of the line, in order."""
        found = []
        for before, after in zip(self.deals, self.deals[1:]):
            found.append((before.to_move, after.led if after.led is not None else after.tricks[-1].reply))
        return tuple(found)

    def points(self) -> int:
        """Elder's points minus younger's scored along the line (as the engine reckons them)."""
        start, end = self.start.scores, self.end.scores
        return (end[0] - start[0]) - (end[1] - start[1])


def best_line(deal: Deal, solver: Solver | None = None, should_stop: StopCheck = None) -> Line:
    """The principal variation from `deal` (in its play phase) to the end of the deal."""
    if deal.phase is not Phase.PLAY:
        raise PiquetError(N_("The best continuation is shown during the play."))
    solver = solver or Solver()
    deals = [deal]
    value = None
    while deals[-1].phase is Phase.PLAY:
        current = deals[-1]
        values = card_values(current, solver, should_stop)
        if value is None:
            value = values.value
        card = min(values.best_cards, key=lambda c: (c.rank, c.suit))
        deals.append(current.apply(Play(card)))
    return Line(value, tuple(deals))
