"""Words that come from the code rather than the catalogs (language review, "code-rooted
defects"): cards written in the letters of the card faces, and counts with their plural (a seat
named in its place: test_words_in_every_language.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from piquet_widgets import i18n
from piquet_widgets.engine import ELDER, Deal, Exchange, Phase, Play, parse_cards
from piquet_widgets.teach.words import cards_text
from piquet_widgets.widgets.felt import default_hand_caption

COURT = parse_cards("KH QH JH")


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_french_cards_are_written_with_the_french_faces_letters() -> None:
    i18n.set_language("fr")
    assert cards_text(COURT) == "R♥ D♥ V♥"  # roi, dame, valet, as on the cards' corners


@pytest.mark.parametrize("language", ["fr", "es", "pt"])
def test_no_english_court_letter_where_the_language_has_its_own(language: str) -> None:
    i18n.set_language(language)
    text = cards_text(COURT)
    for english in ("K", "Q", "J"):
        if i18n._(english) != english:
            assert f"{english}♥" not in text, text


def last_card_deal() -> Deal:
    """A deal played to its last trick, elder holding one card."""
    deal = Deal.from_seed(5)
    deal = deal.apply(Exchange(deal.hand(ELDER)[:5]))
    deal = deal.apply(Exchange(deal.hand(deal.to_move)[:3]))
    while deal.phase is Phase.DECLARATIONS:
        deal = deal.apply(deal.default_action())
    while len(deal.hand(ELDER)) > 1:
        deal = deal.apply(next(action for action in deal.legal_actions() if isinstance(action, Play)))
    return deal


@pytest.mark.parametrize(("language", "one", "twelve"), [
    ("en", "Elder — 1 card", "Elder — 12 cards"),
    ("fr", "— 1 carte", "— 12 cartes"),
    ("es", "— 1 carta", "— 12 cartas"),
    ("pt", "— 1 carta", "— 12 cartas"),
])
def test_a_hand_caption_counts_its_cards_in_the_singular_and_the_plural(language: str, one: str, twelve: str) -> None:
    i18n.set_language(language)
    assert default_hand_caption(ELDER, last_card_deal()).endswith(one)
    assert default_hand_caption(ELDER, Deal.from_seed(5)).endswith(twelve)
