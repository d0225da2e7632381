"""The tile art (render/art.py) checked from the outside.

Every check reads what a tile *draws* (the items of its symbol, placed by the
matrix the art gives a tile on the page) and measures it against the board's own
geometry (:class:`~sectionx.render.layout.Layout`) or against numbers worked out
by hand; none repeats the art's construction.

* Openings meet the middle of their edge (P1) and run on into the bleed.
* Features of one tile never touch or cross (T1, T4: "features never cross").
* A hideout draws two bunks, one token on each (T2).
* The tile id sits inside the tile, clear of every band.
* A turn of one step is 60 degrees clockwise on the page (G1).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator

import pytest

from sectionx.games.sectionx import formats
from sectionx.games.sectionx.model import FeatureKind, TileType
from sectionx.games.sectionx.render.art import TileArt
from sectionx.hexgrid import Cell
from sectionx.render.fonts import text_width
from sectionx.render.layout import Layout
from sectionx.render.scene import MM_PER_PT, Circle, Group, Path, Text, Use, apply
from sectionx.render.theme import default_theme

THEME = default_theme()
F = THEME.tile
BLEED = THEME.bleed
COL = THEME.colours
ART = TileArt(THEME)
CATALOGUE = formats.bundled_catalogue()
TILES = list(CATALOGUE.tiles)
#: One tile of each kind (identical tiles share their art).
KINDS = list({t.features: t for t in TILES}.values())
LAYOUT = Layout(F, (300.0, 200.0))
CELL = Cell(2, -1)
#: The smallest gap allowed between two features' ink (dark rims included): a
#: sliver of rock must show, also at 40 mm where 1 mm is a thin but clear line.
GAP = 0.02 * F

Point = tuple[float, float]


# ------------------------------------------------------------------ reading the art


def flatten(path: Path, matrix) -> list[Point]:
    """A path's outline as points (Béziers sampled), mapped by ``matrix``."""
    pts: list[Point] = []
    start = None
    for cmd in path.commands:
        op = cmd[0]
        if op == "M":
            pts.append((cmd[1], cmd[2]))
            start = pts[-1]
        elif op == "L":
            pts.append((cmd[1], cmd[2]))
        elif op == "C":
            x0, y0 = pts[-1]
            x1, y1, x2, y2, x3, y3 = cmd[1:]
            for k in range(1, 17):
                t = k / 16
                u = 1 - t
                pts.append((u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
                            u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3))
        elif op == "Z" and start is not None:
            pts.append(start)
    return [apply(matrix, p) for p in pts]


def placed(tile: TileType, rotation: int):
    """(symbol, the tile's matrix, the id's Text and its matrix) of ``tile`` on CELL."""
    items = ART.tile_items(tile, LAYOUT.centre(CELL), rotation)
    use = next(it for it in items if isinstance(it, Use))
    group = next(it for it in items if isinstance(it, Group))
    text = next(it for it in group.items if isinstance(it, Text))
    symbol = ART.tile_symbol(tile)
    assert use.name == symbol.name
    return symbol, use.matrix, text, group.matrix


def bands(tile: TileType, rotation: int = 0) -> list[list[Point]]:
    """Centre lines of the tunnel fill (the light band inside the dark rims), on the page."""
    symbol, m, _, _ = placed(tile, rotation)
    return [flatten(it, m) for it in symbol.items
            if isinstance(it, Path) and it.style.stroke == COL["tunnel"] and it.style.fill is None]


def seg_dist(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / n))
    return math.dist(p, (ax + t * dx, ay + t * dy))


def poly_dist(p: Point, poly: list[Point]) -> float:
    if len(poly) == 1:
        return math.dist(p, poly[0])
    return min(seg_dist(p, poly[i], poly[i + 1]) for i in range(len(poly) - 1))


def dense(poly: list[Point], step: float = 0.25) -> Iterator[Point]:
    """Points along a polyline, at most ``step`` mm apart."""
    yield poly[0]
    for a, b in itertools.pairwise(poly):
        n = max(1, math.ceil(math.dist(a, b) / step))
        for k in range(1, n + 1):
            yield a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n


def inside_hexagon(p: Point, corners: list[Point], slack: float = 1e-6) -> bool:
    """Whether ``p`` lies in the convex polygon ``corners`` (clockwise on the page)."""
    for a, b in zip(corners, corners[1:] + corners[:1]):
        cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        if cross < -slack * math.dist(a, b):
            return False
    return True


class Ink:
    """One dark or tunnel-coloured mark of a tile: a stroked outline (``poly`` with half
    its stroke width as ``r``) or a disc (``poly`` one point, ``r`` its radius)."""

    def __init__(self, poly: list[Point], r: float):
        self.poly, self.r = poly, r
        self.samples = list(dense(poly)) if len(poly) > 1 else poly

    def gap(self, other: Ink) -> float:
        """Rock showing between the two marks (negative when they overlap)."""
        a, b = (self, other) if len(self.samples) <= len(other.samples) else (other, self)
        return min(poly_dist(p, b.poly) for p in a.samples) - self.r - other.r


IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def inks(tile: TileType, matrix=IDENTITY) -> list[Ink]:
    """Everything a tile draws in tunnel colours (band rims and fills, dead-end bars,
    bunks, hubs, plugs and chambers; pebbles and the rock itself left out), mapped by
    ``matrix`` (a turn and a shift: radii stay)."""
    dark = {COL["tunnel"], COL["tunnel_edge"]}
    symbol = ART.tile_symbol(tile)
    out: list[Ink] = []
    for it in symbol.items:
        if isinstance(it, Path) and it.style.stroke in dark:
            out.append(Ink(flatten(it, matrix), it.style.width / 2))
        elif isinstance(it, Circle) and (it.style.fill in dark or it.style.stroke in dark):
            out.append(Ink([apply(matrix, (it.cx, it.cy))], it.r + (it.style.width / 2 if it.style.stroke else 0.0)))
    return out


def openings_of(polys: list[list[Point]], centre: Point = (0.0, 0.0)) -> set[int]:
    """Edges (page directions, 0 = east, clockwise) where a band reaches into the bleed."""
    found = set()
    for poly in polys:
        for x, y in poly:
            d = math.dist((x, y), centre)
            if d > F / 2 + BLEED * 0.5:
                a = math.degrees(math.atan2(y - centre[1], x - centre[0]))
                edge = round(a / 60) % 6
                assert abs((a - 60 * edge + 180) % 360 - 180) < 1.0, (x, y)
                found.add(edge)
    return found


# ------------------------------------------------------------------ openings (P1)


@pytest.mark.parametrize("rotation", range(6))
@pytest.mark.parametrize("tile", TILES, ids=lambda t: t.id)
def test_every_opening_meets_the_board_edge_midpoint_and_runs_into_the_bleed(tile, rotation):
    """P1: an opening is where the band's centre line crosses the middle of the edge, the
    same point the neighbouring tile's band uses (Layout.edge_midpoint), and the band
    runs on straight outward to the bleed's edge, so a cut a little off shows no step."""
    polys = bands(tile, rotation)
    centre = LAYOUT.centre(CELL)
    wanted = {(e + rotation) % 6 for f in tile.features for e in f.openings}
    for f in tile.features:
        for e in f.openings:
            edge = (e + rotation) % 6
            mid = LAYOUT.edge_midpoint(CELL, edge)
            out = ((mid[0] - centre[0]) / (F / 2), (mid[1] - centre[1]) / (F / 2))
            through = [p for p in polys if poly_dist(mid, p) <= 0.01]
            assert through, f"{tile.id}@{rotation}: no band through the middle of edge {edge}"
            # ... and on outward, square to the edge, to the bleed's edge.
            ends = [q for p in through for q in (p[0], p[-1])
                    if (q[0] - mid[0]) * out[0] + (q[1] - mid[1]) * out[1] >= BLEED - 0.01]
            assert ends, f"{tile.id}@{rotation}: the band at edge {edge} stops at the rim"
            for q in ends:
                dx, dy = q[0] - mid[0], q[1] - mid[1]
                assert abs(dx * out[1] - dy * out[0]) <= 0.01, (tile.id, rotation, edge, q)
    # No band leaves the tile anywhere else.
    assert openings_of(polys, centre) == wanted


# ------------------------------------------------------------------ features apart (T1, T4)


@pytest.mark.parametrize("tile", KINDS, ids=lambda t: str(t.features))
def test_features_of_one_tile_are_drawn_apart(tile):
    """T1/T4: the marks of a tile fall into exactly one connected group per feature, each
    group opening onto that feature's edges, and two groups never come closer than GAP."""
    marks = inks(tile)
    group = list(range(len(marks)))

    def find(i: int) -> int:
        while group[i] != i:
            group[i] = group[group[i]]
            i = group[i]
        return i

    for i in range(len(marks)):
        for j in range(i + 1, len(marks)):
            if marks[i].gap(marks[j]) <= 1e-6:
                group[find(i)] = find(j)
    groups: dict[int, list[Ink]] = {}
    for i, mark in enumerate(marks):
        groups.setdefault(find(i), []).append(mark)
    found = sorted(tuple(sorted(openings_of([m.poly for m in g]))) for g in groups.values())
    assert found == sorted(tuple(sorted(f.openings)) for f in tile.features)
    parts = list(groups.values())
    for i in range(len(parts)):
        for j in range(i + 1, len(parts)):
            gap = min(a.gap(b) for a in parts[i] for b in parts[j])
            assert gap >= GAP, f"{tile.features}: features only {gap:.2f} mm apart"


# ------------------------------------------------------------------ hideouts (T2)


def polygon_contains(poly: list[Point], p: Point) -> bool:
    inside = False
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
        if (y0 > p[1]) != (y1 > p[1]) and p[0] < x0 + (p[1] - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


@pytest.mark.parametrize("tile", [t for t in KINDS if t.has_hideout()], ids=lambda t: str(t.features))
def test_a_hideout_draws_two_bunks_one_token_on_each(tile):
    """T2: a hideout holds two prisoners; its chamber shows two bunks, side by side and
    apart, inside the chamber, and the two prisoner spots lie one on each bunk."""
    symbol = ART.tile_symbol(tile)
    bunks = [flatten(it, IDENTITY)[:-1] for it in symbol.items
             if isinstance(it, Path) and it.style.fill == COL["hideout_bunk"]]
    chamber = [it for it in symbol.items if isinstance(it, Circle) and it.style.fill == COL["hideout"] and it.r > F * 0.15]
    assert len(bunks) == 2 and len(chamber) == 1
    room = chamber[0]
    for bunk in bunks:
        assert all(math.dist(p, (room.cx, room.cy)) < room.r for p in bunk)
    a, b = bunks
    assert not any(polygon_contains(a, p) for p in b) and not any(polygon_contains(b, p) for p in a)
    gap = min(poly_dist(p, b + b[:1]) for p in dense(a + a[:1]))
    assert gap > F * 0.01
    index = next(i for i, f in enumerate(tile.features) if f.kind is FeatureKind.HIDEOUT)
    spots = ART.anchors(tile)[index]
    assert len(spots) == 2
    assert sorted(sum(polygon_contains(bunk, s) for s in spots) for bunk in bunks) == [1, 1]


# ------------------------------------------------------------------ the tile id


@pytest.mark.parametrize("rotation", (0, 3))
@pytest.mark.parametrize("tile", KINDS, ids=lambda t: str(t.features))
def test_the_tile_id_lies_inside_the_tile_clear_of_every_band(tile, rotation):
    """The id's box (its advance width, from cap height down to the descenders) lies
    inside the tile's hexagon and at least GAP away from every mark of the tunnels."""
    _, m, text, tm = placed(tile, rotation)
    assert text.text == tile.id
    w = text_width(text.text, text.size, text.bold, THEME)
    h = text.size * MM_PER_PT
    left = text.x - w / 2 if text.anchor == "middle" else text.x
    box = [(left, text.y - 0.73 * h), (left + w, text.y - 0.73 * h), (left + w, text.y + 0.24 * h), (left, text.y + 0.24 * h)]
    page_box = [apply(tm, p) for p in box]
    corners = LAYOUT.corners(CELL)
    assert all(inside_hexagon(p, corners) for p in page_box), (tile.id, page_box)
    # Clear of the tunnels, on the page: the art placed by the tile's matrix, the id by its own.
    edge = list(dense(page_box + page_box[:1], 0.2))
    for mark in inks(tile, m):
        clearance = min(poly_dist(p, mark.poly) for p in edge) - mark.r
        inside = any(polygon_contains(page_box, p) for p in mark.poly)
        assert clearance >= GAP and not inside, (tile.id, rotation, clearance)


# ------------------------------------------------------------------ rotation (G1)


def test_one_step_turns_a_tight_bend_clockwise_on_the_page():
    """G1: edges are numbered clockwise from east, and a tile turned one step turns 60
    degrees clockwise.  T16 (t01: east and south-east) turned once opens south-east
    and south-west (edges 1 and 2): both openings below the centre on the page.
    Worked out by hand for F = 40, bleed 3: an edge midpoint lies 20 mm from the
    centre, the bleed's edge 23 mm; at 60 and 120 degrees that is (+-10, +17.3205)
    and (+-11.5, +19.9186)."""
    tile = CATALOGUE["T16"]
    assert str(tile.features[0]) == "t01"
    cx, cy = LAYOUT.centre(CELL)
    polys = bands(tile, 1)
    ends = sorted((round(x - cx, 3), round(y - cy, 3)) for p in polys for x, y in (p[0], p[-1]))
    assert ends == [(-11.5, 19.919), (11.5, 19.919)]
    for mid in ((10.0, 17.3205), (-10.0, 17.3205)):
        assert min(poly_dist((cx + mid[0], cy + mid[1]), p) for p in polys) < 0.01
    # Unturned, the same tile opens east and south-east: one opening level with the centre.
    ends0 = sorted((round(x - cx, 3), round(y - cy, 3)) for p in bands(tile, 0) for x, y in (p[0], p[-1]))
    assert ends0 == [(11.5, 19.919), (23.0, 0.0)]


def test_the_tile_back_reads_section_x_top_to_bottom():
    """Issue 11: the back read "X" above "SECTION"; the game's name reads in order."""
    from sectionx.render.scene import Text
    back = ART.back_symbol()
    words = sorted((it.y, it.text) for it in back.items if isinstance(it, Text))
    assert [w for _, w in words] == ["SECTION", "X"]
