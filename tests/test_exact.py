"""The exact solver (sectionx.games.sectionx.solver.exact on sectionx.search) against the reference
solver: the same minimum, the same least number of tile and door actions, the same
number of optimal plans, on every hand-worked puzzle small enough for the reference;
every solution replays through the referee."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.sectionx import puzzle
from sectionx.games.sectionx.solver.exact import solve_puzzle
from sectionx.games.sectionx.solver.puzzlecore import CoreProblem
from sectionx.games.sectionx.solver.reference import solve_reference
from sectionx.search import Limit

from .test_reference import CASES, ONE_TURN, TWO_TURNS

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name, sc, turns, plans", CASES, ids=[c[0] for c in CASES])
def test_exact_agrees_with_the_reference(name, sc, turns, plans):
    reference = solve_reference(sc, plan_cap=1000)
    solved = solve_puzzle(sc, cap=1000)
    result = solved.result
    assert result.status == "solved"
    assert (result.turns, result.cost, result.plans) == (reference.turns, reference.cost, reference.plans)
    verdict = puzzle.judge(sc, solved.actions)
    assert verdict.met_after == len(solved.actions) and verdict.turn == result.turns
    assert puzzle.plan_signature(puzzle.start(sc), solved.actions) == solved.plan


@pytest.mark.parametrize("name, sc, turns, plans", CASES, ids=[c[0] for c in CASES])
def test_the_bound_never_exceeds_the_answer(name, sc, turns, plans):
    start = puzzle.start(sc)
    turns_needed, _ = CoreProblem(puzzle.goal_of(sc), start, 50).bound()
    assert turns_needed <= turns


def test_too_few_turns_is_proved_impossible_and_a_node_limit_is_honest():
    result = solve_puzzle(TWO_TURNS, Limit(turns=1)).result
    assert result.status == "impossible" and result.proved_at_least == 2
    limited = solve_puzzle(TWO_TURNS, Limit(turns=2, nodes=1)).result
    assert limited.status == "unknown" and limited.proved_at_least <= 2 and "node limit" in limited.reason


def _puzzle_file(tmp_path: Path, sc_text: str) -> Path:
    path = tmp_path / "p.yaml"
    path.write_text(sc_text)
    return path


def test_solve_command_exit_codes_formats_and_record(tmp_path):
    runner = CliRunner()
    from sectionx.games.sectionx import formats

    path = tmp_path / "one.yaml"
    path.write_text(formats.dumps(ONE_TURN))
    result = runner.invoke(app, ["solve", str(path), "-o", str(tmp_path / "sol.yaml")])
    assert result.exit_code == 0, result.output
    assert "solved in 1 turn; nothing shorter exists (proved)" in result.stdout
    assert "Optimal plans: 1 (unique)" in result.stdout
    replayed = runner.invoke(app, ["replay", str(tmp_path / "sol.yaml")])
    assert replayed.exit_code == 0 and "goal is met" in replayed.stdout
    as_json = runner.invoke(app, ["solve", str(path), "--format", "json"])
    assert as_json.exit_code == 0 and '"status": "solved"' in as_json.stdout
    import json

    data = json.loads(as_json.stdout)
    assert data["optimal_plans"] == [data["plan"]] and data["unique"] is True
    path.write_text(formats.dumps(TWO_TURNS))
    assert runner.invoke(app, ["solve", str(path), "--turns", "1"]).exit_code == 3
    assert runner.invoke(app, ["solve", str(path), "--nodes", "1"]).exit_code == 4
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: [red, blue]\ngoal: {kind: free, count: 9}\n")
    assert runner.invoke(app, ["solve", str(bad)]).exit_code == 1
    state = tmp_path / "state.yaml"
    state.write_text("players: [red, blue]\n")
    assert runner.invoke(app, ["solve", str(state)]).exit_code == 2  # a position, no puzzle: the wrong kind of file (USAGE)



def test_solve_keeps_what_it_proved_when_a_limit_stops_the_count_of_plans():
    # The first escape has two optimal plans.  Uniqueness is settled before the count
    # (all --cap 1 runs); a node limit that lets that end but not the count up to --cap
    # leaves a proved answer: 2 turns, the least cost, "more than 1" plan, exit SOLVED (0).
    import json

    path = str(ROOT / "scenarios" / "puzzle-first-escape.yaml")
    runner = CliRunner()
    first = json.loads(runner.invoke(app, ["solve", path, "--cap", "1", "--format", "json"]).stdout)
    assert (first["status"], first["plans"], first["reason"]) == ("solved", "more than 1", "")
    whole = json.loads(runner.invoke(app, ["solve", path, "--format", "json"]).stdout)
    assert (whole["plans"], whole["recorded_answer_matches"]) == ("2", True)
    stopped = runner.invoke(app, ["solve", path, "--nodes", str(first["turns_expanded"]), "--format", "json"])
    assert stopped.exit_code == 0, stopped.output
    data = json.loads(stopped.stdout)
    assert (data["status"], data["turns"], data["actions"], data["unique"]) == ("solved", 2, whole["actions"], False)
    assert data["plans"] == "more than 1" and "node limit" in data["reason"]
    assert data["recorded_answer_matches"] is True  # the file records 2 plans: "more than 1" agrees
    text = runner.invoke(app, ["solve", path, "--nodes", str(first["turns_expanded"])])
    assert text.exit_code == 0 and "solved in 2 turns; nothing shorter exists (proved)" in text.stdout
    assert "Not unique (proved); the count stopped: node limit" in text.stdout
    assert "is not what was proved" not in text.output


def test_sheet_from_a_puzzle_and_from_its_solution_record(tmp_path):
    from pypdf import PdfReader

    from sectionx.games.sectionx import formats

    runner = CliRunner()
    path = tmp_path / "two.yaml"
    path.write_text(formats.dumps(TWO_TURNS))
    result = runner.invoke(app, ["sheet", str(path), "-o", str(tmp_path / "two.pdf")])
    assert result.exit_code == 0, result.output
    pages = [p.extract_text() for p in PdfReader(tmp_path / "two.pdf").pages]
    assert len(pages) == 2 and "Turn 1" in pages[1] and "Turn 2" in pages[1] and "proved minimal" in pages[1]
    assert runner.invoke(app, ["solve", str(path), "-o", str(tmp_path / "sol.yaml")]).exit_code == 0
    result = runner.invoke(app, ["sheet", str(tmp_path / "sol.yaml"), "-o", str(tmp_path / "sol.svg")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.glob("sol-*.svg")) == ["sol-card.svg", "sol-solution-1.svg"]
    assert runner.invoke(app, ["sheet", str(path), "-o", str(tmp_path / "x.png")]).exit_code == 2


def test_replay_counts_the_unfinished_last_turn_of_a_solution(tmp_path):
    """A solution ends mid-turn (Q4): replay counts that turn, so '2 turns', not '1 turns'."""
    from sectionx.games.sectionx import formats, play

    solved = solve_puzzle(TWO_TURNS)
    result = play.replay(puzzle.start(TWO_TURNS), solved.actions)
    assert result.error is None and result.turns == solved.result.turns == 2
    path = tmp_path / "two.yaml"
    path.write_text(formats.dumps(TWO_TURNS))
    out = CliRunner().invoke(app, ["solve", str(path), "-o", str(tmp_path / "sol.yaml")])
    assert out.exit_code == 0
    replayed = CliRunner().invoke(app, ["replay", str(tmp_path / "sol.yaml")])
    assert " 2 turns, all legal" in replayed.stdout


def test_solve_says_when_the_recorded_answer_is_not_what_it_proves(tmp_path):
    from sectionx.games.sectionx import formats

    text = formats.dumps(ONE_TURN)
    right, wrong = tmp_path / "right.yaml", tmp_path / "wrong.yaml"
    right.write_text(text + "answer: {turns: 1, cost: 1, plans: 1}\n")
    wrong.write_text(text + "answer: {turns: 2, plans: 1}\n")
    runner = CliRunner()
    ok = runner.invoke(app, ["solve", str(right), "--format", "json"])
    assert ok.exit_code == 0 and '"recorded_answer_matches": true' in ok.stdout and "recorded" not in ok.stderr
    bad = runner.invoke(app, ["solve", str(wrong)])
    assert bad.exit_code == 0
    assert "the answer recorded in the file (turns 2, plans 1) is not what was proved (turns 1" in bad.stderr


@pytest.mark.parametrize("limit", [Limit(turns=50), Limit(turns=50, nodes=40)], ids=["whole", "node limit"])
def test_a_solve_leaves_no_reference_cycles(limit):
    """The solver pauses Python's cyclic collector while it runs (``search.collector_paused``),
    which is only safe if it makes no reference cycles: whatever it frees must go by its
    reference counts.  Run on both builds (CI runs this file pure and compiled: compiled
    by mypyc, nested functions that name each other hold their shared environment in a
    cycle, so the search core has none).  Solving puzzles of every goal kind (and stopping one at a node
    limit, through the turn search's unwinding) leaves nothing for the collector.  A
    nested function calling itself in the turn search once kept every run's tables
    alive this way (22 million objects on one unseen puzzle, issue 29)."""
    import gc

    from sectionx.games.sectionx import checking

    root = Path(__file__).resolve().parent.parent
    files = [root / "scenarios" / "puzzles" / n for n in ("01-the-fork.yaml", "06-the-side-door.yaml")]
    files += sorted((root / "scenarios" / "puzzles").glob("*.yaml"))[-6:]
    files += [root / "benchmarks" / "slow_unseen" / "key-door-2t.yaml"]
    solve_puzzle(checking.check_file(files[0]).loaded.scenario, Limit(turns=50))  # (modules imported on first use)
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for f in files:
            solve_puzzle(checking.check_file(f).loaded.scenario, limit)
            assert gc.collect() == 0, (f.name, sorted({type(o).__qualname__ for o in gc.garbage})[:12])
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was:
            gc.enable()
