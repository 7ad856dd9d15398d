"""What the players say in each category of the declarations, from elder's announcement to the
winner's reckoning ("Point of five." — "How much?" — "Forty-nine." — "Good." — "Five.")."""

from __future__ import annotations

from piquet_widgets.engine.combinations import Category, Verdict, compare
from piquet_widgets.engine.deal import ELDER, YOUNGER, Deal, Declaration, Seat
from piquet_widgets.i18n import N_, _
from piquet_widgets.teach.events import combination_list
from piquet_widgets.teach.words import capital, number_words

__all__ = ["category_dialogue", "announcement"]

_SEQUENCE_LENGTHS = {
    3: N_("A tierce."), 4: N_("A quart."), 5: N_("A quint."), 6: N_("A sixième."), 7: N_("A septième."), 8: N_("A huitième."),
}
_VERDICT_WORDS = {Verdict.GOOD: N_("Good."), Verdict.NOT_GOOD: N_("Not good."), Verdict.EQUAL: N_("Equal.")}


def _said(text: str) -> str:
    """A declaration spoken as a sentence: 'Quart major.'"""
    return _("{declaration}.").format(declaration=capital(text))


def announcement(declaration: Declaration) -> str:
    """Elder's first words in a category."""
    combos = declaration.combinations
    category = declaration.category
    if not combos:
        return {
            Category.POINT: _("No point."), Category.SEQUENCE: _("No sequence."), Category.SETS: _("No trio or quatorze."),
        }[category]
    best = combos[0]
    if category is Category.SEQUENCE:
        return _(_SEQUENCE_LENGTHS[best.length])
    return _said(best.name())


def category_dialogue(elder: Declaration, younger: Declaration, after: Deal | None = None) -> list[tuple[Seat, str]]:
    """What the two players say in one category, from elder's announcement to the winner's
    reckoning. `after`, the deal once both have declared, gives the winner's running total."""
    category = elder.category
    mine, theirs = elder.combinations, younger.combinations
    lines: list[tuple[Seat, str]] = [(ELDER, announcement(elder))]
    verdict = compare(mine, theirs)
    if mine and theirs and category is not Category.SETS and mine[0].length == theirs[0].length:
        if category is Category.POINT:
            lines.append((YOUNGER, _("How much?")))
            lines.append((ELDER, _("{value}.").format(value=capital(number_words(mine[0].top)))))
        else:
            lines.append((YOUNGER, _("To what?")))
            lines.append((ELDER, _said(mine[0].name())))
    if mine:
        lines.append((YOUNGER, _(_VERDICT_WORDS[verdict])))
    elif not theirs:
        words = {Category.POINT: _("No point either."), Category.SEQUENCE: _("No sequence either."), Category.SETS: _("Nor have I.")}
        lines.append((YOUNGER, words[category]))
    if verdict in (Verdict.GOOD, Verdict.NOT_GOOD):
        winner = elder if verdict is Verdict.GOOD else younger
        lines.extend(_reckoning(winner, after))
    return lines


def _reckoning(winner: Declaration, after: Deal | None) -> list[tuple[Seat, str]]:
    """The winner counts aloud what he scores, and where it brings him."""
    seat = winner.player
    points = sum(combo.points for combo in winner.combinations)
    total = None
    repique = False
    if after is not None:
        running = 0
        for event in after.events:
            if event.player is seat:
                running += event.points if event.kind != "repique" else 0
            if event.kind == winner.category.value and event.player is seat:
                total = running
            if event.kind == "repique" and event.player is seat and total is not None:
                repique = True
    spoken_points = capital(number_words(points))
    if seat is ELDER and len(winner.combinations) == 1:
        if total is None or total == points:
            line = _("{points}.").format(points=spoken_points)
        else:
            line = _("{points}: that makes {total}.").format(points=spoken_points, total=number_words(total))
    else:
        declared = capital(combination_list(winner.combinations)) if winner.category is not Category.POINT else capital(winner.combinations[0].name())
        if total is None or total == points:
            line = _("{declarations}: {points}.").format(declarations=declared, points=number_words(points))
        else:
            line = _("{declarations}: {points}, that makes {total}.").format(
                declarations=declared, points=number_words(points), total=number_words(total)
            )
    lines = [(seat, line)]
    if repique:
        lines.append((seat, _("And sixty for the repique: {total}.").format(total=number_words(total + 60))))
    return lines
