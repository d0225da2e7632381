"""Der Tunnel's puzzles (TQ1-TQ3): the files (every problem at its line with its
ruling id), the solver against the reference's plain enumeration on every shipped
puzzle and on random small positions, the solver's own way of playing a turn against
the referee's, solve through the command line (exit codes, formats, the recorded
answer checked) and the records it writes (the others pass only from a TQ2 puzzle)."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.tunnel import formats, play, puzzles, records, reference, rules, solver
from sectionx.games.tunnel.model import Position
from sectionx.games.tunnel.puzzles import Goal
from sectionx.games.tunnel.rules import apply_unchecked, moves
from sectionx.yamlsrc import LoadError, parse_yaml

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
PUZZLES = sorted((ROOT / "scenarios" / "tunnel" / "puzzles").glob("*.yaml"))
#: Shipped puzzles whose second proof takes over five seconds on a loaded machine (the
#: reference's plain recursion over two turns, or every turn of a TV3 pair): they are
#: proved again in CI's slow step (pytest -m slow), so the main suite keeps its budget.
SLOW = {"02-across-the-board.yaml", "08-pairs-at-once.yaml", "13-points-in-two.yaml", "14-two-tunnels.yaml",
        "15-three-turns.yaml", "16-nobody-blocks.yaml"}


def run(*args):
    return runner.invoke(app, [str(a) for a in args], catch_exceptions=False)


#: A TQ2 puzzle proved by hand: W on -1,0 closes the start road's west end (a crossing)
#: and lays red's first token on one opening of TU-B; the second turn lays its partner
#: on the tile's other opening, whose road ends at the crossing on 2,0: the road
#: -1,0 0,0 1,0 2,0 is complete (TU4, TU7).  One turn cannot: one token a turn (TU1).
PLAN = """game: tunnel
title: Both ends of one tile
players: [red, green]
board:
  "0,0": D@0
  "1,0": TU-B@0
  "2,0": W@0
followers:
  red: ["0,0 road:W"]
stack: [W, U]
goal: {road: 4, within: 2}
"""


def loaded(text: str, name: str = "p.yaml") -> formats.Loaded:
    return formats.read(parse_yaml(text, name))


def problems_of(text: str) -> list[tuple[int, str, str]]:
    with pytest.raises(LoadError) as exc:
        loaded(text)
    return [(d.line, d.rule, d.message) for d in exc.value.diagnostics]


# ------------------------------------------------------------------- the shipped puzzles


def test_at_least_fifteen_puzzles_ship_covering_every_question_and_variant():
    assert len(PUZZLES) >= 15
    found = [loaded(p.read_text(), str(p)) for p in PUZZLES]
    kinds = Counter(f.puzzle.goal.ruling for f in found if f.puzzle is not None)
    assert kinds["TQ1"] >= 3 and kinds["TQ2"] >= 3 and kinds["TQ3"] >= 2, kinds
    variants = set().union(*(f.position.variants for f in found))
    assert variants >= {"TV1", "TV2", "TV3", "TV4"}
    assert all(f.title and f.puzzle is not None and f.puzzle.answer is not None for f in found)


@pytest.mark.parametrize("path", [pytest.param(p, marks=pytest.mark.slow) if p.name in SLOW else p for p in PUZZLES],
                         ids=lambda p: p.name)
def test_every_shipped_puzzle_is_proved_again_by_both_solvers_and_its_line_replays(path, tmp_path):
    puzzle_file = tmp_path / path.name
    puzzle_file.write_text(path.read_text())
    out = tmp_path / "line.yaml"
    result = run("solve", puzzle_file, "--format", "json", "-o", out)
    assert result.exit_code == 0, result.output
    data, _ = json.JSONDecoder().raw_decode(result.stdout)
    assert data["status"] == "solved" and data["recorded_answer_matches"], data
    found = loaded(path.read_text(), str(path))
    pos, puzzle = found.position, found.puzzle
    assert puzzle is not None and puzzle.answer is not None
    stated = puzzle.answer
    if puzzle.goal.kind == "best":
        assert puzzle.drawn is not None
        best, ends = reference.best_points(pos, puzzle.drawn)
        assert (best, len(ends)) == (stated.points, stated.choices)
    elif puzzle.goal.kind == "end":
        assert stated.scores is not None
        assert reference.end_totals(pos, puzzle.after) == tuple(stated.scores[p] for p in pos.players)
    else:  # plain recursion proves no fewer turns do; the referee plays the line to the goal
        line = [rules.parse_move(m) for m in data["line"]]
        assert stated.turns is not None and reference.confirms(pos, puzzle.goal, stated.turns, line)
    replayed = run("replay", out)
    assert replayed.exit_code == 0, replayed.output
    if puzzle.goal.others_pass:
        assert f"the puzzle's goal is met: a road of {puzzle.goal.target} tiles in turn {stated.turns}" in \
            replayed.output or f"{puzzle.goal.target} points in turn {stated.turns}" in replayed.output


# ------------------------------------------------------------------- against the reference


def _position(seed: int, players: int, turns: int, variants: tuple[str, ...] = ()) -> Position:
    """A position of a game between bots whose tunnel tiles come early."""
    rng = random.Random(seed)
    pos = rules.new_game(players, variants=variants, seed=seed)
    assert pos.stack is not None
    stack = [t for t in pos.stack if not t.startswith("TU-")]
    for t in ("TU-A", "TU-B", "TU-C", "TU-D"):
        stack.insert(rng.randrange(turns + 2), t)
    pos.stack = tuple(stack)
    for _ in range(turns):
        found = moves(pos)
        token = [m for m in found if m.token is not None]
        apply_unchecked(pos, rng.choice(token) if token and rng.random() < 0.5 else play.choose("greedy", pos, rng))
    return pos


def _stack(pos: Position, n: int) -> Position:
    pos = pos.copy()
    assert pos.stack is not None
    pos.stack = pos.stack[:n]
    pos.left, pos.pool = n, Counter(pos.stack)
    return pos


@pytest.mark.parametrize("seed", range(8))
def test_the_best_turn_agrees_with_the_reference_on_random_positions(seed):
    """TQ1: the most points and the number of different positions the best turns end in,
    against every combination of cell, turn, follower, token and order the referee
    allows (reference.every_turn)."""
    variants = (("TV1",), ("TV2",), ("TV3",), ("TV4",), ())[seed % 5]
    pos = _position(seed, 2 + seed % 3, 3 + seed % 4, variants)
    tile = pos.next_tile()
    assert tile is not None
    answer = solver.best_turn(pos, tile)
    best, ends = reference.best_points(pos, tile)
    assert (answer.best, len(answer.choices)) == (best, len(ends))


def _small(seed: int, variants: tuple[str, ...], most: int) -> Position:
    """A position of 4 or 5 players (one token set each) with a stack of two tiles and
    at most ``most`` legal turns, so that the reference's plain search stays quick:
    the first such position of the seeds from ``seed`` on."""
    for tries in range(100):
        pos = _stack(_position(1000 * seed + tries, 4 + (seed + tries) % 2, 1 + tries % 3, variants), 2)
        if len(moves(pos)) <= most:
            return pos
    raise AssertionError("no small position")


@pytest.mark.parametrize("seed", range(6))
def test_the_fewest_turns_agree_with_the_reference_on_random_small_positions(seed):
    """TQ2 on small positions, every variant, a road goal or a points goal: the solver
    (table, bound, turns left out) finds the most reachable within two turns; plain
    recursion over the referee's every legal turn agrees on the fewest turns for that
    target and proves one more out of reach."""
    variants = (("TV1",), ("TV2",), ("TV3",), ("TV4",), (), ("TV2", "TV4"))[seed]
    pos = _small(seed, variants, 24)
    kind = ("road", "points")[seed % 2]
    most = 0
    while solver.plan(pos, Goal(kind, most + 1, 2)).status == "solved":
        most += 1
    for target in (most, most + 1) if most else (1,):
        goal = Goal(kind, target, 2)
        assert solver.plan(pos, goal).turns == reference.fewest_turns(pos, goal, 2), goal


def test_the_winning_first_turns_are_every_legal_turn_that_wins():
    """The list of first turns comes from the referee's whole list: each is checked by
    playing it and asking the reference whether the rest is reachable in one turn."""
    pos = loaded(PLAN).position
    goal = Goal("road", 4, 2)
    answer = solver.plan(pos, goal)
    assert answer.turns == 2
    listed = {str(c.move) for c in answer.choices} | {str(m) for c in answer.choices for m in c.same}
    wins = set()
    for move in moves(pos):
        after = rules.play(pos, move).position
        after.turn = pos.turn
        if reference.fewest_turns(after, goal, 1) == 1:
            wins.add(str(move))
    assert listed == wins and len(wins) > 1


@pytest.mark.parametrize("seed", range(6))
def test_the_solver_plays_a_turn_as_the_referee_does(seed):
    """The search places each tile once and lays followers and tokens on copies; each
    turn it tries ends in the position, with the score lines, that apply_unchecked gives."""
    variants = (("TV2",), ("TV3",), ("TV1", "TV4"))[seed % 3]
    pos = _position(200 + seed, 2 + seed % 3, 4 + seed, variants)
    name = pos.next_tile()
    assert name is not None
    for last in (False, True):
        search = solver._Search(pos, Goal("points", 1, 2), solver._Counter(None, None))
        for move, after, scored in search.turns(pos, name, last=last):
            again = pos.copy()
            assert apply_unchecked(again, move) == scored
            assert solver.position_key(again) == solver.position_key(after), move


# ------------------------------------------------------------------- the files


def test_a_puzzle_reads_back_the_same_after_writing():
    first = loaded(PLAN + "answer: {turns: 2, first: 3}\n")
    assert first.puzzle is not None
    text = puzzles.dumps(first.position, first.puzzle, title=first.title)
    again = loaded(text)
    assert again.puzzle == first.puzzle and again.title == first.title
    assert solver.position_key(again.position) == solver.position_key(first.position)


@pytest.mark.parametrize("change, line, rule, words", [
    (("goal: {road: 4, within: 2}", "goal: {road: 4}"), 11, "TQ2", "within how many"),
    (("goal: {road: 4, within: 2}", "goal: {road: 4, points: 3, within: 2}"), 11, "TQ2", "asks one thing"),
    (("goal: {road: 4, within: 2}", "goal: {best: turn, within: 2}"), 11, "TQ1", "within: belongs to a TQ2"),
    (("goal: {road: 4, within: 2}", "goal: {road: 4, within: 3}"), 11, "TQ2", "holds only 2 tiles"),
    (("stack: [W, U]", "stack: 20"), 11, "TQ2", "not a number"),
    (("goal: {road: 4, within: 2}", "goal: {best: turn}\ndrawn: U"), 12, "CB2", "the top of the stack is W"),
    (("goal: {road: 4, within: 2}", "goal: {road: 4, within: 2}\ndrawn: U"), 12, "TQ1", "belongs to a TQ1"),
    (("goal: {road: 4, within: 2}", "goal: {road: 4, within: 2}\nafter: U 1,1@0"), 12, "TQ3", "belongs to a TQ3"),
    (("goal: {road: 4, within: 2}", "goal: {score: end}\nafter: W 5,5@0"), 12, "CB3", "not a legal turn"),
    (("goal: {road: 4, within: 2}", "goal: {score: end}\nafter: Z 1,1@0"), 12, "TQ3", "is no tile"),
    (("goal: {road: 4, within: 2}", "goal: {score: end}\nanswer: {turns: 2}"), 12, "TQ3", "gives scores"),
    (("goal: {road: 4, within: 2}", "answer: {turns: 2}"), 11, "TQ1", "belongs to a puzzle"),
    (("goal: {road: 4, within: 2}", "goal: {road: 4, within: 2}\nanswer: {turns: 3}"), 12, "TQ2",
     "more than the goal's within"),
])
def test_each_puzzle_problem_at_its_line_with_its_ruling(change, line, rule, words):
    found = problems_of(PLAN.replace(*change))
    assert any(ln == line and r == rule and words in m for ln, r, m in found), found


def test_a_tq1_puzzle_with_no_known_top_says_which_tile_is_drawn():
    text = PLAN.replace("stack: [W, U]", "stack: 30").replace("goal: {road: 4, within: 2}", "goal: {best: turn}")
    assert any(r == "TQ1" and "say which with drawn" in m for _, r, m in problems_of(text))
    assert loaded(text + "drawn: TU-A\n").puzzle is not None
    used = problems_of(text.replace("stack: 30", "stack: 30\nout: [C]") + "drawn: C\n")
    assert any(r == "TG2" and "no C tile is left" in m for _, r, m in used)


# ------------------------------------------------------------------- records


def test_others_pass_only_in_a_record_from_a_tq2_puzzle(tmp_path):
    (tmp_path / "plan.yaml").write_text(PLAN)
    line = "game: tunnel\nstart: plan.yaml\nactions:\n  - W -1,0@0 t red 1,0:E\n  - pass\n  - U -1,-1@0 t red 1,0:W\n"
    (tmp_path / "ok.yaml").write_text(line)
    good = run("replay", tmp_path / "ok.yaml")
    assert good.exit_code == 0 and "the puzzle's goal is met: a road of 4 tiles in turn 2" in good.output
    plain = tmp_path / "plain.yaml"
    plain.write_text(PLAN.replace("goal: {road: 4, within: 2}\n", ""))
    (tmp_path / "bad.yaml").write_text(line.replace("plan.yaml", "plain.yaml"))
    refused = run("replay", tmp_path / "bad.yaml")
    assert refused.exit_code == 1 and "(TQ2)" in refused.output and "turn 2 (green): pass is illegal" in \
        refused.output, refused.output
    (tmp_path / "mine.yaml").write_text(line.replace("  - W -1,0@0 t red 1,0:E\n", "  - pass\n"))
    me = run("replay", tmp_path / "mine.yaml")
    assert me.exit_code == 1 and "red is the puzzle's player" in me.output
    (tmp_path / "theirs.yaml").write_text(line.replace("  - pass\n", "  - U 3,0@0\n"))
    them = run("replay", tmp_path / "theirs.yaml")
    assert them.exit_code == 1 and "the other players pass every turn" in them.output


def test_a_record_with_the_start_inline_keeps_the_goal_so_that_its_passes_replay(tmp_path):
    f = tmp_path / "plan.yaml"
    f.write_text(PLAN)
    result = run("solve", f, "-o", "-")
    assert result.exit_code == 0, result.output
    record = result.stdout[result.stdout.index("# Solution found by"):]
    assert "  goal: {road: 4, within: 2}" in record and "  - pass" in record
    out = tmp_path / "elsewhere" / "line.yaml"
    out.parent.mkdir()
    out.write_text(record)
    assert run("replay", out).exit_code == 0
    assert records.parse_action("pass") is records.PASS


# ------------------------------------------------------------------- the command


def test_solve_a_plan_its_exit_codes_and_formats(tmp_path):
    f = tmp_path / "plan.yaml"
    f.write_text(PLAN)
    data = json.loads(run("solve", f, "--format", "json").stdout)
    assert data["question"] == "TQ2" and data["turns"] == 2 and data["proved_none_below"] == 2
    assert data["line"] == ["W -1,0@0 t red 1,0:E", "U -1,-1@0 t red 1,0:W"] and data["points"] == [0, 4]
    assert yaml.safe_load(run("solve", f, "--format", "yaml").stdout)["turns"] == 2
    too_long = tmp_path / "long.yaml"
    too_long.write_text(PLAN.replace("road: 4", "road: 6"))
    impossible = run("solve", too_long)
    assert impossible.exit_code == 3 and "red cannot complete a road of 6 or more tiles" in impossible.output
    limited = run("solve", too_long, "--nodes", "3")
    assert limited.exit_code == 4 and "unknown" in limited.output
    fewer = run("solve", f, "--turns", "1")
    assert fewer.exit_code == 3 and "within 1 turn" in fewer.output
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(PLAN + "answer: {turns: 1}\n")
    told = run("solve", wrong)
    assert told.exit_code == 0 and "is not what was proved: turns 1 (proved: 2)" in told.output


def test_solve_the_end_refuses_search_limits_and_gives_the_referees_sheet(tmp_path):
    f = tmp_path / "end.yaml"
    f.write_text(PLAN.replace("goal: {road: 4, within: 2}", "goal: {score: end}\nafter: W -1,0@0"))
    data = json.loads(run("solve", f, "--format", "json").stdout)
    assert data["question"] == "TQ3" and data["after"] == "W -1,0@0"
    assert data["scores"] == {"red": 3, "green": 0} and [s["kind"] for s in data["sheet"]] == ["road"]
    refused = run("solve", f, "--nodes", "10")
    assert refused.exit_code == 2 and "--nodes: a TQ3 question" in refused.output
