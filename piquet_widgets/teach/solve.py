"""The answer of `piquet-widgets solve` in words: who is to move, the value of the position, and
each legal card against the best (the facts are `analysis.solve`'s)."""

from __future__ import annotations

from typing import Any

from piquet_widgets.analysis.solve import ranked_cards, solve_position
from piquet_widgets.engine import ELDER, Seat, position_from_json
from piquet_widgets.i18n import _
from piquet_widgets.teach.words import seat_at_start

__all__ = ["solve_text"]


def solve_text(value: Any) -> str:
    """For a position or an unfinished deal record: a line saying who is to play and the value,
    then one line per legal card with its value and '=' for a best card, '−n' for one that
    costs n points."""
    solution = solve_position(position_from_json(value))
    seat = Seat(solution.to_move)
    cards = ranked_cards(solution)
    best = (max if seat is ELDER else min)(points for _card, points in cards)
    lines = [_("{player} to play. With best play from here, elder's points to come minus younger's: {value}.").format(player=seat_at_start(seat), value=solution.value)]
    for card, points in cards:
        cost = abs(points - best)
        lines.append(_("{card}: {value} ({mark})").format(card=card.name_in_words(), value=points, mark="=" if cost == 0 else f"−{cost}"))
    return "\n".join(lines)
