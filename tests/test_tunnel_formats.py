"""Der Tunnel's files (sectionx/games/tunnel/formats.py, records.py): every problem of a
position told at its line and column with its ruling id, all of them at once; a played
position written and read back equal in every way the rules can observe (hypothesis
over random games); records read, replayed to their first illegal turn, their result
checked (CB9, CB10)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sectionx.games.tunnel import formats, records, rules
from sectionx.games.tunnel.model import COLOURS, Position
from sectionx.games.tunnel.rules import parse_move
from sectionx.yamlsrc import LoadError, parse_yaml


def read(text: str) -> Position:
    return formats.read(parse_yaml(text, "p.yaml")).position


def problems(text: str) -> list[tuple[int, int, str, str]]:
    with pytest.raises(LoadError) as caught:
        formats.read(parse_yaml(text, "p.yaml"))
    return [(d.line, d.column, d.rule, d.message) for d in caught.value.diagnostics]


def observable(pos: Position) -> dict[str, object]:
    """Everything the rules can see of a position: pieces, supplies, the features with
    what scoring needs (their tiles, open edges, openings, pennants, followers, cities
    touched, whether scored), every legal turn, and the end's scoring."""
    feats = set()
    for root, info in pos.info.items():
        cities = frozenset(frozenset(pos.info[pos.find(c)].tiles) for c in info.cities)
        feats.add((info.kind, info.tiles, info.open, info.unpaired, info.pennants, tuple(sorted(info.followers)),
                   cities, info.done, info.tunnels, pos.complete(root)))
    end = pos.copy()
    sheet = end.final_scoring()
    return {"players": pos.players, "variants": pos.variants, "tokens": pos.token_count,
            "board": {c: (p.tile.tile.name, p.tile.rotation) for c, p in pos.board.items()},
            "followers": pos.followers, "supply": pos.supply, "sets": list(pos.sets.items()), "placed": list(
                pos.placed.items()), "token_at": pos.tokens, "stealable": pos.stealable, "scores": pos.scores,
            "turn": pos.turn, "stack": pos.stack, "left": pos.left, "pool": +pos.pool, "out": pos.out,
            "frontier": pos.frontier, "turns": pos.turns, "mouths": pos.mouths, "features": feats,
            "moves": [str(m) for m in rules.moves(pos, pos.next_tile() or (min(pos.pool) if pos.pool else None))],
            "end": (end.scores, sorted(map(repr, sheet)))}


def random_game(seed: int, steps: int) -> tuple[Position, Position, list[rules.Move]]:
    """A game of random legal turns: its start, where it got to, and the turns."""
    rng = random.Random(seed)
    players = rng.randint(2, 5)
    variants = frozenset(v for v in rules.VARIANTS if rng.random() < 0.3)
    start = rules.new_game(players, tokens=rng.choice(rules.TOKEN_COUNTS), variants=variants,
                           seed=seed if rng.random() < 0.8 else None)
    pos, moves = start, []
    for _ in range(steps):
        if pos.over:
            break
        name = pos.next_tile() or rng.choice(sorted(pos.pool))
        move = rng.choice(rules.moves(pos, name))
        assert parse_move(str(move)) == move  # the notation reads back
        pos = rules.apply(pos, move)
        moves.append(move)
    return start, pos, moves


# ------------------------------------------------------------------- round trips


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(0, 75))
def test_a_played_position_reads_back_equal_in_every_observable_way(seed, steps):
    _, pos, _ = random_game(seed, steps)
    text = formats.dumps(pos, title="A game", header="two lines\nof header")
    assert text.startswith("# two lines\n# of header\ngame: tunnel\n")
    back = read(text)
    assert observable(back) == observable(pos)
    assert formats.dumps(back, title="A game", header="two lines\nof header") == text


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 40))
def test_a_record_of_random_turns_replays_to_the_same_position(tmp_path_factory, seed, steps):
    start, pos, moves = random_game(seed, steps)
    text = records.dumps(start, moves, result=records.result_of(pos, len(moves)))
    record = records.read(parse_yaml(text, "r.yaml"), tmp_path_factory.mktemp("r"))
    result = records.replay(record)
    assert result.error is None and records.diagnostics(record, result) == []
    assert observable(result.final) == observable(pos)


def test_a_new_game_is_written_as_a_person_would():
    text = formats.dumps(rules.new_game(2, seed=1), title="New game", header="Made by hand")
    lines = text.splitlines()
    assert lines[:5] == ["# Made by hand", "game: tunnel", "format: 1", "title: New game", "players: [red, green]"]
    assert '  "0,0": D@0' in lines and "scores: {red: 0, green: 0}" in lines
    stack = [line for line in lines if line.startswith("stack: [")]
    assert stack and all(len(line) <= 92 for line in lines)  # the stack wraps as a flow list
    unknown = formats.dumps(rules.new_game(3))
    assert "stack: 75" in unknown and "sets:" not in unknown  # TU8's deal is the default
    pos = read(unknown)
    assert pos.stack is None and pos.left == 75 and sum(pos.pool.values()) == 75


def test_sets_tokens_and_variants_are_written_when_not_the_default():
    pos = rules.new_game(2, tokens="2/1", variants={"TV2", "TV4"}, seed=3)
    pos.sets = {"red": 0, "green": 1, "grey": 0, "black": 1}
    text = formats.dumps(pos)
    assert "tokens: 2/1" in text and "variants: [TV2, TV4]" in text
    assert "sets: {red: [red, grey], green: [green, black]}" in text
    assert read(text).sets == pos.sets


# ------------------------------------------------------------------- every problem at its line

BASE = """game: tunnel
players: [red, green]
turn: green
board:
  "0,0": D@0
  "1,0": TU-B@0
  "2,0": U@0
followers:
  red: ["0,0 road:W"]
tunnels:
  red: ["1,0:E"]
scores: {red: 0, green: 4}
"""


def test_the_base_position_is_valid():
    pos = read(BASE)
    assert pos.player == "green" and pos.tokens == {((1, 0), 1): "red"} and pos.scores == [0, 4]
    assert pos.left == 73 and pos.supply == [6, 7]
    assert "green to draw" in formats.summary(formats.read(parse_yaml(BASE, "p.yaml")))


def edit(old: str, new: str) -> str:
    assert old in BASE
    return BASE.replace(old, new)


@pytest.mark.parametrize("text, where, rule, words", [
    (edit("TU-B@0", "Z@0"), (6, 10), "TG2", "'Z' is no tile of the game"),
    (edit("TU-B@0", "TU-B@4"), (6, 10), "TG1", "0 to 3 quarter turns"),
    (edit("TU-B@0", "TU-B"), (6, 10), "TG1", "not a tile and its turn TILE@R"),
    (edit('"1,0": TU-B@0', '"1;0": TU-B@0'), (6, 3), "TG1", "'1;0' is not a tile position x,y"),
    (edit('  "2,0": U@0', '  "2,0": U@0\n  "+2,0": U@0'), (8, 3), "TG1", "2,0 is written twice"),
    (edit('"0,0": D@0', '"0,0": U@0'), (5, 10), "TG2", "0,0 holds U; the start tile there is a D"),
    (edit('  "0,0": D@0\n', "").replace("red: [\"0,0 road:W\"]", "red: []"), (4, 1), "TG2", "0,0 holds no tile"),
    (edit('  "2,0": U@0', '  "2,0": U@0\n  "0,-1": U@0'), (8, 11), "CB3",
     "U@0 on 0,-1: its S edge (field) meets the N edge (city) of D@0 on 0,0"),
    (edit('  "2,0": U@0', '  "2,0": U@0\n  "5,5": U@0'), (8, 3), "CB3", "5,5 is not joined to 0,0"),
    (BASE + "out: [D, D, D, D]\n", (13, 16), "TG2", "one D tile more than the box holds (4)"),
    (BASE + "stack: [TU-A, TU-A]\n", (13, 15), "TG3", "one TU-A tile more than the box holds (1)"),
    (BASE + "stack: 80\n", (13, 8), "TG2", "a stack of 80 tiles, but only 73"),
    (edit("0,0 road:W", "0,0 cloister"), (9, 9), "CB4", "D@0 on 0,0 has no cloister"),
    # A follower's text is read as written: a final newline or a doubled space is refused
    # at its line as every other value is (before, "0,0 road:W\n" read as road:W).
    (edit('"0,0 road:W"', '"0,0 road:W\\n"'), (9, 9), "CB4", "not a follower 'x,y FEATURE'"),
    (edit('"0,0 road:W"', '"0,0  road:W"'), (9, 9), "CB4", "not a follower 'x,y FEATURE'"),
    (edit("0,0 road:W", "0,0road:W"), (9, 9), "CB4", "not a follower 'x,y FEATURE'"),
    (edit("0,0 road:W", "4,4 road:W"), (9, 9), "CB4", "4,4 holds no tile"),
    (edit('red: ["0,0 road:W"]', 'red: ["2,0 road:E"]\n  green: ["2,0 road:W"]'), (10, 11), "CB4",
     "the road:E of 2,0 already holds red's follower"),
    (edit('red: ["0,0 road:W"]', 'red: ["2,0 road:E"]\n  green: ["2,0 field:Nw"]'), (10, 11), "CB2",
     "2,0 already holds red's follower"),
    (edit('red: ["0,0 road:W"]', "red: [" + ", ".join(['"0,0 road:W"'] * 8) + "]"), (9, 3), "CB1",
     "red has 8 followers on the board; each player has 7"),
    (edit('  "2,0": U@0', '  "2,0": U@0\n  "0,-1": E@2').replace("0,0 road:W", "0,-1 city:S"), (10, 9), "CB8",
     "the city of 0,-1 is complete"),
    (edit('"1,0:E"', '"0,0:E"'), (11, 9), "TU1", "(D@0) has no tunnel opening at its E edge"),
    (edit('"1,0:E"', '"3,3:E"'), (11, 9), "TU1", "3,3 holds no tile"),
    (edit('"1,0:E"', '"1,0:X"'), (11, 9), "TU1", "not an opening x,y:EDGE"),
    (edit('red: ["1,0:E"]', 'red: ["1,0:E"]\n  blue: ["1,0:E"]'), (12, 10), "TU2", "1,0:E already holds a red token"),
    (edit('red: ["1,0:E"]', 'red: ["1,0:E", "1,0:W", "1,0:E"]'), (11, 3), "TU8", "3 red tokens: a set has two"),
    (edit('red: ["1,0:E"]', 'purple: ["1,0:E"]'), (11, 3), "TU8", "no token set 'purple' is in this game"),
    (BASE.replace("players: [red, green]", "players: 4").replace("red: [\"1,0:E\"]", "black: [\"1,0:E\"]"),
     (11, 3), "TU8", "no token set 'black'"),
    (BASE + "sets: {red: [red, blue, black, grey], green: [green, yellow]}\n", (13, 13), "TU8",
     "red holds 4 sets; with 2 players and tokens 3/2 each player holds 3"),
    (BASE + "sets: {red: [red, blue, green], green: [yellow, black, grey]}\n", (13, 25), "TU8",
     "the green set is green's"),
    (BASE + "stealable: [red]\n", (13, 13), "TV2", "only TV2 lets another player"),
    (BASE + "variants: [TV2]\nstealable: [green]\n", (14, 13), "TV2", "the green set is not half-placed"),
    (BASE + "variants: [TV9]\n", (13, 12), "format", "'TV9' is not a variant of this edition"),
    (BASE + "tokens: 4/2\n", (13, 9), "TU8", "tokens '4/2': the count is 3/2"),
    (BASE + "variants: [TV3]\n", (11, 3), "TV3", "one red token: with TV3 both tokens of a pair"),
    (BASE + "variants: [TV3]\nsets: {red: [red]}\n", (14, 1), "TV3", "no player holds a set"),
    (edit("scores: {red: 0, green: 4}", "scores: {red: -1, green: 4}"), (12, 15), "format", "at least 0"),
    (edit("scores: {red: 0, green: 4}", "scores: {red: 1.5, green: 4}"), (12, 15), "format", "a whole number"),
    (edit("turn: green", "turn: blue"), (3, 7), "CB2", "'blue' is not a player of this game"),
    (edit("players: [red, green]", "players: [red, purple]"), (2, 16), "CB1", "'purple' is not a player's colour"),
    (edit("players: [red, green]", "players: [red, grey]"), (2, 16), "CB1", "'grey' is not a player's colour"),
    (edit("players: [red, green]", "players: 6"), (2, 10), "format", "at most 5"),
])
def test_each_problem_is_told_at_its_line_with_its_ruling(text, where, rule, words):
    found = problems(text)
    assert any((line, col) == where and r == rule and words in message for line, col, r, message in found), found


def test_every_problem_is_told_not_the_first_only():
    text = edit("TU-B@0", "Z@0").replace('"1,0:E"', '"9,9:E"').replace("turn: green", "turn: blue") \
        + "tokens: 4/2\nout: [D, D, D, D]\n"
    rules_told = sorted(rule for _, _, rule, _ in problems(text))
    assert rules_told == ["CB2", "TG2", "TG2", "TU1", "TU8"], problems(text)


@pytest.mark.parametrize("sets", ["{1: [red]}", '{red: ["red\\n", blue, black], green: [green, yellow, grey]}',
                                  "{red: [red], green: [green]}"])
def test_a_wrong_sets_line_is_told_there_and_the_tokens_are_judged_by_tu8s_deal(sets):
    """A ``sets:`` that does not deal as TU8 says is told at its own line; the tokens
    are then judged against TU8's deal, not against what the wrong line gave (before:
    'no token set 'red' is in this game (the sets: )' at the red token, a set the
    game has)."""
    found = problems(BASE + f"sets: {sets}\n")
    assert found and all(line == 13 and rule == "TU8" for line, _, rule, _ in found), found


def test_a_position_starts_from_a_start_tile_that_may_be_turned():
    pos = read(edit('"0,0": D@0', '"0,0": D@2').replace('  "1,0": TU-B@0\n  "2,0": U@0\n', "")
               .replace('red: ["1,0:E"]', "{}").replace("tunnels:\n  {}", "tunnels: {}"))
    assert pos.board[(0, 0)].tile.rotation == 2


# ------------------------------------------------------------------- records

RECORD = """game: tunnel
start: start.yaml
actions:
  - U 3,0@0
  - V 5,5@0
  - U 4,0@0
"""


def test_a_record_replays_and_its_first_illegal_turn_is_told_with_its_line(tmp_path):
    (tmp_path / "start.yaml").write_text(BASE.replace("scores:", "stack: [U, V, U, U]\nscores:"))
    path = tmp_path / "r.yaml"
    path.write_text(RECORD)
    record = records.read(parse_yaml(RECORD, str(path)), tmp_path)
    result = records.replay(record)
    assert result.played == 1 and result.error is not None
    (d,) = records.diagnostics(record, result)
    assert (d.line, d.column, d.rule) == (5, 5, "CB3") and d.message.startswith("turn 2 (red): V 5,5@0 is illegal")
    assert "5,5 shares no edge with a placed tile" in d.message


def test_a_record_result_is_checked_after_the_end_scoring(tmp_path):
    start = rules.new_game(2, seed=5)
    pos, moves = start, []
    rng = random.Random(5)
    while not pos.over:
        move = rng.choice(rules.moves(pos))
        pos = rules.apply(pos, move)
        moves.append(move)
    result = records.result_of(pos, len(moves))
    assert result["turns"] == len(moves) and result["winners"]
    end = pos.copy()
    end.final_scoring()
    assert list(result["scores"].values()) == end.scores  # the scores after CB9
    wrong = dict(result, scores={p: s + 1 for p, s in result["scores"].items()}, winners=["green", "red"],
                 turns=len(moves) - 1)
    text = records.dumps(start, moves, result=wrong)
    record = records.read(parse_yaml(text, "r.yaml"), tmp_path)
    told = records.diagnostics(record, records.replay(record))
    rules_told = sorted(d.rule for d in told)
    expected_winners = sorted(result["winners"]) != ["green", "red"]
    assert rules_told == sorted(["CB9", "CB2"] + (["CB10"] if expected_winners else []))
    assert all(d.line == 3 for d in told)  # the result: line


def test_a_record_needs_its_start_and_tells_a_start_file_problem_at_the_start_line(tmp_path):
    with pytest.raises(LoadError) as caught:
        records.read(parse_yaml("game: tunnel\nactions: []\n", "r.yaml"), tmp_path)
    assert "missing key 'start'" in str(caught.value)
    (tmp_path / "start.yaml").write_text(edit("TU-B@0", "Z@0"))
    with pytest.raises(LoadError) as caught:
        records.read(parse_yaml(RECORD, str(tmp_path / "r.yaml")), tmp_path)
    told = caught.value.diagnostics
    assert told[0].line == 2 and "start 'start.yaml' is not a Der Tunnel position" in told[0].message
    assert any(d.rule == "TG2" and d.line == 6 for d in told)


def test_a_record_with_its_start_inline_reads_the_start_at_its_lines(tmp_path):
    inline = "game: tunnel\nstart:\n  players: [red, green]\n  board: {\"0,0\": D@0, \"1,0\": Z@0}\nactions: []\n"
    with pytest.raises(LoadError) as caught:
        records.read(parse_yaml(inline, "r.yaml"), tmp_path)
    (d,) = caught.value.diagnostics
    assert (d.line, d.rule) == (4, "TG2")


def test_an_unreadable_move_is_told_at_its_line(tmp_path):
    (tmp_path / "start.yaml").write_text(BASE)
    with pytest.raises(LoadError) as caught:
        records.read(parse_yaml(RECORD.replace("V 5,5@0", "V 5,5@9"), str(tmp_path / "r.yaml")), tmp_path)
    (d,) = caught.value.diagnostics
    assert d.line == 5 and "x,y@R" in d.message


def test_colours_of_every_seat_read_as_written():
    pos = read(edit("players: [red, green]", "players: [black, blue]").replace("turn: green", "turn: blue")
               .replace("red: [\"0,0", "black: [\"0,0").replace("scores: {red: 0, green: 4}", "")
               .replace('red: ["1,0:E"]', 'black: ["1,0:E"]'))
    assert pos.players == ("black", "blue") and pos.player == "blue" and set(pos.sets) == set(COLOURS)


def test_a_record_written_beside_its_start_names_it(tmp_path: Path):
    start = rules.new_game(2, seed=2)
    text = records.dumps(start, [], start_ref="start.yaml", title="t")
    assert "start: start.yaml" in text and "actions: []" in text
