"""Hints that teach: before naming the move, a nudge in words that names the idea behind it
("Keep your hearts: they make your point and a quart"), made from the best move the analysis
found and from what the player sees (both hands in open piquet; never the talon's order).

Every claim is checked on the cards before it is said: a suit is "yours to the end" only when each
of its cards wins whatever the opponent plays, "cannot beat" only when he holds no card of the suit
above them, a "long suit" is the player's longest, and the exchange's idea describes the hand its
own discards keep. Once the move is named (`move_words`), the value is in whole points, in words;
the exact figures behind it are `move_details`, for a "Details" disclosure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from piquet_widgets.analysis.observation import Observation
from piquet_widgets.analysis.review import Hint
from piquet_widgets.engine.cards import FULL_PACK, SUIT_MASKS, Card, mask_of
from piquet_widgets.engine.combinations import points_of, sequences_of, sets_of
from piquet_widgets.engine.deal import ELDER, Deal, Phase
from piquet_widgets.i18n import _, format_decimal, ngettext
from piquet_widgets.teach.exchange import SIGNED, discard_sentences
from piquet_widgets.teach.words import capital, join_names, number_words, points_in_words, seat_word

if TYPE_CHECKING:
    from piquet_widgets.analysis.closed_help import ClosedHint

__all__ = ["closed_move_details", "closed_move_words", "closed_nudge", "nudge", "move_details", "move_words", "runs_to_the_end", "unbeatable"]

NAMED = 3  # at most this many equally good cards are named


def nudge(deal: Deal, found: Hint) -> str:
    """The idea of the best move `found` at `deal`, in words, without naming the move."""
    if found.phase is Phase.EXCHANGE:
        return _exchange_nudge(deal.hands[found.seat], found.cards)
    seat = deal.to_move
    return _play_nudge(deal.hands[seat], deal.hands[seat.other], deal.led, found.cards[0])


def closed_nudge(observation: Observation, found: ClosedHint) -> str:
    """The idea of the closed hint `found`, from what the learner sees: every card he has not seen
    is taken as one his opponent may hold, with the cards he showed and has not played, so that
    "cannot beat" holds whatever he holds."""
    hand = mask_of(observation.hand)
    if found.phase is Phase.EXCHANGE:
        return _exchange_nudge(hand, found.cards)
    shown = mask_of(card for heard in observation.announced for card in heard.shown) | mask_of(observation.blanche_shown)
    played = mask_of(observation.played_by(ELDER)) | mask_of(observation.played_by(ELDER.other))
    theirs = FULL_PACK & ~observation.seen_mask() | shown & ~played
    return _play_nudge(hand, theirs, observation.led, found.cards[0])


def _exchange_nudge(hand: int, discards: tuple[Card, ...]) -> str:
    """What the hint's own discards keep: the suit of the point they leave (all of it, or the best
    of it when the discards take some), its sequence, the best set."""
    thrown = mask_of(discards)
    kept = hand & ~thrown
    point = points_of(kept)[0]
    suit = point.cards[0].suit
    runs = [run for run in sequences_of(kept) if run.mask & SUIT_MASKS[suit]]
    sets = sets_of(kept)
    whole = not thrown & SUIT_MASKS[suit]
    if runs and whole:
        text = _("Keep your {suit}: they make your point and a {sequence}.")
    elif runs:
        text = _("Keep your best {suit}: they make your point and a {sequence}.")
    elif whole:
        text = _("Keep your {suit}: they make your point.")
    else:
        text = _("Keep your best {suit}: they make your point.")
    text = text.format(suit=suit.name_in_words(), sequence=_sequence_word(runs[0].length) if runs else "")
    if sets:
        text += " " + _("Keep your {set} too.").format(set=sets[0].name())
    return text


def _sequence_word(length: int) -> str:
    words = {3: _("tierce"), 4: _("quart"), 5: _("quint"), 6: _("sixième"), 7: _("septième"), 8: _("huitième")}
    return words[length]


def runs_to_the_end(mine: int, theirs: int) -> bool:
    """Whether every card of `mine` (one suit) wins when they are led from the top, whatever the
    opponent holding `theirs` in that suit plays: his cards are gone before he can beat one."""
    if not mine:
        return False
    top = theirs.bit_length()  # one above his highest card
    above = (mine >> top).bit_count() if theirs else mine.bit_count()
    return above >= theirs.bit_count()


def unbeatable(mine: int, theirs: int) -> bool:
    """Whether the opponent holds no card of the suit above any of `mine`."""
    return bool(mine) and theirs.bit_length() <= (mine & -mine).bit_length() - 1


def _play_nudge(mine: int, theirs: int, led: Card | None, card: Card) -> str:
    """Why `card` is best, from the player's hand `mine` and the cards `theirs` the opponent holds
    (or may hold), with `led` the card led to the trick if any."""
    suit = card.suit
    if led is None:
        my_suit, their_suit = mine & SUIT_MASKS[suit], theirs & SUIT_MASKS[suit]
        longest = max((mine & mask).bit_count() for mask in SUIT_MASKS)
        if runs_to_the_end(my_suit, their_suit) and my_suit.bit_count() >= 3 and my_suit.bit_count() == longest:
            return _("Lead your long suit: the {suit} are yours to the end.").format(suit=suit.name_in_words())
        if unbeatable(my_suit, their_suit):
            return _("Take your sure tricks: your opponent cannot beat your {suit}.").format(suit=suit.name_in_words())
        if unbeatable(card.mask, their_suit):
            return _("Take a sure trick: your opponent holds nothing higher in {suit}.").format(suit=suit.name_in_words())
        return _("Give up the lead cheaply: keep your high cards for the tricks that matter.")
    if card.suit is not led.suit:
        return _("You cannot follow suit: throw a card you will not need.")
    if card.rank > led.rank:
        return _("Win this trick: it is worth taking.")
    return _("You need not win this trick: play low and keep your high cards.")


def move_words(deal: Deal, found: Hint) -> str:
    """The move itself, once the hint names it at `deal`, with what it keeps and gives up (at the
    exchange) and what it is worth in whole points in words."""
    cards = [card.name_in_words() for card in found.cards]
    if found.phase is Phase.EXCHANGE:
        first = _("Hint: discard the {cards}.").format(cards=join_names(cards)) if cards else _("Hint: exchange no card.")
        first = " ".join([first, *discard_sentences(deal.hands[found.seat], found.cards)[1:]])
        value = found.value  # already the player's own expectation over the whole deal
        if round(value) == 0:
            return first + " " + _("Over the talon you cannot see, the whole deal is expected to come out about even.")
        text = _("Over the talon you cannot see, the whole deal is expected to bring you {points} more than {opponent}.") if value > 0 else _(
            "Over the talon you cannot see, the whole deal is expected to bring {opponent} {points} more than you."
        )
        return first + " " + text.format(points=points_in_words(abs(value)), opponent=seat_word(found.seat.other))
    parts = _card_parts(cards)
    mine = found.value if found.seat is ELDER else -found.value
    opponent = seat_word(found.seat.other)
    if mine > 0:
        parts.append(_("With best play by both from here, you make {points} more than {opponent}.").format(points=points_in_words(mine), opponent=opponent))
    elif mine < 0:
        parts.append(_("With best play by both from here, {opponent} makes {points} more than you.").format(points=points_in_words(-mine), opponent=opponent))
    else:
        parts.append(_("With best play by both from here, you and {opponent} make as many points."))
        parts[-1] = parts[-1].format(opponent=opponent)
    return " ".join(parts)


def move_details(found: Hint) -> str:
    """The exact figures behind `move_words`' whole points, for "Details": at the exchange the
    expectation over the whole deal and its two parts, to the hundredth; in the play the solver's
    value, the player's points to come minus his opponent's."""
    evaluation = found.evaluation
    if evaluation is not None:
        if evaluation.against_expert:
            words = _(
                "Expected over the whole deal if younger replies as the expert computer does, averaged over the "
                "orders of the talon that cannot be seen: {value} ({declarations} from the declarations, {play} from the play)."
            )
        else:
            words = _(
                "Expected over the whole deal, averaged over the orders of the talon that cannot be seen: {value} "
                "({declarations} from the declarations, {play} from the play)."
            )
        return words.format(
            value=format_decimal(evaluation.expected, SIGNED), declarations=format_decimal(evaluation.declarations, SIGNED),
            play=format_decimal(evaluation.play, SIGNED),
        )
    mine = found.value if found.seat is ELDER else -found.value
    text = _("With best play by both from here, your points to come minus {opponent}'s: {value}.")
    return text.format(opponent=seat_word(found.seat.other), value=format_decimal(mine, "+0;-0"))


def _card_parts(cards: list[str]) -> list[str]:
    """The play hint's first sentences: the card to play, and the others just as good."""
    parts = [_("Hint: play the {card}.").format(card=cards[0])]
    others = cards[1:]
    if 0 < len(others) <= NAMED:
        parts.append(ngettext("The {cards} is just as good.", "The {cards} are just as good.", len(others)).format(cards=join_names(others)))
    elif others:
        text = ngettext("{count} other card is just as good.", "{count} other cards are just as good.", len(others))
        text = text.format(count=number_words(len(others)))
        parts.append(capital(text))  # the number in words begins the sentence
    return parts


def closed_move_words(hand: tuple[Card, ...], found: ClosedHint) -> str:
    """The closed hint's move, once named, with what it keeps (at the exchange) and its worth:
    an average over the hands the opponent may hold, in whole points in words, said as one."""
    cards = [card.name_in_words() for card in found.cards]
    opponent = seat_word(found.seat.other)
    if found.phase is Phase.EXCHANGE:
        first = _("Hint: discard the {cards}.").format(cards=join_names(cards)) if cards else _("Hint: exchange no card.")
        parts = [first, *discard_sentences(mask_of(hand), found.cards)[1:]]
        if round(found.value) == 0:
            parts.append(_("On average over the hands {opponent} may hold, the declarations come out about even after these discards."))
        elif found.value > 0:
            parts.append(_("On average over the hands {opponent} may hold, these discards bring you {points} more than {opponent} in the declarations."))
        else:
            parts.append(_("On average over the hands {opponent} may hold, {opponent} scores {points} more than you in the declarations after these discards."))
    else:
        parts = _card_parts(cards)
        if round(found.value) == 0:
            parts.append(_("On average over the hands {opponent} may hold, with best play from here you and {opponent} make about as many points."))
        elif found.value > 0:
            parts.append(_("On average over the hands {opponent} may hold, with best play from here you make {points} more than {opponent}."))
        else:
            parts.append(_("On average over the hands {opponent} may hold, with best play from here {opponent} makes {points} more than you."))
    parts[-1] = parts[-1].format(opponent=opponent, points=points_in_words(abs(found.value)))
    parts.append(samples_sentence(found.samples))
    return " ".join(parts)


def closed_move_details(found: ClosedHint) -> str:
    """The exact average behind `closed_move_words`' whole points, for "Details"."""
    if found.phase is Phase.EXCHANGE:
        text = _("Your points in the declarations minus {opponent}'s, on average over the hands dealt: {value}.")
    else:
        text = _("Your points to come minus {opponent}'s with best play, on average over the hands dealt: {value}.")
    return text.format(opponent=seat_word(found.seat.other), value=format_decimal(found.value, SIGNED))


def samples_sentence(count: int) -> str:
    """How the closed help's averages are made, said once beside them."""
    return ngettext(
        "(An average over {count} hand dealt to agree with everything you have seen and heard, never the hidden cards.)",
        "(An average over {count} hands dealt to agree with everything you have seen and heard, never the hidden cards.)",
        count,
    ).format(count=number_words(count))


def closed_values_note(count: int) -> str:
    """What the card values mark at the closed table: averages, not certainties."""
    return _("Card values here are averages: “=” marks a best card, “≈−2” one that loses about two points on average against it.") + " " + samples_sentence(count)
