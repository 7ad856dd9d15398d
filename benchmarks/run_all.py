"""Run the benchmarks of this folder, one after the other, and print their figures.

    python benchmarks/run_all.py                 # all of them
    python benchmarks/run_all.py engine solver   # only bench_engine.py and bench_solver.py
    python benchmarks/run_all.py --help          # what each one measures

They need the `dev` extra; app, load and (with its own `--browser`) widgets need a Chromium,
which scripts/setup-tests.sh installs. Each writes its figures to benchmarks/results/NAME.json;
docs/performance.md is then generated from those files (benchmarks/report.py).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent

# What each bench_NAME.py measures; a benchmark without a line here is refused by the tests.
MEASURES = {
    "abuse": "one page flooding its kernel's websocket for a minute: another visitor's clicks, the server's memory, the flooding kernel's end",
    "advisor": "the exchange advisor: all of elder's 1,585 choices of discards ranked, and younger's",
    "app": "the tutorial app: cold start, a new visitor's first widget, kernel memory per visitor (Chromium)",
    "clicks": "every click that answers, in the widgets: the table's hint at each moment of an open and a closed deal (the first exchange hint after a reading pause), a drill's Check and Another for every kind",
    "computer_moves": "the closed expert's exchanges and declarations: median, 95th percentile and slowest, and how often its deadline cut them, against its baseline",
    "closed_help": "the closed table's help from the learner's view: a hint at each exchange and the first lead, the end review",
    "drills": "the lessons' drills: dealing a fresh drill of every kind and level; for the whole-deal discard drills, the wait after 'Another' with the next one dealt while the verdict is read",
    "engine": "the engine: random deals played through the public API, replay --json of 10,000 records, one replay's start-up",
    "exchange_truth": "the exchange hint's figure for elder against the true value when younger replies as the table's expert does, on four of his draws, after a few seconds of reading and on every draw, and how long each takes; younger's short list against every legal discard",
    "evaluator": "the whole-deal exchange evaluator: its first choice's loss against an exhaustive reference, and its time",
    "information": "what the closed expert would gain, phase by phase, told what its seat cannot see: the ceiling of what inference can add",
    "lessons": "the lesson files: reading and checking them, importing the lessons, writing the notebooks from them",
    "load": "thirty visitors at once on one server, each playing a deal to the end (some in Chromium)",
    "pure_python": "the analysis without numpy: the first exchange hint (elder, younger) and the closed computer's exchange, pure-Python path against numpy's",
    "places": "places at the table: 12 requests at once against a cap of 4, how soon a page that leaves gives its place back",
    "messages": "widget messages a kernel sends: a Button built with its final state or set after, the app's builders, its frame and lessons",
    "match": "the computer levels against each other: points per deal with a 95% confidence interval",
    "review": "the review's reasons: the share of mistakes of 2 points or more (200 deals, club computer) given a motif other than 'other'",
    "sinking": "what sinking gains the closed expert against itself declaring everything: points a deal, and how often it sank",
    "solver": "the exact trick solver: a whole deal from the opening lead, and the next position",
    "static": "the static site (build-static) in Chromium: its size, first widget cold and warm, a walkthrough click, the exchange hint",
    "younger_count": "the closed expert as younger choosing how many cards to take by the whole deal, against always taking all: points a deal",
    "widgets": "a walkthrough step and a practice click in the kernel (with --browser: click to page in Chromium)",
}


def benchmarks() -> dict[str, Path]:
    """Every benchmark of this folder by name (bench_engine.py is `engine`)."""
    return {script.stem.removeprefix("bench_"): script for script in sorted(HERE.glob("bench_*.py"))}


def parser(names: list[str]) -> argparse.ArgumentParser:
    listing = "\n".join(f"  {name:<8} {MEASURES.get(name, '')}" for name in names)
    result = argparse.ArgumentParser(
        prog="run_all.py",
        description="Run the benchmarks one after the other and print their figures (medians).",
        epilog=f"benchmarks:\n{listing}\n\nEach runs with its defaults; run benchmarks/bench_NAME.py --help for its options.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    result.add_argument("names", nargs="*", metavar="NAME", help="benchmarks to run (default: all)")
    return result


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks asked for; the status is non-zero when one of them failed."""
    scripts = benchmarks()
    arguments = parser(list(scripts))
    wanted = arguments.parse_args(argv).names or list(scripts)
    unknown = [name for name in wanted if name not in scripts]
    if unknown:
        arguments.error(f"unknown benchmark {', '.join(unknown)}; known: {', '.join(scripts)}")
    failed = 0
    for name in wanted:
        print(f"== {name}", flush=True)
        failed |= subprocess.run([sys.executable, str(scripts[name])]).returncode
    failed |= subprocess.run([sys.executable, str(HERE / "report.py")]).returncode
    return failed


if __name__ == "__main__":
    raise SystemExit(main())
