"""The closed table's declarations, spoken by the learner in the real order (rules.md section 4):
each branch of the dialogue through the session, as elder and as younger, on arranged deals
(tests/closed_helpers.py) whose outcome is worked out by hand in the comments."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from closed_helpers import ELDER_44, FIVE_47, FIVE_49, QUART_MAJOR, SIX_HEARTS, YOUNGER_44, at_declarations, say_in_full

from piquet_widgets.engine.cards import parse_cards
from piquet_widgets.engine.deal import ELDER, YOUNGER, Phase
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.engine.records import record_timeline
from piquet_widgets.analysis.closed_review import declaration_notes, sunk_or_forgotten
from piquet_widgets.engine.combinations import Category
from piquet_widgets.teach.closed_review import declaration_sentence
from piquet_widgets.teach.session import PracticeSession


def sunk(deal, seat):
    """What `seat` held and did not declare, as the closed review reads it."""
    return [combo for note in sunk_or_forgotten(deal, seat) for combo in note.held if combo not in note.declared]


def said(session: PracticeSession) -> list[list[str]]:
    """The dialogue as "e: words" / "y: words", category by category."""
    return [[f"{line.seat.key[0]}: {line.text}" for line in block] for block in session.dialogue()]


def offered(session: PracticeSession) -> list[str]:
    return [choice.text for choice in session.speech_choices()]


def refused(session: PracticeSession, key: str, reason: str) -> None:
    """`key` is refused with `reason` and nothing changes."""
    before, lines = session.deal, said(session)
    with pytest.raises(PiquetError, match=re.escape(reason)):
        session.say(key)
    assert session.deal is before and said(session) == lines


def category_points(session: PracticeSession, kind: str) -> list[tuple[str, int]]:
    return [(event.player.key, event.points) for event in session.deal.events if event.kind == kind]


def lead_and_answer(session: PracticeSession) -> None:
    """Trick 1: whoever the learner is, his first playable card."""
    while not session.deal.tricks:
        session.select(session.deal.to_move, session.deal.playable_cards()[0])


# -- "Good" and "Not good" -------------------------------------------------------------------------
def test_elder_announces_hears_good_and_reckons_at_once_not_good_and_hears_nothing_more():
    session = at_declarations("elder", SIX_HEARTS, QUART_MAJOR)
    assert "Point of six." in offered(session) and "No point." in offered(session)
    refused(session, "announce:point:7", "You hold six hearts")  # more than he holds
    session.say("announce:point:6")
    # younger (the computer) holds four spades at most: "Good"; elder reckons his six at once.
    assert said(session)[0] == ["e: Point of six.", "y: Good."]
    assert offered(session) == ["Five.", "Six.", "Seven."]
    refused(session, "total:7", "Count again: that makes six")
    session.say("total:6")
    assert said(session)[0] == ["e: Point of six.", "y: Good.", "e: Six.", "y: Show me."]
    assert category_points(session, "point") == [("elder", 6)]
    session.say("announce:sequence:3")  # his best: two tierces, against her quart major
    assert said(session)[1] == ["e: A tierce.", "y: Not good."]  # what beat him is not said yet
    session.say("announce:sets:3:7")  # three aces, against fourteen knaves
    assert said(session)[2] == ["e: Three aces.", "y: Not good."]
    assert session.deal.phase is Phase.PLAY
    assert session.deal.scores[YOUNGER] == 24 and session.heard_deal().scores == (6, 0)
    lead_and_answer(session)  # younger reckons as she plays to trick 1
    assert said(session)[1][2:] == ["y: Quart major and tierce to the king: seven."]
    assert said(session)[2][2:] == ["y: Fourteen knaves and three queens: seventeen, that makes twenty-four."]
    assert session.heard_deal().scores == session.deal.scores


def test_younger_answers_good_and_not_good_and_a_claim_beyond_her_hand_is_refused():
    session = at_declarations("younger", SIX_HEARTS, QUART_MAJOR)
    # The computer (elder) has spoken first; her answers come after its announcement.
    assert said(session) == [["e: Point of six."]]
    assert offered(session) == ["Good.", "Not good.", "Equal.", "How much?"]
    refused(session, "reply:not_good", "Your point of four against elder's point of six")
    refused(session, "reply:ask", "yours is the point of four")  # shorter than his: nothing to ask
    refused(session, "reply:equal", "ask it first")
    session.say("reply:good")
    assert said(session)[0] == ["e: Point of six.", "y: Good.", "e: Six."]
    assert said(session)[1] == ["e: A tierce."]
    session.say("reply:not_good")
    assert said(session)[2] == ["e: Three aces."]
    session.say("reply:not_good")  # fourteen knaves
    assert session.deal.phase is Phase.PLAY and category_points(session, "sets") == [("younger", 17)]
    assert said(session)[1] == ["e: A tierce.", "y: Not good."]


def test_younger_reckons_her_good_combinations_before_her_first_card_and_what_she_leaves_out_is_lost():
    session = at_declarations("younger", SIX_HEARTS, QUART_MAJOR)
    for reply in ("reply:good", "reply:not_good", "reply:not_good"):
        session.say(reply)
    assert session.deal.led is not None and not session.deal.tricks  # elder (the computer) has led
    card = session.deal.playable_cards()[0]
    assert session.prompt() == "Younger (you): reckon your good combinations aloud, then play to the first trick."
    with pytest.raises(PiquetError, match="before she plays to the first trick"):
        session.select(YOUNGER, card)
    # Her sequences: all of them, or the quart alone (the tierce forgotten); a miscount; her
    # point, which elder's beat.
    assert offered(session) == [
        "Quart major and tierce to the king: seven.", "Quart major: four.", "Quart major and tierce to the king: eight.",
        "Point of four: four, that makes eleven.",
    ]
    refused(session, "count:sequence", "Count again: that makes seven")
    refused(session, "lost:point", "Your point of four was not good")
    session.say("reckon:AS KS QS JS | KC QC JC")
    assert said(session)[1] == ["e: A tierce.", "y: Not good.", "y: Quart major and tierce to the king: seven.", "e: Show me."]
    assert "Fourteen knaves: fourteen, that makes twenty-one." in offered(session)
    session.say("reckon:JS JH JD JC")  # the three queens left out: not reckoned, not scored
    assert said(session)[2][2:] == ["y: Fourteen knaves: fourteen, that makes twenty-one.", "e: Show me."]
    assert category_points(session, "sets") == [("younger", 14)] and session.deal.scores[YOUNGER] == 21
    [note] = sunk_or_forgotten(session.deal, YOUNGER)
    assert (note.kind, [combo.name() for combo in note.held if combo not in note.declared]) == ("forgotten", ["three queens"])
    assert session.speech_choices() == []
    session.select(YOUNGER, card)
    assert said(session)[2][2:] == ["y: Fourteen knaves: fourteen, that makes twenty-one.", "e: Show me."]  # the same, once played
    assert session.deal.scores[YOUNGER] == 21 + sum(e.points for e in session.deal.events if e.kind in ("lead", "win") and e.player is YOUNGER)


def test_elder_adds_after_good_what_else_he_scores_and_may_keep_it_back():
    session = at_declarations("elder", QUART_MAJOR, SIX_HEARTS)
    session.say("announce:point:4")
    assert said(session)[0] == ["e: Point of four.", "y: Not good."]
    session.say("announce:sequence:4")
    assert said(session)[1] == ["e: A quart.", "y: Good."]
    assert offered(session) == ["And a tierce.", "That is all."]
    session.say("add:KC QC JC")
    assert offered(session) == ["Six.", "Seven.", "Eight."]  # he reckons the quart and the tierce
    session.say("total:7")
    assert said(session)[1] == ["e: A quart.", "y: Good.", "e: And a tierce.", "e: Seven.", "y: Show me."]
    session.say("announce:sets:4:4")
    assert offered(session) == ["And three queens.", "That is all."]
    session.say("add:none")  # three queens kept back
    refused(session, "total:22", "Count again: that makes twenty-one")
    session.say("total:21")  # fourteen, and his running total
    assert said(session)[2] == ["e: Fourteen knaves.", "y: Good.", "e: Fourteen: that makes twenty-one.", "y: Show me."]
    assert category_points(session, "sequence") == [("elder", 7)] and category_points(session, "sets") == [("elder", 14)]
    assert [combo.name() for combo in sunk(session.deal, ELDER)] == ["three queens"]


# -- "How much?" / "To what?" -------------------------------------------------------------------------
def test_how_much_and_to_what_as_elder():
    session = at_declarations("elder", FIVE_49, FIVE_47)
    session.say("announce:point:5")
    assert said(session) == [["e: Point of five.", "y: How much?"]]
    assert offered(session) == ["Forty-eight.", "Forty-nine.", "Fifty."]
    refused(session, "answer:48", "Your point of five counts forty-nine")
    session.say("answer:49")
    session.say("total:5")
    assert said(session)[0] == ["e: Point of five.", "y: How much?", "e: Forty-nine.", "y: Good.", "e: Five.", "y: Show me."]
    session.say("announce:sequence:4")
    assert said(session)[1] == ["e: A quart.", "y: To what?"]
    session.say("answer:7")
    session.say("total:9")
    assert said(session)[1][2:5] == ["e: Quart major.", "y: Good.", "e: Four: that makes nine."]
    assert category_points(session, "point") == [("elder", 5)] and category_points(session, "sequence") == [("elder", 4)]


def test_how_much_and_to_what_as_younger():
    session = at_declarations("younger", FIVE_49, FIVE_47)
    refused(session, "reply:not_good", "as long as elder's: ask \u201cHow much?\u201d")
    session.say("reply:ask")
    assert said(session) == [["e: Point of five.", "y: How much?", "e: Forty-nine."]]
    assert offered(session) == ["Good.", "Not good.", "Equal."]
    refused(session, "reply:not_good", "point of five (47) against elder's point of five (49)")
    refused(session, "reply:equal", "not equal")
    session.say("reply:good")
    assert said(session)[1] == ["e: A quart."]
    session.say("reply:ask")
    assert said(session)[1] == ["e: A quart.", "y: To what?", "e: Quart major."]
    session.say("reply:good")
    assert category_points(session, "point") == [("elder", 5)] and category_points(session, "sequence") == [("elder", 4)]


# -- "Equal" ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("role", ["elder", "younger"])
def test_equal_scores_nobody(role):
    """Both points of five are worth 44, both quints are quints minor (knave to seven): nobody scores either."""
    session = at_declarations(role, ELDER_44, YOUNGER_44)
    for declared in (2, 4):  # the point, then the sequences
        if role == "younger":
            refused(session, "reply:equal", "ask it first")
        while len(session.deal.declarations) < declared:
            say_in_full(session)
    assert said(session)[0] == ["e: Point of five.", "y: How much?", "e: Forty-four.", "y: Equal."]
    assert said(session)[1] == ["e: A quint.", "y: To what?", "e: Quint minor.", "y: Equal."]
    assert not category_points(session, "point") and not category_points(session, "sequence")


# -- sinking ----------------------------------------------------------------------------------------
def test_sinking_as_elder_and_as_younger_is_allowed_and_named():
    session = at_declarations("elder", SIX_HEARTS, QUART_MAJOR)
    session.say("announce:point:5")  # five of his six hearts
    session.say("total:5")
    assert category_points(session, "point") == [("elder", 5)]
    assert [combo.length for combo in sunk(session.deal, ELDER)] == [6]
    younger = at_declarations("younger", SIX_HEARTS, QUART_MAJOR)
    younger.say("reply:good")
    younger.say("reply:good")  # "Good" to a tierce, holding a quart major: sinking it
    assert category_points(younger, "sequence") == [("elder", 6)]  # elder's two tierces
    assert [combo.name() for combo in sunk(younger.deal, YOUNGER)] == ["quart major", "tierce to the king"]


def test_younger_may_ask_as_if_her_longer_holding_were_as_long_as_elder_s_sinking_the_rest():
    """Elder's best is a tierce major (hearts). Her quart major asked "To what?" as a tierce is
    the tierce major of spades: "Equal", and nobody scores a sequence — in full, her quart and
    her tierce would have scored her seven."""
    session = at_declarations("younger", SIX_HEARTS, QUART_MAJOR)
    session.say("reply:good")
    session.say("reply:ask")
    assert said(session)[1] == ["e: A tierce.", "y: To what?", "e: Tierce major."]
    assert offered(session) == ["Good.", "Not good.", "Equal."]
    refused(session, "reply:not_good", "Your tierce major against elder's tierce major")
    session.say("reply:equal")
    assert said(session)[1] == ["e: A tierce.", "y: To what?", "e: Tierce major.", "y: Equal."]
    assert not category_points(session, "sequence")
    [note] = [note for note in declaration_notes(session.timeline, YOUNGER) if note.category is Category.SEQUENCE]
    assert (note.kind, note.cost) == ("sunk", 7)
    assert declaration_sentence(note) == (
        "Sequences: out of your quart major and tierce to the king you declared only tierce major and tierce to the king: you sank the rest. "
        "With the play as it went, that cost you seven points."
    )


# -- Law 55 ---------------------------------------------------------------------------------------------
def test_show_me_only_a_scoring_combination_of_the_computer_and_only_its_cards():
    session = at_declarations("younger", SIX_HEARTS, QUART_MAJOR)
    with pytest.raises(PiquetError, match="only a combination that scored"):
        session.show_me()
    session.say("reply:good")  # elder's point of six scores: he has reckoned it
    assert session.can_show()
    session.show_me()
    assert set(session.shown) == set(parse_cards("AH KH QH 9H 8H 7H"))
    with pytest.raises(PiquetError, match="already"):
        session.show_me()
    elder = at_declarations("elder", SIX_HEARTS, QUART_MAJOR)
    while elder.deal.phase is Phase.DECLARATIONS:
        say_in_full(elder)
    with pytest.raises(PiquetError, match="as she plays to the first trick"):
        elder.show_me()  # her quart scored, but she has not reckoned it yet
    lead_and_answer(elder)
    elder.show_me()
    # Her quart, tierce and three queens; her fourteen knaves showed themselves when she named them.
    assert set(elder.shown) == set(parse_cards("AS KS QS JS KC QC JC QD"))
    assert not set(parse_cards("JD JH")) & elder.hidden_cards()
    assert not set(parse_cards("9D TH")) & set(elder.shown)  # cards of hers that make nothing stay hidden


def test_the_record_holds_what_was_declared_and_replays_to_the_same_scores():
    session = at_declarations("younger", SIX_HEARTS, QUART_MAJOR)
    session.say("reply:good")
    session.say("reply:good")  # the quart sunk
    session.say("reply:not_good")
    record = session.record()
    deal = record["deals"][-1]
    assert deal["declared"] == {"younger": {"sequences": []}}  # nothing below a tierce: nothing declared
    assert record_timeline({**deal, "rules": record["rules"]})[-1].scores == session.deal.scores
    assert PracticeSession.from_record(record).deal.scores == session.deal.scores


def test_undo_never_goes_back_before_what_show_me_showed_and_says_the_computer_s_words_again():
    session = at_declarations("younger", SIX_HEARTS, QUART_MAJOR)
    session.say("reply:good")
    session.undo()  # words are not cards: the answer may be taken back
    assert said(session) == [["e: Point of six."]]  # and elder announces again
    session.redo()
    assert said(session)[-1] == ["e: A tierce."]
    session.show_me()  # elder's six hearts, seen
    assert not session.can_undo
    with pytest.raises(PiquetError, match="Study this deal"):
        session.undo()
    session.study(True)
    session.undo()
    assert said(session) == [["e: Point of six."]] and session.studied == {1}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), picks=st.randoms(use_true_random=False))
def test_younger_scores_in_each_category_she_won_exactly_what_she_reckoned(seed, picks):
    """Random closed deals, the learner younger declaring in full, then reckoning at trick 1 with
    words picked at random: refused words change nothing; the line the table shows is the one she
    chose, her declaration of the category is what she reckoned and scores its points, and what
    she left out the review names as forgotten."""
    session = PracticeSession("younger", deal=seed, mode="closed", level="beginner")
    session.select(YOUNGER, session.deal.hand(YOUNGER)[0])
    session.confirm()
    while session.deal.phase is Phase.DECLARATIONS:
        say_in_full(session)
    chosen = {}
    while session.speech_choices():
        before, lines = session.deal, said(session)
        category = session._reckoning_due()
        choice = picks.choice(session.speech_choices())
        try:
            session.say(choice.key)
        except PiquetError:
            assert session.deal is before and said(session) == lines
            continue
        chosen[category] = choice
    for category, choice in chosen.items():
        declared = next(d for d in session.deal.declarations if d.player is YOUNGER and d.category is category)
        assert choice.key == "reckon:" + " | ".join(" ".join(card.code for card in combo.cards) for combo in declared.combinations)
        assert category_points(session, category.value) == [("younger", sum(combo.points for combo in declared.combinations))]
        assert f"y: {choice.text}" in said(session)[[Category.POINT, Category.SEQUENCE, Category.SETS].index(category)]
        forgotten = [note for note in sunk_or_forgotten(session.deal, YOUNGER) if note.category is category]
        assert bool(forgotten) == (set(declared.combinations) != set(declared.holds))
