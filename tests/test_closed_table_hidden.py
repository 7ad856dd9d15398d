"""Closed piquet at the practice table sends the page no hidden card (rules 8b): over random
deals played through the table, no widget's synced state and no message to the page names a
card the learner may not see — by its code or in words, nor by the deal code — until the deal
ends, when the computer's discards and the talon turn up."""

from __future__ import annotations

import contextlib
import json
import random
import re

import ipywidgets
from ipywidgets.widgets.widget import _instances
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from widget_helpers import click_card, find, find_all, nothing_worked_out_ahead

from piquet_widgets.analysis.closed_review import ClosedReview, declaration_notes
from piquet_widgets.analysis.observation import heard_scores, observe
from piquet_widgets.engine import ELDER, YOUNGER, Phase
from piquet_widgets.engine.cards import Card, mask_of
from piquet_widgets.engine.combinations import HOLDINGS, Category
from piquet_widgets.engine.deal import Deal
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.teach.meter import meters
from piquet_widgets.teach.session import PracticeSession
from piquet_widgets.widgets.practice_panels import dialogue_panel, explained, explanation_panel, partie_panel
from piquet_widgets.widgets import practice_analysis
from piquet_widgets.widgets.practice import PracticeTable
from piquet_widgets.widgets.shared_module import ModuleSource

STATIC = ("_esm", "_css", "code")  # the views' own source (a shared module's code), the same for every deal


class Page:
    """What the page has been sent: every state and custom message since the table was made."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.sent: list[tuple[int, str]] = []  # (id of the widget, what it sent)
        self.skipped: set[int] = set()  # ids of widgets whose state is left out (see `skip`)
        self.known = set(_instances)  # the widgets whose state has been read
        send, open_ = ipywidgets.Widget._send, ipywidgets.Widget.open

        def recorded_send(widget, msg, buffers=None):
            if not isinstance(widget, ModuleSource):
                self.sent.append((id(widget), _text(msg)))
            return send(widget, msg, buffers)

        def recorded_open(widget):
            open_(widget)
            if not isinstance(widget, ModuleSource):  # the card views' code, the same for every deal
                self.sent.append((id(widget), _text(widget.get_state())))  # the state a comm opens with

        monkeypatch.setattr(ipywidgets.Widget, "_send", recorded_send)
        monkeypatch.setattr(ipywidgets.Widget, "open", recorded_open)

    def skip(self, widget: ipywidgets.Widget) -> None:
        self.skipped.add(id(widget))

    def text(self) -> str:
        """Everything sent since the last call, and the synced state of every widget made since
        (a widget's later changes are all sent)."""
        made = [key for key in list(_instances) if key not in self.known]
        self.known.update(made)
        states = [
            _text(widget.get_state())
            for widget in (_instances.get(key) for key in made)
            if widget is not None and id(widget) not in self.skipped and not isinstance(widget, ModuleSource)
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


# A card's code standing alone: one pass over a text finds every card it names by its code.
CODE = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(Card(index).code for index in range(32)) + r")(?![A-Za-z0-9])")


def named_cards(text: str) -> set[Card]:
    """The cards `text` names: by their code standing alone, or by their name in words."""
    codes = set(CODE.findall(text))
    return {card for card in map(Card, range(32)) if card.code in codes or card.name_in_words() in text}


def allowed(session: PracticeSession, seat) -> set[Card]:
    """What rules 8b lets the learner in `seat` see: his hand as dealt, his discards and the
    cards he drew, every card played, and the computer's declared cards he asked to see."""
    deal = session.deal
    seen = set(deal.dealt(seat)) | set(session.shown)
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
    elif session.speech_choices():  # the declarations, and younger's reckoning at trick 1
        if session.can_show() and rng.random() < 0.5:
            table.show_me()
        table.say(rng.choice(session.speech_choices()).key)  # a refused one changes nothing
    else:
        if rng.random() < 0.2:
            table.show_me()  # refused unless a scoring combination of the computer's is reckoned
        click_card(hand, rng.choice(deal.playable_cards()).code)


@pytest.mark.parametrize("seed", range(6))
def test_no_hidden_card_reaches_the_page_until_the_deal_ends(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    nothing_worked_out_ahead(monkeypatch)  # its result reaches the page only when Hint is pressed
    page = Page(monkeypatch)
    rng = random.Random(seed)
    role = "elder" if seed % 2 == 0 else "younger"
    table = PracticeTable(role=role, deal=1000 + seed, mode="closed", level="beginner")
    seat = ELDER if role == "elder" else YOUNGER
    code, moves = table.code, 0
    while table.deal.phase is not Phase.FINISHED:
        text = page.text()
        hidden = [card for card in map(Card, range(32)) if card not in allowed(table.session, seat)]
        assert hidden, "the computer's hand is hidden while the deal goes on"
        named = named_cards(text)
        leaked = [card.code for card in hidden if card in named]
        assert not leaked, f"at move {moves} ({table.deal.phase.value}) the page is sent {leaked}"
        assert code not in text  # the deal code names every card
        learner_move(table, seat, rng)
        moves += 1
    # The deal is over: both hands turn up — the computer's discards and what is left of the
    # talon are sent face up, and the deal code is shown.
    text = page.text()
    computer = seat.other
    deal = table.deal
    assert set(deal.discards[computer]) | set(deal.talon_left) <= named_cards(text)
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
        assert not set(undrawn) & named_cards(text)
        if table.to_move_is_learner:
            learner_move(table, seat, rng)
    # Both exchanges made: what is left is turned up (rules 3 and 8b).
    text = page.text()
    assert set(table.deal.talon_left) <= named_cards(text)
    # The study option shows the talon of the next deal before it is drawn.
    table.show_talon(True)
    table.new_deal()
    assert set(table.deal.talon) <= named_cards(page.text())


# -- what was said aloud, and nothing more ---------------------------------------------------------
def unheard_names(deal: Deal, seat) -> tuple[set[str], set[str]]:
    """The names of the computer's combinations (sequences and sets) and the values of its point,
    as "(46)", that the dialogue has not said (rules.md section 4) and that no holding of the
    learner's shares: none may reach the page before the deal ends. (A huitième's name is its
    shape: "A huitième." says it.)"""
    heard = observe(deal, seat).announced
    names, values = set(), set()
    for index, declared in enumerate(d for d in deal.declarations if d.player is seat.other):
        said = heard[index].younger if seat is ELDER else heard[index].elder
        mine = next(d for d in deal.declarations if d.player is seat and d.category is declared.category)
        own = {combo.name() for combo in HOLDINGS[declared.category](deal.hands[seat] | mask_of(_played(deal, seat)))}
        own |= {combo.name() for combo in mine.holds} | {f"({combo.top})" for combo in mine.holds}
        for combo in {*declared.holds, *declared.combinations}:
            if declared.category is Category.POINT:
                if (combo.length, combo.top) not in said and f"({combo.top})" not in own:
                    values.add(f"({combo.top})")
            elif combo.key not in said and combo.name() not in own and not (combo.length == 8 and (8, 0) in said):
                names.add(combo.name())
    return names, values


def _played(deal, seat) -> tuple[Card, ...]:
    return tuple(trick.lead if trick.leader is seat else trick.reply for trick in deal.tricks)


def page_words(session: PracticeSession) -> str:
    """Every text the table makes from its session: the prompt, the words offered, the side
    panels, the meters and the scores on the board."""
    heard = session.heard_deal()
    parts = [session.prompt(), *(choice.text for choice in session.speech_choices())]
    parts += [dialogue_panel(session), explanation_panel(explained(session)), partie_panel(session)]
    parts += [meter.sentence for meter in meters(heard)] + [str(score) for score in heard.scores]
    return "\n".join(parts)


def leaks(text: str, session: PracticeSession, seat) -> list[str]:
    """The hidden cards, and the computer's unheard names and values, that `text` names."""
    hidden = [card for card in map(Card, range(32)) if card not in allowed(session, seat)]
    names, values = unheard_names(session.deal, seat)
    named = named_cards(text)
    return [card.code for card in hidden if card in named] + [name for name in names | values if name in text]


def session_move(session: PracticeSession, seat, rng: random.Random) -> None:
    """One move of the learner through the session, at random (a refused one changes nothing)."""
    deal = session.deal
    with contextlib.suppress(PiquetError):
        if rng.random() < 0.2:
            session.show_me()
        if deal.phase is Phase.EXCHANGE:
            for card in rng.sample(list(deal.hand(seat)), rng.randint(1, 3)):
                session.select(seat, card)
            session.confirm()
        elif session.speech_choices():  # the declarations, and younger's reckoning at trick 1
            session.say(rng.choice(session.speech_choices()).key)
        else:
            session.select(seat, rng.choice(deal.playable_cards()))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), role=st.sampled_from(["elder", "younger"]), choices=st.integers(0, 2**32))
def test_every_text_of_a_closed_deal_says_only_what_was_said_aloud(seed: int, role: str, choices: int) -> None:
    """Random closed deals through the session, speaking and asking to see at random: before the
    deal ends no text the table makes of it names a hidden card, or a combination or point
    value of the computer's that the dialogue did not say, and the scores are those counted aloud."""
    session = PracticeSession(role, deal=seed, mode="closed", level="beginner")
    seat, moves = (ELDER if role == "elder" else YOUNGER), random.Random(choices)
    while session.deal.phase is not Phase.FINISHED:
        text = page_words(session)
        assert not leaks(text, session, seat), f"{session.deal.phase.value}: {leaks(text, session, seat)}"
        assert session.heard_deal().scores == heard_scores(session.deal, seat)
        session_move(session, seat, moves)


def review_without_sampling(timeline, seats, solver=None, **_options) -> ClosedReview:
    """The closed review less its sampled judgements and its perfect-play scores (the slow part,
    tested in tests/test_closed_help.py): the table asks for it as each deal ends, when the
    computer's cards turn up and nothing is hidden any more."""
    final = timeline[-1]
    notes = tuple(note for seat in (ELDER, YOUNGER) if seat in seats for note in declaration_notes(timeline, seat))
    return ClosedReview(frozenset(seats), (final.dealt(ELDER), final.dealt(YOUNGER)), final.scores, final.scores, (), notes)


@pytest.mark.slow
def test_closed_deals_send_the_page_only_what_was_said_aloud(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same through the table, as the page receives it: every state and message sent, with
    the scores on the board, over 200 deals; the learner elder and younger in turn."""
    monkeypatch.setattr(practice_analysis, "closed_review", review_without_sampling)
    nothing_worked_out_ahead(monkeypatch)  # its result reaches the page only when Hint is pressed
    page = Page(monkeypatch)
    table = PracticeTable(role="elder", deal=1, mode="closed", level="beginner", keep_in_browser=False)
    rng = random.Random(2026)
    for number in range(200):
        page.text()  # what the last deal sent as it ended, its cards face up; this deal's is read below
        table.new_partie(("elder", "younger")[number % 2])
        seat = next(iter(table.learner_seats))
        while table.deal.phase is not Phase.FINISHED:
            found = leaks(page.text(), table.session, seat)
            assert not found, f"deal {number} ({table.deal.phase.value}): {found}"
            board = [int(find(table, f"pw-score-{s.key}").value) for s in (ELDER, YOUNGER)]
            assert tuple(board) == heard_scores(table.deal, seat), f"deal {number}: the board counts what was not said"
            learner_move(table, seat, rng)
        assert "pw-declaration-notes" in table.review_view.value or not table.review.declarations  # the review came
