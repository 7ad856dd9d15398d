"""Dealing ahead: the next drill of an evaluated kind (a second or more to deal) is dealt in a
thread of its own while the learner thinks about the drill shown and reads its verdict, so that
"Another" shows it at once."""

from __future__ import annotations

import random
from concurrent.futures import Future, ThreadPoolExecutor, TimeoutError
from typing import Any

from piquet_widgets.analysis import runner
from piquet_widgets.analysis.solver import SearchInterrupted
from piquet_widgets.teach.drills.base import Drill
from piquet_widgets.teach.drills.kind import DrillKind
from piquet_widgets.teach.drills.registry import make

POLL = 0.05  # seconds between two looks at the stop check while waiting for the drill


class DealtAhead:
    """The next drills of `kind`, at most one per level, dealt from seeds drawn from `rng`:
    `prepare(level)` starts dealing one, `deal(level)` gives it (dealt now if none was prepared).
    A drill prepared and not yet asked for waits for its level: none is thrown away."""

    def __init__(self, kind: DrillKind, rng: random.Random) -> None:
        self.kind = kind
        self.rng = rng
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="piquet-drill-ahead")
        self._next: dict[int, Future[Drill]] = {}  # by level: the drill dealt or being dealt
        self._seeds: dict[int, int] = {}  # by level: the seed of a drill dealt when asked for (no thread)

    def prepare(self, level: int) -> None:
        """Start dealing a drill at `level` (nothing new if one is dealt or being dealt), after those asked before."""
        if level in self._next or not runner.THREADS:  # Pyodide: no thread to deal ahead in
            return
        try:
            self._next[level] = self._pool.submit(make, self.kind, self.rng.randrange(2**32), level)
        except RuntimeError:  # no thread can start here: each drill is dealt when asked for
            return

    def ready(self, level: int) -> bool:
        """A drill at `level` is dealt and waiting."""
        return level in self._next and self._next[level].done()

    def deal(self, level: int, solver: Any = None) -> Drill:
        """The drill at `level`, waiting for it if it is still being dealt; the wait ends with
        `SearchInterrupted` when `solver.should_stop` says so (an analysis runner's budget or
        Stop), and resumes where it was at the next call."""
        self.prepare(level)
        if level not in self._next:  # without threads: dealt now, in the runner's slices
            seed = self._seeds.setdefault(level, self.rng.randrange(2**32))  # the same drill after an interrupted slice
            drill = make(self.kind, seed, level, solver=solver)
            del self._seeds[level]
            return drill
        future = self._next[level]
        while True:
            try:
                drill = future.result(timeout=POLL)
            except TimeoutError:
                if solver is not None and solver.should_stop is not None and solver.should_stop():
                    raise SearchInterrupted() from None
                continue
            del self._next[level]
            return drill
