"""The chart of both running totals over the steps of a deal, drawn as SVG up to the step shown.

The colours are the stylesheet's variables (`table.css`: `--pw-elder`, `--pw-younger`,
`--pw-thirty`, …), so the chart follows the page's palette; nothing after the current step is
drawn, so that the chart never gives the rest of the deal away.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from piquet_widgets.engine.deal import ELDER, YOUNGER
from piquet_widgets.i18n import _
from piquet_widgets.teach.words import seat_at_start
from piquet_widgets.widgets.board import SEATS

CHART_W, CHART_H = 360, 230
_PAD_L, _PAD_R, _PAD_T, _PAD_B = 30, 8, 44, 28
_COLOURS = {ELDER: "var(--pw-elder)", YOUNGER: "var(--pw-younger)"}
_AXIS_FONT = 13  # user units; the chart is drawn at about its own width, so about 13 px


def chart_svg(totals: Sequence[tuple[int, int]], current: int, bands: Sequence[tuple[int, int, str]] = (), bonus_at: int | None = None) -> str:
    """Both running totals from the deal up to step `current`, with the 30 line.

    `totals[i]` is (elder, younger) at step i (only those up to `current` are drawn; the count
    sets the width of the steps); `bands` are (first step, last step, label) of the phases;
    `bonus_at` is the step where a pique or repique was scored."""
    count = max(len(totals), 2)
    shown = totals[: current + 1]
    top = max([40] + [max(pair) for pair in shown])
    top = (top + 9) // 10 * 10
    width, height = CHART_W - _PAD_L - _PAD_R, CHART_H - _PAD_T - _PAD_B

    def x(i: float) -> float:
        return _PAD_L + width * i / (count - 1)

    def y(v: float) -> float:
        return _PAD_T + height * (1 - v / top)

    title = _("Running totals of the deal")
    parts = [f'<text x="{_PAD_L}" y="16" font-size="15" font-weight="700" style="fill:var(--pw-panel-ink)">{escape(title)}</text>']
    for first, last, label in bands:
        x0, x1 = x(max(first - 0.5, 0)), x(min(last + 0.5, count - 1))
        parts.append(
            f'<rect x="{x0:.1f}" y="{_PAD_T}" width="{max(x1 - x0, 0):.1f}" height="{height}" '
            f'style="fill:var(--pw-line);fill-opacity:0.35;stroke:var(--pw-panel)"/>'
        )
        if x1 - x0 > 80:
            parts.append(
                f'<text x="{(x0 + x1) / 2:.1f}" y="{_PAD_T - 8}" text-anchor="middle" font-size="{_AXIS_FONT}" '
                f'style="fill:var(--pw-muted)">{escape(label)}</text>'
            )
    for value in range(0, top + 1, 10):
        parts.append(f'<line x1="{_PAD_L}" x2="{_PAD_L + width}" y1="{y(value):.1f}" y2="{y(value):.1f}" style="stroke:var(--pw-line)" stroke-width="1"/>')
        parts.append(f'<text x="{_PAD_L - 5}" y="{y(value) + 4:.1f}" text-anchor="end" font-size="{_AXIS_FONT}" style="fill:var(--pw-muted)">{value}</text>')
    parts.append(
        f'<line x1="{_PAD_L}" x2="{_PAD_L + width}" y1="{y(30):.1f}" y2="{y(30):.1f}" style="stroke:var(--pw-thirty)" stroke-width="1.6" stroke-dasharray="6 4"/>'
        f'<text x="{_PAD_L + width - 2}" y="{y(30) - 5:.1f}" text-anchor="end" font-size="{_AXIS_FONT}" font-weight="700" style="fill:var(--pw-thirty)">30</text>'
    )
    for seat in SEATS:
        past = _stepped([(x(i), y(pair[seat])) for i, pair in enumerate(shown)])
        if past:
            parts.append(f'<polyline points="{past}" fill="none" style="stroke:{_COLOURS[seat]}" stroke-width="2.6" stroke-linejoin="round"/>')
    if bonus_at is not None and bonus_at <= current:
        parts.append(f'<circle cx="{x(bonus_at):.1f}" cy="{_PAD_T + 8}" r="5" style="fill:var(--pw-scored)"/>')
    cx = x(current)
    parts.append(f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{_PAD_T}" y2="{_PAD_T + height}" style="stroke:var(--pw-panel-ink)" stroke-width="1.2" stroke-opacity="0.55"/>')
    for seat in SEATS:
        value = totals[current][seat]
        parts.append(f'<circle cx="{cx:.1f}" cy="{y(value):.1f}" r="4.2" style="fill:{_COLOURS[seat]};stroke:var(--pw-panel)" stroke-width="1.5"/>')
    legend_y = CHART_H - 6
    for offset, seat in ((0, ELDER), (width // 2, YOUNGER)):
        lx = _PAD_L + offset
        parts.append(f'<rect x="{lx}" y="{legend_y - 9}" width="14" height="4" style="fill:{_COLOURS[seat]}"/>')
        text = _("{who}: {points}").format(who=seat_at_start(seat), points=totals[current][seat])
        parts.append(f'<text x="{lx + 19}" y="{legend_y - 3}" font-size="14" style="fill:var(--pw-panel-ink)">{escape(text)}</text>')
    label = _("Running totals over the deal: elder {elder}, younger {younger} at this step; the dashed line is 30.").format(
        elder=totals[current][ELDER], younger=totals[current][YOUNGER]
    )
    return (
        f'<svg viewBox="0 0 {CHART_W} {CHART_H}" role="img" aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">'
        f'<title>{escape(label)}</title>{"".join(parts)}</svg>'
    )


def _stepped(points: list[tuple[float, float]]) -> str:
    """Points of a line that moves in steps: flat, then up at each change."""
    if not points:
        return ""
    out = [points[0]]
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        if y1 != y0:
            out.append((x1, y0))
        out.append((x1, y1))
    return " ".join(f"{px:.1f},{py:.1f}" for px, py in out)
