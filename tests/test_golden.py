"""Golden playthroughs: whole deals written out step by step (state, legal actions, action,
events) and compared line by line, and the English texts of every step of the same deals (the
narration and dialogue the walkthrough shows: `NAME.steps.txt`). Regenerate after a deliberate
change with `python tests/test_golden.py` and read the diff before committing it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from piquet_widgets.engine import Deal, Phase, record_timeline
from piquet_widgets.i18n import set_language
from piquet_widgets.teach.narration import explain_step
from piquet_widgets.teach.steps import steps_of

GOLDEN = Path(__file__).parent / "golden"


def describe(deal: Deal) -> str:
    hands = " | ".join(" ".join(card.code for card in deal.hand(seat)) for seat in (0, 1))
    turn = deal.to_move.key if deal.to_move is not None else "-"
    return f"state {deal.phase.value} to_move={turn} hands=[{hands}] scores={deal.scores[0]}-{deal.scores[1]}"


def describe_legal(deal: Deal) -> str:
    choices = deal.legal_actions()
    if deal.phase is Phase.EXCHANGE:
        return f"legal discard {choices.low}..{choices.high} of {len(deal.hand(deal.to_move))}: {len(choices)} choices"
    if deal.phase is Phase.DECLARATIONS:
        return "legal " + " / ".join(",".join(c.name() for c in a.combinations) or "nothing" for a in choices)
    return "legal " + " ".join(a.card.code for a in choices)


def describe_action(before: Deal, after: Deal) -> str:
    if before.phase is Phase.EXCHANGE:
        seat = before.to_move
        return f"action {seat.key} discards {' '.join(c.code for c in after.discards[seat])}"
    if before.phase is Phase.DECLARATIONS:
        declared = after.declarations[-1]
        return f"action {declared.player.key} declares {declared.category.value}: {', '.join(c.name() for c in declared.combinations) or 'nothing'}"
    played = after.led if after.led is not None else after.tricks[-1].reply
    return f"action {before.to_move.key} plays {played.code}"


def playthrough(record: dict) -> list[str]:
    timeline = record_timeline(record)
    lines = [describe(timeline[0])] + [f"event {e.kind} {e.player.key} {e.points}" for e in timeline[0].events]
    for before, after in zip(timeline, timeline[1:]):
        lines += [describe_legal(before), describe_action(before, after)]
        lines += [f"event {e.kind} {e.player.key} {e.points}" for e in after.events[len(before.events):]]
        lines.append(describe(after))
    return lines


def step_texts(record: dict) -> list[str]:
    """Every step's explanation in English: title, dialogue, narration, scores."""
    lines = []
    for step in steps_of(record_timeline(record)):
        explanation = explain_step(step)
        lines.append(f"## step {step.index + 1} ({step.kind.value}): {explanation.title}")
        lines += [f"{seat.key} says: {text}" for seat, text in explanation.dialogue]
        lines += explanation.lines
        lines += [f"score: {text}" for text in explanation.scores]
    return lines


CASES = sorted(path.stem for path in GOLDEN.glob("*.json"))


def test_there_are_at_least_five_golden_deals():
    assert len(CASES) >= 5


@pytest.mark.parametrize("name", CASES)
def test_playthrough_matches_golden_file(name):
    record = json.loads((GOLDEN / f"{name}.json").read_text())
    expected = (GOLDEN / f"{name}.txt").read_text().splitlines()
    actual = playthrough(record)
    for number, (want, got) in enumerate(zip(expected, actual), 1):
        assert got == want, f"{name}.txt line {number}"
    assert len(actual) == len(expected)


@pytest.mark.parametrize("name", CASES)
def test_step_texts_match_golden_file(name):
    record = json.loads((GOLDEN / f"{name}.json").read_text())
    expected = (GOLDEN / f"{name}.steps.txt").read_text(encoding="utf-8").splitlines()
    actual = step_texts(record)
    for number, (want, got) in enumerate(zip(expected, actual), 1):
        assert got == want, f"{name}.steps.txt line {number}"
    assert len(actual) == len(expected)


if __name__ == "__main__":
    set_language("en")
    for name in sys.argv[1:] or CASES:
        record = json.loads((GOLDEN / f"{name}.json").read_text())
        (GOLDEN / f"{name}.txt").write_text("\n".join(playthrough(record)) + "\n")
        (GOLDEN / f"{name}.steps.txt").write_text("\n".join(step_texts(record)) + "\n", encoding="utf-8")
