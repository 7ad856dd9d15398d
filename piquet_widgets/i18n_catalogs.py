"""Keep the translation catalogs in step with the code: extract, merge, compile, report.

    python -m piquet_widgets.i18n_catalogs            # extract → .pot, merge into each .po,
                                                      # compile the .mo files, list what is left
    python -m piquet_widgets.i18n_catalogs --check    # change nothing; exit 1 if anything is left
    python -m piquet_widgets.i18n_catalogs --compile  # only .po → .mo (what the build hook does)

Messages are every string literal passed to `_`, `N_`, `ngettext` (singular, plural), or `NP_`,
`pgettext`, `npgettext` (with a message context first) in the
Python files of the package, and every text of the lesson files (`lessons/*.yaml`, read by
`teach.lessons.extract`); the extraction rules are `babel.cfg` at the top of the repository.
The `.po` files under `locale/` are the translations and live in git; the `.mo` files are built
from them by `hatch_build.py` at every wheel or editable install and are never committed.
This module needs Babel's message tools; at run time `i18n.py` reads the `.mo` files with
`gettext` and uses Babel only for numbers (`i18n.format_decimal`).
"""

from __future__ import annotations

import argparse
import io
import string
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

DOMAIN = "piquet_widgets"
PACKAGE_DIR = Path(__file__).resolve().parent
LOCALE_DIR = PACKAGE_DIR / "locale"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
CONFIG = PACKAGE_DIR.parent / "babel.cfg"
# The languages with a catalog (English is the source language and needs none), with the
# classic gettext plural rules (Babel's newer CLDR rules add a 'many' form for millions).
PLURAL_FORMS = {
    "fr": "nplurals=2; plural=(n > 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "pt": "nplurals=2; plural=(n > 1);",  # Brazilian Portuguese, the language of our seed text
}
LANGUAGES = tuple(PLURAL_FORMS)
# The words of the game chosen for each language (elder and younger mapped by role: elder is
# the non-dealer), written at the head of each catalog so that every translator keeps them.
GLOSSARY = {
    "fr": "French: elder l'aîné, younger le cadet; talon; exchange l'échange (discard écarter);\n"
          "declarations les annonces; point; sequence séquence: tierce, quatrième, quinte, sixième,\n"
          "septième, huitième, majeure, au roi, à la dame, au valet, au dix, au neuf (named by the top\n"
          "card); sets brelans et quatorzes (trois valets, quatorze d'as); carte blanche; repique repic;\n"
          "pique pic (pique is the suit); capot; the cards les cartes; trick pli; lead entame; follow suit\n"
          "fournir; deal donne; partie; rubiconed rubiconné. A no-break space before : ; ? !",
    "es": "Spanish: elder el mano, younger el pie (the Spanish seed swaps mayor/joven: map by role);\n"
          "talon la baceta; exchange el descarte; declarations los anuncios; point punto (de cinco\n"
          "cartas); sequence secuencia: tercera, cuarta, quinta, sexta, séptima, octava, mayor, real,\n"
          "de dama, menor (headed by the valet or lower; also de valet, de diez); sets tríos y\n"
          "catorces; carte blanche cartas blancas;\n"
          "pique; repique; capot capote; the cards las cartas; trick baza; lead salida; follow suit\n"
          "asistir; the play el carteo; deal reparto; partie partida; score units tantos; tú.",
    "pt": "Portuguese (Brazil): elder o primeiro, younger o carteador (never a mão / o pé: mão is a\n"
          "hand of cards); sinking esconder; drills treinos; talon o monte; exchange a troca;\n"
          "declarations as declarações; point ponto (de cinco cartas); sequence sequência: tierce,\n"
          "quart, quint, sixième, septième, huitième (the seed's words), maior, ao rei, à dama, ao\n"
          "valete, ao dez, menor; sets conjuntos (trio, quatorze); carte blanche; pique; repique; capot;\n"
          "the cards as cartas; trick vaza; lead saída; follow suit seguir o naipe; deal rodada;\n"
          "partie partida; rubiconed rubicado; você.",
}
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "NP_": ((1, "c"), 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}
# Used when babel.cfg is absent (an installed wheel): the same rules.
METHOD_MAP = [("**.py", "python"), ("lessons/*.yaml", "piquet_widgets.teach.lessons:extract")]
TRANSLATOR_TAG = "TRANSLATORS:"


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def _method_map() -> tuple[list, dict]:
    if CONFIG.exists():
        from babel.messages.frontend import parse_mapping_cfg

        with CONFIG.open(encoding="utf-8") as config:
            return parse_mapping_cfg(config, str(CONFIG))
    return METHOD_MAP, {}


def extract() -> Catalog:
    """The template: every message of the package, with where it is used (no line numbers)."""
    method_map, options_map = _method_map()
    template = Catalog(project=DOMAIN, version="", charset="utf-8", fuzzy=False)
    template.header_comment = "# Messages of piquet_widgets; regenerate with python -m piquet_widgets.i18n_catalogs."
    found = extract_from_dir(
        PACKAGE_DIR, method_map, options_map, keywords=KEYWORDS,
        comment_tags=(TRANSLATOR_TAG,), strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        where = f"{PACKAGE_DIR.name}/{Path(filename).as_posix()}"
        template.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return template


def _po_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_by_file=True, include_lineno=False, ignore_obsolete=True)
    return buffer.getvalue()


def _write_if_changed(path: Path, catalog: Catalog, stamp: str) -> bool:
    """Write `catalog` unless only its date header (`stamp`) would change; True if written."""
    old = path.read_bytes() if path.exists() else None
    if old is not None:
        previous = read_po(io.BytesIO(old))
        setattr(catalog, stamp, getattr(previous, stamp))
        if _po_bytes(catalog) == old:
            return False
        setattr(catalog, stamp, datetime.now(timezone.utc))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_po_bytes(catalog))
    return True


def read_catalog(language: str) -> Catalog:
    with po_path(language).open("rb") as po:
        return read_po(po, locale=language, domain=DOMAIN)


def merge(template: Catalog, language: str) -> Catalog:
    """The language's catalog updated to the template, as `pybabel update` would (new messages
    empty, changed ones fuzzy with the old translation as a start, removed ones dropped)."""
    if po_path(language).exists():
        catalog = read_catalog(language)
    else:
        catalog = Catalog(locale=language, domain=DOMAIN, project=DOMAIN, version="", fuzzy=False)
        catalog.language_team = f"{language} <piquet_widgets>"
    catalog.update(template, update_creation_date=False)
    catalog.header_comment = (
        f"# {language} translations of piquet_widgets (update: python -m piquet_widgets.i18n_catalogs).\n#\n# "
        + GLOSSARY[language].replace("\n", "\n# ")
    )
    catalog.last_translator = "piquet_widgets translators"
    catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[language])]
    catalog.fuzzy = False
    return catalog


def compile_catalogs(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Write one .mo per language from its .po (fuzzy messages left out); the paths written."""
    written = []
    for language in LANGUAGES:
        if not po_path(language).exists():
            continue
        catalog = read_catalog(language)
        target = mo_path(language, locale_dir)
        target.parent.mkdir(parents=True, exist_ok=True)
        # Written beside it, then put in its place at once: a process reading the catalog
        # meanwhile (a test running alongside a wheel build) finds the old one or the new one.
        partial = target.with_suffix(".mo.partial")
        with partial.open("wb") as mo:
            write_mo(mo, catalog, use_fuzzy=False)
        partial.replace(target)
        written.append(target)
    return written


def placeholders(text: str) -> set[str]:
    """The `{name}` fields of a str.format text (a malformed text gives {'<malformed>'})."""
    try:
        return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}
    except ValueError:
        return {"<malformed>"}


def message_problems(message: Message) -> list[str]:
    """What is wrong with one translated message: empty, fuzzy, or placeholders changed."""
    if not message.id:
        return []
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    if not all(strings):
        return ["untranslated"]
    problems = ["fuzzy"] if message.fuzzy else []
    wanted = set().union(*(placeholders(i) for i in ids))
    for text in strings:
        if placeholders(text) != wanted:
            problems.append(f"placeholders {sorted(placeholders(text))} instead of {sorted(wanted)}")
            break
    return problems


def keys(catalog: Catalog) -> set[tuple[str | None, Any]]:
    """Every message of `catalog` as (context, id): one id said in two contexts is two messages."""
    return {(message.context, message.id) for message in catalog if message.id}


def catalog_problems(catalog: Catalog, template: Catalog | None = None) -> list[str]:
    """Every problem of a catalog, one line each: messages missing from it (if a template is
    given), untranslated, fuzzy, placeholders changed, wrong number of plural forms."""
    lines = []
    if template is not None:
        lines += [f"missing from the catalog: {m.id!r}" for m in template if m.id and catalog.get(m.id, context=m.context) is None]
    for message in catalog:
        lines += [f"{problem}: {message.id!r}" for problem in message_problems(message)]
        for error in message.check(catalog):
            lines.append(f"{error}: {message.id!r}")
    return lines


def update(write: bool = True) -> dict[str, list[str]]:
    """Extract, merge into every catalog and compile (unless `write` is False);
    the problems left, by language ('template' for an out-of-date .pot)."""
    template = extract()
    report: dict[str, list[str]] = {}
    if write:
        _write_if_changed(TEMPLATE, template, "creation_date")
    elif not TEMPLATE.exists() or keys(read_po(io.BytesIO(TEMPLATE.read_bytes()))) != keys(template):
        report["template"] = [f"{TEMPLATE.name} is out of date"]
    for language in LANGUAGES:
        if write:
            _write_if_changed(po_path(language), merge(template, language), "revision_date")
        catalog = read_catalog(language) if po_path(language).exists() else Catalog(locale=language)
        problems = catalog_problems(catalog, template)
        problems += [f"obsolete (no longer in the code): {m.id!r}" for m in catalog if m.id and template.get(m.id, context=m.context) is None]
        if problems:
            report[language] = problems
    if write:
        compile_catalogs()
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m piquet_widgets.i18n_catalogs", description=__doc__.split("\n")[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="change nothing; exit 1 if a catalog is incomplete or stale")
    mode.add_argument("--compile", action="store_true", help="only compile the .po files into .mo files")
    args = parser.parse_args(argv)
    if args.compile:
        for path in compile_catalogs():
            print(path)
        return 0
    report = update(write=not args.check)
    lines: dict[str, list[str]] = {}
    for language, problems in report.items():
        for line in problems:
            lines.setdefault(line, []).append(language)
    for line, languages in lines.items():
        print(f"[{' '.join(languages)}] {line}")
    if report:
        print(f"to do: {', '.join(f'{lang} {len(problems)}' for lang, problems in report.items())}")
    else:
        print(f"all catalogs complete: {', '.join(LANGUAGES)}")
    return 1 if report else 0


if __name__ == "__main__":
    sys.exit(main())
