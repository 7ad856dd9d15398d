"""Binder: a fresh virtual environment made from `binder/requirements.txt` alone, then
`binder/postBuild`, runs every lesson and serves JupyterLab and the app through the Jupyter
server's `/voila/render/…` route, as mybinder.org would.

Slow (it installs JupyterLab and Voilà from the package index): marked `slow`.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from support import isolated_folders

from piquet_widgets.app import APP_NOTEBOOK
from piquet_widgets.app.lessons import lesson_paths
from piquet_widgets.app.server import SETTINGS

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]
APP_ROUTE = "voila/render/" + APP_NOTEBOOK.relative_to(REPO).as_posix()
RUN_NOTEBOOKS = """
import sys, nbformat, nbclient
for path in sys.argv[1:]:
    notebook = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(notebook, timeout=180, kernel_name="python3").execute(cwd=".")
    errors = [o for c in notebook.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors, (path, errors)
    print("ran", path, flush=True)
"""


def isolated(home: Path, venv: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PYTHON", "JUPYTER", "VIRTUAL_ENV"))}
    env |= isolated_folders(home)
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}"
    env["VIRTUAL_ENV"] = str(venv)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def fetch(url: str, timeout: float = 60) -> str:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        assert response.status == 200
        return response.read().decode("utf-8")


def test_binder_environment_from_requirements_alone(tmp_path: Path) -> None:
    # Binder builds a clone: only what git tracks (and this work tree's changes to it) is there.
    repo = tmp_path / "repo"
    tracked = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=REPO, capture_output=True, check=True
    ).stdout.decode().split("\0")
    for name in filter(None, tracked):
        source = REPO / name
        target = repo / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            target.symlink_to(os.readlink(source))
        elif source.is_file():
            shutil.copy2(source, target)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    env = isolated(tmp_path / "home", venv)
    python = str(venv / "bin" / "python")
    started = time.monotonic()
    subprocess.run([python, "-m", "pip", "install", "-q", "-r", "binder/requirements.txt"], cwd=repo, env=env, check=True)
    subprocess.run(["bash", "binder/postBuild"], cwd=repo, env=env, check=True)
    print(f"environment built in {time.monotonic() - started:.0f} s")

    config = json.loads((venv / "etc" / "jupyter" / "jupyter_server_config.json").read_text())
    assert {section: config[section] for section in SETTINGS} == SETTINGS

    # the notebooks ship inside the installed package (not only in the repository)
    shipped = (
        "import piquet_widgets.app as app, piquet_widgets.app.lessons as lessons; "
        "print(all(p.is_file() for p in lessons.lesson_paths()), app.APP_NOTEBOOK.is_file(), 'site-packages' in str(app.APP_NOTEBOOK))"
    )
    assert subprocess.run([python, "-c", shipped], cwd=tmp_path, env=env, capture_output=True, text=True, check=True).stdout.split() == ["True"] * 3

    lessons = [str(repo / "notebooks" / path.name) for path in lesson_paths()]
    done = subprocess.run([python, "-c", RUN_NOTEBOOKS, *lessons], cwd=repo, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("ran ") == len(lessons)

    port = 20000 + os.getpid() % 20000
    log = (tmp_path / "server.log").open("w")
    server = subprocess.Popen(
        [python, "-m", "jupyter", "server", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
         "--IdentityProvider.token=", "--ServerApp.port_retries=0", "--allow-root", f"--ServerApp.root_dir={repo}"],
        cwd=repo, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                fetch(f"{base}/api/status", timeout=5)
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                assert server.poll() is None and time.monotonic() < deadline, (tmp_path / "server.log").read_text()
                time.sleep(0.5)
        lab = fetch(f"{base}/lab/tree/notebooks/{lesson_paths()[0].name}")
        assert "JupyterLab" in lab or "jupyter-config-data" in lab
        page = fetch(f"{base}/{APP_ROUTE}?lesson=2", timeout=180)
        assert "application/vnd.jupyter.widget-view+json" in page
        assert "from piquet_widgets.app.page import show" not in page  # sources stripped
        assert "Traceback" not in page
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()
    server_log = (tmp_path / "server.log").read_text()
    assert "Culling kernels with idle durations > 300 seconds" in server_log, server_log
