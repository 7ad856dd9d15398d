"""The practice table flags the learner's mistake as soon as the card is played, headless: the
flag (`pw-mistake`) names the card and its cost, "Show me why" shows the refutation trick by trick,
"Tell me at the end" takes the flag down. Which card is a mistake is found by a fresh solver."""

from __future__ import annotations

from piquet_widgets.analysis.review import card_values
from piquet_widgets.analysis.solver import Solver
from piquet_widgets.engine import ELDER, Phase
from piquet_widgets.i18n import set_language
from piquet_widgets.widgets.practice import PracticeTable


def setup_module() -> None:
    set_language("en")


def test_a_mistake_is_flagged_when_it_is_made_and_a_best_card_is_not():
    table = PracticeTable(role="elder", deal=21, level="club", declare_for_me=True, keep_in_browser=False)
    table.click(ELDER, table.deal.hand(ELDER)[0])
    table.confirm()
    flag, solver = table.mistake_flag, Solver()
    seen = {"best": False, "mistake": False}
    while table.deal.phase is Phase.PLAY and not all(seen.values()):
        values = card_values(table.deal, solver)
        costs = values.costs()
        wrong = [card for card, cost in costs.items() if cost >= 1]
        card = wrong[0] if wrong and not seen["mistake"] else values.best_cards[0]
        table.click(ELDER, card)
        flag.runner.wait()
        if costs[card]:
            seen["mistake"] = True
            assert "pw-mistake" in flag.box._dom_classes and flag.box.layout.display is None
            assert card.name_in_words() in flag.text.value
            words = "one point" if costs[card] == 1 else "points"
            assert words in flag.text.value
            assert flag.line.value == ""
            flag.why_button.click()
            tricks_left = 12 - len(flag.mistake.played_line.start.tricks)
            assert flag.line.value.count("<li>") == tricks_left  # the refutation, every trick to the end
            flag.at_end.value = True  # "Tell me at the end"
            assert "pw-mistake" not in flag.box._dom_classes and flag.box.layout.display == "none"
            flag.at_end.value = False
        else:
            seen["best"] = True
            assert flag.mistake is None and "pw-mistake" not in flag.box._dom_classes
    assert all(seen.values()), seen
