"""Every reach of the package into another library's internals, in one place, each with the
versions it was verified against and what it buys; outside those versions, the library's own
behaviour, said once in the log (`verified`), and `piquet-widgets serve` refuses to start
(`refusal`): its server subclasses Voilà's and Jupyter Server's handlers for its checks.

- `batch`: ipywidgets' `Widget.open/_send/close`, so that widgets made together reach the page in
  one message each (a lesson: 727 messages for 417 widgets without it). Outside ipywidgets'
  verified versions, every widget sends its updates as ipywidgets does.
- `grammars`: `rfc3987_syntax` seen as missing by jsonschema, whose format checker otherwise
  compiles some 35 grammars at the server's start (1.5 s of 2.5 s). Outside jsonschema's
  verified versions, left alone.
- `query`: Voilà's `wait_for_request`, copied so that a kernel does not import Voilà's server
  (some 40 MB a kernel). Outside Voilà's verified versions, Voilà's own.
- `activity`: Jupyter Server's watch of a kernel's activity, reading each message's header only
  (a fifth of the server's time with a class clicking). Outside Jupyter Server's verified
  versions, Jupyter Server's own watch.
- `pyodide_comm`: jupyterlite-pyodide-kernel's `Comm.publish_msg`, so that a widget trait set
  back to None reaches the static site's page as null (Pyodide's `toJs` makes it `undefined`,
  and a panel shown again stayed hidden). Outside its verified version, or outside Pyodide,
  left alone.
- `serve`'s own server (`app/voila_app.py`, `app/kernels.py`, `app/page_messages.py`) subclasses
  Voilà's page, static-file and kernel-websocket handlers and its kernel pool, and reads Jupyter
  Server's websocket framing: verified against the same versions, and `serve` refuses others.
- The app's front end (`js/`) is built on anywidget 0.11 and on ipywidgets 8's widget protocol; it
  checks the model versions each widget names and says so on the page when they differ. Its one
  reach into anywidget, `js/src/anywidget.js`, lifts anywidget's 2 s deadline for a model's module
  (anywidget 0.11.0 has no setting or hook for it; its newest sources neither): verified against
  0.11.0, and with another anywidget the page keeps anywidget's own deadline.
"""

from __future__ import annotations

import functools
import logging
import re
from importlib.metadata import PackageNotFoundError, version

# Library -> (lowest version allowed, first version not allowed): the bounds of the `app` extra in
# pyproject.toml. Each reach was verified against voila 0.5.13, jupyter_server 2.21.1, ipywidgets
# 8.1.9, anywidget 0.11.0 and jsonschema 4.26.0, and the lowest ones with
# `scripts/lowest-versions.sh` (voila 0.5.8, the first with the kernel websocket handler the server
# subclasses; jupyter_server 2.15, the first with `track_message_type`, which the activity watch
# keeps; ipywidgets 8.1.0; anywidget 0.11.0).
VERIFIED: dict[str, tuple[str, str]] = {
    "voila": ("0.5.8", "0.6"),
    "jupyter_server": ("2.15", "3"),
    "ipywidgets": ("8.1", "9"),
    "anywidget": ("0.11", "0.12"),
    "jsonschema": ("4.18", "5"),
}
# What `serve`'s server and front end cannot do without.
SERVED_WITH = ("voila", "jupyter_server", "ipywidgets", "anywidget")

log = logging.getLogger("piquet_widgets.compat")
_said: set[str] = set()


def release(text: str) -> tuple[int, ...]:
    """The release numbers a version starts with: `release("0.5.13rc1") == (0, 5, 13)`."""
    found = re.match(r"\d+(\.\d+)*", text)
    return tuple(int(part) for part in found.group().split(".")) if found else ()


@functools.cache
def installed(library: str) -> str | None:
    """The installed version of `library`, or None (read from its metadata, not imported)."""
    try:
        return version(library)
    except PackageNotFoundError:
        return None


def within(library: str, found: str | None) -> bool:
    """Whether version `found` of `library` is one its reaches were verified against."""
    low, high = VERIFIED[library]
    return found is not None and release(low) <= release(found) < release(high)


def verified(library: str, found: str | None = None) -> bool:
    """Whether the installed `library` (or version `found`) is within its verified versions; if
    not, says once in the log that the library's own behaviour is used instead."""
    found = installed(library) if found is None else found
    if within(library, found):
        return True
    if library not in _said:
        _said.add(library)
        low, high = VERIFIED[library]
        log.warning("%s %s is not a version piquet_widgets was verified with (%s to before %s): using %s's own behaviour.",
                    library, found or "(not installed)", low, high, library)
    return False


def refusal(versions: dict[str, str | None] | None = None) -> str | None:
    """Why `serve` cannot start with the installed libraries (or `versions`), in a sentence, or None."""
    from piquet_widgets.i18n import _

    versions = versions if versions is not None else {library: installed(library) for library in SERVED_WITH}
    for library in SERVED_WITH:
        found = versions.get(library)
        if within(library, found):
            continue
        low, high = VERIFIED[library]
        if found is None:
            return _("piquet-widgets: the tutorial app needs {library} {low} or later, before {high}, which is not installed: "
                     "pip install 'piquet-widgets[app]'").format(library=library, low=low, high=high)
        return _("piquet-widgets: the tutorial app needs {library} {low} or later, before {high}; {found} is installed: "
                 "pip install 'piquet-widgets[app]'").format(library=library, low=low, high=high, found=found)
    return None
