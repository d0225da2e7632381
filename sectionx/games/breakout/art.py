"""Breakout positions drawn as a scene (``sectionx render``), for puzzle cards and
rule figures; the kit's wall uses the same geometry at print size.

The wall stands as players see it: row 1 at the bottom, field 1 at the left (BW1),
each row a slot with a push arrow at both ends labelled with its notation (``L3``,
``R3``).  Above row 5 the wall top has one section per column (BW2), where escaped
figures stand.  Knots are discs in their player's colour with the colour's shape
(yellow a triangle, blue a square), so a greyscale print still tells them apart.
The push B4 bars is crossed out on its arrow.  Under the wall: hands, escapes,
whose push, the B7/B9 count and, for a puzzle, its goal (BQ1).

Annotations (``annotations:`` in a Breakout file, :mod:`.formats`): highlighted
fields and pushes, a letter or word on a field, and a caption.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

from ...colours import Colour
from ...console import plural
from ...render import figures
from ...render.scene import Circle, Document, Item, Style, Text, line, polygon, polyline, rect
from ...render.shapes import ink_on, symbol_shape
from ...render.textfit import text_width
from ...render.theme import Theme
from .formats import NO_MARKS, Goal, Marks
from .rules import LONG_TURNS, PLAYERS, STALEMATE_TURNS, Action, Player, Position, Side, count_cause
from .text import goal_sentence

#: A field's side (mm) in a drawing; the kit scales it.
FIELD = 14.0
#: The width of a push arrow's end beside the wall.
END = 16.0
#: The wall top's height above row 5 (BW2), room for a standing figure.
TOP = 15.0
MARGIN = 4.0


def colour_of(player: Player) -> Colour:
    return Colour(player.value)


@dataclass
class _Geometry:
    rows: int
    fields: int
    x0: float = field(init=False)
    y0: float = field(init=False)

    def __post_init__(self) -> None:
        self.x0 = MARGIN + END
        self.y0 = MARGIN + TOP

    def field_box(self, row: int, col: int) -> tuple[float, float, float, float]:
        """(x, y, w, h) of field ``col`` of ``row`` (1-based, row 1 at the bottom)."""
        return (self.x0 + (col - 1) * FIELD, self.y0 + (self.rows - row) * FIELD, FIELD, FIELD)

    def centre(self, row: int, col: int) -> tuple[float, float]:
        x, y, w, h = self.field_box(row, col)
        return x + w / 2, y + h / 2

    @property
    def width(self) -> float:
        return self.fields * FIELD

    @property
    def height(self) -> float:
        return self.rows * FIELD


def knot(theme: Theme, player: Player, cx: float, cy: float, diameter: float) -> list[Item]:
    """A knot: a disc in the player's colour, an edge, and the colour's shape."""
    fill = theme.player(colour_of(player))
    return [Circle(cx, cy, diameter / 2, Style(fill=fill, stroke=theme.colours["ink"], width=max(0.25, diameter * 0.03))),
            symbol_shape(colour_of(player), cx, cy, diameter * 0.5, Style(fill=ink_on(theme, fill)))]


def figure(theme: Theme, player: Player, cx: float, foot: float, height: float) -> list[Item]:
    """An escaped figure standing on the wall top: head and body in the player's
    colour, its shape on the body."""
    fill = theme.player(colour_of(player))
    edge = Style(fill=fill, stroke=theme.colours["ink"], width=0.3)
    w = height * 0.55
    body = polygon([(cx - w / 2, foot), (cx + w / 2, foot), (cx + w * 0.3, foot - height * 0.62),
                    (cx - w * 0.3, foot - height * 0.62)], edge)
    head = Circle(cx, foot - height * 0.8, height * 0.18, edge)
    mark = symbol_shape(colour_of(player), cx, foot - height * 0.3, w * 0.45, Style(fill=ink_on(theme, fill)))
    return [body, head, mark]


def _arrow(theme: Theme, x: float, y: float, row: int, side: Side, *, barred: bool, lit: bool) -> list[Item]:
    """The push arrow at one end of a row, pointing into the wall, and its label."""
    ink = theme.colours["ink"]
    d = 1 if side is Side.LEFT else -1
    tip = x - d * 1.2
    head = [(tip, y), (tip - d * 5.0, y - 3.6), (tip - d * 5.0, y + 3.6)]
    fill = theme.colours["highlight"] if lit else ink
    out: list[Item] = [line((tip - d * 9.0, y), (tip - d * 4.0, y), Style(stroke=fill, width=1.2)),
                       polygon(head, Style(fill=fill))]
    out.append(Text(tip - d * 10.5, y + 1.3, f"{side.value}{row}", 7.5, ink, "end" if d == 1 else "start", bold=True))
    if barred:
        cx = tip - d * 5.0
        cross = Style(stroke="#c62828", width=0.9, cap="round")
        out += [line((cx - 3.4, y - 3.4), (cx + 3.4, y + 3.4), cross), line((cx - 3.4, y + 3.4), (cx + 3.4, y - 3.4), cross)]
    return out


def wall_items(theme: Theme, pos: Position, *, coords: bool, marks: Marks = NO_MARKS) -> tuple[list[Item], _Geometry]:
    """The wall, its ends and top, the knots and the escaped figures."""
    g = _Geometry(pos.wall.rows, pos.wall.fields)
    ink = theme.colours["ink"]
    items: list[Item] = [rect(g.x0 - 1.5, g.y0 - 1.5, g.width + 3, g.height + 3, Style(fill=theme.colours["tunnel"]))]
    lit = set(marks.fields)
    for r in range(1, g.rows + 1):
        for c in range(1, g.fields + 1):
            x, y, w, h = g.field_box(r, c)
            fill = theme.colours["highlight"] if (r, c) in lit else theme.colours["rock"]
            items.append(rect(x + 0.35, y + 0.6, w - 0.7, h - 1.2, Style(fill=fill, stroke=theme.colours["cell_line"], width=0.2)))
            if coords:
                items.append(Text(x + 1.0, y + h - 1.3, f"{r}.{c}", 4.5, theme.colours["cell_line"]))
    # The wall top (BW2): one section above each column.
    for c in range(1, g.fields + 1):
        x = g.x0 + (c - 1) * FIELD
        # Solid bars, or outlines under --ink-saver (five dark bars were the page's most ink).
        top = Style(fill=theme.colours["paper"], stroke=ink, width=0.3) if theme.ink_saver else \
            Style(fill=theme.colours["tunnel_edge"])
        items.append(rect(x + 0.35, g.y0 - 3.2, FIELD - 0.7, 1.6, top))
    # Row numbers and push arrows at both ends.
    pushes = set(marks.pushes)
    for r in range(1, g.rows + 1):
        _, cy = g.centre(r, 1)
        for side, x in ((Side.LEFT, g.x0 - 1.5), (Side.RIGHT, g.x0 + g.width + 1.5)):
            action = Action(r, side)
            items += _arrow(theme, x, cy, r, side, barred=pos.barred == action, lit=action in pushes)
    # Knots.
    for r in range(1, g.rows + 1):
        for c in range(1, g.fields + 1):
            who = pos.at(r, c)
            if who is not None:
                items += knot(theme, who, *g.centre(r, c), FIELD * 0.72)
    # Escaped figures on the wall top, several to a section side by side.
    for c in range(1, g.fields + 1):
        here = [p for p, col in pos.tops if col == c]
        for i, p in enumerate(here):
            cx = g.x0 + (c - 0.5) * FIELD + (i - (len(here) - 1) / 2) * min(6.0, FIELD / max(1, len(here)))
            items += figure(theme, p, cx, g.y0 - 3.2, TOP - 4.5)
    for (r, c), label in marks.labels:
        # In the field's top-left corner, on a paper-coloured tab, clear of the knot's disc.
        x, y, _, _ = g.field_box(r, c)
        w = text_width(label, 6.5, True, theme) + 1.6
        items.append(rect(x + 0.6, y + 0.9, w, 3.6, Style(fill=theme.colours["paper"], stroke=ink, width=0.2)))
        items.append(Text(x + 0.6 + w / 2, y + 3.65, label, 6.5, ink, "middle", bold=True))
    return items, g


def _facts(pos: Position, goal: Goal | None) -> list[str]:
    lines = ["; ".join(f"{p.value.capitalize()}: {plural(pos.hand(p), 'knot')} in hand, {pos.escapes(p)} escaped" for p in PLAYERS) + "."]
    if pos.over:
        lines.append("Game over: " + (f"{pos.result.value} wins (B8)" if isinstance(pos.result, Player) else "a draw"))
    else:
        lines.append(f"{pos.to_move.value.capitalize()} to push; break-out {pos.breakout}.")
    if pos.barred is not None:
        lines.append(f"{pos.barred} is barred (B4): a knot just fell out of row {pos.barred.row}.")
    if pos.stalemate is not None:
        why = "B7" if count_cause(pos) == "B7" else f"B9, after {LONG_TURNS} turns"
        lines.append(f"Stalemate count {pos.stalemate} of {STALEMATE_TURNS} ({why}).")
    if goal is not None:
        lines.append("Puzzle: " + goal_sentence(pos, goal) + ".")
    return lines


#: The size (pt) of the notes under a picture (:func:`sectionx.render.figures.picture`).
NOTE_PT = 7.0


def wrap(text: str, width: float, theme: Theme, size: float = NOTE_PT) -> list[str]:
    """``text`` broken into lines no wider than ``width`` mm at ``size`` points (the
    notes' size), so a long caption keeps the page as wide as the wall, not as wide
    as the caption."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, False, theme) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def page_width(pos: Position) -> float:
    """The width (mm) of :func:`diagram`'s drawing of ``pos``, margins included."""
    return MARGIN + END + pos.wall.fields * FIELD + END + MARGIN


def diagram(pos: Position, theme: Theme, *, title: str = "", goal: Goal | None = None, coords: bool = False,
            marks: Marks = NO_MARKS) -> Document:
    """One page, sized to the wall and its notes: the position as :func:`wall_items`
    draws it, a title above, the facts and a caption below (the caption wrapped to
    the wall's width)."""
    items, g = wall_items(theme, pos, coords=coords, marks=marks)
    width = g.x0 + g.width + END + MARGIN
    caption = wrap(marks.caption, width - 2 * MARGIN, theme) if marks.caption else []
    return figures.picture(theme, items, width=width, bottom=g.y0 + g.height, title=title,
                           notes=_facts(pos, goal) + caption, body="wall", name="breakout", untitled="Breakout position")




# ====================================================================== the board's title and art


#: A brick of the kit's wall art (mm, as printed): length, height, mortar between.
BRICK = (12.0, 5.0, 0.8)


def _tint(colour: str, share: float) -> str:
    """``colour`` (``#rrggbb``) mixed with white: ``share`` of the colour."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(255 - (255 - v) * share):02x}" for v in (r, g, b))


def bricks(theme: Theme, x: float, y: float, w: float, h: float, *, strength: float = 0.5) -> list[Item]:
    """A stretch of brick wall filling the box (x, y, w, h): courses of bricks in a
    tint (``strength`` of the theme's roof colour) on paper-white mortar, each course
    half a brick along from the one above, cut off square at the box's edges: light
    enough to print as a background.  Under ink-saver the theme's roof is pale already."""
    bw, bh, gap = BRICK
    fill = _tint(theme.colours["roof"], 1.0 if theme.ink_saver else strength)
    out: list[Item] = []
    course = 0
    top = y
    while top < y + h - 1e-9:
        height = min(bh, y + h - top)
        left = x - (bw / 2 if course % 2 else 0.0)
        while left < x + w - 1e-9:
            a, b = max(left + gap / 2, x), min(left + bw - gap / 2, x + w)
            if b - a > 0.5 and height - gap > 0.5:
                out.append(rect(a, top + gap / 2, b - a, height - gap, Style(fill=fill)))
            left += bw
        top += bh
        course += 1
    return out


def rope(theme: Theme, points: list[tuple[float, float]], width: float = 2.4) -> list[Item]:
    """A twisted rope along ``points``: a cord edged in ink with short slanted strokes
    across it every few millimetres, so it reads as laid rope in greyscale too."""
    col = theme.colours
    out: list[Item] = [polyline(points, Style(stroke=col["ink"], width=width + 0.5, cap="round", join="round")),
                       polyline(points, Style(stroke=col["hill"], width=width, cap="round", join="round"))]
    step = width * 0.9
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        length = math.hypot(bx - ax, by - ay)
        ux, uy = (bx - ax) / length, (by - ay) / length
        t = step / 2
        while t < length:
            cx, cy = ax + ux * t, ay + uy * t
            # A stroke slanted across the cord: along the cord by half its width.
            nx, ny = -uy * width / 2, ux * width / 2
            out.append(line((cx - nx - ux * width * 0.35, cy - ny - uy * width * 0.35),
                            (cx + nx + ux * width * 0.35, cy + ny + uy * width * 0.35),
                            Style(stroke=col["ink"], width=0.25, cap="round")))
            t += step
    return out


def title(theme: Theme, x: float, y: float, w: float, subtitle: str) -> tuple[list[Item], float]:
    """The board's title over the wall, in the sky above it, (x, y) its top-left and
    ``w`` wide: the game's name, ``subtitle``, and a rope slung across with a knot of
    each colour on it (B1).  Returns the items and the height used."""
    col = theme.colours
    ink = col["ink"]
    name = col["tunnel"] if not theme.ink_saver else ink
    out: list[Item] = [Text(x + w / 2, y + 11.5, "BREAKOUT", 34.0, name, "middle", True),
                       Text(x + w / 2, y + 18.0, subtitle, 9.0, ink, "middle")]
    base, sag = y + 23.0, 4.0
    pts = [(x + 2.0 + (w - 4.0) * i / 40, base + sag * (1 - ((i - 20) / 20) ** 2)) for i in range(41)]
    out += rope(theme, pts, width=2.2)
    for player, at in zip(PLAYERS, (0.27, 0.73)):
        px, py = pts[round(at * 40)]
        out += knot(theme, player, px, py, 8.0)
    return out, 31.0


def legend(theme: Theme, x: float, y: float, size: float = 8.5) -> list[Item]:
    """A line under the board naming the pieces by their colour and shape (B1), so a
    greyscale print still reads: a knot and a figure of each colour."""
    ink = theme.colours["ink"]
    out: list[Item] = []
    cx = x
    for player in PLAYERS:
        out += knot(theme, player, cx + 4.0, y, 8.0)
        out += figure(theme, player, cx + 12.0, y + 4.2, 9.5)
        name = player.value.capitalize()
        text = f"{name}: {symbol_name(player)} on every knot and figure"
        out.append(Text(cx + 18.0, y + 1.2, text, size, ink, "start"))
        cx += 18.0 + text_width(text, size, False, theme) + 10.0
    return out


def symbol_name(player: Player) -> str:
    """The shape a colour's pieces carry, in words."""
    return colour_of(player).symbol


__all__ = ["BRICK", "FIELD", "NOTE_PT", "bricks", "diagram", "figure", "knot", "legend", "page_width", "rope", "title",
           "wall_items", "wrap"]
