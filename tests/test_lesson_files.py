"""A lesson is a file: every shipped lesson file follows the documented format, its texts are in
the catalogs, its deals replay; a malformed file is refused with a message naming the file and
the field; the order of the lessons changes no one's progress."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from piquet_widgets.engine import deal_from_code, deal_from_record, partie_from_json
from piquet_widgets.i18n_catalogs import LANGUAGES, extract, read_catalog
from piquet_widgets.teach.drills import KINDS
from piquet_widgets.teach.lessons import (
    LESSONS, LESSONS_FOLDER, LessonError, PartieSheet, Walkthrough, has_words, lesson_texts, read_folder, read_lesson,
)
from piquet_widgets.teach.progress import Progress

FILES = sorted(LESSONS_FOLDER.glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_every_shipped_lesson_file_follows_the_format(path: Path) -> None:
    lesson = read_lesson(path)
    assert path.name == f"{lesson.number:02d}-{lesson.slug}.yaml"  # its name says its place and slug
    assert all(name in KINDS for name in lesson.drills) and len(lesson.drills) >= 2


def test_the_app_reads_the_files_in_the_order_of_their_names() -> None:
    assert [item.path.name for item in LESSONS] == [path.name for path in FILES]


def test_every_text_of_every_lesson_is_in_every_catalog() -> None:
    template = extract()
    for language in LANGUAGES:
        catalog = read_catalog(language)
        for item in LESSONS:
            for message in lesson_texts(item):
                assert message in template, message
                translated = catalog.get(message)
                assert translated is not None and translated.string and not translated.fuzzy, (language, message)


def test_an_installed_package_without_babel_cfg_extracts_the_same_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    import piquet_widgets.i18n_catalogs as catalogs

    with_config = {message.id for message in extract()}
    monkeypatch.setattr(catalogs, "CONFIG", catalogs.PACKAGE_DIR / "no-babel.cfg")
    assert {message.id for message in extract()} == with_config


def test_texts_without_words_are_not_messages() -> None:
    assert not has_words("12") and not has_words("[9H 8S 7S 8D 7D]")
    assert has_words("Elder, 18") and has_words("Discarding the [KH] breaks the run")
    choices = [choice for item in LESSONS for exercise in item.exercises for choice in exercise.choices]
    assert "[9H 8S 7S 8D 7D]" in choices and "[9H 8S 7S 8D 7D]" not in {message.id for message in extract()}


def test_every_deal_of_every_lesson_replays() -> None:
    replayed = 0
    for item in LESSONS:
        for part in item.parts:
            for shown in part.shows:
                if isinstance(shown.show, Walkthrough):
                    record = shown.show.record
                    deal = deal_from_record(record) if isinstance(record, dict) else deal_from_code(record)
                    assert deal.phase.value == "finished" or isinstance(record, str)
                    replayed += 1
                elif isinstance(shown.show, PartieSheet):
                    assert partie_from_json(shown.show.partie).finished
                    replayed += 1
    assert replayed > 10


# -- a malformed file ------------------------------------------------------------------------------

GOOD = {
    "slug": "a-test",
    "title": "A test",
    "teaches": "- one thing",
    "parts": [{"heading": "Cards", "text": "Some words.", "shows": [{"cards": [{"caption": "Elder", "cards": "AS KS"}], "note": "A note."}]}],
    "exercises": [{"question": "Which?", "choices": [{"choice": "This", "right": "Because."}, {"choice": "That", "wrong": "No."}]}],
    "drills": ["highest", "trick"],
    "summary": "- one thing",
}


def spoiled(change) -> dict:
    value = json.loads(json.dumps(GOOD))
    change(value)
    return value


def write(folder: Path, value, name: str = "01-a-test.yaml") -> Path:
    path = folder / name
    path.write_text(value if isinstance(value, str) else yaml.safe_dump(value, allow_unicode=True), encoding="utf-8")
    return path


def test_a_good_file_reads(tmp_path: Path) -> None:
    lesson = read_lesson(write(tmp_path, GOOD))
    assert (lesson.slug, lesson.teaches, lesson.exercises[0].reasons, lesson.drills) == ("a-test", ("one thing",), ("", "No."), ("highest", "trick"))


@pytest.mark.parametrize(("change", "field", "words"), [
    (lambda v: v.pop("title"), "title", "missing"),
    (lambda v: v.update(colour="red"), "colour", "unknown field"),
    (lambda v: v.update(slug="The Point"), "slug", "lowercase"),
    (lambda v: v["parts"][0]["shows"][0]["cards"][0].update(cards="AS XX"), "parts[1].shows[1].cards[1].cards", "XX"),
    (lambda v: v["exercises"][0]["choices"][1].pop("wrong"), "exercises[1].choices[2]", "wrong:"),
    (lambda v: v["exercises"][0]["choices"][1].update(right="Also."), "exercises[1].choices[2]", "either"),
    (lambda v: v["exercises"][0]["choices"][0].update({"wrong": "No.", "right": None}) or v["exercises"][0]["choices"][0].pop("right"), "exercises[1].choices", "exactly one of them right"),
    (lambda v: v["drills"].append("juggling"), "drills[3]", "there is no drill juggling"),
    (lambda v: v["parts"][0].update(shows=[{"walkthrough": {"deal": {"elder": "AS"}}}]), "parts[1].shows[1].walkthrough.deal", ""),
    (lambda v: v["parts"][0].update(shows=[{"walkthrough": {"deal": "deals/missing.json"}}]), "parts[1].shows[1].walkthrough.deal", "cannot read the record"),
    (lambda v: v["parts"][0].update(shows=[{"walkthrough": {"deal": "AEBN-6BVG-7GVQ-0", "start": "teatime"}}]), "parts[1].shows[1].walkthrough.start", "teatime"),
    (lambda v: v["parts"][0].update(shows=[{"note": "Only a note."}]), "parts[1].shows[1]", "one illustration"),
    (lambda v: v.update(title="One.\n\nTwo."), "title", "one paragraph"),
    (lambda v: v.update(summary="one thing"), "summary", "Markdown list"),
])
def test_a_malformed_file_is_refused_naming_the_file_and_the_field(tmp_path: Path, change, field: str, words: str) -> None:
    path = write(tmp_path, spoiled(change))
    with pytest.raises(LessonError) as refused:
        read_lesson(path)
    message = str(refused.value)
    assert message.startswith(f"01-a-test.yaml: {field}: "), message
    assert words in message


def test_a_file_that_is_not_yaml_is_refused_with_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, "slug: a-test\ntitle: [unclosed\n")
    with pytest.raises(LessonError, match=r"01-a-test\.yaml: not a YAML file: .*line 3"):
        read_lesson(path)


def test_a_folder_with_two_lessons_of_one_slug_or_none_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LessonError, match="no lesson file"):
        read_folder(tmp_path)
    write(tmp_path, GOOD)
    write(tmp_path, GOOD, "02-again.yaml")
    with pytest.raises(LessonError, match="the slug a-test is already the slug of"):
        read_folder(tmp_path)


def test_a_bad_extra_folder_for_the_app_is_refused_without_a_traceback(tmp_path: Path) -> None:
    """A teacher's folder with a mistake: the lessons module says what is wrong in one line."""
    write(tmp_path, spoiled(lambda v: v["drills"].append("juggling")))
    done = subprocess.run(
        [sys.executable, "-c", "from piquet_widgets.teach.lessons import read_folder; import sys\n"
         "try: read_folder(sys.argv[1])\nexcept Exception as e: print(e)", str(tmp_path)],
        capture_output=True, text=True, timeout=60,
    )
    assert "01-a-test.yaml: drills[3]: there is no drill juggling" in done.stdout and "Traceback" not in done.stderr


# -- the new order keeps everyone's work -----------------------------------------------------------


def test_progress_kept_by_slug_follows_a_lesson_to_its_new_place(tmp_path: Path) -> None:
    """Lesson 5 was the reckoning and 6 the play; the play now comes first. A progress file
    written before the swap still marks the same exercises of the same lessons."""
    path = tmp_path / "progress.json"
    path.write_text(json.dumps({"version": 2, "solved": {"reckoning-pique-and-repique": ["exercise-1"], "the-play": ["drill-2"]}}))
    progress = Progress(path)
    play, reckoning = (item for item in LESSONS if item.slug in ("the-play", "reckoning-pique-and-repique"))
    assert (play.number, reckoning.number) == (5, 6)
    assert progress.is_solved(reckoning.slug, "exercise-1") and not progress.is_solved(play.slug, "exercise-1")
    assert progress.is_solved(play.slug, "drill-2") and not progress.is_solved(reckoning.slug, "drill-2")
    old = tmp_path / "old.json"  # version 1: by the numbers of the first order (5 the reckoning)
    old.write_text(json.dumps({"version": 1, "solved": {"5": ["exercise-2"], "6": ["exercise-3"]}}))
    first = Progress(old)
    assert first.is_solved("reckoning-pique-and-repique", "exercise-2") and first.is_solved("the-play", "exercise-3")


def test_the_teachers_guide_lists_every_drill_a_lesson_may_name():
    """docs/teaching.md names each kind of the registry, so a teacher can choose among them all."""
    guide = (Path(__file__).resolve().parents[1] / "docs" / "teaching.md").read_text()
    listed = guide[guide.index("The drills a lesson may name are:") :].split(". An unknown name")[0]
    assert set(re.findall(r"`([^`]+)`", listed)) == set(KINDS)
