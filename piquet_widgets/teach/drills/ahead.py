"""Dealing ahead: the next drill of an evaluated kind (about a second or two to deal) is dealt in a
thread of its own while the learner reads the verdict on the last one, so that "Another" shows it
at once."""

from __future__ import annotations

import random
from concurrent.futures import Future, ThreadPoolExecutor, TimeoutError
from typing import Any

from piquet_widgets.analysis.solver import SearchInterrupted
from piquet_widgets.teach.drills.base import Drill
from piquet_widgets.teach.drills.kind import DrillKind
from piquet_widgets.teach.drills.registry import make

POLL = 0.05  # seconds between two looks at the stop check while waiting for the drill


class DealtAhead:
    """The next drill of `kind`, dealt from seeds drawn from `rng`: `prepare(level)` starts
    dealing it, `deal(level)` gives it (dealt now if none of that level was prepared)."""

    def __init__(self, kind: DrillKind, rng: random.Random) -> None:
        self.kind = kind
        self.rng = rng
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="piquet-drill-ahead")
        self._next: tuple[int, Future[Drill]] | None = None  # its level, and the drill being dealt

    def prepare(self, level: int) -> None:
        """Start dealing the next drill at `level` (nothing new if it is being dealt already)."""
        if self._next is not None and self._next[0] == level:
            return
        self._next = (level, self._pool.submit(make, self.kind, self.rng.randrange(2**32), level))

    def ready(self, level: int) -> bool:
        """The next drill at `level` is dealt and waiting."""
        return self._next is not None and self._next[0] == level and self._next[1].done()

    def deal(self, level: int, solver: Any = None) -> Drill:
        """The next drill at `level`, waiting for it if it is still being dealt; the wait ends with
        `SearchInterrupted` when `solver.should_stop` says so (an analysis runner's budget or
        Stop), and resumes where it was at the next call."""
        self.prepare(level)
        assert self._next is not None
        future = self._next[1]
        while True:
            try:
                drill = future.result(timeout=POLL)
            except TimeoutError:
                if solver is not None and solver.should_stop is not None and solver.should_stop():
                    raise SearchInterrupted() from None
                continue
            self._next = None
            return drill
