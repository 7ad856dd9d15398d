"""Why a decision was a mistake, as facts: each `Mistake` carries a **motif** from `MOTIFS` that
its two lines prove (the deal after the best choice, the deal after the choice made), or `other`
when none does. `teach.mistakes` turns a mistake into one sentence.

A motif is chosen by comparing what the lines hold, never by guessing:

- the play: both lines are the solver's best continuations to the end of the deal, one after the
  best card and one after the card played, so a motif compares two finished deals (who took which
  trick, with which card; the capot, the pique, the cards, the last trick);
- the exchange: what the two choices of discards keep (the point, the sequences, the sets, the
  guards of a king or queen, the high cards), before any card is drawn;
- the declarations: the deal at the opening lead after the declaration made and after the same
  category declared in full, the other declarations as they were made.

>>> from piquet_widgets.analysis.players import complete
>>> from piquet_widgets.engine import Deal
>>> found = review_mistakes(complete(Deal.from_seed(7)), exchanges=False)
>>> all(mistake.cost > 0 and mistake.motif in MOTIFS for mistake in found)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from piquet_widgets.analysis.review import Line, StopCheck, best_line, review_exchanges, review_play, stopping
from piquet_widgets.analysis.solver import Solver
from piquet_widgets.engine.cards import ACE, KING, QUEEN, SUIT_MASKS, Card, cards_of, mask_of
from piquet_widgets.engine.combinations import Category, best_declaration, points_of, sequences_of, sets_of
from piquet_widgets.engine.deal import ELDER, Deal, Declare, Exchange, Phase, Play, Seat

__all__ = [
    "MOTIFS", "PLAY_MOTIFS", "EXCHANGE_MOTIFS", "DECLARATION_MOTIFS", "Mistake", "review_mistakes", "latest_play_mistake", "best_scores",
]

#: The motifs of the play, in the order they are looked for: what the deal loses first, then the
#: card's fault that explains it, then the plain count of tricks.
PLAY_MOTIFS = (
    "capot_allowed",  # after the card played the opponent takes all twelve tricks; not after the best
    "capot_missed",  # after the best card the seat takes all twelve tricks; not after the card played
    "pique_lost",  # elder scores a pique after the best card, none after the card played
    "pique_allowed",  # younger's card lets elder score a pique that the best card prevents
    "cards_lost",  # the cards (seven tricks or more) are worse for the seat: lost, or only divided
    "master_wasted",  # the card played was the master of its suit and took no trick; it wins one after the best
    "guard_dropped",  # the card guarded a king or queen: that honour is taken after it, wins a trick after the best
    "lead_given",  # the trick goes to the opponent, who then wins the next tricks on his own leads
    "suit_blocked",  # the seat's longest suit takes fewer tricks than after the best card
    "tricks_lost",  # the seat takes fewer tricks than after the best card
    "last_trick_lost",  # the seat takes the last trick after the best card, not after the card played
    "other",
)
#: The motifs of the exchange: what the discards made give up that the best discards keep.
EXCHANGE_MOTIFS = ("point_given_up", "sequence_given_up", "set_given_up", "guard_dropped", "high_card_thrown", "other")
#: The motifs of a declaration against the same category declared in full.
DECLARATION_MOTIFS = ("repique_lost", "repique_allowed", "sunk_needlessly", "declared_less", "other")
MOTIFS = tuple(dict.fromkeys(PLAY_MOTIFS + EXCHANGE_MOTIFS + DECLARATION_MOTIFS))

# How many cards below a king or a queen guard it (a king needs one, a queen two).
_GUARDS = {KING: 1, QUEEN: 2}


@dataclass(frozen=True)
class Mistake:
    """A decision of `seat` that cost `cost` points against the best, and why (`motif`).

    `played` and `best` are the cards of the choices (a card, the discards, what was declared);
    `about` the cards the motif names (the honour left unguarded, the master card, the suit run by
    the opponent...). In the play `best_line` and `played_line` are the solver's continuations
    after each choice; in the declarations the deals at the opening lead; in the exchange None.
    `index` is the moment of the timeline where the decision was made; `cost` is exact, except at
    the exchange where it is an expectation over the talon orders the seat could not see.
    """

    index: int
    seat: Seat
    phase: Phase
    trick: int | None
    played: tuple[Card, ...]
    best: tuple[Card, ...]
    cost: float
    motif: str
    about: tuple[Card, ...] = ()
    best_line: Line | None = None
    played_line: Line | None = None

    @property
    def tricks(self) -> tuple[int, int]:
        """The seat's tricks at the end of the best line and of the played line (play only)."""
        if self.best_line is None or self.played_line is None:
            return (0, 0)
        return (self.best_line.end.tricks_won[self.seat], self.played_line.end.tricks_won[self.seat])

    def refutation(self) -> tuple[Card, ...]:
        """The cards of the best continuation after the choice made, the opponent's reply first."""
        return tuple(card for _seat, card in self.played_line.plays) if self.played_line else ()


# -- the play --------------------------------------------------------------------------------------
def play_motif(before: Deal, card: Card, best: Line, played: Line) -> tuple[str, tuple[Card, ...]]:
    """The first motif of `PLAY_MOTIFS` that the two lines prove for `card` played at `before`
    (each line starts after its card), with the cards it is about."""
    seat = before.to_move
    number = len(before.tricks) + 1
    good, bad = best.end, played.end
    for motif, test in (
        ("capot_allowed", lambda: bad.tricks_won[seat.other] == 12 and good.tricks_won[seat.other] < 12),
        ("capot_missed", lambda: good.tricks_won[seat] == 12 and bad.tricks_won[seat] < 12),
        ("pique_lost", lambda: seat is ELDER and _has_pique(good) and not _has_pique(bad)),
        ("pique_allowed", lambda: seat is not ELDER and _has_pique(bad) and not _has_pique(good)),
        ("cards_lost", lambda: _cards_side(bad, seat) < _cards_side(good, seat)),
    ):
        if test():
            return motif, ()
    for motif, find in (
        ("master_wasted", lambda: _master_wasted(before, card, good, bad, number)),
        ("guard_dropped", lambda: _guard_dropped(before, card, good, bad, number)),
        ("lead_given", lambda: _lead_given(seat, good, bad, number)),
        ("suit_blocked", lambda: _suit_blocked(before, good, bad, number)),
    ):
        about = find()
        if about:
            return motif, about
    if bad.tricks_won[seat] < good.tricks_won[seat]:
        return "tricks_lost", ()
    if good.tricks[-1].winner is seat and bad.tricks[-1].winner is not seat:
        return "last_trick_lost", ()
    return "other", ()


def _has_pique(deal: Deal) -> bool:
    return any(event.kind == "pique" for event in deal.events)


def _cards_side(deal: Deal, seat: Seat) -> int:
    """1 when `seat` has the cards, 0 when they are divided, -1 when the opponent has them."""
    mine, theirs = deal.tricks_won[seat], deal.tricks_won[seat.other]
    return (mine > theirs) - (mine < theirs)


def won_with(deal: Deal, seat: Seat, card: Card, start: int = 0) -> bool:
    """Whether `card`, played by `seat`, took a trick (from trick `start` + 1 on) in `deal`."""
    return any(_winning_card(trick) == card and trick.winner is seat for trick in deal.tricks[start:])


def lost_with(deal: Deal, seat: Seat, card: Card, start: int = 0) -> bool:
    """Whether `card`, played by `seat`, went to a trick the opponent took."""
    return any(card in (trick.lead, trick.reply) and trick.winner is not seat for trick in deal.tricks[start:])


def _winning_card(trick) -> Card:
    return trick.lead if trick.winner is trick.leader else trick.reply


def _master_wasted(before: Deal, card: Card, good: Deal, bad: Deal, number: int) -> tuple[Card, ...]:
    """The card was the master of its suit (nothing higher in it in the opponent's hand or led to
    the trick), took no trick after it was played, and takes one in the best line."""
    seat = before.to_move
    theirs = before.hands[seat.other] & SUIT_MASKS[card.suit]
    if before.led is not None:
        theirs |= before.led.mask & SUIT_MASKS[card.suit]
    if theirs >> card:
        return ()
    if lost_with(bad, seat, card, number - 1) and won_with(good, seat, card, number - 1):
        return (card,)
    return ()


def _guard_dropped(before: Deal, card: Card, good: Deal, bad: Deal, number: int) -> tuple[Card, ...]:
    """The card was a guard of a king or queen of its suit that the opponent could take (he held a
    higher card): after it that honour went to a trick the opponent took, in the best line it won."""
    seat = before.to_move
    mine = before.hands[seat] & SUIT_MASKS[card.suit]
    theirs = before.hands[seat.other] & SUIT_MASKS[card.suit]
    for honour in cards_of(mine):
        if honour.rank not in _GUARDS or honour <= card or not theirs >> honour:
            continue
        if lost_with(bad, seat, honour, number - 1) and won_with(good, seat, honour, number - 1):
            return (honour, card)
    return ()


def _lead_given(seat: Seat, good: Deal, bad: Deal, number: int) -> tuple[Card, ...]:
    """The trick of the card goes to the opponent after it (to the seat after the best card), and
    the opponent then wins the next tricks on his own leads: the cards he led and won."""
    if good.tricks[number - 1].winner is not seat or bad.tricks[number - 1].winner is seat:
        return ()
    run = []
    for trick in bad.tricks[number:]:
        if trick.leader is seat or trick.winner is seat:
            break
        run.append(trick.lead)
    return tuple(run)


def _suit_blocked(before: Deal, good: Deal, bad: Deal, number: int) -> tuple[Card, ...]:
    """The seat's longest suit (four cards or more, one suit only) takes fewer tricks after the
    card played than after the best: the cards of that suit he held."""
    seat = before.to_move
    hand = before.hands[seat]
    lengths = [(hand & mask).bit_count() for mask in SUIT_MASKS]
    longest = max(lengths)
    if longest < 4 or lengths.count(longest) > 1:
        return ()
    suit = lengths.index(longest)
    held = cards_of(hand & SUIT_MASKS[suit])

    def taken(deal: Deal) -> int:
        return sum(won_with(deal, seat, card, number - 1) for card in held)

    return held if taken(bad) < taken(good) else ()


def _play_mistakes(timeline: Sequence[Deal], seats: frozenset[Seat], solver: Solver, should_stop: StopCheck) -> list[Mistake]:
    found = []
    for note in review_play(timeline, seats, solver, should_stop):
        before = timeline[note.index]
        good = best_line(before.apply(Play(note.better[0])), solver, should_stop)
        bad = best_line(before.apply(Play(note.card)), solver, should_stop)
        motif, about = play_motif(before, note.card, good, bad)
        found.append(Mistake(note.index, note.seat, Phase.PLAY, note.trick, (note.card,), note.better, note.cost, motif, about, good, bad))
    return found


def latest_play_mistake(timeline: Sequence[Deal], seats: Iterable[Seat], solver: Solver | None = None, should_stop: StopCheck = None) -> Mistake | None:
    """The mistake of the last card one of `seats` played in the timeline, if that card was one:
    what the practice table flags as soon as the card is played."""
    wanted = frozenset(seats)
    plays = [i for i, (before, _after) in enumerate(zip(timeline, timeline[1:])) if before.phase is Phase.PLAY and before.to_move in wanted]
    if not plays:
        return None
    index = plays[-1]
    found = _play_mistakes(timeline[index : index + 2], wanted, solver or Solver(), should_stop)
    return replace(found[0], index=index) if found else None


# -- the exchange ----------------------------------------------------------------------------------
def exchange_motif(hand: int, played: Iterable[Card], best: Iterable[Card]) -> tuple[str, tuple[Card, ...]]:
    """What the discards `played` give up that `best` keeps, from `hand` before the exchange:
    the first of `EXCHANGE_MOTIFS` that holds, with the cards it is about (what the best keeps)."""
    kept_bad, kept_good = hand & ~mask_of(played), hand & ~mask_of(best)
    thrown = mask_of(played) & kept_good  # thrown by the choice made, kept by the best
    for motif, find in (("point_given_up", points_of), ("sequence_given_up", sequences_of), ("set_given_up", sets_of)):
        good, bad = find(kept_good), find(kept_bad)
        if good and (not bad or good[0].key > bad[0].key) and good[0].mask & thrown:
            return motif, good[0].cards
    for honour in cards_of(kept_bad & kept_good):
        if honour.rank in _GUARDS and _guarded(kept_good, honour) and not _guarded(kept_bad, honour):
            return "guard_dropped", (honour, *cards_of(thrown & SUIT_MASKS[honour.suit]))
    high = [card for card in cards_of(thrown) if card.rank in (ACE, KING)]
    if high:
        return "high_card_thrown", tuple(high)
    return "other", ()


def _guarded(hand: int, honour: Card) -> bool:
    below = hand & SUIT_MASKS[honour.suit] & ((1 << honour) - 1)
    return below.bit_count() >= _GUARDS[honour.rank]


def _exchange_mistakes(timeline: Sequence[Deal], seats: frozenset[Seat], solver: Solver, should_stop: StopCheck) -> list[Mistake]:
    found = []
    for note in review_exchanges(timeline, seats, solver, should_stop):
        if note.cost < 1:
            continue
        index = next(i for i, deal in enumerate(timeline) if deal.phase is Phase.EXCHANGE and deal.to_move is note.seat)
        motif, about = exchange_motif(timeline[index].hands[note.seat], note.discards, note.best)
        found.append(Mistake(index, note.seat, Phase.EXCHANGE, None, note.discards, note.best, note.cost, motif, about))
    return found


# -- the declarations ------------------------------------------------------------------------------
def _declaration_mistakes(timeline: Sequence[Deal], seats: frozenset[Seat], solver: Solver, should_stop: StopCheck) -> list[Mistake]:
    """Each declaration of `seats` below the category declared in full that cost a point or more,
    the other declarations as they were made; valued at the opening lead by the solver."""
    found = []
    opening = next((deal for deal in timeline if deal.phase is Phase.PLAY and not deal.tricks and deal.led is None), None)
    if opening is None:
        return found
    for index, (before, after) in enumerate(zip(timeline, timeline[1:])):
        if before.phase is not Phase.DECLARATIONS or before.to_move not in seats:
            continue
        seat, category = before.to_move, before.category
        made = after.declarations[-1].combinations
        full = best_declaration(category, before.hands[seat])
        if set(made) == set(full):
            continue
        alternative = before.apply(Declare(category, full))
        for action in opening.actions[len(after.actions):]:
            alternative = alternative.apply(action)
        good, bad = best_line(alternative, solver, should_stop), best_line(opening, solver, should_stop)
        cost = _worth(good, seat) - _worth(bad, seat)
        if cost < 1:
            continue
        motif = declaration_motif(seat, category, alternative, opening)
        cards = lambda combos: cards_of(mask_of(card for combo in combos for card in combo.cards))  # noqa: E731
        found.append(Mistake(index, seat, Phase.DECLARATIONS, None, cards(made), cards(full), cost, motif, cards(full), good, bad))
    return found


def _worth(line: Line, seat: Seat) -> int:
    """The end of a line to `seat`: his points minus his opponent's."""
    total = line.end.scores[ELDER] - line.end.scores[ELDER.other]
    return total if seat is ELDER else -total


def declaration_motif(seat: Seat, category: Category, full: Deal, made: Deal) -> str:
    """Why the declaration `made` (the deal at the opening lead after it) is worse for `seat` than
    the category declared in full (`full`): the first of `DECLARATION_MOTIFS` that holds."""

    def bonus(deal: Deal, player: Seat) -> bool:
        return any(event.kind == "repique" and event.player is player for event in deal.events)

    def scored(deal: Deal) -> int:
        return sum(e.points for e in deal.events if e.kind == category.value and e.player is seat)

    if bonus(full, seat) and not bonus(made, seat):
        return "repique_lost"
    if bonus(made, seat.other) and not bonus(full, seat.other):
        return "repique_allowed"
    if scored(full) and not scored(made):
        return "sunk_needlessly"
    if scored(made) < scored(full):
        return "declared_less"
    return "other"


# -- the whole review ------------------------------------------------------------------------------
def review_mistakes(
    timeline: Sequence[Deal], seats: Iterable[Seat] | None = None, solver: Solver | None = None,
    should_stop: StopCheck = None, exchanges: bool = True,
) -> list[Mistake]:
    """Every mistake of `seats` (both by default) in a deal's timeline, in the order made: the
    exchanges (left out with `exchanges=False`: their evaluation is the long part), the
    declarations and the cards, each with its motif."""
    wanted = frozenset(seats) if seats is not None else frozenset(Seat)
    solver = solver or Solver()
    found = _exchange_mistakes(timeline, wanted, solver, should_stop) if exchanges else []
    found += _declaration_mistakes(timeline, wanted, solver, should_stop)
    found += _play_mistakes(timeline, wanted, solver, should_stop)
    return sorted(found, key=lambda mistake: mistake.index)


def best_scores(dealt: Deal, solver: Solver | None = None, should_stop: StopCheck = None) -> tuple[int, int]:
    """The deal's scores with both seats choosing by open-hand analysis from the deal as dealt:
    each exchange the evaluator's first (over the talon orders the seat could not see), the
    declarations in full, the play by the solver."""
    from piquet_widgets.analysis.evaluator import declared_in_full, evaluate_exchange, played_out

    solver = solver or Solver()
    deal = dealt
    with stopping(solver, should_stop):
        while deal.phase is Phase.EXCHANGE:
            deal = deal.apply(Exchange(evaluate_exchange(deal, solver=solver, best_only=True)[0].discards))
        return played_out(declared_in_full(deal), solver).scores
