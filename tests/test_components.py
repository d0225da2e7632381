"""The kit's component pages: tokens (G4, D2, S1), cards (K1, K2, N1–N4, E1–E4, V2),
the checklist and the duplex calibration sheet.

The pages are checked on the scene values themselves: counts, margins, bleeds,
crop marks (outside every trim and every bleed with 0.5 pt to spare), mirrored
card backs, text that fits its card and glyphs the font has.
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import replace
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reportlab.pdfbase.ttfonts import TTFont

from sectionx.colours import COLOURS, Colour
from sectionx.games.sectionx.model import DOORS, PRISONERS
from sectionx.games.sectionx.render import components as C
from sectionx.render import pieces as P
from sectionx.render import printing as PR
from sectionx.render.scene import MM_PER_PT, Circle, Group, Page, Path, Text, Use, compose
from sectionx.render.svg import to_svg
from sectionx.render.textfit import DoesNotFit

from .kit_fixtures import PAPERS, THEME, offsets, papers, slow, themes

CONTENTS = [
    ("Board", 1, "pages 2–7, glue along the grey strips"),
    ("Tiles", 54, "pages 8–13, fronts and backs"),
    ("Prisoners and doors", 40, "page 14: 8 prisoners and 2 doors per colour, 8 spares"),
    ("Master-key cards", 4, "pages 15–16, fronts and backs"),
    ("Player aids", 4, "pages 15–16, one per colour, with the rules of a turn on one side"),
]


def all_pages(theme=THEME, paper=PAPERS["a4"], offset=(0.0, 0.0)):
    parts = [C.token_pages(theme, paper), C.card_pages(theme, paper, offset=offset),
             PR.checklist_page(theme, paper, CONTENTS, title=C.CHECKLIST_TITLE, advice=C.CHECKLIST_ADVICE), PR.calibration_pages(theme, paper, offset=offset)]
    pages = [p for ps, _ in parts for p in ps]
    symbols = {s.name: s for _, ss in parts for s in ss}
    return pages, symbols


def labels(page: Page, prefix: str) -> list[str]:
    return [g.label for g in page.items if isinstance(g, Group) and g.label.startswith(prefix)]


def texts(items, symbols, m=(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)):
    for it in items:
        if isinstance(it, Text):
            yield it, m
        elif isinstance(it, Group):
            yield from texts(it.items, symbols, compose(m, it.matrix))
        elif isinstance(it, Use):
            yield from texts(symbols[it.name].items, symbols, compose(m, it.matrix))


# ---------------------------------------------------------------- tokens


def test_tokens_count_8_prisoners_and_2_doors_per_colour_plus_spares():
    pages, symbols = C.token_pages(THEME, PAPERS["a4"])
    assert len(pages) == 1 and pages[0].name == "20-tokens" and pages[0].label == "Prisoner and door tokens"
    found = [lab for p in pages for lab in labels(p, "piece-")]
    for colour in COLOURS:
        assert len([f for f in found if f.startswith(f"piece-prisoner-{colour.value}-")]) == PRISONERS == 8
        assert len([f for f in found if f.startswith(f"piece-door-{colour.value}-")]) == DOORS == 2
        assert len([f for f in found if f.startswith(f"piece-spare-{colour.value}-")]) == C.SPARES
    assert len([f for f in found if f.startswith("piece-prisoner-")]) == 32
    assert len([f for f in found if f.startswith("piece-door-")]) == 8
    heading = " ".join(t.text for t, _ in texts(pages[0].items, {s.name: s for s in symbols}))
    assert "Prisoners: 8 per colour · Doors: 2 per colour" in heading
    assert "spares" in heading


def test_each_token_shows_its_colour_and_its_shape():
    """G4: a token carries the player's colour and symbol, the bleed disc the colour too."""
    pages, symbols = C.token_pages(THEME, PAPERS["a4"])
    sym = {s.name: s for s in symbols}
    for g in pages[0].items:
        if isinstance(g, Group) and g.label.startswith(("piece-prisoner-", "piece-spare-", "piece-door-")):
            colour = Colour(g.label.split("-")[2])
            bleed, art, cut = g.items
            assert bleed.style.fill == THEME.player(colour)
            assert art.name.startswith(("prisoner-" + colour.value, "door-" + colour.value))
            assert colour.value in sym[art.name].name
            assert cut.style.fill is None and math.isclose(cut.style.width, THEME.cut_line_width * MM_PER_PT)
            if g.label.startswith("piece-door-"):
                assert isinstance(cut, Path)
            else:
                assert isinstance(cut, Circle) and math.isclose(cut.r, THEME.prisoner / 2)
                assert math.isclose(bleed.r, THEME.prisoner / 2 + THEME.bleed)


def test_only_doors_get_crop_marks():
    pages, _ = C.token_pages(THEME, PAPERS["a4"])
    marks = P.marks(pages[0])
    assert len(marks) == 8 * len([t for t in P.pieces(pages[0]) if t.shape == "rect"]) == 8 * 8
    circles = [t for t in P.pieces(pages[0]) if t.shape == "circle"]
    for box, _ in marks:  # every mark belongs to a door, none sits near a prisoner
        assert all(P.gap(c.grown(THEME.bleed), box) > C.TOKEN_GAP - 1e-6 for c in circles)


@slow
@given(themes(), papers, st.integers(0, 3))
def test_token_pages_keep_margins_bleeds_and_marks_apart(theme, paper, spares):
    pages, symbols = C.token_pages(theme, PAPERS[paper], spares=spares)
    sym = {s.name: s for s in symbols}
    found = [lab for p in pages for lab in labels(p, "piece-")]
    assert len([f for f in found if f.startswith("piece-prisoner-")]) == 4 * PRISONERS
    assert len([f for f in found if f.startswith("piece-door-")]) == 4 * DOORS
    assert len([f for f in found if f.startswith("piece-spare-")]) == 4 * spares
    for page in pages:
        assert P.layout_problems(page, sym, theme) == []


# ---------------------------------------------------------------- cards


def card_labels(pages):
    return [lab for p in pages for lab in labels(p, "piece-card-")]


def test_four_key_cards_and_one_aid_per_colour():
    pages, _ = C.card_pages(THEME, PAPERS["a4"])
    found = card_labels(pages)
    assert len([f for f in found if f.startswith("piece-card-key-")]) == 4
    assert sorted(f for f in found if f.startswith("piece-card-aid-")) == sorted(f"piece-card-aid-{c.value}" for c in COLOURS)
    assert len(found) == 8
    assert len({p.name for p in pages}) == len(pages) and all(p.label for p in pages)


def card_texts(pages, symbols, kind):
    out = {}
    for p in pages:
        for g in p.items:
            if isinstance(g, Group) and g.label.startswith(f"piece-card-{kind}"):
                out[g.label] = " ".join(t.text for t, _ in texts(g.items, symbols))
    return out


def test_key_card_says_who_gets_it_what_it_does_and_when_it_is_lost():
    pages, symbols = C.card_pages(THEME, PAPERS["a4"])
    sym = {s.name: s for s in symbols}
    for words in card_texts(pages, sym, "key").values():
        assert "MASTER KEY" in words
        assert "hideouts" in words and "island" in words  # K1: who gets it
        assert "pass every door" in words  # K1: what it does
        assert "Hand in one of your doors" in words  # K1: a door is handed in
        assert "green area" in words and "door back" in words  # K2: lost
    assert any(s.name.startswith("key-") for s in symbols)


def test_aid_cards_carry_the_turn_and_the_end_of_a_round():
    pages, symbols = C.card_pages(THEME, PAPERS["a4"])
    sym = {s.name: s for s in symbols}
    aids = card_texts(pages, sym, "aid")
    assert len(aids) == 4
    for label, words in aids.items():
        colour = label.rsplit("-", 1)[1]
        assert colour.upper() in words
        for phrase in ("YOUR TURN", "fewer than 3",  # N1
                       "place", "swap", "move", "rotate",  # N2
                       "5 steps, 2 per prisoner", "hideout holds 2",  # M3, M4, T2
                       "place one door", "move one of your doors",  # N4
                       "3 prisoners on green areas", "last tile", "Collapse",  # E1, E2, E3
                       "5 freed", "7"):  # E4, V2
            assert phrase in words, (label, phrase)


def test_aid_card_band_is_the_colour_with_its_shape():
    pages, _ = C.card_pages(THEME, PAPERS["a4"])
    for p in pages:
        for g in p.items:
            if isinstance(g, Group) and g.label.startswith("piece-card-aid-"):
                colour = Colour(g.label.rsplit("-", 1)[1])
                fills = [it.style.fill for it in g.items if isinstance(it, (Path, Circle))]
                assert fills.count(THEME.player(colour)) >= 2  # band and foot strip


def problems(page, symbols, theme):
    """layout_problems with a card sheet's own margin (PRINT_EDGE: nine cards fill the paper)."""
    margin = PR.PRINT_EDGE if "-cards-" in page.name else None
    return P.layout_problems(page, symbols, theme, margin=margin)


def test_nine_poker_cards_to_an_a4_or_letter_sheet():
    """Issue 11: 3 x 3 poker cards on A4 and letter, butted on shared cut lines."""
    for paper in ("a4", "letter"):
        sheet = PR.card_sheet(THEME, PAPERS[paper])
        assert (sheet.cols, sheet.rows) == (3, 3)
        xs = sorted({x for x, _ in sheet.slots})
        ys = sorted({y for _, y in sheet.slots})
        assert all(math.isclose(b - a, THEME.card[0]) for a, b in itertools.pairwise(xs))  # no gutter
        assert all(math.isclose(b - a, THEME.card[1]) for a, b in itertools.pairwise(ys))
        assert sheet.bleed_x >= PR.MIN_BLEED and sheet.bleed_y >= PR.MIN_BLEED
    assert len(PR.card_sheet(THEME, PAPERS["a3"]).slots) == 16
    with pytest.raises(DoesNotFit):
        PR.card_sheet(replace(THEME, card=(300.0, 88.0)), PAPERS["a4"])


@slow
@given(themes(), papers)
def test_card_sheet_marks_lie_on_the_cut_lines_outside_the_block(theme, paper):
    """Every crop mark extends a cut line (a line between columns or rows, or the
    block's edge), lies outside the block, clear of every card's bleed, and long
    enough to lay a ruler on; no card has a mark of its own that could be taken
    for a neighbour's."""
    sheet = PR.card_sheet(theme, PAPERS[paper])
    x0, y0 = sheet.origin
    cw, ch = sheet.card
    x1, y1 = x0 + sheet.cols * cw, y0 + sheet.rows * ch
    cols = [x0 + i * cw for i in range(sheet.cols + 1)]
    rows = [y0 + j * ch for j in range(sheet.rows + 1)]
    marks = sheet.marks(theme)
    assert len(marks) == 2 * (sheet.cols + 1) + 2 * (sheet.rows + 1)
    for mark in marks:
        (ax, ay), (bx, by) = mark.points()
        if ax == bx:  # along a line between columns, above or below the block
            assert any(math.isclose(ax, c) for c in cols)
            assert max(ay, by) < y0 or min(ay, by) > y1
        else:
            assert ay == by and any(math.isclose(ay, r) for r in rows)
            assert max(ax, bx) < x0 or min(ax, bx) > x1
        assert math.dist((ax, ay), (bx, by)) >= PR.MIN_MARK - 1e-9
        for x, y in ((ax, ay), (bx, by)):
            assert PR.PRINT_EDGE - 1e-9 <= x <= sheet.paper[0] - PR.PRINT_EDGE + 1e-9
            assert PR.PRINT_EDGE - 1e-9 <= y <= sheet.paper[1] - PR.PRINT_EDGE + 1e-9


def test_cards_draw_no_trim_line_and_their_bands_reach_the_cut_lines():
    """Issue 11: no dark line over the art (a cut a hair off would leave it), and the
    player aid's colour bands run to the shared cut lines and into the bleed outside."""
    pages, _ = C.card_pages(THEME, PAPERS["a4"])
    sheet = PR.card_sheet(THEME, PAPERS["a4"])
    for page in pages[::2]:
        for g in page.items:
            if isinstance(g, Group) and g.label.startswith("piece-card-"):
                cut = g.items[-1]
                assert isinstance(cut, Path) and cut.style.stroke is None and cut.style.fill is None
                assert g.clip is not None
                if g.label.startswith("piece-card-aid-"):
                    h = THEME.card[1]
                    bands = [it for it in g.items if isinstance(it, Path) and it.style.fill
                             and it.style.fill != THEME.colours["paper"]]
                    foot = max(bands, key=lambda p: max(y for _, y in p.points()))
                    xs = [x for x, _ in foot.points()]
                    ys = [y for _, y in foot.points()]
                    clip_l, clip_r = min(p[0] for p in g.clip), max(p[0] for p in g.clip)
                    clip_b = max(p[1] for p in g.clip)
                    assert min(xs) <= clip_l and max(xs) >= clip_r and max(ys) >= clip_b
                    assert clip_b >= h  # to the cut line at least, into the bleed on the outer row
    assert sheet.clip(0)[0] == (-sheet.bleed_x, -sheet.bleed_y)


@slow
@given(themes(), papers)
def test_card_pages_keep_margins_bleeds_marks_and_text_in_place(theme, paper):
    pages, symbols = C.card_pages(theme, PAPERS[paper])
    sym = {s.name: s for s in symbols}
    assert len(card_labels(pages)) == 8
    for page in pages:
        assert problems(page, sym, theme) == [], page.name
        for trim in P.pieces(page):
            assert trim.shape == "rect"
            assert math.isclose(trim.box[2] - trim.box[0], theme.card[0])
            assert math.isclose(trim.box[3] - trim.box[1], theme.card[1])


def front_and_back(pages):
    out = {}
    for p in pages:
        for g in p.items:
            if isinstance(g, Group) and g.label.startswith(("piece-card-", "back-card-")):
                side, name = g.label.split("-card-")
                out.setdefault(name, {})[side] = (p.name, g.matrix[4], g.matrix[5])
    return out


@slow
@given(themes(), papers, offsets)
def test_card_backs_sit_mirrored_for_long_edge_duplex(theme, paper, offset):
    W, _ = PAPERS[paper]
    pages, _ = C.card_pages(theme, PAPERS[paper], offset=offset)
    names = [p.name for p in pages]
    for sides in front_and_back(pages).values():
        (fpage, x, y), (bpage, bx, by) = sides["piece"], sides["back"]
        assert names.index(bpage) == names.index(fpage) + 1  # the back follows its front
        assert math.isclose(bx, W - x - theme.card[0] + offset[0], abs_tol=1e-9)
        assert math.isclose(by, y + offset[1], abs_tol=1e-9)


def test_card_backs_share_one_ground_that_bleeds_further_than_the_fronts():
    """The backs butt as the fronts do, on one ground of the back colour (no seam
    between two backs), which runs past the block further than a front's bleed,
    so a duplex shift of a few mm shows no white edge."""
    pages, symbols = C.card_pages(THEME, PAPERS["a4"])
    sym = {s.name: s for s in symbols}
    sheet = PR.card_sheet(THEME, PAPERS["a4"])
    for p in pages[1::2]:
        assert problems(p, sym, THEME) == []
        ground = next(g for g in p.items if isinstance(g, Group) and g.label == "backs-ground")
        box = P.ink_box((ground,), sym, THEME)
        backs = [P.ink_box((g,), sym, THEME) for g in p.items if isinstance(g, Group) and g.label.startswith("back-card-")]
        assert all(box[0] <= b[0] and box[1] <= b[1] and b[2] <= box[2] and b[3] <= box[3] for b in backs)
        x0, y0 = sheet.origin
        assert x0 - box[0] >= 2 * THEME.bleed - 1e-9 and y0 - box[1] >= 2 * THEME.bleed - 1e-9
        assert box[0] >= PR.PRINT_EDGE - 1e-9


# ---------------------------------------------------------------- text


@cache
def cmap(path: str) -> frozenset[int]:
    return frozenset(TTFont("cmap-check", path).face.charToGlyph)


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_every_character_is_in_the_font(paper):
    pages, symbols = all_pages(paper=PAPERS[paper])
    for page in pages:
        for t, _ in texts(page.items, symbols):
            font = str(THEME.font_bold if t.bold else THEME.font_regular)
            missing = {ch for ch in t.text if ord(ch) not in cmap(font)}
            assert not missing, (page.name, t.text, missing)
            assert "→" not in t.text


# ---------------------------------------------------------------- checklist


def test_checklist_lists_every_row_with_an_empty_box():
    pages, _ = PR.checklist_page(THEME, PAPERS["a4"], CONTENTS, title=C.CHECKLIST_TITLE, advice=C.CHECKLIST_ADVICE)
    assert [p.name for p in pages] == ["01-checklist"]
    page = pages[0]
    words = [t.text for t, _ in texts(page.items, {})]
    joined = " ".join(words)
    assert "Section X – print-and-play kit" in words
    for what, count, _ in CONTENTS:
        assert what in joined and str(count) in words
    for phrase in ("scissors", "craft knife", "glue stick", "300 g/m²", "100 % / actual size", "not fit to page",
                   "long-edge duplex", "50 mm: measure to check the print scale"):
        assert phrase in joined, phrase
    boxes = [it for it in page.items if isinstance(it, Path) and it.style.fill is None and len(it.commands) == 5]
    assert len(boxes) == len(CONTENTS)
    assert P.layout_problems(page, {}, THEME) == []


def test_scale_bar_is_50_mm():
    bar = PR.scale_bar(THEME, 30, 40)
    xs = [x for it in bar if isinstance(it, Path) for x, _ in it.points()]
    assert math.isclose(max(xs) - min(xs), 50.0)


def test_long_checklist_continues_on_a_second_page():
    rows = [(f"Component {i}", i, ("somewhere in the kit, with a longer explanation that wraps onto a second line "
             "of the table to take room")) for i in range(40)]
    pages, _ = PR.checklist_page(THEME, PAPERS["a4"], rows, title=C.CHECKLIST_TITLE, advice=C.CHECKLIST_ADVICE)
    assert len(pages) >= 2 and len({p.name for p in pages}) == len(pages)
    words = " ".join(t.text for p in pages for t, _ in texts(p.items, {}))
    assert all(f"Component {i}" in words for i in range(40))
    for p in pages:
        assert P.layout_problems(p, {}, THEME) == []


# ---------------------------------------------------------------- calibration


def scale_centres(page):
    """The back's rings (r 2.5 mm, grey) mark where each ruler pair is centred."""
    return [(it.cx, it.cy) for it in page.items if isinstance(it, Circle) and it.style.stroke == "#9a9a9a"]


@given(papers, offsets)
def test_calibration_back_scales_sit_on_the_mirrored_points(paper, offset):
    W, H = PAPERS[paper]
    (front, back), _ = PR.calibration_pages(THEME, PAPERS[paper], offset=offset)
    points = PR.calibration_points(THEME, PAPERS[paper])
    assert [p[0] for p in points] == ["A", "B", "C"]
    _, ax, ay = points[0]
    assert math.isclose(ax, W / 2) and ay < H / 3  # top centre
    assert points[1][1:] == (W / 2, H / 2)  # middle
    assert points[2][1] > W / 2 and points[2][2] > 2 * H / 3  # bottom corner
    centres = scale_centres(back)
    assert len(centres) == 3
    for (_, x, y), (cx, cy) in zip(points, centres):
        assert math.isclose(cx, W - x + offset[0]) and math.isclose(cy, y + offset[1])
    # The front's crosses are centred on the points.
    rings = [(it.cx, it.cy) for it in front.items if isinstance(it, Circle) and math.isclose(it.r, 2.5)]
    assert rings == [(x, y) for _, x, y in points]


def test_calibration_scale_has_1_mm_ticks_labelled_every_5_mm():
    items = PR._scale(THEME, 100.0, 100.0)
    strokes = [list(it.points()) for it in items if isinstance(it, Path)]
    ticks_x = sorted(round(a[0] - 100.0, 6) for a, b in strokes if a[1] == 100.0 - PR.RULER_SHIFT and a[0] == b[0])
    ticks_y = sorted(round(a[1] - 100.0, 6) for a, b in strokes if a[0] == 100.0 + PR.RULER_SHIFT and a[1] == b[1])
    assert ticks_x == ticks_y == list(range(-10, 11))
    labels_ = sorted(t.text for t in items if isinstance(t, Text) and re.fullmatch(r"[+-]?\d+", t.text))
    assert labels_ == sorted(["-10", "-5", "0", "+5", "+10"] * 2)


def test_calibration_text_tells_how_to_use_it():
    (front, back), _ = PR.calibration_pages(THEME, PAPERS["a4"], offset=(1.5, -0.5))
    words = " ".join(t.text for t, _ in texts(front.items, {}))
    for phrase in ("long-edge duplex", "against the light", "--back-offset-x/--back-offset-y", "--back-offset-x 1.5"):
        assert phrase in words
    for page in (front, back):
        assert P.layout_problems(page, {}, THEME) == []


# ---------------------------------------------------------------- everything


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_every_page_is_inside_the_margins_and_writes_as_svg(paper):
    pages, symbols = all_pages(paper=PAPERS[paper])
    assert len({p.name for p in pages}) == len(pages)
    for page in pages:
        assert page.name and page.label
        assert (page.width, page.height) == PAPERS[paper]
        assert problems(page, symbols, THEME) == [], page.name
        svg = to_svg(page, symbols, THEME)
        assert svg.startswith("<?xml")


def test_ink_saver_and_modes_build_too():
    theme = THEME.with_modes(ink_saver=True)
    pages, symbols = all_pages(theme=theme)
    for page in pages:
        assert problems(page, symbols, theme) == []


def test_building_twice_gives_equal_pages():
    a = all_pages(offset=(0.7, -1.2))
    b = all_pages(offset=(0.7, -1.2))
    assert a == b
    pages, symbols = a
    assert [to_svg(p, symbols, THEME) for p in pages] == [to_svg(p, symbols, THEME) for p in b[0]]


def test_symbols_are_named_by_what_they_draw():
    """Parts of a kit may merge their symbol lists: one name, one drawing."""
    _, symbols = all_pages()
    parts = [C.token_pages(THEME, PAPERS["a4"])[1], C.card_pages(THEME, PAPERS["a4"])[1]]
    names = [s.name for part in parts for s in part]
    assert len(names) == len(set(names)) == len(symbols)


def test_card_art_clipped_to_the_sheets_bleed_is_measured_to_its_clip():
    """Found by hypothesis: on letter, 5 mm of bleed leaves room for only 2.5 mm above
    the cards.  The art is drawn with the template's bleed and clipped to the sheet's,
    so it paints no further than the clip, and the page check must measure it so."""
    theme = replace(THEME, card=(63.0, 88.0), bleed=5.0, crop_gap=0.0, crop_length=2.0, crop_width=1.0)
    sheet = PR.card_sheet(theme, PAPERS["letter"])
    assert sheet.bleed_y < theme.bleed
    pages, symbols = C.card_pages(theme, PAPERS["letter"])
    sym = {s.name: s for s in symbols}
    assert [problems(page, sym, theme) for page in pages] == [[]] * len(pages)
    (key,) = [g for g in pages[0].items if isinstance(g, Group) and g.label == "piece-card-key-1"]
    box = P.ink_box([key], sym, theme)
    assert box is not None and math.isclose(box[1], sheet.origin[1] - sheet.bleed_y)
    assert P.ink_box(key.items, sym, theme, key.matrix)[1] < box[1]  # unclipped, the art would reach further
