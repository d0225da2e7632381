"""New Breakout puzzles of measured difficulty, proved and unique (``sectionx generate
--game breakout``).

A **work unit** (:class:`Unit`: the set's parameters and one seed) builds one
candidate and judges it, depending on nothing else, so units run anywhere
(:mod:`sectionx.workers`: this process, local processes, a Dask cluster) and give
the same outcome there.  :func:`make`:

1. **builds** a wall (:func:`build`): every field holds a knot of the puzzle's
   player (S), of the other player, or nothing, at densities the seed draws; the
   wall must be one a game can reach (at most 13 knots a colour, B1; no rope
   standing, B6; a full wall has B7's count running, at 0);
2. **proves** the fewest turns N in which S forces an escape (:mod:`.solver`,
   BQ1), within the tier's range of N, under a *node* limit;
3. proves the answer **unique** (:mod:`.answers`): at every turn of S but the last,
   on every line where the other player defends longest, one push wins;
4. **grades** it (:class:`Grader`) and keeps it only when the grade is the tier
   asked for.

Every search is limited by counts of positions, never by time, so the same seed
gives the same verdict on any machine.  A **set** (:func:`generate`) tries units in
seed order through :func:`sectionx.generating.generate_set`, and drops a puzzle that
is the same as an earlier one up to the rules' symmetries (:func:`canonical`).

**The grade** (``docs/breakout.md``, "Generated puzzles"): as for Section X, a
puzzle's tier is the weakest solving method that solves it, the methods nested so
that each solves all that the one before it solves.  They judge pushes by the
``winner`` bot's measure (:func:`.play.score`: how far S's knots reach up the wall
against the other's), an escape best of all and a push that lets the other player
escape worst:

* a push is **natural** when it is one of the turn's best-measured pushes (what a
  player who makes the most of every turn considers); any other push is a
  **detour** (a quiet push, one that gives ground, one that only waits for the
  other player);
* **beginner**: *greedy*: at every turn S plays a natural push; every such choice,
  against every reply, escapes within N (a player who always makes the most of a
  turn cannot go wrong);
* **intermediate**: natural pushes alone win within N whatever the other player
  does, but not every choice among them (the player must look ahead, never
  aside);
* **advanced**: one detour is needed, and enough, on the worst line;
* **expert**: two or more.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace

from ... import __version__
from ...fileio import quote
from ...generating import Outcome, Tally, generate_set, split_id, tier_title
from ...puzzlesets import TIERS
from ...yamlsrc import flow
from . import formats
from .answers import Solution, solve_whole
from .formats import Goal
from .play import score
from .rules import KNOTS, PASS, PLAYERS, Action, Player, Position, Wall, apply, forced_pass, legal_actions, ropes
from .solver import Stopped, outcome, solve

#: What a set may ask the other player to do (BQ1); ``mixed`` draws one per candidate.
GOALS = ("defends", "passes", "mixed")


@dataclass(frozen=True)
class Recipe:
    """A tier's range of N (S's fewest turns) and the node limits of its searches."""

    turns: tuple[int, int]
    solve_nodes: int
    answer_nodes: int
    grade_nodes: int


#: Per tier: a puzzle needs at least two turns (one push is no puzzle); beginners
#: stop at three.  The limits are counts of positions the searches expand
#: (docs/breakout.md, "Generated puzzles").
RECIPES = {
    "beginner": Recipe((2, 3), 2_000, 20_000, 20_000),
    "intermediate": Recipe((2, 4), 3_000, 30_000, 30_000),
    "advanced": Recipe((2, 4), 3_000, 30_000, 40_000),
    "expert": Recipe((2, 4), 4_000, 60_000, 60_000),
}
#: Seeds of a set: the first seed times this, plus the candidate's number.
SEEDS_PER_SET = 1_000_000
#: The most detours a grade counts exactly; more is reported as this many.
MAX_DETOURS = 3


@dataclass(frozen=True)
class Params:
    """What a set asks for; with a seed it names one candidate (:meth:`id`)."""

    tier: str
    goal: str = "defends"

    def id(self, seed: int) -> str:
        """``tier/goal#seed``: ``sectionx generate --game breakout --id`` makes the same puzzle."""
        return f"{self.tier}/{self.goal}#{seed}"

    @classmethod
    def parse_id(cls, text: str) -> tuple[Params, int]:
        """The parameters and seed of an id (ValueError if it is not one)."""
        parts, seed = split_id(text, 2, "a Breakout puzzle id", "expert/defends#1042")
        params = cls(*parts)
        params.check()
        return params, seed

    def check(self) -> None:
        if self.tier not in RECIPES:
            raise ValueError(f"unknown difficulty {quote(self.tier)}; choose one of {', '.join(TIERS)}")
        if self.goal not in GOALS:
            raise ValueError(f"--goal {quote(self.goal)}: Breakout's goals are defends (the other player defends), "
                             "passes (the other player passes) or mixed (BQ1)")


@dataclass(frozen=True)
class Unit:
    """One candidate to try: everything :func:`make` needs, and nothing else."""

    params: Params
    seed: int


# ---------------------------------------------------------------------- building


def build(params: Params, seed: int) -> tuple[Position, Goal] | None:
    """The candidate of ``params`` and ``seed`` (module docstring, step 1), with its
    goal (N still open: the solver finds it), or None when the wall drawn is not one
    a game can reach."""
    rng = random.Random(f"sectionx-breakout:{params.id(seed)}")
    goal = params.goal if params.goal != "mixed" else rng.choice(("defends", "passes"))
    me = rng.choice(PLAYERS)
    mine, theirs = rng.uniform(0.25, 0.45), rng.uniform(0.15, 0.35)
    wall = Wall()

    def knot() -> Player | None:
        x = rng.random()
        return me if x < mine else me.other if x < mine + theirs else None

    rows = tuple(tuple(knot() for _ in range(wall.fields)) for _ in range(wall.rows))
    counts = [sum(f is p for row in rows for f in row) for p in PLAYERS]
    if max(counts) > KNOTS:
        return None
    full = all(f is not None for row in rows for f in row)
    pos = Position(wall, rows, me, (KNOTS - counts[0], KNOTS - counts[1]), stalemate=0 if full else None)
    if ropes(pos, Player.YELLOW) or ropes(pos, Player.BLUE):
        return None
    return pos, Goal(0, goal == "passes")


# ---------------------------------------------------------------------- symmetry


def _transforms(pos: Position) -> Iterator[tuple[str, str, str | None]]:
    """The position under each of the rules' eight symmetries, as (wall text, whose
    push, the bar): the left/right mirror (no rule tells the ends of a row apart,
    B2, B4), the top/bottom flip (a rope joins row 1 to the top row, whichever is
    which, B5; only the wall top's column, BW2, tells them apart, and no answer
    depends on it) and the colour swap (no rule of a break-out tells the colours
    apart; B1's opener comes after the escape that ends a puzzle)."""
    letters = {Player.YELLOW: "y", Player.BLUE: "b", None: "."}
    swap = {"y": "b", "b": "y", ".": "."}
    rows = ["".join(letters[f] for f in row) for row in pos.rows]
    bar = pos.barred
    for mirror in (False, True):
        for flip in (False, True):
            for colours in (False, True):
                grid = [r[::-1] if mirror else r for r in (rows[::-1] if flip else rows)]
                if colours:
                    grid = ["".join(swap[c] for c in r) for r in grid]
                who = (pos.to_move.other if colours else pos.to_move).value
                barred = None
                if bar is not None:
                    side = bar.side.other if mirror else bar.side
                    barred = f"{side.value}{pos.wall.rows + 1 - bar.row if flip else bar.row}"
                yield "/".join(grid), who, barred


def canonical(pos: Position, goal: Goal) -> tuple[object, ...]:
    """The puzzle up to the rules' symmetries (:func:`_transforms`): two puzzles with
    the same form have the same answer, mirrored, flipped or in the other colours."""
    first = min((w, who, barred or "") for w, who, barred in _transforms(pos))
    return (*first, pos.stalemate if pos.stalemate is not None else -1, goal.passes)


# ---------------------------------------------------------------------- grading


class GradeLimit(Exception):
    """A grading search reached its node limit: the grade is unknown."""


_INF = 1 << 20


@dataclass(frozen=True)
class Figures:
    """The measured figures behind a grade (``grade: figures:``).

    * ``turns``: the proved fewest turns (N);
    * ``greedy``: 1 when the greedy method solves it (beginner);
    * ``detours``: the fewest detours a winning play needs on its worst line (up to
      :data:`MAX_DETOURS`);
    * ``first_pushes``: the pushes open at the first turn; ``traps``: natural ones
      among them that do not win within N (what looks right and is not);
    * ``lines``: S's turns in the solution tree (every longest defence answered):
      what a player reads to be sure;
    * ``nodes``: positions the solver expanded to prove N.
    """

    turns: int
    greedy: int
    detours: int
    first_pushes: int
    traps: int
    lines: int
    nodes: int

    @property
    def tier(self) -> str:
        if self.greedy:
            return TIERS[0]
        return TIERS[min(self.detours + 1, 3)]

    def items(self) -> tuple[tuple[str, int], ...]:
        return tuple((name, int(getattr(self, name))) for name in
                     ("turns", "greedy", "detours", "first_pushes", "traps", "lines", "nodes"))


class Grader:
    """The restricted searches of the module docstring for one puzzle: exhaustive
    within their rules (so "the method fails" is proved), limited by a count of
    positions (:class:`GradeLimit`)."""

    def __init__(self, pos: Position, *, solo: bool, node_limit: int):
        self.me = pos.to_move
        self.solo = solo
        self.node_limit = node_limit
        self.nodes = 0
        self._memo: dict[tuple[object, ...], bool] = {}
        self._kinds: dict[tuple[object, ...], tuple[list[Action], set[Action], list[Action]]] = {}

    def value(self, pos: Position, push: Action) -> int:
        """The measure after ``push``: an escape best, letting the other escape worst."""
        nxt = apply(pos, push)
        if nxt.escapes(self.me) > pos.escapes(self.me):
            return _INF
        if nxt.over or nxt.breakout != pos.breakout:
            return -_INF
        return score(nxt, self.me)

    def kinds(self, pos: Position) -> tuple[list[Action], set[Action], list[Action]]:
        """S's pushes, the natural ones as a set and as a list (module docstring)."""
        key = (pos.rows, pos.to_move, pos.barred, pos.stalemate, pos.turns)
        got = self._kinds.get(key)
        if got is None:
            pushes = legal_actions(pos)
            values = {a: self.value(pos, a) for a in pushes}
            best = max(values.values())
            natural = [a for a in pushes if values[a] == best]
            got = self._kinds[key] = (pushes, set(natural), natural)
        return got

    def wins(self, pos: Position, k: int, detours: int, greedy: bool = False) -> bool:
        """S to move: does the method (``greedy``, or at most ``detours`` detours) escape
        within ``k`` turns against every reply?"""
        if k <= 0:
            return False
        key = (pos.rows, pos.to_move, pos.barred, pos.stalemate, pos.turns, k, detours, greedy)
        got = self._memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise GradeLimit(f"grading needed more than {self.node_limit:,} positions")
        pushes, natural, best = self.kinds(pos)
        if greedy:
            result = all(self._after(pos, a, k, 0, True) for a in best)
        else:
            result = any(self._after(pos, a, k, detours - (a not in natural), False)
                         for a in pushes if detours - (a not in natural) >= 0)
        self._memo[key] = result
        return result

    def _after(self, pos: Position, push: Action, k: int, detours: int, greedy: bool) -> bool:
        nxt = apply(pos, push)
        done = outcome(pos, nxt, self.me)
        if done is not None:
            return done
        for b in [PASS] if self.solo else legal_actions(nxt):
            after = forced_pass(nxt) if self.solo else apply(nxt, b)
            done = outcome(nxt, after, self.me)
            if done is False or (done is None and not self.wins(after, k - 1, detours, greedy)):
                return False
        return True

    def figures(self, pos: Position, solution: Solution, nodes: int) -> Figures:
        k = solution.turns
        greedy = self.wins(pos, k, 0, greedy=True)
        detours = next((d for d in range(MAX_DETOURS) if self.wins(pos, k, d)), MAX_DETOURS)
        pushes, natural, _ = self.kinds(pos)
        wins = {solution.first, *solution.line[0].duals}
        traps = sum(1 for a in pushes if a in natural and a not in wins)
        return Figures(k, int(greedy), detours, len(pushes), traps, solution.lines, nodes)


# ---------------------------------------------------------------------- one unit


#: The things of generated titles ("The Steady Rope"; :func:`sectionx.generating.tier_title`):
#: the same seed, the same title; a set's titles differ for 1,200 candidates.
TITLE_THINGS = ("Rope", "Wall", "Climb", "Knot", "Push", "Ladder", "Brick", "Breach", "Escape", "Crossing", "Corner",
                "Row", "Tug", "Hitch", "Pull", "Line", "Ledge", "Gap", "Break", "Haul", "Hold", "Sling", "Scramble",
                "Getaway")


def make(unit: Unit) -> Outcome:
    """Try one candidate (module docstring): a puzzle of the unit's tier, or why not."""
    params, seed = unit.params, unit.seed
    recipe = RECIPES[params.tier]
    built = build(params, seed)
    if built is None:
        return Outcome(seed, "not built")
    pos, goal = built
    low, high = recipe.turns
    proof = solve(pos, high, solo=goal.passes, node_limit=recipe.solve_nodes)
    if proof.turns is None:
        return Outcome(seed, "no escape within the turns" if proof.complete else "too hard to prove")
    if proof.turns < low:
        return Outcome(seed, "too few turns")
    try:
        solution = solve_whole(pos, proof.turns, solo=goal.passes, node_limit=recipe.answer_nodes)
    except Stopped:
        return Outcome(seed, "too hard to prove unique")
    if not solution.unique:
        return Outcome(seed, "not unique")
    try:
        figures = Grader(pos, solo=goal.passes, node_limit=recipe.grade_nodes).figures(pos, solution, proof.nodes)
    except GradeLimit:
        return Outcome(seed, "too hard to grade")
    if figures.tier != params.tier:
        return Outcome(seed, f"graded {figures.tier}", tier=figures.tier, figures=figures.items())
    goal = replace(goal, turns=proof.turns)
    return Outcome(seed, "accepted", puzzle_text(pos, goal, solution, params.id(seed), figures),
                   canonical(pos, goal), figures.tier, 0, figures.items())


def description(pos: Position, goal: Goal) -> str:
    """The puzzle in one sentence for its file and its card."""
    me, other = pos.to_move.value, pos.to_move.other.value
    turns = f"{goal.turns} turn{'s' if goal.turns != 1 else ''}"
    play = f"while {other} passes" if goal.passes else f"whatever {other} does"
    mine = pos.hand(pos.to_move)
    held = f"{me.capitalize()} holds {mine} knot{'s' if mine != 1 else ''}, {other} {pos.hand(pos.to_move.other)}."
    return f"{me.capitalize()} to escape within {turns}, {play}. {held}"


def puzzle_text(pos: Position, goal: Goal, solution: Solution, puzzle_id: str, figures: Figures) -> str:
    """The puzzle file: the position, its goal, its proved answer and its grade."""
    seed = int(puzzle_id.rpartition("#")[2])
    lines = [f"# Breakout puzzle, written by sectionx {__version__}.",
             f"# Generated by: sectionx generate --game breakout --id {puzzle_id}",
             f"# Grade: {figures.tier} (docs/breakout.md); solve it with: sectionx solve FILE",
             f"game: {formats.GAME}", "format: 1",
             "title: " + flow(tier_title(seed, figures.tier, TITLE_THINGS)),
             "description: " + flow(description(pos, goal))]
    lines += formats.fields_text(formats.position_fields(pos))
    lines.append("goal: " + flow({"escape_within": goal.turns, "opponent": "passes" if goal.passes else "defends"}))
    first = [str(solution.first), *map(str, solution.line[0].duals)]
    lines.append("answer: " + flow({"turns": solution.turns, "first": first, "unique": solution.unique}))
    lines += ["grade:", f"  id: {puzzle_id}", f"  tier: {figures.tier}", "  figures:"]
    lines += [f"    {name}: {value}" for name, value in figures.items()]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------- sets


Runner = Callable[[Callable[[Unit], Outcome], Iterable[Unit]], Iterator[Outcome]]


def units(params: Params, seed: int) -> Iterator[Unit]:
    """The set's candidates, in order: seeds ``seed * SEEDS_PER_SET + i``."""
    for i in range(SEEDS_PER_SET):
        yield Unit(params, seed * SEEDS_PER_SET + i)


def generate(params: Params, count: int, seed: int = 0, *, runner: Runner | None = None,
             max_tries: int | None = None,
             on_outcome: Callable[[Outcome, Tally], None] | None = None) -> tuple[list[Outcome], Tally]:
    """``count`` puzzles of ``params`` (module docstring), in seed order, none the same
    as another up to symmetry; with the tally.  ``runner`` maps :func:`make` over the
    units in order (default: here, one by one).  Stops after ``max_tries`` candidates
    (default ``400 * count``) with what it has."""
    params.check()
    seen = None if on_outcome is None else (lambda outcome, tally, _kept: on_outcome(outcome, tally))
    return generate_set(make, units(params, seed), count, runner=runner, max_tries=max_tries, on_outcome=seen)


__all__ = ["GOALS", "MAX_DETOURS", "RECIPES", "SEEDS_PER_SET", "Figures", "GradeLimit", "Grader", "Outcome", "Params",
           "Recipe", "Tally", "Unit", "build", "canonical", "description", "generate", "make", "puzzle_text", "units"]
