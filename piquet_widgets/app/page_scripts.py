"""The scripts of the app's page in one response, for `piquet-widgets serve`.

Voilà's front end comes in some ninety script files (webpack chunks: Voilà's own, then the
widget manager's and anywidget's), which a page fetches a few at a time, each batch asked for by
the one before. On a server busy with a class arriving at once, every request waits its turn:
the scripts took 4.5 s of the 11 s to a browser's first widget (benchmarks/bench_load.py). A
chunk, run by whatever script, only registers its code in a global list, which Voilà's loader
reads before fetching: the app's template runs them all from this one response before
`voila.js`, which then finds them registered and fetches none of them.

They are sent gzipped (compressed once, when the server starts) to a browser that takes it: a
quarter of the bytes, for the server to write and for a school's network to carry thirty times.

`page_scripts.json` lists them as a page of this install asks for them (paths under `voila/`),
recorded by `scripts/record_page_scripts.py`. A listed file the installed Voilà does not have is
left out, and the page fetches what it needs as before, one file at a time.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

LISTED = Path(__file__).with_name("page_scripts.json")
URL = "voila/page-scripts.js"  # under the server's base URL


@dataclass(frozen=True)
class PageScripts:
    """The listed scripts joined (`body`, and `gzipped`), their ETag, and the listed paths not
    found."""

    body: bytes
    gzipped: bytes
    etag: str
    missing: tuple[str, ...]


def listed() -> list[str]:
    """The page's scripts, as paths under `voila/` (`static/…`, `labextensions/…`)."""
    return json.loads(LISTED.read_text(encoding="utf-8"))["scripts"]


def chunk(url: str) -> str | None:
    """The path under `voila/` of a chunk a page fetched from `url`, or None for any other
    request: `voila.js` and the extensions' `remoteEntry` files are what load the chunks, and
    are left to Voilà."""
    path = urlsplit(url).path.removeprefix("/")
    name = path.rsplit("/", 1)[-1]
    if not path.startswith(("voila/static/", "voila/labextensions/")) or not name.endswith(".js"):
        return None
    if name == "voila.js" or name.startswith("remoteEntry."):
        return None
    return path.removeprefix("voila/")


def find(path: str, static_roots: Sequence[str], labextension_roots: Sequence[str]) -> Path | None:
    """The file a path under `voila/` names, searched as Voilà's static handlers search: in the
    static roots for `static/…`, in the labextension roots for `labextensions/…`."""
    kind, _, rest = path.partition("/")
    roots = {"static": static_roots, "labextensions": labextension_roots}.get(kind, ())
    for root in map(Path, roots):
        candidate = (root / rest).resolve()
        if candidate.is_relative_to(root.resolve()) and candidate.is_file():
            return candidate
    return None


def join(static_roots: Sequence[str], labextension_roots: Sequence[str]) -> PageScripts:
    """The listed scripts found in these roots, one after another."""
    parts: list[bytes] = []
    missing: list[str] = []
    for path in listed():
        found = find(path, static_roots, labextension_roots)
        if found is None:
            missing.append(path)
        else:
            parts.append(found.read_bytes() + b"\n;\n")  # a script may end without its semicolon
    body = b"".join(parts)
    return PageScripts(body, gzip.compress(body, mtime=0), f'"{hashlib.sha256(body).hexdigest()[:32]}"', tuple(missing))
