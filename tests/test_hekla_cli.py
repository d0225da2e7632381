"""Hekla through the house's commands (issue 14): files checked at their lines, show,
new, the exact best move (against a plain enumeration), simulate, the area's size."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.hekla.rules import (
    Action,
    Position,
    _played,
    apply,
    explain,
    orders,
    start,
    triggered,
    turns,
)
from sectionx.games.hekla.solver import best_move

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args], catch_exceptions=False)


FIGURE_4 = """game: hekla
title: The text's figure 4
players: 2
to_move: green
stones:
  c3: [red2]
  d3: [red2]
  e3: [red2]
  e2: [red3]
  e4: [green0]
  e5: [green3]
track: {green: 11}
"""


def test_new_validate_show_round_trip(tmp_path):
    out = tmp_path / "h.yaml"
    assert run("new", "--game", "hekla", "--players", "3", "-o", out).exit_code == 0
    result = run("validate", out)
    assert result.exit_code == 0 and "Hekla position, 3 players, 0 stones on the area, 0 of 20 lava placed, red to move" in result.output
    shown = run("show", out).output
    assert " 5 |" in shown and "red: 0 fields on the track" in shown and "yellow" in shown


def test_solve_proves_the_best_move_with_its_order_of_eruptions(tmp_path):
    f = tmp_path / "f4.yaml"
    f.write_text(FIGURE_4)
    result = run("solve", f)
    assert result.exit_code == 0, result.output
    assert "green gains at most 6 fields this turn" in result.output
    assert "move green3 e5-e3 erupt c3-e3 e2-e4" in result.output
    data = json.loads(run("solve", f, "--format", "json").output)
    assert data["gain"] == 6 and "move green3 e5-e3 erupt c3-e3 e2-e4" in data["moves"]


@pytest.mark.parametrize("body, where, rule", [
    ("stones:\n  f1: [red3]\n", "3:7", "HG1"),
    ("stones:\n  c3: [red3, green3, lava0]\n", "3:7", "HG1"),
    ("stones:\n  c3: [red3]\n  c4: [red3]\n", "3:3", "HG5"),
    ("stones:\n  c3: [blue3]\n", "3:8", "HG5"),
    ("stones:\n  c3: [lava1]\n", "3:3", "H7"),
    ("stones:\n  a5: [lava0]\n", "3:8", "H7"),
    ("stones:\n  C3: [red3]\n  c3: [green2]\n", "4:7", "HG1"),
    ("hot: [c3, c3, b2]\n", "2:11", "HG2"),
    ("quiet: 41\n", "2:8", "H9"),
])
def test_problems_are_told_at_their_lines_with_their_rulings(tmp_path, body, where, rule):
    f = tmp_path / "bad.yaml"
    f.write_text("game: hekla\n" + body)
    result = run("validate", f)
    assert result.exit_code == 1 and f"{f}:{where}:" in result.output and f"({rule})" in result.output, result.output




def test_solve_refuses_a_record_in_one_line(tmp_path):
    f = tmp_path / "r.yaml"
    f.write_text("game: hekla\nactions: []\n")
    result = run("solve", f)
    # USAGE: a valid file of the wrong kind for the command, told as for every game
    assert result.exit_code == 2 and result.output == (f"sectionx: {f}: a game record, not a position or a puzzle; "
                                                       "solve takes those (replay checks records)\n")


def test_simulate_reports_seats_lengths_and_how_far_the_leader_gets():
    data = json.loads(run("simulate", "--game", "hekla", "--games", "3", "--players", "2", "--bots", "greedy", "--format", "json").output)
    assert data["games"] == 3 and data["endings"]["20 quiet rounds (H9)"] <= 3
    assert set(data["winners_by_seat"]) == {"red", "green"}
    assert data["game_figures"]["leader_fields"]["max"] >= data["game_figures"]["leader_fields"]["min"] > 0


def _every_turn(pos: Position) -> list[Action]:
    """Plain enumeration, independent of ``turns``: every value, every pair of fields,
    every back-step, every order of the eruptions, kept when the referee allows it."""
    me = pos.player
    out = []
    fields = pos.board.fields
    for v in range(4):
        for to in fields:
            out.append(Action("place", me, v, to=to))
            for frm in fields:
                for back in range(pos.track[pos.to_move] + 1):
                    out.append(Action("move", me, v, frm, to, back))
    legal = []
    for a in out:
        if explain(pos, a) and not any(p.rule == "H5" for p in explain(pos, a)):
            continue
        after, changed = _played(pos, a)
        qualify = triggered(after, changed)
        for order in (itertools.permutations(qualify) if len(qualify) > 1 else [()]):
            candidate = Action(a.kind, a.player, a.value, a.start, a.to, a.back, tuple(order))
            if not explain(pos, candidate):
                legal.append(candidate)
    return legal


@pytest.mark.parametrize("seed", range(6))
def test_the_best_move_agrees_with_a_plain_enumeration_of_every_turn(seed):
    rng = random.Random(seed)
    pos = start(2)
    pos = Position(pos.board, pos.players, pos.fields, pos.supplies, (rng.randrange(0, 30), rng.randrange(0, 30)))
    for _ in range(rng.randrange(6, 22)):
        if pos.over:
            break
        pos = apply(pos, rng.choice([o for a in turns(pos) for o in orders(pos, a)]))
    if pos.over:
        return
    every = _every_turn(pos)
    gains = {str(a): apply(pos, a).track[pos.to_move] - pos.track[pos.to_move] for a in every}
    best = best_move(pos)
    assert best.gain == max(gains.values())
    assert {str(m) for m in best.moves} <= {a for a, g in gains.items() if g == best.gain}


def test_the_area_size_is_data(tmp_path):
    """HG1: 5 x 5 by default; a file may give another size, and its fields and hot
    fields are checked against it."""
    f = tmp_path / "six.yaml"
    f.write_text("game: hekla\nsize: [6, 6]\nstones:\n  f6: [red3]\n")
    assert run("validate", f).exit_code == 0
    assert "f    " in run("show", f).output
    small = tmp_path / "three.yaml"
    small.write_text("game: hekla\nsize: [3, 3]\n")
    result = run("validate", small)
    assert result.exit_code == 1 and "name the hot fields (hot:) (HG2)" in result.output
    small.write_text("game: hekla\nsize: [3, 3]\nhot: [b2]\nstones:\n  d1: [red3]\n")
    result = run("validate", small)
    assert result.exit_code == 1 and "d1 is not a field of the 3 x 3 area (HG1)" in result.output
