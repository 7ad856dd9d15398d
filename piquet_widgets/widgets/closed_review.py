"""What the practice table shows of the closed help: the review of a closed deal once it is over
(the hands as dealt, the scores against perfect play, each choice against the best from the
learner's view, what he sank or forgot), and the note that the closed card values are averages.
Cards are written for the eye and in words for a screen reader (`card_text`)."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from piquet_widgets.analysis.closed_review import ClosedReview
from piquet_widgets.engine.deal import ELDER, YOUNGER, Seat
from piquet_widgets.i18n import _
from piquet_widgets.teach.closed_review import choice_sentence, declaration_sentence, scores_sentence
from piquet_widgets.teach.hints import closed_values_note
from piquet_widgets.widgets.card_text import spoken_cards

__all__ = ["closed_review_html", "closed_values_note_html"]


def closed_review_html(review: ClosedReview, seat_label: Callable[[Seat], str]) -> str:
    """The closed review as HTML (`pw-review` panel content)."""
    title = _("Review of this closed deal")
    note = _("Each of your choices is judged from what you could see when you made it, on average over the hands your opponent might hold.")
    dealt = _("{seat} was dealt:")
    hands = "".join(
        f'<p class="pw-dealt-hand"><strong>{escape(dealt.format(seat=seat_label(seat)))}</strong> {spoken_cards(review.dealt[seat])}</p>'
        for seat in (ELDER, YOUNGER)
    )
    parts = [
        f"<h3>{escape(title)}</h3>",
        f'<p class="pw-review-scores">{escape(scores_sentence(review))}</p>',
        f'<div class="pw-dealt-hands">{hands}</div>',
        f'<p class="pw-review-closed-note">{escape(note)}</p>',
    ]
    items = "".join(
        f'<li class="pw-closed-choice" data-cost="{round(choice.cost, 2)}">{escape(choice_sentence(choice))}</li>' for choice in review.choices
    )
    parts.append(f'<ol class="pw-closed-choices">{items}</ol>')
    if review.declarations:
        said = "".join(f'<li class="pw-declaration-note" data-cost="{note.cost}">{escape(declaration_sentence(note))}</li>' for note in review.declarations)
        parts.append(f'<ul class="pw-declaration-notes">{said}</ul>')
    return "".join(parts)


def closed_values_note_html(samples: int) -> str:
    """The line beside closed card values: what '=' and '≈−2' mean, and that they are averages."""
    return f'<p class="pw-hint-line pw-closed-values-note">{escape(closed_values_note(samples))}</p>'
