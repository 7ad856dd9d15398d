"""The exact solver of the play of the tricks in open piquet (rules.md sections 5 and 6).

With both hands visible the play of the twelve tricks is a game of perfect information. The
value of a position is elder's points minus younger's points still to come in the deal under best
play by both (elder maximises, younger minimises): the points of play, the cards or capot, and the
pique while it is still possible.

Cards are ints (suit * 8 + rank, rank 0 = seven ... 7 = ace) and hands bit masks, as in
`piquet_widgets.engine.cards`; seat 0 is elder, 1 younger.

How the search is made fast, in pure Python:

- A null-window, fail-soft alpha-beta search at the start of every trick, driven by MTD(f), with a
  transposition table that stores a lower and an upper bound per state.
- The state is normalised before it is looked up. Inside each suit only the order of the cards
  still in the two hands matters (and, when low cards do not count, which of them are honours);
  suits have no rank, so the four suits are sorted; the tricks already won matter only through
  the cards/capot that can still come of them; the scores only through how many more points elder
  needs for a pique, if he can still get one.
- Equivalent cards (touching in rank in one hand once the cards out of both hands are removed;
  when low cards do not count, a ten and a nine never are) are searched once.
- Quick bounds from sure tricks: the leader can cash the top cards of his suits.
- Move ordering: sure winners first, then the lowest cards; the second player tries his lowest
  winning card, then his lowest cards.

When low cards count, the points of play of the rest of a deal depend only on how many tricks
elder takes and who takes the last one: a trick taken by its second player scores one point to
each, a trick taken by its leader one to him. That gives the tight quick bounds used there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

ELDER, YOUNGER = 0, 1
PIQUE = 30
_INF = 1000
_HONOUR = 3  # the rank of the ten: A K Q J T are honours (the ones that score when low cards don't count)
_FULL = (1 << 32) - 1
_CHECK_EVERY = 1023  # with `Solver.should_stop` set, it is asked once every 1,024 nodes


class SearchInterrupted(Exception):
    """Raised out of a solve when `Solver.should_stop` answered True. What the search had learned
    stays in the tables (only finished nodes are stored), so asking again costs less."""


@dataclass(frozen=True)
class Solution:
    """The solved position: who is to move (0 elder, 1 younger), its value, and the value after
    each legal card. A card's value counts the points the card itself scores, so `value` is the
    best of them for the player to move."""

    to_move: int
    value: int
    cards: dict[int, int]


def solve(
    elder: int,
    younger: int,
    leader: int,
    led: int | None,
    tricks: tuple[int, int],
    scores: tuple[int, int],
    low_cards_count: bool = True,
    *,
    solver: Solver | None = None,
) -> Solution:
    """Solve a position of the play; pass a `Solver` to keep what it learns for the next call.

    `elder`, `younger`: the cards each still holds (masks). `leader`: the seat leading the current
    trick. `led`: the card he has led to it already (then it is in neither hand and its lead point is
    already in `scores`), or None. `tricks`: tricks won so far by elder and younger. `scores`: their
    scores in this deal so far, which say whether a pique is still possible.
    """
    return (solver or Solver()).solve(elder, younger, leader, led, tricks, scores, low_cards_count)


def _build_suit_tables() -> tuple[tuple[list[tuple[int, ...]], ...], tuple[list[int], ...], list[int]]:
    """Tables indexed by `hand << 8 | other` for the 8 rank bits of one suit.

    - representatives[low]: the ranks of the cards of `hand` that stand for their class of
      equivalent cards, lowest first (the lowest of each run of touching cards; when `low` is 0,
      runs break between ten and nine);
    - codes[low]: the suit's normal form, the owners of its cards from the top (1 = `hand`) behind
      a leading 1, plus, when `low` is 0, how many of them are honours;
    - sure: how many tricks `hand` surely takes in the suit when it leads it.
    """
    representatives: tuple[list[tuple[int, ...]], ...] = ([()] * 65536, [()] * 65536)
    codes = ([0] * 65536, [0] * 65536)
    sure = [0] * 65536
    for number in range(3**8):
        hand = other = 0
        for rank in range(8):
            owner = number // 3**rank % 3
            if owner == 1:
                hand |= 1 << rank
            elif owner == 2:
                other |= 1 << rank
        index = hand << 8 | other
        ranks = [rank for rank in range(7, -1, -1) if (hand | other) >> rank & 1]
        for low in (0, 1):
            standing = []
            for i, rank in enumerate(ranks):
                below = ranks[i + 1] if i + 1 < len(ranks) else None
                if hand >> rank & 1 and (
                    below is None or not hand >> below & 1 or (not low and rank >= _HONOUR > below)
                ):
                    standing.append(rank)
            representatives[low][index] = tuple(reversed(standing))
        pattern = 1
        for rank in ranks:
            pattern = pattern << 1 | (hand >> rank & 1)
        codes[1][index] = pattern
        codes[0][index] = pattern | sum(rank >= _HONOUR for rank in ranks) << 9
        top = 0
        while top < len(ranks) and hand >> ranks[top] & 1:
            top += 1
        sure[index] = hand.bit_count() if top >= other.bit_count() else top
    return representatives, codes, sure


_REPRESENTATIVES, _CODES, _SURE = _build_suit_tables()
_HONOURS = sum(0xF8 << 8 * suit for suit in range(4))  # the honours' bits in a hand

# The cards or capot, to elder minus younger, by the number of tricks elder ends with.
_THE_CARDS = tuple(40 if t == 12 else 10 if t >= 7 else 0 if t == 6 else -10 if t >= 1 else -40 for t in range(13))


def _tricks_normal_forms() -> tuple[tuple[int, ...], ...]:
    """[r][t]: the smallest count of elder's tricks that, with r tricks to play, leads to the same
    cards/capot as t whatever happens (t = 8 and t = 9 are alike with 3 to play unless capot)."""
    forms = []
    for left in range(13):
        seen: dict[tuple[int, ...], int] = {}
        forms.append(
            tuple(seen.setdefault(tuple(_THE_CARDS[t + k] for k in range(left + 1)), t) for t in range(13 - left))
        )
    return tuple(forms)


_TRICKS_FORM = _tricks_normal_forms()


def _bits(mask: int) -> Iterator[int]:
    """The cards of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class _Search:
    """The search for one setting of `low_cards_count`, with its transposition table.

    A state at the start of a trick is (elder's mask, younger's mask, leader, te, need): `te` is
    elder's tricks so far (in normal form) and `need` the points elder still needs for a pique
    (0 when none is possible any more). Values are elder minus younger, points still to come.
    """

    def __init__(self, low_cards_count: bool) -> None:
        self.low = low_cards_count
        self.representatives = _REPRESENTATIVES[low_cards_count]
        self.codes = _CODES[low_cards_count]
        self.table: dict[int, tuple[int, int]] = {}
        self.should_stop: Callable[[], bool] | None = None
        self.nodes = 0

    def normal_need(self, need: int, left: int, leader: int) -> int:
        """`need` is 0 when elder can't get the pique: he scores at most one point a trick plus the
        last, and when low cards count younger's lead scores and closes it."""
        if need > left + 1 or (self.low and leader == YOUNGER):
            return 0
        return need

    def key(self, elder: int, younger: int, leader: int, te: int, need: int) -> int:
        """The transposition table's key: the normal form of a state at the start of a trick."""
        codes = self.codes
        a, b, c, d = sorted(
            (
                codes[(elder & 255) << 8 | younger & 255],
                codes[(elder >> 8 & 255) << 8 | younger >> 8 & 255],
                codes[(elder >> 16 & 255) << 8 | younger >> 16 & 255],
                codes[(elder >> 24) << 8 | younger >> 24],
            )
        )
        return (((((a << 13 | b) << 13 | c) << 13 | d) << 1 | leader) << 4 | te) << 4 | need

    def leads(self, hand: int, other: int) -> list[int]:
        """The leader's cards, one per class: sure winners first, then lowest cards first."""
        representatives = self.representatives
        winners: list[int] = []
        rest: list[int] = []
        for shift in (0, 8, 16, 24):
            mine = hand >> shift & 255
            if mine:
                theirs = other >> shift & 255
                highest = theirs.bit_length()  # one above their highest rank
                for rank in representatives[mine << 8 | theirs]:
                    (winners if rank >= highest else rest).append(shift + rank)
        winners.reverse()
        return winners + rest

    def replies(self, hand: int, other: int, led: int) -> tuple[list[int], bool]:
        """The second player's legal cards, one per class, best guesses first; and whether he follows.

        The led card separates classes: a card above it and one below it never are equivalent."""
        shift = led & ~7
        representatives = self.representatives
        mine = hand >> shift & 255
        if mine:
            rank = led & 7
            classes = representatives[mine << 8 | (other >> shift & 255) | 1 << rank]
            winners = [shift + r for r in classes if r > rank]
            losers = [shift + r for r in classes if r < rank]
            return winners[:1] + losers + winners[1:], True
        discards = [
            shift + r
            for shift in (0, 8, 16, 24)
            if hand >> shift & 255
            for r in representatives[(hand >> shift & 255) << 8 | (other >> shift & 255)]
        ]
        discards.sort(key=lambda card: card & 7)
        return discards, False

    def quick_bound(self, elder: int, younger: int, leader: int, te: int, need: int, left: int) -> tuple[int, int]:
        """A lower and an upper bound of a state's value, from the leader's sure tricks."""
        hand, other = (elder, younger) if leader == ELDER else (younger, elder)
        sure = 0
        for shift in (0, 8, 16, 24):
            sure += _SURE[(hand >> shift & 255) << 8 | other >> shift & 255]
        if sure == left:  # the leader takes every trick
            scored = 1 + (left if self.low else (hand & _HONOURS).bit_count())
            if leader == YOUNGER:
                value = _THE_CARDS[te] - scored
            else:
                value = _THE_CARDS[te + left] + scored + (PIQUE if need and scored >= need else 0)
            return value, value
        if self.low:
            # Value = 2k - left + [elder leads now] + [elder takes the last] - 1 + cards, k = elder's tricks.
            if leader == ELDER:
                return 2 * sure - left + _THE_CARDS[te + sure] + (PIQUE if need and sure >= need else 0), _INF
            return -_INF, left - 2 * sure + _THE_CARDS[te + left - sure]
        # Each trick is worth -1 to +1, and so is the last-trick point.
        if leader == ELDER:
            return _THE_CARDS[te + sure] - (left - sure) - 1, _INF
        return -_INF, left - sure + 1 + _THE_CARDS[te + left - sure] + (PIQUE if need else 0)

    def trick(self, elder: int, younger: int, leader: int, te: int, need: int, gamma: int) -> int:
        """Fail-soft null-window test at the start of a trick: a value >= gamma is a lower bound of
        the state's value, a value < gamma an upper bound."""
        left = elder.bit_count()
        if not left:
            return _THE_CARDS[te]
        if self.should_stop is not None:
            self.nodes += 1
            if not self.nodes & _CHECK_EVERY and self.should_stop():
                raise SearchInterrupted
        key = self.key(elder, younger, leader, te, need)
        low, high = self.table.get(key, (-_INF, _INF))
        if low >= gamma:
            return low
        if high < gamma:
            return high
        bound_low, bound_high = self.quick_bound(elder, younger, leader, te, need, left)
        if bound_low >= gamma or bound_high < gamma:
            self.table[key] = (max(low, bound_low), min(high, bound_high))
            return bound_low if bound_low >= gamma else bound_high
        if leader == ELDER:
            best = -_INF
            for card in self.leads(elder, younger):
                point = self.card_point(card)
                value = self.reply(elder ^ 1 << card, younger, ELDER, card, point, te, need, gamma, left)
                if value > best:
                    best = value
                    if best >= gamma:
                        break
        else:
            best = _INF
            for card in self.leads(younger, elder):
                point = self.card_point(card)
                value = self.reply(elder, younger ^ 1 << card, YOUNGER, card, point, te, need, gamma, left)
                if value < best:
                    best = value
                    if best < gamma:
                        break
        self.table[key] = (best, high) if best >= gamma else (low, best)
        return best

    def card_point(self, card: int) -> int:
        """The point that leading `card`, or winning a trick with it as second player, scores."""
        return 1 if self.low or card & 7 >= _HONOUR else 0

    def reply(
        self,
        elder: int,
        younger: int,
        leader: int,
        led: int,
        lead_point: int,
        te: int,
        need: int,
        gamma: int,
        left: int,
    ) -> int:
        """Fail-soft null-window test after `led` has been led (it is in neither mask) and before the
        second player plays; `left` counts the current trick. `lead_point` (the point for the lead,
        or 0 when it is already scored) is part of the value."""
        second = 1 - leader
        cards, follows = self.replies(younger if second else elder, elder if second else younger, led)
        best = -_INF if second == ELDER else _INF
        for card in cards:
            wins = follows and card > led
            points, after = self.trick_points(leader, lead_point, wins, card, left, need)
            winner = second if wins else leader
            next_te = _TRICKS_FORM[left - 1][te + (winner == ELDER)]
            next_need = self.normal_need(after, left - 1, winner)
            if second == ELDER:
                value = points + self.trick(elder ^ 1 << card, younger, winner, next_te, next_need, gamma - points)
                if value > best:
                    best = value
                    if best >= gamma:
                        break
            else:
                value = points + self.trick(elder, younger ^ 1 << card, winner, next_te, next_need, gamma - points)
                if value < best:
                    best = value
                    if best < gamma:
                        break
        return best

    def trick_points(
        self, leader: int, lead_point: int, wins: bool, card: int, left: int, need: int
    ) -> tuple[int, int]:
        """The points of one trick to elder minus younger, pique included, and the new `need`.

        Events in reckoning order: the lead, the second player's win, the last trick."""
        second = 1 - leader
        winner = second if wins else leader
        events = ((leader, lead_point), (second, self.card_point(card) if wins else 0), (winner, 1 if left == 1 else 0))
        points = 0
        for player, point in events:
            if point:
                points += 1 if player == ELDER else -1
                if need:
                    if player == YOUNGER:
                        need = 0
                    else:
                        need -= 1
                        if not need:
                            points += PIQUE
        return points, need

    def exact(self, test: Callable[[int], int], guess: int) -> int:
        """MTD(f): the exact value from null-window tests, starting from a guess."""
        low, high = -_INF, _INF
        value = guess
        while low < high:
            gamma = value if value > low else low + 1
            value = test(gamma)
            if value >= gamma:
                low = value
            else:
                high = value
        return low

    def class_of(self, card: int, hand: int, other: int) -> int:
        """The card that stands for `card`'s class of equivalent cards in `hand` (see `leads`)."""
        shift = card & ~7
        ranks = self.representatives[(hand >> shift & 255) << 8 | (other >> shift & 255)]
        return shift + max(rank for rank in ranks if rank <= card & 7)


class Solver:
    """Solves positions of the play exactly and keeps what the search learned (its transposition
    tables) for the next call, so that the position after a card is solved fast."""

    #: The tables are emptied before a solve when they hold more entries than this (about 150
    #: bytes each; a whole deal adds some 10,000 to 300,000).
    max_entries = 1_000_000

    def __init__(self) -> None:
        self._searches: dict[bool, _Search] = {}
        #: If set, called every 1,024 nodes of a search; when it answers True the solve stops by
        #: raising `SearchInterrupted` (a deadline, a Stop button).
        self.should_stop: Callable[[], bool] | None = None

    def solve(
        self,
        elder: int,
        younger: int,
        leader: int,
        led: int | None,
        tricks: tuple[int, int],
        scores: tuple[int, int],
        low_cards_count: bool = True,
    ) -> Solution:
        """The value of the position and of every legal card of the player to move (see `solve`)."""
        search, left, te, need = self._prepare(elder, younger, leader, led, tricks, scores, low_cards_count)
        hands = (elder, younger)
        if led is None:
            to_move = leader
            legal = hands[leader]
            if not left:
                return Solution(to_move, 0, {})
        else:
            to_move = 1 - leader
            legal = hands[to_move] & 0xFF << (led & ~7) or hands[to_move]
        hand, other = hands[to_move], hands[1 - to_move]
        values: dict[int, int] = {}
        guess = 0
        cards: dict[int, int] = {}
        for card in _bits(legal):
            if led is None:
                standing = search.class_of(card, hand, other)
            else:
                standing = search.class_of(card, hand, other | 1 << led)
            if standing not in values:
                test = self._after_card(search, elder, younger, leader, led, standing, te, need, left)
                guess = values[standing] = search.exact(test, guess)
            cards[card] = values[standing]
        best = max(cards.values()) if to_move == ELDER else min(cards.values())
        return Solution(to_move, best, cards)

    def value(
        self,
        elder: int,
        younger: int,
        leader: int,
        led: int | None,
        tricks: tuple[int, int],
        scores: tuple[int, int],
        low_cards_count: bool = True,
    ) -> int:
        """The value of the position only (cheaper than `solve`)."""
        search, test = self._null_window(elder, younger, leader, led, tricks, scores, low_cards_count)
        return search.exact(test, 0)

    def bound(
        self,
        gamma: int,
        elder: int,
        younger: int,
        leader: int,
        led: int | None,
        tricks: tuple[int, int],
        scores: tuple[int, int],
        low_cards_count: bool = True,
    ) -> int:
        """One null-window test of the position's value (as `value`), cheaper than the value,
        which takes several: a result >= `gamma` is a lower bound of it, one below an upper bound.
        What it learns stays in the tables."""
        return self._null_window(elder, younger, leader, led, tricks, scores, low_cards_count)[1](gamma)

    def _null_window(
        self, elder: int, younger: int, leader: int, led: int | None, tricks: tuple[int, int], scores: tuple[int, int], low_cards_count: bool
    ) -> tuple[_Search, Callable[[int], int]]:
        """The search for the position and its null-window test: `test(gamma)` >= `gamma` when
        the value is at least `gamma` (then a lower bound of it), else an upper bound."""
        search, left, te, need = self._prepare(elder, younger, leader, led, tricks, scores, low_cards_count)
        if led is None:
            return search, lambda gamma: search.trick(elder, younger, leader, te, need, gamma)
        return search, lambda gamma: search.reply(elder, younger, leader, led, 0, te, need, gamma, left)

    def _prepare(
        self,
        elder: int,
        younger: int,
        leader: int,
        led: int | None,
        tricks: tuple[int, int],
        scores: tuple[int, int],
        low_cards_count: bool,
    ) -> tuple[_Search, int, int, int]:
        """Check a position; return the search for its rules, the tricks left (the current one
        included), and te and need in normal form."""
        if not (0 <= elder <= _FULL and 0 <= younger <= _FULL) or elder & younger:
            raise ValueError("the hands must be disjoint masks of 32 bits")
        if leader not in (ELDER, YOUNGER):
            raise ValueError(f"leader must be 0 (elder) or 1 (younger), not {leader!r}")
        sizes = [elder.bit_count(), younger.bit_count()]
        if led is not None:
            if not 0 <= led < 32 or (elder | younger) >> led & 1:
                raise ValueError(f"the led card {led!r} must be a card in neither hand")
            sizes[leader] += 1
        left = sizes[1 - leader]
        if sizes[0] != sizes[1]:
            raise ValueError(f"the hands hold {sizes[0]} and {sizes[1]} cards, which is not a position of the play")
        te, ty = tricks
        if te < 0 or ty < 0 or te + ty + left != 12:
            raise ValueError(f"tricks {tricks} do not match {left} tricks left to play")
        if min(scores) < 0:
            raise ValueError(f"scores {scores} must not be negative")
        search = self._searches.get(low_cards_count)
        if search is None:
            search = self._searches[low_cards_count] = _Search(low_cards_count)
        search.should_stop = self.should_stop
        if sum(len(s.table) for s in self._searches.values()) > self.max_entries:
            for s in self._searches.values():
                s.table.clear()
        elder_score, younger_score = scores
        need = PIQUE - elder_score if younger_score == 0 and elder_score < PIQUE else 0
        if led is None:
            return search, left, _TRICKS_FORM[left][te], search.normal_need(need, left, leader)
        return search, left, te, need

    @staticmethod
    def _after_card(
        search: _Search,
        elder: int,
        younger: int,
        leader: int,
        led: int | None,
        card: int,
        te: int,
        need: int,
        left: int,
    ) -> Callable[[int], int]:
        """The null-window test of the position after the player to move plays `card`."""
        if led is None:
            if leader == ELDER:
                elder ^= 1 << card
            else:
                younger ^= 1 << card
            lead_point = search.card_point(card)
            return lambda gamma: search.reply(elder, younger, leader, card, lead_point, te, need, gamma, left)
        wins = card >> 3 == led >> 3 and card > led
        second = 1 - leader
        points, after = search.trick_points(leader, 0, wins, card, left, need)  # the lead point is scored
        winner = second if wins else leader
        next_te = _TRICKS_FORM[left - 1][te + (winner == ELDER)]
        next_need = search.normal_need(after, left - 1, winner)
        if second == ELDER:
            elder ^= 1 << card
        else:
            younger ^= 1 << card
        return lambda gamma: points + search.trick(elder, younger, winner, next_te, next_need, gamma - points)
