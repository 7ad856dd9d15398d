"""The `piquet-widgets` command: serve | replay | solve | deal | review | lessons | build-static (the formats and the
command line are described in the repository's docs/formats.md).

A bad file exits with status 2 and one line on standard error; never a traceback. Only `serve`
imports the app, so `replay` starts fast.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TextIO

from piquet_widgets.engine import Deal, PiquetError, deal_code, deal_from_record, partie_from_json, record_of
from piquet_widgets.engine.files import read_lines, read_text, write_files_into
from piquet_widgets.engine.records import is_partie, parse_json
from piquet_widgets.i18n import LANGUAGES, N_, _

EXIT_BAD_INPUT = 2
LESSONS_VARIABLE = "PIQUET_LESSONS"  # teach.lessons.EXTRA_FOLDER_VARIABLE, named here so that `replay` imports no lesson


def _looks_like_json_lines(text: str) -> bool:
    """Text that is not one JSON value but whose first line is one (JSON Lines not named .jsonl)."""
    lines = text.strip().splitlines()
    return len(lines) > 1 and not _parses(text) and _parses(lines[0])


def _parses(text: str) -> bool:
    try:
        parse_json(text)
    except PiquetError:
        return False
    return True


def _replay(value: Any, as_json: bool) -> str:
    if is_partie(value):
        partie = partie_from_json(value)
        if as_json:
            return json.dumps(partie.to_json())
        return _partie_sheet(partie)
    deal = deal_from_record(value)
    if as_json:
        return json.dumps(replay_json(deal))
    from piquet_widgets.teach.events import score_sheet

    return "\n".join(score_sheet(deal))


def replay_json(deal: Deal) -> dict[str, Any]:
    """The `replay --json` object of a deal (formats.md)."""
    return {
        "phase": deal.phase.value,
        "events": [event.to_json() for event in deal.events],
        "tricks": {"elder": deal.tricks_won[0], "younger": deal.tricks_won[1]},
        "scores": {"elder": deal.scores[0], "younger": deal.scores[1]},
    }


def _partie_sheet(partie) -> str:
    lines = []
    for number in range(1, len(partie.deals) + 1):
        scores = partie.deal_scores(number)
        lines.append(_("Deal {number} (elder {elder}): A {a}, B {b}").format(number=number, elder=partie.elder(number), a=scores["A"], b=scores["B"]))
    totals, result = partie.totals, partie.result
    lines.append(_("Totals: A {a}, B {b}").format(a=totals["A"], b=totals["B"]))
    if result.winner is None:
        lines.append(_("Drawn partie.") if result.finished else _("The partie is not finished."))
    elif result.rubiconed:
        lines.append(_("{winner} wins {points}; the loser is rubiconed.").format(winner=result.winner, points=result.points))
    else:
        lines.append(_("{winner} wins {points}.").format(winner=result.winner, points=result.points))
    return "\n".join(lines)


def _solve(value: Any, as_json: bool) -> str:
    from piquet_widgets.analysis.solve import solve_json
    from piquet_widgets.teach.solve import solve_text

    return json.dumps(solve_json(value)) if as_json else solve_text(value)


def _review(seat: str) -> Callable[[Any, bool], str]:
    """The `review` answer for the seat(s) named on the command line."""
    from piquet_widgets.engine.deal import Seat
    from piquet_widgets.teach.mistakes import review_json, review_text

    seats = list(Seat) if seat == "both" else [Seat.ELDER if seat == "elder" else Seat.YOUNGER]
    return lambda value, as_json: json.dumps(review_json(value, seats), ensure_ascii=False) if as_json else review_text(value, seats)


def _answer_file(name: str, answer: Callable[[Any, bool], str], as_json: bool, out: TextIO, err: TextIO) -> bool:
    """Answer the record or position in a file (or `-`), or every line of a JSON Lines file.
    Returns whether every answer succeeded; a bad file of one value raises."""
    if name.endswith(".jsonl"):
        return _answer_lines(name, read_lines(name), answer, as_json, out, err)
    text = read_text(name)
    if _looks_like_json_lines(text):
        return _answer_lines(name, text.splitlines(), answer, as_json, out, err)
    value = parse_json(text, name)  # its errors name the file already
    try:
        out.write(answer(value, as_json) + "\n")
    except PiquetError as error:
        raise PiquetError(N_("{where}: {problem}"), where=name, problem=error) from None
    return True


def _answer_lines(name: str, lines: Iterable[str | PiquetError], answer: Callable[[Any, bool], str], as_json: bool, out: TextIO, err: TextIO) -> bool:
    """Answer every line on its own output line, in order (blank lines are skipped); a bad line
    is answered by an error object, with `FILE:N: message` on `err`, and the others still are."""
    separator = "" if as_json else "\n"
    succeeded, first = True, True
    for number, line in enumerate(lines, 1):
        if isinstance(line, str) and not line.strip():
            continue
        try:
            if isinstance(line, PiquetError):
                raise line
            result = answer(parse_json(line), as_json)
        except PiquetError as error:
            succeeded = False
            result = json.dumps({"error": str(error), "line": number}, ensure_ascii=False)
            err.write(f"{name}:{number}: {error}\n")
        out.write(("" if first else separator) + result + "\n")
        first = False
    return succeeded


def _deal(seed: int | None, as_json: bool, out: TextIO) -> None:
    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    deal = Deal.from_seed(seed)
    record = record_of(deal) | {"seed": seed, "code": deal_code(deal)}
    out.write((json.dumps(record) if as_json else json.dumps(record, indent=2, ensure_ascii=False)) + "\n")


def _use_lessons(folder: str | None) -> None:
    """Teach the lessons of a teacher's `folder` after the shipped ones, in this process and in
    the kernels it starts (`PIQUET_LESSONS`); a folder with a bad lesson file is refused with the
    file and the field (a `PiquetError`) before anything starts."""
    if folder is None:
        return
    os.environ[LESSONS_VARIABLE] = str(Path(folder).resolve())
    import piquet_widgets.teach.lessons  # noqa: F401  reads and checks every lesson file


def _lessons(folder: str, overwrite: bool, language: str, extra: str | None, out: TextIO) -> None:
    from piquet_widgets.app.lessons import lesson_notebooks

    kernel_folder = None if extra is None else os.path.relpath(Path(extra).resolve(), Path(folder).resolve())
    try:
        copied = write_files_into(folder, lesson_notebooks(language, kernel_folder), overwrite)
    except OSError as error:
        raise PiquetError(N_("{folder}: cannot copy the lessons there ({reason})"), folder=folder, reason=error.strerror or error) from None
    for path in copied:
        out.write(f"{path}\n")
    if not copied:
        out.write(_("The lessons are already in {folder}; --overwrite replaces them.").format(folder=folder) + "\n")


def _build_static(dest: str, out: TextIO, err: TextIO) -> int:
    """Build the static site; a missing tool or a failed step is one message, not a traceback."""
    try:
        from piquet_widgets.app.static_site import build_site

        page = build_site(dest, log=lambda step: out.write(step + "\n"))
    except ImportError as error:
        err.write(_("piquet-widgets: build-static needs the static extra ({missing}): pip install \"piquet-widgets[static]\"").format(missing=error.name) + "\n")
        return EXIT_BAD_INPUT
    except (RuntimeError, OSError, ValueError) as error:
        err.write(_("piquet-widgets: the static site was not built: {reason}").format(reason=error) + "\n")
        return 1
    out.write(_("The site is in {folder}; its page is {page}.").format(folder=dest, page=page.relative_to(page.parents[2]).as_posix()) + "\n")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="piquet-widgets",
        description=_("Learn the card game Piquet: the tutorial app and tools for deals."),
        epilog=_("Records, positions and the JSON answers are described in docs/formats.md in the project's repository."),
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    serve = commands.add_parser("serve", help=_("start the tutorial app on localhost"))
    serve.add_argument("--port", type=int, default=8866, help=_("the port to listen on (default: 8866)"))
    serve.add_argument("--no-browser", action="store_true", help=_("do not open a web browser (default: open one)"))
    serve.add_argument("--class-size", type=int, default=1, metavar="N", help=_("keep N kernels ready for visitors arriving at once (default 1; one per pupil for a class)"))
    serve.add_argument("--max-visitors", type=int, metavar="M", help=_("at most M pages at once; later visitors are asked to come back (default: as many as half the memory holds)"))
    serve.add_argument("--allow-host", action="append", default=[], metavar="NAME", help=_("also answer requests addressed to this host name, such as a reverse proxy's (repeatable; default: localhost only)"))
    serve.add_argument("--max-per-client", type=int, default=3, metavar="K", help=_("at most K of those pages for one visitor, by address (default: 3)"))
    serve.add_argument("--lessons", metavar="DIR", help=_("also teach the lesson files of this folder, after the shipped lessons (default: the shipped lessons only)"))
    serve.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS", help=_("a reverse proxy's address or network, whose X-Forwarded-For header names the visitor (repeatable; default: none trusted)"))
    for name, help_text in (
        ("replay", _("score a deal or partie record, explaining every score")),
        ("solve", _("best play from a position or an unfinished deal record")),
    ):
        command = commands.add_parser(name, help=help_text, description=help_text)
        command.add_argument("file", metavar="FILE", help=_("a JSON or JSON Lines (.jsonl) file, or - for standard input (required; no default)"))
        command.add_argument("--json", action="store_true", help=_("print JSON, one line per answer (default: text)"))
    review = commands.add_parser("review", help=_("each mistake of a deal record, valued with open hands, with its reason"),
                                 description=_("each mistake of a deal record, valued with open hands, with its reason"))
    review.add_argument("file", metavar="FILE", help=_("a JSON or JSON Lines (.jsonl) file, or - for standard input (required; no default)"))
    review.add_argument("--json", action="store_true", help=_("print JSON, one line per answer (default: text)"))
    review.add_argument("--seat", choices=("elder", "younger", "both"), default="both", help=_("whose decisions to review (default: both)"))
    lessons = commands.add_parser("lessons", help=_("copy the lesson notebooks into a folder"))
    lessons.add_argument("folder", metavar="DIR", nargs="?", default="piquet-lessons", help=_("the folder to copy them into, made if missing (default: piquet-lessons)"))
    lessons.add_argument("--overwrite", action="store_true", help=_("replace copies already in the folder (default: keep them)"))
    lessons.add_argument("--lang", choices=LANGUAGES, default="en", help=_("the language of the notebooks (default: en)"))
    lessons.add_argument("--lessons", metavar="SOURCE", help=_("also write notebooks of the lesson files of this folder (default: the shipped lessons only)"))
    static = commands.add_parser("build-static", help=_("build the tutorial as a static site that runs in the browser (needs the static extra)"))
    static.add_argument("dest", metavar="DEST", help=_("the folder to build the site into, replaced if it exists (required; no default)"))
    deal = commands.add_parser("deal", help=_("deal a new deal and print its record"))
    deal.add_argument("--seed", type=int, metavar="N", help=_("shuffle with this seed: the same seed gives the same deal (default: a random seed)"))
    deal.add_argument("--json", action="store_true", help=_("print JSON on one line (default: indented JSON)"))
    return parser


def _answer_for(args: argparse.Namespace) -> Callable[[Any, bool], str]:
    if args.command == "review":
        return _review(args.seat)
    return _replay if args.command == "replay" else _solve


def main(argv: list[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.command in ("serve", "lessons"):
            _use_lessons(args.lessons)
        if args.command == "serve":
            from piquet_widgets.app.server import serve

            return serve(port=args.port, open_browser=not args.no_browser, class_size=args.class_size,
                         max_visitors=args.max_visitors, allow_hosts=args.allow_host,
                         max_per_client=args.max_per_client, trusted_proxies=args.trusted_proxy)
        if args.command == "build-static":
            return _build_static(args.dest, sys.stdout, sys.stderr)
        if args.command == "lessons":
            _lessons(args.folder, args.overwrite, args.lang, args.lessons, sys.stdout)
        elif args.command == "deal":
            _deal(args.seed, args.json, sys.stdout)
        elif not _answer_file(args.file, _answer_for(args), args.json, sys.stdout, sys.stderr):
            return EXIT_BAD_INPUT
    except PiquetError as error:
        print(f"piquet-widgets: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    return 0
