"""A deliberately simple reference solver, kept to check the fast one.

It searches breadth-first by the goal player's turns (Q2, Q4) over single engine
actions: every action :func:`sectionx.games.sectionx.engine.legal_actions` offers, applied with
:func:`sectionx.games.sectionx.engine.apply`, in every order within a turn.  No pruning, no
heuristics; the goal is judged after every action (:func:`sectionx.games.sectionx.puzzle.goal_met`)
and a line of play stops where it is first met.

Positions are merged only where that cannot change the answer:

* **Same position, same turn.**  The future of a position depends on the position
  alone (the engine is deterministic, and the goal is judged against the fixed
  start), so one expansion serves every way of reaching it.  To keep the count of
  distinct plans exact (Q5), each position carries the set of plan prefixes that
  reach it, and its successors inherit all of them.  Within a turn every action
  raises the turn's progress (phase, tile action done, door action done, steps
  used: N1-N4, M3, V2), so positions are expanded in that order and each one's
  set of prefixes is complete before it is expanded.  (This is checked as the
  search runs.)
* **Same position, later turn.**  A position already reached in an earlier turn
  is dropped: whatever it leads to, it led to one turn sooner the first time, so
  no line through the later arrival can be among the fewest-turn solutions.

* **Only the cheapest prefixes.**  A position keeps only the plan prefixes of
  the least cost (Q5: the number of plan items) that reach it: every prefix of
  a position is extended by the same continuations, so a dearer prefix can only
  give a dearer plan than a cheaper prefix of the same position, never an
  optimal one.

A prefix set is cut at ``plan_cap`` entries (of its least cost): the least cost
stays exact, and the count of optimal plans is then reported as "at least"
(extending distinct prefixes by the same items keeps them distinct).

Cost: ``legal_actions`` in a tile phase lists every placement, move, swap and
rotation (about 15 ms on the compact board with three tiles in hand) and every
``apply`` about 0.1 ms, so this solver is for small puzzles: a handful of tiles
and one or two turns (see ``docs/benchmarks.md``).
"""

from __future__ import annotations

import heapq
import itertools
from dataclasses import dataclass

from .. import engine
from ..actions import Action
from ..model import Scenario, State
from ..puzzle import Plan, goal_met, goal_of, plan_items, start

#: Plan prefixes of a position: (completed turns, items of the turn under way).
Prefix = tuple[Plan, tuple[str, ...]]


@dataclass(frozen=True)
class ReferenceResult:
    """What :func:`solve_reference` found.

    * ``turns``: the fewest turns of the goal player that meet the goal (Q4), or
      ``None`` when no solution was found.
    * ``solution``: one solution in ``turns`` turns, from the puzzle's start as the
      engine plays it (:func:`sectionx.games.sectionx.puzzle.start`); it replays to a position
      where the goal is met, and the goal holds after no earlier action.
    * ``cost``: the fewest tile and door actions (plan items, Q5) among the
      fewest-turn solutions; ``plans``: distinct plans among the fewest-turn
      solutions with that cost (optimal as docs/solver.md defines it), at most
      ``plan_cap``; ``plans_at_least`` means there may be more (the cap was
      reached, or the state limit cut the last turn short), and then ``cost``
      too is only what the plans kept show.
    * ``proved_impossible``: every line of play of up to ``searched_turns`` turns
      was tried and none meets the goal (within the goal's turn limit, or within
      ``max_turns`` when that is smaller).
    * ``complete``: the search ended without hitting ``max_states``.  When it
      hit it before finding a solution, the answer is unknown: ``turns`` is None
      and ``proved_impossible`` is False.
    * ``states``: distinct positions stored; ``expanded``: positions whose legal
      actions were listed.
    """

    turns: int | None
    solution: tuple[Action, ...]
    plans: int
    plans_at_least: bool
    proved_impossible: bool
    complete: bool
    states: int
    expanded: int
    searched_turns: int
    cost: int | None = None

    @property
    def status(self) -> str:
        """``solved``, ``impossible`` or ``unknown``."""
        if self.turns is not None:
            return "solved"
        return "impossible" if self.proved_impossible else "unknown"


def _progress(state: State) -> tuple[int, bool, bool, int]:
    """How far the turn under way has got; every action within a turn raises it."""
    t = state.turn
    return (t.phase, t.tile_action, t.door_action, t.steps)


def _limit(goal_turns: int | None, max_turns: int | None) -> int:
    bounds = [n for n in (goal_turns, max_turns) if n is not None]
    if not bounds:
        raise ValueError("the goal has no turn limit: give max_turns")
    return min(bounds)


def _cost(plan: Plan) -> int:
    return sum(len(items) for items in plan)


class _Cheapest:
    """The least-cost plan prefixes (or plans) that reach a position, at most ``cap``
    of them (see the module docstring); ``cut`` says some of that cost were dropped."""

    __slots__ = ("cost", "cut", "prefixes")

    def __init__(self) -> None:
        self.cost: int | None = None
        self.prefixes: set[Prefix] = set()
        self.cut = False

    def add(self, new: set[Prefix], cap: int, source_cut: bool = False) -> None:
        """Keep the cheapest of ``new``; ``source_cut``: they extend a cut set."""
        for prefix in new:
            cost = _cost(prefix[0]) + len(prefix[1])
            if self.cost is None or cost < self.cost:
                self.cost, self.prefixes, self.cut = cost, set(), False
            elif cost > self.cost:
                continue
            self.cut = self.cut or source_cut
            if prefix in self.prefixes:
                continue
            if len(self.prefixes) >= cap:
                self.cut = True
                continue
            self.prefixes.add(prefix)


def solve_reference(scenario: Scenario, *, max_turns: int | None = None, max_states: int = 200_000,
                    plan_cap: int = 20) -> ReferenceResult:
    """Solve a puzzle by brute force (see the module docstring for why it is exact).

    Searches up to ``max_turns`` turns, or the goal's own limit if that is
    smaller (one of the two must be given), storing at most ``max_states``
    positions.  Deterministic: the same puzzle gives the same result.
    """
    goal = goal_of(scenario)
    first = start(scenario)
    limit = _limit(goal.turns, max_turns)
    if plan_cap < 1:
        raise ValueError("plan_cap must be at least 1")
    if goal_met(first, goal, first):  # Q1 refuses such a puzzle; answer it anyway
        return ReferenceResult(0, (), 1, False, False, True, 1, 0, 0)

    seen: dict[State, int] = {first: 1}  # position -> the turn it was first reached in
    parent: dict[State, tuple[State, Action] | None] = {first: None}
    frontier: dict[State, _Cheapest] = {first: _Cheapest()}
    frontier[first].add({((), ())}, plan_cap)
    expanded = 0
    counter = itertools.count()

    def result(turns: int | None, solution: tuple[Action, ...] = (), plans: int = 0, at_least: bool = False,
               impossible: bool = False, complete: bool = True, searched: int = 0, cost: int | None = None
               ) -> ReferenceResult:
        return ReferenceResult(turns, solution, plans, at_least, impossible, complete, len(seen), expanded, searched,
                               cost)

    def path_to(state: State) -> list[Action]:
        out: list[Action] = []
        link = parent[state]
        while link is not None:
            state, action = link
            out.append(action)
            link = parent[state]
        return out[::-1]

    for turn in range(1, limit + 1):
        if not frontier:
            return result(None, impossible=True, searched=turn - 1)
        pending = frontier
        heap = [(_progress(s), next(counter), s) for s in pending]
        heapq.heapify(heap)
        frontier = {}
        plans = _Cheapest()  # whole plans, as prefixes with nothing under way
        found: tuple[State, Action] | None = None
        overflow = False
        while heap and not overflow:
            rank, _, state = heapq.heappop(heap)
            bucket = pending.pop(state)
            prefixes = bucket.prefixes
            expanded += 1
            for action in engine.legal_actions(state):
                after = engine.apply(state, action)
                items = plan_items(state, action, after)
                if goal_met(after, goal, first):
                    plans.add({(done + (current + items,), ()) for done, current in prefixes}, plan_cap, bucket.cut)
                    found = found or (state, action)
                    continue
                new: set[Prefix]
                if engine.turn_ended(state, action, after):
                    if after.finished:
                        continue  # the game ended (E4, E5) without meeting the goal
                    when = turn + 1
                    new = {(done + (current + items,), ()) for done, current in prefixes}
                else:
                    when = turn
                    new = {(done, current + items) for done, current in prefixes}
                    if _progress(after) <= rank:
                        raise AssertionError(f"{action} did not advance the turn; the merge order would be wrong")
                known = seen.get(after)
                if known is not None and known < when:
                    continue  # reached in an earlier turn already
                if known == when:
                    waiting = pending.get(after) if when == turn else frontier.get(after)
                    if waiting is None:
                        raise AssertionError(f"{after.turn} was expanded before all its prefixes were known")
                    waiting.add(new, plan_cap, bucket.cut)
                    continue
                if known is not None:  # known == turn + 1, now reached in this turn: the sooner arrival wins
                    frontier.pop(after, None)
                seen[after] = when
                parent[after] = (state, action)
                fresh = _Cheapest()
                fresh.add(new, plan_cap, bucket.cut)
                if when == turn:
                    pending[after] = fresh
                    heapq.heappush(heap, (_progress(after), next(counter), after))
                else:
                    frontier[after] = fresh
                if len(seen) > max_states:
                    overflow = True
                    break
        if found is not None:
            solution = tuple(path_to(found[0]) + [found[1]])
            return result(turn, solution, len(plans.prefixes), overflow or plans.cut, complete=not overflow,
                          searched=turn, cost=plans.cost)
        if overflow:
            return result(None, complete=False, searched=turn - 1)
    return result(None, impossible=True, searched=limit)


__all__ = ["ReferenceResult", "solve_reference"]
