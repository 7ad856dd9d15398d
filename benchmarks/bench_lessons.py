"""The lesson files: reading and checking them (every deal replayed), importing the lessons in a
fresh process beside the engine they need, and writing the eleven notebooks from them. Prints
its figures and writes them to benchmarks/results/lessons.json.

    python benchmarks/bench_lessons.py [--runs 7]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from figures import figure, machine, write_results
from piquet_widgets.app.lessons import lesson_notebooks
from piquet_widgets.teach.lessons import course


def timed(action, runs: int) -> list[float]:
    """Each run's milliseconds of `action()`."""
    times = []
    for _run in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return times


def import_ms(module: str) -> float:
    """Milliseconds to import `module` in a fresh Python."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", f"import {module}"], check=True)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    started = machine()
    reading = timed(course, args.runs)
    notebooks = timed(lambda: lesson_notebooks("en"), args.runs)
    lessons = [import_ms("piquet_widgets.teach.lessons") for _run in range(args.runs)]
    engine = [import_ms("piquet_widgets.engine") for _run in range(args.runs)]
    ratio = statistics.median(lessons) / statistics.median(engine)
    figures = [
        figure("read", "reading and checking the eleven lesson files, every deal replayed (median)", statistics.median(reading), "ms", runs=reading),
        figure("notebooks", "writing the eleven English notebooks from the files (median)", statistics.median(notebooks), "ms", runs=notebooks),
        figure("import", "importing the lessons in a fresh Python (median)", statistics.median(lessons), "ms", runs=lessons),
        figure("import_engine", "importing the engine alone in a fresh Python (median)", statistics.median(engine), "ms", runs=engine),
        figure("import_ratio", "importing the lessons, against the engine alone", ratio, "×"),
    ]
    for entry in figures:
        print(f"{entry['label']}: {entry['value']} {entry['unit']}")
    write_results("lessons", figures, started=started)


if __name__ == "__main__":
    main()
