"""Computer players for closed piquet: they decide from an `Observation`, never from the deal.

A `ClosedPlayer` sees what its seat may see (analysis/observation.py) and plays as bridge
programs do, by **determinization**: it deals the cards it cannot see — the opponent's hand, his
discards, the talon — in many ways consistent with what it has seen (`sample_deals`), solves each
sample with the open-hand machinery (the exact trick solver, the exchange advisor), and chooses the
action with the best total over the samples. What it has seen constrains the samples:

- the cards he played are his; a suit he failed to follow he no longer holds;
- what he announced and answered, and how many cards he exchanged: a drawn hand is kept with the
  likelihood that its holder spoke and exchanged so (`analysis/inference.py`: in full, 1; only by
  sinking, a small weight; not at all, never). The baseline levels keep instead every hand that
  makes the announcements declaring in full, then, when none turns up, one that makes them by
  sinking. Failing both (a carte blanche announced but not yet shown is rarely dealt at random)
  a hand consistent with the cards alone will do;
- the cards he showed on request (Law 55) are his.

Levels (`SETTINGS`): the **beginner** sees no further than its rules of thumb (the open beginner's,
with every unseen card taken as the opponent's); the **club** player takes the exchange the advisor
rates best on average over a few samples (as younger, the best of each number of cards valued by
the whole deal), declares in full and plays each card by the solver over a few samples; the
**expert** uses more samples, values its best exchanges by the whole deal (declarations and best
play) over samples (younger's far more widely than elder's: hers is cheap to value), the best by
the declarations and those best by the declarations plus the cards kept for the play, measures each
declaration it may make — sinking included — the same way, and in the last deal of a partie values
outcomes by the partie's settlement (rubicon and all) instead of the deal's points. In the play
both solve every holding the opponent may have left once there are few (`exact_deals`).
`club_baseline` and `expert_baseline` are the two as they were before they inferred from what they
heard, kept for the benchmark (`benchmarks/bench_match.py --closed`) to measure them against.

The samples are solved open-handed, so hiding a holding is worth nothing to them: sinking is
chosen when it pays in points or in the settlement (a player who will be rubiconed whatever he
does gives his opponent every point he scores), and by the expert, as a rule, when a category it
loses in every sample would tell the opponent a shape it holds (`choose_declaration`).

Decisions are deterministic: the same observation always gets the same choice, whatever the cards
it cannot see — except that the expert's exchange and measured declarations have a deadline
(`Settings.seconds`): they value their choices sample after sample, and when the time is spent
they choose over the samples valued whole (none: the advisor's best exchange, the declaration in
full). Only a slow deal, or a busy machine, reaches it (`benchmarks/bench_computer_moves.py`
measures how often).
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from piquet_widgets.analysis.inference import count_weight, heard, kept, speech_weight
from piquet_widgets.analysis.observation import Observation, Standing, heard_scores, observe
from piquet_widgets.analysis.players import lowest_loose, plain_card
from piquet_widgets.analysis.solver import SearchInterrupted, Solver
from piquet_widgets.engine.cards import FULL_PACK, SUIT_MASKS, Card, cards_of, mask_of
from piquet_widgets.engine.combinations import Category, best_declaration, best_first, is_carte_blanche
from piquet_widgets.engine.deal import ELDER, YOUNGER, Action, Deal, Declare, Exchange, Phase, Play, Seat
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.engine.partie import Partie
from piquet_widgets.engine.rules import Rules
from piquet_widgets.i18n import N_

__all__ = [
    "ClosedPlayer", "Screened", "Settings", "SETTINGS", "card_totals", "closed_player", "exact_deals", "exchange_totals", "playable_cards",
    "sample_deals",
    "standing_before_last_deal",
]


@dataclass(frozen=True)
class Settings:
    """How hard a level thinks: samples per decision (0: rules of thumb), exchange choices valued
    by the whole deal (0: by the declarations alone), whether it measures its declarations and
    plays for the partie; whether its samples weigh what was heard (`inference`), whether the
    exchanges it values by the whole deal include the best of every count of cards
    (`every_count`), up to how many holdings of the opponent it solves every one of in the
    play (`exact`, 0: never), how many seconds an exchange or a measured declaration may take
    (`seconds`, None: no limit; see `_valued`), whether it sinks a category it loses anyway
    when declaring it would tell the opponent more (`sinks`; see `choose_declaration`), how
    widely it searches younger's exchange (`younger_search`: advisor samples, candidates and
    whole-deal samples in place of the three above; None: as elder's), and how many candidates
    it adds, the best by the declarations plus the strength of the cards kept for the play
    (`strong`, as the open evaluator's short list: the declarations alone overlook the cards
    that win tricks). Younger's exchange is several times cheaper to value than elder's, whose
    draws come from eight unknown cards for an unknown hand, and her choice gains from more of
    the advisor's best over more samples where his, made knowing less, does not."""

    play_samples: int
    exchange_samples: int
    candidates: int
    deal_samples: int
    measured_declarations: bool
    partie_minded: bool
    inference: bool = False
    every_count: bool = False
    exact: int = 0
    seconds: float | None = None
    sinks: bool = False
    younger_search: tuple[int, int, int] | None = None
    strong: int = 0


SETTINGS = {
    "beginner": Settings(0, 0, 0, 0, False, False),
    "club": Settings(6, 2, 1, 2, False, False, inference=True, every_count=True, exact=40),
    "expert": Settings(
        10, 3, 4, 6, True, True, inference=True, every_count=True, exact=80, seconds=2.0, sinks=True, younger_search=(12, 10, 60), strong=8,
    ),
    # The levels as they were before they inferred from what they heard: the benchmark's baselines.
    "club_baseline": Settings(4, 2, 0, 0, False, False),
    "expert_baseline": Settings(10, 3, 4, 6, True, True),
}
#: Tries to find each sample that makes the same announcements declaring in full, then by sinking.
TRIES = 400


# -- sampling --------------------------------------------------------------------------------
def sample_deals(observation: Observation, count: int, rng: random.Random, inference: bool = True) -> list[Deal]:
    """`count` deals consistent with what the seat to move has seen, each at the same moment
    (same phase, same cards played), with his own cards where they really are. With `inference`
    the opponent's hands are drawn in proportion to how likely each was to be heard as it was
    (`analysis/inference.py`); without, as the baseline levels draw them: hands declaring in
    full first, then hands sinking, each as likely as the other."""
    if observation.to_move is not observation.seat:
        raise PiquetError(N_("A closed player decides only when it is its turn."))
    if observation.exchanged[YOUNGER] is None:
        build = _before_exchange if observation.seat is ELDER else _at_younger_exchange
    else:
        build = _after_exchange
    found: list[Deal] = []
    for strictness in ("heard", "cards") if inference else ("full", "sinking", "cards"):
        tries = 0
        while len(found) < count and (tries < TRIES * count or strictness == "cards"):
            tries += 1
            deal = build(observation, rng, strictness)
            if deal is not None:
                found.append(deal)
        if len(found) == count:
            break
    return found


def exact_deals(observation: Observation, limit: int, rng: random.Random) -> list[tuple[Deal, float]] | None:
    """In the play, once the opponent's cards still in hand can be held in at most `limit` ways:
    one deal for each of those holdings that agrees with what was heard, with the holding's
    weight (`inference.speech_weight`); None when there are more, or none was found."""
    if observation.phase is not Phase.PLAY or observation.blanche_shown or observation.exchanged[YOUNGER] is None:
        return None
    played = mask_of(observation.played_by(observation.opponent))
    forced = _forced(observation) & ~played
    pool = FULL_PACK & ~observation.seen_mask() & ~_voids(observation)
    need = 12 - played.bit_count() - forced.bit_count()
    if need < 0 or math.comb(pool.bit_count(), need) > limit:
        return None
    found = []
    for chosen in itertools.combinations(cards_of(pool), need):
        hand = played | forced | mask_of(chosen)
        weight = speech_weight(observation, hand)
        deal = _after_exchange(observation, rng, "heard", holding=hand) if weight else None
        if deal is not None:
            found.append((deal, weight))
    return found or None


def _unseen(observation: Observation) -> list[Card]:
    """The cards this seat has not seen, sorted (so that sampling depends on the rng alone)."""
    return list(cards_of(FULL_PACK & ~observation.seen_mask()))


def _limits(rules: Rules, seat: Seat, elder_taken: int | None) -> tuple[int, int]:
    """How many cards `seat` may exchange (younger: after elder took `elder_taken`)."""
    if seat is ELDER:
        return rules.elder_min_exchange, rules.elder_max_exchange
    return rules.younger_min_exchange, 8 - elder_taken


def _before_exchange(observation: Observation, rng: random.Random, strictness: str) -> Deal | None:
    """Elder about to exchange: younger's hand and the talon's order, from the 20 unseen cards."""
    unseen = _unseen(observation)
    rng.shuffle(unseen)
    younger, talon = unseen[:12], unseen[12:]
    if strictness != "cards" and is_carte_blanche(mask_of(younger)) != observation.carte_blanche[YOUNGER]:
        return None
    return Deal.new(observation.dealt, younger, talon, observation.rules)


def _at_younger_exchange(observation: Observation, rng: random.Random, strictness: str) -> Deal | None:
    """Younger about to exchange: elder's hand, the talon's order, and elder's discards (his
    count, chosen by the beginner's rule of thumb); heard, a hand whose rule of thumb takes
    another count is less likely (`inference.count_weight`)."""
    unseen = _unseen(observation)
    rng.shuffle(unseen)
    elder, talon = unseen[:12], unseen[12:]
    if strictness != "cards" and is_carte_blanche(mask_of(elder)) != observation.carte_blanche[ELDER]:
        return None
    count = observation.exchanged[ELDER]
    if strictness == "heard" and not kept(count_weight(mask_of(elder), count, *_limits(observation.rules, ELDER, None)), rng):
        return None
    deal = Deal.new(elder, observation.dealt, talon, observation.rules)
    return deal.apply(Exchange(lowest_loose(mask_of(elder), count, count)))


def _forced(observation: Observation) -> int:
    """The cards known to be the opponent's: those he played and those he showed."""
    return mask_of(observation.played_by(observation.opponent)) | mask_of(card for item in observation.announced for card in item.shown)


def _voids(observation: Observation) -> int:
    """The suits the opponent failed to follow, as a mask of cards he cannot hold now."""
    voids = 0
    for trick in observation.tricks:
        if trick.leader is observation.seat and trick.reply.suit != trick.lead.suit:
            voids |= SUIT_MASKS[trick.lead.suit]
    return voids


def _after_exchange(observation: Observation, rng: random.Random, strictness: str, holding: int | None = None) -> Deal | None:
    """Both have exchanged: the opponent's hand (`holding`, or drawn from the unseen cards: his
    played and shown cards his, no card of a suit he failed to follow), checked against the
    announcements, then a whole deal built round it and replayed to this moment. "heard": a drawn
    hand is kept with its likelihood (`inference`); a given `holding` is the caller's to weigh."""
    seat, other = observation.seat, observation.opponent
    forced = _forced(observation)
    voids = _voids(observation)
    unseen = FULL_PACK & ~observation.seen_mask()
    taken = observation.exchanged[other]
    if observation.blanche_shown:  # his dealt hand is known: which of it he discarded, and what he drew
        dealt = mask_of(observation.blanche_shown)
        must_draw = forced & ~dealt
        discards = rng.sample(cards_of(dealt & ~forced), taken)
        drawn = cards_of(must_draw | mask_of(rng.sample(cards_of(unseen & ~voids), taken - must_draw.bit_count())))
        hand = dealt & ~mask_of(discards) | mask_of(drawn)
        if hand & voids & ~forced:
            return None
        left = list(cards_of(unseen & ~hand))
    else:
        if holding is None:
            hand = forced | mask_of(rng.sample(cards_of(unseen & ~voids & ~forced), 12 - forced.bit_count()))
        else:
            hand = holding
        drawn = rng.sample(cards_of(hand), taken)
        left = list(cards_of(unseen & ~hand))
        rng.shuffle(left)
        discards, left = left[:taken], left[taken:]
        dealt = hand & ~mask_of(drawn) | mask_of(discards)
        if strictness != "cards" and is_carte_blanche(dealt) != observation.carte_blanche[other]:
            return None
    if strictness == "full" and not _heard_in_full(observation, hand):
        return None
    if strictness == "heard" and holding is None:
        limits = _limits(observation.rules, other, observation.exchanged[ELDER])
        if not kept(speech_weight(observation, hand) * count_weight(dealt, taken, *limits), rng):
            return None
    rng.shuffle(left)
    left += observation.talon_seen
    if seat is ELDER:
        deal = Deal.new(observation.dealt, cards_of(dealt), observation.drawn + tuple(drawn) + tuple(left), observation.rules)
        exchanges = (observation.discards, tuple(discards))
    else:
        deal = Deal.new(cards_of(dealt), observation.dealt, tuple(drawn) + observation.drawn + tuple(left), observation.rules)
        exchanges = (tuple(discards), observation.discards)
    for discarded in exchanges:
        deal = deal.apply(Exchange(discarded))
    for index, said in enumerate(observation.announced):
        for _turn in range(2):  # elder, then younger
            if deal.to_move is not seat:
                deal = _their_declaration(deal, observation, index, strictness)
                if deal is None:
                    return None
            elif index < len(observation.declared):
                deal = deal.apply(Declare(said.category, observation.declared[index]))
    for trick in observation.tricks:
        deal = deal.apply(Play(trick.lead)).apply(Play(trick.reply))
    if observation.led is not None:
        deal = deal.apply(Play(observation.led))
    if strictness != "cards" and heard_scores(deal, seat) != observation.scores:
        return None
    return deal


def _heard_in_full(observation: Observation, hand: int) -> bool:
    """Whether an opponent holding `hand` and declaring everything makes every announcement heard."""
    return all(
        heard(observation, index, best_declaration(said.category, hand)) for index, said in enumerate(observation.announced)
    )


def _their_declaration(deal: Deal, observation: Observation, index: int, strictness: str) -> Deal | None:
    """The deal after the opponent's declaration in category `index`: everything ("full", already
    checked; "cards"), or the first legal choice that makes the announcement heard ("sinking",
    "heard": everything when that does), None if there is none."""
    if strictness in ("full", "cards"):
        return deal.apply(deal.default_action())
    for action in deal.legal_actions():
        if heard(observation, index, best_first(action.combinations)):
            return deal.apply(action)
    return None


# -- valuing outcomes ----------------------------------------------------------------------------
# The evaluator is imported where it computes: it brings numpy, which a closed table does not
# need until its computer thinks (and Pyodide may not have at all).
def _sample_evaluation():
    """How the exchange evaluator values the expert's candidates in each sample: those alone, on
    one talon order each (the samples vary the talon already)."""
    from piquet_widgets.analysis.evaluator import Settings

    return Settings(by_declarations=0, by_strength=0, samples=1)


def _outcome(deal: Deal, seat: Seat, solver: Solver, standing: Standing | None) -> int:
    """The evaluator's `deal_outcome`."""
    from piquet_widgets.analysis.evaluator import deal_outcome

    return deal_outcome(deal, seat, solver, standing)


def _solve(deal: Deal, solver: Solver):
    from piquet_widgets.analysis.evaluator import solver_position

    return solver.solve(*solver_position(deal))


def exchange_totals(samples: list[Deal]) -> dict[tuple[Card, ...], float]:
    """Each choice of discards (sorted) with the advisor's expected net score of the declarations
    for the seat to move, summed over the samples: the closed player's and the closed hint's."""
    totals: dict[tuple[Card, ...], float] = {}
    for deal in samples:
        for key, expected in _advised(deal).items():
            totals[key] = totals.get(key, 0.0) + expected
    return totals


def _advised(deal: Deal) -> dict[tuple[Card, ...], float]:
    """Each choice of discards (sorted) with the advisor's expected net score of the declarations
    in one sample."""
    from piquet_widgets.analysis.advisor import advise_exchange

    return {tuple(sorted(advice.discards)): advice.expected for advice in advise_exchange(deal)}


def card_totals(
    samples: list[Deal], seat: Seat, playable: tuple[Card, ...], solver: Solver, weights: list[float] | None = None,
) -> dict[Card, float]:
    """Each playable card's value to `seat` (his points to come minus his opponent's, best play by
    both) summed over the samples (times each sample's weight, if given), each solved
    open-handed: the closed player's and the hint's."""
    totals = dict.fromkeys(playable, 0)
    sign = 1 if seat is ELDER else -1
    for index, deal in enumerate(samples):
        solution = _solve(deal, solver)
        weight = sign * (weights[index] if weights else 1)
        for card in playable:
            totals[card] += weight * solution.cards[card]
    return totals


# -- the player ------------------------------------------------------------------------------------
class ClosedPlayer:
    """A computer for closed piquet. Its methods take an `Observation` and nothing else."""

    def __init__(self, level: str = "expert") -> None:
        if level not in SETTINGS:
            raise PiquetError(N_("unknown computer player {text}; known: {known}"), text=repr(level), known=", ".join(SETTINGS))
        self.level = level
        self.settings = SETTINGS[level]
        self.solver = Solver()
        self.solver.max_entries = 300_000

    def decide(self, observation: Observation) -> Action:
        """The action for the seat to move, which must be this observation's seat."""
        rng = random.Random(repr(observation))  # the same observation, the same choice
        phase = observation.phase
        if phase is Phase.EXCHANGE:
            return Exchange(self.choose_discards(observation, rng))
        if phase is Phase.DECLARATIONS:
            return self.choose_declaration(observation, rng)
        if phase is Phase.PLAY:
            return Play(self.choose_card(observation, rng))
        raise PiquetError(N_("The deal is over: nothing more can be played."))

    def _samples(self, observation: Observation, count: int, rng: random.Random) -> list[Deal]:
        """`sample_deals` as this level draws them (inferring from what was heard, or not)."""
        return sample_deals(observation, count, rng, self.settings.inference)

    def _standing(self, observation: Observation) -> Standing | None:
        return observation.standing if self.settings.partie_minded else None

    def _deadline(self) -> float | None:
        """When a decision begun now must be taken (`time.perf_counter`), None for no limit."""
        seconds = self.settings.seconds
        return None if seconds is None else time.perf_counter() + seconds

    def _valued(self, samples: Iterable[Deal], value: Callable[[Deal], dict], deadline: float | None) -> tuple[dict, int]:
        """Each choice's values (`value(sample)`: choice -> value) summed over the samples, one
        sample after another until the `deadline` (the first sample whatever the time, unless a
        solve is interrupted), and how many samples were valued: a sample whose valuing it
        interrupts is left out, so that every choice is compared over the same samples (none at
        all: an empty dict, and the caller's first choice stands)."""
        totals: dict = {}
        valued = 0
        previous = self.solver.should_stop
        if deadline is not None:
            self.solver.should_stop = lambda: time.perf_counter() > deadline
        try:
            for sample in samples:
                for choice, worth in value(sample).items():
                    totals[choice] = totals.get(choice, 0.0) + worth
                valued += 1
                if deadline is not None and time.perf_counter() > deadline:
                    break
        except SearchInterrupted:
            pass
        finally:
            self.solver.should_stop = previous
        return totals, valued

    # -- the exchange ----------------------------------------------------------------------------
    def choose_discards(self, observation: Observation, rng: random.Random) -> tuple[Card, ...]:
        """Beginner: its rule of thumb. Otherwise the advisor's best few on average over samples
        (with `every_count`, the best of each number of cards too, so that how many to take is
        the whole deal's choice; with `strong`, the best with the cards kept for the play), each
        valued by the whole deal over samples; with no candidates, the advisor's best."""
        settings = self.settings
        deadline = self._deadline()
        hand = mask_of(observation.hand)
        low, high = _limits(observation.rules, observation.seat, observation.exchanged[ELDER])
        if not settings.exchange_samples:
            return lowest_loose(hand, low, high)
        search = (settings.exchange_samples, settings.candidates, settings.deal_samples)
        if observation.seat is YOUNGER and settings.younger_search:
            search = settings.younger_search
        advice_samples, wanted, deal_samples = search
        totals, valued = self._valued(self._samples(observation, advice_samples, rng), _advised, deadline)
        ranked = sorted(totals, key=lambda key: -totals[key])
        if not wanted:
            return ranked[0]
        from piquet_widgets.analysis import evaluator  # numpy where it is installed

        candidates = ranked[:wanted]
        if settings.every_count and observation.seat is YOUNGER:  # elder's count is rarely in doubt
            counts = {len(key) for key in candidates}
            for key in ranked:  # best first: the first of each count is its best
                if len(key) not in counts:
                    counts.add(len(key))
                    candidates.append(key)
        if settings.strong:  # and the best for the declarations with the cards kept for the play
            listing = evaluator.Settings(by_declarations=0, by_strength=settings.strong)
            means = [totals[key] / valued for key in ranked]
            strong = evaluator.short_list([mask_of(key) for key in ranked], means, hand, listing, [])
            candidates += [ranked[index] for index in strong if ranked[index] not in candidates]
        if len(candidates) == 1:
            return candidates[0]
        standing = self._standing(observation)

        def value(deal: Deal) -> dict[tuple[Card, ...], float]:
            evaluations = evaluator.evaluate_exchange(deal, _sample_evaluation(), solver=self.solver, include=candidates, standing=standing)
            return {tuple(sorted(evaluation.discards)): evaluation.expected for evaluation in evaluations}

        whole, _ = self._valued(self._samples(observation, deal_samples, rng), value, deadline)
        return _best(candidates, lambda key: whole.get(key, 0.0))  # nothing valued in time: the advisor's best

    # -- the declarations --------------------------------------------------------------------------
    def choose_declaration(self, observation: Observation, rng: random.Random) -> Declare:
        """Everything, unless the expert measures that declaring less pays (in points, or in the
        partie's settlement) over samples of what it cannot see. The samples are solved
        open-handed, so what a declaration tells is worth nothing to them; with `sinks`, a
        category that sinking costs nothing in any sample (it loses anyway) is sunk when declaring
        it would tell the opponent something (`_full_tells_more`): a shape he would hear, and his
        sampler would use."""
        category = observation.category
        full = Declare(category, best_declaration(category, mask_of(observation.hand)))
        if not self.settings.measured_declarations or not full.combinations:
            return full
        deadline = self._deadline()
        standing = self._standing(observation)
        seat = observation.seat
        samples = self._samples(observation, self.settings.deal_samples, rng)
        options = [full] + [option for option in samples[0].legal_actions() if option != full]  # the same in every sample

        def value(deal: Deal) -> dict[Declare, float]:
            return {option: _outcome(deal.apply(option), seat, self.solver, standing) for option in options}

        totals, _ = self._valued(samples, value, deadline)
        silent = Declare(category, ())
        if self.settings.sinks and full in totals and totals.get(silent, -math.inf) >= totals[full] and _full_tells_more(observation, full):
            return silent  # it loses anyway: sunk, it tells the opponent nothing
        return _best(options, lambda option: totals.get(option, 0.0))  # nothing valued in time: in full

    # -- the play ----------------------------------------------------------------------------------
    def choose_card(self, observation: Observation, rng: random.Random) -> Card:
        """Beginner: rules of thumb. Club and expert: the card with the best total over samples,
        each solved exactly (or played out and settled, for the partie); once the opponent's
        cards can be held in few ways (`exact`), over every one of them, each by its weight."""
        playable = playable_cards(observation)
        if len(playable) == 1:
            return playable[0]
        settings = self.settings
        mine = mask_of(observation.hand)
        if not settings.play_samples:
            unseen = FULL_PACK & ~observation.seen_mask()
            return plain_card(playable, mine, unseen, observation.led)
        seat = observation.seat
        standing = self._standing(observation)
        exact = exact_deals(observation, settings.exact, rng) if settings.exact else None
        if exact:
            samples, weights = [deal for deal, _weight in exact], [weight for _deal, weight in exact]
        else:
            samples, weights = self._samples(observation, settings.play_samples, rng), [1.0] * settings.play_samples
        if standing is not None:
            def value(card: Card) -> float:
                return sum(weight * _outcome(deal.apply(Play(card)), seat, self.solver, standing) for deal, weight in zip(samples, weights))
        else:
            totals = card_totals(samples, seat, playable, self.solver, weights)

            def value(card: Card) -> float:
                return totals[card]

        ordered = sorted(playable, key=lambda card: (card.rank, card.suit))  # ties: the lowest card
        return _best(ordered, value)


def _full_tells_more(observation: Observation, full: Declare) -> bool:
    """Whether declaring `full` tells the opponent more than sinking the category (declaring
    nothing) does, should it lose: elder names his best's shape whatever younger holds; younger
    only when hers is as long as the point or sequence elder named ("How much?", "To what?"), for
    otherwise she answers "Good" either way."""
    if observation.seat is ELDER:
        return True
    named = observation.announced[len(observation.declared)].elder
    return full.category is not Category.SETS and bool(named) and named[0][0] == full.combinations[0].length


def _best(choices: list, value: Callable[[object], float]):
    """The first of the choices with the highest value."""
    best, best_value = choices[0], None
    for choice in choices:
        worth = value(choice)
        if best_value is None or worth > best_value:
            best, best_value = choice, worth
    return best


def playable_cards(observation: Observation) -> tuple[Card, ...]:
    """The cards the observing seat may play now (following suit when he can)."""
    hand = mask_of(observation.hand)
    led = observation.led
    if led is None:
        return observation.hand
    return cards_of(hand & SUIT_MASKS[led.suit] or hand)


# -- at the table ------------------------------------------------------------------------------
class Screened:
    """A closed player at a table: it is handed the deal, and passes its player only what the seat
    to move may see (`observe`). This is the one place where a closed computer meets a `Deal`."""

    def __init__(self, player: ClosedPlayer, standing: Standing | None = None) -> None:
        self.player = player
        self.level = f"closed_{player.level}"
        #: The partie's standing before its last deal, from this player's side (None otherwise).
        self.standing = standing

    def choose_action(self, deal: Deal) -> Action:
        return self.player.decide(observe(deal, deal.to_move, standing=self.standing))


def closed_player(level: str) -> Screened:
    """A closed computer of a level (beginner, club or expert), ready for a table."""
    return Screened(ClosedPlayer(level))


def standing_before_last_deal(partie: Partie, player: str) -> Standing | None:
    """`player`'s standing when the next deal is a fixed-length partie's last (ties aside), else
    None: only then does the settlement, not the deal's points, decide."""
    rules = partie.rules
    finished = [deal for deal in partie.deals if deal.phase is Phase.FINISHED]
    number = len(finished) + 1
    if rules.partie_deals is None or rules.settlement != "rubicon" or number != rules.partie_deals:
        return None
    totals = Partie(rules, partie.first_dealer, tuple(finished)).totals
    other = "B" if player == "A" else "A"
    return Standing(totals[player], totals[other], partie.weight(number), rules.rubicon)
