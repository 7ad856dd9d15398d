"""Words the steps' texts share: numbers as the players say them, cards as symbols, the seats
named at the start of a sentence or inside one, lists joined with 'and' or 'or'."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from num2words import num2words

from piquet_widgets.engine.cards import Card
from piquet_widgets.engine.deal import ELDER, Seat
from piquet_widgets.i18n import _, get_language, ngettext

__all__ = [
    "SeatWord", "number_words", "capital", "cards_text", "card_symbol", "join_names", "points_in_words", "rank_letters", "seat_at_start", "seat_word",
]

# num2words' language for ours: our Portuguese is Brazil's ('dezessete', not Portugal's 'dezassete').
_NUMBER_LANGUAGES = {"pt": "pt_BR"}


def number_words(number: int) -> str:
    """A number in words in the current language ('forty-nine'), as the players say it."""
    language = get_language()
    return num2words(number, lang=_NUMBER_LANGUAGES.get(language, language))


def rank_letters() -> dict[str, str]:
    """The letters in the corners of the ace, king, queen and knave, in the current language
    (the number cards show their numbers in every language)."""
    return {
        # TRANSLATORS: the letter in the corner of an ace (one letter, or two at most)
        "A": _("A"),
        # TRANSLATORS: the letter in the corner of a king (French R, for roi; one or two letters)
        "K": _("K"),
        # TRANSLATORS: the letter in the corner of a queen (French D, for dame; one or two letters)
        "Q": _("Q"),
        # TRANSLATORS: the letter in the corner of a knave, the jack (French V, for valet; one or two letters)
        "J": _("J"),
    }


def card_symbol(card: Card) -> str:
    """'R♥' in French, 'K♥' in English, '10♠' in every language: a card as the lessons and drills
    write it, with the letters of the card view's corners."""
    rank = card.code[0]
    return rank_letters().get(rank, "10" if rank == "T" else rank) + card.suit.symbol


def capital(text: str) -> str:
    """A name placed at the start of a sentence: its first letter in capital."""
    return text[:1].upper() + text[1:]


def cards_text(cards: Sequence[Card]) -> str:
    """'K♠ 8♣ 7♣', 'R♠ 8♣ 7♣' in French: cards in the letters of the card faces (`card_symbol`)."""
    return " ".join(card_symbol(card) for card in cards)


def seat_at_start(seat: Seat) -> str:
    """'Elder' / 'Younger' at the start of a sentence (or alone, as a heading or a label)."""
    return _("Elder") if seat is ELDER else _("Younger")


def seat_word(seat: Seat) -> str:
    """'elder' / 'younger' inside a sentence."""
    return _("elder") if seat is ELDER else _("younger")


class SeatWord(NamedTuple):
    """A seat as a parameter of a message shown later (`i18n.Message`, `PiquetError`): named in
    the language of that moment, inside a sentence, or with `at_start` at its start."""

    seat: Seat
    at_start: bool = False

    def in_words(self) -> str:
        return seat_at_start(self.seat) if self.at_start else seat_word(self.seat)


def join_names(names: Sequence[str], either: bool = False) -> str:
    """'a, b and c' in the current language; with `either`, 'a, b or c'."""
    if len(names) <= 1:
        return "".join(names)
    last = _("{first} or {last}") if either else _("{first} and {last}")
    return last.format(first=_(", ").join(names[:-1]), last=names[-1])


def points_in_words(points: float) -> str:
    """'one point', 'about five points', 'less than one point': a number of points (0 or more)
    as whole points in words, 'about' when it was not whole."""
    if 0 < points < 0.5:
        return _("less than one point")
    whole = max(1, round(points))
    if whole == points:
        return ngettext("{count} point", "{count} points", whole).format(count=_before_a_point(whole))
    return ngettext("about {count} point", "about {count} points", whole).format(count=_before_a_point(whole))


def _before_a_point(number: int) -> str:
    """A number in words before the word for a point, a masculine noun in every language here:
    Spanish shortens its 'uno' there ('un tanto', 'veintiún tantos')."""
    words = number_words(number)
    if get_language() == "es" and words.endswith("uno"):
        return words[:-3] + ("ún" if words.endswith("iuno") else "un")
    return words
