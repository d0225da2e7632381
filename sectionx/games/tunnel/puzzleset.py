"""A folder of Der Tunnel puzzles made ready to print: the library behind ``sectionx
deck`` and ``sectionx book`` for Der Tunnel (TQ1-TQ3).

Contract:

* :func:`read_files` reads each file of a vetted folder
  (:func:`sectionx.puzzlesets.puzzle_files`), in file-name order, and checks it as
  ``validate`` does; it refuses the whole folder (:class:`~sectionx.puzzlesets.SetProblem`,
  one line naming the file and, for a broken file, its line) when a file has a
  problem or is a position without a goal: a deck or book is never printed from half
  a folder.
* :func:`in_order` puts the graded puzzles (a ``grade:`` block, as ``generate``
  writes it) in order of difficulty, :func:`difficulty`: tier, then the grade's level
  and figures (``turns``, ``legal``), then its seed, then the file name; the ungraded
  ones after them by their kind (TQ1, TQ2, TQ3), the turns their ``answer:`` records
  (else the goal's limit), then file name.  :func:`choose` keeps the first
  ``per_tier`` of each tier in that order.
* :func:`prove` answers one puzzle with the solver (:func:`.solver.solve_puzzle`)
  under a *node* limit (a time limit would make the output depend on the machine)
  and refuses, in one line with ``solve``'s exit status: a puzzle not solved within
  the limit (4), one proved impossible (3), one whose ``answer:`` says otherwise (1).
  For a card (``unique``, the deck: one back per card) it refuses a puzzle with more
  than one answer (TQ1: more than one best choice, turns that end in equal positions
  counted once; TQ2: winning first turns that lay the first tile in more than one
  place, :func:`.generator.first_placements`); a book prints one whose ``answer:``
  records its count (``choices: 2``; ``first:``, the winning first turns), and its
  summary says "one of 2".  TQ3 has one answer always: the referee's.
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
from .puzzles import Goal
from .solver import Answer, Limits, NoQuestion, differences, solve_puzzle

#: Most turns the solver may try for one puzzle before it is refused (``--nodes``).
NODE_LIMIT = 2_000_000
_KINDS = ("best", "points", "road", "end")


@dataclass(frozen=True)
class Grade:
    """A generated puzzle's ``grade:``: the id that makes it again, its tier and the
    measured figures (:mod:`.generator`)."""

    id: str
    tier: str
    figures: tuple[tuple[str, int], ...] = ()

    def figure(self, name: str, default: int = 0) -> int:
        return dict(self.figures).get(name, default)


def grade_of(loaded: formats.Loaded) -> Grade | None:
    """The ``grade:`` of a read puzzle file (its form checked by the schema), or None."""
    data = loaded.doc.data
    g = data.get("grade") if isinstance(data, dict) else None
    if not isinstance(g, dict):
        return None
    return Grade(str(g["id"]), str(g["tier"]), tuple((str(k), int(v)) for k, v in (g.get("figures") or {}).items()))


@dataclass(frozen=True)
class _Read:
    """A read file as :func:`sectionx.puzzlesets.read_puzzles` takes it: its goal (None
    for a position)."""

    loaded: formats.Loaded

    @property
    def goal(self) -> Goal | None:
        return self.loaded.puzzle.goal if self.loaded.puzzle is not None else None


@dataclass(frozen=True)
class PuzzleFile:
    """One puzzle read from a folder: the file, what it holds, its grade."""

    path: Path
    loaded: formats.Loaded
    grade: Grade | None

    @property
    def tier(self) -> str | None:
        return self.grade.tier if self.grade is not None else None

    @property
    def goal(self) -> Goal:
        assert self.loaded.puzzle is not None
        return self.loaded.puzzle.goal


def read_files(files: Sequence[Path]) -> list[PuzzleFile]:
    """Each of ``files``, checked as ``validate`` does; SetProblem for the first that is
    not a valid Der Tunnel puzzle."""
    found = puzzlesets.read_puzzles(files, lambda doc: _Read(formats.read(doc)), "Der Tunnel")
    return [PuzzleFile(path, r.loaded, grade_of(r.loaded)) for path, r in found]


def difficulty(p: PuzzleFile) -> tuple[int, int, int, int, int, str]:
    """The sort key of a graded puzzle (module docstring); easier puzzles sort first."""
    grade = p.grade
    assert grade is not None, "only graded puzzles have a difficulty"
    level = grade.figure("turns", 1) - 1 + grade.figure("token") + grade.figure("trap") + grade.figure("order")
    seed = int(grade.id.partition("#")[2] or 0)
    return (TIERS.index(grade.tier), level, grade.figure("turns", 1), grade.figure("legal"), seed, p.path.name)


def _ungraded(p: PuzzleFile) -> tuple[int, int, str]:
    puzzle = p.loaded.puzzle
    assert puzzle is not None
    turns = puzzle.answer.turns if puzzle.answer is not None and puzzle.answer.turns else puzzle.goal.within
    return (_KINDS.index(puzzle.goal.kind), turns or 1, p.path.name)


def in_order(puzzles: Sequence[PuzzleFile]) -> list[PuzzleFile]:
    """Graded puzzles by :func:`difficulty`, then the ungraded ones by kind, turns and
    file name."""
    return puzzlesets.in_order(puzzles, lambda p: p.tier, difficulty, _ungraded)


def choose(puzzles: Sequence[PuzzleFile], per_tier: int) -> tuple[list[PuzzleFile], list[str]]:
    """The first ``per_tier`` puzzles of each tier in order of difficulty, and a warning
    for each tier with fewer.  SetProblem for an ungraded puzzle."""
    return puzzlesets.choose(in_order(puzzles), lambda p: p.tier, per_tier, lambda p: str(p.path))


def answers(answer: Answer) -> int:
    """How many answers a proved answer has: TQ1's best choices, TQ2's winning first
    placements (:func:`.generator.first_placements`), TQ3's one."""
    if answer.goal.kind == "end":
        return 1
    if answer.goal.others_pass:
        return len({(c.move.cell, c.move.rotation) for c in answer.choices})
    return len(answer.choices)


def summary(answer: Answer) -> str:
    """The proved answer in one line, for the solution's first page."""
    n = answers(answer)
    if answer.goal.kind == "best":
        return (f"{plural(answer.best or 0, 'point')} at most (proved: all {plural(answer.nodes, 'legal turn')} "
                "tried); " + ("the only best turn." if n == 1 else f"one of {n} best turns."))
    if answer.goal.kind == "end":
        return "The referee's score sheet of the end (CB9, TU9)."
    turns = answer.turns or 0
    first = len(answer.choices)
    where = ("the only place for the first tile" if n == 1 else f"one of {n} places for the first tile")
    ways = "" if first == n else f" ({first} winning first turns with followers and tokens)"
    return f"{plural(turns, 'turn')}, the fewest possible (proved); {where}{ways}."


def _recorded(p: PuzzleFile) -> int | None:
    """The count of answers the file's ``answer:`` records (choices, first), if any."""
    puzzle = p.loaded.puzzle
    assert puzzle is not None
    stated = puzzle.answer
    if stated is None:
        return None
    return stated.choices if puzzle.goal.kind == "best" else stated.first if puzzle.goal.others_pass else 1


def prove(p: PuzzleFile, nodes: int = NODE_LIMIT, *, unique: bool = True, seconds: float | None = None) -> Answer:
    """Prove ``p`` (module docstring); SetProblem with the exit status of ``solve``."""
    loaded = p.loaded
    puzzle = loaded.puzzle
    assert puzzle is not None
    try:
        answer = solve_puzzle(loaded, Limits(nodes, seconds))
    except NoQuestion as exc:
        raise SetProblem(f"{p.path}: {exc}") from None
    if answer.status == "unknown":
        limit = f"{nodes:,} turns tried (--nodes)" + (f" or {seconds:g} s (--time)" if seconds else "")
        below = answer.proved_none_below
        raise SetProblem(f"{p.path}: not solved within {limit}" + (f"; not within {plural(below, 'turn')}, proved"
                                                                   if below else ""), LIMIT)
    if answer.status == "impossible":
        raise SetProblem(f"{p.path}: {answer.player} cannot reach the goal within {plural(answer.limit, 'turn')} "
                         "(proved; TQ2)", IMPOSSIBLE)
    if puzzle.answer is not None:
        wrong = differences(puzzle.answer, answer)
        if wrong:
            raise SetProblem(f"{p.path}: its answer: block is not what the solver proves: {'; '.join(wrong)}")
    n = answers(answer)
    what = "best turns (TQ1)" if puzzle.goal.kind == "best" else "places for the first tile that win (TQ2)"
    key = "choices" if puzzle.goal.kind == "best" else "first"
    n_recorded = len(answer.choices) if puzzle.goal.others_pass else n  # what answer: first: counts
    if n > 1 and unique:
        raise SetProblem(f"{p.path}: not unique: {n} {what}; a deck prints puzzles with one answer only (one back "
                         f"per card; sectionx book takes it when its answer: block records {key}: {n})")
    if n > 1 and _recorded(p) != n_recorded:
        raise SetProblem(f"{p.path}: not unique: {n} {what}; a book prints such a puzzle when its answer: block "
                         f"records them ({key}: {n_recorded})")
    return answer


def solve_for_print(p: PuzzleFile, number: int, theme: Theme, nodes: int = NODE_LIMIT, *, unique: bool = True,
                    seconds: float | None = None) -> PrintedPuzzle:
    """Prove ``p`` (:func:`prove`) and make it ready to print as puzzle ``number``."""
    answer = prove(p, nodes, unique=unique, seconds=seconds)
    loaded = p.loaded
    assert loaded.puzzle is not None
    grade = p.grade
    return printing.printed(loaded.position, loaded.puzzle, answer.line, theme, title=loaded.title,
                            summary=summary(answer), number=number, tier=grade.tier if grade else None,
                            grade_id=grade.id if grade else "", source=str(p.path))


__all__ = ["NODE_LIMIT", "Grade", "PuzzleFile", "SetProblem", "answers", "choose", "difficulty", "grade_of", "in_order",
           "prove", "read_files", "solve_for_print", "summary"]
