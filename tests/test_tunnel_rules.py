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


def test_cb10_the_most_points_win_and_players_level_share() -> None:
    pos = play(board(), "U 1,0@0 f road:E", "M 0,-1@2 f city:E", "B 0,1@0 f cloister", "U -1,0@0")
    assert rules.winners(pos) == ("red",)  # 7 to 3 after the end's scoring
    pos = play(board(), "U 1,0@0 f road:E", "B 0,1@0 f cloister", "U -1,0@0", "U 2,0@0")
    # red: a road of 4 tiles; green: a cloister, 1 and 3 tiles around: level at 4.
    assert ending(pos)[1] == [4, 4] and rules.winners(pos) == ("red", "green")
