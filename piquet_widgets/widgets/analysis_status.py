"""What a widget shows of its analysis: "Analysing…" and a Stop button while a search goes on in
its thread (`analysis.runner.AnalysisRunner` does the work)."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from piquet_widgets.analysis.runner import RUNNING, STOPPED, AnalysisRunner
from piquet_widgets.analysis.solver import Solver
from piquet_widgets.i18n import _
from piquet_widgets.widgets.announce import Announcer
from piquet_widgets.widgets.board import set_shown, set_value

__all__ = ["Analyst"]


PROGRESS_EVERY = 5.0  # seconds: the least time between two progress reports said to a screen reader


class Analyst(widgets.Box):
    """The analysis status (`pw-analysis-status`, `pw-stop-analysis`) of one runner, `runner`.

    Its progress is shown as it comes, and said through the view's live region (`announcer`) at
    most every `PROGRESS_EVERY` seconds, with a stop said at once."""

    def __init__(self, announcer: Announcer | None = None) -> None:
        self.announcer = announcer
        self.status = widgets.HTML().add_class("pw-analysis-status")
        # the plain style: ipywidgets' "warning" (white on orange) is too faint to read (axe-core)
        self.stop_button = widgets.Button().add_class("pw-stop-analysis")
        super().__init__([self.status, self.stop_button])
        self.add_class("pw-analysis")
        self.share: float | None = None  # how far the search has gone, when it says
        self.runner = AnalysisRunner(on_state=lambda _state: self._show(), on_progress=self._progress)
        self.stop_button.on_click(lambda _button: self.runner.stop())
        self.relabel()

    def run(self, task: Callable[[Solver], Any], done: Callable[[Any], None]) -> None:
        """Run `task(solver)` through the runner; `done(result)` is called in this thread."""
        self.runner.run(task, done)

    def new_deal(self) -> None:
        self.runner.new_deal()

    def _progress(self, share: float) -> None:
        self.share = share
        self._show()

    def relabel(self) -> None:
        self.stop_button.description = _("Stop")
        self.stop_button.tooltip = _("Stop the analysis")
        self._show()

    def _show(self) -> None:
        state = self.runner.state
        if state == RUNNING and self.share is not None:
            text = _("Analysing… {percent} %").format(percent=round(100 * self.share))
        elif state == RUNNING:
            text = _("Analysing…")
        elif state == STOPPED:
            text = _("Analysis stopped before the position was solved.")
        else:
            text = ""
        set_value(self.status, f"<span>{escape(text)}</span>" if text else "")
        if self.announcer is not None and text and (state == STOPPED or self.share is not None):
            self.announcer.say(text, every=0 if state == STOPPED else PROGRESS_EVERY)
        if state != RUNNING:
            self.share = None
        set_shown(self.stop_button, state == RUNNING)
        if state == RUNNING:
            self.add_class("pw-busy")  # while the advice is computed (off the kernel's thread)
        else:
            self.remove_class("pw-busy")
        set_shown(self, bool(text))
