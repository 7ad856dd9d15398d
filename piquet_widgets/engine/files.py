"""Saving and loading records as files: atomic writes, and clear refusals of bad files.

A write goes to a temporary file in the same folder, is flushed to disk, then renamed over the
target: a crash mid-write leaves the old file or the new one, never half of one. A read takes
regular files only and stops at a size cap while reading, so that a device, a pipe or a huge file
is refused instead of read forever; a JSON Lines file is read line by line, each line capped.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import sys
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import nullcontext, suppress
from pathlib import Path
from typing import Any, BinaryIO, ContextManager

from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.engine.records import parse_json
from piquet_widgets.i18n import N_

MAX_FILE_BYTES = 1 << 20  # a partie record is a few kilobytes; anything over 1 MiB is not one
_CHUNK = 1 << 16


def write_json_atomic(path: str | Path, value: Any) -> None:
    """Write `value` as JSON to `path`, all or nothing."""
    write_text_atomic(path, json.dumps(value, ensure_ascii=False, indent=1))


def write_text_atomic(path: str | Path, text: str) -> None:
    """Write `text` to `path`, all or nothing, with the permissions a new file of the user gets
    (his umask). The rename replaces whatever is at `path`, a symbolic link included, and never
    writes through it; the folder is synced after it so the rename itself survives a crash."""
    target = Path(path)
    folder = target.parent
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            os.chmod(temporary, 0o666 & ~_umask())
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _sync_folder(folder)


def write_files_into(folder: str | Path, files: Mapping[str, bytes], overwrite: bool = False) -> list[Path]:
    """Write each of `files` (name → content) into `folder`, made (with its parents) if missing;
    the paths written.

    A name already taken is left alone unless `overwrite`. Nothing here follows a symbolic link,
    so that whoever runs it (an administrator as root) writes only inside `folder` whatever its
    owner planted there: a `folder` that is a link is refused, every file is written through the
    folder's own descriptor (a folder renamed meanwhile cannot redirect it) to a new temporary
    name and renamed over its name, replacing a link there instead of writing through it.
    """
    folder = Path(folder).expanduser()
    folder.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.mkdir(folder, 0o777)  # a link at that name, even a dangling one, is not followed
    except FileExistsError:
        pass
    try:
        descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except OSError as error:
        if error.errno not in (errno.ELOOP, errno.ENOTDIR):
            raise
        what = N_("{folder}: a symbolic link, not a folder") if os.path.islink(folder) else N_("{folder}: not a folder")
        raise PiquetError(what, folder=str(folder)) from None
    try:
        written = [folder / name for name, content in files.items() if _write_at(descriptor, name, content, overwrite)]
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
    return written


def _write_at(folder: int, name: str, content: bytes, overwrite: bool) -> bool:
    """Write one file of `write_files_into` in the open folder `folder`; whether it was written."""
    if Path(name).name != name or name in (".", ".."):
        raise ValueError(f"not a file name: {name!r}")
    try:
        os.stat(name, dir_fd=folder, follow_symlinks=False)
        if not overwrite:
            return False
    except FileNotFoundError:
        pass
    temporary = f".{name}.{os.urandom(6).hex()}.tmp"
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o666, dir_fd=folder)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(content)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, name, src_dir_fd=folder, dst_dir_fd=folder)
    except BaseException:
        with suppress(FileNotFoundError):
            os.unlink(temporary, dir_fd=folder)
        raise
    return True


def _umask() -> int:
    """The process's umask (reading it means setting it; it is put back at once)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _sync_folder(folder: Path) -> None:
    """Flush a folder's entries to disk (POSIX; elsewhere a folder cannot be opened)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def read_text(path: str | Path, limit: int = MAX_FILE_BYTES) -> str:
    """A text file's content (`-` is standard input), read as UTF-8. Only a regular file is read
    (a folder, a device or a named pipe is refused without waiting on it), and reading stops
    past `limit` bytes whatever the file claims its size is."""
    name = str(path)
    try:
        with _opened(path, name) as stream:
            data = _read_capped(stream, limit)
        if data is None:
            raise PiquetError(N_("{file}: too large to be a record (more than {limit} bytes)"), file=name, limit=limit)
        return data.decode("utf-8-sig")  # a byte order mark at the start is allowed (formats.md)
    except UnicodeDecodeError:
        raise PiquetError(N_("{file}: not a text file (not UTF-8)"), file=name) from None
    except OSError as error:
        raise PiquetError(N_("{file}: cannot be read ({reason})"), file=name, reason=error.strerror or error) from None


def read_lines(path: str | Path, limit: int = MAX_FILE_BYTES) -> Iterator[str | PiquetError]:
    """The lines of a JSON Lines file (`-` is standard input), read one at a time so that a file
    of any number of lines is answered in constant memory: each line's text, or the PiquetError
    saying why that one line cannot be read (over `limit` bytes, not UTF-8). A file that cannot
    be opened or read, or is not a regular file, raises as in `read_text`."""
    name = str(path)
    try:
        with _opened(path, name) as stream:
            encoding = "utf-8-sig"  # the first line may start with a byte order mark (formats.md)
            while line := stream.readline(limit + 1):
                if len(line) > limit:
                    while line and not line.endswith(b"\n"):  # skip the rest of the long line
                        line = stream.readline(_CHUNK)
                    yield PiquetError(N_("line too long to be a record (more than {limit} bytes)"), limit=limit)
                    continue
                try:
                    yield line.decode(encoding)
                except UnicodeDecodeError:
                    yield PiquetError(N_("not text (not UTF-8)"))
                encoding = "utf-8"
    except OSError as error:
        raise PiquetError(N_("{file}: cannot be read ({reason})"), file=name, reason=error.strerror or error) from None


def _opened(path: str | Path, name: str) -> ContextManager[BinaryIO]:
    """Standard input for `-` (left open afterwards), otherwise a regular file opened for
    reading; anything else is refused. Opening does not wait (a named pipe with no writer
    would block an ordinary open)."""
    if name == "-":
        return nullcontext(sys.stdin.buffer)
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise PiquetError(N_("{file}: not a regular file"), file=name)
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


def _read_capped(stream: BinaryIO, limit: int) -> bytes | None:
    """At most `limit` bytes of a stream, read in chunks; None if there are more."""
    chunks, size = [], 0
    while size <= limit:
        chunk = stream.read(min(_CHUNK, limit + 1 - size))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
    return None


def read_json_file(path: str | Path) -> Any:
    """The JSON value of a file; an unreadable, oversized or corrupt file is refused."""
    return parse_json(read_text(path), str(path))
