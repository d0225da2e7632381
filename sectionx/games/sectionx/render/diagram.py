"""State diagrams: a position drawn on its board, with annotations (``sectionx render``).

Pure (architecture, habit 6): a scenario or state, a theme and options in, one
:class:`~sectionx.render.scene.Document` of one page out.  The renderer never
asks the rules engine anything; a scenario is checked (``checking.check_file``)
before it is drawn, and only valid scenarios are drawn.  Same input, same
document, so the SVG and PDF written from it are byte-identical run to run.

Layers, bottom to top: the board (:func:`board.board_items`); the tiles, each
clipped to its cell (the art's bleed would otherwise spill onto neighbours);
highlights (a translucent tint over cell and tile, so a highlighted *tile*
shows too); coordinates (under the pieces); arrows (under the pieces too, so a
door or prisoner on the way stays in sight; each head stops short of every piece,
label and zone name); doors; prisoners; claimed zones; master keys; labels; then
the title above and the caption below.  An optional side panel lists each
player's belongings and the stacks.

Tokens scale with the tile: a prisoner is :data:`PRISONER` of the tile's
across-flats, so three fit on one tile (T2).
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from dataclasses import dataclass, field

from ....colours import Colour
from ....errors import SectionXError
from ....hexgrid import Cell
from ....render.fonts import text_width, unprintable, wrap
from ....render.geometry import Blob, blob_gap, text_blob, texts
from ....render.layout import Layout
from ....render.scene import (
    MM_PER_PT,
    Circle,
    Command,
    Document,
    Group,
    Item,
    Matrix,
    Page,
    Path,
    Point,
    Style,
    Symbol,
    Text,
    Use,
    apply,
    arc_commands,
    compose,
    polygon,
    polyline,
    rotate,
    scale,
    translate,
)
from ....render.shapes import on_colour, symbol_shape
from ....render.theme import Theme
from ..model import (
    NO_ANNOTATIONS,
    Annotations,
    FeatureKind,
    Goal,
    Place,
    PlaceKind,
    PlayerState,
    Scenario,
    Spot,
    State,
    TileType,
)
from .art import (
    DOOR,
    PRISONER,
    TileArt,
    door_stroke,
    door_symbol,
    hex_corners,
    key_symbol,
    prisoner_symbol,
    token_stroke,
)
from .board import BLOCK_SYMBOL, block_point, block_tint, board_items, cell_block_spans, fitted, frame_width, island_centre
from .words import ENGLISH, Words

# PRISONER (token diameter) and DOOR (length, depth), fractions of the tile's
# across-flats, are the art's (render/art.py), which places tokens and doors.
#: Master key length, as a fraction of the tile's across-flats.
KEY = 0.42
#: Label disc diameter, as a fraction of the tile's across-flats.
LABEL = 0.26
#: The widest a label's pill may be, as a fraction of the tile's across-flats: a
#: long label (up to 12 characters) gets a smaller font rather than spill across cells.
LABEL_WIDTH = 0.85
#: The smallest print of the board in a diagram, in points per mm of tile (6.4 pt at
#: 40 mm tiles): the size of FREE ZONE, a little over a tile id's (0.15).
SMALL_PRINT = 0.16
#: Where a cell's coordinates may stand, as offsets of their baseline's middle from the
#: cell's centre in tiles' across-flats, in order of preference: the top (the labels
#: leave it to them), the bottom (inside a claimed zone's ring), then the corners.
COORDINATE_SPOTS = ((0.0, -0.33), (0.0, 0.37), (-0.24, -0.18), (0.24, -0.18), (-0.24, 0.26), (0.24, 0.26))
#: Centre distance of the two tokens in a hideout, as a fraction of their diameter.
HIDEOUT_GAP = 1.06
#: Scale of the tiles drawn in the side panel.
PANEL_TILE = 0.42
#: The widest a stack's caption may be, as a fraction of a panel tile's across-flats:
#: less than the 1.25 between two stacks, so neighbouring captions never meet.
STACK_CAPTION = 1.15

Rect = tuple[float, float, float, float]


# ------------------------------------------------------------------ the plan: where the board goes


@dataclass(frozen=True)
class Plan:
    """Where things go on the page: ``layout`` puts cells in page mm; ``board`` is the
    board's (or crop's) rectangle (left, top, right, bottom) on the page."""

    layout: Layout
    board: Rect
    margin: float
    width: float
    height: float
    title_size: float  # pt, 0 without a title
    caption: tuple[tuple[str, bool], ...]  # lines under the board and whether each is bold
    caption_size: float  # pt
    panel_x: float | None
    #: With ``crop``: the whole cells shown (their outline clips the board), else None.
    shown: frozenset[Cell] | None = None


def _grow(rect: Rect, d: float) -> Rect:
    return rect[0] - d, rect[1] - d, rect[2] + d, rect[3] + d


def goal_cells(state: State, goal: Goal | None) -> set[Cell]:
    """Green cells a puzzle's player could reach within the goal's turns: those of
    zones not owned by another player (Z2) within ``2 × turns`` cells of one of the
    player's prisoners in play (at most 2 steps a prisoner a turn, M3; one more from
    the island).  A puzzle card must show them, or it cannot be solved from the picture."""
    if goal is None or goal.player is None or goal.player not in state.player_by_colour:
        return set()
    me = state.player_by_colour[goal.player]
    owner = state.zone_owner
    targets = {c for z in state.board.zones if owner.get(z.name, me.colour) == me.colour for c in z.cells}
    reach = 2 * goal.turns + 1 if goal.turns else 10**6
    starts = {pl.at for pl in me.prisoners if pl.kind is PlaceKind.TILE}
    if any(pl.kind is PlaceKind.ISLAND for pl in me.prisoners):
        starts |= set(state.board.island)
    return {g for g in targets if any(g.distance(c) <= reach for c in starts)}


def _interest(state: State, annotations: Annotations, goal: Goal | None = None) -> set[Cell]:
    """Cells that matter for a cropped picture: tiles, prisoners on tiles and green
    areas, doors, the green cells of claimed zones (Z1) and every annotated cell;
    the island when there is nothing else."""
    cells = {c for c, _ in state.tiles}
    claimed = {name for name, _ in state.zones}
    cells |= {c for z in state.board.zones if z.name in claimed for c in z.cells}
    for p in state.players:
        cells |= {pl.at for pl in p.prisoners if pl.kind in (PlaceKind.TILE, PlaceKind.GREEN)}
        cells |= {d.cell for d in p.doors}
    cells |= set(annotations.cells())
    cells |= goal_cells(state, goal)
    return cells or set(state.board.island)


def interest(state: State, annotations: Annotations) -> set[Cell]:
    """The cells a cropped diagram keeps by default (its tiles, prisoners, doors,
    claimed zones and annotated cells): a caller's ``focus`` may add to them."""
    return _interest(state, annotations)


def block_cells(state: State, layout: Layout, colour: Colour) -> set[Cell]:
    """The island cells ``colour``'s cell block covers (G3): those reaching into its angle."""
    board = state.board
    if not board.island:
        return set()
    cx, cy = island_centre(board, layout)
    span = next(((s, e) for c, s, e in cell_block_spans(board) if c is colour), None)
    if span is None:
        return set()
    s, e = span
    out: set[Cell] = set()
    for cell in board.island:
        x0, y0 = layout.centre(cell)
        points = [(x0, y0)] + layout.corners(cell) + [layout.edge_midpoint(cell, k) for k in range(6)]
        for x, y in points:
            if math.dist((x, y), (cx, cy)) < 1e-6:
                continue
            a = math.degrees(math.atan2(y - cy, x - cx)) % 360
            if s + 1e-6 < a < e - 1e-6 or s + 1e-6 < a + 360 < e - 1e-6:
                out.add(cell)
                break
    return out


def _island_interest(state: State, layout: Layout) -> set[Cell]:
    """Island cells a crop keeps whole: the cell blocks of colours with prisoners on the
    island (their token and its ×N count stand there) or with the master key (K1)."""
    cells: set[Cell] = set()
    for p in state.players:
        if p.count(PlaceKind.ISLAND) or p.key:
            cells |= block_cells(state, layout, p.colour)
        if p.key and state.board.island:  # and the cell under the key itself, whatever the island's shape
            kx, ky = _key_point(state, layout, p.colour)
            cells.add(min(sorted(state.board.island), key=lambda c: math.dist(layout.centre(c), (kx, ky))))
    return cells


def _block_token(state: State, layout: Layout, colour: Colour) -> Point:
    """Where a colour's island prisoners stand: on the cell block's printed symbol."""
    return block_point(state.board, layout, colour, 0.62)


def _key_point(state: State, layout: Layout, colour: Colour) -> Point:
    """Where a master key lies: in its holder's cell block, under the prisoners."""
    x, y = _block_token(state, layout, colour)
    return x, y + layout.across_flats * 0.45


def plan(state: State, theme: Theme, *, crop: bool = False, panel: bool = False, puzzle: Goal | None = None,
         annotations: Annotations = NO_ANNOTATIONS, title: str = "", text: str = "", goal: str = "",
         words: Words = ENGLISH, focus: frozenset[Cell] | None = None) -> Plan:
    """The page geometry of :func:`diagram` (exposed so tests can check positions).
    Under the board: the caption (or ``text`` when there is none), then ``goal`` in bold.
    ``words`` as :func:`diagram` draws them (the side panel is as wide as they need)."""
    F = theme.tile
    base = Layout(F)
    margin = max(4.0, 0.25 * F)
    whole = _grow(base.bounds(state.board.cells), frame_width(base) + 0.02 * F)
    rect = whole
    shown = None
    if crop:
        shown = crop_cells(state, base, annotations, whole, puzzle, focus)
        rect = base.bounds(shown)
    title_size = F * 0.4 if title else 0.0
    top = margin + (title_size * MM_PER_PT * 1.7 if title else 0.0)
    layout = Layout(F, (margin - rect[0], top - rect[1]))
    bw, bh = rect[2] - rect[0], rect[3] - rect[1]
    board = (margin, top, margin + bw, top + bh)
    caption_size = F * 0.26
    width_ = max(bw, 3 * F)
    # Line breaks written into a caption are kept; the one YAML ends a folded block with is not.
    below = (annotations.caption or text).strip()
    caption = tuple((line, False) for line in (wrap(below, width_, caption_size, False, theme) if below else ()))
    caption += tuple((line, True) for line in (wrap(goal, width_, caption_size, True, theme) if goal else ()))
    panel_x = board[2] + 0.4 * F if panel else None
    width = board[2] + margin + (0.4 * F + _panel_width(state, theme, words) if panel else 0.0)
    panel_h = _panel_height(state, F) if panel else 0.0
    line = caption_size * MM_PER_PT * 1.35
    height = top + max(bh + (0.35 * F + line * len(caption) if caption else 0.0), panel_h) + margin
    if caption:
        width = max(width, margin * 2 + max(text_width(s, caption_size, bold, theme) for s, bold in caption))
    if title:  # the page holds its title, however narrow the crop
        width = max(width, margin * 2 + text_width(title, title_size, True, theme))
    return Plan(layout, board, margin, width, height, title_size, caption, caption_size, panel_x, shown)


def crop_cells(state: State, layout: Layout, annotations: Annotations,
               whole: Rect | None = None, puzzle: Goal | None = None,
               focus: frozenset[Cell] | None = None) -> frozenset[Cell]:
    """The whole cells a cropped diagram shows: every cell that matters and its
    neighbours, then every cell of the hex grid whose centre falls in the rectangle
    around those, so the outline has no holes.  The island and each free zone are
    shown whole as soon as any of their cells is in, also one the rectangle brought
    in (the rectangle then grows round them): a crop never cuts through them.
    ``focus``, when given, names the cells that matter instead (a solution's turns
    share one frame: the cells its actions touch)."""
    board = state.board
    cells = set(focus) if focus else _interest(state, annotations, puzzle)
    grown = cells | {n for c in cells for n in c.neighbours()} | _island_interest(state, layout)
    wholes = [frozenset(board.island)] + [frozenset(zone.cells) for zone in board.zones]
    while True:
        lattice = _rectangle(grown, layout, whole)
        more = frozenset().union(*(w for w in wholes if w & lattice and not w <= lattice))
        if not more:
            break
        grown |= more
    # Cells of the board only, unless that leaves a shape with holes or in pieces (an odd
    # board): a rectangle of the grid never has either, so the outline is one polygon.
    on_board = frozenset(lattice & board.cells)
    return on_board if on_board and _one_loop(on_board) else frozenset(lattice)


def _rectangle(cells: set[Cell], layout: Layout, whole: Rect | None) -> set[Cell]:
    """Every cell of the hex grid whose centre lies in the rectangle round ``cells``
    (within ``whole``, the board with its frame, when given)."""
    l_, t_, r_, b_ = layout.bounds(cells)
    if whole is not None:
        l_, t_, r_, b_ = max(l_, whole[0]), max(t_, whole[1]), min(r_, whole[2]), min(b_, whole[3])
    qs = [c.q for c in cells]
    rs = [c.r for c in cells]
    lattice = set()
    for r in range(min(rs) - 1, max(rs) + 2):
        for q in range(min(qs) - 2, max(qs) + 3):
            x, y = layout.centre(Cell(q, r))
            if l_ - 1e-6 <= x <= r_ + 1e-6 and t_ - 1e-6 <= y <= b_ + 1e-6:
                lattice.add(Cell(q, r))
    return lattice


def _boundary(cells: frozenset[Cell]) -> dict[tuple[float, float], tuple[float, float]]:
    """Each boundary edge of ``cells`` as start corner -> end corner, clockwise, in
    axial units (exact, so corners of neighbouring cells meet exactly)."""
    unit = Layout(1.0)
    nxt: dict[tuple[float, float], tuple[float, float]] = {}
    for cell in cells:
        for edge in range(6):
            if cell.neighbour(edge) not in cells:
                a, b = unit.corner(cell, (edge - 1) % 6), unit.corner(cell, edge)
                nxt[(round(a[0], 6), round(a[1], 6))] = (round(b[0], 6), round(b[1], 6))
    return nxt


def _one_loop(cells: frozenset[Cell]) -> bool:
    nxt = _boundary(cells)
    start = min(nxt)
    here, steps = nxt[start], 1
    while here != start and here in nxt and steps <= len(nxt):
        here, steps = nxt[here], steps + 1
    return here == start and steps == len(nxt)


def outline(cells: frozenset[Cell], layout: Layout) -> tuple[Point, ...]:
    """The boundary of a hole-free, connected set of cells (:func:`crop_cells` gives
    one), clockwise, as one polygon in page mm."""
    nxt = _boundary(cells)
    start = min(nxt)
    points: list[Point] = []
    here = start
    while True:
        here = nxt[here]
        points.append(here)
        if here == start or len(points) > len(nxt):
            break
    f, (ox, oy) = layout.across_flats, layout.origin
    return tuple((ox + x * f, oy + y * f) for x, y in points)


# ------------------------------------------------------------------ the diagram


def diagram(scenario_or_state: Scenario | State, theme: Theme, *, crop: bool = False, coords: bool = False,
            panel: bool = False, annotations: Annotations | None = None, goal_text: bool = True,
            words: Words = ENGLISH, focus: frozenset[Cell] | None = None) -> Document:
    """One page: the position on its board, with annotations (the scenario's unless
    ``annotations`` is given).  ``crop`` shows only the region around tiles, prisoners
    on tiles and green areas, doors and annotations (grown by one cell); ``coords``
    writes q,r in every cell; ``panel`` adds hands, counts and stacks at the side.
    ``goal_text=False`` leaves a puzzle's goal sentence out from under the board (the
    crop still keeps what the goal needs): for a caller that sets the goal in words
    itself, at a size of its own, as the deck's cards do.  ``words``: every fixed word
    drawn (the board's names, the side panel's, the goal line's), English by default
    (:mod:`sectionx.games.sectionx.render.words`).  ``focus``: with ``crop``, the cells
    the crop keeps (and their neighbours) instead of everything that matters."""
    return drawn(scenario_or_state, theme, crop=crop, coords=coords, panel=panel, annotations=annotations,
                 goal_text=goal_text, words=words, focus=focus).document


@dataclass
class Places:
    """Where a drawing put what a player can click, in page mm (the studio's spots):
    prisoner tokens by colour and place (a tile's feature, or the island for the
    cell block's token) with their radius, outline included; doors by colour and spot
    (the door's four corners); the side panel's hand tiles by id and stacks by number
    (their centres; ``panel_tile`` their across-flats) and each player's block (its
    rectangle's corners: where a tile dropped goes into that hand, empty or not)."""

    tokens: dict[tuple[Colour, Place], list[tuple[Point, float]]] = field(default_factory=dict)
    doors: dict[tuple[Colour, Spot], tuple[Point, ...]] = field(default_factory=dict)
    hands: dict[str, Point] = field(default_factory=dict)
    stacks: dict[int, Point] = field(default_factory=dict)
    panel_tile: float = 0.0
    players: dict[Colour, tuple[Point, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Drawn:
    """:func:`drawn`'s answer: the page, the layout that put cells on it, and where the
    pieces went."""

    document: Document
    layout: Layout
    places: Places


def drawn(scenario_or_state: Scenario | State, theme: Theme, *, crop: bool = False, coords: bool = False,
          panel: bool = False, annotations: Annotations | None = None, goal_text: bool = True,
          words: Words = ENGLISH, focus: frozenset[Cell] | None = None) -> Drawn:
    """:func:`diagram`'s page with where it put the cells and pieces (the studio lays
    its clickable spots over them, so they are taken from the drawing itself)."""
    scenario = scenario_or_state if isinstance(scenario_or_state, Scenario) else Scenario(scenario_or_state)
    if annotations is None:
        annotations = scenario.annotations
    check_glyphs(scenario.title, annotations, theme, scenario.description, words)
    drawing = _Drawing(scenario, theme, crop, coords, panel, annotations, goal_text, words, focus)
    document = drawing.document()
    return Drawn(document, drawing.layout, drawing.places)


class UnprintableText(SectionXError, ValueError):
    """A title, caption or label holds characters the theme's font cannot draw.

    ``subject`` says which text (as :class:`~sectionx.games.sectionx.model.Problem` subjects do), so
    that a caller who knows the file can report its line."""

    def __init__(self, message: str, subject: tuple[object, ...]):
        self.message = message
        self.subject = subject
        super().__init__(message)


def check_glyphs(title: str, annotations: Annotations, theme: Theme, description: str = "",
                 words: Words = ENGLISH) -> None:
    """Refuse text the embedded font has no glyph for: the PDF would show empty boxes
    while an SVG viewer quietly takes another font, so the two files would differ.
    The ``words`` are checked too, in the bold face (some are set in bold)."""
    texts: list[tuple[str, tuple[object, ...], str, bool]] = [
        ("title", ("title",), title, True),
        ("caption", ("annotation-caption",), " ".join(annotations.caption.split()), False),
        ("description", ("description",), " ".join(description.split()), False)]
    texts += [(f"label on {cell}", ("annotation-label", cell), text, True) for cell, text in annotations.labels]
    if words is not ENGLISH:
        texts += [(f"words.{name}", ("words", name), text, bold) for name, text in words.texts() for bold in (False, True)]
    for place, subject, text, bold in texts:
        why = unprintable(text, theme, bold)
        if why:
            raise UnprintableText(f"{place}: {why}", subject)


class _Drawing:
    def __init__(self, scenario: Scenario, theme: Theme, crop: bool, coords: bool, panel: bool, annotations: Annotations,
                 goal_text: bool = True, words: Words = ENGLISH, focus: frozenset[Cell] | None = None):
        self.scenario = scenario
        self.state = scenario.state
        self.theme = theme
        self.crop, self.coords, self.panel = crop, coords, panel
        self.ann = annotations
        self.art = TileArt(theme)
        self.F = theme.tile
        self.words = words
        goal = words.puzzle.format(goal=words.goal(scenario.goal)) if scenario.goal is not None and goal_text else ""
        if goal and self.state.advanced:
            # V2 changes what a turn may do; a solver of the card must know it.
            goal += " " + words.advanced
        self.plan = plan(self.state, theme, crop=crop, panel=panel, puzzle=scenario.goal, annotations=annotations,
                         title=scenario.title,
                         text=scenario.description, goal=goal, words=words, focus=focus)
        self.layout = self.plan.layout
        self.symbols: dict[str, Symbol] = {}
        self.tokens: list[Point] = []  # centres of prisoner tokens, so labels can step aside
        # What an arrowhead must not cover, as the layers are made: tokens, doors, keys,
        # claim marks, the island counts, and (in document()) the board's names and the labels.
        self.pieces: list[Blob] = []
        self.marks: list[Blob] = []  # the claim marks on the rings of claimed zones
        self.places = Places()  # where the clickable pieces went (drawn())
        self.d = PRISONER * self.F
        # In a hideout the tokens lie in its chamber (T2): two side by side, a little
        # apart, their outlines inside the chamber's pale floor, so a little smaller.
        self.d_hideout = min(self.d, (self.art.chamber_r - token_stroke(self.d) / 2) / (HIDEOUT_GAP / 2 + 0.5))

    # -- symbols

    def use(self, symbol: Symbol, matrix: Matrix) -> Use:
        self.symbols.setdefault(symbol.name, symbol)
        return Use(symbol.name, matrix)

    def tile_use(self, tile: TileType, centre: Point, rotation: int, *, show_id: bool = True) -> list[Item]:
        sym = self.art.tile_symbol(tile)
        self.symbols.setdefault(sym.name, sym)
        # Ids upright: a reader should not have to make out "91T" for T16.
        return self.art.tile_items(tile, centre, rotation, show_id=show_id, upright=True)

    def ink(self, name: str | None) -> str:
        if name is None or name == "highlight":
            return self.theme.colours["highlight"]
        return self.theme.player(Colour(name))

    def tile_matrix(self, cell: Cell) -> Matrix:
        return compose(translate(*self.layout.centre(cell)), rotate(60 * self.state.tile_at[cell].rotation))

    # -- the page

    def document(self) -> Document:
        # The board's small print (CELL BLOCK 4 pt, ISLAND 3.6 pt at 40 mm tiles) would
        # not read in a figure printed smaller still: none is smaller than FREE ZONE.
        board = board_items(self.state.board, self.layout, self.theme, min_pt=SMALL_PRINT * self.F, words=self.words)
        zones = {z.name for z in self.state.board.zones}
        printed = texts(board)
        # The free zones' names must show; the small print (FREE ZONE, CELL BLOCK) had
        # better, but an arrow into a zone may have no other room for its head.
        names = [text_blob(t, self.theme) for t in printed if t.text in zones]
        small = [text_blob(t, self.theme) for t in printed if t.text not in zones]
        ids = {cell: text_blob(self.art.id_text(self.state.catalogue[placed.tile], self.layout.centre(cell), placed.rotation),
                               self.theme) for cell, placed in self.state.tiles}
        tiles, highlights = self.tiles(), self.highlights()
        pieces = self.doors() + self.prisoners() + self.zones() + self.keys()
        places = self.label_places(names + small)
        inner: list[Item] = board + tiles + highlights
        if self.coords:  # under the pieces, so a token or label is never hidden by a hint
            inner += self.coordinates(list(ids.values()) + names + small + self.marks,
                                      self.pieces + [place.blob for place in places])
        # Arrows under the pieces: a door or prisoner on the way stays in sight, and
        # the head stops short of every piece, name and label (arrows()).
        inner += self.arrows(self.pieces + names + [place.blob for place in places], small + list(ids.values()))
        inner += pieces
        inner += self.labels(places)
        clip = outline(self.plan.shown, self.layout) if self.plan.shown is not None else None
        items: list[Item] = [Group(tuple(inner), clip=clip, label="board")]
        items += self.title_and_caption()
        if self.panel:
            items.append(Group(tuple(self.side_panel()), label="panel"))
        name = self.scenario.title or "diagram"
        page = Page(self.plan.width, self.plan.height, tuple(items), name="diagram", label=name)
        symbols = tuple(self.symbols[k] for k in sorted(self.symbols))
        return Document((page,), symbols, name)

    # -- layers

    def tiles(self) -> list[Item]:
        out: list[Item] = []
        thin = max(0.2, self.F * 0.008)
        for cell, placed in self.state.tiles:
            tile = self.state.catalogue[placed.tile]
            corners = tuple(self.layout.corners(cell))
            out.append(Group(tuple(self.tile_use(tile, self.layout.centre(cell), placed.rotation)), clip=corners))
            out.append(polygon(corners, Style(stroke=self.theme.colours["tunnel_edge"], width=thin)))
        return out

    def highlights(self) -> list[Item]:
        out: list[Item] = []
        for h in self.ann.highlights:
            colour = self.ink(h.colour)
            corners = self.layout.corners(h.cell)
            out.append(polygon(corners, Style(fill=colour, opacity=0.35)))
            # Inset so the thick outline stays inside its own cell.
            cx, cy = self.layout.centre(h.cell)
            w = self.F * 0.05
            inset = [(cx + (x - cx) * (1 - w / self.layout.radius), cy + (y - cy) * (1 - w / self.layout.radius)) for x, y in corners]
            out.append(polygon(inset, Style(stroke=colour, width=w, join="round")))
        return out

    def doors(self) -> list[Item]:
        out: list[Item] = []
        length, depth = self.art.door_size()
        for p in self.state.players:
            sym = door_symbol(self.theme, p.colour, length, depth)
            for spot in p.doors:
                # Near the feature's first opening, wholly inside the tile (art.door_pose).
                point, angle = self.art.door_pose(self.state.tile_type(spot.cell), spot.feature)
                m = compose(self.tile_matrix(spot.cell), translate(*point), rotate(angle + 90))
                out.append(self.use(sym, m))
                corners = ((-length / 2, -depth / 2), (length / 2, -depth / 2), (length / 2, depth / 2), (-length / 2, depth / 2))
                self.pieces.append((tuple(apply(m, c) for c in corners), door_stroke(depth) / 2))
                self.places.doors[(p.colour, spot)] = self.pieces[-1][0]
        return out

    def spots(self, tile: TileType, feature: int, guarded: bool = False) -> tuple[Point, ...]:
        """Token centres on one feature, rotation 0: the art's anchors, with a hideout's
        two bunks set so that two of its (smaller) tokens never overlap (T2) and stay
        inside the chamber; on a feature that also holds a door (``guarded``), the
        art's spot clear of the door."""
        if guarded and tile.features[feature].kind.takes_door:
            return (self.art.guarded_spot(tile, feature),)
        points = self.art.anchors(tile)[feature]
        if tile.features[feature].kind is FeatureKind.HIDEOUT and len(points) == 2:
            (x0, y0), (x1, y1) = points
            gap = math.dist(points[0], points[1])
            want = self.d_hideout * HIDEOUT_GAP
            if 0 < gap < want:
                mx, my = (x0 + x1) / 2, (y0 + y1) / 2
                k = want / gap
                points = ((mx + (x0 - mx) * k, my + (y0 - my) * k), (mx + (x1 - mx) * k, my + (y1 - my) * k))
        return points

    def prisoners(self) -> list[Item]:
        out: list[Item] = []
        syms = {p.colour: prisoner_symbol(self.theme, p.colour, round(self.d, 3)) for p in self.state.players}
        hidden = {p.colour: prisoner_symbol(self.theme, p.colour, round(self.d_hideout, 3)) for p in self.state.players}
        on_tile: dict[tuple[Cell, int], list[Colour]] = defaultdict(list)
        on_green: dict[Cell, list[Colour]] = defaultdict(list)
        doored = {(d.cell, d.feature) for p in self.state.players for d in p.doors}
        for p in self.state.players:
            for pl in p.prisoners:
                if pl.kind is PlaceKind.TILE:
                    on_tile[(pl.at, pl.feature)].append(p.colour)
                elif pl.kind is PlaceKind.GREEN:
                    on_green[pl.at].append(p.colour)
        for (cell, feature), colours in sorted(on_tile.items()):
            tile = self.state.tile_type(cell)
            spots = self.spots(tile, feature, (cell, feature) in doored)
            m = self.tile_matrix(cell)
            kind = hidden if tile.features[feature].kind is FeatureKind.HIDEOUT else syms
            for i, colour in enumerate(colours):
                x, y = apply(m, spots[i % len(spots)])
                self.tokens.append((x, y))
                self.pieces.append((((x, y),), self.token_reach(kind is hidden)))
                self.places.tokens.setdefault((colour, Place(PlaceKind.TILE, cell, feature)), []).append(
                    ((x, y), self.token_reach(kind is hidden)))
                out.append(self.use(kind[colour], translate(x, y)))
        for cell, colours in sorted(on_green.items()):
            cx, cy = self.layout.centre(cell)
            ring = self.F * 0.27
            for i, colour in enumerate(colours):
                # Round the zone's name: below it first, then beside and above (60 degrees apart).
                a = math.radians((90, 30, 150, 330, 210, 270)[i % 6])
                x, y = cx + ring * math.cos(a), cy + ring * math.sin(a)
                self.tokens.append((x, y))
                self.pieces.append((((x, y),), self.token_reach()))
                out.append(self.use(syms[colour], translate(x, y)))
        size = self.F * 0.2
        for p in self.state.players:
            n = p.count(PlaceKind.ISLAND)
            if not n:
                continue
            x, y = _block_token(self.state, self.layout, p.colour)
            self.tokens.append((x, y))
            # A disc in the block's tint hides the printed symbol the token stands on,
            # corners and outline too (board.BLOCK_SYMBOL across, the farthest corner a
            # triangle's at 0.58 of it).
            out.append(Circle(x, y, BLOCK_SYMBOL * self.F * 0.62, Style(fill=block_tint(self.theme, p.colour))))
            out.append(self.use(syms[p.colour], translate(x, y)))
            self.places.tokens[(p.colour, Place(PlaceKind.ISLAND))] = [((x, y), self.token_reach())]
            count = Text(x + self.d * 0.62, y + size * MM_PER_PT * 0.36, f"×{n}", size, self.theme.colours["ink"], "start", True)
            out.append(count)
            self.pieces += [(((x, y),), self.token_reach()), text_blob(count, self.theme)]
        return out


    def zones(self) -> list[Item]:
        out: list[Item] = []
        owner = self.state.zone_owner
        for zone in self.state.board.zones:
            colour = owner.get(zone.name)
            if colour is None:
                continue
            for cell in sorted(zone.cells):
                cx, cy = self.layout.centre(cell)
                r = self.F * 0.44
                out.append(Circle(cx, cy, r, Style(stroke=self.theme.colours["ink"], width=self.F * 0.06)))
                out.append(Circle(cx, cy, r, Style(stroke=self.theme.player(colour), width=self.F * 0.04)))
                out.append(Circle(cx, cy - r, self.F * 0.08, Style(fill=self.theme.colours["paper"], stroke=self.theme.colours["ink"],
                                                                    width=self.F * 0.01)))
                self.pieces.append((((cx, cy - r),), self.F * 0.085))
                self.marks.append((((cx, cy - r),), self.F * 0.085))
                out.append(symbol_shape(colour, cx, cy - r, self.F * 0.11, Style(fill=self.theme.player(colour))))
        return out

    def keys(self) -> list[Item]:
        out: list[Item] = []
        sym = key_symbol(self.theme, round(KEY * self.F, 3))
        for p in self.state.players:
            if p.key:
                m = translate(*_key_point(self.state, self.layout, p.colour))
                out.append(self.use(sym, m))
                l_, t_, r_, b_ = sym.bbox  # a millimetre round the key itself
                self.pieces.append((tuple(apply(m, c) for c in ((l_, t_), (r_, t_), (r_, b_), (l_, b_))), 0.0))
        return out

    def token_reach(self, hidden: bool = False) -> float:
        """A prisoner token's radius, its outline included."""
        d = self.d_hideout if hidden else self.d
        return d / 2 + token_stroke(d) / 2

    def arrows(self, hard: list[Blob], soft: list[Blob]) -> list[Item]:
        out: list[Item] = []
        w = self.F * 0.06
        casing = self.F * 0.025
        white = self.theme.colours["paper"]
        for arrow in self.ann.arrows:
            pts: list[Point] = []
            for c in arrow.cells:
                p = self.layout.centre(c)
                if not pts or pts[-1] != p:
                    pts.append(p)
            colour = self.ink(arrow.colour)
            if len(pts) < 2:
                out.append(Circle(pts[0][0], pts[0][1], w, Style(fill=colour, stroke=white, width=casing)))
                continue
            head = w * 3.2
            (x0, y0), end = pts[-2], pts[-1]
            seg = math.dist(pts[-2], end)
            ux, uy = (end[0] - x0) / seg, (end[1] - y0) / seg
            # The tip at the last cell's centre, or as little short of it as keeps the
            # head (with its white casing) clear of every label, zone name and piece there,
            # and of the board's small print if it can.
            back = _clear_back(end, (ux, uy), head, casing + self.F * 0.01, seg - head - self.F * 0.1, hard, soft,
                               self.F * 0.005)
            x1, y1 = end[0] - ux * back, end[1] - uy * back
            base = (x1 - ux * head * 0.8, y1 - uy * head * 0.8)
            shaft = pts[:-1] + [base]
            tri = _head((x1, y1), (ux, uy), head)
            out.append(polyline(shaft, Style(stroke=white, width=w + 2 * casing, cap="round", join="round")))
            out.append(polygon(tri, Style(fill=white, stroke=white, width=2 * casing, join="round")))
            out.append(polyline(shaft, Style(stroke=colour, width=w, cap="round", join="round")))
            out.append(polygon(tri, Style(fill=colour, stroke=colour, width=w * 0.2, join="round")))
        return out

    def label_places(self, names: list[Blob]) -> list[LabelPlace]:
        """Where each label's pill goes: on its cell's centre, or, when that would cover
        a prisoner token or a name printed on the board (a free zone's), in the corner of
        its cell farthest from them."""
        out: list[LabelPlace] = []
        h = self.F * LABEL  # disc diameter / pill height in mm
        tokens: list[Blob] = [((t,), self.d / 2) for t in self.tokens]
        obstacles = tokens + names
        for cell, text in self.ann.labels:
            cx, cy = self.layout.centre(cell)
            size = self.F * 0.34
            room = LABEL_WIDTH * self.F - h * 0.5  # widest text that keeps the pill within LABEL_WIDTH
            tw = text_width(text, size, True, self.theme)
            if tw > room:
                size *= room / tw
                tw = text_width(text, size, True, self.theme)
            w = max(h, tw + h * 0.5)
            x, y = cx, cy
            if obstacles and _pill_gap(cx, cy, w, h, obstacles) < 0:
                # Step aside to the corner farthest from every token and name on the cell; a
                # wide pill keeps within its cell's width rather than reach over a neighbour,
                # and a corner where it would stick out of its cell (a wide pill at the top
                # or bottom) is taken only if no other is left.
                slack = max(0.0, (self.F - w) / 2)
                hexagon = tuple(self.layout.corners(cell))
                best = None
                for k in (3, 5, 2, 0, 4, 1):  # corners, upper ones first; the top one holds the coordinates
                    a = math.radians(60 * k + 30)
                    px = cx + self.layout.radius * 0.62 * math.cos(a)
                    px = min(max(px, cx - slack), cx + slack)
                    py = cy + self.layout.radius * 0.62 * math.sin(a)
                    half = max(0.0, w / 2 - h / 2)
                    inside = _capsule_inside(hexagon, (px - half, py), (px + half, py), h / 2 - 1e-6)
                    score = _pill_gap(px, py, w, h, obstacles)
                    if best is None or (inside, score) > (best[0], best[1] + 1e-6):
                        best = (inside, score, px, py)
                assert best is not None  # the loop above tries at least one corner
                _, _, x, y = best
            half = max(0.0, w / 2 - h / 2)
            out.append(LabelPlace(text, x, y, w, h, size, (((x - half, y), (x + half, y)), h / 2 + self.F * 0.01)))
        return out

    def labels(self, places: list[LabelPlace]) -> list[Item]:
        out: list[Item] = []
        ink = self.theme.colours["ink"]
        for place in places:
            x, y, w, h, size = place.x, place.y, place.w, place.h, place.size
            out.append(_pill(x, y, w, h, Style(fill=self.theme.colours["paper"], stroke=ink, width=self.F * 0.02)))
            out.append(Text(x, y + size * MM_PER_PT * 0.36, place.text, size, ink, "middle", True))
        return out

    def coordinates(self, hard: list[Blob], soft: list[Blob]) -> list[Item]:
        """``q,r`` in every tile cell and green cell (island cells have none, as on the
        printed board: no tile goes there, and the walls of the cell blocks run through
        them).  At the top of the cell unless that meets a tile id, a name printed on the
        board or a claim mark (``hard``), or lies on a tunnel or under a piece or label
        (``soft``): then at the first other place (bottom, then the corners) clear of
        both, else the first clear of the ``hard`` ones."""
        size = self.F * 0.15
        ink = self.theme.colours["ink"]
        out: list[Item] = []
        bands = self.bands()
        for cell in sorted(self.state.board.cells - self.state.board.island):
            cx, cy = self.layout.centre(cell)
            text = f"{cell.q},{cell.r}"
            region: Blob = (((cx, cy),), self.F * 0.6)
            must = [b for b in hard if blob_gap(b, region) < 0]
            should = [b for b in soft + bands.get(cell, []) if blob_gap(b, region) < 0]
            chosen: Text | None = None
            for dx, dy in COORDINATE_SPOTS:
                t = Text(cx + dx * self.F, cy + dy * self.F, text, size, ink, "middle")
                box = text_blob(t, self.theme)
                if any(blob_gap(box, b) <= 0 for b in must):
                    continue
                chosen = chosen or t
                if all(blob_gap(box, b) > 0 for b in should):
                    chosen = t
                    break
            out.append(chosen or Text(cx, cy - self.F * 0.33, text, size, ink, "middle"))
        return out

    def bands(self) -> dict[Cell, list[Blob]]:
        """The dark tunnel bands, hubs and chambers of each tile, as blobs (coordinates
        written on them would not read)."""
        out: dict[Cell, list[Blob]] = {}
        band = self.art.w / 2 + self.art.edge
        for cell, placed in self.state.tiles:
            tile = self.state.catalogue[placed.tile]
            m = self.tile_matrix(cell)
            blobs: list[Blob] = []
            for i, f in enumerate(tile.features):
                path = self.art.feature_path(tile, i)
                pts = [apply(m, q) for q in path.points]
                blobs += [((a, b), band) for a, b in itertools.pairwise(pts)]
                if f.kind is FeatureKind.HIDEOUT:
                    blobs.append(((apply(m, (0.0, 0.0)),), self.art.chamber_r + self.art.edge))
                elif f.kind is FeatureKind.JUNCTION:
                    blobs.append(((apply(m, (0.0, 0.0)),), self.art.hub_r + self.art.edge))
            out[cell] = blobs
        return out

    def title_and_caption(self) -> list[Item]:
        out: list[Item] = []
        p = self.plan
        ink = self.theme.colours["ink"]
        if self.scenario.title:
            out.append(Text(p.margin, p.margin + p.title_size * MM_PER_PT * 1.05, self.scenario.title, p.title_size, ink, "start", True))
        line = p.caption_size * MM_PER_PT * 1.35
        y = p.board[3] + 0.35 * self.F
        for text, bold in p.caption:
            out.append(Text(p.margin, y, text, p.caption_size, ink, "start", bold))
            y += line
        return out

    # -- the side panel

    def side_panel(self) -> list[Item]:
        F = self.F
        x0 = self.plan.panel_x
        assert x0 is not None, "a panel was asked for"
        y = self.plan.board[1]
        ink = self.theme.colours["ink"]
        head, body = F * 0.3, F * 0.22
        out: list[Item] = []
        right = self.plan.width - self.plan.margin
        for p in self.state.players:
            out += self.player_block(p, x0, y)
            bottom = y + _player_height(p, F) - 0.25 * F  # the gap to the next block is no one's
            self.places.players[p.colour] = ((x0, y), (right, y), (right, bottom), (x0, bottom))
            y += _player_height(p, F)
        out.append(Text(x0, y + head * MM_PER_PT, self.words.stacks, head, ink, "start", True))
        y += head * MM_PER_PT * 1.6
        s = PANEL_TILE * F
        self.places.panel_tile = s
        for i, stack in enumerate(self.state.stacks):
            cx = x0 + s * 0.5 + i * s * 1.25
            cy = y + s * 0.6
            self.places.stacks[i + 1] = (cx, cy)
            if not stack:
                out.append(polygon(hex_corners(s, (cx, cy)), Style(stroke=self.theme.colours["cell_line"], width=F * 0.01, dash=(F * 0.03, F * 0.03))))
                caption = self.words.empty
            elif self.state.advanced:  # open stacks (V2): the top tile is known
                out += self.small_tile(self.state.catalogue[stack[0]], cx, cy)
                caption = f"{stack[0]} +{len(stack) - 1}"
            else:
                back = self.art.back_symbol()
                self.symbols.setdefault(back.name, back)
                out.append(Group((Use(back.name),), compose(translate(cx, cy), scale(PANEL_TILE)), clip=tuple(hex_corners(F))))
                caption = self.words.stack(len(stack))
            text = f"{i + 1}: {caption}"  # as wide as the gap between two stacks at most
            size = fitted(text, body * 0.85, s * STACK_CAPTION, self.theme, False)
            out.append(Text(cx, cy + s * 0.62 + body * MM_PER_PT, text, size, ink, "middle"))
        return out

    def small_tile(self, tile: TileType, cx: float, cy: float) -> list[Item]:
        items = self.tile_use(tile, (0.0, 0.0), 0, show_id=False)
        return [Group(tuple(items), compose(translate(cx, cy), scale(PANEL_TILE)), clip=tuple(hex_corners(self.F))),
                polygon(hex_corners(PANEL_TILE * self.F, (cx, cy)), Style(stroke=self.theme.colours["tunnel_edge"], width=self.F * 0.008))]

    def player_block(self, p: PlayerState, x0: float, y: float) -> list[Item]:
        F = self.F
        col = self.theme.colours
        ink = col["ink"]
        head, body = F * 0.3, F * 0.22
        out: list[Item] = []
        r = F * 0.11
        cy = y + r
        # Colour and symbol drawn directly (not the prisoner symbol) so that counting
        # prisoner tokens on the board stays honest.
        out.append(Circle(x0 + r, cy, r, Style(fill=self.theme.player(p.colour), stroke=ink, width=F * 0.01)))
        out.append(symbol_shape(p.colour, x0 + r, cy, r * 1.1, Style(fill=on_colour(self.theme, p.colour))))
        name = _player_name(self.state, p, self.words)
        out.append(Text(x0 + 2.6 * r, cy + head * MM_PER_PT * 0.36, name, head, ink, "start", True))
        if p.key:
            sym = key_symbol(self.theme, round(KEY * F * 0.7, 3))
            tw = text_width(name, head, True, self.theme)
            out.append(self.use(sym, translate(x0 + 2.6 * r + tw + KEY * F * 0.45, cy)))
        y2 = y + 2 * r + body * MM_PER_PT * 1.3
        out.append(Text(x0, y2, _counts(p, self.words), body, ink, "start"))
        y3 = y2 + body * MM_PER_PT * 0.6
        doors = p.doors_in_hand
        out.append(Text(x0, y3 + F * 0.12 + body * MM_PER_PT * 0.36, self.words.doors, body, ink, "start"))
        sym = door_symbol(self.theme, p.colour, round(DOOR[0] * F * 0.7, 3), round(DOOR[1] * F * 0.7, 3))
        dx = x0 + text_width(self.words.doors + " ", body, False, self.theme) + DOOR[0] * F * 0.4
        for k in range(doors):
            out.append(self.use(sym, translate(dx + k * DOOR[0] * F * 0.8, y3 + F * 0.12)))
        if not doors:
            out.append(Text(dx - DOOR[0] * F * 0.3, y3 + F * 0.12 + body * MM_PER_PT * 0.36, self.words.no_doors, body, ink, "start"))
        if p.hand:
            s = PANEL_TILE * F
            ty = y3 + F * 0.3 + s * 0.55
            for i, tid in enumerate(p.hand):
                cx = x0 + s * 0.5 + i * s * 1.25
                self.places.hands[tid] = (cx, ty)
                out += self.small_tile(self.state.catalogue[tid], cx, ty)
                out.append(Text(cx, ty + s * 0.6 + body * MM_PER_PT * 0.9, tid, body * 0.85, ink, "middle", True))
        return out


# ------------------------------------------------------------------ helpers


def _pill(cx: float, cy: float, w: float, h: float, style: Style) -> Path:
    """A disc (``w == h``) or a rounded bar centred on (cx, cy)."""
    r = h / 2
    half = max(0.0, w / 2 - r)
    cmds: list[Command] = [("M", cx - half, cy - r), ("L", cx + half, cy - r)]
    cmds += arc_commands(cx + half, cy, r, -90, 90)
    cmds.append(("L", cx - half, cy + r))
    cmds += arc_commands(cx - half, cy, r, 90, 270)
    cmds.append(("Z",))
    return Path(tuple(cmds), style)


def _capsule_inside(polygon: tuple[Point, ...], a: Point, b: Point, r: float) -> bool:
    """Whether the capsule round segment ``a``-``b`` (radius ``r``) lies inside the convex ``polygon``."""
    cx = sum(x for x, _ in polygon) / len(polygon)
    cy = sum(y for _, y in polygon) / len(polygon)
    for p0, p1 in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        # signed distances from the edge's line, positive on the polygon's side
        side = 1.0 if _edge_distance(p0, p1, (cx, cy)) > 0 else -1.0
        if min(side * _edge_distance(p0, p1, a), side * _edge_distance(p0, p1, b)) < r:
            return False
    return True


def _edge_distance(p0: Point, p1: Point, p: Point) -> float:
    """The signed distance of ``p`` from the line through ``p0`` and ``p1``."""
    (x0, y0), (x1, y1) = p0, p1
    return ((x1 - x0) * (p[1] - y0) - (y1 - y0) * (p[0] - x0)) / math.dist(p0, p1)


def _pill_gap(cx: float, cy: float, w: float, h: float, obstacles: list[Blob]) -> float:
    """How far the nearest of ``obstacles`` lies from the pill of :func:`_pill` (negative: they overlap)."""
    half = max(0.0, w / 2 - h / 2)  # a pill is a disc of diameter h drawn out sideways
    pill: Blob = (((cx - half, cy), (cx + half, cy)), h / 2)
    return min(blob_gap(pill, o) for o in obstacles)


@dataclass(frozen=True)
class LabelPlace:
    """A label's pill: its text, centre, width and height (mm), font size (pt), and its
    blob (for arrows to keep clear of)."""

    text: str
    x: float
    y: float
    w: float
    h: float
    size: float
    blob: Blob


def _head(tip: Point, direction: Point, head: float) -> list[Point]:
    """An arrowhead ``head`` mm long pointing along ``direction`` (a unit vector) to ``tip``."""
    (x1, y1), (ux, uy) = tip, direction
    return [(x1, y1), (x1 - ux * head - uy * head * 0.55, y1 - uy * head + ux * head * 0.55),
            (x1 - ux * head + uy * head * 0.55, y1 - uy * head - ux * head * 0.55)]


def _clear_back(end: Point, direction: Point, head: float, clearance: float, most: float, hard: list[Blob],
                soft: list[Blob], step: float) -> float:
    """How far short of ``end`` an arrowhead stops: the least distance (in ``step``s, at
    most ``most``) at which it lies ``clearance`` clear of every obstacle; else the
    least at which it is clear of the ``hard`` ones; else the distance at which it
    comes nearest to being clear of those."""
    (ex, ey), (ux, uy) = end, direction
    # Only obstacles near the head's whole path can bring a gap under ``clearance``; the
    # rest are dropped first (their gaps are all wider, so every decision is the same).
    reach = head * 1.2 + clearance
    sx, sy = ex - ux * max(0.0, most), ey - uy * max(0.0, most)
    box = (min(ex, sx) - reach, min(ey, sy) - reach, max(ex, sx) + reach, max(ey, sy) + reach)
    hard, soft = _near(hard, box), _near(soft, box)
    best = (-math.inf, 0.0)
    first: float | None = None
    k = 0
    while True:
        back = min(k * step, max(0.0, most))
        tri = tuple(_head((ex - ux * back, ey - uy * back), direction, head))
        gap = min((blob_gap((tri, 0.0), o) for o in hard), default=math.inf)
        if gap >= clearance:
            if min((blob_gap((tri, 0.0), o) for o in soft), default=math.inf) >= clearance:
                return back
            first = back if first is None else first
        elif gap > best[0] + 1e-9:
            best = (gap, back)
        if back >= most:
            return best[1] if first is None else first
        k += 1


def _near(blobs: list[Blob], box: tuple[float, float, float, float]) -> list[Blob]:
    """The blobs whose bounding box, grown by their radius, meets ``box``."""
    out = []
    for points, r in blobs:
        xs, ys = [q[0] for q in points], [q[1] for q in points]
        if min(xs) - r <= box[2] and max(xs) + r >= box[0] and min(ys) - r <= box[3] and max(ys) + r >= box[1]:
            out.append((points, r))
    return out


def _player_name(state: State, p: PlayerState, words: Words) -> str:
    """The heading of a player's block in the side panel: the colour's name, and
    whether it is that player's turn."""
    return words.colour(p.colour) + (f"  {words.to_move}" if p is state.current and not state.finished else "")


def _counts(p: PlayerState, words: Words) -> str:
    return words.counts.format(freed=p.count(PlaceKind.FREED) + p.count(PlaceKind.GREEN), dead=p.count(PlaceKind.DEAD),
                               island=p.count(PlaceKind.ISLAND))


def _panel_width(state: State, theme: Theme, words: Words = ENGLISH) -> float:
    """The side panel's width: room for three stacks and the usual words, wider when
    the words given (another language) need it."""
    F = theme.tile
    head, body = F * 0.3, F * 0.22
    widest = max([text_width(_player_name(state, p, words), head, True, theme) + 2.6 * F * 0.11 + KEY * F
                  for p in state.players]
                 + [text_width(_counts(p, words), body, False, theme) for p in state.players]
                 + [text_width(f"{words.doors} {words.no_doors}", body, False, theme),
                    text_width(words.stacks, head, True, theme)])
    return max(3 * PANEL_TILE * F * 1.25, 2.6 * F, widest)


def _player_height(p: PlayerState, F: float) -> float:
    body = F * 0.22 * MM_PER_PT
    h = 0.22 * F + body * 1.9 + F * 0.3
    if p.hand:
        h += PANEL_TILE * F * 1.2 + body * 1.2
    return h + 0.25 * F


def _panel_height(state: State, F: float) -> float:
    head = F * 0.3 * MM_PER_PT
    return sum(_player_height(p, F) for p in state.players) + head * 1.6 + PANEL_TILE * F * 1.3 + F * 0.3


__all__ = ["PRISONER", "Plan", "UnprintableText", "diagram", "plan"]
