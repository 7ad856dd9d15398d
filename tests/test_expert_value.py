"""The figure of elder's exchange hint against the table's expert younger (`value_against_expert`),
checked against brute force through the engine (every draw of elder, the expert's reply to it,
every draw of hers, declared in full, the play solved); younger's short list against every legal
discard; and the numpy and pure-Python paths giving the same figure."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from piquet_widgets.analysis import advisor
from piquet_widgets.analysis.evaluator import YOUNGER_SETTINGS, Settings, evaluate_exchange, value_against_expert
from piquet_widgets.analysis.players import ExpertPlayer
from piquet_widgets.analysis.review import EXPERT_DRAWS, hint, hint_steps
from piquet_widgets.analysis.solve import solve_position
from piquet_widgets.engine import ELDER, YOUNGER, Deal, Exchange, Phase, Position
from piquet_widgets.engine.errors import PiquetError
from piquet_widgets.teach.hints import move_details

#: A deal on which the evaluator's quick model of younger's reply valued elder's best discard
#: 9.7 points too high (+21.4 where +11.7 is true): its reply is the expert's on 2 of 56 draws.
FAR_OFF = 10


def dealt_with(deal: Deal, talon: tuple) -> Deal:
    return Deal.new(deal.dealt(ELDER), deal.dealt(YOUNGER), talon, deal.rules)


def against_the_expert(deal: Deal, discards: tuple) -> list[float]:
    """For each draw of elder (all of them, equally likely), elder's points minus younger's over
    the whole deal when younger replies as the expert computer does and draws any of the cards left."""
    talon = tuple(sorted(deal.talon))
    expert = ExpertPlayer()
    values = []
    for drawn in combinations(talon, len(discards)):
        left = tuple(card for card in talon if card not in drawn)
        reply = expert.choose_action(dealt_with(deal, (*drawn, *left)).apply(Exchange(discards))).discards
        outcomes = []
        for taken in combinations(left, len(reply)):
            rest = tuple(card for card in left if card not in taken)
            after = dealt_with(deal, (*drawn, *taken, *rest)).apply(Exchange(discards)).apply(Exchange(reply))
            while after.phase is Phase.DECLARATIONS:
                after = after.apply(after.default_action())
            outcomes.append(after.scores[ELDER] - after.scores[YOUNGER] + solve_position(Position.of_deal(after)).value)
        values.append(sum(outcomes) / len(outcomes))
    return values


@pytest.fixture(scope="module")
def far_off() -> tuple[Deal, tuple, list[float]]:
    deal = Deal.from_seed(FAR_OFF)
    discards = evaluate_exchange(deal)[0].discards
    return deal, discards, against_the_expert(deal, discards)


def test_asked_about_every_draw_the_figure_is_the_value_against_the_expert(far_off) -> None:
    deal, discards, values = far_off
    every = value_against_expert(deal, discards, draws=len(values))
    assert every.expected == pytest.approx(sum(values) / len(values))
    assert every.expected == pytest.approx(every.declarations + every.play)


def test_where_the_model_was_far_off_the_hint_is_close(far_off) -> None:
    deal, discards, values = far_off
    truth = sum(values) / len(values)
    model = evaluate_exchange(deal)[0]
    assert model.expected - truth > 5  # the old figure: the model's reply is too kind to elder
    shown = hint(deal)
    assert shown.cards == discards
    assert abs(shown.value - truth) < 1.5
    assert "if younger replies as the expert computer does" in move_details(shown)


def test_the_hint_in_steps_names_the_discards_first_and_ends_on_the_exact_figure(far_off) -> None:
    deal, discards, values = far_off
    steps = list(hint_steps(deal))
    assert steps[0].cards == discards and steps[0].value is None  # the idea needs no figure
    assert all(step.cards == discards for step in steps)
    assert steps[1] == hint(deal)  # the first figure: the one a hint asked for at once shows
    assert len(steps) == 2 + len(values) - EXPERT_DRAWS  # then one more of elder's draws at a time
    assert steps[-1].value == pytest.approx(sum(values) / len(values))  # every draw: the truth


def test_only_elder_exchanging_is_valued_against_the_expert() -> None:
    deal = Deal.from_seed(3)
    after = deal.apply(Exchange(deal.hand(ELDER)[:5]))
    with pytest.raises(PiquetError):
        value_against_expert(after, after.hand(YOUNGER)[:3])


def test_the_figure_is_the_same_on_both_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    deal = Deal.from_seed(21)
    discards = evaluate_exchange(deal)[0].discards
    found = []
    for kernels in ("numpy", "pure"):
        monkeypatch.setattr(advisor, "KERNELS", kernels)
        found.append(value_against_expert(deal, discards, draws=2))
    assert found[0] == found[1]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.integers(3, 5), st.sampled_from(("numpy", "pure")))
def test_younger_best_only_finds_the_same_best(seed: int, taken: int, kernels: str) -> None:
    """Valuing younger's best only (choices proven worse left out) gives the same first choice and
    figure as valuing every choice, and still values the choices asked for."""
    deal = Deal.from_seed(seed)
    elder = next(item for item in advisor.advise_exchange(deal) if len(item.discards) == taken)
    after = deal.apply(Exchange(elder.discards))
    asked = after.legal_actions()[-1].discards  # the last of the list: one of the worst
    every = evaluate_exchange(after)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(advisor, "KERNELS", kernels)
        best = evaluate_exchange(after, include=[asked], best_only=True)
    assert best[0] == every[0]
    assert next(item for item in best if item.discards == asked) == next(item for item in every if item.discards == asked)


@pytest.mark.parametrize(("seed", "taken", "valued"), [(21, 5, 38), (7, 4, 8)])
def test_younger_best_only_leaves_out_the_choices_proven_worse(seed: int, taken: int, valued: int) -> None:
    """On these deals most of younger's choices are proven worse than the best and left out (not
    on every deal: seed 1019, elder taking three, leaves out none of its thirteen worse choices)."""
    deal = Deal.from_seed(seed)
    elder = next(item for item in advisor.advise_exchange(deal) if len(item.discards) == taken)
    after = deal.apply(Exchange(elder.discards))
    every = evaluate_exchange(after)
    best = evaluate_exchange(after, best_only=True)
    assert best[0] == every[0] and len(best) == valued < len(every)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.integers(3, 5))
def test_younger_short_list_holds_a_best_discard(seed: int, taken: int) -> None:
    """Every legal discard of younger valued on the evaluator's own draws: one as good as the
    best is in its short list (elder took 3 to 5 cards, the advisor's best of that number)."""
    deal = Deal.from_seed(seed)
    elder = next(item for item in advisor.advise_exchange(deal) if len(item.discards) == taken)
    after = deal.apply(Exchange(elder.discards))
    every = [choice.discards for choice in after.legal_actions()]
    full = evaluate_exchange(after, Settings(0, 0, samples=YOUNGER_SETTINGS.samples), include=every)
    assert len(full) == len(every)
    value = {frozenset(item.discards): item.expected for item in full}
    listed = evaluate_exchange(after)
    assert max(value[frozenset(item.discards)] for item in listed) == full[0].expected
