"""A Section X puzzle as the house's shared layouts print it (``sheet``, ``book``).

Section X hands each puzzle to :mod:`sectionx.render.puzzleprint` as a
:class:`~sectionx.render.puzzleprint.PrintedPuzzle`, so its card, its solution pages
and its book are laid out as every game's are: type no smaller than 8 pt on the page
(words inside the pictures included), up to four turns to a solution page, the
book's solutions several to a page, the goal printed once.

Contract (pure: a puzzle, its solution's turn pictures and a theme in, words and
one-page pictures out):

* The puzzle's picture (:func:`card_picture`) is the position cropped to the cells
  that matter (:func:`~sectionx.games.sectionx.render.diagram.diagram`, ``crop``),
  without its side panel (scaled down beside the board it cannot be read: issue 30)
  and without the goal line (the layout sets the goal in words, once); under the
  board, the goal player's hand drawn as tiles and doors with how many of their
  prisoners wait on the island, and any open stacks (Q2, Q3).
* Each turn's picture is the position after the turn, the tile action highlighted and
  each prisoner's path an arrow, cropped to the cells the whole solution's actions
  touch (:func:`solution_focus`), so every turn of one solution shows the same part
  of the board.
* The goal in words once (:func:`~.text.goal_sentence`); the facts: the advanced
  game's rule when it applies (V2), and the puzzle's description without a first
  sentence that only repeats the goal (generated puzzles begin with it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ....hexgrid import Cell
from ....render.puzzleprint import PrintedPuzzle, Step
from ....render.scene import Document, Group, Item, Page, Symbol, Text, scale
from ....render.theme import Theme
from ..model import PlaceKind, Scenario
from .deck import hand_strip
from .diagram import diagram
from .sheet import TurnPicture
from .text import goal_sentence
from .words import ENGLISH

#: The hand's tiles under the board, as a fraction of the board's tile: large enough
#: to see each tile's tunnels, smaller than the board so the two are not confused.
HAND_TILE = 0.6
#: The board's printed names, left out of the printed pictures: set at 8 pt (the
#: least on a page) on a picture scaled down to fit, ISLAND overruns its disc and
#: CELL BLOCK and FREE ZONE their cells.  The colours, the cell blocks' symbols and the
#: zones' letters still name every place.
NAMES = frozenset({ENGLISH.island, ENGLISH.cell_block, ENGLISH.free_zone})
#: A turn's picture is handed over at this fraction of the diagram's size (its tiles
#: 20 mm at the default 40 mm), the size a solution is read at: the shared book sets
#: its solutions' columns from the pictures' own sizes.
STEP_SCALE = 0.5


def card_picture(scenario: Scenario, theme: Theme) -> Document:
    """The puzzle as the player meets it: the board cropped, the hand under it (module
    docstring).  One page, in the diagram's millimetres."""
    board = diagram(Scenario(scenario.state, scenario.goal, "", "", scenario.annotations), theme, crop=True,
                    goal_text=False)
    page = board.pages[0]
    F = theme.tile
    margin = max(4.0, 0.25 * F)
    symbols: dict[str, Symbol] = {s.name: s for s in board.symbols}
    # The words of the strip are set at the board's scale (about a tile's id and a
    # half); the layout keeps them 8 pt or more on the page however the picture shrinks.
    hand, bottom = hand_strip(theme, scenario, (margin, page.height, page.width - 2 * margin), symbols,
                              tile=F * HAND_TILE, line_pt=F * 0.3, id_pt=F * 0.22)
    items = (*_without(page.items, NAMES), *hand)
    picture = Page(page.width, bottom + margin, items, page.name, page.label)
    return Document((picture,), tuple(symbols[k] for k in sorted(symbols)), board.title)


def _without(items: Sequence[Item], words: frozenset[str]) -> tuple[Item, ...]:
    """``items`` less every text that reads one of ``words``."""
    out: list[Item] = []
    for it in items:
        if isinstance(it, Text) and it.text in words:
            continue
        out.append(replace(it, items=_without(it.items, words)) if isinstance(it, Group) else it)
    return tuple(out)


def solution_focus(scenario: Scenario, turns: Sequence[TurnPicture]) -> frozenset[Cell]:
    """The cells a solution's pictures keep: every cell its turns highlight or draw a
    path through, and the goal player's prisoners on tiles before and after each turn
    (the island and each free zone are kept whole by the crop)."""
    assert scenario.goal is not None and scenario.goal.player is not None
    colour = scenario.goal.player
    cells: set[Cell] = set()
    states = [scenario.state, *(t.state for t in turns)]
    for state in states:
        me = state.player_by_colour[colour]
        cells |= {pl.at for pl in me.prisoners if pl.kind is PlaceKind.TILE}
    for turn in turns:
        cells |= set(turn.annotations.cells())
    return frozenset(cells)


def unnamed(doc: Document, names: frozenset[str] = NAMES) -> Document:
    """A one-page picture without the board's names (:data:`NAMES`, or ``names`` in
    another language): the deck's cards draw their pictures smaller still, a
    rulebook's figures likewise."""
    page = doc.pages[0]
    return replace(doc, pages=(replace(page, items=_without(page.items, names)),))


def _step_picture(doc: Document) -> Document:
    """A turn's picture without the board's names, drawn at :data:`STEP_SCALE`."""
    page = doc.pages[0]
    items = (Group(_without(page.items, NAMES), scale(STEP_SCALE)),)
    return replace(doc, pages=(Page(page.width * STEP_SCALE, page.height * STEP_SCALE, items, page.name, page.label),))


def facts(scenario: Scenario) -> tuple[str, ...]:
    """What else the solver must know, under the goal: the advanced game's rule (V2)
    and the description, less a first sentence that only says the goal again."""
    assert scenario.goal is not None
    out: list[str] = []
    if scenario.state.advanced:
        out.append("Advanced game: steps, the tile action and a door may come in any order (V2).")
    text = " ".join(scenario.description.split())
    goal = goal_sentence(scenario.goal).rstrip(".").lower()
    if text.lower().startswith(goal):
        text = text[len(goal):].lstrip(". ")
    if text:
        out.append(text)
    return tuple(out)


def printed(scenario: Scenario, turns: Sequence[TurnPicture], theme: Theme, *, summary: str, number: int = 0,
            source: str = "") -> PrintedPuzzle:
    """The puzzle and its solution in words and pictures (module docstring)."""
    assert scenario.goal is not None, "a puzzle is printed"
    focus = solution_focus(scenario, turns)
    steps = tuple(Step(f"Turn {t.number}",
                       _step_picture(diagram(Scenario(t.state, None, "", "", t.annotations), theme, crop=True,
                                             focus=focus)),
                       t.lines, t.brief) for t in turns)
    grade = scenario.grade
    return PrintedPuzzle(number, scenario.title or "Puzzle", goal_sentence(scenario.goal) + ".",
                         card_picture(scenario, theme), steps, summary, len(turns), facts(scenario),
                         grade.tier if grade is not None else None, grade.id if grade is not None else "", source)


__all__ = ["card_picture", "facts", "printed", "solution_focus", "unnamed"]
