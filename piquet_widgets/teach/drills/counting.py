"""The counting drills: a player says his running total after each score (lesson 7, "Counting
aloud"): after a category of the declarations, after a trick of the play from the count he said
before; and the whole deal's score, the cards included, as the table shows it (lesson 10)."""

from __future__ import annotations

import random

from piquet_widgets.engine import ELDER, YOUNGER, Deal, Seat
from piquet_widgets.i18n import N_
from piquet_widgets.teach.drills.base import AllOf, Drill, Row, Spoken, say
from piquet_widgets.teach.drills.dealing import arranged, declared, pack, played, random_deal, shaped, split, trick_rows
from piquet_widgets.teach.drills.kind import Kind

PLAY_KINDS = ("lead", "win", "pique", "last", "cards", "capot")  # what the play can add to a count
END_KINDS = ("cards", "capot")  # scored once the twelve tricks are played
TRICKS = 12
LAST_ASKED = 11  # a count asked within the play: before the last trick and the cards
DECLARATION_NAMES = {"carte_blanche": N_("carte blanche"), "point": N_("the point"), "sequence": N_("the sequences"), "sets": N_("the sets")}


def count_at(deal: Deal, seat: Seat, trick: int) -> int:
    """`seat`'s running total after `trick` tricks (0: after the declarations; 12: the deal's
    score, the cards or capot included), from the deal's events."""
    return sum(
        e.points for e in deal.events
        if e.player is seat and (e.trick <= trick if e.trick is not None else e.kind not in END_KINDS or trick == TRICKS)
    )


def make_count(rng: random.Random, level: int, whole: bool = False) -> Drill:
    """Type the count you say after a trick: one trick after the count given (level 1), three
    (level 2), or every trick since the declarations (level 3); younger counts too. `whole`:
    the deal's score once the twelve tricks are played, the last trick and the cards included
    (elder's at level 1, younger's at level 2, either at level 3)."""

    def deal_one() -> tuple[Deal, Deal, int, int]:
        start = random_deal(rng)
        if whole:
            first, last = 0, TRICKS
        elif level == 3:
            first, last = 0, rng.randint(3, LAST_ASKED)
        else:
            span = 1 if level == 1 else 3
            first = rng.randint(1, LAST_ASKED - span)
            last = first + span
        return start, played(start, rng)[-1], first, last

    start, end, first, last = shaped(rng, deal_one, lambda _found: True)
    seat = {1: ELDER, 2: YOUNGER}.get(level, rng.choice((ELDER, YOUNGER))) if whole else rng.choice((ELDER, YOUNGER))
    return count_drill(start, end, seat, first, last, level)


def count_drill(start: Deal, end: Deal, seat: Seat, first: int, last: int, level: int = 1) -> Drill:
    """"What do you say after trick `last`?" for `seat` of the deal `end` (dealt as `start`), from
    the count said after trick `first` (0: the declarations; `last` 12: the cards included): the
    count, and why, naming each score added. The drills deal it, and the practice table's "Say
    your count" asks and judges with it (teach/count.py)."""
    whole = first == 0 and last == TRICKS
    before, total = count_at(end, seat, first), count_at(end, seat, last)
    scored = [e for e in end.events if e.player is seat and e.kind in PLAY_KINDS and (e.trick is None and last == TRICKS or e.trick is not None and first < e.trick <= last)]
    parts = []
    leads, wins, pique, last_trick, cards, capot = (sum(e.kind == kind for e in scored) for kind in PLAY_KINDS)
    if leads:
        parts.append(say(N_("{count} for the tricks you led"), count=leads))
    if wins:
        parts.append(say(N_("{count} for the tricks you won as second player"), count=wins))
    if pique:
        parts.append(say(N_("30 for the pique")))
    if last_trick:
        parts.append(say(N_("1 for the last trick")))
    if cards:
        parts.append(say(N_("10 for the cards")))
    if capot:
        parts.append(say(N_("40 for capot")))
    if parts:
        why = say(N_("From “{before}”, add {parts}: you say “{total}”."), before=Spoken(before), parts=AllOf(tuple(parts)), total=Spoken(total))
    else:
        why = say(N_("You scored nothing in these tricks: you still say “{total}”."), total=Spoken(total))
    if whole:
        prompt = say(N_("You are {seat}. After the declarations you said “{before}”. These are the twelve tricks: what is your score for the deal? Type it."),
                     seat=seat, before=Spoken(before))
    elif first:
        prompt = say(N_("You are {seat}. After trick {first} you said “{before}”. What do you say after trick {last}? Type your count."),
                     seat=seat, first=first, before=Spoken(before), last=last)
    else:
        prompt = say(N_("You are {seat}. After the declarations you said “{before}”. What do you say after trick {last}? Type your count."),
                     seat=seat, before=Spoken(before), last=last)
    if whole:
        hint = say(N_("Start from “{before}”: 1 for each trick you lead, 1 for each you win as second player, 1 for the last trick, and 10 for the cards if you take seven tricks or more (40 for all twelve)."),
                   before=Spoken(before))
    elif seat is ELDER:
        hint = say(N_("Start from “{before}”: add 1 for each trick you lead, 1 for each you win as second player, and 30 if you reach 30 before younger scores (a pique)."),
                   before=Spoken(before))
    else:
        hint = say(N_("Start from “{before}”: add 1 for each trick you lead and 1 for each you win as second player."), before=Spoken(before))
    concerned = tuple(e.cards[0] for e in scored if e.kind in ("lead", "win"))
    return Drill("count", level, prompt, trick_rows(end, last), "number", total, why, concerned, hint=hint,
                 facts={"start": start, "seat": seat, "after": last})


def make_count_declarations(rng: random.Random, level: int) -> Drill:
    """Both declare everything: type the count you say after one of your categories, the second
    you score (level 1), the third (level 2), or any (level 3, carte blanche included)."""

    def fits(deal: Deal) -> bool:
        if any(e.kind == "repique" for e in deal.events):  # "and sixty for the repique": another count
            return False
        scored = [e for e in deal.events if e.kind in DECLARATION_NAMES and e.player is deal.to_move]
        return {1: len(scored) == 2, 2: len(scored) == 3, 3: len(scored) >= 2}[level]

    deal = shaped(rng, lambda: declared(arranged(*split(pack(rng))[:2])), fits)
    seat = deal.to_move  # elder, who leads, or either seat once the hands are dealt: the seat that counts
    seat = rng.choice((ELDER, YOUNGER)) if level == 3 and any(e.player is not seat and e.kind in DECLARATION_NAMES for e in deal.events) else seat
    scored = [e for e in deal.events if e.kind in DECLARATION_NAMES and e.player is seat]
    upto = {1: 1, 2: 2}.get(level, rng.randrange(len(scored)))
    said = scored[: upto + 1]
    total = sum(e.points for e in said)
    parts = [say(N_("{points} for {what}"), points=e.points, what=say(DECLARATION_NAMES[e.kind])) for e in said]
    rows = (Row(say(N_("Elder after the exchange")), deal.hand(ELDER)), Row(say(N_("Younger after the exchange")), deal.hand(YOUNGER)))
    prompt = say(N_("Both declare everything. You are {seat}: what do you say once you have scored {what}? Type your count."),
                 seat=seat, what=say(DECLARATION_NAMES[said[-1].kind]))
    why = say(N_("{parts}: you say “{total}”."), parts=AllOf(tuple(parts)), total=Spoken(total))
    hint = say(N_("Add up your scores in the order of reckoning, carte blanche, point, sequences, sets, up to {what}: only the categories you win score."),
               what=say(DECLARATION_NAMES[said[-1].kind]))
    concerned = tuple(card for e in said for card in e.cards)
    return Drill("count", level, prompt, rows, "number", total, why, concerned, hint=hint, facts={"seat": seat, "category": said[-1].kind})


_COUNT_METHOD = N_("Add to your count each score as it comes: 1 for a lead, 1 for a trick won as second player.")
KINDS = (
    Kind("count-declarations", N_("Count your declarations aloud"), N_("Add your scores one by one, in the order of reckoning."), make_count_declarations),
    Kind("count", N_("Say your count"), _COUNT_METHOD, make_count),
    Kind("count-deal", N_("The deal's score"), _COUNT_METHOD, make_count, options=(("whole", True),)),
)
