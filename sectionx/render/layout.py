"""Layout: where a hex cell lies on paper, in millimetres.

This is the only module that knows millimetres and the orientation of the page
(architecture: the grid is kept apart from the layout).  Pointy-top hexagons as
in :mod:`sectionx.hexgrid`; x grows to the right and y grows *down* the page,
so edge 0 (east) points right and the edges go round clockwise as on the board.

A tile's size is given *across its flats* (the distance between two opposite
edges), the measure a player handles and the one a board cell must match.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from ..hexgrid import SIDES, Cell

SQRT3 = math.sqrt(3.0)

Point = tuple[float, float]


@dataclass(frozen=True)
class Layout:
    """Cells to millimetres: ``across_flats`` is the tile size; ``origin`` is
    where the centre of cell 0,0 lies on the page."""

    across_flats: float = 40.0
    origin: Point = (0.0, 0.0)

    def __post_init__(self) -> None:
        if not self.across_flats > 0:
            raise ValueError("a tile must be larger than 0 mm across its flats")

    @property
    def radius(self) -> float:
        """Centre to corner (the circumradius) in mm."""
        return self.across_flats / SQRT3

    @property
    def across_corners(self) -> float:
        """Corner to opposite corner in mm (the tile's height on the page)."""
        return 2 * self.radius

    def centre(self, cell: Cell) -> Point:
        x = self.across_flats * (cell.q + cell.r / 2)
        y = 1.5 * self.radius * cell.r
        return self.origin[0] + x, self.origin[1] + y

    def corner(self, cell: Cell, index: int) -> Point:
        """Corner ``index`` (0-5): corner i lies between edges i and i+1, going clockwise."""
        cx, cy = self.centre(cell)
        angle = math.radians(60 * index + 30)
        return cx + self.radius * math.cos(angle), cy + self.radius * math.sin(angle)

    def corners(self, cell: Cell) -> list[Point]:
        return [self.corner(cell, i) for i in range(SIDES)]

    def edge_midpoint(self, cell: Cell, edge: int) -> Point:
        """The middle of ``edge``: where a tunnel opening meets the tile's rim, the
        same point for both tiles sharing the edge (so openings line up, P1)."""
        cx, cy = self.centre(cell)
        angle = math.radians(60 * (edge % SIDES))
        half = self.across_flats / 2
        return cx + half * math.cos(angle), cy + half * math.sin(angle)

    def bounds(self, cells: Iterable[Cell]) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) in mm of the hexagons of ``cells``."""
        xs: list[float] = []
        ys: list[float] = []
        for cell in cells:
            for x, y in self.corners(cell):
                xs.append(x)
                ys.append(y)
        if not xs:
            raise ValueError("no cells to measure")
        return min(xs), min(ys), max(xs), max(ys)

    def fitted(self, cells: Iterable[Cell], margin: float = 0.0) -> Layout:
        """The same size, moved so the hexagons of ``cells`` start at (margin, margin)."""
        cells = list(cells)
        left, top, _, _ = self.bounds(cells)
        return Layout(self.across_flats, (self.origin[0] - left + margin, self.origin[1] - top + margin))
