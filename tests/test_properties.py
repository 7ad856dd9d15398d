"""Invariants of rules.md checked over thousands of random legal deals (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from piquet_widgets.engine import (
    ELDER,
    PRESETS,
    YOUNGER,
    Deal,
    Exchange,
    Phase,
    deal_code,
    deal_from_code,
    deal_from_record,
    record_of,
    record_timeline,
)
from piquet_widgets.engine.cards import SUIT_MASKS, mask_of

DEALS = settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BONUSES = ("pique", "repique")
DECLARATION_KINDS = ("carte_blanche", "point", "sequence", "sets")


def random_timeline(seed: int, rules_name: str = "rubicon", sinking: bool = True) -> list[Deal]:
    """A whole deal with random legal choices (sinking sometimes, if allowed), every state kept."""
    rng = random.Random(seed)
    deal = Deal.from_seed(seed, PRESETS[rules_name])
    timeline = [deal]
    while deal.phase is not Phase.FINISHED:
        choices = deal.legal_actions()
        if deal.phase is Phase.EXCHANGE:
            count = rng.randint(choices.low, choices.high)
            action = Exchange(tuple(rng.sample(deal.hand(deal.to_move), count)))
            assert action in choices
        elif deal.phase is Phase.DECLARATIONS:
            action = rng.choice(choices) if sinking and rng.random() < 0.1 else choices[0]
        else:
            action = rng.choice(choices)
        deal = deal.apply(action)
        timeline.append(deal)
    return timeline


def reference_bonus(events) -> tuple[str, str] | None:
    """The pseudo-code of rules.md section 5, run on the log without its bonus events."""
    totals = {ELDER: 0, YOUNGER: 0}
    for event in events:
        if event.kind in BONUSES:
            continue
        totals[event.player] += event.points
        other = totals[event.player.other]
        if event.kind in DECLARATION_KINDS and totals[event.player] >= 30 and other == 0:
            return ("repique", event.player.key)
        if event.kind in ("lead", "win", "last") and event.player is ELDER and totals[ELDER] >= 30 and other == 0:
            return ("pique", "elder")
    return None


seeds = st.integers(min_value=0, max_value=2**32)


@DEALS
@given(seeds)
def test_cards_are_conserved_at_every_step(seed):
    for deal in random_timeline(seed):
        played = mask_of(card for trick in deal.tricks for card in (trick.lead, trick.reply))
        played |= mask_of([deal.led]) if deal.led is not None else 0
        discarded = mask_of(card for cards in deal.discards if cards for card in cards)
        places = [deal.hands[ELDER], deal.hands[YOUNGER], mask_of(deal.talon_left), discarded, played]
        assert sum(bin(mask).count("1") for mask in places) == 32
        assert (places[0] | places[1] | places[2] | places[3] | places[4]) == (1 << 32) - 1


@DEALS
@given(seeds)
def test_follow_suit_is_always_respected(seed):
    timeline = random_timeline(seed)
    for before, after in zip(timeline, timeline[1:]):
        if len(after.tricks) > len(before.tricks):
            trick = after.tricks[-1]
            follower_hand = before.hands[trick.leader.other]
            if trick.reply.suit != trick.lead.suit:
                assert not follower_hand & SUIT_MASKS[trick.lead.suit]
            higher = trick.reply.suit == trick.lead.suit and trick.reply.rank > trick.lead.rank
            assert trick.winner is (trick.leader.other if higher else trick.leader)


@DEALS
@given(seeds)
def test_scores_of_a_finished_deal(seed):
    deal = random_timeline(seed)[-1]
    kinds = [event.kind for event in deal.events]
    play_points = sum(event.points for event in deal.events if event.kind in ("lead", "win", "last"))
    second_wins = sum(trick.winner is not trick.leader for trick in deal.tricks)
    assert play_points == 12 + second_wins + 1
    assert sum(k in BONUSES for k in kinds) <= 1
    assert not any(e.kind == "pique" and e.player is YOUNGER for e in deal.events)
    assert not ("cards" in kinds and "capot" in kinds)
    elder_tricks, younger_tricks = deal.tricks_won
    assert ("capot" in kinds) == (max(deal.tricks_won) == 12)
    assert ("cards" in kinds) == (elder_tricks != younger_tricks and max(deal.tricks_won) < 12)
    for seat in (ELDER, YOUNGER):
        assert deal.scores[seat] == sum(e.points for e in deal.events if e.player is seat)
        assert sum(e.points for e in deal.events if e.player is seat and e.kind in ("lead", "win", "last")) <= 13
    found = [(e.kind, e.player.key) for e in deal.events if e.kind in BONUSES]
    assert found == ([reference_bonus(deal.events)] if reference_bonus(deal.events) else [])


@DEALS
@given(seeds)
def test_events_are_in_reckoning_order(seed):
    order = ["carte_blanche", "point", "sequence", "sets", "play", "cards"]
    rank = {"repique": None, "pique": None, "lead": 4, "win": 4, "last": 4, "capot": 5} | {k: i for i, k in enumerate(order)}
    deal = random_timeline(seed)[-1]
    ranks = [rank[e.kind] for e in deal.events if rank[e.kind] is not None]
    assert ranks == sorted(ranks)
    tricks = [e.trick for e in deal.events if e.trick is not None]
    assert tricks == sorted(tricks)


@settings(max_examples=500, deadline=None)
@given(seeds, st.sampled_from(["rubicon", "au_cent", "low_cards"]))
def test_every_record_round_trips(seed, rules_name):
    # records declare in full (docs/formats.md), so these deals sink nothing
    for deal in random_timeline(seed, rules_name, sinking=False)[::5]:
        if deal.phase is Phase.DECLARATIONS:
            continue  # a record with both exchanges has made its declarations (formats.md)
        assert deal_from_record(record_of(deal)) == deal


@settings(max_examples=2000, deadline=None)
@given(seeds)
def test_deal_codes_round_trip(seed):
    deal = Deal.from_seed(seed)
    again = deal_from_code(deal_code(deal))
    assert (again.dealt(ELDER), again.dealt(YOUNGER), again.talon) == (deal.dealt(ELDER), deal.dealt(YOUNGER), deal.talon)


@settings(max_examples=300, deadline=None)
@given(seeds)
def test_timeline_of_a_record_ends_where_the_record_does(seed):
    final = random_timeline(seed, sinking=False)[-1]
    timeline = record_timeline(record_of(final))
    assert len(timeline) == 1 + 2 + 6 + 24
    assert timeline[-1].events == final.events
