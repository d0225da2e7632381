"""Der Tunnel's palette in the studio's editor (issue 31, "Edit": "Der Tunnel tiles,
followers and tokens"): the tools, and the file's text after a tool is used on a spot
of the table's picture (:class:`.studio.TunnelTable` answers
:class:`sectionx.studio.table.Editable` with these).

**The palette** (:func:`tools`):

* ``tile:U`` — one tool for every kind of tile of the set (A to X, TG2; TU-A to TU-D,
  TG3), under "Tiles" and "Tunnel tiles", its options the turns ``@0`` to ``@3``
  (TG4: quarter turns clockwise).  On an empty cell (``cell:1,0``, or any spot of it)
  it writes ``board: {"1,0": U@1}`` — the cell key quoted, the tile ``NAME@R``, the new
  line in board order (row, then column) as :func:`.formats.dumps` writes it.  On a
  cell holding a tile of that kind, another turn turns it where it lies (its line's
  value only: what stands on it and its comment stay);
* ``follower:red`` — each seated colour's follower, under "Followers".  On a part of
  a placed tile (``part:1,0:E`` by an edge's middle: the road or city through it, or
  the field there on a field edge; ``part:1,0:Nw`` a half-edge: its field; the cell's
  middle ``cell:1,0``: its cloister; a tunnel mouth ``opening:1,0:E``: the road to it)
  it writes ``followers: {red: ["1,0 road:E"]}``, the feature by its first place as
  the notation names it (TG4, CB4), appended to the colour's flow list;
* ``token:red`` — each token set of the game (TU8's deal; with TV3 the six common
  pairs), under "Tunnel tokens"; on a tunnel opening of a placed tile (its mouth
  ``opening:1,0:E``, or the part by that edge) it writes ``tunnels: {red: ["1,0:E"]}``,
  appended to the set's list (the order the tokens were laid);
* ``erase`` — takes one thing off the spot, the top one first: on a placed tile the
  follower or token at the spot clicked, then any follower on the tile, then any
  token on its openings, then the tile itself.  A list erased to nothing drops its
  key (and ``followers:`` / ``tunnels:`` when they empty), so a tool placed then
  erased gives back the text byte for byte.

**What is written** goes through :mod:`sectionx.studio.yamledit`'s round trip: only the
keys an edit touches change; comments, key order, quoting and blank lines stay, and
every other line as written (a follower list wrapped over two lines, which the round
trip would join: :func:`~sectionx.studio.yamledit.edited_in_place`).  New
top keys go where :func:`.formats.dumps` writes them (``followers:`` and ``tunnels:``
after ``board:``), a new colour's list in seat order (a set's in TU8's deal order).
What a spot holds is read from the text as it stands (it may be ahead of the last
valid table the page draws), not from the table.

**Refused** (a :class:`~sectionx.studio.table.Refusal` naming the ruling): a tile on a
cell that holds another kind or the same turn (TG1), one more tile of a kind than the box holds, counting the
board, ``out:`` and a listed ``stack:`` (TG2, TG3); a follower where no tile is or on a
feature the tile lacks there (a cloister, CB4), on a feature that holds one or on a
tile that holds one already (CB4, CB2: one follower a tile), an eighth follower of a
colour (CB1); a token where no tile is or on an edge with no opening (TU1), on an
opening that holds one (TU2), a third token of a set (TU8); erasing where nothing is;
a tool or spot this table does not have; a game record (its position is made by its
turns: the palette edits positions, puzzles and figures).  Anything else is written
even when it makes the file invalid (a tile whose edges do not match, CB3; a follower
on a completed road, CB8), and ``validate``'s problems show beside the text.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

from ruamel.yaml.comments import CommentedMap

from ...studio import yamledit
from ...studio.table import Refusal, Tool
from .model import COLOURS, FOLLOWERS, Cell, Position
from .rules import MAX_PLAYERS, cell_text
from .tiles import EDGES, HALVES, Oriented, tile_set

#: The top keys of a position file in the order :func:`.formats.dumps` writes them (the
#: puzzle's and a figure's after): a new key goes after the last one before it that the
#: file has.
HOUSE_ORDER = ("game", "format", "title", "players", "tokens", "variants", "sets", "turn", "board", "followers",
               "tunnels", "stealable", "scores", "stack", "out", "goal", "drawn", "after", "answer", "grade",
               "annotations", "picture_after", "claims")
#: A tile's turns, the tile tools' options (TG4).
ROTATIONS = ("@0", "@1", "@2", "@3")
_CELL = re.compile(r"([+-]?[0-9]{1,4}),([+-]?[0-9]{1,4})", re.ASCII)
_TILE = re.compile(r"([A-Z][A-Z0-9-]{0,9})@([0-3])", re.ASCII)


class _Refused(Exception):
    """Raised inside an edit to leave it unmade and give its refusal."""

    def __init__(self, message: str, *rules: str) -> None:
        super().__init__(message)
        for rule in rules:  # the page shows the ids beside the words: not said twice
            message = message.removesuffix(f" ({rule})")
        self.refusal = Refusal(message, rules)


def tools(pos: Position, *, record: bool = False) -> tuple[Tool, ...]:
    """The palette for a file whose position is ``pos`` (its seats' followers, its
    game's token sets); a record has none (its position is made by its turns)."""
    if record:
        return ()
    out = [Tool(f"tile:{t.name}", t.name, "Tunnel tiles" if t.tunnel else "Tiles", ROTATIONS)
           for t in tile_set().types.values()]
    out += [Tool(f"follower:{p}", f"{p} follower", "Followers") for p in pos.players]
    out += [Tool(f"token:{s}", f"{s} token", "Tunnel tokens") for s in pos.sets]
    out.append(Tool("erase", "erase", "Erase"))
    return tuple(out)


# ---------------------------------------------------------------------- spots


def read_spot(spot: str) -> tuple[str, Cell, str] | None:
    """``cell:1,0``, ``part:1,0:Nw`` or ``opening:1,0:E`` read as (kind, cell, part);
    None when it is none of them."""
    kind, _, rest = spot.partition(":")
    where, _, part = rest.partition(":")
    m = _CELL.fullmatch(where)
    if m is None:
        return None
    cell = (int(m.group(1)), int(m.group(2)))
    if (kind == "cell" and not part) or (kind == "part" and part in (*EDGES, *HALVES)) \
            or (kind == "opening" and part in EDGES):
        return kind, cell, part
    return None


# ---------------------------------------------------------------------- the text's parts


def _section(data: CommentedMap, key: str, shape: str) -> CommentedMap | None:
    """The file's ``board:``, ``followers:`` or ``tunnels:`` mapping (None when missing)."""
    found = data.get(key)
    if found is None:
        return None
    if not isinstance(found, CommentedMap):
        raise _Refused(f"{key}: is not a mapping ({shape}); mend it by text first")
    return found


def _cell_of(key: Any) -> Cell | None:
    m = _CELL.fullmatch(str(key))
    return (int(m.group(1)), int(m.group(2))) if m else None


def _board_rank(key: Any) -> tuple[int, ...] | None:
    cell = _cell_of(key)
    return (cell[1], cell[0]) if cell is not None else None


def _tiles(data: CommentedMap) -> dict[Cell, tuple[Any, Oriented | None]]:
    """The board as the text writes it: each cell's key and its tile (None where the
    value names no tile of the set)."""
    board = _section(data, "board", '"x,y": TILE@R')
    found: dict[Cell, tuple[Any, Oriented | None]] = {}
    for key, value in (board or {}).items():
        cell = _cell_of(key)
        if cell is None or cell in found:
            continue
        m = _TILE.fullmatch(str(value))
        known = m is not None and m.group(1) in tile_set().types
        found[cell] = (key, tile_set().oriented(m.group(1), int(m.group(2))) if m is not None and known else None)
    return found


def _lists(data: CommentedMap, key: str, shape: str) -> CommentedMap | None:
    section = _section(data, key, shape)
    for name, value in (section or {}).items():
        if value is not None and not isinstance(value, list):
            raise _Refused(f"{key}.{name} is not a list ({shape}); mend it by text first")
    return section


def _followers(data: CommentedMap, tiles: dict[Cell, tuple[Any, Oriented | None]]
               ) -> list[tuple[Any, int, Cell, int | None]]:
    """Each follower the text writes: its colour (the key as written), its index in the
    colour's list, its cell and its feature on the tile there (None where none reads)."""
    section = _lists(data, "followers", 'red: ["1,0 road:E"]')
    found = []
    for player, items in (section or {}).items():
        for i, text in enumerate(items or []):
            cell_word, _, feature = str(text).partition(" ")
            cell = _cell_of(cell_word)
            if cell is None:
                continue
            tile = tiles.get(cell, (None, None))[1]
            found.append((player, i, cell, tile.feature_named(feature) if tile is not None else None))
    return found


def _tokens(data: CommentedMap) -> list[tuple[Any, int, str]]:
    """Each token the text writes: its set (the key as written), its index in the set's
    list, its opening as written."""
    section = _lists(data, "tunnels", 'red: ["1,0:E"]')
    return [(name, i, str(text)) for name, items in (section or {}).items() for i, text in enumerate(items or [])]


def _add(data: CommentedMap, key: str, name: str, value: str, order: Collection[str]) -> None:
    """``value`` (quoted) appended to the list ``name`` of the top mapping ``key``,
    a new list in ``order`` (seats, or TU8's sets) and a new mapping where dumps puts it."""
    section = data.get(key)
    if not isinstance(section, CommentedMap):
        fresh = CommentedMap()
        fresh[name] = yamledit.flow([yamledit.quoted(value)])
        if key in data:
            data[key] = fresh
        else:
            yamledit.insert_in_order(data, key, fresh, HOUSE_ORDER)
        return
    items = section.get(name)
    if isinstance(items, list):
        yamledit.shift_comment(section, name, len(value) + 2 + (2 if items else 0))
        items.append(yamledit.quoted(value))
        return
    ranks = list(order)

    def rank(k: Any) -> tuple[int, ...] | None:
        return (ranks.index(k),) if k in ranks else None

    if name in section:
        section[name] = yamledit.flow([yamledit.quoted(value)])
    else:
        yamledit.insert_ranked(section, name, yamledit.flow([yamledit.quoted(value)]), rank)


def _remove(data: CommentedMap, key: str, name: str, index: int) -> None:
    """Item ``index`` of the list ``name`` of ``key`` removed (the list, then ``key``,
    dropped when they empty)."""
    section = data[key]
    items = section[name]
    if len(items) > 1:
        yamledit.shift_comment(section, name, -(len(str(items[index])) + 2 + 2))
        del items[index]
        return
    yamledit.remove_key(section, name)
    if not section:
        yamledit.remove_key(data, key)


# ---------------------------------------------------------------------- the tools


def pointed(kind: str, part: str, tile: Oriented) -> tuple[int | None, int | None]:
    """What a spot of a placed tile points at: the feature (None: the cell's middle on a
    tile with no cloister) and the edge of an opening (None: no opening there)."""
    if kind == "cell":
        return next((i for i, f in enumerate(tile.features) if f.kind == "cloister"), None), None
    if part in EDGES:
        e = EDGES.index(part)
        local = tile.edge_feature[e] if tile.edge_feature[e] >= 0 else tile.half_feature[2 * e]
        mouth = e if local >= 0 and tile.features[local].end == "opening" else None
        return local, mouth
    h = HALVES.index(part)
    local = tile.half_feature[h] if tile.half_feature[h] >= 0 else tile.edge_feature[h // 2]
    return local, None


def _box_count(data: CommentedMap, tiles: dict[Cell, tuple[Any, Oriented | None]], name: str) -> int:
    """How many tiles of kind ``name`` the text has on the board, out and in a listed stack."""
    count = sum(1 for _, t in tiles.values() if t is not None and t.tile.name == name)
    for key in ("out", "stack"):
        listed = data.get(key)
        if isinstance(listed, list):
            count += sum(1 for n in listed if str(n) == name)
    return count


def _follow_stack(data: CommentedMap, tiles: dict[Cell, tuple[Any, Oriented | None]], change: int) -> None:
    """A ``stack:`` count that was every tile left follows the board: one fewer when a
    tile is placed, one more when one is erased (``change``: +1 or -1 tiles on the
    board), so that a new game's ``stack: 75`` stays true (TG2: a stack of no more
    tiles than are neither on the board nor out); a count larger than the tiles left
    after a tile is placed comes down to them.  A listed stack is the person's."""
    stack = data.get("stack")
    if not isinstance(stack, int) or isinstance(stack, bool):
        return
    out = data.get("out")
    left = len(tile_set().box()) - len(tiles) - (len(out) if isinstance(out, list) else 0)
    if stack == left or (change > 0 and stack > left - 1):
        data["stack"] = max(left - change, 0)


def _place_tile(data: CommentedMap, name: str, option: str, cell: Cell) -> None:
    tiles = _tiles(data)
    where = cell_text(cell)
    if option and option not in ROTATIONS:
        raise _Refused(f"{option!r} is no turn of a tile: {', '.join(ROTATIONS)}, quarter turns clockwise (TG4)",
                       "TG4")
    if cell in tiles:
        key, there = tiles[cell]
        held = f"{there.tile.name}@{there.rotation}" if there is not None else str((data.get("board") or {})[key])
        if there is not None and there.tile.name == name and option and option != f"@{there.rotation}":
            # The same kind with another turn: the tile turned where it lies (its line,
            # its comment and what stands on it kept), rather than erase and place again.
            data["board"][key] = f"{name}{option}"
            return
        raise _Refused(f"{where} holds {held}: a cell holds one tile; erase it first, or choose another turn of "
                       f"{there.tile.name if there is not None else 'it'} to turn it (TG1)", "TG1")
    kind = tile_set().types[name]
    if _box_count(data, tiles, name) >= kind.count:
        rule = "TG3" if kind.tunnel else "TG2"
        raise _Refused(f"every {name} tile of the box is placed, out or in the stack already: the box holds "
                       f"{kind.count} ({rule})", rule)
    rotation = option or ROTATIONS[0]
    _follow_stack(data, tiles, +1)
    board = _section(data, "board", '"x,y": TILE@R')
    value = f"{name}{rotation}"
    if board is None:
        fresh = CommentedMap()
        fresh[yamledit.quoted(where)] = value
        if "board" in data:
            data["board"] = fresh
        else:
            yamledit.insert_in_order(data, "board", fresh, HOUSE_ORDER)
        return
    yamledit.insert_ranked(board, yamledit.quoted(where), value, _board_rank)


def _placed(data: CommentedMap, cell: Cell, what: str, rule: str) -> Oriented:
    """The tile the text has on ``cell``; _Refused when there is none (or it does not read)."""
    tiles = _tiles(data)
    where = cell_text(cell)
    if cell not in tiles:
        raise _Refused(f"{where} holds no tile: {what}; place a tile there first", rule)
    tile = tiles[cell][1]
    if tile is None:
        raise _Refused(f"{where} holds no tile of the set the editor reads (TILE@R, R 0 to 3); mend it by text first",
                       "TG1")
    return tile


def _place_follower(data: CommentedMap, pos: Position, player: str, kind: str, cell: Cell, part: str) -> None:
    tile = _placed(data, cell, "a follower goes on a feature of a placed tile", "CB4")
    where = cell_text(cell)
    local, _ = pointed(kind, part, tile)
    if local is None:
        raise _Refused(f"{tile.tile.name}@{tile.rotation} on {where} has no cloister: click by an edge for its road, "
                       "city or field (CB4)", "CB4")
    feature = tile.features[local].name
    mine = 0
    for who, _, at, theirs in _followers(data, _tiles(data)):
        mine += str(who) == player
        if at != cell:
            continue
        if theirs == local:
            raise _Refused(f"the {feature} of {where} holds {who}'s follower already (CB4)", "CB4")
        raise _Refused(f"{where} holds {who}'s follower already: one follower a tile, on the tile just placed "
                       "(CB2)", "CB2")
    if mine >= FOLLOWERS:
        raise _Refused(f"every {player} follower is on the board: each player has {FOLLOWERS} (CB1)", "CB1")
    _add(data, "followers", player, f"{where} {feature}", [*pos.players, *COLOURS[:MAX_PLAYERS]])


def _place_token(data: CommentedMap, pos: Position, name: str, kind: str, cell: Cell, part: str) -> None:
    tile = _placed(data, cell, "a token goes on a tunnel opening of a placed tile", "TU1")
    where = cell_text(cell)
    mouth = None
    if kind != "cell" and part in EDGES:
        mouth = pointed("part", part, tile)[1]
    if mouth is None:
        edge = f"its {part} edge" if part in EDGES else "the middle" if kind == "cell" else f"its half-edge {part}"
        raise _Refused(f"{tile.tile.name}@{tile.rotation} on {where} has no tunnel opening at {edge}: a token goes "
                       "on an opening (TU1)", "TU1")
    opening = f"{where}:{EDGES[mouth]}"
    count = 0
    for owner, _, text in _tokens(data):
        if text == opening:
            raise _Refused(f"{opening} holds a {owner} token already: an opening takes one (TU2)", "TU2")
        count += str(owner) == name
    if count >= 2:
        raise _Refused(f"both {name} tokens are on the board: a set has two (TU8)", "TU8")
    _add(data, "tunnels", name, opening, [*pos.sets, *COLOURS])


def _erase(data: CommentedMap, kind: str, cell: Cell, part: str) -> None:
    tiles = _tiles(data)
    where = cell_text(cell)
    if cell not in tiles:
        raise _Refused(f"nothing to erase on {where}: it holds no tile")
    key, tile = tiles[cell]
    local, mouth = pointed(kind, part, tile) if tile is not None else (None, None)
    followers = [(who, i, theirs) for who, i, at, theirs in _followers(data, tiles) if at == cell]
    openings = [f"{where}:{e}" for e in EDGES]
    tokens = [(name, i, text) for name, i, text in _tokens(data) if text in openings]
    # Top first: what the spot itself holds, then what else stands on the tile, then the tile.
    here = [("followers", who, i) for who, i, theirs in followers if local is not None and theirs == local]
    here += [("tunnels", name, i) for name, i, text in tokens if mouth is not None and text == f"{where}:{EDGES[mouth]}"]
    here += [("followers", who, i) for who, i, _ in followers] + [("tunnels", name, i) for name, i, _ in tokens]
    if here:
        _remove(data, *here[0])
        return
    _follow_stack(data, tiles, -1)
    board = data["board"]
    yamledit.remove_key(board, key)
    if not board:
        yamledit.remove_key(data, "board")


def edit(pos: Position, kind: str, spots: Collection[str], text: str, tool: str, spot: str, option: str = ""
         ) -> str | Refusal:
    """``text`` after ``tool`` (with ``option``) is used on ``spot`` (one of ``spots``,
    the table's picture's) of a file whose last valid position is ``pos``, or why not
    (the module docstring).  Never raises."""
    try:
        if kind == "record":
            raise _Refused("a game record's position is made by its turns: the palette edits positions, puzzles "
                           "and figures (write a record's start: by text)")
        at = read_spot(spot)
        if at is None or spot not in spots:
            raise _Refused(f"{spot!r} is no place on this board: a cell shown, a part of it or an opening (TG4)",
                           "TG4")
        where, cell, part = at
        what, _, arg = tool.partition(":")
        if what == "tile" and arg in tile_set().types:
            return yamledit.edited_in_place(text, lambda d: _place_tile(d, arg, option, cell))
        if what == "follower" and arg in pos.players:
            return yamledit.edited_in_place(text, lambda d: _place_follower(d, pos, arg, where, cell, part))
        if what == "token" and arg in pos.sets:
            return yamledit.edited_in_place(text, lambda d: _place_token(d, pos, arg, where, cell, part))
        if tool == "erase":
            return yamledit.edited_in_place(text, lambda d: _erase(d, where, cell, part))
        raise _Refused(f"{tool!r} is no tool of Der Tunnel's palette (tile:U, follower:red, token:red, erase)")
    except _Refused as refused:
        return refused.refusal
    except yamledit.EditError as exc:
        return Refusal(str(exc))
