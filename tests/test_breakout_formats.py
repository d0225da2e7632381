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
    figure = (ROOT / "sectionx" / "games" / "sectionx" / "rulebook" / "figures" / "capacity.yaml").read_text(encoding="utf-8")
    ours = _file(tmp_path, "game: sectionx\n" + figure)
    assert runner.invoke(app, ["validate", str(ours)]).exit_code == 0
    other = _file(tmp_path, "game: chess\n" + figure)
    result = runner.invoke(app, ["validate", str(other)])
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{other}:1:7: game 'chess' is not one sectionx knows: sectionx, breakout, hekla")


def test_the_schema_gives_a_breakout_file_its_form(tmp_path):
    lines = _problems(tmp_path, GOOD + "foo: 1\n")
    assert len(lines) == 1 and "unknown key 'foo'" in lines[0] and ":11:1:" in lines[0]


FULL = 'wall:\n  - "ybyby"\n  - "bybyb"\n  - "ybyby"\n  - "bybyb"\n  - "ybbyy"\n'


def test_b7_a_full_wall_without_a_count_has_its_count_running(tmp_path):
    # Allowed: the count left out on a full wall is 0, the wall filled with the turn just played (B7).
    pos = formats.load(_file(tmp_path, "game: breakout\n" + FULL + "to_move: blue\n")).position
    assert pos.full and pos.stalemate == 0
    written = formats.load(_file(tmp_path, "game: breakout\n" + FULL + "to_move: blue\nstalemate: 7\n")).position
    assert written.stalemate == 7
    # So each turn without an escape counts towards the draw, as on a wall filled in play (B7).
    from sectionx.games.breakout.rules import apply, legal_actions
    after = [apply(pos, a) for a in legal_actions(pos)]
    assert any(a.breakout == 1 for a in after)
    assert all(a.stalemate == 1 for a in after if a.breakout == 1)
    # Refused: a count on a wall with a gap before the break-out's 100th turn (B7, B9).
    lines = _problems(tmp_path, GOOD + "stalemate: 0\n")
    assert any("only once the wall is full (B7)" in line for line in lines)


def test_b6_the_break_out_follows_the_escapes_so_far(tmp_path):
    tops = "tops: [{player: blue, column: 2}]\n"
    ok = formats.load(_file(tmp_path, GOOD + "escaped: {blue: 1}\n" + tops + "breakout: 2\n")).position
    assert ok.breakout == 2
    lines = _problems(tmp_path, GOOD + "escaped: {blue: 1}\n" + tops + "breakout: 3\n")
    assert len(lines) == 1
    line = next(n for n, t in enumerate((GOOD + "escaped: {blue: 1}\n" + tops + "breakout: 3\n").splitlines(), 1)
                if t.startswith("breakout:"))
    assert f":{line}:11: break-out 3, but 1 figure has escaped" in lines[0] and lines[0].endswith("(B6)")
    assert "so this is break-out 2" in lines[0]


def test_b1_written_turns_agree_with_whose_push_it_is(tmp_path):
    # Break-out 1 is yellow's to open: after 4 turns yellow pushes, after 5 blue.
    assert formats.load(_file(tmp_path, GOOD + "turns: 4\n")).position.turns == 4
    lines = _problems(tmp_path, GOOD + "turns: 5\n")
    assert len(lines) == 1 and "yellow opened: blue pushes next, not yellow (B1)" in lines[0]
    # Break-out 2 is blue's to open (one escape so far).
    two = GOOD + "escaped: {yellow: 1}\ntops: [{player: yellow, column: 1}]\nturns: 5\n"
    assert formats.load(_file(tmp_path, two)).position.breakout == 2
