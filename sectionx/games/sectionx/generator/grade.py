"""How hard a puzzle is, measured: the weakest solving method that solves it.

Simon Tatham's puzzles grade a puzzle by the hardest technique its solver
needs; a puzzle that a lower tier's method solves never gets a higher label.
Here the methods are searches that may play fewer kinds of action, nested so
that each solves everything the one before it solves:

* **Forward actions.**  The *distance* of a position (:meth:`Grader.distance`)
  is what the goal still needs, counted the way a player reads the board:
  along the tunnels as they lie (:meth:`Grader._edges`), a step 1, a step into
  an empty cell 2 (the fill, then the step), another player's door closed
  (M4), a ride of a hideout tile 1 (N3).  For a *free* or *zone* goal it is the
  sum over the prisoners nearest a target green area; for a *hide* or *key*
  goal over every prisoner not yet sheltered, to the nearest hideout (or the
  island, for *hide*).  Whether a tile in hand fits a gap, capacities and step
  limits are left out: they are what the puzzle asks the player to see.  An
  action is *forward* when it makes the distance smaller or meets the goal;
  taking a tile, passing and ending a turn are free.  Every other action is a
  **detour**: a step aside or back, a tile turned or moved that opens no
  shorter way, a door, a decoy laid.
* **beginner**: *greedy*.  Each turn, of the turns made of forward actions
  only, play one that leaves the least distance; the puzzle is beginner when
  every such choice, turn after turn, meets the goal within the limit: a player
  who always makes the most progress in a turn cannot go wrong.  (Whole turns,
  not single actions: the distance ignores fits, so only the steps after a
  tile action show whether it opened the way.)
* **intermediate**: *forward search*: some line of forward actions only meets
  the goal within the limit (the player must look ahead, but never back).
* **advanced**: a line with exactly one detour is needed (and enough).
* **expert**: two or more detours are needed.

The searches are exhaustive within their rules (a depth-first search over
whole turns on the search core, with the solver's admissible bound to cut
positions that cannot meet the goal in the turns left, and a table of refuted
positions), so "the method fails" is proved, not guessed; each is limited by
a count of expanded turns, never by time, so the grade does not depend on the
machine (a caller may add a deadline of CPU time, :class:`OverTime`: the
generator's guard against a candidate that would hang a set, which then has no
grade at all).  The figures behind a grade are in :class:`Figures`.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..model import TIERS, GoalKind, Scenario
from ..puzzle import goal_of, start
from ..solver.core import END, KEEP, PASS, PLACE, ROTATE, STEP, TAKE, Position
from ..solver.exact import Solved
from ..solver.movegen import legal_moves
from ..solver.moves import move_of
from ..solver.position import _OPP
from ..solver.puzzlecore import INF, CoreProblem, _filled, _touched, _Turn, restore_snapshot
from ..solver.tables import GREEN_NB, HIDEOUT, ISLAND_NB, CoreMove

#: Kinds of move that neither help nor hurt: they cost no detour.
FREE_KINDS = frozenset({TAKE, PASS, END})

#: The most detours a grade counts exactly; more is reported as this many.
MAX_DETOURS = 3


class GradeLimit(Exception):
    """A grading search reached its node limit: the grade is unknown."""


class OverTime(Exception):
    """A candidate ran past its CPU time (``deadline``, :func:`time.thread_time`):
    the generator's guard against a candidate that would take too long."""


@dataclass(frozen=True)
class Figures:
    """The measured figures behind a grade (written under ``grade: figures:``).

    * ``turns``, ``cost``: the proved minimum and its tile and door actions.
    * ``greedy``: 1 when the greedy method solves it (beginner).
    * ``detours``: the fewest detours any solution within the limit needs
      (up to :data:`MAX_DETOURS`).
    * ``decoys``: tiles in hand the solution never lays.
    * ``first_turns``: distinct first turns made of forward actions (the
      plausible starts); ``traps``: how many of them cannot be finished within
      the limit with no more detours than the puzzle needs.
    * ``distance``: the start's distance (see the module docstring).
    * ``nodes``: turns the exact solver expanded to prove the answer.
    """

    turns: int
    cost: int
    greedy: int
    detours: int
    decoys: int
    first_turns: int
    traps: int
    distance: int
    nodes: int

    @property
    def tier(self) -> str:
        if self.greedy:
            return TIERS[0]
        return TIERS[min(self.detours + 1, 3)]

    def items(self) -> tuple[tuple[str, int], ...]:
        return tuple((name, int(getattr(self, name))) for name in
                     ("turns", "cost", "greedy", "detours", "decoys", "first_turns", "traps", "distance", "nodes"))


class _Ways:
    """One board's distances (:meth:`Grader._ways`), worked out place by place: a
    Dijkstra forwards from the place asked for over :meth:`Grader._out`, stopped
    at the first target it settles, gives the same number as the backward Dijkstra
    from every target over the whole board (:meth:`Grader._spread`) while looking
    only at what lies nearer than the answer.  A prisoner is a place or two;
    grading asks after tens of thousands of boards, and building each whole was
    most of a three-turn expert's grading (docs/puzzles.md, Measured).

    The targets are fixed when the board is first met (as the cache's key
    leaves out what else they read); the edges are read from the core's
    position when asked, which is then the same board (the key holds all that
    :meth:`Grader._out` reads)."""

    __slots__ = ("_edges", "_grader", "_memo", "_targets")

    def __init__(self, grader: Grader, targets: frozenset[int]):
        self._grader = grader
        self._targets = targets
        self._memo: dict[int, int] = {}
        self._edges: dict[int, list[tuple[int, int]]] = {}

    def __getitem__(self, source: int) -> int:
        got = self._memo.get(source)
        if got is None:
            got = self._memo[source] = self._search(source)
        return got

    def _search(self, source: int) -> int:
        targets, edges, out = self._targets, self._edges, self._grader._out
        dist = {source: 0}
        heap = [(0, source)]
        while heap:
            d, a = heapq.heappop(heap)
            if d > dist[a]:
                continue
            if a in targets:
                return d
            row = edges.get(a)
            if row is None:
                row = edges[a] = out(a)
            for b, w in row:
                if d + w < dist.get(b, INF):
                    dist[b] = d + w
                    heapq.heappush(heap, (d + w, b))
        return INF


class Grader:
    """The restricted searches of the module docstring for one puzzle, on the core."""

    def __init__(self, scenario: Scenario, turns: int, *, node_limit: int = 20_000, work_limit: int = 200_000,
                 deadline: float | None = None):
        self.goal = goal_of(scenario)
        self.began = start(scenario)
        self.turns = turns
        self.problem = CoreProblem(self.goal, self.began, turns)
        self.pos: Position = self.problem.pos
        self.T = self.problem.T
        self.node_limit = node_limit
        self.nodes = 0
        self.deadline = deadline
        # Distances worked out afresh (one per board not met before): what grading
        # spends its time on, counted so that a limit on it is the same everywhere.
        self.work_limit = work_limit
        self.work = 0
        # (key, turns left) -> the largest budget of detours refuted there
        self._refuted: dict[tuple[object, int], int] = {}
        self._greedy_memo: dict[tuple[object, int], bool] = {}
        self._hide_parts = [k for k, _, _ in self.problem.parts if k in (GoalKind.HIDE, GoalKind.KEY)]
        self._is_hideout = self.problem._is_hideout
        # Per (targets, board): each place's cost to the nearest target (_spread).
        self._way_cache: dict[tuple[object, ...], _Ways] = {}

    # ------------------------------------------------------------------ distance

    def distance(self) -> int:
        """The distance of the core's current position (module docstring)."""
        pr, pos, T = self.problem, self.pos, self.T
        total = 0
        spot0 = T.spot0
        mine = [s for s in pos.where[self.problem.me] if s == 0 or s >= spot0]
        for targets, kind, count, zone in pr._needs():
            d = self._ways(targets, False)
            per = sorted(d[s] for s in mine)
            need = pr.need(kind, count, zone)
            total += sum(per[:need]) if len(per) >= need else INF
        for kind in self._hide_parts:
            island_ok = kind is GoalKind.HIDE
            d = self._ways(None, island_ok)
            for s in mine:
                if (s == 0 and island_ok) or (s >= spot0 and pos.hid[s]):
                    continue  # sheltered already
                total += d[s]
        return min(total, INF)

    def _ways(self, greens: frozenset[int] | None, island_ok: bool) -> _Ways:
        """Per place of the current board, the fewest steps and fills to a target
        along the tunnels as they lie (see :meth:`_edges`), worked out on demand per
        place asked for (:class:`_Ways`); cached per board.  One board not met
        before is one unit of work (the limit's count), however many places of it
        are asked for, so the limit falls where it did when each board was worked
        out whole (:meth:`_spread`, kept as the reference the tests hold it to)."""
        pos = self.pos
        # pos.door is derived from pos.doors (the spots of each player's doors): key by the short lists.
        key = (greens, island_ok, tuple(pos.tile), tuple(pos.rot), tuple(map(tuple, pos.doors)),
               pos.key_[self.problem.me], tuple(pos.zone_owner))
        got = self._way_cache.get(key)
        if got is None:
            self.work += 1
            if self.work > self.work_limit:
                raise GradeLimit(f"grading needed more than {self.work_limit:,} boards' distances")
            if len(self._way_cache) > 4096:
                self._way_cache.clear()
            got = self._way_cache[key] = _Ways(self, self._targets(greens, island_ok))
        return got

    def _crossings(self) -> tuple[Callable[[int, int], tuple[int, int] | None],
                                  Callable[[int, int, list[tuple[int, int]]], None]]:
        """The two edge rules of :meth:`_edges`'s graph, shared by it and :meth:`_out`:
        ``into(cell, edge)``, the node and cost of entering ``cell`` across its ``edge``
        (an empty cell costs 2, a feature opening there 1, none if another player's door
        closes it to a prisoner without the key, M4), and ``across(cell, edge, here)``,
        which adds to ``here`` the step across a cell's edge: into the neighbour, onto the
        island or a green area."""
        pos, T = self.pos, self.T
        me = self.problem.me
        spot0, nb, types, tile, rot, door = T.spot0, T.nb, T.tile_types, pos.tile, pos.rot, pos.door
        key = pos.key_[me]
        e0 = T.nplaces

        def into(m: int, edge: int) -> tuple[int, int] | None:
            """Entering cell ``m`` across its edge ``edge``."""
            t = tile[m]
            if t < 0:
                return (e0 + m, 2)
            g = types[t].feature_at[rot[m]][edge]
            if g < 0:
                return None
            s = spot0 + 3 * m + g
            if door[s] >= 0 and door[s] != me and not key:
                return None
            return (s, 1)

        def across(c: int, e: int, here: list[tuple[int, int]]) -> None:
            m = nb[6 * c + e]
            if m >= 0:
                step = into(m, _OPP[e])
                if step is not None:
                    here.append(step)
            elif m == ISLAND_NB:
                if (0, 1) not in here:
                    here.append((0, 1))
            elif m <= GREEN_NB:
                here.append((1 + GREEN_NB - m, 1))

        return into, across

    def _out(self, node: int) -> list[tuple[int, int]]:
        """The edges leaving one node of :meth:`_edges`'s graph (the same list, in
        the same order, worked out for that node alone)."""
        pos, T = self.pos, self.T
        spot0, types, tile, rot = T.spot0, T.tile_types, pos.tile, pos.rot
        e0 = T.nplaces
        into, across = self._crossings()

        here: list[tuple[int, int]] = []
        if node == 0:
            for c, e in T.island_edges:
                step = into(c, e)
                if step is not None and step not in here:
                    here.append(step)
        elif node >= e0:
            c = node - e0
            if tile[c] < 0:
                for e in range(6):
                    across(c, e, here)
        elif node >= spot0:
            c, f = divmod(node - spot0, 3)
            t = tile[c]
            if t >= 0 and f < len(types[t].kinds):
                tt = types[t]
                for e in tt.feature_edges[f][rot[c]]:
                    across(c, e, here)
                if tt.kinds[f] == HIDEOUT:
                    here.extend((e0 + m, 1) for m in range(T.ncells)
                                if tile[m] < 0 and T.distance[m] >= T.distance[c])
        return here  # a green area: no way on (a prisoner there does not move again, M5)

    def _targets(self, greens: frozenset[int] | None, island_ok: bool) -> frozenset[int]:
        """The nodes a way ends at (as :meth:`_spread` starts from them)."""
        pos, T = self.pos, self.T
        if greens is not None:
            return frozenset(1 + g for g in greens)
        starts: list[int] = [0] if island_ok else []
        starts += [s for s in range(T.spot0, T.nplaces) if pos.tile[(s - T.spot0) // 3] >= 0 and pos.hid[s]]
        hide = self._is_hideout
        if any(hide[t] for h in pos.hand for t in h) or any(hide[t] for st in pos.stacks for t in st):
            starts += [T.nplaces + c for c in range(T.ncells) if pos.tile[c] < 0]
        return frozenset(starts)

    def _edges(self) -> list[list[tuple[int, int]]]:
        """The board as the player sees it, as a graph with weighted edges.

        Nodes are the places (the island, green areas, tile features) and one
        node per empty cell (``nplaces + cell``).  A step along a tunnel costs 1:
        from a feature across each edge it opens onto, to the feature of the
        neighbouring tile that opens back (M2, P1), the island or a green area;
        into an empty cell it costs 2 (the tile action that fills it, then the
        step); from an empty cell any way out costs as much (the tile laid there
        may open anywhere its neighbours allow, so it must open to a tile that
        opens back).  A feature with another player's door is closed to a
        prisoner without the key (M4).  A prisoner in a hideout may ride its
        tile (N3): one tile action to any empty cell at least as far from the
        green cells.  Capacity (T2), step limits (M3) and whether a tile in hand
        fits a gap are ignored: they are what the puzzle asks the player to see."""
        pos, T = self.pos, self.T
        spot0, types, tile, rot = T.spot0, T.tile_types, pos.tile, pos.rot
        n = T.ncells
        e0 = T.nplaces
        out: list[list[tuple[int, int]]] = [[] for _ in range(e0 + n)]
        empties = [c for c in range(n) if tile[c] < 0]
        into, across = self._crossings()

        for c in range(n):
            t = tile[c]
            if t < 0:
                for e in range(6):
                    across(c, e, out[e0 + c])
                continue
            tt = types[t]
            for f in range(len(tt.kinds)):
                here = out[spot0 + 3 * c + f]
                for e in tt.feature_edges[f][rot[c]]:
                    across(c, e, here)
                if tt.kinds[f] == HIDEOUT:
                    here.extend((e0 + m, 1) for m in empties if T.distance[m] >= T.distance[c])
        for c, e in T.island_edges:
            step = into(c, e)
            if step is not None and step not in out[0]:
                out[0].append(step)
        return out

    def _spread(self, greens: frozenset[int] | None, island_ok: bool) -> list[int]:
        """Dijkstra backwards from the targets over :meth:`_edges`: per node its
        cost to the nearest target (the whole board at once: the reference that
        :class:`_Ways` answers the same as, place by place).  Targets: the ``greens`` (green area
        indices) or, when None, hideout features, the island when
        ``island_ok``, and an empty cell when a hideout tile could be laid there (one
        in a hand or a stack)."""
        edges = self._edges()
        back: list[list[tuple[int, int]]] = [[] for _ in edges]
        for a, row in enumerate(edges):
            for b, w in row:
                back[b].append((a, w))
        dist = [INF] * len(edges)
        starts = sorted(self._targets(greens, island_ok))
        heap = [(0, s) for s in starts]
        for s in starts:
            dist[s] = 0
        heapq.heapify(heap)
        while heap:
            d, b = heapq.heappop(heap)
            if d > dist[b]:
                continue
            for a, w in back[b]:
                if d + w < dist[a]:
                    dist[a] = d + w
                    heapq.heappush(heap, (d + w, a))
        return dist

    # ------------------------------------------------------------------ turns

    def _kind(self, move: CoreMove) -> int:
        return int(move[1][0] if move[0] == KEEP else move[0])

    def _turn(self, budget: int, turns: int, cut: bool = True) -> Iterator[tuple[bool, int]]:
        """The distinct endings of the turn from the current position, playing at
        most ``budget`` detours: yields ``(goal met, budget left)`` with the
        position *at* the ending (undone when the caller asks for the next).

        With ``cut``, lines that cannot meet the goal within ``turns`` (this one
        included) are left out as the exact solver leaves them out
        (:class:`~sectionx.games.sectionx.solver.puzzlecore._Turn`, docs/solver.md): before a
        tile action that carries none of the player's prisoners, by the cell it
        fills, asked once per cell; after every step.  The cuts are admissible,
        so a search for *some* line that works loses nothing by them; the greedy
        method and the count of first turns must see the failing lines too (a
        greedy player walks into them), so they search without."""
        pos, pr = self.pos, self.problem
        player, rnd = pos.player, pos.round
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise GradeLimit(f"grading needed more than {self.node_limit:,} turns")
        if self.deadline is not None and not self.nodes % 16 and time.thread_time() > self.deadline:
            raise OverTime
        cuts = _Turn(pr, turns) if cut else None  # its distances are work: only when cutting
        if cuts is not None and cuts.hopeless(-1, cuts.fill_open() + turns - 1):
            return
        seen: set[tuple[object, int]] = set()
        given: set[tuple[object, int]] = set()

        def search(left: int, before: int, filled: int, bonus: int) -> Iterator[tuple[bool, int]]:
            cached: dict[tuple[int, int], bool] = {}
            mine: set[int] | None = None
            for move in legal_moves(pos, dedup=True):
                kind = self._kind(move)
                tile = PLACE <= kind <= ROTATE
                now_filled, now_bonus = filled, bonus
                if tile and cuts is not None:
                    if mine is None:
                        mine = cuts._cells_of_mine()
                    now_filled, now_bonus = _filled(move, kind), int(pr.brings_hideout(move, kind))
                    if cuts.tile_hopeless(move, kind, _touched(pos, move, kind), now_bonus, mine, cached):
                        continue
                undo = pos.make(move)
                try:
                    met = pr.met()
                    ended = pos.turn_ended(move[0], player, rnd)
                    if cuts is not None and not met and not ended and (
                            (tile and cuts.hopeless(now_filled, turns - 1, now_bonus))
                            or (kind == STEP and cuts.hopeless(now_filled, cuts.fill_open() + turns - 1, now_bonus))):
                        continue
                    after = before if kind in FREE_KINDS else self.distance()
                    cost = 0 if met or kind in FREE_KINDS or after < before else 1
                    now = left - cost
                    if now < 0:
                        continue
                    if met or ended or pos.ranking:
                        k = (pos.key(), now)
                        if k not in given:
                            given.add(k)
                            yield met, now
                        continue
                    k = (pos.key(), now)
                    if k in seen:
                        continue
                    seen.add(k)
                    yield from search(now, after, now_filled, now_bonus)
                finally:
                    pos.unmake(undo)

        yield from search(budget, self.distance(), -1, 0)

    def solvable(self, turns: int, budget: int) -> bool:
        """Whether some line of play with at most ``budget`` detours meets the goal
        within ``turns`` of the player's turns from the current position."""
        pos = self.pos
        key = (pos.key(), turns)
        if self._refuted.get(key, -1) >= budget:
            return False
        if self.problem.bound()[0] > turns:
            return False
        for met, left in self._turn(budget, turns):
            if met:
                return True
            if turns > 1 and not pos.ranking:
                snap = pos._snapshot()
                ok = self.solvable(turns - 1, left)
                restore_snapshot(pos, snap)
                if ok:
                    return True
        self._refuted[key] = max(self._refuted.get(key, -1), budget)
        return False

    def greedy(self, turns: int) -> bool:
        """Whether every greedy line (module docstring) meets the goal in ``turns``."""
        pos = self.pos
        key = (pos.key(), turns)
        got = self._greedy_memo.get(key)
        if got is not None:
            return got
        endings: list[tuple[int, tuple[object, ...]]] = []
        met_any = False
        for met, _ in self._turn(0, turns, cut=False):
            if met:
                met_any = True
                break
            endings.append((self.distance(), pos._snapshot()))
        ok = met_any
        if not ok and endings and turns > 1:
            best = min(d for d, _ in endings)
            ok = True
            for d, snap in endings:
                if d == best:
                    saved = pos._snapshot()
                    restore_snapshot(pos, snap)
                    good = self.greedy(turns - 1)
                    restore_snapshot(pos, saved)
                    if not good:
                        ok = False
                        break
        self._greedy_memo[key] = ok
        return ok

    def first_turns(self, turns: int, budget: int) -> tuple[int, int]:
        """(plausible first turns, traps): first turns of forward actions, and how
        many of them cannot be finished within the limit with ``budget`` detours
        (the puzzle's own need: a trap is a start that looks right and fails)."""
        pos = self.pos
        snaps = []
        for met, _ in self._turn(0, turns, cut=False):
            snaps.append(None if met else pos._snapshot())
        traps = 0
        for snap in snaps:
            if snap is None:
                continue
            saved = pos._snapshot()
            restore_snapshot(pos, snap)
            try:
                if turns <= 1 or not self.solvable(turns - 1, budget):
                    traps += 1
            finally:
                restore_snapshot(pos, saved)
        return len(snaps), traps

    def detours_in(self, solved: Solved) -> int:
        """Detours the solver's solution plays (an upper bound on the fewest needed)."""
        pos = self.pos
        undos = []
        count = 0
        for turn in solved.turns:
            for action in turn:
                move = move_of(pos, action)
                kind = self._kind(move)
                before = self.distance()
                undos.append(pos.make(move))
                if not (kind in FREE_KINDS or self.problem.met() or self.distance() < before):
                    count += 1
        for undo in reversed(undos):
            pos.unmake(undo)
        return count


def grade(scenario: Scenario, solved: Solved, *, node_limit: int = 20_000, work_limit: int = 200_000,
          deadline: float | None = None) -> Figures:
    """Grade a puzzle the exact solver has solved (``solved``: its proved answer).

    Raises :class:`GradeLimit` when a method's search passes ``node_limit`` turns
    or works out the distances of more than ``work_limit`` boards, and
    :class:`OverTime` when the thread's CPU time (:func:`time.thread_time`) passes
    ``deadline`` (None: no deadline); neither depends on the other."""
    r = solved.result
    if r.status != "solved" or r.turns is None or r.cost is None:
        raise ValueError("only a solved puzzle can be graded")
    turns = r.turns
    g = Grader(scenario, turns, node_limit=node_limit, work_limit=work_limit, deadline=deadline)
    start_distance = g.distance()
    upper = min(g.detours_in(solved), MAX_DETOURS)
    detours = upper
    for budget in range(upper):
        if g.solvable(turns, budget):
            detours = budget
            break
    greedy = int(detours == 0 and g.greedy(turns))
    first, traps = g.first_turns(turns, detours)
    laid = sum(1 for turn in solved.turns for a in turn if type(a).__name__ == "PlaceTile")
    hand = len(solved.start.player_by_colour[solved.goal.player].hand) if solved.goal.player else 0
    return Figures(turns=turns, cost=r.cost, greedy=greedy, detours=detours, decoys=max(0, hand - laid),
                   first_turns=first, traps=traps, distance=min(start_distance, 999), nodes=r.stats.nodes)


__all__ = ["MAX_DETOURS", "Figures", "GradeLimit", "Grader", "OverTime", "grade"]
