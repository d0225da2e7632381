"""The kit's component pages: tokens, cards, the checklist and the duplex calibration sheet.

Pure functions: a theme and a paper size ``(width, height)`` in mm (portrait) in,
``(pages, symbols)`` out.  Everything stays inside ``theme.margin``.

Conventions every piece follows, so a person with scissors gets clean pieces and
:func:`layout_problems` can check a finished page without knowing how it was built:

* A *piece* is a top-level :class:`~sectionx.render.scene.Group` labelled
  ``piece-…`` and placed by a translation; its **last item is its cut line** (a
  circle or a rectangle), drawn ``theme.cut_line_width`` points wide.  Its art
  bleeds ``theme.bleed`` mm beyond the cut line.
* Rectangular pieces get crop marks (:func:`crop_marks`), collected in one
  top-level group labelled ``crop-marks``.  Round pieces need none.
* Pieces are spaced so that no two bleeds touch and no crop mark comes closer
  than :data:`CLEARANCE` (0.5 pt) to any piece's bleed, its own included.
* Card backs are groups labelled ``back-…`` with the suffix of their front, at
  the mirrored position for long-edge duplex (:func:`back_position`).

Text is measured with the theme's own fonts (:mod:`sectionx.render.fonts`) and
shrunk until it fits (:func:`fit_text`); it uses only characters the bundled
Vera fonts have (no arrows).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..model import COLOURS, DOORS, PRISONERS, TARGET, TARGET_ADVANCED, Colour
from . import fonts
from .art import door_symbol, key_symbol, on_colour, prisoner_symbol, symbol_shape
from .scene import (
    IDENTITY,
    MM_PER_PT,
    mm_from_pt,
    Circle,
    Group,
    Item,
    Matrix,
    Page,
    Path,
    Style,
    Symbol,
    Text,
    Use,
    apply,
    compose,
    line,
    rect,
    translate,
)
from .theme import Theme

Paper = tuple[float, float]
Box = tuple[float, float, float, float]  # left, top, right, bottom

#: Least distance (mm) between a crop mark and any piece's bleed: 0.5 pt, rounded up.
CLEARANCE = 0.18
#: Crop marks are never drawn thinner than this (points): thinner lines vanish on home printers.
MIN_CROP_PT = 0.5
#: Text on a card keeps at least this far (mm) inside the card's cut line.
SAFE = 3.5
#: Space (mm) between the bleeds (or crop marks) of neighbouring tokens: room for the scissors.
TOKEN_GAP = 2.5
#: Spare prisoners printed per colour, in case one gets lost.
SPARES = 2
#: Text box of a line, as fractions of the font size: Vera's ascent and descent.
ASCENT = 0.76
DESCENT = 0.24
#: Baseline to baseline, as a multiple of the font size.
LEADING = 1.22

_NAMES = {Colour.RED: "Red", Colour.BLUE: "Blue", Colour.YELLOW: "Yellow", Colour.PURPLE: "Purple"}


class DoesNotFit(ValueError):
    """Text or pieces that do not fit the space given (a card or paper too small)."""


# ====================================================================== geometry


def _pt(points: float) -> float:
    return points * MM_PER_PT


_WIDTHS: dict[tuple[str, str, float], float] = {}


def text_width(text: str, size: float, bold: bool, theme: Theme) -> float:
    """:func:`fonts.text_width`, remembered per font file: fitting a card measures the
    same words at many sizes."""
    key = (str(theme.font_bold if bold else theme.font_regular), text, size)
    w = _WIDTHS.get(key)
    if w is None:
        if len(_WIDTHS) > 200_000:
            _WIDTHS.clear()
        w = _WIDTHS[key] = fonts.text_width(text, size, bold, theme)
    return w


def mark_reach(theme: Theme) -> float:
    """How far (mm) crop marks reach beyond the cut line."""
    return theme.bleed + max(theme.crop_gap, CLEARANCE) + theme.crop_length


def crop_marks(x: float, y: float, w: float, h: float, theme: Theme) -> list[Item]:
    """Eight short strokes around the trim box (x, y, w, h): two at each corner, on the
    extension of the trim edges, starting ``bleed + crop_gap`` beyond the trim (the gap
    at least :data:`CLEARANCE`, so a mark never touches the piece's own bleed) and
    ``crop_length`` long, ``crop_width`` points (at least :data:`MIN_CROP_PT`) wide."""
    start = theme.bleed + max(theme.crop_gap, CLEARANCE)
    end = start + theme.crop_length
    style = Style(stroke=theme.colours["ink"], width=mm_from_pt(max(theme.crop_width, MIN_CROP_PT)))
    out: list[Item] = []
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            out.append(line((cx + sx * start, cy), (cx + sx * end, cy), style))  # along the horizontal edge
            out.append(line((cx, cy + sy * start), (cx, cy + sy * end), style))  # along the vertical edge
    return out


@dataclass(frozen=True)
class Trim:
    """A piece's cut line on the page: a circle or an axis-aligned rectangle, by its box."""

    label: str
    shape: str  # "circle" or "rect"
    box: Box

    def grown(self, d: float) -> Trim:
        l_, t, r, b = self.box
        return Trim(self.label, self.shape, (l_ - d, t - d, r + d, b + d))

    @property
    def centre(self) -> tuple[float, float]:
        return (self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2

    @property
    def radius(self) -> float:
        return (self.box[2] - self.box[0]) / 2


def _box_gap(a: Box, b: Box) -> float:
    """Distance between two boxes; negative (the overlap) when they overlap."""
    dx = max(b[0] - a[2], a[0] - b[2])
    dy = max(b[1] - a[3], a[1] - b[3])
    if dx > 0 and dy > 0:
        return math.hypot(dx, dy)
    return max(dx, dy)


def _circle_box_gap(c: Trim, b: Box) -> float:
    (cx, cy), r = c.centre, c.radius
    dx = max(b[0] - cx, 0.0, cx - b[2])
    dy = max(b[1] - cy, 0.0, cy - b[3])
    if dx == 0 and dy == 0:
        return -r
    return math.hypot(dx, dy) - r


def gap(a: Trim, b: Trim | Box) -> float:
    """Distance between two shapes (negative when they overlap)."""
    if not isinstance(b, Trim):
        return _circle_box_gap(a, b) if a.shape == "circle" else _box_gap(a.box, b)
    if a.shape == "circle" and b.shape == "circle":
        return math.dist(a.centre, b.centre) - a.radius - b.radius
    if a.shape == "circle":
        return _circle_box_gap(a, b.box)
    if b.shape == "circle":
        return _circle_box_gap(b, a.box)
    return _box_gap(a.box, b.box)


# ====================================================================== reading a page back


def _walk(items: Iterable[Item], m: Matrix, symbols: dict[str, Symbol]):
    for it in items:
        if isinstance(it, Group):
            yield from _walk(it.items, compose(m, it.matrix), symbols)
        elif isinstance(it, Use):
            yield from _walk(symbols[it.name].items, compose(m, it.matrix), symbols)
        else:
            yield it, m


def text_box(t: Text, theme: Theme, m: Matrix = IDENTITY) -> Box:
    """The box a line of text covers (unrotated text; ``m`` a translation)."""
    w = text_width(t.text, t.size, t.bold, theme)
    x0 = t.x - {"start": 0.0, "middle": w / 2, "end": w}[t.anchor]
    x, y = apply(m, (x0, t.y))
    s = _pt(t.size)
    return x, y - ASCENT * s, x + w, y + DESCENT * s


def ink_box(items: Iterable[Item], symbols: dict[str, Symbol], theme: Theme, m: Matrix = IDENTITY) -> Box | None:
    """Everything the items paint: stroke widths and text extents included, symbols by
    what they draw (not by their padded ``bbox``)."""
    xs: list[float] = []
    ys: list[float] = []
    for it, mm in _walk(items, m, symbols):
        if isinstance(it, Text):
            l_, t, r, b = text_box(it, theme, mm)
            xs += [l_, r]
            ys += [t, b]
            continue
        hw = it.style.width / 2 if it.style.stroke else 0.0
        if isinstance(it, Circle):
            pts = [(it.cx + dx * (it.r + hw), it.cy + dy * (it.r + hw)) for dx in (-1, 1) for dy in (-1, 1)]
        elif len(it.commands) == 2 and it.style.cap == "butt" and it.commands[1][0] == "L":
            # A straight stroke with butt ends widens across its direction only.
            (x0, y0), (x1, y1) = it.points()
            n = math.hypot(x1 - x0, y1 - y0) or 1.0
            nx, ny = -(y1 - y0) / n * hw, (x1 - x0) / n * hw
            pts = [(x0 + nx, y0 + ny), (x0 - nx, y0 - ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny)]
        else:
            pts = [(x + dx, y + dy) for x, y in it.points() for dx in (-hw, hw) for dy in (-hw, hw)]
        for p in pts:
            x, y = apply(mm, p)
            xs.append(x)
            ys.append(y)
    if not xs:
        return None
    return min(xs), min(ys), max(xs), max(ys)


def pieces(page: Page, prefix: str = "piece-") -> list[Trim]:
    """The pieces on a page (groups labelled ``prefix…``), each by its cut line."""
    out = []
    for g in page.items:
        if isinstance(g, Group) and g.label.startswith(prefix):
            cut = g.items[-1]
            if isinstance(cut, Circle):
                cx, cy = apply(g.matrix, (cut.cx, cut.cy))
                out.append(Trim(g.label, "circle", (cx - cut.r, cy - cut.r, cx + cut.r, cy + cut.r)))
            else:
                pts = [apply(g.matrix, p) for p in cut.points()]
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                out.append(Trim(g.label, "rect", (min(xs), min(ys), max(xs), max(ys))))
    return out


def marks(page: Page) -> list[tuple[Box, float]]:
    """The crop marks on a page: each stroke's box (its width included) and its width in points."""
    out = []
    for g in page.items:
        if isinstance(g, Group) and g.label == "crop-marks":
            for p, m in _walk(g.items, g.matrix, {}):
                (x0, y0), (x1, y1) = (apply(m, q) for q in p.points())
                hw = p.style.width / 2
                box = (min(x0, x1) - (hw if x0 == x1 else 0), min(y0, y1) - (hw if y0 == y1 else 0),
                       max(x0, x1) + (hw if x0 == x1 else 0), max(y0, y1) + (hw if y0 == y1 else 0))
                out.append((box, p.style.width / MM_PER_PT))
    return out


def layout_problems(page: Page, symbols: dict[str, Symbol], theme: Theme, *, check_margin: bool = True) -> list[str]:
    """Everything wrong with a laid-out page, as sentences (empty: all good).

    * everything painted lies inside ``theme.margin``;
    * no two pieces' bleeds overlap (so no bleed covers another piece's cut line);
    * every crop mark is at least ``CLEARANCE`` from every piece's bleed, its own
      included, and at least ``MIN_CROP_PT`` points wide;
    * text inside a rectangular piece keeps ``SAFE`` mm inside its cut line.
    """
    problems: list[str] = []
    b = theme.bleed
    if check_margin:
        box = ink_box(page.items, symbols, theme)
        m = theme.margin - 1e-6
        if box and (box[0] < m or box[1] < m or box[2] > page.width - m or box[3] > page.height - m):
            problems.append(f"{page.name}: art {tuple(round(v, 2) for v in box)} leaves the {theme.margin:g} mm margin")
    ps = pieces(page)
    bleeds = [p.grown(b) for p in ps]
    for i, p in enumerate(bleeds):
        for q in bleeds[i + 1:]:
            if gap(p, q) < -1e-9:
                problems.append(f"{page.name}: the bleeds of {p.label} and {q.label} overlap")
    for box, width in marks(page):
        if width < MIN_CROP_PT - 1e-9:
            problems.append(f"{page.name}: a crop mark is {width:.2f} pt wide, thinner than {MIN_CROP_PT} pt")
        for p in bleeds:
            if gap(p, box) < CLEARANCE - 1e-9:
                problems.append(f"{page.name}: a crop mark at {tuple(round(v, 2) for v in box)} comes within "
                                f"{CLEARANCE} mm of the bleed of {p.label}")
    for g in page.items:
        if isinstance(g, Group) and g.label.startswith("piece-") and isinstance(g.items[-1], Path):
            trim = next(p for p in ps if p.label == g.label).box
            safe = (trim[0] + SAFE - 1e-6, trim[1] + SAFE - 1e-6, trim[2] - SAFE + 1e-6, trim[3] - SAFE + 1e-6)
            for it, mm in _walk(g.items, g.matrix, symbols):
                if isinstance(it, Text):
                    l_, t, r, bt = text_box(it, theme, mm)
                    if l_ < safe[0] or t < safe[1] or r > safe[2] or bt > safe[3]:
                        problems.append(f"{page.name}: {it.text!r} on {g.label} leaves the card's safe area")
    return problems


# ====================================================================== text


@dataclass(frozen=True)
class Para:
    """A paragraph for :func:`fit_text`: runs of ``(text, bold)``, an optional hanging
    label (a phase number), a size relative to the body and space before it (in lines)."""

    runs: tuple[tuple[str, bool], ...]
    lead: str = ""
    rel: float = 1.0
    before: float = 0.0
    align: str = "start"  # start or middle
    fill: str | None = None


def para(*runs: str | tuple[str, bool], **kw) -> Para:
    """``para(("Bold", True), " then plain")``; a bare string is plain."""
    return Para(tuple((r, False) if isinstance(r, str) else r for r in runs), **kw)


def _words(runs: Sequence[tuple[str, bool]]) -> list[tuple[str, bool, bool]]:
    """(word, bold, space before it): a run that neither starts nor follows a space
    continues the previous word ("door" + "s")."""
    out: list[tuple[str, bool, bool]] = []
    prev_space = True
    for text, bold in runs:
        for k, w in enumerate(text.split()):
            out.append((w, bold, k > 0 or text[0].isspace() or prev_space))
        if text:
            prev_space = text[-1].isspace()
    return out


def _segments(words: Sequence[tuple[str, bool, bool]]) -> list[tuple[str, bool]]:
    """A line's words merged into same-style segments; a segment after the first may
    start with the space that separates it from the one before."""
    segs: list[tuple[str, bool]] = []
    for w, bold, space in words:
        sep = " " if space and segs else ""
        if segs and segs[-1][1] == bold:
            segs[-1] = (segs[-1][0] + sep + w, bold)
        else:
            segs.append((sep + w, bold))
    return segs


def _segments_width(segs: list[tuple[str, bool]], size: float, theme: Theme) -> float:
    return sum(text_width(t, size, b, theme) for t, b in segs)


def _wrap_runs(runs: Sequence[tuple[str, bool]], width: float, size: float, theme: Theme) -> list[list[tuple[str, bool]]]:
    """Greedy word wrap of mixed bold and plain runs (breaking only at spaces).  Widths
    add up glyph by glyph (no kerning, as drawn), so each word is measured once."""
    space = {b: text_width(" ", size, b, theme) for b in (False, True)}
    lines: list[list[tuple[str, bool, bool]]] = []
    cur: list[tuple[str, bool, bool]] = []
    cur_w = 0.0
    for w, bold, sp in _words(runs):
        ww = text_width(w, size, bold, theme)
        # The space before a word is drawn in the word's style (see _segments).
        add = ww + (space[bold] if cur and sp else 0.0)
        if cur and sp and cur_w + add > width:
            lines.append(cur)
            cur, cur_w = [(w, bold, False)], ww
        else:
            cur.append((w, bold, sp))
            cur_w += add
    lines.append(cur)
    return [_segments(ln) for ln in lines]


def _layout(paras: Sequence[Para], width: float, size: float, theme: Theme, ink: str) -> tuple[list[Text], float, float]:
    """Texts for the paragraphs at body ``size`` (top-left at 0, 0), the height used and the widest line."""
    lead_w = max((text_width(p.lead + " ", size * p.rel, True, theme) for p in paras if p.lead), default=0.0)
    texts: list[Text] = []
    baseline: float | None = None
    bottom = 0.0
    widest = 0.0
    for p in paras:
        s = size * p.rel
        indent = lead_w if p.lead else 0.0
        for k, segs in enumerate(_wrap_runs(p.runs, width - indent, s, theme)):
            if baseline is None:
                baseline = ASCENT * _pt(s)
            else:
                baseline += _pt(s) * LEADING + (p.before * _pt(size) * LEADING if k == 0 else 0.0)
            bottom = baseline + DESCENT * _pt(s)
            w = _segments_width(segs, s, theme)
            widest = max(widest, indent + w)
            x = indent if p.align == "start" else (width - w) / 2
            if p.lead.strip() and k == 0:
                texts.append(Text(0.0, baseline, p.lead, s, p.fill or ink, "start", True))
            for t, bold in segs:
                word = t.lstrip(" ")
                x += text_width(t[: len(t) - len(word)], s, bold, theme)
                texts.append(Text(x, baseline, word, s, p.fill or ink, "start", bold))
                x += text_width(word, s, bold, theme)
    return texts, bottom, widest


def fit_text(paras: Sequence[Para], width: float, height: float, theme: Theme, *, max_pt: float, min_pt: float,
             ink: str | None = None, step: float = 0.25) -> tuple[float, list[Text]]:
    """The largest body size (from ``max_pt`` down to ``min_pt`` in ``step``) at which the
    paragraphs fit ``width`` x ``height`` mm, and their lines (top-left at 0, 0).

    Raises :class:`DoesNotFit` when even ``min_pt`` is too big (or a word is wider than the box)."""
    ink = ink or theme.colours["ink"]
    size = max_pt
    while size >= min_pt - 1e-9:
        texts, used, widest = _layout(paras, width, size, theme, ink)
        if used <= height + 1e-9 and widest <= width + 1e-9:
            return size, texts
        size -= step
    raise DoesNotFit(f"text does not fit {width:.1f} x {height:.1f} mm even at {min_pt} pt")


def _placed(texts: Iterable[Text], dx: float, dy: float) -> list[Text]:
    return [Text(t.x + dx, t.y + dy, t.text, t.size, t.fill, t.anchor, t.bold, t.angle) for t in texts]


def _heading(theme: Theme, x: float, y: float, width: float, title: str, lines: Sequence[str],
             title_pt: float = 14.0, body_pt: float = 8.5) -> tuple[list[Item], float]:
    """A page title and a few lines of advice below it, wrapped to ``width``; returns the items and the bottom."""
    paras = [para((title, True), rel=title_pt / body_pt)] + [para(t, before=0.25) for t in lines]
    _, texts = fit_text(paras, width, 1000.0, theme, max_pt=body_pt, min_pt=body_pt)
    bottom = max(text_box(t, theme)[3] for t in texts)
    return _placed(texts, x, y), y + bottom


# ====================================================================== flow layout


@dataclass(frozen=True)
class _Box:
    """Something to place: its footprint (w, h) and what it is."""

    w: float
    h: float
    kind: str  # prisoner, spare, door, label
    colour: Colour | None = None
    text: str = ""


def _flow(rows: Sequence[Sequence[_Box]], width: float, gap_: float) -> tuple[list[tuple[_Box, float, float]], float, float]:
    """Place boxes row by row (wrapping a row that is too wide), top-left at (0, 0); returns
    (box, x, y) for each, the height and the width used."""
    out = []
    y = 0.0
    used_w = 0.0
    for row in rows:
        lines: list[list[_Box]] = [[]]
        x = 0.0
        for b in row:
            if lines[-1] and x + b.w > width + 1e-9:
                lines.append([])
                x = 0.0
            lines[-1].append(b)
            x += b.w + gap_
        for ln in lines:
            h = max(b.h for b in ln)
            x = 0.0
            for b in ln:
                out.append((b, x, y + (h - b.h) / 2))
                x += b.w + gap_
            used_w = max(used_w, x - gap_)
            y += h + gap_
    return out, y - gap_ if out else 0.0, used_w


# ====================================================================== tokens


def _cut_style(theme: Theme) -> Style:
    return Style(stroke=theme.colours["ink"], width=_pt(theme.cut_line_width))


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
    s = _pt(size)
    shape = symbol_shape(colour, x + s * 0.45, y - s * 0.36, s * 0.95,
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
                + ([_Box(label_w, _pt(label_pt), "label", c, spare_label)] + [_Box(pris.w, pris.h, "spare", c)] * spares
                   if spares else [])]
        placed, h, w = _flow(rows, width, TOKEN_GAP)
        if w > width + 1e-9:
            raise DoesNotFit(f"a token of {max(pris.w, door.w):.1f} mm does not fit the {width:.1f} mm between the margins")
        sections.append((c, placed, h, w))
    content_w = max(s[3] for s in sections)
    left = m + (width - content_w) / 2

    head_pt = 9.0
    head_h = _pt(head_pt) * 1.9  # the colour's label line above its tokens

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
        items.extend(_colour_label(theme, c, left, y + _pt(head_pt) * ASCENT, head_pt))
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
                items.append(Text(x0, y0 + b.h / 2 + _pt(label_pt) * (ASCENT - 0.5), b.text, label_pt,
                                  theme.colours["ink"], "start"))
        y = top + h + 6.0
    finish_page()
    return pages, list(symbols.values()) + list(door_syms.values())


# ====================================================================== cards


def card_grid(theme: Theme, paper: Paper) -> list[tuple[float, float]]:
    """Top-left corners of the card trims on one page, row by row: as many columns and
    rows as fit between the margins with every card's own crop marks, the gutter
    leaving :data:`CLEARANCE` between a crop mark and the neighbour's bleed."""
    W, H = paper
    cw, ch = theme.card
    reach = mark_reach(theme)
    least = reach + theme.bleed + CLEARANCE + 0.1
    room_w, room_h = W - 2 * theme.margin - 2 * reach, H - 2 * theme.margin - 2 * reach
    cols = int((room_w + least) // (cw + least))
    rows = int((room_h + least) // (ch + least))
    if cols < 1 or rows < 1:
        raise DoesNotFit(f"a {cw:g} x {ch:g} mm card with its crop marks does not fit {W:g} x {H:g} mm paper "
                         f"with {theme.margin:g} mm margins")

    def gutter(n: int, room: float, size: float) -> float:
        # As wide as the marks of two neighbours (they then do not touch), if there is room.
        if n == 1:
            return 0.0
        return max(least, min(2 * reach + 1.0, (room - n * size) / (n - 1)))

    gx, gy = gutter(cols, room_w, cw), gutter(rows, room_h, ch)
    x0 = (W - (cols * cw + (cols - 1) * gx)) / 2
    y0 = (H - (rows * ch + (rows - 1) * gy)) / 2
    return [(x0 + i * (cw + gx), y0 + j * (ch + gy)) for j in range(rows) for i in range(cols)]


def back_position(x: float, y: float, theme: Theme, paper: Paper,
                  offset: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
    """Where the back of the card whose front's top-left is (x, y) goes, for long-edge
    duplex: columns mirrored, then shifted by the printer's ``offset`` (dx, dy)."""
    return paper[0] - x - theme.card[0] + offset[0], y + offset[1]


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
    ty = SAFE + 2.5 + _pt(title_pt) * ASCENT
    items.append(Text(w / 2, ty, "MASTER KEY", title_pt, ink, "middle", True))
    # The key: scaled to the card's width, centred below the title.
    kl, kt, kr, kb = key.bbox
    kscale = inner * 0.8 / (kr - kl - 2)
    ky = ty + 4.0 + (-kt - 1) * kscale
    items.append(Use(key.name, compose(translate(w / 2, ky), (kscale, 0, 0, kscale, 0, 0))))
    top = ky + (kb - 1) * kscale + 4.0
    foot_pt = 5.0
    foot_y = h - SAFE - 1.5 - _pt(foot_pt) * DESCENT
    paras = [para(("Who gets it: ", True), "a player with no prisoner on the island or in a tunnel, "
                  "all prisoners in play in at most two hideouts."),
             para(("What it does: ", True), "your prisoners pass every door. Hand in one of your doors "
                  "while you hold the key.", before=0.45),
             para(("When it is lost: ", True), "as soon as one of your prisoners reaches a green area or the "
                  "island. Take your door back; the key can come again.", before=0.45)]
    room = foot_y - _pt(foot_pt) * ASCENT - 2.0 - top
    size, texts = fit_text(paras, inner, room, theme, max_pt=8.0, min_pt=4.5)
    used = max(text_box(t, theme)[3] for t in texts)
    items += _placed(texts, SAFE + 1.5, top + (room - used) / 3)
    items.append(Text(w / 2, foot_y, "Section X · rules K1–K5", foot_pt, "#6b6b6b", "middle"))
    items.append(rect(0, 0, w, h, _cut_style(theme)))
    return items


def _aid_paras(full: bool) -> list[Para]:
    """The player aid's text (N1–N4, M3–M4, D2, E1–E4, V1–V2); ``full=False`` drops the asides."""
    ps = [
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
    return ps


def _aid_card(theme: Theme, colour: Colour) -> list[Item]:
    w, h = theme.card
    b = theme.bleed
    ink = theme.colours["ink"]
    fill = theme.player(colour)
    on = on_colour(theme, colour)
    band = max(11.0, h * 0.14)
    items: list[Item] = [rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=theme.colours["paper"])),
                         rect(-b, -b, w + 2 * b, band + b, Style(fill=fill)),
                         rect(-b, h - 2.0, w + 2 * b, 2.0 + b, Style(fill=fill))]
    # The band: the colour's shape (G4), its name and "player aid".
    sym = band * 0.5
    sy = band / 2 + 0.6
    items.append(symbol_shape(colour, SAFE + sym / 2, sy, sym, Style(fill=on)))
    name_pt = 12.0
    tx = SAFE + sym + 2.5
    avail = w - SAFE - tx
    while text_width(_NAMES[colour].upper(), name_pt, True, theme) > avail and name_pt > 6:
        name_pt -= 0.5
    items.append(Text(tx, sy + _pt(name_pt) * 0.1, _NAMES[colour].upper(), name_pt, on, "start", True))
    sub_pt = 6.0
    items.append(Text(tx, sy + _pt(name_pt) * 0.1 + _pt(sub_pt) * 1.35, "Player aid", sub_pt, on))
    top = band + 2.2
    bottom = h - SAFE
    width = w - 2 * SAFE
    for full, least in ((True, 5.0), (False, 4.5)):
        try:
            size, texts = fit_text(_aid_paras(full), width, bottom - top, theme, max_pt=7.5, min_pt=least, ink=ink)
            break
        except DoesNotFit:
            if not full:
                raise
    items += _placed(texts, SAFE, top)
    items.append(rect(0, 0, w, h, _cut_style(theme)))
    return items


def _back_symbol(theme: Theme, kind: str, bleed: float) -> Symbol:
    """A card back, trim at (0, 0)-(w, h), art ``bleed`` beyond it."""
    w, h = theme.card
    col = theme.colours
    ink = col["paper"] if not theme.ink_saver else col["ink"]
    items: list[Item] = [rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=col["back"]))]
    for k in range(3):
        inset = 4.0 + 3.0 * k
        items.append(rect(inset, inset, w - 2 * inset, h - 2 * inset, Style(stroke=col["back_pattern"], width=0.8 - 0.2 * k)))
    big = min(w, h) * 1.1 / MM_PER_PT * 0.72
    # In ink-saver mode the big X is drawn in the pale pattern colour, not in solid ink.
    items.append(Text(w / 2, h / 2 + _pt(big) * 0.3, "X", big, col["back_pattern"] if theme.ink_saver else ink, "middle", True))
    sub = "MASTER KEY" if kind == "key" else "PLAYER AID"
    s = 8.0
    items.append(Text(w / 2, h / 2 + _pt(big) * 0.3 + 9.0, "SECTION X", s, ink, "middle", True))
    items.append(Text(w / 2, h / 2 + _pt(big) * 0.3 + 9.0 + _pt(s) * 1.5, sub, s * 0.75, ink, "middle"))
    return Symbol(f"card-back-{kind}-{w:g}x{h:g}-b{bleed:g}", tuple(items),
                  (-bleed - 1, -bleed - 1, w + bleed + 1, h + bleed + 1))


def card_pages(theme: Theme, paper: Paper, *, offset: tuple[float, float] = (0.0, 0.0)) -> tuple[list[Page], list[Symbol]]:
    """Four master-key cards (K1, K2) and four player aids, one per colour (N1–N4, E1–E4,
    V2), with bleed and crop marks, as many per page as :func:`card_grid` allows; each
    page of fronts is followed by its page of backs, placed for long-edge duplex
    (:func:`back_position`) and shifted by ``offset`` (dx, dy) mm to calibrate the printer."""
    W, H = paper
    cw, ch = theme.card
    slots = card_grid(theme, paper)
    key = key_symbol(theme, 50.0)
    # Backs bleed further than fronts (a duplex printer shifts the back a little),
    # but stay clear of the neighbouring back.
    gaps = [abs(a[0] - b[0]) - cw for a, b in zip(slots, slots[1:]) if a[1] == b[1]]
    gaps += [abs(a[1] - b[1]) - ch for a, b in zip(slots, slots[len({s[0] for s in slots}):]) if a[0] == b[0]]
    back_bleed = max(theme.bleed, min([2 * theme.bleed] + [g / 2 - 0.5 for g in gaps]))
    backs = {"key": _back_symbol(theme, "key", back_bleed), "aid": _back_symbol(theme, "aid", back_bleed)}
    cards = [("key", f"key-{i + 1}", _key_card(theme, key)) for i in range(4)]
    cards += [("aid", f"aid-{c.value}", _aid_card(theme, c)) for c in COLOURS]

    pages: list[Page] = []
    for n, start in enumerate(range(0, len(cards), len(slots))):
        batch = cards[start:start + len(slots)]
        front: list[Item] = []
        cut: list[Item] = []
        back: list[Item] = []
        for (kind, name, art), (x, y) in zip(batch, slots):
            front.append(Group(tuple(art), translate(x, y), label=f"piece-card-{name}"))
            cut.extend(crop_marks(x, y, cw, ch, theme))
            bx, by = back_position(x, y, theme, paper, offset)
            back.append(Group((Use(backs[kind].name),), translate(bx, by), label=f"back-card-{name}"))
        suffix = f" ({n + 1})" if len(cards) > len(slots) else ""
        note = ("Print long-edge duplex; this page is the back of the one before"
                + (f", shifted {offset[0]:+.1f} / {offset[1]:+.1f} mm." if offset != (0.0, 0.0) else "."))
        back.append(Text(W / 2, H - theme.margin - _pt(6.0) * DESCENT, note, 6.0, "#6b6b6b", "middle"))
        pages.append(Page(W, H, tuple(front) + (Group(tuple(cut), label="crop-marks"),),
                          name=f"3{2 * n}-cards-{n + 1}", label=f"Master-key and player-aid cards{suffix}"))
        pages.append(Page(W, H, tuple(back), name=f"3{2 * n + 1}-cards-{n + 1}-backs",
                          label=f"Card backs{suffix} (long-edge duplex)"))
    return pages, [key, backs["key"], backs["aid"]]


# ====================================================================== checklist


def scale_bar(theme: Theme, x: float, y: float) -> list[Item]:
    """A 50 mm bar with its top-left at (x, y), in 10 mm blocks numbered above, labelled below."""
    ink = theme.colours["ink"]
    out: list[Item] = []
    for k in range(5):
        out.append(rect(x + 10 * k, y, 10, 3, Style(fill=ink if k % 2 == 0 else theme.colours["paper"], stroke=ink, width=0.2)))
    for k in range(6):
        out.append(Text(x + 10 * k, y - 1.5, str(10 * k), 6.5, ink, "middle"))
    out.append(Text(x + 25, y + 3 + 1.8 + _pt(7.5) * ASCENT, "50 mm: measure to check the print scale", 7.5, ink, "middle"))
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
        para("scissors, or a craft knife and a metal ruler", lead="•", before=0.25),
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
        para("Cut along the thin cut lines; on cards and doors the crop marks outside show where the lines run. "
             "The colour printed past each line (the bleed) forgives a cut a little off.", lead="•", before=0.1),
    ]
    bar_w = 62.0
    y += 7.0
    _, texts = fit_text(advice, width - bar_w - 8.0, 1000, theme, max_pt=body, min_pt=body)
    items += _placed(texts, m, y)
    bottom = y + max(text_box(t, theme)[3] for t in texts)
    items += scale_bar(theme, W - m - bar_w + 6.0, y + 8.0)
    y = bottom + 10.0

    size = 9.5
    cols = [(m, 8.0), (m + 8.0, 52.0), (m + 60.0, 16.0), (m + 76.0, width - 76.0)]  # box, what, count, where
    lh = _pt(size) * LEADING
    pages: list[Page] = []

    def header(y0: float) -> float:
        base = y0 + _pt(size) * ASCENT
        for (x, _), t in zip(cols[1:], ("Component", "Count", "Where, and how")):
            items.append(Text(x, base, t, size, ink, "start", True))
        items.append(line((m + rule, base + 2.0), (m + width - rule, base + 2.0), Style(stroke=ink, width=0.3)))
        return base + 2.0

    y = header(y)
    for what, count, where in contents:
        what_l = fonts.wrap(str(what), cols[1][1] - 2, size, True, theme)
        where_l = fonts.wrap(str(where), cols[3][1], size, False, theme)
        n = max(len(what_l), len(where_l))
        row_h = _pt(size) * (ASCENT + DESCENT) + (n - 1) * lh + 3.6
        if y + row_h > H - m:
            pages.append(Page(W, H, tuple(items), name=f"01-checklist-{len(pages) + 1}", label="Components checklist"))
            items = []
            head, y = _heading(theme, m, m, width, "Components checklist (continued)", [], title_pt=12.0)
            items += head
            y = header(y + 4.0)
        base = y + 1.8 + _pt(size) * ASCENT
        box = _pt(size) * 1.05
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
            out.append(Text(vx + 3.8, y + k + _pt(size) * 0.36, lab, size, ink, "start", k == 0))
    out.append(Text(x - 11.5, hy + _pt(size) * 0.36, "x", size, ink, "end", True))
    out.append(Text(vx, y + 11.0 + _pt(size) * ASCENT, "y", size, ink, "middle", True))
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
    steps = ["Print this sheet long-edge duplex, hold it against the light and read where each front cross falls on "
             "the back's rulers (x: right is +, y: down is +).",
             "Pass the numbers of target B as --back-offset-x/--back-offset-y: a cross at +2 on the x ruler and -1 on "
             "the y ruler means --back-offset-x 2 --back-offset-y -1. A and C show whether the back is also turned "
             "or scaled."]
    if offset != (0.0, 0.0):
        steps.append(f"This sheet already uses --back-offset-x {offset[0]:g} --back-offset-y {offset[1]:g}: "
                     "add your readings to these.")
    front, _ = _heading(theme, m, m, width, "Duplex calibration: front", steps, title_pt=12.0, body_pt=7.5)
    front = list(front)
    for name, x, y in pts:
        front += _crosshair(theme, x, y)
        front.append(Text(x - 7, y - 7, name, 8.0, ink, "end", True))
    back_head, _ = _heading(theme, m, H / 2 + 35, width / 2, "Duplex calibration: back",
                            ["Read the rulers where the front's crosses show through; the numbers are millimetres."],
                            title_pt=12.0, body_pt=7.5)
    back = list(back_head)
    for name, x, y in pts:
        bx, by = W - x + offset[0], y + offset[1]
        back += _scale(theme, bx, by)
        back.append(Text(bx - 7, by + 7 + _pt(8.0) * ASCENT, name, 8.0, ink, "end", True))
    return [Page(W, H, tuple(front), name="90-calibration-front", label="Duplex calibration, front"),
            Page(W, H, tuple(back), name="91-calibration-back", label="Duplex calibration, back")], []
