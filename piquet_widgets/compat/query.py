"""A preheated kernel's wait for its visitor's request, as Voilà's `voila.utils.wait_for_request`
does it, without importing Voilà's server into every kernel (that import alone costs a kernel some
40 MB). Copied from, and verified against, Voilà 0.5.13 (the environment variables it reads and
the `voila/query/KERNEL` websocket it asks); outside Voilà's verified versions, Voilà's own.
"""

from __future__ import annotations

import json
import os

from piquet_widgets.compat import verified


def wait_for_request() -> None:
    """Wait for the visitor's request and put its details (`QUERY_STRING`…) in the environment;
    if the server does not answer, leave the environment as it is."""
    if not verified("voila"):
        from voila.utils import wait_for_request as voilas_own

        voilas_own()
        return
    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    url = "{protocol}://{ip}:{port}{base}voila/query/{kernel}".format(
        protocol=os.environ.get("VOILA_WS_PROTOCOL", "ws"),
        ip=os.environ.get("VOILA_APP_IP", "127.0.0.1"),
        port=os.environ.get("VOILA_APP_PORT", "8866"),
        base=base,
        kernel=os.environ.get("VOILA_KERNEL_ID", ""),
    )
    try:
        with connect(url, open_timeout=5) as socket:
            info = json.loads(socket.recv())
    except (OSError, ValueError, WebSocketException):  # the app then opens as it does with no link
        return
    os.environ.update({str(key): str(value) for key, value in info.items()})
