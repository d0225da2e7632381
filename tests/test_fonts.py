"""Font names (:mod:`sectionx.render.fonts`): looked up once per font path, and a
relative path still means the file in the current working directory.

(The older font tests, widths and wrapping, live in ``test_backends.py``.)"""

from __future__ import annotations

import shutil
from dataclasses import replace

from sectionx.render import fonts

from .kit_fixtures import THEME


def test_font_name_is_looked_up_once_per_path():
    fonts._name.cache_clear()
    names = [fonts.font_name(THEME, bold) for bold in (False, True) * 50]
    assert names[:2] * 50 == names and names[0] != names[1]
    assert fonts._name.cache_info().misses == 2


def test_a_relative_font_path_follows_the_working_directory(tmp_path, monkeypatch):
    for folder, source in (("a", THEME.font_regular), ("b", THEME.font_bold)):
        (tmp_path / folder).mkdir()
        shutil.copy(source, tmp_path / folder / "face.ttf")
    theme = replace(THEME, font_regular="face.ttf")
    monkeypatch.chdir(tmp_path / "a")
    in_a = fonts.font_name(theme)
    monkeypatch.chdir(tmp_path / "b")
    in_b = fonts.font_name(theme)
    assert in_a.startswith("sx-face-") and in_b.startswith("sx-face-") and in_a != in_b
    assert fonts.text_width("Section X", 10, False, theme) == fonts.text_width("Section X", 10, True, THEME)
