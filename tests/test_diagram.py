"""State diagrams (render/diagram.py, ``sectionx render``) and annotations (A1).

Pictures are checked by reading the SVG back: where each tile symbol is placed
and how it is turned, how many prisoner tokens each colour has, how far apart
tokens stand, what the crop keeps.  A golden SVG guards against unnoticed
changes (regenerate with ``SECTIONX_REGEN=1``).
"""

from __future__ import annotations

import itertools
import math
import os
import re
import string
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from dataclasses import replace
from io import BytesIO
from pathlib import Path

import jsonschema
import pypdf
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.errors import SectionXError
from sectionx.games.sectionx import checking, formats
from sectionx.games.sectionx.manual import RULEBOOK
from sectionx.games.sectionx.model import (
    ANNOTATION_COLOURS,
    DEAD,
    ISLAND,
    PRISONERS,
    Annotations,
    Arrow,
    FeatureKind,
    Highlight,
    Placed,
    PlaceKind,
    PlayerState,
    Scenario,
    Spot,
    tile_place,
)
from sectionx.games.sectionx.render.art import TileArt, token_stroke
from sectionx.games.sectionx.render.diagram import PRISONER, diagram, plan
from sectionx.hexgrid import Cell
from sectionx.render import scene
from sectionx.render.fonts import text_width
from sectionx.render.geometry import blob_gap
from sectionx.render.scene import MM_PER_PT, Circle, Group, Text, Use, apply, compose
from sectionx.render.svg import to_svg
from sectionx.render.theme import default_theme
from sectionx.yamlsrc import schema

from .strategies import states

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))
RULES = sorted(RULEBOOK.figures.glob("*.yaml"))
GOLDEN = ROOT / "tests" / "golden" / "diagram-figure-tunnel-fight.svg"
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
THEME = default_theme()
F = THEME.tile
runner = CliRunner()


def svg_of(scenario, **options) -> str:
    doc = diagram(scenario, THEME, **options)
    assert len(doc.pages) == 1
    return to_svg(doc.pages[0], doc.symbol_map, THEME)


def matrix(transform: str) -> tuple[float, ...]:
    m = re.fullmatch(r"matrix\(([^)]*)\)", transform)
    assert m, transform
    return tuple(float(v) for v in m.group(1).split())


def uses(text: str, prefix: str) -> list[tuple[str, tuple[float, ...]]]:
    """(symbol id, matrix) of every <use> of a symbol whose id starts with ``prefix``.
    Only page-level uses count: none of the diagram's board uses sits in a transformed group."""
    root = ET.fromstring(text)
    out = []
    for el in root.iter(f"{SVG}use"):
        ident = el.get(XLINK)[1:]
        if ident.startswith(prefix):
            out.append((ident, matrix(el.get("transform", "matrix(1 0 0 1 0 0)"))))
    return out


def texts(text: str) -> list[tuple[str, float, float]]:
    root = ET.fromstring(text)
    return [(el.text or "", float(el.get("x")), float(el.get("y"))) for el in root.iter(f"{SVG}text")]


def load(path: Path) -> Scenario:
    return formats.load(path).scenario


# ------------------------------------------------------------------ tiles, prisoners, tokens


#: Worked out by hand for 40 mm tiles: neighbours in a row lie 40 mm apart, rows
#: 40 * sqrt(3) / 2 = 34.641 mm apart, each row shifted 20 mm per step of r.
ROW = 34.641
#: A turn of k steps is 60k degrees clockwise on the page (G1; y grows down):
#: matrix(cos, sin, -sin, cos), with cos 60 = 0.5 and sin 60 = 0.866.
TURNS = {0: (1, 0, 0, 1), 1: (0.5, 0.866, -0.866, 0.5), 2: (-0.5, 0.866, -0.866, -0.5),
         3: (-1, 0, 0, -1), 4: (-0.5, -0.866, 0.866, -0.5), 5: (0.5, -0.866, 0.866, 0.5)}


def test_tiles_sit_where_worked_out_by_hand():
    """The tunnel fight on the whole standard board, untitled.  Cell 0,0 lies at
    x = margin 10 + frame 4 (0.08 + 0.02 of 40) + 5 cells * 40 + 20 (half a tile) = 234,
    y = 10 + 4 + 5 rows * 34.641 + 23.094 (centre to corner, 40 / sqrt 3) = 210.299."""
    scenario = load(ROOT / "scenarios" / "figure-tunnel-fight.yaml")
    found = {(round(m[4], 3), round(m[5], 3)): (ident, tuple(round(v, 3) for v in m[:4]))
             for ident, m in uses(svg_of(scenario.state), "sym-tile-")}
    assert found == {
        (314.0, 210.299): ("sym-tile-t03", TURNS[0]),  # 2,0: T01
        (354.0, 210.299): ("sym-tile-t03", TURNS[0]),  # 3,0: T02
        (374.0, 175.658): ("sym-tile-t03", TURNS[1]),  # 4,-1: T03@1, 60 degrees clockwise
        (354.0, 141.017): ("sym-tile-t03", TURNS[1]),  # 4,-2: T04@1
    }


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_tiles_sit_on_the_hex_lattice_turned_60_degrees_per_step(path):
    """Every tile of every scenario: one tile symbol per tile, at 40 mm steps along a row
    and ROW between rows from the others, turned as TURNS says."""
    scenario = load(path)
    state = scenario.state
    placements = uses(svg_of(scenario), "sym-tile-")
    assert len(placements) == len(state.tiles)
    if not state.tiles:
        return
    first = state.tiles[0][0]

    def at(anchor, cell):
        """Where ``cell``'s tile lies if ``anchor`` is the first tile's placement."""
        return (anchor[4] + 40 * (cell.q - first.q + (cell.r - first.r) / 2), anchor[5] + ROW * (cell.r - first.r))

    # Which placement is the first tile's is not known: one of them must make every tile fit.
    for _, anchor in placements:
        matched = {}
        for cell, tile in state.tiles:
            near = [m for _, m in placements if math.dist((m[4], m[5]), at(anchor, cell)) < 0.01]
            if len(near) != 1:
                break
            matched[cell] = (near[0], tile.rotation)
        else:
            break
    else:
        pytest.fail("the tiles do not lie on a hex lattice of 40 mm in their cells' pattern")
    for cell, (m, rotation) in matched.items():
        assert tuple(round(v, 3) for v in m[:4]) == TURNS[rotation], cell


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_prisoner_on_the_board_appears_exactly_once(path):
    """Tile and green prisoners are one token each; a colour's island prisoners are one
    token in its cell block with the count beside it (×N)."""
    scenario = load(path)
    text = svg_of(scenario)
    tokens = uses(text, "sym-prisoner-")
    per_colour = Counter(ident.split("-")[2] for ident, _ in tokens)
    island = {}
    for p in scenario.state.players:
        on_board = p.count(PlaceKind.TILE) + p.count(PlaceKind.GREEN)
        island[p.colour.value] = p.count(PlaceKind.ISLAND)
        assert per_colour[p.colour.value] == on_board + (1 if island[p.colour.value] else 0), p.colour
    counts = [(t, x, y) for t, x, y in texts(text) if t.startswith("×")]
    shown = {}
    for t, x, y in counts:
        # The count belongs to the nearest token, just left of it.
        ident, _m = min(tokens, key=lambda u: math.dist((u[1][4], u[1][5]), (x, y)))
        shown[ident.split("-")[2]] = int(t[1:])
    assert shown == {c: n for c, n in island.items() if n}


def prisoner_points(text: str) -> list[tuple[float, float]]:
    return [(m[4], m[5]) for _, m in uses(text, "sym-prisoner-")]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_no_two_prisoner_tokens_overlap(path):
    points = prisoner_points(svg_of(load(path)))
    for p, q in itertools.combinations(points, 2):
        assert math.dist(p, q) >= PRISONER * F * 0.95, (p, q)


@pytest.mark.parametrize("rotation", range(6))
def test_two_prisoners_in_a_hideout_lie_inside_its_chamber(rotation):
    """T2: a hideout holds two.  Both tokens, outline and all, lie on the chamber's pale
    floor (inside its dark rim) and apart from each other, on every hideout tile turned
    every way; one token alone lies inside it too."""
    base = formats.loads("players: [red, blue, yellow, purple]").state
    art = TileArt(THEME)
    hideouts = [t for t in base.catalogue.tiles if t.has_hideout()]
    cells = [c for c in base.board.sorted_tile_cells if c.q % 2 == 0 and c.r % 2 == 0]
    tiles, places = [], defaultdict(list)
    for i, tile in enumerate(hideouts):
        feature = next(k for k, f in enumerate(tile.features) if f.kind is FeatureKind.HIDEOUT)
        tiles.append((cells[i], Placed(tile.id, rotation)))
        places[i % 2].append(tile_place(cells[i], feature))
        if i % 3:  # every third hideout holds one prisoner only
            places[2 + i % 2].append(tile_place(cells[i], feature))
    assert all(len(mine) <= PRISONERS for mine in places.values())
    players = tuple(PlayerState(p.colour, tuple(sorted(places[k] + [ISLAND] * (PRISONERS - len(places[k])))))
                    for k, p in enumerate(base.players))
    state = base.replace(tiles=tuple(sorted(tiles)), players=players)
    layout = plan(state, THEME).layout
    tokens = uses(svg_of(state), "sym-prisoner-")
    for i, tile in enumerate(hideouts):
        centre = layout.centre(cells[i])  # a hideout's chamber is the middle of its tile
        mine = [(float(ident.rsplit("-", 1)[1]) / 2, (m[4], m[5])) for ident, m in tokens
                if math.dist((m[4], m[5]), centre) < F / 2]
        assert len(mine) == (2 if i % 3 else 1), tile.id
        for r, p in mine:
            reach = math.dist(p, centre) + r + token_stroke(2 * r) / 2
            assert reach <= art.chamber_r + 1e-3, (tile.id, rotation, reach, art.chamber_r)
        if len(mine) == 2:
            (ra, a), (rb, b) = mine
            assert math.dist(a, b) > ra + rb + token_stroke(2 * ra), (tile.id, rotation)


def test_full_hideout_and_three_tunnels_on_one_tile_stay_apart():
    """T2: two tokens in a hideout, three on a three-tunnel tile; also every tile of the
    set with every feature full, each turned differently."""
    text = svg_of(load(ROOT / "scenarios" / "figure-capacity.yaml"))
    layout = plan(load(ROOT / "scenarios" / "figure-capacity.yaml").state, THEME).layout
    points = prisoner_points(text)
    on = defaultdict(list)
    for p in points:
        for cell in (Cell(2, -2), Cell(0, 2)):
            if math.dist(p, layout.centre(cell)) < F / 2:
                on[cell].append(p)
    assert len(on[Cell(2, -2)]) == 3 and len(on[Cell(0, 2)]) == 2

    base = formats.loads("players: [red, blue, yellow, purple]").state
    catalogue = base.catalogue
    crowded = {}
    for tile in catalogue.tiles:
        key = tile.features
        if len(tile.features) > 1 or tile.has_hideout():
            crowded.setdefault(key, tile)
    cells = [c for c in base.board.sorted_tile_cells if c.q % 2 == 0 and c.r % 2 == 0]
    tiles, places = [], []
    for i, tile in enumerate(crowded.values()):
        cell = cells[i]
        tiles.append((cell, Placed(tile.id, i % 6)))
        for f, feature in enumerate(tile.features):
            places += [tile_place(cell, f)] * feature.capacity
    players = []
    for k, p in enumerate(base.players):
        mine = places[k::4][:PRISONERS]
        players.append(PlayerState(p.colour, tuple(sorted(mine + [ISLAND] * (PRISONERS - len(mine))))))
    assert len(places) <= 4 * PRISONERS
    state = base.replace(tiles=tuple(sorted(tiles)), players=tuple(players))
    points = prisoner_points(svg_of(state))
    assert len(points) == len(places) + sum(1 for p in players if p.count(PlaceKind.ISLAND))
    for p, q in itertools.combinations(points, 2):
        assert math.dist(p, q) >= PRISONER * F * 0.95


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states(max_tiles=12), st.booleans())
def test_random_positions_draw_every_prisoner_once_and_apart(state, crop):
    text = svg_of(state, crop=crop, panel=True)
    ET.fromstring(text)
    tokens = Counter(ident.split("-")[2] for ident, _ in uses(text, "sym-prisoner-"))
    for p in state.players:
        want = p.count(PlaceKind.TILE) + p.count(PlaceKind.GREEN) + (1 if p.count(PlaceKind.ISLAND) else 0)
        assert tokens[p.colour.value] == want
    for a, b in itertools.combinations(prisoner_points(text), 2):
        assert math.dist(a, b) >= PRISONER * F * 0.95
    if crop:
        assert_tokens_inside_the_crop(text)


# ------------------------------------------------------------------ doors and the prisoners they share a feature with


def door_pass(rotation: int, which: int | None):
    """Every tile of the set on its own cell of the standard board, turned ``rotation``
    steps, every feature full of red prisoners, and a red door on the ``which``-th
    door-taking feature of each tile (D2: tunnels and dead ends), or on all of them
    (``None``).  Red alone carries everything: the renderer draws what it is given,
    and the state is only a carrier for as many placements as possible per picture."""
    base = formats.loads("players: [red, blue, yellow, purple]").state
    cells = base.board.sorted_tile_cells
    tiles, places, doors = [], [], []
    for cell, tile in zip(cells, base.catalogue.tiles):
        tiles.append((cell, Placed(tile.id, rotation)))
        takes = [k for k, f in enumerate(tile.features) if f.kind.takes_door]
        chosen = takes if which is None else takes[which:which + 1]
        doors += [Spot(cell, k) for k in chosen]
        for k, f in enumerate(tile.features):
            places += [tile_place(cell, k)] * f.capacity
    red = PlayerState(base.players[0].colour, tuple(sorted(places)), (), tuple(sorted(doors)))
    return base.replace(tiles=tuple(sorted(tiles)), players=(red, *base.players[1:])), len(doors)


def rect_disc_gap(m, length: float, depth: float, p) -> float:
    """Distance from point ``p`` to the door rectangle placed by ``m`` (0 inside)."""
    a, b, c, d, e, f = m
    dx, dy = p[0] - e, p[1] - f
    det = a * d - b * c
    x, y = (d * dx - c * dy) / det, (-b * dx + a * dy) / det  # p in the door's own frame
    return math.hypot(max(0.0, abs(x) - length / 2), max(0.0, abs(y) - depth / 2))


@pytest.mark.parametrize("rotation", range(6))
def test_a_door_and_the_prisoners_on_its_tile_never_overlap_and_the_door_stays_inside(rotation):
    """D2: a door stands on a tunnel or dead end, often with its owner's prisoner on the
    same feature.  For every tile, every turn and every door-taking feature: the door's
    corners lie inside the tile's hexagon, and no prisoner token on the tile touches
    it: centres more than (token radius + half the door's depth) * 0.95 apart, and the
    token's disc clear of the door's rectangle."""
    for which in (None, 0, 1, 2):
        state, count = door_pass(rotation, which)
        if not count:
            continue
        layout = plan(state, THEME).layout
        text = svg_of(state)
        doors = uses(text, "sym-door-")
        assert len(doors) == count
        tokens = uses(text, "sym-prisoner-")
        radius = float(tokens[0][0].rsplit("-", 1)[1]) / 2
        for ident, m in doors:
            length, depth = (float(v) for v in ident.rsplit("-", 1)[1].split("x"))
            cell = min((c for c, _ in state.tiles), key=lambda c: math.dist(layout.centre(c), (m[4], m[5])))
            corners = layout.corners(cell)
            for sx, sy in ((1, 1), (1, -1), (-1, -1), (-1, 1)):
                x, y = apply(m, (sx * length / 2, sy * depth / 2))
                for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1]):
                    assert (bx - ax) * (y - ay) - (by - ay) * (x - ax) >= -1e-6, (state.tile_type(cell).id, rotation, cell)
            mine = [(t[4], t[5]) for _, t in tokens if math.dist((t[4], t[5]), layout.centre(cell)) < F / 2]
            assert mine, cell
            for p in mine:
                where = (state.tile_type(cell).id, rotation, which)
                assert math.dist(p, (m[4], m[5])) > (radius + depth / 2) * 0.95, where
                assert rect_disc_gap(m, length, depth, p) > radius, where


# ------------------------------------------------------------------ crop, coordinates, determinism


def clip_rect(text: str) -> tuple[float, float, float, float]:
    root = ET.fromstring(text)
    board = next(el for el in root.iter(f"{SVG}g") if el.get("id") == "board")
    ident = re.fullmatch(r"url\(#(.*)\)", board.get("clip-path")).group(1)
    clip = next(el for el in root.iter(f"{SVG}clipPath") if el.get("id") == ident)
    numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", clip.find(f"{SVG}path").get("d"))]
    xs, ys = numbers[0::2], numbers[1::2]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("path", [p for p in SCENARIOS if load(p).state.tiles], ids=lambda p: p.stem)
def test_crop_keeps_every_tile_and_annotation_and_is_smaller(path):
    scenario = load(path)
    whole = diagram(scenario, THEME).pages[0]
    cropped_doc = diagram(scenario, THEME, crop=True)
    cropped = cropped_doc.pages[0]
    assert cropped.width * cropped.height < whole.width * whole.height
    text = to_svg(cropped, cropped_doc.symbol_map, THEME)
    left, top, right, bottom = clip_rect(text)
    assert 0 <= left < right <= cropped.width and 0 <= top < bottom <= cropped.height
    layout = plan(scenario.state, THEME, crop=True, annotations=scenario.annotations, title=scenario.title).layout
    wanted = {c for c, _ in scenario.state.tiles} | set(scenario.annotations.cells())
    claimed = {name for name, _ in scenario.state.zones}  # a claimed zone's ring is shown whole (Z1)
    wanted |= {c for z in scenario.state.board.zones if z.name in claimed for c in z.cells}
    for cell in wanted:
        for x, y in layout.corners(cell):
            assert left - 1e-3 <= x <= right + 1e-3 and top - 1e-3 <= y <= bottom + 1e-3, cell  # the file keeps 3 decimals
    for _, m in uses(text, "sym-tile-"):
        assert left <= m[4] <= right and top <= m[5] <= bottom
    assert_tokens_inside_the_crop(text)
    shown = {t for t, _, _ in texts(text)}
    assert {label for _, label in scenario.annotations.labels} <= shown


def assert_tokens_inside_the_crop(text: str) -> None:
    """Every prisoner token's whole disc (outline included) lies inside the crop's clip,
    and so does every island count (×N) beside one."""
    left, top, right, bottom = clip_rect(text)
    for ident, m in uses(text, "sym-prisoner-"):
        r = float(ident.rsplit("-", 1)[1]) / 2 * 1.03 + 0.125  # the outline: 3 % of the diameter, 0.25 mm at least
        x, y = m[4], m[5]
        assert left <= x - r and x + r <= right and top <= y - r and y + r <= bottom, (ident, x, y)
    for el in ET.fromstring(text).iter(f"{SVG}text"):
        if (el.text or "").startswith("×"):
            x, y, size = float(el.get("x")), float(el.get("y")), float(el.get("font-size"))
            width = text_width(el.text, size / MM_PER_PT, el.get("font-weight") == "bold", THEME)
            assert left <= x and x + width <= right and top <= y - size * 0.75 and y <= bottom, (el.text, x, y)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_crop_keeps_every_prisoner_token_whole(path):
    """--crop keeps the cell blocks of colours with prisoners on the island (their token
    and its ×N count) and of master-key holders, as well as everything on tiles."""
    assert_tokens_inside_the_crop(svg_of(load(path), crop=True))


@pytest.mark.parametrize("players", ["[red, blue, yellow]", "[red, blue]"], ids=["standard", "compact"])
def test_a_crop_never_cuts_the_island_or_a_free_zone(players):
    """With nobody on the island (every prisoner dead) the island is no cell that
    matters, but the rectangle round two labels may still reach over it: the crop then
    takes the island whole, and likewise each free zone, never a part of one."""
    state = formats.loads(f"players: {players}").state
    state = state.replace(players=tuple(PlayerState(p.colour, (DEAD,) * PRISONERS) for p in state.players))
    board = state.board
    wholes = [board.island] + [frozenset(z.cells) for z in board.zones]
    checked = 0
    for a, b in itertools.islice(itertools.combinations(sorted(board.cells), 2), 0, None, 7):
        shown = plan(state, THEME, crop=True, annotations=Annotations(labels=((a, "A"), (b, "B")))).shown
        assert shown is not None
        for cells in wholes:
            assert not shown & cells or cells <= shown, (a, b, sorted(cells - shown))
        checked += bool(shown & board.island)
    assert checked > 100


def test_a_long_title_widens_a_narrow_crop():
    state = formats.loads("players: [red, blue]").state
    state = state.replace(players=tuple(PlayerState(p.colour, (DEAD,) * PRISONERS) for p in state.players))
    scenario = Scenario(state, title="M4: going round a door through a free entrance, the long way",
                        annotations=Annotations(labels=((Cell(1, -4), "A"),)))
    page = plan(scenario.state, THEME, crop=True, annotations=scenario.annotations, title=scenario.title)
    size = page.title_size
    assert page.width >= 2 * page.margin + text_width(scenario.title, size, True, THEME)


def without_text(text: str) -> bytes:
    """The SVG with every <text> element removed (and layout whitespace ignored)."""
    root = ET.fromstring(text)
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag == f"{SVG}text":
                parent.remove(child)
    for el in root.iter():
        el.text = (el.text or "").strip() or None
        el.tail = None
    return ET.tostring(root)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_coordinates_add_text_and_nothing_else(path):
    scenario = load(path)
    plain, with_coords = svg_of(scenario), svg_of(scenario, coords=True)
    assert without_text(plain) == without_text(with_coords)
    added = Counter(t for t, _, _ in texts(with_coords)) - Counter(t for t, _, _ in texts(plain))
    # Island cells have none, as on the printed board: the cell blocks' walls run there.
    board = scenario.state.board
    assert set(added) == {f"{c.q},{c.r}" for c in board.cells - board.island}


def text_boxes(items, matrix=(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)):
    """(text, box) of every text among ``items``: its box (advance width, ascent 0.76 and
    descent 0.24 of the size) as a polygon on the page, turned with its group."""
    out = []
    for it in items:
        if isinstance(it, Group):
            out += text_boxes(it.items, compose(matrix, it.matrix))
        elif isinstance(it, Text):
            w = text_width(it.text, it.size, it.bold, THEME)
            left = it.x - {"start": 0.0, "middle": w / 2, "end": w}[it.anchor]
            top, bottom = it.y - it.size * MM_PER_PT * 0.76, it.y + it.size * MM_PER_PT * 0.24
            corners = ((left, top), (left + w, top), (left + w, bottom), (left, bottom))
            out.append((it.text, (tuple(apply(matrix, c) for c in corners), 0.0)))
    return out


COORDS = re.compile(r"-?\d+,-?\d+")


def assert_coordinates_clear(state) -> None:
    """No coordinate overlaps a tile id, a name printed on the board, or a claimed
    zone's mark; none is written on the island."""
    doc = diagram(state, THEME, coords=True)
    board = next(it for it in doc.pages[0].items if isinstance(it, Group) and it.label == "board")
    boxes = text_boxes(board.items)
    coords = [(t, box) for t, box in boxes if COORDS.fullmatch(t)]
    others = [(t, box) for t, box in boxes if not COORDS.fullmatch(t)]
    assert len(coords) == len(state.board.cells - state.board.island)
    ids = {placed.tile for _, placed in state.tiles}
    assert {t for t, _ in others} >= ids
    marks = [(((it.cx, it.cy),), it.r) for it in board.items if isinstance(it, Circle) and it.r == pytest.approx(F * 0.08)]
    assert len(marks) == sum(len(z.cells) for z in state.board.zones if z.name in dict(state.zones))
    for text, box in coords:
        for other, obstacle in others + [("mark", m) for m in marks]:
            assert blob_gap(box, obstacle) > 0, (text, other)


@pytest.mark.parametrize("path", SCENARIOS + RULES, ids=lambda p: p.stem)
def test_coordinates_keep_clear_of_tile_ids_and_the_boards_names(path):
    assert_coordinates_clear(load(path).state)


@pytest.mark.parametrize("rotation", range(6))
def test_coordinates_keep_clear_of_the_id_of_every_tile_turned_every_way(rotation):
    """Every tile of the set, turned ``rotation`` steps, full of prisoners with doors on:
    its id (upright, in the corner the turn takes it to) and the cell's coordinates
    never meet."""
    state, _ = door_pass(rotation, None)
    assert_coordinates_clear(state)


@pytest.mark.parametrize("tile", [40.0, 20.0])
def test_the_boards_small_print_is_readable_in_a_diagram(tile):
    """CELL BLOCK (4 pt at 40 mm tiles) and ISLAND (3.6 pt) were the smallest print of a
    figure, too small once the figure is set in a book: in a diagram no name on the
    board is smaller than FREE ZONE, 0.16 pt per mm of tile."""
    theme = THEME.with_tile(tile, pieces=False)
    scenario = load(RULEBOOK.figures / "master-key.yaml")
    doc = diagram(scenario, theme, crop=True)
    board = next(it for it in doc.pages[0].items if isinstance(it, Group) and it.label == "board")
    island = next(it for it in board.items if isinstance(it, Group) and it.label == "island")
    printed = [it for it in island.items if isinstance(it, Text)]
    printed += [it for it in board.items if isinstance(it, Text) and it.text == "FREE ZONE"]
    assert {t.text for t in printed} == {"CELL BLOCK", "ISLAND", "FREE ZONE"}
    for t in printed:
        assert t.size >= 0.16 * tile - 1e-9, (t.text, t.size)


def test_an_island_token_hides_the_symbol_printed_under_it():
    """The disc under a colour's island token covers the block's printed symbol, its
    corners and outline too (the triangle's corners showed beside yellow's token)."""
    from sectionx.games.sectionx.render.board import block_tint

    state = formats.loads("players: [red, blue, yellow, purple]").state
    doc = diagram(state, THEME)
    board = next(it for it in doc.pages[0].items if isinstance(it, Group) and it.label == "board")
    island = next(it for it in board.items if isinstance(it, Group) and it.label == "island")
    for p in state.players:
        symbol = next(it for it in island.items if isinstance(it, (scene.Path, Circle)) and it.style.fill == THEME.player(p.colour))
        cover = next(it for it in board.items if isinstance(it, Circle) and it.style.fill == block_tint(THEME, p.colour))
        points = list(symbol.points()) if isinstance(symbol, scene.Path) else [
            (symbol.cx + symbol.r * math.cos(a / 8 * math.pi), symbol.cy + symbol.r * math.sin(a / 8 * math.pi)) for a in range(16)]
        for q in points:
            assert math.dist(q, (cover.cx, cover.cy)) + symbol.style.width / 2 < cover.r - 0.1, p.colour  # 0.1 mm to spare


def test_tile_ids_stand_upright_on_turned_tiles():
    """A tile turned upside down keeps its id readable ("T16", not "91T"): the id goes
    to the corner the turn takes it to, upright."""
    state, _ = door_pass(3, None)
    doc = diagram(state, THEME)
    ids = {placed.tile for _, placed in state.tiles}
    boxes = [box for t, box in text_boxes(doc.pages[0].items) if t in ids]
    assert len(boxes) == len(ids)
    for (a, b, _c, d), _ in boxes:
        assert a[1] == pytest.approx(b[1]) and a[0] < b[0] and a[1] < d[1]  # top edge level, left to right


def test_diagram_is_deterministic_and_draws_a_state_as_well():
    scenario = load(ROOT / "scenarios" / "midgame-4p.yaml")
    options = {"crop": True, "coords": True, "panel": True}
    assert svg_of(scenario, **options) == svg_of(scenario, **options)
    # A bare state draws what its scenario draws without title and annotations.
    assert svg_of(scenario.state) == svg_of(Scenario(scenario.state))
    assert uses(svg_of(scenario.state), "sym-tile-") == uses(svg_of(replace(scenario, title="")), "sym-tile-")


def test_panel_shows_hands_counts_and_stacks():
    scenario = load(ROOT / "scenarios" / "midgame-4p.yaml")
    shown = {t for t, _, _ in texts(svg_of(scenario, panel=True))}
    for p in scenario.state.players:
        assert set(p.hand) <= shown
        assert f"freed {p.freed} · dead {p.count(PlaceKind.DEAD)} · island {p.count(PlaceKind.ISLAND)}" in shown
    assert {f"{i + 1}: {len(s)} tiles" for i, s in enumerate(scenario.state.stacks)} <= shown
    # Advanced game (V2): the stacks lie face up, so their top tiles are drawn.
    advanced = Scenario(scenario.state.replace(advanced=True))
    shown = {t for t, _, _ in texts(svg_of(advanced, panel=True))}
    assert {f"{i + 1}: {s[0]} +{len(s) - 1}" for i, s in enumerate(scenario.state.stacks)} <= shown


def test_a_stack_of_one_tile_says_tile():
    scenario = load(ROOT / "scenarios" / "midgame-4p.yaml")
    stacks = scenario.state.stacks
    state = scenario.state.replace(stacks=((stacks[0][0],), *stacks[1:]))
    shown = {t for t, _, _ in texts(svg_of(state, panel=True))}
    assert "1: 1 tile" in shown and "1: 1 tiles" not in shown


def test_explicit_annotations_replace_the_scenarios():
    scenario = load(ROOT / "scenarios" / "figure-tunnel-fight.yaml")
    mine = Annotations(labels=((Cell(1, -1), "Z"),))
    shown = {t for t, _, _ in texts(to_svg(*_page(diagram(scenario, THEME, annotations=mine))))}
    assert "Z" in shown and "A" not in shown and "B" not in shown


def _page(doc):
    return doc.pages[0], doc.symbol_map, THEME


def test_golden_svg():
    """The SVG of one small figure, byte for byte (SECTIONX_REGEN=1 rewrites it)."""
    scenario = load(ROOT / "scenarios" / "figure-tunnel-fight.yaml")
    theme = THEME.with_tile(20, pieces=False)  # diagrams scale their tokens with the tile
    doc = diagram(scenario, theme, crop=True)
    text = to_svg(doc.pages[0], doc.symbol_map, theme)
    if os.environ.get("SECTIONX_REGEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8"), "diagram SVG changed; check it and rerun with SECTIONX_REGEN=1"


# ------------------------------------------------------------------ annotations in the format (A1)


boards = {name: formats.bundled_board(name) for name in ("standard", "compact")}
label_text = st.text(alphabet=string.ascii_letters + string.digits + "-×?!", min_size=1, max_size=12)
ink = st.none() | st.sampled_from(ANNOTATION_COLOURS)


@st.composite
def annotated(draw):
    name = draw(st.sampled_from(sorted(boards)))
    cells = st.sampled_from(sorted(boards[name].cells))
    labels = draw(st.dictionaries(cells, label_text, max_size=5))
    arrows = draw(st.lists(st.builds(Arrow, st.lists(cells, min_size=2, max_size=6).map(tuple), ink), max_size=4))
    highlights = draw(st.lists(st.builds(Highlight, cells, ink), max_size=4))
    caption = draw(st.text(alphabet=string.ascii_letters + " .,;:()'-", max_size=120).map(str.strip))
    return name, Annotations(tuple(labels.items()), tuple(arrows), tuple(highlights), caption)


@pytest.mark.slow  # 30-85 s: in CI's second step (pytest -m slow)
@settings(max_examples=60, deadline=None)
@given(annotated())
def test_annotations_round_trip_through_the_format(example):
    board, annotations = example
    players = "[red, blue]" if board == "compact" else "[red, blue, yellow]"
    state = formats.loads(f"players: {players}").state
    scenario = Scenario(state, annotations=annotations)
    text = formats.dumps(scenario)
    jsonschema.validate(yaml.safe_load(text), schema())
    again = formats.loads(text).scenario
    assert again.annotations == annotations
    assert formats.dumps(again) == text
    assert checking.check_annotations(again) == []


def test_a_number_may_be_a_label_and_reads_as_text():
    loaded = formats.loads('players: [red, blue]\nannotations: {labels: {"2,0": 1}}')
    assert loaded.scenario.annotations.labels == ((Cell(2, 0), "1"),)


OFF_BOARD = """\
players: [red, blue]
annotations:
  labels:
    "2,0": A
    "9,0": B
  arrows:
    - ["1,0", "2,0"]
    - {path: ["2,0", "6,0"], colour: blue}
  highlights:
    - "3,0"
    - {cell: "-7,2", colour: highlight}
    - "0,-5"
"""


def test_annotation_cells_off_the_board_are_refused_at_their_line(tmp_path):
    path = tmp_path / "off.yaml"
    path.write_text(OFF_BOARD)
    report = checking.check_file(path)
    found = sorted((d.line, d.column, d.rule) for d in report.diagnostics)
    assert found == [(5, 5, "A1"), (8, 22, "A1"), (11, 14, "A1"), (12, 7, "A1")]
    assert all(str(d).startswith(f"{path}:") for d in report.diagnostics)
    # The same marks on the board are fine (compact board: radius 4).
    on_board = OFF_BOARD.replace('"9,0"', '"4,0"').replace('"6,0"', '"3,1"').replace('"-7,2"', '"-2,2"').replace('"0,-5"', '"0,-4"')
    path.write_text(on_board)
    assert checking.check_file(path).ok


@pytest.mark.parametrize("bad, words", [
    ('labels: {"2,0": "much too long a label"}', "longer than 12"),
    ('arrows: [["2,0"]]', "at least 2"),
    ('arrows: [{path: ["1,0", "2,0"], colour: green}]', "expected one of"),
    ('highlights: [two]', "write a highlight"),
    ('labels: {here: A}', "write the cell as q,r"),
])
def test_malformed_annotations_are_format_errors(bad, words):
    with pytest.raises(formats.LoadError) as info:
        formats.loads(f"players: [red, blue]\nannotations: {{{bad}}}\n")
    assert words in str(info.value)


# ------------------------------------------------------------------ labels


def label_pills(text: str) -> list[tuple[str, float, float, float, float]]:
    """(label, left, right, text width, font size in mm) of every label: a <text>
    drawn right after its pill, a closed <path>."""
    out = []
    for parent in ET.fromstring(text).iter():
        kids = list(parent)
        for pill, el in itertools.pairwise(kids):
            if (el.tag == f"{SVG}text" and pill.tag == f"{SVG}path" and pill.get("d", "").endswith("Z")
                    and pill.get("fill") == THEME.colours["paper"]):
                xs = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", pill.get("d"))[0::2]]
                size = float(el.get("font-size"))
                out.append((el.text, min(xs), max(xs), text_width(el.text, size / MM_PER_PT, True, THEME), size))
    return out


WIDE = ["WWWWWWWWWWWW", "MMMMMMMMMMMM", "%%%%%%%%%%%%", "Gefängnis 12", "A", "12"]


@settings(max_examples=30, deadline=None)
@given(st.lists(label_text, min_size=1, max_size=6, unique=True), st.sampled_from(WIDE))
def test_a_label_pill_stays_narrower_than_its_cell(words, wide):
    """Labels may hold 12 characters; a long one is set smaller so that its pill is at
    most 0.85 of a tile wide and stays within its cell's width, also when it steps
    aside from a prisoner token."""
    scenario = load(ROOT / "scenarios" / "midgame-4p.yaml")
    cells = [Cell(2, 0), Cell(3, -3), Cell(0, 3), Cell(-3, 0), Cell(1, 2), Cell(4, 0), Cell(-2, 4)]
    labels = tuple(zip(cells, [wide, *(w for w in words if w != wide)]))
    layout = plan(scenario.state, THEME, annotations=Annotations(labels=labels), title=scenario.title).layout
    pills = label_pills(svg_of(replace(scenario, annotations=Annotations(labels=labels))))
    assert sorted(p[0] for p in pills) == sorted(t for _, t in labels)
    where = {t: c for c, t in labels}
    for label, left, right, width, _ in pills:
        cell = where[label]
        assert right - left < 0.86 * F, label
        assert width < right - left, label  # the text fits its pill
        cx = layout.centre(cell)[0]
        assert cx - F / 2 - 1e-6 <= left and right <= cx + F / 2 + 1e-6, (label, cell)


def test_a_wide_label_stepping_aside_stays_inside_its_cell():
    """A wide label on a cell with a prisoner steps to a corner; at the top or bottom
    corner a wide pill would stick out of its cell over the neighbours (and out of a
    crop at the board's edge), so it takes a corner where it stays inside."""
    scenario = load(ROOT / "scenarios" / "midgame-4p.yaml")
    state = scenario.state
    occupied = sorted({pl.at for p in state.players for pl in p.prisoners if pl.kind is PlaceKind.TILE})
    labels = tuple((cell, WIDE[i % 3]) for i, cell in enumerate(occupied))
    doc = diagram(replace(scenario, annotations=Annotations(labels=labels)), THEME)
    layout = plan(state, THEME, annotations=Annotations(labels=labels), title=scenario.title).layout
    _, marks = heads_and_marks(doc, state)
    pills = [m for m in marks if len(m[0]) == 2]
    assert len(pills) == len(labels)
    for (a, b), reach in pills:
        r = reach - F * 0.01  # the pill itself; its outline may lie on the cell's edge
        cell = min(occupied, key=lambda c: math.dist(layout.centre(c), ((a[0] + b[0]) / 2, a[1])))
        hexagon = layout.corners(cell)
        outline = [(x + r * math.cos(t / 12 * math.pi), a[1] + r * math.sin(t / 12 * math.pi))
                   for x in (a[0], b[0]) for t in range(24)]
        for q in outline:
            for p0, p1 in zip(hexagon, hexagon[1:] + hexagon[:1], strict=True):
                assert (p1[0] - p0[0]) * (q[1] - p0[1]) - (p1[1] - p0[1]) * (q[0] - p0[0]) >= -1e-6, cell


def test_a_short_label_keeps_its_full_size():
    scenario = load(ROOT / "scenarios" / "figure-tunnel-fight.yaml")
    sizes = {label: size for label, *_, size in label_pills(svg_of(scenario))}
    assert sizes == {"A": round(F * 0.34 * MM_PER_PT, 3), "B": round(F * 0.34 * MM_PER_PT, 3)}


# ------------------------------------------------------------------ arrows


def heads_and_marks(doc, state) -> tuple[list, list]:
    """The arrowheads (each with its white casing) and what none may cover: label pills,
    the free zones' names, doors and prisoner tokens, all as blobs (diagram.blob_gap)."""
    board = next(it for it in doc.pages[0].items if isinstance(it, Group) and it.label == "board")
    paper, ink = THEME.colours["paper"], THEME.colours["ink"]
    zones = {z.name for z in state.board.zones}
    heads, marks = [], []
    for it in board.items:
        if isinstance(it, scene.Path) and it.style.fill == it.style.stroke == paper and len(it.commands) == 4:
            heads.append((tuple(it.points()), it.style.width / 2))
        elif isinstance(it, scene.Path) and it.style.fill == paper and it.style.stroke == ink:  # a label's pill
            xs, ys = zip(*it.points(), strict=True)
            h, y = max(ys) - min(ys), (max(ys) + min(ys)) / 2
            marks.append((((min(xs) + h / 2, y), (max(xs) - h / 2, y)), h / 2 + it.style.width / 2))
        elif isinstance(it, Text) and it.text in zones:
            w = text_width(it.text, it.size, True, THEME)
            top, bottom = it.y - it.size * MM_PER_PT * 0.72, it.y
            marks.append((((it.x - w / 2, top), (it.x + w / 2, top), (it.x + w / 2, bottom), (it.x - w / 2, bottom)), 0.0))
        elif isinstance(it, Use) and it.name.startswith("door-"):
            length, depth = (float(v) for v in it.name.rsplit("-", 1)[1].split("x"))
            corners = [(sx * length / 2, sy * depth / 2) for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
            marks.append((tuple(apply(it.matrix, c) for c in corners), 0.0))
        elif isinstance(it, Use) and it.name.startswith("prisoner-"):
            marks.append((((it.matrix[4], it.matrix[5]),), float(it.name.rsplit("-", 1)[1]) / 2))
    return heads, marks


def assert_heads_clear(scenario) -> int:
    doc = diagram(scenario, THEME, crop=True)
    heads, marks = heads_and_marks(doc, scenario.state)
    assert len(heads) == sum(1 for a in scenario.annotations.arrows if len(set(a.cells)) > 1)
    for head in heads:
        for mark in marks:
            assert blob_gap(head, mark) > 0, (head, mark)
    return len(heads)


@pytest.mark.parametrize("path", [p for p in SCENARIOS + RULES if load(p).annotations.arrows], ids=lambda p: p.stem)
def test_no_arrowhead_covers_a_label_a_zone_name_a_door_or_a_prisoner(path):
    """An arrow that ends at a labelled cell or a free zone stops short of the label or
    the zone's name, and its head leaves doors and prisoners in sight (the collapse's
    arrowhead once covered the zone letter E, the tunnel fight's blue's door)."""
    assert assert_heads_clear(load(path))


def test_arrows_into_every_free_zone_and_labelled_cell_stop_short():
    """From every neighbour into every free zone of both boards, and into labelled cells
    where prisoners stand: each head clear of every label, name, door and token."""
    for players, source in (("[red, blue, yellow]", "midgame-4p"), ("[red, blue]", None)):
        state = load(ROOT / "scenarios" / f"{source}.yaml").state if source else formats.loads(f"players: {players}").state
        board = state.board
        arrows, labels = [], []
        for cell in sorted(board.green):
            for n in cell.neighbours():
                if n in board.tile_cells:
                    arrows.append(Arrow((n, cell)))
        occupied = sorted({pl.at for p in state.players for pl in p.prisoners if pl.kind is PlaceKind.TILE})
        for cell in occupied:
            labels.append((cell, "X"))
            arrows += [Arrow((n, cell), "blue") for n in cell.neighbours() if n in board.tile_cells][:2]
        scenario = Scenario(state, annotations=Annotations(labels=tuple(labels), arrows=tuple(arrows)))
        assert assert_heads_clear(scenario) == len(arrows)


def test_a_label_on_a_free_zone_steps_aside_from_its_name():
    """A label on a green cell would hide the zone's name: it steps to a corner of the
    cell instead, as it does from a prisoner token."""
    state = formats.loads("players: [red, blue, yellow]").state
    labels = tuple((cell, "A") for cell in sorted(state.board.green))
    scenario = Scenario(state, annotations=Annotations(labels=labels))
    _, marks = heads_and_marks(diagram(scenario, THEME), state)
    pills = [m for m in marks if len(m[0]) == 2]
    names = [m for m in marks if len(m[0]) == 4]
    assert len(pills) == len(names) == len(labels)
    for pill in pills:
        for name in names:
            assert blob_gap(pill, name) > 0


def test_blob_gap_measures_between_shapes():
    square = (((0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)), 0.0)
    assert blob_gap(((((5.0, 1.0),)), 1.0), square) == pytest.approx(2.0)  # a disc beside it
    assert blob_gap((((1.0, 1.0),), 0.1), square) < 0  # a disc inside
    assert blob_gap((((-1.0, 1.0), (3.0, 1.0)), 0.0), square) <= 0  # a segment right through
    assert blob_gap((((1.0, -1.0), (1.0, 3.0)), 0.1), (((-1.0, 1.0), (3.0, 1.0)), 0.0)) < 0  # a cross
    assert blob_gap((((0.0, 3.0), (2.0, 3.0)), 0.5), square) == pytest.approx(0.5)  # a pill above it


@settings(max_examples=30, deadline=None)
@given(annotated())
def test_random_arrows_stop_short_of_labels_and_zone_names(example):
    board, annotations = example
    players = "[red, blue]" if board == "compact" else "[red, blue, yellow]"
    assert_heads_clear(Scenario(formats.loads(f"players: {players}").state, annotations=annotations))


# ------------------------------------------------------------------ the command


def invoke(*args):
    return runner.invoke(app, list(args), catch_exceptions=False)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_render_every_scenario_to_svg_and_pdf(path, tmp_path):
    svg_path, pdf_path = tmp_path / "out.svg", tmp_path / "out.pdf"
    result = invoke("render", str(path), "-o", str(svg_path), "--panel", "--coords")
    assert result.exit_code == 0, result.output
    root = ET.parse(svg_path).getroot()
    assert root.tag == f"{SVG}svg"
    result = invoke("render", str(path), "-o", str(pdf_path), "--crop")
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(BytesIO(pdf_path.read_bytes()))
    assert len(reader.pages) == 1


def test_render_is_byte_identical_run_to_run(tmp_path):
    path = ROOT / "scenarios" / "midgame-4p.yaml"
    for suffix in (".svg", ".pdf"):
        a, b = tmp_path / f"a{suffix}", tmp_path / f"b{suffix}"
        for out in (a, b):
            assert invoke("render", str(path), "-o", str(out), "--panel", "--tile-size", "20").exit_code == 0
        assert a.read_bytes() == b.read_bytes()


def test_render_refuses_other_suffixes_with_one_line(tmp_path):
    result = invoke("render", str(SCENARIOS[0]), "-o", str(tmp_path / "out.png"))
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1 and ".svg or .pdf" in result.stderr
    assert not (tmp_path / "out.png").exists()


def test_render_of_an_invalid_scenario_lists_problems_and_writes_nothing(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(OFF_BOARD)
    out = tmp_path / "out.svg"
    result = invoke("render", str(bad), "-o", str(out))
    assert result.exit_code == 1
    assert f"{bad}:5:5:" in result.stderr and "(A1)" in result.stderr
    assert not out.exists() and list(tmp_path.iterdir()) == [bad]


GLYPHS = """\
format: 1
title: {title}
players: [red, blue]
annotations:
  labels:
    "2,0": {label}
  caption: {caption}
"""


@pytest.mark.parametrize("where, field, text, char", [
    ("caption", "caption", "Het ĳs is dun", "'ĳ' (U+0133)"),
    ("title", "title", "中文", "'中' (U+4E2D), '文' (U+6587)"),
    ("label on 2,0", "label", "A😀", "'😀' (U+1F600)"),
])
def test_render_refuses_characters_the_font_lacks(tmp_path, where, field, text, char):
    """A character the embedded font lacks would be an empty box in the PDF while an SVG
    viewer quietly takes another font: refused in one line naming the place, no file."""
    values = {"title": "Fine", "label": "A", "caption": "Fine.", field: text}
    path = tmp_path / "glyphs.yaml"
    path.write_text(GLYPHS.format(**values), encoding="utf-8")
    for suffix in (".svg", ".pdf"):
        out = tmp_path / f"out{suffix}"
        result = invoke("render", str(path), "-o", str(out))
        assert result.exit_code == 2
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1, lines
        line = {"caption": 7, "title": 2, "label on 2,0": 6}[where]
        assert lines[0].startswith(f"{path}:{line}:") and f": {where}: " in lines[0] and f"no glyph for {char};" in lines[0]
        assert "template" in lines[0] and lines[0].endswith("(font)") and "Traceback" not in result.output
        assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["glyphs.yaml"]


def test_render_accepts_german_and_dutch_text(tmp_path):
    path = tmp_path / "words.yaml"
    path.write_text(GLYPHS.format(title="Schlüssel, Gefängnis", label="één",
                                  caption="Schlüssel, Gefängnis, geïnspireerd, één. Weiß, Ärger, Öl, café, coördinaat."),
                    encoding="utf-8")
    for suffix in (".svg", ".pdf"):
        out = tmp_path / f"out{suffix}"
        result = invoke("render", str(path), "-o", str(out))
        assert result.exit_code == 0, result.output
        assert out.stat().st_size > 0


def test_render_with_a_bad_template_names_its_line(tmp_path):
    template = tmp_path / "look.yaml"
    template.write_text("sizes:\n  tile: big\n")
    result = invoke("render", str(SCENARIOS[0]), "-o", str(tmp_path / "out.svg"), "--template", str(template))
    assert result.exit_code == 1  # an input that breaks the format, wherever it is named (README, exit statuses)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{template}:2:")
    assert "Traceback" not in result.output


# ------------------------------------------------------------------ puzzles and text under the board


def _below(scenario) -> list[tuple[str, bool]]:
    """The lines under the board, with whether each is bold, read back from the SVG."""
    doc = diagram(scenario, THEME)
    root = ET.fromstring(to_svg(doc.pages[0], doc.symbol_map, THEME))
    board_bottom = plan(scenario.state, THEME).board[3]
    return [(el.text, el.get("font-weight") == "bold") for el in root.iter(f"{SVG}text")
            if float(el.get("y")) > board_bottom and el.get("font-size") == f"{THEME.tile * 0.26 * MM_PER_PT:.3f}".rstrip("0")]


def test_a_puzzle_states_its_goal_in_bold_under_its_description():
    scenario = load(ROOT / "scenarios" / "puzzle-first-escape.yaml")
    lines = _below(scenario)
    assert lines[-1] == ("Puzzle: red to bring 1 prisoner onto a green area within 2 turns.", True)
    assert " ".join(t for t, bold in lines if not bold).startswith("Red to play. Bring one prisoner")
    # a caption takes the description's place; the goal stays
    captioned = replace(scenario, annotations=Annotations(caption="Hint: look east."))
    assert _below(captioned) == [("Hint: look east.", False), lines[-1]]
    # a position that is no puzzle has no goal line
    assert all(not bold for _, bold in _below(load(ROOT / "scenarios" / "figure-tunnel-fight.yaml")))


def test_a_description_the_font_cannot_print_is_refused():
    scenario = load(ROOT / "scenarios" / "puzzle-first-escape.yaml")
    with pytest.raises(SectionXError, match=r"^description: the font Vera.ttf has no glyph for 'ĳ'"):
        diagram(replace(scenario, description="De ĳzeren deur."), THEME)


def test_caption_line_breaks_are_kept_and_a_trailing_one_adds_no_empty_line():
    scenario = load(ROOT / "scenarios" / "figure-tunnel-fight.yaml")
    assert _below(replace(scenario, annotations=Annotations(caption="One.\nTwo.\n"))) == [("One.", False), ("Two.", False)]
    assert all(text for text, _ in _below(scenario))
