"""The page's scripts joined for `serve` (`page_scripts`): which requests are chunks, where a
listed path is found, and what is joined."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from piquet_widgets.app import page_scripts


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("http://127.0.0.1:8866/voila/static/7155.voila.js", "static/7155.voila.js"),
        ("http://127.0.0.1:8866/voila/labextensions/anywidget/static/2.3dbf81c0.js?v=1", "labextensions/anywidget/static/2.3dbf81c0.js"),
        ("http://127.0.0.1:8866/voila/static/voila.js", None),  # the loader itself
        ("http://127.0.0.1:8866/voila/labextensions/anywidget/static/remoteEntry.698dcaf7.js", None),
        ("http://127.0.0.1:8866/voila/templates/piquet/static/voila-style.js?v=3", None),  # the theme, not a chunk
        ("http://127.0.0.1:8866/voila/static/index.css", None),
        ("http://127.0.0.1:8866/", None),
    ],
)
def test_the_chunks_of_a_page_are_told_from_its_other_requests(url: str, path: str | None) -> None:
    assert page_scripts.chunk(url) == path


def test_a_listed_path_is_found_in_its_own_roots_only(tmp_path: Path) -> None:
    static, extensions, outside = tmp_path / "static", tmp_path / "labextensions", tmp_path / "secret.js"
    (extensions / "anywidget" / "static").mkdir(parents=True)
    static.mkdir()
    (static / "1.voila.js").write_text("one")
    (extensions / "anywidget" / "static" / "2.js").write_text("two")
    outside.write_text("secret")
    roots = ([str(static)], [str(extensions)])
    assert page_scripts.find("static/1.voila.js", *roots) == (static / "1.voila.js").resolve()
    assert page_scripts.find("labextensions/anywidget/static/2.js", *roots) == (extensions / "anywidget" / "static" / "2.js").resolve()
    assert page_scripts.find("labextensions/1.voila.js", *roots) is None  # a static file is not an extension's
    assert page_scripts.find("static/../secret.js", *roots) is None
    assert page_scripts.find("other/secret.js", *roots) is None


def test_the_listed_scripts_found_are_joined_and_the_others_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "static").mkdir()
    (tmp_path / "static" / "1.voila.js").write_text("first()")
    (tmp_path / "static" / "2.voila.js").write_text("second()")
    listed = tmp_path / "page_scripts.json"
    listed.write_text(json.dumps({"scripts": ["static/2.voila.js", "static/gone.voila.js", "static/1.voila.js"]}))
    monkeypatch.setattr(page_scripts, "LISTED", listed)
    joined = page_scripts.join([str(tmp_path / "static")], [])
    assert joined.body.decode().split("\n;\n") == ["second()", "first()", ""]  # in the order listed, each ended
    assert joined.missing == ("static/gone.voila.js",)
    (tmp_path / "static" / "1.voila.js").write_text("changed()")
    assert page_scripts.join([str(tmp_path / "static")], []).etag != joined.etag


def test_every_listed_script_is_in_this_install(monkeypatch: pytest.MonkeyPatch) -> None:
    """The list matches the installed Voilà and extensions (else: scripts/record_page_scripts.py),
    found where `serve`'s Voilà looks."""
    from piquet_widgets.app.server import share_template, voila_arguments
    from piquet_widgets.app.voila_app import PiquetVoila

    monkeypatch.setenv("JUPYTER_PATH", "")
    share_template()
    app = PiquetVoila()
    app.initialize(voila_arguments(0, False))
    assert page_scripts.listed(), "no script listed"
    assert app.joined_scripts().missing == ()
