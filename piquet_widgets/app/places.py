"""Places at the table: the server's count of the pages that hold a kernel, or are about to.

A page request takes a place when it is accepted, before Voilà starts a kernel for it or hands
it one of the pool's (`Places.reserve`): so requests arriving together are counted at once, not
once their kernels exist, and no more of them get a kernel than the cap allows. The place is
then held by the kernel the request got (`Places.hold`) until that kernel is shut down
(`Places.free`), or given back at the request's end if it got none (`Places.settle`).

Two limits, each 0 for none: `limit` places in all (`--max-visitors`), and `share` places for
one client (`--max-per-client`), a client being the address a request comes from, or the one a
trusted proxy names (`client_address`). When a limit is reached, a place whose page has left
(its kernel is about to be shut down) is taken rather than the request refused: a reload, or a
page opened after another was closed, is served at once, and pages that connect and close
cannot keep the others out.
"""

from __future__ import annotations

import ipaddress
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class Refused(Exception):
    """No place for this request: the table is full, or its client holds its share (`share`)."""

    def __init__(self, share: int = 0) -> None:
        super().__init__("share" if share else "full")
        self.share = share


@dataclass(eq=False)
class Reservation:
    """One accepted request's place: pending until it holds a kernel (`kernel_id`)."""

    client: str
    kernel_id: str | None = None
    settled: bool = False
    replaces: str | None = None  # the kernel whose place it took, for the caller to shut down


class Places:
    """Places taken in all and by each client: pending reservations and kernels held."""

    def __init__(self, limit: int = 0, share: int = 0) -> None:
        self.limit = limit
        self.share = share
        self._pending: Counter[str] = Counter()
        self._held: dict[str, str] = {}  # kernel id -> client

    def taken(self, client: str | None = None) -> int:
        """Places taken, in all or by `client`."""
        if client is None:
            return sum(self._pending.values()) + len(self._held)
        return self._pending[client] + sum(1 for holder in self._held.values() if holder == client)

    def reserve(self, client: str, left: Sequence[str] = ()) -> Reservation:
        """A place for a request of `client`. If the table is full or the client holds its
        share, the place of a kernel whose page has left (`left`, longest gone first) is taken
        instead, the client's own if it holds its share; else `Refused`."""
        over_share = bool(self.share) and self.taken(client) >= self.share
        full = bool(self.limit) and self.taken() >= self.limit
        reservation = Reservation(client)
        if over_share or full:
            gone = [kernel for kernel in left if kernel in self._held and (not over_share or self._held[kernel] == client)]
            if not gone:
                raise Refused(self.share if over_share else 0)
            reservation.replaces = gone[0]
            del self._held[gone[0]]
        self._pending[client] += 1
        return reservation

    def hold(self, reservation: Reservation, kernel_id: str) -> None:
        """The request got its kernel: the place is the kernel's until it is freed. A reservation
        holds one kernel only (a kernel started later in the same request is not its page's)."""
        if reservation.kernel_id is not None or reservation.settled:
            return
        reservation.kernel_id = kernel_id
        self._unpend(reservation.client)
        self._held[kernel_id] = reservation.client

    def settle(self, reservation: Reservation) -> None:
        """The request has ended: a place it took without getting a kernel is given back."""
        if not reservation.settled and reservation.kernel_id is None:
            self._unpend(reservation.client)
        reservation.settled = True

    def free(self, kernel_id: str) -> None:
        """The kernel is gone: its place, if it held one, is free."""
        self._held.pop(kernel_id, None)

    def _unpend(self, client: str) -> None:
        self._pending[client] -= 1
        if self._pending[client] <= 0:
            del self._pending[client]


def networks(texts: Iterable[str]) -> list[Network]:
    """Addresses or networks (`10.0.0.5`, `10.0.0.0/24`, `::1`) as networks; ValueError for other text."""
    return [ipaddress.ip_network(text.strip().strip("[]"), strict=False) for text in texts]


def client_address(peer: str, forwarded_for: Sequence[str], trusted: Sequence[Network]) -> str:
    """The client a request counts for: its peer's address, or, when the peer is a trusted
    proxy, the last address of `X-Forwarded-For` (the headers' values, in order) that is not a
    trusted proxy's, the one the proxies nearest to the server vouch for. Addresses before it
    were written by the client and are not believed; a malformed one ends the walk at the proxy."""
    current = peer
    hops = [hop.strip() for header in forwarded_for for hop in header.split(",")]
    while _within(current, trusted) and hops:
        hop = hops.pop()
        if _address(hop) is None:
            break
        current = hop
    address = _address(current)
    return str(address) if address is not None else current


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip("[]"))
    except ValueError:
        return None


def _within(text: str, trusted: Sequence[Network]) -> bool:
    address = _address(text)
    return address is not None and any(address in network for network in trusted)
