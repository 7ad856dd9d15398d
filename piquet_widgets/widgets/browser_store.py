"""`BrowserStore`: a text kept in the visitor's own browser (localStorage), so that what one visitor
of a served app does is never seen by another and survives a reload. Two things use it: the
practice partie (`partie_store`, with download and upload buttons for a partie record file) and
the lessons' progress (`progress_store`).

The view (`browser_store.js`) writes `record` to localStorage whenever Python changes it, sends the
text it kept when the page is opened again, and (with `files`) reads an uploaded file in the
browser. Everything it sends is treated as hostile: a message that is not a dict of the expected
shape, a text that is not a string or is larger than the store's `max_bytes`, is refused before it
is parsed, and the owner (`on_record`) validates the value itself.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.engine.records import parse_json
from piquet_widgets.i18n import N_, _
from piquet_widgets.widgets.owned_state import PythonOwnedState

_HERE = Path(__file__).parent
MAX_RECORD_BYTES = 1 << 20  # a partie record is a few kilobytes; the cap of record files too
MAX_NAME_LENGTH = 120
STORAGE_KEY = "piquet-widgets.practice-partie"
PROGRESS_KEY = "piquet-widgets.lesson-progress"

Source = str  # "restore" (kept in this browser) or "upload" (a file the visitor chose)


class _Words:
    """A name for a message, said in the language of the moment the message is shown."""

    def __init__(self, message: str) -> None:
        self.message = message

    def name_in_words(self) -> str:
        return _(self.message)


KEPT = _Words(N_("the partie kept in this browser"))
UPLOADED = _Words(N_("the uploaded file"))


class BrowserStore(PythonOwnedState, anywidget.AnyWidget):
    """The browser's copy of a text (`record`), and with `files` download and upload buttons
    (`pw-download-partie`, `pw-upload-partie`).

    `on_record(source, value, name)` is called with the parsed JSON of a text the page sent
    (`source` "restore" or "upload"); `on_refused(error)` with the reason a text was refused.
    Only the first text the browser kept is restored, unless the store `follow`s the browser: then
    the text another tab of the same browser keeps is sent again each time it changes.
    """

    _esm = _HERE / "browser_store.js"

    record = traitlets.Unicode("").tag(sync=True)
    storage_key = traitlets.Unicode(STORAGE_KEY).tag(sync=True)
    files = traitlets.Bool(True).tag(sync=True)
    follow = traitlets.Bool(False).tag(sync=True)
    file_name = traitlets.Unicode("piquet-partie.json").tag(sync=True)
    max_bytes = traitlets.Int(MAX_RECORD_BYTES).tag(sync=True)
    download_label = traitlets.Unicode("").tag(sync=True)
    upload_label = traitlets.Unicode("").tag(sync=True)

    def __init__(self, on_record: Callable[[Source, Any, Any], None], on_refused: Callable[[PiquetError], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("pw-browser-store")
        self.on_record = on_record
        self.on_refused = on_refused
        self.restored = False  # only the first text the page kept is restored
        self.on_msg(self._handle_message)

    def _handle_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind != "restore" and not self.files:
            return
        name = content.get("name")
        name = name[:MAX_NAME_LENGTH] if isinstance(name, str) and name.strip() else (KEPT if kind == "restore" else UPLOADED)
        if kind == "too-large":
            self.on_refused(PiquetError(N_("{file}: too large to be a record"), file=name))
            return
        if kind not in ("restore", "upload"):
            return
        if kind == "restore":
            if self.restored and not self.follow:
                return
            self.restored = True
        try:
            value = self._parsed(content.get("text"), name)
        except PiquetError as error:
            self.on_refused(error)
            return
        self.on_record(kind, value, name)

    def _parsed(self, text: Any, name: Any) -> Any:
        """The JSON value of a text the page sent, refused if it is not a string or is too large."""
        if not isinstance(text, str):
            raise PiquetError(N_("{file}: not a saved practice partie"), file=name)
        if len(text) > self.max_bytes or len(text.encode("utf-8", "surrogatepass")) > self.max_bytes:
            raise PiquetError(N_("{file}: too large to be a record"), file=name)
        return parse_json(text, name)  # type: ignore[arg-type]


def partie_key(mode: str) -> str:
    """Where the browser keeps the practice partie of a mode ("open" or "closed"): one partie of
    each, so that opening the table in one mode leaves the partie of the other as it was."""
    return STORAGE_KEY if mode == "open" else f"{STORAGE_KEY}.{mode}"


def partie_store(on_record: Callable[[Source, Any, Any], None], on_refused: Callable[[PiquetError], None], mode: str = "open") -> BrowserStore:
    """The practice partie's store: kept in the browser (under `partie_key(mode)`), downloaded
    and uploaded as a record file."""
    store = BrowserStore(on_record, on_refused, storage_key=partie_key(mode))
    store.add_class("pw-partie-store")
    return store


def progress_store(on_value: Callable[[Any], None], max_bytes: int) -> BrowserStore:
    """The lessons' progress kept in the browser: no buttons; `on_value` gets the parsed JSON the
    browser kept (again whenever another tab changes it), and a text refused (too large, not
    JSON) is ignored, as if nothing was kept."""
    store = BrowserStore(lambda _source, value, _name: on_value(value), lambda _error: None,
                         storage_key=PROGRESS_KEY, files=False, follow=True, max_bytes=max_bytes)
    store.add_class("pw-progress-store")
    return store
