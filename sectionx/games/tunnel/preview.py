"""What a placement or a tunnel would change, worked out without making it (the bots' eyes).

The bots (:mod:`.play`) judge a turn by how much it changes each player's *worth*: the
points they have, plus what their standing followers hold, plus their followers in hand.
Copying the position and playing every candidate would cost a copy and a placement per
candidate; here the features a tile would join are merged on paper instead (a small
union-find over the new tile's features and the roots of its neighbours' features), so
one turn's every placement and follower is judged in a fraction of the time.  The
referee still applies the move chosen (:func:`.rules.apply_unchecked`); nothing here
decides legality, and ``tests/test_tunnel_play.py`` holds every figure equal to the
referee's after the move is really made.

Worth, in **half points** (so that every figure is a whole number), for each seat:

- 2 a point scored;
- 2 (one point) a follower in hand: a follower placed costs it, a follower coming back
  (CB8) returns it, a follower on a field never comes back (CB9);
- for every feature with followers, not yet scored, to each seat of its majority (CB8,
  ties all count): a road 2 a tile (it scores 1 a tile complete or not, CB6, CB9, TU7);
  a city 3 a tile and pennant (between its 1 at the end, CB9, and its 2 complete,
  CB7); a cloister 2 for itself and 2 a tile around it (CB9; complete, 9 points, CB7);
  a field 6 a completed city it borders (CB9).

A move's worth for a seat is the change of that seat's worth; the greedy bot plays the
move with the best change for itself minus the best change of any opponent.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from .model import NEAR, Cell, Info, Opening, Position
from .tiles import DELTA, Oriented, opposite_half, tile_set

#: A follower in hand, in half points.
IN_HAND = 2
#: Half points a unit (tile, pennant, completed city) of a feature is worth to its majority.
ROAD, CITY_OPEN, CLOISTER, FIELD = 2, 3, 2, 6


def majority(followers: Iterable[tuple[Cell, int, int]], players: int) -> tuple[int, ...]:
    """The seats with the most followers among ``followers`` (CB8: all who tie), in seat
    order; none when there are no followers."""
    counts = [0] * players
    for _, _, seat in followers:
        counts[seat] += 1
    top = max(counts)
    return tuple(s for s in range(players) if counts[s] == top) if top else ()


def _done_cities(pos: Position, cities: Iterable[int]) -> int:
    return len({r for r in {pos.find(c) for c in cities} if pos.complete(r)})


def standing_value(pos: Position, info: Info) -> int:
    """What a feature not yet scored is worth to each seat of its majority, in half points
    (the module's table; a field by the completed cities it borders, CB9)."""
    if info.kind == "road":
        return ROAD * len(info.tiles)
    if info.kind == "city":
        return CITY_OPEN * (len(info.tiles) + info.pennants)
    if info.kind == "cloister":
        (cell,) = info.tiles
        return CLOISTER * (1 + pos.around(cell))
    return FIELD * _done_cities(pos, info.cities)


def worth(pos: Position) -> list[int]:
    """Every seat's worth from scratch, in half points (the module's definition): the
    reference the incremental figures below are tested against."""
    n = len(pos.players)
    found = [2 * s + IN_HAND * k for s, k in zip(pos.scores, pos.supply, strict=True)]
    for info in pos.info.values():
        if not info.followers or info.done:
            continue
        value = standing_value(pos, info)
        for seat in majority(info.followers, n):
            found[seat] += value
    return found


class Lens:
    """What the outlooks of one turn share about the board as it stands (the position must
    not change while a lens is used): each root's standing value and majority, each
    field's bordering city roots, each city root's completeness."""

    def __init__(self, pos: Position):
        self.pos = pos
        self.players = len(pos.players)
        self._standing: dict[int, tuple[int, tuple[int, ...]]] = {}
        self._cities: dict[int, frozenset[int]] = {}
        self._complete: dict[int, bool] = {}
        self._fields: list[int] | None = None
        self._sides: dict[Cell, tuple[tuple[int, int, int] | None, ...]] = {}
        self._cloisters: dict[Cell, tuple[tuple[int, ...], tuple[int, ...]]] = {}

    def standing(self, root: int) -> tuple[int, tuple[int, ...]]:
        """The root's value to each seat of its majority and that majority (0 and none
        when it holds no follower or is scored)."""
        found = self._standing.get(root)
        if found is None:
            info = self.pos.info[root]
            if not info.followers or info.done:
                found = (0, ())
            else:
                found = (standing_value(self.pos, info), majority(info.followers, self.players))
            self._standing[root] = found
        return found

    def city_roots(self, field_root: int) -> frozenset[int]:
        found = self._cities.get(field_root)
        if found is None:
            find = self.pos.find
            found = self._cities[field_root] = frozenset(find(c) for c in self.pos.info[field_root].cities)
        return found

    def complete(self, root: int) -> bool:
        found = self._complete.get(root)
        if found is None:
            found = self._complete[root] = self.pos.complete(root)
        return found

    def sides(self, cell: Cell) -> tuple[tuple[int, int, int] | None, ...]:
        """For each edge of the empty ``cell``: None when no tile is across it, else the
        root of the neighbour's road or city part facing it (-1 on a field edge) and the
        roots of the neighbour's fields facing its first and second half (-1 on a city
        edge).  The same for every tile and turn tried on ``cell`` this turn."""
        found = self._sides.get(cell)
        if found is None:
            pos = self.pos
            x, y = cell
            sides: list[tuple[int, int, int] | None] = []
            for e in range(4):
                dx, dy = DELTA[e]
                other = pos.board.get((x + dx, y + dy))
                if other is None:
                    sides.append(None)
                    continue
                t = other.tile
                edge = t.edge_feature[(e + 2) % 4]
                h0, h1 = (t.half_feature[opposite_half(2 * e + k)] for k in (0, 1))
                sides.append((pos.find(other.base + edge) if edge >= 0 else -1,
                              pos.find(other.base + h0) if h0 >= 0 else -1,
                              pos.find(other.base + h1) if h1 >= 0 else -1))
            found = self._sides[cell] = tuple(sides)
        return found

    def cloisters(self, cell: Cell) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """What a tile on ``cell`` gives the cloisters with followers around it, whatever
        the tile: each seat's change of worth (one more tile around, CB9; 9 points and the
        followers back when it is the eighth, CB7) and the points scored."""
        found = self._cloisters.get(cell)
        if found is None:
            pos = self.pos
            n = self.players
            change, scored = [0] * n, [0] * n
            x, y = cell
            for dx, dy in NEAR:
                near = (x + dx, y + dy)
                placed = pos.board.get(near)
                if placed is None:
                    continue
                local = _cloister(placed.tile.tile.name)
                if local < 0:
                    continue
                info = pos.info[pos.find(placed.base + local)]
                if info.done or not info.followers:
                    continue
                tops = majority(info.followers, n)
                for s in tops:
                    change[s] += CLOISTER
                if pos.around(near) + 1 == 8:
                    for s in tops:
                        scored[s] += 9
                    for _, _, s in info.followers:
                        change[s] += IN_HAND
            found = self._cloisters[cell] = (tuple(change), tuple(scored))
        return found

    def fields_held(self) -> list[int]:
        """The roots of the fields holding followers, in root order."""
        if self._fields is None:
            pos = self.pos
            roots = set()
            for (cell, local) in pos.followers:
                placed = pos.board[cell]
                if placed.tile.features[local].kind == "field":
                    roots.add(pos.find(placed.base + local))
            self._fields = sorted(roots)
        return self._fields


@dataclass(frozen=True)
class Outlook:
    """One placement judged: ``change`` each seat's change of worth with no follower;
    ``options`` each feature a follower of the player to move may take (its name on the
    tile, one name per feature of the board, CB4) and what it adds to the mover's
    change; ``scored`` the points each seat scores this turn with no follower (CB6–CB8)."""

    cell: Cell
    rotation: int
    change: tuple[int, ...]
    options: tuple[tuple[str, int], ...]
    scored: tuple[int, ...]


@dataclass(frozen=True)
class _Shape:
    """A turned tile as the outlook reads it: per edge, the step to the neighbour, the
    road or city part on it (-1: a field edge), the neighbour's edge it meets, and its
    field halves (the field, and 0 or 1 for the edge's first or second half); per feature, its kind, edges,
    whether it is an opening, its pennant, the tile's cities it borders and its name."""

    edges: tuple[tuple[int, int, int, int, tuple[tuple[int, int], ...]], ...]
    kinds: tuple[str, ...]
    sizes: tuple[int, ...]
    openings: tuple[int, ...]
    pennants: tuple[int, ...]
    cities: tuple[tuple[int, ...], ...]
    names: tuple[str, ...]


@functools.cache
def _shape(name: str, rotation: int) -> _Shape:
    tile = tile_set().oriented(name, rotation)
    edges = []
    for e in range(4):
        halves = tuple((tile.half_feature[2 * e + k], k) for k in (0, 1) if tile.half_feature[2 * e + k] >= 0)
        edges.append((DELTA[e][0], DELTA[e][1], tile.edge_feature[e], (e + 2) % 4, halves))
    fs = tile.features
    return _Shape(tuple(edges), tuple(f.kind for f in fs), tuple(len(f.edges) for f in fs),
                  tuple(int(f.end == "opening") for f in fs), tuple(int(f.pennant) for f in fs),
                  tuple(f.cities for f in fs), tuple(f.name for f in fs))


def outlook(pos: Position, cell: Cell, tile: Oriented, lens: Lens | None = None) -> Outlook:
    """Judge placing ``tile`` on ``cell`` (it must fit, CB3) for every seat (the module's
    worth), and each follower the player to move could then add (CB4).  ``lens``: shared
    by the outlooks of one turn (made here when not given)."""
    lens = lens or Lens(pos)
    shape = _shape(tile.tile.name, tile.rotation)
    n = lens.players
    mover = pos.turn
    change = [0] * n
    scored = [0] * n
    options: list[tuple[str, int]] = []
    can_place = pos.supply[mover] > 0
    # Which new features become one through the board, and the board roots each takes in.
    nf = len(shape.kinds)
    up = list(range(nf))
    linked: list[list[int]] = [[] for _ in range(nf)]
    matches = [0] * nf
    owner: dict[int, int] = {}

    def link(i: int, root: int) -> None:
        j = owner.get(root)
        if j is None:
            owner[root] = i
            linked[i].append(root)
            return
        while up[i] != i:
            i = up[i]
        while up[j] != j:
            j = up[j]
        if i != j:
            up[max(i, j)] = min(i, j)

    for side, (_, _, mine, _, halves) in zip(lens.sides(cell), shape.edges, strict=True):
        if side is None:
            continue
        if mine >= 0:
            link(mine, side[0])
            matches[mine] += 1
        for a, k in halves:
            link(a, side[1 + k])
    for i in range(nf):
        j = i
        while up[j] != j:
            j = up[j]
        up[i] = j
    info_of = pos.info
    standing = lens.standing
    kinds = shape.kinds
    # Roads, city parts and the cloister first: a field's worth needs the cities' fate.
    done_key: dict[int, bool] = {}  # a city's key (-1 - local root, or a board root) -> complete
    local_key: dict[int, int] = {}
    completing_city = False
    fields: list[int] = []
    for i in range(nf):
        if up[i] != i:
            continue
        kind = kinds[i]
        if kind == "field":
            fields.append(i)
            continue
        locs = [j for j in range(i, nf) if up[j] == i]  # a group's root is its lowest index
        if kind == "cloister":
            around = pos.around(cell)
            if can_place:
                options.append((shape.names[i], 18 if around == 8 else CLOISTER * (1 + around) - IN_HAND))
            continue
        roots = linked[i] if len(locs) == 1 else [r for j in locs for r in linked[j]]
        open_ = unpaired = pennants = 0
        followers: tuple[tuple[Cell, int, int], ...] = ()
        tiles = 1
        if roots:
            union: set[Cell] | None = {cell} if len(roots) > 1 else None
            for r in roots:
                info = info_of[r]
                open_ += info.open
                unpaired += info.unpaired
                pennants += info.pennants
                if info.followers:
                    followers += info.followers
                    value, tops = standing(r)
                    for s in tops:
                        change[s] -= value
                if union is None:
                    tiles += len(info.tiles)
                else:
                    union |= info.tiles
            if union is not None:
                tiles = len(union)
        for j in locs:
            open_ += shape.sizes[j] - 2 * matches[j]
            unpaired += shape.openings[j]
            pennants += shape.pennants[j]
        complete = open_ == 0 and unpaired == 0
        if kind == "city":
            key = -1 - i
            done_key[key] = complete
            for j in locs:
                local_key[j] = key
            for r in roots:
                done_key[r] = complete
                owner[r] = -2 - i  # a board city taken in: its fate is the group's
            completing_city |= complete
        if complete:
            points = tiles if kind == "road" else 2 * (tiles + pennants)
            if followers:
                for s in majority(followers, n):
                    change[s] += 2 * points
                    scored[s] += points
                for _, _, s in followers:
                    change[s] += IN_HAND
            elif can_place:
                options.append((shape.names[i], 2 * points))
        else:
            value = ROAD * tiles if kind == "road" else CITY_OPEN * (tiles + pennants)
            if followers:
                for s in majority(followers, n):
                    change[s] += value
            elif can_place:
                options.append((shape.names[i], value - IN_HAND))
    # Fields (CB9): 6 a completed city bordered, each city once.
    complete_of = lens.complete
    for i in fields:
        locs = [j for j in range(i, nf) if up[j] == i]
        roots = linked[i] if len(locs) == 1 else [r for j in locs for r in linked[j]]
        seen: set[int] = set()
        done = 0
        followers = ()
        for r in roots:
            info = info_of[r]
            if info.followers:
                followers += info.followers
                value, tops = standing(r)
                for s in tops:
                    change[s] -= value
            for c in lens.city_roots(r):
                k = owner.get(c, 0)
                key = -1 - (-2 - k) if k < -1 else c  # a city taken in is keyed by its group
                if key not in seen:
                    seen.add(key)
                    done += done_key[key] if key < 0 else complete_of(c)
        for j in locs:
            for c in shape.cities[j]:
                key = local_key[c]
                if key not in seen:
                    seen.add(key)
                    done += done_key[key]
        if followers:
            for s in majority(followers, n):
                change[s] += FIELD * done
        elif can_place:
            options.append((shape.names[i], FIELD * done - IN_HAND))
    # Cloisters around the new tile gain a neighbour (CB7, CB9: one more tile around).
    near_change, near_scored = lens.cloisters(cell)
    if any(near_scored) or any(near_change):
        for s in range(n):
            change[s] += near_change[s]
            scored[s] += near_scored[s]
    # Fields the tile does not touch but bordering a city it completes (CB9).
    if completing_city:
        for root in lens.fields_held():
            if owner.get(root, -1) >= 0:
                continue  # taken in by a new field: counted above
            hit = {owner[c] for c in lens.city_roots(root) if owner.get(c, 0) < -1 and done_key[c]}
            if hit:
                for s in majority(info_of[root].followers, n):
                    change[s] += FIELD * len(hit)
    return Outlook(cell, tile.rotation, tuple(change), tuple(options), tuple(scored))


@functools.cache
def _cloister(name: str) -> int:
    """The index of the cloister on a tile type (the same for every turn), -1 if none."""
    return next((i for i, f in enumerate(tile_set().types[name].features) if f.kind == "cloister"), -1)


def join_change(pos: Position, a: Opening, b: Opening) -> tuple[int, ...]:
    """Each seat's change of worth if the roads at openings ``a`` and ``b`` were joined by
    a tunnel now (TU4; scored at once if that completes the road, TU7)."""
    n = len(pos.players)
    ra, rb = pos.opening_root(a), pos.opening_root(b)
    assert ra is not None and rb is not None
    change = [0] * n
    roots = (ra,) if ra == rb else (ra, rb)
    tiles: frozenset[Cell] = frozenset()
    open_ = unpaired = 0
    followers: tuple[tuple[Cell, int, int], ...] = ()
    for r in roots:
        info = pos.info[r]
        if info.followers:
            for s in majority(info.followers, n):
                change[s] -= ROAD * len(info.tiles)
        tiles |= info.tiles
        open_ += info.open
        unpaired += info.unpaired
        followers += info.followers
    complete = open_ == 0 and unpaired - 2 == 0
    for s in majority(followers, n):
        change[s] += ROAD * len(tiles)
    if complete:
        for _, _, s in followers:
            change[s] += IN_HAND
    return tuple(change)


def free_features(pos: Position, cell: Cell, tile: Oriented) -> list[int]:
    """The new tile's features whose feature, once the tile is placed, holds no follower
    (CB4), one per feature of the board (the lowest index), in tile order."""
    shape = _shape(tile.tile.name, tile.rotation)
    nf = len(shape.kinds)
    up = list(range(nf))
    taken = [False] * nf
    owner: dict[int, int] = {}
    x, y = cell
    for e, (dx, dy, mine, theirs, halves) in enumerate(shape.edges):
        other = pos.board.get((x + dx, y + dy))
        if other is None:
            continue
        pairs = [(mine, other.tile.edge_feature[theirs])] if mine >= 0 else []
        pairs += [(a, other.tile.half_feature[opposite_half(2 * e + k)]) for a, k in halves]
        for i, local in pairs:
            root = pos.find(other.base + local)
            taken[i] = taken[i] or bool(pos.info[root].followers)
            j = owner.setdefault(root, i)
            while up[i] != i:
                i = up[i]
            while up[j] != j:
                j = up[j]
            if i != j:
                up[max(i, j)] = min(i, j)
    tops = []
    for i in range(nf):
        j = i
        while up[j] != j:
            j = up[j]
        tops.append(j)
    held = {tops[i] for i in range(nf) if taken[i]}
    return [i for i in range(nf) if tops[i] == i and i not in held]
