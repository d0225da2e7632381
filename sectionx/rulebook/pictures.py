"""A picture in a rulebook: scene items with their symbols and size, drawn by both writers.

The PDF draws a picture with the scene painter (:class:`sectionx.render.pdf.ScenePainter`),
the HTML writes it as inline SVG (:mod:`sectionx.render.svg`): the same items
either way.  A game's figures, its cover and its components are pictures.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..render.scene import Document, Item, Page, Symbol


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

    def document(self, name: str) -> Document:
        return Document((Page(self.width, self.height, self.items, name, name),), tuple(self.symbols), name)


__all__ = ["Picture"]
