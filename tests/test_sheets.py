"""Imposition: the tile sheets and the split board, measured on the scene values.

The produced files are measured in tests/test_kit.py; here the layout rules
themselves are checked over many paper and tile sizes.
"""

import math
import re
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sectionx.games.sectionx import formats
from sectionx.games.sectionx.render import sheets
from sectionx.games.sectionx.render.art import hex_corners
from sectionx.render import pieces as P
from sectionx.render.scene import MM_PER_PT, Circle, Group, Path, Text, Use
from sectionx.render.textfit import text_box
from sectionx.render.theme import load_theme

THEME = load_theme()
CATALOGUE = formats.bundled_catalogue()
BOARD = formats.bundled_board("standard")
A4 = THEME.paper("a4")


def _within(poly, paper, margin):
    return all(margin - 1e-6 <= x <= paper[0] - margin + 1e-6 and margin - 1e-6 <= y <= paper[1] - margin + 1e-6 for x, y in poly)


def _check_sheet(theme, paper):
    placements = sheets.tile_placements(CATALOGUE, theme, paper)
    for sheet in {p.sheet for p in placements}:
        here = [p for p in placements if p.sheet == sheet]
        for p in here:
            bleed = sheets.bleed_polygon(p.front, theme)
            marks = sheets.hex_crop_marks(p.front, theme)
            # bleed and marks inside the printable area
            assert _within(bleed, paper, theme.margin)
            assert _within([q for m in marks for q in m], paper, theme.margin)
            trim = hex_corners(theme.tile, p.front)
            for m in marks:
                # outside its own trim and its own bleed ...
                # (a mark on an edge's extension meets the next edge at 60 degrees: sin 60 = 0.866)
                gap = max(sheets.CLEARANCE, min(theme.crop_gap, sheets.HEX_MARK_GAP))
                assert sheets.segment_polygon_distance(m, trim) >= theme.bleed + 0.866 * gap - 1e-6
                assert sheets.segment_polygon_distance(m, bleed) >= 0.866 * gap - 1e-6
                # ... never within 0.5 pt of any other piece, and (issue 11: marks that met
                # end to end could not be told apart) never within MARK_GAP of another
                # tile's marks
                for other in here:
                    if other is not p and math.dist(p.front, other.front) < 3 * theme.tile + 4 * theme.bleed + 20:
                        assert sheets.segment_polygon_distance(m, sheets.bleed_polygon(other.front, theme)) >= sheets.CLEARANCE
                        for n in sheets.hex_crop_marks(other.front, theme):
                            assert sheets.segment_distance(m, n) >= sheets.MARK_GAP - 1e-9
            for other in here:
                if other is not p:
                    assert math.dist(p.front, other.front) >= theme.tile + 2 * theme.bleed
    return placements


def test_a4_fits_18_tiles_a_sheet_in_three_sheets():
    grid = sheets.tile_grid(THEME, A4)
    assert grid.per_page == 18
    placements = _check_sheet(THEME, A4)
    assert max(p.sheet for p in placements) == 2


def test_every_tile_once_and_backs_mirrored_for_long_edge_duplex():
    placements = sheets.tile_placements(CATALOGUE, THEME, A4, offset=(0.7, -0.4))
    assert [p.tile for p in placements] == list(CATALOGUE.ids)
    for p in placements:
        assert p.back == pytest.approx((A4[0] - p.front[0] + 0.7, p.front[1] - 0.4))


@pytest.mark.slow  # about 30 s: eight whole tile sheets laid out
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(width=st.floats(150, 450), height=st.floats(200, 600), tile=st.floats(25, 60), bleed=st.floats(0, 5),
       gap=st.floats(0.5, 3), length=st.floats(1, 6))
def test_any_paper_and_sizes_keep_crop_marks_clear(width, height, tile, bleed, gap, length):
    theme = replace(THEME, tile=tile, bleed=bleed, crop_gap=gap, crop_length=length)
    paper = (width, height)
    try:
        sheets.tile_grid(theme, paper)
    except sheets.DoesNotFit:
        return  # a tile that cannot fit is refused, not squeezed
    _check_sheet(theme, paper)


def test_tiles_too_big_for_the_paper_are_refused_with_a_reason():
    with pytest.raises(sheets.DoesNotFit, match="--tile-size"):
        sheets.tile_grid(replace(THEME, tile=200), A4)


def test_tile_sheet_pages_pair_fronts_and_backs():
    pages, symbols = sheets.tile_pages(CATALOGUE, THEME, A4)
    assert [p.name for p in pages] == ["tiles-1-fronts", "tiles-1-backs", "tiles-2-fronts", "tiles-2-backs",
                                       "tiles-3-fronts", "tiles-3-backs"]
    names = {s.name for s in symbols}
    # One symbol per different tile type, plus the shared back.
    assert len(names) == len({tuple(t.features) for t in CATALOGUE.tiles}) + 1
    backs = [it for it in pages[1].items if isinstance(it, Use)]
    assert {u.name for u in backs} == {"tile-back"} and len(backs) == 18
    # crop marks are at least 0.5 pt wide
    marks = [it for it in pages[0].items if isinstance(it, Path) and len(it.commands) == 2]
    assert len(marks) == 18 * 12
    assert min(m.style.width for m in marks) >= 0.5 * MM_PER_PT - 1e-9


# ------------------------------------------------------------------ board


def _board_split(paper=A4, theme=THEME):
    _symbol, w, h, layout = sheets.board_drawing(BOARD, theme)
    return sheets.split_board(w, h, theme, paper), w, h, layout


def test_board_splits_over_six_a4_pages_that_cover_it():
    split, w, h, _ = _board_split()
    assert (split.cols, split.rows) == (3, 2)
    left, top, _, _ = split.window(0, 0)
    _, _, right, bottom = split.window(split.cols - 1, split.rows - 1)
    assert left <= 0 and top <= 0 and right >= w and bottom >= h
    # neighbouring windows overlap by exactly the glue strip
    assert split.window(1, 0)[0] == pytest.approx(split.window(0, 0)[2] - THEME.overlap)
    assert split.window(0, 1)[1] == pytest.approx(split.window(0, 0)[3] - THEME.overlap)


@pytest.mark.parametrize("tile", [30, 40])
def test_board_cells_are_the_tile_size(tile):
    symbol, _, _, _ = sheets.board_drawing(BOARD, replace(THEME, tile=tile))
    cells = [it for it in symbol.items if isinstance(it, Path) and len(it.commands) == 7 and it.style.fill]
    assert len(cells) == len(BOARD.tile_cells) + len(BOARD.green)  # the island is drawn as one shape
    for cell in cells:
        xs = [c[1] for c in cell.commands[:-1]]
        assert max(xs) - min(xs) == pytest.approx(tile)


def _arrow_tips(page, split, col, row):
    """The registration arrows' tips of one page, in board-drawing mm."""
    left, top, _, _ = split.window(col, row)
    out = set()
    for it in page.items:
        if isinstance(it, Group) and it.label == "board-marks":
            for sub in it.items:
                if isinstance(sub, Path) and sub.style.fill and len(sub.commands) == 4:
                    tip = sub.commands[0][1:]
                    out.add((round(tip[0] + left, 3), round(tip[1] + top, 3)))
    return out


def _strips(split, col, row):
    """This page's glue strips, in window mm (left, top, right, bottom)."""
    ww, wh = split.win
    ov = split.overlap
    out = []
    if col < split.cols - 1:
        out.append((ww - ov, 0.0, ww, wh))
    if row < split.rows - 1:
        out.append((0.0, wh - ov, ww, wh))
    return out


@pytest.mark.parametrize("paper", ["a4", "a3"])
def test_registration_marks_lie_in_the_strip_the_next_page_covers(paper):
    """Issue 11: crosshairs on the cut line left half a mark on the finished board.
    Each page that goes under has three arrows in each glue strip whose tips stand
    just inside the strip, on the line where the next page's cut edge goes; every
    assembly aid (arrows, glue words, cut lines) lies inside this page's strips or
    outside its window, so nothing of them shows once the pages are glued.  On A3
    too, where the board takes two pages side by side, its labels in the margin."""
    pages, symbols, split = sheets.board_pages(BOARD, THEME, THEME.paper(paper))
    by_name = {p.name: p for p in pages}
    sym = {s.name: s for s in symbols}
    ww, wh = split.win
    for row in range(split.rows):
        for col in range(split.cols):
            page = by_name[f"board-{split.name(col, row)}"]
            tips = _arrow_tips(page, split, col, row)
            expected = 3 * len(_strips(split, col, row))
            assert len(tips) == expected
            for dc, dr in ((1, 0), (0, 1)):
                if col + dc < split.cols and row + dr < split.rows:
                    nl, nt, _, _ = split.window(col + dc, row + dr)
                    edge = nl if dc else nt  # where the next page's cut edge lies, in board mm
                    on_edge = [t for t in tips if math.isclose(t[0 if dc else 1], edge + sheets.EDGE_MARK_GAP, abs_tol=1e-3)]
                    assert len(on_edge) == 3, (split.name(col, row), split.name(col + dc, row + dr))
            marks = next(g for g in page.items if isinstance(g, Group) and g.label == "board-marks")
            strips = _strips(split, col, row)
            for it in marks.items:
                box = P.ink_box((it,), sym, THEME)
                inside = [s for s in strips if s[0] - 1e-6 <= box[0] and box[2] <= s[2] + 1e-6
                          and s[1] - 1e-6 <= box[1] and box[3] <= s[3] + 1e-6]
                outside = box[2] <= 1e-6 or box[3] <= 1e-6 or box[0] >= ww - 1e-6 or box[1] >= wh - 1e-6
                assert inside or outside, (page.name, it)


def test_board_pages_are_labelled_and_mapped():
    pages, _, _split = sheets.board_pages(BOARD, THEME, A4)
    assert [p.label for p in pages][:2] == ["Board, page A1 of 3×2", "Board, page B1 of 3×2"]
    texts = [t.text for t in pages[4].items if hasattr(t, "text")]
    assert "Board B2" in texts
    # the assembly map names every page
    assert {f"{c}{r}" for c in "ABC" for r in "12"} <= set(texts)


def test_on_a3_the_board_takes_two_pages_side_by_side_its_labels_up_the_margin():
    """Issue 30: the label band under each window made the 399 mm board two rows of A3
    pages (four, each half sea); given up for a label up the left margin (cut away)
    the board takes two portrait pages, which cover it whole; A4 keeps its band and
    its six pages."""
    split, w, h, _ = _board_split(THEME.paper("a3"))
    assert (split.cols, split.rows, split.paper, split.side_label) == (2, 1, (297, 420), True)
    assert not _board_split()[0].side_label
    _, _, right, bottom = split.window(1, 0)
    left, top, _, _ = split.window(0, 0)
    assert left <= 0 and top <= 0 and right >= w and bottom >= h
    # Fewer pages than any split that keeps the band, portrait or landscape.
    for sheet in ((297, 420), (420, 297)):
        win = (sheet[0] - 2 * THEME.margin, sheet[1] - 2 * THEME.margin - sheets.LABEL_BAND)
        ov = THEME.overlap
        pages_with_band = math.ceil((w - ov) / (win[0] - ov)) * math.ceil((h - ov) / (win[1] - ov))
        assert pages_with_band > 2
    pages, symbols, split = sheets.board_pages(BOARD, THEME, THEME.paper("a3"))
    m = THEME.margin
    for page in pages:
        labels = [t for t in page.items if isinstance(t, Text) and t.text.startswith("Board ")]
        assert len(labels) == 1 and labels[0].angle == -90
        box = P.ink_box(labels, {s.name: s for s in symbols}, THEME)
        assert box[0] > 0 and box[2] <= m <= box[1] and box[3] <= m + split.win[1]  # in the left margin


def test_board_poster_fits_a2_and_refuses_a3_with_the_size_it_needs():
    page, _ = sheets.board_poster(BOARD, THEME, THEME.paper("a2"), "a2")
    assert (page.width, page.height) == (594, 420)  # turned to landscape
    with pytest.raises(sheets.DoesNotFit, match=r"does not fit A3.*--tile-size \d+"):
        sheets.board_poster(BOARD, THEME, THEME.paper("a3"), "a3")


def _texts(items, out=None):
    out = [] if out is None else out
    for it in items:
        if isinstance(it, Group):
            _texts(it.items, out)
        elif hasattr(it, "text"):
            out.append(it)
    return out


def test_the_printed_board_has_a_title_a_sea_and_names_one_can_read():
    """Issue 11: "ISLAND" printed about 1 mm tall and the zone names at 4-5 pt; no
    frame, no title, no sea.  Every name on the printed board is at least 7 pt,
    the island's name sits inside its disc (where the walls between the cell
    blocks meet, so no wall runs through it), and the drawing has its title and a
    sea with waves round the board."""
    symbol, _, _, _ = sheets.board_drawing(BOARD, THEME)
    texts = _texts(symbol.items)
    names = [t for t in texts if t.text in ("ISLAND", "CELL BLOCK", "FREE ZONE")]
    assert {t.text for t in names} == {"ISLAND", "CELL BLOCK", "FREE ZONE"}
    assert min(t.size for t in names) >= 7.0
    assert any(t.text == "SECTION X" and t.size >= 24 for t in texts)
    island = next(g for g in symbol.items if isinstance(g, Group) and g.label == "island")
    disc = next(c for c in island.items if isinstance(c, Circle) and c.style.fill == THEME.colours["island"])
    word = next(t for t in _texts(island.items) if t.text == "ISLAND")
    l_, t_, r_, b_ = text_box(word, THEME)
    assert all(math.dist((disc.cx, disc.cy), p) < disc.r for p in ((l_, t_), (r_, t_), (l_, b_), (r_, b_)))
    sea = symbol.items[0]
    assert isinstance(sea, Group) and sea.label == "sea"
    water = sea.items[0]
    assert isinstance(water, Path) and water.style.fill == THEME.colours["sea"]
    waves = sum(1 for it in sea.items if isinstance(it, Path) for c in it.commands if c[0] == "M") - 1
    assert waves > 100


def _walk(items, out=None):
    out = [] if out is None else out
    for it in items:
        if isinstance(it, Group):
            _walk(it.items, out)
        else:
            out.append(it)
    return out


def test_the_board_art_has_a_title_block_crediting_the_original_and_a_compass_and_scale():
    """Issue 30: a real title block (the name, a subtitle, the original game's publisher
    and year, this edition), a compass rose (the free zones are named by the compass)
    and a scale bar, all clear of the board's cells; nothing on it under 7 pt."""
    _, _, _, layout = sheets.board_drawing(BOARD, THEME, canvas=(574.0 - 12.0, 400.0))
    _, symbol = sheets.board_poster(BOARD, THEME, THEME.paper("a2"), "a2")
    words = {t.text: t for t in _texts(symbol.items)}
    assert words["SECTION X"].size >= 24
    assert "Escape from the prison island" in words
    assert any("The Game Master, 2005" in w for w in words)
    assert any(w.startswith("This print-and-play edition") for w in words)
    assert {"N", "E", "S", "W"} <= set(words)
    assert any("print at actual size" in w for w in words)
    small = [t for t in _texts(symbol.items) if t.size < 7 and not re.fullmatch(r"-?\d+,-?\d+|0|\d+ mm", t.text)]
    assert not small, [t.text for t in small]
    for name in ("SECTION X", "N", "S"):
        l_, t_, r_, b_ = text_box(words[name], THEME)
        assert sheets._corner_is_free(BOARD, layout, (l_, t_, r_, b_)), name


def test_the_prison_is_drawn_on_the_printed_board_and_not_on_diagrams():
    """Issue 30: the printed board's island is a prison - a cell block building with a
    pale roof hatch under each colour's symbol (which must still read: the symbol is
    drawn over it), watchtowers where the walls meet the outer wall; the board's
    diagrams (board_items as figures call it) draw none of that."""
    from sectionx.games.sectionx.render.board import board_items, prison_items
    from sectionx.render.layout import Layout

    symbol, _, _, layout = sheets.board_drawing(BOARD, THEME)
    island = next(g for g in symbol.items if isinstance(g, Group) and g.label == "island")
    prison = prison_items(BOARD, layout, THEME)
    inner = list(island.items)
    assert all(it in inner for it in prison)
    hatches = [c for c in prison if isinstance(c, Circle) and c.style.fill == THEME.colours["paper"]]
    assert len(hatches) == len(BOARD.cell_blocks)
    # every block's symbol is drawn after (over) its building
    last = max(inner.index(it) for it in prison)
    symbols = [it for it in inner[last + 1:] if getattr(it, "style", None) and it.style.fill in
               {THEME.player(c) for c, _ in BOARD.cell_blocks}]
    assert len(symbols) == len(BOARD.cell_blocks)
    towers = [c for c in symbol.items if isinstance(c, Circle) and c.r == pytest.approx(0.075 * THEME.tile)]
    assert len(towers) == len(BOARD.cell_blocks)
    plain = board_items(BOARD, Layout(40.0), THEME)
    assert not any(it in _walk(plain) for it in prison_items(BOARD, Layout(40.0), THEME))
    assert not [c for c in plain if isinstance(c, Circle)]


def test_the_board_pages_are_sea_to_their_edges():
    """Issue 30: the board's drawing was smaller than the pages it is split over, so
    the outer pages were a third white paper; the sea now widens to the windows' span,
    which starts at the drawing's corner and ends at its far corner."""
    _pages, symbols, split = sheets.board_pages(BOARD, THEME, A4)
    (sym,) = symbols
    assert split.window(0, 0)[:2] == (0.0, 0.0)
    _, _, right, bottom = split.window(split.cols - 1, split.rows - 1)
    assert (right, bottom) == pytest.approx(sym.bbox[2:])


def test_the_a2_sheet_is_filled_by_the_sea():
    _page, sym = sheets.board_poster(BOARD, THEME, THEME.paper("a2"), "a2")
    _, _, w, h = sym.bbox
    assert w == pytest.approx(594 - 2 * THEME.margin - 2 * sheets.POSTER_NOTE_STRIP)
    assert h == pytest.approx(420 - 2 * THEME.margin)


def test_glue_words_stand_on_plates_clear_of_the_arrows():
    """Issue 30: the GLUE words were overprinted by the cell blocks' outlines, the
    island's disc and the arrows.  Each word stands on a paper plate that holds it
    whole, inside its glue strip, and no registration arrow or its line touches a plate."""
    pages, symbols, _split = sheets.board_pages(BOARD, THEME, A4)
    sym = {s.name: s for s in symbols}
    for page in pages:
        marks = next(g for g in page.items if isinstance(g, Group) and g.label == "board-marks")
        items = list(marks.items)
        words = [(i, t) for i, t in enumerate(items) if hasattr(t, "text") and t.text.startswith("GLUE")]
        # the arrows' triangles (filled in ink) and their lines (unfilled), not the strips and plates
        arrows = [P.ink_box((it,), sym, THEME) for it in items
                  if isinstance(it, Path) and it.style.fill in (None, THEME.colours["ink"])]
        for i, word in words:
            plate = items[i - 1]
            assert isinstance(plate, Path) and plate.style.fill == THEME.colours["paper"]
            pl, pt, pr, pb = P.ink_box((plate,), sym, THEME)
            l_, t_, r_, b_ = text_box(word, THEME)
            assert pl <= l_ and pt <= t_ and r_ <= pr and b_ <= pb, (page.name, word.text)
            for al, at, ar, ab in arrows:
                assert ar < pl or al > pr or ab < pt or at > pb, (page.name, word.text)


def test_board_coordinates_are_quiet_optional_and_off_the_island():
    """Issue 11: the line between two cell blocks struck through the label 0,0 and the
    island's coordinates were black where the others are tan.  Coordinates stand on
    tile cells and green areas only, all in a pale colour; --no-coords leaves them out."""
    symbol, _, _, _ = sheets.board_drawing(BOARD, THEME)
    coords = [t for t in _texts(symbol.items) if re.fullmatch(r"-?\d+,-?\d+", t.text)]
    named = {t.text for t in coords}
    assert named == {f"{c.q},{c.r}" for c in BOARD.tile_cells | BOARD.green}
    assert not named & {f"{c.q},{c.r}" for c in BOARD.island}
    assert THEME.colours["ink"] not in {t.fill for t in coords}
    bare, _, _, _ = sheets.board_drawing(BOARD, THEME, coords=False)
    assert not [t for t in _texts(bare.items) if re.fullmatch(r"-?\d+,-?\d+", t.text)]


def test_the_checklist_shows_how_the_board_pages_go_together():
    """Issue 30: the checklist page was two-thirds empty; under its table it draws the
    board small with every page's window named, beside the steps to put them together
    (which name the first and the last page); nothing if the box is too small for the steps."""
    _pages, _symbols, split = sheets.board_pages(BOARD, THEME, A4)
    art = sheets.assembly_art(split, THEME)
    items = art(10.0, 200.0, 190.0, 80.0)
    assert [it.name for it in items if isinstance(it, Use)] == ["board"]
    words = [t.text for t in _texts(items)]
    assert {f"{c}{r}" for c in "ABC" for r in "12"} <= set(words)
    assert "Putting the board together" in " ".join(words)
    for t in _texts(items):
        assert t.size >= 7.0
        assert text_box(t, THEME)[0] >= 10.0 - 1e-6 and text_box(t, THEME)[2] <= 200.0 + 1e-6
    tiny = art(10.0, 200.0, 40.0, 8.0)
    assert "Putting the board together" not in " ".join(t.text for t in _texts(tiny))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["standard", "compact"]), st.floats(20, 90), st.lists(st.tuples(st.floats(0, 600), st.floats(0, 560)),
                                                                             min_size=40, max_size=40))
def test_the_waves_row_stretches_are_the_points_near_the_land(name, pad, points):
    """Differential: the sea leaves out a wave when its middle lies in a stretch of its
    row worked out once a row (scenery._covered); that is the same set of points as
    the plain test a point at a time (scenery._near: inside the land or within reach
    of its outline)."""
    from sectionx.games.sectionx.render import scenery
    from sectionx.games.sectionx.render.board import outline
    from sectionx.render.layout import Layout

    board = formats.bundled_board(name)
    land = outline(board.cells, Layout(40.0).fitted(board.cells, pad))
    for x, y in points:
        near = scenery._near((x, y), land, 16.0)
        assert near == any(a <= x <= b for a, b in scenery._covered(y, land, 16.0)), (x, y)
    assert sheets.board_size(board, THEME) == sheets.board_drawing(board, THEME)[1:3]
