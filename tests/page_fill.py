"""How much of a page the kit leaves empty, read from its scene (issue 30: no kit page
more than a third empty unless a piece needs it).

A pure-Python companion of ``benchmarks/kit_fill.py`` (which rasterises the PDF with
poppler, not installed for the tests): the page inside the theme's margin is cut into
``cell`` mm squares, and a square is empty when no painted thing's box reaches into
it (each path, circle and text by its own ink box, :func:`sectionx.render.pieces.ink_box`).
A box covers more than its ink (a ring's middle, a line's run of white), so this share
is a lower bound of what the raster measure finds; the kits' pages measured both ways
are in docs/benchmarks.md."""

from __future__ import annotations

import math

from sectionx.render.pieces import _walk, ink_box
from sectionx.render.scene import IDENTITY, Page, Symbol
from sectionx.render.theme import Theme


def empty_share(page: Page, symbols: dict[str, Symbol], theme: Theme, *, cell: float = 5.0) -> float:
    """The share of ``cell`` mm squares inside the margin that nothing is painted in."""
    m = theme.margin
    cols = int((page.width - 2 * m) // cell)
    rows = int((page.height - 2 * m) // cell)
    inked = [[False] * cols for _ in range(rows)]
    for it, mm in _walk(page.items, IDENTITY, symbols):
        box = ink_box([it], symbols, theme, mm)
        if box is None:
            continue
        c0, c1 = max(0, math.floor((box[0] - m) / cell)), min(cols - 1, math.floor((box[2] - m) / cell))
        r0, r1 = max(0, math.floor((box[1] - m) / cell)), min(rows - 1, math.floor((box[3] - m) / cell))
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                inked[r][c] = True
    return sum(not v for row in inked for v in row) / (rows * cols)
