"""The closed review (`analysis.closed_review`) in sentences a beginner understands: what happened
against perfect play, each choice against the best from what the learner could see (an average,
said as one, in whole points in words), and what he sank or forgot in the declarations."""

from __future__ import annotations

from piquet_widgets.analysis.closed_review import ClosedReview, DeclarationNote, SampledChoice
from piquet_widgets.engine.cards import Card
from piquet_widgets.engine.combinations import Category
from piquet_widgets.engine.deal import ELDER, YOUNGER, Phase
from piquet_widgets.i18n import _
from piquet_widgets.teach.words import join_names, points_in_words, seat_word

__all__ = ["choice_sentence", "declaration_sentence", "scores_sentence"]

NAMED = 3  # at most this many equally good cards are named


def _names(cards: tuple[Card, ...]) -> str:
    return join_names([card.name_in_words() for card in cards])


def scores_sentence(review: ClosedReview) -> str:
    """'What happened: elder 16 – younger 58; with perfect play: elder 27 – younger 8.'"""
    return _("What happened: elder {elder} – younger {younger}; with perfect play: elder {best_elder} – younger {best_younger}.").format(
        elder=review.scores[ELDER], younger=review.scores[YOUNGER], best_elder=review.best_scores[ELDER], best_younger=review.best_scores[YOUNGER]
    )


def choice_sentence(choice: SampledChoice) -> str:
    """An exchange or a card against the best from the view the player had when he chose."""
    opponent = seat_word(choice.seat.other)
    if choice.phase is Phase.EXCHANGE:
        if choice.cost <= 0:
            return _("Exchange: discarding the {cards} was the best choice from what you could see.").format(cards=_names(choice.played))
        return _(
            "Exchange: you discarded the {cards}; from what you could see, discarding the {best} was better, "
            "by {points} in the declarations on average over the hands {opponent} might hold."
        ).format(cards=_names(choice.played), best=_names(choice.best), points=points_in_words(choice.cost), opponent=opponent)
    card = choice.played[0].name_in_words()
    if not choice.samples:
        return _("Trick {trick}: the {card}, the only card you could play.").format(trick=choice.trick, card=card)
    if choice.cost <= 0:
        return _("Trick {trick}: the {card}, a best card from what you could see.").format(trick=choice.trick, card=card)
    return _(
        "Trick {trick}: the {card} lost {points} on average over the hands {opponent} might hold; the {best} was better."
    ).format(
        trick=choice.trick, card=card, points=points_in_words(choice.cost), opponent=opponent,
        best=join_names([each.name_in_words() for each in choice.best[:NAMED]], either=True),
    )


def _category_word(category: Category) -> str:
    return {Category.POINT: _("Point"), Category.SEQUENCE: _("Sequences"), Category.SETS: _("Sets")}[category]


def declaration_sentence(note: DeclarationNote) -> str:
    """What was sunk or forgotten in one category, and what it cost with the play as it went."""
    names = lambda combos: join_names([combo.name() for combo in combos])  # noqa: E731
    missing = [combo for combo in note.held if combo not in note.declared]
    if note.kind == "sunk" and not note.declared:
        text = _("{category}: you declared nothing of your {held}: you sank it.")
    elif note.kind == "sunk":
        text = _("{category}: out of your {held} you declared only {declared}: you sank the rest.")
    else:
        text = _("{category}: you declared your {declared} but forgot your {missing}.")
    text = text.format(category=_category_word(note.category), held=names(note.held), declared=names(note.declared), missing=names(missing))
    if note.cost > 0:
        cost = _("With the play as it went, that cost you {points}.").format(points=points_in_words(note.cost))
    else:
        cost = _("With the play as it went, that cost you nothing.")
    return f"{text} {cost}"
