"""A folder of puzzle files, as ``deck`` and ``book`` take it: which files, and which game.

Contract:

* :func:`puzzle_files` lists the ``*.yaml`` files directly in a folder (not in the
  folders below it), in file-name order.  It refuses the folder in one line
  (:class:`SetProblem`) when it is not a folder, holds no such file, holds more than
  :data:`MAX_FILES`, or holds a link that leads out of the folder: a deck or book
  prints what the folder holds, never a file elsewhere that a link names (its text
  would otherwise be quoted in a problem line, or printed).
* :func:`game_of` reads each file's ``game:`` key (the default game when there is none)
  and refuses a folder whose files name two games, or one that is not known: a deck
  is one game's.

Each game reads and checks the files with its own reader through :func:`read_puzzles`
(one line for the first that is no valid puzzle) and orders them with :func:`in_order`
and :func:`choose`, which know only tiers and sort keys.  Nothing
here names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol, TypeVar

from . import games
from .console import INVALID, USAGE, status_of
from .errors import SectionXError
from .yamlsrc import Doc, LoadError, read_yaml

#: The tiers of a graded set, easiest first: the same four words for every game, so a
#: print template's tier colours and symbols serve them all.
TIERS = ("beginner", "intermediate", "advanced", "expert")
#: Most puzzle files a folder may hold: a deck has 60 cards, a book of 1,000 puzzles
#: already runs to well over 1,000 pages.
MAX_FILES = 1000

T = TypeVar("T")


class SetProblem(SectionXError):
    """A folder that cannot be printed as it is; the message is one line.  ``code`` is
    the exit status: 1 for a problem with a puzzle file, 2 for a folder that cannot
    be used at all, 3 for a puzzle proved impossible, 4 when a limit stopped the
    solver (as for ``solve``)."""

    def __init__(self, message: str, code: int = INVALID):
        super().__init__(message)
        self.code = code


def puzzle_files(folder: Path) -> list[Path]:
    """The puzzle files of ``folder`` (module docstring), vetted."""
    if not folder.is_dir():
        what = "no such folder" if not (folder.exists() or folder.is_symlink()) else "not a folder"
        raise SetProblem(f"{folder}: {what}; name the folder that holds the puzzle files", USAGE)
    files = sorted(p for p in folder.glob("*.yaml") if not p.is_dir())
    if not files:
        raise SetProblem(f"{folder}: no puzzle files (*.yaml) in it", USAGE)
    if len(files) > MAX_FILES:
        raise SetProblem(f"{folder}: {len(files)} puzzle files; a deck or book takes at most {MAX_FILES} (limit)", USAGE)
    home = folder.resolve()
    for path in files:
        if path.is_symlink() and path.resolve().parent != home:
            raise SetProblem(f"{path}: a link to a file outside {folder}; a deck or book prints only the folder's own "
                             "files (copy the file in)", USAGE)
    return files


def game_of(files: Sequence[Path]) -> games.Game:
    """The one game all ``files`` belong to (module docstring)."""
    found: dict[str, Path] = {}
    for path in files:
        try:
            _, game = games.read(path)
        except LoadError as exc:
            raise SetProblem(str(exc.diagnostics[0]) if exc.diagnostics else f"{path}: cannot be read",
                             status_of(exc.diagnostics)) from None
        found.setdefault(game.name, path)
        if len(found) > 1:
            (a, pa), (b, pb) = found.items()
            raise SetProblem(f"{pb} is a {games.get(b).title} puzzle and {pa} a {games.get(a).title} one; "
                             "a deck or book holds one game's puzzles")
    return games.get(next(iter(found)))


def in_order(items: Sequence[T], tier: Callable[[T], str | None], key: Callable[[T], tuple[object, ...]],
             ungraded: Callable[[T], tuple[object, ...]]) -> list[T]:
    """Graded items by tier (:data:`TIERS`), then ``key``; then the ungraded ones by
    ``ungraded`` (e.g. proven turns, then file name)."""
    graded = sorted((i for i in items if tier(i) is not None), key=lambda i: (TIERS.index(tier(i) or ""), key(i)))
    return graded + sorted((i for i in items if tier(i) is None), key=ungraded)


def choose(ordered: Sequence[T], tier: Callable[[T], str | None], per_tier: int,
           name: Callable[[T], str]) -> tuple[list[T], list[str]]:
    """The first ``per_tier`` items of each tier of ``ordered`` (already in order), and
    a warning for each tier with fewer.  SetProblem for an ungraded item, named by
    ``name``: a deck is ordered and coloured by grade."""
    for item in ordered:
        if tier(item) is None:
            raise SetProblem(f"{name(item)}: no grade: block; a deck needs graded puzzles, as sectionx generate writes "
                             "them (sectionx book takes ungraded ones too)")
    chosen: list[T] = []
    warnings = []
    for t in TIERS:
        here = [i for i in ordered if tier(i) == t]
        if len(here) < per_tier:
            warnings.append(f"only {len(here)} {t} puzzle{'s' if len(here) != 1 else ''}, not {per_tier}; "
                            "the deck has what there is")
        chosen += here[:per_tier]
    return chosen, warnings


class Puzzle(Protocol):
    """What a game's reader gives for a puzzle file: a ``goal`` (None for a position)."""

    @property
    def goal(self) -> object | None: ...


L = TypeVar("L", bound=Puzzle)


def read_puzzles(files: Sequence[Path], read: Callable[[Doc], L], title: str) -> list[tuple[Path, L]]:
    """Each of ``files`` read by the game ``title``'s ``read`` (checked as ``validate``
    does), with its path; SetProblem for the first that is not a valid puzzle: its
    first problem (and how many more), or a position without a ``goal:`` block."""
    out = []
    for path in files:
        try:
            loaded = read(read_yaml(path))
        except LoadError as exc:
            more = len(exc.diagnostics) - 1
            raise SetProblem(str(exc.diagnostics[0]) + (f" (and {more} more problem{'s' if more != 1 else ''}; "
                                                         f"sectionx validate {path} lists them)" if more else "")) from None
        if loaded.goal is None:
            raise SetProblem(f"{path}: a {title} position, not a puzzle (no goal: block); the folder may hold puzzles only")
        out.append((path, loaded))
    return out
