"""Closed piquet at the practice table sends the page no hidden card (rules 8b): over random
deals played through the table, no widget's synced state and no message to the page names a
card the learner may not see — by its code or in words, nor by the deal code — until the deal
ends, when the computer's discards and the talon turn up."""

from __future__ import annotations

import json
import random
import re

import ipywidgets
from ipywidgets.widgets.widget import _instances
import pytest
from widget_helpers import click_card, find, find_all

from piquet_widgets.engine import ELDER, YOUNGER, Phase
from piquet_widgets.engine.cards import Card
from piquet_widgets.widgets.practice import PracticeTable

STATIC = ("_esm", "_css")  # the views' own source, the same for every deal


class Page:
    """What the page has been sent: every state and custom message since the table was made."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.sent: list[tuple[int, str]] = []  # (id of the widget, what it sent)
        self.skipped: set[int] = set()  # ids of widgets whose state is left out (see `skip`)
        self.before = set(_instances)
        send, open_ = ipywidgets.Widget._send, ipywidgets.Widget.open

        def recorded_send(widget, msg, buffers=None):
            self.sent.append((id(widget), _text(msg)))
            return send(widget, msg, buffers)

        def recorded_open(widget):
            open_(widget)
            self.sent.append((id(widget), _text(widget.get_state())))  # the state a comm opens with

        monkeypatch.setattr(ipywidgets.Widget, "_send", recorded_send)
        monkeypatch.setattr(ipywidgets.Widget, "open", recorded_open)

    def skip(self, widget: ipywidgets.Widget) -> None:
        self.skipped.add(id(widget))

    def text(self) -> str:
        """Everything sent so far, and the synced state of every widget made since."""
        states = [
            _text(widget.get_state()) for key, widget in list(_instances.items()) if key not in self.before and id(widget) not in self.skipped
        ]
        text = "\n".join([sent for key, sent in self.sent if key not in self.skipped] + states)
        self.sent.clear()
        return text


def _text(value: object) -> str:
    if isinstance(value, dict):
        value = {key: item for key, item in value.items() if key not in STATIC}
        if isinstance(value.get("state"), dict):
            value["state"] = {key: item for key, item in value["state"].items() if key not in STATIC}
    return json.dumps(value, ensure_ascii=False, default=str)


def named(text: str, card: Card) -> bool:
    """`text` names `card`: its code standing alone, or its name in words."""
    return bool(re.search(rf"(?<![A-Za-z0-9]){card.code}(?![A-Za-z0-9])", text)) or card.name_in_words() in text


def allowed(table: PracticeTable, seat) -> set[Card]:
    """What rules 8b lets the learner in `seat` see: his hand as dealt, his discards and the
    cards he drew, every card played, and the computer's declared cards he asked to see."""
    deal = table.deal
    seen = set(deal.dealt(seat)) | set(table.session.shown)
    if deal.discards[seat] is not None:
        start = 0 if seat is ELDER else len(deal.discards[ELDER])
        seen |= set(deal.discards[seat]) | set(deal.talon[start : start + len(deal.discards[seat])])
    for trick in deal.tricks:
        seen |= {trick.lead, trick.reply}
    if deal.led is not None:
        seen.add(deal.led)
    return seen


def learner_move(table: PracticeTable, seat, rng: random.Random) -> None:
    """One move of the learner, chosen at random as a visitor might click it."""
    deal, session = table.deal, table.session
    hand = find(table, f"pw-hand-{seat.key}")
    if deal.phase is Phase.EXCHANGE:
        rules = deal.rules
        low, high = (rules.elder_min_exchange, rules.elder_max_exchange) if seat is ELDER else (1, len(deal.talon) - len(deal.discards[ELDER]))
        for card in rng.sample(list(deal.hand(seat)), rng.randint(low, high)):
            click_card(hand, card.code)
        table.confirm()
    elif deal.phase is Phase.DECLARATIONS:
        if session.can_show() and rng.random() < 0.5:
            table.show_me()
        table.say(rng.choice(session.speech_choices()).key)  # a refused one changes nothing
    else:
        click_card(hand, rng.choice(deal.playable_cards()).code)


@pytest.mark.parametrize("seed", range(6))
def test_no_hidden_card_reaches_the_page_until_the_deal_ends(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    page = Page(monkeypatch)
    rng = random.Random(seed)
    role = "elder" if seed % 2 == 0 else "younger"
    table = PracticeTable(role=role, deal=1000 + seed, mode="closed", level="beginner")
    seat = ELDER if role == "elder" else YOUNGER
    code, moves = table.code, 0
    while table.deal.phase is not Phase.FINISHED:
        text = page.text()
        hidden = [card for card in map(Card, range(32)) if card not in allowed(table, seat)]
        assert hidden, "the computer's hand is hidden while the deal goes on"
        leaked = [card.code for card in hidden if named(text, card)]
        assert not leaked, f"at move {moves} ({table.deal.phase.value}) the page is sent {leaked}"
        assert code not in text  # the deal code names every card
        learner_move(table, seat, rng)
        moves += 1
    # The deal is over: both hands turn up — the computer's discards and what is left of the
    # talon are sent face up, and the deal code is shown.
    text = page.text()
    computer = seat.other
    deal = table.deal
    for card in (*deal.discards[computer], *deal.talon_left):
        assert named(text, card)
    assert find(table, f"pw-discards-{computer.key}").get_state()["cards"] == [card.code for card in deal.discards[computer]]
    assert code in text
    assert all(row.face_up for row in find_all(table, "pw-cards") if hasattr(row, "face_up"))


@pytest.mark.parametrize("role", ["elder", "younger"])
def test_in_open_piquet_the_talon_reaches_the_page_only_as_it_is_drawn(role: str, monkeypatch: pytest.MonkeyPatch) -> None:
    page = Page(monkeypatch)
    rng = random.Random(role)
    table = PracticeTable(role=role, deal=77, declare_for_me=True)
    # The partie kept in the browser is the learner's own copy of the open game, as a file he
    # downloads would be; what is drawn and said is what this test reads.
    page.skip(table.store)
    seat = ELDER if role == "elder" else YOUNGER
    while table.deal.phase is Phase.EXCHANGE:
        deal = table.deal
        undrawn = deal.talon[deal.talon_taken[ELDER] :]
        text = page.text()
        assert not [card.code for card in undrawn if named(text, card)]
        if table.to_move_is_learner:
            learner_move(table, seat, rng)
    # Both exchanges made: what is left is turned up (rules 3 and 8b).
    text = page.text()
    assert all(named(text, card) for card in table.deal.talon_left)
    # The study option shows the talon of the next deal before it is drawn.
    table.show_talon(True)
    table.new_deal()
    assert all(named(page.text(), card) for card in table.deal.talon)
