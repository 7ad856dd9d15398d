"""The files in examples/ replay cleanly through the installed `piquet-widgets` command, and
what they show is what the rules (docs/rules.md) say they show."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from support import REPO

EXAMPLES = REPO / "examples"
DECLARATION_KINDS = ("carte_blanche", "point", "sequence", "sets")
COURT_RANKS = set("KQJ")


def piquet_widgets(*args: str) -> subprocess.CompletedProcess:
    """Run the installed command, as a reader of the docs would, on this checkout."""
    command = shutil.which("piquet-widgets", path=os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]))
    if command is None:
        pytest.fail('the piquet-widgets command is not installed: pip install -e ".[dev]"')
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    return subprocess.run([command, *args], capture_output=True, text=True, timeout=120, env=env, cwd=REPO)


def replay_lines(path: str) -> list[dict[str, Any]]:
    """`replay --json` of a file: one answer per record."""
    done = piquet_widgets("replay", "--json", path)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def replay(name: str) -> dict[str, Any]:
    (answer,) = replay_lines(f"examples/{name}")
    return answer


def record(name: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / name).read_text())


def other(player: str) -> str:
    return "B" if player == "A" else "A"


def totals_before(events: list[dict], index: int) -> dict[str, int]:
    """Each player's score from the events before `index`, in reckoning order."""
    totals = {"elder": 0, "younger": 0}
    for event in events[:index]:
        totals[event["player"]] += event["points"]
    return totals


def the_bonus(events: list[dict], kind: str) -> tuple[int, dict]:
    bonuses = [(index, event) for index, event in enumerate(events) if event["kind"] in ("pique", "repique")]
    assert len(bonuses) == 1, "at most one pique or repique a deal, and this example has one"
    index, event = bonuses[0]
    assert event["kind"] == kind
    return index, event


@pytest.mark.parametrize("name", ["cavendish.json", "pique.json", "younger-repique.json", "capot.json", "carte-blanche.json"])
def test_every_deal_example_is_a_whole_deal_scored_event_by_event(name):
    answer = replay(name)
    assert answer["phase"] == "finished"
    assert sum(answer["tricks"].values()) == 12
    for player in ("elder", "younger"):
        assert answer["scores"][player] == sum(e["points"] for e in answer["events"] if e["player"] == player)
    assert all(isinstance(event["law"], int) for event in answer["events"])


def test_the_published_cavendish_example_scores_as_cavendish_says():
    expected = record("cavendish.json")["expected"]
    answer = replay("cavendish.json")
    assert answer["scores"] == expected["scores"] and answer["tricks"] == expected["tricks"]
    # A: point of five (5) and a quart major (4); B: four tens and three queens (14 + 3).
    assert [(e["kind"], e["player"], e["points"]) for e in answer["events"][:3]] == [
        ("point", "elder", 5), ("sequence", "elder", 4), ("sets", "younger", 17),
    ]


def test_the_pique_example_has_elders_pique_of_30_under_law_69():
    events = replay("pique.json")["events"]
    index, pique = the_bonus(events, "pique")
    assert (pique["player"], pique["points"], pique["law"]) == ("elder", 30, 69)
    before = totals_before(events, index)
    assert before["elder"] >= 30 and before["younger"] == 0
    assert events[index - 1]["kind"] in ("lead", "win", "last"), "a pique is reached in the play"
    assert before["elder"] - events[index - 1]["points"] < 30, "it comes right after the score that reached 30"


def test_the_younger_repique_example_reckons_youngers_declarations_before_elders_lead():
    events = replay("younger-repique.json")["events"]
    index, repique = the_bonus(events, "repique")
    assert (repique["player"], repique["points"], repique["law"]) == ("younger", 60, 68)
    assert all(event["kind"] in DECLARATION_KINDS for event in events[:index])
    before = totals_before(events, index)
    assert before["younger"] >= 30 and before["elder"] == 0


def test_the_capot_example_scores_40_for_every_trick_and_not_the_cards():
    answer = replay("capot.json")
    assert answer["tricks"] == {"elder": 12, "younger": 0}
    kinds = [(e["kind"], e["player"], e["points"]) for e in answer["events"]]
    assert kinds[-1] == ("capot", "elder", 40)
    assert not any(kind == "cards" for kind, _, _ in kinds)


def test_the_carte_blanche_example_scores_10_first_for_the_hand_without_a_court_card():
    dealt = record("carte-blanche.json")
    blank = [player for player in ("elder", "younger") if not COURT_RANKS & {card[0] for card in dealt[player].split()}]
    assert blank == ["elder"]
    first = replay("carte-blanche.json")["events"][0]
    assert (first["kind"], first["player"], first["points"], first["law"]) == ("carte_blanche", "elder", 10, 61)


def test_the_partie_example_adds_its_deals_and_settles_by_the_rubicon(tmp_path):
    partie = record("partie.json")
    answer = replay("partie.json")
    assert len(answer["deals"]) == len(partie["deals"]) == 6
    deals = tmp_path / "deals.jsonl"
    deals.write_text("".join(json.dumps(deal) + "\n" for deal in partie["deals"]))
    totals = {"A": 0, "B": 0}
    for number, deal_answer in enumerate(replay_lines(str(deals)), 1):
        assert deal_answer["phase"] == "finished"
        # In deal 1 the first dealer is younger; the deal alternates.
        younger = partie["first_dealer"] if number % 2 else other(partie["first_dealer"])
        elder = other(younger)
        scores = deal_answer["scores"]
        assert answer["deals"][number - 1] == {"elder": elder, "scores": {elder: scores["elder"], younger: scores["younger"]}}
        totals[elder] += scores["elder"]
        totals[younger] += scores["younger"]
    assert answer["totals"] == totals
    winner, loser = sorted(totals, key=totals.get, reverse=True)
    rubiconed = totals[loser] < 100
    points = totals[winner] + totals[loser] + 100 if rubiconed else totals[winner] - totals[loser] + 100
    assert answer["result"]["winner"] == winner
    assert answer["result"]["points"] == points and answer["result"]["rubiconed"] == rubiconed


def test_the_position_example_is_solved_as_the_two_last_tricks_work_out():
    # Elder leads AS 7S against KS 8S, five tricks each, younger has scored (no pique left).
    # The ace first: elder 1 (lead) + 1 (lead), younger 1 (win) + 1 (last): 0.
    # The seven first: younger wins it (1) and leads (1); elder's ace wins it (1) and the last
    # trick (1) after his lead (1): elder 3, younger 2: +1. Tricks stay 6-6: no cards.
    done = piquet_widgets("solve", "--json", "examples/position.json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"to_move": "elder", "value": 1, "cards": {"7S": 1, "AS": 0}}


def test_the_json_lines_example_answers_each_record_as_its_own_file_does():
    lines = [json.loads(line) for line in (EXAMPLES / "deals.jsonl").read_text().splitlines()]
    assert len(lines) >= 3
    answers = replay_lines("examples/deals.jsonl")
    assert len(answers) == len(lines)
    singles = {name: record(name) for name in ("cavendish.json", "pique.json", "younger-repique.json", "capot.json", "carte-blanche.json")}
    for line, answer in zip(lines, answers):
        (name,) = [name for name, single in singles.items() if all(single.get(key) == value for key, value in line.items())]
        assert answer == replay(name)
