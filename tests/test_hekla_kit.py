"""Hekla's print-and-play kit (issue 14): every page laid out by the house's rules,
the stones each player count needs, fronts and backs paired, the same bytes."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.hekla import kit
from sectionx.games.hekla.rules import SEATS, STONES
from sectionx.render import pieces as P
from sectionx.render.scene import Group
from sectionx.render.theme import load_theme

runner = CliRunner()
THEME = load_theme(None)


@pytest.fixture(scope="module")
def built():
    return kit.build_kit(THEME, "a4")


def test_every_page_keeps_its_margins_bleeds_and_marks(built):
    symbols = built.document.symbol_map
    for page in built.document.pages:
        margin = 3.0 if "cards" in page.name else None
        assert P.layout_problems(page, symbols, THEME, margin=margin) == [], page.name


def test_the_pages_in_order_with_duplex_fronts_on_odd_pages(built):
    names = [p.name for p in built.document.pages]
    assert "checklist" in names[0] and names[1].endswith("board") and names[-1].endswith("stones")
    assert len(names) == 7 and not any(n.endswith("blank") for n in names)  # issue 30: 8 sheets before
    for i, n in enumerate(names, 1):
        if n.endswith("-cards"):
            assert i % 2 == 1 and names[i].endswith("cards-backs")


def test_every_player_count_finds_its_stones_and_twenty_lava(built):
    page = next(p for p in built.document.pages if p.name.endswith("stones"))
    labels = [t.label for t in P.pieces(page)]
    for players, counts in STONES.items():
        for seat in SEATS[:players]:
            have = sum(f"piece-stone-{seat.value}-" in x for x in labels)
            assert have >= sum(counts.values()), (players, seat)
    assert sum(x.startswith("piece-lava-0-") for x in labels) == 10
    assert sum(x.startswith("piece-spare-lava-") for x in labels) == 2 * kit.LAVA_SPARES
    assert sum(x.startswith("piece-lava-1-") for x in labels) == 10
    assert labels.count("piece-quiet-counter") == 1  # one piece: the marker's track (H9)
    # Every number of the counter the same size (issue 30: box 20 was set smaller).
    from sectionx.render.scene import Text
    (counter,) = [g for g in page.items if isinstance(g, Group) and g.label == "piece-quiet-counter"]
    sizes = {t.size for t in counter.items if isinstance(t, Text)}
    assert len(sizes) == 1 and sizes.pop() >= 9.0
    for t in P.pieces(page):
        if "stone" in t.label or "lava" in t.label:
            assert t.box[2] - t.box[0] == pytest.approx(kit.STONE)
    assert 2 * kit.STONE <= kit.FIELD  # two stones a field (HG1)


def test_the_board_prints_at_its_field_size_and_volcanists_and_cards_are_there(built):
    page = next(p for p in built.document.pages if p.name.endswith("board"))
    (board,) = [g for g in page.items if isinstance(g, Group) and g.label == "board"]
    assert board.matrix[0] * kit.art.FIELD == pytest.approx(kit.FIELD)
    standees = next(p for p in built.document.pages if p.name.endswith("stones"))  # they share the sheet
    volcanists = [t for t in P.pieces(standees) if "volcanist" in t.label]
    assert sum(t.label.startswith("piece-volcanist-") for t in volcanists) == 4 and len(volcanists) == 8
    for t in volcanists:
        assert t.box[2] - t.box[0] == pytest.approx(kit.STANDEE)
    fronts = next(p for p in built.document.pages if p.name.endswith("-cards"))
    assert {g.label for g in fronts.items if isinstance(g, Group) and g.label.startswith("piece-card-")} == \
        {f"piece-card-{kind}-{s.value}" for s in SEATS for kind in ("rules", "aid")} | {"piece-card-ref-eruption"}


def test_the_kit_command_writes_the_same_bytes_every_time(tmp_path):
    out = tmp_path / "k"
    result = runner.invoke(app, ["kit", "--game", "hekla", "-o", str(out)])
    assert result.exit_code == 0 and "hekla-kit.pdf" in result.output, result.output
    first = (out / "hekla-kit.pdf").read_bytes()
    assert runner.invoke(app, ["kit", "--game", "hekla", "-o", str(out), "--no-svg"]).exit_code == 0
    assert (out / "hekla-kit.pdf").read_bytes() == first


@pytest.mark.parametrize("args", [["--greyscale"], ["--ink-saver"], ["--paper", "letter"], ["--no-coords"]])
def test_the_kit_in_every_mode(tmp_path, args):
    result = runner.invoke(app, ["kit", "--game", "hekla", "-o", str(tmp_path / "k"), "--no-svg", *args])
    assert result.exit_code == 0, result.output


def test_options_it_has_no_use_for_are_one_line(tmp_path):
    result = runner.invoke(app, ["kit", "--game", "hekla", "-o", str(tmp_path / "k"), "--board-paper", "a2"])
    assert result.exit_code == 2 and "--board-paper: Hekla has no such choice" in result.output
    assert not (tmp_path / "k").exists()


def test_the_checklist_shows_a_game_under_way(built):
    """Issue 30: the checklist was two-thirds empty; the room under its table holds a
    picture of a game under way, drawn as the board draws it."""
    page = built.document.pages[0]
    assert any(isinstance(g, Group) and g.label == "at-a-glance" for g in page.items)


def test_the_board_has_a_title(built):
    from sectionx.render.scene import Text

    page = built.document.pages[1]
    assert any(isinstance(t, Text) and t.text == "HEKLA" and t.size >= 30 for t in page.items)


def test_the_board_art_keeps_its_glitches_fixed():
    """Issue 30: no knock-out tab over a white line or a hot field's circle; the
    numbers of fields whose line runs to the top-right corner sit top left."""
    from sectionx.games.hekla import art
    from sectionx.games.hekla.rules import Board
    from sectionx.render.scene import Circle, Text
    from sectionx.render.textfit import text_box

    board = Board()
    items, g = art.board_items(THEME, board, coords=True)
    names = {t.text: t for t in items if isinstance(t, Text)}
    rings = {(c.cx, c.cy): c for c in items if isinstance(c, Circle) and c.style.stroke == THEME.colours["red"]}
    assert len(rings) == len(board.hot)
    for f in board.fields:  # field names: centred, between the places, inside a hot field's circle
        x, _ = g.box(f)
        t = names[kit.art.field_name(f)]
        assert t.anchor == "middle" and abs(t.x - (x + art.FIELD / 2)) < 1e-9
        if f in board.hot:
            ring = rings[g.centre(f)]
            left, top, right, bottom = text_box(t, THEME)
            inner = ring.r - ring.style.width / 2
            assert all((px - ring.cx) ** 2 + (py - ring.cy) ** 2 < inner ** 2
                       for px in (left, right) for py in (top, bottom)), f
    for f in board.inner + board.outer:
        spot = board.line(f)
        if spot is not None and spot.kind == "diag" and spot.index == 1 and f != board.inner[0]:
            x, _ = g.box(f)
            t = names[str(art._track_number(board, f))]
            assert t.x < x + art.FIELD / 2, f  # top left, clear of the line's top-right end


def test_stones_keep_ridges_numeral_and_mark_apart():
    """Issue 30: on the 9.5 mm stones the ridges overlapped the rim and the colour
    mark the numeral; each now has its own band inside the rim."""
    from sectionx.games.hekla import art
    from sectionx.games.hekla.rules import Stone
    from sectionx.render.scene import Circle, Text
    from sectionx.render.textfit import text_box

    d = kit.STONE * 0.86
    for colour in ("red", "green", "yellow", "blue"):
        items = art.stone(THEME, Stone(colour, 3), 0.0, 0.0, d)
        numeral = next(t for t in items if isinstance(t, Text))
        _, top, _, _ = text_box(numeral, THEME)
        for r in items[2:5]:  # the three ridges: above the numeral's box, inside the rim
            xs, ys = [c[1] for c in r.commands if len(c) == 3], [c[2] for c in r.commands if len(c) == 3]
            inner = d / 2 - max(0.25, d * 0.035) / 2 - 0.4  # 0.4 mm clear of the rim's line
            assert max(ys) < top and all(x * x + y * y < inner ** 2 for x, y in zip(xs, ys)), colour
        mark = items[5]  # the colour's shape: below the numeral's baseline, inside the rim
        if isinstance(mark, Circle):
            low, high = mark.cy - mark.r, mark.cy + mark.r
        else:
            ys = [c[2] for c in mark.commands if len(c) == 3]
            low, high = min(ys), max(ys)
        assert low > numeral.y + 0.6 and high < d / 2 * 0.96, colour  # 0.6 mm under the numeral
