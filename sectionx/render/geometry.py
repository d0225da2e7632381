"""What covers what: plain geometry for keeping drawn things apart (diagrams).

A blob is a convex shape: the convex hull of its points (one point, a segment or a
polygon) grown by a radius.  A prisoner token is one point and its radius, a label's
pill a segment and half its height, a door or a line of text its corners.  Pure
functions of plain numbers, in page millimetres.
"""

from __future__ import annotations

import math

from .fonts import text_width
from .scene import IDENTITY, MM_PER_PT, Group, Item, Point, Text
from .theme import Theme

Blob = tuple[tuple[Point, ...], float]


def _seg_dist(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / n))
    return math.dist(p, (ax + t * dx, ay + t * dy))


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _inside(p: Point, poly: tuple[Point, ...]) -> bool:
    """Whether ``p`` lies inside the convex polygon ``poly`` (either winding)."""
    signs = [_cross(poly[i], poly[(i + 1) % len(poly)], p) for i in range(len(poly))]
    return all(v >= 0 for v in signs) or all(v <= 0 for v in signs)


def inside_loops(p: Point, loops: list[list[Point]]) -> bool:
    """Whether ``p`` lies inside the closed loops, convex or not (even-odd rule, a
    ray to the right): a point in a hole of a shape is outside it."""
    x, y = p
    inside = False
    for loop in loops:
        for (x1, y1), (x2, y2) in zip(loop, loop[1:] + loop[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
    return inside


def _edges(points: tuple[Point, ...]) -> list[tuple[Point, Point]]:
    if len(points) == 1:
        return [(points[0], points[0])]
    if len(points) == 2:
        return [(points[0], points[1])]
    return [(points[i], points[(i + 1) % len(points)]) for i in range(len(points))]


def _segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    return ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and 0 not in (d1, d2, d3, d4)


def blob_gap(a: Blob, b: Blob) -> float:
    """The distance between two blobs (0 or less where they overlap)."""
    (pa, ra), (pb, rb) = a, b
    if (len(pa) >= 3 and any(_inside(q, pa) for q in pb)) or (len(pb) >= 3 and any(_inside(q, pb) for q in pa)):
        return -ra - rb
    ea, eb = _edges(pa), _edges(pb)
    if any(_segments_cross(*e, *f) for e in ea for f in eb):
        return -ra - rb
    d = min([_seg_dist(p, *f) for p in pa for f in eb] + [_seg_dist(q, *e) for q in pb for e in ea])
    return d - ra - rb


def text_blob(t: Text, theme: Theme) -> Blob:
    """The box a line of text covers (unturned): its advance width, ascent and descent."""
    w = text_width(t.text, t.size, t.bold, theme)
    left = t.x - {"start": 0.0, "middle": w / 2, "end": w}[t.anchor]
    top, bottom = t.y - t.size * MM_PER_PT * 0.76, t.y + t.size * MM_PER_PT * 0.24
    return ((left, top), (left + w, top), (left + w, bottom), (left, bottom)), 0.0


def texts(items: list[Item] | tuple[Item, ...]) -> list[Text]:
    """The texts among ``items`` and in their groups (which the board does not move)."""
    out: list[Text] = []
    for it in items:
        if isinstance(it, Text):
            out.append(it)
        elif isinstance(it, Group) and it.matrix == IDENTITY:
            out += texts(it.items)
    return out


__all__ = ["Blob", "blob_gap", "text_blob", "texts"]
