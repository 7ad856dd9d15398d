"""The "Details" disclosure: the exact figures behind a sentence said in whole points, folded
away under a native `<details>` (its summary is a button to the keyboard: Tab, then Enter or
Space) so that a learner reads the words and may open the figures."""

from __future__ import annotations

from html import escape

from piquet_widgets.i18n import _

__all__ = ["details_html"]


def details_html(text: str) -> str:
    """`text` (plain, escaped here) folded under a translated "Details" summary; '' for no text."""
    if not text:
        return ""
    summary = _("Details")
    return f'<details class="pw-details"><summary>{escape(summary)}</summary><p>{escape(text)}</p></details>'
