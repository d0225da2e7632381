"""The puzzle book (``sectionx book``): a title page, the contents, the puzzles, and
the solutions at the back, laid out as every game's book
(:mod:`sectionx.render.puzzlebook`).

Contract:

* The caller orders and numbers the puzzles (:func:`sectionx.games.sectionx.puzzleset.book_order`):
  graded ones by difficulty, then ungraded ones by their proved fewest turns, then
  file name.
* Each puzzle is handed to the shared book as Section X prints it
  (:mod:`.printed`): the goal once, in bold; the advanced game's rule when it
  applies and the description (less a first sentence that repeats the goal); the
  picture the position cropped with the goal player's hand drawn under it; each
  turn of the solution cropped to the cells the solution touches.
* The shared book then gives: the title page (tiers promised only when a puzzle is
  graded, the order claimed only as far as it holds) with how to play a puzzle and
  how many solutions the puzzles have (:func:`_intro`); the contents; the puzzles,
  two to a page when every picture keeps most of its size; the solutions packed
  several to a page; no type under 8 pt, words in the pictures included; every page
  but the title page numbered.

Pure: solved puzzles (numbered 1..N in the order they are printed), a theme and a
paper in, a :class:`~sectionx.render.scene.Document` out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ....errors import SectionXError
from ....render.puzzleprint import book_document
from ....render.scene import Document
from ....render.textfit import DoesNotFit, Para, para
from ....render.theme import Theme
from ..model import Annotations
from .diagram import check_glyphs
from .printed import printed
from .sheet import SolvedPuzzle


def _intro(puzzles: Sequence[SolvedPuzzle]) -> list[Para]:
    """How to play a puzzle, and how many solutions the puzzles have (Q2, N1 to N4, Q5)."""
    several = [p for p in puzzles if p.plans != 1]
    if not several:
        count = "Each puzzle has exactly one solution in the fewest turns, proved by sectionx's solver."
    else:
        n, k = len(puzzles), len(several)
        others = ("the solution of the other one says how many there are and shows one" if k == 1 else
                  f"the solutions of the other {k} say how many there are and show one each")
        count = (f"The solver of sectionx proves each puzzle's fewest turns and counts its solutions in that many "
                 f"turns (Q5): {n - k} of the {n} have exactly one; {others}.")
    return [para(("How to play a puzzle", True), rel=1.15),
            para("Set up the position shown, or play it on the picture. Only the player named in the goal takes turns; "
                 "the others pass (Q2). A turn is a normal turn of Section X: take a tile if the stacks hold any, one "
                 "tile action, then steps or a door (N1 to N4). Meet the goal within the turns it gives.", before=0.3),
            para(count, before=0.3)]


def book(puzzles: Sequence[SolvedPuzzle], theme: Theme, paper: tuple[float, float], *,
         title: str = "Section X puzzles") -> Document:
    """The whole book (module docstring), laid out by every game's book
    (:func:`sectionx.render.puzzleprint.book_document`).  Raises SectionXError naming
    the puzzle's file when a page cannot be drawn (text the font cannot print, a
    picture that does not fit)."""
    if not puzzles:
        raise DoesNotFit("a book needs at least one puzzle")
    check_glyphs(title, Annotations(), theme)
    printed_ = []
    for p in puzzles:
        try:
            check_glyphs(p.scenario.title, p.scenario.annotations, theme, p.scenario.description)
            printed_.append(printed(p.scenario, p.turns, theme, summary=p.summary, number=p.number, source=p.source))
        except SectionXError as exc:
            raise SectionXError(f"{p.source}: {exc}") from None
    document = book_document(printed_, theme, paper, title=title, intro=_intro(puzzles))
    return replace(document, title=f"Section X – {title}")


__all__ = ["book"]
