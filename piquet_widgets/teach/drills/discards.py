"""The discard drills (lesson 9): click the cards to discard, as elder or as younger, judged by
the whole-deal evaluator (`analysis.evaluator`, the practice table's hint and review), or by the
declarations advisor for "keep the point or the sequence?"; the verdict in words, from the
analysis's facts of the exchange (what the discard keeps, what it gives up that the best keeps).

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

from piquet_widgets.engine import ELDER, YOUNGER, Card, Category, Combination, Deal, Exchange, points_of, sequences_of, sets_of
from piquet_widgets.engine.cards import mask_of
from piquet_widgets.i18n import N_, Message
from piquet_widgets.teach.drills.base import LEVELS, AllOf, Drill, Feedback, Row, say
from piquet_widgets.teach.drills.dealing import pack, shaped, split
from piquet_widgets.teach.exchange import declarable

Progress = Callable[[int, int], None]
Values = Mapping[frozenset[Card], Any]  # a discard → its `analysis.evaluator.Evaluation`

DISCARD_TOLERANCE = 1.0  # points a discard may fall short of the evaluator's best and still be right
# The level by the best's lead over the best discard refused (more than the tolerance short):
# a wide lead is easy to see, a narrow one hard.
DISCARD_LEADS = {1: (5.0, float("inf")), 2: (2.5, 5.0), 3: (DISCARD_TOLERANCE, 2.5)}
DISCARD_CANDIDATES = 10  # deals valued at most (one in five leads by 5 points or more); the one whose lead is nearest the level's is taken


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


def make_discard(
    rng: random.Random, level: int, seat: str = "elder", measure: str = "deal", solver: Any = None, progress: Progress | None = None,
) -> Drill:
    """Click the cards to discard as `seat` ("elder", or "younger" once elder has exchanged as the
    declarations advisor would): right if the discard is expected to bring nearly as much as the
    best, by the whole deal (`measure` "deal": the evaluator, about a second for elder) or by the
    declarations alone ("declarations": the advisor, exact, for a hand whose point and best
    sequence lie in different suits). `progress` is told of the deals valued."""
    from piquet_widgets.analysis.evaluator import part_of

    low, high = DISCARD_LEADS[level]
    found = []
    for attempt in range(DISCARD_CANDIDATES):
        deal = _shaped_deal(rng, seat, measure)
        values = _values(measure, deal, solver, part_of(progress, attempt, DISCARD_CANDIDATES))
        lead = discard_lead(values)
        if lead is not None:
            found.append((0.0 if low <= lead < high else min(abs(lead - low), abs(lead - high)), deal, values))
            if low <= lead < high:
                break
    if not found:
        raise RuntimeError("no deal where the choice of discards matters was found")  # a bug, not the learner's
    _distance, deal, values = min(found, key=lambda item: item[0])
    best = next(iter(values))
    hand = _in_order(deal.hand(deal.to_move))
    other = _in_order(deal.hand(deal.to_move.other))
    most = len(deal.talon_left) if deal.to_move is YOUNGER else 5
    if measure == "declarations":
        prompt = say(N_("You are younger; elder has exchanged. Your point and your best sequence are in different suits: click the cards to discard (one to {count}) that bring the most in the declarations, then Check."),
                     count=most)
    elif deal.to_move is ELDER:
        prompt = say(N_("You are elder, both hands face up. Click the cards you discard (one to five), then Check."))
    else:
        prompt = say(N_("You are younger; elder has exchanged. Click the cards you discard (one to {count}), then Check."), count=most)
    rows = (Row(say(N_("Your hand")), hand), Row(say(N_("The other hand")), other))
    why = say(N_("Throwing {thrown} is the best here: it keeps {kept}."), thrown=_in_hand(best, hand), kept=kept_words(hand, best))
    return Drill("discard", level, prompt, rows, "cards", best, why, _in_hand(best, hand), pick=0,
                 facts={"values": MappingProxyType(values), "deal": deal, "hand": hand, "most": most, "measure": measure})


def _shaped_deal(rng: random.Random, seat: str, measure: str) -> Deal:
    """A deal at the exchange of `seat`; younger's once elder has exchanged: as the declarations
    advisor would for the whole deal, his five lowest cards for the declarations (the advisor
    takes longer for elder than the whole drill may). For the declarations, a hand whose point
    and best sequence differ in suit."""
    from piquet_widgets.analysis.advisor import advise_exchange

    def deal_one() -> Deal:
        deal = Deal.new(*split(pack(rng)))
        if seat == "younger" and measure == "deal":
            deal = deal.apply(Exchange(advise_exchange(deal, top=1)[0].discards))
        elif seat == "younger":
            deal = deal.apply(Exchange(tuple(sorted(deal.hand(ELDER), key=lambda card: card.rank)[:5])))
        return deal

    def fits(deal: Deal) -> bool:
        if measure != "declarations":
            return True
        hand = mask_of(deal.hand(deal.to_move))
        sequences = sequences_of(hand)
        return bool(sequences) and sequences[0].cards[0].suit is not points_of(hand)[0].cards[0].suit

    return shaped(rng, deal_one, fits)


def _values(measure: str, deal: Deal, solver: Any, progress: Progress | None, include: Iterable[tuple[Card, ...]] = ()) -> Values:
    """The discards valued by `measure`: the evaluator's short list (and `include`), or every
    discard by the declarations advisor; best first."""
    if measure == "declarations":
        from piquet_widgets.analysis.advisor import advise_exchange

        return {frozenset(advice.discards): advice for advice in advise_exchange(deal)}
    return discard_values(deal, solver, include=include, progress=progress)


def _in_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda card: (card.suit, -card.rank)))


#: A combination named as the learner's own, by its category (and a set by its count): "your
#: point of five", "your tierce to the king", "your three kings" — each language's own possessive.
YOURS = {"point": N_("your {point}"), "sequence": N_("your {sequence}"), "trio": N_("your {trio}"), "quatorze": N_("your {quatorze}")}


def yours(combination: Combination) -> Message:
    """'your quart to the king': a combination of the learner's hand."""
    key = combination.category.value if combination.category is not Category.SETS else "quatorze" if combination.length == 4 else "trio"
    return say(YOURS[key], **{key: combination})


def kept_words(hand: tuple[Card, ...], discards: frozenset[Card]) -> AllOf:
    """What a discard keeps of the hand's combinations: its point, its sequences, its sets."""
    kept = mask_of(hand) & ~mask_of(discards)
    return AllOf(tuple(yours(combination) for combination in declarable(kept)))


def given_up_words(hand: tuple[Card, ...], chosen: frozenset[Card], best: frozenset[Card]) -> Message | None:
    """What `chosen` gives up that `best` keeps, from the analysis's motif of the exchange (the
    point, a sequence or a set, a guard, high cards); None when no motif holds."""
    from piquet_widgets.analysis.mistakes import exchange_motif

    motif, cards = exchange_motif(mask_of(hand), chosen, best)
    if motif in GIVEN_UP:
        combination = GIVEN_UP[motif](mask_of(hand) & ~mask_of(best))[0]
        return say(N_("{what} ({cards})"), what=yours(combination), cards=combination.cards)
    if motif == "guard_dropped":
        return say(N_("the guard of your {honour}"), honour=cards[0])
    if motif == "high_card_thrown":
        return say(N_("your high cards ({cards})"), cards=cards)
    return None


def shortfall_words(hand: tuple[Card, ...], chosen: frozenset[Card], best: frozenset[Card], mine: Any, top: Any) -> Message:
    """Why `chosen` falls short of `best`, in one sentence: what it keeps, and what it gives up
    that the best keeps; without such a fact, where the valuation finds the loss (the play, or
    what the draw may bring to the declarations)."""
    thrown, kept, instead = _in_hand(chosen, hand), kept_words(hand, chosen), _in_hand(best, hand)
    lost = given_up_words(hand, chosen, best)
    if lost is not None:
        return say(N_("Throwing {thrown} keeps {kept}, but gives up {lost}, which throwing {best} keeps."), thrown=thrown, kept=kept, lost=lost, best=instead)
    if hasattr(top, "play") and top.play - mine.play > top.declarations - mine.declarations:
        return say(N_("Throwing {thrown} keeps {kept}, but throwing {best} wins more in the play."), thrown=thrown, kept=kept, best=instead)
    return say(N_("Throwing {thrown} keeps {kept}, but the draw it leaves you brings less to the declarations than throwing {best}."),
               thrown=thrown, kept=kept, best=instead)


GIVEN_UP = {"point_given_up": points_of, "sequence_given_up": sequences_of, "set_given_up": sets_of}


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
    found = _values(drill.facts["measure"], drill.facts["deal"], solver, progress, include=[tuple(sorted(chosen))])
    return found[chosen]


def remember_value(drill: Drill, evaluation: Any) -> Drill:
    """The drill with a discard's valuation known too (what was valued first is kept as it was)."""
    values = dict(drill.facts["values"])
    values.setdefault(frozenset(evaluation.discards), evaluation)
    return replace(drill, facts={**drill.facts, "values": MappingProxyType(values)})


@dataclass(frozen=True)
class DiscardKind:
    """A discard drill's kind: `seat` discards, judged by `measure` ("deal": the whole-deal
    evaluator, an `evaluated` kind; "declarations": the advisor, at once)."""

    name: str
    title: str
    method: str
    seat: str = "elder"
    measure: str = "deal"
    levels: int = LEVELS

    @property
    def evaluated(self) -> bool:
        return self.measure == "deal"

    def deal(self, rng: random.Random, level: int, solver: Any = None, progress: Progress | None = None) -> Drill:
        return replace(make_discard(rng, level, self.seat, self.measure, solver, progress), kind=self.name)

    def judge(self, drill: Drill, answer: Any) -> Feedback:
        """Right if the discard is expected to bring nearly as much as the best; said in words:
        what it keeps, and what it gives up that the best keeps. A discard the rules refuse says
        why and costs no try. A discard not valued yet is valued here (about a second: the widget
        values it first, in its runner)."""
        chosen = legal_discard(drill, answer)
        if chosen is None:
            return Feedback(False, say(N_("Discard from 1 to {count} cards of your hand."), count=drill.facts["most"]), (), counts=False)
        if needs_valuing(drill, chosen):
            drill = remember_value(drill, value_discard(drill, chosen))
        values, hand, best = drill.facts["values"], drill.facts["hand"], drill.solution
        mine, top = values[chosen], values[best]
        if chosen == best:
            return Feedback(True, drill.explanation, drill.concerned)
        thrown, kept = _in_hand(chosen, hand), kept_words(hand, chosen)
        if mine.expected >= top.expected - DISCARD_TOLERANCE:
            return Feedback(True, say(N_("Throwing {thrown} keeps {kept}: nearly as good as throwing {best}, the best here."),
                                      thrown=thrown, kept=kept, best=_in_hand(best, hand)), thrown)
        return Feedback(False, shortfall_words(hand, chosen, best, mine, top), thrown)


_METHOD = N_("Think about what each discard keeps: your point, your sequences, your sets, and the cards that win tricks.")
KINDS = (
    DiscardKind("discard-elder", N_("Elder's discards"), _METHOD),
    DiscardKind("discard-younger", N_("Younger's discards"), _METHOD, seat="younger"),
    DiscardKind("discard-point-or-sequence", N_("Keep the point or the sequence?"),
                N_("Count what each discard keeps for the declarations: the point, the sequences, the sets, and what the draw may bring."),
                seat="younger", measure="declarations"),
)
