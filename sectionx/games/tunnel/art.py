"""Der Tunnel in sectionx's own art: tiles, tunnel tokens and followers as scene items.

Every tile is drawn from its data (:mod:`.layout` works out where each feature lies),
so any of the 76 tiles, turned any way, draws right and meets its neighbours
seamlessly: a road leaves every road edge at its middle, square to it and
:data:`~.layout.ROAD` wide with the same edging; a city part fills its edges to the
corners; fields are one colour with a texture that repeats with the tile and looks the
same turned.  What lies on a tile:

* fields: green, finely dotted;
* roads: pale with darker edging, from edge to edge or to their end: a little square
  with a well at a crossing, a gate with two towers in a city's wall, the door of the
  cloister, a group of houses (TU-D), or a tunnel's mouth;
* city parts: warm ground and roofs, a stone wall with battlements on the field side,
  a pennant as a shield with a chevron (always upright on the page);
* a cloister: a hall with a gabled roof and a tower with a round bell window (our own
  mark, no sign of any faith);
* tunnel mouths: a dark arch with a stone rim in the side of a hill, plainly not a
  dead end (TU3).

Followers are a standing figure in the player's colour, outlined, with the colour's
shape on the chest; on a field it lies down (as players lay a farmer), so a field's
follower never reads as the road's.  A tunnel token is a disc of its set's colour with
the colour's shape and its set letter (TP3: red A, green B, blue C, yellow D, black E,
grey F), so that sets tell apart in greyscale and for colour-blind players.

Colours come from the theme (the template's ``meadow``, ``road``, ``city`` … keys),
so ``--ink-saver`` gives light fills with outlines; in greyscale the six colours take
six greys well apart (:data:`GREYS`).
"""

from __future__ import annotations

import functools
import math
import random

from ...render.scene import (
    IDENTITY,
    Circle,
    Document,
    Group,
    Item,
    Matrix,
    Path,
    Style,
    Symbol,
    Text,
    Use,
    arc_commands,
    compose,
    polygon,
    polyline,
    rotate,
    scale,
    translate,
)
from ...render.shapes import SHAPES, ink_on, shape
from ...render.theme import Theme, shade
from . import layout as lay
from .layout import Point, Polyline, U, add, lerp, turn_point
from .marks import Marks
from .model import COLOURS, SET_LETTERS, Position
from .tiles import Oriented, tile_set

#: Each colour's shape, printed on its followers and tokens: the house's shapes for
#: red, blue and yellow, green's star as Hekla prints it, and two more for black and grey.
SHAPE = {"red": "circle", "green": "star", "blue": "square", "yellow": "triangle", "black": "diamond",
         "grey": "hexagon"}
#: The six colours in greyscale, dark to light and well apart (the house's greys for
#: red, blue and yellow; the shape and the set letter tell them apart besides).
GREYS = {"black": "#111111", "red": "#333333", "blue": "#5f5f5f", "green": "#8c8c8c", "grey": "#a9a9a9",
         "yellow": "#c4c4c4"}
#: A follower's height and a token's diameter, as fractions of a tile's side.
FOLLOWER = 0.22
TOKEN = 0.18
#: The pennant's shield (tile units, width x height).
SHIELD = (11.0, 13.0)


def colour_fill(theme: Theme, colour: str) -> str:
    """A player's or token set's colour as the theme prints it (G4, TP3)."""
    if theme.greyscale:
        return GREYS[colour]
    return theme.colours[colour]


def _c(theme: Theme, key: str) -> str:
    return theme.colours[key]


# ------------------------------------------------------------------ shapes


def mark(name: str, cx: float, cy: float, size: float, style: Style) -> Item:
    """A colour's shape, ``size`` mm across: the house's shapes and a hexagon."""
    if name in SHAPES:
        return shape(name, cx, cy, size, style)
    r = size / 2
    return polygon([(cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k)))
                    for k in range(6)], style)


def _follower_outline(cx: float, cy: float, h: float, angle: float) -> Path:
    """A follower's silhouette ``h`` tall centred on (cx, cy), turned ``angle``
    degrees clockwise: head, arms out, legs apart."""
    neck = 0.1
    head_c, head_r = (0.0, -0.33), math.hypot(neck, 0.14)
    right = [(0.34, -0.14), (0.47, -0.08), (0.49, 0.0), (0.45, 0.07), (0.22, 0.08), (0.25, 0.27), (0.36, 0.47),
             (0.33, 0.5), (0.1, 0.5), (0.0, 0.31)]
    left = [(-x, y) for x, y in reversed(right[:-1])] + [(-neck, -0.19)]
    a = math.radians(angle)
    cos_a, sin_a = math.cos(a), math.sin(a)

    def at(p: Point) -> Point:
        x, y = p[0] * h, p[1] * h
        return cx + x * cos_a - y * sin_a, cy + x * sin_a + y * cos_a

    start = math.degrees(math.atan2(0.14, -neck))
    hc = at(head_c)
    commands: list[tuple[float | str, ...]] = [("M", *at((-neck, -0.19)))]
    commands += arc_commands(hc[0], hc[1], head_r * h, start + angle, 180 - start + 360 + angle)
    commands += [("L", *at(p)) for p in right + left]
    commands.append(("Z",))
    return Path(tuple(commands), Style())


def follower_items(theme: Theme, colour: str, cx: float, cy: float, size: float, *,
                   lying: bool = False) -> list[Item]:
    """A follower ``size`` mm tall centred on (cx, cy), in ``colour`` (a player's)
    with the colour's shape on its chest; ``lying``: laid on its side, as a field's
    follower is (CB4)."""
    fill = colour_fill(theme, colour)
    ink = _c(theme, "ink")
    angle = -90.0 if lying else 0.0
    outline = _follower_outline(cx, cy, size, angle)
    a = math.radians(angle)
    chest = (cx - 0.05 * size * math.sin(-a), cy + 0.05 * size * math.cos(a))
    return [Path(outline.commands, Style(fill=fill, stroke=ink, width=max(0.18, size * 0.05), join="round")),
            mark(SHAPE[colour], chest[0], chest[1], size * 0.27, Style(fill=ink_on(theme, fill)))]


def token_items(theme: Theme, set_colour: str, cx: float, cy: float, d: float) -> list[Item]:
    """One tunnel token ``d`` mm across centred on (cx, cy): its set's colour, the
    colour's shape above and the set's letter below (TU8, TP3)."""
    fill = colour_fill(theme, set_colour)
    ink = _c(theme, "ink")
    on = ink_on(theme, fill)
    letter_pt = 1.2 * d  # a capital about 0.3 d tall (Vera's capitals are 0.73 of the size)
    return [Circle(cx, cy, d / 2, Style(fill=fill, stroke=ink, width=max(0.15, d * 0.045))),
            Circle(cx, cy, d * 0.41, Style(stroke=on, width=max(0.1, d * 0.02))),
            mark(SHAPE[set_colour], cx, cy - d * 0.16, d * 0.27, Style(fill=on)),
            Text(cx, cy + d * 0.32, SET_LETTERS[set_colour], letter_pt, on, "middle", bold=True)]


# ------------------------------------------------------------------ tile art (tile units)


def _line_path(points: Polyline, style: Style) -> Path:
    return polyline(points, style)


def _meadow(theme: Theme, b: float) -> list[Item]:
    """The field: one colour to the bleed, and dots in a pattern that repeats with the
    tile and looks the same turned (so tiles side by side read as one meadow)."""
    items: list[Item] = [polygon([(-b, -b), (U + b, -b), (U + b, U + b), (-b, U + b)], Style(fill=_c(theme, "meadow")))]
    dots = _dot_pattern()
    style = Style(fill=_c(theme, "meadow_dots"))
    for shift_x in (-U, 0.0, U):
        for shift_y in (-U, 0.0, U):
            for (x, y), r in dots:
                px, py = x + shift_x, y + shift_y
                if -b - r < px < U + b + r and -b - r < py < U + b + r:
                    items.append(Circle(px, py, r, style))
    return items


@functools.cache
def _dot_pattern() -> tuple[tuple[Point, float], ...]:
    """Dots of a quarter of the tile, jittered by a fixed seed, turned into the other
    three quarters."""
    rng = random.Random(28)
    quarter = []
    cell = U / 8
    for i in range(4):
        for j in range(4):
            quarter.append(((cell * (i + 0.5) + rng.uniform(-3, 3), cell * (j + 0.5) + rng.uniform(-3, 3)),
                            rng.choice((0.55, 0.7, 0.85))))
    return tuple((turn_point(p, r), size) for r in range(4) for p, size in quarter)


def _normal(a: Point, b: Point) -> Point:
    """The unit normal to the right of the way from ``a`` to ``b`` (y down): the city
    side of a wall, whose outline runs clockwise."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy) or 1.0
    return -dy / d, dx / d


def _offset(line: Polyline, by: float) -> Polyline:
    out = []
    for i, p in enumerate(line):
        a, b = line[max(0, i - 1)], line[min(len(line) - 1, i + 1)]
        n = _normal(a, b)
        out.append(add(p, n, by))
    return tuple(out)


def _city(theme: Theme, shape_: lay.Shape, edges: tuple[int, ...], b: float, seed: str) -> list[Item]:
    """A city part: its ground to its edges (and the bleed beyond them), roofs, and a
    wall with battlements along each field side."""
    ground = _c(theme, "city")
    items: list[Item] = [polygon(shape_.area, Style(fill=ground))]
    for e in edges:
        # The bleed beyond a city edge is city too.
        c1, c2 = lay.CORNERS[e], lay.CORNERS[(e + 1) % 4]
        out = (-lay.INWARD[e][0] * b, -lay.INWARD[e][1] * b)
        along = ((c2[0] - c1[0]) / U * b, (c2[1] - c1[1]) / U * b)
        if b > 0:
            items.append(polygon([add(c1, along, -1), add(c2, along), add(add(c2, along), out),
                                  add(add(c1, along, -1), out)], Style(fill=ground)))
    items += _roofs(theme, shape_, seed)
    wall = _c(theme, "wall")
    dark = shade(wall, 0.55) if not theme.ink_saver else _c(theme, "ink")
    for w in shape_.walls:
        items.append(_line_path(w, Style(stroke=dark, width=lay.WALL + 1.1, join="round")))
        items.append(_line_path(w, Style(stroke=wall, width=lay.WALL, join="round")))
        # Battlements on the city side: a dashed band just inside the wall.
        items.append(_line_path(_offset(w, lay.WALL / 2 + 0.9), Style(stroke=wall, width=1.9, dash=(1.9, 1.7))))
        items.append(_line_path(_offset(w, -lay.WALL / 2 + 0.35), Style(stroke=shade(wall, 0.8), width=0.5)))
    return items


def _roofs(theme: Theme, shape_: lay.Shape, seed: str) -> list[Item]:
    """Little houses seen from above, packed in loose rows wherever one fits wholly
    inside the city part (clear of its walls and of the pennant's shield); sizes,
    turns and two shades of roof vary by a fixed seed, the same every time."""
    roof = _c(theme, "roof")
    ridge = shade(roof, 0.5) if not theme.ink_saver else _c(theme, "ink")
    rng = random.Random(seed)
    items: list[Item] = []
    for row in range(9):
        y = 6.0 + row * 11.0
        for col in range(9):
            x = 6.0 + col * 12.0 + (6.0 if row % 2 else 0.0)
            x, y_ = x + rng.uniform(-1.6, 1.6), y + rng.uniform(-1.2, 1.2)
            wide = rng.random() < 0.6
            long_, short = rng.uniform(7.5, 10.0), rng.uniform(5.5, 6.8)
            w, h = (long_, short) if wide else (short, long_)
            tone = shade(roof, rng.choice((1.0, 1.0, 0.9, 1.08 if not theme.ink_saver else 1.0)))
            if rng.random() < 0.3:
                continue
            corners = [(x - w / 2, y_ - h / 2), (x + w / 2, y_ - h / 2), (x + w / 2, y_ + h / 2), (x - w / 2, y_ + h / 2)]
            if not all(0.8 < cx < U - 0.8 and 0.8 < cy < U - 0.8 for cx, cy in corners):
                continue
            if not all(lay.inside(c, shape_.area) for c in corners):
                continue
            if any(lay.line_distance(c, w_) < lay.WALL + 2.4 for c in corners for w_ in shape_.walls):
                continue
            if shape_.pennant is not None and lay.dist((x, y_), shape_.pennant) < 11.0:
                continue
            items.append(polygon(corners, Style(fill=tone, stroke=ridge, width=0.35, join="round")))
            if wide:
                half = [(x - w / 2, y_), (x + w / 2, y_), (x + w / 2, y_ + h / 2), (x - w / 2, y_ + h / 2)]
                line = ((x - w / 2 + 0.2, y_), (x + w / 2 - 0.2, y_))
            else:
                half = [(x, y_ - h / 2), (x + w / 2, y_ - h / 2), (x + w / 2, y_ + h / 2), (x, y_ + h / 2)]
                line = ((x, y_ - h / 2 + 0.2), (x, y_ + h / 2 - 0.2))
            items.append(polygon(half, Style(fill=shade(tone, 0.8))))
            items.append(_line_path(line, Style(stroke=ridge, width=0.45)))
    return items


def _hill(theme: Theme, centre: Point, r: float) -> list[Item]:
    """The hill a tunnel tile's roads run into: a rounded mound with two contours."""
    hill = _c(theme, "hill")
    edge = shade(hill, 0.62) if not theme.ink_saver else _c(theme, "ink")
    pts = []
    for k in range(48):
        t = 2 * math.pi * k / 48
        rr = r * (1 + 0.045 * math.sin(5 * t + 0.7) + 0.03 * math.cos(3 * t))
        pts.append((centre[0] + rr * math.cos(t), centre[1] + rr * math.sin(t)))
    items: list[Item] = [polygon(pts, Style(fill=hill, stroke=edge, width=0.9, join="round"))]
    contour = Style(stroke=shade(hill, 0.8) if not theme.ink_saver else edge, width=0.55, cap="round")
    items.append(_line_path(lay.circle_points(centre, r * 0.62, 200, 290, 10), contour))
    items.append(_line_path(lay.circle_points(centre, r * 0.3, 20, 120, 8), contour))
    return items


def _frame(base: Point, into: Point) -> tuple[Point, Point]:
    """The unit steps of a local frame at a road's end: into the feature, and across."""
    return into, (-into[1], into[0])


def _mouth(theme: Theme, mouth: lay.Mouth) -> list[Item]:
    """A tunnel's mouth: a dark arch with a stone rim, its base across the road's end."""
    u, v = _frame(mouth.base, mouth.into)
    half = lay.ROAD / 2 + 0.6

    def at(du: float, dv: float) -> Point:
        return add(add(mouth.base, u, du), v, dv)

    straight = 2.2
    arch = [at(-0.6, -half), at(straight, -half)]
    for k in range(1, 12):
        t = math.pi * k / 12
        arch.append(at(straight + half * math.sin(t), -half * math.cos(t)))
    arch += [at(straight, half), at(-0.6, half)]
    # The stone arch round the dark: its voussoirs a band just outside the opening.
    outer = half + 1.5
    rim = [at(-0.6, -outer), at(straight, -outer)]
    for k in range(1, 16):
        t = math.pi * k / 16
        rim.append(at(straight + outer * math.sin(t), -outer * math.cos(t)))
    rim += [at(straight, outer), at(-0.6, outer)]
    stone = _c(theme, "stone")
    ink = _c(theme, "ink")
    return [_line_path(tuple(rim), Style(stroke=ink, width=3.9, join="round")),
            _line_path(tuple(rim), Style(stroke=stone, width=2.7, join="round")),
            _line_path(tuple(rim[1:-1]), Style(stroke=shade(stone, 0.7), width=2.7, dash=(0.45, 2.2))),
            polygon(arch, Style(fill=_c(theme, "mouth")))]


def _gate(theme: Theme, point: Point, into: Point) -> list[Item]:
    """A city gate where a road meets a wall: two little towers and a dark arch."""
    u, v = _frame(point, into)
    stone = _c(theme, "stone")
    ink = _c(theme, "ink")
    half = lay.ROAD / 2

    def at(du: float, dv: float) -> Point:
        return add(add(point, u, du), v, dv)

    items: list[Item] = []
    for side in (-1, 1):
        c = (0.0, side * (half + 2.6))
        items.append(polygon([at(c[0] - 2.8, c[1] - 2.8), at(c[0] + 2.8, c[1] - 2.8), at(c[0] + 2.8, c[1] + 2.8),
                              at(c[0] - 2.8, c[1] + 2.8)], Style(fill=stone, stroke=ink, width=0.5)))
    opening = [at(-1.8, -half + 0.6), at(0.8, -half + 0.6)]
    for k in range(1, 8):
        t = math.pi * k / 8
        opening.append(at(0.8 + (half - 0.6) * 0.7 * math.sin(t), -(half - 0.6) * math.cos(t)))
    opening += [at(0.8, half - 0.6), at(-1.8, half - 0.6)]
    items.append(polygon(opening, Style(fill=_c(theme, "mouth"))))
    return items


def _roofed(theme: Theme, centre: Point, w: float, h: float, along_x: bool) -> list[Item]:
    """A small house seen from above: a gabled roof, two shades either side of its
    ridge, eaves a darker shade, a chimney."""
    roof = _c(theme, "roof")
    eaves = shade(roof, 0.5) if not theme.ink_saver else _c(theme, "ink")
    x, y = centre
    corners = [(x - w / 2, y - h / 2), (x + w / 2, y - h / 2), (x + w / 2, y + h / 2), (x - w / 2, y + h / 2)]
    if along_x:
        half = [(x - w / 2, y), (x + w / 2, y), (x + w / 2, y + h / 2), (x - w / 2, y + h / 2)]
        ridge = ((x - w / 2, y), (x + w / 2, y))
        chimney = (x + w * 0.22, y - h * 0.22)
    else:
        half = [(x, y - h / 2), (x + w / 2, y - h / 2), (x + w / 2, y + h / 2), (x, y + h / 2)]
        ridge = ((x, y - h / 2), (x, y + h / 2))
        chimney = (x - w * 0.22, y + h * 0.22)
    return [polygon(corners, Style(fill=roof)),
            polygon(half, Style(fill=shade(roof, 0.78))),
            _line_path(ridge, Style(stroke=eaves, width=0.5)),
            polygon(corners, Style(stroke=eaves, width=0.6, join="round")),
            polygon([(chimney[0] - 0.9, chimney[1] - 0.9), (chimney[0] + 0.9, chimney[1] - 0.9),
                     (chimney[0] + 0.9, chimney[1] + 0.9), (chimney[0] - 0.9, chimney[1] + 0.9)],
                    Style(fill=_c(theme, "stone"), stroke=eaves, width=0.35))]


def _houses(theme: Theme, edge: int) -> list[Item]:
    """TU-D's group of houses at the end of its road: a little yard where the road
    ends, and three houses round it, the middle one turned."""
    centre = add(lay.MIDS[edge], lay.INWARD[edge], lay.HOUSES_AT)
    across = (abs(lay.INWARD[edge][1]), abs(lay.INWARD[edge][0]))
    deep = lay.INWARD[edge]
    along_x = across[0] > 0
    yard = polygon(lay.houses_area(edge), Style(fill=_c(theme, "road"), stroke=_c(theme, "road_edge"),
                                                width=lay.ROAD_EDGE * 0.6, join="round"))
    items: list[Item] = [yard]
    for shift, back, long_, short, turned in ((-10.6, 0.8, 10.0, 8.0, False), (10.6, 0.8, 10.0, 8.0, False),
                                              (0.0, 1.6, 10.0, 8.0, True)):
        c = add(add(centre, across, shift), deep, back)
        length_along = not turned
        w, h = (long_, short) if length_along else (short, long_)
        items += _roofed(theme, c, w if along_x else h, h if along_x else w, along_x == length_along)
    return items


def _cloister(theme: Theme) -> list[Item]:
    """The cloister: a hall with a gabled roof, a square tower with a round bell window,
    and a door to the south (where A's road arrives)."""
    ink = _c(theme, "ink")
    stone = _c(theme, "stone")
    roof = _c(theme, "roof")
    w, h = lay.CLOISTER
    x0, y0 = lay.MID[0] - w / 2, lay.MID[1] - h / 2
    items: list[Item] = []
    # A stone forecourt the size of the footprint, the hall on it.
    items.append(polygon([(x0, y0 + 3), (x0 + w, y0 + 3), (x0 + w, y0 + h), (x0, y0 + h)],
                         Style(fill=stone, stroke=ink, width=0.5)))
    hall = (x0 + 1.5, y0 + 4.5, w - 3.0, h - 9.0)
    hx, hy, hw, hh = hall
    items.append(polygon([(hx, hy), (hx + hw, hy), (hx + hw, hy + hh), (hx, hy + hh)], Style(fill=roof)))
    items.append(polygon([(hx, hy + hh / 2), (hx + hw, hy + hh / 2), (hx + hw, hy + hh), (hx, hy + hh)],
                         Style(fill=shade(roof, 0.78))))
    items.append(_line_path(((hx, hy + hh / 2), (hx + hw, hy + hh / 2)), Style(stroke=ink, width=0.5)))
    items.append(polygon([(hx, hy), (hx + hw, hy), (hx + hw, hy + hh), (hx, hy + hh)],
                         Style(stroke=ink, width=0.6, join="round")))
    # A round tower at the hall's north-west corner: a cone roof seen from above, and
    # on its top a round bell window (our own mark, no sign of any faith).
    c, r = (x0 + 5.5, y0 + 4.0), 6.2
    items.append(Circle(c[0], c[1], r, Style(fill=roof, stroke=ink, width=0.6)))
    for k in range(8):
        a = math.radians(22.5 + 45 * k)
        tone = shade(roof, 0.78) if math.sin(a) >= 0 else roof
        wedge = [c, (c[0] + r * math.cos(a), c[1] + r * math.sin(a)),
                 (c[0] + r * math.cos(a + math.radians(45)), c[1] + r * math.sin(a + math.radians(45)))]
        items.append(polygon(wedge, Style(fill=tone, stroke=shade(roof, 0.55), width=0.3, join="round")))
    items.append(Circle(c[0], c[1], r, Style(stroke=ink, width=0.6)))
    items.append(Circle(c[0], c[1], 2.2, Style(fill=stone, stroke=ink, width=0.45)))
    items.append(Circle(c[0], c[1], 0.9, Style(fill=ink)))
    # The door, on the south face.
    dx, dy = lay.MID[0], y0 + h
    door = [(dx - 2.6, dy), (dx - 2.6, dy - 2.5)] + [(dx - 2.6 * math.cos(math.pi * k / 8), dy - 2.5 - 2.6 * math.sin(math.pi * k / 8))
                                                     for k in range(1, 8)] + [(dx + 2.6, dy - 2.5), (dx + 2.6, dy)]
    items.append(polygon(door, Style(fill=_c(theme, "mouth"))))
    return items


def _crossing(theme: Theme, c: Point) -> list[Item]:
    """Where roads end at a crossing: a little square with a well."""
    road, edge = _c(theme, "road"), _c(theme, "road_edge")
    ink = _c(theme, "ink")
    return [Circle(c[0], c[1], lay.PLAZA, Style(fill=road, stroke=edge, width=lay.ROAD_EDGE)),
            Circle(c[0], c[1], 3.1, Style(fill=_c(theme, "stone"), stroke=ink, width=0.5)),
            Circle(c[0], c[1], 1.6, Style(fill=_c(theme, "mouth")))]


def _road_line(line: Polyline, edges: tuple[int, ...], b: float) -> Polyline:
    """A road's centre line, carried straight on into the bleed at its edges."""
    if b <= 0:
        return line
    pts = list(line)
    first = edges[0]
    pts.insert(0, add(pts[0], lay.INWARD[first], -b))
    if len(edges) == 2:
        pts.append(add(pts[-1], lay.INWARD[edges[1]], -b))
    return tuple(pts)


@functools.cache
def _art(theme: Theme, name: str, b: float) -> tuple[Item, ...]:
    """Tile type ``name`` drawn unturned in tile units (0..U), with ``b`` units of bleed."""
    tile = tile_set().types[name]
    shapes = lay.layout(name)
    items = _meadow(theme, b)
    for i, (f, s) in enumerate(zip(tile.features, shapes.shapes, strict=True)):
        if f.kind == "city":
            items += _city(theme, s, f.edges, b, f"{name}/{i}")
    if shapes.hill is not None:
        items += _hill(theme, *shapes.hill)
    roads = [(_road_line(s.line, f.edges, b), f) for f, s in zip(tile.features, shapes.shapes, strict=True)
             if f.kind == "road"]
    edge = _c(theme, "road_edge")
    road = _c(theme, "road")
    for line, _f in roads:
        items.append(_line_path(line, Style(stroke=edge, width=lay.ROAD + 2 * lay.ROAD_EDGE, join="round")))
    for line, _f in roads:
        items.append(_line_path(line, Style(stroke=road, width=lay.ROAD, join="round")))
    if shapes.crossing is not None:
        items += _crossing(theme, shapes.crossing)
    for line, f in roads:
        if f.end == "city":
            items += _gate(theme, line[-1], lay.INWARD[f.edges[0]])
        elif f.end == "houses":
            items += _houses(theme, f.edges[0])
    if any(f.kind == "cloister" for f in tile.features):
        items += _cloister(theme)
    for m in shapes.mouths:
        items += _mouth(theme, m)
    return tuple(items)


def _shield(theme: Theme, cx: float, cy: float, w: float, h: float) -> list[Item]:
    """A pennant: a shield with a chevron, upright on the page."""
    pennant = _c(theme, "pennant")
    stone = _c(theme, "stone")
    ink = _c(theme, "ink")
    top, mid, bottom = cy - h / 2, cy + h * 0.05, cy + h / 2
    commands: list[tuple[float | str, ...]] = [("M", cx - w / 2, top), ("L", cx + w / 2, top), ("L", cx + w / 2, mid),
                                               ("C", cx + w / 2, cy + h * 0.3, cx + w * 0.2, cy + h * 0.42, cx, bottom),
                                               ("C", cx - w * 0.2, cy + h * 0.42, cx - w / 2, cy + h * 0.3, cx - w / 2, mid),
                                               ("Z",)]
    on = ink_on(theme, pennant)
    chevron = [(cx - w * 0.36, cy + h * 0.12), (cx, cy - h * 0.2), (cx + w * 0.36, cy + h * 0.12),
               (cx + w * 0.36, cy + h * 0.3), (cx, cy - h * 0.02), (cx - w * 0.36, cy + h * 0.3)]
    return [Path(tuple(commands), Style(fill=pennant, stroke=ink, width=w * 0.07, join="round")),
            polygon(chevron, Style(fill=stone if on == "#ffffff" else ink))]


def tile_matrix(x: float, y: float, size: float, rotation: int) -> Matrix:
    """Tile units (unturned) to the page: the tile turned ``rotation`` quarter turns
    clockwise about its middle, its top-left corner at (x, y), ``size`` mm across."""
    c = U / 2
    return compose(translate(x, y), scale(size / U), translate(c, c), rotate(90.0 * rotation), translate(-c, -c))


def _clip(b: float) -> tuple[Point, ...]:
    return ((-b, -b), (U + b, -b), (U + b, U + b), (-b, U + b))


def upright_items(theme: Theme, tile: Oriented, x: float, y: float, size: float) -> list[Item]:
    """What stands upright on the page whichever way the tile is turned: its pennants."""
    items: list[Item] = []
    shapes = lay.layout(tile.tile.name)
    k = size / U
    for s in shapes.shapes:
        if s.pennant is not None:
            px, py = turn_point(s.pennant, tile.rotation)
            items += _shield(theme, x + px * k, y + py * k, SHIELD[0] * k, SHIELD[1] * k)
    return items


def tile_items(theme: Theme, tile: Oriented, x: float, y: float, size: float, *, bleed: float = 0.0) -> list[Item]:
    """One tile, its top-left corner at (x, y) mm and ``size`` mm across, as it lies
    (turned); with ``bleed`` the art runs that far past each edge (roads straight on,
    a city's ground, the field), clipped there."""
    b = round(bleed / size * U, 4)
    art = Group(_art(theme, tile.tile.name, b), tile_matrix(x, y, size, tile.rotation), _clip(b))
    return [art, *upright_items(theme, tile, x, y, size)]


def tile_symbol_name(name: str, bleed_units: float = 0.0) -> str:
    return f"tunnel-tile-{name}" + (f"-b{bleed_units:g}" if bleed_units else "")


def tile_symbol(theme: Theme, name: str, bleed_units: float = 0.0) -> Symbol:
    """Tile type ``name``'s art as one symbol, in tile units (place it with
    :func:`tile_use`): drawn once however often a page shows the tile."""
    b = bleed_units
    return Symbol(tile_symbol_name(name, b), (Group(_art(theme, name, b), IDENTITY, _clip(b)),), (-b, -b, U + b, U + b))


def tile_use(tile: Oriented, x: float, y: float, size: float, bleed_units: float = 0.0) -> Use:
    return Use(tile_symbol_name(tile.tile.name, bleed_units), tile_matrix(x, y, size, tile.rotation))


def anchor(tile: Oriented, local: int, x: float, y: float, size: float) -> Point:
    """Where a follower on feature ``local`` of ``tile`` (placed at x, y) stands, mm."""
    px, py = turn_point(lay.layout(tile.tile.name).shapes[local].anchor, tile.rotation)
    return x + px * size / U, y + py * size / U


def token_spot(tile: Oriented, edge: int, x: float, y: float, size: float) -> Point:
    """Where a token on the opening at board edge ``edge`` of ``tile`` lies, mm."""
    mouth = lay.layout(tile.tile.name).mouth((edge - tile.rotation) % 4)
    px, py = turn_point(mouth.token, tile.rotation)
    return x + px * size / U, y + py * size / U


def placed_follower(theme: Theme, tile: Oriented, local: int, colour: str, x: float, y: float,
                    size: float) -> list[Item]:
    """A follower on feature ``local`` of a tile placed at (x, y), ``size`` mm across:
    on its road, in its city part, on the cloister, lying in its field."""
    cx, cy = anchor(tile, local, x, y, size)
    lying = tile.features[local].kind == "field"
    return follower_items(theme, colour, cx, cy, size * FOLLOWER, lying=lying)


def diagram(pos: Position, theme: Theme, *, title: str = "", marks: Marks | None = None, goal: str | None = None,
            coords: bool = False, crop: bool = False, panel: bool = True, tile: float | None = None,
            hand: str | None = None) -> Document:
    """The picture ``render`` draws (:func:`.picture.diagram`): the board with its
    followers and tokens, the players' scores and supplies beside it (``panel``), the
    annotations ``marks``, a title above and ``goal`` (a sentence) and the caption below;
    ``hand``: a tile in hand (a puzzle's), drawn in the panel."""
    from . import picture

    return picture.diagram(pos, theme, title=title, marks=marks, goal=goal, coords=coords, crop=crop, panel=panel,
                           tile=tile, hand=hand)


__all__ = ["COLOURS", "FOLLOWER", "GREYS", "SHAPE", "TOKEN", "anchor", "colour_fill", "diagram", "follower_items",
           "lerp", "mark", "placed_follower", "tile_items", "tile_matrix", "tile_symbol", "tile_use", "token_items",
           "token_spot", "upright_items"]
