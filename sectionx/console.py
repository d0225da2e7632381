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


def write_document(out: Path, document: Any, look: Any, what: str = "") -> None:
    """A drawn document as one PDF, or as one SVG per page beside ``out`` (``out.svg``
    gives ``out-<page name>.svg``), written as one step: all of it or nothing."""
    from .render import pdf, svg

    if print_kind(out) == "pdf":
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


def say_figures(data: dict[str, Any], output: str, note: str) -> None:
    """Statistics (``simulate``): as JSON (``output`` json), else as text, a line per
    figure, a mapping on one line (``wins by seat: yellow 12, blue 5``), then ``note``
    on how to read them."""
    if output == "json":
        say(json.dumps(data, indent=2))
        return
    for key, value in data.items():
        if isinstance(value, dict):
            say(f"{key.replace('_', ' ')}: " + ", ".join(f"{k} {v}" for k, v in value.items()))
        else:
            say(f"{key.replace('_', ' ')}: {value}")
    say(f"note: {note}")


def spread(values: list[int]) -> dict[str, object]:
    """Mean (one decimal), median, least and most of ``values``, for ``simulate``'s
    figures; every entry None when there are none."""
    if not values:
        return {"mean": None, "median": None, "min": None, "max": None}
    return {"mean": round(statistics.fmean(values), 1), "median": statistics.median(values),
            "min": min(values), "max": max(values)}
