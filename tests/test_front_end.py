"""The app's front end (`js/`, built into the template by `npm run build`): what is committed is
what the sources build, and `serve` sends it as built (app/front_end.py)."""

from __future__ import annotations

import gzip
import hashlib
from pathlib import Path

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
