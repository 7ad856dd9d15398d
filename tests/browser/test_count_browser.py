""""Say your count" at the practice table in Chromium: switched on among the table's options, a
labelled field after each trick answered with Enter, a wrong count given the right one in the
live region, and the game going on whether the learner answers or not."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from piquet_widgets.engine import ELDER  # noqa: E402
from piquet_widgets.teach.words import number_words  # noqa: E402


def test_say_your_count_after_each_trick(club_table_exchanged, artifacts: Path) -> None:
    page, mirror = club_table_exchanged("practice_count")
    page.locator("button.pw-more").click()
    page.get_by_label("Say your count").check()
    expect(page.locator(".pw-count")).to_be_hidden()  # no trick played yet

    def play_trick() -> int:
        tricks = len(mirror.deal.tricks)
        while len(mirror.deal.tricks) == tricks:
            card = mirror.deal.playable_cards()[-1]
            page.locator(f'.pw-hand-elder .pw-card[data-card="{card.code}"]').click()
            mirror.select(ELDER, card)
            expect(page.locator(".pw-hand-elder .pw-card")).to_have_count(len(mirror.deal.hand(ELDER)))
        return mirror.deal.scores[ELDER]

    count = play_trick()
    field = page.get_by_label("Your count after trick 1")
    expect(field).to_be_visible()
    field.fill(str(count + 3))
    field.press("Enter")
    result = page.locator(".pw-count-result")
    expect(result).to_contain_text("Not quite.")
    expect(result).to_contain_text(f"you say “{number_words(count)}”")
    expect(page.locator(".pw-live").last).to_contain_text(f"you say “{number_words(count)}”")
    page.screenshot(path=str(artifacts / "table-count-wrong.png"), full_page=True)

    count = play_trick()  # the game went on; trick 2 asks again
    field = page.get_by_label("Your count after trick 2")
    expect(field).to_have_value("")
    field.fill(str(count))
    field.press("Enter")
    expect(result).to_contain_text(f"Right: you say “{number_words(count)}”.")
    play_trick()  # not answering holds nothing up either
    expect(page.get_by_label("Your count after trick 3")).to_be_visible()
    page.locator("button.pw-more").click()
