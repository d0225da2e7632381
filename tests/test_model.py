"""Model values: tiles and rotations (T1), boards (G2, G3), places (M1), states hash."""

from hypothesis import given, settings
from hypothesis import strategies as st

from sectionx.colours import Colour
from sectionx.games.sectionx import formats
from sectionx.games.sectionx.model import (
    DEAD,
    FREED,
    ISLAND,
    Across,
    Feature,
    FeatureKind,
    PlaceKind,
    Scenario,
    TileType,
    green_place,
    tile_place,
)
from sectionx.hexgrid import Cell

from .strategies import states

CAT = formats.bundled_catalogue()
STANDARD = formats.bundled_board("standard")
COMPACT = formats.bundled_board("compact")


def test_feature_capacity_and_doors_follow_t2_and_d2():
    assert FeatureKind.HIDEOUT.capacity == 2
    assert all(k.capacity == 1 for k in FeatureKind if k is not FeatureKind.HIDEOUT)
    assert {k for k in FeatureKind if k.takes_door} == {FeatureKind.TUNNEL, FeatureKind.DEAD_END}


def test_rotation_moves_openings_clockwise():
    straight = CAT["T01"]  # t03
    assert straight.open_edges(0) == {0, 3}
    assert straight.open_edges(1) == {1, 4}
    assert straight.feature_at(1, 1) == 0 and straight.feature_at(0, 1) is None
    double = CAT["T30"]  # t03 t12
    assert double.feature_at(1, 0) == 1 and double.feature_at(3, 0) == 0


def test_distinct_rotations_count_symmetry():
    assert CAT["T01"].distinct_rotations == (0, 1, 2)  # straight: 3 looks
    assert CAT["T20"].distinct_rotations == (0, 1)  # Y junction: 2 looks
    assert len(CAT["T09"].distinct_rotations) == 6  # wide bend
    assert len(CAT["T38"].distinct_rotations) == 2  # three tight bends


@given(st.sampled_from(CAT.tiles), st.integers(0, 5))
def test_every_rotation_looks_like_one_of_the_distinct_ones(tile: TileType, rot):
    def look(r):
        return sorted((f.kind.value, f.rotated(r)) for f in tile.features)

    assert any(look(rot) == look(d) for d in tile.distinct_rotations)


def test_default_mix_has_every_kind_t3_asks_for():
    kinds = CAT.kind_counts()
    assert len(CAT.tiles) == 54
    for required in ["straight", "wide-bend", "tight-bend", "y-junction", "t-junction", "4-way", "dead-end",
                     "hideout", "through-hideout"]:
        assert kinds[required] > 0, required
    assert any(len(t.features) == 2 for t in CAT.tiles)
    assert any(len(t.features) == 3 for t in CAT.tiles)
    hideouts = [f for t in CAT.tiles for f in t.features if f.kind is FeatureKind.HIDEOUT]
    assert {len(f.openings) for f in hideouts} == {1, 2}  # dead-end and through hideouts


def test_boards_of_g2():
    assert len(STANDARD.tile_cells) == 78 and len(COMPACT.tile_cells) == 48
    assert len(STANDARD.island) == 7 and len(STANDARD.green) == 6
    assert [z.name for z in STANDARD.zones] == ["E", "SE", "SW", "W", "NW", "NE"]
    assert STANDARD.zone_of_cell[Cell(5, -5)] == "NE"
    # G3: four cell blocks, one per colour.
    assert {c for c, _ in STANDARD.cell_blocks} == set(Colour)


def test_green_distance_for_the_distance_rule_n3():
    assert STANDARD.green_distance[Cell(5, 0)] == 0
    assert STANDARD.green_distance[Cell(4, 0)] == 1
    assert STANDARD.green_distance[Cell(0, 0)] == 5


def test_what_lies_across_each_edge():
    cell = Cell(2, -1)  # its west edge (3) faces island cell 1,-1
    assert STANDARD.across(cell, 3) is Across.ISLAND
    assert STANDARD.across(Cell(4, 0), 0) is Across.GREEN
    assert STANDARD.across(Cell(4, 1), 1) is Across.RIM
    assert STANDARD.across(Cell(3, 0), 0) is Across.TILE_CELL


def test_places_text_and_play_status_m1():
    assert str(ISLAND) == "island" and str(FREED) == "freed" and str(DEAD) == "dead"
    assert str(tile_place(Cell(2, -1))) == "2,-1" and str(tile_place(Cell(2, -1), 1)) == "2,-1/1"
    assert str(green_place(Cell(5, 0))) == "5,0"
    assert ISLAND.in_play and tile_place(Cell(1, 1)).in_play
    assert not FREED.in_play and not DEAD.in_play and not green_place(Cell(5, 0)).in_play


def test_feature_order_and_text():
    assert Feature(FeatureKind.TUNNEL, (0, 3)) == Feature.parse("t30")
    assert PlaceKind("green") is PlaceKind.GREEN


@settings(max_examples=30, deadline=None)
@given(states())
def test_states_hash_and_compare_by_value(state):
    again = formats.loads(formats.dumps(Scenario(state))).state
    assert again == state and hash(again) == hash(state)
    assert len({state, again}) == 1
    if state.players[0].prisoners[0] != DEAD:
        changed = state.replace(round=state.round + 1)
        assert changed != state
