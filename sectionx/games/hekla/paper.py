"""Hekla's printed matter: ``illustrate``, ``sheet``, ``generate``, ``deck`` and
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
    plural,
    refuse_given,
    tell,
    warn,
    write_document,
    wrong_kind,
)
from ...render.puzzleprint import PrintedPuzzle
from ...render.theme import Theme
from ...yamlsrc import Doc, LoadError
from .. import api
from ..records import is_record
from . import figures, formats, printing, puzzleset, records
from .rules import Action, apply, skip
from .solver import solve


def illustrate(path: Path, doc: Doc, options: api.IllustrateOptions) -> None:
    """Every claim checked by the referee (exit 1 with one line per false claim, and
    nothing drawn); with ``options.out`` the figure drawn, cropped, with its title
    and caption (:func:`sectionx.paperflow.illustrate`)."""
    paperflow.illustrate(path, options, figures.figure_problems(path, doc), figures.claim_count(doc),
                         lambda look: figures.drawing(formats.read(doc), look, text=True))


# ---------------------------------------------------------------------- sheet


def sheet(path: Path, doc: Doc, options: api.SheetOptions) -> None:
    """A puzzle card and its solution sheet (:func:`sectionx.render.puzzleprint.sheet_document`).
    A puzzle is proved first (exit 3 or 4 as ``solve``); a record written by
    ``solve -o`` (a puzzle's start and a line) is replayed and drawn as given."""
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
            raise wrong_kind(path, "a Hekla position", "a puzzle", "sheet draws puzzles (a goal: block) and their solutions")
        if loaded.position.over:
            raise fail(f"{path}: the game is over ({loaded.position.ended_by}); a puzzle needs a game going on (HQ1)")
        goal = loaded.goal
        answer = solve(loaded.position, goal.gain, goal.within, node_limit=options.nodes or puzzleset.NODE_LIMIT,
                       seconds=options.seconds)
        if answer.turns is None:
            if answer.complete:
                warn(f"sectionx: {path}: {loaded.position.player} cannot gain {goal.gain} within {plural(goal.within, 'turn')} "
                     "(proved; HQ1)")
                raise Stop(IMPOSSIBLE)
            warn(f"sectionx: {path}: not solved within the limits; not within {plural(answer.proved_none_below, 'turn')}, proved")
            raise Stop(LIMIT)
        n = answer.turns
        unique = "the only winning first turn" if len(answer.first) == 1 else f"{len(answer.first)} winning first turns"
        summary = f"{n} turn{'s' if n != 1 else ''}, the fewest possible (proved); {unique}."
        grade = loaded.grade
        printed = printing.printed(loaded.position, goal, answer.line, look, title=loaded.title, summary=summary,
                                   tier=grade.tier if grade else None, grade_id=grade.id if grade else "",
                                   source=str(path))
    document = sheet_document(printed, look, look.paper(options.paper))
    write_document(options.out, document, look, kind=options.kind)


def _record_sheet(path: Path, doc: Doc, look: Theme) -> PrintedPuzzle:
    """A solution record (``solve -o``): its start must be a puzzle and its turns, the
    others passing between them, must meet the goal in the last one (HQ1)."""
    try:
        record = records.read(doc, path.parent)
    except LoadError as exc:
        tell(exc.diagnostics)
        raise Stop(INVALID) from None
    if record.goal is None:
        raise fail(f"{path}: its start has no goal, so it is no puzzle's solution (HQ1)", INVALID)
    result = records.replay(record)
    problems = records.diagnostics(record, result)
    if problems:
        tell(problems)
        raise Stop(INVALID)
    pos = record.start
    me = pos.to_move
    line: list[Action] = []
    now = pos
    for action in record.actions:
        if now.to_move == me:
            line.append(action)
            now = apply(now, action)
        else:
            now = skip(now)
    if result.reached_after != len(line) or len(line) > record.goal.within:
        raise fail(f"{path}: its turns do not end with the puzzle's goal met in the last of at most "
                   f"{record.goal.within} (HQ1)", INVALID)
    n = len(line)
    summary = f"{n} turn{'s' if n != 1 else ''} (a solution given, not proved the fewest)."
    title = record.title or f"{path.stem}"
    return printing.printed(pos, record.goal, line, look, title=title, summary=summary, source=str(path))


# ---------------------------------------------------------------------- generate


def generate(options: api.GenerateOptions) -> None:
    """New graded puzzles (:mod:`.generator`), each proved, unique, graded and none the
    same as another; the same options give the same bytes on any number of workers.
    A file of the same name already in the folder is refused, never replaced."""
    from ...generating import write_set
    from .generator import Params, Unit, make
    from .generator import generate as make_set

    refuse_given("Hekla has one board and one kind of puzzle (HG1, HQ1)", board=options.board, goal=options.goal)
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
        write_set(out, {out / f"{params.tier}-{unit_seed}.yaml": outcome.text.encode("utf-8")})
        warn(f"wrote {out / f'{params.tier}-{unit_seed}.yaml'}")
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
    of the folder in order (graded by difficulty, then ungraded by turns), each proved;
    one with several winning lines only when its ``answer:`` records how many."""
    paperflow.book(files, options, read=puzzleset.read_files, in_order=puzzleset.in_order,
                   solve=puzzleset.solve_for_print, node_limit=puzzleset.NODE_LIMIT, title="Hekla puzzles",
                   intro=INTRO)


#: The book's title page: how a Hekla puzzle is played.
INTRO = (
    ("Each puzzle is a position of Hekla with one player to move. Gain at least the track fields the goal asks "
    "for within its number of turns. The other players pass every turn."),
    ("Place or move one of your volcano stones each turn. Three neighbouring fields in a row or column adding up "
    "to 8 or more erupt when your turn changes one of them; every volcano stone on them moves its owner one field "
    "along the track (two on a red-circled field), and you move the sum less 7 more. Your volcanist's white line "
    "lets a stone on it move any distance; you may go back on the track to reach one, and lose those fields."),
    "The solutions at the back show each turn, the eruptions numbered in the order they go off.",
)
