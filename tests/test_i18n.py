"""The four languages: complete catalogs, compiled and up to date, and the game's words in each.

When a test here fails because of a new or changed message, run
`python -m piquet_widgets.i18n_catalogs` (extract, merge, compile, and list what is left to
translate), translate what it lists in `piquet_widgets/locale/*/LC_MESSAGES/piquet_widgets.po`,
and run it again.
"""

from __future__ import annotations

import ast
import asyncio
import gettext
import os
import re
import shutil
import subprocess
import sys
import threading
import zipfile
from html import escape
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
from piquet_widgets.teach.words import seat_at_start

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
    ids, known = catalogs.keys(template), catalogs.keys(catalog)
    assert not sorted(ids - known, key=str), f"messages missing from {language}.po: {UPDATE}"
    assert not sorted(known - ids, key=str), f"obsolete messages in {language}.po: {UPDATE}"


def test_template_is_up_to_date(template):
    with catalogs.TEMPLATE.open("rb") as pot:
        saved = catalogs.keys(catalogs.read_po(pot))
    assert saved == catalogs.keys(template), UPDATE


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


def markup(text: str) -> tuple[int, int, list[str]]:
    """The markup a message carries: its bold pairs, its italic pairs and its HTML tags in order."""
    bold = text.count("**")
    italic = text.replace("**", "").count("*")
    return bold, italic, re.findall(r"</?[a-z][a-z0-9]*", text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_translation_keeps_the_markup(language):
    """`**bold**`, `*italic*` and HTML tags of the English stand in the translation too."""
    wrong = []
    for message in catalogs.read_catalog(language):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            if markup(text) != markup(ids[0]):
                wrong.append((ids[0][:60], text[:60]))
    assert not wrong, f"{language}: {len(wrong)} messages whose markup differs, first: {wrong[:3]}"


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
        context = message.context
        if isinstance(message.id, tuple):
            for n, form in ((1, 0), (2, 1)):
                found = compiled.npgettext(context, *message.id, n) if context else compiled.ngettext(*message.id, n)
                assert found == message.string[form], f"{path} is stale: {UPDATE}"
        else:
            found = compiled.pgettext(context, message.id) if context else compiled.gettext(message.id)
            assert found == message.string, f"{path} is stale: {UPDATE}"


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
        ("pt", "O primeiro deve descartar de 1 a 5 cartas, não 0."),
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
    names = (seat_at_start(ELDER), seat_at_start(YOUNGER))
    assert names == {"en": ("Elder", "Younger"), "fr": ("L'aîné", "Le cadet"), "es": ("El mano", "El pie"), "pt": ("O primeiro", "O carteador")}[language]


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
WHO = {"fr": "L'aîné", "es": "El mano", "pt": "O primeiro"}


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
        "O primeiro: ponto de seis cartas (60), melhor que ponto de cinco cartas (50) — 6 pontos. (lei 62)",
        "O primeiro: sixième maior, melhor que tierce maior — 16 pontos. (lei 63)",
        "O primeiro: quatorze de valetes, melhor que trio de ases — 14 pontos. (lei 64)",
        "O primeiro: repique, 60 — trinta atingidos com as declarações antes de o adversário marcar qualquer ponto. (lei 68)",
        "Totais: primeiro 96, carteador 0.",
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
        ("pt", "Repique ainda possível", "O carteador nunca pode fazer pique."),
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


# -- the language of one context -----------------------------------------------------------------


def test_speaking_changes_the_language_of_its_block_only():
    i18n.set_language("pt")
    with i18n.speaking("fr-FR") as language:
        assert language == "fr" and i18n._("The table is full") == "La table est complète"
        i18n.set_language("es")  # inside the block: the block's language
        assert i18n.get_language() == "es"
    assert i18n.get_language() == "pt"
    with pytest.raises(ValueError, match="unsupported language"):
        with i18n.speaking("de"):
            pass
    assert i18n.get_language() == "pt"


def test_two_threads_render_pages_in_two_languages_at_once():
    """Both threads are inside their page at the same moment (the barrier), each translating in its
    own language, and the kernel's language is untouched; with one global variable one of the two
    pages would come out in the other's language."""
    from piquet_widgets.app.voila_app import short_page

    i18n.set_language("pt")
    both_inside = threading.Barrier(2, timeout=10)
    pages: dict[str, str] = {}

    def render(lang: str) -> None:
        def texts() -> tuple[str, str]:
            both_inside.wait()  # the other thread has set its language by now
            return i18n._("The table is full"), i18n._("The table is full — try again in a minute.")

        pages[lang] = short_page(lang, texts)

    threads = [threading.Thread(target=render, args=(lang,)) for lang in ("fr", "es")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for lang in ("fr", "es"):
        with i18n.speaking(lang):
            assert escape(i18n._("The table is full — try again in a minute.")) in pages[lang]
    assert pages["fr"] != pages["es"]
    assert i18n.get_language() == "pt"


def test_two_tasks_speak_two_languages_at_once():
    async def say(lang: str, other_has_begun: asyncio.Event, begun: asyncio.Event) -> str:
        with i18n.speaking(lang):
            begun.set()
            await other_has_begun.wait()
            return i18n.ngettext("Discards {count} card: {cards}.", "Discards {count} cards: {cards}.", 1) + i18n._("The table is full")

    async def both() -> list[str]:
        fr_begun, es_begun = asyncio.Event(), asyncio.Event()
        return await asyncio.gather(say("fr", es_begun, fr_begun), say("es", fr_begun, es_begun))

    french, spanish = asyncio.run(both())
    assert french == f"Écarte {{count}} carte{NBSP}: {{cards}}.La table est complète"
    assert spanish.endswith("La mesa está completa") and not spanish.startswith("Discards")
    assert i18n.get_language() == "en"


def test_good_agrees_with_what_it_is_said_of(template):
    """Spanish «Son buenas» of a point (las cartas), «Es buena» of a sequence, «Es bueno» of a set:
    one English "Good." extracted in three message contexts."""
    from piquet_widgets.engine import Category, Verdict
    from piquet_widgets.teach.dialogue import verdict_words

    assert {(category.value, "Good.") for category in Category} <= catalogs.keys(template)
    said = {}
    for language in ("en", *LANGUAGES):
        with i18n.speaking(language):
            said[language] = [verdict_words(Verdict.GOOD, category) for category in Category]
    assert said["en"] == ["Good."] * 3
    assert said["es"] == ["Son buenas.", "Es buena.", "Es bueno."]
    assert said["pt"] == ["Bom.", "Boa.", "Bom."]
    with i18n.speaking("es"):
        assert [verdict_words(Verdict.NOT_GOOD, category) for category in Category] == ["No valen.", "No vale.", "No vale."]


# -- the deferred message ------------------------------------------------------------------------


def test_a_message_is_rendered_in_the_language_current_when_shown():
    refusal = i18n.message("You must follow {suit} while you hold one.", suit=parse_card("AH").suit)
    shown = {}
    for language in ("fr", "es"):
        with i18n.speaking(language):
            shown[language] = str(refusal)
    assert shown["fr"].startswith("Vous devez fournir à c") and shown["fr"].endswith("tant que vous en avez.")
    assert "corazones" in shown["es"] and shown["fr"] != shown["es"]
    assert str(refusal) == "You must follow hearts while you hold one."


@pytest.mark.parametrize(("count", "french"), [(0, "carte"), (1, "carte"), (2, "cartes"), (5, "cartes")])
def test_a_message_with_a_count_takes_the_languages_plural(count, french):
    said = i18n.Message("Discards {count} card: {cards}.", (("count", count), ("cards", "…")), plural="Discards {count} cards: {cards}.")
    assert str(said) == ("Discards {count} card: …." if count == 1 else "Discards {count} cards: ….").format(count=count)
    with i18n.speaking("fr"):
        assert str(said) == f"Écarte {count} {french}{NBSP}: …."


def test_a_message_inside_a_message_is_rendered_in_the_same_language():
    inner = i18n.message("The table is full")
    outer = i18n.message("{what}: {who} {points}", what=inner, who="B", points=3)
    with i18n.speaking("pt"):
        assert str(outer).startswith("A mesa está cheia")
    assert str(outer) == "The table is full: B 3"


def test_a_message_keeps_a_numbers_format():
    assert str(i18n.message("{cost:.1f} points", cost=2.25)) == "2.2 points"


# -- the build -----------------------------------------------------------------------------------


@pytest.mark.slow
def test_the_wheel_carries_the_compiled_catalogs(tmp_path):
    """Building a wheel runs hatch_build.py, which compiles every .po into a .mo inside it.
    Built from a copy of the checkout: the build writes the .mo files into its source tree,
    which other tests, running alongside, read or watch."""
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".git", "__pycache__", ".hypothesis", ".pytest_cache", "artifacts", "*.mo", "_build"))
    code = f"import hatchling.build as b; print(b.build_wheel({str(tmp_path)!r}))"
    done = subprocess.run([sys.executable, "-c", code], cwd=source, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    with zipfile.ZipFile(tmp_path / done.stdout.strip().splitlines()[-1]) as wheel:
        names = set(wheel.namelist())
        for language in LANGUAGES:
            mo = f"piquet_widgets/locale/{language}/LC_MESSAGES/piquet_widgets.mo"
            assert mo in names, f"{mo} missing from the wheel: is hatch_build.py registered in pyproject.toml?"
            translations = gettext.GNUTranslations(wheel.open(mo))
            assert translations.gettext("Talon") == {"fr": "Talon", "es": "Baceta", "pt": "Monte"}[language]
        folder = ROOT / "piquet_widgets" / "lessons"
        lessons = {f"piquet_widgets/lessons/{path.relative_to(folder).as_posix()}" for path in folder.rglob("*") if path.is_file()}
        assert lessons and lessons <= names  # the lesson files and their deals' records


# -- every message reaches the catalogs ------------------------------------------------------------


def _translation_calls():
    """(file, call, inside an f-string) of every `_`, `N_` and `ngettext` call in the package."""
    for path in sorted((ROOT / "piquet_widgets").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        inside_f_strings = {id(node) for joined in ast.walk(tree) if isinstance(joined, ast.JoinedStr) for node in ast.walk(joined)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "N_", "ngettext"):
                yield path.relative_to(ROOT), node, id(node) in inside_f_strings


def test_no_message_is_translated_inside_an_f_string():
    """Babel (on Python 3.11) does not look inside f-strings: a `_("…")` there is never extracted."""
    found = [
        f"{path}:{call.lineno}" for path, call, in_f_string in _translation_calls()
        if in_f_string and call.args and isinstance(call.args[0], ast.Constant)
    ]
    assert not found, f"translate before formatting, outside the f-string: {found}"


def test_every_literal_message_is_in_the_template(template):
    ids = {text for message in template if message.id for text in (message.id if isinstance(message.id, tuple) else (message.id,))}
    missing = []
    for path, call, _in_f_string in _translation_calls():
        count = 2 if call.func.id == "ngettext" else 1
        for argument in call.args[:count]:
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str) and argument.value not in ids:
                missing.append(f"{path}:{call.lineno}: {argument.value!r}")
    assert not missing, missing


def test_numbers_are_written_the_way_each_language_writes_them():
    from piquet_widgets.analysis.review import ExchangeNote
    from piquet_widgets.teach.mistakes import exchange_note_details

    for language, (plus, minus) in {"en": ("+1.25", "-0.5"), "fr": ("+1,25", "-0,5"), "es": ("+1,25", "-0,5"), "pt": ("+1,25", "-0,5")}.items():
        i18n.set_language(language)
        assert i18n.format_decimal(1.25, "+0.00;-0.00") == plus
        assert i18n.format_decimal(-0.5, "+0.0;-0.0") == minus
    note = ExchangeNote(ELDER, tuple(parse_cards("7C 8C")), 1.04, tuple(parse_cards("7C 9D")), -2.5)
    i18n.set_language("fr")
    assert "+1,0" in exchange_note_details(note) and "-2,5" in exchange_note_details(note)
    i18n.set_language("pt")
    assert "+1,0" in exchange_note_details(note) and "-2,5" in exchange_note_details(note)


def test_the_exchange_advice_writes_its_expectation_with_a_decimal_comma():
    from piquet_widgets.analysis.advisor import advise_exchange
    from piquet_widgets.teach.exchange import advice_details

    deal = Deal.from_seed(7)
    i18n.set_language("en")
    english = advice_details(advise_exchange(deal, top=1)[0])
    assert re.search(r"Expected net score of the declarations: [+-]\d+\.\d\d\.", english)
    i18n.set_language("fr")
    french = advice_details(advise_exchange(deal, top=1)[0])
    assert re.search(rf"Gain net espéré des annonces{NBSP}: [+-]\d+,\d\d\.", french), french


def test_portuguese_numbers_are_brazilian():
    from piquet_widgets.teach.words import number_words

    i18n.set_language("pt")
    assert number_words(17) == "dezessete" and number_words(49) == "quarenta e nove"
    i18n.set_language("es")
    assert number_words(17) == "diecisiete"


# -- the walkthrough's explanations and the meters, in each language ------------------------------

from piquet_widgets.teach.lesson_deals import CAVENDISH  # noqa: E402
from widget_helpers import click_card, find, find_all, text_of  # noqa: E402

# Cavendish's example deal: steps 3–8 are the declarations (elder, younger per category), 33 the tally.
AT_POINT, AT_SEQUENCES, AT_SETS, AT_TALLY = 4, 6, 8, 33
DIALOGUE = {
    # step → what the players say, by language
    AT_POINT: {
        "en": ["Point of five.", "How much?", "Forty-nine.", "Good.", "Five."],
        "fr": ["Point de cinq.", f"Combien{NBSP}?", "Quarante-neuf.", "Bon.", "Cinq."],
        "es": ["Cinco cartas.", "¿Cuánto valen?", "Cuarenta y nueve.", "Son buenas.", "Cinco."],
        "pt": ["Ponto de cinco cartas.", "Quanto vale?", "Quarenta e nove.", "Bom.", "Cinco."],
    },
    AT_SEQUENCES: {
        "en": ["A quart.", "Good.", "Four: that makes nine."],
        "fr": ["Une quatrième.", "Bon.", f"Quatre{NBSP}: cela fait neuf."],
        "es": ["Una cuarta.", "Es buena.", "Cuatro: van nueve."],
        "pt": ["Uma quart.", "Boa.", "Quatro: isso dá nove."],
    },
    AT_SETS: {
        "en": ["Three knaves.", "Not good.", "Fourteen tens and three queens: seventeen."],
        "fr": ["Trois valets.", "Pas bon.", f"Quatorze de dix et trois dames{NBSP}: dix-sept."],
        "es": ["Trío de valets.", "No vale.", "Catorce de dieces y trío de damas: diecisiete."],
        "pt": ["Trio de valetes.", "Não é bom.", "Quatorze de dez e trio de damas: dezessete."],
    },
}
NARRATION = {
    # step → (title, words of the narration, the score line), by language
    AT_POINT: {
        "en": ("Declarations: the point", "elder's 49 beats younger's 48", "Elder: point of five (49), better than point of five (48) — 5 points. (Law 62)"),
        "fr": (f"Annonces{NBSP}: le point", "l'aîné a 49, le cadet seulement 48", f"L'aîné{NBSP}: point de cinq (49) bat point de cinq (48) — 5 points. (loi 62)"),
        "es": ("Anuncios: el punto", "el mano tiene 49 y el pie, solo 48", "El mano: punto de cinco cartas (49), mejor que punto de cinco cartas (48) — 5 tantos. (ley 62)"),
        "pt": ("Declarações: o ponto", "o primeiro tem 49, e o carteador só 48", "O primeiro: ponto de cinco cartas (49), melhor que ponto de cinco cartas (48) — 5 pontos. (lei 62)"),
    },
    AT_SETS: {
        "en": ("Declarations: the sets", "Any quatorze beats any trio", "Younger: fourteen tens and three queens, better than three knaves — 17 points. (Law 64)"),
        "fr": (f"Annonces{NBSP}: brelans et quatorzes", "Un quatorze bat toujours un brelan", f"Le cadet{NBSP}: quatorze de dix et trois dames bat trois valets — 17 points. (loi 64)"),
        "es": ("Anuncios: tríos y catorces", "Cualquier catorce gana a cualquier trío", "El pie: catorce de dieces y trío de damas, mejor que trío de valets — 17 tantos. (ley 64)"),
        "pt": ("Declarações: os conjuntos", "Qualquer quatorze vence qualquer trio", "O carteador: quatorze de dez e trio de damas, melhor que trio de valetes — 17 pontos. (lei 64)"),
    },
    AT_TALLY: {
        "en": ("The end of the deal", "Final tally: elder 28, younger 23.", "Elder wins the deal by 5 points."),
        "fr": ("La fin de la donne", f"Décompte final{NBSP}: aîné 28, cadet 23.", "L'aîné gagne la donne de 5 points."),
        "es": ("El final del reparto", "Recuento final: mano 28, pie 23.", "El mano gana el reparto por 5 tantos."),
        "pt": ("O fim da rodada", "Contagem final: primeiro 28, carteador 23.", "O primeiro vence a rodada por 5 pontos."),
    },
}
METERS = {
    # step → (elder's meter head — one label for the deal —, elder's meter, younger's meter), by language
    AT_POINT: {
        "en": ("Pique / repique: 5 of 30", "Repique still possible: elder needs 25 more points", "Repique no longer possible: elder's point reckons first. Younger can never pique."),
        "fr": (f"Pic / repic{NBSP}: 5 sur 30", f"Repic encore possible{NBSP}: il manque à l'aîné 25 points", f"Plus de repic possible{NBSP}: le point de l'aîné se compte avant. Le cadet ne peut jamais faire pic."),
        "es": ("Pique / repique: 5 de 30", "Repique aún posible: al mano le faltan 25 tantos", "Ya no hay repique posible: el punto del mano cuenta antes. El pie nunca puede hacer pique."),
        "pt": ("Pique / repique: 5 de 30", "Repique ainda possível: o primeiro precisa de mais 25 pontos", "Repique não é mais possível: o ponto do primeiro conta antes. O carteador nunca pode fazer pique."),
    },
    AT_SETS: {  # neither bonus is possible any more: one note for the deal instead (test_meter.py)
        "en": (None, "No pique or repique this deal: younger scored before elder reached thirty; elder scored first.", None),
    },
}
STEP_LABEL = {"en": "Step 5 of 34", "fr": "Étape 5 sur 34", "es": "Paso 5 de 34", "pt": "Etapa 5 de 34"}
ACE_OF_HEARTS = {"en": "ace of hearts", "fr": "as de cœur", "es": "as de corazones", "pt": "ás de copas"}
TITLE = {"en": "Deal walkthrough", "fr": "La donne pas à pas", "es": "El reparto paso a paso", "pt": "A rodada passo a passo"}
PHASE_MENU = {
    "en": ["The deal", "The exchange", "The declarations", "The play", "The end of the deal"],
    "fr": ["La donne", "L'échange", "Les annonces", "Le jeu des plis", "La fin de la donne"],
    "es": ["El reparto", "El descarte", "Los anuncios", "El carteo", "El final del reparto"],
    "pt": ["A distribuição", "A troca", "As declarações", "O jogo de vazas", "O fim da rodada"],
}


@pytest.fixture
def change_language():
    """`change_language` (what a language menu does), back to English after the test."""
    from piquet_widgets.widgets.language import change_language

    yield change_language
    change_language("en")


def _dialogue(walk) -> list[str]:
    """What the players say in the explanation, without the speakers' names."""
    html = find(walk, "pw-explanation").value
    return [text_of(line).strip() for line in re.findall(r"</b>(.*?)</p>", html)]


def _walkthrough(step: int):
    from piquet_widgets.widgets.walkthrough import DealWalkthrough

    return DealWalkthrough(CAVENDISH, step=step)


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
@pytest.mark.parametrize("step", list(DIALOGUE))
def test_the_players_dialogue_in_the_walkthrough(language, step):
    i18n.set_language(language)
    assert _dialogue(_walkthrough(step)) == DIALOGUE[step][language]


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
@pytest.mark.parametrize("step", list(NARRATION))
def test_the_narration_of_a_step_in_the_walkthrough(language, step):
    i18n.set_language(language)
    walk = _walkthrough(step)
    title, words, line = NARRATION[step][language]
    html = find(walk, "pw-explanation").value
    assert text_of(re.search(r"<h3>(.*?)</h3>", html).group(1)) == title
    assert words in text_of(html) and line in text_of(html)


@pytest.mark.parametrize(("step", "language"), [(step, language) for step in METERS for language in METERS[step]])
def test_the_meter_sentences_in_the_walkthrough(language, step):
    i18n.set_language(language)
    walk = _walkthrough(step)
    head, elder, younger = METERS[step][language]
    elder_meter, younger_meter = (text_of(find(walk, f"pw-meter-{seat}").value) for seat in ("elder", "younger"))
    elder_meter += text_of(find(walk, "pw-meter-note").value)
    if head is not None:
        assert head in elder_meter
    assert elder in elder_meter
    if younger is not None:
        assert younger in younger_meter


def test_switching_the_language_of_a_walkthrough_keeps_its_step(change_language):
    walk = _walkthrough(0)
    for _ in range(AT_POINT):
        find(walk, "pw-next").click()
    menu = find(walk, "pw-language")
    timeline = walk.timeline
    for language in ("fr", "es", "pt", "en"):
        menu.value = language  # what choosing it in the page does
        assert i18n.get_language() == language
        assert walk.step == AT_POINT and walk.slider.value == AT_POINT and walk.timeline is timeline
        assert _dialogue(walk) == DIALOGUE[AT_POINT][language]
        assert text_of(find(walk, "pw-step-label").value) == STEP_LABEL[language]
        assert text_of(find(walk, "pw-title").value).strip() == TITLE[language]
        assert [label for label, _phase in walk.phase_select.options] == PHASE_MENU[language]
        assert walk.phase_select.value == "declarations"
        label = find(walk, "pw-hand-elder").labels["AH"]  # the cards' aria labels (raised: his point)
        assert label == i18n._("{card}, selected").format(card=ACE_OF_HEARTS[language]) and label.startswith(ACE_OF_HEARTS[language])
        assert METERS[AT_POINT][language][2] in text_of(find(walk, "pw-meter-younger").value)
        assert (find(walk, "pw-score-elder").value, find(walk, "pw-score-younger").value) == ("5", "0")
    find(walk, "pw-next").click()
    assert walk.step == AT_POINT + 1


def test_several_language_menus_agree(change_language):
    from piquet_widgets.widgets.practice import PracticeTable

    walk, table = _walkthrough(AT_SETS), PracticeTable(declare_for_me=True, deal=7)
    menus = [find(walk, "pw-language"), find(table, "pw-language")]
    menus[1].value = "pt"
    assert [menu.value for menu in menus] == ["pt", "pt"]
    assert _dialogue(walk) == DIALOGUE[AT_SETS]["pt"]
    assert table.message_text.startswith("O primeiro (você): escolha as cartas")
    change_language("es")  # from code: the menus follow
    assert [menu.value for menu in menus] == ["es", "es"]
    assert [label for label, _code in menus[0].options] == ["English", "Français", "Español", "Português"]
    assert menus[0].description == "Idioma"


def test_a_language_menu_accepts_only_the_four_languages(change_language):
    import traitlets

    from piquet_widgets.widgets.language import LanguageSelector

    menu = LanguageSelector()
    for index in (4, -1, 99):
        with pytest.raises(traitlets.TraitError):
            menu.set_state({"index": index})  # what a forged message from the page does
    with pytest.raises(traitlets.TraitError):
        menu.value = "de"
    assert i18n.get_language() == "en" and menu.value == "en"
    for code in ("de", "pt_BR", "FR", "", None, 3):
        with pytest.raises(ValueError):
            change_language(code)
    assert i18n.get_language() == "en"
    menu.set_state({"index": 1})
    assert i18n.get_language() == "fr" and menu.value == "fr"


# -- the practice table ---------------------------------------------------------------------------

REFUSED_PROMPT = {
    # younger (the learner) to play to the ace of hearts
    "en": "Younger (you): play to the ace of hearts.",
    "fr": f"Le cadet (vous){NBSP}: répondez à la carte entamée (as de cœur).",
    "es": "El pie (tú): responde a la carta de salida (as de corazones).",
    "pt": "O carteador (você): responda à carta de saída (ás de copas).",
}


def _younger_to_follow_hearts():
    """The practice table where the learner, younger, must follow elder's ace of hearts."""
    from piquet_widgets.widgets.practice import PracticeTable

    table = PracticeTable(declare_for_me=True, role="younger", deal=7)
    click_card(find(table, "pw-hand-younger"), table.deal.hand(YOUNGER)[0].code)
    find(table, "pw-confirm").click()
    assert table.deal.led == parse_card("AH") and table.deal.to_move is YOUNGER
    return table


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_the_practice_table_refuses_an_illegal_click_in_each_language(language):
    i18n.set_language(language)
    table = _younger_to_follow_hearts()
    assert table.message_text == REFUSED_PROMPT[language]
    timeline = list(table.timeline)
    click_card(find(table, "pw-hand-younger"), "JS")  # a spade, holding a heart
    assert table.timeline == timeline and table.message_kind == "error"
    assert table.message_text == FOLLOW_SUIT[language]
    assert text_of(find(table, "pw-message").value).strip() == FOLLOW_SUIT[language]


def test_switching_the_language_of_the_practice_table_keeps_the_game(change_language):
    table = _younger_to_follow_hearts()
    click_card(find(table, "pw-hand-younger"), "JS")
    state = (list(table.timeline), table.partie, table.role, table.level, list(table.selection))
    for language in ("fr", "es", "pt", "en"):
        find(table, "pw-language").value = language
        assert (list(table.timeline), table.partie, table.role, table.level, list(table.selection)) == state
        assert table.message_text == FOLLOW_SUIT[language]  # the refusal itself, said again
        assert find(table, "pw-trick").labels["AH"] == ACE_OF_HEARTS[language]  # the card led
    find(table, "pw-language").value = "fr"
    assert [label for label, _role in table.role_select.options][0] == "Je joue l'aîné"
    assert "Table d'entraînement" in text_of(find(table, "pw-title").value)


def test_switching_the_language_during_the_exchange_keeps_the_selection(change_language):
    from piquet_widgets.widgets.practice import PracticeTable

    table = PracticeTable(declare_for_me=True, role="elder", deal=7)
    chosen = table.deal.hand(ELDER)[:2]
    for card in chosen:
        click_card(find(table, "pw-hand-elder"), card.code)
    change_language("fr")
    assert table.selection == list(chosen)
    assert find(table, "pw-confirm").description == "Écarter 2 cartes"
    assert table.message_text.endswith("2 cartes sélectionnées.")
    assert set(find(table, "pw-hand-elder").selected) == {card.code for card in chosen}


# -- the lessons and the app page -------------------------------------------------------------------


def test_a_lesson_follows_the_language_and_keeps_its_answers(change_language):
    from piquet_widgets.widgets.lesson import LessonView

    view = LessonView(3, notebook=True)
    intro, exercises = view.introduction(), view.exercises()
    quiz = exercises.children[0]
    quiz.choose(0)
    assert quiz.solved
    find(intro, "pw-language").value = "fr"
    assert "Leçon 3" in text_of(find(intro, "pw-lesson-intro").value)
    assert "Exécutez les cellules" in text_of(find(intro, "pw-lesson-intro").value)
    assert quiz.solved and quiz.chosen == 0
    assert text_of(quiz.feedback.value).strip().startswith("Exact.")
    assert text_of(quiz.question.value).startswith("Exercice 1.")
    assert [button.description for button in quiz.buttons][:2] == ["L'aîné", "Le cadet"]


def test_the_app_page_follows_its_language_menu(change_language):
    from piquet_widgets.app.page import App
    from piquet_widgets.app.params import parse_query

    app = App(parse_query("lang=es&lesson=3&lesson=99"))
    app.show_section("glossary")
    glossary = app.content.children[0]
    app.show_section("walkthrough")
    walk = app.walkthrough
    walk.go(AT_POINT)
    assert len(find_all(app.root, "pw-language")) == 1  # one menu for the page
    assert "Baceta" in text_of(glossary.value)
    menu = find(app.root, "pw-language")
    menu.value = "fr"
    assert i18n._("Piquet with open hands") in text_of(app.root.children[0].value)
    assert app.nav_buttons["lesson"].description == "Leçons"
    assert "Glossaire" in text_of(glossary.value) and "Repic" in text_of(glossary.value)
    assert walk.step == AT_POINT and _dialogue(walk) == DIALOGUE[AT_POINT]["fr"]
    assert text_of(app._walk_caption.value).strip() == i18n._("Cavendish's example deal (1882). Open another below.")
    app.show_section("lesson")
    lesson = app._lessons[3]
    assert "Leçon 3" in text_of(find(lesson, "pw-lesson-intro").value)
    change_language("pt")
    assert "Lição 3" in text_of(find(lesson, "pw-lesson-intro").value)
    assert app._lesson_buttons[2].description.startswith("3. ")
    assert app._lesson_buttons[2].description == "3. " + i18n._("The point")


def test_a_hint_shown_is_said_again_in_the_new_language(change_language):
    from piquet_widgets.widgets.practice import PracticeTable

    table = PracticeTable(declare_for_me=True, role="elder", deal=7)
    find(table, "pw-hint").click()  # the idea first, then the move
    find(table, "pw-hint").click()
    assert text_of(find(table, "pw-hint-text").value).strip().startswith("Hint: discard the ")
    change_language("es")
    hint = text_of(find(table, "pw-hint-text").value).strip()
    assert hint.startswith("Pista: descarta ")
    assert find(table, "pw-hint-text").layout.display is None and table.deal is table.timeline[0]
