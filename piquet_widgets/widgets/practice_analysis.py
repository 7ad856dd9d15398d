"""What the exact solver finds for the practice table: each legal card's cost (`pw-show-values`),
the hint (`pw-hint`: the idea, then the move), and the review of a finished deal (`pw-review`)
with a button to try each mistake again. Their words say points as whole points in words; the
exact figures are folded under "Details" (`widgets.details`).

`TableAnalysis` is a part of `PracticeTable` (widgets/practice.py): it uses the table's `session`,
its `analyst` (which runs the searches in a thread) and its controls, and keeps what was found
keyed by the position it is about, forgotten when another deal is on the table.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from piquet_widgets.analysis import runner
from piquet_widgets.analysis.ahead import Ahead
from piquet_widgets.analysis.closed_help import ExpectedValues
from piquet_widgets.analysis.closed_review import ClosedReview, closed_review
from piquet_widgets.analysis.review import CardValues, Hint, Review, review_deal
from piquet_widgets.engine.deal import Deal, Phase
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.i18n import _, get_language
from piquet_widgets.teach.mistakes import card_mistake_sentence, exchange_note_details, exchange_note_sentence, review_summary
from piquet_widgets.widgets.board import set_children, set_shown, set_value
from piquet_widgets.widgets.card_text import speak_symbols
from piquet_widgets.widgets.closed_review import closed_review_html, closed_values_note_html
from piquet_widgets.widgets.details import details_html

__all__ = ["TableAnalysis"]


class TableAnalysis:
    """The solver's findings at a practice table: card values, the hint and the review."""

    def _start_analysis(self) -> None:
        """Nothing found yet."""
        self._values: dict[tuple, CardValues] = {}
        self._review: tuple[Deal, Review] | None = None
        self._hint: Hint | None = None
        self._hint_deal: Deal | None = None
        self._retries_for: tuple[Review | None, str] | None = None  # the review and language the retry buttons are made for
        self._analysed: Deal | None = None  # the deal the analysis caches are about
        self.hint_ahead = Ahead()  # the exchange hint, worked out while the learner reads

    @property
    def card_values(self) -> CardValues | None:
        """The solved values of the learner's legal cards now, if they have been computed."""
        deal = self.deal
        return self._values.get(_position_key(deal)) if deal.phase is Phase.PLAY else None

    @property
    def review(self) -> Review | None:
        """The review of the finished deal, once computed."""
        if self._review is not None and self._review[0] is self.deal:
            return self._review[1]
        return None

    def show_values(self, on: bool = True) -> None:
        """Mark (or stop marking) each legal card of the learner with its cost against the best."""
        on = bool(on)
        if self.values_button.value != on:
            self.values_button.value = on  # its observer calls back here
            return
        self._render()

    def show_hint(self) -> None:
        """The Hint button: first the idea in words, asked again the best card or discards (the
        solver, the exchange advisor) with the cards outlined on the table."""
        try:
            self.session.hint_request()
        except PiquetError as error:
            self._hint, self._hint_deal = None, None
            self._say(error, "error")
            self._render()
            return
        self.session.ask_hint()
        self._find_hint()

    def _find_hint(self) -> None:
        """The analysis behind the hint at its present stage (quick once found; at the exchange
        started when the position appeared, see `_prepare_hint`)."""
        deal = self.deal

        def done(found: object) -> None:
            if self.deal is deal:
                self._hint, self._hint_deal = found, deal  # type: ignore[assignment]
                self._render()

        key = self._hint_key()
        if self.hint_ahead.take(key, done, self.session.hint_ready):
            refined = self.session.refined_hint_request()  # seconds of work: only once asked, only with threads
            if refined is not None and runner.THREADS:
                self.hint_ahead.go_on(key, refined)
            return
        task = self.session.hint_request(progress=self.analyst.runner.progress)
        # the exchange's whole-deal evaluation takes about a second: in the runner's thread,
        # its progress shown, like a hard position's first solve
        self.analyst.run(task, done)

    def _prepare_hint(self) -> None:
        """At the learner's exchange, start the hint's search as soon as the position is on the
        table, so that Hint answers at once: elder's discards in about a second, then their first
        figure (the play's hints take milliseconds: they are searched when asked for). Asked for,
        the figure is refined until the exchange is made (`_find_hint`; not without threads, where
        the work holds the page a slice at a time); once it is made, the work stops."""
        if self.deal.phase is Phase.EXCHANGE and self.to_move_is_learner:
            self.hint_ahead.prepare(self._hint_key(), self.session.hint_request(steps=True))
        elif self.hint_ahead.key is not None:
            self.hint_ahead.forget()

    def _hint_key(self) -> tuple:
        """What the hint depends on: the position, and the help's mode and level."""
        return (self.deal, self.session.mode, self.session.level)

    def _request_values(self) -> None:
        """The learner's legal cards marked with their cost, solved now or in the analyst's thread."""
        deal = self.deal
        key = _position_key(deal)
        if key in self._values:
            self._show_badges(deal, self._values[key])
            return

        def done(values: object) -> None:
            self._values[key] = values  # type: ignore[assignment]
            if self.deal is deal and self.values_button.value:
                self._show_badges(deal, values)  # type: ignore[arg-type]
                self._show_hint_text()  # in closed piquet, the note that they are averages

        self.analyst.run(self.session.values_request(), done)

    def _show_badges(self, deal: Deal, values: CardValues) -> None:
        row = self.felt.hands[values.seat]
        badges = {code: text for code, text in values.badges().items() if code in row.cards}
        if row.badges != badges:
            row.badges = badges

    def _request_review(self) -> None:
        final = self.deal
        if self._review is not None and self._review[0] is final:
            self._show_review()
            return
        timeline, seats, progress = list(self.timeline), self.learner_seats, self.analyst.runner.progress

        def done(review: object) -> None:
            if self.deal is final:
                self._review = (final, review)  # type: ignore[assignment]
                self._show_review()

        if self.session.mode == "closed":  # from the learner's view then (analysis.closed_review)
            level = self.level
            self.analyst.run(lambda solver: closed_review(timeline, seats, solver, level=level, progress=progress), done)
            return
        self.analyst.run(lambda solver: review_deal(timeline, seats, solver, progress=progress), done)

    def _show_review(self) -> None:
        review = self.review
        self._show_retries(review)
        if review is None:
            set_value(self.review_view, "")
            set_shown(self.review_view, False)
            return
        if isinstance(review, ClosedReview):
            set_value(self.review_view, closed_review_html(review, self.session.seat_label))
            set_shown(self.review_view, True)
            return
        you = self.role != "both"
        title = _("Review of your play") if you else _("Review of the play")
        parts = [f"<h3>{escape(title)}</h3>", f'<p class="pw-review-summary">{escape(review_summary(review))}</p>']
        if review.mistakes:
            items = "".join(
                f'<li class="pw-mistake" data-cost="{mistake.cost}">{escape(card_mistake_sentence(mistake, you))}</li>'
                for mistake in review.mistakes
            )
            parts.append(f'<ol class="pw-mistakes">{items}</ol>')
        parts.extend(
            f'<div class="pw-exchange-note"><p>{speak_symbols(escape(exchange_note_sentence(note, you)))}</p>'
            f"{details_html(exchange_note_details(note))}</div>"
            for note in review.exchanges
        )
        set_value(self.review_view, "".join(parts))
        set_shown(self.review_view, True)

    def _show_retries(self, review: Review | None) -> None:
        """A `pw-retry` button for each mistake (back to that moment) and `pw-play-again`, made
        again for another review or in another language."""
        language = get_language()
        if self._retries_for is not None and self._retries_for[0] is review and self._retries_for[1] == language:
            return
        self._retries_for = (review, language)
        if review is None:
            set_children(self.retry_box, [], keep=[self.play_again_button])
            set_shown(self.retry_box, False)
            return
        buttons = []
        for mistake in review.mistakes if self.session.mode == "open" else ():  # closed: a move cannot be taken back
            text = _("Try trick {trick} again").format(trick=mistake.trick)
            button = widgets.Button(description=text, tooltip=card_mistake_sentence(mistake, self.role != "both")).add_class("pw-retry")
            button.on_click(lambda _b, index=mistake.index: self.retry(index))
            buttons.append(button)
        if self.session.replays_in_new_partie:
            self.play_again_button.description = _("Play this deal again in a new partie")
            self.play_again_button.tooltip = _("That was the partie's last deal: a new partie starts with the same cards, you in the other seat")
        else:
            self.play_again_button.description = _("Play this deal again")
            self.play_again_button.tooltip = _("The same cards as the next deal of the partie, you in the other seat")
        set_children(self.retry_box, [*buttons, self.play_again_button])
        set_shown(self.retry_box, True)

    def _show_hint_text(self) -> None:
        shown = self._hint is not None and self._hint_deal is self.deal
        words = self.session.hint_words(self._hint) if shown else ""
        html = f'<p class="pw-hint-line" role="status">{escape(words)}</p>{details_html(self.session.hint_details(self._hint))}' if shown else ""
        values = self.card_values if self.values_button.value else None
        if isinstance(values, ExpectedValues):  # closed piquet: the values are averages, and say so
            html += closed_values_note_html(values.samples)
        set_value(self.hint_view, html)
        set_shown(self.hint_view, bool(html))

    def _forget_analysis_of_another_deal(self) -> None:
        """Another deal is on the table (new, loaded or restored): what was found is about the old one."""
        if self.timeline[0] is not self._analysed:
            self._analysed = self.timeline[0]
            self.analyst.new_deal()
            self.hint_ahead.forget()
            self._values.clear()
            self._review = None
            self._hint = None


def _position_key(deal: Deal) -> tuple:
    """What the solver's values depend on: the position of the play."""
    return (deal.hands, deal.leader, deal.led, deal.tricks_won, deal.scores, deal.rules.low_cards_count_in_play)
