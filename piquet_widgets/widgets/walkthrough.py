"""`DealWalkthrough`: an open-hand deal stepped through, with every step explained and the live
state beside it.

>>> walk = DealWalkthrough(7)              # a seed; a Deal, a record, a deal code or a timeline work too
>>> walk.step, walk.kind(), len(walk.steps) > 30
(0, 'deal', True)
>>> walk.next(); walk.kind()
'exchange'
>>> walk.last(); walk.score_labels()["elder"] == str(walk.deal.scores[0])
True

Missing discards and play (a deal given only by its cards) are filled in by the beginner
computer player. The widget renders what the engine says: the steps come from
`teach.narration`, the meters from `teach.meter`, the scores from the deal's event log.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from piquet_widgets.analysis.players import Player, complete
from piquet_widgets.analysis.review import Line, best_line
from piquet_widgets.engine.cards import Card
from piquet_widgets.engine.codes import deal_code, deal_from_code
from piquet_widgets.engine.deal import ELDER, YOUNGER, Deal, Phase, Seat
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.engine.records import record_of, record_timeline
from piquet_widgets.i18n import N_, _
from piquet_widgets.teach.meter import meters
from piquet_widgets.teach.narration import explain_step, line_details, line_played_words, line_sentences, line_value_words
from piquet_widgets.teach.steps import PHASES, Step, StepKind, phase_title, steps_of
from piquet_widgets.teach.words import seat_word
from piquet_widgets.widgets.analysis_status import Analyst
from piquet_widgets.widgets.announce import Announcer
from piquet_widgets.widgets.board import events_html, explanation_html, explanation_words, set_shown, set_value, style_widget, summary_html, title_html
from piquet_widgets.widgets.card_text import spoken_card
from piquet_widgets.widgets.chart import chart_svg
from piquet_widgets.widgets.details import details_html
from piquet_widgets.widgets.felt import Felt
from piquet_widgets.widgets.focus import FocusKeeper
from piquet_widgets.widgets.scoreboard import ScoreBoard
from piquet_widgets.widgets.language import LanguageSelector, follow_language
from piquet_widgets.widgets.owned_state import PythonOwnedState

__all__ = ["DealWalkthrough", "timeline_from"]


def timeline_from(source: Any, player: Player | dict | None = None) -> list[Deal]:
    """Every state of a deal from its deal to its end, from a `Deal`, a record (dict or JSON
    text), a deal code, a seed, or a list of states; what is missing is played by `player`."""
    if isinstance(source, Deal):
        timeline = record_timeline(record_of(source))
    elif isinstance(source, bool):
        raise PiquetError(N_("walkthrough: expected a deal, a record, a deal code or a seed"))
    elif isinstance(source, int):
        if not 0 <= source < 2**63:
            raise PiquetError(N_("walkthrough: a seed must be a whole number from 0"))
        timeline = [Deal.from_seed(source)]
    elif isinstance(source, dict):
        record = source["record"] if "record" in source and "elder" not in source else source
        timeline = record_timeline(record)
    elif isinstance(source, str):
        text = source.strip()
        timeline = record_timeline(json.loads(text)) if text.startswith("{") else [deal_from_code(text)]
    elif isinstance(source, (list, tuple)) and source and all(isinstance(item, Deal) for item in source):
        timeline = list(source)
    else:
        raise PiquetError(N_("walkthrough: expected a deal, a record, a deal code or a seed"))
    if timeline[-1].phase is not Phase.FINISHED:
        timeline = timeline[:-1] + complete(timeline[-1], player)
    return timeline


class StepKeys(PythonOwnedState, anywidget.AnyWidget):
    """An invisible widget that steps its walkthrough from the keyboard (← → step, Home and End
    jump) and names the timeline slider for screen readers (`slider_label`, and its value said
    by `value_text`).

    The page sends only `{"type": "key", "key": ...}` messages, and only those four keys move.
    """

    _esm = Path(__file__).parent / "walkthrough.js"
    slider_label = traitlets.Unicode("").tag(sync=True)
    value_text = traitlets.Unicode("").tag(sync=True)  # the handle's value: "Step {number} of {count}", translated

    def __init__(self, moves: dict[str, Callable[[], None]]) -> None:
        super().__init__(layout=widgets.Layout(display="none"))
        self._moves = moves
        self.on_msg(self._on_message)

    def _on_message(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("type") == "key":
            move = self._moves.get(content.get("key")) if isinstance(content.get("key"), str) else None
            if move is not None:
                move()


class DealWalkthrough(widgets.VBox):
    """Step through one open-hand deal: both hands, the talon, the discards, the trick, the score
    board with the pique/repique meters, the explanation of every step, the events in reckoning
    order, a chart of the running totals and the summary at the end.

    Navigation: `next()`, `previous()`, `first()`, `last()`, `go(index)`, `jump(phase)`; the
    buttons, the phase menu, the timeline slider and the keys ← → Home End do the same.

    The explanation of the step sits right beside the controls (under them on a narrow screen),
    above the cards, so that it is in view after every step without scrolling. `refresh()` re-renders every
    text in the current language (after `i18n.set_language`) without moving; the language menu
    (`pw-language`, `language_select`; leave it out with `language_selector=False`) and
    `widgets.language.change_language` do that for every widget shown.

    The button `pw-best-line` (or `toggle_best_line()`) shows, at any moment of the play, the
    best continuation from there (`pw-best-line-text`): every trick under best play by both, its
    value (elder's points to come minus younger's, from the exact solver) and what the deal as
    played brought instead; it follows the steps until pressed again. `best_line` is the `Line`
    shown. A long search shows "Analysing…" and a Stop button (see `analysis.runner`).

    At the last step a next-step panel (`pw-next-step`) suggests what to do next. "Practise this
    deal" (`pw-practise-deal`) calls `on_practise(code)` with the deal code (the app switches to
    its practice table with this deal); without it, a practice table of this deal opens in the
    panel (a notebook). "Next lesson →" (`pw-next-step-lesson`) shows only with `on_next_lesson` (a
    lesson's walkthrough); what that returns, if anything, is said in the panel (a notebook
    cannot open the next one: it names it).
    """

    def __init__(
        self,
        source: Any,
        *,
        player: Player | dict | None = None,
        step: int = 0,
        four_colour: bool = False,
        language_selector: bool = True,
        on_practise: Callable[[str], None] | None = None,
        on_next_lesson: Callable[[], str | None] | None = None,
        heading_level: int = 2,
    ) -> None:
        self._player = player
        self._heading_level = heading_level
        self.on_practise = on_practise
        self.on_next_lesson = on_next_lesson
        self._updating = False
        self._cache: dict[int, tuple[str, str, str]] = {}

        self.title = widgets.HTML().add_class("pw-title")
        self.code_text = widgets.HTML().add_class("pw-code-text").add_class("pw-deal-code")
        self.first_button = widgets.Button(tooltip="").add_class("pw-first")
        self.prev_button = widgets.Button().add_class("pw-prev")
        self.next_button = widgets.Button(button_style="primary").add_class("pw-next")
        self.last_button = widgets.Button().add_class("pw-last")
        self.step_label = widgets.HTML().add_class("pw-step-label")
        self.phase_select = widgets.Dropdown(options=[("", phase) for phase in PHASES], value="deal").add_class("pw-phase")
        self.slider = widgets.IntSlider(min=0, max=1, value=0, readout=False, continuous_update=True, layout=widgets.Layout(width="100%"))
        self.slider.add_class("pw-timeline")

        self.felt = Felt(four_colour=four_colour)
        self.board = ScoreBoard()
        self.explanation = widgets.HTML(layout=widgets.Layout(width="100%")).add_class("pw-explanation").add_class("pw-panel")
        self.summary = widgets.HTML(layout=widgets.Layout(width="100%")).add_class("pw-summary").add_class("pw-panel")
        self.events_view = widgets.HTML(layout=widgets.Layout(width="100%")).add_class("pw-events").add_class("pw-panel")
        self.best_line_button = widgets.Button().add_class("pw-best-line")
        self.best_line_view = widgets.HTML(layout=widgets.Layout(width="100%")).add_class("pw-best-line-text").add_class("pw-panel")
        self.announcer = Announcer()  # the step's explanation and the score, said to a screen reader
        self.analyst = Analyst(self.announcer)
        self.focus_keeper = FocusKeeper(".pw-walkthrough", WALKTHROUGH_FOCUS)
        self.showing_best_line = False
        self._lines: dict[int, Line] = {}
        self.chart = widgets.HTML(layout=widgets.Layout(width="100%")).add_class("pw-chart").add_class("pw-panel")
        self.tricks_view = widgets.HTML(layout=widgets.Layout(width="100%")).add_class("pw-tricks-played").add_class("pw-panel")
        self.next_step_heading = widgets.HTML()
        self.practise_button = widgets.Button(button_style="primary").add_class("pw-practise-deal")
        self.practise_button.on_click(lambda _button: self.practise())
        self.next_lesson_button = widgets.Button().add_class("pw-next-step-lesson")
        self.next_lesson_button.on_click(lambda _button: self.next_lesson())
        set_shown(self.next_lesson_button, on_next_lesson is not None)
        self.next_step_note = widgets.HTML().add_class("pw-next-step-note")
        self._next_note: str = ""
        self.practice_view = widgets.Box(layout=widgets.Layout(width="100%"))  # under the columns: this deal's practice table, asked for without `on_practise`
        self.next_step = widgets.VBox([
            self.next_step_heading,
            widgets.Box([self.practise_button, self.next_lesson_button], layout=widgets.Layout(flex_flow="row wrap")),
            self.next_step_note,
        ], layout=widgets.Layout(width="100%")).add_class("pw-next-step").add_class("pw-panel")

        self.first_button.on_click(lambda _button: self.first())
        self.prev_button.on_click(lambda _button: self.previous())
        self.next_button.on_click(lambda _button: self.next())
        self.last_button.on_click(lambda _button: self.last())
        self.best_line_button.on_click(lambda _button: self.toggle_best_line())
        self.slider.observe(self._on_slider, names="value")
        self.phase_select.observe(self._on_phase, names="value")

        self.language_select = LanguageSelector() if language_selector else None
        header = widgets.Box(
            [self.title, self.code_text] + ([self.language_select] if self.language_select is not None else [])
        ).add_class("pw-header")
        toolbar = widgets.Box(
            [self.first_button, self.prev_button, self.next_button, self.last_button, self.step_label, self.phase_select, self.best_line_button]
        ).add_class("pw-toolbar")
        self.keys_view = StepKeys({"ArrowRight": self.next, "ArrowLeft": self.previous, "Home": self.first, "End": self.last})
        main = widgets.VBox([self.felt]).add_class("pw-main")
        text = widgets.VBox([self.explanation, self.next_step, self.analyst, self.best_line_view, self.summary]).add_class("pw-text")
        side = widgets.VBox([self.board, self.tricks_view, self.chart, self.events_view]).add_class("pw-side")
        columns = widgets.Box([text, main, side]).add_class("pw-columns")
        super().__init__([style_widget(), header, toolbar, self.slider, columns, self.practice_view, self.keys_view, self.announcer, self.focus_keeper])
        self.add_class("pw-root").add_class("pw-walkthrough")
        self.load(source, step=step)
        follow_language(self.refresh)

    # -- the deal shown ------------------------------------------------------------------------------
    def load(self, source: Any, step: int = 0) -> None:
        """Show another deal (same kinds of source as the constructor), at `step`."""
        timeline = timeline_from(source, self._player)
        self.analyst.new_deal()
        self.practice_view.children = ()
        self._next_note = ""
        self._lines = {}
        self.timeline = timeline
        self.steps: list[Step] = steps_of(timeline)
        self._cache.clear()
        self._totals = [(s.deal.scores[ELDER], s.deal.scores[YOUNGER]) for s in self.steps]
        self._bands = self._phase_bands()
        self._bonus_at = next(
            (s.index for s in self.steps if any(e.kind in ("pique", "repique") for e in s.new_events)), None
        )
        self._starts = {}
        for s in self.steps:
            self._starts.setdefault(s.phase, s.index)
        self._updating = True
        try:
            self.slider.max = len(self.steps) - 1
        finally:
            self._updating = False
        self._texts()
        self.step = -1
        self.go(step)

    @property
    def deal(self) -> Deal:
        """The state shown."""
        return self.steps[self.step].deal

    @property
    def code(self) -> str:
        return deal_code(self.timeline[0])

    @property
    def record(self) -> dict:
        """The deal record of the whole deal (with the computer's choices filled in)."""
        return record_of(self.timeline[-1])

    def kind(self) -> str:
        """What the current step shows: deal, exchange, declare, play or tally."""
        return self.steps[self.step].kind.value

    def score_labels(self) -> dict[str, str]:
        """The texts of the two totals, as displayed."""
        return {seat.key: self.board.scores[seat].value for seat in (ELDER, YOUNGER)}

    # -- navigation ----------------------------------------------------------------------------------
    def go(self, index: int) -> None:
        """Show step `index` (clamped to the timeline)."""
        if isinstance(index, bool) or not isinstance(index, int):
            return
        index = min(max(index, 0), len(self.steps) - 1)
        if index == self.step:
            return
        self.step = index
        self._render()

    def next(self) -> None:
        self.go(self.step + 1)

    def previous(self) -> None:
        self.go(self.step - 1)

    def first(self) -> None:
        self.go(0)

    def last(self) -> None:
        self.go(len(self.steps) - 1)

    def jump(self, phase: str) -> None:
        """Go to the first step of a phase: deal, exchange, declarations, play or end."""
        if phase in self._starts:
            self.go(self._starts[phase])

    # -- the next step, at the end ----------------------------------------------------------------------
    def practise(self) -> None:
        """"Practise this deal": hand its code to `on_practise`, or open a practice table of it here."""
        if self.on_practise is not None:
            self.on_practise(self.code)
            return
        from piquet_widgets.widgets.practice import PracticeTable

        self.practice_view.children = (PracticeTable(deal=self.code, language_selector=False),)

    def next_lesson(self) -> None:
        """"Next lesson →": the lesson's callback, and what it says shown in the panel."""
        if self.on_next_lesson is None:
            return
        self._next_note = self.on_next_lesson() or ""
        set_value(self.next_step_note, f"<p>{_esc(self._next_note)}</p>" if self._next_note else "")

    # -- the best continuation -----------------------------------------------------------------------
    @property
    def best_line(self) -> Line | None:
        """The best continuation from the state shown, once computed (None outside the play)."""
        return self._lines.get(self.step)

    def toggle_best_line(self) -> None:
        """Show the best continuation from each step of the play, or stop showing it."""
        self.showing_best_line = not self.showing_best_line
        self._texts()
        self._render()

    def _show_best_line(self) -> None:
        set_shown(self.best_line_view, self.showing_best_line)
        if not self.showing_best_line:
            return
        step = self.step
        deal = self.steps[step].deal
        if deal.phase is not Phase.PLAY:
            if deal.phase is Phase.FINISHED:
                text = _("The deal is over: there is nothing left to play.")
            else:
                text = _("The best continuation is shown from the opening lead on: go on to the play.")
            heading = _("Best play from here")
            set_value(self.best_line_view, f"<h3>{_esc(heading)}</h3><p>{_esc(text)}</p>")
            return
        if step in self._lines:
            set_value(self.best_line_view, self._line_html(self._lines[step]))
            return
        heading = _("Best play from here")
        set_value(self.best_line_view, f"<h3>{_esc(heading)}</h3>")

        def done(line: object) -> None:
            self._lines[step] = line  # type: ignore[assignment]
            if self.step == step and self.showing_best_line:
                set_value(self.best_line_view, self._line_html(line))  # type: ignore[arg-type]

        self.analyst.run(lambda solver: best_line(deal, solver), done)

    def _line_html(self, line: Line) -> str:
        final = self.timeline[-1]
        start = line.start.scores
        played = (final.scores[ELDER] - start[ELDER]) - (final.scores[YOUNGER] - start[YOUNGER])
        end = line.end.scores
        items = "".join(f"<li>{_esc(sentence)}</li>" for sentence in line_sentences(line))
        heading = _("Best play from here")
        final_scores = _("Final scores under best play: elder {elder}, younger {younger}.").format(elder=end[ELDER], younger=end[YOUNGER])
        return (
            f"<h3>{_esc(heading)}</h3>"
            f'<p class="pw-line-value" data-value="{line.value}">{_esc(line_value_words(line.value))}</p>'
            f'<ol class="pw-line-tricks">{items}</ol>'
            f"<p>{_esc(final_scores)}</p>"
            f'<p class="pw-line-played">{_esc(line_played_words(played))}</p>'
            f"{details_html(line_details(line.value, played))}"
        )

    def _on_slider(self, change: dict) -> None:
        if not self._updating:
            value = change.get("new")
            if isinstance(value, int) and not isinstance(value, bool):
                self.go(value)

    def _on_phase(self, change: dict) -> None:
        if not self._updating and change.get("new") in PHASES:
            self.jump(change["new"])

    # -- drawing -------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Re-render every text in the current language, keeping the step."""
        self._cache.clear()
        self._bands = self._phase_bands()
        self._texts()
        self.felt.relabel()
        self._render()

    relabel = refresh  # the name CardRow uses for the same thing

    def _texts(self) -> None:
        """Texts that do not depend on the step."""
        title = _("Deal walkthrough")
        set_value(self.title, title_html(title, self._heading_level))
        set_value(self.code_text, _esc(_("Deal code {code}").format(code=self.code)))
        self.first_button.description = _("« Start")
        self.prev_button.description = _("◀ Back")
        self.next_button.description = _("Next ▶")
        self.last_button.description = _("End »")
        self.first_button.tooltip = _("Go to the deal")
        self.prev_button.tooltip = _("Previous step")
        self.next_button.tooltip = _("Next step")
        self.last_button.tooltip = _("Go to the end of the deal")
        if self.showing_best_line:
            self.best_line_button.description = _("Hide best play")
        else:
            self.best_line_button.description = _("Best play from here")
        self.best_line_button.tooltip = _("Show the best continuation from this moment of the play (the exact solver)")
        self.analyst.relabel()
        set_value(self.next_step_heading, "<h3>{}</h3>".format(_esc(_("What next?"))))
        self.practise_button.description = _("Practise this deal")
        self.practise_button.tooltip = _("Play this deal yourself at the practice table")
        self.next_lesson_button.description = self.next_lesson_button.tooltip = _("Next lesson →")
        self.slider.description = ""
        self.keys_view.slider_label = _("Step of the deal")
        self.keys_view.value_text = _("Step {number} of {count}")
        self.phase_select.description = _("Phase of the deal")
        self._updating = True
        try:
            options = [(phase_title(phase), phase) for phase in PHASES if phase in self._starts]
            current = self.phase_select.value
            if list(self.phase_select.options) != options:
                self.phase_select.options = options
                self.phase_select.value = current if current in dict((v, k) for k, v in options) else options[0][1]
        finally:
            self._updating = False

    def _phase_bands(self) -> list[tuple[int, int, str]]:
        bands: list[tuple[int, int, str]] = []
        for step in self.steps:
            if bands and bands[-1][2] == step.phase:
                bands[-1] = (bands[-1][0], step.index, step.phase)
            else:
                bands.append((step.index, step.index, step.phase))
        return [(first, last, phase_title(phase)) for first, last, phase in bands]

    def _texts_of(self, index: int) -> tuple[str, str, str]:
        """The explanation of a step, its events, and its explanation in words for the live
        region (cached until the language changes)."""
        if index not in self._cache:
            step = self.steps[index]
            explained = explain_step(step)
            events = events_html(step.deal, new=len(step.new_events))
            self._cache[index] = (explanation_html(explained), events, explanation_words(explained))
        return self._cache[index]

    def _render(self) -> None:
        step = self.steps[self.step]
        deal = step.deal
        with self.hold_sync():
            self.felt.show(deal, highlight=_highlight(step))
            self.board.show(deal, meters(deal))
            explanation, events, words = self._texts_of(self.step)
            set_value(self.explanation, explanation)
            self.announcer.say(f"{words} {self.board.words(deal)}")
            set_value(self.events_view, events)
            set_value(self.chart, chart_svg(self._totals, self.step, self._bands, self._bonus_at))
            set_value(self.tricks_view, tricks_html(deal))
            set_shown(self.tricks_view, bool(deal.tricks))
            at_end = step.kind is StepKind.TALLY
            if at_end:
                set_value(self.summary, summary_html(deal))
            set_shown(self.summary, at_end)
            set_shown(self.next_step, self.step == len(self.steps) - 1)
            last = len(self.steps) - 1
            self.prev_button.disabled = self.step == 0
            self.first_button.disabled = self.step == 0
            self.next_button.disabled = self.step == last
            self.last_button.disabled = self.step == last
            self._show_best_line()
            set_value(self.step_label, _esc(_("Step {number} of {count}").format(number=self.step + 1, count=last + 1)))
            self._updating = True
            try:
                set_value(self.slider, self.step)
                if self.phase_select.value != step.phase:
                    self.phase_select.value = step.phase
            finally:
                self._updating = False


# Where the focus goes when the control that held it goes (widgets/focus.py): Next, else (at the
# last step) "Practise this deal", else Back.
WALKTHROUGH_FOCUS = ("button.pw-next", "button.pw-practise-deal", "button.pw-prev", ".pw-explanation")


def tricks_html(deal: Deal) -> str:
    """Every trick played so far, its two cards and who won it (the felt shows only the last two)."""
    items = []
    for trick in deal.tricks:
        cards = " ".join(spoken_card(card) for card in (trick.lead, trick.reply))
        who = seat_word(trick.winner)
        items.append("<li>{}</li>".format(_esc(_("{cards} — won by {who}")).format(cards=cards, who=_esc(who))))
    heading = _("Tricks played")
    return f"<h4>{_esc(heading)}</h4><ol class='pw-trick-list'>{''.join(items)}</ol>"


def _highlight(step: Step) -> dict[Seat, Sequence[Card]]:
    """Cards to raise in the hands: the cards just taken, or the combinations just declared."""
    deal, before = step.deal, step.before
    if step.kind is StepKind.EXCHANGE and before is not None:
        seat = before.to_move
        return {seat: [card for card in deal.hand(seat) if card not in before.hand(seat)]}
    if step.kind is StepKind.DECLARE:
        declaration = deal.declarations[-1]
        if declaration.player is ELDER:
            return {ELDER: [card for combo in declaration.combinations for card in combo.cards]}
        scored = step.new_events
        category_events = [e for e in scored if e.kind == declaration.category.value]
        if category_events:
            event = category_events[0]
            return {event.player: list(event.cards)}
        pair = deal.declarations[-2:]
        return {d.player: [card for combo in d.combinations[:1] for card in combo.cards] for d in pair}
    return {}


def _esc(text: str) -> str:
    from html import escape

    return escape(text)
