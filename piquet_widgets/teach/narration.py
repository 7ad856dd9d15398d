"""The narration of every step of a deal: what happened, why, and the rule it comes from.

`explain_step` turns a `teach.steps.Step` into an `Explanation`: a title, the spoken dialogue of
the declarations (`teach.dialogue`), the narration, and the scores made at that step (the
sentences of `teach.events`).

>>> from piquet_widgets.engine import record_timeline
>>> from piquet_widgets.teach.steps import steps_of
>>> record = {"elder": "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D", "younger": "TS 7S TH 9H 7H KC QC TC AD QD JD TD",
...           "talon": "9S 8S KH 9C KD QS AC 7D", "elder_discards": "KS 8C 7C 9D 8D", "younger_discards": "7S 9H 7H",
...           "play": "AH TH"}
>>> steps = steps_of(record_timeline(record))
>>> [speaker.key for speaker, line in explain_step(steps[4]).dialogue]
['elder', 'younger', 'elder', 'younger', 'elder']
>>> [line for speaker, line in explain_step(steps[4]).dialogue]
['Point of five.', 'How much?', 'Forty-nine.', 'Good.', 'Five.']

No widget is imported here: the walkthrough, the practice table and the command line share it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from piquet_widgets.engine.cards import KING, KNAVE, QUEEN, Card
from piquet_widgets.engine.combinations import Category, Combination, compare, Verdict
from piquet_widgets.engine.deal import ELDER, YOUNGER, Deal, Declaration, Seat
from piquet_widgets.i18n import N_, _, format_decimal, ngettext
from piquet_widgets.teach.dialogue import announcement, category_dialogue
from piquet_widgets.teach.events import combination_list, explain_event
from piquet_widgets.teach.steps import Step, StepKind, phase_title
from piquet_widgets.teach.words import cards_text, points_in_words, seat_at_start, seat_word

if TYPE_CHECKING:
    from piquet_widgets.analysis.review import Line

__all__ = ["Explanation", "explain_step", "line_details", "line_played_words", "line_sentences", "line_value_words"]


@dataclass(frozen=True)
class Explanation:
    """What to say about one step."""

    title: str
    lines: tuple[str, ...] = ()  # the narration, one paragraph each
    dialogue: tuple[tuple[Seat, str], ...] = ()  # what the players say, in order
    scores: tuple[str, ...] = field(default=())  # one sentence per score made at this step


def explain_step(step: Step, hidden: Collection[Card] = frozenset()) -> Explanation:
    """The explanation of one step; `hidden` are cards the reader may not see (closed piquet,
    rules 8b): an exchange that moves one of them is told by the number of cards alone."""
    kind = step.kind
    if kind is StepKind.DEAL:
        explanation = _explain_deal(step.deal)
    elif kind is StepKind.EXCHANGE:
        explanation = _explain_exchange(step.before, step.deal, frozenset(hidden))
    elif kind is StepKind.DECLARE:
        explanation = _explain_declaration(step.before, step.deal)
    elif kind is StepKind.PLAY:
        explanation = _explain_play(step.before, step.deal)
    else:
        explanation = _explain_tally(step.deal)
    scores = tuple(explain_event(step.deal, event) for event in step.new_events)
    return Explanation(explanation.title, explanation.lines, explanation.dialogue, scores)

# -- the deal and carte blanche -------------------------------------------------------------------


def _court_cards(cards: Sequence[Card]) -> int:
    return sum(1 for card in cards if card.rank in (KING, QUEEN, KNAVE))


def _explain_deal(deal: Deal) -> Explanation:
    lines = [
        _("Each player is dealt twelve cards; the other eight form the talon, elder's five on top and younger's three below."),
    ]
    blanche = [event for event in deal.events if event.kind == "carte_blanche"]
    if blanche:
        seat = blanche[0].player
        lines.append(
            _("Carte blanche: {who}'s hand as dealt has no king, queen or knave. It scores 10 at once, before any other score, so it counts towards his pique or repique and saves him from his opponent's.").format(
                who=seat_word(seat)
            )
        )
    else:
        elder, younger = (_court_cards(deal.dealt(seat)) for seat in (ELDER, YOUNGER))
        lines.append(
            _("The carte blanche check: a hand as dealt without a king, queen or knave would score 10. Elder holds {elder}, younger {younger}: no carte blanche.").format(
                elder=ngettext("{count} court card", "{count} court cards", elder).format(count=elder),
                younger=ngettext("{count} court card", "{count} court cards", younger).format(count=younger),
            )
        )
    rules = deal.rules
    lines.append(
        _("Next elder exchanges from {low} to {high} cards with the top of the talon.").format(
            low=rules.elder_min_exchange, high=rules.elder_max_exchange
        )
    )
    return Explanation(phase_title("deal"), tuple(lines))


# -- the exchange ------------------------------------------------------------------------------------


def _explain_exchange(before: Deal, after: Deal, hidden: frozenset[Card]) -> Explanation:
    seat = before.to_move
    discards = after.discards[seat]
    count = len(discards)
    start = 0 if seat is ELDER else len(before.discards[ELDER])
    taken = before.talon[start : start + count]
    rules = before.rules
    lines = []
    if seat is ELDER:
        title = _("Elder's exchange")
        lines.append(
            _("Elder must exchange at least {low} and at most {high} cards, taking them from the top of the talon in order.").format(
                low=rules.elder_min_exchange, high=rules.elder_max_exchange
            )
        )
        if hidden.isdisjoint((*discards, *taken)):
            lines.append(
                ngettext(
                    "Elder discards {count} card ({cards}) and takes the top card of the talon: {taken}.",
                    "Elder discards {count} cards ({cards}) and takes the top {count} cards of the talon: {taken}.",
                    count,
                ).format(count=count, cards=cards_text(discards), taken=cards_text(taken))
            )
        else:
            lines.append(
                ngettext(
                    "Elder discards {count} card and takes the top card of the talon.",
                    "Elder discards {count} cards and takes the top {count} cards of the talon.",
                    count,
                ).format(count=count)
            )
        left = 5 - count
        leftovers = before.talon[count:5]
        if left > 0 and hidden.isdisjoint(leftovers):
            lines.append(
                ngettext(
                    "He leaves {left} of his five cards ({cards}); younger, who takes from the top of what remains, may take it.",
                    "He leaves {left} of his five cards ({cards}); younger, who takes from the top of what remains, may take them.",
                    left,
                ).format(left=left, cards=cards_text(leftovers))
            )
        elif left > 0:
            lines.append(
                ngettext(
                    "He leaves {left} of his five cards; younger, who takes from the top of what remains, may take it.",
                    "He leaves {left} of his five cards; younger, who takes from the top of what remains, may take them.",
                    left,
                ).format(left=left)
            )
        remaining = 8 - count
        lines.append(
            _("Younger may now exchange from {low} to {high} cards: up to all {high} cards left in the talon.").format(
                low=rules.younger_min_exchange, high=remaining
            )
        )
    else:
        title = _("Younger's exchange")
        remaining = 8 - len(before.discards[ELDER])
        lines.append(
            _("Younger may exchange from {low} to {high} cards, taking from the top of what remains: elder's leftovers first.").format(
                low=rules.younger_min_exchange, high=remaining
            )
        )
        if count and hidden.isdisjoint((*discards, *taken)):
            lines.append(
                ngettext(
                    "Younger discards {count} card ({cards}) and takes {taken}.",
                    "Younger discards {count} cards ({cards}) and takes {taken}.",
                    count,
                ).format(count=count, cards=cards_text(discards), taken=cards_text(taken))
            )
        elif count:
            lines.append(
                ngettext(
                    "Younger discards {count} card and takes one.",
                    "Younger discards {count} cards and takes as many.",
                    count,
                ).format(count=count)
            )
        else:
            lines.append(_("Younger keeps his hand and takes nothing."))
        left = after.talon_left
        if left and not hidden.isdisjoint(left):
            lines.append(
                ngettext(
                    "{count} card stays in the talon, face down.",
                    "{count} cards stay in the talon, face down.",
                    len(left),
                ).format(count=len(left))
            )
        elif left:
            lines.append(
                ngettext(
                    "{count} card stays in the talon ({cards}): younger may look at it, and then elder may too. In open piquet everyone sees it.",
                    "{count} cards stay in the talon ({cards}): younger may look at them, and then elder may too. In open piquet everyone sees them.",
                    len(left),
                ).format(count=len(left), cards=cards_text(left))
            )
        else:
            lines.append(_("The whole talon has been taken."))
        lines.append(_("Discards never return to play. Now the declarations: point, sequences, sets."))
    return Explanation(title, tuple(lines))

# -- the declarations ---------------------------------------------------------------------------------

_CATEGORY_TITLES = {
    Category.POINT: N_("Declarations: the point"),
    Category.SEQUENCE: N_("Declarations: the sequences"),
    Category.SETS: N_("Declarations: the sets"),
}
def _explain_declaration(before: Deal, after: Deal) -> Explanation:
    declaration = after.declarations[-1]
    category = declaration.category
    title = _(_CATEGORY_TITLES[category])
    if declaration.player is ELDER:
        return Explanation(title, tuple(_elder_announces(declaration, category)), ((ELDER, announcement(declaration)),))
    elder = after.declarations[-2]
    dialogue = category_dialogue(elder, declaration, after)
    return Explanation(title, tuple(_why_category(elder, declaration)), tuple(dialogue))


def _elder_announces(declaration: Declaration, category: Category) -> list[str]:
    combos = declaration.combinations
    lines = []
    if category is Category.POINT:
        lines.append(_("Elder speaks first in each category: point, then sequences, then sets. Whatever the order of speech, the scores reckon in that order."))
        if combos:
            best = combos[0]
            lines.append(
                _("Elder announces his point, his longest suit: {count} cards ({cards}), worth {value} if the length is equal (ace 11, king, queen and knave 10, the others their face value).").format(
                    count=best.length, cards=cards_text(best.cards), value=best.top
                )
            )
    elif category is Category.SEQUENCE:
        if combos:
            lines.append(
                _("Elder announces the length of his best sequence, {name} ({cards}). If it is good, he will score every sequence he holds.").format(
                    name=combos[0].name(), cards=cards_text(combos[0].cards)
                )
            )
        else:
            lines.append(_("Elder has no sequence of three or more cards of a suit in a row."))
    else:
        if combos:
            lines.append(
                _("Elder announces his best set, {name}. Only aces, kings, queens, knaves and tens make sets; if it is good, he scores every set he holds.").format(
                    name=combos[0].name()
                )
            )
        else:
            lines.append(_("Elder has no three or four aces, kings, queens, knaves or tens."))
    lines.append(_("Younger answers: Good, Not good, or asks for more when the two are alike."))
    return lines


def _why_category(elder: Declaration, younger: Declaration) -> list[str]:
    """Why the category goes where it goes, and what the winner scores in it."""
    category = elder.category
    mine, theirs = elder.combinations, younger.combinations
    verdict = compare(mine, theirs)
    if verdict is None:
        return [{
            Category.POINT: _("Neither player declares a point: nobody scores it."),
            Category.SEQUENCE: _("Neither player holds a sequence of three or more: nobody scores sequences."),
            Category.SETS: _("Neither player holds three or four aces, kings, queens, knaves or tens: nobody scores sets."),
        }[category]]
    if verdict is Verdict.EQUAL:
        if category is Category.POINT:
            return [
                _("Both points have {count} cards worth {value}: an equality. Nobody scores the point, and an equality does not save a pique or repique.").format(
                    count=mine[0].length, value=mine[0].top
                )
            ]
        return [
            _("Both best sequences are a {name}: an equality. Nobody scores any sequence, not even a second one, and an equality does not save a pique or repique.").format(
                name=mine[0].name()
            )
        ]
    winner, loser = (elder, younger) if verdict is Verdict.GOOD else (younger, elder)
    win, lose = winner.combinations[0], loser.combinations[0] if loser.combinations else None
    who, other = seat_at_start(winner.player), seat_word(loser.player)
    lines = [_compare_sentence(category, win, lose, who, seat_word(winner.player), other)]
    points = sum(combo.points for combo in winner.combinations)
    if category is Category.POINT:
        lines.append(
            ngettext(
                "{who} scores {points} for his point: one for each card.",
                "{who} scores {points} for his point: one for each card.",
                points,
            ).format(who=who, points=points)
        )
    else:
        lines.append(_winner_scores_all(category, winner, loser, who, seat_word(winner.player), other, points))
    return lines


def _compare_sentence(category: Category, win: Combination, lose: Combination | None, start: str, who: str, other: str) -> str:
    """Why the winner's combination wins: `start` names him at the head of a sentence, `who`
    inside one. A set's name is plural ('three kings'), so its verb is too."""
    if lose is None:
        return {
            Category.POINT: _("{who}'s point is good: {other} declares none."),
            Category.SEQUENCE: _("{who}'s {name} is good: {other} has no sequence."),
            Category.SETS: _("{who}'s {name} are good: {other} has no set."),
        }[category].format(who=start, other=other, name=win.name())
    if category is Category.POINT:
        if win.length != lose.length:
            text = _("The longer suit wins the point: {who}'s {count} cards beat {other}'s {other_count}.")
        else:
            text = _("Both points have {count} cards, so their values decide: {who}'s {value} beats {other}'s {other_value}.")
        return text.format(who=who, other=other, count=win.length, other_count=lose.length, value=win.top, other_value=lose.top)
    if category is Category.SEQUENCE:
        if win.length != lose.length:
            text = _("The longer sequence wins: {who}'s {name} beats {other}'s {other_name}.")
        else:
            text = _("Both best sequences have {count} cards, so the higher top card wins: {who}'s {name} beats {other}'s {other_name}.")
        return text.format(who=who, other=other, count=win.length, name=win.name(), other_name=lose.name())
    if win.length != lose.length:
        text = _("Any quatorze beats any trio: {who}'s {name} beats {other}'s {other_name}.")
    else:
        text = _("Between two sets of the same kind the higher rank wins: {who}'s {name} beats {other}'s {other_name}.")
    return text.format(who=who, other=other, name=win.name(), other_name=lose.name())


def _winner_scores_all(
    category: Category, winner: Declaration, loser: Declaration, who: str, who_inside: str, other: str, points: int
) -> str:
    """Only the winner of a category scores, and he scores all his combinations of it."""
    held = combination_list(winner.combinations)
    if loser.combinations:
        if category is Category.SEQUENCE:
            text = _("Only the winner of the category scores, and he scores every sequence he holds: {who_inside} scores {held}, {points}; {other}'s {lost} score nothing.")
        else:
            text = _("Only the winner of the category scores, and he scores every set he holds: {who_inside} scores {held}, {points}; {other}'s {lost} score nothing.")
    else:
        if category is Category.SEQUENCE:
            text = _("{who} scores every sequence he holds: {held}, {points}.")
        else:
            text = _("{who} scores every set he holds: {held}, {points}.")
    return text.format(who=who, who_inside=who_inside, other=other, held=held, points=points, lost=combination_list(loser.combinations))

# -- the play ------------------------------------------------------------------------------------------


def _explain_play(before: Deal, after: Deal) -> Explanation:
    number = len(before.tricks) + 1
    if before.led is None:
        return _explain_lead(before, after, number)
    return _explain_reply(before, after, number)


def _explain_lead(before: Deal, after: Deal, number: int) -> Explanation:
    leader = before.leader
    card = after.led
    title = _("Trick {number}: {who} leads").format(number=number, who=seat_word(leader))
    lines = []
    if number == 1:
        lines.append(_("Elder leads to the first trick. Younger's declarations were reckoned before this lead: that is why younger can repique but never pique."))
    scored = any(event.kind == "lead" for event in after.events[len(before.events):])
    if scored:
        lines.append(_("{who} leads the {card} and scores 1 for it: every card led scores 1, whether it wins or not.").format(who=seat_at_start(leader), card=card.name_in_words()))
    else:
        lines.append(_("{who} leads the {card}: under these rules a seven, eight or nine scores nothing when led.").format(who=seat_at_start(leader), card=card.name_in_words()))
    follower = leader.other
    held = [c for c in after.hand(follower) if c.suit == card.suit]
    if held:
        lines.append(
            ngettext(
                "{who} must follow {suit}: he holds {count} of them.",
                "{who} must follow {suit}: he holds {count} of them.",
                len(held),
            ).format(who=seat_at_start(follower), suit=card.suit.name_in_words(), count=len(held))
        )
    else:
        lines.append(
            _("{who} has no {suit}: he may play any card, but only a card of the suit led can win the trick.").format(
                who=seat_at_start(follower), suit=card.suit.name_in_words()
            )
        )
    return Explanation(title, tuple(lines))


def _explain_reply(before: Deal, after: Deal, number: int) -> Explanation:
    trick = after.tricks[-1]
    second = trick.leader.other
    winner = trick.winner
    title = _("Trick {number}: {who} wins").format(number=number, who=seat_word(winner))
    lines = []
    followed = trick.reply.suit == trick.lead.suit
    if followed:
        lines.append(_("{who} follows with the {card}.").format(who=seat_at_start(second), card=trick.reply.name_in_words()))
    else:
        lines.append(
            _("{who} has no {suit} and plays the {card}.").format(who=seat_at_start(second), suit=trick.lead.suit.name_in_words(), card=trick.reply.name_in_words())
        )
    new = after.events[len(before.events):]
    if winner is second:
        card = trick.reply
        if any(event.kind == "win" for event in new):
            lines.append(
                _("The {card} is the higher card of the suit led: {who} wins the trick and scores 1 for winning it as second player.").format(
                    card=card.name_in_words(), who=seat_word(winner)
                )
            )
        else:
            lines.append(
                _("The {card} is the higher card of the suit led: {who} wins the trick (a seven, eight or nine scores nothing under these rules).").format(
                    card=card.name_in_words(), who=seat_word(winner)
                )
            )
    elif followed:
        lines.append(
            _("The {card} led is the higher card of the suit: {who} wins the trick. The leader scores nothing more for winning: he scored when he led.").format(
                card=trick.lead.name_in_words(), who=seat_word(winner)
            )
        )
    else:
        lines.append(
            _("Only a card of the suit led can win: {who} wins the trick with the {card}. The leader scores nothing more for winning: he scored when he led.").format(
                card=trick.lead.name_in_words(), who=seat_word(winner)
            )
        )
    if number < 12:
        lines.append(_("The winner of a trick leads to the next: {who} leads to trick {next}.").format(who=seat_word(winner), next=number + 1))
        return Explanation(title, tuple(lines))
    lines.append(_("That was the twelfth and last trick: its winner, {who}, scores 1 more for it.").format(who=seat_word(winner)))
    elder_tricks, younger_tricks = after.tricks_won
    if elder_tricks == younger_tricks:
        lines.append(_("Six tricks each: the cards are divided and nobody scores them."))
    else:
        taker = ELDER if elder_tricks > younger_tricks else YOUNGER
        if max(elder_tricks, younger_tricks) == 12:
            lines.append(_("{who} has taken all twelve tricks: capot, 40 instead of the 10 for the cards.").format(who=seat_at_start(taker)))
        else:
            lines.append(
                _("Tricks: elder {elder}, younger {younger}. Taking seven or more wins the cards: {who} scores 10.").format(
                    elder=elder_tricks, younger=younger_tricks, who=seat_word(taker)
                )
            )
        lines.append(_("The cards and capot reckon last and never count towards a pique."))
    return Explanation(title, tuple(lines))


# -- the tally -------------------------------------------------------------------------------------------


def _explain_tally(deal: Deal) -> Explanation:
    elder, younger = deal.scores
    lines = [_("Final tally: elder {elder}, younger {younger}.").format(elder=elder, younger=younger)]
    if elder != younger:
        leader = ELDER if elder > younger else YOUNGER
        difference = abs(elder - younger)
        lines.append(
            ngettext(
                "{who} wins the deal by {difference} point.",
                "{who} wins the deal by {difference} points.",
                difference,
            ).format(who=seat_at_start(leader), difference=difference)
        )
    else:
        lines.append(_("The deal is level."))
    bonus = next((event for event in deal.events if event.kind in ("repique", "pique")), None)
    if bonus is not None:
        text = _("{who} scored the repique (60).") if bonus.kind == "repique" else _("{who} scored the pique (30).")
        lines.append(text.format(who=seat_at_start(bonus.player)))
    lines.append(_("In a partie both scores go on the sheet: after six deals the higher total wins, and a loser under 100 is rubiconed."))
    return Explanation(phase_title("end"), tuple(lines))


# -- a line of best play (`analysis.review.Line`) ---------------------------------------------------------
def line_sentences(line: Line) -> list[str]:
    """One sentence per trick of the line."""
    sentences = []
    first = len(line.start.tricks)
    for trick in line.end.tricks[first:]:
        values = dict(
            number=trick.number, leader=seat_word(trick.leader), lead=trick.lead.name_in_words(),
            second=seat_word(trick.leader.other), reply=trick.reply.name_in_words(), winner=seat_word(trick.winner),
        )
        if trick.number == first + 1 and line.start.led is not None:
            text = _("Trick {number}: to the {lead} led by {leader}, {second} plays the {reply}; {winner} wins.")
        else:
            text = _("Trick {number}: {leader} leads the {lead}, {second} plays the {reply}; {winner} wins.")
        sentences.append(text.format(**values))
    return sentences


def line_value_words(value: int) -> str:
    """What best play by both brings from here, `value` being elder's points minus younger's:
    who makes more, by how many whole points in words."""
    if not value:
        return _("With best play by both from here, elder and younger make as many points.")
    winner = ELDER if value > 0 else YOUNGER
    text = _("With best play by both from here, {winner} makes {points} more than {loser}.")
    return text.format(winner=seat_word(winner), loser=seat_word(winner.other), points=points_in_words(abs(value)))


def line_played_words(played: int) -> str:
    """What the cards as played brought from the same moment (elder's points minus younger's)."""
    if not played:
        return _("As played from here, elder and younger made as many points.")
    winner = ELDER if played > 0 else YOUNGER
    text = _("As played from here, {winner} made {points} more than {loser}.")
    return text.format(winner=seat_word(winner), loser=seat_word(winner.other), points=points_in_words(abs(played)))


def line_details(value: int, played: int) -> str:
    """The figures behind `line_value_words` and `line_played_words`, for "Details"."""
    return _("Elder's points from here minus younger's: {best} with best play by both, {played} as played.").format(
        best=format_decimal(value, "+0;-0"), played=format_decimal(played, "+0;-0")
    )
