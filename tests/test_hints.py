"""Every claim a hint makes, checked against the cards over thousands of positions (hypothesis):
the engine plays out what the sentence promises, with every reply the opponent has."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from piquet_widgets.analysis.review import Hint, hint
from piquet_widgets.analysis.solver import Solver
from piquet_widgets.engine import ELDER, Deal, Exchange, Phase, Play
from piquet_widgets.engine.cards import SUIT_MASKS, Suit, cards_of
from piquet_widgets.engine.combinations import points_of, sequences_of, sets_of
from piquet_widgets.i18n import set_language
from piquet_widgets.teach.hints import move_words, nudge

SUITS = {suit.name_in_words(): suit for suit in Suit}
SEQUENCES = {"tierce": 3, "quart": 4, "quint": 5, "sixième": 6, "septième": 7, "huitième": 8}


def setup_module() -> None:
    set_language("en")


def position(seed: int, cards_played: int) -> Deal:
    """A deal exchanged at random and played at random up to `cards_played` cards (or its end)."""
    rng = random.Random(seed)
    deal = Deal.from_seed(seed)
    while deal.phase is Phase.EXCHANGE:
        hand = deal.hand(deal.to_move)
        choices = deal.legal_actions()
        deal = deal.apply(Exchange(tuple(rng.sample(hand, rng.randint(choices.low, choices.high)))))
    while deal.phase is Phase.DECLARATIONS:
        deal = deal.apply(deal.default_action())
    for _ in range(cards_played):
        if deal.phase is not Phase.PLAY or len(deal.tricks) == 11 and deal.led is not None:
            break
        deal = deal.apply(Play(rng.choice(deal.playable_cards())))
    return deal


def wins_every_reply(deal: Deal, card) -> bool:
    """`card` led takes the trick whatever the opponent plays."""
    led = deal.apply(Play(card))
    return all(led.apply(Play(reply)).tricks[-1].winner is deal.to_move for reply in led.playable_cards())


def suit_runs(deal: Deal, suit: Suit) -> bool:
    """Leading the suit from the top, the seat takes a trick with each of its cards, whatever the
    opponent plays each time."""
    seat = deal.to_move
    mine = [card for card in deal.hand(seat) if card.suit is suit]
    if not mine:
        return True
    top = max(mine)
    led = deal.apply(Play(top))
    following = [reply for reply in led.playable_cards() if reply.suit is suit]
    for reply in following or led.playable_cards()[:1]:  # which other suit he throws changes nothing here
        after = led.apply(Play(reply))
        if after.tricks[-1].winner is not seat:
            return False
        if after.phase is Phase.PLAY and not suit_runs(after, suit):
            return False
    return True


def check_play_claim(deal: Deal, card, text: str) -> None:
    seat = deal.to_move
    hand = deal.hands[seat]
    if deal.led is not None:
        led = deal.led
        if text.startswith("You cannot follow suit"):
            assert not hand & SUIT_MASKS[led.suit] and card.suit is not led.suit
        elif text.startswith("Win this trick"):
            assert card.suit is led.suit and card > led
        else:
            assert text.startswith("You need not win this trick") and card.suit is led.suit and card < led
        return
    if text.startswith("Lead your long suit: the "):
        suit = SUITS[text.removeprefix("Lead your long suit: the ").split(" are yours")[0]]
        assert suit is card.suit and suit_runs(deal, suit), text
        lengths = [(hand & mask).bit_count() for mask in SUIT_MASKS]
        assert lengths[suit] == max(lengths) >= 3, text
    elif text.startswith("Take your sure tricks"):
        suit = SUITS[text.removesuffix(".").split("cannot beat your ")[1]]
        assert suit is card.suit and all(wins_every_reply(deal, mine) for mine in cards_of(hand & SUIT_MASKS[suit])), text
    elif text.startswith("Take a sure trick"):
        assert card.suit.name_in_words() in text and wins_every_reply(deal, card), text
    else:
        assert text.startswith("Give up the lead cheaply") and not wins_every_reply(deal, card), text


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), played=st.integers(0, 23))
def test_every_play_hint_claim_holds_on_the_cards(seed, played):
    deal = position(seed, played)
    if deal.phase is not Phase.PLAY:
        return
    for card in deal.playable_cards():  # the hint's idea for each card the solver could name
        text = nudge(deal, Hint(deal.to_move, Phase.PLAY, (card,), 0))
        check_play_claim(deal, card, text)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), data=st.data())
def test_every_exchange_hint_describes_the_hand_its_own_discards_keep(seed, data):
    deal = Deal.from_seed(seed)
    if data.draw(st.booleans()):
        deal = deal.apply(Exchange(deal.hand(ELDER)[:3]))
    seat, hand = deal.to_move, deal.hand(deal.to_move)
    choices = deal.legal_actions()
    size = data.draw(st.integers(choices.low, choices.high))
    discards = tuple(data.draw(st.permutations(hand))[:size])
    text = nudge(deal, Hint(seat, Phase.EXCHANGE, discards, 0))
    kept = deal.hands[seat] & ~sum(1 << card for card in discards)
    head, _, rest = text.partition(": they make your point")
    whole = head.startswith("Keep your ") and not head.startswith("Keep your best ")
    suit = SUITS[head.removeprefix("Keep your best ").removeprefix("Keep your ")]
    assert points_of(kept)[0].cards[0].suit is suit
    if whole:
        assert not any(card.suit is suit for card in discards), text  # "keep your hearts": none thrown
    if rest.startswith(" and a "):
        length = SEQUENCES[rest.removeprefix(" and a ").split(".")[0]]
        assert any(run.length == length and run.cards[0].suit is suit for run in sequences_of(kept)), text
    if "too." in rest:
        assert sets_of(kept)[0].name() in rest


def test_the_named_move_says_its_worth_in_whole_points_in_words():
    deal = position(11, 6)
    found = hint(deal, Solver())
    words = move_words(deal, found)
    assert f"play the {found.cards[0].name_in_words()}" in words
    assert not any(char.isdigit() for char in words), words  # no figure: points in words
    mine = found.value if found.seat is ELDER else -found.value
    assert ("you make" in words) == (mine > 0) and ("more than you" in words) == (mine < 0)
