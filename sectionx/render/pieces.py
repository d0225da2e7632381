"""Cut pieces on a page: crop marks, trims and bleeds, spacing, and checking a page.

Contract: the conventions every kit page with pieces follows, so a person with
scissors gets clean pieces and :func:`layout_problems` can check a finished page
without knowing how it was built:

* A *piece* is a top-level :class:`~sectionx.render.scene.Group` labelled
  ``piece-…`` and placed by a translation; its **last item is its cut line** (a
  circle or a rectangle), drawn ``theme.cut_line_width`` points wide, or not drawn
  at all (:data:`TRIM`) where the crop marks alone give the cut.  Its art
  bleeds ``theme.bleed`` mm beyond the cut line, or only as far as its clip path
  (cards butted on shared cut lines paint to the line and bleed outside the block).
* Rectangular pieces get crop marks (:func:`crop_marks`), collected in one
  top-level group labelled ``crop-marks``.  Round pieces need none.
* Pieces are spaced so that no two bleeds touch and no crop mark comes closer
  than :data:`CLEARANCE` (0.5 pt) to any piece's bleed, its own included.
* Text on a rectangular piece keeps :data:`SAFE` mm inside its cut line.

Reading a page back (:func:`pieces`, :func:`marks`, :func:`ink_box`) and
measuring between shapes (:func:`gap`) work on the scene values alone; :func:`flow`
places footprints in rows.  Pure functions; lengths in mm, line widths as stated.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from .scene import (
    IDENTITY,
    MM_PER_PT,
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
    mm_from_pt,
)
from .textfit import Box, text_box
from .theme import Theme

#: Least room (points) between a crop mark and any piece's bleed, on every cut sheet.
CLEARANCE_PT = 0.5
#: The same in mm, rounded up to 0.01 mm (0.18): what the kit's pieces keep.
CLEARANCE = math.ceil(CLEARANCE_PT * MM_PER_PT * 100) / 100
#: Crop marks are never drawn thinner than this (points): thinner lines vanish on home printers.
MIN_CROP_PT = 0.5
#: Text on a card keeps at least this far (mm) inside the card's cut line.
SAFE = 3.5
#: How a piece's cut line is drawn when it must not show: not at all.  The path
#: still tells readers of the page where the piece is (:func:`pieces`); the cut is
#: found from the crop marks, so a cut a hair off leaves no dark edge.
TRIM = Style()
#: How far (mm) two pieces' bleeds may overlap: butted cards let their art run a
#: hair (components.SEAM, each) past a shared cut line so that no seam shows.
SEAM_TOLERANCE = 0.11


# ====================================================================== crop marks and shapes


def mark_reach(theme: Theme) -> float:
    """How far (mm) crop marks reach beyond the cut line."""
    return theme.bleed + max(theme.crop_gap, CLEARANCE) + theme.crop_length


def mark_style(theme: Theme) -> Style:
    """How a crop mark is drawn: in ink, ``crop_width`` points wide but at least
    :data:`MIN_CROP_PT` (rounded up to the µm the files are written in)."""
    return Style(stroke=theme.colours["ink"], width=mm_from_pt(max(theme.crop_width, MIN_CROP_PT)))


def crop_marks(x: float, y: float, w: float, h: float, theme: Theme) -> list[Item]:
    """Eight short strokes around the trim box (x, y, w, h): two at each corner, on the
    extension of the trim edges, starting ``bleed + crop_gap`` beyond the trim (the gap
    at least :data:`CLEARANCE`, so a mark never touches the piece's own bleed) and
    ``crop_length`` long, ``crop_width`` points (at least :data:`MIN_CROP_PT`) wide."""
    start = theme.bleed + max(theme.crop_gap, CLEARANCE)
    end = start + theme.crop_length
    style = mark_style(theme)
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
    #: the box of the piece's clip path, when its art is clipped (a card butted to
    #: its neighbours paints only to the shared cut line)
    paint: Box | None = None

    def grown(self, d: float) -> Trim:
        l_, t, r, b = self.box
        return Trim(self.label, self.shape, (l_ - d, t - d, r + d, b + d), self.paint)

    def bleed(self, d: float) -> Trim:
        """The piece's bleed: grown by ``d``, but no further than its clip."""
        grown = self.grown(d)
        if self.paint is None:
            return grown
        l_, t, r, b = grown.box
        pl, pt, pr, pb = self.paint
        return Trim(self.label, self.shape, (max(l_, pl), max(t, pt), min(r, pr), min(b, pb)), self.paint)

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


def _walk(items: Iterable[Item], m: Matrix, symbols: dict[str, Symbol]) -> Iterator[tuple[Path | Circle | Text, Matrix]]:
    for it in items:
        if isinstance(it, Group):
            yield from _walk(it.items, compose(m, it.matrix), symbols)
        elif isinstance(it, Use):
            yield from _walk(symbols[it.name].items, compose(m, it.matrix), symbols)
        else:
            yield it, m


def ink_box(items: Iterable[Item], symbols: dict[str, Symbol], theme: Theme, m: Matrix = IDENTITY) -> Box | None:
    """Everything the items paint: stroke widths and text extents included, symbols by
    what they draw (not by their padded ``bbox``), a clipped group no further than its
    clip (a card's art drawn with the template's bleed but clipped to the less the
    sheet has room for paints only up to the clip)."""
    xs: list[float] = []
    ys: list[float] = []
    plain: list[Item] = []
    for item in items:
        if not isinstance(item, Group):
            plain.append(item)
            continue
        inner = ink_box(item.items, symbols, theme, compose(m, item.matrix))
        if inner is None:
            continue
        if item.clip is not None:
            corners = [apply(compose(m, item.matrix), p) for p in item.clip]
            inner = (max(inner[0], min(x for x, _ in corners)), max(inner[1], min(y for _, y in corners)),
                     min(inner[2], max(x for x, _ in corners)), min(inner[3], max(y for _, y in corners)))
        xs += [inner[0], inner[2]]
        ys += [inner[1], inner[3]]
    for it, mm in _walk(plain, m, symbols):
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
                assert isinstance(cut, Path), cut
                pts = [apply(g.matrix, p) for p in cut.points()]
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                paint = None
                if g.clip:
                    cs = [apply(g.matrix, p) for p in g.clip]
                    paint = (min(p[0] for p in cs), min(p[1] for p in cs), max(p[0] for p in cs), max(p[1] for p in cs))
                out.append(Trim(g.label, "rect", (min(xs), min(ys), max(xs), max(ys)), paint))
    return out


def marks(page: Page) -> list[tuple[Box, float]]:
    """The crop marks on a page: each stroke's box (its width included) and its width in points."""
    out = []
    for g in page.items:
        if isinstance(g, Group) and g.label == "crop-marks":
            for p, m in _walk(g.items, g.matrix, {}):
                assert isinstance(p, Path), "crop marks are lines"
                (x0, y0), (x1, y1) = (apply(m, q) for q in p.points())
                hw = p.style.width / 2
                box = (min(x0, x1) - (hw if x0 == x1 else 0), min(y0, y1) - (hw if y0 == y1 else 0),
                       max(x0, x1) + (hw if x0 == x1 else 0), max(y0, y1) + (hw if y0 == y1 else 0))
                out.append((box, p.style.width / MM_PER_PT))
    return out


def layout_problems(page: Page, symbols: dict[str, Symbol], theme: Theme, *, check_margin: bool = True,
                    margin: float | None = None) -> list[str]:
    """Everything wrong with a laid-out page, as sentences (empty: all good).

    * everything painted lies inside ``margin`` (default ``theme.margin``);
    * no two pieces' bleeds overlap (so no bleed covers another piece's cut line;
      a clipped piece's bleed ends at its clip, so butted cards only touch);
    * every crop mark is at least ``CLEARANCE`` from every piece's bleed, its own
      included, and at least ``MIN_CROP_PT`` points wide;
    * text inside a rectangular piece keeps ``SAFE`` mm inside its cut line, or a
      fifth of the piece's shorter side on a piece too small for that (a token):
      there the text is centred and a cut a little off still misses it.
    """
    problems: list[str] = []
    b = theme.bleed
    if check_margin:
        box = ink_box(page.items, symbols, theme)
        edge = theme.margin if margin is None else margin
        m = edge - 1e-6
        if box and (box[0] < m or box[1] < m or box[2] > page.width - m or box[3] > page.height - m):
            problems.append(f"{page.name}: art {tuple(round(v, 2) for v in box)} leaves the {edge:g} mm margin")
    ps = pieces(page)
    bleeds = [p.bleed(b) for p in ps]
    for i, p in enumerate(bleeds):
        for q in bleeds[i + 1:]:
            if gap(p, q) < -SEAM_TOLERANCE:
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
            inset = min(SAFE, min(trim[2] - trim[0], trim[3] - trim[1]) / 5)
            safe = (trim[0] + inset - 1e-6, trim[1] + inset - 1e-6, trim[2] - inset + 1e-6, trim[3] - inset + 1e-6)
            for it, mm in _walk(g.items, g.matrix, symbols):
                if isinstance(it, Text):
                    l_, t, r, bt = text_box(it, theme, mm)
                    if l_ < safe[0] or t < safe[1] or r > safe[2] or bt > safe[3]:
                        problems.append(f"{page.name}: {it.text!r} on {g.label} leaves the card's safe area")
    return problems


# ====================================================================== flow layout


class Footprint(Protocol):
    """Anything :func:`flow` places: the room it takes, ``w`` x ``h`` mm."""

    @property
    def w(self) -> float: ...

    @property
    def h(self) -> float: ...


F = TypeVar("F", bound=Footprint)


def flow(rows: Sequence[Sequence[F]], width: float, gap_: float) -> tuple[list[tuple[F, float, float]], float, float]:
    """Place boxes row by row (wrapping a row that is too wide), top-left at (0, 0); returns
    (box, x, y) for each, the height and the width used."""
    out = []
    y = 0.0
    used_w = 0.0
    for row in rows:
        lines: list[list[F]] = [[]]
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
