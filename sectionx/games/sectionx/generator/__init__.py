"""New puzzles of measured difficulty, unique by construction (``sectionx generate``).

A **work unit** is self-contained: the set's parameters and one seed in, one
puzzle or a rejection out (:func:`make`).  It builds a candidate
(:mod:`.build`), proves its answer with the exact solver, repairs it until its
solution is unique (:func:`repair`) or gives up, grades it (:mod:`.grade`) and
rejects it unless the grade is the tier asked for.  Nothing in a unit depends
on another unit, the machine or the clock (every search is limited by counts,
never by time), so units may run anywhere: in this process, in a pool of local
processes or on a Dask cluster (:mod:`sectionx.workers`).  The one exception is
a guard: a candidate that takes more than :data:`CANDIDATE_SECONDS` of CPU time
is dropped (:data:`OVER_TIME`), so that no candidate hangs a set; the counts are
set so that it does not trigger in a normal run, and ``generate`` says so on
stderr when it does, since the set may then differ from another machine's.

A **set** (:func:`generate`) takes units in seed order and keeps the accepted
puzzles in that order, dropping any that is the same as an earlier one up to
the board's symmetries (:mod:`.symmetry`), until it has enough.  Which units
were tried and which were kept therefore depends on the parameters and the
first seed only, not on how many workers ran them.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

import yaml

from .... import generating
from ....generating import Outcome, Tally, generate_set
from ....hexgrid import parse_cell
from ....search import Limit
from .. import formats
from ..actions import PlaceTile
from ..model import Answer, Grade, Scenario
from ..solver.exact import Solved, solve_puzzle
from .build import HAND, RECIPES, Params, build, fits, horizon
from .grade import Figures, GradeLimit, OverTime, grade
from .symmetry import canonical

#: How many turns the exact solver may expand per candidate, and the grader per
#: method: limits by count, so that the same seed gives the same verdict anywhere.
#: The starter set's experts needed 3 to 9 (docs/puzzles.md).
SOLVE_NODES = {"beginner": 100, "intermediate": 120, "advanced": 120, "expert": 40}
#: Turns the grader may expand per candidate, and boards whose distances it may work
#: out (where its time goes), per tier.  A three-turn expert's grading proves that no
#: line with fewer than two detours works in three turns, an exhaustive search of
#: some 14,000 turns and 36,000 boards (docs/puzzles.md, Measured); the lower tiers
#: keep the limits their sets were made with, so those sets are byte for byte the same.
GRADE_NODES = {"beginner": 1500, "intermediate": 1500, "advanced": 1500, "expert": 30_000}
GRADE_WORK = {"beginner": 5000, "intermediate": 5000, "advanced": 5000, "expert": 80_000}
#: CPU seconds a candidate may take, from its build to its grade, before it is
#: dropped unproved ("over the time limit"): a guard so that ``generate`` never
#: hangs on one candidate, not a limit that decides anything in a normal run (the
#: counts above do, the same everywhere; the slowest accepted candidate of the
#: measured sets took a fifth of it).  A candidate dropped by it is counted and
#: named on stderr, since on a slower machine it could have been kept.
CANDIDATE_SECONDS = 120.0
#: Repairs tried on a candidate whose solution is not unique, and the most
#: optimal plans a candidate may have for repairs to be worth trying.
REPAIRS = 3
MANY_PLANS = 4
#: Seeds of a set: the first seed times this, plus the candidate's number (the house's:
#: an id's seed is bounded by generating.MAX_UNIT_SEED).
SEEDS_PER_SET = generating.SEEDS_PER_SET


@dataclass(frozen=True)
class Unit:
    """One candidate to try: everything :func:`make` needs, and nothing else."""

    params: Params
    seed: int
    solve_nodes: int = 0  # 0: the tier's SOLVE_NODES
    grade_nodes: int = 0  # 0: the tier's GRADE_NODES
    grade_work: int = 0  # 0: the tier's GRADE_WORK
    seconds: float = CANDIDATE_SECONDS  # CPU seconds before the candidate is dropped (0: no limit)


_CHANGE = re.compile(r"(-?\d+),(-?\d+) (\S+?)(?:,|$)")


def _changes(items: Iterable[str]) -> list[tuple[str, str]]:
    """(cell, tile as it lies) of each cell a plan's tile and door items change."""
    out = []
    for item in items:
        for q, r, text in _CHANGE.findall(item.split(" ", 1)[1] if " " in item else ""):
            out.append((f"{q},{r}", text))
    return out


def _bare(text: str) -> str:
    """A tile as it lies without its doors and prisoners: its shape (``t03+t12``)."""
    return "+".join(sorted(part.split("^")[0].split("*")[0] for part in text.split("+")))


def _shapes(scenario: Scenario, tile_id: str) -> set[str]:
    tile = scenario.state.catalogue[tile_id]
    return {"+".join(sorted(f.kind.letter + "".join(map(str, f.rotated(r))) for f in tile.features)) for r in range(6)}


def repair(scenario: Scenario, solved: Solved, rng: random.Random) -> Scenario | None:
    """A changed puzzle that rules out some optimal plan other than the solver's
    own, or None when no repair applies.  In order:

    1. take out of the hand a tile the solution never lays whose shape another
       optimal plan lays;
    2. take off the board a tile that another plan moves away and the solution
       leaves where it is;
    3. block a cell that only the other plans change and that is empty: lay a
       tile there (out of play until now, no hideout, fitting P1).

    The solver then judges the changed puzzle afresh: a repair may make the
    puzzle longer or impossible, which rejects it."""
    kept = [tuple(turn) for turn in solved.plan]
    # A plan of the list is a tuple of turns, each a tuple of its items (Q5).
    plans = [[tuple(str(x) for x in turn) if isinstance(turn, tuple) else (str(turn),) for turn in p]
             for p in solved.result.plan_list]
    others = [p for p in plans if p != kept]
    kept_cells = {c for turn in kept for c, _ in _changes(turn)}
    other_changes = [ch for plan in others for turn in plan for ch in _changes(turn)]
    state = scenario.state
    data = formats.scenario_to_data(scenario)
    me = state.player_by_colour[solved.goal.player] if solved.goal.player else state.current
    laid = {a.tile for a in solved.actions if isinstance(a, PlaceTile)}
    wanted = {_bare(text) for _, text in other_changes}
    for tid in sorted(me.hand):
        if tid not in laid and _shapes(scenario, tid) & wanted:
            data["hands"][me.colour.value].remove(tid)
            data["out"] = sorted([*data.get("out", []), tid])
            return _reload(data)
    occupied = {f"{c.q},{c.r}" for c, _ in state.tiles}
    # A board tile that another plan moves or swaps away, and the solution leaves
    # alone, goes out of play (a cell the other plan empties is named 'empty').
    for where, text in other_changes:
        if text == "empty" and where in occupied and where not in kept_cells:
            tid = data["tiles"].pop(where).split("@")[0]
            data["out"] = sorted([*data.get("out", []), tid])
            fixed = _reload(data)
            if fixed is not None:
                return fixed
            break
    cells = sorted({c for c, _ in other_changes} - kept_cells - occupied)
    out = sorted(data.get("out", []))
    rng.shuffle(out)
    cat = state.catalogue
    around = {c: (cat[p.tile], p.rotation) for c, p in state.tiles}
    for text in cells:
        cell = parse_cell(text)
        for tid in out:
            tile = cat[tid]
            if tile.has_hideout():
                continue
            for rot in tile.distinct_rotations:
                if not fits(around, cell, tile, rot):
                    continue
                trial = dict(data)
                trial["tiles"] = {**data.get("tiles", {}), text: f"{tid}@{rot}" if rot else tid}
                trial["out"] = [t for t in data["out"] if t != tid]
                fixed = _reload(trial)
                if fixed is not None:
                    return fixed
    return None


def _reload(data: dict[str, Any]) -> Scenario | None:
    from ....yamlsrc import LoadError
    from .. import rules
    try:
        scenario = formats.loads(yaml.safe_dump(data, sort_keys=False)).scenario
    except LoadError:
        return None
    return None if rules.check_scenario(scenario) else scenario


#: The words of generated titles ("The Narrow Gate", "The Quiet Corner"):
#: :func:`sectionx.generating.puzzle_title` picks one of each by the seed from the
#: bank of things for the goal (50 x 24 = 1,200 titles a goal, each tier walking it
#: from a quarter of its own), so a set's titles differ for 1,200 consecutive candidates.
TITLE_WORDS = generating.TITLE_WORDS
TITLE_THINGS = {
    "free": ("Way Out", "Gate", "Escape", "Road", "Run", "Crossing", "Getaway", "Break", "Exit", "Dash", "Path",
             "Way Round", "Stride", "Walk", "Climb", "Leap", "Passage", "Bridge", "Detour", "March", "Journey",
             "Shortcut", "Sprint", "Stroll"),
    "zone": ("Claim", "Corner", "Flag", "Stake", "Shore", "Landing", "Harbour", "Field", "Hill", "Beach", "Meadow",
             "Border", "Coast", "Garden", "Outpost", "Camp", "Clearing", "Cove", "Ridge", "Marsh", "Headland",
             "Orchard", "Pasture", "Island Edge"),
    "hide": ("Hideout", "Bunk", "Hiding Place", "Cellar", "Burrow", "Den", "Nook", "Shelter", "Refuge", "Alcove",
             "Attic", "Cupboard", "Hollow", "Hole", "Lair", "Corner Bed", "Cubby", "Crawlspace", "Niche", "Retreat",
             "Sanctuary", "Hiding Game", "Blanket", "Bolthole"),
    "key": ("Key", "Lock", "Keyhole", "Turnkey", "Warden", "Bargain", "Swap", "Keeper", "Handover", "Errand",
            "Keyring", "Master", "Trade", "Deal", "Favour", "Promise", "Latch", "Padlock", "Bolt", "Pocket",
            "Chain", "Token", "Pass", "Gift"),
}


def title(params: Params, seed: int, kind: str) -> str:
    """The title of the candidate ``seed`` of a set of ``params`` whose goal is
    ``kind`` (:data:`TITLE_WORDS`): the same seed, the same title."""
    return generating.tier_title(seed, params.tier, TITLE_THINGS.get(kind, TITLE_THINGS["free"]))


#: The reason a candidate dropped at its time limit is tallied under.
OVER_TIME = "over the time limit"


def make(unit: Unit) -> Outcome:
    """Try one candidate (module docstring): a puzzle of the unit's tier, or why not.
    A candidate still unproved or ungraded after ``unit.seconds`` of CPU time is
    dropped (:data:`OVER_TIME`), never written unproved."""
    deadline = time.thread_time() + unit.seconds if unit.seconds > 0 else None
    try:
        return _make(unit, deadline)
    except OverTime:
        return Outcome(unit.seed, OVER_TIME)


def _check_time(deadline: float | None) -> None:
    if deadline is not None and time.thread_time() > deadline:
        raise OverTime


def _make(unit: Unit, deadline: float | None) -> Outcome:
    params, seed = unit.params, unit.seed
    recipe = RECIPES[params.tier]
    scenario = build(params, seed)
    if scenario is None or scenario.goal is None:
        return Outcome(seed, "not built")
    rng = random.Random(f"sectionx-repair:{params.id(seed)}")
    repairs = 0

    def watch(_stats: object, _what: str) -> None:  # the solver calls it about once a second
        _check_time(deadline)

    while True:
        solved = solve_puzzle(scenario, Limit(turns=horizon(params), nodes=unit.solve_nodes or SOLVE_NODES[params.tier]),
                              cap=8, progress=watch if deadline is not None else None)
        _check_time(deadline)
        r = solved.result
        if r.status != "solved" or r.turns is None or r.cost is None:
            return Outcome(seed, "impossible" if r.status == "impossible" else "too hard to prove", repairs=repairs)
        if r.turns < recipe.turns[0]:
            return Outcome(seed, "too few turns", repairs=repairs)
        if r.plans == 1:
            break
        # A count the node limit stopped (``reason``) proved only "more than 1": too
        # many, perhaps, for a repair to be worth trying, and its plan list is partial.
        if repairs >= REPAIRS or r.plans is None or r.plans > MANY_PLANS or (r.plans_capped and r.reason):
            return Outcome(seed, "not unique", repairs=repairs)
        fixed = repair(scenario, solved, rng)
        if fixed is None:
            return Outcome(seed, "not unique", repairs=repairs)
        scenario, repairs = fixed, repairs + 1
    assert scenario.goal is not None
    goal = replace(scenario.goal, turns=r.turns)
    scenario = replace(scenario, goal=goal)
    try:
        figures = grade(scenario, solved, node_limit=unit.grade_nodes or GRADE_NODES[params.tier],
                        work_limit=unit.grade_work or GRADE_WORK[params.tier],
                        deadline=deadline)
    except GradeLimit:
        return Outcome(seed, "too hard to grade", repairs=repairs)
    if figures.tier != params.tier:
        return Outcome(seed, f"graded {figures.tier}", tier=figures.tier, repairs=repairs, figures=figures.items())
    puzzle_id = params.id(seed)
    kind = goal.kind.value
    scenario = replace(scenario, title=title(params, seed, kind),
                       description=_description(scenario, figures),
                       answer=Answer(r.turns, 1, r.cost), grade=Grade(puzzle_id, figures.tier, figures.items()))
    text = formats.dumps(scenario, header=f"Generated by: sectionx generate --id {puzzle_id}\n"
                                          f"Grade: {figures.tier} (docs/puzzles.md); solve it with: sectionx solve FILE")
    return Outcome(seed, "accepted", text, canonical(scenario), figures.tier, repairs, figures.items())


def _description(scenario: Scenario, figures: Figures) -> str:
    """What the goal does not say: the hand and that blue passes (Q2).  The goal itself
    is the file's ``goal:``, printed once by every sheet, card and page."""
    assert scenario.goal is not None
    hand = len(scenario.state.current.hand)
    held = f"{hand} tile{'s' if hand != 1 else ''} in hand" if hand else "no tile in hand"
    return f"Red has {held}; blue passes."


# ====================================================================== sets


Runner = Callable[[Callable[[Unit], Outcome], Iterable[Unit]], Iterator[Outcome]]


def units(params: Params, seed: int, **limits: int) -> Iterator[Unit]:
    """The set's candidates, in order: seeds ``seed * SEEDS_PER_SET + i``."""
    for i in range(SEEDS_PER_SET):
        yield Unit(params, seed * SEEDS_PER_SET + i, **limits)


def generate(params: Params, count: int, seed: int = 0, *, runner: Runner | None = None,
             max_tries: int | None = None, on_outcome: Callable[[Outcome, Tally], None] | None = None,
             **limits: int) -> tuple[list[Outcome], Tally]:
    """``count`` puzzles of ``params`` (module docstring), in seed order, none the
    same as another up to symmetry; with the tally.  ``runner`` maps :func:`make`
    over the units in order (default: here, one by one).  Stops after
    ``max_tries`` candidates (default ``400 * count``) with what it has."""
    params.check()
    seen = None if on_outcome is None else (lambda outcome, tally, _kept: on_outcome(outcome, tally))
    return generate_set(make, units(params, seed, **limits), count, runner=runner, max_tries=max_tries, on_outcome=seen)


__all__ = ["CANDIDATE_SECONDS", "HAND", "OVER_TIME", "Outcome", "Params", "Tally", "Unit", "generate", "make", "repair", "units"]
