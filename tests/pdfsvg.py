"""Read SVG and PDF files written by :mod:`sectionx.render` back into page millimetres.

Test helpers, shared by the backend and kit tests.  Both readers walk the file the
way a viewer would (SVG: nested ``transform`` attributes and ``<use>``; PDF:
``q``/``Q``/``cm`` and Form XObjects via ``Do``), expanding every placed symbol at
its place, and report in the scene's frame: millimetres, y down, origin at the
top-left corner of the page.  So a test can compare SVG, PDF and scene directly.

* :func:`svg_placements` / :func:`pdf_placements`: where each symbol is placed
  (nested placements included, after the one that contains them), in drawing order.
* :func:`svg_shapes` / :func:`pdf_shapes`: every painted path and clip path with its
  points (SVG circles become the four Béziers PDF writers use), in drawing order.
* :func:`pdf_texts`: every shown string's text-space matrix in page mm.
* :func:`scene_placements` / :func:`scene_shapes`: the same, straight from a scene
  page, for the expected side of a comparison.

Only what the backends write is understood (absolute ``M L C Z`` path data,
``matrix``/``translate``/``rotate``/``scale`` transforms); anything else raises, so
a change in the writers cannot slip past unread.
"""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

import pypdf
from pypdf.generic import ContentStream

from sectionx.render.pdf import symbol_from_xobject
from sectionx.render.scene import (
    IDENTITY,
    MM_PER_PT,
    Circle,
    Group,
    Item,
    Matrix,
    Path,
    Point,
    Symbol,
    Use,
    apply,
    arc_commands,
    compose,
    rotate,
    scale,
    translate,
)
from sectionx.render.svg import symbol_from_id

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"


@dataclass(frozen=True)
class Placement:
    """Symbol ``name`` drawn with ``matrix`` (symbol mm -> page mm, y down)."""

    name: str
    matrix: Matrix

    @property
    def origin(self) -> Point:
        return self.matrix[4], self.matrix[5]

    @property
    def angle(self) -> float:
        """Clockwise rotation on the page in degrees, in [0, 360)."""
        return math.degrees(math.atan2(self.matrix[1], self.matrix[0])) % 360.0

    @property
    def det(self) -> float:
        a, b, c, d, _, _ = self.matrix
        return a * d - b * c


@dataclass(frozen=True)
class Shape:
    """A painted path (``kind`` is ``fill``, ``stroke`` or ``fill+stroke``) or a ``clip``;
    ``points`` are every end and control point, in page mm."""

    kind: str
    points: tuple[Point, ...]


def invert(m: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    det = a * d - b * c
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(ia * e + ic * f), -(ib * e + id_ * f))


def close(m1: Matrix, m2: Matrix, tol: float = 0.01, extent: float = 50.0) -> bool:
    """Whether two matrices place every point within ``extent`` mm of the symbol
    origin within ``tol`` mm of each other."""
    probes = [(0.0, 0.0), (extent, 0.0), (0.0, extent), (-extent, -extent)]
    return all(math.dist(apply(m1, p), apply(m2, p)) <= tol for p in probes)


def _circle_points(cx: float, cy: float, r: float) -> list[Point]:
    # A circle as the four quarter Béziers PDF writers draw, from (cx + r, cy) turning
    # towards +y: what reportlab writes for canvas.circle.
    return [(cx + r, cy)] + [p for cmd in arc_commands(cx, cy, r, 0, 360) for p in zip(cmd[1::2], cmd[2::2])]


def _kind(fill: bool, stroke: bool) -> str:
    return "+".join(k for k, on in (("fill", fill), ("stroke", stroke)) if on)


# ------------------------------------------------------------------ scene


def _scene_walk(items: tuple[Item, ...], symbols: dict[str, Symbol], on_placement, on_shape,
                m: Matrix = IDENTITY) -> None:
    for it in items:
        if isinstance(it, Use):
            mm = compose(m, it.matrix)
            on_placement(Placement(it.name, mm))
            _scene_walk(symbols[it.name].items, symbols, on_placement, on_shape, mm)
        elif isinstance(it, Group):
            mm = compose(m, it.matrix)
            if it.clip is not None:
                on_shape(Shape("clip", tuple(apply(mm, p) for p in it.clip)))
            _scene_walk(it.items, symbols, on_placement, on_shape, mm)
        elif isinstance(it, (Path, Circle)) and (it.style.fill or it.style.stroke):
            points = list(it.points()) if isinstance(it, Path) else _circle_points(it.cx, it.cy, it.r)
            on_shape(Shape(_kind(bool(it.style.fill), bool(it.style.stroke)), tuple(apply(m, p) for p in points)))


def scene_placements(items: tuple[Item, ...], symbols: dict[str, Symbol]) -> list[Placement]:
    """Where a scene page's items place each symbol (nested ones too), in drawing order."""
    out: list[Placement] = []
    _scene_walk(items, symbols, out.append, lambda s: None)
    return out


def scene_shapes(items: tuple[Item, ...], symbols: dict[str, Symbol]) -> list[Shape]:
    """The painted paths and circles and the clips of a scene page, as the readers report them."""
    out: list[Shape] = []
    _scene_walk(items, symbols, lambda p: None, out.append)
    return out


# ------------------------------------------------------------------ SVG


def _svg_transform(text: str | None) -> Matrix:
    m = IDENTITY
    if not text:
        return m
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text):
        v = [float(x) for x in re.split(r"[\s,]+", args.strip())]
        if name == "matrix":
            t = tuple(v)
        elif name == "translate":
            t = translate(v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale":
            t = scale(*v)
        elif name == "rotate":
            t = rotate(v[0]) if len(v) == 1 else compose(translate(v[1], v[2]), rotate(v[0]), translate(-v[1], -v[2]))
        else:
            raise ValueError(f"transform {name}() is not understood")
        m = compose(m, t)
    return m


def _svg_points(d: str) -> list[Point]:
    tokens = re.findall(r"[A-Za-z]|-?[0-9.]+(?:e-?[0-9]+)?", d)
    points: list[Point] = []
    arity = {"M": 2, "L": 2, "C": 6, "Z": 0}
    i = 0
    while i < len(tokens):
        cmd = tokens[i]
        if cmd not in arity:
            raise ValueError(f"path command {cmd!r} is not understood in {d!r}")
        nums = [float(x) for x in tokens[i + 1:i + 1 + arity[cmd]]]
        points += list(zip(nums[::2], nums[1::2]))
        i += 1 + arity[cmd]
    return points


def _svg_root(svg: str | bytes) -> tuple[ET.Element, Matrix, dict[str, ET.Element]]:
    root = ET.fromstring(svg)
    width = float(root.get("width").removesuffix("mm"))
    height = float(root.get("height").removesuffix("mm"))
    vx, vy, vw, vh = (float(v) for v in root.get("viewBox").split())
    base = compose(scale(width / vw, height / vh), translate(-vx, -vy))
    ids = {el.get("id"): el for el in root.iter() if el.get("id")}
    return root, base, ids


def _svg_walk(svg: str | bytes, on_placement, on_shape) -> None:
    root, base, ids = _svg_root(svg)

    def walk(el: ET.Element, m: Matrix) -> None:
        tag = el.tag.removeprefix(SVG)
        if tag in ("defs", "clipPath", "title", "desc", "text"):
            return
        m = compose(m, _svg_transform(el.get("transform")))
        if tag == "g" and el.get("clip-path"):
            clip = ids[re.fullmatch(r"url\(#(.+)\)", el.get("clip-path")).group(1)]
            for child in clip:
                on_shape(Shape("clip", tuple(apply(m, p) for p in _svg_points(child.get("d")))))
        if tag in ("svg", "g", "symbol"):
            for child in el:
                walk(child, m)
        elif tag == "use":
            ident = el.get(XLINK) or el.get("href")
            target = ids[ident.removeprefix("#")]
            m = compose(m, translate(float(el.get("x", 0)), float(el.get("y", 0))))
            on_placement(Placement(symbol_from_id(target.get("id")), m))
            for child in target:
                walk(child, m)
        elif tag in ("path", "circle"):
            if tag == "path":
                points = _svg_points(el.get("d"))
            else:
                cx, cy, r = (float(el.get(k)) for k in ("cx", "cy", "r"))
                points = _circle_points(cx, cy, r)
            # Only the element's own attributes count: the backend never relies on inheritance.
            kind = _kind(el.get("fill") not in (None, "none"), el.get("stroke") not in (None, "none"))
            on_shape(Shape(kind, tuple(apply(m, p) for p in points)))
        else:
            raise ValueError(f"SVG element <{tag}> is not understood")

    walk(root, base)


def svg_placements(svg: str | bytes) -> list[Placement]:
    """Every ``<use>`` of a symbol, with its matrix in page mm, in drawing order."""
    out: list[Placement] = []
    _svg_walk(svg, out.append, lambda s: None)
    return out


def svg_shapes(svg: str | bytes) -> list[Shape]:
    """Every painted path or circle and every group clip, in page mm, in drawing order."""
    out: list[Shape] = []
    _svg_walk(svg, lambda p: None, out.append)
    return out


# ------------------------------------------------------------------ PDF

_PAINT = {b"S": "stroke", b"s": "stroke", b"f": "fill", b"F": "fill", b"f*": "fill",
          b"B": "fill+stroke", b"B*": "fill+stroke", b"b": "fill+stroke", b"b*": "fill+stroke"}


def _reader(pdf: bytes | pypdf.PdfReader) -> pypdf.PdfReader:
    return pdf if isinstance(pdf, pypdf.PdfReader) else pypdf.PdfReader(io.BytesIO(pdf))


def _pdf_walk(pdf: bytes | pypdf.PdfReader, page_index: int, on_placement, on_shape, on_text) -> None:
    reader = _reader(pdf)
    page = reader.pages[page_index]
    x0, _y0, _x1, y1 = (float(v) for v in page.mediabox)
    # Page points (y up) -> page mm (y down, from the top-left corner).
    to_mm = compose(scale(MM_PER_PT, -MM_PER_PT), translate(-x0, -y1))

    def run(ops, resources, ctm: Matrix) -> None:
        stack: list[Matrix] = []
        current: list[Point] = []
        clipping = False
        tm = IDENTITY
        size = 0.0
        for operands, op in ops:
            args = [float(v) if isinstance(v, (int, float)) else v for v in operands]
            if op == b"q":
                stack.append(ctm)
            elif op == b"Q":
                ctm = stack.pop()
            elif op == b"cm":
                ctm = compose(ctm, tuple(args))
            elif op in (b"m", b"l", b"c"):
                current += [apply(compose(to_mm, ctm), p) for p in zip(args[::2], args[1::2])]
            elif op == b"re":
                x, y, w, h = args
                current += [apply(compose(to_mm, ctm), p) for p in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
            elif op in (b"W", b"W*"):
                clipping = True
            elif op in _PAINT or op == b"n":
                if clipping and current:
                    on_shape(Shape("clip", tuple(current)))
                if op in _PAINT and current:
                    on_shape(Shape(_PAINT[op], tuple(current)))
                current, clipping = [], False
            elif op in (b"v", b"y"):
                raise ValueError(f"path operator {op!r} is not understood")
            elif op == b"BT":
                tm = IDENTITY
            elif op == b"Tm":
                tm = tuple(args)
            elif op == b"Td":
                tm = compose(tm, translate(*args))
            elif op == b"Tf":
                size = args[1]
            elif op in (b"Tj", b"TJ", b"'", b'"'):
                on_text(compose(to_mm, ctm, tm, scale(size)))
            elif op == b"Do":
                xobj = resources["/XObject"][args[0]].get_object()
                if xobj["/Subtype"] != "/Form":
                    continue
                m = compose(ctm, tuple(float(v) for v in xobj.get("/Matrix", IDENTITY)))
                on_placement(Placement(symbol_from_xobject(args[0]), compose(to_mm, m)))
                run(ContentStream(xobj, reader).operations, xobj["/Resources"], m)

    run(ContentStream(page.get_contents(), reader).operations, page["/Resources"], IDENTITY)


def pdf_placements(pdf: bytes | pypdf.PdfReader, page: int = 0) -> list[Placement]:
    """Every form placed with ``Do`` on page ``page`` (0-based), matrix in page mm, in drawing order."""
    out: list[Placement] = []
    _pdf_walk(pdf, page, out.append, lambda s: None, lambda t: None)
    return out


def pdf_shapes(pdf: bytes | pypdf.PdfReader, page: int = 0) -> list[Shape]:
    """Every painted path and every clip on page ``page``, in page mm, in drawing order."""
    out: list[Shape] = []
    _pdf_walk(pdf, page, lambda p: None, out.append, lambda t: None)
    return out


def pdf_texts(pdf: bytes | pypdf.PdfReader, page: int = 0) -> list[Matrix]:
    """For every string shown on page ``page``, the matrix from text space scaled by the
    font size (1 unit = 1 em) to page mm: its origin is where the string starts on
    the baseline, ``(a, b)`` runs along the baseline, and ``(c, d)`` points up the glyphs."""
    out: list[Matrix] = []
    _pdf_walk(pdf, page, lambda p: None, lambda s: None, out.append)
    return out
