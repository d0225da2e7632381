"""Cut pieces (:mod:`sectionx.render.pieces`): crop marks on the trim edges outside
the bleed, and a page checker that finds marks in a neighbour's bleed, overlapping
bleeds, hairline marks, art in the margin and text off a card's safe area."""

from __future__ import annotations

import math
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from sectionx.render import pieces as P
from sectionx.render.scene import MM_PER_PT, Group, Page, Style, Text, line, mm_from_pt, rect

from .kit_fixtures import THEME, themes


@given(st.floats(20, 100), st.floats(20, 100), st.floats(5, 60), st.floats(5, 60), themes())
def test_crop_marks_lie_on_the_trim_edges_outside_the_bleed(x, y, w, h, theme):
    marks = P.crop_marks(x, y, w, h, theme)
    assert len(marks) == 8  # two at each corner
    trim = P.Trim("t", "rect", (x, y, x + w, y + h))
    bleed = trim.grown(theme.bleed)
    for mark in marks:
        assert mark.style.width / MM_PER_PT >= 0.5 - 1e-9
        (x0, y0), (x1, y1) = mark.points()
        assert x0 == x1 or y0 == y1  # along a trim edge's extension
        on_edge = (x0 == x1 and x0 in (x, x + w)) or (y0 == y1 and y0 in (y, y + h))
        assert on_edge
        assert math.isclose(math.dist((x0, y0), (x1, y1)), theme.crop_length)
        box = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        assert P.gap(trim, box) >= theme.bleed + P.CLEARANCE - 1e-9  # outside the trim ...
        assert P.gap(bleed, box) >= P.CLEARANCE - 1e-9  # ... and outside its own bleed
        assert P.gap(bleed, box) >= min(theme.crop_gap, 10) - 1e-9 or theme.crop_gap < P.CLEARANCE


def test_checker_finds_marks_in_a_neighbours_bleed_and_overlapping_bleeds():
    t = THEME
    w, h = t.card

    def card(x, y, name):
        return Group((rect(0, 0, w, h, Style(stroke="#000000")),), (1, 0, 0, 1, x, y), label=f"piece-card-{name}")

    x0 = 20.0
    near = x0 + w + P.mark_reach(t) + t.bleed  # the second card's bleed starts where the first's marks end
    page = Page(210, 297, (card(x0, 20, "a"), card(near, 20, "b"),
                           Group(tuple(P.crop_marks(x0, 20, w, h, t) + P.crop_marks(near, 20, w, h, t)), label="crop-marks")))
    problems = P.layout_problems(page, {}, t, check_margin=False)
    assert any("crop mark" in p and "piece-card-b" in p for p in problems)
    assert not any("overlap" in p for p in problems)
    touching = Page(210, 297, (card(x0, 20, "a"), card(x0 + w + t.bleed, 20, "b")))
    assert any("bleeds of piece-card-a and piece-card-b overlap" in p for p in P.layout_problems(touching, {}, t))
    hairline = line((0, 0), (0, 3), Style(stroke="#000", width=0.1))
    thin = Page(210, 297, (card(x0, 20, "a"), Group((hairline,), label="crop-marks")))
    assert any("thinner" in p for p in P.layout_problems(thin, {}, t, check_margin=False))


def test_checker_finds_art_in_the_margin_and_text_off_the_safe_area():
    t = THEME
    page = Page(210, 297, (Group((Text(1.0, 2.0, "overflowing text, far too long for a card", 9.0),
                                  rect(0, 0, 63, 88, Style(stroke="#000"))), (1, 0, 0, 1, 5, 5), label="piece-card-x"),))
    problems = P.layout_problems(page, {}, t)
    assert any("margin" in p for p in problems)
    assert any("safe area" in p for p in problems)


def test_flow_wraps_a_row_that_is_too_wide_and_centres_each_line_vertically():
    class Box:
        def __init__(self, w, h):
            self.w, self.h = w, h

    small, tall = Box(10, 4), Box(10, 8)
    placed, height, width = P.flow([[small, tall, small], [small]], 25, 2)
    assert [(x, y) for _, x, y in placed] == [(0, 2), (12, 0), (0, 10), (0, 16)]
    assert (height, width) == (20, 22)
    assert P.flow([], 25, 2) == ([], 0.0, 0.0)


def test_clearance_is_half_a_point_rounded_up_and_marks_are_never_hairlines():
    assert P.CLEARANCE == 0.18 and 0 < P.CLEARANCE - P.CLEARANCE_PT * MM_PER_PT < 0.01
    thin = replace(THEME, crop_width=0.1)
    assert P.mark_style(thin).width >= P.MIN_CROP_PT * MM_PER_PT
    assert P.mark_style(THEME) == Style(stroke=THEME.colours["ink"], width=mm_from_pt(THEME.crop_width))
