"""Hekla's illustrated rulebook (``sectionx manual --game hekla``), built by
:mod:`sectionx.rulebook`.

What Hekla gives the shared builder (:data:`RULEBOOK`): its rulebook folder
(``rulebook/``: the rules ``rules-en.md``, the figures ``figures/``, the English
words ``en.yaml``), how a figure is judged and drawn (:mod:`.figures`), and two
pictures in the kit's own art (:mod:`.art`): a game under way on the cover, and
the components (the board, the volcano stones, the lava stones, the volcanists).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...render.scene import Item
from ...rulebook import Picture, Rulebook, packaged
from ...rulebook.build import write_manual
from . import art, figures
from .rules import LAVA, SEATS, Player, Position, Stone, start

if TYPE_CHECKING:
    from ...games import api
    from ...render.theme import Theme
    from ...rulebook.language import Language

#: The components, in the order the components page shows them.
COMPONENTS = ("board", "stones", "lava", "volcanists")

#: The stones of the game on the cover (three players, a few turns in): field (column,
#: row from 0) and its stones, and how far each volcanist has run.
_COVER_STONES = {
    (0, 0): ("red2",), (1, 1): ("green3", "lava0"), (2, 1): ("yellow1",), (3, 1): ("red3",),
    (1, 3): ("green2",), (2, 3): ("lava1", "yellow2"), (2, 4): ("red0",), (4, 2): ("green0", "yellow3"),
}
_COVER_TRACK = (9, 6, 3)


def _stone(text: str) -> Stone:
    return Stone(text.rstrip("0123"), int(text[-1]))


def _cover_position() -> Position:
    begun = start(3)
    fields = tuple((f, tuple(_stone(s) for s in stones)) for f, stones in sorted(_COVER_STONES.items()))
    return replace(begun, fields=fields, track=_COVER_TRACK)


def _picture(items: list[Item], g: art.Geometry) -> Picture:
    w, h = g.size
    return Picture(tuple(items), (), w + 2 * art.MARGIN, h + 2 * art.MARGIN)


def cover_picture(theme: Theme, lang: Language) -> Picture:
    """A game under way: stones on the area, lava on some, the volcanists on the track."""
    return _picture(*art.position_items(theme, _cover_position(), coords=False))


def component_pictures(theme: Theme, lang: Language) -> list[tuple[str, Picture]]:
    """(component key, picture) for the components page, in :data:`COMPONENTS` order."""
    board = _picture(*art.board_items(theme, start(2).board, coords=False))
    d = art.FIELD * 0.4
    stones: list[Item] = []
    for row, player in enumerate(SEATS):
        for value in range(4):
            stones += art.stone(theme, Stone(player.value, value), d * 0.7 + value * d * 1.2, d * 0.7 + row * d * 1.2, d)
    lava: list[Item] = []
    for value in range(2):
        lava += art.stone(theme, Stone(LAVA, value), d * 0.7 + value * d * 1.2, d * 0.7, d)
    people: list[Item] = []
    h = art.FIELD * 0.62
    for i, player in enumerate(SEATS):
        people += art.volcanist(theme, Player(player), h * 0.5 + i * h * 0.8, h + 1.0, h)
    return [("board", board),
            ("stones", Picture(tuple(stones), (), d * (0.2 + 1.2 * 4), d * (0.2 + 1.2 * len(SEATS)))),
            ("lava", Picture(tuple(lava), (), d * (0.2 + 1.2 * 2), d * 1.4)),
            ("volcanists", Picture(tuple(people), (), h * (0.2 + 0.8 * len(SEATS)), h + 2.0))]


#: Hekla's rulebook: every numbered section of its rules text.
RULEBOOK = Rulebook(
    game="Hekla",
    folder=packaged(__name__.rpartition(".")[0]),
    figure_problems=figures.figure_problems,
    draw_figure=figures.draw_figure,
    words=figures.WORDS,
    components=COMPONENTS,
    component_pictures=component_pictures,
    cover=cover_picture,
    figure_size=figures.BOOK_BOX,
    summary_after=7,
)


def manual(options: api.ManualOptions) -> None:
    """``sectionx manual --game hekla``."""
    write_manual(RULEBOOK, options)


__all__ = ["COMPONENTS", "RULEBOOK", "component_pictures", "cover_picture", "manual"]
