"""Layout: cells to millimetres (the only place that knows millimetres)."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sectionx.games.sectionx import formats
from sectionx.hexgrid import Cell, opposite
from sectionx.render.layout import SQRT3, Layout

cells = st.builds(Cell, st.integers(-12, 12), st.integers(-12, 12))
sizes = st.floats(10, 80)


def close(a, b, tol=1e-9):
    return math.isclose(a[0], b[0], abs_tol=tol) and math.isclose(a[1], b[1], abs_tol=tol)


@given(cells, st.integers(0, 5), sizes)
def test_neighbours_sit_one_tile_apart_and_share_their_edge(cell, edge, size):
    layout = Layout(size)
    other = cell.neighbour(edge)
    (x1, y1), (x2, y2) = layout.centre(cell), layout.centre(other)
    assert math.isclose(math.hypot(x2 - x1, y2 - y1), size)
    # The opening on this edge and the neighbour's opening meet at one point (P1).
    assert close(layout.edge_midpoint(cell, edge), layout.edge_midpoint(other, opposite(edge)), 1e-7)
    # ... and the two corners of the shared edge are shared too.
    mine = {(round(x, 6), round(y, 6)) for x, y in layout.corners(cell)}
    theirs = {(round(x, 6), round(y, 6)) for x, y in layout.corners(other)}
    assert len(mine & theirs) == 2


def test_edges_point_the_way_the_grid_says():
    """G1 on paper: edge 0 points right (east), edge 1 down-right, edge 3 left, y grows down."""
    layout = Layout(40)
    c = Cell(0, 0)
    assert close(layout.edge_midpoint(c, 0), (20, 0))
    assert close(layout.edge_midpoint(c, 3), (-20, 0))
    x, y = layout.edge_midpoint(c, 1)
    assert x > 0 and y > 0
    x, y = layout.edge_midpoint(c, 4)
    assert x < 0 and y < 0


@given(sizes)
def test_tile_measures(size):
    layout = Layout(size)
    assert math.isclose(layout.across_corners, 2 * size / SQRT3)
    left, top, right, bottom = layout.bounds([Cell(0, 0)])
    assert math.isclose(right - left, size) and math.isclose(bottom - top, layout.across_corners)


def test_standard_board_size_at_40_mm():
    """The radius-5 board at 40 mm tiles: 11 tiles across, 440 mm by about 393 mm."""
    board = formats.bundled_board("standard")
    left, top, right, bottom = Layout(40).bounds(board.cells)
    assert math.isclose(right - left, 440)
    assert math.isclose(bottom - top, 17 * 40 / SQRT3)


def test_fitted_moves_the_top_left_corner_to_the_margin():
    board = formats.bundled_board("compact")
    layout = Layout(30).fitted(board.cells, margin=10)
    left, top, _, _ = layout.bounds(board.cells)
    assert math.isclose(left, 10) and math.isclose(top, 10)


def test_refuses_nonsense():
    with pytest.raises(ValueError, match="larger than 0 mm"):
        Layout(0)
    with pytest.raises(ValueError, match="no cells"):
        Layout(40).bounds([])
