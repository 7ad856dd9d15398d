"""What the players say in each category of the declarations, from elder's announcement to the
winner's reckoning ("Point of five." — "How much?" — "Forty-nine." — "Good." — "Five.")."""

from __future__ import annotations

from typing import NamedTuple

from piquet_widgets.engine.combinations import Category, Combination, Verdict, compare
from piquet_widgets.engine.deal import ELDER, YOUNGER, Deal, Declaration, Seat
from piquet_widgets.i18n import N_, NP_, Message, _, pgettext
from piquet_widgets.teach.events import combination_list
from piquet_widgets.teach.words import capital, number_words

__all__ = ["category_dialogue", "category_lines", "announcement", "Line"]

_SEQUENCE_LENGTHS = {
    3: N_("A tierce."), 4: N_("A quart."), 5: N_("A quint."), 6: N_("A sixième."), 7: N_("A septième."), 8: N_("A huitième."),
}
# Younger's verdict, in a message context naming what it is said of: Spanish says «Son buenas»
# of a point (las cartas), «Es buena» of a sequence, «Es bueno» of a set (el trío, el catorce).
_VERDICT_WORDS = {
    (Category.POINT, Verdict.GOOD): NP_("point", "Good."),
    (Category.POINT, Verdict.NOT_GOOD): NP_("point", "Not good."),
    (Category.POINT, Verdict.EQUAL): NP_("point", "Equal."),
    (Category.SEQUENCE, Verdict.GOOD): NP_("sequence", "Good."),
    (Category.SEQUENCE, Verdict.NOT_GOOD): NP_("sequence", "Not good."),
    (Category.SEQUENCE, Verdict.EQUAL): NP_("sequence", "Equal."),
    (Category.SETS, Verdict.GOOD): NP_("sets", "Good."),
    (Category.SETS, Verdict.NOT_GOOD): NP_("sets", "Not good."),
    (Category.SETS, Verdict.EQUAL): NP_("sets", "Equal."),
}


def _said(text: str) -> str:
    """A declaration spoken as a sentence: 'Quart major.'"""
    return _("{declaration}.").format(declaration=capital(text))


def announcement(declaration: Declaration) -> str:
    """Elder's first words in a category."""
    return announcement_words(declaration.category, declaration.combinations[0] if declaration.combinations else None)


def announcement_words(category: Category, best: Combination | None) -> str:
    """Elder's first words announcing `best` (his best combination of `category`, or none)."""
    if best is None:
        return {
            Category.POINT: _("No point."), Category.SEQUENCE: _("No sequence."), Category.SETS: _("No trio or quatorze."),
        }[category]
    if category is Category.SEQUENCE:
        return _(_SEQUENCE_LENGTHS[best.length])
    if category is Category.POINT:
        # TRANSLATORS: elder announces his point by its length, in number words ("Point of five."; the Spanish seed says «Cinco cartas.»)
        return capital(pgettext("announce", "Point of {count}.").format(count=number_words(best.length)))
    return _said(best.name())


class Line(NamedTuple):
    """One thing said in the declarations: who says it, the words, what kind of saying it is
    (announce, ask, answer, verdict, either, reckon, repique) and a `key` naming its content, so
    that a learner's choice of words can be checked against it (teach/speech.py)."""

    seat: Seat
    text: str
    kind: str
    key: str


def category_dialogue(elder: Declaration, younger: Declaration, after: Deal | None = None) -> list[tuple[Seat, str]]:
    """What the two players say in one category, from elder's announcement to the winner's
    reckoning. `after`, the deal once both have declared, gives the winner's running total."""
    return [(line.seat, line.text) for line in category_lines(elder, younger, after)]


def announcement_key(category: Category, combination: Combination | None) -> str:
    """The key of an announcement: the category, then the length (and rank of a set), or none."""
    if combination is None:
        return f"announce:{category.value}:none"
    if category is Category.SETS:
        return f"announce:sets:{combination.length}:{combination.top}"
    return f"announce:{category.value}:{combination.length}"


def category_lines(elder: Declaration, younger: Declaration, after: Deal | None = None) -> list[Line]:
    """`category_dialogue` with each line's kind and key."""
    category = elder.category
    mine, theirs = elder.combinations, younger.combinations
    lines = [Line(ELDER, announcement(elder), "announce", announcement_key(category, mine[0] if mine else None))]
    verdict = compare(mine, theirs)
    if mine and theirs and category is not Category.SETS and mine[0].length == theirs[0].length:
        lines.append(Line(YOUNGER, ask_words(category), "ask", "reply:ask"))
        lines.append(Line(ELDER, answer_words(mine[0]), "answer", answer_key(mine[0])))
    if mine:
        lines.append(Line(YOUNGER, verdict_words(verdict, category), "verdict", f"reply:{verdict.name.lower()}"))
    elif not theirs:
        lines.append(Line(YOUNGER, either_words(category), "either", "say"))
    if verdict in (Verdict.GOOD, Verdict.NOT_GOOD):
        winner = elder if verdict is Verdict.GOOD else younger
        lines.extend(_reckoning(winner, after))
    return lines


def either_words(category: Category) -> str:
    """Younger's answer when neither holds anything of the category: 'No point either.'"""
    return {Category.POINT: _("No point either."), Category.SEQUENCE: _("No sequence either."), Category.SETS: _("Nor have I.")}[category]


def ask_words(category: Category) -> str:
    """Younger's question when the lengths are equal: 'How much?' (point), 'To what?' (sequence)."""
    return _("How much?") if category is Category.POINT else _("To what?")


def verdict_message(verdict: Verdict, category: Category) -> Message:
    """Younger's verdict on elder's `category` ("Good."), said when shown."""
    context, text = _VERDICT_WORDS[category, verdict]
    return Message(text, context=context)


def verdict_words(verdict: Verdict, category: Category) -> str:
    """Younger's verdict on elder's `category`, in the current language."""
    return str(verdict_message(verdict, category))


def answer_words(combination: Combination) -> str:
    """Elder's answer to the question: the value of his point ('Forty-nine.'), or his sequence by name."""
    if combination.category is Category.POINT:
        return _("{value}.").format(value=capital(number_words(combination.top)))
    return _said(combination.name())


def answer_key(combination: Combination) -> str:
    return f"answer:{combination.top}"


def total_words(total: int) -> str:
    """A running total said alone ('Twelve.')."""
    return _("{points}.").format(points=capital(number_words(total)))


def _reckoning(winner: Declaration, after: Deal | None) -> list[Line]:
    """The winner counts aloud what he scores, and where it brings him."""
    seat = winner.player
    points = sum(combo.points for combo in winner.combinations)
    total = None
    repique = False
    if after is not None:  # a repique scored earlier counts in the total; one reached here is said next
        running, events = 0, after.events
        for index, event in enumerate(events):
            running += event.points if event.player is seat else 0
            if event.kind == winner.category.value and event.player is seat:
                total = running
                following = events[index + 1] if index + 1 < len(events) else None
                repique = following is not None and following.kind == "repique" and following.player is seat
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
    lines = [Line(seat, line, "reckon", f"total:{points if total is None else total}")]
    if repique:
        lines.append(Line(seat, _("And sixty for the repique: {total}.").format(total=number_words(total + 60)), "repique", "say"))
    return lines
