"""A lesson of `teach.lessons` as widgets: the same pieces in a notebook and in the app.

In a notebook each cell shows one piece, the same way in every lesson:

    from piquet_widgets.widgets.lesson import LessonView
    lesson = LessonView(3)
    lesson.introduction()      # then lesson.part(1), lesson.part(2), …
    lesson.exercises()
    lesson.summary()

The app shows `LessonView(n).page()`, all of them at once. Texts are translated when a piece is
built, so building after `set_language` gives the lesson in that language.

>>> view = LessonView(3)
>>> "pw-lesson-intro" in view.introduction()._dom_classes
True
>>> len(view.exercises().children)
4
"""

from __future__ import annotations

import re
from html import escape

import ipywidgets as widgets

from piquet_widgets.engine import partie_from_json
from piquet_widgets.i18n import _
from piquet_widgets.teach import lessons as script
from piquet_widgets.teach.lessons import Cards, Lesson, PartieSheet, Practice, Walkthrough, text
from piquet_widgets.teach.steps import PHASES
from piquet_widgets.widgets.quiz import Quiz

# The lessons' look, in a notebook as in the app (it travels with each lesson's introduction).
STYLE = """<style>
.pw-lesson-intro .widget-html-content, .pw-lesson-text .widget-html-content, .pw-lesson-note .widget-html-content,
.pw-lesson-summary .widget-html-content, .pw-quiz .widget-html-content, .pw-partie-sheet .widget-html-content { line-height: 1.5; }
.pw-lesson-part { margin-bottom: 0.8em; }
.pw-partie-table { border-collapse: collapse; }
.pw-partie-table td, .pw-partie-table th { padding: 0.3em 0.7em; border-bottom: 1px solid #ddd; text-align: left; }
.pw-partie-total { font-weight: bold; }
.pw-quiz { border: 1px solid #ddd; border-radius: 6px; padding: 0.4em 0.8em; margin: 0.4em 0; }
.pw-quiz-right p { color: #1e7b34; }
.pw-quiz-wrong p { color: #a93226; }
</style>"""
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"\*(.+?)\*")


def markup(message: str, **params: object) -> str:
    """A lesson text as safe HTML: translated, escaped, then `**bold**` and `*italic*`."""
    html = escape(text(message, **params), quote=False)
    return _ITALIC.sub(r"<em>\1</em>", _BOLD.sub(r"<strong>\1</strong>", html))


def html_box(content: str, *classes: str) -> widgets.HTML:
    """An HTML widget with CSS classes."""
    box = widgets.HTML(content)
    for name in classes:
        box.add_class(name)
    return box


def cards_view(cards: Cards) -> widgets.Widget:
    """Rows of cards, each with its caption."""
    from piquet_widgets.widgets.cards import CardRow

    rows = [CardRow(list(row.split()), caption=_(caption)) for caption, row in cards.rows]
    box = widgets.VBox(rows)
    box.add_class("pw-lesson-cards")
    return box


def partie_sheet(partie: PartieSheet) -> widgets.HTML:
    """A partie's score sheet: each deal, the totals and the settlement, as the engine counts them."""
    value = partie_from_json(partie.partie)
    head = "".join(f"<th>{escape(cell)}</th>" for cell in (_("Deal"), _("Elder"), "A", "B"))
    rows = []
    for number in range(1, len(value.deals) + 1):
        scores = value.deal_scores(number)
        rows.append(f"<tr><td>{number}</td><td>{value.elder(number)}</td><td>{scores['A']}</td><td>{scores['B']}</td></tr>")
    totals = value.totals
    total = _("Total")
    rows.append(f"<tr class='pw-partie-total'><th>{escape(total)}</th><td></td><td>{totals['A']}</td><td>{totals['B']}</td></tr>")
    result = value.result
    if result.winner is None:
        verdict = _("Drawn partie.") if result.finished else _("The partie is not finished.")
    else:
        loser = "B" if result.winner == "A" else "A"
        if result.rubiconed:
            verdict = _("{winner} wins. {loser} has under 100 and is rubiconed: {winner} scores {w} + {l} + 100 = {points}.")
        else:
            verdict = _("{winner} wins. {loser} has 100 or more: {winner} scores {w} − {l} + 100 = {points}.")
        verdict = verdict.format(winner=result.winner, loser=loser, w=totals[result.winner], l=totals[loser], points=result.points)
    table = f"<table class='pw-partie-table'><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    return html_box(f"{table}<p class='pw-partie-result'>{escape(verdict)}</p>", "pw-partie-sheet")


def walkthrough_view(walk: Walkthrough) -> widgets.Widget:
    """The walkthrough of a lesson's deal, at the start of the phase the lesson talks about."""
    from piquet_widgets.widgets.walkthrough import DealWalkthrough

    view = DealWalkthrough(walk.record)
    if walk.start in PHASES:
        view.jump(walk.start)
    else:
        view.go(next(step.index for step in view.steps if any(event.kind == walk.start for event in step.new_events)))
    return view


def practice_view(practice: Practice) -> widgets.Widget:
    from piquet_widgets.widgets.practice import PracticeTable

    return PracticeTable(deal=practice.seed) if practice.seed is not None else PracticeTable()


def illustration(show: object) -> widgets.Widget:
    """The widget of one of the lessons' illustrations."""
    if isinstance(show, Cards):
        return cards_view(show)
    if isinstance(show, PartieSheet):
        return partie_sheet(show)
    if isinstance(show, Walkthrough):
        return walkthrough_view(show)
    if isinstance(show, Practice):
        return practice_view(show)
    raise TypeError(f"not an illustration: {show!r}")


class LessonView:
    """The pieces of one lesson as widgets (each built anew when asked for)."""

    def __init__(self, number: int) -> None:
        self.lesson: Lesson = script.lesson(number)

    def introduction(self) -> widgets.HTML:
        lesson = self.lesson
        title = _("Lesson {number}: {title}").format(number=lesson.number, title=text(lesson.title))
        items = "".join(f"<li>{markup(item)}</li>" for item in lesson.teaches)
        lead = _("In this lesson you will learn:")
        body = f"{STYLE}<h2>{escape(title)}</h2><p>{escape(lead)}</p><ul>{items}</ul>"
        return html_box(body, "pw-lesson-intro")

    def part(self, number: int) -> widgets.VBox:
        """Part `number` (1-based): its heading, paragraphs, illustration and note."""
        if not 1 <= number <= len(self.lesson.parts):
            raise ValueError(f"lesson {self.lesson.number} has parts 1 to {len(self.lesson.parts)}")
        part = self.lesson.parts[number - 1]
        paragraphs = "".join(f"<p>{markup(paragraph)}</p>" for paragraph in part.paragraphs)
        children: list[widgets.Widget] = [html_box(f"<h3>{escape(text(part.heading))}</h3>{paragraphs}", "pw-lesson-text")]
        if part.show is not None:
            children.append(illustration(part.show))
        if part.note:
            children.append(html_box(f"<p><em>{markup(part.note)}</em></p>", "pw-lesson-note"))
        box = widgets.VBox(children)
        box.add_class("pw-lesson-part")
        return box

    def exercises(self) -> widgets.VBox:
        """Every exercise of the lesson, each answered as soon as a choice is clicked."""
        quizzes = []
        for number, exercise in enumerate(self.lesson.exercises, 1):
            question = _("Exercise {number}. {question}").format(number=number, question=text(exercise.question))
            quiz = Quiz(
                question,
                [text(choice) for choice in exercise.choices],
                exercise.answer,
                text(exercise.explanation),
                illustration=cards_view(exercise.cards) if exercise.cards else None,
            )
            quiz.add_class(f"pw-exercise-{number}")
            quizzes.append(quiz)
        box = widgets.VBox(quizzes)
        box.add_class("pw-lesson-exercises")
        return box

    def summary(self) -> widgets.HTML:
        items = "".join(f"<li>{markup(item)}</li>" for item in self.lesson.summary)
        heading = _("Summary")
        return html_box(f"<h3>{escape(heading)}</h3><ul>{items}</ul>", "pw-lesson-summary")

    def page(self) -> widgets.VBox:
        """The whole lesson: introduction, parts, exercises and summary."""
        children = [self.introduction()]
        children += [self.part(number) for number in range(1, len(self.lesson.parts) + 1)]
        heading = _("Exercises")
        children += [html_box(f"<h3>{escape(heading)}</h3>", "pw-lesson-text"), self.exercises(), self.summary()]
        box = widgets.VBox(children)
        box.add_class("pw-lesson")
        box.add_class(f"pw-lesson-{self.lesson.number}")
        return box
