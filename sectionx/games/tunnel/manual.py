"""Der Tunnel's players' rules sheet, illustrated (``sectionx manual --game tunnel``),
built by :mod:`sectionx.rulebook`.

What Der Tunnel gives the shared builder (:data:`RULEBOOK`): its rulebook folder
(``rulebook/``: the rules ``rules-en.md`` and ``rules-de.md``, each written for
players in its own language, the figures ``figures/``, the words ``en.yaml`` and
``de.yaml``), how a figure is judged and drawn (:mod:`.figures`, whose legend
words every language file gives), and pictures in the game's own art (:mod:`.art`):
a game under way on the cover, with all four tunnel tiles, two tunnels joined and a
lone token; and the components, the four tunnel tiles and the twelve tokens (TG3,
TU8, TP3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...render.scene import Item
from ...rulebook import Picture, Rulebook, packaged
from ...rulebook.build import write_manual
from ...yamlsrc import parse_yaml
from . import art, figures, formats
from . import picture as board
from .model import COLOURS
from .tiles import tile_set

if TYPE_CHECKING:
    from ...games import api
    from ...render.theme import Theme
    from ...rulebook.language import Language

#: The components, in the order the components page shows them.
COMPONENTS = ("tiles", "tokens")

#: The game on the cover: three players, eighteen tiles, all four tunnel tiles; red's
#: set joins two roads into one completed road, green's joins two open ones, and
#: blue's lone token claims the opening of the road red's follower stands on.
COVER = """\
game: tunnel
players: [red, green, blue]
board:
  "-1,-1": A@0
  "0,-1": M@2
  "1,-1": N@3
  "2,-1": E@2
  "-2,0": W@0
  "-1,0": TU-D@0
  "0,0": D@0
  "1,0": TU-B@0
  "2,0": L@0
  "-2,1": V@1
  "-1,1": U@1
  "0,1": TU-C@0
  "1,1": W@0
  "2,1": V@1
  "-1,2": V@2
  "0,2": TU-A@2
  "1,2": V@1
  "2,2": B@0
followers:
  red: ["0,0 road:E", "2,1 field:En"]
  green: ["-1,2 road:N", "-1,-1 cloister"]
  blue: ["0,2 city:S", "2,2 cloister"]
tunnels:
  red: ["1,0:E", "0,1:E"]
  green: ["0,2:W", "-1,0:W"]
  blue: ["-1,0:E"]
annotations:
  tunnels: all
"""


def _cover() -> formats.Loaded:
    return formats.read(parse_yaml(COVER, "the cover of Der Tunnel's rulebook"))


def cover_picture(theme: Theme, lang: Language) -> Picture:
    """A game under way, in the game's own art, with its tunnels drawn."""
    loaded = _cover()
    pos = loaded.position
    cells = set(pos.board)
    frame = board.frame_for(cells, figures.TILE, coords=False)
    items = board.board_items(theme, pos, frame, cells, coords=False, marks=loaded.marks)
    return Picture(tuple(items), figures.symbols(theme, pos, frame), frame.right + 1.5 + board.MARGIN,
                   frame.bottom + 1.5 + board.MARGIN)


def component_pictures(theme: Theme, lang: Language) -> list[tuple[str, Picture]]:
    """(component key, picture) for the components page, in :data:`COMPONENTS` order:
    the four tunnel tiles (TG3), and the twelve tokens, six sets of two (TU8, TP3)."""
    size, gap = 18.0, 2.0
    tiles: list[Item] = []
    names = [t for t in tile_set().types.values() if t.tunnel]
    for i, t in enumerate(names):
        x, y = (i % 2) * (size + gap), (i // 2) * (size + gap)
        tiles += art.tile_items(theme, tile_set().oriented(t.name, 0), x + 1.0, y + 1.0, size)
    d = 7.0
    tokens: list[Item] = []
    for i, colour in enumerate(COLOURS):
        x, y = (i % 3) * (2 * d + 3.0), (i // 3) * (d + 2.0)
        for k in range(2):
            tokens += art.token_items(theme, colour, x + d * 0.6 + k * (d + 0.6), y + d * 0.6, d)
    return [("tiles", Picture(tuple(tiles), (), 2 * size + gap + 2.0, 2 * size + gap + 2.0)),
            ("tokens", Picture(tuple(tokens), (), 3 * (2 * d + 3.0), 2 * (d + 2.0) + 0.4))]


#: Der Tunnel's rulebook: every numbered section of its rules text, the words its
#: figures draw (every language file gives them), its cover and components.
RULEBOOK = Rulebook(
    game="Der Tunnel",
    folder=packaged(__name__.rpartition(".")[0]),
    figure_problems=figures.figure_problems,
    draw_figure=figures.draw_figure,
    words=figures.WORDS,
    components=COMPONENTS,
    component_pictures=component_pictures,
    cover=cover_picture,
    summary_after=9,
    figure_size=(figures.BOOK_W, figures.BOOK_H),
)


def manual(options: api.ManualOptions) -> None:
    """``sectionx manual --game tunnel``."""
    write_manual(RULEBOOK, options)


__all__ = ["COMPONENTS", "COVER", "RULEBOOK", "component_pictures", "cover_picture", "manual"]
