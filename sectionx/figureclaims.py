"""A rule figure's claims, for every game: where they are in the file, which of them
a game's referee does not bear out, each told at its line.

A rule figure is a position file with a ``claims:`` list (docs/rulebook.md); each game
checks one claim against its own position (``check(claim, loaded)`` gives ``(where
under the claim, message)`` for each way it fails) and this module does the rest the
same way for every game.  Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from .games.records import is_record
from .yamlsrc import Diagnostic, Doc, LoadError, YamlPath

#: The rule id of a false claim's diagnostic: the claim, not a ruling, is at fault.
CLAIM = "claim"

#: (where under the claim, message) for each way a claim fails.
Problems = list[tuple[YamlPath, str]]

L = TypeVar("L")


def claims(doc: Doc) -> list[Any]:
    """The figure's claims as written (an empty list when there are none, or when
    ``claims:`` is not a list: the schema tells that)."""
    data = doc.data if isinstance(doc.data, dict) else {}
    found = data.get("claims")
    return found if isinstance(found, list) else []


def claim_problems(doc: Doc, loaded: L, check: Callable[[dict[str, Any], L], Problems]) -> list[Diagnostic]:
    """Every claim of ``doc`` that ``check`` finds ``loaded``'s position does not bear
    out, at its line."""
    out: list[Diagnostic] = []
    for i, claim in enumerate(claims(doc)):
        if not isinstance(claim, dict):
            continue  # the schema has told it already
        for where, message in check(claim, loaded):
            out.append(doc.diag(("claims", i, *where), message, CLAIM))
    return out


def figure_problems(doc: Doc, title: str, read: Callable[[Doc], L],
                    check: Callable[[dict[str, Any], L], Problems]) -> list[Diagnostic]:
    """Every problem of the figure ``doc`` of the game ``title``, located: a record is
    no figure; then the file's problems as ``read`` (``sectionx validate``) finds them
    (a figure must be a position the rules allow before its claims mean anything);
    then each claim that does not hold."""
    if is_record(doc):
        return [doc.diag(("actions",), f"a {title} record, not a figure: a figure is a position with claims:", CLAIM,
                         key=True)]
    try:
        loaded = read(doc)
    except LoadError as exc:
        return list(exc.diagnostics)
    return claim_problems(doc, loaded, check)


def said(claim: dict[str, Any]) -> str:
    """What the claim ``says:``, quoted for its problem lines (empty when it says nothing)."""
    return f" ({claim['says']!r})" if claim.get("says") else ""


def as_list(value: Any) -> list[str]:
    """A claim's ``after:`` (one move, or a list of them) as a list of texts."""
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]
