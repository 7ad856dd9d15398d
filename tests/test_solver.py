"""The exact trick solver against a plain minimax of the rules, and on hand-checked positions."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piquet_widgets.analysis.solver import ELDER, YOUNGER, Solution, Solver, solve
from piquet_widgets.engine import PRESETS, Deal, Phase, Play, Position
from piquet_widgets.engine.cards import mask_of, parse_card, parse_cards

HONOUR = 3  # the rank of the ten


def cards(text: str) -> int:
    return mask_of(parse_cards(text))


def card(text: str) -> int:
    return parse_card(text)


def the_cards(tricks: tuple[int, int]) -> int:
    """The cards or capot at the end of a deal, to elder minus younger."""
    te, ty = tricks
    return 40 if te == 12 else 10 if te >= 7 else -40 if ty == 12 else -10 if ty >= 7 else 0


# --- The reference: rules.md sections 5 and 6 played out literally --------------------------------


def reference(
    elder: int,
    younger: int,
    leader: int,
    led: int | None,
    tricks: tuple[int, int],
    scores: tuple[int, int],
    low_cards_count: bool = True,
) -> tuple[int, dict[int, int]]:
    """Plain minimax over every legal card (no pruning, no equivalent cards), memoised only.

    It keeps the real running scores and applies the pique rule as written: elder's play point
    taking him to 30 or more while younger has 0, if no bonus has happened yet. Returns the value
    and the value after each legal card, as elder's points minus younger's still to come."""

    def add(score: tuple[int, int], player: int, points: int, open_: bool) -> tuple[tuple[int, int], bool]:
        if not points:
            return score, open_
        score = (score[0] + points, score[1]) if player == ELDER else (score[0], score[1] + points)
        if open_ and player == ELDER and score[0] >= 30 and score[1] == 0:
            return (score[0] + 30, score[1]), False
        return score, open_ and score[1] == 0

    def point(c: int) -> int:
        return 1 if low_cards_count or c % 8 >= HONOUR else 0

    def legal(hand: int, led: int | None) -> list[int]:
        mine = [c for c in range(32) if hand >> c & 1]
        if led is None:
            return mine
        return [c for c in mine if c // 8 == led // 8] or mine

    def play(hands, leader, led, won, score, open_, c):
        """The state after card c, as (hands, leader, led, won, score, open_)."""
        if led is None:
            hands = (hands[0] & ~(1 << c), hands[1]) if leader == ELDER else (hands[0], hands[1] & ~(1 << c))
            score, open_ = add(score, leader, point(c), open_)
            return hands, leader, c, won, score, open_
        second = 1 - leader
        hands = (hands[0] & ~(1 << c), hands[1]) if second == ELDER else (hands[0], hands[1] & ~(1 << c))
        winner = second if c // 8 == led // 8 and c > led else leader
        if winner == second:
            score, open_ = add(score, second, point(c), open_)
        if hands == (0, 0):
            score, open_ = add(score, winner, 1, open_)
        won = (won[0] + 1, won[1]) if winner == ELDER else (won[0], won[1] + 1)
        return hands, winner, None, won, score, open_

    @cache
    def final(hands, leader, led, won, score, open_) -> int:
        if hands == (0, 0) and led is None:
            return score[0] - score[1] + the_cards(won)
        to_move = leader if led is None else 1 - leader
        results = [final(*play(hands, leader, led, won, score, open_, c)) for c in legal(hands[to_move], led)]
        return max(results) if to_move == ELDER else min(results)

    open_ = scores[1] == 0 and scores[0] < 30
    hands = (elder, younger)
    to_move = leader if led is None else 1 - leader
    start = scores[0] - scores[1]
    values = {
        c: final(*play(hands, leader, led, tuple(tricks), tuple(scores), open_, c)) - start
        for c in legal(hands[to_move], led)
    }
    return (max(values.values()) if to_move == ELDER else min(values.values())), values


# --- Random endgames --------------------------------------------------------------------------------


@st.composite
def endgames(draw, max_left: int = 5):
    """A position with 1 to `max_left` tricks to play: a random split of random cards, a random
    leader, sometimes a card led already, tricks won that add up, scores with or without a pique."""
    left = draw(st.integers(1, max_left))
    pack = draw(st.permutations(range(32)))
    elder, younger = mask_of(pack[:left]), mask_of(pack[left : 2 * left])
    leader = draw(st.sampled_from((ELDER, YOUNGER)))
    led = None
    if draw(st.booleans()):
        led = pack[:left][0] if leader == ELDER else pack[left]
        if leader == ELDER:
            elder &= ~(1 << led)
        else:
            younger &= ~(1 << led)
    te = draw(st.integers(0, 12 - left))
    if draw(st.booleans()):
        scores = (draw(st.integers(0, 29)), 0)  # a pique is still possible
    else:
        scores = (draw(st.integers(0, 90)), draw(st.integers(0, 40)))
    low_cards_count = draw(st.booleans())
    return elder, younger, leader, led, (te, 12 - left - te), scores, low_cards_count


def check_against_reference(position, solver: Solver | None = None) -> Solution:
    elder, younger, leader, led, tricks, scores, low = position
    solution = solve(elder, younger, leader, led, tricks, scores, low, solver=solver)
    value, values = reference(*position)
    assert solution.to_move == (leader if led is None else 1 - leader)
    assert solution.cards == values
    assert solution.value == value
    assert (solver or Solver()).value(*position) == value
    return solution


@settings(max_examples=2000, deadline=None)
@given(endgames())
def test_endgames_match_the_reference(position):
    check_against_reference(position)


_SHARED = Solver()


@settings(max_examples=2000, deadline=None)
@given(endgames())
def test_endgames_match_the_reference_with_one_solver_for_all(position):
    """What the tables learned from one position never spoils another."""
    check_against_reference(position, _SHARED)


@settings(max_examples=500, deadline=None)
@given(endgames(), st.integers(-3, 3))
def test_a_bound_is_on_the_side_of_the_value_the_reference_says(position, offset):
    """One null-window test at a bar near the value, above it and below it: a lower bound when
    the value reaches the bar, else an upper bound."""
    value, _values = reference(*position)
    found = _SHARED.bound(value + offset, *position)
    assert (found >= value + offset) == (offset <= 0)
    assert found <= value if offset <= 0 else found >= value


@settings(max_examples=40, deadline=None)
@given(endgames(max_left=6), st.randoms(use_true_random=False))
def test_every_position_along_a_random_play_matches_the_reference(position, rng):
    """Solving each position after the card played, with one solver, as the practice table does."""
    solver = Solver()
    elder, younger, leader, led, tricks, scores, low = position
    while elder or younger or led is not None:
        solution = check_against_reference((elder, younger, leader, led, tricks, scores, low), solver)
        elder, younger, leader, led, tricks, scores = play(
            (elder, younger, leader, led, tricks, scores), rng.choice(sorted(solution.cards)), low
        )


def play(position, c: int, low_cards_count: bool):
    """The position after the player to move plays `c` (the reference's scoring, one step)."""
    elder, younger, leader, led, tricks, scores = position
    hands = [elder, younger]
    open_ = scores[1] == 0 and scores[0] < 30
    points = [0, 0]

    def score(player: int, n: int) -> None:
        nonlocal open_
        points[player] += n
        if n and open_ and player == ELDER and scores[0] + points[0] >= 30 and scores[1] + points[1] == 0:
            points[ELDER] += 30
            open_ = False

    counts = 1 if low_cards_count or c % 8 >= HONOUR else 0
    if led is None:
        hands[leader] &= ~(1 << c)
        score(leader, counts)
        return hands[0], hands[1], leader, c, tricks, (scores[0] + points[0], scores[1] + points[1])
    second = 1 - leader
    hands[second] &= ~(1 << c)
    winner = second if c // 8 == led // 8 and c > led else leader
    if winner == second:
        score(second, counts)
    if not hands[0]:
        score(winner, 1)
    won = (tricks[0] + 1, tricks[1]) if winner == ELDER else (tricks[0], tricks[1] + 1)
    return hands[0], hands[1], winner, None, won, (scores[0] + points[0], scores[1] + points[1])


# --- Equivalent cards --------------------------------------------------------------------------------


def equivalent(a: int, b: int, hand: int, other: int, led: int | None, low_cards_count: bool) -> bool:
    """Touching in rank in one suit of `hand` once the cards out of both hands are removed (the led
    card stays, as a card of `other`); when low cards don't count, a ten and a nine never are."""
    if a // 8 != b // 8:
        return False
    if not low_cards_count and (a % 8 >= HONOUR) != (b % 8 >= HONOUR):
        return False
    present = hand | other | (1 << led if led is not None else 0)
    between = [c for c in range(min(a, b) + 1, max(a, b)) if present >> c & 1]
    return all(hand >> c & 1 for c in between)


@settings(max_examples=300, deadline=None)
@given(endgames(max_left=8))
def test_equivalent_cards_get_the_same_value(position):
    elder, younger, leader, led, tricks, scores, low = position
    solution = solve(*position)
    hand, other = (elder, younger) if solution.to_move == ELDER else (younger, elder)
    for a in solution.cards:
        for b in solution.cards:
            if equivalent(a, b, hand, other, led, low):
                assert solution.cards[a] == solution.cards[b]


def test_touching_once_the_card_between_is_gone():
    # K and J of spades touch when the queen is out of both hands, not when younger holds it.
    apart = solve(cards("KS JS"), cards("QS 7H"), ELDER, None, (5, 5), (10, 10))
    assert apart.cards[card("KS")] != apart.cards[card("JS")]
    touching = solve(cards("KS JS"), cards("8H 7H"), ELDER, None, (5, 5), (10, 10))
    assert touching.cards[card("KS")] == touching.cards[card("JS")]


# --- Hand-checked positions --------------------------------------------------------------------------


def test_ducking_beats_cashing():
    # docs/formats.md's example. Cashing the ace lets younger duck and take the last trick with the
    # king: 0. Leading the seven first: younger wins it and must lead into the ace, or wins with
    # the king and leads the eight into it; elder takes the last trick: +1.
    solution = solve(cards("AS 7S"), cards("KS 8S"), ELDER, None, (5, 5), (20, 11))
    assert solution == Solution(ELDER, 1, {card("7S"): 1, card("AS"): 0})


def test_elder_cashes_his_ace_first_for_the_capot():
    # Ten tricks to nothing. Ace first, and the seven is good too: 1 + 1 + 1 (last) + 40 = 43.
    # Seven first: younger's eight wins, he leads his nine of hearts and takes the last too:
    # 1 - 1 - 1 - 1 + 10 (the cards) = 8.
    solution = solve(cards("AS 7S"), cards("8S 9H"), ELDER, None, (10, 0), (20, 5))
    assert solution == Solution(ELDER, 43, {card("AS"): 43, card("7S"): 8})


def test_younger_keeps_the_king_that_saves_the_capot():
    # Elder has led the ace of spades to trick 11 (its point is scored). Younger discards: the
    # seven of diamonds keeps the king of hearts over elder's queen, and the last trick: elder
    # leads +1, younger wins +1 and the last +1, elder has 11 tricks, +10: 9. Throwing the king
    # gives elder the last trick and the capot: 1 + 1 + 40 = 42.
    solution = solve(cards("QH"), cards("KH 7D"), ELDER, card("AS"), (10, 0), (21, 5))
    assert solution == Solution(YOUNGER, 9, {card("KH"): 42, card("7D"): 9})


def test_a_lead_reaches_the_pique():
    # Elder at 29, younger at 0: his lead scores his 30th point and the pique (+30) before younger
    # wins the trick and the last (-2); younger has 7 tricks (-10): 31 - 2 - 10 = 19.
    position = (cards("7S"), cards("AS"), ELDER, None, (5, 6))
    assert solve(*position, (29, 0)).value == 19
    # Younger has scored: no pique, 1 - 2 - 10.
    assert solve(*position, (29, 1)).value == -11
    # When low cards don't count the seven's lead scores nothing, and younger's ace wins: no pique.
    assert solve(*position, (29, 0), low_cards_count=False).value == -12


def test_the_pique_needs_younger_to_have_nothing():
    # Elder at 28, younger at 0, younger to lead low cards into elder's aces and king.
    position = (cards("AS AH KH"), cards("7S 8H 9H"), YOUNGER, None, (4, 5), (28, 0))
    # Younger's lead scores first (-1), so elder's four points to come (+4) make no pique; elder
    # ends with 7 tricks (+10): 13.
    assert solve(*position).value == 13
    # When low cards don't count that lead scores nothing; elder wins it (+1, 29), leads an ace
    # (+1, 30: the pique, +30), leads again and takes the last (+2); the cards +10: 44.
    assert solve(*position, low_cards_count=False).value == 44


# --- Whole deals -------------------------------------------------------------------------------------


@pytest.mark.parametrize("low_cards_count", [True, False])
@pytest.mark.parametrize("seed", range(3))
def test_a_whole_deal_keeps_its_value_along_best_play(seed, low_cards_count):
    """Each card's value is the value of the position it leads to, solved with the same solver,
    and the value of the deal stays the same along best play to the end."""
    rng = random.Random(seed)
    pack = list(range(32))
    rng.shuffle(pack)
    position = (mask_of(pack[:12]), mask_of(pack[12:24]), ELDER, None, (0, 0), (rng.randint(0, 25), 0))
    solver = Solver()
    solution = solver.solve(*position, low_cards_count)
    for c, value in solution.cards.items():
        after = play(position, c, low_cards_count)
        gained = (after[5][0] - position[5][0]) - (after[5][1] - position[5][1])
        assert gained + solver.solve(*after, low_cards_count).value == value
    while position[0] or position[1]:
        solution = solver.solve(*position, low_cards_count)
        best = (max if solution.to_move == ELDER else min)(solution.cards, key=solution.cards.__getitem__)
        after = play(position, best, low_cards_count)
        gained = (after[5][0] - position[5][0]) - (after[5][1] - position[5][1])
        rest = solver.value(*after, low_cards_count) if after[0] or after[1] else the_cards(after[4])
        assert gained + rest == solution.value
        position = after


def test_a_finished_deal_has_nothing_to_come():
    assert solve(0, 0, ELDER, None, (7, 5), (40, 20)) == Solution(ELDER, 0, {})


@pytest.mark.parametrize(
    "args",
    [
        (cards("AS"), cards("AS"), ELDER, None, (5, 6), (0, 0)),  # a card in both hands
        (cards("AS KS"), cards("7S"), ELDER, None, (5, 5), (0, 0)),  # hands of different sizes
        (cards("AS"), cards("7S"), ELDER, None, (5, 5), (0, 0)),  # tricks don't add up
        (cards("AS"), cards("7S"), 2, None, (5, 6), (0, 0)),  # no such seat
        (cards("AS"), cards("7S"), ELDER, card("AS"), (5, 6), (0, 0)),  # the led card is held
        (cards("AS"), cards("7S"), ELDER, None, (5, 6), (-1, 0)),  # a negative score
    ],
)
def test_bad_positions_are_refused(args):
    with pytest.raises(ValueError):
        solve(*args)


@pytest.mark.parametrize("rules", ["rubicon", "low_cards"])
@pytest.mark.parametrize("seed", range(2))
def test_values_agree_with_the_engines_scoring(seed, rules):
    """Each card's value is what the engine scores for it plus the value of the position it leads
    to: the engine's scores (the lead point included once a card is led) are what the solver reads."""
    rules_set = PRESETS[rules]
    low = rules_set.low_cards_count_in_play
    deal = Deal.from_seed(seed, rules_set)
    while deal.phase is not Phase.PLAY:
        deal = deal.apply(deal.default_action() or deal.legal_actions()[0])
    solver = Solver()
    rng = random.Random(seed)

    def position(d: Deal) -> tuple:
        p = Position.of_deal(d)
        return p.elder, p.younger, p.leader, p.led, p.tricks, p.scores, low

    while deal.phase is Phase.PLAY:
        solution = solver.solve(*position(deal))
        for c, value in solution.cards.items():
            after = deal.apply(Play(c))
            gained = (after.scores[ELDER] - deal.scores[ELDER]) - (after.scores[YOUNGER] - deal.scores[YOUNGER])
            rest = solver.value(*position(after)) if after.phase is Phase.PLAY else 0
            assert gained + rest == value
        deal = deal.apply(Play(rng.choice(sorted(solution.cards))))
