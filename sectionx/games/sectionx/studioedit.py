"""Section X in the studio's editor: the palette and what each tool writes (issue 31, "Edit").

:class:`~sectionx.games.sectionx.studio.SectionXTable` answers the studio's
:class:`~sectionx.studio.table.Editable` protocol through this module.  The palette
depends on the file: its catalogue's tiles not yet used, its players' colours, its
board's zones.  An edit changes the file's *text* through :mod:`sectionx.studio.yamledit`
(ruamel.yaml's round trip), so only the keys it touches change and the person's
comments, key order, quoting and blank lines stay; the lines it does not change stay
as written even where the round trip would rewrite them (an ``out:`` list wrapped
over lines, :func:`~sectionx.studio.yamledit.edited_in_place`).  What it writes is what
``docs/format.md`` tells a person to write by hand:

=====================  ==============================================================
tool (options)         what it writes, by the spot clicked
=====================  ==============================================================
``turn`` (``clock-     on a tile (its cell, feature, door or prisoner): its rotation
wise``, ``anti-        one step on or back, ``T05@3`` to ``T05@4`` (``T05`` at 0);
clockwise``)           refused where no tile lies.
``tile:T05``           on a cell (or a feature, door or prisoner on it):
(``@0``..``@5``,       ``tiles: {"q,r": T05@R}`` (``T05`` at ``@0``), replacing the tile
``hand:COLOUR``,       there; on a player's block or hand tile in the side panel: that
``stack:N``)           player's ``hands`` list; on a stack: its top (``stacks``, top
                       first).  With ``hand:COLOUR`` or ``stack:N`` the tile goes there
                       wherever the click is (a position that is no puzzle has no side
                       panel).  A tile the text writes elsewhere (a stack, ``out``,
                       a hand, another cell) is taken from there (T3: one place).
                       Refused on the island or a green area (P1).
``prisoner:COLOUR``    on a cell, feature, door or another prisoner: ``"q,r"`` or
(``at``, ``freed``,    ``"q,r/N"`` added to ``prisoners.COLOUR.at`` (a green cell is its
``dead``)              green area, M1); ``freed``/``dead``: that count plus one, wherever
                       the click is.  A written ``island:`` count gives the prisoner up,
                       so the 8 stay 8 (S1).  Refused on the island itself (every
                       prisoner placed nowhere else is there, S1) and on the panel (M1).
``door:COLOUR``        ``"q,r"``/``"q,r/N"`` added to ``doors.COLOUR``; refused on the
                       island, a green area and the panel (D2).
``key:COLOUR``         on the island (the key lies in its holder's cell block):
                       ``COLOUR`` added to ``keys``; refused elsewhere (K1).
``zone:COLOUR``        on a green cell: ``zones: {ZONE: COLOUR}`` for the zone the
                       green area belongs to; refused elsewhere (Z1).
``goal``, ``goal:``    the puzzle's settings, whole-file tools with no spot (group
``part``, ``goal:``    "Puzzle"): the goal's kind and number, a part of an ``all``
``turns``, ``to-move`` goal, the turn limit, whose turn it is (:mod:`.studiogoal`).
``erase`` (``top``,    takes off one thing, top first: a prisoner on the spot, then a
``freed COLOUR``,      door, then the tile, then a green area's zone claim; a hand tile
``dead COLOUR``)       (a player's block: its last); a stack's top tile; on the island
                       the last key.  A tile off the board or a hand of a game state
                       with written stacks goes under the shortest (T3).  A taken-off prisoner goes back to a written
                       ``island:`` count.  ``freed`` or ``dead COLOUR``: that count
                       minus one.
=====================  ==============================================================

Keys written new are quoted cells (``"2,-1"``), lists new are flow lists
(``[T01, T05]``), as the shipped files are; a key already written another way
(``2, -1``) is found by the cell it names.  The text need not be valid before or
after (a prisoner before its tile): the studio shows ``validate``'s problems.  Only a
tool or spot the board cannot take is refused (:class:`Refusal`, with the ruling id).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import CommentMark
from ruamel.yaml.tokens import CommentToken

from ...colours import Colour
from ...errors import SectionXError
from ...hexgrid import Cell, parse_cell
from ...studio import yamledit as ye
from ...studio.table import Refusal, Tool
from . import studiogoal
from .actions import parse_spot
from .model import Spot as Feature
from .model import State

if TYPE_CHECKING:
    from .studio import SectionXTable

__all__ = ["edit", "tools"]

ROTATIONS = tuple(f"@{r}" for r in range(6))
#: The turn tool's options: 60 degrees clockwise (a rotation's step, docs/format.md) or back.
TURNS = ("clockwise", "anticlockwise")
STACKS = 3
#: The order of a scenario's top keys in docs/format.md: a key an edit adds goes
#: before the first written key that follows it (tiles before the goal, not after).
HOUSE_ORDER = ("format", "title", "description", "game", "players", "board", "catalogue", "variant", "round", "turn",
               "last_round", "ranking", "seed", "tiles", "hands", "stacks", "out", "unused", "prisoners", "doors",
               "keys", "zones", "goal", "answer", "grade", "claims", "annotations")


class _Refused(Exception):
    """Raised inside a change to give up the edit with a :class:`Refusal`."""

    def __init__(self, message: str, *rules: str) -> None:
        super().__init__(message)
        for rule in rules:  # the page shows the ids beside the words: not said twice
            message = message.removesuffix(f" ({rule})")
        self.refusal = Refusal(message, tuple(rules))


# =========================================================================== the palette


def tools(table: SectionXTable) -> tuple[Tool, ...]:
    """The palette for the table's file (module docstring); none for a record, whose
    position is its moves' (``replay``), not written keys to edit."""
    if table.kind == "record":
        return ()
    state = table.scenario.state
    colours = tuple(p.colour.value for p in state.players)
    used = {placed.tile for _, placed in state.tiles}
    used.update(t for p in state.players for t in p.hand)
    if table.scenario.goal is not None:  # a puzzle names its stacks; a game state deals the rest into them
        used.update(t for stack in state.stacks for t in stack)
    where = ROTATIONS + tuple(f"hand:{c}" for c in colours) + tuple(f"stack:{n}" for n in range(1, STACKS + 1))
    out = [Tool("turn", "turn a tile", "Tiles", TURNS)]
    out += [Tool(f"tile:{t.id}", f"{t.id} {_kind_words(t.kind)}", "Tiles", where)
            for t in state.catalogue.tiles if t.id not in used]
    out += [Tool(f"prisoner:{c}", f"{c} prisoner", "Prisoners", ("at", "freed", "dead")) for c in colours]
    out += [Tool(f"door:{c}", f"{c} door", "Doors") for c in colours]
    out += [Tool(f"key:{c}", f"master key: {c}", "Keys") for c in colours]
    if state.board.zones:
        out += [Tool(f"zone:{c}", f"zone for {c}", "Zones") for c in colours]
    out += studiogoal.tools(table)  # the puzzle's settings: whole-file tools
    erase = ("top",) + tuple(f"{what} {c}" for what in ("freed", "dead") for c in colours)
    out.append(Tool("erase", "erase", "Erase", erase))
    return tuple(out)


def _kind_words(kind: str) -> str:
    """A tile kind as the rules write it: ``y-junction`` "Y junction", ``4-way`` "4-way"."""
    words = kind.replace("-", " ").replace("4 way", "4-way")
    return words[0].upper() + words[1:] if words[:2] in ("y ", "t ") else words


# =========================================================================== an edit


def edit(table: SectionXTable, text: str, tool: str, spot: str, option: str = "") -> str | Refusal:
    """``text`` after ``tool`` (with ``option``) is used on ``spot`` (module docstring);
    a :class:`Refusal` when the tool cannot go there.  Never raises."""
    if table.kind == "record":
        return Refusal("a record's position is made by its moves: edit its start position or puzzle instead")
    state = table.scenario.state
    if tool in studiogoal.TOOLS:  # a setting of the whole file: no spot
        try:
            return ye.edited_in_place(text, studiogoal.change(state, tool, option))
        except studiogoal.Refused as refused:
            return _Refused(str(refused), *refused.rules).refusal
        except ye.EditError as exc:
            return Refusal(f"the text cannot be edited: {exc}")
    try:
        target = _Target.read(spot, state)
        change = _change(state, target, tool, option)
        return ye.edited_in_place(text, change)
    except _Refused as refused:
        return refused.refusal
    except ye.EditError as exc:
        return Refusal(f"the text cannot be edited: {exc}")


class _Target:
    """A spot id read against the board: the cell, feature or place it names
    (``kind``: ``cell``, ``feature``, ``green``, ``island``, ``hand``, ``stack``,
    ``player``), and for a piece's spot the piece (``door`` or ``prisoner``) and its
    colour, so that erase takes off that piece and nothing under it."""

    def __init__(self, spot: str, kind: str, cell: Cell | None = None, feature: int = 0,
                 colour: str = "", tile: str = "", stack: int = 0) -> None:
        self.spot, self.kind, self.cell, self.feature = spot, kind, cell, feature
        self.colour, self.tile, self.stack = colour, tile, stack
        self.piece = ""

    @classmethod
    def read(cls, spot: str, state: State) -> _Target:
        kind, _, rest = spot.partition(":")
        try:
            if spot == "island":
                return cls(spot, "island")
            if kind == "cell":
                return cls._on(spot, "cell", parse_cell(rest), 0, state)
            if kind == "feature":
                f = parse_spot(rest)
                return cls._on(spot, "feature", f.cell, f.feature, state)
            if kind in ("door", "prisoner"):
                colour, _, place = rest.partition(":")
                if place == "island" and kind == "prisoner":
                    target = cls(spot, "island", colour=colour)
                else:
                    f = parse_spot(place)
                    target = cls._on(spot, "feature", f.cell, f.feature, state)
                target.colour, target.piece = colour, kind
                return target
            if kind == "hand" and rest:
                return cls(spot, "hand", tile=rest)
            if kind == "player" and rest in {p.colour.value for p in state.players}:
                return cls(spot, "player", colour=rest)
            if kind == "stack" and rest.isdigit() and 1 <= int(rest) <= STACKS:
                return cls(spot, "stack", stack=int(rest))
        except (ValueError, SectionXError):
            pass
        raise _Refused(f"{spot!r} is no place on this board")

    @classmethod
    def _on(cls, spot: str, kind: str, cell: Cell, feature: int, state: State) -> _Target:
        board = state.board
        if cell not in board.cells:
            raise _Refused(f"{cell.q},{cell.r} is not a cell of the board {board.name}")
        if cell in board.island:
            return cls(spot, "island", cell)
        return cls(spot, "green" if cell in board.green else kind, cell, feature)

    @property
    def on_board(self) -> bool:
        return self.cell is not None and self.kind in ("cell", "feature", "green")

    @property
    def where(self) -> str:
        """The cell or spot as a file writes it: ``q,r`` or ``q,r/N``."""
        assert self.cell is not None
        return str(Feature(self.cell, self.feature))

    def words(self) -> str:
        if self.kind == "island":
            return "the island"
        if self.kind == "green":
            return f"the green area {self.where}"
        if self.kind in ("hand", "stack", "player"):
            return "the side panel"
        return self.where


Change = Callable[[CommentedMap], None]


def _change(state: State, target: _Target, tool: str, option: str) -> Change:
    kind, _, what = tool.partition(":")
    colours = {c.value for c in Colour}
    if kind == "tile" and what in state.catalogue:
        return _tile(state, target, what, option or ROTATIONS[0])
    if kind in ("prisoner", "door", "key", "zone") and what in colours:
        if kind == "prisoner":
            return _prisoner(target, what, option or "at")
        if kind == "door":
            return _door(target, what)
        if kind == "key":
            return _key(target, what)
        return _zone(state, target, what)
    if tool == "erase":
        return _erase(state, target, option or "top")
    if tool == "turn":
        return _turn(target, option or TURNS[0])
    raise _Refused(f"no tool {tool!r} in the palette of this file")


# --------------------------------------------------------------------------- placing


def _tile(state: State, target: _Target, tile: str, option: str) -> Change:
    colours = {p.colour.value for p in state.players}
    head, _, tail = option.partition(":")
    if head == "hand" and tail in colours:
        return _lifted(tile, lambda data: _add(_top(data, "hands"), [tail], tile))
    if head == "stack" and tail.isdigit() and 1 <= int(tail) <= STACKS:
        return _lifted(tile, lambda data: _stack(data, int(tail)).insert(0, tile))
    if option not in ROTATIONS:
        raise _Refused(f"{option!r} is no option of a tile: a rotation @0..@5, hand:COLOUR or stack:N")
    if target.kind == "hand":
        holder = next((p.colour.value for p in state.players if target.tile in p.hand), None)
        if holder is None:
            raise _Refused(f"no hand holds {target.tile}")
        return _lifted(tile, lambda data: _add(_top(data, "hands"), [holder], tile))
    if target.kind == "stack":
        return _lifted(tile, lambda data: _stack(data, target.stack).insert(0, tile))
    if target.kind == "player":
        return _lifted(tile, lambda data: _add(_top(data, "hands"), [target.colour], tile))
    if target.kind in ("island", "green"):
        raise _Refused(f"no tile may lie on {target.words()} (P1)", "P1")
    assert target.cell is not None
    value = tile if option == "@0" else f"{tile}{option}"
    cell = target.cell

    def change(data: CommentedMap) -> None:
        tiles = _top(data, "tiles")
        ye.set_key(tiles, [_cell_key(tiles, cell) or ye.quoted(f"{cell.q},{cell.r}")], value)

    return _lifted(tile, change, cell)


def _lifted(tile: str, put: Change, cell: Cell | None = None) -> Change:
    """``put`` after ``tile`` is taken from wherever else the text has it (a stack,
    ``out``, a hand, another cell; not ``cell``, where it is turned in place): a tile
    lies in one place (T3), so putting it down moves it, as a person moves it from
    the stack ``sectionx new`` dealt it into."""

    def change(data: CommentedMap) -> None:
        for path, seq in _tile_lists(data):
            for i in range(len(seq) - 1, -1, -1):
                if str(seq[i]).strip() == tile:
                    if path[0] == "stacks":
                        del seq[i]  # a stack stays, empty or not: the three are written together
                    else:
                        _remove_at(data, path, i)
        tiles = data.get("tiles")
        if isinstance(tiles, CommentedMap):
            for key in [k for k, v in tiles.items() if str(v).strip().partition("@")[0] == tile]:
                if cell is None or _cell_key(tiles, cell) != key:
                    _drop(data, ["tiles", key])
        put(data)

    return change


def _tile_lists(data: CommentedMap) -> list[tuple[list[ye.Key], CommentedSeq]]:
    """The lists of tile ids the text writes: each stack, ``out``, each hand."""
    found: list[tuple[list[ye.Key], CommentedSeq]] = []
    stacks = data.get("stacks")
    if isinstance(stacks, CommentedSeq):
        found += [(["stacks", i], s) for i, s in enumerate(stacks) if isinstance(s, CommentedSeq)]
    if isinstance(data.get("out"), CommentedSeq):
        found.append((["out"], data["out"]))
    found += [(["hands", c], h) for c, h in _items(data.get("hands")) if isinstance(h, CommentedSeq)]
    return found


def _turn(target: _Target, option: str) -> Change:
    if option not in TURNS:
        raise _Refused(f"{option!r} is no option of turning: clockwise or anticlockwise")
    if target.kind not in ("cell", "feature") or target.cell is None:
        raise _Refused(f"no tile lies on {target.words()} to turn")
    cell, by = target.cell, 1 if option == TURNS[0] else -1

    def change(data: CommentedMap) -> None:
        tiles = data.get("tiles")
        key = _cell_key(tiles, cell) if isinstance(tiles, CommentedMap) else None
        if key is None:
            raise _Refused(f"no tile lies on {cell.q},{cell.r} to turn")
        tile, _, turned = str(tiles[key]).strip().partition("@")
        rotation = (int(turned) + by) % 6 if turned in {"0", "1", "2", "3", "4", "5"} else by % 6
        ye.set_key(tiles, [key], tile if rotation == 0 else f"{tile}@{rotation}")

    return change


def _prisoner(target: _Target, colour: str, option: str) -> Change:
    if option in ("freed", "dead"):
        return lambda data: _count(data, colour, option, +1)
    if option != "at":
        raise _Refused(f"{option!r} is no option of a prisoner: at, freed or dead")
    if target.kind == "island":
        raise _Refused(f"every {colour} prisoner placed nowhere else is on the island already "
                       "(S1: 8 each); erase one where it stands to bring it back", "S1")
    if not target.on_board:
        raise _Refused(f"a prisoner stands on the island, a tile's feature or a green area, not on {target.words()} (M1)",
                       "M1")
    where = target.where

    def change(data: CommentedMap) -> None:
        _add(_top(data, "prisoners"), [colour, "at"], ye.quoted(where))
        _island(data, colour, -1)

    return change


def _door(target: _Target, colour: str) -> Change:
    if target.kind in ("island", "green", "hand", "stack", "player"):
        raise _Refused(f"a door stands on a tunnel or dead end of a tile, not on {target.words()} (D2)", "D2")
    where = target.where
    return lambda data: _add(_top(data, "doors"), [colour], ye.quoted(where))


def _key(target: _Target, colour: str) -> Change:
    if target.kind != "island":
        raise _Refused(f"the master key lies on the island, in its holder's cell block, not on {target.words()} (K1)", "K1")

    def change(data: CommentedMap) -> None:
        keys = data.get("keys")
        if isinstance(keys, list) and colour in keys:
            raise _Refused(f"{colour} holds the master key already (K1)", "K1")
        if keys is None:
            _top(data, "keys", ye.flow([colour]))
        else:
            _add(data, ["keys"], colour)

    return change


def _zone(state: State, target: _Target, colour: str) -> Change:
    zone = state.board.zone_of_cell.get(target.cell) if target.kind == "green" and target.cell else None
    if zone is None:
        raise _Refused(f"a zone is claimed on one of its green areas, not on {target.words()} (Z1)", "Z1")
    return lambda data: ye.set_key(_top(data, "zones"), [zone], colour)


# --------------------------------------------------------------------------- erasing


def _erase(state: State, target: _Target, option: str) -> Change:
    what, _, colour = option.partition(" ")
    if what in ("freed", "dead") and colour in {c.value for c in Colour}:
        return lambda data: _count(data, colour, what, -1)
    if option != "top":
        raise _Refused(f"{option!r} is no option of erase: top, freed COLOUR or dead COLOUR")

    def change(data: CommentedMap) -> None:
        kind = target.kind
        if kind == "hand":
            for holder, hand in _items(data.get("hands")):
                if isinstance(hand, list) and target.tile in hand:
                    _remove_at(data, ["hands", holder], hand.index(target.tile))
                    _to_stacks(data, target.tile)
                    return
        elif kind == "player":
            hand = _items(data.get("hands"))
            found = next((h for c, h in hand if c == target.colour), None)
            if isinstance(found, list) and found:
                gone = str(found[-1])
                _remove_at(data, ["hands", target.colour], len(found) - 1)
                _to_stacks(data, gone)
                return
        elif kind == "stack":
            stacks = data.get("stacks")
            n = target.stack - 1
            if isinstance(stacks, list) and len(stacks) > n and isinstance(stacks[n], list) and stacks[n]:
                del stacks[n][0]
                if all(isinstance(s, list) and not s for s in stacks):
                    _drop(data, ["stacks"])  # empty stacks are what a puzzle has without the key
                return
        elif kind == "island":
            if target.colour:
                raise _Refused(f"{target.colour}'s prisoners on the island are those placed nowhere else "
                               "(S1: 8 each); place one elsewhere to take it off the island", "S1")
            keys = data.get("keys")
            if isinstance(keys, list) and keys:
                _remove_at(data, ["keys"], len(keys) - 1)
                return
        elif target.piece == "prisoner":
            if _take_prisoner(data, target):
                return
        elif target.piece == "door":
            if _take_door(data, target):
                return
        elif _take_prisoner(data, target) or _take_door(data, target) or _take_tile(data, target) or _take_zone(state, data, target):
            return
        raise _Refused(f"nothing to erase on {target.words()}")

    return change


def _matches(value: Any, target: _Target) -> bool:
    """Whether a written place or spot (``"q,r"``, ``"q,r/N"``) lies on the target: a
    cell takes everything on it, a feature, door or prisoner spot its own feature."""
    try:
        f = parse_spot(str(value))
    except (ValueError, SectionXError):
        return False
    if target.kind in ("cell", "green"):
        return f.cell == target.cell
    return f == Feature(target.cell, target.feature) if target.cell is not None else False


def _last_match(data: CommentedMap, holder: str, target: _Target, sub: str | None) -> tuple[str, int] | None:
    """The colour and index of the last entry on the target among ``holder``'s lists
    (``prisoners.COLOUR.at`` with ``sub`` ``at``, ``doors.COLOUR``), the last colour
    first (the piece drawn on top); only the target's colour for a piece's spot."""
    for colour, entry in reversed(list(_items(data.get(holder)))):
        if target.colour and colour != target.colour:
            continue
        found = entry.get(sub) if sub is not None and isinstance(entry, dict) else entry
        if isinstance(found, list):
            for i in range(len(found) - 1, -1, -1):
                if _matches(found[i], target):
                    return colour, i
    return None


def _take_prisoner(data: CommentedMap, target: _Target) -> bool:
    hit = _last_match(data, "prisoners", target, "at")
    if hit is None:
        return False
    colour, i = hit
    _remove_at(data, ["prisoners", colour, "at"], i)
    _island(data, colour, +1)
    return True


def _take_door(data: CommentedMap, target: _Target) -> bool:
    hit = _last_match(data, "doors", target, None)
    if hit is None:
        return False
    _remove_at(data, ["doors", hit[0]], hit[1])
    return True


def _take_tile(data: CommentedMap, target: _Target) -> bool:
    tiles = data.get("tiles")
    if target.kind not in ("cell", "feature") or not isinstance(tiles, CommentedMap) or target.cell is None:
        return False
    key = _cell_key(tiles, target.cell)
    if key is None:
        return False
    gone = str(tiles[key]).strip().partition("@")[0]
    _drop(data, ["tiles", key])
    _to_stacks(data, gone)
    return True


def _to_stacks(data: CommentedMap, tile: str) -> None:
    """A tile taken off the board or out of a hand in a game state whose stacks are
    written goes under the shortest stack (the first of equals): a game's every tile
    lies somewhere (T3), so the file stays valid.  A puzzle's tiles named nowhere are
    out of play (Q3), so there it just goes."""
    stacks = data.get("stacks")
    if "goal" in data or not isinstance(stacks, CommentedSeq):
        return
    lists = [s for s in stacks if isinstance(s, CommentedSeq)]
    if lists and not any(str(t) == tile for s in lists for t in s):
        min(lists, key=len).append(tile)


def _take_zone(state: State, data: CommentedMap, target: _Target) -> bool:
    zone = state.board.zone_of_cell.get(target.cell) if target.kind == "green" and target.cell else None
    zones = data.get("zones")
    return zone is not None and isinstance(zones, CommentedMap) and _drop(data, ["zones", zone])


# --------------------------------------------------------------------------- helpers


def _top(data: CommentedMap, key: str, new: Any = None) -> Any:
    """The value of the top key ``key``, written first (as ``new``, or an empty
    mapping) where missing, in the house's order (:data:`HOUSE_ORDER`).  EditError
    when a mapping is wanted and something else is written."""
    if key not in data:
        value = CommentedMap() if new is None else new
        after = HOUSE_ORDER[HOUSE_ORDER.index(key) + 1:]
        at = next((i for i, k in enumerate(data) if k in after), None)
        if at is None:
            ye.set_key(data, [key], value)
        else:
            data.insert(at, key, value)
        return value
    found = data[key]
    if found is None:  # "tiles:" with nothing under it yet
        data[key] = found = CommentedMap() if new is None else new
    elif new is None and not isinstance(found, CommentedMap):
        raise ye.EditError(f"{key} is not a mapping")
    return found


def _items(value: Any) -> list[tuple[str, Any]]:
    """A mapping's items with text keys (anything else: none)."""
    return [(str(k), v) for k, v in value.items()] if isinstance(value, dict) else []


def _cell_key(mapping: CommentedMap, cell: Cell) -> Any:
    """The key of ``mapping`` naming ``cell``, however it is written (``"2,-1"``,
    ``2, -1``, ``(2,-1)``); ``None`` when none does."""
    for key in mapping:
        try:
            if parse_cell(str(key)) == cell:
                return key
        except ValueError:
            continue
    return None


def _drop(data: CommentedMap, path: list[ye.Key]) -> bool:
    """:func:`yamledit.drop_key` (pruning the mappings left empty), keeping the blank
    lines that closed the mapping: ruamel keeps them as the last key's comment, so
    they go to the key that becomes last, as :func:`yamledit.set_key` moved them from
    it when it added a key after it."""
    top = len(path)
    while top > 1:  # the highest mapping the drop leaves empty goes with it
        holder = ye.mapping(data, *path[:top - 1], create=False)
        if holder is None or len(holder) != 1:
            break
        top -= 1
    parent = ye.mapping(data, *path[:top - 1], create=False)
    key = path[top - 1]
    if parent is not None and key in parent:
        _pass_blank_lines(parent, key)
    return ye.drop_key(data, path)


def _pass_blank_lines(parent: CommentedMap, key: Any) -> None:
    """Before ``key`` leaves ``parent``: the blank lines after its last line (ruamel
    keeps them as the comment of the deepest last key under it) go to the key before
    it, unless that one is followed by blank lines already."""
    keys = list(parent)
    at = keys.index(key)
    if at == 0:
        return
    holder, last = _tail(parent, key)
    token = holder.ca.items.get(last)
    if token and len(token) > 2 and token[2] is not None:
        _, newline, rest = token[2].value.partition("\n")
    else:  # a block list keeps the blank lines after it as its end
        newline, rest = "\n", "".join(t.value for t in getattr(holder.ca, "end", None) or [] if t is not None)
    if not newline or not rest or rest.strip():
        return
    holder, last = _tail(parent, keys[at - 1])
    mine = holder.ca.items.get(last)
    if not mine or len(mine) < 3:
        holder.ca.items[last] = [None, None, CommentToken("\n" + rest, CommentMark(0), None), None]
    elif mine[2] is None:
        mine[2] = CommentToken("\n" + rest, CommentMark(0), None)
    elif mine[2].value.endswith("\n") and not mine[2].value.endswith("\n\n"):
        mine[2].value += rest


def _tail(parent: CommentedMap | CommentedSeq, key: Any) -> tuple[CommentedMap | CommentedSeq, Any]:
    """The collection and key (or index) of the last line written under ``key``: a
    block mapping's or block list's deepest last entry; anything else is its own."""
    value = parent[key]
    while isinstance(value, (CommentedMap, CommentedSeq)) and value and not value.fa.flow_style():
        parent, key = value, (next(reversed(value)) if isinstance(value, CommentedMap) else len(value) - 1)
        value = parent[key]
    return parent, key


def _add(data: CommentedMap, path: list[ye.Key], value: Any) -> None:
    """:func:`yamledit.add_to_list`, the comment at the end of a flow list's line
    moved on by the width added, so its gap stays as the person left it."""
    parent = ye.mapping(data, *path[:-1], create=False)
    found = parent.get(path[-1]) if parent is not None else None
    ye.add_to_list(data, path, value)
    if isinstance(found, list):
        _shift_comment(data, path, _width(value) + (2 if len(found) > 1 else 0))


def _width(value: Any) -> int:
    """The width of a scalar in a flow list as ruamel writes it."""
    from ruamel.yaml.scalarstring import DoubleQuotedScalarString, SingleQuotedScalarString

    text = str(value)
    return len(text) + (2 if isinstance(value, (DoubleQuotedScalarString, SingleQuotedScalarString)) else 0)


def _shift_comment(data: CommentedMap, path: list[ye.Key], by: int) -> None:
    """The end-of-line comment of the flow collection holding ``path`` (the first flow
    mapping or list on the way down) moved ``by`` columns by
    :func:`yamledit.shift_comment`, so the gap stays as the person left it and an
    edit undone gives the text back byte for byte."""
    here: Any = data
    for key in path:
        if not isinstance(here, CommentedMap) or key not in here:
            return
        node = here[key]
        if isinstance(node, (CommentedMap, CommentedSeq)) and node.fa.flow_style():
            ye.shift_comment(here, key, by)
            return
        here = node


def _remove_at(data: CommentedMap, path: list[ye.Key], index: int) -> None:
    """Item ``index`` of the list at ``path`` removed (the list and the mappings left
    empty above it dropped, as :func:`yamledit.remove_from_list` does)."""
    found = ye.mapping(data, *path[:-1], create=False)
    assert found is not None
    seq = found[path[-1]]
    _shift_comment(data, path, -(_width(seq[index]) + (2 if len(seq) > 1 else 0)))
    del seq[index]
    if not seq:
        _drop(data, path)


def _stack(data: CommentedMap, number: int) -> CommentedSeq:
    """Stack ``number``'s list (``stacks`` written as three flow lists when missing)."""
    stacks = data.get("stacks")
    if stacks is None:
        stacks = _top(data, "stacks", CommentedSeq([ye.flow([]) for _ in range(STACKS)]))
    if not isinstance(stacks, list):
        raise ye.EditError("stacks is not a list")
    while len(stacks) < number:
        stacks.append(ye.flow([]))
    if not isinstance(stacks[number - 1], list):
        stacks[number - 1] = ye.flow([])
    found: CommentedSeq = stacks[number - 1]
    return found


def _count(data: CommentedMap, colour: str, what: str, by: int) -> None:
    """``prisoners.COLOUR.freed`` or ``dead`` changed by ``by`` (dropped at 0), the
    prisoner coming from or going to a written ``island:`` count (S1)."""
    entry = ye.mapping(data, "prisoners", colour, create=False)
    now = entry.get(what) if entry is not None else None
    count = now if isinstance(now, int) and not isinstance(now, bool) else 0
    if by < 0 and count <= 0:
        raise _Refused(f"{colour} has no {what} prisoner to take off")
    path: list[ye.Key] = ["prisoners", colour, what]
    if count + by:
        _top(data, "prisoners")
        if not count and entry:  # a new key in the colour's mapping: ", freed: 1" on a flow mapping's line
            _shift_comment(data, path[:2], len(f", {what}: {count + by}"))
        ye.set_key(data, path, count + by)
    else:
        if entry is not None and len(entry) > 1:
            _shift_comment(data, path[:2], -len(f", {what}: {count}"))
        _drop(data, path)
    _island(data, colour, -by)


def _island(data: CommentedMap, colour: str, by: int) -> None:
    """A written ``prisoners.COLOUR.island`` count changed by ``by`` (never below 0):
    where it is written the person counts the island's prisoners, so a prisoner placed
    comes from it and one taken off goes back (8 each, S1).  Unwritten, the island
    holds whatever is left, so nothing is written."""
    entry = ye.mapping(data, "prisoners", colour, create=False)
    now = entry.get("island") if entry is not None else None
    if isinstance(now, int) and not isinstance(now, bool) and now + by >= 0:
        ye.set_key(data, ["prisoners", colour, "island"], now + by)
