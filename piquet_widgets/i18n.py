"""The translation function and the choice of language.

Every user-facing string of the package goes through `_` (or `ngettext`); strings that must be
translated later, at display time, are marked with `N_` so that Babel still extracts them.
This module is the ground floor: it imports nothing of the package, so the engine can use it.

The current language is a context variable: `speaking(code)` renders something in one language
(a server page for one visitor, a notebook written in French) without changing the language of
any other thread, task or request. Outside a `speaking` block the context falls back to the
kernel's language, the one `set_language` chooses: a Jupyter kernel runs each cell and each
widget message in a context of its own, and the learner's choice must hold in all of them.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

DOMAIN = "piquet_widgets"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("en", "fr", "es", "pt")
DEFAULT_LANGUAGE = "en"
# Each language named in itself, as a language menu shows it (never translated).
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "es": "Español", "pt": "Português"}

_catalogs: dict[str, gettext.NullTranslations] = {}
# The kernel's language, and the language of a context inside `speaking` (None elsewhere).
_kernel_language = DEFAULT_LANGUAGE
_context_language: ContextVar[str | None] = ContextVar("piquet_language", default=None)


def _catalog(language: str) -> gettext.NullTranslations:
    """The compiled catalog of `language` (English falls back to the source strings)."""
    if language not in _catalogs:
        _catalogs[language] = gettext.translation(
            DOMAIN, localedir=LOCALE_DIR, languages=[language], fallback=True
        )
    return _catalogs[language]


def normalize_language(code: str | None) -> str | None:
    """`'pt_BR'`, `'FR'`, `'es-ES'` → a supported language code, or None if unsupported."""
    if not code:
        return None
    base = code.strip().replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def _supported(code: str) -> str:
    """`code` as a supported language, or a ValueError naming the supported ones."""
    language = normalize_language(code)
    if language is None:
        raise ValueError(f"unsupported language {code!r}; choose one of {', '.join(LANGUAGES)}")
    return language


def set_language(code: str) -> str:
    """Choose the language of every later message; returns the code actually used.

    Inside a `speaking` block it changes that block's language only; elsewhere the kernel's.
    Widgets already shown keep their words until re-rendered: `widgets.language.change_language`
    (what the language menus call) sets the language and re-renders them all."""
    global _kernel_language
    language = _supported(code)
    if _context_language.get() is not None:
        _context_language.set(language)
    else:
        _kernel_language = language
    return language


def get_language() -> str:
    """The language messages are currently translated into (this context's)."""
    return _context_language.get() or _kernel_language


@contextmanager
def speaking(code: str) -> Iterator[str]:
    """Translate into `code` inside the block, in this context only (other threads and tasks,
    and the kernel's language, are untouched); yields the code actually used."""
    token = _context_language.set(_supported(code))
    try:
        yield get_language()
    finally:
        _context_language.reset(token)


def _(message: str) -> str:
    """Translate `message` into the current language."""
    return _catalog(get_language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message whose form depends on the number `n`."""
    return _catalog(get_language()).ngettext(singular, plural, n)


def format_decimal(number: float, pattern: str = "0.##") -> str:
    """`number` written the way the current language writes it (Babel's CLDR data): the
    decimal comma of French, Spanish and Portuguese, and a sign if the pattern asks for one.

    `pattern` is a Babel number pattern: "0.00" two decimals, "+0.0;-0.0" always a sign.
    """
    from babel.numbers import format_decimal as babel_format

    return babel_format(number, format=pattern, locale=get_language())


def N_(message: str) -> str:
    """Mark `message` for extraction without translating it now (it is translated when shown)."""
    return message


set_language(normalize_language(os.environ.get("PIQUET_LANG")) or DEFAULT_LANGUAGE)
