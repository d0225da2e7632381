"""The print-and-play kit, measured in the files it produces (issue 4's "done when").

The PDF and the SVGs are read back with pypdf and ElementTree (tests/pdfsvg.py)
into page millimetres, so each check is about what a printer would print.
"""

import io
import logging
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdf
import pytest

from sectionx.games.sectionx import formats
from sectionx.games.sectionx.render import kit, sheets
from sectionx.render.scene import MM_PER_PT
from sectionx.render.theme import load_theme

from .pdfsvg import close, pdf_placements, pdf_shapes, svg_placements, svg_shapes

BOARD = formats.bundled_board("standard")
CATALOGUE = formats.bundled_catalogue()
THEME = load_theme()
OUT = Path("kit")


def _files(theme=THEME, paper="a4", **options):
    return kit.kit_files(kit.build_kit(BOARD, CATALOGUE, theme, paper, **options), OUT)


@pytest.fixture(scope="module")
def files():
    return _files(board_paper="a2")


@pytest.fixture(scope="module")
def pdf(files):
    return pypdf.PdfReader(io.BytesIO(files[OUT / "sectionx-kit.pdf"]), strict=True)


@pytest.fixture(scope="module")
def svgs(files):
    return {p.stem: data for p, data in files.items() if p.suffix == ".svg"}


def _page_names(svgs):
    return sorted(n for n in svgs if re.match(r"^\d\d-", n))


def _index(svgs, pattern):
    return [i for i, n in enumerate(_page_names(svgs)) if re.search(pattern, n)]


def _mm(value):
    return float(value) * 25.4 / 72


# ------------------------------------------------------------------ the document


def test_page_count_and_sizes(pdf, svgs):
    # checklist, 6 board pages, tokens, 3 × (tile fronts, backs), cards (all 8 on one sheet of 9) and their backs,
    # calibration front and back
    assert len(pdf.pages) == 18
    assert len(_page_names(svgs)) == 18
    for page in pdf.pages:
        w, h = _mm(page.mediabox.width), _mm(page.mediabox.height)
        assert (round(w, 1), round(h, 1)) == (210.0, 297.0)


def test_letter_paper_changes_the_page_size_and_keeps_every_tile():
    files = _files(paper="letter")
    reader = pypdf.PdfReader(io.BytesIO(files[OUT / "sectionx-kit.pdf"]))
    for page in reader.pages:
        assert (round(_mm(page.mediabox.width), 1), round(_mm(page.mediabox.height), 1)) == (215.9, 279.4)
    text = " ".join(reader.pages[i].extract_text() for i in range(len(reader.pages)))
    assert sorted(set(re.findall(r"\bT\d\d\b", text))) == sorted(CATALOGUE.ids)


def test_pdf_opens_strictly_without_warnings(files, caplog):
    with caplog.at_level(logging.WARNING, logger="pypdf"):
        for name, data in files.items():
            if name.suffix == ".pdf":
                reader = pypdf.PdfReader(io.BytesIO(data), strict=True)
                for page in reader.pages:
                    page.extract_text()
                    page.get_contents()
    assert not caplog.records


def test_fonts_are_embedded(pdf):
    fonts = set()
    for page in pdf.pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            font = font.get_object()
            desc = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" in font \
                else font.get("/FontDescriptor")
            assert desc is not None and "/FontFile2" in desc.get_object(), font
            fonts.add(font["/BaseFont"])
    assert fonts


def test_svgs_are_well_formed(svgs):
    for name, data in svgs.items():
        root = ET.fromstring(data)
        assert root.tag.endswith("svg"), name


def test_two_runs_are_byte_identical(files):
    assert _files(board_paper="a2") == files


def test_kit_is_small(files):
    assert len(files[OUT / "sectionx-kit.pdf"]) < 3_000_000


# ------------------------------------------------------------------ tiles


def _tile_sheet_pages(svgs):
    return _index(svgs, r"tiles-\d+-fronts"), _index(svgs, r"tiles-\d+-backs")


def _hexagons(shapes):
    """Regular hexagons among the paths (cut lines and cells) as their corner lists."""
    out = []
    for s in shapes:
        pts = list(dict.fromkeys((round(x, 4), round(y, 4)) for x, y in s.points))
        if len(pts) != 6:
            continue
        cx, cy = sum(x for x, _ in pts) / 6, sum(y for _, y in pts) / 6
        radii = [math.dist((cx, cy), p) for p in pts]
        sides = [math.dist(pts[i], pts[(i + 1) % 6]) for i in range(6)]
        if max(radii) - min(radii) < 0.01 and max(sides) - min(sides) < 0.01:
            out.append(pts)
    return out


def _across_flats(hexagon):
    xs = [x for x, _ in hexagon]
    return max(xs) - min(xs)


def test_tile_size_on_the_sheet_equals_the_board_cell_size(pdf, svgs):
    fronts, _ = _tile_sheet_pages(svgs)
    cut_lines = list(_hexagons(s for s in pdf_shapes(pdf, fronts[0]) if s.kind == "stroke"))
    sizes = {round(_across_flats(h), 3) for h in cut_lines}
    assert sizes == {THEME.tile}
    board = _index(svgs, r"board-B2")[0]
    cells = _hexagons(s for s in pdf_shapes(pdf, board) if s.kind == "fill+stroke")
    # tile cells of the board (green areas too) are exactly the tile's size
    assert len(cells) > 20 and {round(_across_flats(h), 3) for h in cells} == {THEME.tile}


def test_every_tile_is_on_the_sheets_exactly_once(pdf, svgs):
    fronts, _ = _tile_sheet_pages(svgs)
    ids = []
    for i in fronts:
        text = re.sub(r"\(T\d\d–T\d\d\)", "", pdf.pages[i].extract_text())  # the sheet's title names a range
        ids += re.findall(r"\bT\d\d\b", text)
    assert sorted(ids) == sorted(CATALOGUE.ids)
    placed = [p for i in fronts for p in pdf_placements(pdf, i) if p.name.startswith("tile-") and p.name != "tile-back"]
    assert len(placed) == len(CATALOGUE.tiles)


def _tile_origins(placements, back):
    return sorted((round(p.origin[0], 3), round(p.origin[1], 3)) for p in placements
                  if p.name.startswith("tile-") and (p.name == "tile-back") == back)


def test_backs_sit_behind_their_fronts_for_long_edge_duplex(pdf, svgs):
    fronts, backs = _tile_sheet_pages(svgs)
    assert [b - f for f, b in zip(fronts, backs)] == [1] * len(fronts)
    for f, b in zip(fronts, backs):
        assert f % 2 == 0  # 0-based: every front is on an odd page number
        front = _tile_origins(pdf_placements(pdf, f), back=False)
        back = _tile_origins(pdf_placements(pdf, b), back=True)
        assert back == sorted((round(210 - x, 3), y) for x, y in front)


@pytest.mark.slow  # about 20 s: the kit built three times
def test_the_duplex_offset_moves_every_back_and_no_front():
    files = _files(offset=(1.5, -0.75))
    plain = _files()
    reader = pypdf.PdfReader(io.BytesIO(files[OUT / "sectionx-kit.pdf"]))
    plain_reader = pypdf.PdfReader(io.BytesIO(plain[OUT / "sectionx-kit.pdf"]))
    names = _page_names({p.stem: d for p, d in files.items()})
    for i, name in enumerate(names):
        moved = _tile_origins(pdf_placements(reader, i), back=True)
        before = _tile_origins(pdf_placements(plain_reader, i), back=True)
        if "tiles" in name and "backs" in name:
            assert moved == [(round(x + 1.5, 3), round(y - 0.75, 3)) for x, y in before]
        elif "tiles" in name:
            assert _tile_origins(pdf_placements(reader, i), back=False) == _tile_origins(pdf_placements(plain_reader, i), back=False)


def _grow(hexagon, by):
    cx = sum(x for x, _ in hexagon) / 6
    cy = sum(y for _, y in hexagon) / 6
    r = math.dist((cx, cy), hexagon[0])
    k = (r + by / math.cos(math.radians(30))) / r
    return [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in hexagon]


def test_crop_marks_stay_outside_every_trim_and_clear_of_every_piece(pdf, svgs):
    fronts, _ = _tile_sheet_pages(svgs)
    for i in fronts:
        shapes = pdf_shapes(pdf, i)
        trims = _hexagons(s for s in shapes if s.kind == "stroke")
        marks = [s.points for s in shapes if s.kind == "stroke" and len(s.points) == 2
                 and math.isclose(math.dist(*s.points), min(THEME.crop_length, sheets.HEX_MARK_LENGTH), abs_tol=1e-3)]
        assert len(marks) == 12 * len(trims)
        bleeds = [_grow(t, THEME.bleed) for t in trims]
        # A mark belongs to the nearest trim; it keeps MARK_GAP from every other tile's marks.
        owner = [min(range(len(trims)), key=lambda k: sheets.segment_polygon_distance(m, trims[k])) for m in marks]
        for j, m in enumerate(marks):
            assert all(sheets.segment_polygon_distance(m, t) > THEME.bleed for t in trims)
            assert all(sheets.segment_polygon_distance(m, b) >= 0.5 * MM_PER_PT for b in bleeds)
            for k, n in enumerate(marks):
                if owner[k] != owner[j] and math.dist(m[0], n[0]) < 3 * sheets.HEX_MARK_LENGTH + sheets.MARK_GAP:
                    assert sheets.segment_distance(m, n) >= sheets.MARK_GAP - 1e-3


def test_the_tile_cut_line_is_pale_not_ink(pdf, svgs):
    """Issue 11: a black trim line over the art leaves a black edge when the scissors
    go a hair outside it; the hexagon is outlined in the pale cell-line colour."""
    fronts, _ = _tile_sheet_pages(svgs)
    root = ET.fromstring(svgs[_page_names(svgs)[fronts[0]]])
    outlines = [el for el in root.iter("{http://www.w3.org/2000/svg}path")
                if el.get("fill") == "none" and el.get("d", "").count("L") == 5 and el.get("d", "").endswith("Z")]
    assert len(outlines) == 18
    assert {el.get("stroke") for el in outlines} == {THEME.colours["cell_line"]}


def test_crop_marks_are_at_least_half_a_point_wide(svgs):
    fronts, _ = _tile_sheet_pages(svgs)
    for i in fronts:
        root = ET.fromstring(svgs[_page_names(svgs)[i]])
        widths = [float(el.get("stroke-width")) for el in root.iter("{http://www.w3.org/2000/svg}path")
                  if el.get("d", "").count("L") == 1 and "C" not in el.get("d", "") and el.get("stroke-width")]
        assert len(widths) >= 12 * 9 and min(widths) >= 0.5 * MM_PER_PT - 1e-6


# ------------------------------------------------------------------ SVG and PDF agree


@pytest.mark.slow  # about 15 s: every page of the kit parsed twice
def test_svg_and_pdf_geometry_are_equal_on_every_page(pdf, svgs):
    for i, name in enumerate(_page_names(svgs)):
        from_svg, from_pdf = svg_placements(svgs[name]), pdf_placements(pdf, i)
        assert [p.name for p in from_svg] == [p.name for p in from_pdf], name
        assert all(close(s.matrix, p.matrix, 0.01) for s, p in zip(from_svg, from_pdf)), name
        shapes_svg, shapes_pdf = svg_shapes(svgs[name]), pdf_shapes(pdf, i)
        assert len(shapes_svg) == len(shapes_pdf), name
        for a, b in zip(shapes_svg, shapes_pdf):
            assert a.kind == b.kind and len(a.points) == len(b.points), name
            assert all(math.dist(p, q) < 0.01 for p, q in zip(a.points, b.points)), name


# ------------------------------------------------------------------ board and components


def test_board_pages_are_labelled_and_the_poster_is_one_a2_page(pdf, svgs, files):
    board = _index(svgs, r"-board-")
    assert len(board) == 6
    for i, (c, r) in zip(board, [(c, r) for r in "12" for c in "ABC"]):
        assert f"Board {c}{r}" in pdf.pages[i].extract_text()
    poster = pypdf.PdfReader(io.BytesIO(files[OUT / "sectionx-board-a2.pdf"]))
    assert len(poster.pages) == 1
    assert (round(_mm(poster.pages[0].mediabox.width)), round(_mm(poster.pages[0].mediabox.height))) == (594, 420)


def test_components_are_all_there(pdf, svgs):
    text = " ".join(p.extract_text() for p in pdf.pages)
    for word in ("MASTER KEY", "RED", "BLUE", "YELLOW", "PURPLE", "Duplex calibration"):
        assert word in text
    tokens = _index(svgs, r"-tokens")
    names = [p.name for i in tokens for p in pdf_placements(pdf, i)]
    for colour in ("red", "blue", "yellow", "purple"):
        assert sum(n.startswith(f"prisoner-{colour}") for n in names) >= 8
        assert sum(n.startswith(f"door-{colour}") for n in names) == 3  # 2 (D2) and a spare


def test_the_checklist_names_the_right_pages(pdf, svgs):
    text = pdf.pages[0].extract_text()
    fronts, backs = _tile_sheet_pages(svgs)
    assert f"pages {fronts[0] + 1}–{backs[-1] + 1}" in text
    assert "pages 2–7" in text


# ------------------------------------------------------------------ modes


_COLOUR = re.compile(rb'(?:fill|stroke)="(#[0-9a-f]{6})"')


def test_greyscale_has_only_greys():
    files = _files(theme=THEME.with_modes(greyscale=True))
    for name, data in files.items():
        if name.suffix == ".svg":
            for c in _COLOUR.findall(data):
                assert c[1:3] == c[3:5] == c[5:7], (name, c)


def test_ink_saver_prints_tiles_with_outlines_and_light_fills(svgs):
    files = _files(theme=THEME.with_modes(ink_saver=True))
    page = next(d for p, d in files.items() if p.stem.endswith("tiles-1-fronts"))
    colours = set(_COLOUR.findall(page))
    assert b"#ffffff" in colours and THEME.colour("rock").encode() not in colours
    dark = [c for c in colours if sum(int(c[i:i + 2], 16) for i in (1, 3, 5)) < 200]
    assert dark  # outlines stay dark enough to cut along


@pytest.mark.parametrize("size", [32, 44])
def test_another_tile_size_resizes_tiles_and_board_cells_alike(size):
    files = _files(theme=THEME.with_tile(size))
    reader = pypdf.PdfReader(io.BytesIO(files[OUT / "sectionx-kit.pdf"]))
    svgs = {p.stem: d for p, d in files.items() if p.suffix == ".svg"}
    fronts, _ = _tile_sheet_pages(svgs)
    cut = {round(_across_flats(h), 3) for h in _hexagons(s for s in pdf_shapes(reader, fronts[0]) if s.kind == "stroke")}
    board = _index(svgs, r"-board-")[0]
    cells = {round(_across_flats(h), 3) for h in _hexagons(s for s in pdf_shapes(reader, board) if s.kind == "fill+stroke")}
    assert cut == cells == {size}
    ids = re.findall(r"\bT\d\d\b", " ".join(re.sub(r"\(T\d\d–T\d\d\)", "", reader.pages[i].extract_text()) for i in fronts))
    assert sorted(ids) == sorted(CATALOGUE.ids)


def test_ink_saver_lightens_the_tokens_and_cards():
    files = _files(theme=THEME.with_modes(ink_saver=True))
    plain = _files()
    for stem in ("tokens", "cards-1"):  # on A4 all eight cards share one sheet
        light = next(d for p, d in files.items() if p.stem.endswith(stem))
        full = next(d for p, d in plain.items() if p.stem.endswith(stem))
        assert THEME.colour("red").encode() in full and THEME.colour("red").encode() not in light


def test_the_checklist_offers_the_large_board_sheet_instead_of_the_board_pages(pdf):
    """Issue 11: with --board-paper the checklist names the one-sheet board as the
    alternative to the board pages; without it, it does not mention a file that
    was not written."""
    text = re.sub(r"\s+", " ", pdf.pages[0].extract_text())
    assert "pages 2–7" in text and "sectionx-board-a2.pdf" in text and "instead" in text
    plain = pypdf.PdfReader(io.BytesIO(_files()[OUT / "sectionx-kit.pdf"]))
    assert "sectionx-board-" not in plain.pages[0].extract_text()


def test_the_calibration_back_is_titled_at_the_top_like_its_front(pdf, svgs):
    """Issue 11: the back's title floated mid-page; it sits in the top margin band as
    the front's does, and clear of the rulers."""
    i = _index(svgs, r"calibration-back")[0]
    root = ET.fromstring(svgs[_page_names(svgs)[i]])
    ns = "{http://www.w3.org/2000/svg}"
    title = next(t for t in root.iter(f"{ns}text") if (t.text or "").startswith("Duplex calibration: back"))
    assert float(title.get("y")) < THEME.margin + 8
