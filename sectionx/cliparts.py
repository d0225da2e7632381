"""The command line's shared parts: how every command ends (one exit status per kind
of failure), the options several commands share, where outputs go, and how a command
finds its file's game or its folder's.  :mod:`sectionx.cli` declares the commands with
these; nothing here names a game.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, ParamSpec

import typer

from . import fileio, games, puzzlesets
from .console import (
    INVALID,
    USAGE,
    Refusal,
    Stop,
    fail,
    problem_line,
    status_of,
    tell,
    warn,
)
from .errors import SectionXError
from .fileio import quote
from .progress import running
from .workers import ClusterUnavailable, SchedulerAddressError
from .yamlsrc import Doc, LoadError, shared_budget

P = ParamSpec("P")


def reports_errors(fn: Callable[P, None]) -> Callable[P, None]:
    """Run a command with its inputs tracked (so no output overwrites one of them) and
    end it with one exit status per kind of failure (:mod:`sectionx.console`, the
    README's table), each told in one line per problem on stderr, never a traceback:

    * a :class:`~sectionx.console.Stop` with its status, a
      :class:`~sectionx.console.Refusal` with its line and status;
    * problems of a file (:class:`LoadError`): INVALID (1), or USAGE (2) when the file
      could not be read at all (:func:`~sectionx.console.status_of`);
    * a path that cannot be read or written as asked (:class:`fileio.FileProblem`), an
      OS error, a cluster that cannot be reached: USAGE (2); a file that names a file
      it may not (a reference): INVALID (1);
    * standard output closed by its reader (``| head``): quietly, status 141, as a
      tool killed by SIGPIPE."""

    name = fn.__name__.removesuffix("_command")

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            # Progress: a command that runs over two seconds says so on stderr (sectionx.progress).
            with fileio.tracking(), running(name):
                return fn(*args, **kwargs)
        except Stop as exc:
            raise typer.Exit(exc.code) from None
        except Refusal as exc:
            warn(f"sectionx: {exc.message}")
            raise typer.Exit(exc.code) from None
        except LoadError as exc:
            for line in [problem_line(d) for d in exc.diagnostics] or ["sectionx: error"]:
                warn(line)
            raise typer.Exit(USAGE if exc.usage else status_of(exc.diagnostics)) from None
        except fileio.FileProblem as exc:
            if exc.rule == fileio.REFERENCE_RULE:  # raised naming the file that holds the reference
                warn(str(exc))
                raise typer.Exit(INVALID) from None
            # A path of the command line that cannot be read or written as asked (an
            # output onto a link, into a missing folder): like a missing input, no rule
            # is broken, so no rule id follows (issue 11).
            warn(f"sectionx: {fileio.printable(exc.path)}: {exc.message}")
            raise typer.Exit(USAGE) from None
        except (ClusterUnavailable, SchedulerAddressError) as exc:
            warn(f"sectionx: {exc}")
            raise typer.Exit(USAGE) from None
        except SectionXError as exc:  # what an input holds cannot be carried out (text no font prints)
            for line in str(exc).splitlines() or ["error"]:
                warn(line)
            raise typer.Exit(INVALID) from None
        except BrokenPipeError:
            raise BrokenPipe from None
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            warn(f"sectionx: {where}{exc.strerror or exc}")
            raise typer.Exit(USAGE) from None

    return wrapper


class BrokenPipe(Exception):
    """Standard output's reader went away; :func:`main` ends quietly."""


def default_out(out: Path | None, default: Path) -> Path:
    """``out``, or ``default`` (under output/, made if missing)."""
    if out is not None:
        return out
    fileio.make_folder(default.parent)
    return default


#: What ``--format`` means for every command: the form of the output.  Reports on
#: stdout are text, json or yaml; documents are svg, pdf or html, by default the form
#: -o's name ends in.
REPORT_FORMATS = ("text", "json", "yaml")


def report_format(given: str, allowed: tuple[str, ...]) -> str:
    """``--format`` of a command that prints a report on stdout."""
    if given.lower() not in allowed:
        raise fail(f"--format {quote(given)}: this command prints {' or '.join(allowed)}")
    return given.lower()


def document(out: Path | None, given: str | None, kinds: tuple[str, ...], default: Path) -> tuple[Path, str]:
    """Where a document goes and its form, by the one rule of every command: ``-o``, or
    ``default`` under output/ (made if missing); the form ``--format`` names, else the
    one -o's name ends in, else ``default``'s.  An -o whose name ends in another of
    ``kinds`` than --format says is refused; one whose name ends in none of them takes
    the --format's form (``-o book --format pdf`` writes a PDF called book), or,
    without --format, is refused.  ``-`` (standard output) takes --format or the first
    kind."""
    if given is not None and given.lower() not in kinds:
        raise fail(f"--format {quote(given)}: this command writes {' or '.join(kinds)}")
    kind = given.lower() if given is not None else None
    if out is None:
        kind = kind or default.suffix.lstrip(".")
        return default_out(None, default.with_suffix("." + kind)), kind
    if fileio.is_stdout(out):
        return out, kind or kinds[0]
    fileio.check_output(out)  # before the work: a missing folder is told at once, not after minutes
    suffix = out.suffix.lower().lstrip(".")
    if suffix in kinds:
        if kind is not None and kind != suffix:
            raise fail(f"{out}: its name says {suffix}, --format says {kind}; give one or make them agree")
        return out, suffix
    if kind is None:
        raise fail(f"{out}: the output must end in {' or '.join('.' + k for k in kinds)} "
                   f"(or give --format {'|'.join(kinds)})")
    return out, kind


def format_help(kinds: tuple[str, ...], default: str) -> str:
    return f"The form of the output: {', '.join(kinds)} (default: from -o's name, else {default})."


@contextmanager
def game_file(file: Path) -> Iterator[tuple[Doc, games.Game]]:
    """A command's input file, read, and its game; the command runs inside, under one
    budget for the files it reads (:func:`shared_budget`), as it did before there
    were several games (a game's command may read the file again, through its own
    loader, and must not find it counted twice).  A file that is not YAML sectionx
    reads, or names no game it knows, is told as a file with problems (exit 1); one
    that cannot be read at all (missing, a folder) exits 2, as for every command."""
    try:
        found = games.read(file)
    except LoadError as exc:
        tell(exc.diagnostics)
        raise Stop(status_of(exc.diagnostics)) from None
    with shared_budget():
        yield found


def game_named(name: str | None) -> games.Game:
    return games.default() if name is None else games.get(name)


#: ``--players`` takes what some game seats; each game's own range is checked by :func:`seated`.
FEWEST_PLAYERS = min(g.players[0] for g in games.games())
MOST_PLAYERS = max(g.players[1] for g in games.games())


def seated(game: games.Game, players: int | None) -> games.Game:
    """``game``, once ``--players`` is a number it seats (its registry entry says how
    many), else a one-line refusal: the command line's bound is the largest any game
    seats, so a game seating fewer is guarded here, the same way for every game."""
    low, high = game.players
    if players is not None and not low <= players <= high:
        seats = f"{low}" if low == high else f"{low} to {high}"
        raise fail(f"--players {players}: {game.title} is for {seats} players")
    return game


#: ``--game`` for the commands that start from no file.
GAME_HELP = "The game: " + ", ".join(f"{g.name} ({g.title})" for g in games.games()) + "; default " + games.default().name + "."


def example_files() -> dict[Path, bytes]:
    """The example files the package ships (``sectionx/examples``: in a clone,
    ``scenarios/`` is a link to it), by their path inside it."""
    from importlib import resources

    found: dict[Path, bytes] = {}

    def walk(node: resources.abc.Traversable, at: Path) -> None:
        for child in sorted(node.iterdir(), key=lambda c: c.name):
            if child.is_dir():
                if not child.name.startswith(("_", ".")):
                    walk(child, at / child.name)
            elif child.name.endswith((".yaml", ".md")):
                found[at / child.name] = child.read_bytes()

    walk(resources.files("sectionx").joinpath("examples"), Path())
    return found


#: The options the print commands share, written once.
PaperOption = Annotated[str, typer.Option(help="Paper: a4, letter, ... (the template's names).")]
TemplateOption = Annotated[Path | None, typer.Option(help="A print template (sizes, colours, tier marks, fonts).")]
TimeOption = Annotated[float | None, typer.Option("--time", min=0.1, max=86400.0,
                                                  help="Give up solving a puzzle after this many seconds.")]
NodesOption = Annotated[int | None, typer.Option("--nodes", min=1, max=10_000_000,
                                                 help="Give up solving a puzzle after expanding this many turns "
                                                      "(the default is the game's: the same output on every machine).")]


@contextmanager
def puzzle_folder(folder: Path) -> Iterator[tuple[list[Path], games.Game]]:
    """The puzzle files of ``folder`` and their one game (:mod:`sectionx.puzzlesets`)."""
    try:
        files = puzzlesets.puzzle_files(folder)
        game = puzzlesets.game_of(files)
    except puzzlesets.SetProblem as exc:
        raise fail(str(exc), exc.code) from None
    with shared_budget():
        yield files, game
