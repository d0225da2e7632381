"""The SVG backend: one :class:`~sectionx.render.scene.Page` as one SVG picture.

The root has ``width``/``height`` in mm and ``viewBox="0 0 w h"``, so a user unit
is a millimetre and scene values are written as they are.  Every symbol the
page uses (directly or through other symbols) is drawn once as a ``<g>`` in
``<defs>`` and placed with ``<use xlink:href="#…" transform="matrix(…)">``;
symbols the page does not use are left out.

Output is byte-deterministic: ids come from symbol names, labels and a counter in
drawing order, numbers go through :func:`~sectionx.render.scene.fmt` (lengths, 3
decimals) or keep 6 decimals (the linear part of a matrix, where 3 would move a
point 40 mm from a rotated symbol's origin by up to 0.02 mm).
"""

from __future__ import annotations

import io
import re
from pathlib import Path as FilePath
from typing import TYPE_CHECKING

import svgwrite
from svgwrite.base import BaseElement

from ..fileio import write_file
from .scene import (
    IDENTITY,
    MM_PER_PT,
    Circle,
    Command,
    Group,
    Item,
    Matrix,
    Page,
    Path,
    Style,
    Symbol,
    Text,
    Use,
    escape_name,
    fmt,
    unescape_name,
    used_symbols,
)

if TYPE_CHECKING:
    from .theme import Theme

_ANCHORS = ("start", "middle", "end")


def symbol_id(name: str) -> str:
    """The SVG id of symbol ``name``: ``sym-`` and the name, any character but
    ``A-Z a-z 0-9 . -`` written as ``_hex_`` (so distinct names keep distinct ids)."""
    return "sym-" + escape_name(name)


def symbol_from_id(ident: str) -> str:
    """The symbol name back from :func:`symbol_id` (ValueError for other ids)."""
    if not ident.startswith("sym-"):
        raise ValueError(f"{ident!r} is not a symbol id")
    return unescape_name(ident[4:])


def _coef(value: float) -> str:
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def matrix_attr(m: Matrix) -> str:
    """``matrix(a b c d e f)`` as written into ``transform`` attributes."""
    a, b, c, d, e, f = m
    return f"matrix({_coef(a)} {_coef(b)} {_coef(c)} {_coef(d)} {fmt(e)} {fmt(f)})"


def path_data(commands: tuple[Command, ...]) -> str:
    """A scene path's commands as an SVG ``d`` attribute."""
    parts = []
    for cmd in commands:
        if cmd[0] not in ("M", "L", "C", "Z") or len(cmd) != {"M": 3, "L": 3, "C": 7, "Z": 1}[cmd[0]]:
            raise ValueError(f"bad path command {cmd!r}")
        parts.append(" ".join([cmd[0], *(fmt(v) for v in cmd[1:])]))
    return " ".join(parts)


def _style_attrs(style: Style) -> dict[str, str]:
    out = {"fill": style.fill or "none"}
    if style.stroke:
        out["stroke"] = style.stroke
        out["stroke-width"] = fmt(style.width)
        if style.dash:
            out["stroke-dasharray"] = " ".join(fmt(v) for v in style.dash)
        if style.cap != "butt":
            out["stroke-linecap"] = style.cap
        if style.join != "miter":
            out["stroke-linejoin"] = style.join
    if style.opacity < 1:
        # Fill and stroke each get the opacity, as the PDF's alpha does (a group
        # opacity would composite differently where stroke overlaps fill).
        if style.fill:
            out["fill-opacity"] = fmt(style.opacity)
        if style.stroke:
            out["stroke-opacity"] = fmt(style.opacity)
    return out


class _Writer:
    def __init__(self, page: Page, symbols: dict[str, Symbol], theme: Theme):
        self.symbols = symbols
        self.theme = theme
        w, h = fmt(page.width), fmt(page.height)
        self.dwg = svgwrite.Drawing(size=(f"{w}mm", f"{h}mm"), viewBox=f"0 0 {w} {h}", profile="full", debug=False)
        self.ids: set[str] = set()
        self.clips = 0
        if page.label:
            self.dwg.set_desc(title=page.label)
        for name in used_symbols(page.items, symbols):
            if name in used_symbols(symbols[name].items, symbols):
                raise ValueError(f"symbol {name!r} places itself, directly or through others")
            ident = symbol_id(name)
            self.ids.add(ident)
            g = self.dwg.g(id=ident)
            self.items(g, symbols[name].items)
            self.dwg.defs.add(g)
        self.items(self.dwg, page.items)

    def unique(self, wanted: str) -> str:
        base = re.sub(r"[^A-Za-z0-9._-]", "-", wanted)
        if not re.match(r"[A-Za-z_]", base):
            base = "g-" + base
        ident, n = base, 1
        while ident in self.ids:
            n += 1
            ident = f"{base}-{n}"
        self.ids.add(ident)
        return ident

    def items(self, parent: BaseElement, items: tuple[Item, ...]) -> None:
        for it in items:
            # A shape with neither fill nor stroke paints nothing (a piece's hidden
            # trim, pieces.TRIM): left out, as the PDF leaves it out.
            if isinstance(it, (Path, Circle)) and not (it.style.fill or it.style.stroke):
                continue
            parent.add(self.item(it))

    def item(self, it: Item) -> BaseElement:
        dwg = self.dwg
        if isinstance(it, Path):
            return dwg.path(d=path_data(it.commands), **_style_attrs(it.style))
        if isinstance(it, Circle):
            return dwg.circle(center=(fmt(it.cx), fmt(it.cy)), r=fmt(it.r), **_style_attrs(it.style))
        if isinstance(it, Text):
            return self.text(it)
        if isinstance(it, Use):
            if it.name not in self.symbols:
                raise KeyError(f"symbol {it.name!r} is not defined")
            use = dwg.use(f"#{symbol_id(it.name)}")
            if it.matrix != IDENTITY:
                use["transform"] = matrix_attr(it.matrix)
            return use
        if isinstance(it, Group):
            g = dwg.g()
            if it.label:
                g["id"] = self.unique(it.label)
            if it.matrix != IDENTITY:
                g["transform"] = matrix_attr(it.matrix)
            if it.clip is not None:
                # The clip path is in the group's user space, which includes its transform,
                # matching the scene's "clip before matrix" (and the PDF: cm, then W n).
                self.clips += 1
                clip = dwg.clipPath(id=self.unique(f"clip-{self.clips}"))
                outline = (("M", *it.clip[0]), *(("L", *p) for p in it.clip[1:]), ("Z",))
                clip.add(dwg.path(d=path_data(outline)))
                dwg.defs.add(clip)
                g["clip-path"] = f"url(#{clip['id']})"
            self.items(g, it.items)
            return g
        raise TypeError(f"not a scene item: {it!r}")

    def text(self, t: Text) -> BaseElement:
        if t.anchor not in _ANCHORS:
            raise ValueError(f"text anchor {t.anchor!r} is not one of {', '.join(_ANCHORS)}")
        el = self.dwg.text(t.text, insert=(fmt(t.x), fmt(t.y)))
        el["font-family"] = self.theme.svg_family
        el["font-size"] = fmt(t.size * MM_PER_PT)
        el["fill"] = t.fill
        if t.anchor != "start":
            el["text-anchor"] = t.anchor
        if t.bold:
            el["font-weight"] = "bold"
        if t.angle:
            el["transform"] = f"rotate({_coef(t.angle)} {fmt(t.x)} {fmt(t.y)})"
        if t.text != " ".join(t.text.split()):
            # SVG would collapse these spaces; the PDF keeps them.
            el["xml:space"] = "preserve"
        return el

    def document(self) -> str:
        out = io.StringIO()
        self.dwg.write(out, pretty=True, indent=1)
        return out.getvalue()


def to_svg(page: Page, symbols: dict[str, Symbol], theme: Theme) -> str:
    """The page as SVG text (UTF-8, with an XML declaration); byte-identical for equal input.

    Raises KeyError for a :class:`Use` of a symbol not in ``symbols`` and ValueError
    for a malformed path command or text anchor.
    """
    return _Writer(page, symbols, theme).document()


def write_svg(path: str | FilePath, page: Page, symbols: dict[str, Symbol], theme: Theme) -> None:
    """Write :func:`to_svg` to ``path`` atomically (:func:`sectionx.fileio.write_file`)."""
    write_file(path, to_svg(page, symbols, theme))
