"""The advisor's and the evaluator's two paths, numpy's and the pure-Python one
(`analysis/kernels_pure.py`, used where numpy is missing), on the same deals: the same results.

Compared exactly: both paths add the same integers and divide them once, so every expectation
is the same float, and every ranking and tie-break the same. The evaluator's solver values are
its own (one path), so its results must be equal too."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piquet_widgets.analysis import advisor
from piquet_widgets.analysis import kernels_pure as pure
from piquet_widgets.analysis.advisor import advise_exchange
from piquet_widgets.analysis.evaluator import evaluate_exchange
from piquet_widgets.engine import Deal, Exchange
from piquet_widgets.engine.cards import mask_of

hands = st.lists(st.integers(0, 31), min_size=12, max_size=12, unique=True).map(mask_of)
blanches = st.tuples(st.booleans(), st.booleans())


def both(monkeypatch: pytest.MonkeyPatch, compute):
    """What `compute()` gives on the numpy path, then on the pure path."""
    found = []
    for kernels in ("numpy", "pure"):
        monkeypatch.setattr(advisor, "KERNELS", kernels)
        found.append(compute())
    return found


@settings(max_examples=300, deadline=None)
@given(hands, hands, blanches)
def test_codes_and_scores_of_a_pair_of_hands(elder: int, younger: int, blanche: tuple[bool, bool]) -> None:
    arrays = advisor._codes(np.array([elder, younger], np.int64))
    assert [pure.code(elder), pure.code(younger)] == arrays.tolist()
    mine, theirs = advisor._decode(arrays[:1]), advisor._decode(arrays[1:])
    assert pure.declaration_scores(pure.decode(pure.code(elder)), pure.decode(pure.code(younger)), blanche) == tuple(
        int(column[0]) for column in advisor.declaration_scores(mine, theirs, blanche)
    )


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.sampled_from([0, 1, 2]), min_size=4, max_size=4), min_size=1, max_size=12), hands)
def test_undominated_keeps_the_same_rows(shapes: list[list[int]], hand: int) -> None:
    """Rows built from few different hands, so that rows match, beat and equal one another."""
    choices = [hand, hand & ~0xFF, hand & ~0xFF00FF]
    rows = [[pure.code(choices[pick]) for pick in shape] for shape in shapes]
    assert pure.undominated(rows) == advisor._undominated(np.array(rows, np.int64)).tolist()


def random_deals(count: int, seed: int) -> list[Deal]:
    rng = random.Random(seed)
    return [Deal.from_seed(rng.randrange(10**9)) for _ in range(count)]


@pytest.mark.parametrize("deal", random_deals(4, 30), ids=lambda deal: f"deal{deal.hands[0] % 997}")
def test_the_advice_is_the_same_on_both_paths(monkeypatch: pytest.MonkeyPatch, deal: Deal) -> None:
    elder, pure_elder = both(monkeypatch, lambda: advise_exchange(deal))
    assert elder == pure_elder and len(elder) == 1585
    rng = random.Random(deal.hands[0])
    after = deal.apply(Exchange(rng.choice(elder).discards))  # any choice, not only the best
    younger, pure_younger = both(monkeypatch, lambda: advise_exchange(after))
    assert younger == pure_younger and younger


@pytest.mark.parametrize("deal", random_deals(2, 31), ids=lambda deal: f"deal{deal.hands[0] % 997}")
def test_the_evaluation_is_the_same_on_both_paths(monkeypatch: pytest.MonkeyPatch, deal: Deal) -> None:
    elder, pure_elder = both(monkeypatch, lambda: evaluate_exchange(deal))
    assert elder == pure_elder
    after = deal.apply(Exchange(elder[-1].discards))
    younger, pure_younger = both(monkeypatch, lambda: evaluate_exchange(after))
    assert younger == pure_younger
