"""The exchange advisor: every legal choice of discards, ranked by what the declarations will bring.

>>> from piquet_widgets.engine import Deal
>>> advice = advise_exchange(Deal.from_seed(7))      # elder to exchange: 1,585 choices
>>> len(advice), advice[0].expected >= advice[-1].expected
(1585, True)
>>> best = advise_exchange(Deal.from_seed(7), top=1)[0]
>>> best.discards == advice[0].discards
True

The measure
-----------
A choice is worth the **declarations** it leads to (rules.md sections 2, 4 and 5): the net score
of carte blanche, point, sequences and sets, and the repique (60) when a player reaches 30 by
those scores alone before his opponent has scored anything, all reckoned in the order of
section 5. The value is always the player to move's points minus his opponent's; the play of the
tricks (and so the pique) is not counted. Carte blanche is fixed at the deal: it adds the same 10
to every choice, but it is reckoned first and so can make or save a repique.

The model of the exchange (open piquet)
---------------------------------------
Both hands are on the table, so the eight talon cards are known as a **set**.

- **Elder** chooses without knowing the order of the talon: every order of the eight is equally
  likely. Taking k cards, he draws a uniformly random k of the eight; the 8 - k that remain lie in
  a uniformly random order.
- **Younger** then sees elder's new hand and, in open piquet, the cards that remain in the talon
  in their order (the practice table shows them). Taking j of them he gets exactly the top j, so
  his exchange is deterministic: his **best** exchange is the one that maximises the same measure
  (his points minus elder's) against elder's actual hand, over every legal number of cards and
  every choice of discards. Among replies of equal value he prefers the one that stops elder's
  repique, then the one that makes his own. This best reply is computed exactly, not
  approximated.
- Elder's value of a choice is the exact expectation, over the 8! orders of the talon, of the
  measure with younger replying at his best in each order. `Advice.repique` and
  `Advice.repiqued` are the exact chances of a repique for the player to move and for his
  opponent.
- When younger is to move the advice is exact enumeration of his choices: there is nothing
  random left.

How it is fast
--------------
A hand's declarations are five numbers (the keys of its point, best sequence and best set, and
the points of all its sequences and all its sets), computed for many hands at once with numpy
from tables over the 256 holdings of a suit. Younger's reply only ever needs, for each set of
talon cards he may draw, the hands that no other of his hands matches or beats in all five
numbers (a higher number never hurts the player who holds it). The few distinct hands of each side then
meet in one table of values, and the expectation over orders is a min over the prefixes of
every order of the cards left, averaged.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations
from math import factorial

import numpy as np

from piquet_widgets.engine.cards import TEN, Card, cards_of, mask_of
from piquet_widgets.engine.combinations import (
    SET_POINTS,
    SET_RANKS,
    Combination,
    is_carte_blanche,
    points_of,
    sequences_of,
    sets_of,
)
from piquet_widgets.engine.deal import BONUS_THRESHOLD, CARTE_BLANCHE_POINTS, ELDER, REPIQUE_BONUS, YOUNGER, Deal, Phase, Seat
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.i18n import N_, _, format_decimal, ngettext

__all__ = ["Advice", "advise_exchange"]

TALON_ORDERS = factorial(8)
SIGNED = "+0.00;-0.00"  # an expected score, always with its sign: '+1.25', '-0,50' in French


@dataclass(frozen=True)
class Advice:
    """One choice of discards for the player to move, with what the declarations will bring.

    `expected` is the player to move's points minus his opponent's from carte blanche, point,
    sequences, sets and repique (see the module's docstring for the model); `repique` and
    `repiqued` the chances that he repiques and that he is repiqued. `hand` is his hand before
    the exchange and `opponent` his opponent's hand as it stands; `pool` the cards his draw comes
    from: for elder the eight talon cards, of which he gets a random `len(discards)`; for younger
    exactly the cards he takes.
    """

    seat: Seat
    discards: tuple[Card, ...]
    expected: float
    repique: float
    repiqued: float
    hand: int
    opponent: int
    pool: tuple[Card, ...]
    carte_blanche: bool

    def explanation(self) -> str:
        """What the choice keeps, gives up and draws for, and what it is worth, in words."""
        sentences = discard_sentences(self.hand, self.discards)
        sentences.extend(self._draw_sentences(self.hand & ~mask_of(self.discards)))
        sentences.append(_("Expected net score of the declarations: {value}.").format(value=format_decimal(self.expected, SIGNED)))
        if self.repique:
            sentences.append(_("Chance of a repique: {percent}%.").format(percent=_percent(self.repique)))
        if self.repiqued:
            sentences.append(_("Chance of being repiqued: {percent}%.").format(percent=_percent(self.repiqued)))
        if self.carte_blanche:
            sentences.append(_("Carte blanche (10) was scored at the deal: it stands whatever the exchange brings."))
        return " ".join(sentences)

    def _draw_sentences(self, keep: int) -> list[str]:
        """Younger: the cards he takes and what they make. Elder: the categories his kept cards do
        not win against younger's hand as it stands, that the draw may win, with the chances."""
        if not self.discards:
            return []
        if self.seat is YOUNGER:
            drawn = mask_of(self.pool)
            made = [combo for combo in _combinations(keep | drawn) if combo.mask & drawn]
            cards = _cards_text(self.pool)
            if made:
                return [_("Draws {cards}, making {combinations}.").format(cards=cards, combinations=_name_list(made))]
            return [_("Draws {cards}.").format(cards=cards)]
        theirs, kept = _keys(self.opponent), _keys(keep)
        finals = [_keys(keep | mask_of(drawn)) for drawn in combinations(self.pool, len(self.discards))]
        targets = []
        for index, target in enumerate(_TARGETS):
            chance = sum(final[index] > theirs[index] for final in finals) / len(finals)
            if kept[index] <= theirs[index] and chance:
                targets.append(_(target).format(percent=_percent(chance)))
        return [_("Draws for {targets}: the chances of beating younger's hand as it stands.").format(targets=_join(targets))] if targets else []


def discard_sentences(hand: int, discards: tuple[Card, ...]) -> list[str]:
    """What a choice of discards throws, keeps and gives up of the hand's combinations, in words."""
    discarded = mask_of(discards)
    held = _combinations(hand)
    kept = [combo for combo in held if not combo.mask & discarded]
    given_up = [combo for combo in held if combo.mask & discarded]
    if discards:
        sentences = [
            ngettext("Discards {count} card: {cards}.", "Discards {count} cards: {cards}.", len(discards)).format(
                count=len(discards), cards=_cards_text(discards)
            )
        ]
    else:
        sentences = [_("Exchanges no card.")]
    if kept:
        sentences.append(_("Keeps: {combinations}.").format(combinations=_name_list(kept)))
    if given_up:
        sentences.append(_("Gives up: {combinations}.").format(combinations=_name_list(given_up)))
    return sentences


_TARGETS = (N_("the point ({percent}%)"), N_("the sequences ({percent}%)"), N_("the sets ({percent}%)"))


def advise_exchange(deal: Deal, top: int | None = None) -> list[Advice]:
    """Every legal exchange of the player to move, best first (the `top` best if given).

    Elder's choices of equal value keep the order of `deal.legal_actions()`; younger's are
    ranked as his reply is chosen (value, then elder's repique stopped, then his own made), then
    in that order. Raises PiquetError outside the exchange.
    """
    if deal.phase is not Phase.EXCHANGE:
        raise PiquetError(N_("The exchange is over."))
    advice = _advise_elder(deal) if deal.to_move is ELDER else _advise_younger(deal)
    return advice[:top] if top is not None else advice


# -- the declarations of many hands at once --------------------------------------------------------
# A hand's declarations as five numbers, each never worse for its holder when higher:
# the point's key (length * 128 + card values), the best sequence's key (length * 8 + top rank,
# 0 for none), the points of all sequences, the best set's key (count * 8 + rank, 0 for none), the
# points of all sets. Packed into one int64 code: 11, 7, 6, 6 and 6 bits.
_SHIFTS = (25, 18, 12, 6, 0)
_WIDTHS = (11, 7, 6, 6, 6)


def _suit_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per holding of one suit (a byte): point key, best sequence key, sequence points, and its
    A K Q J 10 spread into 3-bit counters (so that the four suits add up to counts per rank)."""
    point, sequence, sequence_points, spread = (np.zeros(256, np.int64) for _ in range(4))
    for byte in range(1, 256):
        point[byte] = _key_code(points_of(byte)[0], 7)
        runs = sequences_of(byte)
        sequence[byte] = _key_code(runs[0], 3) if runs else 0
        sequence_points[byte] = sum(run.points for run in runs)
        spread[byte] = sum((byte >> rank & 1) << 3 * (rank - TEN) for rank in SET_RANKS)
    return point, sequence, sequence_points, spread


def _key_code(combo: Combination, bits: int) -> int:
    return combo.length << bits | combo.top


def _set_tables() -> tuple[np.ndarray, np.ndarray]:
    """Per sum of four suit spreads (counts of A K Q J 10 in 3-bit fields): best set key, set points."""
    spread = np.arange(1 << 15)
    key, points = np.zeros(1 << 15, np.int64), np.zeros(1 << 15, np.int64)
    for rank in SET_RANKS:
        count = spread >> 3 * (rank - TEN) & 7
        for size, value in SET_POINTS.items():
            key = np.where(count == size, np.maximum(key, size << 3 | rank), key)
            points += np.where(count == size, value, 0)
    return key, points


_POINT, _SEQUENCE, _SEQUENCE_POINTS, _SPREAD = _suit_tables()
_SET, _SET_POINTS = _set_tables()


def _codes(hands: np.ndarray) -> np.ndarray:
    """The packed declarations of each hand (an array of masks)."""
    suits = [hands >> 8 * suit & 0xFF for suit in range(4)]
    spread = sum(_SPREAD[byte] for byte in suits)
    fields = (
        np.maximum.reduce([_POINT[byte] for byte in suits]),
        np.maximum.reduce([_SEQUENCE[byte] for byte in suits]),
        sum(_SEQUENCE_POINTS[byte] for byte in suits),
        _SET[spread],
        _SET_POINTS[spread],
    )
    code = np.zeros(hands.shape, np.int64)
    for field, shift in zip(fields, _SHIFTS):
        code |= field << shift
    return code


def _decode(codes: np.ndarray) -> np.ndarray:
    """The five numbers of packed codes, as a (5, ...) array."""
    return np.stack([codes >> shift & (1 << width) - 1 for shift, width in zip(_SHIFTS, _WIDTHS)])


def _net_keys(elder: np.ndarray, younger: np.ndarray, blanche: tuple[bool, bool]) -> np.ndarray:
    """Elder's declarations against younger's (decoded, broadcastable): 4 * (elder's points minus
    younger's) + 2 * (elder repiques) + (younger does not repique). Younger minimising this key
    minimises elder's net, then stops elder's repique, then makes his own."""
    elder_total, younger_total, elder_repique, younger_repique = declaration_scores(elder, younger, blanche)
    return 4 * (elder_total - younger_total) + 2 * elder_repique + (1 - younger_repique)


def declaration_scores(
    elder: np.ndarray, younger: np.ndarray, blanche: tuple[bool, bool]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """What each side scores from carte blanche, the declarations and the repique, for hands
    decoded by `_decode` (broadcastable): elder's total, younger's total, and whether elder and
    whether younger repiqued (0/1)."""
    e_point, e_sequence, e_sequence_points, e_set, e_set_points = elder
    y_point, y_sequence, y_sequence_points, y_set, y_set_points = younger
    scores = (  # each category: elder's points if he wins it, minus younger's if he does
        np.where(e_point > y_point, e_point >> 7, 0) - np.where(y_point > e_point, y_point >> 7, 0),
        np.where(e_sequence > y_sequence, e_sequence_points, 0) - np.where(y_sequence > e_sequence, y_sequence_points, 0),
        np.where(e_set > y_set, e_set_points, 0) - np.where(y_set > e_set, y_set_points, 0),
    )
    # Reckoning order (rules.md section 5): carte blanche, point, sequences, sets. A player repiques
    # when the points he scored while his opponent had none reach 30.
    elder_alone = elder_total = CARTE_BLANCHE_POINTS * blanche[ELDER]
    younger_alone = younger_total = CARTE_BLANCHE_POINTS * blanche[YOUNGER]
    younger_none, elder_none = not blanche[YOUNGER], not blanche[ELDER]
    for score in scores:
        elder_gain, younger_gain = np.maximum(score, 0), np.maximum(-score, 0)
        elder_alone = elder_alone + elder_gain * younger_none
        younger_alone = younger_alone + younger_gain * elder_none
        younger_none = younger_none & (younger_gain == 0)
        elder_none = elder_none & (elder_gain == 0)
        elder_total = elder_total + elder_gain
        younger_total = younger_total + younger_gain
    elder_repique = (elder_alone >= BONUS_THRESHOLD).astype(np.int64)
    younger_repique = (younger_alone >= BONUS_THRESHOLD).astype(np.int64)
    return (
        elder_total + REPIQUE_BONUS * elder_repique, younger_total + REPIQUE_BONUS * younger_repique,
        elder_repique, younger_repique,
    )


def _split(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Net points, elder's repique (0/1), younger's repique (0/1) of keys of `_net_keys`."""
    return keys >> 2, keys >> 1 & 1, 1 - (keys & 1)


def _subsets(cards: tuple[Card, ...]) -> tuple[np.ndarray, np.ndarray]:
    """The mask and the size of every subset of `cards`, indexed by the bits of the positions."""
    index = np.arange(1 << len(cards))
    masks = np.zeros(len(index), np.int64)
    for position, card in enumerate(cards):
        masks |= (index >> position & 1) << card
    sizes = np.zeros(len(index), np.int64)
    for position in range(len(cards)):
        sizes += index >> position & 1
    return masks, sizes


def _not_dominated(codes: np.ndarray) -> np.ndarray:
    """The distinct codes no other code beats or equals in all five numbers."""
    codes = np.unique(codes)
    rows = _decode(codes).T
    covered = (rows[None, :, :] >= rows[:, None, :]).all(axis=2)
    np.fill_diagonal(covered, False)
    return codes[~covered.any(axis=1)]


@cache
def _orders(size: int) -> np.ndarray:
    """Every order of `size` things, one per row."""
    return np.array(list(permutations(range(size))), np.int64).reshape(-1, size)


def _prefixes(left: int, smallest: int) -> np.ndarray:
    """For every order of the talon positions in the bit set `left`: the sets (as bit sets) of its
    first j positions, for j from `smallest` to all of them; one order per row."""
    positions = np.array([p for p in range(8) if left >> p & 1], np.int64)
    bits = 1 << positions[_orders(len(positions))]
    prefixes = np.concatenate([np.zeros((len(bits), 1), np.int64), np.cumsum(bits, axis=1)], axis=1)
    return prefixes[:, smallest:]


# -- elder ---------------------------------------------------------------------------------------
def _advise_elder(deal: Deal) -> list[Advice]:
    rules = deal.rules
    hand, younger = deal.hands
    cards = cards_of(hand)
    talon = tuple(sorted(deal.talon))
    blanche = (is_carte_blanche(deal.elder_dealt), is_carte_blanche(deal.younger_dealt))
    sizes = range(rules.elder_min_exchange, rules.elder_max_exchange + 1)
    smallest_reply = rules.younger_min_exchange
    talon_masks, talon_sizes = _subsets(talon)

    # Younger's replies: for each set of talon cards he may end up taking, his hands that matter.
    younger_discards, younger_sizes = _subsets(cards_of(younger))
    replies: dict[int, np.ndarray] = {}
    for drawn in range(1 << 8):
        count = int(talon_sizes[drawn])
        if smallest_reply <= count <= 8 - sizes[0]:
            replies[drawn] = _not_dominated(_codes(younger & ~younger_discards[younger_sizes == count] | talon_masks[drawn]))

    # Elder's hands: every choice of discards with every set of cards he may draw.
    choices, finals = [], []
    for size in sizes:
        discards = np.array(list(combinations(range(12), size)), np.int64).reshape(-1, size)
        keeps = hand & ~np.bitwise_or.reduce(1 << np.array(cards, np.int64)[discards], axis=1)
        draws = np.flatnonzero(talon_sizes == size)
        choices.append((size, discards, draws))
        finals.append(_codes(keeps[:, None] | talon_masks[draws][None, :]))
    elder_codes, elder_index = np.unique(np.concatenate([codes.ravel() for codes in finals]), return_inverse=True)

    # Every elder hand against every younger hand that matters, then younger's best reply for each
    # set of cards he may take.
    younger_codes = np.unique(np.concatenate(list(replies.values())))
    table = _net_keys(_decode(elder_codes)[:, :, None], _decode(younger_codes)[:, None, :], blanche)
    best_reply = np.zeros((len(elder_codes), 1 << 8), np.int64)
    for drawn, codes in replies.items():
        best_reply[:, drawn] = table[:, np.searchsorted(younger_codes, codes)].min(axis=1)

    advice, totals = [], []
    start = 0
    for (size, discards, draws), codes in zip(choices, finals):
        grid = elder_index[start : start + codes.size].reshape(codes.shape)
        start += codes.size
        sums = _sums_over_orders(grid, draws, best_reply, smallest_reply)
        # Each of the C(8, k) draws with each of the (8 - k)! orders of the rest is k! of the 8!
        # orders of the talon: sums times k! are totals over the 8! orders, exact integers.
        for row, chosen in enumerate(discards):
            net, repiques, repiqued = (int(total) * factorial(size) for total in sums[:, row])
            totals.append(net)
            advice.append(Advice(
                seat=ELDER, discards=tuple(cards[i] for i in chosen), expected=net / TALON_ORDERS,
                repique=repiques / TALON_ORDERS, repiqued=repiqued / TALON_ORDERS,
                hand=hand, opponent=younger, pool=talon, carte_blanche=blanche[ELDER],
            ))
    return [advice[i] for i in sorted(range(len(advice)), key=lambda i: -totals[i])]


def _sums_over_orders(grid: np.ndarray, draws: np.ndarray, best_reply: np.ndarray, smallest_reply: int) -> np.ndarray:
    """For each choice (row of `grid`, elder's hand index per draw), the sums over the draws and
    the orders of the cards left of: net points, elder's repiques, younger's repiques — younger
    taking, in each order, the best of the prefixes he may take."""
    pairs, pair_index = np.unique(grid * (1 << 8) + draws[None, :], return_inverse=True)
    hands, drawn = pairs >> 8, pairs & 0xFF
    totals = np.zeros((3, len(pairs)), np.int64)
    for draw in np.unique(drawn):
        chosen = np.flatnonzero(drawn == draw)
        prefixes = _prefixes(0xFF & ~int(draw), smallest_reply)
        replies = best_reply[hands[chosen][:, None, None], prefixes[None, :, :]].min(axis=2)
        for part, values in enumerate(_split(replies)):
            totals[part, chosen] = values.sum(axis=1)
    return totals[:, pair_index.reshape(grid.shape)].sum(axis=2)


# -- younger -------------------------------------------------------------------------------------
def _advise_younger(deal: Deal) -> list[Advice]:
    elder, hand = deal.hands
    left = deal.talon_left
    blanche = (is_carte_blanche(deal.elder_dealt), is_carte_blanche(deal.younger_dealt))
    choices = list(deal.legal_actions())
    finals = np.array([hand & ~mask_of(choice.discards) | mask_of(left[: len(choice.discards)]) for choice in choices], np.int64)
    keys = _net_keys(_decode(_codes(np.array([elder], np.int64))), _decode(_codes(finals)), blanche)
    nets, elder_repiques, younger_repiques = _split(keys)
    order = np.argsort(keys, kind="stable")  # younger's best first: the reply elder's advice assumes
    return [
        Advice(
            seat=YOUNGER, discards=choices[i].discards, expected=-float(nets[i]),
            repique=float(younger_repiques[i]), repiqued=float(elder_repiques[i]),
            hand=hand, opponent=elder, pool=left[: len(choices[i].discards)], carte_blanche=blanche[YOUNGER],
        )
        for i in order
    ]


# -- words ---------------------------------------------------------------------------------------
def _combinations(hand: int) -> list[Combination]:
    """What a hand would declare: its best point, its sequences, its sets."""
    return [*points_of(hand)[:1], *sequences_of(hand), *sets_of(hand)]


def _keys(hand: int) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """The keys of a hand's best point, sequence and set ((0, 0) for none)."""
    return tuple(found[0].key if found else (0, 0) for found in (points_of(hand), sequences_of(hand), sets_of(hand)))  # type: ignore[return-value]


def _name_list(combos: list[Combination]) -> str:
    return _join([combo.name() for combo in combos])


def _join(names: list[str]) -> str:
    """'a, b and c' in the current language."""
    if len(names) <= 1:
        return "".join(names)
    return _("{first} and {last}").format(first=_(", ").join(names[:-1]), last=names[-1])


def _percent(chance: float) -> str:
    """A chance as a percentage in the current language's digits: '37', '0,4' in French."""
    return format_decimal(100 * chance, "0" if chance >= 0.01 else "0.0")


def _cards_text(cards: Iterable[Card]) -> str:
    """'K♠ 8♣ 10♦': cards as a sentence shows them (the symbols read the same in every language)."""
    return " ".join(card.symbol for card in cards)
