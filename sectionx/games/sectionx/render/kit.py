"""The print-and-play kit: every component of Section X in one PDF, plus SVGs.

Page order (A4 with the default template; other papers may differ in counts):

1. components checklist and printing advice, and how the board's pages go together;
2. the board, split over pages with glue strips (:func:`sheets.board_pages`);
3. prisoner and door tokens;
4. tile sheets, fronts then backs (long-edge duplex);
5. master-key and player-aid cards, fronts then backs;
6. the duplex calibration sheet, front then back.

Every front of a duplex pair lands on an odd page, so printing a page range
duplex puts each back behind its front; a blank page is put in where needed.
The board on one large sheet (``--board-paper``) is a second PDF, because
printers handle one paper size per file best.
"""

from __future__ import annotations

from pathlib import Path

from ....colours import COLOURS
from ....render import kitfiles, printing, twoup
from ....render.kitfiles import Kit, Section, assemble
from ....render.scene import Document, Group, Symbol
from ....render.textfit import DoesNotFit
from ....render.theme import Theme, grey
from ..model import DOORS, PRISONERS, Board, Catalogue
from . import components, sheets

#: Most tile pages (fronts and backs) a kit may have (limit); 54 tiles take 6 on A4.
MAX_TILE_PAGES = 200


def build_kit(board: Board, catalogue: Catalogue, theme: Theme, paper_name: str = "a4", *,
              board_paper: str | None = None, offset: tuple[float, float] = (0.0, 0.0), coords: bool = True) -> Kit:
    """Everything needed to print a complete game (see the module docstring).

    ``offset`` (mm) shifts every back page for printers whose duplex is off
    (measure it with the calibration sheet).  ``coords``: each board cell shows its
    ``q,r`` (quietly), as position and puzzle files name cells.  Raises :class:`~sectionx.render.textfit.DoesNotFit`
    or :class:`~sectionx.yamlsrc.LoadError` with a one-line reason.
    """
    try:
        return _build_kit(board, catalogue, theme, paper_name, board_paper=board_paper, offset=offset, coords=coords)
    except DoesNotFit as exc:
        # What does not fit is a matter of the template's paper and sizes: name them.
        raise theme.paper_problem(paper_name, str(exc)) from None


def _build_kit(board: Board, catalogue: Catalogue, theme: Theme, paper_name: str, *,
               board_paper: str | None, offset: tuple[float, float], coords: bool) -> Kit:
    paper = theme.paper(paper_name)
    grid = sheets.tile_grid(theme, paper)
    sheets_needed = -(-len(catalogue.tiles) // grid.per_page)
    if 2 * sheets_needed > MAX_TILE_PAGES:
        raise DoesNotFit(f"{len(catalogue.tiles)} tiles at {grid.per_page} per sheet would take {2 * sheets_needed} pages "
                         f"with their backs; a kit has at most {MAX_TILE_PAGES} tile pages (limit): use larger paper "
                         "or a smaller --tile-size")
    symbols: dict[str, Symbol] = {}

    def keep(new: list[Symbol]) -> None:
        for s in new:
            symbols.setdefault(s.name, s)

    board_p, board_s, split = sheets.board_pages(board, theme, paper, coords=coords)
    keep(board_s)
    spares = components.spares_for(theme, paper)
    token_p, token_s = components.token_pages(theme, paper, spares=spares, extras=True)
    spare_doors = sum(isinstance(g, Group) and g.label.startswith("piece-spare-door-") for p in token_p for g in p.items)
    if not spare_doors:  # no room under the last colour (letter): each spare door in its colour's second row
        spares = components.spares_for(theme, paper, doors=DOORS + 1)
        token_p, token_s = components.token_pages(theme, paper, spares=spares, spare_door=True)
        spare_doors = len(COLOURS)
    keep(token_s)
    # On A3 the tiles and cards are laid for A4 and go two up (render/twoup.py): an A3
    # sheet laid for itself held the tiles' last 14 and the 8 cards on 68% and 55%
    # empty pages; two A4 sheets side by side fill it as A4 does.
    half = twoup.half_paper(paper)
    tile_p, tile_s = sheets.tile_pages(catalogue, theme, half or paper, offset=(0.0, 0.0) if half else offset)
    keep(tile_s)
    card_p, card_s = components.card_pages(theme, half or paper, offset=(0.0, 0.0) if half else offset)
    keep(card_s)
    if half:
        grid = sheets.tile_grid(theme, half)
        tile_p = twoup.two_up_sheets([(f, b) for f, b in zip((tile_p + card_p)[::2], (tile_p + card_p)[1::2])],
                                     paper, offset=offset)
        cards_on = (2, 2) if -(-len(catalogue.tiles) // grid.per_page) % 2 else None
        card_p = [] if cards_on else tile_p[-2:]
        tile_p = tile_p if cards_on else tile_p[:-2]
    else:
        cards_on = None
    cal_p, cal_s = printing.calibration_pages(theme, paper, offset=offset)
    keep(cal_s)
    # The board comes on these pages or, with --board-paper, also whole on one large
    # sheet: the checklist says which to print, so nobody prints both.
    whole = (f"; or print the whole board instead: sectionx-board-{board_paper.lower()}.pdf, one "
             f"{board_paper.upper()} sheet (copy shop)") if board_paper else ""
    sections = [
        Section("Board", 1, tuple(board_p), advice=f"{split.cols}×{split.rows} pages; cut at the dashed lines, "
                                                    f"lay each edge on the grey strip at the arrow tips and glue{whole}"),
        Section(f"Prisoner tokens ({PRISONERS} per colour and {spares} spares) and doors ({DOORS} per colour"
                + (" and a spare" if spare_doors else "") + ")",
                len(COLOURS) * (PRISONERS + spares + DOORS) + spare_doors, tuple(token_p),
                advice="single-sided; glue to card, then cut"),
        Section(f"Tiles ({grid.per_page} per {'A4 half' if half else 'sheet'})", len(catalogue.tiles), tuple(tile_p),
                duplex=True, advice="long-edge duplex: fronts and backs; scissors along the pale outlines"),
        Section("Master-key cards and player aids", 8, tuple(card_p), duplex=True,
                advice="long-edge duplex; cut straight across the sheet, crop mark to crop mark"
                + ("; beside the last tiles" if cards_on else ""), shares=cards_on),
        Section("Duplex calibration", 1, tuple(cal_p), duplex=True, advice="print first, long-edge duplex"),
    ]
    document = assemble(sections, theme, paper, symbols, title="Section X – print-and-play kit",
                        checklist_title=components.CHECKLIST_TITLE, advice=components.CHECKLIST_ADVICE,
                        checklist_art=sheets.assembly_art(split, theme))
    poster = None
    if board_paper:
        try:
            page, symbol = sheets.board_poster(board, theme, theme.paper(board_paper), board_paper.lower(), coords=coords)
        except DoesNotFit as exc:
            raise theme.paper_problem(board_paper, str(exc)) from None
        poster = Document((page,), (symbol,), f"Section X – board on {board_paper.upper()}")
    if theme.greyscale:
        document = document.recoloured(grey)
        poster = poster.recoloured(grey) if poster else None
    return Kit(document, poster, theme)


def kit_files(kit: Kit, out_dir: Path, *, svg: bool = True) -> dict[Path, bytes]:
    """File name -> content for everything :func:`write_kit_files` writes (nothing written yet)."""
    return kitfiles.kit_files(kit, out_dir, PREFIX, svg=svg)


def write_kit_files(files: dict[Path, bytes], out_dir: Path) -> list[Path]:
    """Write the kit into ``out_dir`` as one step (:func:`sectionx.render.kitfiles.write_kit_files`)."""
    return kitfiles.write_kit_files(files, out_dir, PREFIX)


#: The kit's file names start so (sectionx-kit.pdf, sectionx-board-a2.pdf).
PREFIX = "sectionx"
#: The kit's record of what it wrote, kept in the kit folder.
MANIFEST = kitfiles.manifest_name(PREFIX)
