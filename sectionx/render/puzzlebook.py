"""The puzzle book every game prints (``sectionx book``): a title page, the contents,
the puzzles, and the solutions at the back.  Called through
:func:`sectionx.render.puzzleprint.book_document`.

Contract:

* The caller orders the puzzles and numbers them 1..N in that order: graded ones by
  difficulty (tier, easiest first, then the game's measure), then the ungraded ones
  by their proved fewest turns, then by file name.  The book prints them in the
  order given and says on its title page only what it can see is true of that
  order: "in order of difficulty" when the graded puzzles run from the easiest tier
  up and come first, "fewest turns first" when the ungraded ones do.
* Pages in order: the title page (the title, how many puzzles, the tiers with their
  marks and counts when any puzzle is graded, the game's ``intro`` paragraphs, the
  order, where the solutions start); the contents (number, title, tier or, when no
  puzzle is graded, proved turns, the puzzle's page and its solution's page; grouped
  under each tier's name and marks when any is graded, the ungraded ones last under
  "Ungraded"); the puzzle pages; the solutions, several to a page.
* A puzzle: a band with its number (in the tier's colour with the tier's symbols and
  name when graded; in the ink and "Puzzle" when not: a book of ungraded puzzles
  promises no tiers and does not call every page "ungraded"); the title; the goal
  once, in bold; the facts; the picture, scaled to the room left (at most
  :data:`~sectionx.render.puzzleprint.MAX_ENLARGE` times).  Two puzzles share each
  page when every puzzle of the book is *small*: its picture drawn in half a page is
  at least :data:`HALF_PAGE` of the size a whole page gives it (or of its own size,
  when a whole page would enlarge it).  One book, one layout: a puzzle's page does
  not change with the length of its facts.
* The solutions start on a new page headed "Solutions".  Each is a block: its
  number and title, the page of its puzzle, the summary, then every step (heading,
  picture, lines) in rows of the same number of columns throughout the solution (as
  many as keep its widest picture at :data:`SOLUTION_SCALE` of its size or more: one
  wide solution does not spread every other over twice the pages).  Blocks
  follow one another down the page; a block that does not fit the rest of the page
  starts the next when less than a third of the page is left, and is continued row by
  row ("continued") when more is, or when it is longer than a page; a step is never
  cut.  A solution of one row that leaves columns free stands on a shelf beside the
  next such one, its heading as wide as its steps (one-turn solutions share a line).
* Every page but the title page has its number at the foot; the numbers in the
  contents and on the title page are the numbers printed.  Type is never smaller
  than :data:`~sectionx.render.puzzleprint.MIN_PT`.

Pure: printed puzzles, a theme and a paper in, a Document out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..puzzlesets import TIERS
from .fonts import unprintable
from .puzzleprint import (
    GAP,
    GREY,
    MIN_PT,
    PrintedPuzzle,
    Unprintable,
    capital,
    check_pictures,
    check_printable,
    fit,
    frame_of,
    place_picture,
    puzzle_words,
    sorted_symbols,
    tier_colour,
    tier_label,
    tier_marks,
    where,
)
from .scene import Document, Group, Item, Page, Style, Symbol, Text, line, pt_mm, rect, translate
from .shapes import ink_on
from .textfit import ASCENT, DoesNotFit, Para, para, placed, text_width
from .theme import Theme

#: Room at the foot of every page for its number, mm.
FOOT = 9.0
FOLIO_PT = 9.0
#: The band at the top of a puzzle, mm.
BAND = 12.0
#: Two puzzles share a page when half a page draws each picture at least this
#: fraction of the size a whole page would (or of its own size).
HALF_PAGE = 0.8
#: The solutions' columns keep the widest step picture at least this fraction of its size.
SOLUTION_SCALE = 0.5
#: A step picture in the solutions is at most this fraction of the page's height.
SOLUTION_HEIGHT = 0.3
ROW_PT = 10.0
ROW = pt_mm(ROW_PT) * 1.55
#: Type of a solution block: its heading, the steps' headings, their lines.
BLOCK_PT = 11.0
STEP_HEAD_PT = 9.0
STEP_PT = 8.5


def folio(paper: tuple[float, float], theme: Theme, number: int) -> Text:
    """A page's number, at the foot of the page."""
    return Text(paper[0] / 2, paper[1] - theme.margin - 1.0, str(number), FOLIO_PT, theme.colours["ink"], "middle")


@dataclass(frozen=True)
class Entry:
    """What the title page and the contents know of a puzzle: its number, title, tier
    (None when ungraded) and proved fewest turns.  A game with its own puzzle pages
    lists its puzzles with these too (:func:`title_page`, :func:`contents_pages`)."""

    number: int
    title: str
    tier: str | None
    turns: int


def entry(p: PrintedPuzzle) -> Entry:
    return Entry(p.number, p.title, p.tier, p.turns)


def _graded_in_order(puzzles: Sequence[Entry]) -> bool:
    """The graded puzzles come first and run from the easiest tier up."""
    tiers = [p.tier for p in puzzles]
    graded = [t for t in tiers if t is not None]
    ranks = [TIERS.index(t) for t in graded]
    return tiers[:len(graded)] == graded and ranks == sorted(ranks)


def _turns_in_order(puzzles: Sequence[Entry]) -> bool:
    turns = [p.turns for p in puzzles if p.tier is None]
    return turns == sorted(turns)


# ====================================================================== a puzzle


@dataclass(frozen=True)
class _Block:
    """A puzzle laid out in a box: its items and its picture's scale."""

    items: list[Item]
    k: float


def _band(p: PrintedPuzzle, theme: Theme, left: float, top: float, width: float) -> list[Item]:
    fill = tier_colour(theme, p.tier)
    on = ink_on(theme, fill)
    cy = top + BAND / 2
    items: list[Item] = [rect(left, top, width, BAND, Style(fill=fill))]
    marks, used = tier_marks(theme, p.tier, left + 4.0, cy, 5.0, on)
    items += marks
    label = tier_label(p.tier).upper() if p.tier else "PUZZLE"
    items.append(Text(left + 4.0 + used + (3.0 if used else 0.0), cy + pt_mm(11.0) * 0.36, label, 11.0, on, "start", True))
    items.append(Text(left + width - 4.0, cy + pt_mm(20.0) * 0.36, str(p.number), 20.0, on, "end", True))
    return items


def _puzzle_block(p: PrintedPuzzle, theme: Theme, box: tuple[float, float, float, float],
                  symbols: dict[str, Symbol]) -> _Block:
    """The puzzle in ``box`` (left, top, width, height): band, title, goal, facts, picture."""
    left, top, width, height = box
    items = _band(p, theme, left, top, width)
    y = top + BAND + 3.0
    paras = [para((p.title or f"Puzzle {p.number}", True), rel=1.45), *puzzle_words(p)]
    paras[1] = para((capital(p.goal), True), before=0.45)
    _, texts, h = fit(paras, width, height * 0.4, theme, max_pt=11.0, min_pt=MIN_PT, what="the title, goal and facts")
    items += placed(texts, left, y)
    y += h + 4.0
    room = top + height - y
    if room < 25.0:
        raise DoesNotFit("the title, goal and facts leave less than 25 mm for the picture")
    picture, _ = place_picture(p.picture, (left, y, width, room), symbols, min_pt=p.picture_pt)
    items.append(picture)
    return _Block(items, picture.matrix[0])


def _pages_of_puzzles(puzzles: Sequence[PrintedPuzzle], theme: Theme, paper: tuple[float, float],
                      symbols: dict[str, Symbol]) -> list[tuple[list[PrintedPuzzle], list[Item]]]:
    """The puzzles, one to a page, or two to a page when every one is small (module
    docstring: one book, one layout); each page's puzzles and items (without its number)."""
    W, H = paper
    m = theme.margin
    width, height = W - 2 * m, H - 2 * m - FOOT
    half = (height - GAP * 1.5) / 2
    whole = []
    for p in puzzles:
        try:
            whole.append(_puzzle_block(p, theme, (m, m, width, height), symbols))
        except DoesNotFit as exc:
            raise DoesNotFit(f"{where(p)}: puzzle {p.number}: {exc}") from None
    if len(puzzles) > 1 and all(_small(p, full.k, theme, (m, m, width, half)) for p, full in zip(puzzles, whole)):
        below = m + half + GAP * 1.5
        rule = line((m, m + half + GAP * 0.75), (W - m, m + half + GAP * 0.75), Style(stroke="#b0b0b0", width=0.2))
        out: list[tuple[list[PrintedPuzzle], list[Item]]] = []
        for i in range(0, len(puzzles), 2):
            pair = list(puzzles[i:i + 2])
            items = _puzzle_block(pair[0], theme, (m, m, width, half), symbols).items
            if len(pair) == 2:
                items += [rule, *_puzzle_block(pair[1], theme, (m, below, width, half), symbols).items]
            out.append((pair, items))
        return out
    return [([p], block.items) for p, block in zip(puzzles, whole)]


def _small(p: PrintedPuzzle, full: float, theme: Theme, box: tuple[float, float, float, float]) -> bool:
    """Whether half a page (``box``) draws the puzzle's picture at least HALF_PAGE of
    the scale ``full`` a whole page gives it (or of its own size)."""
    try:
        return _puzzle_block(p, theme, box, {}).k >= HALF_PAGE * min(1.0, full) - 1e-9
    except DoesNotFit:
        return False


# ====================================================================== the solutions


@dataclass(frozen=True)
class _Row:
    """One row of a solution's steps: its items at top 0, and its height."""

    items: list[Item]
    height: float


def _columns(puzzles: Sequence[PrintedPuzzle], width: float) -> int:
    """The solutions' columns (module docstring)."""
    widest = max((frame_of(s.picture)[2] for p in puzzles for s in p.steps), default=1.0)
    for cols in (4, 3, 2):
        if (width - (cols - 1) * GAP) / cols >= SOLUTION_SCALE * widest:
            return cols
    return 1


def _step_rows(p: PrintedPuzzle, theme: Theme, width: float, cols: int, max_h: float,
               symbols: dict[str, Symbol]) -> list[_Row]:
    cw = (width - (cols - 1) * GAP) / cols
    frames = [frame_of(s.picture) for s in p.steps]
    k = min((min(1.0, cw / (f[2] - f[0]), max_h / (f[3] - f[1])) for f in frames), default=1.0)
    rows = []
    for r in range(0, len(p.steps), cols):
        items: list[Item] = []
        height = 0.0
        for c, step in enumerate(p.steps[r:r + cols]):
            x = c * (cw + GAP)
            _, head, hh = fit([para((step.heading, True))], cw, 1e4, theme, max_pt=STEP_HEAD_PT, min_pt=STEP_HEAD_PT,
                              what=f"step {r + c + 1}'s heading")
            items += placed(head, x, 0.0)
            y = hh + 1.2
            picture, (_, _, _, bottom) = place_picture(step.picture, (x, y, cw, 1e4), symbols, k=k, valign="top",
                                                        min_pt=p.picture_pt)
            items.append(picture)
            y = bottom + 1.5
            if step.lines:
                paras = [para(t, before=0.15 if i else 0.0) for i, t in enumerate(step.lines)]
                _, texts, lh = fit(paras, cw, 1e4, theme, max_pt=STEP_PT, min_pt=STEP_PT, what=f"step {r + c + 1}'s lines")
                items += placed(texts, x, y)
                y += lh
            height = max(height, y)
        rows.append(_Row(items, height))
    return rows


def _at(items: Sequence[Item], x: float, y: float) -> Group:
    return Group(tuple(items), translate(x, y), label="solution-part")


def _solution_pages(puzzles: Sequence[PrintedPuzzle], theme: Theme, paper: tuple[float, float], first: int,
                    puzzle_page: dict[int, int], symbols: dict[str, Symbol]) -> tuple[list[Page], dict[int, int]]:
    """The solutions from page ``first`` (module docstring), and the page each starts on."""
    W, H = paper
    m = theme.margin
    width = W - 2 * m
    ink = theme.colours["ink"]
    bottom = H - m - FOOT
    max_h = (H - 2 * m) * SOLUTION_HEIGHT
    pages: list[Page] = []
    starts: dict[int, int] = {}
    items: list[Item] = []
    heading_pt = 20.0
    items.append(Text(m, m + pt_mm(heading_pt) * ASCENT, "Solutions", heading_pt, ink, "start", True))
    y = m + pt_mm(heading_pt) + GAP
    at_top = False  # nothing but the page's heading above y: no rule needed

    def new_page() -> float:
        nonlocal items, at_top
        pages.append(Page(W, H, (*items, folio(paper, theme, first + len(pages))), f"solutions-{len(pages) + 1}",
                          "Solutions"))
        items = []
        at_top = True
        return m

    def header(p: PrintedPuzzle, continued: bool, w: float = width) -> tuple[list[Item], float]:
        right = f"puzzle on page {puzzle_page[p.number]}"
        name = f"{p.number}. {p.title or 'Puzzle'}" + (" (continued)" if continued else "")
        rw = text_width(right, STEP_PT, False, theme)
        out: list[Item] = []
        if w - rw - 4.0 >= 0.5 * w:  # the page's number beside the name, right-aligned
            _, texts, h = fit([para((name, True))], w - rw - 4.0, 1e4, theme, max_pt=BLOCK_PT, min_pt=BLOCK_PT,
                              what="the solution's heading")
            out += [*texts, Text(w, pt_mm(BLOCK_PT) * ASCENT, right, STEP_PT, GREY, "end")]
        else:  # a narrow block: the page's number on a line of its own, under the name
            _, texts, h = fit([para((name, True))], w, 1e4, theme, max_pt=BLOCK_PT, min_pt=BLOCK_PT,
                              what="the solution's heading")
            out += texts
            _, more, mh = fit([para(right)], w, 1e4, theme, max_pt=STEP_PT, min_pt=STEP_PT, what="the puzzle's page")
            out += [replace(t, fill=GREY) for t in placed(more, 0.0, h + 0.8)]
            h += 0.8 + mh
        if not continued and p.summary:
            _, lines, sh = fit([para(p.summary)], w, 1e4, theme, max_pt=STEP_PT + 0.5, min_pt=STEP_PT + 0.5,
                               what="the summary")
            out += placed(lines, 0.0, h + 1.2)
            h += 1.2 + sh
        return out, h + 2.5

    # A solution of one row that leaves columns free stands on a shelf beside the next
    # such one (its heading as wide as its steps), so one-turn solutions do not each
    # take a whole line of the page.
    shelf: list[float] | None = None  # [x used, top, height] of the open shelf

    def close_shelf() -> None:
        nonlocal y, shelf
        if shelf is not None:
            y = shelf[1] + shelf[2] + GAP
            shelf = None

    for p in puzzles:
        cols = _columns([p], width)
        try:
            rows = _step_rows(p, theme, width, cols, max_h, symbols)
            used = min(len(p.steps), cols)
            narrow = len(rows) == 1 and used < cols
            bw = used * (width - (cols - 1) * GAP) / cols + (used - 1) * GAP if narrow else width
            head, head_h = header(p, False, bw)
        except DoesNotFit as exc:
            raise DoesNotFit(f"{where(p)}: solution {p.number}: {exc}") from None
        if narrow:
            block_h = head_h + rows[0].height
            if shelf is not None and shelf[0] + GAP + bw <= width + 1e-6 and shelf[1] + block_h <= bottom:
                x = shelf[0] + GAP
                shelf[0], shelf[2] = x + bw, max(shelf[2], block_h)
            else:
                close_shelf()
                space = 0.0 if at_top else GAP * 1.4
                if y + space + block_h > bottom:
                    y = new_page()
                    space = 0.0
                if not at_top:
                    items.append(line((m, y + space / 2), (W - m, y + space / 2), Style(stroke="#b0b0b0", width=0.2)))
                y += space
                at_top = False
                x = 0.0
                shelf = [bw, y, block_h]
            starts[p.number] = first + len(pages)
            items.append(_at(head, m + x, shelf[1]))
            items.append(_at(rows[0].items, m + x, shelf[1] + head_h))
            continue
        close_shelf()
        first_row = rows[0].height if rows else 0.0
        whole = head_h + sum(r.height + GAP for r in rows)
        space = 0.0 if at_top else GAP * 1.4
        # A block moves on whole when a page holds it, unless that would leave a third of
        # this page empty: then it is continued, row by row.
        need = whole if whole <= bottom - m and bottom - y < (bottom - m) / 3 else head_h + first_row
        if y + space + need > bottom:
            y = new_page()
            space = 0.0
        if not at_top:
            items.append(line((m, y + space / 2), (W - m, y + space / 2), Style(stroke="#b0b0b0", width=0.2)))
        y += space
        at_top = False
        starts[p.number] = first + len(pages)
        items.append(_at(head, m, y))
        y += head_h
        for row in rows:
            if y + row.height > bottom:
                y = new_page()
                at_top = False
                cont, ch = header(p, True)
                items.append(_at(cont, m, y))
                y += ch
                if y + row.height > bottom:
                    raise DoesNotFit(f"{where(p)}: solution {p.number}: a row of steps is taller than a page")
            items.append(_at(row.items, m, y))
            y += row.height + GAP
    pages.append(Page(W, H, (*items, folio(paper, theme, first + len(pages))), f"solutions-{len(pages) + 1}",
                      "Solutions"))
    return pages, starts


# ====================================================================== title and contents


def title_page(puzzles: Sequence[Entry], theme: Theme, paper: tuple[float, float], title: str,
               intro: Sequence[str | Para], solutions_at: int) -> Page:
    """The title page (module docstring): ``intro`` is the game's paragraphs (how to
    play a puzzle), then what the book can see of its order, then where the solutions
    start."""
    W, H = paper
    m = theme.margin
    ink = theme.colours["ink"]
    _, texts, th = fit([para((title, True), align="middle")], W - 2 * m - 20.0, pt_mm(30.0) * 3.0, theme, max_pt=30.0,
                       min_pt=14.0, what="the book's title")
    y = H * 0.24
    items: list[Item] = list(placed(texts, m + 10.0, y))
    y += th + 6.0
    n = len(puzzles)
    items.append(Text(W / 2, y + pt_mm(14.0) * ASCENT, f"{n} puzzle{'s' if n != 1 else ''}", 14.0, ink, "middle"))
    y += pt_mm(14.0) + 12.0
    graded = [p for p in puzzles if p.tier is not None]
    ungraded = n - len(graded)
    if graded:
        for tier in (*TIERS, None):
            count = sum(p.tier == tier for p in puzzles)
            if not count:
                continue
            base = y + pt_mm(12.0) * ASCENT
            marks, used = tier_marks(theme, tier, W / 2 - 40.0, base - pt_mm(12.0) * 0.36, 4.5, tier_colour(theme, tier))
            items += marks
            items.append(Text(W / 2 - 40.0 + max(used, 24.0) + 4.0, base, f"{tier_label(tier)}: {count}", 12.0, ink,
                              "start", True))
            y += 8.5
        y += 4.0
    paras = [t if isinstance(t, Para) else para(t, before=0.4 if i else 0.0) for i, t in enumerate(intro)]
    order = []
    if graded and _graded_in_order(puzzles):
        order.append("The puzzles come in order of difficulty, easiest first; the band at the top of each puzzle shows "
                     "its tier in colour and symbols." if not ungraded else
                     "The graded puzzles come first, in order of difficulty, easiest first; the band at the top of each "
                     "shows its tier in colour and symbols.")
    if ungraded and _turns_in_order(puzzles):
        order.append("They come in order of the fewest turns that solve them, shortest first." if not graded else
                     f"The {ungraded} ungraded puzzle{'s' if ungraded != 1 else ''} follow, the fewest turns first.")
    elif ungraded and graded:
        order.append(f"The {ungraded} ungraded puzzle{'s' if ungraded != 1 else ''} follow.")
    if order:
        paras.append(para(" ".join(order), before=0.4 if paras else 0.0))
    paras.append(para(f"The solutions are at the back, from page {solutions_at}.", before=0.4))
    _, texts, _ = fit(paras, W - 2 * m - 30.0, H - m - y - 4.0, theme, max_pt=11.0, min_pt=MIN_PT,
                      what="the title page's words")
    items += placed(texts, m + 15.0, y + 4.0)
    return Page(W, H, tuple(items), "title", "Title page")


@dataclass(frozen=True)
class _Line:
    """A row of the contents: a tier's heading (``puzzle`` None) or a puzzle."""

    tier: str | None
    puzzle: Entry | None = None


def _lines(puzzles: Sequence[Entry]) -> list[_Line]:
    if not any(p.tier for p in puzzles):
        return [_Line(None, p) for p in puzzles]
    out: list[_Line] = []
    for tier in (*TIERS, None):
        here = [p for p in puzzles if p.tier == tier]
        if here:
            out.append(_Line(tier))
            out += [_Line(tier, p) for p in here]
    return out


def contents_pages(puzzles: Sequence[Entry], theme: Theme, paper: tuple[float, float],
                   pages: dict[int, tuple[int, int]], first: int) -> list[Page]:
    """The contents (module docstring) from page ``first``; ``pages`` maps a puzzle's
    number to its page and its solution's.  How many pages they take does not depend
    on the numbers in them: count them first with an empty ``pages``."""
    W, H = paper
    m = theme.margin
    ink = theme.colours["ink"]
    graded = any(p.tier for p in puzzles)
    cols = {"number": m + 10.0, "title": m + 14.0, "tier": W - m - 64.0, "page": W - m - 22.0, "solution": W - m}
    rows = _lines(puzzles)
    out: list[Page] = []
    items: list[Item] = []

    def start(continued: bool) -> float:
        items.append(Text(m, m + pt_mm(18.0) * ASCENT, "Contents" + (" (continued)" if continued else ""), 18.0, ink,
                          "start", True))
        base = m + 18.0
        for key, text, anchor in (("number", "No.", "end"), ("title", "Title", "start"),
                                  ("tier", "Tier" if graded else "Turns", "start"),
                                  ("page", "Page", "end"), ("solution", "Solution", "end")):
            items.append(Text(cols[key], base, text, 8.5, ink, anchor, True))
        items.append(line((m, base + 1.8), (W - m, base + 1.8), Style(stroke=ink, width=0.3)))
        return base + 1.8 + ROW

    def finish() -> None:
        out.append(Page(W, H, (*items, folio(paper, theme, first + len(out))), f"contents-{len(out) + 1}", "Contents"))
        items.clear()

    y = start(False)
    bottom = H - m - FOOT
    for i, row in enumerate(rows):
        heading = row.puzzle is None
        # A tier's heading never ends a page: it moves over with its first puzzle.
        if y + ROW * (2.6 if heading else 1.0) > bottom:
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
        title = p.title or f"Puzzle {p.number}"
        room = cols["tier"] - cols["title"] - 3.0
        while text_width(title, ROW_PT, False, theme) > room and len(title) > 4:
            title = title[:-2].rstrip() + "…"
        items.append(Text(cols["title"], y, title, ROW_PT, ink, "start"))
        if p.tier is not None:
            marks, used = tier_marks(theme, p.tier, cols["tier"], y - pt_mm(ROW_PT) * 0.36, 2.8, tier_colour(theme, p.tier))
            items += marks
            items.append(Text(cols["tier"] + used + 1.5, y, tier_label(p.tier), MIN_PT, ink, "start"))
        elif not graded:
            items.append(Text(cols["tier"], y, str(p.turns), ROW_PT, ink, "start"))
        items.append(Text(cols["page"], y, str(page), ROW_PT, ink, "end"))
        items.append(Text(cols["solution"], y, str(solution), ROW_PT, ink, "end"))
        y += ROW
    finish()
    return out


# ====================================================================== the book


def book(puzzles: Sequence[PrintedPuzzle], theme: Theme, paper: tuple[float, float], *, title: str,
         intro: Sequence[str | Para] = ()) -> Document:
    """The whole book (module docstring).  Raises DoesNotFit or Unprintable naming the
    puzzle's file when a page cannot be drawn."""
    if not puzzles:
        raise DoesNotFit("a book needs at least one puzzle")
    for place, text in (("the book's title", title), *((f"the introduction, paragraph {i}", _plain(t))
                                                        for i, t in enumerate(intro, 1))):
        why = unprintable(text, theme)
        if why:
            raise Unprintable(f"{place}: {why}")
    if len({p.number for p in puzzles}) != len(puzzles):
        raise ValueError("a book's puzzles are numbered 1..N, each number once")
    for p in puzzles:
        check_pictures(p)
        check_printable(p, theme)
    symbols: dict[str, Symbol] = {}
    listed = [entry(p) for p in puzzles]
    contents_n = len(contents_pages(listed, theme, paper, {}, 2))
    first_puzzle = 2 + contents_n
    laid = _pages_of_puzzles(puzzles, theme, paper, symbols)
    puzzle_page: dict[int, int] = {}
    puzzle_pages: list[Page] = []
    W, H = paper
    for i, (here, items) in enumerate(laid):
        number = first_puzzle + i
        for p in here:
            puzzle_page[p.number] = number
        name = f"puzzle-{here[0].number}" + (f"-{here[1].number}" if len(here) > 1 else "")
        label = "; ".join(f"Puzzle {p.number}: {p.title}" for p in here)
        puzzle_pages.append(Page(W, H, (*items, folio(paper, theme, number)), name, label))
    solutions_at = first_puzzle + len(laid)
    solution_pages, starts = _solution_pages(puzzles, theme, paper, solutions_at, puzzle_page, symbols)
    where_ = {p.number: (puzzle_page[p.number], starts[p.number]) for p in puzzles}
    contents = contents_pages(listed, theme, paper, where_, 2)
    assert len(contents) == contents_n
    pages = [title_page(listed, theme, paper, title, intro, solutions_at), *contents, *puzzle_pages, *solution_pages]
    digits = len(str(len(pages)))
    named = tuple(Page(pg.width, pg.height, pg.items, f"{i + 1:0{digits}d}-{pg.name}", pg.label)
                  for i, pg in enumerate(pages))
    return Document(named, sorted_symbols(symbols), title)


def _plain(text: str | Para) -> str:
    return text if isinstance(text, str) else "".join(run for run, _ in text.runs)


__all__ = ["Entry", "book", "contents_pages", "entry", "folio", "title_page"]
