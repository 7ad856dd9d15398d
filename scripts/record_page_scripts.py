"""Record which scripts a page of the app fetches, into `piquet_widgets/app/page_scripts.json`
(the list `piquet-widgets serve` joins into one response). Run it again after upgrading Voilà,
ipywidgets or anywidget; `tests/browser/test_page_scripts_browser.py` fails while the list is out
of date.

    python scripts/record_page_scripts.py

It starts the README's `serve` with every Jupyter and home folder in a temporary folder, opens
the app in Chromium with the joined scripts answered empty (so that the page fetches each script
itself), opens every section, and writes the chunks fetched in the order asked: Voilà's
(`static/…`) and the labextensions' (`labextensions/…`), not `voila.js` nor the extensions'
`remoteEntry` files, which are what load the chunks.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "tests"), str(REPO / "tests" / "load")]

from playwright.sync_api import sync_playwright  # noqa: E402
from servers import serve_command  # noqa: E402
from support import CHROMIUM, CHROMIUM_ARGS, free_port, isolated_environment  # noqa: E402

from piquet_widgets.app import page_scripts  # noqa: E402

SECTIONS = ["walkthrough", "practice", "glossary", "lessons"]


def record(base: str) -> list[str]:
    fetched: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.route(f"**/{page_scripts.URL}", lambda route: route.fulfill(body="", content_type="text/javascript"))
        page.on("request", lambda request: fetched.append(request.url))
        page.goto(base + "/", timeout=120_000)
        page.locator(".pw-section-lessons").wait_for(timeout=120_000)
        for name in SECTIONS:
            page.locator(f".pw-nav-{name}").click()
            page.wait_for_timeout(2_000)  # a section's widgets may bring their own chunks
        browser.close()
    return list(dict.fromkeys(path for path in map(page_scripts.chunk, fetched) if path))


def wait_until_listening(port: int, server: subprocess.Popen, log: Path, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server exited:\n{log.read_text()}")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise SystemExit(f"the server did not listen within {timeout:.0f} s:\n{log.read_text()}")


def main() -> int:
    with tempfile.TemporaryDirectory() as home:
        port = free_port()
        log = Path(home) / "serve.log"
        with log.open("w") as output:
            server = subprocess.Popen(serve_command(port), env=isolated_environment(Path(home)), cwd=home, stdout=output, stderr=subprocess.STDOUT)
        try:
            wait_until_listening(port, server, log)
            scripts = record(f"http://127.0.0.1:{port}")
        finally:
            server.terminate()
            server.wait(timeout=30)
    page_scripts.LISTED.write_text(json.dumps({"scripts": scripts}, indent=1) + "\n", encoding="utf-8")
    print(f"{len(scripts)} scripts written to {page_scripts.LISTED.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
