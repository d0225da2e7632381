"""The print-and-play kit: every component of Section X in one PDF, plus SVGs.

Page order (A4 with the default template; other papers may differ in counts):

1. components checklist and printing advice;
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

import contextlib
import hashlib
import json
import re
from dataclasses import dataclass, replace
from pathlib import Path

from .... import __version__
from ....colours import COLOURS
from ....fileio import OUTPUT_RULE, FileProblem, make_folder, read_bytes, sha256, write_files
from ....render.pdf import to_pdf
from ....render.scene import Document, Page, Symbol, Text
from ....render.svg import to_svg
from ....render.textfit import DoesNotFit
from ....render.theme import Theme, grey
from ..model import DOORS, PRISONERS, Board, Catalogue
from . import components, sheets

#: Most tile pages (fronts and backs) a kit may have (limit); 54 tiles take 6 on A4.
MAX_TILE_PAGES = 200


@dataclass(frozen=True)
class Section:
    """Consecutive pages of one component; ``duplex`` pairs are front, back, front, back…"""

    what: str
    count: int
    pages: tuple[Page, ...]
    duplex: bool = False
    advice: str = ""


@dataclass(frozen=True)
class Kit:
    """The built kit: the main document, and the one-page board when asked for."""

    document: Document
    poster: Document | None
    theme: Theme


def _strip_number(name: str) -> str:
    return re.sub(r"^\d+-", "", name)


def _blank(paper: tuple[float, float], theme: Theme) -> Page:
    return Page(paper[0], paper[1], (Text(paper[0] / 2, paper[1] / 2, "This page is left blank on purpose "
                                          "(so that duplex fronts fall on odd pages).", 8, theme.colours["ink"], "middle"),),
                "blank", "Blank page")


def _number(sections: list[Section], paper: tuple[float, float], theme: Theme, first: int
            ) -> tuple[list[Page], list[tuple[Section, int, int]]]:
    """Pages in order with blanks where a duplex front would fall on an even page;
    each section with its first and last page number."""
    pages: list[Page] = []
    spans = []
    for sec in sections:
        if sec.duplex and (first + len(pages)) % 2 == 0:
            pages.append(_blank(paper, theme))
        start = first + len(pages)
        pages.extend(sec.pages)
        spans.append((sec, start, first + len(pages) - 1))
    return pages, spans


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
    token_p, token_s = components.token_pages(theme, paper)
    keep(token_s)
    tile_p, tile_s = sheets.tile_pages(catalogue, theme, paper, offset=offset)
    keep(tile_s)
    card_p, card_s = components.card_pages(theme, paper, offset=offset)
    keep(card_s)
    cal_p, cal_s = components.calibration_pages(theme, paper, offset=offset)
    keep(cal_s)
    # The board comes on these pages or, with --board-paper, also whole on one large
    # sheet: the checklist says which to print, so nobody prints both.
    whole = (f"; or print the whole board instead: sectionx-board-{board_paper.lower()}.pdf, one "
             f"{board_paper.upper()} sheet (copy shop)") if board_paper else ""
    sections = [
        Section("Board", 1, tuple(board_p), advice=f"{split.cols}×{split.rows} pages; cut at the dashed lines, "
                                                    f"lay each edge on the grey strip at the arrow tips and glue{whole}"),
        Section(f"Prisoner tokens ({PRISONERS} per colour and {components.SPARES} spares) and doors ({DOORS} per colour)",
                len(COLOURS) * (PRISONERS + components.SPARES + DOORS), tuple(token_p),
                advice="single-sided; glue to card, then cut"),
        Section(f"Tiles ({grid.per_page} per sheet)", len(catalogue.tiles), tuple(tile_p), duplex=True,
                advice="long-edge duplex: fronts and backs; scissors along the pale outlines"),
        Section("Master-key cards and player aids", 8, tuple(card_p), duplex=True,
                advice="long-edge duplex; cut straight across the sheet, crop mark to crop mark"),
        Section("Duplex calibration", 1, tuple(cal_p), duplex=True, advice="print first, long-edge duplex"),
    ]
    # The checklist comes first and lists the page numbers that follow it; it is built
    # again if its own length moves them.
    length = 1
    while True:
        body, spans = _number(sections, paper, theme, length + 1)
        rows = [(sec.what, sec.count, (f"page {a}" if a == b else f"pages {a}–{b}") + (f": {sec.advice}" if sec.advice else ""))
                for sec, a, b in spans]
        check_p, check_s = components.checklist_page(theme, paper, rows)
        if len(check_p) == length:
            break
        length = len(check_p)
    keep(check_s)
    pages = list(check_p) + body
    named = tuple(replace(p, name=f"{i + 1:02d}-{_strip_number(p.name)}") for i, p in enumerate(pages))
    document = Document(named, tuple(symbols.values()), "Section X – print-and-play kit")
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
    """File name -> content for everything :func:`write_kit` writes (nothing written yet)."""
    out: dict[Path, bytes] = {out_dir / "sectionx-kit.pdf": to_pdf(kit.document, kit.theme)}
    if kit.poster is not None:
        out[out_dir / f"sectionx-{kit.poster.pages[0].name}.pdf"] = to_pdf(kit.poster, kit.theme)
    if svg:
        docs = [kit.document] + ([kit.poster] if kit.poster else [])
        for doc in docs:
            table = doc.symbol_map
            for page in doc.pages:
                out[out_dir / "svg" / f"{page.name}.svg"] = to_svg(page, table, kit.theme).encode("utf-8")
    return out


#: The kit's record of what it wrote, kept in the kit folder: relative path -> SHA-256.
MANIFEST = "sectionx-kit.manifest.json"
_MANIFEST_BYTES = 1 << 20
#: The only names a manifest entry may have: the names a kit gives its files, in the
#: folder or in svg/.  A doctored manifest cannot name a user's notes.txt, whatever
#: digest it claims.
_ENTRY = re.compile(r"^(svg/\d\d-[a-z0-9-]+\.svg|svg/board-[a-z0-9]+\.svg|sectionx-[a-z0-9-]+\.pdf)$")


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _previous(out_dir: Path) -> dict[str, str]:
    """What the last kit written into ``out_dir`` wrote, from its manifest; empty if
    there is none or it cannot be trusted (then nothing old is removed)."""
    path = out_dir / MANIFEST
    if not path.exists():
        return {}
    try:
        data = json.loads(read_bytes(path, _MANIFEST_BYTES, what="kit manifest", track=False))
    except (FileProblem, ValueError, RecursionError):  # RecursionError: [[[[… nested past Python's stack
        return {}
    files = data.get("files") if isinstance(data, dict) else None
    if not isinstance(files, dict):
        return {}
    return {k: v for k, v in files.items() if isinstance(k, str) and isinstance(v, str) and _ENTRY.match(k)}


def write_kit_files(files: dict[Path, bytes], out_dir: Path) -> list[Path]:
    """Write the kit into ``out_dir`` as one step and return the files removed.

    The folder only ever loses files an earlier kit wrote there: the manifest
    (:data:`MANIFEST`) lists each file this kit wrote with its SHA-256, and a file
    of the previous kit that this one does not write again is removed only if it
    is still exactly as that kit wrote it.  Everything is written through
    :func:`sectionx.fileio.write_files`: if anything fails, the folder is left as
    it was.
    """
    svg_dir = out_dir / "svg"
    if svg_dir.is_symlink() or (svg_dir.exists() and not svg_dir.is_dir()):
        raise FileProblem(svg_dir, "is not a real folder; the kit writes its SVGs only into a folder of its own",
                          OUTPUT_RULE)
    previous = _previous(out_dir)
    wanted = [out_dir] + ([svg_dir] if any(p.parent == svg_dir for p in files) else [])
    made = [folder for top in wanted for folder in reversed((top, *top.parents)) if not folder.exists()]
    made = list(dict.fromkeys(made))
    for folder in made:
        make_folder(folder)
    manifest = {p.relative_to(out_dir).as_posix(): _digest(data) for p, data in sorted(files.items())}
    stale = [out_dir / name for name, digest in sorted(previous.items())
             if name not in manifest and sha256(out_dir / name) == digest]
    record = {"written_by": f"sectionx {__version__}", "files": manifest}
    everything = dict(files)
    everything[out_dir / MANIFEST] = (json.dumps(record, indent=1, sort_keys=True) + "\n").encode("utf-8")
    try:
        write_files(everything, remove=tuple(stale))
    except FileProblem:
        for folder in reversed(made):  # folders this call made go too: the folder is as it was
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise
    return stale
