"""Puzzles on paper for every game: the card and solution sheet (``sheet``), the
challenge deck (``deck``) and the puzzle book (``book``), laid out from pictures a
game draws.

A game turns each puzzle and its proved solution into a :class:`PrintedPuzzle`:
words (title, goal, what else a solver must know, a summary) and one-page
drawings (:class:`~sectionx.render.scene.Document`, as its ``render`` makes them:
the puzzle as the player meets it, the position after each turn of the solution).
Everything here is layout: type sizes, imposition, tier colours and symbols from the
theme, duplex backs.  Nothing here names a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from .scene import Document


@dataclass(frozen=True)
class Step:
    """One turn of a solution as printed: a heading ("Turn 1: yellow pushes L3"), the
    picture after the turn (one page, what happened highlighted), what happened in
    full, a line each (sheet and book), and in one short sentence (a card's back)."""

    heading: str
    picture: Document
    lines: tuple[str, ...] = ()
    brief: str = ""


@dataclass(frozen=True)
class PrintedPuzzle:
    """A puzzle with its proved solution, ready to lay out.

    ``number`` is its place in the set as printed (1..N; 0 for a lone sheet);
    ``goal`` the goal in words, one sentence; ``facts`` whatever else the solver must
    know to solve it from the page ("Blue defends with its best pushes", "2 players;
    the others pass"); ``picture`` the puzzle as the player meets it (one page);
    ``steps`` the solution, turn by turn; ``summary`` one line ("3 turns, the fewest
    possible; the only solution"); ``tier`` one of :data:`sectionx.puzzlesets.TIERS`
    or None when ungraded; ``grade_id`` the id that makes it again; ``turns`` the
    proved fewest turns; ``source`` the file it came from (named in errors)."""

    number: int
    title: str
    goal: str
    picture: Document
    steps: tuple[Step, ...]
    summary: str
    turns: int
    facts: tuple[str, ...] = ()
    tier: str | None = None
    grade_id: str = ""
    source: str = ""
