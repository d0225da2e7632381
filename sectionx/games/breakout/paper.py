"""Breakout's printed matter: ``illustrate``, ``sheet``, ``generate``, ``deck`` and
``book`` (:class:`sectionx.games.api.Commands`).

Rule figures are checked by :mod:`.figures`; puzzles are made by :mod:`.generator`
and printed through the house's layout (:mod:`sectionx.render.puzzleprint`) from
:class:`~sectionx.render.puzzleprint.PrintedPuzzle` values that :mod:`.printing`
builds.
"""

from __future__ import annotations

from pathlib import Path

from ... import paperflow
from ...console import (
    IMPOSSIBLE,
    INVALID,
    LIMIT,
    Stop,
    fail,
    refuse_given,
    tell,
    warn,
    write_document,
    wrong_kind,
)
from ...fileio import quote
from ...render.puzzleprint import PrintedPuzzle
from ...render.theme import Theme
from ...yamlsrc import Doc, LoadError
from .. import api
from ..records import is_record
from . import figures, formats, printing, puzzleset, records
from .answers import prove


def illustrate(path: Path, doc: Doc, options: api.IllustrateOptions) -> None:
    """Every claim checked by the referee (exit 1 with one line per false claim, and
    nothing drawn); with ``options.out`` the figure drawn, cropped, with its title
    and caption (:func:`sectionx.paperflow.illustrate`)."""
    paperflow.illustrate(path, options, figures.figure_problems(path, doc), figures.claim_count(doc),
                         lambda look: figures.drawing(formats.read(doc), look, text=True))


# ---------------------------------------------------------------------- sheet


def sheet(path: Path, doc: Doc, options: api.SheetOptions) -> None:
    """A puzzle card and its solution sheet (:func:`sectionx.render.puzzleprint.sheet_document`).
    A puzzle is proved first, with its whole answer (exit 3 or 4 as ``solve``); a
    record written by ``solve -o`` (a puzzle's start and a line) is replayed and
    drawn as given."""
    from ...render import theme
    from ...render.puzzleprint import sheet_document

    look = theme.load_theme(options.template)
    if is_record(doc):
        printed = _record_sheet(path, doc, look)
    else:
        try:
            loaded = formats.read(doc)
        except LoadError as exc:
            tell(exc.diagnostics)
            raise Stop(INVALID) from None
        if loaded.goal is None:
            raise wrong_kind(path, "a Breakout position", "a puzzle", "sheet draws puzzles (a goal: block) and their "
                             "solutions")
        goal = loaded.goal
        nodes = options.nodes or puzzleset.NODE_LIMIT
        proof = prove(loaded.position, goal.turns, solo=goal.passes, node_limit=nodes, seconds=options.seconds)
        solution = proof.solution
        if solution is None:
            if proof.complete:
                warn(f"sectionx: {path}: {loaded.position.to_move.value} cannot escape within {goal.turns} turns "
                     "(proved; BQ1)")
                raise Stop(IMPOSSIBLE)
            warn(f"sectionx: {path}: not solved within the limits (--nodes, --time); no escape within "
                 f"{proof.proved_none_below} turns, proved")
            raise Stop(LIMIT)
        grade = loaded.grade
        printed = printing.printed(loaded.position, goal, printing.solution_steps(solution, look, solo=goal.passes), look,
                                   title=loaded.title, summary=printing.summary(solution), turns=solution.turns,
                                   tier=grade.tier if grade else None, grade_id=grade.id if grade else "",
                                   source=str(path))
    document = sheet_document(printed, look, look.paper(options.paper))
    write_document(options.out, document, look, kind=options.kind)


def _record_sheet(path: Path, doc: Doc, look: Theme) -> PrintedPuzzle:
    """A solution record (``solve -o``): its start must be a puzzle, and its turns must
    meet the goal with the last push of the puzzle's player, within the goal's turns
    (BQ1)."""
    try:
        record = records.read(doc, path.parent)
    except LoadError as exc:
        tell(exc.diagnostics)
        raise Stop(INVALID) from None
    if record.goal is None:
        raise fail(f"{path}: its start has no goal, so it is no puzzle's solution (BQ1)", INVALID)
    result = records.replay(record)
    problems = records.diagnostics(record, result)
    if problems:
        tell(problems)
        raise Stop(INVALID)
    mine = (len(record.actions) + 1) // 2  # the puzzle's player's turns: it pushes first, then every other turn
    if result.escaped_after is None or result.played != len(record.actions) or result.escaped_after > record.goal.turns \
            or result.escaped_after != mine:
        raise fail(f"{path}: its turns do not end with the puzzle's player escaping, within {record.goal.turns} of "
                   "its turns (BQ1)", INVALID)
    n = result.escaped_after
    summary = f"{n} turn{'s' if n != 1 else ''} (a solution given, not proved the fewest)."
    steps = printing.line_steps(record.start, record.actions, look, solo=record.goal.passes)
    return printing.printed(record.start, record.goal, steps, look, title=record.title or _start_title(path, doc),
                            summary=summary, turns=n, source=str(path))


def _start_title(path: Path, doc: Doc) -> str:
    """The title of the puzzle a record starts from (``start: FILE``), else the record's name."""
    start = doc.data.get("start") if isinstance(doc.data, dict) else None
    if isinstance(start, str):
        try:
            return formats.load(path.parent / start).title or path.stem
        except (LoadError, OSError):
            pass  # records.read has checked the start; a title is only a title
    return path.stem


# ---------------------------------------------------------------------- generate


def generate(options: api.GenerateOptions) -> None:
    """New graded puzzles (:mod:`.generator`), each proved, unique, graded and none the
    same as another up to symmetry; the same options give the same bytes on any
    number of workers.  A file of the same name already in the folder is refused,
    never replaced."""
    from ...generating import write_set
    from .generator import Params, Unit, make
    from .generator import generate as make_set

    refuse_given("Breakout has one wall (BW1); its puzzles differ by --goal (defends, passes or mixed)",
                 board=options.board)
    out = options.out
    try:
        if options.puzzle_id is not None:
            params, unit_seed = Params.parse_id(options.puzzle_id)
        else:
            params = Params(options.difficulty, options.goal or "defends")
            params.check()
    except ValueError as exc:
        raise fail(str(exc)) from None
    if options.puzzle_id is not None:
        outcome = make(Unit(params, unit_seed))
        if not outcome.accepted:
            raise fail(f"{quote(options.puzzle_id)}: this seed gives no puzzle ({outcome.reason})")
        target = out / f"{params.tier}-{unit_seed}.yaml"
        write_set(out, {target: outcome.text.encode("utf-8")})
        warn(f"wrote {target}")
        return
    paperflow.generate_files(options, params.tier,
                             lambda runner, seen: make_set(params, options.count, options.seed, runner=runner,
                                                           max_tries=options.max_tries, on_outcome=seen))


# ---------------------------------------------------------------------- deck and book


def deck(files: list[Path], options: api.DeckOptions) -> None:
    """The challenge deck (:func:`sectionx.render.puzzleprint.deck_document`): the first
    ``per_tier`` graded puzzles of each tier, each proved unique and as its ``answer:``
    says (else refused in one line with ``solve``'s exit status)."""
    paperflow.deck(files, options, read=puzzleset.read_files, choose=puzzleset.choose,
                   solve=puzzleset.solve_for_print, node_limit=puzzleset.NODE_LIMIT)


def book(files: list[Path], options: api.BookOptions) -> None:
    """The puzzle book (:func:`sectionx.render.puzzleprint.book_document`): every puzzle
    of the folder in order (graded by difficulty, then ungraded by turns), each
    proved with its whole answer; one that is not unique only when its ``answer:``
    records it."""
    paperflow.book(files, options, read=puzzleset.read_files, in_order=puzzleset.in_order,
                   solve=puzzleset.solve_for_print, node_limit=puzzleset.NODE_LIMIT, title="Breakout puzzles",
                   intro=INTRO)


#: The book's title page: how a Breakout puzzle is played.
INTRO = (
    ("Each puzzle is a wall in the middle of a break-out, with one player to push. Escape within the number of "
     "turns the goal gives: join the bottom row to the top row with your own knots, left, right, up and down."),
    ("A push puts a knot from your hand into a row at one end, marked by its arrow (L3: row 3 from the left); the "
     "knots next to it move one field along, up to the first gap, and from a full row the last knot falls out, back "
     "to its owner. The push that makes a knot fall out may not be answered from the other end of that row."),
    ("Most puzzles have a defender, who pushes to stop you; an escape the defender's push gives you counts. The "
     "solutions at the back show your push at each turn, and the winning answer to every reply of the defender."),
)
