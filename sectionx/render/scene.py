"""The scene: what is drawn, as plain values in millimetres, before any file format.

Architecture (habit 6): geometry is computed once, here, and the SVG
(:mod:`sectionx.render.svg`) and PDF (:mod:`sectionx.render.pdf`) backends only
translate these values into their file formats, so the two always agree.  A
test reads both files back and compares the coordinates.

Conventions
-----------
* Lengths are millimetres; x grows to the right, y grows **down** the page (as
  in :mod:`sectionx.render.layout` and in SVG).  The PDF backend flips once.
* Curves are cubic Béziers (:func:`arc`) so that both formats draw exactly the
  same curve; circles are the one exception, which both formats have natively.
* Font sizes are points (the unit printers and templates speak); everything
  else is millimetres.
* Colours are ``#rrggbb`` strings, or ``None`` for "not painted".
* A :class:`Symbol` is drawn once per document and placed many times with
  :class:`Use` (SVG ``<symbol>``/``<use>``, PDF Form XObjects), which keeps
  files small: every tile type's art is one symbol.

Everything here is immutable, so a scene can be built once and written twice.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

Point = tuple[float, float]
#: One path command: its letter, then its numbers, e.g. ("M", x, y) or ("Z",).
Command = tuple[Any, ...]
#: An affine transform (a, b, c, d, e, f): x' = a*x + c*y + e, y' = b*x + d*y + f (as SVG's matrix()).
Matrix = tuple[float, float, float, float, float, float]

IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
MM_PER_PT = 25.4 / 72.0
PT_PER_MM = 72.0 / 25.4


# ------------------------------------------------------------------ transforms


def translate(x: float, y: float) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, float(x), float(y))


def rotate(degrees: float) -> Matrix:
    """Clockwise on the page (y grows down), as tile rotations are (G1)."""
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    # Snap the exact values of the multiples of 30 degrees so files stay tidy.
    c, s = (round(v, 12) + 0.0 for v in (c, s))
    return (c, s, -s, c, 0.0, 0.0)


def scale(sx: float, sy: float | None = None) -> Matrix:
    return (float(sx), 0.0, 0.0, float(sx if sy is None else sy), 0.0, 0.0)


def compose(*matrices: Matrix) -> Matrix:
    """The product of the matrices, applied right to left (as SVG's ``transform="A B"``: B first)."""
    out = IDENTITY
    for m in matrices:
        a1, b1, c1, d1, e1, f1 = out
        a2, b2, c2, d2, e2, f2 = m
        out = (
            a1 * a2 + c1 * b2,
            b1 * a2 + d1 * b2,
            a1 * c2 + c1 * d2,
            b1 * c2 + d1 * d2,
            a1 * e2 + c1 * f2 + e1,
            b1 * e2 + d1 * f2 + f1,
        )
    return out


def apply(m: Matrix, p: Point) -> Point:
    a, b, c, d, e, f = m
    x, y = p
    return a * x + c * y + e, b * x + d * y + f


# ------------------------------------------------------------------ style


@dataclass(frozen=True)
class Style:
    """How a shape is painted.  ``width`` is the stroke width in mm; ``dash`` an on/off
    pattern in mm; ``opacity`` applies to fill and stroke alike."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 0.25
    dash: tuple[float, ...] = ()
    cap: str = "butt"  # butt, round, square
    join: str = "miter"  # miter, round, bevel
    opacity: float = 1.0

    def recoloured(self, fn: Callable[[str], str]) -> Style:
        return replace(
            self,
            fill=fn(self.fill) if self.fill else None,
            stroke=fn(self.stroke) if self.stroke else None,
        )


# ------------------------------------------------------------------ shapes


@dataclass(frozen=True)
class Path:
    """A path of commands: ``("M", x, y)``, ``("L", x, y)``, ``("C", x1, y1, x2, y2, x, y)``, ``("Z",)``."""

    commands: tuple[Command, ...]
    style: Style

    def points(self) -> Iterator[Point]:
        for cmd in self.commands:
            for i in range(1, len(cmd), 2):
                yield cmd[i], cmd[i + 1]


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style


@dataclass(frozen=True)
class Text:
    """One line of text; ``anchor`` is start, middle or end; ``(x, y)`` is on the baseline.
    ``angle`` turns it clockwise about ``(x, y)``."""

    x: float
    y: float
    text: str
    size: float  # points
    fill: str = "#000000"
    anchor: str = "start"
    bold: bool = False
    angle: float = 0.0


@dataclass(frozen=True)
class Use:
    """Symbol ``name`` drawn with ``matrix`` (symbol coordinates -> the parent's)."""

    name: str
    matrix: Matrix = IDENTITY


@dataclass(frozen=True)
class Group:
    """Items drawn with a transform, optionally clipped to a closed path (in the group's
    own coordinates, before ``matrix``)."""

    items: tuple[Item, ...]
    matrix: Matrix = IDENTITY
    clip: tuple[Point, ...] | None = None
    label: str = ""  # an id for the SVG and a hint for readers; no effect on drawing


Item = Path | Circle | Text | Use | Group


@dataclass(frozen=True)
class Symbol:
    """Art drawn once and placed many times; ``bbox`` (left, top, right, bottom) in the
    symbol's own mm encloses everything it draws (PDF forms clip to it)."""

    name: str
    items: tuple[Item, ...]
    bbox: tuple[float, float, float, float]


@dataclass(frozen=True)
class Page:
    """One page (or one SVG picture): its size in mm and what is on it."""

    width: float
    height: float
    items: tuple[Item, ...]
    name: str = ""  # file-name stem for the SVG of this page, e.g. "03-board-B2"
    label: str = ""  # human title, e.g. "Board, page B2 of 3x2"


@dataclass(frozen=True)
class Document:
    """Pages sharing one set of symbols."""

    pages: tuple[Page, ...]
    symbols: tuple[Symbol, ...] = ()
    title: str = ""

    @property
    def symbol_map(self) -> dict[str, Symbol]:
        return {s.name: s for s in self.symbols}

    def recoloured(self, fn: Callable[[str], str]) -> Document:
        """Every colour passed through ``fn`` (greyscale mode)."""
        return Document(
            tuple(replace(p, items=_recolour_items(p.items, fn)) for p in self.pages),
            tuple(replace(s, items=_recolour_items(s.items, fn)) for s in self.symbols),
            self.title,
        )


def _recolour_items(items: tuple[Item, ...], fn: Callable[[str], str]) -> tuple[Item, ...]:
    out: list[Item] = []
    for it in items:
        if isinstance(it, (Path, Circle)):
            out.append(replace(it, style=it.style.recoloured(fn)))
        elif isinstance(it, Text):
            out.append(replace(it, fill=fn(it.fill)))
        elif isinstance(it, Group):
            out.append(replace(it, items=_recolour_items(it.items, fn)))
        else:
            out.append(it)
    return tuple(out)


def used_symbols(items: Iterable[Item], symbols: dict[str, Symbol]) -> list[str]:
    """Names of the symbols ``items`` place, directly or through other symbols, in first-use order."""
    seen: dict[str, None] = {}

    def walk(its: Iterable[Item]) -> None:
        for it in its:
            if isinstance(it, Use):
                if it.name not in seen:
                    seen[it.name] = None
                    walk(symbols[it.name].items)
            elif isinstance(it, Group):
                walk(it.items)

    walk(items)
    return list(seen)


# ------------------------------------------------------------------ building helpers


def polygon(points: Iterable[Point], style: Style) -> Path:
    pts = list(points)
    cmds: list[Command] = [("M", *pts[0])] + [("L", *p) for p in pts[1:]] + [("Z",)]
    return Path(tuple(cmds), style)


def polyline(points: Iterable[Point], style: Style) -> Path:
    pts = list(points)
    return Path(tuple([("M", *pts[0])] + [("L", *p) for p in pts[1:]]), style)


def line(p: Point, q: Point, style: Style) -> Path:
    return Path((("M", *p), ("L", *q)), style)


def rect(x: float, y: float, w: float, h: float, style: Style) -> Path:
    return polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], style)


def arc_commands(cx: float, cy: float, r: float, start: float, end: float) -> list[Command]:
    """Cubic Bézier pieces (no leading M) for the circular arc from angle ``start`` to
    ``end`` (degrees, clockwise on the page as y grows down), at most 90 degrees each."""
    sweep = end - start
    pieces = max(1, math.ceil(abs(sweep) / 90 - 1e-9))
    step = math.radians(sweep / pieces)
    k = 4 / 3 * math.tan(step / 4)
    out = []
    a = math.radians(start)
    for _ in range(pieces):
        b = a + step
        x0, y0 = cx + r * math.cos(a), cy + r * math.sin(a)
        x3, y3 = cx + r * math.cos(b), cy + r * math.sin(b)
        x1, y1 = x0 - k * r * math.sin(a), y0 + k * r * math.cos(a)
        x2, y2 = x3 + k * r * math.sin(b), y3 - k * r * math.cos(b)
        out.append(("C", x1, y1, x2, y2, x3, y3))
        a = b
    return out


def arc(cx: float, cy: float, r: float, start: float, end: float, style: Style) -> Path:
    """An open circular arc (see :func:`arc_commands`)."""
    a = math.radians(start)
    return Path((("M", cx + r * math.cos(a), cy + r * math.sin(a)), *arc_commands(cx, cy, r, start, end)), style)


def bounds(items: Iterable[Item], symbols: dict[str, Symbol] | None = None,
           matrix: Matrix = IDENTITY) -> tuple[float, float, float, float] | None:
    """(left, top, right, bottom) of the items' geometry (text by its anchor point only;
    stroke widths not included).  None when there is nothing."""
    xs: list[float] = []
    ys: list[float] = []

    def add(p: Point, m: Matrix) -> None:
        x, y = apply(m, p)
        xs.append(x)
        ys.append(y)

    def walk(its: Iterable[Item], m: Matrix) -> None:
        for it in its:
            if isinstance(it, Path):
                for p in it.points():
                    add(p, m)
            elif isinstance(it, Circle):
                for dx, dy in ((-it.r, -it.r), (it.r, it.r), (-it.r, it.r), (it.r, -it.r)):
                    add((it.cx + dx, it.cy + dy), m)
            elif isinstance(it, Text):
                add((it.x, it.y), m)
            elif isinstance(it, Use):
                if symbols is not None and it.name in symbols:
                    l_, t_, r_, b_ = symbols[it.name].bbox
                    mm = compose(m, it.matrix)
                    for p in ((l_, t_), (r_, t_), (r_, b_), (l_, b_)):
                        add(p, mm)
            elif isinstance(it, Group):
                walk(it.items, compose(m, it.matrix))

    walk(items, matrix)
    if not xs:
        return None
    return min(xs), min(ys), max(xs), max(ys)


def pt_mm(points: float) -> float:
    """``points`` in millimetres (font sizes are points, the scene is millimetres)."""
    return points * MM_PER_PT


def mm_from_pt(points: float) -> float:
    """``points`` in mm, rounded *up* to the 1 µm the files are written in, so that a
    0.5 pt minimum is still 0.5 pt once written (0.17639 mm would print as 0.176)."""
    return math.ceil(points * MM_PER_PT * 1000 - 1e-9) / 1000


_UNSAFE = re.compile(r"[^A-Za-z0-9.-]")


def escape_name(name: str) -> str:
    """A symbol name safe as an SVG id and a PDF name: any character but
    ``A-Z a-z 0-9 . -`` written as ``_hex_``, so distinct names stay distinct."""
    return _UNSAFE.sub(lambda m: f"_{ord(m.group()):x}_", name)


def unescape_name(text: str) -> str:
    """The name back from :func:`escape_name`."""
    return re.sub(r"_([0-9a-f]+)_", lambda m: chr(int(m.group(1), 16)), text)


def fmt(value: float) -> str:
    """A number as both backends write it: at most 3 decimals (1 µm), no ``-0``."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
