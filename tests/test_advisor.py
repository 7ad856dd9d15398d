"""The exchange advisor against brute force through the engine itself.

The brute force below is plain Python and knows nothing of the advisor's tables: for a choice of
elder's discards it goes through every set of cards elder may draw and every order of the cards
left, lets younger try every legal exchange on a deal built with that talon (`Deal.new`, `apply`,
declarations by `default_action`), reads the scores and repiques from the event log, keeps
younger's best, and averages. The only shortcut is memoisation: a deal's declaration scores
depend only on what each player declares, so deals whose players would declare the same
combinations are scored once.
"""

from __future__ import annotations

import doctest
import random
from itertools import combinations, permutations

import pytest

from piquet_widgets import i18n
from piquet_widgets.analysis import advisor, odds
from piquet_widgets.analysis.advisor import Advice, advise_exchange
from piquet_widgets.engine import ELDER, PRESETS, YOUNGER, Category, Deal, Exchange, Phase, PiquetError, parse_cards
from piquet_widgets.engine.cards import Card, mask_of
from piquet_widgets.engine.combinations import best_declaration

CATEGORIES = (Category.POINT, Category.SEQUENCE, Category.SETS)


def dealt(elder: str, younger: str, shuffle: int) -> Deal:
    """A deal of these two hands, the talon the eight other cards in a shuffled order."""
    elder_cards, younger_cards = parse_cards(elder, size=12), parse_cards(younger, size=12)
    talon = [card for card in range(32) if card not in elder_cards and card not in younger_cards]
    random.Random(shuffle).shuffle(talon)
    return Deal.new(elder_cards, younger_cards, talon)


NON_COURT = "AS TS 9S 8S 7S AH TH 9H 8H AD TD 9D"
OTHERS = "7H 8D 7D AC TC 9C 8C 7C KS QS KH QH"
DEALS = {
    "seed 3": Deal.from_seed(3),
    "seed 21": Deal.from_seed(21),
    "elder's carte blanche": dealt(NON_COURT, OTHERS, 1),
    "younger's carte blanche": dealt(OTHERS, NON_COURT, 1),
    "au cent": Deal.from_seed(11, PRESETS["au_cent"]),
}


def outcome(deal: Deal) -> tuple[int, int, int]:
    """A deal with both exchanges made, declared in full: (elder's points minus younger's,
    elder repiqued, younger repiqued), from the event log."""
    while deal.phase is Phase.DECLARATIONS:
        deal = deal.apply(deal.default_action())
    events = [event for event in deal.events if event.kind in ("carte_blanche", "point", "sequence", "sets", "repique")]
    net = sum(event.points if event.player is ELDER else -event.points for event in events)
    repiques = [any(event.kind == "repique" and event.player is seat for event in events) for seat in (ELDER, YOUNGER)]
    return net, int(repiques[0]), int(repiques[1])


def younger_key(result: tuple[int, int, int]) -> tuple[int, int, int]:
    """Younger's preference, smallest first: elder's net, then elder's repique, then his own."""
    net, elder_repique, younger_repique = result
    return net, elder_repique, -younger_repique


class BruteForce:
    """Elder's expectation of one choice of discards, the long way (see the module docstring)."""

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self.declared: dict[int, tuple] = {}
        self.scored: dict[tuple, tuple[int, int, int]] = {}

    def declares(self, hand: int) -> tuple:
        if hand not in self.declared:
            self.declared[hand] = tuple(tuple(combo.key for combo in best_declaration(category, hand)) for category in CATEGORIES)
        return self.declared[hand]

    def result(self, discards: tuple[Card, ...], drawn: tuple[Card, ...], replies: tuple[Card, ...], taken: tuple[Card, ...]) -> tuple[int, int, int]:
        deal = self.deal
        elder = deal.hands[ELDER] & ~mask_of(discards) | mask_of(drawn)
        younger = deal.hands[YOUNGER] & ~mask_of(replies) | mask_of(taken)
        key = (self.declares(elder), self.declares(younger))
        if key not in self.scored:
            rest = [card for card in deal.talon if card not in drawn and card not in taken]
            after = Deal.new(deal.dealt(ELDER), deal.dealt(YOUNGER), [*drawn, *taken, *rest], deal.rules)
            after = after.apply(Exchange(discards)).apply(Exchange(replies))
            assert after.hands == (elder, younger)
            self.scored[key] = outcome(after)
        return self.scored[key]

    def elder(self, discards: tuple[Card, ...]) -> tuple[float, float, float]:
        """(expected net, chance elder repiques, chance younger repiques) for elder's choice."""
        deal, size = self.deal, len(discards)
        younger_cards = deal.hand(YOUNGER)
        totals, orders = [0, 0, 0], 0
        for drawn in combinations(deal.talon, size):
            left = [card for card in deal.talon if card not in drawn]
            best: dict[frozenset, tuple[int, int, int]] = {}  # younger's best reply per set he takes
            for order in permutations(left):
                replies = []
                for count in range(deal.rules.younger_min_exchange, len(left) + 1):
                    taken = order[:count]
                    if frozenset(taken) not in best:
                        best[frozenset(taken)] = min(
                            (self.result(discards, drawn, reply, taken) for reply in combinations(younger_cards, count)),
                            key=younger_key,
                        )
                    replies.append(best[frozenset(taken)])
                for part, value in enumerate(min(replies, key=younger_key)):
                    totals[part] += value
                orders += 1
        return totals[0] / orders, totals[1] / orders, totals[2] / orders


@pytest.fixture(scope="module")
def advice() -> dict[str, list[Advice]]:
    return {name: advise_exchange(deal) for name, deal in DEALS.items()}


def assert_same(advice: Advice, expected: tuple[float, float, float]) -> None:
    assert advice.expected == pytest.approx(expected[0], abs=1e-9)
    assert advice.repique == pytest.approx(expected[1], abs=1e-9)
    assert advice.repiqued == pytest.approx(expected[2], abs=1e-9)


# -- elder ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", DEALS)
def test_elder_matches_brute_force(name, advice):
    """The two best choices, the worst five-card exchange and a random one (the other sizes below)."""
    ranked = advice[name]
    fives = [choice for choice in ranked if len(choice.discards) == 5]
    chosen = [ranked[0], ranked[1], fives[-1], random.Random(name).choice(fives)]
    brute = BruteForce(DEALS[name])
    for choice in chosen:
        assert_same(choice, brute.elder(choice.discards))


@pytest.mark.slow
@pytest.mark.parametrize("size", [4, 3, 2, 1])
def test_elder_matches_brute_force_on_longer_orders(size, advice):
    """Fewer cards taken leave younger more orders and more choices (7! orders after one card)."""
    name = "seed 21"
    choice = random.Random(size).choice([item for item in advice[name] if len(item.discards) == size])
    assert_same(choice, BruteForce(DEALS[name]).elder(choice.discards))


def test_elder_against_every_talon_order_with_younger_advised():
    """The model end to end: over every order of the talon, elder's exchange then younger's best
    exchange by the advisor itself, declared through the engine, averages to elder's value."""
    deal = DEALS["seed 3"]
    choice = advise_exchange(deal, top=1)[0]
    size = len(choice.discards)
    totals, orders = [0, 0, 0], 0
    for drawn in combinations(deal.talon, size):
        for order in permutations([card for card in deal.talon if card not in drawn]):
            after = Deal.new(deal.dealt(ELDER), deal.dealt(YOUNGER), [*drawn, *order]).apply(Exchange(choice.discards))
            reply = advise_exchange(after, top=1)[0]
            for part, value in enumerate(outcome(after.apply(Exchange(reply.discards)))):
                totals[part] += value
            orders += 1
    assert_same(choice, (totals[0] / orders, totals[1] / orders, totals[2] / orders))


def test_elder_advice_covers_every_legal_choice_best_first(advice):
    deal, ranked = DEALS["seed 3"], advice["seed 3"]
    legal = [action.discards for action in deal.legal_actions()]
    assert len(ranked) == 1585
    assert sorted(choice.discards for choice in ranked) == sorted(legal)
    values = [choice.expected for choice in ranked]
    assert values == sorted(values, reverse=True)
    for first, second in zip(ranked, ranked[1:]):  # equal values keep the order of legal_actions
        if first.expected == second.expected:
            assert legal.index(first.discards) < legal.index(second.discards)
    assert [choice.discards for choice in advise_exchange(deal, top=5)] == [choice.discards for choice in ranked[:5]]
    assert all(choice.seat is ELDER for choice in ranked)


def test_carte_blanche_counts_in_every_choice_and_is_noted(advice):
    ranked = advice["elder's carte blanche"]
    assert all(choice.carte_blanche for choice in ranked)
    assert "Carte blanche (10) was scored at the deal" in ranked[0].explanation()
    assert not any(choice.carte_blanche for choice in advice["seed 3"])


# -- younger -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "elder_takes"), [("seed 3", 5), ("seed 21", 1), ("younger's carte blanche", 3), ("au cent", 5)])
def test_younger_matches_every_exchange_through_the_engine(name, elder_takes, advice):
    deal = DEALS[name]
    elder_choice = next(choice for choice in advice[name] if len(choice.discards) == elder_takes)
    after = deal.apply(Exchange(elder_choice.discards))
    ranked = advise_exchange(after)
    legal = [action.discards for action in after.legal_actions()]
    assert sorted(choice.discards for choice in ranked) == sorted(legal)
    results = {}
    for choice in ranked:
        net, elder_repique, younger_repique = results[choice.discards] = outcome(after.apply(Exchange(choice.discards)))
        assert (choice.expected, choice.repique, choice.repiqued) == (-net, younger_repique, elder_repique)
        assert choice.seat is YOUNGER and choice.pool == after.talon_left[: len(choice.discards)]
    assert younger_key(results[ranked[0].discards]) == min(map(younger_key, results.values()))
    assert [choice.expected for choice in ranked] == sorted((choice.expected for choice in ranked), reverse=True)


def test_younger_may_keep_his_hand_au_cent(advice):
    deal = DEALS["au cent"]
    after = deal.apply(Exchange(advice["au cent"][0].discards))
    keep = next(choice for choice in advise_exchange(after) if not choice.discards)
    assert keep.explanation().startswith("Exchanges no card.")


def test_no_advice_outside_the_exchange():
    deal = DEALS["seed 3"]
    deal = deal.apply(Exchange(deal.hand(ELDER)[:1])).apply(Exchange(deal.hand(YOUNGER)[:1]))
    with pytest.raises(PiquetError):
        advise_exchange(deal)


# -- words ---------------------------------------------------------------------------------------


def test_explanation_names_what_is_kept_and_drawn_for():
    deal = dealt("KH QH JH TH 9H 7S 8S 7D 8D 9D 7C 8C", "AS KS QS JS TS 9S AD KD QD AC KC QC", 0)
    best = advise_exchange(deal, top=1)[0]
    text = best.explanation()
    assert text.startswith("Discards 5 cards: ")
    assert "Keeps: point of five and quint to the king." in text
    assert "Gives up: tierce minor." in text
    assert "Draws for the point (" in text
    assert f"Expected net score of the declarations: {best.expected:+.2f}." in text


def test_younger_explanation_names_the_cards_drawn_and_what_they_make():
    deal = dealt("KH QH JH TH 9H 7S 8S 7D 8D 9D 7C 8C", "AS KS QS JS TS 9S AD KD QD AC KC QC", 0)
    talon = list(deal.talon)
    after = deal.apply(Exchange(deal.hand(ELDER)[-5:]))
    left = after.talon_left
    reply = next(choice for choice in advise_exchange(after) if len(choice.discards) == 3)
    assert f"Draws {' '.join(card.symbol for card in left[:3])}" in reply.explanation()
    assert set(talon[5:]) == set(left)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_explanations_format_in_every_language(language, advice):
    i18n.set_language(language)
    try:
        for name, ranked in advice.items():
            assert ranked[0].explanation()
            deal = DEALS[name].apply(Exchange(ranked[0].discards))
            assert advise_exchange(deal, top=1)[0].explanation()
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("module", [advisor, odds])
def test_doctests(module):
    assert doctest.testmod(module, optionflags=doctest.ELLIPSIS).failed == 0
