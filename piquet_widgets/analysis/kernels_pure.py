"""The exchange advisor's heavy work in pure Python, for where numpy is missing (Pyodide here).

The same numbers as the advisor's numpy path (`advisor.py`, whose docstring gives the model),
exact integers in the same order: a hand's declarations packed in one int by tables built once;
younger's choices pruned by a bit-parallel test of "matches or beats in every draw"; younger's
best reply found with sums that stop as soon as they cannot beat the best so far.

>>> from piquet_widgets.engine import parse_cards
>>> from piquet_widgets.engine.cards import mask_of
>>> hand = mask_of(parse_cards("AS KS QS JS 9H 8H 7H AD AC KC QC TC"))
>>> decode(code(hand))   # point 4 * 128 + 41, quart major (4 * 8 + ace), 4 + 3 + 3, three aces, 3
(553, 39, 10, 31, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from itertools import combinations
from math import factorial

from piquet_widgets.engine.cards import TEN, Card, cards_of
from piquet_widgets.engine.combinations import SET_POINTS, SET_RANKS, Combination, points_of, sequences_of
from piquet_widgets.engine.deal import BONUS_THRESHOLD, CARTE_BLANCHE_POINTS, ELDER, REPIQUE_BONUS, YOUNGER

# A hand's declarations as five numbers, each never worse for its holder when higher: the
# point's key (length * 128 + card values), the best sequence's key (length * 8 + top rank, 0 for
# none), the points of all sequences, the best set's key (count * 8 + rank, 0 for none), the
# points of all sets. Packed into one int: 11, 7, 6, 6 and 6 bits.
SHIFTS = (25, 18, 12, 6, 0)
WIDTHS = (11, 7, 6, 6, 6)


def _key_code(combo: Combination, bits: int) -> int:
    return combo.length << bits | combo.top


def suit_tables() -> tuple[list[int], list[int], list[int], list[int]]:
    """Per holding of one suit (a byte): point key, best sequence key, sequence points, and its
    A K Q J 10 spread into 3-bit counters (so that the four suits add up to counts per rank)."""
    point, sequence, sequence_points, spread = ([0] * 256 for _ in range(4))
    for byte in range(1, 256):
        point[byte] = _key_code(points_of(byte)[0], 7)
        runs = sequences_of(byte)
        sequence[byte] = _key_code(runs[0], 3) if runs else 0
        sequence_points[byte] = sum(run.points for run in runs)
        spread[byte] = sum((byte >> rank & 1) << 3 * (rank - TEN) for rank in SET_RANKS)
    return point, sequence, sequence_points, spread


def set_tables() -> tuple[list[int], list[int]]:
    """Per sum of four suit spreads (counts of A K Q J 10 in 3-bit fields): best set key, set points."""
    key, points = [0] * (1 << 15), [0] * (1 << 15)
    for spread in range(1 << 15):
        for rank in SET_RANKS:
            count = spread >> 3 * (rank - TEN) & 7
            if count in SET_POINTS:
                key[spread] = max(key[spread], count << 3 | rank)
                points[spread] += SET_POINTS[count]
    return key, points


POINT, SEQUENCE, SEQUENCE_POINTS, SPREAD = suit_tables()
SET, SET_POINTS_OF = set_tables()
# The two sums of a suit in one int (sequence points in the low 6 bits, the spread above them),
# so that four suits add up in one addition; the two set numbers in one look-up.
_SUMS = [spread << 6 | points for spread, points in zip(SPREAD, SEQUENCE_POINTS)]
_SETS = [key << 6 | points for key, points in zip(SET, SET_POINTS_OF)]
_POINT, _SEQUENCE = POINT, SEQUENCE


def code(hand: int) -> int:
    """The packed declarations of a hand (a mask)."""
    a, b, c, d = hand & 0xFF, hand >> 8 & 0xFF, hand >> 16 & 0xFF, hand >> 24 & 0xFF
    sums = _SUMS[a] + _SUMS[b] + _SUMS[c] + _SUMS[d]
    return (
        max(_POINT[a], _POINT[b], _POINT[c], _POINT[d]) << 25
        | max(_SEQUENCE[a], _SEQUENCE[b], _SEQUENCE[c], _SEQUENCE[d]) << 18
        | (sums & 63) << 12
        | _SETS[sums >> 6]
    )


def decode(packed: int) -> tuple[int, int, int, int, int]:
    """The five numbers of a packed code (`SHIFTS` and `WIDTHS` written out)."""
    return packed >> 25, packed >> 18 & 127, packed >> 12 & 63, packed >> 6 & 63, packed & 63


def declaration_scores(elder: Sequence[int], younger: Sequence[int], blanche: tuple[bool, bool]) -> tuple[int, int, int, int]:
    """The advisor's `declaration_scores` for one pair of decoded hands: elder's total, younger's
    total, whether elder and whether younger repiqued (0/1). Reckoned in the order of rules.md
    section 5 (carte blanche, point, sequences, sets); a player repiques when the points he scored
    while his opponent had none reach 30. Written out, not looped: it is the innermost work."""
    e_point, e_sequence, e_sequence_points, e_set, e_set_points = elder
    y_point, y_sequence, y_sequence_points, y_set, y_set_points = younger
    e_alone = e_total = CARTE_BLANCHE_POINTS if blanche[ELDER] else 0
    y_alone = y_total = CARTE_BLANCHE_POINTS if blanche[YOUNGER] else 0
    e_none, y_none = not blanche[ELDER], not blanche[YOUNGER]  # has scored nothing yet
    for e_gain, y_gain in (
        (e_point >> 7 if e_point > y_point else 0, y_point >> 7 if y_point > e_point else 0),
        (e_sequence_points if e_sequence > y_sequence else 0, y_sequence_points if y_sequence > e_sequence else 0),
        (e_set_points if e_set > y_set else 0, y_set_points if y_set > e_set else 0),
    ):
        if e_gain:
            e_total += e_gain
            if y_none:
                e_alone += e_gain
            e_none = False
        elif y_gain:
            y_total += y_gain
            if e_none:
                y_alone += y_gain
            y_none = False
    e_repique, y_repique = int(e_alone >= BONUS_THRESHOLD), int(y_alone >= BONUS_THRESHOLD)
    return e_total + REPIQUE_BONUS * e_repique, y_total + REPIQUE_BONUS * y_repique, e_repique, y_repique


#: More than the sum of the weights of younger's draws (at most 8!), so that the three parts of a
#: reply key stay apart in a weighted sum of keys (the advisor's `_BASE`).
BASE = factorial(8) + 1
#: Added to every reply key so that each is positive: a weighted sum then only grows as draws
#: are added (the weights of each choice's draws add up to the same n!, so no choice is favoured).
_OFFSET = 200 * BASE**2


def reply_key(elder: Sequence[int], younger: Sequence[int], blanche: tuple[bool, bool]) -> int:
    """The advisor's `_reply_keys` for one pair of decoded hands (younger wants it smallest)."""
    elder_total, younger_total, elder_repique, younger_repique = declaration_scores(elder, younger, blanche)
    return ((elder_total - younger_total) * BASE + elder_repique) * BASE + 1 - younger_repique


def subsets(cards: Sequence[Card]) -> list[tuple[int, int]]:
    """The mask and size of every subset of `cards`, indexed by the bits of the positions (the
    numpy path's `_subsets`, in the same order)."""
    found = [(0, 0)]
    for card in cards:
        found += [(mask | 1 << card, size + 1) for mask, size in found]
    return found


def undominated(rows: list[list[int]], bonus: list[float] | None = None) -> list[int]:
    """The indexes (ascending) of `rows` (a choice's codes over the draws) that no other row
    matches or beats in all five numbers of every draw; of equal rows, one: the numpy path's
    `_undominated`, the same rows. The numbers of a row are packed in one int with a guard bit
    above each, so that one subtraction compares them all (a borrow clears a guard).

    With a `bonus` per row (a reply's worth beyond the declarations), a row goes only when one
    that matches or beats it has a larger bonus, or the same bonus and a smaller index: it can
    then never be the first best of `-net + bonus` (net never lower for the beaten row)."""
    field_guards = 0
    for width in WIDTHS:
        field_guards = field_guards << width + 1 | 1 << width
    row_bits = sum(width + 1 for width in WIDTHS)
    spaced: dict[int, tuple[int, int]] = {}  # a code with a zero bit above each number, and their sum
    packed, sums = [], []
    for row in rows:
        value = total = 0
        for entry in row:
            if entry not in spaced:
                numbers = decode(entry)
                wide = 0
                for number, width in zip(numbers, WIDTHS):
                    wide = wide << width + 1 | number
                spaced[entry] = wide, sum(numbers)
            wide, size = spaced[entry]
            value = value << row_bits | wide
            total += size
        packed.append(value)
        sums.append(total)
    guards = sum(field_guards << row_bits * draw for draw in range(len(rows[0]))) if rows else 0
    worth = bonus or [0.0] * len(rows)
    alive = sorted(range(len(rows)), key=lambda index: (-sums[index], -worth[index]))
    kept = []
    while alive:
        top, alive = alive[0], alive[1:]
        kept.append(top)
        high = packed[top] | guards

        def goes(index: int) -> bool:
            beaten = (high - packed[index]) & guards == guards
            return beaten and (bonus is None or worth[top] > worth[index] or (worth[top] == worth[index] and top < index))

        alive = [index for index in alive if not goes(index)]
    return sorted(kept)


@lru_cache(maxsize=9)  # the sizes of one deal's exchange (0 to 8 cards)
def hand_codes(younger: int, pool: tuple[Card, ...], size: int) -> tuple[list[int], list[int], list[list[int]]]:
    """Younger's choices of `size` discards (masks), her draws of `size` cards from `pool`
    (masks), and her hand's code for each choice (a row) in each draw (a column): made once for
    the advisor's ranking and the evaluator's replies alike (the most of their making). Not to
    be changed by the caller."""
    discards = [mask for mask, count in subsets(cards_of(younger)) if count == size]
    draws = [mask for mask, count in subsets(pool) if count == size]
    return discards, draws, [[code(younger & ~discard | draw) for draw in draws] for discard in discards]


class YoungerReplies:
    """The advisor's `YoungerReplies` in pure Python: younger's legal choices of discards, each
    with her hand's code in every draw from a pool of talon cards; `pruned` keeps, of each number
    of cards, the choices that no other matches or beats in every draw. With `bonus` (of the
    cards she keeps), it keeps those that may be her `reply`: the best of the declarations plus
    the bonus."""

    def __init__(
        self, younger: int, pool: Iterable[Card], smallest: int, blanche: tuple[bool, bool], *, pruned: bool = False,
        bonus: Callable[[int], float] | None = None,
    ) -> None:
        self.blanche = blanche
        self.bonus: dict[int, float] = {}  # of each choice kept (a discard mask), given a `bonus`
        pool = tuple(pool)
        self.sizes: list[tuple[int, list[int], list[int], list[list[int]]]] = []
        for size in range(smallest, len(pool) + 1):
            discards, draws, rows = hand_codes(younger, pool, size)
            worth = None if bonus is None else [bonus(younger & ~discard) for discard in discards]
            if pruned or worth is not None:
                kept = undominated(rows, worth)
                if worth is not None:
                    self.bonus.update((discards[index], worth[index]) for index in kept)
                discards, rows = [discards[index] for index in kept], [rows[index] for index in kept]
            self.sizes.append((size, discards, draws, rows))
        self._choices: dict[int, tuple[list[int], list[tuple[int, ...]], list[tuple[int, int, list[int]]]]] = {}
        self._keys: dict[int, int] = {}  # reply keys by elder's code << 36 | hers: a pair comes back often
        self._order: dict[int, list[int]] = {}  # for each set of cards left, the choices, the last best first

    def choices(self, left: int) -> tuple[list[int], list[tuple[int, ...]], list[tuple[int, int, list[int]]]]:
        """Her choices that the cards `left` (a mask) allow: her distinct hands in her draws from
        `left` (codes, and decoded), and in the numpy path's order each choice's discards (a mask), the weight
        of each of its draws (the weights of a choice add up to n!, n cards left) and its hands
        in those draws (indexes into the distinct hands)."""
        if left not in self._choices:
            count = left.bit_count()
            position: dict[int, int] = {}
            found = []
            for size, discards, draws, rows in self.sizes:
                if size > count:
                    continue
                inside = [index for index, draw in enumerate(draws) if not draw & ~left]
                weight = factorial(size) * factorial(count - size)
                for discard, row in zip(discards, rows):
                    found.append((discard, weight, [position.setdefault(row[index], len(position)) for index in inside]))
            codes = list(position)
            self._choices[left] = codes, [decode(entry) for entry in codes], found
        return self._choices[left]

    def sums(self, elder: int, left: int) -> tuple[list[int], list[int]]:
        """Against one elder hand (a code): her choices that `left` allows (discard masks) and for
        each the sum of reply keys over her draws, weighted to n! times the expectation."""
        codes, hands, choices = self.choices(left)
        keys = [self._key(elder, entry, hand) for entry, hand in zip(codes, hands)]
        return [discard for discard, _, _ in choices], [sum(keys[index] for index in drawn) * weight for _, weight, drawn in choices]

    def best(self, elder: int, left: int) -> int:
        """The smallest of `sums(elder, left)`, found without finishing the sums that cannot be it:
        the choices that were best against the last elder hands are tried first, and each sum stops
        once it reaches the best so far (its keys offset to be positive, so it only grows)."""
        codes, hands, choices = self.choices(left)
        keys: list[int | None] = [None] * len(hands)
        mine, blanche, kept, pairs = decode(elder), self.blanche, self._keys, elder << 36
        order = self._order.get(left) or self._order.setdefault(left, list(range(len(choices))))
        best = winner = None
        for index in order:
            _discard, weight, drawn = choices[index]
            limit = None if best is None else -(-best // weight)  # total * weight >= best
            total = 0
            for hand in drawn:
                key = keys[hand]
                if key is None:  # `_key`, written out: the innermost loop
                    pair = pairs | codes[hand]
                    key = kept.get(pair)
                    if key is None:
                        key = kept[pair] = reply_key(mine, hands[hand], blanche)
                    key = keys[hand] = key + _OFFSET
                total += key
                if limit is not None and total >= limit:
                    break
            else:
                best, winner = total * weight, index
        if winner != order[0]:
            order.remove(winner)
            order.insert(0, winner)
        return best - _OFFSET * factorial(left.bit_count())

    def _key(self, elder: int, entry: int, hand: tuple[int, ...]) -> int:
        """The reply key of elder's hand (a code) against hers (`entry`, `hand` decoded), kept."""
        pair = elder << 36 | entry
        key = self._keys.get(pair)
        if key is None:
            key = self._keys[pair] = reply_key(decode(elder), hand, self.blanche)
        return key

    def reply(self, elder: int, left: int) -> tuple[int, float]:
        """Against one elder hand (a mask), her choice (a discard mask) with the largest bonus
        minus elder's expected net declarations (the first such, in the numpy path's order), and
        that net. Needs the `bonus` given when made."""
        masks, sums = self.sums(code(elder), left)
        whole = factorial(left.bit_count())
        best = None
        for discard, total in zip(masks, sums):
            net = split_key(total, whole)[0] / whole
            score = -net + self.bonus[discard]
            if best is None or score > best[0]:
                best = (score, discard, net)
        return best[1], best[2]

    def expectations(self, elder: int, left: int) -> tuple[list[int], list[float], list[float], list[float]]:
        """Against one elder hand (a mask): her choices that `left` allows, with elder's expected
        net declarations, elder's chance of a repique and hers, over her draws."""
        masks, sums = self.sums(code(elder), left)
        whole = factorial(left.bit_count())
        split = [split_key(total, whole) for total in sums]
        return masks, [net / whole for net, _, _ in split], [rep / whole for _, rep, _ in split], [rep / whole for _, _, rep in split]


def split_key(total: int, whole: int) -> tuple[int, int, int]:
    """Net points, elder's repiques and younger's repiques of a sum of reply keys whose weights
    add up to `whole` (the advisor's `_split`)."""
    return total // BASE**2, total // BASE % BASE, whole - total % BASE


def elder_sums(hand: int, talon: tuple[Card, ...], size: int, replies: YoungerReplies) -> list[list[int]]:
    """For each choice of `size` discards from elder's `hand` (the order of `combinations` of
    its cards' positions): the sums over his draws of `split_key` of younger's best reply, each
    draw's sums (8 - size)! times her expectation."""
    cards = cards_of(hand)
    talon_mask = sum(1 << card for card in talon)
    keeps = [hand & ~sum(1 << cards[index] for index in chosen) for chosen in combinations(range(len(cards)), size)]
    sums = [[0, 0, 0] for _ in keeps]
    whole = factorial(len(talon) - size)
    for drawn, count in subsets(talon):
        if count != size:
            continue
        left = talon_mask & ~drawn
        found: dict[int, tuple[int, int, int]] = {}
        for total, keep in zip(sums, keeps):
            mine = code(keep | drawn)
            split = found.get(mine)
            if split is None:
                split = found[mine] = split_key(replies.best(mine, left), whole)
            total[0] += split[0]
            total[1] += split[1]
            total[2] += split[2]
    return sums
