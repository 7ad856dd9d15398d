"""Fixtures for browser tests: a Voilà server on notebooks written to a temp folder, and Chromium.

- `voila`: one Voilà server for the session, serving a temp folder with every Jupyter and home
  directory pointed at another temp folder; `voila.notebook(code, ...)` writes a notebook of code
  cells there and returns the URL that renders it.
- `open_page(url, width=..., height=..., scale=...)`: a fresh Chromium page (Debian's, or Playwright's own,
  driven by Playwright) at that URL; an uncaught JavaScript error in it, or a request to any host
  but this machine (a CDN, a font), fails the test.
- `open_table(name, deal, **options)`: such a page showing a practice table of that deal.
- `reveal(lesson, selector)`: scrolls a lesson of the app down, as a learner does, until the part
  `selector` is built (the app builds a lesson's walkthroughs, exercises and drills only near the
  screen); without a selector, until every part is.
- `artifacts`: the folder `tests/artifacts/` for screenshots.
- `served_app`: the tutorial app started as a user starts it, `piquet-widgets serve --no-browser
  --port N`, for one test module (its process and its home folder too); `app_url` its URL;
  `own_served_app` the same for one test alone, which may stop it.

Tests wait on `pw-…` classes with `expect(...)`, never on sleeps; `expect` waits up to 30 s here
because the first render includes starting a kernel.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import nbformat
import playwright.sync_api as playwright_sync
import pytest
from piquet_widgets.app import APP_DATA
from piquet_widgets.app.server import TEMPLATE
from support import CHROMIUM, CHROMIUM_ARGS, NO_CHROMIUM, REPO, free_port, isolated_environment, wait_until_answers

ARTIFACTS = REPO / "tests" / "artifacts"
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}

playwright_sync.expect.set_options(timeout=30_000)


@dataclass
class VoilaServer:
    """A running Voilà server and the folder of notebooks it serves."""

    url: str
    folder: Path
    log: Path  # the server's output, kernels' errors included: read it when a test fails
    count: int = 0

    def notebook(self, *cells: str, name: str | None = None) -> str:
        """Write a notebook of these code cells and return the URL that renders it."""
        self.count += 1
        name = name or f"notebook_{self.count}"
        notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code) for code in cells])
        notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nbformat.write(notebook, self.folder / f"{name}.ipynb")
        return f"{self.url}/voila/render/{name}.ipynb"


@pytest.fixture(scope="session")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """A Voilà server for the whole session, on 127.0.0.1 and a free port."""
    home = tmp_path_factory.mktemp("voila_home")
    folder = tmp_path_factory.mktemp("notebooks")
    port = free_port()
    log = home / "voila.log"
    command = [
        sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
        f"--VoilaConfiguration.template={TEMPLATE}", str(folder),
    ]
    env = isolated_environment(home)
    env["JUPYTER_PATH"] = str(APP_DATA)  # the app's template: nothing asked of a CDN
    with log.open("w") as output:
        process = subprocess.Popen(command, cwd=folder, env=env, stdout=output, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_answers(url, process, log)
        yield VoilaServer(url=url, folder=folder, log=log)
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="module")
def browser() -> Iterator[playwright_sync.Browser]:
    """Chromium (Debian's or Playwright's), headless, driven by Playwright."""
    if not CHROMIUM.exists():
        pytest.fail(NO_CHROMIUM)
    with playwright_sync.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def open_page(browser: playwright_sync.Browser) -> Iterator[Callable[..., playwright_sync.Page]]:
    """Open a URL in a fresh browser context; the test fails if a page raised a JavaScript error
    or asked another host for anything."""
    contexts: list[playwright_sync.BrowserContext] = []
    errors: list[str] = []
    outside: list[str] = []

    def check_host(request: playwright_sync.Request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme not in ("data", "blob", "about") and parts.hostname not in LOCAL_HOSTS:
            outside.append(request.url)

    def open_page(
        url: str, width: int = 1000, height: int = 800, scale: float = 1, slowdown: float = 1, kernel_held: bool = False,
        received: list[str | bytes] | None = None,
    ) -> playwright_sync.Page:
        """`slowdown`: the page's CPU throttled that many times, as on a slow computer;
        `kernel_held`: its kernel websocket opened but never answered; `received`: a list the
        frames its websockets receive are appended to."""
        context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale)
        contexts.append(context)
        if kernel_held:
            context.route_web_socket(re.compile(r"/api/kernels/"), lambda _socket: None)
        page = context.new_page()
        if slowdown > 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("request", check_host)
        if received is not None:
            page.on("websocket", lambda socket: socket.on("framereceived", lambda frame: received.append(frame)))
        page.goto(url)
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors in the page: {errors}"
    assert not outside, f"the page asked other hosts: {outside}"


@pytest.fixture
def open_table(open_page: Callable[..., playwright_sync.Page], voila: VoilaServer) -> Callable[..., playwright_sync.Page]:
    """`open_table(name, deal, **options)`: a page (1280 × 1000) of a notebook `name` showing
    `PracticeTable(deal=..., keep_in_browser=False, **options)`; `deal` is a seed, or the cards of
    elder, younger and the talon as three texts ("AS KS …")."""

    def open_table(name: str, deal: int | tuple[str, str, str], height: int = 1000, **options: object) -> playwright_sync.Page:
        dealt = repr(deal) if isinstance(deal, int) else f"Deal.new(*(parse_cards(text) for text in {tuple(deal)!r}))"
        given = "".join(f"{key}={value!r}, " for key, value in options.items())
        code = (
            "from piquet_widgets.engine import Deal, parse_cards\n"
            "from piquet_widgets.widgets.practice import PracticeTable\n"
            f"PracticeTable({given}deal={dealt}, keep_in_browser=False)"
        )
        return open_page(voila.notebook(code, name=name), width=1280, height=height)

    return open_table


@pytest.fixture
def club_table_exchanged(open_table: Callable[..., playwright_sync.Page]) -> Callable[[str], tuple[playwright_sync.Page, object]]:
    """`club_table_exchanged(name)`: deal 21 against the club computer, the learner elder and his
    declarations made for him, once he has discarded his first card, in Chromium (1280 × 1100);
    and the same table as a `PracticeSession` (its mirror, to know what each card costs)."""
    from piquet_widgets.engine import ELDER
    from piquet_widgets.teach.session import PracticeSession

    def exchanged(name: str) -> tuple[playwright_sync.Page, PracticeSession]:
        mirror = PracticeSession(role="elder", deal=21, level="club")
        page = open_table(name, 21, height=1100, role="elder", level="club", declare_for_me=True)
        playwright_sync.expect(page.locator(".pw-hand-elder .pw-card")).to_have_count(12)
        first = mirror.deal.hand(ELDER)[0]
        page.locator(f'.pw-hand-elder .pw-card[data-card="{first.code}"]').click()
        page.locator("button.pw-confirm").click()
        mirror.select(ELDER, first)
        mirror.confirm()
        return page, mirror

    return exchanged


def reveal_in(lesson: playwright_sync.Locator, selector: str | None = None) -> playwright_sync.Locator:
    """Scroll `lesson` down to its lazily built parts, one after the other, until `selector` is
    in it (every part built, without one); returns `lesson.locator(selector)` (or `lesson`)."""
    expect = playwright_sync.expect
    expect(lesson.locator(".pw-lesson-summary")).to_be_visible()  # the lesson is drawn, its placeholders too
    target = lesson.locator(selector) if selector else None
    placeholders = lesson.locator(".pw-lazy")  # the boxes not built yet
    while placeholders.count() and not (target is not None and target.count()):
        try:
            first = placeholders.first.element_handle(timeout=5_000)
        except playwright_sync.Error:  # built and gone meanwhile
            continue
        _scroll_until_built(lesson.page, first)
    if target is None:
        return lesson
    expect(target.first).to_be_attached()
    return target


def _scroll_until_built(page: playwright_sync.Page, placeholder: playwright_sync.ElementHandle, rounds: int = 6) -> None:
    """Scroll `placeholder` into view until it is built (a part built may hold placeholders of its
    own: lesson 9's drills), as a reader scrolls again when a part above grew (a drill dealt late,
    on a loaded machine) and pushed it out of view after his first scroll; fails after `rounds` of 5 s."""
    built = "element => !element.isConnected || !element.matches('.pw-lazy')"
    for _ in range(rounds):
        try:
            placeholder.scroll_into_view_if_needed(timeout=5_000)
            page.wait_for_function(built, arg=placeholder, timeout=5_000)
            return
        except playwright_sync.Error:
            if not placeholder.evaluate("element => element.isConnected"):
                return
    box = placeholder.bounding_box()
    raise AssertionError(f"a lazy part was never built in {rounds * 5} s of scrolling to it (its box: {box})")


@pytest.fixture
def reveal() -> Callable[..., playwright_sync.Locator]:
    """`reveal_in` (see the module's docstring)."""
    return reveal_in


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """`tests/artifacts/`, for screenshots (not committed)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@dataclass
class ServedApp:
    """`piquet-widgets serve` running: its URL, its process, and the temp folder that is both
    its home and its working folder."""

    url: str
    process: subprocess.Popen
    home: Path
    log: Path


@contextmanager
def app_server(home: Path, *options: str) -> Iterator[ServedApp]:
    """`piquet-widgets serve --no-browser --port N` (and `options`), as a user starts it, in
    `home`; stopped (if the test has not stopped it) with SIGTERM, which it must obey with status 0."""
    port = free_port()
    log = home / "serve.log"
    command = [sys.executable, "-m", "piquet_widgets", "serve", "--no-browser", "--port", str(port), *options]
    with log.open("w") as output:
        process = subprocess.Popen(command, cwd=home, env=isolated_environment(home), stdout=output, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        # a static file: polling the page itself would start a kernel at every try on a busy machine
        wait_until_answers(f"{url}voila/piquet/piquet-page.js", process, log)
        yield ServedApp(url=url, process=process, home=home, log=log)
    finally:
        process.terminate()
        try:
            assert process.wait(timeout=20) == 0, log.read_text()
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            pytest.fail(f"the server did not stop on SIGTERM:\n{log.read_text()}")


@pytest.fixture(scope="module")
def served_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServedApp]:
    """The app served as a user serves it, for one test module."""
    with app_server(tmp_path_factory.mktemp("app_home")) as app:
        yield app


@pytest.fixture
def own_served_app(tmp_path: Path) -> Iterator[ServedApp]:
    """The app served for one test alone, which may stop it."""
    with app_server(tmp_path) as app:
        yield app


@pytest.fixture(scope="module")
def app_url(served_app: ServedApp) -> str:
    """The URL of the served app."""
    return served_app.url
