"""Breakout pictures (``sectionx render``): the wall as players see it, annotations
at their lines, the same bytes every time, and a golden file looked at once."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.breakout import art, formats
from sectionx.games.breakout.rules import Player, Position, Wall
from sectionx.render.pieces import ink_box
from sectionx.render.scene import Circle, Group
from sectionx.render.theme import load_theme

ROOT = Path(__file__).resolve().parent.parent
FIGURE = ROOT / "scenarios" / "breakout" / "figure-bar.yaml"
GOLDEN = ROOT / "tests" / "golden" / "breakout-figure-bar.svg"
runner = CliRunner()


def test_render_matches_its_golden_file_and_is_the_same_every_time(tmp_path):
    out = tmp_path / "f.svg"
    result = runner.invoke(app, ["render", str(FIGURE), "-o", str(out), "--coords"])
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == GOLDEN.read_bytes()  # looked at as a picture when written
    again = runner.invoke(app, ["render", str(FIGURE), "-o", "-", "--coords"])
    assert again.output.encode() == out.read_bytes()
    pdf = tmp_path / "f.pdf"
    assert runner.invoke(app, ["render", str(FIGURE), "-o", str(pdf)]).exit_code == 0
    assert pdf.read_bytes()[:5] == b"%PDF-"


def test_every_knot_sits_inside_its_field_and_the_wall_holds_every_field():
    loaded = formats.load(FIGURE)
    theme = load_theme(None)
    items, g = art.wall_items(theme, loaded.position, coords=False)
    discs = [i for i in items if isinstance(i, Circle) and i.r > 3]
    assert len(discs) == sum(f is not None for row in loaded.position.rows for f in row)
    for d in discs:
        row = loaded.position.wall.rows - int((d.cy - g.y0) // art.FIELD)
        col = int((d.cx - g.x0) // art.FIELD) + 1
        x, y, w, h = g.field_box(row, col)
        assert x < d.cx - d.r and d.cx + d.r < x + w and y < d.cy - d.r and d.cy + d.r < y + h
        assert loaded.position.at(row, col) is not None


def test_a_wall_of_another_size_draws_all_its_rows_and_ends():
    rows = ((None, Player.YELLOW, None), (Player.BLUE, None, Player.YELLOW), (None, None, None), (Player.YELLOW, Player.BLUE, None))
    pos = Position(Wall(4, 3), rows, Player.BLUE)
    doc = art.diagram(pos, load_theme(None))
    (page,) = doc.pages
    labels = {t.text for t in _texts(page.items)}
    assert {"L1", "L4", "R1", "R4"} <= labels and "L5" not in labels
    box = ink_box(page.items, doc.symbol_map, load_theme(None))
    assert box is not None and box[0] >= 0 and box[2] <= page.width and box[3] <= page.height


def _texts(items):
    from sectionx.render.scene import Text

    for it in items:
        if isinstance(it, Group):
            yield from _texts(it.items)
        elif isinstance(it, Text):
            yield it


def test_annotations_outside_the_wall_are_told_at_their_lines(tmp_path):
    f = tmp_path / "a.yaml"
    f.write_text("game: breakout\nwall: ['.....', '.....', '.....', '.....', '.....']\nannotations:\n"
                 "  fields: ['6.1', 'x']\n  pushes: [L9]\n  labels: {'1.6': A}\n")
    result = runner.invoke(app, ["validate", str(f)])
    assert result.exit_code == 1
    for where, what in (("4:12", "field 6.1 is outside the wall: rows 1 to 5"), ("4:19", "'x' is not a field"),
                        ("5:12", "'L9' is not a push into rows 1 to 5"), ("6:19", "field 1.6 is outside the wall")):
        assert f"{f}:{where}: {what}" in result.output
    assert not (tmp_path / "a.svg").exists()
    assert runner.invoke(app, ["render", str(f), "-o", str(tmp_path / "a.svg")]).exit_code == 1
    assert not (tmp_path / "a.svg").exists()


def test_section_x_only_options_are_refused_for_breakout(tmp_path):
    result = runner.invoke(app, ["render", str(FIGURE), "-o", str(tmp_path / "x.svg"), "--crop"])
    assert result.exit_code == 2 and "--crop: Breakout has no such choice" in result.output
