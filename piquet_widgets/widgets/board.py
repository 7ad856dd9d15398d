"""Pieces the walkthrough and the practice table share: the stylesheet, small helpers that change
a widget only when its value changes (and close the children a box shows no more), and the HTML of the explanation, the dialogue, the events,
the summary table and the message. The felt, the score board, the chart and the analysis status
have modules of their own (`felt`, `scoreboard`, `chart`, `analysis_status`).

Everything here renders engine state; nothing decides a rule. Text is escaped and goes through
the translation functions; the stylesheet is `table.css`, scoped under `.pw-root`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from html import escape
from pathlib import Path

import ipywidgets as widgets

from piquet_widgets.engine.deal import ELDER, YOUNGER, Deal, Seat
from piquet_widgets.i18n import _
from piquet_widgets.teach.events import explain_event, running_totals, summary_rows
from piquet_widgets.teach.narration import Explanation
from piquet_widgets.teach.words import seat_at_start

_HERE = Path(__file__).parent
SEATS = (ELDER, YOUNGER)


@lru_cache(maxsize=1)
def stylesheet() -> str:
    return (_HERE / "table.css").read_text(encoding="utf-8")


def style_widget() -> widgets.HTML:
    """An invisible HTML widget carrying the stylesheet (works in JupyterLab and in Voilà)."""
    return widgets.HTML(f"<style>{stylesheet()}</style>").add_class("pw-style")


def set_shown(widget: widgets.Widget, shown: bool) -> None:
    """Show or hide a widget (sends nothing when it does not change)."""
    display = None if shown else "none"
    if widget.layout.display != display:
        widget.layout.display = display


def title_html(text: str, level: int) -> str:
    """`text` as a heading of `level`: a view's title sits at the level of the page that holds it
    (h2 on its own, h4 under a lesson part's h3), so that headings keep their outline."""
    return f"<h{level}>{escape(text)}</h{level}>"


def partie_table_html(rows: Sequence[tuple[str, ...]]) -> str:
    """A partie's score sheet (a lesson's, a drill's): deal, elder, A's and B's scores, one row
    per deal; a row whose first cell is "=" is the totals."""
    head = "".join(f"<th>{escape(cell)}</th>" for cell in (_("Deal"), _("Elder"), "A", "B"))
    total = escape(_("Total"))
    body = []
    for row in rows:
        if row[0] == "=":
            cells = "".join(f"<td>{escape(cell)}</td>" for cell in row[1:])
            body.append(f"<tr class='pw-partie-total'><th>{total}</th>{cells}</tr>")
        else:
            body.append("<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>")
    return f"<table class='pw-partie-table'><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def set_value(widget: widgets.Widget, value: object) -> None:
    if widget.value != value:
        widget.value = value


def set_children(box: widgets.Box, children: Sequence[widgets.Widget], keep: Iterable[widgets.Widget] = ()) -> None:
    """Show `children` in `box` and close every widget it held that is neither among them nor in
    `keep` (a widget the box will show again): in a kernel a widget lives until it is closed."""
    old, new = box.children, tuple(children)
    if old != new:
        box.children = new  # first, so that the box never names a closed widget
    spared = {id(widget) for widget in (*new, *keep)}
    for child in old:
        if id(child) not in spared:
            _close_tree(child, spared)


def _close_tree(widget: widgets.Widget, spared: set[int]) -> None:
    """Close `widget`, the widgets it contains (but those `spared`), its layout and its style,
    which `Widget.close` leaves open."""
    for child in getattr(widget, "children", ()):
        if id(child) not in spared:
            _close_tree(child, spared)
    for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
        if isinstance(part, widgets.Widget):
            part.close()
    widget.close()


# -- the felt ------------------------------------------------------------------------------------


# -- explanation, events, summary, message ----------------------------------------------------------


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


def explanation_words(explanation: Explanation, names: Callable[[Seat], str] | None = None) -> str:
    """The explanation as plain sentences, for a live region: what `explanation_html` shows."""
    name = names or seat_at_start
    said = [f"{name(seat)}: {text}" for seat, text in explanation.dialogue]
    return " ".join([f"{explanation.title}.", *said, *explanation.lines, *explanation.scores])


def dialogue_html(dialogue: Iterable[tuple[Seat, str]], names: Callable[[Seat], str] = seat_at_start) -> str:
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


def summary_html(deal: Deal, names: Callable[[Seat], str] = seat_at_start) -> str:
    title = escape(_("Summary of the deal"))
    category = _("Category")
    head = f"<tr><th>{escape(category)}</th><th>{escape(names(ELDER))}</th><th>{escape(names(YOUNGER))}</th></tr>"
    body = "".join(
        f'<tr class="pw-row-{row.key}"><td>{escape(row.label)}</td><td>{row.elder}</td><td>{row.younger}</td></tr>'
        for row in summary_rows(deal)
    )
    return f"<h4>{title}</h4><table><thead>{head}</thead><tbody>{body}</tbody></table>"


def message_html(text: str, kind: str = "info") -> str:
    """The message area: 'info', 'error' (an illegal move refused) or 'done'."""
    if not text:
        return ""
    role = "alert" if kind == "error" else "status"
    return f'<p class="pw-msg pw-msg-{kind}" role="{role}">{escape(text)}</p>'
