"""The practice table's seat and hands menus: a change in the middle of a deal asks first, and
the deal goes on unless the learner says to start again (issue 27: a menu's arrow key must not
silently end a deal)."""

from widget_helpers import find

from piquet_widgets.engine import ELDER, Phase
from piquet_widgets.widgets.practice import PracticeTable


def test_a_seat_chosen_before_any_move_starts_the_new_partie_at_once():
    table = PracticeTable(role="elder", deal=7, keep_in_browser=False, declare_for_me=True)
    table.role_select.value = "younger"
    assert table.role == "younger" and table.ask_box.layout.display == "none"


def test_a_seat_chosen_mid_deal_asks_and_keeping_on_changes_nothing():
    table = PracticeTable(role="elder", deal=7, keep_in_browser=False, declare_for_me=True)
    table.click(ELDER, table.deal.hand(ELDER)[0])
    table.confirm()
    played = list(table.timeline)
    table.role_select.value = "younger"
    assert table.role == "elder" and table.timeline == played
    assert table.role_select.value == "elder"  # the menu shows the seat in play while it asks
    assert "Start a new partie?" in find(table, "pw-ask-text").value and table.ask_box.layout.display != "none"
    table.answer_change(False)
    assert table.timeline == played and table.ask_box.layout.display == "none"
    assert table.session.can_undo  # nothing of the deal was lost
    table.role_select.value = "younger"
    table.answer_change(True)
    assert table.role == "younger" and len(table.partie.deals) == 0 and table.deal.phase is Phase.EXCHANGE


def test_other_hands_mid_deal_ask_too():
    table = PracticeTable(role="elder", deal=7, keep_in_browser=False, declare_for_me=True)
    table.click(ELDER, table.deal.hand(ELDER)[0])
    table.confirm()
    table.mode_select.value = "closed"
    assert table.session.mode == "open" and table.mode_select.value == "open"
    table.answer_change(True)
    assert table.session.mode == "closed"
