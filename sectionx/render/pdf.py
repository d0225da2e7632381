"""The PDF backend: a :class:`~sectionx.render.scene.Document` as one PDF, with reportlab.

Each scene page becomes a PDF page of its own size.  The page stream starts with
one ``cm`` (:func:`page_matrix`) that makes user space millimetres with y down,
so scene values, stroke widths and dash lengths are written as they are.  Each
symbol becomes one Form XObject for the whole document, defined when the first
page that uses it is drawn, and every :class:`~sectionx.render.scene.Use` is
``q <matrix> cm /FormXob.<name> Do Q``.

Text is set in the theme's TrueType fonts (:mod:`sectionx.render.fonts`), which
reportlab embeds as subsets (``FontFile2``).  Because user space is flipped,
each text line is drawn in a local frame ``translate(x, y) · rotate(angle) ·
scale(1, -1)``.

Output is byte-identical run to run (reportlab's ``invariant`` mode fixes the
dates and the file id); page streams are compressed.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from pathlib import Path as FilePath
from typing import TYPE_CHECKING, Any

from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, xObjectName
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas  # type: ignore[attr-defined]  # not in types-reportlab
from reportlab.pdfgen.pathobject import PDFPathObject

from .. import __version__
from ..fileio import write_file
from .fonts import font_name
from .scene import (
    IDENTITY,
    MM_PER_PT,
    PT_PER_MM,
    Circle,
    Command,
    Document,
    Group,
    Item,
    Matrix,
    Path,
    Style,
    Symbol,
    Text,
    Use,
    compose,
    escape_name,
    rotate,
    scale,
    translate,
    unescape_name,
    used_symbols,
)

if TYPE_CHECKING:
    from .theme import Theme

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}
_UNSET = object()
_FORM_PREFIX = "FormXob."  # what reportlab puts before a form's name in the XObject resources


def page_matrix(height_mm: float) -> Matrix:
    """The ``cm`` at the start of every page: scene mm (y down) -> PDF points (y up)."""
    return (PT_PER_MM, 0.0, 0.0, -PT_PER_MM, 0.0, height_mm * PT_PER_MM)


def form_name(symbol: str) -> str:
    """The name given to reportlab for symbol ``symbol``'s form: the name with any
    character but ``A-Z a-z 0-9 . -`` written as ``_hex_`` (PDF names cannot hold
    spaces or delimiters, and distinct symbols must keep distinct names)."""
    return escape_name(symbol)


def symbol_from_xobject(name: str) -> str:
    """The symbol name back from an XObject resource name such as ``/FormXob.tile_20_A``
    (ValueError if it is not one of this backend's forms)."""
    name = name.lstrip("/")
    if not name.startswith(_FORM_PREFIX):
        raise ValueError(f"{name!r} is not a symbol form")
    return unescape_name(name[len(_FORM_PREFIX):])


def _len(v: float) -> float:
    # The SVG writes lengths with 3 decimals; write the same values here.
    return round(v, 3) + 0.0


def _matrix(m: Matrix) -> tuple[float, ...]:
    a, b, c, d, e, f = m
    return (round(a, 6) + 0.0, round(b, 6) + 0.0, round(c, 6) + 0.0, round(d, 6) + 0.0, _len(e), _len(f))


def _rgb(colour: str) -> tuple[float, float, float]:
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", colour):
        raise ValueError(f"colour {colour!r} is not #rrggbb")
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return r, g, b


def _give_form_its_graphics_states(c: Canvas, name: str) -> None:
    """Put the ExtGState dictionary (alphas) into a form's resources.

    reportlab (4.x, 5.x) records it on the form but builds the form's /Resources
    without it, so ``/gRLs0 gs`` inside a form would name nothing.  This builds
    the same resources reportlab would, plus ExtGState; a test reads every ``gs``
    of every form back through pypdf to keep this honest across reportlab versions.
    """
    form = c._doc.idToObject[xObjectName(name)]  # type: ignore[attr-defined]  # reportlab has no public way to the document
    if not form.ExtGState:
        return
    resources = PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    if form.XObjects:
        resources.XObject = form.XObjects  # type: ignore[attr-defined]  # set as reportlab's own forms do; the stub lists no such attribute
    resources.ExtGState = form.ExtGState  # type: ignore[attr-defined]  # (likewise)
    form.Resources = resources


def _widest_stroke(items: tuple[Item, ...]) -> float:
    widths = [it.style.width for it in items if isinstance(it, (Path, Circle)) and it.style.stroke]
    widths += [_widest_stroke(it.items) for it in items if isinstance(it, Group)]
    return max(widths, default=0.0)


def _slack(items: tuple[Item, ...]) -> float:
    """Room around a form's bbox (which holds the geometry only) for its strokes: a
    miter at a 60-degree corner reaches a whole width past the point, so allow two,
    and a millimetre more."""
    return 1.0 + 2 * _widest_stroke(items)


class _Painter:
    """Draws scene items on a reportlab canvas whose user space is already scene mm.

    Keeps a copy of the graphics state (mirroring q/Q) so colours, widths and dashes
    are written only when they change.  Forms start from an unknown state, since they
    inherit whatever the page had when they are placed.
    """

    def __init__(self, canvas: Canvas, symbols: dict[str, Symbol], theme: Theme):
        self.c = canvas
        self.symbols = symbols
        self.theme = theme
        self.fonts = (font_name(theme, False), font_name(theme, True))
        self.defined: set[str] = set()
        self.state: dict[str, object] = {}
        self.stack: list[dict[str, object]] = []

    # -- graphics state

    def save(self) -> None:
        self.c.saveState()
        self.stack.append(dict(self.state))

    def restore(self) -> None:
        self.c.restoreState()
        self.state = self.stack.pop()

    def set(self, key: str, value: Any) -> None:
        if self.state.get(key, _UNSET) == value:
            return
        self.state[key] = value
        c = self.c
        if key == "fill":
            # The RGB setters leave the alpha alone (a colour object would reset it to 1).
            c.setFillColorRGB(*_rgb(value))
        elif key == "stroke":
            c.setStrokeColorRGB(*_rgb(value))
        elif key == "width":
            c.setLineWidth(value)
        elif key == "dash":
            c.setDash(list(value), 0)
        elif key == "cap":
            c.setLineCap(value)
        elif key == "join":
            c.setLineJoin(value)

    def style(self, style: Style) -> None:
        if style.fill:
            self.set("fill", style.fill)
        if style.stroke:
            if style.cap not in _CAPS or style.join not in _JOINS:
                raise ValueError(f"bad line cap or join in {style!r}")
            self.set("stroke", style.stroke)
            self.set("width", _len(style.width))
            self.set("dash", tuple(_len(v) for v in style.dash))
            self.set("cap", _CAPS[style.cap])
            self.set("join", _JOINS[style.join])

    # -- forms

    def define(self, name: str, busy: tuple[str, ...] = ()) -> None:
        """Define symbol ``name``'s form (and first the forms it places), once per document."""
        if name in self.defined:
            return
        if name in busy:
            raise ValueError(f"symbol {name!r} places itself: {' -> '.join((*busy, name))}")
        if name not in self.symbols:
            raise KeyError(f"symbol {name!r} is not defined")
        symbol = self.symbols[name]
        for child in used_symbols(symbol.items, self.symbols):
            self.define(child, (*busy, name))  # reaching ``name`` again is a cycle, reported above
        left, top, right, bottom = symbol.bbox
        s = _slack(symbol.items)
        outer = self.state, self.stack
        self.state, self.stack = {}, []
        # types-reportlab says int for the bounding box; reportlab writes any number.
        self.c.beginForm(form_name(name), left - s, top - s, right + s, bottom + s)  # type: ignore[arg-type]
        self.items(symbol.items)
        self.c.endForm()
        _give_form_its_graphics_states(self.c, form_name(name))
        self.state, self.stack = outer
        self.defined.add(name)

    # -- items

    def items(self, items: tuple[Item, ...]) -> None:
        for it in items:
            if isinstance(it, Path):
                self.shape(it.style, self.path(it.commands))
            elif isinstance(it, Circle):
                p = self.c.beginPath()
                p.circle(_len(it.cx), _len(it.cy), _len(it.r))
                self.shape(it.style, p)
            elif isinstance(it, Text):
                self.text(it)
            elif isinstance(it, Use):
                self.save()
                if it.matrix != IDENTITY:
                    self.c.transform(*_matrix(it.matrix))
                self.c.doForm(form_name(it.name))
                self.restore()
            elif isinstance(it, Group):
                self.save()
                if it.matrix != IDENTITY:
                    self.c.transform(*_matrix(it.matrix))
                if it.clip is not None:
                    outline = (("M", *it.clip[0]), *(("L", *p) for p in it.clip[1:]), ("Z",))
                    self.c.clipPath(self.path(outline), stroke=0, fill=0, fillMode=FILL_NON_ZERO)
                self.items(it.items)
                self.restore()
            else:
                raise TypeError(f"not a scene item: {it!r}")

    def path(self, commands: tuple[Command, ...]) -> PDFPathObject:
        p = self.c.beginPath()
        for cmd in commands:
            op, args = cmd[0], [_len(v) for v in cmd[1:]]
            if op == "M" and len(args) == 2:
                p.moveTo(*args)
            elif op == "L" and len(args) == 2:
                p.lineTo(*args)
            elif op == "C" and len(args) == 6:
                p.curveTo(*args)
            elif op == "Z" and not args:
                p.close()
            else:
                raise ValueError(f"bad path command {cmd!r}")
        return p

    def shape(self, style: Style, p: PDFPathObject) -> None:
        fill, stroke = bool(style.fill), bool(style.stroke)
        if not (fill or stroke):
            return
        translucent = style.opacity < 1
        if translucent:
            # Inside q/Q so the alpha cannot leak into later shapes or placed forms.
            self.save()
            if fill:
                self.c.setFillAlpha(style.opacity)
            if stroke:
                self.c.setStrokeAlpha(style.opacity)
        self.style(style)
        self.c.drawPath(p, stroke=int(stroke), fill=int(fill), fillMode=FILL_NON_ZERO)
        if translucent:
            self.restore()

    def text(self, t: Text) -> None:
        draw = {"start": self.c.drawString, "middle": self.c.drawCentredString, "end": self.c.drawRightString}.get(t.anchor)
        if draw is None:
            raise ValueError(f"text anchor {t.anchor!r} is not one of start, middle, end")
        if not t.text:
            return
        self.set("fill", t.fill)
        self.save()
        local = compose(translate(_len(t.x), _len(t.y)), rotate(t.angle) if t.angle else IDENTITY, scale(1, -1))
        self.c.transform(*_matrix(local))
        self.c.setFont(self.fonts[t.bold], t.size * MM_PER_PT)
        draw(0, 0, t.text)
        self.restore()


def to_pdf(document: Document, theme: Theme) -> bytes:
    """The document as PDF bytes: one page per scene page, each symbol one shared form.

    Byte-identical for equal input.  Raises ValueError for a document without
    pages, a malformed path, anchor, cap or join, or a symbol that places itself,
    and KeyError for a :class:`Use` of an unknown symbol.
    """
    if not document.pages:
        raise ValueError("a PDF needs at least one page")
    out = io.BytesIO()
    first = document.pages[0]
    c = Canvas(out, pagesize=(first.width * PT_PER_MM, first.height * PT_PER_MM), invariant=1,
               pageCompression=1, initialFontName=font_name(theme),  # type: ignore[arg-type]  # a font name; types-reportlab says float
               initialFontSize=10)
    c.setTitle(document.title)
    c.setAuthor("sectionx")
    c.setCreator(f"sectionx {__version__}")
    painter = _Painter(c, document.symbol_map, theme)
    for page in document.pages:
        c.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
        for name in used_symbols(page.items, painter.symbols):
            painter.define(name)
        painter.state, painter.stack = {}, []
        c.transform(*page_matrix(page.height))
        # SVG's default miter limit is 4, PDF's 10: without this, corners sharper than
        # 29 degrees would be mitred in the PDF but bevelled in the SVG.  Forms inherit it.
        c.setMiterLimit(4)
        painter.items(page.items)
        c.showPage()
    c.save()
    return out.getvalue()


def write_pdf(path: str | FilePath, document: Document, theme: Theme) -> None:
    """Write :func:`to_pdf` to ``path`` atomically (:func:`sectionx.fileio.write_file`)."""
    write_file(path, to_pdf(document, theme))


class ScenePainter:
    """Scene items drawn into a PDF that something else lays out (the manual's pages,
    set by reportlab's platypus): one per canvas, each symbol one form for the whole
    file, as :func:`to_pdf` does.  Symbols of the same name must be the same symbol."""

    def __init__(self, canvas: Canvas, theme: Theme):
        self._painter = _Painter(canvas, {}, theme)

    def add_symbols(self, symbols: Iterable[Symbol]) -> None:
        for s in symbols:
            known = self._painter.symbols.get(s.name)
            if known is not None and known != s:
                raise ValueError(f"two different symbols are named {s.name!r}")
            self._painter.symbols[s.name] = s

    def draw(self, items: tuple[Item, ...], height_mm: float, scale_: float = 1.0) -> None:
        """Draw ``items`` (scene mm, y down, ``height_mm`` tall) with their top-left at
        the canvas's current origin, scaled by ``scale_``; the canvas's state is kept."""
        p = self._painter
        for name in used_symbols(items, p.symbols):
            p.define(name)
        c = p.c
        c.saveState()
        p.state, p.stack = {}, []
        c.translate(0, height_mm * scale_ * PT_PER_MM)
        c.scale(scale_ * PT_PER_MM, -scale_ * PT_PER_MM)
        c.setMiterLimit(4)
        p.items(items)
        c.restoreState()
        p.state, p.stack = {}, []
