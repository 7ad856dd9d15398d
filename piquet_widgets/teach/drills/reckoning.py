"""Drills on reckoning, pique and repique (lesson 5): what elder scores from his declarations, who
makes a repique, at which lead elder makes a pique."""

from __future__ import annotations

import random

from piquet_widgets.engine import ELDER, YOUNGER, Deal
from piquet_widgets.i18n import N_, Message
from piquet_widgets.teach.drills.base import Drill, Row, say
from piquet_widgets.teach.drills.dealing import arranged, declared, pack, played, shaped, split, strong_hands, trick_rows
from piquet_widgets.teach.drills.kind import Kind


def _declaration_events(deal: Deal) -> list:
    return [event for event in deal.events if event.kind in ("carte_blanche", "point", "sequence", "sets", "repique")]


def _reckoning(deal: Deal) -> Message:
    """'point: elder 6; sequences: elder 31; sets: younger 14' — the declarations in reckoning order."""
    names = {"carte_blanche": N_("carte blanche"), "point": N_("point"), "sequence": N_("sequences"), "sets": N_("sets")}
    parts = [say(N_("{what}: {who} {points}"), what=say(names[e.kind]), who=e.player, points=e.points) for e in _declaration_events(deal) if e.kind != "repique"]
    return say(N_("{parts}"), parts=parts) if parts else say(N_("nobody scores a declaration"))


def make_repique(rng: random.Random, level: int) -> Drill:
    """Both hands after the exchange: who makes a repique, if anyone?"""
    targets = {1: ("elder", "younger"), 2: ("elder", "younger", "nobody"), 3: ("elder", "younger", "nobody")}[level]
    target = rng.choice(targets)

    def deal_one():
        holder = rng.choice((ELDER, YOUNGER)) if target == "nobody" else (ELDER if target == "elder" else YOUNGER)
        return declared(arranged(*strong_hands(rng, holder)))

    def fits(deal):
        repique = [e for e in deal.events if e.kind == "repique"]
        got = repique[0].player.key if repique else "nobody"
        if got != target:
            return False
        if level == 3 and target == "nobody":  # the hard ones: 30 is reached, but too late
            return max(deal.scores) >= 24
        return True

    deal = shaped(rng, deal_one, fits)
    repique = [e for e in deal.events if e.kind == "repique"]
    order = _reckoning(deal)
    if repique:
        who = repique[0].player
        right = who.key
        why = say(N_("In the order of reckoning — {order} — {who} reaches 30 before {other} has scored anything, and adds 60."),
                  order=order, who=who, other=who.other)
        concerned = tuple(card for e in _declaration_events(deal) if e.player is who for card in e.cards)
    else:
        right = "nobody"
        why = say(N_("In the order of reckoning — {order} — nobody reaches 30 from the declarations before the other has scored."), order=order)
        concerned = ()
    rows = (Row(say(N_("Elder after the exchange")), deal.hand(ELDER)), Row(say(N_("Younger after the exchange")), deal.hand(YOUNGER)))
    return Drill("repique", level, say(N_("Both declare everything. Who makes a repique?")), rows, "choice", right, why, concerned,
                 choices=("elder", "younger", "nobody"))


def make_reckon(rng: random.Random, level: int) -> Drill:
    """Both hands after the exchange: type what elder scores from his declarations."""

    def fits(deal):
        scored = [e for e in _declaration_events(deal) if e.player is ELDER]
        return {1: len(scored) == 1, 2: len(scored) == 2, 3: len(scored) >= 2 and any(e.player is YOUNGER for e in _declaration_events(deal))}[level]

    deal = shaped(rng, lambda: declared(arranged(*split(pack(rng))[:2])), fits)
    total = sum(e.points for e in _declaration_events(deal) if e.player is ELDER)
    rows = (Row(say(N_("Elder after the exchange")), deal.hand(ELDER)), Row(say(N_("Younger after the exchange")), deal.hand(YOUNGER)))
    concerned = tuple(card for e in _declaration_events(deal) if e.player is ELDER for card in e.cards)
    why = say(N_("Elder scores {total}: {order}."), total=total, order=_reckoning(deal))
    names = {"carte_blanche": N_("carte blanche"), "point": N_("the point"), "sequence": N_("the sequences"), "sets": N_("the sets")}
    won = [say(names[e.kind]) for e in _declaration_events(deal) if e.player is ELDER and e.kind in names]
    hint = say(N_("Elder scores only in the categories he wins, each in full: here {categories}."), categories=won)
    return Drill("reckon", level, say(N_("Both declare everything. How much does elder score from his declarations?")), rows, "number", total, why,
                 concerned, hint=hint)


def make_pique(rng: random.Random, level: int) -> Drill:
    """Elder starts the play with some points and younger with none: at which lead is the pique?"""
    lows = {1: 22, 2: 18, 3: 15}

    def deal_one():
        deal = declared(arranged(*strong_hands(rng, ELDER)))  # elder likely to win the declarations
        if deal.scores[YOUNGER] != 0 or not lows[level] <= deal.scores[ELDER] < 30:
            return None
        return deal, played(deal, rng, strong=level < 3)[-1]

    def fits(pair):
        _start, end = pair
        pique = [e for e in end.events if e.kind == "pique"]
        return bool(pique) if level == 1 else True

    start, end = shaped(rng, deal_one, fits)
    pique = [e for e in end.events if e.kind == "pique"]
    first_score = next((e for e in end.events if e.player is YOUNGER), None)
    shown = min(12, 30 - start.scores[ELDER] + 2)
    if first_score is not None and first_score.trick is not None:
        shown = max(shown, min(12, first_score.trick + 1))
    elder_row, younger_row = trick_rows(end, shown)
    points = start.scores[ELDER]
    if pique:
        lead = pique[0].trick
        right = lead
        why = say(N_("Elder starts the play with {points}; he leads every trick up to trick {lead} and younger scores nothing, so that lead makes 30: a pique."),
                  points=points, lead=lead)
        concerned = tuple(trick.lead for trick in end.tricks[:lead])
    elif first_score is None:
        right = 0
        why = say(N_("Elder wins every trick but reaches only {total} before the cards, which never count towards a pique: no pique."),
                  total=end.scores[ELDER] - 40)
        concerned = ()
    else:
        right = 0
        trick = end.tricks[first_score.trick - 1]
        why = say(N_("Younger scores a point at trick {number}, before elder reaches 30: that saves him, so there is no pique."), number=first_score.trick)
        concerned = (trick.lead, trick.reply)
    prompt = say(N_("Elder has {points} from his declarations and younger nothing. At which lead does elder make a pique? Type its number, or 0 if there is none. (The winner of a trick leads to the next.)"),
                 points=points)
    hint = say(N_("Start from {points}: each lead of elder's scores 1, and the first point younger scores saves him."), points=points)
    return Drill("pique", level, prompt, (elder_row, younger_row), "number", right, why, concerned, hint=hint, facts={"start": points})


KINDS = (
    Kind("reckon", N_("Elder's declarations"), N_("Reckon each category in turn: the point, the sequences, the sets; only the winner of a category scores in it."), make_reckon),
    Kind("repique", N_("Repique?"), N_("Reckon in order, point, then sequences, then sets, and see who reaches 30 before the other scores anything."), make_repique),
    Kind("pique", N_("Pique?"), N_("Count elder's points in the play trick by trick from his score after the declarations, and see whether he reaches 30 before younger scores."), make_pique),
)
