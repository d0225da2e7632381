"""Fitting text (:mod:`sectionx.render.textfit`): lines never wider than the box, the
size shrinks until the text fits and what cannot fit is refused, mixed bold and
plain runs keep their spacing."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sectionx.render import textfit as TF

from .kit_fixtures import THEME


@given(st.floats(20, 80), st.floats(4, 9),
       st.lists(st.text(alphabet="abcdefghij klm,.", min_size=1, max_size=60), min_size=1, max_size=6))
def test_fit_text_lines_never_exceed_the_width(width, max_pt, words):
    paras = [TF.para(w, lead="1" if i % 2 else "") for i, w in enumerate(words)]
    try:
        size, lines = TF.fit_text(paras, width, 200.0, THEME, max_pt=max_pt, min_pt=3.0)
    except TF.DoesNotFit:
        return  # a word longer than the width: refused, not squeezed
    assert 3.0 <= size <= max_pt
    for t in lines:
        assert t.x >= -1e-9
        assert t.x + TF.text_width(t.text, t.size, t.bold, THEME) <= width + 1e-6


def test_fit_text_shrinks_and_refuses_what_cannot_fit():
    long = [TF.para("word " * 200)]
    size, _ = TF.fit_text(long, 50.0, 120.0, THEME, max_pt=9, min_pt=3)
    assert size < 9
    with pytest.raises(TF.DoesNotFit):
        TF.fit_text(long, 50.0, 10.0, THEME, max_pt=9, min_pt=5)


def test_mixed_runs_keep_their_spacing():
    _, lines = TF.fit_text([TF.para(("Bold", True), " plain", ("er", True))], 100, 20, THEME, max_pt=8, min_pt=8)
    assert [(t.text, t.bold) for t in lines] == [("Bold", True), ("plain", False), ("er", True)]
    space = TF.text_width(" ", 8, False, THEME)
    assert math.isclose(lines[1].x, TF.text_width("Bold", 8, True, THEME) + space)
    assert math.isclose(lines[2].x, lines[1].x + TF.text_width("plain", 8, False, THEME))  # glued: no space
