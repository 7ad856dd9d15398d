"""The discard drill (lesson 9): click the cards to discard, judged by the whole-deal evaluator
(`analysis.evaluator`, the practice table's hint and review).

A valuation takes about a second for elder, so the widget deals this drill, and values a discard
outside the evaluator's short list, in its analysis runner ("Analysing…"), with the runner's
solver. The valuations known are the drill's own, read-only: `remember_value` gives a new drill
with one more (`Drill.facts["values"]`, discards → `Evaluation`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from piquet_widgets.engine import ELDER, YOUNGER, Card, Deal, Exchange
from piquet_widgets.i18n import N_, format_decimal
from piquet_widgets.teach.drills.base import LEVELS, Drill, Feedback, Row, Say, say
from piquet_widgets.teach.drills.dealing import pack, split

Progress = Callable[[int, int], None]
Values = Mapping[frozenset[Card], Any]  # a discard → its `analysis.evaluator.Evaluation`

DISCARD_TOLERANCE = 1.0  # points a discard may fall short of the evaluator's best and still be right
# The level by the best's lead over the best discard refused (more than the tolerance short):
# a wide lead is easy to see, a narrow one hard.
DISCARD_LEADS = {1: (5.0, float("inf")), 2: (2.5, 5.0), 3: (DISCARD_TOLERANCE, 2.5)}
DISCARD_CANDIDATES = 6  # deals valued at most; the one whose lead is nearest the level's is taken


def discard_values(deal: Deal, solver: Any = None, include: Iterable[tuple[Card, ...]] = (), progress: Progress | None = None) -> Values:
    """The evaluator's valuation of the discards of the player to exchange (its short list, and
    `include`): each an `Evaluation` of the whole deal, his points minus his opponent's, in the
    evaluator's order, its best first (valued on more talon orders than the rest: the best by
    that valuation, not the highest figure). Stopped (`SearchInterrupted`) when the solver's
    `should_stop` says so; `progress` as the evaluator's."""
    from piquet_widgets.analysis.evaluator import evaluate_exchange

    return {frozenset(found.discards): found for found in evaluate_exchange(deal, solver=solver, include=include, progress=progress)}


def discard_lead(values: Values) -> float | None:
    """How far the best discard leads the best one refused (None when all are within the tolerance)."""
    best = next(iter(values.values())).expected
    refused = [found.expected for found in values.values() if found.expected < best - DISCARD_TOLERANCE]
    return best - max(refused) if refused else None


def make_discard(rng: random.Random, level: int, solver: Any = None, progress: Progress | None = None) -> Drill:
    """Click the cards to discard: right if the whole deal is expected to bring nearly as much as
    after the evaluator's best. `progress` is told of the deals valued (at most `DISCARD_CANDIDATES`)."""
    from piquet_widgets.analysis.evaluator import part_of

    low, high = DISCARD_LEADS[level]
    found = []
    for attempt in range(DISCARD_CANDIDATES):
        deal = Deal.new(*split(pack(rng)))
        if rng.random() < 0.5:  # younger, once elder has exchanged as the declarations advisor would
            from piquet_widgets.analysis.advisor import advise_exchange

            deal = deal.apply(Exchange(max(advise_exchange(deal), key=lambda advice: advice.expected).discards))
        values = discard_values(deal, solver, progress=part_of(progress, attempt, DISCARD_CANDIDATES))
        lead = discard_lead(values)
        if lead is not None:
            found.append((0.0 if low <= lead < high else min(abs(lead - low), abs(lead - high)), deal, values))
            if low <= lead < high:
                break
    if not found:
        raise RuntimeError("no deal where the choice of discards matters was found")  # a bug, not the learner's
    _distance, deal, values = min(found, key=lambda item: item[0])
    seat = deal.to_move
    best = next(iter(values))
    hand = tuple(sorted(deal.hand(seat), key=lambda card: (card.suit, -card.rank)))
    other = tuple(sorted(deal.hand(seat.other), key=lambda card: (card.suit, -card.rank)))
    most = len(deal.talon_left) if seat is YOUNGER else 5
    if seat is ELDER:
        prompt = say(N_("You are elder, both hands face up. Click the cards you discard (one to five), then Check."))
    else:
        prompt = say(N_("You are younger; elder has exchanged. Click the cards you discard (one to {count}), then Check."), count=most)
    rows = (Row(say(N_("Your hand")), hand), Row(say(N_("The other hand")), other))
    top = values[best]
    why = say(N_("Throwing {thrown} and keeping {kept} is the best: over the whole deal you may expect {value} ({declarations} from the declarations, {play} from the play)."),
              thrown=_in_hand(best, hand), kept=_in_hand(frozenset(hand) - best, hand),
              value=Points(top.expected), declarations=Points(top.declarations), play=Points(top.play))
    return Drill("discard", level, prompt, rows, "cards", best, why, _in_hand(best, hand), pick=0,
                 facts={"values": MappingProxyType(values), "deal": deal, "hand": hand, "most": most})


@dataclass(frozen=True)
class Points:
    """An expected score written when shown, the current language's way: with its sign ("+1.25",
    "-0,50"), or without (`signed` False) for a difference."""

    value: float
    signed: bool = True

    def __str__(self) -> str:
        from piquet_widgets.analysis.advisor import SIGNED

        return format_decimal(self.value, SIGNED if self.signed else "0.00")


def _in_hand(cards: frozenset[Card], hand: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(card for card in hand if card in cards)


def legal_discard(drill: Drill, answer: Any) -> frozenset[Card] | None:
    """The discard `answer` names, if the rules allow it here."""
    if not isinstance(answer, (set, frozenset, tuple, list)):
        return None
    chosen = frozenset(answer)
    hand = frozenset(drill.facts["hand"])
    return chosen if chosen <= hand and 1 <= len(chosen) <= drill.facts["most"] else None


def needs_valuing(drill: Drill, answer: Any) -> bool:
    """A legal discard the evaluator has not valued yet (outside its short list): `value_discard`
    must value it before it is judged, which takes about as long as dealing the drill."""
    chosen = legal_discard(drill, answer) if "values" in drill.facts else None
    return chosen is not None and chosen not in drill.facts["values"]


def value_discard(drill: Drill, answer: Any, solver: Any = None, progress: Progress | None = None) -> Any:
    """The evaluator's valuation of the discard `answer` (an `Evaluation`); `remember_value` keeps it."""
    chosen = legal_discard(drill, answer)
    assert chosen is not None
    found = discard_values(drill.facts["deal"], solver, include=[tuple(sorted(chosen))], progress=progress)
    return found[chosen]


def remember_value(drill: Drill, evaluation: Any) -> Drill:
    """The drill with a discard's valuation known too (what was valued first is kept as it was)."""
    values = dict(drill.facts["values"])
    values.setdefault(frozenset(evaluation.discards), evaluation)
    return replace(drill, facts={**drill.facts, "values": MappingProxyType(values)})


@dataclass(frozen=True)
class DiscardKind:
    """The discard drill's kind: dealt and judged by the whole-deal evaluator (`evaluated`)."""

    name: str
    title: str
    method: str
    levels: int = LEVELS
    evaluated: bool = True

    def deal(self, rng: random.Random, level: int, solver: Any = None, progress: Progress | None = None) -> Drill:
        return replace(make_discard(rng, level, solver, progress), kind=self.name)

    def judge(self, drill: Drill, answer: Any) -> Feedback:
        """Right if the discard is expected to bring nearly as much as the best; a discard the
        rules refuse says why and costs no try. A discard not valued yet is valued here (about a
        second: the widget values it first, in its runner)."""
        chosen = legal_discard(drill, answer)
        if chosen is None:
            return Feedback(False, say(N_("Discard from 1 to {count} cards of your hand."), count=drill.facts["most"]), (), counts=False)
        if needs_valuing(drill, chosen):
            drill = remember_value(drill, value_discard(drill, chosen))
        values = drill.facts["values"]
        mine, best = values[chosen], values[drill.solution]
        if mine.expected >= best.expected - DISCARD_TOLERANCE:
            return Feedback(True, drill.explanation, drill.concerned)
        return Feedback(False, _shortfall(drill, chosen, mine, best), _in_hand(chosen, drill.facts["hand"]))


def _shortfall(drill: Drill, chosen: frozenset[Card], mine: Any, best: Any) -> Say:
    hand = drill.facts["hand"]
    return say(N_("Throwing {thrown} and keeping {kept}, you may expect {value} over the whole deal ({declarations} from the declarations, {play} from the play): {short} less than the best discard."),
               thrown=_in_hand(chosen, hand), kept=_in_hand(frozenset(hand) - chosen, hand), value=Points(mine.expected),
               declarations=Points(mine.declarations), play=Points(mine.play), short=Points(best.expected - mine.expected, signed=False))


KINDS = (
    DiscardKind("discard", N_("Choose a discard"), N_("Think about what each discard keeps: your point, your sequences, your sets, and the cards that win tricks.")),
)
