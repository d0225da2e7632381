"""The errors and rule problems every game shares (no game words).

:class:`SectionXError` is the base of every error the package raises on purpose (the
package is *sectionx*; the class is not Section X's alone): the CLI catches it once and
prints one line.  A :class:`Problem` is one broken rule with its ruling id, for any
game's referee; readers map its subject back to a file, line and column.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class SectionXError(Exception):
    """Base class of every error sectionx raises on purpose."""


class NotationError(SectionXError, ValueError):
    """A piece of short notation (tile, feature, place) could not be read."""


#: What a problem is about, e.g. ("tile", Cell(2, -1)) or ("door", Colour.RED, spot).
#: Readers map subjects back to the file, line and column they came from.
Subject = tuple[Any, ...]


@dataclass(frozen=True)
class Problem:
    """One broken rule: the ruling id (a game's rules text and docs), a sentence, and
    the subject it concerns, so that a reader can point at the right line."""

    rule: str
    message: str
    subject: Subject = ()

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})"
