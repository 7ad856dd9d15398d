"""Places at the table on the running server (issue 25, "The cap holds under a burst").

- A burst: twelve page requests arriving together against `--max-visitors 4` start at most four
  kernels for visitors (counted as the server's child processes), and the others get the
  "table is full" page (503).
- A client's share: with `--max-per-client 2`, a third page from one address is refused with a
  short page saying so (429), in its link's language, while another address is still served.
  The server trusts one reverse proxy, 127.0.0.2 (a second loopback address the test's requests
  come from; the server still listens on 127.0.0.1): the client it names in `X-Forwarded-For`
  is the one counted, while the same header from any other peer is not believed.
- A page that connects and closes gives its place back once its page has been gone
  `unclaimed_timeout` seconds (here 3 s; `serve` 50 s, so within 60 s with the culler's 10 s
  round: tests/test_server.py), or at once to a request that finds the table full; a page that
  reconnects keeps its kernel, and an open page keeps it however long it is idle.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import html
import http.client
import re
import time

import pytest

from load import servers
from load.test_culling import kernel_status, wait_for
from load.voila_protocol import Visitor
from piquet_widgets.i18n import ngettext, set_language

pytestmark = pytest.mark.slow

_KERNEL_ID = re.compile(r'"kernelId"\s*:\s*"([0-9a-f-]{36})"')
PROXY = "127.0.0.2"


def get(server: servers.Server, path: str = "/", forwarded_for: str | None = None, source: str = "127.0.0.1") -> tuple[int, str]:
    """Status and body of a GET on the server from the loopback address `source`."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120, source_address=(source, 0))
    try:
        connection.request("GET", path, headers={"X-Forwarded-For": forwarded_for} if forwarded_for else {})
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        connection.close()


def kernel_of(body: str) -> str | None:
    found = _KERNEL_ID.search(body)
    return found.group(1) if found else None


def test_a_burst_gets_no_more_kernels_than_the_cap(start_server) -> None:
    server = start_server(lambda port: servers.serve_command(port, "--max-visitors", "4", "--max-per-client", "12"))
    before = server.kernels()
    with concurrent.futures.ThreadPoolExecutor(max_workers=12) as pool:
        # each naming a client of its own, which is not believed: no proxy is trusted
        answers = list(pool.map(lambda n: get(server, forwarded_for=f"192.0.2.{n}"), range(12)))
    statuses = sorted(status for status, _body in answers)
    served = {kernel_of(body) for status, body in answers if status == 200}
    # Every request answered; four got a page with its own kernel, the others the full table's page.
    assert statuses == [200] * 4 + [503] * 8, statuses
    assert len(served) == 4 and None not in served
    assert all("The table is full — try again in a minute." in body for status, body in answers if status == 503)
    # The server's kernels: the pool's (taken by one of the four, and perhaps refilled by now)
    # and at most four for visitors.
    assert len(server.kernels() - before) <= 4, (before, server.kernels())
    assert all(kernel_status(server, kernel) == 200 for kernel in served)
    log = server.log_text()
    assert log.count("The table is full (4 visitors)") == 8 and "Traceback" not in log
    assert log.count("names the client it forwards (X-Forwarded-For), but no proxy is trusted") == 1  # said once


def test_one_client_holds_no_more_than_its_share(start_server) -> None:
    server = start_server(lambda port: servers.serve_command(port, "--max-per-client", "2", "--trusted-proxy", PROXY))
    # Through the trusted proxy: the client it names is counted.
    assert [get(server, forwarded_for="192.0.2.1", source=PROXY)[0] for _ in range(2)] == [200, 200]
    status, body = get(server, "/?lang=fr", forwarded_for="192.0.2.1", source=PROXY)
    assert status == 429 and kernel_of(body) is None and '<html lang="fr">' in body
    set_language("fr")
    words = ngettext("You already have {count} page of the app open, the most one visitor may have at once: close it, then try again in a minute.",
                     "You already have {count} pages of the app open, the most one visitor may have at once: close one, then try again in a minute.",
                     2).format(count=2)
    set_language("en")
    assert words in html.unescape(body) and "You already have" not in words
    # What a client wrote before the proxy's address is not believed.
    assert get(server, forwarded_for="192.0.2.9, 192.0.2.1", source=PROXY)[0] == 429
    # Another client is still served, through the proxy or not.
    status, body = get(server, forwarded_for="192.0.2.2", source=PROXY)
    assert status == 200 and kernel_of(body)
    # From a peer that is not a trusted proxy, the header is not believed: the peer is the client.
    assert get(server, forwarded_for="192.0.2.3")[0] == 200
    assert get(server, forwarded_for="192.0.2.4")[0] == 200
    status, body = get(server, forwarded_for="192.0.2.5")
    assert status == 429 and "You already have 2 pages of the app open" in body
    log = server.log_text()
    assert "192.0.2.1 holds its 2 places" in log and "127.0.0.1 holds its 2 places" in log
    assert "Traceback" not in log


UNCLAIMED_TIMEOUT = 3
CULL_INTERVAL = 1
WINDOW = UNCLAIMED_TIMEOUT + 2 * CULL_INTERVAL + 8


async def visit(server: servers.Server) -> Visitor:
    visitor = Visitor(server.url, timeout=60)
    await visitor.open()
    return visitor


def test_a_page_that_connects_and_closes_gives_its_place_back(start_server) -> None:
    server = start_server(lambda port: servers.voila_command(
        port,
        "--PiquetVoila.max_visitors=2",
        f"--ClassKernelManager.unclaimed_timeout={UNCLAIMED_TIMEOUT}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
    ))
    loop = asyncio.new_event_loop()
    visitors: list[Visitor] = []
    try:
        staying = loop.run_until_complete(visit(server))
        leaving = loop.run_until_complete(visit(server))
        visitors += [staying, leaving]
        # A dropped connection that comes back within the timeout keeps its kernel.
        loop.run_until_complete(staying.close())
        loop.run_until_complete(staying.connect())
        loop.run_until_complete(leaving.close())
        # Left alone, the kernel of the page that left is shut down once it has been gone the timeout.
        back_in = wait_for(lambda: kernel_status(server, leaving.kernel_id) == 404, WINDOW)
        assert back_in is not None, server.log_text()[-3000:]
        assert f"Shutting down kernel {leaving.kernel_id}: its page left" in server.log_text()
        # A page that leaves while the table is full gives its place to the next request at once.
        third = loop.run_until_complete(visit(server))
        visitors.append(third)
        loop.run_until_complete(third.close())
        status, body = get(server)
        assert status == 200 and kernel_of(body) not in (staying.kernel_id, third.kernel_id)
        assert wait_for(lambda: kernel_status(server, third.kernel_id) == 404, 15) is not None
        assert f"Shutting down kernel {third.kernel_id}: its page left 0 s ago, and a new page takes its place" in server.log_text()
        # Pages that have not left are not displaced: the open one, and the one just served.
        assert get(server)[0] == 503
        # The open page, idle longer than the timeout, keeps its kernel, and it still answers.
        time.sleep(UNCLAIMED_TIMEOUT + 2 * CULL_INTERVAL)
        assert kernel_status(server, staying.kernel_id) == 200
        latency = loop.run_until_complete(staying.click(staying.find("pw-nav-glossary")))
        assert staying.find_all("pw-glossary") and latency < 30
        assert f"Shutting down kernel {staying.kernel_id}" not in server.log_text()
    finally:
        for visitor in visitors:
            loop.run_until_complete(visitor.close())
        loop.close()
    print(f"\nthe place came back {back_in:.1f} s after the page left (unclaimed_timeout {UNCLAIMED_TIMEOUT} s)")
    assert "Traceback" not in server.log_text()
