"""Puzzles on paper for every game: the card and solution sheet (``sheet``), the
challenge deck (``deck``) and the puzzle book (``book``), laid out from pictures a
game draws.

A game turns each puzzle and its proved solution into a :class:`PrintedPuzzle`:
words (title, goal, what else a solver must know, a summary) and one-page
drawings (:class:`~sectionx.render.scene.Document`, as its ``render`` makes them:
the puzzle as the player meets it, the position after each turn of the solution).
Everything here is layout: type sizes, imposition, tier colours and symbols from the
theme, duplex backs.  Nothing here names a game.

Contract of the three layouts (pure functions: data in, a Document out):

* :func:`sheet_document`: page 1 is the puzzle card: the title, the tier (when
  graded), the goal in bold and the facts under it, and the picture scaled to fill
  the rest of the page (never more than :data:`MAX_ENLARGE` times its size); the
  summary is not on the card (it tells how many turns the solution takes).  Then the
  solution pages: the title again, the goal and the summary once, on the first of
  them (a solution sheet is read on its own, away from the card), then each step's
  heading, picture and lines.  Up to four steps go on a page, in the grid (two
  columns or one) that draws their pictures largest, when every step's words take at
  most :data:`TEXT_SHARE` of its cell at :data:`MIN_PT` or more; fewer go on a page
  when they do not.  A step is never cut and never split over two pages.
* :func:`deck_document` (:mod:`sectionx.render.puzzledeck`): poker cards.
* :func:`book_document` (:mod:`sectionx.render.puzzlebook`): the puzzle book.

Type on a sheet or a book page is never smaller than :data:`MIN_PT`, the words inside
the pictures included (:func:`floor_text`, unless a puzzle's ``picture_pt`` says its
art cannot take it), on a card never smaller than :data:`CARD_MIN_PT`, the words inside
its pictures included (:func:`legible`: grown to it, or left out where they would have
to grow more than :data:`MAX_GROWTH` times).  Text the theme's font cannot print is refused
(:class:`Unprintable`), as are words that do not fit (:class:`DoesNotFit`): the
message starts with the puzzle's file (``source``) and is one line.

The game-neutral helpers the games' own printed matter shares are here too: the
tier's label, symbols, colour and band (:func:`tier_label`, :func:`tier_marks`,
:func:`tier_colour`, :func:`card_band`), a picture fitted into a box
(:func:`place_picture`) and the grid that draws a set of pictures largest
(:func:`best_grid`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..errors import SectionXError
from .fonts import unprintable
from .pieces import SAFE
from .scene import IDENTITY, Document, Group, Item, Page, Style, Symbol, Text, compose, pt_mm, rect, scale, translate
from .shapes import ink_on, shape
from .textfit import ASCENT, DESCENT, DoesNotFit, Para, fit_text, para, placed, text_box, text_width
from .theme import Theme


@dataclass(frozen=True)
class Step:
    """One turn of a solution as printed: a heading ("Turn 1: yellow pushes L3"), the
    picture after the turn (one page, what happened highlighted), what happened in
    full, a line each (sheet and book), and in one short sentence (a card's back)."""

    heading: str
    picture: Document
    lines: tuple[str, ...] = ()
    brief: str = ""
    #: The picture as a card's back draws it, when the game draws one for a card's
    #: scale (larger marks, fewer words); ``picture`` otherwise.
    card_picture: Document | None = None


@dataclass(frozen=True)
class PrintedPuzzle:
    """A puzzle with its proved solution, ready to lay out.

    ``number`` is its place in the set as printed (1..N; 0 for a lone sheet);
    ``goal`` the goal in words, one sentence; ``facts`` whatever else the solver must
    know to solve it from the page ("Blue defends with its best pushes", "2 players;
    the others pass"); ``picture`` the puzzle as the player meets it (one page);
    ``steps`` the solution, turn by turn; ``summary`` one line ("3 turns, the fewest
    possible; the only solution"); ``tier`` one of :data:`sectionx.puzzlesets.TIERS`
    or None when ungraded; ``grade_id`` the id that makes it again; ``turns`` the
    proved fewest turns; ``source`` the file it came from (named in errors);
    ``picture_pt`` the least size, as printed, of the words inside its pictures
    (:func:`floor_text`; :data:`MIN_PT` unless the game's art cannot take it);
    ``card_picture`` the picture as a card's front draws it, when the game draws one
    for a card's scale (about a quarter of its size: larger marks, fewer words), and
    ``card_facts`` the facts a card's front prints, when they are not ``facts`` (what
    a sheet's picture shows and a card's leaves out, in words)."""

    number: int
    title: str
    goal: str
    picture: Document
    steps: tuple[Step, ...]
    summary: str
    turns: int
    facts: tuple[str, ...] = ()
    tier: str | None = None
    grade_id: str = ""
    source: str = ""
    picture_pt: float = 8.0
    card_picture: Document | None = None
    card_facts: tuple[str, ...] | None = None


# ====================================================================== sizes

#: The least type size (points) on a sheet or a book page.
MIN_PT = 8.0
#: The least type size (points) on a card of the deck (63 x 88 mm): 6 pt, the usual least
#: type of a poker-size card game (issue 30), the words inside its pictures included.
CARD_MIN_PT = 6.0
#: A picture is never drawn larger than this many times the size its game drew it:
#: lines and type grown further look coarse.
MAX_ENLARGE = 2.5
#: The most of a step's cell its words may take; the picture has the rest.
TEXT_SHARE = 0.5
#: Space between pictures, and round the parts of a sheet or a book page, mm.
GAP = 6.0
#: Type sizes (points) of a sheet: title, headings and goal, the lines of a step.
TITLE_PT = 16.0
HEADING_PT = 10.5
BODY_PT = 9.5
#: The grey of small print (a grade's id, "solution on the back").
GREY = "#6b6b6b"

Box = tuple[float, float, float, float]  # left, top, width, height


# ====================================================================== shared helpers


class Unprintable(SectionXError):
    """Words the theme's font has no glyph for: the PDF would show empty boxes while an
    SVG viewer quietly took another font, so the two files would differ."""


def where(p: PrintedPuzzle) -> str:
    """How an error names the puzzle: its file, else its number, else its title."""
    return p.source or (f"puzzle {p.number}" if p.number else p.title or "the puzzle")


def check_printable(p: PrintedPuzzle, theme: Theme) -> None:
    """Refuse (:class:`Unprintable`) any word of ``p`` the theme's fonts cannot print,
    naming the puzzle and the place ("title", "step 2 heading")."""
    texts: list[tuple[str, str]] = [("title", p.title), ("goal", p.goal), ("summary", p.summary),
                                    ("grade id", p.grade_id)]
    texts += [(f"fact {i}", f) for i, f in enumerate(p.facts, 1)]
    for i, s in enumerate(p.steps, 1):
        texts += [(f"step {i} heading", s.heading), (f"step {i} brief", s.brief)]
        texts += [(f"step {i} line {k}", t) for k, t in enumerate(s.lines, 1)]
    for place, text in texts:
        why = unprintable(text, theme)
        if why:
            raise Unprintable(f"{where(p)}: {place}: {why}")


def check_pictures(p: PrintedPuzzle) -> None:
    """Every picture of ``p`` is one page (a programming error otherwise)."""
    for what, doc in (("picture", p.picture), *((f"step {i} picture", s.picture) for i, s in enumerate(p.steps, 1))):
        if len(doc.pages) != 1:
            raise ValueError(f"{where(p)}: the {what} has {len(doc.pages)} pages; a printed picture is one page")


def tier_label(tier: str | None) -> str:
    """The tier's name as printed ("Expert"); "Ungraded" for None."""
    return (tier or "ungraded").capitalize()


def tier_marks(theme: Theme, tier: str | None, x: float, cy: float, size: float, ink: str) -> tuple[list[Item], float]:
    """The tier's symbols (``theme.tiers``) in ``ink``, ``size`` mm each, in a row from
    ``x`` centred on ``cy``; and the row's width (0 for an ungraded puzzle, which has none).
    The symbols carry the tier where its colour is lost (greyscale, colour-blind readers)."""
    if tier is None:
        return [], 0.0
    mark = theme.tier(tier)
    pitch = size * 1.08
    items = [shape(mark.symbol, x + size / 2 + k * pitch, cy, size, Style(fill=ink)) for k in range(mark.count)]
    return items, size + (mark.count - 1) * pitch


def tier_colour(theme: Theme, tier: str | None) -> str:
    """The tier's colour, or the ink for an ungraded puzzle."""
    return theme.tier(tier).colour if tier is not None else theme.colours["ink"]


#: The band at the top of a card, as a fraction of the card's height (at least 11 mm);
#: the card's number is set in it at NUMBER_PT.
BAND = 0.14
NUMBER_PT = 15.0


def card_band(theme: Theme, tier: str | None, number: int, label: str, bleed: float, *,
              min_pt: float = CARD_MIN_PT) -> tuple[list[Item], float]:
    """The band across the top of a card (``theme.card``, trim at (0, 0)) in the tier's
    colour, bleeding ``bleed`` past the trim: the tier's symbols and ``label`` on the
    left, ``number`` on the right (none when 0); and the band's height.  Text keeps
    :data:`~sectionx.render.pieces.SAFE` inside the trim; the label shrinks to fit,
    down to ``min_pt``."""
    w, h = theme.card
    band = max(11.0, h * BAND)
    fill = tier_colour(theme, tier)
    on = ink_on(theme, fill)
    items: list[Item] = [rect(-bleed, -bleed, w + 2 * bleed, band + bleed, Style(fill=fill))]
    cy = SAFE + (band - SAFE) / 2
    num_w = 0.0
    if number:
        num_w = text_width(str(number), NUMBER_PT, True, theme)
        items.append(Text(w - SAFE, cy + pt_mm(NUMBER_PT) * 0.36, str(number), NUMBER_PT, on, "end", True))
    marks, used = tier_marks(theme, tier, SAFE, cy - 1.3, 3.6, on)
    items += marks
    room = w - 2 * SAFE - num_w - 2.0
    size = max(min_pt, 6.0)
    while text_width(label, size, True, theme) > room and size > min_pt:
        size -= 0.25
    items.append(Text(SAFE, cy + 1.2 + pt_mm(size) * ASCENT if used else cy + pt_mm(size) * 0.36, label, size, on,
                      "start", True))
    return items, band


def frame_of(picture: Document) -> tuple[float, float, float, float]:
    """The part of a one-page picture to print (left, top, right, bottom): its page."""
    page = picture.pages[0]
    return 0.0, 0.0, page.width, page.height


def place_picture(picture: Document, box: Box, symbols: dict[str, Symbol], *,
                  frame: tuple[float, float, float, float] | None = None, max_scale: float = MAX_ENLARGE,
                  k: float | None = None, valign: str = "middle",
                  min_pt: float = 0.0) -> tuple[Group, tuple[float, float, float, float]]:
    """The one-page ``picture``, its part ``frame`` (left, top, right, bottom; the page
    by default) scaled to fit ``box`` (left, top, width, height), at most ``max_scale``
    times (or at the given scale ``k``), centred across the box and placed at its
    ``valign`` (top, middle or bottom); and where it landed (left, top, right, bottom).
    With ``min_pt``, no word of the picture prints smaller than ``min_pt`` points
    (:func:`floor_text`: a picture scaled down keeps its words readable).
    The picture's symbols are collected into ``symbols``.  The group is labelled
    ``picture``."""
    fl, ft, fr, fb = frame if frame is not None else frame_of(picture)
    left, top, width, height = box
    if k is None:
        k = min(width / (fr - fl), height / (fb - ft), max_scale)
    fw, fh = (fr - fl) * k, (fb - ft) * k
    dx = left + (width - fw) / 2
    dy = top + {"top": 0.0, "middle": (height - fh) / 2, "bottom": height - fh}[valign]
    for s in picture.symbols:
        symbols.setdefault(s.name, s)
    items = picture.pages[0].items
    if min_pt > 0:
        items = floor_text(items, min_pt, k)
    return (Group(items, compose(translate(dx, dy), scale(k), translate(-fl, -ft)), label="picture"),
            (dx, dy, dx + fw, dy + fh))


#: A clip narrower than this many times the least type's height is small
#: (:func:`floor_text`): a tile of a picture scaled down, not the picture's outline.
SMALL_CLIP = 12.0


def floor_text(items: Sequence[Item], min_pt: float, k: float = 1.0,
               middle: tuple[float, float] | None = None) -> tuple[Item, ...]:
    """``items`` (drawn at scale ``k``, groups' own scales on top) with every text
    that would print under ``min_pt`` points set at ``min_pt``, about the same middle:
    a level line keeps its anchor across and its middle height (a baseline moves down
    by a third of the growth, as a line set centred on ``y + 0.36 size`` expects); a
    turned line keeps its baseline.  A text in a clipped group (a tile's id in its
    hexagon) also moves towards the clip's middle as it grows, by the growth's ratio,
    so the clip keeps it whole.  Texts inside symbols are left as they are (a symbol
    is drawn at many scales); the games draw their words outside them."""
    out: list[Item] = []
    for it in items:
        if isinstance(it, Text) and it.size * k < min_pt - 1e-9:
            size = min_pt / k
            x, y = it.x, it.y + (pt_mm(size - it.size) * 0.36 if it.angle == 0 else 0.0)
            if middle is not None and it.angle == 0:
                grow = size / it.size
                mid_y = y - pt_mm(size) * 0.36
                x = middle[0] + (x - middle[0]) / grow
                y = middle[1] + (mid_y - middle[1]) / grow + pt_mm(size) * 0.36
            out.append(replace(it, size=size, x=x, y=y))
        elif isinstance(it, Group):
            a, b, _, _, _, _ = it.matrix
            inner = middle if it.matrix == IDENTITY else None  # the clip's middle in this group's own terms
            if it.clip:
                xs, ys = [q[0] for q in it.clip], [q[1] for q in it.clip]
                # Only a small clip (a tile, a cell) pulls its words in: a large one (a cropped
                # board's outline) keeps them where they are.
                small = max(xs) - min(xs) < SMALL_CLIP * pt_mm(min_pt / (k * math.hypot(a, b)))
                inner = (sum(xs) / len(xs), sum(ys) / len(ys)) if small else None
            out.append(replace(it, items=floor_text(it.items, min_pt, k * math.hypot(a, b), inner)))
        else:
            out.append(it)
    return tuple(out)


#: The most a word in a card's picture is grown to reach CARD_MIN_PT (:func:`legible`).
MAX_GROWTH = 2.5


def legible(items: Sequence[Item], k: float, min_pt: float, max_growth: float = MAX_GROWTH) -> tuple[Item, ...]:
    """``items`` drawn at scale ``k`` (groups' own scales on top) less every text that
    would print under ``min_pt / max_growth`` points: grown to ``min_pt``
    (:func:`floor_text`) it would overrun what it names (a small picture's labels ran
    over the cells beside them).  A card's pictures keep what can be grown and lose the
    rest; what a card needs to be solved the game draws large enough for a card
    (:attr:`PrintedPuzzle.card_picture`)."""
    out: list[Item] = []
    for it in items:
        if isinstance(it, Text) and it.size * k < min_pt / max_growth - 1e-9:
            continue
        if isinstance(it, Group):
            a, b = it.matrix[0], it.matrix[1]
            it = replace(it, items=legible(it.items, k * math.hypot(a, b), min_pt, max_growth))
        out.append(it)
    return tuple(out)


def best_grid(frames: Sequence[tuple[float, float, float, float]], width: float, height: float, gap: float, *,
              max_cols: int = 4, max_scale: float = math.inf) -> tuple[int, float]:
    """Columns for pictures of ``frames`` (left, top, right, bottom) in a grid of
    ``width`` x ``height`` mm, cells ``gap`` apart, that draw them largest at one common
    scale; and that scale (at most ``max_scale``).  Fewer columns win a tie."""
    n = len(frames)
    best = (1, 0.0)
    for cols in range(1, min(n, max_cols) + 1):
        rows = -(-n // cols)
        cw = (width - (cols - 1) * gap) / cols
        ch = (height - (rows - 1) * gap) / rows
        k = min(min(cw / (f[2] - f[0]), ch / (f[3] - f[1])) for f in frames)
        k = min(k, max_scale)
        if k > best[1] + 1e-9:
            best = (cols, k)
    return best


def lines_height(texts: Sequence[Text], theme: Theme) -> float:
    """The bottom of :func:`~sectionx.render.textfit.fit_text`'s lines (their top is 0)."""
    return max(text_box(t, theme)[3] for t in texts) if texts else 0.0


def fit(paras: Sequence[Para], width: float, height: float, theme: Theme, *, max_pt: float, min_pt: float,
        what: str) -> tuple[float, list[Text], float]:
    """:func:`~sectionx.render.textfit.fit_text`, its lines' height, and a refusal that
    says ``what`` did not fit (the caller adds the puzzle's file)."""
    try:
        size, texts = fit_text(paras, width, height, theme, max_pt=max_pt, min_pt=min_pt)
    except DoesNotFit:
        raise DoesNotFit(f"{what}: too long for {width:.0f} x {height:.0f} mm even at {min_pt:g} pt") from None
    return size, texts, lines_height(texts, theme)


def sorted_symbols(symbols: dict[str, Symbol]) -> tuple[Symbol, ...]:
    """The symbols in name order: the same document, the same bytes."""
    return tuple(symbols[k] for k in sorted(symbols))


def capital(text: str) -> str:
    """``text`` with its first letter a capital ("red to ..." -> "Red to ...")."""
    return text[:1].upper() + text[1:]


def text_sizes(items: Sequence[Item], symbols: dict[str, Symbol], *, pictures: bool = False,
               k: float = 1.0) -> list[tuple[str, float]]:
    """Every text of ``items`` with its size as printed (points, after the groups'
    scales), inside the games' pictures (groups labelled ``picture``) only when
    ``pictures``: what the tests and a proof-reader check against :data:`MIN_PT`."""
    out: list[tuple[str, float]] = []
    for it in items:
        if isinstance(it, Text):
            out.append((it.text, it.size * k))
        elif isinstance(it, Group) and (pictures or it.label != "picture"):
            a, b, _, _, _, _ = it.matrix
            out += text_sizes(it.items, symbols, pictures=pictures, k=k * math.hypot(a, b))
    return out


# ====================================================================== the sheet


@dataclass(frozen=True)
class _Cell:
    """A step laid out in a cell of ``width``: its heading's and lines' texts (top at
    0), their heights, and the picture's frame."""

    step: Step
    heading: list[Text]
    heading_h: float
    lines: list[Text]
    lines_h: float
    frame: tuple[float, float, float, float]

    @property
    def words_h(self) -> float:
        return self.heading_h + 1.5 + (self.lines_h + 2.0 if self.lines else 0.0)


def _step_paras(step: Step) -> list[Para]:
    return [para(line, before=0.2 if i else 0.0) for i, line in enumerate(step.lines)]


def _cells(steps: Sequence[Step], width: float, height: float, theme: Theme, size: float) -> list[_Cell] | None:
    """The steps laid out in cells ``width`` x ``height`` mm at body ``size``, or None
    when a step's words take more than :data:`TEXT_SHARE` of the cell."""
    out = []
    for step in steps:
        try:
            _, head = fit_text([para((step.heading, True), rel=HEADING_PT / BODY_PT)], width, 1e4, theme,
                               max_pt=size, min_pt=size)
            lines: list[Text] = []
            if step.lines:
                _, lines = fit_text(_step_paras(step), width, 1e4, theme, max_pt=size, min_pt=size)
        except DoesNotFit:  # a word wider than the cell: a wider cell may take it
            return None
        cell = _Cell(step, head, lines_height(head, theme), lines, lines_height(lines, theme), frame_of(step.picture))
        if cell.words_h > TEXT_SHARE * height:
            return None
        out.append(cell)
    return out


@dataclass(frozen=True)
class _Grid:
    cols: int
    rows: int
    cells: list[_Cell]
    k: float  # the pictures' common scale


def _grid(steps: Sequence[Step], box: Box, theme: Theme, like: _Grid | None = None) -> _Grid | None:
    """The steps in the grid of one or two columns that draws their pictures largest,
    their words at the largest size from BODY_PT down to MIN_PT that leaves each
    picture most of its cell; None when no grid holds them (module docstring).  With
    ``like`` (the page before), its columns and rows and no larger a scale, so the
    pages of one solution look alike."""
    _, _, width, height = box
    shapes = [(like.cols, like.rows)] if like is not None else [(c, -(-len(steps) // c)) for c in (2, 1)]
    best: _Grid | None = None
    for cols, rows in shapes:
        if (like is None and cols > len(steps)) or cols * rows < len(steps):
            continue
        cw, ch = (width - (cols - 1) * GAP) / cols, (height - (rows - 1) * GAP) / rows
        size = BODY_PT
        while size >= MIN_PT - 1e-9:
            cells = _cells(steps, cw, ch, theme, size)
            if cells is not None:
                k = min(min(cw / (c.frame[2] - c.frame[0]), (ch - c.words_h) / (c.frame[3] - c.frame[1]))
                        for c in cells)
                k = min(k, MAX_ENLARGE, like.k if like is not None else MAX_ENLARGE)
                if best is None or k > best.k * 1.02:  # two columns unless one is clearly larger
                    best = _Grid(cols, rows, cells, k)
                break
            size -= 0.25
    return best


def _draw_grid(grid: _Grid, box: Box, symbols: dict[str, Symbol], floor: float = MIN_PT) -> list[Item]:
    left, top, width, height = box
    cw, ch = (width - (grid.cols - 1) * GAP) / grid.cols, (height - (grid.rows - 1) * GAP) / grid.rows
    items: list[Item] = []
    for i, cell in enumerate(grid.cells):
        row, col = divmod(i, grid.cols)
        x, y = left + col * (cw + GAP), top + row * (ch + GAP)
        items += placed(cell.heading, x, y)
        y += cell.heading_h + 1.5
        picture, (_, _, _, bottom) = place_picture(cell.step.picture, (x, y, cw, ch), symbols, k=grid.k, valign="top",
                                                    min_pt=floor)
        items.append(picture)
        items += placed(cell.lines, x, bottom + 2.0)
    return items


def step_pages(steps: Sequence[Step], first: Box, rest: Box, theme: Theme, source: str) -> list[tuple[Box, _Grid]]:
    """The steps packed into pages: up to four a page where they fit (module
    docstring), in order; ``first`` is the box the first page leaves them, ``rest``
    the box of every later page.  DoesNotFit when a step does not fit a page alone."""
    pages: list[tuple[Box, _Grid]] = []
    i = 0
    while i < len(steps):
        box = first if not pages else rest
        like = pages[-1][1] if pages else None
        for count in range(min(4, len(steps) - i), 0, -1):
            chunk = steps[i:i + count]
            grid = (_grid(chunk, box, theme, like) if like is not None else None) or _grid(chunk, box, theme)
            if grid is not None:
                break
        else:
            raise DoesNotFit(f"{source}: step {i + 1}'s words take more than half a page even at {MIN_PT:g} pt")
        pages.append((box, grid))
        i += len(grid.cells)
    return pages


def _title(text: str, theme: Theme, width: float, x: float, y: float, size: float = TITLE_PT) -> tuple[list[Item], float]:
    """A centred bold title over ``width`` at (x, y), wrapped and shrunk to MIN_PT if
    long; the items and its bottom."""
    _, texts, h = fit([para((text, True), align="middle")], width, pt_mm(size) * 3.0, theme, max_pt=size,
                      min_pt=MIN_PT, what="the title")
    return list(placed(texts, x, y)), y + h


def _tier_line(p: PrintedPuzzle, theme: Theme, cx: float, y: float) -> tuple[list[Item], float]:
    """The tier's symbols and name in its colour, centred on ``cx`` below ``y`` (nothing
    for an ungraded puzzle); the items and their bottom."""
    if p.tier is None:
        return [], y
    colour = tier_colour(theme, p.tier)
    label = tier_label(p.tier)
    size = 10.0
    lw = text_width(label, size, True, theme)
    mark_w = tier_marks(theme, p.tier, 0.0, 0.0, 3.6, colour)[1]
    x = cx - (mark_w + 2.0 + lw) / 2
    base = y + pt_mm(size) * ASCENT
    marks, _ = tier_marks(theme, p.tier, x, base - pt_mm(size) * 0.36, 3.6, colour)
    return [*marks, Text(x + mark_w + 2.0, base, label, size, colour, "start", True)], base + pt_mm(size) * 0.3


def puzzle_words(p: PrintedPuzzle) -> list[Para]:
    """The goal (bold) and the facts under it, as a puzzle's page and card print them."""
    return [para((capital(p.goal), True)), *(para(f, before=0.3) for f in p.facts)]


def _card_page(p: PrintedPuzzle, theme: Theme, paper: tuple[float, float], symbols: dict[str, Symbol]) -> Page:
    W, H = paper
    m = theme.margin
    width = W - 2 * m
    heading = f"Puzzle {p.number}: {p.title}" if p.number else (p.title or "Puzzle")
    items, y = _title(heading, theme, width, m, m)
    tier, y = _tier_line(p, theme, W / 2, y + 2.0)
    items += tier
    _, texts, h = fit(puzzle_words(p), width, (H - 2 * m) * 0.3, theme, max_pt=12.0, min_pt=MIN_PT,
                      what="the goal and facts")
    items += placed(texts, m, y + GAP / 2)
    y += GAP / 2 + h + GAP
    bottom = H - m
    if p.grade_id:
        bottom -= pt_mm(MIN_PT) * DESCENT
        items.append(Text(m, bottom, p.grade_id, MIN_PT, GREY, "start"))
        bottom -= pt_mm(MIN_PT) * ASCENT + GAP / 2
    if bottom - y < 30.0:
        raise DoesNotFit(f"{where(p)}: the goal and facts leave less than 30 mm for the picture on {W:g} x {H:g} mm paper")
    picture, _ = place_picture(p.picture, (m, y, width, bottom - y), symbols, min_pt=p.picture_pt)
    items.append(picture)
    return Page(W, H, tuple(items), "card", heading)


def _solution_pages(p: PrintedPuzzle, theme: Theme, paper: tuple[float, float], symbols: dict[str, Symbol]) -> list[Page]:
    W, H = paper
    m = theme.margin
    width = W - 2 * m
    heading = f"Solution {p.number}: {p.title}" if p.number else f"Solution: {p.title or 'puzzle'}"
    # The title's height does not depend on "(1/2)": measured once with the longest suffix.
    _, probe = _title(heading + " (9/9)", theme, width, m, m)
    _, _, intro_h = fit([para((capital(p.goal), True)), para(p.summary, before=0.3)], width, (H - 2 * m) * 0.25, theme,
                        max_pt=BODY_PT + 0.5, min_pt=MIN_PT, what="the goal and summary")
    first = (m, probe + GAP / 2 + intro_h + GAP, width, H - m - (probe + GAP / 2 + intro_h + GAP))
    rest = (m, probe + GAP, width, H - m - (probe + GAP))
    packed = step_pages(p.steps, first, rest, theme, where(p))
    pages = []
    for index, (box, grid) in enumerate(packed):
        suffix = f" ({index + 1}/{len(packed)})" if len(packed) > 1 else ""
        items, y = _title(heading + suffix, theme, width, m, m)
        if index == 0:
            _, texts, _ = fit([para((capital(p.goal), True)), para(p.summary, before=0.3)], width, (H - 2 * m) * 0.25,
                              theme, max_pt=BODY_PT + 0.5, min_pt=MIN_PT, what="the goal and summary")
            items += placed(texts, m, y + GAP / 2)
        items += _draw_grid(grid, box, symbols, p.picture_pt)
        pages.append(Page(W, H, tuple(items), f"solution-{index + 1}", heading + suffix))
    if not packed:  # a puzzle solved in no turns: the goal already met (the card still says so)
        items, y = _title(heading, theme, width, m, m)
        _, texts, _ = fit([para((capital(p.goal), True)), para(p.summary, before=0.3)], width, (H - 2 * m) * 0.25,
                          theme, max_pt=BODY_PT + 0.5, min_pt=MIN_PT, what="the goal and summary")
        items += placed(texts, m, y + GAP / 2)
        pages.append(Page(W, H, tuple(items), "solution-1", heading))
    return pages


def sheet_document(p: PrintedPuzzle, theme: Theme, paper: tuple[float, float]) -> Document:
    """The puzzle card, then its solution pages (module docstring), as one document
    (the PDF of ``sectionx sheet``; its SVGs are ``card``, ``solution-1``, ...)."""
    check_pictures(p)
    check_printable(p, theme)
    symbols: dict[str, Symbol] = {}
    try:
        pages = [_card_page(p, theme, paper, symbols), *_solution_pages(p, theme, paper, symbols)]
    except DoesNotFit as exc:
        text = str(exc)
        raise DoesNotFit(text if text.startswith(where(p)) else f"{where(p)}: {text}") from None
    return Document(tuple(pages), sorted_symbols(symbols), pages[0].label)


def deck_document(puzzles: Sequence[PrintedPuzzle], theme: Theme, paper: tuple[float, float], *,
                  offset: tuple[float, float] = (0.0, 0.0)) -> Document:
    """The challenge deck: sheets of card fronts, each followed by its sheet of backs
    for long-edge duplex (:mod:`sectionx.render.puzzledeck`)."""
    from .puzzledeck import deck

    return deck(puzzles, theme, paper, offset=offset)


def book_document(puzzles: Sequence[PrintedPuzzle], theme: Theme, paper: tuple[float, float], *, title: str,
                  intro: Sequence[str | Para] = ()) -> Document:
    """The puzzle book (:mod:`sectionx.render.puzzlebook`); ``intro`` is the game's own
    paragraphs for the title page (how to play a puzzle).  The caller orders the
    puzzles: graded ones by difficulty, then ungraded ones by proved turns, then file."""
    from .puzzlebook import book

    return book(puzzles, theme, paper, title=title, intro=intro)
