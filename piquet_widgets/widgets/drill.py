"""A drill on real cards (`teach.drills`): the learner acts on the cards, and hears at once
whether he is right and why; "Another" deals a fresh one, harder after each one solved.

The widget only shows the drill and forwards what the learner does: the drill is dealt and
every answer judged by `teach.drills`.

>>> view = DrillView("point_value", seed=1)
>>> view.submit(view.drill.solution).right, view.solved
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from piquet_widgets.analysis.ahead import Ahead
from piquet_widgets.engine import Card
from piquet_widgets.i18n import _, ngettext
from piquet_widgets.teach.drills import (
    TRIES_BEFORE_ANSWER, Drill, DrillKind, Feedback, check, kind_of, make, needs_valuing, read_number, remember_value, value_discard,
)
from piquet_widgets.teach.drills.ahead import DealtAhead
from piquet_widgets.widgets.analysis_status import Analyst
from piquet_widgets.widgets.announce import Announcer
from piquet_widgets.widgets.board import partie_table_html, set_children
from piquet_widgets.widgets.cards import CardRow
from piquet_widgets.widgets.focus import FocusKeeper
from piquet_widgets.widgets.language import Texts

STYLE = "<style>{}</style>".format((Path(__file__).parent / "drill.css").read_text(encoding="utf-8"))


class DrillView(widgets.VBox):
    """One drill of a lesson, with "Check" or choice buttons, a feedback line and "Another".

    CSS classes: `pw-drill` on the whole, `pw-drill-prompt`, `pw-drill-cards` (the rows),
    `pw-drill-sheet` (a partie's sheet), `pw-drill-check`, `pw-drill-number`, `pw-drill-choice`,
    `pw-drill-feedback` (with `pw-drill-right`, `pw-drill-wrong` or `pw-drill-shown` once
    answered), `pw-drill-new` ("Another"). Wrong twice, the answer is shown and explained.

    `on_solved` is called each time a drill is solved before its answer was shown (the lesson
    counts it as progress); the level rises by one with each, up to the kind's `levels`. The drill
    starts at `level` (the one the learner reached before) and `on_level(level)` is called each
    time the level rises, so that the learner's progress keeps it.

    A drill judged by the whole-deal evaluator (an `evaluated` kind: choosing discards, a second
    or more) is dealt ahead (`teach.drills.ahead`) while the learner thinks about the last and
    reads its verdict, and "Another" shows it at once. A discard outside the evaluator's short
    list is valued from the moment it is selected (`valuing`), while the learner goes to Check.
    A drill still being dealt, and a discard whose valuation could not start ahead (no threads),
    are waited for by the `analyst`'s runner: "Analysing…" shows while it runs in its thread,
    and the drill or the verdict follows.
    """

    def __init__(
        self,
        kind: DrillKind | str,
        seed: int | None = None,
        solved_before: bool = False,
        on_solved: Callable[[], None] | None = None,
        texts: Texts | None = None,
        level: int = 1,
        on_level: Callable[[int], None] | None = None,
    ) -> None:
        self.kind = kind_of(kind)
        self.rng = random.Random(seed)
        self.level = min(max(level, 1), self.kind.levels)
        self.on_level = on_level
        self.solved_count = 0  # drills solved in this view
        self.on_solved = on_solved
        self.solved_before = solved_before
        self.texts = texts or Texts()
        self.dealing = True  # until the first drill is dealt
        self.heading = widgets.HTML()
        self.heading.add_class("pw-drill-title")
        self.prompt = widgets.HTML()
        self.prompt.add_class("pw-drill-prompt")
        self.rows = widgets.VBox()
        self.rows.add_class("pw-drill-cards")
        self.sheet = widgets.HTML()
        self.sheet.add_class("pw-drill-sheet")
        self.number = widgets.Text(layout=widgets.Layout(width="auto"), style={"description_width": "initial"})
        self.number.add_class("pw-drill-number")
        self.number.on_msg(self._on_number_message)  # Enter in the field checks the answer
        self.check_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.check_button.add_class("pw-drill-check")
        self.check_button.on_click(lambda _button: self.check())
        self.choices = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.feedback = widgets.HTML()
        self.feedback.add_class("pw-drill-feedback")
        self.new_button = widgets.Button(layout=widgets.Layout(width="auto", align_self="flex-start"))
        self.new_button.add_class("pw-drill-new")
        self.new_button.on_click(lambda _button: self.another())
        answer = widgets.HBox([self.number, self.check_button, self.choices], layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.announcer = Announcer()  # right or wrong and why, said to a screen reader
        self.analyst = Analyst(self.announcer) if self.kind.evaluated else None
        self.ahead = DealtAhead(self.kind, self.rng) if self.kind.evaluated else None
        self.valuing = Ahead() if self.kind.evaluated else None  # the discard selected, valued while the learner goes to Check
        analysis = [self.analyst] if self.analyst is not None else []
        keeper = FocusKeeper(".pw-drill", ("button.pw-drill-new",))  # once answered, "Another"
        super().__init__([
            widgets.HTML(STYLE), self.heading, self.prompt, self.rows, self.sheet, answer, *analysis, self.feedback, self.new_button,
            self.announcer, keeper,
        ])
        self.add_class("pw-drill")
        self.add_class(f"pw-drill-{self.kind.name}")
        self.texts.add(self._render_words)
        self.texts.keep(self)
        self.another(raise_level=False)

    # -- a drill ------------------------------------------------------------------------------

    def another(self, raise_level: bool = True) -> None:
        """Deal a fresh drill (one level harder if the last one was solved)."""
        if raise_level and getattr(self, "solved_now", False) and self.level < self.kind.levels:
            self.level += 1
            if self.on_level is not None:
                self.on_level(self.level)
        level = self.level
        if self.ahead is None:
            self._show(make(self.kind, self.rng.randrange(2**32), level))
            return
        self._waiting()
        self.analyst.new_deal()
        ahead = self.ahead  # dealt while the learner read the last verdict, or now
        self.analyst.run(lambda solver: ahead.deal(level, solver), self._show)

    def _waiting(self) -> None:
        """No drill to act on while the next one is dealt (in the analyst's thread)."""
        self.dealing = True
        self.solved = self.shown = self.solved_now = False
        self.last = None
        self.card_rows = []
        self.rows.children = ()
        self.prompt.value = ""
        self.check_button.layout.display = "none"
        self.feedback.value = ""

    def _show(self, drill: Drill) -> None:
        """Show a freshly dealt drill, ready to be answered (and, for an evaluated kind, start
        dealing the next at the level it will have if this one is solved)."""
        self.drill: Drill = drill
        if self.ahead is not None:
            self.ahead.prepare(min(self.level + 1, self.kind.levels))
        if self.valuing is not None:
            self.valuing.forget()  # a selection of the last drill
        self.dealing = False
        self.tries = 0
        self.solved = False
        self.solved_now = False  # solved before the answer was shown
        self.shown = False
        self.last: Feedback | None = None
        self.chosen: set[Card] = set()
        self.card_rows = [
            CardRow(list(row.cards), badges={card: badge for card, badge in row.badges}, selected=list(row.outlined)) for row in self.drill.rows
        ]
        for index, row in enumerate(self.card_rows):
            if index == self.drill.pick:
                row.playable = list(row.cards)
                row.on_click(self.click)
        set_children(self.rows, _side_by_side(self.card_rows))  # the last drill's rows and buttons closed
        self.rows.layout.display = None if self.card_rows else "none"
        answer = self.drill.answer
        self.number.value = ""
        self.number.layout.display = None if answer == "number" else "none"
        self.check_button.layout.display = None if answer == "number" or (answer == "cards" and not self.drill.choices) else "none"
        buttons = []
        for key in self.drill.choices:
            button = widgets.Button(layout=widgets.Layout(width="auto"))
            button.add_class("pw-drill-choice")
            button.on_click(lambda _button, key=key: self.choose(key))
            buttons.append(button)
        set_children(self.choices, buttons)
        self._enable(True)
        self.feedback.value = ""
        for name in ("pw-drill-right", "pw-drill-wrong", "pw-drill-shown"):
            self.feedback.remove_class(name)
        self._render_words()

    # -- what the learner does ----------------------------------------------------------------

    def click(self, card: Card) -> None:
        """A card of the row to act on was clicked: it answers, or joins (leaves) the selection."""
        if self.solved or self.shown or self.dealing:
            return
        if self.drill.answer == "card":
            self.submit(card)
            return
        self.chosen ^= {card}
        self._outline(self.chosen)
        self._value_ahead()

    def _value_ahead(self) -> None:
        """A discard outside the evaluator's short list takes about a second to value: its
        valuation starts as soon as it is selected, so that Check finds it done (or under way).
        Each new selection drops the last one's."""
        chosen = frozenset(self.chosen)
        if self.valuing is not None and needs_valuing(self.drill, chosen):
            drill = self.drill
            self.valuing.prepare((id(drill), chosen), lambda solver: value_discard(drill, chosen, solver))

    def check(self) -> Feedback | None:
        """"Check": submit the selected cards or the typed number."""
        if self.dealing:
            return None
        if self.drill.answer == "number":
            value = read_number(self.number.value)
            if value is None:
                self._say("pw-drill-wrong", _("Type a whole number, for example 12."))
                return None
            return self.submit(value)
        if self.drill.answer == "cards" and self._some_chosen():
            return self.submit(frozenset(self.chosen))
        return None

    def _on_number_message(self, _widget: object, content: object, _buffers: object) -> None:
        """ipywidgets' text field sends `{"event": "submit"}` on Enter (verified with ipywidgets
        8.1; its `on_submit` is deprecated for the same message)."""
        if isinstance(content, dict) and content.get("event") == "submit":
            self.check()

    def choose(self, key: str) -> Feedback | None:
        """A choice button: the answer itself, or (with cards to select) the name of the cards."""
        if self.dealing:
            return None
        if self.drill.answer == "cards":
            return self.submit((frozenset(self.chosen), key)) if self._some_chosen() else None
        return self.submit(key)

    def _some_chosen(self) -> bool:
        """Cards are selected; if not, say so (it is no try)."""
        if not self.chosen and not (self.solved or self.shown):
            self._say("pw-drill-wrong", _("Click the cards first."))
        return bool(self.chosen)

    def submit(self, answer: Any) -> Feedback | None:
        """Judge an answer; a second wrong one shows the answer, explained."""
        if self.solved or self.shown or self.dealing:
            return None
        if needs_valuing(self.drill, answer) and self.analyst is not None:
            drill = self.drill

            def valued(evaluation: Any) -> None:
                if self.drill is drill:
                    self.drill = remember_value(drill, evaluation)
                    self.submit(answer)

            if self.valuing is None or not self.valuing.take((id(drill), frozenset(answer)), valued):  # valued since it was selected
                self.analyst.run(lambda solver: value_discard(drill, answer, solver, progress=self.analyst.runner.progress), valued)
            return None
        feedback = check(self.drill, answer, self.tries)
        self.tries += feedback.counts  # a discard the rules refuse is said why, and costs no try
        self.last = feedback
        if feedback.right:
            self.solved = self.solved_now = True
            self.solved_count += 1
            self._enable(False)
            if self.on_solved is not None:
                self.on_solved()
        elif self.tries >= TRIES_BEFORE_ANSWER:
            self.shown = True
            self._enable(False)
            if self.ahead is not None:  # not solved: the next one at this level, dealt while the answer is read
                self.ahead.prepare(self.level)
        self.chosen = set()
        self._outline(feedback.cards)
        self.heading.value = self._heading()
        self._render_feedback()
        return feedback

    # -- showing ------------------------------------------------------------------------------

    def _outline(self, cards) -> None:
        for row in self.card_rows:
            row.selected = [card for card in row.cards if card in {c.code if isinstance(c, Card) else c for c in cards}]

    def _enable(self, on: bool) -> None:
        for row in self.card_rows:
            row.disabled = not on
        self.number.disabled = not on
        self.check_button.disabled = not on
        for button in self.choices.children:
            button.disabled = not on

    def go_on_at(self, level: int) -> None:
        """Go on at `level`, which the learner reached before (the progress kept by the browser
        arrived after the drill was dealt): a drill of that level is dealt, unless the learner has
        already solved one here or the level is not higher."""
        if self.solved_count or not self.level < level <= self.kind.levels:
            return
        self.level = level
        self.another(raise_level=False)

    def mark_solved_before(self) -> None:
        """Tick the drill as solved before (the progress kept by the browser arrived after it was drawn)."""
        self.solved_before = True
        self._render_words()

    def _heading(self) -> str:
        level = _("Level {level} of {levels}").format(level=self.level, levels=self.kind.levels)
        if self.solved_count:
            level += " · " + ngettext("{count} solved", "{count} solved", self.solved_count).format(count=self.solved_count)
        note = " ✓" if self.solved_before or self.solved_count else ""
        return f"<h4>{escape(_(self.kind.title))}{note} <small>{escape(level)}</small></h4>"

    def _render_words(self) -> None:
        """Every word of the drill, in the current language."""
        if self.analyst is not None:
            self.analyst.relabel()
        self.check_button.description = _("Check")
        self.number.description = _("Your answer")
        self.new_button.description = _("Another")  # named while a drill is dealt too
        if self.dealing:
            return
        drill = self.drill
        self.heading.value = self._heading()
        self.prompt.value = f"<p>{escape(str(drill.prompt))}</p>"
        for row, shown in zip(self.card_rows, drill.rows):
            row.caption = str(shown.caption)
            row.relabel()
        self.sheet.value = self._sheet_html()
        self.sheet.layout.display = None if drill.sheet else "none"
        for button, label in zip(self.choices.children, drill.labels()):
            button.description = button.tooltip = label
        self._render_feedback()

    def _sheet_html(self) -> str:
        if not self.drill.sheet:
            return ""
        return partie_table_html(self.drill.sheet)

    def _render_feedback(self) -> None:
        feedback = self.last
        if feedback is None:
            return
        if feedback.right:
            self._say("pw-drill-right", _("Right."), str(feedback.reason))
        elif self.shown:
            self._say("pw-drill-shown", _("The answer: {answer}.").format(answer=self._answer_words()), str(self.drill.explanation))
            self._outline(self.drill.concerned)
        else:
            self._say("pw-drill-wrong", _("Not yet."), str(feedback.reason), _("Try again."))

    def _answer_words(self) -> str:
        drill = self.drill
        if drill.answer == "choice":
            return drill.labels()[drill.choices.index(drill.solution)]
        if drill.answer == "cards" and drill.choices:
            return drill.labels()[drill.choices.index(drill.solution[1])]
        if drill.answer == "number":
            return str(drill.solution)
        if drill.answer == "card" and isinstance(drill.solution, frozenset):
            return " ".join(card.symbol for card in drill.concerned) or _("any card")
        solution = drill.solution if isinstance(drill.solution, frozenset) else {drill.solution}
        return " ".join(card.symbol for card in drill.concerned if card in solution) or " ".join(card.symbol for card in solution)

    def _say(self, state: str, verdict: str, *sentences: str) -> None:
        for name in ("pw-drill-right", "pw-drill-wrong", "pw-drill-shown"):
            self.feedback.remove_class(name)
        self.feedback.add_class(state)
        body = " ".join(escape(sentence) for sentence in sentences)
        self.feedback.value = f"<p><strong>{escape(verdict)}</strong> {body}</p>"
        self.announcer.say(" ".join([verdict, *sentences]))


SHORT_ROW = 2  # cards: a lead and a reply are shown side by side


def _side_by_side(rows: list[CardRow]) -> list[widgets.Widget]:
    """The rows in order, consecutive short rows (a card led, a card played) put side by side."""
    shown: list[widgets.Widget] = []
    short: list[CardRow] = []
    for row in rows + [None]:
        if row is not None and len(row.cards) <= SHORT_ROW:
            short.append(row)
            continue
        if len(short) > 1:
            for each in short:
                each.add_class("pw-drill-short")
            shown.append(widgets.HBox(short))
        else:
            shown.extend(short)
        short = []
        if row is not None:
            shown.append(row)
    return shown
