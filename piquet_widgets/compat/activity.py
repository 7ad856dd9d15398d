"""A kernel's activity, watched from each message's header alone.

Jupyter Server's own watch (`MappingKernelManager.start_watching_activity`) decodes every message
of every kernel, each of its dates parsed, only to read its type; with a class clicking that was a
fifth of the server's time, which every page and every click waits on. This one keeps its rules
and the kernel attributes it sets (`last_activity`, `execution_state`, `reason`,
`_activity_stream`), verified against jupyter_server 2.21.1; outside Jupyter Server's verified
versions, `header_activity_watch()` gives nothing and Jupyter Server's own watch runs.
"""

from __future__ import annotations

import hmac
import json

from jupyter_client.session import Session
from jupyter_server._tz import utcnow

from piquet_widgets.compat import verified


class HeaderActivityWatch:
    """For a kernel manager of Jupyter Server's: the activity watch from the headers."""

    def start_watching_activity(self, kernel_id: str) -> None:
        """Jupyter Server's watch of a kernel's IOPub messages, with its rules (every tracked
        message is activity; a status message sets the execution state), reading the header and
        the parent's header of each signed message, and the content of status messages only."""
        kernel = self._kernels[kernel_id]
        kernel.reason = ""
        kernel.last_activity = utcnow()
        kernel._activity_stream = kernel.connect_iopub()
        session = Session(config=kernel.session.config, key=kernel.session.key)

        def record_activity(msg_list: list[bytes]) -> None:
            _idents, parts = session.feed_identities(msg_list, copy=True)
            if session.auth is not None and not hmac.compare_digest(parts[0], session.sign(parts[1:5])):
                return  # not the kernel's: Jupyter Server's watch would refuse it too
            msg_type = json.loads(parts[1]).get("msg_type")
            parent_type = (json.loads(parts[2]) or {}).get("msg_type")
            if self.track_message_type(msg_type) or self.track_message_type(parent_type) or kernel.execution_state == "busy":
                self.last_kernel_activity = kernel.last_activity = utcnow()
            if msg_type == "status":
                state = json.loads(parts[4]).get("execution_state")
                if self.track_message_type(parent_type):
                    kernel.execution_state = state
                elif kernel.execution_state == "starting" and state != "starting":
                    kernel.execution_state = "idle"  # as Jupyter Server: "idle" once started, unless tracked

        kernel._activity_stream.on_recv(record_activity)

def header_activity_watch() -> tuple[type, ...]:
    """The bases to put before Jupyter Server's kernel manager: the header watch, or none outside
    Jupyter Server's verified versions."""
    return (HeaderActivityWatch,) if verified("jupyter_server") else ()
