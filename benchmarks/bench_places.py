"""Places at the table with `serve`'s own settings: a burst against the cap, and how soon a page
that leaves gives its place back.

    python benchmarks/bench_places.py [--runs 3]

Each run starts two servers as `piquet-widgets serve --no-browser` starts them:

- `--max-visitors 4 --max-per-client 12 --class-size 0`: twelve page requests sent at once; the
  server's kernels right after (no pool: each is a visitor's; tests/load/test_places_served.py
  has the pool), the requests refused with 503, and the memory the burst added (RSS of the
  server and its kernels).
- `--max-per-client 1`: a visitor opens the page (its websocket connects, its widgets load) and
  leaves; the seconds until its kernel is gone (target: within 60 s, the culler's round
  included). Then a second visitor does the same, and the same client asks for the page at
  once (a reload): the milliseconds until it is answered, taking the place of the page that left.

Figures are written to benchmarks/results/places.json (medians of the runs).
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import statistics
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "tests"), str(REPO), str(REPO / "benchmarks")]

from figures import figure, machine, write_results  # noqa: E402
from load import servers  # noqa: E402
from load.voila_protocol import Visitor  # noqa: E402



def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=120) as response:
            response.read()
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def rss_mb(server: servers.Server) -> float:
    processes = [psutil.Process(server.process.pid), *(psutil.Process(pid) for pid in server.kernels())]
    return sum(process.memory_info().rss for process in processes) / 2**20


def burst(home: Path) -> dict[str, float]:
    server = servers.start(lambda port: servers.serve_command(port, "--max-visitors", "4", "--max-per-client", "12", "--class-size", "0"), home, pool=0)
    try:
        before = rss_mb(server)
        with concurrent.futures.ThreadPoolExecutor(max_workers=12) as threads:
            statuses = list(threads.map(lambda _: status_of(server.url + "/"), range(12)))
        return {"burst_kernels": len(server.kernels()), "burst_refused": statuses.count(503), "burst_mb": rss_mb(server) - before}
    finally:
        servers.stop(server)


async def leave(url: str) -> str:
    visitor = Visitor(url, timeout=120)
    await visitor.open()
    await visitor.close()
    return visitor.kernel_id


def leaving(home: Path) -> dict[str, float]:
    server = servers.start(lambda port: servers.serve_command(port, "--max-per-client", "1"), home)
    try:
        kernel = asyncio.run(leave(server.url))
        left = time.monotonic()
        while status_of(f"{server.url}/api/kernels/{kernel}") != 404:
            if time.monotonic() - left > 180:
                raise RuntimeError("the kernel of a page that left was still there after 180 s")
            time.sleep(0.5)
        place_back = time.monotonic() - left
        asyncio.run(leave(server.url))
        start = time.monotonic()
        if status_of(server.url + "/") != 200:
            raise RuntimeError("a reload was refused")
        return {"place_back_s": place_back, "reload_ms": 1000 * (time.monotonic() - start)}
    finally:
        servers.stop(server)


LABELS = {
    "burst_kernels": ("the server's kernels after 12 requests at once against --max-visitors 4", "points", "at most 4"),
    "burst_refused": ("of those 12 requests, refused with the full table's page (503)", "points", "8"),
    "burst_mb": ("memory the burst added (RSS of the server and its kernels)", "MB", None),
    "place_back_s": ("from a page leaving (websocket closed) until its kernel is gone, serve's defaults (its place is free when the shutdown starts)", "s", "within 60 s"),
    "reload_ms": ("a reload's page at its client's share, taking the place of the page that left", "ms", None),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1, help="repeat on fresh servers, and give the medians")
    args = parser.parse_args()
    started = machine()
    runs: list[dict[str, float]] = []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="bench_places_") as tmp:
            runs.append(burst(Path(tmp) / "burst") | leaving(Path(tmp) / "leaving"))
    figures = []
    for key, (label, unit, target) in LABELS.items():
        values = [run[key] for run in runs]
        figures.append(figure(key, label, statistics.median(values), unit, target, runs=values))
        print(f"{label}: {statistics.median(values):.1f} {unit} (target: {target or '-'}; runs: {', '.join(f'{v:.1f}' for v in values)})")
    write_results("places", figures, started=started)
    return 0 if runs and all(run["burst_kernels"] <= 4 and run["place_back_s"] <= 60 for run in runs) else 1


if __name__ == "__main__":
    raise SystemExit(main())
