"""The fixed words that the board and the diagrams draw, in one place.

The rulebook is printed in English, German and Dutch (issue 12), so no drawing
function spells a word of its own: the board (:func:`~sectionx.games.sectionx.render.board.board_items`)
and every diagram (:func:`~sectionx.games.sectionx.render.diagram.diagram`, :func:`~sectionx.games.sectionx.render.diagram.plan`)
take ``words=`` and draw what it says.  The defaults are this edition's English,
so a caller that passes nothing gets the very bytes it always got.

A caller who prints another language passes its own :class:`Words`, e.g.::

    GERMAN = Words(island="INSEL", free_zone="FREIE ZONE", cell_block="ZELLENBLOCK",
                   stacks="Stapel", empty="leer", tiles="{n} Plättchen", ...)

Sizes follow the words given: the island's disc grows round a longer name, and a
name too wide for its place (a free zone's, a cell block's, a stack's caption) is
set smaller rather than run into its neighbour.

Only words live here.  The game's name on the tile backs ("SECTION X") is a name
and stays as printed; a caption, title, label or a puzzle's description comes from
the scenario file and is already in the file's language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields

from ....colours import Colour
from ..model import Goal
from .text import goal_sentence


@dataclass(frozen=True)
class Words:
    """Every fixed word of the board and the diagrams.  ``{name}`` fields are filled
    in with :meth:`str.format`: ``counts`` with ``freed``, ``dead`` and ``island``,
    ``tiles`` and ``one_tile`` with ``n``, ``puzzle`` with ``goal``."""

    #: The island's name, in its disc where the cell block walls meet (G3).
    island: str = "ISLAND"
    #: Under each colour's symbol on the island (G3).
    cell_block: str = "CELL BLOCK"
    #: Over the name of each green cell (G2).
    free_zone: str = "FREE ZONE"
    #: The player colours' names, as the side panel heads each player's block (G4).
    red: str = "Red"
    blue: str = "Blue"
    yellow: str = "Yellow"
    purple: str = "Purple"
    #: After the name of the player to move.
    to_move: str = "(to move)"
    #: A player's prisoners by where they are.
    counts: str = "freed {freed} · dead {dead} · island {island}"
    #: Before the doors a player holds, and what stands there when there are none.
    doors: str = "doors"
    no_doors: str = "none in hand"
    #: The heading over the stacks, and what a stack's caption says: empty, or how
    #: many face-down tiles it holds (``one_tile`` for exactly one).
    stacks: str = "Stacks"
    empty: str = "empty"
    tiles: str = "{n} tiles"
    one_tile: str = "{n} tile"
    #: The line under a puzzle: its goal in words, in bold.
    puzzle: str = "Puzzle: {goal}."
    #: Said after the goal of a puzzle in the advanced game (V2).
    advanced: str = "Advanced game: steps, the tile action and a door may come in any order (V2)."
    #: The eight compass points a zone may be named by on the board (G2: the standard
    #: board's zones are E SE SW W NW NE), in this order, as the language writes them:
    #: German "N NO O SO S SW W NW", Dutch "N NO O ZO Z ZW W NW".
    compass: str = "N NE E SE S SW W NW"
    #: A puzzle's goal as a sentence (``goal_sentence`` writes English).
    goal: Callable[[Goal], str] = goal_sentence

    def zone(self, name: str) -> str:
        """A zone's name as the board draws it: a compass point in the language's own
        letters (``SE`` is ``SO`` in German); any other name as it is written."""
        english = ENGLISH_COMPASS
        local = self.compass.split()
        if name in english and len(local) == len(english):
            return local[english.index(name)]
        return name

    def colour(self, colour: Colour) -> str:
        """The name of ``colour`` (``words.red`` for red, and so on)."""
        name: str = getattr(self, colour.value)
        return name

    def stack(self, count: int) -> str:
        """A face-down stack of ``count`` tiles, e.g. "12 tiles"."""
        return (self.one_tile if count == 1 else self.tiles).format(n=count)

    def texts(self) -> list[tuple[str, str]]:
        """(field, text) of every word, as drawn (``{...}`` left in): for checking glyphs."""
        return [(f.name, getattr(self, f.name)) for f in fields(self) if isinstance(getattr(self, f.name), str)]


#: The compass points in English, the order of :attr:`Words.compass`.
ENGLISH_COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")

#: This edition's words.
ENGLISH = Words()

__all__ = ["ENGLISH", "Words"]
