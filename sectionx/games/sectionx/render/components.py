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

from dataclasses import dataclass

from ....colours import COLOURS, Colour
from ....render.pieces import SAFE, TRIM, crop_marks, flow, mark_reach
from ....render.printing import (
    back_ground,
    back_position,
    card_back_frame,
    card_sheet,
    cut_style,
    heading,
    printing_advice,
    sheet_note,
)
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
    pt_mm,
    rect,
    translate,
)
from ....render.shapes import on_colour, symbol_shape
from ....render.textfit import ASCENT, DESCENT, DoesNotFit, Para, fit_text, para, placed, text_box, text_width
from ....render.theme import Theme
from ..model import DOORS, PRISONERS, TARGET, TARGET_ADVANCED
from .art import door_symbol, key_symbol, prisoner_symbol

Paper = tuple[float, float]

#: Space (mm) between the bleeds (or crop marks) of neighbouring tokens: room for the scissors.
TOKEN_GAP = 2.5
#: Spare prisoners printed per colour, in case one gets lost: at least this many, and as
#: many more as the colour's second row (its doors and spares) has room for
#: (:func:`spares_for`), so the row is whole (it was half a row, and the sheet nearly
#: half empty).
SPARES = 2

_NAMES = {Colour.RED: "Red", Colour.BLUE: "Blue", Colour.YELLOW: "Yellow", Colour.PURPLE: "Purple"}



# ====================================================================== tokens


@dataclass(frozen=True)
class _Box:
    """Something to place: its footprint (w, h) and what it is."""

    w: float
    h: float
    kind: str  # prisoner, spare, door, label
    colour: Colour | None = None
    text: str = ""


def _prisoner_piece(theme: Theme, colour: Colour, sym: Symbol, cx: float, cy: float, label: str) -> Group:
    r = theme.prisoner / 2
    items: list[Item] = [
        Circle(0, 0, r + theme.bleed, Style(fill=theme.player(colour))),  # bleed: the colour beyond the cut
        Use(sym.name),
        Circle(0, 0, r, cut_style(theme)),  # the cut line: last
    ]
    return Group(tuple(items), translate(cx, cy), label=label)


def _door_piece(theme: Theme, colour: Colour, sym: Symbol, x: float, y: float, label: str) -> Group:
    length, depth = theme.door
    b = theme.bleed
    items: list[Item] = [
        rect(-b, -b, length + 2 * b, depth + 2 * b, Style(fill=theme.player(colour))),
        Use(sym.name, translate(length / 2, depth / 2)),
        rect(0, 0, length, depth, cut_style(theme)),
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


#: Space (mm) between two colours' tokens on the sheet, and the most it grows to
#: when the sheet has room to spare.
SECTION_GAP = 6.0
SECTION_GAP_MAX = 16.0


def spares_for(theme: Theme, paper: Paper, doors: int = DOORS) -> int:
    """The spare prisoners a colour gets on ``paper``: :data:`SPARES`, or as many as its
    second row holds beside its ``doors``, the label and the gaps (at most a first
    row's :data:`~sectionx.games.sectionx.model.PRISONERS`)."""
    width = paper[0] - 2 * theme.margin
    reach = mark_reach(theme)
    pris = theme.prisoner + 2 * theme.bleed
    door = theme.door[0] + 2 * reach
    used = doors * (door + TOKEN_GAP) + text_width("spares:", 7.0, False, theme) + TOKEN_GAP
    return max(SPARES, min(PRISONERS, int((width - used + TOKEN_GAP + 1e-9) // (pris + TOKEN_GAP))))


def token_pages(theme: Theme, paper: Paper, *, spares: int = SPARES, extras: bool = False,
                spare_door: bool = False) -> tuple[list[Page], list[Symbol]]:
    """The prisoner tokens (8 per colour, G4: colour and shape) and doors (2 per colour,
    D2), plus ``spares`` spare prisoners per colour, set apart and labelled on the sheet
    (the kit gives :func:`spares_for`).

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
                + ([_Box(label_w, pt_mm(label_pt), "label", c, spare_label)] if spares or spare_door else [])
                + ([_Box(door.w, door.h, "spare-door", c)] if spare_door else [])
                + [_Box(pris.w, pris.h, "spare", c)] * spares]
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
                  "its crop marks. " + (f"The spares (a door and {spares} prisoners per colour) replace lost tokens."
                                        if spare_door or extras else
                                        f"The {spares} spares per colour replace lost tokens." if spares else "")]
        its, bottom = heading(theme, left, m, W - m - left, title, advice, title_pt=12.0, body_pt=8.0)
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
    # When every colour fits the first page, the room left over goes between the
    # colours (up to SECTION_GAP_MAX each), so the sheet is not all at the top.
    need = y + sum(head_h + h for _, _, h, _ in sections) + SECTION_GAP * (len(sections) - 1)
    # Under the last colour, when the page has room: a spare door of each colour (doors
    # are the smallest pieces, the likeliest lost; the sheet was over a third empty).
    extras_h = door.h
    extras = extras and need + SECTION_GAP + extras_h <= H - m
    if extras:
        need += SECTION_GAP + extras_h
    gap = SECTION_GAP
    if need <= H - m and len(sections) > 1:
        gap = min(SECTION_GAP_MAX, SECTION_GAP + (H - m - need) / (len(sections) - 1))
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
            elif b.kind in ("door", "spare-door"):
                counters[(c, "door")] += 1
                name = f"door-{c.value}-{counters[(c, 'door')]}" if b.kind == "door" else f"spare-door-{c.value}"
                items.append(_door_piece(theme, c, door_syms[c], x0 + reach, y0 + reach, f"piece-{name}"))
                cut.extend(crop_marks(x0 + reach, y0 + reach, length, depth, theme))
            else:
                items.append(Text(x0, y0 + b.h / 2 + pt_mm(label_pt) * (ASCENT - 0.5), b.text, label_pt,
                                  theme.colours["ink"], "start"))
        y = top + h + gap
    if extras:
        y += SECTION_GAP - gap
        x = left
        items.append(Text(x, y + extras_h / 2 + pt_mm(label_pt) * (ASCENT - 0.5), "spare doors:", label_pt,
                          theme.colours["ink"], "start"))
        x += text_width("spare doors:", label_pt, False, theme) + TOKEN_GAP
        for c in COLOURS:
            dy = y + (extras_h - door.h) / 2
            items.append(_door_piece(theme, c, door_syms[c], x + reach, dy + reach, f"piece-spare-door-{c.value}"))
            cut.extend(crop_marks(x + reach, dy + reach, length, depth, theme))
            x += door.w + TOKEN_GAP
    finish_page()
    return pages, list(symbols.values()) + list(door_syms.values())



# ====================================================================== cards


#: The colour band along the foot of a player aid (mm inside the trim; it runs on
#: into the bleed, so a cut a little off shows more band, never white).
FOOT_BAND = 3.5


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
    items, ink = card_back_frame(theme)
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


# ====================================================================== checklist

#: The title and advice of Section X's checklist page (:func:`sectionx.render.printing.checklist_page`).
CHECKLIST_TITLE = "Section X – print-and-play kit"
CHECKLIST_ADVICE = [
    para(("You need", True), rel=1.1),
    para("scissors (tiles, tokens), and a paper trimmer or a craft knife and metal ruler (cards, doors)",
         lead="•", before=0.25),
    para("a glue stick", lead="•", before=0.1),
    para("thin card (about 300 g/m²) to glue the sheets onto", lead="•", before=0.1),
    *printing_advice("the tiles and the cards"),
    para(("Making the pieces", True), rel=1.1, before=0.9),
    para("Glue each sheet onto card first and let it dry flat under a book.", lead="•", before=0.25),
    para("Tiles, tokens and doors: cut along the thin cut lines; the crop marks show where they run. "
         "The colour printed past each line (the bleed) forgives a cut a little off.", lead="•", before=0.1),
    para("Cards: nine share their cut lines; cut straight across the whole sheet, from each crop mark "
         "to the one facing it.", lead="•", before=0.1),
]
