"""Places at the table (`piquet_widgets.app.places`): a request takes a place when accepted, a
kernel holds it, the place comes back when the kernel is gone or the request got none; and the
client a request counts for, by its address or the one a trusted proxy names. (The running
server: tests/load/test_places_served.py.)"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piquet_widgets.app.places import Places, Refused, client_address, networks


def test_requests_arriving_together_get_no_more_places_than_the_limit() -> None:
    places = Places(limit=4)
    accepted = []
    refused = 0
    for _ in range(12):  # twelve requests accepted before any kernel exists
        try:
            accepted.append(places.reserve("10.0.0.1"))
        except Refused as refusal:
            assert refusal.share == 0
            refused += 1
    assert len(accepted) == 4 and refused == 8 and places.taken() == 4


def test_a_place_is_held_by_its_kernel_until_the_kernel_is_gone() -> None:
    places = Places(limit=1)
    reservation = places.reserve("a")
    places.hold(reservation, "k1")
    places.settle(reservation)  # the page is answered; its kernel keeps the place
    assert places.taken() == 1
    with pytest.raises(Refused):
        places.reserve("b")
    places.free("k1")
    assert places.taken() == 0
    places.reserve("b")


def test_a_request_that_got_no_kernel_gives_its_place_back() -> None:
    places = Places(limit=1)
    reservation = places.reserve("a")
    places.settle(reservation)  # Voilà failed before a kernel existed
    places.settle(reservation)  # said twice, given back once
    assert places.taken() == 0
    places.reserve("b")
    assert places.taken() == 1


def test_a_request_holds_one_kernel_only() -> None:
    """A kernel started later within the same request (the pool's refill) is not the page's."""
    places = Places()
    reservation = places.reserve("a")
    places.hold(reservation, "page")
    places.hold(reservation, "refill")
    assert reservation.kernel_id == "page" and places.taken() == 1
    places.free("refill")  # not a place's
    assert places.taken() == 1
    places.free("page")
    assert places.taken() == 0


def test_one_client_holds_no_more_than_its_share() -> None:
    places = Places(limit=10, share=3)
    mine = [places.reserve("10.0.0.1") for _ in range(3)]
    with pytest.raises(Refused) as refusal:
        places.reserve("10.0.0.1")
    assert refusal.value.share == 3
    places.reserve("10.0.0.2")  # another client is still served
    places.hold(mine[0], "k")
    places.settle(mine[0])
    with pytest.raises(Refused):
        places.reserve("10.0.0.1")  # a held place counts as a pending one did
    places.free("k")
    places.reserve("10.0.0.1")


def test_a_refusal_says_what_the_client_can_do_about_it() -> None:
    """A client holding its share is told so (closing one of its pages helps), even at a full
    table; another client is told the table is full."""
    places = Places(limit=2, share=2)
    places.reserve("a")
    places.reserve("a")
    with pytest.raises(Refused) as refusal:
        places.reserve("a")
    assert refusal.value.share == 2
    with pytest.raises(Refused) as refusal:
        places.reserve("b")
    assert refusal.value.share == 0


def test_no_limits_by_default() -> None:
    places = Places()
    for _ in range(50):
        places.reserve("a")
    assert places.taken("a") == 50


OPERATIONS = st.lists(st.tuples(st.sampled_from(["reserve", "hold", "settle", "free"]), st.integers(0, 3), st.integers(0, 30)), max_size=80)


@settings(max_examples=300, deadline=None)
@given(limit=st.integers(0, 6), share=st.integers(0, 4), operations=OPERATIONS)
def test_the_limits_hold_whatever_happens_in_whatever_order(limit: int, share: int, operations: list) -> None:
    """Whatever order requests arrive, get kernels, end and lose their kernels in, the places
    taken are the requests still waiting for a kernel and the kernels alive that requests got,
    and never more than the limits."""
    places = Places(limit, share)
    reservations = []
    alive: set[str] = set()
    kernels = 0
    for operation, client, pick in operations:
        if operation == "reserve":
            gone = sorted(alive)[: pick % 3]  # some of the kernels alive, whose pages have left
            try:
                reservation = places.reserve(f"c{client}", left=gone)
            except Refused as refusal:
                assert (limit and places.taken() >= limit) or (share and refusal.share == share and places.taken(f"c{client}") >= share)
            else:
                reservations.append(reservation)
                if reservation.replaces is not None:  # the caller shuts it down
                    assert reservation.replaces in gone
                    alive.discard(reservation.replaces)
                    places.free(reservation.replaces)
        elif reservations and operation == "hold":
            kernels += 1
            alive.add(f"k{kernels}")
            places.hold(reservations[pick % len(reservations)], f"k{kernels}")
        elif reservations and operation == "settle":
            places.settle(reservations[pick % len(reservations)])
        elif operation == "free":
            alive.discard(f"k{pick}")
            places.free(f"k{pick}")
        waiting = [r for r in reservations if r.kernel_id is None and not r.settled]
        holding = [r for r in reservations if r.kernel_id in alive]
        assert places.taken() == len(waiting) + len(holding)
        assert not limit or places.taken() <= limit
        for number in range(4):
            mine = sum(1 for r in waiting + holding if r.client == f"c{number}")
            assert places.taken(f"c{number}") == mine and (not share or mine <= share)


PROXY = networks(["127.0.0.1"])


@pytest.mark.parametrize(("peer", "forwarded", "trusted", "client"), [
    ("10.0.0.7", [], PROXY, "10.0.0.7"),  # no proxy in between
    ("10.0.0.7", ["192.0.2.1"], PROXY, "10.0.0.7"),  # an untrusted peer's header is not believed
    ("10.0.0.7", ["192.0.2.1"], [], "10.0.0.7"),  # nor any, by default
    ("127.0.0.1", ["192.0.2.1"], PROXY, "192.0.2.1"),  # the trusted proxy names the client
    ("127.0.0.1", ["198.51.100.9, 192.0.2.1"], PROXY, "192.0.2.1"),  # what the client wrote before is not believed
    ("127.0.0.1", ["198.51.100.9", "192.0.2.1"], PROXY, "192.0.2.1"),  # the header given twice
    ("127.0.0.1", ["192.0.2.1, 10.1.1.1"], networks(["127.0.0.1", "10.1.0.0/16"]), "192.0.2.1"),  # two proxies
    ("127.0.0.1", ["10.1.1.1"], networks(["127.0.0.1", "10.1.0.0/16"]), "10.1.1.1"),  # only proxies: the last
    ("127.0.0.1", ["not an address"], PROXY, "127.0.0.1"),  # malformed: the proxy itself
    ("127.0.0.1", [], PROXY, "127.0.0.1"),  # the proxy's own request
    ("::1", ["2001:db8::1"], networks(["::1"]), "2001:db8::1"),
    ("127.0.0.1", ["[2001:db8:0:0::1]"], PROXY, "2001:db8::1"),  # one way of writing an address
])
def test_the_client_is_the_peer_or_the_one_a_trusted_proxy_names(peer: str, forwarded: list[str], trusted: list, client: str) -> None:
    assert client_address(peer, forwarded, trusted) == client


def test_trusted_proxies_are_addresses_or_networks() -> None:
    assert [str(n) for n in networks(["127.0.0.1", "10.0.0.0/8", "[::1]"])] == ["127.0.0.1/32", "10.0.0.0/8", "::1/128"]
    for text in ("proxy.example.org", "10.0.0.0/33", ""):
        with pytest.raises(ValueError):
            networks([text])


def test_a_place_whose_page_left_is_taken_rather_than_a_request_refused() -> None:
    places = Places(limit=3, share=2)
    first, second = places.reserve("a"), places.reserve("a")
    places.hold(first, "a1")
    places.hold(second, "a2")
    # A reload: the client holds its share, and its first page has left.
    reload = places.reserve("a", left=["b9", "a1"])
    assert reload.replaces == "a1" and places.taken("a") == 2 and places.taken() == 2
    places.free("a1")  # shut down at last: nothing more to free
    assert places.taken() == 2
    # The client's share is held by pages that have not left: refused, whoever else left.
    other = places.reserve("b")
    places.hold(other, "b1")
    with pytest.raises(Refused) as refusal:
        places.reserve("a", left=["b1"])
    assert refusal.value.share == 2
    # The table is full: the page that left longest ago gives its place to anyone.
    newcomer = places.reserve("c", left=["b1", "a2"])
    assert newcomer.replaces == "b1" and places.taken() == 3 and places.taken("b") == 0
    with pytest.raises(Refused) as refusal:
        places.reserve("d", left=["b1"])  # already given
    assert refusal.value.share == 0
