"""What a Der Tunnel picture points out: ``annotations:`` in a position or puzzle file.

::

    annotations:
      features: ["1,0 road:E", "0,0 city:N"]   # highlight the whole board feature each
                                               # belongs to (a road through its tunnels,
                                               # a city across its tiles, a field)
      tiles: ["2,0"]                           # outline tiles (a tile just placed)
      tunnels: all                             # an arrow from each opening to its partner
                                               # underground, for every joined tunnel
      # tunnels: ["1,0:E", "1,0:W 3,1:N"]      # ... or named: an opening whose set is
                                               # joined, or two openings (a tunnel to come)
      labels: {"2,0": "1", "3,0": "?"}         # a word on a tile or an empty cell beside one
      caption: The red token joins two roads.

Every problem is told at its line with the ruling it breaks: a feature or a cell is
named as the notation names them (TG4), a tunnel arrow starts at an opening (TU1) and
a single opening needs its set's other token laid (TU4).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .model import Cell, Opening, Position
from .rules import cell_text, opening_text
from .tiles import DELTA, EDGES

_CELL = re.compile(r"([+-]?[0-9]{1,4}),([+-]?[0-9]{1,4})", re.ASCII)
_OPENING = re.compile(r"([+-]?[0-9]{1,4}),([+-]?[0-9]{1,4}):([NESW])", re.ASCII)
Bad = Callable[..., None]


@dataclass(frozen=True)
class Marks:
    """The annotations of a picture: ``features`` (cell, local feature) whose whole
    board feature is highlighted, ``tiles`` outlined, ``tunnels`` (from, to) drawn as
    arrows underground, ``labels`` (cell, word), a ``caption``."""

    features: tuple[tuple[Cell, int], ...] = ()
    tiles: tuple[Cell, ...] = ()
    tunnels: tuple[tuple[Opening, Opening], ...] = ()
    labels: tuple[tuple[Cell, str], ...] = ()
    caption: str = ""

    @property
    def cells(self) -> set[Cell]:
        """Every cell the marks name (a cropped picture keeps them)."""
        return ({c for c, _ in self.features} | set(self.tiles) | {c for c, _ in self.labels}
                | {o[0] for pair in self.tunnels for o in pair})


NO_MARKS = Marks()


def _cell(text: str) -> Cell | None:
    m = _CELL.fullmatch(text)
    return (int(m.group(1)), int(m.group(2))) if m else None


def _opening(text: str) -> Opening | None:
    m = _OPENING.fullmatch(text)
    return ((int(m.group(1)), int(m.group(2))), EDGES.index(m.group(3))) if m else None


def partner(pos: Position, opening: Opening) -> Opening | None:
    """The opening joined to ``opening`` underground (TU4), if its set is complete."""
    name = pos.tokens.get(opening)
    laid = pos.placed.get(name, ()) if name is not None else ()
    if len(laid) != 2:
        return None
    return laid[1] if laid[0] == opening else laid[0]


def joined(pos: Position) -> tuple[tuple[Opening, Opening], ...]:
    """Every joined tunnel, from its first token to its second (TU4)."""
    return tuple((laid[0], laid[1]) for laid in pos.placed.values() if len(laid) == 2)


def read_marks(data: Any, pos: Position, bad: Bad) -> Marks:
    """``annotations:`` (already of the schema's form) checked against ``pos``; each
    problem is reported through ``bad(path, message, rule)`` with its path below
    ``annotations``."""
    if not isinstance(data, dict):
        return NO_MARKS
    at = ("annotations",)
    features: list[tuple[Cell, int]] = []
    for i, text in enumerate(data.get("features") or []):
        cell_word, _, name = str(text).partition(" ")
        cell = _cell(cell_word)
        if cell is None or not name:
            bad(at + ("features", i), f"{text!r} is not a feature 'x,y FEATURE' (road:E, city:N, field:Nw, cloister)",
                "TG4")
            continue
        placed = pos.board.get(cell)
        if placed is None:
            bad(at + ("features", i), f"{cell_text(cell)} holds no tile", "TG4")
            continue
        local = placed.tile.feature_named(name)
        if local is None:
            names = ", ".join(f.name for f in placed.tile.features)
            bad(at + ("features", i), f"{placed.tile.tile.name}@{placed.tile.rotation} on {cell_text(cell)} has no "
                                      f"{name} (its features: {names})", "TG4")
            continue
        features.append((cell, local))
    tiles: list[Cell] = []
    for i, text in enumerate(data.get("tiles") or []):
        cell = _cell(str(text))
        if cell is None or cell not in pos.board:
            what = f"{text!r} is not a cell x,y" if cell is None else f"{cell_text(cell)} holds no tile"
            bad(at + ("tiles", i), what, "TG4")
            continue
        tiles.append(cell)
    tunnels = _tunnels(data.get("tunnels"), pos, bad, at)
    labels: list[tuple[Cell, str]] = []
    for key, word in (data.get("labels") or {}).items():
        cell = _cell(str(key))
        near = cell is not None and any((cell[0] + dx, cell[1] + dy) in pos.board for dx, dy in DELTA)
        if cell is None or not (cell in pos.board or near):
            what = f"{key!r} is not a cell x,y" if cell is None else f"{cell_text(cell)} is neither a tile nor next to one"
            bad(at + ("labels", key), f"{what}: a label goes on a tile or an empty cell beside one", "TG4", key=True)
            continue
        labels.append((cell, str(word)))
    return Marks(tuple(features), tuple(tiles), tunnels, tuple(labels), str(data.get("caption", "")))


def _tunnels(value: Any, pos: Position, bad: Bad, at: tuple[Any, ...]) -> tuple[tuple[Opening, Opening], ...]:
    if value is None:
        return ()
    if value == "all":
        return joined(pos)
    if not isinstance(value, list):
        bad(at + ("tunnels",), "tunnels: all, or a list of openings (x,y:EDGE) or pairs of openings", "TU4")
        return ()
    found: list[tuple[Opening, Opening]] = []
    for i, text in enumerate(value):
        words = str(text).split(" ")
        openings = [_opening(w) for w in words]
        where = at + ("tunnels", i)
        if not 1 <= len(words) <= 2 or any(o is None for o in openings):
            bad(where, f"{text!r} is not an opening x,y:EDGE, or two of them", "TU1")
            continue
        good: list[Opening] = []
        for o in openings:
            assert o is not None
            if pos.opening_root(o) is None:
                placed = pos.board.get(o[0])
                what = "holds no tile" if placed is None else \
                    f"({placed.tile.tile.name}@{placed.tile.rotation}) has no tunnel opening at its {EDGES[o[1]]} edge"
                bad(where, f"{cell_text(o[0])} {what}: a tunnel runs between openings", "TU1")
            else:
                good.append(o)
        if len(good) != len(openings):
            continue
        if len(good) == 1:
            other = partner(pos, good[0])
            if other is None:
                bad(where, f"{opening_text(good[0])} is not joined to another opening (TU4 joins two openings by a "
                           "set's two tokens); name both openings to draw a tunnel to come", "TU4")
                continue
            found.append((good[0], other))
        elif good[0] == good[1]:
            bad(where, f"{text!r} names one opening twice; a tunnel joins two openings", "TU4")
        else:
            found.append((good[0], good[1]))
    return tuple(found)
