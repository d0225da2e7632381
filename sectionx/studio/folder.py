"""The one folder a studio may read and write, and what lies in it.

Policy (issue 31, "safe by default"): a request names a file by its path relative to
the opened folder, written with ``/``.  It is refused unless, after every symbolic
link is followed, it lies inside the folder, ends in ``.yaml`` or ``.yml``, and is a
regular file (or, to save a new file, its folder exists inside the opened folder).
Nothing outside the folder is read, listed or written; writes go through
:func:`sectionx.fileio.write_file` (complete or untouched).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..errors import SectionXError

SUFFIXES = (".yaml", ".yml")
#: At most this many files are listed (a studio opened on a home folder by mistake
#: stays quick; the page says when the list was cut).
MAX_FILES = 500
#: Folders never walked into: version control, virtual environments, caches.
_SKIP = {".git", ".hg", ".svn", ".venv", "venv", "node_modules", "__pycache__", ".mypy_cache", ".pytest_cache",
         ".ruff_cache", ".hypothesis", "output"}


class OutsideFolder(SectionXError):
    """A request named a file the studio may not touch (the message says why)."""


@dataclass(frozen=True)
class Folder:
    """The opened folder (absolute, links resolved), and its name as the user gave it
    (``scenarios`` for a link to ``sectionx/examples``)."""

    root: Path
    name: str = ""

    @classmethod
    def open(cls, path: Path) -> Folder:
        root = path.expanduser().resolve()
        if not root.is_dir():
            raise OutsideFolder(f"{path}: no such folder")
        return cls(root, path.expanduser().absolute().name or root.name or "/")

    def resolve(self, relative: object, *, new: bool = False) -> Path:
        """The file ``relative`` names inside the folder; :class:`OutsideFolder` for
        anything the policy refuses.  ``new`` allows a file that does not exist yet."""
        if not isinstance(relative, str) or not relative or len(relative) > 1000 or "\x00" in relative:
            raise OutsideFolder("a file is named by its path inside the studio's folder")
        if relative.startswith(("/", "\\")) or ":" in relative.split("/")[0] or "\\" in relative:
            raise OutsideFolder(f"{relative!r}: name files by their path inside the folder, with /")
        parts = relative.split("/")
        if any(p in ("", ".", "..") for p in parts):
            raise OutsideFolder(f"{relative!r}: the path may not step out of the folder")
        path = self.root.joinpath(*parts)
        if not path.name.lower().endswith(SUFFIXES):
            raise OutsideFolder(f"{relative!r}: the studio reads and writes only .yaml files")
        real = path.resolve()
        if not real.is_relative_to(self.root):
            raise OutsideFolder(f"{relative!r} leads out of the studio's folder")
        if not real.name.lower().endswith(SUFFIXES):
            # A link named .yaml may lead to any file of the folder (a script, a hook): what
            # is read or written is where it leads, so that must be a .yaml file too.
            raise OutsideFolder(f"{relative!r} leads to a file that is not .yaml")
        if os.path.lexists(real):
            if not real.is_file():
                raise OutsideFolder(f"{relative!r} is not a regular file")
        elif not new:
            raise OutsideFolder(f"{relative!r}: no such file")
        elif not real.parent.is_dir():
            raise OutsideFolder(f"{relative!r}: its folder does not exist")
        return real

    def relative(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()

    def files(self) -> tuple[list[str], bool]:
        """The YAML files under the folder (sorted, ``/``-separated, links that lead
        out left out) and whether the list was cut at :data:`MAX_FILES`."""
        found: list[str] = []
        for here, dirs, names in os.walk(self.root):
            dirs[:] = sorted(d for d in dirs if d not in _SKIP and not d.startswith("."))
            for name in sorted(names):
                if not name.lower().endswith(SUFFIXES) or name.startswith("."):
                    continue
                path = Path(here, name)
                try:
                    real = path.resolve()
                except (OSError, RuntimeError):
                    continue
                if real.is_relative_to(self.root) and real.is_file() and real.name.lower().endswith(SUFFIXES):
                    found.append(self.relative(path))
                if len(found) >= MAX_FILES:
                    return found, True
        return found, False
