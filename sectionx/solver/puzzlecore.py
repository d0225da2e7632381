"""Puzzles on the search core: the goal player's whole turns as the exact solver's successors.

:class:`CoreProblem` is a :class:`sectionx.search.Problem`.  A node is the
position at the start of one of the goal player's turns (Q2: the others pass),
kept as a snapshot of a :class:`~sectionx.solver.core.Position`.  Its
successors are the distinct ways that turn can go, searched move by move on
the core with make/unmake: every sequence of legal moves up to the turn's end,
or up to the first move after which the goal holds (Q4).  Each carries its
plan part (the tile and door actions as they lie on the board, Q5, worded
exactly as :func:`sectionx.puzzle.plan_items` words them) and its cost (the
number of those items).

What keeps this exact, point by point (docs/solver.md gives the arguments):

* **Keys** are the core's canonical keys (:meth:`Position.key`), exact tuples:
  equal keys, equal futures.  Inside a turn two lines of play meet when their
  positions *and* their plans so far are equal.
* **The bound** (:class:`Reach`) counts what a free or zone goal needs: steps
  (at most 2 per prisoner and 5 in all per turn, M3) over the tile cells and the
  island, never through a green area (M5), and empty cells on the way, of which
  one turn fills at most one (N2: one tile action a turn; a swap or a turn fills
  none).  Doors, fits and capacities are ignored, which only makes it smaller.
* **Cuts inside a turn** ask the same question of the position reached: right
  after a tile action (the turn's fill is spent) and after every step.
* **The last turn** is searched first without tile actions; if that meets the
  goal with no tile or door action, nothing dearer is an optimal ending.  Else a
  tile action is tried only if it changes a cell a prisoner that can still
  arrive could pass (or sends a door home, D4): any other tile action leaves
  every step legal that was legal without it, so its endings were all found by
  the first pass at lower cost.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from typing import Any

from .. import engine
from ..actions import Action
from ..model import Goal, GoalKind, State
from ..puzzle import plan_items
from ..search import Successor
from .core import (
    DOOR,
    END,
    KEEP,
    MOVE,
    MOVEDOOR,
    PLACE,
    REFEREE,
    ROTATE,
    STEP,
    SWAP,
    Position,
    action_of,
)
from .movegen import claim_allowed, legal_moves
from .tables import GREEN_NB, ISLAND_NB, CoreMove, Tables

#: Steps a turn allows, in all and for one prisoner (M3).
STEPS, STEPS_EACH = 5, 2
INF = 10**6


@dataclass(frozen=True, eq=False)
class Node:
    """A position at the start of one of the goal player's turns: the core's
    snapshot, its canonical key, its lower bound (turns still needed) and a lower
    bound on the cost still to come."""

    snap: tuple[Any, ...]
    key: Hashable
    bound: int
    fills: int = 0  # empty cells still to fill, at least: each is a tile action, so a cost (Q5)


# ====================================================================== distances (the bound)


class Reach:
    """Step distances to a set of target green areas, with empty cells counted.

    The graph: every tile cell, plus the island as one place (M1), one step
    apart where they touch (M2); a green area is reached from a tile cell or the
    island it touches.  A path never passes a green area: a prisoner there never
    moves again (M5).  ``to[k][c]`` is the fewest steps from cell ``c`` (index
    ``ncells`` is the island) to a target, over paths with at most ``k`` empty
    cells strictly between ``c`` and the target; ``INF`` if none.
    """

    def __init__(self, T: Tables, targets: frozenset[int], empty: list[bool], K: int):
        self.T, self.K, self.targets = T, K, targets
        n = T.ncells
        self.empty = empty + [False]  # the island is never empty
        nbs = _graph(T)
        starts = [c for c in range(n + 1) if any(g in targets for g in nbs.greens[c])]
        # Walked backwards from the targets: a cell counts when a path passes it on
        # its way from a farther cell, so never the cell the distance is taken from.
        to = _spread(nbs, n, K, starts, 1, self.empty)
        self.to = to
        self._turns: dict[int, int] = {}
        self._gaps: dict[int, int] = {}

    def turns(self, c: int) -> int:
        """Fewest turns a prisoner standing on ``c`` (not in a hideout it may ride)
        needs: a path of ``L`` steps with ``k`` empty cells needs ``ceil(L/2)`` turns
        (M3) and ``k`` turns (one fill each, N2)."""
        got = self._turns.get(c)
        if got is None:
            got = self._turns[c] = self._count_turns(c)
        return got

    def gap(self, c: int) -> int:
        """Fewest empty cells on any path from ``c`` to a target (INF: none within K)."""
        got = self._gaps.get(c)
        if got is None:
            got = self._gaps[c] = next((k for k in range(self.K + 1) if self.to[k][c] < INF), INF)
        return got

    def _count_turns(self, c: int) -> int:
        best = INF
        for k in range(self.K + 1):
            length = self.to[k][c]
            if length < INF:
                best = min(best, max((length + 1) // 2, k))
        return best

    def via(self, start: list[list[int]], x: int, fills: int) -> int:
        """Fewest steps from a prisoner (``start``: its :func:`forward` table) to a
        target through cell ``x`` just filled, with at most ``fills`` empty cells on
        the rest of the way."""
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


def _graph(T: Tables) -> _Graph:
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


def forward(T: Tables, start: int, empty: list[bool], K: int) -> list[list[int]]:
    """``out[k][c]``: fewest steps from ``start`` (a cell, or ``ncells`` for the
    island) to cell ``c`` with at most ``k`` empty cells strictly between."""
    weight = [*empty, False]
    weight[start] = False  # the prisoner's own cell (never empty anyway)
    return _spread(_graph(T), T.ncells, K, [start], 0, weight)


def _spread(nbs: _Graph, n: int, K: int, starts: list[int], first: int, weight: list[bool]) -> list[list[int]]:
    """Breadth first over (place, empty cells counted) from ``starts`` at distance
    ``first``: ``out[k][c]`` is the fewest steps to ``c`` over paths counting at
    most ``k`` cells of ``weight`` strictly between (a cell counts when the path
    leaves it), ``INF`` where none; then made "at most k" by a running minimum."""
    out = [[INF] * (n + 1) for _ in range(K + 1)]
    frontier = []
    for c in starts:
        out[0][c] = first
        frontier.append((c, 0))
    length = first
    while frontier:
        nxt: list[tuple[int, int]] = []
        for c, k in frontier:
            k2 = k + weight[c]
            if k2 > K:
                continue
            row = out[k2]
            for m in nbs.cells[c]:
                if row[m] > length + 1:
                    row[m] = length + 1
                    nxt.append((m, k2))
        frontier, length = nxt, length + 1
    for k in range(1, K + 1):
        row, prev = out[k], out[k - 1]
        for c in range(n + 1):
            row[c] = min(row[c], prev[c])
    return out


# ====================================================================== the problem


class CoreProblem:
    """A puzzle as a :class:`sectionx.search.Problem` on the search core (module docstring)."""

    def __init__(self, goal: Goal, began: State, horizon: int):
        if goal.player is None:
            raise ValueError("a goal to solve names its player (Q1)")
        self.goal = goal
        self.began = began
        self.pos = Position.from_state(began)
        self.T = self.pos.T
        self.me = began.colours.index(goal.player)
        me = self.me
        pos = self.pos
        self.was_freed = pos.freed[me] + pos.greens[me]
        self.was_dead = pos.dead[me]
        self.horizon = max(1, horizon)
        zone_no = {name: i for i, name in enumerate(self.T.zone_names)}
        # (kind, count, zone index) per part of the goal (an 'all' goal's parts)
        self.parts: list[tuple[GoalKind, int, int]] = [
            (p.kind, p.count, zone_no.get(p.zone or "", -1)) for p in goal.leaves]
        self.reach_only = all(k in (GoalKind.FREE, GoalKind.ZONE) for k, _, _ in self.parts)
        self._static: dict[frozenset[int], Reach] = {}
        self._target_cache: dict[tuple[int, tuple[int, ...]], frozenset[int]] = {}
        self._reach: dict[tuple[frozenset[int], Hashable], Reach] = {}  # by targets and empty cells (or board name)

    # -------------------------------------------------------------- the goal (Q4)

    def met(self) -> bool:
        """Whether the goal holds in the core's current position (as puzzle.goal_met)."""
        pos, me = self.pos, self.me
        for kind, count, zone in self.parts:
            if kind is GoalKind.FREE:
                if pos.freed[me] + pos.greens[me] - self.was_freed < count:
                    return False
            elif kind is GoalKind.HIDE:
                if pos.dead[me] != self.was_dead or pos.nonhide[me]:
                    return False
            elif kind is GoalKind.KEY:
                if not pos.key_[me]:
                    return False
            elif kind is GoalKind.ZONE and pos.zone_owner[zone] != me:
                return False
        return True

    # -------------------------------------------------------------- the bound

    def _targets(self, zone: int) -> frozenset[int]:
        """Green areas (indices) a prisoner of the goal's player may end on: a named
        zone's, else those of zones it owns or nobody owns (Z2; a superset is safe)."""
        key = (zone, tuple(self.pos.zone_owner))
        got = self._target_cache.get(key)
        if got is None:
            got = self._target_cache[key] = self._find_targets(zone)
        return got

    def _find_targets(self, zone: int) -> frozenset[int]:
        T, owner = self.T, self.pos.zone_owner
        if zone >= 0:
            return frozenset(g for g in range(T.ngreens) if T.zone_of_green[g] == zone)
        # Z1's reserve: an unowned zone the player may not claim now never becomes
        # claimable, since in a puzzle only the player claims (Q2) and claims stay.
        ok = {z for z in range(len(owner)) if owner[z] == self.me or claim_allowed(self.pos, self.me, z)}
        return frozenset(g for g in range(T.ngreens) if T.zone_of_green[g] in ok)

    def _static_reach(self, targets: frozenset[int]) -> Reach:
        """Distances with every cell counted as filled: true whatever tiles come and go."""
        r = self._static.get(targets)
        if r is None:
            r = self._static[targets] = Reach(self.T, targets, [False] * self.T.ncells, 0)
        return r

    def need(self, kind: GoalKind, count: int, zone: int) -> int:
        """How many more prisoners must reach a target for a free or zone part."""
        pos, me = self.pos, self.me
        if kind is GoalKind.FREE:
            return count - (pos.freed[me] + pos.greens[me] - self.was_freed)
        return 0 if pos.zone_owner[zone] == me else 1

    def _needs(self) -> list[tuple[frozenset[int], GoalKind, int, int]]:
        """The free and zone parts not yet met: (targets, kind, count, zone)."""
        return [(self._targets(zone), kind, count, zone) for kind, count, zone in self.parts
                if kind in (GoalKind.FREE, GoalKind.ZONE) and self.need(kind, count, zone) > 0]

    def _prisoners(self) -> list[tuple[int, bool]]:
        """The goal player's prisoners in play: (graph node, may ride a hideout tile)."""
        pos, T = self.pos, self.T
        out = []
        for s in pos.where[self.me]:
            if s == 0:
                out.append((T.ncells, False))
            elif s >= T.spot0:
                out.append(((s - T.spot0) // 3, pos.hid[s]))
        return out

    def bound(self, board: Hashable = None) -> tuple[int, int]:
        """Turns the current position (at a turn's start) still needs, at least, and
        how many empty cells must still be filled, at least (each fill is a tile
        action that changes the board, so one unit of cost, Q5).

        ``board``, if given, names the arrangement of tiles exactly (the caller
        vouches: equal names, equal empty cells), so that distances are reused."""
        pos, T = self.pos, self.T
        best = 0
        fills = 0
        for kind, _, _ in self.parts:
            if kind is GoalKind.HIDE:
                best = max(best, math.ceil(pos.nonhide[self.me] / STEPS))
        needs = self._needs()
        if not needs:
            return best, 0
        empty: list[bool] | None = None
        for targets, kind, count, zone in needs:
            need = self.need(kind, count, zone)
            full = self._reach.get((targets, board)) if board is not None else None
            if full is None:
                if empty is None:
                    empty = [t < 0 for t in pos.tile]
                holes = tuple(c for c, e in enumerate(empty) if e)
                full = self._reach.get((targets, holes))
                if full is None:
                    if len(self._reach) > 4096:
                        self._reach.clear()
                    full = self._reach[(targets, holes)] = Reach(T, targets, empty, self.horizon)
                if board is not None:
                    self._reach[(targets, board)] = full
            static = self._static_reach(targets)
            per: list[int] = []
            lengths: list[int] = []
            gaps: list[int] = []
            for c, rides in self._prisoners():
                d = static.to[0][c]
                if rides:
                    # N3: its tile may carry it, never nearer to any green area.
                    d = min(d, T.distance[c])
                    per.append((d + 1) // 2 if d < INF else INF)
                    gaps.append(0)
                else:
                    per.append(full.turns(c))
                    gaps.append(full.gap(c))
                lengths.append(d)
            if len(per) < need:
                return INF, INF
            per.sort()
            lengths.sort()
            gaps.sort()
            fills = max(fills, gaps[need - 1])
            best = max(best, per[need - 1], math.ceil(sum(lengths[:need]) / STEPS) if lengths[need - 1] < INF else INF)
        return min(best, INF), fills

    # -------------------------------------------------------------- nodes

    def key(self, node: Node) -> Hashable:
        return node.key

    def lower_bound(self, node: Node) -> int:
        return node.bound

    def cost_bound(self, node: Node) -> int:
        return node.fills

    def root(self) -> Node:
        return Node(self.pos._snapshot(), self.pos.key(), *self.bound())

    def _load(self, node: Node) -> None:
        """Make the core's position the node's (the snapshot itself stays untouched)."""
        snap = node.snap
        copied = tuple(
            [row[:] for row in v] if isinstance(v, list) and v and isinstance(v[0], list)
            else v[:] if isinstance(v, list) else v
            for v in snap)
        self.pos._restore(copied)

    # -------------------------------------------------------------- whole turns

    def successors(self, node: Node, remaining: int) -> Iterator[Successor[Node, tuple[CoreMove, ...]]]:
        """Every distinct way the turn at ``node`` can go, except turns after which
        the bound says the goal cannot be met in ``remaining - 1`` more turns; in the
        last turn, only the cheapest endings (module docstring)."""
        self._load(node)
        turn = _Turn(self, remaining)
        if remaining <= 1 and self.reach_only:
            plain = list(turn.run(tiles=False))
            if any(s.cost == 0 for s in plain):
                yield from plain
                return
            self._load(node)
            turn = _Turn(self, remaining)
            yield from turn.run(tiles=True, relevant=turn.relevant_cells())
            return
        yield from turn.run(tiles=True)


class _Turn:
    """One turn's search from the core's current position (see CoreProblem.successors)."""

    def __init__(self, problem: CoreProblem, remaining: int):
        self.pr = problem
        self.pos = pos = problem.pos
        self.T = problem.T
        self.remaining = remaining
        self.player, self.round = pos.player, pos.round
        self.start_key = pos.key()  # with the turn's tile action (or none), names the tiles at its end
        self.needs = problem._needs()
        self.empty = [t < 0 for t in pos.tile]
        K = min(remaining, problem.horizon)
        self.K = K
        # Per free/zone part: distances now (empty cells counted), statically, and
        # from each prisoner that can be carried by nothing (for cells filled this turn).
        self.parts: list[tuple[Reach, Reach, GoalKind, int, int]] = []
        for targets, kind, count, zone in self.needs:
            self.parts.append((Reach(self.T, targets, self.empty, K), problem._static_reach(targets), kind, count, zone))
        self._forward: dict[int, list[list[int]]] = {}
        # The board as the turn began, for plan items (see _describe).
        self._texts: dict[int, str | None] = {}
        self._doors = tuple(tuple(d) for d in pos.doors)

    # -- cuts

    def fill_open(self) -> bool:
        """Whether this turn's tile action may still fill a cell (N2; V2 interleaves)."""
        pos = self.pos
        return not pos.tile_action and (pos.advanced or pos.phase <= 2)

    def hopeless(self, filled: int, fills: int) -> bool:
        """Whether the current in-turn position cannot meet the goal within this turn
        and ``remaining - 1`` more.  ``fills``: cells that may still be filled (this
        turn's tile action if still open, one a later turn); ``filled``: the cell this
        turn's tile action filled (-1: none), which the distances taken at the turn's
        start still count as empty."""
        if not self.parts:
            return False
        pos, T, me = self.pos, self.T, self.pr.me
        later = self.remaining - 1
        spot0 = T.spot0
        left = STEPS - pos.nsteps
        F = min(fills, self.K)
        for full, static, kind, count, zone in self.parts:
            need = self.pr.need(kind, count, zone)
            if need <= 0:
                continue
            ok = 0
            total: list[int] = []
            for s in set(pos.where[me]):
                if s == 0:
                    c, rides = T.ncells, False
                elif s >= spot0:
                    c, rides = (s - spot0) // 3, pos.hid[s]
                else:
                    continue
                cap = min(STEPS_EACH - pos.steps_used(me, s), left) + STEPS_EACH * later
                d = static.to[0][c]
                if rides:
                    d = min(d, T.distance[c])  # N3: carried, never nearer to a green area
                elif d <= cap:
                    best = full.to[F][c]
                    if filled >= 0 and best > cap and self.empty[filled]:
                        best = min(best, full.via(self._from(c), filled, F))
                    d = max(d, best)
                if d <= cap:
                    n = pos.pc[me][s]
                    ok += n
                    total.extend([d] * n)
            if ok < need:
                return True
            total.sort()
            if sum(total[:need]) > left + STEPS * later:
                return True
        return False

    def _cells_of_mine(self) -> set[int]:
        """Cells holding a prisoner of the goal's player."""
        T = self.T
        return {(s - T.spot0) // 3 for s in self.pos.where[self.pr.me] if s >= T.spot0}

    def _from(self, c: int) -> list[list[int]]:
        f = self._forward.get(c)
        if f is None:
            f = self._forward[c] = forward(self.T, c, self.empty, self.K)
        return f

    def relevant_cells(self) -> frozenset[int]:
        """Last turn: cells a prisoner that can still arrive could stand on or pass
        (its cell, and every cell on a path of at most 2 steps to a target)."""
        pos, T, me = self.pos, self.T, self.pr.me
        out: set[int] = set()
        for _, static, _, _, _ in self.parts:
            for s in set(pos.where[me]):
                if s == 0:
                    c = T.ncells
                elif s >= T.spot0:
                    c = (s - T.spot0) // 3
                else:
                    continue
                if static.to[0][c] > STEPS_EACH:
                    continue
                out.add(c)
                f = forward(T, c, [False] * T.ncells, 0)[0]
                for m in range(T.ncells):
                    if f[m] + static.to[0][m] <= STEPS_EACH:
                        out.add(m)
        out.discard(T.ncells)
        return frozenset(out)

    # -- the search

    def run(self, tiles: bool, relevant: frozenset[int] | None = None
            ) -> Iterator[Successor[Node, tuple[CoreMove, ...]]]:
        """The turn's endings (module docstring).  ``tiles=False``: no tile actions.
        ``relevant``: in the last turn, the cells a tile action must change to be tried."""
        pos, pr = self.pos, self.pr
        # Inside the turn, positions after the same tile action (or none) have the same
        # tiles, so the tile action stands for them in the key (Position.key_without_tiles).
        seen: set[tuple[Any, Hashable, tuple[str, ...]]] = set()
        # Endings by (key, plan): the shortest line of play found to each, so that a
        # printed solution takes no detour (the search's answer does not depend on it).
        given: dict[tuple[Hashable, tuple[str, ...]], Successor[Node, tuple[CoreMove, ...]]] = {}
        path: list[CoreMove] = []
        last = self.remaining <= 1
        if self.hopeless(-1, self.fill_open() + self.remaining - 1):
            return
        # A tile action away from the relevant cells matters only by sending home a
        # door that stands on one (D4); with no other player's door there, it cannot.
        doors_near = relevant is not None and any(
            pos.door[T3 + f] not in (-1, pr.me) for c in relevant for T3 in (self.T.spot0 + 3 * c,) for f in range(3))

        def search(items: tuple[str, ...], filled: int, done: CoreMove | None
                   ) -> Iterator[Successor[Node, tuple[CoreMove, ...]]]:
            # Tile actions that carry none of the player's prisoners leave them where
            # they are, so whether the cut after them falls depends only on the cell
            # they fill (or none): asked once per cell, before making any of them.
            cut: dict[int, bool] = {}
            mine: set[int] | None = None
            # A move that only ends the turn (end, or a door action that ends it, N4)
            # leaves the prisoners, tiles and zones as they are, so the next turn's
            # bound is known before it is made, once for all of them.
            closing: bool | None = None
            for move in legal_moves(pos, dedup=True):
                kind = move[1][0] if move[0] == KEEP else move[0]
                tile = PLACE <= kind <= ROTATE
                door = kind in (DOOR, MOVEDOOR)
                if tile:
                    if not tiles:
                        continue
                    cells = _touched(pos, move, kind)
                    touches = relevant is None or any(c in relevant for c in cells)
                    if not touches and not doors_near:
                        continue
                    if mine is None:
                        mine = self._cells_of_mine()
                    if not any(c in mine for c in cells):
                        x = _filled(move, kind)
                        hit = cut.get(x)
                        if hit is None:
                            hit = cut[x] = self.hopeless(x, self.remaining - 1)
                        if hit:
                            continue
                elif door and last and pr.reach_only:
                    continue  # a door action puts nobody on a green area, and may end the turn
                if (door or kind == END) and not pos.round_ends and pos._ends_turn(kind):
                    if closing is None:
                        closing = last or pr.bound((self.start_key, done))[0] > self.remaining - 1
                    if closing:
                        continue
                before = self._describe(move, kind) if (tile or door or (kind == STEP and move[3] >= 0)) else None
                undo = pos.make(move)
                path.append(move)
                try:
                    if tile and not touches and not self._sent_home(before, relevant):
                        continue
                    now_filled = filled
                    if tile:
                        now_filled = _filled(move, kind)
                        if not pos.turn_ended(move[0], self.player, self.round) and self.hopeless(
                                now_filled, self.remaining - 1):
                            continue
                    if pr.met():
                        now = items if before is None else items + self._items(move, kind, before)
                        k = (pos.key(), now)
                        had = given.get(k)
                        if had is None or len(had.move) > len(path):
                            given[k] = Successor(Node((), k[0], 0), tuple(path), now, len(now), True)
                        continue
                    if pos.turn_ended(move[0], self.player, self.round):
                        if last or pos.ranking:
                            continue
                        # Tiles at the turn's end follow from its start and its tile action,
                        # unless the round ended (the collapse clears the board, E3).
                        name = (self.start_key, move if tile else done) if pos.round == self.round else None
                        b, fills = pr.bound(name)
                        if b > self.remaining - 1:
                            continue  # no use: the bound is a property of the position alone
                        now = items if before is None else items + self._items(move, kind, before)
                        k = (pos.key(), now)
                        had = given.get(k)
                        if had is None or len(had.move) > len(path):
                            given[k] = Successor(Node(pos._snapshot(), k[0], b, fills), tuple(path), now, len(now), False)
                        continue
                    now = items if before is None else items + self._items(move, kind, before)
                    now_done = move if tile else done
                    inside = (now_done, pos.key_without_tiles(), now)
                    if inside in seen:
                        continue
                    seen.add(inside)
                    if kind == STEP and self.hopeless(filled, self.fill_open() + self.remaining - 1):
                        continue
                    yield from search(now, now_filled, now_done)
                finally:
                    path.pop()
                    pos.unmake(undo)

        for _ in search((), -1, None):
            pass
        yield from given.values()

    # -- plans (Q5), worded as sectionx.puzzle.plan_items words them

    def _describe(self, move: CoreMove, kind: int) -> Any:
        """What a plan item needs from before the move: the texts of the cells it
        touches and every door, or the state itself when the referee will carry the
        move out.  In the standard game nothing on the board changes before the tile
        action (N1-N4), so the turn's first look serves every tile action."""
        pos = self.pos
        if move[0] == REFEREE or (pos.round_ends and pos._ends_turn(kind)):
            return ("referee", pos.to_state())
        if kind == STEP:
            return ("step", _spot_text(pos, move[3]))
        cells = _touched(pos, move, kind)
        if not pos.advanced and PLACE <= kind <= ROTATE:
            texts = self._texts
            for c in cells:
                if c not in texts:
                    texts[c] = _cell_text(pos, c)
            return ("board", texts, self._doors)
        return ("board", {c: _cell_text(pos, c) for c in cells}, tuple(tuple(d) for d in pos.doors))

    def _sent_home(self, before: Any, relevant: frozenset[int] | None) -> bool:
        """Whether the tile action just made sent home a door standing on a relevant cell (D4)."""
        pos, T = self.pos, self.T
        if before[0] == "referee" or relevant is None:
            return True
        for p, was in enumerate(before[2]):
            if len(was) != len(pos.doors[p]):
                for s in set(was) - set(pos.doors[p]):
                    if (s - T.spot0) // 3 in relevant:
                        return True
        return False

    def _items(self, move: CoreMove, kind: int, before: Any) -> tuple[str, ...]:
        pos, T = self.pos, self.T
        if before[0] == "step":
            return (f"handin {before[1]}",)
        if before[0] == "referee":
            state: State = before[1]
            action: Action = action_of(T, move)
            return plan_items(state, action, engine.apply(state, action))
        texts: dict[int, str | None] = before[1]
        cells = set(_touched(pos, move, kind))
        for p, was in enumerate(before[2]):
            if len(was) != len(pos.doors[p]) or kind in (MOVEDOOR, DOOR):
                for s in set(was) ^ set(pos.doors[p]):
                    cells.add((s - T.spot0) // 3)
        changed = []
        for c in cells:
            after = _cell_text(pos, c)
            if c not in texts or texts[c] != after:
                changed.append((T.cells[c], "empty" if after is None else after))
        if not changed:
            return ()
        changed.sort()
        head = "tiles " if PLACE <= kind <= ROTATE else "door "
        return (head + ", ".join(f"{cell} {text}" for cell, text in changed),)


def _filled(move: CoreMove, kind: int) -> int:
    """The cell a tile action fills (PLACE: its cell; MOVE: its target), else -1."""
    m = move[1] if move[0] == KEEP else move
    if kind == PLACE:
        return int(m[2])
    if kind == MOVE:
        return int(m[2])
    return -1


def _touched(pos: Position, move: CoreMove, kind: int) -> tuple[int, ...]:
    m = move[1] if move[0] == KEEP else move
    T = pos.T
    if kind == PLACE:
        return (m[2],)
    if kind == SWAP:
        return (m[1], m[3])
    if kind == MOVE:
        return (m[1], m[2])
    if kind == ROTATE:
        return (m[1],)
    if kind == DOOR:
        return ((m[1] - T.spot0) // 3,)
    if kind == MOVEDOOR:
        return ((m[1] - T.spot0) // 3, (m[2] - T.spot0) // 3)
    return ()


_FEATURE_TEXT: dict[tuple[Tables, int, int, int], str] = {}


def _feature_text(pos: Position, c: int, f: int) -> str:
    T = pos.T
    t = pos.tile[c]
    r = pos.rot[c]
    key = (T, T.tile_type[t], f, r)
    text = _FEATURE_TEXT.get(key)
    if text is None:
        feature = T.tile_types[t].features[f]
        text = _FEATURE_TEXT[key] = feature.kind.letter + "".join(str(e) for e in feature.rotated(r))
    return text


def _spot_text(pos: Position, s: int) -> str:
    c, f = divmod(s - pos.T.spot0, 3)
    return f"{pos.T.cells[c]} {_feature_text(pos, c, f)}"


_LETTERS: dict[tuple[Any, ...], tuple[str, ...]] = {}


def _cell_text(pos: Position, c: int) -> str | None:
    """:func:`sectionx.puzzle.tile_text` of the tile on cell ``c`` from the core (None: empty)."""
    T = pos.T
    t = pos.tile[c]
    if t < 0:
        return None
    letters = _LETTERS.get(pos.colours)
    if letters is None:
        letters = _LETTERS[pos.colours] = tuple(colour.letter for colour in pos.colours)
    parts = []
    base = T.spot0 + 3 * c
    door, load, pc = pos.door, pos.load, pos.pc
    for f in range(len(T.tile_types[t].kinds)):
        s = base + f
        text = _feature_text(pos, c, f)
        d = door[s]
        if d >= 0:
            text += "^" + letters[d].lower()
        if load[s]:  # riders, in seat order
            text += "*" + "".join(letters[p] * pc[p][s] for p in range(pos.n) if pc[p][s])
        parts.append(text)
    if len(parts) == 1:
        return parts[0]
    return "+".join(sorted(parts))


__all__ = ["CoreProblem", "Node", "Reach", "forward"]
