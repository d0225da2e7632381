"""The exact solver for Section X puzzles: the game's side of :mod:`sectionx.search`.

A node is the position at the start of one of the goal player's turns (Q2: the
others pass).  Its successors are the distinct ways that turn can go: every
sequence of legal actions up to the turn's end, or up to the first action after
which the goal holds (Q4).  Each carries its plan part (the tile and door
actions as they lie on the board, Q5) and its cost (how many tile and door
actions it took), so that the search finds the fewest turns, then the fewest
actions, and counts the distinct optimal plans.

Why the pieces keep the answer exact is written in docs/solver.md; in short:

* **The lower bound** (:func:`lower_bound`) counts steps.  A prisoner moves one
  cell per step (M2), at most 2 steps a turn and 5 in all (M3).  A prisoner in a
  tunnel, junction or dead end only ever moves by stepping: its tile cannot be
  moved or rotated (N2).  A prisoner in a hideout can ride its tile, but never
  nearer to a green area (N3), so for it the distance to the nearest green cell
  of any zone is used.  Zones of other players can never be entered (Z2), so
  they are left out for everyone else.  Hence no solution needs fewer turns.
* **Pruning in the last turn.**  With one turn left only turns that meet the goal
  matter; a line of play within that turn is dropped when the steps left in it
  cannot cover the distances above.
* **Keys.**  Positions are compared as the referee's states, which are equal
  exactly when everything about the future is equal.

Every solution is replayed through the referee before it is reported.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, replace

from .. import engine
from ..actions import Action
from ..hexgrid import Cell
from ..model import Colour, FeatureKind, Goal, GoalKind, PlaceKind, PlayerState, Scenario, Spot, State
from ..puzzle import Plan, goal_met, goal_of, plan_items, start
from ..search import Limit, Progress, Result, Successor, solve
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


# ------------------------------------------------------------------ distances


def _targets(state: State, goal: Goal, me: Colour) -> frozenset[Cell]:
    """Green cells the goal's prisoners may end on: a named zone's cells, else the
    cells of zones that are the player's or unowned (Z2)."""
    owner = state.zone_owner
    if goal.kind is GoalKind.ZONE:
        zone = state.board.zone_by_name.get(goal.zone or "")
        return frozenset(zone.cells) if zone else frozenset()
    return frozenset(c for z in state.board.zones if owner.get(z.name, me) == me for c in z.cells)


def _distance(cell: Cell, targets: frozenset[Cell]) -> float:
    return min((float(cell.distance(t)) for t in targets), default=math.inf)


def prisoner_distances(state: State, player: PlayerState, targets: frozenset[Cell]) -> list[float]:
    """Fewest steps each prisoner in play needs to stand on one of ``targets``,
    as a lower bound (see the module docstring); ascending."""
    green = frozenset(state.board.green)
    island = state.board.island
    out: list[float] = []
    for place in player.prisoners:
        if place.kind is PlaceKind.ISLAND:
            out.append(min((_distance(c, targets) for c in island), default=math.inf))
        elif place.kind is PlaceKind.TILE:
            assert place.cell is not None
            rides = state.feature(place.spot).kind is FeatureKind.HIDEOUT
            # A hideout's tile may be carried, never nearer any green cell (N3).
            d = _distance(place.cell, targets)
            out.append(min(d, _distance(place.cell, green)) if rides else d)
        elif place.kind is PlaceKind.GREEN:
            out.append(0 if place.cell in targets else math.inf)
    return sorted(out)


def _turns_for(distances: list[float], need: int) -> float:
    """Fewest turns to bring ``need`` prisoners over ``distances`` steps (M3)."""
    if need <= 0:
        return 0
    if len(distances) < need:
        return math.inf
    chosen = distances[:need]
    return max(math.ceil(chosen[-1] / STEPS_EACH), math.ceil(sum(chosen) / STEPS))


def _player(goal: Goal) -> Colour:
    """The player of a goal being solved: a whole goal names one (Q1), and parts are
    given it by :func:`_own`."""
    if goal.player is None:
        raise ValueError("a goal to solve names its player (Q1)")
    return goal.player


def _own(part: Goal, goal: Goal) -> Goal:
    """A part of an ``all`` goal (or the goal itself) with the whole goal's player."""
    return replace(part, player=goal.player, turns=None)


def _needed(state: State, goal: Goal, began: State) -> int:
    """Prisoners that must still reach a target for a free or zone part."""
    if goal.kind is GoalKind.ZONE:
        return 0 if state.zone_owner.get(goal.zone or "") == goal.player else 1
    me, was = state.player_by_colour[_player(goal)], began.player_by_colour[_player(goal)]
    return max(0, goal.count - (me.freed - was.freed))


def lower_bound(state: State, goal: Goal, began: State) -> int:
    """Turns still needed, at least (admissible; module docstring and docs/solver.md).
    ``math.inf`` is returned as a large number: the goal cannot be met at all."""
    me = state.player_by_colour[_player(goal)]
    best = 0.0
    for part in goal.leaves:
        if part.kind in (GoalKind.FREE, GoalKind.ZONE):
            part = _own(part, goal)
            need = _needed(state, part, began)
            best = max(best, _turns_for(prisoner_distances(state, me, _targets(state, part, me.colour)), need))
        elif part.kind is GoalKind.HIDE:
            # Every prisoner in a tunnel, junction or dead end must step at least once.
            exposed = sum(1 for pl in me.prisoners if pl.kind is PlaceKind.TILE
                          and state.feature(pl.spot).kind is not FeatureKind.HIDEOUT)
            best = max(best, math.ceil(exposed / STEPS))
        # key: a collapse can settle it without a step (E3), so no bound beyond 0.
    return 10**6 if best == math.inf else int(best)


def _steps_left(state: State) -> int:
    return STEPS - state.turn.steps


# ------------------------------------------------------------------ whole turns


class PuzzleProblem:
    """A puzzle as :class:`sectionx.search.Problem`: nodes are referee states at the
    start of the goal player's turns; moves are the turn's actions."""

    def __init__(self, goal: Goal, began: State):
        self.goal = goal
        self.began = began

    def key(self, node: State) -> Hashable:
        return node

    def lower_bound(self, node: State) -> int:
        return lower_bound(node, self.goal, self.began)

    def met(self, state: State) -> bool:
        return goal_met(state, self.goal, self.began)

    def _hopeless(self, state: State) -> bool:
        """In the last turn: the steps left cannot meet the goal (free and zone parts)."""
        me = state.player_by_colour[_player(self.goal)]
        left = _steps_left(state)
        for part in self.goal.leaves:
            if part.kind in (GoalKind.FREE, GoalKind.ZONE):
                part = _own(part, self.goal)
                need = _needed(state, part, self.began)
                if need == 0:
                    continue
                d = [x for x in prisoner_distances(state, me, _targets(state, part, me.colour)) if x <= STEPS_EACH]
                if len(d) < need or sum(d[:need]) > left:
                    return True
        return False

    def successors(self, node: State, remaining: int) -> Iterator[Successor[State, tuple[Action, ...]]]:
        """Every distinct way the turn starting at ``node`` can go (module docstring).

        In the last turn of a goal made only of ``free`` and ``zone`` parts, the goal
        can only be met by a step onto a green area (tiles and doors never put a
        prisoner there).  The turn is first searched without tile actions: if that
        meets the goal with no tile or door action at all, every turn with a tile
        action costs more and is no optimal ending of this node.  Otherwise only tile actions that change a tile within
        2 cells of a prisoner that could still arrive, or that send a door back
        (a tunnel fight, D4), can change which steps are legal on the way, so only
        those are tried (docs/solver.md, "Pruning in the last turn")."""
        last = remaining <= 1
        if last and all(p.kind in (GoalKind.FREE, GoalKind.ZONE) for p in self.goal.leaves):
            plain = list(self._turn(node, True, lambda state, action, after: not action.tile_action))
            if any(succ.cost == 0 for succ in plain):
                yield from plain
                return
            # Tile actions are tried too; this pass also finds every ending of the first.
            near = self._near(node)
            yield from self._turn(node, True, lambda state, action, after: not action.tile_action or (
                _touches(action, near) or _doors(state) != _doors(after)))
            return
        yield from self._turn(node, last, lambda state, action, after: True)

    def _near(self, state: State) -> frozenset[Cell]:
        """Cells within 2 of a prisoner that might still reach a target this turn."""
        me = state.player_by_colour[_player(self.goal)]
        cells: set[Cell] = set()
        for part in self.goal.leaves:
            targets = _targets(state, _own(part, self.goal), me.colour)
            for place in me.prisoners:
                starts = (state.board.island if place.kind is PlaceKind.ISLAND
                          else (place.cell,) if place.kind is PlaceKind.TILE else ())
                for cell in starts:
                    if cell is not None and _distance(cell, targets) <= STEPS_EACH + (place.kind is PlaceKind.ISLAND):
                        cells |= set(_disc(cell, STEPS_EACH))
        return frozenset(cells)

    def _turn(self, node: State, last: bool, allowed: Callable[[State, Action, State], bool]
              ) -> Iterator[Successor[State, tuple[Action, ...]]]:
        seen: set[tuple[State, tuple[str, ...]]] = set()
        given: set[tuple[State, tuple[str, ...], bool]] = set()
        stack: list[tuple[State, tuple[Action, ...], tuple[str, ...]]] = [(node, (), ())]
        while stack:
            state, done, items = stack.pop()
            if last and self._hopeless(state):
                continue
            for action in engine.legal_actions(state):
                after = engine.apply(state, action)
                if not allowed(state, action, after):
                    continue
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


def _disc(cell: Cell, radius: int) -> set[Cell]:
    out = {cell}
    for _ in range(radius):
        out |= {n for c in out for n in c.neighbours()}
    return out


def _touches(action: Action, cells: frozenset[Cell]) -> bool:
    """Whether a tile action changes the tile on one of ``cells``."""
    touched = [getattr(action, name) for name in ("cell", "a", "b", "source", "target") if hasattr(action, name)]
    return any(c in cells for c in touched)


def _doors(state: State) -> tuple[tuple[Spot, ...], ...]:
    return tuple(p.doors for p in state.players)


def solve_puzzle(scenario: Scenario, limit: Limit | None = None, *, cap: int = 50, count: bool = True,
                 progress: Progress | None = None, referee: bool = False) -> Solved:
    """Solve a puzzle exactly (see :mod:`sectionx.search`): the fewest of the goal
    player's turns, then the fewest tile and door actions; the number of distinct
    optimal plans up to ``cap``.  The turn limit is the goal's ``turns`` unless
    ``limit`` sets a smaller one.  The solution is replayed through the referee.

    The turns are searched on the search core (:mod:`sectionx.solver.puzzlecore`);
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
        found = solve(core, core.root(), limit, cap=cap, count=count, progress=progress)
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


__all__ = ["PuzzleProblem", "Solved", "check_solution", "lower_bound", "prisoner_distances", "solve_puzzle"]
