"""The practice table in a real Chromium against Voilà, as the learner plays every part: the
talon face down before the exchange, the declarations spoken through `pw-speak` buttons (an
untrue one refused, the scores as the rules give them), a hint that outlines its cards, and a
retry from a mistake of the review."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))

from piquet_widgets.engine import ELDER, YOUNGER, Phase  # noqa: E402

CAVENDISH = (  # Cavendish's illustrative deal: elder, younger, talon
    "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D", "TS 7S TH 9H 7H KC QC TC AD QD JD TD", "9S 8S KH 9C KD QS AC 7D",
)
DISCARDS = {ELDER: "KS 8C 7C 9D 8D", YOUNGER: "7S 9H 7H"}


def speak(page: Page, words: str) -> None:
    page.get_by_role("button", name=words, exact=True).click()


def test_the_talon_is_face_down_and_the_learner_declares(open_table: Callable[..., Page], artifacts: Path) -> None:
    page = open_table("practice_declaring", CAVENDISH, role="both")
    expect(page.locator(".pw-hand-elder .pw-card")).to_have_count(12)
    # Rules 8b: the talon face down until it is drawn.
    expect(page.locator('.pw-talon .pw-card[data-face="down"]')).to_have_count(5)
    expect(page.locator('.pw-talon-younger .pw-card[data-face="down"]')).to_have_count(3)
    page.screenshot(path=str(artifacts / "table-talon-down.png"))
    for seat, cards in DISCARDS.items():
        for card in cards.split():
            page.locator(f'.pw-hand-{seat.key} .pw-card[data-card="{card}"]').click()
        page.locator("button.pw-confirm").click()
        expect(page.locator(f".pw-hand-{seat.key} .pw-card")).to_have_count(12)
    expect(page.locator("button.pw-speak").first).to_be_visible()
    speak(page, "Point of six.")  # untrue: elder holds five hearts
    expect(page.locator(".pw-message")).to_contain_text("You hold five hearts: your point is five.")
    for words in ("Point of five.", "How much?", "Forty-nine.", "Good.", "Five.", "A quart.", "Good.", "Nine.", "Three knaves.", "Not good.", "Seventeen."):
        speak(page, words)
    # Elder: point 5 + quart major 4; younger: quatorze of tens 14 + three queens 3 (rules 4).
    expect(page.locator(".pw-score-elder")).to_have_text("9")
    expect(page.locator(".pw-score-younger")).to_have_text("17")
    expect(page.locator("button.pw-speak")).to_have_count(0)
    expect(page.locator(".pw-dialogue-panel")).to_contain_text("Forty-nine.")
    page.screenshot(path=str(artifacts / "table-declared.png"), full_page=True)


def test_a_hint_outlines_its_cards(open_table: Callable[..., Page], artifacts: Path) -> None:
    from piquet_widgets.analysis.evaluator import evaluate_exchange, value_against_expert
    from piquet_widgets.engine import Deal

    best = evaluate_exchange(Deal.from_seed(7))[0]  # the whole-deal evaluator behind the hint
    page = open_table("practice_hint", 7, role="elder")
    expect(page.locator(".pw-hand-elder .pw-card")).to_have_count(12)
    page.locator("button.pw-hint").click()
    expect(page.locator(".pw-hint-text")).to_contain_text("Keep your")
    expect(page.locator(".pw-card-outlined")).to_have_count(0)
    page.locator("button.pw-hint").click()
    expect(page.locator(".pw-hint-text")).to_contain_text("Hint:")
    outlined = page.locator(".pw-hand-elder .pw-card-outlined")
    expect(outlined).to_have_count(len(best.discards))
    assert sorted(outlined.evaluate_all("cards => cards.map(card => card.dataset.card)")) == sorted(c.code for c in best.discards)
    # asked for, the figure is refined in the kernel's thread to every draw of elder: asked
    # again, the hint shows the exact figure (under "Details", to the hundredth)
    exact = f"{value_against_expert(Deal.from_seed(7), best.discards, draws=None).expected:+.2f}"
    details = page.locator(".pw-hint-text details.pw-details")
    for _ask in range(60):
        if exact in (details.text_content() or ""):
            break
        page.wait_for_timeout(500)
        page.locator("button.pw-hint").click()
    assert exact in (details.text_content() or ""), details.text_content()
    page.screenshot(path=str(artifacts / "table-exchange-hint.png"))


def test_retry_from_a_mistake_restores_that_position(club_table_exchanged, artifacts: Path) -> None:
    page, mirror = club_table_exchanged("practice_retry")
    hand = page.locator(".pw-hand-elder .pw-card")
    while mirror.deal.phase is not Phase.FINISHED:
        card = mirror.deal.playable_cards()[-1]
        left = len(mirror.deal.hand(ELDER)) - 1
        target = page.locator(f'.pw-hand-elder .pw-card[data-card="{card.code}"]')
        expect(target).to_have_attribute("role", "button")
        target.click()
        mirror.select(ELDER, card)
        expect(hand).to_have_count(left)
    retries = page.locator("button.pw-retry")
    expect(retries.first).to_be_visible(timeout=60_000)
    from piquet_widgets.analysis.review import review_play

    mistake = review_play(mirror.timeline, [ELDER])[0]
    retries.first.click()
    moment = mirror.timeline[mistake.index]
    expect(hand).to_have_count(len(moment.hand(ELDER)))
    shown = hand.evaluate_all("cards => cards.map(card => card.dataset.card)")
    assert sorted(shown) == sorted(card.code for card in moment.hand(ELDER))
    expect(page.locator(".pw-score-elder")).to_have_text(str(moment.scores[ELDER]))
    expect(page.locator(".pw-score-younger")).to_have_text(str(moment.scores[YOUNGER]))
    expect(page.locator("button.pw-retry")).to_have_count(0)
    page.screenshot(path=str(artifacts / "table-retry.png"), full_page=True)
