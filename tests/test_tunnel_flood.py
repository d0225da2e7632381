"""Der Tunnel's from-scratch flood fill (sectionx/games/tunnel/flood.py), the reference
the referee's incremental bookkeeping is tested against: hand-built boards with exact
members and points (CB5–CB9, TU3, TU4, TU7, TU9), bad boards refused (CB3, CB4, TU1,
TU2, TU4), and random legal boards keeping the flood's invariants under a turn or a
shift of the whole board."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sectionx.games.tunnel.flood import Cell, FloodFeature, Node, Opening, features, final_scores, majority
from sectionx.games.tunnel.tiles import DELTA, tile_set

Board = dict[Cell, tuple[str, int]]


def node(board: Board, cell: Cell, place: str) -> Node:
    """The node of the feature named ``place`` (``road:W``, ``field:En``, ...) on the
    tile at ``cell``, in board directions."""
    name, rotation = board[cell]
    local = tile_set().oriented(name, rotation).feature_named(place)
    assert local is not None, (cell, place)
    return cell, local


def holding(found: list[FloodFeature], n: Node) -> FloodFeature:
    (f,) = [f for f in found if n in f.members]
    return f


# ------------------------------------------------------------------- roads (CB5, CB6)


def test_d_and_u_make_an_open_road_and_join_their_fields():
    board: Board = {(0, 0): ("D", 0), (1, 0): ("U", 0)}
    found = features(board, {}, {})
    road = holding(found, node(board, (0, 0), "road:E"))
    assert road.members == {((0, 0), 0), ((1, 0), 0)}
    assert road.kind == "road" and not road.complete
    assert road.open_edges == {((0, 0), 3), ((1, 0), 1)}
    assert (road.points_complete, road.points_final) == (2, 2)
    # D's strip under its city (En, Wn) meets U's north field across D's east edge.
    north = holding(found, node(board, (0, 0), "field:En"))
    assert north.members == {node(board, (0, 0), "field:En"), node(board, (1, 0), "field:Nw")}
    south = holding(found, node(board, (0, 0), "field:Se"))
    assert south.members == {node(board, (0, 0), "field:Se"), node(board, (1, 0), "field:Se")}
    city = holding(found, node(board, (0, 0), "city:N"))
    assert city.members == {node(board, (0, 0), "city:N")} and not city.complete
    assert north.cities == (found.index(city),)
    assert north.points_final == 0  # the city it borders is not complete (CB9)
    assert len(found) == 4  # the road, the cap, the field north of the road and the one south


def test_a_road_between_two_crossings_is_complete():
    board: Board = {(0, 0): ("L", 0), (1, 0): ("U", 0), (2, 0): ("W", 0)}
    found = features(board, {}, {})
    road = holding(found, ((1, 0), 0))
    assert road.members == {((0, 0), 0), ((1, 0), 0), ((2, 0), 2)}  # L's road E, U's road, W's road W
    assert road.complete and not road.open_edges and not road.openings
    assert (road.points_complete, road.points_final) == (3, 3)
    # The crossings' other roads are one tile each and open.
    others = [f for f in found if f.kind == "road" and f is not road]
    assert sorted(len(f.members) for f in others) == [1, 1, 1, 1]
    assert not any(f.complete for f in others)


def test_a_loop_of_four_bends_is_complete_and_splits_the_fields():
    board: Board = {(0, 0): ("V", 3), (1, 0): ("V", 0), (1, 1): ("V", 1), (0, 1): ("V", 2)}
    found = features(board, {}, {})
    (road,) = [f for f in found if f.kind == "road"]
    assert road.members == {(c, 0) for c in board} and road.complete  # CB5: a loop
    assert road.points_complete == 4
    fields = sorted((f for f in found if f.kind == "field"), key=lambda f: len(f.members))
    assert [len(f.members) for f in fields] == [4, 4]
    inner = holding(found, node(board, (0, 0), "field:Es"))
    assert inner.members == {node(board, (0, 0), "field:Es"), node(board, (1, 0), "field:Sw"),
                             node(board, (1, 1), "field:Wn"), node(board, (0, 1), "field:Ne")}


# ---------------------------------------------------------------------- cities (CB7)


def test_a_three_tile_city_with_a_pennant():
    board: Board = {(-1, 0): ("E", 1), (0, 0): ("F", 0), (1, 0): ("E", 3)}
    city = holding(features(board, {}, {}), node(board, (0, 0), "city:E"))
    assert city.members == {((-1, 0), 0), ((0, 0), 0), ((1, 0), 0)}
    assert city.complete and city.pennants == 1
    assert (city.points_complete, city.points_final) == (2 * 3 + 2, 3 + 1)


def test_an_open_two_tile_city_with_a_pennant_scores_one_per_tile_and_pennant():
    board: Board = {(0, 0): ("F", 0), (1, 0): ("E", 3)}
    city = holding(features(board, {}, {}), ((0, 0), 0))
    assert city.members == {((0, 0), 0), ((1, 0), 0)}
    assert not city.complete and city.open_edges == {((0, 0), 3)}
    assert (city.points_complete, city.points_final) == (6, 3)


# -------------------------------------------------------------------- cloisters (CB7)


def ring() -> Board:
    """A B cloister at 0,0 with E caps facing out on its sides and V bends at its corners."""
    return {(0, 0): ("B", 0), (0, -1): ("E", 0), (1, 0): ("E", 1), (0, 1): ("E", 2), (-1, 0): ("E", 3),
            (1, -1): ("V", 2), (1, 1): ("V", 3), (-1, 1): ("V", 0), (-1, -1): ("V", 1)}


def test_a_surrounded_cloister_is_complete():
    found = features(ring(), {}, {})
    cloister = holding(found, ((0, 0), 0))
    assert cloister.kind == "cloister" and cloister.members == {((0, 0), 0)}
    assert cloister.complete and cloister.neighbours == 8
    assert (cloister.points_complete, cloister.points_final) == (9, 9)
    # The cloister's field reaches every tile round it; each corner's bend cuts off only its outer corner.
    field = holding(found, ((0, 0), 1))
    assert field.cells == set(ring())
    assert not {node(ring(), (1, -1), "field:Ne"), node(ring(), (-1, 1), "field:Sw")} & field.members
    assert field.cities == tuple(sorted(found.index(holding(found, (c, 0))) for c in ((0, -1), (1, 0), (0, 1), (-1, 0))))


def test_a_cloister_short_of_one_neighbour():
    board = ring()
    del board[(1, 1)]
    cloister = holding(features(board, {}, {}), ((0, 0), 0))
    assert not cloister.complete and cloister.neighbours == 7
    assert cloister.points_final == 8


# ---------------------------------------------------------------------- fields (CB9)


def field_board() -> Board:
    """D's cap at 0,0 closed by an E at 0,-1; U east of D and a B above U carry the
    field round to the E's; an L west of D brings its own open cap into that field."""
    return {(0, 0): ("D", 0), (0, -1): ("E", 2), (1, 0): ("U", 0), (1, -1): ("B", 0), (-1, 0): ("L", 0)}


def test_a_field_counts_a_completed_city_once_though_it_borders_two_of_its_parts():
    board = field_board()
    found = features(board, {}, {})
    city = holding(found, node(board, (0, 0), "city:N"))
    assert city.members == {node(board, (0, 0), "city:N"), node(board, (0, -1), "city:S")} and city.complete
    assert city.points_complete == 4
    field = holding(found, node(board, (0, 0), "field:En"))
    assert field.members == {node(board, (0, 0), "field:En"), node(board, (0, -1), "field:Nw"),
                             node(board, (1, 0), "field:Nw"), node(board, (1, -1), "field:Nw"),
                             node(board, (-1, 0), "field:En")}
    l_cap = holding(found, node(board, (-1, 0), "city:N"))
    assert not l_cap.complete
    assert field.cities == tuple(sorted((found.index(city), found.index(l_cap))))
    assert (field.complete, field.points_complete, field.points_final) == (False, 0, 3)


def test_a_field_scores_three_per_completed_city():
    board = field_board()
    board[(-1, -1)] = ("E", 2)  # closes L's cap: the field now borders two completed cities
    board[(-1, -2)] = ("B", 0)  # (and nothing else changes for it)
    found = features(board, {}, {})
    field = holding(found, node(board, (0, 0), "field:En"))
    assert field.points_final == 6
    assert node(board, (-1, -1), "field:Nw") in field.members


# ----------------------------------------------------------------- tunnels (TU3, TU4, TU7)


def tunnel_board() -> Board:
    """W(1,0)'s crossing road → TU-B's east opening; TU-B's west opening ← TU-C's east
    opening; TU-C's south opening → W(-1,1)'s crossing road."""
    return {(1, 0): ("W", 0), (0, 0): ("TU-B", 0), (-1, 0): ("TU-C", 0), (-1, 1): ("W", 2)}


EAST_B: Opening = ((0, 0), 1)
WEST_B: Opening = ((0, 0), 3)
EAST_C: Opening = ((-1, 0), 1)
SOUTH_C: Opening = ((-1, 0), 2)


def roads(found: list[FloodFeature]) -> list[FloodFeature]:
    return sorted((f for f in found if f.kind == "road" and len(f.members) > 1), key=lambda f: min(f.members))


def test_without_tokens_every_opening_breaks_its_road():
    board = tunnel_board()
    got = roads(features(board, {}, {}))
    assert [f.members for f in got] == [
        {node(board, (-1, 0), "road:E"), node(board, (0, 0), "road:W")},
        {node(board, (-1, 0), "road:S"), node(board, (-1, 1), "road:N")},
        {node(board, (0, 0), "road:E"), node(board, (1, 0), "road:W")},
    ]
    assert [(f.openings, f.unpaired, f.complete) for f in got] == [
        ({EAST_C, WEST_B}, 2, False), ({SOUTH_C}, 1, False), ({EAST_B}, 1, False)]
    assert not any(f.open_edges for f in got)  # TU3: closed on every edge, still incomplete


def test_one_token_of_a_set_joins_nothing():
    got = roads(features(tunnel_board(), {}, {"red": [EAST_B]}))
    assert len(got) == 3
    assert [(f.unpaired, f.complete) for f in got] == [(2, False), (1, False), (1, False)]


def test_a_full_set_joins_two_roads_into_a_complete_one():
    board = tunnel_board()
    got = roads(features(board, {}, {"red": [EAST_B, SOUTH_C]}))
    assert len(got) == 2
    joined, rest = sorted(got, key=lambda f: -len(f.members))
    assert joined.members == {node(board, (1, 0), "road:W"), node(board, (0, 0), "road:E"),
                              node(board, (-1, 0), "road:S"), node(board, (-1, 1), "road:N")}
    assert joined.complete and joined.openings == {EAST_B, SOUTH_C} and joined.unpaired == 0
    assert joined.points_complete == 4  # the tunnel adds nothing (TU7)
    assert rest.members == {node(board, (-1, 0), "road:E"), node(board, (0, 0), "road:W")}
    assert not rest.complete and rest.unpaired == 2


def test_a_road_closed_through_its_own_tunnel_is_complete():
    got = roads(features(tunnel_board(), {}, {"red": [EAST_B, SOUTH_C], "blue": [WEST_B, EAST_C]}))
    assert len(got) == 2 and all(f.complete for f in got)
    assert sorted(f.points_complete for f in got) == [2, 4]


def test_a_tile_holding_both_openings_of_a_road_counts_once():
    board = tunnel_board()
    got = roads(features(board, {}, {"red": [EAST_B, WEST_B], "blue": [EAST_C, SOUTH_C]}))
    (road,) = got
    assert len(road.members) == 6 and road.cells == set(board)
    assert road.complete and road.unpaired == 0 and len(road.openings) == 4
    assert (road.points_complete, road.points_final) == (4, 4)  # TU7: TU-B and TU-C once each
    half = roads(features(board, {}, {"red": [EAST_B, WEST_B]}))
    assert len(half) == 2 and not any(f.complete for f in half)  # TU9: TU-C's east opening is unpaired


# ------------------------------------------------------------ majority and the end (CB8, CB9)


def test_majority_takes_every_colour_tied_for_the_most():
    assert majority(Counter(red=2, blue=1)) == ("red",)
    assert majority(Counter(red=2, blue=2, green=1)) == ("blue", "red")
    assert majority(Counter()) == ()
    assert majority({"red": 0}) == ()


def test_final_scores_count_what_is_left_on_the_board():
    board = field_board()
    followers = {
        node(board, (0, 0), "road:E"): "red",     # D-U-L road, open east of U: 3 tiles, 3 points
        node(board, (-1, 0), "road:S"): "blue",   # L's south road, 1 tile
        node(board, (0, 0), "city:N"): "green",   # completed city: scored in play (4)
        node(board, (1, -1), "cloister"): "red",  # 3 tiles around: 1 + 3
        node(board, (1, 0), "field:Nw"): "blue",  # the field: one completed city, 3
        node(board, (1, 0), "field:Se"): "green",  # the south field touches no city: 0
    }
    found = features(board, followers, {})
    road = holding(found, node(board, (0, 0), "road:E"))
    assert road.cells == {(-1, 0), (0, 0), (1, 0)} and road.followers == Counter(red=1)
    assert final_scores(board, followers, {}) == {"blue": 1 + 3, "green": 0, "red": 3 + 4}
    assert final_scores(board, followers, {}, include_complete=True) == {"blue": 4, "green": 4, "red": 7}


def test_tied_followers_both_score_in_full():
    board = tunnel_board()
    followers = {node(board, (1, 0), "road:W"): "red", node(board, (-1, 1), "road:N"): "blue"}
    # Apart, each road is broken at its opening (TU3) and scores its 2 tiles.
    assert final_scores(board, followers, {}) == {"blue": 2, "red": 2}
    # Joined through a set, the road is complete: scored in play, not at the end ...
    assert final_scores(board, followers, {"red": [EAST_B, SOUTH_C]}) == {"blue": 0, "red": 0}
    # ... where each of the tied players took its 4 points (CB8).
    assert final_scores(board, followers, {"red": [EAST_B, SOUTH_C]}, include_complete=True) == {"blue": 4, "red": 4}
    three = {**followers, node(board, (0, 0), "road:E"): "blue"}
    assert final_scores(board, three, {"red": [EAST_B, SOUTH_C]}, include_complete=True) == {"blue": 4, "red": 0}


# ------------------------------------------------------------------- refused (CB3, CB4, TU)


@pytest.mark.parametrize("board, followers, tunnels, says", [
    ({(0, 0): ("D", 0), (1, 0): ("U", 1)}, {}, {}, "(CB3)"),          # road against field
    ({(0, 0): ("D", 0), (0, -1): ("E", 0)}, {}, {}, "(CB3)"),         # city against field
    ({(0, 0): ("Z", 0)}, {}, {}, "(TG2, TG3)"),
    ({(0, 0): ("D", 0)}, {((0, 0), 4): "red"}, {}, "(CB4)"),
    ({(0, 0): ("D", 0)}, {((1, 0), 0): "red"}, {}, "(CB4)"),
    ({(0, 0): ("D", 0)}, {}, {"red": [((0, 0), 1)]}, "(TU1)"),       # a road, but no opening
    ({(0, 0): ("TU-B", 0)}, {}, {"red": [((0, 0), 2)]}, "(TU1)"),    # a field edge
    ({(0, 0): ("TU-B", 0)}, {}, {"red": [((1, 0), 3)]}, "(TU1)"),    # no tile there
    ({(0, 0): ("TU-B", 0)}, {}, {"red": [((0, 0), 1)], "blue": [((0, 0), 1)]}, "(TU2)"),
    ({(0, 0): ("TU-B", 0)}, {}, {"red": [((0, 0), 1), ((0, 0), 1)]}, "(TU2)"),
    ({(0, 0): ("TU-B", 0)}, {}, {"red": []}, "(TU4)"),
    ({(0, 0): ("TU-A", 0)}, {}, {"red": [((0, 0), 1), ((0, 0), 2), ((0, 0), 3)]}, "(TU4)"),
])
def test_bad_boards_are_refused(board: Board, followers: dict[Node, str],
                                tunnels: dict[str, list[Opening]], says: str) -> None:
    with pytest.raises(ValueError, match=re.escape(says)):
        features(board, followers, tunnels)


# ------------------------------------------------------------ random boards: invariants


def random_game(seed: int, tiles: int) -> tuple[Board, dict[Node, str], dict[str, list[Opening]]]:
    """A legal board grown tile by tile from the box (CB3), random followers on it and
    random tunnel sets (some with one token)."""
    rng = random.Random(seed)
    ts = tile_set()
    bag = ts.box()
    bag.remove(ts.start.name)
    rng.shuffle(bag)
    board: Board = {(0, 0): (ts.start.name, 0)}
    for name in bag[:tiles]:
        frontier = sorted({(x + dx, y + dy) for x, y in board for dx, dy in DELTA} - set(board))
        spots = []
        for cell in frontier:
            for r in range(4):
                edges = ts.oriented(name, r).edges
                if all(ts.oriented(*board[n]).edges[(e + 2) % 4] == edges[e]
                       for e in range(4) if (n := (cell[0] + DELTA[e][0], cell[1] + DELTA[e][1])) in board):
                    spots.append((cell, r))
        if spots:
            cell, r = rng.choice(spots)
            board[cell] = (name, r)
    nodes = sorted((c, i) for c, (name, r) in board.items() for i in range(len(ts.oriented(name, r).features)))
    followers = {n: rng.choice(("red", "blue", "green")) for n in rng.sample(nodes, min(len(nodes), 8))}
    openings = sorted((c, f.edges[0]) for c, (name, r) in board.items() for f in ts.oriented(name, r).features
                      if f.end == "opening")
    rng.shuffle(openings)
    tunnels: dict[str, list[Opening]] = {}
    for i in range(0, len(openings), 2):
        if rng.random() < 0.8:
            tunnels[f"set{i}"] = openings[i:i + 2]
    return board, followers, tunnels


def turned(board: Mapping[Cell, tuple[str, int]], followers: Mapping[Node, str],
           tunnels: Mapping[str, Sequence[Opening]], shift: Cell
           ) -> tuple[Board, dict[Node, str], dict[str, list[Opening]]]:
    """The same game turned a quarter clockwise about 0,0 (x, y -> -y, x with y south)
    and shifted: a tile's rotation grows by one, its features keep their indexes."""
    def at(c: Cell) -> Cell:
        return -c[1] + shift[0], c[0] + shift[1]
    return ({at(c): (name, (r + 1) % 4) for c, (name, r) in board.items()},
            {(at(c), i): who for (c, i), who in followers.items()},
            {k: [(at(c), (e + 1) % 4) for c, e in v] for k, v in tunnels.items()})


def summary(found: list[FloodFeature]) -> Counter[tuple[object, ...]]:
    return Counter((f.kind, len(f.members), len(f.cells), f.complete, f.pennants, f.unpaired, len(f.open_edges),
                    f.points_complete, f.points_final, tuple(sorted(f.followers.items()))) for f in found)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 24), st.tuples(st.integers(-5, 5), st.integers(-5, 5)))
def test_random_boards_keep_the_floods_invariants(seed: int, tiles: int, shift: Cell) -> None:
    board, followers, tunnels = random_game(seed, tiles)
    found = features(board, followers, tunnels)
    ts = tile_set()
    # Every feature of every tile lies in exactly one feature of the board.
    every = [(c, i) for c, (name, r) in board.items() for i in range(len(ts.oriented(name, r).features))]
    assert sorted(n for f in found for n in f.members) == sorted(every)
    for f in found:
        kinds = {ts.oriented(*board[c]).features[i].kind for c, i in f.members}
        assert kinds == {f.kind}
        assert f.cells == {c for c, _ in f.members}
        assert sum(f.followers.values()) == sum(1 for n in f.members if n in followers)
        if f.kind == "city":
            assert f.complete == (not f.open_edges)
            assert f.points_complete == 2 * f.points_final
        if f.kind == "road":
            assert f.complete == (not f.open_edges and f.unpaired == 0)
            assert f.points_final == f.points_complete == len(f.cells)
        if f.kind == "field":
            assert not f.complete and f.points_final % 3 == 0
            assert f.points_final == 3 * sum(1 for c in f.cities if found[c].complete)
        if f.kind == "cloister":
            assert f.complete == (f.points_final == 9)
    # The same game turned and shifted floods to the same features, moved.
    board2, followers2, tunnels2 = turned(board, followers, tunnels, shift)
    found2 = features(board2, followers2, tunnels2)
    assert summary(found2) == summary(found)
    def at(c: Cell) -> Cell:
        return -c[1] + shift[0], c[0] + shift[1]
    assert {frozenset((at(c), i) for c, i in f.members) for f in found} == {f.members for f in found2}
    for flag in (False, True):
        assert final_scores(board2, followers2, tunnels2, include_complete=flag) == \
            final_scores(board, followers, tunnels, include_complete=flag)
