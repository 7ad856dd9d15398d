"""A real JupyterHub on 127.0.0.1 with `deploy/jupyterhub/jupyterhub_config.py` (issue 7, "Beyond
one machine"): two learners log in with Chromium, each lands on the tutorial app in a server of
their own, plays, and neither sees nor changes the other's. The page is the app's own, as
`piquet-widgets serve` and Binder send it (its template and small front end, behind the hub's
login and under the learner's base URL), not Voilà's stock page.

The hub loads the deployment's configuration unchanged and replaces only what a test must: the
authenticator (JupyterHub's DummyAuthenticator with a test password, two allowed users), the
spawner (SimpleLocalProcessSpawner, homes in a temporary folder), the ports, and the hub's own
files. Its proxy is `configurable-http-proxy` from npm (`npm install -g configurable-http-proxy`);
the idle culler runs as the configuration says.

Also measured and printed: the memory of each learner's server and its kernels (psutil), the
figure the README's sizing and `values.yaml`'s limits come from.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from support import free_port, isolated_environment, terminate

import jupyterhub  # noqa: F401  (the hub extra must be installed)
import jupyterhub_idle_culler  # noqa: F401
from playwright.sync_api import Browser, Page, expect  # noqa: E402

from piquet_widgets.app import APP_DATA
from piquet_widgets.teach.lessons import LESSONS

pytestmark = [pytest.mark.slow, pytest.mark.browser]

REPO = Path(__file__).resolve().parents[2]
DEPLOY_CONFIG = REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py"
PASSWORD = "piquet-test-password"
USERS = ("ada", "blaise")
START_TIMEOUT = 90.0
SPAWN_TIMEOUT_MS = 180_000


@dataclass
class Hub:
    url: str
    process: subprocess.Popen
    homes: Path
    log: Path

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


def hub_config(tmp: Path, port: int) -> str:
    """The test's hub configuration: the deployment's, then what a test replaces."""
    hub_port, proxy_api_port = free_port(), free_port()
    homes = tmp / "homes"
    lines = [
        f"load_subconfig({str(DEPLOY_CONFIG)!r})",
        f"c.JupyterHub.bind_url = 'http://127.0.0.1:{port}'",
        f"c.JupyterHub.hub_bind_url = 'http://127.0.0.1:{hub_port}'",
        f"c.ConfigurableHTTPProxy.api_url = 'http://127.0.0.1:{proxy_api_port}'",
        f"c.ConfigurableHTTPProxy.pid_file = {str(tmp / 'proxy.pid')!r}",
        f"c.JupyterHub.db_url = 'sqlite:///{tmp / 'jupyterhub.sqlite'}'",
        f"c.JupyterHub.cookie_secret_file = {str(tmp / 'cookie_secret')!r}",
        f"c.JupyterHub.pid_file = {str(tmp / 'jupyterhub.pid')!r}",
        "c.JupyterHub.authenticator_class = 'dummy'",
        f"c.DummyAuthenticator.password = {PASSWORD!r}",
        f"c.Authenticator.allowed_users = {set(USERS)!r}",
        "c.JupyterHub.spawner_class = 'jupyterhub.spawner.SimpleLocalProcessSpawner'",
        f"c.SimpleLocalProcessSpawner.home_dir_template = {str(homes / '{username}')!r}",
        # CI runs as root; a Jupyter server refuses root unless told.
        "import os",
        "if os.geteuid() == 0: c.Spawner.args = list(c.Spawner.args) + ['--ServerApp.allow_root=True']",
    ]
    return "\n".join(lines) + "\n"


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=3) as response:
            return response.status == 200
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    if shutil.which("configurable-http-proxy") is None:
        pytest.fail("configurable-http-proxy is not installed: npm install -g configurable-http-proxy")
    tmp = tmp_path_factory.mktemp("hub")
    port = free_port()
    config = tmp / "jupyterhub_config.py"
    config.write_text(hub_config(tmp, port), encoding="utf-8")
    env = isolated_environment(tmp / "hub_home")
    log = tmp / "jupyterhub.log"
    with log.open("w") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(config)], cwd=tmp, env=env, stdout=output, stderr=subprocess.STDOUT
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while not answers(f"{url}/hub/api"):
            if process.poll() is not None:
                pytest.fail(f"JupyterHub exited with status {process.returncode}:\n{log.read_text()}")
            if time.monotonic() > deadline:
                pytest.fail(f"JupyterHub did not answer within {START_TIMEOUT:.0f} s:\n{log.read_text()}")
            time.sleep(0.3)
        yield Hub(url, process, tmp / "homes", log)
    finally:
        stop(process)


def stop(process: subprocess.Popen) -> None:
    """Stop the hub (which stops the learners' servers, its proxy and its services), then
    anything of it still running."""
    try:
        import psutil

        family = psutil.Process(process.pid).children(recursive=True)
    except Exception:
        family = []
    terminate(process)
    for child in family:
        try:
            child.terminate()
            child.wait(timeout=10)
        except Exception:
            pass


def log_in(browser: Browser, hub: Hub, user: str) -> Page:
    """A fresh browser context logs in as `user` and follows the hub to the learner's server."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    hosts: set[str] = set()
    page.on("request", lambda request: hosts.add(urlsplit(request.url).hostname or "") if request.url.startswith(("http", "ws")) else None)
    page.hosts = hosts  # type: ignore[attr-defined]
    page.goto(f"{hub.url}/hub/login")
    page.locator("input[name=username]").fill(user)
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("input[type=submit], button[type=submit]").first.click()
    page.wait_for_url(re.compile(rf"/user/{user}/voila/render/piquet/app\.ipynb"), timeout=SPAWN_TIMEOUT_MS)
    expect(page.locator(".pw-app")).to_be_visible(timeout=SPAWN_TIMEOUT_MS)
    expect(page.locator(".pw-lesson-1")).to_be_visible(timeout=60_000)
    return page


def assert_the_apps_front_end(page: Page, user: str) -> None:
    """The page is the app's, as `piquet-widgets serve` sends it: its template's one script, under
    the learner's base URL, none of Voilà's JupyterLab front end, nothing asked of another host,
    and the widgets' state carried in the page."""
    scripts = page.evaluate("[...document.scripts].filter(s => s.src).map(s => new URL(s.src).pathname)")
    assert scripts == [f"/user/{user}/voila/templates/piquet/static/piquet-page.js"], scripts
    urls = page.evaluate("performance.getEntriesByType('resource').map(entry => entry.name)")
    assert [url for url in urls if "/voila/static/" in url or "/voila/labextensions/" in url] == [], urls
    assert page.hosts <= {"127.0.0.1"}, page.hosts  # type: ignore[attr-defined]
    assert "application/vnd.jupyter.widget-state+json" in page.request.get(page.url).text()


def open_walkthrough(page: Page) -> int:
    page.locator(".pw-nav-walkthrough").click()
    label = page.locator(".pw-section-walkthrough .pw-step-label")
    expect(label).to_have_text(re.compile(r"Step 1 of \d+"), timeout=60_000)
    return int(re.search(r"of (\d+)", label.inner_text()).group(1))


def step(page: Page, number: int, count: int) -> None:
    page.locator(".pw-section-walkthrough .pw-next").click()
    expect(page.locator(".pw-section-walkthrough .pw-step-label")).to_have_text(f"Step {number} of {count}")


def server_memory(user: str) -> tuple[float, list[float]] | None:
    """RSS in MB of the learner's Jupyter server and of each of its kernels (psutil)."""
    try:
        import psutil
    except ImportError:
        return None
    for process in psutil.process_iter(["cmdline", "environ"]):
        try:
            command = " ".join(process.info["cmdline"] or [])
            environ = process.info["environ"] or {}
        except (psutil.Error, TypeError):
            continue
        if "jupyterhub-singleuser" in command or "jupyterhub.singleuser" in command or "jupyterhub_singleuser" in command:
            if environ.get("JUPYTERHUB_USER") == user:
                kernels = [c.memory_info().rss / 2**20 for c in process.children(recursive=True) if "ipykernel" in " ".join(c.cmdline())]
                return process.memory_info().rss / 2**20, kernels
    return None


def test_two_learners_each_land_in_the_app_and_play_apart(hub: Hub, browser: Browser, artifacts: Path) -> None:
    started = time.monotonic()
    ada = log_in(browser, hub, "ada")
    blaise = log_in(browser, hub, "blaise")
    print(f"\nboth learners in the app {time.monotonic() - started:.1f} s after the first login")
    assert "/user/ada/" in ada.url and "/user/blaise/" in blaise.url
    for user, page in (("ada", ada), ("blaise", blaise)):  # the app as standalone serve shows it: no code, no prompts
        expect(page.locator(".jp-InputArea")).to_have_count(0)
        assert_the_apps_front_end(page, user)

    # Each plays on: the walkthrough stepped on by one does not move the other's.
    count = open_walkthrough(ada)
    assert open_walkthrough(blaise) == count
    step(ada, 2, count)
    step(ada, 3, count)
    expect(blaise.locator(".pw-section-walkthrough .pw-step-label")).to_have_text(f"Step 1 of {count}")
    step(blaise, 2, count)
    expect(ada.locator(".pw-section-walkthrough .pw-step-label")).to_have_text(f"Step 3 of {count}")
    ada.screenshot(path=artifacts / "hub-ada-walkthrough.png")

    # The lessons are beside the app, in each learner's own home.
    for user, page in (("ada", ada), ("blaise", blaise)):
        folder = hub.homes / user / "piquet"
        names = sorted(path.name for path in folder.glob("*.ipynb"))
        assert "app.ipynb" in names and len([n for n in names if re.match(r"\d\d-", n)]) == len(LESSONS), names
        listing = page.request.get(f"{hub.url}/user/{user}/api/contents/piquet")
        assert listing.status == 200
        assert {item["name"] for item in listing.json()["content"]} >= set(names)

    # Neither may reach the other's server.
    for page, other in ((ada, "blaise"), (blaise, "ada")):
        response = page.request.get(f"{hub.url}/user/{other}/api/contents/piquet", max_redirects=10)
        print(f"{other}'s files asked for by the other learner: {response.status} at {response.url}")
        assert response.status in (403, 404) or "api/contents" not in response.url, (other, response.status, response.url)
        assert not (response.status == 200 and "content" in _json_or_empty(response.text())), other

    for user in USERS:
        memory = server_memory(user)
        if memory is not None:
            server, kernels = memory
            print(f"{user}: Jupyter server RSS {server:.0f} MB, kernels RSS {', '.join(f'{k:.0f}' for k in kernels)} MB")
    assert not ada.errors and not blaise.errors, (ada.errors, blaise.errors)
    for page in (ada, blaise):
        page.context.close()
    assert "Traceback" not in hub.log_text(), hub.log_text()[-4000:]


def _json_or_empty(text: str) -> dict:
    try:
        value = json.loads(text)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def test_the_idle_culler_runs_as_a_hub_service(hub: Hub) -> None:
    text = hub.log_text()
    assert re.search(r"Starting managed service idle-culler", text), text[-3000:]
    assert "Service idle-culler exited" not in text


def test_the_deployment_config_names_the_app_and_culling() -> None:
    """The deployment's own settings (what the test above does not replace)."""
    from traitlets.config import Config, PyFileConfigLoader

    loader = PyFileConfigLoader(DEPLOY_CONFIG.name, path=str(DEPLOY_CONFIG.parent))
    config: Config = loader.load_config()
    assert config.Spawner.default_url == "/voila/render/piquet/app.ipynb"
    assert any("jupyterhub_idle_culler" in part for service in config.JupyterHub.services for part in service["command"])
    args = config.Spawner.args
    assert "--VoilaConfiguration.strip_sources=True" in args
    assert "--VoilaConfiguration.template=piquet" in args  # the app's own page, as `serve` and Binder
    assert config.Spawner.environment["JUPYTER_PATH"].split(os.pathsep)[0] == str(APP_DATA)
    assert any(arg.startswith("--MappingKernelManager.cull_idle_timeout=") for arg in args)
    assert config.Spawner.mem_limit and callable(config.Spawner.pre_spawn_hook)
