"""The practice session without any widget: a whole partie played through its operations, each
refusal changing nothing, and its state written as a partie record and read back exactly."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piquet_widgets.analysis.players import ClubPlayer, SimplePlayer
from piquet_widgets.engine import ELDER, YOUNGER, Phase, PiquetError, partie_from_json
from piquet_widgets.engine.deal import Declare, Exchange, Play
from piquet_widgets.teach.session import LEARNER, PracticeSession

SEED = 4


def snapshot(session: PracticeSession) -> tuple:
    return (
        tuple(session.timeline), session.partie, tuple(session.selection), session.role, session.level,
        type(session.computer), tuple(map(tuple, session.redo_stack)), session.mark, session.settled,
    )


def learner_move(session: PracticeSession, player: SimplePlayer) -> None:
    """The learner's choice (made by a computer player), through the learner's operations."""
    action = player.choose_action(session.deal)
    seat = session.deal.to_move
    if isinstance(action, Exchange):
        for card in action.discards:
            session.select(seat, card)
        assert session.selection == list(action.discards)
        session.confirm()
    else:
        assert isinstance(action, Play)
        session.select(seat, action.card)


def play_out(session: PracticeSession, player: SimplePlayer) -> None:
    while session.deal.phase is not Phase.FINISHED:
        assert session.to_move_is_learner  # the computer has answered every move
        learner_move(session, player)


def test_a_whole_partie_of_six_deals() -> None:
    session = PracticeSession(role="elder", seed=SEED, level="club")
    learner = SimplePlayer()
    elder_in = []
    for number in range(1, 7):
        assert session.number == number and len(session.partie.deals) == number - 1
        elder_in.append(session.learner_seats)
        play_out(session, learner)
        restored = PracticeSession.from_record(json.loads(json.dumps(session.record())), "partie")
        assert snapshot(restored)[:6] == snapshot(session)[:6]
        session.next_deal()
    # The deal alternates (rules.md section 7): the learner is elder in deals 1, 3, 5.
    assert elder_in == [frozenset({ELDER}), frozenset({YOUNGER})] * 3
    assert len(session.partie.deals) == 6 and session.settled
    totals = session.partie.totals
    assert sum(deal.scores[ELDER] + deal.scores[YOUNGER] for deal in session.partie.deals) == totals["A"] + totals["B"]
    assert totals["A"] != totals["B"]  # this seed's partie is not tied: no extra deals
    result = session.partie.result
    assert result.winner == max(totals, key=totals.get)
    low = min(totals.values())
    expected = max(totals.values()) + low + 100 if low < 100 else max(totals.values()) - low + 100  # section 7
    assert result.points == expected
    winner = "You" if result.winner == LEARNER else "The computer"
    assert session.result_sentence().startswith(f"{winner} win")
    assert session.prompt() == session.result_sentence()  # once settled, the prompt is the result
    with pytest.raises(PiquetError, match="The partie is over: start a new partie."):
        session.next_deal()
    record = session.record()
    assert record["settled"] is True and len(partie_from_json(record).deals) == 6
    again = PracticeSession.from_record(record, "partie")
    assert again.settled and again.partie == session.partie


def test_the_computer_answers_each_move_until_the_learners_turn() -> None:
    session = PracticeSession(role="younger", deal=7)
    assert session.prompt() == "Younger (you): choose the cards to discard (1 to 3), then confirm. 0 cards selected."
    assert session.seat_label(ELDER) == "Elder (computer)" and session.player_name("B") == "The computer"
    assert session.deal.phase is Phase.EXCHANGE and session.deal.to_move is YOUNGER  # elder (computer) has exchanged
    learner_move(session, SimplePlayer())
    deal = session.deal
    assert deal.phase is Phase.PLAY and deal.to_move is YOUNGER  # declarations in full, then elder's lead
    assert len(deal.declarations) == 6 and deal.led is not None


def refused(session: PracticeSession, operation, *args, match: str) -> None:
    before = snapshot(session)
    with pytest.raises(PiquetError, match=match):
        operation(*args)
    assert snapshot(session) == before


def test_every_refusal_says_why_and_changes_nothing() -> None:
    session = PracticeSession(role="elder", deal=7)
    refused(session, session.undo, match="Nothing to undo.")
    refused(session, session.redo, match="Nothing to redo.")
    refused(session, session.select, YOUNGER, session.deal.hand(YOUNGER)[0], match="That hand is the computer's.")
    refused(session, session.select, ELDER, session.deal.talon[0], match="you do not hold it")
    refused(session, session.select, "nobody", "AS", match="There is no such hand.")
    refused(session, session.select, ELDER, "ZZ", match="ZZ")
    refused(session, session.confirm, match="Elder must discard from 1 to 5 cards, not 0.")
    refused(session, session.next_deal, match="Finish this deal first.")
    refused(session, session.declare, (), match="There is nothing to declare now.")
    refused(session, session.set_level, "grandmaster", match="unknown computer player")
    refused(session, session.set_level, ["x"], match="unknown computer player")
    refused(session, session.new_partie, "referee", match="role must be one of")
    refused(session, session.load_code, "not a code", match="is not a deal code")
    session.select(ELDER, session.deal.hand(ELDER)[0])
    session.confirm()
    assert session.deal.phase is Phase.PLAY
    refused(session, session.confirm, match="There is nothing to confirm now.")


def test_a_card_of_another_suit_is_refused_while_the_learner_can_follow() -> None:
    session = PracticeSession(role="younger", deal=7)
    learner_move(session, SimplePlayer())
    deal = session.deal
    led = deal.led
    hand = deal.hand(YOUNGER)
    follow = [card for card in hand if card.suit == led.suit]
    other = [card for card in hand if card.suit != led.suit]
    assert follow and other  # this deal's first trick
    refused(session, session.select, YOUNGER, other[0], match="You must follow")


def test_undo_and_redo_take_back_the_learners_move_and_the_answer() -> None:
    session = PracticeSession(role="elder", deal=7)
    start = list(session.timeline)
    learner_move(session, SimplePlayer())
    after = list(session.timeline)
    session.undo()
    assert session.timeline == start and session.can_redo
    session.redo()
    assert session.timeline == after and not session.can_redo


def test_the_learner_may_declare_when_not_in_full() -> None:
    session = PracticeSession(role="elder", deal=7, declare_in_full=False)
    learner_move(session, SimplePlayer())  # elder's exchange; younger (the computer) exchanges
    assert session.deal.phase is Phase.DECLARATIONS and session.to_move_is_learner
    session.declare(())  # elder sinks his point
    deal = session.deal
    assert deal.declarations[0].combinations == () and deal.actions[-2] == Declare(deal.declarations[0].category, ())
    refused(session, session.confirm, match="There is nothing to confirm now.")


def test_a_hint_request_is_refused_when_there_is_nothing_to_choose() -> None:
    session = PracticeSession(role="elder", deal=7)
    task = session.hint_request()
    found = task(None)
    assert found.phase is Phase.EXCHANGE and found.seat is ELDER and found.evaluation.discards == found.cards
    play_out(session, SimplePlayer())
    refused(session, session.hint_request, match="There is nothing to choose now.")


def test_a_level_changes_the_computer_from_its_next_move() -> None:
    session = PracticeSession(role="elder", deal=7)
    session.set_level("club")
    assert type(session.computer) is ClubPlayer and session.level == "club"
    assert session.record()["level"] == "club"


def test_the_session_imports_no_widget_library() -> None:
    code = (
        "import sys, piquet_widgets.teach.session; "
        "print(sorted(m for m in ('ipywidgets', 'anywidget', 'IPython', 'voila', 'traitlets') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_learner_is_player_a_of_the_record() -> None:
    session = PracticeSession(role="younger", deal=7)
    play_out(session, SimplePlayer())
    session.next_deal()
    scores = session.partie.deal_scores(1)
    assert scores[LEARNER] == session.partie.deals[0].scores[YOUNGER]  # younger in deal 1


OPERATIONS = st.lists(
    st.one_of(
        st.tuples(st.just("select"), st.sampled_from(["elder", "younger"]), st.integers(0, 31)),
        st.sampled_from([("confirm",), ("undo",), ("redo",), ("next_deal",), ("new_deal",), ("hint_request",), ("play_again",)]),
    ),
    max_size=60,
)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), role=st.sampled_from(["elder", "younger", "both"]), operations=OPERATIONS)
def test_any_sequence_of_operations_keeps_the_game_legal(seed, role, operations) -> None:
    """Whatever the learner does, each operation either moves the game by legal actions or is
    refused with a PiquetError that changes nothing."""
    from piquet_widgets.engine.cards import CARDS

    session = PracticeSession(role=role, seed=seed)
    for name, *args in operations:
        before = snapshot(session)
        if name == "select":
            args = [args[0], CARDS[args[1]]]
        try:
            getattr(session, name)(*args)
        except PiquetError:
            assert snapshot(session) == before
        timeline = session.timeline
        for earlier, later in zip(timeline, timeline[1:]):
            assert earlier.apply(later.actions[-1]) == later  # one legal action from the state before
        assert set(session.selection) <= set(session.deal.hand(session.deal.to_move) if session.deal.to_move is not None else ())


# -- the learner declares aloud (open piquet, in full) ----------------------------------------------

CAVENDISH = {  # Cavendish's illustrative deal (tests/data/walkthrough_cavendish.json)
    "elder": "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D", "younger": "TS 7S TH 9H 7H KC QC TC AD QD JD TD",
    "talon": "9S 8S KH 9C KD QS AC 7D", "elder_discards": "KS 8C 7C 9D 8D", "younger_discards": "7S 9H 7H",
}


def cavendish_at_the_declarations(role: str = "both") -> PracticeSession:
    from piquet_widgets.engine import Deal, parse_cards

    deal = Deal.new(*(parse_cards(CAVENDISH[key]) for key in ("elder", "younger", "talon")))
    session = PracticeSession(role="both", deal=deal, speak=True)
    for seat, key in ((ELDER, "elder_discards"), (YOUNGER, "younger_discards")):
        for card in parse_cards(CAVENDISH[key]):
            session.select(seat, card)
        session.confirm()
    assert session.deal.phase is Phase.DECLARATIONS and session.to_move_is_learner
    return session


def test_the_learner_speaks_both_parts_and_the_scores_are_the_rules():
    # After the exchange elder holds A K Q J 8 of hearts (49), knaves of spades, hearts and
    # clubs; younger A Q J T 7 of diamonds (48), the four tens and three queens.
    session = cavendish_at_the_declarations()
    said = []
    for key in (
        "announce:point:5", "reply:ask", "answer:49", "reply:good", "total:5",  # equal length: the values decide
        "announce:sequence:4", "reply:good", "total:9",  # elder's quart major beats younger's tierce: 5 + 4
        "announce:sets:3:4", "reply:not_good", "total:17",  # younger's quatorze of tens beats three knaves: 14 + 3
    ):
        assert key in [choice.key for choice in session.speech_choices()]
        said.append(session._next_line().text)
        session.say(key)
    assert said[:5] == ["Point of five.", "How much?", "Forty-nine.", "Good.", "Five."]
    assert said[-1].endswith("seventeen.")
    deal = session.deal
    assert deal.phase is Phase.PLAY and deal.scores == (9, 17)  # elder has not led yet
    assert [d.combinations == d.holds for d in deal.declarations] == [True] * 6  # declared in full
    assert session.speech_choices() == []
    refused(session, lambda: session.say("reply:good"), match="There is nothing to say now.")


def test_an_untrue_or_weaker_announcement_is_refused_with_the_reason():
    session = cavendish_at_the_declarations()
    before = list(session.spoken)
    refused(session, lambda: session.say("announce:point:6"), match="You hold five hearts: your point is five.")
    refused(session, lambda: session.say("announce:point:4"), match="Open piquet declares in full: announce your point of five")
    refused(session, lambda: session.say("forty-nine"), match="That is not something to say now.")
    assert session.spoken == before and session.deal.phase is Phase.DECLARATIONS
    session.say("announce:point:5")
    refused(session, lambda: session.say("reply:good"), match=r"as long as elder's: ask “How much\?”")
    session.say("reply:ask")
    refused(session, lambda: session.say("answer:48"), match="Your point of five counts forty-nine.")
    session.say("answer:49")
    session.say("reply:good")
    refused(session, lambda: session.say("total:6"), match="Count again: that makes five.")


def test_as_younger_the_computer_announces_and_the_learner_answers():
    session = PracticeSession(role="younger", deal=3, speak=True)
    for card in session.deal.hand(YOUNGER)[:1]:
        session.select(YOUNGER, card)
    session.confirm()
    assert session.spoken and session.spoken[0].seat is ELDER  # the computer spoke first
    assert {choice.text for choice in session.speech_choices()} >= {"Good.", "Not good.", "Equal.", "How much?"}
    declared_for_me = PracticeSession(role="younger", deal=3)
    for card in declared_for_me.deal.hand(YOUNGER)[:1]:
        declared_for_me.select(YOUNGER, card)
    declared_for_me.confirm()
    while session.deal.phase is Phase.DECLARATIONS:
        session.say(session._next_line().key)
    assert session.deal.declarations == declared_for_me.deal.declarations
    assert session.deal.scores == declared_for_me.deal.scores


# -- review and retry -------------------------------------------------------------------------------


def test_retry_goes_back_exactly_to_the_moment_of_a_mistake_and_play_again_swaps_seats():
    session = PracticeSession(role="elder", deal=21, level="club")
    refused(session, session.play_again, match="Finish this deal first.")
    learner_move(session, SimplePlayer())
    while session.deal.phase is not Phase.FINISHED:
        session.select(ELDER, session.deal.playable_cards()[-1])
    timeline = list(session.timeline)
    index = session.decision_points()[3]  # the learner's third card
    session.retry(index)
    assert session.deal == timeline[index] and session.timeline == timeline[: index + 1]
    assert session.to_move_is_learner and session.deal.to_move is ELDER and session.can_redo
    session.redo()
    assert session.timeline == timeline
    refused(session, lambda: session.retry(len(timeline) - 1), match="There is no such moment to go back to.")
    refused(session, lambda: session.retry("3"), match="There is no such moment to go back to.")
    first = timeline[0]
    assert not session.replays_in_new_partie
    session.play_again()
    # The next deal of the partie, as the seats alternate (rules.md section 7): the deal played
    # is on the sheet with its score, and the learner, elder in deal 1, is younger in deal 2.
    assert session.number == 2 and session.partie.deals == (timeline[-1],) and session.role == "elder"
    assert session.learner_seats == frozenset({YOUNGER})
    assert session.timeline[0].dealt(ELDER) == first.dealt(ELDER) and session.timeline[0].talon == first.talon
    assert session.deal.phase is Phase.EXCHANGE and session.deal.to_move is YOUNGER  # the computer, elder now, has exchanged


def test_play_again_after_the_last_deal_starts_a_new_partie_with_the_learner_in_the_other_seat():
    session = PracticeSession(role="elder", seed=SEED, level="club")  # not tied (see the whole partie above)
    learner = SimplePlayer()
    for _number in range(5):
        play_out(session, learner)
        session.next_deal()
    play_out(session, learner)  # deal 6: the learner is younger (elder in 1, 3, 5)
    assert session.learner_seats == frozenset({YOUNGER}) and session.replays_in_new_partie
    last = session.timeline[0]
    session.next_deal()  # the partie is settled; the deal can still be played again
    assert session.settled and session.replays_in_new_partie
    session.play_again()
    assert session.number == 1 and session.partie.deals == () and not session.settled
    assert session.role == "elder" and session.learner_seats == frozenset({ELDER})
    assert session.timeline[0].dealt(YOUNGER) == last.dealt(YOUNGER) and session.timeline[0].talon == last.talon
