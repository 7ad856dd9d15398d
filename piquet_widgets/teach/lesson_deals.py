"""The deals the shipped lessons show, read from their records in `piquet_widgets/lessons/deals/`
(formats.md): the lesson files name them by file, and tests and the app's examples use them here.

CAVENDISH is the example deal of Cavendish's *Laws of Piquet* (1882). The others were shuffled by
`Deal.from_seed` and played out by the beginner computer player, then chosen for what they show:
CARTE_BLANCHE (seed 674), REPIQUE (388, younger's), PIQUE (16), CAPOT (24, with no pique: the
capot never counts towards one); the two parties are seeds 1186–1191 (the loser rubiconed) and
2080–2085 (the loser just past 100). They are kept as records, not seeds, so that a change to the
computer player never changes a lesson; tests replay them through the engine.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DEALS_FOLDER = Path(__file__).resolve().parent.parent / "lessons" / "deals"


def record(name: str) -> dict[str, Any]:
    """The record of `deals/<name>.json`."""
    return json.loads((DEALS_FOLDER / f"{name}.json").read_text(encoding="utf-8"))


CAVENDISH = record("cavendish")
CARTE_BLANCHE = record("carte-blanche")
REPIQUE = record("repique")
PIQUE = record("pique")
CAPOT = record("capot")
PARTIE_RUBICONED = record("partie-rubiconed")
PARTIE_SAVED = record("partie-saved")
