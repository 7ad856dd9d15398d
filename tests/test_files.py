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
