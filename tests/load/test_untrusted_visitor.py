"""A visitor is untrusted: what `serve` refuses, at the level of HTTP and the kernel websocket.

The server is the README's command with `--allow-host piquet.example.org` (and, for the full
table, `--max-visitors 1`):

- a request whose `Host` names another host (DNS rebinding: a page of evil.example.com whose
  name now points at 127.0.0.1) is refused with 403 and one log line, the page and the kernel
  websocket alike; localhost, 127.0.0.1, [::1] and the allowed name are served;
- the kernel websocket refuses an `Origin` other than the host it is asked on;
- malformed widget messages, in either of the websocket's protocols, leave the kernel working and bring back no traceback and no path;
- URLs other than the app answer 404, template paths with `..` too, with no traceback in the log;
- no answer names the server's software or its version (no `Server` header), nor do the page's
  settings (`jupyter-config-data`);
- with one visitor on the page, a second gets the short "table is full" page (503), in the
  language its link asks for, and no kernel.

The websocket handshakes are written by hand (a few lines of HTTP) so that the test chooses the
`Host` and `Origin` headers exactly as a hostile page's browser would send them.
"""

from __future__ import annotations

import asyncio
import base64
import http.client
import json
import os
import re
import socket
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from load import servers
from load.voila_protocol import V1_PROTOCOL, Visitor, run
from piquet_widgets.i18n import _, set_language

pytestmark = pytest.mark.slow

ALLOWED = "piquet.example.org"
FOREIGN = "evil.example.com"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[servers.Server]:
    command = lambda port: servers.serve_command(port, "--allow-host", ALLOWED)
    try:
        started = servers.start(command, tmp_path_factory.mktemp("untrusted"), pool=1)
    except servers.ServerError as error:
        pytest.fail(str(error))
    yield started
    servers.stop(started)


def get(server: servers.Server, path: str, host: str | None = None) -> tuple[int, str]:
    """Status and body of a GET on the server, naming `host` in the Host header."""
    request = urllib.request.Request(server.url + path, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


def handshake(server: servers.Server, path: str, host: str, origin: str) -> int:
    """The status a websocket handshake on `path` gets, with these Host and Origin headers."""
    key = base64.b64encode(os.urandom(16)).decode()
    request = (
        f"GET {path} HTTP/1.1\r\nHost: {host}\r\nOrigin: {origin}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as connection:
        connection.sendall(request.encode())
        status_line = connection.makefile("rb").readline().decode()
    return int(status_line.split()[1])


def page_kernel(html: str) -> str:
    found = re.search(r'"kernelId"\s*:\s*"([0-9a-f-]{36})"', html)
    assert found, html[:300]
    return found.group(1)


def test_a_foreign_host_is_refused_and_an_allowed_one_served(server: servers.Server) -> None:
    log_before = len(server.log_text().splitlines())
    status, body = get(server, "/", host=FOREIGN)
    assert status == 403 and "kernelId" not in body
    status, body = get(server, "/", host=f"{FOREIGN}:{server.port}")
    assert status == 403 and "kernelId" not in body
    refusals = [line for line in server.log_text().splitlines()[log_before:] if FOREIGN in line]
    assert len(refusals) == 2, refusals  # one line for each refused request
    for host in (ALLOWED, f"localhost:{server.port}", f"[::1]:{server.port}"):
        status, body = get(server, "/", host=host)
        assert status == 200, host
        kernel = page_kernel(body)
        path = f"/api/kernels/{kernel}/channels"
        # The page's own websocket is accepted; the same from a foreign host is not.
        assert handshake(server, path, host, f"http://{host}") == 101, host
        assert handshake(server, path, FOREIGN, f"http://{FOREIGN}") == 403


def test_the_kernel_websocket_checks_the_origin(server: servers.Server) -> None:
    status, body = get(server, "/")
    assert status == 200
    path = f"/api/kernels/{page_kernel(body)}/channels"
    host = f"127.0.0.1:{server.port}"
    assert handshake(server, path, host, f"http://{FOREIGN}") == 403
    assert handshake(server, path, host, f"http://{ALLOWED}") == 403
    assert handshake(server, path, host, f"http://{host}") == 101


@pytest.mark.parametrize("path", ["/logout", "/login", "/voila/templates/x", "/voila/templates/lab/static/nothing.js",
                                  "/nonexistent", "/api/kernels", "/tree", "/app.ipynb"])
def test_unknown_urls_are_not_found(server: servers.Server, path: str) -> None:
    status, body = get(server, path)
    assert status == 404, (path, status)
    assert "Traceback" not in body and "site-packages" not in body and len(body) < 200


@pytest.mark.parametrize("path", [
    "/voila/templates/lab/static/../../../etc/passwd",
    "/voila/templates/piquet/static/../conf.json",
    "/voila/templates/lab/static/..%2f..%2fconf.json",
    "/voila/templates/lab/static/%2e%2e/%2e%2e/conf.json",
    "/voila/templates/x/static/../../../..//etc/passwd",
    "/voila/templates/lab/static",
    "/voila/templates/../static/x",
])
def test_template_paths_with_dots_are_not_found_quietly(server: servers.Server, path: str) -> None:
    log_before = len(server.log_text())
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        connection.request("GET", path)  # as written: no client resolves the dots first
        response = connection.getresponse()
        status, body = response.status, response.read().decode("utf-8", "replace")
    finally:
        connection.close()
    assert status == 404 and body == "404: Not Found", (path, status, body)
    logged = server.log_text()[log_before:]
    assert "Traceback" not in logged and "Uncaught exception" not in logged and "500" not in logged, logged


def test_no_version_is_advertised(server: servers.Server) -> None:
    import tornado
    import voila

    answers = {}
    for path in ("/", "/nonexistent", "/voila/templates/piquet/static/piquet-page.css"):
        try:
            with urllib.request.urlopen(server.url + path, timeout=60) as response:
                answers[path] = (dict(response.headers), response.read().decode("utf-8", "replace"))
        except urllib.error.HTTPError as error:
            answers[path] = (dict(error.headers), "")
    for path, (headers, _body) in answers.items():
        assert "Server" not in headers and not any("Tornado" in value for value in headers.values()), (path, headers)
    # The page's settings work (they name the page's kernel) and name no version of the software.
    page = answers["/"][1]
    config = json.loads(re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', page, re.S).group(1))
    assert config["kernelId"] == page_kernel(page) and "appVersion" not in config
    assert voila.__version__ not in json.dumps(config) and f"voila/{voila.__version__}" not in page and tornado.version not in page


GARBAGE = [
    {"method": "update", "state": {"children": 5}},
    {"method": "update", "state": {"layout": "IPY_MODEL_nothing"}},
    {"method": "nonsense"},
    "garbage",
    {"method": "custom", "content": {"type": "click", "card": "ZZ", "seq": "x"}},
    {"method": "request_state"},
]


async def send_garbage(url: str, protocol: str) -> tuple[list[dict], float]:
    visitor = Visitor(url, timeout=60, protocol=protocol)
    await visitor.open()
    try:
        before = len(visitor.received)
        targets = [visitor.root_id, visitor.find("pw-nav-glossary"), "no-such-comm"]
        for comm_id in targets:
            for data in GARBAGE:
                msg_id = await visitor.send("comm_msg", {"comm_id": comm_id, "data": data})
                await visitor.wait_idle(msg_id, 30)
        await asyncio.sleep(1.0)  # anything late arrives by now
        answers = visitor.received[before:]
        # The kernel still works: a click builds the glossary.
        latency = await visitor.click(visitor.find("pw-nav-glossary"))
        assert visitor.find_all("pw-glossary")
        return answers, latency
    finally:
        await visitor.close()


@pytest.mark.parametrize("protocol", [V1_PROTOCOL, ""], ids=["v1", "json"])
def test_malformed_widget_messages_bring_back_no_traceback(server: servers.Server, protocol: str) -> None:
    answers, latency = run(send_garbage(server.url, protocol))
    text = json.dumps(answers)
    assert latency < 30
    assert not [m for m in answers if m.get("msg_type") == "error"], text[:2000]
    assert "Traceback" not in text and "site-packages" not in text and ".py" not in text, text[:2000]
    assert str(Path(servers.__file__).resolve().parents[2]) not in text


async def visit_and_hold(url: str) -> Visitor:
    visitor = Visitor(url, timeout=60)
    await visitor.open()
    return visitor


def test_a_full_table_says_so_in_the_links_language(start_server) -> None:
    server = start_server(lambda port: servers.serve_command(port, "--max-visitors", "1"))
    loop = asyncio.new_event_loop()
    try:
        holder = loop.run_until_complete(visit_and_hold(server.url))  # the one visitor allowed
        kernels = server.kernels()
        status, body = get(server, "/?lang=fr&lesson=2")
        assert status == 503
        set_language("fr")
        assert _("The table is full — try again in a minute.") in body
        set_language("en")
        assert '<html lang="fr">' in body and "kernelId" not in body
        status, body = get(server, "/")
        assert status == 503 and "The table is full — try again in a minute." in body
        assert server.kernels() <= kernels  # no kernel started for a refused visitor
        loop.run_until_complete(holder.close())
    finally:
        loop.close()
