"""Cards written in a text for the eye and in words for assistive technology: the eye sees the
card's corner ("D♠" in French), a screen reader hears its name ("dame de pique"), never "black
spade suit" (the `pw-sr` rule of table.css hides the words from sight)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape

from piquet_widgets.engine.cards import Card, parse_card
from piquet_widgets.teach.words import card_symbol

__all__ = ["spoken_card", "spoken_cards", "speak_symbols"]

#: A card as `Card.symbol` writes it in a sentence: 'K♠', '10♦'.
_SYMBOL = re.compile("(10|[AKQJ987])([\u2660\u2665\u2666\u2663])")
_SUITS = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"}


def spoken_card(card: Card) -> str:
    """One card as HTML: its corner for the eye, its name in words for a screen reader."""
    return f'<span aria-hidden="true">{escape(card_symbol(card))}</span><span class="pw-sr">{escape(card.name_in_words())}</span>'


def spoken_cards(cards: Iterable[Card]) -> str:
    """Cards as HTML, one `spoken_card` each, in a list a screen reader reads as a whole."""
    return " ".join(f'<span class="pw-card-word">{spoken_card(card)}</span>' for card in cards)


def speak_symbols(html: str) -> str:
    """An escaped text in which every card written as a symbol ('K♠ 8♣') becomes a `spoken_card`."""
    return _SYMBOL.sub(lambda found: spoken_card(parse_card(found[1].replace("10", "T") + _SUITS[found[2]])), html)
