"""The fixed words of the board and the diagrams come from one place (render/words.py),
so the rulebook can be printed in German and Dutch as well as English (issue 12)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

import pytest

from sectionx.games.sectionx import formats
from sectionx.games.sectionx.model import Goal, Scenario
from sectionx.games.sectionx.render.board import CELL_BLOCK_WIDTH, FREE_ZONE_WIDTH, ISLAND_WIDTH, board_items
from sectionx.games.sectionx.render.diagram import PANEL_TILE, STACK_CAPTION, UnprintableText, diagram
from sectionx.games.sectionx.render.words import ENGLISH, Words
from sectionx.render.fonts import text_width
from sectionx.render.layout import Layout
from sectionx.render.scene import Circle, Document, Group, Item, Text
from sectionx.render.svg import to_svg
from sectionx.render.theme import default_theme

ROOT = Path(__file__).resolve().parent.parent
THEME = default_theme()
F = THEME.tile

COLOUR_DE = {"red": "Rot", "blue": "Blau", "yellow": "Gelb", "purple": "Lila"}


def _ziel(goal: Goal) -> str:
    return f"{COLOUR_DE[goal.player.value]} befreit {goal.count} Gefangene in {goal.turns} Zügen"


GERMAN = Words(island="INSEL", cell_block="ZELLENBLOCK", free_zone="FREIE ZONE", red="Rot", blue="Blau",
               yellow="Gelb", purple="Lila", to_move="(am Zug)", counts="befreit {freed} · tot {dead} · Insel {island}",
               doors="Türen", no_doors="keine mehr", stacks="Stapel", empty="leer", tiles="{n} Plättchen",
               one_tile="{n} Plättchen", puzzle="Rätsel: {goal}.",
               advanced="Fortgeschrittenes Spiel: Schritte, Plättchenaktion und Tür in beliebiger Folge (V2).",
               goal=_ziel)
DUTCH = Words(island="EILAND", cell_block="CELBLOK", free_zone="VRIJE ZONE", red="Rood", blue="Blauw",
              yellow="Geel", purple="Paars", to_move="(aan zet)", counts="vrij {freed} · dood {dead} · eiland {island}",
              doors="deuren", no_doors="geen meer", stacks="Stapels", empty="leeg", tiles="{n} tegels",
              one_tile="{n} tegel", puzzle="Puzzel: {goal}.")

#: Every English fixed word, as it may appear inside a drawn line.
ENGLISH_WORDS = ["ISLAND", "CELL BLOCK", "FREE ZONE", "Red", "Blue", "Yellow", "Purple", "to move", "freed", "dead",
                 "island", "doors", "none in hand", "Stacks", "empty", "tiles", "Puzzle", "Advanced game", "prisoner",
                 "green area", "within"]


def drawn_texts(doc: Document) -> list[Text]:
    """Every Text of the document: on its pages and inside its symbols."""
    out: list[Text] = []

    def walk(items: Iterable[Item]) -> None:
        for it in items:
            if isinstance(it, Text):
                out.append(it)
            elif isinstance(it, Group):
                walk(it.items)

    for page in doc.pages:
        walk(page.items)
    for sym in doc.symbols:
        walk(sym.items)
    return out


def every_word_position() -> list[Scenario]:
    """Positions that together draw every fixed word: a puzzle of the advanced game with
    the player to move, a stack empty, one of one tile and one of many, a player with
    no door in hand, claimed zones; titles and descriptions (the file's own words) gone."""
    puzzle = formats.load(ROOT / "scenarios" / "puzzle-first-escape.yaml").scenario
    state = puzzle.state
    used = {placed.tile for _, placed in state.tiles} | {tid for p in state.players for tid in p.hand}
    free = [t.id for t in state.catalogue.tiles if t.id not in used]
    state = state.replace(advanced=True, stacks=((), (free[0],), tuple(free[1:6])))
    mid = formats.load(ROOT / "scenarios" / "midgame-4p.yaml").scenario
    return [replace(puzzle, state=state, title="", description=""),
            replace(puzzle, state=state.replace(advanced=False), title="", description=""),
            replace(mid, title="", description="")]


def test_german_words_replace_every_english_word():
    """Drawn with German words, a diagram (board, side panel, goal line) shows the German
    words and not one English fixed word; the same position in English shows them."""
    drawn = []
    for scenario in every_word_position():
        for options in ({"panel": True}, {"panel": True, "crop": True, "coords": True}):
            drawn += [t.text for t in drawn_texts(diagram(scenario, THEME, words=GERMAN, **options))]
    for word in ENGLISH_WORDS:
        assert not [t for t in drawn if word in t], word
    joined = "\n".join(drawn)
    for word in ("INSEL", "ZELLENBLOCK", "FREIE ZONE", "Rot", "Blau", "Gelb", "Lila", "(am Zug)", "befreit",
                 "Türen", "Stapel", "leer", "1 Plättchen", "5 Plättchen", "Rätsel: Rot befreit 1 Gefangene",
                 "Fortgeschrittenes Spiel"):
        assert word in joined, word
    english = "\n".join(t.text for s in every_word_position() for t in drawn_texts(diagram(s, THEME, panel=True)))
    for word in ("ISLAND", "CELL BLOCK", "FREE ZONE", "Stacks", "empty", "Puzzle: red", "Advanced game", "(to move)"):
        assert word in english, word


def test_no_door_in_hand_is_said_in_the_words_given():
    mid = formats.load(ROOT / "scenarios" / "midgame-4p.yaml").scenario
    red, *others = mid.state.players
    red = replace(red, key=True)  # one door on the board, one given for the master key (K1): none in hand
    assert red.doors_in_hand == 0
    mid = replace(mid, state=mid.state.replace(players=(red, *others)))
    shown = [t.text for t in drawn_texts(diagram(mid, THEME, panel=True, words=DUTCH))]
    assert "geen meer" in shown and "none in hand" not in shown


def test_english_is_the_default_and_draws_the_same_bytes():
    scenario = formats.load(ROOT / "scenarios" / "midgame-4p.yaml").scenario
    for options in ({}, {"panel": True, "crop": True, "coords": True}):
        a = diagram(scenario, THEME, **options)
        b = diagram(scenario, THEME, words=Words(), **options)
        assert to_svg(a.pages[0], a.symbol_map, THEME) == to_svg(b.pages[0], b.symbol_map, THEME)
    board = scenario.state.board
    assert board_items(board, Layout(F), THEME, min_pt=7) == board_items(board, Layout(F), THEME, min_pt=7, words=ENGLISH)


@pytest.mark.parametrize("words", [GERMAN, DUTCH], ids=["de", "nl"])
def test_the_board_prints_the_words_given_and_fits_them(words):
    """The board (as the kit prints it, names at least 7 pt) in another language: each
    name fits its place, measured with the word given, and the island's disc holds it."""
    board = formats.loads("players: [red, blue, yellow, purple]").state.board
    items = board_items(board, Layout(F), THEME, min_pt=7, words=words)
    flat: list[Item] = []

    def walk(its: Iterable[Item]) -> None:
        for it in its:
            if isinstance(it, Group):
                walk(it.items)
            else:
                flat.append(it)

    walk(items)
    texts = [t for t in flat if isinstance(t, Text)]
    names = {t.text for t in texts}
    assert {words.island, words.cell_block, words.free_zone} <= names
    assert not names & {"ISLAND", "CELL BLOCK", "FREE ZONE"}
    room = {words.island: ISLAND_WIDTH, words.cell_block: CELL_BLOCK_WIDTH, words.free_zone: FREE_ZONE_WIDTH}
    for t in texts:
        if t.text in room:
            assert text_width(t.text, t.size, True, THEME) <= room[t.text] * F + 1e-6, t.text
    island = next(t for t in texts if t.text == words.island)
    disc = next(c for c in flat if isinstance(c, Circle) and abs(c.cx - island.x) < 1e-6 and c.r >= F * 0.18)
    assert text_width(island.text, island.size, True, THEME) / 2 < disc.r


def test_a_long_word_is_set_smaller_to_fit():
    long_words = Words(island="GEFÄNGNISINSELN", free_zone="FREIGELASSENEN-ZONE", cell_block="ZELLENBLOCKBEREICHE",
                       tiles="{n} Plättchen liegen hier", one_tile="{n} Plättchen liegt hier")
    board = formats.loads("players: [red, blue]").state.board
    for t in [it for it in board_items(board, Layout(F), THEME, words=long_words) if isinstance(it, Text)]:
        if t.text == long_words.free_zone:
            assert text_width(t.text, t.size, True, THEME) <= FREE_ZONE_WIDTH * F + 1e-6
    scenario = every_word_position()[1]
    captions = [t for t in drawn_texts(diagram(scenario, THEME, panel=True, words=long_words)) if "liegt" in t.text
                or "liegen" in t.text]
    assert len(captions) == 2
    for t in captions:
        assert text_width(t.text, t.size, False, THEME) <= STACK_CAPTION * PANEL_TILE * F + 1e-6


def test_a_word_the_font_cannot_print_is_refused():
    scenario = formats.load(ROOT / "scenarios" / "midgame-4p.yaml").scenario
    with pytest.raises(UnprintableText, match=r"^words.island: the font .* has no glyph for '岛'"):
        diagram(scenario, THEME, words=Words(island="岛"))
