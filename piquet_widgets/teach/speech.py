"""The learner's part of the declarations, spoken: the words he may choose at each line of the
dialogue (teach/dialogue.py) and, for a wrong choice, the reason it is refused.

Each `Choice` has a key of the same form as a dialogue line's key; a choice is right when its key
is the line's. The choices always hold the true line, and beside it what a learner might wrongly
say: more than he holds (untrue), less than he holds (open piquet declares in full), the wrong
answer, the wrong total.
"""

from __future__ import annotations

from typing import NamedTuple

from piquet_widgets.engine.cards import cards_of
from piquet_widgets.engine.combinations import HOLDINGS, Category, Combination, Verdict, best_declaration
from piquet_widgets.engine.deal import Deal, Seat
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.i18n import N_
from piquet_widgets.teach.dialogue import (
    Line,
    announcement_key,
    announcement_words,
    answer_key,
    answer_words,
    ask_words,
    total_words,
    verdict_words,
)
from piquet_widgets.teach.words import number_words

__all__ = ["Choice", "Said", "choices", "check", "untrue"]

SET_RANKS = (7, 6, 5, 4, 3)  # ace, king, queen, knave, ten


class Choice(NamedTuple):
    """Words the learner may say: `key` says what they mean, `text` is the words."""

    key: str
    text: str


def _held(deal: Deal, seat: Seat, category: Category) -> tuple[Combination, ...]:
    return HOLDINGS[category](deal.hands[seat])


def _best(deal: Deal, seat: Seat, category: Category) -> Combination | None:
    best = best_declaration(category, deal.hands[seat])
    return best[0] if best else None


def choices(line: Line, deal: Deal, category: Category) -> list[Choice]:
    """What the speaker of `line` may say at that moment of `deal` (before the category is
    declared): the true words and the plausible wrong ones, in a stable order."""
    seat = line.seat
    if line.kind == "announce":
        return _announcements(deal, seat, category)
    if line.kind in ("ask", "verdict"):
        replies = [Choice("reply:good", verdict_words(Verdict.GOOD, category)), Choice("reply:not_good", verdict_words(Verdict.NOT_GOOD, category))]
        if category is not Category.SETS:
            replies += [Choice("reply:equal", verdict_words(Verdict.EQUAL, category)), Choice("reply:ask", ask_words(category))]
        return replies
    if line.kind == "answer":
        best = _best(deal, seat, category)
        same = [combo for combo in _held(deal, seat, category) if combo.length == best.length]
        shown = {combo.top: combo for combo in same}
        if category is Category.POINT:
            for top in (best.top - 1, best.top + 1):
                shown.setdefault(top, best._replace(top=top))
        elif best.top < 7:
            shown.setdefault(best.top + 1, best._replace(top=best.top + 1))
        return [Choice(answer_key(combo), answer_words(combo)) for _, combo in sorted(shown.items())]
    if line.kind == "reckon":
        total = int(line.key.split(":")[1])
        return [Choice(f"total:{n}", total_words(n)) for n in sorted({max(total - 1, 1), total, total + 1})]
    return [Choice(line.key, line.text)]


def _announcements(deal: Deal, seat: Seat, category: Category) -> list[Choice]:
    held = _held(deal, seat, category)
    found: dict[str, Combination | None] = {}
    if category is Category.POINT:
        lengths = sorted({combo.length for combo in held if combo.length >= 3})
        for length in [*lengths, lengths[-1] + 1]:
            if length <= 8:
                found[announcement_key(category, _shape(category, length))] = _shape(category, length)
    elif category is Category.SEQUENCE:
        found[announcement_key(category, None)] = None
        lengths = sorted({combo.length for combo in held})
        for length in [*lengths, (lengths[-1] + 1) if lengths else 3]:
            if length <= 8:
                found[announcement_key(category, _shape(category, length))] = _shape(category, length)
    else:
        found[announcement_key(category, None)] = None
        hand = deal.hands[seat]
        for rank in SET_RANKS:
            count = sum(1 for card in cards_of(hand) if card & 7 == rank)
            for length in (3, 4):
                if count >= length - 1:
                    combo = Combination(Category.SETS, 0, length, rank)
                    found[announcement_key(category, combo)] = combo
    return [Choice(key, announcement_words(category, combo)) for key, combo in found.items()]


def _shape(category: Category, length: int) -> Combination:
    """A combination of `category` of that length, to name an announcement."""
    return Combination(category, 0, length, 7 if category is Category.SEQUENCE else 0)


def check(key: str, line: Line, deal: Deal, category: Category, opponent: Combination | None) -> None:
    """Refuse `key` for `line` with the reason, unless it is what the speaker must say.
    `opponent` is the other player's best combination in the category (for an answer)."""
    if key == line.key:
        return
    if key not in {choice.key for choice in choices(line, deal, category)}:
        raise PiquetError(N_("That is not something to say now."))
    seat = line.seat
    best = _best(deal, seat, category)
    if line.kind == "announce":
        claimed = _claimed(key)
        if claimed is not None and (best is None or claimed.key > best.key or not _holds(deal, seat, claimed)):
            raise untrue(category, best)
        raise PiquetError(
            N_("Open piquet declares in full: announce your {best}. Declaring less (sinking) belongs to closed play, later."),
            best=Said(best.name()),
        )
    if line.kind in ("ask", "verdict"):
        if line.kind == "ask":
            raise PiquetError(N_("Your {mine} is as long as elder's: ask \u201c{ask}\u201d."), mine=Said(best.name()), ask=Said(ask_words(category)))
        if best is None:
            raise PiquetError(N_("You hold none against elder's {theirs}: the answer is \u201c{answer}\u201d."), theirs=Said(opponent.name()), answer=Said(line.text))
        raise PiquetError(
            N_("Your {mine} against elder's {theirs}: the answer is \u201c{answer}\u201d."),
            mine=Said(best.name()), theirs=Said(opponent.name()), answer=Said(line.text),
        )
    if line.kind == "answer":
        if category is Category.POINT:
            raise PiquetError(N_("Your {point} counts {value}."), point=Said(best.name()), value=Said(number_words(best.top)))
        raise PiquetError(N_("Your best sequence is the {name}."), name=Said(best.name()))
    if line.kind == "reckon":
        total = int(line.key.split(":")[1])
        raise PiquetError(N_("Count again: that makes {total}."), total=Said(number_words(total)))
    raise PiquetError(N_("That is not something to say now."))


def _claimed(key: str) -> Combination | None:
    parts = key.split(":")
    if parts[2] == "none":
        return None
    category = Category(parts[1])
    if category is Category.SETS:
        return Combination(category, 0, int(parts[2]), int(parts[3]))
    return _shape(category, int(parts[2]))._replace(top=0)


def _holds(deal: Deal, seat: Seat, claimed: Combination) -> bool:
    """He holds a combination at least as long as (for a set: exactly) the one claimed."""
    held = _held(deal, seat, claimed.category)
    if claimed.category is Category.SETS:
        return any(combo.top == claimed.top and combo.length >= claimed.length for combo in held)
    return any(combo.length >= claimed.length for combo in held)


def untrue(category: Category, best: Combination | None) -> PiquetError:
    """The refusal of an announcement of more than the hand holds, naming what it does hold."""
    if category is Category.POINT:
        suit = best.cards[0].suit
        return PiquetError(
            N_("You hold {count} {suit}: your point is {count}."), count=Said(number_words(best.length)), suit=Said(suit.name_in_words())
        )
    if best is None:
        return PiquetError(N_("You hold no sequence.") if category is Category.SEQUENCE else N_("You hold no trio or quatorze."))
    if category is Category.SEQUENCE:
        return PiquetError(N_("You do not hold that: your best sequence is the {name}."), name=Said(best.name()))
    return PiquetError(N_("You do not hold that: your best is {name}."), name=Said(best.name()))


class Said(NamedTuple):
    """Words already in the current language, placed in a refusal."""

    text: str

    def name_in_words(self) -> str:
        return self.text
