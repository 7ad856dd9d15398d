"""Deal codes: a short text for the cards of a deal that a teacher can paste or put in a link.

The deal (elder's 12, younger's 12, the talon in order) is one of
C(32,12)·C(20,12)·8! < 2^60 possibilities; its rank is written in 12 Crockford base-32 symbols
plus one check symbol, grouped by four: `7Q2M-0KX4-HB9D-R`. A wrong or swapped symbol is caught by the check.
"""

from __future__ import annotations

from math import comb

from piquet_widgets.engine.deal import ELDER, YOUNGER, Deal
from piquet_widgets.engine.errors import PiquetError, excerpt
from piquet_widgets.engine.rules import DEFAULT_RULES, Rules
from piquet_widgets.i18n import N_

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_READ = {symbol: value for value, symbol in enumerate(ALPHABET)} | {"O": 0, "I": 1, "L": 1}
_SYMBOLS = 12
_CHECK_MODULUS = 31
_SIZES = (comb(32, 12), comb(20, 12), 40320)


def _subset_rank(members: list[int], pool: list[int]) -> int:
    """The colexicographic rank of `members` among subsets of `pool` of the same size."""
    positions = sorted(pool.index(member) for member in members)
    return sum(comb(position, k + 1) for k, position in enumerate(positions))


def _subset_unrank(rank: int, size: int, pool: list[int]) -> list[int]:
    chosen = []
    for k in range(size, 0, -1):
        position = k - 1
        while comb(position + 1, k) <= rank:
            position += 1
        rank -= comb(position, k)
        chosen.append(pool[position])
    return chosen


def _permutation_rank(order: list[int]) -> int:
    """The Lehmer rank of an ordering of distinct numbers."""
    rank, items = 0, sorted(order)
    for card in order:
        index = items.index(card)
        rank = rank * len(items) + index
        items.pop(index)
    return rank


def _permutation_unrank(rank: int, items: list[int]) -> list[int]:
    items = sorted(items)
    digits = []
    for base in range(1, len(items) + 1):
        digits.append(rank % base)
        rank //= base
    return [items.pop(digit) for digit in reversed(digits)]


def _check(symbols: str) -> int:
    """A weighted sum modulo a prime: catches a wrong symbol and two symbols swapped."""
    return sum((position + 1) * _READ[symbol] for position, symbol in enumerate(symbols)) % _CHECK_MODULUS


def deal_code(deal: Deal) -> str:
    """The code of the cards of a deal (the exchange and play are not in it).

    >>> deal_code(Deal.new(range(12), range(12, 24), range(24, 32)))  # the first deal of all: rank 0
    '0000-0000-0000-0'
    >>> deal_code(Deal.from_seed(7))
    'AEBN-6BVG-7GVQ-0'
    """
    pack = list(range(32))
    elder = [int(card) for card in deal.dealt(ELDER)]
    rest = [card for card in pack if card not in elder]
    younger = [int(card) for card in deal.dealt(YOUNGER)]
    number = _subset_rank(elder, pack)
    number = number * _SIZES[1] + _subset_rank(younger, rest)
    number = number * _SIZES[2] + _permutation_rank([int(card) for card in deal.talon])
    symbols = "".join(ALPHABET[number >> (5 * i) & 31] for i in reversed(range(_SYMBOLS)))
    symbols += ALPHABET[_check(symbols)]
    return "-".join(symbols[i : i + 4] for i in range(0, len(symbols), 4))


def deal_from_code(code: str, rules: Rules = DEFAULT_RULES) -> Deal:
    """The deal a code stands for; a mistyped code is refused.

    >>> deal_from_code("aebn 6bvg 7gvq 0") == Deal.from_seed(7)
    True
    >>> deal_from_code("AEBN-6BVG-7GQV-0")
    Traceback (most recent call last):
    ...
    piquet_widgets.engine.errors.PiquetError: deal code: 'AEBN-6BVG-7GQV-0' has a typing mistake (its check symbol does not match)
    """
    if not isinstance(code, str):
        raise PiquetError(N_("deal code: expected text"))
    text = code.strip().upper().replace("-", "").replace(" ", "")
    if len(text) != _SYMBOLS + 1 or any(symbol not in _READ for symbol in text):
        raise PiquetError(N_("deal code: {code} is not a deal code (13 letters and digits)"), code=excerpt(code))
    number = 0
    for symbol in text[:_SYMBOLS]:
        number = number << 5 | _READ[symbol]
    if _READ[text[-1]] != _check(text[:_SYMBOLS]) or number >= _SIZES[0] * _SIZES[1] * _SIZES[2]:
        raise PiquetError(N_("deal code: {code} has a typing mistake (its check symbol does not match)"), code=excerpt(code))
    number, talon_rank = divmod(number, _SIZES[2])
    elder_rank, younger_rank = divmod(number, _SIZES[1])
    pack = list(range(32))
    elder = _subset_unrank(elder_rank, 12, pack)
    rest = [card for card in pack if card not in elder]
    younger = _subset_unrank(younger_rank, 12, rest)
    talon = _permutation_unrank(talon_rank, [card for card in rest if card not in younger])
    return Deal.new(elder, younger, talon, rules)
