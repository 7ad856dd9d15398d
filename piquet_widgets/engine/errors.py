"""The one exception the engine raises for anything a person did wrong."""

from __future__ import annotations

from typing import Any

from piquet_widgets.i18n import _


class PiquetError(ValueError):
    """An illegal action or a bad record; `str()` is a message fit to show a learner.

    The message is kept untranslated with its parameters and translated each time it is shown,
    so that a change of language re-renders it.
    """

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message)
        self.message = message
        self.params = params

    def __str__(self) -> str:
        params = {key: _display(value) for key, value in self.params.items()}
        return _(self.message).format(**params)


EXCERPT_CHARACTERS = 40


def excerpt(value: Any) -> str:
    """A bad value quoted for a message, cut short: a 4 KB value must not come back in full.
    A list or an object is named by its kind (quoting it could nest without end)."""
    if isinstance(value, (list, dict)):
        return type(value).__name__
    text = repr(value)
    return text if len(text) <= EXCERPT_CHARACTERS else text[: EXCERPT_CHARACTERS - 1] + "…"


def _display(value: Any) -> Any:
    """Parameters that know how to name themselves (cards, suits) are named in the current language."""
    name = getattr(value, "name_in_words", None)
    return name() if callable(name) else value
