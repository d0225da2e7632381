"""Print templates: paper, margins, sizes, colours and fonts, read from YAML.

The default template ships inside the package (``sectionx/data/templates/default.yaml``);
``templates/default.yaml`` at the top of the repository is the same file for users
to copy (a test keeps the two identical).  A user's template only needs the keys
it changes: everything else comes from the default.  Templates are checked
against ``$defs/template`` of the published JSON Schema, and bad values are
reported as ``FILE:LINE:COLUMN: message (template)``.
"""

from __future__ import annotations

import io
import struct
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any

import reportlab
from reportlab.pdfbase.ttfonts import TTFont

from ..colours import Colour
from ..fileio import FileProblem, read_bytes, resolve_reference
from ..yamlsrc import Diagnostic, Doc, LoadError, check_schema, parse_yaml, read_yaml

RULE = "template"
#: Player colours in --greyscale: dark to light, about 45 levels apart.
GREYSCALE_PLAYERS = {Colour.RED: "#333333", Colour.BLUE: "#5f5f5f", Colour.PURPLE: "#8c8c8c", Colour.YELLOW: "#c4c4c4"}
#: How far --ink-saver lightens the player colours towards white.
INK_SAVER_TINT = 0.55
_BUNDLED_FONTS = Path(reportlab.__file__).parent / "fonts"


@dataclass(frozen=True)
class TierMark:
    """How the deck and the book mark a difficulty tier (``tiers:`` in a template): a
    colour, and a shape (``star``, ``circle``, ``square``, ``triangle``, ``diamond``)
    drawn ``count`` times, so that a tier reads without its colour, in greyscale or
    by a colour-blind player, as every player colour has its symbol (G4)."""

    colour: str
    symbol: str
    count: int


@dataclass(frozen=True, eq=False)
class Theme:
    """Everything drawing needs besides the game: one template, with its modes applied.

    Lengths in mm, ``crop_width`` and ``cut_line_width`` in points, ``tunnel`` a
    fraction of the tile's width.  ``colours`` already reflect ``ink_saver``;
    ``greyscale`` is applied to finished documents (:func:`grey`).
    """

    name: str
    papers: dict[str, tuple[float, float]]
    margin: float
    tile: float
    bleed: float
    crop_gap: float
    crop_length: float
    crop_width: float
    cut_line_width: float
    tunnel: float
    prisoner: float
    door: tuple[float, float]
    card: tuple[float, float]
    overlap: float
    font_regular: Path
    font_bold: Path
    svg_family: str
    colours: dict[str, str]
    ink_saver: bool = False
    greyscale: bool = False
    #: Tier name (model.TIERS) -> its mark; the bundled template names all four.
    tiers: dict[str, TierMark] = field(default_factory=dict)
    source: str = "<bundled template default>"
    #: Where each paper size was written: (file, line, column).
    paper_at: dict[str, tuple[str, int, int]] = field(default_factory=dict, repr=False)
    _ink_saver_colours: dict[str, str] = field(default_factory=dict, repr=False)

    def colour(self, name: str) -> str:
        return self.colours[name]

    def player(self, colour: Colour) -> str:
        return self.colours[colour.value]

    def tier(self, name: str) -> TierMark:
        """The mark of tier ``name`` (one of :data:`sectionx.games.sectionx.model.TIERS`)."""
        return self.tiers[name]

    def paper(self, name: str) -> tuple[float, float]:
        """Width and height (portrait) of a named paper size, in mm."""
        key = name.strip().lower()
        if key not in self.papers:
            raise LoadError([Diagnostic(self.source, 0, 0, f"paper {name!r} is not in this template; it knows "
                                        f"{', '.join(self.papers)} (add sizes under paper: in a template)", RULE)],
                            usage=True)
        return self.papers[key]

    def paper_problem(self, name: str, message: str, *, tiles: bool = True) -> LoadError:
        """``message`` about what does not fit on paper ``name``, located where the
        template defines that paper (its size, with the template's sizes, is what
        to change); ``tiles``: name the tile size too (Section X's pieces follow it,
        other games' do not)."""
        key = name.strip().lower()
        file, line, column = self.paper_at.get(key, (self.source, 0, 0))
        w, h = self.papers.get(key, (0.0, 0.0))
        size = f" with {self.tile:g} mm tiles" if tiles else ""
        return LoadError([Diagnostic(file, line, column, f"paper {key} ({w:g} x {h:g} mm){size}: {message}", RULE)],
                         usage=True)  # the paper asked for, not the template, is what cannot serve

    def with_modes(self, *, ink_saver: bool = False, greyscale: bool = False) -> Theme:
        """The theme for ``--ink-saver`` (outlines and light fills) and ``--greyscale``."""
        colours = dict(self.colours)
        if greyscale:
            # By luminance, red, blue and purple would come out nearly the same grey;
            # four well-spaced greys keep the players apart even before the symbols (G4).
            colours.update({c.value: g for c, g in GREYSCALE_PLAYERS.items()})
        if ink_saver:
            # Player colours become light tints (the pieces still differ by colour and
            # symbol, G4) unless the template's ink_saver block names them.
            for colour in Colour:
                colours[colour.value] = tint(colours[colour.value], INK_SAVER_TINT)
            colours.update(self._ink_saver_colours)
        return replace(self, colours=colours, ink_saver=ink_saver, greyscale=greyscale)

    def with_tile(self, size: float, *, pieces: bool = True) -> Theme:
        """The theme with another tile size (``--tile-size``).  With ``pieces`` (the kit)
        the printed tokens and doors must still fit the tile, as the template's size rules
        say (T2); diagrams scale their tokens with the tile and pass ``pieces=False``."""
        problems = size_problems(size, self.prisoner, self.door[0], self.bleed, self.crop_gap, self.crop_length) \
            if pieces else []
        if problems:
            raise LoadError([Diagnostic("--tile-size", 0, 0, f"{message}; change sizes.{key} in a template too", RULE)
                             for key, message in problems], usage=True)
        return replace(self, tile=float(size))


def tint(colour: str, amount: float) -> str:
    """``colour`` mixed with white: 0 keeps it, 1 gives white."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    r, g, b = (round(v + (255 - v) * amount) for v in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"


def shade(colour: str, amount: float) -> str:
    """``colour`` darkened towards black: 1 keeps it, 0 gives black."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    r, g, b = (round(v * amount) for v in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"


def grey(colour: str) -> str:
    """A colour's luminance as a grey (ITU-R BT.601 weights), for ``--greyscale``."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    y = round(0.299 * r + 0.587 * g + 0.114 * b)
    return f"#{y:02x}{y:02x}{y:02x}"


def _default_text() -> str:
    return resources.files("sectionx").joinpath("data/templates/default.yaml").read_text("utf-8")


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in over.items():
        out[k] = _merge(base[k], v) if isinstance(v, dict) and isinstance(base.get(k), dict) else v
    return out


#: Largest font file a template may name (the bundled Vera is 64 KiB; big CJK fonts reach 20 MiB).
MAX_FONT_BYTES = 32 << 20


#: Most characters a font's character map may claim: reportlab builds a table entry for
#: each, so a 750 KB font claiming all of Unicode took 218 MB (and 0..2^32, gigabytes).
#: The largest real fonts (CJK, Unifont) map under 70,000.
MAX_FONT_CHARS = 200_000


def _cmap_size(data: bytes) -> int | None:
    """How many characters the largest subtable of a TrueType ``cmap`` maps (format 12
    and 13 ranges summed; other formats are 16-bit and small); None if the table
    directory or the cmap cannot be read."""
    try:
        tables = struct.unpack_from(">H", data, 4)[0]
        offset = next((struct.unpack_from(">I", data, 12 + 16 * i + 8)[0] for i in range(tables)
                       if data[12 + 16 * i:16 + 16 * i] == b"cmap"), None)
        if offset is None:
            return None
        largest = 0
        for i in range(struct.unpack_from(">H", data, offset + 2)[0]):
            sub = offset + struct.unpack_from(">I", data, offset + 4 + 8 * i + 4)[0]
            fmt = struct.unpack_from(">H", data, sub)[0]
            if fmt in (12, 13):
                groups: int = struct.unpack_from(">I", data, sub + 12)[0]
                if groups > MAX_FONT_CHARS:
                    return groups
                total = 0
                for g in range(groups):
                    start, end = struct.unpack_from(">II", data, sub + 16 + 12 * g)
                    total += max(0, end - start + 1)
                largest = max(largest, total)
            else:
                largest = max(largest, 0x10000 if fmt in (4, 6, 0, 2) else 0)
        return largest
    except (struct.error, IndexError):
        return None


def _font(doc: Doc, path: tuple[str, ...], value: str, base: Path | None) -> Path:
    """The font file a template names: ``bundled:NAME`` (shipped with reportlab) or a
    .ttf beside the template or below its folder (the reference policy of
    :func:`sectionx.fileio.resolve_reference`).  Read now, so that a broken file is
    refused at its line and not halfway through drawing."""
    if value.startswith("bundled:"):
        name = value[len("bundled:"):]
        target = _BUNDLED_FONTS / name
        if Path(name).name != name or not target.is_file():
            raise LoadError([doc.diag(path, f"font {value!r} is not a font shipped with reportlab "
                                            "(bundled:Vera.ttf, bundled:VeraBd.ttf, ...)", RULE)])
    else:
        try:
            target = resolve_reference(value, base or Path("."), doc.file, what="font file", suffixes=(".ttf",))
        except FileProblem as exc:
            raise LoadError([doc.diag(path, exc.message, RULE)]) from None
        if not target.exists():
            raise LoadError([doc.diag(path, f"font file {value!r} not found (give a .ttf path relative to the template, "
                                            "or bundled:Vera.ttf)", RULE)])
    try:
        data = read_bytes(target, MAX_FONT_BYTES, what="font")
    except FileProblem as exc:
        raise LoadError([doc.diag(path, f"font file {value!r} {exc.message}", RULE)]) from None
    mapped = _cmap_size(data)
    if mapped is None or mapped > MAX_FONT_CHARS:
        raise LoadError([doc.diag(path, f"font file {value!r} cannot be embedded: its character map "
                                        + ("is broken" if mapped is None else f"claims {mapped:,} characters (at most "
                                           f"{MAX_FONT_CHARS:,})"), RULE)])
    try:
        TTFont("sectionx-check", io.BytesIO(data))
    except MemoryError:
        raise
    except Exception:  # noqa: BLE001 - reportlab raises TTFError, struct.error, KeyError, IndexError… for broken fonts
        # The reason is not shown: it can quote bytes of a file that is not a font.
        raise LoadError([doc.diag(path, f"font file {value!r} cannot be embedded: it is not a TrueType font reportlab can read", RULE)]) from None
    return target


def size_problems(tile: float, prisoner: float, door: float, bleed: float, crop_gap: float,
                  crop_length: float) -> list[tuple[str, str]]:
    """(size key, reason) for sizes that would make pieces that cannot be played with."""
    out = []
    if crop_gap + crop_length > 3 * bleed + 10:
        out.append(("crop_length", "crop marks longer than 10 mm past the bleed would run into neighbouring pieces"))
    if prisoner > tile / 2:
        out.append(("prisoner", (f"a prisoner token of {prisoner:g} mm is more than half a tile ({tile:g} mm): "
                                 "three would not fit on one tile (T2)")))
    if door > tile * 0.6:
        out.append(("door", f"a door of {door:g} mm is longer than 0.6 of a tile ({tile:g} mm)"))
    return out


def _build(data: dict[str, Any], doc: Doc, base: Path | None, source: str, default: Doc | None = None) -> Theme:
    s = data["sizes"]
    problems = [doc.diag(("sizes", key), message, RULE)
                for key, message in size_problems(s["tile"], s["prisoner"], s["door"][0], s["bleed"], s["crop_gap"],
                                                  s["crop_length"])]
    for name in data["paper"]:
        w, h = data["paper"][name]
        if min(w, h) <= 2 * data["margin"] + 20:
            problems.append(doc.diag(("paper", name), f"paper {name} is too small for margins of {data['margin']} mm", RULE))
    if problems:
        raise LoadError(problems)
    fonts = data["fonts"]
    return Theme(
        name=data.get("name", Path(source).stem),
        papers={k.lower(): (float(v[0]), float(v[1])) for k, v in data["paper"].items()},
        margin=float(data["margin"]),
        tile=float(s["tile"]),
        bleed=float(s["bleed"]),
        crop_gap=float(s["crop_gap"]),
        crop_length=float(s["crop_length"]),
        crop_width=float(s["crop_width"]),
        cut_line_width=float(s["cut_line_width"]),
        tunnel=float(s["tunnel"]),
        prisoner=float(s["prisoner"]),
        door=(float(s["door"][0]), float(s["door"][1])),
        card=(float(s["card"][0]), float(s["card"][1])),
        overlap=float(s["overlap"]),
        font_regular=_font(doc, ("fonts", "regular"), fonts["regular"], base),
        font_bold=_font(doc, ("fonts", "bold"), fonts["bold"], base),
        svg_family=fonts["svg_family"],
        colours={k: v.lower() for k, v in data["colours"].items()},
        tiers={k: TierMark(v["colour"].lower(), v["symbol"], int(v["count"])) for k, v in data["tiers"].items()},
        source=source,
        paper_at={k.lower(): _where(("paper", k), doc, default) for k in data["paper"]},
        _ink_saver_colours={k: v.lower() for k, v in data.get("ink_saver", {}).items()},
    )


def _where(path: tuple[str, ...], doc: Doc, default: Doc | None) -> tuple[str, int, int]:
    """File, line and column of ``path``: the user's template if it sets it, else the default."""
    for d in (doc, default):
        if d is not None and path in d.values:
            line, column = d.values[path]
            return d.file, line, column
    return doc.file, 0, 0


def _check(doc: Doc) -> None:
    problems = check_schema(doc, "template")
    if problems:
        raise LoadError([Diagnostic(p.file, p.line, p.column, p.message, RULE) for p in problems])


def default_theme() -> Theme:
    """The bundled default template."""
    doc = parse_yaml(_default_text(), "<bundled template default>")
    _check(doc)
    return _build(doc.data, doc, None, doc.file)


def load_theme(path: str | Path | None = None) -> Theme:
    """A template file laid over the default (``None``: the default itself).

    Raises :class:`~sectionx.yamlsrc.LoadError` naming file, line and column.
    """
    if path is None:
        return default_theme()
    default = parse_yaml(_default_text(), "<bundled template default>")
    doc = read_yaml(path)
    _check(doc)
    merged = _merge(default.data, doc.data)
    # Positions of the user's own keys win; the rest point at the user's file start.
    merged_doc = Doc(doc.file, merged, doc.values, doc.keys)
    return _build(merged, merged_doc, Path(path).parent, str(path), default)


def template_schema() -> dict[str, Any]:
    from ..yamlsrc import schema

    template: dict[str, Any] = schema()["$defs"]["template"]
    return template
