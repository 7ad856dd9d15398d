"""The practice session in closed mode (rules 8b): the computer sees only its observation, the
learner declares himself and may sink, asks to see what was declared, and the partie record
keeps the mode and the sunk declarations."""

import pytest

from piquet_widgets.analysis import closed
from piquet_widgets.analysis.observation import Observation
from piquet_widgets.engine.cards import parse_cards
from piquet_widgets.engine.deal import ELDER, YOUNGER, Deal, Phase, Play
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.teach.session import PracticeSession
from closed_helpers import say_in_full

# Elder holds all eight hearts: a point of eight in full (8 points), which he may sink.
ELDER_HAND = "AH KH QH JH TH 9H 8H 7H AS KS QS JS"
YOUNGER_HAND = "TS 9S 8S 7S AD KD QD JD AC KC QC JC"
TALON = "TD TC 8C 7D 7C 9D 9C 8D"


def _arranged() -> Deal:
    return Deal.new(parse_cards(ELDER_HAND), parse_cards(YOUNGER_HAND), parse_cards(TALON))


def _after_exchange() -> PracticeSession:
    session = PracticeSession("elder", deal=_arranged(), mode="closed")
    session.select(ELDER, "JS")
    session.confirm()  # elder takes the TD; the closed computer exchanges as younger
    return session


def _play_out(session: PracticeSession) -> None:
    while session.deal.phase is Phase.DECLARATIONS:
        say_in_full(session)
    while session.deal.phase is Phase.PLAY:
        card = next(action.card for action in session.deal.legal_actions() if isinstance(action, Play))
        session.select(session.deal.to_move, card)


def test_the_closed_computer_is_handed_only_observations(monkeypatch):
    seen = []
    decide = closed.ClosedPlayer.decide

    def spy(self, observation):
        seen.append(type(observation))
        return decide(self, observation)

    monkeypatch.setattr(closed.ClosedPlayer, "decide", spy)
    session = _after_exchange()
    assert isinstance(session.computer, closed.Screened)
    _play_out(session)
    assert session.deal.phase is Phase.FINISHED
    assert seen and set(seen) == {Observation}  # it never received a Deal


def test_the_learner_sinks_his_point_and_it_scores_as_declared():
    session = _after_exchange()
    texts = [choice.text for choice in session.speech_choices()]
    assert "Point of eight." in texts and "Point of seven." in texts and "No point." in texts
    session.say("announce:point:7")
    session.say("total:7")  # he reckons what he declared
    elder, younger = session.deal.declarations[:2]
    assert elder.combinations[0].length == 7 and elder.holds[0].length == 8
    # Younger holds at most five of a suit after his exchange (four clubs or diamonds and the
    # low talon cards left): the longer point wins and scores one a card — seven, not eight.
    assert all(combo.length < 7 for combo in younger.combinations)
    points = [(event.player, event.points) for event in session.deal.events if event.kind == "point"]
    assert points == [(ELDER, 7)]


def test_declaring_nothing_scores_nothing_and_a_bad_key_is_refused():
    session = _after_exchange()
    with pytest.raises(PiquetError):
        session.say("declare:AH KH QH JH TH 9H 8H 7H AS")
    assert session.deal.declarations == ()
    session.say("announce:point:none")
    assert session.deal.declarations[0].combinations == ()
    assert not any(event.player is ELDER for event in session.deal.events)


def _declare_all(session: PracticeSession, key: str | None = None) -> None:
    """The learner declares each category in full (or says `key` when he may)."""
    while session.deal.phase is Phase.DECLARATIONS:
        if key in [choice.key for choice in session.speech_choices()]:
            session.say(key)
        else:
            say_in_full(session)


def _lead(session: PracticeSession) -> None:
    card = next(action.card for action in session.deal.legal_actions() if isinstance(action, Play))
    session.select(session.deal.to_move, card)


def test_show_me_shows_the_computers_scoring_combinations_once_it_has_reckoned_them():
    """Elder (the learner) sinks his point: younger's point scores. Younger reckons it as she
    plays to trick 1, not before; then, and only then, Law 55 lets elder see its cards."""
    session = _after_exchange()
    with pytest.raises(PiquetError, match="only a combination that scored"):
        session.show_me()
    _declare_all(session, "announce:point:none")
    scoring = [event for event in session.deal.events if event.player is YOUNGER and event.kind in ("point", "sequence", "sets")]
    assert scoring and session.deal.phase is Phase.PLAY
    assert not session.can_show()  # she has not reckoned yet: elder leads first
    _lead(session)
    assert session.can_show()
    session.show_me()
    assert set(session.shown) == {card for event in scoring for card in event.cards}
    assert set(session.shown) <= set(session.deal.dealt(YOUNGER)) | set(session.deal.talon)
    assert not session.can_show()


def test_a_combination_that_did_not_score_is_never_shown():
    """Younger's quarts lose to elder's huitième and her point to his: nothing of hers scores,
    so after she has reckoned (trick 1) there is still nothing to show, and her cards stay hidden."""
    session = _after_exchange()
    _declare_all(session)
    assert not [event for event in session.deal.events if event.player is YOUNGER]
    losing = {card for d in session.deal.declarations if d.player is YOUNGER for combo in d.combinations for card in combo.cards}
    assert losing
    _lead(session)
    assert session.deal.tricks and not session.can_show()
    with pytest.raises(PiquetError, match="only a combination that scored"):
        session.show_me()
    played = {card for trick in session.deal.tricks for card in (trick.lead, trick.reply)}
    assert losing - played <= session.hidden_cards()


def test_undo_cannot_go_back_across_a_draw_or_a_card_the_computer_played():
    session = _after_exchange()
    assert not session.can_undo
    with pytest.raises(PiquetError, match="Study this deal"):
        session.undo()  # the talon's top card was seen
    assert session.deal.phase is Phase.DECLARATIONS
    _declare_all(session)
    _lead(session)  # the computer answers: its card is seen
    with pytest.raises(PiquetError, match="Study this deal"):
        session.undo()
    with pytest.raises(PiquetError, match="Study this deal"):
        session.retry(session.decision_points()[0])


def test_open_piquet_takes_back_anything():
    session = PracticeSession("elder", deal=_arranged())
    session.select(ELDER, "JS")
    session.confirm()
    assert session.can_undo
    session.undo()
    assert session.deal.phase is Phase.EXCHANGE
    with pytest.raises(PiquetError, match="open piquet"):
        session.study(True)


def test_studying_a_deal_lets_undo_go_anywhere_and_marks_it_on_the_record():
    session = _after_exchange()
    session.study(True)
    assert session.can_undo
    session.undo()
    assert session.deal.phase is Phase.EXCHANGE and session.studied == {1}
    session.study(False)
    assert session.studied == {1}  # studied once, studied for good
    record = session.record()
    assert record["studied"] == [1]
    assert PracticeSession.from_record(record).studied == {1}
    with pytest.raises(PiquetError, match="studied"):
        PracticeSession.from_record({**record, "studied": [7]})
    session.new_partie()
    assert session.studied == frozenset() and not session.studying


def test_a_closed_hint_is_an_average_from_the_learners_view():
    session = PracticeSession("elder", deal=7, mode="closed")
    session.ask_hint()
    assert "Ask again" in session.hint_words(session.hint_request()(None))


def test_the_record_keeps_the_mode_and_a_sunk_declaration_replays_to_the_same_score():
    session = _after_exchange()
    session.say("announce:point:7")
    _play_out(session)
    record = session.record()
    assert record["mode"] == "closed"
    assert record["deals"][-1]["declared"]["elder"]["point"] == "AH KH QH JH TH 9H 8H"
    again = PracticeSession.from_record(record)
    assert again.mode == "closed" and isinstance(again.computer, closed.Screened)
    assert again.deal.scores == session.deal.scores
    assert again.deal.declarations[0].combinations[0].length == 7


def test_a_bad_mode_is_refused():
    with pytest.raises(PiquetError, match="mode"):
        PracticeSession("elder", mode="shut")
    with pytest.raises(PiquetError, match="mode"):
        PracticeSession.from_record({**PracticeSession("elder", deal=7).record(), "mode": "shut"})


def test_the_table_hides_the_computers_cards_until_the_deal_ends():
    from piquet_widgets.widgets.practice import PracticeTable

    table = PracticeTable(deal=_arranged(), mode="closed", keep_in_browser=False)
    assert not table.felt.hands[YOUNGER].face_up and table.felt.hands[ELDER].face_up
    assert not table.felt.talon.face_up and not table.hint_button.disabled
    table.click(ELDER, "JS")
    table.confirm()
    assert not table.felt.discards[YOUNGER].face_up and "speak in the declarations" in table.message_text
    table.say("announce:point:7")
    table.say("total:8")  # a miscount is refused, the reason shown
    assert "Count again: that makes seven" in table.message_text and table.deal.scores[ELDER] == 0
    table.say("total:7")
    assert table.deal.scores[ELDER] == 7
    table.show_me()  # younger's point of five lost: Law 55 shows only a scoring combination
    assert "pw-shown" not in table.dialogue.value and "only a combination that scored" in table.message_text
    _play_out(table.session)
    table.refresh()
    assert table.felt.discards[YOUNGER].face_up and table.felt.hands[YOUNGER].face_up
    assert table.partie_record()["mode"] == "closed"


def test_the_table_disables_undo_across_a_draw_until_the_deal_is_studied():
    from piquet_widgets.widgets.practice import PracticeTable

    table = PracticeTable(deal=_arranged(), mode="closed", keep_in_browser=False)
    table.click(ELDER, "JS")
    table.confirm()
    assert table.undo_button.disabled
    table.undo()
    assert "Study this deal" in table.message_text and table.deal.phase is Phase.DECLARATIONS
    table.study(True)
    assert table.study_check.value and not table.undo_button.disabled
    table.undo()
    assert table.deal.phase is Phase.EXCHANGE
    table.new_deal()
    assert not table.study_check.value and table.session.studied == {1}


def test_a_studied_deal_is_marked_on_the_score_sheet():
    from piquet_widgets.widgets.practice import PracticeTable

    table = PracticeTable(deal=_arranged(), mode="closed", keep_in_browser=False)
    table.study(True)
    table.click(ELDER, "JS")
    table.confirm()
    _play_out(table.session)
    table.next_deal()
    assert "pw-studied" in table.partie_view.value
