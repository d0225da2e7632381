"""The shapes every game prints its colours with, and ink that reads on a fill.

Each player colour has a shape (:attr:`sectionx.colours.Colour.symbol`), printed on
every piece of that colour so that greyscale prints and colour-blind players can
tell pieces apart.  No game words.
"""

from __future__ import annotations

import math

from ..colours import Colour
from .scene import Circle, Item, Style, polygon
from .theme import Theme

#: Every shape a piece or mark may carry.
SHAPES = ("circle", "square", "triangle", "diamond", "star")


def shape(name: str, cx: float, cy: float, size: float, style: Style) -> Item:
    """Shape ``name`` (one of :data:`SHAPES`) centred on (cx, cy), ``size`` mm across."""
    h = size / 2
    if name == "circle":
        return Circle(cx, cy, h * 0.9, style)
    if name == "square":
        s = h * 0.8
        return polygon([(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)], style)
    if name == "triangle":
        return polygon([(cx, cy - h), (cx + h * 0.95, cy + h * 0.68), (cx - h * 0.95, cy + h * 0.68)], style)
    if name == "star":
        # Five points; the inner radius of a regular star (0.382) would look thin when small.
        pts = [(cx + r * math.sin(math.radians(36 * k)), cy + h * 0.1 - r * math.cos(math.radians(36 * k)))
               for k in range(10) for r in [h if k % 2 == 0 else h * 0.45]]
        return polygon(pts, style)
    if name == "diamond":
        return polygon([(cx, cy - h), (cx + h * 0.8, cy), (cx, cy + h), (cx - h * 0.8, cy)], style)
    raise ValueError(f"no shape {name!r}; shapes are {', '.join(SHAPES)}")


def symbol_shape(colour: Colour, cx: float, cy: float, size: float, style: Style) -> Item:
    """The colour's shape (G4) centred on (cx, cy), ``size`` mm across."""
    return shape(colour.symbol, cx, cy, size, style)


def ink_on(theme: Theme, fill: str) -> str:
    """Ink that reads on ``fill`` (``#rrggbb``): the theme's dark ink on a light fill, white on a dark one."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return theme.colours["ink"] if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def on_colour(theme: Theme, colour: Colour) -> str:
    """Ink that reads on the colour's fill: dark on yellow, white elsewhere."""
    return ink_on(theme, theme.player(colour))
