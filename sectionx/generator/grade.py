"""How hard a puzzle is, measured: the weakest solving method that solves it.

Simon Tatham's puzzles grade a puzzle by the hardest technique its solver
needs; a puzzle that a lower tier's method solves never gets a higher label.
Here the methods are searches that may play fewer kinds of action, nested so
that each solves everything the one before it solves:

* **Forward actions.**  The *distance* of a position (:func:`distance`) is
  what the goal still needs, counted the way a player sees the board: for a
  *free* or *zone* goal the steps and tile actions (one per empty cell on the
  way, one per ride of a hideout tile, N3) of the prisoners nearest their
  targets, fits and doors ignored (the solver's bound, :class:`Reach`); for a
  *hide* or *key* goal the steps and fills of each prisoner not yet sheltered to
  the nearest hideout tile (or the island, for *hide*).  An action is
  *forward* when it makes the distance smaller or meets the goal; taking a
  tile, passing and ending a turn are free.  Every other action is a
  **detour**: a step aside, a rotation (the distance ignores fits, so turning a
  tile into place is a detour: the player must see that it opens the way), a
  tile moved away, a door, a decoy laid.
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
machine.  The figures behind a grade are in :class:`Figures`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..model import TIERS, GoalKind, Scenario
from ..puzzle import goal_of, start
from ..solver.core import END, KEEP, PASS, PLACE, ROTATE, TAKE, Position
from ..solver.exact import Solved
from ..solver.movegen import legal_moves
from ..solver.moves import move_of
from ..solver.puzzlecore import INF, CoreProblem, Reach, _graph, restore_snapshot
from ..solver.tables import CoreMove

#: Kinds of move that neither help nor hurt: they cost no detour.
FREE_KINDS = frozenset({TAKE, PASS, END})

#: The most detours a grade counts exactly; more is reported as this many.
MAX_DETOURS = 3


class GradeLimit(Exception):
    """A grading search reached its node limit: the grade is unknown."""


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


class Grader:
    """The restricted searches of the module docstring for one puzzle, on the core."""

    def __init__(self, scenario: Scenario, turns: int, *, node_limit: int = 20_000):
        self.goal = goal_of(scenario)
        self.began = start(scenario)
        self.turns = turns
        self.problem = CoreProblem(self.goal, self.began, turns)
        self.pos: Position = self.problem.pos
        self.T = self.problem.T
        self.node_limit = node_limit
        self.nodes = 0
        # (key, turns left) -> the largest budget of detours refuted there
        self._refuted: dict[tuple[object, int], int] = {}
        self._greedy_memo: dict[tuple[object, int], bool] = {}
        g = _graph(self.T)
        self._cells = g.cells  # per graph node (tile cells, then the island) its neighbours
        self._hide_parts = [k for k, _, _ in self.problem.parts if k in (GoalKind.HIDE, GoalKind.KEY)]
        # In a puzzle no tile leaves play before a collapse (E3), which keeps hideout
        # tiles too, so "no hideout tile in play" at the start stays true.
        self._hideouts_in_play = self.problem.ride_costs() is not None
        # Per (targets, empty cells, ride costs): the Reach, and each prisoner
        # place's cost (under 2 * cell + rides).
        self._costs: dict[tuple[object, ...], tuple[Reach, dict[int, int]]] = {}

    # ------------------------------------------------------------------ distance

    def distance(self) -> int:
        """The distance of the core's current position (module docstring)."""
        pr, pos, T = self.problem, self.pos, self.T
        total = 0
        needs = pr._needs()
        if needs:
            holes = tuple(c for c, t in enumerate(pos.tile) if t < 0)
            # Ride costs change only where a hideout tile goes; with none in play there are no rides.
            costs = pr.ride_costs() if self._hideouts_in_play else None
            for targets, kind, count, zone in needs:
                key = (targets, holes, costs)
                cached = self._costs.get(key)
                if cached is None:
                    if len(self._costs) > 4096:
                        self._costs.clear()
                    cached = self._costs[key] = (Reach(T, targets, [t < 0 for t in pos.tile], pr.horizon, costs), {})
                full, per_cell = cached
                per = []
                for c, rides in pr._prisoners():
                    got = per_cell.get(2 * c + rides)
                    if got is None:
                        got = per_cell[2 * c + rides] = min(
                            (full.steps(c, rides, k) + k for k in range(pr.horizon + 1)), default=INF)
                    per.append(got)
                per.sort()
                need = pr.need(kind, count, zone)
                total += sum(per[:need]) if len(per) >= need else INF
        for kind in self._hide_parts:
            total += self._shelter_distance(kind is GoalKind.HIDE)
        return min(total, INF)

    def _shelter_distance(self, island_ok: bool) -> int:
        """Steps and fills for every unsheltered prisoner to reach a hideout tile
        (or the island, for *hide*): a breadth-first search over the cells, an
        empty cell costing a fill more, and counting a cell where a hideout could
        be laid (one in hand or on a stack) as a target at one action more."""
        pos, T = self.pos, self.T
        me = self.problem.me
        hide = self.problem._is_hideout
        spare = any(hide[t] for h in pos.hand for t in h) or any(hide[t] for st in pos.stacks for t in st)
        n = T.ncells
        total = 0
        for s in pos.where[me]:
            if s == 0:
                if island_ok:
                    continue
                c = n
            elif s >= T.spot0:
                if pos.hid[s]:
                    continue
                c = (s - T.spot0) // 3
            else:
                continue
            total += self._to_shelter(c, island_ok, spare, hide)
        return total

    def _to_shelter(self, start: int, island_ok: bool, spare: bool, hide: tuple[bool, ...]) -> int:
        pos, n = self.pos, self.T.ncells
        best = {start: 0}
        frontier = [start]
        found = INF
        cost = 0
        # Dijkstra with weights 1 and 2 as a bucket queue: small graphs, small costs.
        buckets: dict[int, list[int]] = {0: frontier}
        while buckets and cost <= found:
            here = buckets.pop(cost, [])
            for c in here:
                if best.get(c) != cost:
                    continue
                if c != start:
                    if c == n:
                        if island_ok:
                            found = min(found, cost)
                    elif pos.tile[c] >= 0 and hide[pos.tile[c]]:
                        found = min(found, cost)
                    elif pos.tile[c] < 0 and spare:
                        found = min(found, cost)  # the fill that brings a hideout is counted already
                for m in self._cells[c]:
                    w = 2 if m < n and pos.tile[m] < 0 else 1
                    if cost + w < best.get(m, INF):
                        best[m] = cost + w
                        buckets.setdefault(cost + w, []).append(m)
            cost += 1
            if not buckets:
                break
        return found

    # ------------------------------------------------------------------ turns

    def _kind(self, move: CoreMove) -> int:
        return int(move[1][0] if move[0] == KEEP else move[0])

    def _turn(self, budget: int, turns: int) -> Iterator[tuple[bool, int]]:
        """The distinct endings of the turn from the current position, playing at
        most ``budget`` detours: yields ``(goal met, budget left)`` with the
        position *at* the ending (undone when the caller asks for the next)."""
        pos, pr = self.pos, self.problem
        player, rnd = pos.player, pos.round
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise GradeLimit(f"grading needed more than {self.node_limit:,} turns")
        seen: set[tuple[object, int]] = set()
        given: set[tuple[object, int]] = set()

        def search(left: int, before: int) -> Iterator[tuple[bool, int]]:
            for move in legal_moves(pos, dedup=True):
                kind = self._kind(move)
                undo = pos.make(move)
                try:
                    met = pr.met()
                    after = before if kind in FREE_KINDS else self.distance()
                    cost = 0 if met or kind in FREE_KINDS or after < before else 1
                    now = left - cost
                    if now < 0:
                        continue
                    if met or pos.turn_ended(move[0], player, rnd) or pos.ranking:
                        k = (pos.key(), now)
                        if k not in given:
                            given.add(k)
                            yield met, now
                        continue
                    k = (pos.key(), now)
                    if k in seen:
                        continue
                    seen.add(k)
                    # The solver's bound, taken as if a turn began here, is admissible
                    # mid-turn too (the rest of a turn can do no more than a whole one):
                    # after a tile action, which changes what the way needs, ask it.
                    if PLACE <= kind <= ROTATE and pr.bound()[0] > turns:
                        continue
                    yield from search(now, after)
                finally:
                    pos.unmake(undo)

        yield from search(budget, self.distance())

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
        for met, _ in self._turn(0, turns):
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
        for met, _ in self._turn(0, turns):
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


def grade(scenario: Scenario, solved: Solved, *, node_limit: int = 20_000) -> Figures:
    """Grade a puzzle the exact solver has solved (``solved``: its proved answer).

    Raises :class:`GradeLimit` when a method's search passes ``node_limit`` turns."""
    r = solved.result
    if r.status != "solved" or r.turns is None or r.cost is None:
        raise ValueError("only a solved puzzle can be graded")
    turns = r.turns
    g = Grader(scenario, turns, node_limit=node_limit)
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


__all__ = ["MAX_DETOURS", "Figures", "GradeLimit", "Grader", "grade"]
