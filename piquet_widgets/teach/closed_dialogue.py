"""The declarations of closed piquet, spoken by both seats in the real order (rules.md section 4).

`CategoryTalk` is the dialogue of one category, built line by line from what each seat chooses to
say: elder announces the shape of a holding (less than he holds is sinking), younger answers
"Good", "Not good", "How much?" / "To what?" (a longer holding may ask as if it were as long:
sinking too) or, once elder has named his value, "Equal"; after "Good" elder adds what else of
the category he scores, then reckons it with his running total. The learner's lines are chosen
among `choices()` and refused with the reason when they claim more than his hand holds or miscount;
the computer's come from its `Declare`, decided from what its seat may see. Once the category is
said, its two declarations (`declarations()`) go to the engine, which scores them.

Younger reckons the categories she won (`to_reckon`) as she plays to trick 1: `reckoning_choices`
offers her words, `reckoned` reads them — what she leaves out is not scored.

`category_script` says a declared category again from the two declarations, as both players
heard it (younger's good combinations only once she has reckoned them), so that the table shows
the same lines after the category as during it.
"""

from __future__ import annotations

from collections.abc import Callable

from piquet_widgets.analysis.observation import younger_has_reckoned
from piquet_widgets.engine.cards import cards_of, mask_of
from piquet_widgets.engine.combinations import HOLDINGS, Category, Combination, Verdict, best_declaration, best_first, combination_of, compare
from piquet_widgets.engine.deal import ELDER, YOUNGER, Deal, Declaration, Declare, Seat
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.i18n import N_, _
from piquet_widgets.teach.dialogue import (
    Line,
    announcement_key,
    announcement_words,
    answer_key,
    answer_words,
    ask_words,
    either_words,
    total_words,
    verdict_words,
)
from piquet_widgets.teach.events import combination_list, point_words
from piquet_widgets.teach.speech import Choice, Said, choices, untrue
from piquet_widgets.teach.words import capital, number_words

__all__ = ["CategoryTalk", "category_script", "reckoned", "reckoning_choices", "to_reckon"]

Decide = Callable[[Deal], Declare]  # the computer's declaration at a deal where it is to declare

_SPEAKER = {"announce": ELDER, "reply": YOUNGER, "answer": ELDER, "verdict": YOUNGER, "add": ELDER, "reckon": ELDER}
_AND_SEQUENCE = {
    3: N_("And a tierce."), 4: N_("And a quart."), 5: N_("And a quint."), 6: N_("And a sixième."), 7: N_("And a septième."),
    8: N_("And a huitième."),
}
_SHAPES = {3: N_("tierce"), 4: N_("quart"), 5: N_("quint"), 6: N_("sixième"), 7: N_("septième"), 8: N_("huitième")}
_ASK_WITHOUT_SAME_LENGTH = N_("Only a player whose best is as long as elder's asks \u201c{ask}\u201d: yours is the {mine}.")
_ASK_HOLDING_NONE = N_("Only a player whose best is as long as elder's asks \u201c{ask}\u201d: you hold none.")
_SAME_LENGTH = N_("Your {mine} is as long as elder's: ask \u201c{ask}\u201d.")
_NOT_BETTER = N_("Your {mine} against elder's {theirs}: the answer is \u201c{answer}\u201d.")
_NONE_AGAINST = N_("You hold none against elder's {theirs}: the answer is \u201c{answer}\u201d.")
_EQUAL_TOO_EARLY = N_("\u201cEqual\u201d is said only once elder has answered \u201c{ask}\u201d: ask it first.")
_NOT_EQUAL = N_("Your {mine} is not equal to elder's {theirs}.")


class CategoryTalk:
    """The dialogue of the category to be declared at `deal`: `lines` said so far, `pending()` the
    seat of the learner's (`learner`) to speak, `choices()` and `say(key)` his words; the
    computer's lines are said as soon as it is its turn, from `decide`."""

    def __init__(self, deal: Deal, learner: frozenset[Seat], decide: Decide) -> None:
        self.deal = deal
        self.category: Category = deal.category
        self.learner = learner
        self.decide = decide
        self.lines: list[Line] = []
        self.stage = "announce"  # then reply, answer, verdict, add, reckon (a learner elder's), done
        self.elder: Combination | None = None  # the combination elder announced
        self.more: tuple[Combination, ...] = ()  # what else elder declares (the computer's, or added)
        self.younger: tuple[Combination, ...] | None = None
        self._run()

    # -- where the dialogue stands -------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.stage == "done"

    def pending(self) -> Seat | None:
        """The seat whose words the learner chooses now (None once the category is said)."""
        return None if self.done else _SPEAKER[self.stage]

    def declarations(self) -> tuple[Declare, Declare]:
        """Elder's and younger's declarations, once the category is said."""
        elder = (self.elder, *self.more) if self.elder is not None else ()
        return Declare(self.category, elder), Declare(self.category, self.younger or ())

    # -- the learner's words ---------------------------------------------------------------------
    def choices(self) -> list[Choice]:
        """What the learner may say now: the true words and the untrue ones a learner might try."""
        stage, deal, category = self.stage, self.deal, self.category
        if stage == "announce":
            return _announcements(deal, category)
        if stage == "reply" and self.elder is None:
            return [Choice("say", either_words(category)), Choice("reply:not_good", verdict_words(Verdict.NOT_GOOD, category))]
        if stage == "reply":
            return choices(Line(YOUNGER, "", "ask", ""), deal, category)
        if stage == "verdict":
            return [Choice(f"reply:{v.name.lower()}", verdict_words(v, category)) for v in (Verdict.GOOD, Verdict.NOT_GOOD, Verdict.EQUAL)]
        if stage == "answer":
            return _answers(self.elder)
        if stage == "add":
            added = [Choice(_cards_key("add", combo), _and_words(combo)) for combo in self._additions()]
            return [*added, Choice("add:none", _("That is all."))]
        if stage == "reckon":
            points, total = elder_reckoning(self._after(), self.category)
            return [
                Choice(f"total:{total + step}", reckoning_words(points + step, total + step)) for step in (-1, 0, 1) if points + step > 0
            ]
        return []

    def say(self, key: str) -> None:
        """The learner says the words of `key`: refused with the reason (changing nothing) when they
        are not his to say or claim more than his hand holds; then the computer answers."""
        if self.done or self.pending() not in self.learner or key not in {choice.key for choice in self.choices()}:
            raise PiquetError(N_("That is not something to say now."))
        getattr(self, f"_say_{self.stage}")(key)
        self._run()

    def _say_announce(self, key: str) -> None:
        hand, category = self.deal.hands[ELDER], self.category
        claimed = _claimed(key)
        if claimed is not None:
            forms = [form for form in _forms(hand, category, claimed.length) if category is not Category.SETS or form.top == claimed.top]
            if not forms:
                raise untrue(category, _best(hand, category))
            self.elder = forms[0]
        self._announce()

    def _say_reply(self, key: str) -> None:
        hand, category, elder = self.deal.hands[YOUNGER], self.category, self.elder
        best = _best(hand, category)
        if key == "say":
            self.younger = ()
        elif key == "reply:good":
            self.younger = _below(hand, category, elder, asked=False)
        elif key == "reply:ask":
            if best is None:
                raise PiquetError(_ASK_HOLDING_NONE, ask=Said(ask_words(category)))
            if best.length < elder.length:  # a longer one may ask as if it were as long: sinking
                raise PiquetError(_ASK_WITHOUT_SAME_LENGTH, ask=Said(ask_words(category)), mine=Said(best.name()))
            self.lines.append(Line(YOUNGER, ask_words(category), "ask", "reply:ask"))
            self.stage = "answer"
            return
        elif key == "reply:equal":
            raise PiquetError(_EQUAL_TOO_EARLY, ask=Said(ask_words(category)))
        else:  # not good
            if elder is None:
                if best is None:
                    raise untrue(category, None)
            elif best is None or not _longer(best, elder):
                self._refuse_not_good(best, asked=False)
            self.younger = best_declaration(category, hand)
        self._conclude()

    def _say_answer(self, key: str) -> None:
        elder = self.elder
        if key != answer_key(elder):
            if self.category is Category.POINT:
                raise PiquetError(N_("Your {point} counts {value}."), point=Said(elder.name()), value=Said(number_words(elder.top)))
            raise PiquetError(N_("Your best sequence is the {name}."), name=Said(elder.name()))
        self.lines.append(Line(ELDER, answer_words(elder), "answer", key))
        self.stage = "verdict"

    def _say_verdict(self, key: str) -> None:
        """Younger's answer once elder named his value or top: her holding is compared cut to his
        length (a longer one asked as if it were as long is sunk to it)."""
        hand, category, elder = self.deal.hands[YOUNGER], self.category, self.elder
        forms = _forms(hand, category, elder.length)
        if key == "reply:good":
            self.younger = _below(hand, category, elder, asked=True)
        elif key == "reply:equal":
            equal = [form for form in forms if form.key == elder.key]
            if not equal:
                raise PiquetError(_NOT_EQUAL, mine=Said(_heard_name(forms[0], True)), theirs=Said(_heard_name(elder, True)))
            self.younger = _declared_with(hand, category, equal[0])
        else:
            if forms[0].key <= elder.key:
                self._refuse_not_good(forms[0], asked=True)
            self.younger = _declared_with(hand, category, forms[0])
        self._conclude()

    def _say_add(self, key: str) -> None:
        if key != "add:none":
            combo = next(combo for combo in self._additions() if _cards_key("add", combo) == key)
            self.more = (*self.more, combo)
            self.lines.append(Line(ELDER, _and_words(combo), "add", key))
            if self._additions():
                return
        self.stage = "reckon"

    def _say_reckon(self, key: str) -> None:
        """Elder reckons what the category scores him, and his running total."""
        points, total = elder_reckoning(self._after(), self.category)
        if key != f"total:{total}":
            raise PiquetError(N_("Count again: that makes {total}."), total=Said(number_words(total)))
        self.lines.append(Line(ELDER, reckoning_words(points, total), "reckon", key))
        self.stage = "done"

    def _after(self) -> Deal:
        """The deal once this category is declared as said so far."""
        elder, younger = self.declarations()
        return self.deal.apply(elder).apply(younger)

    def _refuse_not_good(self, best: Combination | None, asked: bool) -> None:
        category, elder = self.category, self.elder
        if not asked and best is not None and category is not Category.SETS and best.length == elder.length:
            raise PiquetError(_SAME_LENGTH, mine=Said(best.name()), ask=Said(ask_words(category)))
        theirs, answer = Said(_heard_name(elder, asked)), Said(verdict_words(Verdict.GOOD, category))
        if best is None:
            raise PiquetError(_NONE_AGAINST, theirs=theirs, answer=answer)
        raise PiquetError(_NOT_BETTER, mine=Said(_heard_name(best, asked)), theirs=theirs, answer=answer)

    # -- the dialogue going on -------------------------------------------------------------------
    def _run(self) -> None:
        """The computer says its lines until the learner is to speak or the category is said."""
        while not self.done and _SPEAKER[self.stage] not in self.learner:
            stage = self.stage
            if stage == "announce":
                declared = self.decide(self.deal).combinations
                self.elder, self.more = (declared[0], declared[1:]) if declared else (None, ())
                self._announce()
            elif stage == "reply":
                elder = (self.elder,) if self.elder is not None else ()
                self.younger = self.decide(self.deal.apply(Declare(self.category, elder))).combinations
                if self._asks():
                    self.lines.append(Line(YOUNGER, ask_words(self.category), "ask", "reply:ask"))
                    self.stage = "answer"
                else:
                    self._conclude()
            elif stage == "answer":
                self.lines.append(Line(ELDER, answer_words(self.elder), "answer", answer_key(self.elder)))
                self.stage = "verdict"
            elif stage == "verdict":
                self._conclude()
            else:  # elder adds what else he declared
                self.lines.extend(Line(ELDER, _and_words(combo), "add", _cards_key("add", combo)) for combo in self.more)
                self.stage = "done"

    def _announce(self) -> None:
        self.lines.append(Line(ELDER, announcement_words(self.category, self.elder), "announce", announcement_key(self.category, self.elder)))
        self.stage = "reply"

    def _asks(self) -> bool:
        """Younger's declaration is as long as elder's: she asks for his value or top card."""
        younger = self.younger
        return bool(self.elder and younger) and self.category is not Category.SETS and younger[0].length == self.elder.length

    def _conclude(self) -> None:
        """Younger's verdict, said; after "Good" elder adds what else he scores."""
        elder = (self.elder,) if self.elder is not None else ()
        verdict = compare(elder, self.younger)
        if verdict is None:
            self.lines.append(Line(YOUNGER, either_words(self.category), "either", "say"))
        else:
            self.lines.append(Line(YOUNGER, verdict_words(verdict, self.category), "verdict", f"reply:{verdict.name.lower()}"))
        if verdict is not Verdict.GOOD:
            self.stage = "done"
        elif ELDER in self.learner:  # he adds what else he scores, then reckons it
            self.stage = "add" if self._additions() else "reckon"
        else:
            self.stage = "add" if self.more else "done"

    def _additions(self) -> list[Combination]:
        """The learner's other combinations that elder may still add to what he declared."""
        declared = (self.elder, *self.more)
        found = []
        for combo in HOLDINGS[self.category](self.deal.hands[ELDER]):
            try:
                self.deal.apply(Declare(self.category, (*declared, combo)))
            except PiquetError:
                continue  # a card already declared, or a run touching one declared
            found.append(combo)
        return found if self.category is not Category.POINT else []


# -- the lines of a declared category --------------------------------------------------------------
def category_script(
    elder: Declaration, younger: Declaration, after: Deal, learner: frozenset[Seat], reckoned: bool | None = None
) -> list[Line]:
    """The lines of a declared category as both heard them, from `after` (the deal now): the same
    as `CategoryTalk` said, then the winner's reckoning — elder's at once, younger's once she has
    reckoned (`reckoned`; by default once she has played to trick 1) — and the computer's "Show
    me." when it sees the learner's."""
    category, mine, theirs = elder.category, elder.combinations, younger.combinations
    lines = [Line(ELDER, announcement_words(category, mine[0] if mine else None), "announce", announcement_key(category, mine[0] if mine else None))]
    if mine and theirs and category is not Category.SETS and mine[0].length == theirs[0].length:
        lines.append(Line(YOUNGER, ask_words(category), "ask", "reply:ask"))
        lines.append(Line(ELDER, answer_words(mine[0]), "answer", answer_key(mine[0])))
    verdict = compare(mine, theirs)
    if verdict is None:
        lines.append(Line(YOUNGER, either_words(category), "either", "say"))
        return lines
    lines.append(Line(YOUNGER, verdict_words(verdict, category), "verdict", f"reply:{verdict.name.lower()}"))
    if reckoned is None:
        reckoned = younger_has_reckoned(after)
    if verdict is Verdict.GOOD:
        lines.extend(Line(ELDER, _and_words(combo), "add", _cards_key("add", combo)) for combo in mine[1:])
        points, total = elder_reckoning(after, category)
        lines.extend(_reckoning(elder, after, reckoning_words(points, total), f"total:{total}"))
        winner = ELDER
    elif verdict is Verdict.NOT_GOOD and reckoned:
        points, total = _running(after, YOUNGER, category)
        lines.extend(_reckoning(younger, after, younger_reckoning_words(theirs, points, total), _cards_key("reckon", *theirs)))
        winner = YOUNGER
    else:
        return lines
    if winner in learner and winner.other not in learner:
        lines.append(Line(winner.other, _("Show me."), "show", "say"))  # the computer sees them (Law 55)
    return lines


def _reckoning(winner: Declaration, after: Deal, words: str, key: str) -> list[Line]:
    """The winner's reckoning of a category, and the repique it brought him, if it did."""
    seat, kind = winner.player, winner.category.value
    lines = [Line(seat, words, "reckon", key)]
    running = 0
    events = after.events
    for index, event in enumerate(events):
        running += event.points if event.player is seat else 0
        if event.kind == kind and event.player is seat and index + 1 < len(events) and events[index + 1].kind == "repique":
            total = number_words(running + events[index + 1].points)
            lines.append(Line(seat, _("And sixty for the repique: {total}.").format(total=total), "repique", "say"))
    return lines


def _running(after: Deal, seat: Seat, category: Category) -> tuple[int, int]:
    """What `category` scored `seat` in `after`, and his running total once it is counted
    (everything he scored before it with it: carte blanche, earlier categories, a repique)."""
    running = 0
    for event in after.events:
        running += event.points if event.player is seat else 0
        if event.player is seat and event.kind == category.value:
            return event.points, running
    return 0, running


def elder_reckoning(after: Deal, category: Category) -> tuple[int, int]:
    """Elder's reckoning of a category he won: its points and his running total."""
    return _running(after, ELDER, category)


def reckoning_words(points: int, total: int) -> str:
    """Elder reckons a category after "Good": its points, and his total when he had scored before
    ('Seven: that makes thirteen.'); the combinations were named as he declared them."""
    if points == total:
        return total_words(points)
    return _("{points}: that makes {total}.").format(points=capital(number_words(points)), total=number_words(total))


def younger_reckoning_words(combinations: tuple[Combination, ...], points: int, total: int) -> str:
    """Younger reckons her good combinations by name, as she plays to trick 1: 'Quart major and
    tierce to the king: seven, that makes thirteen.'"""
    declared = capital(combinations[0].name() if combinations[0].category is Category.POINT else combination_list(combinations))
    if points == total:
        return _("{declarations}: {points}.").format(declarations=declared, points=number_words(points))
    return _("{declarations}: {points}, that makes {total}.").format(declarations=declared, points=number_words(points), total=number_words(total))


# -- younger reckons as she plays to trick 1 ---------------------------------------------------------
_FORGETTING = 2  # at most this many of her other good combinations are offered as left out


def to_reckon(deal: Deal) -> list[Category]:
    """The categories younger won in `deal`, which she reckons as she plays to trick 1."""
    pairs = [deal.declarations[index : index + 2] for index in range(0, len(deal.declarations) - 1, 2)]
    return [elder.category for elder, younger in pairs if compare(elder.combinations, younger.combinations) is Verdict.NOT_GOOD]


def reckoning_choices(deal: Deal, category: Category) -> list[Choice]:
    """What younger may say reckoning `category`, which she won: all her good combinations of it,
    or without one of the others (forgotten: not scored), and the wrong words a learner might
    say — a combination she does not hold, a wrong count, a combination of a category she lost."""
    declared = _younger_declaration(deal, category).combinations
    points, total = _running(deal, YOUNGER, category)
    before = total - points
    found = []
    for left_out in (None, *declared[1:][:_FORGETTING]):
        reckoned = tuple(combo for combo in declared if combo != left_out)
        worth = sum(combo.points for combo in reckoned)
        found.append(Choice(_cards_key("reckon", *reckoned), younger_reckoning_words(reckoned, worth, before + worth)))
    found.append(Choice(f"count:{category.value}", younger_reckoning_words(declared, points + 1, total + 1)))
    claimed = _not_held(deal.hands[YOUNGER], declared[0])
    if claimed is not None:
        worth = claimed.points + points - declared[0].points
        found.append(Choice(f"claim:{category.value}", younger_reckoning_words((claimed, *declared[1:]), worth, before + worth)))
    for lost in _lost(deal):
        found.append(Choice(f"lost:{lost.category.value}", younger_reckoning_words(lost.holds[:1], lost.holds[0].points, total + lost.holds[0].points)))
    return found


def reckoned(deal: Deal, category: Category, key: str) -> tuple[Combination, ...]:
    """The combinations younger reckons with the words of `key` (a key of `reckoning_choices`):
    refused with the reason, changing nothing, when they are not hers to score or miscounted."""
    if key not in {choice.key for choice in reckoning_choices(deal, category)}:
        raise PiquetError(N_("That is not something to say now."))
    declaration = _younger_declaration(deal, category)
    kind, _colon, rest = key.partition(":")
    if kind == "count":
        raise PiquetError(N_("Count again: that makes {total}."), total=Said(number_words(_running(deal, YOUNGER, category)[1])))
    if kind == "claim":
        raise untrue(category, declaration.holds[0])
    if kind == "lost":
        lost = next(item for item in _lost(deal) if item.category.value == rest)
        if compare(*_pair(deal, lost.category)) is Verdict.EQUAL:
            raise PiquetError(_EQUAL_SCORES_NOTHING, mine=Said(lost.holds[0].name()))
        raise PiquetError(_NOT_GOOD_SCORES_NOTHING, mine=Said(lost.holds[0].name()))
    return tuple(combo for combo in declaration.combinations if _cards_key("reckon", combo)[7:] in rest.split(" | "))


_NOT_GOOD_SCORES_NOTHING = N_("Your {mine} was not good: only the better player scores in a category.")
_EQUAL_SCORES_NOTHING = N_("Your {mine} was equal to elder's: nobody scores it.")


def _pair(deal: Deal, category: Category) -> tuple[tuple[Combination, ...], tuple[Combination, ...]]:
    elder, younger = (d for d in deal.declarations if d.category is category)
    return elder.combinations, younger.combinations


def _younger_declaration(deal: Deal, category: Category) -> Declaration:
    return next(d for d in deal.declarations if d.category is category and d.player is YOUNGER)


def _lost(deal: Deal) -> list[Declaration]:
    """Younger's declarations of the categories she did not win in which she holds something."""
    won = to_reckon(deal)
    return [d for d in deal.declarations if d.player is YOUNGER and d.category not in won and d.holds]


def _not_held(hand: int, combo: Combination) -> Combination | None:
    """A combination one step beyond `combo` that `hand` cannot hold (a point one card longer, a
    trio's quatorze), for the wrong words of a reckoning; None for a sequence (its name does
    not say the suit, and may be the other player's) or a quatorze."""
    if combo.category is Category.POINT and combo.length < 8:
        return combo._replace(length=combo.length + 1, mask=0)
    if combo.category is Category.SETS and combo.length == 3:
        return combo._replace(length=4, mask=0)
    return None


# -- inside ----------------------------------------------------------------------------------------
def _best(hand: int, category: Category) -> Combination | None:
    best = best_declaration(category, hand)
    return best[0] if best else None


def _forms(hand: int, category: Category, length: int) -> list[Combination]:
    """The combinations of `length` cards the hand may announce, best first: each held one at
    least that long, cut to its highest cards when longer (sinking)."""
    found = []
    for combo in HOLDINGS[category](hand):
        if combo.length >= length:
            cards = sorted(combo.cards, key=lambda card: card & 7, reverse=True)
            found.append(combination_of(category, cards[:length]))
    return list(best_first(found))


def _announcements(deal: Deal, category: Category) -> list[Choice]:
    """Elder's announcements: nothing, or any shape up to one more than his best (that one untrue);
    a set of each rank he holds two or more of (open piquet's choices)."""
    if category is Category.SETS:
        return choices(Line(ELDER, "", "announce", ""), deal, category)
    best = _best(deal.hands[ELDER], category)
    longest = min((best.length if best else 2) + 1, 8)
    shapes = [None] + [Combination(category, 0, length, 7) for length in range(3, longest + 1)]
    return [Choice(announcement_key(category, shape), announcement_words(category, shape)) for shape in shapes]


def _claimed(key: str) -> Combination | None:
    """The shape an announcement key claims (its length, and a set's rank), or None."""
    parts = key.split(":")
    if parts[2] == "none":
        return None
    category = Category(parts[1])
    return Combination(category, 0, int(parts[2]), int(parts[3]) if category is Category.SETS else 0)


def _answers(elder: Combination) -> list[Choice]:
    """Elder's answer to "How much?" / "To what?": his value or top, and the ones next to it."""
    if elder.category is Category.POINT:
        tops = (elder.top - 1, elder.top, elder.top + 1)
    else:
        tops = (elder.top, elder.top + 1) if elder.top < 7 else (elder.top - 1, elder.top)
    return [Choice(answer_key(elder._replace(top=top)), answer_words(elder._replace(top=top))) for top in tops]


def _below(hand: int, category: Category, elder: Combination, asked: bool) -> tuple[Combination, ...]:
    """What younger declares when she answers "Good": her combinations below elder's (the others
    sunk); before asking, only those shorter than his, since an equal length would have asked."""
    lower = [
        combo for combo in HOLDINGS[category](hand)
        if (combo.key < elder.key if asked or category is Category.SETS else combo.length < elder.length)
    ]
    return tuple(lower[:1] if category is Category.POINT else lower)


def _longer(best: Combination, elder: Combination) -> bool:
    """Younger's best beats elder's announcement as heard (by length; a set by its rank too)."""
    return best.key > elder.key if best.category is Category.SETS else best.length > elder.length


def _heard_name(combo: Combination, full: bool) -> str:
    """A combination named as it is said aloud: a point with its value and a sequence by its top
    only when `full` (asked for); else by its shape."""
    if combo.category is Category.POINT:
        return point_words(combo) if full else combo.name()
    if combo.category is Category.SEQUENCE and not full:
        return _(_SHAPES[combo.length])
    return combo.name()


def _and_words(combo: Combination) -> str:
    """Elder adds a combination after "Good", by its kind: 'And a tierce.', 'And three tens.'"""
    if combo.category is Category.SEQUENCE:
        return _(_AND_SEQUENCE[combo.length])
    return _("And {set}.").format(set=combo.name())


def _cards_key(prefix: str, *combos: Combination) -> str:
    """A key naming combinations by their cards: 'add:KC QC JC', 'reckon:AS KS QS JS | KC QC JC'."""
    return f"{prefix}:" + " | ".join(" ".join(card.code for card in cards_of(mask_of(combo.cards))) for combo in combos)


def _declared_with(hand: int, category: Category, form: Combination) -> tuple[Combination, ...]:
    """Younger's declaration when she answers with `form` (a holding, or one cut shorter): it,
    and her other combinations of the category that share no card with it."""
    others = [combo for combo in best_declaration(category, hand) if not combo.mask & form.mask]
    return (form, *(others if category is not Category.POINT else ()))
