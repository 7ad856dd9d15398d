"""The command line as docs/formats.md specifies it, through a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden"
RECORD = json.loads((GOLDEN / "cavendish.json").read_text())


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "piquet_widgets", *args], input=stdin, capture_output=True, text=True, timeout=60)


def test_replay_json_of_the_published_example():
    done = run("replay", "--json", str(GOLDEN / "cavendish.json"))
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["phase"] == "finished"
    assert answer["scores"] == {"elder": 28, "younger": 23} and answer["tricks"] == {"elder": 7, "younger": 5}
    kinds = [(e["kind"], e["player"], e["points"]) for e in answer["events"]]
    assert kinds[:3] == [("point", "elder", 5), ("sequence", "elder", 4), ("sets", "younger", 17)]
    assert kinds[-1] == ("cards", "elder", 10)
    assert sum(e["points"] for e in answer["events"] if e["player"] == "elder") == 28


def test_replay_text_has_one_explained_line_per_score():
    done = run("replay", "-", stdin=json.dumps(RECORD))
    lines = done.stdout.strip().splitlines()
    answer = json.loads(run("replay", "--json", "-", stdin=json.dumps(RECORD)).stdout)
    assert len(lines) == len(answer["events"]) + 1
    assert lines[0].startswith("Elder: point of five (49), better than point of five (48)")
    assert "28" in lines[-1] and "23" in lines[-1]


def test_json_lines_one_answer_per_line(tmp_path):
    path = tmp_path / "many.jsonl"
    deals = [json.loads(run("deal", "--seed", str(seed), "--json").stdout) for seed in range(3)]
    path.write_text("\n".join(json.dumps(d) for d in [RECORD, *deals]) + "\n")
    done = run("replay", "--json", str(path))
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["phase"] for a in answers] == ["finished", "exchange", "exchange", "exchange"]
    assert answers[0]["scores"] == {"elder": 28, "younger": 23}


def test_partie_record_replay():
    partie = {"rules": "rubicon", "first_dealer": "A", "deals": [RECORD]}
    answer = json.loads(run("replay", "--json", "-", stdin=json.dumps(partie)).stdout)
    assert answer["deals"] == [{"elder": "B", "scores": {"B": 28, "A": 23}}]
    assert answer["totals"] == {"A": 23, "B": 28} and answer["result"]["winner"] is None


def test_deal_is_deterministic_for_a_seed():
    first, second = run("deal", "--seed", "42", "--json"), run("deal", "--seed", "42", "--json")
    assert first.stdout == second.stdout
    record = json.loads(first.stdout)
    assert len(record["elder"].split()) == 12 and len(record["talon"].split()) == 8
    assert json.loads(run("replay", "--json", "-", stdin=first.stdout).stdout)["phase"] == "exchange"


@pytest.mark.parametrize(
    "content, words",
    [
        ("{not json", ["not valid JSON", "line 1"]),
        (json.dumps(RECORD | {"play": "AH 7D"}), ["play (card 2)", "follow hearts"]),
        (json.dumps(RECORD | {"elder": "ZZ"}), ["elder", "'ZZ'"]),
        ("[1, 2, 3]", ["record"]),
        ("", ["not valid JSON"]),
    ],
)
def test_bad_input_exits_2_with_one_line_and_no_traceback(tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_text(content)
    done = run("replay", "--json", str(path))
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    for word in words:
        assert word in done.stderr


def test_bad_line_of_json_lines_names_the_line(tmp_path):
    path = tmp_path / "many.jsonl"
    path.write_text(json.dumps(RECORD) + "\n" + json.dumps(RECORD | {"talon": "AS"}) + "\n")
    done = run("replay", str(path))
    assert done.returncode == 2 and f"{path}:2: talon" in done.stderr


def test_missing_file_exits_2():
    done = run("replay", "/nonexistent/deal.json")
    assert done.returncode == 2 and "cannot be read" in done.stderr and "Traceback" not in done.stderr


POSITION = {"elder": "AS 7S", "younger": "KS 8S", "leader": "elder", "led": None, "tricks": {"elder": 5, "younger": 5}, "scores": {"elder": 20, "younger": 11}}


def test_solve_json_of_the_formats_example():
    # elder leads 7S: younger wins, leads KS, elder's AS takes the last trick: 3 to 2 → +1;
    # the AS first gives the last trick to younger's 8S: 2 to 2 → 0
    answer = json.loads(run("solve", "--json", "-", stdin=json.dumps(POSITION)).stdout)
    assert answer == {"to_move": "elder", "value": 1, "cards": {"7S": 1, "AS": 0}}


def test_solve_text_marks_the_cost_of_each_card():
    lines = run("solve", "-", stdin=json.dumps(POSITION)).stdout.splitlines()
    assert lines[1:] == ["seven of spades: 1 (=)", "ace of spades: 0 (−1)"]


def test_solve_refuses_a_finished_or_bad_position():
    done = run("solve", "--json", "-", stdin=json.dumps(RECORD))
    assert done.returncode == 2 and "play phase" in done.stderr
    done = run("solve", "--json", "-", stdin=json.dumps(POSITION | {"leader": 3}))
    assert done.returncode == 2 and "leader" in done.stderr


def test_lessons_are_copied_once_and_kept(tmp_path):
    target = tmp_path / "mine"
    done = run("lessons", str(target))
    copies = sorted(p.name for p in target.glob("*.ipynb"))
    assert done.returncode == 0 and len(copies) == 8 and copies[0].startswith("01-")
    (target / copies[0]).write_text("my own notes")
    again = run("lessons", str(target))
    assert again.returncode == 0 and (target / copies[0]).read_text() == "my own notes"
    run("lessons", str(target), "--overwrite")
    assert (target / copies[0]).read_text() != "my own notes"


def test_lessons_into_a_file_exits_2(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    done = run("lessons", str(blocker))
    assert done.returncode == 2 and "cannot copy the lessons" in done.stderr and "Traceback" not in done.stderr
