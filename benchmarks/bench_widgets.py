"""Widget speed (issue 3): one step of the walkthrough or one click at the practice table, handled
in the kernel, and — with `--browser` — from a click in Chromium to the updated page in Voilà.

    python benchmarks/bench_widgets.py [--deals 20] [--browser]

Target: a walkthrough step handled in the kernel in well under 20 ms (median).

Kernel side: widgets are given a comm that serialises every message to JSON as the kernel would,
so the figure includes computing the new state and encoding what is sent to the page. Browser:
Debian's Chromium (Playwright) against a Voilà server on 127.0.0.1; the time is taken inside the
page from the click to the moment the page shows the new state (a MutationObserver).
The figures are written to benchmarks/results/widgets.json.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import comm
from figures import figure, machine, write_results

REPO = Path(__file__).resolve().parents[1]
CAVENDISH = REPO / "tests" / "data" / "walkthrough_cavendish.json"


class SerialisingComm(comm.DummyComm):
    """A comm that encodes each message to JSON, as a kernel does before sending it."""

    sent = 0

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):  # noqa: ANN001
        SerialisingComm.sent += len(json.dumps({"data": data, "metadata": metadata}, default=str))


def use_serialising_comm() -> None:
    comm.create_comm = lambda *args, **kwargs: SerialisingComm(*args, **kwargs)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(int(share * len(ordered)), len(ordered) - 1)]


def bench_walkthrough(deals: int) -> list[float]:
    from piquet_widgets.widgets.walkthrough import DealWalkthrough

    sources = [json.loads(CAVENDISH.read_text())] + list(range(1, deals))
    times = []
    for source in sources:
        walk = DealWalkthrough(source)
        last = len(walk.steps) - 1
        order = list(range(1, last + 1)) + list(range(last - 1, -1, -1))  # forward then back
        for index in order:
            start = time.perf_counter()
            walk.go(index)
            times.append(time.perf_counter() - start)
    return times


def bench_practice(deals: int) -> tuple[list[float], list[float]]:
    """Clicks on cards: selecting discards (toggle) and playing a card (with the computer's reply)."""
    from piquet_widgets.engine import Phase
    from piquet_widgets.widgets.practice import PracticeTable

    selects, plays = [], []
    for seed in range(deals):
        table = PracticeTable(declare_for_me=True, role="elder", deal=seed)
        row = table.felt.hands[table.deal.to_move]
        for card in table.deal.hand(table.deal.to_move)[:3]:
            start = time.perf_counter()
            row._handle_message(row, {"type": "click", "card": card.code, "seq": 1}, [])
            selects.append(time.perf_counter() - start)
        start = time.perf_counter()
        table.confirm()
        plays.append(time.perf_counter() - start)
        while table.deal.phase is not Phase.FINISHED:
            seat = table.deal.to_move
            row = table.felt.hands[seat]
            card = table.deal.playable_cards()[0]
            start = time.perf_counter()
            row._handle_message(row, {"type": "click", "card": card.code, "seq": 1}, [])
            plays.append(time.perf_counter() - start)
    return selects, plays


def report(name: str, times: list[float]) -> None:
    """Print the median, 95th percentile and worst of `times` (seconds) in milliseconds."""
    print(
        f"{name}: median {statistics.median(times) * 1000:.2f} ms, 95th percentile {percentile(times, 0.95) * 1000:.2f} ms, "
        f"max {max(times) * 1000:.2f} ms over {len(times)}"
    )


# -- browser --------------------------------------------------------------------------------------

CLICK_AND_WAIT = """
async ([selector, watched, timeout]) => {
  const target = document.querySelector(watched);
  const before = target.textContent;
  return await new Promise((resolve, reject) => {
    const start = performance.now();
    const observer = new MutationObserver(() => {
      if (target.textContent !== before) { observer.disconnect(); resolve(performance.now() - start); }
    });
    observer.observe(target, {subtree: true, childList: true, characterData: true});
    setTimeout(() => { observer.disconnect(); reject(new Error("no update")); }, timeout);
    document.querySelector(selector).click();
  });
}
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def bench_browser(runs: int) -> tuple[list[float], list[float]]:
    import nbformat
    from playwright.sync_api import expect, sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        record = json.loads(CAVENDISH.read_text())
        cells = {
            "walk": f"from piquet_widgets.widgets.walkthrough import DealWalkthrough\nDealWalkthrough({json.dumps(record)})",
            "practice": "from piquet_widgets.widgets.practice import PracticeTable\nPracticeTable(role='both', deal=7, declare_for_me=True)",
        }
        for name, code in cells.items():
            notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
            notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
            nbformat.write(notebook, root / f"{name}.ipynb")
        port = free_port()
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
        log = (root / "voila.log").open("w")
        server = subprocess.Popen(
            [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", str(root)],
            cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT,
        )
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    urllib.request.urlopen(url, timeout=2)
                    break
                except OSError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise RuntimeError("Voilà did not start") from None
                    time.sleep(0.2)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.goto(f"{url}/voila/render/walk.ipynb")
                expect(page.locator(".pw-step-label")).to_have_text("Step 1 of 34", timeout=60_000)
                steps = []
                for index in range(runs):
                    selector = "button.pw-next" if (index // 33) % 2 == 0 else "button.pw-prev"
                    steps.append(page.evaluate(CLICK_AND_WAIT, [selector, ".pw-step-label", 10_000]) / 1000)
                page.goto(f"{url}/voila/render/practice.ipynb")
                expect(page.locator(".pw-hand-elder .pw-card")).to_have_count(12, timeout=60_000)
                clicks = []
                for index in range(runs):
                    cards = page.locator(".pw-hand-elder .pw-card")
                    code = cards.nth(index % cards.count()).get_attribute("data-card")
                    selector = f'.pw-hand-elder .pw-card[data-card="{code}"]'
                    clicks.append(page.evaluate(CLICK_AND_WAIT, [selector, ".pw-message", 10_000]) / 1000)
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=15)
            log.close()
    return steps, clicks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--browser", action="store_true", help="also measure click to update in Chromium against Voilà")
    parser.add_argument("--runs", type=int, default=60, help="browser clicks of each kind")
    args = parser.parse_args()
    started = machine()

    use_serialising_comm()
    steps = bench_walkthrough(args.deals)
    report("walkthrough step (kernel)", steps)
    selects, plays = bench_practice(args.deals)
    report("practice click selecting a discard (kernel)", selects)
    report("practice click playing a card, computer's reply included (kernel)", plays)
    written = [
        figure("walkthrough_step", "a walkthrough step, in the kernel (state computed and encoded), median", statistics.median(steps) * 1000, "ms", "< 20 ms"),
        figure("practice_select", "a practice click selecting a discard, in the kernel, median", statistics.median(selects) * 1000, "ms", "< 20 ms"),
        figure("practice_play", "a practice click playing a card, the computer's reply included, in the kernel, median", statistics.median(plays) * 1000, "ms", "< 20 ms"),
    ]
    if args.browser:
        browser_steps, clicks = bench_browser(args.runs)
        report("walkthrough step, click to updated page (Chromium, Voilà)", browser_steps)
        report("practice card click to updated page (Chromium, Voilà)", clicks)
        written += [
            figure("browser_walkthrough_step", "browser click to updated page, walkthrough (Chromium and Voilà), median", statistics.median(browser_steps) * 1000, "ms", "< 100 ms"),
            figure("browser_practice_click", "browser click to updated page, practice table, median", statistics.median(clicks) * 1000, "ms", "< 100 ms"),
        ]
    write_results("widgets", written, started=started)

if __name__ == "__main__":
    main()
