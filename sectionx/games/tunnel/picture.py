"""A Der Tunnel position drawn (``sectionx render``): the board in the game's tile art
(:mod:`.art`), followers on their features, tokens on their openings, the players'
scores and supplies in a panel beside it, and the file's annotations (:mod:`.marks`).

The board shows every placed tile and, unless cropped, the empty cells next to it
(dashed: where the next tile may go, CB3); ``crop`` keeps only the tiles and the cells
the annotations name.  ``coords`` writes the column (x, growing east) above and the
row (y, growing south, TG4) to the left of the board and ``x,y`` in every cell.

Annotations: a highlighted feature is the whole board feature (every part of a road,
city or field on every tile, through its tunnels), tinted; an outlined tile; a dashed
arrow from an opening to its partner underground; a word on a cell; a caption below.
Every tile type's art is one symbol placed as often as the board holds it, so a whole
game's picture stays small.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...console import plural
from ...render import figures
from ...render.scene import Circle, Document, Group, Item, Path, Point, Style, Symbol, Text, polygon, rect
from ...render.textfit import text_width
from ...render.theme import Theme
from . import art
from . import layout as lay
from .marks import NO_MARKS, Marks
from .model import FOLLOWERS, Cell, Opening, Position
from .records import final_sheet, winners
from .rules import VARIANTS, cell_text
from .tiles import Oriented, tile_set

MARGIN = 4.0
#: The tile size (mm) a picture uses unless told, and the range it shrinks a large
#: board within so that the picture stays about a page wide.
TILE = 24.0
SMALLEST = 12.0
WIDEST = 250.0
PANEL = 60.0
#: The bleed each tile's art runs past its edges (mm), so that neighbours overlap a
#: hair and no seam of background shows between them.
SEAM = 0.15


@dataclass(frozen=True)
class Frame:
    """Where the cells lie: columns ``left``.. and rows ``top``.. of ``size`` mm,
    the cell (left, top) at (x0, y0)."""

    left: int
    top: int
    cols: int
    rows: int
    size: float
    x0: float
    y0: float

    def box(self, cell: Cell) -> tuple[float, float]:
        return self.x0 + (cell[0] - self.left) * self.size, self.y0 + (cell[1] - self.top) * self.size

    @property
    def right(self) -> float:
        return self.x0 + self.cols * self.size

    @property
    def bottom(self) -> float:
        return self.y0 + self.rows * self.size


def shown_cells(pos: Position, marks: Marks, *, crop: bool) -> set[Cell]:
    """The cells a picture shows: the tiles, the cells the annotations name, and
    unless ``crop`` every empty cell beside a tile."""
    cells = set(pos.board) | marks.cells
    if not crop:
        cells |= set(pos.frontier)
    return cells


def tile_size(cols: int, rows: int) -> float:
    """:data:`TILE`, or smaller for a large board (not below :data:`SMALLEST`)."""
    return max(SMALLEST, min(TILE, WIDEST / cols, WIDEST / rows))


def frame_for(cells: set[Cell], size: float | None, *, coords: bool) -> Frame:
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    cols, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    t = size if size is not None else tile_size(cols, rows)
    pad = 6.0 if coords else 0.0
    return Frame(min(xs), min(ys), cols, rows, t, MARGIN + pad, MARGIN + pad)


def _symbols(theme: Theme, pos: Position, frame: Frame) -> tuple[Symbol, ...]:
    b = _bleed_units(frame)
    names = sorted({p.tile.tile.name for p in pos.board.values()}, key=list(tile_set().types).index)
    return tuple(art.tile_symbol(theme, n, b) for n in names)


def _bleed_units(frame: Frame) -> float:
    return round(SEAM / frame.size * lay.U, 3)


def board_items(theme: Theme, pos: Position, frame: Frame, cells: set[Cell], *, coords: bool,
                marks: Marks = NO_MARKS) -> list[Item]:
    """The board: its background, empty cells, tiles, highlights, tokens, followers,
    tunnel arrows, labels and coordinates."""
    c = theme.colours
    ink = c["ink"]
    t = frame.size
    items: list[Item] = [rect(frame.x0 - 1.5, frame.y0 - 1.5, frame.cols * t + 3.0, frame.rows * t + 3.0,
                              Style(fill=c["board"], stroke=c["cell_line"], width=0.3))]
    for cell in sorted(cells - set(pos.board), key=lambda k: (k[1], k[0])):
        x, y = frame.box(cell)
        items.append(rect(x + 0.6, y + 0.6, t - 1.2, t - 1.2, Style(stroke=c["cell_line"], width=0.3, dash=(1.2, 0.9))))
    b = _bleed_units(frame)
    order = sorted(pos.board, key=lambda k: (k[1], k[0]))
    for cell in order:
        x, y = frame.box(cell)
        items.append(art.tile_use(pos.board[cell].tile, x, y, t, b))
    for cell in order:
        x, y = frame.box(cell)
        items += art.upright_items(theme, pos.board[cell].tile, x, y, t)
    # A hairline round each tile, so that tiles can be counted while roads, walls and
    # fields run on across them.
    grid = Style(stroke=ink, width=0.1, opacity=0.22)
    for cell in order:
        x, y = frame.box(cell)
        items.append(rect(x, y, t, t, grid))
    items += highlights(theme, pos, frame, marks)
    for a, b_ in marks.tunnels:
        items += tunnel_arrow(theme, pos, frame, a, b_)
    for opening, name in sorted(pos.tokens.items(), key=lambda o: (o[0][0][1], o[0][0][0], o[0][1])):
        cell, edge = opening
        x, y = frame.box(cell)
        cx, cy = art.token_spot(pos.board[cell].tile, edge, x, y, t)
        items += art.token_items(theme, name, cx, cy, t * art.TOKEN)
    for (cell, local), seat in sorted(pos.followers.items(), key=lambda f: (f[0][0][1], f[0][0][0], f[0][1])):
        x, y = frame.box(cell)
        items += art.placed_follower(theme, pos.board[cell].tile, local, pos.players[seat], x, y, t)
    for cell, word in marks.labels:
        items += _label(theme, frame, cell, word)
    if coords:
        items += _coordinates(theme, frame, cells)
    return items


# ------------------------------------------------------------------ annotations


def highlights(theme: Theme, pos: Position, frame: Frame, marks: Marks) -> list[Item]:
    """Each highlighted feature tinted on every tile it lies on; outlined tiles."""
    colour = theme.colours["highlight"]
    items: list[Item] = []
    done: set[tuple[Cell, int]] = set()
    for cell, local in marks.features:
        root = pos.root_at(cell, local)
        for (where, part) in sorted(_parts(pos, root), key=lambda k: (k[0][1], k[0][0], k[1])):
            if (where, part) in done:
                continue
            done.add((where, part))
            x, y = frame.box(where)
            tile = pos.board[where].tile
            items.append(Group(tuple(_tint(tile, part, colour)), art.tile_matrix(x, y, frame.size, tile.rotation),
                               ((0.0, 0.0), (lay.U, 0.0), (lay.U, lay.U), (0.0, lay.U))))
    for cell in marks.tiles:
        x, y = frame.box(cell)
        items.append(rect(x + 0.5, y + 0.5, frame.size - 1.0, frame.size - 1.0,
                          Style(stroke=colour, width=max(0.6, frame.size * 0.035), join="round")))
    return items


def _parts(pos: Position, root: int) -> list[tuple[Cell, int]]:
    """Every (cell, local feature) of the board feature ``root``."""
    return [(cell, local) for cell, placed in pos.board.items() for local in range(len(placed.tile.features))
            if pos.find(placed.base + local) == root]


def _tint(tile: Oriented, local: int, colour: str) -> list[Item]:
    """One feature of one tile tinted, in tile units (unturned)."""
    name = tile.tile.name
    shape = lay.layout(name).shapes[local]
    kind = tile.features[local].kind
    if kind == "road":
        return [Path(tuple([("M", *shape.line[0])] + [("L", *p) for p in shape.line[1:]]),
                     Style(stroke=colour, width=lay.ROAD + 5.0, opacity=0.55, join="round", cap="round"))]
    if kind in ("city", "cloister"):
        return [polygon(shape.area, Style(fill=colour, opacity=0.4)),
                polygon(shape.area, Style(stroke=colour, width=2.2, join="round"))]
    # A field: its open ground, row by row, as one shape.
    ground = lay.field_ground(name)
    cells = ground.cells_of(tile.tile.features[local].halves)
    commands: list[tuple[float | str, ...]] = []
    rows: dict[int, list[int]] = {}
    for i, j in cells:
        rows.setdefault(j, []).append(i)
    s = ground.step
    for j, columns in sorted(rows.items()):
        for start, stop in _runs(sorted(columns)):
            commands += [("M", start * s, j * s), ("L", stop * s, j * s), ("L", stop * s, (j + 1) * s),
                         ("L", start * s, (j + 1) * s), ("Z",)]
    return [Path(tuple(commands), Style(fill=colour, opacity=0.62))] if commands else []


def _runs(columns: list[int]) -> list[tuple[int, int]]:
    """Runs of consecutive numbers, each as (first, last + 1)."""
    runs: list[tuple[int, int]] = []
    for i in columns:
        if runs and runs[-1][1] == i:
            runs[-1] = (runs[-1][0], i + 1)
        else:
            runs.append((i, i + 1))
    return runs


def _spot(pos: Position, frame: Frame, opening: Opening) -> Point:
    cell, edge = opening
    x, y = frame.box(cell)
    return art.token_spot(pos.board[cell].tile, edge, x, y, frame.size)


def tunnel_arrow(theme: Theme, pos: Position, frame: Frame, a: Opening, b: Opening) -> list[Item]:
    """A dashed arrow from opening ``a`` to ``b``, bowed to whichever side keeps it
    farther from the board's other openings and followers: the road running on
    underground (TU4)."""
    p, q = _spot(pos, frame, a), _spot(pos, frame, b)
    d = math.dist(p, q) or 1.0
    ux, uy = (q[0] - p[0]) / d, (q[1] - p[1]) / d
    bow = max(0.3 * d, 0.55 * frame.size)
    others = [_spot(pos, frame, o) for o in pos.mouths if o not in (a, b)]
    others += [art.anchor(pos.board[c].tile, local, *frame.box(c), frame.size) for c, local in pos.followers]
    best: tuple[float, Point, Point] | None = None
    for side in (1.0, -1.0):
        nx, ny = -uy * side, ux * side
        k1 = (p[0] + (q[0] - p[0]) / 4 + nx * bow, p[1] + (q[1] - p[1]) / 4 + ny * bow)
        k2 = (p[0] + 3 * (q[0] - p[0]) / 4 + nx * bow, p[1] + 3 * (q[1] - p[1]) / 4 + ny * bow)
        clear = min((math.dist(_bezier(p, k1, k2, q, i / 24), o) for i in range(3, 22) for o in others), default=0.0)
        if best is None or clear > best[0] + 1e-6:
            best = (clear, k1, k2)
    assert best is not None
    _, c1, c2 = best
    # From the middle of the first opening's place (its token, drawn over the arrow's
    # tail, or its mouth) to the rim of the second's.
    start = p
    end = _toward(q, c2, frame.size * art.TOKEN / 2 + 0.4)
    head = max(1.8, frame.size * 0.09)
    tx, ty = end[0] - c2[0], end[1] - c2[1]
    tl = math.hypot(tx, ty) or 1.0
    tx, ty = tx / tl, ty / tl
    base = (end[0] - tx * head, end[1] - ty * head)
    curve: tuple[tuple[float | str, ...], ...] = (("M", *start), ("C", *c1, *c2, *base))
    colour = theme.colours["highlight"]
    ink = theme.colours["ink"]
    w = max(0.5, frame.size * 0.03)
    arrow = polygon([end, (base[0] - ty * head * 0.6, base[1] + tx * head * 0.6),
                     (base[0] + ty * head * 0.6, base[1] - tx * head * 0.6)], Style(fill=colour, stroke=ink, width=0.25))
    return [Path(curve, Style(stroke=ink, width=w + 0.5, cap="round")),
            Path(curve, Style(stroke=colour, width=w, cap="butt", dash=(w * 2.6, w * 1.6))), arrow]


def _bezier(p0: Point, p1: Point, p2: Point, p3: Point, t: float) -> Point:
    a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3
    return a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]


def _toward(p: Point, q: Point, r: float) -> Point:
    d = math.dist(p, q) or 1.0
    return p[0] + (q[0] - p[0]) * r / d, p[1] + (q[1] - p[1]) * r / d


def _label(theme: Theme, frame: Frame, cell: Cell, word: str) -> list[Item]:
    x, y = frame.box(cell)
    ink = theme.colours["ink"]
    size = max(6.0, min(9.0, frame.size * 0.32))
    h = size * 0.3528 * 1.25
    w = text_width(word, size, True, theme) + 1.6
    return [rect(x + 0.8, y + 0.8, w, h, Style(fill=theme.colours["paper"], stroke=ink, width=0.25)),
            Text(x + 0.8 + w / 2, y + 0.8 + h * 0.78, word, size, ink, "middle", bold=True)]


def _coordinates(theme: Theme, frame: Frame, cells: set[Cell]) -> list[Item]:
    """Column numbers above, row numbers on the left, and x,y in every cell shown."""
    ink = theme.colours["ink"]
    items: list[Item] = []
    for i in range(frame.cols):
        x = frame.x0 + (i + 0.5) * frame.size
        items.append(Text(x, frame.y0 - 2.4, str(frame.left + i), 6.0, ink, "middle", bold=True))
    for j in range(frame.rows):
        y = frame.y0 + (j + 0.5) * frame.size + 0.8
        items.append(Text(frame.x0 - 2.4, y, str(frame.top + j), 6.0, ink, "end", bold=True))
    size = max(3.6, min(5.0, frame.size * 0.2))
    for cell in sorted(cells, key=lambda k: (k[1], k[0])):
        x, y = frame.box(cell)
        word = cell_text(cell)
        w = text_width(word, size, False, theme) + 0.9
        h = size * 0.3528 * 1.15
        items.append(rect(x + 0.35, y + frame.size - h - 0.35, w, h, Style(fill=theme.colours["paper"], opacity=0.8)))
        items.append(Text(x + 0.35 + w / 2, y + frame.size - 0.35 - h * 0.22, word, size, ink, "middle"))
    return items


# ------------------------------------------------------------------ the panel


def panel_items(theme: Theme, pos: Position, x0: float, y0: float, *, hand: str | None = None) -> tuple[list[Item], float]:
    """The players (score, followers in supply, token sets), the stack, the variants
    and, at a game's end, the end's scoring, in a column :data:`PANEL` wide; and its
    height."""
    c = theme.colours
    ink = c["ink"]
    items: list[Item] = []
    y = y0
    final = final_sheet(pos)[0] if pos.over else None
    best = winners(pos, final) if final is not None else []
    for seat, player in enumerate(pos.players):
        top = y
        if not pos.over and seat == pos.turn:
            items.append(rect(x0 - 1.2, top - 1.2, PANEL + 0.4, 21.4, Style(fill=c["highlight"], opacity=0.28)))
        items += art.follower_items(theme, player, x0 + 3.6, top + 4.2, 7.4)
        name = player.capitalize() + ("  (to draw)" if not pos.over and seat == pos.turn else "")
        name += "  wins" if player in best else ""
        items.append(Text(x0 + 9.0, top + 3.6, name, 8.5, ink, bold=True))
        score = pos.scores[seat] if final is None else final[seat]
        items.append(Text(x0 + PANEL - 2.0, top + 6.6, str(score), 13.0, ink, "end", bold=True))
        if final is not None:
            extra = final[seat] - pos.scores[seat]
            items.append(Text(x0 + 9.0, top + 7.6, f"{pos.scores[seat]} in play + {extra} at the end (CB9)", 6.0, ink))
        else:
            items.append(Text(x0 + 9.0, top + 7.6, plural(pos.scores[seat], "point"), 6.0, ink))
        # Followers in supply, as small figures; those on the board as outlines.
        supply = pos.supply[seat]
        for k in range(FOLLOWERS):
            fx = x0 + 2.2 + k * 4.0
            if k < supply:
                items += art.follower_items(theme, player, fx, top + 12.0, 3.6)
            else:
                items.append(Circle(fx, top + 12.0, 0.7, Style(fill=c["cell_line"])))
        items.append(Text(x0 + 2.0 + FOLLOWERS * 4.0, top + 13.0, f"{supply} of {FOLLOWERS} in supply", 6.0, ink))
        items += _sets(theme, pos, seat, x0, top + 17.6)
        y = top + 22.5
    if "TV3" in pos.variants:
        items.append(Text(x0, y + 2.5, "Common pairs (TV3)", 7.0, ink, bold=True))
        items += _sets(theme, pos, None, x0, y + 6.5)
        y += 15.9
    lines: list[str] = []
    if hand is not None:
        lines.append(f"In hand: {hand}")
    if pos.stack is not None:
        nxt = " ".join(pos.stack[:6]) + (" ..." if len(pos.stack) > 6 else "")
        lines.append(f"Stack: {plural(pos.left, 'tile')}" + (f", next {nxt}" if pos.stack else ""))
    else:
        lines.append(f"Stack: {plural(pos.left, 'tile')}, order unknown")
    if pos.out:
        lines.append("Out (CB11): " + " ".join(pos.out))
    variants = ", ".join(v for v in VARIANTS if v in pos.variants) or "none"
    lines.append(f"Tokens {pos.token_count} (TU8); variants: {variants}")
    if pos.stealable:
        lines.append("Open to theft (TV2): " + ", ".join(sorted(pos.stealable)))
    if pos.over:
        lines.append("Game over: " + " and ".join(best) + (" win" if len(best) > 1 else " wins") + " (CB10)")
    y += 2.0
    for line in lines:
        for part in _wrap(line, PANEL, 6.5, theme):
            y += 3.6
            items.append(Text(x0, y, part, 6.5, ink))
    if hand is not None:
        y += 2.0
        items += art.tile_items(theme, tile_set().oriented(hand, 0), x0, y, 16.0)
        y += 16.0
    return items, y - y0


def _sets(theme: Theme, pos: Position, seat: int | None, x0: float, y: float) -> list[Item]:
    """The token sets ``seat`` holds: each token in hand drawn, each laid as an empty
    ring (it lies on the board), the set's letter telling sets apart (TP3)."""
    c = theme.colours
    items: list[Item] = []
    x = x0 + 2.2
    for name, owner in pos.sets.items():
        if owner != seat:
            continue
        if x + 9.6 > x0 + PANEL:  # the next row (TV3's six common pairs)
            x, y = x0 + 2.2, y + 5.4
        laid = len(pos.placed.get(name, ()))
        for k in range(2):
            if k >= laid:
                items += art.token_items(theme, name, x, y, 4.2)
            else:
                items.append(Circle(x, y, 2.1, Style(stroke=c["cell_line"], width=0.35, dash=(0.6, 0.45))))
            x += 4.8
        x += 2.0
    return items


def _wrap(text: str, width: float, size: float, theme: Theme) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, False, theme) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def facts(pos: Position) -> list[str]:
    """The notes under a picture without its panel: scores, supplies, whose turn."""
    out = []
    final = final_sheet(pos)[0] if pos.over else None
    for seat, player in enumerate(pos.players):
        score = f"{pos.scores[seat]}" if final is None else f"{final[seat]} after the end's scoring"
        out.append(f"{player.capitalize()}: {score} points, {pos.supply[seat]} of {FOLLOWERS} followers in supply.")
    out.append(f"{plural(pos.left, 'tile')} left; " + ("game over." if pos.over else f"{pos.player} to draw."))
    return out


# ------------------------------------------------------------------ the page


def diagram(pos: Position, theme: Theme, *, title: str = "", marks: Marks | None = None, goal: str | None = None,
            coords: bool = False, crop: bool = False, panel: bool = True, tile: float | None = None,
            hand: str | None = None) -> Document:
    """One page: the board as :func:`board_items` draws it, the panel beside it, the
    title above and the notes (goal, caption; the facts when there is no panel) below."""
    marks = marks or NO_MARKS
    cells = shown_cells(pos, marks, crop=crop)
    frame = frame_for(cells, tile, coords=coords)
    items = board_items(theme, pos, frame, cells, coords=coords, marks=marks)
    width = frame.right + 1.5 + MARGIN
    bottom = frame.bottom + 1.5
    if panel:
        more, tall = panel_items(theme, pos, width + 2.0, frame.y0, hand=hand)
        items += more
        width += 2.0 + PANEL + MARGIN
        bottom = max(bottom, frame.y0 + tall)
    notes = [] if panel else facts(pos)
    if goal:
        notes.append(goal)
    if marks.caption:
        notes.append(marks.caption)
    lines = [part for line in notes for part in _wrap(line, width - 2 * MARGIN, figures.NOTE_PT, theme)]
    document = figures.picture(theme, items, width=width, bottom=bottom, title=title, notes=lines, body="board",
                               name="tunnel", untitled="Der Tunnel position")
    return Document(document.pages, _symbols(theme, pos, frame), document.title)
