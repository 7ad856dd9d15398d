"""What every benchmark writes: its figures as JSON in `benchmarks/results/<name>.json`, with the
date and the machine they were measured on, so that `docs/performance.md` is generated from them
(`python benchmarks/report.py`) and no figure is ever copied by hand.

The shape of a results file:

    {"benchmark": "<name>", "date": "<ISO date>", "machine": "<cores, memory, python>",
     "command": "<how it was run>", "note": "<what to know when reading it, or null>",
     "figures": [{"key": "<id>", "label": "<what>", "value": <number>, "unit": "ms|s|MB|%|points|…",
                  "target": "<text or null>", "runs": [<each run's value>]}]}

A figure may also give `"interval": [low, high]` (a confidence interval).
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import sys
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"


def figure(key: str, label: str, value: float | None, unit: str, target: str | None = None, runs: list[float] | None = None,
           interval: tuple[float, float] | None = None) -> dict:
    """One figure of a results file, its numbers to four significant digits; `runs` defaults to
    the one value measured."""
    entry = {"key": key, "label": label, "value": _digits(value), "unit": unit, "target": target,
             "runs": [_digits(run) for run in (runs if runs is not None else [value])]}
    if interval is not None:
        entry["interval"] = [_digits(end) for end in interval]
    return entry


def _digits(value: float | None) -> float | None:
    """A number to four significant digits (None, a figure that could not be measured, kept)."""
    return None if value is None else float(f"{value:.4g}")


def machine() -> str:
    """The cores, memory and Python of this machine, and how busy it was when the run began."""
    try:
        memory = f"{os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30:.0f} GB memory"
    except (ValueError, OSError, AttributeError):
        memory = "memory unknown"
    try:
        load = f", load average {os.getloadavg()[0]:.1f} at the start"
    except OSError:
        load = ""
    return f"{os.cpu_count()} cores, {memory}, Python {platform.python_version()} on {platform.system()}{load}"


def write_results(name: str, figures: list[dict], note: str | None = None, started: str | None = None) -> Path:
    """Write `benchmarks/results/<name>.json`, the figures of this process's benchmark run with
    its arguments; `started` is `machine()` taken when the run began (default: now)."""
    command = " ".join(["python", f"benchmarks/{Path(sys.argv[0]).name}", *sys.argv[1:]])
    results = {
        "benchmark": name,
        "date": datetime.date.today().isoformat(),
        "machine": started or machine(),
        "command": command,
        "note": note,
        "figures": figures,
    }
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"figures written to {path.relative_to(RESULTS.parents[1])}")
    return path
