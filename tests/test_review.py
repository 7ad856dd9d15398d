"""What the solver tells the learner, checked independently: each card's value and cost, the
hint, the review of a deal, the best continuation replayed through the engine; the practice
table's value marks, hint and review, and the walkthrough's best line, driven headless; the
solver's interruption hook and the analysis that goes on in a thread."""

from __future__ import annotations

import re
import threading
import time

import pytest
from widget_helpers import find, load, text_of

from piquet_widgets.analysis.advisor import advise_exchange
from piquet_widgets.analysis.evaluator import evaluate_exchange
from piquet_widgets.analysis.players import SimplePlayer, complete
from piquet_widgets.analysis.review import (
    EXPERT_DRAWS,
    best_line,
    card_values,
    cost_badge,
    deadline,
    hint,
    review_deal,
    review_exchanges,
    review_play,
)
from piquet_widgets.analysis.solve import solve_position
from piquet_widgets.analysis.solver import SearchInterrupted, Solver
from piquet_widgets.engine import ELDER, PRESETS, YOUNGER, Deal, Exchange, Phase, Play, Position, deal_from_record
from piquet_widgets.teach.hints import move_details, move_words
from piquet_widgets.teach.mistakes import card_mistake_sentence, exchange_note_details, exchange_note_sentence, review_summary
from piquet_widgets.teach.narration import line_sentences
from piquet_widgets.teach.words import number_words
from piquet_widgets.widgets.analysis_status import Analyst
from piquet_widgets.widgets.practice import PracticeTable
from piquet_widgets.widgets.walkthrough import DealWalkthrough

PIQUE = load("walkthrough_pique.json")


# -- an independent reckoning: the engine scores the card, a fresh solver the rest ------------------
def net(deal: Deal) -> int:
    return deal.scores[ELDER] - deal.scores[YOUNGER]


def value_after(before: Deal, card) -> int:
    """Elder's points minus younger's from `before` on if `card` is played, then best play: the
    points the engine scores for the card, plus a fresh solver's value of the next position."""
    after = before.apply(Play(card))
    rest = 0 if after.phase is Phase.FINISHED else solve_position(Position.of_deal(after), Solver()).value
    return net(after) - net(before) + rest


def independent_costs(before: Deal) -> dict:
    values = {card: value_after(before, card) for card in before.playable_cards()}
    best = max(values.values()) if before.to_move is ELDER else min(values.values())
    return {card: abs(best - value) for card, value in values.items()}


def played_card(after: Deal):
    return after.led if after.led is not None else after.tricks[-1].reply


def timeline_of(seed: int, rules: str = "rubicon", players=None) -> list[Deal]:
    return complete(Deal.from_seed(seed, PRESETS[rules]), players or SimplePlayer())


def play_states(timeline):
    return [(i, before, after) for i, (before, after) in enumerate(zip(timeline, timeline[1:])) if before.phase is Phase.PLAY]


# -- card values and costs -------------------------------------------------------------------------
@pytest.mark.parametrize("seed,rules", [(7, "rubicon"), (12, "low_cards"), (40, "rubicon")])
def test_card_values_match_the_engine_and_a_fresh_solver(seed, rules):
    timeline = timeline_of(seed, rules)
    solver = Solver()  # kept across the deal, as the table keeps it
    for _index, before, _after in play_states(timeline)[::3]:
        values = card_values(before, solver)
        assert set(values.values) == set(before.playable_cards())
        assert values.costs() == independent_costs(before)
        assert values.seat is before.to_move and min(values.costs().values()) == 0


def test_badges_are_equal_signs_and_minus_the_cost():
    assert cost_badge(0) == "=" and cost_badge(3) == "\u22123"
    before = next(deal for deal in timeline_of(7) if deal.phase is Phase.PLAY)
    values = card_values(before)
    for code, badge in values.badges().items():
        cost = values.cost(next(card for card in values.values if card.code == code))
        assert badge == ("=" if cost == 0 else f"\u2212{cost}")


# -- the review -----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed,seats", [(7, (YOUNGER,)), (21, (ELDER,)), (33, (ELDER, YOUNGER))])
def test_the_review_lists_exactly_the_cards_below_the_best_with_their_cost(seed, seats):
    timeline = timeline_of(seed)
    expected = []
    for index, before, after in play_states(timeline):
        if before.to_move in seats:
            card = played_card(after)
            costs = independent_costs(before)
            if costs[card]:
                best = {c for c, cost in costs.items() if cost == 0}
                expected.append((index, card, costs[card], best))
    review = review_deal(timeline, seats, Solver())
    assert [(m.index, m.card, m.cost, set(m.better)) for m in review.mistakes] == expected
    assert review.total_cost == sum(item[2] for item in expected)
    assert review.cards_played == 12 * len(seats)
    for mistake in review.mistakes:
        sentence = card_mistake_sentence(mistake, you=True)
        assert sentence.startswith(f"Trick {mistake.trick}: you played the {mistake.card.name_in_words()}")
        assert f"cost {number_words(mistake.cost)} point" in sentence  # a whole number of points, in words
        assert not re.search(r"\d", sentence.removeprefix(f"Trick {mistake.trick}")), sentence
        assert mistake.better[0].name_in_words() in sentence
        assert card_mistake_sentence(mistake, you=False).startswith(f"Trick {mistake.trick}: {mistake.seat.key} played")


def test_a_deal_of_best_cards_has_no_mistake():
    from piquet_widgets.analysis.players import ExpertPlayer

    timeline = complete(Deal.from_seed(8), {ELDER: ExpertPlayer(), YOUNGER: SimplePlayer()})
    review = review_deal(timeline, [ELDER])
    assert review.mistakes == () and "best card" in review_summary(review)


def test_the_review_notes_an_exchange_below_the_evaluators_best():
    deal = Deal.from_seed(7)
    worst = advise_exchange(deal)[-1]  # the worst for the declarations: far below the best for the deal
    timeline = complete(deal.apply(Exchange(worst.discards)), SimplePlayer())
    timeline.insert(0, deal)
    review = review_deal(timeline, [ELDER])
    [note] = review.exchanges
    evaluations = evaluate_exchange(deal, include=[worst.discards])
    mine = next(item for item in evaluations if item.discards == worst.discards)
    assert note.discards == worst.discards and note.best == evaluations[0].discards
    assert note.cost == pytest.approx(evaluations[0].expected - mine.expected) and note.cost > 0
    sentence = exchange_note_sentence(note, you=True)
    assert "over the whole deal" in sentence and f"about {number_words(round(note.cost))} point" in sentence
    assert not re.search(r"\d[.,]\d", sentence), sentence  # whole points: no decimal figure
    details = exchange_note_details(note)  # the exact figures, for "Details"
    assert f"{mine.expected:+.1f}" in details and f"{evaluations[0].expected:+.1f}" in details


# -- the hint ------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [3, 7, 15])
def test_the_hint_names_a_best_card(seed):
    timeline = timeline_of(seed)
    for _index, before, _after in play_states(timeline)[::5]:
        found = hint(before)
        costs = independent_costs(before)
        assert costs[found.cards[0]] == 0
        assert {card for card, cost in costs.items() if cost == 0} == set(found.cards)
        words = move_words(before, found)
        assert f"play the {found.cards[0].name_in_words()}" in words
        assert not re.search(r"\d", words), words
        mine = found.value if found.seat is ELDER else -found.value
        assert f"{mine:+d}" in move_details(found)  # the exact value, from the player's side


def test_the_hint_in_the_exchange_is_the_evaluators_best_choice():
    from piquet_widgets.analysis.evaluator import value_against_expert

    deal = Deal.from_seed(7)
    steps = []
    found = hint(deal, progress=lambda done, total: steps.append(done / total))
    best = evaluate_exchange(deal)[0]
    assert found.cards == best.discards and steps == sorted(steps) and steps[-1] == 1
    # elder's figure: against the expert younger, asked about EXPERT_DRAWS of his draws
    assert found.value == value_against_expert(deal, best.discards, draws=EXPERT_DRAWS).expected
    assert move_words(deal, found).startswith("Hint: discard the ")
    details = move_details(found)
    assert "over the whole deal if younger replies as the expert computer does" in details
    assert f"{found.value:+.2f}" in details


def test_the_exchange_s_hint_and_review_ask_the_stop_check_of_their_solver():
    """An analysis runner sets its stop check on its solver and hands the solver to the task: the
    whole-deal evaluation behind the hint and the review must ask it, not run on regardless."""
    timeline = timeline_of(7)
    solver = Solver()
    asked = []
    solver.should_stop = lambda: asked.append(1) or True  # the runner: out of time
    for search in (lambda: hint(timeline[0], solver), lambda: review_exchanges(timeline, [ELDER], solver)):
        asked.clear()
        started = time.monotonic()
        with pytest.raises(SearchInterrupted):
            search()
        assert asked and time.monotonic() - started < 0.5  # stopped at once (the evaluation takes a second)
        assert solver.should_stop is not None  # and the runner's check is left in place


def test_the_review_tells_the_progress_of_each_exchange_as_a_share_of_the_whole():
    timeline = timeline_of(7)
    shares = []
    review_exchanges(timeline, solver=Solver(), progress=lambda done, total: shares.append(done / total))
    assert shares == sorted(shares) and shares[-1] == 1.0
    assert 0.5 in shares  # elder's exchange is the first half, younger's the second


def test_younger_s_hint_says_nothing_of_the_order_of_the_talon():
    deal = Deal.from_seed(7)
    after = deal.apply(Exchange(evaluate_exchange(deal)[0].discards))
    taken = len(after.discards[ELDER])
    talon = deal.talon[:taken] + tuple(reversed(deal.talon[taken:]))
    shuffled = Deal.new(deal.dealt(ELDER), deal.dealt(YOUNGER), talon).apply(Exchange(after.discards[ELDER]))
    assert hint(after) == hint(shuffled)


# -- the best continuation ----------------------------------------------------------------------------
def best_line_checks(deal: Deal, solver: Solver | None = None) -> None:
    line = best_line(deal, solver)
    assert line.value == solve_position(Position.of_deal(deal), Solver()).value
    # Replay the line's cards through the engine: the points it scores are its value.
    replay = deal
    for seat, card in line.plays:
        assert replay.to_move is seat and card in replay.playable_cards()
        replay = replay.apply(Play(card))
    assert replay.phase is Phase.FINISHED
    assert net(replay) - net(deal) == line.value == line.points()


@pytest.mark.parametrize("seed,rules", [(7, "rubicon"), (19, "rubicon"), (12, "low_cards")])
def test_the_best_line_scores_its_value_through_the_engine(seed, rules):
    timeline = timeline_of(seed, rules)
    solver = Solver()
    for _index, before, _after in play_states(timeline)[::4]:  # tricks begun and tricks to lead
        best_line_checks(before, solver)


def test_the_best_line_with_a_pique_still_possible():
    record = PIQUE["record"] if "record" in PIQUE else PIQUE
    final = deal_from_record(record)
    assert any(event.kind == "pique" for event in final.events)
    timeline = complete(Deal.new(final.dealt(ELDER), final.dealt(YOUNGER), final.talon).apply(Exchange(final.discards[ELDER])).apply(Exchange(final.discards[YOUNGER])))
    opening = next(deal for deal in timeline if deal.phase is Phase.PLAY)
    assert Position.of_deal(opening).pique_possible
    best_line_checks(opening)


# -- the solver can be interrupted ---------------------------------------------------------------
def test_an_interrupted_solve_raises_and_leaves_the_solver_correct():
    deal = next(d for d in timeline_of(5, "low_cards") if d.phase is Phase.PLAY)
    position = Position.of_deal(deal)
    solver = Solver()
    calls = []
    solver.should_stop = lambda: calls.append(1) or True
    with pytest.raises(SearchInterrupted):
        solve_position(position, solver)
    assert calls
    solver.should_stop = None
    assert solve_position(position, solver) == solve_position(position, Solver())
    with pytest.raises(SearchInterrupted):
        card_values(deal, Solver(), should_stop=deadline(0))


# -- the analyst: at once when quick, else in a thread with Stop ----------------------------------------
def test_the_analyst_runs_a_slow_task_in_a_thread_that_stop_interrupts():
    analyst = Analyst()
    analyst.runner.budget = 0.01
    results = []
    started = threading.Event()

    def task(solver):
        started.set()
        while not solver.should_stop():  # a search that never ends by itself
            time.sleep(0.002)
        raise SearchInterrupted

    analyst.runner.run(task, results.append)
    assert analyst.runner.busy and "Analysing" in text_of(analyst.status.value)
    assert analyst.stop_button.layout.display is None  # the Stop button is shown
    analyst.stop_button.click()
    analyst.runner.wait(5)
    assert not analyst.runner.busy and results == []
    assert "stopped" in text_of(analyst.status.value) and analyst.stop_button.layout.display == "none"


def test_the_analyst_delivers_the_result_of_a_task_finished_in_its_thread():
    analyst = Analyst()
    analyst.runner.budget = 0.01
    results = []

    def task(solver):
        end = time.monotonic() + 0.1
        while time.monotonic() < end:
            if solver.should_stop():
                raise SearchInterrupted
            time.sleep(0.002)
        return 42

    analyst.runner.run(task, results.append)  # the first attempt runs out of budget: on to the thread
    analyst.runner.wait(5)
    assert results == [42] and analyst.layout.display == "none"


# -- the practice table ---------------------------------------------------------------------------
def to_play(table) -> None:
    """The learner (elder) discards his two first cards: the play begins."""
    for card in table.deal.hand(ELDER)[:2]:
        table.click(ELDER, card)
    table.confirm()
    assert table.deal.phase is Phase.PLAY and table.deal.to_move is ELDER


def test_the_value_toggle_marks_each_legal_card_of_the_learner():
    table = PracticeTable(declare_for_me=True, role="elder", deal=7)
    to_play(table)
    row = find(table, "pw-hand-elder")
    assert row.badges == {}
    find(table, "pw-show-values").value = True
    costs = independent_costs(table.deal)
    assert row.badges == {card.code: cost_badge(cost) for card, cost in costs.items()}
    assert find(table, "pw-hand-younger").badges == {}
    # After a card (and the computer's answer) the marks follow the new position.
    table.click(ELDER, table.deal.playable_cards()[0])
    if table.deal.phase is Phase.PLAY:
        costs = independent_costs(table.deal)
        assert row.badges == {card.code: cost_badge(cost) for card, cost in costs.items()}
    find(table, "pw-show-values").value = False
    assert row.badges == {}


def test_the_value_marks_show_only_legal_cards_when_following_suit():
    table = PracticeTable(declare_for_me=True, role="younger", deal=11)
    table.show_values(True)
    for card in table.deal.hand(YOUNGER)[:1]:
        table.click(YOUNGER, card)
    table.confirm()
    deal = table.deal
    assert deal.led is not None and deal.to_move is YOUNGER
    assert set(find(table, "pw-hand-younger").badges) == {card.code for card in deal.playable_cards()}


def test_the_hint_button_names_a_best_card_and_the_best_discards():
    table = PracticeTable(declare_for_me=True, role="elder", deal=7)
    find(table, "pw-hint").click()  # first the idea, then the move
    find(table, "pw-hint").click()
    best = evaluate_exchange(table.deal)[0]
    assert text_of(find(table, "pw-hint-text").value).strip().startswith("Hint: ")
    assert table._hint.cards == best.discards
    to_play(table)
    assert find(table, "pw-hint-text").layout.display == "none"  # the old hint is gone
    find(table, "pw-hint").click()
    find(table, "pw-hint").click()
    text = text_of(find(table, "pw-hint-text").value)
    costs = independent_costs(table.deal)
    named = next(card for card in table.deal.playable_cards() if f"play the {card.name_in_words()}." in text)
    assert costs[named] == 0


def test_the_review_after_the_deal_lists_the_learners_mistakes():
    table = PracticeTable(declare_for_me=True, role="elder", deal=21, level="club")
    to_play(table)
    while table.deal.phase is not Phase.FINISHED:
        table.click(ELDER, table.deal.playable_cards()[-1])  # his highest card of the last suit
    panel = find(table, "pw-review")
    assert panel.layout.display is None
    expected = review_play(table.timeline, [ELDER])  # a fresh solver
    assert [(m.index, m.card, m.cost) for m in table.review.mistakes] == [(m.index, m.card, m.cost) for m in expected]
    text = text_of(panel.value)
    for mistake in expected:
        said = f"Trick {mistake.trick}: you played the {mistake.card.name_in_words()}, which cost {number_words(mistake.cost)} point"
        assert said in text
    assert panel.value.count('class="pw-mistake"') == len(expected)
    # Undo the last card: no review until the deal is over again.
    table.undo()
    assert panel.layout.display == "none"


def test_a_long_first_solve_goes_on_in_a_thread_and_the_marks_arrive():
    table = PracticeTable(declare_for_me=True, role="elder", deal=5, rules=PRESETS["low_cards"])
    to_play(table)
    table.analyst.runner.budget = 0  # every solve runs out of time at its first check
    table.analyst.new_deal()  # nothing learned yet
    table.show_values(True)
    assert table.analyst.runner.state == "running"  # it went on in a thread
    assert find(table, "pw-hand-elder").badges == {}  # the marks come back with the result, not before
    table.analyst.runner.wait(60)
    row = find(table, "pw-hand-elder")
    assert row.badges and set(row.badges) == {card.code for card in table.deal.playable_cards()}


# -- the walkthrough ------------------------------------------------------------------------------
def test_the_walkthrough_shows_the_best_line_from_the_step_shown():
    walk = DealWalkthrough(7)
    walk.jump("play")
    while not (walk.deal.led is not None and len(walk.deal.tricks) >= 2):
        walk.next()  # to the middle of trick 3: a card is led
    find(walk, "pw-best-line").click()
    line = walk.best_line
    panel = find(walk, "pw-best-line-text")
    assert panel.layout.display is None
    assert line.value == solve_position(Position.of_deal(walk.deal), Solver()).value
    shown = panel.value
    words = text_of(shown.split("<details")[0])
    if line.value:
        ahead, behind = (ELDER, YOUNGER) if line.value > 0 else (YOUNGER, ELDER)
        assert f"{ahead.key} makes {number_words(abs(line.value))} point" in words and f"more than {behind.key}" in words
    assert not re.search(r"[+\u2212-]\d", words), words  # the figures only behind "Details"
    details = text_of(shown.split("<details")[1])
    assert "Details" in details and f"{line.value:+d} with best play" in details
    best_line_checks(walk.deal)
    assert len(line_sentences(line)) == 12 - len(walk.deal.tricks)
    # It follows the steps.
    walk.next()
    assert walk.best_line is not None and walk.best_line.start is walk.deal
    assert walk.best_line.value == solve_position(Position.of_deal(walk.deal), Solver()).value
    walk.first()
    assert walk.best_line is None and "opening lead" in text_of(panel.value)
    find(walk, "pw-best-line").click()
    assert panel.layout.display == "none"
