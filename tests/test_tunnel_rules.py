"""Der Tunnel's referee (sectionx/games/tunnel/rules.py, model.py) read as a rules lawyer
would: every ruling TG1–TG3, CB1–CB10, TU1–TU9 and TV1–TV4 allowed where it allows and
refused where it refuses, with that ruling's id and a sentence a player understands;
scoring with exact points; the notation read back.  Random games (every turn's text read
back, the list of legal turns equal to what the referee allows) are in
tests/test_tunnel_moves.py.

Boards are built by notation (:func:`board`: a grid of ``TILE@TURN`` words, rows running
south) through the referee itself, then turns are played with :func:`play`.  Geometry
(TG4): x grows east, y grows south, the start tile D@0 on 0,0 has its city north and its
road west–east.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from sectionx.errors import NotationError, Problem
from sectionx.games.tunnel import records, rules
from sectionx.games.tunnel.model import COLOURS, FOLLOWERS, Position, Score
from sectionx.games.tunnel.rules import Follower, Move, Token, parse_move
from sectionx.games.tunnel.tiles import EDGES, tile_set

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
    with pytest.raises(NotationError) as caught:
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


# ------------------------------------------------------------------- CB4 followers


@pytest.mark.parametrize(("text", "kind"), [
    ("U 1,0@0 f road:E", "road"), ("U 1,0@0 f road:W", "road"), ("M 0,-1@2 f city:S", "city"),
    ("A 0,1@0 f cloister", "cloister"), ("A 0,1@0 f road:S", "road"), ("U 1,0@0 f field:Nw", "field"),
    ("U 1,0@0 f field:Se", "field"), ("TU-A 1,0@0 f road:S", "road"), ("TU-A 1,0@0 f field:Es", "field"),
])
def test_cb4_a_follower_on_each_kind_of_feature(text: str, kind: str) -> None:
    after = play(board(), text)
    ((cell, local), seat), = after.followers.items()
    assert after.board[cell].tile.features[local].kind == kind and seat == 0
    assert follower_count(after, "red") == 1 and cell == parse_move(text).cell


def test_cb4_refused_on_a_feature_already_holding_a_follower() -> None:
    pos = play(board(), "U 1,0@0 f road:E")
    # Green's U on -1,0 extends the same road, which red holds on 1,0.
    refused(pos, "U -1,0@0 f road:E", "CB4", "the road of road:E already holds a follower (red on 1,0)")
    allowed(pos, "U -1,0@0 f field:Nw")  # its fields are another matter
    # A field: red's on U's north field reaches D's strip under the city.
    pos = play(board(), "U 1,0@0 f field:Nw")
    refused(pos, "U -1,0@0 f field:Ne", "CB4", "the field of field:Nw already holds a follower (red on 1,0)")
    allowed(pos, "U -1,0@0 f field:Se")


def test_cb4_features_joined_later_may_hold_several() -> None:
    # Red's road on 1,0 and green's on 1,-1 are apart; two bends join them.
    pos = play(board(), "U 1,0@0 f road:E", "V 1,-1@2 f road:N", "V 2,-1@0", "V 2,0@1")
    (root,) = {pos.root_at((1, 0), 0), pos.root_at((1, -1), 0)}
    assert sorted(seat for _, _, seat in pos.info[root].followers) == [0, 1]
    # ... and the joined road refuses a third follower.
    refused(pos, "L -1,0@0 f road:E", "CB4", "already holds a follower (green, red on 1,-1, 1,0)")


def test_cb4_only_on_a_feature_of_the_tile_just_placed() -> None:
    pos = board()
    # D has a city north, but the follower names a feature of the tile placed: U has none.
    refused(pos, "U 1,0@0 f city:N", "CB4", "U@0 on 1,0 has no city:N", "its features: road:E, field:Nw, field:Es")
    refused(pos, "U 1,0@0 f cloister", "CB4", "has no cloister")
    refused(pos, "U 1,0@1 f road:N", "CB3")  # placement is judged first
    # The feature is named as the tile lies (TG4): V turned once has roads west and north.
    refused(pos, "V 1,0@1 f road:S", "CB4", "V@1 on 1,0 has no road:S")
    allowed(pos, "V 1,0@1 f road:N")


# ------------------------------------------------------------------- CB5 road ends, CB6 road points


@pytest.mark.parametrize(("tile", "end"), [("W 1,0@0", "crossing"), ("S 1,0@1", "city"), ("A 1,0@1", "cloister"),
                                           ("TU-D 1,0@3", "houses")])
def test_cb5_a_road_between_a_crossing_and_each_kind_of_end_is_complete(tile: str, end: str) -> None:
    cell = parse_move(tile)
    o = tile_set().oriented(cell.tile, cell.rotation)
    assert o.features[o.edge_feature[EDGES.index("W")]].end == end
    pos = play(board(), "L -1,0@0 f road:E")
    # L's crossing, D, and the tile whose road stops at its west edge: three tiles.
    assert scored(pos, tile) == [("CB6", "road", 3, ("red",))]
    assert play(pos, tile).supply == [7, 7]  # the follower went home (CB8)


def test_cb5_a_road_with_an_open_end_or_a_free_opening_is_not_complete() -> None:
    pos = play(board(), "L -1,0@0 f road:E")
    assert scored(pos, "U 1,0@0") == []                  # open at 1,0's east edge
    assert scored(pos, "TU-B 1,0@0") == []               # ends at an opening with no token (TU3)
    assert scored(pos, "TU-B 1,0@0 t green 1,0:W") == []  # ... or with a token whose partner is not placed


def test_cb5_a_loop_is_complete() -> None:
    # The follower goes on the tile that closes the loop: four tiles, scored at once (CB12).
    pos = board("D@0 .\nV@3 V@0\n. V@1")
    assert scored(pos, "V 0,2@2 f road:N") == [("CB6", "road", 4, ("red",))]


def test_cb6_a_road_scores_each_tile_once() -> None:
    # W's east and south roads both end at its crossing; the bends join them in a ring
    # through W, so the road has five parts on four tiles.
    pos = board("D@0 W@0 V@0\n. . V@1")
    turn = rules.play(pos, parse_move("V 1,1@2 f road:N"))
    (score,) = turn.scored
    assert (score.rule, score.points, score.cells) == ("CB6", 4, ((1, 0), (2, 0), (1, 1), (2, 1)))


# ------------------------------------------------------------------- CB7 cities and cloisters


def test_cb7_a_city_scores_two_a_tile_and_two_a_pennant() -> None:
    pos = board()
    assert scored(pos, "E 0,-1@2 f city:S") == [("CB7", "city", 4, ("red",))]
    # D's cap, M's pennant city turned to face south and east, E's cap: 3 tiles, 1 pennant.
    pos = play(board(), "M 0,-1@2 f city:E")
    assert scored(pos, "E 1,-1@3") == [("CB7", "city", 8, ("red",))]
    # A city part counts its tile once: C's four edges on one tile, closed by four caps.
    pos = play(board("D@0"), "E 0,-1@2")
    assert pos.scores == [0, 0]  # a completed city with no follower scores for nobody


def test_cb7_a_city_counts_a_tile_once_however_many_of_its_parts_it_holds() -> None:
    # A ring of three N tiles; I's two caps (north and west) both close it: five parts on four tiles.
    pos = board("D@0 U@0 .\n. N@2 N@3\n. N@1 .")
    turn = rules.play(pos, parse_move("I 2,2@0 f city:W"))
    (score,) = turn.scored
    assert (score.rule, score.kind, score.points, score.cells) == ("CB7", "city", 8, ((1, 1), (2, 1), (1, 2), (2, 2)))


def test_cb7_a_cloister_scores_nine_when_surrounded() -> None:
    pos = play(board("U@0 D@0 U@0\nB@0 . B@0\nE@2 E@2 .", at=(-1, 0)), "B 0,1@0 f cloister")
    assert pos.scores == [0, 0] and pos.info[pos.root_at((0, 1), 0)].done is False  # 7 of 8 around
    turn = rules.play(pos, parse_move("E 1,2@2"))
    assert [(s.rule, s.kind, s.points, s.seats, s.detail) for s in turn.scored] == [
        ("CB7", "cloister", 9, (0,), "8 tiles around, turn 8")]
    assert turn.position.supply == [7, 7]


# ------------------------------------------------------------------- CB8 majority


def test_cb8_players_tied_for_the_most_all_score_in_full() -> None:
    pos = play(board(), "U 1,0@0 f road:E", "V 1,-1@2 f road:N", "V 2,-1@0", "V 2,0@1", "L -1,0@0")
    turn = rules.play(pos, parse_move("L 1,-2@0"))
    (score,) = turn.scored
    assert (score.points, score.seats, score.followers) == (7, (0, 1), (1, 1))
    assert turn.position.scores == [7, 7] and turn.position.supply == [7, 7]


def test_cb8_the_most_followers_take_it_all_and_every_follower_goes_home() -> None:
    # A ring through W: red on its east arm and on 2,1, green on its south arm.
    pos = play(board(), "W 1,0@0 f road:E", "U 1,1@1 f road:N", "U 2,1@1 f road:N", "U -1,0@0",
               "V 2,0@0", "V 2,2@1", "U -2,0@0")
    assert pos.supply == [5, 6]
    turn = rules.play(pos, parse_move("V 1,2@2"))
    (score,) = turn.scored
    assert (score.points, score.seats, score.followers) == (6, (0,), (2, 1))
    assert turn.position.scores == [6, 0] and turn.position.supply == [7, 7]
    assert not turn.position.followers


def test_cb8_a_feature_with_no_follower_scores_for_nobody() -> None:
    turn = rules.play(play(board(), "L -1,0@0"), parse_move("W 1,0@0"))
    assert [(s.points, s.seats) for s in turn.scored] == [(3, ())] and turn.position.scores == [0, 0]


# ------------------------------------------------------------------- CB9 the end


def test_cb9_incomplete_features_score_at_the_end() -> None:
    # Red: a road open at both ends (3 tiles); green: a city of 2 tiles and a pennant, open.
    pos = play(board(), "U 1,0@0 f road:E", "M 0,-1@2 f city:E", "B 0,1@0 f cloister", "U -1,0@0")
    sheet, scores = ending(pos)
    assert sorted(sheet) == sorted([("CB9", "road", 3, ("red",)), ("CB9", "city", 3, ("green",)),
                                    ("CB9", "cloister", 4, ("red",))])  # 1 + 3 tiles around 0,1
    assert scores == [7, 3] and pos.scores == [0, 0]  # the end scores on a copy


def test_cb9_fields_score_three_for_each_completed_city_they_touch() -> None:
    # Red's field runs from U's north half over B into E's field: it touches the city
    # D+E (twice: D's cap and E's cap) and the open cap on 1,-2.
    pos = play(board(), "U 1,0@0 f field:Nw", "B 1,-1@0", "E 1,-2@0", "E 0,-1@2 f city:S")
    assert pos.scores == [0, 4]
    assert follower_count(pos, "red") == 1  # fields never score during play; the follower stays
    sheet, scores = ending(pos)
    # The city D+E once (3), the open city not at all.
    assert sheet == [("CB9", "field", 3, ("red",))] and scores == [3, 4]
    # Close the second city: the field touches two completed cities.
    pos = play(pos, "E 1,-3@2")
    assert pos.scores == [0, 4] and follower_count(pos, "red") == 1
    sheet, scores = ending(pos)
    assert sheet == [("CB9", "field", 6, ("red",))] and scores == [6, 4]


def test_cb9_no_turn_after_the_last_tile() -> None:
    pos = board()
    pos.left = 0  # as if the last tile had been played
    assert pos.over and rules.moves(pos, "U") == []
    refused(pos, "U 1,0@0", "CB9", "the game is over: no tile is left to draw")


# ------------------------------------------------------------------- CB10 the winner


def _last_turns(*turns: str) -> Position:
    """The start tile, then ``turns`` as the last tiles of the game (a stack of just them)."""
    pos = board()
    pos.stack = tuple(parse_move(t).tile for t in turns)
    pos.left = len(turns)
    return play(pos, *turns)


def test_cb10_the_most_points_win_and_players_level_share() -> None:
    pos = _last_turns("U 1,0@0 f road:E", "M 0,-1@2 f city:E", "B 0,1@0 f cloister", "U -1,0@0")
    assert pos.over and records.result_of(pos, 4) == {"scores": {"red": 7, "green": 3}, "winners": ["red"],
                                                      "turns": 4}
    # red: a road of 4 tiles; green: a cloister, 1 and 3 tiles around: level at 4.
    pos = _last_turns("U 1,0@0 f road:E", "B 0,1@0 f cloister", "U -1,0@0", "U 2,0@0")
    assert records.result_of(pos, 4)["winners"] == ["red", "green"]
    # No one has won while a tile is left.
    assert records.winners(play(board(), "U 1,0@0 f road:E"), [1, 0]) == []


# ------------------------------------------------------------------- the tunnel (TU)
#
# Most boards below hold the start tile D with TU-B east of it: the road from D's west
# edge ends at TU-B's west opening 1,0:W, and TU-B's east opening 1,0:E begins a road
# open at 1,0's east edge.  L west of D ends the first road at a crossing.


def test_tu1_a_token_on_the_tile_just_placed_or_elsewhere() -> None:
    pos = board("L@0 D@0 TU-B@0", at=(-1, 0))
    allowed(pos, "U 0,1@0 t red 1,0:W")      # elsewhere on the board
    allowed(pos, "TU-C 1,1@0 t red 1,1:S")   # on the tile just placed
    after = play(pos, "TU-C 1,1@0 t red 1,1:S")
    assert after.tokens == {((1, 1), 2): "red"} and after.placed == {"red": (((1, 1), 2),)}
    assert rules.parse_opening("1,1:S") == ((1, 1), 2)


def test_tu1_one_token_a_turn_on_an_opening() -> None:
    pos = board("L@0 D@0 TU-B@0", at=(-1, 0))
    refused(pos, "U 0,1@0 t red 1,0:W t red 1,0:E", "TU1", "one token action a turn")
    refused(pos, "U 0,1@0 t red 1,0:W t blue 1,0:E", "TU1", "one token action a turn")
    refused(pos, "U 0,1@0 t red 0,0:E", "TU1", "0,0:E is not a tunnel opening")   # D's road has no opening
    refused(pos, "U 0,1@0 t red 1,0:N", "TU1", "1,0:N is not a tunnel opening")   # TU-B's city edge
    refused(pos, "U 0,1@0 t red 4,4:E", "TU1", "there is no tile on 4,4")
    refused(pos, "U 0,1@0 t red 0,1:E", "TU1", "0,1:E is not a tunnel opening")    # the tile placed: a road
    # Two openings at once is TV3's token action, not this game's.
    refused(pos, "U 0,1@0 t red 1,0:W 1,0:E", "TU1", "a token goes on one opening")


def test_tu2_a_claimed_opening_is_refused_a_follower_is_no_claim() -> None:
    pos = play(board("D@0 TU-B@0"), "L -1,0@0 f road:E")   # red's follower on the road of 1,0:W
    allowed(pos, "U 0,1@0 t green 1,0:W")                  # a follower is no claim
    pos = play(pos, "U 0,1@0 t green 1,0:W")
    refused(pos, "U 1,1@0 t red 1,0:W", "TU2", "1,0:W is already claimed by a green token")
    # Every reason is told: not red's set, and claimed.
    assert [p.rule for p in rules.problems(pos, parse_move("U 1,1@0 t green 1,0:W"))] == ["TU8", "TU2"]


def test_tu2_a_token_is_no_follower() -> None:
    pos = play(board("L@0 D@0 TU-B@0", at=(-1, 0)), "U 0,1@0 t red 1,0:E")
    # The road of 1,0:E holds red's token: green may still put a follower on it.
    allowed(pos, "U 2,0@0 f road:W")
    pos = play(pos, "U 2,0@0 f road:W")
    assert follower_count(pos, "green") == 1 and pos.info[pos.root_at((2, 0), 0)].followers == (((2, 0), 0, 1),)


def test_tu3_a_road_to_an_opening_is_broken_off_until_its_tunnel_is_joined() -> None:
    pos = play(board("D@0 TU-B@0"), "L -1,0@0 f road:E")
    root = pos.root_at((0, 0), 0)
    # L's crossing, D, and TU-B's west opening: no open edge, yet not complete.
    assert pos.info[root].open == 0 and pos.info[root].unpaired == 1 and not pos.complete(root)
    assert pos.scores == [0, 0] and follower_count(pos, "red") == 1
    # The first token of a set does not end it either.
    assert scored(pos, "U 0,1@0 t green 1,0:W") == []
    after = play(pos, "U 0,1@0 t green 1,0:W")
    assert not after.complete(after.root_at((0, 0), 0))


def _two_roads_and_a_tunnel() -> Position:
    """Red on the road L-D-1,0:W, green on the road 1,0:E-W (both end at crossings), and
    red's first token on 1,0:W; red to play."""
    return play(board("D@0 TU-B@0"), "L -1,0@0 f road:E", "W 2,0@0 f road:W", "U -2,0@0 t red 1,0:W",
                "E 0,-1@2")


def test_tu4_the_second_token_joins_two_roads_holding_followers() -> None:
    pos = _two_roads_and_a_tunnel()
    assert pos.scores == [0, 0] and pos.placed == {"red": (((1, 0), 3),)}
    turn = rules.play(pos, parse_move("U -3,0@0 t red 1,0:E"))
    # TU7: L, D, TU-B (once, though both openings lie on it) and W: 4 points each (CB8).
    (score,) = turn.scored
    assert (score.rule, score.points, score.cells, score.seats) == ("TU7", 4, ((-1, 0), (0, 0), (1, 0), (2, 0)), (0, 1))
    after = turn.position
    assert after.scores == [4, 4] and after.supply == [7, 7]
    # TU8: the tokens stay where they lie and never come back.
    assert after.tokens == {((1, 0), 3): "red", ((1, 0), 1): "red"}
    assert after.placed == {"red": (((1, 0), 3), ((1, 0), 1))}


def test_tu4_a_token_of_another_set_does_not_join() -> None:
    pos = _two_roads_and_a_tunnel()
    after = play(pos, "U -3,0@0 t blue 1,0:E")   # red's second set: its first token
    assert after.scores == [0, 0] and after.root_at((0, 0), 0) != after.root_at((2, 0), 2)
    refused(pos, "U -3,0@0 t red 1,0:W", "TU2", "already claimed by a red token")


def test_tu5_a_follower_before_the_token_may_ride_into_an_occupied_road() -> None:
    # Red's first token lies on 1,0:W, whose road holds green's follower; red draws TU-C.
    pos = play(board("D@0 TU-B@0"), "E 0,-1@2 t red 1,0:W", "L -1,0@0 f road:E")
    allowed(pos, "TU-C 1,1@0 f road:E t red 1,1:E")
    refused(pos, "TU-C 1,1@0 t red 1,1:E f road:E", "TU5",
            "the road of road:E already holds a follower (green on -1,0)",
            "the token placed first this turn joined it to that road")
    allowed(pos, "TU-C 1,1@0 t red 1,1:E f road:S")    # another road of the tile is free
    allowed(pos, "TU-C 1,1@0 t red 1,1:E f field:Es")
    after = play(pos, "TU-C 1,1@0 f road:E t red 1,1:E")
    assert sorted(s for _, _, s in after.info[after.root_at((1, 1), 0)].followers) == [0, 1]


def test_tu5_cites_cb4_when_the_road_was_occupied_before_the_token() -> None:
    # Green holds the road of 1,0:E; red's U on 3,0 joins it by its tile, whatever the token does.
    pos = play(board("D@0 TU-B@0"), "U 0,1@0 t red 1,0:E", "U 2,0@0 f road:W")
    refused(pos, "U 3,0@0 t red 1,0:W f road:W", "CB4", "already holds a follower (green on 2,0)")


def test_tu6_a_road_through_a_tunnel_is_one_ordinary_road() -> None:
    # Red's follower on the road L-D-1,0:W; red's set joins it to the open road of 1,0:E.
    pos = play(board("D@0 TU-B@0"), "L -1,0@0 f road:E", "E 0,-1@2", "U -2,0@0 t red 1,0:W", "U -3,0@0",
               "U -4,0@0 t red 1,0:E")
    refused(pos, "U 2,0@0 f road:W", "CB4", "already holds a follower (red on -1,0)")
    allowed(pos, "U 2,0@0 f field:Nw")
    # Anyone's follower may ride a tunnel road: green's token-less follower scores a road
    # that red's tokens completed, and red's tokens score nothing for red (TU2).
    pos = play(board("L@0 D@0 TU-B@0", at=(-1, 0), turn=1), "W 2,0@0 f road:W", "U -2,0@0 t red 1,0:W",
               "E 0,-1@2")
    assert scored(pos, "U -3,0@0 t red 1,0:E") == [("TU7", "road", 4, ("green",))]


def test_tu7_only_visible_tiles_score_each_once() -> None:
    # Red's follower on TU-C's east road (to a crossing); red joins it to the road of
    # 1,0:W: L, D, TU-B, TU-C and W, five tiles; the tunnel adds nothing.
    pos = play(board("L@0 D@0 TU-B@0 .\n. . TU-C@0 .", at=(-1, 0)), "W 2,1@0 f road:W t red 1,0:W", "E 0,-1@2")
    turn = rules.play(pos, parse_move("U -2,0@0 t red 1,1:E"))
    (score,) = turn.scored
    assert (score.rule, score.points, score.seats) == ("TU7", 5, (0,))
    assert score.cells == ((-1, 0), (0, 0), (1, 0), (1, 1), (2, 1))
    assert turn.position.scores == [5, 0]


@pytest.mark.parametrize(("count", "n", "held"), [
    ("3/2", 2, {"red": ["red", "blue", "black"], "green": ["green", "yellow", "grey"]}),
    ("3/2", 3, {"red": ["red", "yellow"], "green": ["green", "black"], "blue": ["blue", "grey"]}),
    ("3/2", 4, {"red": ["red"], "green": ["green"], "blue": ["blue"], "yellow": ["yellow"]}),
    ("3/2", 5, {"red": ["red"], "green": ["green"], "blue": ["blue"], "yellow": ["yellow"], "black": ["black"]}),
    ("2/1", 2, {"red": ["red", "blue"], "green": ["green", "yellow"]}),
    ("2/1", 3, {"red": ["red"], "green": ["green"], "blue": ["blue"]}),
    ("2/1", 5, {"red": ["red"], "green": ["green"], "blue": ["blue"], "yellow": ["yellow"], "black": ["black"]}),
])
def test_tu8_token_sets_by_player_count(count: str, n: int, held: dict[str, list[str]]) -> None:
    pos = rules.new_game(n, tokens=count)
    got: dict[str, list[str]] = {}
    for s, seat in pos.sets.items():
        assert seat is not None
        got.setdefault(pos.players[seat], []).append(s)
    assert got == held and pos.token_count == count


def test_tu8_tv3_makes_every_set_common() -> None:
    assert rules.new_game(4, variants=("TV3",)).sets == dict.fromkeys(COLOURS)


def test_tu8_a_player_lays_only_their_sets_and_each_token_once() -> None:
    pos = board("L@0 D@0 TU-B@0 .\n. . TU-C@0 .", at=(-1, 0))
    refused(pos, "B 0,1@0 t green 1,0:W", "TU8", "the green set is green's, not red's")
    refused(pos, "B 0,1@0 t yellow 1,0:W", "TU8", "the yellow set is green's, not red's")
    refused(pos, "B 0,1@0 t purple 1,0:W", "TU8", "no token set is called 'purple' in this game")
    four = board("L@0 D@0 TU-B@0", at=(-1, 0), players=4)
    refused(four, "U 0,1@0 t grey 1,0:W", "TU8", "no token set is called 'grey'", "the sets: red, green, blue, yellow")
    two = board("L@0 D@0 TU-B@0", at=(-1, 0), tokens="2/1")
    allowed(two, "U 0,1@0 t blue 1,0:W")
    refused(two, "U 0,1@0 t black 1,0:W", "TU8", "no token set is called 'black'")
    # Both red tokens laid (and the road scored): no third.
    pos = play(pos, "U -2,0@0 t red 1,0:W", "E 0,-1@2", "U -3,0@0 t red 1,0:E", "U -4,0@0")
    refused(pos, "U -5,0@0 t red 1,1:E", "TU8", "both red tokens are on the board; tokens never come back")
    allowed(pos, "U -5,0@0 t blue 1,1:E")


def test_tu9_at_the_end_a_half_or_un_claimed_opening_leaves_its_road_incomplete() -> None:
    pos = play(board("D@0 TU-B@0"), "L -1,0@0 f road:E t red 1,0:W", "U 2,0@0 f road:W")
    assert pos.scores == [0, 0]
    sheet, scores = ending(pos)
    # Red's road L-D-TU-B (half claimed), green's TU-B-U (unclaimed): 1 a tile (CB9).
    assert sorted(sheet) == [("CB9", "road", 2, ("green",)), ("CB9", "road", 3, ("red",))]
    assert scores == [3, 2]
    # Joined by a tunnel but still open at U's east edge: incomplete too, one road.
    pos = play(pos, "U -2,0@0 t red 1,0:E")
    sheet, scores = ending(pos)
    assert sheet == [("CB9", "road", 4, ("red", "green"))] and scores == [4, 4]


# ------------------------------------------------------------------- the variants (TV)


def test_tv1_a_token_only_on_a_road_holding_the_players_follower() -> None:
    pos = board("D@0 TU-B@0", variants=("TV1",))
    allowed(pos, "L -1,0@0 f road:E t red 1,0:W")   # the follower placed first counts
    refused(pos, "L -1,0@0 t red 1,0:W f road:E", "TV1", "the road of 1,0:W holds no follower of red")
    refused(pos, "L -1,0@0 f road:E t red 1,0:E", "TV1", "the road of 1,0:E holds no follower of red")
    pos = play(pos, "L -1,0@0 f road:E t red 1,0:W")
    allowed(pos, "U 2,0@0 f road:W")
    refused(pos, "U 2,0@0 t green 1,0:E", "TV1", "the road of 1,0:E holds no follower of green")
    # Without the variant the same token is allowed.
    allowed(play(board("D@0 TU-B@0"), "L -1,0@0 f road:E t red 1,0:W"), "U 2,0@0 t green 1,0:E")


def test_tv2_a_partner_may_be_stolen_by_a_player_on_its_road_after_the_owner_let_a_turn_pass() -> None:
    # Three players; green's follower on the road of 1,0:W, where red lays its first token.
    pos = play(board("D@0 TU-B@0", players=3, variants=("TV2",), turn=1), "U -1,0@0 f road:W", "U 0,1@0",
               "E 0,-1@2 t red 1,0:W")
    # Not yet: red has had no later turn.
    assert pos.stealable == frozenset()
    refused(pos, "U -2,0@0 t red 1,0:E", "TV2", "the red set is red's",
            "only after its owner let a turn pass with an opening free",
            "by a player with a follower on the road of its first token")
    pos = play(pos, "U -2,0@0", "U 1,1@0", "U 2,1@0")   # red lets 1,0:E lie free
    assert pos.stealable == frozenset({"red"})
    allowed(pos, "U -3,0@0 t red 1,0:E")                # green holds a follower on that road
    pos = play(pos, "U -3,0@0")
    refused(pos, "U 3,1@0 t red 1,0:E", "TV2", "a player with a follower on the road of its first token")  # blue
    refused(pos, "U 3,1@0 t green 1,0:E", "TU8", "the green set is green's, not blue's")   # not a theft
    pos = play(pos, "U 3,1@0", "V 4,1@0")
    after = play(pos, "U 2,0@0 t red 1,0:E")             # green steals the partner
    assert after.tokens == {((1, 0), 3): "red", ((1, 0), 1): "red"} and after.stealable == frozenset()
    assert after.root_at((0, 0), 0) == after.root_at((2, 0), 0)
    # Without TV2 the same token is another player's set.
    assert [p.rule for p in rules.problems(_without(pos, "TV2"), parse_move("U 2,0@0 t red 1,0:E"))] == ["TU8"]


def _without(pos: Position, variant: str) -> Position:
    after = pos.copy()
    after.variants = after.variants - {variant}
    return after


def test_tv2_no_theft_when_the_owner_had_no_opening_free() -> None:
    pos = play(board("D@0 TU-B@0", variants=("TV2",), turn=1), "U -1,0@0 f road:W", "E 0,-1@2 t red 1,0:W",
               "U -2,0@0 t green 1,0:E", "U -3,0@0")
    # Red's later turn passed, but no opening was free: nothing to steal, even now that
    # TU-C brings two.
    assert pos.stealable == frozenset()
    refused(pos, "TU-C 1,1@0 t red 1,1:E", "TV2", "the red set is red's")
    allowed(pos, "TU-C 1,1@0 t yellow 1,1:E")


def test_tv3_both_tokens_of_a_common_pair_at_once() -> None:
    pos = board("L@0 D@0 TU-B@0 W@0\n. . TU-C@0 .", at=(-1, 0), variants=("TV3",), turn=1)
    # Any pair, whatever its colour, for any player.
    allowed(pos, "U -2,0@0 t red 1,0:W 1,0:E")
    allowed(pos, "U -2,0@0 t grey 1,1:E 1,0:W")
    refused(pos, "U -2,0@0 t grey 1,0:W", "TV3", "a token action lays both tokens of a pair at once")
    refused(pos, "U -2,0@0 t grey 1,0:W 1,0:W", "TU4", "two different openings")
    refused(pos, "U -2,0@0 t grey 1,0:W 1,0:E 1,1:E", "TV3", "both tokens of a pair at once")
    turn = rules.play(pos, parse_move("U -2,0@0 t grey 1,0:W 1,0:E"))
    # L, D, TU-B, W: the road is complete at once (no follower: no one scores).
    assert [(s.rule, s.points) for s in turn.scored] == [("TU7", 4)]
    after = turn.position
    assert after.placed == {"grey": (((1, 0), 3), ((1, 0), 1))}
    assert all(len(laid) == 2 for laid in after.placed.values())  # never half claimed
    refused(after, "U -3,0@0 t grey 1,1:E 1,1:S", "TV3", "the grey pair is already on the board")
    refused(after, "U -3,0@0 t red 1,1:E 1,0:E", "TU2", "1,0:E is already claimed by a grey token")
    allowed(after, "U -3,0@0 t red 1,1:E 1,1:S")


def test_tv4_a_first_token_may_not_block_another_players_follower() -> None:
    pos = play(board("D@0 TU-B@0", variants=("TV4",), turn=1), "U -1,0@0 f road:W")
    refused(pos, "E 0,-1@2 t red 1,0:W", "TV4", "a set's first token may not go on 1,0:W",
            "its road holds a follower of green")
    allowed(pos, "E 0,-1@2 t red 1,0:E")   # no one's road
    pos = play(pos, "E 0,-1@2 t red 1,0:E", "U -2,0@0")
    allowed(pos, "U -3,0@0 t red 1,0:W")   # the partner may go there: it joins, it does not block
    # A player's own follower does not stop their first token.
    allowed(play(board("D@0 TU-B@0", variants=("TV4",)), "L -1,0@0 f road:E"), "U 0,1@0 t green 1,0:E")
    allowed(board("D@0 TU-B@0", variants=("TV4",)), "L -1,0@0 f road:E t red 1,0:W")
    # Without the variant the blocking token is allowed.
    allowed(play(board("D@0 TU-B@0", turn=1), "U -1,0@0 f road:W"), "E 0,-1@2 t red 1,0:W")


# ------------------------------------------------------------------- the tiles in play (TG1-TG3)


def test_tg2_a_new_game_holds_the_box_less_the_start_tile() -> None:
    pos = rules.new_game(3, seed=11)
    box = sorted(tile_set().box())
    box.remove("D")
    assert pos.stack is not None and sorted(pos.stack) == box and sum(pos.pool.values()) == 75
    assert {n: pos.pool[n] for n in ("D", "U", "TU-A")} == {"D": 3, "U": 8, "TU-A": 1}
    assert pos.board[(0, 0)].tile.tile.name == "D" and pos.board[(0, 0)].tile.rotation == 0


def test_tg3_the_roads_of_a_tunnel_tile_are_apart() -> None:
    pos = play(board(), "TU-B 1,0@0 f road:W")   # red on the road D-TU-B west opening
    allowed(pos, "U 2,0@0 f road:W")               # TU-B's east road is another road
    refused(pos, "U -1,0@0 f road:E", "CB4", "already holds a follower (red on 1,0)")
    pos = play(board(), "TU-D 1,0@3 f road:E")
    # TU-D turned: its houses road faces west into D; its openings face N, E and S.
    assert set(pos.mouths) == {((1, 0), 0), ((1, 0), 1), ((1, 0), 2)}
    assert len({pos.root_at((1, 0), i) for i in range(4)}) == 4


def test_tg1_a_field_is_named_by_any_of_its_halves() -> None:
    pos = board()
    for half in ("Nw", "Ne", "En", "Wn"):
        allowed(pos, f"U 1,0@0 f field:{half}")
    refused(pos, "U 1,0@0 f field:Nx", "CB4", "has no field:Nx")
    assert rules.canonical(pos, parse_move("U 1,0@0 f field:Wn")) == parse_move("U 1,0@0 f field:Nw")
