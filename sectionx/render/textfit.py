"""Fitting text into a box: mixed bold and plain paragraphs, wrapped and shrunk to fit.

Contract:

* :func:`fit_text` takes :class:`Para` paragraphs (runs of ``(text, bold)``, built
  with :func:`para`), a box ``width`` x ``height`` in mm and a range of body sizes in
  points; it returns the largest size (from ``max_pt`` down in ``step``) at which
  every line fits, and the lines as :class:`~sectionx.render.scene.Text` items with
  the box's top-left at (0, 0) (move them with :func:`placed`).  It raises
  :class:`DoesNotFit` rather than squeezing: a word wider than the box is refused.
* Lines break only at spaces; a run that neither starts nor follows a space continues
  the word before it ("door" + "s").  Widths add up word by word with the theme's own
  fonts (:mod:`sectionx.render.fonts`), unkerned, as the backends draw them.
* A line's box is :data:`ASCENT` above and :data:`DESCENT` below its baseline, in
  font sizes, and baselines are :data:`LEADING` apart (:func:`text_box`).

Pure functions; the only state is :func:`text_width`'s cache of measured words.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import SectionXError
from . import fonts
from .scene import IDENTITY, Matrix, Text, apply, pt_mm
from .theme import Theme

Box = tuple[float, float, float, float]  # left, top, right, bottom

#: Text box of a line, as fractions of the font size: Vera's ascent and descent.
ASCENT = 0.76
DESCENT = 0.24
#: Baseline to baseline, as a multiple of the font size.
LEADING = 1.22


class DoesNotFit(SectionXError, ValueError):
    """Text or pieces that do not fit the space given (a card, a tile or the board too big
    for the paper); the message says what to change.  The command line prints it as one line."""



_WIDTHS: dict[tuple[str, str, float], float] = {}


def text_width(text: str, size: float, bold: bool, theme: Theme) -> float:
    """:func:`fonts.text_width`, remembered per font file: fitting a card measures the
    same words at many sizes.  Still worth it with the font names cached: the
    component pages take about half the time with it."""
    key = (str(theme.font_bold if bold else theme.font_regular), text, size)
    w = _WIDTHS.get(key)
    if w is None:
        if len(_WIDTHS) > 200_000:
            _WIDTHS.clear()
        w = _WIDTHS[key] = fonts.text_width(text, size, bold, theme)
    return w


def text_box(t: Text, theme: Theme, m: Matrix = IDENTITY) -> Box:
    """The box a line of text covers (``m`` a translation); turned text (``angle``,
    degrees clockwise about its anchor point, as SVG's rotate) by its turned corners,
    and so text under an ``m`` that turns it a quarter (an A4 sheet two up on A3,
    render/twoup.py; other turns keep the box they had)."""
    w = text_width(t.text, t.size, t.bold, theme)
    x0 = t.x - {"start": 0.0, "middle": w / 2, "end": w}[t.anchor]
    s = pt_mm(t.size)
    if t.angle or (m[0] == 0.0 and m[3] == 0.0):
        a = math.radians(t.angle)
        ca, sa = math.cos(a), math.sin(a)
        pts = []
        for dx, dy in ((x0 - t.x, -ASCENT * s), (x0 - t.x + w, -ASCENT * s), (x0 - t.x, DESCENT * s),
                       (x0 - t.x + w, DESCENT * s)):
            pts.append(apply(m, (t.x + dx * ca - dy * sa, t.y + dx * sa + dy * ca)))
        return min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)
    x, y = apply(m, (x0, t.y))
    return x, y - ASCENT * s, x + w, y + DESCENT * s


@dataclass(frozen=True)
class Para:
    """A paragraph for :func:`fit_text`: runs of ``(text, bold)``, an optional hanging
    label (a phase number), a size relative to the body and space before it (in lines)."""

    runs: tuple[tuple[str, bool], ...]
    lead: str = ""
    rel: float = 1.0
    before: float = 0.0
    align: str = "start"  # start or middle
    fill: str | None = None


def para(*runs: str | tuple[str, bool], **kw: Any) -> Para:
    """``para(("Bold", True), " then plain")``; a bare string is plain."""
    return Para(tuple((r, False) if isinstance(r, str) else r for r in runs), **kw)


def _words(runs: Sequence[tuple[str, bool]]) -> list[tuple[str, bool, bool]]:
    """(word, bold, space before it): a run that neither starts nor follows a space
    continues the previous word ("door" + "s")."""
    out: list[tuple[str, bool, bool]] = []
    prev_space = True
    for text, bold in runs:
        for k, w in enumerate(text.split()):
            out.append((w, bold, k > 0 or text[0].isspace() or prev_space))
        if text:
            prev_space = text[-1].isspace()
    return out


def _segments(words: Sequence[tuple[str, bool, bool]]) -> list[tuple[str, bool]]:
    """A line's words merged into same-style segments; a segment after the first may
    start with the space that separates it from the one before."""
    segs: list[tuple[str, bool]] = []
    for w, bold, space in words:
        sep = " " if space and segs else ""
        if segs and segs[-1][1] == bold:
            segs[-1] = (segs[-1][0] + sep + w, bold)
        else:
            segs.append((sep + w, bold))
    return segs


def _segments_width(segs: list[tuple[str, bool]], size: float, theme: Theme) -> float:
    return sum(text_width(t, size, b, theme) for t, b in segs)


def _wrap_runs(runs: Sequence[tuple[str, bool]], width: float, size: float, theme: Theme) -> list[list[tuple[str, bool]]]:
    """Greedy word wrap of mixed bold and plain runs (breaking only at spaces).  Widths
    add up glyph by glyph (no kerning, as drawn), so each word is measured once."""
    space = {b: text_width(" ", size, b, theme) for b in (False, True)}
    lines: list[list[tuple[str, bool, bool]]] = []
    cur: list[tuple[str, bool, bool]] = []
    cur_w = 0.0
    for w, bold, sp in _words(runs):
        ww = text_width(w, size, bold, theme)
        # The space before a word is drawn in the word's style (see _segments).
        add = ww + (space[bold] if cur and sp else 0.0)
        if cur and sp and cur_w + add > width:
            lines.append(cur)
            cur, cur_w = [(w, bold, False)], ww
        else:
            cur.append((w, bold, sp))
            cur_w += add
    lines.append(cur)
    return [_segments(ln) for ln in lines]


def _layout(paras: Sequence[Para], width: float, size: float, theme: Theme, ink: str) -> tuple[list[Text], float, float]:
    """Texts for the paragraphs at body ``size`` (top-left at 0, 0), the height used and the widest line."""
    lead_w = max((text_width(p.lead + " ", size * p.rel, True, theme) for p in paras if p.lead), default=0.0)
    texts: list[Text] = []
    baseline: float | None = None
    bottom = 0.0
    widest = 0.0
    for p in paras:
        s = size * p.rel
        indent = lead_w if p.lead else 0.0
        for k, segs in enumerate(_wrap_runs(p.runs, width - indent, s, theme)):
            if baseline is None:
                baseline = ASCENT * pt_mm(s)
            else:
                baseline += pt_mm(s) * LEADING + (p.before * pt_mm(size) * LEADING if k == 0 else 0.0)
            bottom = baseline + DESCENT * pt_mm(s)
            w = _segments_width(segs, s, theme)
            widest = max(widest, indent + w)
            x = indent if p.align == "start" else (width - w) / 2
            if p.lead.strip() and k == 0:
                texts.append(Text(0.0, baseline, p.lead, s, p.fill or ink, "start", True))
            for t, bold in segs:
                word = t.lstrip(" ")
                x += text_width(t[: len(t) - len(word)], s, bold, theme)
                texts.append(Text(x, baseline, word, s, p.fill or ink, "start", bold))
                x += text_width(word, s, bold, theme)
    return texts, bottom, widest


def fit_text(paras: Sequence[Para], width: float, height: float, theme: Theme, *, max_pt: float, min_pt: float,
             ink: str | None = None, step: float = 0.25) -> tuple[float, list[Text]]:
    """The largest body size (from ``max_pt`` down to ``min_pt`` in ``step``) at which the
    paragraphs fit ``width`` x ``height`` mm, and their lines (top-left at 0, 0).

    Raises :class:`DoesNotFit` when even ``min_pt`` is too big (or a word is wider than the box)."""
    ink = ink or theme.colours["ink"]
    size = max_pt
    while size >= min_pt - 1e-9:
        texts, used, widest = _layout(paras, width, size, theme, ink)
        if used <= height + 1e-9 and widest <= width + 1e-9:
            return size, texts
        size -= step
    raise DoesNotFit(f"text does not fit {width:.1f} x {height:.1f} mm even at {min_pt} pt")


def placed(texts: Iterable[Text], dx: float, dy: float) -> list[Text]:
    """The texts moved by (dx, dy): :func:`fit_text`'s lines put where their box goes."""
    return [Text(t.x + dx, t.y + dy, t.text, t.size, t.fill, t.anchor, t.bold, t.angle) for t in texts]
