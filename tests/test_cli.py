"""The command line as docs/formats.md specifies it, through a real subprocess."""

from __future__ import annotations

import json
import os
import re
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


def with_repeated_key(record: dict, key: str, value: object) -> str:
    """`record` as JSON text with `key` given a second time, `value` last (where json.loads keeps it)."""
    return json.dumps(record)[:-1] + f", {json.dumps(key)}: {json.dumps(value)}}}"


@pytest.mark.parametrize("command", ["replay", "solve"])
def test_a_record_with_a_repeated_key_is_refused_naming_the_key(tmp_path, command):
    path = tmp_path / "swapped.json"
    path.write_text(with_repeated_key(RECORD, "elder", RECORD["younger"]))  # last one wins would swap the hands
    done = run(command, "--json", str(path))
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert "'elder'" in done.stderr and "twice" in done.stderr
    assert done.stderr.count(str(path)) == 1


def test_a_repeated_key_inside_a_nested_object_is_refused_too(tmp_path):
    rules = '{"name": "rubicon", "partie_deals": 4, "partie_deals": 6}'
    path = tmp_path / "rules.json"
    path.write_text(json.dumps(RECORD)[:-1] + f', "rules": {rules}}}')
    done = run("replay", str(path))
    assert done.returncode == 2 and "'partie_deals'" in done.stderr


def test_a_repeated_key_on_one_line_of_json_lines_fails_that_line_only(tmp_path):
    path = tmp_path / "many.jsonl"
    path.write_text(json.dumps(RECORD) + "\n" + with_repeated_key(RECORD, "talon", RECORD["talon"]) + "\n")
    done = run("replay", "--json", str(path))
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 2 and answers[0]["phase"] == "finished"
    assert answers[1]["line"] == 2 and "'talon'" in answers[1]["error"]


@pytest.mark.parametrize("suffix", [".json", ".jsonl", "-"])
def test_a_leading_byte_order_mark_is_accepted(tmp_path, suffix):
    text = "\ufeff" + json.dumps(RECORD) + "\n"
    if suffix == "-":
        done = run("replay", "--json", "-", stdin=text)
    else:
        path = tmp_path / f"deal{suffix}"
        path.write_bytes(text.encode("utf-8"))
        done = run("replay", "--json", str(path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["scores"] == {"elder": 28, "younger": 23}


def test_a_byte_order_mark_after_the_start_is_still_refused(tmp_path):
    path = tmp_path / "many.jsonl"
    path.write_text(json.dumps(RECORD) + "\n\ufeff" + json.dumps(RECORD) + "\n", encoding="utf-8")
    done = run("replay", "--json", str(path))
    assert done.returncode == 2 and "line 2" in done.stderr.replace(":2:", " line 2")


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


def test_solve_text_speaks_the_language_of_piquet_lang(monkeypatch):
    """The seat starts its sentence in its capitalised form, the cards are named in words."""
    monkeypatch.setenv("PIQUET_LANG", "fr")
    lines = run("solve", "-", stdin=json.dumps(POSITION | {"leader": "younger"})).stdout.splitlines()
    assert lines[0].startswith("Le cadet joue.")
    assert sorted(line.split("\u00a0:")[0] for line in lines[1:]) == ["huit de pique", "roi de pique"]


def test_solve_refuses_a_finished_or_bad_position():
    done = run("solve", "--json", "-", stdin=json.dumps(RECORD))
    assert done.returncode == 2 and "finished" in done.stderr and len(done.stderr.splitlines()) == 1
    done = run("solve", "--json", "-", stdin=json.dumps(POSITION | {"leader": 3}))
    assert done.returncode == 2 and "leader" in done.stderr


def test_lessons_are_copied_once_and_kept(tmp_path):
    target = tmp_path / "mine"
    done = run("lessons", str(target))
    copies = sorted(p.name for p in target.glob("*.ipynb"))
    assert done.returncode == 0 and len(copies) == 11 and copies[0].startswith("01-")
    (target / copies[0]).write_text("my own notes")
    again = run("lessons", str(target))
    assert again.returncode == 0 and (target / copies[0]).read_text() == "my own notes"
    run("lessons", str(target), "--overwrite")
    assert (target / copies[0]).read_text() != "my own notes"


def test_lessons_in_english_are_the_shipped_notebooks_and_in_french_carry_french_words(tmp_path):
    from piquet_widgets.app import LESSONS_DIR

    english, french = tmp_path / "en", tmp_path / "fr"
    assert run("lessons", str(english)).returncode == 0
    assert all(path.read_bytes() == (LESSONS_DIR / path.name).read_bytes() for path in english.glob("*.ipynb"))
    assert run("lessons", str(french), "--lang", "fr").returncode == 0
    first = json.loads((french / "03-the-point.ipynb").read_text(encoding="utf-8"))["cells"][0]
    assert first["cell_type"] == "markdown" and first["source"].startswith("# Leçon 3\u00a0: Le point")
    refused = run("lessons", str(tmp_path / "xx"), "--lang", "xx")
    assert refused.returncode == 2 and "--lang" in refused.stderr and not (tmp_path / "xx").exists()


def test_lessons_into_a_file_exits_2(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    done = run("lessons", str(blocker))
    assert done.returncode == 2 and f"{blocker}: not a folder" in done.stderr and "Traceback" not in done.stderr


def test_lessons_into_an_unwritable_folder_exits_2(tmp_path):
    done = run("lessons", "/proc/piquet")
    assert done.returncode == 2 and "cannot copy the lessons" in done.stderr and "Traceback" not in done.stderr


# -- the record contract of formats.md -------------------------------------------------------------
EXCHANGED = {key: RECORD[key] for key in ("rules", "elder", "younger", "talon", "elder_discards", "younger_discards")}
# Elder after his exchange: the seven he kept and the top five of the talon.
ELDER_AFTER = "AS JS AH QH JH 8H JC 9S 8S KH 9C KD".split()


@pytest.mark.parametrize("play", [None, ""])
def test_replay_of_a_record_at_the_opening_lead_scores_the_declarations(play):
    record = EXCHANGED if play is None else EXCHANGED | {"play": play}
    answer = json.loads(run("replay", "--json", "-", stdin=json.dumps(record)).stdout)
    # formats.md's abridged example: elder's point 5 and quart 4, younger's sets 17; no play yet
    assert answer["phase"] == "play"
    assert [(e["kind"], e["player"], e["points"]) for e in answer["events"]] == [("point", "elder", 5), ("sequence", "elder", 4), ("sets", "younger", 17)]
    assert answer["scores"] == {"elder": 9, "younger": 17} and answer["tricks"] == {"elder": 0, "younger": 0}


def test_solve_answers_the_opening_lead_of_a_record_without_play():
    done = run("solve", "--json", "-", stdin=json.dumps(EXCHANGED))
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["to_move"] == "elder" and sorted(answer["cards"]) == sorted(ELDER_AFTER)
    assert answer["value"] == max(answer["cards"].values())  # elder leads and takes his best card


def test_solve_of_a_deal_before_its_exchange_says_the_exchange_is_missing():
    for record in ({key: RECORD[key] for key in ("elder", "younger", "talon")}, {key: RECORD[key] for key in ("elder", "younger", "talon", "elder_discards")}):
        done = run("solve", "--json", "-", stdin=json.dumps(record))
        assert done.returncode == 2 and done.stdout == ""
        assert "exchange is missing" in done.stderr and len(done.stderr.splitlines()) == 1


def test_a_record_with_play_but_no_exchange_is_refused():
    record = {key: RECORD[key] for key in ("elder", "younger", "talon", "elder_discards", "play")}
    done = run("replay", "--json", "-", stdin=json.dumps(record))
    assert done.returncode == 2 and "younger_discards" in done.stderr and "Traceback" not in done.stderr


# -- JSON Lines ------------------------------------------------------------------------------------
def test_json_lines_answer_every_line_and_report_each_bad_one(tmp_path):
    path = tmp_path / "many.jsonl"
    lines = [json.dumps(RECORD), "{broken", json.dumps(RECORD | {"talon": "AS"}), json.dumps(EXCHANGED)]
    path.write_text("\n".join(lines) + "\n")
    done = run("replay", "--json", str(path))
    assert done.returncode == 2 and done.stdout.endswith("\n")
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == 4
    assert answers[0]["scores"] == {"elder": 28, "younger": 23} and answers[3]["phase"] == "play"
    assert answers[1]["line"] == 2 and "not valid JSON" in answers[1]["error"]
    assert answers[2]["line"] == 3 and "talon" in answers[2]["error"]
    errors = done.stderr.splitlines()
    assert len(errors) == 2 and errors[0].startswith(f"{path}:2: ") and errors[1].startswith(f"{path}:3: talon")


def test_json_lines_all_good_exit_0_and_end_with_a_newline(tmp_path):
    path = tmp_path / "many.jsonl"
    path.write_text(json.dumps(EXCHANGED) + "\n" + json.dumps(RECORD))  # no newline at the end
    for command in ("replay", "solve"):
        done = run(command, "--json", str(path)) if command == "replay" else run(command, "--json", "-", stdin=json.dumps(EXCHANGED) + "\n" + json.dumps(EXCHANGED))
        assert done.returncode == 0 and done.stderr == "" and done.stdout.endswith("\n")
        assert len(done.stdout.splitlines()) == 2


def test_a_json_lines_file_over_the_cap_is_read_line_by_line(tmp_path):
    path = tmp_path / "many.jsonl"
    line = json.dumps(RECORD)
    count = (1 << 20) // len(line) + 50  # more than 1 MiB in all, every line small
    with path.open("wb") as stream:
        stream.write((line + "\n").encode() * count)
        stream.write(b'{"elder": "' + b"x" * (1 << 20) + b'"}\n')  # one line over the cap
        stream.write(b"\xff\xfe\n" + line.encode() + b"\n")
    done = run("replay", "--json", str(path))
    answers = done.stdout.splitlines()
    assert done.returncode == 2 and len(answers) == count + 3
    assert json.loads(answers[0])["scores"] == {"elder": 28, "younger": 23} and json.loads(answers[-1])["phase"] == "finished"
    assert json.loads(answers[count]) == {"error": json.loads(answers[count])["error"], "line": count + 1}
    assert "too long" in answers[count] and "UTF-8" in answers[count + 1]
    assert [message.split(": ")[0] for message in done.stderr.splitlines()] == [f"{path}:{count + 1}", f"{path}:{count + 2}"]


# -- law numbers -----------------------------------------------------------------------------------
DATA = Path(__file__).parent / "data"
# rules.md: carte blanche Law 61, the play (leads, wins, last trick) Law 65, the repique Law 68, the pique Law 69
LAW = {"carte_blanche": 61, "point": 62, "sequence": 63, "sets": 64, "lead": 65, "win": 65, "last": 65, "cards": 66, "capot": 66, "repique": 68, "pique": 69}


@pytest.mark.parametrize("name, bonus", [("walkthrough_pique.json", "pique"), ("walkthrough_repique_younger.json", "repique")])
def test_every_event_carries_its_law_and_cards(name, bonus):
    record = json.loads((DATA / name).read_text())["record"]
    events = json.loads(run("replay", "--json", "-", stdin=json.dumps(record)).stdout)["events"]
    assert all({"law", "cards"} <= set(event) for event in events)
    assert [event["law"] for event in events if event["kind"] == bonus] == [69 if bonus == "pique" else 68]
    assert all(event["law"] == LAW[event["kind"]] for event in events)


# -- hostile files ---------------------------------------------------------------------------------
def hostile_files(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    deep_lines = tmp_path / "deep.jsonl"
    deep_lines.write_text("[" * 100_000 + "]" * 100_000 + "\n")
    huge_number = tmp_path / "number.json"
    huge_number.write_text("1" * 100_000)
    huge_field = tmp_path / "field.json"
    huge_field.write_text(json.dumps(RECORD | {"rules": {"name": "rubicon", "partie_deals": 10**4000}}))
    binary = tmp_path / "binary.json"
    binary.write_bytes(bytes(range(256)) * 4)
    large = tmp_path / "large.json"
    large.write_text(" " * (2 << 20) + "{}")
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    return [deep, deep_lines, huge_number, huge_field, binary, large, pipe, tmp_path, Path("/dev/zero")]


@pytest.mark.parametrize("command", ["replay", "solve", "review"])
def test_hostile_files_exit_2_with_one_line_and_no_traceback(tmp_path, command):
    for path in hostile_files(tmp_path):
        done = run(command, "--json", str(path))
        assert done.returncode == 2, path
        assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr, (path, done.stderr[:300])


def test_endless_standard_input_is_refused_at_the_cap():
    with open("/dev/zero", "rb") as endless:
        done = subprocess.run([sys.executable, "-m", "piquet_widgets", "replay", "-"], stdin=endless, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "too large" in done.stderr and len(done.stderr.splitlines()) == 1


@pytest.mark.parametrize("text, words", [("[" * 100_000, "nested too deeply"), ("1" * 100_000, "too many digits")])
def test_deep_or_huge_json_says_what_is_wrong(text, words):
    done = run("replay", "-", stdin=text)
    assert done.returncode == 2 and words in done.stderr


def test_an_error_quotes_only_an_excerpt_of_a_bad_value():
    done = run("replay", "--json", "-", stdin=json.dumps(RECORD | {"rules": "x" * 4096}))
    assert done.returncode == 2 and "rules" in done.stderr and "xxxx" in done.stderr
    assert len(done.stderr) < 300
    done = run("replay", "--json", "-", stdin=json.dumps(RECORD | {"elder": "Q" * 4096}))
    assert done.returncode == 2 and "elder" in done.stderr and len(done.stderr) < 300


def test_lessons_overwrite_replaces_a_symbolic_link_not_its_target(tmp_path):
    target = tmp_path / "mine"
    run("lessons", str(target))
    first = sorted(target.glob("*.ipynb"))[0]
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me")
    first.unlink()
    first.symlink_to(precious)
    kept = run("lessons", str(target))
    assert kept.returncode == 0 and first.is_symlink() and precious.read_text() == "keep me"
    done = run("lessons", str(target), "--overwrite")
    assert done.returncode == 0, done.stderr
    assert precious.read_text() == "keep me"
    assert not first.is_symlink() and json.loads(first.read_text())["nbformat"] == 4


# -- help ------------------------------------------------------------------------------------------
def test_every_option_has_help_stating_its_default():
    import argparse

    from piquet_widgets.cli import _parser

    commands = next(action for action in _parser()._actions if isinstance(action, argparse._SubParsersAction))
    assert set(commands.choices) == {"serve", "replay", "solve", "deal", "review", "lessons", "build-static"}
    checked = set()
    for name, command in commands.choices.items():
        assert any(choice.dest == name and choice.help for choice in commands._choices_actions), name
        for action in command._actions:
            if isinstance(action, argparse._HelpAction) or (name == "serve" and action.dest not in ("port", "no_browser")):
                continue
            assert action.help and "default" in action.help, (name, action.dest)
            checked.add((name, action.dest))
    assert {("deal", "seed"), ("deal", "json"), ("lessons", "folder"), ("replay", "file"), ("solve", "json"), ("serve", "port"), ("serve", "no_browser"), ("review", "seat")} <= checked
    assert "(default: a random seed)" in " ".join(run("deal", "--help").stdout.split())


def test_help_points_to_the_formats_in_the_repository():
    import piquet_widgets.cli as cli

    text = run("--help").stdout
    assert "docs/formats.md" in " ".join(text.split()) and "docs/formats.md" in cli.__doc__
    for command in ("replay", "solve", "deal", "lessons", "serve"):
        assert command in text


# -- review ----------------------------------------------------------------------------------------
MISTAKE_FIELDS = {"seat", "phase", "trick", "played", "best", "cost", "motif", "reason", "line"}
REVIEW_DOCS = (Path(__file__).parent.parent / "docs" / "formats.md").read_text().split("### `review --json`", 1)[1]
DOCUMENTED_MOTIFS = set(re.findall(r"^\| `([a-z_]+)` \|", REVIEW_DOCS, re.MULTILINE))


def beginner_record(seed: int) -> dict:
    """A deal played by the beginner's rules for both seats: it holds mistakes."""
    from piquet_widgets.analysis.players import complete
    from piquet_widgets.engine import Deal, record_of

    return record_of(complete(Deal.from_seed(seed))[-1])


def test_review_json_follows_the_contract():
    record = beginner_record(3)
    done = run("review", "--json", "-", stdin=json.dumps(record))
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["scores"] == json.loads(run("replay", "--json", "-", stdin=json.dumps(record)).stdout)["scores"]
    assert set(answer["best_scores"]) == {"elder", "younger"}
    assert answer["mistakes"], "the beginner's rules make mistakes"
    for mistake in answer["mistakes"]:
        assert MISTAKE_FIELDS <= set(mistake) and mistake["seat"] in ("elder", "younger")
        assert mistake["phase"] in ("exchange", "declarations", "play") and mistake["cost"] > 0
        assert mistake["motif"] in DOCUMENTED_MOTIFS and mistake["reason"].endswith(".")
        if mistake["phase"] == "play":
            assert 1 <= mistake["trick"] <= 12 and len(mistake["played"]) == 1
            assert mistake["played"][0] not in mistake["best"]


def test_review_of_each_play_mistake_agrees_with_solve():
    """Each card reviewed as a mistake, checked by `solve` on the record stopped just before it."""
    record = beginner_record(3)
    answer = json.loads(run("review", "--json", "--seat", "elder", "-", stdin=json.dumps(record)).stdout)
    plays = record["play"].split()
    checked = 0
    for mistake in answer["mistakes"]:
        assert mistake["seat"] == "elder"
        if mistake["phase"] != "play":
            continue
        before = next(i for i in range(len(plays)) if plays[i] == mistake["played"][0])
        solved = json.loads(run("solve", "--json", "-", stdin=json.dumps(record | {"play": " ".join(plays[:before])})).stdout)
        assert solved["to_move"] == "elder"
        assert mistake["cost"] == solved["value"] - solved["cards"][mistake["played"][0]]
        assert set(mistake["best"]) == {card for card, value in solved["cards"].items() if value == solved["value"]}
        assert mistake["line"] and mistake["line"][0] in set(record["younger"].split() + record["talon"].split())  # younger replies first
        checked += 1
    assert checked


def test_review_of_a_record_stopped_mid_deal():
    record = beginner_record(3)
    record["play"] = " ".join(record["play"].split()[:9])  # stopped in the fifth trick
    done = run("review", "--json", "-", stdin=json.dumps(record))
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["scores"] == json.loads(run("replay", "--json", "-", stdin=json.dumps(record)).stdout)["scores"]
    assert all(m["trick"] <= 5 for m in answer["mistakes"] if m["phase"] == "play")


def test_review_text_gives_one_line_per_mistake_and_the_scores():
    record = beginner_record(3)
    answer = json.loads(run("review", "--json", "-", stdin=json.dumps(record)).stdout)
    lines = run("review", "-", stdin=json.dumps(record)).stdout.strip().splitlines()
    assert len(lines) == len(answer["mistakes"]) + 1
    assert all(mistake["reason"] in line for mistake, line in zip(answer["mistakes"], lines))
    assert lines[-1].startswith("Scores: elder ")


@pytest.mark.parametrize("content", ["{not json", json.dumps(RECORD | {"play": "AH 7D"}), json.dumps({"deals": [RECORD], "first_dealer": "A"})])
def test_review_of_a_bad_record_exits_2_with_one_line(tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_text(content)
    done = run("review", "--json", str(path))
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_review_json_lines_answers_every_line(tmp_path):
    path = tmp_path / "many.jsonl"
    path.write_text("\n".join([json.dumps(beginner_record(3)), "{broken", json.dumps(EXCHANGED)]) + "\n")
    done = run("review", "--json", "--seat", "younger", str(path))
    assert done.returncode == 2
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == 3 and answers[1]["line"] == 2 and "error" in answers[1]
    assert all(m["seat"] == "younger" for m in answers[0]["mistakes"])
    assert answers[2]["mistakes"] == [] or all(m["phase"] != "play" for m in answers[2]["mistakes"])
    assert done.stderr.splitlines() == [line for line in done.stderr.splitlines() if line.startswith(f"{path}:2: ")]


def test_every_motif_is_documented():
    from piquet_widgets.analysis.mistakes import MOTIFS

    assert DOCUMENTED_MOTIFS == set(MOTIFS)
