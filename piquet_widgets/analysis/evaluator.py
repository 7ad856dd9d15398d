"""The evaluator of exchanges: each choice of discards valued by the whole deal it leads to.

>>> from piquet_widgets.engine import Deal
>>> best = evaluate_exchange(Deal.from_seed(7))[0]     # elder's best discards, about a second
>>> 1 <= len(best.discards) <= 5, best.expected == best.declarations + best.play
(True, True)

The exchange advisor (`advisor.py`) ranks discards by the declarations alone. This module values
the best of them by everything the deal will bring the player to move, minus what it brings his
opponent: carte blanche, point, sequences, sets and the repique, then the play of the twelve
tricks solved exactly (`solver.py`: the points of play, the pique, the cards or capot).

What the player to move sees (open piquet, rules.md section 8b)
----------------------------------------------------------------
Both hands are on the table; the talon is face down, so its cards are known as a set, never in
their order. The evaluator reads the talon's cards sorted and nothing else of it.

- **Elder** does not know which of the eight he will draw, nor what younger will then draw. A
  choice of k discards is worth its average over the orders of the talon: elder draws the first
  k, younger replies to elder's new hand and draws from the rest.
- **Younger** has seen elder's hand before and after elder's exchange, so he knows which cards
  are left in the talon, but not their order: taking j of them he gets a random j of them.
- **Younger's reply**, inside elder's evaluation, is the one that looks best to younger by the
  declarations (their exact expectation over his draws) plus the strength of the cards he keeps
  for the play (`_YoungerChoices.reply`): solving the play for every reply to every draw of elder would
  cost far too much. This model is kinder to elder than the table's expert younger, so the figure
  the hint shows elder comes from `figures_against_expert`: the model corrected on more and more
  draws by the expert's own reply, exact once every draw is asked about (docs/exchange-values.md).

How it is fast
--------------
Elder's choices are pruned to a short list: the best by the declarations (the advisor's ranking)
and the best by the declarations plus the strength of the kept cards for the play (aces and
kings, long suits); younger's are all valued (`Settings.every`), or, when only her best is
wanted (`best_only`: the hint, the expert computer), all weighed: the likeliest best are valued
first, and one that null-window tests of the solver (`Solver.bound`, a fraction of a solve)
prove below the best so far is left out. The declarations of
each listed choice are averaged exactly over every draw; the play is solved for a fixed sample of
talon orders, the same orders for every choice (so the comparison between choices does not
depend on luck in the sample), and one `Solver` keeps its tables across all of them. For elder
the list is valued on a few orders first, and its best few again on more.
`benchmarks/bench_evaluator.py` measures the loss against a far slower, exhaustive evaluation.

For the partie
--------------
Given the partie's `Standing` before its last deal, a choice is worth the settlement of the
partie (rules.md section 7) rather than the deal's points: each draw is dealt out, declared in
full and played out by best play, and its final scores settled (`deal_outcome`, which the closed
players use to value their declarations and cards too: one valuation of a deal's end).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any
from dataclasses import dataclass
from itertools import combinations
from math import comb
from weakref import WeakKeyDictionary

from piquet_widgets.analysis import advisor
from piquet_widgets.analysis import kernels_pure as pure
from piquet_widgets.analysis.advisor import Advice, advise_exchange, younger_replies
from piquet_widgets.analysis.observation import Standing
from piquet_widgets.analysis.players import _strength
from piquet_widgets.analysis.solver import ELDER as SOLVER_ELDER
from piquet_widgets.analysis.solver import SearchInterrupted, Solver
from piquet_widgets.engine.cards import CARDS, Card, cards_of, mask_of
from piquet_widgets.engine.combinations import is_carte_blanche
from piquet_widgets.engine.deal import ELDER, YOUNGER, Deal, Exchange, Phase, Play, Seat
from piquet_widgets.engine.records import Position
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.i18n import N_

__all__ = [
    "Evaluation", "Progress", "Settings", "deal_outcome", "evaluate_exchange", "figures_against_expert", "part_of", "SearchInterrupted", "short_list",
    "value_against_expert",
]

#: Called with (draws solved, draws planned) as the evaluation goes.
Progress = Callable[[int, int], None]

# The strength for the play of every holding of one suit (a byte), so that a hand's is four look-ups.
_SUIT_STRENGTH = [_strength(byte) for byte in range(256)]
#: Points of the declarations one point of play strength (see `players._strength`) is worth when
#: ranking choices for the short list and younger's reply.
STRENGTH_WEIGHT = 2.0


@dataclass(frozen=True)
class Settings:
    """How much work an evaluation does: the short list's length (`by_declarations` best by the
    declarations, `by_strength` best by the declarations plus the strength kept for the play) and
    how many talon orders (elder) or draws (younger) each listed choice is solved for. Elder's
    `finalists` best are then valued again on `final_samples` orders (a cheap first round, a
    closer look at the best). `exhaustive` solves every draw instead (the benchmark's reference).
    `every` lists every legal choice: no short list at all."""

    by_declarations: int = 4
    by_strength: int = 4
    samples: int = 8
    exhaustive: bool = False
    finalists: int = 0
    final_samples: int = 0
    every: bool = False


#: Tuned on seeds 1000-1019 against the benchmark's reference (`benchmarks/bench_evaluator.py`).
ELDER_SETTINGS = Settings(by_declarations=8, by_strength=8, samples=4, finalists=4, final_samples=12)
#: Younger values every legal discard (at most 793, sharing most of their solves), so the best is
#: never pruned away: every short list tried (`benchmarks/bench_exchange_truth.py`) missed it on
#: some deals. With `best_only` only those that may be best are valued (see the module's docstring).
YOUNGER_SETTINGS = Settings(samples=20, every=True)


@dataclass(frozen=True)
class Evaluation:
    """One choice of discards and what the whole deal is expected to bring the player to move
    (his points minus his opponent's): `declarations` (carte blanche, point, sequences, sets,
    repique; exact over the draws) plus `play` (the tricks solved, the pique, the cards or capot;
    averaged over `orders` talon orders or draws). `expected` is their sum; `hand` the player's
    hand before the exchange. Valued for the partie (a `standing`), `expected` is the settlement,
    all of it in `play`. `teach.hints` words it."""

    seat: Seat
    discards: tuple[Card, ...]
    expected: float
    declarations: float
    play: float
    orders: int
    hand: int
    against_expert: bool = False


def evaluate_exchange(
    deal: Deal,
    settings: Settings | None = None,
    *,
    solver: Solver | None = None,
    include: Iterable[tuple[Card, ...]] = (),
    progress: Progress | None = None,
    standing: Standing | None = None,
    best_only: bool = False,
) -> list[Evaluation]:
    """The short list of the player to move's exchanges (and the choices in `include`, such as the
    learner's), each valued by the whole deal, best first (elder's finalists, valued on more
    orders, ahead of the rest).

    Uses only what that player sees: never the order of the talon. `progress(done, total)` is
    called after each planned draw is solved (`total` of them in all). The stop check is the
    solver's own (`Solver.should_stop`, set by an analysis runner or `review.stopping`), asked
    between solves and inside them, and never changed here: when it answers True the evaluation
    raises `SearchInterrupted` (nothing is returned). With the `standing` of the player to move
    before the partie's last deal, each choice is valued by the partie's settlement (see the
    module's docstring). With `best_only`, younger's choices proven worse than one already valued
    (by null-window tests of the solver, not their values) are left out, those of `include` never:
    the first evaluation is the same, found several times faster. Raises PiquetError outside the
    exchange.
    """
    if deal.phase is not Phase.EXCHANGE:
        raise PiquetError(N_("The exchange is over."))
    work = _Work(deal, solver or Solver(), [mask_of(discards) for discards in include], progress, standing)
    work.check_stop()  # a runner out of its budget already: straight to its thread
    if deal.to_move is ELDER:
        return work.elder(settings or ELDER_SETTINGS)
    return work.younger(settings or YOUNGER_SETTINGS, best_only)


def value_against_expert(
    deal: Deal, discards: tuple[Card, ...], solver: Solver | None = None, *, draws: int | None = None, progress: Progress | None = None,
) -> Evaluation:
    """Elder's choice `discards` valued by the whole deal with younger replying as the table's
    expert younger does (`evaluate_exchange` for her seat, as `players.ExpertPlayer` chooses):
    the figure the hint shows. The last of `figures_against_expert`, asking the expert about
    `draws` of elder's draws (None: every one, exact). Raises PiquetError unless elder is to exchange.
    """
    *_, last = figures_against_expert(deal, discards, solver, draws=draws, progress=progress)
    return last


def figures_against_expert(
    deal: Deal, discards: tuple[Card, ...], solver: Solver | None = None, *, draws: int | None = None, progress: Progress | None = None,
) -> Iterator[Evaluation]:
    """`value_against_expert`, closer and closer: one figure after each draw of elder the expert
    younger is asked about (`draws` of them, None: every one), the last exact over every draw.

    Asking the expert about every draw of elder takes seconds (`benchmarks/bench_exchange_truth.py`),
    so each figure is exact over every draw of elder with the evaluator's quick model of her reply,
    plus the difference her real reply makes averaged over the draws asked about so far, in an
    order shuffled once, seeded by what elder sees: unbiased at every step, where the model alone
    values elder's choice several points too high on average (its reply is worse for her). The
    practice table shows the figure found when the learner asks (`analysis.ahead`).
    Raises PiquetError unless elder is to exchange.
    """
    if deal.phase is not Phase.EXCHANGE or deal.to_move is not ELDER:
        raise PiquetError(N_("The exchange is over."))
    work = _Work(deal, solver or Solver(), [], progress)
    work.check_stop()
    return work.against_expert(tuple(discards), draws)


class _YoungerChoices:
    """Younger's legal discards and the declarations they lead to against any elder hand, for
    draws from a fixed pool of talon cards (the advisor's `YoungerReplies`), with her reply."""

    def __init__(self, younger: int, pool: tuple[Card, ...], blanche: tuple[bool, bool], smallest: int) -> None:
        self.younger = younger
        self.made = (pool, smallest, blanche)
        self.replies: dict[tuple[int, int], tuple[int, float]] = {}
        self.bonus: dict[int, float] = {}  # STRENGTH_WEIGHT times the strength kept, by discards (a mask)
        self._draws = self._pruned = None

    def table(self, elder: int, left: int) -> tuple[list[int], list[float]]:
        """Every legal discard (masks) with the talon cards `left` (a mask), and elder's net
        declarations after it, averaged exactly over younger's draws (any j of `left`, equally likely)."""
        masks, nets = self._expectations(elder, left)
        return (masks.tolist(), nets.tolist()) if advisor.KERNELS == "numpy" else (masks, nets)

    def _expectations(self, elder: int, left: int) -> tuple:
        if self._draws is None:
            self._draws = younger_replies(self.younger, *self.made)
        masks, nets, _, _ = self._draws.expectations(elder, left)
        return masks, nets

    def reply(self, elder: int, left: int) -> tuple[int, float]:
        """Younger's reply (cached): the discards (a mask) with the best declarations for him (his
        expectation over his draws) plus `STRENGTH_WEIGHT` times the strength of the cards he
        keeps for the play (the first such, in the table's order); and elder's expected net
        declarations after it. The pure path weighs only the choices that can be best (`kernels_pure`)."""
        key = (elder, left)
        if key not in self.replies:
            if advisor.KERNELS == "pure":
                if self._pruned is None:
                    self._pruned = pure.YoungerReplies(self.younger, *self.made, bonus=self.bonus_of)
                self.replies[key] = self._pruned.reply(elder, left)
            else:
                discards, net = self._expectations(elder, left)
                kept = self.younger & ~discards
                strength = sum(advisor.np.array(_SUIT_STRENGTH)[kept >> 8 * suit & 0xFF] for suit in range(4))
                best = int(advisor.np.argmax(-net + STRENGTH_WEIGHT * strength))
                self.replies[key] = int(discards[best]), float(net[best])
        return self.replies[key]

    def bonus_of(self, keep: int) -> float:
        """`STRENGTH_WEIGHT` times the strength of the kept cards `keep` for the play (cached)."""
        if keep not in self.bonus:
            self.bonus[keep] = STRENGTH_WEIGHT * _play_strength(keep)
        return self.bonus[keep]


def _play_strength(hand: int) -> float:
    """`players._strength` of a hand, by four look-ups (added in a fixed order: the same float every time)."""
    table = _SUIT_STRENGTH
    return table[hand & 0xFF] + table[hand >> 8 & 0xFF] + table[hand >> 16 & 0xFF] + table[hand >> 24 & 0xFF]


def short_list(masks: list[int], declarations: list[float], hand: int, settings: Settings, include: list[int]) -> list[int]:
    """Indexes of the choices to evaluate: all of them with `settings.every`; otherwise the best by
    the declarations (the player's own view), then the best by the declarations plus the strength
    kept for the play, then those of `include` (masks), without repeats. The closed players list
    their candidates so too (`closed.ClosedPlayer.choose_discards`)."""
    if settings.every:
        return list(range(len(masks)))
    strength = [_play_strength(hand & ~mask) for mask in masks]
    listed = [
        *sorted(range(len(masks)), key=lambda index: -declarations[index])[: settings.by_declarations],
        *sorted(range(len(masks)), key=lambda index: -(declarations[index] + STRENGTH_WEIGHT * strength[index]))[: settings.by_strength],
    ]
    included = [index for index, mask in enumerate(masks) if mask in include]
    return list(dict.fromkeys([*listed, *included]))


class _Work:
    """One evaluation: the deal as the player to move sees it, the solver, the caches, the progress."""

    def __init__(self, deal: Deal, solver: Solver, include: list[int], progress: Progress | None, standing: Standing | None = None) -> None:
        self.deal = deal
        self.standing = standing
        self.rules = deal.rules
        self.blanche = (is_carte_blanche(deal.elder_dealt), is_carte_blanche(deal.younger_dealt))
        self.solver = solver
        self.progress = progress
        self.include = include
        self.done = self.total = 0
        self.values: dict[tuple[int, int], int] = {}

    # -- elder ------------------------------------------------------------------------------------
    def elder(self, settings: Settings) -> list[Evaluation]:
        deal = self.deal
        hand = deal.hands[ELDER]
        talon = tuple(sorted(deal.talon))  # the cards only: elder does not know their order
        advice = _kept(self.solver, ("advice", deal), lambda: advise_exchange(deal))
        self.check_stop()
        listed = [advice[i] for i in short_list([mask_of(a.discards) for a in advice], [a.expected for a in advice], hand, settings, self.include)]
        self.choices = _kept(self.solver, ("replies", deal), lambda: _YoungerChoices(deal.hands[YOUNGER], talon, self.blanche, self.rules.younger_min_exchange))
        rng = random.Random(_seed(deal.hands, mask_of(talon)))
        orders = [tuple(rng.sample(talon, len(talon))) for _ in range(max(settings.samples, settings.final_samples))]
        first = orders[: settings.samples]
        finalists = min(settings.finalists, len(listed))
        self.total = sum(comb(len(talon), len(item.discards)) if settings.exhaustive else len(first) for item in listed)
        self.total += finalists * len(orders)
        evaluations = sorted((self._value_elder(item, first, settings.exhaustive) for item in listed), key=lambda e: -e.expected)
        if finalists:  # the best few again, on more orders (the first ones are solved already)
            best = [next(item for item in listed if item.discards == e.discards) for e in evaluations[:finalists]]
            evaluations[:finalists] = sorted((self._value_elder(item, orders, False) for item in best), key=lambda e: -e.expected)
        return evaluations

    def _value_elder(self, item: Advice, orders: list[tuple[Card, ...]], exhaustive: bool) -> Evaluation:
        """One of elder's choices (the advisor's item) valued over `orders` (or every order)."""
        deal = self.deal
        hand = deal.hands[ELDER]
        talon = tuple(sorted(deal.talon))
        keep = hand & ~mask_of(item.discards)
        size = len(item.discards)
        plan = self._elder_plan(size, talon, orders, exhaustive)
        if self.standing is None:
            declarations = [self._reply(keep, drawn)[1] for drawn in combinations(talon, size)]
        else:
            declarations = [0.0]  # the settlement counts the whole deal, in the play's term
        play = 0.0
        for drawn, rest, weight in plan:
            play += weight * self._modelled_play(item.discards, drawn, rest)
            self._step()
        declared = sum(declarations) / len(declarations)
        return Evaluation(ELDER, item.discards, declared + play, declared, play, len(plan), hand)

    def _modelled_play(self, discards: tuple[Card, ...], drawn: tuple[Card, ...], rest: Callable[[int], list]) -> float:
        """The play after elder's `discards` and draw, younger's reply the model's, averaged over
        her draws `rest(j)` (j cards): points, or the settlement given a standing."""
        deal = self.deal
        keep = deal.hands[ELDER] & ~mask_of(discards)
        final = keep | mask_of(drawn)
        reply, _ = self._reply(keep, drawn)
        taken = rest(reply.bit_count())
        if self.standing is None:
            return sum(self._play(final, deal.hands[YOUNGER] & ~reply | mask_of(cards)) for cards in taken) / len(taken)
        return sum(self._settled((*drawn, *cards), discards, cards_of(reply)) for cards in taken) / len(taken)

    def against_expert(self, discards: tuple[Card, ...], draws: int | None) -> Iterator[Evaluation]:
        """`figures_against_expert`: every draw of elder with the model's reply, corrected on more
        and more of them (`draws`, None: all)."""
        deal = self.deal
        talon = tuple(sorted(deal.talon))
        keep = deal.hands[ELDER] & ~mask_of(discards)
        self.choices = _kept(self.solver, ("replies", deal), lambda: _YoungerChoices(deal.hands[YOUNGER], talon, self.blanche, self.rules.younger_min_exchange))
        plan = self._elder_plan(len(discards), talon, [], True)
        order = list(range(len(plan)))
        random.Random(_seed(deal.hands, mask_of(talon)) ^ keep).shuffle(order)
        asked = order[: len(order) if draws is None else max(1, draws)]
        self.total = len(plan) + len(asked)
        model = []
        for drawn, rest, _order in plan:
            model.append((self._reply(keep, drawn)[1], self._modelled_play(discards, drawn, rest)))
            self._step()
        declared = sum(value for value, _ in model) / len(model)
        play = sum(value for _, value in model) / len(model)
        corrections = [0.0, 0.0]  # the expert's reply minus the model's, summed over the draws asked about
        for done, index in enumerate(asked, 1):
            drawn = plan[index][0]
            left = tuple(card for card in talon if card not in drawn)  # in any order: she sees only which
            after = Deal.new(deal.dealt(ELDER), deal.dealt(YOUNGER), (*drawn, *left), self.rules).apply(Exchange(discards))
            hers = evaluate_exchange(after, solver=self.solver, best_only=True)[0]  # her value: exact over her draws (or sampled)
            corrections[0] += -hers.declarations - model[index][0]
            corrections[1] += -hers.play - model[index][1]
            self._step()
            now = (declared + corrections[0] / done, play + corrections[1] / done)
            yield Evaluation(ELDER, discards, sum(now), *now, len(plan), deal.hands[ELDER], against_expert=True)

    def _elder_plan(self, size: int, talon: tuple[Card, ...], orders: list[tuple[Card, ...]], exhaustive: bool) -> list:
        """The (elder's draw, younger's draws for a reply of j cards, weight) to solve: each of the
        sampled orders, or every draw of elder with every draw of younger."""
        if not exhaustive:
            return [(order[:size], lambda j, rest=order[size:]: [rest[:j]], 1 / len(orders)) for order in orders]
        draws = list(combinations(talon, size))
        plan = []
        for drawn in draws:
            rest = tuple(card for card in talon if card not in drawn)
            plan.append((drawn, lambda j, rest=rest: [taken for taken in combinations(rest, j)], 1 / len(draws)))
        return plan

    def _reply(self, keep: int, drawn: tuple[Card, ...]) -> tuple[int, float]:
        """Younger's reply to elder's hand after drawing `drawn`, and elder's expected net declarations."""
        drawn_mask = mask_of(drawn)
        return self.choices.reply(keep | drawn_mask, mask_of(self.deal.talon) & ~drawn_mask)

    # -- younger ----------------------------------------------------------------------------------
    def younger(self, settings: Settings, best_only: bool = False) -> list[Evaluation]:
        deal = self.deal
        elder, hand = deal.hands
        left = tuple(sorted(deal.talon_left))  # the cards only: younger does not know their order
        choices = _YoungerChoices(hand, left, self.blanche, self.rules.younger_min_exchange)
        discards, net = choices.table(elder, mask_of(left))
        sizes = [mask.bit_count() for mask in discards]
        listed = short_list(discards, [-value for value in net], hand, settings, self.include)
        rng = random.Random(_seed(deal.hands, mask_of(left)))
        draws: dict[int, list[tuple[Card, ...]]] = {}
        for index in listed:
            size = int(sizes[index])
            if size not in draws:
                every = list(combinations(left, size))
                draws[size] = every if settings.exhaustive or len(every) <= settings.samples else rng.sample(every, settings.samples)
        self.total = sum(len(draws[int(sizes[index])]) for index in listed)
        pruning = best_only and self.standing is None
        if pruning:  # the likeliest best first, so that the bar to pass is high early
            included = set(self.include)
            bonus = [-float(net[index]) + choices.bonus_of(hand & ~int(discards[index])) for index in listed]
            order = sorted(range(len(listed)), key=lambda position: -bonus[position])
        else:
            order = range(len(listed))
        found: dict[int, Evaluation] = {}
        best = None
        for position in order:
            index = listed[position]
            keep = hand & ~int(discards[index])
            chosen = draws[int(sizes[index])]
            declared = -float(net[index]) if self.standing is None else 0.0
            if pruning and best is not None and int(discards[index]) not in included and self._worse(elder, keep, chosen, declared, best):
                continue
            cards = tuple(card for card in cards_of(hand) if discards[index] >> card & 1)
            play = 0.0
            for taken in chosen:
                if self.standing is None:
                    play -= self._play(elder, keep | mask_of(taken)) / len(chosen)
                else:
                    elder_drew = deal.talon[: len(deal.discards[ELDER])]
                    play += self._settled((*elder_drew, *taken), deal.discards[ELDER], cards) / len(chosen)
                self._step()
            found[position] = Evaluation(YOUNGER, cards, declared + play, declared, play, len(chosen), hand)
            best = found[position].expected if best is None else max(best, found[position].expected)
        return sorted((found[position] for position in sorted(found)), key=lambda e: -e.expected)

    def _worse(self, elder: int, keep: int, chosen: list[tuple[Card, ...]], declared: float, best: float) -> bool:
        """Whether younger's choice keeping `keep`, with her draws `chosen` and her `declared`
        expectation, is proven worse for her than `best`: elder's play, summed over her draws, is
        at least a total that puts `declared` minus its average below `best`, by lower bounds from
        null-window tests (cheaper than the values), each draw asked for its share of what is
        still missing. Values differ by 1/(8! x 20) at least, far above the margin of 1e-9."""
        needed = math.floor(len(chosen) * (declared - best + 1e-9)) + 1
        for done, taken in enumerate(chosen):
            share = -(-needed // (len(chosen) - done))  # rounded up
            found = self._play_bound(elder, keep | mask_of(taken), share)
            if found < share:
                return False
            needed -= found
        for _taken in chosen:
            self._step()
        return True

    # -- the play ---------------------------------------------------------------------------------
    def _play(self, elder: int, younger: int) -> int:
        """Elder's points minus younger's from the play of these hands, solved (cached), after the
        declarations that decide whether a pique is still possible."""
        key = (elder, younger)
        if key not in self.values:
            self.check_stop()
            self.values[key] = self.solver.value(*self._start_of_play(elder, younger))
        return self.values[key]

    def _play_bound(self, elder: int, younger: int, gamma: int) -> int:
        """`_play(elder, younger)` if it is known, else one null-window test of it at `gamma`
        (`Solver.bound`: a result >= gamma a lower bound, one below an upper bound)."""
        key = (elder, younger)
        if key in self.values:
            return self.values[key]
        self.check_stop()
        return self.solver.bound(gamma, *self._start_of_play(elder, younger))

    def _start_of_play(self, elder: int, younger: int) -> tuple:
        """The solver's arguments for the first trick of these hands, after the declarations."""
        mine, theirs = (pure.decode(pure.code(hand)) for hand in (elder, younger))
        scores = pure.declaration_scores(mine, theirs, self.blanche)[:2]
        return elder, younger, SOLVER_ELDER, None, (0, 0), scores, self.rules.low_cards_count_in_play

    def check_stop(self) -> None:
        """Between solves, the solver's stop check (a solve asks it itself)."""
        should_stop = self.solver.should_stop
        if should_stop is not None and should_stop():
            raise SearchInterrupted

    def _settled(self, drawn: tuple[Card, ...], elder_discards: tuple[Card, ...], younger_discards: tuple[Card, ...]) -> int:
        """The settlement for the player to move of the deal in which the talon is dealt so that
        elder and younger draw `drawn` in turn, after these discards: declared in full, played out."""
        deal = self.deal
        talon = (*drawn, *(card for card in sorted(deal.talon) if card not in drawn))
        dealt = Deal.new(deal.dealt(ELDER), deal.dealt(YOUNGER), talon, self.rules)
        after = dealt.apply(Exchange(elder_discards)).apply(Exchange(younger_discards))
        return deal_outcome(after, deal.to_move, self.solver, self.standing)

    def _step(self) -> None:
        """One planned draw solved: tell the progress callback, and stop here if asked (a draw
        whose play was cached asks the solver nothing)."""
        self.done += 1
        if self.progress is not None:
            self.progress(self.done, self.total)
        self.check_stop()


def part_of(progress: Progress | None, part: int, parts: int) -> Progress | None:
    """`progress` told of the `part`-th (from 0) of `parts` equal parts of a longer work, such as
    a review or a drill that evaluates several exchanges."""
    if progress is None:
        return None
    return lambda done, total: progress(part * total + done, parts * total)


# -- the end of a deal -----------------------------------------------------------------------------
def deal_outcome(deal: Deal, seat: Seat, solver: Solver, standing: Standing | None = None) -> int:
    """What a deal after the exchange is worth to `seat` with the declarations made in full from
    here and best play by both: his points minus his opponent's, or, given his `standing` before
    the partie's last deal, the settlement of the partie (the deal played out for points)."""
    deal = declared_in_full(deal)
    if standing is not None:
        final = played_out(deal, solver)
        return standing.settlement(final.scores[seat], final.scores[seat.other])
    value = deal.scores[ELDER] - deal.scores[YOUNGER]
    if deal.phase is Phase.PLAY:
        value += solver.value(*solver_position(deal))
    return value if seat is ELDER else -value


def solver_position(deal: Deal) -> tuple:
    """The solver's arguments for a deal in play."""
    position = Position.of_deal(deal)
    return (
        position.elder, position.younger, position.leader, position.led, position.tricks, position.scores,
        deal.rules.low_cards_count_in_play,
    )


def declared_in_full(deal: Deal) -> Deal:
    """The deal once every declaration still to make is made in full."""
    while deal.phase is Phase.DECLARATIONS:
        deal = deal.apply(deal.default_action())
    return deal


def played_out(deal: Deal, solver: Solver) -> Deal:
    """The deal finished by best play for points from here (lowest of equal cards)."""
    while deal.phase is Phase.PLAY:
        solution = solver.solve(*solver_position(deal))
        best = [card for card, value in solution.cards.items() if value == solution.value]
        deal = deal.apply(Play(CARDS[min(best, key=lambda card: (card & 7, card))]))
    return deal


#: What an evaluation of a deal with a solver prepares (the advisor's ranking, younger's choices),
#: kept with the solver: an analysis run in slices (no threads, `runner.py`) evaluates the same
#: deal again, with the same solver, at each slice.
_KEPT: WeakKeyDictionary[Solver, dict[tuple, object]] = WeakKeyDictionary()


def _kept(solver: Solver, key: tuple, make: Callable[[], object]) -> Any:
    """`make()`, or what it gave for `key` (with the path of `advisor.KERNELS`) with this solver."""
    kept = _KEPT.setdefault(solver, {})
    key = (*key, advisor.KERNELS)
    if key not in kept:
        kept[key] = make()
    return kept[key]


def _seed(hands: tuple[int, int], talon: int) -> int:
    """The sampling seed: from the hands and the talon's cards, never their order."""
    return hands[0] * 2**64 + hands[1] * 2**32 + talon
