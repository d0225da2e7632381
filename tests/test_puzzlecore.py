"""The puzzle solver on the search core (sectionx.solver.puzzlecore) against the referee.

* Whole turns: the core's successors of a node are the referee's (every legal
  action listed by ``engine.legal_actions`` and carried out by ``engine.apply``),
  ending for ending, with the same plan items word for word (Q5) and the same
  cost, apart from the endings the core's admissible bound cuts.
* Whole answers: on hypothesis-generated small puzzles the core solver and the
  brute-force reference solver (single referee actions, no pruning) give
  the same minimum, the same least cost and the same number of optimal plans.
* The bound never exceeds the answer, and the goal test equals ``puzzle.goal_met``.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from sectionx import formats, puzzle, rules
from sectionx.model import Scenario
from sectionx.solver.core import Position
from sectionx.solver.exact import PuzzleProblem, solve_puzzle
from sectionx.solver.puzzlecore import INF, CoreProblem
from sectionx.solver.reference import solve_reference

from .test_reference import CASES

ROOT = Path(__file__).resolve().parent.parent
FIRST_ESCAPE = formats.load(ROOT / "scenarios" / "puzzle-first-escape.yaml").scenario


def _core_endings(sc: Scenario, remaining: int) -> dict[tuple[object, tuple[str, ...]], tuple[int, bool]]:
    goal, began = puzzle.goal_of(sc), puzzle.start(sc)
    problem = CoreProblem(goal, began, 50)
    return {(s.node.key, s.plan): (s.cost, s.met) for s in problem.successors(problem.root(), remaining)}


def _referee_endings(sc: Scenario, remaining: int) -> dict[tuple[object, tuple[str, ...]], tuple[int, bool]]:
    """The referee's endings, keyed as the core keys them, less those the core's
    bound proves useless (so the comparison checks the cut as well: see below)."""
    goal, began = puzzle.goal_of(sc), puzzle.start(sc)
    core = CoreProblem(goal, began, 50)
    out = {}
    for s in PuzzleProblem(goal, began).successors(began, remaining):
        pos = Position.from_state(s.node)
        core.pos = pos
        if not s.met and core.bound()[0] > remaining - 1:
            continue
        out[(pos.key(), s.plan)] = (s.cost, s.met)
    return out


@pytest.mark.parametrize("name, sc, turns, plans", CASES, ids=[c[0] for c in CASES])
def test_whole_turns_equal_the_referees(name, sc, turns, plans):
    remaining = max(2, turns)  # not the last turn: every ending counts
    assert _core_endings(sc, remaining) == _referee_endings(sc, remaining)


def test_whole_turns_of_the_first_escape_equal_the_referees():
    core = _core_endings(FIRST_ESCAPE, 2)
    assert core == _referee_endings(FIRST_ESCAPE, 2)
    assert len(core) > 100  # every useful tile action with every useful walk


def test_the_goal_test_is_puzzle_goal_met():
    for _, sc, _, _ in CASES:
        goal, began = puzzle.goal_of(sc), puzzle.start(sc)
        problem = CoreProblem(goal, began, 50)
        for s in PuzzleProblem(goal, began).successors(began, 3):
            problem.pos = Position.from_state(s.node)
            assert problem.met() == puzzle.goal_met(s.node, goal, began) == s.met


# ---------------------------------------------------------------- generated puzzles

_TILES = ["T01", "T02", "T03", "T09", "T16", "T26", "T41", "T46"]  # straights, bends, junction, dead end, hideout


@st.composite
def small_puzzles(draw: st.DrawFn) -> Scenario:
    """A small puzzle on a tiny board: a few cells between the island and two green
    areas, some tiles laid (any rotation), one to three in hand, maybe a door of the
    other player, a free or zone goal within 1-3 turns."""
    extra = draw(st.sampled_from([["1,0"], ["1,0", "2,0"], ["1,0", "2,-1"], ["1,0", "2,0", "1,1"],
                                  ["1,0", "2,-1", "2,0"]]))
    east = {1: "2,0", 2: "3,0"}[min(2, len(extra))] if "2,0" not in extra else "3,0"
    if east in extra:
        east = "3,-1"
    cells = ["0,0", "-1,0", east, *extra]
    board = textwrap.dedent(f"""\
        board:
          name: tiny
          cells: {cells}
          island: ["0,0"]
          green: ["{east}", "-1,0"]
          zones: {{E: ["{east}"], W: ["-1,0"]}}
        """).replace("'", '"')
    pool = draw(st.permutations(_TILES))  # tile ids are unique: lay some, hold some
    laid = {}
    for cell in extra:
        if draw(st.booleans()):
            laid[cell] = f"{pool.pop()}@{draw(st.integers(0, 5))}"
    hand = pool[:draw(st.integers(1, 3))]
    red_dead = draw(st.integers(5, 7))
    body = "players: [red, blue]\nturn: red\n" + board
    if laid:
        body += "tiles: {" + ", ".join(f'"{c}": {t}' for c, t in laid.items()) + "}\n"
    body += "hands: {red: [" + ", ".join(hand) + "]}\n"
    body += f"prisoners:\n  red: {{dead: {red_dead}}}\n"
    door_cells = [c for c, t in laid.items() if not t.startswith("T26")]
    if door_cells and draw(st.booleans()):
        body += f'doors: {{blue: ["{draw(st.sampled_from(door_cells))}"]}}\n'
    turns = draw(st.integers(1, 3))
    kind = draw(st.sampled_from(["free", "free", "zone E", "zone W"]))
    if kind == "free":
        body += f"goal: {{kind: free, turns: {turns}}}\n"
    else:
        body += f"goal: {{kind: zone, zone: {kind[-1]}, turns: {turns}}}\n"
    try:
        sc = formats.loads(body).scenario
    except formats.LoadError:
        assume(False)
        raise
    assume(not rules.check_scenario(sc))
    return sc


@settings(max_examples=45, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(small_puzzles())
def test_core_and_reference_solvers_agree(sc):
    reference = solve_reference(sc, plan_cap=1000, max_states=20_000)
    assume(reference.status != "unknown")
    core = solve_puzzle(sc, cap=1000).result
    assert core.status == reference.status
    event(f"{core.status} in {core.turns} turns, {core.plans} plans")
    if core.status == "solved":
        assert (core.turns, core.cost, core.plans) == (reference.turns, reference.cost, reference.plans)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(small_puzzles())
def test_the_core_bound_never_exceeds_the_answer(sc):
    result = solve_reference(sc, plan_cap=1000, max_states=5_000)
    assume(result.status != "unknown")
    goal, began = puzzle.goal_of(sc), puzzle.start(sc)
    problem = CoreProblem(goal, began, 50)
    turns, fills = problem.bound()
    if result.status == "solved":
        assert turns <= result.turns and fills <= result.cost
    else:
        assert turns == INF or result.status == "impossible"
