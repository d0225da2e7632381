"""The kit's component pages: tokens, cards, the checklist and the duplex calibration sheet.

Pure functions: a theme and a paper size ``(width, height)`` in mm (portrait) in,
``(pages, symbols)`` out.  Everything stays inside ``theme.margin``.

Every piece follows the conventions of :mod:`sectionx.render.pieces` (a group
labelled ``piece-…`` whose last item is its cut line, bleed, crop marks, spacing),
so :func:`~sectionx.render.pieces.layout_problems` can check each page.  Card
backs are groups labelled ``back-…`` with the suffix of their front, at the
mirrored position for long-edge duplex (:func:`back_position`).

Text is measured with the theme's own fonts (:mod:`sectionx.render.fonts`) and
shrunk until it fits (:func:`~sectionx.render.textfit.fit_text`); it uses only
characters the bundled Vera fonts have (no arrows).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ....colours import COLOURS, Colour
from ....render import fonts
from ....render.pieces import CLEARANCE, SAFE, SEAM_TOLERANCE, TRIM, crop_marks, flow, mark_reach, mark_style
from ....render.scene import (
    MM_PER_PT,
    Circle,
    Group,
    Item,
    Page,
    Style,
    Symbol,
    Text,
    Use,
    compose,
    line,
    pt_mm,
    rect,
    translate,
)
from ....render.shapes import on_colour, symbol_shape
from ....render.textfit import ASCENT, DESCENT, LEADING, DoesNotFit, Para, fit_text, para, placed, text_box, text_width
from ....render.theme import Theme
from ..model import DOORS, PRISONERS, TARGET, TARGET_ADVANCED
from .art import door_symbol, key_symbol, prisoner_symbol

Paper = tuple[float, float]

#: Space (mm) between the bleeds (or crop marks) of neighbouring tokens: room for the scissors.
TOKEN_GAP = 2.5
#: Spare prisoners printed per colour, in case one gets lost.
SPARES = 2

_NAMES = {Colour.RED: "Red", Colour.BLUE: "Blue", Colour.YELLOW: "Yellow", Colour.PURPLE: "Purple"}



def _heading(theme: Theme, x: float, y: float, width: float, title: str, lines: Sequence[str],
             title_pt: float = 14.0, body_pt: float = 8.5) -> tuple[list[Item], float]:
    """A page title and a few lines of advice below it, wrapped to ``width``; returns the items and the bottom."""
    paras = [para((title, True), rel=title_pt / body_pt)] + [para(t, before=0.25) for t in lines]
    _, texts = fit_text(paras, width, 1000.0, theme, max_pt=body_pt, min_pt=body_pt)
    bottom = max(text_box(t, theme)[3] for t in texts)
    items: list[Item] = list(placed(texts, x, y))
    return items, y + bottom


# ====================================================================== tokens


@dataclass(frozen=True)
class _Box:
    """Something to place: its footprint (w, h) and what it is."""

    w: float
    h: float
    kind: str  # prisoner, spare, door, label
    colour: Colour | None = None
    text: str = ""


def _cut_style(theme: Theme) -> Style:
    return Style(stroke=theme.colours["ink"], width=pt_mm(theme.cut_line_width))


def _prisoner_piece(theme: Theme, colour: Colour, sym: Symbol, cx: float, cy: float, label: str) -> Group:
    r = theme.prisoner / 2
    items: list[Item] = [
        Circle(0, 0, r + theme.bleed, Style(fill=theme.player(colour))),  # bleed: the colour beyond the cut
        Use(sym.name),
        Circle(0, 0, r, _cut_style(theme)),  # the cut line: last
    ]
    return Group(tuple(items), translate(cx, cy), label=label)


def _door_piece(theme: Theme, colour: Colour, sym: Symbol, x: float, y: float, label: str) -> Group:
    length, depth = theme.door
    b = theme.bleed
    items: list[Item] = [
        rect(-b, -b, length + 2 * b, depth + 2 * b, Style(fill=theme.player(colour))),
        Use(sym.name, translate(length / 2, depth / 2)),
        rect(0, 0, length, depth, _cut_style(theme)),
    ]
    return Group(tuple(items), translate(x, y), label=label)


def _colour_label(theme: Theme, colour: Colour, x: float, y: float, size: float) -> list[Item]:
    """A colour's shape and name, then its counts, baseline at y."""
    s = pt_mm(size)
    # The shape is s * 0.95 across with a 0.15 mm outline: centred so that its left
    # edge, outline included, starts at x (the margin), not a hair before it.
    shape = symbol_shape(colour, x + s * 0.475 + 0.1, y - s * 0.36, s * 0.95,
                         Style(fill=theme.player(colour), stroke=theme.colours["ink"], width=0.15))
    name = _NAMES[colour]
    nx = x + s * 1.3
    counts = f"  {PRISONERS} prisoners · {DOORS} doors"
    return [shape, Text(nx, y, name, size, theme.colours["ink"], "start", True),
            Text(nx + text_width(name, size, True, theme), y, counts, size, theme.colours["ink"])]


def token_pages(theme: Theme, paper: Paper, *, spares: int = SPARES) -> tuple[list[Page], list[Symbol]]:
    """The prisoner tokens (8 per colour, G4: colour and shape) and doors (2 per colour,
    D2), plus ``spares`` spare prisoners per colour, set apart and labelled on the sheet.

    Prisoners are round (cut line, bleed disc, no crop marks); doors are rectangles with
    bleed and crop marks.  One section per colour; a section that does not fit the rest
    of a page starts the next.
    """
    W, H = paper
    m = theme.margin
    width = W - 2 * m
    d = theme.prisoner
    length, depth = theme.door
    reach = mark_reach(theme)
    pris = _Box(d + 2 * theme.bleed, d + 2 * theme.bleed, "prisoner")
    door = _Box(length + 2 * reach, depth + 2 * reach, "door")
    label_pt = 7.0
    spare_label = "spares:"
    label_w = text_width(spare_label, label_pt, False, theme)

    symbols = {c: prisoner_symbol(theme, c, d) for c in COLOURS}
    door_syms = {c: door_symbol(theme, c, length, depth) for c in COLOURS}

    sections = []
    for c in COLOURS:
        rows = [[_Box(pris.w, pris.h, "prisoner", c)] * PRISONERS,
                [_Box(door.w, door.h, "door", c)] * DOORS
                + ([_Box(label_w, pt_mm(label_pt), "label", c, spare_label)] + [_Box(pris.w, pris.h, "spare", c)] * spares
                   if spares else [])]
        placed, h, w = flow(rows, width, TOKEN_GAP)
        if w > width + 1e-9:
            raise DoesNotFit(f"a token of {max(pris.w, door.w):.1f} mm does not fit the {width:.1f} mm between the margins")
        sections.append((c, placed, h, w))
    content_w = max(s[3] for s in sections)
    left = m + (width - content_w) / 2

    head_pt = 9.0
    head_h = pt_mm(head_pt) * 1.9  # the colour's label line above its tokens

    pages: list[Page] = []
    items: list[Item] = []
    cut: list[Item] = []

    def start_page(first: bool) -> float:
        title = "Prisoners: 8 per colour · Doors: 2 per colour" if first else "Prisoner and door tokens (continued)"
        advice = ["Glue the sheet onto thin card, then cut each prisoner out along its circle and each door between "
                  "its crop marks. " + (f"The {spares} spares per colour replace lost tokens." if spares else "")]
        its, bottom = _heading(theme, left, m, W - m - left, title, advice, title_pt=12.0, body_pt=8.0)
        items.extend(its)
        return bottom + 5.0

    def finish_page() -> None:
        n = len(pages)
        pages.append(Page(W, H, tuple(items) + (Group(tuple(cut), label="crop-marks"),),
                          name="20-tokens" if n == 0 else f"2{n}-tokens-{n + 1}",
                          label="Prisoner and door tokens" + (f" ({n + 1})" if n else "")))
        items.clear()
        cut.clear()

    y = start_page(True)
    counters = {(c, k): 0 for c in COLOURS for k in ("prisoner", "spare", "door")}
    for c, placed, h, _ in sections:
        if y + head_h + h > H - m + 1e-9:
            finish_page()
            y = start_page(False)
            if y + head_h + h > H - m + 1e-9:
                raise DoesNotFit("the tokens of one colour do not fit one page")
        items.extend(_colour_label(theme, c, left, y + pt_mm(head_pt) * ASCENT, head_pt))
        top = y + head_h
        for b, bx, by in placed:
            x0, y0 = left + bx, top + by
            if b.kind in ("prisoner", "spare"):
                counters[(c, b.kind)] += 1
                items.append(_prisoner_piece(theme, c, symbols[c], x0 + b.w / 2, y0 + b.h / 2,
                                             f"piece-{b.kind}-{c.value}-{counters[(c, b.kind)]}"))
            elif b.kind == "door":
                counters[(c, "door")] += 1
                items.append(_door_piece(theme, c, door_syms[c], x0 + reach, y0 + reach,
                                         f"piece-door-{c.value}-{counters[(c, 'door')]}"))
                cut.extend(crop_marks(x0 + reach, y0 + reach, length, depth, theme))
            else:
                items.append(Text(x0, y0 + b.h / 2 + pt_mm(label_pt) * (ASCENT - 0.5), b.text, label_pt,
                                  theme.colours["ink"], "start"))
        y = top + h + 6.0
    finish_page()
    return pages, list(symbols.values()) + list(door_syms.values())


# ====================================================================== cards


#: How close (mm) to the paper's edge a card sheet may print: most home printers
#: reach to 3 mm (docs/printing.md).  Card sheets use this, not ``theme.margin``:
#: nine poker cards fill an A4 or letter sheet but for 10.5 and 7.7 mm.
PRINT_EDGE = 3.0
#: How far (mm) a butted card's art runs past a cut line it shares with a
#: neighbour: a hair, so that two clip edges on the same line leave no pale seam
#: where a viewer or a RIP smooths both (pieces.SEAM_TOLERANCE allows it).
SEAM = 0.05
assert 2 * SEAM < SEAM_TOLERANCE
#: The colour band along the foot of a player aid (mm inside the trim; it runs on
#: into the bleed, so a cut a little off shows more band, never white).
FOOT_BAND = 3.5
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

    @property
    def origin(self) -> tuple[float, float]:
        """The block's top-left corner (its trim), centred on the paper."""
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


def _key_card(theme: Theme, key: Symbol) -> list[Item]:
    w, h = theme.card
    b = theme.bleed
    ink = theme.colours["ink"]
    gold = "#d4a017" if not theme.ink_saver else ink
    items: list[Item] = [rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=theme.colours["board"])),
                         rect(2.5, 2.5, w - 5, h - 5, Style(stroke=gold, width=0.5, join="round")),
                         rect(3.3, 3.3, w - 6.6, h - 6.6, Style(stroke=gold, width=0.2))]
    inner = w - 2 * (SAFE + 1.5)
    title_pt = 13.0
    while text_width("MASTER KEY", title_pt, True, theme) > inner and title_pt > 6:
        title_pt -= 0.5
    ty = SAFE + 2.5 + pt_mm(title_pt) * ASCENT
    items.append(Text(w / 2, ty, "MASTER KEY", title_pt, ink, "middle", True))
    # The key: scaled to the card's width, centred below the title.
    kl, kt, kr, kb = key.bbox
    kscale = inner * 0.8 / (kr - kl - 2)
    ky = ty + 4.0 + (-kt - 1) * kscale
    items.append(Use(key.name, compose(translate(w / 2, ky), (kscale, 0, 0, kscale, 0, 0))))
    top = ky + (kb - 1) * kscale + 4.0
    foot_pt = 5.0
    foot_y = h - SAFE - 1.5 - pt_mm(foot_pt) * DESCENT
    paras = [para(("Who gets it: ", True), "a player with no prisoner on the island or in a tunnel, "
                  "all prisoners in play in at most two hideouts."),
             para(("What it does: ", True), "your prisoners pass every door. Hand in one of your doors "
                  "while you hold the key.", before=0.45),
             para(("When it is lost: ", True), "as soon as one of your prisoners reaches a green area or the "
                  "island. Take your door back; the key can come again.", before=0.45)]
    room = foot_y - pt_mm(foot_pt) * ASCENT - 2.0 - top
    _, texts = fit_text(paras, inner, room, theme, max_pt=8.0, min_pt=4.5)
    used = max(text_box(t, theme)[3] for t in texts)
    items += placed(texts, SAFE + 1.5, top + (room - used) / 3)
    items.append(Text(w / 2, foot_y, "Section X · rules K1–K5", foot_pt, "#6b6b6b", "middle"))
    items.append(rect(0, 0, w, h, TRIM))
    return items


def _aid_paras(full: bool) -> list[Para]:
    """The player aid's text (N1–N4, M3–M4, D2, E1–E4, V1–V2); ``full=False`` drops the asides."""
    return [
        para(("YOUR TURN", True), rel=1.1),
        para(("Take a tile", True), " if you hold fewer than 3: the top tile of any stack.", lead="1", before=0.3),
        para(("One tile action", True), " (or none): ", ("place", True), " a tile from your hand, ",
             ("swap", True), " two tiles, ", ("move", True), " a tile to an empty cell or ", ("rotate", True),
             " one. Openings must face openings."
             + (" Hands off tiles of another player's tunnel (with their door)." if full else ""),
             lead="2", before=0.35),
        para("A tile with prisoners is never rotated, and is swapped or moved only if all of them are yours, in its "
             "hideout, and it ends no nearer the green areas.", lead=" ", before=0.15),
        para(("Either move prisoners:", True), " at most 5 steps, 2 per prisoner; no passing: every place entered "
             "needs room (a hideout holds 2, the rest 1); others' doors block. ",
             ("Or", True), " place one door, or move one of your doors.", lead="3", before=0.35),
        para(("Round ends", True), " at once when a player has 3 prisoners on green areas (2 with two players), "
             "or after the turn that takes the last tile. ", ("Collapse:", True),
             " prisoners outside hideouts and green areas die"
             + ("; tiles leave, except hideouts with prisoners." if full else "."), before=0.6),
        para(("Win", True), f" with {TARGET} freed prisoners"
             + (f" (advanced game: {TARGET_ADVANCED}, stacks face up, steps before and after the tile action)." if full
                else f" ({TARGET_ADVANCED} in the advanced game)."), before=0.35),
    ]


def _aid_card(theme: Theme, colour: Colour) -> list[Item]:
    w, h = theme.card
    b = theme.bleed
    ink = theme.colours["ink"]
    fill = theme.player(colour)
    on = on_colour(theme, colour)
    band = max(11.0, h * 0.14)
    items: list[Item] = [rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=theme.colours["paper"])),
                         rect(-b, -b, w + 2 * b, band + b, Style(fill=fill)),
                         rect(-b, h - FOOT_BAND, w + 2 * b, FOOT_BAND + b, Style(fill=fill))]
    # The band: the colour's shape (G4), its name and "player aid".
    sym = band * 0.5
    sy = band / 2 + 0.6
    items.append(symbol_shape(colour, SAFE + sym / 2, sy, sym, Style(fill=on)))
    name_pt = 12.0
    tx = SAFE + sym + 2.5
    avail = w - SAFE - tx
    while text_width(_NAMES[colour].upper(), name_pt, True, theme) > avail and name_pt > 6:
        name_pt -= 0.5
    items.append(Text(tx, sy + pt_mm(name_pt) * 0.1, _NAMES[colour].upper(), name_pt, on, "start", True))
    sub_pt = 6.0
    items.append(Text(tx, sy + pt_mm(name_pt) * 0.1 + pt_mm(sub_pt) * 1.35, "Player aid", sub_pt, on))
    top = band + 2.2
    bottom = h - max(SAFE, FOOT_BAND + 1.0)
    width = w - 2 * SAFE
    for full, least in ((True, 5.0), (False, 4.5)):
        try:
            _, texts = fit_text(_aid_paras(full), width, bottom - top, theme, max_pt=7.5, min_pt=least, ink=ink)
            break
        except DoesNotFit:
            if not full:
                raise
    items += placed(texts, SAFE, top)
    items.append(rect(0, 0, w, h, TRIM))
    return items


def _back_symbol(theme: Theme, kind: str) -> Symbol:
    """A card back, trim at (0, 0)-(w, h).  Its ground is painted once for the whole
    block of backs (:func:`card_pages`), so no seam shows where two backs meet."""
    w, h = theme.card
    col = theme.colours
    ink = col["paper"] if not theme.ink_saver else col["ink"]
    items: list[Item] = [rect(0, 0, w, h, Style(fill=col["back"]))]
    for k in range(3):
        inset = 4.0 + 3.0 * k
        items.append(rect(inset, inset, w - 2 * inset, h - 2 * inset, Style(stroke=col["back_pattern"], width=0.8 - 0.2 * k)))
    big = min(w, h) * 1.1 / MM_PER_PT * 0.72
    # In ink-saver mode the big X is drawn in the pale pattern colour, not in solid ink.
    items.append(Text(w / 2, h / 2 + pt_mm(big) * 0.3, "X", big, col["back_pattern"] if theme.ink_saver else ink, "middle", True))
    sub = "MASTER KEY" if kind == "key" else "PLAYER AID"
    s = 8.0
    items.append(Text(w / 2, h / 2 + pt_mm(big) * 0.3 + 9.0, "SECTION X", s, ink, "middle", True))
    items.append(Text(w / 2, h / 2 + pt_mm(big) * 0.3 + 9.0 + pt_mm(s) * 1.5, sub, s * 0.75, ink, "middle"))
    return Symbol(f"card-back-{kind}-{w:g}x{h:g}", tuple(items), (-1, -1, w + 1, h + 1))


def card_pages(theme: Theme, paper: Paper, *, offset: tuple[float, float] = (0.0, 0.0)) -> tuple[list[Page], list[Symbol]]:
    """Four master-key cards (K1, K2) and four player aids, one per colour (N1–N4, E1–E4,
    V2), on card sheets (:class:`CardSheet`: butted on shared cut lines, crop marks
    outside); each sheet of fronts is followed by its sheet of backs, placed for
    long-edge duplex (:func:`back_position`) and shifted by ``offset`` (dx, dy) mm to
    calibrate the printer."""
    W, H = paper
    sheet = card_sheet(theme, paper)
    slots = sheet.slots
    key = key_symbol(theme, 50.0)
    backs = {"key": _back_symbol(theme, "key"), "aid": _back_symbol(theme, "aid")}
    cards = [("key", f"key-{i + 1}", _key_card(theme, key)) for i in range(4)]
    cards += [("aid", f"aid-{c.value}", _aid_card(theme, c)) for c in COLOURS]

    pages: list[Page] = []
    for n, start in enumerate(range(0, len(cards), len(slots))):
        batch = cards[start:start + len(slots)]
        front: list[Item] = []
        back: list[Item] = [back_ground(sheet, len(batch), theme, offset)]
        for i, ((kind, name, art), (x, y)) in enumerate(zip(batch, slots)):
            front.append(Group(tuple(art), translate(x, y), sheet.clip(i), label=f"piece-card-{name}"))
            bx, by = back_position(x, y, theme, paper, offset)
            back.append(Group((Use(backs[kind].name),), translate(bx, by), label=f"back-card-{name}"))
        suffix = f" ({n + 1})" if len(cards) > len(slots) else ""
        note = ("Print long-edge duplex; this page is the back of the one before"
                + (f", shifted {offset[0]:+.1f} / {offset[1]:+.1f} mm." if offset != (0.0, 0.0) else "."))
        back += sheet_note(sheet, theme, note)
        front += sheet_note(sheet, theme, "Cut along the lines the crop marks give: each cut runs the whole sheet.")
        pages.append(Page(W, H, tuple(front) + (Group(tuple(sheet.marks(theme)), label="crop-marks"),),
                          name=f"3{2 * n}-cards-{n + 1}", label=f"Master-key and player-aid cards{suffix}"))
        pages.append(Page(W, H, tuple(back), name=f"3{2 * n + 1}-cards-{n + 1}-backs",
                          label=f"Card backs{suffix} (long-edge duplex)"))
    return pages, [key, backs["key"], backs["aid"]]


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


def checklist_page(theme: Theme, paper: Paper, contents: Sequence[tuple[str, int | str, str]]) -> tuple[list[Page], list[Symbol]]:
    """The components checklist: title, what you need, printing advice, a 50 mm scale bar,
    and a table of ``(what, count, where)`` rows with empty check boxes (continued on a
    further page if it is long)."""
    W, H = paper
    m = theme.margin
    width = W - 2 * m
    ink = theme.colours["ink"]
    grey = "#9a9a9a"
    rule = 0.2  # keeps the table's rules' line ends inside the margin
    items: list[Item] = []
    head, y = _heading(theme, m, m, width, "Section X – print-and-play kit",
                       ["Cut out, glue up and play: everything in this kit is listed below."], title_pt=20.0, body_pt=9.5)
    items += head
    body = 9.0
    advice = [
        para(("You need", True), rel=1.1),
        para("scissors (tiles, tokens), and a paper trimmer or a craft knife and metal ruler (cards, doors)",
             lead="•", before=0.25),
        para("a glue stick", lead="•", before=0.1),
        para("thin card (about 300 g/m²) to glue the sheets onto", lead="•", before=0.1),
        para(("Printing", True), rel=1.1, before=0.9),
        para("Print at 100 % / actual size, not fit to page. Check the scale bar: it must measure 50 mm.",
             lead="•", before=0.25),
        para("Print the tiles and the cards long-edge duplex (flip on the long edge).", lead="•", before=0.1),
        para("Backs off their fronts? Print the calibration sheet and pass its readings as "
             "--back-offset-x/--back-offset-y.", lead="•", before=0.1),
        para(("Making the pieces", True), rel=1.1, before=0.9),
        para("Glue each sheet onto card first and let it dry flat under a book.", lead="•", before=0.25),
        para("Tiles, tokens and doors: cut along the thin cut lines; the crop marks show where they run. "
             "The colour printed past each line (the bleed) forgives a cut a little off.", lead="•", before=0.1),
        para("Cards: nine share their cut lines; cut straight across the whole sheet, from each crop mark "
             "to the one facing it.", lead="•", before=0.1),
    ]
    bar_w = 62.0
    y += 7.0
    _, texts = fit_text(advice, width - bar_w - 8.0, 1000, theme, max_pt=body, min_pt=body)
    items += placed(texts, m, y)
    bottom = y + max(text_box(t, theme)[3] for t in texts)
    items += scale_bar(theme, W - m - bar_w + 6.0, y + 8.0)
    y = bottom + 10.0

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
            head, y = _heading(theme, m, m, width, "Components checklist (continued)", [], title_pt=12.0)
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
    front, _ = _heading(theme, m, m, width, "Duplex calibration: front", steps, title_pt=12.0, body_pt=7.5)
    front = list(front)
    for name, x, y in pts:
        front += _crosshair(theme, x, y)
        front.append(Text(x - 7, y - 7, name, 8.0, ink, "end", True))
    # The back's title sits where the front's does, at the top, in the left half: the
    # rulers of A sit mirrored about the middle, clear of it.
    back_head, _ = _heading(theme, m, m, W / 2 - m - 15.0, "Duplex calibration: back",
                            ["Read the rulers where the front's crosses show through; the numbers are millimetres."],
                            title_pt=12.0, body_pt=7.5)
    back = list(back_head)
    for name, x, y in pts:
        bx, by = W - x + offset[0], y + offset[1]
        back += _scale(theme, bx, by)
        back.append(Text(bx - 7, by + 7 + pt_mm(8.0) * ASCENT, name, 8.0, ink, "end", True))
    return [Page(W, H, tuple(front), name="90-calibration-front", label="Duplex calibration, front"),
            Page(W, H, tuple(back), name="91-calibration-back", label="Duplex calibration, back")], []
