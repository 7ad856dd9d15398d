"""The tutorial app's URL parameters: read, checked, and turned into what the page opens.

Voilà hands the kernel the page's query string (the `QUERY_STRING` variable). Everything in it
comes from whoever wrote the link, so every value is checked here, and a bad one becomes a
message fit to show on the page while the rest of the app works as usual.

=============  ============================================================================
parameter      opens
=============  ============================================================================
`lesson=N`     lesson N (1 to 11), or the lesson of that slug (`lesson=the-point`)
`section=…`    that section: `lesson`, `walkthrough`, `practice` or `glossary`
`record=…`     the walkthrough of a deal record (JSON, base64url-encoded, padding optional)
`deal=…`       the walkthrough of the deal with this deal code
`seed=N`       the practice table on a fresh deal shuffled from N
`mode=closed`  the practice table in closed piquet (`mode=open`: open piquet, the default)
`lang=xx`      the page in this language
=============  ============================================================================

Unknown parameters are ignored (servers add their own, such as `token`). The page's address
follows the learner's place (`place_query`, written by `widgets.address.Address`), in these same
parameters, so that a reload or a copied link opens the same place.

>>> params = parse_query("lesson=3&lang=fr")
>>> params.lesson, params.lang, params.section, params.problems
(3, 'fr', 'lesson', ())
>>> parse_query("lesson=the-point").lesson
3
>>> link = encode_record({"elder": "AS KS", "younger": "QS JS", "talon": ""})
>>> decode_record(link)["elder"]
'AS KS'
>>> place_query("practice", 3, "closed", "fr")
'?section=practice&mode=closed&lang=fr'
>>> print(parse_query("lesson=nine").messages[0])
The link asks for lesson 'nine', but there are lessons 1 to 11 only; the first lesson is shown instead.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlencode

from piquet_widgets.engine import Deal, PiquetError, deal_code, deal_from_code, deal_from_record, record_of
from piquet_widgets.i18n import DEFAULT_LANGUAGE, LANGUAGES, N_, normalize_language
from piquet_widgets.teach.lessons import LESSONS, SLUGS

LESSON_COUNT = len(LESSONS)
MAX_VALUE_LENGTH = 4096  # far more than any record (about 500 characters encoded)
MAX_SEED = 2**63 - 1
SOURCES = ("record", "deal", "seed")
MODES = ("open", "closed")
SECTIONS = ("lesson", "walkthrough", "practice", "glossary")
PARAMETERS = ("lesson", "section", "mode", "lang", *SOURCES)  # every parameter the app reads
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


@dataclass(frozen=True)
class AppParams:
    """What a link asks the app to open, already checked.

    - `lesson`: the lesson to open (1 to `LESSON_COUNT`), or None.
    - `record`: the deal record to walk through (a record the engine accepted), or None.
    - `code`: the deal code to walk through, or None.
    - `seed`: the seed of a fresh deal for the practice table, or None.
    - `mode`: the practice table's mode, "open" or "closed" ("closed" opens the table).
    - `asked_section`: the section the link names (`section=`), or None.
    - `lang`: the language of the page (always a supported one).
    - `problems`: one `PiquetError` per bad parameter, translated when shown (`messages`).
    """

    lesson: int | None = None
    record: dict[str, Any] | None = None
    code: str | None = None
    seed: int | None = None
    mode: str = "open"
    asked_section: str | None = None
    lang: str = DEFAULT_LANGUAGE
    problems: tuple[PiquetError, ...] = field(default=())

    @property
    def section(self) -> str:
        """The part of the page to show first: the one the link names, else 'walkthrough' for a
        deal, 'practice' for a seed or a mode, else 'lesson'."""
        if self.asked_section is not None:
            return self.asked_section
        if self.record is not None or self.code is not None:
            return "walkthrough"
        if self.seed is not None or self.mode != "open":
            return "practice"
        return "lesson"

    @property
    def messages(self) -> list[str]:
        """The problems, in the current language."""
        return [str(problem) for problem in self.problems]


def parse_query(query: str | None) -> AppParams:
    """The parameters of a query string (`'lesson=2&lang=fr'`, with or without a leading '?').

    Never raises: each bad value is left out and explained in `problems`.
    """
    text = (query or "").lstrip("?")
    if len(text) > 4 * MAX_VALUE_LENGTH:
        return AppParams(problems=(PiquetError(N_("The link is too long to be read; the app opens as usual.")),))
    values = parse_qs(text, keep_blank_values=True)
    first = {name: items[0] for name, items in values.items() if items}
    problems: list[PiquetError] = []
    found: dict[str, Any] = {}

    lang = DEFAULT_LANGUAGE
    if "lang" in first:
        lang = normalize_language(first["lang"]) or DEFAULT_LANGUAGE
        if normalize_language(first["lang"]) is None:
            problems.append(PiquetError(
                N_("The link asks for the language {value}, which the app does not speak yet; it is shown in {language} (available: {available})."),
                value=_shown(first["lang"]), language=DEFAULT_LANGUAGE, available=", ".join(LANGUAGES),
            ))

    if "lesson" in first:
        lesson = _lesson_number(first["lesson"])
        if lesson is None or not 1 <= lesson <= LESSON_COUNT:
            problems.append(PiquetError(
                N_("The link asks for lesson {value}, but there are lessons 1 to {count} only; the first lesson is shown instead."),
                value=_shown(first["lesson"]), count=LESSON_COUNT,
            ))
        else:
            found["lesson"] = lesson

    if "section" in first:
        if first["section"] in SECTIONS:
            found["asked_section"] = first["section"]
        else:
            problems.append(PiquetError(
                N_("The link asks for the section {value}, but the sections are {known}; the lessons are shown instead."),
                value=_shown(first["section"]), known=", ".join(SECTIONS),
            ))

    if "mode" in first:
        if first["mode"] in MODES:
            found["mode"] = first["mode"]
        else:
            problems.append(PiquetError(
                N_("The link asks for the practice table in mode {value}, but the modes are {known}; open piquet is played instead."),
                value=_shown(first["mode"]), known=", ".join(MODES),
            ))

    asked = [name for name in SOURCES if name in first]
    for name in asked[1:]:
        problems.append(PiquetError(
            N_("The link gives both {first} and {other}; only {first} is used."), first=asked[0], other=name
        ))
    if asked:
        name = asked[0]
        try:
            found.update(_READERS[name](first[name]))
        except PiquetError as problem:
            problems.append(problem)
    return AppParams(lang=lang, problems=tuple(problems), **found)


def _read_record(value: str) -> dict[str, Any]:
    try:
        record = decode_record(value)
        deal_from_record(record)
    except PiquetError as error:
        raise PiquetError(N_("The deal in the link could not be opened: {problem}"), problem=error) from None
    return {"record": record}


def _read_code(value: str) -> dict[str, Any]:
    if len(value) > 64:
        value = value[:64]
    try:
        deal = deal_from_code(value)
    except PiquetError as error:
        raise PiquetError(N_("The deal in the link could not be opened: {problem}"), problem=error) from None
    return {"code": deal_code(deal)}


def _read_seed(value: str) -> dict[str, Any]:
    seed = _whole_number(value)
    if seed is None or seed > MAX_SEED:
        raise PiquetError(
            N_("The link asks for the deal shuffled from {value}, which is not a whole number from 0 to {high}; a new deal is shuffled instead."),
            value=_shown(value), high=MAX_SEED,
        )
    return {"seed": seed}


_READERS = {"record": _read_record, "deal": _read_code, "seed": _read_seed}


def _lesson_number(value: str) -> int | None:
    """The lesson a link names, by its number or its slug (the number it has now), or None."""
    value = value.strip()
    return SLUGS.index(value) + 1 if value in SLUGS else _whole_number(value)


def _whole_number(value: str) -> int | None:
    """A non-negative whole number written in plain digits (no sign, no spaces), or None."""
    value = value.strip()
    if not value or len(value) > 20 or not value.isascii() or not value.isdigit():
        return None
    return int(value)


def _shown(value: str) -> str:
    """A visitor's value quoted for a message, cut short if long."""
    return repr(value if len(value) <= 40 else value[:40] + "…")


def decode_record(value: str) -> dict[str, Any]:
    """The deal record of a link's `record` value: base64url (standard base64 accepted too,
    padding optional) of the record's JSON. A bad value raises `PiquetError`."""
    if len(value) > MAX_VALUE_LENGTH:
        raise PiquetError(N_("record: too long ({length} characters) to be a deal record"), length=len(value))
    text = value.strip().replace(" ", "+").replace("+", "-").replace("/", "_").rstrip("=")
    if not _BASE64URL.fullmatch(text):
        raise PiquetError(N_("record: not base64url-encoded text"))
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        decoded = raw.decode("utf-8")
    except (binascii.Error, ValueError):
        raise PiquetError(N_("record: not base64url-encoded text")) from None
    try:
        record = json.loads(decoded)
    except (ValueError, RecursionError):
        raise PiquetError(N_("record: the decoded text is not JSON")) from None
    if not isinstance(record, dict):
        raise PiquetError(N_("record: expected a JSON object"))
    return record


def encode_record(record: dict[str, Any] | Deal) -> str:
    """The `record` value of a link to a deal record (or to a deal as far as it has gone)."""
    if isinstance(record, Deal):
        record = record_of(record)
    text = json.dumps(record, separators=(",", ":"), ensure_ascii=False)
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")


def place_query(section: str, lesson: int, mode: str, lang: str, source: dict[str, Any] | None = None) -> str:
    """The address of a place of the app (what `parse_query` reads back): lesson `lesson` by its
    slug, another section by its name, the closed table's mode, a language other than English,
    and `source`, the deal a walkthrough shows or the seed a table opened with (`{"deal": code}`,
    `{"record": record}`, `{"seed": n}`)."""
    params: dict[str, Any] = {}
    if section == "lesson":
        params["lesson"] = SLUGS[lesson - 1]
    else:
        params["section"] = section
    if section == "practice" and mode != "open":
        params["mode"] = mode
    if section in ("walkthrough", "practice") and source:
        params.update(source)
    if lang != DEFAULT_LANGUAGE:
        params["lang"] = lang
    return app_link("", **params)


def app_link(base: str = "http://127.0.0.1:8866/", **params: Any) -> str:
    """A link to the app: `app_link(record=deal)`, `app_link(lesson=3, lang="fr")`.

    A `record` may be a record dict or a `Deal`; a `deal` may be a code or a `Deal`.
    """
    query: dict[str, Any] = {}
    for name, value in params.items():
        if value is None:
            continue
        if name == "record":
            value = encode_record(value)
        elif name == "deal" and isinstance(value, Deal):
            value = deal_code(value)
        query[name] = value
    return base + ("?" + urlencode(query) if query else "")
