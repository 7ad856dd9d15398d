"""What tests that start servers or browsers share: free ports, an environment whose Jupyter,
IPython, XDG and home folders all live in a temporary folder, waiting for a server, and how to
find and launch Chromium (Debian's, or Playwright's own: whichever scripts/setup-tests.sh installed)."""

from __future__ import annotations

import http.server
import os
import re
import shutil
import signal
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest

REPO = Path(__file__).resolve().parents[1]
DEBIAN_CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
START_TIMEOUT = 60.0


def find_chromium() -> Path | None:
    """Debian's Chromium if it is installed, else the one `python -m playwright install chromium`
    downloads, else None."""
    found = shutil.which("chromium")
    if found:
        return Path(found)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        own = Path(playwright.chromium.executable_path)
    return own if own.exists() else None


# Where tests and benchmarks launch Chromium from; a missing one fails with NO_CHROMIUM.
CHROMIUM = find_chromium() or DEBIAN_CHROMIUM
NO_CHROMIUM = "no Chromium found: run bash scripts/setup-tests.sh (it installs Debian's chromium or Playwright's)"


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def isolated_folders(home: Path) -> dict[str, str]:
    """Every Jupyter, IPython, XDG and home folder variable, pointed at a new folder in `home`."""
    folders = {
        "HOME": "home",
        "JUPYTER_CONFIG_DIR": "jupyter/config",
        "JUPYTER_DATA_DIR": "jupyter/data",
        "JUPYTER_RUNTIME_DIR": "jupyter/runtime",
        "IPYTHONDIR": "ipython",
        "XDG_CONFIG_HOME": "xdg/config",
        "XDG_DATA_HOME": "xdg/data",
        "XDG_CACHE_HOME": "xdg/cache",
        "XDG_RUNTIME_DIR": "xdg/runtime",
        "MPLCONFIGDIR": "matplotlib",
    }
    for folder in folders.values():
        (home / folder).mkdir(parents=True, exist_ok=True)
    return {name: str(home / folder) for name, folder in folders.items()}


def isolated_environment(home: Path) -> dict[str, str]:
    """This environment with every Jupyter, IPython, XDG and home folder inside `home`, and this
    checkout importable."""
    env = dict(os.environ) | isolated_folders(home)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    return env


def wait_for_port(port: int, process: subprocess.Popen, deadline: float) -> None:
    """Wait until something listens on the port, without sending a page request (which would
    take a ready kernel)."""
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with status {process.returncode}")
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.02)
    raise TimeoutError("the server did not start")


def wait_until_answers(url: str, process: subprocess.Popen, log: Path, timeout: float = START_TIMEOUT) -> None:
    """Wait until `url` answers 200, failing with the server's log if it dies or takes too long."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the server exited with status {process.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    pytest.fail(f"the server did not answer at {url} within {timeout:.0f} s:\n{log.read_text()}")


def terminate(process: subprocess.Popen, timeout: float = 30) -> None:
    """Stop a server started by a test or a benchmark: SIGTERM (Voilà and JupyterHub then stop
    their kernels and servers), SIGKILL if it has not stopped within `timeout` seconds."""
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def documented_lesson(folder: Path) -> Path:
    """Write the example lesson of docs/teaching.md ("Writing a lesson of your own") into
    `folder`, as the page shows it: the YAML block whose first line names its file."""
    page = (REPO / "docs" / "teaching.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```yaml\n(# club-lessons/(\S+)\n.*?)^```$", page, flags=re.M | re.S)
    assert len(blocks) == 1, "docs/teaching.md has one example lesson, its first line naming its file"
    (content, name), = blocks
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(content, encoding="utf-8")
    return path
@contextmanager
def static_site_served(site: Path) -> Iterator[str]:
    """A folder served as any static host serves it, on 127.0.0.1 and a free port, in a thread of
    this process (`python -m http.server`'s handler, without its log); yields its URL."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, directory=str(site), **kwargs)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def only_this_machine(context: object, outside: list[str]) -> None:
    """Route every request of a Playwright browser context: this machine's are let through, any
    other is refused and noted in `outside` (a test then fails on it)."""
    def route(route: object) -> None:
        parts = urlsplit(route.request.url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in ("127.0.0.1", "localhost", "::1"):
            outside.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    context.route("**/*", route)
