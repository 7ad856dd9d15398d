"""A lesson of `teach.lessons` as widgets: the same pieces in a notebook and in the app.

In a notebook each cell shows one piece, the same way in every lesson:

    from piquet_widgets.widgets.lesson import LessonView
    lesson = LessonView("the-point", notebook=True)
    lesson.style()             # the lessons' look; the Markdown cells carry the words
    lesson.show(1, 1)          # part 1's first illustration: cards, a walkthrough, a table…
    lesson.exercises()
    lesson.drills(heading=False)   # tasks on real cards, dealt afresh by the engine

(`app.lessons` writes those notebooks from the lesson files.) `lesson.introduction()`,
`lesson.part(n)` and `lesson.summary()` show the words as widgets, as the app does.

The app shows `LessonView(n, lazy=True).page()`, all of them at once, its walkthroughs, practice
tables, odds, exercises and drills built only when the page is about to show them
(`widgets.lazy.LazyBox`: a class opening the app at once waits on fewer widgets). Texts are
translated when a piece is built, so building after `set_language` gives the lesson in that
language, and every piece built is re-rendered in place by `widgets.language.change_language`
(the language menu).

>>> view = LessonView(3)
>>> "pw-lesson-intro" in view.introduction()._dom_classes
True
>>> len(view.exercises().children)
4
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING

import ipywidgets as widgets

from piquet_widgets.engine import PiquetError, partie_from_json
from piquet_widgets.i18n import _
from piquet_widgets.teach import lessons as script
from piquet_widgets.teach.lessons import Cards, Lesson, Odds, PartieSheet, Part, Practice, Walkthrough, heading, text
from piquet_widgets.teach.progress import KeptProgress, Progress, drill_key, exercise_key
from piquet_widgets.teach.steps import PHASES
from piquet_widgets.widgets.board import partie_table_html
from piquet_widgets.widgets.language import LanguageSelector, Texts
from piquet_widgets.widgets.quiz import Quiz

if TYPE_CHECKING:
    from piquet_widgets.teach.drills.kind import DrillKind
    from piquet_widgets.widgets.drill import DrillView

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
.pw-quiz-solved p { color: #1e7b34; margin: 0; float: right; }
.pw-progress-problem p { color: #7a5b00; }
.pw-odds > .pw-simulate { align-self: flex-start; width: auto; }
</style>"""
# About the height of what a placeholder stands for (`LessonView(lazy=True)`), so that the page
# does not jump when it is built; the pieces not named here are light and built at once.
_PLACEHOLDER_HEIGHTS = {Walkthrough: "72em", Practice: "50em", Odds: "22em"}
_EXERCISES_HEIGHT = "calc({count} * 9em)"
_DRILLS_HEIGHT = "75em"
_DRILL_HEIGHT = "25em"  # one drill dealt by the evaluator
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"\*(.+?)\*")


def markup(message: str, **params: object) -> str:
    """A lesson text as safe HTML: translated, escaped, then `**bold**` and `*italic*`."""
    html = escape(text(message, **params), quote=False)
    return _ITALIC.sub(r"<em>\1</em>", _BOLD.sub(r"<strong>\1</strong>", html))


def cards_view(cards: Cards, texts: Texts | None = None) -> widgets.Widget:
    """Rows of cards, each with its caption (re-rendered with `texts`)."""
    from piquet_widgets.widgets.cards import CardRow

    texts = texts or Texts()
    rows = [CardRow(list(row.split())) for _caption, row in cards.rows]
    for row, (caption, _cards) in zip(rows, cards.rows):
        def render(row: CardRow = row, caption: str = caption) -> None:
            row.caption = _(caption)
            row.relabel()

        texts.add(render)
    box = widgets.VBox(rows)
    box.add_class("pw-lesson-cards")
    return texts.keep(box)


def partie_sheet(partie: PartieSheet, texts: Texts | None = None) -> widgets.HTML:
    """A partie's score sheet: each deal, the totals and the settlement, as the engine counts them."""
    value = partie_from_json(partie.partie)
    return (texts or Texts()).html(lambda: _partie_sheet_html(value), "pw-partie-sheet")


def _partie_sheet_html(value) -> str:
    totals = value.totals
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
    table = partie_table_html([*value.sheet(), ("=", "", str(totals["A"]), str(totals["B"]))])
    return f"{table}<p class='pw-partie-result'>{escape(verdict)}</p>"


def walkthrough_view(
    walk: Walkthrough, on_practise: Callable[[str], None] | None = None, on_next_lesson: Callable[[], str | None] | None = None
) -> widgets.Widget:
    """The walkthrough of a lesson's deal, at the start of the phase the lesson talks about; at
    its end it suggests practising the deal and the next lesson (see `DealWalkthrough`)."""
    from piquet_widgets.widgets.walkthrough import DealWalkthrough

    view = DealWalkthrough(
        walk.record, language_selector=False, on_practise=on_practise, on_next_lesson=on_next_lesson, heading_level=4
    )  # the lesson has one menu; its title sits under the part's h3
    if walk.start in PHASES:
        view.jump(walk.start)
    else:
        view.go(next(step.index for step in view.steps if any(event.kind == walk.start for event in step.new_events)))
    return view


def practice_view(practice: Practice) -> widgets.Widget:
    from piquet_widgets.widgets.practice import PracticeTable

    if practice.seed is not None:
        return PracticeTable(deal=practice.seed, language_selector=False, heading_level=4)
    return PracticeTable(language_selector=False, heading_level=4)


def illustration(
    show: object,
    texts: Texts | None = None,
    on_practise: Callable[[str], None] | None = None,
    on_next_lesson: Callable[[], str | None] | None = None,
) -> widgets.Widget:
    """The widget of one of the lessons' illustrations (its words re-rendered with `texts`;
    the walkthrough and the practice table follow the language themselves)."""
    if isinstance(show, Cards):
        return cards_view(show, texts)
    if isinstance(show, PartieSheet):
        return partie_sheet(show, texts)
    if isinstance(show, Walkthrough):
        return walkthrough_view(show, on_practise, on_next_lesson)
    if isinstance(show, Practice):
        return practice_view(show)
    if isinstance(show, Odds):
        from piquet_widgets.widgets.odds import OddsTable

        return OddsTable(hands=show.hands)
    raise TypeError(f"not an illustration: {show!r}")


def _saved(progress: Progress | None, save: Callable[[Progress], None]) -> bool:
    """`save(progress)`; False if there is no progress or it cannot be written, which never
    breaks the lesson."""
    if progress is None:
        return False
    try:
        save(progress)
    except (OSError, PiquetError):
        return False
    return True


class LessonView:
    """The pieces of one lesson as widgets (each built anew when asked for).

    Every piece follows the language: after `widgets.language.change_language` (or a choice in a
    language menu) its words are re-rendered in place, and an exercise answered, a walkthrough's
    step or a practice deal stay as they were. With `notebook=True` (the lesson notebooks) the
    introduction also says how to run the cells and carries the language menu (`pw-language`);
    the app has its own menu.

    Progress is read from and saved to the user's progress file (`teach.progress`), unless the
    page gives its own `progress` (the served app: a `KeptProgress` in the visitor's browser).

    With `lazy=True` (the app) the heavy pieces of `part` and `page` are `LazyBox`es, built when
    the page scrolls near them.
    """

    def __init__(
        self,
        key: int | str,
        notebook: bool = False,
        on_next: Callable[[int], None] | None = None,
        on_progress: Callable[[], None] | None = None,
        progress: KeptProgress | None = None,
        on_practise: Callable[[str], None] | None = None,
        on_play_closed: Callable[[], None] | None = None,
        lazy: bool = False,
    ) -> None:
        self.lesson: Lesson = script.lesson(key)  # its number (place in the order) or its slug
        self.notebook = notebook
        self.on_next = on_next  # opens another lesson: the page's "Next lesson →" calls it
        self.on_progress = on_progress  # called after each exercise or drill solved
        self.on_practise = on_practise  # a finished walkthrough's "Practise this deal" (the app's practice table)
        self.on_play_closed = on_play_closed  # the last lesson's "Play a real game": the closed table
        self.lazy = lazy
        self.texts = Texts()
        self.kept = progress
        if progress is not None:
            progress.on_change(self._restored)
        self._marks: list[tuple[str, Quiz | DrillView]] = []  # every exercise and drill drawn, by key

    def _restored(self) -> None:
        """The page's progress arrived: tick what it says is solved, and go on at the drills' levels."""
        from piquet_widgets.widgets.drill import DrillView

        for key, view in self._marks:
            if self.kept is not None and self.kept.is_solved(self.lesson.slug, key) and not view.solved_before:
                view.mark_solved_before()
            if self.kept is not None and isinstance(view, DrillView):
                view.go_on_at(self.kept.level(self.lesson.slug, key))

    def _title(self) -> str:
        lesson = self.lesson
        return heading(lesson)

    def introduction(self) -> widgets.Widget:
        """The lesson's title and what it teaches (in a notebook: how to run it, and the
        language menu)."""

        def render() -> str:
            items = "".join(f"<li>{markup(item)}</li>" for item in self.lesson.teaches)
            lead = _("In this lesson you will learn:")
            how = ""
            if self.notebook:
                how = "<p><em>{}</em></p>".format(escape(_("Run the cells one by one with Shift-Enter, or all at once with Run ▸ Run All Cells.")))
            return f"{STYLE}<h2>{escape(self._title())}</h2>{how}<p>{escape(lead)}</p><ul>{items}</ul>"

        box = self.texts.html(render, "pw-lesson-intro")
        if not self.notebook:
            return box
        menu = LanguageSelector(layout=widgets.Layout(width="auto", align_self="flex-end"))
        whole = widgets.VBox([menu, box])
        whole.add_class("pw-lesson-heading")
        return self.texts.keep(whole)

    def part(self, number: int) -> widgets.VBox:
        """Part `number` (1-based): its heading, paragraphs, illustration and note."""
        part = self._part(number)

        def render() -> str:
            paragraphs = "".join(f"<p>{markup(paragraph)}</p>" for paragraph in part.paragraphs)
            return f"<h3>{escape(text(part.heading))}</h3>{paragraphs}"

        children: list[widgets.Widget] = [self.texts.html(render, "pw-lesson-text")]
        for number in range(1, len(part.shows) + 1):
            children += self.shown(part, number)
        box = widgets.VBox(children)
        box.add_class("pw-lesson-part")
        return self.texts.keep(box)

    def shown(self, part: Part, number: int) -> list[widgets.Widget]:
        """Illustration `number` (1-based) of a part: its sentence before, the widget, its note."""
        shown = part.shows[number - 1]
        pieces = []
        if shown.intro:
            pieces.append(self.texts.html(lambda: f"<p>{markup(shown.intro)}</p>", "pw-lesson-text"))
        pieces.append(self._illustration(shown.show))
        if shown.note:
            pieces.append(self.texts.html(lambda: f"<p><em>{markup(shown.note)}</em></p>", "pw-lesson-note"))
        return pieces

    def show(self, part: int, number: int = 1) -> widgets.Widget:
        """Only the widget of illustration `number` of part `part` (a notebook's code cell: the
        notebook's Markdown cells carry the words)."""
        return self._illustration(self._part(part).shows[number - 1].show)

    def _part(self, number: int) -> Part:
        if not 1 <= number <= len(self.lesson.parts):
            raise ValueError(f"lesson {self.lesson.number} has parts 1 to {len(self.lesson.parts)}")
        return self.lesson.parts[number - 1]

    def _illustration(self, show: object) -> widgets.Widget:
        """An illustration of a part; a walkthrough, a practice table or odds lazily if `lazy`."""
        def build() -> widgets.Widget:
            return illustration(show, self.texts, self.on_practise, self._next_lesson())

        height = _PLACEHOLDER_HEIGHTS.get(type(show))
        return self._lazily(build, height) if height is not None else build()

    def _lazily(self, build: Callable[[], widgets.Widget], height: str) -> widgets.Widget:
        """`build()` now, or (`lazy`) a `LazyBox` of about `height` that builds it when shown."""
        if not self.lazy:
            return build()
        from piquet_widgets.widgets.lazy import LazyBox

        return LazyBox(build, placeholder_height=height)

    def _next_lesson(self) -> Callable[[], str | None] | None:
        """What a finished walkthrough's "Next lesson →" does: open the next lesson (`on_next`,
        the app), or say which notebook holds it; None after the last lesson."""
        number = self.lesson.number
        if number >= len(script.LESSONS):
            return None
        if self.on_next is not None:
            on_next = self.on_next
            return lambda: on_next(number + 1)
        following = script.lesson(number + 1)

        def name_it() -> str:
            return _("The next lesson, {lesson}, is in the notebook {name}.").format(lesson=heading(following), name=following.notebook_name)

        return name_it

    exercise_key = staticmethod(exercise_key)
    drill_key = staticmethod(drill_key)

    def _progress(self) -> Progress | None:
        """The learner's progress as stored now (None if it cannot even be located)."""
        if self.kept is not None:
            return self.kept
        try:
            return Progress()
        except (OSError, RuntimeError):
            return None

    def _mark_solved(self, progress: Progress | None, number: int) -> None:
        """Remember a solved exercise."""
        self._mark(progress, self.exercise_key(number))

    def _mark(self, progress: Progress | None, key: str) -> None:
        """Remember a solved exercise or drill."""
        if _saved(progress, lambda kept: kept.mark_solved(self.lesson.slug, key)) and self.on_progress is not None:
            self.on_progress()

    def _keep_level(self, progress: Progress | None, key: str, level: int) -> None:
        """Remember the level a drill has reached."""
        _saved(progress, lambda kept: kept.set_level(self.lesson.slug, key, level))

    def exercises(self) -> widgets.VBox:
        """Every exercise of the lesson, each answered as soon as a choice is clicked.

        The exercises solved before (`teach.progress`) carry the note "Solved before ✓"; a newly
        solved one is remembered at once. A damaged progress file is reported in a note
        (`pw-progress-problem`) and the exercises work as usual."""
        progress = self._progress()
        lesson = self.lesson.slug
        quizzes: list[widgets.Widget] = []
        if progress is not None and progress.problem is not None:
            problem = progress.problem
            quizzes.append(self.texts.html(lambda: f"<p><small>{escape(str(problem))}</small></p>", "pw-progress-problem"))
        for number, exercise in enumerate(self.lesson.exercises, 1):
            quiz = Quiz(
                self._question(number, exercise),
                [text(choice) for choice in exercise.choices],
                exercise.answer,
                text(exercise.explanation),
                hints=[text(reason) if reason else "" for reason in exercise.reasons] or None,
                illustration=cards_view(exercise.cards, self.texts) if exercise.cards else None,
                solved_before=progress is not None and progress.is_solved(lesson, self.exercise_key(number)),
                on_solved=lambda number=number: self._mark_solved(progress, number),
            )
            quiz.add_class(f"pw-exercise-{number}")
            self._marks.append((self.exercise_key(number), quiz))
            self.texts.add(
                lambda quiz=quiz, number=number, exercise=exercise: quiz.set_texts(
                    self._question(number, exercise), [text(choice) for choice in exercise.choices], text(exercise.explanation),
                    [text(reason) if reason else "" for reason in exercise.reasons] or None,
                )
            )
            quizzes.append(self.texts.keep(quiz))
        box = widgets.VBox(quizzes)
        box.add_class("pw-lesson-exercises")
        return self.texts.keep(box)

    @staticmethod
    def _question(number: int, exercise) -> str:
        return _("Exercise {number}. {question}").format(number=number, question=text(exercise.question))

    def style(self) -> widgets.HTML:
        """The lessons' look alone (a notebook's first cell: its Markdown cells carry the title)."""
        return widgets.HTML(STYLE)

    def drills(self, heading: bool = True) -> widgets.VBox:
        """The lesson's drills on real cards, each solved one counted in the progress file; under
        a heading "Drills" unless `heading` is False (a notebook's Markdown cell has it)."""
        from piquet_widgets.teach.drills import lesson_drills
        from piquet_widgets.widgets.drill import DrillView

        progress = self._progress()
        lesson = self.lesson.slug
        views: list[widgets.Widget] = [self.texts.html(lambda: "<h3>{}</h3>".format(escape(_("Drills"))), "pw-lesson-text")] if heading else []
        for number, kind in enumerate(lesson_drills(lesson), 1):
            def build(number: int = number, kind: DrillKind = kind) -> DrillView:
                key = self.drill_key(number)
                view = DrillView(
                    kind,
                    solved_before=progress is not None and progress.is_solved(lesson, key),
                    on_solved=lambda key=key: self._mark(progress, key),
                    texts=self.texts,
                    level=progress.level(lesson, key) if progress is not None else 1,
                    on_level=lambda level, key=key: self._keep_level(progress, key, level),
                )
                view.add_class(f"pw-drill-{number}")
                self._marks.append((key, view))
                return view

            # a drill the whole-deal evaluator deals (seconds of work without threads) is dealt
            # when it comes near the screen, not with the drills above it
            views.append(self._lazily(build, _DRILL_HEIGHT) if kind.evaluated else build())
        box = widgets.VBox(views)
        box.add_class("pw-lesson-drills")
        return self.texts.keep(box)

    def summary(self) -> widgets.HTML:
        def render() -> str:
            items = "".join(f"<li>{markup(item)}</li>" for item in self.lesson.summary)
            heading = _("Summary")
            return f"<h3>{escape(heading)}</h3><ul>{items}</ul>"

        return self.texts.html(render, "pw-lesson-summary")

    def _onward(self, css_class: str, label: Callable[[], str], go: Callable[[], None]) -> widgets.Button:
        """The button at a lesson's end that leads on (the next lesson, or the real game)."""
        button = widgets.Button(layout=widgets.Layout(width="auto", align_self="flex-end"))
        button.add_class(css_class)
        button.on_click(lambda _button: go())

        def relabel() -> None:
            button.description = button.tooltip = label()

        self.texts.add(relabel)
        return button

    def page(self) -> widgets.VBox:
        """The whole lesson: introduction, parts, exercises and summary."""
        children = [self.introduction()]
        children += [self.part(number) for number in range(1, len(self.lesson.parts) + 1)]
        children += [
            self.texts.html(lambda: "<h3>{}</h3>".format(escape(_("Exercises"))), "pw-lesson-text"),
            self._lazily(self.exercises, _EXERCISES_HEIGHT.format(count=len(self.lesson.exercises))),
            self._lazily(self.drills, _DRILLS_HEIGHT),
            self.summary(),
        ]
        if self.on_next is not None and self.lesson.number < len(script.LESSONS):
            following = self.lesson.number + 1
            children.append(self._onward("pw-next-lesson", lambda: _("Next lesson →"), lambda: self.on_next(following)))
        elif self.on_play_closed is not None and self.lesson.number == len(script.LESSONS):
            children.append(self._onward("pw-play-closed", lambda: _("Play a real game: closed piquet →"), self.on_play_closed))
        box = widgets.VBox(children)
        box.add_class("pw-lesson")
        box.add_class(f"pw-lesson-{self.lesson.number}")
        return self.texts.keep(box)
