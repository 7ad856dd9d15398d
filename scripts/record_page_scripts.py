"""Record which scripts a page of the app fetches, into `piquet_widgets/app/page_scripts.json`
(the list `piquet-widgets serve` joins into one response). Run it again after upgrading Voilà,
ipywidgets or anywidget; `tests/browser/test_page_scripts_browser.py` fails while the list is out
of date.

    python scripts/record_page_scripts.py [--output FILE]

It starts the README's `serve` with every Jupyter and home folder in a temporary folder, opens
the app in Chromium with the joined scripts answered empty (so that the page fetches each script
itself), opens every section, and writes the chunks fetched in the order asked: Voilà's
(`static/…`) and the labextensions' (`labextensions/…`), not `voila.js` nor the extensions'
`remoteEntry` files, which are what load the chunks.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "tests"), str(REPO / "tests" / "load")]

from playwright.sync_api import sync_playwright  # noqa: E402
from servers import serve_command  # noqa: E402
from support import CHROMIUM, CHROMIUM_ARGS, free_port, isolated_environment, wait_for_port  # noqa: E402

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=page_scripts.LISTED, help="where to write the list (the package's own by default)")
    output = parser.parse_args().output
    with tempfile.TemporaryDirectory() as home:
        port = free_port()
        log = Path(home) / "serve.log"
        with log.open("w") as written:
            server = subprocess.Popen(serve_command(port), env=isolated_environment(Path(home)), cwd=home, stdout=written, stderr=subprocess.STDOUT)
        try:
            wait_for_port(port, server, time.monotonic() + 120)
            scripts = record(f"http://127.0.0.1:{port}")
        except Exception:
            print(log.read_text(errors="replace"), file=sys.stderr)  # what the server said
            raise
        finally:
            server.terminate()
            server.wait(timeout=30)
    output.write_text(json.dumps({"scripts": scripts}, indent=1) + "\n", encoding="utf-8")
    print(f"{len(scripts)} scripts written to {output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
