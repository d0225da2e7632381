"""A folder of Breakout puzzles made ready to print: the library behind ``sectionx
deck`` and ``sectionx book`` for Breakout (BQ1).

Contract:

* :func:`read_files` reads each file of a vetted folder
  (:func:`sectionx.puzzlesets.puzzle_files`), in file-name order, and checks it as
  ``validate`` does.  It refuses the whole folder, with
  :class:`~sectionx.puzzlesets.SetProblem` (one line, naming the file and, for a
  broken file, its line), when a file has a problem or is not a puzzle: a deck or
  book is never printed from half a folder.
* :func:`in_order` puts the graded puzzles (those with a ``grade:`` block) in order
  of difficulty, :func:`difficulty`: tier, then the grade's figures ``turns``,
  ``detours``, ``lines`` and ``traps``, then the grade's id (its parameters, then
  its seed as a number), then the file name.  Ungraded puzzles come after them, by
  the turns their ``answer:`` records (else the goal's), then file name.
* :func:`choose` keeps the first ``per_tier`` puzzles of each tier in that order.
* :func:`prove` proves one puzzle with :func:`.solver.solve` and works out its whole
  answer (:mod:`.answers`) under a *node* limit (a time limit would make the output
  depend on the machine), and refuses, in one line with the exit status of
  ``solve``: a puzzle not solved within the limit (4), one proved impossible within
  its goal (3), one whose ``answer:`` says otherwise (1: other turns, other winning
  first pushes, or unique when it is not).  A card (``unique``: the deck) must be
  unique; a book prints a puzzle that is not when its ``answer:`` records it
  (``unique: false``), and its summary says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ... import puzzlesets
from ...console import IMPOSSIBLE, LIMIT, plural
from ...puzzlesets import TIERS, SetProblem
from ...render.puzzleprint import PrintedPuzzle
from ...render.theme import Theme
from . import formats, printing
from .answers import Solution
from .answers import prove as prove_whole

#: Most positions the solver may expand for one puzzle before the puzzle is refused
#: (``--nodes``): the shipped and generated puzzles need at most about 70,000.
NODE_LIMIT = 2_000_000


@dataclass(frozen=True)
class PuzzleFile:
    """One puzzle read from a folder: the file and what it holds."""

    path: Path
    loaded: formats.Loaded

    @property
    def tier(self) -> str | None:
        return self.loaded.grade.tier if self.loaded.grade is not None else None


def read_files(files: Sequence[Path]) -> list[PuzzleFile]:
    """Each of ``files``, checked as ``validate`` does; SetProblem for the first that is
    not a valid Breakout puzzle."""
    return [PuzzleFile(path, loaded) for path, loaded in puzzlesets.read_puzzles(files, formats.read, "Breakout")]


def difficulty(p: PuzzleFile) -> tuple[int, int, int, int, int, str, int, str]:
    """The sort key of a graded puzzle (module docstring); easier puzzles sort first."""
    grade = p.loaded.grade
    assert grade is not None, "only graded puzzles have a difficulty"
    turns = grade.figure("turns", p.loaded.answer_turns or 0)
    params, _, seed = grade.id.partition("#")
    return (TIERS.index(grade.tier), turns, grade.figure("detours"), grade.figure("lines"), grade.figure("traps"),
            params, int(seed) if seed.isdigit() else 0, p.path.name)


def _ungraded(p: PuzzleFile) -> tuple[int, str]:
    assert p.loaded.goal is not None
    return (p.loaded.answer_turns or p.loaded.goal.turns, p.path.name)


def in_order(puzzles: Sequence[PuzzleFile]) -> list[PuzzleFile]:
    """Graded puzzles by :func:`difficulty`, then the ungraded ones by turns and file name."""
    return puzzlesets.in_order(puzzles, lambda p: p.tier, difficulty, _ungraded)


def choose(puzzles: Sequence[PuzzleFile], per_tier: int) -> tuple[list[PuzzleFile], list[str]]:
    """The first ``per_tier`` puzzles of each tier in order of difficulty, and a warning
    for each tier with fewer.  SetProblem for an ungraded puzzle."""
    return puzzlesets.choose(in_order(puzzles), lambda p: p.tier, per_tier, lambda p: str(p.path))


def prove(p: PuzzleFile, nodes: int = NODE_LIMIT, *, unique: bool = True, seconds: float | None = None) -> Solution:
    """Prove ``p`` and work out its whole answer (module docstring); SetProblem with the
    exit status of ``solve``."""
    loaded, goal = p.loaded, p.loaded.goal
    assert goal is not None
    pos = loaded.position
    proof = prove_whole(pos, goal.turns, solo=goal.passes, node_limit=nodes, seconds=seconds)
    limit = f"{nodes:,} positions (--nodes)" + (f" or {seconds:g} s (--time)" if seconds else "")
    if not proof.complete:
        raise SetProblem(f"{p.path}: not solved within {limit}; no escape within {proof.proved_none_below} turns, "
                         "proved", LIMIT)
    solution = proof.solution
    if solution is None:
        raise SetProblem(f"{p.path}: {pos.to_move.value} cannot escape within {goal.turns} turns (proved; BQ1)",
                         IMPOSSIBLE)
    first = (solution.first, *solution.line[0].duals)
    if loaded.has_answer and loaded.answer_turns != solution.turns:
        raise SetProblem(f"{p.path}: the solver proves {plural(solution.turns, 'turn')}; its answer: block says "
                         f"{loaded.answer_turns}")
    if loaded.answer_first is not None and set(loaded.answer_first) != set(first):
        raise SetProblem(f"{p.path}: the winning first pushes are {', '.join(map(str, first))}; its answer: block "
                         f"says {', '.join(map(str, loaded.answer_first))}")
    if loaded.answer_unique is not None and loaded.answer_unique != solution.unique:
        raise SetProblem(f"{p.path}: its answer: block says unique: {str(loaded.answer_unique).lower()}, but "
                         + ("it is" if solution.unique else f"it is not ({solution.dual})"))
    if not solution.unique and unique:
        raise SetProblem(f"{p.path}: not unique ({solution.dual}); a deck prints puzzles with one solution only (one "
                         "back per card; sectionx book takes it when its answer: block records unique: false)")
    if not solution.unique and loaded.answer_unique is None:
        raise SetProblem(f"{p.path}: not unique ({solution.dual}); a book prints such a puzzle when its answer: block "
                         "records it (unique: false)")
    return solution


def solve_for_print(p: PuzzleFile, number: int, theme: Theme, nodes: int = NODE_LIMIT, *,
                    unique: bool = True, seconds: float | None = None) -> PrintedPuzzle:
    """Prove ``p`` (:func:`prove`) and make it ready to print as puzzle ``number``."""
    solution = prove(p, nodes, unique=unique, seconds=seconds)
    loaded = p.loaded
    assert loaded.goal is not None
    grade = loaded.grade
    return printing.printed(loaded.position, loaded.goal, printing.solution_steps(solution, theme, solo=loaded.goal.passes), theme,
                            title=loaded.title, summary=printing.summary(solution), turns=solution.turns, number=number,
                            tier=grade.tier if grade else None, grade_id=grade.id if grade else "", source=str(p.path))


__all__ = ["NODE_LIMIT", "PuzzleFile", "SetProblem", "choose", "difficulty", "in_order", "prove", "read_files",
           "solve_for_print"]
