"""The static site (`piquet-widgets build-static`) in Chromium on this machine. Prints its figures
and writes them to benchmarks/results/static.json.

    python benchmarks/bench_static.py [--runs 3] [--site DIR] [--read 1.5]

- size: the built site's files, and what a first visit downloads (every file the page asked for,
  by the time the app is drawn, as stored on the site: a host that gzips sends less);
- first widget, cold: a new browser context (empty cache) opening the site: from the request to
  the app visible (Python starting in the page, its wheels loaded);
- first widget, warm: the same visitor opening the site again in a new tab (the browser's cache filled);
- a walkthrough click: from the click on Next to the new step shown (median of 10 clicks);
- the exchange hint: the practice table's first hint for elder, from the click to its words shown,
  on the deals shuffled from `SEEDS` (each opened by its link, `?seed=N`), and the CPU seconds
  the browser's processes spent meanwhile (the machine is shared: the wall time grows with the
  load of others, the CPU time hardly). Asked `--read` seconds after the hand is drawn, as
  `bench_clicks.py` asks the served table's (the page works the hint out while the learner
  reads), and asked at once;
- the closed computer's exchange: at a closed table (`?mode=closed&seed=N`), from the learner's
  confirmed discard (chosen `--read` seconds after his hand is drawn: meanwhile the page works
  out his hint) to his turn to speak, the computer (younger) having exchanged, on the same deals.

Served from 127.0.0.1 by Python's static file server (no download time); every other host is
refused. The site is built first (into a temporary folder) unless `--site` names one. Medians
of `--runs` visits.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

import psutil
from playwright.sync_api import Browser, Page, expect, sync_playwright

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO))

from figures import figure, machine, write_results  # noqa: E402
from support import CHROMIUM, CHROMIUM_ARGS, only_this_machine, static_site_served  # noqa: E402

TIMEOUT = 300_000  # ms
HINT_TIMEOUT = 60_000  # ms
CLICKS = 10
SEEDS = (1, 2, 3)  # the practice deals measured (fixed: a random deal's hint costs from one to three times another's)


def site_megabytes(site: Path) -> float:
    return sum(path.stat().st_size for path in site.rglob("*") if path.is_file()) / 1e6


def first_widget(page: Page, url: str) -> float:
    """Seconds from asking for the page to the app drawn."""
    start = time.perf_counter()
    page.goto(url)
    expect(page.locator(".pw-app")).to_be_visible(timeout=TIMEOUT)
    return time.perf_counter() - start


def visit(browser: Browser, url: str, site: Path) -> tuple[float, float, float]:
    """A new visitor's first widget and a second visit's (seconds), and the first visit's download (MB)."""
    outside: list[str] = []
    asked: list[str] = []
    context = browser.new_context(viewport={"width": 1100, "height": 1000})
    only_this_machine(context, outside)
    context.on("request", lambda request: asked.append(urlsplit(request.url).path))
    page = context.new_page()
    cold = first_widget(page, url)
    downloaded = sum((site / path.lstrip("/")).stat().st_size for path in set(asked) if (site / path.lstrip("/")).is_file()) / 1e6
    page.close()  # the visitor leaves, and comes back in a new tab: the browser's cache is filled
    warm = first_widget(context.new_page(), url)
    context.close()
    if outside:
        raise SystemExit(f"the page asked other hosts: {outside}")
    return cold, warm, downloaded


def walkthrough_clicks(page: Page) -> list[float]:
    """Milliseconds from each click on Next to its step shown."""
    page.locator(".pw-nav-walkthrough").click()
    label = page.locator(".pw-walkthrough .pw-step-label")
    expect(label).to_have_text(re.compile(r"Step 1 of"), timeout=TIMEOUT)
    times = []
    for step in range(2, CLICKS + 2):
        start = time.perf_counter()
        page.locator(".pw-walkthrough .pw-next").click()
        expect(label).to_have_text(re.compile(rf"Step {step} of"))
        times.append((time.perf_counter() - start) * 1000)
    return times


def browser_cpu() -> float:
    """CPU seconds spent so far by this process's children: the browser's processes."""
    total = 0.0
    for process in psutil.Process().children(recursive=True):
        try:
            times = process.cpu_times()
        except psutil.Error:  # ended meanwhile
            continue
        total += times.user + times.system
    return total


def exchange_hint(page: Page, url: str, seed: int, read: float) -> tuple[float, float] | None:
    """Seconds from the click on Hint (elder, before his exchange, on the deal shuffled from
    `seed`, `read` seconds after his hand is drawn) to its words, and the browser's CPU seconds
    meanwhile; None where the page's practice table offers no hint."""
    first_widget(page, f"{url}/?seed={seed}")
    table = page.locator(".pw-section-practice .pw-practice")
    expect(table.locator(".pw-hand-elder .pw-card")).to_have_count(12, timeout=TIMEOUT)
    time.sleep(read)
    hint = table.locator("button.pw-hint")
    cpu, start = browser_cpu(), time.perf_counter()
    hint.click()
    try:
        expect(table.locator(".pw-hint-text")).to_contain_text("Keep your", timeout=HINT_TIMEOUT)
    except AssertionError:  # the page gave no hint (an analysis this build cannot run)
        return None
    return time.perf_counter() - start, browser_cpu() - cpu


def closed_exchange(page: Page, url: str, seed: int, read: float) -> tuple[float, float]:
    """Seconds from the learner's confirmed discard (elder, one card, at a closed table, `read`
    seconds after his hand is drawn) to his turn to speak, the computer having exchanged; and
    the browser's CPU seconds meanwhile."""
    first_widget(page, f"{url}/?mode=closed&seed={seed}")
    table = page.locator(".pw-section-practice .pw-practice")
    expect(table.locator('.pw-hand-younger .pw-card[data-face="down"]')).to_have_count(12, timeout=TIMEOUT)
    time.sleep(read)
    table.locator(".pw-hand-elder .pw-card").first.click()
    cpu, start = browser_cpu(), time.perf_counter()
    table.locator("button.pw-confirm").click()
    expect(table.locator(".pw-speech button").first).to_be_visible(timeout=HINT_TIMEOUT)
    return time.perf_counter() - start, browser_cpu() - cpu


def measure(site: Path, runs: int, read: float) -> list[dict]:
    colds, warms, clicks, download = [], [], [], 0.0
    with static_site_served(site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for _run in range(runs):
            cold, warm, download = visit(browser, f"{url}/", site)
            colds.append(cold)
            warms.append(warm)
        context = browser.new_context(viewport={"width": 1280, "height": 1100})
        page = context.new_page()
        first_widget(page, f"{url}/")
        clicks = walkthrough_clicks(page)
        hints = {wait: [entry for seed in SEEDS if (entry := exchange_hint(page, url, seed, wait)) is not None] for wait in (read, 0.0)}
        closed = [closed_exchange(page, url, seed, read) for seed in SEEDS]
        context.close()
        browser.close()
    figures = [
        figure("site_size", "the built site's files", site_megabytes(site), "MB"),
        figure("first_visit_download", "a first visit's download, until the app is drawn (files as stored)", download, "MB"),
        figure("first_widget_cold", "first widget, a new visitor (empty cache)", statistics.median(colds), "s", runs=colds),
        figure("first_widget_warm", "first widget, the same visitor again (cache filled)", statistics.median(warms), "s", runs=warms),
        figure("walkthrough_click", "a click on Next in the walkthrough to the step shown", statistics.median(clicks), "ms", runs=clicks),
    ]
    for wait, key, when, target in ((read, "exchange_hint", f"asked {read:g} s after the hand is drawn", "under 3 s"), (0.0, "exchange_hint_at_once", "asked at once", None)):
        if hints[wait]:
            walls, cpus = [wall for wall, _ in hints[wait]], [cpu for _, cpu in hints[wait]]
            figures.append(figure(key, f"the practice table's first exchange hint for elder, {when} (fixed deals)", statistics.median(walls), "s",
                                  target=target, runs=walls))
            figures.append(figure(f"{key}_cpu", "the same hints: CPU seconds of the browser's processes from the click", statistics.median(cpus), "s", runs=cpus))
    walls, cpus = [wall for wall, _ in closed], [cpu for _, cpu in closed]
    figures.append(figure("closed_exchange", f"the closed computer's exchange, from the learner's discard ({read:g} s after his hand is drawn) to his turn to speak", statistics.median(walls), "s",
                          target="under 3 s", runs=walls))
    figures.append(figure("closed_exchange_cpu", "the same exchanges: CPU seconds of the browser's processes", statistics.median(cpus), "s", runs=cpus))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="visits measured, cold and warm (default: 3)")
    parser.add_argument("--site", type=Path, help="a site already built (default: build one into a temporary folder)")
    parser.add_argument("--read", type=float, default=1.5, help="seconds from the hand drawn to the click on Hint (default: 1.5, as bench_clicks.py)")
    args = parser.parse_args()
    started = machine()
    with tempfile.TemporaryDirectory() as work:
        site = args.site
        if site is None:
            from piquet_widgets.app.static_site import build_site

            site = Path(work) / "site"
            build_site(site)
        figures = measure(site, args.runs, args.read)
    for entry in figures:
        print(f"{entry['label']}: {entry['value']} {entry['unit']}")
    write_results("static", figures, note="served from 127.0.0.1: no download time; the site's files as built, not gzipped", started=started)


if __name__ == "__main__":
    main()
