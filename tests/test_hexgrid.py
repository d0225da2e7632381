"""Hex grid (G1): axial cells, edge numbering, neighbours, distance, rotation, rings."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sectionx.hexgrid import (
    DIRECTIONS,
    EDGE_NAMES,
    ORIGIN,
    SIDES,
    Cell,
    corners,
    hexagon,
    opposite,
    parse_cell,
    ring,
    rotate_edge,
)

cells = st.builds(Cell, st.integers(-30, 30), st.integers(-30, 30))
steps = st.integers(-12, 12)


def test_edges_are_numbered_clockwise_from_east():
    """G1: edge 0 is east, then clockwise (screen y down): SE, SW, W, NW, NE."""
    assert EDGE_NAMES == ("E", "SE", "SW", "W", "NW", "NE")
    assert ORIGIN.neighbour(0) == Cell(1, 0)
    assert ORIGIN.neighbour(1) == Cell(0, 1)
    assert ORIGIN.neighbour(3) == Cell(-1, 0)
    # Rotating the east neighbour one step clockwise gives the south-east one.
    assert Cell(1, 0).rotated(1) == Cell(0, 1)


@given(cells, st.integers(0, 5))
def test_neighbour_across_an_edge_sees_the_opposite_edge(cell, edge):
    other = cell.neighbour(edge)
    assert other.neighbour(opposite(edge)) == cell
    assert cell.direction_to(other) == edge
    assert other.direction_to(cell) == opposite(edge)
    assert cell.distance(other) == 1


@given(cells, cells, cells)
def test_distance_is_a_metric(a, b, c):
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@given(cells, steps, cells)
def test_rotation_keeps_distance_and_has_period_six(cell, k, centre):
    rotated = cell.rotated(k, centre)
    assert rotated.distance(centre) == cell.distance(centre)
    assert cell.rotated(k + SIDES, centre) == rotated
    assert rotated.rotated(-k, centre) == cell


@given(cells, st.integers(0, 5), steps)
def test_rotating_a_cell_rotates_its_edges_the_same_way(cell, edge, k):
    """Turning the board and turning a tile agree: edge e becomes (e + k) % 6."""
    neighbour = cell.neighbour(edge).rotated(k)
    assert cell.rotated(k).direction_to(neighbour) == rotate_edge(edge, k)


def test_no_cell_is_its_own_neighbour_and_directions_are_distinct():
    assert len(set(DIRECTIONS)) == 6
    assert all(ORIGIN.neighbour(d) != ORIGIN for d in range(6))


@given(st.integers(0, 8))
def test_rings_and_hexagons_have_the_right_sizes(radius):
    r = ring(radius)
    assert len(r) == (1 if radius == 0 else 6 * radius)
    assert len(set(r)) == len(r)
    assert all(c.length() == radius for c in r)
    assert len(hexagon(radius)) == 3 * radius * (radius + 1) + 1
    # Walking the ring, each cell is next to the one before (a closed loop).
    if radius:
        assert all(r[i].distance(r[i - 1]) == 1 for i in range(len(r)))


def test_board_sizes_of_g2():
    """G2: radius 5 has 91 cells, radius 4 has 61; corners are at distance R."""
    assert len(hexagon(5)) == 91
    assert len(hexagon(4)) == 61
    assert corners(5) == [Cell(5, 0), Cell(0, 5), Cell(-5, 5), Cell(-5, 0), Cell(0, -5), Cell(5, -5)]


@given(cells)
def test_cell_text_round_trips(cell):
    assert parse_cell(str(cell)) == cell
    assert parse_cell(f" ( {cell.q} , {cell.r} ) ") == cell
    assert eval(repr(cell)) == cell  # noqa: S307 - repr reads back as the Python expression it is


def test_parse_cell_refuses_other_text():
    for bad in ["", "1", "1,", "a,b", "1;2", "1,2,3", "12345,1"]:
        with pytest.raises(ValueError, match="q,r"):
            parse_cell(bad)
