"""Whatever a page sends, the deal is safe (issue 7, "Bad input"; design.md: "Everything a visitor
can send is validated in Python").

A browser can send any comm message to any widget of its page: a state update setting any synced
trait (`widget.set_state({...})`, which is what the comm calls for `{"method": "update"}`) or a
custom message (`{"method": "custom", "content": ...}`: a button's click, a card's click). Here
every synced trait of every widget of the deal walkthrough, the practice table, a lesson and the
app's page — children, layouts and styles included, found by walking the widget tree — is set
to wrong types and out-of-range values, and every widget gets malformed messages. Each attempt
must be refused (a `TraitError`) or be harmless (a text, a colour: only the sender's own page
changes), never raise anything else, and leave the deal as it was. The only state changes
allowed are the ones a legitimate control makes (the timeline slider moving the walkthrough to a
step it has; the role menu starting a new partie in a role it offers).

Then the clicks people really make: double clicks, clicks while the computer is choosing, clicks
on a finished deal: never a double play, never an exception.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as widgets
import pytest
import traitlets
from ipywidgets.widgets.widget_style import Style
from widget_helpers import click_card, find

from piquet_widgets.engine import ELDER, YOUNGER, Phase
from piquet_widgets.widgets.cards import CardRow
from piquet_widgets.widgets.practice import ROLES, PracticeTable
from piquet_widgets.widgets.walkthrough import DealWalkthrough

SEED = 7

# A style set to a dict of unknown names makes traitlets warn before it refuses; expected here.
pytestmark = pytest.mark.filterwarnings("ignore:Passing unrecognized arguments:DeprecationWarning")

# Values a page could send for any trait: wrong types, out-of-range numbers, huge and odd texts,
# forged widget references, and card codes that are not cards or not in the row.
BAD_VALUES: list[Any] = [
    None,
    True,
    -1,
    2**70,
    -(2**70),
    1.5,
    float("nan"),
    "",
    "x" * 100_000,
    "\u202e\x00☠ <script>alert(1)</script>",
    [],
    [None],
    [1, "a", {}],
    ["ZZ", "AS", "AS"],
    {},
    {"AS": 5, "nope": [1]},
    "IPY_MODEL_" + "0" * 32,
    ["IPY_MODEL_" + "0" * 32],
]

# Malformed or hostile custom messages, and an honest click, sent to every widget.
CUSTOM_CONTENTS: list[Any] = [
    None,
    "click",
    [],
    {},
    {"event": "click"},
    {"event": 5},
    {"type": "click"},
    {"type": "click", "card": "AS"},
    {"type": "click", "card": "ZZ", "seq": 1},
    {"type": "click", "card": None, "seq": 2},
    {"type": "click", "card": ["AS"], "seq": 3},
    {"type": "click", "card": "AS", "seq": True},
    {"type": "click", "card": "x" * 100_000, "seq": 4},
]


def every_widget(root: widgets.Widget) -> Iterator[widgets.Widget]:
    """Every widget of the tree, in a fixed order: children and the widgets held in traits
    (layouts, styles), each once."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        yield widget
        inside = []
        for name in sorted(widget.keys):
            value = getattr(widget, name, None)
            if isinstance(value, widgets.Widget):
                inside.append(value)
            elif isinstance(value, (list, tuple)):
                inside.extend(item for item in value if isinstance(item, widgets.Widget))
        stack.extend(reversed(inside))


# -- what may change, and how ------------------------------------------------------------------------


class Subject:
    """A root widget under test, what its deal state is, and which changes are legitimate."""

    def __init__(self, name: str, build: Callable[[], widgets.Widget]) -> None:
        self.name = name
        self._build = build
        self._members: dict[int, tuple[list[DealWalkthrough], list[PracticeTable]]] = {}

    def build(self) -> widgets.Widget:
        root = self._build()
        everything = list(every_widget(root))
        self._members[id(root)] = (
            [w for w in everything if isinstance(w, DealWalkthrough)],
            [w for w in everything if isinstance(w, PracticeTable)],
        )
        return root

    def walkthroughs(self, root: widgets.Widget) -> list[DealWalkthrough]:
        return self._members[id(root)][0]

    def tables(self, root: widgets.Widget) -> list[PracticeTable]:
        return self._members[id(root)][1]

    def fingerprint(self, root: widgets.Widget) -> tuple:
        """The deal state of every walkthrough and practice table in the tree."""
        walks = tuple((id(w.timeline), tuple(map(id, w.timeline)), w.step) for w in self.walkthroughs(root))
        tables = tuple(
            (tuple(map(id, t.timeline)), t.partie, tuple(t.selection), t.role, tuple(tuple(map(id, r)) for r in t.session.redo_stack))
            for t in self.tables(root)
        )
        return walks, tables

    def consistent(self, root: widgets.Widget) -> bool:
        """Every walkthrough's controls show its step."""
        return all(
            w.slider.value == w.step and w.slider.max == len(w.steps) - 1 and w.slider.min == 0
            and w.phase_select.value == w.steps[w.step].phase
            for w in self.walkthroughs(root)
        )

    def check_legitimate(self, root: widgets.Widget, before: tuple, widget: widgets.Widget, trait: str) -> None:
        """The deal state changed: only a walkthrough's navigation or a table's new partie in an
        offered role may have done it, and every deal must be the one it was."""
        walks_before, tables_before = before
        walks_after, tables_after = self.fingerprint(root)
        for (timeline, states, step), walk, (timeline_after, states_after, step_after) in zip(walks_before, self.walkthroughs(root), walks_after):
            assert (timeline, states) == (timeline_after, states_after), f"{self.name}: {trait} changed a walkthrough's deal"
            assert 0 <= walk.step < len(walk.steps) and walk.slider.value == walk.step
            if step_after != step:
                assert widget in (walk.slider, walk.phase_select), f"{self.name}: {type(widget).__name__}.{trait} moved the walkthrough"
        for old, table, new in zip(tables_before, self.tables(root), tables_after):
            if old == new:
                continue
            # only the seat and the mode menus start a new partie, in what they offer
            assert widget in (table.role_select, table.mode_select) and trait == "index", f"{self.name}: {type(widget).__name__}.{trait} changed the practice table"
            assert table.role in ROLES and table.role_select.value == table.role
            assert table.number == 1 and table.partie.deals == () and table.session.decision_points() == []


def practice_at_play() -> PracticeTable:
    table = PracticeTable(declare_for_me=True, role="elder", deal=SEED)
    hand = find(table, "pw-hand-elder")
    for card in table.deal.hand(ELDER)[:3]:
        click_card(hand, card.code)
    find(table, "pw-confirm").click()
    assert table.deal.phase is Phase.PLAY
    return table


def app_page() -> widgets.Widget:
    from piquet_widgets.app.page import App
    from piquet_widgets.app.params import parse_query

    app = App(parse_query("lesson=3"))
    app.show_section("walkthrough")
    app.show_section("practice")
    app.show_section("lesson")
    # The tree holds the section on screen; keep every built section reachable.
    return widgets.VBox([app.root, *app._built.values()])


def card_row() -> CardRow:
    return CardRow(["AS", "KS", "TH", "7C"], playable=["AS", "TH"], selected=["KS"], badges={"AS": "=", "TH": "−3"}, caption="Elder")


SUBJECTS = {
    "card row": Subject("card row", card_row),
    "walkthrough": Subject("walkthrough", lambda: DealWalkthrough(SEED, step=12)),
    "practice at the exchange": Subject("practice at the exchange", lambda: PracticeTable(declare_for_me=True, role="elder", deal=SEED)),
    "practice in the play": Subject("practice in the play", practice_at_play),
    "lesson": Subject("lesson", lambda: __import__("piquet_widgets.widgets.lesson", fromlist=["LessonView"]).LessonView(5).page()),
    "app page": Subject("app page", app_page),
}


def _json_state(widget: widgets.Widget, name: str) -> Any:
    return widget.get_state(key=name)[name]


@pytest.mark.parametrize("subject_name", list(SUBJECTS))
def test_every_synced_trait_refuses_bad_values_and_keeps_the_deal(subject_name: str) -> None:
    subject = SUBJECTS[subject_name]
    root = subject.build()
    everything = list(every_widget(root))
    attempts = refused = 0
    covered: set[type] = set()
    for index in range(len(everything)):
        widget = everything[index]
        if isinstance(widget, (widgets.Layout, Style)):
            # Layouts and styles are plain ipywidgets models, one class for many widgets and
            # observed by none of ours: one of each class is enough.
            if type(widget) in covered:
                continue
            covered.add(type(widget))
        for name in sorted(widget.keys):
            for value in BAD_VALUES:
                before = subject.fingerprint(root)
                old = _json_state(widget, name)
                old_value = widget._trait_values.get(name)
                attempts += 1
                try:
                    widget.set_state({name: value})
                except traitlets.TraitError:
                    refused += 1
                # Anything else propagates and fails the test, naming the widget and the trait.
                moved = subject.fingerprint(root) != before
                if moved:
                    subject.check_legitimate(root, before, widget, name)
                if _json_state(widget, name) != old:
                    # Harmless (a text, a colour, a reference to another widget of the page, a
                    # slider's range): put it back without side effects, so that the next
                    # attempt meets the same page.
                    widget._trait_values[name] = old_value
                if moved:
                    # A legitimate move: step back to where the walkthroughs were, or start
                    # again from a fresh page (a new partie was started, or a control is left
                    # out of step with its walkthrough).
                    for walk, (_timeline, _states, step) in zip(subject.walkthroughs(root), before[0]):
                        walk.go(step)
                    if subject.fingerprint(root) != before or not subject.consistent(root):
                        root = subject.build()
                        everything = list(every_widget(root))
                        widget = everything[index]
    assert attempts > 500 and refused > attempts // 4, (attempts, refused)


@pytest.mark.parametrize("subject_name", list(SUBJECTS))
def test_malformed_messages_are_ignored_and_keep_the_deal(subject_name: str, caplog: pytest.LogCaptureFixture) -> None:
    subject = SUBJECTS[subject_name]
    root = subject.build()
    before = subject.fingerprint(root)
    for widget in list(every_widget(root)):
        for content in CUSTOM_CONTENTS:
            if isinstance(widget, widgets.Button) and content == {"event": "click"}:
                continue  # an honest click on a button: the clicks tests below
            # What ipywidgets calls for {"method": "custom"}; an exception here would reach
            # the kernel's log (the comm layer catches it), so it is caught here first.
            widget._handle_custom_msg(content, [])
        with caplog.at_level(logging.WARNING):
            for data in ({"method": "update", "state": {}}, {"method": "request_state"}, {"method": "no such method"}, {"method": "custom"}):
                widget._handle_msg({"content": {"data": data}, "buffers": []})
        assert subject.fingerprint(root) == before, f"{subject.name}: a message to {type(widget).__name__} changed the deal"
    assert not [r for r in caplog.records if "Exception in widget method" in r.getMessage()]


def test_a_card_row_never_takes_a_state_from_the_page() -> None:
    row = card_row()
    state = row.get_state()
    sent = []
    row.send_state = lambda key=None: sent.append(key)  # what it sends back to the page
    row.set_state({"playable": ["KS", "7C"], "disabled": True, "cards": ["AS"], "nope": 1})
    assert row.get_state() == state and sent == [["playable", "disabled", "cards"]]
    row.set_state("not a dict")
    assert row.get_state() == state


# -- clicks as people make them ------------------------------------------------------------------------


def test_a_double_click_on_a_card_plays_it_once() -> None:
    table = practice_at_play()
    hand = find(table, "pw-hand-elder")
    card = table.deal.playable_cards()[0]
    length = len(table.timeline)
    click_card(hand, card.code)
    after = table.timeline[:]
    assert len(after) > length and card not in table.deal.hand(ELDER)
    click_card(hand, card.code)  # the second click of a double click: the row no longer has it
    assert table.timeline == after
    table.click(ELDER, card)  # and the table, asked directly, refuses it with the engine's reason
    assert table.timeline == after and table.message_kind == "error"


def test_a_double_click_on_confirm_exchanges_once() -> None:
    table = PracticeTable(declare_for_me=True, role="elder", deal=SEED)
    hand = find(table, "pw-hand-elder")
    for card in table.deal.hand(ELDER)[:2]:
        click_card(hand, card.code)
    confirm = find(table, "pw-confirm")
    confirm.click()
    after = table.timeline[:]
    confirm._handle_msg({"content": {"data": {"method": "custom", "content": {"event": "click"}}}, "buffers": []})  # hidden, forged
    assert table.timeline == after and table.deal.discards[ELDER] == tuple(table.timeline[0].hand(ELDER)[:2])
    assert table.message_text == "There is nothing to confirm now."


def test_a_double_click_on_next_deal_deals_once() -> None:
    table = PracticeTable(declare_for_me=True, role="both", deal=SEED)
    while table.deal.phase is not Phase.FINISHED:
        seat = table.deal.to_move
        if table.deal.phase is Phase.EXCHANGE:
            for card in table.deal.hand(seat)[:1]:
                table.click(seat, card)
            table.confirm()
        else:
            table.click(seat, table.deal.playable_cards()[0])
    button = find(table, "pw-next-deal")
    button.click()
    assert len(table.partie.deals) == 1 and table.number == 2
    button.click()  # disabled in the page, but a forged click arrives all the same
    assert len(table.partie.deals) == 1 and table.number == 2
    assert table.message_text == "Finish this deal first."


def test_clicks_on_the_computers_cards_and_out_of_turn_are_refused() -> None:
    table = PracticeTable(declare_for_me=True, role="younger", deal=SEED)  # the computer is elder and has exchanged
    computer_row = find(table, "pw-hand-elder")
    assert computer_row.disabled
    state = (tuple(table.timeline), tuple(table.selection))
    for card in table.deal.hand(ELDER):
        click_card(computer_row, card.code)  # the row refuses: it is disabled
        table.click(ELDER, card)  # and so does the table, asked directly
    assert (tuple(table.timeline), tuple(table.selection)) == state


def test_a_click_that_arrives_while_the_computer_chooses_changes_nothing() -> None:
    """A kernel handles one message at a time, but a callback could still run while the computer
    player thinks (a widget library that flushes its queue): the table must refuse it."""
    table = PracticeTable(declare_for_me=True, role="elder", deal=SEED)
    computer = table.computer
    seen = []

    class Impatient:
        def choose_action(self, deal):
            before = list(table.timeline)
            for card in deal.hand(ELDER)[:3]:  # the learner's cards, clicked while younger thinks
                table.click(ELDER, card)
            table.confirm()
            seen.append(list(table.timeline) == before)
            return computer.choose_action(deal)

    table.session.computer = Impatient()
    hand = find(table, "pw-hand-elder")
    for card in table.deal.hand(ELDER)[:3]:
        click_card(hand, card.code)
    find(table, "pw-confirm").click()
    assert seen and all(seen)
    # Every step of the timeline follows from the one before it by one legal action.
    for before, after in zip(table.timeline, table.timeline[1:]):
        assert len(after.events) >= len(before.events)
    assert table.deal.phase is Phase.PLAY and table.deal.to_move is ELDER


def test_clicks_on_a_finished_deal_change_nothing() -> None:
    table = PracticeTable(declare_for_me=True, role="elder", deal=SEED)
    while table.deal.phase is not Phase.FINISHED:
        if table.deal.phase is Phase.EXCHANGE:
            for card in table.deal.hand(ELDER)[:3]:
                table.click(ELDER, card)
            table.confirm()
        else:
            table.click(ELDER, table.deal.playable_cards()[0])
    final = list(table.timeline)
    for seat, row_class in ((ELDER, "pw-hand-elder"), (YOUNGER, "pw-hand-younger")):
        row = find(table, row_class)
        for card in final[0].hand(seat):
            click_card(row, card.code)
            table.click(seat, card)
    assert table.timeline == final
    assert table.message_text == "The deal is over: press Next deal."
    find(table, "pw-confirm").click()  # hidden in the page; forged
    assert table.timeline == final and table.message_text == "There is nothing to confirm now."


def test_the_walkthrough_at_its_ends_stays_there() -> None:
    walk = DealWalkthrough(SEED)
    timeline = walk.timeline
    for _ in range(3):
        walk.prev_button.click()
        walk.first_button.click()
    assert walk.step == 0
    walk.last_button.click()
    end = walk.step
    for _ in range(3):
        walk.next_button.click()  # disabled in the page; a double click or a forged one
        walk.last_button.click()
    assert walk.step == end == len(walk.steps) - 1 and walk.timeline is timeline
    for value in (-5, 10**9, end + 1):
        try:
            walk.slider.set_state({"value": value})
        except traitlets.TraitError:
            pass
        assert 0 <= walk.step <= end and walk.slider.value == walk.step


def test_a_huge_deal_code_is_refused_quickly() -> None:
    import time

    table = PracticeTable(declare_for_me=True, role="elder", deal=SEED)
    before = list(table.timeline)
    table.code_input.set_state({"value": "5CNQ-" * 200_000})
    start = time.monotonic()
    find(table, "pw-load").click()
    assert time.monotonic() - start < 1.0
    assert table.timeline == before and table.message_kind == "error"
