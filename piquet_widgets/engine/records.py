"""Deal records, positions and partie records of formats.md: load, check, replay and dump.

Loading refuses a bad record with a `PiquetError` naming the field and the card; nothing partial
is kept. A deal record becomes a `Deal` by applying its actions one by one, so the engine's own
rules check it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from piquet_widgets.engine.cards import Card, cards_of, format_cards, mask_of, parse_card, parse_cards
from piquet_widgets.engine.combinations import Category, Combination, combination_of
from piquet_widgets.engine.deal import CATEGORIES, ELDER, YOUNGER, Action, Deal, Declare, Exchange, Phase, Play, Seat
from piquet_widgets.engine.errors import PiquetError, excerpt
from piquet_widgets.engine.partie import Partie
from piquet_widgets.engine.rules import DEFAULT_RULES, PRESETS, Rules, rules_from_json
from piquet_widgets.i18n import N_

HAND_FIELDS = ("elder", "younger", "talon")
DECLARED_FIELDS = {Category.POINT: "point", Category.SEQUENCE: "sequences", Category.SETS: "sets"}
CATEGORY_OF_FIELD = {field: category for category, field in DECLARED_FIELDS.items()}


def _object(value: Any, what: str) -> dict:
    if not isinstance(value, dict):
        raise PiquetError(N_("{field}: expected a JSON object"), field=what)
    return value


def parse_json(text: str, what: str = "record") -> Any:
    """JSON text, or a PiquetError saying where it is broken.

    >>> parse_json("[1,", "deal.json")
    Traceback (most recent call last):
    ...
    piquet_widgets.engine.errors.PiquetError: deal.json: not valid JSON (line 1 column 4)
    """
    try:
        return json.loads(text, object_pairs_hook=_refuse_repeated_keys)
    except RepeatedKey as repeated:
        raise PiquetError(N_("{field}: the key {key} is given twice (a record names each field once)"), field=what, key=excerpt(repeated.key)) from None
    except json.JSONDecodeError as error:
        raise PiquetError(N_("{field}: not valid JSON ({where})"), field=what, where=f"line {error.lineno} column {error.colno}") from None
    except RecursionError:
        raise PiquetError(N_("{field}: not valid JSON (nested too deeply)"), field=what) from None
    except ValueError:  # Python refuses to read an integer of thousands of digits
        raise PiquetError(N_("{field}: not valid JSON (a number with too many digits)"), field=what) from None


class RepeatedKey(Exception):
    """A JSON object names `key` twice (raised inside the JSON decoder, turned into a PiquetError)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _refuse_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object as a dict, refused if it repeats a key: "the last one wins" would hide a
    mistake (elder's and younger's hands swapped)."""
    seen: set[str] = set()
    for key, _value in pairs:
        if key in seen:
            raise RepeatedKey(key)
        seen.add(key)
    return dict(pairs)


def deal_from_record(record: Any) -> Deal:
    """The deal as it stands at the end of a deal record.

    >>> record = {
    ...     "elder": "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D", "younger": "TS 7S TH 9H 7H KC QC TC AD QD JD TD",
    ...     "talon": "9S 8S KH 9C KD QS AC 7D", "elder_discards": "KS 8C 7C 9D 8D", "younger_discards": "7S 9H 7H",
    ... }
    >>> deal = deal_from_record(record)  # both exchanges made: declared in full, at the opening lead
    >>> deal.phase.value, deal.scores
    ('play', (9, 17))
    >>> deal_from_record(record | {"play": "AH TH"}).scores  # elder's lead scores 1
    (10, 17)
    """
    deal, actions = record_actions(record)
    for field, action in actions:
        deal = _apply(deal, action, field)
    return deal


def record_timeline(record: Any) -> list[Deal]:
    """Every state of a deal record, from the deal to where it stopped (for walkthroughs)."""
    deal, actions = record_actions(record)
    timeline = [deal]
    for field, action in actions:
        timeline.append(_apply(timeline[-1], action, field))
    return timeline


def _apply(deal: Deal, action: Action | None, field: str) -> Deal:
    """One action of a record; the declarations (made in full) when `action` is None."""
    if action is None:
        return deal.apply(deal.default_action())
    try:
        return deal.apply(action)
    except PiquetError as error:
        raise PiquetError(N_("{field}: {problem}"), field=field, problem=error) from None


def record_actions(record: Any) -> tuple[Deal, list[tuple[str, Action | None]]]:
    """The dealt deal and the actions a record holds, each with the field it comes from.

    `None` stands for one declaration made in full. A record with both exchanges has made its
    declarations (formats.md), so it stands at the opening lead or later; only a record missing
    an exchange stands before them, and it may hold no play.
    """
    record = _object(record, "record")
    rules = rules_from_json(record.get("rules"))
    for field in HAND_FIELDS:
        if field not in record:
            raise PiquetError(N_("{field}: missing"), field=field)
    elder = parse_cards(record["elder"], "elder", 12)
    younger = parse_cards(record["younger"], "younger", 12)
    talon = parse_cards(record["talon"], "talon", 8)
    _refuse_overlaps({"elder": elder, "younger": younger, "talon": talon})
    deal = Deal.new(elder, younger, talon, rules)
    actions: list[tuple[str, Action | None]] = []
    plays = parse_cards(record.get("play", ""), "play")
    declared = _declared(record.get("declared", {}))
    for field in ("elder_discards", "younger_discards"):
        if field not in record:
            if plays:
                raise PiquetError(N_("play: the play cannot begin without {missing}"), missing=field)
            if declared:
                raise PiquetError(N_("declared: the declarations cannot be made without {missing}"), missing=field)
            return deal, actions
        actions.append((field, Exchange(parse_cards(record[field], field))))
    for category in CATEGORIES:
        for seat in (ELDER, YOUNGER):
            field = f"declared.{seat.key}.{DECLARED_FIELDS[category]}"
            actions.append((field, Declare(category, declared[seat, category])) if (seat, category) in declared else ("declarations", None))
    actions.extend((f"play (card {n})", Play(card)) for n, card in enumerate(plays, 1))
    return deal, actions


def _declared(value: Any) -> dict[tuple[Seat, Category], tuple[Combination, ...]]:
    """The `declared` field (formats.md, "Sinking"): what each player announced, by category.
    A category left out is not in the answer (it is declared in full). Whether he holds the
    cards is checked when the declaration is applied to the deal."""
    value = _object(value, "declared")
    for key in value:
        if key not in ("elder", "younger"):
            raise PiquetError(N_("declared: {text} is not a player (elder or younger)"), text=excerpt(key))
    found = {}
    for seat in (ELDER, YOUNGER):
        player = _object(value.get(seat.key, {}), f"declared.{seat.key}")
        for key, item in player.items():
            category = CATEGORY_OF_FIELD.get(key)
            if category is None:
                raise PiquetError(N_("declared.{seat}: {text} is not a category (point, sequences or sets)"), seat=seat.key, text=excerpt(key))
            field = f"declared.{seat.key}.{key}"
            if category is Category.POINT:
                cards = parse_cards(item, field)
                found[seat, category] = (_combination(category, cards, field),) if cards else ()
                continue
            if not isinstance(item, list):
                raise PiquetError(N_("{field}: expected a list, not {text}"), field=field, text=type(item).__name__)
            found[seat, category] = tuple(
                _combination(category, parse_cards(entry, f"{field}[{n}]"), f"{field}[{n}]") for n, entry in enumerate(item, 1)
            )
    return found


def _combination(category: Category, cards: tuple[Card, ...], field: str) -> Combination:
    try:
        return combination_of(category, cards)
    except PiquetError as error:
        raise PiquetError(N_("{field}: {problem}"), field=field, problem=error) from None


def _declared_json(deal: Deal) -> dict[str, dict[str, Any]]:
    """The `declared` field of a deal: only the declarations that were less than in full."""
    declared: dict[str, dict[str, Any]] = {}
    for declaration in deal.declarations:
        if declaration.combinations == declaration.holds:
            continue
        texts = [format_cards(combo.cards) for combo in declaration.combinations]
        value = (texts[0] if texts else "") if declaration.category is Category.POINT else texts
        declared.setdefault(declaration.player.key, {})[DECLARED_FIELDS[declaration.category]] = value
    return declared


def _refuse_overlaps(fields: dict[str, tuple[Card, ...]]) -> None:
    """A card in two places is refused naming both places."""
    seen: dict[Card, str] = {}
    for field, cards in fields.items():
        for card in cards:
            if card in seen:
                raise PiquetError(N_("{field}: {card} is also in {other}"), field=field, card=card.code, other=seen[card])
            seen[card] = field


def record_of(deal: Deal) -> dict[str, Any]:
    """The deal record of a deal (formats.md), as far as it has gone.

    >>> record = record_of(Deal.from_seed(7))
    >>> record["rules"], record["elder"], "play" in record
    ('rubicon', 'AS QS 7S AH KH 9H 8H 7H KD TD QC JC', False)
    >>> deal_from_record(record) == Deal.from_seed(7)
    True
    """
    record: dict[str, Any] = {
        "rules": _rules_json(deal.rules),
        "elder": format_cards(deal.dealt(ELDER)),
        "younger": format_cards(deal.dealt(YOUNGER)),
        "talon": format_cards(deal.talon),
    }
    for seat, field in ((ELDER, "elder_discards"), (YOUNGER, "younger_discards")):
        if deal.discards[seat] is not None:
            record[field] = format_cards(deal.discards[seat])
    declared = _declared_json(deal)
    if declared:
        record["declared"] = declared
    if deal.phase in (Phase.PLAY, Phase.FINISHED):
        cards = [card for trick in deal.tricks for card in (trick.lead, trick.reply)]
        record["play"] = format_cards(cards + ([deal.led] if deal.led is not None else []))
    return record


def _rules_json(rules: Rules) -> str | dict[str, Any]:
    """A preset by its name, anything else as the object of its switches."""
    return rules.name if PRESETS.get(rules.name) == rules else rules.to_json()


@dataclass(frozen=True)
class Position:
    """A moment of the play (formats.md): what each still holds, who leads, what was led,
    tricks and scores so far. What the solver needs, and no more."""

    elder: int
    younger: int
    leader: Seat
    led: Card | None
    tricks: tuple[int, int]
    scores: tuple[int, int]
    rules: Rules = DEFAULT_RULES

    @property
    def to_move(self) -> Seat:
        return self.leader if self.led is None else self.leader.other

    @property
    def pique_possible(self) -> bool:
        """Younger has scored nothing and elder has not yet reached 30 (rules.md section 5)."""
        return self.scores[YOUNGER] == 0 and self.scores[ELDER] < 30

    @classmethod
    def of_deal(cls, deal: Deal) -> Position:
        """The position of a deal in its play phase; before it or after it is refused saying why."""
        if deal.phase is Phase.EXCHANGE:
            raise PiquetError(N_("position: the exchange is missing (elder_discards and younger_discards); there is no play to solve yet"))
        if deal.phase is Phase.DECLARATIONS:
            raise PiquetError(N_("position: the declarations are not made yet; there is no play to solve yet"))
        if deal.phase is Phase.FINISHED:
            raise PiquetError(N_("position: the deal is finished; there is nothing left to solve"))
        return cls(deal.hands[ELDER], deal.hands[YOUNGER], deal.leader, deal.led, deal.tricks_won, deal.scores, deal.rules)

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": _rules_json(self.rules),
            "elder": format_cards(cards_of(self.elder)),
            "younger": format_cards(cards_of(self.younger)),
            "leader": self.leader.key,
            "led": self.led.code if self.led is not None else None,
            "tricks": {"elder": self.tricks[ELDER], "younger": self.tricks[YOUNGER]},
            "scores": {"elder": self.scores[ELDER], "younger": self.scores[YOUNGER]},
        }


def _pair(value: Any, field: str, low: int, high: int) -> tuple[int, int]:
    """`{"elder": n, "younger": m}` with whole numbers in [low, high]."""
    value = _object(value, field)
    pair = []
    for seat in ("elder", "younger"):
        item = value.get(seat)
        if not isinstance(item, int) or isinstance(item, bool) or not low <= item <= high:
            raise PiquetError(N_("{field}: {seat} must be a whole number from {low} to {high}"), field=field, seat=seat, low=low, high=high)
        pair.append(item)
    return pair[0], pair[1]


def position_from_json(value: Any) -> Position:
    """A position object, or an unfinished deal record in its play phase.

    >>> position = position_from_json({"elder": "AS 7S", "younger": "KS 8S", "leader": "elder", "tricks": {"elder": 5, "younger": 5}})
    >>> position.to_move.key, position.pique_possible
    ('elder', True)
    """
    value = _object(value, "position")
    if "talon" in value:
        return Position.of_deal(deal_from_record(value))
    rules = rules_from_json(value.get("rules"))
    for field in ("elder", "younger"):
        if field not in value:
            raise PiquetError(N_("{field}: missing"), field=field)
    elder, younger = parse_cards(value["elder"], "elder"), parse_cards(value["younger"], "younger")
    leader_text = value.get("leader")
    if leader_text not in ("elder", "younger"):
        raise PiquetError(N_("leader: must be \"elder\" or \"younger\""))
    leader = ELDER if leader_text == "elder" else YOUNGER
    led = None if value.get("led") is None else parse_card(value["led"], "led")
    fields = {"elder": elder, "younger": younger} | ({"led": (led,)} if led is not None else {})
    _refuse_overlaps(fields)
    tricks = _pair(value.get("tricks", {"elder": 0, "younger": 0}), "tricks", 0, 12)
    scores = _pair(value.get("scores", {"elder": 0, "younger": 0}), "scores", 0, 10_000)
    held = (len(elder), len(younger))
    left = 12 - sum(tricks)
    expected = [left, left]
    if led is not None:
        expected[leader] -= 1
    if sum(tricks) > 12 or list(held) != expected:
        raise PiquetError(N_("position: the hands ({elder} and {younger} cards) do not fit the tricks already won"), elder=held[0], younger=held[1])
    if left == 0:
        raise PiquetError(N_("position: no cards are left to play"))
    return Position(mask_of(elder), mask_of(younger), leader, led, tricks, scores, rules)


def partie_from_json(value: Any) -> Partie:
    """A partie record; each deal is checked as a deal record (its rules are the partie's)."""
    value = _object(value, "partie")
    rules = rules_from_json(value.get("rules"))
    first = value.get("first_dealer", "A")
    if first not in ("A", "B"):
        raise PiquetError(N_("first_dealer: must be \"A\" or \"B\""))
    deals = value.get("deals")
    if not isinstance(deals, list):
        raise PiquetError(N_("deals: expected a list of deal records"))
    loaded = []
    for number, record in enumerate(deals, 1):
        try:
            record = _object(record, "deal")
            loaded.append(deal_from_record({**record, "rules": record.get("rules", value.get("rules"))}))
        except PiquetError as error:
            raise PiquetError(N_("deals[{number}]: {problem}"), number=number, problem=error) from None
    if any(deal.phase is not Phase.FINISHED for deal in loaded[:-1]):
        raise PiquetError(N_("deals: only the last deal of a partie record may be unfinished"))
    return Partie(rules, first, tuple(loaded))


def partie_record(partie: Partie) -> dict[str, Any]:
    """The partie record of a partie (formats.md); its last deal may be unfinished."""
    return {
        "rules": _rules_json(partie.rules),
        "first_dealer": partie.first_dealer,
        "deals": [{key: value for key, value in record_of(deal).items() if key != "rules"} for deal in partie.deals],
    }


def is_partie(value: Any) -> bool:
    """Whether a JSON object is a partie record rather than a deal record."""
    return isinstance(value, dict) and "deals" in value
