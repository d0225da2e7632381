"""What every game's game records share: telling a record from a position, and
reading where a record starts (a file beside it, a position written inline, or the
game's own start when left out).

Nothing here names a game: a game passes its own readers.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from ..fileio import FileProblem, resolve_reference
from ..yamlsrc import Doc, LoadError, unquoted

YAML_SUFFIXES = (".yaml", ".yml")
L = TypeVar("L")


def is_record(doc: Doc) -> bool:
    """A record is a game's file with ``actions:``."""
    return isinstance(doc.data, dict) and "actions" in doc.data


def read_start(doc: Doc, folder: Path, *, game: str, load: Callable[[Path], L],
               read_at: Callable[[Doc, tuple[Any, ...]], L]) -> L | None:
    """The position a record in ``doc`` (a file in ``folder``) starts from: the file
    its ``start:`` names beside it (read by ``load``), or one written inline (read by
    ``read_at``), or None when it has no ``start:``.  LoadError names the ``start:``
    line, and every problem of a start file at its own line."""
    ref = doc.data.get("start")
    if isinstance(ref, str):
        try:
            target = resolve_reference(ref, folder, doc.file, what="start", suffixes=YAML_SUFFIXES)
            return load(target)
        except FileProblem as exc:
            raise LoadError([doc.diag(("start",), exc.message, exc.rule)]) from None
        except LoadError as exc:
            raise LoadError([doc.diag(("start",), f"start {ref!r} is not a {game} position it can start from", "format"),
                             *unquoted(exc.diagnostics, "start file", doc.file)]) from None
    if ref is not None:
        return read_at(doc, ("start",))
    return None
