"""A folder of puzzles made ready to print: the library behind ``sectionx deck`` and
``sectionx book``.

Contract:

* :func:`read_folder` reads every ``*.yaml`` file directly in a folder (not in the
  folders below it), in file-name order, and checks each as ``validate`` does.  It
  refuses the whole folder, with :class:`SetProblem` (one line, naming the file and
  for a broken file its line), when a file has a problem or is not a puzzle, or when
  there are no puzzle files: a deck or book is never printed from half a folder.
* :func:`in_order` puts the graded puzzles (those with a ``grade:`` block) in order of
  difficulty, :func:`difficulty`: tier, then the grade's figures ``turns``, then
  ``detours``, then ``cost`` (a figure the grade leaves out is taken from the
  ``answer:``, else 0), then the grade's id (its parameters, then its seed as a
  number, so ``#9`` comes before ``#10``), then the file name.  Ungraded puzzles come
  after them, by file name; once solved, :func:`book_order` puts them in order of
  their proved fewest turns (then file name) and numbers the set 1..N.
* :func:`choose` keeps the first ``per_tier`` puzzles of each tier in that order and
  says which tiers have fewer.
* :func:`solve_for_print` solves one puzzle with
  :func:`sectionx.games.sectionx.solver.exact.solve_puzzle` under a *node* limit (a time limit would
  make the output depend on the machine) and refuses a puzzle that is not solved
  within it, or not what its ``answer:`` records.  For a card (``unique``, the deck:
  one back per card) it refuses a puzzle with more than one optimal plan (Q5); a book
  prints one whose ``answer:`` block records that count faithfully ("plans: 2"), and
  its summary says "one of 2 optimal solutions".

Nothing here draws; :mod:`sectionx.games.sectionx.render.deck` and :mod:`sectionx.games.sectionx.render.book` do.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ... import puzzlesets
from ...console import plural
from ...puzzlesets import MAX_FILES, SetProblem
from ...search import Limit, plans_text
from . import checking, puzzle
from .model import TIERS, Scenario
from .render.sheet import SolvedPuzzle
from .solution import turn_pictures
from .solver.exact import solve_puzzle

#: Most turns the solver may expand for one puzzle before the puzzle is refused
#: (``--nodes``).  The puzzles of scenarios/puzzles/ need at most about 400.
NODE_LIMIT = 20_000


@dataclass(frozen=True)
class PuzzleFile:
    """One puzzle read from a folder: the file and what it holds."""

    path: Path
    scenario: Scenario

    @property
    def tier(self) -> str | None:
        return self.scenario.grade.tier if self.scenario.grade is not None else None


def read_folder(folder: Path) -> list[PuzzleFile]:
    """Every puzzle file of ``folder``, checked, in file-name order (module docstring)."""
    return read_files(puzzlesets.puzzle_files(folder))


def read_files(files: Sequence[Path]) -> list[PuzzleFile]:
    """Each of ``files`` (a folder's, vetted by :func:`sectionx.puzzlesets.puzzle_files`),
    checked as ``validate`` does; SetProblem for the first that is not a valid puzzle."""
    out = []
    for path in files:
        report = checking.check_file(path)
        if report.diagnostics:
            more = len(report.diagnostics) - 1
            raise SetProblem(str(report.diagnostics[0]) + (f" (and {more} more problem{'s' if more != 1 else ''}; "
                                                            f"sectionx validate {path} lists them)" if more else ""))
        if report.loaded is None or report.loaded.scenario.goal is None:
            kind = "game state" if report.loaded is not None else f"{report.kind} file"
            raise SetProblem(f"{path}: a {kind}, not a puzzle (no goal: block); the folder may hold puzzles only")
        out.append(PuzzleFile(path, report.loaded.scenario))
    return out


def difficulty(p: PuzzleFile) -> tuple[int, int, int, int, str, int, str]:
    """The sort key of a graded puzzle (module docstring); easier puzzles sort first."""
    grade = p.scenario.grade
    assert grade is not None, "only graded puzzles have a difficulty"
    answer = p.scenario.answer
    turns = grade.figure("turns", answer.turns if answer is not None else 0)
    cost = grade.figure("cost", answer.cost if answer is not None and answer.cost is not None else 0)
    params, _, seed = grade.id.partition("#")
    return (TIERS.index(grade.tier), turns, grade.figure("detours"), cost, params, int(seed or 0), p.path.name)


def in_order(puzzles: Sequence[PuzzleFile]) -> list[PuzzleFile]:
    """Graded puzzles by :func:`difficulty`, then the ungraded ones by file name."""
    return puzzlesets.in_order(puzzles, lambda p: p.tier, difficulty, lambda p: (p.path.name,))


def choose(puzzles: Sequence[PuzzleFile], per_tier: int) -> tuple[list[PuzzleFile], list[str]]:
    """The first ``per_tier`` puzzles of each tier in order of difficulty, and a warning
    for each tier with fewer ("only 3 expert puzzles, not 15").  SetProblem for an
    ungraded puzzle: a deck is ordered and coloured by grade."""
    for p in puzzles:
        if p.tier is None:
            raise SetProblem(f"{p.path}: no grade: block; a deck needs graded puzzles, as sectionx generate writes them "
                             "(sectionx book takes ungraded ones too)")
    return puzzlesets.choose(in_order(puzzles), lambda p: p.tier, per_tier, lambda p: str(p.path))


def solve_for_print(p: PuzzleFile, number: int, nodes: int = NODE_LIMIT, *, unique: bool = True,
                    seconds: float | None = None) -> SolvedPuzzle:
    """Solve ``p`` (module docstring) and picture its solution turn by turn, as puzzle
    ``number`` of the set.  ``unique``: refuse more than one optimal plan (the deck);
    else accept as many as the ``answer:`` block records (the book).  ``seconds``
    (``--time``) also limits the search, at the cost of the same output on every
    machine that the node limit alone gives."""
    scenario = p.scenario
    goal = puzzle.goal_of(scenario)
    solved = solve_puzzle(scenario, Limit(turns=goal.turns or Limit().turns, nodes=nodes, seconds=seconds))
    result = solved.result
    if result.status == "impossible":
        raise SetProblem(f"{p.path}: no solution within the goal's turns (proved): {result.reason or 'impossible'}")
    limit = (f"{seconds:g} s (--time)" if "time" in (result.reason or "") and seconds is not None
             else f"{plural(nodes, 'turn')} expanded (--nodes)")
    if result.status != "solved" or result.plans is None:
        raise SetProblem(f"{p.path}: not solved within {limit}; at least {plural(result.proved_at_least, 'turn')} "
                         "needed", 4)
    if result.plans_capped and result.reason and not unique:
        # Not unique is proved, but a book prints "one of N": it needs the count.
        raise SetProblem(f"{p.path}: more than one optimal plan (Q5), and {limit} stopped their count "
                         f"({plural(result.turns or 0, 'turn')}, cost {result.cost})", 4)
    recorded = scenario.answer
    if result.plans_capped or (result.plans != 1 and unique):
        book = ("sectionx book takes it when its answer: block records the count, which a larger --nodes would give"
                if result.reason else "sectionx book takes it when its answer: block records the count")
        raise SetProblem(f"{p.path}: not unique: {plans_text(result)} optimal plans (Q5); "
                         f"a deck prints puzzles with one solution only (one back per card; {book})")
    if result.plans != 1 and recorded is None:
        raise SetProblem(f"{p.path}: not unique: {plans_text(result)} optimal plans (Q5); a book prints such a puzzle "
                         f"when its answer: block records them (plans: {result.plans})")
    if recorded is not None:
        found = (result.turns, result.plans, result.cost)
        wanted = (recorded.turns, recorded.plans, recorded.cost if recorded.cost is not None else result.cost)
        if found != wanted:
            raise SetProblem(f"{p.path}: the solver proves turns {result.turns}, plans {result.plans}, cost {result.cost}; "
                             f"its answer: block says turns {recorded.turns}, plans {recorded.plans}"
                             f"{'' if recorded.cost is None else f', cost {recorded.cost}'}")
    pictures = turn_pictures(solved.start, solved.turns, str(goal.player))
    turns = result.turns or 0
    plans = result.plans
    summary = (f"{turns} turn{'s' if turns != 1 else ''}, the fewest possible; "
               f"{result.cost} tile or door action{'s' if result.cost != 1 else ''}; "
               + ("the only solution." if plans == 1 else f"one of {plans} optimal solutions."))
    return SolvedPuzzle(number, scenario, tuple(pictures), summary, str(p.path), plans)


def book_order(solved: Sequence[SolvedPuzzle]) -> list[SolvedPuzzle]:
    """The book's order (module docstring): the graded puzzles as given (by
    :func:`in_order`), then the ungraded ones by their proved fewest turns, then file
    name; numbered 1..N in that order."""
    graded = [p for p in solved if p.tier is not None]
    ungraded = sorted((p for p in solved if p.tier is None), key=lambda p: (len(p.turns), Path(p.source).name))
    return [replace(p, number=n) for n, p in enumerate([*graded, *ungraded], 1)]


__all__ = ["MAX_FILES", "NODE_LIMIT", "PuzzleFile", "SetProblem", "book_order", "choose", "difficulty", "in_order",
           "read_files", "read_folder", "solve_for_print"]
