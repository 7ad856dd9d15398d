"""A mistake in one sentence a beginner understands: the facts of `analysis.mistakes` (its
motif, the cards it is about, the two lines) worded with the cards' names and whole points in
words, never an expectation's decimals; and the practice table's review (`analysis.review`'s
`Review`) in the same words, its exact expectations apart for "Details"."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from piquet_widgets.analysis.mistakes import Mistake, best_scores, review_mistakes
from piquet_widgets.analysis.review import CardMistake, ExchangeNote, Review
from piquet_widgets.analysis.solver import Solver
from piquet_widgets.engine.cards import Card, mask_of
from piquet_widgets.engine.combinations import points_of, sequences_of, sets_of
from piquet_widgets.engine.deal import ELDER, YOUNGER, Phase, Seat
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.engine.records import is_partie, record_timeline
from piquet_widgets.i18n import N_, _, format_decimal, ngettext
from piquet_widgets.teach.words import cards_text, join_names, points_in_words, seat_word

__all__ = [
    "card_mistake_sentence", "exchange_note_details", "exchange_note_sentence", "reason", "review_json", "review_summary", "review_text",
    "tricks_text",
]

NAMED = 3  # at most this many equally good choices are named


def tricks_text(count: int) -> str:
    """'7 tricks': a count of tricks in figures (a trick is feminine in Spanish and Portuguese,
    which the number words do not follow)."""
    return ngettext("{count} trick", "{count} tricks", count).format(count=count)


def _names(cards: tuple[Card, ...] | list[Card]) -> str:
    return join_names([card.name_in_words() for card in cards])


def reason(mistake: Mistake) -> str:
    """The mistake's reason in one sentence, addressed to the player who made it."""
    if mistake.phase is Phase.EXCHANGE:
        return _exchange_reason(mistake)
    if mistake.phase is Phase.DECLARATIONS:
        return _declaration_reason(mistake)
    return _play_reason(mistake)


def _play_reason(mistake: Mistake) -> str:
    motif, about = mistake.motif, mistake.about
    best_tricks, played_tricks = mistake.tricks
    values = dict(
        card=mistake.played[0].name_in_words(), best=join_names([c.name_in_words() for c in mistake.best[:NAMED]], either=True),
        opponent=seat_word(mistake.seat.other), tricks=tricks_text(played_tricks), best_tricks=tricks_text(best_tricks),
        cost=points_in_words(mistake.cost),
    )
    if motif == "capot_allowed":
        return _("After the {card}, {opponent} takes every trick and wins the capot; the {best} kept a trick for you.").format(**values)
    if motif == "capot_missed":
        return _("The {best} would have taken every trick for the capot; after the {card}, {opponent} takes a trick.").format(**values)
    if motif == "pique_lost":
        return _("After the {best} you would have scored a pique; after the {card} you cannot.").format(**values)
    if motif == "pique_allowed":
        return _("The {card} let {opponent} score a pique; the {best} stopped it.").format(**values)
    if motif == "cards_lost":
        if mistake.best_line.end.tricks_won[mistake.seat] > 6:
            return _("After the {card} you take {tricks} instead of {best_tricks}, and the cards (seven tricks) are no longer yours.").format(**values)
        return _("After the {card} you take {tricks} instead of {best_tricks}, and {opponent} wins the cards (seven tricks).").format(**values)
    if motif == "master_wasted":
        return _("You threw away the {card}, the best card left in its suit: it took no trick, and kept it would have won one.").format(**values)
    if motif == "guard_dropped":
        return _("The {card} guarded your {honour}: without it, your {honour} goes to a trick of {opponent}'s instead of winning one.").format(
            honour=about[0].name_in_words(), **values
        )
    if motif == "lead_given" and len(about) == 1:
        return _("The {card} gave {opponent} the lead, and he wins the next trick with the {led}; the {best} kept the lead.").format(
            led=_names(about), **values
        )
    if motif == "lead_given":
        return ngettext(
            "The {card} gave {opponent} the lead, and he wins the next {count} trick with the {led}; the {best} kept the lead.",
            "The {card} gave {opponent} the lead, and he wins the next {count} tricks with the {led}; the {best} kept the lead.",
            len(about),
        ).format(count=len(about), led=_names(about), **values)
    if motif == "suit_blocked":
        return _("After the {card} your {suit}, your longest suit, take fewer tricks: {tricks} in all instead of {best_tricks}.").format(
            suit=about[0].suit.name_in_words(), **values
        )
    if motif == "tricks_lost":
        return _("After the {card} you take {tricks} instead of {best_tricks}; the {best} was better.").format(**values)
    if motif == "last_trick_lost":
        return _("After the {card}, {opponent} takes the last trick and its point; the {best} kept it for you.").format(**values)
    return _("The {card} loses {cost} in the tricks that follow; the {best} was better.").format(**values)


def _exchange_reason(mistake: Mistake) -> str:
    motif, about = mistake.motif, mistake.about
    thrown = [card for card in mistake.played if card not in mistake.best]
    values = dict(cost=points_in_words(mistake.cost), best=_names(mistake.best))
    if motif in ("point_given_up", "sequence_given_up", "set_given_up"):
        find = {"point_given_up": points_of, "sequence_given_up": sequences_of, "set_given_up": sets_of}[motif]
        combination = find(mask_of(about))[0]
        lost = [card for card in thrown if card in about]
        return _("Throwing the {thrown} broke up your {combination} in hand; discarding the {best} keeps it.").format(
            thrown=_names(lost), combination=combination.name(), **values
        )
    if motif == "guard_dropped":
        return _("Throwing the {thrown} left your {honour} without a guard; discarding the {best} keeps one beside it.").format(
            thrown=_names(about[1:]), honour=about[0].name_in_words(), **values
        )
    if motif == "high_card_thrown":
        return _("Throwing the {thrown} gave away a card that wins tricks in the play; discarding the {best} keeps it.").format(
            thrown=_names(about), **values
        )
    return _("Discarding the {played} loses {cost}, over the talon cards you could not see, against discarding the {best}.").format(
        played=_names(mistake.played), **values
    )


def _declaration_reason(mistake: Mistake) -> str:
    values = dict(opponent=seat_word(mistake.seat.other), cost=points_in_words(mistake.cost), full=_names(mistake.best))
    if mistake.motif == "repique_lost":
        return _("Declaring the {full} in full would have made your repique; declaring less lost it.").format(**values)
    if mistake.motif == "repique_allowed":
        return _("Declaring less let {opponent} score a repique; the {full} declared in full stopped it.").format(**values)
    if mistake.motif == "sunk_needlessly":
        return _("Keeping back the {full} scored you nothing in that category; declared in full they scored.").format(**values)
    if mistake.motif == "declared_less":
        return _("You declared less than the {full}: declared in full they scored more.").format(**values)
    return _("Declaring less than the {full} loses {cost}.").format(**values)


# -- the practice table's review (`analysis.review.review_deal`) ----------------------------------
SIGNED = "+0.0;-0.0"  # an exact expectation, always with its sign: '+1.5', '-0,5' in French


def card_mistake_sentence(mistake: CardMistake, you: bool) -> str:
    """'Trick 3: you played the ace of clubs, which cost two points; the seven of hearts was
    better.' Said to the learner (`you`), or naming the seat when he played both."""
    if you:
        text = _("Trick {trick}: you played the {card}, which cost {points}; the {better} was better.")
    else:
        text = _("Trick {trick}: {player} played the {card}, which cost {points}; the {better} was better.")
    return text.format(
        trick=mistake.trick, player=seat_word(mistake.seat), card=mistake.card.name_in_words(), points=points_in_words(mistake.cost),
        better=join_names([card.name_in_words() for card in mistake.better[:NAMED]], either=True),
    )


def exchange_note_sentence(note: ExchangeNote, you: bool) -> str:
    """An exchange below the best, by how much in whole points in words (`you`: to the learner)."""
    if you:
        text = _("Exchange: you discarded {cards}; discarding {best} was expected to bring you {points} more over the whole deal.")
    else:
        text = _("Exchange: {player} discarded {cards}; discarding {best} was expected to bring {player} {points} more over the whole deal.")
    return text.format(player=seat_word(note.seat), cards=cards_text(note.discards), best=cards_text(note.best), points=points_in_words(note.cost))


def exchange_note_details(note: ExchangeNote) -> str:
    """The exact expectations behind `exchange_note_sentence`, for "Details"."""
    return _("Expected over the whole deal: {value} after the discards made, {best_value} after the best.").format(
        value=format_decimal(note.expected, SIGNED), best_value=format_decimal(note.best_expected, SIGNED)
    )


def review_summary(review: Review) -> str:
    """How many cards were not the best, and what they cost together in whole points in words."""
    count = len(review.mistakes)
    if not count:
        return ngettext(
            "Every one of the {played} card played was a best card.",
            "Every one of the {played} cards played was a best card.",
            review.cards_played,
        ).format(played=review.cards_played)
    first = ngettext(
        "{count} card of {played} was not the best.", "{count} cards of {played} were not the best.", count
    ).format(count=count, played=review.cards_played)
    second = _("Together the mistakes cost {points}.").format(points=points_in_words(review.total_cost))
    return f"{first} {second}"


# -- the review of a deal record (`piquet-widgets review`) ---------------------------------------
def review_json(record: Any, seats: Iterable[Seat] | None = None) -> dict[str, Any]:
    """The `review --json` object of formats.md for a deal record (finished, or as far as it goes):
    each mistake of `seats` (both by default) with its reason, the scores, and the scores of
    perfect play from the deal as dealt."""
    if is_partie(record):
        raise PiquetError(N_("review takes one deal record, not a partie record"))
    timeline = record_timeline(record)
    solver = Solver()
    found = review_mistakes(timeline, seats, solver)
    best = best_scores(timeline[0], solver)
    return {
        "mistakes": [_mistake_json(mistake) for mistake in found],
        "scores": _scores_json(timeline[-1].scores),
        "best_scores": _scores_json(best),
    }


def _mistake_json(mistake: Mistake) -> dict[str, Any]:
    cost = round(mistake.cost, 1) if mistake.phase is Phase.EXCHANGE else int(mistake.cost)
    return {
        "seat": mistake.seat.key, "phase": mistake.phase.value, "trick": mistake.trick,
        "played": [card.code for card in mistake.played], "best": [card.code for card in mistake.best],
        "cost": cost, "motif": mistake.motif, "reason": reason(mistake),
        "line": [card.code for card in mistake.refutation()],
    }


def _scores_json(scores: tuple[int, int]) -> dict[str, int]:
    return {"elder": scores[ELDER], "younger": scores[YOUNGER]}


def review_text(record: Any, seats: Iterable[Seat] | None = None) -> str:
    """The same review in words: one line per mistake, then the scores against perfect play."""
    answer = review_json(record, seats)
    lines = []
    for item in answer["mistakes"]:
        seat = seat_word(ELDER if item["seat"] == "elder" else YOUNGER)
        cost = points_in_words(item["cost"])
        if item["phase"] == "play":
            head = _("Trick {trick}, {seat}: {cost}.").format(trick=item["trick"], seat=seat, cost=cost)
        elif item["phase"] == "exchange":
            head = _("Exchange, {seat}: {cost}.").format(seat=seat, cost=cost)
        else:
            head = _("Declarations, {seat}: {cost}.").format(seat=seat, cost=cost)
        lines.append(f"{head} {item['reason']}")
    if not lines:
        lines.append(_("No mistake of one point or more."))
    scores, best = answer["scores"], answer["best_scores"]
    lines.append(
        _("Scores: elder {elder}, younger {younger}; with best play by both from the deal: elder {best_elder}, younger {best_younger}.").format(
            elder=scores["elder"], younger=scores["younger"], best_elder=best["elder"], best_younger=best["younger"]
        )
    )
    return "\n".join(lines)
