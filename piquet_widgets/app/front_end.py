"""The tutorial app's front end, as `piquet-widgets serve` sends it.

The page's widgets are drawn by the app's own front end (`piquet-page.js` and `piquet-page.css`,
built from `js/` in the repository into the template's static folder) rather than Voilà's
JupyterLab application: a fraction of the scripts, which a browser downloads, compiles and runs
before the first widget (benchmarks/bench_load.py). Any Voilà serves them as the template's static
files; `serve` sends them from memory instead, gzipped once when the server starts: a quarter of
the bytes for a school's network to carry thirty times, and no compression per visitor for the
server's one thread while a class arrives.
"""

from __future__ import annotations

import gzip
import hashlib
from dataclasses import dataclass

from piquet_widgets.app import APP_DATA

STATIC = APP_DATA / "voila" / "templates" / "piquet" / "static"
URL = "voila/piquet/"  # under the server's base URL: the files follow it
TYPES = {"piquet-page.js": "text/javascript; charset=utf-8", "piquet-page.css": "text/css; charset=utf-8"}


@dataclass(frozen=True)
class Asset:
    """One file of the front end: its bytes, gzipped too, its type and its ETag."""

    body: bytes
    gzipped: bytes
    content_type: str
    etag: str


def load() -> dict[str, Asset]:
    """The front end's files by name, read and compressed."""
    assets = {}
    for name, content_type in TYPES.items():
        body = (STATIC / name).read_bytes()
        etag = f'"{hashlib.sha256(body).hexdigest()[:32]}"'
        assets[name] = Asset(body, gzip.compress(body, mtime=0), content_type, etag)
    return assets
