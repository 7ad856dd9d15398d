"""What a closed seat knows of the declarations is what was said aloud (issue 28; rules.md section
4, "The dialogue, word by word", and 8b).

The transcript here is written from section 4 alone, as lines a person says — "Point of five." /
"How much?" / "Forty-nine." / "Not good." — each reduced to what it tells the other player. An
observation may name no length, value, top card or score that its transcript has not said by
that moment, and must name everything it has said.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import random_timeline

from piquet_widgets.analysis.observation import observe
from piquet_widgets.engine import ELDER, YOUNGER, Deal, Exchange, Phase, Play, parse_cards
from piquet_widgets.engine.combinations import Category, Combination

SEATS = (ELDER, YOUNGER)


@dataclass(frozen=True)
class Said:
    """One line of the dialogue, as the other player hears it: who, in which category, and what
    it tells — a shape (length; a set's rank is its shape), a value or top card, or a verdict."""

    speaker: str
    category: Category
    which: int = 0  # which of the speaker's combinations of the category, best first
    length: int | None = None
    detail: int | None = None  # a point's value or a sequence's top, when said; a set's rank
    verdict: str | None = None


def shape(combination: Combination) -> tuple[int, int | None]:
    """A combination named by its shape: "Point of five", "A quint", "Three kings"."""
    return combination.length, combination.top if combination.category is Category.SETS else None


def transcript(deal: Deal) -> list[Said]:
    """Everything said in the declarations so far, word by word (section 4)."""
    said: list[Said] = []
    declarations = deal.declarations
    reckoned = bool(deal.tricks) or deal.phase is Phase.FINISHED
    for index in range(0, len(declarations), 2):
        mine = declarations[index].combinations
        theirs = declarations[index + 1].combinations if index + 1 < len(declarations) else None
        category = declarations[index].category
        if mine:
            length, detail = shape(mine[0])
            said.append(Said("elder", category, 0, length, detail))  # "Point of five." / "A quint." / "Three kings."
        if theirs is None:
            continue  # younger has not answered yet
        if mine and theirs and category is not Category.SETS and mine[0].length == theirs[0].length:
            said.append(Said("younger", category, 0, theirs[0].length))  # "How much?" / "To what?": as long as his
            said.append(Said("elder", category, 0, mine[0].length, mine[0].top))  # "Forty-nine." / "To the king."
        elder_key = mine[0].key if mine else (0, 0)
        younger_key = theirs[0].key if theirs else (0, 0)
        if elder_key > younger_key:
            said.append(Said("younger", category, verdict="good"))
            for which, other in enumerate(mine[1:], start=1):  # "...and a tierce."
                said.append(Said("elder", category, which, *shape(other)))
        elif elder_key < younger_key:
            if mine:
                said.append(Said("younger", category, verdict="not good"))
            if reckoned:  # she names what she scores as she plays to trick 1
                for which, combination in enumerate(theirs):
                    detail = None if category is Category.POINT else combination.top
                    said.append(Said("younger", category, which, combination.length, detail))
        elif mine:
            said.append(Said("younger", category, verdict="equal"))
            said.append(Said("younger", category, 0, mine[0].length, mine[0].top))  # the same as his
    return said


def heard_of(said: list[Said], speaker: str, category: Category) -> list[tuple[int, int]]:
    """What `speaker` said of each of his combinations in `category`, best first: (length,
    detail), 0 for a detail not said; a later line about the same combination adds to it."""
    known: dict[int, tuple[int, int]] = {}
    for line in said:
        if line.speaker == speaker and line.category is category and line.length:
            length, detail = known.get(line.which, (line.length, 0))
            known[line.which] = (line.length, line.detail or detail)
    return [known[which] for which in sorted(known)]


def scored_aloud(deal: Deal, seat) -> tuple[int, int]:
    """The scores as `seat` heard them counted: younger counts her declarations when she reckons."""
    reckoned = bool(deal.tricks) or deal.phase is Phase.FINISHED
    totals = [0, 0]
    for event in deal.events:
        hidden = seat is ELDER and event.player is YOUNGER and not reckoned and event.kind in ("point", "sequence", "sets", "repique")
        if not hidden:
            totals[event.player] += event.points
    return totals[0], totals[1]


def check_against_transcript(deal: Deal) -> None:
    said = transcript(deal)
    for seat in SEATS:
        seen = observe(deal, seat)
        assert seen.scores == scored_aloud(deal, seat), (seat, seen.scores, deal.events)
        for announced in seen.announced:
            category = announced.category
            for speaker, keys in (("elder", announced.elder), ("younger", announced.younger)):
                assert list(keys) == heard_of(said, speaker, category), (seat, speaker, category, keys, said)
            verdicts = [line.verdict for line in said if line.category is category and line.verdict]
            if verdicts:
                assert announced.verdict.value.replace("_", " ") == verdicts[0]


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9))
def test_every_observation_knows_exactly_what_the_dialogue_said(seed: int) -> None:
    """Random deals with random exchanges, sinking sometimes, at every moment of the deal."""
    for deal in random_timeline(seed):
        if deal.phase is not Phase.EXCHANGE:
            check_against_transcript(deal)


def arranged(elder: str, younger: str, elder_discards: int = 1, younger_discards: int = 1) -> Deal:
    elder_cards, younger_cards = parse_cards(elder), parse_cards(younger)
    talon = [card for card in range(32) if card not in elder_cards and card not in younger_cards]
    deal = Deal.new(elder_cards, younger_cards, talon)
    return deal.apply(Exchange(elder_cards[-elder_discards:])).apply(Exchange(younger_cards[-younger_discards:]))


def declare_all(deal: Deal) -> Deal:
    while deal.phase is Phase.DECLARATIONS:
        deal = deal.apply(deal.default_action())
    return deal


def test_a_point_of_equal_length_is_heard_with_its_value() -> None:
    """Both hold five cards of a suit, 50 against 49: "Point of five." — "How much?" — "Fifty." —
    "Good." Younger has heard elder's value; elder knows only that hers is a five."""
    deal = declare_all(arranged("AS KS QS JS 9S TH 9H 7H AD 8D AC 7C", "TS 8S 7S AH KH QH JH 8H KD QD KC QC"))
    elder_point, younger_point = deal.declarations[0].combinations[0], deal.declarations[1].combinations[0]
    assert (elder_point.key, younger_point.key) == ((5, 50), (5, 49))
    for seat in SEATS:
        point = observe(deal, seat).announced[0]
        assert point.elder == ((5, 50),) and point.younger == ((5, 0),) and point.verdict.value == "good"


def test_a_longer_point_is_heard_by_its_length_alone() -> None:
    deal = declare_all(arranged("AS KS QS JS 9S 8S TH 9H 7H AD 8D 7C", "TS 7S 9C AH KH QH JH 8H KD QD KC QC"))
    assert deal.declarations[0].combinations[0].length == 6
    point = observe(deal, YOUNGER).announced[0]
    assert point.elder == ((6, 0),) and point.younger == () and point.verdict.value == "good"


def test_elder_does_not_hear_youngers_combinations_before_she_reckons() -> None:
    """Younger's better point and her quint are hers to count as she plays to trick 1: at elder's
    first lead he knows only "Not good", and her score stands at what was counted aloud."""
    deal = declare_all(arranged("AS KS 9S AH KH 8H 7H AD 8D 7D 8C 7C", "KC QC JC TC 9C QD JD TD 9D QS JS TS"))
    younger_point = deal.declarations[1].combinations[0]
    assert deal.declarations[0].combinations[0].key < younger_point.key
    before = observe(deal, ELDER)
    assert before.announced[0].verdict.value == "not_good" and before.announced[0].younger in ((), ((younger_point.length, 0),))
    assert before.scores[YOUNGER] == 0 and deal.scores[YOUNGER] > 0
    assert not {card for item in before.announced for card in item.shown} & set(deal.hand(YOUNGER))
    lead = deal.legal_actions()[0]
    after = deal.apply(lead)
    after = after.apply(after.legal_actions()[0])
    heard = observe(after, ELDER)
    assert heard.announced[0].younger == ((younger_point.length, 0),)  # "Point of six": her count, not its value
    assert heard.scores == after.scores
    assert set(younger_point.cards) <= {card for item in heard.announced for card in item.shown}  # Law 55, asked
    assert isinstance(lead, Play)
