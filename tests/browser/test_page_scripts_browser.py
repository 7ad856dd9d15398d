"""The app's page fetches its scripts in one response (`piquet_widgets/app/page_scripts.py`):
in Chromium at the real `piquet-widgets serve`, a page opened and taken through every section
fetches no chunk of Voilà's front end by itself, and still works; a browser that has the joined
scripts is answered 304. Fails when `page_scripts.json` no longer matches the installed front
end (then: `python scripts/record_page_scripts.py`)."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from support import REPO

from piquet_widgets.app import page_scripts

pytestmark = pytest.mark.browser

SECTIONS = {"walkthrough": ".pw-section-walkthrough .pw-step-label", "practice": ".pw-practice .pw-hand-elder .pw-card",
            "glossary": ".pw-glossary", "lessons": ".pw-section-lessons"}


def test_a_page_fetches_no_chunk_of_the_front_end_by_itself(open_page: Callable[..., Page], served_app) -> None:
    page = open_page(served_app.url, width=1280, height=900)
    expect(page.locator(".pw-section-lessons")).to_be_visible()
    for name, shown in SECTIONS.items():
        page.locator(f".pw-nav-{name}").click()
        expect(page.locator(shown).first).to_be_visible()
    fetched = page.evaluate("performance.getEntriesByType('resource').map(entry => entry.name)")
    assert [url for url in fetched if page_scripts.chunk(url)] == []
    assert sum(url.split("?")[0].endswith(page_scripts.URL) for url in fetched) == 1
    assert len(fetched) < 20  # it was about a hundred files


def test_a_browser_that_has_the_scripts_is_told_so(served_app) -> None:
    url = served_app.url.rstrip("/") + "/" + page_scripts.URL
    with urllib.request.urlopen(url, timeout=30) as response:
        etag, body = response.headers["ETag"], response.read()
        assert response.headers["Content-Type"].startswith("text/javascript")
    assert b"webpackChunk" in body and len(body) > 1_000_000
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


def test_the_recording_script_finds_the_listed_scripts(tmp_path: Path) -> None:
    output = tmp_path / "page_scripts.json"
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "record_page_scripts.py"), "--output", str(output)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    recorded = json.loads(output.read_text())["scripts"]
    assert sorted(recorded) == sorted(page_scripts.listed())
