"""The tutorial app's speed and size (issue 4). Prints its figures and writes them to
benchmarks/results/app.json.

    python benchmarks/bench_app.py [--runs 3] [--visitors 5] [--pool 1] [--json]

- cold start: from running `python -m piquet_widgets serve --no-browser --port N` to the first
  widget of the page visible in Chromium (the page is requested as soon as the server answers);
- new visitor: a running server, warmed up, and a new browser context opening `/`: from the
  request to the first widget visible (median of `--runs`, each after the kernel pool refilled),
  and what its browser fetched by the time the lesson is drawn: files and bytes received, the
  page included;
- memory per visitor: `--visitors` pages opened at once, then the resident memory (RSS, and the
  unique memory USS) of each visitor's kernel, read with psutil.

Every Jupyter and home folder points into a temporary folder. `--pool 0` measures the server
without preheated kernels (Voilà run directly with the same arguments as `serve`); the default
is `serve`'s own setting. Needs Playwright and Debian's chromium, and psutil.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path

from playwright.sync_api import Browser, expect, sync_playwright

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from figures import figure, machine, write_results  # noqa: E402
from support import CHROMIUM, CHROMIUM_ARGS, free_port, isolated_environment, wait_for_port  # noqa: E402
FIRST_WIDGET = ".pw-app"
# what the link opened: the landing page's lesson, its cards drawn
CONTENT = ".pw-section-lessons .pw-cards"
TIMEOUT = 60.0


# The visitors opened at once all come from this machine's address: one client's share holds them.
SHARE = 100


def server_command(port: int, pool: int | None) -> list[str]:
    if pool is None:
        return [sys.executable, "-m", "piquet_widgets", "serve", "--no-browser", "--port", str(port), "--max-per-client", str(SHARE)]
    code = (
        "from piquet_widgets.app.voila_app import PiquetVoila; from piquet_widgets.app.server import voila_arguments; "
        f"PiquetVoila.launch_instance(argv=voila_arguments({port}, False, class_size={pool}, max_per_client={SHARE}))"
    )
    return [sys.executable, "-c", code]


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


@dataclass(frozen=True)
class Visit:
    """One page opened in a new browser context: seconds to the first widget and to the lesson's
    cards, and what the browser fetched by then (the page included): files and bytes received."""

    first: float
    content: float
    files: int
    received: int


# The page and every file after it, with the bytes each took on the wire (headers included).
FETCHED = "[performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')].map(entry => entry.transferSize)"


def first_widget(browser: Browser, url: str) -> Visit:
    """Open `url` in a new browser context, as a new visitor does."""
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    try:
        page = context.new_page()
        start = time.monotonic()
        page.goto(url, wait_until="commit", timeout=TIMEOUT * 1000)
        expect(page.locator(FIRST_WIDGET)).to_be_visible(timeout=TIMEOUT * 1000)
        first = time.monotonic() - start
        expect(page.locator(CONTENT).first).to_be_visible(timeout=TIMEOUT * 1000)
        content = time.monotonic() - start
        sizes = page.evaluate(FETCHED)
        return Visit(first, content, len(sizes), sum(sizes))
    finally:
        context.close()


class Server:
    """The app's server in a temporary home; stopped with SIGTERM like a user's Ctrl-C."""

    def __init__(self, pool: int | None) -> None:
        self.home = Path(tempfile.mkdtemp(prefix="bench_app_"))
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = (self.home / "serve.log").open("w")
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            server_command(self.port, pool), cwd=self.home, env=isolated_environment(self.home), stdout=self.log, stderr=subprocess.STDOUT
        )

    def kernels(self) -> list:
        import psutil

        return [child for child in psutil.Process(self.process.pid).children(recursive=True) if "ipykernel" in " ".join(child.cmdline())]

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


def wait_for_pool(server: Server, kernels: int, seconds: float = 90.0) -> None:
    """Wait until the server holds `kernels` kernels (the visitors' and the preheated pool's,
    refilled behind the last visitor) and the newest has run the notebook's first cell."""
    deadline = time.monotonic() + seconds
    while len(server.kernels()) < kernels:
        if time.monotonic() > deadline:
            raise RuntimeError(f"the pool did not refill within {seconds:.0f} s: {len(server.kernels())} of {kernels} kernels")
        time.sleep(0.2)
    time.sleep(3)  # the pool's newest kernel runs the notebook's first cell


def cold_start(browser: Browser, pool: int | None) -> Visit:
    """The first visit, its seconds counted from starting the server."""
    server = Server(pool)
    try:
        wait_for_port(server.port, server.process, server.started + TIMEOUT)
        before = time.monotonic() - server.started
        visit = first_widget(browser, server.url)
        return Visit(before + visit.first, before + visit.content, visit.files, visit.received)
    finally:
        server.stop()


def new_visitors(browser: Browser, pool: int | None, runs: int, pool_size: int) -> list[Visit]:
    server = Server(pool)
    try:
        wait_for_port(server.port, server.process, server.started + TIMEOUT)
        first_widget(browser, server.url)  # warm up: the first visitor pays for the cold start
        times = []
        for _ in range(runs):
            wait_for_pool(server, pool_size + len(times) + 1)
            times.append(first_widget(browser, server.url))
        return times
    finally:
        server.stop()


def memory(browser: Browser, pool: int | None, visitors: int) -> dict[str, float] | None:
    try:
        import psutil  # noqa: F401
    except ImportError:
        return None
    server = Server(pool)
    contexts = []
    try:
        wait_for_port(server.port, server.process, server.started + TIMEOUT)
        pages = []
        for _ in range(visitors):
            context = browser.new_context()
            contexts.append(context)
            page = context.new_page()
            page.goto(server.url, wait_until="commit", timeout=TIMEOUT * 1000)
            pages.append(page)
        for page in pages:
            expect(page.locator(FIRST_WIDGET)).to_be_visible(timeout=TIMEOUT * 1000)
            # every visitor does something: opens the walkthrough and steps it once
            page.locator(".pw-nav-walkthrough").click()
            page.locator(".pw-section-walkthrough .pw-next").first.click(timeout=TIMEOUT * 1000)
        time.sleep(2)
        kernels = server.kernels()
        rss = sorted(kernel.memory_info().rss / 2**20 for kernel in kernels)
        uss = sorted(kernel.memory_full_info().uss / 2**20 for kernel in kernels)
        server_rss = psutil_rss(server.process.pid)
        # the visitors' kernels are the largest; the others are idle pooled kernels
        visitor_rss, visitor_uss = rss[-visitors:], uss[-visitors:]
        return {
            "kernels": len(kernels),
            "visitor_rss_mean_mb": statistics.mean(visitor_rss),
            "visitor_rss_max_mb": max(visitor_rss),
            "visitor_uss_mean_mb": statistics.mean(visitor_uss),
            "server_rss_mb": server_rss,
            "total_rss_mb": sum(rss) + server_rss,
        }
    finally:
        for context in contexts:
            context.close()
        server.stop()


def psutil_rss(pid: int) -> float:
    import psutil

    return psutil.Process(pid).memory_info().rss / 2**20


def written(figures: dict, colds: list[Visit], visits: list[Visit], visitors: int) -> list[dict]:
    """The figures of benchmarks/results/app.json."""
    pool = "" if figures["pool_size"] else ", no kernel pool"
    result = [
        figure("cold_start", f"cold start, the command to the first widget{pool}", figures["cold_start_s"], "s", "< 5 s", [v.first for v in colds]),
        figure("cold_start_lesson", "cold start, the command to the lesson drawn", figures["cold_start_content_s"], "s", None, [v.content for v in colds]),
        figure("new_visitor", f"a new visitor to a running server, the request to the first widget, the pool refilled behind the one before{pool}",
               figures["new_visitor_s"], "s", "< 1.5 s", [v.first for v in visits]),
        figure("new_visitor_lesson", "a new visitor, the request to the lesson drawn", figures["new_visitor_content_s"], "s", None, [v.content for v in visits]),
        figure("new_visitor_files", "what a new visitor's browser fetched, the page included: files", figures["new_visitor_files"], "files", None, [v.files for v in visits]),
        figure("new_visitor_kb", "what a new visitor's browser fetched: kilobytes received", figures["new_visitor_received_kb"], "kB", None, [v.received / 1024 for v in visits]),
    ]
    memory = figures["memory"]
    if memory:
        result += [
            figure("visitor_rss", f"kernel memory per visitor, {visitors} at once, each having stepped a walkthrough (RSS, mean)", memory["visitor_rss_mean_mb"], "MB", "< 120 MB"),
            figure("visitor_uss", "kernel memory per visitor, its own (USS, mean)", memory["visitor_uss_mean_mb"], "MB"),
            figure("server_rss", "the server process (RSS)", memory["server_rss_mb"], "MB"),
        ]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--visitors", type=int, default=5)
    parser.add_argument("--pool", type=int, default=None, help="kernel pool size (default: what `serve` uses)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    started = machine()
    from piquet_widgets.app.server import CLASS_SIZE

    pool_size = CLASS_SIZE if args.pool is None else args.pool
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            colds = [cold_start(browser, args.pool) for _ in range(args.runs)]
            visits = new_visitors(browser, args.pool, args.runs, pool_size)
            mem = memory(browser, args.pool, args.visitors)
        finally:
            browser.close()
    figures = {
        "pool_size": pool_size,
        "cold_start_s": statistics.median(visit.first for visit in colds),
        "cold_start_content_s": statistics.median(visit.content for visit in colds),
        "new_visitor_s": statistics.median(visit.first for visit in visits),
        "new_visitor_content_s": statistics.median(visit.content for visit in visits),
        "new_visitor_files": statistics.median(visit.files for visit in visits),
        "new_visitor_received_kb": statistics.median(visit.received for visit in visits) / 1024,
        "runs": {"cold_start": [asdict(visit) for visit in colds], "new_visitor": [asdict(visit) for visit in visits]},
        "memory": mem,
    }
    write_results("app", written(figures, colds, visits, args.visitors), started=started)
    if args.json:
        print(json.dumps(figures))
        return

    def runs(visits: list[Visit]) -> str:
        return ", ".join(f"{visit.first:.2f}" for visit in visits)

    print(f"kernel pool size:                      {pool_size}")
    print(f"cold start, command to first widget:   {figures['cold_start_s']:.2f} s (median of {args.runs}: {runs(colds)}); "
          f"lesson drawn {figures['cold_start_content_s']:.2f} s")
    print(f"new visitor, request to first widget:  {figures['new_visitor_s']:.2f} s (median of {args.runs}: {runs(visits)}); "
          f"lesson drawn {figures['new_visitor_content_s']:.2f} s")
    print(f"new visitor, what the browser fetched: {figures['new_visitor_files']:.0f} files, the page included, "
          f"{figures['new_visitor_received_kb']:.0f} kB received (median)")
    if mem is None:
        print("memory per visitor:                    (install psutil to measure)")
    else:
        print(f"memory per visitor ({args.visitors} at once):       RSS {mem['visitor_rss_mean_mb']:.0f} MB mean, {mem['visitor_rss_max_mb']:.0f} MB max; "
              f"USS {mem['visitor_uss_mean_mb']:.0f} MB mean")
        print(f"server and all {mem['kernels']} kernels:              RSS {mem['total_rss_mb']:.0f} MB (server {mem['server_rss_mb']:.0f} MB)")


if __name__ == "__main__":
    main()
