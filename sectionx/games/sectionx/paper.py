"""Section X's printed matter: ``sheet``, ``generate``, ``deck``, ``book``,
``illustrate`` and ``manual`` (:class:`sectionx.games.api.Commands`).

The command bodies that lived in the CLI before every game answered these commands
(issue 26); the CLI now parses the shared options and hands them here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ... import paperflow
from ...console import INVALID, LIMIT, Stop, fail, plural, problem_line, warn, write_document
from ...generating import check_set_folder, write_set
from ...progress import progress_bar
from ...workers import run_units
from ...yamlsrc import Doc, read_yaml
from .. import api
from . import checking, formats


def checked_position(file: Path, refusal: str) -> formats.Loaded:
    """The game state or puzzle in ``file`` (with its sources), checked: every problem
    is told on stderr (exit 1 when there is one); a file of another kind ends with
    ``refusal`` (exit 2)."""
    report = checking.check_file(file)
    for d in report.diagnostics:
        warn(problem_line(d))
    if not report.ok:
        raise Stop(INVALID)
    if report.loaded is None:
        raise fail(f"{file}: a {report.kind} file; {refusal}")
    return report.loaded


def sheet(path: Path, doc: Doc, options: api.SheetOptions) -> None:
    from ...render import theme
    from ...search import Limit, plans_text
    from . import puzzle
    from .render.sheet import sheets
    from .solution import turn_pictures
    from .solver.exact import solve_puzzle

    report = checking.check(path, doc)
    for d in report.diagnostics:
        warn(problem_line(d))
    if not report.ok:
        raise Stop(INVALID)
    summary = ""
    if report.kind == "record":
        record = formats.load_record(path)
        scenario = record.start.scenario
        if scenario.goal is None:
            raise fail(f"{path}: its start has no goal, so it is no puzzle's solution", INVALID)
        verdict = puzzle.judge(scenario, record.actions)
        if not verdict.met or verdict.met_after != len(record.actions):
            raise fail(f"{path}: its actions do not end with the puzzle's goal met (Q4)", INVALID)
        turns = puzzle.turns_of(puzzle.start(scenario), record.actions)
        summary = f"{len(turns)} turn{'s' if len(turns) != 1 else ''} (a solution given, not proved optimal)"
    elif report.loaded is not None and report.loaded.scenario.goal is not None:
        scenario = report.loaded.scenario
        goal_turns = puzzle.goal_of(scenario).turns or Limit().turns
        solved = solve_puzzle(scenario, Limit(turns=goal_turns, seconds=options.seconds, nodes=options.nodes))
        if solved.result.status != "solved":
            warn(f"sectionx: {path}: not solved: {solved.result.reason or solved.result.status}")
            raise Stop(3 if solved.result.status == "impossible" else LIMIT)
        turns = [list(t) for t in solved.turns]
        count = solved.result.turns
        summary = (f"{count} turn{'s' if count != 1 else ''}, proved minimal; "
                   f"optimal plans: {plans_text(solved.result)}")
    else:
        raise fail(f"{path}: a {report.kind} without a goal; sheet draws puzzles and their solutions")
    look = theme.load_theme(options.template)
    colour = str(puzzle.goal_of(scenario).player)
    document = sheets(scenario, turn_pictures(puzzle.start(scenario), turns, colour), look, look.paper(options.paper),
                      summary=summary, source=str(path))
    write_document(options.out, document, look, kind=options.kind)


def _solved_set(chosen: list[Any], nodes: int, *, unique: bool = True, seconds: float | None = None) -> list[Any]:
    """Each chosen puzzle solved for print, numbered 1..N, with progress on stderr;
    ``unique`` and ``seconds`` (``--time``, per puzzle) as
    :func:`~.puzzleset.solve_for_print` takes them (the deck: one solution)."""
    from . import puzzleset

    return paperflow.solve_all(chosen, lambda p, number: puzzleset.solve_for_print(p, number, nodes, unique=unique,
                                                                                   seconds=seconds))


def generate(options: api.GenerateOptions) -> None:
    from .generator import CANDIDATE_SECONDS, OVER_TIME, Params, Tally, Unit, make
    from .generator import generate as make_set

    out = options.out
    try:
        if options.puzzle_id is not None:
            params, unit_seed = Params.parse_id(options.puzzle_id)
        else:
            params = Params(options.difficulty, options.board or "compact", options.goal or "free")
            params.check()
    except ValueError as exc:
        raise fail(str(exc)) from None
    if options.puzzle_id is not None:
        outcome = make(Unit(params, unit_seed))
        if not outcome.accepted:
            raise fail(f"{options.puzzle_id}: this seed gives no puzzle ({outcome.reason})")
        target = out / f"{params.tier}-{unit_seed}.yaml"
        write_set(out, {target: outcome.text.encode("utf-8")})
        warn(f"wrote {target}")
        return
    # The files this set may write: refused before minutes of work if one is already there.
    check_set_folder(out / f"{params.tier}-{i:03d}.yaml" for i in range(1, options.count + 1))

    def runner(fn: Any, units: Any) -> Any:
        return run_units(fn, units, workers=options.workers, scheduler=options.scheduler)

    # A three-turn expert candidate takes seconds to grade: the counters say how far a
    # set has come, and how many candidates its time limit dropped (OVER_TIME).
    with progress_bar("generate", total=options.count, fields=("found", "tried", "timeouts")) as bar:
        def seen(outcome: Any, tally: Tally) -> None:
            bar.update(advance=int(outcome.accepted), found=tally.found, tried=tally.tried,
                       timeouts=tally.reasons[OVER_TIME])
        kept, tally = make_set(params, options.count, options.seed, runner=runner, max_tries=options.max_tries,
                               on_outcome=seen)
    files = {out / f"{params.tier}-{i:03d}.yaml": o.text.encode("utf-8") for i, o in enumerate(kept, 1)}
    if files:
        write_set(out, files)
    reasons = ", ".join(f"{reason} {n}" for reason, n in tally.reasons.most_common() if reason != "accepted")
    warn(f"generate: {plural(tally.found, params.tier + ' puzzle')} from {plural(tally.tried, 'candidate')} "
         f"({100 * tally.acceptance:.1f}% accepted, {tally.repaired} after repairs); rejected: {reasons or 'none'}")
    if files:
        warn(f"wrote {plural(len(files), 'file')} to {out}")
    if tally.reasons[OVER_TIME]:
        warn(f"generate: {plural(tally.reasons[OVER_TIME], 'candidate')} dropped at the time limit of "
             f"{CANDIDATE_SECONDS:g} CPU seconds each: on a faster machine the set may differ (docs/puzzles.md)")
    if len(kept) < options.count:
        raise fail(f"found {len(kept)} of {options.count} puzzles within {plural(tally.tried, 'candidate')}; "
                   "raise --max-tries or try another --seed", LIMIT)


def deck(files: list[Path], options: api.DeckOptions) -> None:
    from ...render import theme
    from . import puzzleset
    from .render.deck import deck as draw_deck

    look = theme.load_theme(options.template)
    sheet_paper = look.paper(options.paper)
    try:
        chosen, shortfalls = puzzleset.choose(puzzleset.read_files(files), options.per_tier)
        for line in shortfalls:
            warn(f"sectionx: warning: {line}")
        solved = _solved_set(chosen, options.nodes or puzzleset.NODE_LIMIT, seconds=options.seconds)
    except puzzleset.SetProblem as exc:
        raise fail(str(exc), exc.code) from None
    document = draw_deck(solved, look, sheet_paper, offset=options.offset)
    write_document(options.out, document, look, f", {plural(len(solved), 'card')}, print long-edge duplex",
                   kind=options.kind)


def book(files: list[Path], options: api.BookOptions) -> None:
    from ...render import theme
    from . import puzzleset
    from .render.book import book as draw_book

    look = theme.load_theme(options.template)
    page = look.paper(options.paper)
    try:
        # A book prints a puzzle with several optimal plans when its answer: block records them;
        # its ungraded puzzles go by their proved fewest turns, known once solved.
        solved = puzzleset.book_order(_solved_set(puzzleset.in_order(puzzleset.read_files(files)),
                                                  options.nodes or puzzleset.NODE_LIMIT, unique=False,
                                                  seconds=options.seconds))
    except puzzleset.SetProblem as exc:
        raise fail(str(exc), exc.code) from None
    document = draw_book(solved, look, page, title=options.title or "Section X puzzles")
    write_document(options.out, document, look, f", {plural(len(solved), 'puzzle')}", kind=options.kind)


def illustrate(path: Path, doc: Doc, options: api.IllustrateOptions) -> None:
    from . import figures

    scenario = checked_position(path, "a figure is a game state").scenario

    def draw(look: Any) -> Any:
        from .render import diagram

        return diagram.diagram(scenario, look, crop=True, coords=False, panel=False)

    paperflow.illustrate(path, options, figures.claim_problems(read_yaml(path), scenario), len(scenario.claims), draw)


def manual(options: api.ManualOptions) -> None:
    from . import manual as rulebook

    rulebook.manual(options)
