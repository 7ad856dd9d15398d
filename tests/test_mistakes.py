"""Why a mistake is one: motifs on positions arranged by hand (the expected motif and sentence
worked out from the cards), and a property test that every motif stated holds on its two lines,
checked here from the finished deals without the code that chose it."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from piquet_widgets.analysis.mistakes import MOTIFS, exchange_motif, review_mistakes
from piquet_widgets.analysis.players import complete, get_player
from piquet_widgets.engine import ELDER, YOUNGER, Deal, Exchange, Phase, Play, parse_card, parse_cards
from piquet_widgets.engine.cards import mask_of
from piquet_widgets.engine.records import record_timeline
from piquet_widgets.i18n import set_language
from piquet_widgets.teach.mistakes import reason

ALL = set(parse_cards("AS KS QS JS TS 9S 8S 7S AH KH QH JH TH 9H 8H 7H AD KD QD JD TD 9D 8D 7D AC KC QC JC TC 9C 8C 7C"))


def arranged(elder_end: str, younger_end: str, then: str, younger_wins: int = 1) -> list[Deal]:
    """The timeline of a deal whose first nine tricks leave `elder_end` and `younger_end` in hand,
    then the cards `then` played. In those tricks the cards of one suit meet, the higher takes;
    younger takes the first `younger_wins` of them, elder the others (with one of them at least,
    nobody can make capot). Each player exchanges one card for the talon's next."""
    end_elder, end_younger = set(parse_cards(elder_end)), set(parse_cards(younger_end))
    pairs = []
    for suit in range(4):
        free = sorted((card for card in ALL - end_elder - end_younger if card.suit == suit), reverse=True)
        pairs += [(free[i], free[i + 1]) for i in range(0, len(free) - 1, 2)]
    pairs = pairs[:9]
    winners = [YOUNGER] * younger_wins + [ELDER] * (9 - younger_wins)
    elder = end_elder | {high if seat is ELDER else low for seat, (high, low) in zip(winners, pairs)}
    younger = end_younger | {low if seat is ELDER else high for seat, (high, low) in zip(winners, pairs)}
    others = sorted(ALL - elder - younger)
    assert len(elder) == len(younger) == 12 and len(others) == 8
    took_elder, took_younger = min(elder), min(younger)  # drawn from the talon's top
    talon = [took_elder, took_younger, *others[2:]]
    deal = Deal.new(sorted(elder - {took_elder} | {others[0]}), sorted(younger - {took_younger} | {others[1]}), talon)
    timeline = [deal, deal := deal.apply(Exchange((others[0],)))]
    timeline.append(deal := deal.apply(Exchange((others[1],))))
    while deal.phase is Phase.DECLARATIONS:
        timeline.append(deal := deal.apply(deal.default_action()))
    plays, leader = [], ELDER
    for seat, (high, low) in zip(winners, pairs):  # the winner of a trick leads the next
        plays += [high, low] if leader is seat else [low, high]
        leader = seat
    for card in [*plays, *parse_cards(then)]:
        timeline.append(deal := deal.apply(Play(card)))
    return timeline


def mistake_at(timeline: list[Deal], seat) -> object:
    found = [m for m in review_mistakes(timeline, [seat], exchanges=False) if m.phase is Phase.PLAY]
    return found[-1]


def setup_module() -> None:
    set_language("en")


def test_throwing_the_only_card_that_can_take_a_trick_allows_capot():
    # Younger has taken nine tricks. He leads the seven of diamonds; elder (A♠ 7♠ 8♣ against
    # K♠ Q♠) throws the ace of spades, and younger takes the last three: capot. Keeping it, elder
    # takes a spade trick.
    timeline = arranged("AS 7S 8C", "7D KS QS", "7D AS", younger_wins=9)
    mistake = mistake_at(timeline, ELDER)
    assert mistake.trick == 10 and mistake.played == (parse_card("AS"),)
    assert mistake.motif == "capot_allowed"
    assert mistake.played_line.end.tricks_won == (0, 12) and mistake.best_line.end.tricks_won[ELDER] >= 1
    assert reason(mistake).startswith("After the ace of spades, younger takes every trick and wins the capot")


def test_a_master_thrown_away_is_wasted():
    # Elder leads the seven of diamonds; younger (A♠ 7♣ 8♣ against K♠ 9♣) throws the ace of
    # spades, which then takes nothing; throwing a club, the ace takes the king.
    timeline = arranged("7D KS 9C", "AS 7C 8C", "7D AS")
    mistake = mistake_at(timeline, YOUNGER)
    assert mistake.motif == "master_wasted" and mistake.about == (parse_card("AS"),)
    assert set(mistake.best) == set(parse_cards("7C 8C"))
    assert reason(mistake) == "You threw away the ace of spades, the best card left in its suit: it took no trick, and kept it would have won one."


def test_the_guard_of_a_king_thrown_drops_the_king():
    # Elder leads the seven of diamonds; younger (K♠ 7♠ 8♣ against A♠ 8♠) throws the seven of
    # spades: the king is bare and falls under the ace. Throwing the club, the king makes a trick.
    timeline = arranged("7D AS 8S", "KS 7S 8C", "7D 7S")
    mistake = mistake_at(timeline, YOUNGER)
    assert mistake.motif == "guard_dropped" and mistake.about == (parse_card("KS"), parse_card("7S"))
    assert mistake.best == (parse_card("8C"),)
    assert reason(mistake) == (
        "The seven of spades guarded your king of spades: without it, your king of spades goes to a trick of elder's instead of winning one."
    )


def test_ducking_gives_the_lead_to_the_opponents_winners():
    # Elder leads the nine of hearts; younger (10♥ 7♥ 7♣ against A♦ K♦) plays the seven: elder
    # keeps the lead and takes the last two tricks with his diamonds. The ten takes the trick and
    # younger's seven of hearts and seven of clubs then take the others.
    timeline = arranged("9H AD KD", "TH 7H 7C", "9H 7H")
    mistake = mistake_at(timeline, YOUNGER)
    assert mistake.motif == "lead_given" and set(mistake.about) == set(parse_cards("AD KD"))
    assert mistake.best == (parse_card("TH"),)
    assert reason(mistake).startswith("The seven of hearts gave elder the lead, and he wins the next 2 tricks with the ")


def test_exchange_motifs_on_arranged_hands():
    hand = mask_of(parse_cards("AH KH QH JH 9H KS 7S AC 8C 7D 8D 9D"))
    # Throwing the nine of hearts breaks the point of five that throwing the seven of diamonds keeps.
    assert exchange_motif(hand, parse_cards("9H"), parse_cards("7D")) == ("point_given_up", tuple(parse_cards("AH KH QH JH 9H")))
    # The seven of spades guards the king of spades.
    assert exchange_motif(hand, parse_cards("7S"), parse_cards("7D")) == ("guard_dropped", tuple(parse_cards("KS 7S")))
    # The ace of clubs is in no combination: a high card thrown.
    assert exchange_motif(hand, parse_cards("AC"), parse_cards("7D")) == ("high_card_thrown", (parse_card("AC"),))
    # Nothing to say when the two choices keep the same combinations and high cards.
    assert exchange_motif(hand, parse_cards("8C"), parse_cards("7D")) == ("other", ())
    # Three aces: throwing one breaks the trio (the point, thirty in diamonds, stays either way).
    sets = mask_of(parse_cards("AS KS 7S AH KH 8H AD KD 9D 7C 8C 9C"))
    assert exchange_motif(sets, parse_cards("AS"), parse_cards("7C")) == ("set_given_up", tuple(parse_cards("AS AH AD")))
    # A tierce to the queen in hearts beside a point of five spades: the knave breaks the tierce.
    runs = mask_of(parse_cards("AS KS JS 9S 7S QH JH TH 7C 8C 7D 8D"))
    assert exchange_motif(runs, parse_cards("JH"), parse_cards("7C")) == ("sequence_given_up", tuple(parse_cards("QH JH TH")))


def test_a_point_sunk_that_would_have_won_is_sunk_needlessly():
    from test_cli import RECORD

    record = RECORD | {"declared": {"elder": {"point": ""}}}  # elder's point of five (49) beats younger's (48)
    found = [m for m in review_mistakes(record_timeline(record), [ELDER], exchanges=False) if m.phase is Phase.DECLARATIONS]
    assert [m.motif for m in found] == ["sunk_needlessly"]
    assert found[0].cost == 10  # elder's five points, and younger's five for his point
    assert found[0].played == () and len(found[0].best) == 5


# -- every motif stated holds on its two lines -----------------------------------------------------
def holds(mistake) -> bool:
    """The motif's claim, checked from the two finished deals alone."""
    seat, other = mistake.seat, mistake.seat.other
    good, bad = mistake.best_line.end, mistake.played_line.end
    start = mistake.trick - 1
    card = mistake.played[0]

    def tricks_with(deal, cards, won: bool):
        return [t for t in deal.tricks[start:] if (set(cards) & {t.lead, t.reply}) and (t.winner is seat) == won
                and (not won or (t.lead if t.winner is t.leader else t.reply) in cards)]

    pique = lambda deal: any(e.kind == "pique" for e in deal.events)  # noqa: E731
    checks = {
        "capot_allowed": lambda: bad.tricks_won[other] == 12 > good.tricks_won[other],
        "capot_missed": lambda: good.tricks_won[seat] == 12 > bad.tricks_won[seat],
        "pique_lost": lambda: seat is ELDER and pique(good) and not pique(bad),
        "pique_allowed": lambda: seat is YOUNGER and pique(bad) and not pique(good),
        "cards_lost": lambda: (good.tricks_won[seat] >= 7 > bad.tricks_won[seat]) or (bad.tricks_won[other] >= 7 > good.tricks_won[other]),
        "master_wasted": lambda: tricks_with(bad, [card], False) and tricks_with(good, [card], True),
        "guard_dropped": lambda: mistake.about[1] == card and mistake.about[0].suit == card.suit > -1
        and tricks_with(bad, mistake.about[:1], False) and tricks_with(good, mistake.about[:1], True),
        "lead_given": lambda: good.tricks[start].winner is seat and bad.tricks[start].winner is other
        and [t.lead for t in bad.tricks[start + 1 : start + 1 + len(mistake.about)]] == list(mistake.about)
        and all(t.leader is other and t.winner is other for t in bad.tricks[start + 1 : start + 1 + len(mistake.about)]),
        "suit_blocked": lambda: len(tricks_with(bad, mistake.about, True)) < len(tricks_with(good, mistake.about, True)),
        "tricks_lost": lambda: bad.tricks_won[seat] < good.tricks_won[seat],
        "last_trick_lost": lambda: good.tricks[-1].winner is seat and bad.tricks[-1].winner is other,
        "other": lambda: True,
    }
    return bool(checks[mistake.motif]())


PLAYERS = st.sampled_from(["beginner", "club"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), elder=PLAYERS, younger=PLAYERS, rules=st.sampled_from(["rubicon", "low_cards"]))
def test_every_motif_stated_holds_on_its_two_lines(seed, elder, younger, rules):
    from piquet_widgets.engine import PRESETS

    timeline = complete(Deal.from_seed(seed, PRESETS[rules]), {ELDER: get_player(elder), YOUNGER: get_player(younger)})
    for mistake in review_mistakes(timeline, exchanges=False):
        assert mistake.motif in MOTIFS and mistake.cost >= 1
        assert mistake.played_line.start == timeline[mistake.index].apply(Play(mistake.played[0]))
        assert mistake.best_line.start == timeline[mistake.index].apply(Play(mistake.best[0]))
        assert holds(mistake), (seed, mistake.motif, mistake.trick)
        assert reason(mistake)
