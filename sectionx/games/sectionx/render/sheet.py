"""Puzzle cards and solution sheets (``sectionx sheet``).

Pure, like every renderer: a puzzle scenario and the pictures of its solution's
turns in, a :class:`~sectionx.render.scene.Document` out.  The card is solvable
from the picture alone: the position cropped to the cells that matter, the goal
player's hand drawn as tiles in the side panel with counts and doors, and the
goal in words under the board.  The solution sheet has one diagram per turn,
each the position after that turn, with the turn's tile action highlighted,
each prisoner's path drawn as an arrow, and one line of text per action.

Diagrams are drawn by :func:`sectionx.games.sectionx.render.diagram.diagram` and laid onto the
page scaled to fit, so a card and a sheet use exactly the art of ``render``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ....render.fonts import wrap
from ....render.puzzleprint import place_picture
from ....render.scene import MM_PER_PT, Document, Item, Page, Symbol, Text
from ....render.theme import Theme
from ..model import Annotations, Scenario, State
from .diagram import diagram
from .text import goal_sentence


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


#: Space between pictures and around the page's title, in mm.
GAP = 6.0
TITLE_PT = 14.0
HEADING_PT = 10.0
TEXT_PT = 9.0


def fit_picture(doc: Document, box: tuple[float, float, float, float], symbols: dict[str, Symbol], *,
         top_align: bool = False) -> tuple[Item, float]:
    """The single page of ``doc`` (a diagram) scaled (never enlarged past 1) and centred
    in ``box`` (left, top, width, height), and the height it takes; its symbols are
    collected into ``symbols``.  The book lays its puzzle pictures with it too."""
    group, (_, top, _, bottom) = place_picture(doc, box, symbols, max_scale=1.0, valign="top" if top_align else "middle")
    return group, bottom - top


def _title(paper: tuple[float, float], margin: float, text: str, theme: Theme) -> tuple[Item, float]:
    y = margin + TITLE_PT * MM_PER_PT
    return Text(paper[0] / 2, y, text, TITLE_PT, theme.colours["ink"], "middle", True), y + GAP


def puzzle_card(scenario: Scenario, theme: Theme, paper: tuple[float, float], *, number: str = "") -> Document:
    """One page: the puzzle as a player meets it (see the module docstring)."""
    assert scenario.goal is not None, "a card is drawn for a puzzle"
    margin = theme.margin
    heading = f"Puzzle {number}: {scenario.title}" if number else (scenario.title or "Puzzle")
    title, top = _title(paper, margin, heading, theme)
    picture = diagram(Scenario(scenario.state, scenario.goal, "", scenario.description, scenario.annotations), theme,
                      crop=True, panel=True)
    symbols: dict[str, Symbol] = {}
    box = (margin, top, paper[0] - 2 * margin, paper[1] - top - margin)
    page = Page(paper[0], paper[1], (title, fit_picture(picture, box, symbols)[0]), name="card", label=heading)
    return Document((page,), tuple(symbols[k] for k in sorted(symbols)), heading)


def solution_sheet(scenario: Scenario, turns: Sequence[TurnPicture], theme: Theme, paper: tuple[float, float], *,
                   summary: str = "", number: str = "", per_page: int = 2) -> Document:
    """The solution, ``per_page`` turns to a page, each turn's picture with its
    heading and its lines of text (see the module docstring)."""
    assert scenario.goal is not None, "a solution sheet is drawn for a puzzle"
    margin = theme.margin
    heading = f"Solution {number}: {scenario.title}" if number else f"Solution: {scenario.title or 'puzzle'}"
    symbols: dict[str, Symbol] = {}
    pages: list[Page] = []
    ink = theme.colours["ink"]
    chunks = [turns[i:i + per_page] for i in range(0, len(turns), per_page)] or [[]]
    for index, chunk in enumerate(chunks):
        title, top = _title(paper, margin, heading + (f" ({index + 1}/{len(chunks)})" if len(chunks) > 1 else ""), theme)
        items: list[Item] = [title]
        if index == 0:
            for line in (f"Goal: {goal_sentence(scenario.goal)}.", summary):
                if line:
                    items.append(Text(margin, top, line, HEADING_PT, ink, "start", False))
                    top += HEADING_PT * MM_PER_PT * 1.5
            top += GAP / 2
        slot = (paper[1] - top - margin) / per_page
        line_h = TEXT_PT * MM_PER_PT * 1.4
        width = paper[0] - 2 * margin
        for turn in chunk:
            items.append(Text(margin, top + HEADING_PT * MM_PER_PT, f"Turn {turn.number}", HEADING_PT, ink, "start", True))
            picture = diagram(Scenario(turn.state, None, "", "", turn.annotations), theme, crop=True)
            inner_top = top + HEADING_PT * MM_PER_PT * 1.6
            # A sentence with its consequences may be long: wrapped to the page, indented after its first line.
            rows: list[tuple[float, str]] = []
            for line in turn.lines:
                for i, part in enumerate(wrap(line, width - 4, TEXT_PT, False, theme)):
                    rows.append((4.0 if i else 0.0, part))
            room = slot - (inner_top - top) - GAP / 2 - line_h * len(rows)
            placed, used = fit_picture(picture, (margin, inner_top, paper[0] - 2 * margin, room), symbols, top_align=True)
            items.append(placed)
            y = inner_top + used + line_h
            for indent, part in rows:
                items.append(Text(margin + indent, y, part, TEXT_PT, ink, "start", False))
                y += line_h
            top += slot
        pages.append(Page(paper[0], paper[1], tuple(items), name=f"solution-{index + 1}", label=heading))
    return Document(tuple(pages), tuple(symbols[k] for k in sorted(symbols)), heading)


def sheets(scenario: Scenario, turns: Sequence[TurnPicture], theme: Theme, paper: tuple[float, float], *,
           summary: str = "", number: str = "") -> Document:
    """Card then solution, as one document (the PDF of ``sectionx sheet``)."""
    card = puzzle_card(scenario, theme, paper, number=number)
    solution = solution_sheet(scenario, turns, theme, paper, summary=summary, number=number)
    merged = {s.name: s for s in (*card.symbols, *solution.symbols)}
    return Document(card.pages + solution.pages, tuple(merged[k] for k in sorted(merged)), card.title)
