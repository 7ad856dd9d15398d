"""The practice table in closed mode in a real Chromium: `?mode=closed` in the app's address
draws the computer's twelve cards and the talon face down; the learner speaks his part of the
declarations with the `pw-speak` buttons, as elder and as younger, in the real order, and may sink
(rules 4 and 8b)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from closed_helpers import QUART_MAJOR, SIX_HEARTS, arranged

from piquet_widgets.engine import ELDER, YOUNGER, Deal, parse_cards

pytestmark = pytest.mark.browser

# Elder holds all eight hearts (a point of eight); younger at most five of a suit after his exchange.
ARRANGED = ("AH KH QH JH TH 9H 8H 7H AS KS QS JS", "TS 9S 8S 7S AD KD QD JD AC KC QC JC", "TD TC 8C 7D 7C 9D 9C 8D")


def hidden_codes_in(html: str, cards) -> list[str]:
    """The codes of `cards` that stand alone somewhere in `html` (an attribute, a text)."""
    return [card.code for card in cards if re.search(rf"(?<![A-Za-z0-9]){card.code}(?![A-Za-z0-9])", html)]


def test_the_app_in_closed_mode_hides_the_computers_hand_and_the_talon(open_page: Callable[..., Page], app_url: str, artifacts: Path) -> None:
    page = open_page(app_url + "?mode=closed&seed=8", width=1280, height=1000)
    expect(page.locator(".pw-hand-younger .pw-card")).to_have_count(12, timeout=60_000)
    expect(page.locator('.pw-hand-younger .pw-card[data-face="down"]')).to_have_count(12)
    expect(page.locator('.pw-hand-elder .pw-card[data-face="down"]')).to_have_count(0)
    expect(page.locator('.pw-talon .pw-card[data-face="down"]')).to_have_count(5)
    expect(page.locator('.pw-talon-younger .pw-card[data-face="down"]')).to_have_count(3)
    expect(page.locator(".pw-hand-younger .pw-card").nth(2)).to_have_attribute("aria-label", "face-down card 3 of 12")
    # The page holds no code of a hidden card: not in the DOM, nor in the page's copy of the partie.
    deal = Deal.from_seed(8)
    hidden = (*deal.dealt(YOUNGER), *deal.talon)
    table = page.locator(".pw-practice").evaluate("element => element.outerHTML")
    assert hidden_codes_in(table, hidden) == []
    assert all(f'data-card="{card.code}"' not in page.content() and card.name_in_words() not in page.content() for card in hidden)
    kept = page.evaluate("() => Object.values(localStorage).join(' ')")
    assert hidden_codes_in(kept, hidden) == []
    page.screenshot(path=str(artifacts / "closed-table.png"), full_page=True)


def test_the_address_s_closed_mode_wins_over_an_open_partie_kept_in_the_browser(open_page: Callable[..., Page], app_url: str) -> None:
    page = open_page(app_url + "?seed=3", width=1280, height=1000)
    expect(page.locator(".pw-practice h2")).to_have_text("Practice table: open piquet", timeout=60_000)
    expect(page.locator('.pw-hand-younger .pw-card[data-face="down"]')).to_have_count(0)
    kept_open = page.evaluate("() => localStorage.getItem('piquet-widgets.practice-partie')")
    assert kept_open and '"mode": "open"' in kept_open
    page.goto(app_url + "?mode=closed")
    expect(page.locator(".pw-practice h2")).to_have_text("Practice table: closed piquet", timeout=60_000)
    expect(page.locator('.pw-hand-younger .pw-card[data-face="down"]')).to_have_count(12)
    # The open partie is still kept, for the next time the table opens with open hands.
    assert page.evaluate("() => localStorage.getItem('piquet-widgets.practice-partie')") == kept_open


def test_the_learner_sinks_his_point_and_the_score_follows(open_table: Callable[..., Page], artifacts: Path) -> None:
    page = open_table("closed_sinking", ARRANGED, role="elder", mode="closed", level="beginner")
    expect(page.locator('.pw-hand-younger .pw-card[data-face="down"]')).to_have_count(12)
    page.locator('.pw-hand-elder .pw-card[data-card="JS"]').click()
    page.locator("button.pw-confirm").click()
    page.get_by_role("button", name="Point of seven.", exact=True).click()
    # The point of seven beats younger's shorter point and scores one a card: 7, not the 8 held,
    # once he reckons it himself; a wrong count is refused with the reason and scores nothing.
    expect(page.locator(".pw-speech button.pw-speak")).to_have_text(["Six.", "Seven.", "Eight."])
    page.get_by_role("button", name="Eight.", exact=True).click()
    expect(page.locator(".pw-message")).to_contain_text("Count again: that makes seven.")
    expect(page.locator(".pw-score-elder")).to_have_text("0")
    page.get_by_role("button", name="Seven.", exact=True).click()
    expect(page.locator(".pw-score-elder")).to_have_text("7")
    expect(page.locator(".pw-dialogue-panel")).to_contain_text("Point of seven.")
    # Younger's point lost: Law 55 shows only a scoring combination, so there is nothing to ask for.
    expect(page.locator(".pw-speech button").first).to_be_visible()
    expect(page.locator("button.pw-show-me")).to_have_count(0)
    expect(page.locator(".pw-shown")).to_have_count(0)
    page.screenshot(path=str(artifacts / "closed-sunk.png"), full_page=True)


def test_the_closed_review_reads_the_hands_as_dealt_in_words(open_page: Callable[..., Page], voila, artifacts: Path) -> None:
    """Once a closed deal is over, its review shows both hands as dealt; a screen reader hears
    each card's name ("ace of hearts"), not its symbol ("black heart suit")."""
    code = (
        "from piquet_widgets.engine import Deal, Phase, parse_cards\n"
        "from piquet_widgets.widgets.practice import PracticeTable\n"
        f"table = PracticeTable(role='elder', mode='closed', level='beginner', keep_in_browser=False, deal=Deal.new(*(parse_cards(t) for t in {ARRANGED!r})))\n"
        "session = table.session\n"
        "session.select('elder', 'JS'); session.confirm()\n"
        "while session.deal.phase is Phase.DECLARATIONS: session.say(session.speech_choices()[0].key)\n"
        "while session.deal.phase is Phase.PLAY: session.select(session.deal.to_move, session.deal.playable_cards()[0])\n"
        "table.refresh()\n"
        "table"
    )
    page = open_page(voila.notebook(code, name="closed_review"), width=1280, height=1000)
    hands = page.locator(".pw-review .pw-dealt-hand")
    expect(hands).to_have_count(2, timeout=120_000)
    spoken = hands.first.aria_snapshot()
    assert "ace of hearts" in spoken and "knave of spades" in spoken, spoken
    assert "♥" not in spoken and "♠" not in spoken, spoken
    expect(page.locator(".pw-review")).to_contain_text("with perfect play: elder")
    expect(page.locator(".pw-review .pw-declaration-note").first).to_contain_text("sank it")
    page.screenshot(path=str(artifacts / "closed-review.png"), full_page=True)


# Both hold a point of five worth 44 and a quint minor after the exchange (elder discards the 7S
# for the KD; the beginner, younger, keeps its diamonds): "How much?", then "Equal", twice.
EQUAL = (
    "AS KS QS 7S JH TH 9H 8H 7H AD AC KC",
    "JS TS 9S 8S AH KH QH JD TD 9D 8D 7D",
    "KD QC QD 7C 8C 9C TC JC",
)


def test_elder_speaks_his_declarations_and_hears_how_much_and_equal(open_table: Callable[..., Page], artifacts: Path) -> None:
    page = open_table("closed_equal", EQUAL, role="elder", mode="closed", level="beginner")
    page.locator('.pw-hand-elder .pw-card[data-card="7S"]').click()
    page.locator("button.pw-confirm").click()
    dialogue = page.locator(".pw-dialogue-panel")
    page.get_by_role("button", name="Point of five.", exact=True).click()
    expect(dialogue).to_contain_text("How much?")
    page.get_by_role("button", name="Forty-five.", exact=True).click()
    expect(page.locator(".pw-message")).to_contain_text("Your point of five counts forty-four.")
    page.get_by_role("button", name="Forty-four.", exact=True).click()
    expect(dialogue).to_contain_text("Equal.")
    page.get_by_role("button", name="A quint.", exact=True).click()
    expect(dialogue).to_contain_text("To what?")
    page.get_by_role("button", name="Quint minor.", exact=True).click()
    expect(dialogue.locator("text=Equal.")).to_have_count(2)
    expect(page.locator(".pw-score-elder")).to_have_text("0")  # an equality scores nothing
    page.get_by_role("button", name="Three aces.", exact=True).click()
    page.get_by_role("button", name="And three kings.", exact=True).click()
    page.get_by_role("button", name="Six.", exact=True).click()  # he reckons the two trios
    expect(page.locator(".pw-score-elder")).to_have_text("6")
    expect(dialogue).to_contain_text("And three kings.")
    page.screenshot(path=str(artifacts / "closed-equal.png"), full_page=True)


def test_younger_answers_only_once_elder_has_spoken_and_a_claim_beyond_her_hand_is_refused(
    open_table: Callable[..., Page], artifacts: Path
) -> None:
    page = open_table("closed_younger", ARRANGED, role="younger", mode="closed", level="beginner")
    expect(page.locator('.pw-hand-elder .pw-card[data-face="down"]')).to_have_count(12)
    expect(page.locator(".pw-speech button.pw-speak")).to_have_count(0)  # nothing to answer yet
    page.locator('.pw-hand-younger .pw-card[data-card="7S"]').click()
    page.locator("button.pw-confirm").click()
    dialogue = page.locator(".pw-dialogue-panel")
    expect(dialogue).to_contain_text("Point of eight.")
    expect(page.locator(".pw-speech button.pw-speak")).to_have_text(["Good.", "Not good.", "Equal.", "How much?"])
    page.get_by_role("button", name="Not good.", exact=True).click()
    expect(page.locator(".pw-message")).to_contain_text("the answer is \u201cGood.\u201d")
    page.get_by_role("button", name="Good.", exact=True).click()
    expect(dialogue).to_contain_text("Eight.")
    expect(page.locator(".pw-score-elder")).to_have_text("8")
    page.locator("button.pw-show-me").click()  # elder's point scored: Law 55 shows its cards
    expect(page.locator(".pw-shown")).to_contain_text("ace of hearts")
    expect(page.locator(".pw-shown")).not_to_contain_text("spades")
    page.screenshot(path=str(artifacts / "closed-younger.png"), full_page=True)


def test_a_seat_chosen_mid_deal_asks_before_ending_the_deal(open_table: Callable[..., Page]) -> None:
    page = open_table("closed_seat_question", ARRANGED, role="elder", mode="closed", level="beginner")
    page.locator('.pw-hand-elder .pw-card[data-card="JS"]').click()
    page.locator("button.pw-confirm").click()
    expect(page.get_by_role("button", name="Point of eight.", exact=True)).to_be_visible()
    seat = page.locator(".pw-role select")
    seat.select_option(label="I play younger")  # a committed choice
    expect(page.locator(".pw-ask")).to_contain_text("Start a new partie?")
    expect(seat).to_have_value("I play elder")  # the seat in play, while it asks
    page.locator("button.pw-ask-no").click()
    expect(page.locator(".pw-ask")).to_be_hidden()
    expect(page.get_by_role("button", name="Point of eight.", exact=True)).to_be_visible()  # the deal goes on
    seat.select_option(label="I play younger")
    page.locator("button.pw-ask-yes").click()
    expect(seat).to_have_value("I play younger")
    expect(page.locator(".pw-hand-younger .pw-card")).to_have_count(12)
    expect(page.locator('.pw-hand-younger .pw-card[data-face="down"]')).to_have_count(0)  # his own hand now


def test_younger_sinks_while_asking_and_reckons_her_good_combinations_before_her_first_card(
    open_page: Callable[..., Page], voila, artifacts: Path
) -> None:
    """At the declarations of an arranged deal (tests/closed_helpers.py: elder a point of six, a
    tierce major, three aces; younger a quart major and fourteen knaves with three queens). Her
    quart asks "To what?" as a tierce — a sink, offered as ordinary words — and ties; her sets
    win, and she reckons them herself as she plays to trick 1, a miscount refused."""
    deal = arranged(SIX_HEARTS, QUART_MAJOR)
    cards = tuple(" ".join(card.code for card in row) for row in (deal.dealt(ELDER), deal.dealt(YOUNGER), deal.talon))
    discards = [next(card.code for card in deal.dealt(seat) if card not in parse_cards(held)) for seat, held in ((ELDER, SIX_HEARTS), (YOUNGER, QUART_MAJOR))]
    code = (
        "from piquet_widgets.engine import Deal, Exchange, parse_cards\n"
        "from piquet_widgets.widgets.practice import PracticeTable\n"
        f"deal = Deal.new(*(parse_cards(text) for text in {cards!r}))\n"
        "table = PracticeTable(role='younger', mode='closed', level='beginner', keep_in_browser=False, deal=deal)\n"
        f"first = deal.apply(Exchange(parse_cards({discards[0]!r})))\n"
        f"table.session.timeline = [deal, first, first.apply(Exchange(parse_cards({discards[1]!r})))]  # both exchanged as arranged\n"
        "table.session.settle()\n"
        "table.refresh()\n"
        "table"
    )
    page = open_page(voila.notebook(code, name="closed_younger_reckons"), width=1280, height=1100)
    dialogue, speak = page.locator(".pw-dialogue-panel"), page.locator(".pw-speech button.pw-speak:not(.pw-show-me)")
    expect(dialogue).to_contain_text("Point of six.", timeout=60_000)
    page.get_by_role("button", name="Good.", exact=True).click()
    expect(dialogue).to_contain_text("A tierce.")
    page.get_by_role("button", name="To what?", exact=True).click()  # her quart, as a tierce
    expect(dialogue).to_contain_text("Tierce major.")
    page.get_by_role("button", name="Equal.", exact=True).click()
    expect(dialogue).to_contain_text("Three aces.")
    page.get_by_role("button", name="Not good.", exact=True).click()
    # Elder (the computer) leads; before her card she reckons her fourteen knaves and three queens.
    expect(page.locator(".pw-trick .pw-card")).to_have_count(1)
    expect(speak.first).to_have_text("Fourteen knaves and three queens: seventeen.")
    expect(page.locator(".pw-score-younger")).to_have_text("17")
    page.get_by_role("button", name="Fourteen knaves and three queens: eighteen.", exact=True).click()
    expect(page.locator(".pw-message")).to_contain_text("Count again: that makes seventeen.")
    speak.first.click()
    expect(dialogue).to_contain_text("Fourteen knaves and three queens: seventeen.")
    expect(speak).to_have_count(0)
    led = page.locator(".pw-trick .pw-card").get_attribute("data-card")
    hand = parse_cards(QUART_MAJOR)
    reply = next((card for card in hand if card.suit == parse_cards(led)[0].suit), hand[0])  # she follows suit if she can
    page.locator(f'.pw-hand-younger .pw-card[data-card="{reply.code}"]').click()
    expect(page.locator(".pw-hand-younger .pw-card")).to_have_count(11)
    page.screenshot(path=str(artifacts / "closed-younger-reckons.png"), full_page=True)
