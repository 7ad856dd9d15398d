"""Drills on the play (lesson 6): a card you may play, who wins a trick, the points of play."""

from __future__ import annotations

import random
from collections.abc import Callable

from piquet_widgets.engine import ELDER, YOUNGER, Deal, Phase
from piquet_widgets.i18n import N_
from piquet_widgets.teach.drills.base import Drill, Row, say
from piquet_widgets.teach.drills.dealing import played, random_deal, shaped, trick_rows
from piquet_widgets.teach.drills.kind import Kind
from piquet_widgets.teach.words import SeatWord


def _play_moment(rng: random.Random, fits: Callable[[Deal], bool], after_trick: bool = False) -> Deal:
    """A moment of a deal played with random legal cards that `fits`: with a card led and the
    follower to play, or (`after_trick`) just after a trick."""

    def deal_one():
        states = played(random_deal(rng), rng)
        if after_trick:
            moments = [state for state in states if state.tricks and state.led is None]
        else:
            moments = [state for state in states if state.phase is Phase.PLAY and state.led is not None]
        fitting = [state for state in moments if fits(state)]
        return rng.choice(fitting) if fitting else None

    return shaped(rng, deal_one, lambda _state: True)


def make_follow(rng: random.Random, level: int) -> Drill:
    """A card is led: click a card you may play."""

    def fits(deal):
        hand = deal.hand(deal.leader.other)
        if len(hand) < 5:
            return False
        same = sum(card.suit is deal.led.suit for card in hand)
        return {1: same == 1, 2: same >= 2 and len(hand) > same + 1, 3: same == 0}[level]

    deal = _play_moment(rng, fits)
    follower = deal.leader.other
    hand = deal.hand(follower)
    playable = frozenset(deal.playable_cards())  # the engine's rule
    led = deal.led
    if playable != frozenset(hand):
        why = say(N_("The {led} is led and you hold {cards}: you must follow {suit}."), led=led, cards=playable, suit=led.suit)
        concerned = tuple(sorted(playable))
    else:
        why = say(N_("You hold no {suit}, so you may play any card."), suit=led.suit)
        concerned = ()
    rows = (Row(say(N_("{who} leads"), who=SeatWord(deal.leader, at_start=True)), (led,)), Row(say(N_("Your hand ({who})"), who=follower), hand))
    return Drill("follow", level, say(N_("Click a card you may play.")), rows, "card", playable, why, concerned, pick=1)


def make_trick(rng: random.Random, level: int) -> Drill:
    """A trick: who wins it?"""

    def fits(deal):
        trick = deal.tricks[-1]
        same = trick.lead.suit is trick.reply.suit
        return {1: same and trick.leader is ELDER, 2: not same and trick.reply.rank > trick.lead.rank, 3: trick.leader is YOUNGER}[level]

    deal = _play_moment(rng, fits, after_trick=True)
    trick = deal.tricks[-1]
    winner = trick.winner
    winning = trick.lead if winner is trick.leader else trick.reply
    if trick.lead.suit is trick.reply.suit:
        why = say(N_("Both cards are {suit}: the {card} is higher, so {who} wins."), suit=trick.lead.suit, card=winning, who=winner)
    else:
        why = say(N_("The {reply} does not follow {suit}, so it cannot win, however high: {who}, who led, wins."), reply=trick.reply, suit=trick.lead.suit, who=winner)
    rows = (Row(say(N_("{who} leads"), who=SeatWord(trick.leader, at_start=True)), (trick.lead,)), Row(say(N_("{who} plays"), who=SeatWord(trick.leader.other, at_start=True)), (trick.reply,)))
    return Drill("trick", level, say(N_("Who wins this trick?")), rows, "choice", winner.key, why, (winning,), choices=("elder", "younger"))


def make_play_total(rng: random.Random, level: int) -> Drill:
    """Some tricks played: type elder's points in play so far."""
    count = {1: 3, 2: 6, 3: 12}[level]
    end = played(random_deal(rng), rng)[-1]
    events = [e for e in end.events if e.kind in ("lead", "win", "last") and e.player is ELDER and e.trick <= count]
    leads = sum(e.kind == "lead" for e in events)
    wins = sum(e.kind == "win" for e in events)
    last = sum(e.kind == "last" for e in events)
    total = leads + wins + last
    if last:
        why = say(N_("Elder led {leads} tricks and won {wins} as second player, and 1 for the last trick: {leads} + {wins} + 1 = {total}."), leads=leads, wins=wins, total=total)
    else:
        why = say(N_("Elder led {leads} of these tricks and won {wins} as second player: {leads} + {wins} = {total}."), leads=leads, wins=wins, total=total)
    concerned = tuple(e.cards[0] for e in events if e.kind in ("lead", "win"))
    prompt = say(N_("These are the first {count} tricks, numbered; the winner of each leads to the next. How many points has elder scored in play?"), count=count)
    if count == 12:
        hint = say(N_("Count 1 for each trick elder leads, 1 for each he wins as second player, and 1 more if he wins the last trick."))
    else:
        hint = say(N_("Count 1 for each trick elder leads and 1 for each he wins as second player."))
    return Drill("play_total", level, prompt, trick_rows(end, count), "number", total, why, concerned, hint=hint)


KINDS = (
    Kind("follow", N_("Follow suit"), N_("You must play a card of the suit led if you hold one; only without one may you play any card."), make_follow),
    Kind("trick", N_("Who wins the trick?"), N_("The higher card of the suit led wins the trick; a card of another suit never wins it."), make_trick),
    Kind("play_total", N_("Keep the count"), N_("One point for each card led, one for each trick won by the second player, one more for the last trick."), make_play_total),
)
