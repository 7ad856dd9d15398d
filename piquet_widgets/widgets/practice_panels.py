"""The practice table's side panels as HTML, made from its `PracticeSession`: what happened since
the learner's last move, the declarations as they were said, and the partie's score sheet.

In closed piquet a panel says only what the learner's seat has seen or heard (rules 8b): the
session hides the cards and the dialogue holds only what was said aloud; the score lines of the
declarations, which name both players' combinations, wait for the end of the deal.
"""

from __future__ import annotations

from html import escape

from piquet_widgets.i18n import _
from piquet_widgets.teach.events import explain_event
from piquet_widgets.teach.narration import Explanation, explain_step
from piquet_widgets.teach.session import COMPUTER, LEARNER, PracticeSession
from piquet_widgets.teach.steps import steps_of
from piquet_widgets.widgets.board import dialogue_html, explanation_html

__all__ = ["dialogue_panel", "explained", "explanation_panel", "partie_panel"]

_DECLARED = ("carte_blanche", "point", "sequence", "sets", "repique")


def explained(session: PracticeSession) -> list[Explanation]:
    """What happened since the learner's last move, step by step (the declarations are in the
    dialogue panel), the last four."""
    steps = steps_of(session.timeline[session.mark :])[1:]
    hidden = session.hidden_cards()
    return [explain_step(step, hidden) for step in steps if step.kind.value in ("exchange", "play", "tally")][-4:]


def explanation_panel(steps: list[Explanation]) -> str:
    parts = [explanation_html(each) for each in steps]
    if not parts:
        heading, waiting = _("What happens"), _("Each move is explained here as it is made.")
        return f"<h3>{escape(heading)}</h3><p>{escape(waiting)}</p>"
    return "".join(parts)


def dialogue_panel(session: PracticeSession) -> str:
    """The declarations as they were said, category by category; what the computer showed on
    request (Law 55); and the score lines of the declarations (in closed piquet, only the
    carte blanche until the deal ends: the others name what was not said)."""
    deal = session.deal
    title = "<h3>{}</h3>".format(escape(_("The declarations")))
    blocks = session.dialogue()
    if not blocks:
        waiting = _("The declarations come after the exchange.")
        return title + f'<p class="pw-empty">{escape(waiting)}</p>'
    parts = [title]
    parts.extend(dialogue_html([(line.seat, line.text) for line in block], session.seat_label) for block in blocks)
    if session.shown:
        text = _("Shown by the computer: {cards}").format(cards=", ".join(card.name_in_words() for card in session.shown))
        parts.append(f'<p class="pw-shown">{escape(text)}</p>')
    kinds = ("carte_blanche",) if session.hidden_seats() else _DECLARED
    scored = [event for event in deal.events if event.kind in kinds]
    if scored:
        items = "".join(f"<li>{escape(explain_event(deal, event))}</li>" for event in scored)
        parts.append(f'<ul class="pw-score-lines">{items}</ul>')
    return "".join(parts)


def partie_panel(session: PracticeSession) -> str:
    """The score sheet: each deal's scores (a studied deal marked), the totals, the result."""
    partie = session.partie_so_far
    title = "<h3>{}</h3>".format(escape(_("The partie")))
    head = "<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>".format(
        escape(_("Deal")), escape(_("Elder")), escape(session.player_name(LEARNER)), escape(session.player_name(COMPUTER))
    )
    rows = []
    studied_mark = ' <span class="pw-studied">({})</span>'.format(escape(_("studied")))
    for number in range(1, len(partie.deals) + 1):
        scores = partie.deal_scores(number)
        studied = studied_mark if number in session.studied else ""
        rows.append(
            f"<tr><td>{number}{studied}</td><td>{escape(session.player_name(partie.elder(number)))}</td>"
            f"<td>{scores[LEARNER]}</td><td>{scores[COMPUTER]}</td></tr>"
        )
    totals = partie.totals
    total = _("Total")
    rows.append(f'<tr class="pw-row-total"><td>{escape(total)}</td><td></td><td>{totals[LEARNER]}</td><td>{totals[COMPUTER]}</td></tr>')
    result = ""
    if session.settled:
        result = f'<p class="pw-result">{escape(session.result_sentence())}</p>'
    return f"{title}<table><thead>{head}</thead><tbody>{''.join(rows)}</tbody></table>{result}"
