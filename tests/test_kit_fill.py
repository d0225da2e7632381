"""Issue 30: no page of a kit more than a third empty unless a piece needs it.

Each game's kit on A4 and letter, every page but the duplex calibration sheet (empty
by design: targets and rulers alone) and the backs of a duplex sheet (each back lies
behind its front, so its room is the front's): the share of 5 mm squares inside the
margin that nothing is painted in (tests/page_fill.py, a lower bound of what the
raster measure ``benchmarks/kit_fill.py`` finds) is at most :data:`MOST_EMPTY`.
Before issue 30's fill the checklists measured 0.36-0.47 this way, Section X's token
sheet 0.41-0.44, Hekla's pieces 0.31 (docs/benchmarks.md has both measures)."""

from __future__ import annotations

import pytest

from sectionx.games.breakout import kit as breakout_kit
from sectionx.games.hekla import kit as hekla_kit
from sectionx.games.sectionx.commands import definition
from sectionx.games.sectionx.render import kit as sectionx_kit
from sectionx.games.tunnel import kit as tunnel_kit
from sectionx.render.theme import load_theme

from .page_fill import empty_share

THEME = load_theme()
#: The most of a page left empty, by the scene's boxes (a third by the raster measure).
MOST_EMPTY = 0.32


def _kit(game: str, paper: str):
    if game == "sectionx":
        return sectionx_kit.build_kit(definition("standard", "board"), definition("default", "catalogue"), THEME, paper)
    return {"hekla": hekla_kit, "breakout": breakout_kit, "tunnel": tunnel_kit}[game].build_kit(THEME, paper)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["sectionx", "breakout", "hekla", "tunnel"])
def test_no_kit_page_is_more_than_a_third_empty(game, paper):
    document = _kit(game, paper).document
    measured = {p.name: empty_share(p, document.symbol_map, THEME) for p in document.pages
                if "calibration" not in p.name and not p.name.endswith("backs")}
    assert measured and max(measured.values()) <= MOST_EMPTY, {k: round(v, 2) for k, v in measured.items()}


def test_the_measure_finds_an_empty_page_empty():
    """The measure can fail: the calibration sheet's back (rulers alone) is nearly all empty."""
    document = _kit("hekla", "a4").document
    back = next(p for p in document.pages if p.name.endswith("calibration-back"))
    assert empty_share(back, document.symbol_map, THEME) > 0.9
