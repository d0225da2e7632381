"""The house's games: one subpackage each, found by the registry (issue 13).

Each game is a folder here (``sectionx/games/<name>/``) whose ``__init__`` declares it
once with :func:`register_game`, as OpenSpiel's games do.  The registry finds the
folders itself, so a new game is a new folder: nothing shared changes.  A game's
package must be cheap to import (its ``__init__`` only registers; its commands module
is imported when a command needs it).

Files say which game they are with a top-level ``game:`` key; a file without one is
the default game's (Section X's, so every file written before there were several
games stays valid).  :func:`check_file` reads a file once under the shared limits,
finds its game and hands it over; the CLI does the same for every command.

Nothing here names a game.
"""

from __future__ import annotations

import functools
import importlib
import json
import pkgutil
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ..console import fail
from ..fileio import quote
from ..yamlsrc import Diagnostic, Doc, LoadError, read_yaml, shared_budget, unquoted

if TYPE_CHECKING:
    from .api import Commands, Report


@dataclass(frozen=True)
class Game:
    """A game's declaration: the ``game:`` value its files carry, its title, how many
    players it seats, whether files without ``game:`` are its, and where its
    :class:`~sectionx.games.api.Commands` live (``"package.module:NAME"``, imported
    only when a command runs)."""

    name: str
    title: str
    players: tuple[int, int]
    commands_at: str
    default: bool = False
    #: One line for ``--help`` and the README: what the game is.
    blurb: str = ""

    def commands(self) -> Commands:
        module, _, attr = self.commands_at.partition(":")
        return cast("Commands", getattr(importlib.import_module(module), attr))


_GAMES: dict[str, Game] = {}


def register_game(game: Game) -> None:
    """Declare a game (from its package's ``__init__``).  A second game of the same
    name, or a second default game, is a programming error."""
    if game.name in _GAMES and _GAMES[game.name] != game:
        raise ValueError(f"two games are called {game.name!r}")
    if game.default and any(g.default and g.name != game.name for g in _GAMES.values()):
        raise ValueError(f"{game.name!r} and another game both claim files without game:")
    _GAMES[game.name] = game


@functools.cache
def _discover() -> None:
    """Import every game folder once: each registers itself."""
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg:
            importlib.import_module(f"{__name__}.{info.name}")


def games() -> tuple[Game, ...]:
    """Every game, the default first, then by name."""
    _discover()
    return tuple(sorted(_GAMES.values(), key=lambda g: (not g.default, g.name)))


def names() -> tuple[str, ...]:
    return tuple(g.name for g in games())


def default() -> Game:
    return next(g for g in games() if g.default)


def get(name: str) -> Game:
    """The game called ``name`` (``--game``), or a one-line refusal naming the games."""
    for g in games():
        if g.name == name:
            return g
    raise fail(f"--game {quote(name)}: the games are {', '.join(names())}")


def _unknown(doc: Doc, value: object) -> Diagnostic:
    return doc.diag(("game",), f"game {quote(value)} is not one sectionx knows: {', '.join(names())} "
                               f"(no game: key means {default().name})")


def of(doc: Doc) -> Game:
    """The game a file says it is (its ``game:`` key, else the default game); an
    unknown one raises :class:`LoadError` at the key's line."""
    value = doc.data.get("game") if isinstance(doc.data, dict) else None
    if value is None:
        return default()
    for g in games():
        if g.name == value:
            return g
    raise LoadError([_unknown(doc, value)])


def read(path: str | Path) -> tuple[Doc, Game]:
    """A file read once under the house's limits, with its game."""
    doc = read_yaml(path)
    return doc, of(doc)


def check_file(path: str | Path) -> Report:
    """Read and check one file of any game; never raises for bad input.

    Problems that lie in other files this one names (a board file, a record's start)
    are told without quoting those files (:func:`yamlsrc.unquoted`)."""
    from .api import Report

    name = str(path)
    with shared_budget():
        try:
            doc, game = read(path)
        except LoadError as exc:
            return Report(name, "file", exc.diagnostics)
        report = game.commands().check(Path(path), doc)
    report.diagnostics = own_file(name, report.diagnostics)
    return report


def published_schema() -> dict[str, Any]:
    """The JSON Schema of every game's files, made from its parts: the shared part
    (``sectionx/data/schema/shared.json``: the header and what no game owns, the print
    template) and each game's ``schema.json`` in its folder (its ``$defs`` and the
    ``root`` its files must match).  The root picks a game's by the file's ``game:``
    key, the default game's when there is none.

    ``scripts/make_schema.py`` writes this to ``sectionx/data/schema/sectionx.schema.json``,
    the file editors and the checks read (a test keeps the two equal), so a new game
    adds a ``schema.json`` to its folder and remakes the file: nothing shared is
    edited by hand.  A definition two parts both define is a programming error."""
    base = json.loads(resources.files("sectionx").joinpath("data/schema/shared.json").read_text("utf-8"))
    defs: dict[str, Any] = dict(base.pop("$defs"))
    roots: dict[str, Any] = {}
    for g in games():
        part = json.loads(resources.files(f"{__name__}.{g.name}").joinpath("schema.json").read_text("utf-8"))
        clash = set(part["$defs"]) & set(defs)
        if clash:
            raise ValueError(f"{g.name}'s schema.json defines {', '.join(sorted(clash))} again")
        defs.update(part["$defs"])
        roots[g.name] = part["root"]
    root: Any = roots[default().name]
    for g in reversed([g for g in games() if not g.default]):
        root = {"if": {"type": "object", "required": ["game"], "properties": {"game": {"const": g.name}}},
                "then": roots[g.name], "else": root}
    return {**base, **root, "$defs": defs}


def own_file(name: str, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """``diagnostics`` of the file ``name`` with every problem of another file unquoted."""
    others = [d for d in diagnostics if d.file != name]
    if not others:
        return diagnostics
    return sorted([d for d in diagnostics if d.file == name] + unquoted(others, "file", name))
