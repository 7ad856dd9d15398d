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
Both hands are on the table and the talon is face down (rules.md section 8b): its cards are known
as a **set**, never in their order, and each player's advice assumes exactly what he can see.

- **Elder** chooses without knowing the order of the talon: taking k cards, he draws a uniformly
  random k of the eight.
- **Younger** then sees elder's new hand, and so knows which cards are left in the talon, but not
  their order: taking j of them she draws a uniformly random j of them. Her value of a choice of
  discards is its exact expectation over those draws; her **best** reply maximises that
  expectation (her points minus elder's) over every legal number of cards and every choice of
  discards, and among replies of equal expectation she prefers the one less likely to let elder
  repique, then the one more likely to make her own. This best reply is computed exactly, not
  approximated.
- Elder's value of a choice is the exact expectation over his draw and then younger's draw, with
  younger replying by her best choice as she sees it (elder's new hand and the cards left).
  `Advice.repique` and `Advice.repiqued` are the exact chances of a repique for the player to
  move and for his opponent.

How it is fast
--------------
A hand's declarations are five numbers (the keys of its point, best sequence and best set, and
the points of all its sequences and all its sets), computed for many hands at once with numpy
from tables over the 256 holdings of a suit (a higher number never hurts the player who holds it).
Where numpy cannot be imported (Pyodide here), `kernels_pure` does the same work in pure Python
with the same exact integers: `KERNELS` is the one switch.
Younger's choices are her kept cards, each with every draw she may make (`YoungerReplies`): for
elder's advice only those that no other choice of the same size matches or beats in all five
numbers in every draw from the talon are kept (a choice so beaten is never better for her,
whatever elder holds and whichever cards are left), a few dozen of the thousands. For each set of
cards elder may draw, his distinct hands meet younger's distinct hands in one table of values;
her expectations are sums over her draws, exact integers in units of one over (cards left)!.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from math import factorial

from piquet_widgets.analysis import kernels_pure as pure
from piquet_widgets.engine.cards import Card, cards_of, mask_of
from piquet_widgets.engine.combinations import Category, is_carte_blanche, points_of, sequences_of, sets_of
from piquet_widgets.engine.deal import BONUS_THRESHOLD, CARTE_BLANCHE_POINTS, CATEGORIES, ELDER, REPIQUE_BONUS, YOUNGER, Deal, Phase, Seat
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.i18n import N_

__all__ = ["Advice", "YoungerReplies", "advise_exchange", "younger_replies"]

try:
    import numpy as np
except ImportError:  # Pyodide without numpy
    np = None

#: The one switch between the two paths of the heavy work: "numpy" (arrays, the faster where it
#: imports) or "pure" (`kernels_pure`). Both give the same results; tests set it to run both.
KERNELS = "numpy" if np is not None else "pure"

TALON_ORDERS = factorial(8)


@dataclass(frozen=True)
class Advice:
    """One choice of discards for the player to move, with what the declarations will bring.

    `expected` is the player to move's points minus his opponent's from carte blanche, point,
    sequences, sets and repique (see the module's docstring for the model); `repique` and
    `repiqued` the chances that he repiques and that he is repiqued. `hand` is his hand before
    the exchange and `opponent` his opponent's hand as it stands; `pool` the cards his draw comes
    from, of which he gets a random `len(discards)`: for elder the eight talon cards, for younger
    the cards elder left.
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

    def draw_chances(self) -> tuple[tuple[Category, float], ...]:
        """The categories (point, sequences, sets) that the kept cards do not win against the
        opponent's hand as it stands and that the draw may win, each with its chance (every draw
        from the pool equally likely); `teach.exchange` words them."""
        if not self.discards:
            return ()
        keep = self.hand & ~mask_of(self.discards)
        theirs, kept = _keys(self.opponent), _keys(keep)
        finals = [_keys(keep | mask_of(drawn)) for drawn in combinations(self.pool, len(self.discards))]
        found = []
        for index, category in enumerate(CATEGORIES):
            chance = sum(final[index] > theirs[index] for final in finals) / len(finals)
            if kept[index] <= theirs[index] and chance:
                found.append((category, chance))
        return tuple(found)


def advise_exchange(deal: Deal, top: int | None = None) -> list[Advice]:
    """Every legal exchange of the player to move, best first (the `top` best if given).

    Elder's choices of equal value keep the order of `deal.legal_actions()`; younger's are
    ranked as her reply is chosen (expected value, then the chance of elder's repique, lowest
    first, then of her own, highest first), then in that order. Uses only what the player to move
    sees: the talon's cards, never their order. Raises PiquetError outside the exchange.
    """
    if deal.phase is not Phase.EXCHANGE:
        raise PiquetError(N_("The exchange is over."))
    advice = _advise_elder(deal) if deal.to_move is ELDER else _advise_younger(deal)
    return advice[:top] if top is not None else advice


# -- the declarations of many hands at once (the numpy path) -----------------------------------
# A hand's declarations as five numbers packed in one int64 code (see `kernels_pure.SHIFTS`).
_SHIFTS, _WIDTHS = pure.SHIFTS, pure.WIDTHS

if np is not None:  # the per-suit and set tables of `kernels_pure`, as arrays
    _POINT, _SEQUENCE, _SEQUENCE_POINTS, _SPREAD, _SET, _SET_POINTS = (
        np.array(table, np.int64) for table in (pure.POINT, pure.SEQUENCE, pure.SEQUENCE_POINTS, pure.SPREAD, pure.SET, pure.SET_POINTS_OF)
    )


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


def _undominated(codes: np.ndarray) -> np.ndarray:
    """The rows (indexes, ascending) of `codes` (a choice per row, a draw per column) that no other
    row matches or beats in all five numbers of every column; of equal rows, one.

    Skyline by elimination: a row that beats another has the larger sum of numbers, so the row of
    the largest sum left is never beaten by another left; keep it, drop what it matches or beats."""
    rows = _decode(codes).transpose(1, 0, 2).reshape(len(codes), -1)
    alive = np.argsort(-rows.sum(axis=1), kind="stable")
    kept = []
    while alive.size:
        top, alive = alive[0], alive[1:]
        kept.append(top)
        alive = alive[~(rows[alive] <= rows[top]).all(axis=1)]
    return np.sort(np.array(kept, np.int64))


# -- younger's replies -----------------------------------------------------------------------------
#: More than the sum of the weights of younger's draws (at most 8!), so that the three parts of
#: `_reply_keys` stay apart in a weighted sum of keys.
_BASE = factorial(8) + 1


def _reply_keys(elder: np.ndarray, younger: np.ndarray, blanche: tuple[bool, bool]) -> np.ndarray:
    """Elder's declarations against younger's (decoded, broadcastable) as one number, which
    younger wants smallest: elder's points minus hers first, then whether elder repiques, then
    whether she does not (see `_split`)."""
    elder_total, younger_total, elder_repique, younger_repique = declaration_scores(elder, younger, blanche)
    return ((elder_total - younger_total) * _BASE + elder_repique) * _BASE + 1 - younger_repique


def _split(sums: np.ndarray, whole: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Net points, elder's repiques and younger's repiques of sums of `_reply_keys` whose weights
    add up to `whole`."""
    return sums // _BASE**2, sums // _BASE % _BASE, whole - sums % _BASE


class YoungerReplies:
    """Younger's legal choices of discards, each with every draw she may make from a pool of talon
    cards: the declarations of her hands, computed once to meet any elder hand and any cards left.

    `pruned` keeps, of each number of cards, only the choices that no other matches or beats in
    all five numbers in every draw from the pool: enough for her best reply (a choice so beaten
    is never better for her, whatever elder holds and whichever cards are left), not for a ranking.
    """

    def __init__(self, younger: int, pool: Iterable[Card], smallest: int, blanche: tuple[bool, bool], *, pruned: bool = False) -> None:
        self.blanche = blanche
        pool = tuple(pool)
        discard_masks, discard_sizes = _subsets(cards_of(younger))
        draw_masks, draw_sizes = _subsets(pool)
        self.sizes: list[tuple[int, np.ndarray, np.ndarray, np.ndarray]] = []
        for size in range(smallest, len(pool) + 1):
            discards, draws = discard_masks[discard_sizes == size], draw_masks[draw_sizes == size]
            codes = _codes((younger & ~discards)[:, None] | draws[None, :])
            if pruned:
                kept = _undominated(codes)
                discards, codes = discards[kept], codes[kept]
            self.sizes.append((size, discards, draws, codes))

    def sums(self, elder: np.ndarray, left: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Her choices that the cards `left` (a mask) allow, as discard masks and sizes, and for
        each elder hand (`elder`: codes) and each choice, the sum of `_reply_keys` over her draws
        from `left`, each weighted so that the sum is n! times the expectation (n cards left).
        Its largest arrays hold elder hands x choices x draws: under a million and a half numbers
        even unpruned (220 elder hands with five cards left, 6,187 choices and draws)."""
        count = left.bit_count()
        parts = [(size, discards, codes[:, (draws & ~left) == 0]) for size, discards, draws, codes in self.sizes if size <= count]
        distinct, index = np.unique(np.concatenate([part[2].ravel() for part in parts]), return_inverse=True)
        table = _reply_keys(_decode(elder)[:, :, None], _decode(distinct)[:, None, :], self.blanche)
        sums, start = [], 0
        for size, _discards, codes in parts:
            chosen = index[start : start + codes.size].reshape(codes.shape)
            start += codes.size
            sums.append(table[:, chosen].sum(axis=2) * (factorial(size) * factorial(count - size)))
        masks = np.concatenate([part[1] for part in parts])
        sizes = np.concatenate([np.full(len(discards), size) for size, discards, _ in parts])
        return masks, sizes, np.concatenate(sums, axis=1)

    def expectations(self, elder: int, left: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Against one elder hand: her choices (discard masks) that `left` allows, with elder's
        expected net declarations, elder's chance of a repique and hers, over her draws."""
        masks, _, sums = self.sums(_codes(np.array([elder], np.int64)), left)
        whole = factorial(left.bit_count())
        nets, elder_repiques, younger_repiques = _split(sums[0], whole)
        return masks, nets / whole, elder_repiques / whole, younger_repiques / whole


def younger_replies(younger: int, pool: Iterable[Card], smallest: int, blanche: tuple[bool, bool], *, pruned: bool = False):
    """`YoungerReplies` of the path `KERNELS` chooses (numpy's or `kernels_pure`'s)."""
    kind = YoungerReplies if KERNELS == "numpy" else pure.YoungerReplies
    return kind(younger, pool, smallest, blanche, pruned=pruned)


def _blanche(deal: Deal) -> tuple[bool, bool]:
    """Whether elder and whether younger were dealt carte blanche."""
    return is_carte_blanche(deal.elder_dealt), is_carte_blanche(deal.younger_dealt)


# -- elder ---------------------------------------------------------------------------------------
def _advise_elder(deal: Deal) -> list[Advice]:
    rules = deal.rules
    hand, younger = deal.hands
    cards = cards_of(hand)
    talon = tuple(sorted(deal.talon))
    blanche = _blanche(deal)
    replies = younger_replies(younger, talon, rules.younger_min_exchange, blanche, pruned=True)
    advice, totals = [], []
    for size in range(rules.elder_min_exchange, rules.elder_max_exchange + 1):
        discards = list(combinations(range(12), size))
        sums = _elder_sums(hand, talon, size, replies) if KERNELS == "numpy" else pure.elder_sums(hand, talon, size, replies)
        # Each draw's sums are (8 - k)! times younger's expectation; the C(8, k) draws are equally
        # likely, and C(8, k) * (8 - k)! * k! = 8!: sums times k! are 8! times the expectation.
        for chosen, row in zip(discards, sums):
            net, repiques, repiqued = (int(total) * factorial(size) for total in row)
            totals.append(net)
            advice.append(Advice(
                seat=ELDER, discards=tuple(cards[i] for i in chosen), expected=net / TALON_ORDERS,
                repique=repiques / TALON_ORDERS, repiqued=repiqued / TALON_ORDERS,
                hand=hand, opponent=younger, pool=talon, carte_blanche=blanche[ELDER],
            ))
    return [advice[i] for i in sorted(range(len(advice)), key=lambda i: -totals[i])]


def _elder_sums(hand: int, talon: tuple[Card, ...], size: int, replies: YoungerReplies) -> list[list[int]]:
    """`kernels_pure.elder_sums` with numpy: each draw of elder, his distinct hands, younger's best reply."""
    cards = cards_of(hand)
    discards = np.array(list(combinations(range(len(cards)), size)), np.int64).reshape(-1, size)
    keeps = hand & ~np.bitwise_or.reduce(1 << np.array(cards, np.int64)[discards], axis=1)
    whole = factorial(len(talon) - size)
    talon_masks, talon_sizes = _subsets(talon)
    sums = np.zeros((3, len(keeps)), np.int64)
    for drawn in talon_masks[talon_sizes == size]:
        codes, index = np.unique(_codes(keeps | drawn), return_inverse=True)
        _, _, keys = replies.sums(codes, mask_of(talon) & ~int(drawn))
        sums += np.stack(_split(keys.min(axis=1), whole))[:, index]
    return sums.T.tolist()


# -- younger -------------------------------------------------------------------------------------
def _advise_younger(deal: Deal) -> list[Advice]:
    elder, hand = deal.hands
    left = tuple(sorted(deal.talon_left))  # the cards only: younger does not know their order
    blanche = _blanche(deal)
    replies = younger_replies(hand, left, deal.rules.younger_min_exchange, blanche)
    if KERNELS == "numpy":
        masks, _, sums = replies.sums(_codes(np.array([elder], np.int64)), mask_of(left))
        masks, row = masks.tolist(), sums[0].tolist()
    else:
        masks, row = replies.sums(pure.code(elder), mask_of(left))
    position = {mask: index for index, mask in enumerate(masks)}
    choices = [choice.discards for choice in deal.legal_actions()]
    keys = [row[position[mask_of(discards)]] for discards in choices]
    whole = factorial(len(left))
    split = [pure.split_key(key, whole) for key in keys]
    order = sorted(range(len(keys)), key=keys.__getitem__)  # younger's best first: the reply elder's advice assumes
    return [
        Advice(
            seat=YOUNGER, discards=choices[i], expected=-split[i][0] / whole,
            repique=split[i][2] / whole, repiqued=split[i][1] / whole,
            hand=hand, opponent=elder, pool=left, carte_blanche=blanche[YOUNGER],
        )
        for i in order
    ]


# -- what a hand declares -------------------------------------------------------------------------
def _keys(hand: int) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """The keys of a hand's best point, sequence and set ((0, 0) for none)."""
    return tuple(found[0].key if found else (0, 0) for found in (points_of(hand), sequences_of(hand), sets_of(hand)))  # type: ignore[return-value]
