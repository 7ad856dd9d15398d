"""Saving a practice partie to a file and loading it into a fresh table (issue 7, "Nothing
lost"): the same deal, totals, role and level; a corrupt, foreign or missing file is refused with
a message and changes nothing."""

from __future__ import annotations

import json

import pytest
from widget_helpers import click_card, find, text_of

from piquet_widgets.engine import Phase, partie_from_json
from piquet_widgets.widgets.practice import PracticeTable

SEED = 7


def message(table) -> str:
    return text_of(find(table, "pw-message").value).strip()


def play_some(table, tricks: int) -> None:
    """Exchange (the first discards the engine allows) and play `tricks` learner cards by clicks."""
    while table.deal.phase is Phase.EXCHANGE:  # both exchanges when the learner plays both hands
        seat = table.deal.to_move
        row = find(table, f"pw-hand-{seat.key}")
        for card in table.deal.hand(seat)[:1]:
            click_card(row, card.code)
        find(table, "pw-confirm").click()
    for _ in range(tricks):
        if table.deal.phase is not Phase.PLAY:
            break
        seat = table.deal.to_move
        click_card(find(table, f"pw-hand-{seat.key}"), table.deal.playable_cards()[0].code)


def finish_deal(table) -> None:
    play_some(table, 100)
    assert table.deal.phase is Phase.FINISHED


def state(table):
    return (table.deal, list(table.timeline), table.partie, table.partie.totals, table.partie_so_far.totals,
            table.role, table.level, table.number, table.settled)


def test_the_save_controls_are_there():
    table = PracticeTable(deal=SEED)
    assert find(table, "pw-save-path").value == "piquet-partie.json"
    find(table, "pw-save")
    find(table, "pw-load-partie")


def test_a_partie_in_progress_is_restored_exactly(tmp_path):
    table = PracticeTable(role="younger", seed=3, level="club")
    finish_deal(table)
    find(table, "pw-next-deal").click()
    finish_deal(table)
    find(table, "pw-next-deal").click()
    play_some(table, 4)
    assert table.number == 3 and table.deal.phase is Phase.PLAY
    path = tmp_path / "partie.json"
    find(table, "pw-save-path").value = str(path)
    find(table, "pw-save").click()
    assert message(table) == f"Partie saved to {path}."

    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["role"] == "younger" and saved["level"] == "club" and len(saved["deals"]) == 3
    assert len(partie_from_json(saved).deals) == 3  # an ordinary partie record, last deal unfinished

    fresh = PracticeTable(seed=99)
    find(fresh, "pw-save-path").value = str(path)
    find(fresh, "pw-load-partie").click()
    assert message(fresh) == f"Partie loaded from {path}."
    assert state(fresh) == state(table)
    assert fresh.deal == table.deal
    assert fresh.partie.totals == table.partie.totals
    assert (fresh.role, fresh.level, fresh.computer.name if hasattr(fresh.computer, "name") else None) == (
        "younger", "club", table.computer.name if hasattr(table.computer, "name") else None)
    assert find(fresh, "pw-role").value == "younger" and find(fresh, "pw-level").value == "club"
    assert find(fresh, "pw-partie").value == find(table, "pw-partie").value
    # The undo history came back with the deal, and play goes on.
    find(fresh, "pw-undo").click()
    assert len(fresh.timeline) < len(table.timeline)
    find(fresh, "pw-redo").click()
    assert fresh.deal == table.deal
    play_some(fresh, 100)
    assert fresh.deal.phase is Phase.FINISHED


def test_a_finished_deal_and_the_exchange_are_restored(tmp_path):
    table = PracticeTable(role="both", deal=SEED)
    path = tmp_path / "start.json"
    assert table.save(path)
    fresh = PracticeTable(deal=SEED + 1)
    assert fresh.load(path)
    assert state(fresh) == state(table) and fresh.deal.phase is Phase.EXCHANGE
    finish_deal(table)
    assert table.save(path)
    assert fresh.load(path)
    assert state(fresh) == state(table) and not fresh.settled


BAD_FILES = {
    "corrupt.json": '{"deals": [',
    "foreign.json": json.dumps({"hello": "world"}),
    "deal-record.json": json.dumps({"elder": "AS KS", "younger": "", "talon": ""}),
    "empty-partie.json": json.dumps({"deals": [], "role": "elder"}),
    "bad-role.json": json.dumps({"deals": [{"elder": "AS"}], "role": "referee", "level": "club"}),
    "bad-deal.json": json.dumps({"deals": [{"elder": "AS KS", "younger": "", "talon": ""}], "role": "elder", "level": "club"}),
    "binary.json": b"\xff\xfe\x00garbage",
}


@pytest.mark.parametrize("name", [*BAD_FILES, "missing.json", ""])
def test_a_bad_file_is_refused_and_changes_nothing(tmp_path, name):
    table = PracticeTable(role="elder", seed=5, level="beginner")
    play_some(table, 2)
    before = state(table)
    partie_html = find(table, "pw-partie").value
    path = tmp_path / name if name else ""
    if name in BAD_FILES:
        content = BAD_FILES[name]
        (path.write_bytes if isinstance(content, bytes) else path.write_text)(content)
    find(table, "pw-save-path").value = str(path)
    find(table, "pw-load-partie").click()
    shown = message(table)
    assert "pw-message-error" in find(table, "pw-message").value or "error" in find(table, "pw-message").value
    if name:
        assert name in shown
    else:
        assert shown == "Give the name of a file to load."
    assert state(table) == before
    assert find(table, "pw-partie").value == partie_html
    assert find(table, "pw-role").value == "elder" and find(table, "pw-level").value == "beginner"


def test_a_file_that_cannot_be_written_is_reported(tmp_path):
    table = PracticeTable(deal=SEED)
    target = tmp_path / "no-such-folder" / "partie.json"
    assert not table.save(target)
    assert str(target) in message(table) and "cannot be written" in message(table)
