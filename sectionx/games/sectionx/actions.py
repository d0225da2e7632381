"""Actions: what a player does on a turn, as small frozen values with a text form.

Every action has a short text notation that parses back
(``parse(str(a)) == a``) and a YAML form (``from_data(to_data(a)) == a``):

==========================  ===============================================================
``take 2``                  phase 1: take the top tile of stack 2 (N1)
``place T05 2,-1@3``        phase 2: lay tile T05 from hand on 2,-1, turned 3 steps (N2)
``swap 2,-1@1 3,-2@4``      phase 2: exchange two board tiles; afterwards the tile on 2,-1
                            has rotation 1 and the one on 3,-2 rotation 4 (N2, P3)
``move 2,-1 3,-2@4``        phase 2: move the tile on 2,-1 to the empty cell 3,-2 (N2)
``rotate 2,-1@4``           phase 2: turn the tile on 2,-1 to rotation 4 (N2)
``pass``                    phase 2: no tile action (N2 is optional)
``step island 2,-1``        phase 3: one prisoner one step (M2); also ``step 2,-1 3,-1/1``,
                            ``step 4,-4 5,-5`` (onto a green area), ``step 2,-1 island``
``door 3,-1``               phase 3: a door from hand onto a tunnel or dead end (D2)
``movedoor 3,-1 4,-2``      phase 3: move one of your doors on the board (N4)
``end``                     end the turn (phase 3 is optional)
==========================  ===============================================================

Choices the rules leave to the player are written after the action:
``keep red`` settles a tunnel-fight tie (D4); ``keep red,blue`` is a priority
list for an action that starts several tied fights: in each, the first listed
tied colour keeps its doors (D7);
``handin 3,-1`` names the door that leaves the board when the action gains the
master key while both doors are on the board (K1).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...colours import Colour
from ...errors import NotationError
from ...hexgrid import Cell, parse_cell
from .model import Place, PlaceKind, Spot, tile_place

_CELL = r"[+-]?[0-9]{1,4},[+-]?[0-9]{1,4}"
_ROT = r"(?:@([0-5]))?"


def _cell(cell: Cell | str) -> str:
    return f"{cell.q},{cell.r}" if isinstance(cell, Cell) else cell


def parse_spot(text: str) -> Spot:
    cell, _, feature = text.partition("/")
    if feature and not feature.isdigit():
        raise NotationError(f"{text!r} is not a feature; write q,r or q,r/N")
    return Spot(parse_cell(cell), int(feature or 0))


def parse_place(text: str) -> Place:
    """``island``, ``q,r`` or ``q,r/N``.  Whether q,r is a green cell or a tile is
    settled against a board by :func:`resolve_place`; here q,r means a tile."""
    if text == "island":
        return Place(PlaceKind.ISLAND)
    spot = parse_spot(text)
    return tile_place(spot.cell, spot.feature)


@dataclass(frozen=True)
class Choices:
    """Decisions the rules leave to the acting player (D4, K1)."""

    keep: tuple[Colour, ...] = ()
    handin: Spot | None = None

    def __str__(self) -> str:
        parts = []
        if self.keep:
            parts.append("keep " + ",".join(c.value for c in self.keep))
        if self.handin is not None:
            parts.append(f"handin {self.handin}")
        return " ".join(parts)

    def __bool__(self) -> bool:
        return bool(self.keep) or self.handin is not None


NO_CHOICES = Choices()


@dataclass(frozen=True)
class Action:
    """Base of every action.  ``choices`` settle what the rules leave open."""

    choices: Choices = field(default=NO_CHOICES, kw_only=True)
    verb: ClassVar[str] = ""
    #: Phase-2 tile actions (N2); at most one per turn.
    tile_action: ClassVar[bool] = False

    def body(self) -> str:
        return self.verb

    def __str__(self) -> str:
        tail = str(self.choices)
        return f"{self.body()} {tail}" if tail else self.body()

    def with_choices(self, choices: Choices) -> Action:
        from dataclasses import replace

        return replace(self, choices=choices)

    def to_data(self) -> str:
        """The YAML form: the text notation (a record lists actions as strings)."""
        return str(self)


@dataclass(frozen=True)
class Take(Action):
    stack: int  # 1-based, as players count them
    verb: ClassVar[str] = "take"

    def body(self) -> str:
        return f"take {self.stack}"


@dataclass(frozen=True)
class PlaceTile(Action):
    tile: str
    cell: Cell
    rotation: int = 0
    verb: ClassVar[str] = "place"
    tile_action: ClassVar[bool] = True

    def body(self) -> str:
        return f"place {self.tile} {_cell(self.cell)}@{self.rotation}"


@dataclass(frozen=True)
class Swap(Action):
    """Exchange the tiles on ``a`` and ``b``; afterwards ``a`` holds b's tile at
    ``rotation_a`` and ``b`` holds a's tile at ``rotation_b``."""

    a: Cell
    rotation_a: int
    b: Cell
    rotation_b: int
    verb: ClassVar[str] = "swap"
    tile_action: ClassVar[bool] = True

    def body(self) -> str:
        return f"swap {_cell(self.a)}@{self.rotation_a} {_cell(self.b)}@{self.rotation_b}"


@dataclass(frozen=True)
class Move(Action):
    source: Cell
    target: Cell
    rotation: int = 0
    verb: ClassVar[str] = "move"
    tile_action: ClassVar[bool] = True

    def body(self) -> str:
        return f"move {_cell(self.source)} {_cell(self.target)}@{self.rotation}"


@dataclass(frozen=True)
class Rotate(Action):
    cell: Cell
    rotation: int
    verb: ClassVar[str] = "rotate"
    tile_action: ClassVar[bool] = True

    def body(self) -> str:
        return f"rotate {_cell(self.cell)}@{self.rotation}"


@dataclass(frozen=True)
class Pass(Action):
    verb: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Step(Action):
    source: Place
    target: Place
    verb: ClassVar[str] = "step"

    def body(self) -> str:
        return f"step {self.source} {self.target}"


@dataclass(frozen=True)
class PlaceDoor(Action):
    spot: Spot
    verb: ClassVar[str] = "door"

    def body(self) -> str:
        return f"door {self.spot}"


@dataclass(frozen=True)
class MoveDoor(Action):
    source: Spot
    target: Spot
    verb: ClassVar[str] = "movedoor"

    def body(self) -> str:
        return f"movedoor {self.source} {self.target}"


@dataclass(frozen=True)
class End(Action):
    verb: ClassVar[str] = "end"


_PLACE = rf"(island|{_CELL}(?:/[0-9])?)"
_SPOT = rf"({_CELL}(?:/[0-9])?)"
_PATTERNS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Action]]] = [
    (re.compile(r"^take ([1-3])$"), lambda m: Take(int(m[1]))),
    (re.compile(rf"^place ([A-Za-z][A-Za-z0-9_-]*) ({_CELL}){_ROT}$"),
     lambda m: PlaceTile(m[1], parse_cell(m[2]), int(m[3] or 0))),
    (re.compile(rf"^swap ({_CELL}){_ROT} ({_CELL}){_ROT}$"),
     lambda m: Swap(parse_cell(m[1]), int(m[2] or 0), parse_cell(m[3]), int(m[4] or 0))),
    (re.compile(rf"^move ({_CELL}) ({_CELL}){_ROT}$"), lambda m: Move(parse_cell(m[1]), parse_cell(m[2]), int(m[3] or 0))),
    (re.compile(rf"^rotate ({_CELL}){_ROT}$"), lambda m: Rotate(parse_cell(m[1]), int(m[2] or 0))),
    (re.compile(r"^pass$"), lambda m: Pass()),
    (re.compile(rf"^step {_PLACE} {_PLACE}$"), lambda m: Step(parse_place(m[1]), parse_place(m[2]))),
    (re.compile(rf"^door {_SPOT}$"), lambda m: PlaceDoor(parse_spot(m[1]))),
    (re.compile(rf"^movedoor {_SPOT} {_SPOT}$"), lambda m: MoveDoor(parse_spot(m[1]), parse_spot(m[2]))),
    (re.compile(r"^end$"), lambda m: End()),
]
_CHOICE_RE = re.compile(rf"\s+(keep ([a-z]+(?:,[a-z]+)*)|handin {_SPOT})\s*$")

NOTATION_HELP = ("take N | place TILE q,r@R | swap q,r@R q,r@R | move q,r q,r@R | rotate q,r@R | pass | "
                 "step FROM TO | door q,r | movedoor q,r q,r | end, optionally followed by 'keep COLOUR' or 'handin q,r'")


def parse(text: str) -> Action:
    """Read an action from its text notation; NotationError says what is expected."""
    original = text
    text = " ".join(str(text).split())
    keep: tuple[Colour, ...] = ()
    handin = None
    while True:
        m = _CHOICE_RE.search(" " + text)
        if not m:
            break
        if m[2]:
            try:
                keep = tuple(Colour(c) for c in m[2].split(","))
            except ValueError:
                raise NotationError(f"{original!r}: keep names colours (red, blue, yellow, purple)") from None
        else:
            handin = parse_spot(m[3])
        text = (" " + text)[: m.start()].strip()
    for pattern, build in _PATTERNS:
        m = pattern.match(text)
        if m:
            try:
                action = build(m)
            except ValueError as exc:
                raise NotationError(f"{original!r}: {exc}") from None
            return action.with_choices(Choices(keep, handin)) if (keep or handin) else action
    raise NotationError(f"{original!r} is not an action; expected {NOTATION_HELP}")


def from_data(data: Any) -> Action:
    """An action from its YAML form (the text notation)."""
    if not isinstance(data, str):
        raise NotationError(f"an action is written as text, e.g. 'take 1' or 'place T05 2,-1@3', not {data!r}")
    return parse(data)
