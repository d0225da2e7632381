"""A print-and-play kit's document and files, for every game: sections of pages,
duplex numbering (a blank page wherever a front would fall on an even page), the
checklist first, and the files written as one step with a manifest, so that a
re-run only removes files an earlier kit of the same game wrote.  No game words: a
game names its sections, its title and its file prefix.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from .. import __version__
from ..fileio import OUTPUT_RULE, FileProblem, make_folder, read_bytes, refuse_existing, sha256, write_files
from .pdf import to_pdf
from .printing import Art, calibration_pages, checklist_page
from .scene import Document, Page, Symbol, Text
from .svg import to_svg
from .textfit import DoesNotFit, Para
from .theme import Theme, grey
from .twoup import half_paper, two_up_sheets


@dataclass(frozen=True)
class Section:
    """Consecutive pages of one component; ``duplex`` pairs are front, back, front, back…"""

    what: str
    count: int
    pages: tuple[Page, ...]
    duplex: bool = False
    advice: str = ""
    #: ``(back, count)``: the pieces share sheets already laid (two up, :func:`two_up_sheets`):
    #: ``pages`` is empty and the section is on the ``count`` pages starting ``back`` pages
    #: before the end of those laid so far.
    shares: tuple[int, int] | None = None


@dataclass(frozen=True)
class Kit:
    """The built kit: the main document, and the one-page board when asked for."""

    document: Document
    poster: Document | None
    theme: Theme


def strip_number(name: str) -> str:
    return re.sub(r"^\d+-", "", name)


def blank_page(paper: tuple[float, float], theme: Theme) -> Page:
    return Page(paper[0], paper[1], (Text(paper[0] / 2, paper[1] / 2, "This page is left blank on purpose "
                                          "(so that duplex fronts fall on odd pages).", 8, theme.colours["ink"], "middle"),),
                "blank", "Blank page")


def number_pages(sections: list[Section], paper: tuple[float, float], theme: Theme, first: int
            ) -> tuple[list[Page], list[tuple[Section, int, int]]]:
    """Pages in order with blanks where a duplex front would fall on an even page;
    each section with its first and last page number."""
    pages: list[Page] = []
    spans = []
    for sec in sections:
        if sec.shares is not None:
            start = first + len(pages) - sec.shares[0]
            spans.append((sec, start, start + sec.shares[1] - 1))
            continue
        if sec.duplex and (first + len(pages)) % 2 == 0:
            pages.append(blank_page(paper, theme))
        start = first + len(pages)
        pages.extend(sec.pages)
        spans.append((sec, start, first + len(pages) - 1))
    return pages, spans


def assemble(sections: list[Section], theme: Theme, paper: tuple[float, float], symbols: dict[str, Symbol], *,
             title: str, checklist_title: str, advice: Sequence[Para], checklist_art: Art | None = None) -> Document:
    """The kit's document: the checklist first, listing each section with its pages
    (built again if its own length moves them; ``checklist_art`` fills the room under
    its table), then the sections in order with a blank page wherever a duplex front
    would fall on an even page; pages named ``NN-<name>``.  ``symbols`` gains the
    checklist's."""
    length = 1
    while True:
        body, spans = number_pages(sections, paper, theme, length + 1)
        rows = [(sec.what, sec.count, (f"page {a}" if a == b else f"pages {a}–{b}") + (f": {sec.advice}" if sec.advice else ""))
                for sec, a, b in spans]
        check_p, check_s = checklist_page(theme, paper, rows, title=checklist_title, advice=advice, art=checklist_art)
        if len(check_p) == length:
            break
        length = len(check_p)
    for s in check_s:
        symbols.setdefault(s.name, s)
    pages = list(check_p) + body
    named = tuple(replace(p, name=f"{i + 1:02d}-{strip_number(p.name)}") for i, p in enumerate(pages))
    return Document(named, tuple(symbols.values()), title)


def kit_files(kit: Kit, out_dir: Path, prefix: str, *, svg: bool = True) -> dict[Path, bytes]:
    """File name -> content for everything :func:`write_kit_files` writes (nothing written
    yet): ``PREFIX-kit.pdf``, the poster as ``PREFIX-<its page>.pdf``, an SVG per page."""
    out: dict[Path, bytes] = {out_dir / f"{prefix}-kit.pdf": to_pdf(kit.document, kit.theme)}
    if kit.poster is not None:
        out[out_dir / f"{prefix}-{kit.poster.pages[0].name}.pdf"] = to_pdf(kit.poster, kit.theme)
    if svg:
        docs = [kit.document] + ([kit.poster] if kit.poster else [])
        for doc in docs:
            table = doc.symbol_map
            for page in doc.pages:
                out[out_dir / "svg" / f"{page.name}.svg"] = to_svg(page, table, kit.theme).encode("utf-8")
    return out


def manifest_name(prefix: str) -> str:
    """The kit's record of what it wrote, kept in the kit folder: relative path ->
    SHA-256.  Each game's kit has its own, so two kits in one folder never remove
    each other's files."""
    return f"{prefix}-kit.manifest.json"


_MANIFEST_BYTES = 1 << 20


def _entry(prefix: str) -> re.Pattern[str]:
    """The only names a manifest entry may have: the names a kit gives its files, in
    the folder or in svg/.  A doctored manifest cannot name a user's notes.txt,
    whatever digest it claims."""
    # Page names may hold capitals (02-board-A1: the sheet of paper A1 of the board).
    return re.compile(rf"^(svg/[0-9][0-9]-[A-Za-z0-9-]+\.svg|svg/board-[A-Za-z0-9]+\.svg|{re.escape(prefix)}-[A-Za-z0-9-]+\.pdf)\Z")


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _previous(out_dir: Path, prefix: str) -> dict[str, str]:
    """What the last kit written into ``out_dir`` wrote, from its manifest; empty if
    there is none or it cannot be trusted (then nothing old is removed)."""
    path = out_dir / manifest_name(prefix)
    if not path.exists():
        return {}
    try:
        data = json.loads(read_bytes(path, _MANIFEST_BYTES, what="kit manifest", track=False))
    except (FileProblem, ValueError, RecursionError):  # RecursionError: [[[[… nested past Python's stack
        return {}
    files = data.get("files") if isinstance(data, dict) else None
    if not isinstance(files, dict):
        return {}
    return {k: v for k, v in files.items() if isinstance(k, str) and isinstance(v, str) and _entry(prefix).match(k)}


def write_kit_files(files: dict[Path, bytes], out_dir: Path, prefix: str) -> list[Path]:
    """Write the kit into ``out_dir`` as one step and return the files removed.

    The folder only ever loses files an earlier kit wrote there: the manifest
    (:func:`manifest_name`) lists each file this kit wrote with its SHA-256, and a file
    of the previous kit that this one does not write again is removed only if it
    is still exactly as that kit wrote it.  Nor is a file replaced that no earlier kit
    wrote: one of a kit file's name that the manifest does not list is the user's own,
    and the kit is refused (nothing written) rather than write over it.  Everything is written through
    :func:`sectionx.fileio.write_files`: if anything fails, the folder is left as
    it was.
    """
    svg_dir = out_dir / "svg"
    if svg_dir.is_symlink() or (svg_dir.exists() and not svg_dir.is_dir()):
        raise FileProblem(svg_dir, "is not a real folder; the kit writes its SVGs only into a folder of its own",
                          OUTPUT_RULE)
    previous = _previous(out_dir, prefix)
    refuse_existing((p for p in files if p.relative_to(out_dir).as_posix() not in previous),
                    "no kit written here lists it, so it is not the kit's to replace (move it away, or choose "
                    "another --out)")
    wanted = [out_dir] + ([svg_dir] if any(p.parent == svg_dir for p in files) else [])
    made = [folder for top in wanted for folder in reversed((top, *top.parents)) if not folder.exists()]
    made = list(dict.fromkeys(made))
    for folder in made:
        make_folder(folder)
    manifest = {p.relative_to(out_dir).as_posix(): digest(data) for p, data in sorted(files.items())}
    stale = [out_dir / name for name, digest in sorted(previous.items())
             if name not in manifest and sha256(out_dir / name) == digest]
    record = {"written_by": f"sectionx {__version__}", "files": manifest}
    everything = dict(files)
    everything[out_dir / manifest_name(prefix)] = (json.dumps(record, indent=1, sort_keys=True) + "\n").encode("utf-8")
    try:
        write_files(everything, remove=tuple(stale))
    except FileProblem:
        for folder in reversed(made):  # folders this call made go too: the folder is as it was
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise
    return stale


def write_kit(kit: Kit, out_dir: Path, prefix: str, *, svg: bool) -> str:
    """Build every file in memory, write the kit as one step (:func:`write_kit_files`)
    and return the line that tells the user what was written."""
    files = kit_files(kit, out_dir, prefix, svg=svg)
    write_kit_files(files, out_dir, prefix)
    pdf_path = out_dir / f"{prefix}-kit.pdf"
    return (f"wrote {pdf_path} ({len(kit.document.pages)} pages, {len(files[pdf_path]) // 1024} KiB)"
            + (f", {sum(p.suffix == '.svg' for p in files)} SVGs in {out_dir / 'svg'}" if svg else ""))


def game_kit(theme: Theme, paper_name: str, components: Callable[[tuple[float, float]], list[Section]],
             cards: Callable[[tuple[float, float], tuple[float, float]], tuple[list[Page], list[Symbol]]], *,
             card_count: int,
             offset: tuple[float, float], title: str, advice: Sequence[Para], cards_what: str = "Rules cards",
             trailing: int = 0, checklist_art: Art | None = None) -> Kit:
    """A game's kit as every game's is put together: the checklist, the game's
    ``components`` (sections built for the paper), its ``cards`` (fronts and backs
    for a paper and the backs' offset, listed in the checklist as ``cards_what``) and the duplex calibration sheet,
    then the last ``trailing`` components (so that a kit with an even number of
    single-sided pages before its duplex sheets needs no blank page); ``checklist_art``
    fills the room under the checklist's table; in greyscale when the theme says so.
    A component that does not fit the paper (DoesNotFit) is one line naming the
    paper, located where the template defines it."""
    try:
        paper = theme.paper(paper_name)
        sections = components(paper)
        half = half_paper(paper)
        # On A3 (two A4 side by side) the card sheet and the trailing single-sided sheets
        # are laid for A4 and go two up (render/twoup.py): laid for A3 they left its
        # pages half empty or more, for the pieces print at their real size.
        card_pages, card_symbols = cards(half or paper, (0.0, 0.0) if half else offset)
        calibration, calibration_symbols = calibration_pages(theme, paper, offset=offset)
        symbols: dict[str, Symbol] = {}
        for s in (*card_symbols, *calibration_symbols):
            symbols.setdefault(s.name, s)
        tail = sections[len(sections) - trailing:] if trailing else []
        sections = sections[:len(sections) - trailing] if trailing else sections
        cards_advice = "long-edge duplex; cut straight across the sheet, crop mark to crop mark"
        beside: Section | None = None
        if half:
            # The cards' A4 fronts and backs (laid without the printer's offset: the whole
            # A3 back page takes it) two up; an odd last half takes the first trailing
            # single-sided sheet, whose back stays blank.
            units: list[tuple[Page, Page | None]] = list(zip(card_pages[::2], card_pages[1::2]))
            if len(units) % 2 and tail and len(tail[0].pages) == 1 and not tail[0].duplex:
                beside = components(half)[len(sections)]
                units.append((beside.pages[0], None))
                tail = tail[1:]
            card_pages = two_up_sheets(units, paper, offset=offset)
        sections += [Section(cards_what, card_count, tuple(card_pages), duplex=True, advice=cards_advice)]
        if beside is not None:
            # Printed with the cards' sheet: not "single-sided" there, but its back half blank.
            rest = beside.advice.removeprefix("single-sided; ")
            sections.append(replace(beside, pages=(), shares=(2, 1),
                                    advice="beside the cards, printed with them (the back behind it is blank); " + rest))
        sections += [
            Section("Duplex calibration", 1, tuple(calibration), duplex=True, advice="print first, long-edge duplex"),
            *tail,
        ]
        document = assemble(sections, theme, paper, symbols, title=title, checklist_title=title, advice=advice,
                            checklist_art=checklist_art)
    except DoesNotFit as exc:
        raise theme.paper_problem(paper_name, str(exc), tiles=False) from None
    if theme.greyscale:
        document = document.recoloured(grey)
    return Kit(document, None, theme)
