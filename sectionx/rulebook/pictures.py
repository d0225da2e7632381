"""A picture in a rulebook: scene items with their symbols and size, drawn by both writers.

The PDF draws a picture with the scene painter (:class:`sectionx.render.pdf.ScenePainter`),
the HTML writes it as inline SVG (:mod:`sectionx.render.svg`): the same items
either way.  A game's figures, its cover and its components are pictures.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ..render.scene import Document, Group, Item, Page, Symbol, Text

#: The least a word of the cover's or the components' picture prints at (pt): smaller
#: words are left out (issue 30).  Those pictures are the kit's art drawn small (the
#: board on the components page at an eighth: its names printed at 0.6 pt, the tiles'
#: ids at 3 pt), where a word under this size reads as a speck, not a word.
LEAST_WORD_PT = 4.0


@dataclass(frozen=True)
class Picture:
    """Scene items (mm, y down, top-left at 0,0) with the symbols they place."""

    items: tuple[Item, ...]
    symbols: tuple[Symbol, ...]
    width: float
    height: float

    @classmethod
    def of(cls, document: Document) -> Picture:
        """The first page of a drawn document."""
        page = document.pages[0]
        return cls(page.items, tuple(document.symbols), page.width, page.height)

    def legible(self, scale: float, least: float = LEAST_WORD_PT) -> Picture:
        """The picture without the words that print under ``least`` points when it is
        drawn at ``scale`` (groups' own scales on top; words inside symbols, drawn at
        many scales, are kept)."""
        return replace(self, items=_words_at_least(self.items, scale, least))

    def document(self, name: str) -> Document:
        return Document((Page(self.width, self.height, self.items, name, name),), tuple(self.symbols), name)


def _words_at_least(items: tuple[Item, ...], k: float, least: float) -> tuple[Item, ...]:
    out: list[Item] = []
    for it in items:
        if isinstance(it, Text):
            if it.size * k >= least - 1e-9:
                out.append(it)
        elif isinstance(it, Group):
            out.append(replace(it, items=_words_at_least(it.items, k * math.hypot(it.matrix[0], it.matrix[1]), least)))
        else:
            out.append(it)
    return tuple(out)


__all__ = ["LEAST_WORD_PT", "Picture"]
