"""Drills on the partie (lesson 8): a player's total, the rubicon, the partie settled."""

from __future__ import annotations

import random

from piquet_widgets.engine import Partie
from piquet_widgets.i18n import N_
from piquet_widgets.teach.drills.base import Drill, say
from piquet_widgets.teach.drills.dealing import played, random_deal, shaped
from piquet_widgets.teach.drills.kind import Kind


def _partie(rng: random.Random) -> Partie:
    partie = Partie()
    for _number in range(6):
        partie = partie.with_deal(played(random_deal(rng), rng)[-1])
    return partie


def make_partie(rng: random.Random, level: int, question: str = "settle") -> Drill:
    """A finished partie's score sheet: settle it, say whether the loser is rubiconed, or add a
    player's total."""

    def fits(partie):
        result = partie.result
        if result.winner is None:
            return False
        low = min(partie.totals.values())
        return {1: abs(low - 100) >= 12, 2: abs(low - 100) < 12, 3: True}[level]

    partie = shaped(rng, lambda: _partie(rng), fits)
    totals, result = partie.totals, partie.result
    winner = result.winner
    loser = "B" if winner == "A" else "A"
    w, l = totals[winner], totals[loser]
    sheet = list(partie.sheet())
    if question != "total":
        sheet.append(("=", "", str(totals["A"]), str(totals["B"])))
    if result.rubiconed:
        settle = say(N_("{loser} has {l}, under 100: he is rubiconed, and {winner} scores {w} + {l} + 100 = {points}."), loser=loser, winner=winner, w=w, l=l, points=result.points)
    else:
        settle = say(N_("{loser} has {l}, 100 or more: {winner} scores {w} − {l} + 100 = {points}."), loser=loser, winner=winner, w=w, l=l, points=result.points)
    if result.rubiconed:
        hint = say(N_("{loser} has {l}, under 100: he is rubiconed, so the winner scores both totals and 100."), loser=loser, l=l)
    else:
        hint = say(N_("{loser} has {l}, 100 or more: the winner scores the difference of the totals and 100."), loser=loser, l=l)
    if question == "settle":
        prompt, answer, right, choices = say(N_("The partie is over. What does the winner score for it?")), "number", result.points, ()
    elif question == "rubicon":
        prompt, answer, right, choices = say(N_("The partie is over. Is the loser rubiconed?")), "choice", "yes" if result.rubiconed else "no", ("yes", "no")
    else:
        player = rng.choice(("A", "B"))
        prompt, answer, right, choices = say(N_("Six deals are played. What is {player}'s total?"), player=player), "number", totals[player], ()
        settle = say(N_("{player}'s scores add up to {total}: {sum}."), player=player, total=totals[player],
                     sum=" + ".join(str(partie.deal_scores(n)[player]) for n in range(1, 7)))
        hint = say(N_("Add up {player}'s column, deal by deal."), player=player)
    return Drill("partie", level, prompt, (), answer, right, settle, sheet=tuple(sheet), choices=choices, hint=hint)


_PARTIE_METHOD = N_("Add each player's deals; the winner scores the difference, plus 100, or the sum of both totals and 100 when the loser has under 100.")
KINDS = (
    Kind("partie-total", N_("Add up a partie"), _PARTIE_METHOD, make_partie, options=(("question", "total"),)),
    Kind("partie-rubicon", N_("Rubiconed?"), _PARTIE_METHOD, make_partie, options=(("question", "rubicon"),)),
    Kind("partie-settle", N_("Settle the partie"), _PARTIE_METHOD, make_partie, options=(("question", "settle"),)),
)
