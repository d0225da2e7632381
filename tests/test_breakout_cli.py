"""Breakout through every command of the house (issue 13): new, show, play, replay,
simulate, solve -o, validate of records; each refusal in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.breakout import records
from sectionx.games.breakout.rules import LONG_TURNS, apply, start
from sectionx.yamlsrc import read_yaml

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "scenarios" / "breakout" / "puzzles"
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, [str(a) for a in args], catch_exceptions=False)


def test_new_writes_the_empty_wall_that_validate_and_show_read(tmp_path):
    out = tmp_path / "new.yaml"
    assert run("new", "--game", "breakout", "-o", out).exit_code == 0
    assert run("new", "--game", "breakout").output == out.read_text()  # nothing drawn by lot (B1)
    result = run("validate", out)
    assert result.exit_code == 0 and "ok, Breakout position, 5x5 wall, 0 knots, yellow to push" in result.output
    shown = run("show", out).output
    assert "L5 > . . . . . < R5" in shown and "Break-out 1, turn 1: yellow to push." in shown


@pytest.mark.parametrize("args, message", [
    (["new", "--game", "breakout", "--players", "3"], "--players 3: Breakout is for 2 players"),
    (["new", "--game", "breakout", "--variant", "advanced"], "--variant: Breakout has no such choice"),
    (["play", "--game", "breakout", "--bots", "greedy"], "--bots: no Breakout bot 'greedy'; there are random, winner, search"),
    (["simulate", "--game", "breakout", "--bots", "random,random,random"], "--bots: one bot for both players or one each"),
    (["simulate", "--game", "breakout", "--workers", "2"], "--workers/--scheduler: Breakout games take milliseconds"),
])
def test_options_breakout_has_no_use_for_are_refused_in_one_line(args, message):
    result = run(*args)
    assert result.exit_code == 2 and result.output.count("\n") == 1 and message in result.output


def test_play_writes_a_record_replay_accepts_and_the_same_seed_the_same_bytes(tmp_path):
    out = tmp_path / "game.yaml"
    assert run("play", "--game", "breakout", "--bots", "winner,random", "--seed", "3", "-o", out).exit_code == 0
    assert run("play", "--game", "breakout", "--bots", "winner,random", "--seed", "3").stdout == out.read_text()
    replayed = run("replay", out)
    assert replayed.exit_code == 0 and "all legal; game over: yellow wins with 3 escapes (B8)" in replayed.output
    assert "ok, Breakout record" in run("validate", out).output
    shown = run("replay", out, "--show").output
    assert shown.count("After turn") == len(read_yaml(out).data["actions"])


def test_replay_stops_at_the_first_illegal_turn_with_its_line_and_ruling(tmp_path):
    f = tmp_path / "bad.yaml"
    # Row 1 filled by pushes from the left, the sixth drops a knot: the next push may
    # not come back in from the right (B4).
    f.write_text("game: breakout\nactions:\n  - L1\n  - L1\n  - L1\n  - L1\n  - L1\n  - L1\n  - R1\n  - L2\n")
    result = run("replay", f)
    assert result.exit_code == 1
    assert f"{f}:9:5: turn 7 (yellow): R1 is illegal:" in result.output and "(B4)" in result.output
    assert run("validate", f).exit_code == 1


def test_a_wrong_claimed_result_and_a_bad_notation_are_told_at_their_lines(tmp_path):
    f = tmp_path / "r.yaml"
    f.write_text("game: breakout\nresult: {winner: blue}\nactions: [L1, R2]\n")
    result = run("replay", f)
    assert result.exit_code == 1 and f"{f}:2:18: the record says winner 'blue', but replaying it gives None" in result.output
    f.write_text("game: breakout\nactions:\n  - L1\n  - up 3\n")
    result = run("replay", f)
    assert result.exit_code == 1 and f"{f}:4:5: 'up 3' is not a push" in result.output  # INVALID, as every bad record


def test_a_record_starts_inline_or_from_a_file_beside_it_and_never_from_elsewhere(tmp_path):
    puzzle = tmp_path / "p.yaml"
    puzzle.write_text((PUZZLES / "01.yaml").read_text())
    rec = tmp_path / "rec.yaml"
    rec.write_text("game: breakout\nstart: p.yaml\nactions: [pass]\n")
    result = run("replay", rec)
    assert result.exit_code == 1 and "(B3)" in result.output  # blue holds knots: a pass is no move
    rec.write_text("game: breakout\nstart:\n  wall: ['.....', '.....', '.....', '.....', 'yyyyy']\n  to_move: blue\n"
                   "actions: [L1]\n")
    assert "all legal" in run("replay", rec).output
    rec.write_text("game: breakout\nstart:\n  wall: ['.....', '.....', '.....', '.....', 'yyyyz']\nactions: []\n")
    result = run("validate", rec)
    assert result.exit_code == 1 and f"{rec}:3:51: 'z' at field 5 of row 1 is not a knot" in result.output
    rec.write_text("game: breakout\nstart: ../elsewhere.yaml\nactions: []\n")
    assert run("validate", rec).exit_code == 1


def test_solve_writes_its_main_line_as_a_record_that_meets_the_goal(tmp_path):
    for name in ("03.yaml", "07.yaml"):  # a defending and a passing other player
        puzzle = tmp_path / name
        puzzle.write_text((PUZZLES / name).read_text())
        out = tmp_path / f"solution-{name}"
        assert run("solve", puzzle, "-o", out).exit_code == 0
        result = run("replay", out)
        assert result.exit_code == 0 and "the puzzle's goal is met: an escape in turn" in result.output
        assert "beyond its limit" not in result.output


def test_simulate_counts_wins_by_seat_draws_by_ruling_and_lengths():
    data = json.loads(run("simulate", "--game", "breakout", "--games", "12", "--format", "json").output)
    assert data["games"] == 12 and data["endings"]["unfinished"] == 0
    assert sum(data["winners_by_seat"].values()) + data["endings"]["draw: full wall (B7)"] + \
        data["endings"]["draw: 100 turns (B9)"] == 12
    text = run("simulate", "--game", "breakout", "--games", "3", "--bots", "winner").output
    assert "winners by seat: yellow" in text and "draw: full wall (B7)" in text and "(B9)" in text


def test_the_search_bot_plays_and_simulates_through_the_cli(tmp_path):
    """Issue 29: ``--bots search`` in play (a record replay accepts; the same seed, the
    same game: tests/test_breakout_play.py's golden) and in simulate; the help names it."""
    out = tmp_path / "game.yaml"
    assert run("play", "--game", "breakout", "--bots", "search,random", "--seed", "1", "-o", out).exit_code == 0
    assert "bots: {yellow: search, blue: random}" in out.read_text()
    assert "all legal; game over: yellow wins with 3 escapes (B8)" in run("replay", out).output
    data = json.loads(run("simulate", "--game", "breakout", "--games", "1", "--bots", "random,search", "--seed", "1",
                          "--format", "json").output)
    assert data["games"] == 1 and data["winners_by_seat"]["blue"] == 1
    assert "winner, search (Breakout)" in " ".join(run("simulate", "--help").output.split())


def test_records_round_trip_what_bots_play():
    for seed in range(3):
        from sectionx.games.breakout.play import play_game

        game = play_game(("random", "winner"), seed)
        pos = start()
        for a in game.actions:
            pos = apply(pos, a)
        text = records.dumps(start(), game.actions, result=records.result_of(pos, len(game.actions)))
        assert [str(a) for a in game.actions] == _actions(text)


def _actions(text: str) -> list[str]:
    return [line.strip()[2:] for line in text.splitlines() if line.startswith("  - ")]


def test_b9_turns_in_a_position_file_allowed_and_refused(tmp_path):
    f = tmp_path / "t.yaml"
    head = "game: breakout\nwall: ['y....', '.b...', '..y..', '...b.', '....y']\nto_move: blue\n"
    f.write_text(head + f"turns: {LONG_TURNS - 1}\n")
    assert run("validate", f).exit_code == 0
    f.write_text(head + f"turns: {LONG_TURNS + 1}\n")
    result = run("validate", f)
    assert result.exit_code == 1 and "give stalemate: 1 (B9)" in result.output
    f.write_text(head + f"turns: {LONG_TURNS + 1}\nstalemate: 1\n")
    assert run("validate", f).exit_code == 0
    f.write_text(head + "turns: 3\nstalemate: 2\n")
    result = run("validate", f)
    assert result.exit_code == 1 and "(B7)" in result.output
