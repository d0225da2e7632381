"""Der Tunnel's print-and-play kit (issue 28): the expansion alone, to print and mix
with one's own base game (TP1, TP2).

Pages, in order (:func:`build_kit`): the components checklist (with the 50 mm scale
bar every kit has, and below it :func:`cutting_guide`: the tile block drawn small with
its cuts, and the steps); the rules sheet; the tile sheet, fronts then backs for long-edge
duplex; the duplex calibration sheet.

* **Tiles** (TP1): the four tunnel tiles (TG3) and a spare set, :data:`TILE` (45) mm
  square like the base game's, the art running the template's bleed (3 mm) past
  every cut line, in one block of 2 columns and 4 rows with a gutter between
  neighbours' bleeds; the crop marks sit outside the block on the extension of
  every cut line, so each cut runs straight through the block from mark to mark.
  The backs are plain (one earth tone, no words, no pattern: they must pass for the
  base game's backs; white with --ink-saver), each mirrored behind its front and running half the gutter past its cut,
  so that neighbouring backs meet and a duplex shift of a few mm shows no white.
* **Tokens** (TP1, TU8, TP3): 6 sets of 2, round, :data:`TOKEN` (13) mm, each with
  its colour, the colour's symbol and its set letter, and a spare of each set;
  printed on both sides (the backs, mirrored, on the tile sheet's back page).
* **Calibration square** (TP2): 45 mm on the tile sheet: a base-game tile covers it
  exactly when the page printed at actual size.
* **Rules sheet** (TP2): the expansion's rules in the publisher's order, the
  clarifications, the token counts by player count (counted by
  :func:`~sectionx.games.tunnel.rules.deal_sets`, TU8) and the four variants (TV1-TV4)
  as a checklist with boxes to tick.

Every word comes from :mod:`.kitwords` (one place, for a translation); the pieces
follow :mod:`sectionx.render.pieces` (groups labelled ``piece-…``, cut line last);
ink-saver and greyscale come from the theme, as in every kit of the house.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ...render.kitfiles import Kit, Section, assemble
from ...render.pieces import CLEARANCE, TRIM, ink_box, mark_reach, mark_style
from ...render.printing import calibration_pages, cut_style, heading, printing_advice
from ...render.scene import Circle, Group, Item, Page, Path, Style, Symbol, Text, line, pt_mm, rect, translate
from ...render.textfit import ASCENT, DESCENT, DoesNotFit, Para, fit_text, para, placed, text_box, text_width
from ...render.theme import Theme, grey
from . import art
from .kitwords import ENGLISH, KitWords
from .model import COLOURS
from .rules import MAX_PLAYERS, MIN_PLAYERS, TOKEN_COUNTS, deal_sets
from .tiles import tile_set

Paper = tuple[float, float]

#: A tile's side (mm): the base game's (TP1).
TILE = 45.0
#: A token across (mm): TP1 asks for 12 to 14.
TOKEN = 13.0
#: Room (mm) between two neighbouring tiles' bleeds in the block: a strip that falls away.
BETWEEN = 2.0
#: Room (mm) between two tokens' bleeds, for the scissors.
TOKEN_GAP = 2.5
#: Spare tokens per set, and spare sets of tiles.
SPARE_TOKENS = 1
SPARE_TILE_SETS = 1
#: Room (mm) kept below the calibration square for what it says.
SQUARE_WORDS = 12.0
#: The tile block's columns (two 45 mm tiles, their bleeds and marks fit beside the tokens).
COLUMNS = 2
PREFIX = "tunnel"


def tunnel_tiles() -> list[str]:
    """The four tunnel tiles by name, in the data's order (TG3)."""
    return [t.name for t in tile_set().types.values() if t.tunnel]


# ====================================================================== art


def _tile_art(theme: Theme, name: str, x: float, y: float, size: float, *, bleed: float = 0.0) -> list[Item]:
    """Tile ``name`` unturned, as the house draws it (:func:`.art.tile_items`)."""
    return art.tile_items(theme, tile_set().oriented(name, 0), x, y, size, bleed=bleed)


# ====================================================================== the tile block


@dataclass(frozen=True)
class TileBlock:
    """Tiles of :data:`TILE` mm in ``cols`` x ``rows``, their trims' top-left corner
    the block's at (x0, y0), ``gutter`` mm apart; crop marks only outside the block,
    on every cut line."""

    x0: float
    y0: float
    cols: int
    rows: int
    gutter: float
    size: float = TILE

    @property
    def pitch(self) -> float:
        return self.size + self.gutter

    @property
    def width(self) -> float:
        return self.cols * self.size + (self.cols - 1) * self.gutter

    @property
    def height(self) -> float:
        return self.rows * self.size + (self.rows - 1) * self.gutter

    @property
    def slots(self) -> list[tuple[float, float]]:
        """Top-left corners of the trims, row by row."""
        return [(self.x0 + c * self.pitch, self.y0 + r * self.pitch) for r in range(self.rows) for c in range(self.cols)]

    def cuts(self) -> tuple[list[float], list[float]]:
        """The cut lines: x of every vertical one, y of every horizontal one."""
        xs = [self.x0 + c * self.pitch + d for c in range(self.cols) for d in (0.0, self.size)]
        ys = [self.y0 + r * self.pitch + d for r in range(self.rows) for d in (0.0, self.size)]
        return xs, ys

    def marks(self, theme: Theme) -> list[Item]:
        """A mark above and below the block on every vertical cut line, left and right
        of it on every horizontal one; each starts clear of the bleed (the theme's
        gap, at least :data:`~sectionx.render.pieces.CLEARANCE`)."""
        start = theme.bleed + max(theme.crop_gap, CLEARANCE)
        end = start + theme.crop_length
        style = mark_style(theme)
        x1, y1 = self.x0 + self.width, self.y0 + self.height
        xs, ys = self.cuts()
        out: list[Item] = []
        for x in xs:
            out += [line((x, self.y0 - start), (x, self.y0 - end), style), line((x, y1 + start), (x, y1 + end), style)]
        for y in ys:
            out += [line((self.x0 - start, y), (self.x0 - end, y), style), line((x1 + start, y), (x1 + end, y), style)]
        return out


def gutter(theme: Theme) -> float:
    """Room between two neighbouring tiles' cut lines: both bleeds and :data:`BETWEEN`."""
    return 2 * theme.bleed + BETWEEN


def _tile_piece(theme: Theme, name: str, x: float, y: float, label: str) -> Group:
    """One tile: its art to the bleed, clipped there, its cut line last (not drawn:
    the crop marks give it, and a cut a hair off then shows no dark edge)."""
    b = theme.bleed
    art = _tile_art(theme, name, 0.0, 0.0, TILE, bleed=b)
    clip = ((-b, -b), (TILE + b, -b), (TILE + b, TILE + b), (-b, TILE + b))
    return Group((*art, rect(0.0, 0.0, TILE, TILE, TRIM)), translate(x, y), clip, label=label)


def back_colour(theme: Theme) -> str:
    """The plain tile back: one earth tone (the template's ``hill``), white with
    --ink-saver (a back is the most ink on the sheet)."""
    return theme.colours["paper"] if theme.ink_saver else theme.colours["hill"]


def _tile_back(theme: Theme, x: float, y: float, reach: float, label: str) -> Group:
    """A plain back whose trim's top-left is (x, y), running ``reach`` past the trim."""
    return Group((rect(-reach, -reach, TILE + 2 * reach, TILE + 2 * reach, Style(fill=back_colour(theme))),),
                 translate(x, y), label=label)


def _token_piece(theme: Theme, colour: str, cx: float, cy: float, label: str) -> Group:
    """A round token: its colour to the bleed, its art, the cut circle last (drawn:
    round pieces have no crop marks)."""
    r = TOKEN / 2
    return Group((Circle(0.0, 0.0, r + theme.bleed, Style(fill=art.colour_fill(theme, colour))),
                  *art.token_items(theme, colour, 0.0, 0.0, TOKEN), Circle(0.0, 0.0, r, cut_style(theme))),
                 translate(cx, cy), label=label)


def _token_back(theme: Theme, colour: str, cx: float, cy: float, label: str) -> Group:
    """The token's back: the same face (a token lying either way up shows its set)."""
    r = TOKEN / 2
    return Group((Circle(0.0, 0.0, r + theme.bleed, Style(fill=art.colour_fill(theme, colour))),
                  *art.token_items(theme, colour, 0.0, 0.0, TOKEN)), translate(cx, cy), label=label)


def calibration_square(theme: Theme, x: float, y: float, words: KitWords) -> list[Item]:
    """A :data:`TILE` mm square with its top-left at (x, y): ticks every 5 mm inside
    each edge, the size and what to lay on it inside."""
    ink = theme.colours["ink"]
    out: list[Item] = [rect(x, y, TILE, TILE, Style(stroke=ink, width=0.25))]
    fine = Style(stroke=ink, width=0.15)
    for k in range(1, 9):
        t = 2.5 if k % 2 == 0 else 1.5
        d = 5.0 * k
        out += [line((x + d, y), (x + d, y + t), fine), line((x + d, y + TILE), (x + d, y + TILE - t), fine),
                line((x, y + d), (x + t, y + d), fine), line((x + TILE, y + d), (x + TILE - t, y + d), fine)]
    out.append(Text(x + TILE / 2, y + TILE / 2, f"{TILE:g} mm", 12.0, ink, "middle", True))
    out.append(Text(x + TILE / 2, y + TILE / 2 + 5.0, words.square_inside, 6.5, ink, "middle"))
    return out


# ====================================================================== the tile sheet


def _text_block(theme: Theme, paras: Sequence[Para], x: float, y: float, width: float, height: float, *,
                max_pt: float, min_pt: float) -> tuple[list[Item], float]:
    """``paras`` fitted into ``width`` x ``height`` at (x, y); the items and the bottom."""
    _, texts = fit_text(list(paras), width, height, theme, max_pt=max_pt, min_pt=min_pt)
    bottom = max(text_box(t, theme)[3] for t in texts)
    return list(placed(texts, x, y)), y + bottom


@dataclass(frozen=True)
class SheetLayout:
    """Where the tile sheet's parts go on one paper: the tile block, each token's
    centre (by set colour; the last of a set is its spare) and the column beside the
    block that holds the tokens and the calibration square."""

    paper: Paper
    top: float  # below the heading
    block: TileBlock
    column: float  # the left edge of the column beside the block
    tokens: tuple[tuple[str, tuple[tuple[float, float], ...]], ...]
    tokens_top: float
    square: tuple[float, float]


def sheet_layout(theme: Theme, paper: Paper, top: float) -> SheetLayout:
    """The tile sheet below ``top``: the block of tiles at the left margin, the
    tokens (a row per set, its spare a little apart) and the calibration square in the
    column beside it.  Raises DoesNotFit when the paper is too small."""
    W, H = paper
    m = theme.margin
    reach = mark_reach(theme)
    names = tunnel_tiles()
    rows = -(-len(names) * (1 + SPARE_TILE_SETS) // COLUMNS)
    block = TileBlock(m + reach, top + reach, COLUMNS, rows, gutter(theme))
    column = block.x0 + block.width + reach + 3.0
    disc = TOKEN + 2 * theme.bleed
    pitch = disc + TOKEN_GAP
    per_set = 2 + SPARE_TOKENS
    width = per_set * pitch - TOKEN_GAP + 2.0  # 2 mm more before the spare
    if column + width > W - m + 1e-9:
        raise DoesNotFit(f"the tile block ({block.width + 2 * reach:.0f} mm with its marks) and the tokens "
                         f"({width:.0f} mm) do not fit side by side between the margins")
    left = column + (W - m - column - width) / 2
    tokens_top = top + 5.0
    tokens = []
    for i, colour in enumerate(COLOURS):
        cy = tokens_top + 4.0 + i * pitch + disc / 2
        xs = tuple(left + disc / 2 + k * pitch + (2.0 if k >= 2 else 0.0) for k in range(per_set))
        tokens.append((colour, tuple((cx, cy) for cx in xs)))
    # The square as low as leaves room for its words by the block's foot (the
    # column then spans the block), but never into the tokens.
    square_top = max(tokens_top + 4.0 + len(COLOURS) * pitch + 8.0, block.y0 + block.height - TILE - SQUARE_WORDS)
    square = (column + (W - m - column - TILE) / 2, square_top)
    if block.y0 + block.height + reach > H - m + 1e-9 or square_top + TILE > H - m + 1e-9:
        raise DoesNotFit("the tile block, or the tokens and the calibration square, do not fit the page's height")
    return SheetLayout(paper, top, block, column, tuple(tokens), tokens_top, square)


def _label(theme: Theme, x: float, y: float, text: str, anchor: str = "start", size: float = 7.5,
           bold: bool = True) -> Text:
    return Text(x, y + pt_mm(size) * ASCENT, text, size, theme.colours["ink"], anchor, bold)


def _notes_box(theme: Theme, notes: Sequence[Sequence[Para]], x: float, y: float, width: float,
               height: float) -> list[Item]:
    """Notes side by side in a box ``width`` wide with its top-left at (x, y), all at the
    largest size (8.5 to 6 pt) at which each fits ``height``."""
    pad, gap_ = 2.5, 6.0
    col = (width - 2 * pad - (len(notes) - 1) * gap_) / len(notes)
    size = min(fit_text(list(n), col, height - 2 * pad, theme, max_pt=8.5, min_pt=6.0)[0] for n in notes)
    out: list[Item] = []
    bottom = 0.0
    for i, n in enumerate(notes):
        _, texts = fit_text(list(n), col, height - 2 * pad, theme, max_pt=size, min_pt=size)
        out += placed(texts, x + pad + i * (col + gap_), y + pad)
        bottom = max(bottom, *(text_box(t, theme)[3] for t in texts))
    frame = rect(x + 0.15, y, width - 0.3, bottom + 2 * pad, Style(stroke="#9a9a9a", width=0.3))
    return [frame, *out]


def tile_pages(theme: Theme, paper: Paper, *, offset: tuple[float, float] = (0.0, 0.0),
               words: KitWords = ENGLISH) -> list[Page]:
    """The tile sheet (fronts) and its backs, mirrored for long-edge duplex and shifted
    by the calibration ``offset``."""
    W, H = paper
    m = theme.margin
    head, top = heading(theme, m, m, W - 2 * m, words.sheet_title, [words.sheet_intro], title_pt=13.0, body_pt=8.0)
    lay = sheet_layout(theme, paper, top + 3.0)
    block = lay.block
    names = tunnel_tiles()
    front: list[Item] = list(head)
    back_head, _ = heading(theme, m, m, W - 2 * m, words.backs_title, [words.backs_intro], title_pt=13.0, body_pt=8.0)
    back: list[Item] = list(back_head)
    reach = mark_reach(theme)
    # Each set's caption sits in the band left of the block beside the set's first
    # row, turned to read upwards, between that row's crop marks (which lie on the
    # cut lines, at the rows' edges).
    size = 7.0
    for caption, row in ((words.tiles_caption, 0), (words.spares_caption, len(names) // COLUMNS)):
        front.append(Text(m + pt_mm(size) * ASCENT + 0.2, block.y0 + row * block.pitch + TILE / 2, caption, size,
                          theme.colours["ink"], "middle", True, angle=-90.0))
    for i, (x, y) in enumerate(block.slots):
        name = names[i % len(names)]
        kind = "tile" if i < len(names) else "spare-tile"
        front.append(_tile_piece(theme, name, x, y, f"piece-{kind}-{name}"))
        back.append(_tile_back(theme, W - x - TILE + offset[0], y + offset[1], block.gutter / 2, f"back-{kind}-{name}"))
    front.append(_label(theme, lay.column, lay.tokens_top - 5.0 + 0.2,
                        words.tokens_caption.format(d=TOKEN)))
    for colour, centres in lay.tokens:
        for k, (cx, cy) in enumerate(centres):
            kind = "token" if k < 2 else "spare-token"
            n = k + 1 if k < 2 else k - 1
            front.append(_token_piece(theme, colour, cx, cy, f"piece-{kind}-{colour}-{n}"))
            back.append(_token_back(theme, colour, W - cx + offset[0], cy + offset[1], f"back-{kind}-{colour}-{n}"))
    spare_x = lay.tokens[0][1][-1][0]
    front.append(_label(theme, spare_x, lay.tokens_top, words.spare, "middle", 6.5, False))
    sx, sy = lay.square
    front.append(_label(theme, sx + TILE / 2, sy - 5.0, words.square_title.format(size=TILE), "middle"))
    front += calibration_square(theme, sx, sy, words)
    bottom = sy + TILE + 2.5
    col_w = W - m - lay.column
    text, bottom = _text_block(theme, [para(words.square_text)], lay.column, bottom, col_w, 40.0, max_pt=7.5,
                               min_pt=6.0)
    front += text
    notes = [[para((words.sleeves[0], True), words.sleeves[1])], [para((words.thick[0], True), words.thick[1])]]
    below = max(block.y0 + block.height + reach, bottom) + 3.0
    front += _notes_box(theme, notes, m, below, W - 2 * m, H - m - below)
    shift = words.shifted.format(dx=offset[0], dy=offset[1]) if offset != (0.0, 0.0) else ""
    back.append(Text(W / 2, H - m - pt_mm(6.5) * DESCENT, words.backs_note.format(shift=shift), 6.5, "#6b6b6b", "middle"))
    return [Page(W, H, (*front, Group(tuple(block.marks(theme)), label="crop-marks")), name="20-tiles",
                 label="Tiles and tokens, fronts"),
            Page(W, H, tuple(back), name="21-tiles-backs", label="Tiles and tokens, backs (long-edge duplex)")]


# ====================================================================== the rules sheet


def counts_table(words: KitWords) -> list[tuple[str, str, str]]:
    """The token-count table's rows: players, then a player's sets under each count
    (TU8), counted as the referee deals them (:func:`deal_sets`); player counts that
    hold the same sets share a row."""

    def cell(n: int, count: str) -> str:
        sets = sum(1 for seat in deal_sets(COLOURS[:n], count).values() if seat == 0)
        return (words.one_set if sets == 1 else words.sets_each).format(sets=sets, tokens=2 * sets)

    rows: list[tuple[list[int], tuple[str, ...]]] = []
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        cells = tuple(cell(n, c) for c in TOKEN_COUNTS)
        if rows and rows[-1][1] == cells:
            rows[-1][0].append(n)
        else:
            rows.append(([n], cells))
    out = []
    for ns, cells in rows:
        players = str(ns[0]) if len(ns) == 1 else words.either.format(a=ns[0], b=ns[-1])
        out.append((players, *cells))
    return [(a, b, c) for a, b, c in out]


Block = Callable[[float, float], tuple[list[Item], float]]


def _paras(theme: Theme, paras: Sequence[Para], *, indent: float = 0.0) -> Block:
    """A block of paragraphs at body size ``size`` in ``width`` (minus ``indent``)."""

    def draw(size: float, width: float) -> tuple[list[Item], float]:
        _, texts = fit_text(list(paras), width - indent, 10_000.0, theme, max_pt=size, min_pt=size)
        return list(placed(texts, indent, 0.0)), max(text_box(t, theme)[3] for t in texts)
    return draw


def _box(theme: Theme, x: float, baseline: float, size: float) -> Item:
    """An empty tick box sitting on a text line at ``baseline``."""
    s = pt_mm(size) * 0.95
    return rect(x, baseline - s * 0.9, s, s, Style(stroke=theme.colours["ink"], width=0.3))


def _ticked(theme: Theme, paras: Sequence[Para]) -> Block:
    """Paragraphs each with a tick box before its first line (hanging)."""

    def draw(size: float, width: float) -> tuple[list[Item], float]:
        out: list[Item] = []
        y = 0.0
        indent = pt_mm(size) * 1.6
        for k, p in enumerate(paras):
            if k:
                y += pt_mm(size) * 0.45
            _, texts = fit_text([p], width - indent, 10_000.0, theme, max_pt=size, min_pt=size)
            out.append(_box(theme, 0.0, y + texts[0].y, size))
            out += placed(texts, indent, y)
            y += max(text_box(t, theme)[3] for t in texts)
        return out, y
    return draw


def _table(theme: Theme, words: KitWords) -> Block:
    """The token counts: a header with a tick box before each count, then a row per
    group of player counts, ruled."""
    rows = counts_table(words)

    def draw(size: float, width: float) -> tuple[list[Item], float]:
        ink = theme.colours["ink"]
        lh = pt_mm(size) * 1.35
        # The players' column as wide as its widest entry; the two counts share the rest.
        first = max(text_width(t, size, True, theme) for t in (words.counts_head[0], *(r[0] for r in rows))) + 3.0
        cols = [0.0, first, first + (width - first) / 2]
        box = pt_mm(size) * 1.4
        head = size  # the header a little smaller if a count's name with its box is wider than its column
        while head > size * 0.75 and any(box + text_width(t, head, True, theme) > (width - first) / 2 - 1.0
                                         for t in words.counts_head[1:]):
            head -= 0.25
        out: list[Item] = []
        base = pt_mm(size) * ASCENT
        for k, (x, t) in enumerate(zip(cols, words.counts_head)):
            if k:
                out.append(_box(theme, x, base, size))
                x += box
            out.append(Text(x, base, t, head, ink, "start", True))
        y = base + pt_mm(size) * 0.45
        out.append(line((0.0, y), (width, y), Style(stroke=ink, width=0.25)))
        for row in rows:
            y += lh
            for x, t in zip(cols, row):
                out.append(Text(x, y, t, size, ink, "start", x == 0.0))
            out.append(line((0.0, y + pt_mm(size) * 0.45), (width, y + pt_mm(size) * 0.45),
                            Style(stroke="#9a9a9a", width=0.15)))
        return out, y + pt_mm(size) * 0.45
    return draw


#: Blocks that stay together in one column (a heading with what follows it), each
#: with the space before it (in lines) when it does not open a column.
Unit = tuple[tuple[Block, float], ...]
Laid = tuple[list[Item], float]


def _stack(units: Sequence[Sequence[tuple[Laid, float]]], size: float) -> Laid:
    """Laid-out units one below the other; a unit's space before it is left out at
    the column's top."""
    out: list[Item] = []
    y = 0.0
    for unit in units:
        for (items, h), before in unit:
            y += before * pt_mm(size) * 1.22 if out else 0.0
            out.append(Group(tuple(items), translate(0.0, y)))
            y += h
    return out, y


def _columns(units: Sequence[Unit], size: float, width: float, room: float) -> tuple[Laid, Laid] | None:
    """The units at ``size`` in two columns of ``width``, split where the taller column
    is shortest, both within ``room`` mm; None if no split fits."""
    laid = [[(block(size, width), before) for block, before in unit] for unit in units]
    best: tuple[Laid, Laid] | None = None
    for split in range(1, len(laid) + 1):
        left, right = _stack(laid[:split], size), _stack(laid[split:], size)
        if max(left[1], right[1]) <= room + 1e-9 and (best is None or max(left[1], right[1]) < max(best[0][1], best[1][1])):
            best = (left, right)
    return best


#: The example tunnel on the rules sheet's figure: a set's colour and the two
#: openings its tokens join, (tile index, edge) each: the first tile's east opening and
#: the second's west one, which face each other across the gap.
EXAMPLE_SET = "red"
EXAMPLE_TUNNEL = ((0, 1), (1, 3))


def _tunnel_link(theme: Theme, p: tuple[float, float], q: tuple[float, float], size: float) -> list[Item]:
    """A dashed line bowed upwards from ``p`` to ``q``: a road running on underground
    (as a position's picture draws a tunnel, without the arrowhead: a tunnel runs both
    ways)."""
    bow = 0.3 * math.dist(p, q)
    c1 = (p[0] + (q[0] - p[0]) / 3, min(p[1], q[1]) - bow)
    c2 = (p[0] + 2 * (q[0] - p[0]) / 3, min(p[1], q[1]) - bow)
    curve: tuple[tuple[float | str, ...], ...] = (("M", *p), ("C", *c1, *c2, *q))
    w = max(0.5, size * 0.03)
    return [Path(curve, Style(stroke=theme.colours["ink"], width=w + 0.5, cap="round")),
            Path(curve, Style(stroke=theme.colours["highlight"], width=w, cap="butt", dash=(w * 2.6, w * 1.6)))]


def _tile_figure(theme: Theme, size: float, width: float, words: KitWords) -> tuple[list[Item], float]:
    """The four tunnel tiles side by side, ``size`` mm each, centred in ``width``,
    each with its number of openings below, an example tunnel joining two of them
    (:data:`EXAMPLE_TUNNEL`, its tokens on their openings), and the captions."""
    ink = theme.colours["ink"]
    types = tile_set().types
    names = tunnel_tiles()
    gap_ = (width - len(names) * size) / (len(names) + 1)
    top = 0.12 * size  # room for the tunnel's bow above the tiles
    out: list[Item] = []
    corners = []
    for i, name in enumerate(names):
        x = gap_ + i * (size + gap_)
        corners.append((x, top))
        out += _tile_art(theme, name, x, top, size)
        out.append(rect(x, top, size, size, Style(stroke=ink, width=0.2)))
        out.append(Text(x + size / 2, top + size + 4.0, words.openings.format(n=types[name].openings), 7.5, ink,
                        "middle"))
    spots = [art.token_spot(tile_set().oriented(names[i], 0), edge, *corners[i], size) for i, edge in EXAMPLE_TUNNEL]
    out += _tunnel_link(theme, spots[0], spots[1], size)
    for cx, cy in spots:
        out += art.token_items(theme, EXAMPLE_SET, cx, cy, art.TOKEN * size)
    below = top + size + 6.0
    captions = [para((words.figure_caption, True), align="middle"), para(words.figure_tunnel, align="middle")]
    _, texts = fit_text(captions, width, 100.0, theme, max_pt=8.0, min_pt=8.0)
    out += placed(texts, 0.0, below)
    return out, below + max(text_box(t, theme)[3] for t in texts)


#: The rules sheet's body sizes (pt): the largest that fits is used.
MAX_RULES_PT, MIN_RULES_PT = 10.5, 6.5
#: The rules sheet's largest body size on a page taller than 400 mm (A3).
A3_RULES_PT = 14.0
#: The pictured tiles' sizes (mm) the rules sheet tries, largest first.
FIGURE_TILES = (40.0, 35.0, 30.0, 25.0)
#: Room (mm) between the figure and the columns.
FIGURE_GAP = 6.0


def _fit_rules(theme: Theme, units: Sequence[Unit], room: float, col: float, width: float,
               words: KitWords, most: float = MAX_RULES_PT) -> tuple[Laid, Laid, Laid] | None:
    """The figure and both columns at the largest body size up to ``most``, then the
    largest pictured tiles, that fit ``room`` mm of height; None if nothing does."""
    size = most
    while size >= MIN_RULES_PT - 1e-9:
        for tile in FIGURE_TILES:
            fig = _tile_figure(theme, tile, width, words)
            columns = _columns(units, size, col, room - fig[1] - FIGURE_GAP)
            if columns is not None:
                return fig, *columns
        size -= 0.25
    return None


def rules_page(theme: Theme, paper: Paper, words: KitWords = ENGLISH) -> Page:
    """The rules sheet (TP2): title, the four tiles pictured, then in two balanced
    columns the rules in the publisher's order, the clarifications, the token counts
    and the variants to tick, at the largest size (up to :data:`MAX_RULES_PT`) at
    which they fit."""
    W, H = paper
    m = theme.margin
    width = W - 2 * m
    items, y = heading(theme, m, m, width, words.rules_title, [words.rules_subtitle], title_pt=24.0, body_pt=9.5)
    y += 5.0
    gap_ = 8.0
    col = (width - gap_) / 2
    def paras(*ps: Para) -> Block:
        return _paras(theme, ps)

    heading_ = {"rel": 1.15}
    units: list[Unit] = [((paras(para((b, True), t)), 0.5),) for b, t in
                         (words.setup, words.laying, words.finished, words.scoring)]
    bullets = [(paras(para(c, lead="•")), 0.2) for c in words.clarifications]
    units.append(((paras(para((words.clarifications_title, True), **heading_)), 1.0), bullets[0]))
    units += [(b,) for b in bullets[1:]]
    units.append(((paras(para((words.counts_title, True), **heading_)), 1.2), (_table(theme, words), 0.4)))
    units.append(((paras(para(words.counts_note)), 0.5),))
    units.append(((paras(para((words.variants_title, True), **heading_)), 1.2),
                  (paras(para(words.variants_intro)), 0.3)))
    units += [((_ticked(theme, [para((b, True), t)]), 0.5),) for b, t in words.variants]
    foot_pt = 6.5
    _, foot = fit_text([para(words.trademark)], width, 100.0, theme, max_pt=foot_pt, min_pt=foot_pt, ink="#6b6b6b")
    foot_h = max(text_box(t, theme)[3] for t in foot)
    room = H - m - y - foot_h - 4.0
    # A3 (a page taller than 400 mm) sets the sheet up to A3_RULES_PT: at 10.5 pt it
    # filled half of it (46% empty), and the sheet lies by the board, read from a chair.
    chosen = _fit_rules(theme, units, room, col, width, words, A3_RULES_PT if H > 400.0 else MAX_RULES_PT)
    if chosen is None:
        raise DoesNotFit(f"the rules sheet does not fit the page even at {MIN_RULES_PT:g} pt")
    (fig, fig_h), (left_items, lh), (right_items, rh) = chosen
    items.append(Group(tuple(fig), translate(m, y)))
    y += fig_h + FIGURE_GAP
    items.append(Group(tuple(left_items), translate(m, y)))
    items.append(Group(tuple(right_items), translate(m + col + gap_, y)))
    items.append(line((m + col + gap_ / 2, y), (m + col + gap_ / 2, y + max(lh, rh)), Style(stroke="#c8c8c8", width=0.2)))
    items += placed(foot, m, H - m - foot_h)
    return Page(W, H, tuple(items), name="10-rules", label="Rules sheet")


# ====================================================================== the cutting guide

#: The cutting guide's schematic tile block, as a fraction of the real one: the
#: largest of these that leaves the checklist page room (on A4 0.6: at 0.4
#: the page's lower half was empty, 51% of it; 0.45 on letter).
GUIDE_SCALES = (0.6, 0.5, 0.45, 0.4, 0.33, 0.25)
#: The larger scales an A3 checklist tries first.
A3_GUIDE_SCALES = (0.8, 0.7)


def cutting_guide(theme: Theme, width: float, words: KitWords = ENGLISH, *,
                  k: float = GUIDE_SCALES[0], most: float = 11.0) -> tuple[list[Item], float]:
    """How to cut the tile sheet, for the checklist page (top-left at (0, 0), ``width``
    wide): the tile block drawn at ``k`` of its size with its crop marks, the four outer cut lines
    in the highlight colour and the lines between the tiles dashed, each running from
    mark to mark; the steps beside it, up to ``most`` pt.  Returns the items and the height."""
    ink = theme.colours["ink"]
    hi = theme.colours["highlight"]
    out: list[Item] = []
    title, top = _text_block(theme, [para((words.cut_title, True), rel=1.1)], 0.0, 0.0, width, 20.0, max_pt=9.0,
                             min_pt=9.0)
    out += title
    top += 3.0
    reach = mark_reach(theme) * k
    names = tunnel_tiles()
    rows = -(-len(names) * (1 + SPARE_TILE_SETS) // COLUMNS)
    block = TileBlock(reach + 4.0, top + reach, COLUMNS, rows, gutter(theme) * k, TILE * k)
    for i, (x, y) in enumerate(block.slots):
        out += _tile_art(theme, names[i % len(names)], x, y, block.size, bleed=theme.bleed * k)
    start = (theme.bleed + max(theme.crop_gap, CLEARANCE)) * k
    thin = Style(stroke=ink, width=0.2)
    xs, ys = block.cuts()
    x1, y1 = block.x0 + block.width, block.y0 + block.height
    for x in xs:
        out += [line((x, block.y0 - start), (x, block.y0 - reach), thin), line((x, y1 + start), (x, y1 + reach), thin)]
    for y in ys:
        out += [line((block.x0 - start, y), (block.x0 - reach, y), thin), line((x1 + start, y), (x1 + reach, y), thin)]
    outer = Style(stroke=hi, width=0.45)
    inner = Style(stroke=ink, width=0.3, dash=(1.0, 0.8))
    for x in xs:
        out.append(line((x, block.y0 - reach), (x, y1 + reach), outer if x in (xs[0], xs[-1]) else inner))
    for y in ys:
        out.append(line((block.x0 - reach, y), (x1 + reach, y), outer if y in (ys[0], ys[-1]) else inner))
    legend_y = y1 + reach + 4.0
    size = 7.0
    for j, (style, words_) in enumerate(((outer, words.cut_first), (inner, words.cut_then))):
        yy = legend_y + j * 4.0
        out.append(line((0.0, yy), (6.0, yy), style))
        out.append(Text(8.0, yy + pt_mm(size) * 0.35, words_, size, ink))
    left = x1 + reach + 8.0
    steps = [para(t, lead=str(n), before=0.3 if n > 1 else 0.0) for n, t in enumerate(words.cut_steps, 1)]
    # The tile sheet's two notes on making tiles that pass for bought ones, beside the
    # block under the steps, where the page was empty; as large as the block's height allows.
    notes = [para((words.thick[0], True), words.thick[1], before=1.2), para((words.sleeves[0], True), words.sleeves[1],
                                                                          before=0.6)]
    try:
        text, bottom = _text_block(theme, [*steps, *notes], left, top, width - left, y1 + reach - top, max_pt=most,
                                   min_pt=7.0)
    except DoesNotFit:  # a small block: the steps alone
        text, bottom = _text_block(theme, steps, left, top, width - left, 200.0, max_pt=10.0, min_pt=7.0)
    out += text
    box = ink_box(out, {}, theme)
    return out, max(bottom, box[3] if box else 0.0)


def with_cutting_guide(page: Page, theme: Theme, symbols: dict[str, Symbol], words: KitWords) -> Page:
    """The checklist ``page`` with :func:`cutting_guide` below what it already holds,
    when there is room for it (a long checklist keeps its page as it was)."""
    m = theme.margin
    box = ink_box(page.items, symbols, theme)
    top = (box[3] if box else m) + 10.0
    # A3 (taller than 400 mm): the guide up to 0.8 of the tiles' size (not 1: a guide
    # must not pass for the tile sheet) and its words up to 14 pt; at 0.6 and 11 pt it
    # left the checklist's lower half empty (61% of the page).
    tall = page.height > 400.0
    for k in (A3_GUIDE_SCALES if tall else ()) + GUIDE_SCALES:
        items, height = cutting_guide(theme, page.width - 2 * m, words, k=k, most=14.0 if tall else 11.0)
        if top + height <= page.height - m:
            return replace(page, items=(*page.items, Group(tuple(items), translate(m, top), label="cutting-guide")))
    return page


# ====================================================================== the kit


def checklist_advice(words: KitWords) -> list[Para]:
    return [
        para((words.you_need, True), rel=1.1),
        *[para(t, lead="•", before=0.25 if k == 0 else 0.1) for k, t in enumerate(words.needs)],
        *printing_advice(words.duplex_what),
        para((words.making, True), rel=1.1, before=0.9),
        *[para(t, lead="•", before=0.25 if k == 0 else 0.1) for k, t in enumerate(words.makings)],
    ]


def build_kit(theme: Theme, paper_name: str = "a4", *, offset: tuple[float, float] = (0.0, 0.0),
              words: KitWords = ENGLISH) -> Kit:
    """Der Tunnel's kit (the module docstring) on ``paper_name``; in greyscale when
    the theme says so.  A paper it does not fit is one line naming the paper, located
    where the template defines it."""
    names = tunnel_tiles()
    try:
        paper = theme.paper(paper_name)
        calibration, calibration_symbols = calibration_pages(theme, paper, offset=offset)
        symbols: dict[str, Symbol] = {s.name: s for s in calibration_symbols}
        pieces = len(names) * (1 + SPARE_TILE_SETS) + len(COLOURS) * (2 + SPARE_TOKENS)
        sections = [
            Section(words.section_rules, 1, (rules_page(theme, paper, words),), advice=words.section_rules_advice),
            Section(words.section_tiles, pieces, tuple(tile_pages(theme, paper, offset=offset, words=words)),
                    duplex=True, advice=words.section_tiles_advice),
            Section(words.section_calibration, 1, tuple(calibration), duplex=True,
                    advice=words.section_calibration_advice),
        ]
        document = assemble(sections, theme, paper, symbols, title=words.kit_title, checklist_title=words.kit_title,
                            advice=checklist_advice(words))
        first = with_cutting_guide(document.pages[0], theme, document.symbol_map, words)
        document = replace(document, pages=(first, *document.pages[1:]))
    except DoesNotFit as exc:
        raise theme.paper_problem(paper_name, str(exc), tiles=False) from None
    if theme.greyscale:
        document = document.recoloured(grey)
    return Kit(document, None, theme)


__all__ = ["PREFIX", "TILE", "TOKEN", "build_kit", "calibration_square", "counts_table", "rules_page", "tile_pages"]
