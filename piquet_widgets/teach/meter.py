"""The pique and repique meter: how close each player is to the 30 of a bonus, and whether the
door is still open — derived from the event log in reckoning order (rules.md section 5).

>>> from piquet_widgets.engine import Deal
>>> deal = Deal.from_seed(3)
>>> m = meter(deal, Seat.YOUNGER)
>>> m.status, m.progress, m.bonus
('open', 0, 'repique')
>>> m.sentence
'Repique still possible: younger needs 30 more points from the declarations before elder scores anything. Younger can never pique.'

What counts towards the 30 (`progress`): carte blanche, the declarations and the points of play,
never the cards or capot (Law 69) and never a bonus. A score counts only if it reckons before
anything the opponent scores; an equality scores nothing and saves nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from piquet_widgets.engine.combinations import Category, Verdict, compare
from piquet_widgets.engine.deal import BONUS_THRESHOLD, ELDER, YOUNGER, Deal, Event, Phase, Seat
from piquet_widgets.i18n import N_, _, ngettext
from piquet_widgets.teach.words import seat_word

__all__ = ["Meter", "meter", "meters", "no_bonus_sentence", "COUNTING_KINDS", "OPEN", "SCORED", "CLOSED"]

OPEN, SCORED, CLOSED = "open", "scored", "closed"
# Scores that count towards a pique or repique (the cards and capot never do; bonuses are not
# progress).
COUNTING_KINDS = frozenset(("carte_blanche", "point", "sequence", "sets", "lead", "win", "last"))
DECLARATION_KINDS = frozenset(("carte_blanche", "point", "sequence", "sets"))

# The opponent's first score shuts the door: one whole sentence per kind of score and per seat.
_ELDER_SHUT_BY = {
    "carte_blanche": N_("Repique no longer possible: younger's carte blanche reckons first; nor a pique, since younger has scored."),
    "point": N_("Repique no longer possible: younger's point reckons first; nor a pique, since younger has scored."),
    "sequence": N_("Repique no longer possible: younger's sequences reckon first; nor a pique, since younger has scored."),
    "sets": N_("Repique no longer possible: younger's sets reckon first; nor a pique, since younger has scored."),
}
_YOUNGER_SHUT_BY = {
    "carte_blanche": N_("Repique no longer possible: elder's carte blanche reckons first."),
    "point": N_("Repique no longer possible: elder's point reckons first."),
    "sequence": N_("Repique no longer possible: elder's sequences reckon first."),
    "sets": N_("Repique no longer possible: elder's sets reckon first."),
}
# The opponent scores after the player has begun to score, but before he reaches thirty.
_ELDER_OVERTAKEN_BY = {
    "carte_blanche": N_("Repique no longer possible: younger's carte blanche scored before elder reached thirty; nor a pique, since younger has scored."),
    "point": N_("Repique no longer possible: younger's point scored before elder reached thirty; nor a pique, since younger has scored."),
    "sequence": N_("Repique no longer possible: younger's sequences scored before elder reached thirty; nor a pique, since younger has scored."),
    "sets": N_("Repique no longer possible: younger's sets scored before elder reached thirty; nor a pique, since younger has scored."),
}
_YOUNGER_OVERTAKEN_BY = {
    "carte_blanche": N_("Repique no longer possible: elder's carte blanche scored before younger reached thirty."),
    "point": N_("Repique no longer possible: elder's point scored before younger reached thirty."),
    "sequence": N_("Repique no longer possible: elder's sequences scored before younger reached thirty."),
    "sets": N_("Repique no longer possible: elder's sets scored before younger reached thirty."),
}
# An equality scores nothing: the opponent is still at nothing, so the door stays open.
_EQUALITY_ELDER = {
    Category.POINT: N_("Equalities do not save a pique: the equal point scored nothing for younger."),
    Category.SEQUENCE: N_("Equalities do not save a pique: the equal sequences scored nothing for younger."),
}
_EQUALITY_YOUNGER = {
    Category.POINT: N_("Equalities do not save a repique: the equal point scored nothing for elder."),
    Category.SEQUENCE: N_("Equalities do not save a repique: the equal sequences scored nothing for elder."),
}


@dataclass(frozen=True)
class Meter:
    """One player's road to a pique or repique at one moment of a deal."""

    seat: Seat
    progress: int  # points that count towards the 30 so far
    status: str  # OPEN (still possible), SCORED (he has it), CLOSED (not possible any more)
    bonus: str | None  # the bonus still in play, or the one scored: "repique", "pique" or None
    sentence: str  # why, in the current language
    target: int = BONUS_THRESHOLD

    @property
    def label(self) -> str:
        """The meter's one name for the whole deal: elder may pique or repique, younger only repique."""
        return _("Pique / repique") if self.seat is ELDER else _("Repique")

    @property
    def needed(self) -> int:
        """How many more points the bonus still needs (0 once reached)."""
        return max(self.target - self.progress, 0)

    @property
    def fraction(self) -> float:
        """Progress as a share of the 30, between 0 and 1."""
        return min(self.progress / self.target, 1.0)


def meters(deal: Deal) -> tuple[Meter, Meter]:
    """Elder's and younger's meters."""
    return meter(deal, ELDER), meter(deal, YOUNGER)


def meter(deal: Deal, seat: Seat) -> Meter:
    """`seat`'s meter at this moment of `deal`; once his bonus is out of reach, its progress
    stays where it was when the door shut."""
    events = deal.events
    progress = _progress(events, seat)
    bonus = next((event for event in events if event.kind in ("repique", "pique")), None)
    if bonus is not None:
        before = events[: events.index(bonus)]
        return _after_bonus(seat, progress if bonus.player is seat else _progress(before, seat), bonus)
    if seat is ELDER:
        return _elder(deal, progress)
    return _younger(deal, progress)


def _progress(events: tuple[Event, ...], seat: Seat) -> int:
    return sum(event.points for event in events if event.player is seat and event.kind in COUNTING_KINDS)


def _first_score(events: tuple[Event, ...], seat: Seat) -> tuple[Event | None, int]:
    """`seat`'s first score that counts towards a bonus, in reckoning order, and what the other
    player had scored before it."""
    before = 0
    for event in events:
        if event.kind not in COUNTING_KINDS:
            continue
        if event.player is seat:
            return event, before
        before += event.points
    return None, before


def _declarations_over(deal: Deal) -> bool:
    return deal.phase in (Phase.PLAY, Phase.FINISHED)


def _equalities(deal: Deal) -> list[Category]:
    """The categories both players have declared and that ended equal (scoring nothing)."""
    equal = []
    for category in (Category.POINT, Category.SEQUENCE):
        pair = [d for d in deal.declarations if d.category is category]
        if len(pair) == 2 and compare(pair[0].combinations, pair[1].combinations) is Verdict.EQUAL:
            equal.append(category)
    return equal


def _after_bonus(seat: Seat, progress: int, bonus: Event) -> Meter:
    if bonus.player is seat:
        if bonus.kind == "repique":
            text = _("Repique: {who} reached thirty with the declarations before {other} scored anything — 60 more.")
        else:
            text = _("Pique: elder reached thirty in the play before younger scored anything — 30 more.")
        sentence = text.format(who=seat_word(seat), other=seat_word(seat.other))
        return Meter(seat, progress, SCORED, bonus.kind, sentence)
    if bonus.kind == "repique":
        text = _("No bonus for {who}: {other} has scored the repique, and a deal has at most one pique or repique.")
    else:
        text = _("No bonus for {who}: elder has scored the pique, and a deal has at most one pique or repique.")
    return Meter(seat, progress, CLOSED, None, text.format(who=seat_word(seat), other=seat_word(seat.other)))


def _elder(deal: Deal, progress: int) -> Meter:
    events = deal.events
    younger_first, elder_before = _first_score(events, YOUNGER)
    if younger_first is not None:
        if younger_first.kind in DECLARATION_KINDS:
            sentences = _ELDER_OVERTAKEN_BY if elder_before else _ELDER_SHUT_BY
            sentence = _(sentences[younger_first.kind])
        else:
            sentence = _("Pique no longer possible: younger scored in trick {trick}, and the repique ended with the declarations.").format(
                trick=younger_first.trick
            )
        return Meter(ELDER, elder_before, CLOSED, None, sentence)
    needed = max(BONUS_THRESHOLD - progress, 0)
    notes = [_(_EQUALITY_ELDER[category]) for category in _equalities(deal)]
    if deal.phase is Phase.FINISHED:
        if any(event.kind in ("cards", "capot") and event.player is ELDER for event in events):
            text = _("No pique: elder made only {progress} before the cards, and the cards and capot never count towards a pique.")
        else:
            text = _("No pique: elder made only {progress} and younger nothing; the deal is over.")
        return Meter(ELDER, progress, CLOSED, None, text.format(progress=progress))
    if _declarations_over(deal) and needed > _most_in_play(deal):
        text = ngettext(
            "Pique no longer possible: elder has {progress} and can make at most {most} more point in the tricks left, short of thirty.",
            "Pique no longer possible: elder has {progress} and can make at most {most} more points in the tricks left, short of thirty.",
            _most_in_play(deal),
        )
        return Meter(ELDER, progress, CLOSED, None, text.format(progress=progress, most=_most_in_play(deal)))
    if _declarations_over(deal):
        text = ngettext(
            "Repique no longer possible: the declarations are over. Pique still possible: elder needs {needed} more point in the play before younger scores anything.",
            "Repique no longer possible: the declarations are over. Pique still possible: elder needs {needed} more points in the play before younger scores anything.",
            needed,
        )
        bonus = "pique"
    else:
        text = ngettext(
            "Repique still possible: elder needs {needed} more point from the declarations before younger scores anything; after them, only the pique remains.",
            "Repique still possible: elder needs {needed} more points from the declarations before younger scores anything; after them, only the pique remains.",
            needed,
        )
        bonus = "repique"
    sentence = " ".join(notes + [text.format(needed=needed)])
    return Meter(ELDER, progress, OPEN, bonus, sentence)


def _most_in_play(deal: Deal) -> int:
    """The most elder can still score in the play: one point for each card he still holds (its
    lead or its win) and one for the last trick. Only the number of his cards is used, which
    the other player knows too."""
    return len(deal.hand(ELDER)) + (len(deal.tricks) < 12)


def _younger(deal: Deal, progress: int) -> Meter:
    events = deal.events
    never = _("Younger can never pique.")
    elder_first, younger_before = _first_score(events, ELDER)
    if elder_first is not None and elder_first.kind in DECLARATION_KINDS:
        sentences = _YOUNGER_OVERTAKEN_BY if younger_before else _YOUNGER_SHUT_BY
        return Meter(YOUNGER, younger_before, CLOSED, None, _(sentences[elder_first.kind]) + " " + never)
    if _declarations_over(deal):
        declared = sum(event.points for event in events if event.player is YOUNGER and event.kind in DECLARATION_KINDS)
        return Meter(YOUNGER, declared, CLOSED, None, _("Repique no longer possible: the declarations are over.") + " " + never)
    needed = max(BONUS_THRESHOLD - progress, 0)
    text = ngettext(
        "Repique still possible: younger needs {needed} more point from the declarations before elder scores anything.",
        "Repique still possible: younger needs {needed} more points from the declarations before elder scores anything.",
        needed,
    ).format(needed=needed)
    notes = [_(_EQUALITY_YOUNGER[category]) for category in _equalities(deal)]
    return Meter(YOUNGER, progress, OPEN, "repique", " ".join(notes + [text, never]))


def no_bonus_sentence(deal: Deal) -> str | None:
    """Once neither player can pique or repique any more (and none did), why — said once for
    the deal ("No pique or repique this deal: younger scored first; …"); None before."""
    elder, younger = meters(deal)
    if elder.status != CLOSED or younger.status != CLOSED or any(event.kind in ("repique", "pique") for event in deal.events):
        return None
    events = deal.events
    younger_first, elder_before = _first_score(events, YOUNGER)
    if younger_first is None and deal.phase is not Phase.FINISHED:
        elder_why = _("elder cannot reach thirty in the tricks left")
    elif younger_first is None:
        elder_why = _("elder made only {progress} and younger nothing").format(progress=elder.progress)
    elif younger_first.kind not in DECLARATION_KINDS:
        elder_why = _("younger scored in trick {trick} before elder reached thirty").format(trick=younger_first.trick)
    elif elder_before:
        elder_why = _("younger scored before elder reached thirty")
    else:
        elder_why = _("younger scored first")
    elder_first, younger_before = _first_score(events, ELDER)
    if elder_first is None or elder_first.kind not in DECLARATION_KINDS:
        younger_why = _("younger made only {progress} from the declarations").format(progress=younger.progress)
    elif younger_before:
        younger_why = _("elder scored before younger reached thirty")
    else:
        younger_why = _("elder scored first")
    return _("No pique or repique this deal: {elder}; {younger}.").format(elder=elder_why, younger=younger_why)
