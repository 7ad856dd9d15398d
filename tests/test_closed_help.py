"""Help at the closed table from the learner's own view (rules 8b): the hint and the card values
depend on his observation alone, and the end review judges his choices from it, names what he
sank and what it cost, and shows the hands as dealt with the cards in words."""

import random

import pytest

from piquet_widgets.analysis.closed_help import closed_hint, expected_card_values
from piquet_widgets.analysis.closed_review import closed_review, declaration_notes, sunk_or_forgotten
from piquet_widgets.analysis.observation import observe
from piquet_widgets.engine.cards import FULL_PACK, SUIT_MASKS, Card, cards_of, parse_cards
from piquet_widgets.engine.combinations import Category, points_of
from piquet_widgets.engine.deal import ELDER, YOUNGER, Deal, Declare, Exchange, Phase, Play
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.i18n import set_language
from piquet_widgets.teach.closed_review import choice_sentence, declaration_sentence
from piquet_widgets.teach.hints import closed_move_words, closed_nudge, runs_to_the_end, unbeatable
from piquet_widgets.teach.session import PracticeSession
from piquet_widgets.teach.words import seat_at_start


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


# -- the same observation, the same help ------------------------------------------------------------
def _moments(seed: int) -> tuple[Deal, list[Deal]]:
    """A random deal played at random (declarations in full) and some of its states where a seat
    chooses: both exchanges and a few leads and replies."""
    rng = random.Random(seed)
    deal = first = Deal.from_seed(seed)
    moments = []
    while deal.phase is not Phase.FINISHED:
        if deal.phase is Phase.DECLARATIONS:
            deal = deal.apply(deal.default_action())
            continue
        if deal.phase is Phase.EXCHANGE or rng.random() < 0.15:
            moments.append(deal)
        actions = list(deal.legal_actions())
        deal = deal.apply(rng.choice(actions))
    return first, moments


def _replayed(first: Deal, moment: Deal, swap: dict[Card, Card]) -> Deal | None:
    """The moment's actions replayed on the deal whose cards `swap` exchanges (the same talon
    order otherwise), the declarations in full; None when an action is then illegal."""
    move = lambda card: swap.get(card, card)  # noqa: E731
    deal = Deal.new([move(c) for c in first.dealt(ELDER)], [move(c) for c in first.dealt(YOUNGER)], [move(c) for c in first.talon], first.rules)
    try:
        for action in moment.actions:
            if isinstance(action, Exchange):
                deal = deal.apply(Exchange(tuple(move(c) for c in action.discards)))
            elif isinstance(action, Declare):
                deal = deal.apply(deal.default_action())
            else:
                deal = deal.apply(Play(move(action.card)))
    except PiquetError:
        return None
    return deal


def _same_view_other_cards(first: Deal, moment: Deal, rng: random.Random) -> Deal | None:
    """The moment with cards the seat to move has not seen exchanged between the opponent's hand
    and the talon, so that his observation is the same: None if no such exchange keeps it."""
    seat = moment.to_move
    seen = observe(moment, seat)
    unseen = list(cards_of(FULL_PACK & ~seen.seen_mask()))
    theirs = [card for card in unseen if card in first.dealt(seat.other)]
    talon = [card for card in unseen if card in first.talon]
    for _try in range(40):
        if not theirs or not talon:
            return None
        count = rng.randint(1, min(3, len(theirs), len(talon)))
        out, into = rng.sample(theirs, count), rng.sample(talon, count)
        swap = {**dict(zip(out, into)), **dict(zip(into, out))}
        other = _replayed(first, moment, swap)
        if other is not None and observe(other, seat) == seen and other.hands[seat.other] != moment.hands[seat.other]:
            return other
    return None


def test_the_hint_and_the_values_are_the_same_whatever_the_unseen_cards():
    rng = random.Random(2026)
    checked = {Phase.EXCHANGE: 0, Phase.PLAY: 0}
    for seed in range(16):
        first, moments = _moments(seed)
        for moment in moments:
            other = _same_view_other_cards(first, moment, rng)
            if other is None:
                continue
            seat = moment.to_move
            mine, theirs = observe(moment, seat), observe(other, seat)
            found, found_other = closed_hint(mine), closed_hint(theirs)
            assert found == found_other
            assert closed_nudge(mine, found) == closed_nudge(theirs, found_other)
            assert closed_move_words(mine.hand, found) == closed_move_words(theirs.hand, found_other)
            if moment.phase is Phase.PLAY:
                assert expected_card_values(mine) == expected_card_values(theirs)
            checked[moment.phase] += 1
    assert checked[Phase.EXCHANGE] >= 20 and checked[Phase.PLAY] >= 20, checked


def test_what_a_closed_hint_says_of_a_suit_holds_against_the_cards_the_opponent_really_holds():
    """The closed nudge knows only the learner's view, yet its claims about a suit ("yours to the
    end", "cannot beat") must be true of the opponent's actual hand."""
    said = 0
    for seed in range(16, 40):
        _first, moments = _moments(seed)
        for moment in moments:
            if moment.phase is not Phase.PLAY or moment.led is not None:
                continue
            seat = moment.to_move
            seen = observe(moment, seat)
            found = closed_hint(seen)
            suit = SUIT_MASKS[found.cards[0].suit]
            mine, theirs = moment.hands[seat] & suit, moment.hands[seat.other] & suit
            words = closed_nudge(seen, found)
            if "yours to the end" in words:
                assert runs_to_the_end(mine, theirs), (moment, words)
                said += 1
            if "cannot beat" in words:
                assert unbeatable(mine, theirs), (moment, words)
                said += 1
    assert said >= 5  # the claims were made, and checked


def test_the_session_gives_the_same_hint_whoever_holds_the_cards_it_cannot_see():
    deal = Deal.from_seed(31)
    rng = random.Random(5)
    hidden = list(deal.dealt(YOUNGER) + deal.talon)
    rng.shuffle(hidden)
    other = Deal.new(deal.dealt(ELDER), hidden[:12], hidden[12:])
    words = []
    for table_deal in (deal, other):
        session = PracticeSession("elder", deal=table_deal, mode="closed")
        session.ask_hint()
        session.ask_hint()  # the move itself
        words.append(session.hint_words(session.hint_request()(None)))
    assert words[0] == words[1] and "on average over the hands younger may hold" in words[0].lower()


def test_a_closed_hint_is_refused_when_the_learner_has_nothing_to_choose():
    session = PracticeSession("elder", deal=7, mode="closed")
    for card in session.deal.hand(ELDER)[:3]:
        session.select(ELDER, card)
    session.confirm()
    assert session.deal.phase is Phase.DECLARATIONS
    with pytest.raises(PiquetError, match="nothing to choose"):
        session.hint_request()


# -- the review on an arranged deal ----------------------------------------------------------------
# Elder holds seven hearts: a point of seven (7 points) and a septième (17 points) he may sink.
ELDER_HAND = "AH KH QH JH TH 9H 8H AS KS QS JS 7C"
YOUNGER_HAND = "TS 9S 8S 7S AD KD QD JD AC KC QC JC"
TALON = "7H TD TC 8C 7D 9D 9C 8D"


def _arranged_played(point: tuple | None = None, sequence: tuple | None = None) -> list[Deal]:
    """Elder throws the seven of clubs and draws the seven of hearts (a point of eight and a
    huitième), declares `point` as his point and `sequence` as his sequences (in full if None),
    younger exchanges three and declares in full; the play goes by the first legal card."""
    deal = Deal.new(parse_cards(ELDER_HAND), parse_cards(YOUNGER_HAND), parse_cards(TALON))
    timeline = [deal]

    def go(action):
        timeline.append(timeline[-1].apply(action))

    go(Exchange(tuple(parse_cards("7C"))))
    go(Exchange(tuple(parse_cards("7S 8S 9S"))))
    go(Declare(Category.POINT, point) if point is not None else timeline[-1].default_action())
    go(timeline[-1].default_action())
    go(Declare(Category.SEQUENCE, sequence) if sequence is not None else timeline[-1].default_action())
    while timeline[-1].phase is Phase.DECLARATIONS:
        go(timeline[-1].default_action())
    while timeline[-1].phase is Phase.PLAY:
        go(timeline[-1].legal_actions()[0])
    return timeline


def test_a_sunk_point_is_named_with_what_it_cost_the_play_as_it_went():
    timeline = _arranged_played(point=())
    notes = declaration_notes(timeline, ELDER)
    assert [(note.kind, note.category) for note in notes] == [("sunk", Category.POINT)]
    # The same deal played again with the point declared in full (built apart, not by the code
    # under test): the difference of the two endings is what sinking cost.
    declared_in_full = _arranged_played(point=points_of(parse_mask("AH KH QH JH TH 9H 8H 7H"))[:1])[-1]
    sunk = timeline[-1]
    difference = (declared_in_full.scores[ELDER] - declared_in_full.scores[YOUNGER]) - (sunk.scores[ELDER] - sunk.scores[YOUNGER])
    assert notes[0].cost == difference and difference > 0
    sentence = declaration_sentence(notes[0])
    assert sentence.startswith("Point: you declared nothing of your point of eight") and "sank it" in sentence
    assert f"that cost you {_words(difference)}" in sentence


def test_a_sequence_left_out_after_the_best_is_forgotten_not_sunk():
    held = _full_timeline()[-1].declarations[2].holds
    assert [combo.length for combo in held] == [8, 4]  # the huitième in hearts, a quart in spades
    only_hearts = _arranged_played(sequence=(held[0],))
    notes = sunk_or_forgotten(only_hearts[-1], ELDER)
    assert [(note.kind, note.category) for note in notes] == [("forgotten", Category.SEQUENCE)]
    assert "forgot your quart" in declaration_sentence(declaration_notes(only_hearts, ELDER)[0])


def test_nothing_is_named_when_everything_was_declared_in_full():
    assert sunk_or_forgotten(_full_timeline()[-1], ELDER) == []


def _full_timeline() -> list[Deal]:
    deal = Deal.new(parse_cards(ELDER_HAND), parse_cards(YOUNGER_HAND), parse_cards(TALON))
    timeline = [deal.apply(Exchange(tuple(parse_cards("7C"))))]
    timeline.append(timeline[-1].apply(Exchange(tuple(parse_cards("7S 8S 9S")))))
    while timeline[-1].phase is Phase.DECLARATIONS:
        timeline.append(timeline[-1].apply(timeline[-1].default_action()))
    return timeline


def parse_mask(text: str) -> int:
    mask = 0
    for card in parse_cards(text):
        mask |= 1 << card
    return mask


def _words(points: int) -> str:
    from piquet_widgets.teach.mistakes import points_in_words

    return points_in_words(points)


def test_the_review_judges_each_choice_from_the_learners_view_and_shows_the_hands():
    timeline = _arranged_played(point=())
    review = closed_review(timeline, {ELDER})
    assert review.dealt == (timeline[0].dealt(ELDER), timeline[0].dealt(YOUNGER))
    assert review.scores == timeline[-1].scores
    played = [(i, b) for i, (b, a) in enumerate(zip(timeline, timeline[1:])) if b.to_move is ELDER and b.phase in (Phase.EXCHANGE, Phase.PLAY)]
    assert [choice.index for choice in review.choices] == [i for i, _b in played]
    for choice in review.choices:
        before = timeline[choice.index]
        assert choice.cost >= 0
        if choice.phase is Phase.PLAY and choice.samples:
            # the same judgement from a deal whose hidden cards are elsewhere: the view is all
            values = expected_card_values(observe(before, ELDER))
            assert choice.cost == pytest.approx(max(values.values.values()) - values.values[choice.played[0]])
            sentence = choice_sentence(choice)
            assert choice.played[0].name_in_words() in sentence and f"Trick {choice.trick}" in sentence
    exchange = review.choices[0]
    assert exchange.phase is Phase.EXCHANGE and exchange.played == tuple(parse_cards("7C"))


def test_the_review_html_writes_each_dealt_card_in_words():
    from piquet_widgets.widgets.closed_review import closed_review_html

    timeline = _arranged_played(point=())
    html = closed_review_html(closed_review(timeline, {ELDER}), seat_at_start)
    for card in timeline[0].dealt(ELDER) + timeline[0].dealt(YOUNGER):
        assert f'<span class="pw-sr">{card.name_in_words()}</span>' in html
    assert "with perfect play: elder" in html and "sank it" in html
    set_language("fr")
    french = closed_review_html(closed_review(timeline, {ELDER}), seat_at_start)
    assert '<span class="pw-sr">as de cœur</span>' in french


# -- at the table ----------------------------------------------------------------------------------
def test_the_closed_table_hints_and_marks_card_values_as_averages():
    from piquet_widgets.widgets.practice import PracticeTable

    table = PracticeTable(role="elder", deal=ELDER_AND_TALON_DEAL, mode="closed", level="club", keep_in_browser=False)
    assert not table.hint_button.disabled and not table.values_button.disabled
    table.show_hint()
    table.analyst.runner.wait(120)
    assert "Ask again for the move" in table.hint_view.value
    table.click(ELDER, "7C")
    table.confirm()
    session = table.session
    while session.deal.phase is Phase.DECLARATIONS:
        session.say(session.speech_choices()[0].key)
    table.refresh()
    table.show_values(True)
    table.analyst.runner.wait(120)
    badges = table.felt.hands[ELDER].badges
    assert set(badges) == {card.code for card in session.deal.playable_cards()}
    assert "=" in badges.values() and all(text == "=" or text.startswith("\u2248\u2212") for text in badges.values())
    assert "averages" in table.hint_view.value
    # the badges are the averages of the learner's view: a card marked '=' is among the best
    values = expected_card_values(observe(session.deal, ELDER))
    assert {code for code, text in badges.items() if text == "="} == {card.code for card in values.best_cards}


ELDER_AND_TALON_DEAL = Deal.new(parse_cards(ELDER_HAND), parse_cards(YOUNGER_HAND), parse_cards(TALON))


def test_card_symbols_in_a_review_sentence_are_read_in_words():
    from piquet_widgets.widgets.card_text import speak_symbols

    html = speak_symbols("Exchange: elder discarded K♠ 10♦, expected +4.8.")
    assert '<span class="pw-sr">king of spades</span>' in html and '<span class="pw-sr">ten of diamonds</span>' in html
    assert '<span aria-hidden="true">K♠</span>' in html and "+4.8" in html
