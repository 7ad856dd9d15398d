"""Hints that teach: before naming the move, a nudge in words that names the idea behind it
("Keep your hearts: they make your point and a quart"), made from the best move the analysis
found and from what the player sees (both hands in open piquet; never the talon's order)."""

from __future__ import annotations

from piquet_widgets.analysis.review import Hint
from piquet_widgets.engine.cards import SUIT_MASKS, Card, mask_of
from piquet_widgets.engine.combinations import points_of, sequences_of, sets_of
from piquet_widgets.engine.deal import Deal, Phase
from piquet_widgets.i18n import _

__all__ = ["nudge"]


def nudge(deal: Deal, found: Hint) -> str:
    """The idea of the best move `found` at `deal`, in words, without naming the move."""
    if found.phase is Phase.EXCHANGE:
        return _exchange_nudge(deal, found)
    return _play_nudge(deal, found.cards[0])


def _exchange_nudge(deal: Deal, found: Hint) -> str:
    seat = found.seat
    kept = deal.hands[seat] & ~mask_of(found.cards)
    point = points_of(kept)[0]
    suit = point.cards[0].suit
    runs = [run for run in sequences_of(kept) if run.mask & SUIT_MASKS[suit]]
    sets = sets_of(kept)
    if runs:
        text = _("Keep your {suit}: they make your point and a {sequence}.").format(
            suit=suit.name_in_words(), sequence=_sequence_word(runs[0].length)
        )
    else:
        text = _("Keep your {suit}: they make your point.").format(suit=suit.name_in_words())
    if sets:
        text += " " + _("Keep your {set} too.").format(set=sets[0].name())
    return text


def _sequence_word(length: int) -> str:
    words = {3: _("tierce"), 4: _("quart"), 5: _("quint"), 6: _("sixième"), 7: _("septième"), 8: _("huitième")}
    return words[length]


def _play_nudge(deal: Deal, card: Card) -> str:
    seat = deal.to_move
    mine, theirs = deal.hands[seat], deal.hands[seat.other]
    suit = card.suit
    if deal.led is None:
        their_suit = theirs & SUIT_MASKS[suit]
        my_suit = mine & SUIT_MASKS[suit]
        if not their_suit or (my_suit.bit_length() > their_suit.bit_length() and bin(my_suit).count("1") >= bin(their_suit).count("1")):
            if bin(my_suit).count("1") >= 3:
                return _("Lead your long suit: the {suit} are yours to the end.").format(suit=suit.name_in_words())
            return _("Take your sure tricks: your opponent cannot beat your {suit}.").format(suit=suit.name_in_words())
        return _("Give up the lead cheaply: keep your high cards for the tricks that matter.")
    led = deal.led
    if card.suit is not led.suit:
        return _("You cannot follow suit: throw a card you will not need.")
    if card.rank > led.rank:
        return _("Win this trick: it is worth taking.")
    return _("You need not win this trick: play low and keep your high cards.")
