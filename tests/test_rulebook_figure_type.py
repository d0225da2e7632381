"""Rulebooks (issue 30): the words in a figure print large enough to read, the turn
at a glance stands where a player looks for it, and the HTML page sizes its text and
figures as the PDF does.

The type floor is measured in the scene each figure is drawn from, at the scale the
book prints it on A4 (the game's figure box); Hekla's and Section X's figures are
cropped to the part of the board they are about, with every field or cell their
claims name inside the crop.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

import pytest

from sectionx.games.breakout.manual import RULEBOOK as BREAKOUT
from sectionx.games.hekla import figures as hekla_figures
from sectionx.games.hekla import formats as hekla_formats
from sectionx.games.hekla.manual import RULEBOOK as HEKLA
from sectionx.games.sectionx import figures as sectionx_figures
from sectionx.games.sectionx import formats as sectionx_formats
from sectionx.games.sectionx.manual import RULEBOOK as SECTIONX
from sectionx.games.sectionx.model import NO_ANNOTATIONS
from sectionx.games.sectionx.render import diagram as sectionx_diagram
from sectionx.games.tunnel.manual import RULEBOOK as TUNNEL
from sectionx.render.scene import Group, Item, Symbol, Text, Use
from sectionx.render.theme import load_theme
from sectionx.rulebook import FIGURE_SIZE, Manual, Rulebook, drawn, prepare
from sectionx.rulebook.html import SCREEN, figure_width, to_html
from sectionx.rulebook.pdf import BODY, SMALL, contents_rows, margins, summary_after
from sectionx.rulebook.pictures import Picture
from sectionx.yamlsrc import read_yaml

THEME = load_theme(None)
#: No word in a figure prints smaller than this (pt) at the figure's full size on A4.
FLOOR = 6.0
A4_TEXT = 210.0 - 2 * margins((210.0, 297.0))[0]


def printed_sizes(items: tuple[Item, ...], k: float, symbols: dict[str, Symbol]) -> Iterator[tuple[float, str]]:
    """Every text of ``items`` drawn at scale ``k``: (its printed size in pt, its text)."""
    for it in items:
        if isinstance(it, Text):
            yield it.size * k, it.text
        elif isinstance(it, Group):
            yield from printed_sizes(it.items, k * math.hypot(it.matrix[0], it.matrix[1]), symbols)
        elif isinstance(it, Use):
            yield from printed_sizes(symbols[it.name].items, k * math.hypot(it.matrix[0], it.matrix[1]), symbols)


def print_scale(book: Rulebook, picture: Picture) -> float:
    """The scale the PDF prints ``picture`` at on A4 (the figure box, never enlarged)."""
    fw, fh = book.figure_size
    return min(min(A4_TEXT, fw) / picture.width, fh / picture.height, 1.0)


@pytest.fixture(scope="module", params=[("breakout", "en"), ("breakout", "de"), ("hekla", "en"), ("hekla", "de"),
                                        ("sectionx", "en"), ("sectionx", "de"), ("sectionx", "nl"),
                                        ("tunnel", "en"), ("tunnel", "de")],
                ids="-".join)
def book(request: pytest.FixtureRequest) -> Manual:
    game, lang = request.param
    return prepare({"breakout": BREAKOUT, "hekla": HEKLA, "sectionx": SECTIONX, "tunnel": TUNNEL}[game], lang, theme=THEME)


def test_no_word_in_a_figure_prints_under_the_floor(book: Manual) -> None:
    """Every game's figures: field, column and row names, the track's numbers, the
    stones' values, the facts under the board, tile ids, labels, the cell blocks' counts,
    Der Tunnel's tokens' letters and its legend all print at 6 pt or more (Hekla's board
    printed whole had field names of 1.7 pt, Breakout's column names 4.6 pt, Section X's
    tile ids 1.1 to 2.4 pt and CELL BLOCK 2.4 pt, Der Tunnel's token letters 3.4 to 5 pt)."""
    for name, f in book.figures.items():
        picture = Picture.of(drawn(book, f, THEME))
        k = print_scale(book.book, picture)
        sizes = list(printed_sizes(picture.items, k, {s.name: s for s in picture.symbols}))
        assert sizes, name
        small = [(round(pt, 1), text) for pt, text in sizes if pt < FLOOR - 1e-6]
        assert not small, f"{name}: {small[:5]} print under {FLOOR} pt"


def test_der_tunnels_tokens_grow_with_their_letters() -> None:
    """Der Tunnel's book draws its tokens 5 mm across (their letters at 6 pt), on the
    board and in the legend, where ``illustrate`` draws them 4 mm; its figures print at
    full size in their 150 x 90 mm box, so the letters print at 6 pt."""
    from sectionx.games.tunnel import figures as tunnel_figures
    from sectionx.render.scene import Circle

    manual = prepare(TUNNEL, "en", theme=THEME)
    for name, f in manual.figures.items():
        picture = Picture.of(drawn(manual, f, THEME))
        assert print_scale(TUNNEL, picture) == 1.0, name
        symbols = {s.name: s for s in picture.symbols}
        letters = [(pt, t) for pt, t in printed_sizes(picture.items, 1.0, symbols) if t in "ABCDEF" and len(t) == 1]
        assert all(pt >= tunnel_figures.BOOK_PT - 1e-6 for pt, _ in letters), name  # labels (A, B) may be larger
        assert any(pt == pytest.approx(tunnel_figures.BOOK_PT) for pt, _ in letters), name
        plain = tunnel_figures.drawing(tunnel_figures.read_figure(f.doc), THEME)
        symbols = {s.name: s for s in plain.symbols}
        small = [pt for pt, t in printed_sizes(plain.pages[0].items, 1.0, symbols) if t in "ABCDEF" and len(t) == 1]
        assert min(small) < 5.1, name  # illustrate's own drawing keeps its tokens

    def rims(items) -> list[float]:
        out = []
        for it in items:
            if isinstance(it, Circle) and it.style.fill:
                out.append(2 * it.r)
            elif isinstance(it, Group):
                out += rims(it.items)
        return out

    picture = Picture.of(drawn(manual, manual.figures["tu1-a-new-tile"], THEME))
    assert max(rims(picture.items)) == pytest.approx(tunnel_figures.BOOK_PT / tunnel_figures.LETTER_PER_MM)


def test_the_floor_finds_small_type() -> None:
    """The measure sees what the builder's default box did to Hekla's whole board."""
    manual = prepare(HEKLA, "en", theme=THEME)
    f = manual.figures["h1-pass"]
    path = f.path
    whole = Picture.of(hekla_figures.drawing(hekla_formats.read(read_yaml(path, what="figure")), THEME))
    k = min(FIGURE_SIZE[0] / whole.width, FIGURE_SIZE[1] / whole.height, 1.0)
    smallest = min(pt for pt, _ in printed_sizes(whole.items, k, {}))
    assert smallest < 3.0


def test_hekla_figures_are_cropped_to_what_they_name() -> None:
    """Each book figure shows less than the whole board where it can, and every field
    its claims and annotations name (and the volcanist whose line moves a stone) lies
    inside the crop."""
    manual = prepare(HEKLA, "en", theme=THEME)
    smaller = 0
    for name, f in manual.figures.items():
        loaded = hekla_formats.read(f.doc)
        g = hekla_figures.art.Geometry(loaded.position.board)
        left, top, right, bottom = hekla_figures.window(loaded, g)
        w, h = g.size
        smaller += (right - left) * (bottom - top) < w * h * 0.8
        for field in hekla_figures.named_fields(loaded):
            x, y = g.box(field)
            assert left - 1e-6 <= x and x + hekla_figures.art.FIELD <= right + 1e-6, (name, field)
            assert top - 1e-6 <= y and y + hekla_figures.art.FIELD <= bottom + 1e-6, (name, field)
    assert smaller >= len(manual.figures) // 2


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_sectionx_figures_are_cropped_round_what_they_name(lang: str) -> None:
    """Each Section X book figure keeps every cell its annotations and claims name
    (labels, highlights, arrows, the tile a claim moves and its targets, the cells of
    its actions and connections) inside the crop it draws, and leaves out the board's
    names (the colours, symbols and zones' letters name the places) and the tiles' ids
    (no caption or claim names a tile by its id)."""
    manual = prepare(SECTIONX, lang, theme=THEME)
    words = manual.language.words
    names = {words.get("island", "ISLAND"), words.get("cell_block", "CELL BLOCK"), words.get("free_zone", "FREE ZONE")}
    with_tiles = 0
    for name, f in manual.figures.items():
        scenario = sectionx_formats.load_doc(f.doc, f.path.parent).scenario
        named = sectionx_figures.named_cells(scenario)
        assert named, name
        shown = sectionx_diagram.plan(scenario.state, THEME, crop=True, annotations=scenario.annotations,
                                      focus=sectionx_figures.book_focus(scenario)).shown
        assert shown is not None and named <= shown, (name, sorted(named - (shown or frozenset())))
        picture = Picture.of(drawn(manual, f, THEME))
        texts = {t for _, t in printed_sizes(picture.items, 1.0, {s.name: s for s in picture.symbols})}
        assert not texts & names, name
        ids = {p.tile for _, p in scenario.state.tiles}
        with_tiles += bool(ids)
        assert not texts & ids, name
        said = " ".join([scenario.annotations.caption, *(c.says for c in scenario.claims)])
        assert not re.search(r"\bT\d\d\b", said), name
    assert with_tiles >= len(manual.figures) // 2


def test_named_cells_reads_claims() -> None:
    """A claim's cells count as named: the moved tile, the cells of its connections and
    every cell an action writes (``move -3,2 -3,1@0``); a label is its cell only where
    the figure's annotations give it."""
    from dataclasses import replace

    from sectionx.hexgrid import Cell

    manual = prepare(SECTIONX, "en", theme=THEME)
    f = manual.figures["distance-rule"]
    scenario = sectionx_formats.load_doc(f.doc, f.path.parent).scenario
    assert {Cell(-3, 2), Cell(-2, 1), Cell(-3, 1), Cell(-2, 3), Cell(-4, 3)} <= sectionx_figures.named_cells(scenario)
    bare = sectionx_figures.named_cells(replace(scenario, annotations=NO_ANNOTATIONS))
    assert {Cell(-3, 2), Cell(-2, 1), Cell(-3, 1)} <= bare  # the claims' own cells and the action's target
    assert Cell(-2, 3) not in bare and Cell(-4, 3) not in bare  # A and F are labels only


def test_the_illustrate_drawing_is_the_whole_board() -> None:
    """Only the book crops: ``illustrate`` draws the whole board as before."""
    manual = prepare(HEKLA, "en", theme=THEME)
    loaded = hekla_formats.read(manual.figures["h3-long-move"].doc)
    page = hekla_figures.drawing(loaded, THEME).pages[0]
    assert page.width == pytest.approx(hekla_figures.art.Geometry(loaded.position.board).size[0] + 2 * hekla_figures.art.MARGIN)


GAMES = [(SECTIONX, lang) for lang in ("en", "de", "nl")] + [(b, lang) for b in (BREAKOUT, HEKLA, TUNNEL) for lang in ("en", "de")]
#: The section each game's turn at a glance follows: its end (Section X's two-player
#: and advanced rules belong with the rules; its clarifications come next).
ENDS = {"Section X": 12, "Breakout": 8, "Hekla": 7, "Der Tunnel": 9}


@pytest.mark.parametrize(("rulebook", "lang"), GAMES, ids=lambda p: p if isinstance(p, str) else p.game)
def test_the_turn_at_a_glance_follows_the_games_end(rulebook: Rulebook, lang: str) -> None:
    """Components, the rules in order, the turn at a glance after the game's end and
    before the clarifications, the index: in the contents and on the HTML page."""
    manual = prepare(rulebook, lang, theme=THEME)
    end = ENDS[rulebook.game]
    assert summary_after(manual) == rulebook.summary_after
    keys = [key for _, key in contents_rows(manual)]
    assert keys[0] == "components" and keys[-1] == "index"
    assert keys.index("summary") == keys.index(f"section-{end}") + 1
    page = to_html(manual, THEME)
    ids = re.findall(r'<h2 id="([^"]+)"', page)
    assert ids.index("summary") == ids.index(f"section-{end}") + 1
    assert ids.index("summary") > ids.index("rules")


def test_the_html_page_sizes_text_and_figures_as_the_pdf() -> None:
    """Captions and tables at the PDF's small size against its body; each figure drawn
    as wide as the PDF prints it, times the page's text scale, so the words in it stand
    to the caption as on paper."""
    manual = prepare(HEKLA, "en", theme=THEME)
    page = to_html(manual, THEME)
    assert f"figcaption {{ font-size: {SMALL / BODY:.3f}rem;" in page
    assert pytest.approx(12.0 / BODY) == SCREEN
    for name, f in manual.figures.items():
        picture = Picture.of(drawn(manual, f, THEME))
        width = figure_width(manual, picture)
        assert width == pytest.approx(picture.width * print_scale(HEKLA, picture) * SCREEN)
        m = re.search(rf'<figure id="figure-{name}">\s*<svg[^>]*? width="([0-9.]+)mm"', page)
        assert m is not None, name
        assert float(m.group(1)) == pytest.approx(width, rel=1e-4)


def test_the_turn_at_a_glance_never_leaves_its_title_alone() -> None:
    """Where the room holds the title and one row only, the box moves on whole; with
    room for two rows it goes on over the page between rows, the box closed on both."""
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, TableStyle

    from sectionx.rulebook.pdf import _Rows, _Styles

    s = _Styles(THEME)
    rows = [[Paragraph("A turn at a glance", s.h2), ""]] + [[Paragraph(f"Part {i}", s.body), Paragraph("a line", s.body)]
                                                          for i in range(4)]
    table = _Rows(rows, colWidths=[45 * mm, 100 * mm])
    table.setStyle(TableStyle([("SPAN", (0, 0), (-1, 0))]))
    table.wrap(145 * mm, 1000)
    heights = table._rowHeights
    assert table.split(145 * mm, heights[0] + heights[1] + 1) == []
    parts = table.split(145 * mm, heights[0] + heights[1] + heights[2] + 1)
    assert [len(p._cellvalues) for p in parts] == [3, 2]


@pytest.mark.parametrize("rulebook", [SECTIONX, BREAKOUT, HEKLA, TUNNEL], ids=lambda b: b.game)
def test_no_word_of_the_cover_or_components_prints_as_a_speck(rulebook: Rulebook) -> None:
    """The cover's and the components' pictures are the kit's art drawn small: a word
    that would print under 4 pt there is left out (Section X's board on the components
    page printed its names at 0.6 pt, its tiles' ids at 3 pt); the rest stay."""
    from sectionx.rulebook.pdf import COMPONENT_BOX, COVER_H, printed_scale
    from sectionx.rulebook.pictures import LEAST_WORD_PT

    manual = prepare(rulebook, "en", theme=THEME)
    drawn_pictures = []
    if rulebook.cover is not None:
        cover = rulebook.cover(THEME, manual.language)
        drawn_pictures.append((cover, printed_scale(cover, A4_TEXT, COVER_H, grow=True)))
    if rulebook.component_pictures is not None:
        drawn_pictures += [(p, printed_scale(p, *COMPONENT_BOX)) for _, p in rulebook.component_pictures(THEME, manual.language)]
    assert drawn_pictures
    left_out = 0
    for picture, k in drawn_pictures:
        symbols = {s.name: s for s in picture.symbols}
        before = list(printed_sizes(picture.items, k, symbols))
        after = list(printed_sizes(picture.legible(k).items, k, symbols))
        assert all(pt >= LEAST_WORD_PT - 1e-6 for pt, _ in after)
        assert [w for w in before if w[0] >= LEAST_WORD_PT - 1e-6] == after  # only the specks go
        left_out += len(before) - len(after)
    if rulebook is SECTIONX:
        assert left_out > 20
