"""Help at the closed table from the learner's own view (rules.md section 8b): the hint and the
card values are computed from his seat's `Observation`, never from the deal, by the sampling the
closed computer uses (`analysis.closed`): the hidden cards are dealt in many ways that agree with
what he has seen, each sample is valued open-handed, and the values are the **averages** over the
samples. The same observation always gets the same samples (the random generator is seeded by
the observation), so two deals that differ only in cards the learner has not seen get the same
help.

>>> from piquet_widgets.engine import ELDER, Deal
>>> from piquet_widgets.analysis.observation import observe
>>> found = closed_hint(observe(Deal.from_seed(7), ELDER))
>>> found.phase.value, len(found.cards) >= 3, found.samples
('exchange', True, 2)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from piquet_widgets.analysis.closed import SETTINGS, card_totals, exchange_totals, playable_cards, sample_deals
from piquet_widgets.analysis.observation import Observation
from piquet_widgets.analysis.solver import Solver
from piquet_widgets.engine.cards import Card
from piquet_widgets.engine.deal import Phase, Seat
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.i18n import N_, format_decimal

__all__ = ["ClosedHint", "ExpectedValues", "closed_hint", "expected_card_values", "help_level", "sampled"]

MINUS = "\u2212"
#: Two averages this close are equally good (the averages of whole points over a few samples).
TIE = 1e-9


def help_level(level: str) -> str:
    """The sampling the help uses at a table whose computer plays at `level`: the same as the
    computer's, and never less than the club player's (the beginner samples nothing)."""
    return level if SETTINGS.get(level, SETTINGS["club"]).play_samples else "club"


def sampled(observation: Observation, count: int) -> list:
    """The `count` samples of the hidden cards for this observation, always the same ones for the
    same observation (as the closed computer draws them)."""
    if observation.to_move is not observation.seat or observation.phase not in (Phase.EXCHANGE, Phase.PLAY):
        raise PiquetError(N_("There is nothing to choose now."))
    return sample_deals(observation, count, random.Random(repr(observation)))


@dataclass(frozen=True)
class ExpectedValues:
    """Each legal card's value to `seat` (his points to come minus his opponent's, best play by
    both), averaged over `samples` deals of the cards he cannot see."""

    seat: Seat
    values: dict[Card, float]
    samples: int

    @property
    def value(self) -> float:
        """The best card's average."""
        return max(self.values.values())

    def cost(self, card: Card) -> float:
        """What `card` gives away on average against the best card (>= 0)."""
        return self.value - self.values[card]

    @property
    def best_cards(self) -> tuple[Card, ...]:
        """Every card as good as the best on average, lowest first."""
        return tuple(card for card in sorted(self.values, key=lambda c: (c.rank, c.suit)) if self.cost(card) <= TIE)

    def badges(self) -> dict[str, str]:
        """Card code -> '=' for a best card, '≈−2.5' for one that loses that much on average."""
        return {card.code: "=" if self.cost(card) <= TIE else f"\u2248{MINUS}{format_decimal(self.cost(card), '0.#')}" for card in self.values}


def expected_card_values(observation: Observation, solver: Solver | None = None, level: str = "club") -> ExpectedValues:
    """The average value of each card the observing seat may play, over the samples the closed
    computer of `level` would draw (see `help_level`)."""
    if observation.phase is not Phase.PLAY:
        raise PiquetError(N_("Card values are shown during the play."))
    count = SETTINGS[help_level(level)].play_samples
    samples = sampled(observation, count)
    totals = card_totals(samples, observation.seat, playable_cards(observation), solver or Solver())
    return ExpectedValues(observation.seat, {card: total / len(samples) for card, total in totals.items()}, len(samples))


@dataclass(frozen=True)
class ClosedHint:
    """The best choice from the learner's view: `cards` the best card(s) or discards; `value` its
    average to `seat` over `samples` deals of what he cannot see (at the exchange the declarations'
    net score, in the play the points still to come, his minus his opponent's)."""

    seat: Seat
    phase: Phase
    cards: tuple[Card, ...]
    value: float
    samples: int


def closed_hint(observation: Observation, solver: Solver | None = None, level: str = "club") -> ClosedHint:
    """The hint for the observing seat, who must be to move: at the exchange the discards the
    advisor rates best on average over the samples (as the closed computer chooses its own), in
    the play the card with the best average (the lowest of equal ones first)."""
    seat = observation.seat
    settings = SETTINGS[help_level(level)]
    if observation.phase is Phase.EXCHANGE:
        samples = sampled(observation, settings.exchange_samples)
        totals = exchange_totals(samples)
        best = sorted(totals, key=lambda key: -totals[key])[0]  # as the closed computer ranks them
        return ClosedHint(seat, Phase.EXCHANGE, best, totals[best] / len(samples), len(samples))
    values = expected_card_values(observation, solver, level)
    return ClosedHint(seat, Phase.PLAY, values.best_cards, values.value, values.samples)
