"""Distances for the exact solver's bound: steps and tile actions from a prisoner to a target.

:class:`Reach` gives, per tile cell (and the island), the fewest steps to a set of
target green areas over ways that need at most ``k`` tile actions (fills of empty
cells, rides of a hideout tile carrying the prisoner, N3); :func:`forward` the same
from one prisoner outwards.  Both are breadth-first searches over (place, tile
actions counted) on the graph of the tile cells and the island (:func:`graph`).
:mod:`sectionx.games.sectionx.solver.puzzlecore` builds its bound and its cuts on
them; docs/solver.md ("The lower bound, and why it is admissible") argues why
every figure is a lower bound.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .position import PositionBase
from .tables import GREEN_NB, ISLAND_NB, Tables

INF = 10**6


class Reach:
    """Step distances to a set of target green areas, with the tile actions a way needs.

    The graph: every tile cell, plus the island as one place (M1), one step
    apart where they touch (M2); a green area is reached from a tile cell or the
    island it touches.  A path never passes a green area: a prisoner there never
    moves again (M5).  Besides steps, a prisoner in a hideout may be carried: its
    tile moved (or swapped) to any cell at least as far from the nearest green
    cell as before (N3), which takes no step but the turn's tile action.

    ``to[k][c]`` is the fewest steps from cell ``c`` (index ``ncells`` is the
    island) to a target for a prisoner that may ride from ``c``, over ways that
    need at most ``k`` tile actions: one per empty cell passed strictly between
    ``c`` and the target (it must be filled) and one per ride; ``INF`` if none.
    A prisoner that is not in a hideout cannot ride from where it stands:
    :meth:`steps` with ``rides=False`` answers for it.

    ``ride_cost`` per cell: what a ride from there needs at least: 1 where a
    hideout tile lies now (the ride itself) or where the cell is empty (the
    action that fills it, counted when a way passes the cell, may lay a hideout
    tile); 2 where another tile lies (first a tile action that brings a hideout
    tile there, then the ride); ``None``: no rides at all (no hideout tile in
    play).  Two rides in a row on one tile are never needed:
    the second could have been made at once (the distance only grows, N3).
    """

    def __init__(self, T: Tables, targets: frozenset[int], empty: list[bool], K: int,
                 ride_cost: tuple[int, ...] | None = None, walls: tuple[bool, ...] | None = None):
        self.T, self.K, self.targets, self.walls = T, K, targets, walls
        n = T.ncells
        self.empty = empty + [False]  # the island is never empty
        nbs = graph(T)
        starts = [c for c in range(n + 1) if any(g in targets for g in nbs.greens[c]) and not (walls and walls[c])]
        self._ends = frozenset(starts)
        # Walked backwards from the targets: a cell counts when a path passes it on
        # its way from a farther cell, so never the cell the distance is taken from.
        self.ride_cost = ride_cost
        self.to = spread(nbs, n, K, starts, 1, self.empty, T.distance, ride_cost, True, walls=walls)
        self._steps: dict[tuple[int, bool, int], int] = {}
        self._turns: dict[tuple[int, bool], int] = {}
        self._gaps: dict[tuple[int, bool], int] = {}
        self._gap_rows: dict[tuple[int, bool], tuple[int, ...]] = {}
        self._at: dict[tuple[int, int], int] = {}
        self._needs: dict[int, tuple[int, tuple[int, ...]]] = {}

    def steps(self, c: int, rides: bool, k: int) -> int:
        """Fewest steps from ``c`` with at most ``k`` tile actions; ``rides``: the
        prisoner is in a hideout there and may be carried at once (N3).  Else its
        first step is taken on foot: to a target, or to a neighbour ``m`` (counted
        if empty) and on from there."""
        k = min(k, self.K)
        if rides:
            return self.to[k][c]
        key = (c, rides, k)
        got = self._steps.get(key)
        if got is None:
            got = 1 if c in self._ends else INF
            for m in graph(self.T).cells[c]:
                left = k - self.empty[m]
                if left >= 0:
                    got = min(got, 1 + self.to[left][m])
            got = self._steps[key] = min(got, INF)
        return got

    def place_steps(self, pos: PositionBase, s: int, k: int) -> int:
        """:meth:`steps` for the goal player's prisoner on place ``s`` (the island or
        a spot), with its first step read off the board where it must be: a
        prisoner outside a hideout stands on a tile that may not be turned, moved
        or swapped while it is there (N2), so its first step leaves across an
        opening of its own feature (M2): to the island, a target green area, or
        a neighbouring cell (counted if empty)."""
        T = self.T
        if s == 0:
            return self.steps(T.ncells, False, k)
        c, f = divmod(s - T.spot0, 3)
        if pos.hid[s]:
            return self.steps(c, True, k)
        k = min(k, self.K)
        key = (pos.pk[s], k)  # the cell and the feature's openings as they lie
        got = self._at.get(key)
        if got is None:
            got = INF
            to, empty, walls = self.to, self.empty, self.walls
            for e in T.tile_types[pos.tile[c]].feature_edges[f][pos.rot[c]]:
                m = T.nb[6 * c + e]
                if m >= 0:
                    left = k - empty[m]
                    if left >= 0 and not (walls is not None and walls[m]):
                        got = min(got, 1 + to[left][m])
                elif m == ISLAND_NB:
                    got = min(got, 1 + to[k][T.ncells])
                elif m <= GREEN_NB and GREEN_NB - m in self.targets:
                    got = 1
            got = self._at[key] = min(got, INF)
        return got

    def place_need(self, pos: PositionBase, s: int) -> tuple[int, tuple[int, ...]]:
        """:meth:`turns` and :meth:`gaps` for the prisoner on place ``s`` (:meth:`place_steps`)."""
        key = pos.pk[s] if s >= self.T.spot0 and not pos.hid[s] else -1 - s
        got = self._needs.get(key)
        if got is None:
            turns, gaps, _ = need(lambda k: self.place_steps(pos, s, k), self.K, self.K)
            got = self._needs[key] = (turns, gaps)
        return got

    def turns(self, c: int, rides: bool) -> int:
        """Fewest turns a prisoner standing on ``c`` needs: a way of ``L`` steps and
        ``k`` tile actions needs ``ceil(L/2)`` turns (M3) and ``k`` turns (one tile
        action a turn, N2)."""
        key = (c, rides)
        got = self._turns.get(key)
        if got is None:
            got = INF
            for k in range(self.K + 1):
                length = self.steps(c, rides, k)
                if length < INF:
                    got = min(got, max((length + 1) // 2, k))
            self._turns[key] = got
        return got

    def gaps(self, c: int, rides: bool) -> tuple[int, ...]:
        """Per number of turns left ``0 .. K``: the fewest tile actions of a way
        from ``c`` to a target that fits in them (``max(ceil(L/2), k)`` turns,
        see :meth:`turns`; INF: none)."""
        key = (c, rides)
        got = self._gap_rows.get(key)
        if got is None:
            got = self._gap_rows[key] = need(lambda k: self.steps(c, rides, k), self.K, self.K)[1]
        return got

    def gap(self, c: int, rides: bool) -> int:
        """Fewest tile actions on any way from ``c`` to a target (INF: none within K)."""
        key = (c, rides)
        got = self._gaps.get(key)
        if got is None:
            got = self._gaps[key] = next((k for k in range(self.K + 1) if self.steps(c, rides, k) < INF), INF)
        return got

    def via(self, start: list[list[int]], x: int, fills: int) -> int:
        """Fewest steps from a prisoner (``start``: its :func:`forward` table) to a
        target through cell ``x`` just filled, with at most ``fills`` tile actions
        on the rest of the way."""
        best = INF
        for k1 in range(min(fills, self.K) + 1):
            a = start[k1][x]
            if a < INF:
                b = self.to[min(fills - k1, self.K)][x]
                best = min(best, a + b)
        return best


@dataclass(frozen=True)
class _Graph:
    cells: tuple[tuple[int, ...], ...]  # per cell (and the island, last): neighbouring cells
    greens: tuple[tuple[int, ...], ...]  # per cell (and the island): green areas touched (green index)


_GRAPHS: dict[Tables, _Graph] = {}  # tables are made once per board and tile set (tables_for)


def graph(T: Tables) -> _Graph:
    g = _GRAPHS.get(T)
    if g is None:
        n = T.ncells
        cells: list[list[int]] = [[] for _ in range(n + 1)]
        greens: list[list[int]] = [[] for _ in range(n + 1)]
        for c in range(n):
            for e in range(6):
                m = T.nb[6 * c + e]
                if m >= 0:
                    cells[c].append(m)
                elif m == ISLAND_NB:
                    if n not in cells[c]:
                        cells[c].append(n)
                        cells[n].append(c)
                elif m <= GREEN_NB:
                    greens[c].append(GREEN_NB - m)
        for cell in T.board.island:
            for nbr in cell.neighbours():
                gi = T.green_index.get(nbr)
                if gi is not None and gi not in greens[n]:
                    greens[n].append(gi)
        g = _Graph(tuple(tuple(x) for x in cells), tuple(tuple(x) for x in greens))
        _GRAPHS[T] = g
    return g


def forward(T: Tables, start: int, empty: list[bool], K: int, rides: bool | None = None,
            ride_cost: tuple[int, ...] | None = None, walls: tuple[bool, ...] | None = None) -> list[list[int]]:
    """``out[k][c]``: fewest steps from ``start`` (a cell, or ``ncells`` for the
    island) to cell ``c`` with at most ``k`` tile actions on the way (empty cells
    strictly between, and rides, as :class:`Reach` counts them).  ``rides``:
    None, no rides at all; True, the prisoner is in a hideout at ``start`` and
    may ride from there at once; False, it may ride only from a hideout it
    stepped into.  ``walls``: cells no way enters (:meth:`CoreProblem.walls`)."""
    weight = [*empty, False]
    weight[start] = False  # the prisoner's own cell (never empty anyway)
    costs = None if rides is None else ride_cost
    return spread(graph(T), T.ncells, K, [start], 0, weight, T.distance, costs, False,
                   start if rides is False else -1, walls)


def spread(nbs: _Graph, n: int, K: int, starts: list[int], first: int, weight: list[bool],
            dist: tuple[int, ...], ride_cost: tuple[int, ...] | None, backward: bool,
            walker: int = -1, walls: tuple[bool, ...] | None = None,
            extra: dict[int, list[tuple[int, int]]] | None = None) -> list[list[int]]:
    """Breadth first over (place, tile actions counted) from ``starts`` at distance
    ``first``: ``out[k][c]`` is the fewest steps to ``c`` over ways counting at
    most ``k`` tile actions, ``INF`` where none.  A cell of ``weight`` (empty)
    counts when a way leaves it.  With ``ride_cost`` a ride counts that much
    (per cell it leaves from) and takes no step: going forward, from a cell to
    any cell at least as far from the greens (``dist``, N3); ``backward``
    (distances to the starts), the other way round.  ``walker``: the start cell from which no ride leaves at step 0 (the
    prisoner there is not in a hideout; it may come back to it, two steps on).
    ``walls``: cells never entered, neither by a step nor by a ride (no start
    is one).  ``extra``: more seeds (length, place) per layer, for targets that
    take tile actions of their own (a hideout still to be laid, :mod:`.shelter`).

    Layer ``k`` is seeded from layer ``k - 1`` (at most ``k`` includes at most
    ``k - 1``, ways leaving an empty cell, and rides), then spread by steps
    through cells that do not count, lengths in increasing order."""
    out = [[INF] * (n + 1) for _ in range(K + 1)]
    carry: list[tuple[int, int]] = [(first, c) for c in starts]
    for k in range(K + 1):
        row = out[k]
        seeds = carry
        carry = []
        if extra is not None and k in extra:
            seeds.extend(extra[k])
        if k:
            prev = out[k - 1]
            seeds.extend((v, c) for c, v in enumerate(prev) if v < INF)
            if ride_cost is not None:
                seeds.extend(_rides(prev, out[k - 2] if k >= 2 else None, dist, ride_cost, n, backward, walker))
        buckets: dict[int, list[int]] = {}
        for length, c in seeds:
            if walls is not None and walls[c]:
                continue
            if length < row[c]:
                row[c] = length
                buckets.setdefault(length, []).append(c)
        length = min(buckets, default=INF)
        top = max(buckets, default=-1)
        while length <= top:
            for c in buckets.pop(length, ()):
                if row[c] != length:
                    continue  # reached shorter since
                if weight[c]:
                    carry.extend((length + 1, m) for m in nbs.cells[c])  # leaving it counts: next layer (walls: seeds)
                    continue
                for m in nbs.cells[c]:
                    if row[m] > length + 1 and not (walls is not None and walls[m]):
                        row[m] = length + 1
                        buckets.setdefault(length + 1, []).append(m)
                        top = max(top, length + 1)
            length += 1
    return out


def _rides(prev: list[int], prev2: list[int] | None, dist: tuple[int, ...], cost: tuple[int, ...], n: int,
           backward: bool, walker: int) -> list[tuple[int, int]]:
    """Seeds for layer ``k`` from rides (N3: a tile carrying a prisoner in its
    hideout ends at a distance from the greens no smaller than before): a ride
    from cell ``c`` builds on layer ``k - cost[c]`` (``prev``: k-1, ``prev2``: k-2)."""
    def before(c: int) -> int:
        row = prev if cost[c] == 1 else prev2
        return INF if row is None else row[c]

    order = sorted(set(dist), reverse=backward)
    out: list[tuple[int, int]] = []
    if backward:
        # to[k][c] <= to[k - cost[c]][m] for every m at least as far as c
        rows = (prev, prev2)
        agg: list[dict[int, int]] = []
        for row in rows:
            best: dict[int, int] = {}
            if row is not None:
                for c in range(n):
                    if row[c] < best.get(dist[c], INF):
                        best[dist[c]] = row[c]
            run, level = INF, {}
            for d in order:  # farthest first: a suffix minimum
                run = min(run, best.get(d, INF))
                level[d] = run
            agg.append(level)
        for c in range(n):
            v = agg[cost[c] - 1][dist[c]]
            if v < INF:
                out.append((v, c))
        return out
    # forward: out[k][m] <= out[k - cost[c]][c] for every c no farther than m
    best = {}
    for c in range(n):
        v = before(c)
        if c == walker and v == 0:
            v = 2  # not in a hideout now: it must step out and back in first
        if v < best.get(dist[c], INF):
            best[dist[c]] = v
    run, level = INF, {}
    for d in order:  # nearest first: a prefix minimum
        run = min(run, best.get(d, INF))
        level[d] = run
    return [(level[dist[c]], c) for c in range(n) if level[dist[c]] < INF]


def need(steps: Callable[[int], int], K: int, horizon: int) -> tuple[int, tuple[int, ...], int]:
    """Turns, tile actions per number of turns left, and steps of a walk (see
    :meth:`Shelter.need`) from ``steps(k)``: its fewest steps with at most ``k``
    tile actions, for ``k`` up to ``K``."""
    turns = INF
    gaps = [INF] * (horizon + 1)
    length = INF
    for k in range(K + 1):
        length = steps(k)
        if length < INF:
            t = max((length + 1) // 2, k)
            turns = min(turns, t)
            for r in range(t, horizon + 1):
                gaps[r] = min(gaps[r], k)
    return turns, tuple(gaps), length


#: The edge across from each edge of a hex.
_OPPOSITE = (3, 4, 5, 0, 1, 2)


def touch(pos: PositionBase, targets: frozenset[int], stop: int = INF) -> list[int]:
    """Per entry (tile cell ``c`` entered across its edge ``e``: ``6 * c + e``;
    the island: ``6 * ncells``), twice the tile actions a way from there to a
    target still needs at least, the tunnels as they lie (INF: no way at all).

    The argument (docs/solver.md, "the touch bound"): with no hideout tile
    in play nobody rides (N3), so a prisoner's way is a walk over cells; erase
    its loops and every cell ``p`` left on it was entered across one edge and
    (perhaps at a later visit) left across another.  A tile that no action
    ever touches lies as it lies now, so it must open onto both edges (P1,
    M2); an empty cell must be filled.  Call the first kind *bad*: each needs
    an action that rotates it, swaps it or fills it after it was emptied; an
    action does that for at most two cells (a swap), and none of those
    actions is a fill of an empty cell of the way, of which each needs its
    own (a fill fills one cell).  So the way needs at least ``E + ceil(B/2)``
    tile actions, ``E`` its empty cells and ``B`` its bad ones; as each turn
    has one tile action (N2), as many turns.  Weights 2 per empty and 1 per
    bad cell give ``2E + B``, whose half rounded up is no more.  A walk that
    visits a cell twice is allowed too, which only makes the minimum
    smaller.  Doors, capacities and fits of what is laid are ignored.

    ``stop``: entries that need ``stop`` or more are all given ``stop``, a
    lower bound (the search settles entries in order of cost, so every entry
    below ``stop`` is exact when it stops).  A caller that only asks whether
    a prisoner needs more than some figure saves most of the work."""
    T = pos.T
    n, nb, types, tile, rot = T.ncells, T.nb, T.tile_types, pos.tile, pos.rot
    masks = [types[t].open_mask[rot[c]] if t >= 0 else -1 for c, t in enumerate(tile)]
    isl = 6 * n
    dist = [INF] * (isl + 1)

    # Backwards: an entry's cost is the cheapest way out of its cell plus what
    # lies beyond.  Buckets of small integer costs (0, 1, 2 per cell).  (The helpers
    # are functions of their own, not nested: compiled by mypyc, nested functions
    # that call each other hold their shared environment in a reference cycle.)
    buckets: dict[int, list[int]] = {}

    for c in range(n):
        for e in range(6):
            m = nb[6 * c + e]
            if m <= GREEN_NB and GREEN_NB - m in targets:
                _into(nb, masks, dist, buckets, c, e, 0)
    d = 0
    while buckets and d < stop:
        here = buckets.pop(d, None)
        if here is None:
            d += 1
            continue
        for node in here:
            if dist[node] != d:
                continue
            if node == isl:
                for c, e in T.island_edges:
                    _into(nb, masks, dist, buckets, c, e, d)
                continue
            c, e = divmod(node, 6)
            # node: c entered across its edge e; the cell before it lies across e
            m = nb[6 * c + e]
            if m >= 0:
                _into(nb, masks, dist, buckets, m, _OPPOSITE[e], d)
            elif m == ISLAND_NB:
                _offer(dist, buckets, isl, d)
    if buckets:
        dist = [min(x, stop) for x in dist]
    return dist


def _offer(dist: list[int], buckets: dict[int, list[int]], node: int, d: int) -> None:
    """:func:`touch`: ``node`` reached at cost ``d``, kept if cheaper than before."""
    if d < dist[node]:
        dist[node] = d
        buckets.setdefault(d, []).append(node)


def _into(nb: tuple[int, ...], masks: list[int], dist: list[int], buckets: dict[int, list[int]], c: int, e_out: int,
          beyond: int) -> None:
    """:func:`touch`: every entry of cell ``c`` whose way leaves across ``e_out``, with
    ``beyond`` after it, plus what the cell itself costs: 2 empty, 0 where its tile
    opens onto both edges, else 1 (``masks``: per cell the open edges, -1 empty)."""
    m = masks[c]
    for e_in in range(6):
        if e_in != e_out and (nb[6 * c + e_in] >= 0 or nb[6 * c + e_in] == ISLAND_NB):
            own = 2 if m < 0 else 0 if (m >> e_out) & 1 and (m >> e_in) & 1 else 1
            _offer(dist, buckets, 6 * c + e_in, beyond + own)


def touch_cost(pos: PositionBase, dist: list[int], targets: frozenset[int], s: int) -> int:
    """Twice the tile actions (see :func:`touch`) a prisoner on place ``s`` needs:
    from the island, its entry; from a tile, the cheapest way out of its cell
    (its tile counts as bad unless it opens onto the edge it leaves by)."""
    T = pos.T
    if s == 0:
        return dist[6 * T.ncells]
    c = (s - T.spot0) // 3
    t = pos.tile[c]
    mask = T.tile_types[t].open_mask[pos.rot[c]]
    best = INF
    for e in range(6):
        m = T.nb[6 * c + e]
        if m >= 0:
            beyond = dist[6 * m + _OPPOSITE[e]]
        elif m == ISLAND_NB:
            beyond = dist[6 * T.ncells]
        elif m <= GREEN_NB and GREEN_NB - m in targets:
            beyond = 0
        else:
            continue
        best = min(best, beyond + (0 if (mask >> e) & 1 else 1))
    return best


__all__ = ["INF", "Reach", "forward", "graph", "need", "spread", "touch", "touch_cost"]
