"""Hekla pictures (``sectionx render``): the board as HG1-HG4 describe it, stones
and volcanists where the position puts them, annotations, the same bytes every
time, and a golden file looked at once as a picture."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.hekla import art, formats
from sectionx.games.hekla.rules import Board, Stone
from sectionx.render.scene import Circle, Text
from sectionx.render.scene import Path as ScenePath
from sectionx.render.theme import load_theme

ROOT = Path(__file__).resolve().parent.parent
FIGURE = ROOT / "scenarios" / "hekla" / "figure-4.yaml"
GOLDEN = ROOT / "tests" / "golden" / "hekla-figure-4.svg"
runner = CliRunner()
THEME = load_theme(None)


def test_render_matches_its_golden_file_and_is_the_same_every_time(tmp_path):
    out = tmp_path / "f.svg"
    result = runner.invoke(app, ["render", str(FIGURE), "-o", str(out), "--coords"])
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == GOLDEN.read_bytes()  # looked at as a picture when written
    pdf = tmp_path / "f.pdf"
    assert runner.invoke(app, ["render", str(FIGURE), "-o", str(pdf)]).exit_code == 0
    assert pdf.read_bytes()[:5] == b"%PDF-"


def test_the_track_numbers_are_the_score_of_a_volcanist_standing_there():
    items, _ = art.board_items(THEME, Board(), coords=False)
    numbers = {t.text for t in items if isinstance(t, Text)}
    assert numbers == {"START"} | {str(n) for n in range(1, 24 + 32)}  # inner 0-23, the outer ring's first lap 24-55


def test_white_lines_on_every_track_field_but_the_start_and_the_eight_beside_the_outer_corners():
    board = Board()
    items, _ = art.board_items(THEME, board, coords=False)
    white = [i for i in items if isinstance(i, ScenePath) and i.style.stroke == "#ffffff"]
    assert len(white) == 24 + 32 - 1 - 8  # HG4


def test_each_stone_sits_in_one_of_its_fields_places_and_volcanists_stand_on_the_track():
    loaded = formats.load(FIGURE)
    items, g = art.position_items(THEME, loaded.position, coords=False)
    discs = [(i.cx, i.cy) for i in items if isinstance(i, Circle) and i.style.fill is not None and i.r > 3]
    places = {g.place(f, k) for f, stones in loaded.position.fields for k in range(len(stones))}
    assert {(round(x, 6), round(y, 6)) for x, y in discs} == {(round(x, 6), round(y, 6)) for x, y in places}


@pytest.mark.parametrize("value", [0, 1, 2, 3])
def test_a_stone_shows_its_value_as_a_number_and_as_ridge_marks(value):
    drawn = art.stone(THEME, Stone("red", value), 10, 10, 8)
    assert [i.text for i in drawn if isinstance(i, Text)] == [str(value)]
    peaks = [i for i in drawn if isinstance(i, ScenePath) and len(i.commands) == 4]  # triangles: M L L Z
    assert len(peaks) == value


def test_a_record_is_not_drawn_and_section_x_options_are_refused(tmp_path):
    rec = tmp_path / "r.yaml"
    rec.write_text("game: hekla\nactions: [place red2 c3]\n")
    result = runner.invoke(app, ["render", str(rec), "-o", str(tmp_path / "r.svg")])
    assert result.exit_code == 2 and "a Hekla record" in result.output
    result = runner.invoke(app, ["render", str(FIGURE), "-o", str(tmp_path / "r.svg"), "--tile-size", "30"])
    assert result.exit_code == 2 and "--tile-size: Hekla has no such choice" in result.output
    assert not (tmp_path / "r.svg").exists()


def test_bad_annotations_are_told_at_their_lines(tmp_path):
    f = tmp_path / "a.yaml"
    f.write_text("game: hekla\nannotations:\n  turns: [move red2 a1-f1]\n  triples: [a1-a2]\n")
    result = runner.invoke(app, ["validate", str(f)])
    assert result.exit_code == 1 and ":3:" in result.output and ":4:" in result.output and "(H4)" in result.output


HEKLA_FILES = sorted((ROOT / "scenarios" / "hekla").rglob("*.yaml"))


@pytest.mark.parametrize("path", HEKLA_FILES, ids=lambda p: p.relative_to(ROOT / "scenarios" / "hekla").as_posix())
def test_every_bundled_hekla_file_validates_shows_and_draws(path, tmp_path):
    assert runner.invoke(app, ["validate", str(path)]).exit_code == 0
    assert "to move" in runner.invoke(app, ["show", str(path)]).output
    out = tmp_path / "p.svg"
    assert runner.invoke(app, ["render", str(path), "-o", str(out)]).exit_code == 0
    assert out.read_text().startswith("<?xml") or "<svg" in out.read_text()[:400]
