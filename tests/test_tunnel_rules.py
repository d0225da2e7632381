"""Der Tunnel's referee (sectionx/games/tunnel/rules.py, model.py) read as a rules lawyer
would: every ruling TG1–TG3, CB1–CB10, TU1–TU9 and TV1–TV4 allowed where it allows and
refused where it refuses, with that ruling's id and a sentence a player understands;
scoring with exact points; the notation read back; and the list of legal turns equal to
what the referee allows, on random games.

Boards are built by notation (:func:`board`: a grid of ``TILE@TURN`` words, rows running
south) through the referee itself, then turns are played with :func:`play`.  Geometry
(TG4): x grows east, y grows south, the start tile D@0 on 0,0 has its city north and its
road west–east.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from sectionx.errors import NotationError, Problem
from sectionx.games.tunnel import rules
from sectionx.games.tunnel.model import COLOURS, FOLLOWERS, Position, Score
from sectionx.games.tunnel.rules import Follower, Move, Token, parse_move
from sectionx.games.tunnel.tiles import tile_set

# ------------------------------------------------------------------- helpers


def board(grid: str = "D@0", *, at: tuple[int, int] = (0, 0), players: int = 2, variants: Iterable[str] = (),
          tokens: str = "3/2", turn: int = 0) -> Position:
    """A new game whose board is ``grid``: rows of words ``TILE@TURN`` (``.`` an empty
    cell), the first row's first word on ``at``, rows running south; the start tile D@0
    must stand on 0,0.  Each other tile is placed by a turn the referee judges legal
    (no follower, no token), so what they complete scores as in play; then ``turn``
    (a seat) draws next."""
    pos = rules.new_game(players, tokens=tokens, variants=variants)
    cells = {}
    for dy, row in enumerate(line for line in grid.strip().splitlines() if line.strip()):
        for dx, word in enumerate(row.split()):
            if word != ".":
                name, r = word.split("@")
                cells[(at[0] + dx, at[1] + dy)] = (name, int(r))
    assert cells.pop((0, 0)) == ("D", 0), "the start tile D@0 stands on 0,0"
    while cells:
        ready = [c for c in cells if c in pos.frontier]
        assert ready, f"{sorted(cells)} touch no tile"
        for cell in ready:
            name, r = cells.pop(cell)
            pos = rules.apply(pos, Move(name, cell, r))
    pos.turn = turn
    return pos


def play(pos: Position, *turns: str) -> Position:
    """``pos`` after the turns (move texts) in order, each judged legal by the referee."""
    for text in turns:
        pos = rules.play(pos, parse_move(text)).position
    return pos


def scored(pos: Position, text: str) -> list[tuple[str, str, int, tuple[str, ...]]]:
    """What the turn ``text`` scores: (rule, kind, points, players) of each feature."""
    turn = rules.play(pos, parse_move(text))
    return [(s.rule, s.kind, s.points, tuple(pos.players[i] for i in s.seats)) for s in turn.scored]


def allowed(pos: Position, text: str) -> None:
    assert rules.problems(pos, parse_move(text)) == [], text


def refused(pos: Position, text: str, rule: str, *words: str) -> Problem:
    """The one reason the referee refuses ``text``: it cites ``rule`` and says each of ``words``."""
    found = rules.problems(pos, parse_move(text))
    assert [p.rule for p in found] == [rule], (text, found)
    for word in words:
        assert word in found[0].message, (word, found[0].message)
    return found[0]


def ending(pos: Position) -> tuple[list[tuple[str, str, int, tuple[str, ...]]], list[int]]:
    """The end's score sheet (CB9, on a copy) and the scores after it."""
    end = pos.copy()
    sheet: list[Score] = end.final_scoring()
    return [(s.rule, s.kind, s.points, tuple(pos.players[i] for i in s.seats)) for s in sheet], end.scores


def follower_count(pos: Position, player: str) -> int:
    return FOLLOWERS - pos.supply[pos.players.index(player)]


# ------------------------------------------------------------------- notation


@pytest.mark.parametrize("text", ["U 1,0@1", "U 1,0@1 f road:E", "TU-A 0,1@0 t red 0,1:E f road:E",
                                  "TU-C 2,1@2 t grey 2,1:N 0,1:E", "R out", "B -3,-12@3 f cloister",
                                  "V 1,1@0 f field:Sw t blue 2,0:W"])
def test_notation_reads_back(text: str) -> None:
    move = parse_move(text)
    assert str(move) == text and parse_move(str(move)) == move


def test_notation_parts() -> None:
    move = parse_move("TU-A 0,1@3 t red 0,1:E f road:E")
    assert (move.tile, move.cell, move.rotation) == ("TU-A", (0, 1), 3)
    assert move.steps == (Token("red", (((0, 1), 1),)), Follower("road:E"))
    assert move.follower == Follower("road:E") and move.token == Token("red", (((0, 1), 1),))
    assert parse_move("R out") == Move("R", None)


@pytest.mark.parametrize(("text", "says"), [
    ("U", "a move is a tile and where it goes"),
    ("Z 1,0@0", "no tile of the game (A to X, TU-A to TU-D, TG2, TG3)"),
    ("U 1,0@4", "R 0 to 3 quarter turns clockwise, TG1"),
    ("U 1;0@0", "is not a place and turn x,y@R"),
    ("U out f road:E", "a tile put out is the whole turn"),
    ("U 1,0@0 f", "'f FEATURE' (a follower)"),
    ("U 1,0@0 t red", "'t SET x,y:EDGE' (a token)"),
    ("U 1,0@0 t red f road:E", "a token 't red' is followed by the opening it goes on"),
    ("U 1,0@0 t red 1,0:Q", "an edge of N E S W"),
    ("U 1,0@0 g road:E", "not 'g'"),
])
def test_notation_refused_in_words(text: str, says: str) -> None:
    with pytest.raises(NotationError, match=None) as caught:
        parse_move(text)
    assert says in str(caught.value)


# ------------------------------------------------------------------- CB1 players and pieces


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_cb1_two_to_five_players_each_with_seven_followers(n: int) -> None:
    pos = rules.new_game(n)
    assert pos.players == COLOURS[:n] and pos.supply == [7] * n and pos.scores == [0] * n
    assert pos.board[(0, 0)].tile.tile.name == "D" and pos.left == 75 and pos.turn == 0


@pytest.mark.parametrize("players", [1, 6, ("red", "red"), ("red", "pink")])
def test_cb1_a_game_of_one_or_six_players_or_unknown_colours_is_refused(players: int | tuple[str, ...]) -> None:
    with pytest.raises(ValueError, match="CB1"):
        rules.new_game(players)


def test_new_game_refuses_an_unknown_token_count_or_variant() -> None:
    with pytest.raises(ValueError, match=r"the token count is one of 3/2, 2/1, not '3/1' \(TU8\)"):
        rules.new_game(2, tokens="3/1")
    with pytest.raises(ValueError, match=r"the variants are some of TV1, TV2, TV3, TV4, not TV9 \(TV1-TV4\)"):
        rules.new_game(2, variants=iter(["TV9"]))
    assert rules.new_game(2, variants=iter(["TV2", "TV4"])).variants == {"TV2", "TV4"}


def test_cb1_the_eighth_follower_is_refused() -> None:
    # Red takes six cloisters and a road while green lays roads to the west.
    pos = play(board(), "B 0,1@0 f cloister", "U -1,0@0", "B 0,2@0 f cloister", "U -2,0@0",
               "B 0,3@0 f cloister", "U -3,0@0", "B 0,4@0 f cloister", "U -4,0@0",
               "A 1,1@0 f cloister", "U -5,0@0", "A 1,3@0 f cloister", "U -6,0@0",
               "U 1,0@0 f road:E", "V -7,0@2")
    assert follower_count(pos, "red") == 7 and pos.supply == [0, 7]
    refused(pos, "E 0,-1@2 f city:S", "CB1", "red has no follower left", "all 7")
    allowed(pos, "E 0,-1@2")  # the tile itself may still be placed
    assert [m.steps for m in rules.moves(pos, "E") if m.cell == (0, -1)] == [()]


# ------------------------------------------------------------------- CB2 a turn


def test_cb2_a_follower_and_a_token_in_one_turn_in_either_order() -> None:
    pos = board("D@0 TU-B@0")
    allowed(pos, "U -1,0@0 f road:W t red 1,0:W")
    allowed(pos, "U -1,0@0 t red 1,0:W f road:W")


def test_cb2_one_follower_a_turn() -> None:
    pos = board()
    allowed(pos, "U 1,0@0 f road:E")
    refused(pos, "U 1,0@0 f road:E f field:Nw", "CB2", "one follower a turn")


def test_cb2_the_tile_drawn_is_the_top_of_the_stack() -> None:
    pos = rules.new_game(2, seed=7)
    assert pos.stack is not None and len(pos.stack) == 75
    top = pos.stack[0]
    other = next(n for n in tile_set().types if n != top)
    assert all(m.tile == top for m in rules.moves(pos))
    refused(pos, f"{other} out", "CB2", f"the tile drawn is {top}", f"not {other}")


def test_cb2_no_tile_beyond_the_box() -> None:
    pos = play(board(), "C 0,-1@0")  # the box holds one C (TG2)
    refused(pos, "C 1,0@0", "CB2", "no C tile is left")


# ------------------------------------------------------------------- CB3 placing a tile


def test_cb3_edges_match_road_road_city_city_field_field() -> None:
    pos = board()
    allowed(pos, "U 1,0@0")    # U's west road meets D's east road
    allowed(pos, "E 0,-1@2")   # E's city (turned south) meets D's city
    allowed(pos, "B 0,1@0")    # fields meet D's field south
    allowed(pos, "C 0,-1@0")   # any turn of C shows a city south
    refused(pos, "U 1,0@1", "CB3", "its W edge (field) meets the E edge (road) of the tile on 0,0")
    refused(pos, "E 0,-1@0", "CB3", "its S edge (field) meets the N edge (city) of the tile on 0,0")
    refused(pos, "V 0,1@2", "CB3", "its N edge (road) meets the S edge (field) of the tile on 0,0")


def test_cb3_every_shared_edge_must_match_and_each_mismatch_is_named() -> None:
    # 1,1 has two neighbours: U's field above it and B's field to its west.
    pos = board("D@0 U@0\nB@0 .")
    allowed(pos, "E 1,1@2")
    refused(pos, "V 1,1@0", "CB3", "its W edge (road) meets the E edge (field) of the tile on 0,1")
    found = rules.problems(pos, parse_move("C 1,1@0"))
    assert [p.message for p in found] == [
        "C@0 on 1,1: its N edge (city) meets the S edge (field) of the tile on 1,0",
        "C@0 on 1,1: its W edge (city) meets the E edge (field) of the tile on 0,1"]
    assert all(p.rule == "CB3" and p.subject == ("cell", (1, 1)) for p in found)


def test_cb3_corners_do_not_count_and_a_cell_holds_one_tile() -> None:
    pos = board()
    refused(pos, "B 1,1@0", "CB3", "1,1 shares no edge with a placed tile", "corners do not count")
    refused(pos, "B 1,-1@0", "CB3", "corners do not count")
    refused(pos, "B 5,0@0", "CB3", "5,0 shares no edge")
    refused(pos, "U 0,0@0", "CB3", "0,0 already holds a tile (D)")
    pos = play(pos, "U 1,0@0")
    refused(pos, "U 1,0@0", "CB3", "1,0 already holds a tile (U)")
    allowed(pos, "B 1,1@0")  # now it shares U's south edge


def test_cb3_a_tile_that_fits_nowhere_goes_out_and_the_same_player_draws_again() -> None:
    # The city closed, every free edge is a field or a road: C (all city) fits nowhere.
    pos = board("E@2\nD@0", at=(0, -1), turn=1)
    assert rules.placements(pos, "C") == [] and rules.moves(pos, "C") == [Move("C", None)]
    allowed(pos, "C out")
    refused(pos, "C 0,1@0", "CB3", "its N edge (city) meets the S edge (field)")
    after = play(pos, "C out")
    assert after.out == ("C",) and after.turn == 1 and after.left == pos.left - 1 and after.turns == pos.turns
    refused(after, "C 1,0@0", "CB2", "no C tile is left")
    # A tile that fits may not go out: the referee names a place where it fits.
    refused(pos, "U out", "CB11", "U fits", "a tile is out only when it fits nowhere")
