"""The solver for positions of formats.md: `piquet-widgets solve` and its Python API."""

from __future__ import annotations

from typing import Any

from piquet_widgets.analysis.solver import Solution, Solver
from piquet_widgets.engine import CARDS, Position, Seat, parse_card, position_from_json
from piquet_widgets.i18n import _


def solve_position(position: Position, solver: Solver | None = None) -> Solution:
    """Best play from a position: its value (elder's points to come minus younger's) and the
    value after each legal card of the player to move."""
    return (solver or Solver()).solve(
        position.elder, position.younger, position.leader, position.led, position.tricks, position.scores,
        position.rules.low_cards_count_in_play,
    )


def solve_json(value: Any) -> dict[str, Any]:
    """The `solve --json` answer for a position or an unfinished deal record."""
    solution = solve_position(position_from_json(value))
    return {
        "to_move": Seat(solution.to_move).key,
        "value": solution.value,
        "cards": {CARDS[card].code: points for card, points in sorted(solution.cards.items(), key=lambda item: -item[1])},
    }


def solve_text(value: Any) -> str:
    """The same answer in words: who is to move, the value, each card against the best."""
    answer = solve_json(value)
    seat = Seat.ELDER if answer["to_move"] == "elder" else Seat.YOUNGER
    lines = [_("{player} to play. With best play from here, elder's points to come minus younger's: {value}.").format(player=seat.name_in_words(), value=answer["value"])]
    best = max(answer["cards"].values()) if seat is Seat.ELDER else min(answer["cards"].values())
    for code, points in answer["cards"].items():
        cost = abs(points - best)
        mark = "=" if cost == 0 else f"−{cost}"
        lines.append(_("{card}: {value} ({mark})").format(card=parse_card(code).name_in_words(), value=points, mark=mark))
    return "\n".join(lines)
