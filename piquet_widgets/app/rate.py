"""How fast a page may send messages to its kernel: a token bucket, and the patience after it.

A page of the app sends a message for each click, each changed value and a few when it opens:
bursts of a few dozen at most, and a few a second while a learner clicks on (ipywidgets holds
back a widget's changes while its previous one is unanswered). `MessageRate` lets that through
untouched; beyond it, messages are dropped, and a page that keeps sending past the limit, long
after a person would have stopped, is told to go (`Verdict.CLOSE`).
"""

from __future__ import annotations

from enum import Enum

# A page's allowance: BURST messages at once, MESSAGES_PER_SECOND sustained; a message's cost
# grows with its size (`cost`), so that a page cannot send large messages at the same rate: the
# largest a page sends, a partie record of up to 1 MiB uploaded, costs 17 tokens.
MESSAGES_PER_SECOND = 10.0
BURST = 60.0
COST_BYTES = 64 * 1024
# The messages dropped that are forgiven, at once and each second, before the page must go:
# a key held down on a button (some 30 clicks a second) lasts about 13 s, a flood a few ms.
DROPS_FORGIVEN = 200.0
DROPS_FORGIVEN_PER_SECOND = 5.0


class TokenBucket:
    """`burst` tokens, refilled at `rate` tokens a second up to `burst`; `take` spends them."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.time = now

    def take(self, cost: float, now: float) -> bool:
        """Spend `cost` tokens at time `now` (seconds, monotonic) if there are as many."""
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.time) * self.rate)
        self.time = max(self.time, now)
        if self.tokens < cost:
            return False
        self.tokens -= cost
        return True


class Verdict(Enum):
    PASS = "pass"
    DROP = "drop"
    CLOSE = "close"


class MessageRate:
    """One page's rate: messages pass while its bucket has tokens; dropped ones spend its
    patience, and once that is spent every message answers `CLOSE`."""

    def __init__(self, now: float) -> None:
        self.messages = TokenBucket(MESSAGES_PER_SECOND, BURST, now)
        self.patience = TokenBucket(DROPS_FORGIVEN_PER_SECOND, DROPS_FORGIVEN, now)
        self.dropped = 0
        self.exhausted = False

    def admit(self, size: int, now: float) -> Verdict:
        """Whether a message of `size` bytes arriving at `now` passes, is dropped, or ends the page."""
        if self.exhausted:
            return Verdict.CLOSE
        if self.messages.take(cost(size), now):
            return Verdict.PASS
        self.dropped += 1
        if self.patience.take(1.0, now):
            return Verdict.DROP
        self.exhausted = True
        return Verdict.CLOSE


def cost(size: int) -> float:
    """The tokens a message of `size` bytes costs: one, and one more for each COST_BYTES."""
    return 1.0 + size // COST_BYTES
