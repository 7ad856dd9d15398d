"""benchmarks/run_all.py: lists every benchmark with what it measures, refuses an unknown name."""

from __future__ import annotations

import subprocess
import sys

from support import REPO

RUN_ALL = REPO / "benchmarks" / "run_all.py"


def run_all(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(RUN_ALL), *args], capture_output=True, text=True, timeout=60)


def test_help_lists_every_benchmark_with_what_it_measures():
    done = run_all("--help")
    assert done.returncode == 0
    names = [script.stem.removeprefix("bench_") for script in (REPO / "benchmarks").glob("bench_*.py")]
    assert len(names) >= 7
    listed = {line.split()[0]: line for line in done.stdout.splitlines() if line.startswith("  ") and line.split()}
    for name in names:
        assert name in listed and len(listed[name].split()) > 3, f"{name} is not described in --help"


def test_an_unknown_name_is_refused_and_nothing_runs():
    done = run_all("engin")
    assert done.returncode == 2
    assert "unknown benchmark engin" in done.stderr and "engine" in done.stderr
    assert "== " not in done.stdout
