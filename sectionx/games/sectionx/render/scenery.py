"""The printed board's scenery (issue 30): the sea round the prison island, its
coast, the title block, a compass rose and a scale bar.

Everything here is drawn in the board drawing's mm (:func:`.sheets.board_drawing`),
in flat vector shapes (no raster, so it prints sharp at any size and costs few
bytes), light enough that the tiles and the board's names read over it, and in
three modes: colour, ``--greyscale`` (the document is recoloured afterwards) and
``--ink-saver`` (white sea, pale grey lines).  Pure functions: theme and sizes in,
scene items out; where a piece goes is asked of a ``free(box)`` callback, so a
board of another shape loses a corner piece instead of drawing it over a cell.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ....render.fonts import text_width
from ....render.geometry import inside_loops
from ....render.scene import Circle, Item, Path, Point, Style, Text, polygon, pt_mm, rect
from ....render.theme import Theme, shade, tint

#: (left, top, right, bottom) in drawing mm.
Box = tuple[float, float, float, float]

#: Distances (mm) out from the coast of the water lines drawn round the island, the
#: old chart-maker's way of drawing shallows: closer together near the shore.
WATER_LINES = (5.5, 8.0, 11.0, 14.5)
#: The sea's waves: the grid they stand on (mm across, mm down) and one wave's
#: length and height (mm).  Fine and pale: a texture, not a picture.
WAVE_STEP = (11.0, 6.5)
WAVE_LENGTH = 5.4
WAVE_HEIGHT = 0.75


def _near(p: Point, loops: list[list[Point]], reach: float) -> bool:
    """Whether ``p`` lies within ``reach`` mm of the loops' outline (or inside them)."""
    if inside_loops(p, loops):
        return True
    for loop in loops:
        for a, b in zip(loop, loop[1:] + loop[:1], strict=True):
            dx, dy = b[0] - a[0], b[1] - a[1]
            n = dx * dx + dy * dy
            t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n))
            if math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy) < reach:
                return True
    return False


def _covered(y: float, loops: list[list[Point]], reach: float) -> list[tuple[float, float]]:
    """The stretches of the row at height ``y`` that lie inside the loops or within
    ``reach`` mm of their outline, as (x from, x to) - the same points as :func:`_near`,
    worked out once a row (a segment's band of ``reach`` meets a row in one stretch,
    being convex), not once a wave."""
    out: list[tuple[float, float]] = []
    crossings: list[float] = []
    for loop in loops:
        for (ax, ay), (bx, by) in zip(loop, loop[1:] + loop[:1], strict=True):
            if (ay > y) != (by > y):
                crossings.append(ax + (y - ay) * (bx - ax) / (by - ay))
            lo, hi = math.inf, -math.inf
            for px, py in ((ax, ay), (bx, by)):  # the discs at the ends
                if abs(y - py) < reach:
                    half = math.sqrt(reach * reach - (y - py) ** 2)
                    lo, hi = min(lo, px - half), max(hi, px + half)
            dx, dy = bx - ax, by - ay
            n = math.hypot(dx, dy)
            if n > 0 and dx != 0 and dy != 0:  # the band along the segment, where it is not an end disc
                # 0 <= t <= 1 (the foot of the perpendicular on the segment) ...
                t0 = (0 - (y - ay) * dy) / dx + ax
                t1 = (n * n - (y - ay) * dy) / dx + ax
                # ... and |distance to the line| < reach
                c0 = ax + (dx * (y - ay) - reach * n) / dy
                c1 = ax + (dx * (y - ay) + reach * n) / dy
                a, b = max(min(t0, t1), min(c0, c1)), min(max(t0, t1), max(c0, c1))
                if a < b:
                    lo, hi = min(lo, a), max(hi, b)
            elif n > 0 and dy == 0 and abs(y - ay) < reach:  # a level edge: its whole length
                lo, hi = min(lo, ax, bx), max(hi, ax, bx)
            elif n > 0 and dx == 0 and min(ay, by) <= y <= max(ay, by):  # an upright edge
                lo, hi = min(lo, ax - reach), max(hi, ax + reach)
            if lo < hi:
                out.append((lo, hi))
    crossings.sort()
    out += list(zip(crossings[::2], crossings[1::2], strict=False))
    return out


def line_colour(theme: Theme, strength: float = 1.0) -> str:
    """The sea's line colour: a shade of the water (pale grey where the sea is white)."""
    if theme.ink_saver:
        return tint("#9a9a9a", 1 - 0.45 * strength)
    return shade(theme.colours["sea"], 1 - 0.2 * strength)


def sea(w: float, h: float, theme: Theme, land: list[list[Point]]) -> list[Item]:
    """The sea filling the drawing (its first item, the water) and a fine texture of
    small waves in staggered rows, all in one path (a few hundred bytes a row).
    Waves the coast's water lines or the board would cover are left out."""
    items: list[Item] = [rect(0.0, 0.0, w, h, Style(fill=theme.colours["sea"]))]
    wave = Style(stroke=line_colour(theme, 0.8), width=0.22, cap="round")
    sx, sy = WAVE_STEP
    half, a = WAVE_LENGTH / 2, WAVE_HEIGHT
    clear = WATER_LINES[-1] + 1.5
    y = sy / 2
    row = 0
    while y < h - 2.0:
        cmds: list[tuple[str | float, ...]] = []
        x = (row % 2) * sx / 2 + 3.0
        covered = _covered(y, land, clear)
        while x < w - 3.0 - WAVE_LENGTH:
            if not any(a <= x + half <= b for a, b in covered):
                cmds += [("M", x, y), ("C", x + half * 0.33, y - a, x + half * 0.67, y - a, x + half, y),
                         ("C", x + half * 1.33, y + a, x + half * 1.67, y + a, x + WAVE_LENGTH, y)]
            x += sx
        if cmds:
            items.append(Path(tuple(cmds), wave))
        y += sy
        row += 1
    return items


def coast(land: list[list[Point]], theme: Theme, shore: float) -> list[Item]:
    """Water lines round the coast (:data:`WATER_LINES`), each drawn as a wide stroke
    of the line colour under a slightly narrower one of water, outermost first, so
    each leaves a thin line at its distance from the shore; then rocks along the
    shore.  ``shore``: how far (mm) the beach reaches past the board's outline."""
    sea_c = theme.colours["sea"]
    items: list[Item] = []
    for k, d in enumerate(sorted(WATER_LINES, reverse=True)):
        strength = 0.45 + 0.55 * (len(WATER_LINES) - 1 - k) / max(1, len(WATER_LINES) - 1)
        reach = shore + d
        for loop in land:
            items.append(polygon(loop, Style(stroke=line_colour(theme, strength), width=2 * reach + 0.3, join="round")))
            items.append(polygon(loop, Style(stroke=sea_c, width=2 * reach - 0.3, join="round")))
    items += rocks(land, theme, shore)
    return items


def _noise(k: int) -> float:
    """A fixed number in [0, 1) from ``k`` (no random module: the same bytes every build)."""
    return (math.sin(k * 12.9898 + 78.233) * 43758.5453) % 1.0


def rocks(land: list[list[Point]], theme: Theme, shore: float) -> list[Item]:
    """Rocks off the shore: a cluster of two to four at every other corner of the
    coast that points out to sea, just past the beach.  Irregular polygons in the
    rock colour with an ink edge and a pale highlight."""
    ink = theme.colours["ink"]
    body = tint(theme.colours["wall"], 0.55 if not theme.ink_saver else 0.85)
    light = tint(theme.colours["wall"], 0.85 if not theme.ink_saver else 0.95)
    items: list[Item] = []
    seed = 0
    for loop in land:
        n = len(loop)
        for i, p in enumerate(loop):
            prev, nxt = loop[i - 1], loop[(i + 1) % n]
            # a convex corner of a clockwise loop (y down): the turn is to the right
            turn = (p[0] - prev[0]) * (nxt[1] - p[1]) - (p[1] - prev[1]) * (nxt[0] - p[0])
            if turn <= 0 or i % 2:
                continue
            # outward: away from the mean of the two neighbours
            ox, oy = p[0] - (prev[0] + nxt[0]) / 2, p[1] - (prev[1] + nxt[1]) / 2
            norm = math.hypot(ox, oy) or 1.0
            ox, oy = ox / norm, oy / norm
            for j in range(2 + (i // 2) % 3):
                seed += 1
                size = 1.6 + 1.8 * _noise(seed) - 0.3 * j
                out = shore + 1.0 + size + 2.4 * j
                side = (j - 1.0) * 3.6 + 2.0 * (_noise(seed + 100) - 0.5)
                cx, cy = p[0] + ox * out - oy * side, p[1] + oy * out + ox * side
                pts = [(cx + size * (0.75 + 0.35 * _noise(seed * 7 + m)) * math.cos(2 * math.pi * m / 7 + _noise(seed)),
                        cy + size * 0.8 * (0.75 + 0.35 * _noise(seed * 7 + m)) * math.sin(2 * math.pi * m / 7 + _noise(seed)))
                       for m in range(7)]
                items.append(polygon(pts, Style(fill=body, stroke=ink, width=0.18, join="round")))
                items.append(Circle(cx - size * 0.3, cy - size * 0.25, size * 0.28, Style(fill=light)))
    return items


def title_block(w: float, h: float, theme: Theme, free: Callable[[Box], bool], edition: str) -> list[Item]:
    """The title block in the top-left corner: the game's name, a line under it, who
    made the original game and this edition, on a panel of the board's colour with a
    double edge.  Set as large as the corner holds (its type no smaller than 7 pt,
    the name no smaller than 24 pt); shorter credits, then no subtitle where the
    corner is small; none if even that does not fit."""
    col = theme.colours
    ink = col["ink"]
    full = [("SECTION X", 30.0, True), ("Escape from the prison island", 11.0, False),
            ("Original game: Section X, The Game Master, 2005", 7.5, False), (edition, 7.5, False)]
    # Where the corner is too small for the whole block (a board filling its sheet),
    # the credits go on two short lines, then the subtitle goes.
    short = full[:2] + [("Original game: The Game Master, 2005", 7.0, False), ("Print-and-play edition", 7.0, False)]
    tries = [(full, k) for k in (2.6, 2.1, 1.7, 1.45, 1.25, 1.1, 1.0, 0.93)] + [(short, k) for k in (0.93, 0.85)] \
        + [(short[:1] + short[2:], k) for k in (0.85, 0.8)]
    for lines, scale in tries:
        sizes = [max(7.0, pt * scale) for _, pt, _ in lines]
        widths = [text_width(t, s, b, theme) for (t, _, b), s in zip(lines, sizes, strict=True)]
        pad = 3.0 * scale
        inner_w = max(widths)
        heights = [pt_mm(s) * (0.78 if i == 0 else 1.0) for i, s in enumerate(sizes)]
        gaps = [0.0, 2.4 * scale, 3.6 * scale, 1.0 * scale][:len(lines)]
        if len(lines) == 3:
            gaps = [0.0, 3.6 * scale, 1.0 * scale]
        inner_h = sum(heights) + sum(gaps)
        x0, y0 = 7.5, 7.5
        box = (x0, y0, x0 + inner_w + 2 * pad, y0 + inner_h + 2 * pad)
        if box[2] > w - 7.5 or box[3] > h - 7.5 or not free(box):
            continue
        items: list[Item] = [rect(x0, y0, box[2] - x0, box[3] - y0, Style(fill=col["board"], stroke=ink, width=0.6)),
                             rect(x0 + 1.0, y0 + 1.0, box[2] - x0 - 2.0, box[3] - y0 - 2.0, Style(stroke=ink, width=0.2))]
        y = y0 + pad
        for i, ((text, _, bold), size) in enumerate(zip(lines, sizes, strict=True)):
            y += gaps[i]
            if i == len(lines) - 2:  # a rule between the title and the credits
                items.append(polygon([(x0 + pad, y - gaps[i] / 2), (x0 + pad + inner_w, y - gaps[i] / 2)],
                                     Style(stroke=ink, width=0.25)))
            y += heights[i]
            items.append(Text(x0 + pad, y - (pt_mm(size) * 0.02 if i == 0 else pt_mm(size) * 0.22), text, size, ink,
                              "start", bold))
        return items
    return []


def compass_rose(w: float, h: float, theme: Theme, free: Callable[[Box], bool]) -> list[Item]:
    """An eight-pointed compass rose in the bottom-left corner, north up (the board's
    free zones are named by the compass), as large as the corner holds up to 34 mm
    across the points; none if even 12 mm does not fit."""
    col = theme.colours
    ink = col["ink"]
    letter_pt = 9.0
    for r in (34.0, 28.0, 22.0, 19.0, 16.0, 14.0, 12.0):
        room = r + pt_mm(letter_pt) * 1.6
        cx, cy = 7.5 + room, h - 7.5 - room
        if not free((cx - room, cy - room, cx + room, cy + room)):
            continue
        items: list[Item] = [Circle(cx, cy, r * 0.72, Style(fill=tint(col["board"], 0.3), stroke=ink, width=0.25)),
                             Circle(cx, cy, r * 0.66, Style(stroke=ink, width=0.15))]
        # ink-saver: the dark halves in a mid grey (their ink edges still draw the rose)
        dark, pale = (ink, col["board"]) if not theme.ink_saver else (tint(ink, 0.6), "#ffffff")
        for k in range(8):
            a = math.radians(45 * k - 90)
            long_ = r if k % 2 == 0 else r * 0.55
            waist = r * (0.13 if k % 2 == 0 else 0.1)
            tip = (cx + long_ * math.cos(a), cy + long_ * math.sin(a))
            left = (cx + waist * math.cos(a - math.pi / 4) * 1.4, cy + waist * math.sin(a - math.pi / 4) * 1.4)
            right = (cx + waist * math.cos(a + math.pi / 4) * 1.4, cy + waist * math.sin(a + math.pi / 4) * 1.4)
            # each point in two halves, one dark and one pale: the classic rose's relief
            items.append(polygon([(cx, cy), left, tip], Style(fill=dark, stroke=ink, width=0.2, join="round")))
            items.append(polygon([(cx, cy), tip, right], Style(fill=pale, stroke=ink, width=0.2, join="round")))
        items.append(Circle(cx, cy, r * 0.06, Style(fill=pale, stroke=ink, width=0.2)))
        gap = pt_mm(letter_pt) * 0.55
        for letter, (dx, dy) in (("N", (0, -1)), ("E", (1, 0)), ("S", (0, 1)), ("W", (-1, 0))):
            lx, ly = cx + dx * (r + gap + (0 if dy else pt_mm(letter_pt) * 0.2)), cy + dy * (r + gap)
            base = ly + pt_mm(letter_pt) * (0.35 if dy == 0 else (0.0 if dy < 0 else 0.7))
            items.append(Text(lx, base, letter, letter_pt, ink, "middle", True))
        return items
    return []


def scale_bar(w: float, h: float, theme: Theme, free: Callable[[Box], bool], tile: float) -> list[Item]:
    """A map's scale bar in the bottom-right corner: one tile's width (across the
    flats) in alternate black and white tenths of 10 mm, with "print at actual size:
    this bar is N mm", so a player checks the print before gluing."""
    col = theme.colours
    ink = col["ink"]
    length = 50.0
    note_pt = 7.5
    note = f"Tiles {tile:g} mm across · print at actual size: this bar is {length:g} mm"
    nw = text_width(note, note_pt, False, theme)
    width = max(length, nw) + 6.0
    height = 6.0 + 3.0 + pt_mm(note_pt) + 3.0
    x1, y1 = w - 7.5, h - 7.5
    box = (x1 - width, y1 - height, x1, y1)
    if not free(box):
        return []
    items: list[Item] = [rect(box[0], box[1], width, height, Style(fill=col["board"], stroke=ink, width=0.3))]
    bx, by = x1 - 3.0 - length, box[1] + 3.0
    for k in range(5):
        items.append(rect(bx + k * length / 5, by, length / 5, 2.2,
                          Style(fill=ink if k % 2 == 0 else col["paper"], stroke=ink, width=0.2)))
    for k, label in ((0, "0"), (5, f"{length:g} mm")):
        items.append(Text(bx + k * length / 5, by + 2.2 + pt_mm(6.5) + 0.6, label, 6.5, ink,
                          "start" if k == 0 else "end"))
    items.append(Text(x1 - 3.0, y1 - 3.0, note, note_pt, ink, "end"))
    return items


__all__ = ["WATER_LINES", "coast", "compass_rose", "rocks", "scale_bar", "sea", "title_block"]
