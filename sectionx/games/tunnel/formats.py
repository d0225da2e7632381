"""Der Tunnel positions in YAML, with FILE:LINE:COLUMN and a ruling id for every
problem; game records are :mod:`.records`.

A position file (``game: tunnel``)::

    game: tunnel
    format: 1
    title: Two roads and a tunnel          # optional
    players: [red, green]                  # seats in order: colours of red green blue yellow
                                           # black; or a number 2-5 (CB1)
    tokens: 3/2                            # TU8's count: 3/2 (the default) or 2/1
    variants: [TV2]                        # TV1-TV4; default none
    sets: {red: [red, blue, black], green: [green, yellow, grey]}   # default: TU8's deal
    turn: green                            # who draws next; default the first player
    board:                                 # x,y (x east, y south): TILE@ROTATION
      "0,0": D@0                           # the start tile (TG2)
      "1,0": TU-B@0
    followers:                             # player: "x,y FEATURE" (a feature of that tile)
      red: ["1,0 road:W"]
    tunnels:                               # token set: the openings its tokens lie on
      red: ["1,0:E"]
    stealable: [red]                       # TV2: half-placed sets another player may finish
    scores: {red: 0, green: 4}             # points scored during play (CB6-CB8)
    stack: [U, V, TU-A]                    # the tiles to draw in order, or a number: that
                                           # many, drawn from those not placed and not out
    out: [R]                               # tiles put out (CB3)
    annotations: {tunnels: all}            # what a picture points out (render, :mod:`.marks`)

Left out: a player's followers not on the board are in their supply (CB1); ``stack``
left out is every tile of the box not on the board and not out, order unknown.

Checks, each at its line with its ruling id, every one reported (not the first only;
problems of form, told by the schema, are reported first and alone): cell and tile
text (TG1), tiles of the game (TG2, TG3), a cell written twice (TG1), the start tile
on 0,0 (TG2), every shared edge matching, naming both cells and edges (CB3), every
tile joined to 0,0 through shared edges (CB3), no more tiles of a type on the board,
out and in the stack than the box holds (TG2, TG3), a stack count no larger than the
tiles left (TG2); a follower on a feature of its tile (CB4), one follower a tile (CB2:
a follower goes only on the tile just placed, one a turn), at most 7 a player (CB1),
no follower on a completed road, city or cloister (CB8: it scored and its followers
went home); tokens on openings (TU1), one token an opening (TU2), the sets TU8 deals
(each player their colour's and as many more as TU8 gives; with TV3 a common supply,
both tokens of a pair at once), at most two tokens a set (TU8), ``stealable`` only
with TV2 and only for a half-placed set a player owns (TV2); the token count (TU8),
the variants (TV1-TV4), the turn a player (CB2).  TV1 and TV4 judge a token when it
is placed, which a position does not record: they are not checked here.

:func:`read` builds the :class:`~.model.Position` with the model's primitives, tiles
in board order (row, then column) so that the result does not depend on the order
of the file: :func:`dumps` writes a position that reads back to one equal in every
way the rules can observe (the tests hold a played game and its file equal).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...console import plural
from ...yamlsrc import Diagnostic, Doc, LoadError, check_schema, flow, read_yaml
from . import puzzles
from .marks import NO_MARKS, Marks, read_marks
from .model import COLOURS, FOLLOWERS, Cell, Opening, Position
from .puzzles import Puzzle
from .rules import MAX_PLAYERS, MIN_PLAYERS, TOKEN_COUNTS, VARIANTS, cell_text, deal_sets, opening_text
from .tiles import DELTA, EDGES, Oriented, tile_set

GAME = "tunnel"
#: How a file writes a tile and its turn (TG1), an opening (TU1) and a follower (CB4).
_CELL = re.compile(r"([+-]?[0-9]{1,4}),([+-]?[0-9]{1,4})", re.ASCII)
_TILE = re.compile(r"([A-Z][A-Z0-9-]{0,9})@([0-9]+)", re.ASCII)
_OPENING = re.compile(r"([+-]?[0-9]{1,4}),([+-]?[0-9]{1,4}):([NESW])", re.ASCII)
_KINDS = {"C": "city", "R": "road", "F": "field"}
#: Cells are told and written in board order: row (y, south) first, then column.
_BOARD_ORDER = lambda cell: (cell[1], cell[0])  # noqa: E731 - a sort key, named once


@dataclass(frozen=True)
class Loaded:
    """A read position file: its position, its title and the document it came from;
    for a puzzle (TQ1-TQ3, :mod:`.puzzles`) its goal, drawn tile, move and answer."""

    position: Position
    title: str
    doc: Doc
    #: What a picture of it points out (``annotations:``, :mod:`.marks`).
    marks: Marks = NO_MARKS
    puzzle: Puzzle | None = None


def is_tunnel(doc: Doc) -> bool:
    return isinstance(doc.data, dict) and doc.data.get("game") == GAME


def read(doc: Doc) -> Loaded:
    """The position of ``doc``; LoadError lists every problem, each at its line."""
    form = check_schema(doc, "tunnel_position")
    if form:
        raise LoadError(form)
    return read_at(doc, ())


def load(path: str | Path) -> Loaded:
    return read(read_yaml(path))


def _cell(text: str) -> Cell | None:
    m = _CELL.fullmatch(text)
    return (int(m.group(1)), int(m.group(2))) if m else None


def _box_rule(name: str) -> str:
    return "TG3" if tile_set().types[name].tunnel else "TG2"


class _Reader:
    """One position read at ``base`` in ``doc``: every problem collected, then the
    position built when there are none."""

    def __init__(self, doc: Doc, base: tuple[Any, ...]):
        self.doc = doc
        self.base = base
        node: Any = doc.data
        for key in base:
            node = node[key]
        self.data: dict[str, Any] = node if isinstance(node, dict) else {}
        self.problems: list[Diagnostic] = []

    def bad(self, path: tuple[Any, ...], message: str, rule: str, *, key: bool = False) -> None:
        self.problems.append(self.doc.diag(self.base + path, message, rule, key=key))

    # ------------------------------------------------------------ the game's set-up

    def seats(self) -> tuple[str, ...]:
        value = self.data.get("players", MIN_PLAYERS)
        if isinstance(value, int):
            return COLOURS[:value]
        seats = tuple(str(v) for v in value)
        colours = COLOURS[:MAX_PLAYERS]  # grey is a token colour only (CB1, TU8)
        for i, colour in enumerate(seats):
            if colour not in colours:
                self.bad(("players", i), f"{colour!r} is not a player's colour: {', '.join(colours)}", "CB1")
        return tuple(c for c in seats if c in colours)

    def options(self) -> tuple[str, frozenset[str]]:
        tokens = str(self.data.get("tokens", "3/2"))
        if tokens not in TOKEN_COUNTS:
            self.bad(("tokens",), f"tokens {tokens!r}: the count is 3/2 (the publisher's) or 2/1 (the magazine's)",
                     "TU8")
            tokens = "3/2"
        variants = set()
        for i, v in enumerate(self.data.get("variants") or []):
            if v not in VARIANTS:
                self.bad(("variants", i), f"{v!r} is not a variant of this edition: {', '.join(VARIANTS)}", "format")
            elif v in variants:
                self.bad(("variants", i), f"{v} is named twice", "format")
            variants.add(str(v))
        return tokens, frozenset(variants & set(VARIANTS))

    def sets(self, seats: tuple[str, ...], tokens: str, variants: frozenset[str]) -> dict[str, int | None]:
        """The token sets and who holds each (TU8; TV3: a common supply)."""
        dealt = deal_sets(seats, tokens, variants)
        given = self.data.get("sets")
        if given is None:
            return dealt
        if "TV3" in variants:
            self.bad(("sets",), "with TV3 the tokens are a common supply of six pairs: no player holds a set", "TV3",
                     key=True)
            return dealt
        each = Counter(s for s in dealt.values() if s is not None)
        before = len(self.problems)
        held: dict[str, int | None] = {}
        for player, names in given.items():
            if player not in seats:
                self.bad(("sets", player), f"{player} does not play in this game (players: {', '.join(seats)})", "TU8",
                         key=True)
                continue
            seat = seats.index(player)
            for i, name in enumerate(names):
                if name not in COLOURS:
                    self.bad(("sets", player, i), f"{name!r} is no token set: the sets are the colours "
                                                  f"{', '.join(COLOURS)}", "TU8")
                elif name in held:
                    self.bad(("sets", player, i), f"the {name} set is held twice; each set has one owner", "TU8")
                elif name in seats and name != player:
                    self.bad(("sets", player, i), f"the {name} set is {name}'s: each player takes the set of their "
                                                  "colour", "TU8")
                else:
                    held[name] = seat
            if player not in names:
                self.bad(("sets", player), f"{player} takes the set of their colour, {player}", "TU8")
            if len(names) != each[seat]:
                self.bad(("sets", player), f"{player} holds {plural(len(names), 'set')}; with {len(seats)} players "
                                           f"and tokens {tokens} each player holds {each[seat]}", "TU8")
        # Dealt order when the file deals as TU8 does (a bot takes a player's sets in this order).
        for seat, player in enumerate(seats):
            if player not in given:
                self.bad(("sets",), f"{player} holds no set; with {len(seats)} players and tokens {tokens} each "
                                    f"player holds {each[seat]}", "TU8", key=True)
        # A wrong line is told here; the tokens are then judged by TU8's deal, not by what
        # the wrong line gave (which would tell a set of the game as no set of it).
        if held == dealt or len(self.problems) > before:
            return dealt
        return held

    # ------------------------------------------------------------ the board

    def board(self) -> tuple[dict[Cell, Oriented], dict[Cell, Any], bool]:
        """The tiles by cell, the key each was written under, and whether the board is
        sound (every tile known, matching its neighbours and joined to 0,0)."""
        tiles: dict[Cell, Oriented] = {}
        keys: dict[Cell, Any] = {}
        read_all, twice = True, False
        types = tile_set().types
        for key, text in (self.data.get("board") or {}).items():
            cell = _cell(str(key))
            if cell is None:
                self.bad(("board", key), f"{key!r} is not a tile position x,y (whole numbers, x east, y south)", "TG1",
                         key=True)
                read_all = False
                continue
            if cell in tiles:
                self.bad(("board", key), f"{cell_text(cell)} is written twice (first as {keys[cell]!r}); a cell holds "
                                         "one tile", "TG1", key=True)
                twice = True
                continue
            m = _TILE.fullmatch(str(text))
            if not m:
                self.bad(("board", key), f"{text!r} is not a tile and its turn TILE@R (as U@1; R 0 to 3 quarter "
                                         "turns clockwise)", "TG1")
                read_all = False
                continue
            name, rotation = m.group(1), int(m.group(2))
            if name not in types:
                self.bad(("board", key), f"{name!r} is no tile of the game (A to X, TU-A to TU-D)", "TG2")
                read_all = False
                continue
            if rotation > 3:
                self.bad(("board", key), f"{text}: a tile turns 0 to 3 quarter turns clockwise", "TG1")
                read_all = False
                continue
            tiles[cell] = tile_set().oriented(name, rotation)
            keys[cell] = key
        start = tile_set().start.name
        sound = read_all and not twice
        if (0, 0) not in tiles:
            if read_all:  # a cell that did not read may be 0,0
                self.bad(("board",), f"0,0 holds no tile: the board begins with the start tile {start} on 0,0", "TG2",
                         key=True)
                sound = False
        elif tiles[(0, 0)].tile.name != start:
            self.bad(("board", keys[(0, 0)]), f"0,0 holds {tiles[(0, 0)].tile.name}; the start tile there is a "
                                              f"{start}", "TG2")
            sound = False
        order = list(keys)  # the file's order: a mismatch is told at the later of the two tiles
        for cell, tile in tiles.items():
            x, y = cell
            for e in range(4):
                other_cell = (x + DELTA[e][0], y + DELTA[e][1])
                other = tiles.get(other_cell)
                if other is None or order.index(other_cell) > order.index(cell):
                    continue
                mine, theirs = tile.edges[e], other.edges[(e + 2) % 4]
                if mine != theirs:
                    self.bad(("board", keys[cell]), f"{tile.tile.name}@{tile.rotation} on {cell_text(cell)}: its "
                                                    f"{EDGES[e]} edge ({_KINDS[mine]}) meets the {EDGES[(e + 2) % 4]} "
                                                    f"edge ({_KINDS[theirs]}) of {other.tile.name}@{other.rotation} on "
                                                    f"{cell_text(other_cell)}; shared edges match", "CB3")
                    sound = False
        if (0, 0) in tiles and read_all:  # a tile that did not read may be the one joining others
            joined = {(0, 0)}
            todo = [(0, 0)]
            while todo:
                x, y = todo.pop()
                for dx, dy in DELTA:
                    near = (x + dx, y + dy)
                    if near in tiles and near not in joined:
                        joined.add(near)
                        todo.append(near)
            for cell in tiles:
                if cell not in joined:
                    self.bad(("board", keys[cell]), f"{cell_text(cell)} is not joined to 0,0: a tile shares an edge "
                                                    "with a placed tile (corners do not count)", "CB3", key=True)
                    sound = False
        return tiles, keys, sound

    def supplies(self, tiles: dict[Cell, Oriented]) -> tuple[tuple[str, ...], tuple[str, ...] | None, int,
                                                              Counter[str]]:
        """``out``, the stack (None: order unknown), the tiles left to draw and the pool
        they come from; no type more often than the box holds it (TG2, TG3)."""
        types = tile_set().types
        used: Counter[str] = Counter(t.tile.name for t in tiles.values())
        over: set[str] = {n for n, k in used.items() if k > types[n].count}
        for name in sorted(over):
            self.bad(("board",), f"the board holds {used[name]} {name} tiles; the box holds {types[name].count}",
                     _box_rule(name), key=True)

        def take(where: str) -> list[str]:
            found = []
            for i, name in enumerate(self.data.get(where) or []):
                if name not in types:
                    self.bad((where, i), f"{name!r} is no tile of the game (A to X, TU-A to TU-D)", "TG2")
                    continue
                used[name] += 1
                if used[name] > types[name].count and name not in over:
                    over.add(name)
                    self.bad((where, i), f"one {name} tile more than the box holds ({types[name].count}), counting "
                                         "the board, the tiles out and the stack", _box_rule(name))
                found.append(name)
            return found

        out = tuple(take("out"))
        box = Counter(tile_set().box())
        remaining = box - Counter(t.tile.name for t in tiles.values()) - Counter(out)
        stack_value = self.data.get("stack")
        if isinstance(stack_value, list):
            stack = tuple(take("stack"))
            return out, stack, len(stack), Counter(stack)
        left = sum(remaining.values())
        if stack_value is not None:
            if stack_value > left:
                self.bad(("stack",), f"a stack of {stack_value} tiles, but only {left} are neither on the board nor "
                                     "out", "TG2")
            left = min(left, stack_value)
        return out, None, left, remaining

    # ------------------------------------------------------------ pieces

    def followers(self, seats: tuple[str, ...], tiles: dict[Cell, Oriented]
                  ) -> list[tuple[tuple[Any, ...], Cell, int, int]]:
        """Each follower: where it is written, its cell, feature and seat (CB1, CB2, CB4)."""
        found: list[tuple[tuple[Any, ...], Cell, int, int]] = []
        on_tile: dict[Cell, tuple[str, int]] = {}
        for player, items in (self.data.get("followers") or {}).items():
            if player not in seats:
                self.bad(("followers", player), f"{player} does not play in this game (players: {', '.join(seats)})",
                         "CB1", key=True)
                continue
            seat = seats.index(player)
            if len(items) > FOLLOWERS:
                self.bad(("followers", player), f"{player} has {len(items)} followers on the board; each player has "
                                                f"{FOLLOWERS}", "CB1", key=True)
            for i, text in enumerate(items):
                where = ("followers", player, i)
                cell_word, _, feature = str(text).partition(" ")
                cell = _cell(cell_word)
                # Read as written, as every other value: "road:W\n" or a doubled space is no feature.
                if cell is None or not feature or feature != feature.strip():
                    self.bad(where, f"{text!r} is not a follower 'x,y FEATURE' (road:E, city:N, field:Nw, cloister)",
                             "CB4")
                    continue
                tile = tiles.get(cell)
                if tile is None:
                    self.bad(where, f"{cell_text(cell)} holds no tile", "CB4")
                    continue
                local = tile.feature_named(feature)
                if local is None:
                    names = ", ".join(f.name for f in tile.features)
                    self.bad(where, f"{tile.tile.name}@{tile.rotation} on {cell_text(cell)} has no {feature} "
                                    f"(its features: {names})", "CB4")
                    continue
                if cell in on_tile:
                    who, first = on_tile[cell]
                    if first == local:
                        self.bad(where, f"the {tile.features[local].name} of {cell_text(cell)} already holds {who}'s "
                                        "follower", "CB4")
                    else:
                        self.bad(where, f"{cell_text(cell)} already holds {who}'s follower: a follower goes only on "
                                        "the tile just placed, one a turn", "CB2")
                    continue
                on_tile[cell] = (player, local)
                found.append((where, cell, local, seat))
        return found

    def tunnels(self, sets: dict[str, int | None], tiles: dict[Cell, Oriented], variants: frozenset[str]
                ) -> list[tuple[str, list[Opening]]]:
        """The tokens by set, in the file's order (TU1, TU2, TU8, TV3)."""
        found: list[tuple[str, list[Opening]]] = []
        claimed: dict[Opening, str] = {}
        for name, items in (self.data.get("tunnels") or {}).items():
            if name not in sets:
                self.bad(("tunnels", name), f"no token set {name!r} is in this game (the sets: {', '.join(sets)})",
                         "TU8", key=True)
                continue
            if len(items) > 2:
                self.bad(("tunnels", name), f"{len(items)} {name} tokens: a set has two", "TU8", key=True)
            elif len(items) == 1 and "TV3" in variants:
                self.bad(("tunnels", name), f"one {name} token: with TV3 both tokens of a pair are placed at once",
                         "TV3", key=True)
            openings = []
            for i, text in enumerate(items[:2]):
                where = ("tunnels", name, i)
                m = _OPENING.fullmatch(str(text))
                if not m:
                    self.bad(where, f"{text!r} is not an opening x,y:EDGE (an edge of N E S W)", "TU1")
                    continue
                opening: Opening = ((int(m.group(1)), int(m.group(2))), EDGES.index(m.group(3)))
                tile = tiles.get(opening[0])
                local = tile.edge_feature[opening[1]] if tile is not None else -1
                if tile is None or local < 0 or tile.features[local].end != "opening":
                    what = "holds no tile" if tile is None else \
                        f"({tile.tile.name}@{tile.rotation}) has no tunnel opening at its {m.group(3)} edge"
                    self.bad(where, f"{cell_text(opening[0])} {what}: a token goes on a tunnel opening", "TU1")
                    continue
                if opening in claimed:
                    self.bad(where, f"{opening_text(opening)} already holds a {claimed[opening]} token; an opening "
                                    "takes one", "TU2")
                    continue
                claimed[opening] = name
                openings.append(opening)
            found.append((name, openings))
        return found

    def stealable(self, sets: dict[str, int | None], placed: dict[str, list[Opening]], variants: frozenset[str]
                  ) -> frozenset[str]:
        found = set()
        for i, name in enumerate(self.data.get("stealable") or []):
            if "TV2" not in variants:
                self.bad(("stealable", i), "only TV2 lets another player place a set's partner token (add TV2 to "
                                           "variants:)", "TV2")
            elif name not in sets or sets[name] is None:
                self.bad(("stealable", i), f"{name!r} is no set a player owns", "TV2")
            elif len(placed.get(name, [])) != 1:
                self.bad(("stealable", i), f"the {name} set is not half-placed ({len(placed.get(name, []))} tokens on "
                                           "the board): only a set with one token placed waits for its partner",
                         "TV2")
            else:
                found.add(str(name))
        return frozenset(found)

    # ------------------------------------------------------------ the whole

    def read(self) -> Loaded:
        seats = self.seats()
        tokens, variants = self.options()
        sets = self.sets(seats, tokens, variants)
        tiles, _keys, sound = self.board()
        out, stack, left, pool = self.supplies(tiles)
        followers = self.followers(seats, tiles)
        tunnels = self.tunnels(sets, tiles, variants)
        placed = dict(tunnels)
        stealable = self.stealable(sets, placed, variants)
        scores = [0] * len(seats)
        for player, value in (self.data.get("scores") or {}).items():
            if player not in seats:
                self.bad(("scores", player), f"{player} does not play in this game (players: {', '.join(seats)})",
                         "CB1", key=True)
            else:
                scores[seats.index(player)] = value
        turn_name = self.data.get("turn", seats[0] if seats else "")
        if turn_name not in seats:
            self.bad(("turn",), f"{turn_name!r} is not a player of this game (players: {', '.join(seats)})", "CB2")
            turn_name = seats[0] if seats else ""
        form = puzzles.read_form(self.data, seats, self.bad)  # its problems told with the position's
        if not sound or len(seats) < MIN_PLAYERS:
            raise LoadError(self.problems)
        pos = Position(seats, variants, tokens, supply=[FOLLOWERS] * len(seats), scores=[0] * len(seats), sets=sets)
        pos.pool = Counter(t.tile.name for t in tiles.values())
        pos.left = len(tiles)
        for cell in sorted(tiles, key=_BOARD_ORDER):
            pos.put_tile(cell, tiles[cell])
        pos.turns = len(tiles) - 1
        for name, openings in tunnels:
            for opening in openings:
                pos.put_token(name, opening)
        # Every feature complete now was scored when it was completed (CB6-CB8): marked
        # as scored, as in play.  No follower is on the board yet, so no point moves.
        pos.score_completed(set(pos.info), pos.turns)
        for where, cell, local, seat in followers:
            root = pos.root_at(cell, local)
            info = pos.info[root]
            if info.kind != "field" and pos.complete(root):
                self.bad(where, f"the {info.kind} of {cell_text(cell)} is complete: it scored when it was completed "
                                "and its followers went back to their owners", "CB8")
                continue
            pos.put_follower(cell, local, seat)
        if self.problems:
            raise LoadError(self.problems)
        pos.scores = scores
        pos.turn = seats.index(turn_name)
        pos.stealable = stealable
        pos.out = out
        pos.stack, pos.left, pos.pool = stack, left, pool
        marks = read_marks(self.data.get("annotations"), pos, self.bad)  # they name the board's features
        puzzle = puzzles.complete(form, self.data, pos, self.bad)
        if self.problems:
            raise LoadError(self.problems)
        return Loaded(pos, str(self.data.get("title", "")), self.doc, puzzle=puzzle, marks=marks)


def read_at(doc: Doc, base: tuple[Any, ...]) -> Loaded:
    """The position written at ``base`` in ``doc`` (the root of a position file, or a
    record's ``start:``; its form already checked by the schema); LoadError lists
    every problem, each at its line."""
    return _Reader(doc, base).read()


# ------------------------------------------------------------------------ writing


def _q(text: str) -> str:
    """A string as YAML writes it safely in a flow list (JSON's quoting is YAML's)."""
    return json.dumps(text, ensure_ascii=False)


def _flow(items: list[str], lead: str, more: str = "  ", width: int = 92) -> list[str]:
    """``lead`` and a flow list of ``items`` (already written), wrapped before
    ``width``, continuation lines starting with ``more``."""
    lines = []
    line = lead + "["
    for i, item in enumerate(items):
        word = item + (", " if i < len(items) - 1 else "]")
        if len(line) + len(word.rstrip()) > width and not line.endswith("["):
            lines.append(line.rstrip())
            line = more
        line += word
    if not items:
        line += "]"
    return [*lines, line]


def position_lines(pos: Position, indent: str = "") -> list[str]:
    """A position's keys as YAML lines (a file's, or a record's ``start:`` indented)."""
    lines = ["players: [" + ", ".join(pos.players) + "]", f"tokens: {pos.token_count}"]
    if pos.variants:
        lines.append("variants: [" + ", ".join(v for v in VARIANTS if v in pos.variants) + "]")
    if pos.sets != deal_sets(pos.players, pos.token_count, pos.variants):
        lines.append("sets: {" + ", ".join(f"{p}: [" + ", ".join(s for s, o in pos.sets.items() if o == seat) + "]"
                                           for seat, p in enumerate(pos.players)) + "}")
    lines.append(f"turn: {pos.player}")
    lines.append("board:                       # x,y (x east, y south): TILE@ROTATION")
    for cell in sorted(pos.board, key=_BOARD_ORDER):
        tile = pos.board[cell].tile
        lines.append(f"  {_q(cell_text(cell))}: {tile.tile.name}@{tile.rotation}")
    if pos.followers:
        lines.append("followers:")
        for seat, player in enumerate(pos.players):
            mine = sorted(((c, local) for (c, local), s in pos.followers.items() if s == seat),
                          key=lambda k: (k[0][1], k[0][0], k[1]))
            if mine:
                items = [_q(f"{cell_text(c)} {pos.board[c].tile.features[local].name}") for c, local in mine]
                lines += _flow(items, f"  {player}: ", "    ")
    if pos.placed:
        lines.append("tunnels:")
        lines += [f"  {name}: [" + ", ".join(_q(opening_text(o)) for o in openings) + "]"
                  for name, openings in pos.placed.items()]
    if pos.stealable:
        lines.append("stealable: [" + ", ".join(s for s in pos.sets if s in pos.stealable) + "]")
    lines.append("scores: {" + ", ".join(f"{p}: {s}" for p, s in zip(pos.players, pos.scores, strict=True)) + "}")
    if pos.stack is not None:
        lines += _flow(list(pos.stack), "stack: ")
    else:
        lines.append(f"stack: {pos.left}                    # tiles left, order unknown")
    if pos.out:
        lines += _flow(list(pos.out), "out: ")
    return [indent + line for line in lines]


def dumps(pos: Position, *, title: str = "", header: str = "") -> str:
    """A position file for ``pos`` that :func:`read` reads back to the same position;
    ``header`` becomes comment lines at the top."""
    out = [f"# {h}" for h in header.splitlines()] + [f"game: {GAME}", "format: 1"]
    if title:
        out.append("title: " + flow(title))
    out += position_lines(pos)
    return "\n".join(out) + "\n"


def summary(loaded: Loaded) -> str:
    """One line for ``validate``."""
    pos = loaded.position
    stack = "in a known order" if pos.stack is not None else "order unknown"
    state = "game over: no tile left (CB9)" if pos.over else f"{pos.player} to draw"
    if loaded.puzzle is not None:
        state += "; puzzle: " + loaded.puzzle.goal.sentence(pos.player)
    return (f"Der Tunnel position, {len(pos.players)} players, {plural(len(pos.board), 'tile')} on the board, "
            f"{pos.left} to draw ({stack}), {plural(len(pos.tokens), 'tunnel token')} placed; {state}")
