"""Section X's illustrated rulebook (``sectionx manual``), built by :mod:`sectionx.rulebook`.

What Section X gives the shared builder (:data:`RULEBOOK`): its rulebook folder
(``rulebook/``: the players' rules ``rules-en.md``, ``rules-de.md`` and
``rules-nl.md``, the figures ``figures/``, the languages ``en.yaml``, ``de.yaml``,
``nl.yaml``), how a figure is judged
(:func:`~.figures.figure_problems`: a position valid under every ruling, then
every claim by the engine) and drawn (:func:`~.figures.draw_figure`), the words
drawn on figures and the board (:class:`~.render.words.Words`, in each language),
and two pictures drawn with the kit's own art (:mod:`.render.art`,
:mod:`.render.board`), so the book shows the pieces a player prints: the empty
board on the cover, and the components.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import TYPE_CHECKING, Any

from ...colours import COLOURS
from ...render.layout import Layout
from ...render.scene import Group, Item, Style, Symbol, Use, polygon, translate
from ...rulebook import Picture, Rulebook, packaged
from ...rulebook.build import write_manual
from . import figures
from .formats import bundled_board, bundled_catalogue
from .render.art import PRISONER, TileArt, door_symbol, hex_corners, key_symbol, prisoner_symbol
from .render.board import BOARD_LABEL_PT, board_items, frame_width, outline
from .render.scenery import WATER_LINES, coast, sea
from .render.words import ENGLISH, Words

if TYPE_CHECKING:
    from ...games import api
    from ...render.theme import Theme
    from ...rulebook.language import Language

#: Tiles shown on the components page: a straight tunnel, a junction, two tunnels, a
#: dead end, a hideout (ids of the default tile set, docs/tiles.md).
SAMPLE_TILES = ("T01", "T19", "T29", "T39", "T46", "T50")

#: The words drawn on figures and the board, in English, by name: every text of
#: :class:`~.render.words.Words` (a language file gives each, with the same fields).
WORDS = {f.name: getattr(ENGLISH, f.name) for f in fields(Words) if isinstance(getattr(ENGLISH, f.name), str)}

#: The components, in the order the components page shows them.
COMPONENTS = ("board", "tiles", "prisoners", "doors", "keys")


def drawn_words(lang: Language) -> Words:
    """The language's words for figures and the board (goal sentences stay English: no
    manual figure is a puzzle)."""
    given: dict[str, Any] = dict(lang.words)  # every key is a str field of Words (WORDS, checked on reading)
    return replace(ENGLISH, **given)


def cover_picture(theme: Theme, lang: Language) -> Picture:
    """The standard board, empty, in the sea, drawn as the kit prints it (issue 30):
    the sea's waves, the coast's water lines and rocks, the prison on the island
    (:mod:`.render.scenery`, ``board_items(scenic=True)``); the names in the book's language."""
    board = bundled_board("standard")
    pad = 4.0 + frame_width(Layout(theme.tile)) + max(WATER_LINES)
    layout = Layout(theme.tile).fitted(board.cells, pad)
    _, _, right, bottom = layout.bounds(board.cells)
    w, h = right + pad, bottom + pad
    land = outline(board.cells, layout)
    sea_items = sea(w, h, theme, land) + coast(land, theme, frame_width(layout))
    items: list[Item] = [Group(tuple(sea_items), clip=((0.0, 0.0), (w, 0.0), (w, h), (0.0, h)), label="sea")]
    items += board_items(board, layout, theme, min_pt=BOARD_LABEL_PT, words=drawn_words(lang), scenic=True)
    return Picture(tuple(items), (), w, h)


def component_pictures(theme: Theme, lang: Language) -> list[tuple[str, Picture]]:
    """(component key, picture) for the components page, in :data:`COMPONENTS` order."""
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


#: Section X's rulebook: the players' rules are sections 1 to 13 of its rules text in each
#: language (13 the clarifications); docs/rules.md is the technical statement of the same rules.
RULEBOOK = Rulebook(
    game="Section X",
    folder=packaged(__name__.rpartition(".")[0]),
    figure_problems=figures.figure_problems,
    draw_figure=figures.draw_figure,
    sections=range(1, 14),
    words=WORDS,
    components=COMPONENTS,
    component_pictures=component_pictures,
    cover=cover_picture,
    figure_size=figures.BOOK_BOX,
    summary_after=12,
)


def manual(options: api.ManualOptions) -> None:
    """``sectionx manual`` for Section X."""
    write_manual(RULEBOOK, options)


__all__ = ["COMPONENTS", "RULEBOOK", "SAMPLE_TILES", "WORDS", "component_pictures", "cover_picture", "drawn_words", "manual"]
