"""What passes the kernel websocket between a page of the app and its kernel, both ways.

From the page, only what its widgets need (`PageAllowance.admit`): on the shell channel,
`comm_msg` and `comm_close`, `comm_open` of the widget manager's two targets (`jupyter.widget`,
and `jupyter.widget.control`, which the app's front end opens to fetch every widget's state when
the page does not carry it) up to `MAX_COMMS` over the page's life, and `kernel_info_request`,
which the front end's kernel connection sends each time it connects and waits for. Everything
else is dropped: code (`execute_request` …), `comm_info_request` (the kernel's comms),
`shutdown_request` (which restarted the kernel), other channels; and beyond the page's message
rate (`rate.MessageRate`) everything is.

To the page: no `error` and no `stderr` stream (a traceback full of file paths), and a
`kernel_info_reply` with no versions: the kernel's status and protocol version only, not its
Python build, IPython's version or its banner.

Both of the websocket's protocols are read: Jupyter Server's binary `v1` one (what the app's
front end speaks), and the older one of a JSON text per message (or a binary frame with buffers).
Their framing is Jupyter Server's (`jupyter_server.services.kernels.connection.base`, verified
against jupyter_server 2.21.1), read here (`v1_parts`, `legacy_parts`) with its counts and
offsets checked against the frame, which Jupyter Server's readers do not do: a frame from the
page reaches them only once read here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

from piquet_widgets.app.rate import MessageRate, Verdict

V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"
PAGE_MESSAGES = frozenset({"comm_msg", "comm_close", "comm_open", "kernel_info_request"})
WIDGET_TARGETS = frozenset({"jupyter.widget", "jupyter.widget.control"})
# Comms a page may open over its kernel's life: the app's front end opens one (the control comm,
# when the page does not carry its widgets' state); each widget model a page made would be one.
MAX_COMMS = 32
# A larger frame closes the websocket (Tornado's `websocket_max_message_size`, 10 MiB by default):
# the app's messages are a few hundred bytes, the largest a partie record a learner uploads, of
# at most 1 MiB (`widgets.browser_store.MAX_RECORD_BYTES`), with its JSON escapes.
MAX_MESSAGE_BYTES = 2 * 1024 * 1024
# What a page of the app never needs from its kernel, and what would show it file paths.
HIDDEN_MESSAGES = frozenset({"error"})
KERNEL_INFO_KEPT = ("status", "protocol_version")


@dataclass(frozen=True)
class Incoming:
    """What the policy reads of a message from the page."""

    channel: str
    msg_type: str
    target: str  # a comm_open's target_name, else ""


class PageAllowance:
    """What one page (one kernel, however many websockets) may still send its kernel."""

    def __init__(self, now: float) -> None:
        self.rate = MessageRate(now)
        self.comms_opened = 0

    def admit(self, frame: str | bytes, v1: bool, now: float) -> tuple[Verdict, str]:
        """Whether a frame from the page passes to the kernel, is dropped (and why), or ends the
        page's connection (it has sent past its limit for too long)."""
        verdict = self.rate.admit(len(frame), now)
        if verdict is not Verdict.PASS:
            return verdict, "too many messages"
        message = read_incoming(frame, v1)
        reason = refusal(message)
        if reason is None and message is not None and message.msg_type == "comm_open":
            if self.comms_opened >= MAX_COMMS:
                reason = f"more than {MAX_COMMS} comm_open"
            else:
                self.comms_opened += 1
        return (Verdict.PASS, "") if reason is None else (Verdict.DROP, reason)


def read_incoming(frame: str | bytes, v1: bool) -> Incoming | None:
    """The channel, type and comm target of a frame from the page; None if it is not a message."""
    try:
        if v1:
            split = v1_parts(frame) if isinstance(frame, bytes) else None
            if split is None or len(split[1]) < 4:
                return None
            channel, parts = split
            header = json.loads(parts[0])
            content = json.loads(parts[3]) if header.get("msg_type") == "comm_open" else {}
        else:
            message = json.loads(frame) if isinstance(frame, str) else json.loads(legacy_parts(frame)[0])
            channel, header, content = message.get("channel"), message["header"], message.get("content") or {}
        msg_type, target = header["msg_type"], content.get("target_name", "")
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return None
    if not all(isinstance(value, str) for value in (channel, msg_type, target)):
        return None
    return Incoming(channel, msg_type, target)


def v1_parts(frame: bytes) -> tuple[str, list[bytes]] | None:
    """The channel and parts of a `V1_PROTOCOL` frame (a count, the offsets, the channel, then
    the parts), or None if its offsets do not describe it. Read here rather than by Jupyter
    Server's reader, which trusts the count: a frame of a few bytes saying 2**62 held the server."""
    if len(frame) < 8:
        return None
    count = int.from_bytes(frame[:8], "little")
    if count < 2 or 8 * (count + 1) > len(frame):
        return None
    offsets = [int.from_bytes(frame[8 * i : 8 * (i + 1)], "little") for i in range(1, count + 1)]
    if offsets[0] != 8 * (count + 1) or offsets != sorted(offsets) or offsets[-1] > len(frame):
        return None
    return frame[offsets[0] : offsets[1]].decode("utf-8"), [frame[a:b] for a, b in zip(offsets[1:], offsets[2:])]


def legacy_parts(frame: bytes) -> list[bytes]:
    """The parts of the older protocol's binary frame (a count, the offsets, the JSON message,
    then its buffers); ValueError if its offsets do not describe it (Jupyter Server's reader
    trusts the count as well)."""
    if len(frame) < 4:
        raise ValueError("no count")
    count = int.from_bytes(frame[:4], "big", signed=True)
    if count < 1 or 4 * (count + 1) > len(frame):
        raise ValueError("a count the frame does not hold")
    offsets = [int.from_bytes(frame[4 * i : 4 * (i + 1)], "big") for i in range(1, count + 1)] + [len(frame)]
    if offsets != sorted(offsets) or offsets[0] < 4 * (count + 1):
        raise ValueError("offsets the frame does not hold")
    return [frame[a:b] for a, b in zip(offsets, offsets[1:])]


def refusal(message: Incoming | None) -> str | None:
    """Why a message from the page is dropped, or None if it is one its widgets send."""
    if message is None:
        return "not a kernel message"
    if message.channel != "shell" or message.msg_type not in PAGE_MESSAGES:
        return f"{message.msg_type} on {message.channel}"
    if message.msg_type == "comm_open" and message.target not in WIDGET_TARGETS:
        return f"comm_open of {message.target!r}"
    return None


def for_the_page(message: Any, v1: bool) -> Any:
    """A message on its way to the page as the page gets it: None if hidden (`hidden`), a
    `kernel_info_reply` without versions, any other message unchanged."""
    if hidden(message, v1):
        return None
    if isinstance(message, bytes):
        if v1 and _v1_header(message).get("msg_type") == "kernel_info_reply":
            channel, parts = v1_parts(message) or ("", [])
            if len(parts) < 4:
                return None
            parts[3] = json.dumps(without_versions(json.loads(parts[3]))).encode("utf-8")
            return serialize_msg_to_ws_v1(parts, channel)
        return message
    if isinstance(message, str):
        if '"kernel_info_reply"' not in message:
            return message
        decoded = json.loads(message)
        if decoded.get("header", {}).get("msg_type") == "kernel_info_reply":
            decoded["content"] = without_versions(decoded.get("content", {}))
            return json.dumps(decoded)
    return message


def without_versions(content: dict[str, Any]) -> dict[str, Any]:
    """A kernel_info_reply's content without what names the kernel's software and versions."""
    return {key: content[key] for key in KERNEL_INFO_KEPT if key in content}


def hidden(message: Any, v1: bool) -> bool:
    """Whether a message on its way to the page is an `error` or a `stderr` stream."""
    if isinstance(message, bytes):
        if not v1:  # jupyter_server's binary framing: only messages with buffers, never these
            return False
        msg_type = _v1_header(message).get("msg_type")
        if msg_type == "stream":
            _channel, parts = v1_parts(message) or ("", [])
            return len(parts) > 3 and json.loads(parts[3]).get("name") == "stderr"
        return msg_type in HIDDEN_MESSAGES
    if isinstance(message, str):
        if '"error"' not in message and '"stream"' not in message:
            return False
        message = json.loads(message)
    if isinstance(message, dict):
        msg_type = message.get("header", {}).get("msg_type")
        if msg_type == "stream":
            return message.get("content", {}).get("name") == "stderr"
        return msg_type in HIDDEN_MESSAGES
    return False


def _v1_header(frame: bytes) -> dict[str, Any]:
    """The header of a v1 frame, or {} if it has none."""
    _channel, parts = v1_parts(frame) or ("", [])
    try:
        header = json.loads(parts[0])
    except (IndexError, ValueError):
        return {}
    return header if isinstance(header, dict) else {}
