"""The lessons, read from their files: one YAML file per lesson, the one source of the app's
lesson pages, the lesson notebooks and the catalogs' lesson texts.

The shipped lessons are `piquet_widgets/lessons/*.yaml`, taught in the order of their file
names; a folder of a teacher's own lessons (`PIQUET_LESSONS`, set by `serve --lessons DIR`)
comes after them. The format is described in docs/teaching.md ("Writing a lesson"): a lesson has
a slug, a title, what it teaches, parts (Markdown paragraphs, each part with the cards, deal
walkthroughs, partie sheets, practice tables or odds tables it shows), exercises whose every
choice is either `right` (with the explanation) or `wrong` (with the reason), the names of its
drills and a summary. Texts are Markdown paragraphs: `**bold**`, `*italic*` and cards by code in
brackets (`[9H KH]`); a line break inside a paragraph is a space. Each paragraph is one message
of the catalogs (`extract`, registered in babel.cfg) and is translated when shown (`text()`).

A file that does not follow the format is refused with a `LessonError` naming the file and the
field: `03-the-point.yaml: exercises[2].choices[1]: ...`.

>>> [lesson.number for lesson in LESSONS][:6], [lesson.slug for lesson in LESSONS][4:6]
([1, 2, 3, 4, 5, 6], ['the-play', 'reckoning-pique-and-repique'])
>>> text(lesson(3).title), lesson("the-point").number
('The point', 3)
>>> lesson(3).exercises[0].answer
0
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from piquet_widgets.engine import PiquetError, deal_from_code, deal_from_record, partie_from_json
from piquet_widgets.engine.cards import parse_cards
from piquet_widgets.i18n import N_, _
from piquet_widgets.teach.steps import PHASES
from piquet_widgets.teach.words import card_symbol

LESSONS_FOLDER = Path(__file__).resolve().parent.parent / "lessons"
EXTRA_FOLDER_VARIABLE = "PIQUET_LESSONS"  # a teacher's folder of lessons, after the shipped ones
_CARD_CODES = re.compile(r"\[((?:[AKQJT987][SHDC] ?)+)\]")
_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
# PyYAML's safe loader, in C when PyYAML was built with libyaml (ten times faster), the same rules.
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def text(message: str, **params: Any) -> str:
    """A lesson text in the current language, with its parameters filled in and the cards it
    names by code in brackets ('[9H KH]') written as `symbols` writes them."""
    translated = _(message)
    translated = translated.format(**params) if params else translated
    return _CARD_CODES.sub(lambda match: symbols(match.group(1)), translated)


def heading(lesson: Lesson) -> str:
    """'Lesson 3: The point', in the current language: how a lesson is named to a learner."""
    return _("Lesson {number}: {title}").format(number=lesson.number, title=text(lesson.title))


def symbols(cards: str) -> str:
    """'AH KH 9S' → 'A♥ K♥ 9♠' ('A♥ R♥ 9♠' in French): cards written the way the lessons print
    them, with the card view's letters in the current language."""
    return " ".join(card_symbol(card) for card in parse_cards(cards))


def has_words(message: str) -> bool:
    """Whether a text has words to translate: '8' or '[9H 8S]' has none, and is not a message."""
    return any(character.isalpha() for character in _CARD_CODES.sub("", message))


# -- what a lesson holds --------------------------------------------------------------------------


@dataclass(frozen=True)
class Cards:
    """Rows of cards, each with a caption: `("Elder", "AS KS QS")`."""

    rows: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Walkthrough:
    """The walkthrough of a deal (a record, or a deal code: the computer plays it out), opened at
    the start of a phase ('deal', 'exchange', 'declarations', 'play' or 'end') or at the step that
    first scores a kind of event ('sequence', 'sets', 'repique'…)."""

    record: dict[str, Any] | str
    start: str = "deal"


@dataclass(frozen=True)
class PartieSheet:
    """The score sheet of a partie record, deal by deal, with its settlement."""

    partie: dict[str, Any]


@dataclass(frozen=True)
class Practice:
    """The practice table on a fresh deal (shuffled from `seed`, or at random)."""

    seed: int | None = None


@dataclass(frozen=True)
class Odds:
    """The exact odds of the dealt hand beside a simulation of dealt hands (`widgets.odds`)."""

    hands: int = 10_000


Illustration = Cards | Walkthrough | PartieSheet | Practice | Odds


@dataclass(frozen=True)
class Shown:
    """One illustration of a part, with a sentence before it (`intro`) and one under it (`note`)."""

    show: Illustration
    intro: str = ""
    note: str = ""


@dataclass(frozen=True)
class Part:
    """A heading, a few paragraphs, and what they are about."""

    heading: str
    paragraphs: tuple[str, ...]
    shows: tuple[Shown, ...] = ()


@dataclass(frozen=True)
class Exercise:
    """A question answered at once: choices, the right one, and why — and for each wrong choice
    the reason it is wrong (`reasons`, one per choice, empty for the right one)."""

    question: str
    choices: tuple[str, ...]
    answer: int
    explanation: str
    cards: Cards | None = None  # the cards the question is about
    reasons: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    slug: str  # names the lesson for good (progress, the notebooks' code, links)
    title: str
    teaches: tuple[str, ...]
    parts: tuple[Part, ...]
    exercises: tuple[Exercise, ...]
    drills: tuple[str, ...]  # names of kinds of drill (`teach.drills.registry.KINDS`)
    summary: tuple[str, ...]
    path: Path | None = None  # the file it was read from

    @property
    def number(self) -> int:
        """The lesson's place in the order they are taught (1 first)."""
        return SLUGS.index(self.slug) + 1

    @property
    def notebook_name(self) -> str:
        return f"{self.number:02d}-{self.slug}.ipynb"


def lesson_texts(lesson: Lesson) -> Iterator[str]:
    """Every text of a lesson a learner reads, in the order of its file (words only: a choice
    '8' or '[9H 8S]' is not translated)."""
    found = [lesson.title, *lesson.teaches]
    for part in lesson.parts:
        found += [part.heading, *part.paragraphs]
        for shown in part.shows:
            found += [shown.intro, *_captions(shown.show), shown.note]
    for exercise in lesson.exercises:
        found.append(exercise.question)
        if exercise.cards is not None:
            found += _captions(exercise.cards)
        for choice, reason in zip(exercise.choices, exercise.reasons):
            found += [choice, reason or exercise.explanation]
    found += lesson.summary
    return (message for message in found if message and has_words(message))


def _captions(show: Illustration) -> list[str]:
    return [caption for caption, _cards in show.rows] if isinstance(show, Cards) else []


# -- reading a lesson file ------------------------------------------------------------------------


class LessonError(PiquetError):
    """A lesson file that does not follow the format; `str()` names the file and the field."""


class _Reader:
    """Reads one lesson file's YAML into a `Lesson`, checking each field as it goes."""

    def __init__(self, path: Path, name: str) -> None:
        self.path = path
        self.name = name  # the file as messages name it

    def fail(self, field: str, message: str, **params: Any) -> LessonError:
        return LessonError(message, file=self.name, field=field, **params)

    def mapping(self, value: Any, field: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(field, N_("{file}: {field}: expected the fields {fields}"), fields=", ".join(required + optional))
        for key in value:
            if key not in required + optional:
                where = f"{field}.{key}" if field else str(key)
                raise self.fail(where, N_("{file}: {field}: unknown field; the fields here are {fields}"), fields=", ".join(required + optional))
        for key in required:
            if key not in value:
                raise self.fail(f"{field}.{key}" if field else key, N_("{file}: {field}: missing"))
        return value

    def listed(self, value: Any, field: str) -> list[Any]:
        if not isinstance(value, list) or not value:
            raise self.fail(field, N_("{file}: {field}: a list of at least one item is needed here"))
        return value

    def string(self, value: Any, field: str) -> str:
        if isinstance(value, bool) or not isinstance(value, (str, int)) or not str(value).strip():
            raise self.fail(field, N_("{file}: {field}: a text is needed here"))
        return str(value).strip()

    def one(self, value: Any, field: str) -> str:
        """One Markdown paragraph: its lines joined by spaces."""
        paragraphs = self.paragraphs(value, field)
        if len(paragraphs) != 1:
            raise self.fail(field, N_("{file}: {field}: one paragraph is needed here, not {count}"), count=len(paragraphs))
        return paragraphs[0]

    def paragraphs(self, value: Any, field: str) -> tuple[str, ...]:
        """Markdown paragraphs, parted by blank lines."""
        blocks = re.split(r"\n\s*\n", self.string(value, field))
        return tuple(" ".join(line.strip() for line in block.splitlines()) for block in blocks)

    def items(self, value: Any, field: str) -> tuple[str, ...]:
        """A Markdown list ('- ' starts an item, an indented line goes on with it) or a YAML list."""
        if isinstance(value, list):
            return tuple(self.one(item, f"{field}[{index}]") for index, item in enumerate(self.listed(value, field), 1))
        found: list[list[str]] = []
        for line in self.string(value, field).splitlines():
            if line.startswith("- "):
                found.append([line[2:].strip()])
            elif line.strip() and found and line.startswith(" "):
                found[-1].append(line.strip())
            elif line.strip():
                raise self.fail(field, N_("{file}: {field}: a Markdown list is needed here, each item starting with '- '"))
        return tuple(" ".join(item) for item in found)

    def cards(self, value: Any, field: str) -> Cards:
        rows = []
        for index, row in enumerate(self.listed(value, field), 1):
            where = f"{field}[{index}]"
            row = self.mapping(row, where, ("caption", "cards"))
            cards = self.string(row["cards"], f"{where}.cards")
            try:
                parse_cards(cards)
            except PiquetError as error:
                raise self.fail(f"{where}.cards", N_("{file}: {field}: {reason}"), reason=str(error)) from None
            rows.append((self.one(row["caption"], f"{where}.caption"), cards))
        return Cards(tuple(rows))

    def record(self, value: Any, field: str, partie: bool = False) -> tuple[dict[str, Any] | str, Any]:
        """A record inline, a record's file (relative to the lesson's folder), or a deal code;
        with the deal (or partie) the engine makes of it."""
        if isinstance(value, dict):
            record: dict[str, Any] | str = value
        else:
            name = self.string(value, field)
            if name.endswith(".json"):
                try:
                    record = json.loads((self.path.parent / name).read_text(encoding="utf-8"))
                except (OSError, ValueError) as error:
                    raise self.fail(field, N_("{file}: {field}: cannot read the record {name} ({reason})"), name=name, reason=getattr(error, "strerror", None) or error) from None
            elif partie:
                raise self.fail(field, N_("{file}: {field}: a partie record is needed here, inline or as a .json file"))
            else:
                record = name  # a deal code
        try:
            if partie:
                made = partie_from_json(record) if isinstance(record, dict) else None
                if made is None or not made.finished:
                    raise self.fail(field, N_("{file}: {field}: the partie is not finished"))
            else:
                made = deal_from_record(record) if isinstance(record, dict) else deal_from_code(record)
        except LessonError:
            raise
        except PiquetError as error:
            raise self.fail(field, N_("{file}: {field}: {reason}"), reason=str(error)) from None
        return record, made

    def illustration(self, value: dict[str, Any], field: str) -> Illustration:
        kinds = ("cards", "walkthrough", "partie", "practice", "odds")
        chosen = [kind for kind in kinds if kind in value]
        if len(chosen) != 1:
            raise self.fail(field, N_("{file}: {field}: give one illustration of {kinds}"), kinds=", ".join(kinds))
        kind = chosen[0]
        where = f"{field}.{kind}"
        if kind == "cards":
            return self.cards(value[kind], where)
        if kind == "partie":
            return PartieSheet(self.record(value[kind], where, partie=True)[0])  # type: ignore[arg-type]
        if kind == "walkthrough":
            walk = self.mapping(value[kind], where, ("deal",), ("start",))
            record, deal = self.record(walk["deal"], f"{where}.deal")
            start = self.string(walk.get("start", "deal"), f"{where}.start")
            if start not in PHASES and start not in {event.kind for event in deal.events}:
                raise self.fail(f"{where}.start", N_("{file}: {field}: the walkthrough starts at a phase ({phases}) or at a kind of score of its deal, not {start}"), phases=", ".join(PHASES), start=start)
            return Walkthrough(record, start)
        options = self.mapping(value[kind] or {}, where, (), ("seed",) if kind == "practice" else ("hands",))
        number = options.get("seed" if kind == "practice" else "hands")
        if number is not None and (isinstance(number, bool) or not isinstance(number, int) or number < 0):
            raise self.fail(where, N_("{file}: {field}: a whole number is needed here"))
        return Practice(number) if kind == "practice" else Odds(number if number is not None else Odds.hands)

    def part(self, value: Any, field: str) -> Part:
        value = self.mapping(value, field, ("heading", "text"), ("shows",))
        shows = []
        for index, shown in enumerate(self.listed(value["shows"], f"{field}.shows") if "shows" in value else [], 1):
            where = f"{field}.shows[{index}]"
            if not isinstance(shown, dict):
                raise self.fail(where, N_("{file}: {field}: expected the fields {fields}"), fields="cards | walkthrough | partie | practice | odds, intro, note")
            words = {key: self.one(shown[key], f"{where}.{key}") for key in ("intro", "note") if key in shown}
            illustration = self.illustration({key: item for key, item in shown.items() if key not in words}, where)
            shows.append(Shown(illustration, **words))
        return Part(self.one(value["heading"], f"{field}.heading"), self.paragraphs(value["text"], f"{field}.text"), tuple(shows))

    def exercise(self, value: Any, field: str) -> Exercise:
        value = self.mapping(value, field, ("question", "choices"), ("cards",))
        choices, reasons, right = [], [], []
        for index, choice in enumerate(self.listed(value["choices"], f"{field}.choices"), 1):
            where = f"{field}.choices[{index}]"
            choice = self.mapping(choice, where, ("choice",), ("right", "wrong"))
            if ("right" in choice) == ("wrong" in choice):
                raise self.fail(where, N_("{file}: {field}: give either `right:` with the explanation or `wrong:` with the reason it is wrong"))
            choices.append(self.one(choice["choice"], f"{where}.choice"))
            if "right" in choice:
                right.append((index - 1, self.one(choice["right"], f"{where}.right")))
            reasons.append(self.one(choice["wrong"], f"{where}.wrong") if "wrong" in choice else "")
        if len(right) != 1 or len(set(choices)) != len(choices) or len(choices) < 2:
            raise self.fail(f"{field}.choices", N_("{file}: {field}: two or more different choices are needed, exactly one of them right"))
        cards = self.cards(value["cards"], f"{field}.cards") if "cards" in value else None
        return Exercise(self.one(value["question"], f"{field}.question"), tuple(choices), right[0][0], right[0][1], cards, tuple(reasons))

    def drills(self, value: Any, field: str) -> tuple[str, ...]:
        from piquet_widgets.teach.drills.registry import KINDS

        names = tuple(self.string(name, f"{field}[{index}]") for index, name in enumerate(self.listed(value, field), 1))
        for index, name in enumerate(names, 1):
            if name not in KINDS:
                raise self.fail(f"{field}[{index}]", N_("{file}: {field}: there is no drill {name}; the drills are {names}"), name=name, names=", ".join(KINDS))
        return names

    def lesson(self, value: Any) -> Lesson:
        fields = ("slug", "title", "teaches", "parts", "exercises", "drills", "summary")
        value = self.mapping(value, "", fields)
        slug = self.string(value["slug"], "slug")
        if not _SLUG.match(slug):
            raise self.fail("slug", N_("{file}: {field}: a slug is lowercase letters and digits joined by hyphens, such as the-point"))
        parts = tuple(self.part(part, f"parts[{index}]") for index, part in enumerate(self.listed(value["parts"], "parts"), 1))
        exercises = tuple(self.exercise(item, f"exercises[{index}]") for index, item in enumerate(self.listed(value["exercises"], "exercises"), 1))
        return Lesson(
            slug, self.one(value["title"], "title"), self.items(value["teaches"], "teaches"), parts, exercises,
            self.drills(value["drills"], "drills"), self.items(value["summary"], "summary"), self.path,
        )


def read_lesson(path: str | Path, name: str | None = None) -> Lesson:
    """The lesson of a file, checked; a `LessonError` naming the file (as `name`, by default its
    file name) and the field if it does not follow the format."""
    path = Path(path)
    reader = _Reader(path, name or path.name)
    try:
        value = yaml.load(path.read_text(encoding="utf-8"), Loader=_SAFE_LOADER)
    except OSError as error:
        raise LessonError(N_("{file}: cannot read it ({reason})"), file=reader.name, reason=error.strerror or error) from None
    except (yaml.YAMLError, UnicodeDecodeError) as error:
        mark = getattr(error, "problem_mark", None)
        reason = f"{getattr(error, 'problem', None) or error} (line {mark.line + 1})" if mark is not None else str(error)
        raise LessonError(N_("{file}: not a YAML file: {reason}"), file=reader.name, reason=reason) from None
    return reader.lesson(value)


def read_folder(folder: str | Path) -> tuple[Lesson, ...]:
    """The lessons of a folder's `*.yaml` files, in the order of their names, each checked; a
    `LessonError` if one is wrong, if two share a slug, or if there is none."""
    folder = Path(folder)
    if not folder.is_dir():
        raise LessonError(N_("{folder}: not a folder of lessons"), folder=folder)
    lessons = tuple(read_lesson(path, _shown(path)) for path in sorted(folder.glob("*.yaml")))
    if not lessons:
        raise LessonError(N_("{folder}: no lesson file (*.yaml) in this folder"), folder=folder)
    _check_slugs(lessons)
    return lessons


def _shown(path: Path) -> str:
    """A file as a message names it: from the current folder if it is under it."""
    relative = os.path.relpath(path)
    return str(path) if relative.startswith("..") else relative


def _check_slugs(lessons: tuple[Lesson, ...]) -> None:
    seen: dict[str, Lesson] = {}
    for item in lessons:
        if item.slug in seen:
            raise LessonError(N_("{file}: the slug {slug} is already the slug of {other}"), file=_shown(item.path), slug=item.slug, other=_shown(seen[item.slug].path))
        seen[item.slug] = item


def course(extra: str | Path | None = None) -> tuple[Lesson, ...]:
    """The shipped lessons, then those of the folder `extra` (checked as `read_folder` does)."""
    lessons = tuple(read_lesson(path, f"{LESSONS_FOLDER.parent.name}/{LESSONS_FOLDER.name}/{path.name}") for path in sorted(LESSONS_FOLDER.glob("*.yaml")))
    if extra is not None:
        lessons += read_folder(extra)
        _check_slugs(lessons)
    return lessons


def extract(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extraction method for lesson files (babel.cfg): every text of the lesson."""
    name = getattr(fileobj, "name", "lesson.yaml")
    for message in lesson_texts(read_lesson(name)):
        yield 1, None, message, []


# The order they teach in: the rules of a deal, its play, then the reckoning with pique and
# repique (so that capot and the points in play are known), counting aloud, the partie, and then
# the craft — discards, practice at the open table, the closed game. A lesson's number is its
# place here; progress and the notebooks' code name it by its slug, which never changes.
LESSONS: tuple[Lesson, ...] = course(os.environ.get(EXTRA_FOLDER_VARIABLE) or None)
SLUGS: tuple[str, ...] = tuple(item.slug for item in LESSONS)


def lesson(key: int | str) -> Lesson:
    """Lesson `key`: its number (1 to the number of lessons, its place in `LESSONS`) or its slug."""
    if isinstance(key, str):
        if key not in SLUGS:
            raise ValueError(f"there is no lesson {key!r}; the lessons are {', '.join(SLUGS)}")
        return LESSONS[SLUGS.index(key)]
    if not 1 <= key <= len(LESSONS):
        raise ValueError(f"there are lessons 1 to {len(LESSONS)}, not {key}")
    return LESSONS[key - 1]
