"""Where things lie on a Der Tunnel tile: the shape of every feature, worked out from
the tile data alone (TG1), so that any tile, turned any way, draws right.

Units: a tile is :data:`U` (100) across, x east and y south as on the board (TG4),
the tile **unturned** (as ``tiles.yaml`` writes it); :func:`turn_point` turns a point
with the tile.  Nothing here draws: :mod:`.art` paints these shapes.

The shapes follow from a feature's edges and its end (no tile is drawn by hand):

* a road joining two opposite edges is straight; two neighbouring edges, a quarter
  circle about their shared corner (so it meets both edges square, at their middles,
  and runs on seamlessly into a neighbour's road); a road of one edge runs in from its
  edge's middle to its end: a crossing in the middle of the tile, the gate of the
  tile's city part, the door of the cloister, a group of houses near its edge (TU-D:
  the field flows round them, TG3), or a tunnel opening in the side of a hill in the
  middle of the tile (TU3);
* a city part covers its edges whole, bounded on the field side by a wall: a curve
  from corner to corner across each run of edges it does not hold (a cap for one
  edge, a diagonal for two neighbouring edges, a band for two opposite ones);
* the hill of a tunnel tile, its openings' roads and the roads' edges cut the fields
  apart exactly where the data says (TG3: TU-D's houses do not split its top field);
  :func:`regions` checks that by flood fill, and the tests hold every tile to it.

Each feature has an *anchor*, where a follower stands (CB4): on its road, inside its
city part, on the cloister, in its field clear of everything else.  A city part with
a pennant has the pennant's place too, away from the anchor.  An opening has its
token's place on the mouth (TU1).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .tiles import Feature, TileType, tile_set

Point = tuple[float, float]
Polyline = tuple[Point, ...]

U = 100.0
MID = (U / 2, U / 2)
#: A road's width and the edging on either side of it.
ROAD = 12.0
ROAD_EDGE = 1.6
#: A city cap's depth (one edge), and a field's depth between city edges (a lens).
CAP = 27.0
LENS = 31.0
#: The wall along a city's field side.
WALL = 3.2
#: The hill of a tunnel tile.
HILL = 18.5
#: The crossing's little square, the cloister's footprint, the houses' cluster.
PLAZA = 8.5
CLOISTER = (34.0, 26.0)
#: The houses' cluster (along its road's edge x across it), and how far in its middle
#: stands from the road's edge.
HOUSES = (33.0, 14.0)
HOUSES_AT = 23.0
#: The corners clockwise from north-west; edge ``e`` runs from corner e to corner e+1.
CORNERS: tuple[Point, ...] = ((0.0, 0.0), (U, 0.0), (U, U), (0.0, U))
MIDS: tuple[Point, ...] = ((U / 2, 0.0), (U, U / 2), (U / 2, U), (0.0, U / 2))
#: The unit step into the tile from each edge.
INWARD: tuple[Point, ...] = ((0.0, 1.0), (-1.0, 0.0), (0.0, -1.0), (1.0, 0.0))
#: Points along a curve.
STEPS = 24


# ------------------------------------------------------------------ plane helpers


def add(p: Point, q: Point, k: float = 1.0) -> Point:
    return p[0] + k * q[0], p[1] + k * q[1]


def lerp(p: Point, q: Point, t: float) -> Point:
    return p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t


def dist(p: Point, q: Point) -> float:
    return math.hypot(p[0] - q[0], p[1] - q[1])


def unit(p: Point, q: Point) -> Point:
    """The unit step from ``p`` towards ``q``."""
    d = dist(p, q) or 1.0
    return (q[0] - p[0]) / d, (q[1] - p[1]) / d


def turn_point(p: Point, rotation: int) -> Point:
    """``p`` turned with its tile ``rotation`` quarter turns clockwise (TG4)."""
    x, y = p
    for _ in range(rotation % 4):
        x, y = U - y, x
    return x, y


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = STEPS) -> Polyline:
    out = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return tuple(out)


def circle_points(c: Point, r: float, start: float, end: float, steps: int = STEPS) -> Polyline:
    """Points of an arc of the circle about ``c`` from angle ``start`` to ``end``
    (degrees, clockwise on the page)."""
    return tuple((c[0] + r * math.cos(math.radians(start + (end - start) * i / steps)),
                  c[1] + r * math.sin(math.radians(start + (end - start) * i / steps))) for i in range(steps + 1))


def segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def line_distance(p: Point, line: Sequence[Point]) -> float:
    return min(segment_distance(p, a, b) for a, b in itertools.pairwise(line))


def inside(p: Point, polygon: Sequence[Point]) -> bool:
    """Whether ``p`` lies inside the closed ``polygon`` (even-odd)."""
    x, y = p
    result = False
    n = len(polygon)
    for i in range(n):
        (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            result = not result
    return result


def polygon_distance(p: Point, polygon: Sequence[Point]) -> float:
    """Distance from ``p`` to the polygon's outline, negative inside."""
    d = line_distance(p, (*polygon, polygon[0]))
    return -d if inside(p, polygon) else d


def length(line: Sequence[Point]) -> float:
    return sum(dist(a, b) for a, b in itertools.pairwise(line))


def along(line: Sequence[Point], fraction: float) -> Point:
    """The point ``fraction`` of the way along a polyline."""
    goal = length(line) * fraction
    for a, b in itertools.pairwise(line):
        step = dist(a, b)
        if step >= goal and step > 0:
            return lerp(a, b, goal / step)
        goal -= step
    return line[-1]


# ------------------------------------------------------------------ shapes


@dataclass(frozen=True)
class Shape:
    """One feature's shape on the unturned tile.  ``line``: a road's centre line from
    its (first) edge to its other edge or its end; ``area``: a city part's outline (its
    edges and walls), a cloister's footprint; ``walls``: a city part's walls, each a
    curve from corner to corner on its field side; ``anchor``: where a follower
    stands; ``pennant``: where a city part's pennant is shown."""

    kind: str
    line: Polyline = ()
    area: Polyline = ()
    walls: tuple[Polyline, ...] = ()
    anchor: Point = MID
    pennant: Point | None = None


@dataclass(frozen=True)
class Mouth:
    """A tunnel opening: the road's edge, the middle of the arch's base (where the
    road ends, on the hill's side), the unit step from there into the hill, and where
    a token lies (on the mouth, TU1)."""

    edge: int
    base: Point
    into: Point
    token: Point


@dataclass(frozen=True)
class Layout:
    """Every shape of a tile type, unturned: ``shapes[i]`` is feature ``i``'s; the
    hill (centre and radius) of a tile with openings and the openings' mouths; the
    crossing's square; the houses' cluster."""

    name: str
    shapes: tuple[Shape, ...]
    hill: tuple[Point, float] | None = None
    mouths: tuple[Mouth, ...] = ()
    crossing: Point | None = None
    houses: Point | None = None

    def mouth(self, edge: int) -> Mouth:
        return next(m for m in self.mouths if m.edge == edge)


def _gaps(edges: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The runs of edges (clockwise) a city part does not hold."""
    held = set(edges)
    if len(held) == 4:
        return []
    start = next(e for e in range(4) if e in held and (e + 1) % 4 not in held)
    runs: list[tuple[int, ...]] = []
    run: list[int] = []
    for k in range(1, 5):
        e = (start + k) % 4
        if e in held:
            if run:
                runs.append(tuple(run))
                run = []
        else:
            run.append(e)
    if run:
        runs.append(tuple(run))
    return runs


def wall_curve(gap: tuple[int, ...]) -> Polyline:
    """A city part's wall across the run ``gap`` of edges it does not hold: from the
    corner where the run begins to the corner where it ends, clockwise."""
    a, b = CORNERS[gap[0]], CORNERS[(gap[-1] + 1) % 4]
    if len(gap) == 1:
        # A field's lens on that edge: the wall bows into the tile by LENS.
        inward = INWARD[gap[0]]
        return bezier(a, add(lerp(a, b, 0.25), inward, LENS * 4 / 3), add(lerp(a, b, 0.75), inward, LENS * 4 / 3), b)
    if len(gap) == 3:
        # A cap on the one edge held (the run's far side): bowing in by CAP.  Its ends
        # leave the corners at less than 45 degrees, so that two caps on neighbouring
        # edges (I) meet only at their shared corner.
        held = (gap[-1] + 1) % 4
        inward = INWARD[held]
        return bezier(a, add(lerp(a, b, 0.38), inward, CAP * 4 / 3), add(lerp(a, b, 0.62), inward, CAP * 4 / 3), b)
    # Two edges held next to each other: corner to corner, bowed a little towards the
    # corner they share (a point 0.32 of the way from the middle to it).
    own = CORNERS[(gap[-1] + 2) % 4]
    apex = lerp(MID, own, 0.32)
    return bezier(a, lerp(a, apex, 0.5), lerp(b, apex, 0.5), b)


def city_area(edges: tuple[int, ...]) -> tuple[Polyline, tuple[Polyline, ...]]:
    """A city part's outline (clockwise) and its walls."""
    gaps = _gaps(edges)
    if not gaps:
        return CORNERS, ()
    walls = tuple(wall_curve(g) for g in gaps)
    outline: list[Point] = []
    for g, wall in zip(gaps, walls, strict=True):
        outline += wall[:-1]
        # Then the held edges up to the next gap: their corners.
        e = (g[-1] + 1) % 4
        while e in edges:
            outline.append(CORNERS[e])
            e = (e + 1) % 4
    return tuple(outline), walls


def _hill(tile: TileType) -> tuple[Point, float] | None:
    """The hill of a tile with tunnel openings: in the middle, moved away from the
    edges that hold a city part or a houses road so that a field runs between."""
    if not any(f.end == "opening" for f in tile.features):
        return None
    centre = MID
    for f in tile.features:
        if f.kind == "city" or f.end == "houses":
            for e in f.edges:
                centre = add(centre, INWARD[e], 7.0)
    return centre, HILL


def _road_line(f: Feature, tile: TileType, hill: tuple[Point, float] | None, gate: dict[int, Point]) -> Polyline:
    """A road's centre line (see the module's docstring)."""
    if len(f.edges) == 2:
        e1, e2 = f.edges
        if (e2 - e1) % 2 == 0:
            return MIDS[e1], MIDS[e2]
        # Neighbouring edges: a quarter circle about their shared corner.
        first, second = (e1, e2) if (e2 - e1) % 4 == 1 else (e2, e1)
        corner = CORNERS[second]
        start = math.degrees(math.atan2(MIDS[first][1] - corner[1], MIDS[first][0] - corner[0]))
        end = math.degrees(math.atan2(MIDS[second][1] - corner[1], MIDS[second][0] - corner[0]))
        if end < start:
            end += 360.0
        if end - start > 180:
            start += 360.0
        return circle_points(corner, U / 2, start, end)
    (e,) = f.edges
    m, inward = MIDS[e], INWARD[e]
    if f.end == "opening" and hill is not None:
        centre, r = hill
        bend = add(m, inward, 22.0)
        base = add(centre, unit(centre, bend), r)
        return bezier(m, add(m, inward, 14.0), lerp(bend, base, 0.4), base, 12)
    if f.end == "houses":
        return m, add(m, inward, HOUSES_AT - HOUSES[1] / 2)
    if f.end == "city" and e in gate:
        return m, gate[e]
    if f.end == "cloister":
        w, h = CLOISTER
        reach = (h if e in (0, 2) else w) / 2
        return m, add(MID, inward, -reach)
    return m, MID  # a crossing: the middle


def houses_area(edge: int) -> Polyline:
    """The outline of the houses at the end of a road from ``edge`` (TU-D)."""
    w, h = HOUSES
    centre = add(MIDS[edge], INWARD[edge], HOUSES_AT)
    across = (abs(INWARD[edge][1]) * w / 2, abs(INWARD[edge][0]) * w / 2)
    deep = (abs(INWARD[edge][0]) * h / 2, abs(INWARD[edge][1]) * h / 2)
    dx, dy = across[0] + deep[0], across[1] + deep[1]
    return ((centre[0] - dx, centre[1] - dy), (centre[0] + dx, centre[1] - dy), (centre[0] + dx, centre[1] + dy),
            (centre[0] - dx, centre[1] + dy))


def _gates(tile: TileType) -> dict[int, Point]:
    """Where a road that ends at its tile's city meets the wall (S, T: the gate)."""
    found: dict[int, Point] = {}
    for f in tile.features:
        if f.kind == "city":
            for g in _gaps(f.edges):
                if len(g) == 1:
                    wall = wall_curve(g)
                    found[g[0]] = wall[len(wall) // 2]
    return found


class _Obstacles:
    """What a field's ground keeps clear of: roads (their centre lines), city parts,
    the cloister and the houses (their outlines), the hill and the crossing (discs),
    and, when asked, the tile's own edges.  Each with its bounding box, so that a far
    one costs nothing."""

    def __init__(self, lines: list[Polyline], areas: list[Polyline], discs: list[tuple[Point, float]]):
        pad = ROAD / 2 + ROAD_EDGE
        self.items: list[tuple[tuple[float, float, float, float], float, str, Polyline, float]] = []
        self.sides: dict[int, list[tuple[Point, Point]]] = {}
        for line in lines:
            self.items.append((_box(line), pad, "line", _coarse(line), 0.0))
        for area in areas:
            self.sides[len(self.items)] = _inner_sides(area)
            self.items.append((_box(area), 0.0, "area", area, 0.0))
        for c, r in discs:
            self.items.append(((c[0], c[1], c[0], c[1]), r, "disc", (c,), r))

    def clearance(self, p: Point, *, edges: bool = True) -> float:
        best = min(p[0], p[1], U - p[0], U - p[1]) if edges else U
        for k, ((x0, y0, x1, y1), pad, kind, points, r) in enumerate(self.items):
            dx, dy = max(x0 - p[0], 0.0, p[0] - x1), max(y0 - p[1], 0.0, p[1] - y1)
            if math.hypot(dx, dy) - pad >= best:
                continue
            if kind == "line":
                d = line_distance(p, points) - pad
            elif kind == "area":
                d = min((segment_distance(p, a, b) for a, b in self.sides[k]), default=U)
                d = -d if inside(p, points) else d
            else:
                d = dist(p, points[0]) - r
            best = min(best, d)
        return best

    def free(self, p: Point) -> bool:
        return self.clearance(p, edges=False) > 0


def _coarse(line: Polyline) -> Polyline:
    """Every other point of a long polyline (its ends kept): distances within a
    fraction of a unit, at half the cost."""
    return line if len(line) < 8 else (*line[:-1:2], line[-1])


def _inner_sides(area: Polyline) -> list[tuple[Point, Point]]:
    """An area's sides inside the tile, every other point of a curve: a point of the
    tile is no nearer to a side along the tile's edge than to that edge, which the
    caller counts when it asks."""
    sides = [(a, b) for a, b in zip(area, (*area[1:], area[0]), strict=True)
             if not (a[0] == b[0] in (0.0, U) or a[1] == b[1] in (0.0, U))]
    return [(sides[i][0], sides[min(i + 1, len(sides) - 1)][1]) for i in range(0, len(sides), 2)]


def _area_distance(p: Point, area: Polyline) -> float:
    """Distance from ``p`` to an area's sides inside the tile, negative inside."""
    d = min((segment_distance(p, a, b) for a, b in _inner_sides(area)), default=U)
    return -d if inside(p, area) else d


def _box(points: Sequence[Point]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


HALF_MIDS: tuple[Point, ...] = tuple(lerp(CORNERS[h // 2] if h % 2 == 0 else MIDS[h // 2],
                                          MIDS[h // 2] if h % 2 == 0 else CORNERS[(h // 2 + 1) % 4], 0.5)
                                     for h in range(8))
#: The grid (tile units) on which a field's anchor is looked for, and how far it keeps
#: from the tile's other anchors (a follower on the field must not seem to stand on
#: the road beside it).
ANCHOR_STEP = 4.0
SPACING = 12.0
EDGE_ROOM = 12.0


class Ground:
    """The open ground of a tile on a grid of ``step``: which cells are free of every
    obstacle, their pieces (flood fill) and the half-edges each piece reaches."""

    def __init__(self, obstacles: _Obstacles, step: float):
        self.step = step
        n = self.n = round(U / step)
        self.free = {(i, j): c for i in range(n) for j in range(n)
                     if (c := obstacles.clearance(self.centre((i, j)), edges=False)) > 0}
        self.piece: dict[tuple[int, int], int] = {}
        self.halves: list[set[int]] = []
        for cell in sorted(self.free):
            if cell in self.piece:
                continue
            label = len(self.halves)
            self.halves.append(set())
            self.piece[cell] = label
            todo = [cell]
            while todo:
                i, j = todo.pop()
                for near in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                    if near in self.free and near not in self.piece:
                        self.piece[near] = label
                        todo.append(near)
        for h in range(8):
            cell = self.cell(add(HALF_MIDS[h], INWARD[h // 2], step / 2))
            if cell in self.piece:
                self.halves[self.piece[cell]].add(h)

    def centre(self, cell: tuple[int, int]) -> Point:
        return (cell[0] + 0.5) * self.step, (cell[1] + 0.5) * self.step

    def cell(self, p: Point) -> tuple[int, int]:
        return min(self.n - 1, max(0, int(p[0] / self.step))), min(self.n - 1, max(0, int(p[1] / self.step)))

    def cells_of(self, halves: Iterable[int]) -> list[tuple[int, int]]:
        """The cells of every piece that reaches one of ``halves``."""
        want = set(halves)
        pieces = {k for k, hs in enumerate(self.halves) if hs & want}
        return sorted(c for c, k in self.piece.items() if k in pieces)


def _field_anchor(f: Feature, ground: Ground, taken: list[Point]) -> Point:
    """The spot of the field's ground clearest of everything else: obstacles and the
    other anchors; at least :data:`EDGE_ROOM` from the tile's edges where the field
    allows (a follower stands on its own tile), else as far in as it goes."""
    best: tuple[tuple[bool, float], Point] | None = None
    for cell in ground.cells_of(f.halves):
        p = ground.centre(cell)
        edge = min(p[0], p[1], U - p[0], U - p[1])
        score = (edge >= EDGE_ROOM, min([ground.free[cell], edge] + [dist(p, q) - SPACING for q in taken]))
        if best is None or score > best[0]:
            best = (score, p)
    assert best is not None, f"a field with no open ground next to its halves {f.halves}"
    return best[1]


@functools.cache
def layout(name: str) -> Layout:
    """The shapes of tile type ``name`` (unturned), worked out once."""
    tile = tile_set().types[name]
    hill = _hill(tile)
    gates = _gates(tile)
    shapes: list[Shape | None] = [None] * len(tile.features)
    lines: list[Polyline] = []
    areas: list[Polyline] = []
    discs: list[tuple[Point, float]] = []
    crossing = MID if any(f.end == "crossing" for f in tile.features) else None
    houses: Point | None = None
    mouths: list[Mouth] = []
    taken: list[Point] = []
    for i, f in enumerate(tile.features):
        if f.kind == "road":
            line = _road_line(f, tile, hill, gates)
            lines.append(line)
            if len(f.edges) == 2:
                anchor = along(line, 0.5)
            elif f.end == "opening":
                anchor = add(MIDS[f.edges[0]], INWARD[f.edges[0]], 12.5)
            else:
                anchor = along(line, 0.5 if f.end in ("houses", "city") else 0.42)
                if f.end == "crossing":
                    anchor = add(MIDS[f.edges[0]], INWARD[f.edges[0]], 18.0)
            if f.end == "houses":
                houses = add(MIDS[f.edges[0]], INWARD[f.edges[0]], HOUSES_AT)
                areas.append(houses_area(f.edges[0]))
                anchor = add(MIDS[f.edges[0]], INWARD[f.edges[0]], 10.5)
            if f.end == "opening" and hill is not None:
                base = line[-1]
                into = unit(base, hill[0])
                mouths.append(Mouth(f.edges[0], base, into, add(base, into, 2.5)))
            shapes[i] = Shape("road", line=line, anchor=anchor)
            taken.append(anchor)
        elif f.kind == "city":
            area, walls = city_area(f.edges)
            areas.append(area)
            anchor, pennant = _city_spots(f, area)
            shapes[i] = Shape("city", area=area, walls=walls, anchor=anchor, pennant=pennant if f.pennant else None)
            taken += [anchor] + ([pennant] if f.pennant else [])
        elif f.kind == "cloister":
            w, h = CLOISTER
            area = ((MID[0] - w / 2, MID[1] - h / 2), (MID[0] + w / 2, MID[1] - h / 2), (MID[0] + w / 2, MID[1] + h / 2),
                    (MID[0] - w / 2, MID[1] + h / 2))
            areas.append(area)
            shapes[i] = Shape("cloister", area=area, anchor=(MID[0], MID[1] - 2.0))
            taken.append(MID)
    if hill is not None:
        discs.append(hill)
    if crossing is not None:
        discs.append((crossing, PLAZA))
    ground = Ground(_Obstacles(lines, areas, discs), ANCHOR_STEP)
    for i, f in enumerate(tile.features):
        if f.kind == "field":
            anchor = _field_anchor(f, ground, taken)
            taken.append(anchor)
            shapes[i] = Shape("field", anchor=anchor)
    done = tuple(s for s in shapes if s is not None)
    assert len(done) == len(shapes)
    return Layout(name, done, hill, tuple(mouths), crossing, houses)


def _city_spots(f: Feature, area: Polyline) -> tuple[Point, Point]:
    """A city part's follower spot and pennant spot: the two clearest points of its
    area that lie well apart (the deepest point first)."""
    candidates = [(float(x), float(y)) for x in range(4, 97, 4) for y in range(4, 97, 4)]
    inner = [(p, -_area_distance(p, area)) for p in candidates if inside(p, area)]
    # Keep off the tile's edges too: a follower stands on this tile.
    inner = [(p, min(d, p[0], p[1], U - p[0], U - p[1])) for p, d in inner]
    best = max(inner, key=lambda pd: (round(pd[1], 6), -abs(pd[0][0] - 50) - abs(pd[0][1] - 50)))[0]
    # The pennant: well inside (its shield needs room) and well away from the follower,
    # then the roomiest such place, towards the north-east on a tie (the data's
    # pennants are on cities reaching north).
    far = [(p, d) for p, d in inner if dist(p, best) >= 24.0] or inner
    second = max(far, key=lambda pd: (round(min(pd[1], 14.0), 6), round(pd[0][0] - pd[0][1], 6)))[0]
    return best, second


# ------------------------------------------------------------------ regions (checks)


def regions(name: str, step: float = 2.0) -> list[set[int]]:
    """Flood-fill the open ground of tile type ``name`` (everything but roads, city
    parts, the hill, the cloister, the houses and the crossing) on a grid of ``step``:
    the half-edges each connected piece reaches.  The tile data is drawn right when
    these pieces are exactly its fields (the tests check every tile type)."""
    ground = Ground(_obstacles(layout(name)), step)
    return [hs for hs in ground.halves if hs]


def _obstacles(lay: Layout) -> _Obstacles:
    lines = [s.line for s in lay.shapes if s.kind == "road"]
    areas = [s.area for s in lay.shapes if s.kind in ("city", "cloister")]
    discs: list[tuple[Point, float]] = []
    if lay.hill is not None:
        discs.append(lay.hill)
    if lay.crossing is not None:
        discs.append((lay.crossing, PLAZA))
    for f in tile_set().types[lay.name].features:
        if f.end == "houses":
            areas.append(houses_area(f.edges[0]))
    return _Obstacles(lines, areas, discs)


def clearance(name: str, p: Point) -> float:
    """How far ``p`` (unturned) lies from everything on tile ``name`` that is not
    field ground (negative: on it)."""
    return _obstacles(layout(name)).clearance(p, edges=False)


def feature_at(name: str, p: Point, step: float = 2.0) -> int | None:
    """The feature of tile type ``name`` under ``p`` (unturned), or None where p lies
    on nothing a follower may stand on (the hill, the houses, the crossing)."""
    lay = layout(name)
    for i, s in enumerate(lay.shapes):
        if s.kind == "road" and line_distance(p, s.line) <= ROAD / 2 + ROAD_EDGE:
            return i
    for i, s in enumerate(lay.shapes):
        if s.kind in ("city", "cloister") and inside(p, s.area):
            return i
    obstacles = _obstacles(lay)
    if not obstacles.free(p):
        return None
    ground = _ground(name, step)
    cell = ground.cell(p)
    if cell not in ground.piece:
        return None
    reached = ground.halves[ground.piece[cell]]
    for i, f in enumerate(tile_set().types[name].features):
        if f.kind == "field" and reached & set(f.halves):
            return i
    return None


@functools.cache
def _ground(name: str, step: float) -> Ground:
    return Ground(_obstacles(layout(name)), step)


def field_ground(name: str) -> Ground:
    """The open ground of tile type ``name`` on a 2-unit grid (a field is tinted by
    its cells)."""
    return _ground(name, 2.0)


def spread(points: Iterable[Point]) -> float:
    """The least distance between any two of ``points`` (inf for fewer than two)."""
    pts = list(points)
    return min((dist(a, b) for i, a in enumerate(pts) for b in pts[i + 1:]), default=math.inf)
