"""The partie: deals with alternating dealer, ties, and the settlement (rules.md sections 7–8).

Players are called "A" and "B"; in deal 1 the first dealer is younger. A `Partie` is a value:
`with_deal` returns a new partie.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from piquet_widgets.engine.deal import ELDER, YOUNGER, Deal, Phase
from piquet_widgets.engine.rules import DEFAULT_RULES, Rules

PLAYERS = ("A", "B")


def other_player(player: str) -> str:
    return "B" if player == "A" else "A"


@dataclass(frozen=True)
class Result:
    """How a partie ended: the winner (None while unfinished or drawn) and what he receives."""

    winner: str | None
    points: int
    rubiconed: bool = False
    double: bool = False  # au cent: the winner reached the target before the loser had 50
    finished: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "points": self.points, "rubiconed": self.rubiconed, "double": self.double, "finished": self.finished}


@dataclass(frozen=True)
class Partie:
    """A partie so far: its rules, who dealt first, and its finished deals."""

    rules: Rules = DEFAULT_RULES
    first_dealer: str = "A"
    deals: tuple[Deal, ...] = ()

    def dealer(self, number: int) -> str:
        """Who deals deal `number` (1-based): the deal alternates."""
        return self.first_dealer if number % 2 else other_player(self.first_dealer)

    def elder(self, number: int) -> str:
        return other_player(self.dealer(number))

    def weight(self, number: int) -> int:
        """How many times deal `number` counts: the first and last of a 4-deal partie count double."""
        rules = self.rules
        if rules.double_first_and_last and number in (1, rules.partie_deals):
            return 2
        return 1

    def deal_scores(self, number: int) -> dict[str, int]:
        """What each player scored in deal `number`, doubled where the rules say so."""
        deal = self.deals[number - 1]
        elder = self.elder(number)
        weight = self.weight(number)
        return {elder: deal.scores[ELDER] * weight, other_player(elder): deal.scores[YOUNGER] * weight}

    def sheet(self) -> list[tuple[str, str, str, str]]:
        """The score sheet's rows: each deal's number, its elder, and A's and B's scores."""
        rows = []
        for number in range(1, len(self.deals) + 1):
            scores = self.deal_scores(number)
            rows.append((str(number), self.elder(number), str(scores["A"]), str(scores["B"])))
        return rows

    @property
    def totals(self) -> dict[str, int]:
        totals = {"A": 0, "B": 0}
        for number in range(1, len(self.deals) + 1):
            for player, points in self.deal_scores(number).items():
                totals[player] += points
        return totals

    def with_deal(self, deal: Deal) -> Partie:
        """The partie with one more deal (the last may still be in progress)."""
        return Partie(self.rules, self.first_dealer, self.deals + (deal,))

    @property
    def finished(self) -> bool:
        return self.result.finished

    @property
    def result(self) -> Result:
        """The settlement once the partie is over; a drawn or unfinished partie has no winner."""
        rules, played, totals = self.rules, len(self.deals), self.totals
        if any(deal.phase is not Phase.FINISHED for deal in self.deals):
            return Result(None, 0)
        high, low = max(totals.values()), min(totals.values())
        leader = "A" if totals["A"] > totals["B"] else "B"
        if rules.target_points is not None:
            if high < rules.target_points or high == low:
                return Result(None, 0)
            if rules.settlement == "au_cent":
                double = low < (rules.double_game_below or 0)
                return Result(leader, 2 if double else 1, double=double, finished=True)
            return Result(leader, high + (high - low), finished=True)
        tied_after_all = played == rules.partie_deals and high == low
        if played < rules.partie_deals or tied_after_all or rules.partie_deals < played < rules.partie_deals + rules.tie_extra_deals:
            return Result(None, 0)  # a tie after the partie brings two more deals, one each
        if high == low:
            return Result(None, 0, finished=True)
        if low >= rules.rubicon:
            return Result(leader, high - low + rules.rubicon, finished=True)
        return Result(leader, high + low + rules.rubicon, rubiconed=True, finished=True)

    def to_json(self) -> dict[str, Any]:
        """The `replay --json` answer for a partie record (formats.md)."""
        return {
            "deals": [
                {"elder": self.elder(n), "scores": self.deal_scores(n)} for n in range(1, len(self.deals) + 1)
            ],
            "totals": self.totals,
            "result": self.result.to_json(),
        }
