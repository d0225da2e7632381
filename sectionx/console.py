"""What every command says and how it stops, for the CLI and every game's commands.

A game's commands (:mod:`sectionx.games.api`) print through :func:`say` and
:func:`warn` and stop with :class:`Stop` (an exit status) or :func:`fail` (one line on
stderr, then an exit status); :mod:`sectionx.cli` turns both into the process's exit.
Nothing here names a game, and nothing here imports Typer's app: a game's commands
run the same under the CLI and under tests that call them directly.
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path
from typing import Any, TextIO

import typer

from . import fileio
from .errors import SectionXError
from .fileio import printable
from .yamlsrc import Diagnostic

#: The exit statuses, one per kind of outcome, the same for every command and game
#: (the README's table): done; an input that breaks a rule or the format (or a claim
#: that does not hold, a record with an illegal move); a command line that cannot be
#: carried out as given (an option, a missing or unreadable file or folder, a file of
#: the wrong kind for the command, an output that cannot be written); a puzzle proved
#: impossible within its turns; a time, node or try limit reached before an answer.
OK, INVALID, USAGE, IMPOSSIBLE, LIMIT = 0, 1, 2, 3, 4
#: The status when whoever reads standard output stops reading (``sectionx ... | head``):
#: the process ends quietly, as a tool killed by SIGPIPE does (128 + 13).
BROKEN_PIPE = 141


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and ``word`` as a message writes them: ``1 turn``, ``2 turns``,
    ``0 turns``, ``1,204 turns`` (``many`` for a plural that is not word + s:
    ``plural(n, "puzzle file", "puzzle files")``, ``plural(n, "ply", "plies")``)."""
    return f"{count:,} {word if count == 1 else many or word + 's'}"


class Stop(Exception):
    """End the command with exit status ``code``; what there was to say is said."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


class Refusal(SectionXError):
    """End the command with one line, ``sectionx: <message>``, and exit status ``code``
    (:data:`USAGE` unless the refusal is about an input's contents, :data:`INVALID`)."""

    def __init__(self, message: str, code: int = USAGE) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def fail(message: str, code: int = USAGE) -> Refusal:
    """The refusal to raise: ``raise fail("--format must be text or json")``."""
    return Refusal(message, code)


def refuse_given(why: str, **given: object) -> None:
    """Refuse, in one line (``--board-paper: <why>``), the first option given (not
    None) that the game has no use for: nothing the user asked for is ignored."""
    for name, value in given.items():
        if value is not None:
            raise fail(f"--{name.replace('_', '-')}: {why}")


def wrong_kind(path: Path | str, kind: str, wanted: str, command: str) -> Refusal:
    """The one-line refusal of a file of the wrong kind for a command, the same for
    every game (exit USAGE: the file may be valid; the command line named the wrong
    one): ``FILE: a position, not a game record; replay checks records``."""
    return Refusal(f"{path}: {kind}, not {wanted}; {command}")


def not_a_record(path: Path | str, kind: str = "a position") -> Refusal:
    """``replay`` given a file that is not a game record (a position, a puzzle, a board)."""
    return wrong_kind(path, kind, "a game record", "replay checks records (a record has actions:)")


def _fit(text: str, stream: TextIO) -> str:
    """``text`` made printable (:func:`fileio.printable`: titles, names and paths come
    from files and must not drive the terminal) and encodable by ``stream``: on a
    Latin-1 terminal a snowman becomes ``\\u2603``, not a traceback."""
    text = printable(text)
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        text = text.encode(encoding, "backslashreplace").decode(encoding, "replace")
    return text


def say(text: str, *, nl: bool = True) -> None:
    """Write ``text`` to stdout (see :func:`_fit`)."""
    typer.echo(_fit(text, sys.stdout), nl=nl)


def warn(text: str) -> None:
    """Like :func:`say`, to stderr."""
    typer.echo(_fit(text, sys.stderr), err=True)


def problem_line(d: Diagnostic) -> str:
    """How the command line tells a problem: located, with its ruling id, as
    ``str(d)``; but a file that cannot be read at all is the command line's problem,
    told like the others (``sectionx: scenarios/nope.yaml: no such file``), with no
    rule id, since no rule is broken (issue 11)."""
    return f"sectionx: {d}" if d.unreadable else str(d)


def status_of(diagnostics: list[Diagnostic]) -> int:
    """The exit status for these problems: :data:`USAGE` when a file could not be read
    at all (missing, a folder, a device, too large: the command line named something
    sectionx cannot read), else :data:`INVALID` (a file's contents break the format or
    a rule)."""
    return USAGE if any(d.unreadable for d in diagnostics) else INVALID


def tell(diagnostics: list[Diagnostic]) -> None:
    """Every problem on stderr, one line each."""
    for d in diagnostics:
        warn(problem_line(d))


def emit(text: str, out: Path | None) -> None:
    """Generated text to stdout, or to ``out`` through the one output writer."""
    if out is None:
        say(text, nl=False)
    else:
        fileio.write_file(out, text)
        if not fileio.is_stdout(out):
            warn(f"wrote {out}")


def picture_kind(out: Path, given: str | None) -> str:
    """``svg`` or ``pdf`` for ``render``: ``given`` (its --format), else from the
    output's name (svg for standard output); anything else is refused."""
    kind = (given or ("svg" if fileio.is_stdout(out) else out.suffix.lower().lstrip("."))).lower()
    if kind not in ("svg", "pdf"):
        raise fail(f"{out}: the output must end in .svg or .pdf (or give --format svg|pdf)")
    return kind


def print_kind(out: Path) -> str:
    """``pdf`` or ``svg``, from the output's name (the print commands write either)."""
    kind = out.suffix.lower().lstrip(".")
    if kind not in ("svg", "pdf"):
        raise fail(f"{out}: the output must end in .svg or .pdf")
    return kind


def write_picture(out: Path, kind: str, document: Any, look: Any) -> None:
    """The first page of a drawn ``document`` as one SVG, or the document as a PDF."""
    from .render import pdf, svg  # reportlab loads slowly; only drawing needs it

    if kind == "svg":
        svg.write_svg(out, document.pages[0], document.symbol_map, look)
    else:
        pdf.write_pdf(out, document, look)


def write_document(out: Path, document: Any, look: Any, what: str = "", *, kind: str | None = None) -> None:
    """A drawn document as one PDF, or as one SVG per page beside ``out`` (``out.svg``
    gives ``out-<page name>.svg``), written as one step: all of it or nothing.
    ``kind``: pdf or svg, as the command's ``--format`` chose it (default: from the
    name of ``out``)."""
    from .render import pdf, svg

    if (kind or print_kind(out)) == "pdf":
        pdf.write_pdf(out, document, look)
        count = len(document.pages)
        warn(f"wrote {out} ({count} page{'s' if count != 1 else ''}{what})")
        return
    table = document.symbol_map
    files = {out.with_name(f"{out.stem}-{page.name}.svg"): svg.to_svg(page, table, look).encode("utf-8")
             for page in document.pages}
    fileio.write_files(files)
    warn(f"wrote {', '.join(str(p) for p in files)}" if len(files) <= 4 else
         f"wrote {len(files)} SVG files, {next(iter(files))} to {list(files)[-1]}{what}")


def simulation(game: str, games: int, *, length: dict[str, list[int]], winners_by_seat: dict[str, int],
               endings: dict[str, int], own: dict[str, Any], note: str) -> dict[str, Any]:
    """``simulate``'s figures, the same shape for every game (its ``--format json``):

    ``game`` (its name), ``games`` (how many were played), ``length`` (the spread of
    their length in turns, then in the game's other units: rounds, break-outs),
    ``winners_by_seat`` (games won by each seat, every seat, in seat order),
    ``endings`` (how the games ended: the ruling, a tie, unfinished), ``game_figures``
    (the game's own figures, one key) and ``note`` (how to read them)."""
    return {"game": game, "games": games, "length": {unit: spread(v) for unit, v in length.items()},
            "winners_by_seat": winners_by_seat, "endings": endings, "game_figures": own, "note": note}


def say_simulation(data: dict[str, Any], output: str, title: str) -> None:
    """Print :func:`simulation`'s figures as JSON (``output`` json), else as text, the
    same sections in the same order for every game::

        games: 20
        length in turns: mean 54.3, median 52, min 30, max 80
        winners by seat: red 10, green 9
        how games ended: the last lava stone (H8) 12, 20 quiet rounds (H9) 8
        Hekla's own figures:
          shared wins: 1
          ...
        note: ...
    """
    if output == "json":
        say(json.dumps(data, indent=2))
        return
    say(f"games: {data['games']:,}")
    for unit, figures in data["length"].items():
        say(f"length in {unit}: {_spread_text(figures)}")
    say("winners by seat: " + (_pairs(data["winners_by_seat"]) or "none"))
    say("how games ended: " + (_pairs(data["endings"]) or "none"))
    if data["game_figures"]:
        say(f"{title}'s own figures:")
        for key, value in data["game_figures"].items():
            say(f"  {key.replace('_', ' ')}: {_figure_text(value)}")
    say(f"note: {data['note']}")


def _pairs(mapping: dict[str, Any]) -> str:
    return ", ".join(f"{k} {_figure_text(v)}" for k, v in mapping.items())


def _spread_text(figures: dict[str, object]) -> str:
    if figures.get("mean") is None:
        return "none"
    return ", ".join(f"{k} {v:,}" if isinstance(v, int | float) else f"{k} {v}" for k, v in figures.items())


def _figure_text(value: object) -> str:
    if isinstance(value, dict):
        if set(value) == {"mean", "median", "min", "max"}:
            return _spread_text(value)
        return _pairs(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def spread(values: list[int]) -> dict[str, object]:
    """Mean (one decimal), median, least and most of ``values``, for ``simulate``'s
    figures; every entry None when there are none.  The median of an even count is the
    mean of the middle two (issue 11: of 1180 and 1406 it said 1406); a whole one is
    a whole number (no ``.0``)."""
    if not values:
        return {"mean": None, "median": None, "min": None, "max": None}
    middle = statistics.median(values)
    return {"mean": round(statistics.fmean(values), 1), "median": int(middle) if middle == int(middle) else middle,
            "min": min(values), "max": max(values)}
