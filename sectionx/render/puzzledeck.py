"""The challenge deck every game prints (``sectionx deck``): a puzzle on the front of
each card, its solution on the back, imposed for long-edge duplex like a kit's cards.
Called through :func:`sectionx.render.puzzleprint.deck_document`.

Contract:

* Cards are ``theme.card`` (poker size, 63 x 88 mm, by default), laid out by
  :func:`~sectionx.render.printing.card_sheet` (9 to an A4 or letter sheet,
  butted on shared cut lines, crop marks outside the block, each card clipped to
  its trim and its outer bleed).  Each sheet of fronts is followed by its sheet of
  backs, every back at the mirrored place
  (:func:`~sectionx.render.printing.back_position`) shifted by ``offset``, bleeding
  as far as the paper allows (:func:`~sectionx.render.printing.back_bleed`), so a
  sheet printed long-edge duplex puts each solution behind its puzzle.  The first
  sheet of fronts is page 1, so every front falls on an odd page.
* A front is a group labelled ``piece-card-N`` at the card's trim (its last item
  the cut line, as :mod:`sectionx.render.pieces` expects); a back is a group
  labelled ``back-card-N``; ``N`` is the puzzle's ``number``.
* Front, top to bottom: a band in the tier's colour with the tier's symbols and
  name (``theme.tiers``; "Puzzle" and the ink for an ungraded one) and the number;
  the title; the picture (the game's ``card_picture`` when it draws one for a card,
  else its ``picture``), as large as the rest leaves room for; the goal in bold and
  the facts (``card_facts`` when given); at the foot "solution on the back".
* Back: the same band with "Solution"; the summary; every step's picture (its
  ``card_picture`` likewise), numbered on its corner, in the grid that draws them
  largest; under them each step's brief (its lines when it has none), numbered; the
  grade's id at the foot (at 6 pt it and "solution on the back" overran each other
  on a front).  Words shrink to fit down to
  :data:`~sectionx.render.puzzleprint.CARD_MIN_PT` (6 pt, the usual least type of a
  poker-size card game); a solution that does not fit even then is refused
  (:class:`~sectionx.render.textfit.DoesNotFit`, one line naming the puzzle's
  file), never cut short.
* The pictures' words print at CARD_MIN_PT or more too: those that need at most
  :data:`~sectionx.render.puzzleprint.MAX_GROWTH` times their drawn size grow to it
  about their middles (:func:`~sectionx.render.puzzleprint.floor_text`), the rest
  are left out (:func:`~sectionx.render.puzzleprint.legible`): grown further they
  would overrun what they name.

Pure: printed puzzles, a theme and a paper in, a Document out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TypeVar

from .pieces import SAFE, TRIM
from .printing import back_bleed, back_position, card_sheet, sheet_note
from .puzzleprint import (
    CARD_MIN_PT,
    GREY,
    MAX_ENLARGE,
    Box,
    PrintedPuzzle,
    Step,
    best_grid,
    capital,
    card_band,
    check_pictures,
    check_printable,
    fit,
    frame_of,
    legible,
    lines_height,
    place_picture,
    sorted_symbols,
    tier_colour,
    tier_label,
    where,
)
from .scene import Circle, Document, Group, Item, Page, Style, Symbol, Text, pt_mm, rect, translate
from .shapes import ink_on
from .textfit import ASCENT, DESCENT, DoesNotFit, Para, fit_text, para, placed
from .theme import Theme

#: A card of any game's deck (:func:`duplex_deck`).
C = TypeVar("C")

#: Type sizes on a card, points; none is set below CARD_MIN_PT.
TITLE_PT = 9.0
GOAL_PT = 7.5
SMALL_PT = 6.0
TEXT_PT = 6.5
#: Room between the parts of a card, mm.
GAP = 1.5
#: The least height (mm) a front leaves its picture.
MIN_PICTURE = 20.0


def card_front(p: PrintedPuzzle, theme: Theme, symbols: dict[str, Symbol]) -> list[Item]:
    """The front of card ``p.number`` in card mm (trim from (0, 0) to ``theme.card``,
    art bleeding ``theme.bleed`` past it; no cut line): see the module docstring."""
    w, h = theme.card
    b = theme.bleed
    iw = w - 2 * SAFE
    items: list[Item] = [rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=theme.colours["paper"]))]
    band, top = card_band(theme, p.tier, p.number, tier_label(p.tier).upper() if p.tier else "PUZZLE", b)
    items += band
    _, texts, th = fit([para((p.title or f"Puzzle {p.number}", True))], iw, pt_mm(TITLE_PT) * 2.6, theme,
                       max_pt=TITLE_PT, min_pt=CARD_MIN_PT, what="the title")
    y = top + GAP
    items += placed(texts, SAFE, y)
    y += th + GAP
    # From the foot up: the foot line, the goal and facts; the picture takes what is left.
    foot = h - SAFE - pt_mm(CARD_MIN_PT) * DESCENT
    items.append(Text(w - SAFE, foot, "solution on the back", CARD_MIN_PT, GREY, "end"))
    bottom = foot - pt_mm(CARD_MIN_PT) * ASCENT - GAP
    facts = p.facts if p.card_facts is None else p.card_facts
    words = [para((capital(p.goal), True)), *(para(f, before=0.2) for f in facts)]
    drawing = p.card_picture or p.picture
    fl, ft, fr, fb = frame_of(drawing)
    every = _words_in(drawing.pages[0].items)
    # The goal and facts at the largest size from GOAL_PT down that leaves the picture
    # large enough to keep all its words (at the least a card takes); else the size that
    # keeps most of them: the words shrink before the picture loses any.
    best: tuple[int, float, list[Text], float] | None = None
    size = GOAL_PT
    while size >= CARD_MIN_PT - 1e-9:
        _, texts, gh = fit(words, iw, bottom - y - MIN_PICTURE - GAP, theme, max_pt=size, min_pt=CARD_MIN_PT,
                           what="the goal and facts")
        room = bottom - gh - GAP - y
        k = min(iw / (fr - fl), room / (fb - ft), MAX_ENLARGE)
        kept = _words_in(legible(drawing.pages[0].items, k, CARD_MIN_PT))
        if best is None or kept > best[0]:
            best = (kept, size, texts, gh)
        if kept == every:
            break
        size -= 0.25
    assert best is not None
    _, _, texts, gh = best
    items += placed(texts, SAFE, bottom - gh)
    bottom -= gh + GAP
    picture, _ = card_picture(drawing, (SAFE, y, iw, bottom - y), symbols)
    items.append(picture)
    return items


def _words_in(items: Sequence[Item]) -> int:
    """How many texts ``items`` hold, in groups too."""
    return sum(_words_in(it.items) if isinstance(it, Group) else isinstance(it, Text) for it in items)


def card_picture(picture: Document, box: Box, symbols: dict[str, Symbol], *,
                 k: float | None = None, frame: tuple[float, float, float, float] | None = None,
                 max_scale: float = MAX_ENLARGE) -> tuple[Group, tuple[float, float, float, float]]:
    """:func:`~sectionx.render.puzzleprint.place_picture` for a card: its part ``frame``
    (the page by default) fitted into ``box``, at most ``max_scale`` times (or at scale
    ``k``), its words at CARD_MIN_PT or more, grown or left out (the module docstring)."""
    fl, ft, fr, fb = frame if frame is not None else frame_of(picture)
    if k is None:
        k = min(box[2] / (fr - fl), box[3] / (fb - ft), max_scale)
    page = picture.pages[0]
    kept = replace(picture, pages=(replace(page, items=legible(page.items, k, CARD_MIN_PT)),))
    return place_picture(kept, box, symbols, frame=frame, k=k, min_pt=CARD_MIN_PT)


def _briefs(steps: Sequence[Step]) -> list[Para]:
    return [para(s.brief or " ".join(s.lines) or s.heading, lead=str(i), before=0.15 if i > 1 else 0.0)
            for i, s in enumerate(steps, 1)]


def _text_for(steps: Sequence[Step], theme: Theme, width: float, height: float) -> tuple[float, list[Text]]:
    """The steps' briefs at the largest size from :data:`TEXT_PT` down that leaves the
    pictures most of ``height``: at most 45% for the text, or, at CARD_MIN_PT, at most
    70%.  DoesNotFit beyond that: a step is never left out."""
    paras = _briefs(steps)
    size = TEXT_PT
    while size >= CARD_MIN_PT - 1e-9:
        try:
            _, texts = fit_text(paras, width, 1e4, theme, max_pt=size, min_pt=size)
        except DoesNotFit:
            break  # a word wider than the card
        used = lines_height(texts, theme)
        if used <= 0.45 * height or (size <= CARD_MIN_PT + 1e-9 and used <= 0.7 * height):
            return used, texts
        size -= 0.25
    count = f"{len(steps)} step{'s' if len(steps) != 1 else ''}"
    raise DoesNotFit(f"the {count} of the solution do not fit a card's back, even at {CARD_MIN_PT:g} pt")


def card_back(p: PrintedPuzzle, theme: Theme, bleed: float, symbols: dict[str, Symbol]) -> list[Item]:
    """The back of card ``p.number`` (the solution) in card mm, art bleeding ``bleed``
    past the trim: see the module docstring."""
    w, h = theme.card
    iw = w - 2 * SAFE
    items: list[Item] = [rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=theme.colours["paper"]))]
    band, top = card_band(theme, p.tier, p.number, "SOLUTION", bleed)
    items += band
    y = top + GAP
    _, texts, sh = fit([para(p.summary)], iw, 12.0, theme, max_pt=SMALL_PT, min_pt=CARD_MIN_PT, what="the summary")
    items += placed(texts, SAFE, y)
    y += sh + GAP
    # The grade's id (what makes the puzzle again) in small print at the foot.
    foot = h - SAFE - pt_mm(CARD_MIN_PT) * DESCENT
    items.append(Text(SAFE, foot, p.grade_id, CARD_MIN_PT, GREY, "start"))
    bottom = foot - pt_mm(CARD_MIN_PT) * ASCENT - GAP
    room = bottom - y
    if not p.steps:
        return items
    used, texts = _text_for(p.steps, theme, iw, room)
    items += placed(texts, SAFE, bottom - used)
    pictures_h = room - used - GAP
    drawings = [s.card_picture or s.picture for s in p.steps]
    frames = [frame_of(d) for d in drawings]
    cols, k = best_grid(frames, iw, pictures_h, GAP)
    if k * min(f[3] - f[1] for f in frames) < 8.0:
        raise DoesNotFit(f"the {len(p.steps)} pictures of the solution would be drawn under 8 mm high on a card's back")
    rows = -(-len(frames) // cols)
    cw = (iw - (cols - 1) * GAP) / cols
    ch = (pictures_h - (rows - 1) * GAP) / rows
    fill = tier_colour(theme, p.tier)
    on = ink_on(theme, fill)
    for i, (drawing, frame) in enumerate(zip(drawings, frames)):
        row, col = divmod(i, cols)
        fw, fh = (frame[2] - frame[0]) * k, (frame[3] - frame[1]) * k
        box = (SAFE + col * (cw + GAP) + (cw - fw) / 2, y + row * (ch + GAP) + (ch - fh) / 2, fw, fh)
        picture, (left, top_, _, _) = card_picture(drawing, box, symbols, k=k)
        items.append(picture)
        # The step's number on the picture's corner, smaller on a small picture so it never hides it.
        r = min(1.9, max(1.5, 0.2 * min(fw, fh)))
        items.append(Circle(left + r, top_ + r, r, Style(fill=fill, stroke=theme.colours["paper"], width=0.3)))
        size = max(CARD_MIN_PT, SMALL_PT * r / 1.9)
        items.append(Text(left + r, top_ + r + pt_mm(size) * 0.36, str(i + 1), size, on, "middle", True))
    return items


def deck(puzzles: Sequence[PrintedPuzzle], theme: Theme, paper: tuple[float, float], *,
         offset: tuple[float, float] = (0.0, 0.0)) -> Document:
    """The whole deck (module docstring).  ``offset`` (mm) shifts every back, as the
    kit's ``--back-offset-x``/``-y`` do.  Raises DoesNotFit or Unprintable naming the
    puzzle's file when a card cannot be drawn."""

    def faces(p: PrintedPuzzle, bleed: float, symbols: dict[str, Symbol]) -> tuple[list[Item], list[Item]]:
        check_pictures(p)
        check_printable(p, theme)
        try:
            return card_front(p, theme, symbols), card_back(p, theme, bleed, symbols)
        except DoesNotFit as exc:
            raise DoesNotFit(f"{where(p)}: card {p.number}: {exc}") from None

    return duplex_deck(puzzles, theme, paper, offset=offset, faces=faces, number=lambda p: p.number,
                       title="Challenge deck")


def duplex_deck(cards: Sequence[C], theme: Theme, paper: tuple[float, float], *, offset: tuple[float, float],
                faces: Callable[[C, float, dict[str, Symbol]], tuple[list[Item], list[Item]]],
                number: Callable[[C], int], title: str) -> Document:
    """Cards imposed for long-edge duplex, for every game's deck: sheets of fronts
    (:func:`~sectionx.render.printing.card_sheet`), each followed by its sheet of
    backs at the mirrored places shifted by ``offset``, so the first sheet of fronts
    is page 1 and every front falls on an odd page.  ``faces(card, bleed, symbols)``
    draws a card's front and back at its trim (the back with ``bleed``), collecting
    its symbols; ``number(card)`` names its groups (``piece-card-N``, ``back-card-N``)
    and the sheet's title.  DoesNotFit for no cards."""
    if not cards:
        raise DoesNotFit("a deck needs at least one puzzle")
    w, h = theme.card
    sheet = card_sheet(theme, paper)
    slots = sheet.slots
    bleed = back_bleed(sheet)
    symbols: dict[str, Symbol] = {}
    sheets = -(-len(cards) // len(slots))
    digits = len(str(2 * sheets))
    pages: list[Page] = []
    for s in range(sheets):
        batch = cards[s * len(slots):(s + 1) * len(slots)]
        fronts: list[Item] = []
        backs: list[Item] = []
        for i, (p, (x, y)) in enumerate(zip(batch, slots)):
            front, back = faces(p, bleed, symbols)
            fronts.append(Group((*front, rect(0.0, 0.0, w, h, TRIM)), translate(x, y), sheet.clip(i),
                                label=f"piece-card-{number(p)}"))
            bx, by = back_position(x, y, theme, paper, offset)
            backs.append(Group(tuple(back), translate(bx, by), sheet.clip(i, mirrored=True, bleed=bleed),
                               label=f"back-card-{number(p)}"))
        first, last = number(batch[0]), number(batch[-1])
        span = f"cards {first}–{last}" if len(batch) > 1 else f"card {first}"
        title_ = f"Challenge deck, sheet {s + 1} of {sheets}: fronts, {span}"
        fronts += sheet_note(sheet, theme, f"{title_}. Print this sheet and the next long-edge duplex (flip on long "
                                           "edge), at actual size; each cut runs the whole sheet, mark to mark.")
        pages.append(Page(paper[0], paper[1], (*fronts, Group(tuple(sheet.marks(theme)), label="crop-marks")),
                          f"{2 * s + 1:0{digits}d}-cards-{s + 1}-fronts", title_))
        btitle = f"Challenge deck, sheet {s + 1} of {sheets}: backs (solutions)"
        shifted = f", shifted {offset[0]:+.1f} / {offset[1]:+.1f} mm" if offset != (0.0, 0.0) else ""
        backs += sheet_note(sheet, theme, f"{btitle}. The back of the previous page, mirrored for long-edge duplex{shifted}.")
        pages.append(Page(paper[0], paper[1], tuple(backs), f"{2 * s + 2:0{digits}d}-cards-{s + 1}-backs", btitle))
    return Document(tuple(pages), sorted_symbols(symbols), title)


__all__ = ["card_back", "card_front", "deck"]
