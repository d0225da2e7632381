"""Der Tunnel's puzzles on paper: ``sheet``, ``generate``, ``deck`` and ``book``
(:class:`sectionx.games.api.Commands`).

Puzzles (TQ1-TQ3, :mod:`.puzzles`) are proved by :mod:`.solver`, made by
:mod:`.generator` and printed through the house's layouts
(:mod:`sectionx.render.puzzleprint`) from the
:class:`~sectionx.render.puzzleprint.PrintedPuzzle` values :mod:`.printing` builds;
a folder of them is read and proved by :mod:`.puzzleset`.
"""

from __future__ import annotations

from pathlib import Path

from ... import paperflow
from ...console import IMPOSSIBLE, INVALID, LIMIT, Stop, fail, plural, refuse_given, tell, warn, write_document, wrong_kind
from ...render.puzzleprint import PrintedPuzzle
from ...render.theme import Theme
from ...yamlsrc import Doc, LoadError
from .. import api
from ..records import is_record
from . import formats, printing, puzzleset, records
from .puzzles import points_for
from .rules import Move
from .solver import Limits, NoQuestion, solve_puzzle

TITLE = "Der Tunnel"


# ---------------------------------------------------------------------- sheet


def sheet(path: Path, doc: Doc, options: api.SheetOptions) -> None:
    """A puzzle card and its solution sheet (:func:`sectionx.render.puzzleprint.sheet_document`).
    A puzzle is proved first (exit 3 or 4 as ``solve``); a record written by
    ``solve -o`` (a puzzle's start and its answer's turns) is replayed and drawn as
    given."""
    from ...render import theme
    from ...render.puzzleprint import sheet_document

    look = theme.load_theme(options.template)
    printed = _record_sheet(path, doc, look) if is_record(doc) else _puzzle_sheet(path, doc, look, options)
    document = sheet_document(printed, look, look.paper(options.paper))
    write_document(options.out, document, look, kind=options.kind)


def _puzzle_sheet(path: Path, doc: Doc, look: Theme, options: api.SheetOptions) -> PrintedPuzzle:
    try:
        loaded = formats.read(doc)
    except LoadError as exc:
        tell(exc.diagnostics)
        raise Stop(INVALID) from None
    puzzle = loaded.puzzle
    if puzzle is None:
        raise wrong_kind(path, f"a {TITLE} position", "a puzzle",
                         "sheet draws puzzles (a goal:, TQ1-TQ3) and their solutions")
    try:
        answer = solve_puzzle(loaded, Limits(options.nodes or puzzleset.NODE_LIMIT, options.seconds))
    except NoQuestion as exc:
        raise fail(f"{path}: {exc}") from None
    if answer.status == "impossible":
        warn(f"sectionx: {path}: {answer.player} cannot reach the goal within {plural(answer.limit, 'turn')}, "
             "the others passing (proved; TQ2)")
        raise Stop(IMPOSSIBLE)
    if answer.status == "unknown":
        below = answer.proved_none_below
        warn(f"sectionx: {path}: not solved within the limits" + (f"; not within {plural(below, 'turn')}, proved"
                                                                   if below else ""))
        raise Stop(LIMIT)
    grade = puzzleset.grade_of(loaded)
    return printing.printed(loaded.position, puzzle, answer.line, look, title=loaded.title,
                            summary=puzzleset.summary(answer), tier=grade.tier if grade else None,
                            grade_id=grade.id if grade else "", source=str(path))


def _record_sheet(path: Path, doc: Doc, look: Theme) -> PrintedPuzzle:
    """A solution record (``solve -o``): its start must be a puzzle, its turns legal
    and, for TQ2, the goal met in the player's last turn and within the puzzle's
    limit (the others passing between them); TQ1 one turn; TQ3 the move asked about."""
    try:
        record = records.read(doc, path.parent)
    except LoadError as exc:
        tell(exc.diagnostics)
        raise Stop(INVALID) from None
    puzzle = record.puzzle
    if puzzle is None:
        raise fail(f"{path}: its start has no goal, so it is no puzzle's solution (TQ1-TQ3)", INVALID)
    result = records.replay(record)
    problems = records.diagnostics(record, result)
    if problems:
        tell(problems)
        raise Stop(INVALID)
    pos = record.start
    line = [a for a in record.actions if isinstance(a, Move)]
    placed = [m for m in line if m.cell is not None]
    goal = puzzle.goal
    if goal.others_pass:
        if result.reached_after != len(placed) or len(placed) > goal.within:
            raise fail(f"{path}: its turns do not end with the puzzle's goal met in the last of at most "
                       f"{goal.within} (TQ2)", INVALID)
        summary = f"{plural(len(placed), 'turn')} (a solution given, not proved the fewest)."
    elif goal.kind == "best":
        if len(placed) != 1 or len(line) != 1:
            raise fail(f"{path}: a TQ1 puzzle's solution is one turn with the drawn tile, not {plural(len(line), 'turn')}"
                       " (TQ1)", INVALID)
        got = points_for(pos.turn, result.scored[0])
        summary = f"{plural(got, 'point')} this turn (a solution given, not proved the most)."
    else:
        if puzzle.after is not None and [str(m) for m in line] != [str(puzzle.after)]:
            raise fail(f"{path}: a TQ3 puzzle's record plays the turn it asks about ({puzzle.after}) and nothing "
                       "else (TQ3)", INVALID)
        summary = "The referee's score sheet of the end (CB9, TU9)."
        line = []  # the move asked about is the puzzle's own
        if puzzle.after is not None:
            line = [puzzle.after]
    return printing.printed(pos, puzzle, line, look, title=record.title or path.stem, summary=summary,
                            source=str(path))


# ---------------------------------------------------------------------- generate


def generate(options: api.GenerateOptions) -> None:
    """New graded puzzles (:mod:`.generator`), each proved, unique, graded and none the
    same as another; the same options give the same bytes on any number of workers.
    A file of the same name already in the folder is refused, never replaced."""
    from ...generating import write_set
    from .generator import Params, Unit, make
    from .generator import generate as make_set

    refuse_given(f"{TITLE}'s board grows from the start tile (TG4) and a tier chooses its kinds of puzzle (TQ1, TQ2)",
                 board=options.board, goal=options.goal)
    out = options.out
    try:
        if options.puzzle_id is not None:
            params, unit_seed = Params.parse_id(options.puzzle_id)
        else:
            params = Params(options.difficulty)
            params.check()
    except ValueError as exc:
        raise fail(str(exc)) from None
    if options.puzzle_id is not None:
        outcome = make(Unit(params, unit_seed))
        if not outcome.accepted:
            raise fail(f"{options.puzzle_id}: this seed gives no puzzle ({outcome.reason})")
        name = out / f"{params.tier}-{unit_seed}.yaml"
        write_set(out, {name: outcome.text.encode("utf-8")})
        warn(f"wrote {name}")
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
    of the folder in order (graded by difficulty, then ungraded by kind and turns),
    each proved; one with several answers only when its ``answer:`` records how many."""
    paperflow.book(files, options, read=puzzleset.read_files, in_order=puzzleset.in_order,
                   solve=puzzleset.solve_for_print, node_limit=puzzleset.NODE_LIMIT, title=f"{TITLE} puzzles",
                   intro=INTRO)


#: The book's title page: how a Der Tunnel puzzle is played.
INTRO = (
    ("Each puzzle is a position of Der Tunnel, Carcassonne with the tunnel expansion, with one player to move. "
     "Cells are named column,row, as numbered along each board's edges; the tiles in hand are drawn beside the "
     "board, and each player's points and tokens in hand."),
    ("The best turn: place the drawn tile where it scores the most this turn, with a follower and a tunnel token "
     "if they help. A token goes on any free tunnel mouth; the second token of a set joins its mouth to the "
     "first underground, and the two roads become one. A road through tunnels scores one point for each tile "
     "it is seen on."),
    ("Points within K turns: lay the tiles shown, in order, one a turn, while the others pass, and score at least "
     "the points asked. Who scores what: score the board as the game's end would."),
    "The solutions at the back show each turn: the tile placed outlined, what it completed highlighted.",
)


__all__ = ["INTRO", "book", "deck", "generate", "sheet"]
