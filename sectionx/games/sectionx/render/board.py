"""The empty board as scene items: tile cells, the island with its four cell blocks,
the green areas with their zone names, an outer frame (G2, G3).

Used twice: by the kit (the printed board, split over pages) and by every state
diagram (under the tiles), so a diagram looks like the printed game.
"""

from __future__ import annotations

import math

from ....colours import Colour
from ....hexgrid import SIDES, Cell
from ....render.fonts import text_width
from ....render.geometry import inside_loops
from ....render.layout import Layout
from ....render.scene import Circle, Group, Item, Point, Style, Text, polygon, pt_mm
from ....render.shapes import symbol_shape
from ....render.theme import Theme, tint
from ..model import Board
from .words import ENGLISH, Words


def outline(cells: frozenset[Cell] | set[Cell], layout: Layout) -> list[list[Point]]:
    """The boundary of a set of cells as closed loops of corner points, clockwise.

    Edge ``e`` of a cell runs from corner ``e - 1`` to corner ``e`` (Layout.corner),
    so walking every boundary edge that way goes round the region clockwise.
    """
    def key(p: Point) -> tuple[int, int]:
        return round(p[0] * 1000), round(p[1] * 1000)

    nxt: dict[tuple[int, int], tuple[Point, Point]] = {}
    for cell in sorted(cells):
        for e in range(SIDES):
            if cell.neighbour(e) not in cells:
                a, b = layout.corner(cell, (e - 1) % SIDES), layout.corner(cell, e)
                nxt[key(a)] = (a, b)
    loops: list[list[Point]] = []
    while nxt:
        start = min(nxt)
        loop: list[Point] = []
        k = start
        while k in nxt:
            a, b = nxt.pop(k)
            loop.append(a)
            k = key(b)
        loops.append(loop)
    return loops


def block_tint(theme: Theme, colour: Colour) -> str:
    """The pale fill of ``colour``'s cell block (G3), paler still with --ink-saver."""
    return tint(theme.player(colour), 0.9 if theme.ink_saver else 0.72)


def frame_width(layout: Layout) -> float:
    """Width of the coloured frame around the board, in mm: thin, so that the standard
    board at 40 mm tiles (392.6 mm tall) still fits A2 within 10 mm margins."""
    return layout.across_flats * 0.08


def fitted(text: str, size: float, room: float, theme: Theme, bold: bool = True) -> float:
    """``size`` (pt), or smaller so that ``text`` is at most ``room`` mm wide: a name
    in another language (:class:`~sectionx.games.sectionx.render.words.Words`) may be longer."""
    width = text_width(text, size, bold, theme)
    return size * room / width if width > room else size


#: The size of the colour's symbol printed in its cell block, as a fraction of the
#: tile's across-flats.
BLOCK_SYMBOL = 0.3
#: The widest the name over a green cell may be, as a fraction of the tile's
#: across-flats: inside the ring of a claimed zone (render/diagram.py).
FREE_ZONE_WIDTH = 0.66
#: The widest a cell block's name may be, as a fraction of the tile's across-flats.
CELL_BLOCK_WIDTH = 0.9
#: The widest the island's name may be (its disc grows round it up to this), as a
#: fraction of the tile's across-flats.
ISLAND_WIDTH = 0.6


#: The smallest type (points) on the printed board: names a player reads across
#: the table (issue 11 measured "ISLAND" at about 1 mm and the zone names at 4-5 pt).
BOARD_LABEL_PT = 7.0


def board_items(board: Board, layout: Layout, theme: Theme, *, coords: bool = False,
                min_pt: float = 0.0, words: Words = ENGLISH, scenic: bool = False) -> list[Item]:
    """The board without anything on it, in page mm (``layout`` places cell 0,0).
    ``coords``: each tile cell and green cell gets its ``q,r``, small and in the
    pale cell-line colour (island cells get none: no tile goes there, and their
    labels would sit on the walls between the cell blocks).  ``min_pt``: no name
    on the board (island, cell block, free zone) is smaller than this.  ``words``:
    the names the board prints (:class:`~sectionx.games.sectionx.render.words.Words`).
    ``scenic``: the printed board's art (the kit's board and poster, the book's cover):
    a beach for the frame and the prison drawn as one (:func:`prison_items`); diagrams
    leave it out, so a figure shows only what the rules need."""
    col = theme.colours
    F = layout.across_flats
    items: list[Item] = []
    thin = max(0.2, F * 0.008)
    frame = frame_width(layout)
    for loop in outline(board.cells, layout):
        # Frame first, half of it under the cells.
        shore = col["island"] if scenic else col["sea"]
        items.append(polygon(loop, Style(fill=col["board"], stroke=shore, width=2 * frame, join="miter")))
        items.append(polygon(loop, Style(stroke=col["ink"], width=thin * 2, join="round")))
    for cell in sorted(board.tile_cells):
        items.append(polygon(layout.corners(cell), Style(fill=col["board"], stroke=col["cell_line"], width=thin)))
    items += _island(board, layout, theme, min_pt, words, scenic)
    zone_of = board.zone_of_cell
    ink = "#ffffff" if not theme.ink_saver else col["ink"]
    for cell in sorted(board.green):
        cx, cy = layout.centre(cell)
        items.append(polygon(layout.corners(cell), Style(fill=col["green"], stroke=col["ink"], width=thin * 1.5)))
        items.append(Text(cx, cy + F * 0.08, words.zone(zone_of.get(cell, "")), F * 0.7, ink, "middle", True))
        free = fitted(words.free_zone, max(min_pt, F * 0.16), F * FREE_ZONE_WIDTH, theme)
        items.append(Text(cx, cy - F * 0.22, words.free_zone, free, ink, "middle", True))
    if coords:
        for cell in sorted(board.tile_cells | board.green):
            cx, cy = layout.centre(cell)
            quiet = col["cell_line"] if cell in board.tile_cells else tint(col["green"], 0.45)
            items.append(Text(cx, cy + F * 0.4, f"{cell.q},{cell.r}", F * 0.16, quiet, "middle"))
    return items


def island_centre(board: Board, layout: Layout) -> Point:
    pts = [layout.centre(c) for c in board.island]
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


def cell_block_spans(board: Board) -> list[tuple[Colour, float, float]]:
    """Each colour's block as (colour, start, end) angles, degrees clockwise from east (G3)."""
    blocks = sorted(board.cell_blocks, key=lambda cb: cb[1] % 360)
    spans = []
    for i, (colour, start) in enumerate(blocks):
        end = blocks[(i + 1) % len(blocks)][1] % 360
        s = start % 360
        spans.append((colour, float(s), float(end if end > s else end + 360)))
    return spans


def block_point(board: Board, layout: Layout, colour: Colour, fraction: float, turn: float = 0.5) -> Point:
    """A point inside ``colour``'s cell block: ``fraction`` of the island's reach from its
    centre, ``turn`` of the way through the block's angle."""
    cx, cy = island_centre(board, layout)
    for c, s, e in cell_block_spans(board):
        if c is colour:
            a = math.radians(s + (e - s) * turn)
            reach = layout.across_flats * 1.45 * fraction
            return cx + reach * math.cos(a), cy + reach * math.sin(a)
    return cx, cy


def prison_items(board: Board, layout: Layout, theme: Theme) -> list[Item]:
    """The prison drawn on the island (issue 30), under each block's symbol and name:
    a cell block building in each colour's block, seen from above (a hipped roof
    in slate with its ridge and hips, a shadow, barred windows along its front),
    so the symbol stands on a roof and reads in every colour, greyscale and
    ink-saver (on a pale hatch).  In island mm like :func:`block_point`; clipped by the caller."""
    col = theme.colours
    F = layout.across_flats
    ink = col["ink"]
    slate = tint(col["wall"], 0.82 if theme.ink_saver else 0.42)
    hip = Style(stroke=ink, width=F * 0.006, cap="round")
    items: list[Item] = []
    for colour, _s, _e in cell_block_spans(board):
        bx, by = block_point(board, layout, colour, 0.62)
        w, h = F * 0.62, F * 0.4
        x0, y0 = bx - w / 2, by - h / 2
        shadow = F * 0.035
        items.append(polygon([(x0 + shadow, y0 + shadow), (x0 + w + shadow, y0 + shadow), (x0 + w + shadow, y0 + h + shadow),
                              (x0 + shadow, y0 + h + shadow)], Style(fill=tint(ink, 0.8 if theme.ink_saver else 0.55))))
        items.append(polygon([(x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h)],
                             Style(fill=slate, stroke=ink, width=F * 0.01)))
        r1, r2 = (x0 + h / 2, by), (x0 + w - h / 2, by)
        # The symbol stands on a pale roof hatch, so it keeps its contrast on the slate
        # in greyscale too (yellow and purple turn the roof's grey there).
        hatch = Circle(bx, by, F * 0.19, Style(fill=col["paper"], stroke=ink, width=F * 0.006))
        items.append(polygon([r1, r2], hip))
        for corner, end in (((x0, y0), r1), ((x0, y0 + h), r1), ((x0 + w, y0), r2), ((x0 + w, y0 + h), r2)):
            items.append(polygon([corner, end], hip))
        items.append(hatch)
        # barred windows under the eaves along the long sides (none in the middle,
        # where the roof hatch would cut them)
        bar = Style(fill=ink)
        for k in (0, 1, 3, 4):
            wx = x0 + w * (0.14 + 0.18 * k)
            for wy in (y0 + h * 0.06, y0 + h * 0.94 - F * 0.02):
                items.append(polygon([(wx - F * 0.012, wy), (wx + F * 0.012, wy), (wx + F * 0.012, wy + F * 0.02),
                                      (wx - F * 0.012, wy + F * 0.02)], bar))
    return items


def _watchtowers(board: Board, layout: Layout, theme: Theme, loops: list[list[Point]]) -> list[Item]:
    """A round watchtower where each wall between two cell blocks meets the island's
    outer wall (the first point out from the centre along the wall that leaves the island)."""
    col = theme.colours
    F = layout.across_flats
    cx, cy = island_centre(board, layout)
    items: list[Item] = []
    for _colour, s, _e in cell_block_spans(board):
        a = math.radians(s)
        reach = 0.0
        while reach < F * 4 and inside_loops((cx + reach * math.cos(a), cy + reach * math.sin(a)), loops):
            reach += F * 0.01
        x, y = cx + reach * math.cos(a), cy + reach * math.sin(a)
        items.append(Circle(x, y, F * 0.075, Style(fill=tint(col["wall"], 0.75 if theme.ink_saver else 0.3),
                                                   stroke=col["ink"], width=F * 0.012)))
        items.append(Circle(x, y, F * 0.035, Style(fill=col["ink"])))
    return items


def _island(board: Board, layout: Layout, theme: Theme, min_pt: float = 0.0, words: Words = ENGLISH,
            scenic: bool = False) -> list[Item]:
    col = theme.colours
    F = layout.across_flats
    if not board.island:
        return []
    cx, cy = island_centre(board, layout)
    loops = outline(board.island, layout)
    inner: list[Item] = []
    big = F * 4
    for colour, s, e in cell_block_spans(board):
        steps = max(2, int((e - s) // 15))
        fan = [(cx, cy)] + [(cx + big * math.cos(math.radians(s + (e - s) * k / steps)),
                             cy + big * math.sin(math.radians(s + (e - s) * k / steps))) for k in range(steps + 1)]
        inner.append(polygon(fan, Style(fill=block_tint(theme, colour))))
    for _colour, s, _ in cell_block_spans(board):  # walls between the blocks
        a = math.radians(s)
        inner.append(polygon([(cx, cy), (cx + big * math.cos(a), cy + big * math.sin(a))],
                             Style(stroke=col["ink"], width=F * 0.03)))
    if scenic:
        inner += prison_items(board, layout, theme)
    if scenic:
        inner += prison_items(board, layout, theme)
    for colour, _s, _e in cell_block_spans(board):
        bx, by = block_point(board, layout, colour, 0.62)
        ink = theme.player(colour)
        inner.append(symbol_shape(colour, bx, by, F * BLOCK_SYMBOL, Style(fill=ink, stroke=col["ink"], width=F * 0.008)))
        tx, ty = block_point(board, layout, colour, 0.62, 0.5)
        size = fitted(words.cell_block, max(min_pt, F * 0.1), F * CELL_BLOCK_WIDTH, theme)
        inner.append(Text(tx, ty + F * 0.3, words.cell_block, size, col["ink"], "middle", True))
    # The island's name in a disc where the walls meet, so no wall runs through it.
    name_pt = fitted(words.island, max(min_pt, F * 0.09), F * ISLAND_WIDTH, theme)
    r = max(F * 0.18, text_width(words.island, name_pt, True, theme) / 2 + F * 0.03)
    inner.append(Circle(cx, cy, r, Style(fill=col["island"], stroke=col["ink"], width=F * 0.02)))
    inner.append(Text(cx, cy + pt_mm(name_pt) * 0.36, words.island, name_pt, col["ink"], "middle", True))
    items: list[Item] = []
    for loop in loops:
        items.append(polygon(loop, Style(fill=col["island"])))
        items.append(Group(tuple(inner), clip=tuple(loop), label="island"))
        items.append(polygon(loop, Style(stroke=col["ink"], width=F * 0.035, join="round")))
        if scenic:  # the prison's outer wall: a walkway along the top of it
            items.append(polygon(loop, Style(stroke=tint(col["wall"], 0.5), width=F * 0.014, join="round",
                                             dash=(F * 0.03, F * 0.02))))
    if scenic:
        items += _watchtowers(board, layout, theme, loops)
    return items
