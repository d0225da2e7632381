"""Hekla's palette in the studio's editor (issue 31, "Edit": "Hekla stones, lava and
volcanists"): the tools, and the file's text after a tool is used on a spot of the
table's picture (:class:`.studio.HeklaTable` answers :class:`sectionx.studio.table.Editable`
with these).

**The palette** (:func:`tools`), for the colours the file's players count puts in play (HG5):

* ``stone:red3`` — one tool for each player's stone of each value 0 to 3 (HG5), under
  "Red stones", "Green stones"...; on a field (``field:c3``, or one of its stones'
  spots) it puts the stone on the field's next place, the right one when the left is
  taken (HG1): ``stones: {c3: [red3]}``, a field's list in place order, as the format
  writes it;
* ``stone:lava0``, ``stone:lava1`` — the lava stones of each value (HG5, H7), under
  "Lava", written the same way (``c3: [lava0]``);
* ``volcanist:red`` — each player's volcanist, under "Volcanists"; on a track field
  (``track:11``, the fields a volcanist there has advanced, as the board numbers it,
  HG3) it sets ``track: {red: 11}``.  Its options name the lap on the outer ring:
  "as numbered" (the inner ring, lap 1, or the outer ring's first time round, lap 2),
  "lap 3 (+32)" and "lap 4 (+64)" (on the standard board: the kit's lap tokens, HG3);
* ``erase`` — takes one thing off the spot, the top one first: a field's stone on the
  right place before the left (a stone's own spot takes that stone), the last
  volcanist in seat order on a track field (its ``track:`` entry goes, so it stands on
  the start field again, the format's default 0).

**What is written** is what a person writes by hand, in the format's forms
(:mod:`.formats`): a new field goes into ``stones:`` in the house's order (a1, a2...,
b1...) as a flow list ``c3: [red3]``; a new volcanist into ``track:`` in seat order,
a flow mapping ``track: {red: 5, green: 0}`` when the file has none; a new top key
(``stones:``, ``track:``) where :func:`.formats.dumps` writes it (after ``to_move:``).
A field or volcanist erased to nothing drops its key (and ``stones:`` or ``track:``
when it empties), so a tool placed then erased gives back the text byte for byte.
Only the keys an edit touches change (:mod:`sectionx.studio.yamledit`'s round trip):
comments, key order, quoting and blank lines stay.

**Refused** (a :class:`~sectionx.studio.table.Refusal` naming the ruling): a third
stone on a field (HG1: a field has two places), lava on a field that is the middle
of no triple (H7: lava goes only on an erupting triple's middle field, so never on a
corner of the area), a stone on the track or a volcanist on a field (HG1, HG3), a
later lap on the inner ring (HG3), a stone of a colour the text's ``players:`` does
not seat or one more than the game has (HG5: a fourth red 2 with two players, an
11th lava 0), erasing where nothing is, a spot or tool this board does not have,
text that is not a mapping of keys, and a game record (its position is made by its
turns: the palette edits positions, puzzles and figures).
Anything else is written even when it makes the file invalid (a value-1 lava stone
while value-0 lava is left, H7; a colour's volcanist in a game it does not play,
HG5), and ``validate``'s problems show beside the text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ruamel.yaml.comments import CommentedMap

from ...errors import NotationError
from ...studio import yamledit
from ...studio.table import Refusal, Tool
from .rules import LAVA, LAVA_STONES, SEATS, STONES, Board, Field, Player, Position, field_name, parse_field

#: The top keys of a position file in the order :func:`.formats.dumps` writes them: a
#: new key goes after the last one before it that the file has.
HOUSE_ORDER = ("game", "format", "title", "players", "to_move", "stones", "track", "size", "hot", "quiet",
               "goal", "answer", "grade", "annotations", "claims")
#: The stones of each colour, highest value first as the kit lays out a supply.
VALUES = (3, 2, 1, 0)
#: Every stone a stone tool may name: each colour's values 0 to 3, lava's 0 and 1 (HG5).
STONE_NAMES = frozenset([f"{p.value}{v}" for p in SEATS for v in VALUES] + [f"{LAVA}{v}" for v in (0, 1)])
#: The later laps a volcanist tool offers on the outer ring (HG3: lap 3 and lap 4, the kit's tokens).
LAPS = (3, 4)


class _Refused(Exception):
    """Raised inside an edit to leave it unmade and give its refusal."""

    def __init__(self, message: str, *rules: str) -> None:
        super().__init__(message)
        self.refusal = Refusal(message, rules)


def lap_options(board: Board) -> tuple[str, ...]:
    """A volcanist tool's options: the track field as numbered, or a later lap (HG3)."""
    outer = len(board.outer)
    return ("as numbered",) + tuple(f"lap {lap} (+{(lap - 2) * outer})" for lap in LAPS)


def tools(pos: Position, *, record: bool = False) -> tuple[Tool, ...]:
    """The palette for a file whose position is ``pos`` (its colours in play, its
    board's laps); a record has none (its position is made by its turns)."""
    if record:
        return ()
    out = [Tool(f"stone:{p.value}{v}", f"{p.value} {v}", f"{p.value.capitalize()} stones")
           for p in pos.players for v in VALUES]
    out += [Tool(f"stone:{LAVA}{v}", f"lava {v}", "Lava") for v in (0, 1)]
    out += [Tool(f"volcanist:{p.value}", f"{p.value} volcanist", "Volcanists", lap_options(pos.board))
            for p in pos.players]
    out.append(Tool("erase", "erase", "Erase"))
    return tuple(out)


# ---------------------------------------------------------------------- spots

def track_cells(board: Board) -> tuple[Field, ...]:
    """The track fields in the order a volcanist reaches them the first time: the inner
    ring from the start field, then the outer ring from the arrow (HG3); a field's
    index is its number on the board."""
    return board.inner + board.outer


@dataclass(frozen=True)
class _Place:
    """A spot of the picture read: a field (``place`` the stone's index where the spot
    is a stone's own) or a track field (``cell``, its number on the board)."""

    field: Field | None = None
    place: int | None = None
    cell: int | None = None


def _spot(board: Board, spot: str) -> _Place:
    """``field:c3``, ``stone:c3:1`` or ``track:11`` read; _Refused for anything this board lacks."""
    kind, _, rest = spot.partition(":")
    name, _, place = rest.partition(":")
    no = _Refused(f"{spot!r} is no place on this {board.width} x {board.height} board (HG1, HG3)", "HG1", "HG3")
    if kind == "track" and not place:
        if not name.isdigit() or int(name) >= len(track_cells(board)):
            raise no
        return _Place(cell=int(name))
    if kind not in ("field", "stone") or (kind == "stone") != (place in ("0", "1")) or (kind == "field" and place):
        raise no
    try:
        f = parse_field(name)
    except NotationError:
        raise no from None
    if not board.inside(f) or name != field_name(f):
        raise no
    return _Place(f, int(place) if kind == "stone" else None)


# ---------------------------------------------------------------------- the text's parts


def _stones(data: CommentedMap) -> CommentedMap | None:
    """The file's ``stones:`` mapping (None when it has none, or ``stones:`` is left empty)."""
    found = data.get("stones")
    if found is None:
        return None
    if not isinstance(found, CommentedMap):
        raise _Refused("stones: is not a mapping of fields to their stones (c3: [red3]); mend it by text first")
    return found


def _key_of(mapping: CommentedMap, f: Field) -> Any:
    """The key the file writes for field ``f`` (as the person spelled it), or None."""
    for k in mapping:
        try:
            if parse_field(str(k)) == f:
                return k
        except NotationError:
            continue
    return None


def _field_rank(key: Any) -> tuple[int, ...] | None:
    try:
        return parse_field(str(key))
    except NotationError:
        return None


def _held(stones: CommentedMap | None, f: Field) -> tuple[Any, list[str]]:
    """The key of field ``f`` in ``stones`` and its stones as written, in place order."""
    key = _key_of(stones, f) if stones is not None else None
    if key is None or stones is None:
        return None, []
    value = stones[key]
    if value is None:
        return key, []
    if not isinstance(value, list):
        raise _Refused(f"stones.{key} is not a list of stones ([red3, lava0]); mend it by text first")
    return key, [str(s) for s in value]


def _seat_rank(key: Any) -> tuple[int, ...] | None:
    names = [p.value for p in SEATS]
    return (names.index(key),) if key in names else None


def _seats(data: CommentedMap, pos: Position) -> tuple[Player, ...]:
    """The colours in play by the text's ``players:`` (the table's when it is not 2 to 4)."""
    count = data.get("players")
    return SEATS[:count] if isinstance(count, int) and 2 <= count <= 4 else pos.players


# ---------------------------------------------------------------------- the tools

def _stock(data: CommentedMap, pos: Position, stone: str, stones: CommentedMap | None) -> None:
    """_Refused when ``stone`` is not in the game the text's ``players:`` sets up, or
    every one of them is on the board already (HG5)."""
    owner, value = stone[:-1], int(stone[-1])
    seats = _seats(data, pos)
    if owner == LAVA:
        have = LAVA_STONES[value]
    elif owner in {p.value for p in seats}:
        have = STONES[len(seats)][value]
    else:
        raise _Refused(f"{owner} does not play in a {len(seats)}-player game: the colours are "
                       + ", ".join(p.value for p in seats) + " (HG5)", "HG5")
    on = 0
    for held in (stones or {}).values():
        on += sum(str(s) == stone for s in held) if isinstance(held, list) else 0
    if on >= have:
        each = f"there are {have}" if owner == LAVA else f"each player has {have} with {len(seats)} players"
        raise _Refused(f"every {owner} {value} is on the board already: {each} (HG5)", "HG5")


def _place(data: CommentedMap, board: Board, pos: Position, stone: str, f: Field) -> None:
    name = field_name(f)
    if stone.startswith(LAVA) and f not in {t[1] for t in board.triples()}:
        raise _Refused(f"lava on {name}: lava is put only on the middle field of an erupting triple, and {name}, "
                       "a corner, is the middle of no triple (H7)", "H7")
    stones = _stones(data)
    key, here = _held(stones, f)
    _stock(data, pos, stone, stones)
    if len(here) >= 2:
        raise _Refused(f"{name} holds two stones ({', '.join(here)}): a field has two places (HG1); erase one first",
                       "HG1")
    if stones is None:
        fresh = CommentedMap()
        fresh[name] = yamledit.flow([stone])
        if "stones" in data:
            data["stones"] = fresh
        else:
            yamledit.insert_in_order(data, "stones", fresh, HOUSE_ORDER)
    elif key is None:
        yamledit.insert_ranked(stones, name, yamledit.flow([stone]), _field_rank)
    elif isinstance(stones[key], list):
        stones[key].append(stone)
    else:
        stones[key] = yamledit.flow([stone])


def _take(data: CommentedMap, f: Field, index: int | None) -> None:
    stones = _stones(data)
    key, here = _held(stones, f)
    name = field_name(f)
    if not here or stones is None:
        raise _Refused(f"nothing to erase on {name}: it holds no stone")
    at = len(here) - 1 if index is None else index
    if at >= len(here):
        raise _Refused(f"nothing to erase on {name}'s {'left' if at == 0 else 'right'} place")
    if len(here) > 1:
        del stones[key][at]
        return
    yamledit.remove_key(stones, key)
    if not stones:
        yamledit.remove_key(data, "stones")


def _track(data: CommentedMap) -> CommentedMap | None:
    found = data.get("track")
    if found is None:
        return None
    if not isinstance(found, CommentedMap):
        raise _Refused("track: is not a mapping of colours to fields advanced ({red: 5}); mend it by text first")
    return found


def _stand(data: CommentedMap, board: Board, player: str, cell: int, option: str) -> None:
    options = lap_options(board)
    if option and option not in options:
        raise _Refused(f"{option!r} is no lap the volcanist tool knows: " + ", ".join(options) + " (HG3)", "HG3")
    later = options.index(option) if option else 0
    if later and cell < len(board.inner):
        raise _Refused(f"{board.track_name(cell)} is on the inner ring, which a volcanist runs once, lap 1; "
                       "a later lap is on the outer ring (HG3)", "HG3")
    value = cell + (later and (LAPS[later - 1] - 2) * len(board.outer))
    track = _track(data)
    if track is None:
        fresh = CommentedMap()  # a flow mapping, as the format writes track: {red: 5}
        fresh.fa.set_flow_style()
        fresh[player] = value
        if "track" in data:
            data["track"] = fresh
        else:
            yamledit.insert_in_order(data, "track", fresh, HOUSE_ORDER)
    elif player in track:
        track[player] = value
    else:
        if not track:
            track.fa.set_flow_style()  # track: {} filled stays on its line, as the format writes it
        yamledit.insert_ranked(track, player, value, _seat_rank)


def _leave(data: CommentedMap, board: Board, pos: Position, cell: int) -> None:
    track = _track(data)
    here = [p.value for p in _seats(data, pos)
            if track is not None and isinstance(track.get(p.value), int) and track[p.value] >= 0
            and board.track_field(track[p.value]) == track_cells(board)[cell]]
    if not here or track is None:
        if cell == 0:
            raise _Refused("nothing to erase on the start field: the volcanists start there, where track: does "
                           "not name them (HG3)", "HG3")
        raise _Refused(f"nothing to erase on {board.track_name(cell)}: no volcanist stands there")
    yamledit.remove_key(track, here[-1])
    if not track:
        yamledit.remove_key(data, "track")


def edit(pos: Position, kind: str, text: str, tool: str, spot: str, option: str = "") -> str | Refusal:
    """``text`` after ``tool`` (with ``option``) is used on ``spot`` of the picture of
    ``pos`` (the table's position; its board's fields and track), or why not (the
    module docstring).  Never raises."""
    board = pos.board
    try:
        if kind == "record":
            raise _Refused("a game record's position is made by its turns: the palette edits positions, puzzles "
                           "and figures (write a record's start: by text)")
        at = _spot(board, spot)
        what, _, arg = tool.partition(":")
        f, cell = at.field, at.cell
        if what == "stone" and arg in STONE_NAMES:
            if f is None:
                raise _Refused(f"a stone goes on a field of the area (HG1), not on {board.track_name(cell or 0)} "
                               "of the escape track (HG3)", "HG1", "HG3")
            return yamledit.edited(text, lambda d: _place(d, board, pos, arg, f))
        if what == "volcanist" and arg in [p.value for p in SEATS]:
            if cell is None:
                raise _Refused(f"a volcanist stands on the escape track round the area (HG3), not on the field "
                               f"{field_name(f or (0, 0))}: click a track field", "HG3")
            return yamledit.edited(text, lambda d: _stand(d, board, arg, cell, option))
        if tool == "erase":
            if cell is not None:
                return yamledit.edited(text, lambda d: _leave(d, board, pos, cell))
            if f is not None:
                return yamledit.edited(text, lambda d: _take(d, f, at.place))
        raise _Refused(f"{tool!r} is no tool of Hekla's palette (stone:red3, stone:lava0, volcanist:red, erase)")
    except _Refused as refused:
        return refused.refusal
    except yamledit.EditError as exc:
        return Refusal(str(exc))
