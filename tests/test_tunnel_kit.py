"""Der Tunnel's print-and-play kit (issue 28, TP1, TP2): the expansion alone, laid out
by the house's rules - 45 mm tiles with 3 mm bleed and crop marks outside it, backs
mirrored for long-edge duplex, round 13 mm tokens with their set letters, the
calibration square, the rules sheet in players' words - on A4 and letter, in every
mode, the same bytes every time; and measured in the PDF itself."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.tunnel import kit, kitwords
from sectionx.games.tunnel.model import COLOURS
from sectionx.games.tunnel.rules import deal_sets
from sectionx.render import pieces as P
from sectionx.render.pdf import to_pdf
from sectionx.render.scene import Circle, Group, Page, Path, Text, Use
from sectionx.render.theme import load_theme

from .pdfsvg import pdf_shapes

runner = CliRunner()
THEME = load_theme(None)
TUNNEL_TILES = ["TU-A", "TU-B", "TU-C", "TU-D"]


@pytest.fixture(scope="module", params=["a4", "letter"])
def built(request):
    return kit.build_kit(THEME, request.param)


def page_named(built, suffix: str) -> Page:
    return next(p for p in built.document.pages if p.name.endswith(suffix))


def texts(items, out=None) -> list[str]:
    out = [] if out is None else out
    for it in items:
        if isinstance(it, Text):
            out.append(it.text)
        elif isinstance(it, Group):
            texts(it.items, out)
    return out


def groups(page: Page, prefix: str) -> dict[str, Group]:
    return {g.label: g for g in page.items if isinstance(g, Group) and g.label.startswith(prefix)}


# ------------------------------------------------------------------ pages


def test_every_page_keeps_its_margins_bleeds_and_marks(built):
    symbols = built.document.symbol_map
    for page in built.document.pages:
        assert P.layout_problems(page, symbols, THEME) == [], page.name


def test_the_pages_in_order_with_the_duplex_fronts_on_odd_pages(built):
    names = [p.name for p in built.document.pages]
    assert [re.sub(r"^\d+-", "", n) for n in names] == ["checklist", "rules", "tiles", "tiles-backs",
                                                        "calibration-front", "calibration-back"]
    for i, n in enumerate(names, 1):
        if n.endswith(("-tiles", "calibration-front")):
            assert i % 2 == 1


def test_a4_and_letter_pages_are_their_paper():
    for paper, size in (("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))):
        for page in kit.build_kit(THEME, paper).document.pages:
            assert (page.width, page.height) == size


# ------------------------------------------------------------------ tiles (TP1)


def test_the_four_tunnel_tiles_and_a_spare_set_each_45_mm_with_3_mm_bleed(built):
    page = page_named(built, "-tiles")
    trims = {t.label: t for t in P.pieces(page) if "tile" in t.label}
    assert set(trims) == {f"piece-{k}-{n}" for k in ("tile", "spare-tile") for n in TUNNEL_TILES}
    for t in trims.values():
        l_, top, r, b = t.box
        assert (r - l_, b - top) == pytest.approx((45.0, 45.0))
        pl, pt, pr, pb = t.paint  # the clip: the art runs 3 mm past every cut line (TP1)
        assert (pl, pt, pr, pb) == pytest.approx((l_ - 3.0, top - 3.0, r + 3.0, b + 3.0))
    assert kit.TILE == 45.0 and THEME.bleed == 3.0


def test_crop_marks_lie_on_every_cut_line_outside_the_bleed(built):
    page = page_named(built, "-tiles")
    trims = [t for t in P.pieces(page) if "tile" in t.label]
    xs = {round(v, 6) for t in trims for v in (t.box[0], t.box[2])}
    ys = {round(v, 6) for t in trims for v in (t.box[1], t.box[3])}
    marks = P.marks(page)
    vertical = [b for b, _ in marks if b[3] - b[1] > b[2] - b[0]]
    horizontal = [b for b, _ in marks if b[2] - b[0] > b[3] - b[1]]
    assert {round((b[0] + b[2]) / 2, 6) for b in vertical} == xs
    assert {round((b[1] + b[3]) / 2, 6) for b in horizontal} == ys
    block = (min(xs), min(ys), max(xs), max(ys))
    for b in vertical:  # above or below the block, past the bleed and the gap
        assert b[3] <= block[1] - THEME.bleed - THEME.crop_gap + 1e-6 or b[1] >= block[3] + THEME.bleed + THEME.crop_gap - 1e-6
    for b in horizontal:
        assert b[2] <= block[0] - THEME.bleed - THEME.crop_gap + 1e-6 or b[0] >= block[2] + THEME.bleed + THEME.crop_gap - 1e-6


@pytest.mark.parametrize("offset", [(0.0, 0.0), (2.0, -1.5)])
def test_backs_mirror_their_fronts_for_long_edge_duplex(offset):
    fronts, backs = kit.tile_pages(THEME, THEME.paper("a4"), offset=offset)
    W = fronts.width
    front = groups(fronts, "piece-")
    back = groups(backs, "back-")
    assert {k.removeprefix("piece-") for k in front} == {k.removeprefix("back-") for k in back}
    for label, g in front.items():
        b = back["back-" + label.removeprefix("piece-")]
        x, y = g.matrix[4], g.matrix[5]
        if "tile" in label:  # the trim's corner mirrored: the tile's right edge comes to the left
            assert (b.matrix[4], b.matrix[5]) == pytest.approx((W - x - kit.TILE + offset[0], y + offset[1]))
        else:  # a token by its centre
            assert (b.matrix[4], b.matrix[5]) == pytest.approx((W - x + offset[0], y + offset[1]))
    # The plain backs cover every tile's bleed with room for a duplex shift, and say nothing.
    for label, b in back.items():
        if "tile" in label:
            assert texts(b.items) == []
            (ground,) = b.items
            xs = [p[0] for p in ground.points()]
            assert max(xs) - min(xs) >= kit.TILE + 2 * THEME.bleed


def test_the_tile_block_measures_45_mm_in_the_pdf_itself():
    """Read back from the PDF: each tile's clip is 51 mm square (45 and 3 mm bleed each
    side), and the crop marks above the block stand 45 mm apart across each tile."""
    document = kit.build_kit(THEME, "a4").document
    index = next(i for i, p in enumerate(document.pages) if p.name.endswith("-tiles"))
    one = type(document)((document.pages[index],), document.symbols, document.title)
    shapes = pdf_shapes(to_pdf(one, THEME), 0)
    clips = [s for s in shapes if s.kind == "clip"]
    corners = set()  # where a 51 mm square clip lies (the piece's, and the art's own may repeat it)
    for c in clips:
        xs, ys = [p[0] for p in c.points], [p[1] for p in c.points]
        if (round(max(xs) - min(xs), 3), round(max(ys) - min(ys), 3)) == (51.0, 51.0):
            corners.add((round(min(xs) + 3.0, 2), round(min(ys) + 3.0, 2)))
    trims = {(round(t.box[0], 2), round(t.box[1], 2)) for t in P.pieces(document.pages[index]) if "tile" in t.label}
    assert len(trims) == 8 and corners == trims
    strokes = [s for s in shapes if s.kind == "stroke" and len(s.points) == 2]
    top = min(min(p[1] for p in s.points) for s in strokes)
    xs = sorted({round(s.points[0][0], 3) for s in strokes if s.points[0][0] == s.points[1][0]
                 and min(p[1] for p in s.points) == top})
    assert len(xs) == 4 and xs[1] - xs[0] == pytest.approx(45.0, abs=1e-3) and xs[3] - xs[2] == pytest.approx(45.0, abs=1e-3)


def test_the_checklist_page_shows_how_to_cut_the_block(built):
    """The cutting guide fills the checklist's foot on A4 and letter: the block drawn
    small with as many cut lines as the real block has, inside the margins."""
    (guide,) = [g for g in built.document.pages[0].items if isinstance(g, Group) and g.label == "cutting-guide"]
    xs, ys = kit.TileBlock(0.0, 0.0, kit.COLUMNS, 4, kit.gutter(THEME)).cuts()
    long_lines = [it for it in guide.items if isinstance(it, Path) and it.style.stroke in
                  (THEME.colours["highlight"], THEME.colours["ink"]) and it.style.width >= 0.3
                  and max(abs(q[0] - p[0]) + abs(q[1] - p[1]) for p, q in [tuple(it.points())]) > 20.0]
    assert len(long_lines) == len(xs) + len(ys)
    assert " ".join(texts(guide.items)).count(kitwords.ENGLISH.cut_title) == 1


# ------------------------------------------------------------------ tokens (TP1, TU8, TP3)


def test_twelve_round_tokens_and_a_spare_per_set_each_with_its_letter(built):
    page = page_named(built, "-tiles")
    tokens = [t for t in P.pieces(page) if "token" in t.label]
    for colour in COLOURS:
        assert sum(t.label.startswith(f"piece-token-{colour}-") for t in tokens) == 2
        assert sum(t.label.startswith(f"piece-spare-token-{colour}-") for t in tokens) == kit.SPARE_TOKENS
    for t in tokens:
        assert t.shape == "circle" and 12.0 <= t.box[2] - t.box[0] <= 14.0
    front = groups(page, "piece-")
    for colour, letter in zip(COLOURS, "ABCDEF", strict=True):
        for label, g in front.items():
            if f"token-{colour}-" in label:
                assert letter in texts(g.items), label


def test_the_token_table_is_what_the_referee_deals():
    rows = kit.counts_table(kitwords.ENGLISH)
    assert [r[0] for r in rows] == ["2", "3", "4 or 5"]
    for players, usual, magazine in rows:
        n = int(players[0])
        for count, cell in (("3/2", usual), ("2/1", magazine)):
            sets = sum(seat == 0 for seat in deal_sets(COLOURS[:n], count).values())
            assert cell.startswith(f"{sets} set") and f"({2 * sets} tokens)" in cell


def test_the_calibration_square_is_45_mm():
    items = kit.calibration_square(THEME, 10.0, 20.0, kitwords.ENGLISH)
    (square,) = [it for it in items if isinstance(it, Path) and len(list(it.points())) == 4 and it.style.stroke
                 and it.style.width == 0.25]
    xs, ys = zip(*square.points(), strict=True)
    assert (max(xs) - min(xs), max(ys) - min(ys)) == pytest.approx((45.0, 45.0))


# ------------------------------------------------------------------ the rules sheet (TP2)


def test_the_rules_sheet_holds_the_rules_in_order_the_clarifications_the_counts_and_four_boxes(built):
    page = page_named(built, "-rules")
    words = " ".join(texts(page.items))
    w = kitwords.ENGLISH
    order = [words.index(h.strip()) for h, _ in (w.setup, w.laying, w.finished, w.scoring)]
    assert order == sorted(order)  # the publisher's order
    flat = re.sub(r"\s+", " ", words)
    for line in w.clarifications:
        assert line.split()[0] in flat
    for name, _ in w.variants:
        assert name.split(" ", 1)[1].strip() in flat
    for _, _, *cells in [("", "", *r) for r in kit.counts_table(w)]:
        for cell in cells:
            assert cell.split(" (")[0] in flat
    boxes = [it for g in page.items if isinstance(g, Group) for it in _flatten(g)
             if isinstance(it, Path) and len(list(it.points())) == 4 and not it.style.fill and it.style.width == 0.3]
    assert len(boxes) == len(w.variants) + 2  # a box to tick for each variant and for each count


def _flatten(g: Group):
    for it in g.items:
        if isinstance(it, Group):
            yield from _flatten(it)
        else:
            yield it


def test_the_rules_sheet_speaks_players_words():
    """No ruling ids, option names, tile codes or file names on the printed rules."""
    page = kit.rules_page(THEME, THEME.paper("a4"))
    words = " ".join(texts(page.items))
    assert not re.search(r"\b(TV|TU|TG|CB|TP)\d|--|\.ya?ml|\bTU-[A-D]\b|\bsectionx kit\b", words), words


# ------------------------------------------------------------------ modes and the command


def _colours(items, symbols, out: set[str]) -> set[str]:
    for it in items:
        if isinstance(it, Group):
            _colours(it.items, symbols, out)
        elif isinstance(it, Use):
            _colours(symbols[it.name].items, symbols, out)
        elif isinstance(it, Text):
            out.add(it.fill)
        elif isinstance(it, (Path, Circle)):
            out.update(c for c in (it.style.fill, it.style.stroke) if c)
    return out


def test_greyscale_is_grey_and_ink_saver_leaves_the_backs_white():
    grey = kit.build_kit(THEME.with_modes(greyscale=True), "a4").document
    symbols = grey.symbol_map
    for page in grey.pages:
        for c in _colours(page.items, symbols, set()):
            assert c[1:3] == c[3:5] == c[5:7], (page.name, c)
    saver = THEME.with_modes(ink_saver=True)
    assert kit.back_colour(saver) == saver.colours["paper"]
    symbols = kit.build_kit(saver, "a4").document.symbol_map
    for page in kit.build_kit(saver, "letter").document.pages:
        assert P.layout_problems(page, symbols, saver) == [], page.name


def test_the_kit_command_writes_the_same_bytes_every_time(tmp_path):
    out = tmp_path / "k"
    result = runner.invoke(app, ["kit", "--game", "tunnel", "-o", str(out)])
    assert result.exit_code == 0 and "tunnel-kit.pdf" in result.output and "6 pages" in result.output, result.output
    first = (out / "tunnel-kit.pdf").read_bytes()
    assert len(list((out / "svg").glob("*.svg"))) == 6 and (out / "tunnel-kit.manifest.json").exists()
    assert runner.invoke(app, ["kit", "--game", "tunnel", "-o", str(out), "--no-svg"]).exit_code == 0
    assert (out / "tunnel-kit.pdf").read_bytes() == first
    assert not list((out / "svg").glob("*.svg"))  # the kit removed only what it wrote


@pytest.mark.parametrize("args", [["--greyscale"], ["--ink-saver"], ["--paper", "letter"],
                                  ["--back-offset-x", "1.5", "--back-offset-y", "-2"]])
def test_the_kit_in_every_mode(tmp_path, args):
    result = runner.invoke(app, ["kit", "--game", "tunnel", "-o", str(tmp_path / "k"), "--no-svg", *args])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("option, value", [("--board-paper", "a2"), ("--tile-size", "40"), ("--board", "compact")])
def test_options_it_has_no_use_for_are_one_line(tmp_path, option, value):
    result = runner.invoke(app, ["kit", "--game", "tunnel", "-o", str(tmp_path / "k"), option, value])
    assert result.exit_code == 2 and f"{option}: Der Tunnel's kit is the expansion alone" in result.output
    assert result.output.count("\n") == 1 and not (tmp_path / "k").exists()


def test_a_paper_too_small_is_one_line_naming_it(tmp_path):
    template = tmp_path / "small.yaml"
    template.write_text("paper:\n  a6: [105, 148]\n")
    result = runner.invoke(app, ["kit", "--game", "tunnel", "-o", str(tmp_path / "k"), "--paper", "a6",
                                 "--template", str(template)])
    assert result.exit_code == 2 and "paper a6 (105 x 148 mm)" in result.output, result.output
    assert not (tmp_path / "k").exists()
