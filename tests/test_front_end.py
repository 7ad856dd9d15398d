"""The app's front end (`js/`, built into the template by `npm run build`): what is committed is
what the sources build, and `serve` sends it as built (app/front_end.py)."""

from __future__ import annotations

import gzip
import hashlib
from pathlib import Path

import pytest

from support import REPO

from piquet_widgets.app import front_end

JS = REPO / "js"


def inputs(folder: Path) -> list[str]:
    """What `js/build.mjs` builds from, in its order: the lock file, itself and the sources."""
    return ["package-lock.json", "build.mjs", *(f"src/{path.name}" for path in sorted((folder / "src").iterdir()))]


def source_hash(folder: Path = JS) -> str:
    """The hash `js/build.mjs` stamps on what it builds: each input with its name."""
    digest = hashlib.sha256()
    for name in inputs(folder):
        digest.update(name.encode() + b"\0" + (folder / name).read_bytes() + b"\0")
    return digest.hexdigest()


def test_the_built_front_end_is_built_from_the_sources_as_they_are() -> None:
    stamp = f"/* built from sources {source_hash()} */"
    for name in front_end.TYPES:
        first_line = (front_end.STATIC / name).read_text(encoding="utf-8").split("\n", 1)[0]
        assert first_line == stamp, f"{name} is out of date: cd js && npm ci && npm run build"


def test_the_stamp_changes_with_a_source(tmp_path: Path) -> None:
    copy = tmp_path / "js"
    (copy / "src").mkdir(parents=True)
    for name in inputs(JS):
        (copy / name).write_bytes((JS / name).read_bytes())
    assert source_hash(copy) == source_hash()
    (copy / "src" / "page.js").write_text((copy / "src" / "page.js").read_text() + "\n// changed\n")
    assert source_hash(copy) != source_hash()


def test_serve_sends_the_built_files_and_their_gzip() -> None:
    assets = front_end.load()
    assert set(assets) == {"piquet-page.js", "piquet-page.css"}
    for name, asset in assets.items():
        assert asset.body == (front_end.STATIC / name).read_bytes()
        assert gzip.decompress(asset.gzipped) == asset.body
        assert len(asset.gzipped) < len(asset.body) / 2
    assert assets["piquet-page.js"].etag != assets["piquet-page.css"].etag


@pytest.fixture(scope="module")
def app_widgets() -> list:
    """Every widget the app's page makes: each section and each lesson."""
    import ipywidgets

    from piquet_widgets.app.page import build
    from piquet_widgets.teach.lessons import LESSONS

    before = set(ipywidgets.widgets.widget._instances)
    app = build("", deferred=False)
    for section in ("lesson", "walkthrough", "practice", "glossary"):
        app.show_section(section)
    for number in range(1, len(LESSONS) + 1):
        app.show_lesson(number)
    return [widget for key, widget in ipywidgets.widgets.widget._instances.items() if key not in before]


def test_the_front_end_has_the_class_of_every_widget_the_app_makes(app_widgets: list) -> None:
    # The front end bundles only the widget classes the app uses (js/src/manager.js): a widget of
    # another class would not be drawn. The bundle keeps the names it looks the classes up by.
    bundle = (front_end.STATIC / "piquet-page.js").read_text(encoding="utf-8")
    names = {widget._model_name for widget in app_widgets} | {widget._view_name for widget in app_widgets if widget._view_name}
    assert {"ButtonModel", "HTMLView", "IntSliderView", "LayoutModel"} <= names  # the walk found the page
    missing = sorted(name for name in names if f"{name}:" not in bundle and f'"{name}"' not in bundle)
    assert not missing, f"the front end has no class for {missing}: add its file to js/src/manager.js"
    assert "ColorPickerModel:" not in bundle  # the controls the app does not use are left out


def test_no_widget_of_the_app_asks_for_an_html_description(app_widgets: list) -> None:
    # The front end shows a description given as HTML as its text (js/src/escaped-description.js).
    described = [widget for widget in app_widgets if getattr(widget, "description_allow_html", False)]
    assert not described
