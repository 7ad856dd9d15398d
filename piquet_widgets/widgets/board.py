"""Pieces the walkthrough and the practice table share: the felt with its rows of cards, the score
board with the pique/repique meters, and the HTML of the explanation, the events, the running
totals chart and the summary table.

Everything here renders engine state; nothing decides a rule. Text is escaped and goes through
the translation functions; the stylesheet is `table.css`, scoped under `.pw-root`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from html import escape
from pathlib import Path

import ipywidgets as widgets

from piquet_widgets.analysis.solver import SearchInterrupted, Solver
from piquet_widgets.engine.cards import Card
from piquet_widgets.engine.deal import ELDER, YOUNGER, Deal, Phase, Seat
from piquet_widgets.i18n import _
from piquet_widgets.teach.events import explain_event, running_totals, summary_rows
from piquet_widgets.teach.meter import Meter
from piquet_widgets.teach.steps import Explanation
from piquet_widgets.widgets.cards import CardRow

_HERE = Path(__file__).parent
SEATS = (ELDER, YOUNGER)


@lru_cache(maxsize=1)
def stylesheet() -> str:
    return (_HERE / "table.css").read_text(encoding="utf-8")


def style_widget() -> widgets.HTML:
    """An invisible HTML widget carrying the stylesheet (works in JupyterLab and in Voilà)."""
    return widgets.HTML(f"<style>{stylesheet()}</style>").add_class("pw-style")


def seat_name(seat: Seat) -> str:
    """'Elder' / 'Younger' in the current language."""
    return seat.name_in_words()


def set_shown(widget: widgets.Widget, shown: bool) -> None:
    """Show or hide a widget (sends nothing when it does not change)."""
    display = None if shown else "none"
    if widget.layout.display != display:
        widget.layout.display = display


def set_value(widget: widgets.Widget, value: object) -> None:
    if widget.value != value:
        widget.value = value


# -- the felt ------------------------------------------------------------------------------------


class Felt(widgets.VBox):
    """The green table: both hands, the talon, the current trick, the discards, tricks won.

    `captions(seat)` gives each hand's caption (the practice table says who is the computer).
    """

    def __init__(self, four_colour: bool = False, bottom: Seat = ELDER) -> None:
        self.hands = {seat: CardRow(four_colour=four_colour, css_class="pw-hand-cards") for seat in SEATS}
        for seat, row in self.hands.items():
            row.add_class("pw-hand").add_class(f"pw-hand-{seat.key}")
            row.layout.width = "100%"
        self.talon = CardRow(four_colour=four_colour).add_class("pw-talon").add_class("pw-small")
        self.talon_younger = CardRow(four_colour=four_colour).add_class("pw-talon-younger").add_class("pw-small")
        self.trick = CardRow(four_colour=four_colour).add_class("pw-trick").add_class("pw-small")
        self.previous_trick = CardRow(four_colour=four_colour).add_class("pw-previous-trick").add_class("pw-small")
        self.discards = {seat: CardRow(four_colour=four_colour).add_class(f"pw-discards-{seat.key}").add_class("pw-small") for seat in SEATS}
        self.tricks_won = widgets.HTML().add_class("pw-tricks-won")
        self.middle = widgets.Box(
            [self.previous_trick, self.trick, self.talon, self.talon_younger, self.discards[ELDER], self.discards[YOUNGER]]
        ).add_class("pw-felt-middle")
        self.bottom = bottom
        self.captions: Callable[[Seat, Deal], str] = lambda seat, deal: default_hand_caption(seat, deal)
        super().__init__(self._order())
        self.add_class("pw-felt")

    def _order(self) -> list[widgets.Widget]:
        top = self.hands[self.bottom.other]
        return [top, self.middle, self.tricks_won, self.hands[self.bottom]]

    def set_bottom(self, seat: Seat) -> None:
        """Which hand is drawn nearest the learner."""
        if seat is not self.bottom:
            self.bottom = seat
            self.children = self._order()

    def rows(self) -> list[CardRow]:
        return [*self.hands.values(), self.talon, self.talon_younger, self.previous_trick, self.trick, *self.discards.values()]

    def relabel(self) -> None:
        for row in self.rows():
            row.relabel()

    def show(self, deal: Deal, highlight: dict[Seat, Iterable[Card]] | None = None, marks: dict[Seat, dict] | None = None) -> None:
        """Draw `deal`: `highlight` raises some cards of each hand (the cards just taken, a
        combination); `marks` gives each hand's `playable`/`disabled` (the practice table)."""
        highlight = highlight or {}
        marks = marks or {}
        for seat, row in self.hands.items():
            cards = deal.hand(seat)
            mark = marks.get(seat, {})
            chosen = [card for card in highlight.get(seat, ()) if card in cards]
            with row.hold_sync():
                row.set_cards(cards, playable=mark.get("playable", ()), selected=chosen)
                _set_trait(row, "disabled", mark.get("disabled", False))
                _set_trait(row, "caption", self.captions(seat, deal))
                to_move = deal.to_move is seat and deal.phase in (Phase.EXCHANGE, Phase.PLAY)
                _set_trait(row, "css_class", "pw-hand-cards pw-to-move" if to_move else "pw-hand-cards")
            set_shown(row, bool(cards))  # both hands are empty once the deal is played out
        self._show_talon(deal)
        self._show_trick(deal)
        for seat, row in self.discards.items():
            discarded = deal.discards[seat] or ()
            _show_row(row, discarded, _("Elder's discards") if seat is ELDER else _("Younger's discards"))
        if deal.phase in (Phase.PLAY, Phase.FINISHED):
            elder, younger = deal.tricks_won
            text = _("Tricks won — elder {elder}, younger {younger}").format(elder=elder, younger=younger)
            set_value(self.tricks_won, f"<div>{escape(text)}</div>")
            set_shown(self.tricks_won, True)
        else:
            set_shown(self.tricks_won, False)

    def _show_talon(self, deal: Deal) -> None:
        elder_done, younger_done = (discards is not None for discards in deal.discards)
        talon = deal.talon
        if not elder_done:
            _show_row(self.talon, talon[:5], _("Talon: elder's five"))
            _show_row(self.talon_younger, talon[5:], _("Talon: younger's three"))
        elif not younger_done:
            taken = len(deal.discards[ELDER])
            _show_row(self.talon, talon[taken:5], _("Left by elder"))
            _show_row(self.talon_younger, talon[5:], _("Talon: younger's three"))
        else:
            _show_row(self.talon, deal.talon_left, _("Left in the talon"))
            _show_row(self.talon_younger, (), "")

    def _show_trick(self, deal: Deal) -> None:
        """The trick being played (or the one just finished), and the one before it."""
        finished = list(deal.tricks)
        if deal.led is not None:
            number = len(deal.tricks) + 1
            caption = _("Trick {number}: {who} leads").format(number=number, who=_seat_word(deal.leader))
            _show_row(self.trick, (deal.led,), caption)
        elif finished:
            trick = finished.pop()
            _show_row(self.trick, (trick.lead, trick.reply), _trick_caption(trick))
        else:
            _show_row(self.trick, (), "")
        if finished:
            trick = finished[-1]
            _show_row(self.previous_trick, (trick.lead, trick.reply), _trick_caption(trick))
        else:
            _show_row(self.previous_trick, (), "")


def _trick_caption(trick) -> str:
    return _("Trick {number}: won by {who}").format(number=trick.number, who=_seat_word(trick.winner))


def _seat_word(seat: Seat) -> str:
    return _("elder") if seat is ELDER else _("younger")


def default_hand_caption(seat: Seat, deal: Deal) -> str:
    count = len(deal.hand(seat))
    return _("{who} — {count} cards").format(who=seat_name(seat), count=count)


def _set_trait(row: CardRow, name: str, value: object) -> None:
    if getattr(row, name) != value:
        setattr(row, name, value)


def _show_row(row: CardRow, cards: Sequence[Card], caption: str) -> None:
    """Fill a small row, hiding it when it has no card."""
    codes = [card.code for card in cards]
    with row.hold_sync():
        if row.cards != codes:
            row.set_cards(cards)
        _set_trait(row, "caption", caption)
    set_shown(row, bool(cards))


# -- the score board and meters --------------------------------------------------------------------


class ScoreBoard(widgets.Box):
    """Both totals (`pw-score-elder`, `pw-score-younger`: just the number) and a pique/repique
    meter under each (`pw-meter-elder`, `pw-meter-younger`)."""

    def __init__(self) -> None:
        self.names = {seat: widgets.HTML().add_class("pw-seat-name") for seat in SEATS}
        self.scores = {seat: widgets.Label("0").add_class(f"pw-score-{seat.key}") for seat in SEATS}
        self.meters = {seat: widgets.HTML().add_class("pw-meter").add_class(f"pw-meter-{seat.key}") for seat in SEATS}
        boxes = []
        for seat in SEATS:
            box = widgets.VBox([self.names[seat], self.scores[seat], self.meters[seat]])
            box.add_class("pw-seat-score").add_class(f"pw-seat-{seat.key}")
            boxes.append(box)
        super().__init__(boxes)
        self.add_class("pw-scoreboard")
        self.name_of: Callable[[Seat], str] = seat_name

    def show(self, deal: Deal, meters: Sequence[Meter]) -> None:
        for seat in SEATS:
            set_value(self.names[seat], escape(self.name_of(seat)))
            set_value(self.scores[seat], str(deal.scores[seat]))
            set_value(self.meters[seat], meter_html(meters[seat]))


def meter_html(meter: Meter) -> str:
    """A progress bar towards 30 and the sentence that says whether the bonus is still possible."""
    if meter.bonus == "pique":
        label = _("Pique")
    elif meter.bonus == "repique":
        label = _("Repique")
    else:
        label = _("Pique / repique")
    percent = round(100 * meter.fraction)
    head = _("{label}: {progress} of 30").format(label=label, progress=meter.progress)
    return (
        f'<div class="pw-meter-{meter.status}">'
        f'<div class="pw-meter-head"><span>{escape(head)}</span></div>'
        f'<div class="pw-bar" role="progressbar" aria-valuemin="0" aria-valuemax="30" '
        f'aria-valuenow="{min(meter.progress, 30)}" aria-label="{escape(head)}"><span style="width:{percent}%"></span></div>'
        f'<p class="pw-meter-text">{escape(meter.sentence)}</p></div>'
    )


# -- explanation, events, chart, summary --------------------------------------------------------------


def explanation_html(explanation: Explanation, extra: str = "") -> str:
    parts = [f"<h3>{escape(explanation.title)}</h3>"]
    if explanation.dialogue:
        parts.append(dialogue_html(explanation.dialogue))
    parts.extend(f"<p>{escape(line)}</p>" for line in explanation.lines)
    if explanation.scores:
        items = "".join(f"<li>{escape(line)}</li>" for line in explanation.scores)
        parts.append(f'<ul class="pw-score-lines">{items}</ul>')
    parts.append(extra)
    return "".join(parts)


def dialogue_html(dialogue: Iterable[tuple[Seat, str]], names: Callable[[Seat], str] = seat_name) -> str:
    lines = "".join(
        f'<p class="pw-say pw-say-{seat.key}"><b>{escape(names(seat))}</b>{escape(text)}</p>' for seat, text in dialogue
    )
    return f'<div class="pw-dialogue" role="log">{lines}</div>'


def events_html(deal: Deal, new: int = 0) -> str:
    """The scores so far in reckoning order, each with both totals after it; the last `new` are
    marked as made at this step."""
    title = escape(_("Scores in reckoning order"))
    rows = running_totals(deal)
    if not rows:
        nothing = _("Nothing scored yet.")
        return f'<h4>{title}</h4><p class="pw-empty">{escape(nothing)}</p>'
    items = []
    first_new = len(rows) - new
    for index, (event, elder, younger) in enumerate(rows):
        cls = ' class="pw-new"' if index >= first_new else ""
        total = _("{elder}–{younger}").format(elder=elder, younger=younger)
        items.append(
            f'<li{cls}><span>{escape(explain_event(deal, event))}</span><span class="pw-event-total">{escape(total)}</span></li>'
        )
    return f'<h4>{title}</h4><div class="pw-events-scroll"><ol class="pw-event-list">{"".join(items)}</ol></div>'


def summary_html(deal: Deal, names: Callable[[Seat], str] = seat_name) -> str:
    title = escape(_("Summary of the deal"))
    category = _("Category")
    head = f"<tr><th>{escape(category)}</th><th>{escape(names(ELDER))}</th><th>{escape(names(YOUNGER))}</th></tr>"
    body = "".join(
        f'<tr class="pw-row-{row.key}"><td>{escape(row.label)}</td><td>{row.elder}</td><td>{row.younger}</td></tr>'
        for row in summary_rows(deal)
    )
    return f"<h4>{title}</h4><table><thead>{head}</thead><tbody>{body}</tbody></table>"


CHART_W, CHART_H = 460, 210
_PAD_L, _PAD_R, _PAD_T, _PAD_B = 30, 10, 24, 26


def chart_svg(totals: Sequence[tuple[int, int]], current: int, bands: Sequence[tuple[int, int, str]] = (), bonus_at: int | None = None) -> str:
    """Both running totals over the steps of a deal, with the 30 line and the current step.

    `totals[i]` is (elder, younger) at step i; `bands` are (first step, last step, label) of the
    phases; `bonus_at` is the step where a pique or repique was scored."""
    count = max(len(totals), 2)
    top = max([40] + [max(pair) for pair in totals])
    top = (top + 9) // 10 * 10
    width, height = CHART_W - _PAD_L - _PAD_R, CHART_H - _PAD_T - _PAD_B

    def x(i: float) -> float:
        return _PAD_L + width * i / (count - 1)

    def y(v: float) -> float:
        return _PAD_T + height * (1 - v / top)

    parts = []
    for first, last, label in bands:
        x0, x1 = x(max(first - 0.5, 0)), x(min(last + 0.5, count - 1))
        parts.append(f'<rect x="{x0:.1f}" y="{_PAD_T}" width="{max(x1 - x0, 0):.1f}" height="{height}" fill="#f2f5f3" stroke="#ffffff"/>')
        if x1 - x0 > 90:
            parts.append(f'<text x="{(x0 + x1) / 2:.1f}" y="{_PAD_T - 8}" text-anchor="middle" font-size="13" fill="#5b6570">{escape(label)}</text>')
    for value in range(0, top + 1, 10):
        parts.append(f'<line x1="{_PAD_L}" x2="{_PAD_L + width}" y1="{y(value):.1f}" y2="{y(value):.1f}" stroke="#e3e7ea" stroke-width="1"/>')
        parts.append(f'<text x="{_PAD_L - 6}" y="{y(value) + 4:.1f}" text-anchor="end" font-size="12" fill="#5b6570">{value}</text>')
    parts.append(
        f'<line x1="{_PAD_L}" x2="{_PAD_L + width}" y1="{y(30):.1f}" y2="{y(30):.1f}" stroke="#c0392b" stroke-width="1.6" stroke-dasharray="6 4"/>'
        f'<text x="{_PAD_L + width - 2}" y="{y(30) - 5:.1f}" text-anchor="end" font-size="13" font-weight="700" fill="#c0392b">30</text>'
    )
    colours = {ELDER: "#b5651d", YOUNGER: "#2f5f9e"}
    for seat in SEATS:
        past = _stepped([(x(i), y(pair[seat])) for i, pair in enumerate(totals[: current + 1])])
        future = _stepped([(x(i), y(pair[seat])) for i, pair in enumerate(totals) if i >= current])
        if future and current < len(totals) - 1:
            parts.append(f'<polyline points="{future}" fill="none" stroke="{colours[seat]}" stroke-opacity="0.28" stroke-width="2" stroke-dasharray="3 3"/>')
        if past:
            parts.append(f'<polyline points="{past}" fill="none" stroke="{colours[seat]}" stroke-width="2.6" stroke-linejoin="round"/>')
    if bonus_at is not None and bonus_at <= current:
        bx = x(bonus_at)
        parts.append(f'<circle cx="{bx:.1f}" cy="{_PAD_T + 8}" r="5" fill="#d4a017"/>')
    cx = x(current)
    parts.append(f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{_PAD_T}" y2="{_PAD_T + height}" stroke="#1f2328" stroke-width="1.2" stroke-opacity="0.55"/>')
    for seat in SEATS:
        value = totals[current][seat]
        parts.append(f'<circle cx="{cx:.1f}" cy="{y(value):.1f}" r="4.2" fill="{colours[seat]}" stroke="#fff" stroke-width="1.5"/>')
    legend_y = CHART_H - 5
    legend = []
    for offset, seat in ((0, ELDER), (170, YOUNGER)):
        lx = _PAD_L + offset
        legend.append(f'<rect x="{lx}" y="{legend_y - 9}" width="14" height="4" fill="{colours[seat]}"/>')
        text = _("{who}: {points}").format(who=seat_name(seat), points=totals[current][seat])
        legend.append(f'<text x="{lx + 19}" y="{legend_y - 3}" font-size="14" fill="#1f2328">{escape(text)}</text>')
    parts.extend(legend)
    label = _("Running totals over the deal: elder {elder}, younger {younger} at this step; the dashed line is 30.").format(
        elder=totals[current][ELDER], younger=totals[current][YOUNGER]
    )
    return (
        f'<svg viewBox="0 0 {CHART_W} {CHART_H}" role="img" aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">'
        f'<title>{escape(label)}</title>{"".join(parts)}</svg>'
    )


def _stepped(points: list[tuple[float, float]]) -> str:
    """Points of a line that moves in steps: flat, then up at each change."""
    if not points:
        return ""
    out = [points[0]]
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        if y1 != y0:
            out.append((x1, y0))
        out.append((x1, y1))
    return " ".join(f"{px:.1f},{py:.1f}" for px, py in out)


def message_html(text: str, kind: str = "info") -> str:
    """The message area: 'info', 'error' (an illegal move refused) or 'done'."""
    if not text:
        return ""
    role = "alert" if kind == "error" else "status"
    return f'<p class="pw-msg pw-msg-{kind}" role="{role}">{escape(text)}</p>'


# -- analysis that may take a while ----------------------------------------------------------------


class Analyst(widgets.Box):
    """Runs the solver for a widget and keeps one `Solver` for the deal shown, so that after the
    first position every later one is solved in milliseconds.

    `run(task, done)` calls `task(solver)` at once; if it has not finished after `budget` seconds
    (rare: the first solve of a hard deal) it is interrupted, "Analysing…" and a Stop button
    (`pw-stop-analysis`) are shown, and the task goes on in a thread — the widget stays
    responsive — until it ends, Stop is pressed, `limit` seconds have passed or another task is
    run. `done(result)` is called with the result only if the task ended; what the interrupted
    search learned stays in the solver. `wait()` waits for a task in its thread (tests).
    """

    budget = 0.5
    limit = 120.0

    def __init__(self) -> None:
        self.solver = Solver()
        self.status = widgets.HTML().add_class("pw-analysis-status")
        self.stop_button = widgets.Button(button_style="warning").add_class("pw-stop-analysis")
        self.stop_button.on_click(lambda _button: self.stop())
        super().__init__([self.status, self.stop_button])
        self.add_class("pw-analysis")
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._generation = 0
        self._state = "idle"  # idle, running, stopped
        self.relabel()

    @property
    def busy(self) -> bool:
        """A task is running in its thread."""
        return self._thread is not None and self._thread.is_alive()

    def new_deal(self) -> None:
        """Forget what was learned (another deal: its positions share nothing with these)."""
        self.cancel()
        self.solver = Solver()

    def run(self, task: Callable[[Solver], object], done: Callable[[object], None]) -> None:
        self.cancel()
        with self._lock:
            self._generation += 1
            generation = self._generation
        started = time.monotonic()
        self.solver.should_stop = lambda: time.monotonic() - started > self.budget
        try:
            result = task(self.solver)
        except SearchInterrupted:
            pass
        else:
            self.solver.should_stop = None
            self._show("idle")
            done(result)
            return
        stop = self._stop = threading.Event()
        self.solver.should_stop = lambda: stop.is_set() or time.monotonic() - started > self.limit
        self._show("running")

        def work() -> None:
            try:
                result, ended = task(self.solver), True
            except SearchInterrupted:
                result, ended = None, False
            with self._lock:
                current = generation == self._generation
            if current:
                self.solver.should_stop = None
                self._show("idle" if ended else "stopped")
                if ended:
                    done(result)

        self._thread = threading.Thread(target=work, name="piquet-analysis", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Interrupt the task running in its thread (the Stop button)."""
        self._stop.set()

    def cancel(self) -> None:
        """Stop a task in its thread and forget its result (another position is to be analysed)."""
        thread = self._thread
        if thread is not None and thread.is_alive():
            with self._lock:
                self._generation += 1
            self._stop.set()
            thread.join()
        self._thread = None
        self.solver.should_stop = None
        if self._state == "running":
            self._show("idle")

    def wait(self, timeout: float | None = None) -> None:
        thread = self._thread
        if thread is not None:
            thread.join(timeout)

    def relabel(self) -> None:
        self.stop_button.description = _("Stop")
        self.stop_button.tooltip = _("Stop the analysis")
        self._show(self._state)

    def _show(self, state: str) -> None:
        self._state = state
        if state == "running":
            text = _("Analysing…")
        elif state == "stopped":
            text = _("Analysis stopped before the position was solved.")
        else:
            text = ""
        set_value(self.status, f'<span role="status">{escape(text)}</span>' if text else "")
        set_shown(self.stop_button, state == "running")
        set_shown(self, bool(text))
