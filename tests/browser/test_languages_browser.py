"""The app in each of its four languages, in a real Chromium against the real `piquet-widgets serve`.

Each language is opened by its link (`?lang=xx`) on Cavendish's deal (`?record=…`), stepped
through with the Next button to the declarations and on to the end, with the words of that
language on the page; the page's language menu (`pw-language`) changes every text and keeps the
step. Screenshots of each language go to `tests/artifacts/app-lang-*.png`, to be looked at.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from piquet_widgets.app.params import encode_record
from piquet_widgets.teach.lesson_deals import CAVENDISH

pytestmark = pytest.mark.browser

NBSP = "\u00a0"
STEPS = 34  # Cavendish's deal: the deal, 2 exchanges, 6 declarations, 24 cards, the tally
AT_POINT = 5  # the step (1-based, as the label counts) where younger answers elder's point

# What each language shows: the step label, the nav, the dialogue of the point, a meter's
# sentence, the walkthrough's title, the final tally and the summary's heading.
WORDS = {
    "en": {
        "name": "English", "step": "Step {n} of {count}", "lessons": "Lessons", "title": "Deal walkthrough",
        "dialogue": ["Point of five.", "How much?", "Forty-nine.", "Good.", "Five."],
        "meter": "Younger can never pique.", "tally": "Final tally: elder 28, younger 23.", "summary": "Summary of the deal",
        "next": "Next ▶",
    },
    "fr": {
        "name": "Français", "step": "Étape {n} sur {count}", "lessons": "Leçons", "title": "La donne pas à pas",
        "dialogue": ["Point de cinq.", f"Combien{NBSP}?", "Quarante-neuf.", "Bon.", "Cinq."],
        "meter": "Le cadet ne peut jamais faire pic.", "tally": f"Décompte final{NBSP}: aîné 28, cadet 23.",
        "summary": "Résumé de la donne", "next": "Suivant ▶",
    },
    "es": {
        "name": "Español", "step": "Paso {n} de {count}", "lessons": "Lecciones", "title": "El reparto paso a paso",
        "dialogue": ["Cinco cartas.", "¿Cuánto valen?", "Cuarenta y nueve.", "Son buenas.", "Cinco."],
        "meter": "El pie nunca puede hacer pique.", "tally": "Recuento final: mano 28, pie 23.",
        "summary": "Resumen del reparto", "next": "Siguiente ▶",
    },
    "pt": {
        "name": "Português", "step": "Etapa {n} de {count}", "lessons": "Lições", "title": "A rodada passo a passo",
        "dialogue": ["Ponto de cinco cartas.", "Quanto vale?", "Quarenta e nove.", "Bom.", "Cinco."],
        "meter": "O carteador nunca pode fazer pique.", "tally": "Contagem final: primeiro 28, carteador 23.",
        "summary": "Resumo da rodada", "next": "Próximo ▶",
    },
}




def step_label(page: Page, language: str, n: int) -> str:
    return WORDS[language]["step"].format(n=n, count=STEPS)


def next_to(page: Page, language: str, n: int) -> None:
    """Click Next until the label says step `n`, checking each click moves one step."""
    label = page.locator(".pw-walkthrough .pw-step-label")
    current = int(re.search(r"\d+", label.inner_text()).group())
    for step in range(current + 1, n + 1):
        page.locator(".pw-walkthrough .pw-next").click()
        expect(label).to_have_text(step_label(page, language, step))


def dialogue(page: Page) -> list[str]:
    return [line.strip() for line in page.locator(".pw-walkthrough .pw-explanation .pw-say").evaluate_all(
        "lines => lines.map(line => line.lastChild.textContent)"
    )]


def no_overflow(page: Page) -> list[str]:
    """Buttons, menus and labels whose text is wider than their box (cut or spilling over); labels
    shown to screen readers only (a 1 px box) are not on screen."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.pw-app button, .pw-app select, .pw-app .widget-label, .pw-app .pw-step-label')]
            .filter(e => e.offsetParent !== null && e.clientWidth > 1 && e.scrollWidth > e.clientWidth + 1)  // a 1 px box: a label for screen readers only
            .map(e => e.className + ': ' + (e.textContent || e.value).trim())"""
    )


@pytest.mark.parametrize("language", list(WORDS))
def test_a_deal_stepped_through_in_each_language(open_page: Callable[..., Page], app_url: str, artifacts: Path, language: str) -> None:
    words = WORDS[language]
    page = open_page(f"{app_url}?record={encode_record(CAVENDISH)}&lang={language}", height=1100)
    walk = page.locator(".pw-walkthrough")
    expect(walk).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(walk.locator(".pw-step-label")).to_have_text(step_label(page, language, 1))
    expect(walk.locator(".pw-title")).to_have_text(words["title"])
    expect(walk.locator(".pw-next")).to_have_text(words["next"])
    expect(page.locator(".pw-nav-lessons")).to_have_text(words["lessons"])
    expect(page.locator(".pw-page-language select")).to_have_value(re.compile(".+"))
    assert page.locator(".pw-page-language select option:checked").inner_text() == words["name"]
    expect(page.locator(".pw-error")).to_have_count(0)
    next_to(page, language, AT_POINT)
    assert dialogue(page) == words["dialogue"]
    expect(walk.locator(".pw-meter-younger")).to_contain_text(words["meter"])
    expect(walk.locator(".pw-score-elder")).to_have_text("5")
    assert no_overflow(page) == []
    page.screenshot(path=artifacts / f"app-lang-{language}-declarations.png")
    next_to(page, language, STEPS)
    expect(walk.locator(".pw-next")).to_be_disabled()
    expect(walk.locator(".pw-explanation")).to_contain_text(words["tally"])
    expect(walk.locator(".pw-summary h4")).to_have_text(words["summary"])
    expect(walk.locator(".pw-score-elder")).to_have_text("28")
    expect(walk.locator(".pw-score-younger")).to_have_text("23")
    assert no_overflow(page) == []
    page.screenshot(path=artifacts / f"app-lang-{language}-end.png", full_page=True)


def test_the_language_menu_changes_the_text_and_keeps_the_step(open_page: Callable[..., Page], app_url: str, artifacts: Path) -> None:
    page = open_page(f"{app_url}?record={encode_record(CAVENDISH)}", height=1100)
    walk = page.locator(".pw-walkthrough")
    expect(walk.locator(".pw-step-label")).to_have_text(step_label(page, "en", 1))
    next_to(page, "en", AT_POINT)
    assert dialogue(page) == WORDS["en"]["dialogue"]
    menu = page.locator(".pw-page-language select")
    expect(page.locator(".pw-language")).to_have_count(1)  # one menu for the whole page
    for language in ("fr", "pt", "es", "en"):
        words = WORDS[language]
        menu.select_option(label=words["name"])
        expect(walk.locator(".pw-step-label")).to_have_text(step_label(page, language, AT_POINT))
        expect(walk.locator(".pw-title")).to_have_text(words["title"])
        expect(page.locator(".pw-nav-lessons")).to_have_text(words["lessons"])
        expect(walk.locator(".pw-meter-younger")).to_contain_text(words["meter"])
        assert dialogue(page) == words["dialogue"]
        expect(walk.locator(".pw-score-elder")).to_have_text("5")
        expect(page.locator("html")).to_have_attribute("lang", language)
        if language == "fr":
            # the cards' aria labels follow too; the ace of hearts is raised (part of his point)
            expect(walk.locator('.pw-hand-elder [data-card="AH"]')).to_have_attribute("aria-label", re.compile(r"^\S+ — as de cœur"))
            page.screenshot(path=artifacts / "app-lang-switched-fr.png")
    # the deal goes on from the same step, in the language chosen last
    walk.locator(".pw-next").click()
    expect(walk.locator(".pw-step-label")).to_have_text(step_label(page, "en", AT_POINT + 1))


def test_the_lessons_and_the_glossary_in_french(open_page: Callable[..., Page], app_url: str, artifacts: Path, reveal: Callable[..., Locator]) -> None:
    page = open_page(f"{app_url}?lesson=3&lang=fr", height=1000)
    lesson = page.locator(".pw-lesson-3")
    expect(lesson.locator(".pw-lesson-intro h2")).to_have_text("Leçon 3\u00a0: Le point")
    reveal(lesson)
    first = lesson.locator(".pw-exercise-1")
    first.locator(".pw-quiz-choice", has_text="L'aîné").click()
    expect(first.locator(".pw-quiz-right")).to_contain_text("Exact.")
    assert no_overflow(page) == []
    page.screenshot(path=artifacts / "app-lang-fr-lesson-3.png")
    # Portuguese from the menu: the lesson is rewritten in place and its answer stays
    page.locator(".pw-page-language select").select_option(label="Português")
    expect(lesson.locator(".pw-lesson-intro h2")).to_have_text("Lição 3: O ponto")
    expect(first.locator(".pw-quiz-right")).to_contain_text("Certo.")
    page.locator(".pw-nav-glossary").click()
    expect(page.locator(".pw-glossary h2")).to_have_text("Glossário")
    expect(page.locator(".pw-glossary")).to_contain_text("Monte")
    page.screenshot(path=artifacts / "app-lang-pt-glossary.png")


@pytest.mark.parametrize(("language", "width"), [("fr", 1000), ("pt", 1000), ("fr", 480), ("pt", 480)])
def test_the_practice_table_fits_its_longer_words(open_page: Callable[..., Page], app_url: str, artifacts: Path, language: str, width: int) -> None:
    """French and Portuguese labels are longer than English ones: none is cut or spills over,
    on a wide screen or a phone's."""
    page = open_page(f"{app_url}?seed=31&lang={language}", width=width, height=1100)
    table = page.locator(".pw-practice")
    expect(table.locator(".pw-hand-elder .pw-card")).to_have_count(12)
    for card in ("QH", "7D"):
        table.locator(f'.pw-hand-elder [data-card="{card}"]').click()
    expect(table.locator(".pw-confirm")).to_contain_text("2")
    expect(table.locator(".pw-message")).to_contain_text({"fr": "2 cartes sélectionnées", "pt": "2 cartas selecionadas"}[language])
    assert no_overflow(page) == []
    page.screenshot(path=artifacts / f"app-lang-{language}-practice-{width}.png", full_page=True)
