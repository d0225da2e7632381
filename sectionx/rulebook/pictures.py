"""A picture in a rulebook: scene items with their symbols and size, drawn by both writers.

The PDF draws a picture with the scene painter (:class:`sectionx.render.pdf.ScenePainter`),
the HTML writes it as inline SVG (:mod:`sectionx.render.svg`): the same items
either way.  A game's figures, its cover and its components are pictures.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..render.puzzleprint import legible
from ..render.scene import Document, Item, Page, Symbol

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
        many scales, are kept): the printed puzzles' :func:`~sectionx.render.puzzleprint.legible`
        with no growth allowed."""
        return replace(self, items=legible(self.items, scale, least, max_growth=1.0))

    def document(self, name: str) -> Document:
        return Document((Page(self.width, self.height, self.items, name, name),), tuple(self.symbols), name)


__all__ = ["LEAST_WORD_PT", "Picture"]
