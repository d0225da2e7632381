"""Uniformly random legal moves of a :class:`~sectionx.games.sectionx.solver.core.Position`, for self-play.

:func:`random_move` draws one move from exactly the distribution
``engine.random_action`` draws from: uniform over ``engine.legal_actions``,
where a tile action that starts a tied tunnel fight counts once per ``keep``
list with a different outcome (D4, D7).  It does not list phase 2 (some 2,000
tile actions, most of the cost of a random game); it draws from a numbered
candidate set by rejection, as the engine does, but settles ties differently:

* **The candidates** (:class:`TileSpace`): every hand tile on every empty
  cell, every rotatable tile turned, every liftable tile to every empty cell,
  every pair of liftable tiles swapped, one rotation per physical result (N2).
  Each legal plain tile action has exactly one number; ``decode`` returns the
  move a number names, or None when it is illegal (P1, P3, N3; ownership D3 and
  liftability N2 are settled when the numbering is built).  They are the moves
  :func:`sectionx.games.sectionx.solver.movegen.tile_moves` lists.
* **Ties** (D4, D7).  A tile action that starts a tied fight is not legal as
  such; it is legal once per ``keep`` list with a different outcome, its
  *variants*, and each variant must be as likely as any other action.  The
  engine accepts every drawn candidate with probability k/K, K = owners! (24
  with four door owners), so it throws away 23 draws in 24.  Here a candidate's
  own number stands for its first variant, and candidates that *may* tie get
  extra numbers for the others, after the candidates: every candidate of a
  *block* (a hand tile on one cell, a tile moved to one cell, a tile turned, a
  pair swapped; all rotations) gets ``K - 1`` extra numbers, ``K`` a bound on
  the variants of each candidate in the block, and extra number j stands for
  variant j if the candidate has that many.  Blocks and their bounds come from
  the cells alone (:class:`_Ties`: which owners' tunnels face the cell or ride
  on the tile); a candidate's exact bound and variants are only worked out when
  one of its numbers is drawn.  Every legal action, variants included, is then
  the outcome of exactly one number and every other number is rejected, so
  drawing numbers uniformly until one is accepted is uniform over the legal
  actions.  Blocks are rare (a few per phase 2), so few draws are wasted.
* **The other moves** of a tile phase (``pass``; in the advanced game steps,
  doors and ``end``, V2) are listed, one number each, ahead of the tiles; in
  the other phases every legal move is listed and one is chosen.

Why the bounds hold: a fight's doors all lie in tunnels the move touches (the
argument of :class:`~sectionx.games.sectionx.solver.movegen.FightFilter`: the moved tile
touches each owner's tunnel as it was, or carries it); each player's length in
the fight is the length before the action of one of its touched tunnels (D6),
so every player tied in one of the move's fights shares a touched length with
another owner.  A ``keep`` list's outcome is fixed by the order in which it
names those players, so with ``t`` of them there are at most ``t!`` outcomes.
A block's ``t`` counts every owner whose tunnel faces its cell or rides on its
tile, so it bounds the ``t`` of each of its candidates.

Lists of moves are sorted before one is drawn, and the numbering follows cell
and tile numbers, so the draw depends only on the position and the generator,
never on the history of the core's internal lists: a position made move by move
and the same position loaded afresh draw the same move.
"""

from __future__ import annotations

import bisect
import functools
import math
from typing import TYPE_CHECKING, Any

from .core import (
    ACT_PHASE,
    DOOR,
    END,
    FREE_PHASE,
    KEEP,
    MOVE,
    MOVEDOOR,
    OVER,
    PASS,
    PLACE,
    ROTATE,
    STEP_BUDGET,
    SWAP,
    TAKE_PHASE,
    TILE_PHASE,
    CoreError,
    Position,
    keep_options,
)
from .movegen import legal_moves, step_moves
from .tables import HIDEOUT, CoreMove, Tables

if TYPE_CHECKING:
    import random

_OPP = (3, 4, 5, 0, 1, 2)
_NONE: frozenset[int] = frozenset()

#: A door tunnel's mark: (owner, the tunnel's length in cells) (D4, D6).
Mark = tuple[int, int]


def random_move(pos: Position, rng: random.Random) -> CoreMove:
    """A legal move of ``pos``, every legal move (each D4 'keep' variant one move) equally likely.

    Uses ``rng`` only, and depends only on the position (see module docstring).
    Raises CoreError when the game is over.
    """
    listed, spaces = candidates(pos)
    return draw(rng, listed, spaces)


def candidates(pos: Position) -> tuple[list[CoreMove], list[Space]]:
    """What :func:`random_move` draws from: the moves it lists (sorted), and numbered
    spaces: the tile actions where one is open (:class:`TileSpace`), the door actions
    where one is open (:class:`DoorSpace`).  The listed moves and the outcomes of the
    spaces' numbers are the legal moves, each exactly once (as ``legal_moves`` decides
    which kinds are open: N1-N5, V2)."""
    kind = pos.phase_kind()
    if kind == OVER:
        raise CoreError("the game is over")
    if kind == TAKE_PHASE:
        return legal_moves(pos), []
    listed: list[CoreMove] = [(PASS,)] if kind == TILE_PHASE else []
    spaces: list[Space] = []
    if kind == TILE_PHASE or (kind == FREE_PHASE and not pos.tile_action):
        spaces.append(TileSpace(pos))
    if kind != TILE_PHASE and not pos.door_action:
        if pos.steps() < STEP_BUDGET:
            listed += step_moves(pos)
        if not pos.moved:
            spaces.append(DoorSpace(pos))
    if kind in (ACT_PHASE, FREE_PHASE):
        listed.append((END,))
    listed.sort()
    return listed, spaces


def draw(rng: random.Random, listed: list[CoreMove], spaces: list[Space]) -> CoreMove:
    """Draw numbers over ``listed`` and then each space in turn until one names a legal move:
    uniform over the legal moves when each has exactly one number."""
    total = len(listed) + sum(space.total for space in spaces)
    while True:
        i = rng.randrange(total) - len(listed)
        if i < 0:
            return listed[i]
        for space in spaces:
            if i < space.total:
                m = space.outcome(i)
                if m is not None:
                    return m
                break
            i -= space.total


def draw_once(rng: random.Random, spaces: list[Space]) -> CoreMove | None:
    """One number drawn uniformly over the spaces' numbers: the legal move it names, or
    ``None`` when it names none.  For a caller that bounds its draws (the search bot,
    :mod:`sectionx.games.sectionx.lookahead`): :func:`draw` over the spaces alone would
    draw for ever where no number names a legal move (a door space whose one candidate
    is not legal, found in a 2-player game of seed 4 in issue 29's bot match).  Draws
    the same number :func:`draw` would draw first."""
    total = sum(space.total for space in spaces)
    if total == 0:
        return None
    i = rng.randrange(total)
    for space in spaces:
        if i < space.total:
            return space.outcome(i)
        i -= space.total
    return None


class TileSpace:
    """The tile-action candidates of a tile phase, numbered, with the extra numbers of tie variants.

    Numbers ``0 .. size-1`` name candidates (``decode``).  Numbers from ``size``
    to ``total - 1`` are the extras: *blocks* of candidates that may tie (a
    hand tile on a cell, a tile moved to a cell, a tile turned, a pair swapped,
    every rotation), each with ``K - 1`` extra numbers per candidate, where K
    bounds the variants of every candidate of the block (module docstring).
    ``outcome`` says what a number stands for.  Nothing but the numbering is
    built up front: a phase 2 has thousands of candidates and a draw looks at
    a handful.
    """

    __slots__ = ("blocks", "empty", "gstart", "movable", "pos", "segments", "size", "starts", "ties",
                 "total", "xstarts")

    def __init__(self, pos: Position):
        self.pos = pos
        T = pos.T
        me = pos.player
        spot0, types, tile, load, door = T.spot0, T.tile_types, pos.tile, pos.load, pos.door
        empty = self.empty = [c for c in range(T.ncells) if tile[c] < 0]
        # Door tunnels (D1), each flooded once: ownership (D3) and the fight marks (D4).
        marks: dict[int, Mark] = {}
        foreign: set[int] = set()
        for p in range(pos.n):
            for s in pos.doors[p]:
                if s not in marks:
                    tunnel = pos._tunnel(s)
                    cells = {(x - spot0) // 3 for x in tunnel}
                    mk = (p, len(cells))
                    for x in tunnel:
                        marks[x] = mk
                    if p != me:
                        foreign |= cells
        ties = self.ties = _Ties.build(pos, marks)
        near = ties.near if ties is not None else {}
        on = ties.owners_on if ties is not None else {}
        # Empty cells that tunnels which may tie face (index in ``empty``, owners), and those
        # faced by two owners (index, K - 1).
        facing = [(i, near[d]) for i, d in enumerate(empty) if d in near]
        facing2 = [(i, math.factorial(len(u)) - 1) for i, u in facing if len(u) >= 2]
        blocks: list[tuple[int, int, int]] = []  # (first number, count, K - 1)
        segments: list[tuple[Any, ...]] = []
        size = 0
        n_empty = len(empty)
        for t in sorted(set(pos.hand[me])):
            rots = types[t].choices[0]
            n = len(rots)
            segments.append((size, PLACE, t, rots))
            blocks += [(size + i * n, n, k1) for i, k1 in facing2]
            size += n_empty * n
        # Tiles carrying a prisoner or a door: the others need no look at their features.
        carrying = {(s - spot0) // 3 for w in pos.where for s in w if s >= spot0}
        carrying.update((s - spot0) // 3 for d in pos.doors for s in d)
        movable = []
        mine = pos.pc[me]
        for c in _cell_order(T):  # the engine's order of cells, which it lists swaps in
            t = tile[c]
            if t < 0 or c in foreign:
                continue  # D3: another player's tunnel
            tt = types[t]
            occ, riders, liftable, hideout_riders = 0, False, True, False
            if c in carrying:
                base = spot0 + 3 * c
                for f in range(len(tt.kinds)):
                    s = base + f
                    if load[s]:
                        occ |= 1 << f
                        riders = True
                        if tt.kinds[f] == HIDEOUT:
                            hideout_riders = True
                            liftable = liftable and mine[s] == load[s]  # N2: only one's own prisoners ride
                        else:
                            liftable = False  # N2: a prisoner outside the hideout
                    elif door[s] >= 0:
                        occ |= 1 << f
            rots = tt.choices[occ]
            n = len(rots)
            here = on.get(c, _NONE)
            if not riders:
                segments.append((size, ROTATE, c, tt, occ, rots))
                if c in near or here:
                    u = near.get(c, _NONE) | here
                    if len(u) >= 2:
                        blocks.append((size, n, math.factorial(len(u)) - 1))
                size += n
            if liftable:
                movable.append((c, tt, occ, rots, hideout_riders))
                segments.append((size, MOVE, c, tt, occ, rots, hideout_riders))
                if here:
                    for i, u in facing:
                        u = u | here
                        if len(u) >= 2:
                            blocks.append((size + i * n, n, math.factorial(len(u)) - 1))
                elif facing2:
                    blocks += [(size + i * n, n, k1) for i, k1 in facing2]
                size += n_empty * n
        # Swaps: a pair once, the first in the engine's order of cells.  The segment of
        # tile i holds its pairs with every later tile j: j's rotations (``gstart`` numbers
        # them all, tile after tile), then i's.
        self.movable = movable
        gstart = self.gstart = [0]
        for m in movable:
            gstart.append(gstart[-1] + len(m[3]))
        last = gstart[-1]
        swap_start = []
        for i, a in enumerate(movable):
            swap_start.append(size)
            rest = last - gstart[i + 1]
            if rest:
                segments.append((size, SWAP, i))
                size += len(a[3]) * rest
        if ties is not None:
            touch = [near.get(m[0], _NONE) | on.get(m[0], _NONE) for m in movable]
            touching = [j for j, u in enumerate(touch) if len(u) >= 2]
            for i, u in enumerate(touch):
                for j in range(i + 1, len(movable)) if u else [j for j in touching if j > i]:
                    w = u | touch[j]
                    if len(w) >= 2:
                        n = len(movable[i][3])
                        blocks.append((swap_start[i] + (gstart[j] - gstart[i + 1]) * n, n * len(movable[j][3]),
                                       math.factorial(len(w)) - 1))
        self.segments = segments
        self.starts = [seg[0] for seg in segments]
        self.size = size
        self.blocks = blocks
        xstarts: list[int] = []
        self.xstarts = xstarts
        total = size
        for _, count, k1 in blocks:
            xstarts.append(total - size)
            total += count * k1
        self.total = total

    def outcome(self, number: int) -> CoreMove | None:
        """The legal tile action (a variant, for a move that ties) that ``number`` stands for, or None.

        Every legal tile action is the outcome of exactly one number (module docstring)."""
        ties = self.ties
        if number < self.size:
            m = self.decode(number)
            if m is None or ties is None or ties.bound(m) == 1:
                return m
            return self._variants(m)[0]
        x = number - self.size
        k = bisect.bisect_right(self.xstarts, x) - 1
        first, _, k1 = self.blocks[k]
        local = x - self.xstarts[k]
        m = self.decode(first + local // k1)
        j = local % k1 + 1
        if m is None or ties is None or j >= ties.bound(m):
            return None
        variants = self._variants(m)
        return variants[j] if j < len(variants) else None

    def _variants(self, m: CoreMove) -> list[CoreMove]:
        assert self.ties is not None
        variants = self.ties.variants(m)
        if len(variants) > self.ties.bound(m):  # pragma: no cover - the bound is a proof obligation
            raise AssertionError(f"{m}: {len(variants)} variants exceed the bound {self.ties.bound(m)}")
        return variants

    def decode(self, number: int) -> CoreMove | None:
        """The plain tile move numbered ``number`` if it is legal as far as P1, P3 and N3 go, else None."""
        pos = self.pos
        T = pos.T
        start, kind, *data = self.segments[bisect.bisect_right(self.starts, number) - 1]
        off = number - start
        known, opened, dist = pos.known, pos.opened, T.distance
        if kind == PLACE:
            t, rots = data
            c, r = self.empty[off // len(rots)], rots[off % len(rots)]
            return (PLACE, t, c, r) if T.tile_types[t].open_mask[r] & known[c] == opened[c] else None
        if kind == ROTATE:
            c, tt, occ, rots = data
            r = rots[off]
            ok = r != tt.canon[occ][pos.rot[c]] and tt.open_mask[r] & known[c] == opened[c]
            return (ROTATE, c, r) if ok else None
        if kind == MOVE:
            c, tt, occ, rots, hideout_riders = data
            d, r = self.empty[off // len(rots)], rots[off % len(rots)]
            if hideout_riders and dist[d] < dist[c]:
                return None  # N3
            k, o = known[d], opened[d]
            e = T.edge_to.get((d, c))
            if e is not None:  # the tile leaves c: its edge no longer constrains d
                k, o = k & ~(1 << e), o & ~(1 << e)
            return (MOVE, c, d, r) if tt.open_mask[r] & k == o else None
        i = data[0]
        a, ta, _, rots_a, hr_a = self.movable[i]
        n = len(rots_a)
        g = self.gstart[i + 1] + off // n
        j = bisect.bisect_right(self.gstart, g) - 1
        b, tb, _, rots_b, hr_b = self.movable[j]
        ra = rots_b[g - self.gstart[j]]
        rb = rots_a[off % n]  # a's tile goes to b at rb; b's tile comes to a at ra
        if (hr_a and dist[b] < dist[a]) or (hr_b and dist[a] < dist[b]):
            return None  # N3
        e = T.edge_to.get((a, b))
        kb, ob, ka, oa = known[b], opened[b], known[a], opened[a]
        if e is not None:
            kb, ob = kb & ~(1 << _OPP[e]), ob & ~(1 << _OPP[e])
            ka, oa = ka & ~(1 << e), oa & ~(1 << e)
            if (tb.open_mask[ra] >> e & 1) != (ta.open_mask[rb] >> _OPP[e] & 1):
                return None  # P3: the two swapped tiles face each other
        if ta.open_mask[rb] & kb != ob or tb.open_mask[ra] & ka != oa:
            return None
        return (SWAP, a, ra, b, rb)


class DoorSpace:
    """The door actions of the player to move, numbered (D2, D5, N4): a door from hand onto
    each candidate spot (if one is in hand), then each of its doors on the board, in order
    of spots, moved to each candidate spot.

    A candidate is a tunnel or dead-end feature without a door and without another
    player's prisoner; it is a legal target unless its tunnel holds another player's
    door (D2), which is looked at only when a number naming it is drawn.  So the
    door tunnels of the others need not all be flooded for every choice.
    """

    __slots__ = ("in_hand", "outside", "pos", "sources", "spots", "total")

    def __init__(self, pos: Position):
        self.pos = pos
        T = pos.T
        me = pos.player
        spot0, tile, door, load, mine = T.spot0, pos.tile, pos.door, pos.load, pos.pc[me]
        feats = _door_features(T)
        self.spots = spots = [s for c in range(T.ncells) if tile[c] >= 0 for f in feats[tile[c]]
                              if door[s := spot0 + 3 * c + f] < 0 and load[s] == mine[s]]
        self.in_hand = pos.doors_in_hand(me) > 0
        self.sources = sorted(pos.doors[me])
        self.total = len(spots) * (self.in_hand + len(self.sources))
        self.outside: dict[int, bool] = {}  # spot -> not in another player's tunnel (D2)

    def outcome(self, number: int) -> CoreMove | None:
        """The door action ``number`` stands for, or None when its target is another player's tunnel."""
        k, i = divmod(number, len(self.spots))
        s = self.spots[i]
        ok = self.outside.get(s)
        if ok is None:
            pos = self.pos
            door, me = pos.door, pos.player
            ok = self.outside[s] = all(door[x] < 0 or door[x] == me for x in pos._tunnel(s))
        if not ok:
            return None
        if self.in_hand:
            if k == 0:
                return (DOOR, s)
            k -= 1
        return (MOVEDOOR, self.sources[k], s)


#: What :func:`draw` draws from besides the listed moves.
Space = TileSpace | DoorSpace


@functools.cache
def _door_features(T: Tables) -> tuple[tuple[int, ...], ...]:
    """Per tile number, the features that take a door (tunnels and dead ends, D2)."""
    return tuple(tuple(f for f, ok in enumerate(tt.takes_door) if ok) for tt in T.tile_types)


@functools.cache
def _cell_order(T: Tables) -> tuple[int, ...]:
    """Tile cell numbers in the order of the cells (the engine's order)."""
    return tuple(sorted(range(T.ncells), key=T.cells.__getitem__))


class _Ties:
    """Which tile moves may start a tied tunnel fight, and a bound on their 'keep' variants (D4, D7).

    The test of :class:`~sectionx.games.sectionx.solver.movegen.FightFilter`, built from marks
    already at hand: the moved tile must touch, with an opening, a feature of a
    door tunnel as it was, or carry one; each touched tunnel is a mark (owner,
    length before the action); two owners need marks of equal length to tie.
    ``bound`` returns 1 for a move that cannot need a 'keep' choice, else t!
    (module docstring).  ``variants`` tries the move on the core.
    """

    __slots__ = ("carried", "facing", "near", "owners_on", "pos")

    @classmethod
    def build(cls, pos: Position, marks: dict[int, Mark]) -> _Ties | None:
        """The filter over the marks whose length another owner's mark shares, or None when
        there are none: then no tile move can tie.  A tie at length L needs a mark of length L
        of each tied owner, so the other marks never take part in one."""
        owners: dict[int, set[int]] = {}
        for p, length in marks.values():
            owners.setdefault(length, set()).add(p)
        kept = {s: mk for s, mk in marks.items() if len(owners[mk[1]]) > 1}
        return cls(pos, kept) if kept else None

    def __init__(self, pos: Position, marks: dict[int, Mark]):
        self.pos = pos
        T = pos.T
        spot0, nb, types, tile, rot = T.spot0, T.nb, T.tile_types, pos.tile, pos.rot
        carried: dict[int, set[Mark]] = {}
        facing: dict[int, list[tuple[int, int, Mark]]] = {}  # cell -> (edge, source cell, mark)
        near: dict[int, set[int]] = {}  # cell -> owners of the marks facing it
        on: dict[int, set[int]] = {}  # cell -> owners of the marks on its tile
        for s, mk in marks.items():
            c, f = divmod(s - spot0, 3)
            p = mk[0]
            carried.setdefault(c, set()).add(mk)
            on.setdefault(c, set()).add(p)
            for e in types[tile[c]].feature_edges[f][rot[c]]:
                m = nb[6 * c + e]
                if m >= 0:
                    facing.setdefault(m, []).append((_OPP[e], c, mk))
                    near.setdefault(m, set()).add(p)
        self.carried, self.facing, self.near, self.owners_on = carried, facing, near, on

    def _around(self, cell: int, t: int, r: int, gone: tuple[int, ...], marks: set[Mark]) -> None:
        """Marks facing ``cell`` where tile ``t`` at rotation ``r`` opens, from cells not in ``gone``."""
        mask = self.pos.T.tile_types[t].open_mask[r]
        for e, src, mk in self.facing.get(cell, ()):
            if mask >> e & 1 and src not in gone:
                marks.add(mk)

    def bound(self, m: CoreMove) -> int:
        """At least the number of 'keep' variants of plain tile move ``m``; 1 when it cannot tie."""
        kind = m[0]
        near, on, tile = self.near, self.owners_on, self.pos.tile
        marks: set[Mark] = set()
        if kind == PLACE:
            if len(near.get(m[2], _NONE)) < 2:
                return 1
            self._around(m[2], m[1], m[3], (), marks)
        elif kind == ROTATE:
            if len(near.get(m[1], _NONE) | on.get(m[1], _NONE)) < 2:
                return 1
            marks |= self.carried.get(m[1], set())
            self._around(m[1], tile[m[1]], m[2], (m[1],), marks)
        elif kind == MOVE:
            if len(near.get(m[2], _NONE) | on.get(m[1], _NONE)) < 2:
                return 1
            marks |= self.carried.get(m[1], set())
            self._around(m[2], tile[m[1]], m[3], (m[1],), marks)
        else:
            a, ra, b, rb = m[1], m[2], m[3], m[4]
            if len(near.get(a, _NONE) | near.get(b, _NONE) | on.get(a, _NONE) | on.get(b, _NONE)) < 2:
                return 1
            marks |= self.carried.get(a, set()) | self.carried.get(b, set())
            self._around(a, tile[b], ra, (a, b), marks)
            self._around(b, tile[a], rb, (a, b), marks)
        owners: dict[int, set[int]] = {}
        for p, length in marks:
            owners.setdefault(length, set()).add(p)
        tied = {p for ps in owners.values() if len(ps) > 1 for p in ps}
        return math.factorial(len(tied)) if tied else 1

    def variants(self, m: CoreMove) -> list[CoreMove]:
        """The move itself, or one KEEP move per 'keep' list with a different outcome (D4, D7)."""
        ties = self.pos.fight_ties(m)
        if not ties:
            return [m]  # no fight, or one that settles itself
        colours = self.pos.colours
        return [(KEEP, m, keep, tuple(colours[p] for p in keep)) for keep in keep_options(ties)]


__all__ = ["DoorSpace", "Space", "TileSpace", "candidates", "draw", "draw_once", "random_move"]
