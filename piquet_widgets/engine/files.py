"""Saving and loading records as files: atomic writes, and clear refusals of bad files.

A write goes to a temporary file in the same folder, is flushed to disk, then renamed over the
target: a crash mid-write leaves the old file or the new one, never half of one.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.engine.records import parse_json
from piquet_widgets.i18n import N_

MAX_FILE_BYTES = 10_000_000  # a partie record is a few kilobytes; anything this big is not one


def write_json_atomic(path: str | Path, value: Any) -> None:
    """Write `value` as JSON to `path`, all or nothing."""
    target = Path(path)
    handle, temporary = tempfile.mkstemp(dir=target.parent or ".", prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(value, stream, ensure_ascii=False, indent=1)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def read_text(path: str | Path, limit: int | None = None) -> str:
    """A text file's content (`-` is standard input); an unreadable file, or one over `limit`
    bytes, is refused naming it."""
    name = str(path)
    try:
        if name == "-":
            return sys.stdin.read()
        if limit is not None and Path(path).stat().st_size > limit:
            raise PiquetError(N_("{file}: too large to be a record"), file=name)
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise PiquetError(N_("{file}: cannot be read ({reason})"), file=name, reason=getattr(error, "strerror", None) or error) from None


def read_json_file(path: str | Path) -> Any:
    """The JSON value of a file; an unreadable, oversized or corrupt file is refused."""
    return parse_json(read_text(path, MAX_FILE_BYTES), str(path))
