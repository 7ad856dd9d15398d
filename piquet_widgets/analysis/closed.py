"""Computer players for closed piquet: they decide from an `Observation`, never from the deal.

A `ClosedPlayer` sees what its seat may see (analysis/observation.py) and plays as bridge
programs do, by **determinization**: it deals the cards it cannot see — the opponent's hand, his
discards, the talon — in many ways consistent with what it has seen (`sample_deals`), solves each
sample with the open-hand machinery (the exact trick solver, the exchange advisor), and chooses the
action with the best total over the samples. What it has seen constrains the samples:

- the cards he played are his; a suit he failed to follow he no longer holds;
- what he announced: the sampled hand, declaring in full, must make the same announcements (the
  same point length and count, the same sequences and sets, the same answers to ours). When no
  such hand turns up, a hand that could have made them by sinking will do, and failing that
  (a carte blanche announced but not yet shown is rarely dealt at random) a hand consistent with
  the cards alone;
- the cards he showed on request (Law 55) are his.

Levels (`SETTINGS`): the **beginner** sees no further than its rules of thumb (the open beginner's,
with every unseen card taken as the opponent's); the **club** player takes the exchange the
advisor rates best on average over a few samples, declares in full and plays each card by the
solver over a few samples; the **expert** uses more samples, values its best exchanges by the
whole deal (declarations and best play) over samples, measures each declaration it may make —
sinking included — the same way, and in the last deal of a partie values outcomes by the
partie's settlement (rubicon and all) instead of the deal's points.

The samples are solved open-handed, so hiding a holding is worth nothing to them: sinking is
chosen only when it pays in points or in the settlement (a player who will be rubiconed whatever
he does gives his opponent every point he scores). Decisions are deterministic: the same
observation always gets the same choice, whatever the cards it cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from piquet_widgets.analysis.observation import Observation, Standing, announce, heard_scores, observe, younger_has_reckoned
from piquet_widgets.analysis.players import lowest_loose, plain_card
from piquet_widgets.analysis.solver import Solver
from piquet_widgets.engine.cards import FULL_PACK, SUIT_MASKS, Card, cards_of, mask_of
from piquet_widgets.engine.combinations import Combination, best_declaration, best_first, is_carte_blanche
from piquet_widgets.engine.deal import ELDER, YOUNGER, Action, Deal, Declare, Exchange, Phase, Play, Seat
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.engine.partie import Partie
from piquet_widgets.i18n import N_

__all__ = [
    "ClosedPlayer", "Screened", "Settings", "SETTINGS", "card_totals", "closed_player", "exchange_totals", "playable_cards", "sample_deals",
    "standing_before_last_deal",
]


@dataclass(frozen=True)
class Settings:
    """How hard a level thinks: samples per decision (0: rules of thumb), exchange choices valued
    by the whole deal (0: by the declarations alone), and whether it measures its declarations
    and plays for the partie."""

    play_samples: int
    exchange_samples: int
    candidates: int
    deal_samples: int
    measured_declarations: bool
    partie_minded: bool


SETTINGS = {
    "beginner": Settings(0, 0, 0, 0, False, False),
    "club": Settings(4, 2, 0, 0, False, False),
    "expert": Settings(10, 3, 4, 6, True, True),
}
#: Tries to find each sample that makes the same announcements declaring in full, then by sinking.
TRIES = 400


# -- sampling --------------------------------------------------------------------------------
def sample_deals(observation: Observation, count: int, rng: random.Random) -> list[Deal]:
    """`count` deals consistent with what the seat to move has seen, each at the same moment
    (same phase, same cards played), with his own cards where they really are."""
    if observation.to_move is not observation.seat:
        raise PiquetError(N_("A closed player decides only when it is its turn."))
    if observation.exchanged[YOUNGER] is None:
        build = _before_exchange if observation.seat is ELDER else _at_younger_exchange
    else:
        build = _after_exchange
    found: list[Deal] = []
    for strictness in ("full", "sinking", "cards"):
        tries = 0
        while len(found) < count and (tries < TRIES * count or strictness == "cards"):
            tries += 1
            deal = build(observation, rng, strictness)
            if deal is not None:
                found.append(deal)
        if len(found) == count:
            break
    return found


def _unseen(observation: Observation) -> list[Card]:
    """The cards this seat has not seen, sorted (so that sampling depends on the rng alone)."""
    return list(cards_of(FULL_PACK & ~observation.seen_mask()))


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
    count, chosen by the beginner's rule of thumb)."""
    unseen = _unseen(observation)
    rng.shuffle(unseen)
    elder, talon = unseen[:12], unseen[12:]
    if strictness != "cards" and is_carte_blanche(mask_of(elder)) != observation.carte_blanche[ELDER]:
        return None
    count = observation.exchanged[ELDER]
    deal = Deal.new(elder, observation.dealt, talon, observation.rules)
    return deal.apply(Exchange(lowest_loose(mask_of(elder), count, count)))


def _after_exchange(observation: Observation, rng: random.Random, strictness: str) -> Deal | None:
    """Both have exchanged: the opponent's hand from the unseen cards (his played and shown cards
    his, no card of a suit he failed to follow), checked against the announcements, then a whole
    deal built round it and replayed to this moment."""
    seat, other = observation.seat, observation.opponent
    forced = mask_of(observation.played_by(other)) | mask_of(card for item in observation.announced for card in item.shown)
    voids = 0
    for trick in observation.tricks:
        if trick.leader is seat and trick.reply.suit != trick.lead.suit:
            voids |= SUIT_MASKS[trick.lead.suit]
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
        hand = forced | mask_of(rng.sample(cards_of(unseen & ~voids & ~forced), 12 - forced.bit_count()))
        drawn = rng.sample(cards_of(hand), taken)
        left = list(cards_of(unseen & ~hand))
        rng.shuffle(left)
        discards, left = left[:taken], left[taken:]
        dealt = hand & ~mask_of(drawn) | mask_of(discards)
        if strictness != "cards" and is_carte_blanche(dealt) != observation.carte_blanche[other]:
            return None
    if strictness == "full" and not _heard_in_full(observation, hand):
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
    for index, heard in enumerate(observation.announced):
        for _turn in range(2):  # elder, then younger
            if deal.to_move is not seat:
                deal = _their_declaration(deal, observation, index, strictness)
                if deal is None:
                    return None
            elif index < len(observation.declared):
                deal = deal.apply(Declare(heard.category, observation.declared[index]))
    for trick in observation.tricks:
        deal = deal.apply(Play(trick.lead)).apply(Play(trick.reply))
    if observation.led is not None:
        deal = deal.apply(Play(observation.led))
    if strictness != "cards" and heard_scores(deal, seat) != observation.scores:
        return None
    return deal


def _heard(observation: Observation, index: int, theirs: tuple[Combination, ...]) -> bool:
    """Whether the opponent declaring `theirs` makes the announcement heard in category `index`."""
    heard = observation.announced[index]
    mine = observation.declared[index] if index < len(observation.declared) else None  # None: not yet
    reckoned = younger_has_reckoned(observation)
    if observation.opponent is ELDER:
        made = announce(heard.category, theirs, mine, observation.seat, reckoned=reckoned)
    else:
        made = announce(heard.category, mine, theirs, observation.seat, reckoned=reckoned)
    # The cards shown on request (Law 55) are the winner's: a sample's winner must hold them in
    # what he declared, now that a name need not say which cards (a tierce's top is not said).
    shows = set(made.shown) >= set(heard.shown)
    return (made.elder, made.younger, made.verdict) == (heard.elder, heard.younger, heard.verdict) and shows


def _heard_in_full(observation: Observation, hand: int) -> bool:
    """Whether an opponent holding `hand` and declaring everything makes every announcement heard."""
    return all(
        _heard(observation, index, best_declaration(heard.category, hand)) for index, heard in enumerate(observation.announced)
    )


def _their_declaration(deal: Deal, observation: Observation, index: int, strictness: str) -> Deal | None:
    """The deal after the opponent's declaration in category `index`: everything ("full", already
    checked; "cards"), or the first legal choice that makes the announcement heard ("sinking"),
    None if there is none."""
    if strictness != "sinking":
        return deal.apply(deal.default_action())
    for action in deal.legal_actions():
        if _heard(observation, index, best_first(action.combinations)):
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
    from piquet_widgets.analysis.advisor import advise_exchange

    totals: dict[tuple[Card, ...], float] = {}
    for deal in samples:
        for advice in advise_exchange(deal):
            key = tuple(sorted(advice.discards))
            totals[key] = totals.get(key, 0.0) + advice.expected
    return totals


def card_totals(samples: list[Deal], seat: Seat, playable: tuple[Card, ...], solver: Solver) -> dict[Card, int]:
    """Each playable card's value to `seat` (his points to come minus his opponent's, best play by
    both) summed over the samples, each solved open-handed: the closed player's and the hint's."""
    totals = dict.fromkeys(playable, 0)
    sign = 1 if seat is ELDER else -1
    for deal in samples:
        solution = _solve(deal, solver)
        for card in playable:
            totals[card] += sign * solution.cards[card]
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

    def _standing(self, observation: Observation) -> Standing | None:
        return observation.standing if self.settings.partie_minded else None

    # -- the exchange ----------------------------------------------------------------------------
    def choose_discards(self, observation: Observation, rng: random.Random) -> tuple[Card, ...]:
        """Beginner: its rule of thumb. Club: the advisor's best on average over samples. Expert:
        the advisor's best few, each valued by the whole deal over samples."""
        settings = self.settings
        hand = mask_of(observation.hand)
        low, high = _exchange_limits(observation)
        if not settings.exchange_samples:
            return lowest_loose(hand, low, high)
        totals = exchange_totals(sample_deals(observation, settings.exchange_samples, rng))
        ranked = sorted(totals, key=lambda key: -totals[key])
        if not settings.candidates:
            return ranked[0]
        from piquet_widgets.analysis.evaluator import evaluate_exchange  # numpy where it is installed

        candidates = ranked[: settings.candidates]
        standing = self._standing(observation)
        whole = dict.fromkeys(candidates, 0.0)
        for deal in sample_deals(observation, settings.deal_samples, rng):
            for evaluation in evaluate_exchange(deal, _sample_evaluation(), solver=self.solver, include=candidates, standing=standing):
                whole[tuple(sorted(evaluation.discards))] += evaluation.expected
        return _best(candidates, lambda key: whole[key])

    # -- the declarations --------------------------------------------------------------------------
    def choose_declaration(self, observation: Observation, rng: random.Random) -> Declare:
        """Everything, unless the expert measures that declaring less pays (in points, or in the
        partie's settlement) over samples of what it cannot see."""
        category = observation.category
        full = Declare(category, best_declaration(category, mask_of(observation.hand)))
        if not self.settings.measured_declarations or not full.combinations:
            return full
        standing = self._standing(observation)
        seat = observation.seat
        samples = sample_deals(observation, self.settings.deal_samples, rng)
        options = samples[0].legal_actions()  # his own choices: the same in every sample

        def value(option: Declare) -> int:
            return sum(_outcome(deal.apply(option), seat, self.solver, standing) for deal in samples)

        return _best([full] + [option for option in options if option != full], value)

    # -- the play ----------------------------------------------------------------------------------
    def choose_card(self, observation: Observation, rng: random.Random) -> Card:
        """Beginner: rules of thumb. Club and expert: the card with the best total over samples,
        each solved exactly (or played out and settled, for the partie)."""
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
        samples = sample_deals(observation, settings.play_samples, rng)
        if standing is not None:
            def value(card: Card) -> int:
                return sum(_outcome(deal.apply(Play(card)), seat, self.solver, standing) for deal in samples)
        else:
            totals = card_totals(samples, seat, playable, self.solver)

            def value(card: Card) -> int:
                return totals[card]

        ordered = sorted(playable, key=lambda card: (card.rank, card.suit))  # ties: the lowest card
        return _best(ordered, value)


def _best(choices: list, value: Callable[[object], float]):
    """The first of the choices with the highest value."""
    best, best_value = choices[0], None
    for choice in choices:
        worth = value(choice)
        if best_value is None or worth > best_value:
            best, best_value = choice, worth
    return best


def _exchange_limits(observation: Observation) -> tuple[int, int]:
    rules = observation.rules
    if observation.seat is ELDER:
        return rules.elder_min_exchange, rules.elder_max_exchange
    return rules.younger_min_exchange, 8 - observation.exchanged[ELDER]


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
