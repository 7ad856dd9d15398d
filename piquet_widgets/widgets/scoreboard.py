"""The score board: both totals, and under each the meter towards a pique or a repique."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as widgets

from piquet_widgets.engine.deal import Deal, Seat
from piquet_widgets.i18n import _
from piquet_widgets.teach.meter import Meter, no_bonus_sentence
from piquet_widgets.teach.words import seat_at_start
from piquet_widgets.widgets.board import SEATS, set_shown, set_value


class ScoreBoard(widgets.Box):
    """Both totals (`pw-score-elder`, `pw-score-younger`: just the number) and a pique/repique
    meter under each (`pw-meter-elder`, `pw-meter-younger`); once neither bonus is possible, the
    meters stop and one note (`pw-meter-note`) says why, instead of a sentence under each."""

    def __init__(self) -> None:
        self.names = {seat: widgets.HTML().add_class("pw-seat-name") for seat in SEATS}
        self.scores = {seat: widgets.Label("0").add_class(f"pw-score-{seat.key}") for seat in SEATS}
        self.meters = {seat: widgets.HTML().add_class("pw-meter").add_class(f"pw-meter-{seat.key}") for seat in SEATS}
        boxes = []
        for seat in SEATS:
            box = widgets.VBox([self.names[seat], self.scores[seat], self.meters[seat]])
            box.add_class("pw-seat-score").add_class(f"pw-seat-{seat.key}")
            boxes.append(box)
        self.note = widgets.HTML().add_class("pw-meter-note")
        super().__init__([*boxes, self.note])
        self.add_class("pw-scoreboard")
        self.name_of: Callable[[Seat], str] = seat_at_start

    def show(self, deal: Deal, meters: Sequence[Meter]) -> None:
        note = no_bonus_sentence(deal)
        for seat in SEATS:
            set_value(self.names[seat], escape(self.name_of(seat)))
            set_value(self.scores[seat], str(deal.scores[seat]))
            set_value(self.meters[seat], meter_html(meters[seat], sentence=note is None))
        set_value(self.note, f'<p class="pw-meter-text">{escape(note)}</p>' if note else "")
        set_shown(self.note, note is not None)

    def words(self, deal: Deal) -> str:
        """The score in a sentence, for a view's live region."""
        elder, younger = SEATS
        return _("Score: {elder} {elder_points}, {younger} {younger_points}.").format(
            elder=self.name_of(elder), elder_points=deal.scores[elder], younger=self.name_of(younger), younger_points=deal.scores[younger]
        )


def meter_html(meter: Meter, sentence: bool = True) -> str:
    """A progress bar towards 30 and (with `sentence`) the sentence that says whether the bonus
    is still possible."""
    percent = round(100 * meter.fraction)
    head = _("{label}: {progress} of 30").format(label=meter.label, progress=meter.progress)
    text = f'<p class="pw-meter-text">{escape(meter.sentence)}</p>' if sentence else ""
    return (
        f'<div class="pw-meter-{meter.status}">'
        f'<div class="pw-meter-head"><span>{escape(head)}</span></div>'
        f'<div class="pw-bar" role="progressbar" aria-valuemin="0" aria-valuemax="30" '
        f'aria-valuenow="{min(meter.progress, 30)}" aria-label="{escape(head)}"><span style="width:{percent}%"></span></div>'
        f"{text}</div>"
    )
