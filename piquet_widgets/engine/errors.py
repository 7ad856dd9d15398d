"""The one exception the engine raises for anything a person did wrong."""

from __future__ import annotations

from typing import Any

from piquet_widgets.i18n import Message


class PiquetError(ValueError):
    """An illegal action or a bad record; `str()` is a message fit to show a learner.

    It carries a `Message` (an `N_` text and its parameters, or a `Message` made elsewhere),
    translated each time it is shown, so that a change of language re-renders it.
    """

    def __init__(self, message: str | Message, **params: Any) -> None:
        self.message = message if isinstance(message, Message) else Message(message, tuple(params.items()))
        super().__init__(self.message.id)

    @property
    def params(self) -> dict[str, Any]:
        """The message's parameters by name."""
        return dict(self.message.params)

    def __str__(self) -> str:
        return str(self.message)


EXCERPT_CHARACTERS = 40


def excerpt(value: Any) -> str:
    """A bad value quoted for a message, cut short: a 4 KB value must not come back in full.
    A list or an object is named by its kind (quoting it could nest without end)."""
    if isinstance(value, (list, dict)):
        return type(value).__name__
    text = repr(value)
    return text if len(text) <= EXCERPT_CHARACTERS else text[: EXCERPT_CHARACTERS - 1] + "…"

