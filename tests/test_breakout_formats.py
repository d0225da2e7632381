"""Breakout files (issue 13): positions and puzzles read with every problem at its
line and column, `validate` and `solve` on them, and the shipped puzzles' answers."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.breakout import formats
from sectionx.games.breakout.rules import Action, Player, Side
from sectionx.games.breakout.solver import solve
from sectionx.yamlsrc import LoadError

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = sorted((ROOT / "scenarios" / "breakout" / "puzzles").glob("*.yaml"))
runner = CliRunner()

GOOD = """\
game: breakout
format: 1
wall:
  - "....."
  - "..y.."
  - "..y.."
  - ".by.."
  - "bb..."
to_move: yellow
goal: {escape_within: 4, opponent: defends}
"""


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "b.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _problems(tmp_path: Path, text: str) -> list[str]:
    with pytest.raises(LoadError) as info:
        formats.load(_file(tmp_path, text))
    return [str(d) for d in info.value.diagnostics]


def test_a_position_reads_with_hands_from_the_wall(tmp_path):
    loaded = formats.load(_file(tmp_path, GOOD))
    pos = loaded.position
    assert pos.at(1, 1) is Player.BLUE and pos.at(4, 3) is Player.YELLOW  # row 1 is the bottom line
    assert pos.hands == (13 - 3, 13 - 3)
    assert loaded.goal == formats.Goal(4, passes=False)


def test_a_knot_that_is_not_y_b_or_dot_is_named_at_its_column(tmp_path):
    lines = _problems(tmp_path, GOOD.replace('"..y.."\n  - ".by.."', '"..y.."\n  - ".bx.."'))
    assert len(lines) == 1
    assert lines[0].endswith(":7:8: 'x' at field 3 of row 2 is not a knot: y (yellow), b (blue) or . (empty) (BW1)")


def test_rows_of_different_lengths_are_refused(tmp_path):
    lines = _problems(tmp_path, GOOD.replace('"....."', '"......"', 1))
    assert any("(BW3)" in line for line in lines)


def test_fourteen_knots_of_a_colour_are_refused_but_a_floating_knot_is_fine(tmp_path):
    wall = 'wall:\n  - "yyyyy"\n  - "yyyyy"\n  - "yyyy."\n  - "....."\n  - "....."\n'
    lines = _problems(tmp_path, "game: breakout\n" + wall)
    assert any("14 yellow knots in the wall; each player has 13 (B1)" in line for line in lines)
    floating = 'wall:\n  - "y...."\n  - "....."\n  - "....."\n  - "....."\n  - "....."\n'
    assert formats.load(_file(tmp_path, "game: breakout\n" + floating)).position.at(5, 1) is Player.YELLOW


def test_a_standing_rope_is_refused(tmp_path):
    wall = 'wall:\n  - "..y.."\n  - "..y.."\n  - "..y.."\n  - "..y.."\n  - "..y.."\n'
    assert any("(B6)" in line for line in _problems(tmp_path, "game: breakout\n" + wall))


def test_a_bar_needs_a_full_row_and_a_stalemate_a_full_wall(tmp_path):
    lines = _problems(tmp_path, GOOD + "barred: R3\nstalemate: 2\n")
    assert any("row 3 is not full" in line and "(B4)" in line for line in lines)
    assert any("only once the wall is full (B7)" in line for line in lines)
    full = GOOD.replace('"bb..."', '"bbyby"').replace("goal", "barred: L1\ngoal")
    assert formats.load(_file(tmp_path, full)).position.barred == Action(1, Side.LEFT)


def test_escaped_figures_and_tops_agree(tmp_path):
    lines = _problems(tmp_path, GOOD + "escaped: {blue: 1}\ntops: [{player: yellow, column: 2}]\n")
    assert any("(BW2)" in line for line in lines)
    assert any("game is over (B8)" in line for line in _problems(tmp_path, GOOD + "escaped: {blue: 3}\n"))


def test_validate_and_solve_take_breakout_files(tmp_path):
    path = _file(tmp_path, GOOD)
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 0 and "ok, Breakout puzzle, 5x5 wall, 6 knots, yellow to push" in result.stdout
    result = runner.invoke(app, ["solve", str(path)])
    assert result.exit_code == 3 and "no forced escape within 4 turns (proved)" in result.stdout
    bad = _file(tmp_path, GOOD.replace(".by..", ".bx.."))
    result = runner.invoke(app, ["solve", str(bad)])
    assert result.exit_code == 1 and "(BW1)" in result.stderr


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.stem)
def test_every_shipped_puzzle_has_its_proved_answer(path):
    loaded = formats.load(path)
    assert loaded.goal is not None and loaded.has_answer
    answer = solve(loaded.position, loaded.goal.turns, solo=loaded.goal.passes)
    assert answer.complete and answer.turns == loaded.answer_turns
    assert answer.turns is None or answer.proved_none_below == answer.turns - 1


def test_there_are_at_least_ten_puzzles():
    assert len(PUZZLES) >= 10


def test_a_file_names_its_game_and_an_unknown_game_is_refused(tmp_path):
    figure = (ROOT / "scenarios" / "rules" / "capacity.yaml").read_text(encoding="utf-8")
    ours = _file(tmp_path, "game: sectionx\n" + figure)
    assert runner.invoke(app, ["validate", str(ours)]).exit_code == 0
    other = _file(tmp_path, "game: chess\n" + figure)
    result = runner.invoke(app, ["validate", str(other)])
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{other}:1:7: game 'chess' is not one sectionx knows: sectionx, breakout, hekla")


def test_the_schema_gives_a_breakout_file_its_form(tmp_path):
    lines = _problems(tmp_path, GOOD + "foo: 1\n")
    assert len(lines) == 1 and "unknown key 'foo'" in lines[0] and ":11:1:" in lines[0]
