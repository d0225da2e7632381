"""Der Tunnel through the house's commands (issue 27): every one of the 16 commands run
through the command line, the same seed giving the same bytes, files checked at their
lines, records replayed to their first illegal turn, solve (its puzzles in
tests/test_tunnel_puzzles.py), and sheet, generate, deck and book answering (their contracts in
tests/test_tunnel_paper.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from sectionx.cli import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "sectionx" / "examples" / "tunnel"


def run(*args):
    return runner.invoke(app, [str(a) for a in args], catch_exceptions=False)


POSITION = """game: tunnel
title: Two roads
players: [red, green]
turn: green
board:
  "0,0": D@0
  "1,0": TU-B@0
followers:
  red: ["0,0 road:W"]
tunnels:
  red: ["1,0:E"]
scores: {red: 2, green: 0}
stack: [U, V, K]
"""


@pytest.fixture(scope="module")
def game_record(tmp_path_factory) -> Path:
    """A whole game between bots, written once for the tests that read a record."""
    out = tmp_path_factory.mktemp("play") / "game.yaml"
    result = run("play", "--game", "tunnel", "--players", "2", "--seed", "3", "--bots", "greedy,cutthroat", "-o", out)
    assert result.exit_code == 0, result.output
    return out


# ------------------------------------------------------------------- new


def test_new_with_a_seed_is_the_same_bytes_and_valid(tmp_path):
    first = run("new", "--game", "tunnel", "--players", "3", "--seed", "7")
    assert first.exit_code == 0 and first.stdout == run("new", "--game", "tunnel", "--players", "3", "--seed", "7").stdout
    assert first.stdout != run("new", "--game", "tunnel", "--players", "3", "--seed", "8").stdout
    data = yaml.safe_load(first.stdout)
    assert data["players"] == ["red", "green", "blue"] and data["board"] == {"0,0": "D@0"}
    assert len(data["stack"]) == 75 and data["stack"].count("V") == 9 and data["stack"].count("D") == 3
    assert first.stdout.startswith("# Made with: sectionx new --game tunnel --players 3 --seed 7\n")
    out = tmp_path / "new.yaml"
    out.write_text(first.stdout)
    checked = run("validate", out)
    summary = "Der Tunnel position, 3 players, 1 tile on the board, 75 to draw (in a known order)"
    assert checked.exit_code == 0 and summary in checked.output


def test_new_without_a_seed_knows_only_how_many_tiles_are_left():
    result = run("new", "--game", "tunnel")
    data = yaml.safe_load(result.stdout)
    assert data["players"] == ["red", "green"] and data["stack"] == 75
    assert result.stdout == run("new", "--game", "tunnel").stdout  # nothing drawn: the same text


def test_new_takes_variants_token_counts_colours_and_five_players():
    data = yaml.safe_load(run("new", "--game", "tunnel", "--variant", "TV2,tv4,2/1", "--seed", "1").stdout)
    assert data["tokens"] == "2/1" and data["variants"] == ["TV2", "TV4"]
    assert "variants" not in yaml.safe_load(run("new", "--game", "tunnel", "--variant", "none").stdout)
    coloured = run("new", "--game", "tunnel", "--colours", "blue,black,red")
    assert yaml.safe_load(coloured.stdout)["players"] == ["blue", "black", "red"]
    assert "--colours blue,black,red" in coloured.stdout
    assert yaml.safe_load(run("new", "--game", "tunnel", "--players", "5").stdout)["players"] == \
        ["red", "green", "blue", "yellow", "black"]


@pytest.mark.parametrize("args, message", [
    (["--variant", "TV9"], "--variant 'TV9': a comma list of TV1, TV2, TV3, TV4 and one token count"),
    (["--variant", "2/1,3/2"], "one token count"),
    (["--colours", "blue,blue"], "--colours 'blue,blue': 2 to 5 different colours"),
    (["--colours", "blue,pink"], "different colours of red, green, blue, yellow, black, in seat order (CB1)"),
    (["--colours", "blue,grey"], "different colours of red, green, blue, yellow, black,"),
    (["--colours", "blue,red", "--players", "3"], "--colours 'blue,red': 3 different colours"),
    (["--board", "standard"], "--board: Der Tunnel has no such choice"),
])
def test_new_refuses_what_it_cannot_do_in_one_line(args, message):
    result = run("new", "--game", "tunnel", *args)
    assert result.exit_code == 2 and result.output.count("\n") == 1 and message in result.output, result.output


def test_six_players_are_refused_by_the_command_line_and_five_by_other_games():
    assert run("new", "--game", "tunnel", "--players", "6").exit_code == 2
    result = run("new", "--game", "hekla", "--players", "5")
    assert result.exit_code == 2 and "--players 5: Hekla is for 2 to 4 players" in result.output


# ------------------------------------------------------------------- validate, show


def test_validate_a_position_a_record_and_the_bundled_tile_set(tmp_path, game_record):
    f = tmp_path / "p.yaml"
    f.write_text(POSITION)
    result = run("validate", f, game_record)
    assert result.exit_code == 0, result.output
    assert "Der Tunnel position, 2 players, 2 tiles on the board, 3 to draw" in result.output
    assert "Der Tunnel record: " in result.output and "game over:" in result.output
    bundled = run("validate", "--bundled")
    assert "tiles.yaml: ok, Der Tunnel's tiles: 72 base tiles of 24 types (TG2) and 4 tunnel tiles (TG3)" \
        in bundled.output


def test_validate_tells_every_problem_at_its_line(tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text(POSITION.replace("TU-B@0", "TU-B@7").replace('"1,0:E"', '"0,0:E"').replace("turn: green", "turn: pink"))
    result = run("validate", f)
    assert result.exit_code == 1
    assert f"{f}:4:7: 'pink' is not a player of this game (players: red, green) (CB2)" in result.output
    assert f"{f}:7:10: TU-B@7: a tile turns 0 to 3 quarter turns clockwise (TG1)" in result.output
    assert f"{f}:11:9: 0,0 (D@0) has no tunnel opening at its E edge: a token goes on a tunnel opening (TU1)" \
        in result.output


def test_show_draws_the_board_players_and_tokens(tmp_path):
    f = tmp_path / "p.yaml"
    f.write_text(POSITION)
    result = run("show", f)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Two roads"
    assert "|D@0    | |TU-B@0 |" in result.stdout and "R  r:E  R R       R" in result.stdout
    assert "o       r" in result.stdout  # the west opening unclaimed, a red token on the east one
    red = ("red: 2 points, 6 followers in supply (1 on the board); token sets: red (one laid on 1,0:E), "
           "blue (in supply), black (in supply)")
    assert red in result.stdout
    assert "road on 0,0 1,0 (2 tiles, open, 1 opening not joined (TU3)): red 1" in result.stdout
    assert "Stack: 3 tiles in a known order: U V K." in result.stdout and lines[-1] == "green to draw."
    assert "Legend:" in result.stdout


def test_show_of_a_finished_game_gives_the_end_score_sheet(game_record):
    result = run("show", game_record)
    assert result.exit_code == 0, result.output
    assert "after 7" in result.stdout.splitlines()[0]
    assert "The end's scoring (CB9):" in result.stdout and "(CB10)." in result.stdout
    stated = yaml.safe_load(game_record.read_text())["result"]
    final = next(line for line in result.stdout.splitlines() if line.startswith("Final scores: "))
    assert final.startswith("Final scores: " + ", ".join(f"{p} {s}" for p, s in stated["scores"].items()))


# ------------------------------------------------------------------- play, replay


def test_play_is_the_same_bytes_for_the_same_seed_and_replays(tmp_path, game_record):
    again = tmp_path / "again.yaml"
    result = run("play", "--game", "tunnel", "--players", "2", "--seed", "3", "--bots", "greedy,cutthroat", "-o", again)
    assert result.exit_code == 0 and again.read_bytes() == game_record.read_bytes()
    assert "play: after " in result.output and "game over:" in result.output
    data = yaml.safe_load(game_record.read_text())
    assert data["bots"] == {"red": "greedy", "green": "cutthroat"} and data["seed"] == 3
    assert data["result"]["turns"] == len(data["actions"]) >= 75
    replayed = run("replay", game_record)
    assert replayed.exit_code == 0 and f"{game_record}: {len(data['actions'])} turns, all legal; game over:" \
        in replayed.output


def test_play_with_five_players_and_a_variant(tmp_path):
    out = tmp_path / "five.yaml"
    result = run("play", "--game", "tunnel", "--players", "5", "--variant", "TV3", "--seed", "2", "--bots", "random",
                 "-o", out)
    assert result.exit_code == 0, result.output
    data = yaml.safe_load(out.read_text())
    assert data["start"]["variants"] == ["TV3"] and len(data["result"]["scores"]) == 5
    assert run("replay", out).exit_code == 0


def test_play_refuses_an_unknown_bot():
    result = run("play", "--game", "tunnel", "--bots", "clever")
    assert result.exit_code == 2 and "--bots: one bot for all or one per seat (2), each of random, greedy, cutthroat" \
        in result.output


def test_replay_shows_each_turn_and_stops_at_the_first_illegal_one(tmp_path):
    (tmp_path / "start.yaml").write_text(POSITION)
    record = tmp_path / "r.yaml"
    record.write_text("game: tunnel\nstart: start.yaml\nactions:\n  - U 2,0@0 f road:E\n  - V 9,9@0\n  - K 3,0@0\n")
    result = run("replay", record)
    assert result.exit_code == 1
    told = (f"{record}:5:5: turn 2 (red): V 9,9@0 is illegal: 9,9 shares no edge with a placed tile (corners do not "
            "count) (CB3)")
    assert told in result.output
    record.write_text("game: tunnel\nstart: start.yaml\nresult: {turns: 1, winners: []}\nactions:\n"
                      "  - U 2,0@0 f road:E\n")
    shown = run("replay", record, "--show")
    assert shown.exit_code == 0, shown.output
    assert "Turn 1, green: U 2,0@0 f road:E" in shown.stdout and "After turn 1" in shown.stdout
    assert "1 turn, all legal; the game goes on: 2 tiles left, red to draw" in shown.output


def test_replay_checks_the_result_with_its_rulings(tmp_path, game_record):
    data = game_record.read_text()
    wrong = tmp_path / "wrong.yaml"
    red = yaml.safe_load(data)["result"]["scores"]["red"]
    wrong.write_text(data.replace(f"scores: {{red: {red},", f"scores: {{red: {red + 1},", 1))
    result = run("replay", wrong)
    assert result.exit_code == 1 and "the record says scores" in result.output and "(CB9)" in result.output


def test_replay_of_a_position_is_the_wrong_kind_of_file(tmp_path):
    f = tmp_path / "p.yaml"
    f.write_text(POSITION)
    result = run("replay", f)
    assert result.exit_code == 2 and "a position, not a game record" in result.output


# ------------------------------------------------------------------- simulate


def test_simulate_prints_the_house_figures_in_text_and_json():
    text = run("simulate", "--game", "tunnel", "--games", "2", "--players", "3", "--seed", "4", "--bots", "random")
    assert text.exit_code == 0, text.output
    assert "games: 2" in text.stdout and "Der Tunnel's own figures:" in text.stdout
    data = json.loads(run("simulate", "--game", "tunnel", "--games", "2", "--players", "3", "--seed", "4", "--bots",
                          "random", "--format", "json").stdout)
    assert data["game"] == "tunnel" and data["games"] == 2 and set(data["winners_by_seat"]) == {"red", "green", "blue"}


def test_simulate_on_two_worker_processes_gives_the_same_figures():
    args = ("simulate", "--game", "tunnel", "--games", "2", "--seed", "9", "--bots", "random", "--format", "json")
    assert json.loads(run(*args, "--workers", "2").stdout) == json.loads(run(*args).stdout)


# ------------------------------------------------------------------- solve


def test_solve_a_position_without_a_goal_gives_the_best_turn_with_the_top_tile(tmp_path):
    """TQ1 for the player to move with the top of the stack (U), exactly: every legal
    turn tried; more puzzles in tests/test_tunnel_puzzles.py."""
    f = tmp_path / "p.yaml"
    f.write_text(POSITION)
    result = run("solve", f, "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["question"] == "TQ1" and data["player"] == "green" and data["tile"] == "U"
    assert data["status"] == "solved" and data["points"] == 0 and len(data["choices"]) == data["tried"] == 30
    text = run("solve", f)
    assert text.exit_code == 0 and "green scores at most" in text.stdout and "this turn with U" in text.stdout
    refused = run("solve", f, "--turns", "2")
    assert refused.exit_code == 2 and "--turns: TQ1 asks about this turn alone" in refused.output


def test_solve_refuses_a_record_and_a_position_with_no_tile_drawn(tmp_path, game_record):
    result = run("solve", game_record)
    assert result.exit_code == 2 and "a game record, not a position or a puzzle" in result.output
    f = tmp_path / "p.yaml"
    f.write_text(POSITION.replace("stack: [U, V, K]", "stack: 20"))
    unknown = run("solve", f)
    assert unknown.exit_code == 2 and "the stack's order is unknown, so no tile is drawn" in unknown.output
    assert unknown.output.count("\n") == 1


# ------------------------------------------------------------------- puzzles on paper


def test_sheet_generate_deck_and_book_answer_for_der_tunnel(tmp_path):
    """Made (issue 28): each answers rather than refusing; tests/test_tunnel_paper.py
    holds them to their contracts."""
    f = tmp_path / "p.yaml"
    f.write_text(POSITION.replace("turn: green", "turn: red") + "goal: {best: turn}\n")
    out = tmp_path / "s.pdf"
    result = run("sheet", f, "-o", out)
    assert result.exit_code == 0 and out.read_bytes()[:5] == b"%PDF-", result.output
    result = run("generate", "--game", "tunnel", "--goal", "best", "-o", tmp_path / "g")
    assert result.exit_code == 2 and "--goal: Der Tunnel's board grows from the start tile" in result.output
    assert not (tmp_path / "g").exists()
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "p.yaml").write_text(f.read_text() + "answer: {points: 0, choices: 45}\n")  # no turn scores
    book = tmp_path / "b.pdf"
    result = run("book", folder, "-o", book)
    assert result.exit_code == 0 and "1 puzzle" in result.output and book.exists(), result.output
    result = run("deck", folder, "-o", tmp_path / "d.pdf")
    assert result.exit_code == 1 and "no grade: block" in result.output


# ------------------------------------------------------------------- examples


def test_the_shipped_examples_are_valid_and_the_record_replays():
    files = sorted(EXAMPLES.glob("*.yaml"))
    assert len(files) >= 2
    result = run("validate", *files)
    assert result.exit_code == 0, result.output
    records = [f for f in files if "actions" in yaml.safe_load(f.read_text())]
    assert records and all(run("replay", f).exit_code == 0 for f in records)
    half = yaml.safe_load((EXAMPLES / "half-claimed-tunnel.yaml").read_text())
    assert all(len(openings) == 1 for openings in half["tunnels"].values())  # half-claimed (TU3)
