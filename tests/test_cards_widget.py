"""CardRow without a browser: trait validation, refused browser state, and click messages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import traitlets

from piquet_widgets.engine.cards import Card, Hand, parse_card
from piquet_widgets.i18n import get_language, set_language
from piquet_widgets.widgets import cards as cards_module
from piquet_widgets.widgets.cards import CardRow

STATE = ("cards", "face_up", "selected", "playable", "disabled", "four_colour", "labels", "caption", "badges", "css_class")


def snapshot(row: CardRow) -> dict[str, Any]:
    return {name: getattr(row, name) for name in STATE}


def make_row(**kwargs: Any) -> CardRow:
    defaults: dict[str, Any] = {"playable": ["AS", "KS"], "selected": ["7D"], "badges": {"AS": "="}, "caption": "Elder"}
    return CardRow(["AS", "KS", "TH", "7D"], **(defaults | kwargs))


def click(row: CardRow, content: Any) -> None:
    """Deliver `content` as the browser would: a custom message on the widget's comm."""
    row._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


@pytest.fixture
def clicked() -> list[Card]:
    return []


@pytest.fixture
def row(clicked: list[Card]) -> CardRow:
    row = make_row()
    row.on_click(clicked.append)
    return row


# -- construction and canonical state -------------------------------------------------------------


def test_cards_are_made_canonical_from_text_and_card_objects() -> None:
    row = CardRow(["as", "10♥", parse_card("7C")], playable=[parse_card("AS")], badges={"th": "−3"})
    assert row.cards == ["AS", "TH", "7C"]
    assert row.playable == ["AS"]
    assert row.badges == {"TH": "−3"}
    assert CardRow(Hand(parse_card(code) for code in ("7C", "AS"))).cards == ["AS", "7C"]


def test_traits_set_together_are_validated_in_any_order() -> None:
    # The constructor validates its arguments in no fixed order (it depends on string hashing):
    # marks must be checked against the new cards even before those are made canonical.
    row = CardRow(["AS"])
    with row.hold_trait_notifications():
        row.playable = ["kh"]
        row.badges = {"10h": "=", "kh": "−1"}
        row.cards = ["kh", "10♥"]
    assert (row.cards, row.playable, row.badges) == (["KH", "TH"], ["KH"], {"TH": "=", "KH": "−1"})


def test_labels_name_each_card_in_words() -> None:
    row = make_row()
    assert row.labels == {
        "AS": "ace of spades",
        "KS": "king of spades",
        "TH": "ten of hearts",
        "7D": "seven of diamonds, selected",
    }
    row.face_up = False
    assert row.labels == {
        "AS": "face-down card 1 of 4",
        "KS": "face-down card 2 of 4",
        "TH": "face-down card 3 of 4",
        "7D": "face-down card 4 of 4, selected",
    }


def _sent(row: CardRow, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every state message the row sends from now on (as the page would receive it)."""
    messages: list[Any] = []
    monkeypatch.setattr(row, "_send", lambda msg, buffers=None: messages.append(msg))
    return messages


CODES = ("AS", "KS", "TH", "7D")


def test_a_face_down_row_sends_the_page_places_never_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    row = make_row()
    sent = _sent(row, monkeypatch)
    row.face_up = False
    state = row.get_state()
    assert state["cards"] == ["back-1", "back-2", "back-3", "back-4"]
    assert state["playable"] == ["back-1", "back-2"] and state["selected"] == ["back-4"]
    assert state["badges"] == {"back-1": "="} and state["labels"]["back-3"] == "face-down card 3 of 4"
    assert sent and not any(code in repr(message) for message in sent for code in CODES)
    # New cards set face down are never sent either; turned up, the row sends its cards.
    row.set_cards(["QH", "JH", "9C"])
    assert not any(code in repr(message) for message in sent for code in ("QH", "JH", "9C"))
    row.face_up = True
    assert row.get_state()["cards"] == ["QH", "JH", "9C"] and "QH" in repr(sent[-1])


def test_a_click_on_a_face_down_place_means_the_card_there(row: CardRow, clicked: list[Card]) -> None:
    row.face_up = False
    click(row, {"type": "click", "card": "back-2", "seq": 1})
    click(row, {"type": "click", "card": "AS", "seq": 2})  # a face-down row knows no codes
    click(row, {"type": "click", "card": "back-9", "seq": 3})
    click(row, {"type": "click", "card": "back-3", "seq": 4})  # not playable
    assert clicked == [parse_card("KS")]


def test_relabel_follows_the_language() -> None:
    row = make_row()
    before = get_language()
    try:
        set_language("fr")
        row.relabel()
        assert row.labels["AS"] == parse_card("AS").name_in_words()
    finally:
        set_language(before)
    row.relabel()
    assert row.labels["AS"] == "ace of spades"


def test_cards_leaving_the_row_lose_their_marks() -> None:
    row = make_row()
    row.cards = ["KS", "TH"]
    assert row.playable == ["KS"]
    assert row.selected == []
    assert row.badges == {}
    assert set(row.labels) == {"KS", "TH"}


def test_set_cards_changes_everything_at_once_or_nothing() -> None:
    row = make_row()
    row.set_cards(["QC", "JC"], playable=["JC"], selected=["QC"], badges={"JC": "−1"})
    assert (row.cards, row.playable, row.selected, row.badges) == (["QC", "JC"], ["JC"], ["QC"], {"JC": "−1"})
    before = snapshot(row)
    with pytest.raises(traitlets.TraitError):
        row.set_cards(["7S"], playable=["8S"])
    assert snapshot(row) == before


def test_the_code_and_the_stylesheet_are_the_files_beside_the_class() -> None:
    source = CardRow()._source
    folder = Path(cards_module.__file__).parent
    assert source.code == (folder / "cards.js").read_text(encoding="utf-8")
    assert source.css == (folder / "cards.css").read_text(encoding="utf-8")


# -- validation refuses garbage and keeps the state ---------------------------------------------------

GARBAGE = [
    ("cards", "AS KS"),
    ("cards", ["AS", "ZZ"]),
    ("cards", ["AS", 3]),
    ("cards", ["AS", None]),
    ("cards", ["AS", "as"]),
    ("cards", [True]),
    ("cards", {"AS": 1}),
    ("selected", ["QH"]),
    ("selected", ["AS", "AS"]),
    ("playable", ["QH"]),
    ("playable", [["AS"]]),
    ("badges", {"QH": "="}),
    ("badges", {"AS": 3}),
    ("badges", {"AS": "far too long"}),
    ("badges", ["AS"]),
    ("labels", {"QH": "queen of hearts"}),
    ("labels", {"AS": None}),
    ("face_up", "yes"),
    ("disabled", None),
    ("four_colour", 2),
    ("caption", 5),
    ("css_class", "pw-x; color: red"),
    ("css_class", "<b>"),
]


@pytest.mark.parametrize(("name", "value"), GARBAGE)
def test_garbage_is_refused_and_the_state_unchanged(name: str, value: Any) -> None:
    row = make_row()
    before = snapshot(row)
    with pytest.raises(traitlets.TraitError):
        setattr(row, name, value)
    assert snapshot(row) == before


@pytest.mark.parametrize(("name", "value"), [*GARBAGE, ("playable", ["TH"]), ("disabled", True), ("cards", ["AS"])])
def test_state_sent_by_a_browser_is_refused_and_sent_back(name: str, value: Any) -> None:
    row = make_row()
    before = snapshot(row)
    sent: list[dict[str, Any]] = []
    row._send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]
    row._handle_msg({"content": {"data": {"method": "update", "state": {name: value}, "buffer_paths": []}}, "buffers": []})
    assert snapshot(row) == before
    assert sent and sent[-1]["method"] == "update"
    assert sent[-1]["state"] == {name: row.get_state(name)[name]}


def test_a_browser_update_naming_no_trait_is_ignored() -> None:
    row = make_row()
    before = snapshot(row)
    row.set_state({"no_such_trait": 1})
    row.set_state(["cards"])
    assert snapshot(row) == before


# -- click messages ----------------------------------------------------------------------------


def test_a_click_on_a_playable_card_calls_back_with_the_card(row: CardRow, clicked: list[Card]) -> None:
    click(row, {"type": "click", "card": "KS", "seq": 1})
    assert clicked == [parse_card("KS")]
    assert isinstance(clicked[0], Card)


@pytest.mark.parametrize(
    "content",
    [
        None,
        "click",
        ["click", "AS"],
        {},
        {"type": "hover", "card": "AS", "seq": 1},
        {"type": "click", "seq": 1},
        {"type": "click", "card": None, "seq": 1},
        {"type": "click", "card": 0, "seq": 1},
        {"type": "click", "card": ["AS"], "seq": 1},
        {"type": "click", "card": "as", "seq": 1},
        {"type": "click", "card": "ZZ", "seq": 1},
        {"type": "click", "card": "QC", "seq": 1},  # not in the row
        {"type": "click", "card": "TH", "seq": 1},  # in the row, not playable
        {"type": "click", "card": "AS"},
        {"type": "click", "card": "AS", "seq": "1"},
        {"type": "click", "card": "AS", "seq": True},
        {"type": "click", "card": "AS", "seq": 1.5},
    ],
)
def test_garbage_messages_are_ignored(row: CardRow, clicked: list[Card], content: Any) -> None:
    before = snapshot(row)
    click(row, content)
    assert clicked == []
    assert snapshot(row) == before


def test_a_disabled_row_ignores_clicks(row: CardRow, clicked: list[Card]) -> None:
    row.disabled = True
    click(row, {"type": "click", "card": "AS", "seq": 1})
    assert clicked == []


def test_stale_clicks_are_ignored(row: CardRow, clicked: list[Card]) -> None:
    row.cards = ["KS", "TH", "7D"]
    click(row, {"type": "click", "card": "AS", "seq": 1})  # no longer in the row
    row.playable = ["TH"]
    click(row, {"type": "click", "card": "KS", "seq": 2})  # no longer playable
    assert clicked == []


def test_a_callback_may_change_the_row_and_a_second_click_is_then_stale(row: CardRow) -> None:
    played: list[Card] = []

    def play(card: Card) -> None:
        played.append(card)
        row.cards = [code for code in row.cards if code != card.code]

    row.on_click(play)
    click(row, {"type": "click", "card": "AS", "seq": 1})
    click(row, {"type": "click", "card": "AS", "seq": 2})
    assert played == [parse_card("AS")]
    assert row.cards == ["KS", "TH", "7D"]
    assert row.playable == ["KS"]


def test_on_click_can_remove_a_callback(row: CardRow, clicked: list[Card]) -> None:
    row.on_click(clicked.append, remove=True)
    click(row, {"type": "click", "card": "AS", "seq": 1})
    assert clicked == []


def test_corner_letters_are_the_language_s() -> None:
    from piquet_widgets.i18n import set_language
    from piquet_widgets.widgets.cards import rank_letters

    row = CardRow(["KS", "7H"])
    assert row.letters == {"A": "A", "K": "K", "Q": "Q", "J": "J"}
    set_language("fr")
    row.relabel()
    assert row.letters == rank_letters()  # whatever the French catalog says
    assert set(row.letters) == {"A", "K", "Q", "J"} and all(1 <= len(letter) <= 2 for letter in row.letters.values())
