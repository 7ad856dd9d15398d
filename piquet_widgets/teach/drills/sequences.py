"""Drills on sequences (lesson 4): find your best sequence and name it."""

from __future__ import annotations

import random

from piquet_widgets.engine import Card, Category, Combination, sequences_of
from piquet_widgets.engine.cards import mask_of
from piquet_widgets.i18n import N_, Message
from piquet_widgets.teach.drills.base import Drill, Row, say
from piquet_widgets.teach.drills.dealing import pack, shaped
from piquet_widgets.teach.drills.kind import Kind


def make_best_sequence(rng: random.Random, level: int) -> Drill:
    """Click your best sequence, then name it."""

    def fits(hand):
        found = sequences_of(mask_of(hand))
        if level == 1:
            return len(found) == 1
        if level == 2:
            return len(found) >= 2 and found[0].length > found[1].length
        return len(found) >= 2 and found[0].length == found[1].length and found[0].top != found[1].top

    hand = tuple(shaped(rng, lambda: sorted(pack(rng)[:12], key=lambda c: (c.suit, -c.rank)), fits))
    found = sequences_of(mask_of(hand))
    best = found[0]
    names = [best]
    for length, top in ((best.length, best.top - 1), (best.length, min(best.top + 1, 7)), (best.length + 1, best.top), (best.length - 1, best.top)):
        if 3 <= length <= 8 and top - length >= -1 and (length, top) not in [(n.length, n.top) for n in names]:
            names.append(Combination(Category.SEQUENCE, 0, length, top))
    names = names[:4]
    rng.shuffle(names)
    keys = tuple(f"{n.length}-{n.top}" for n in names)
    right_key = f"{best.length}-{best.top}"
    if len(found) > 1 and found[1].length < best.length:
        why = say(N_("Your best sequence is the {name}, {cards}: it is longer than your {other}."), name=best, cards=best.cards, other=found[1])
    elif len(found) > 1:
        why = say(N_("Your best sequence is the {name}, {cards}: at equal length the higher top card wins over your {other}."), name=best, cards=best.cards, other=found[1])
    else:
        why = say(N_("Your sequence is the {name}: {cards}."), name=best, cards=best.cards)
    return Drill(
        "best_sequence", level, say(N_("Click the cards of your best sequence, then its name.")), (Row(say(N_("Your hand")), hand),),
        "cards", (frozenset(best.cards), right_key), why, best.cards, pick=0, choices=keys,
        choice_labels=tuple(say("{name}", name=n) for n in names), facts={"best": best, "names": dict(zip(keys, names))},
    )


def _judge_best_sequence(drill: Drill, answer: tuple) -> tuple[Message, tuple[Card, ...]] | None:
    best: Combination = drill.facts["best"]
    cards, key = answer
    if frozenset(cards) == frozenset(best.cards):
        named = drill.facts["names"].get(key)
        return say(N_("These are the right cards, but they make a {name}, not a {wrong}: {count} in a row headed by the {top}."),
                   name=best, wrong=named if named is not None else "?", count=best.length, top=best.cards[0]), best.cards
    return None


KINDS = (
    Kind("best_sequence", N_("Your best sequence"), N_("A sequence is three or more cards of one suit in a row: the longest is best, then the one with the higher top card."), make_best_sequence, wrong=_judge_best_sequence),
)
