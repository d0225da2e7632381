"""Print-and-play pages every game's kit shares: card sheets on shared cut lines
with their backs for long-edge duplex, the components checklist, the duplex
calibration sheet, the scale bar, and headings.

Pure functions: a theme and a paper size ``(width, height)`` in mm (portrait) in,
items or ``(pages, symbols)`` out.  Every piece follows :mod:`sectionx.render.pieces`
(a group labelled ``piece-…`` whose last item is its cut line).  No game words: a
game passes its own titles, advice and card art.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from . import fonts
from .pieces import CLEARANCE, SAFE, SEAM_TOLERANCE, TRIM, crop_marks, mark_style
from .scene import (
    MM_PER_PT,
    Circle,
    Group,
    Item,
    Page,
    Style,
    Symbol,
    Text,
    Use,
    line,
    pt_mm,
    rect,
    translate,
)
from .shapes import ink_on
from .textfit import ASCENT, DESCENT, LEADING, DoesNotFit, Para, fit_text, para, placed, text_box, text_width
from .theme import Theme

Paper = tuple[float, float]


def heading(theme: Theme, x: float, y: float, width: float, title: str, lines: Sequence[str],
             title_pt: float = 14.0, body_pt: float = 8.5) -> tuple[list[Item], float]:
    """A page title and a few lines of advice below it, wrapped to ``width``; returns the items and the bottom."""
    paras = [para((title, True), rel=title_pt / body_pt)] + [para(t, before=0.25) for t in lines]
    _, texts = fit_text(paras, width, 1000.0, theme, max_pt=body_pt, min_pt=body_pt)
    bottom = max(text_box(t, theme)[3] for t in texts)
    items: list[Item] = list(placed(texts, x, y))
    return items, y + bottom


def cut_style(theme: Theme) -> Style:
    return Style(stroke=theme.colours["ink"], width=pt_mm(theme.cut_line_width))



#: How close (mm) to the paper's edge a card sheet may print: most home printers
#: reach to 3 mm (docs/printing.md).  Card sheets use this, not ``theme.margin``:
#: nine poker cards fill an A4 or letter sheet but for 10.5 and 7.7 mm.
PRINT_EDGE = 3.0
#: How far (mm) a butted card's art runs past a cut line it shares with a
#: neighbour: a hair, so that two clip edges on the same line leave no pale seam
#: where a viewer or a RIP smooths both (pieces.SEAM_TOLERANCE allows it).
SEAM = 0.05
assert 2 * SEAM < SEAM_TOLERANCE
#: The shortest crop mark and the least bleed a card sheet settles for when the
#: paper leaves little room outside the cards (letter's 7.7 mm above and below).
MIN_MARK = 2.0
MIN_BLEED = 1.0


@dataclass(frozen=True)
class CardSheet:
    """Cards butted on shared cut lines, as many columns and rows as the paper holds
    with their crop marks outside the block (3 x 3 poker cards on A4 and letter).

    One straight cut runs the whole sheet along every line between cards, so a
    paper trimmer or a ruler and knife works; the marks sit outside the block, on
    the extension of each cut line.  A card's art runs to its cut line on the
    sides it shares with a neighbour (the neighbour's art starts there) and
    ``bleed_x`` / ``bleed_y`` beyond it on the outer sides, less than the theme's
    bleed where the paper leaves less room."""

    paper: Paper
    card: tuple[float, float]
    cols: int
    rows: int
    bleed_x: float
    bleed_y: float
    mark_start_x: float  # crop marks left and right run from this far outside the block ...
    mark_end_x: float  # ... to this far
    mark_start_y: float  # and those above and below from this far ...
    mark_end_y: float  # ... to this far
    #: Where the block's top-left corner is, when not centred on the paper (a strip
    #: of tokens on shared cut lines, one of several on a page).
    at: tuple[float, float] | None = None

    @property
    def origin(self) -> tuple[float, float]:
        """The block's top-left corner (its trim): :attr:`at`, or centred on the paper."""
        if self.at is not None:
            return self.at
        return ((self.paper[0] - self.cols * self.card[0]) / 2, (self.paper[1] - self.rows * self.card[1]) / 2)

    @property
    def slots(self) -> list[tuple[float, float]]:
        """Top-left corners of the card trims, row by row."""
        x0, y0 = self.origin
        cw, ch = self.card
        return [(x0 + i * cw, y0 + j * ch) for j in range(self.rows) for i in range(self.cols)]

    def clip(self, index: int, *, mirrored: bool = False, bleed: float | None = None) -> tuple[tuple[float, float], ...]:
        """The card's painted area in its own coordinates (trim at (0, 0)): the trim,
        grown by the bleed on the sheet's outer sides only (``bleed``, if given,
        instead of the sheet's).  ``mirrored``: the card sits in the mirrored
        column, as its back does (:func:`back_position`)."""
        col, row = index % self.cols, index // self.cols
        if mirrored:
            col = self.cols - 1 - col
        cw, ch = self.card
        bx, by = (self.bleed_x, self.bleed_y) if bleed is None else (bleed, bleed)
        left = -bx if col == 0 else -SEAM
        right = cw + (bx if col == self.cols - 1 else SEAM)
        top = -by if row == 0 else -SEAM
        bottom = ch + (by if row == self.rows - 1 else SEAM)
        return ((left, top), (right, top), (right, bottom), (left, bottom))

    def marks(self, theme: Theme) -> list[Item]:
        """Crop marks outside the block on every cut line: each line between columns
        (and the block's two sides) gets a mark above and one below, each line
        between rows a mark left and right.  No mark is inside the block, so none
        touches a card."""
        style = mark_style(theme)
        x0, y0 = self.origin
        cw, ch = self.card
        x1, y1 = x0 + self.cols * cw, y0 + self.rows * ch
        out: list[Item] = []
        for i in range(self.cols + 1):
            x = x0 + i * cw
            out.append(line((x, y0 - self.mark_start_y), (x, y0 - self.mark_end_y), style))
            out.append(line((x, y1 + self.mark_start_y), (x, y1 + self.mark_end_y), style))
        for j in range(self.rows + 1):
            y = y0 + j * ch
            out.append(line((x0 - self.mark_start_x, y), (x0 - self.mark_end_x, y), style))
            out.append(line((x1 + self.mark_start_x, y), (x1 + self.mark_end_x, y), style))
        return out

    @property
    def free_below(self) -> float:
        """Room (mm) between the lower crop marks and the printable edge: where a
        page note may go."""
        return (self.paper[1] - self.rows * self.card[1]) / 2 - self.mark_end_y - PRINT_EDGE


def card_sheet(theme: Theme, paper: Paper) -> CardSheet:
    """The card sheet for ``theme.card`` on ``paper`` (:class:`CardSheet`): as many
    cards each way as leave room, outside the block, for the least bleed, a clear
    gap and the shortest mark before :data:`PRINT_EDGE`.  Raises DoesNotFit when
    not even one card does."""
    W, H = paper
    cw, ch = theme.card
    gap_ = max(theme.crop_gap, CLEARANCE)
    least = PRINT_EDGE + MIN_BLEED + gap_ + MIN_MARK
    cols, rows = int((W - 2 * least) // cw), int((H - 2 * least) // ch)
    if cols < 1 or rows < 1:
        raise DoesNotFit(f"a {cw:g} x {ch:g} mm card with its crop marks does not fit {W:g} x {H:g} mm paper")
    room_x, room_y = (W - cols * cw) / 2 - PRINT_EDGE, (H - rows * ch) / 2 - PRINT_EDGE

    def bleed(room: float) -> float:
        return min(theme.bleed, room - gap_ - MIN_MARK)

    bx, by = bleed(room_x), bleed(room_y)
    # A mark above the block starts clear of the bleed above it (and one on the
    # left, clear of the bleed on the left); it runs along a cut line, so the
    # corner's other bleed is beside it, not in its way.
    sx, sy = bx + gap_, by + gap_
    return CardSheet(paper, (cw, ch), cols, rows, bx, by,
                     sx, min(sx + theme.crop_length, room_x), sy, min(sy + theme.crop_length, room_y))


def strip(theme: Theme, paper: Paper, size: tuple[float, float], count: int, at: tuple[float, float]) -> CardSheet:
    """``count`` pieces of ``size`` in one row on shared cut lines, the row's trim
    starting at ``at``, with the theme's bleed and crop marks outside it (tokens,
    counters: one straight cut between neighbours)."""
    gap_ = max(theme.crop_gap, CLEARANCE)
    start = theme.bleed + gap_
    return CardSheet(paper, size, count, 1, theme.bleed, theme.bleed, start, start + theme.crop_length, start,
                     start + theme.crop_length, at)


def fold_standee(theme: Theme, x: float, y: float, *, width: float, panel: float, tab: float, fill: str,
                 figure: Sequence[Item], name: str, mark: Item, label: str, name_pt: float = 5.5) -> list[Item]:
    """A fold-over standee at (x, y) (its trim's top-left): base tab, back panel
    (upside down, so that folded both faces stand upright), front panel, base tab;
    ``figure`` is a panel's art (in the panel's coordinates, ``width`` x ``panel``),
    ``name`` is printed at the panel's foot, ``mark`` (the colour's shape, in the
    piece's coordinates) goes on a tab; fold lines dashed; crop marks outside.
    Returns the piece, then its marks."""
    w, total = width, 2 * panel + 2 * tab
    b = theme.bleed
    ink = theme.colours["ink"]
    body: list[Item] = [rect(-b, -b, w + 2 * b, total + 2 * b, Style(fill=theme.colours["paper"])),
                        rect(-b, -b, w + 2 * b, tab + b, Style(fill=fill)),
                        rect(-b, tab + 2 * panel, w + 2 * b, tab + b, Style(fill=fill))]
    for top, upside_down in ((tab, True), (tab + panel, False)):
        # The back panel is the front turned half round; its name is turned by its own
        # angle (the page checks read a text's angle, not a turned group's).
        art = list(figure)
        if upside_down:
            body.append(Group(tuple(art), (-1.0, 0.0, 0.0, -1.0, w, top + panel)))
            body.append(Text(w / 2, top + 1.2, name, name_pt, ink, "middle", True, angle=180.0))
        else:
            body.append(Group((*art, Text(w / 2, panel - 1.2, name, name_pt, ink, "middle", True)), translate(0.0, top)))
    fold = Style(stroke=ink, width=0.2, dash=(1.2, 1.0))
    for fy in (tab, tab + panel, tab + 2 * panel):
        body.append(line((0.0, fy), (w, fy), fold))
    body.append(mark)
    body.append(rect(0, 0, w, total, cut_style(theme)))
    return [Group(tuple(body), translate(x, y), label=label), *crop_marks(x, y, w, total, theme)]


def standee_strip(theme: Theme, paper: Paper, at: tuple[float, float], *, width: float, panel: float, tab: float,
                  standees: Sequence[tuple[str, Sequence[Item], str, Item, str]], name_pt: float = 5.5
                  ) -> tuple[list[Item], list[Item]]:
    """Fold-over standees (as :func:`fold_standee` draws each) butted side by side on
    shared cut lines, the row's trim starting at ``at``: one straight cut between
    neighbours, crop marks outside the row (:func:`strip`).  ``standees`` are
    ``(fill, figure, name, mark, label)``.  Returns the pieces and the marks."""
    total = 2 * panel + 2 * tab
    sheet = strip(theme, paper, (width, total), len(standees), at)
    pieces: list[Item] = []
    for i, ((fill, figure, name, mark, label), (x, y)) in enumerate(zip(standees, sheet.slots)):
        body = fold_standee(theme, 0.0, 0.0, width=width, panel=panel, tab=tab, fill=fill, figure=figure, name=name,
                            mark=mark, label=label, name_pt=name_pt)[0]
        assert isinstance(body, Group)
        # The standee's art to the shared cut lines (its clip), the cut given by the marks.
        pieces.append(Group((*body.items[:-1], rect(0, 0, width, total, TRIM)), translate(x, y), sheet.clip(i), label))
    return pieces, sheet.marks(theme)


def back_position(x: float, y: float, theme: Theme, paper: Paper,
                  offset: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
    """Where the back of the card whose front's top-left is (x, y) goes, for long-edge
    duplex: columns mirrored, then shifted by the printer's ``offset`` (dx, dy)."""
    return paper[0] - x - theme.card[0] + offset[0], y + offset[1]


def back_bleed(sheet: CardSheet) -> float:
    """How far (mm) the backs' art runs past the block of backs: as far as the paper
    allows (there are no crop marks on a sheet of backs), so that a duplex printer
    shifting the back a few mm shows no white edge."""
    W, H = sheet.paper
    return min((W - sheet.cols * sheet.card[0]) / 2, (H - sheet.rows * sheet.card[1]) / 2) - PRINT_EDGE



def back_ground(sheet: CardSheet, count: int, theme: Theme, offset: tuple[float, float]) -> Item:
    """The ground of a sheet of ``count`` backs: one rectangle of the back colour under
    every row the backs fill, :func:`back_bleed` beyond the block (mirrored as the
    backs are, and shifted by ``offset``)."""
    cw, ch = sheet.card
    x0, y0 = sheet.origin
    b = back_bleed(sheet)
    style = Style(fill=theme.colours["back"])
    parts: list[Item] = []
    for row in range(-(-count // sheet.cols)):
        filled = min(sheet.cols, count - row * sheet.cols)
        # Mirrored: a row's first cards sit at its right-hand end on the back.
        left, right = x0 + (sheet.cols - filled) * cw, x0 + sheet.cols * cw
        left -= b if filled == sheet.cols else 0.0
        top = y0 + row * ch - (b if row == 0 else 0.0)
        bottom = y0 + (row + 1) * ch + (b if (row + 1) * sheet.cols >= count else 0.0)
        parts.append(rect(left + offset[0], top + offset[1], right + b - left, bottom - top, style))
    return Group(tuple(parts), label="backs-ground")


def sheet_note(sheet: CardSheet, theme: Theme, text: str) -> list[Item]:
    """A one-line note below the lower crop marks, when the paper leaves room for it."""
    size = 6.5
    if sheet.free_below < pt_mm(size) * (ASCENT + DESCENT) + 1.0:
        return []
    y = sheet.paper[1] - PRINT_EDGE - pt_mm(size) * DESCENT
    return [Text(sheet.paper[0] / 2, y, text, size, "#6b6b6b", "middle")]



# ====================================================================== checklist


def scale_bar(theme: Theme, x: float, y: float) -> list[Item]:
    """A 50 mm bar with its top-left at (x, y), in 10 mm blocks numbered above, labelled below."""
    ink = theme.colours["ink"]
    out: list[Item] = []
    for k in range(5):
        out.append(rect(x + 10 * k, y, 10, 3, Style(fill=ink if k % 2 == 0 else theme.colours["paper"], stroke=ink, width=0.2)))
    for k in range(6):
        out.append(Text(x + 10 * k, y - 1.5, str(10 * k), 6.5, ink, "middle"))
    out.append(Text(x + 25, y + 3 + 1.8 + pt_mm(7.5) * ASCENT, "50 mm: measure to check the print scale", 7.5, ink, "middle"))
    return out


#: A game's picture for the room a page leaves: drawn into the box (x, y, width,
#: height), or nothing if it does not fit.
Art = Callable[[float, float, float, float], list[Item]]
#: The least room (mm high) under the checklist's table worth a picture.
ART_ROOM = 60.0


#: The room (mm) the scale bar and its caption take at the top of the checklist's
#: right-hand column (:func:`_advice_columns`).
BAR_ROOM = 16.0


def _advice_columns(theme: Theme, advice: list[Para], width: float, bar_w: float,
                    size: float) -> tuple[list[Text], float]:
    """The checklist's advice at ``size`` set from (0, 0), in ``width`` mm: in one column
    beside the scale bar (``bar_w`` wide), or in two columns split before one of its
    headings (a paragraph larger than the body, no lead), the right one under the scale
    bar, whichever ends higher (one column left the half page under the bar empty);
    and the height used."""

    def column(paras: list[Para], w: float) -> tuple[list[Text], float]:
        if not paras:
            return [], 0.0
        first = replace(paras[0], before=0.0)
        _, texts = fit_text([first, *paras[1:]], w, 1000, theme, max_pt=size, min_pt=size)
        return texts, max(text_box(t, theme)[3] for t in texts)

    best, used = column(advice, width - bar_w - 8.0)
    gap = 8.0
    half = (width - gap) / 2
    for i, p in enumerate(advice):
        if i == 0 or p.rel <= 1.0 or p.lead:
            continue
        left, lh = column(advice[:i], half)
        right, rh = column(advice[i:], half)
        if max(lh, BAR_ROOM + rh) < used - 1e-6:
            best = left + [replace(t, x=t.x + half + gap, y=t.y + BAR_ROOM) for t in right]
            used = max(lh, BAR_ROOM + rh)
    return best, used


def checklist_page(theme: Theme, paper: Paper, contents: Sequence[tuple[str, int | str, str]], *, title: str,
                   advice: Sequence[Para], art: Art | None = None) -> tuple[list[Page], list[Symbol]]:
    """The components checklist: ``title``, the game's ``advice`` (what you need, how to
    print, how to make the pieces), a 50 mm scale bar,
    and a table of ``(what, count, where)`` rows with empty check boxes (continued on a
    further page if it is long)."""
    W, H = paper
    m = theme.margin
    width = W - 2 * m
    ink = theme.colours["ink"]
    grey = "#9a9a9a"
    rule = 0.2  # keeps the table's rules' line ends inside the margin
    items: list[Item] = []
    head, y = heading(theme, m, m, width, title,
                       ["Cut out, glue up and play: everything in this kit is listed below."], title_pt=20.0, body_pt=9.5)
    items += head
    body = 9.0
    bar_w = 62.0
    y += 7.0
    items += scale_bar(theme, W - m - bar_w + 6.0, y + 8.0)
    placed_advice, used = _advice_columns(theme, list(advice), width, bar_w, body)
    items += [replace(t, x=t.x + m, y=t.y + y) for t in placed_advice]
    y += used + 10.0

    size = 9.5
    cols = [(m, 8.0), (m + 8.0, 52.0), (m + 60.0, 16.0), (m + 76.0, width - 76.0)]  # box, what, count, where
    lh = pt_mm(size) * LEADING
    pages: list[Page] = []

    def header(y0: float) -> float:
        base = y0 + pt_mm(size) * ASCENT
        for (x, _), t in zip(cols[1:], ("Component", "Count", "Where, and how")):
            items.append(Text(x, base, t, size, ink, "start", True))
        items.append(line((m + rule, base + 2.0), (m + width - rule, base + 2.0), Style(stroke=ink, width=0.3)))
        return base + 2.0

    y = header(y)
    for what, count, where in contents:
        what_l = fonts.wrap(str(what), cols[1][1] - 2, size, True, theme)
        where_l = fonts.wrap(str(where), cols[3][1], size, False, theme)
        n = max(len(what_l), len(where_l))
        row_h = pt_mm(size) * (ASCENT + DESCENT) + (n - 1) * lh + 3.6
        if y + row_h > H - m:
            pages.append(Page(W, H, tuple(items), name=f"01-checklist-{len(pages) + 1}", label="Components checklist"))
            items = []
            head, y = heading(theme, m, m, width, "Components checklist (continued)", [], title_pt=12.0)
            items += head
            y = header(y + 4.0)
        base = y + 1.8 + pt_mm(size) * ASCENT
        box = pt_mm(size) * 1.05
        items.append(rect(m + 0.5, base - box * 0.88, box, box, Style(stroke=ink, width=0.3)))
        for k, t in enumerate(what_l):
            items.append(Text(cols[1][0], base + k * lh, t, size, ink, "start", True))
        items.append(Text(cols[2][0], base, str(count), size, ink))
        for k, t in enumerate(where_l):
            items.append(Text(cols[3][0], base + k * lh, t, size, ink))
        y += row_h
        items.append(line((m + rule, y), (m + width - rule, y), Style(stroke=grey, width=0.15)))
    if art is not None and H - m - y >= ART_ROOM:
        # A game's picture in the room under the table (the page looks finished).
        items += art(m, y + 8.0, width, H - m - y - 8.0)
    name = "01-checklist" if not pages else f"01-checklist-{len(pages) + 1}"
    pages.append(Page(W, H, tuple(items), name=name, label="Components checklist"))
    return pages, []


# ====================================================================== duplex calibration


def calibration_points(theme: Theme, paper: Paper) -> list[tuple[str, float, float]]:
    """The front's three targets: top centre (below the heading), middle, bottom right corner."""
    W, H = paper
    m = theme.margin
    reach = CROSS + 2.0
    return [("A", W / 2, m + 30.0 + reach), ("B", W / 2, H / 2), ("C", W - m - reach, H - m - reach)]


#: Half the length (mm) of the front's crosshair lines: they reach the back's rulers.
CROSS = 20.0
#: How far (mm) the back's rulers lie from the point they measure: the horizontal one
#: above it, the vertical one to its right, so that their labels never meet.
RULER_SHIFT = 14.0


def _crosshair(theme: Theme, x: float, y: float) -> list[Item]:
    ink = theme.colours["ink"]
    fine = Style(stroke=ink, width=0.12)
    return [line((x - CROSS, y), (x + CROSS, y), fine), line((x, y - CROSS), (x, y + CROSS), fine),
            Circle(x, y, 2.5, fine), Circle(x, y, 5.0, fine)]


def _scale(theme: Theme, x: float, y: float) -> list[Item]:
    """Millimetre rulers for the point (x, y): one for x above it, one for y to its right,
    ticks every 1 mm from -10 to +10, longer and labelled every 5 mm; a ring marks the
    point itself (a perfect print shows the front's inner ring on it)."""
    ink = theme.colours["ink"]
    st = Style(stroke=ink, width=0.12)
    hy, vx = y - RULER_SHIFT, x + RULER_SHIFT
    out: list[Item] = [line((x - 10, hy), (x + 10, hy), st), line((vx, y - 10), (vx, y + 10), st),
                       Circle(x, y, 2.5, Style(stroke="#9a9a9a", width=0.12))]
    size = 5.0
    for k in range(-10, 11):
        t = 3.0 if k % 5 == 0 else 1.5
        out.append(line((x + k, hy), (x + k, hy - t), st))
        out.append(line((vx, y + k), (vx + t, y + k), st))
        if k % 5 == 0:
            lab = f"{k:+d}" if k else "0"
            out.append(Text(x + k, hy - 3.8, lab, size, ink, "middle", k == 0))
            out.append(Text(vx + 3.8, y + k + pt_mm(size) * 0.36, lab, size, ink, "start", k == 0))
    out.append(Text(x - 11.5, hy + pt_mm(size) * 0.36, "x", size, ink, "end", True))
    out.append(Text(vx, y + 11.0 + pt_mm(size) * ASCENT, "y", size, ink, "middle", True))
    return out


def calibration_pages(theme: Theme, paper: Paper, *, offset: tuple[float, float] = (0.0, 0.0)) -> tuple[list[Page], list[Symbol]]:
    """A duplex calibration sheet: fine crosses on the front at :func:`calibration_points`,
    millimetre scales on the back centred on the mirrored points (W - x, y) shifted by
    ``offset``.  Held against the light, the front cross shows the back's error: a
    cross at +2 on the x ruler means ``--back-offset-x 2`` (plus the offset already used)."""
    W, H = paper
    m = theme.margin
    width = W - 2 * m
    ink = theme.colours["ink"]
    pts = calibration_points(theme, paper)
    steps = [("Print this sheet long-edge duplex, hold it against the light and read where each front cross falls on "
              "the back's rulers (x: right is +, y: down is +)."),
             ("Pass the numbers of target B as --back-offset-x/--back-offset-y: a cross at +2 on the x ruler and -1 on "
              "the y ruler means --back-offset-x 2 --back-offset-y -1. A and C show whether the back is also turned "
              "or scaled.")]
    if offset != (0.0, 0.0):
        steps.append(f"This sheet already uses --back-offset-x {offset[0]:g} --back-offset-y {offset[1]:g}: "
                     "add your readings to these.")
    front, _ = heading(theme, m, m, width, "Duplex calibration: front", steps, title_pt=12.0, body_pt=7.5)
    front = list(front)
    for name, x, y in pts:
        front += _crosshair(theme, x, y)
        front.append(Text(x - 7, y - 7, name, 8.0, ink, "end", True))
    # The back's title sits where the front's does, at the top, in the left half: the
    # rulers of A sit mirrored about the middle, clear of it.
    back_head, _ = heading(theme, m, m, W / 2 - m - 15.0, "Duplex calibration: back",
                            ["Read the rulers where the front's crosses show through; the numbers are millimetres."],
                            title_pt=12.0, body_pt=7.5)
    back = list(back_head)
    for name, x, y in pts:
        bx, by = W - x + offset[0], y + offset[1]
        back += _scale(theme, bx, by)
        back.append(Text(bx - 7, by + 7 + pt_mm(8.0) * ASCENT, name, 8.0, ink, "end", True))
    return [Page(W, H, tuple(front), name="90-calibration-front", label="Duplex calibration, front"),
            Page(W, H, tuple(back), name="91-calibration-back", label="Duplex calibration, back")], []


def printing_advice(duplex: str) -> list[Para]:
    """The checklist's "Printing" paragraphs every kit gives: actual size and the
    scale bar, which pages go long-edge duplex (``duplex``, e.g. "the tiles and the
    cards"), and the calibration offsets."""
    return [
        para(("Printing", True), rel=1.1, before=0.9),
        para("Print at 100 % / actual size, not fit to page. Check the scale bar: it must measure 50 mm.",
             lead="•", before=0.25),
        para(f"Print {duplex} long-edge duplex (flip on the long edge).", lead="•", before=0.1),
        para("Backs off their fronts? Print the calibration sheet and pass its readings as "
             "--back-offset-x/--back-offset-y.", lead="•", before=0.1),
    ]


def card_back_frame(theme: Theme) -> tuple[list[Item], str]:
    """What every card back starts with, trim at (0, 0)-(w, h): the back colour and
    three frames inset from the edge; and the ink a game's words on it read in."""
    w, h = theme.card
    col = theme.colours
    ink = col["paper"] if not theme.ink_saver else col["ink"]
    items: list[Item] = [rect(0, 0, w, h, Style(fill=col["back"]))]
    for k in range(3):
        inset = 4.0 + 3.0 * k
        items.append(rect(inset, inset, w - 2 * inset, h - 2 * inset, Style(stroke=col["back_pattern"], width=0.8 - 0.2 * k)))
    return items, ink


#: The coloured border (mm) round a rules card's or player aid's paper panel: its
#: cut edge shows, and a cut a little off still leaves a border all round.
CARD_BORDER = 2.5
#: Room (mm) between the panel's edge and the text (with the border, more than SAFE).
CARD_PAD = 1.8
#: The most space (in lines) a card adds between paragraphs to fill its panel.
CARD_SPREAD = 1.4


def rules_card(theme: Theme, fill: str, mark: Item, title: str, rules: Sequence[Para], *,
               max_pt: float = 10.0, min_pt: float = 4.5,
               picture: tuple[Sequence[Item], float, float] | None = None) -> list[Item]:
    """A rules card or a player aid (``theme.card``, trim at (0, 0)): the card in
    ``fill`` to its bleed, so its cut edge is a coloured border (under ink-saver a
    frame in ``fill`` on paper); a band with ``mark`` (the colour's shape) and
    ``title``; a paper panel :data:`CARD_BORDER` inside the trim holding the rules,
    set as large as they fit (``max_pt`` down to ``min_pt``) and spread down the whole
    panel (at most :data:`CARD_SPREAD` lines more between paragraphs); ``picture``
    (items, their width and height, drawn from (0, 0)) is scaled to the panel's width
    at the panel's top, the rules below it; its cut line last (not drawn: the sheet's
    crop marks give it)."""
    w, h = theme.card
    b = theme.bleed
    band = 10.0
    col = theme.colours
    panel = (CARD_BORDER, band, w - 2 * CARD_BORDER, h - band - CARD_BORDER)
    if theme.ink_saver:
        items: list[Item] = [rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=col["paper"])),
                             rect(-b, -b, w + 2 * b, band + b, Style(fill=fill)),
                             rect(CARD_BORDER / 2, CARD_BORDER / 2, w - CARD_BORDER, h - CARD_BORDER,
                                  Style(stroke=fill, width=0.8))]
    else:
        items = [rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=fill)),
                 rect(*panel, Style(fill=col["paper"], stroke=col["ink"], width=0.2))]
    items += [mark, Text(SAFE + 6.5, band / 2 + 1.6, title, 8.5, ink_on(theme, fill), "start", True)]
    tw, th = panel[2] - 2 * CARD_PAD, panel[3] - 2 * CARD_PAD
    text_top = panel[1] + CARD_PAD
    if picture is not None:
        art, pw, ph = picture
        k = tw / pw
        items.append(Group(tuple(art), (k, 0.0, 0.0, k, panel[0] + CARD_PAD, text_top), label="picture"))
        text_top += ph * k + 1.5
        th -= ph * k + 1.5
    size, texts = fit_text(list(rules), tw, th, theme, max_pt=max_pt, min_pt=min_pt)
    if len(rules) > 1:
        # Spread the paragraphs down the panel: the room left over, shared between them.
        used = max(text_box(t, theme)[3] for t in texts)
        extra = min(CARD_SPREAD, (th - used) / (len(rules) - 1) / (pt_mm(size) * LEADING))
        spread = [rules[0]] + [replace(p, before=p.before + extra) for p in rules[1:]]
        _, texts = fit_text(spread, tw, th + 1e-6, theme, max_pt=size, min_pt=size)
    items += placed(texts, panel[0] + CARD_PAD, text_top)
    items.append(rect(0, 0, w, h, TRIM))
    return items


def rules_card_pages(theme: Theme, paper: Paper, cards: Sequence[tuple[str, list[Item]]], word: str, *,
                     offset: tuple[float, float]) -> tuple[list[Page], list[Symbol]]:
    """``cards`` (a name and a card's art, as :func:`rules_card` draws it) on a card
    sheet, each labelled ``piece-card-<name>``, and the sheet of their backs, ``word``
    on each, mirrored for long-edge duplex (shifted by the calibration ``offset``)."""
    W, H = paper
    w, h = theme.card
    sheet = card_sheet(theme, paper)
    back_items, ink = card_back_frame(theme)
    size = min(w, h) * 0.22 / MM_PER_PT
    while text_width(word, size, True, theme) > w - 24 and size > 6:
        size -= 0.5
    back_items.append(Text(w / 2, h / 2 + pt_mm(size) * 0.35, word, size, ink, "middle", True))
    back = Symbol(f"{word.lower()}-card-back-{w:g}x{h:g}", tuple(back_items), (-1, -1, w + 1, h + 1))
    front: list[Item] = []
    backs: list[Item] = [back_ground(sheet, len(cards), theme, offset)]
    for i, ((name, art_items), (x, y)) in enumerate(zip(cards, sheet.slots)):
        front.append(Group(tuple(art_items), translate(x, y), sheet.clip(i), label=f"piece-card-{name}"))
        bx, by = back_position(x, y, theme, paper, offset)
        backs.append(Group((Use(back.name),), translate(bx, by), label=f"back-card-{name}"))
    front += sheet_note(sheet, theme, "Cut along the lines the crop marks give: each cut runs the whole sheet.")
    backs += sheet_note(sheet, theme, "Print long-edge duplex; this page is the back of the one before"
                        + (f", shifted {offset[0]:+.1f} / {offset[1]:+.1f} mm." if offset != (0.0, 0.0) else "."))
    pages = [Page(W, H, (*front, Group(tuple(sheet.marks(theme)), label="crop-marks")), name="40-cards", label="Rules cards and player aids"),
             Page(W, H, tuple(backs), name="41-cards-backs", label="Card backs (long-edge duplex)")]
    return pages, [back]
