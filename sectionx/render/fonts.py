"""The theme's TrueType fonts: registration with reportlab, text widths and word wrap.

Scene builders measure text with :func:`text_width` (and wrap it with :func:`wrap`)
using the very fonts the PDF backend embeds, so a label that fits in the PDF fits
in the SVG too (as long as the SVG viewer finds the same family, which
``theme.svg_family`` names first).

Fonts are registered under names derived from the file's stem and a hash of its
bytes, so every theme using the same files shares one registration, and a
different file with the same stem never takes over another's name.  The name is
looked up once per font path (a relative path once per working directory), so
measuring text costs no file-system calls; a font file changed on disk while the
process runs keeps its first name.
"""

from __future__ import annotations

import hashlib
import io
import os
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..fileio import read_bytes
from .scene import MM_PER_PT

if TYPE_CHECKING:
    from .theme import Theme


@cache
def _register(path: str) -> str:
    from .theme import MAX_FONT_BYTES

    data = read_bytes(path, MAX_FONT_BYTES, what="font")
    name = f"sx-{Path(path).stem}-{hashlib.sha1(data).hexdigest()[:10]}"
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, io.BytesIO(data)))
    return name


@cache
def _name(path: str, cwd: str | None) -> str:
    # ``cwd`` only keys the cache: a relative path means another file in another directory.
    return _register(str(Path(path).resolve()))


def font_name(theme: Theme, bold: bool = False) -> str:
    """The reportlab name of the theme's regular or bold font, registering it on first use."""
    path = os.fspath(theme.font_bold if bold else theme.font_regular)
    return _name(path, None if os.path.isabs(path) else os.getcwd())


def text_width(text: str, size_pt: float, bold: bool, theme: Theme) -> float:
    """Advance width in mm of one line of ``text`` at ``size_pt`` points (no kerning, as drawn)."""
    return pdfmetrics.stringWidth(text, font_name(theme, bold), size_pt) * MM_PER_PT


def missing_glyphs(text: str, theme: Theme, bold: bool = False) -> list[str]:
    """The characters of ``text`` the theme's regular (or bold) font has no glyph for,
    each once, in order of appearance.  Line breaks are never drawn and never count."""
    font = pdfmetrics.getFont(font_name(theme, bold))
    assert isinstance(font, TTFont)  # font_name registers TrueType fonts only
    glyphs = font.face.charToGlyph
    missing: list[str] = []
    for ch in text:
        if ch not in "\n\r" and ord(ch) not in glyphs and ch not in missing:
            missing.append(ch)
    return missing


def unprintable(text: str, theme: Theme, bold: bool | None = None) -> str:
    """Why the theme's font cannot print ``text`` ("" when it can): the font and the
    characters it lacks.  ``bold`` None checks both weights (text set in either)."""
    for weight in ((False, True) if bold is None else (bold,)):
        missing = missing_glyphs(text, theme, weight)
        if missing:
            chars = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in missing)
            font = os.path.basename(os.fspath(theme.font_bold if weight else theme.font_regular))
            return f"the font {font} has no glyph for {chars}; use a template with a font that has it"
    return ""


def wrap(text: str, width_mm: float, size_pt: float, bold: bool, theme: Theme) -> list[str]:
    """``text`` broken greedily at spaces into lines at most ``width_mm`` wide.

    Line breaks in ``text`` are kept (an empty paragraph gives an empty line, so
    ``wrap("")`` is ``[""]``); runs of spaces collapse to one.  A single word wider
    than ``width_mm`` gets a line of its own and is not cut.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if line and text_width(candidate, size_pt, bold, theme) > width_mm:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines
