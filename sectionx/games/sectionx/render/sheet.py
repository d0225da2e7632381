"""Puzzle cards and solution sheets (``sectionx sheet``), and the values a solved
puzzle is printed from (:class:`TurnPicture`, :class:`SolvedPuzzle`).

Pure, like every renderer: a puzzle scenario and the pictures of its solution's
turns in, a :class:`~sectionx.render.scene.Document` out.  The card is solvable
from the page alone: the goal in words, the position cropped to the cells that
matter with the goal player's hand drawn under it (:mod:`.printed`).  The solution
has one picture per turn, each the position after that turn, with the turn's tile
action highlighted, each prisoner's path drawn as an arrow, and one line of text
per action; the layout is every game's (:mod:`sectionx.render.puzzleprint`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ....render.scene import Document
from ....render.theme import Theme
from ..model import Annotations, Scenario, State


@dataclass(frozen=True)
class TurnPicture:
    """One turn of a solution as it is drawn: the position after the turn, the
    highlights and arrows that show what happened, and a line per action."""

    number: int
    state: State
    annotations: Annotations
    lines: tuple[str, ...]
    #: The whole turn in one short sentence, for a card's back (:func:`sectionx.games.sectionx.solution.brief`).
    brief: str = ""


@dataclass(frozen=True)
class SolvedPuzzle:
    """A puzzle with its proved solution, as the deck and the book print it: its number
    in the set (1..N, in the order printed), the puzzle, one picture per turn of the
    solution, a summary line ("3 turns, the fewest possible; unique"), the file it
    came from (named in any error about it) and how many optimal plans it has (Q5:
    1 but for a book's puzzle whose ``answer:`` records more)."""

    number: int
    scenario: Scenario
    turns: tuple[TurnPicture, ...]
    summary: str
    source: str
    plans: int = 1

    @property
    def tier(self) -> str | None:
        """Its grade's tier, or None for an ungraded puzzle."""
        return self.scenario.grade.tier if self.scenario.grade is not None else None


def sheets(scenario: Scenario, turns: Sequence[TurnPicture], theme: Theme, paper: tuple[float, float], *,
           summary: str = "", number: str = "", source: str = "") -> Document:
    """Card then solution, as one document (the PDF of ``sectionx sheet``), laid out as
    every game's sheet (:func:`sectionx.render.puzzleprint.sheet_document`): the card
    the title, the goal once in bold, the facts and the picture cropped and scaled to
    the page (:mod:`.printed`: the hand drawn under the board), no type under 8 pt;
    then the solution, up to four turns to a page, each cropped alike."""
    from ....render.puzzleprint import sheet_document
    from .printed import printed

    puzzle = printed(scenario, turns, theme, summary=summary, number=int(number) if number.isdigit() else 0,
                     source=source)
    return sheet_document(puzzle, theme, paper)
