"""A small exercise: a question, a few choices, and an answer the moment one is clicked.

>>> quiz = Quiz("Who scores the point?", ["Elder", "Younger", "Nobody"], answer=1,
...             explanation="Five cards beat four.")
>>> quiz.choose(0)
False
>>> quiz.choose(1)
True
>>> quiz.solved, quiz.tries
(True, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as widgets

from piquet_widgets.i18n import _
from piquet_widgets.widgets.announce import Announcer, plain_words


class Quiz(widgets.VBox):
    """A question with its choices as buttons; a click answers at once and may be tried again.

    The question, choices and explanation are text already in the reader's language; the
    question and explanation may hold simple HTML that the caller made safe (`rich=True`), the
    choices are always plain text. CSS classes: `pw-quiz` on the whole, `pw-quiz-question`,
    `pw-quiz-choice` on each button, `pw-quiz-feedback`, and `pw-quiz-right` or
    `pw-quiz-wrong` on the feedback once answered.

    Progress: `solved_before=True` shows the note "Solved before ✓" (`pw-quiz-solved`), and
    `on_solved` is called the first time the right choice is clicked (the lesson stores it).
    """

    def __init__(
        self,
        question: str,
        choices: Sequence[str],
        answer: int,
        explanation: str = "",
        hints: Sequence[str] | None = None,
        rich: bool = False,
        illustration: widgets.Widget | None = None,
        solved_before: bool = False,
        on_solved: Callable[[], None] | None = None,
    ) -> None:
        if not 0 <= answer < len(choices):
            raise ValueError(f"answer {answer} is not the index of one of {len(choices)} choices")
        self.answer = answer
        self.explanation = explanation
        self.hints = list(hints) if hints is not None else [""] * len(choices)
        self.tries = 0
        self.solved = False
        self.chosen: int | None = None  # the last choice clicked
        self.solved_before = solved_before
        self.on_solved = on_solved
        self.solved_note = widgets.HTML("")
        self.solved_note.add_class("pw-quiz-solved")
        self.solved_note.layout.display = None if solved_before else "none"
        self._show_solved_note()
        self.question = widgets.HTML(question if rich else escape(question))
        self.question.add_class("pw-quiz-question")
        self.buttons = []
        for index, choice in enumerate(choices):
            button = widgets.Button(description=choice, tooltip=choice, layout=widgets.Layout(width="auto"))
            button.add_class("pw-quiz-choice")
            button.on_click(lambda _button, index=index: self.choose(index))
            self.buttons.append(button)
        self.feedback = widgets.HTML("")
        self.feedback.add_class("pw-quiz-feedback")
        self._rich = rich
        children = [self.solved_note, self.question] + ([illustration] if illustration is not None else [])
        self.announcer = Announcer()  # right or wrong and why, said to a screen reader
        children += [widgets.HBox(self.buttons, layout=widgets.Layout(flex_flow="row wrap")), self.feedback, self.announcer]
        super().__init__(children)
        self.add_class("pw-quiz")

    def set_texts(
        self, question: str, choices: Sequence[str], explanation: str = "", hints: Sequence[str] | None = None
    ) -> None:
        """Show the same exercise in other words (another language): the answer given so far,
        right or wrong, stays, and its feedback is written again in the new words."""
        if len(choices) != len(self.buttons):
            raise ValueError(f"expected {len(self.buttons)} choices, not {len(choices)}")
        self.question.value = question if self._rich else escape(question)
        for button, choice in zip(self.buttons, choices):
            button.description = choice
            button.tooltip = choice
        self.explanation = explanation
        if hints is not None:
            self.hints = list(hints)
        self._show_solved_note()
        if self.chosen is not None:
            self._show_feedback(self.chosen)

    def mark_solved_before(self) -> None:
        """Show the note "Solved before ✓" (the progress kept by the browser arrived after the quiz was drawn)."""
        self.solved_before = True
        self.solved_note.layout.display = None
        self._show_solved_note()

    def _show_solved_note(self) -> None:
        if self.solved_before:
            note = _("Solved before ✓")
            self.solved_note.value = f"<p><small>{escape(note)}</small></p>"

    def choose(self, index: int) -> bool:
        """Answer with choice `index`; shows the feedback and returns whether it is right."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.buttons):
            return False
        self.tries += 1
        self.chosen = index
        right = index == self.answer
        for number, button in enumerate(self.buttons):
            if number == index:
                button.button_style = "success" if right else "danger"
            elif right:
                button.button_style = ""
        first = right and not self.solved
        if right:
            self.solved = True
        self._show_feedback(index)
        if first and self.on_solved is not None:
            self.on_solved()
        return right

    def _show_feedback(self, index: int) -> None:
        right = index == self.answer
        self.feedback.remove_class("pw-quiz-right")
        self.feedback.remove_class("pw-quiz-wrong")
        if right:
            verdict = _("Right.")
            text = self.explanation
            self.feedback.add_class("pw-quiz-right")
        else:
            text = self.hints[index] if index < len(self.hints) else ""
            verdict = _("Not quite.") if text else _("Not quite — try again.")  # the reason says why
            self.feedback.add_class("pw-quiz-wrong")
        body = text if self._rich else escape(text)
        self.feedback.value = f"<p><strong>{escape(verdict)}</strong> {body}</p>"
        self.announcer.say(f"{verdict} {plain_words(text) if self._rich else text}".strip())
