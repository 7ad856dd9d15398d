"""The review of a closed deal, once it is over: the hands as dealt (now they may be seen), the
scores against perfect play, the learner's exchange and each of his cards judged **from what he
could see then** (the closed help's sampling, `analysis.closed_help`), and his declarations: what
he sank or forgot, and what it cost with the play as it went.

Judging a closed decision with the hidden cards would blame the learner for not guessing them;
the sampling judges it as the closed computer would have chosen, from the same view.

>>> from piquet_widgets.engine import ELDER, YOUNGER, Deal, Declare, Exchange
>>> from piquet_widgets.engine.combinations import Category
>>> deal = Deal.from_seed(7)
>>> for seat in (ELDER, YOUNGER):                      # both exchange three cards
...     deal = deal.apply(Exchange(deal.hand(seat)[:3]))
>>> deal = deal.apply(Declare(Category.POINT, ()))     # elder declares no point: he sinks it
>>> [(note.kind, note.category.value) for note in sunk_or_forgotten(deal, ELDER)]
[('sunk', 'point')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from piquet_widgets.analysis.closed import SETTINGS, exchange_totals, playable_cards
from piquet_widgets.analysis.closed_help import expected_card_values, help_level, sampled
from piquet_widgets.analysis.mistakes import best_scores
from piquet_widgets.analysis.observation import observe
from piquet_widgets.analysis.review import StopCheck, stopping
from piquet_widgets.analysis.solver import Solver
from piquet_widgets.engine.cards import Card
from piquet_widgets.engine.combinations import Category, Combination
from piquet_widgets.engine.deal import ELDER, YOUNGER, Deal, Declare, Phase, Seat

__all__ = ["ClosedReview", "DeclarationNote", "SampledChoice", "closed_review", "declaration_notes", "judge", "sunk_or_forgotten"]

Progress = Callable[[int, int], None] | None


@dataclass(frozen=True)
class SampledChoice:
    """A decision of `seat` judged from his view then: `best` the best choice on average over
    `samples` deals of what he could not see (the card, or the discards), `cost` what the choice
    made gave away against it on average (0 for a best choice; at the exchange in the
    declarations' net score, in the play in the points still to come). `trick` in the play only."""

    index: int
    seat: Seat
    phase: Phase
    trick: int | None
    played: tuple[Card, ...]
    best: tuple[Card, ...]
    cost: float
    samples: int


@dataclass(frozen=True)
class DeclarationNote:
    """A category in which `seat` declared less than he held: `kind` "sunk" when what he announced
    was below his best (or nothing), "forgotten" when he announced his best but left out another
    combination; `cost` what his points minus his opponent's lost, the play as it went (>= 0)."""

    seat: Seat
    category: Category
    held: tuple[Combination, ...]
    declared: tuple[Combination, ...]
    kind: str
    cost: int


@dataclass(frozen=True)
class ClosedReview:
    """The review of a finished closed deal for the learner's `seats`."""

    seats: frozenset[Seat]
    dealt: tuple[tuple[Card, ...], tuple[Card, ...]]  # elder's and younger's hands as dealt
    scores: tuple[int, int]
    best_scores: tuple[int, int]  # both seats choosing by open-hand analysis from the deal
    choices: tuple[SampledChoice, ...]
    declarations: tuple[DeclarationNote, ...]

    @property
    def mistakes(self) -> tuple[SampledChoice, ...]:
        """The choices that gave away something on average."""
        return tuple(choice for choice in self.choices if choice.cost > 0)


def sunk_or_forgotten(deal: Deal, seat: Seat) -> list[DeclarationNote]:
    """The categories `seat` declared below what he held in `deal` (any moment after them), with
    `cost` 0: `declaration_notes` values them."""
    notes = []
    for declared in deal.declarations:
        if declared.player is not seat or set(declared.combinations) == set(declared.holds):
            continue
        made, held = declared.combinations, declared.holds
        kind = "sunk" if not made or made[0].key < held[0].key else "forgotten"
        notes.append(DeclarationNote(seat, declared.category, held, made, kind, 0))
    return notes


def declaration_notes(timeline: Sequence[Deal], seat: Seat) -> list[DeclarationNote]:
    """`sunk_or_forgotten` for the last state of the timeline, each valued by replaying the deal
    with that category declared in full, every other action as it was."""
    final = timeline[-1]
    notes = []
    for note in sunk_or_forgotten(final, seat):
        replayed, position = timeline[0], 0
        for action in final.actions:
            if isinstance(action, Declare):
                declared = final.declarations[position]
                position += 1
                if declared.player is seat and declared.category is note.category:
                    action = Declare(note.category, note.held)
            replayed = replayed.apply(action)
        notes.append(replace(note, cost=_net(replayed, seat) - _net(final, seat)))
    return notes


def _net(deal: Deal, seat: Seat) -> int:
    return deal.scores[seat] - deal.scores[seat.other]


def _choices(timeline: Sequence[Deal], seats: frozenset[Seat]) -> list[tuple[int, Deal, tuple[Card, ...]]]:
    """(index, state, choice) of every exchange and card of `seats` in the timeline."""
    found = []
    for index, (before, after) in enumerate(zip(timeline, timeline[1:])):
        if before.to_move not in seats:
            continue
        if before.phase is Phase.EXCHANGE:
            found.append((index, before, tuple(sorted(after.discards[before.to_move]))))
        elif before.phase is Phase.PLAY:
            found.append((index, before, (after.led if after.led is not None else after.tricks[-1].reply,)))
    return found


def judge(before: Deal, made: tuple[Card, ...], solver: Solver, level: str = "club") -> SampledChoice:
    """The choice `made` at `before` (its discards sorted, or its card) judged from the view of
    the seat that made it; `index` is left 0 for the caller."""
    seat = before.to_move
    seen = observe(before, seat)
    if before.phase is Phase.EXCHANGE:
        samples = sampled(seen, SETTINGS[help_level(level)].exchange_samples)
        totals = exchange_totals(samples)
        best = sorted(totals, key=lambda key: -totals[key])[0]
        cost = (totals[best] - totals[made]) / len(samples)
        return SampledChoice(0, seat, Phase.EXCHANGE, None, made, best, cost, len(samples))
    trick = len(before.tricks) + 1
    if len(playable_cards(seen)) == 1:  # forced: nothing to judge
        return SampledChoice(0, seat, Phase.PLAY, trick, made, made, 0.0, 0)
    values = expected_card_values(seen, solver, level)
    return SampledChoice(0, seat, Phase.PLAY, trick, made, values.best_cards, values.cost(made[0]), values.samples)


def closed_review(
    timeline: Sequence[Deal], seats: Iterable[Seat], solver: Solver | None = None, *, level: str = "club",
    should_stop: StopCheck = None, progress: Progress = None,
) -> ClosedReview:
    """The review of a closed deal (its whole timeline) for the learner's `seats`, his choices
    sampled as the closed computer of `level` samples (`progress(done, total)` told as it goes)."""
    wanted = frozenset(seats)
    solver = solver or Solver()
    made = _choices(timeline, wanted)
    choices = []
    with stopping(solver, should_stop):
        for done, (index, before, cards) in enumerate(made):
            if progress is not None:
                progress(done, len(made) + 1)
            choices.append(replace(judge(before, cards, solver, level), index=index))
        best = best_scores(timeline[0], solver)
    if progress is not None:
        progress(len(made) + 1, len(made) + 1)
    notes = [note for seat in (ELDER, YOUNGER) if seat in wanted for note in declaration_notes(timeline, seat)]
    final = timeline[-1]
    return ClosedReview(wanted, (final.dealt(ELDER), final.dealt(YOUNGER)), final.scores, best, tuple(choices), tuple(notes))

