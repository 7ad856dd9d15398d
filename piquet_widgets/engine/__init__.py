"""The rules of Piquet in pure Python: cards, rule sets, combinations, the deal as a state
machine with its event log in reckoning order, the partie, records and deal codes.

Nothing here imports numpy or a widget library, so the command line starts fast.
"""

from piquet_widgets.engine.cards import CARDS, Card, Hand, Suit, format_cards, parse_card, parse_cards
from piquet_widgets.engine.codes import deal_code, deal_from_code
from piquet_widgets.engine.combinations import (
    Category,
    Combination,
    Verdict,
    combination_of,
    compare,
    points_of,
    sequences_of,
    sets_of,
)
from piquet_widgets.engine.deal import (
    ELDER,
    YOUNGER,
    Action,
    Deal,
    Declaration,
    Declare,
    Event,
    Exchange,
    Phase,
    Play,
    Seat,
    Trick,
)
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.engine.files import read_json_file, write_json_atomic
from piquet_widgets.engine.partie import Partie, Result
from piquet_widgets.engine.records import (
    Position,
    deal_from_record,
    partie_from_json,
    partie_record,
    position_from_json,
    record_of,
    record_timeline,
)
from piquet_widgets.engine.rules import DEFAULT_RULES, PRESETS, Rules, rules_from_json

__all__ = [
    "CARDS", "Card", "Hand", "Suit", "format_cards", "parse_card", "parse_cards",
    "deal_code", "deal_from_code",
    "Category", "Combination", "Verdict", "combination_of", "compare", "points_of", "sequences_of", "sets_of",
    "ELDER", "YOUNGER", "Action", "Deal", "Declaration", "Declare", "Event", "Exchange", "Phase", "Play", "Seat", "Trick",
    "PiquetError", "Partie", "Result", "read_json_file", "write_json_atomic",
    "Position", "deal_from_record", "partie_from_json", "partie_record", "position_from_json", "record_of", "record_timeline",
    "DEFAULT_RULES", "PRESETS", "Rules", "rules_from_json",
]
