"""Player colours and the symbol each is printed with, shared by every game's pieces.

Every game of the house seats its players in some of these four colours, and every
printed component shows the colour's symbol too, so that greyscale prints and
colour-blind players can tell the pieces apart (Section X's G4; Breakout's yellow and
blue are the same two colours).
"""

from __future__ import annotations

import enum


class Colour(str, enum.Enum):
    """Player colours (G4), each with a symbol so components work in greyscale."""

    RED = "red"
    BLUE = "blue"
    YELLOW = "yellow"
    PURPLE = "purple"

    @property
    def letter(self) -> str:
        """One-letter code used in text pictures (R, B, Y, P)."""
        return self.value[0].upper()

    @property
    def symbol(self) -> str:
        """The shape printed on this colour's components (G4)."""
        return _SYMBOLS[self]

    def __str__(self) -> str:
        return self.value


_SYMBOLS = {
    Colour.RED: "circle",
    Colour.BLUE: "square",
    Colour.YELLOW: "triangle",
    Colour.PURPLE: "diamond",
}

#: Seat order used when a game is set up without naming colours.
COLOURS = tuple(Colour)
