"""docs/performance.md is generated from what the benchmarks wrote to benchmarks/results/*.json
(benchmarks/report.py): every results file has the shape the benchmarks share, the benchmarks the
documentation quotes have one, and the page says what the files say, so that a figure is never
copied by hand."""

from __future__ import annotations

import datetime
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support import REPO

RESULTS = REPO / "benchmarks" / "results"
PAGE = REPO / "docs" / "performance.md"
REPORT = REPO / "benchmarks" / "report.py"
# The benchmarks whose figures the documentation quotes (bench_match.py --closed writes match_closed).
QUOTED = {"advisor", "app", "drills", "engine", "evaluator", "load", "match", "match_closed", "solver", "static", "widgets"}
FILES = sorted(RESULTS.glob("*.json"))


def test_the_quoted_benchmarks_have_results():
    assert QUOTED <= {path.stem for path in FILES}


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_a_results_file_has_the_shared_shape(path: Path):
    results = json.loads(path.read_text(encoding="utf-8"))
    assert results["benchmark"] == path.stem
    datetime.date.fromisoformat(results["date"])
    assert "cores" in results["machine"] and "Python" in results["machine"]
    if results.get("command"):  # written by benchmarks/figures.py; optional in the shared shape
        script = results["command"].split()[1]
        assert results["command"].startswith("python benchmarks/bench_") and (REPO / script).exists(), results["command"]
    keys = [entry["key"] for entry in results["figures"]]
    assert keys and len(keys) == len(set(keys)), "figures have distinct keys"
    for entry in results["figures"]:
        assert isinstance(entry["label"], str) and entry["label"], entry
        assert isinstance(entry["value"], (int, float)) and isinstance(entry["unit"], str), entry
        assert entry["target"] is None or isinstance(entry["target"], str), entry
        assert entry["runs"] and all(isinstance(run, (int, float)) for run in entry["runs"]), entry


def test_the_page_is_what_the_results_give():
    done = subprocess.run([sys.executable, str(REPORT), "--check"], capture_output=True, text=True, timeout=60, cwd=REPO)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_the_page_names_every_figure_and_how_it_was_measured(path: Path):
    results = json.loads(path.read_text(encoding="utf-8"))
    page = PAGE.read_text(encoding="utf-8")
    assert f"## {results['benchmark']}\n" in page
    assert results["date"] in page and results["machine"] in page
    assert not results.get("command") or f"`{results['command']}`" in page
    for entry in results["figures"]:
        assert entry["label"].replace("|", "\\|") in page, entry["label"]


def test_the_check_fails_when_a_figure_changes(tmp_path: Path):
    copy = tmp_path / "repo"
    shutil.copytree(REPO / "benchmarks", copy / "benchmarks", ignore=shutil.ignore_patterns("__pycache__", "cache"))
    (copy / "docs").mkdir()
    shutil.copy(PAGE, copy / "docs")
    changed = copy / "benchmarks" / "results" / FILES[0].name
    results = json.loads(changed.read_text(encoding="utf-8"))
    results["figures"][0]["value"] = results["figures"][0]["value"] * 2 + 1
    changed.write_text(json.dumps(results), encoding="utf-8")
    done = subprocess.run([sys.executable, str(copy / "benchmarks" / "report.py"), "--check"], capture_output=True, text=True, timeout=60, cwd=copy)
    assert done.returncode == 1
    assert "python benchmarks/report.py" in done.stderr
