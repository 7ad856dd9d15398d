"""Thirty visitors at once on one `piquet-widgets serve` (issue 7). Prints its figures and writes
them to benchmarks/results/load.json.

    python benchmarks/bench_load.py [--visitors 30] [--browsers 4] [--class-size 30] [--think 1] [--unclaimed 30] [--runs 1] [--json]

The server is the README's command for a class, `python -m piquet_widgets serve --no-browser
--port N --class-size 30`, with every Jupyter and home folder in a temporary folder, listening on
127.0.0.1 only. Once its pool of preheated kernels is ready (the memory of each ready kernel is
read then), all the visitors arrive at the same moment:

- `--browsers` of them are real pages in Debian's Chromium (one browser, one context each, driven
  by Playwright), open on a blank page before the start, as a class's browsers are, and
  Chromium idle again after its own start: the page is loaded, the walkthrough opened and
  `.pw-next` clicked until the deal's end;
- the others are protocol-level visitors (`tests/load/voila_protocol.py`): the same HTTP request
  of the page, then the kernel's websocket speaking the Jupyter widget protocol, sending the very
  comm messages a click sends. Half of them step the walkthrough to the deal's end, the other
  half open the practice table (`?seed=N`) and play its deal out as elder, card by card (cards
  the engine refuses included). Before each click a visitor waits `--think` seconds (1 s), as a
  learner reads the page; `--think 0` clicks as fast as the page answers. Thirty Chromium pages
  would not fit on two cores beside thirty kernels; the kernels' work per click is the same
  either way.

Figures:
- time to first widget: from the page's request to the app's first widget (a browser: `.pw-app`
  laid out, as the page itself records it, from the navigation's start; a protocol visitor: the
  page received and the root widget's state fetched from the kernel) — median and worst, for each
  kind of visitor; then time to the section the link opens (the app draws its frame first and
  builds the section once the page says it is drawn);
- where a browser's wait goes (medians over the browsers): the page received, its scripts run
  (DOMContentLoaded), the kernel's websocket opened, the first widget, and when the test driver
  (Playwright, waiting for the page's load and then polling) saw it;
- click-to-update latency under that load: from a click to the page's update (a browser: the step
  label changed; a protocol visitor: the first update of the watched widget, or the kernel idle
  again) — median, 95th percentile and worst;
- memory (psutil): the server process, each visitor's kernel (RSS and USS, the memory unique to
  that process), and the peak of everything together, sampled every half second.

Then, the visitors still on their pages, `--unclaimed` page requests arrive within a second
and never connect (a crawler, a link preview): 75 s later the server should hold no more kernels
than the refilled pool and the connected pages.

With `--runs N` the whole run is repeated on a fresh server N times, and the summary figures are
given as the median of the runs, with each run's value; they are written to
benchmarks/results/load.json.

Each visitor's loop is bounded (`--max-clicks`) and the whole run by `--timeout`; every address is
127.0.0.1. Needs psutil, websockets and Playwright with /usr/bin/chromium (`--browsers 0` runs
without a browser).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "tests"), str(REPO / "tests" / "load")]

from figures import figure, machine, write_results  # noqa: E402
from support import CHROMIUM, CHROMIUM_ARGS, free_port, isolated_environment, terminate  # noqa: E402
from servers import serve_command, voila_command  # noqa: E402
from voila_protocol import _HTTP, Visitor, http_get, play_practice_deal, walk_to_the_end  # noqa: E402

MB = 1024 * 1024
UNCLAIMED_WAIT = 75  # seconds after the requests that never connect


def kernels_of(server: psutil.Process) -> list[psutil.Process]:
    """The server's kernels: its child processes running ipykernel."""
    found = []
    for child in server.children(recursive=True):
        try:
            if any("ipykernel" in part for part in child.cmdline()):
                found.append(child)
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            pass
    return found


def cpu_seconds(processes: list[psutil.Process]) -> float:
    """The CPU time the processes have used so far (those gone since are left out)."""
    total = 0.0
    for process in processes:
        try:
            times = process.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system
    return total


def wait_until_ready(process: subprocess.Popen, port: int, pool: int, deadline: float, log: Path) -> None:
    """Wait until the server listens and it and its preheated kernels sit idle, without
    requesting the page (a request would take the preheated kernel). The server counts too: it
    renders each preheated kernel's notebook while the kernel waits."""
    server = psutil.Process(process.pid)
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server exited with status {process.returncode}:\n{log.read_text()}")
        with socket.socket() as probe:
            listening = probe.connect_ex(("127.0.0.1", port)) == 0
        watched = [server, *kernels_of(server)]
        if listening and len(watched) > pool:
            before = cpu_seconds(watched)
            time.sleep(2.0)
            if cpu_seconds(watched) - before < 0.1:
                return
        time.sleep(0.2)
    raise SystemExit(f"the server was not ready in time:\n{log.read_text()}")


@dataclass
class Result:
    kind: str  # "browser", "walkthrough" or "practice"
    ok: bool = False
    error: str = ""
    page: float = 0.0  # the page's request, until its last byte (protocol visitors)
    first_widget: float = 0.0
    content: float = 0.0  # until the section the link opens is on the page
    clicks: list[float] = field(default_factory=list)
    kernel_id: str = ""
    phases: dict[str, float] = field(default_factory=dict)  # a browser's: page, scripts, websocket (s)


@dataclass
class Memory:
    peak_total_rss: int = 0
    peak_kernels: int = 0
    samples: int = 0

    async def sample(self, server: psutil.Process, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                total = server.memory_info().rss
                kernels = kernels_of(server)
                for kernel in kernels:
                    try:
                        total += kernel.memory_info().rss
                    except psutil.NoSuchProcess:
                        pass
            except psutil.NoSuchProcess:
                return
            self.peak_total_rss = max(self.peak_total_rss, total)
            self.peak_kernels = max(self.peak_kernels, len(kernels))
            self.samples += 1
            try:
                await asyncio.wait_for(stop.wait(), 0.5)
            except asyncio.TimeoutError:
                pass


async def protocol_visitor(base: str, index: int, start: asyncio.Event, max_clicks: int, timeout: float, think: float) -> tuple[Result, Visitor]:
    practice = index % 2 == 1
    result = Result("practice" if practice else "walkthrough")
    visitor = Visitor(base, query=f"seed={1000 + index}" if practice else "", timeout=timeout)
    await start.wait()
    try:
        await visitor.open()
        result.page = visitor.page_seconds
        result.first_widget = visitor.first_widget_seconds
        result.content = visitor.content_seconds
        result.kernel_id = visitor.kernel_id
        if practice:
            result.clicks = await play_practice_deal(visitor, max_clicks=max_clicks, think=think)
        else:
            result.clicks = await walk_to_the_end(visitor, max_clicks=max_clicks, think=think)
        result.ok = True
    except Exception as error:  # a failed visitor is counted and reported, not fatal
        result.error = f"{type(error).__name__}: {error}"
    return result, visitor


# When the page first lays out the app's root and the section its link opens, in seconds from the
# navigation's start, as the page itself sees it: the test driver, starved of CPU like everything
# else during a rush, notices a second or more later (its own time is reported beside).
SHOWN_IN_PAGE = """
window.pwShown = {};
new MutationObserver((_, observer) => {
  for (const selector of [".pw-app", ".pw-section-lessons"]) {
    const element = selector in window.pwShown ? null : document.querySelector(selector);
    if (element && element.getBoundingClientRect().height > 0) window.pwShown[selector] = performance.now() / 1000;
  }
  if (Object.keys(window.pwShown).length === 2) observer.disconnect();
}).observe(document, { childList: true, subtree: true, attributes: true });
"""


async def browser_visitor(context, base: str, start: asyncio.Event, max_clicks: int, timeout: float, think: float) -> tuple[Result, object]:
    result = Result("browser")
    page = context.pages[0]
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    opened: list[float] = []
    page.on("websocket", lambda _socket: opened.append(time.monotonic()))
    await page.add_init_script(SHOWN_IN_PAGE)
    await start.wait()
    began = time.monotonic()
    try:
        await page.goto(base + "/", timeout=timeout * 1000)
        await page.locator(".pw-app").first.wait_for(state="visible", timeout=timeout * 1000)
        seen = time.monotonic() - began
        await page.locator(".pw-section-lessons").first.wait_for(state="visible", timeout=timeout * 1000)
        timing = await page.evaluate("(() => { const n = performance.getEntriesByType('navigation')[0]; "
                                     "return [n.responseEnd / 1000, n.domContentLoadedEventEnd / 1000, window.pwShown]; })()")
        shown = timing[2]
        result.first_widget, result.content = shown[".pw-app"], shown[".pw-section-lessons"]
        result.phases = {"page": timing[0], "scripts": timing[1], "websocket": (opened[0] - began) if opened else 0.0, "seen": seen}
        match = re.search(r'"kernelId"\s*:\s*"([0-9a-f-]{36})"', await page.content())
        result.kernel_id = match.group(1) if match else ""
        await page.locator(".pw-nav-walkthrough").click(timeout=timeout * 1000)
        label = page.locator(".pw-section-walkthrough .pw-step-label")
        await label.wait_for(state="visible", timeout=timeout * 1000)
        next_button = page.locator(".pw-section-walkthrough .pw-next")
        for _ in range(max_clicks):
            if await next_button.is_disabled():
                break
            text = await label.inner_text()
            await asyncio.sleep(think)
            clicked = time.monotonic()
            await next_button.click(timeout=timeout * 1000)
            await page.wait_for_function(
                "([selector, old]) => { const e = document.querySelector(selector); return e && e.innerText !== old; }",
                arg=[".pw-section-walkthrough .pw-step-label", text],
                timeout=timeout * 1000,
                polling=20,
            )
            result.clicks.append(time.monotonic() - clicked)
        final = await label.inner_text()
        numbers = re.findall(r"\d+", final)
        if len(numbers) < 2 or numbers[0] != numbers[1]:
            raise RuntimeError(f"the walkthrough stopped at {final!r}")
        await page.locator(".pw-section-walkthrough .pw-summary").wait_for(state="visible", timeout=timeout * 1000)
        if errors:
            raise RuntimeError(f"JavaScript errors: {errors}")
        result.ok = True
    except Exception as error:
        result.error = f"{type(error).__name__}: {error}"
    return result, context


def figures(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    return {
        "count": len(ordered),
        "median": statistics.median(ordered),
        "p95": ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))],
        "worst": ordered[-1],
    }


def memory_of(processes: list[psutil.Process]) -> list[tuple[int, int]]:
    """(RSS, USS) of each process still alive."""
    found = []
    for process in processes:
        try:
            info = process.memory_full_info()
            found.append((info.rss, info.uss))
        except psutil.NoSuchProcess:
            pass
    return found


async def never_connect(base: str, count: int, timeout: float) -> list[float]:
    """`count` page requests within a second that never open the kernel's websocket; the
    seconds each took to be answered with the rendered app."""
    loop = asyncio.get_running_loop()

    async def one(delay: float) -> float:
        await asyncio.sleep(delay)
        status, html, seconds = await loop.run_in_executor(_HTTP, http_get, base + "/", timeout)
        if status != 200 or '"kernelId"' not in html:
            raise RuntimeError(f"a page request was answered {status} without the app")
        return seconds

    return await asyncio.gather(*(one(index / count) for index in range(count)))


def chromium_processes() -> list[psutil.Process]:
    """This benchmark's Chromium: its processes below this one."""
    found = []
    for process in psutil.Process().children(recursive=True):
        try:
            if "chrom" in process.name():
                found.append(process)
        except psutil.NoSuchProcess:
            pass
    return found


async def chromium_settled(timeout: float) -> None:
    """Wait until the browser, its pages open and blank, sits idle: a class's browsers are open
    before the link is clicked, and Chromium's start (some seconds of CPU for four contexts) is
    not the page's load."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        before = cpu_seconds(chromium_processes())
        await asyncio.sleep(1.0)
        if cpu_seconds(chromium_processes()) - before < 0.05:
            return
    raise SystemExit("Chromium did not settle before the visitors' start")


async def pool_refilled(server: psutil.Process, kernels: int, timeout: float) -> None:
    """Wait (at most `timeout` s) until the server holds `kernels` kernels and they have settled."""
    deadline = time.monotonic() + timeout
    while len(kernels_of(server)) < kernels and time.monotonic() < deadline:
        await asyncio.sleep(1)
    await asyncio.sleep(5)


async def kernels_after(server: psutil.Process, seconds: float) -> list[int]:
    """The number of kernels every five seconds for `seconds`."""
    counts = []
    for _ in range(int(seconds // 5)):
        await asyncio.sleep(5)
        counts.append(len(kernels_of(server)))
    return counts


async def run(args: argparse.Namespace, base: str, server: psutil.Process) -> dict:
    ready_memory = memory_of(kernels_of(server))  # the pool, before anyone visits
    start = asyncio.Event()
    stop_sampling = asyncio.Event()
    memory = Memory()
    sampler = asyncio.create_task(memory.sample(server, stop_sampling))
    browsers = min(args.browsers, args.visitors)
    tasks = [asyncio.create_task(protocol_visitor(base, i, start, args.max_clicks, args.timeout, args.think)) for i in range(args.visitors - browsers)]
    playwright = browser = None
    if browsers:
        from playwright.async_api import async_playwright

        playwright = await async_playwright().start()
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        contexts = [await browser.new_context(viewport={"width": 1100, "height": 900}) for _ in range(browsers)]
        for context in contexts:
            await context.new_page()
        await chromium_settled(args.timeout)
        tasks += [asyncio.create_task(browser_visitor(context, base, start, args.max_clicks, args.timeout, args.think)) for context in contexts]
    await asyncio.sleep(0.5)  # every visitor waits at the start line
    began = time.monotonic()
    start.set()
    done = await asyncio.wait_for(asyncio.gather(*tasks), args.timeout + 60)
    elapsed = time.monotonic() - began
    results = [result for result, _ in done]

    # Memory with every visitor still on the page (their kernels hold what they built).
    kernel_memory = memory_of(kernels_of(server))
    server_info = server.memory_full_info()
    stop_sampling.set()
    await sampler

    # Requests that never connect, the visitors still on their pages, once the pool is full again.
    connected = sum(1 for r in results if r.ok)
    unclaimed_pages: list[float] = []
    unclaimed_counts: list[int] = []
    if args.unclaimed:
        await pool_refilled(server, args.class_size + connected, args.timeout)
        unclaimed_pages = await never_connect(base, args.unclaimed, args.timeout)
        unclaimed_counts = await kernels_after(server, UNCLAIMED_WAIT)

    for _result, holder in done:  # the visitors leave
        if isinstance(holder, Visitor):
            await holder.close()
        else:
            await holder.close()
    if browser is not None:
        await browser.close()
        await playwright.stop()

    rss = [r / MB for r, _ in kernel_memory]
    uss = [u / MB for _, u in kernel_memory]
    kinds = sorted({r.kind for r in results})
    return {
        "class_size": args.class_size,
        "ready_kernel_rss_mb": figures([r / MB for r, _ in ready_memory]),
        "ready_kernel_uss_mb": figures([u / MB for _, u in ready_memory]),
        "page": figures([r.page for r in results if r.ok and r.kind != "browser"]),
        "unclaimed": args.unclaimed,
        "unclaimed_page": figures(unclaimed_pages),
        "unclaimed_kernels": unclaimed_counts,
        "unclaimed_bound": args.class_size + connected,
        "visitors": len(results),
        "browsers": browsers,
        "ok": sum(r.ok for r in results),
        "failed": [f"{r.kind}: {r.error}" for r in results if not r.ok],
        "seconds": elapsed,
        "first_widget": {kind: figures([r.first_widget for r in results if r.kind == kind and r.ok]) for kind in kinds},
        "first_widget_all": figures([r.first_widget for r in results if r.ok]),
        "browser_phases": {name: figures([r.phases[name] for r in results if r.ok and r.phases]) for name in ("page", "scripts", "websocket", "seen")},
        "content": {kind: figures([r.content for r in results if r.kind == kind and r.ok]) for kind in kinds},
        "content_all": figures([r.content for r in results if r.ok]),
        "clicks": {kind: figures([c for r in results if r.kind == kind for c in r.clicks]) for kind in kinds},
        "clicks_all": figures([c for r in results for c in r.clicks]),
        "kernels": len(kernel_memory),
        "kernel_rss_mb": figures(rss),
        "kernel_uss_mb": figures(uss),
        "server_rss_mb": server_info.rss / MB,
        "server_uss_mb": server_info.uss / MB,
        "total_rss_mb": (server_info.rss + sum(r for r, _ in kernel_memory)) / MB,
        "total_uss_mb": (server_info.uss + sum(u for _, u in kernel_memory)) / MB,
        "peak_total_rss_mb": memory.peak_total_rss / MB,
        "peak_kernels": memory.peak_kernels,
    }


def print_report(report: dict) -> None:
    def line(name: str, values: dict, unit: str = "s", scale: float = 1.0) -> str:
        if not values:
            return f"  {name:<28} -"
        return (f"  {name:<28} median {values['median'] * scale:7.2f} {unit}   p95 {values['p95'] * scale:7.2f} {unit}"
                f"   worst {values['worst'] * scale:7.2f} {unit}   (n={values['count']})")

    if report["voila_args"]:
        print(f"server: Voilà with serve's arguments and {' '.join(report['voila_args'])}")
    print(f"{report['visitors']} visitors at once ({report['browsers']} in Chromium, the rest protocol-level): "
          f"{report['ok']} played a deal to its end, in {report['seconds']:.1f} s")
    for failure in report["failed"]:
        print(f"  FAILED {failure}")
    print(f"each ready kernel (the pool of {report['class_size']}, before anyone visits): "
          f"RSS median {report['ready_kernel_rss_mb'].get('median', 0):.0f} MB, USS median {report['ready_kernel_uss_mb'].get('median', 0):.0f} MB")
    print("page request answered with the rendered app (protocol visitors):")
    print(line("page", report["page"]))
    print("time to first widget:")
    for kind, values in report["first_widget"].items():
        print(line(kind, values))
    print(line("all visitors", report["first_widget_all"]))
    if any(report["browser_phases"].values()):
        phases = report["browser_phases"]
        print("  where a browser's wait goes (medians): page received {:.2f} s, its scripts run {:.2f} s, "
              "kernel websocket open {:.2f} s, first widget {:.2f} s (the test driver saw it at {:.2f} s)".format(
                  *(phases[name].get("median", 0) for name in ("page", "scripts", "websocket")), report["first_widget"].get("browser", {}).get("median", 0),
                  phases["seen"].get("median", 0)))
    print("time to the section the link opens (the app builds it once the page is drawn):")
    for kind, values in report["content"].items():
        print(line(kind, values))
    print(line("all visitors", report["content_all"]))
    print("click-to-update latency under load:")
    for kind, values in report["clicks"].items():
        print(line(kind, values, "ms", 1000))
    print(line("all clicks", report["clicks_all"], "ms", 1000))
    print("memory (psutil), every visitor still on the page:")
    print(f"  server process               RSS {report['server_rss_mb']:6.0f} MB   USS {report['server_uss_mb']:6.0f} MB")
    k_rss, k_uss = report["kernel_rss_mb"], report["kernel_uss_mb"]
    if k_rss:
        print(f"  each kernel ({report['kernels']}, pool included) RSS median {k_rss['median']:4.0f} MB (max {k_rss['worst']:.0f})"
              f"   USS median {k_uss['median']:4.0f} MB (max {k_uss['worst']:.0f})")
    print(f"  everything                   RSS {report['total_rss_mb']:6.0f} MB   USS {report['total_uss_mb']:6.0f} MB"
          f"   (peak RSS {report['peak_total_rss_mb']:.0f} MB, {report['peak_kernels']} kernels at most)")
    if report["unclaimed"]:
        print(f"{report['unclaimed']} page requests within a second that never connect:")
        print(line("page", report["unclaimed_page"]))
        print(f"  kernels every 5 s after them: {report['unclaimed_kernels']} "
              f"(at most {report['unclaimed_bound']} wanted at {UNCLAIMED_WAIT} s: the pool and the connected pages)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visitors", type=int, default=30)
    parser.add_argument("--browsers", type=int, default=4, help="how many of the visitors are real Chromium pages")
    parser.add_argument("--class-size", type=int, default=30, help="serve's --class-size: kernels kept ready")
    parser.add_argument("--unclaimed", type=int, default=30, help="page requests that never connect, after the visitors (0: none)")
    parser.add_argument("--think", type=float, default=1.0, help="seconds each visitor waits before a click, as a learner reads (0: click as fast as the page answers)")
    parser.add_argument("--max-clicks", type=int, default=300, help="bound on each visitor's clicks")
    parser.add_argument("--timeout", type=float, default=300.0, help="bound on each wait, and on the whole run (+60 s)")
    parser.add_argument("--voila-arg", action="append", default=[], metavar="--Class.name=value",
                        help="run Voilà with serve's arguments, this setting added or replacing serve's (repeatable), instead of the serve command")
    parser.add_argument("--server-log", type=Path, metavar="FILE", help="keep the server's log in FILE (it is otherwise deleted with the run's folder)")
    parser.add_argument("--runs", type=int, default=1, help="repeat the whole run on a fresh server, and give the median of the runs (this machine is shared and noisy)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not 1 <= args.visitors <= 100:
        parser.error("--visitors must be from 1 to 100")
    if not 0 <= args.unclaimed <= 100 or not 0 <= args.class_size <= 100:
        parser.error("--unclaimed and --class-size must be from 0 to 100")
    if args.browsers and not CHROMIUM.exists():
        parser.error(f"{CHROMIUM} is not installed: use --browsers 0")
    started = machine()

    reports = [one_run(args) for _ in range(args.runs)]
    for number, report in enumerate(reports, 1):
        if args.json:
            continue
        if args.runs > 1:
            print(f"--- run {number} of {args.runs}")
        print_report(report)
        for line in report["server_log_errors"]:
            print(f"  server log: {line}")
    written = summary(reports)
    if args.json:
        print(json.dumps(reports[0] if args.runs == 1 else reports, indent=2))
    elif args.runs > 1:
        print_summary(written)
    note = (f"{args.visitors} visitors ({min(args.browsers, args.visitors)} of them in Chromium on the same machine) arriving within a second "
            f"on serve --class-size {args.class_size}, each waiting {args.think:g} s before each click; then {args.unclaimed} page requests "
            f"that never connect; {args.runs} run{'s' if args.runs > 1 else ''}, each figure the median of its visitors")
    if args.voila_arg:
        note += f"; Voilà settings {' '.join(args.voila_arg)}"
    failed = sum(report["visitors"] - report["ok"] for report in reports)
    if failed:
        note += f"; {failed} visitors did not play their deal to the end"
    write_results("load", written, note=note, started=started)
    return 0 if all(report["ok"] == report["visitors"] for report in reports) else 1


def one_run(args: argparse.Namespace) -> dict:
    """Start the server, wait for its pool, let the visitors arrive; the run's figures."""
    with tempfile.TemporaryDirectory(prefix="bench_load_") as tmp:
        home = Path(tmp)
        port = free_port()
        log = home / "serve.log"
        # every visitor comes from this machine's address: one client's share must hold them all
        share = str(args.visitors + args.unclaimed)
        command = serve_command(port, "--class-size", str(args.class_size), "--max-per-client", share)
        if args.voila_arg:
            command = voila_command(port, f"--VoilaConfiguration.default_pool_size={args.class_size}",
                                    f"--PiquetVoila.max_per_client={share}", *args.voila_arg)
        with log.open("w") as output:
            process = subprocess.Popen(command, cwd=home, env=isolated_environment(home), stdout=output, stderr=subprocess.STDOUT)
        try:
            wait_until_ready(process, port, args.class_size, time.monotonic() + 300, log)
            report = asyncio.run(run(args, f"http://127.0.0.1:{port}", psutil.Process(process.pid)))
        finally:
            terminate(process)
        report["voila_args"] = args.voila_arg
        if args.server_log is not None:
            args.server_log.write_text(log.read_text(errors="replace"), encoding="utf-8")
        report["server_log_errors"] = [l for l in log.read_text(errors="replace").splitlines() if "Traceback" in l or "[E " in l or "Timeout waiting" in l][:20]
    return report


def protocol_first_widget(report: dict) -> float | None:
    """The median over the kinds of protocol visitors of their median first widget."""
    medians = [values["median"] for kind, values in report["first_widget"].items() if kind != "browser" and values]
    return statistics.median(medians) if medians else None


# The figures written to benchmarks/results/load.json and summed up over the runs, as (key, label,
# unit, target, where each run's report holds it).
SUMMARY = [
    ("page", "page requests within a second, answered with the rendered app: median", "s", "< 3 s", lambda r: r["page"].get("median")),
    ("page_slowest", "the same, the slowest", "s", "< 8 s", lambda r: r["page"].get("worst")),
    ("first_widget_chromium", "first widget in Chromium, from the navigation's start, as the page records it: median", "s", "< 5 s",
     lambda r: r["first_widget"].get("browser", {}).get("median")),
    ("first_widget_playwright", "the same as Playwright, polling after the page's load, saw it", "s", None, lambda r: r["browser_phases"].get("seen", {}).get("median")),
    ("first_widget_protocol", "first widget, protocol visitors: median", "s", "< 5 s", protocol_first_widget),
    ("click", "click to update during the rush, every visitor: median", "ms", "< 100 ms", lambda r: r["clicks_all"].get("median", 0) * 1000 or None),
    ("click_chromium", "click to update during the rush, in Chromium: median", "ms", "< 100 ms", lambda r: r["clicks"].get("browser", {}).get("median", 0) * 1000 or None),
    ("ready_kernel_rss", "memory per ready kernel, before anyone visits (RSS, median)", "MB", "< 100 MB", lambda r: r["ready_kernel_rss_mb"].get("median")),
    ("ready_kernel_uss", "the same, its own (USS, median)", "MB", None, lambda r: r["ready_kernel_uss_mb"].get("median")),
    ("kernel_rss", "memory per kernel, every visitor on the page, the pool included (RSS, median)", "MB", None, lambda r: r["kernel_rss_mb"].get("median")),
    ("kernel_rss_worst", "the same, the largest kernel (after a practice deal)", "MB", None, lambda r: r["kernel_rss_mb"].get("worst")),
    ("server_rss", "the server process, every visitor on the page (RSS)", "MB", None, lambda r: r["server_rss_mb"]),
    ("total_rss", "everything, every visitor on the page (RSS)", "MB", None, lambda r: r["total_rss_mb"]),
    ("unclaimed_kernels", "kernels 75 s after the page requests that never connect", "kernels", "≤ the pool plus the connected pages",
     lambda r: r["unclaimed_kernels"][-1] if r["unclaimed_kernels"] else None),
]


def summary(reports: list[dict]) -> list[dict]:
    """Each figure of SUMMARY over the runs: the median of the runs, with each run's value."""
    written = []
    for key, label, unit, target, value in SUMMARY:
        values = [v for v in (value(report) for report in reports) if v is not None]
        if values:
            written.append(figure(key, label, statistics.median(values), unit, target, values))
    return written


def print_summary(written: list[dict]) -> None:
    """Print the figures over the runs: the median of the runs, and the runs' own values."""
    print(f"=== over {len(written[0]['runs'])} runs: the median of the runs (each run's value)")
    for entry in written:
        digits = 2 if entry["unit"] == "s" else 0
        each = ", ".join(f"{v:.{digits}f}" for v in entry["runs"])
        print(f"  {entry['label']:<42} {entry['value']:8.{digits}f} {entry['unit']:<3} ({each})")

if __name__ == "__main__":
    raise SystemExit(main())
