"""The green table: both hands, the talon, the trick being played, the discards and the tricks
won, drawn from a deal (the walkthrough and the practice table share it)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from html import escape

import ipywidgets as widgets

from piquet_widgets.engine.cards import Card
from piquet_widgets.engine.deal import ELDER, YOUNGER, Deal, Phase, Seat
from piquet_widgets.i18n import _, ngettext
from piquet_widgets.teach.words import seat_at_start, seat_word
from piquet_widgets.widgets.board import SEATS, set_shown, set_value
from piquet_widgets.widgets.cards import CardRow


class Felt(widgets.VBox):
    """The green table: both hands, the talon, the current trick, the discards, tricks won.

    `captions(seat)` gives each hand's caption (the practice table says who is the computer).
    `talon_face_up`: the talon's cards are drawn face up before both exchanges are made (the
    walkthrough shows them; the practice table keeps them face down unless asked, rules 8b).
    `hidden_seats`: closed piquet (rules 8b) — the hands and discards of these seats are face
    down, and while any seat is hidden the whole talon is too. A face-down row sends the page
    no card (`CardRow`).
    """

    def __init__(self, four_colour: bool = False, bottom: Seat = ELDER) -> None:
        self.hands = {seat: CardRow(four_colour=four_colour, css_class="pw-hand-cards") for seat in SEATS}
        for seat, row in self.hands.items():
            row.add_class("pw-hand").add_class(f"pw-hand-{seat.key}")
            row.layout.width = "100%"
        self.talon = CardRow(four_colour=four_colour).add_class("pw-talon").add_class("pw-small")
        self.talon_younger = CardRow(four_colour=four_colour).add_class("pw-talon-younger").add_class("pw-small")
        self.trick = CardRow(four_colour=four_colour).add_class("pw-trick").add_class("pw-small")
        self.previous_trick = CardRow(four_colour=four_colour).add_class("pw-previous-trick").add_class("pw-small")
        self.discards = {seat: CardRow(four_colour=four_colour).add_class(f"pw-discards-{seat.key}").add_class("pw-small") for seat in SEATS}
        self.tricks_won = widgets.HTML().add_class("pw-tricks-won")
        self.middle = widgets.Box(
            [self.previous_trick, self.trick, self.talon, self.talon_younger, self.discards[ELDER], self.discards[YOUNGER]]
        ).add_class("pw-felt-middle")
        self.bottom = bottom
        self.talon_face_up = True
        self.hidden_seats: frozenset[Seat] = frozenset()
        self.captions: Callable[[Seat, Deal], str] = lambda seat, deal: default_hand_caption(seat, deal)
        super().__init__(self._order())
        self.add_class("pw-felt")

    def _order(self) -> list[widgets.Widget]:
        top = self.hands[self.bottom.other]
        return [top, self.middle, self.tricks_won, self.hands[self.bottom]]

    def set_bottom(self, seat: Seat) -> None:
        """Which hand is drawn nearest the learner."""
        if seat is not self.bottom:
            self.bottom = seat
            self.children = self._order()

    def rows(self) -> list[CardRow]:
        return [*self.hands.values(), self.talon, self.talon_younger, self.previous_trick, self.trick, *self.discards.values()]

    def relabel(self) -> None:
        for row in self.rows():
            row.relabel()

    def show(
        self,
        deal: Deal,
        highlight: dict[Seat, Iterable[Card]] | None = None,
        marks: dict[Seat, dict] | None = None,
        outlined: dict[Seat, Iterable[Card]] | None = None,
    ) -> None:
        """Draw `deal`: `highlight` raises some cards of each hand (the cards just taken, a
        combination); `marks` gives each hand's `playable`/`disabled` (the practice table);
        `outlined` rings some cards (the move a hint names)."""
        highlight = highlight or {}
        outlined = outlined or {}
        marks = marks or {}
        for seat, row in self.hands.items():
            cards = deal.hand(seat)
            mark = marks.get(seat, {})
            chosen = [card for card in highlight.get(seat, ()) if card in cards]
            with row.hold_sync():
                _set_trait(row, "face_up", seat not in self.hidden_seats)
                ringed = [card.code for card in outlined.get(seat, ()) if card in cards]
                playable = [card.code for card in mark.get("playable", ())]
                shown = (row.cards, row.playable, row.selected, row.outlined, row.badges)
                if shown != ([card.code for card in cards], playable, [card.code for card in chosen], ringed, {}):  # else nothing to send
                    row.set_cards(cards, playable=playable, selected=chosen, outlined=ringed)
                _set_trait(row, "disabled", mark.get("disabled", False))
                _set_trait(row, "caption", self.captions(seat, deal))
                to_move = deal.to_move is seat and deal.phase in (Phase.EXCHANGE, Phase.PLAY)
                _set_trait(row, "css_class", "pw-hand-cards pw-to-move" if to_move else "pw-hand-cards")
            set_shown(row, bool(cards))  # both hands are empty once the deal is played out
        self._show_talon(deal)
        self._show_trick(deal)
        for seat, row in self.discards.items():
            discarded = deal.discards[seat] or ()
            caption = _("Elder's discards") if seat is ELDER else _("Younger's discards")
            _show_row(row, discarded, caption, seat not in self.hidden_seats)
        # the play: a phone's table puts the trick just above the learner's hand (table.css)
        (self.add_class if deal.phase is Phase.PLAY else self.remove_class)("pw-felt-playing")
        if deal.phase in (Phase.PLAY, Phase.FINISHED):
            elder, younger = deal.tricks_won
            text = _("Tricks won — elder {elder}, younger {younger}").format(elder=elder, younger=younger)
            set_value(self.tricks_won, f"<div>{escape(text)}</div>")
            set_shown(self.tricks_won, True)
        else:
            set_shown(self.tricks_won, False)

    def _show_talon(self, deal: Deal) -> None:
        elder_done, younger_done = (discards is not None for discards in deal.discards)
        talon = deal.talon
        closed = bool(self.hidden_seats)
        up = self.talon_face_up and not closed
        if not elder_done:
            _show_row(self.talon, talon[:5], _("Talon: elder's five"), up)
            _show_row(self.talon_younger, talon[5:], _("Talon: younger's three"), up)
        elif not younger_done:
            taken = len(deal.discards[ELDER])
            _show_row(self.talon, talon[taken:5], _("Left by elder"), up)
            _show_row(self.talon_younger, talon[5:], _("Talon: younger's three"), up)
        else:
            # once both have exchanged, what is left is turned up (rules 3), but not in closed piquet
            _show_row(self.talon, deal.talon_left, _("Left in the talon"), not closed)
            _show_row(self.talon_younger, (), "")

    def _show_trick(self, deal: Deal) -> None:
        """The trick being played (or the one just finished), and the one before it."""
        finished = list(deal.tricks)
        if deal.led is not None:
            number = len(deal.tricks) + 1
            caption = _("Trick {number}: {who} leads").format(number=number, who=seat_word(deal.leader))
            _show_row(self.trick, (deal.led,), caption)
        elif finished:
            trick = finished.pop()
            _show_row(self.trick, (trick.lead, trick.reply), _trick_caption(trick))
        else:
            _show_row(self.trick, (), "")
        if finished:
            trick = finished[-1]
            _show_row(self.previous_trick, (trick.lead, trick.reply), _trick_caption(trick))
        else:
            _show_row(self.previous_trick, (), "")


def _trick_caption(trick) -> str:
    return _("Trick {number}: won by {who}").format(number=trick.number, who=seat_word(trick.winner))


def default_hand_caption(seat: Seat, deal: Deal) -> str:
    count = len(deal.hand(seat))
    return ngettext("{who} — {count} card", "{who} — {count} cards", count).format(who=seat_at_start(seat), count=count)


def _set_trait(row: CardRow, name: str, value: object) -> None:
    if getattr(row, name) != value:
        setattr(row, name, value)


def _show_row(row: CardRow, cards: Sequence[Card], caption: str, face_up: bool = True) -> None:
    """Fill a small row (its cards face up or down), hiding it when it has no card."""
    codes = [card.code for card in cards]
    with row.hold_sync():
        _set_trait(row, "face_up", face_up)
        if row.cards != codes:
            row.set_cards(cards)
        _set_trait(row, "caption", caption)
    set_shown(row, bool(cards))
