"""The learner's mistake flagged at the practice table as soon as the card is played: the box
`pw-mistake` says why in one sentence and what it cost in whole points, and "Show me why"
(`pw-mistake-why`) shows the refutation, the best play after the card, trick by trick. "Tell me at
the end" (`pw-mistake-at-end`) turns the flag off: the review at the end of the deal still lists
every mistake.

The search runs in the flag's own analysis runner (one solver kept for the deal), so that it
never takes the place of the table's other analyses (the card values, a hint).

>>> from piquet_widgets.analysis.players import complete
>>> from piquet_widgets.engine import ELDER, Deal
>>> flag = MistakeFlag()
>>> flag.follow(complete(Deal.from_seed(3)), [ELDER])
>>> flag.runner.wait()
>>> flag.mistake is None or "pw-mistake" in flag.box._dom_classes
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

import ipywidgets as widgets

from piquet_widgets.analysis.mistakes import Mistake, latest_play_mistake
from piquet_widgets.analysis.runner import AnalysisRunner
from piquet_widgets.engine.deal import Deal, Seat
from piquet_widgets.i18n import _
from piquet_widgets.teach.mistakes import reason
from piquet_widgets.teach.narration import line_sentences
from piquet_widgets.teach.words import points_in_words
from piquet_widgets.widgets.board import set_shown, set_value

__all__ = ["MistakeFlag"]


class MistakeFlag(widgets.VBox):
    """The flag of the learner's latest card (see the module): `follow(timeline, seats)` after
    each move, `relabel()` when the language changes."""

    def __init__(self) -> None:
        self.at_end = widgets.Checkbox(value=False, indent=False).add_class("pw-mistake-at-end")
        self.text = widgets.HTML().add_class("pw-mistake-text")
        self.why_button = widgets.Button().add_class("pw-mistake-why")
        self.line = widgets.HTML().add_class("pw-mistake-line")
        self.box = widgets.VBox([self.text, self.why_button, self.line])
        super().__init__([self.at_end, self.box])
        self.add_class("pw-mistake-flag")
        self.runner = AnalysisRunner()
        self.mistake: Mistake | None = None
        self._asked: tuple | None = None
        self._dealt: Deal | None = None
        self.why_button.on_click(lambda _button: self._show_line(True))
        self.at_end.observe(lambda _change: self._render(), names="value")
        self.relabel()

    def follow(self, timeline: Sequence[Deal], seats: Iterable[Seat]) -> None:
        """Look at the learner's latest card in `timeline` (once per position): flag it if it was
        a mistake, take the flag down otherwise."""
        seats = frozenset(seats)
        if timeline[0] is not self._dealt:
            self._dealt = timeline[0]
            self.runner.new_deal()
        asked = (len(timeline), timeline[-1], seats)
        if asked == self._asked:
            return
        self._asked = asked
        self.mistake = None
        self._render()
        moments = list(timeline)

        def done(found: object) -> None:
            if self._asked is asked:
                self.mistake = found  # type: ignore[assignment]
                self._render()

        self.runner.run(lambda solver: latest_play_mistake(moments, seats, solver), done)

    def relabel(self) -> None:
        self.at_end.description = _("Tell me at the end")
        self.why_button.description = _("Show me why")
        self._render()

    def _render(self) -> None:
        shown = self.mistake is not None and not self.at_end.value
        set_shown(self.box, shown)
        if not shown:
            self.box.remove_class("pw-mistake")
            return
        self.box.add_class("pw-mistake")
        mistake = self.mistake
        cost = _("That card cost {points}.").format(points=points_in_words(mistake.cost))
        set_value(self.text, f"<p><strong>{escape(cost)}</strong> {escape(reason(mistake))}</p>")
        self._show_line(bool(self.line.value))

    def _show_line(self, on: bool) -> None:
        if not on or self.mistake is None:
            set_value(self.line, "")
            return
        items = "".join(f"<li>{escape(sentence)}</li>" for sentence in line_sentences(self.mistake.played_line))
        heading = _("The best play after your card:")
        set_value(self.line, f"<p>{escape(heading)}</p><ol>{items}</ol>")
