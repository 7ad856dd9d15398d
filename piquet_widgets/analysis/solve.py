"""The solver for positions of formats.md: `piquet-widgets solve --json` and its Python API (the
answer in words is `teach.solve`'s)."""

from __future__ import annotations

from typing import Any

from piquet_widgets.analysis.solver import Solution, Solver
from piquet_widgets.engine import CARDS, Card, Position, Seat, position_from_json


def solve_position(position: Position, solver: Solver | None = None) -> Solution:
    """Best play from a position: its value (elder's points to come minus younger's) and the
    value after each legal card of the player to move."""
    return (solver or Solver()).solve(
        position.elder, position.younger, position.leader, position.led, position.tricks, position.scores,
        position.rules.low_cards_count_in_play,
    )


def ranked_cards(solution: Solution) -> list[tuple[Card, int]]:
    """Each legal card with the value after it, the best for elder first (equal values in the
    solver's order)."""
    return [(CARDS[card], points) for card, points in sorted(solution.cards.items(), key=lambda item: -item[1])]


def solve_json(value: Any) -> dict[str, Any]:
    """The `solve --json` answer for a position or an unfinished deal record."""
    solution = solve_position(position_from_json(value))
    return {
        "to_move": Seat(solution.to_move).key,
        "value": solution.value,
        "cards": {card.code: points for card, points in ranked_cards(solution)},
    }
