"""The exchange advisor against brute force through the engine itself.

The brute force below is plain Python and knows nothing of the advisor's tables. It follows the
model of the advisor's docstring (rules.md section 8b: nobody knows the talon's order): for a
choice of elder's discards it goes through every set of cards elder may draw; for each, younger
tries every legal exchange, each valued by its exact average (fractions) over every set of cards
she may draw from those left, on a deal built with that talon (`Deal.new`, `apply`, declarations
by `default_action`), scores and repiques read from the event log; she keeps her best by that
average, and elder's value is the average of her best over his draws. The only shortcut is
memoisation: a deal's declaration scores depend only on what each player declares, so deals
whose players would declare the same combinations are scored once.
"""

from __future__ import annotations

import doctest
import random
import re
from fractions import Fraction
from itertools import combinations, permutations

import pytest

from piquet_widgets import i18n
from piquet_widgets.analysis import advisor, odds
from piquet_widgets.analysis.advisor import Advice, advise_exchange
from piquet_widgets.engine import ELDER, PRESETS, YOUNGER, Category, Deal, Exchange, Phase, PiquetError, parse_cards
from piquet_widgets.engine.cards import Card, mask_of
from piquet_widgets.engine.combinations import Verdict, best_declaration, compare
from piquet_widgets.teach.exchange import advice_details, advice_words
from piquet_widgets.teach.words import number_words

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


def younger_key(result: tuple) -> tuple:
    """Younger's preference, smallest first: elder's net, then elder's repique, then her own
    (each a result, or an expectation over her draws)."""
    net, elder_repique, younger_repique = result
    return net, elder_repique, -younger_repique


Expectation = tuple[Fraction, Fraction, Fraction]


class BruteForce:
    """Elder's and younger's expectations, the long way (see the module docstring)."""

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

    def younger(self, discards: tuple[Card, ...], drawn: tuple[Card, ...], replies: tuple[Card, ...]) -> Expectation:
        """Younger's reply after elder's exchange: (elder's net, his repique, hers) averaged over
        every set of cards she may draw from those left."""
        left = [card for card in self.deal.talon if card not in drawn]
        results = [self.result(discards, drawn, replies, taken) for taken in combinations(left, len(replies))]
        return tuple(Fraction(sum(part), len(results)) for part in zip(*results))  # type: ignore[return-value]

    def best_reply(self, discards: tuple[Card, ...], drawn: tuple[Card, ...]) -> Expectation:
        """Younger's best reply by her expectation (ties: elder's repique stopped, then hers made)."""
        younger_cards = self.deal.hand(YOUNGER)
        counts = range(self.deal.rules.younger_min_exchange, 8 - len(drawn) + 1)
        return min(
            (self.younger(discards, drawn, replies) for count in counts for replies in combinations(younger_cards, count)),
            key=younger_key,
        )

    def elder(self, discards: tuple[Card, ...]) -> tuple[float, float, float]:
        """(expected net, chance elder repiques, chance younger repiques) for elder's choice."""
        replies = [self.best_reply(discards, drawn) for drawn in combinations(self.deal.talon, len(discards))]
        return tuple(float(sum(part) / len(replies)) for part in zip(*replies))  # type: ignore[return-value]


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
def test_elder_matches_brute_force_on_smaller_exchanges(size, advice):
    """Fewer cards taken leave younger more cards to draw from and more choices (after one card,
    3,301 choices of discards, each with up to 35 draws)."""
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
    assert "Carte blanche (10) was scored at the deal" in advice_words(ranked[0])
    assert not any(choice.carte_blanche for choice in advice["seed 3"])


# -- younger -------------------------------------------------------------------------------------


def test_elder_advice_does_not_read_the_order_of_the_talon(advice):
    deal = DEALS["seed 21"]
    other = Deal.new(deal.dealt(ELDER), deal.dealt(YOUNGER), tuple(reversed(deal.talon)), deal.rules)
    assert advise_exchange(other) == advice["seed 21"]


@pytest.mark.parametrize(("name", "elder_takes"), [("seed 3", 5), ("seed 21", 2), ("younger's carte blanche", 3), ("au cent", 5)])
def test_younger_matches_every_exchange_through_the_engine(name, elder_takes, advice):
    deal = DEALS[name]
    elder_choice = next(choice for choice in advice[name] if len(choice.discards) == elder_takes)
    after = deal.apply(Exchange(elder_choice.discards))
    drawn = deal.talon[:elder_takes]
    ranked = advise_exchange(after)
    legal = [action.discards for action in after.legal_actions()]
    assert sorted(choice.discards for choice in ranked) == sorted(legal)
    brute = BruteForce(deal)
    expected = {}
    for choice in ranked:
        net, elder_repique, younger_repique = expected[choice.discards] = brute.younger(elder_choice.discards, drawn, choice.discards)
        assert_same(choice, (-net, younger_repique, elder_repique))
        assert choice.seat is YOUNGER and choice.pool == tuple(sorted(after.talon_left))
    assert younger_key(expected[ranked[0].discards]) == min(map(younger_key, expected.values()))
    assert [choice.expected for choice in ranked] == sorted((choice.expected for choice in ranked), reverse=True)


@pytest.mark.parametrize("name", ["seed 3", "seed 21"])
def test_younger_advice_does_not_read_the_order_of_the_cards_left(name, advice):
    """Two deals younger cannot tell apart (elder drew the same cards; those left lie in another
    order) get the same advice, value for value."""
    deal = DEALS[name]
    elder_choice = next(choice for choice in advice[name] if len(choice.discards) == 3)
    talon = deal.talon[:3] + tuple(reversed(deal.talon[3:]))
    after = deal.apply(Exchange(elder_choice.discards))
    other = Deal.new(deal.dealt(ELDER), deal.dealt(YOUNGER), talon, deal.rules).apply(Exchange(elder_choice.discards))
    assert other.hands == after.hands and other.talon_left != after.talon_left
    assert advise_exchange(other) == advise_exchange(after)


def test_younger_may_keep_his_hand_au_cent(advice):
    deal = DEALS["au cent"]
    after = deal.apply(Exchange(advice["au cent"][0].discards))
    keep = next(choice for choice in advise_exchange(after) if not choice.discards)
    assert advice_words(keep).startswith("Exchanges no card.")


def test_no_advice_outside_the_exchange():
    deal = DEALS["seed 3"]
    deal = deal.apply(Exchange(deal.hand(ELDER)[:1])).apply(Exchange(deal.hand(YOUNGER)[:1]))
    with pytest.raises(PiquetError):
        advise_exchange(deal)


# -- words ---------------------------------------------------------------------------------------


def test_explanation_names_what_is_kept_and_drawn_for():
    deal = dealt("KH QH JH TH 9H 7S 8S 7D 8D 9D 7C 8C", "AS KS QS JS TS 9S AD KD QD AC KC QC", 0)
    best = advise_exchange(deal, top=1)[0]
    text = advice_words(best)
    assert text.startswith("Discards 5 cards: ")
    assert "Keeps: point of five and quint to the king." in text
    assert "Gives up: tierce minor." in text
    assert "Draws for the point (" in text
    # what the declarations bring: whole points in words, the exact figure for "Details"
    assert best.expected < -0.5  # younger's hand is far the stronger
    assert re.search(rf"expected to bring younger (about )?{number_words(round(-best.expected))} points? more than you\.", text), text
    assert not re.search(r"\d[.,]\d", text), text
    assert advice_details(best) == f"Expected net score of the declarations: {best.expected:+.2f}."


def test_younger_explanation_gives_the_chances_of_her_draws_not_the_cards(advice):
    """She does not know which cards she will draw: her explanation names the categories her kept
    cards lose to elder's hand and the chance that a random draw from the cards left wins them."""
    deal = DEALS["seed 3"]
    after = deal.apply(Exchange(next(choice for choice in advice["seed 3"] if len(choice.discards) == 2).discards))
    elder, hand = after.hands
    left = after.talon_left
    checked = 0
    for choice in advise_exchange(after):
        text = advice_words(choice)
        keep, size = hand & ~mask_of(choice.discards), len(choice.discards)
        draws = list(combinations(left, size))
        for category, name in zip(CATEGORIES, ("point", "sequences", "sets")):
            def beats(mine: int) -> bool:
                return compare(best_declaration(category, elder), best_declaration(category, mine)) is Verdict.NOT_GOOD

            percent = 100 * Fraction(sum(beats(keep | mask_of(drawn)) for drawn in draws), len(draws))
            if not beats(keep) and 1 <= percent < 100 and percent % 1 != Fraction(1, 2):
                shown = str(round(percent)) if round(percent) < 100 else ">99"  # never a false 100 %
                assert f"the {name} ({shown}%)" in text
                checked += 1
        assert "Draws " not in text or "the chances of beating elder's hand" in text
    assert checked > 100


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_explanations_format_in_every_language(language, advice):
    i18n.set_language(language)
    try:
        for name, ranked in advice.items():
            assert advice_words(ranked[0])
            deal = DEALS[name].apply(Exchange(ranked[0].discards))
            assert advice_words(advise_exchange(deal, top=1)[0])
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("module", [advisor, odds])
def test_doctests(module):
    assert doctest.testmod(module, optionflags=doctest.ELLIPSIS).failed == 0
