"""Hexagonal grid arithmetic: cells, edges, neighbours, distance, rotation, rings.

No game words live here (architecture: ``hexgrid <- model``).

Conventions (ruling G1):

* Cells are **pointy-top** hexagons in **axial** coordinates ``(q, r)``; the
  implicit third cube coordinate is ``s = -q - r``.  ``q`` grows to the east,
  ``r`` grows to the south-east (screen y points down).
* A cell's six **edges are numbered 0–5 clockwise, starting with the east
  edge**: 0 east, 1 south-east, 2 south-west, 3 west, 4 north-west,
  5 north-east.  Edge ``d`` of a cell is shared with the neighbour in
  direction ``d``, where that neighbour sees it as edge ``(d + 3) % 6``.
* Rotating a tile by ``k`` steps clockwise moves its edge ``e`` to
  ``(e + k) % 6``.

Only the render layout turns cells into millimetres; nothing here knows about
pages or orientation on paper beyond the compass names used for edges.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

#: Number of edges (and directions) of a hexagon.
SIDES = 6

#: Compass names of edges/directions 0–5 (pointy-top, clockwise from east).
EDGE_NAMES = ("E", "SE", "SW", "W", "NW", "NE")


class Cell(NamedTuple):
    """A hex cell in axial coordinates.  Small, immutable, hashable."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate (``q + r + s == 0``)."""
        return -self.q - self.r

    def neighbour(self, direction: int) -> Cell:
        """The cell across edge ``direction`` (0–5, see module docstring)."""
        dq, dr = DIRECTIONS[direction % SIDES]
        return Cell(self.q + dq, self.r + dr)

    def neighbours(self) -> tuple[Cell, ...]:
        """The six neighbours, in edge order 0–5."""
        return tuple(self.neighbour(d) for d in range(SIDES))

    def distance(self, other: Cell) -> int:
        """Hex distance (number of steps) between two cells."""
        dq = self.q - other.q
        dr = self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def length(self) -> int:
        """Distance from the origin."""
        return (abs(self.q) + abs(self.r) + abs(self.q + self.r)) // 2

    def rotated(self, steps: int, centre: Cell | None = None) -> Cell:
        """This cell rotated ``steps`` × 60° clockwise about ``centre`` (default origin)."""
        cq, cr = (centre.q, centre.r) if centre is not None else (0, 0)
        x, y, z = self.q - cq, self.r - cr, -(self.q - cq) - (self.r - cr)
        # One clockwise step in cube coordinates: (x, y, z) -> (-y, -z, -x).
        for _ in range(steps % SIDES):
            x, y, z = -y, -z, -x
        return Cell(x + cq, y + cr)

    def direction_to(self, other: Cell) -> int | None:
        """The edge of this cell shared with ``other``, or ``None`` if not adjacent."""
        delta = (other.q - self.q, other.r - self.r)
        try:
            return DIRECTIONS.index(delta)
        except ValueError:
            return None

    def __str__(self) -> str:
        return f"{self.q},{self.r}"

    def __repr__(self) -> str:
        return f"Cell({self.q}, {self.r})"


#: Axial offsets of the six neighbours, indexed by edge number.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, 0),  # 0 E
    (0, 1),  # 1 SE
    (-1, 1),  # 2 SW
    (-1, 0),  # 3 W
    (0, -1),  # 4 NW
    (1, -1),  # 5 NE
)

ORIGIN = Cell(0, 0)


def opposite(edge: int) -> int:
    """The edge number a neighbour uses for the edge we call ``edge``."""
    return (edge + 3) % SIDES


def rotate_edge(edge: int, steps: int) -> int:
    """Edge ``edge`` of a tile after rotating the tile ``steps`` × 60° clockwise."""
    return (edge + steps) % SIDES


def ring(radius: int, centre: Cell = ORIGIN) -> list[Cell]:
    """Cells at exactly ``radius`` from ``centre``, clockwise starting east."""
    if radius < 0:
        raise ValueError("radius must be >= 0")
    if radius == 0:
        return [centre]
    cells = []
    cell = Cell(centre.q + DIRECTIONS[0][0] * radius, centre.r + DIRECTIONS[0][1] * radius)
    # Walking a ring: from the east corner, go radius steps in each direction
    # starting with south-west (edge 2), turning clockwise.
    for side in range(SIDES):
        direction = (side + 2) % SIDES
        for _ in range(radius):
            cells.append(cell)
            cell = cell.neighbour(direction)
    return cells


def hexagon(radius: int, centre: Cell = ORIGIN) -> list[Cell]:
    """All cells within ``radius`` of ``centre``: centre first, then ring by ring."""
    cells: list[Cell] = []
    for k in range(radius + 1):
        cells.extend(ring(k, centre))
    return cells


def corners(radius: int, centre: Cell = ORIGIN) -> list[Cell]:
    """The six corner cells of a hexagon of ``radius``, in edge order (E first)."""
    return [Cell(centre.q + dq * radius, centre.r + dr * radius) for dq, dr in DIRECTIONS]


_CELL_RE = re.compile(r"^\s*\(?\s*([+-]?[0-9]{1,4})\s*,\s*([+-]?[0-9]{1,4})\s*\)?\s*$")


def parse_cell(text: str) -> Cell:
    """Parse ``"q,r"`` (spaces and surrounding parentheses allowed).

    Raises ``ValueError`` with a short explanation on anything else.
    """
    m = _CELL_RE.match(text)
    if not m:
        raise ValueError(f"{text!r} is not a cell; write cells as q,r, for example 2,-1")
    return Cell(int(m.group(1)), int(m.group(2)))


def iter_edges() -> Iterator[int]:
    """Edge numbers 0–5."""
    return iter(range(SIDES))
