"""Kernels of closed tabs are culled (issue 7, "Load and lifecycle"; design.md "Running it").

The server is Voilà with exactly `serve`'s arguments except for short culling times (`serve`
culls after 300 s idle, checking every 10 s; here 4 s and 1 s) and a pool refilled at once
(`serve` waits 5 s, or a minute for a class). Standalone Voilà exposes no list
of kernels (`/api/kernels` is not served), so the kernels are counted as the server's child
processes, and each visitor's kernel is asked for by id (`/api/kernels/<id>`: 200 while it runs,
404 once it is gone).

Three visitors open the app at once and click; two leave without a goodbye (their websocket
closes, as when a tab is closed or a laptop sleeps); one stays on the page doing nothing. Within
the culling window the two kernels are gone, while the open page keeps its kernel
(`cull_connected` is off) and the preheated pool keeps its kernel; when the last visitor leaves,
the server is back to its pool alone. With `serve`'s own settings for one learner, the kernel a
page takes is replaced within seconds.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import urllib.error
import urllib.request

import pytest
from load.servers import Server, voila_command
from load.voila_protocol import Visitor

pytestmark = pytest.mark.slow

CULL_IDLE_TIMEOUT = 4
CULL_INTERVAL = 1
POOL = 1
# A kernel idle since t is culled at the first check after t + timeout; the check itself and the
# kernel's shutdown take a moment more on a loaded machine.
WINDOW = CULL_IDLE_TIMEOUT + 2 * CULL_INTERVAL + 8


def kernel_status(server: Server, kernel_id: str) -> int:
    try:
        with urllib.request.urlopen(f"{server.url}/api/kernels/{kernel_id}", timeout=10) as response:
            json.loads(response.read())
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def wait_for(condition, seconds: float) -> float | None:
    """Seconds until `condition()` holds, or None if it did not within `seconds`."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if condition():
            return time.monotonic() - start
        time.sleep(0.25)
    return None


async def arrive(server: Server, count: int) -> list[Visitor]:
    visitors = [Visitor(server.url, timeout=60) for _ in range(count)]
    await asyncio.gather(*(visitor.open() for visitor in visitors))
    for visitor in visitors:  # a click or two, as a visitor does: open the walkthrough, step it
        await visitor.click(visitor.find("pw-nav-walkthrough"))
        await visitor.click(visitor.find_all("pw-next")[0])
    return visitors


def test_kernels_of_closed_tabs_are_culled_back_to_the_pool(start_server) -> None:
    server = start_server(lambda port: voila_command(
        port,
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_TIMEOUT}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
        "--VoilaKernelManager.fill_delay=0",  # serve waits 5 s to refill its pool
    ), pool=POOL)
    assert len(server.kernels()) == POOL

    loop = asyncio.new_event_loop()
    visitors: list[Visitor] = []
    try:
        visitors = loop.run_until_complete(arrive(server, 3))
        staying, *leaving = visitors
        ids = [visitor.kernel_id for visitor in (staying, *leaving)]
        assert len(set(ids)) == 3 and all(kernel_status(server, kernel) == 200 for kernel in ids)
        # The pool refills behind the visitors: three kernels for them, the pool's besides.
        assert wait_for(lambda: len(server.kernels()) == 3 + POOL, 30) is not None, server.kernels()

        for visitor in leaving:
            loop.run_until_complete(visitor.close())
        culled_in = wait_for(lambda: len(server.kernels()) == 1 + POOL, WINDOW)
        assert culled_in is not None, f"{len(server.kernels())} kernels after {WINDOW} s:\n{server.log_text()[-3000:]}"
        # The process is gone first; the server forgets the kernel a moment later.
        assert wait_for(lambda: all(kernel_status(server, visitor.kernel_id) == 404 for visitor in leaving), 10) is not None

        # The visitor still on the page, idle for longer than the timeout, keeps the kernel.
        time.sleep(CULL_IDLE_TIMEOUT + 2 * CULL_INTERVAL)
        assert kernel_status(server, staying.kernel_id) == 200
        loop.run_until_complete(staying.click(staying.find_all("pw-next")[0]))

        loop.run_until_complete(staying.close())
        back_in = wait_for(lambda: len(server.kernels()) == POOL, WINDOW)
        assert back_in is not None, f"{len(server.kernels())} kernels after {WINDOW} s"
        assert wait_for(lambda: kernel_status(server, staying.kernel_id) == 404, 10) is not None
        # The preheated kernel is never culled, however long it waits.
        time.sleep(CULL_IDLE_TIMEOUT + 2 * CULL_INTERVAL)
        assert len(server.kernels()) == POOL
    finally:
        for visitor in visitors:
            loop.run_until_complete(visitor.close())
        loop.close()
    print(f"\nculled {culled_in:.1f} s and {back_in:.1f} s after the visitors left "
          f"(cull_idle_timeout {CULL_IDLE_TIMEOUT} s, cull_interval {CULL_INTERVAL} s)")
    log = server.log_text()
    assert "Traceback" not in log, log[log.find("Traceback") - 500:][:4000]


UNCLAIMED_TIMEOUT = 3


def test_kernels_of_pages_that_never_connect_are_shut_down_soon(start_server) -> None:
    """A page request whose websocket never connects (a crawler, a link preview) gets its
    kernel shut down after `unclaimed_timeout` (here 3 s; `serve` 40 s), while a page that
    connected keeps its kernel past that, and the pool keeps its kernel."""
    server = start_server(lambda port: voila_command(
        port,
        f"--ClassKernelManager.unclaimed_timeout={UNCLAIMED_TIMEOUT}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
        "--VoilaKernelManager.fill_delay=0",
    ), pool=POOL)
    loop = asyncio.new_event_loop()
    try:
        staying = loop.run_until_complete(arrive(server, 1))[0]
        crawled = []
        for _ in range(2):
            with urllib.request.urlopen(server.url + "/", timeout=60) as response:
                html = response.read().decode("utf-8")
            crawled.append(re.search(r'"kernelId"\s*:\s*"([0-9a-f-]{36})"', html).group(1))
        assert all(kernel_status(server, kernel) == 200 for kernel in crawled)
        gone = wait_for(lambda: all(kernel_status(server, kernel) == 404 for kernel in crawled), UNCLAIMED_TIMEOUT + 2 * CULL_INTERVAL + 8)
        assert gone is not None, server.log_text()[-3000:]
        assert kernel_status(server, staying.kernel_id) == 200
        # The pool refilled, and nothing else is left: the connected page's kernel and the pool's.
        assert wait_for(lambda: len(server.kernels()) == 1 + POOL, 30) is not None, server.kernels()
        loop.run_until_complete(staying.click(staying.find_all("pw-next")[0]))
        loop.run_until_complete(staying.close())
    finally:
        loop.close()
    assert "no page connected to it" in server.log_text()


def test_one_learner_finds_a_kernel_ready_again_within_seconds(start_server) -> None:
    """At `serve`'s own class size of one, the preheated kernel a page takes is replaced within
    seconds (a class's a minute later), so that the learner's next page, a reload or a link
    opened in another tab, finds one ready."""
    server = start_server(lambda port: voila_command(port), pool=POOL)
    loop = asyncio.new_event_loop()
    try:
        visitor = loop.run_until_complete(arrive(server, 1))[0]
        refilled_in = wait_for(lambda: len(server.kernels()) == 1 + POOL, 30)
        assert refilled_in is not None, f"{len(server.kernels())} kernels 30 s after the page took the pool's"
        loop.run_until_complete(visitor.close())
    finally:
        loop.close()
    print(f"\nthe pool refilled {refilled_in:.1f} s after the page took its kernel")
