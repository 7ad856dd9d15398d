"""Rule sets as data: one `Rules` value with named presets (rules.md section 8).

A variant is never a fork of the engine: the engine reads these fields, nothing tests a name.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from piquet_widgets.engine.errors import PiquetError, excerpt
from piquet_widgets.i18n import N_

SETTLEMENTS = ("rubicon", "au_cent", "cientos")
MAX_SWITCH = 10_000  # no number of a rule set comes near this; a huge one is a bad record


@dataclass(frozen=True)
class Rules:
    """Every switch of the game that a rule set may change."""

    name: str = "rubicon"
    # The exchange (rules.md section 3).
    elder_min_exchange: int = 1
    elder_max_exchange: int = 5
    younger_min_exchange: int = 1
    # The play (section 6 and the low-card variant of section 8).
    low_cards_count_in_play: bool = True
    # The partie (section 7): a fixed number of deals, or a target score (None = not that kind).
    partie_deals: int | None = 6
    double_first_and_last: bool = False
    tie_extra_deals: int = 2
    target_points: int | None = None
    settlement: str = "rubicon"
    rubicon: int = 100
    # Au cent: the winner reaching the target before the loser has this many wins double.
    double_game_below: int | None = None
    lower_cut_deals: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


PRESETS: dict[str, Rules] = {
    "rubicon": Rules(),
    "four_deals": Rules(name="four_deals", partie_deals=4, double_first_and_last=True),
    "au_cent": Rules(
        name="au_cent",
        younger_min_exchange=0,
        partie_deals=None,
        target_points=100,
        settlement="au_cent",
        double_game_below=50,
        lower_cut_deals=True,
    ),
    "cientos": Rules(name="cientos", settlement="rubicon"),
    "cientos_100": Rules(name="cientos_100", partie_deals=None, target_points=100, settlement="cientos"),
    "cientos_150": Rules(name="cientos_150", partie_deals=None, target_points=150, settlement="cientos"),
    "cientos_221": Rules(name="cientos_221", partie_deals=None, target_points=221, settlement="cientos"),
    "cientos_4": Rules(name="cientos_4", partie_deals=4),
    "low_cards": Rules(name="low_cards", low_cards_count_in_play=False),
}
DEFAULT_RULES = PRESETS["rubicon"]
_TYPES = {field.name: field.type for field in fields(Rules)}


def rules_from_json(value: Any) -> Rules:
    """A rule set from a record's `rules` field: a preset name, or an object of a preset's
    `name` plus switches to change.

    >>> rules_from_json(None) == rules_from_json("rubicon") == DEFAULT_RULES
    True
    >>> rules_from_json({"name": "rubicon", "partie_deals": 4}).partie_deals
    4
    >>> rules_from_json("whist")
    Traceback (most recent call last):
    ...
    piquet_widgets.engine.errors.PiquetError: rules: unknown rule set 'whist'; known: rubicon, four_deals, au_cent, cientos, cientos_100, cientos_150, cientos_221, cientos_4, low_cards
    """
    if value is None:
        return DEFAULT_RULES
    if isinstance(value, str):
        if value not in PRESETS:
            raise PiquetError(N_("rules: unknown rule set {text}; known: {known}"), text=excerpt(value), known=", ".join(PRESETS))
        return PRESETS[value]
    if not isinstance(value, dict):
        raise PiquetError(N_("rules: expected a rule set name or an object, not {text}"), text=type(value).__name__)
    name = value.get("name", "rubicon")
    if not isinstance(name, str):
        raise PiquetError(N_("rules: name must be the name of a rule set, not {text}"), text=excerpt(name))
    base = rules_from_json(name)
    changes = {}
    for key, item in value.items():
        if key == "name":
            continue
        if key not in _TYPES:
            raise PiquetError(N_("rules: unknown switch {text}"), text=excerpt(key))
        if not _fits(item, _TYPES[key]):
            raise PiquetError(N_("rules: {text} has the wrong type"), text=excerpt(key))
        if isinstance(item, int) and not isinstance(item, bool) and not 0 <= item <= MAX_SWITCH:
            raise PiquetError(N_("rules: {text} must be from 0 to {high}"), text=excerpt(key), high=MAX_SWITCH)
        changes[key] = item
    rules = replace(base, **changes)
    _check(rules)
    return rules


def _fits(item: Any, annotation: str) -> bool:
    """Whether a JSON value fits a field's annotation (`int`, `bool`, `str`, `int | None`)."""
    if item is None:
        return "None" in annotation
    if annotation.startswith("bool"):
        return isinstance(item, bool)
    if annotation.startswith("int"):
        return isinstance(item, int) and not isinstance(item, bool)
    return isinstance(item, str)


def _check(rules: Rules) -> None:
    """Refuse combinations of switches that make no game."""
    if not 0 <= rules.younger_min_exchange <= 3 or not 1 <= rules.elder_min_exchange <= rules.elder_max_exchange <= 5:
        raise PiquetError(N_("rules: impossible exchange limits"))
    if (rules.partie_deals is None) == (rules.target_points is None):
        raise PiquetError(N_("rules: a partie needs either a number of deals or a target score"))
    if rules.partie_deals is not None and rules.partie_deals < 1 or rules.target_points is not None and rules.target_points < 1:
        raise PiquetError(N_("rules: the number of deals and the target must be positive"))
    if rules.settlement not in SETTLEMENTS:
        raise PiquetError(N_("rules: unknown settlement {text}"), text=excerpt(rules.settlement))
