"""Drills on reading the open table (lesson 10, "Practising open piquet"): your master cards with
both hands face up, who wins the cards after the twelve tricks, whether elder can still pique."""

from __future__ import annotations

import random

from piquet_widgets.engine import ELDER, YOUNGER, Card, Deal, Phase
from piquet_widgets.engine.deal import BONUS_THRESHOLD
from piquet_widgets.i18n import N_, Message
from piquet_widgets.teach.drills.base import Drill, Row, say
from piquet_widgets.teach.drills.dealing import arranged, declared, played, random_deal, shaped, strong_hands, trick_rows
from piquet_widgets.teach.drills.kind import Kind
from piquet_widgets.teach.words import SeatWord

TRICKS = 12
CARDS_TRICKS = 7  # tricks that win the cards


def _in_order(cards) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda card: (card.suit, -card.rank)))


def masters(hand: tuple[Card, ...], other: tuple[Card, ...]) -> frozenset[Card]:
    """The cards of `hand` higher than every card `other` holds of their suit."""
    return frozenset(card for card in hand if all(theirs.suit is not card.suit or theirs.rank < card.rank for theirs in other))


def make_masters(rng: random.Random, level: int) -> Drill:
    """Both hands face up, your lead: click your master cards (fewer cards left at level 1)."""
    low, high = {1: (3, 5), 2: (6, 9), 3: (10, 12)}[level]

    def deal_one() -> Deal | None:
        moments = [state for state in played(random_deal(rng), rng) if state.phase is Phase.PLAY and state.led is None
                   and low <= len(state.hand(state.to_move)) <= high]
        return rng.choice(moments) if moments else None

    def fits(deal: Deal) -> bool:
        hand, other = deal.hand(deal.to_move), deal.hand(deal.to_move.other)
        return 0 < len(masters(hand, other)) < len(hand)

    deal = shaped(rng, deal_one, fits)
    seat = deal.to_move
    hand, other = _in_order(deal.hand(seat)), _in_order(deal.hand(seat.other))
    right = masters(hand, other)
    why = say(N_("Your masters are {cards}: the other hand holds no higher card of their suits, so each wins the trick it leads."),
              cards=_in_order(right))
    rows = (Row(say(N_("Your hand ({who})"), who=seat), hand), Row(say(N_("The other hand")), other))
    return Drill("masters", level, say(N_("Both hands are face up and you lead. Click your master cards, then Check.")), rows, "cards", right,
                 why, _in_order(right), pick=0)


def _judge_masters(drill: Drill, answer) -> tuple[Message, tuple[Card, ...]] | None:
    chosen, right, other = frozenset(answer), drill.solution, drill.rows[1].cards
    concerned = _in_order(right)
    for card in _in_order(chosen - right):
        higher = max((theirs for theirs in other if theirs.suit is card.suit), key=lambda theirs: theirs.rank)
        return say(N_("The {card} is no master: the other hand holds the {higher}."), card=card, higher=higher), (*concerned, card, higher)
    for card in _in_order(right - chosen):
        return say(N_("The {card} is a master too: the other hand holds no higher {suit}."), card=card, suit=card.suit), concerned
    return None


def make_cards_won(rng: random.Random, level: int) -> Drill:
    """The twelve tricks of a deal: who wins the cards (seven tricks), or are they divided?"""

    def fits(end: Deal) -> bool:
        elder = sum(trick.winner is ELDER for trick in end.tricks)
        if elder in (0, TRICKS):  # a capot, not the cards
            return False
        return {1: abs(elder - 6) >= 2, 2: abs(elder - 6) == 1, 3: abs(elder - 6) <= 1}[level]

    end = shaped(rng, lambda: played(random_deal(rng), rng)[-1], fits)
    elder = sum(trick.winner is ELDER for trick in end.tricks)
    if elder == TRICKS - elder:
        right = "nobody"
        why = say(N_("Each player takes six tricks: the cards are divided, and nobody scores them."))
    else:
        winner = ELDER if elder > TRICKS - elder else YOUNGER
        right = winner.key
        why = say(N_("{who} takes {count} tricks of the twelve: seven or more win the cards, 10 points."),
                  who=SeatWord(winner, at_start=True), count=max(elder, TRICKS - elder))
    won = tuple(trick.lead if trick.winner is trick.leader else trick.reply for trick in end.tricks if trick.winner is ELDER)
    return Drill("cards_won", level, say(N_("These are the twelve tricks, numbered; the winner of each leads to the next. Who wins the cards?")),
                 trick_rows(end, TRICKS), "choice", right, why, won, choices=("elder", "younger", "nobody"))


def make_pique_open(rng: random.Random, level: int) -> Drill:
    """A moment of the play with both counts: can elder still make a pique?"""
    low, high = {1: (0, 2), 2: (3, 5), 3: (6, 10)}[level]
    target = rng.choice(("yes", "no"))

    def fits(deal: Deal) -> bool:
        if any(event.kind in ("repique", "pique") for event in deal.events):
            return False
        return _pique_open(deal)[0] == target

    def deal_one() -> Deal | None:
        start = declared(arranged(*strong_hands(rng, ELDER)))
        states = played(start, rng, strong=target == "yes" or rng.random() < 0.5)  # elder leading from the top keeps younger at nothing
        moments = [states[2 * done] for done in range(low, high + 1) if fits(states[2 * done])]
        return rng.choice(moments) if moments else None

    deal = shaped(rng, deal_one, fits)
    right, needed, most = _pique_open(deal)
    elder, younger, done = deal.scores[ELDER], deal.scores[YOUNGER], len(deal.tricks)
    if younger:
        why = say(N_("Younger has scored: a pique needs elder to reach 30 before younger scores anything, so he can make none."))
    elif right == "yes":
        why = say(N_("Younger has nothing yet and elder needs {needed} more; {most} points are still to play for (a lead in each trick left and 1 for the last trick): he can, if younger scores nothing until then."),
                  needed=needed, most=most)
    else:
        why = say(N_("Elder needs {needed} more, but only {most} points are left in the play (a lead in each trick left and 1 for the last trick): he cannot."),
                  needed=needed, most=most)
    if done:
        prompt = say(N_("After trick {number}, elder's count is {elder} and younger's {younger}. Can elder still make a pique?"),
                     number=done, elder=elder, younger=younger)
    else:
        prompt = say(N_("The play begins: elder's count is {elder} and younger's {younger}. Can elder still make a pique?"), elder=elder, younger=younger)
    return Drill("pique_open", level, prompt, trick_rows(deal, done) if done else (), "choice", right, why, choices=("yes", "no"),
                 facts={"tricks": done})


def _pique_open(deal: Deal) -> tuple[str, int, int]:
    """Whether elder can still pique ("yes" or "no"), the points he needs, the most the play can still bring him."""
    needed = BONUS_THRESHOLD - deal.scores[ELDER]
    most = TRICKS - len(deal.tricks) + 1
    return ("yes" if deal.scores[YOUNGER] == 0 and 0 < needed <= most else "no"), needed, most


KINDS = (
    Kind("masters", N_("Your master cards"), N_("A card is a master when the other hand holds no higher card of its suit: compare suit by suit."),
         make_masters, wrong=_judge_masters),
    Kind("cards_won", N_("Who wins the cards?"), N_("Find who wins each trick, the higher card of the suit led, and count: seven tricks or more win the cards."),
         make_cards_won),
    Kind("pique_open", N_("Can elder still pique?"), N_("A pique needs 30 before younger scores anything; count what the tricks left can still bring elder."),
         make_pique_open),
)
