"""The game's art as scene symbols: tiles, tile backs, prisoners, doors, the master key.

Each tile *type* (its features) is drawn once, at rotation 0 and centred on
(0, 0), as a :class:`~sectionx.render.scene.Symbol`; a tile on the board or on
a sheet places that symbol turned by ``60 * rotation`` degrees (clockwise, G1).
Identical tiles (T01…T08) therefore share one symbol.

Feature kinds must be told apart at a glance and in greyscale (T1):

* tunnel — a dark band from opening to opening (straight, wide bend, tight bend);
* junction — bands meeting at a round hub wider than a band;
* dead end — a band stopped by a pale rubble plug with a dark bar;
* hideout — a round chamber, lighter rim, holding two bunks: a room for two (T2).

Openings meet the tile's rim at the middle of the edge, at a fixed width, on
every tile (P1), and continue into the bleed so a slightly-off cut shows no step.

Pieces on a tile (diagrams): a door stands across its band near the feature's
first opening, wholly inside the tile; a prisoner sharing the feature with a
door steps clear of it (:meth:`TileArt.door_pose`, :meth:`TileArt.guarded_spot`).

Only geometry and colours live here; pages and sheets are
:mod:`sectionx.games.sectionx.render.kit`'s, positions on a board :mod:`sectionx.games.sectionx.render.diagram`'s.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ....colours import Colour
from ....hexgrid import SIDES
from ....render.layout import SQRT3
from ....render.scene import (
    Circle,
    Command,
    Item,
    Path,
    Point,
    Style,
    Symbol,
    Text,
    apply,
    arc_commands,
    compose,
    polygon,
    rotate,
    translate,
)
from ....render.shapes import on_colour, symbol_shape
from ....render.theme import Theme
from ..model import Feature, FeatureKind, TileType

Segment = tuple[Any, ...]  # ("L", p0, p1) or ("A", cx, cy, r, start_deg, end_deg)

#: Prisoner token diameter on a board, as a fraction of the tile's across-flats
#: (three fit on one tile, T2).
PRISONER = 0.26
#: Door length (across the band) and depth (along it) on a board, as fractions of
#: the tile's across-flats.
DOOR = (0.38, 0.18)


def door_stroke(depth: float) -> float:
    """The outline width of a door ``depth`` mm deep (:func:`door_symbol`)."""
    return max(0.25, depth * 0.06)


def token_stroke(diameter: float) -> float:
    """The outline width of a prisoner token ``diameter`` mm across (:func:`prisoner_symbol`)."""
    return max(0.25, diameter * 0.03)


def hex_corners(across_flats: float, centre: Point = (0.0, 0.0)) -> list[Point]:
    """Corners of a pointy-top hexagon; corner i lies between edges i and i+1 (as Layout.corner)."""
    r = across_flats / SQRT3
    return [(centre[0] + r * math.cos(math.radians(60 * i + 30)), centre[1] + r * math.sin(math.radians(60 * i + 30)))
            for i in range(SIDES)]


def _dir(deg: float) -> Point:
    a = math.radians(deg)
    return math.cos(a), math.sin(a)


@dataclass(frozen=True)
class FeaturePath:
    """The centre line of one feature in the tile's own frame (rotation 0), as a
    polyline of sample points from its first opening; ``hub`` is where several
    openings meet (junctions, hideouts), else None."""

    kind: FeatureKind
    openings: tuple[int, ...]
    points: tuple[Point, ...]
    hub: Point | None

    def at(self, t: float) -> tuple[Point, float]:
        """The point at fraction ``t`` of the length and the direction there (degrees)."""
        pts = self.points
        lengths = [math.dist(pts[i], pts[i + 1]) for i in range(len(pts) - 1)]
        total = sum(lengths)
        goal = t * total
        for i, seg in enumerate(lengths):
            if goal <= seg or i == len(lengths) - 1:
                f = 0 if seg == 0 else min(1.0, goal / seg)
                (x0, y0), (x1, y1) = pts[i], pts[i + 1]
                return (x0 + f * (x1 - x0), y0 + f * (y1 - y0)), math.degrees(math.atan2(y1 - y0, x1 - x0))
            goal -= seg
        return pts[-1], 0.0  # pragma: no cover - empty path


class TileArt:
    """Tile geometry and symbols for one theme (sizes scale with ``theme.tile``)."""

    def __init__(self, theme: Theme):
        self.theme = theme
        self.F = theme.tile  # across the flats
        self.R = self.F / SQRT3  # centre to corner
        self.w = theme.tunnel * self.F  # tunnel width
        self.edge = max(0.35, self.w * 0.09)  # dark rim of a tunnel
        self.hub_r = self.w * 0.85
        self.chamber_r = self.F * 0.25

    # ------------------------------------------------------------ geometry

    def midpoint(self, edge: int, out: float = 0.0) -> Point:
        """Where an opening meets the rim (``out`` mm further outward, into the bleed)."""
        dx, dy = _dir(60 * edge)
        d = self.F / 2 + out
        return dx * d, dy * d

    def bend_arc(self, a: int, b: int) -> tuple[Point, float, float, float]:
        """The circle arc of a bend from opening ``a`` to opening ``b``: its centre, radius,
        and start and end angles (degrees, clockwise on the page), the short way round.

        A tight bend (neighbouring openings) is centred on the corner the two edges
        share, radius R/2; a wide bend (one edge between) on the centre of the
        neighbouring cell across the middle edge, radius 1.5 R.  Either circle meets
        both edge midpoints square to the edge, so bands line up across tiles (P1)."""
        diff = (b - a) % SIDES
        if diff in (1, 5):  # tight bend
            corner = a if diff == 1 else b
            c = (self.R * math.cos(math.radians(60 * corner + 30)), self.R * math.sin(math.radians(60 * corner + 30)))
            r = self.R / 2
        else:  # wide bend
            middle = (a + 1) % SIDES if diff == 2 else (b + 1) % SIDES
            c = (self.F * math.cos(math.radians(60 * middle)), self.F * math.sin(math.radians(60 * middle)))
            r = 1.5 * self.R
        pa, pb = self.midpoint(a), self.midpoint(b)
        sa = math.degrees(math.atan2(pa[1] - c[1], pa[0] - c[0]))
        sb = math.degrees(math.atan2(pb[1] - c[1], pb[0] - c[0]))
        sweep = (sb - sa + 540) % 360 - 180  # the short way round
        return c, r, sa, sa + sweep

    def _bend(self, a: int, b: int, n: int = 16) -> list[Point]:
        """Sample points of the arc from opening a to opening b (tight or wide bend)."""
        c, r, sa, ea = self.bend_arc(a, b)
        sweep = ea - sa
        return [(c[0] + r * math.cos(math.radians(sa + sweep * i / n)), c[1] + r * math.sin(math.radians(sa + sweep * i / n)))
                for i in range(n + 1)]

    def dead_end_stop(self, tile: TileType) -> float:
        """How far from the centre a dead end stops (nearer the rim on crowded tiles)."""
        return self.F * (0.16 if len(tile.features) > 1 else 0.06)

    def feature_path(self, tile: TileType, index: int) -> FeaturePath:
        f = tile.features[index]
        o = f.openings
        if f.kind is FeatureKind.TUNNEL:
            a, b = o
            pts = [self.midpoint(a), (0.0, 0.0), self.midpoint(b)] if (b - a) % SIDES == 3 else self._bend(a, b)
            return FeaturePath(f.kind, o, tuple(pts), None)
        if f.kind is FeatureKind.DEAD_END:
            dx, dy = _dir(60 * o[0])
            stop = self.dead_end_stop(tile)
            return FeaturePath(f.kind, o, (self.midpoint(o[0]), (dx * stop, dy * stop)), None)
        # junction or hideout: spokes to the centre
        pts = [self.midpoint(o[0]), (0.0, 0.0)] + ([self.midpoint(o[1])] if len(o) > 1 else [])
        return FeaturePath(f.kind, o, tuple(pts), (0.0, 0.0))

    # Per-TileArt memos, keyed by the tile's features (and the feature index).
    @cached_property
    def _anchor_cache(self) -> dict[tuple[object, ...], tuple[tuple[Point, ...], ...]]:
        return {}

    @cached_property
    def _pose_cache(self) -> dict[tuple[object, ...], tuple[Point, float]]:
        return {}

    @cached_property
    def _spot_cache(self) -> dict[tuple[object, ...], Point]:
        return {}

    @cached_property
    def _symbol_cache(self) -> dict[tuple[object, ...], Symbol]:
        return {}

    def anchors(self, tile: TileType) -> tuple[tuple[Point, ...], ...]:
        """Where prisoners stand on each feature, rotation 0: one point per place the
        feature has (two in a hideout, T2).  Features of a tile get points as far apart
        as their paths allow, so that tokens on one tile never overlap."""
        key = (tile.features,)
        if key in self._anchor_cache:
            return self._anchor_cache[key]
        chosen: list[tuple[Point, ...]] = []
        for i, f in enumerate(tile.features):
            path = self.feature_path(tile, i)
            if f.kind is FeatureKind.HIDEOUT:
                # Two bunks side by side across the chamber's main direction.
                main = 60 * f.openings[0]  # the first opening, for dead-end and through hideouts alike
                px, py = _dir(main + 90)
                d = self.chamber_r * 0.48
                chosen.append(((px * d, py * d), (-px * d, -py * d)))
                continue
            if f.kind is FeatureKind.JUNCTION:
                chosen.append(((0.0, 0.0),))
                continue
            if f.kind is FeatureKind.DEAD_END:
                chosen.append((path.at(0.45)[0],))
                continue
            others = [p for ps in chosen for p in ps]
            best = max((0.5, 0.42, 0.58, 0.34, 0.66),
                       key=lambda t: (min((math.dist(path.at(t)[0], q) for q in others), default=0.0), -abs(t - 0.5)))
            chosen.append((path.at(best)[0],))
        result = tuple(chosen)
        self._anchor_cache[key] = result
        return result

    # ------------------------------------------------------------ doors and the prisoner they guard
    #
    # One rule for every feature a door may stand on (D2: tunnels and dead ends):
    # the door stands across the band as near the feature's first opening as it
    # fits wholly inside the tile (on a bend it may slide towards the outside of
    # the curve, as long as it still spans the band); a prisoner on the same
    # feature keeps its usual spot if that is clear of the door, else stands on
    # the first point of the centre line beyond the door that is clear (on a
    # dead end this is deep in, by the rubble).

    def door_size(self) -> tuple[float, float]:
        """Door length (across the band) and depth (along it) in mm, as drawn on a board."""
        return round(DOOR[0] * self.F, 3), round(DOOR[1] * self.F, 3)

    def token_size(self) -> float:
        """Prisoner token diameter in mm, as drawn on a board."""
        return round(PRISONER * self.F, 3)

    def _centre_line(self, tile: TileType, index: int, t: float) -> tuple[Point, float, Point]:
        """The point at fraction ``t`` of a feature's centre line (from its first opening),
        the band's direction there (degrees) and the direction a door may slide across
        the band: outward on a bend, none on a straight band."""
        f = tile.features[index]
        if f.kind is FeatureKind.TUNNEL and (f.openings[1] - f.openings[0]) % SIDES != 3:
            c, r, sa, ea = self.bend_arc(*f.openings)
            phi = sa + (ea - sa) * t
            ox, oy = _dir(phi)
            heading = phi + (90 if ea > sa else -90)
            return (c[0] + r * ox, c[1] + r * oy), heading, (ox, oy)
        point, heading = self.feature_path(tile, index).at(t)
        return point, heading, (0.0, 0.0)

    def _door_fits(self, centre: Point, heading: float) -> bool:
        """Whether a door (outline included) centred on ``centre`` across a band running
        ``heading`` lies inside the tile's hexagon."""
        length, depth = self.door_size()
        pad = door_stroke(depth) / 2 + self.F * 0.005
        hl, hd = length / 2 + pad, depth / 2 + pad
        ux, uy = _dir(heading + 90)  # along the door
        vx, vy = _dir(heading)  # across the door
        for a, b in ((1, 1), (1, -1), (-1, -1), (-1, 1)):
            x = centre[0] + a * hl * ux + b * hd * vx
            y = centre[1] + a * hl * uy + b * hd * vy
            if any(x * ex + y * ey > self.F / 2 + 1e-9 for ex, ey in (_dir(60 * e) for e in range(SIDES))):
                return False
        return True

    def door_pose(self, tile: TileType, index: int) -> tuple[Point, float]:
        """Where a door stands on feature ``index`` (rotation 0) and the direction of the
        band there (degrees; the door lies across it): the first place from the
        feature's first opening where the whole door lies inside the tile."""
        key = ("door", tile.features, index)
        if key in self._pose_cache:
            return self._pose_cache[key]
        length, _ = self.door_size()
        # Slide no further than keeps the band (and its dark rim) covered.
        reach = max(0.0, length / 2 - self.w / 2 - self.edge)
        pose = None
        for k in range(201):
            t = k / 400  # the first half of the feature
            (x, y), heading, (ox, oy) = self._centre_line(tile, index, t)
            shifts = [reach * j / 8 for j in range(9)] if (ox, oy) != (0.0, 0.0) else [0.0]
            for d in shifts:
                if self._door_fits((x + ox * d, y + oy * d), heading):
                    pose = ((x + ox * d, y + oy * d), heading)
                    break
            if pose:
                break
        if pose is None:  # pragma: no cover - every door fits by the middle of its feature
            pose = self._centre_line(tile, index, 0.5)[:2]
        self._pose_cache[key] = pose
        return pose

    def door_clearance(self, tile: TileType, index: int, point: Point) -> float:
        """How far ``point`` lies from the door on feature ``index`` (its outline included);
        0 inside it."""
        (cx, cy), heading = self.door_pose(tile, index)
        length, depth = self.door_size()
        pad = door_stroke(depth) / 2
        ux, uy = _dir(heading + 90)
        dx, dy = point[0] - cx, point[1] - cy
        along, across = dx * ux + dy * uy, dx * uy - dy * ux
        return math.hypot(max(0.0, abs(along) - length / 2 - pad), max(0.0, abs(across) - depth / 2 - pad))

    def guarded_spot(self, tile: TileType, index: int) -> Point:
        """Where a prisoner stands on feature ``index`` (rotation 0) when a door stands on
        it too: its usual spot if that is clear of the door, else the first point of the
        centre line beyond it that is, else the far end of the feature."""
        key = ("guarded", tile.features, index)
        if key in self._spot_cache:
            return self._spot_cache[key]
        d = self.token_size()
        need = d / 2 + token_stroke(d) / 2 + self.F * 0.01
        path = self.feature_path(tile, index)
        usual = self.anchors(tile)[index][0]
        grid = [k / 400 for k in range(401)]
        start = min(grid, key=lambda t: math.dist(path.at(t)[0], usual))
        spot = path.points[-1]
        for t in grid:
            if t >= start and self.door_clearance(tile, index, path.at(t)[0]) >= need:
                spot = path.at(t)[0]
                break
        self._spot_cache[key] = spot
        return spot

    # ------------------------------------------------------------ symbols

    def tile_name(self, tile: TileType) -> str:
        return "tile-" + "-".join(str(f) for f in tile.features)

    def _band(self, cmds: list[Command], colour: str, width: float, cap: str = "butt") -> Path:
        return Path(tuple(cmds), Style(stroke=colour, width=width, cap=cap, join="round"))

    def _feature_commands(self, tile: TileType, index: int) -> list[list[Command]]:
        """Centre lines as path commands, extended into the bleed at every opening."""
        f = tile.features[index]
        bleed = self.theme.bleed  # flush with the bleed edge, which is parallel to the tile edge
        out: list[list[Command]] = []
        if f.kind is FeatureKind.TUNNEL and (f.openings[1] - f.openings[0]) % SIDES != 3:
            a, b = f.openings
            c, r, s, e = self.bend_arc(a, b)
            start = self.midpoint(a, bleed)
            cmds: list[Command] = [("M", *start), ("L", *self.midpoint(a))]
            cmds += arc_commands(c[0], c[1], r, s, e)
            cmds.append(("L", *self.midpoint(b, bleed)))
            out.append(cmds)
            return out
        if f.kind is FeatureKind.TUNNEL:
            a, b = f.openings
            out.append([("M", *self.midpoint(a, bleed)), ("L", *self.midpoint(b, bleed))])
            return out
        path = self.feature_path(tile, index)
        for e in f.openings:
            end = path.points[-1] if f.kind is FeatureKind.DEAD_END else (0.0, 0.0)
            out.append([("M", *self.midpoint(e, bleed)), ("L", *end)])
        return out

    def tile_symbol(self, tile: TileType) -> Symbol:
        """The art of one tile type, rotation 0, bleed included (no id: see :meth:`tile_items`).
        Built once per tile type: identical tiles (T01…T08) and repeated calls share it."""
        key = ("symbol", tile.features)
        if key not in self._symbol_cache:
            self._symbol_cache[key] = self._draw_tile(tile)
        return self._symbol_cache[key]

    def _draw_tile(self, tile: TileType) -> Symbol:
        t = self.theme
        col = t.colours
        half = self.F / 2 + t.bleed
        items: list[Item] = [polygon(hex_corners(2 * half), Style(fill=col["rock"]))]
        # A few fixed pebbles give the rock some texture without hiding the tunnels.
        if col["rock_dots"] != col["rock"]:
            for k in range(9):
                a = 40 * k + 17
                d = self.F * (0.18 + 0.04 * (k % 4))
                x, y = d * math.cos(math.radians(a)), d * math.sin(math.radians(a))
                items.append(Circle(x, y, self.F * 0.012 * (1 + k % 3), Style(fill=col["rock_dots"])))
        # Bands: first every dark rim, then every fill, so crossings look right.
        cmds = [c for i in range(len(tile.features)) for c in self._feature_commands(tile, i)]
        for c in cmds:
            items.append(self._band(c, col["tunnel_edge"], self.w + 2 * self.edge))
        for c in cmds:
            items.append(self._band(c, col["tunnel"], self.w))
        for i, f in enumerate(tile.features):
            if f.kind is FeatureKind.JUNCTION:
                items.append(Circle(0, 0, self.hub_r, Style(fill=col["tunnel"], stroke=col["tunnel_edge"], width=self.edge * 1.6)))
            elif f.kind is FeatureKind.DEAD_END:
                items += self._dead_end(self.feature_path(tile, i))
            elif f.kind is FeatureKind.HIDEOUT:
                items += self._chamber(f)
        return Symbol(self.tile_name(tile), tuple(items), (-half - 1, -self.R - t.bleed * 1.2 - 1, half + 1, self.R + t.bleed * 1.2 + 1))

    def _dead_end(self, path: FeaturePath) -> list[Item]:
        col = self.theme.colours
        (x0, y0), (x1, y1) = path.points
        ang = math.degrees(math.atan2(y1 - y0, x1 - x0))
        ux, uy = _dir(ang)
        px, py = _dir(ang + 90)
        h = self.w / 2 + self.edge
        # A rubble plug: a pale rounded cap ending the band, crossed by a dark bar.
        plug = Circle(x1, y1, h, Style(fill=col["rock_dots"] if col["rock_dots"] != col["rock"] else col["rock"],
                                       stroke=col["tunnel_edge"], width=self.edge * 1.6))
        bar = Path((("M", x1 + px * h - ux * h * 0.2, y1 + py * h - uy * h * 0.2),
                    ("L", x1 - px * h - ux * h * 0.2, y1 - py * h - uy * h * 0.2)),
                   Style(stroke=col["tunnel_edge"], width=self.w * 0.28, cap="butt"))
        return [plug, bar]

    def _chamber(self, f: Feature) -> list[Item]:
        col = self.theme.colours
        r = self.chamber_r
        items: list[Item] = [Circle(0, 0, r + self.edge, Style(fill=col["tunnel_edge"])),
                             Circle(0, 0, r, Style(fill=col["hideout"]))]
        main = 60 * f.openings[0]
        px, py = _dir(main + 90)
        ux, uy = _dir(main)
        d = r * 0.48
        bw, bl = r * 0.34, r * 0.95  # a bunk: narrow and long, lying along the tunnel
        for s in (1, -1):
            cx, cy = px * d * s, py * d * s
            corners = [(cx + ux * bl / 2 + px * bw / 2, cy + uy * bl / 2 + py * bw / 2),
                       (cx + ux * bl / 2 - px * bw / 2, cy + uy * bl / 2 - py * bw / 2),
                       (cx - ux * bl / 2 - px * bw / 2, cy - uy * bl / 2 - py * bw / 2),
                       (cx - ux * bl / 2 + px * bw / 2, cy - uy * bl / 2 + py * bw / 2)]
            items.append(polygon(corners, Style(fill=col["hideout_bunk"], stroke=col["tunnel_edge"], width=self.edge, join="round")))
            # the pillow end, towards the first opening
            items.append(Circle(cx + ux * bl * 0.3, cy + uy * bl * 0.3, bw * 0.32, Style(fill=col["hideout"])))
        return items

    def id_position(self, tile: TileType) -> Point:
        """A corner pocket free of tunnels for the tile id (rotation 0)."""
        clear = self.w / 2 + self.edge + self.F * 0.05
        paths = [self.feature_path(tile, i) for i in range(len(tile.features))]
        samples = [p.at(k / 24)[0] for p in paths for k in range(25)]
        if any(f.kind is FeatureKind.HIDEOUT for f in tile.features):
            samples += [(self.chamber_r * math.cos(math.radians(a)), self.chamber_r * math.sin(math.radians(a))) for a in range(0, 360, 30)]
        for corner in (2, 1, 3, 0, 4, 5):  # lower left first: where a reader looks for small print
            a = math.radians(60 * corner + 30)
            for frac in (0.74, 0.66, 0.58):
                x, y = self.R * frac * math.cos(a), self.R * frac * math.sin(a)
                if all(math.dist((x, y), s) > clear for s in samples):
                    return x, y
        a = math.radians(150)
        return self.R * 0.74 * math.cos(a), self.R * 0.74 * math.sin(a)

    def id_size(self) -> float:
        """Font size (pt) of the tile id: small, but legible at 40 mm tiles."""
        return max(4.0, self.F * 0.15)

    def tile_items(self, tile: TileType, centre: Point, rotation: int, *, show_id: bool = True,
                   upright: bool = False) -> list[Item]:
        """One tile on a page: its symbol placed at ``centre`` turned ``rotation`` steps
        clockwise, and its id printed small in a free corner (turning with the tile, as
        it is printed on it; ``upright``: the corner turns, the id stays upright, as a
        diagram's reader reads it)."""
        from ....render.scene import Group, Use

        m = compose(translate(*centre), rotate(60 * rotation))
        items: list[Item] = [Use(self.tile_name(tile), m)]
        if show_id and upright:
            items.append(self.id_text(tile, centre, rotation))
        elif show_id:
            x, y = self.id_position(tile)
            size = self.id_size()
            items.append(Group((Text(x, y + size * 0.35 * 25.4 / 72, tile.id, size, self.theme.colours["ink"], "middle", True),), m))
        return items

    def id_text(self, tile: TileType, centre: Point, rotation: int) -> Text:
        """The tile id upright in its corner of the tile at ``centre`` turned ``rotation`` steps."""
        x, y = apply(compose(translate(*centre), rotate(60 * rotation)), self.id_position(tile))
        size = self.id_size()
        return Text(x, y + size * 0.35 * 25.4 / 72, tile.id, size, self.theme.colours["ink"], "middle", True)

    def back_symbol(self) -> Symbol:
        """The back shared by every tile, so face-down stacks hide what they hold."""
        t = self.theme
        col = t.colours
        half = self.F / 2 + t.bleed
        items: list[Item] = [polygon(hex_corners(2 * half), Style(fill=col["back"]))]
        for k in range(3):
            items.append(polygon(hex_corners(self.F * (0.86 - 0.2 * k)), Style(stroke=col["back_pattern"], width=self.F * 0.025)))
        ink = col["paper"] if not t.ink_saver else col["ink"]
        # Read top to bottom, as the game's name: "SECTION" above the big "X" (the
        # card backs say "SECTION X" the same way).
        items.append(Text(0, -self.F * 0.13, "SECTION", self.F * 0.16, ink, "middle", True))
        items.append(Text(0, self.F * 0.17, "X", self.F * 0.95, ink, "middle", True))
        return Symbol("tile-back", tuple(items), (-half - 1, -self.R - t.bleed * 1.2 - 1, half + 1, self.R + t.bleed * 1.2 + 1))


# ------------------------------------------------------------------ player symbols and tokens


#: The shapes :func:`shape` draws: the players' four (G4) and the star of the tier marks.
def prisoner_symbol(theme: Theme, colour: Colour, diameter: float) -> Symbol:
    """A round prisoner token: the colour, a pale ring and the colour's shape (G4)."""
    r = diameter / 2
    ink = on_colour(theme, colour)
    fill = theme.player(colour)
    edge = theme.colours["ink"]
    items: list[Item] = [
        Circle(0, 0, r, Style(fill=fill, stroke=edge, width=token_stroke(diameter))),
        Circle(0, 0, r * 0.78, Style(stroke=ink, width=max(0.2, diameter * 0.03))),
        symbol_shape(colour, 0, 0, diameter * 0.5, Style(fill=ink)),
    ]
    return Symbol(f"prisoner-{colour.value}-{diameter:g}", tuple(items), (-r - 1, -r - 1, r + 1, r + 1))


def door_symbol(theme: Theme, colour: Colour, length: float, depth: float) -> Symbol:
    """A door lying along x (across a tunnel when turned 90° to the band): planks in
    the owner's colour, its shape on the middle plank."""
    ink = on_colour(theme, colour)
    fill = theme.player(colour)
    edge = theme.colours["ink"]
    w = door_stroke(depth)
    items: list[Item] = [polygon([(-length / 2, -depth / 2), (length / 2, -depth / 2), (length / 2, depth / 2), (-length / 2, depth / 2)],
                                 Style(fill=fill, stroke=edge, width=w, join="round"))]
    for k in (-1, 1):  # plank joints
        x = k * length / 6
        items.append(Path((("M", x, -depth / 2), ("L", x, depth / 2)), Style(stroke=ink, width=w * 0.7)))
    items.append(symbol_shape(colour, 0, 0, min(depth * 0.62, length / 3.5), Style(fill=ink)))
    for k in (-1, 1):  # iron hinges
        x = k * length * 0.36
        items.append(Path((("M", x, -depth * 0.32), ("L", x, depth * 0.32)), Style(stroke=edge, width=w * 2.2, cap="round")))
    return Symbol(f"door-{colour.value}-{length:g}x{depth:g}", tuple(items), (-length / 2 - 1, -depth / 2 - 1, length / 2 + 1, depth / 2 + 1))


def key_symbol(theme: Theme, size: float) -> Symbol:
    """A master key, ``size`` mm long, bit to the right (K1)."""
    ink = theme.colours["ink"]
    gold = "#d4a017" if not theme.ink_saver else "#ffffff"
    s = size
    w = max(0.25, s * 0.035)
    ring_r = s * 0.17
    cx = -s / 2 + ring_r
    items: list[Item] = [
        Path((("M", cx + ring_r * 0.8, 0), ("L", s / 2, 0)), Style(stroke=ink, width=s * 0.11 + 2 * w, cap="round")),
        Path((("M", cx + ring_r * 0.8, 0), ("L", s / 2, 0)), Style(stroke=gold, width=s * 0.11, cap="round")),
        polygon([(s * 0.22, 0), (s * 0.3, 0), (s * 0.3, s * 0.2), (s * 0.22, s * 0.2)], Style(fill=gold, stroke=ink, width=w)),
        polygon([(s * 0.36, 0), (s * 0.46, 0), (s * 0.46, s * 0.26), (s * 0.36, s * 0.26)], Style(fill=gold, stroke=ink, width=w)),
        Circle(cx, 0, ring_r, Style(fill=gold, stroke=ink, width=w)),
        Circle(cx, 0, ring_r * 0.45, Style(fill=theme.colours["paper"], stroke=ink, width=w)),
    ]
    return Symbol(f"key-{size:g}", tuple(items), (-s / 2 - 1, -ring_r - 1, s / 2 + 1, s * 0.3 + 1))
