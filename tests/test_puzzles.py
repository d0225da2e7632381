"""The puzzle set (scenarios/puzzles/): every puzzle is valid, its recorded answer is
what the solver proves (fewest turns, least cost, number of optimal plans, Q5),
its solution replays through the referee, and between them the puzzles need every
mechanic the set promises (issue 9, point 7), judged from the solutions themselves."""

from __future__ import annotations

from pathlib import Path

import pytest

from sectionx.games.sectionx import checking, engine, formats, puzzle
from sectionx.games.sectionx.actions import Move, MoveDoor, PlaceDoor, PlaceTile, Rotate, Step, Swap
from sectionx.games.sectionx.model import FeatureKind, GoalKind, PlaceKind
from sectionx.games.sectionx.solver.exact import Solved, solve_puzzle
from sectionx.search import Limit

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "scenarios" / "puzzles").glob("*.yaml"))

_SOLVED: dict[Path, Solved] = {}


def _solve(path: Path) -> Solved:
    if path not in _SOLVED:
        sc = formats.load(path).scenario
        goal = puzzle.goal_of(sc)
        _SOLVED[path] = solve_puzzle(sc, Limit(turns=goal.turns or 50, seconds=120))
    return _SOLVED[path]


#: Puzzles whose proof takes over a minute on a loaded machine: in CI's second step.
SLOW = {"07-longest-walk-first"}


@pytest.mark.parametrize("path", [pytest.param(p, marks=pytest.mark.slow) if p.stem in SLOW else p for p in FILES],
                         ids=[p.stem for p in FILES])
def test_a_puzzle_of_the_set_is_valid_and_its_answer_is_proved(path):
    report = checking.check_file(path)
    assert report.ok, [str(d) for d in report.diagnostics]
    sc = formats.load(path).scenario
    assert sc.goal is not None and sc.answer is not None, "a puzzle of the set records its answer"
    assert sc.goal.turns is not None and 1 <= sc.answer.turns <= 6
    hand = sc.state.player_by_colour[puzzle.goal_of(sc).player].hand  # type: ignore[index]
    assert len(hand) <= 3
    result = _solve(path).result
    assert result.status == "solved", result.reason
    assert (result.turns, result.plans) == (sc.answer.turns, sc.answer.plans)
    if sc.answer.cost is not None:
        assert result.cost == sc.answer.cost
    verdict = puzzle.judge(sc, _solve(path).actions)
    assert verdict.met and verdict.within_limit and verdict.turn == result.turns


def _mechanics(path: Path) -> set[str]:
    """What the proved solution of a puzzle uses, seen by replaying it."""
    sc = formats.load(path).scenario
    solved = _solve(path)
    goal = puzzle.goal_of(sc)
    found: set[str] = {f"goal {leaf.kind.value}" for leaf in goal.leaves}
    if goal.kind is GoalKind.ALL:
        found.add("goal all")
    if sc.state.advanced:
        found.add("advanced")
    if solved.result.turns:
        found.add(f"{solved.result.turns} turns")
    state = solved.start
    for action in solved.actions:
        after = engine.apply(state, action)
        kind = {PlaceTile: "place", Swap: "swap", Move: "move", Rotate: "rotate",
                PlaceDoor: "door", MoveDoor: "door"}.get(type(action))
        if kind:
            found.add(kind)
        if action.tile_action and sum(len(p.doors) for p in after.players) < sum(len(p.doors) for p in state.players):
            found.add("tunnel fight")
        if isinstance(action, Step):
            if action.choices.handin is not None:
                found.add("door handed in")
            me = after.current
            if any(pl.kind is PlaceKind.TILE and after.feature(pl.spot).kind is FeatureKind.HIDEOUT
                   for pl in me.prisoners):
                found.add("hideout")
        if after.zones != state.zones:
            found.add("zone claimed")
        state = after
    return found


def test_the_set_needs_every_mechanic():
    assert len(FILES) >= 24
    seen: set[str] = set()
    for path in FILES:
        seen |= _mechanics(path)
    wanted = {"place", "swap", "move", "rotate", "door", "tunnel fight", "hideout", "zone claimed",
              "goal free", "goal hide", "goal key", "goal zone", "goal all", "advanced",
              "1 turns", "2 turns", "3 turns", "4 turns", "5 turns"}
    assert wanted <= seen, sorted(wanted - seen)


def test_every_puzzle_of_the_set_has_its_own_title():
    titles = [formats.load(p).scenario.title for p in FILES]
    assert all(titles) and len(set(titles)) == len(titles)


def test_a_solution_that_ends_the_round_is_pictured_before_the_collapse():
    """Puzzle 02's second prisoner on green ends the round (E1) and the tunnels
    collapse (E3); its picture shows the board as the step left it, not cleared."""
    from sectionx.games.sectionx.solution import turn_pictures

    path = ROOT / "scenarios" / "puzzles" / "02-change-places.yaml"
    solved = _solve(path)
    last = turn_pictures(solved.start, solved.turns)[-1]
    assert "the tunnels collapse (E3)" in last.lines[-1]
    assert last.state.tiles, "the board is drawn before the collapse"
    red = last.state.player_by_colour[puzzle.goal_of(formats.load(path).scenario).player]  # type: ignore[index]
    assert red.count(PlaceKind.GREEN) == 2
