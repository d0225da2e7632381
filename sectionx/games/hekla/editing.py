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

**The puzzle's settings** (:func:`settings`; whole-file tools, :attr:`Tool.whole`, under
"Puzzle": the page shows each with its options and a Set button, and the edit gets
the spot ``""``):

* ``goal:gain`` (options 1 to 30) and ``goal:within`` (1 to 6) — HQ1's "gain at least
  K track fields within N of the player's turns, the others passing": the number set
  in place, ``goal: {gain: 8, within: 2}``; a position without a goal becomes a puzzle
  with ``goal: {gain: K, within: 1}   # the others pass (HQ1)`` (the other number 1
  until it is set), as :func:`.formats.dumps` writes it, after ``quiet:``;
* ``goal:none`` — no goal: ``goal:`` goes, and with it ``answer:`` and ``grade:`` (an
  answer belongs to a puzzle, a grade to a solved one, HQ1): the file is a position;
* ``to_move`` (the colours ``players:`` seats) — whose turn it is, in a puzzle the
  goal's player (HQ1): ``to_move: green``;
* ``quiet`` (0 to one less than 20 rounds' turns, H9) — ``quiet: 4`` with the format's
  comment; 0, the default, takes a written count off (a written ``quiet: 0`` stays).

A number set in place keeps the end-of-line comment's gap as the person left it, so
setting a value and then the file's own again gives the text back byte for byte; a
goal set on a position and taken off again does too.  A rule figure has no goal tools
(it shows a rule with its claims, HQ1).  Refused: a number outside the format's
bounds (gain 1 to 1000, within 1 to 10, HQ1), a colour not seated (HG5), a quiet
count that ends the game (H9), a goal where the game is over (HQ1: a puzzle needs a
game going on), no goal where there is none, and a ``goal:`` that is not a mapping.

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
from ruamel.yaml.error import CommentMark
from ruamel.yaml.tokens import CommentToken

from ...errors import NotationError
from ...studio import yamledit
from ...studio.table import Refusal, Tool
from .rules import LAVA, LAVA_STONES, QUIET_ROUNDS, SEATS, STONES, Board, Field, Player, Position, field_name, parse_field

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
#: The whole-file tools (:func:`settings`): the goal's two numbers, no goal, whose turn, the quiet count.
SETTINGS = ("goal:gain", "goal:within", "goal:none", "to_move", "quiet")
#: The gains the goal's tool offers (HQ1): the shipped puzzles ask 3 to 13; a file may ask up to MAX_GAIN.
GAINS = range(1, 31)
#: The turn limits it offers: the solver proves these in seconds to minutes; a file may ask up to MAX_WITHIN.
WITHINS = range(1, 7)
#: The format's bounds on a goal (the schema's): gain 1 to 1000, within 1 to 10.
MAX_GAIN, MAX_WITHIN = 1000, 10
#: A goal's keys in the order the format writes them.
GOAL_KEYS = ("gain", "within", "others")
#: The comment :func:`.formats.dumps` writes after a goal.
GOAL_COMMENT = "# the others pass (HQ1)"
#: The comment :func:`.formats.dumps` writes after a quiet count, 18 spaces after it.
QUIET_COMMENT = "# turns in a row without an eruption (H9)"
#: The one option of the no-goal tool.
NO_GOAL = "take off"


class _Refused(Exception):
    """Raised inside an edit to leave it unmade and give its refusal."""

    def __init__(self, message: str, *rules: str) -> None:
        super().__init__(message)
        self.refusal = Refusal(message, rules)


def lap_options(board: Board) -> tuple[str, ...]:
    """A volcanist tool's options: the track field as numbered, or a later lap (HG3)."""
    outer = len(board.outer)
    return ("as numbered",) + tuple(f"lap {lap} (+{(lap - 2) * outer})" for lap in LAPS)


def tools(pos: Position, *, record: bool = False, figure: bool = False) -> tuple[Tool, ...]:
    """The palette for a file whose position is ``pos`` (its colours in play, its
    board's laps), its settings last (:func:`settings`); a record has none (its
    position is made by its turns)."""
    if record:
        return ()
    out = [Tool(f"stone:{p.value}{v}", f"{p.value} {v}", f"{p.value.capitalize()} stones")
           for p in pos.players for v in VALUES]
    out += [Tool(f"stone:{LAVA}{v}", f"lava {v}", "Lava") for v in (0, 1)]
    out += [Tool(f"volcanist:{p.value}", f"{p.value} volcanist", "Volcanists", lap_options(pos.board))
            for p in pos.players]
    out.append(Tool("erase", "erase", "Erase"))
    return tuple(out) + settings(pos, figure=figure)


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


# ---------------------------------------------------------------------- the whole file's settings


def settings(pos: Position, *, figure: bool = False) -> tuple[Tool, ...]:
    """The puzzle's settings (:attr:`Tool.whole`, group "Puzzle"): the goal's gain and
    its turn limit (HQ1), no goal, whose turn it is and the quiet count (H9).  A rule
    figure shows a rule with its claims, so it gets no goal tools; its player to move
    and quiet count are still set here."""
    out = []
    if not figure:
        out += [Tool("goal:gain", "Goal: gain (track fields)", "Puzzle", tuple(map(str, GAINS)), whole=True),
                Tool("goal:within", "Goal: within (turns)", "Puzzle", tuple(map(str, WITHINS)), whole=True),
                Tool("goal:none", "No goal (a position)", "Puzzle", (NO_GOAL,), whole=True)]
    out += [Tool("to_move", "To move (the goal's player)", "Puzzle", tuple(p.value for p in pos.players), whole=True),
            Tool("quiet", "Quiet turns (H9)", "Puzzle", tuple(map(str, range(pos.quiet_limit))), whole=True)]
    return tuple(out)


def _number(option: str, what: str, low: int, high: int, *rules: str) -> int:
    """``option`` read as a whole number from ``low`` to ``high``; _Refused otherwise."""
    value = int(option) if option.isascii() and option.isdigit() and len(option) <= 6 else None
    if value is None or not low <= value <= high:
        raise _Refused(f"{option!r} is no {what}: from {low} to {high} ({', '.join(rules)})", *rules)
    return value


def _eol(parent: CommentedMap, key: Any, comment: str, column: int) -> None:
    """``comment`` at the end of ``key``'s line, at ``column``, as :func:`.formats.dumps`
    writes it; the blank lines and comments that closed the mapping (ruamel's comment
    of its last key, which :func:`yamledit.append_key` moved to ``key``) stay after it."""
    token = parent.ca.items.get(key)
    after = token[2].value.partition("\n")[2] if token and len(token) > 2 and token[2] is not None else ""
    parent.ca.items[key] = [None, None, CommentToken(f"{comment}\n{after}", CommentMark(column), None), None]


def _set_scalar(data: CommentedMap, parent: CommentedMap, key: str, value: int) -> None:
    """``key`` of ``parent`` set to ``value`` in place, the comment at the end of its
    line (``parent`` is ``data``) or of the line of the flow mapping ``parent`` moved
    with the line, so the gap stays as the person left it and a setting set back gives
    the text back byte for byte."""
    old = parent[key]
    parent[key] = value
    grow = len(str(value)) - len(str(old))
    if parent is data or not parent.fa.flow_style():
        yamledit.shift_comment(parent, key, grow)  # the comment at the end of the key's own line
    else:
        for top, held in data.items():
            if held is parent:
                yamledit.shift_comment(data, top, grow)  # at the end of the flow mapping's line


def _goal(data: CommentedMap, pos: Position, part: str, value: int) -> None:
    """The goal's ``part`` (``gain`` or ``within``) set; a position without a goal gets
    ``goal: {gain: K, within: N}`` where the format writes it, the other part 1 (HQ1)."""
    found = data.get("goal")
    if found is not None and not isinstance(found, CommentedMap):
        raise _Refused("goal: is not a mapping ({gain: 6, within: 2}); mend it by text first")
    if isinstance(found, CommentedMap) and part in found:
        _set_scalar(data, found, part, value)
        return
    if isinstance(found, CommentedMap):  # a goal written without this part: it goes in
        yamledit.insert_ranked(found, part, value, lambda k: (GOAL_KEYS.index(k),) if k in GOAL_KEYS else None)
        return
    if pos.over:
        raise _Refused(f"the game is over ({pos.ended_by}): a puzzle needs a game going on (HQ1)", "HQ1")
    fresh = CommentedMap()  # a flow mapping on one line, as the format writes it
    fresh.fa.set_flow_style()
    fresh["gain"] = value if part == "gain" else 1
    fresh["within"] = value if part == "within" else 1
    if "goal" in data:  # goal: left empty
        data["goal"] = fresh
    else:
        yamledit.insert_in_order(data, "goal", fresh, HOUSE_ORDER)
    line = f"goal: {{gain: {fresh['gain']}, within: {fresh['within']}}}"
    _eol(data, "goal", GOAL_COMMENT, len(line) + 3)


def _no_goal(data: CommentedMap) -> None:
    """The goal taken off, and with it the puzzle's recorded ``answer:`` and ``grade:``
    (an answer belongs to a puzzle, a grade to a solved one, HQ1): the file is a position."""
    if "goal" not in data:
        raise _Refused("the file has no goal to take off: it is a position already (HQ1)", "HQ1")
    for key in ("grade", "answer", "goal"):
        if key in data:
            yamledit.remove_key(data, key)


def _to_move(data: CommentedMap, pos: Position, colour: str) -> None:
    seats = _seats(data, pos)
    if colour not in [p.value for p in seats]:
        raise _Refused(f"{colour!r} does not play in a {len(seats)}-player game: the colours are "
                       + ", ".join(p.value for p in seats) + " (HG5)", "HG5")
    if data.get("to_move") == colour:
        return
    if "to_move" in data:
        old = str(data["to_move"])
        data["to_move"] = colour
        yamledit.shift_comment(data, "to_move", len(colour) - len(old))
    else:
        yamledit.insert_in_order(data, "to_move", colour, HOUSE_ORDER)


def _quiet(data: CommentedMap, value: int) -> None:
    """``quiet: N`` (a new line with :func:`.formats.dumps`'s comment); 0, the format's
    default, takes a written count off (as ``sectionx`` writes a file), and leaves a
    written ``quiet: 0`` as it is."""
    held = data.get("quiet")
    if held == value or (value == 0 and "quiet" not in data):
        return
    if value == 0:
        yamledit.remove_key(data, "quiet")
    elif isinstance(held, int) and not isinstance(held, bool):
        _set_scalar(data, data, "quiet", value)
    elif "quiet" in data:
        data["quiet"] = value
    else:
        yamledit.insert_in_order(data, "quiet", value, HOUSE_ORDER)
        _eol(data, "quiet", QUIET_COMMENT, len(f"quiet: {value}") + 18)


def _setting(data: CommentedMap, pos: Position, kind: str, tool: str, option: str) -> None:
    """The whole-file tool ``tool`` with ``option`` applied to the text's ``data``."""
    if tool.startswith("goal:") and kind == "figure":
        raise _Refused("a rule figure shows a rule with its claims; a puzzle is a position file with a goal (HQ1)",
                       "HQ1")
    if tool == "goal:gain":
        _goal(data, pos, "gain", _number(option, "number of track fields to gain", 1, MAX_GAIN, "HQ1"))
    elif tool == "goal:within":
        _goal(data, pos, "within", _number(option, "turn limit", 1, MAX_WITHIN, "HQ1"))
    elif tool == "goal:none":
        if option not in ("", NO_GOAL):
            raise _Refused(f"{option!r} is no option of no goal: {NO_GOAL}")
        _no_goal(data)
    elif tool == "to_move":
        _to_move(data, pos, option)
    else:
        seats = _seats(data, pos)
        limit = QUIET_ROUNDS * len(seats)
        _quiet(data, _number(option, f"quiet count with {len(seats)} players (at {limit} the game is over)",
                             0, limit - 1, "H9"))


def edit(pos: Position, kind: str, text: str, tool: str, spot: str, option: str = "") -> str | Refusal:
    """``text`` after ``tool`` (with ``option``) is used on ``spot`` of the picture of
    ``pos`` (the table's position; its board's fields and track), or why not (the
    module docstring).  Never raises."""
    board = pos.board
    try:
        if kind == "record":
            raise _Refused("a game record's position is made by its turns: the palette edits positions, puzzles "
                           "and figures (write a record's start: by text)")
        if tool in SETTINGS:
            return yamledit.edited(text, lambda d: _setting(d, pos, kind, tool, option))
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
