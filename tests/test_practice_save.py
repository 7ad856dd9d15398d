"""Saving a practice partie and restoring it into a fresh table (issue 7, "Nothing lost"): the same
deal, totals, role and level; a corrupt, foreign or missing file is refused with a message and
changes nothing.

From a notebook, `save(path)` and `load(path)` use files; from the page, nothing names a file on
the server: the partie is kept in the visitor's browser and downloaded or uploaded as a file of
their own (`partie_store`), and whatever the page sends is refused unless it is a partie record."""

from __future__ import annotations

import json
import stat

import ipywidgets as widgets
import pytest
from closed_helpers import say_in_full
from widget_helpers import click_card, find, text_of, walk

from piquet_widgets.engine import Phase, partie_from_json
from piquet_widgets.widgets.browser_store import MAX_RECORD_BYTES
from piquet_widgets.widgets.practice import PracticeTable

SEED = 7


def message(table) -> str:
    return text_of(find(table, "pw-message").value).strip()


def is_error(table) -> bool:
    return 'class="pw-msg pw-msg-error"' in find(table, "pw-message").value


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
            table.role, table.level, type(table.computer), table.number, table.settled)


def send(table, content) -> None:
    """What the store's view sends: a custom message on its comm."""
    table.store._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def test_no_box_of_the_page_takes_a_file_name():
    table = PracticeTable(declare_for_me=True, deal=SEED)
    texts = [w for w in walk(table) if isinstance(w, widgets.Text)]
    assert [w._dom_classes for w in texts] == [("pw-code",), ("pw-count-field",)]  # the deal code and the count said aloud, nothing else
    toolbar = find(table, "pw-role")
    row = next(w for w in walk(table) if toolbar in getattr(w, "children", ()))
    assert [w._dom_classes[0] for w in row.children] == ["pw-role", "pw-level", "pw-mode", "pw-new-deal", "pw-undo", "pw-redo", "pw-hint", "pw-more"]
    panel = find(table, "pw-more-panel")
    for name in ("pw-code", "pw-load", "pw-new-partie", "pw-partie-store"):
        assert find(panel, name)
    assert panel.layout.display == "none"
    find(table, "pw-more").value = True
    assert panel.layout.display is None


def test_a_partie_in_progress_is_restored_exactly(tmp_path):
    table = PracticeTable(declare_for_me=True, role="younger", seed=3, level="club")
    finish_deal(table)
    find(table, "pw-next-deal").click()
    finish_deal(table)
    find(table, "pw-next-deal").click()
    play_some(table, 4)
    assert table.number == 3 and table.deal.phase is Phase.PLAY
    path = tmp_path / "partie.json"
    assert table.save(path)
    assert message(table) == f"Partie saved to {path}."

    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["role"] == "younger" and saved["level"] == "club" and len(saved["deals"]) == 3
    assert len(partie_from_json(saved).deals) == 3  # an ordinary partie record, last deal unfinished

    fresh = PracticeTable(declare_for_me=True, seed=99)
    assert type(fresh.computer) is not type(table.computer)  # the beginner, before the restore
    assert fresh.load(path)
    assert message(fresh) == f"Partie loaded from {path}."
    assert state(fresh) == state(table)
    assert fresh.computer.level == "club"
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
    table = PracticeTable(declare_for_me=True, role="both", deal=SEED)
    path = tmp_path / "start.json"
    assert table.save(path)
    fresh = PracticeTable(declare_for_me=True, deal=SEED + 1)
    assert fresh.load(path)
    assert state(fresh) == state(table) and fresh.deal.phase is Phase.EXCHANGE
    finish_deal(table)
    assert table.save(path)  # over a saved partie: allowed
    assert fresh.load(path)
    assert state(fresh) == state(table) and not fresh.settled


def test_a_saved_file_has_the_usual_permissions(tmp_path):
    table = PracticeTable(declare_for_me=True, deal=SEED)
    path = tmp_path / "partie.json"
    assert table.save(path)
    mode = stat.S_IMODE(path.stat().st_mode)
    assert mode & 0o044 == 0o044  # readable by the group and others under the usual umask, not 0600


def test_save_does_not_replace_a_file_that_is_not_a_saved_partie(tmp_path):
    table = PracticeTable(declare_for_me=True, deal=SEED)
    notes = tmp_path / "notes.json"
    notes.write_text('{"mine": true}', encoding="utf-8")
    assert not table.save(notes)
    assert is_error(table) and "overwrite=True" in message(table) and str(notes) in message(table)
    assert notes.read_text(encoding="utf-8") == '{"mine": true}'
    assert table.save(notes, overwrite=True)
    assert json.loads(notes.read_text(encoding="utf-8"))["role"] == "elder"


BAD_FILES = {
    "corrupt.json": '{"deals": [',
    "foreign.json": json.dumps({"hello": "world"}),
    "deal-record.json": json.dumps({"elder": "AS KS", "younger": "", "talon": ""}),
    "empty-partie.json": json.dumps({"deals": [], "role": "elder"}),
    "bad-role.json": json.dumps({"deals": [{"elder": "AS"}], "role": "referee", "level": "club"}),
    "list-role.json": json.dumps({"deals": [{"elder": "AS"}], "role": ["elder"], "level": "club"}),
    "list-level.json": json.dumps({"deals": [{"elder": "AS"}], "role": "elder", "level": ["x"]}),
    "bad-deal.json": json.dumps({"deals": [{"elder": "AS KS", "younger": "", "talon": ""}], "role": "elder", "level": "club"}),
    "binary.json": b"\xff\xfe\x00garbage",
}


@pytest.mark.parametrize("name", [*BAD_FILES, "missing.json", ""])
def test_a_bad_file_is_refused_and_changes_nothing(tmp_path, name):
    table = PracticeTable(declare_for_me=True, role="elder", seed=5, level="beginner")
    play_some(table, 2)
    before = state(table)
    partie_html = find(table, "pw-partie").value
    path = tmp_path / name if name else ""
    if name in BAD_FILES:
        content = BAD_FILES[name]
        (path.write_bytes if isinstance(content, bytes) else path.write_text)(content)
    assert not table.load(path)
    shown = message(table)
    assert is_error(table)
    if name:
        assert name in shown
    else:
        assert shown == "Give the name of a file to load."
    assert state(table) == before
    assert find(table, "pw-partie").value == partie_html
    assert find(table, "pw-role").value == "elder" and find(table, "pw-level").value == "beginner"


def test_a_saved_level_that_is_not_a_name_is_refused_with_a_message(tmp_path):
    table = PracticeTable(declare_for_me=True, deal=SEED)
    record = {**table.partie_record(), "level": ["x"]}
    path = tmp_path / "level.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert not table.load(path)
    assert message(table) == f"{path}: not a saved practice partie (unknown computer level)"


def test_a_file_that_cannot_be_written_is_reported(tmp_path):
    table = PracticeTable(declare_for_me=True, deal=SEED)
    target = tmp_path / "no-such-folder" / "partie.json"
    assert not table.save(target)
    assert str(target) in message(table) and "cannot be written" in message(table)


# -- the partie kept in the browser, downloaded and uploaded ----------------------------------------------


def test_the_browser_copy_follows_every_move_and_restores_the_partie():
    table = PracticeTable(declare_for_me=True, role="younger", seed=3, level="club")
    play_some(table, 3)
    kept = table.store.record
    assert json.loads(kept) == table.partie_record()
    fresh = PracticeTable(declare_for_me=True, seed=11)
    send(fresh, {"type": "restore", "text": kept})
    assert message(fresh) == "The partie kept in this browser is restored."
    assert state(fresh) == state(table)
    # Only the first copy the page sends is restored: a later one (a second view) changes nothing.
    play_some(fresh, 1)
    after = state(fresh)
    send(fresh, {"type": "restore", "text": kept})
    assert state(fresh) == after


def test_an_uploaded_partie_is_restored():
    table = PracticeTable(declare_for_me=True, role="both", deal=SEED)
    finish_deal(table)
    fresh = PracticeTable(declare_for_me=True, deal=SEED + 2)
    send(fresh, {"type": "upload", "name": "my-partie.json", "text": table.store.record})
    assert message(fresh) == "Partie loaded from my-partie.json."
    assert state(fresh) == state(table)


HOSTILE = {
    "foreign": {"type": "upload", "name": "notes.json", "text": json.dumps({"hello": "world"})},
    "corrupt": {"type": "upload", "name": "broken.json", "text": '{"deals": ['},
    "oversized": {"type": "upload", "name": "big.json", "text": " " * (MAX_RECORD_BYTES + 1)},
    "oversized in the browser": {"type": "too-large", "name": "huge.json"},
    "not text": {"type": "upload", "name": "n.json", "text": {"deals": []}},
    "level a list": {"type": "upload", "name": "l.json", "text": json.dumps({"deals": [{"elder": "AS"}], "role": "elder", "level": ["x"]})},
    "deep": {"type": "upload", "name": "deep.json", "text": "[" * 100_000},
}


@pytest.mark.parametrize("case", HOSTILE)
def test_an_upload_that_is_not_a_partie_is_refused_and_changes_nothing(case):
    table = PracticeTable(declare_for_me=True, role="elder", seed=5)
    play_some(table, 2)
    before, kept = state(table), table.store.record
    send(table, HOSTILE[case])
    assert is_error(table) and HOSTILE[case]["name"] in message(table)
    assert state(table) == before and table.store.record == kept


@pytest.mark.parametrize("content", [None, "text", 7, [], {"type": "restore"}, {"type": "upload", "name": 3, "text": 4}, {"type": "delete"}])
def test_malformed_messages_from_the_page_change_nothing(content):
    table = PracticeTable(declare_for_me=True, role="elder", seed=5)
    play_some(table, 1)
    before = state(table)
    send(table, content)
    assert state(table) == before


def test_the_page_cannot_set_what_the_browser_keeps():
    table = PracticeTable(declare_for_me=True, deal=SEED)
    kept = table.store.record
    table.store.set_state({"record": json.dumps({"hello": "world"}), "max_bytes": 10**12, "storage_key": "other"})
    assert table.store.record == kept and table.store.max_bytes == MAX_RECORD_BYTES


def test_a_deal_asked_for_is_not_replaced_by_the_partie_kept_in_the_browser():
    kept = PracticeTable(declare_for_me=True, role="younger", seed=3).store.record
    asked = PracticeTable(declare_for_me=True, deal=SEED)
    code = asked.code
    send(asked, {"type": "restore", "text": kept})
    assert asked.code == code and asked.role == "elder"
    assert message(asked) != "The partie kept in this browser is restored."


def test_a_partie_kept_during_the_spoken_declarations_comes_back_there():
    table = PracticeTable(role="elder", deal=SEED)  # the learner declares aloud
    find(table, "pw-hand-elder")
    row = find(table, "pw-hand-elder")
    click_card(row, table.deal.hand(table.deal.to_move)[0].code)
    find(table, "pw-confirm").click()
    assert table.deal.phase is Phase.DECLARATIONS
    fresh = PracticeTable()
    send(fresh, {"type": "restore", "text": table.store.record})
    assert fresh.deal == table.deal and fresh.deal.phase is Phase.DECLARATIONS
    assert fresh.session.speech_choices() == table.session.speech_choices()


# -- one partie kept for each mode ----------------------------------------------------------------


def finish_closed_deal(table) -> None:
    """Play a closed deal to its end: the first discard, the declarations said in full, legal cards."""
    while table.deal.phase is not Phase.FINISHED:
        if table.deal.phase is Phase.DECLARATIONS:
            say_in_full(table.session)
            table.refresh()
        else:
            play_some(table, 1)


def test_the_browser_keeps_a_partie_for_each_mode_and_the_address_s_mode_wins():
    from piquet_widgets.widgets.browser_store import partie_key

    opened = PracticeTable(declare_for_me=True, role="younger", seed=3)
    play_some(opened, 2)
    kept_open = opened.store.record
    assert opened.store.storage_key == partie_key("open")
    # `?mode=closed`: the table reads the closed partie's key, so the open partie stays kept.
    closed = PracticeTable(mode="closed", seed=4)
    assert closed.store.storage_key == partie_key("closed") != partie_key("open")
    # An open partie kept where a closed one is looked for (one key for both, as once) is set
    # aside, with a sentence saying so: the table plays closed piquet, as the address asks.
    before = closed.code
    send(closed, {"type": "restore", "text": kept_open})
    assert closed.session.mode == "closed" and closed.code == before
    assert "set aside" in message(closed) and not is_error(closed)
    # A kept closed partie comes back in a closed table.
    finished = PracticeTable(mode="closed", role="elder", deal=SEED)
    finish_closed_deal(finished)
    kept_closed = finished.store.record
    again = PracticeTable(mode="closed", seed=9)
    send(again, {"type": "restore", "text": kept_closed})
    assert message(again) == "The partie kept in this browser is restored."
    assert state(again) == state(finished)


def test_changing_mode_keeps_the_new_partie_under_that_mode_s_key():
    from piquet_widgets.widgets.browser_store import partie_key

    table = PracticeTable(declare_for_me=True, seed=5)
    table.set_mode("closed")
    assert table.store.storage_key == partie_key("closed") and table.session.mode == "closed"
    table.set_mode("open")
    assert table.store.storage_key == partie_key("open") and json.loads(table.store.record)["mode"] == "open"


def test_in_closed_piquet_the_browser_keeps_the_finished_deals_only():
    table = PracticeTable(mode="closed", role="elder", deal=SEED)
    assert table.store.record == ""  # the deal in progress holds the hidden cards
    finish_closed_deal(table)
    kept = json.loads(table.store.record)
    assert [deal.get("talon") for deal in kept["deals"]] == [" ".join(card.code for card in table.deal.talon)]
    table.next_deal()
    assert len(json.loads(table.store.record)["deals"]) == 1  # the second deal, in progress, is not kept
