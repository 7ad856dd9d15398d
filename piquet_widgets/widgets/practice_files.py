"""Saving and restoring the practice table's partie: a file from a notebook (`save`, `load`), the
copy kept in the visitor's browser and the files he downloads or uploads (`browser_store`).

`PartieFiles` is a part of `PracticeTable` (widgets/practice.py): it uses the table's `session`,
`store`, `declare_check` and its `_say` and `_render`, and replaces the session when a partie is
restored. Nothing typed or clicked in the page names a file on the server.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.engine.files import read_json_file, write_json_atomic
from piquet_widgets.engine.records import is_partie
from piquet_widgets.i18n import N_, Message, message
from piquet_widgets.teach.session import MODES, PracticeSession
from piquet_widgets.widgets.browser_store import partie_key

__all__ = ["DEFAULT_SAVE_PATH", "PartieFiles", "Said"]

DEFAULT_SAVE_PATH = "piquet-partie.json"
Said = Message | PiquetError | None  # a message, a refusal (both translated when shown), or None: the prompt as things stand
_SET_ASIDE = {
    "open": N_("The open-hands partie kept in this browser is set aside: a new partie with closed hands begins, as the address asks."),
    "closed": N_("The closed-hands partie kept in this browser is set aside: a new partie with open hands begins."),
}


class PartieFiles:
    """The partie of a practice table as a partie record, in a file or in the browser."""

    def partie_record(self) -> dict[str, Any]:
        """The partie so far as a partie record (formats.md): the finished deals and the current
        deal as far as it has gone, with the extra fields `role`, `level` and `settled`."""
        return self.session.record()

    def save(self, path: str | os.PathLike = DEFAULT_SAVE_PATH, overwrite: bool = False) -> bool:
        """Write the partie to `path` (atomically; from a notebook, not from the page). A file
        there that is not a saved partie is replaced only with `overwrite=True`; the message says
        where the partie went, or why it did not."""
        name = str(path or "").strip()
        try:
            if not name:
                raise PiquetError(N_("Give the name of a file to save to."))
            target = Path(name)
            if not overwrite and (target.exists() or target.is_symlink()) and not _is_saved_partie(target):
                raise PiquetError(N_("{file}: already exists and is not a saved partie; save with overwrite=True to replace it"), file=name)
            try:
                write_json_atomic(target, self.partie_record())
                target.chmod(_new_file_mode())  # as any file the learner makes, not private to the kernel
            except OSError as error:
                raise PiquetError(N_("{file}: cannot be written ({reason})"), file=name, reason=error.strerror or error) from None
        except PiquetError as error:
            self._say(error, "error")
            self._render()
            return False
        self._say(message(N_("Partie saved to {file}."), file=name), "info")
        self._render()
        return True

    def load(self, path: str | os.PathLike = DEFAULT_SAVE_PATH) -> bool:
        """Restore a partie saved by `save`: its deals, the current deal with its undo history,
        the role and the level. A missing, corrupt or foreign file is refused with the reason in
        the message, and nothing else changes."""
        name = str(path or "").strip()
        try:
            if not name:
                raise PiquetError(N_("Give the name of a file to load."))
            value = read_json_file(name)
        except PiquetError as error:
            self._refused(error)
            return False
        return self._restore(value, name, message(N_("Partie loaded from {file}."), file=name))

    def _keep_in_browser(self) -> None:
        """The browser's copy of the partie, under the key of its mode (both sent together)."""
        kept = self.session.public_record()
        record = "" if kept is None else json.dumps(kept, ensure_ascii=False)
        key = partie_key(self.session.mode)
        with self.store.hold_sync():
            if self.store.storage_key != key:
                self.store.storage_key = key
            if self.store.record != record:
                self.store.record = record

    def _on_record(self, source: str, value: Any, name: Any) -> None:
        """A record the page sent: the one this browser kept, or a file the visitor uploaded.
        A kept partie of the other mode (kept before each mode had its own) is set aside: the
        table plays the mode it was opened in, as the address asked."""
        if source == "restore":
            kept = value.get("mode", "open") if isinstance(value, dict) else None
            if kept in MODES and kept != self.session.mode:
                self._say(Message(_SET_ASIDE[kept]), "info")
                self._render()
                return
            self._restore(value, name, Message(N_("The partie kept in this browser is restored.")))
        else:
            self._restore(value, name, message(N_("Partie loaded from {file}."), file=str(name)))

    def _restore(self, value: Any, name: Any, said: Said) -> bool:
        try:
            session = PracticeSession.from_record(value, name, speak=not self.declare_check.value)
        except PiquetError as error:
            self._refused(error)
            return False
        session.show_talon = self.session.show_talon  # the study option stays
        self.session = session
        self._say(said, "info")
        self._render()
        return True

    def _refused(self, error: PiquetError) -> None:
        self._say(error, "error")
        self._render()


def _is_saved_partie(path: Path) -> bool:
    """`path` is a regular file holding a partie record (so that saving over it loses nothing else)."""
    if not path.is_file() or path.is_symlink():
        return False
    try:
        return is_partie(read_json_file(path))
    except PiquetError:
        return False


def _new_file_mode() -> int:
    """The mode a new file gets from the process's umask (0o644 under the usual 022)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask
