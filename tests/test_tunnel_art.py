"""Der Tunnel's own art and ``render`` (issue 28): every tile drawn from its data,
turned any way; fields falling apart exactly where the data says; roads and city
parts meeting their neighbours seamlessly; followers on their features and tokens on
their openings; annotations; the picture's golden file, the same in SVG and PDF."""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.tunnel import art, formats, layout, picture
from sectionx.games.tunnel.marks import joined
from sectionx.games.tunnel.model import COLOURS, SET_LETTERS
from sectionx.games.tunnel.play import play_game
from sectionx.games.tunnel.tiles import tile_set
from sectionx.render.scene import PT_PER_MM, Circle, Group, Text, Use
from sectionx.render.scene import Path as ScenePath
from sectionx.render.theme import load_theme

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "sectionx" / "examples" / "tunnel"
FIGURE = EXAMPLES / "figure-tunnel-joins.yaml"
GOLDEN = ROOT / "tests" / "golden" / "tunnel-position.svg"
THEME = load_theme(None)
TYPES = list(tile_set().types)
runner = CliRunner()


def run(*args: object):
    return runner.invoke(app, [str(a) for a in args])


def _unturn(p: tuple[float, float], rotation: int) -> tuple[float, float]:
    return layout.turn_point(p, (4 - rotation) % 4)


# ------------------------------------------------------------------ tiles from their data


@pytest.mark.parametrize("name", TYPES)
def test_the_open_ground_falls_into_exactly_the_tiles_fields(name):
    """Roads, walls, the hill, the cloister and the houses cut the fields apart exactly
    where the data says (TG1, TG3: TU-D's houses do not split its top field)."""
    want = sorted(tuple(f.halves) for f in tile_set().types[name].features if f.kind == "field")
    assert sorted(tuple(sorted(hs)) for hs in layout.regions(name)) == want


@pytest.mark.parametrize("name", TYPES)
@pytest.mark.parametrize("rotation", [0, 1, 2, 3])
def test_every_follower_stands_on_its_own_feature_turned_any_way(name, rotation):
    tile = tile_set().oriented(name, rotation)
    spots = []
    for local, feature in enumerate(tile.features):
        p = art.anchor(tile, local, 0.0, 0.0, layout.U)
        spots.append(p)
        # Unturned, the spot lies on this very feature (a field's spot reaches its halves).
        assert layout.feature_at(name, _unturn(p, rotation)) == local, (name, rotation, feature.name)
        # ... and turned, on the board feature's side of the tile: a road of one edge
        # nearer its own edge than the opposite one, a field reached from its halves.
        if feature.kind == "road" and len(feature.edges) == 1:
            e = feature.edges[0]
            assert math.dist(p, layout.MIDS[e]) < math.dist(p, layout.MIDS[(e + 2) % 4])
        # Well inside the tile: a follower stands on its own tile.
        assert 8.0 <= p[0] <= layout.U - 8.0 and 8.0 <= p[1] <= layout.U - 8.0, (name, feature.name, p)
    # No two features share a spot: a follower reads as the feature it stands on.
    assert layout.spread(spots) >= 12.0, (name, spots)


@pytest.mark.parametrize("name", TYPES)
def test_a_field_spot_reaches_the_fields_halves_turned(name):
    for rotation in range(4):
        tile = tile_set().oriented(name, rotation)
        for local, feature in enumerate(tile.features):
            if feature.kind != "field":
                continue
            unturned = tile_set().types[name].features[local]
            # The turned feature's halves are the unturned ones turned (TG4).
            assert sorted((h + 2 * rotation) % 8 for h in unturned.halves) == list(feature.halves)


@pytest.mark.parametrize("name", TYPES)
def test_roads_leave_their_edges_square_at_the_middle_and_cities_fill_their_edges(name):
    """What makes neighbours meet seamlessly: a road's centre line ends at the middle
    of each of its edges, square to it; a city part holds both corners of each edge."""
    tile = tile_set().types[name]
    shapes = layout.layout(name).shapes
    for feature, shape in zip(tile.features, shapes, strict=True):
        if feature.kind == "road":
            ends = {0: (shape.line[0], shape.line[1])}
            if len(feature.edges) == 2:
                ends[1] = (shape.line[-1], shape.line[-2])
            for k, (end, nxt) in ends.items():
                e = feature.edges[k] if len(feature.edges) == 2 else feature.edges[0]
                if len(feature.edges) == 2 and math.dist(end, layout.MIDS[e]) > 1e-6:
                    e = feature.edges[1 - k]
                assert math.dist(end, layout.MIDS[e]) < 1e-6, (name, feature.name)
                step = (nxt[0] - end[0], nxt[1] - end[1])
                inward = layout.INWARD[e]
                cos = (step[0] * inward[0] + step[1] * inward[1]) / math.hypot(*step)
                assert cos > 0.99, (name, feature.name, cos)
        if feature.kind == "city":
            for e in feature.edges:
                for corner in (layout.CORNERS[e], layout.CORNERS[(e + 1) % 4]):
                    assert any(math.dist(corner, p) < 1e-6 for p in shape.area), (name, feature.name, corner)


@pytest.mark.parametrize("name", [n for n in TYPES if tile_set().types[n].tunnel])
def test_tokens_lie_on_their_mouths_apart_and_clear_of_the_followers(name):
    lay = layout.layout(name)
    assert len(lay.mouths) == tile_set().types[name].openings
    spots = [m.token for m in lay.mouths]
    assert layout.spread(spots) >= art.TOKEN * layout.U, spots  # three tokens on TU-A do not overlap
    for m in lay.mouths:
        assert lay.hill is not None and math.dist(m.base, lay.hill[0]) == pytest.approx(lay.hill[1], abs=0.5)
        road = next(s for f, s in zip(tile_set().types[name].features, lay.shapes, strict=True)
                    if f.kind == "road" and f.edges == (m.edge,))
        assert math.dist(road.line[-1], m.base) < 1e-6  # the road ends at its own mouth (TU3)


def test_pennants_are_shown_where_the_data_has_them_and_clear_of_the_follower():
    for name, tile in tile_set().types.items():
        for feature, shape in zip(tile.features, layout.layout(name).shapes, strict=True):
            assert (shape.pennant is not None) == (feature.kind == "city" and feature.pennant), name
            if shape.pennant is not None:
                assert layout.inside(shape.pennant, shape.area)
                assert math.dist(shape.pennant, shape.anchor) >= 20.0, name


def test_a_tile_draws_turned_about_its_middle_with_its_bleed_clipped():
    tile = tile_set().oriented("TU-A", 1)
    items = art.tile_items(THEME, tile, 10.0, 20.0, 45.0, bleed=3.0)
    group = items[0]
    assert isinstance(group, Group) and group.clip is not None
    b = 3.0 / 45.0 * layout.U
    assert group.clip[0] == pytest.approx((-b, -b), abs=1e-3)
    # The matrix takes the unturned north-west corner to the page's north-east corner.
    a, b_, c, d, e, f = group.matrix
    x, y = a * 0 + c * 0 + e, b_ * 0 + d * 0 + f
    assert (x, y) == pytest.approx((55.0, 20.0))


# ------------------------------------------------------------------ pieces


@pytest.mark.parametrize("colour", COLOURS)
def test_a_token_shows_its_colour_its_shape_and_its_set_letter(colour):
    items = art.token_items(THEME, colour, 10, 10, 13)
    assert [t.text for t in items if isinstance(t, Text)] == [SET_LETTERS[colour]]
    disc = items[0]
    assert isinstance(disc, Circle) and disc.r == 6.5 and disc.style.fill == THEME.colours[colour]


def test_the_set_letters_are_a_to_f_in_colour_order():
    assert "".join(SET_LETTERS[c] for c in COLOURS) == "ABCDEF"


def test_in_greyscale_the_six_colours_are_six_greys_well_apart():
    greys = sorted(int(art.GREYS[c][1:3], 16) for c in COLOURS)
    assert all(b - a >= 25 for a, b in itertools.pairwise(greys))
    grey = THEME.with_modes(greyscale=True)
    assert {art.colour_fill(grey, c) for c in COLOURS} == set(art.GREYS.values())


def test_a_fields_follower_lies_down_and_the_others_stand():
    tile = tile_set().oriented("D", 0)
    standing = art.placed_follower(THEME, tile, 0, "red", 0, 0, 40)[0]
    lying = art.placed_follower(THEME, tile, 3, "red", 0, 0, 40)[0]
    assert isinstance(standing, ScenePath) and isinstance(lying, ScenePath)

    def extent(p: ScenePath) -> tuple[float, float]:
        xs = [q[0] for q in p.points()]
        ys = [q[1] for q in p.points()]
        return max(xs) - min(xs), max(ys) - min(ys)

    w, h = extent(standing)
    assert h > w * 0.9
    w, h = extent(lying)
    assert w > h * 0.9


# ------------------------------------------------------------------ render


def test_render_matches_its_golden_file_and_the_same_every_time(tmp_path):
    out = tmp_path / "p.svg"
    result = run("render", FIGURE, "-o", out, "--coords")
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == GOLDEN.read_bytes()  # looked at as a picture when written


def test_svg_and_pdf_agree_in_size(tmp_path):
    svg, pdf = tmp_path / "p.svg", tmp_path / "p.pdf"
    assert run("render", FIGURE, "-o", svg).exit_code == 0
    assert run("render", FIGURE, "-o", pdf).exit_code == 0
    text = svg.read_text()
    w = float(re.search(r'width="([0-9.]+)mm"', text).group(1))
    h = float(re.search(r'height="([0-9.]+)mm"', text).group(1))
    box = PdfReader(str(pdf)).pages[0].mediabox
    assert float(box.width) == pytest.approx(w * PT_PER_MM, abs=0.01)
    assert float(box.height) == pytest.approx(h * PT_PER_MM, abs=0.01)


def test_the_picture_shows_every_tile_follower_token_and_annotation():
    loaded = formats.load(FIGURE)
    pos, marks = loaded.position, loaded.marks
    assert marks.tunnels == joined(pos) and marks.features and marks.labels and marks.caption
    doc = art.diagram(pos, THEME, title=loaded.title, marks=marks)
    page = doc.pages[0]
    uses, texts = [], []

    def walk(items):
        for it in items:
            if isinstance(it, Use):
                uses.append(it)
            elif isinstance(it, Group):
                walk(it.items)
            elif isinstance(it, Text):
                texts.append(it.text)

    walk(page.items)
    assert len(uses) == len(pos.board)
    assert {s.name for s in doc.symbols} == {art.tile_symbol_name(p.tile.tile.name, picture._bleed_units(
        picture.frame_for(set(pos.board), None, coords=False))) for p in pos.board.values()}
    assert texts.count("A") >= 2  # the red set's two tokens on the board carry its letter
    assert any(marks.caption in t for t in texts) or any(t and t in marks.caption for t in texts)
    assert "1" in texts and "2" in texts


def test_crop_keeps_the_tiles_and_coords_write_every_cell(tmp_path):
    loaded = formats.load(FIGURE)
    pos = loaded.position
    whole = picture.shown_cells(pos, loaded.marks, crop=False)
    cropped = picture.shown_cells(pos, loaded.marks, crop=True)
    assert cropped == set(pos.board) and whole == set(pos.board) | set(pos.frontier)
    small = art.diagram(pos, THEME, crop=True, panel=False, tile=20).pages[0]
    big = art.diagram(pos, THEME, crop=False, panel=False, tile=20).pages[0]
    assert small.width < big.width and small.height < big.height
    with_coords = art.diagram(pos, THEME, crop=True, panel=False, coords=True, tile=20).pages[0]

    def texts(page):
        found = []

        def walk(items):
            for it in items:
                if isinstance(it, Group):
                    walk(it.items)
                elif isinstance(it, Text):
                    found.append(it.text)

        walk(page.items)
        return found

    assert {f"{x},{y}" for x, y in pos.board} <= set(texts(with_coords))


def test_a_whole_games_end_draws_every_tile(tmp_path):
    game = play_game(("red", "green"), ("greedy", "greedy"), 3)
    f = tmp_path / "end.yaml"
    f.write_text(formats.dumps(game.final, title="The end of a game"))
    out = tmp_path / "end.pdf"
    result = run("render", f, "-o", out)
    assert result.exit_code == 0, result.output
    assert len(PdfReader(str(out)).pages) == 1
    doc = art.diagram(game.final, THEME, marks=None)
    assert len(_all(doc.pages[0].items, Use)) == len(game.final.board)


def test_a_record_is_refused_and_the_template_must_print_the_words(tmp_path):
    record = min(f for f in EXAMPLES.glob("*.yaml") if "actions" in yaml.safe_load(f.read_text()))
    result = run("render", record, "-o", tmp_path / "r.svg")
    assert result.exit_code == 2 and "a Der Tunnel record" in result.output
    f = tmp_path / "j.yaml"
    f.write_text('game: tunnel\ntitle: "\u65e5\u672c"\nboard: {"0,0": D@0}\n')
    result = run("render", f, "-o", tmp_path / "j.svg")
    assert result.exit_code == 2 and ":2:" in result.output and "(font)" in result.output
    assert not (tmp_path / "j.svg").exists()


def test_bad_annotations_are_told_at_their_lines_with_their_rules(tmp_path):
    f = tmp_path / "a.yaml"
    f.write_text(
        'game: tunnel\n'
        'board: {"0,0": D@0, "1,0": TU-B@0}\n'
        'tunnels: {red: ["1,0:E"]}\n'
        'annotations:\n'
        '  features: ["0,0 road:N", "5,5 road:E"]\n'
        '  tunnels: ["1,0:E", "0,0:E"]\n'
        '  labels: {"9,9": x}\n'
        '  tiles: ["4,4"]\n')
    result = run("validate", f)
    assert result.exit_code == 1
    out = result.output
    for line, rule in ((5, "TG4"), (6, "TU4"), (6, "TU1"), (7, "TG4"), (8, "TG4")):
        assert re.search(rf":{line}:\d+: .*\({rule}\)", out), (line, rule, out)
    assert out.count("(TG4)") == 4


def test_a_named_tunnel_to_come_and_every_joined_tunnel_are_drawn():
    loaded = formats.load(FIGURE)
    pos = loaded.position
    ((a, b),) = joined(pos)
    arrow = picture.tunnel_arrow(THEME, pos, picture.frame_for(set(pos.board), 20.0, coords=False), a, b)
    assert len(arrow) == 3 and all(isinstance(i, ScenePath) for i in arrow)


def test_every_shipped_tunnel_position_draws(tmp_path):
    for f in sorted(EXAMPLES.glob("*.yaml")):
        if "actions" in yaml.safe_load(f.read_text()):
            continue
        out = tmp_path / (f.stem + ".svg")
        result = run("render", f, "-o", out)
        assert result.exit_code == 0, (f, result.output)
        assert "<svg" in out.read_text()[:600]


def _all(items, kind):
    """Every item of ``kind`` among ``items`` and inside their groups."""
    found = []
    for it in items:
        if isinstance(it, Group):
            found += _all(it.items, kind)
        elif isinstance(it, kind):
            found.append(it)
    return found


@pytest.mark.parametrize("players, variants", [(5, ()), (2, ("TV3",)), (3, ("TV2",))])
def test_the_panel_fits_the_page_for_any_number_of_players_and_sets(players, variants):
    from sectionx.games.tunnel.rules import new_game
    from sectionx.render.scene import bounds

    pos = new_game(players, variants=variants, seed=1)
    page = art.diagram(pos, THEME).pages[0]
    left, top, right, bottom = bounds(page.items, {})
    assert left >= 0 and top >= 0 and right <= page.width and bottom <= page.height
