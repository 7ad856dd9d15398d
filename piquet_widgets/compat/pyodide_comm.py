"""Widget messages from a kernel in the browser (Pyodide, the static site), with None as null.

jupyterlite-pyodide-kernel hands each comm message to the page through Pyodide's `toJs`, which
turns Python's None into JavaScript's `undefined`, not JSON's `null`. A widget trait set back to
None then never reaches the page as such: ipywidgets' front end clears a layout property only on
`null`, so a panel hidden with `layout.display = "none"` stayed hidden when shown again with
None (the walkthrough's "What next?" panel, its summary, the drills' parts). Here the message's
content goes to the page as a JavaScript object parsed from its JSON, None as `null`, as a
served kernel sends it. Verified against jupyterlite-pyodide-kernel 0.7.0 (its
`pyodide_kernel.comm.Comm.publish_msg`, and its worker's `sendComm`, which passes a JavaScript
object through unchanged); with another version, or outside Pyodide, nothing is changed.
"""

from __future__ import annotations

import json
import sys

__all__ = ["null_safe_comms"]

VERIFIED = "0.7.0"


def null_safe_comms() -> bool:
    """Send the comm messages of Pyodide's kernel with None as null; whether it is done."""
    if sys.platform != "emscripten":
        return False
    try:
        import js  # Pyodide's bridge to the page's JavaScript
        import pyodide_kernel
        from pyodide_kernel.comm import Comm
    except ImportError:
        return False
    if getattr(pyodide_kernel, "__version__", None) != VERIFIED:
        return False
    if getattr(Comm.publish_msg, "null_safe", False):
        return True
    original = Comm.publish_msg

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):  # noqa: ANN001, ANN202 (the kernel's signature)
        content = dict(data={} if data is None else data, comm_id=self.comm_id, **keys)
        try:
            text = json.dumps(content)
        except (TypeError, ValueError):  # not JSON (never a widget's state): the kernel's own way
            return original(self, msg_type, data, metadata, buffers, **keys)
        if buffers is not None:
            buffers = [(buffer.tobytes() if hasattr(buffer, "tobytes") else buffer) for buffer in buffers]
        from IPython.core.getipython import get_ipython

        get_ipython().send_comm(msg_type, js.JSON.parse(text), {} if metadata is None else metadata, self.topic, buffers)
        return None

    publish_msg.null_safe = True  # type: ignore[attr-defined]
    Comm.publish_msg = publish_msg
    return True
