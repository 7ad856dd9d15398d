"""What a closed player infers from what it heard: how likely the opponent was to speak and
exchange as he did, holding a given hand.

The closed sampler (`analysis/closed.py`) draws the opponent's hand among the cards its seat has
not seen, then keeps it with the probability that a player holding it would have been heard so —
rejection sampling, so the samples follow the hands' likelihood given what was said:

- **the announcements and answers** (`speech_weight`): a hand that makes every announcement heard
  when declared in full (the same point length, the same sequence and set names, the same answers
  "Good", "Not good", "Equal", the same silences) is kept; a hand that makes them only by sinking
  (declaring less than it holds) is kept with the small weight `SINK_WEIGHT` — players do sink,
  rarely; a hand that cannot make them at all is never kept;
- **the number of cards exchanged** (`count_weight`): taking every card he might tells nothing
  (good players take all they may with almost any hand); taking fewer, a hand whose rule-of-thumb
  exchange (`players.lowest_loose`: the loose low cards, within the rules' limits) takes as many
  is kept, one that would have taken another number with `COUNT_WEIGHT`. Read both ways (a
  strong hand that took all made unlikely), the count cost the expert points in the closed match;
- the cards he played, showed or was seen not to follow are constraints of the draw itself
  (`closed._after_exchange`), not weights.

The weights are round figures chosen for the benchmark (`benchmarks/bench_match.py --closed`),
not fitted to human play.
"""

from __future__ import annotations

import random
from itertools import combinations

from piquet_widgets.analysis.observation import Observation, announce, younger_has_reckoned
from piquet_widgets.analysis.players import lowest_loose
from piquet_widgets.engine.combinations import HOLDINGS, Category, Combination, best_declaration, best_first
from piquet_widgets.engine.deal import ELDER

__all__ = ["COUNT_WEIGHT", "SINK_WEIGHT", "count_weight", "declaration_options", "heard", "kept", "speech_weight"]

#: How likely a player is to sink, against declaring in full, when sinking is what he was heard to do.
SINK_WEIGHT = 0.1
#: How likely a hand is to have exchanged another number of cards than its rule of thumb would.
COUNT_WEIGHT = 0.3


def heard(observation: Observation, index: int, theirs: tuple[Combination, ...]) -> bool:
    """Whether the opponent declaring `theirs` makes the announcement heard in category `index`
    (the same names, the same answer, and the cards shown on request among what he declared)."""
    announced = observation.announced[index]
    mine = observation.declared[index] if index < len(observation.declared) else None  # None: not yet
    reckoned = younger_has_reckoned(observation)
    if observation.opponent is ELDER:
        made = announce(announced.category, theirs, mine, observation.seat, reckoned=reckoned)
    else:
        made = announce(announced.category, mine, theirs, observation.seat, reckoned=reckoned)
    # The cards shown on request (Law 55) are the winner's: a sample's winner must hold them in
    # what he declared, now that a name need not say which cards (a tierce's top is not said).
    shows = set(made.shown) >= set(announced.shown)
    return (made.elder, made.younger, made.verdict) == (announced.elder, announced.younger, announced.verdict) and shows


def declaration_options(category: Category, hand: int) -> list[tuple[Combination, ...]]:
    """Everything a player holding `hand` may declare in a category, in full first (the engine's
    legal declarations, best first within each)."""
    holdings = HOLDINGS[category](hand)
    if category is Category.POINT:
        return [(point,) for point in holdings] + [()]
    return [best_first(chosen) for size in range(len(holdings), -1, -1) for chosen in combinations(holdings, size)]


def speech_weight(observation: Observation, hand: int) -> float:
    """How likely an opponent holding `hand` (after his exchange) was to be heard as he was: 1
    declaring in full, `SINK_WEIGHT` only by sinking in some category, 0 not at all."""
    weight = 1.0
    for index, announced in enumerate(observation.announced):
        if heard(observation, index, best_declaration(announced.category, hand)):
            continue
        if not any(heard(observation, index, option) for option in declaration_options(announced.category, hand)[1:]):
            return 0.0
        weight = SINK_WEIGHT
    return weight


def count_weight(dealt: int, taken: int, low: int, high: int) -> float:
    """How likely a player dealt `dealt` was to exchange `taken` cards, allowed `low` to `high`:
    1 when he took all he might (any hand may) or his rule of thumb takes that many,
    `COUNT_WEIGHT` otherwise."""
    return 1.0 if taken == high or len(lowest_loose(dealt, low, high)) == taken else COUNT_WEIGHT


def kept(weight: float, rng: random.Random) -> bool:
    """Whether a drawn hand of this weight is kept (rejection sampling)."""
    return weight >= 1.0 or (weight > 0.0 and rng.random() < weight)
