"""One sentence per score: what was scored, by whom, why, and the law it comes from.

The score sheet of `piquet-widgets replay` and the walkthrough's explanations both use these.
"""

from __future__ import annotations

from dataclasses import dataclass

from piquet_widgets.engine.combinations import Category, Combination
from piquet_widgets.engine.deal import ELDER, YOUNGER, Deal, Declaration, Event
from piquet_widgets.i18n import N_, _, ngettext
from piquet_widgets.teach.words import join_names, seat_at_start


def combination_list(combinations: tuple[Combination, ...]) -> str:
    """'quart major and tierce minor', in the current language."""
    return join_names([combo.name() for combo in combinations])


def point_words(combo: Combination) -> str:
    """'point of five (49)'."""
    return _("{name} ({value})").format(name=combo.name(), value=combo.top)


def _declared(deal: Deal, category: Category) -> tuple[Declaration, Declaration] | None:
    pair = [d for d in deal.declarations if d.category is category]
    return (pair[0], pair[1]) if len(pair) == 2 else None


def explain_event(deal: Deal, event: Event) -> str:
    """The explained line of one score of `deal` (a deal at or after the moment of the event)."""
    who = seat_at_start(event.player)
    kind = event.kind
    law = event.law
    if kind == "carte_blanche":
        text = _("{who}: carte blanche, 10 — no king, queen or knave in the hand as dealt.")
    elif kind in ("point", "sequence", "sets"):
        return _("{sentence} (Law {law})").format(sentence=_category_sentence(deal, event, who), law=law)
    elif kind == "repique":
        text = _("{who}: repique, 60 — thirty reached by the declarations before the opponent scored anything.")
    elif kind == "pique":
        text = _("{who}: pique, 30 — thirty reached in the play before younger scored anything.")
    elif kind == "lead":
        text = _("{who} leads the {card} to trick {trick}: 1 for the lead.")
    elif kind == "win":
        text = _("{who} wins trick {trick} with the {card}: 1 for winning it as second player.")
    elif kind == "last":
        text = _("{who} wins the last trick: 1 more.")
    elif kind == "cards":
        text = _("{who} wins the cards, {tricks} tricks: 10.")
    else:
        text = _("{who} wins every trick, capot: 40.")
    card = event.cards[0].name_in_words() if event.cards else ""
    tricks = deal.tricks_won[event.player]
    sentence = text.format(who=who, card=card, trick=event.trick, tricks=tricks)
    return _("{sentence} (Law {law})").format(sentence=sentence, law=law)


def _category_sentence(deal: Deal, event: Event, who: str) -> str:
    """Why a category went where it went, and what the winner scores in it."""
    category = Category(event.kind)
    what = point_words(event.combinations[0]) if category is Category.POINT else combination_list(event.combinations)
    pair = _declared(deal, category)
    loser = pair[1 - event.player] if pair else None
    points = ngettext("{points} point", "{points} points", event.points).format(points=event.points)
    if loser is None or not loser.combinations:
        return _("{who}: {what}, unopposed — {points}.").format(who=who, what=what, points=points)
    against = point_words(loser.combinations[0]) if category is Category.POINT else loser.combinations[0].name()
    return _("{who}: {what}, better than {against} — {points}.").format(who=who, what=what, against=against, points=points)


def score_sheet(deal: Deal) -> list[str]:
    """Every score of a deal as a teacher would write it, one line each, then the totals."""
    lines = [explain_event(deal, event) for event in deal.events]
    lines.append(
        _("Totals: elder {elder}, younger {younger}.").format(elder=deal.scores[0], younger=deal.scores[1])
    )
    return lines


# -- the summary of a deal, category by category ------------------------------------------------

# The rows of the end-of-deal summary, in reckoning order; each gathers some kinds of event.
SUMMARY_ROWS = (
    ("carte_blanche", N_("Carte blanche"), ("carte_blanche",)),
    ("point", N_("Point"), ("point",)),
    ("sequence", N_("Sequences"), ("sequence",)),
    ("sets", N_("Sets"), ("sets",)),
    ("repique", N_("Repique"), ("repique",)),
    ("lead", N_("Cards led"), ("lead",)),
    ("win", N_("Tricks won as second player"), ("win",)),
    ("last", N_("Last trick"), ("last",)),
    ("pique", N_("Pique"), ("pique",)),
    ("cards", N_("The cards"), ("cards",)),
    ("capot", N_("Capot"), ("capot",)),
)


# Rows shown even when nobody scored in them; the others (carte blanche, bonuses, capot) only when
# they happened.
_ALWAYS_SHOWN = frozenset(("point", "sequence", "sets", "lead", "win", "last", "cards"))


@dataclass(frozen=True)
class SummaryRow:
    """One line of the end-of-deal summary: what each player scored in it."""

    key: str  # a kind of event, or "tricks" / "total"
    label: str  # in the current language
    elder: int
    younger: int


def summary_rows(deal: Deal, keep_empty: bool = False) -> list[SummaryRow]:
    """The deal category by category (carte blanche, point, sequences, sets, bonuses, the play,
    the cards), then the tricks won and the totals. Carte blanche, the bonuses and capot appear only
    when they happened (or with `keep_empty`)."""
    rows = []
    for key, label, kinds in SUMMARY_ROWS:
        points = [sum(e.points for e in deal.events if e.kind in kinds and e.player is seat) for seat in (ELDER, YOUNGER)]
        if keep_empty or key in _ALWAYS_SHOWN or any(e.kind in kinds for e in deal.events):
            rows.append(SummaryRow(key, _(label), points[0], points[1]))
    tricks = deal.tricks_won
    rows.append(SummaryRow("tricks", _("Tricks taken"), tricks[0], tricks[1]))
    rows.append(SummaryRow("total", _("Total"), deal.scores[0], deal.scores[1]))
    return rows


def running_totals(deal: Deal) -> list[tuple[Event, int, int]]:
    """Every event in reckoning order with both totals just after it."""
    totals = [0, 0]
    lines = []
    for event in deal.events:
        totals[event.player] += event.points
        lines.append((event, totals[0], totals[1]))
    return lines
