"""Binder serves the same app as `piquet-widgets serve`: a Jupyter server configured exactly as
`binder/postBuild` configures it (its command, writing `SETTINGS` into `etc/jupyter`), with the
app's template where the wheel installs it (the wheel's shared data, built here), and a token as
Binder's servers have. The app's route, opened in Chromium with the token, is the app's page: its
own template and front end (one script of its own, none of Voilà's JupyterLab front end, nothing
asked of another host), carrying its widgets' state.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from support import REPO, free_port, isolated_environment, terminate, wait_until_answers

from piquet_widgets.app import APP_NOTEBOOK
from piquet_widgets.app.server import SETTINGS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

POSTBUILD_COMMAND = ["python", "-m", "piquet_widgets.app.server", "--jupyter-config", "$prefix/etc/jupyter"]
APP_ROUTE = "voila/render/" + APP_NOTEBOOK.relative_to(REPO).as_posix()
TOKEN = "binder-test-token"
VOILA_FRONT_END = ("/voila/static/", "/voila/labextensions/")


@dataclass
class BinderServer:
    url: str
    log: Path


def postbuild_commands() -> list[list[str]]:
    """The commands `binder/postBuild` runs (its lines that are not comments or shell settings)."""
    lines = (REPO / "binder" / "postBuild").read_text(encoding="utf-8").splitlines()
    return [shlex.split(line.replace('"', "")) for line in lines
            if line.strip() and not line.startswith(("#", "set ", "prefix="))]


def wheel_shared_data(folder: Path) -> Path:
    """Build the package's wheel into `folder` and unpack its shared data there, as pip installs
    it under the environment's prefix; the `share/jupyter` folder."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(folder), str(REPO)],
                   check=True, capture_output=True)
    wheel = next(folder.glob("piquet_widgets-*.whl"))
    prefix = folder / "prefix"
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            data = name.split(".data/data/", 1)
            if len(data) == 2:
                target = prefix / data[1]
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(archive.read(name))
    return prefix / "share" / "jupyter"


@pytest.fixture(scope="module")
def binder_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BinderServer]:
    tmp = tmp_path_factory.mktemp("binder")
    env = isolated_environment(tmp / "home")
    env["JUPYTER_PATH"] = str(wheel_shared_data(tmp / "wheel"))
    config = tmp / "prefix" / "etc" / "jupyter"
    assert postbuild_commands() == [POSTBUILD_COMMAND]
    subprocess.run([sys.executable, *POSTBUILD_COMMAND[1:-1], str(config)], env=env, check=True, capture_output=True)
    env["JUPYTER_CONFIG_PATH"] = str(config)
    port = free_port()
    log = tmp / "server.log"
    with log.open("w") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "jupyter", "server", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
             f"--IdentityProvider.token={TOKEN}", "--ServerApp.port_retries=0", "--allow-root", f"--ServerApp.root_dir={REPO}"],
            cwd=REPO, env=env, stdout=output, stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_until_answers(f"{url}api/status?token={TOKEN}", process, log)
        yield BinderServer(url, log)
    finally:
        terminate(process)


def test_binders_page_is_the_apps(open_page: Callable[..., Page], binder_server: BinderServer) -> None:
    page = open_page(f"{binder_server.url}{APP_ROUTE}?token={TOKEN}", width=1280, height=900)
    expect(page.locator(".pw-section-lessons")).to_be_visible(timeout=120_000)
    # the widgets answer through the kernel: the walkthrough steps on
    page.locator(".pw-nav-walkthrough").click()
    expect(page.locator(".pw-section-walkthrough .pw-step-label")).to_contain_text("Step 1 of")
    page.locator(".pw-section-walkthrough .pw-next").click()
    expect(page.locator(".pw-section-walkthrough .pw-step-label")).to_contain_text("Step 2 of")

    scripts = page.evaluate("[...document.scripts].filter(s => s.src).map(s => new URL(s.src).pathname)")
    assert scripts == ["/voila/templates/piquet/static/piquet-page.js"]
    urls = page.evaluate("performance.getEntriesByType('resource').map(entry => entry.name)")
    assert [url for url in urls if any(part in url for part in VOILA_FRONT_END)] == []
    assert len(urls) < 10  # Voilà's own front end was some ninety files
    html = page.request.get(f"{binder_server.url}{APP_ROUTE}?token={TOKEN}").text()
    assert "application/vnd.jupyter.widget-state+json" in html  # the page carries its widgets' state
    assert "Traceback" not in binder_server.log.read_text()


def test_postbuilds_settings_are_the_apps_settings_and_select_its_template(binder_server: BinderServer) -> None:
    import json

    written = json.loads((binder_server.log.parent / "prefix" / "etc" / "jupyter" / "jupyter_server_config.json").read_text())
    assert {section: written[section] for section in SETTINGS} == SETTINGS
    assert written["VoilaConfiguration"]["template"] == "piquet"
