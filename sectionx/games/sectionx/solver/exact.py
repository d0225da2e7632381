"""The exact solver for Section X puzzles: the game's side of :mod:`sectionx.search`.

A node is the position at the start of one of the goal player's turns (Q2: the
others pass).  Its successors are the distinct ways that turn can go: every
sequence of legal actions up to the turn's end, or up to the first action after
which the goal holds (Q4).  Each carries its plan part (the tile and door
actions as they lie on the board, Q5) and its cost (how many tile and door
actions it took), so that the search finds the fewest turns, then the fewest
actions, and counts the distinct optimal plans.

The turns are searched on the search core (:class:`CoreProblem` in
:mod:`sectionx.games.sectionx.solver.puzzlecore`, where the bound and the cuts are, with the
arguments in docs/solver.md); :class:`PuzzleProblem` searches them with the
referee's own actions instead, to check the core against.

Every solution is replayed through the referee before it is reported.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass

from ....colours import Colour
from ....search import Limit, Progress, Result, Successor, solve
from .. import engine
from ..actions import Action
from ..model import Goal, GoalKind, Scenario, State
from ..puzzle import Plan, goal_met, goal_of, plan_items, start
from .core import Position
from .moves import action_of
from .puzzlecore import CoreProblem

#: Steps a turn allows, in all and for one prisoner (M3).
STEPS, STEPS_EACH = 5, 2


@dataclass(frozen=True)
class Solved:
    """A puzzle's answer: the search's result, the solution as turns of actions, its
    plan, and the position the search started from (the puzzle as played, Q2)."""

    result: Result[tuple[Action, ...]]
    turns: tuple[tuple[Action, ...], ...]
    plan: Plan
    start: State
    goal: Goal

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(a for turn in self.turns for a in turn)


def _player(goal: Goal) -> Colour:
    """The player of a goal being solved: a whole goal names one (Q1)."""
    if goal.player is None:
        raise ValueError("a goal to solve names its player (Q1)")
    return goal.player


# ------------------------------------------------------------------ whole turns


class PuzzleProblem:
    """A puzzle as a :class:`sectionx.search.Problem` on the referee: nodes are the
    referee's states at the start of the goal player's turns; moves are the turn's
    actions.  Kept to check the search core against (slow): its turns are the
    referee's own, every legal action in every order, and it cuts nothing inside
    a turn.  The bound between turns is the core's (:class:`CoreProblem`), so a
    difference in the answers points at the turns, not at the bound."""

    def __init__(self, goal: Goal, began: State):
        self.goal = goal
        self.began = began
        self._core = CoreProblem(goal, began, goal.turns or 50)

    def key(self, node: State) -> Hashable:
        return node

    def lower_bound(self, node: State) -> int:
        core = self._core
        core.pos = Position.from_state(node)
        return core.bound()[0]

    def met(self, state: State) -> bool:
        return goal_met(state, self.goal, self.began)

    def successors(self, node: State, remaining: int) -> Iterator[Successor[State, tuple[Action, ...]]]:
        """Every distinct way the turn starting at ``node`` can go (module docstring).

        In the last turn of a goal made only of ``free`` and ``zone`` parts, the turn
        is first searched without tile actions: if that meets the goal with no tile
        or door action at all, every turn with one costs more and is no optimal
        ending of this node.  Otherwise every action is tried."""
        last = remaining <= 1
        if last and all(p.kind in (GoalKind.FREE, GoalKind.ZONE) for p in self.goal.leaves):
            plain = list(self._turn(node, True, lambda action: not action.tile_action))
            if any(succ.cost == 0 for succ in plain):
                yield from plain
                return
        yield from self._turn(node, last, lambda action: True)

    def _turn(self, node: State, last: bool, allowed: Callable[[Action], bool]
              ) -> Iterator[Successor[State, tuple[Action, ...]]]:
        seen: set[tuple[State, tuple[str, ...]]] = set()
        given: set[tuple[State, tuple[str, ...], bool]] = set()
        stack: list[tuple[State, tuple[Action, ...], tuple[str, ...]]] = [(node, (), ())]
        while stack:
            state, done, items = stack.pop()
            for action in engine.legal_actions(state):
                if not allowed(action):
                    continue
                after = engine.apply(state, action)
                now = items + plan_items(state, action, after)
                moves = (*done, action)
                if self.met(after):
                    if (after, now, True) not in given:
                        given.add((after, now, True))
                        yield Successor(after, moves, now, len(now), True)
                    continue
                if engine.turn_ended(state, action, after):
                    if not last and not after.finished and (after, now, False) not in given:
                        given.add((after, now, False))
                        yield Successor(after, moves, now, len(now), False)
                    continue
                if (after, now) not in seen:
                    seen.add((after, now))
                    stack.append((after, moves, now))


def solve_puzzle(scenario: Scenario, limit: Limit | None = None, *, cap: int = 50, count: bool = True,
                 progress: Progress | None = None, referee: bool = False) -> Solved:
    """Solve a puzzle exactly (see :mod:`sectionx.search`): the fewest of the goal
    player's turns, then the fewest tile and door actions; the number of distinct
    optimal plans up to ``cap``.  The turn limit is the goal's ``turns`` unless
    ``limit`` sets a smaller one.  The solution is replayed through the referee.

    The turns are searched on the search core (:mod:`sectionx.games.sectionx.solver.puzzlecore`);
    ``referee=True`` searches them with the referee's own actions instead (slow:
    kept to check the core against, action for action)."""
    goal = goal_of(scenario)
    began = start(scenario)
    turns = goal.turns if goal.turns is not None else Limit().turns
    limit = limit or Limit(turns=turns)
    if limit.turns > turns:
        limit = Limit(turns, limit.nodes, limit.seconds)
    if referee:
        problem = PuzzleProblem(goal, began)
        result = solve(problem, began, limit, cap=cap, count=count, progress=progress)
        solution = tuple(tuple(turn) for turn in result.moves)
    else:
        core = CoreProblem(goal, began, limit.turns)
        # The search core makes no reference cycles (tests/test_exact.py), so the
        # collector may rest while it runs (sectionx.search.collector_paused).
        found = solve(core, core.root(), limit, cap=cap, count=count, progress=progress, pause_collector=True)
        solution = tuple(tuple(action_of(core.T, m) for m in turn) for turn in found.moves)
        result = Result(found.status, found.turns, found.cost, solution, found.plans, found.plans_capped,
                        found.proved_at_least, found.stats, found.reason, found.plan_list)
    plan = check_solution(began, goal, solution) if solution else ()
    return Solved(result, solution, plan, began, goal)


def check_solution(began: State, goal: Goal, turns: tuple[tuple[Action, ...], ...]) -> Plan:
    """Replay a solution through the referee: every action legal, the goal met by the
    last action and not before; its plan (Q5).  AssertionError otherwise: a solver
    bug must never reach a user as an answer."""
    state = began
    plan: list[tuple[str, ...]] = []
    flat = [a for turn in turns for a in turn]
    for t, turn in enumerate(turns):
        items: tuple[str, ...] = ()
        for i, action in enumerate(turn):
            after = engine.apply(state, action)  # raises IllegalAction for an illegal one
            items += plan_items(state, action, after)
            state = after
            if not (t == len(turns) - 1 and i == len(turn) - 1):
                assert not goal_met(state, goal, began), "the goal was met before the solution's end"
        plan.append(items)
    assert flat and goal_met(state, goal, began), "the solution does not meet the goal"
    return tuple(plan)


__all__ = ["PuzzleProblem", "Solved", "check_solution", "solve_puzzle"]
