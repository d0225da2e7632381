"""What every game's game records share: telling a record from a position, and
reading where a record starts (a file beside it, a position written inline, or the
game's own start when left out).

Nothing here names a game: a game passes its own readers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from ..errors import NotationError, Problem
from ..fileio import FileProblem, is_stdout, resolve_reference
from ..yamlsrc import Diagnostic, Doc, LoadError, unquoted

YAML_SUFFIXES = (".yaml", ".yml")
L = TypeVar("L")


def is_record(doc: Doc) -> bool:
    """A record is a game's file with ``actions:``."""
    return isinstance(doc.data, dict) and "actions" in doc.data


def start_reference(source: Path, out: Path) -> str | None:
    """How a record written to ``out`` names the file ``source`` it starts from: a
    relative path when ``source`` lies in the record's folder or below (the only
    references a file may make, docs/format.md), else None, and the record writes
    its start inline.  A record to standard output always writes it inline."""
    if is_stdout(out):
        return None
    try:
        return source.resolve().relative_to(out.resolve().parent).as_posix()
    except (ValueError, OSError):
        return None


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


A = TypeVar("A")


def read_actions(doc: Doc, parse: Callable[[str], A]) -> tuple[A, ...]:
    """The record's ``actions:``, each read by ``parse``; LoadError tells every one
    that does not read, at its line."""
    actions: list[A] = []
    bad = []
    for i, text in enumerate(doc.data["actions"]):
        try:
            actions.append(parse(text))
        except NotationError as exc:
            bad.append(doc.diag(("actions", i), str(exc), "format"))
    if bad:
        raise LoadError(bad)
    return tuple(actions)


_NOTHING = object()  # a result key replaying does not give (the winner of a game not over)


def replay_problems(doc: Doc, actions: Sequence[object], error: tuple[int, Sequence[Problem]] | None, who: str,
                    stated: dict[str, Any], actual: dict[str, Any], rule: str) -> list[Diagnostic]:
    """What ``replay`` tells of a record: the first illegal turn (``error``: its index
    and every reason; ``who`` was to move), each reason at the turn's line; else
    every way the record's ``result:`` (``stated``) differs from what replaying gives
    (``actual``), at its line, citing ``rule`` (the game's ruling on the result)."""
    if error is not None:
        index, reasons = error
        return [doc.diag(("actions", index), f"turn {index + 1} ({who}): {actions[index]} is illegal: {r.message}", r.rule)
                for r in reasons]
    return [doc.diag(("result", key), f"the record says {key} {value!r}, but replaying it gives {actual.get(key)!r}", rule)
            for key, value in stated.items() if actual.get(key, _NOTHING) != value]
