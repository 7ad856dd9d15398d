"""Arranged closed deals at the declarations, and a learner who says everything in full, for the
tests of the closed table's dialogue."""

from __future__ import annotations

from piquet_widgets.engine.cards import CARDS, Card, parse_cards
from piquet_widgets.engine.combinations import Category, best_declaration
from piquet_widgets.engine.deal import ELDER, YOUNGER, Deal, Exchange
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.teach.dialogue import announcement_key
from piquet_widgets.teach.session import PracticeSession

# Elder: a point of six in hearts (55), two tierces, three aces. Younger: a point of four, a
# quart major and a tierce to the king, fourteen knaves and three queens.
SIX_HEARTS = "AH KH QH 9H 8H 7H AD KD 8D AC 9C 7C"
QUART_MAJOR = "AS KS QS JS QD JD 9D KC QC JC JH TH"
# Elder: point of five (49), quart major, three aces. Younger: point of five (47), quart to the
# king, three kings and three queens: "How much?" and "To what?", both answered "Good".
FIVE_49 = "AH KH QH JH 8H AS 9S 7S AC 9C 7C 9D"
FIVE_47 = "KD QD JD TD 7D KS QS 8S KC QC 8C 7H"
# Both hold a point of five worth 44 and a quint to the knave: "Equal", twice.
ELDER_44 = "JH TH 9H 8H 7H AS KS QS AC KC AD KD"
YOUNGER_44 = "JD TD 9D 8D 7D AH KH QH JS TS 9S QC"


def arranged(elder: str, younger: str) -> Deal:
    """A deal after which elder holds `elder` and younger `younger`, each having exchanged one
    card (the first two of the cards neither holds; elder draws his last card, younger hers)."""
    mine, theirs = parse_cards(elder), parse_cards(younger)
    left = [card for card in CARDS if card not in mine and card not in theirs]
    dealt_elder = [*mine[:-1], left[0]]
    dealt_younger = [*theirs[:-1], left[1]]
    return Deal.new(dealt_elder, dealt_younger, [mine[-1], theirs[-1], *left[2:]])


def at_declarations(role: str, elder: str, younger: str, level: str = "beginner") -> PracticeSession:
    """A closed session of the learner in `role`, at the declarations of `arranged(elder, younger)`
    (both exchanges made as arranged: the session is put there as a saved one would be)."""
    deal = arranged(elder, younger)
    session = PracticeSession(role, deal=deal, mode="closed", level=level)
    first = deal.apply(Exchange((_extra(deal, ELDER, elder),)))
    session.timeline = [deal, first, first.apply(Exchange((_extra(deal, YOUNGER, younger),)))]
    session.settle()  # the computer speaks first when it is elder
    return session


def _extra(deal: Deal, seat, final: str) -> Card:
    """The card of `seat`'s dealt hand that is not in his hand after the exchange."""
    return next(card for card in deal.dealt(seat) if card not in parse_cards(final))


def say_in_full(session: PracticeSession) -> str:
    """The learner says the next thing in full, as open piquet would (his best announcement,
    the answer his best calls for, the true value, every addition, the true total, every good
    combination at trick 1): the first of his choices the session accepts, in that order.
    Returns its key."""
    offered = [choice.key for choice in session.speech_choices()]
    talk = session._talk
    if any(key.startswith("announce:") for key in offered):
        category = session.deal.category
        best = best_declaration(category, session.deal.hands[ELDER])
        wanted = [announcement_key(category, best[0] if best else None)]
    elif "reply:ask" in offered and talk is not None and talk.stage == "reply":
        wanted = [_reply_in_full(session.deal, talk.elder)]
    elif any(key.startswith("reckon:") for key in offered):
        wanted = [next(key for key in offered if key.startswith("reckon:"))]  # all her good combinations
    else:
        wanted = [key for key in reversed(offered) if key != "add:none"] + ["add:none"]
    for key in wanted:
        try:
            session.say(key)
        except PiquetError:
            continue
        return key
    raise AssertionError(f"nothing accepted among {offered}")


def _reply_in_full(deal: Deal, elder) -> str:
    """Younger's answer to elder's announcement when she declares in full."""
    category = deal.category
    best = best_declaration(category, deal.hands[YOUNGER])
    mine = best[0] if best else None
    if mine is None:
        return "reply:good"
    if category is not Category.SETS and mine.length == elder.length:
        return "reply:ask"
    if category is Category.SETS:
        return "reply:not_good" if mine.key > elder.key else "reply:good"
    return "reply:not_good" if mine.length > elder.length else "reply:good"
