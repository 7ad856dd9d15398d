"""A visitor of a Voilà page without a browser: the page's HTTP request, then the kernel's
websocket speaking the Jupyter messaging and widget protocols as the page's JavaScript does.

What a browser does, and what this does in its place:

1. GET the page. Voilà runs the notebook in a kernel while it answers; the page holds the kernel's
   id (`"kernelId"` in its config) and the view of the app's root widget (`"model_id"`).
2. Open `ws://…/api/kernels/<id>/channels` and fetch every widget's state through the
   `jupyter.widget.control` comm (`request_states`, one message; ipywidgets 8's widget manager
   does the same). Then say what the views say once drawn (`Visitor.rendered`: the app builds
   the section a link opens only when its page says the frame is drawn).
3. A click on a button is the comm message `{"method": "custom", "content": {"event": "click"}}`
   on that button's comm; a click on a card of a `CardRow` is `{"method": "custom", "content":
   {"type": "click", "card": "AS", "seq": n}}`; a changed value is `{"method": "update",
   "state": {...}}`. The kernel answers with `comm_open` (new widgets), `comm_msg` updates and
   `comm_close`, which `Visitor` applies to its copy of the states, and ends every request with
   a `status: idle` whose parent is that request.

The websocket speaks what the page's JavaScript speaks: Jupyter Server's binary `v1` protocol
(`V1_PROTOCOL`, which JupyterLab's services ask for and the server reads header by header), or,
with `protocol=""`, the older one of a JSON text per message (which the server decodes and
encodes whole), for the tests that check a page can do no harm in either.

Widgets are found as the tests find them in Python: by their `pw-…` classes (`_dom_classes`),
inside the tree of `children` from a given widget.

Everything stays on 127.0.0.1; every wait has a time limit.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import re
import struct
import time
import urllib.request
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from jupyter_server.services.kernels.connection.base import (
    deserialize_msg_from_ws_v1,
    serialize_msg_to_ws_v1,
)
from websockets.asyncio.client import ClientConnection, connect

from piquet_widgets.app.page_messages import V1_PROTOCOL

CONTROL_TARGET = "jupyter.widget.control"
CONTROL_VERSION = "1.0.0"
_KERNEL_ID = re.compile(r'"kernelId"\s*:\s*"([0-9a-f-]{36})"')
_MODEL_ID = re.compile(r'"model_id"\s*:\s*"([0-9a-f]{32})"')

# Page requests block while Voilà runs the notebook, so each visitor needs its own thread.
_HTTP = concurrent.futures.ThreadPoolExecutor(max_workers=64, thread_name_prefix="visitor-http")


def run(coroutine):
    """Run a visitor's coroutine to its end on an event loop of its own (a test's)."""
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(coroutine)
    finally:
        loop.close()


def http_get(url: str, timeout: float) -> tuple[int, str, float]:
    """The status and text of a GET on the loopback (blocking), and the seconds from the request
    to the response's last byte, timed in the thread that reads it (so that a busy event loop in
    the process that asked does not count as the server's time)."""
    assert url.startswith(("http://127.0.0.1:", "http://localhost:")), url
    began = time.monotonic()
    with urllib.request.urlopen(url, timeout=timeout) as response:
        status, text = response.status, response.read().decode("utf-8")
    return status, text, time.monotonic() - began


def decode_frame(frame: str | bytes, protocol: str) -> dict[str, Any]:
    """A kernel message from a websocket frame, with its `channel` and `msg_type` as the older
    protocol gives them: in `V1_PROTOCOL`, the channel and the message's parts in one binary
    frame; in the older one, JSON text, or a count, offsets, then the JSON message and its buffers
    when the message has buffers."""
    if protocol == V1_PROTOCOL:
        channel, parts = deserialize_msg_from_ws_v1(frame)
        header, parent, metadata, content = (json.loads(part) for part in parts[:4])
        return {"channel": channel, "header": header, "parent_header": parent, "metadata": metadata, "content": content,
                "msg_type": header.get("msg_type"), "buffers": parts[4:]}
    if isinstance(frame, str):
        return json.loads(frame)
    count = struct.unpack("!i", frame[:4])[0]
    offsets = list(struct.unpack("!" + "I" * count, frame[4 : 4 * (count + 1)]))
    end = offsets[1] if len(offsets) > 1 else len(frame)
    return json.loads(frame[offsets[0] : end].decode("utf-8"))


def encode_message(message: dict[str, Any], protocol: str) -> str | bytes:
    """The websocket frame of a message (`Visitor._message`) in `protocol`."""
    if protocol == V1_PROTOCOL:
        parts = [json.dumps(message[key]).encode("utf-8") for key in ("header", "parent_header", "metadata", "content")]
        return serialize_msg_to_ws_v1(parts, message["channel"])
    return json.dumps(message)


class ProtocolError(RuntimeError):
    """The page or the kernel did not answer as a Voilà page of the app should."""


@dataclass
class Visitor:
    """One visitor of the app: `await visitor.open()`, then `click(...)`, then `close()`."""

    base_url: str  # http://127.0.0.1:PORT
    query: str = ""
    timeout: float = 120.0
    protocol: str = V1_PROTOCOL  # or "" for the older JSON protocol
    session: str = field(default_factory=lambda: uuid.uuid4().hex)
    states: dict[str, dict[str, Any]] = field(default_factory=dict)  # model id -> state
    models: dict[str, str] = field(default_factory=dict)  # model id -> model name
    kernel_id: str = ""
    root_id: str = ""
    page_seconds: float = 0.0  # the page's request, until its last byte
    first_widget_seconds: float = 0.0  # the page's request, until the root widget's state is in
    content_seconds: float = 0.0  # … until the section the link opens is built (after `rendered`)
    received: list[dict[str, Any]] = field(default_factory=list)  # every message, for tests
    _ws: ClientConnection | None = None
    _reader: asyncio.Task | None = None
    _idle: dict[str, asyncio.Future] = field(default_factory=dict)
    _replies: dict[str, asyncio.Future] = field(default_factory=dict)
    _changed: asyncio.Event = field(default_factory=asyncio.Event)
    _seq: int = 0

    # -- the page ---------------------------------------------------------------------------------
    async def open(self) -> None:
        """Request the page, connect to its kernel and fetch every widget's state."""
        start = time.monotonic()
        url = self.base_url.rstrip("/") + "/" + (f"?{self.query}" if self.query else "")
        loop = asyncio.get_running_loop()
        status, html, self.page_seconds = await loop.run_in_executor(_HTTP, http_get, url, self.timeout)
        kernel, root = _KERNEL_ID.search(html), _MODEL_ID.search(html)
        if status != 200 or kernel is None or root is None:
            raise ProtocolError(f"the page has no kernel or no widget (status {status}): {html[:300]!r}")
        self.kernel_id, self.root_id = kernel.group(1), root.group(1)
        await self.connect()
        await self.fetch_states()
        if self.root_id not in self.states:
            raise ProtocolError("the kernel does not know the page's root widget")
        self.first_widget_seconds = time.monotonic() - start
        await self.rendered()
        self.content_seconds = time.monotonic() - start

    async def rendered(self) -> None:
        """Say what the page's views say once drawn: an anywidget view that sends
        `{type: 'ready'}` from its `render` (the app's `PageReady`, after which the app builds the
        section the link opens) gets that message, as the browser would send it."""
        for model_id in list(self.tree()):
            esm = self.states[model_id].get("_esm", "")
            if isinstance(esm, str) and "render" in esm and "type: 'ready'" in esm:
                msg_id = await self.send("comm_msg", {"comm_id": model_id, "data": {"method": "custom", "content": {"type": "ready"}}})
                await self.wait_idle(msg_id)

    async def connect(self) -> None:
        ws_url = self.base_url.replace("http://", "ws://", 1).rstrip("/")
        url = f"{ws_url}/api/kernels/{self.kernel_id}/channels?session_id={self.session}"
        subprotocols = [self.protocol] if self.protocol else None
        self._ws = await asyncio.wait_for(connect(url, max_size=None, open_timeout=self.timeout, subprotocols=subprotocols), self.timeout)
        if self._ws.subprotocol != (self.protocol or None):
            raise ProtocolError(f"the server speaks {self._ws.subprotocol!r}, not {self.protocol!r}")
        self._reader = asyncio.create_task(self._read())

    async def close(self) -> None:
        """Leave as a closed tab does: the websocket goes away, the kernel stays to be culled."""
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            self._reader.cancel()
            try:
                await self._reader
            except (asyncio.CancelledError, Exception):
                pass
        self._ws = self._reader = None

    # -- messages ------------------------------------------------------------------------------
    def _message(self, msg_type: str, content: dict[str, Any], channel: str = "shell", metadata: dict | None = None) -> dict:
        return {
            "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": self.session, "username": "visitor", "date": "", "version": "5.3"},
            "parent_header": {},
            "metadata": metadata or {},
            "content": content,
            "channel": channel,
            "buffers": [],
        }

    async def send(self, msg_type: str, content: dict[str, Any], metadata: dict | None = None) -> str:
        """Send a shell message; its id, whose `status: idle` `wait_idle` then waits for."""
        if self._ws is None:
            raise ProtocolError("not connected")
        message = self._message(msg_type, content, metadata=metadata)
        msg_id = message["header"]["msg_id"]
        loop = asyncio.get_running_loop()
        self._idle[msg_id] = loop.create_future()
        self._replies[msg_id] = loop.create_future()
        await self.write(message)
        return msg_id

    async def write(self, message: dict[str, Any]) -> None:
        """Send a message as it is (`_message`), waiting for nothing."""
        if self._ws is None:
            raise ProtocolError("not connected")
        await self._ws.send(encode_message(message, self.protocol))

    async def wait_idle(self, msg_id: str, timeout: float | None = None) -> None:
        await asyncio.wait_for(asyncio.shield(self._idle[msg_id]), timeout or self.timeout)

    def went_idle(self, msg_id: str) -> bool:
        """Whether the kernel has said `status: idle` for this request (it handled it)."""
        return self._idle[msg_id].done()

    async def reply(self, msg_id: str, timeout: float) -> dict[str, Any] | None:
        """The shell reply to a request, or None if none came within `timeout`."""
        try:
            return await asyncio.wait_for(asyncio.shield(self._replies[msg_id]), timeout)
        except asyncio.TimeoutError:
            return None

    async def _read(self) -> None:
        assert self._ws is not None
        async for frame in self._ws:
            message = decode_frame(frame, self.protocol)
            self.received.append(message)
            parent = message.get("parent_header", {}).get("msg_id")
            msg_type = message.get("msg_type") or message.get("header", {}).get("msg_type")
            content = message.get("content", {})
            if msg_type == "status" and content.get("execution_state") == "idle" and parent in self._idle:
                future = self._idle[parent]
                if not future.done():
                    future.set_result(None)
            elif message.get("channel") == "shell" and parent in self._replies:
                future = self._replies[parent]
                if not future.done():
                    future.set_result(message)
            if msg_type in ("comm_open", "comm_msg", "comm_close"):
                self._apply(msg_type, content)

    def _apply(self, msg_type: str, content: dict[str, Any]) -> None:
        comm_id, data = content.get("comm_id"), content.get("data") or {}
        if msg_type == "comm_open" and content.get("target_name") == "jupyter.widget":
            self.states[comm_id] = dict(data.get("state", {}))
            self.models[comm_id] = self.states[comm_id].get("_model_name", "")
        elif msg_type == "comm_msg" and data.get("method") in ("update", "echo_update") and comm_id in self.states:
            self.states[comm_id].update(data.get("state", {}))
        elif msg_type == "comm_msg" and data.get("method") == "update_states":
            for model_id, model in data.get("states", {}).items():
                self.states[model_id] = dict(model.get("state", {}))
                self.models[model_id] = model.get("model_name", "")
        elif msg_type == "comm_close":
            self.states.pop(comm_id, None)
        else:
            return
        self._changed.set()

    async def fetch_states(self) -> None:
        """Every widget's state, in one request on the widget control comm."""
        control = uuid.uuid4().hex
        opened = await self.send("comm_open", {"comm_id": control, "target_name": CONTROL_TARGET, "data": {}}, metadata={"version": CONTROL_VERSION})
        await self.wait_idle(opened)
        asked = await self.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        await self.wait_idle(asked)
        await self.send("comm_close", {"comm_id": control, "data": {}})

    # -- the widgets ---------------------------------------------------------------------------
    def children(self, model_id: str) -> list[str]:
        return [ref[len("IPY_MODEL_"):] for ref in self.states.get(model_id, {}).get("children", []) if isinstance(ref, str)]

    def tree(self, model_id: str | None = None) -> Iterator[str]:
        """The widget and every widget inside it (the page's root by default)."""
        stack = [model_id or self.root_id]
        seen = set()
        while stack:
            current = stack.pop()
            if current in seen or current not in self.states:
                continue
            seen.add(current)
            yield current
            stack.extend(reversed(self.children(current)))

    def find_all(self, css_class: str, under: str | None = None) -> list[str]:
        return [m for m in self.tree(under) if css_class in self.states[m].get("_dom_classes", [])]

    def find(self, css_class: str, under: str | None = None) -> str:
        found = self.find_all(css_class, under)
        if len(found) != 1:
            raise ProtocolError(f"{len(found)} widgets carry {css_class}")
        return found[0]

    def state(self, model_id: str) -> dict[str, Any]:
        return self.states[model_id]

    async def click(self, model_id: str) -> float:
        """Click a button; the seconds until the kernel has sent every update it caused."""
        start = time.monotonic()
        msg_id = await self.send("comm_msg", {"comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}})
        await self.wait_idle(msg_id)
        return time.monotonic() - start

    async def click_card(self, row_id: str, card: str) -> float:
        """Click a card of a card row, as the card view sends it."""
        self._seq += 1
        start = time.monotonic()
        content = {"type": "click", "card": card, "seq": self._seq}
        msg_id = await self.send("comm_msg", {"comm_id": row_id, "data": {"method": "custom", "content": content}})
        await self.wait_idle(msg_id)
        return time.monotonic() - start

    async def set_value(self, model_id: str, **state: Any) -> None:
        msg_id = await self.send("comm_msg", {"comm_id": model_id, "data": {"method": "update", "state": state, "buffer_paths": []}})
        await self.wait_idle(msg_id)

    async def click_until(self, model_id: str, watch: str, key: str, timeout: float | None = None) -> tuple[float, float]:
        """Click and return (seconds to the first change of `watch`'s `key`, seconds to idle)."""
        before = self.states.get(watch, {}).get(key)
        start = time.monotonic()
        msg_id = await self.send("comm_msg", {"comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}})
        deadline = start + (timeout or self.timeout)
        first = None
        while first is None:
            if self.states.get(watch, {}).get(key) != before:
                first = time.monotonic() - start
                break
            if self._idle[msg_id].done():
                break
            self._changed.clear()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise ProtocolError(f"no update of {key} within {timeout or self.timeout:.0f} s")
            try:
                await asyncio.wait_for(self._changed.wait(), min(remaining, 1.0))
            except asyncio.TimeoutError:
                pass
        await self.wait_idle(msg_id, max(deadline - time.monotonic(), 0.1))
        idle = time.monotonic() - start
        return (first if first is not None else idle), idle


async def walk_to_the_end(visitor: Visitor, max_clicks: int = 200, think: float = 0.0) -> list[float]:
    """Open the walkthrough section and press Next until the deal's end, `think` seconds before
    each click; the latencies of the clicks on Next (to the step label's update)."""
    await visitor.click(visitor.find("pw-nav-walkthrough"))
    section = visitor.find("pw-section-walkthrough")
    next_button = visitor.find("pw-next", under=section)
    label = visitor.find("pw-step-label", under=section)
    latencies = []
    for _ in range(max_clicks):
        if visitor.state(next_button).get("disabled"):
            break
        await asyncio.sleep(think)
        first, _idle = await visitor.click_until(next_button, label, "value")
        latencies.append(first)
    else:
        raise ProtocolError(f"the walkthrough did not end within {max_clicks} clicks")
    step = re.search(r"(\d+) of (\d+)", visitor.state(label).get("value", ""))
    if step is None or step.group(1) != step.group(2):
        raise ProtocolError(f"the walkthrough stopped at {visitor.state(label).get('value')!r}")
    if not visitor.state(visitor.find("pw-summary", under=section)).get("value"):
        raise ProtocolError("the end of the deal shows no summary")
    return latencies


async def play_practice_deal(visitor: Visitor, max_clicks: int = 300, think: float = 0.0) -> list[float]:
    """Play the practice table's deal to its end as elder (the app opens on it with `seed=N`):
    let the table declare for the learner (the switch `pw-declare-for-me`), discard the last three cards, then for each trick click the hand's cards from the left
    until one is accepted (the engine refuses the others), `think` seconds before each trick's
    first click. The latencies of the accepted clicks (to the hand's update, the computer's
    answer included)."""
    section = visitor.find("pw-section-practice")
    hand = visitor.find("pw-hand-elder", under=section)
    await visitor.set_value(visitor.find("pw-declare-for-me", under=section), value=True)
    for card in visitor.state(hand)["cards"][-3:]:
        await visitor.click_card(hand, card)
    first, _idle = await visitor.click_until(visitor.find("pw-confirm", under=section), hand, "cards")
    latencies = [first]
    clicks = 0
    while visitor.state(hand)["cards"]:
        await asyncio.sleep(think)
        for card in list(visitor.state(hand)["cards"]):
            clicks += 1
            if clicks > max_clicks:
                raise ProtocolError(f"the deal did not end within {max_clicks} clicks")
            before = list(visitor.state(hand)["cards"])
            visitor._seq += 1
            start = time.monotonic()
            msg_id = await visitor.send("comm_msg", {"comm_id": hand, "data": {"method": "custom", "content": {"type": "click", "card": card, "seq": visitor._seq}}})
            await visitor.wait_idle(msg_id)
            if visitor.state(hand)["cards"] != before:
                latencies.append(time.monotonic() - start)
                break
        else:
            raise ProtocolError("no card of the hand was accepted")
    if visitor.state(visitor.find("pw-next-deal", under=section)).get("disabled", True):
        raise ProtocolError("the deal is played out but Next deal is not enabled")
    return latencies
