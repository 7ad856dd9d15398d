"""Copy the Piquet lessons and the tutorial app's notebook into `~/piquet/` (or the folder given),
leaving alone any notebook already there: a learner's own edits are never overwritten.

Run when a learner's server starts: by the Kubernetes `postStart` hook of `values.yaml`
(`python /usr/local/share/piquet/install_lessons.py`); `jupyterhub_config.py` does the same in
its `pre_spawn_hook`.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from piquet_widgets.app import APP_NOTEBOOK
from piquet_widgets.app.lessons import copy_lessons


def install(folder: Path) -> list[Path]:
    copied = copy_lessons(folder)
    app = folder / "app.ipynb"
    if not app.exists():
        shutil.copyfile(APP_NOTEBOOK, app)
        copied.append(app)
    return copied


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path.home() / "piquet"
    for path in install(target):
        print(f"copied {path}")
