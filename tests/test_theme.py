"""Print templates: the default, user templates laid over it, modes, and bad templates."""

import itertools
import os
import stat
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sectionx import fileio
from sectionx.colours import Colour
from sectionx.render.theme import INK_SAVER_TINT, grey, load_theme, tint
from sectionx.yamlsrc import LoadError

ROOT = Path(__file__).resolve().parent.parent


def test_the_template_users_copy_is_the_one_the_package_uses():
    shipped = ROOT / "sectionx" / "data" / "templates" / "default.yaml"
    assert (ROOT / "templates" / "default.yaml").read_bytes() == shipped.read_bytes()
    assert load_theme(ROOT / "templates" / "default.yaml").colours == load_theme().colours


def test_a_template_changes_only_what_it_names(tmp_path):
    mine = tmp_path / "mine.yaml"
    mine.write_text("sizes:\n  tile: 44\ncolours:\n  red: '#aa0000'\npaper:\n  b5: [176, 250]\n")
    theme, default = load_theme(mine), load_theme()
    assert theme.tile == 44 and theme.colour("red") == "#aa0000" and theme.paper("B5") == (176, 250)
    assert theme.bleed == default.bleed and theme.colour("blue") == default.colour("blue")
    assert theme.paper("a4") == default.paper("a4")


def _refused(tmp_path, text, *where):
    path = tmp_path / "t.yaml"
    path.write_text(text)
    with pytest.raises(LoadError) as info:
        load_theme(path)
    lines = str(info.value).splitlines()
    for line_col in where:
        assert any(line.startswith(f"{path}:{line_col}:") and line.endswith("(template)") for line in lines), lines
    return lines


def test_bad_values_are_reported_at_their_line(tmp_path):
    _refused(tmp_path, "sizes:\n  tile: big\n", "2:9")
    _refused(tmp_path, "colours:\n  red: crimson\n", "2:8")
    _refused(tmp_path, "sizes:\n  tiles: 40\n", "2:3")  # a misspelt key
    _refused(tmp_path, "sizes:\n  prisoner: 30\n", "2:13")  # T2: three tokens on a tile
    _refused(tmp_path, "margin: 20\npaper:\n  tiny: [50, 50]\n", "3:9")


def test_fonts_are_checked_when_the_template_is_read(tmp_path):
    (tmp_path / "fake.ttf").write_bytes(b"not a font at all" * 10)
    (tmp_path / "font.otf").write_bytes(b"OTTO")
    (tmp_path / "dir.ttf").mkdir()
    for name, words in (("nowhere.ttf", "not found"), ("fake.ttf", "cannot be embedded"), ("font.otf", "must be a .ttf file"),
                        ("dir.ttf", "is a directory")):
        lines = _refused(tmp_path, f"fonts:\n  regular: {name}\n", "2:12")
        assert words in lines[0], lines
    ok = tmp_path / "ok.yaml"
    ok.write_text("fonts:\n  bold: bundled:Vera.ttf\n")
    assert load_theme(ok).font_bold.name == "Vera.ttf"


def test_tile_size_option_keeps_the_size_rules():
    assert load_theme().with_tile(30).tile == 30
    with pytest.raises(LoadError) as info:
        load_theme().with_tile(20)
    assert "--tile-size: a prisoner token of 13 mm is more than half a tile (20 mm)" in str(info.value)
    assert load_theme().with_tile(20, pieces=False).tile == 20  # diagrams scale their tokens


def test_ink_saver_lightens_fills_and_player_colours(tmp_path):
    theme = load_theme().with_modes(ink_saver=True)
    assert theme.colour("rock") == "#ffffff" and theme.ink_saver
    assert theme.player(Colour.RED) == tint(load_theme().player(Colour.RED), INK_SAVER_TINT)
    mine = tmp_path / "mine.yaml"
    mine.write_text("ink_saver:\n  red: '#ffeeee'\n")
    assert load_theme(mine).with_modes(ink_saver=True).player(Colour.RED) == "#ffeeee"
    # the plain theme is untouched
    assert load_theme().colour("rock") != "#ffffff"


def test_unknown_paper_says_which_ones_exist():
    with pytest.raises(LoadError, match="it knows a4, letter"):
        load_theme().paper("b5")


@given(st.from_regex(r"#[0-9a-f]{6}", fullmatch=True))
def test_grey_keeps_luminance_order_and_is_grey(colour):
    g = grey(colour)
    assert g[1:3] == g[3:5] == g[5:7]
    assert grey("#ffffff") == "#ffffff" and grey("#000000") == "#000000"
    assert tint(colour, 0) == colour and tint(colour, 1) == "#ffffff"


def test_written_files_get_the_usual_permissions(tmp_path):
    target = tmp_path / "out.yaml"
    fileio.write_file(target, "x\n")
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~mask


def test_greyscale_players_are_well_apart():
    theme = load_theme().with_modes(greyscale=True)
    levels = sorted(int(theme.player(c)[1:3], 16) for c in Colour)
    assert all(b - a >= 40 for a, b in itertools.pairwise(levels))
    assert all(grey(theme.player(c)) == theme.player(c) for c in Colour)
