"""The four languages: complete catalogs, compiled and up to date, and the game's words in each.

When a test here fails because of a new or changed message, run
`python -m piquet_widgets.i18n_catalogs` (extract, merge, compile, and list what is left to
translate), translate what it lists in `piquet_widgets/locale/*/LC_MESSAGES/piquet_widgets.po`,
and run it again.
"""

from __future__ import annotations

import gettext
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from helpers import arranged_deal, declare_all
from piquet_widgets import i18n
from piquet_widgets import i18n_catalogs as catalogs
from piquet_widgets.engine import ELDER, YOUNGER, Deal, Event, Exchange, PiquetError, Play, parse_card, parse_cards
from piquet_widgets.engine.cards import mask_of
from piquet_widgets.engine.combinations import points_of, sequences_of, sets_of
from piquet_widgets.teach import events
from piquet_widgets.teach.meter import meter

LANGUAGES = catalogs.LANGUAGES  # fr es pt; English is the source language
ROOT = Path(__file__).parents[1]
NBSP = "\u00a0"  # French puts a no-break space before : ; ? !
UPDATE = "run `python -m piquet_widgets.i18n_catalogs` and translate what it lists"


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def template():
    return catalogs.extract()


# -- the catalogs ------------------------------------------------------------------------------


def test_every_language_has_a_catalog():
    assert set(i18n.LANGUAGES) == {"en", *LANGUAGES}
    for language in LANGUAGES:
        assert catalogs.po_path(language).exists(), language


@pytest.mark.parametrize("language", LANGUAGES)
def test_extraction_is_up_to_date(language, template):
    """Every message of the code is in the catalog, and the catalog has none the code dropped."""
    catalog = catalogs.read_catalog(language)
    ids = {message.id for message in template if message.id}
    known = {message.id for message in catalog if message.id}
    assert not sorted(ids - known, key=str), f"messages missing from {language}.po: {UPDATE}"
    assert not sorted(known - ids, key=str), f"obsolete messages in {language}.po: {UPDATE}"


def test_template_is_up_to_date(template):
    with catalogs.TEMPLATE.open("rb") as pot:
        saved = {message.id for message in catalogs.read_po(pot) if message.id}
    assert saved == {message.id for message in template if message.id}, UPDATE


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalog_is_complete(language):
    """No untranslated or fuzzy message, no placeholder lost, the right number of plural forms."""
    problems = catalogs.catalog_problems(catalogs.read_catalog(language))
    assert not problems, f"{language}: {len(problems)} problems, first: {problems[:5]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_translation_keeps_the_placeholders(language):
    for message in catalogs.read_catalog(language):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set().union(*(catalogs.placeholders(text) for text in ids))
        for text in strings:
            assert catalogs.placeholders(text) == wanted, (language, message.id, text)
            text.format(**{name: "x" for name in wanted})  # formats without error


@pytest.mark.parametrize(
    ("language", "plural_forms"),
    [("fr", "nplurals=2; plural=(n > 1);"), ("es", "nplurals=2; plural=(n != 1);"), ("pt", "nplurals=2; plural=(n > 1);")],
)
def test_plural_forms_header(language, plural_forms):
    catalog = catalogs.read_catalog(language)
    assert catalog.plural_forms == plural_forms
    assert catalog.num_plurals == 2


@pytest.mark.parametrize("language", LANGUAGES)
def test_compiled_catalog_matches_the_po(language):
    """The .mo the package reads (built by hatch_build.py) holds every translation of the .po."""
    path = catalogs.mo_path(language, i18n.LOCALE_DIR)
    assert path.exists(), f"{path} is missing: reinstall (pip install -e .) or {UPDATE}"
    with path.open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    for message in catalogs.read_catalog(language):
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            for n, form in ((1, 0), (2, 1)):
                assert compiled.ngettext(*message.id, n) == message.string[form], f"{path} is stale: {UPDATE}"
        else:
            assert compiled.gettext(message.id) == message.string, f"{path} is stale: {UPDATE}"


# -- the engine's words --------------------------------------------------------------------------

SUITS = {
    "en": ("spades", "hearts", "diamonds", "clubs"),
    "fr": ("pique", "cœur", "carreau", "trèfle"),
    "es": ("picas", "corazones", "diamantes", "tréboles"),
    "pt": ("espadas", "copas", "ouros", "paus"),
}
FOLLOW_SUIT = {
    "en": "You must follow hearts while you hold one.",
    "fr": "Vous devez fournir à cœur tant que vous en avez.",
    "es": "Debes asistir a corazones mientras tengas cartas de ese palo.",
    "pt": "Você deve seguir o naipe de copas enquanto tiver cartas dele.",
}


def _refused(action, deal) -> PiquetError:
    with pytest.raises(PiquetError) as caught:
        deal.apply(action)
    return caught.value


@pytest.fixture(scope="module")
def heart_led():
    """Elder has led the ace of hearts; younger holds two hearts."""
    deal = arranged_deal("AH KH QH JH TH 9H AS KS QS AC KC QC", "8H 7H JS TS 9S 8S 7S JC TC 9C 8C 7C")
    return declare_all(deal).apply(Play(parse_card("AH")))


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_refusal_to_follow_suit(language, heart_led):
    i18n.set_language(language)
    error = _refused(Play(parse_card("JS")), heart_led)
    assert str(error) == FOLLOW_SUIT[language]


def test_a_refusal_is_rendered_again_in_the_new_language(heart_led):
    error = _refused(Play(parse_card("JS")), heart_led)
    for language in ("fr", "es", "pt", "en", "fr"):
        i18n.set_language(language)
        assert str(error) == FOLLOW_SUIT[language]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("fr", "L'aîné doit écarter de 1 à 5 cartes, pas 0."),
        ("es", "El mano debe descartar de 1 a 5 cartas, no 0."),
        ("pt", "A mão deve descartar de 1 a 5 cartas, não 0."),
    ],
)
def test_refusal_of_an_exchange(language, expected):
    i18n.set_language(language)
    assert str(_refused(Exchange(()), Deal.from_seed(1))) == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("fr", f"card{NBSP}: 'ZZ' n'est pas une carte"),
        ("es", "card: 'ZZ' no es una carta"),
        ("pt", "card: 'ZZ' não é uma carta"),
    ],
)
def test_refusal_of_a_bad_card(language, expected):
    i18n.set_language(language)
    with pytest.raises(PiquetError) as caught:
        parse_card("ZZ")
    assert str(caught.value) == expected


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_card_and_seat_names(language):
    i18n.set_language(language)
    ace_of_clubs = parse_card("AC").name_in_words()
    assert ace_of_clubs == {"en": "ace of clubs", "fr": "as de trèfle", "es": "as de tréboles", "pt": "ás de paus"}[language]
    assert [parse_card(f"7{s}").suit.name_in_words() for s in "SHDC"] == list(SUITS[language])
    names = (ELDER.name_in_words(), YOUNGER.name_in_words())
    assert names == {"en": ("Elder", "Younger"), "fr": ("L'aîné", "Le cadet"), "es": ("El mano", "El pie"), "pt": ("A mão", "O pé")}[language]


COMBINATIONS = {
    # hand → (English, French, Spanish, Portuguese) name of its best holding of one category
    ("sequence", "AH KH QH JH TH"): ("quint major", "quinte majeure", "quinta mayor", "quint maior"),
    ("sequence", "KS QS JS"): ("tierce to the king", "tierce au roi", "tercera real", "tierce ao rei"),
    ("sequence", "QD JD TD 9D"): ("quart to the queen", "quatrième à la dame", "cuarta de dama", "quart à dama"),
    ("sequence", "9C 8C 7C"): ("tierce minor", "tierce au neuf", "tercera menor", "tierce menor"),
    ("sequence", "AS KS QS JS TS 9S 8S 7S"): ("huitième", "huitième", "octava", "huitième"),
    ("sets", "AS AH AD AC"): ("fourteen aces", "quatorze d'as", "catorce de ases", "quatorze de ases"),
    ("sets", "JS JH JD"): ("three knaves", "trois valets", "trío de valets", "trio de valetes"),
    ("sets", "TS TH TD TC"): ("fourteen tens", "quatorze de dix", "catorce de dieces", "quatorze de dez"),
    ("point", "AH KH 9H 8H 7H"): ("point of five", "point de cinq", "punto de cinco cartas", "ponto de cinco cartas"),
}
_HOLDINGS = {"sequence": sequences_of, "sets": sets_of, "point": points_of}


@pytest.mark.parametrize(("category", "cards"), list(COMBINATIONS))
@pytest.mark.parametrize("index", range(4), ids=["en", *LANGUAGES])
def test_combination_names(category, cards, index):
    i18n.set_language(["en", *LANGUAGES][index])
    best = _HOLDINGS[category](mask_of(parse_cards(cards)))[0]
    assert best.name() == COMBINATIONS[(category, cards)][index]


# -- the explanations of teach/events.py and the meter --------------------------------------------

EVENT_WORDS = {
    # kind → words its sentence contains, by language
    "carte_blanche": {"fr": "carte blanche, 10", "es": "cartas blancas, 10", "pt": "carte blanche, 10"},
    "repique": {"fr": "repic, 60", "es": "repique, 60", "pt": "repique, 60"},
    "pique": {"fr": "pic, 30", "es": "pique, 30", "pt": "pique, 30"},
    "lead": {"fr": "entame le pli 3 (as de cœur)", "es": "sale a la baza 3 (as de corazones)", "pt": "sai na vaza 3 (ás de copas)"},
    "win": {"fr": "remporte le pli 3 (as de cœur)", "es": "gana la baza 3 (as de corazones)", "pt": "vence a vaza 3 (ás de copas)"},
    "last": {"fr": "remporte le dernier pli", "es": "gana la última baza", "pt": "vence a última vaza"},
    "cards": {"fr": "gagne les cartes", "es": "gana las cartas", "pt": "ganha as cartas"},
    "capot": {"fr": "capot", "es": "capote", "pt": "capot"},
}
LAW = {"fr": "(loi ", "es": "(ley ", "pt": "(lei "}
WHO = {"fr": "L'aîné", "es": "El mano", "pt": "A mão"}


@pytest.mark.parametrize("kind", list(EVENT_WORDS))
@pytest.mark.parametrize("language", LANGUAGES)
def test_event_sentences(language, kind):
    i18n.set_language(language)
    deal = Deal.from_seed(3)
    cards = (parse_card("AH"),) if kind in ("lead", "win") else ()
    sentence = events.explain_event(deal, Event(kind, ELDER, 1, cards, trick=3))
    assert sentence.startswith(WHO[language])
    assert EVENT_WORDS[kind][language] in sentence
    assert LAW[language] in sentence


SCORE_SHEETS = {
    # elder: a point of six, a sixième major, fourteen knaves — and a repique; younger nothing
    "fr": [
        f"L'aîné{NBSP}: point de six (60) bat point de cinq (50) — 6 points. (loi 62)",
        f"L'aîné{NBSP}: sixième majeure bat tierce majeure — 16 points. (loi 63)",
        f"L'aîné{NBSP}: quatorze de valets bat trois as — 14 points. (loi 64)",
        f"L'aîné{NBSP}: repic, 60 — trente atteints par les annonces avant que l'adversaire ait rien marqué. (loi 68)",
        f"Totaux{NBSP}: aîné 96, cadet 0.",
    ],
    "es": [
        "El mano: punto de seis cartas (60), mejor que punto de cinco cartas (50) — 6 tantos. (ley 62)",
        "El mano: sexta mayor, mejor que tercera mayor — 16 tantos. (ley 63)",
        "El mano: catorce de valets, mejor que trío de ases — 14 tantos. (ley 64)",
        "El mano: repique, 60 — treinta alcanzados con los anuncios antes de que el contrario se anotara nada. (ley 68)",
        "Totales: mano 96, pie 0.",
    ],
    "pt": [
        "A mão: ponto de seis cartas (60), melhor que ponto de cinco cartas (50) — 6 pontos. (lei 62)",
        "A mão: sixième maior, melhor que tierce maior — 16 pontos. (lei 63)",
        "A mão: quatorze de valetes, melhor que trio de ases — 14 pontos. (lei 64)",
        "A mão: repique, 60 — trinta atingidos com as declarações antes de o adversário marcar qualquer ponto. (lei 68)",
        "Totais: mão 96, pé 0.",
    ],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_score_sheet_of_the_declarations(language):
    deal = declare_all(arranged_deal("AH KH QH JH TH 9H JS JD JC 7S 8D 7C", "AS KS QS TS 9S AD KD QD TD AC KC QC"))
    i18n.set_language(language)
    assert events.score_sheet(deal) == SCORE_SHEETS[language]
    i18n.set_language("en")
    assert events.score_sheet(deal)[1] == "Elder: sixième major, better than tierce major — 16 points. (Law 63)"


@pytest.mark.parametrize(
    ("language", "elder_words", "younger_words"),
    [
        ("fr", "Repic encore possible", "Le cadet ne peut jamais faire pic."),
        ("es", "Repique aún posible", "El pie nunca puede hacer pique."),
        ("pt", "Repique ainda possível", "O pé nunca pode fazer pique."),
    ],
)
def test_meter_sentences(language, elder_words, younger_words):
    i18n.set_language(language)
    deal = Deal.from_seed(3)
    assert elder_words in meter(deal, ELDER).sentence
    assert younger_words in meter(deal, YOUNGER).sentence


def test_ngettext_uses_the_plural_rules():
    forms = ("{points} point", "{points} points")
    i18n.set_language("fr")
    assert [i18n.ngettext(*forms, n).format(points=n) for n in (0, 1, 2)] == ["0 point", "1 point", "2 points"]
    i18n.set_language("es")
    assert [i18n.ngettext(*forms, n).format(points=n) for n in (0, 1, 2)] == ["0 tantos", "1 tanto", "2 tantos"]
    i18n.set_language("pt")
    assert [i18n.ngettext(*forms, n).format(points=n) for n in (0, 1, 2)] == ["0 ponto", "1 ponto", "2 pontos"]


# -- choosing the language -----------------------------------------------------------------------

_SHOW = "from piquet_widgets.i18n import get_language; from piquet_widgets.engine import parse_card; print(get_language(), parse_card('AC').name_in_words())"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("fr", "fr as de trèfle"),
        ("es", "es as de tréboles"),
        ("pt_BR", "pt ás de paus"),
        ("FR", "fr as de trèfle"),
        ("de", "en ace of clubs"),
        (None, "en ace of clubs"),
    ],
)
def test_piquet_lang_chooses_the_language_at_import(value, expected):
    env = {key: item for key, item in os.environ.items() if key != "PIQUET_LANG"}
    if value is not None:
        env["PIQUET_LANG"] = value
    done = subprocess.run([sys.executable, "-c", _SHOW], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == expected


# -- the build -----------------------------------------------------------------------------------


@pytest.mark.slow
def test_the_wheel_carries_the_compiled_catalogs(tmp_path):
    """Building a wheel runs hatch_build.py, which compiles every .po into a .mo inside it."""
    code = f"import hatchling.build as b; print(b.build_wheel({str(tmp_path)!r}))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    with zipfile.ZipFile(tmp_path / done.stdout.strip().splitlines()[-1]) as wheel:
        names = set(wheel.namelist())
        for language in LANGUAGES:
            mo = f"piquet_widgets/locale/{language}/LC_MESSAGES/piquet_widgets.mo"
            assert mo in names, f"{mo} missing from the wheel: is hatch_build.py registered in pyproject.toml?"
            translations = gettext.GNUTranslations(wheel.open(mo))
            assert translations.gettext("Talon") == {"fr": "Talon", "es": "Baceta", "pt": "Monte"}[language]
