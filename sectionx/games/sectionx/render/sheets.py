"""Imposition: laying the board and the 54 tiles out on printable pages.

* The board is drawn once (a symbol) and shown through a window on each page;
  neighbouring windows overlap by ``theme.overlap`` mm, the glue strip.  The page
  that goes under carries the registration marks inside its strip (arrows whose
  tips show where the next page's edge goes); the page laid over it has its cut
  line in the margin that is cut away.  Each page has a label such as "B2 of 3×2"
  and a small assembly map.  The drawing is the board in a sea with a frame and
  the title (:func:`board_drawing`).
* Tiles are laid out in staggered rows, each with its art bleeding
  ``theme.bleed`` mm past its pale cut line and short crop marks on the
  extensions of its six edges.  The spacing is the largest that fits the most
  tiles on a page while no crop mark comes within 0.5 pt of another tile's bleed
  or 1.5 mm of another tile's marks.  Each sheet of
  fronts is followed by a sheet of backs at mirrored positions, for long-edge
  duplex printing, shifted by the calibration offset.

Pure functions: theme and game data in, pages and symbols out.
"""

from __future__ import annotations

import math
import string
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from ....render.fonts import text_width
from ....render.layout import SQRT3, Layout
from ....render.pieces import CLEARANCE_PT, mark_style
from ....render.scene import (
    MM_PER_PT,
    Circle,
    Group,
    Item,
    Page,
    Path,
    Point,
    Style,
    Symbol,
    Text,
    Use,
    compose,
    line,
    polygon,
    pt_mm,
    rect,
    scale,
    translate,
)
from ....render.textfit import DoesNotFit, fit_text, para, placed, text_box
from ....render.theme import Theme
from ..model import Board, Catalogue
from . import scenery
from .art import TileArt, hex_corners
from .board import BOARD_LABEL_PT, board_items, frame_width, outline

#: Least clearance between a crop mark and another piece (the issue's 0.5 pt).
CLEARANCE = CLEARANCE_PT * MM_PER_PT
#: Least distance (mm) between a crop mark of one tile and any crop mark of another:
#: marks that meet end to end cannot be told apart (issue 11).
MARK_GAP = 1.5
#: Hex tiles sit close and staggered, so their marks are shorter and start nearer
#: the bleed than the template's card and door marks: at most this long ...
HEX_MARK_LENGTH = 2.0
#: ... and at most this far past the bleed (at least CLEARANCE).
HEX_MARK_GAP = 0.5
#: How far (mm) inside a glue strip a registration mark's tip stands: the next
#: page's edge covers it even when laid a little short.
EDGE_MARK_GAP = 0.5
#: Height of the band under each board window for the page label and assembly map.
LABEL_BAND = 13.0


# ------------------------------------------------------------------ geometry helpers


def _seg_point(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _cross(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _segments_cross(s: tuple[Point, Point], t: tuple[Point, Point]) -> bool:
    """Whether two segments properly cross (collinear ones never do: their distance is
    then measured end to end, which is what a mark on an edge's extension needs)."""
    a, b = s
    c, d = t
    eps = 1e-9
    d1, d2, d3, d4 = _cross(a, b, c), _cross(a, b, d), _cross(c, d, a), _cross(c, d, b)
    return d1 * d2 < -eps and d3 * d4 < -eps


def inside_convex(p: Point, poly: list[Point]) -> bool:
    signs = {_cross(poly[i], poly[(i + 1) % len(poly)], p) > 0 for i in range(len(poly))}
    return len(signs) == 1


def segment_polygon_distance(seg: tuple[Point, Point], poly: list[Point]) -> float:
    """Distance from a segment to a convex polygon (0 when they touch or overlap)."""
    if inside_convex(seg[0], poly) or inside_convex(seg[1], poly):
        return 0.0
    best = math.inf
    for i in range(len(poly)):
        edge = (poly[i], poly[(i + 1) % len(poly)])
        if _segments_cross(seg, edge):
            return 0.0
        best = min(best, _seg_point(seg[0], *edge), _seg_point(seg[1], *edge), _seg_point(edge[0], *seg), _seg_point(edge[1], *seg))
    return best


# ------------------------------------------------------------------ tiles


def hex_crop_marks(centre: Point, theme: Theme | CutSizes) -> list[tuple[Point, Point]]:
    """Crop marks of one hex tile: a short stroke on the extension of each edge
    beyond each of its corners, starting past the tile's own bleed (which a mark
    leaves at ``bleed / sin 60°`` from the corner) plus a gap, :data:`HEX_MARK_LENGTH`
    long at most.  They show where the hexagon's corners are for the scissors; the
    layout keeps every mark :data:`MARK_GAP` from any other tile's marks."""
    cs = hex_corners(theme.tile, centre)
    start = theme.bleed / math.sin(math.radians(60)) + max(CLEARANCE, min(theme.crop_gap, HEX_MARK_GAP))
    length = min(theme.crop_length, HEX_MARK_LENGTH)
    out = []
    for i, p in enumerate(cs):
        for q in (cs[i - 1], cs[(i + 1) % 6]):
            dx, dy = p[0] - q[0], p[1] - q[1]
            n = math.hypot(dx, dy)
            dx, dy = dx / n, dy / n
            out.append(((p[0] + dx * start, p[1] + dy * start),
                        (p[0] + dx * (start + length), p[1] + dy * (start + length))))
    return out


def bleed_polygon(centre: Point, theme: Theme | CutSizes) -> list[Point]:
    return hex_corners(theme.tile + 2 * theme.bleed, centre)


@dataclass(frozen=True)
class TileGrid:
    """Where tiles go on a sheet: ``cols`` × ``rows``, pitch ``px`` × ``py`` mm, odd rows
    shifted right by ``shift``; ``origin`` is the centre of the first tile."""

    cols: int
    rows: int
    px: float
    py: float
    shift: float
    origin: Point

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def centres(self) -> list[Point]:
        return [(self.origin[0] + c * self.px + (r % 2) * self.shift, self.origin[1] + r * self.py)
                for r in range(self.rows) for c in range(self.cols)]


@dataclass(frozen=True)
class CutSizes:
    """The sizes the tile layout depends on (a Theme has the same attributes)."""

    tile: float
    bleed: float
    crop_gap: float
    crop_length: float


def _extent(sizes: CutSizes) -> tuple[float, float]:
    """Half width and half height of a tile with its bleed and crop marks."""
    marks = hex_crop_marks((0.0, 0.0), sizes)
    half_w = max([sizes.tile / 2 + sizes.bleed] + [abs(p[0]) for m in marks for p in m])
    half_h = max([(sizes.tile + 2 * sizes.bleed) / SQRT3] + [abs(p[1]) for m in marks for p in m])
    return half_w, half_h


def _polygon_edges(poly: list[Point]) -> list[tuple[Point, Point]]:
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def segment_distance(a: tuple[Point, Point], b: tuple[Point, Point]) -> float:
    """Distance between two segments (0 when they cross)."""
    if _segments_cross(a, b):
        return 0.0
    return min(_seg_point(a[0], *b), _seg_point(a[1], *b), _seg_point(b[0], *a), _seg_point(b[1], *a))


def _spacing_ok(px: float, py: float, shift: float, sizes: CutSizes) -> bool:
    """No two bleeds come within CLEARANCE, no crop mark of the middle tile comes
    within CLEARANCE of a neighbour's bleed, and none within MARK_GAP of a
    neighbour's crop mark, so every mark plainly belongs to one tile (a patch of
    neighbours; odd rows are the mirror image of even ones, so one tile speaks for all)."""
    me = (0.0, 0.0)
    others = [(c * px + (r % 2) * shift, r * py) for r in (-2, -1, 0, 1, 2) for c in (-2, -1, 0, 1, 2) if (c, r) != (0, 0)]
    reach = 2 * (sizes.tile + 2 * sizes.bleed + sizes.crop_length + sizes.crop_gap) + MARK_GAP
    my_marks = hex_crop_marks(me, sizes)
    mine = _polygon_edges(bleed_polygon(me, sizes)) + my_marks
    for o in others:
        if math.dist(o, me) > reach:
            continue
        poly = bleed_polygon(o, sizes)
        if any(segment_polygon_distance(seg, poly) < CLEARANCE for seg in mine):
            return False
        theirs = hex_crop_marks(o, sizes)
        if any(segment_distance(a, b) < MARK_GAP for a in my_marks for b in theirs):
            return False
    return True


@cache
def _tile_grid(sizes: CutSizes, area_w: float, area_h: float) -> TileGrid:
    """The most tiles per page, spread evenly over the area (origin relative to it)."""
    ex, ey = _extent(sizes)
    span_w, span_h = area_w - 2 * ex, area_h - 2 * ey
    if span_w < 0 or span_h < 0:
        raise DoesNotFit(f"a {sizes.tile:g} mm tile with its bleed and crop marks does not fit the paper; "
                          "use larger paper or a smaller --tile-size")
    far = 10 * (area_w + area_h)  # spacing along an axis that has a single tile
    best: TileGrid | None = None
    max_cols = int(span_w // (sizes.tile * 0.9)) + 2
    max_rows = int(span_h // (sizes.tile * 0.7)) + 2
    def fit(cols: int, rows: int, staggered: bool) -> TileGrid | None:
        stag = staggered and rows > 1
        steps = cols - 1 + (0.5 if stag else 0.0)
        px = span_w / steps if steps else far
        py = span_h / (rows - 1) if rows > 1 else far
        shift = px / 2 if stag else 0.0
        if not _spacing_ok(px, py, shift, sizes):
            return None
        used_w = (cols - 1) * px + shift if steps else 0.0
        used_h = (rows - 1) * py if rows > 1 else 0.0
        return TileGrid(cols, rows, px, py, shift, ((area_w - used_w) / 2, (area_h - used_h) / 2))

    for staggered in (True, False):
        for cols in range(max_cols, 0, -1):
            # Fewer rows means more room between them: search the most rows that fit by
            # bisection (the result is checked all the same, so a miss only costs density).
            lo, hi, found = 1, max_rows, None
            while lo <= hi:
                mid = (lo + hi) // 2
                grid = fit(cols, mid, staggered)
                if grid is not None:
                    found, lo = grid, mid + 1
                else:
                    hi = mid - 1
            if found is not None and (best is None or found.per_page > best.per_page):
                best = found
    if best is None:  # pragma: no cover - one tile always fits once the extent does
        raise DoesNotFit("no tile layout fits the paper")
    return best


def tile_grid(theme: Theme, paper: tuple[float, float]) -> TileGrid:
    """The layout of tile sheets for ``paper`` (cached; depends on sizes only)."""
    area_w, area_h = paper[0] - 2 * theme.margin, paper[1] - 2 * theme.margin
    sizes = CutSizes(theme.tile, theme.bleed, theme.crop_gap, theme.crop_length)
    g = _tile_grid(sizes, area_w, area_h)
    return TileGrid(g.cols, g.rows, g.px, g.py, g.shift, (g.origin[0] + theme.margin, g.origin[1] + theme.margin))


@dataclass(frozen=True)
class PlacedTile:
    """Where one tile went: the sheet (0-based), the centre of its front and of its back."""

    tile: str
    sheet: int
    front: Point
    back: Point


def tile_placements(catalogue: Catalogue, theme: Theme, paper: tuple[float, float],
                    offset: tuple[float, float] = (0.0, 0.0)) -> list[PlacedTile]:
    """Every tile of the catalogue exactly once, in catalogue order; each back at the
    mirrored position ``(paper width - x, y)`` plus ``offset`` (long-edge duplex)."""
    grid = tile_grid(theme, paper)
    centres = grid.centres()
    out = []
    for i, tile in enumerate(catalogue.tiles):
        x, y = centres[i % grid.per_page]
        out.append(PlacedTile(tile.id, i // grid.per_page, (x, y), (paper[0] - x + offset[0], y + offset[1])))
    return out


def tile_pages(catalogue: Catalogue, theme: Theme, paper: tuple[float, float], *,
               offset: tuple[float, float] = (0.0, 0.0)) -> tuple[list[Page], list[Symbol]]:
    """Sheets of tile fronts, each followed by its backs (long-edge duplex)."""
    art = TileArt(theme)
    placements = tile_placements(catalogue, theme, paper, offset)
    symbols: dict[str, Symbol] = {}
    for t in catalogue.tiles:
        symbols.setdefault(art.tile_name(t), art.tile_symbol(t))
    back = art.back_symbol()
    symbols[back.name] = back
    sheets = max(p.sheet for p in placements) + 1
    pages: list[Page] = []
    # The hexagon is cut with scissors along this line: drawn in the board's pale
    # cell-line colour, not in ink, so a cut a hair outside it leaves no dark edge
    # (the art runs on past it into the bleed).
    cut = Style(stroke=theme.colours["cell_line"], width=theme.cut_line_width * MM_PER_PT, join="round")
    mark = mark_style(theme)
    for s in range(sheets):
        here = [p for p in placements if p.sheet == s]
        fronts: list[Item] = []
        marks: list[Item] = []
        for p in here:
            fronts += art.tile_items(catalogue[p.tile], p.front, 0)
            fronts.append(polygon(hex_corners(theme.tile, p.front), cut))
            marks += [line(a, b, mark) for a, b in hex_crop_marks(p.front, theme)]
        title = f"Tiles, sheet {s + 1} of {sheets}: fronts ({here[0].tile}–{here[-1].tile})"
        fronts += page_note(theme, paper, f"{title}. Print with the next sheet long-edge duplex, at actual size. "
                                           "Cut out each hexagon with scissors along its pale outline.")
        pages.append(Page(paper[0], paper[1], tuple(fronts + marks), f"tiles-{s + 1}-fronts", title))
        backs: list[Item] = [Use(back.name, translate(*p.back)) for p in here]
        btitle = f"Tiles, sheet {s + 1} of {sheets}: backs"
        backs += page_note(theme, paper, f"{btitle}. The back of the previous page, mirrored for long-edge duplex.")
        pages.append(Page(paper[0], paper[1], tuple(backs), f"tiles-{s + 1}-backs", btitle))
    return pages, list(symbols.values())


def page_note(theme: Theme, paper: tuple[float, float], text: str) -> list[Item]:
    """A one-line note in the top margin band, small, inside the printable area (what a
    duplex sheet is and how to print it; the deck's sheets use it too)."""
    size = 6.5
    return [Text(paper[0] / 2, theme.margin - 2.0, text, size, theme.colours["ink"], "middle")] if theme.margin >= 4 else []


# ------------------------------------------------------------------ board


@dataclass(frozen=True)
class BoardSplit:
    """How the board is split: ``cols`` × ``rows`` windows of ``win`` mm on pages of
    ``paper`` (which may be turned to landscape), overlapping by ``overlap``."""

    cols: int
    rows: int
    paper: tuple[float, float]
    win: tuple[float, float]
    overlap: float
    start: Point  # board-drawing coordinates of the first window's top-left
    #: Where each page's label stands: in a band under the window (:data:`LABEL_BAND`),
    #: or up the left margin when giving the band up saves pages (:func:`split_board`).
    side_label: bool = False

    def window(self, col: int, row: int) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) of a window in board-drawing mm."""
        x = self.start[0] + col * (self.win[0] - self.overlap)
        y = self.start[1] + row * (self.win[1] - self.overlap)
        return x, y, x + self.win[0], y + self.win[1]

    def name(self, col: int, row: int) -> str:
        return f"{string.ascii_uppercase[col]}{row + 1}"


def board_size(board: Board, theme: Theme) -> tuple[float, float]:
    """The board drawing's own width and height in mm (:func:`board_drawing` without a
    canvas), without drawing it: what the split and the large sheet are chosen by."""
    pad = frame_width(Layout(theme.tile)) + 0.2
    _, _, right, bottom = Layout(theme.tile).fitted(board.cells, pad).bounds(board.cells)
    return right + pad, bottom + pad


def board_drawing(board: Board, theme: Theme, *, coords: bool = True,
                  canvas: tuple[float, float] | None = None) -> tuple[Symbol, float, float, Layout]:
    """The whole board as one symbol with its top-left at (0, 0): width, height and the
    layout used.  The board lies in a sea that fills the rectangle round it, inside a
    double frame: a fine texture of waves, water lines along the coast and rocks off
    its beach (:mod:`.scenery`); the prison drawn on the island (:func:`.board.prison_items`);
    the title block in the top-left corner, a compass rose in the bottom-left and a
    scale bar in the bottom-right (the corners the hexagonal board leaves empty).
    The size is the board's own, so the standard board still fits A2 at 40 mm tiles;
    ``canvas`` (mm), when larger, widens the sea round the centred board to fill it
    (the pages the board is split over, the large sheet), so no paper is left white."""
    pad = frame_width(Layout(theme.tile)) + 0.2
    layout = Layout(theme.tile).fitted(board.cells, pad)
    _, _, right, bottom = layout.bounds(board.cells)
    w, h = right + pad, bottom + pad
    if canvas is not None:
        dx, dy = max(0.0, (canvas[0] - w) / 2), max(0.0, (canvas[1] - h) / 2)
        layout = Layout(layout.across_flats, (layout.origin[0] + dx, layout.origin[1] + dy))
        w, h = w + 2 * dx, h + 2 * dy
    land = outline(board.cells, layout)
    shore = frame_width(layout)
    # The sea and its coast stop at the drawing's edge (a board that fills a sheet
    # would carry its water lines and rocks out into the margin); the double frame
    # goes under the board, which breaks through it where it reaches the edge.
    corner, boxes = _corner_pieces(board, layout, w, h, theme)
    sea_items = scenery.sea(w, h, theme, land) + _clear_of(scenery.coast(land, theme, shore), boxes)
    items: list[Item] = [Group(tuple(sea_items), clip=((0.0, 0.0), (w, 0.0), (w, h), (0.0, h)), label="sea")]
    items += _frame(w, h, theme)
    items += board_items(board, layout, theme, coords=coords, min_pt=BOARD_LABEL_PT, scenic=True)
    items += corner
    return Symbol("board", tuple(items), (0.0, 0.0, w, h)), w, h, layout


def _frame(w: float, h: float, theme: Theme) -> list[Item]:
    """A double frame just inside the drawing's edge, as a map has."""
    ink = theme.colours["ink"]
    return [rect(1.2, 1.2, w - 2.4, h - 2.4, Style(stroke=ink, width=0.9)),
            rect(3.0, 3.0, w - 6.0, h - 6.0, Style(stroke=ink, width=0.3))]


def _path_box(path: Path) -> tuple[float, float, float, float]:
    xs = [c[k] for c in path.commands for k in range(1, len(c), 2)]
    ys = [c[k] for c in path.commands for k in range(2, len(c), 2)]
    return min(xs), min(ys), max(xs), max(ys)


def _clear_of(coast: list[Item], boxes: list[tuple[float, float, float, float]]) -> list[Item]:
    """The coast without the rocks (a polygon and its highlight after it) that a corner
    piece's panel would cover in part: a rock half under a panel looks cut off."""
    out: list[Item] = []
    skip = False
    for it in coast:
        if skip and isinstance(it, Circle):
            skip = False
            continue
        skip = False
        if isinstance(it, Path) and it.style.fill and len(it.commands) > 5:
            x0, y0, x1, y1 = _path_box(it)
            if any(x0 < r + 1.0 and x1 > l_ - 1.0 and y0 < b + 1.0 and y1 > t - 1.0 for l_, t, r, b in boxes):
                skip = True
                continue
        out.append(it)
    return out


def _corner_pieces(board: Board, layout: Layout, w: float, h: float,
                   theme: Theme) -> tuple[list[Item], list[tuple[float, float, float, float]]]:
    """The title block, the compass rose and the scale bar in the corners where they
    keep clear of the board's cells (each is left out where even its smallest size
    does not fit), and the boxes they take: the coast leaves its rocks out of them."""
    items: list[Item] = []
    used: list[tuple[float, float, float, float]] = []

    def free(box: tuple[float, float, float, float]) -> bool:
        # Each piece takes the first box it is told is free: those are the boxes used.
        ok = _corner_is_free(board, layout, box)
        if ok:
            used.append(box)
        return ok

    edition = "This print-and-play edition: made with sectionx · 2–4 players"
    items += scenery.title_block(w, h, theme, free, edition)
    items += scenery.compass_rose(w, h, theme, free)
    items += scenery.scale_bar(w, h, theme, free, theme.tile)
    return items, used


#: Least distance (mm) between a corner piece (title block, compass rose, scale bar)
#: and the box round any cell: the beach and the rocks off it lie in between.
CORNER_CLEAR = 4.0


def _corner_is_free(board: Board, layout: Layout, box: tuple[float, float, float, float]) -> bool:
    """Whether the box (drawing mm) keeps clear of every cell of the board (small
    boards leave less room in the corners: the title is then left out)."""
    l_, t, r, b = box
    for cell in board.cells:
        xs, ys = zip(*layout.corners(cell), strict=True)
        if min(xs) < r + CORNER_CLEAR and max(xs) > l_ - CORNER_CLEAR and min(ys) < b + CORNER_CLEAR \
                and max(ys) > t - CORNER_CLEAR:
            return False
    return True


#: Pages are named A1, B1, …: one letter per column.
MAX_BOARD_COLUMNS = len(string.ascii_uppercase)
#: Most pages a board may be split over (limit): the standard board takes 6 A4 pages.
MAX_BOARD_PAGES = 100


def split_board(width: float, height: float, theme: Theme, paper: tuple[float, float]) -> BoardSplit:
    """The fewest pages (portrait or landscape; portrait on a tie) that hold the board,
    each page's label in a band under its window; or, when giving that band up for a
    label up the left margin saves pages, without it (on A3 the band made the 399 mm
    board two rows of portrait pages, four pages each half sea; without it the board
    takes two pages side by side)."""
    best = None
    for band in (LABEL_BAND, 0.0):
        for sheet in (paper, (paper[1], paper[0])):
            win = (sheet[0] - 2 * theme.margin, sheet[1] - 2 * theme.margin - band)
            ov = theme.overlap
            if min(win) <= 2 * ov:
                continue
            cols = max(1, math.ceil((width - ov) / (win[0] - ov)))
            rows = max(1, math.ceil((height - ov) / (win[1] - ov)))
            span = (cols * win[0] - (cols - 1) * ov, rows * win[1] - (rows - 1) * ov)
            start = ((width - span[0]) / 2, (height - span[1]) / 2)
            split = BoardSplit(cols, rows, sheet, win, ov, start, side_label=band == 0.0)
            if best is None or cols * rows < best.cols * best.rows:
                best = split
    if best is None:
        raise DoesNotFit("the paper is too small for the board's pages and their glue strips")
    if best.cols > MAX_BOARD_COLUMNS or best.cols * best.rows > MAX_BOARD_PAGES:
        raise DoesNotFit(f"the board ({width:.0f} x {height:.0f} mm) would need {best.cols} x {best.rows} pages; a board is "
                         f"split over at most {MAX_BOARD_PAGES} pages and {MAX_BOARD_COLUMNS} columns (limit): use larger "
                         "paper, a smaller --tile-size or --board-paper")
    return best


def board_pages(board: Board, theme: Theme, paper: tuple[float, float], *,
                coords: bool = True) -> tuple[list[Page], list[Symbol], BoardSplit]:
    """The board split over several pages with glue strips (registration marks in
    them, where the next page's edge goes), cut lines in the margins, page labels and
    an assembly map."""
    w, h = board_size(board, theme)
    split = split_board(w, h, theme, paper)
    # The sea widens to the windows' whole span, so the pages have no white paper
    # round the drawing; the windows then start at the drawing's corner.
    cols, rows = split.cols, split.rows
    span = (cols * split.win[0] - (cols - 1) * split.overlap, rows * split.win[1] - (rows - 1) * split.overlap)
    symbol, _, _, _ = board_drawing(board, theme, coords=coords, canvas=span)
    split = BoardSplit(cols, rows, split.paper, split.win, split.overlap, (0.0, 0.0), split.side_label)
    ink = theme.colours["ink"]
    pages = []
    m = theme.margin
    total = split.cols * split.rows
    for row in range(split.rows):
        for col in range(split.cols):
            left, top, _, _ = split.window(col, row)
            to_page = translate(m - left, m - top)
            ww, wh = split.win
            clip = ((m, m), (m + ww, m), (m + ww, m + wh), (m, m + wh))
            items: list[Item] = [Group((Use("board", to_page),), clip=clip, label="board-window")]
            over: list[Item] = []
            ov = split.overlap
            glue = Style(fill="#808080", opacity=0.22)
            # The glue strips lie under the next page once the board is put together,
            # so everything that helps to put it together goes there or into the margin
            # that is cut away: nothing of it shows on the finished board.  The words
            # stand near the strip's ends, off the middle of the board (the island).
            if col < split.cols - 1:  # glue strip on the right; the next page is laid over it
                over.append(rect(ww - ov, 0, ov, wh, glue))
                for y in _word_positions(wh, ov):
                    over += _glue_word((ww - ov / 2, y), f"GLUE – {split.name(col + 1, row)} goes on top", True, theme)
                for y in _reg_positions(wh, ov):
                    over += _edge_mark((ww - ov, y), (1.0, 0.0), ink)
            if row < split.rows - 1:
                over.append(rect(0, wh - ov, ww - (ov if col < split.cols - 1 else 0), ov, glue))
                for x in _word_positions(ww - (ov if col < split.cols - 1 else 0), ov):
                    over += _glue_word((x, wh - ov / 2), f"GLUE – {split.name(col, row + 1)} goes on top", False, theme)
                for x in _reg_positions(ww, ov):
                    over += _edge_mark((x, wh - ov), (0.0, 1.0), ink)
            cut_w = 0.25
            cut = Style(stroke=ink, width=cut_w, dash=(2.0, 1.5))
            # The cut line and its words stand in the margin, which is cut away; the
            # line lies wholly outside the window, so no sliver of it stays on the board.
            if col > 0:  # cut the paper's margin away here, then lay this edge on the glue strip
                over.append(line((-cut_w / 2, 0), (-cut_w / 2, wh), cut))
                over.append(Text(-2.2, wh * 0.33, f"CUT here – lay on {split.name(col - 1, row)}", 7, ink, "middle", True, -90))
            if row > 0:
                over.append(line((0, -cut_w / 2), (ww, -cut_w / 2), cut))
                over.append(Text(ww * 0.33, -2.2, f"CUT here – lay on {split.name(col, row - 1)}", 7, ink, "middle", True))
            items.append(Group(tuple(over), translate(m, m), label="board-marks"))
            # The window's outline only on its outer sides: an edge that is cut or laid
            # under the next page keeps no line that could show on the finished board.
            edge = Style(stroke=ink, width=0.15)
            corners = [(m, m), (m + ww, m), (m + ww, m + wh), (m, m + wh)]
            for k, outer in enumerate((row == 0, col == split.cols - 1, row == split.rows - 1, col == 0)):
                if outer:
                    a, b = corners[k], corners[(k + 1) % 4]
                    # outside the window by half the stroke, like the cut line
                    dx, dy = ((0, -0.075), (0.075, 0), (0, 0.075), (-0.075, 0))[k]
                    items.append(line((a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy), edge))
            items += _board_label(split, col, row, theme, m, m + wh)
            label = f"Board, page {split.name(col, row)} of {split.cols}×{split.rows}"
            pages.append(Page(split.paper[0], split.paper[1], tuple(items), f"board-{split.name(col, row)}", label))
    assert len(pages) == total
    return pages, [symbol], split


def _reg_positions(length: float, ov: float) -> list[float]:
    """Three points along a shared edge, away from the corners' glue-strip crossings."""
    return [ov + (length - 2 * ov) * f for f in (0.15, 0.5, 0.85)]


def _word_positions(length: float, ov: float) -> list[float]:
    """Where a strip's two GLUE words stand: halfway between its registration arrows
    (:func:`_reg_positions`), so no arrow or its line runs into a word."""
    a, b, c = _reg_positions(length, ov)
    return [(a + b) / 2, (b + c) / 2]


#: The GLUE words' size (points) and the paper plate's margin round them (mm).
GLUE_PT = 7.0
GLUE_PLATE = 1.0


def _glue_word(centre: Point, text: str, upright: bool, theme: Theme) -> list[Item]:
    """A GLUE word on a plate of paper with a hairline edge, centred at ``centre``
    (window mm), read top to bottom when ``upright`` (a strip on the right): the board
    shows through the strip's grey, and without the plate a cell block's outline, the
    island's disc or a zone's green ran through the words (issue 30)."""
    ink, paper = theme.colours["ink"], theme.colours["paper"]
    long_ = text_width(text, GLUE_PT, True, theme) + 2 * GLUE_PLATE
    short = pt_mm(GLUE_PT) * 0.9 + 2 * GLUE_PLATE
    x, y = centre
    w, h = (short, long_) if upright else (long_, short)
    plate = rect(x - w / 2, y - h / 2, w, h, Style(fill=paper, stroke=ink, width=0.15))
    base = pt_mm(GLUE_PT) * 0.34  # from the plate's centre line to the baseline
    word = (Text(x - base, y, text, GLUE_PT, ink, "middle", True, 90) if upright
            else Text(x, y + base, text, GLUE_PT, ink, "middle", True))
    return [plate, word]


def _edge_mark(p: Point, inward: Point, ink: str) -> list[Item]:
    """A registration mark inside a glue strip: a small filled triangle whose tip
    stands ``EDGE_MARK_GAP`` inside the strip at ``p`` (on the strip's inner edge,
    where the next page's cut edge goes), pointing at that edge, and a line from it
    across the strip.  The next page's edge is laid at the tips; it then covers the
    whole mark."""
    x, y = p
    ux, uy = inward  # into the strip
    vx, vy = -uy, ux
    tip = (x + ux * EDGE_MARK_GAP, y + uy * EDGE_MARK_GAP)
    base = 3.0
    a = (tip[0] + ux * base + vx * base * 0.6, tip[1] + uy * base + vy * base * 0.6)
    b = (tip[0] + ux * base - vx * base * 0.6, tip[1] + uy * base - vy * base * 0.6)
    st = Style(stroke=ink, width=0.2)
    return [polygon([tip, a, b], Style(fill=ink)), line(tip, (tip[0] + ux * 8.0, tip[1] + uy * 8.0), st)]


def _board_label(split: BoardSplit, col: int, row: int, theme: Theme, x0: float, y0: float) -> list[Item]:
    """"B2 of 3×2" and a map of the pages with this one filled, under the window; or,
    without a band (``split.side_label``), the page's name up the left margin, which is
    cut away, two thirds down (a CUT line's words stand a third down)."""
    ink = theme.colours["ink"]
    if split.side_label:
        return [Text(x0 - 2.2, y0 - split.win[1] * 0.34,
                     f"Board {split.name(col, row)} of {split.cols}×{split.rows}: cut, overlap and glue as the "
                     "checklist shows", 7, ink, "middle", True, -90)]
    items: list[Item] = [Text(x0, y0 + 7.5, f"Board {split.name(col, row)}", 12, ink, "start", True),
                         Text(x0 + 26, y0 + 7.5, f"of {split.cols}×{split.rows}: cut, overlap and glue as the map shows",
                              7, ink, "start")]
    cell_w, cell_h = 6.0, 4.0
    mx = x0 + split.win[0] - split.cols * cell_w
    my = y0 + 2.0
    for r in range(split.rows):
        for c in range(split.cols):
            mine = (r, c) == (row, col)
            items.append(rect(mx + c * cell_w, my + r * cell_h, cell_w, cell_h,
                              Style(fill=ink if mine else theme.colours["paper"], stroke=ink, width=0.2)))
            items.append(Text(mx + c * cell_w + cell_w / 2, my + r * cell_h + cell_h * 0.72, split.name(c, r), 6,
                              theme.colours["paper"] if mine else ink, "middle", True))
    return items


#: The strip (mm) left at either side of a large sheet's board for the note up its left side.
POSTER_NOTE_STRIP = 6.0


def assembly_art(split: BoardSplit, theme: Theme) -> Callable[[float, float, float, float], list[Item]]:
    """The checklist's picture (issue 30: the page was two-thirds empty): the board
    drawn small (the kit's own drawing, a symbol used again) with each page's window
    outlined and named, beside the steps that put the pages together, in the order
    the pages' cut lines and glue strips ask for.  Draws into the box it is given."""
    ink = theme.colours["ink"]
    total_w, total_h = split.window(split.cols - 1, split.rows - 1)[2:]
    first, last = split.name(0, 0), split.name(split.cols - 1, split.rows - 1)
    steps = [para(("Putting the board together", True)),
             para("Cut away the margin along the dashed CUT line of every page but ", (first, True),
                  ": on the left of the pages after the first column, at the top of the pages after the first row.",
                  lead="1.", before=0.5),
             para("Lay each cut edge on the grey glue strip of the page it names, the edge at the tips of the "
                  "three arrows, and glue: row by row from ", (first, True), " to ", (last, True), ".", lead="2.",
                  before=0.35),
             para("Nothing of the strips, arrows or words shows once the pages overlap. Glue the whole board onto "
                  "card and let it dry flat under a book.", lead="3.", before=0.35)]

    def draw(x: float, y: float, w: float, h: float) -> list[Item]:
        pic_w = min(w * 0.55, h * total_w / total_h)
        # A wide board (two A3 pages side by side) draws larger across the box with the
        # steps under it: beside it, at 55% of the width, the page was 60% empty.
        under: list[Text] = []
        try:
            _, under = fit_text(steps, w, h / 3, theme, max_pt=11.0, min_pt=7.0)
            room = h - max(text_box(t, theme)[3] for t in under) - 6.0
            if min(w, room * total_w / total_h) <= pic_w:
                under = []
            else:
                pic_w = min(w, room * total_w / total_h)
        except DoesNotFit:
            under = []
        k = pic_w / total_w
        pic_h = total_h * k
        items: list[Item] = [Use("board", compose(translate(x, y), scale(k)))]
        for row in range(split.rows):
            for col in range(split.cols):
                left, top, right, bottom = split.window(col, row)
                items.append(rect(x + left * k, y + top * k, (right - left) * k, (bottom - top) * k,
                                  Style(stroke=ink, width=0.35, dash=(1.5, 1.0))))
                cx, cy = x + (left + right) / 2 * k, y + (top + bottom) / 2 * k
                items.append(rect(cx - 5.0, cy - 3.4, 10.0, 6.2, Style(fill=theme.colours["paper"], stroke=ink, width=0.25)))
                items.append(Text(cx, cy + 1.6, split.name(col, row), 10, ink, "middle", True))
        items.append(rect(x, y, pic_w, pic_h, Style(stroke=ink, width=0.3)))
        if under:
            return items + placed(under, x, y + pic_h + 6.0)
        try:
            _, texts = fit_text(steps, w - pic_w - 6.0, pic_h, theme, max_pt=11.0, min_pt=7.0)
        except DoesNotFit:
            return items
        return items + placed(texts, x + pic_w + 6.0, y)

    return draw


def board_poster(board: Board, theme: Theme, paper: tuple[float, float], paper_name: str, *,
                 coords: bool = True) -> tuple[Page, Symbol]:
    """The board on one large page (``--board-paper``), turned as the board is (or as it
    fits), the sea filling the sheet inside its margins; DoesNotFit if it cannot.
    The note goes under the board when there is room, else up the left side."""
    w, h = board_size(board, theme)
    note = f"Section X – board, tiles {theme.tile:g} mm across the flats. Print at actual size."
    ink = theme.colours["ink"]
    # The sheet turned as the board is (wider than tall: landscape first), so the sea
    # that fills the rest of it is a border, not a wide band above and below.
    turned = (paper[1], paper[0])
    wide_first = (paper, turned) if (paper[0] >= paper[1]) == (w >= h) else (turned, paper)
    for sheet in wide_first:
        aw, ah = sheet[0] - 2 * theme.margin, sheet[1] - 2 * theme.margin
        if w <= aw and h <= ah:
            # The sea fills the sheet inside its margins, but for the note's room:
            # under the board, or a strip up the left side.
            canvas = (aw, ah - LABEL_BAND) if ah - h >= LABEL_BAND else (aw - 2 * POSTER_NOTE_STRIP, ah)
            symbol, w, h, _ = board_drawing(board, theme, coords=coords, canvas=canvas)
            x = (sheet[0] - w) / 2
            if ah - h >= LABEL_BAND:
                y = theme.margin + (ah - LABEL_BAND - h) / 2
                label: list[Item] = [Text(sheet[0] / 2, sheet[1] - theme.margin - 4, note, 8, ink, "middle")]
            else:
                y = (sheet[1] - h) / 2
                label = [Text(theme.margin + POSTER_NOTE_STRIP * 0.6, sheet[1] / 2, note, 8, ink, "middle", False, -90)] \
                    if x - theme.margin >= POSTER_NOTE_STRIP - 1e-6 else []
            items: list[Item] = [Use("board", translate(x, y))] + label
            return Page(sheet[0], sheet[1], tuple(items), f"board-{paper_name}", f"Board on {paper_name.upper()}"), symbol
    fit = min(max(paper) - 2 * theme.margin, min(paper) - 2 * theme.margin) / max(w, h) * theme.tile
    raise DoesNotFit(f"the board at {theme.tile:g} mm tiles measures {w:.0f} x {h:.0f} mm and does not fit "
                      f"{paper_name.upper()} ({paper[0]:g} x {paper[1]:g} mm); use larger paper, "
                      f"or --tile-size {math.floor(fit)} or less")
