"""Der Tunnel's board and its features, kept incrementally (the referee's memory).

A :class:`Position` holds the tiles placed, every feature of the board as a union-find
over the features of the tiles (a road or city part, a cloister, a field), the
followers, the tunnel tokens, the scores, the supplies and the stack.  Placing a tile
joins its features to its neighbours' across every shared edge (roads and city parts
by edge, fields by half-edge, :mod:`.tiles`); placing the second token of a set joins
the two roads it lies on (TU4).  Each feature's root carries what scoring needs (its
tiles, open edges, unpaired openings, pennants, followers), so completion is known the
moment it happens.  :mod:`.flood` recomputes the same from scratch; a differential
test holds the two equal after every move of many games.

The primitives here (:meth:`Position.put_tile`, :meth:`Position.put_follower`,
:meth:`Position.put_token`, :meth:`Position.end_turn`) change a position in place and
do not judge legality: :mod:`.rules` judges, explains with ruling ids, and applies on a
copy (:meth:`Position.copy` is cheap: every feature's data is an immutable value, so a
copy shares them).  Bots use the primitives on copies to look ahead.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from .tiles import DELTA, Oriented, opposite_half

Cell = tuple[int, int]
#: An opening: the tile it lies on and the board edge of its road (``2,0:E``).
Opening = tuple[Cell, int]
#: Player and token colours, in seat order (CB1, TU8).
COLOURS = ("red", "green", "blue", "yellow", "black", "grey")
#: Each token set's letter, printed on both its tokens so that sets tell apart in
#: greyscale and for colour-blind players (TP3, added by this project).
SET_LETTERS = dict(zip(COLOURS, "ABCDEF", strict=True))
FOLLOWERS = 7
NEAR = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))


def _count(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else many or word + 's'}"


@dataclass(frozen=True)
class Info:
    """What a feature (a union-find root) carries.  ``open``: edges of its roads or city
    parts that no tile meets yet; ``unpaired``: its openings without a joined tunnel
    (TU3); ``followers``: (cell, local feature, seat) of each follower on it;
    ``cities``: for a field, the ids of the city parts it borders; ``done``: scored as
    complete (CB6–CB8)."""

    kind: str
    tiles: frozenset[Cell]
    open: int = 0
    unpaired: int = 0
    pennants: int = 0
    followers: tuple[tuple[Cell, int, int], ...] = ()
    cities: frozenset[int] = frozenset()
    done: bool = False
    #: Tunnels joined into this road (TU4): its score is then TU7's.
    tunnels: int = 0


@dataclass(frozen=True)
class Score:
    """One line of a score sheet: a feature (its kind, tiles and the rule that scored
    it), its points, and who scored them (seats tied for the most followers, CB8)."""

    rule: str
    kind: str
    cells: tuple[Cell, ...]
    points: int
    seats: tuple[int, ...]
    followers: tuple[int, ...]
    detail: str = ""


@dataclass(frozen=True)
class Placed:
    """A tile on the board: its oriented type and the id of its first feature."""

    tile: Oriented
    base: int


@dataclass
class Position:
    """A game of Der Tunnel at the start of a turn (or, mid-turn, inside :mod:`.rules`).

    ``players``: the seats' colours; ``sets``: each token set (a colour) and the seat
    that owns it (None: a common pair, TV3); ``tokens``: opening -> set; ``placed``:
    set -> the openings its tokens lie on, in the order placed; ``stealable``: half-placed
    sets whose partner another player may place (TV2); ``stack``: the tiles still to
    draw in order, or None when only their number ``left`` is known (drawn from
    ``pool``, every tile not on the board and not out)."""

    players: tuple[str, ...]
    variants: frozenset[str] = frozenset()
    token_count: str = "3/2"
    board: dict[Cell, Placed] = field(default_factory=dict)
    parent: list[int] = field(default_factory=list)
    where: list[tuple[Cell, int]] = field(default_factory=list)
    info: dict[int, Info] = field(default_factory=dict)
    followers: dict[tuple[Cell, int], int] = field(default_factory=dict)
    supply: list[int] = field(default_factory=list)
    sets: dict[str, int | None] = field(default_factory=dict)
    tokens: dict[Opening, str] = field(default_factory=dict)
    placed: dict[str, tuple[Opening, ...]] = field(default_factory=dict)
    stealable: frozenset[str] = frozenset()
    scores: list[int] = field(default_factory=list)
    turn: int = 0
    stack: tuple[str, ...] | None = None
    left: int = 0
    pool: Counter[str] = field(default_factory=Counter)
    out: tuple[str, ...] = ()
    #: Empty cells next to a tile -> what each of their edges must be ('.' free).
    frontier: dict[Cell, str] = field(default_factory=dict)
    #: Turns played (placements, not tiles put out).
    turns: int = 0
    #: Every opening on the board, in the order their tiles were placed.
    mouths: tuple[Opening, ...] = ()

    # ------------------------------------------------------------ copying and lookups

    def copy(self) -> Position:
        return replace(self, board=dict(self.board), parent=list(self.parent), where=list(self.where),
                       info=dict(self.info), followers=dict(self.followers), supply=list(self.supply),
                       sets=dict(self.sets), tokens=dict(self.tokens), placed=dict(self.placed),
                       scores=list(self.scores), pool=Counter(self.pool), frontier=dict(self.frontier))

    def find(self, i: int) -> int:
        parent = self.parent
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def root_at(self, cell: Cell, local: int) -> int:
        return self.find(self.board[cell].base + local)

    @property
    def player(self) -> str:
        return self.players[self.turn]

    @property
    def over(self) -> bool:
        """The last tile is played (CB9 scores what is left: :func:`final_scoring`)."""
        return self.left == 0

    def next_tile(self) -> str | None:
        """The tile on top of a known stack, None when the order is not known or the
        stack is empty."""
        return self.stack[0] if self.stack else None

    def opening_root(self, opening: Opening) -> int | None:
        """The road an opening lies on, None if ``opening`` is no opening on the board."""
        cell, edge = opening
        placed = self.board.get(cell)
        if placed is None:
            return None
        local = placed.tile.edge_feature[edge]
        if local < 0 or placed.tile.features[local].end != "opening":
            return None
        return self.find(placed.base + local)

    def complete(self, root: int) -> bool:
        """Whether the feature at ``root`` is complete (CB5, CB7, TU3)."""
        info = self.info[root]
        if info.kind == "cloister":
            (cell,) = info.tiles
            return self.around(cell) == 8
        if info.kind == "field":
            return False
        return info.open == 0 and info.unpaired == 0

    def around(self, cell: Cell) -> int:
        x, y = cell
        board = self.board
        return sum((x + dx, y + dy) in board for dx, dy in NEAR)

    def counts(self, info: Info) -> tuple[int, ...]:
        """Followers on a feature by seat."""
        n = [0] * len(self.players)
        for _, _, seat in info.followers:
            n[seat] += 1
        return tuple(n)

    # ------------------------------------------------------------ primitives

    def _union(self, a: int, b: int) -> int:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return ra
        ia, ib = self.info[ra], self.info[rb]
        if len(ia.tiles) < len(ib.tiles):
            ra, rb, ia, ib = rb, ra, ib, ia
        self.parent[rb] = ra
        del self.info[rb]
        self.info[ra] = Info(ia.kind, ia.tiles | ib.tiles, ia.open + ib.open, ia.unpaired + ib.unpaired,
                             ia.pennants + ib.pennants, ia.followers + ib.followers, ia.cities | ib.cities,
                             ia.done or ib.done, ia.tunnels + ib.tunnels)
        return ra

    def _less_open(self, root: int, n: int) -> None:
        info = self.info[root]
        self.info[root] = replace(info, open=info.open - n)

    def put_tile(self, cell: Cell, tile: Oriented) -> set[int]:
        """Place ``tile`` on ``cell`` (no legality judged) and join its features to its
        neighbours'; the roots the new tile's features now belong to are returned.  The
        tile leaves the stack (or the pool when the order is unknown)."""
        base = len(self.parent)
        self.board[cell] = Placed(tile, base)
        for i, f in enumerate(tile.features):
            self.parent.append(base + i)
            self.where.append((cell, i))
            cities = frozenset(base + c for c in f.cities)
            tiles = frozenset((cell,))
            if f.kind in ("road", "city"):
                self.info[base + i] = Info(f.kind, tiles, open=len(f.edges), unpaired=int(f.end == "opening"),
                                           pennants=int(f.pennant))
            else:
                self.info[base + i] = Info(f.kind, tiles, cities=cities)
        x, y = cell
        for e in range(4):
            dx, dy = DELTA[e]
            other = self.board.get((x + dx, y + dy))
            if other is None:
                continue
            mine, theirs = tile.edge_feature[e], other.tile.edge_feature[(e + 2) % 4]
            if mine >= 0 and theirs >= 0:
                root = self._union(base + mine, other.base + theirs)
                self._less_open(root, 2)
            for k in (0, 1):
                h = 2 * e + k
                a, b = tile.half_feature[h], other.tile.half_feature[opposite_half(h)]
                if a >= 0 and b >= 0:
                    self._union(base + a, other.base + b)
        self._frontier_after(cell, tile)
        if tile.tile.tunnel:
            # Kept in board order (row, column, edge) so that a position read from a file
            # lists its openings as the game that made it did.
            self.mouths = tuple(sorted((*self.mouths, *((cell, f.edges[0]) for f in tile.features
                                                        if f.end == "opening")),
                                       key=lambda o: (o[0][1], o[0][0], o[1])))
        self._draw(tile.tile.name)
        self.turns += 1
        return {self.find(base + i) for i in range(len(tile.features))}

    def _frontier_after(self, cell: Cell, tile: Oriented) -> None:
        self.frontier.pop(cell, None)
        x, y = cell
        for e in range(4):
            dx, dy = DELTA[e]
            near = (x + dx, y + dy)
            if near in self.board:
                continue
            need = list(self.frontier.get(near, "...."))
            need[(e + 2) % 4] = tile.edges[e]
            self.frontier[near] = "".join(need)

    def _draw(self, name: str) -> None:
        """Tile ``name`` leaves the stack (or, the order unknown, the pool it is drawn from)."""
        if self.stack is not None:
            self.stack = self.stack[1:]
        self.left -= 1
        self.pool[name] -= 1
        if not self.pool[name]:
            del self.pool[name]

    def put_out(self, name: str) -> None:
        """The drawn tile fits nowhere and leaves the game (CB3, CB11)."""
        self._draw(name)
        self.out = (*self.out, name)

    def put_follower(self, cell: Cell, local: int, seat: int) -> None:
        root = self.root_at(cell, local)
        info = self.info[root]
        self.info[root] = replace(info, followers=(*info.followers, (cell, local, seat)))
        self.followers[(cell, local)] = seat
        self.supply[seat] -= 1

    def put_token(self, set_: str, opening: Opening) -> int | None:
        """Lay a token of ``set_`` on ``opening``; when it is the set's second, the two
        roads become one and the new root is returned (TU4), else None."""
        self.tokens[opening] = set_
        before = self.placed.get(set_, ())
        self.placed[set_] = (*before, opening)
        if not before:
            return None
        first = before[0]
        ra, rb = self.opening_root(first), self.opening_root(opening)
        assert ra is not None and rb is not None
        root = self._union(ra, rb)
        info = self.info[root]
        self.info[root] = replace(info, unpaired=info.unpaired - 2, tunnels=info.tunnels + 1)
        self.stealable = self.stealable - {set_}
        return root

    def score_completed(self, roots: set[int], turn: int) -> list[Score]:
        """Score every feature among ``roots`` that is complete and not yet scored
        (CB6–CB8, TU7), return its followers to their owners (never a field's)."""
        sheet = []
        for root in sorted({self.find(r) for r in roots}):
            info = self.info[root]
            if info.done or info.kind == "field" or not self.complete(root):
                continue
            sheet.append(self._score(root, info, final=False, turn=turn))
            self.info[root] = replace(info, followers=(), done=True)
            for cell, local, seat in info.followers:
                del self.followers[(cell, local)]
                self.supply[seat] += 1
        return sheet

    def _score(self, root: int, info: Info, *, final: bool, turn: int) -> Score:
        counts = self.counts(info)
        top = max(counts) if counts else 0
        seats = tuple(s for s, n in enumerate(counts) if n == top and n > 0)
        n = len(info.tiles)
        if info.kind == "road":
            points, rule, detail = n, ("CB9" if final else "TU7" if info.tunnels else "CB6"), _count(n, "tile")
        elif info.kind == "city":
            points = (1 if final else 2) * (n + info.pennants)
            rule = "CB9" if final else "CB7"
            detail = f"{_count(n, 'tile')}, {_count(info.pennants, 'pennant')}"
        else:  # cloister
            (cell,) = info.tiles
            near = self.around(cell)
            points, rule, detail = (1 + near, "CB9", f"{_count(near, 'tile')} around") if final else (9, "CB7", "8 tiles around")
        for s in seats:
            self.scores[s] += points
        cells = tuple(sorted(info.tiles, key=lambda c: (c[1], c[0])))
        return Score(rule, info.kind, cells, points, seats, counts, detail + ("" if final else f", turn {turn}"))

    def cloisters_near(self, cell: Cell) -> set[int]:
        """The cloisters on ``cell`` and around it (a tile may complete any of them)."""
        found = set()
        x, y = cell
        for dx, dy in ((0, 0), *NEAR):
            placed = self.board.get((x + dx, y + dy))
            if placed is not None:
                for i, f in enumerate(placed.tile.features):
                    if f.kind == "cloister":
                        found.add(self.find(placed.base + i))
        return found

    def final_scoring(self) -> list[Score]:
        """CB9 and TU9 on a copy's worth of followers: every incomplete feature with
        followers scores for its majority (road 1 a tile, city 1 a tile and 1 a
        pennant, cloister 1 and 1 a tile around), then every field with followers
        scores 3 for each completed city it borders.  Changes ``scores`` in place."""
        sheet = []
        fields: list[tuple[int, Info]] = []
        for root in sorted(self.info):
            info = self.info[root]
            if not info.followers or info.done:
                continue
            if info.kind == "field":
                fields.append((root, info))
                continue
            sheet.append(self._score(root, info, final=True, turn=0))
        for _root, info in fields:
            cities = {self.find(c) for c in info.cities}
            done = sorted(c for c in cities if self.complete(c))
            counts = self.counts(info)
            top = max(counts)
            seats = tuple(s for s, n in enumerate(counts) if n == top and n > 0)
            points = 3 * len(done)
            for s in seats:
                self.scores[s] += points
            cells = tuple(sorted(info.tiles, key=lambda c: (c[1], c[0])))
            sheet.append(Score("CB9", "field", cells, points, seats, counts, _count(len(done), "completed city", "completed cities")))
        return sheet
