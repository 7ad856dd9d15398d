"""Saving a partie to a file and restoring it exactly; bad files refused; atomic writes."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piquet_widgets.engine import (
    Deal,
    Exchange,
    Partie,
    PiquetError,
    partie_from_json,
    partie_record,
    read_json_file,
    write_json_atomic,
)
from piquet_widgets.engine import files as files_module

RECORD = json.loads((Path(__file__).parent / "golden" / "cavendish.json").read_text())


def partie_in_progress() -> Partie:
    from piquet_widgets.engine import deal_from_record

    finished = deal_from_record(RECORD)
    current = Deal.from_seed(5)
    current = current.apply(Exchange(current.hand(0)[:2]))
    return Partie().with_deal(finished).with_deal(finished).with_deal(current)


def test_a_partie_in_progress_is_restored_exactly(tmp_path):
    partie = partie_in_progress()
    path = tmp_path / "partie.json"
    write_json_atomic(path, partie_record(partie))
    again = partie_from_json(read_json_file(path))
    assert again == partie
    assert again.deals[-1].phase.value == "exchange" and again.totals == {"A": 51, "B": 51}


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_corrupt_or_foreign_files_are_refused(tmp_path_factory, content):
    path = tmp_path_factory.mktemp("bad") / "partie.json"
    path.write_bytes(content)
    try:
        partie_from_json(read_json_file(path))
    except PiquetError as error:
        assert "partie.json" in str(error) or "deals" in str(error) or "partie" in str(error)


def test_truncated_file_and_missing_file_are_refused(tmp_path):
    path = tmp_path / "partie.json"
    text = json.dumps(partie_record(partie_in_progress()))
    path.write_text(text[: len(text) // 2])
    with pytest.raises(PiquetError, match="not valid JSON"):
        read_json_file(path)
    with pytest.raises(PiquetError, match="cannot be read"):
        read_json_file(tmp_path / "nothing.json")


def test_a_crash_mid_write_leaves_the_old_file_whole(tmp_path, monkeypatch):
    path = tmp_path / "partie.json"
    write_json_atomic(path, {"version": 1})

    def crash(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(files_module.os, "fsync", crash)
    with pytest.raises(OSError):
        write_json_atomic(path, {"version": 2, "padding": "x" * 10000})
    assert json.loads(path.read_text()) == {"version": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["partie.json"]  # no temporary file left behind
    monkeypatch.setattr(files_module.os, "fsync", os.fsync)


def test_reading_stops_at_the_cap_whatever_the_file_claims(tmp_path, monkeypatch):
    path = tmp_path / "big.json"
    path.write_text("[" + "1," * (files_module.MAX_FILE_BYTES // 2 + 10) + "1]")
    real_fstat = os.fstat

    def claims_small(descriptor):
        result = real_fstat(descriptor)
        return os.stat_result((result.st_mode, *result[1:6], 10, *result[7:]))

    monkeypatch.setattr(files_module.os, "fstat", claims_small)
    with pytest.raises(PiquetError, match="too large"):
        read_json_file(path)
    path.write_text("[1]")
    assert read_json_file(path) == [1]


@pytest.mark.parametrize("kind", ["folder", "device", "pipe"])
def test_only_regular_files_are_read(tmp_path, kind):
    if kind == "folder":
        path = tmp_path
    elif kind == "device":
        path = Path("/dev/zero")
    else:
        path = tmp_path / "pipe"
        os.mkfifo(path)  # nobody writes to it: opening it for reading must not wait
    with pytest.raises(PiquetError, match="not a regular file"):
        files_module.read_text(path)


@pytest.mark.parametrize("umask", [0o022, 0o002])
def test_saved_files_get_the_users_normal_permissions(tmp_path, umask):
    old = os.umask(umask)
    try:
        write_json_atomic(tmp_path / "partie.json", {"version": 1})
    finally:
        os.umask(old)
    assert (tmp_path / "partie.json").stat().st_mode & 0o777 == 0o666 & ~umask


def test_the_folder_is_synced_after_the_rename(tmp_path, monkeypatch):
    import stat

    synced = []
    real_fsync = os.fsync

    def recording(descriptor):
        mode = os.fstat(descriptor).st_mode
        synced.append("folder" if stat.S_ISDIR(mode) else "file")
        real_fsync(descriptor)

    monkeypatch.setattr(files_module.os, "fsync", recording)
    write_json_atomic(tmp_path / "partie.json", {"version": 1})
    assert synced == ["file", "folder"]
