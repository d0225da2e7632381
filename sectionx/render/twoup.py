"""Two A4 sheets side by side on one A3 sheet (issue 30: kits on A3).

A kit's sheets of cards, tiles and tokens print at their real size, so on A3 a
sheet laid for the paper holds no more of them and is left mostly empty.  A3 is
exactly two A4 portraits side by side (420 x 297 mm), so these sheets are laid
for A4 and two go on one A3 sheet, as a printer imposes a job two up: the pair is
turned a quarter so that the A3 page stays portrait like the kit's other A3
pages (the board, the checklist, the calibration sheet), and duplex stays what
it is on every paper: long-edge, the back the front mirrored left to right.

The front's pair is turned a quarter clockwise; the back's pair, the two backs in
swapped halves, a quarter the other way: a point ``(x, y)`` of the front lands
behind it at ``(W - x, y)``, as on a single sheet, so every back A4 laid for its
own front stays registered (:func:`sheet`; tests/test_kit_fill.py checks it
piece by piece).  The backs are laid without the printer's offset and the
offset is added to the whole A3 back page, whose frame the calibration sheet
measures in.  Each top-level group of an A4 sheet stays a top-level group of
the A3 page (its matrix composed), so a piece, its crop marks and its label read
back as on A4 (:func:`sectionx.render.pieces.pieces`).  No game words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from .scene import Group, Item, Matrix, Page, compose

#: ISO A4 portrait (mm): the sheet laid two up.
A4 = (210.0, 297.0)
_SLACK = 0.5  # mm: a template's A3 written 297 x 420 or 297.0 x 420.2 is still two A4


def half_paper(paper: tuple[float, float]) -> tuple[float, float] | None:
    """A4 when ``paper`` (portrait) is two A4 portraits side by side (A3), else None:
    every other paper lays its sheets for itself, as before."""
    W, H = paper
    return A4 if abs(W - A4[1]) <= _SLACK and abs(H - 2 * A4[0]) <= _SLACK else None


def _placed(page: Page, m: Matrix) -> list[Item]:
    """``page``'s items under ``m``, each top-level group kept whole (its label, its
    clip) with ``m`` composed into its matrix."""
    return [replace(it, matrix=compose(m, it.matrix)) if isinstance(it, Group) else Group((it,), m) for it in page.items]


def sheet(left: Page | None, right: Page | None, paper: tuple[float, float], *, back: bool,
          offset: tuple[float, float] = (0.0, 0.0), name: str, label: str) -> Page:
    """One A3 page of two A4 pages.  A front: ``left`` and ``right`` side by side,
    the pair turned a quarter clockwise (the left sheet at the A3 page's top).  A
    back: ``left`` is the back of the front's left sheet and ``right`` of its right,
    laid in swapped halves and turned a quarter anticlockwise, then shifted by
    ``offset`` (mm, right and down): each lies behind its front for long-edge
    duplex.  None leaves a half empty."""
    W, H = paper
    half = H / 2
    for p in (left, right):
        if p is not None and (abs(p.width - half) > _SLACK or abs(p.height - W) > _SLACK):
            raise ValueError(f"a {p.width:g} x {p.height:g} mm page is not half of {W:g} x {H:g} mm paper")
    if back:
        turn: Matrix = (0.0, -1.0, 1.0, 0.0, offset[0], H + offset[1])
        places = ((left, half), (right, 0.0))
    else:
        turn = (0.0, 1.0, -1.0, 0.0, W, 0.0)
        places = ((left, 0.0), (right, half))
    items: list[Item] = []
    for page, dx in places:
        if page is not None:
            items += _placed(page, compose(turn, (1.0, 0.0, 0.0, 1.0, dx, 0.0)))
    return Page(W, H, tuple(items), name, label)


def _stem(name: str) -> str:
    return re.sub(r"-(fronts|backs)$", "", re.sub(r"^\d+-", "", name))


def two_up_sheets(units: Sequence[tuple[Page, Page | None]], paper: tuple[float, float], *,
                  offset: tuple[float, float] = (0.0, 0.0)) -> list[Page]:
    """A4 sheets two up on A3 (:func:`sheet`), in order: each unit is a front and
    its back (None: single-sided), and each pair of units makes a front page and,
    when either has a back, the back page after it; an odd last unit has a half to
    itself.  Pages are named after their halves (``tiles-3-and-cards-1-fronts``,
    ``...-backs``)."""
    pages: list[Page] = []
    for i in range(0, len(units), 2):
        pair = list(units[i:i + 2])
        stem = "-and-".join(_stem(f.name) for f, _ in pair)
        label = " + ".join(f.label for f, _ in pair)
        duplex = any(b is not None for _, b in pair)
        left, right = pair[0], (pair[1] if len(pair) > 1 else (None, None))
        pages.append(sheet(left[0], right[0], paper, back=False, name=stem + ("-fronts" if duplex else ""),
                           label=label))
        if duplex:
            pages.append(sheet(left[1], right[1], paper, back=True, offset=offset, name=stem + "-backs",
                               label=label + ", backs"))
    return pages


__all__ = ["A4", "half_paper", "sheet", "two_up_sheets"]
