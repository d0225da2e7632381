"""The SVG and PDF backends draw the same scene in the same place (habit 6).

Both files are read back (tests/pdfsvg.py) into page millimetres and compared
with each other and with the scene: symbol placements, every path point and
clip, text origins.  Beside that: determinism, PDF validity and embedded fonts,
SVG structure, the font helper, and the transform and arc maths of the scene.
"""

from __future__ import annotations

import hashlib
import io
import logging
import math
import subprocess
import sys
import warnings
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf.generic import ContentStream

from sectionx.render import fonts, pdf, scene, svg
from sectionx.render.scene import (
    IDENTITY,
    PT_PER_MM,
    Circle,
    Document,
    Group,
    Page,
    Style,
    Symbol,
    Text,
    Use,
    apply,
    arc,
    arc_commands,
    compose,
    polygon,
    polyline,
    rect,
    rotate,
    translate,
)
from sectionx.render.theme import default_theme

from .pdfsvg import (
    close,
    pdf_placements,
    pdf_shapes,
    pdf_texts,
    scene_placements,
    scene_shapes,
    svg_placements,
    svg_shapes,
)

TOL = 0.01  # mm
GERMAN_DUTCH = "Schlüssel für Gefängnisausbruch, geïnspireerd"

THEME = default_theme()


def _hexagon(r: float) -> list[tuple[float, float]]:
    return [(r * math.cos(math.radians(30 + 60 * i)), r * math.sin(math.radians(30 + 60 * i))) for i in range(6)]


def sample_document() -> Document:
    """Two pages of different sizes: paths, circles, text in every anchor, a tile symbol
    (which places a nested one) turned six ways, a clipped and rotated group."""
    ink = Style(fill="#f2e6c9", stroke="#222222", width=0.3, join="round")
    dot = Symbol("dot", (Circle(0, 0, 1.5, Style(fill="#c0392b")),), (-1.5, -1.5, 1.5, 1.5))
    tile_art = (
        polygon(_hexagon(20), ink),
        arc(0, -17.32, 8, 0, 180, Style(stroke="#555555", width=1.2, cap="round")),
        Use("dot", translate(6, 4)),
        Text(0, 3, "T05", 9, anchor="middle", bold=True),
    )
    # A space in the name exercises the id and form-name escaping.
    tile = Symbol("tile T05", tile_art, scene.bounds(tile_art, {"dot": dot}))
    door = Symbol(
        "door",
        (rect(-6, -1.5, 12, 3, Style(fill="#2e86c1", stroke="#000000", width=0.2, dash=(1.0, 0.5), opacity=0.6)),),
        (-6, -1.5, 6, 1.5),
    )
    unused = Symbol("unused", (Circle(0, 0, 3, Style(fill="#000000")),), (-3, -3, 3, 3))

    uses = tuple(Use("tile T05", compose(translate(40 + 45 * (k % 3), 60 + 45 * (k // 3)), rotate(60 * k)))
                 for k in range(6))
    clipped = Group(
        (
            rect(-30, -30, 60, 60, Style(fill="#dddddd")),
            Use("door", rotate(30)),
            polyline([(-20, 10), (0, 18), (20, 10)], Style(stroke="#ff0000", width=0.5, dash=(2, 1), cap="square")),
        ),
        matrix=compose(translate(150, 220), rotate(-15)),
        clip=((-25, -20), (25, -20), (25, 20), (-25, 20)),
        label="clipped demo",
    )
    page1 = Page(
        210, 297,
        (
            polyline([(10, 10), (200, 10), (200, 287)], Style(stroke="#000000", width=0.25, dash=(3, 1.5))),
            Circle(105, 148.5, 12.5, Style(stroke="#2c3e50", width=0.4)),
            *uses,
            clipped,
            Text(10, 250, GERMAN_DUTCH, 10),
            Text(105, 265, "Mitte", 12, anchor="middle", bold=True),
            Text(200, 280, "Ende", 8, anchor="end", fill="#336699", angle=30),
            Text(20, 200, "gedreht", 11, angle=-90),
        ),
        name="01-sample", label="Sample page",
    )
    page2 = Page(
        297, 210,
        (Use("door", translate(50, 50)), Use("door", compose(translate(100, 80), rotate(90))),
         Group((Use("door"),), matrix=translate(200, 150))),
        name="02-doors",
    )
    return Document((page1, page2), (dot, tile, door, unused), title="Backend test")


DOC = sample_document()
SYMBOLS = DOC.symbol_map


@pytest.fixture(scope="module")
def pdf_bytes() -> bytes:
    return pdf.to_pdf(DOC, THEME)


@pytest.fixture(scope="module")
def svgs() -> list[str]:
    return [svg.to_svg(page, SYMBOLS, THEME) for page in DOC.pages]


# ------------------------------------------------------------------ the two backends agree


@pytest.mark.parametrize("index", [0, 1])
def test_symbol_placements_agree(pdf_bytes, svgs, index):
    page = DOC.pages[index]
    expected = scene_placements(page.items, SYMBOLS)
    from_svg = svg_placements(svgs[index])
    from_pdf = pdf_placements(pdf_bytes, index)
    assert [p.name for p in from_svg] == [p.name for p in from_pdf] == [p.name for p in expected]
    for e, s, p in zip(expected, from_svg, from_pdf):
        assert close(e.matrix, s.matrix, TOL) and close(e.matrix, p.matrix, TOL), (e, s, p)
        assert math.dist(s.origin, p.origin) <= TOL
        assert abs((s.angle - p.angle + 180) % 360 - 180) < 0.01
        assert s.det > 0 and p.det > 0  # not mirrored


def test_placements_are_where_the_scene_says():
    # Independent of the scene walker: tile k sits at its grid point, turned 60*k degrees clockwise.
    placed = [p for p in svg_placements(svg.to_svg(DOC.pages[0], SYMBOLS, THEME)) if p.name == "tile T05"]
    assert len(placed) == 6
    for k, p in enumerate(placed):
        assert math.dist(p.origin, (40 + 45 * (k % 3), 60 + 45 * (k // 3))) <= TOL
        assert abs((p.angle - 60 * k + 180) % 360 - 180) < 0.01
    dots = [p for p in svg_placements(svg.to_svg(DOC.pages[0], SYMBOLS, THEME)) if p.name == "dot"]
    # The nested dot at (6, 4) in the tile turns with it.
    for k, p in enumerate(dots):
        centre = (40 + 45 * (k % 3), 60 + 45 * (k // 3))
        want = apply(compose(translate(*centre), rotate(60 * k)), (6, 4))
        assert math.dist(p.origin, want) <= TOL


@pytest.mark.parametrize("index", [0, 1])
def test_path_geometry_agrees(pdf_bytes, svgs, index):
    page = DOC.pages[index]
    expected = scene_shapes(page.items, SYMBOLS)
    from_svg = svg_shapes(svgs[index])
    from_pdf = pdf_shapes(pdf_bytes, index)
    assert [s.kind for s in from_svg] == [s.kind for s in from_pdf] == [s.kind for s in expected]
    assert "clip" in [s.kind for s in expected] or index == 1
    for e, s, p in zip(expected, from_svg, from_pdf):
        assert len(e.points) == len(s.points) == len(p.points)
        for pe, ps, pp in zip(e.points, s.points, p.points):
            assert math.dist(pe, ps) <= TOL and math.dist(pe, pp) <= TOL, (e.kind, pe, ps, pp)


def _scene_texts(items, symbols, m=IDENTITY):
    for it in items:
        if isinstance(it, Text):
            yield it, compose(m, translate(it.x, it.y), rotate(it.angle))
        elif isinstance(it, Use):
            yield from _scene_texts(symbols[it.name].items, symbols, compose(m, it.matrix))
        elif isinstance(it, Group):
            yield from _scene_texts(it.items, symbols, compose(m, it.matrix))


def test_pdf_text_sits_where_the_svg_anchors_it(pdf_bytes, svgs):
    page = DOC.pages[0]
    expected = list(_scene_texts(page.items, SYMBOLS))
    shown = pdf_texts(pdf_bytes, 0)
    assert len(shown) == len(expected)
    for (t, m), got in zip(expected, shown):
        width = fonts.text_width(t.text, t.size, t.bold, THEME)
        shift = {"start": 0.0, "middle": -width / 2, "end": -width}[t.anchor]
        assert math.dist(apply(m, (shift, 0)), (got[4], got[5])) <= TOL, t
        em = t.size * scene.MM_PER_PT
        a, b, c, d = (v / em for v in got[:4])
        assert math.isclose(a, m[0], abs_tol=1e-4) and math.isclose(b, m[1], abs_tol=1e-4)
        assert math.isclose(c, b, abs_tol=1e-4) and math.isclose(d, -a, abs_tol=1e-4)  # glyphs upright, not mirrored
    # The SVG says the same: anchor point, anchor, size in mm and rotation about the anchor.
    texts = list(ET.fromstring(svgs[0]).iter("{http://www.w3.org/2000/svg}text"))
    direct = [t for t in page.items if isinstance(t, Text)]
    assert len(texts) >= len(direct)
    by_text = {el.text: el for el in texts}
    for t in direct:
        el = by_text[t.text]
        assert (float(el.get("x")), float(el.get("y"))) == (t.x, t.y)
        assert el.get("text-anchor", "start") == t.anchor
        assert abs(float(el.get("font-size")) - t.size * 25.4 / 72) < 0.001
        assert el.get("font-family") == THEME.svg_family
        assert (el.get("font-weight") == "bold") == t.bold
        if t.angle:
            assert el.get("transform") == f"rotate({scene.fmt(t.angle)} {scene.fmt(t.x)} {scene.fmt(t.y)})"


# ------------------------------------------------------------------ determinism


def test_output_is_byte_identical(pdf_bytes, svgs):
    pdf.to_pdf(Document((Page(50, 50, (Text(5, 5, "anders ßœ", 30),)),)), THEME)  # a document in between
    assert pdf.to_pdf(DOC, THEME) == pdf_bytes
    assert [svg.to_svg(p, SYMBOLS, THEME) for p in DOC.pages] == svgs


def test_output_is_byte_identical_in_another_process(pdf_bytes, svgs):
    code = (
        "import hashlib, sys; sys.path.insert(0, '.')\n"
        "from tests.test_backends import DOC, SYMBOLS, THEME\n"
        "from sectionx.render import pdf, svg\n"
        "print(hashlib.sha256(pdf.to_pdf(DOC, THEME)).hexdigest())\n"
        "print(hashlib.sha256(svg.to_svg(DOC.pages[0], SYMBOLS, THEME).encode()).hexdigest())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[1],
                         env={"PYTHONHASHSEED": "12345", "PATH": ""}).stdout.split()
    assert out == [hashlib.sha256(pdf_bytes).hexdigest(), hashlib.sha256(svgs[0].encode()).hexdigest()]


def test_writers_are_atomic_and_write_the_same_bytes(tmp_path, pdf_bytes, svgs):
    pdf.write_pdf(tmp_path / "a.pdf", DOC, THEME)
    svg.write_svg(tmp_path / "a.svg", DOC.pages[0], SYMBOLS, THEME)
    assert (tmp_path / "a.pdf").read_bytes() == pdf_bytes
    assert (tmp_path / "a.svg").read_text("utf-8") == svgs[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pdf", "a.svg"]  # no temporary files left


# ------------------------------------------------------------------ the PDF


def test_pdf_is_valid_strict_and_quiet(pdf_bytes, caplog):
    caplog.set_level(logging.DEBUG, logger="pypdf")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        reader = pypdf.PdfReader(io.BytesIO(pdf_bytes), strict=True)
        assert len(reader.pages) == 2
        sizes = [(float(p.mediabox.width) / PT_PER_MM, float(p.mediabox.height) / PT_PER_MM) for p in reader.pages]
        text = [p.extract_text() for p in reader.pages]
        for p in reader.pages:
            _ = ContentStream(p.get_contents(), reader).operations  # parsing is the check: warnings are caught below
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []
    for (w, h), page in zip(sizes, DOC.pages):
        assert abs(w - page.width) < TOL and abs(h - page.height) < TOL
    assert GERMAN_DUTCH in text[0]
    assert "Mitte" in text[0] and "T05" in text[0]
    meta = reader.metadata
    assert (meta.title, meta.author, meta.creator) == ("Backend test", "sectionx", "sectionx 0.1.0")


def _forms(reader):
    """Every form XObject in the file, by its object id, with the resources it runs under."""
    found = {}

    def visit(resources):
        for name, ref in (resources.get("/XObject") or {}).items():
            obj = ref.get_object()
            if obj["/Subtype"] == "/Form" and ref.idnum not in found:
                found[ref.idnum] = (name, obj)
                visit(obj["/Resources"])

    for page in reader.pages:
        visit(page["/Resources"])
    return found


def test_each_symbol_is_one_form_for_the_whole_document(pdf_bytes):
    reader = pypdf.PdfReader(io.BytesIO(pdf_bytes))
    forms = _forms(reader)
    used = scene.used_symbols([it for p in DOC.pages for it in p.items], SYMBOLS)
    assert sorted(pdf.symbol_from_xobject(n) for n, _ in forms.values()) == sorted(used)
    assert "unused" not in used
    # Both pages place "door": the same object, not a copy.
    refs = [p["/Resources"]["/XObject"].raw_get("/FormXob.door") for p in reader.pages]
    assert refs[0].idnum == refs[1].idnum
    # Page 2's stream places it three times and draws nothing itself.
    ops = [op for _, op in ContentStream(reader.pages[1].get_contents(), reader).operations]
    assert ops.count(b"Do") == 3 and not {b"m", b"re", b"BT"} & set(ops)


def test_form_resources_resolve_and_bboxes_hold_the_symbol(pdf_bytes):
    reader = pypdf.PdfReader(io.BytesIO(pdf_bytes))
    for name, form in _forms(reader).values():
        resources = form["/Resources"]
        for operands, op in ContentStream(form, reader).operations:
            if op == b"gs":
                assert operands[0] in resources["/ExtGState"], (name, operands)
            elif op == b"Tf":
                assert operands[0] in resources["/Font"], (name, operands)
            elif op == b"Do":
                assert operands[0] in resources["/XObject"], (name, operands)
        left, top, right, bottom = SYMBOLS[pdf.symbol_from_xobject(name)].bbox
        x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
        assert x0 < left and y0 < top and x1 > right and y1 > bottom


def test_pdf_fonts_are_embedded_truetype_subsets(pdf_bytes):
    reader = pypdf.PdfReader(io.BytesIO(pdf_bytes))
    fonts_seen = {}
    for page in reader.pages:
        for name, ref in page["/Resources"]["/Font"].items():
            fonts_seen[name] = ref.get_object()
    assert fonts_seen
    for name, font in fonts_seen.items():
        assert font["/Subtype"] == "/TrueType", name
        assert "/FontFile2" in font["/FontDescriptor"], name
        assert "+" in font["/BaseFont"], name  # a subset
    bases = {str(f["/BaseFont"]).split("+")[1] for f in fonts_seen.values()}
    assert bases == {"BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold"}


def test_page_starts_with_the_mm_y_down_transform(pdf_bytes):
    reader = pypdf.PdfReader(io.BytesIO(pdf_bytes))
    for page, scene_page in zip(reader.pages, DOC.pages):
        ops = ContentStream(page.get_contents(), reader).operations
        assert ([4], b"M") in ops  # SVG's miter limit
        cms = [args for args, op in ops if op == b"cm"]
        k = 72 / 25.4
        non_identity = next(c for c in cms if list(map(float, c)) != [1, 0, 0, 1, 0, 0])
        want = (k, 0, 0, -k, 0, scene_page.height * k)
        assert all(abs(float(a) - b) < 1e-4 for a, b in zip(non_identity, want))


def test_opacity_and_dashes_reach_the_pdf(pdf_bytes):
    reader = pypdf.PdfReader(io.BytesIO(pdf_bytes))
    door = next(f for n, f in _forms(reader).values() if n.endswith(".door"))
    ops = ContentStream(door, reader).operations
    states = [door["/Resources"]["/ExtGState"][args[0]] for args, op in ops if op == b"gs"]
    assert {"/ca": 0.6} in [dict(s) for s in states] and {"/CA": 0.6} in [dict(s) for s in states]
    assert ([[1, 0.5], 0], b"d") in [([v if not isinstance(v, list) else list(v) for v in a], op)
                                     for a, op in ops]


def test_errors_are_clear():
    with pytest.raises(ValueError, match="at least one page"):
        pdf.to_pdf(Document(()), THEME)
    bad = Page(10, 10, (Use("nope"),))
    with pytest.raises(KeyError):
        svg.to_svg(bad, {}, THEME)
    with pytest.raises(KeyError):
        pdf.to_pdf(Document((bad,)), THEME)
    with pytest.raises(ValueError, match="anchor"):
        pdf.to_pdf(Document((Page(10, 10, (Text(1, 1, "x", 5, anchor="left"),)),)), THEME)
    with pytest.raises(ValueError, match="anchor"):
        svg.to_svg(Page(10, 10, (Text(1, 1, "x", 5, anchor="left"),)), {}, THEME)
    loop = Symbol("loop", (Use("loop"),), (0, 0, 1, 1))
    ping = Symbol("ping", (Use("pong"),), (0, 0, 1, 1))
    pong = Symbol("pong", (Use("ping"),), (0, 0, 1, 1))
    for symbols in ((loop,), (ping, pong)):
        page = Page(10, 10, (Use(symbols[0].name),))
        with pytest.raises(ValueError, match="places itself"):
            pdf.to_pdf(Document((page,), symbols), THEME)
        with pytest.raises(ValueError, match="places itself"):
            svg.to_svg(page, {s.name: s for s in symbols}, THEME)


# ------------------------------------------------------------------ the SVG


def test_svg_is_well_formed_and_sized_in_mm(svgs):
    for text, page in zip(svgs, DOC.pages):
        assert text.startswith('<?xml version="1.0" encoding="utf-8" ?>')
        root = ET.fromstring(text)
        assert root.get("width") == f"{scene.fmt(page.width)}mm"
        assert root.get("height") == f"{scene.fmt(page.height)}mm"
        assert root.get("viewBox") == f"0 0 {scene.fmt(page.width)} {scene.fmt(page.height)}"
        ids = [el.get("id") for el in root.iter() if el.get("id")]
        assert len(ids) == len(set(ids))
        for el in root.iter():
            for ref in (el.get("clip-path"), el.get("{http://www.w3.org/1999/xlink}href")):
                if ref:
                    assert ref.removeprefix("url(").removesuffix(")").removeprefix("#") in ids


def test_svg_defines_only_the_symbols_its_page_uses(svgs):
    for text, page in zip(svgs, DOC.pages):
        defs = ET.fromstring(text).find("{http://www.w3.org/2000/svg}defs")
        defined = [svg.symbol_from_id(el.get("id")) for el in defs if el.get("id", "").startswith("sym-")]
        assert defined == scene.used_symbols(page.items, SYMBOLS)
    assert "sym-unused" not in svgs[0] and "tile" not in svgs[1]


def test_svg_writes_styles_and_ids():
    root = ET.fromstring(svg.to_svg(DOC.pages[0], SYMBOLS, THEME))
    ns = "{http://www.w3.org/2000/svg}"
    door = next(el for el in root.iter(f"{ns}path") if el.get("fill") == "#2e86c1")
    assert door.get("stroke-dasharray") == "1 0.5"
    assert door.get("fill-opacity") == "0.6" and door.get("stroke-opacity") == "0.6"
    outline = next(el for el in root.iter(f"{ns}circle") if el.get("stroke") == "#2c3e50")
    assert outline.get("fill") == "none" and outline.get("stroke-width") == "0.4"
    assert any(el.get("stroke-linecap") == "round" for el in root.iter(f"{ns}path"))
    assert any(el.get("stroke-linejoin") == "round" for el in root.iter(f"{ns}path"))
    group = next(el for el in root.iter(f"{ns}g") if el.get("clip-path"))
    assert group.get("id") == "clipped-demo"
    assert root.find(f"{ns}title").text == "Sample page"


def test_svg_numbers_have_at_most_three_decimals():
    page = Page(100.123456, 50, (polyline([(1 / 3, 2 / 3), (-0.0001, 5)], Style(stroke="#000000")),
                                 Use("d", compose(translate(10 / 3, 0), rotate(45)))))
    text = svg.to_svg(page, {"d": Symbol("d", (), (0, 0, 0, 0))}, THEME)
    assert 'd="M 0.333 0.667 L 0 5"' in text
    assert 'width="100.123mm"' in text
    # The linear part keeps 6 decimals so far corners of rotated art stay within 1 µm.
    assert 'transform="matrix(0.707107 0.707107 -0.707107 0.707107 3.333 0)"' in text


# ------------------------------------------------------------------ fonts


def test_fonts_register_once_under_stable_names():
    regular, bold = fonts.font_name(THEME), fonts.font_name(THEME, bold=True)
    assert regular != bold and regular.startswith("sx-Vera-") and bold.startswith("sx-VeraBd-")
    other = default_theme().with_modes(ink_saver=True)
    assert (fonts.font_name(other), fonts.font_name(other, True)) == (regular, bold)


def test_text_width_is_in_mm_and_scales_with_size():
    assert fonts.text_width("", 10, False, THEME) == 0
    w10 = fonts.text_width(GERMAN_DUTCH, 10, False, THEME)
    assert math.isclose(fonts.text_width(GERMAN_DUTCH, 20, False, THEME), 2 * w10)
    assert fonts.text_width(GERMAN_DUTCH, 10, True, THEME) > w10
    # Vera's "M" is 0.863 em: at 72 pt (25.4 mm per em) that is 21.9 mm.
    assert abs(fonts.text_width("M", 72, False, THEME) - 0.863 * 25.4) < 0.05


@settings(max_examples=60, deadline=None)
@given(words=st.lists(st.text(alphabet="abcdefgäöüßïé", min_size=1, max_size=12), max_size=25),
       width=st.floats(10, 120), size=st.floats(5, 16), bold=st.booleans())
def test_wrap_is_greedy_and_keeps_every_word(words, width, size, bold):
    lines = fonts.wrap(" ".join(words), width, size, bold, THEME)
    assert " ".join(" ".join(lines).split()) == " ".join(words)
    for i, line in enumerate(lines):
        fits = fonts.text_width(line, size, bold, THEME) <= width
        assert fits or " " not in line  # only a lone word may overflow
        if i + 1 < len(lines) and lines[i + 1]:
            # Greedy: the next word would not have fitted on this line.
            assert fonts.text_width(f"{line} {lines[i + 1].split()[0]}", size, bold, THEME) > width


def test_wrap_keeps_line_breaks():
    assert fonts.wrap("eins zwei\n\ndrei", 500, 10, False, THEME) == ["eins zwei", "", "drei"]
    assert fonts.wrap("", 50, 10, False, THEME) == [""]


# ------------------------------------------------------------------ scene maths

coef = st.floats(-10, 10, allow_nan=False, allow_infinity=False)
matrices = st.tuples(coef, coef, coef, coef, coef, coef)
points = st.tuples(coef, coef)


def _mclose(m1, m2, tol=1e-9):
    return all(math.isclose(a, b, rel_tol=tol, abs_tol=tol * 1e3) for a, b in zip(m1, m2))


@given(matrices, matrices, matrices)
def test_compose_is_associative(a, b, c):
    assert _mclose(compose(compose(a, b), c), compose(a, compose(b, c)))
    assert _mclose(compose(a, b, c), compose(a, compose(b, c)))


@given(matrices, matrices, points)
def test_compose_applies_right_to_left(a, b, p):
    got, want = apply(compose(a, b), p), apply(a, apply(b, p))
    assert all(math.isclose(g, w, rel_tol=1e-9, abs_tol=1e-6) for g, w in zip(got, want))


@given(matrices)
def test_identity_is_neutral(a):
    assert compose(a, IDENTITY) == compose(IDENTITY, a) == compose(a)


def test_rotate_sixty_six_times_is_identity():
    assert _mclose(compose(*[rotate(60)] * 6), IDENTITY, 1e-12)
    assert compose(*[rotate(90)] * 4) == IDENTITY
    # Clockwise on the page: +x turns towards +y (down).
    x, y = apply(rotate(90), (1, 0))
    assert (round(x, 12), round(y, 12)) == (0, 1)


@given(st.floats(-720, 720), st.floats(-720, 720))
def test_rotations_add(a, b):
    assert _mclose(compose(rotate(a), rotate(b)), rotate(a + b), 1e-9)


def _bezier(p0, p1, p2, p3, t):
    u = 1 - t
    return tuple(u ** 3 * a + 3 * u * u * t * b + 3 * u * t * t * c + t ** 3 * d for a, b, c, d in zip(p0, p1, p2, p3))


@given(st.floats(-100, 100), st.floats(-100, 100), st.floats(0.1, 100), st.floats(-720, 720), st.floats(-720, 720))
def test_arc_commands_follow_the_circle(cx, cy, r, start, end):
    pieces = arc_commands(cx, cy, r, start, end)
    assert len(pieces) >= 1 and all(len(c) == 7 and c[0] == "C" for c in pieces)
    assert len(pieces) == max(1, math.ceil(abs(end - start) / 90 - 1e-9))
    tol = 3e-4 * r + 1e-9  # a 90-degree cubic strays 0.027 % of r at most
    p0 = (cx + r * math.cos(math.radians(start)), cy + r * math.sin(math.radians(start)))
    step = (end - start) / len(pieces)
    for i, (_, x1, y1, x2, y2, x3, y3) in enumerate(pieces):
        a0, a1 = math.radians(start + i * step), math.radians(start + (i + 1) * step)
        assert math.dist((x3, y3), (cx + r * math.cos(a1), cy + r * math.sin(a1))) <= 1e-9 * (1 + r)
        for t in (0.25, 0.5, 0.75):
            q = _bezier(p0, (x1, y1), (x2, y2), (x3, y3), t)
            assert abs(math.dist(q, (cx, cy)) - r) <= tol
        mid = _bezier(p0, (x1, y1), (x2, y2), (x3, y3), 0.5)
        am = (a0 + a1) / 2
        assert math.dist(mid, (cx + r * math.cos(am), cy + r * math.sin(am))) <= tol
        # Control points leave along the tangents, a third-ish of the chord out.
        t0 = (-math.sin(a0), math.cos(a0))
        cross = (x1 - p0[0]) * t0[1] - (y1 - p0[1]) * t0[0]
        assert abs(cross) <= 1e-9 * (1 + r)
        p0 = (x3, y3)
    # The last point is the end of the arc.
    assert math.dist(p0, (cx + r * math.cos(math.radians(end)), cy + r * math.sin(math.radians(end)))) <= 1e-9 * (1 + r)


def test_fmt_writes_at_most_three_decimals_and_no_negative_zero():
    assert [scene.fmt(v) for v in (0, -0.0, -0.0004, 1.23456, 2.5, -3.0, 1e-7, 10.0006)] == \
        ["0", "0", "0", "1.235", "2.5", "-3", "0", "10.001"]
