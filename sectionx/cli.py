"""The ``sectionx`` command line.  Each command parses options, calls the library,
writes the result.  Library errors (:class:`~sectionx.errors.SectionXError`) and file
errors become one line on stderr and a non-zero exit; never a traceback
(:func:`sectionx.cliparts.reports_errors`).  Nothing imports this module.

Every command but schema finds the file's game, or ``--game``, in the registry
(:mod:`sectionx.games`) and calls its :class:`~sectionx.games.api.Commands`; this
module names no game.

One command line for every command and game (the README's tables): one exit status per
kind of failure (:mod:`sectionx.console`: 0 done, 1 an input breaks the format or a
rule, 2 the command line cannot be carried out, 3 impossible, 4 a limit, 141 stdout's
reader went away); ``-o`` is where the output goes (files under output/ without it,
text to stdout), ``--format`` the form of the output, ``--seed`` 0 to MAX_SEED; every
command runs inside :func:`sectionx.progress.running`, so a long one tells its progress
on stderr.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer

from . import __version__, fileio, games
from .cliparts import (
    FEWEST_PLAYERS,
    GAME_HELP,
    MOST_PLAYERS,
    REPORT_FORMATS,
    BrokenPipe,
    NodesOption,
    PaperOption,
    TemplateOption,
    TimeOption,
    document,
    example_files,
    format_help,
    game_file,
    game_named,
    puzzle_folder,
    report_format,
    reports_errors,
    seated,
)
from .console import (
    BROKEN_PIPE,
    INVALID,
    OK,
    USAGE,
    emit,
    fail,
    plural,
    problem_line,
    say,
    status_of,
    warn,
)
from .games import api
from .yamlsrc import MAX_SEED

app = typer.Typer(
    name="sectionx",
    help="Section X and its sibling escape games: check positions and puzzles, solve them, print kits.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def version_callback(value: bool) -> None:
    if value:
        say(f"sectionx {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[bool | None, typer.Option("--version", callback=version_callback, is_eager=True,
                                                    help="Print the version and exit.")] = None,
) -> None:
    """Section X and its sibling escape games: check positions and puzzles, solve them, print kits."""


@app.command()
@reports_errors
def validate(
    files: Annotated[list[Path] | None, typer.Argument(help="Scenario, board or tile-set YAML files.", show_default=False)] = None,
    bundled: Annotated[bool, typer.Option("--bundled", help="Also check the boards and tile set shipped with sectionx.")] = False,
    output: Annotated[str, typer.Option("--format", "-f", help="The form of the report: text, or json for tools.")] = "text",
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print problems only, not the ok lines.")] = False,
) -> None:
    """Check files against the format and every rule; list every problem.

    Each problem is one line: FILE:LINE:COLUMN: message (ruling id).  A file
    that cannot be read (missing, not a regular file) gets one line on stderr.
    Exit status 0 when every file is valid, 1 when one has problems, 2 when one
    cannot be read at all.

    Example:  sectionx validate scenarios/*.yaml --bundled
    """
    output = report_format(output, ("text", "json"))
    if not files and not bundled:
        raise fail("name at least one file, or --bundled")
    # One file at a time: each report is printed (or reduced to its JSON) and dropped,
    # so checking many files takes the memory of one.
    results: list[dict[str, object]] = []
    files_seen = bad = problems = listed = unreadable = 0
    for report in _reports(files or [], bundled):
        files_seen += 1
        bad += not report.ok
        problems += len(report.diagnostics)
        unreadable += status_of(report.diagnostics) == USAGE
        if output == "json":
            results.append(report.as_json())
            continue
        for d in report.diagnostics:
            if d.unreadable:  # not a finding about the file's contents: stderr, as for every command
                warn(problem_line(d))
            else:
                listed += 1
                say(str(d))
        if report.ok and not quiet:
            say(f"{report.file}: ok, {report.summary}")
    if output == "json":
        say(json.dumps(results, indent=2))
    elif listed:  # the count sums up the list; a file that cannot be read has had its one line
        warn(f"{plural(problems, 'problem')} in {bad} of {plural(files_seen, 'file')}")
    raise typer.Exit(USAGE if unreadable else INVALID if bad else OK)


def _reports(files: list[Path], bundled: bool) -> Iterator[api.Report]:
    if bundled:
        for game in games.games():
            yield from game.commands().bundled()
    for f in files:
        yield games.check_file(f)


@app.command()
@reports_errors
def show(
    file: Annotated[Path, typer.Argument(help="A position, puzzle, game record, board or tile-set YAML file, of any game.",
                                         show_default=False)],
) -> None:
    """Print a text picture of what a file holds: a position (board, pieces, players),
    a game record's final position, an empty board, or a tile set.

    Problems are listed on stderr after the picture (exit 1); a file that cannot be
    read at all gets its problems only.

    Example:  sectionx show scenarios/midgame-4p.yaml
    """
    with game_file(file) as (doc, game):
        game.commands().show(file, doc)


@app.command()
@reports_errors
def new(
    game: Annotated[str | None, typer.Option("--game", help=GAME_HELP, show_default=False)] = None,
    players: Annotated[int | None, typer.Option("--players", "-n", min=FEWEST_PLAYERS, max=MOST_PLAYERS,
                                                help="Number of players (Section X: 2 to 4, default 4; Hekla: 2 to 4, default 2; "
                                                     "Der Tunnel: 2 to 5, default 2).",
                                                show_default=False)] = None,
    variant: Annotated[str | None, typer.Option(help="Section X: standard, or advanced (target 7, open stacks; V2). "
                                                "Der Tunnel: a comma list of TV1-TV4 and the token count 2/1, or none.",
                                                show_default=False)] = None,
    seed: Annotated[int | None, typer.Option(min=0, max=MAX_SEED, help="Seed (0 or more) for shuffling and the start "
                                                "player; same seed, same file.")] = None,
    board: Annotated[str | None, typer.Option(help="Section X: board name or file (default: compact for 2 players, "
                                              "else standard).")] = None,
    colours: Annotated[str | None, typer.Option(help="Section X and Der Tunnel: comma-separated colours in seat order, "
                                                "e.g. blue,red.")] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write here instead of to stdout.")] = None,
) -> None:
    """Write the set-up of a new game.  Section X: prisoners in their cell blocks, doors
    in hand, the 54 tiles shuffled into three stacks, a start player drawn by lot (S2);
    without --seed a seed is drawn and written into the file's header.  Breakout: the
    empty wall, 13 knots in each hand, yellow to push (B1).  Hekla: every stone in its
    owner's supply, red to move (HG5).  Breakout's and Hekla's set-ups have no chance
    in them, so --seed is refused for them.  Der Tunnel: the start tile on 0,0 and the
    stack shuffled by --seed (without one, only its number is written: each draw is at
    random).

    Example:  sectionx new --players 4 --seed 7 -o game.yaml
    """
    text = seated(game_named(game), players).commands().new(api.NewOptions(players, variant, seed, board, colours))
    emit(text, out)


@app.command()
@reports_errors
def replay(
    file: Annotated[Path, typer.Argument(help="A game record of any game.", show_default=False)],
    show_states: Annotated[bool, typer.Option("--show", help="Print the position after every turn.")] = False,
) -> None:
    """Check every move of a game record; stop at the first illegal one with its
    turn number, line and every reason (with ruling ids).  Exit 0 when all are legal.
    A Section X record that starts from a puzzle is played by Q2 (only the goal's
    player takes turns), and the summary says whether and when the goal is met (Q4).

    Example:  sectionx replay scenarios/records/breakout-seed3.yaml --show
    """
    with game_file(file) as (doc, game):
        game.commands().replay(file, doc, show=show_states)


@app.command("play")
@reports_errors
def play_command(
    game: Annotated[str | None, typer.Option("--game", help=GAME_HELP, show_default=False)] = None,
    players: Annotated[int | None, typer.Option("--players", "-n", min=FEWEST_PLAYERS, max=MOST_PLAYERS,
                                                help="Number of players (Section X: 2 to 4, default 4; Hekla: 2 to 4, default 2; "
                                                     "Der Tunnel: 2 to 5, default 2).",
                                                show_default=False)] = None,
    variant: Annotated[str | None, typer.Option(help="Section X: standard, or advanced (V2). Der Tunnel: a comma list "
                                                "of TV1-TV4 and the token count 2/1, or none.", show_default=False)] = None,
    seed: Annotated[int, typer.Option(min=0, max=MAX_SEED, help="Seed (0 or more) for the set-up and every bot's choices.")] = 0,
    bots: Annotated[str, typer.Option(help="One bot for all, or one per seat: random, greedy, search (Section X), "
                                      "random, winner, search (Breakout), random, greedy, search (Hekla), "
                                      "random, greedy, cutthroat (Der Tunnel).")] = "random",
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write the record here instead of to stdout.")] = None,
) -> None:
    """Play a whole game between bots and write its record (replayable with `sectionx replay`).
    How the game ended is one line on stderr, and so is its progress (a bar on a
    terminal, a plain line every few seconds elsewhere): stdout is the record alone.

    Example:  sectionx play --players 4 --bots greedy,random,random,random --seed 3 -o output/game.yaml
    """
    if out is not None:
        fileio.check_output(out)
    text = seated(game_named(game), players).commands().play(api.PlayOptions(players, variant, seed, bots))
    emit(text, out)


@app.command()
@reports_errors
def simulate(
    game: Annotated[str | None, typer.Option("--game", help=GAME_HELP, show_default=False)] = None,
    games_: Annotated[int, typer.Option("--games", "-g", min=1, max=100000, help="How many games.")] = 20,
    players: Annotated[int | None, typer.Option("--players", "-n", min=FEWEST_PLAYERS, max=MOST_PLAYERS,
                                                help="Number of players (Section X: 2 to 4, default 4; Hekla: 2 to 4, default 2; "
                                                     "Der Tunnel: 2 to 5, default 2).",
                                                show_default=False)] = None,
    variant: Annotated[str | None, typer.Option(help="Section X: standard, or advanced (V2). Der Tunnel: a comma list "
                                                "of TV1-TV4 and the token count 2/1, or none.", show_default=False)] = None,
    seed: Annotated[int, typer.Option(min=0, max=MAX_SEED, help="Seed (0 or more) of the first game; game i uses seed + i.")] = 0,
    bots: Annotated[str, typer.Option(help="One bot for all, or one per seat: random, greedy, search (Section X), "
                                      "random, winner, search (Breakout), random, greedy, search (Hekla), "
                                      "random, greedy, cutthroat (Der Tunnel).")] = "random",
    output: Annotated[str, typer.Option("--format", "-f", help="The form of the report: text or json.")] = "text",
    workers: Annotated[int, typer.Option("--workers", "-w", min=1, max=256,
                                         help="Play on this many local processes (1: in this process).")] = 1,
    scheduler: Annotated[str | None, typer.Option(
        help="Play on the workers of this Dask scheduler, tcp://HOST:8786, instead "
             "(needs pip install 'sectionx[cluster]'; every worker needs sectionx).", show_default=False)] = None,
) -> None:
    """Play many games between bots and print statistics, the same sections in the same
    order for every game: games, length, winners by seat, how the games ended, then the
    game's own figures (Section X: prisoners freed and dead, how rounds end, how often
    each action is used; Breakout: the loser's escapes; Hekla: shared wins, how far the
    leader gets, long moves, turns with several eruptions); --format json has the same
    keys for every game.  Progress goes to stderr.  The figures are the same whatever
    --workers or --scheduler: each game depends only on its seed.

    Section X: a game's winner is the first of its final ranking (E4, E5): who reached
    the target, else most freed, then freed plus hidden, then most alive; "how games
    ended" counts which step it was.  Players equal on every step tie: such a game has no
    winner, and is counted as a tie, not by seat.

    Example:  sectionx simulate --games 50 --bots greedy --workers 4
    """
    output = report_format(output, ("text", "json"))
    if seed + games_ - 1 > MAX_SEED:
        raise fail(f"--seed {seed} with --games {games_} runs past the largest seed, {MAX_SEED}")
    if scheduler is not None and workers > 1:
        # A cluster's size is set where its workers are started; a --workers here would
        # look like a limit and be none.
        raise fail("give --workers or --scheduler, not both: the cluster's workers are started with `dask worker`")
    seated(game_named(game), players).commands().simulate(api.SimulateOptions(games_, players, variant, seed, bots, output, workers, scheduler))


@app.command()
@reports_errors
def examples(
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Folder to write them into (made if missing; default "
                                             "output/examples).", show_default=False)] = None,
) -> None:
    """Write the example files the commands' help names (positions, puzzles, puzzle
    sets and figures of every game) into a folder, so that an installed sectionx can
    run every example: give -o scenarios and the examples read as written.  A file of
    the same name already there is refused, never replaced, and nothing is written.

    Example:  sectionx examples -o scenarios && sectionx book scenarios/puzzles -o output/book.pdf
    """
    folder = out if out is not None else Path("output") / "examples"
    if fileio.is_stdout(folder):
        raise fail(f"{folder}: the examples are a folder of files; --out names a folder, not standard output")
    files = {folder / rel: data for rel, data in example_files().items()}
    fileio.refuse_existing(files, "sectionx examples never replaces a file (give another --out)")
    for parent in sorted({p.parent for p in files}):
        fileio.make_folder(parent)
    fileio.write_files(files, new_only="sectionx examples never replaces a file (give another --out)")
    say(f"wrote {len(files)} example files to {folder}")


@app.command()
@reports_errors
def schema(
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write here instead of to stdout.")] = None,
) -> None:
    """Print the JSON Schema of the scenario format, for editors.

    Put `# yaml-language-server: $schema=PATH` at the top of a scenario file to
    get completion and checking in editors that use the YAML language server.

    Example:  sectionx schema -o sectionx.schema.json
    """
    from .yamlsrc import schema as load_schema

    emit(json.dumps(load_schema(), indent=2) + "\n", out)


@app.command()
@reports_errors
def illustrate(
    file: Annotated[Path, typer.Argument(help="A rule figure: a position of any game with claims.", show_default=False)],
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Also draw it: .svg or .pdf (the figure cropped).",
                                             show_default=False)] = None,
    fmt: Annotated[str | None, typer.Option("--format", "-f", help="The form of the output: svg or pdf (default: from "
                                            "-o's name); given without -o, draws to output/NAME.FORMAT.",
                                            show_default=False)] = None,
    template: Annotated[Path | None, typer.Option(help="A print template (sizes, colours, fonts).")] = None,
) -> None:
    """Check every claim of a rule figure with the game's referee and, with -o or
    --format, draw it.  A claim that does not hold is one line naming the file, the
    line and the claim (exit 1), and nothing is drawn.  Claims: docs/rulebook.md.

    Example:  sectionx illustrate scenarios/breakout/figure-bar.yaml -o output/figure-bar.svg
    """
    target, kind = (document(out, fmt, ("svg", "pdf"), Path("output") / f"{file.stem}.svg")
                    if out is not None or fmt is not None else (None, None))
    with game_file(file) as (doc, game):
        game.commands().illustrate(file, doc, api.IllustrateOptions(target, kind, template))


@app.command()
@reports_errors
def manual(
    game: Annotated[str | None, typer.Option("--game", help=GAME_HELP, show_default=False)] = None,
    lang: Annotated[str, typer.Option("--lang", "-l", help="A language the game's rulebook is written in (Section X: en, "
                                      "de or nl, or a language file .yaml of your own).")] = "en",
    out: Annotated[Path | None, typer.Option("--out", "-o", help="rulebook.pdf or rulebook.html (default: "
                                             "output/rulebook-LANG.pdf, or output/rulebook-GAME-LANG.pdf for another "
                                             "game).", show_default=False)] = None,
    fmt: Annotated[str | None, typer.Option("--format", "-f", help=format_help(("pdf", "html"), "pdf"),
                                            show_default=False)] = None,
    paper: Annotated[str, typer.Option(help="Paper for the PDF: a4, letter, ... (the template's names).")] = "a4",
    template: Annotated[Path | None, typer.Option(help="A print template (sizes, colours, fonts).")] = None,
    rules_text: Annotated[Path | None, typer.Option("--rules", help="The rules text (default: the one sectionx ships).",
                                                    show_default=False)] = None,
    figures: Annotated[Path | None, typer.Option("--figures", help="The folder of figures (default: the ones sectionx "
                                                 "ships).", show_default=False)] = None,
) -> None:
    """Build a game's illustrated rulebook: the rules of play with every figure after
    the rule it illustrates, the components, the turn at a glance and an index of
    rule ids; a PDF, or one self-contained HTML page with the figures inline.

    Every figure's claims are checked by the rules engine first: a claim that does
    not hold, a figure the language has no words for, text the font cannot print
    stop the build with one line each naming the file and line (exit 1), and
    nothing is written.  docs/rulebook.md has the details.

    Example:  sectionx manual --lang nl -o output/spelregels.pdf
    """
    chosen = game_named(game)
    code = Path(lang).stem if lang.endswith((".yaml", ".yml")) else lang
    name = f"rulebook-{code}" if chosen.default else f"rulebook-{chosen.name}-{code}"
    target, kind = document(out, fmt, ("pdf", "html"), Path("output") / f"{name}.pdf")
    chosen.commands().manual(api.ManualOptions(target, kind, lang, paper, template, rules_text, figures))


@app.command()
@reports_errors
def render(
    file: Annotated[Path, typer.Argument(help="A position or puzzle YAML file, of any game.", show_default=False)],
    out: Annotated[Path | None, typer.Option("--out", "-o", help="The picture to write: .svg or .pdf, or - for stdout "
                                             "(default output/NAME.svg).", show_default=False)] = None,
    crop: Annotated[bool, typer.Option("--crop", help="Section X: only the region around tiles, prisoners, doors and "
                                       "annotations.")] = False,
    coords: Annotated[bool, typer.Option("--coords", help="Write every cell's or field's coordinates.")] = False,
    panel: Annotated[bool | None, typer.Option("--panel/--no-panel", help="Section X: a side panel: hands, counts, doors, "
                                               "keys, stacks (default: on for puzzles, whose hand is part of the puzzle).",
                                               show_default=False)] = None,
    template: Annotated[Path | None, typer.Option(help="A print template (sizes, colours, fonts).")] = None,
    tile_size: Annotated[float | None, typer.Option(min=5, max=200, help="Section X: tile size across the flats, in mm.")] = None,
    output: Annotated[str | None, typer.Option("--format", "-f", help="The form of the output: svg or pdf (default: from "
                                               "-o's name, else svg).", show_default=False)] = None,
) -> None:
    """Draw a position with its annotations (labels, arrows, highlights, caption), as
    SVG or PDF, to output/NAME.svg unless -o says where.  `-o -` (or /dev/stdout)
    writes to standard output.

    The file is checked first; rule problems are listed (exit 1) and nothing is written.

    Example:  sectionx render scenarios/figure-tunnel-fight.yaml -o output/fight.svg --crop
    """
    target, kind = document(out, output, ("svg", "pdf"), Path("output") / f"{file.stem}.svg")
    with game_file(file) as (doc, game):
        game.commands().render(file, doc, api.RenderOptions(target, kind, crop, coords, panel, template, tile_size))


@app.command()
@reports_errors
def kit(
    game: Annotated[str | None, typer.Option("--game", help=GAME_HELP, show_default=False)] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Folder to write into (made if missing; default "
                                             "output/kit, or output/kit-GAME for another game).", show_default=False)] = None,
    paper: Annotated[str, typer.Option(help="Paper for the kit: a4, letter, a3, ... (the template's names).")] = "a4",
    board_paper: Annotated[str | None, typer.Option(help="Also write the board on one sheet of this paper, e.g. a2.")] = None,
    ink_saver: Annotated[bool, typer.Option("--ink-saver", help="Outlines and light fills.")] = False,
    greyscale: Annotated[bool, typer.Option("--greyscale", help="Every colour as its grey.")] = False,
    back_offset_x: Annotated[float, typer.Option(min=-20, max=20, help="Shift every back page right by this many mm "
                                                 "(read it off the duplex calibration sheet).")] = 0.0,
    back_offset_y: Annotated[float, typer.Option(min=-20, max=20, help="Shift every back page down by this many mm.")] = 0.0,
    template: Annotated[Path | None, typer.Option(help="A print template (sizes, colours, fonts); see templates/.")] = None,
    tile_size: Annotated[float | None, typer.Option(min=15, max=120, help="Section X: tile size across the flats, in mm.")] = None,
    board: Annotated[str | None, typer.Option(help="Section X: board name (standard, compact) or file; default standard.",
                                              show_default=False)] = None,
    tiles: Annotated[str | None, typer.Option(help="Section X: tile set name (default) or file.", show_default=False)] = None,
    svg_files: Annotated[bool, typer.Option("--svg/--no-svg", help="Also write an SVG of every page.")] = True,
    coords: Annotated[bool, typer.Option("--coords/--no-coords", help="Print each board cell's or wall field's "
                                         "coordinates, small and pale (files name them so).")] = True,
) -> None:
    """Write the whole game as a print-and-play kit: one PDF and an SVG of every page.
    Section X: the board, 54 tiles (fronts and backs for long-edge duplex), prisoner
    and door tokens, master-key and player-aid cards, a checklist and a duplex
    calibration sheet.  Breakout (--game breakout): the wall board, knots, figure
    standees, a rules card, a checklist and the calibration sheet.  Hekla (--game
    hekla): the board, stones, lava, standees and rules cards.  Der Tunnel (--game
    tunnel): the four tunnel tiles at 45 mm with bleed and backs, the twelve tokens
    and spares, and a rules sheet.

    Example:  sectionx kit --paper letter --board-paper a2 --out output/kit
    """
    chosen = game_named(game)
    folder = out if out is not None else Path("output") / ("kit" if chosen.default else f"kit-{chosen.name}")
    if fileio.is_stdout(folder):
        raise fail(f"{folder}: the kit is a folder of files; --out names a folder, not standard output")
    if (folder.exists() or folder.is_symlink()) and not folder.is_dir():
        raise fail(f"{folder}: is {fileio.describe_kind(folder)}; --out names a folder")
    chosen.commands().kit(api.KitOptions(folder, paper, board_paper, ink_saver, greyscale, (back_offset_x, back_offset_y),
                                         template, tile_size, board, tiles, svg_files, coords))


@app.command()
@reports_errors
def solve(
    file: Annotated[Path, typer.Argument(help="A puzzle of any game: a position with a goal.", show_default=False)],
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write the solution as a game record (replayable).")] = None,
    seconds: Annotated[float | None, typer.Option("--time", min=0.1, max=86400.0,
                                                     help="Give up after this many seconds (answer: unknown).")] = None,
    nodes: Annotated[int | None, typer.Option("--nodes", min=1, help="Give up after expanding this many turns.")] = None,
    turns: Annotated[int | None, typer.Option("--turns", min=1, max=50,
                                                 help="Look for solutions of at most this many turns "
                                                      "(default: the goal's limit, else 50).")] = None,
    cap: Annotated[int, typer.Option("--cap", min=1, max=10000, help="Section X: count optimal plans up to this many.")] = 50,
    output: Annotated[str, typer.Option("--format", "-f", help="The form of the report: text, json or yaml.")] = "text",
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Show the search at work on stderr.")] = False,
) -> None:
    """Solve a puzzle exactly: the fewest of the goal player's turns (proved: nothing
    shorter exists) and a solution.  Section X: one optimal solution and whether it is
    unique; optimal means fewest turns, then fewest tile and door actions, and a
    solution is unique when every optimal one makes the same tile and door actions in
    the same turns (Q5).  Breakout: the fewest pushes to a forced escape (BQ1), the
    winning first pushes and the other player's best defence.

    Exit status: 0 solved; 1 the file is invalid; 3 proved impossible within the turn
    limit; 4 a --time or --nodes limit was reached (the answer is unknown; the turns
    proved necessary so far are printed).

    Example:  sectionx solve scenarios/puzzle-first-escape.yaml -o output/solution.yaml
    """
    output = report_format(output, REPORT_FORMATS)
    if out is not None:
        fileio.check_output(out)
    with game_file(file) as (doc, game):
        game.commands().solve(file, doc, api.SolveOptions(out, seconds, nodes, turns, cap, output, verbose))


@app.command()
@reports_errors
def sheet(
    file: Annotated[Path, typer.Argument(help="A puzzle of any game, or a solution record written by solve -o.",
                                         show_default=False)],
    out: Annotated[Path | None, typer.Option("--out", "-o", help="out.pdf (card, then the solution), or out.svg "
                                             "(out-card.svg, out-solution-1.svg, ...); default output/NAME-sheet.pdf.",
                                             show_default=False)] = None,
    seconds: TimeOption = None,
    nodes: NodesOption = None,
    paper: PaperOption = "a4",
    template: TemplateOption = None,
    fmt: Annotated[str | None, typer.Option("--format", "-f", help=format_help(("pdf", "svg"), "pdf"),
                                            show_default=False)] = None,
) -> None:
    """Print a puzzle card (the puzzle as a player meets it, solvable from the picture)
    and its solution sheet (one picture per turn, with what happened in words).

    A puzzle file is solved first (exit 3 or 4 as for solve if that fails); a
    solution record (sectionx solve -o) is drawn as it is, once it is checked.

    Example:  sectionx sheet scenarios/puzzle-first-escape.yaml -o output/first-escape.pdf
    """
    target, kind = document(out, fmt, ("pdf", "svg"), Path("output") / f"{file.stem}-sheet.pdf")
    with game_file(file) as (doc, game):
        game.commands().sheet(file, doc, api.SheetOptions(target, kind, paper, template, seconds, nodes))




@app.command()
@reports_errors
def generate(
    game: Annotated[str | None, typer.Option("--game", help=GAME_HELP, show_default=False)] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Folder to write the puzzles to (made if missing; "
                                             "default output/puzzles, or output/puzzles-GAME for another game).",
                                             show_default=False)] = None,
    difficulty: Annotated[str, typer.Option("--difficulty", "-d",
                                            help="beginner, intermediate, advanced or expert.")] = "beginner",
    count: Annotated[int, typer.Option("--count", min=1, max=1000, help="How many puzzles.")] = 10,
    seed: Annotated[int, typer.Option(min=0, max=MAX_SEED, help="Seed of the set: the same seed gives the same files.")] = 0,
    board: Annotated[str | None, typer.Option(help="Section X: compact (default) or standard.", show_default=False)] = None,
    goal: Annotated[str | None, typer.Option(help="Section X: free (default), hide, key, zone, or mixed.",
                                             show_default=False)] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1, max=256,
                                         help="Try candidates on this many local processes (1: in this process).")] = 1,
    scheduler: Annotated[str | None, typer.Option(
        help="Try candidates on the workers of this Dask scheduler, tcp://HOST:8786 "
             "(needs pip install 'sectionx[cluster]'; every worker needs sectionx).", show_default=False)] = None,
    puzzle_id: Annotated[str | None, typer.Option("--id", help="Make the one puzzle with this id again "
                                                  "(an id such as expert/compact/free#1042, from a file's grade:).",
                                                  show_default=False)] = None,
    max_tries: Annotated[int | None, typer.Option("--max-tries", min=1,
                                                  help="Give up after this many candidates (default 400 per puzzle).")] = None,
) -> None:
    """Generate puzzles of a measured difficulty: each proved by the solver, unique
    and graded by the solver-measured work it takes (docs/puzzles.md).

    Writes DIR/<difficulty>-NNN.yaml in the order found, each with its id (a
    file's grade: id makes it again with --id), minimum turns, grade and the
    figures behind it.  The same options give the same bytes, whatever --workers
    or --scheduler.  Progress on stderr shows puzzles found, candidates tried and
    the rate; the acceptance rate and the reasons for rejection follow.  A file of
    the same name already in DIR is refused, never replaced.

    Example:  sectionx generate --difficulty expert --count 5 --seed 7 --out output/puzzles
    """
    chosen = game_named(game)
    if scheduler is not None and workers > 1:
        raise fail("give --workers or --scheduler, not both: the cluster's workers are started with `dask worker`")
    folder = out if out is not None else Path("output") / ("puzzles" if chosen.default else f"puzzles-{chosen.name}")
    chosen.commands().generate(api.GenerateOptions(folder, difficulty, count, seed, board, goal, workers, scheduler,
                                                   puzzle_id, max_tries))


@app.command("deck")
@reports_errors
def deck_command(
    folder: Annotated[Path, typer.Argument(help="A folder of graded puzzle files of one game, as sectionx generate "
                                           "writes them.", show_default=False)],
    out: Annotated[Path | None, typer.Option("--out", "-o", help="deck.pdf, or deck.svg (deck-01-cards-1-fronts.svg, ...); "
                                             "default output/deck.pdf.", show_default=False)] = None,
    per_tier: Annotated[int, typer.Option("--per-tier", min=1, max=250,
                                          help="Cards per tier: the first K of each tier in order of difficulty.")] = 15,
    paper: PaperOption = "a4",
    template: TemplateOption = None,
    nodes: NodesOption = None,
    seconds: TimeOption = None,
    fmt: Annotated[str | None, typer.Option("--format", "-f", help=format_help(("pdf", "svg"), "pdf"),
                                            show_default=False)] = None,
    back_offset_x: Annotated[float, typer.Option(min=-20, max=20, help="Shift every back page right by this many mm "
                                                 "(read it off the kit's duplex calibration sheet).")] = 0.0,
    back_offset_y: Annotated[float, typer.Option(min=-20, max=20, help="Shift every back page down by this many mm.")] = 0.0,
) -> None:
    """Print a challenge deck: poker-size cards numbered in order of difficulty, the
    puzzle on the front, its solution turn by turn on the back, with the tier's
    colour and symbols; sheets of fronts and backs for long-edge duplex.

    Every puzzle file of FOLDER is checked; each card's puzzle is solved (a node
    limit, so the deck is the same on every machine) and must be unique and match
    its answer: block.  Exit status 1 names the file that is refused.

    Example:  sectionx deck scenarios/puzzles/deck -o output/deck.pdf --paper letter
    """
    target, kind = document(out, fmt, ("pdf", "svg"), Path("output") / "deck.pdf")
    with puzzle_folder(folder) as (files, game):
        game.commands().deck(files, api.DeckOptions(target, kind, per_tier, paper, template, nodes, seconds,
                                                    (back_offset_x, back_offset_y)))


@app.command("book")
@reports_errors
def book_command(
    folder: Annotated[Path, typer.Argument(help="A folder of puzzle files of one game, graded or not.", show_default=False)],
    out: Annotated[Path | None, typer.Option("--out", "-o", help="book.pdf, or book.svg (book-001-title.svg, ...); "
                                             "default output/book.pdf.", show_default=False)] = None,
    paper: PaperOption = "a4",
    template: TemplateOption = None,
    nodes: NodesOption = None,
    seconds: TimeOption = None,
    fmt: Annotated[str | None, typer.Option("--format", "-f", help=format_help(("pdf", "svg"), "pdf"),
                                            show_default=False)] = None,
    title: Annotated[str | None, typer.Option(help="The book's title (default: the game's name and \"puzzles\").",
                                              show_default=False)] = None,
) -> None:
    """Print a puzzle book: a title page, the contents, a page per puzzle (picture,
    goal, tier, number) and the solutions at the back, turn by turn.

    Graded puzzles come first, in order of difficulty; puzzles without a grade:
    block follow, by their proved fewest turns (a book of them promises no tiers).
    Each puzzle is solved as for sectionx deck, but one with several optimal
    solutions is printed when its answer: block records how many.  Exit status 1
    names the file that is refused.

    Example:  sectionx book scenarios/puzzles -o output/book.pdf
    """
    target, kind = document(out, fmt, ("pdf", "svg"), Path("output") / "book.pdf")
    with puzzle_folder(folder) as (files, game):
        game.commands().book(files, api.BookOptions(target, kind, paper, template, nodes, seconds, title))


@app.command()
def studio(
    folder: Annotated[Path, typer.Argument(help="The folder of game files to open (default: the current folder). "
                                           "Only files inside it are read or written.", show_default=False)] = Path("."),
    port: Annotated[int, typer.Option("--port", min=0, max=65535,
                                      help="The port on 127.0.0.1 to listen on; 0 (default) takes a free one.")] = 0,
    no_browser: Annotated[bool, typer.Option("--no-browser", help="Print the address only; do not open a browser.")]
    = False,
) -> None:
    """Make, play and check puzzles and rule figures in the browser: a local web page
    over a folder's files, for every game (docs/studio.md).

    It listens on 127.0.0.1 only, prints its address (with a secret token made for this
    run) and opens the browser; Ctrl-C stops it.

    Example:  sectionx studio scenarios
    """
    from .studio import serve
    from .studio.folder import OutsideFolder

    try:
        # The editor saves files the studio has read, by the user's choice: no input tracking here.
        with fileio.untracked():
            serve.run(folder, port=port, browser=not no_browser)
    except OutsideFolder as exc:
        warn(f"sectionx: {exc}")
        raise typer.Exit(USAGE) from None
    except OSError as exc:
        warn(f"sectionx: --port {port}: cannot listen there ({exc.strerror or exc})")
        raise typer.Exit(USAGE) from None


def main() -> None:
    """Console-script entry point."""
    try:
        try:
            app()
        finally:
            sys.stdout.flush()  # what is still buffered for a pipe: its reader may have gone
    except KeyboardInterrupt:  # pragma: no cover - interactive only
        sys.exit(130)
    except (BrokenPipe, BrokenPipeError):
        _quiet_exit()


def _quiet_exit() -> None:
    """End after standard output's reader went away (``sectionx ... | head``): no
    message, status 141 as for a tool killed by SIGPIPE.  Standard output is pointed
    at /dev/null first, so that Python's flush at exit does not complain about the
    pipe once more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real stdout (embedded): nothing to point elsewhere
        pass
    sys.exit(BROKEN_PIPE)
