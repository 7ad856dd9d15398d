"""Building deals for tests: hands after the exchange written by hand, the rest filled in."""

from __future__ import annotations

from piquet_widgets.engine import Deal, Exchange, Phase, Play, parse_cards
from piquet_widgets.engine.cards import CARDS
from piquet_widgets.engine.rules import DEFAULT_RULES, Rules


def arranged_deal(elder: str, younger: str, rules: Rules = DEFAULT_RULES) -> Deal:
    """A deal whose hands after a one-card exchange each are exactly `elder` and `younger`.

    Each player is dealt one spare card in place of a card of his final hand, discards the spare
    and draws that card from the talon.
    """
    elder_final, younger_final = parse_cards(elder, size=12), parse_cards(younger, size=12)
    rest = plain_first([card for card in range(32) if card not in elder_final and card not in younger_final])
    spare_elder, spare_younger = rest[0], rest[1]
    # Each draws back a plain card of his hand where it has one, dealt a plain spare in its place:
    # the hand dealt is carte blanche exactly when the hand after the exchange is.
    elder_drawn, younger_drawn = plain_first(elder_final)[0], plain_first(younger_final)[0]
    elder_dealt = [card for card in elder_final if card != elder_drawn] + [spare_elder]
    younger_dealt = [card for card in younger_final if card != younger_drawn] + [spare_younger]
    talon = [elder_drawn, younger_drawn] + rest[2:]
    deal = Deal.new(elder_dealt, younger_dealt, talon, rules)
    deal = deal.apply(Exchange((deal.talon[0].__class__(spare_elder),)))
    return deal.apply(Exchange((deal.talon[0].__class__(spare_younger),)))


def plain_first(cards: list[int]) -> list[int]:
    """The cards in their order, those that are not a king, queen or knave first."""
    return sorted(cards, key=lambda card: CARDS[card].code[0] in "KQJ")


def declare_all(deal: Deal) -> Deal:
    """Every declaration made in full."""
    while deal.phase is Phase.DECLARATIONS:
        deal = deal.apply(deal.default_action())
    return deal


def play_cards(deal: Deal, cards: str) -> Deal:
    for card in parse_cards(cards, "play"):
        deal = deal.apply(Play(card))
    return deal
