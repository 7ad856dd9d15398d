"""`OddsTable`: the exact odds of the dealt hand beside the frequencies of a simulation.

The exact column comes from `analysis.odds` (combinatorics); the button `pw-simulate` deals
10,000 random hands of twelve cards and counts each event with the engine's own rules
(`points_of`, `sequences_of`, `sets_of`, `is_carte_blanche`). The first simulation is seeded,
so a lesson shows the same numbers each time; the later ones are random.

>>> table = OddsTable(hands=2000)
>>> table.simulate()
>>> sum(table.counts.values()) > 0 and table.dealt
2000
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from html import escape

import ipywidgets as widgets

from piquet_widgets.analysis.odds import carte_blanche, one_in, point_lengths, sequence_at_least, set_at_least
from piquet_widgets.engine.combinations import is_carte_blanche, points_of, sequences_of, sets_of
from piquet_widgets.i18n import N_, _, format_decimal
from piquet_widgets.widgets.language import follow_language

__all__ = ["EVENTS", "OddsTable", "exact_odds"]

HANDS = 10_000
SEED = 1808


def _point_at_least(length: int) -> Callable[[int], bool]:
    return lambda hand: points_of(hand)[0].length >= length


def _sequence_at_least(length: int) -> Callable[[int], bool]:
    return lambda hand: any(found.length >= length for found in sequences_of(hand))


def _set_at_least(size: int) -> Callable[[int], bool]:
    return lambda hand: any(found.length >= size for found in sets_of(hand))


# key, name, the test on a dealt hand (a mask of twelve cards)
EVENTS: tuple[tuple[str, str, Callable[[int], bool]], ...] = (
    ("carte_blanche", N_("Carte blanche"), is_carte_blanche),
    ("point_6", N_("A point of six cards or more"), _point_at_least(6)),
    ("quint", N_("A quint or longer sequence"), _sequence_at_least(5)),
    ("trio", N_("A trio or quatorze"), _set_at_least(3)),
    ("quatorze", N_("A quatorze"), _set_at_least(4)),
)


def exact_odds() -> dict[str, Fraction]:
    """The exact chance of each event of `EVENTS`, from `analysis.odds`."""
    return {
        "carte_blanche": carte_blanche(),
        "point_6": sum((chance for length, chance in point_lengths().items() if length >= 6), Fraction(0)),
        "quint": sequence_at_least(5),
        "trio": set_at_least(3),
        "quatorze": set_at_least(4),
    }


def _percent(value: float) -> str:
    return _("{number}%").format(number=format_decimal(value * 100, "0.000"))


class OddsTable(widgets.VBox):
    """A table (`pw-odds`): each event, its exact chance ("1 in N"), and after `simulate()`
    (the button `pw-simulate`) how often it came in `hands` dealt hands."""

    def __init__(self, hands: int = HANDS, seed: int | None = SEED) -> None:
        self.hands = hands
        self.exact = exact_odds()
        self.counts: dict[str, int] = {}
        self.dealt = 0
        self._rng = random.Random(seed)
        self.view = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.view.add_class("pw-odds-table")
        self.button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.button.add_class("pw-simulate")
        self.button.on_click(lambda _b: self.simulate())
        super().__init__([self.view, self.button])
        self.add_class("pw-odds")
        self.refresh()
        follow_language(self.refresh)

    def frequencies(self) -> dict[str, float]:
        """How often each event came in the last simulation (empty before one)."""
        return {key: count / self.dealt for key, count in self.counts.items()} if self.dealt else {}

    def simulate(self) -> None:
        """Deal `hands` random hands of twelve and count each event."""
        rng = self._rng
        cards = range(32)
        tests = [(key, test) for key, _name, test in EVENTS]
        counts = dict.fromkeys(self.exact, 0)
        for _deal in range(self.hands):
            hand = 0
            for card in rng.sample(cards, 12):
                hand |= 1 << card
            for key, test in tests:
                if test(hand):
                    counts[key] += 1
        self.counts, self.dealt = counts, self.hands
        self._rng = random.Random()  # seeded the first time, random afterwards
        self.refresh()

    def refresh(self) -> None:
        """Render the table in the current language."""
        self.button.description = _("Deal {count} hands").format(count=format_decimal(self.hands, "#,##0"))
        heads = (_("Event"), _("Exact chance"), _("One hand in"), _("In the simulation"))
        head = "".join(f"<th>{escape(cell)}</th>" for cell in heads)
        frequencies = self.frequencies()
        rows = []
        for key, name, _test in EVENTS:
            chance = self.exact[key]
            if key in frequencies:
                counted = _("{percent} ({count} hands)").format(
                    percent=_percent(frequencies[key]), count=format_decimal(self.counts[key], "#,##0")
                )
            else:
                counted = "—"
            cells = (_(name), _percent(float(chance)), format_decimal(one_in(chance), "#,##0.#"), counted)
            rows.append(f'<tr class="pw-odds-{key}">' + "".join(f"<td>{escape(cell)}</td>" for cell in cells) + "</tr>")
        caption = _("Dealt {count} hands.").format(count=format_decimal(self.dealt, "#,##0")) if self.dealt else _("Not simulated yet.")
        html = f"<table class='pw-partie-table'><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        self.view.value = f"{html}<p class='pw-odds-caption'><small>{escape(caption)}</small></p>"
