"""One hostile page floods its kernel's websocket while another visitor clicks (issue 25).

    python benchmarks/bench_abuse.py [--seconds 60] [--after 60] [--think 0.2]

The server is the README's command, `python -m piquet_widgets serve --no-browser --port N`, with
every Jupyter and home folder in a temporary folder, on 127.0.0.1 only. Two protocol-level
visitors (`tests/load/voila_protocol.py`) open the app:

- the clicker opens the walkthrough and clicks Next (First at the deal's end), `--think` seconds
  between clicks, from the start to the end: its clicks before the flood and during it;
- the flooder sends tiny widget messages (a click on a button of the page, as the page's
  own button sends it) as fast as its websocket takes them, for `--seconds`; when the server
  closes its websocket it connects again to its kernel at once, as a hostile page would, and
  keeps on, until the time is up (a refused connection is tried again a fifth of a second later).
  Then it leaves.

Figures: the clicker's click-to-idle time, median and 95th percentile, before and during the
flood; the server process's resident memory before, at its peak during the flood, and `--after`
seconds after the flooder left; the flooding kernel's peak resident memory and whether it is
gone `--after` seconds after the flooder left; how long the server took to close the flood and
how many messages the flooder sent. Targets (issue 25): clicks under 100 ms median during the
flood; the server's memory within 50 MB of where it was; the flooding kernel gone.

Writes `benchmarks/results/abuse.json`. Bounded in time: the flood, the wait after it, and
every request have time limits. Needs psutil and websockets.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "tests"), str(REPO / "tests" / "load"), str(REPO / "benchmarks")]

from bench_load import kernels_of, wait_until_ready  # noqa: E402
from figures import figure, machine, write_results  # noqa: E402
from servers import serve_command  # noqa: E402
from support import free_port, isolated_environment, terminate  # noqa: E402
from voila_protocol import Visitor, encode_message  # noqa: E402
from websockets.exceptions import ConnectionClosed, InvalidStatus  # noqa: E402

MB = 2**20


@dataclass
class Flood:
    sent: int = 0
    closed: int = 0  # times the server closed the flooder's websocket
    refused: int = 0  # connections the server refused afterwards
    first_closed_after: float | None = None  # seconds from the flood's start
    kernel_peak_rss: int = 0
    server_peak_rss: int = 0
    clicks: list[float] = field(default_factory=list)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def rss(process: psutil.Process | None) -> int:
    try:
        return process.memory_info().rss if process is not None else 0
    except psutil.NoSuchProcess:
        return 0


async def click_on(visitor: Visitor, stop: asyncio.Event, think: float, into: list[float]) -> None:
    """Click the walkthrough's Next (First at the deal's end) until `stop`, timing each click."""
    next_button, first = visitor.find_all("pw-next")[0], visitor.find_all("pw-first")[0]
    while not stop.is_set():
        button = first if visitor.state(next_button).get("disabled") else next_button
        into.append(await visitor.click(button))
        await asyncio.sleep(think)


async def flood(visitor: Visitor, seconds: float, record: Flood) -> None:
    """Tiny widget messages as fast as the websocket takes them, for `seconds`, connecting
    again whenever the server closes the websocket."""
    button = visitor.find("pw-nav-glossary")
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if visitor._ws is None:
            try:
                await asyncio.wait_for(visitor.connect(), 10)
            except (InvalidStatus, OSError, asyncio.TimeoutError, ConnectionClosed):
                record.refused += 1
                visitor._ws = None
                await asyncio.sleep(0.2)
                continue
        try:
            message = visitor._message("comm_msg", {"comm_id": button, "data": {"method": "custom", "content": {"event": "click"}}})
            await visitor._ws.send(encode_message(message, visitor.protocol))
            record.sent += 1
            if record.sent % 50 == 0:
                await asyncio.sleep(0)  # let the clicker and the sampler run in this process too
        except ConnectionClosed:
            record.closed += 1
            if record.first_closed_after is None:
                record.first_closed_after = time.monotonic() - start
            await visitor.close()


async def sample(server: psutil.Process, kernel: psutil.Process | None, stop: asyncio.Event, record: Flood) -> None:
    while not stop.is_set():
        record.server_peak_rss = max(record.server_peak_rss, rss(server))
        record.kernel_peak_rss = max(record.kernel_peak_rss, rss(kernel))
        try:
            await asyncio.wait_for(stop.wait(), 0.5)
        except asyncio.TimeoutError:
            pass


async def run(args: argparse.Namespace, base: str, server: psutil.Process) -> dict:
    clicker = Visitor(base, timeout=60)
    await clicker.open()
    await clicker.click(clicker.find("pw-nav-walkthrough"))
    before_clicks: list[float] = []
    stop_before = asyncio.Event()
    clicking = asyncio.ensure_future(click_on(clicker, stop_before, args.think, before_clicks))
    await asyncio.sleep(args.baseline)
    stop_before.set()
    await clicking
    kernels_before = {k.pid for k in kernels_of(server)}
    flooder = Visitor(base, timeout=60)
    await flooder.open()
    new = [k for k in kernels_of(server) if k.pid not in kernels_before]
    # the flooder's kernel: the pool's, taken (it is the server's child either way), or one started for it
    flooding_kernel = next((k for k in kernels_of(server) if flooder.kernel_id in " ".join(k.cmdline())), new[0] if new else None)
    await asyncio.sleep(2)  # the clicker's kernel and the server settle after the flooder's arrival
    server_before = rss(server)

    record = Flood()
    stop = asyncio.Event()
    sampler = asyncio.ensure_future(sample(server, flooding_kernel, stop, record))
    clicking = asyncio.ensure_future(click_on(clicker, stop, args.think, record.clicks))
    await flood(flooder, args.seconds, record)
    await flooder.close()  # the flooding page leaves
    left = time.monotonic()
    stop.set()
    await asyncio.gather(sampler, clicking)
    await asyncio.sleep(max(0.0, args.after - (time.monotonic() - left)))
    server_after = rss(server)
    gone = flooding_kernel is None or not flooding_kernel.is_running()
    await clicker.close()
    return {
        "clicks_before": before_clicks, "clicks_during": record.clicks, "server_before": server_before,
        "server_peak": record.server_peak_rss, "server_after": server_after, "kernel_peak": record.kernel_peak_rss,
        "kernel_gone": gone, "sent": record.sent, "closed": record.closed, "refused": record.refused,
        "first_closed_after": record.first_closed_after,
    }


def figures(found: dict, args: argparse.Namespace) -> list[dict]:
    before, during = found["clicks_before"], found["clicks_during"]

    growth = (found["server_after"] - found["server_before"]) / MB
    return [
        figure("click_median_before", "another visitor's click, median, before the flood", statistics.median(before) * 1000, "ms"),
        figure("click_p95_before", "another visitor's click, 95th percentile, before the flood", percentile(before, 0.95) * 1000, "ms"),
        figure("click_median_during", f"another visitor's click, median, during a {args.seconds:.0f} s flood",
               statistics.median(during) * 1000 if during else None, "ms", "< 100 ms"),
        figure("click_p95_during", "another visitor's click, 95th percentile, during the flood",
               percentile(during, 0.95) * 1000 if during else None, "ms"),
        figure("server_rss_before", "server's memory (RSS) before the flood", found["server_before"] / MB, "MB"),
        figure("server_rss_peak", "server's memory (RSS), peak during the flood", found["server_peak"] / MB, "MB"),
        figure("server_rss_after", f"server's memory (RSS) {args.after:.0f} s after the flooding page left", found["server_after"] / MB, "MB"),
        figure("server_rss_growth", f"server's memory {args.after:.0f} s after, less before", growth, "MB", "< 50 MB"),
        figure("flooding_kernel_peak_rss", "the flooding page's kernel, peak memory (RSS)", found["kernel_peak"] / MB, "MB"),
        figure("flooding_kernel_gone", f"the flooding page's kernel gone {args.after:.0f} s after it left (1 yes, 0 no)",
               1 if found["kernel_gone"] else 0, "points", "1"),
        figure("flood_closed_after", "from the flood's start to the server closing the flooder's websocket",
               found["first_closed_after"], "s"),
        figure("flood_messages_sent", "messages the flooder sent (or tried to)", found["sent"], "points"),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the page floods (60)")
    parser.add_argument("--after", type=float, default=60.0, help="seconds after the flooding page left to measure again (60)")
    parser.add_argument("--baseline", type=float, default=10.0, help="seconds of clicks before the flood (10)")
    parser.add_argument("--think", type=float, default=0.2, help="seconds between the other visitor's clicks (0.2)")
    args = parser.parse_args()
    if not (1 <= args.seconds <= 600 and 0 <= args.after <= 600 and 1 <= args.baseline <= 120 and 0 <= args.think <= 10):
        parser.error("--seconds 1-600, --after 0-600, --baseline 1-120, --think 0-10")
    started = machine()
    with tempfile.TemporaryDirectory(prefix="bench_abuse_") as tmp:
        home, port = Path(tmp), free_port()
        log = home / "serve.log"
        with log.open("w") as output:
            process = subprocess.Popen(serve_command(port), cwd=home, env=isolated_environment(home), stdout=output, stderr=subprocess.STDOUT)
        try:
            wait_until_ready(process, port, 1, time.monotonic() + 300, log)
            found = asyncio.run(asyncio.wait_for(run(args, f"http://127.0.0.1:{port}", psutil.Process(process.pid)),
                                                 args.baseline + args.seconds + args.after + 300))
        finally:
            terminate(process)
        lines = log.read_text(errors="replace").splitlines()
        first = next((i for i, line in enumerate(lines) if "Traceback" in line), None)
        errors = [line for line in lines if "[E " in line] + (lines[first - 1 : first + 25] if first is not None else [])
    measures = figures(found, args)
    write_results("abuse", measures, started=started)
    for measured in measures:
        value = measured["value"]
        shown = "-" if value is None else f"{value:.1f}" if isinstance(value, float) else str(value)
        target = f"   (target {measured['target']})" if measured["target"] else ""
        print(f"{measured['label']:<78} {shown:>9} {measured['unit']}{target}")
    print(f"the server closed the flooder {found['closed']} times and refused {found['refused']} reconnections")
    for line in errors[:40]:
        print(f"  server log: {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
