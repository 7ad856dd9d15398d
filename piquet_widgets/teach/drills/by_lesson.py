"""Which drills each lesson gives, by the lesson's slug: the names of kinds in the registry
(`registry.KINDS`), easiest first."""

from __future__ import annotations

from piquet_widgets.teach.drills.kind import DrillKind
from piquet_widgets.teach.drills.registry import kind_of

LESSON_DRILLS: dict[str, tuple[str, ...]] = {
    "the-pack-and-the-deal": ("highest", "talon-full", "card_values"),
    "carte-blanche-and-the-exchange": ("carte_blanche", "talon-elder", "talon-younger"),
    "the-point": ("point_cards", "point_value", "verdict-point"),
    "sequences-and-sets": ("best_sequence", "verdict-sequence", "verdict-sets"),
    "reckoning-pique-and-repique": ("reckon", "repique", "pique"),
    "the-play": ("follow", "trick", "play_total"),
    "counting-aloud": ("count-declarations", "count", "pique_open"),
    "the-partie-and-the-rubicon": ("partie-total", "partie-rubicon", "partie-settle"),
    "choosing-your-discards": ("discard-point-or-sequence", "discard-younger", "discard-elder"),
    "practising-open-piquet": ("masters", "cards_won", "count-deal"),
    "from-open-to-closed-piquet": ("closed-point", "closed-sequence", "closed-sets"),
}


def lesson_drills(slug: str) -> tuple[DrillKind, ...]:
    """The kinds of drill the lesson `slug` gives, easiest first."""
    return tuple(kind_of(name) for name in LESSON_DRILLS[slug])
