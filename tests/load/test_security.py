"""A page cannot run code in its kernel (issue 7, "Security").

The server is the README's command, `python -m piquet_widgets serve --no-browser --port N`
(standalone Voilà). A visitor opens the page, connects to its kernel's websocket as the page
does, and sends what a hostile page could send instead of widget messages: an `execute_request`
whose code writes a file, on the shell channel and on the control channel, and the other
requests that would run or inspect code (`inspect_request`, `complete_request`,
`history_request`, `is_complete_request`, `debug_request`). Standalone Voilà passes on only the
messages the widgets need (comms, `kernel_info_request`, `shutdown_request`), so none of these
reach the kernel: no file appears and no reply with status ok comes back. A `kernel_info_request`
sent after them is answered, which shows that the connection works and that the kernel, which
handles its requests in order, would have run the code by then. The app still works afterwards.

Both of the websocket's protocols are tried: the binary one the page's JavaScript speaks, and
the older JSON one that any client may still ask for.

No list of the server's kernels is served either: a visitor cannot find another's kernel.
"""

from __future__ import annotations

import asyncio
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from load.servers import serve_command
from load.voila_protocol import V1_PROTOCOL, Visitor

pytestmark = pytest.mark.slow  # each test starts the app's server


def forbidden_requests(target: Path) -> list[tuple[str, str, dict]]:
    code = f"open({str(target)!r}, 'w').write('ran')"
    execute = {"code": code, "silent": False, "store_history": True, "user_expressions": {}, "allow_stdin": False, "stop_on_error": True}
    return [
        ("shell", "execute_request", execute),
        ("control", "execute_request", execute),
        ("shell", "execute_request", {**execute, "code": f"import os; os.system('touch {target}')", "silent": True}),
        ("shell", "inspect_request", {"code": "open", "cursor_pos": 4, "detail_level": 0}),
        ("shell", "complete_request", {"code": "import o", "cursor_pos": 8}),
        ("shell", "history_request", {"output": False, "raw": True, "hist_access_type": "tail", "n": 10}),
        ("shell", "is_complete_request", {"code": "1 +"}),
        ("control", "debug_request", {"type": "request", "seq": 1, "command": "evaluate", "arguments": {"expression": code}}),
    ]


async def attack(url: str, target: Path, protocol: str) -> tuple[list[dict], dict | None, Visitor]:
    visitor = Visitor(url, timeout=60, protocol=protocol)
    await visitor.open()
    assert visitor.find_all("pw-nav-lessons"), "the app's page did not load"
    sent = []
    for channel, msg_type, content in forbidden_requests(target):
        message = visitor._message(msg_type, content, channel=channel)
        sent.append(message["header"]["msg_id"])
        await visitor.write(message)
    probe = await visitor.send("kernel_info_request", {})
    info = await visitor.reply(probe, 30)
    await asyncio.sleep(1.0)  # anything late would have arrived by now
    answers = [m for m in visitor.received if m.get("parent_header", {}).get("msg_id") in sent]
    return answers, info, visitor


@pytest.mark.parametrize("protocol", [V1_PROTOCOL, ""], ids=["v1", "json"])
def test_code_sent_over_the_kernel_websocket_is_not_run(start_server, tmp_path: Path, protocol: str) -> None:
    server = start_server(serve_command)
    target = tmp_path / "ran.txt"
    loop = asyncio.new_event_loop()
    try:
        answers, info, visitor = loop.run_until_complete(attack(server.url, target, protocol))
        assert info is not None and info["content"]["status"] == "ok", "the kernel did not answer a request it should"
        assert not target.exists(), "code sent by the page ran in the kernel"
        assert not [m for m in answers if m.get("content", {}).get("status") == "ok"], answers
        assert not [m for m in answers if m.get("msg_type") in ("execute_result", "stream", "execute_input")], answers
        # The app still answers clicks.
        latency = loop.run_until_complete(visitor.click(visitor.find("pw-nav-glossary")))
        assert visitor.find_all("pw-glossary") and latency < 30
        loop.run_until_complete(visitor.close())
    finally:
        loop.close()
    log = server.log_text()
    assert "dropped a message from its page (execute_request on shell)" in log

    # No list of the server's kernels (nor files, nor terminals) is served.
    for path in ("/api/kernels", "/api/sessions", "/api/contents", "/api/terminals", "/lab", "/tree"):
        request = urllib.request.Request(server.url + path)
        opener = urllib.request.build_opener(NoRedirect())
        try:
            with opener.open(request, timeout=30) as response:
                body = response.read().decode("utf-8", "replace")
                status = response.status
        except urllib.error.HTTPError as error:
            status, body = error.code, ""
        if status == 200:
            # Any other path renders the app itself (a page with its own kernel), never a listing.
            assert "kernelId" in body and '"connections"' not in body, path
        else:
            assert status in (301, 302, 403, 404, 405), (path, status)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None
