"""The practice table driven headless with clicks as the card views send them: discards chosen and
confirmed, tricks played, illegal clicks refused with the engine's message, undo and redo, deal
codes, and a whole partie with its settlement."""

from __future__ import annotations

import random
import re
import threading

import pytest

from widget_helpers import click_card, find, find_all, nothing_worked_out_ahead, text_of

from piquet_widgets.engine import ELDER, YOUNGER, Deal, Exchange, Phase, PiquetError, Play, deal_code
from piquet_widgets.i18n import set_language
from piquet_widgets.widgets.practice import PracticeTable

SEED = 7


def hand_row(table, seat):
    return find(table, f"pw-hand-{seat.key}")


def message(table) -> str:
    return text_of(find(table, "pw-message").value).strip()


def totals(table) -> tuple[str, str]:
    return find(table, "pw-score-elder").value, find(table, "pw-score-younger").value


def discard_by_clicks(table, seat, cards) -> None:
    row = hand_row(table, seat)
    for card in cards:
        click_card(row, card.code)
    find(table, "pw-confirm").click()


def play_legal_by_clicks(table, seat) -> None:
    """Click the first legal card of `seat`'s hand."""
    deal = table.deal
    click_card(hand_row(table, seat), deal.playable_cards()[0].code)


def illegal_card(deal: Deal):
    seat = deal.to_move
    return next((card for card in deal.hand(seat) if card not in deal.playable_cards()), None)


def test_the_table_carries_its_classes():
    table = PracticeTable(declare_for_me=True, deal=SEED)
    for css_class in ("pw-practice", "pw-message", "pw-hand-elder", "pw-hand-younger", "pw-score-elder",
                      "pw-score-younger", "pw-meter-elder", "pw-meter-younger", "pw-undo", "pw-redo",
                      "pw-new-deal", "pw-code", "pw-load", "pw-confirm", "pw-partie"):
        assert len(find_all(table, css_class)) == 1, css_class


def test_a_whole_deal_played_as_elder_with_clicks_including_refused_ones():
    table = PracticeTable(declare_for_me=True, role="elder", deal=SEED)
    dealt = Deal.from_seed(SEED)
    assert table.deal.phase is Phase.EXCHANGE and table.deal.to_move is ELDER
    assert hand_row(table, YOUNGER).disabled  # the computer's hand cannot be clicked
    # Six discards: elder may exchange at most five (rules.md section 3).
    six = dealt.hand(ELDER)[:6]
    discard_by_clicks(table, ELDER, six)
    assert message(table) == "Elder must discard from 1 to 5 cards, not 6."
    assert table.deal.phase is Phase.EXCHANGE and len(table.timeline) == 1
    # Unselect the sixth card by clicking it again, then confirm five.
    click_card(hand_row(table, ELDER), six[5].code)
    assert table.selection == list(six[:5])
    find(table, "pw-confirm").click()
    assert table.deal.discards[ELDER] == tuple(six[:5])
    assert table.deal.discards[YOUNGER] is not None  # the computer exchanged as younger
    assert table.deal.phase is Phase.PLAY  # the declarations are made in full
    assert "Point of" in text_of(find(table, "pw-dialogue-panel").value)
    refused = 0
    while table.deal.phase is not Phase.FINISHED:
        deal = table.deal
        assert deal.to_move is ELDER  # the computer answers at once
        bad = illegal_card(deal)
        if bad is not None:
            try:
                deal.apply(Play(bad))
            except PiquetError as error:
                expected = str(error)
            click_card(hand_row(table, ELDER), bad.code)
            assert message(table) == expected
            assert table.deal is deal  # nothing changed
            refused += 1
        before = deal.hand(ELDER)
        play_legal_by_clicks(table, ELDER)
        assert len(table.deal.hand(ELDER)) == len(before) - 1 or table.deal.phase is Phase.FINISHED
    final = table.deal
    assert totals(table) == (str(final.scores[ELDER]), str(final.scores[YOUNGER]))
    assert "The deal is over" in message(table)
    assert sum(final.tricks_won) == 12
    assert find(table, "pw-summary").layout.display is None


def test_the_learner_as_younger_sees_the_computers_exchange_first():
    table = PracticeTable(declare_for_me=True, role="younger", deal=SEED)
    deal = table.deal
    assert deal.discards[ELDER] is not None and deal.to_move is YOUNGER
    assert hand_row(table, ELDER).disabled and not hand_row(table, YOUNGER).disabled
    # Clicking the computer's cards does nothing.
    click_card(hand_row(table, ELDER), deal.hand(ELDER)[0].code)
    assert table.selection == [] and table.deal is deal
    discard_by_clicks(table, YOUNGER, deal.hand(YOUNGER)[:1])
    assert table.deal.phase in (Phase.PLAY, Phase.FINISHED)


def test_a_card_of_the_wrong_turn_is_refused():
    table = PracticeTable(declare_for_me=True, role="both", deal=SEED)
    deal = table.deal
    click_card(hand_row(table, YOUNGER), deal.hand(YOUNGER)[0].code)  # elder exchanges first
    assert table.selection == [] and message(table) == "It is elder's turn to exchange."


def test_confirming_nothing_is_refused_with_the_engines_message():
    table = PracticeTable(declare_for_me=True, role="elder", deal=SEED)
    find(table, "pw-confirm").click()
    assert message(table) == "Elder must discard from 1 to 5 cards, not 0."
    assert len(table.timeline) == 1


def test_undo_and_redo():
    table = PracticeTable(declare_for_me=True, role="elder", deal=SEED)
    discard_by_clicks(table, ELDER, table.deal.hand(ELDER)[:5])
    at_play = table.deal
    play_legal_by_clicks(table, ELDER)
    after_card = table.deal
    assert after_card is not at_play
    find(table, "pw-undo").click()
    assert table.deal is at_play
    assert find(table, "pw-redo").disabled is False
    find(table, "pw-redo").click()
    assert table.deal is after_card
    find(table, "pw-undo").click()
    find(table, "pw-undo").click()  # back to before the exchange
    assert table.deal.phase is Phase.EXCHANGE and len(table.timeline) == 1
    find(table, "pw-undo").click()
    assert message(table) == "Nothing to undo."
    # A new move forgets what could be redone.
    discard_by_clicks(table, ELDER, table.deal.hand(ELDER)[:2])
    assert find(table, "pw-redo").disabled


def test_the_deal_code_is_shown_and_loadable():
    table = PracticeTable(declare_for_me=True, role="elder", deal=SEED)
    code = find(table, "pw-code")
    assert code.value == deal_code(Deal.from_seed(SEED))
    other = deal_code(Deal.from_seed(99))
    code.value = other
    find(table, "pw-load").click()
    assert table.code == other and table.deal.phase is Phase.EXCHANGE
    assert table.timeline[0].dealt(ELDER) == Deal.from_seed(99).dealt(ELDER)
    code.value = "NOT-A-CODE"
    find(table, "pw-load").click()
    assert "not a deal code" in message(table)
    assert table.code == other  # nothing changed


def test_new_deal_deals_other_cards():
    table = PracticeTable(declare_for_me=True, role="elder", seed=1)
    first = table.code
    find(table, "pw-new-deal").click()
    assert table.code != first and table.number == 1


def play_deal_by_clicks(table) -> None:
    """The learner discards his two lowest cards and plays his first legal card each time."""
    while table.deal.phase is not Phase.FINISHED:
        deal = table.deal
        seat = deal.to_move
        if deal.phase is Phase.EXCHANGE:
            discard_by_clicks(table, seat, sorted(deal.hand(seat), key=lambda c: c.rank)[:2])
        else:
            play_legal_by_clicks(table, seat)


def test_a_whole_partie_of_six_deals_and_its_settlement():
    table = PracticeTable(declare_for_me=True, role="elder", seed=5)
    roles = []
    deal_scores = []
    for number in range(1, 7):
        assert table.number == number
        roles.append(next(iter(table.learner_seats)))
        play_deal_by_clicks(table)
        deal_scores.append(table.deal.scores)
        find(table, "pw-next-deal").click()
    # The learner is elder in deals 1, 3, 5 and younger in 2, 4, 6.
    assert roles == [ELDER, YOUNGER] * 3
    learner = sum(scores[seat] for scores, seat in zip(deal_scores, roles))
    computer = sum(scores[seat.other] for scores, seat in zip(deal_scores, roles))
    assert table.partie.totals == {"A": learner, "B": computer}
    high, low = max(learner, computer), min(learner, computer)
    result = text_of(find(table, "pw-partie").value)
    # With this seed the computer wins and the learner stays under 100: rubiconed, so the winner
    # scores both totals and 100 (rules.md section 7).
    assert computer > learner and low < 100
    assert f"The computer wins the partie, {high} to {low}, and scores {high + low + 100}: you did not reach 100 and are rubiconed." in result
    assert find(table, "pw-next-deal").disabled
    table.analyst.runner.wait(60)  # the review of the last deal, with its buttons
    assert find(table, "pw-play-again").description == "Play this deal again in a new partie"  # no next deal
    find(table, "pw-new-partie").click()
    assert table.number == 1 and table.partie.deals == ()


def test_choosing_a_role_starts_a_new_partie_in_that_seat():
    table = PracticeTable(declare_for_me=True, role="elder", deal=SEED)
    find(table, "pw-role").value = "younger"
    assert table.learner_seats == {YOUNGER}
    find(table, "pw-role").value = "both"
    assert table.learner_seats == {ELDER, YOUNGER}
    play_deal_by_clicks(table)
    assert table.deal.phase is Phase.FINISHED


def test_forged_clicks_are_ignored():
    table = PracticeTable(declare_for_me=True, role="elder", deal=SEED)
    row = hand_row(table, ELDER)
    for content in ({"type": "click", "card": "XX", "seq": 1}, {"type": "click", "card": 5, "seq": 2}, {"type": "drop"}):
        row._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
    assert table.selection == [] and len(table.timeline) == 1
    table.click(ELDER, "not a card")
    table.click(7, "AS")
    assert table.selection == []


def test_refresh_keeps_the_game():
    table = PracticeTable(declare_for_me=True, role="elder", deal=SEED)
    discard_by_clicks(table, ELDER, table.deal.hand(ELDER)[:3])
    state = table.deal
    set_language("fr")
    table.refresh()
    assert table.deal is state
    assert find(table, "pw-new-deal").description == "Nouvelle donne"
    assert text_of(find(table, "pw-title").value).strip() == "Table d'entraînement\xa0: piquet ouvert"
    table.confirm()  # discarding three is allowed: the refusal below is for an empty choice
    assert table.deal.phase is Phase.PLAY
    table.undo()
    table.confirm()
    assert table.message_text == "L'aîné doit écarter de 1 à 5 cartes, pas 0."  # the engine's refusal, in French
    set_language("en")
    table.refresh()
    assert table.message_text == "Elder must discard from 1 to 5 cards, not 0."
    assert find(table, "pw-new-deal").description == "New deal"


def test_exchange_is_applied_through_the_engine():
    table = PracticeTable(declare_for_me=True, role="elder", deal=SEED)
    chosen = table.deal.hand(ELDER)[-3:]
    expected = Deal.from_seed(SEED).apply(Exchange(tuple(chosen)))
    discard_by_clicks(table, ELDER, chosen)
    assert table.timeline[1].hands == expected.hands


def test_the_menus_follow_what_python_asks():
    table = PracticeTable(declare_for_me=True, role="elder", deal=SEED)
    table.new_partie("younger")
    assert find(table, "pw-role").value == "younger" and table.learner_seats == {YOUNGER}
    table.set_level("expert")
    assert find(table, "pw-level").value == "expert" and table.level == "expert"
    assert table.number == 1  # a change of level keeps the partie


def test_the_talon_is_face_down_until_drawn_unless_the_study_option_shows_it():
    table = PracticeTable(declare_for_me=True, role="elder", deal=SEED)
    talon, rest = find(table, "pw-talon"), find(table, "pw-talon-younger")
    assert not talon.face_up and not rest.face_up  # rules 8b: nobody knows the talon's order
    assert list(talon.labels.values()) == [f"face-down card {n} of 5" for n in range(1, 6)]
    assert not set(talon.get_state()["cards"]) & set(talon.cards)  # the page is sent no card of it
    table.show_hint()
    table.show_hint()  # the move named
    assert "talon is shown" not in text_of(find(table, "pw-hint-text").value)
    find(table, "pw-show-talon").value = True
    assert talon.face_up and rest.face_up
    table.show_hint()
    table.show_hint()
    assert "the talon's cards, not their order" in text_of(find(table, "pw-hint-text").value)
    find(table, "pw-show-talon").value = False
    discard_by_clicks(table, ELDER, table.deal.hand(ELDER)[:2])  # both exchanges are made now
    assert table.deal.phase is not Phase.EXCHANGE
    assert talon.face_up  # what is left is turned up once both have exchanged (rules 3)


def test_the_learner_declares_with_pw_speak_buttons_and_the_switch_declares_for_him():
    table = PracticeTable(role="elder", deal=SEED)
    discard_by_clicks(table, ELDER, table.deal.hand(ELDER)[:3])
    assert table.deal.phase is Phase.DECLARATIONS
    buttons = find_all(table, "pw-speak")
    line = table.session._next_line()
    wrong = next(b for b in buttons if b.description != line.text)
    wrong.click()
    assert 'pw-msg-error' in find(table, "pw-message").value and table.session.spoken == []
    next(b for b in find_all(table, "pw-speak") if b.description == line.text).click()
    assert line.text in text_of(find(table, "pw-dialogue-panel").value)
    find(table, "pw-declare-for-me").value = True  # the rest is declared for him
    assert table.deal.phase is Phase.PLAY and find_all(table, "pw-speak") == []


def test_a_hint_first_names_the_idea_then_the_move_with_its_cards_outlined():
    from piquet_widgets.analysis.evaluator import evaluate_exchange

    table = PracticeTable(declare_for_me=True, role="elder", deal=SEED)
    best = evaluate_exchange(table.deal)[0]  # the whole-deal evaluator behind the hint
    kept = set(table.deal.hand(ELDER)) - set(best.discards)
    table.show_hint()
    table.analyst.runner.wait(60)  # about a second: it may go on in the runner's thread
    nudge = text_of(find(table, "pw-hint-text").value).strip()
    assert nudge.startswith("Keep your ") and "Hint:" not in nudge and "%" not in nudge
    suit = nudge.removeprefix("Keep your ").removeprefix("best ").split(":")[0]
    assert sum(1 for card in kept if card.suit.name_in_words() == suit) >= 3  # the suit named is kept
    assert hand_row(table, ELDER).outlined == []
    table.show_hint()
    table.analyst.runner.wait(60)
    assert text_of(find(table, "pw-hint-text").value).strip().startswith("Hint: ")
    assert set(hand_row(table, ELDER).outlined) == {card.code for card in best.discards}
    discard_by_clicks(table, ELDER, best.discards)  # the move made: the outline goes
    assert table.deal.phase is not Phase.EXCHANGE and hand_row(table, ELDER).outlined == []


def test_a_hint_in_the_play_names_the_idea_without_the_card():
    table = PracticeTable(declare_for_me=True, role="elder", deal=SEED)
    discard_by_clicks(table, ELDER, table.deal.hand(ELDER)[:3])
    table.show_hint()
    text = text_of(find(table, "pw-hint-text").value).strip()
    assert text and "play the" not in text
    table.show_hint()
    named = text_of(find(table, "pw-hint-text").value)
    assert "play the" in named and len(hand_row(table, ELDER).outlined) >= 1


def test_each_mistake_of_the_review_takes_the_table_back_to_try_again():
    table = PracticeTable(declare_for_me=True, role="elder", deal=21, level="club")
    discard_by_clicks(table, ELDER, table.deal.hand(ELDER)[:1])
    while table.deal.phase is not Phase.FINISHED:
        table.click(ELDER, table.deal.playable_cards()[-1])
    mistakes = table.review.mistakes
    assert mistakes and len(find_all(table, "pw-retry")) == len(mistakes)
    timeline = list(table.timeline)
    find_all(table, "pw-retry")[0].click()
    assert table.deal == timeline[mistakes[0].index] and table.deal.to_move is ELDER
    assert mistakes[0].card in table.deal.playable_cards()  # the card to think again about
    assert find_all(table, "pw-retry") == []  # the review goes until the deal is over again


def test_the_table_shows_pw_busy_while_the_hint_is_computed():
    table = PracticeTable(declare_for_me=True, role="elder", deal=SEED)
    discard_by_clicks(table, ELDER, table.deal.hand(ELDER)[:3])
    runner = table.analyst.runner
    runner.budget = 0.0  # every search goes to the thread
    table.show_hint()
    assert "pw-busy" in find(table, "pw-analysis")._dom_classes
    runner.wait()
    assert "pw-busy" not in find(table, "pw-analysis")._dom_classes
    assert "Ask again for the move" in text_of(find(table, "pw-hint-text").value)


def watch_the_evaluation(monkeypatch, before_each_draw=lambda work: None) -> list[tuple[threading.Thread, object]]:
    """Each draw the whole-deal evaluator solves: its thread and its solver (`before_each_draw(work)`
    runs first). A table's runner has a solver of its own, which tells its draws apart from those of
    another test's table whose analysis is still running in its thread."""
    from piquet_widgets.analysis import evaluator

    draws: list[tuple[threading.Thread, object]] = []
    step = evaluator._Work._step

    def watched(work) -> None:
        draws.append((threading.current_thread(), work.solver))
        before_each_draw(work)
        step(work)

    monkeypatch.setattr(evaluator._Work, "_step", watched)
    return draws


def test_the_exchange_s_hint_goes_on_in_the_runner_s_thread_and_tells_its_progress(monkeypatch):
    """The whole-deal evaluation behind the exchange's hint takes about a second: past the runner's
    budget it goes on in the runner's thread, the kernel's thread free, "Analysing… N %" shown."""
    draws = watch_the_evaluation(monkeypatch)
    nothing_worked_out_ahead(monkeypatch)
    table = PracticeTable(declare_for_me=True, role="elder", deal=SEED)
    runner = table.analyst.runner
    runner.budget = 0.0  # every search goes to the thread
    shown: list[str] = []
    find(table, "pw-analysis-status").observe(lambda change: shown.append(text_of(change["new"])), names="value")
    table.show_hint()
    assert runner.busy and "pw-busy" in find(table, "pw-analysis")._dom_classes  # control is back, the work goes on
    assert "Analysing…" in shown[-1] and table._hint is None
    runner.wait(60)
    threads = [thread for thread, solver in draws if solver is runner.solver]
    assert threads and {thread.name for thread in threads} == {"piquet-analysis"}
    assert any(re.fullmatch(r"Analysing… \d+ %", text.strip()) for text in shown)  # the share solved, as it went
    assert "pw-busy" not in find(table, "pw-analysis")._dom_classes
    assert text_of(find(table, "pw-hint-text").value).strip().startswith("Keep your ")


def test_stop_interrupts_the_exchange_s_hint(monkeypatch):
    reached, release = threading.Event(), threading.Event()

    def hold(work) -> None:
        """The table's first draw solved waits for the Stop button (never in the kernel's thread:
        it would wait for ever)."""
        if work.solver is runner.solver and threading.current_thread() is not threading.main_thread():
            reached.set()
            release.wait(10)

    nothing_worked_out_ahead(monkeypatch)
    table = PracticeTable(declare_for_me=True, role="elder", deal=SEED)
    runner = table.analyst.runner
    draws = watch_the_evaluation(monkeypatch, hold)
    runner.budget = 0.0
    table.show_hint()
    assert reached.wait(30)  # the evaluation has solved its first draw, in the runner's thread
    find(table, "pw-stop-analysis").click()
    release.set()  # the draw being solved ends; the next one is not begun
    runner.wait(60)
    in_thread = [thread for thread, solver in draws if solver is runner.solver and thread is not threading.main_thread()]
    assert runner.state == "stopped" and len(in_thread) == 1
    assert "stopped" in text_of(find(table, "pw-analysis-status").value)
    assert table._hint is None and find(table, "pw-hint-text").layout.display == "none"


def closed(widget) -> bool:
    """The widget, its layout and its style are closed (a widget not closed lives as long as the kernel)."""
    parts = [widget, widget.layout] + ([widget.style] if hasattr(widget, "style") else [])
    return all(part.comm is None for part in parts)


def test_buttons_of_a_moment_past_are_closed_and_the_kept_ones_are_not():
    table = PracticeTable(role="elder", deal=SEED)
    discard_by_clicks(table, ELDER, table.deal.hand(ELDER)[:3])
    said = find_all(table, "pw-speak")
    line = table.session._next_line()
    next(b for b in said if b.description == line.text).click()
    assert said and all(closed(button) for button in said)
    assert not any(closed(button) for button in find_all(table, "pw-speak"))  # the words to say now

    table = PracticeTable(declare_for_me=True, role="elder", deal=21, level="club")
    discard_by_clicks(table, ELDER, table.deal.hand(ELDER)[:1])
    while table.deal.phase is not Phase.FINISHED:
        table.click(ELDER, table.deal.playable_cards()[-1])
    retries, again = find_all(table, "pw-retry"), find(table, "pw-play-again")
    retries[0].click()
    assert retries and all(closed(button) for button in retries)
    assert not closed(again) and not closed(table.show_me_button)  # shown again later
    while table.deal.phase is not Phase.FINISHED:
        table.click(ELDER, table.deal.playable_cards()[-1])
    assert find(table, "pw-play-again") is again and not any(closed(button) for button in find_all(table, "pw-retry"))


def test_play_this_deal_again_is_the_next_deal_of_the_partie_in_the_other_seat():
    table = PracticeTable(declare_for_me=True, role="elder", deal=21, level="club")
    first = table.timeline[0]
    discard_by_clicks(table, ELDER, table.deal.hand(ELDER)[:1])
    while table.deal.phase is not Phase.FINISHED:
        table.click(ELDER, table.deal.playable_cards()[-1])
    played = table.deal
    button = find(table, "pw-play-again")
    assert button.description == "Play this deal again" and "next deal of the partie" in button.tooltip
    button.click()
    assert table.number == 2 and table.partie.deals == (played,) and table.learner_seats == {YOUNGER}
    assert table.timeline[0].dealt(YOUNGER) == first.dealt(YOUNGER) and table.timeline[0].talon == first.talon
    assert "Deal 2 of 6" in find(table, "pw-deal-number").value
    sheet = text_of(find(table, "pw-partie").value).split()
    row = sheet[sheet.index("Total") - 4 :][:4]  # deal 1: the learner was elder
    assert row[0] == "1" and row[-2:] == [str(played.scores[ELDER]), str(played.scores[YOUNGER])]


def test_the_buttons_of_the_review_follow_the_language():
    table = PracticeTable(declare_for_me=True, role="elder", deal=21, level="club")
    discard_by_clicks(table, ELDER, table.deal.hand(ELDER)[:1])
    while table.deal.phase is not Phase.FINISHED:
        table.click(ELDER, table.deal.playable_cards()[-1])
    english = find_all(table, "pw-retry")
    trick = table.review.mistakes[0].trick
    try:
        set_language("fr")
        table.refresh()
        assert find_all(table, "pw-retry")[0].description == f"Rejouer le pli {trick}"
        assert find(table, "pw-play-again").description == "Rejouer cette donne"
        assert all(closed(button) for button in english)  # made again, the English ones closed
    finally:
        set_language("en")
        table.refresh()
    assert find_all(table, "pw-retry")[0].description == f"Try trick {trick} again"


# -- whole points in words: the figures only behind "Details" --------------------------------------
DECIMAL = re.compile(r"\d[.,]\d")  # a decimal figure: '4.82', '4,82'


def outside_details(html: str) -> str:
    """What a reader sees of some HTML without opening its "Details"."""
    return text_of(re.sub(r"<details.*?</details>", " ", html, flags=re.S))


def check_hint_panel(table, checked: dict) -> None:
    """Ask for the idea, then the move: neither shows a decimal figure outside "Details", and the
    move's "Details" (a summary and the figures) holds the exact value."""
    for stage in ("idea", "move"):
        table.show_hint()
        table.analyst.runner.wait(60)
        html = find(table, "pw-hint-text").value
        seen = outside_details(html)
        assert seen.strip() and not DECIMAL.search(seen), seen
        if stage == "move":
            assert "<summary>Details</summary>" in html and re.search(r"[+-]\d", text_of(html.split("<details")[1])), html
            checked["hints"] += 1


@pytest.mark.slow
def test_no_hint_or_review_shows_a_decimal_figure_outside_details():
    rng = random.Random(29)
    checked = {"hints": 0, "reviews": 0, "exchange notes": 0}
    for number, seed in enumerate(rng.sample(range(100_000), 24)):
        role = ("elder", "younger")[number % 2]
        seat = ELDER if role == "elder" else YOUNGER
        table = PracticeTable(declare_for_me=True, role=role, deal=seed, level="club")
        played = 0
        while table.deal.phase is not Phase.FINISHED:
            assert table.deal.to_move is seat and table.to_move_is_learner
            if table.deal.phase is Phase.EXCHANGE:
                if number % 4 < 2:  # the exchange's hint takes a second or two: on half the deals
                    check_hint_panel(table, checked)
                choices = table.deal.legal_actions()
                hand = table.deal.hand(seat)
                discard_by_clicks(table, seat, rng.sample(hand, rng.randint(choices.low, choices.high)))
                continue
            if played % 4 == number % 4:
                check_hint_panel(table, checked)
            table.click(seat, rng.choice(table.deal.playable_cards()))
            played += 1
        table.analyst.runner.wait(120)
        review = find(table, "pw-review").value
        seen = outside_details(review)
        assert "Review of your play" in seen and not DECIMAL.search(seen), seen
        checked["reviews"] += 1
        notes = review.count('class="pw-exchange-note"')
        assert review.count("<summary>Details</summary>") == notes  # each exchange note's figures
        checked["exchange notes"] += notes
    assert checked["hints"] > 50 and checked["reviews"] == 24 and checked["exchange notes"] >= 6, checked
