"""A folder of Hekla puzzles made ready to print: the library behind ``sectionx deck``
and ``sectionx book`` for Hekla (HQ1).

Contract:

* :func:`read_files` reads each file of a vetted folder
  (:func:`sectionx.puzzlesets.puzzle_files`), in file-name order, and checks it as
  ``validate`` does.  It refuses the whole folder, with
  :class:`~sectionx.puzzlesets.SetProblem` (one line, naming the file and, for a
  broken file, its line), when a file has a problem or is not a puzzle: a deck or
  book is never printed from half a folder.
* :func:`in_order` puts the graded puzzles (those with a ``grade:`` block) in order
  of difficulty, :func:`difficulty`: tier, then the grade's figures ``turns``,
  ``lookahead``, ``tricks`` and ``setups``, then the grade's id (its tier, then its
  seed as a number), then the file name.  Ungraded puzzles come after them, by the
  turns their ``answer:`` records (else the goal's limit), then file name.
* :func:`choose` keeps the first ``per_tier`` puzzles of each tier in that order.
* :func:`solve_for_print` proves one puzzle with :func:`.solver.solve` under a
  *node* limit (a time limit would make the output depend on the machine), counts
  its winning lines (:meth:`.generator.Prover.lines`, exact: every legal turn and
  back-step) and refuses, in one line with the exit status of ``solve``: a puzzle
  not solved within the limit (4), one proved impossible (3), one whose ``answer:``
  says otherwise (1).  For a card (``unique``, the deck: one back per card) it
  refuses a puzzle with more than one winning line; a book prints one whose
  ``answer:`` records that count faithfully (``lines: 2``), and its summary says
  "one of 2 solutions".
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
from .generator import Prover
from .rules import Action
from .solver import _OutOfNodes, solve

#: Most turns the solver may try for one puzzle before the puzzle is refused
#: (``--nodes``): the bundled and generated puzzles need at most about 600,000.
NODE_LIMIT = 3_000_000
#: Most winning lines counted for a book's summary ("one of N solutions").
LINES_CAP = 50


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
    not a valid Hekla puzzle."""
    return [PuzzleFile(path, loaded) for path, loaded in puzzlesets.read_puzzles(files, formats.read, "Hekla")]


def difficulty(p: PuzzleFile) -> tuple[int, int, int, int, int, int, str]:
    """The sort key of a graded puzzle (module docstring); easier puzzles sort first."""
    grade = p.loaded.grade
    assert grade is not None, "only graded puzzles have a difficulty"
    turns = grade.figure("turns", p.loaded.answer_turns or 0)
    seed = int(grade.id.partition("#")[2] or 0)
    return (TIERS.index(grade.tier), turns, grade.figure("lookahead"), grade.figure("tricks"), grade.figure("setups"),
            seed, p.path.name)


def _ungraded(p: PuzzleFile) -> tuple[int, str]:
    assert p.loaded.goal is not None
    return (p.loaded.answer_turns or p.loaded.goal.within, p.path.name)


def in_order(puzzles: Sequence[PuzzleFile]) -> list[PuzzleFile]:
    """Graded puzzles by :func:`difficulty`, then the ungraded ones by turns and file name."""
    return puzzlesets.in_order(puzzles, lambda p: p.tier, difficulty, _ungraded)


def choose(puzzles: Sequence[PuzzleFile], per_tier: int) -> tuple[list[PuzzleFile], list[str]]:
    """The first ``per_tier`` puzzles of each tier in order of difficulty, and a warning
    for each tier with fewer.  SetProblem for an ungraded puzzle."""
    return puzzlesets.choose(in_order(puzzles), lambda p: p.tier, per_tier, lambda p: str(p.path))


@dataclass(frozen=True)
class Proved:
    """A puzzle's proved answer for print: the fewest turns, one winning line, and how
    many winning lines there are (at most :data:`LINES_CAP`)."""

    turns: int
    line: tuple[Action, ...]
    lines: int


def prove(p: PuzzleFile, nodes: int = NODE_LIMIT, *, unique: bool = True, seconds: float | None = None) -> Proved:
    """Prove ``p`` (module docstring); SetProblem with the exit status of ``solve``.
    ``seconds`` (``--time``) limits each search too; by default only turns are
    counted, so the book is the same on every machine."""
    loaded, goal = p.loaded, p.loaded.goal
    assert goal is not None
    answer = solve(loaded.position, goal.gain, goal.within, node_limit=nodes, seconds=seconds)
    if not answer.complete:
        limit = f"{nodes:,} turns tried (--nodes)" + (f" or {seconds:g} s (--time)" if seconds else "")
        raise SetProblem(f"{p.path}: not solved within {limit}; not within {plural(answer.proved_none_below, 'turn')}, proved",
                         LIMIT)
    if answer.turns is None:
        raise SetProblem(f"{p.path}: {loaded.position.player} cannot gain {goal.gain} within {plural(goal.within, 'turn')} "
                         "(proved; HQ1)", IMPOSSIBLE)
    prover = Prover(loaded.position, nodes, seconds)
    try:
        count = prover.lines(loaded.position, goal.gain, answer.turns, cap=LINES_CAP)
    except _OutOfNodes:
        raise SetProblem(f"{p.path}: its winning lines were not counted within the limits (--nodes, --time)",
                         LIMIT) from None
    many = f"{count}{' or more' if count >= LINES_CAP else ''}"
    if loaded.has_answer and loaded.answer_turns != answer.turns:
        raise SetProblem(f"{p.path}: the solver proves {plural(answer.turns or 0, 'turn')}; its answer: block says "
                         f"{loaded.answer_turns}")
    if count > 1 and unique:
        raise SetProblem(f"{p.path}: not unique: {many} winning lines; a deck prints puzzles with one solution only "
                         "(one back per card; sectionx book takes it when its answer: block records the count)")
    if count > 1 and loaded.answer_lines is None:
        raise SetProblem(f"{p.path}: not unique: {many} winning lines; a book prints such a puzzle when its answer: "
                         f"block records them (lines: {count})")
    if loaded.answer_lines is not None and loaded.answer_lines != count:
        raise SetProblem(f"{p.path}: the solver finds {many} winning line{'s' if count != 1 else ''}; its answer: "
                         f"block says lines: {loaded.answer_lines}")
    return Proved(answer.turns, answer.line, count)


def summary(proved: Proved) -> str:
    turns = proved.turns
    return (f"{turns} turn{'s' if turns != 1 else ''}, the fewest possible; "
            + ("the only solution." if proved.lines == 1 else f"one of {proved.lines} solutions."))


def solve_for_print(p: PuzzleFile, number: int, theme: Theme, nodes: int = NODE_LIMIT, *,
                    unique: bool = True, seconds: float | None = None) -> PrintedPuzzle:
    """Prove ``p`` (:func:`prove`) and make it ready to print as puzzle ``number``."""
    proved = prove(p, nodes, unique=unique, seconds=seconds)
    loaded = p.loaded
    assert loaded.goal is not None
    grade = loaded.grade
    return printing.printed(loaded.position, loaded.goal, proved.line, theme, title=loaded.title,
                            summary=summary(proved), number=number, tier=grade.tier if grade else None,
                            grade_id=grade.id if grade else "", source=str(p.path))


__all__ = ["LINES_CAP", "NODE_LIMIT", "Proved", "PuzzleFile", "SetProblem", "choose", "difficulty", "in_order", "prove",
           "read_files", "solve_for_print", "summary"]
