"""Run every benchmark in this folder, one after the other, and print their figures.

    python benchmarks/run_all.py            # all of them
    python benchmarks/run_all.py engine solver   # only bench_engine.py and bench_solver.py
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent


def main() -> int:
    wanted = set(sys.argv[1:])
    failed = 0
    for script in sorted(HERE.glob("bench_*.py")):
        name = script.stem.removeprefix("bench_")
        if wanted and name not in wanted:
            continue
        print(f"== {name}", flush=True)
        failed |= subprocess.run([sys.executable, str(script)]).returncode
    return failed


if __name__ == "__main__":
    raise SystemExit(main())
