"""The puzzle book (``sectionx book``): a title page, the contents by tier, a page
per puzzle, and the solutions at the back.

Contract:

* Pages in order: the title page (how to play a puzzle, the tiers with their
  marks); the contents, grouped by tier in the order of
  :data:`sectionx.games.sectionx.model.TIERS` and then "Ungraded" (each row: number, title, the
  tier's mark, the puzzle's page and its solution's page), as many pages as it
  takes; one page per puzzle, in the order given; a page announcing the solutions;
  then each puzzle's solution sheet (the solution diagrams of ``sheet``: one
  picture per turn with its sentences), one page for up to four turns, two for more.
* A puzzle's page: the tier's band (colour and symbols from ``theme.tiers``, so it
  reads in greyscale too) with the number; the title; the goal in words and the
  puzzle's description; the goal player's hand, tiles and doors drawn
  (:func:`~sectionx.games.sectionx.render.deck.hand_strip`); the picture, the card diagram of
  ``sheet`` (the position cropped) scaled to the page.  The diagram's side panel is
  left out: beside a whole board it would be scaled too small to read, and in a
  puzzle only the goal player's hand counts (Q2).
* Every page but the title page has its number at the foot.  The page numbers in
  the contents are the numbers printed.

Pure: solved puzzles (numbered 1..N in the order they are printed), a theme and a
paper in, a :class:`~sectionx.render.scene.Document` out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ....errors import SectionXError
from ....render.puzzleprint import tier_colour, tier_label, tier_marks
from ....render.scene import MM_PER_PT, Document, Item, Page, Style, Symbol, Text, line, pt_mm, rect
from ....render.shapes import ink_on
from ....render.textfit import ASCENT, DoesNotFit, fit_text, para, placed, text_box, text_width
from ....render.theme import Theme
from ..model import TIERS, Annotations, Scenario
from .deck import hand_strip
from .diagram import check_glyphs, diagram
from .sheet import SolvedPuzzle, fit_picture, solution_sheet
from .text import goal_sentence

#: Room at the foot of every page for its number, mm.
FOOT = 8.0
#: The tier band at the top of a puzzle's page, mm.
BAND = 14.0
ROW_PT = 10.0
#: Baseline to baseline in the contents, mm.
ROW = ROW_PT * MM_PER_PT * 1.55


@dataclass(frozen=True)
class _Row:
    """One line of the contents: a tier's heading (``puzzle`` None) or a puzzle."""

    tier: str | None
    puzzle: SolvedPuzzle | None = None


def _folio(paper: tuple[float, float], theme: Theme, number: int) -> Text:
    return Text(paper[0] / 2, paper[1] - theme.margin - 1.5, str(number), 9.0, theme.colours["ink"], "middle")


def _groups(puzzles: Sequence[SolvedPuzzle]) -> list[_Row]:
    rows: list[_Row] = []
    for tier in (*TIERS, None):
        here = [p for p in puzzles if p.tier == tier]
        if here:
            rows.append(_Row(tier))
            rows += [_Row(tier, p) for p in here]
    return rows


def _title_page(puzzles: Sequence[SolvedPuzzle], theme: Theme, paper: tuple[float, float], title: str,
                solutions_at: int) -> Page:
    W, H = paper
    m = theme.margin
    ink = theme.colours["ink"]
    items: list[Item] = [Text(W / 2, H * 0.28, title, 30.0, ink, "middle", True),
                         Text(W / 2, H * 0.28 + 12.0, f"{len(puzzles)} puzzle{'s' if len(puzzles) != 1 else ''}",
                              14.0, ink, "middle")]
    y = H * 0.28 + 30.0
    for tier in (*TIERS, None):
        n = sum(p.tier == tier for p in puzzles)
        if not n:
            continue
        marks, used = tier_marks(theme, tier, W / 2 - 45.0, y - pt_mm(12.0) * 0.36, 4.5, tier_colour(theme, tier))
        items += marks
        items.append(Text(W / 2 - 45.0 + max(used, 22.0) + 4.0, y, f"{tier_label(tier)}: {n}", 12.0, ink, "start", True))
        y += 9.0
    how = [para(("How to play a puzzle", True), rel=1.15),
           para("Set up the position shown, or play it on the picture. Only the player named in the goal takes turns; "
                "the others pass (Q2). A turn is a normal turn of Section X: take a tile if the stacks hold any, one "
                "tile action, then steps or a door (N1 to N4). Meet the goal within the turns it gives.", before=0.3),
           para("Each puzzle has exactly one solution in the fewest turns, proved by sectionx's solver. The puzzles "
                "come in order of difficulty; the tier's colour and symbols stand at the top of each page.",
                before=0.3),
           para(f"The solutions are at the back, from page {solutions_at}.", before=0.3)]
    _, texts = fit_text(how, W - 2 * m - 30.0, H - y - m - 10.0, theme, max_pt=11.0, min_pt=8.0)
    items += placed(texts, m + 15.0, y + 10.0)
    return Page(W, H, tuple(items), "title", "Title page")


def _contents(rows: Sequence[_Row], theme: Theme, paper: tuple[float, float], pages: dict[int, tuple[int, int]],
              first: int) -> list[Page]:
    """The contents pages (their count does not depend on the page numbers in them)."""
    W, H = paper
    m = theme.margin
    ink = theme.colours["ink"]
    cols = {"number": m + 12.0, "title": m + 16.0, "tier": W - m - 64.0, "page": W - m - 22.0, "solution": W - m}
    out: list[Page] = []
    items: list[Item] = []
    y = 0.0

    def start(continued: bool) -> float:
        items.append(Text(m, m + pt_mm(18.0) * ASCENT, "Contents" + (" (continued)" if continued else ""), 18.0, ink,
                          "start", True))
        base = m + 18.0
        for key, text, anchor in (("number", "No.", "end"), ("title", "Title", "start"), ("tier", "Tier", "start"),
                                  ("page", "Page", "end"), ("solution", "Solution", "end")):
            items.append(Text(cols[key], base, text, 8.5, ink, anchor, True))
        items.append(line((m, base + 1.8), (W - m, base + 1.8), Style(stroke=ink, width=0.3)))
        return base + 1.8 + ROW

    def finish() -> None:
        out.append(Page(W, H, (*items, _folio(paper, theme, first + len(out))), f"contents-{len(out) + 1}", "Contents"))
        items.clear()

    y = start(False)
    bottom = H - m - FOOT
    for i, row in enumerate(rows):
        heading = row.puzzle is None
        # A tier's heading never ends a page: it moves over with its first puzzle.
        need = ROW * (2.6 if heading else 1.0)
        if y + need > bottom:
            finish()
            y = start(True)
        if heading:
            y += ROW * 0.6 if i else 0.0
            colour = tier_colour(theme, row.tier)
            marks, used = tier_marks(theme, row.tier, m, y - pt_mm(11.0) * 0.36, 3.6, colour)
            items += marks
            items.append(Text(m + used + (2.5 if used else 0.0), y, tier_label(row.tier), 11.0, colour, "start", True))
            y += ROW
            continue
        p = row.puzzle
        assert p is not None
        page, solution = pages.get(p.number, (0, 0))
        items.append(Text(cols["number"], y, str(p.number), ROW_PT, ink, "end", True))
        title = p.scenario.title or f"Puzzle {p.number}"
        room = cols["tier"] - cols["title"] - 3.0
        while text_width(title, ROW_PT, False, theme) > room and len(title) > 4:
            title = title[:-2].rstrip() + "…"
        items.append(Text(cols["title"], y, title, ROW_PT, ink, "start"))
        marks, used = tier_marks(theme, p.tier, cols["tier"], y - pt_mm(ROW_PT) * 0.36, 2.8, tier_colour(theme, p.tier))
        items += marks
        items.append(Text(cols["tier"] + used + (1.5 if used else 0.0), y, tier_label(p.tier), 8.0, ink, "start"))
        items.append(Text(cols["page"], y, str(page), ROW_PT, ink, "end"))
        items.append(Text(cols["solution"], y, str(solution), ROW_PT, ink, "end"))
        y += ROW
    finish()
    return out


def _puzzle_page(p: SolvedPuzzle, theme: Theme, paper: tuple[float, float], folio: int,
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
                      tier_label(p.tier).upper(), 12.0, on, "start", True))
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
    items.append(_folio(paper, theme, folio))
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
    return [Page(paper[0], paper[1], (*page.items, _folio(paper, theme, first + i)), f"solution-{p.number}-{i + 1}",
                 page.label) for i, page in enumerate(sheet.pages)]


def book(puzzles: Sequence[SolvedPuzzle], theme: Theme, paper: tuple[float, float], *,
         title: str = "Section X puzzles") -> Document:
    """The whole book (module docstring).  Raises SectionXError naming the puzzle's
    file when a page cannot be drawn (text the font cannot print, a picture that
    does not fit)."""
    if not puzzles:
        raise DoesNotFit("a book needs at least one puzzle")
    check_glyphs(title, Annotations(), theme)
    rows = _groups(puzzles)
    # The contents take the same number of pages whatever numbers they show: count them first.
    contents_n = len(_contents(rows, theme, paper, {}, 2))
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
    contents = _contents(rows, theme, paper, where, 2)
    assert len(contents) == contents_n
    W, H = paper
    ink = theme.colours["ink"]
    _, words = fit_text([para("Each solution turn by turn: the position after the turn, the tile action highlighted, "
                              "each prisoner's path an arrow, and what happened in words.", align="middle")],
                        W * 0.6, 40.0, theme, max_pt=11.0, min_pt=8.0)
    divider = Page(W, H, (Text(W / 2, H * 0.4, "Solutions", 28.0, ink, "middle", True), *placed(words, W * 0.2, H * 0.4 + 8.0),
                          _folio(paper, theme, divider_at)), "solutions", "Solutions")
    pages = [_title_page(puzzles, theme, paper, title, divider_at), *contents, *puzzle_pages, divider, *solution_pages]
    digits = len(str(len(pages)))
    named = tuple(Page(pg.width, pg.height, pg.items, f"{i + 1:0{digits}d}-{pg.name}", pg.label)
                  for i, pg in enumerate(pages))
    return Document(named, tuple(symbols[k] for k in sorted(symbols)), f"Section X – {title}")


__all__ = ["book"]
