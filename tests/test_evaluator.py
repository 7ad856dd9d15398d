"""The whole-deal evaluator of exchanges: its values against brute force through the engine (every
draw played out, declarations scored by the deal, the play solved), that it never reads the order
of the talon, and its progress and cancellation."""

from __future__ import annotations

from itertools import combinations

import pytest

from piquet_widgets.analysis.evaluator import Settings, SearchInterrupted, _YoungerChoices, evaluate_exchange
from piquet_widgets.analysis.solve import solve_position
from piquet_widgets.analysis.solver import Solver
from piquet_widgets.engine import ELDER, YOUNGER, Deal, Exchange, Phase, Position
from piquet_widgets.engine.cards import cards_of, mask_of
from piquet_widgets.engine.combinations import is_carte_blanche
from piquet_widgets.engine.errors import PiquetError

SMALL = Settings(by_declarations=2, by_strength=2, samples=3)


def whole_deal(deal: Deal, talon: tuple, elder_discards: tuple, younger_discards: tuple) -> int:
    """Elder's points minus younger's over the deal dealt as `deal` with the talon in the order
    `talon`, after these exchanges, everything declared and the play solved."""
    start = Deal.new(deal.dealt(ELDER), deal.dealt(YOUNGER), talon, deal.rules)
    after = start.apply(Exchange(elder_discards)).apply(Exchange(younger_discards))
    while after.phase is Phase.DECLARATIONS:
        after = after.apply(after.default_action())
    return after.scores[ELDER] - after.scores[YOUNGER] + solve_position(Position.of_deal(after)).value


def younger_to_move(seed: int) -> Deal:
    deal = Deal.from_seed(seed)
    return deal.apply(Exchange(evaluate_exchange(deal, SMALL)[0].discards))


@pytest.mark.parametrize("seed", (3, 11))
def test_younger_values_are_the_average_over_every_draw_of_the_whole_deal(seed):
    deal = younger_to_move(seed)
    taken = len(deal.discards[ELDER])
    drawn, left = deal.talon[:taken], deal.talon[taken:]
    evaluations = evaluate_exchange(deal, Settings(by_declarations=3, by_strength=3, exhaustive=True))
    assert [e.expected for e in evaluations] == sorted((e.expected for e in evaluations), reverse=True)
    for evaluation in evaluations:
        size = len(evaluation.discards)
        outcomes = []
        for cards in combinations(left, size):  # younger draws any `size` of the cards left, equally likely
            rest = tuple(card for card in left if card not in cards)
            outcomes.append(-whole_deal(deal, drawn + cards + rest, deal.discards[ELDER], evaluation.discards))
        assert evaluation.expected == pytest.approx(sum(outcomes) / len(outcomes))
        assert evaluation.orders == len(outcomes)


def test_elder_value_is_the_average_over_every_order_of_the_talon():
    deal = Deal.from_seed(4)
    evaluation = evaluate_exchange(deal, Settings(by_declarations=1, by_strength=0, exhaustive=True))[0]
    discards = evaluation.discards
    keep = deal.hands[ELDER] & ~mask_of(discards)
    blanche = (is_carte_blanche(deal.elder_dealt), is_carte_blanche(deal.younger_dealt))
    talon = tuple(sorted(deal.talon))
    replies = _YoungerChoices(deal.hands[YOUNGER], talon, blanche, deal.rules.younger_min_exchange)
    total = 0.0
    draws = list(combinations(talon, len(discards)))
    for drawn in draws:
        rest = tuple(card for card in talon if card not in drawn)
        reply_mask, _ = replies.reply(keep | mask_of(drawn), mask_of(rest))
        reply = cards_of(reply_mask)
        younger_draws = list(combinations(rest, len(reply)))
        for cards in younger_draws:
            others = tuple(card for card in rest if card not in cards)
            total += whole_deal(deal, drawn + cards + others, discards, reply) / len(draws) / len(younger_draws)
    assert evaluation.expected == pytest.approx(total)
    # The sampled evaluation averages the declarations over every draw just the same.
    sampled = next(e for e in evaluate_exchange(deal, SMALL) if e.discards == discards)
    assert sampled.declarations == pytest.approx(evaluation.declarations)


@pytest.mark.parametrize("seed", (5, 9))
def test_elder_advice_does_not_read_the_order_of_the_talon(seed):
    deal = Deal.from_seed(seed)
    shuffled = Deal.new(deal.dealt(ELDER), deal.dealt(YOUNGER), tuple(reversed(deal.talon[3:] + deal.talon[:3])))
    assert evaluate_exchange(deal, SMALL) == evaluate_exchange(shuffled, SMALL)


@pytest.mark.parametrize("seed", (5, 9))
def test_younger_advice_does_not_read_the_order_of_the_cards_left(seed):
    deal = younger_to_move(seed)
    taken = len(deal.discards[ELDER])
    talon = deal.talon[:taken] + tuple(reversed(deal.talon[taken:]))
    shuffled = Deal.new(deal.dealt(ELDER), deal.dealt(YOUNGER), talon).apply(Exchange(deal.discards[ELDER]))
    assert shuffled.hands == deal.hands and shuffled.talon_left != deal.talon_left
    assert evaluate_exchange(deal) == evaluate_exchange(shuffled)


def test_progress_counts_every_planned_solve_and_a_stop_interrupts():
    deal = Deal.from_seed(6)
    seen = []
    evaluations = evaluate_exchange(deal, SMALL, progress=lambda done, total: seen.append((done, total)))
    total = seen[-1][1]
    assert [done for done, _ in seen] == list(range(1, total + 1))
    assert total == sum(e.orders for e in evaluations) == 3 * len(evaluations)
    # With finalists: the list on 3 orders, then the best 2 again on 5 (3 of them already solved).
    seen.clear()
    closer = Settings(by_declarations=2, by_strength=2, samples=3, finalists=2, final_samples=5)
    evaluations = evaluate_exchange(deal, closer, progress=lambda done, total: seen.append((done, total)))
    assert [done for done, _ in seen] == list(range(1, 3 * len(evaluations) + 2 * 5 + 1))
    assert [e.orders for e in evaluations[:2]] == [5, 5] and all(e.orders == 3 for e in evaluations[2:])
    calls = []
    solver = Solver()
    solver.should_stop = lambda: calls.append(1) or len(calls) > 3  # the stop check rides on the solver
    with pytest.raises(SearchInterrupted):
        evaluate_exchange(deal, SMALL, solver=solver)
    assert len(calls) == 4


def test_outside_the_exchange_the_evaluator_refuses():
    deal = younger_to_move(2)
    declarations = deal.apply(Exchange(evaluate_exchange(deal)[0].discards))
    with pytest.raises(PiquetError, match="exchange is over"):
        evaluate_exchange(declarations)
