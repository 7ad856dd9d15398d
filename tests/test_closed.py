"""Closed piquet: what a seat may see (rules.md section 8b), and computers that decide from that
alone — by sampling the deals consistent with it — legally, reproducibly, and for the partie when
the partie is at stake (rules.md section 7)."""

from __future__ import annotations

import dataclasses
import random
import time
import typing

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import random_timeline

from piquet_widgets.analysis import closed
from piquet_widgets.analysis.closed import ClosedPlayer, Screened, _after_exchange, exchange_totals, sample_deals, standing_before_last_deal
from piquet_widgets.analysis.observation import Observation, Standing, observe
from piquet_widgets.analysis.players import CLOSED_LEVELS, PLAYERS, get_player
from piquet_widgets.engine import ELDER, YOUNGER, Deal, Declare, Exchange, Partie, Phase, Play, Seat, deal_from_record, parse_card, parse_cards, record_of
from piquet_widgets.engine.cards import Card, mask_of
from piquet_widgets.engine.combinations import Category, Combination

SEATS = (ELDER, YOUNGER)


@pytest.fixture(autouse=True)
def without_deadline(monkeypatch):
    """The levels without their deadline (`Settings.seconds`): these tests check what a level
    chooses, not how soon; on a busy machine a deadline cuts a valuation short, by the clock and
    not by anything the seat sees. The deadline's own tests set it, and bench_computer_moves.py
    measures the time."""
    for level, chosen in closed.SETTINGS.items():
        monkeypatch.setitem(closed.SETTINGS, level, dataclasses.replace(chosen, seconds=None))


def cards_named(value: object) -> list[Card]:
    """Every card anywhere inside an observation; fails on an int that could be a mask of cards."""
    if isinstance(value, Card):
        return [value]
    if isinstance(value, Combination):
        return list(value.cards)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [card for field in dataclasses.fields(value) for card in cards_named(getattr(value, field.name))]
    if isinstance(value, (tuple, list)):
        return [card for item in value for card in cards_named(item)]
    if isinstance(value, int) and not isinstance(value, bool):
        assert value < 4096, f"{value} looks like a mask of cards"
    return []


def visible(deal: Deal, seat: Seat, talon_looked: bool) -> int:
    """The cards rules.md section 8b lets `seat` see, worked out from the deal."""
    other = seat.other
    seen = mask_of(deal.dealt(seat))
    if deal.discards[seat] is not None:
        start = 0 if seat is ELDER else len(deal.discards[ELDER])
        seen |= mask_of(deal.talon[start : start + len(deal.discards[seat])])
        if any(e.kind == "carte_blanche" and e.player is other for e in deal.events):
            seen |= mask_of(deal.dealt(other))  # Law 20: shown after the observer's discard
    for trick in deal.tricks:
        seen |= mask_of((trick.lead, trick.reply))
    if deal.led is not None:
        seen |= 1 << deal.led
    # Younger reckons her good combinations as she plays to trick 1: only then are they named.
    reckoned = other is ELDER or bool(deal.tricks) or deal.phase is Phase.FINISHED
    for event in deal.events:  # the opponent's scoring combinations, shown when asked (Law 55)
        if event.player is other and event.kind in ("point", "sequence", "sets") and reckoned:
            seen |= mask_of(event.cards)
    for declaration in deal.declarations:  # a quatorze he names shows its four cards
        if declaration.player is other and declaration.category is Category.SETS and declaration.combinations:
            named = declaration.combinations[:1] if other is ELDER else ()
            if any(e.kind == "sets" and e.player is other for e in deal.events) and reckoned:
                named = declaration.combinations
            seen |= mask_of(card for combo in named if combo.length == 4 for card in combo.cards)
    if talon_looked and deal.discards[YOUNGER] is not None:
        seen |= mask_of(deal.talon_left)
    return seen


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), talon_looked=st.booleans())
def test_an_observation_names_only_cards_its_seat_may_see(seed, talon_looked):
    for deal in random_timeline(seed):
        for seat in SEATS:
            seen = observe(deal, seat, talon_looked=talon_looked)
            allowed = visible(deal, seat, talon_looked)
            named = mask_of(cards_named(seen))
            assert named & ~allowed == 0, f"{seat.key} is shown {[str(Card(c)) for c in range(32) if named & ~allowed >> c & 1]}"
            assert seen.hand == deal.hand(seat)


def test_an_observation_hides_the_opponent_and_the_talon():
    deal = Deal.from_seed(11)
    seen = observe(deal, ELDER)
    assert mask_of(cards_named(seen)) == mask_of(deal.dealt(ELDER))
    after = deal.apply(Exchange(deal.hand(ELDER)[:3]))
    seen = observe(after, ELDER)
    assert seen.drawn == deal.talon[:3] and seen.discards == deal.hand(ELDER)[:3]
    assert not mask_of(cards_named(seen)) & (mask_of(deal.dealt(YOUNGER)) | mask_of(deal.talon[3:]))
    assert observe(after, YOUNGER).exchanged == (3, None) and observe(after, YOUNGER).drawn == ()


def test_announcements_name_combinations_not_cards():
    """Elder's point of five is heard as a length (younger's is shorter: nobody asks its value);
    a quatorze named shows its four cards; combinations that lose are heard only through the answer."""
    elder = parse_cards("AS KS QS JS 9S AH AD AC 8H 7H 8D 7D")
    younger = parse_cards("TS 8S 7S KH QH JH TH KD QD JD KC QC")
    talon = [c for c in range(32) if not mask_of(elder + younger) >> c & 1]
    deal = Deal.new(elder, younger, talon).apply(Exchange(elder[-1:])).apply(Exchange(younger[-1:]))
    for _ in range(6):
        deal = deal.apply(deal.default_action())
    heard = observe(deal, YOUNGER).announced
    point, sequence, sets = heard
    assert point.elder == ((5, 0),) and point.verdict.value == "good" and point.younger == ()  # "Point of five." — "Good."
    assert sequence.elder[0] == (4, 7)  # "A quart." — "To what?" (her quart to the king) — "Major."
    assert sets.category is Category.SETS and (4, 7) in sets.elder  # fourteen aces
    shown = mask_of(sets.shown)
    assert shown & mask_of(parse_cards("AS AH AD AC")) == mask_of(parse_cards("AS AH AD AC"))
    assert not mask_of(cards_named(observe(deal, YOUNGER, ask_to_see=False))) & mask_of(parse_cards("KS QS JS 9S"))


def decision_moments(seed: int) -> list[Deal]:
    """Every state of a deal played by two closed beginners (fast), where a decision is due."""
    timeline = [Deal.from_seed(seed)]
    players = {ELDER: get_player("closed_beginner"), YOUNGER: get_player("closed_beginner")}
    while timeline[-1].phase is not Phase.FINISHED:
        deal = timeline[-1]
        timeline.append(deal.apply(players[deal.to_move].choose_action(deal)))
    return timeline[:-1]


def test_samples_are_deals_the_seat_cannot_tell_from_the_real_one():
    checked = 0
    for seed in (2, 5, 9):
        for deal in decision_moments(seed)[2::3]:
            seat = deal.to_move
            seen = observe(deal, seat)
            looked = bool(seed % 2)
            seen = observe(deal, seat, talon_looked=looked)
            for sample in sample_deals(seen, 3, random.Random(seed)):
                assert observe(sample, seat, talon_looked=looked) == seen
                assert sample.hands[seat] == deal.hands[seat]
                checked += 1
    assert checked > 20


def test_samples_that_allow_for_sinking_look_the_same_too():
    """The sampler's fallback, when no hand declaring in full makes the announcements heard."""
    checked = 0
    for deal in random_timeline(4)[8:20:3] + random_timeline(6)[8:20:3]:
        if deal.phase is Phase.FINISHED:
            continue
        seat = deal.to_move
        seen = observe(deal, seat)
        rng = random.Random(0)
        for _try in range(60):
            sample = _after_exchange(seen, rng, "sinking")
            if sample is not None:
                assert observe(sample, seat) == seen
                checked += 1
    assert checked > 20


def test_a_closed_player_is_handed_observations_never_deals():
    for name in ("decide", "choose_discards", "choose_declaration", "choose_card"):
        hints = typing.get_type_hints(getattr(ClosedPlayer, name))
        assert hints["observation"] is Observation, name
        assert Deal not in hints.values(), name


def test_a_closed_choice_depends_only_on_what_its_seat_sees():
    """Swap the deal for a sample that looks the same from the seat to move: the choice stays."""
    for deal in decision_moments(3)[8:30:4]:
        seen = observe(deal, deal.to_move)
        other = sample_deals(seen, 1, random.Random(1))[0]
        assert other.hands[deal.to_move.other] != deal.hands[deal.to_move.other] or other.talon != deal.talon
        club = Screened(ClosedPlayer("club"))
        assert club.choose_action(other) == club.choose_action(deal)


def test_closed_levels_are_registered_and_finish_deals_legally():
    assert CLOSED_LEVELS == ("closed_beginner", "closed_club", "closed_expert")
    assert not set(CLOSED_LEVELS) & set(PLAYERS)  # the open table's menu stays as it is
    assert all(get_player(level).level == level for level in CLOSED_LEVELS)
    players = {ELDER: get_player("closed_club"), YOUNGER: get_player("closed_beginner")}
    deal = Deal.from_seed(8)
    while deal.phase is not Phase.FINISHED:
        action = players[deal.to_move].choose_action(deal)
        assert action in deal.legal_actions() or isinstance(action, Declare)
        deal = deal.apply(action)
    assert sum(deal.tricks_won) == 12


def replayed(deal: Deal, actions: list) -> Deal:
    for action in actions:
        deal = deal.apply(action)
    return deal


CLOSED_PAIR = st.sampled_from(["closed_beginner", "closed_club"])


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), elder=CLOSED_PAIR, younger=CLOSED_PAIR)
def test_a_closed_deal_replays_to_the_same_score(seed, elder, younger):
    start = Deal.from_seed(seed)
    players = {ELDER: get_player(elder), YOUNGER: get_player(younger)}
    deal, actions = start, []
    while deal.phase is not Phase.FINISHED:
        actions.append(players[deal.to_move].choose_action(deal))
        deal = deal.apply(actions[-1])
    again = replayed(Deal.new(start.dealt(ELDER), start.dealt(YOUNGER), start.talon), actions)
    assert again == deal
    assert_scores_hold(deal)
    assert deal_from_record(record_of(deal)).scores == deal.scores  # nothing sunk: a plain record


def assert_scores_hold(deal: Deal) -> None:
    """The score sheet of rules.md sections 5 and 6: totals of the log, one bonus at most, at most
    13 play points each."""
    assert sum(deal.tricks_won) == 12
    assert [sum(e.points for e in deal.events if e.player is seat) for seat in SEATS] == list(deal.scores)
    assert sum(e.kind in ("pique", "repique") for e in deal.events) <= 1
    for seat in SEATS:
        assert sum(e.points for e in deal.events if e.player is seat and e.kind in ("lead", "win", "last")) <= 13


# -- playing for the partie --------------------------------------------------------------------
def at_younger_sets() -> Deal:
    """A last deal arranged so that younger (the closed expert) wins the point and holds three
    tens, elder holds no set and cannot pique: only younger's sets remain to be declared."""
    elder = parse_cards("AS JS 9S AH KH 9H KD QD 9D 7D JC KS")
    younger = parse_cards("TS 8S 7S TH 8H 7H TD 8D AC QC 9C QS")
    talon = parse_cards("TC 7C QH JH JD AD 8C KC")
    deal = Deal.new(elder, younger, talon).apply(Exchange(parse_cards("KS"))).apply(Exchange(parse_cards("QS")))
    while not (deal.category is Category.SETS and deal.to_move is YOUNGER):
        deal = deal.apply(deal.default_action())
    assert deal.scores == (0, 4)  # younger's point of four, 37, beats elder's four, 36
    return deal


def sets_choice(standing: Standing | None) -> tuple:
    deal = at_younger_sets()
    return ClosedPlayer("expert").decide(observe(deal, YOUNGER, standing=standing)).combinations


def test_for_points_the_expert_declares_its_three_tens():
    assert [combo.length for combo in sets_choice(None)] == [3]


def test_rubiconed_whatever_it_does_the_expert_sinks_its_three_tens():
    """At 0 against 250 it cannot reach 100: the winner scores both totals plus 100, so each point
    it scores is a point to him. Sinking the trio saves exactly 3."""
    assert sets_choice(Standing(mine=0, theirs=250)) == ()
    at_table = Screened(ClosedPlayer("expert"), standing=Standing(mine=0, theirs=250))
    assert at_table.choose_action(at_younger_sets()) == Declare(Category.SETS, ())


def test_over_the_rubicon_or_winning_the_expert_declares():
    """At 97 the point already took it past 100, so each point it scores is a point less lost;
    far ahead of a rubiconed opponent, every point scored adds to what it wins."""
    assert [combo.length for combo in sets_choice(Standing(mine=97, theirs=250))] == [3]
    assert [combo.length for combo in sets_choice(Standing(mine=250, theirs=0))] == [3]


def test_a_deal_with_a_sunk_trio_replays_to_the_same_score():
    deal = at_younger_sets()
    start = Deal.new(deal.dealt(ELDER), deal.dealt(YOUNGER), deal.talon)
    actions = [Exchange(deal.discards[ELDER]), Exchange(deal.discards[YOUNGER])]
    actions += [Declare(d.category, d.combinations) for d in deal.declarations]
    expert = Screened(ClosedPlayer("expert"), standing=Standing(mine=0, theirs=250))
    club = get_player("closed_club")
    while deal.phase is not Phase.FINISHED:
        actions.append((expert if deal.to_move is YOUNGER and deal.phase is Phase.DECLARATIONS else club).choose_action(deal))
        deal = deal.apply(actions[-1])
    assert deal.declarations[-1].combinations == () and deal.declarations[-1].holds  # sunk
    assert not any(e.kind == "sets" for e in deal.events)
    assert replayed(start, actions) == deal
    assert_scores_hold(deal)


def test_the_standing_is_known_only_before_the_last_deal():
    partie = Partie()
    beginner = get_player("beginner")
    for number in range(1, 6):
        assert standing_before_last_deal(partie, "A") is None
        from piquet_widgets.analysis.players import complete

        partie = partie.with_deal(complete(Deal.from_seed(number), beginner)[-1])
    standing = standing_before_last_deal(partie, "A")
    assert (standing.mine, standing.theirs) == (partie.totals["A"], partie.totals["B"])
    assert Standing(0, 250).settlement(10, 0) == -(10 + 250 + 100)
    assert Standing(120, 150).settlement(0, 0) == -(150 - 120 + 100)
    assert Standing(150, 90).settlement(0, 0) == 150 + 90 + 100


def at_trick_eleven() -> Deal:
    """A last deal arranged so that, at trick 11, elder leads the 9H and younger (the closed
    expert) holds TH and 8H; tricks stand 5-5. Younger has seen every card but AS and KS — elder's
    last card and his discard — so elder's last card is a spade, which younger cannot follow.
    Nothing was declared (equal points of four, 39, and no sequence or set)."""
    elder = parse_cards("7S TS KS AS 7D 9D JD KD 8C TC QC AC")
    younger = parse_cards("7C 9C JC KC 9S AH KH QH JH 7H JS QS")
    talon = parse_cards("9H TH 8H 8D TD QD AD 8S")
    deal = Deal.new(elder, younger, talon).apply(Exchange(parse_cards("AS"))).apply(Exchange(parse_cards("AH KH QH JH 7H JS QS")))
    deal = _declared(deal)
    # Each of the first ten tricks is won by its second player: 1 to each for every trick.
    for code in "7D 8D 7C 8C 9D TD 9C TC JD QD JC QC KD AD KC AC 7S 8S 9S TS 9H".split():
        deal = deal.apply(Play(parse_card(code)))
    assert deal.tricks_won == (5, 5) and deal.scores == (11, 10) and deal.to_move is YOUNGER
    assert set(deal.hand(YOUNGER)) == set(parse_cards("TH 8H"))
    return deal


def _declared(deal: Deal) -> Deal:
    while deal.phase is Phase.DECLARATIONS:
        deal = deal.apply(deal.default_action())
    return deal


def card_choice(standing: Standing | None) -> Card:
    return ClosedPlayer("expert").decide(observe(at_trick_eleven(), YOUNGER, standing=standing)).card


# Taking trick 11 with the TH, younger leads the 8H to the last and wins it too: 1 + 1 + 1 and the
# cards (7 tricks) 10 — deal 11-23. Ducking with the 8H, elder takes both and the cards — 23-10.
WIN, DUCK = ((11, 23), (23, 10))


def test_for_points_the_expert_takes_the_trick():
    assert (WIN[1] - WIN[0], DUCK[1] - DUCK[0]) == (12, -13)
    assert card_choice(None) == parse_card("TH")


def test_rubiconed_whatever_it_does_the_expert_ducks_the_trick():
    """At 0 against 300 it stays under 100 either way and loses W + L + 100: taking the trick
    costs 311 + 23 + 100 = 434, ducking 323 + 10 + 100 = 433 — one point less lost."""
    standing = Standing(mine=0, theirs=300)
    assert standing.settlement(WIN[1], WIN[0]) == -434 and standing.settlement(DUCK[1], DUCK[0]) == -433
    assert card_choice(standing) == parse_card("8H")


def test_when_the_trick_takes_it_past_the_rubicon_the_expert_takes_it():
    """At 80 against 300 taking the trick reaches 103 and loses 311 - 103 + 100 = 308; ducking
    stays at 90, rubiconed, and loses 323 + 90 + 100 = 513."""
    standing = Standing(mine=80, theirs=300)
    assert standing.settlement(WIN[1], WIN[0]) == -308 and standing.settlement(DUCK[1], DUCK[0]) == -513
    assert card_choice(standing) == parse_card("TH")


def test_the_expert_values_its_exchange_for_the_partie_in_the_last_deal(monkeypatch):
    """Its exchange candidates go to the whole-deal evaluator with the standing, which then values
    each by the settlement: rubiconed whatever happens (0 against 1000, the loser's points added to
    the winner's), every choice loses at least 1000 + 100."""
    from piquet_widgets.analysis import evaluator  # imported by the closed player where it computes

    asked = []
    evaluate = evaluator.evaluate_exchange

    def spy(deal, settings, **options):
        found = evaluate(deal, settings, **options)
        asked.append((options["standing"], [evaluation.expected for evaluation in found]))
        return found

    monkeypatch.setattr(evaluator, "evaluate_exchange", spy)
    deal = Deal.from_seed(5)
    Screened(ClosedPlayer("expert")).choose_action(deal)
    assert asked and all(standing is None for standing, _ in asked)
    asked.clear()
    Screened(ClosedPlayer("expert"), standing=Standing(mine=0, theirs=1000)).choose_action(deal)
    assert asked and all(standing == Standing(0, 1000) for standing, _ in asked)
    assert all(value <= -1100 for _, values in asked for value in values)


def test_at_the_table_the_closed_computer_plays_the_last_deal_for_the_partie(monkeypatch):
    """The practice table hands the closed computer the standing in the partie's last deal only
    (the computer is player B of the partie record)."""
    from piquet_widgets.analysis import closed
    from piquet_widgets.analysis.players import complete
    from piquet_widgets.engine.records import partie_record
    from piquet_widgets.teach.session import PracticeSession

    seen = []
    decide = closed.ClosedPlayer.decide
    monkeypatch.setattr(closed.ClosedPlayer, "decide", lambda self, observation: seen.append(observation.standing) or decide(self, observation))

    def computer_moves(partie: Partie) -> list:
        seen.clear()
        record = {**partie_record(partie.with_deal(Deal.from_seed(99))), "role": "elder", "level": "club", "mode": "closed"}
        session = PracticeSession.from_record(record)
        if not seen:  # the learner moves first: his first discard, and the computer answers
            session.select(session.deal.to_move, session.deal.hand(session.deal.to_move)[0])
            session.confirm()
        assert seen
        return seen

    beginner = get_player("beginner")
    partie = Partie()
    for number in range(1, 6):
        assert set(computer_moves(partie)) == {None}  # not the last deal: it plays for points
        partie = partie.with_deal(complete(Deal.from_seed(number), beginner)[-1])
    assert set(computer_moves(partie)) == {Standing(partie.totals["B"], partie.totals["A"])}


# -- the deadline --------------------------------------------------------------------------------
@pytest.mark.parametrize("seat", SEATS, ids=["elder", "younger"])
def test_past_its_deadline_the_expert_takes_the_advisors_best_exchange(seat):
    """Its time spent at once: the advisor's best in the first exchange sample (the advisor
    values one sample at least), nothing valued by the whole deal; still legal, and the solver
    left with no stop check of the decision's."""
    for seed in (2, 5):
        deal = Deal.from_seed(seed)
        if seat is YOUNGER:
            deal = deal.apply(get_player("closed_beginner").choose_action(deal))
        seen = observe(deal, seat)
        player = ClosedPlayer("expert")
        player.settings = dataclasses.replace(player.settings, seconds=0.0)
        action = player.decide(seen)
        totals = exchange_totals(sample_deals(seen, player.settings.exchange_samples, random.Random(repr(seen)))[:1])
        assert action.discards == max(totals, key=lambda key: totals[key])
        assert action in deal.legal_actions()
        assert player.solver.should_stop is None


def test_a_sample_cut_short_by_the_deadline_is_left_out():
    """Every choice is compared over the same whole samples; the solver's stop check answers
    the deadline while they are valued, and is given back after."""
    player = ClosedPlayer("expert")
    before = player.solver.should_stop = lambda: False

    def value(sample: int) -> dict[str, float]:
        assert player.solver.should_stop() is False  # the deadline is an hour away
        if sample == 3:
            raise closed.SearchInterrupted
        return {"a": sample, "b": -sample}

    assert player._valued([1, 2, 3, 4], value, time.perf_counter() + 3600) == ({"a": 3, "b": -3}, 2)
    assert player.solver.should_stop is before
    passed = []
    assert player._valued([1], lambda _sample: passed.append(player.solver.should_stop()) or {"a": 1}, time.perf_counter() - 1) == ({"a": 1}, 1)
    assert passed == [True]


# -- sinking what tells and loses anyway ------------------------------------------------------------
def at_younger_point() -> Deal:
    """Seed 27 after both exchanges (elder throws 7S KH 7D 9D QD, younger 8S 8D 7C) and elder's
    "Point of six" (clubs A Q J T 9 8: 58): younger holds six hearts, A Q J T 9 7 (57), and would
    ask "How much?", telling elder her six, to lose it anyway."""
    deal = Deal.from_seed(27).apply(Exchange(tuple(parse_cards("7S KH 7D 9D QD")))).apply(Exchange(tuple(parse_cards("8S 8D 7C"))))
    deal = deal.apply(deal.default_action())
    assert deal.to_move is YOUNGER and deal.phase is Phase.DECLARATIONS and deal.category is Category.POINT
    return deal


def test_younger_sinks_a_point_she_loses_anyway_rather_than_tell_its_length():
    deal = at_younger_point()
    sunk = ClosedPlayer("expert").decide(observe(deal, YOUNGER))
    assert sunk == Declare(Category.POINT, ())
    told, silent = (observe(deal.apply(action), ELDER).announced[0] for action in (deal.default_action(), sunk))
    assert told.younger == ((6, 0),) and told.verdict.value == "good"  # in full: "How much?" — "Fifty-eight." — "Good."
    assert silent.younger == () and silent.verdict.value == "good"  # sunk: "Good.", and her six unheard
    assert deal.apply(sunk).scores == deal.apply(deal.default_action()).scores  # it cost her nothing here


def test_the_levels_that_do_not_sink_so_declare_in_full():
    deal = at_younger_point()
    for level in ("club", "expert_baseline"):
        assert ClosedPlayer(level).decide(observe(deal, YOUNGER)) == deal.default_action(), level


@pytest.fixture
def valued(monkeypatch) -> list[set]:
    """The exchanges the closed player asks the whole-deal evaluator about, one set per sample."""
    from piquet_widgets.analysis import evaluator  # imported by the closed player where it computes

    asked: list[set] = []
    evaluate = evaluator.evaluate_exchange

    def spy(deal, settings, **options):
        asked.append(set(options["include"]))
        return evaluate(deal, settings, **options)

    monkeypatch.setattr(evaluator, "evaluate_exchange", spy)
    return asked


def test_the_expert_searches_youngers_exchange_wider_than_elders(valued):
    """Younger's exchange is cheap to value, so the expert values more of her best choices over
    more samples (`Settings.younger_search`); elder's keeps the level's own figures."""
    settings = closed.SETTINGS["expert"]
    deal = Deal.from_seed(5)
    ClosedPlayer("expert").decide(observe(deal, ELDER))
    asked = [len(include) for include in valued]
    assert len(asked) == settings.deal_samples and len(set(asked)) == 1
    assert settings.candidates <= asked[0] <= settings.candidates + settings.strong  # and the strongest kept for the play
    valued.clear()
    deal = deal.apply(get_player("closed_beginner").choose_action(deal))
    ClosedPlayer("expert").decide(observe(deal, YOUNGER))
    asked = [len(include) for include in valued]
    _advice, candidates, deal_samples = settings.younger_search
    assert deal_samples > settings.deal_samples and candidates > settings.candidates
    assert len(asked) == deal_samples and min(asked) >= candidates  # and the best of each count


@pytest.mark.parametrize("seed", [3, 5, 16])
def test_the_expert_also_values_the_exchanges_that_keep_most_for_the_play(valued, seed):
    """The declarations alone overlook the cards that take tricks: beside the advisor's best, the
    expert values by the whole deal the choices best by the declarations plus the strength kept
    for the play (as the open evaluator lists its choices); on these deals one of them keeps more
    for the play than any of the advisor's best."""
    from piquet_widgets.analysis import evaluator

    seen = observe(Deal.from_seed(seed), ELDER)
    settings = closed.SETTINGS["expert"]
    ClosedPlayer("expert").decide(seen)
    totals = exchange_totals(sample_deals(seen, settings.exchange_samples, random.Random(repr(seen))))
    hand = mask_of(seen.hand)
    kept = {key: evaluator._play_strength(hand & ~mask_of(key)) for key in totals}
    by_declarations = sorted(totals, key=lambda key: -totals[key])[: settings.candidates]
    with_play = sorted(totals, key=lambda key: -(totals[key] / settings.exchange_samples + evaluator.STRENGTH_WEIGHT * kept[key]))
    assert valued[0] == {*by_declarations, *with_play[: settings.strong]}
    assert max(kept[key] for key in valued[0]) > max(kept[key] for key in by_declarations)


# -- the benchmarks' players -----------------------------------------------------------------------
def benchmark(name: str):
    """The module `benchmarks/<name>.py`, imported from its folder."""
    import importlib
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[1] / "benchmarks"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.pop(0)


def test_the_information_benchmark_tells_its_expert_the_truth_in_its_phase_alone() -> None:
    """`benchmarks/bench_information.py` measures what knowing the hidden cards in one phase is
    worth: its told expert must sample the truth in that phase, and only there."""
    bench_information = benchmark("bench_information")
    deal = Deal.from_seed(5)
    told = bench_information.Told(Phase.EXCHANGE)
    told.truth = deal
    samples = told._samples(observe(deal, ELDER), 4, random.Random(0))
    assert {sample.dealt(YOUNGER) for sample in samples} == {deal.dealt(YOUNGER)}  # her hand, told
    assert len({sample.talon for sample in samples}) > 1  # the talon's order, never
    beginner = get_player("beginner")
    while deal.phase is not Phase.PLAY:
        deal = deal.apply(beginner.choose_action(deal))
    told.truth = deal
    seat = deal.to_move
    samples = told._samples(observe(deal, seat), 6, random.Random(0))
    assert len({sample.hand(seat.other) for sample in samples}) > 1  # in the play it is not told: drawn
    in_play = bench_information.Told(Phase.PLAY)
    in_play.truth = deal
    assert in_play._samples(observe(deal, seat), 3, random.Random(0)) == [deal] * 3 and in_play.settings.exact == 0


def test_the_count_benchmarks_all_taker_takes_every_card_as_younger_and_is_the_expert_as_elder() -> None:
    """`benchmarks/bench_younger_count.py` measures the expert's count as younger against always
    taking all: its all-taker must take every card left to her, by the expert's own search, and
    as elder choose as the expert does."""
    takes_all = benchmark("bench_younger_count").TakesAll()
    deal = Deal.from_seed(7)
    assert takes_all.decide(observe(deal, ELDER)) == ClosedPlayer("expert").decide(observe(deal, ELDER))
    for taken in (5, 2):  # leaving her three; six
        after = deal.apply(Exchange(deal.hand(ELDER)[:taken]))
        action = takes_all.decide(observe(after, YOUNGER))
        assert action in after.legal_actions() and len(action.discards) == 8 - len(after.discards[ELDER])


def test_the_sinking_benchmarks_declarer_declares_everything_where_the_expert_sinks() -> None:
    """`benchmarks/bench_sinking.py` measures what sinking gains against the same expert declaring
    everything: where the expert sinks, its declarer must declare in full."""
    deal = at_younger_point()
    assert ClosedPlayer("expert").decide(observe(deal, YOUNGER)) != deal.default_action()  # the expert sinks here
    assert benchmark("bench_sinking").InFull().decide(observe(deal, YOUNGER)) == deal.default_action()
