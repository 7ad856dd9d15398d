"""Cards, suits and hands: parsing and formatting as formats.md says, and display in notebooks.

A card is a small int (suit * 8 + rank, rank 0 = seven … 7 = ace) so that hands can be bit masks;
`Card` keeps that int and adds names. A hand is a bit mask of 32 bits inside the engine and a
`Hand` (a sorted tuple of cards) outside it.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from html import escape

from piquet_widgets.engine.errors import PiquetError, excerpt
from piquet_widgets.i18n import N_, _

RANK_LETTERS = "789TJQKA"
SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
RANK_NAMES = (N_("seven"), N_("eight"), N_("nine"), N_("ten"), N_("knave"), N_("queen"), N_("king"), N_("ace"))
SUIT_NAMES = (N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"))
# Card values, used only to compare points of equal length (rules.md section 1).
RANK_VALUES = (7, 8, 9, 10, 10, 10, 10, 11)
ACE, KING, QUEEN, KNAVE, TEN, NINE, EIGHT, SEVEN = 7, 6, 5, 4, 3, 2, 1, 0
RED_SUITS = frozenset((1, 2))


class Suit(IntEnum):
    """The four suits, in the order cards are sorted for display."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    def name_in_words(self) -> str:
        """'hearts', in the current language."""
        return _(SUIT_NAMES[self])


class Card(int):
    """One of the 32 cards; an int from 0 to 31 with a name."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        return self & 7

    @property
    def suit(self) -> Suit:
        return Suit(self >> 3)

    @property
    def code(self) -> str:
        """Canonical text: 'AS', 'TH', '7C'."""
        return RANK_LETTERS[self & 7] + SUIT_LETTERS[self >> 3]

    @property
    def symbol(self) -> str:
        """Display text with the suit symbol: 'A♠', '10♥'."""
        rank = "10" if self & 7 == TEN else RANK_LETTERS[self & 7]
        return rank + SUIT_SYMBOLS[self >> 3]

    @property
    def value(self) -> int:
        """The card's value for the point: A = 11, K Q J = 10, the others their face."""
        return RANK_VALUES[self & 7]

    @property
    def mask(self) -> int:
        return 1 << self

    @property
    def is_red(self) -> bool:
        return (self >> 3) in RED_SUITS

    def name_in_words(self) -> str:
        """'ace of hearts', in the current language."""
        return _("{rank} of {suit}").format(rank=_(RANK_NAMES[self & 7]), suit=_(SUIT_NAMES[self >> 3]))

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card('{self.code}')"

    def _repr_html_(self) -> str:
        return _card_html(self)


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(32))
FULL_PACK = (1 << 32) - 1
SUIT_MASKS = tuple(0xFF << (8 * suit) for suit in range(4))
_BY_TEXT = {card.code: card for card in CARDS}
_RANK_ALIASES = {"10": "T"}
_SUIT_ALIASES = dict(zip(SUIT_SYMBOLS, SUIT_LETTERS)) | {"♤": "S", "♡": "H", "♢": "D", "♧": "C"}


def parse_card(text: str, field: str = "card") -> Card:
    """Read one card ('AS', 'th', '10♥'); a bad one is refused naming `field` and the text.

    >>> parse_card("10♥"), parse_card("as")
    (Card('TH'), Card('AS'))
    >>> parse_card("ZZ", "elder")
    Traceback (most recent call last):
    ...
    piquet_widgets.engine.errors.PiquetError: elder: 'ZZ' is not a card
    """
    if not isinstance(text, str):
        raise PiquetError(N_("{field}: {text} is not a card"), field=field, text=excerpt(text))
    raw = text.strip()
    if len(raw) >= 2:
        rank, suit = raw[:-1].upper(), raw[-1].upper()
        card = _BY_TEXT.get(_RANK_ALIASES.get(rank, rank) + _SUIT_ALIASES.get(suit, suit))
        if card is not None:
            return card
    raise PiquetError(N_("{field}: {text} is not a card"), field=field, text=excerpt(text))


def parse_cards(value: str | Iterable[str], field: str = "cards", size: int | None = None) -> tuple[Card, ...]:
    """Read a list of cards (a JSON array or one string separated by spaces), in order.

    Refuses a bad card, a duplicate, or a list of the wrong `size`, naming `field` and the card.

    >>> parse_cards("AS kh 10D")
    (Card('AS'), Card('KH'), Card('TD'))
    >>> parse_cards(["AS", "KH", "AS"], "talon")
    Traceback (most recent call last):
    ...
    piquet_widgets.engine.errors.PiquetError: talon: AS appears twice
    """
    if isinstance(value, str):
        items: list = value.split()
    elif isinstance(value, (list, tuple)):
        items = list(value)
    else:
        raise PiquetError(N_("{field}: expected a list of cards, not {text}"), field=field, text=type(value).__name__)
    cards = tuple(parse_card(item, field) for item in items)
    seen = 0
    for card in cards:
        if seen & card.mask:
            raise PiquetError(N_("{field}: {card} appears twice"), field=field, card=card.code)
        seen |= card.mask
    if size is not None and len(cards) != size:
        raise PiquetError(N_("{field}: expected {size} cards, found {count}"), field=field, size=size, count=len(cards))
    return cards


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of some cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, sorted for display: by suit (♠ ♥ ♦ ♣), high rank first."""
    return (
        _SUIT_HOLDINGS[0][mask & 0xFF]
        + _SUIT_HOLDINGS[1][mask >> 8 & 0xFF]
        + _SUIT_HOLDINGS[2][mask >> 16 & 0xFF]
        + _SUIT_HOLDINGS[3][mask >> 24 & 0xFF]
    )


# The cards of every holding (a byte) of every suit, high rank first: cards_of without a loop.
_SUIT_HOLDINGS = tuple(
    tuple(tuple(CARDS[8 * suit + rank] for rank in range(7, -1, -1) if byte >> rank & 1) for byte in range(256))
    for suit in range(4)
)


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical text of a list of cards.

    >>> format_cards(parse_cards("as ks 10h"))
    'AS KS TH'
    """
    return " ".join(card.code for card in cards)


class Hand(tuple):
    """Some cards, sorted for display (spades, hearts, diamonds, clubs; high first); made from a
    mask or from cards.

    >>> hand = Hand(parse_cards("7C AH 7S AS"))
    >>> hand, str(hand), hand.mask == Hand(hand.mask).mask
    (Hand('AS 7S AH 7C'), 'AS 7S AH 7C', True)
    """

    __slots__ = ()

    def __new__(cls, cards: Iterable[int] | int = ()) -> Hand:
        mask = cards if isinstance(cards, int) else mask_of(cards)
        return super().__new__(cls, cards_of(mask))

    @property
    def mask(self) -> int:
        return mask_of(self)

    def __str__(self) -> str:
        return format_cards(self)

    def __repr__(self) -> str:
        return f"Hand('{self}')"

    def _repr_html_(self) -> str:
        return hand_html(self)


def _card_html(card: Card) -> str:
    colour = "#c0392b" if card.is_red else "#1b1b1b"
    label = escape(card.name_in_words())
    return (
        f'<span class="pw-card-text" title="{label}" aria-label="{label}" style="display:inline-block;'
        f"min-width:2.2em;padding:0.15em 0.3em;margin:0.1em;border:1px solid #999;border-radius:0.3em;"
        f'background:#fff;color:{colour};font-weight:600;text-align:center">{escape(card.symbol)}</span>'
    )


def hand_html(cards: Iterable[Card], caption: str = "") -> str:
    """A row of cards as HTML, with an optional caption before it."""
    head = f'<strong style="margin-right:0.5em">{escape(caption)}</strong>' if caption else ""
    return f'<div class="pw-hand-text">{head}{"".join(_card_html(card) for card in cards)}</div>'
