"""What a page may send its kernel (`app/rate.py`, `app/page_messages.py`) and when its kernel is
culled (`ClassKernelManager.cull_kernel_if_idle`), without a server: a fake clock, frames built
as the two websocket protocols frame them, a stand-in kernel."""

from __future__ import annotations

import asyncio
import json
import resource
import subprocess
import sys
import time
from datetime import datetime, timezone
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1

from piquet_widgets.app import page_messages, rate
from piquet_widgets.app.kernels import ClassKernelManager, limit_address_space
from piquet_widgets.app.page_messages import MAX_COMMS, PageAllowance, for_the_page
from piquet_widgets.app.rate import BURST, MESSAGES_PER_SECOND, MessageRate, TokenBucket, Verdict
from piquet_widgets.widgets.browser_store import MAX_RECORD_BYTES

# -- the bucket ------------------------------------------------------------------------------------


def test_a_bucket_gives_its_burst_then_its_rate() -> None:
    bucket = TokenBucket(rate=2.0, burst=5.0, now=100.0)
    assert [bucket.take(1, 100.0) for _ in range(6)] == [True] * 5 + [False]
    assert bucket.take(1, 100.49) is False  # not yet a whole token back
    assert bucket.take(1, 100.5) is True
    assert bucket.take(1, 1000.0) and bucket.tokens == 4.0  # never more than the burst


def test_a_clock_going_back_gives_nothing() -> None:
    bucket = TokenBucket(rate=10.0, burst=1.0, now=50.0)
    assert bucket.take(1, 50.0)
    assert not bucket.take(1, 40.0)
    assert not bucket.take(1, 50.05)  # still counted from 50.0, not from 40.0


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 2.0), st.integers(1, 40_000)), min_size=1, max_size=300))
def test_what_passes_never_exceeds_the_burst_and_the_rate(arrivals: list[tuple[float, int]]) -> None:
    """Over any stretch of time, the tokens spent by the messages that pass are at most the
    burst and the rate times the stretch, whatever arrives and however large."""
    page = MessageRate(now=0.0)
    now, passed = 0.0, []
    for gap, size in arrivals:
        now += gap
        if page.admit(size, now) is Verdict.PASS:
            passed.append((now, rate.cost(size)))
    for i, (start, _) in enumerate(passed):
        spent = 0.0
        for end, spent_here in passed[i:]:
            spent += spent_here
            assert spent <= BURST + MESSAGES_PER_SECOND * (end - start) + 1e-9


def test_a_person_clicking_is_never_dropped() -> None:
    page = MessageRate(now=0.0)
    now = 0.0
    for _ in range(40):  # the page opening, then a quick run of clicks
        assert page.admit(300, now) is Verdict.PASS
        now += 0.01
    for _ in range(3000):  # then three clicks a second for a quarter of an hour
        now += 0.33
        assert page.admit(300, now) is Verdict.PASS


def test_a_key_held_down_is_dropped_then_closed_after_seconds_a_flood_at_once() -> None:
    page, now, verdicts = MessageRate(now=0.0), 0.0, []
    while not verdicts or verdicts[-1] is not Verdict.CLOSE:
        now += 1 / 30  # a key's repeat on a focused button
        verdicts.append(page.admit(300, now))
    assert Verdict.DROP in verdicts and now > 10
    assert page.admit(300, now + 3600) is Verdict.CLOSE  # closed for good
    flood = MessageRate(now=0.0)
    verdicts = [flood.admit(100, i * 1e-5) for i in range(1000)]
    assert verdicts.index(Verdict.CLOSE) < BURST + rate.DROPS_FORGIVEN + 2


def test_the_largest_record_a_learner_uploads_passes() -> None:
    record = json.dumps({"deals": [{"note": "x" * 100, "quoted": '"' * 20}] * 7000})[: MAX_RECORD_BYTES]
    upload = message("comm_msg", comm_id="abc", data={"method": "custom", "content": {"type": "upload", "name": "p.json", "text": record}})
    for v1 in (True, False):
        sent = frame(upload, v1)
        assert len(sent) <= page_messages.MAX_MESSAGE_BYTES
        assert PageAllowance(now=0.0).admit(sent, v1, 0.0) == (Verdict.PASS, "")


def test_a_large_message_costs_more() -> None:
    page = MessageRate(now=0.0)
    assert page.admit(page_messages.MAX_MESSAGE_BYTES, 0.0) is Verdict.PASS
    assert page.messages.tokens == BURST - 1 - page_messages.MAX_MESSAGE_BYTES // rate.COST_BYTES


# -- what a page may send -------------------------------------------------------------------------


def message(msg_type: str, channel: str = "shell", **content) -> dict:
    return {"header": {"msg_id": "m1", "msg_type": msg_type, "session": "s", "username": "u", "date": "", "version": "5.3"},
            "parent_header": {}, "metadata": {}, "content": content, "channel": channel, "buffers": []}


def frame(msg: dict, v1: bool) -> str | bytes:
    if v1:
        parts = [json.dumps(msg[key]).encode() for key in ("header", "parent_header", "metadata", "content")]
        return serialize_msg_to_ws_v1(parts, msg["channel"])
    return json.dumps(msg)


PASSING = [
    message("comm_msg", comm_id="abc", data={"method": "custom", "content": {"event": "click"}}),
    message("comm_close", comm_id="abc", data={}),
    message("comm_open", comm_id="c1", target_name="jupyter.widget.control", data={}),
    message("comm_open", comm_id="c2", target_name="jupyter.widget", data={"state": {}}),
    message("kernel_info_request"),
]
DROPPED = [
    message("execute_request", code="1"),
    message("execute_request", "control", code="1"),
    message("comm_info_request"),
    message("comm_info_request", target_name="jupyter.widget"),
    message("shutdown_request", restart=True),
    message("shutdown_request", "control", restart=False),
    message("interrupt_request", "control"),
    message("kernel_info_request", "control"),
    message("input_reply", "stdin", value="x"),
    message("comm_msg", "control", comm_id="abc", data={}),
    message("comm_open", comm_id="c3", target_name="evil.target", data={}),
    message("comm_open", comm_id="c4", data={}),
    message("history_request"),
]


@pytest.mark.parametrize("v1", [True, False], ids=["v1", "json"])
def test_only_widget_messages_pass(v1: bool) -> None:
    page = PageAllowance(now=0.0)
    for msg in PASSING:
        assert page.admit(frame(msg, v1), v1, 0.0) == (Verdict.PASS, ""), msg["header"]["msg_type"]
    for msg in DROPPED:
        verdict, reason = page.admit(frame(msg, v1), v1, 0.0)
        assert verdict is Verdict.DROP and msg["header"]["msg_type"] in reason, msg


@pytest.mark.parametrize("v1", [True, False], ids=["v1", "json"])
def test_what_is_not_a_message_is_dropped_without_an_error(v1: bool) -> None:
    page = PageAllowance(now=0.0)
    for junk in ["garbage", b"\x00" * 3, b"\xff" * 64, "{}", '{"header": 5}', json.dumps({"header": {"msg_type": 7}}),
                 serialize_msg_to_ws_v1([b"{", b"{}", b"{}", b"{}"], "shell"), b"\x02\x00\x00\x00\x00"]:
        assert page.admit(junk, v1, 0.0) == (Verdict.DROP, "not a kernel message"), junk


def test_a_page_opens_at_most_so_many_comms() -> None:
    page = PageAllowance(now=0.0)
    opens = [frame(message("comm_open", comm_id=str(i), target_name="jupyter.widget", data={}), True) for i in range(MAX_COMMS + 5)]
    verdicts = [page.admit(opened, True, i / 5) for i, opened in enumerate(opens)]  # slow enough for the rate
    assert verdicts[:MAX_COMMS] == [(Verdict.PASS, "")] * MAX_COMMS
    assert {verdict for verdict, _ in verdicts[MAX_COMMS:]} == {Verdict.DROP}


KERNEL_INFO = {"status": "ok", "protocol_version": "5.4", "implementation": "ipython", "implementation_version": "9.1.0",
               "language_info": {"name": "python", "version": "3.11.7"},
               "banner": "Python 3.11.7 (main, Dec 1 2026) [GCC 12.2.0]\nIPython 9.1.0", "help_links": [], "debugger": True}


def test_the_kernel_info_reply_reaches_the_page_without_versions() -> None:
    reply = message("kernel_info_reply", **KERNEL_INFO)
    reply["parent_header"] = {"msg_id": "asked"}
    v1 = for_the_page(frame(reply, True), v1=True)
    _channel, parts = deserialize_msg_from_ws_v1(v1)
    assert json.loads(parts[3]) == {"status": "ok", "protocol_version": "5.4"}
    assert json.loads(parts[1]) == {"msg_id": "asked"} and json.loads(parts[0])["msg_type"] == "kernel_info_reply"
    legacy = json.loads(for_the_page(frame(reply, False), v1=False))
    assert legacy["content"] == {"status": "ok", "protocol_version": "5.4"} and legacy["parent_header"] == {"msg_id": "asked"}
    for text in (v1.decode("utf-8", "replace"), json.dumps(legacy)):
        assert "3.11" not in text and "IPython" not in text and "9.1" not in text


def test_other_messages_reach_the_page_as_they_are() -> None:
    update = message("comm_msg", comm_id="abc", data={"method": "update", "state": {"value": "kernel_info_reply"}})
    for v1 in (True, False):
        sent = frame(update, v1)
        assert for_the_page(sent, v1) is sent
    assert for_the_page(frame(message("error", ename="E", evalue="", traceback=["/srv/x.py"]), True), True) is None


# -- culling ----------------------------------------------------------------------------------------


class Kernel:
    """What culling and the kernel model read of a kernel."""

    kernel_name = "python3"
    reason = ""
    kernel_spec = SimpleNamespace(metadata={})

    def __init__(self, state: str) -> None:
        self.execution_state = state
        self.last_activity = datetime.now(timezone.utc)  # active this very moment
        self._trait_values = {"last_activity": self.last_activity}


def culled(state: str, leaves: bool, wait: float) -> bool:
    """Whether a kernel in `state`, its page connected once and gone (or not) `wait` seconds,
    is shut down by a round of culling when a departed page's kernel is kept 1 s."""
    manager = ClassKernelManager(unclaimed_timeout=1, cull_idle_timeout=300)
    shut: list[str] = []

    async def shutdown_kernel(kernel_id: str, *args, **kwargs) -> None:
        shut.append(kernel_id)

    manager.shutdown_kernel = shutdown_kernel
    manager._kernels["k"] = Kernel(state)
    manager._kernel_connections["k"] = 0

    async def scenario() -> None:
        manager.notify_connect("k")
        if leaves:
            manager.notify_disconnect("k")
        await asyncio.sleep(wait)
        await manager.cull_kernel_if_idle("k")
        await asyncio.sleep(0.01)

    asyncio.run(scenario())
    return shut == ["k"]


def test_a_kernel_is_culled_once_its_page_has_left_busy_or_not() -> None:
    assert culled("busy", leaves=True, wait=1.1)  # Jupyter Server's culling spares a busy kernel
    assert culled("idle", leaves=True, wait=1.1)
    assert not culled("busy", leaves=True, wait=0.0)  # the page may come back within the timeout
    assert not culled("idle", leaves=False, wait=1.1)  # an open page keeps its kernel


def test_each_page_has_one_allowance_for_all_its_websockets() -> None:
    manager = ClassKernelManager()
    manager._kernels.update(a=Kernel("idle"), b=Kernel("idle"))
    assert manager.page("a") is manager.page("a") and manager.page("a") is not manager.page("b")
    for _ in range(400):
        manager.page("a").admit("flood", False, 0.0)
    assert manager.closed_for_abuse("a") and not manager.closed_for_abuse("b")
    manager.remove_kernel("a")
    assert not manager.closed_for_abuse("a")  # a kernel gone takes its allowance with it
    assert manager.page("unknown") is not manager.page("unknown")  # and none is kept for a kernel that is not


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200) | st.text(max_size=200), st.booleans())
def test_any_frame_is_read_at_once_without_an_error(junk: bytes | str, v1: bool) -> None:
    """Jupyter Server's readers trust a frame's count of parts: 8 bytes saying 2**62 held the
    server. Read here first, any frame is passed or dropped at once."""
    started = time.monotonic()
    verdict, _reason = PageAllowance(now=0.0).admit(junk, v1, 0.0)
    assert verdict in (Verdict.PASS, Verdict.DROP) and time.monotonic() - started < 0.5


# -- the kernel's memory ------------------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(resource, "prlimit"), reason="no prlimit on this system (the server logs that kernels run without a limit)")
def test_a_process_past_its_address_space_gets_a_memory_error() -> None:
    """`limit_address_space` on a running process (as the server does on each kernel once it
    started): an allocation past the limit fails, one within it does not."""
    code = ("import sys; sys.stdin.readline(); a = bytearray(40 * 2**20); print('small', flush=True)\n"
            "try:\n    b = bytearray(400 * 2**20)\nexcept MemoryError:\n    print('refused')\nelse:\n    print('allowed')")
    child = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert limit_address_space(child.pid, 256 * 2**20)
        assert resource.prlimit(child.pid, resource.RLIMIT_AS) == (256 * 2**20, 256 * 2**20)
        out, _err = child.communicate("go\n", timeout=60)
    finally:
        child.kill()
    assert out.split() == ["small", "refused"]
