"""The unseen set (benchmarks/unseen_set.py, issue 29 part 1): puzzles built without a
solver, each from a random position and a random line of play whose goal it is.

Checked here, quickly: the same seed gives the same bytes and another seed other
puzzles; every puzzle is a valid puzzle file of the kind and turn limit it claims
(Q1, Q2, Q4), and the line that built it meets its goal in exactly its turn limit when
replayed through the referee; a puzzle of two turns or more is met by no line of one
turn (the exhaustive one-turn search, itself checked on the one-turn puzzles, and the
core test it leans on checked against the referee along every line); and the exact
solver answers a handful of one-turn
puzzles in at most that many turns, as ``sectionx solve`` does (bench_unseen.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))  # the set and its benchmark are scripts there

import bench_unseen  # noqa: E402
import unseen_set  # noqa: E402

from sectionx.games.sectionx import checking, formats, puzzle, rules  # noqa: E402

SEED = 7


@pytest.fixture(scope="module")
def one_turn() -> list[unseen_set.Made]:
    return unseen_set.make_set(SEED, 1, turns=(1,))


def test_the_same_seed_gives_the_same_bytes(one_turn):
    again = unseen_set.make_set(SEED, 1, turns=(1,))
    assert [(m.name, m.text) for m in again] == [(m.name, m.text) for m in one_turn]
    other = unseen_set.make_set(SEED + 1, 1, kinds=("free", "key"), turns=(1,))
    assert not {m.text for m in other} & {m.text for m in one_turn}


def test_every_kind_is_a_valid_puzzle_met_by_its_line(one_turn):
    assert sorted(m.kind for m in one_turn) == sorted(unseen_set.KINDS)
    for m in one_turn:
        loaded = formats.loads(m.text, name=m.name).scenario
        assert rules.check_scenario(loaded) == [], m.name
        goal = puzzle.goal_of(loaded)
        assert goal.kind.value == m.kind and goal.turns == m.turns == 1
        if m.kind == "all":
            assert len(goal.leaves) == 2
        verdict = puzzle.judge(loaded, m.witness)
        assert verdict.met and verdict.turn == m.turns, m.name
        # the goal does not hold before the line's last action (Q4): the puzzle is no gift
        assert puzzle.judge(loaded, m.witness[:-1]).met is False
        assert 1 <= m.features["prisoners"] <= 3 and 0 <= m.features["hand"] <= 3


@pytest.mark.slow  # about 40 s: makes 2-turn key puzzles with the exhaustive one-turn check
def test_a_longer_line_gives_its_turn_count_and_no_single_turn_meets_its_goal():
    made = unseen_set.make_set(SEED, 1, kinds=("key",), turns=(2,))
    (m,) = made
    assert m.name == "001-key-2t"
    assert puzzle.judge(m.scenario, m.witness).turn == 2
    assert m.text.count("#   turn ") == 2  # the line, one comment line a turn
    # The set's promise for n >= 2: no line of one turn meets the goal.
    assert unseen_set._met_in_one_turn(puzzle.start(m.scenario), puzzle.goal_of(m.scenario)) is False


def test_the_one_turn_search_finds_every_one_turn_puzzle(one_turn):
    """The exhaustive one-turn search against the lines that built the one-turn puzzles:
    each of those goals is met within one turn, so the search must find a way."""
    for m in one_turn:
        assert unseen_set._met_in_one_turn(puzzle.start(m.scenario), puzzle.goal_of(m.scenario)), m.name


def test_the_core_test_holds_wherever_the_goal_is_met(one_turn):
    """``_may_meet`` reads the core's tables; it must be true at every position where the
    referee says the goal is met (else the one-turn search would miss a way), checked
    along every built line, action by action."""
    from sectionx.games.sectionx.solver.core import Position, move_of

    met_seen = 0
    for m in one_turn:
        start = puzzle.start(m.scenario)
        goal = puzzle.goal_of(m.scenario)
        pos = Position.from_state(start)
        may = unseen_set._may_meet(pos, goal)
        for action in m.witness:
            pos.make(move_of(pos, action))
            if puzzle.goal_met(pos.to_state(), goal, start):
                met_seen += 1
                assert may(pos), m.name
    assert met_seen >= len(one_turn)


def test_one_turn_puzzles_are_solved_within_their_limit(one_turn, tmp_path):
    files = unseen_set.write_set(one_turn, tmp_path)
    assert [f.name for f in files] == sorted(f"{m.name}.yaml" for m in one_turn)
    assert all(checking.check_file(f).ok for f in files)
    # the three with the fewest tiles on the board: a few seconds in all
    small = sorted(files, key=lambda f: len(formats.load(f).scenario.state.tiles))[:3]
    for path in small:
        record = bench_unseen.solve_one(path, 30.0, 0)
        assert record["bug"] is None, record
        assert record["status"] == "solved" and record["turns"] == 1, record
        assert record["cpu"] >= 0 and record["counters"]["nodes"] >= 1


def test_the_report_names_a_solver_bug():
    fake = {"name": "001-free-2t", "kind": "free", "goal": "free 1", "n": 2, "status": "impossible", "turns": None,
            "cost": None, "plans": "unknown", "proved_at_least": 3, "cpu": 0.1, "wall": 0.1, "limit_hit": False,
            "counters": {"nodes": 3}, "features": {"board": "compact", "players": 2, "hand": 0, "prisoners": 1,
                                                   "tiles": 3, "variant": "standard", "stacks": 0, "hideouts": 0,
                                                   "riders": 0, "doors_own": 0, "doors_others": 0,
                                                   "fights_at_start": 0, "others_on_tiles": 0, "shared_tiles": 0,
                                                   "key_held": False},
            "bug": "'impossible' within 2 turns"}
    text, met = bench_unseen.report([fake])
    assert not met
    assert "SOLVER BUG** 001-free-2t" in text
