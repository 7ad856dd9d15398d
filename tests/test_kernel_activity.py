"""The server's watch of kernel activity (`ClassKernelManager.start_watching_activity`) reads
only headers, and must come to what Jupyter Server's own watch comes to: for any sequence of
signed IOPub messages, the same execution state and the same messages counted as activity; a
message not signed with the kernel's key changes nothing."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jupyter_client.session import Session
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from piquet_widgets.app.kernels import ClassKernelManager

pytestmark = pytest.mark.compat

KEY = b"the-kernels-key"
LONG_AGO = datetime(2000, 1, 1, tzinfo=timezone.utc)
MESSAGE_TYPES = ["status", "stream", "comm_msg", "comm_open", "display_data", "execute_input", "clear_output"]
PARENT_TYPES = [None, "execute_request", "comm_msg", "kernel_info_request", "comm_info_request", "comm_open"]
STATES = ["starting", "busy", "idle"]


class Stream:
    def __init__(self) -> None:
        self.receive = None

    def on_recv(self, callback) -> None:
        self.receive = callback


class Kernel:
    """What the watch reads of a kernel: its session, its IOPub stream, its two activity fields."""

    def __init__(self) -> None:
        self.session = Session(key=KEY)
        self.stream = Stream()
        self.execution_state = "starting"
        self.last_activity = LONG_AGO

    def connect_iopub(self) -> Stream:
        return self.stream


def watched(manager: ClassKernelManager, original: bool) -> Kernel:
    kernel = Kernel()
    name = f"kernel-{original}"
    manager._kernels[name] = kernel
    (AsyncMappingKernelManager.start_watching_activity if original else ClassKernelManager.start_watching_activity)(manager, name)
    kernel.last_activity = LONG_AGO  # the watch's start counts as activity
    return kernel


def frames(sender: Session, msg_type: str, parent_type: str | None, state: str) -> list[bytes]:
    parent = sender.msg(parent_type, {}) if parent_type else None
    content = {"execution_state": state} if msg_type == "status" else {"data": {}}
    return sender.serialize(sender.msg(msg_type, content, parent=parent))


messages = st.lists(st.tuples(st.sampled_from(MESSAGE_TYPES), st.sampled_from(PARENT_TYPES), st.sampled_from(STATES)), min_size=1, max_size=30)


@settings(max_examples=300, deadline=None)
@given(messages)
def test_the_watch_reads_what_jupyter_servers_reads(sequence: list[tuple[str, str | None, str]]) -> None:
    manager = ClassKernelManager()
    theirs, ours = watched(manager, original=True), watched(manager, original=False)
    sender = Session(key=KEY)
    for msg_type, parent_type, state in sequence:
        message = frames(sender, msg_type, parent_type, state)
        for kernel in (theirs, ours):
            kernel.last_activity = LONG_AGO
            kernel.stream.receive(list(message))
        assert ours.execution_state == theirs.execution_state, (msg_type, parent_type, state)
        assert (ours.last_activity != LONG_AGO) == (theirs.last_activity != LONG_AGO), (msg_type, parent_type, state)


def test_a_message_not_signed_with_the_kernels_key_changes_nothing() -> None:
    manager = ClassKernelManager()
    ours = watched(manager, original=False)
    forged = frames(Session(key=b"another-key"), "status", "execute_request", "busy")
    ours.stream.receive(forged)
    assert ours.execution_state == "starting" and ours.last_activity == LONG_AGO
    signed = frames(Session(key=KEY), "status", "execute_request", "busy")
    ours.stream.receive(signed)
    assert ours.execution_state == "busy" and ours.last_activity != LONG_AGO  # the same message, signed, counts
