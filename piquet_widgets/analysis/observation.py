"""What one seat may see of a deal in closed piquet (rules.md section 8b), as a frozen value.

A computer that plays closed piquet decides from an `Observation` and never from a `Deal`:
`observe(deal, seat)` is the only place that reads the deal, and it copies out only what that
seat may know:

- his own dealt hand, his hand now, his discards and the cards he drew, in order;
- how many cards each player exchanged, and the cards younger left in the talon if younger
  looked at them (Law 36: then both may see them);
- what was said in each category (`Announced`), word by word as rules.md section 4 has it:
  elder names the shape of his best ("Point of five", "A quart", "Three aces"), its value or top
  card only when younger asks because hers is of the same shape; younger answers good, not good
  or equal; after "Good" elder names his other combinations by kind, after "Not good" younger
  names hers when she reckons them, as she plays to trick 1. Names are not cards: a
  combination's cards are known only when the name determines them (a quatorze) or when they
  were shown on request (Law 55: a scoring combination, once reckoned — the computer always
  asks, `ask_to_see`);
- an opponent's carte blanche: announced at once, its twelve cards shown after the observer's
  discard (Law 20);
- every card played, and the scores as counted aloud (`heard_scores`: younger's declarations
  reach elder's ears when she reckons them).

Cards appear only as `Card` values, never as masks, so a test can list every card an
observation names.

>>> from piquet_widgets.engine import ELDER, Deal
>>> seen = observe(Deal.from_seed(7), ELDER)
>>> len(seen.hand), seen.discards, seen.drawn
(12, None, ())
"""

from __future__ import annotations

from dataclasses import dataclass

from piquet_widgets.engine.cards import Card, cards_of, mask_of
from piquet_widgets.engine.combinations import Category, Combination, Verdict, compare
from piquet_widgets.engine.deal import CATEGORIES, ELDER, YOUNGER, Deal, Phase, Seat, Trick
from piquet_widgets.engine.rules import Rules

__all__ = ["Announced", "Observation", "Standing", "announce", "as_heard", "heard_scores", "observe", "younger_has_reckoned"]

Key = tuple[int, int]  # a combination as named: (length, card-value total) for a point, (length, top rank) otherwise; 0 for what was not said


@dataclass(frozen=True)
class Announced:
    """What both players heard in one category: the combinations each named (as keys), younger's
    answer (None until he answers), and the opponent's cards the observer has seen (shown on
    request, or determined by the name)."""

    category: Category
    elder: tuple[Key, ...]
    younger: tuple[Key, ...]
    verdict: Verdict | None
    shown: tuple[Card, ...]


@dataclass(frozen=True)
class Standing:
    """The partie as it stands before its last deal, from one player's side: the totals (deal
    weights applied), how much this deal counts, and the rubicon. Public knowledge."""

    mine: int
    theirs: int
    weight: int = 1
    rubicon: int = 100

    def settlement(self, deal_mine: int, deal_theirs: int) -> int:
        """What the partie brings this player (negative when he loses) if the deal ends with these
        scores (rules.md section 7); a tie, which brings two more deals, counts as nothing."""
        mine = self.mine + self.weight * deal_mine
        theirs = self.theirs + self.weight * deal_theirs
        if mine == theirs:
            return 0
        high, low = max(mine, theirs), min(mine, theirs)
        value = high - low + self.rubicon if low >= self.rubicon else high + low + self.rubicon
        return value if mine > theirs else -value


@dataclass(frozen=True)
class Observation:
    """Everything one seat may know of a deal at one moment in closed piquet."""

    seat: Seat
    rules: Rules
    phase: Phase
    to_move: Seat | None
    dealt: tuple[Card, ...]
    hand: tuple[Card, ...]
    discards: tuple[Card, ...] | None
    drawn: tuple[Card, ...]
    exchanged: tuple[int | None, int | None]  # how many cards elder and younger exchanged
    talon_seen: tuple[Card, ...]  # cards younger left, if he looked at them
    carte_blanche: tuple[bool, bool]  # announced by elder, by younger
    blanche_shown: tuple[Card, ...]  # the opponent's carte blanche, once shown
    declared: tuple[tuple[Combination, ...], ...]  # what this seat declared, category by category
    announced: tuple[Announced, ...]
    tricks: tuple[Trick, ...]
    leader: Seat
    led: Card | None
    scores: tuple[int, int]
    standing: Standing | None = None

    @property
    def opponent(self) -> Seat:
        return self.seat.other

    @property
    def category(self) -> Category | None:
        """The category being declared, during the declarations."""
        if self.phase is not Phase.DECLARATIONS:
            return None
        return CATEGORIES[len(self.announced) - (self.to_move is YOUNGER)]

    def played_by(self, seat: Seat) -> tuple[Card, ...]:
        """The cards a player has played, in order (the card led to the current trick included)."""
        cards = [trick.lead if trick.leader is seat else trick.reply for trick in self.tricks]
        if self.led is not None and self.leader is seat:
            cards.append(self.led)
        return tuple(cards)

    def seen_mask(self) -> int:
        """Every card this seat has seen: his own, the shown ones, the talon he saw, the played."""
        own = mask_of(self.dealt) | mask_of(self.drawn) | mask_of(self.discards or ())
        shown = mask_of(card for item in self.announced for card in item.shown) | mask_of(self.blanche_shown)
        played = mask_of(self.played_by(ELDER)) | mask_of(self.played_by(YOUNGER))
        return own | shown | played | mask_of(self.talon_seen)


def announce(
    category: Category,
    elder: tuple[Combination, ...],
    younger: tuple[Combination, ...] | None,
    observer: Seat,
    ask_to_see: bool = True,
    reckoned: bool = True,
) -> Announced:
    """What `observer` has heard of one category, word by word (rules.md section 4), when elder
    declared `elder` and younger `younger` (None: she has not answered yet); `reckoned`: younger
    has reckoned her good combinations, as she does when she plays to trick 1.

    Elder names the shape of his best (a point's length, a sequence's kind, a set by its rank);
    its value or top only when younger asked for it, the shapes being equal. After "Good" he adds
    his other combinations by kind; after "Not good" younger's are heard when she reckons them
    (a point by its length, a sequence and a set by name). Law 55: the observer sees the cards of
    the winner's scoring combinations once they are reckoned, if he asks; a named quatorze shows
    itself."""
    best = elder[0] if elder else None
    answer = younger[0] if younger else None
    asked = best is not None and answer is not None and category is not Category.SETS and best.length == answer.length
    elder_keys: tuple[Key, ...] = (_named(best, full=asked),) if best is not None else ()
    younger_keys: tuple[Key, ...] = ((answer.length, 0),) if asked else ()
    verdict = None if younger is None else compare(elder, younger)
    winner: tuple[Combination, ...] = ()
    if verdict is Verdict.GOOD:
        elder_keys += tuple(_named(combo, full=False) for combo in elder[1:])
        winner = elder if observer is YOUNGER else ()
    elif verdict is Verdict.EQUAL:
        younger_keys = elder_keys
    elif verdict is Verdict.NOT_GOOD and reckoned:
        younger_keys = tuple(_named(combo, full=category is not Category.POINT) for combo in younger)
        winner = younger if observer is ELDER else ()
    theirs = younger if observer is ELDER else elder
    shown = mask_of(card for combo in winner for card in combo.cards) if ask_to_see else 0
    if category is Category.SETS:
        named = set(younger_keys if observer is ELDER else elder_keys)
        for combo in theirs or ():
            if combo.length == 4 and combo.key in named:
                shown |= combo.mask
    return Announced(category, elder_keys, younger_keys, verdict, cards_of(shown))


def _named(combination: Combination, full: bool) -> Key:
    """A combination as it is named aloud: by its shape, and by its value or top card when
    `full`. A set's name is its rank, always said; a point's value 0 and a sequence's top 0
    stand for "not said"."""
    if full or combination.category is Category.SETS:
        return combination.key
    return (combination.length, 0)


def younger_has_reckoned(deal: Deal | Observation) -> bool:
    """Whether younger has reckoned her declarations, at a deal or in what a seat observes of it:
    she does as she plays to trick 1 (a deal ended by the declarations has no trick 1)."""
    return bool(deal.tricks) or deal.phase is Phase.FINISHED


def heard_scores(deal: Deal, seat: Seat) -> tuple[int, int]:
    """The scores as `seat` has heard them counted: elder hears younger's declarations only when
    she reckons them, as she plays to trick 1."""
    if seat is YOUNGER or younger_has_reckoned(deal):
        return deal.scores
    unheard = sum(event.points for event in deal.events if event.player is YOUNGER and event.kind in _RECKONED_BY_YOUNGER)
    return deal.scores[ELDER], deal.scores[YOUNGER] - unheard


_RECKONED_BY_YOUNGER = frozenset({"point", "sequence", "sets", "repique"})


def as_heard(deal: Deal, seat: Seat) -> Deal:
    """`deal` with only the scores `seat` has heard counted (`heard_scores`): younger's
    declarations left out of its events until she reckons them, for a table that shows a closed
    seat its scores and meters. (It reaches into the engine's `Deal._evolve`, the one way a deal
    is rebuilt with fields changed.)"""
    scores = heard_scores(deal, seat)
    if scores == deal.scores:
        return deal
    events = tuple(event for event in deal.events if not (event.player is YOUNGER and event.kind in _RECKONED_BY_YOUNGER))
    return deal._evolve(events=events, scores=scores)


def observe(
    deal: Deal,
    seat: Seat,
    *,
    ask_to_see: bool = True,
    talon_looked: bool = False,
    standing: Standing | None = None,
) -> Observation:
    """What `seat` may see of `deal` now (see the module's docstring). `talon_looked`: younger
    looked at the cards he left (Law 36), so both see them once the exchange is over."""
    discards = deal.discards
    taken = deal.talon_taken
    start = 0 if seat is ELDER else taken[ELDER]
    drawn = deal.talon[start : start + taken[seat]] if discards[seat] is not None else ()
    exchange_over = discards[YOUNGER] is not None
    declarations = deal.declarations
    reckoned = younger_has_reckoned(deal)
    announced = []
    for index in range(0, len(declarations), 2):
        elder = declarations[index]
        younger = declarations[index + 1] if index + 1 < len(declarations) else None
        announced.append(
            announce(elder.category, elder.combinations, younger.combinations if younger else None, seat, ask_to_see, reckoned)
        )
    blanche = tuple(any(e.kind == "carte_blanche" and e.player is s for e in deal.events) for s in (ELDER, YOUNGER))
    shows_blanche = blanche[seat.other] and discards[seat] is not None
    return Observation(
        seat=seat,
        rules=deal.rules,
        phase=deal.phase,
        to_move=deal.to_move,
        dealt=deal.dealt(seat),
        hand=deal.hand(seat),
        discards=discards[seat],
        drawn=tuple(drawn),
        exchanged=(None if discards[ELDER] is None else taken[ELDER], None if discards[YOUNGER] is None else taken[YOUNGER]),
        talon_seen=tuple(deal.talon_left) if talon_looked and exchange_over else (),
        carte_blanche=blanche,
        blanche_shown=deal.dealt(seat.other) if shows_blanche else (),
        declared=tuple(d.combinations for d in declarations if d.player is seat),
        announced=tuple(announced),
        tricks=deal.tricks,
        leader=deal.leader,
        led=deal.led,
        scores=heard_scores(deal, seat),
        standing=standing,
    )
