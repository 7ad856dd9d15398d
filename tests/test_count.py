""""Say your count" at the practice table (teach/count.py, widgets/practice_count.py): asked after
each trick only when it is on, a right count acknowledged, a wrong one given the right count and
the scores it adds, the game going on either way; in closed piquet the learner's own count."""

from __future__ import annotations

import pytest
from widget_helpers import find, text_of

from piquet_widgets.engine import ELDER, YOUNGER, Phase
from piquet_widgets.i18n import set_language
from piquet_widgets.teach.count import CountAloud
from piquet_widgets.teach.session import PracticeSession
from piquet_widgets.teach.words import number_words
from piquet_widgets.widgets.practice import PracticeTable

SEED = 7


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def play_to_trick(session: PracticeSession, tricks: int) -> None:
    """The learner discards his first three cards and plays his first legal card until `tricks`
    tricks are played (the computer answers each move)."""
    while session.deal.phase is Phase.EXCHANGE:
        seat = session.deal.to_move
        for card in session.deal.hand(seat)[:3]:
            session.select(seat, card)
        session.confirm()
    while len(session.deal.tricks) < tricks:
        seat = session.deal.to_move
        session.select(seat, session.deal.playable_cards()[0])


def engine_score(session: PracticeSession, seat) -> int:
    """The seat's running score as the engine keeps it: after the trick just played (the
    computer's lead of the next trick adds to its own score only)."""
    return session.deal.scores[seat]


def test_off_by_default_nothing_is_asked() -> None:
    session = PracticeSession(role="elder", deal=SEED)
    counting = CountAloud()
    play_to_trick(session, 2)
    counting.follow(session)
    assert counting.question is None and counting.answer("12") is None


@pytest.mark.parametrize("role", ["elder", "younger"])
def test_a_right_count_is_acknowledged(role: str) -> None:
    session = PracticeSession(role=role, deal=SEED)
    counting = CountAloud(on=True)
    counting.follow(session)
    assert counting.question is None  # before the first trick
    play_to_trick(session, 3)
    counting.follow(session)
    seat = ELDER if role == "elder" else YOUNGER
    question = counting.question
    assert (question.seat, question.trick) == (seat, 3)
    assert question.total == engine_score(session, seat)
    verdict = counting.answer(f" {question.total} ")
    assert verdict.right is True
    assert str(verdict.reason) == f"Right: you say “{number_words(question.total)}”."
    assert counting.answer(str(question.total + 1)) is None  # answered: one verdict per trick


def test_a_wrong_count_gets_the_right_one_and_why_and_play_goes_on() -> None:
    session = PracticeSession(role="elder", deal=SEED)
    counting = CountAloud(on=True)
    play_to_trick(session, 1)
    counting.follow(session)
    trick = session.deal.tricks[0]
    total = engine_score(session, ELDER)
    verdict = counting.answer(str(total + 5))
    assert verdict.right is False
    words = str(verdict.reason)
    assert words.startswith("Not quite.") and f"you say “{number_words(total)}”" in words
    before = total - (trick.leader is ELDER) - (trick.winner is ELDER and trick.leader is not ELDER) - (len(session.deal.tricks) == 12)
    assert f"From “{number_words(before)}”" in words
    if trick.leader is ELDER:
        assert "for the tricks you led" in words  # the point of his lead, named
    play_to_trick(session, 2)  # never held up: the next trick asks again
    counting.follow(session)
    assert counting.question.trick == 2 and counting.verdict is None


def test_a_text_that_is_no_number_is_said_so_and_costs_nothing() -> None:
    session = PracticeSession(role="elder", deal=SEED)
    counting = CountAloud(on=True)
    play_to_trick(session, 1)
    counting.follow(session)
    assert counting.answer("twelve").right is None
    assert counting.answer(str(engine_score(session, ELDER))).right is True


def test_the_last_trick_counts_the_cards() -> None:
    session = PracticeSession(role="younger", deal=SEED)
    counting = CountAloud(on=True)
    play_to_trick(session, 12)
    counting.follow(session)
    assert session.deal.phase is Phase.FINISHED
    assert counting.question.total == session.deal.scores[YOUNGER]


def test_closed_piquet_asks_the_learners_own_count() -> None:
    session = PracticeSession(role="younger", deal=SEED, mode="closed", level="beginner")
    counting = CountAloud(on=True)
    while session.deal.phase is not Phase.PLAY:
        if session.deal.phase is Phase.EXCHANGE:
            play_to_trick(session, 0)
        else:
            choices = session.speech_choices()
            for choice in choices:  # the first thing the rules accept
                try:
                    session.say(choice.key)
                    break
                except Exception:
                    continue
    play_to_trick(session, 2)
    counting.follow(session)
    assert counting.question.seat is YOUNGER
    assert counting.question.total == session.deal.scores[YOUNGER]


def test_the_table_asks_in_a_labelled_field_and_keeps_the_switch() -> None:
    table = PracticeTable(role="elder", deal=SEED, declare_for_me=True, keep_in_browser=False, language_selector=False)
    box = find(table, "pw-count")
    toggle = find(table, "pw-count-toggle")
    assert toggle in find(table, "pw-more-panel").children and toggle.value is False
    play_to_trick(table.session, 1)
    table.refresh()
    assert box.layout.display == "none"  # off: nothing asked
    toggle.value = True
    field = find(table, "pw-count-field")
    assert box.layout.display != "none" and field.description == "Your count after trick 1"
    field.value = str(table.deal.scores[ELDER] + 1)
    field._handle_msg({"content": {"data": {"method": "custom", "content": {"event": "submit"}}}, "buffers": []})  # Enter
    result = find(table, "pw-count-result")
    assert "pw-count-wrong" in result._dom_classes and "Not quite." in text_of(result.value)
    assert "Not quite." in table.announcer.text
    table.new_partie()
    assert find(table, "pw-count-toggle").value is True  # kept with the table's other options
