"""Card views: a hand or a row of cards drawn in SVG by one anywidget model.

One `CardRow` shows a whole row (a hand, a trick, the talon), never one model per card. The
browser only draws and reports clicks: every trait is set from Python and validated here, and
anything a page sends — a state update or a message — is checked before it can reach the owner.

>>> row = CardRow(["AS", "th", "10♦"], playable=["AS"], caption="Elder")
>>> row.cards, row.labels["TH"]
(['AS', 'TH', 'TD'], 'ten of hearts')
>>> played = []
>>> row.on_click(played.append)
>>> row._handle_message(row, {"type": "click", "card": "AS", "seq": 1}, [])
>>> row._handle_message(row, {"type": "click", "card": "TH", "seq": 2}, [])  # not playable
>>> played
[Card('AS')]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import traitlets
from ipywidgets import CallbackDispatcher, Layout

from piquet_widgets.engine.cards import Card, parse_card
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.i18n import _
from piquet_widgets.teach.words import rank_letters
from piquet_widgets.widgets.owned_state import PythonOwnedState
from piquet_widgets.widgets.shared_module import SharedModule

_HERE = Path(__file__).parent
MAX_BADGE_LENGTH = 6
_CLASS_NAMES = re.compile(r"\s*(?:[A-Za-z_][\w-]*(?:\s+[A-Za-z_][\w-]*)*)?\s*")

CardLike = Card | str


def _code(value: object, field: str) -> str:
    """The canonical code of a `Card` or of a card's text; anything else is a `TraitError`."""
    if isinstance(value, Card):
        return value.code
    try:
        return parse_card(value, field).code  # type: ignore[arg-type]
    except PiquetError as error:
        raise traitlets.TraitError(str(error)) from None


def _codes_in_row(values: Iterable[object], cards: Iterable[object], field: str) -> list[str]:
    """Canonical codes of `values`, each once and each one of `cards`.

    `cards` are made canonical here too: traits set together (in the constructor, or in
    `set_cards`) are validated in no fixed order, so the row's cards may not be canonical yet.
    """
    row = {_code(card, "cards") for card in cards}
    codes = [_code(value, field) for value in values]
    for code in codes:
        if code not in row:
            raise traitlets.TraitError(f"{field}: {code} is not one of the row's cards")
    if len(set(codes)) != len(codes):
        raise traitlets.TraitError(f"{field}: a card appears twice in {codes}")
    return codes


def back_id(index: int) -> str:
    """The id a face-down row sends the page for its card at `index`: its place, never the card."""
    return f"back-{index + 1}"


def _page_list(codes: list[str], row: CardRow) -> list[str]:
    """A list of the row's codes as the page receives it: face down, places instead of cards."""
    return codes if row.face_up else [back_id(row.cards.index(code)) for code in codes]


def _page_dict(texts: dict[str, str], row: CardRow) -> dict[str, str]:
    """A dict keyed by the row's codes as the page receives it (see `_page_list`)."""
    return dict(zip(_page_list(list(texts), row), texts.values()))


class CardRow(PythonOwnedState, SharedModule):
    """A row of cards — a hand, a trick, the talon — drawn in SVG, clickable where playable.

    Traits (all synced to the browser, all set from Python only):

    - `cards`: the cards shown, in order, as canonical codes ('AS', 'TH'); `Card` objects and any
      text `parse_card` reads are accepted and made canonical.
    - `face_up`: faces or backs. A face-down row never sends the page its cards: the page
      receives `back_id`s, the places of the cards in the row ('back-1', 'back-2'…), in `cards`
      and in every mark and label, so that no hidden card can be read in the page or its
      messages; a click on a face-down card arrives as its place and means that card.
    - `selected`: cards drawn raised and outlined (chosen discards, the cards of a combination).
    - `outlined`: cards drawn with a ring, not raised (the move a hint names), class `pw-card-outlined`.
    - `playable`: the only cards that react to a click or a key; empty means none, and the
      others are then drawn slightly dimmed.
    - `disabled`: the whole row ignores clicks (for example while the other player moves).
    - `four_colour`: ♠ black, ♥ red, ♦ blue, ♣ green.
    - `labels`: the aria label of each card, in words, in the current language; kept up to date
      from `cards`, `face_up` and `selected` — call `relabel()` after changing the language.
    - `letters`: the letters drawn in the cards' corners for the ace and the court cards, in the
      current language ('K' is 'R' in French); kept up to date by `relabel()`.
    - `caption`: a short text above the row ("Elder").
    - `badges`: short texts drawn on cards ("=", "−3").
    - `css_class`: extra classes on the root element, besides `pw-cards`.

    The state is Python's alone: the view never writes it, so a state update sent by a page is
    refused and the true state sent back. Clicks arrive as messages `{"type": "click",
    "card": "AS", "seq": n}`; a valid click on a playable card of an enabled row calls the
    `on_click` callbacks with the `Card`, and anything else — a stale click, a forged one — is
    ignored silently.

    Size comes from CSS: cards scale with the row's width, from a phone (the cards overlap, then
    wrap) to a projector. They are sized as if the row held at least 12 cards, so that a trick
    beside a hand shows cards of the same size; a page changes that with the custom property
    `--pw-min-slots` (for example `.pw-small .pw-cards { --pw-min-slots: 6; }` for a row given the
    class `pw-small` with `add_class`, or `.pw-cards.pw-trick { ... }` for one with that `css_class`).
    The colours (`--pw-red`, `--pw-selected`, `--pw-focus`…) are custom properties too.
    """

    _module = _HERE / "cards.js"
    _module_css = _HERE / "cards.css"

    cards = traitlets.List().tag(sync=True, to_json=_page_list)
    face_up = traitlets.Bool(True).tag(sync=True)
    selected = traitlets.List().tag(sync=True, to_json=_page_list)
    outlined = traitlets.List().tag(sync=True, to_json=_page_list)
    playable = traitlets.List().tag(sync=True, to_json=_page_list)
    disabled = traitlets.Bool(False).tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)
    labels = traitlets.Dict().tag(sync=True, to_json=_page_dict)
    letters = traitlets.Dict().tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
    badges = traitlets.Dict().tag(sync=True, to_json=_page_dict)
    css_class = traitlets.Unicode("").tag(sync=True)

    def __init__(self, cards: Iterable[CardLike] = (), **kwargs: Any) -> None:
        self._click_handlers = CallbackDispatcher()
        # A full width by default, so that rows side by side in an HBox share the width.
        kwargs.setdefault("layout", Layout(width="100%"))
        super().__init__(cards=list(cards), **kwargs)
        self.on_msg(self._handle_message)

    # -- Python API -----------------------------------------------------------------------

    def on_click(self, callback: Callable[[Card], Any], remove: bool = False) -> None:
        """Call `callback(card)` when a playable card is clicked (or removes it if `remove`)."""
        self._click_handlers.register_callback(callback, remove=remove)

    def set_cards(
        self,
        cards: Iterable[CardLike],
        *,
        playable: Iterable[CardLike] = (),
        selected: Iterable[CardLike] = (),
        badges: dict[CardLike, str] | None = None,
        outlined: Iterable[CardLike] = (),
    ) -> None:
        """Show new cards with their marks, in one update (validated together, or not at all)."""
        with self.hold_sync(), self.hold_trait_notifications():
            self.cards = list(cards)
            self.playable = list(playable)
            self.selected = list(selected)
            self.outlined = list(outlined)
            self.badges = dict(badges or {})

    def relabel(self) -> None:
        """Refill `labels` and `letters` in the current language; call it after `i18n.set_language`."""
        letters = rank_letters()
        if self.letters != letters:
            self.letters = letters
        labels = {}
        count = len(self.cards)
        for index, code in enumerate(self.cards):
            if self.face_up:
                label = parse_card(code).name_in_words()
            else:
                label = _("face-down card {number} of {count}").format(number=index + 1, count=count)
            if code in self.selected:
                label = _("{card}, selected").format(card=label)
            labels[code] = label
        self.labels = labels

    # -- what the browser sends --------------------------------------------------------------

    def _handle_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Turn a valid click message into `on_click` callbacks; ignore anything else."""
        if not isinstance(content, dict) or content.get("type") != "click":
            return
        code, seq = content.get("card"), content.get("seq")
        if not isinstance(code, str) or type(seq) is not int:
            return
        if not self.face_up:
            places = [back_id(index) for index in range(len(self.cards))]
            code = self.cards[places.index(code)] if code in places else None
        # `playable` holds only cards of the row, so this also refuses cards not in the row.
        if code is None or self.disabled or code not in self.playable:
            return
        self._click_handlers(parse_card(code))

    # -- validation and derived state ---------------------------------------------------------

    @traitlets.validate("cards")
    def _valid_cards(self, proposal: traitlets.Bunch) -> list[str]:
        codes = [_code(value, "cards") for value in proposal["value"]]
        if len(set(codes)) != len(codes):
            twice = next(code for code in codes if codes.count(code) > 1)
            raise traitlets.TraitError(f"cards: {twice} appears twice")
        return codes

    @traitlets.validate("selected", "playable", "outlined")
    def _valid_marks(self, proposal: traitlets.Bunch) -> list[str]:
        return _codes_in_row(proposal["value"], self.cards, proposal["trait"].name)

    @traitlets.validate("badges", "labels")
    def _valid_texts(self, proposal: traitlets.Bunch) -> dict[str, str]:
        field = proposal["trait"].name
        texts = proposal["value"]
        codes = _codes_in_row(texts, self.cards, field)
        for text in texts.values():
            if not isinstance(text, str):
                raise traitlets.TraitError(f"{field}: {text!r} is not a text")
            if field == "badges" and len(text) > MAX_BADGE_LENGTH:
                raise traitlets.TraitError(f"badges: {text!r} is longer than {MAX_BADGE_LENGTH} characters")
        return dict(zip(codes, texts.values()))

    @traitlets.validate("css_class")
    def _valid_css_class(self, proposal: traitlets.Bunch) -> str:
        if not _CLASS_NAMES.fullmatch(proposal["value"]):
            raise traitlets.TraitError(f"css_class: {proposal['value']!r} is not a list of class names")
        return proposal["value"]

    @traitlets.observe("cards")
    def _forget_missing_cards(self, change: traitlets.Bunch) -> None:
        """Cards that leave the row lose their marks, so that the marks stay valid."""
        cards = change["new"]
        with self.hold_sync():
            self.playable = [code for code in self.playable if code in cards]
            self.selected = [code for code in self.selected if code in cards]
            self.outlined = [code for code in self.outlined if code in cards]
            self.badges = {code: text for code, text in self.badges.items() if code in cards}
            self.relabel()

    @traitlets.observe("face_up", "selected")
    def _relabel_on_change(self, change: traitlets.Bunch) -> None:
        if change["name"] == "face_up":  # the page gets the cards, or their places, anew
            keys = ["cards", "selected", "outlined", "playable", "badges"]
            if self._holding_sync:
                self._states_to_send.update(keys)  # sent with the rest of the update
            else:
                self.send_state(keys)
        self.relabel()
