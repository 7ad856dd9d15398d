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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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


def pgettext(context: str, message: str) -> str:
    """Translate `message` as said in `context` (a word whose form depends on what it is said
    of, as Spanish «Es buena» after a sequence but «Es bueno» after a set)."""
    return _catalog(get_language()).pgettext(context, message)



def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """`ngettext` of a message said in `context`."""
    return _catalog(get_language()).npgettext(context, singular, plural, n)


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




def NP_(context: str, message: str) -> tuple[str, str]:
    """Mark `message` said in `context` for extraction; `Message(message, context=context)` says it."""
    return context, message


@dataclass(frozen=True)
class Message:
    """A message translated when it is shown, in the language current then: its id (an `N_`
    text), its parameters, and for a count its plural (the parameter `count` chooses the form)
    and a message context if its words depend on what they are said of.

    A parameter that is a `Message` is rendered too; one that names itself (`in_words()` or
    `name_in_words()`, as cards and suits do) is named in the current language; `words`, if
    given, names every parameter instead (the drills name cards by their letters).

    >>> str(Message("{count} card", (("count", 2),), plural="{count} cards"))
    '2 cards'
    """

    id: str
    params: tuple[tuple[str, Any], ...] = ()
    plural: str | None = None
    context: str | None = None
    count: str = "count"
    words: Any = None  # a function naming a parameter, or None for `named`

    def template(self) -> str:
        """The message's words in the current language, its parameters not yet in place."""
        if self.plural is None:
            return _(self.id) if self.context is None else pgettext(self.context, self.id)
        n = dict(self.params)[self.count]
        if self.context is None:
            return ngettext(self.id, self.plural, n)
        return npgettext(self.context, self.id, self.plural, n)

    def __str__(self) -> str:
        template = self.template()
        if not self.params:
            return template
        name = self.words or named
        return template.format(**{key: name(value) for key, value in self.params})


def message(id: str, /, **params: Any) -> Message:
    """`Message(id, params)` written as a call: `message(N_("Trick {n}"), n=3)`."""
    return Message(id, tuple(params.items()))


def named(value: Any) -> Any:
    """A parameter of a message as it is shown: a message rendered, a card or a suit named in
    the current language, anything else as it is (numbers keep their format, as `{cost:.1f}`)."""
    if isinstance(value, Message):
        return str(value)
    for method in ("in_words", "name_in_words"):
        words = getattr(value, method, None)
        if callable(words):
            return words()
    return value


set_language(normalize_language(os.environ.get("PIQUET_LANG")) or DEFAULT_LANGUAGE)
