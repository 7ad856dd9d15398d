"""The exchange advisor's findings (`analysis.advisor.Advice`) in words: what a choice of
discards throws, keeps and gives up, what the draw may win, and what the declarations are
expected to bring in whole points in words; the exact expectation apart, for "Details"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from piquet_widgets.engine.cards import Card, mask_of
from piquet_widgets.engine.combinations import Category, Combination, points_of, sequences_of, sets_of
from piquet_widgets.engine.deal import ELDER
from piquet_widgets.i18n import N_, _, format_decimal, ngettext
from piquet_widgets.teach.words import cards_text, join_names, points_in_words, seat_word

if TYPE_CHECKING:
    from piquet_widgets.analysis.advisor import Advice

__all__ = ["advice_details", "advice_words", "declarable", "discard_sentences", "percent_text"]

SIGNED = "+0.00;-0.00"  # an exact expectation, always with its sign: '+1.25', '-0,50' in French
_TARGETS = {
    Category.POINT: N_("the point ({percent}%)"),
    Category.SEQUENCE: N_("the sequences ({percent}%)"),
    Category.SETS: N_("the sets ({percent}%)"),
}


def discard_sentences(hand: int, discards: tuple[Card, ...]) -> list[str]:
    """What a choice of discards throws, keeps and gives up of the hand's combinations, in words."""
    discarded = mask_of(discards)
    held = declarable(hand)
    kept = [combo for combo in held if not combo.mask & discarded]
    given_up = [combo for combo in held if combo.mask & discarded]
    if discards:
        sentences = [
            ngettext("Discards {count} card: {cards}.", "Discards {count} cards: {cards}.", len(discards)).format(
                count=len(discards), cards=cards_text(discards)
            )
        ]
    else:
        sentences = [_("Exchanges no card.")]
    if kept:
        sentences.append(_("Keeps: {combinations}.").format(combinations=join_names([combo.name() for combo in kept])))
    if given_up:
        sentences.append(_("Gives up: {combinations}.").format(combinations=join_names([combo.name() for combo in given_up])))
    return sentences


def advice_words(advice: Advice) -> str:
    """What the choice keeps, gives up and draws for, and what the declarations are expected to
    bring the player, in whole points in words, with the chances of a repique."""
    sentences = discard_sentences(advice.hand, advice.discards)
    targets = [_(_TARGETS[category]).format(percent=percent_text(chance)) for category, chance in advice.draw_chances()]
    if targets and advice.seat is ELDER:
        sentences.append(_("Draws for {targets}: the chances of beating younger's hand as it stands.").format(targets=join_names(targets)))
    elif targets:
        sentences.append(_("Draws for {targets}: the chances of beating elder's hand.").format(targets=join_names(targets)))
    opponent = seat_word(advice.seat.other)
    if round(advice.expected) == 0:
        sentences.append(_("The declarations are expected to come out about even."))
    elif advice.expected > 0:
        sentences.append(_("The declarations are expected to bring you {points} more than {opponent}.").format(
            points=points_in_words(advice.expected), opponent=opponent))
    else:
        sentences.append(_("The declarations are expected to bring {opponent} {points} more than you.").format(
            points=points_in_words(-advice.expected), opponent=opponent))
    if advice.repique:
        sentences.append(_("Chance of a repique: {percent}%.").format(percent=percent_text(advice.repique)))
    if advice.repiqued:
        sentences.append(_("Chance of being repiqued: {percent}%.").format(percent=percent_text(advice.repiqued)))
    if advice.carte_blanche:
        sentences.append(_("Carte blanche (10) was scored at the deal: it stands whatever the exchange brings."))
    return " ".join(sentences)


def advice_details(advice: Advice) -> str:
    """The exact figure behind `advice_words`: the expected net score, to the hundredth."""
    return _("Expected net score of the declarations: {value}.").format(value=format_decimal(advice.expected, SIGNED))


def percent_text(chance: float) -> str:
    """A chance as a whole percentage ('37'), '<1' or '>99' rather than a false 0 or 100."""
    whole = round(100 * chance)
    if whole == 0:
        return "<1"
    return ">99" if whole == 100 and chance < 1 else str(whole)


def declarable(hand: int) -> list[Combination]:
    """What a hand would declare: its best point, its sequences, its sets."""
    return [*points_of(hand)[:1], *sequences_of(hand), *sets_of(hand)]
