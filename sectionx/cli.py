"""The ``sectionx`` command line.  Each command parses options, calls the library,
writes the result.  Library errors (:class:`~sectionx.model.SectionXError`) and
file errors become one line on stderr and a non-zero exit; never a traceback.
Nothing imports this module.
"""

from __future__ import annotations

import functools
import json
import random
import secrets
import sys
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, ParamSpec, TextIO

import typer
import yaml

from . import __version__, checking, fileio, formats, play, rules
from .fileio import printable
from .model import COLOURS, Board, Catalogue, Colour, Problem, Scenario, SectionXError, State
from .progress import progress_bar
from .workers import run_units
from .yamlsrc import Diagnostic, Doc, LoadError, read_yaml

if TYPE_CHECKING:
    from .solver.exact import Solved
from .render.text import describe, describe_board, describe_catalogue, goal_sentence

P = ParamSpec("P")
#: Seeds are whole numbers from 0: Python's random.Random(-5) is Random(5), so a
#: negative seed would silently repeat another game.  The top is what a file's
#: ``seed:`` may hold.
MAX_SEED = 2**63 - 1

app = typer.Typer(
    name="sectionx",
    help="Section X: check game states and puzzles, show positions, set up new games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


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


def fail(message: str, code: int = 2) -> typer.Exit:
    warn(f"sectionx: {message}")
    return typer.Exit(code)


def problem_line(d: Diagnostic) -> str:
    """How the command line tells a problem: located, with its ruling id, as
    ``str(d)``; but a file that cannot be read at all is the command line's problem,
    told like the others (``sectionx: scenarios/nope.yaml: no such file``), with no
    rule id, since no rule is broken (issue 11)."""
    return f"sectionx: {d}" if d.unreadable else str(d)


def reports_errors(fn: Callable[P, None]) -> Callable[P, None]:
    """Run a command with its inputs tracked (so no output overwrites one of them) and
    turn sectionx and file-system errors into one line on stderr and exit 2."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            with fileio.tracking():
                return fn(*args, **kwargs)
        except LoadError as exc:
            for line in [problem_line(d) for d in exc.diagnostics] or ["sectionx: error"]:
                warn(line)
            raise typer.Exit(2) from None
        except fileio.FileProblem as exc:
            # A path of the command line that cannot be read or written as asked (an
            # output onto a link, into a missing folder): like a missing input, no rule
            # is broken, so no rule id follows (issue 11).
            raise fail(f"{exc.path}: {exc.message}") from None
        except SectionXError as exc:
            for line in str(exc).splitlines() or ["error"]:
                warn(line)
            raise typer.Exit(2) from None
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            raise fail(f"{where}{exc.strerror or exc}") from None

    return wrapper


def version_callback(value: bool) -> None:
    if value:
        say(f"sectionx {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[bool | None, typer.Option("--version", callback=version_callback, is_eager=True,
                                                    help="Print the version and exit.")] = None,
) -> None:
    """Section X: check game states and puzzles, show positions, set up new games."""


@app.command()
@reports_errors
def validate(
    files: Annotated[list[Path] | None, typer.Argument(help="Scenario, board or tile-set YAML files.", show_default=False)] = None,
    bundled: Annotated[bool, typer.Option("--bundled", help="Also check the boards and tile set shipped with sectionx.")] = False,
    output: Annotated[str, typer.Option("--format", help="text, or json for tools.")] = "text",
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print problems only, not the ok lines.")] = False,
) -> None:
    """Check files against the format and every rule; list every problem.

    Each problem is one line: FILE:LINE:COLUMN: message (ruling id).  A file
    that cannot be read (missing, not a regular file) gets one line on stderr.
    Exit status 0 when every file is valid, 1 otherwise.

    Example:  sectionx validate scenarios/*.yaml --bundled
    """
    if output not in ("text", "json"):
        raise fail(f"--format must be text or json, not {output!r}")
    if not files and not bundled:
        raise fail("name at least one file, or --bundled")
    # One file at a time: each report is printed (or reduced to its JSON) and dropped,
    # so checking many files takes the memory of one.
    results: list[dict[str, object]] = []
    files_seen = bad = problems = listed = 0
    for report in _reports(files or [], bundled):
        files_seen += 1
        bad += not report.ok
        problems += len(report.diagnostics)
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
        warn(f"{problems} problem(s) in {bad} of {files_seen} file(s)")
    raise typer.Exit(1 if bad else 0)


def _reports(files: list[Path], bundled: bool) -> Iterator[checking.Report]:
    if bundled:
        yield from checking.check_bundled()
    for f in files:
        yield checking.check_file(f)


@app.command()
@reports_errors
def show(
    file: Annotated[Path, typer.Argument(help="A scenario, game record, board or tile-set YAML file.", show_default=False)],
) -> None:
    """Print a text picture of what a file holds: a position (board, tiles, prisoners,
    doors, players), a game record's final position, an empty board, or a tile set.

    Problems are listed on stderr after the picture (exit 1); a file that cannot be
    read at all gets its problems only.

    Example:  sectionx show scenarios/midgame-4p.yaml
    """
    report = checking.check_file(file)
    if report.loaded is not None:
        scenario = report.loaded.scenario
        text = describe(scenario.state, title=scenario.title, puzzle=scenario.is_puzzle)
        if scenario.goal is not None:
            text += f"Puzzle: {goal_sentence(scenario.goal)}.\n"
    elif report.final is not None:
        text = describe(report.final, title=f"{file} after {report.played} actions")
    elif isinstance(report.definition, Board):
        text = describe_board(report.definition, formats.bundled_catalogue())
    elif isinstance(report.definition, Catalogue):
        text = describe_catalogue(report.definition)
    else:
        text = ""
    say(text, nl=False)
    for d in report.diagnostics:
        warn(problem_line(d))
    if not report.ok or not text:
        raise typer.Exit(1)


@app.command()
@reports_errors
def new(
    players: Annotated[int, typer.Option("--players", "-n", min=2, max=4, help="Number of players, 2 to 4.")] = 4,
    variant: Annotated[str, typer.Option(help="standard, or advanced (target 7, open stacks; V2).")] = "standard",
    seed: Annotated[int | None, typer.Option(min=0, max=MAX_SEED, help="Seed (0 or more) for shuffling and the start "
                                                "player; same seed, same file.")] = None,
    board: Annotated[str | None, typer.Option(help="Board name or file (default: compact for 2 players, else standard).")] = None,
    colours: Annotated[str | None, typer.Option(help="Comma-separated colours in seat order, e.g. blue,red.")] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write here instead of to stdout.")] = None,
) -> None:
    """Write the set-up of a new game: prisoners in their cell blocks, doors in hand,
    the 54 tiles shuffled into three stacks, a start player drawn by lot (S2).

    Without --seed a seed is drawn and written into the file's header.

    Example:  sectionx new --players 4 --seed 7 -o game.yaml
    """
    if variant not in ("standard", "advanced"):
        raise fail(f"--variant must be standard or advanced, not {variant!r}")
    chosen = _colours(colours, players)
    seed = secrets.randbelow(2**32) if seed is None else seed
    board_obj = _definition(board or ("compact" if players == 2 else "standard"), "board")
    catalogue = formats.bundled_catalogue()
    state = rules.new_game(chosen, board_obj, catalogue, random.Random(seed), advanced=variant == "advanced")
    command = f"sectionx new --players {players} --variant {variant} --seed {seed}"
    if board:
        command += f" --board {board}"
    if colours:
        command += f" --colours {colours}"
    text = formats.dumps(Scenario(state, title=f"New {players}-player game"), header=f"Made with: {command}")
    _emit(text, out)


def _colours(text: str | None, players: int) -> tuple[Colour, ...]:
    if text is None:
        return COLOURS[:players]
    names = [c.strip() for c in text.split(",") if c.strip()]
    try:
        chosen = tuple(Colour(c) for c in names)
    except ValueError:
        raise fail(f"--colours takes red, blue, yellow, purple; got {text!r}") from None
    if len(chosen) != players or len(set(chosen)) != players:
        raise fail(f"--colours must name {players} different colours, got {text!r}")
    return chosen


def _emit(text: str, out: Path | None) -> None:
    """Generated text to stdout, or to ``out`` through the one output writer."""
    if out is None:
        say(text, nl=False)
    else:
        fileio.write_file(out, text)
        if not fileio.is_stdout(out):
            warn(f"wrote {out}")


@app.command()
@reports_errors
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (YAML with start: and actions:).", show_default=False)],
    show_states: Annotated[bool, typer.Option("--show", help="Print the position after every turn.")] = False,
) -> None:
    """Check every action of a game record; stop at the first illegal one with its
    turn number, line and every reason (with ruling ids).  Exit 0 when all are legal.
    A record that starts from a puzzle is played by Q2 (only the goal's player
    takes turns), and the summary says whether and when the goal is met (Q4).

    Example:  sectionx replay tests/golden/play-2p-seed5.yaml
    """
    record = formats.load_record(file)
    start = checking.scenario_report(str(file), record.start)
    if not start.ok:
        for d in checking.own_file(str(file), start.diagnostics):
            warn(problem_line(d))
        raise typer.Exit(1)

    def show_turn(number: int, state: State) -> None:
        say(describe(state, title=f"After turn {number}"))

    result = play.replay(checking.record_start(record), record.actions, on_turn=show_turn if show_states else None)
    problems = checking.replay_diagnostics(record, result)
    for d in problems:
        warn(problem_line(d))
    if result.error is not None:
        raise typer.Exit(1)
    s = result.final
    end = f"game over: {', '.join(f'{i + 1}. {c}' for i, c in enumerate(s.ranking))}" if s.finished else "the game goes on"
    say(f"{file}: {len(record.actions)} actions, {result.turns} turns, all legal; round {s.round}; {end}"
        + checking.goal_outcome(record))
    raise typer.Exit(1 if problems else 0)


def _bot_names(text: str) -> list[str]:
    return [b.strip() for b in text.split(",") if b.strip()]


@app.command("play")
@reports_errors
def play_command(
    players: Annotated[int, typer.Option("--players", "-n", min=2, max=4, help="Number of players, 2 to 4.")] = 4,
    variant: Annotated[str, typer.Option(help="standard, or advanced (V2).")] = "standard",
    seed: Annotated[int, typer.Option(min=0, max=MAX_SEED, help="Seed (0 or more) for the set-up and every bot's choices.")] = 0,
    bots: Annotated[str, typer.Option(help="One bot for all, or one per seat: random, greedy.")] = "random",
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write the record here instead of to stdout.")] = None,
) -> None:
    """Play a whole game between bots and write its record (replayable with `sectionx replay`).
    A progress bar (turns, round, actions) goes to stderr when it is a terminal.

    Example:  sectionx play --players 4 --bots greedy,random,random,random --seed 3 -o output/game.yaml
    """
    if variant not in ("standard", "advanced"):
        raise fail(f"--variant must be standard or advanced, not {variant!r}")
    start = play.new_game_state(players, variant, seed)
    try:
        seats = play.make_bots(_bot_names(bots), start.colours, seed)
    except ValueError as exc:
        raise fail(str(exc)) from None
    # A greedy bot takes tens of seconds a game: progress on stderr (when it is a
    # terminal), so that stdout, which may carry the record, stays the record alone.
    with progress_bar("turns", total=None, fields=("round", "actions")) as bar:
        bar.update(round=start.round)

        def turn_ended(turns: int, actions: int, round_now: int) -> None:
            bar.update(advance=turns - bar.done, round=round_now, actions=actions)

        game = play.play_game(start, seats, on_turn=turn_ended)
    names = {c.value: b.name for c, b in seats.items()}
    header = f"Made with: sectionx play --players {players} --variant {variant} --seed {seed} --bots {bots}"
    text = formats.dumps_record(Scenario(start, title=f"{players}-player game, seed {seed}"), game.actions,
                                turns=game.turns, result=game.result(), bots=names, header=header)
    _emit(text, out)


@app.command()
@reports_errors
def simulate(
    games: Annotated[int, typer.Option("--games", "-g", min=1, max=100000, help="How many games.")] = 20,
    players: Annotated[int, typer.Option("--players", "-n", min=2, max=4, help="Number of players, 2 to 4.")] = 4,
    variant: Annotated[str, typer.Option(help="standard, or advanced (V2).")] = "standard",
    seed: Annotated[int, typer.Option(min=0, max=MAX_SEED, help="Seed (0 or more) of the first game; game i uses seed + i.")] = 0,
    bots: Annotated[str, typer.Option(help="One bot for all, or one per seat: random, greedy.")] = "random",
    output: Annotated[str, typer.Option("--format", help="text, or json.")] = "text",
    workers: Annotated[int, typer.Option("--workers", "-w", min=1, max=256,
                                         help="Play on this many local processes (1: in this process).")] = 1,
    scheduler: Annotated[str | None, typer.Option(
        help="Play on the workers of this Dask scheduler, tcp://HOST:8786, instead "
             "(needs pip install 'sectionx[cluster]'; every worker needs sectionx).", show_default=False)] = None,
) -> None:
    """Play many games between bots and print statistics: game length, winner by seat,
    what decided each game, prisoners freed and dead, how rounds end, how often each
    action is used.  A progress bar goes to stderr when it is a terminal.  The figures
    are the same whatever --workers or --scheduler: each game depends only on its seed.

    A game's winner is the first of its final ranking (E4, E5): who reached the
    target, else most freed, then freed plus hidden, then most alive; "decided by"
    counts which step it was.  Players equal on every step tie: such a game has no
    winner, and is counted as a tie, not by seat.

    Example:  sectionx simulate --games 50 --bots greedy --workers 4
    """
    if output not in ("text", "json"):
        raise fail(f"--format must be text or json, not {output!r}")
    if variant not in ("standard", "advanced"):
        raise fail(f"--variant must be standard or advanced, not {variant!r}")
    if seed + games - 1 > MAX_SEED:
        raise fail(f"--seed {seed} with --games {games} runs past the largest seed, {MAX_SEED}")
    if scheduler is not None and workers > 1:
        # A cluster's size is set where its workers are started; a --workers here would
        # look like a limit and be none.
        raise fail("give --workers or --scheduler, not both: the cluster's workers are started with `dask worker`")
    names = tuple(_bot_names(bots))
    try:  # the bots are checked before the first game, so a typo costs nothing
        play.make_bots(list(names), COLOURS[:players], seed)
    except ValueError as exc:
        raise fail(str(exc)) from None
    specs = (play.GameSpec(players, variant, seed + i, names) for i in range(games))
    stats = play.Stats()
    with (progress_bar("games", total=games) as bar,
          closing(run_units(play.simulate_game, specs, workers=workers, scheduler=scheduler)) as results):
        for summary in results:  # in seed order, whichever worker finished first
            stats.add(summary)
            bar.update(advance=1)
    data = stats.as_dict()
    if output == "json":
        say(json.dumps(data, indent=2))
        return
    for key, value in data.items():
        if isinstance(value, dict):
            say(f"{key.replace('_', ' ')}: " + ", ".join(f"{k} {v}" for k, v in value.items()))
        else:
            say(f"{key.replace('_', ' ')}: {value}")
    # Issue 11: a winner by seat beside "freed per player: ... max 0" looked like a bug.
    say("note: the winner is the first of the final ranking (E4, E5); 'decided by' counts the step that put them "
        "ahead; a tie on every step has no winner and is not counted by seat")


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

    _emit(json.dumps(load_schema(), indent=2) + "\n", out)


def _checked_position(file: Path, refusal: str) -> formats.Loaded:
    """The game state or puzzle in ``file`` (with its sources), checked: every problem
    is told on stderr (exit 1 when there is one); a file of another kind ends with
    ``refusal`` (exit 2)."""
    report = checking.check_file(file)
    for d in report.diagnostics:
        warn(problem_line(d))
    if not report.ok:
        raise typer.Exit(1)
    if report.loaded is None:
        raise fail(f"{file}: a {report.kind} file; {refusal}")
    return report.loaded


def _write_picture(out: Path, kind: str, document: Any, look: Any) -> None:
    """The first page of a drawn ``document`` as one SVG, or the document as a PDF."""
    from .render import pdf, svg

    if kind == "svg":
        svg.write_svg(out, document.pages[0], document.symbol_map, look)
    else:
        pdf.write_pdf(out, document, look)


@app.command()
@reports_errors
def illustrate(
    file: Annotated[Path, typer.Argument(help="A rulebook figure: a scenario file with claims.", show_default=False)],
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Also draw it: .svg or .pdf (the figure cropped).",
                                             show_default=False)] = None,
    template: Annotated[Path | None, typer.Option(help="A print template (sizes, colours, fonts).")] = None,
) -> None:
    """Check every claim of a rulebook figure with the rules engine and, with -o, draw
    it.  A claim that does not hold is one line naming the file, the line and the
    claim (exit 1), and nothing is drawn.  Claims: docs/rulebook.md.

    Example:  sectionx illustrate scenarios/rules/distance-rule.yaml -o output/distance-rule.svg
    """
    from . import figures

    scenario = _checked_position(file, "a figure is a game state").scenario
    problems = figures.claim_problems(read_yaml(file), scenario)
    for d in problems:
        warn(problem_line(d))
    if problems:
        raise typer.Exit(1)
    count = len(scenario.claims)
    if out is None:
        say(f"{file}: {_claims_hold(count)}")
        return
    from .render import diagram, theme

    look = theme.load_theme(template)
    document = diagram.diagram(scenario, look, crop=True, coords=False, panel=False)
    _write_picture(out, _print_kind(out), document, look)
    warn(f"{file}: {_claims_hold(count)}; wrote {out}")


@app.command()
@reports_errors
def manual(
    lang: Annotated[str, typer.Option("--lang", "-l", help="en, de or nl, or a language file (.yaml) of your own.")] = "en",
    out: Annotated[Path | None, typer.Option("--out", "-o", help="rulebook.pdf or rulebook.html (default: "
                                             "output/rulebook-LANG.pdf or .html).", show_default=False)] = None,
    fmt: Annotated[str | None, typer.Option("--format", "-f", help="pdf or html (default: from -o, else pdf).",
                                            show_default=False)] = None,
    paper: Annotated[str, typer.Option(help="Paper for the PDF: a4, letter, ... (the template's names).")] = "a4",
    template: Annotated[Path | None, typer.Option(help="A print template (sizes, colours, fonts).")] = None,
    rules_text: Annotated[Path | None, typer.Option("--rules", help="The rules text (default: the project's "
                                                    "docs/rules.md).", show_default=False)] = None,
    figures: Annotated[Path | None, typer.Option("--figures", help="The folder of figures (default: the project's "
                                                 "scenarios/rules/).", show_default=False)] = None,
) -> None:
    """Build the illustrated rulebook: the rules of play (sections 1 to 11 of
    docs/rules.md) with every figure of scenarios/rules/ after the rule it
    illustrates, a components page, the turn at a glance and an index of rule ids;
    a PDF, or one self-contained HTML page with the figures inline.

    Every figure's claims are checked by the rules engine first: a claim that does
    not hold, a figure the language file has no words for, text the font cannot
    print stop the build with one line each naming the file and line (exit 1), and
    nothing is written.  docs/rulebook.md has the details.

    Example:  sectionx manual --lang nl -o output/spelregels.pdf
    """
    from . import manual as book
    from .render import theme

    kind = (fmt or (out.suffix.lstrip(".").lower() if out is not None else "pdf")).lower()
    if kind not in ("pdf", "html"):
        raise fail(f"{out if out is not None else '--format'}: the manual is written as .pdf or .html (or give --format pdf|html)")
    code = Path(lang).stem if lang.endswith((".yaml", ".yml")) else lang
    target = out if out is not None else Path("output") / f"rulebook-{code}.{kind}"
    for given, default, what in ((rules_text, book.RULES_TEXT, "--rules FILE"), (figures, book.FIGURES, "--figures DIR")):
        if given is None and not default.exists():
            # Installed from a wheel: the rules text and the figures live in the project, not the package.
            raise fail(f"{default}: not found; the manual is built from a clone of sectionx (give {what})")
    look = theme.load_theme(template)
    page = look.paper(paper)
    source: Path | str = Path(lang) if lang.endswith((".yaml", ".yml")) else lang
    from .manual.html import to_html
    from .manual.pdf import to_pdf

    try:
        prepared = book.prepare(source, rules_text=rules_text or book.RULES_TEXT, figures=figures or book.FIGURES, theme=look)
        # Setting the PDF can still find a problem in the sources (code Courier cannot print).
        data: bytes | str = to_pdf(prepared, look, page) if kind == "pdf" else to_html(prepared, look)
    except LoadError as exc:
        for d in exc.diagnostics:
            warn(problem_line(d))
        raise typer.Exit(1) from None
    if out is None:
        fileio.make_folder(target.parent)
    fileio.write_file(target, data)
    count = len(prepared.figures)
    warn(f"wrote {target}: {prepared.language.name}, {count} figure{'s' if count != 1 else ''}, every claim checked")


def _solve_breakout(file: Path, doc: Doc, turns: int | None, nodes: int | None, output: str) -> None:
    """``solve`` for a Breakout puzzle (BQ1), read from ``doc`` (the file, already
    parsed): the fewest turns to a forced escape, the winning first pushes and a main
    line; exit codes as for Section X."""
    from .games.breakout import formats as breakout_formats
    from .games.breakout.solver import solve as solve_breakout

    try:
        loaded = breakout_formats.read(doc)  # the checks validate makes of a Breakout file
    except LoadError as exc:
        for d in exc.diagnostics:
            warn(problem_line(d))
        raise typer.Exit(INVALID) from None
    if loaded.goal is None:
        raise fail(f"{file}: no goal: block, so it is no puzzle (see docs/breakout.md)", INVALID)
    limit = min(turns or loaded.goal.turns, loaded.goal.turns)
    answer = solve_breakout(loaded.position, limit, solo=loaded.goal.passes, node_limit=nodes or 2_000_000)
    status = "solved" if answer.turns is not None else "impossible" if answer.complete else "unknown"
    data: dict[str, Any] = {"file": str(file), "game": "breakout", "status": status, "turns": answer.turns,
                            "limit": limit, "first": [str(a) for a in answer.first], "line": [str(a) for a in answer.line],
                            "proved_none_below": answer.proved_none_below + 1, "nodes": answer.nodes}
    if loaded.has_answer and answer.complete:
        data["recorded_answer_matches"] = loaded.answer_turns == answer.turns
        if loaded.answer_turns != answer.turns:
            warn(f"{file}: the answer recorded in the file (turns {loaded.answer_turns}) is not what was proved "
                 f"(turns {answer.turns})")
    if output != "text":
        text = json.dumps(data, indent=2) if output == "json" else yaml.safe_dump(data, sort_keys=False)
        say(text.rstrip("\n"))
    elif status == "solved":
        who = loaded.position.to_move.value
        say(f"{file}: {who} escapes in {answer.turns} turn{'s' if answer.turns != 1 else ''} at best (proved: not in fewer), "
            f"{'the other player passing' if loaded.goal.passes else 'whatever the other player does'}")
        say(f"  winning first pushes: {' '.join(data['first'])}")
        say(f"  main line (the other player defending longest): {' '.join(data['line'])}")
    elif status == "impossible":
        say(f"{file}: no forced escape within {limit} turns (proved)")
    else:
        say(f"{file}: unknown: the node limit was reached; no escape within {answer.proved_none_below} turns (proved)")
    if status != "solved":
        raise typer.Exit(3 if status == "impossible" else 4)


def _claims_hold(count: int) -> str:
    return "the one claim holds" if count == 1 else f"all {count} claims hold" if count else "no claims to check"


@app.command()
@reports_errors
def render(
    file: Annotated[Path, typer.Argument(help="A scenario YAML file (state or puzzle).", show_default=False)],
    out: Annotated[Path, typer.Option("--out", "-o", help="The picture to write: .svg or .pdf, or - for stdout.", show_default=False)],
    crop: Annotated[bool, typer.Option("--crop", help="Only the region around tiles, prisoners, doors and annotations.")] = False,
    coords: Annotated[bool, typer.Option("--coords", help="Write q,r in every cell.")] = False,
    panel: Annotated[bool | None, typer.Option("--panel/--no-panel", help="A side panel: hands, counts, doors, keys, "
                                               "stacks (default: on for puzzles, whose hand is part of the puzzle).",
                                               show_default=False)] = None,
    template: Annotated[Path | None, typer.Option(help="A print template (sizes, colours, fonts).")] = None,
    tile_size: Annotated[float | None, typer.Option(min=5, max=200, help="Tile size across the flats, in mm.")] = None,
    output: Annotated[str | None, typer.Option("--format", help="svg or pdf (default: from the file name; svg for -o -).")] = None,
) -> None:
    """Draw a position on its board, with its annotations, as SVG or PDF.
    `-o -` (or /dev/stdout) writes to standard output.

    The file is checked first; rule problems are listed (exit 1) and nothing is written.

    Example:  sectionx render scenarios/figure-tunnel-fight.yaml -o output/fight.svg --crop
    """
    from .render import diagram, theme  # reportlab loads slowly; only render needs it

    kind = (output or ("svg" if fileio.is_stdout(out) else out.suffix.lower().lstrip("."))).lower()
    if kind not in ("svg", "pdf"):
        raise fail(f"{out}: the output must end in .svg or .pdf (or give --format svg|pdf)")
    loaded = _checked_position(file, "render draws game states and puzzles")
    scenario = loaded.scenario
    look = theme.load_theme(template)
    look = look.with_tile(tile_size, pieces=False) if tile_size else look  # diagram tokens scale with the tile
    try:
        document = diagram.diagram(scenario, look, crop=crop, coords=coords,
                                   panel=scenario.goal is not None if panel is None else panel)
    except diagram.UnprintableText as exc:
        raise LoadError(loaded.locate([Problem("font", exc.message, exc.subject)])) from None
    _write_picture(out, kind, document, look)
    if not fileio.is_stdout(out):
        warn(f"wrote {out}")


@app.command()
@reports_errors
def kit(
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder to write into (made if missing).")] = Path("output/kit"),
    paper: Annotated[str, typer.Option(help="Paper for the kit: a4, letter, a3, ... (the template's names).")] = "a4",
    board_paper: Annotated[str | None, typer.Option(help="Also write the board on one sheet of this paper, e.g. a2.")] = None,
    ink_saver: Annotated[bool, typer.Option("--ink-saver", help="Outlines and light fills.")] = False,
    greyscale: Annotated[bool, typer.Option("--greyscale", help="Every colour as its grey.")] = False,
    back_offset_x: Annotated[float, typer.Option(min=-20, max=20, help="Shift every back page right by this many mm "
                                                 "(read it off the duplex calibration sheet).")] = 0.0,
    back_offset_y: Annotated[float, typer.Option(min=-20, max=20, help="Shift every back page down by this many mm.")] = 0.0,
    template: Annotated[Path | None, typer.Option(help="A print template (sizes, colours, fonts); see templates/.")] = None,
    tile_size: Annotated[float | None, typer.Option(min=15, max=120, help="Tile size across the flats, in mm.")] = None,
    board: Annotated[str, typer.Option(help="Board name (standard, compact) or file.")] = "standard",
    tiles: Annotated[str, typer.Option(help="Tile set name (default) or file.")] = "default",
    svg_files: Annotated[bool, typer.Option("--svg/--no-svg", help="Also write an SVG of every page.")] = True,
    coords: Annotated[bool, typer.Option("--coords/--no-coords", help="Print each board cell's q,r, small and pale "
                                         "(files name cells so).")] = True,
) -> None:
    """Write the whole game as a print-and-play kit: one PDF with the board, 54 tiles
    (fronts and backs for long-edge duplex), prisoner and door tokens, master-key and
    player-aid cards, a checklist and a duplex calibration sheet; and an SVG of every page.

    Example:  sectionx kit --paper letter --board-paper a2 --out output/kit
    """
    from .render import kit as kits  # reportlab loads slowly; only drawing needs it
    from .render import theme

    if fileio.is_stdout(out):
        raise fail(f"{out}: the kit is a folder of files; --out names a folder, not standard output")
    if (out.exists() or out.is_symlink()) and not out.is_dir():
        raise fail(f"{out}: is {fileio.describe_kind(out)}; --out names a folder")
    look = theme.load_theme(template).with_modes(ink_saver=ink_saver, greyscale=greyscale)
    look = look.with_tile(tile_size) if tile_size else look
    board_obj = _definition(board, "board")
    catalogue = _definition(tiles, "catalogue")
    built = kits.build_kit(board_obj, catalogue, look, paper, board_paper=board_paper,
                           offset=(back_offset_x, back_offset_y), coords=coords)
    files = kits.kit_files(built, out, svg=svg_files)  # everything in memory first: no half-written kit
    kits.write_kit_files(files, out)
    pdf_path = out / "sectionx-kit.pdf"
    say(f"wrote {pdf_path} ({len(built.document.pages)} pages, {len(files[pdf_path]) // 1024} KiB)"
               + (f", {sum(p.suffix == '.svg' for p in files)} SVGs in {out / 'svg'}" if svg_files else ""))
    if built.poster is not None:
        say(f"wrote {out / ('sectionx-' + built.poster.pages[0].name + '.pdf')} (the board on one sheet)")


#: Exit status of ``solve`` (also in its --help and the README).
SOLVED, INVALID, IMPOSSIBLE, LIMIT = 0, 1, 3, 4


@app.command()
@reports_errors
def solve(
    file: Annotated[Path, typer.Argument(help="A puzzle: a scenario with a goal.", show_default=False)],
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write the solution as a game record (replayable).")] = None,
    seconds: Annotated[float | None, typer.Option("--time", min=0.1, max=86400.0,
                                                     help="Give up after this many seconds (answer: unknown).")] = None,
    nodes: Annotated[int | None, typer.Option("--nodes", min=1, help="Give up after expanding this many turns.")] = None,
    turns: Annotated[int | None, typer.Option("--turns", min=1, max=50,
                                                 help="Look for solutions of at most this many turns "
                                                      "(default: the goal's limit, else 50).")] = None,
    cap: Annotated[int, typer.Option("--cap", min=1, max=10000, help="Count optimal plans up to this many.")] = 50,
    output: Annotated[str, typer.Option("--format", help="text, json or yaml.")] = "text",
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Show the search at work on stderr.")] = False,
) -> None:
    """Solve a puzzle exactly: the fewest of the goal player's turns (proved: nothing
    shorter exists), one optimal solution, and whether it is unique.

    Optimal means fewest turns, then fewest tile and door actions; a solution is
    unique when every optimal one makes the same tile and door actions in the same
    turns (Q5).  Exit status: 0 solved; 1 the file is invalid; 3 proved impossible
    within the turn limit; 4 a --time or --nodes limit was reached (the answer is
    unknown; the turns proved necessary so far are printed).

    Example:  sectionx solve scenarios/puzzle-first-escape.yaml -o output/solution.yaml
    """
    from .search import Limit, Stats, plans_text
    from .solver.exact import solve_puzzle

    if output not in ("text", "json", "yaml"):
        raise fail(f"--format must be text, json or yaml, not {output!r}")
    from .games.breakout import formats as breakout_formats

    doc = read_yaml(file)
    if breakout_formats.is_breakout(doc):
        _solve_breakout(file, doc, turns, nodes, output)
        return
    scenario = _checked_position(file, "solve takes puzzles").scenario  # a file with problems exits INVALID (1)
    if scenario.goal is None:
        raise fail(f"{file}: no goal: block, so it is no puzzle (see docs/format.md, Puzzles)", INVALID)

    def progress(stats: Stats, what: str) -> None:
        if verbose or stats.seconds >= 1.0:
            warn(f"solve: {what}; depth {stats.depth}, {stats.nodes:,} turns expanded, {stats.table_hits:,} table hits, "
                 f"{stats.bound_cuts:,} bound cuts, {stats.seconds:.1f} s")

    goal_turns = scenario.goal.turns or Limit().turns
    limit = Limit(turns=min(turns or goal_turns, goal_turns), nodes=nodes, seconds=seconds)
    solved = solve_puzzle(scenario, limit, cap=cap, progress=progress)
    result = solved.result
    data = _solution_data(solved, plans_text(result))
    recorded = scenario.answer
    if recorded is not None and result.status == "solved" and result.plans is not None:
        found = (result.turns, result.plans if not result.plans_capped else None, result.cost)
        wanted = (recorded.turns, recorded.plans, recorded.cost if recorded.cost is not None else result.cost)
        data["recorded_answer_matches"] = found == wanted
        if found != wanted:
            warn(f"{file}: the answer recorded in the file (turns {recorded.turns}, plans {recorded.plans}"
                 f"{'' if recorded.cost is None else f', cost {recorded.cost}'}) is not what was proved (turns "
                 f"{result.turns}, plans {plans_text(result)}, cost {result.cost})")
    if output != "text":
        text = json.dumps(data, indent=2) if output == "json" else yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
        say(text.rstrip("\n"))
    else:
        say(_solution_text(file, solved, plans_text(result)), nl=False)
    if verbose:
        s = result.stats
        warn(f"solve: {s.nodes:,} turns expanded, {s.table_hits:,} table hits, {s.bound_cuts:,} bound cuts, {s.seconds:.2f} s")
    if out is not None and solved.turns:
        record = formats.dumps_record(scenario, list(solved.actions), turns=_turn_labels(solved),
                                      header=f"Solution found by: sectionx solve {file}")
        fileio.write_file(out, record)
        if not fileio.is_stdout(out):
            warn(f"wrote {out}")
    raise typer.Exit({"solved": SOLVED, "impossible": IMPOSSIBLE}.get(result.status, LIMIT))


@app.command()
@reports_errors
def sheet(
    file: Annotated[Path, typer.Argument(help="A puzzle, or a solution record written by solve -o.", show_default=False)],
    out: Annotated[Path, typer.Option("--out", "-o", help="out.pdf (card, then the solution), or out.svg "
                                                          "(out-card.svg, out-solution-1.svg, ...).", show_default=False)],
    seconds: Annotated[float | None, typer.Option("--time", min=0.1, max=86400.0,
                                                     help="Solving time limit for a puzzle file.")] = None,
    paper: Annotated[str, typer.Option(help="Paper: a4, letter, ... (the template's names).")] = "a4",
    template: Annotated[Path | None, typer.Option(help="A print template (sizes, colours, fonts).")] = None,
) -> None:
    """Print a puzzle card (the puzzle as a player meets it, solvable from the picture)
    and its solution sheet (one diagram per turn: the tile action highlighted, each
    prisoner's path an arrow, a line per action).

    A puzzle file is solved first (exit 3 or 4 as for solve if that fails); a
    solution record (sectionx solve -o) is drawn as it is, once it is checked.

    Example:  sectionx sheet scenarios/puzzle-first-escape.yaml -o output/first-escape.pdf
    """
    from . import puzzle
    from .render import theme
    from .render.sheet import sheets
    from .search import Limit, plans_text
    from .solution import turn_pictures
    from .solver.exact import solve_puzzle

    _print_kind(out)
    report = checking.check_file(file)
    for d in report.diagnostics:
        warn(problem_line(d))
    if not report.ok:
        raise typer.Exit(INVALID)
    summary = ""
    if report.kind == "record":
        record = formats.load_record(file)
        scenario = record.start.scenario
        if scenario.goal is None:
            raise fail(f"{file}: its start has no goal, so it is no puzzle's solution", INVALID)
        verdict = puzzle.judge(scenario, record.actions)
        if not verdict.met or verdict.met_after != len(record.actions):
            raise fail(f"{file}: its actions do not end with the puzzle's goal met (Q4)", INVALID)
        turns = puzzle.turns_of(puzzle.start(scenario), record.actions)
        summary = f"{len(turns)} turn{'s' if len(turns) != 1 else ''} (a solution given, not proved optimal)"
    elif report.loaded is not None and report.loaded.scenario.goal is not None:
        scenario = report.loaded.scenario
        goal_turns = report.loaded.scenario.goal.turns or Limit().turns
        solved = solve_puzzle(scenario, Limit(turns=goal_turns, seconds=seconds))
        if solved.result.status != "solved":
            warn(f"sectionx: {file}: not solved: {solved.result.reason or solved.result.status}")
            raise typer.Exit(IMPOSSIBLE if solved.result.status == "impossible" else LIMIT)
        turns = [list(t) for t in solved.turns]
        summary = f"{solved.result.turns} turn{'s' if solved.result.turns != 1 else ''}, proved minimal; optimal plans: {plans_text(solved.result)}"
    else:
        raise fail(f"{file}: a {report.kind} without a goal; sheet draws puzzles and their solutions", INVALID)
    look = theme.load_theme(template)
    colour = str(puzzle.goal_of(scenario).player)
    document = sheets(scenario, turn_pictures(puzzle.start(scenario), turns, colour), look, look.paper(paper),
                      summary=summary)
    _write_document(out, document, look)


def _print_kind(out: Path) -> str:
    """``pdf`` or ``svg``, from the output's name (the print commands write either)."""
    kind = out.suffix.lower().lstrip(".")
    if kind not in ("svg", "pdf"):
        raise fail(f"{out}: the output must end in .svg or .pdf")
    return kind


def _write_document(out: Path, document: Any, look: Any, what: str = "") -> None:
    """A drawn document as one PDF, or as one SVG per page beside ``out`` (``out.svg``
    gives ``out-<page name>.svg``), written as one step: all of it or nothing."""
    from .render import pdf, svg

    if _print_kind(out) == "pdf":
        pdf.write_pdf(out, document, look)
        warn(f"wrote {out} ({len(document.pages)} pages{what})")
        return
    table = document.symbol_map
    files = {out.with_name(f"{out.stem}-{page.name}.svg"): svg.to_svg(page, table, look).encode("utf-8")
             for page in document.pages}
    fileio.write_files(files)
    warn(f"wrote {', '.join(str(p) for p in files)}" if len(files) <= 4 else
         f"wrote {len(files)} SVG files, {next(iter(files))} to {list(files)[-1]}{what}")


def _solved_set(chosen: list[Any], nodes: int) -> list[Any]:
    """Each chosen puzzle solved for print, numbered 1..N, with a progress bar on stderr."""
    from . import puzzleset

    solved = []
    with typer.progressbar(chosen, label="solving", file=sys.stderr) as bar:
        for number, p in enumerate(bar, 1):
            solved.append(puzzleset.solve_for_print(p, number, nodes))
    return solved


@app.command()
@reports_errors
def generate(
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder to write the puzzles to (made if missing).",
                                      show_default=False)],
    difficulty: Annotated[str, typer.Option("--difficulty", "-d",
                                            help="beginner, intermediate, advanced or expert.")] = "beginner",
    count: Annotated[int, typer.Option("--count", "-n", min=1, max=1000, help="How many puzzles.")] = 10,
    seed: Annotated[int, typer.Option(min=0, max=10**9, help="Seed of the set: the same seed gives the same files.")] = 0,
    board: Annotated[str, typer.Option(help="compact or standard.")] = "compact",
    goal: Annotated[str, typer.Option(help="free, hide, key, zone, or mixed.")] = "free",
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
    (Q5) and graded by the weakest method that solves it (docs/puzzles.md).

    Writes DIR/<difficulty>-NNN.yaml in the order found, each with its id (a
    file's grade: id makes it again with --id), minimum turns, grade and the
    figures behind it.  The same options give the same bytes, whatever --workers
    or --scheduler.  A progress bar on stderr shows puzzles found, candidates
    tried and the rate; the acceptance rate and the reasons for rejection follow.

    Example:  sectionx generate --difficulty expert --count 5 --seed 7 --out output/puzzles
    """
    from .generator import Params, Tally, Unit, make
    from .generator import generate as make_set

    if scheduler is not None and workers > 1:
        raise fail("give --workers or --scheduler, not both: the cluster's workers are started with `dask worker`")
    try:
        if puzzle_id is not None:
            params, unit_seed = Params.parse_id(puzzle_id)
        else:
            params = Params(difficulty, board, goal)
            params.check()
    except ValueError as exc:
        raise fail(str(exc)) from None
    if puzzle_id is not None:
        outcome = make(Unit(params, unit_seed))
        if not outcome.accepted:
            raise fail(f"{puzzle_id}: this seed gives no puzzle ({outcome.reason})")
        target = out / f"{params.tier}-{unit_seed}.yaml"
        _make_folder(out)
        fileio.write_files({target: outcome.text.encode("utf-8")})
        warn(f"wrote {target}")
        return

    def runner(fn: Any, units: Any) -> Any:
        return run_units(fn, units, workers=workers, scheduler=scheduler)

    with progress_bar("generate", total=count, fields=("found", "tried")) as bar:
        def seen(outcome: Any, tally: Tally) -> None:
            bar.update(advance=int(outcome.accepted), found=tally.found, tried=tally.tried)
        kept, tally = make_set(params, count, seed, runner=runner, max_tries=max_tries, on_outcome=seen)
    files = {out / f"{params.tier}-{i:03d}.yaml": o.text.encode("utf-8") for i, o in enumerate(kept, 1)}
    if files:
        _make_folder(out)
        fileio.write_files(files)
    reasons = ", ".join(f"{reason} {n}" for reason, n in tally.reasons.most_common() if reason != "accepted")
    warn(f"generate: {tally.found} {params.tier} puzzle{'s' if tally.found != 1 else ''} from {tally.tried} "
         f"candidates ({100 * tally.acceptance:.1f}% accepted, {tally.repaired} after repairs); rejected: {reasons or 'none'}")
    if files:
        warn(f"wrote {len(files)} files to {out}")
    if len(kept) < count:
        raise fail(f"found {len(kept)} of {count} puzzles within {tally.tried} candidates; "
                   "raise --max-tries or try another --seed", LIMIT)


def _make_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise fail(f"{folder}: cannot make this folder ({exc.strerror or exc})") from None


@app.command("deck")
@reports_errors
def deck_command(
    folder: Annotated[Path, typer.Argument(help="A folder of graded puzzle files, as sectionx generate writes them.",
                                           show_default=False)],
    out: Annotated[Path, typer.Option("--out", "-o", help="deck.pdf, or deck.svg (deck-01-cards-1-fronts.svg, ...).")]
        = Path("deck.pdf"),
    per_tier: Annotated[int, typer.Option("--per-tier", min=1, max=250,
                                          help="Cards per tier: the first K of each tier in order of difficulty.")] = 15,
    paper: Annotated[str, typer.Option(help="Paper: a4, letter, ... (the template's names).")] = "a4",
    template: Annotated[Path | None, typer.Option(help="A print template (sizes, colours, tier marks, fonts).")] = None,
    nodes: Annotated[int, typer.Option("--nodes", min=1, max=10_000_000,
                                       help="Refuse a puzzle not solved after expanding this many turns.")] = 20_000,  # puzzleset.NODE_LIMIT
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
    from . import puzzleset
    from .render import theme
    from .render.deck import deck

    _print_kind(out)
    look = theme.load_theme(template)
    sheet_paper = look.paper(paper)
    try:
        chosen, shortfalls = puzzleset.choose(puzzleset.read_folder(folder), per_tier)
        for line in shortfalls:
            warn(f"sectionx: warning: {line}")
        solved = _solved_set(chosen, nodes)
    except puzzleset.SetProblem as exc:
        raise fail(str(exc), exc.code) from None
    document = deck(solved, look, sheet_paper, offset=(back_offset_x, back_offset_y))
    _write_document(out, document, look, f", {len(solved)} cards, print long-edge duplex")


@app.command("book")
@reports_errors
def book_command(
    folder: Annotated[Path, typer.Argument(help="A folder of puzzle files, graded or not.", show_default=False)],
    out: Annotated[Path, typer.Option("--out", "-o", help="book.pdf, or book.svg (book-001-title.svg, ...).")]
        = Path("book.pdf"),
    paper: Annotated[str, typer.Option(help="Paper: a4, letter, ... (the template's names).")] = "a4",
    template: Annotated[Path | None, typer.Option(help="A print template (sizes, colours, tier marks, fonts).")] = None,
    nodes: Annotated[int, typer.Option("--nodes", min=1, max=10_000_000,
                                       help="Refuse a puzzle not solved after expanding this many turns.")] = 20_000,  # puzzleset.NODE_LIMIT
    title: Annotated[str, typer.Option(help="The book's title.")] = "Section X puzzles",
) -> None:
    """Print a puzzle book: a title page, the contents by tier, a page per puzzle
    (picture, goal, tier, number) and the solutions at the back, turn by turn.

    Graded puzzles come first, in order of difficulty; puzzles without a grade:
    block follow under "Ungraded", by file name.  Each puzzle is solved as for
    sectionx deck.  Exit status 1 names the file that is refused.

    Example:  sectionx book scenarios/puzzles -o output/book.pdf
    """
    from . import puzzleset
    from .render import theme
    from .render.book import book

    _print_kind(out)
    look = theme.load_theme(template)
    page = look.paper(paper)
    try:
        solved = _solved_set(puzzleset.in_order(puzzleset.read_folder(folder)), nodes)
    except puzzleset.SetProblem as exc:
        raise fail(str(exc), exc.code) from None
    document = book(solved, look, page, title=title)
    _write_document(out, document, look, f", {len(solved)} puzzles")


def _turn_labels(solved: Solved) -> list[tuple[int, str]]:
    labels, index = [], 0
    for number, turn in enumerate(solved.turns, 1):
        labels.append((index, f"turn {number}"))
        index += len(turn)
    return labels


def _solution_data(solved: Solved, plans: str) -> dict[str, object]:
    r = solved.result
    return {
        "status": r.status,
        "turns": r.turns,
        "proved_at_least": r.proved_at_least,
        "actions": r.cost,
        "unique": r.unique,
        "plans": plans,
        "solution": [[str(a) for a in turn] for turn in solved.turns],
        "plan": [list(items) for items in solved.plan],
        # Every optimal plan seen (all of them unless the count passed --cap).
        "optimal_plans": [[[str(x) for x in items] if isinstance(items, tuple) else [str(items)] for items in plan]
                          for plan in r.plan_list],
        "turns_expanded": r.stats.nodes,
        "table_hits": r.stats.table_hits,
        "seconds": round(r.stats.seconds, 3),
        "reason": r.reason,
    }


def _solution_text(file: Path, solved: Solved, plans: str) -> str:
    r = solved.result
    if r.status == "impossible":
        return f"{file}: impossible: {r.reason} (proved).\n"
    if r.status == "unknown" and r.turns is None:
        return (f"{file}: unknown: {r.reason}; at least {r.proved_at_least} turns are needed (proved).\n")
    head = (f"{file}: solved in {r.turns} turn{'s' if r.turns != 1 else ''}; nothing shorter exists (proved).\n"
            if r.status == "solved" else
            f"{file}: {r.turns} turns is the minimum (proved), but {r.reason}: uniqueness unknown.\n")
    lines = [head.rstrip("\n")]
    if r.cost is not None:
        lines.append(f"Optimal plans: {plans}; {r.cost} tile or door action{'s' if r.cost != 1 else ''}.")
    lines.append("Solution:")
    for number, turn in enumerate(solved.turns, 1):
        lines.append(f"  turn {number}: " + "; ".join(str(a) for a in turn))
    lines.append("Plan (tile and door actions as they lie):")
    for number, items in enumerate(solved.plan, 1):
        lines.append(f"  turn {number}: " + ("; ".join(items) if items else "no tile or door action"))
    others = [p for p in r.plan_list if tuple(p) != tuple(solved.plan)]
    if others:
        # A designer making a puzzle unique needs to see what else works.
        shown = others[:5]
        lines.append(f"Other optimal plans ({len(shown)} of {len(others)}{'+' if r.plans_capped else ''} shown):")
        for i, plan in enumerate(shown, 1):
            parts = [f"turn {n}: " + ("; ".join(str(x) for x in items) if items else "-")
                     for n, items in enumerate(plan, 1) if isinstance(items, tuple)]
            lines.append(f"  {i}. " + " | ".join(parts))
    lines.append(f"Search: {r.stats.nodes:,} turns expanded, {r.stats.table_hits:,} table hits, {r.stats.seconds:.2f} s.")
    return "\n".join(lines) + "\n"


def _definition(ref: str, kind: str) -> Any:
    """A bundled or file board/tile set, refused with its first problem as one line."""
    value, _ = formats.resolve_definition(ref, kind)
    problems = rules.check_board(value) if kind == "board" else rules.check_catalogue(value)
    if problems:
        raise fail(f"{kind} {ref}: {problems[0]}")
    return value


def main() -> None:
    """Console-script entry point."""
    try:
        app()
    except KeyboardInterrupt:  # pragma: no cover - interactive only
        sys.exit(130)
