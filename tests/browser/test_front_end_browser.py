"""The app's own front end (`js/`) in Chromium: at the real `piquet-widgets serve`, a page taken
through every section fetches none of Voilà's JupyterLab front end, only the app's two files
(from the server's memory, gzipped, and 304 once the browser has them); under any Voilà, the
template's static copies."""

from __future__ import annotations

import gzip
import re
import urllib.error
import urllib.request
from collections.abc import Callable

import psutil
import pytest
from playwright.sync_api import Page, expect

from piquet_widgets.app import front_end

pytestmark = pytest.mark.browser

SECTIONS = {"walkthrough": ".pw-section-walkthrough .pw-step-label", "practice": ".pw-practice .pw-hand-elder .pw-card",
            "glossary": ".pw-glossary", "lessons": ".pw-section-lessons"}
VOILA_FRONT_END = ("/voila/static/", "/voila/labextensions/")


def fetched(page: Page) -> list[str]:
    return page.evaluate("performance.getEntriesByType('resource').map(entry => entry.name)")


@pytest.mark.compat
def test_a_served_page_fetches_only_the_apps_front_end(open_page: Callable[..., Page], served_app) -> None:
    page = open_page(served_app.url, width=1280, height=900)
    expect(page.locator(".pw-section-lessons")).to_be_visible()
    for name, shown in SECTIONS.items():
        page.locator(f".pw-nav-{name}").click()
        expect(page.locator(shown).first).to_be_visible()
    urls = fetched(page)
    assert [url for url in urls if any(part in url for part in VOILA_FRONT_END)] == []
    ours = sorted(url.rsplit("/", 1)[1] for url in urls if "/" + front_end.URL in url)
    assert ours == ["piquet-page.css", "piquet-page.js"]
    assert len(urls) < 10  # Voilà's own front end was about a hundred files


def test_a_browser_that_has_the_front_end_is_told_so(served_app) -> None:
    for name in front_end.TYPES:
        url = served_app.url + front_end.URL + name
        with urllib.request.urlopen(url, timeout=30) as response:
            etag, body = response.headers["ETag"], response.read()
            assert response.headers["Content-Type"] == front_end.TYPES[name]
        assert body == (front_end.STATIC / name).read_bytes()
        zipped = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(zipped, timeout=30) as response:
            zipped_etag = response.headers["ETag"]
            assert response.headers["Content-Encoding"] == "gzip"
            assert gzip.decompress(response.read()) == body
        assert zipped_etag != etag
        for headers in ({"If-None-Match": etag}, {"If-None-Match": zipped_etag, "Accept-Encoding": "gzip"}):
            with pytest.raises(urllib.error.HTTPError) as answer:
                urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=30)
            assert answer.value.code == 304


def test_a_name_the_front_end_does_not_have_is_not_found(served_app) -> None:
    for name in ("other.js", "..%2Fjupyter%2Fvoila%2Ftemplates%2Fpiquet%2Fconf.json", "piquet-page.js.map"):
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(served_app.url + front_end.URL + name, timeout=30)
        assert answer.value.code == 404
        assert answer.value.read() == b"404: Not Found"


def test_any_voila_serves_the_template_copies(open_page: Callable[..., Page], voila) -> None:
    page = open_page(voila.notebook("import ipywidgets\nipywidgets.Button(description='Deal')"))
    expect(page.get_by_role("button", name="Deal")).to_be_visible()
    urls = fetched(page)
    assert [url for url in urls if any(part in url for part in VOILA_FRONT_END)] == []
    assert any("/voila/templates/piquet/static/piquet-page.js" in url for url in urls)


def test_a_page_whose_server_is_gone_says_to_reload_it(open_page: Callable[..., Page], own_served_app) -> None:
    page = open_page(own_served_app.url + "?lang=fr")
    expect(page.locator(".pw-section-lessons")).to_be_visible()
    lost = page.locator(".pw-connection-lost")
    expect(lost).to_be_hidden()
    own_served_app.process.terminate()
    assert own_served_app.process.wait(timeout=20) == 0
    expect(lost).to_be_visible()
    expect(lost).to_have_text("La page a perdu sa connexion au serveur : rechargez la page pour continuer.")
    expect(lost.get_by_role("alert")).to_have_count(1)


def test_a_page_whose_kernel_dies_says_to_reload_it(open_page: Callable[..., Page], own_served_app) -> None:
    # A kernel that dies (its memory limit reached, docs/limits.md) is not restarted empty under
    # the page: the page says it lost its connection, in its language.
    page = open_page(own_served_app.url + "?lang=fr")
    expect(page.locator(".pw-section-lessons")).to_be_visible()
    kernel_id = re.search(r'"kernelId"\s*:\s*"([0-9a-f-]{36})"', page.content()).group(1)
    kernel = next(child for child in psutil.Process(own_served_app.process.pid).children(recursive=True)
                  if any(kernel_id in part for part in child.cmdline()))
    lost = page.locator(".pw-connection-lost")
    expect(lost).to_be_hidden()
    kernel.kill()
    expect(lost).to_be_visible(timeout=30_000)
    expect(lost).to_have_text("La page a perdu sa connexion au serveur : rechargez la page pour continuer.")


@pytest.mark.compat
def test_on_a_slow_computer_the_pages_own_widgets_lose_no_message(open_page: Callable[..., Page], served_app) -> None:
    # anywidget gives a model's module 2 s to load, then drops every message the kernel sends
    # that model. On a slow computer (or a busy one, a class arriving at once) the page's own
    # widgets' modules take longer: the language's widget must still follow the menu.
    page = open_page(served_app.url, width=1280, height=900, slowdown=30)
    expect(page.locator(".pw-section-lessons")).to_be_visible(timeout=120_000)
    page.locator(".pw-page-language select").select_option(label="Français")
    expect(page.locator("html")).to_have_attribute("lang", "fr", timeout=60_000)


def test_the_frame_is_drawn_before_the_kernel_answers(open_page: Callable[..., Page], served_app) -> None:
    # The page carries the state of its frame's widgets (`with_widget_state`, app/page.py): with
    # its kernel connection held back (opened, never answered), the page still draws the frame
    # and its loading fan; what the link opens waits for the kernel.
    page = open_page(served_app.url, width=1280, height=900, kernel_held=True)
    expect(page.locator(".pw-nav-practice")).to_be_visible()
    expect(page.get_by_role("status")).to_have_text("Loading…")
    expect(page.locator(".pw-section-lessons")).to_have_count(0)


MISMATCHED = """
import anywidget, ipywidgets, traitlets
from IPython.display import display
from piquet_widgets.app.page import with_widget_state
from piquet_widgets.i18n import set_language

class Older(anywidget.AnyWidget):
    _esm = "export default {{ render({{ el }}) {{ el.textContent = 'drawn'; }} }}"
    _model_module_version = traitlets.Unicode("~0.9.*").tag(sync=True)
    _view_module_version = traitlets.Unicode("~0.9.*").tag(sync=True)

set_language({language!r})
shown = ipywidgets.VBox([ipywidgets.Button(description="Deal"), Older()])
display(with_widget_state(shown) if {with_words} else shown, raw={with_words})
"""


@pytest.mark.compat
@pytest.mark.parametrize(("language", "with_words", "said"), [
    ("en", False, "This page cannot draw its widgets: they need anywidget ~0.9.*, and the page was built for another version."),
    ("fr", True, "Cette page ne peut pas afficher ses widgets : ils demandent anywidget ~0.9.*"),
])
def test_a_widget_of_another_version_is_said_not_left_blank(open_page: Callable[..., Page], voila, language: str, with_words: bool, said: str) -> None:
    # The front end is built on anywidget 0.11: a widget asking for anywidget 0.9 is not drawn with
    # it, and the page says why, in the page's language when the kernel sent its words.
    page = open_page(voila.notebook(MISMATCHED.format(language=language, with_words=with_words)))
    note = page.locator(".pw-version-mismatch")
    expect(note).to_be_visible()
    expect(note).to_contain_text(said)
    expect(note).to_have_attribute("role", "alert")
    assert page.get_by_text("drawn").count() == 0
