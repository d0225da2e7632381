"""Breakout's illustrated rulebook (``sectionx manual --game breakout``), built by
:mod:`sectionx.rulebook`.

What Breakout gives the shared builder (:data:`RULEBOOK`): its rulebook folder
(``rulebook/``: the rules ``rules-en.md``, the figures ``figures/``, the English
words ``en.yaml``), how a figure is judged and drawn (:mod:`.figures`), and two
pictures in the kit's own art (:mod:`.art`): a wall in the middle of a
break-out on the cover, and the components (the wall, the knots, the figures).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...render.scene import Item
from ...rulebook import Picture, Rulebook, packaged
from ...rulebook.build import write_manual
from . import art, figures
from .rules import PLAYERS, Field, Player, Position, Wall

if TYPE_CHECKING:
    from ...games import api
    from ...render.theme import Theme
    from ...rulebook.language import Language

#: The components, in the order the components page shows them.
COMPONENTS = ("wall", "knots", "figures")

#: The wall on the cover, top row first: yellow (y) has escaped once and is one push
#: from a second rope (L3 moves blue's and yellow's knots along and closes column 3).
_COVER = ("b.y.b", ".yyb.", "by..b", ".by.b", "y.y.b")


def _cover_position() -> Position:
    letters = {"y": Player.YELLOW, "b": Player.BLUE, ".": None}
    rows: list[tuple[Field, ...]] = [tuple(letters[c] for c in line) for line in reversed(_COVER)]
    return Position(Wall(), tuple(rows), escaped=(1, 0), tops=((Player.YELLOW, 3),))


def cover_picture(theme: Theme, lang: Language) -> Picture:
    """A wall in the middle of a break-out, with its push arrows and top."""
    items, g = art.wall_items(theme, _cover_position(), coords=False)
    return Picture(tuple(items), (), g.x0 + g.width + art.END + art.MARGIN, g.y0 + g.height + art.MARGIN)


def component_pictures(theme: Theme, lang: Language) -> list[tuple[str, Picture]]:
    """(component key, picture) for the components page, in :data:`COMPONENTS` order."""
    empty = Position(Wall(), tuple((None,) * 5 for _ in range(5)))
    items, g = art.wall_items(theme, empty, coords=False)
    wall = Picture(tuple(items), (), g.x0 + g.width + art.END + art.MARGIN, g.y0 + g.height + art.MARGIN)
    d = art.FIELD * 0.72
    knots: list[Item] = []
    for i, player in enumerate(PLAYERS):
        knots += art.knot(theme, player, d * 0.7 + i * d * 1.3, d * 0.7, d)
    people: list[Item] = []
    h = art.TOP - 4.5
    for i, player in enumerate(PLAYERS):
        people += art.figure(theme, player, h * 0.5 + i * h * 0.8, h + 1.0, h)
    return [("wall", wall),
            ("knots", Picture(tuple(knots), (), d * (0.4 + 1.3 * len(PLAYERS)), d * 1.4)),
            ("figures", Picture(tuple(people), (), h * (0.2 + 0.8 * len(PLAYERS)), h + 2.0))]


#: Breakout's rulebook: every numbered section of its rules text.
RULEBOOK = Rulebook(
    game="Breakout",
    folder=packaged(__name__.rpartition(".")[0]),
    figure_problems=figures.figure_problems,
    draw_figure=figures.draw_figure,
    words=figures.WORDS,
    components=COMPONENTS,
    component_pictures=component_pictures,
    cover=cover_picture,
    figure_size=figures.BOOK_BOX,
    summary_after=8,
)


def manual(options: api.ManualOptions) -> None:
    """``sectionx manual --game breakout``."""
    write_manual(RULEBOOK, options)


__all__ = ["COMPONENTS", "RULEBOOK", "component_pictures", "cover_picture", "manual"]
