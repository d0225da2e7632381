"""The manual's pictures that are not figures: the board on the cover and the components.

All drawn with the kit's own art (:mod:`sectionx.games.sectionx.render.art`,
:mod:`sectionx.games.sectionx.render.board`), so the book shows the pieces a player prints.
Each picture is scene items with its symbols and size (mm), which the PDF draws
with the scene painter and the HTML writes as inline SVG.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ....colours import COLOURS
from ....render.layout import Layout
from ....render.scene import Document, Group, Item, Page, Style, Symbol, Use, polygon, rect, translate
from ..formats import bundled_board, bundled_catalogue
from ..render.art import PRISONER, TileArt, door_symbol, hex_corners, key_symbol, prisoner_symbol
from ..render.board import BOARD_LABEL_PT, board_items

if TYPE_CHECKING:
    from ....render.theme import Theme
    from .language import Language

#: Tiles shown on the components page: a straight tunnel, a junction, two tunnels, a
#: dead end, a hideout (ids of the default tile set, docs/tiles.md).
SAMPLE_TILES = ("T01", "T19", "T29", "T39", "T46", "T50")


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


def cover_picture(theme: Theme, lang: Language) -> Picture:
    """The standard board, empty, in the sea."""
    board = bundled_board("standard")
    pad = 4.0
    layout = Layout(theme.tile).fitted(board.cells, pad)
    _, _, right, bottom = layout.bounds(board.cells)
    w, h = right + pad, bottom + pad
    items: list[Item] = [rect(0, 0, w, h, Style(fill=theme.colours["sea"]))]
    items += board_items(board, layout, theme, min_pt=BOARD_LABEL_PT, words=lang.drawn_words())
    return Picture(tuple(items), (), w, h)


def component_pictures(theme: Theme, lang: Language) -> list[tuple[str, Picture]]:
    """(component key, picture) for the components page, in the language file's order."""
    art = TileArt(theme)
    F = theme.tile
    out: list[tuple[str, Picture]] = []
    board = cover_picture(theme, lang)
    out.append(("board", board))
    catalogue = bundled_catalogue()
    tiles = [catalogue[t] for t in SAMPLE_TILES if t in catalogue]
    symbols: dict[str, Symbol] = {}
    items: list[Item] = []
    cols = 3
    for i, t in enumerate(tiles):
        symbols.setdefault(art.tile_name(t), art.tile_symbol(t))
        cx = F * 0.55 + (i % cols) * F * 1.05
        cy = F * 0.55 + (i // cols) * F * 1.0
        # Clipped to the hexagon: the art runs on into the bleed, for cutting.
        hexagon = tuple(hex_corners(F, (cx, cy)))
        items.append(Group(tuple(art.tile_items(t, (cx, cy), 0)), clip=hexagon))
        items.append(polygon(hexagon, Style(stroke=theme.colours["cell_line"], width=0.3)))
    rows = (len(tiles) + cols - 1) // cols
    out.append(("tiles", Picture(tuple(items), tuple(symbols.values()), F * (0.1 + 1.05 * cols), F * (0.1 + 1.0 * rows))))
    d = PRISONER * F
    items, syms = [], []
    for i, colour in enumerate(COLOURS):
        s = prisoner_symbol(theme, colour, d)
        syms.append(s)
        items.append(Use(s.name, translate(d * 0.7 + i * d * 1.3, d * 0.7)))
    out.append(("prisoners", Picture(tuple(items), tuple(syms), d * (0.4 + 1.3 * len(COLOURS)), d * 1.4)))
    length, depth = art.door_size()
    items, syms = [], []
    for i, colour in enumerate(COLOURS):
        s = door_symbol(theme, colour, length, depth)
        syms.append(s)
        items.append(Use(s.name, translate(length * 0.65 + i * length * 1.2, depth * 1.0)))
    out.append(("doors", Picture(tuple(items), tuple(syms), length * (0.3 + 1.2 * len(COLOURS)), depth * 2.0)))
    k = key_symbol(theme, F * 0.5)
    out.append(("keys", Picture((Use(k.name, translate(F * 0.35, F * 0.2)),), (k,), F * 0.7, F * 0.4)))
    return out


__all__ = ["SAMPLE_TILES", "Picture", "component_pictures", "cover_picture"]
