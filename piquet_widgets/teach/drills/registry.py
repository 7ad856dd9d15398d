"""Every kind of drill by name (`KINDS`), and `make`, which deals one."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from piquet_widgets.teach.drills import cards, closed, counting, discards, partie, play, point, reckoning, sequences, table
from piquet_widgets.teach.drills.base import LEVELS, Drill
from piquet_widgets.teach.drills.kind import DrillKind

KINDS: dict[str, DrillKind] = {
    kind.name: kind
    for family in (cards, point, sequences, reckoning, play, counting, partie, discards, table, closed)
    for kind in family.KINDS
}


def kind_of(kind: str | DrillKind) -> DrillKind:
    """The kind named `kind` (a kind is its own); ValueError for a name no kind has."""
    if not isinstance(kind, str):
        return kind
    if kind not in KINDS:
        raise ValueError(f"no drill of kind {kind!r}")
    return KINDS[kind]


def make(kind: str | DrillKind, seed: int, level: int = 1, solver: Any = None, progress: Callable[[int, int], None] | None = None) -> Drill:
    """The drill of `kind` dealt from `seed` at `level` (1 easy … LEVELS hard, at most the kind's
    `levels`); an evaluated kind is valued with `solver` (an `analysis.solver.Solver`, stopped
    when its `should_stop` says so) telling `progress(done, total)`, as a widget's analysis runner
    deals it."""
    found = kind_of(kind)
    if not 1 <= level <= LEVELS:
        raise ValueError(f"the level is 1 to {LEVELS}, not {level}")
    rng, level = random.Random(seed), min(level, found.levels)
    if found.evaluated:
        return found.deal(rng, level, solver=solver, progress=progress)  # type: ignore[call-arg]
    return found.deal(rng, level)
