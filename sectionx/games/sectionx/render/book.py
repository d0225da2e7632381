"""The puzzle book (``sectionx book``): a title page, the contents, a page per
puzzle, and the solutions at the back.

Contract:

* The caller orders and numbers the puzzles (:func:`sectionx.games.sectionx.puzzleset.book_order`):
  graded ones by difficulty, then ungraded ones by their proved fewest turns, then
  file name.
* Pages in order: the title page and the contents as every game's book has them
  (:func:`sectionx.render.puzzlebook.title_page`, :func:`~sectionx.render.puzzlebook.contents_pages`:
  tiers with their marks and counts, and the contents grouped by tier, only when a
  puzzle is graded; the order claimed only as far as it holds), with how to play a
  puzzle and how many solutions the puzzles have; one page per puzzle, in the order
  given; a page announcing the solutions; then each puzzle's solution sheet (the
  solution diagrams of ``sheet``: one picture per turn with its sentences), one page
  for up to four turns, two for more.
* A puzzle's page: a band with the number, in the tier's colour with its symbols
  and name (``theme.tiers``, so it reads in greyscale too), or in the ink and
  "Puzzle" for an ungraded one (no page calls itself ungraded); the title; the goal
  in words and the puzzle's description; the goal player's hand, tiles and doors
  drawn (:func:`~sectionx.games.sectionx.render.deck.hand_strip`); the picture, the
  card diagram of ``sheet`` (the position cropped) scaled to the page.  The
  diagram's side panel is left out: beside a whole board it would be scaled too
  small to read, and in a puzzle only the goal player's hand counts (Q2).
* Every page but the title page has its number at the foot.  The page numbers in
  the contents are the numbers printed.

Why not the shared book (:func:`sectionx.render.puzzleprint.book_document`): a
Section X puzzle page draws the hand as tiles at a size of its own, apart from the
board's scale, which a picture handed to the shared layout could not keep.

Pure: solved puzzles (numbered 1..N in the order they are printed), a theme and a
paper in, a :class:`~sectionx.render.scene.Document` out.
"""

from __future__ import annotations

from collections.abc import Sequence

from ....errors import SectionXError
from ....render.puzzlebook import Entry, contents_pages, folio, title_page
from ....render.puzzleprint import tier_colour, tier_label, tier_marks
from ....render.scene import Document, Item, Page, Style, Symbol, Text, pt_mm, rect
from ....render.shapes import ink_on
from ....render.textfit import DoesNotFit, Para, fit_text, para, placed, text_box
from ....render.theme import Theme
from ..model import Annotations, Scenario
from .deck import hand_strip
from .diagram import check_glyphs, diagram
from .sheet import SolvedPuzzle, fit_picture, solution_sheet
from .text import goal_sentence

#: Room at the foot of every page for its number, mm.
FOOT = 8.0
#: The tier band at the top of a puzzle's page, mm.
BAND = 14.0


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


def _puzzle_page(p: SolvedPuzzle, theme: Theme, paper: tuple[float, float], number: int,
                 symbols: dict[str, Symbol]) -> Page:
    W, H = paper
    m = theme.margin
    scenario = p.scenario
    assert scenario.goal is not None, "a book prints puzzles"
    check_glyphs(scenario.title, scenario.annotations, theme, scenario.description)
    fill = tier_colour(theme, p.tier)
    on = ink_on(theme, fill)
    items: list[Item] = [rect(m, m, W - 2 * m, BAND, Style(fill=fill))]
    marks, used = tier_marks(theme, p.tier, m + 4.0, m + BAND / 2, 6.0, on)
    items += marks
    items.append(Text(m + 4.0 + used + (3.0 if used else 0.0), m + BAND / 2 + pt_mm(12.0) * 0.36,
                      tier_label(p.tier).upper() if p.tier else "PUZZLE", 12.0, on, "start", True))
    items.append(Text(W - m - 4.0, m + BAND / 2 + pt_mm(22.0) * 0.36, str(p.number), 22.0, on, "end", True))
    y = m + BAND + 4.0
    words = goal_sentence(scenario.goal)
    paras = [para((scenario.title or f"Puzzle {p.number}", True), rel=1.6),
             para(("Goal: ", True), words[0].upper() + words[1:] + ".", before=0.5)]
    if scenario.state.advanced:
        paras.append(para("Advanced game: steps, the tile action and a door may come in any order (V2).", before=0.2))
    if scenario.description.strip():
        paras.append(para(" ".join(scenario.description.split()), before=0.5))
    _, texts = fit_text(paras, W - 2 * m, (H - 2 * m) * 0.3, theme, max_pt=11.0, min_pt=8.0)
    items += placed(texts, m, y)
    y += max(text_box(t, theme)[3] for t in texts) + 4.0
    hand, y = hand_strip(theme, scenario, (m, y, W - 2 * m), symbols, tile=14.0, line_pt=10.0, id_pt=8.0)
    items += hand
    y += 5.0
    picture = diagram(Scenario(scenario.state, scenario.goal, "", "", scenario.annotations), theme, crop=True,
                      goal_text=False)
    placed_picture, _ = fit_picture(picture, (m, y, W - 2 * m, H - m - FOOT - y), symbols, top_align=True)
    items.append(placed_picture)
    items.append(folio(paper, theme, number))
    return Page(W, H, tuple(items), f"puzzle-{p.number}", f"Puzzle {p.number}: {scenario.title}")


def _solution_pages(p: SolvedPuzzle, theme: Theme, paper: tuple[float, float], first: int,
                    symbols: dict[str, Symbol]) -> list[Page]:
    """The solution sheet of ``sheet`` for ``p``: up to four turns on one page, more on two."""
    n = len(p.turns)
    per_page = 2 if n <= 4 else -(-n // 2)
    # Laid out on a page shortened by the foot, so the page number has its room.
    sheet = solution_sheet(p.scenario, p.turns, theme, (paper[0], paper[1] - FOOT), summary=p.summary,
                           number=str(p.number), per_page=per_page)
    for s in sheet.symbols:
        symbols.setdefault(s.name, s)
    return [Page(paper[0], paper[1], (*page.items, folio(paper, theme, first + i)), f"solution-{p.number}-{i + 1}",
                 page.label) for i, page in enumerate(sheet.pages)]


def book(puzzles: Sequence[SolvedPuzzle], theme: Theme, paper: tuple[float, float], *,
         title: str = "Section X puzzles") -> Document:
    """The whole book (module docstring).  Raises SectionXError naming the puzzle's
    file when a page cannot be drawn (text the font cannot print, a picture that
    does not fit)."""
    if not puzzles:
        raise DoesNotFit("a book needs at least one puzzle")
    check_glyphs(title, Annotations(), theme)
    listed = [Entry(p.number, p.scenario.title or f"Puzzle {p.number}", p.tier, len(p.turns)) for p in puzzles]
    # The contents take the same number of pages whatever numbers they show: count them first.
    contents_n = len(contents_pages(listed, theme, paper, {}, 2))
    symbols: dict[str, Symbol] = {}
    first_puzzle = 2 + contents_n
    puzzle_pages = []
    solution_pages: list[Page] = []
    where: dict[int, tuple[int, int]] = {}
    divider_at = first_puzzle + len(puzzles)
    next_page = divider_at + 1
    for i, p in enumerate(puzzles):
        try:
            puzzle_pages.append(_puzzle_page(p, theme, paper, first_puzzle + i, symbols))
            sheets = _solution_pages(p, theme, paper, next_page, symbols)
        except SectionXError as exc:
            raise SectionXError(f"{p.source}: {exc}") from None
        where[p.number] = (first_puzzle + i, next_page)
        solution_pages += sheets
        next_page += len(sheets)
    contents = contents_pages(listed, theme, paper, where, 2)
    assert len(contents) == contents_n
    W, H = paper
    ink = theme.colours["ink"]
    _, words = fit_text([para("Each solution turn by turn: the position after the turn, the tile action highlighted, "
                              "each prisoner's path an arrow, and what happened in words.", align="middle")],
                        W * 0.6, 40.0, theme, max_pt=11.0, min_pt=8.0)
    divider = Page(W, H, (Text(W / 2, H * 0.4, "Solutions", 28.0, ink, "middle", True), *placed(words, W * 0.2, H * 0.4 + 8.0),
                          folio(paper, theme, divider_at)), "solutions", "Solutions")
    pages = [title_page(listed, theme, paper, title, _intro(puzzles), divider_at), *contents, *puzzle_pages, divider,
             *solution_pages]
    digits = len(str(len(pages)))
    named = tuple(Page(pg.width, pg.height, pg.items, f"{i + 1:0{digits}d}-{pg.name}", pg.label)
                  for i, pg in enumerate(pages))
    return Document(named, tuple(symbols[k] for k in sorted(symbols)), f"Section X – {title}")


__all__ = ["book"]
