"""Hekla drawn as a scene (``sectionx render``, the kit's board and tokens).

The board is a square of cells :data:`FIELD` across: the area (HG1, 5 x 5 by
default) in the middle, each field with its two stone places; around it the inner
ring of the escape track and around that the outer ring (HG3), dark, so that each
track field's white line (HG4) shows along its row, column or diagonal.  The start
field is black; an arrow beside it shows where a volcanist steps onto the outer ring
after its lap of the inner ring.  Each track field carries the number of fields a
volcanist standing there has advanced (its score; the outer ring's numbers are its
first time round, lap 2; add 32 for each further lap).  The hot fields (HG2) are circled in red.

Volcano stones are discs in their owner's colour with the colour's shape, their
value as a numeral and as that many ridge marks (0 to 3) along the top; lava stones
are dark with a glowing rim and their value.  Volcanists stand on the track as
pawns in their colour with its shape.

Annotations (``annotations:`` in a Hekla file, :mod:`.formats`): highlighted fields,
turns (a ring on a placement's field, an arrow for a move), triples outlined, a word
on a field, a caption.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...colours import Colour
from ...console import plural
from ...render import figures
from ...render.scene import Circle, Document, Group, Item, Page, Style, Text, line, polygon, polyline, pt_mm, rect
from ...render.shapes import ink_on, shape
from ...render.textfit import text_width
from ...render.theme import Theme
from .formats import NO_MARKS, Goal, Marks
from .rules import Board, Field, Player, Position, Stone, field_name
from .text import goal_sentence, where

#: A field's side (mm) in a drawing; the kit scales it.
FIELD = 18.0
MARGIN = 4.0
#: A stone's width as a share of a field's: as drawn, and on a deck's card, printed at
#: about a quarter size, where its plain numeral (1.35 times its width, in points)
#: grows to the card's 6 pt least type and must stay inside it: 0.46, a field's two
#: stones just touching (their places are 0.46 of a field apart).
STONE = 0.4
CARD_STONE = 0.46
#: Each Hekla colour's theme colour and shape: the house's colours where they are the
#: same (red, blue, yellow and their shapes), and for green the theme's green with a
#: star, a shape no other colour uses.
LOOKS: dict[Player, tuple[str, str]] = {
    Player.RED: (Colour.RED.value, Colour.RED.symbol),
    Player.GREEN: ("green", "star"),
    Player.YELLOW: (Colour.YELLOW.value, Colour.YELLOW.symbol),
    Player.BLUE: (Colour.BLUE.value, Colour.BLUE.symbol),
}
TRACK_FILL = "tunnel"


def fill_of(theme: Theme, player: Player) -> str:
    return theme.colours[LOOKS[player][0]]


@dataclass(frozen=True)
class Geometry:
    """Where things are on a board of ``board``'s size, cells :data:`FIELD` across,
    the outer ring's top-left corner at (x0, y0)."""

    board: Board
    x0: float = MARGIN
    y0: float = MARGIN

    @property
    def cells(self) -> tuple[int, int]:
        return self.board.width + 4, self.board.height + 4

    @property
    def size(self) -> tuple[float, float]:
        return self.cells[0] * FIELD, self.cells[1] * FIELD

    def box(self, f: Field) -> tuple[float, float]:
        """Top-left corner of field or track cell ``f`` ((column, row), the area's a1
        at (0, 0), the track at -1, -2 and beyond the last column and row)."""
        return self.x0 + (f[0] + 2) * FIELD, self.y0 + (self.board.height + 1 - f[1]) * FIELD

    def centre(self, f: Field) -> tuple[float, float]:
        x, y = self.box(f)
        return x + FIELD / 2, y + FIELD / 2

    def place(self, f: Field, i: int) -> tuple[float, float]:
        """The centre of stone place ``i`` (0 left, 1 right) of field ``f`` (HG1)."""
        x, y = self.box(f)
        return x + FIELD * (0.27 if i == 0 else 0.73), y + FIELD * 0.54


def stone(theme: Theme, s: Stone, cx: float, cy: float, d: float, *, plain: bool = False) -> list[Item]:
    """A volcano stone (its owner's colour and shape, value as numeral and ridge
    marks) or a lava stone (dark, glowing rim, its value), ``d`` mm across.
    ``plain``: a volcano stone with its numeral alone, as large as a lava stone's (a
    printed solution's turn, drawn at about half size: the ridges and the shape would
    print under 0.6 mm, and its numeral set at 8 pt would run over them)."""
    ink = theme.colours["ink"]
    r = d / 2
    if s.lava or plain:
        if not s.lava:
            fill = fill_of(theme, Player(s.owner))
            return [Circle(cx, cy, r, Style(fill=fill, stroke=ink, width=max(0.25, d * 0.035))),
                    Text(cx, cy + d * 0.17, str(s.value), d * 1.35, ink_on(theme, fill), "middle", bold=True)]
        fill = theme.colours["lava"]
        return [Circle(cx, cy, r, Style(fill=fill, stroke=theme.colours["lava_glow"], width=max(0.4, d * 0.08))),
                Text(cx, cy + d * 0.17, str(s.value), d * 1.35, ink_on(theme, fill), "middle", bold=True)]
    player = Player(s.owner)
    fill = fill_of(theme, player)
    on = ink_on(theme, fill)
    # Three bands inside the rim, clear of each other at every size (the 9.5 mm kit
    # stone included): the ridges above the numeral, the colour's shape below it.
    out: list[Item] = [Circle(cx, cy, r, Style(fill=fill, stroke=ink, width=max(0.25, d * 0.035))),
                       Text(cx, cy + d * 0.14, str(s.value), d * 1.1, on, "middle", bold=True)]
    # The ridges (HG5): that many small peaks along the top of the stone, their outer
    # corners inside the rim.
    peak = d * 0.09
    for k in range(s.value):
        px = cx + (k - (s.value - 1) / 2) * d * 0.16
        base = cy - d * 0.23
        out.append(polygon([(px - peak * 0.75, base), (px, base - peak), (px + peak * 0.75, base)], Style(fill=on)))
    out.append(shape(LOOKS[player][1], cx, cy + d * 0.305, d * 0.16, Style(fill=on)))
    return out


def volcanist(theme: Theme, player: Player, cx: float, foot: float, height: float) -> list[Item]:
    """A volcanist pawn standing at ``foot``: body and head in the player's colour,
    the colour's shape on the body."""
    fill = fill_of(theme, player)
    edge = Style(fill=fill, stroke=theme.colours["ink"], width=0.3)
    w = height * 0.6
    body = polygon([(cx - w / 2, foot), (cx + w / 2, foot), (cx + w * 0.28, foot - height * 0.62),
                    (cx - w * 0.28, foot - height * 0.62)], edge)
    head = Circle(cx, foot - height * 0.8, height * 0.19, edge)
    mark = shape(LOOKS[player][1], cx, foot - height * 0.3, w * 0.45, Style(fill=ink_on(theme, fill)))
    return [body, head, mark]


def _track_number(board: Board, f: Field) -> int:
    """The fields a volcanist on track cell ``f`` has advanced (first lap of the outer ring)."""
    if f in board.inner:
        return board.inner.index(f)
    return len(board.inner) + board.outer.index(f)


def board_items(theme: Theme, board: Board, *, coords: bool, numbers: bool = True,
                text_scale: float = 1.0, least_pt: float = 0.0) -> tuple[list[Item], Geometry]:
    """The empty board: the area's fields and places, the hot fields, both rings with
    their numbers and white lines, the black start field and the arrow (HG1-HG4).
    ``text_scale`` sets the track's numbers and the field names that much larger (a
    rulebook prints its cropped figures at about their size, where 5.5 pt is too small);
    ``least_pt`` sets any of them smaller than that at that size (a printed puzzle's
    card, drawn at about its size, where the layout's least type is 8 pt: the numbers,
    the start field's name and the field names all fit their corners at 8 pt)."""
    g = Geometry(board)
    ink = theme.colours["ink"]
    c = theme.colours
    w, h = g.size
    items: list[Item] = [rect(g.x0, g.y0, w, h, Style(fill=c[TRACK_FILL], stroke=ink, width=0.5))]
    for f in board.inner + board.outer:
        x, y = g.box(f)
        start = f == board.inner[0]
        items.append(rect(x + 0.3, y + 0.3, FIELD - 0.6, FIELD - 0.6,
                          Style(fill=ink if start else c[TRACK_FILL], stroke=c["tunnel_edge"], width=0.3)))
        spot = board.line(f)
        if spot is not None:
            items += _white_line(theme, g, f, spot.kind, spot.index)
        if numbers:
            # In a top corner the field's white line does not run into: top right, but
            # top left where the line is the diagonal up to the top-right corner.
            text = "START" if start else str(_track_number(board, f))
            size = max((4.6 if start else 6.0) * text_scale, least_pt)
            grow = max(6.0 * text_scale, least_pt) / 6.0  # the numbers' box, START's too
            tw = text_width(text, size, True, theme)
            back = ink if start else c[TRACK_FILL]
            left = spot is not None and spot.kind == "diag" and spot.index == 1
            tx = x + 1.2 if left else x + FIELD - tw - 1.2
            items.append(rect(tx - 0.7, y + 0.8, tw + 1.4, 3.4 * grow, Style(fill=back)))
            items.append(Text(tx, y + 0.8 + 2.8 * grow, text, size, ink_on(theme, back), "start", bold=True))
    # The arrow beside the start field: onto the outer ring after a lap of the inner one (HG3).
    sx, sy = g.centre(board.inner[0])
    ox, oy = g.centre(board.outer[0])
    items += _arrow((sx - FIELD * 0.18, sy + FIELD * 0.2), (ox + FIELD * 0.05, oy + FIELD * 0.2), c["highlight"], 1.4)
    for f in board.fields:
        x, y = g.box(f)
        items.append(rect(x + 0.4, y + 0.4, FIELD - 0.8, FIELD - 0.8, Style(fill=c["rock"], stroke=c["cell_line"], width=0.3)))
        for i in (0, 1):
            px, py = g.place(f, i)
            items.append(Circle(px, py, FIELD * 0.21, Style(stroke=c["cell_line"], width=0.3, dash=(0.8, 0.6))))
        if f in board.hot:
            cx, cy = g.centre(f)
            items.append(Circle(cx, cy, FIELD * 0.47, Style(stroke=c["red"], width=1.0)))
        if coords:
            # Top centre, between the two places and inside a hot field's circle, so
            # that nothing is knocked out of the circle.
            name = field_name(f)
            size = max(5.5 * text_scale, least_pt)
            items.append(Text(x + FIELD / 2, y + 2.2 + 2.0 * size / 5.5, name, size, c["cell_line"], "middle", bold=True))
    return items, g


def _white_line(theme: Theme, g: Geometry, f: Field, kind: str, index: int) -> list[Item]:
    """The white line of track cell ``f`` (HG4), along its row, column or diagonal,
    edged in ink so that it shows on a light (ink-saver) track too."""
    x, y = g.box(f)
    m = FIELD * 0.12
    if kind == "row":
        a, b = (x + m, y + FIELD / 2), (x + FIELD - m, y + FIELD / 2)
    elif kind == "col":
        a, b = (x + FIELD / 2, y + m), (x + FIELD / 2, y + FIELD - m)
    elif index == 1:  # the diagonal from a1 up to the top-right corner
        a, b = (x + m, y + FIELD - m), (x + FIELD - m, y + m)
    else:
        a, b = (x + m, y + m), (x + FIELD - m, y + FIELD - m)
    ink = theme.colours["ink"]
    return [line(a, b, Style(stroke=ink, width=2.6, cap="round")), line(a, b, Style(stroke="#ffffff", width=1.8, cap="round"))]


def _arrow(a: tuple[float, float], b: tuple[float, float], colour: str, width: float,
           head: float = 4.0) -> list[Item]:
    """A straight arrow from ``a`` to ``b``, its head at ``b``."""
    import math

    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    head = min(head, length * 0.45)
    base = (b[0] - ux * head, b[1] - uy * head)
    return [line(a, base, Style(stroke=colour, width=width, cap="round")),
            polygon([b, (base[0] - uy * head * 0.55, base[1] + ux * head * 0.55),
                     (base[0] + uy * head * 0.55, base[1] - ux * head * 0.55)], Style(fill=colour))]


def position_items(theme: Theme, pos: Position, *, coords: bool, marks: Marks = NO_MARKS,
                   text_scale: float = 1.0, numbers: bool = True, least_pt: float = 0.0,
                   plain: bool = False, stone_share: float = STONE,
                   badge_pt: float = 6.4) -> tuple[list[Item], Geometry]:
    """The board with the position's stones and volcanists, and the annotations;
    ``text_scale``, ``numbers`` and ``least_pt`` as for :func:`board_items` (the laps
    and the labels too), ``plain`` stones as for :func:`stone`, ``stone_share`` of a
    field across (:data:`STONE`; a card's larger, :data:`CARD_STONE`), ``badge_pt``
    the numerals of the eruptions' order (a card's larger: they grow to its 6 pt inside
    the badge)."""
    items, g = board_items(theme, pos.board, coords=coords, numbers=numbers, text_scale=text_scale, least_pt=least_pt)
    c = theme.colours
    lit = set(marks.fields)
    for f in lit:
        x, y = g.box(f)
        items.append(rect(x + 0.4, y + 0.4, FIELD - 0.8, FIELD - 0.8, Style(fill=c["highlight"], opacity=0.45)))
    for triple in marks.triples:
        if triple not in marks.order:
            items.append(_outline(g, triple, Style(stroke=c["highlight"], width=1.4, dash=(2.0, 1.2))))
    for triple in marks.order:
        items.append(_outline(g, triple, Style(stroke=c["highlight"], width=1.4)))
    for f, stones in pos.fields:
        for i, s in enumerate(stones):
            items += stone(theme, s, *g.place(f, i), FIELD * stone_share, plain=plain)
    for k, (player, begin, end) in enumerate(marks.runs):
        items += _run(theme, g, player, begin, end, k)
    # The order of eruptions (H5): a numbered badge at each outline's top-left corner,
    # moved along where two outlines share the corner.
    corners: dict[tuple[float, float], int] = {}
    for number, triple in enumerate(marks.order, 1):
        x, y = g.box(min(triple, key=lambda f: (f[0], -f[1])))
        spot = (x, y)
        shift = corners.get(spot, 0)
        corners[spot] = shift + 1
        # With plain stones (a printed turn, its numeral set at 8 pt at about half size) the
        # badge is larger and sits further into the corner, clear of the stones still.
        r, at = (4.0, 2.6) if plain else (3.1, 3.4)
        bx, by = x + at + shift * (2 * r + 0.8), y + at
        items.append(Circle(bx, by, r, Style(fill=c["highlight"], stroke=c["ink"], width=0.35)))
        # The badge keeps its size (it must not cover a stone); its numeral grows a little.
        grow = min(text_scale, 1.15)
        size = badge_pt * grow
        # A plain badge's numeral is set on its middle (0.36 of the size above the baseline),
        # as the layout's 8 pt floor grows it about that middle.
        base = by + (pt_mm(size) * 0.36 if plain else 2.2 * grow)
        items.append(Text(bx, base, str(number), size, ink_on(theme, c["highlight"]), "middle", bold=True))
    # Volcanists, side by side where several share a track field.
    spots: dict[Field, list[tuple[Player, int]]] = {}
    for p, t in zip(pos.players, pos.track):
        spots.setdefault(pos.board.track_field(t), []).append((p, t))
    lap = len(pos.board.inner)
    for f, here in spots.items():
        x, y = g.box(f)
        for k, (p, t) in enumerate(here):
            cx = x + FIELD * (k + 0.5) / len(here)
            items += volcanist(theme, p, cx, y + FIELD - 1.5, FIELD * 0.62 if len(here) < 3 else FIELD * 0.5)
            # HG3's laps: the inner ring is lap 1, the outer ring's first time round lap 2.
            laps = 2 + (t - lap) // len(pos.board.outer) if t >= lap else 1
            if laps >= 3:
                items.append(Text(cx, y + 4.5, f"lap {laps}", max(4.5 * text_scale, least_pt), c["highlight"], "middle",
                                  bold=True))
    for action in marks.turns:
        assert action.to is not None
        tx, ty = g.centre(action.to)
        if action.kind == "place" or action.start is None:
            items.append(Circle(tx, ty, FIELD * 0.46, Style(stroke=c["highlight"], width=1.4)))
        else:
            sx, sy = g.centre(action.start)
            items += _arrow((sx, sy + FIELD * 0.3), (tx, ty + FIELD * 0.3), c["highlight"], 1.2)
    ink = c["ink"]
    for f, label in marks.labels:
        x, y = g.box(f)
        w = text_width(label, 6.5 * text_scale, True, theme) + 1.6
        items.append(rect(x + 0.6, y + 0.7, w, 3.6 * text_scale, Style(fill=c["paper"], stroke=ink, width=0.2)))
        items.append(Text(x + 0.6 + w / 2, y + 0.7 + 2.75 * text_scale, label, 6.5 * text_scale, ink, "middle", bold=True))
    return items, g


def _outline(g: Geometry, triple: tuple[Field, Field, Field], style: Style) -> Item:
    """A rectangle round a triple's three fields (H4)."""
    (x1, y1), (x2, y2) = g.box(triple[0]), g.box(triple[2])
    left, top = min(x1, x2), min(y1, y2)
    return rect(left + 1.0, top + 1.0, abs(x2 - x1) + FIELD - 2.0, abs(y2 - y1) + FIELD - 2.0, style)


def _run(theme: Theme, g: Geometry, player: Player, begin: int, end: int, k: int) -> list[Item]:
    """A volcanist's way along the track from ``begin`` to ``end`` (fields advanced,
    HG3): a line through the centre of every track field passed, in the player's
    colour edged in ink, an arrowhead at ``end``; dashed going back (H3).  ``k``
    sets runs of several volcanists a little apart."""
    if begin == end:
        return []
    step = 1 if end > begin else -1
    board = g.board
    off = (k % 3 - 1) * FIELD * 0.16
    points = []
    for p in range(begin, end + step, step):
        cx, cy = g.centre(board.track_field(p))
        points.append((cx + off, cy + off))
    fill = fill_of(theme, player)
    dash: tuple[float, ...] = () if step > 0 else (1.6, 1.0)
    ink = theme.colours["ink"]
    out: list[Item] = []
    if len(points) > 2:
        out.append(polyline(points[:-1], Style(stroke=ink, width=1.7, cap="round", join="round", dash=dash)))
        out.append(polyline(points[:-1], Style(stroke=fill, width=1.0, cap="round", join="round", dash=dash)))
    out += _arrow(points[-2], points[-1], ink, 1.7, head=4.4)
    out += _arrow(points[-2], points[-1], fill, 1.0, head=3.4)
    return out


def facts(pos: Position, goal: Goal | None) -> list[str]:
    """The lines under a picture: each volcanist and supply, the lava, whose turn."""
    lines = []
    for p, t in zip(pos.players, pos.track):
        supply = " ".join(map(str, pos.supply(p))) or "none"
        lines.append(f"{p.value.capitalize()}: {plural(t, 'field')} ({where(pos, t)}); stones in supply: {supply}.")
    lines.append(f"Lava left: {pos.lava[0]} of value 0, {pos.lava[1]} of value 1; {plural(pos.quiet, 'turn')} without an eruption "
                 f"(H9 ends the game at {pos.quiet_limit}).")
    if pos.over:
        lines.append(f"Game over ({pos.ended_by}): " + ", ".join(p.value for p in pos.winners) + " win.")
    else:
        lines.append(f"{pos.player.value.capitalize()} to move.")
    if goal is not None:
        lines.append("Puzzle: " + goal_sentence(pos, goal) + ".")
    return lines


#: The size (pt) of the notes under a picture (:func:`sectionx.render.figures.picture`'s).
NOTE_PT = 7.0


def wrap(text: str, width: float, theme: Theme, size: float = NOTE_PT) -> list[str]:
    """``text`` broken into lines no wider than ``width`` mm at ``size`` points (the
    notes' size), so a long caption keeps the page as wide as the board, not as wide
    as the caption."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, False, theme) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


#: The stones in hand beside a puzzle's board: their size and spacing, mm.
HAND_STONE = 12.0
HAND_STEP = 13.5
HAND_WIDTH = 20.0


def hand_items(theme: Theme, pos: Position, player: Player, x: float, y: float) -> tuple[list[Item], float]:
    """``player``'s stones in hand (HG5) in a column :data:`HAND_WIDTH` wide from
    (``x``, ``y``) down: the volcanist, the word "hand", each stone drawn as on the
    board (a dash for none); and the column's height.  A puzzle's picture shows the
    solver's hand, so the puzzle is solvable from the picture."""
    ink = theme.colours["ink"]
    cx = x + HAND_WIDTH / 2
    items: list[Item] = volcanist(theme, player, cx, y + 13.0, 12.0)
    items.append(Text(cx, y + 19.0, "hand", 7.5, ink, "middle", bold=True))
    top = y + 22.0
    values = pos.supply(player)
    if not values:
        items.append(Text(cx, top + 6.0, "none", 7.5, ink, "middle"))
        return items, top + 8.0 - y
    for i, v in enumerate(values):
        items += stone(theme, Stone(player.value, v), cx, top + HAND_STONE / 2 + i * HAND_STEP, HAND_STONE)
    return items, top + len(values) * HAND_STEP - y


def card(pos: Position, theme: Theme, *, marks: Marks = NO_MARKS, hand: Player | None = None,
         coords: bool = True, numbers: bool = True, least_pt: float = 0.0, plain: bool = False,
         stone_share: float = STONE, badge_pt: float = 6.4) -> Document:
    """A picture for printed puzzles: the board with the position and ``marks``, and
    beside it ``hand``'s stones in hand, on one page cropped to them: no title and no
    words (the sheet, deck and book set those as text).  The hand stands to the right,
    so the picture is a little wider than tall, as a card's room for it is.
    ``coords`` (the field names), ``numbers`` (the track's numbers and START),
    ``least_pt``, ``plain``, ``stone_share`` and ``badge_pt`` as for :func:`position_items`."""
    items, g = position_items(theme, pos, coords=coords, marks=marks, numbers=numbers, least_pt=least_pt, plain=plain,
                              stone_share=stone_share, badge_pt=badge_pt)
    w, h = g.size
    width = w + 2 * MARGIN
    if hand is not None:
        more, tall = hand_items(theme, pos, hand, g.x0 + w + 2.0, g.y0 + FIELD * 2)
        items += more
        width += 2.0 + HAND_WIDTH
        h = max(h, FIELD * 2 + tall)
    page = Page(width, g.y0 + h + MARGIN, (Group(tuple(items), label="board"),), name="hekla", label="Hekla puzzle")
    return Document((page,), (), "Hekla puzzle")


def diagram(pos: Position, theme: Theme, *, title: str = "", goal: Goal | None = None, coords: bool = False,
            marks: Marks = NO_MARKS) -> Document:
    """One page, sized to the board and its notes: the position as
    :func:`position_items` draws it, a title above, the facts and a caption below
    (each wrapped to the board's width)."""
    items, g = position_items(theme, pos, coords=coords, marks=marks)
    w, h = g.size
    width = w + 2 * MARGIN
    notes = [part for line in facts(pos, goal) + ([marks.caption] if marks.caption else [])
             for part in wrap(line, width - 2 * MARGIN, theme)]
    return figures.picture(theme, items, width=width, bottom=g.y0 + h, title=title, notes=notes, body="board",
                           name="hekla", untitled="Hekla position")


# ====================================================================== the board's title and art


def _tint(colour: str, share: float) -> str:
    """``colour`` (``#rrggbb``) mixed with white: ``share`` of the colour."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(255 - (255 - v) * share):02x}" for v in (r, g, b))


def volcano(theme: Theme, x: float, y: float, w: float, h: float) -> list[Item]:
    """The volcano in the box (x, y, w, h): a cone on a ground line with its crater,
    an ash cloud over it, lava glowing in the crater and running down both flanks.
    Flat fills and a few strokes, so it prints cleanly; under ink-saver the theme's
    colours are pale and the outlines carry it."""
    c = theme.colours
    ink = c["ink"]
    ground = y + h
    top = y + h * 0.5
    cx = x + w / 2
    crater = w * 0.13
    cone = [(x, ground), (cx - crater, top), (cx - crater * 0.45, top + h * 0.03), (cx, top - h * 0.01),
            (cx + crater * 0.5, top + h * 0.035), (cx + crater, top), (x + w, ground)]
    out: list[Item] = []
    # The ash cloud: overlapping puffs rising from the crater, drawn first, behind the cone.
    ash = Style(fill=_tint(c["grey"], 0.55), stroke=_tint(c["grey"], 1.0), width=0.3)
    for dx, dy, r in ((0.0, 0.06, 0.09), (-0.07, 0.16, 0.085), (0.07, 0.18, 0.095), (-0.01, 0.28, 0.1),
                      (0.12, 0.3, 0.08), (-0.12, 0.3, 0.07), (0.04, 0.38, 0.09)):
        # dy: how far above the crater (a share of the height); every puff stays in the box.
        out.append(Circle(cx + dx * w, top - dy * h, r * h, ash))
    out.append(polygon(cone, Style(fill=c["hill"], stroke=ink, width=0.5, join="round")))
    # Darker rock on the shaded (right) flank.
    out.append(polygon([(cx + crater * 0.5, top + h * 0.035), (cx + crater, top), (x + w, ground), (cx + w * 0.12, ground)],
                       Style(fill=c["tunnel"], opacity=0.35)))
    glow = Style(stroke=c["lava_glow"], width=1.6, cap="round", join="round")
    core = Style(stroke=c["red"], width=0.7, cap="round", join="round")
    out.append(polygon([(cx - crater * 0.8, top + h * 0.01), (cx + crater * 0.8, top + h * 0.01),
                        (cx + crater * 0.4, top + h * 0.06), (cx - crater * 0.4, top + h * 0.06)],
                       Style(fill=c["lava_glow"])))
    def on_cone(u: float, t: float) -> tuple[float, float]:
        """A point ``t`` of the way down from the crater to the ground (0 to 1) and ``u``
        of the way across the cone there (-1 left flank, 1 right)."""
        half = crater + (w / 2 - crater) * t
        return cx + u * half * 0.8, top + t * (ground - top) * 0.94

    for flow in (((-0.45, 0.04), (-0.62, 0.35), (-0.45, 0.6), (-0.7, 0.92)),
                 ((0.35, 0.04), (0.55, 0.4), (0.4, 0.65), (0.62, 0.93)),
                 ((-0.05, 0.06), (-0.15, 0.5), (0.05, 0.78))):
        pts = [on_cone(u, t) for u, t in flow]
        out += [polyline(pts, glow), polyline(pts, core)]
    # Spatter over the crater.
    for dx, dy, r in ((-0.06, -0.1, 0.018), (0.05, -0.14, 0.014), (0.11, -0.06, 0.012), (-0.12, -0.04, 0.011)):
        out.append(Circle(cx + dx * w, top + dy * h, r * w, Style(fill=c["lava_glow"])))
    out.append(line((x - 1.0, ground), (x + w + 1.0, ground), Style(stroke=ink, width=0.6, cap="round")))
    return out


def title(theme: Theme, x: float, y: float, w: float, subtitle: str) -> tuple[list[Item], float]:
    """The board's title block, (x, y) its top-left and ``w`` wide: the volcano on the
    left, the game's name and ``subtitle`` beside it.  Returns the items and its height."""
    h = 42.0
    c = theme.colours
    name = c["lava"] if not theme.ink_saver else c["ink"]
    vw = 78.0
    out = volcano(theme, x + 2.0, y, vw, h)
    tx = x + vw + 12.0
    out.append(Text(tx, y + h * 0.55, "HEKLA", 40.0, name, "start", True))
    out.append(Text(tx + 0.6, y + h * 0.55 + 8.0, subtitle, 9.0, c["ink"], "start"))
    out.append(line((tx + 0.6, y + h * 0.55 + 2.8), (x + w, y + h * 0.55 + 2.8),
                    Style(stroke=c["lava_glow"], width=0.8)))
    return out, h


def legend(theme: Theme, x: float, y: float, w: float, size: float = 8.0) -> list[Item]:
    """A line under the board naming each colour by its shape, with a stone and a
    volcanist of each, so that a greyscale print still reads (HG5)."""
    ink = theme.colours["ink"]
    out: list[Item] = []
    step = w / len(LOOKS)
    for k, player in enumerate(LOOKS):
        cx = x + k * step
        out += stone(theme, Stone(player.value, 2), cx + 4.5, y, 9.0)
        out += volcanist(theme, player, cx + 13.0, y + 4.5, 10.0)
        out.append(Text(cx + 18.5, y + 1.3, f"{player.value.capitalize()}: {LOOKS[player][1]}", size, ink, "start"))
    return out


__all__ = ["FIELD", "LOOKS", "NOTE_PT", "Geometry", "board_items", "card", "diagram", "fill_of", "hand_items", "legend",
           "position_items", "stone", "title", "volcanist", "volcano", "wrap"]
