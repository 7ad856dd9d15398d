"""A card row's code and stylesheet reach the page once per kernel, not once per row."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from ipywidgets.widgets.widget import _instances

from piquet_widgets.widgets.cards import CardRow
from piquet_widgets.widgets.shared_module import LOADER, ModuleSource


@pytest.fixture(autouse=True)
def closes_what_it_made() -> Iterator[None]:
    """Each test closes the widgets it made: a row left open on a closed source would break the
    next test file that writes every widget's state (as the page does)."""
    before = set(_instances)
    yield
    for key in [key for key in _instances if key not in before]:
        if key in _instances:
            _instances[key].close()


def test_rows_share_one_source_and_carry_only_the_loader() -> None:
    first, second = CardRow(["AS"]), CardRow(["KH", "QH"])
    assert first._source is second._source
    assert isinstance(first._source, ModuleSource)
    for row in (first, second):
        state = row.get_state()
        assert state["_esm"] == LOADER
        assert "_css" not in state
        assert state["_source"] == f"IPY_MODEL_{first._source.model_id}"
        # the row's own state is small: its cards and labels, the loader, no copy of the code
        assert len(json.dumps(state)) < len(LOADER) + 2000
    assert "export default" in first._source.code and ".pw-cards" in first._source.css


def test_a_closed_source_is_made_again() -> None:
    old = CardRow()._source
    old.close()
    row = CardRow()
    assert row._source is not old and row._source.comm is not None
    assert row._source.code == old.code


def test_the_page_cannot_change_the_code() -> None:
    source = CardRow()._source
    code = source.code
    source.set_state({"code": "export default { render() { alert('forged') } }"})
    assert source.code == code
