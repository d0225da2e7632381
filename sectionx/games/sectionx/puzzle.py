"""Puzzles in play: the solo game (Q2), when a goal is met (Q4), and plans (Q5).

A puzzle is a :class:`~sectionx.games.sectionx.model.Scenario` with a goal.  :func:`start` gives
the position as the engine plays it: only the goal's player takes turns (Q2).
:func:`goal_met` judges a position against the goal, measured from the start
(Q4); it is judged after every single action, so a solution is the actions up to
the first one after which the goal holds.  :func:`judge` replays actions and says
where that happened.  :func:`plan_signature` reduces a solution to its plan, the
tile and door actions of each turn described by what they changed on the board
(Q5), so that two solutions differing only in tile ids, equivalent rotations or
the prisoners' routes count as one when a puzzle's uniqueness is judged.

Imports run one way: this module uses the engine, the rules and the model; the
solvers (:mod:`sectionx.games.sectionx.solver`) use it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ...colours import Colour
from ...errors import SectionXError
from ...hexgrid import Cell
from . import engine, rules
from .actions import Action, MoveDoor, PlaceDoor
from .model import Goal, GoalKind, PlaceKind, PlayerState, Scenario, Spot, State

#: A plan (Q5): for each of the goal player's turns, the plan items of that turn.
Plan = tuple[tuple[str, ...], ...]


class NotAPuzzle(SectionXError, ValueError):
    """A scenario without a goal was given where a puzzle is needed."""


# =========================================================================== the solo game (Q2)


def goal_of(scenario: Scenario) -> Goal:
    """The scenario's goal with its player filled in (default: the player to move)."""
    goal = scenario.goal
    if goal is None:
        raise NotAPuzzle("this scenario has no goal, so it is no puzzle")
    if goal.player is None:
        goal = replace(goal, player=scenario.state.current.colour)
    return goal


def start(scenario: Scenario) -> State:
    """The puzzle's position as the engine plays it: only the goal's player takes
    turns (Q2).  Files do not store this; it follows from the goal."""
    goal = goal_of(scenario)
    return scenario.state.replace(solo=goal.player)


# =========================================================================== when a goal is met (Q4)


def _player(state: State, colour: Colour | None) -> PlayerState:
    if colour is None:
        raise ValueError("the goal's player is not set; use goal_of(scenario)")
    return state.player_by_colour[colour]


def goal_met(state: State, goal: Goal, start: State) -> bool:
    """Whether ``goal`` holds in ``state``, for a puzzle that began at ``start`` (Q4).

    * ``free``: ``count`` prisoners reached green areas since the start.  A
      prisoner on a green area never moves again (M5) and stays freed after the
      collapse (E3), so that number is the growth of the player's freed prisoners
      (freed plus on green, E4) since the start, and it stays right when the
      third prisoner ends the round (E1).
    * ``hide``: every prisoner still in play is on the island or in a hideout, and
      none has died since the start: a collapse that buries the unhidden ones does
      not hide them.
    * ``key``: the player holds the master key after the action (K1, K4).
    * ``zone``: the player owns the zone (Z1).
    * ``all``: every part holds at once.
    """
    me = _player(state, goal.player)
    was = _player(start, goal.player)
    return all(_leaf_met(state, leaf, me, was) for leaf in goal.leaves)


def _leaf_met(state: State, goal: Goal, me: PlayerState, was: PlayerState) -> bool:
    kind = goal.kind
    if kind is GoalKind.FREE:
        return me.freed - was.freed >= goal.count
    if kind is GoalKind.HIDE:
        return me.count(PlaceKind.DEAD) == was.count(PlaceKind.DEAD) and rules.hidden(state, me)
    if kind is GoalKind.KEY:
        return me.key
    if kind is GoalKind.ZONE:
        return state.zone_owner.get(goal.zone or "") == me.colour
    raise ValueError(f"an all goal cannot be a part of another goal ({goal})")


@dataclass(frozen=True)
class Judgement:
    """Where a line of play met its puzzle's goal (Q4).

    ``met_after`` is the number of actions up to and including the one after
    which the goal first held (``None``: not met); ``turn`` is the goal player's
    turn in which that action was played, counting the start's turn as 1 even when
    the puzzle starts in the middle of it.  ``turns`` is the number of turns the
    actions reached, ``limit`` the goal's turn limit (``None``: none), and
    ``within_limit`` whether the goal was met within it.
    """

    met_after: int | None
    turn: int | None
    turns: int
    limit: int | None

    @property
    def met(self) -> bool:
        return self.met_after is not None

    @property
    def within_limit(self) -> bool:
        return self.turn is not None and (self.limit is None or self.turn <= self.limit)


def judge(scenario: Scenario, actions: Iterable[Action]) -> Judgement:
    """Play ``actions`` from the puzzle's start (Q2) until the goal is first met (Q4).

    Raises :class:`~sectionx.games.sectionx.engine.IllegalAction` for an illegal action before
    that point; actions after it are not looked at (the solution ends there).
    """
    goal = goal_of(scenario)
    first = state = start(scenario)
    turn = 1
    ended = False
    for i, action in enumerate(actions):
        if ended:
            turn += 1
        after = engine.apply(state, action)
        if goal_met(after, goal, first):
            return Judgement(i + 1, turn, turn, goal.turns)
        ended = engine.turn_ended(state, action, after)
        state = after
    return Judgement(None, None, turn, goal.turns)


def turns_of(start_state: State, actions: Iterable[Action]) -> list[list[Action]]:
    """A line of play from ``start_state`` (for a puzzle, :func:`start`) cut into the
    turns the engine sees (:func:`sectionx.games.sectionx.engine.turn_ended`)."""
    turns: list[list[Action]] = [[]]
    state = start_state
    for action in actions:
        after = engine.apply(state, action)
        turns[-1].append(action)
        if engine.turn_ended(state, action, after):
            turns.append([])
        state = after
    return [t for t in turns if t]


# =========================================================================== plans (Q5)


def _feature_text(state: State, spot: Spot) -> str:
    """A feature as it lies: its letter and its openings after rotation (``t25``)."""
    placed = state.tile_at[spot.cell]
    feature = state.catalogue[placed.tile].features[spot.feature]
    return feature.kind.letter + "".join(str(e) for e in feature.rotated(placed.rotation))


def tile_text(state: State, cell: Cell) -> str:
    """The tile on ``cell`` as it lies, whatever its id and stored rotation: its
    features after rotation, with the doors (``^r``) and prisoners (``*RB``) on
    each, e.g. ``h0*RR`` or ``t03^b+t12``.  Two tiles of one shape turned to the
    same result give the same text (Q5)."""
    placed = state.tile_at[cell]
    parts = []
    for i in range(len(state.catalogue[placed.tile].features)):
        spot = Spot(cell, i)
        text = _feature_text(state, spot)
        doors = "".join(p.colour.letter.lower() for p in state.players if spot in p.doors)
        riders = "".join(p.colour.letter * sum(1 for pl in p.prisoners if pl.kind is PlaceKind.TILE and pl.spot == spot)
                         for p in state.players)
        parts.append(text + (f"^{doors}" if doors else "") + (f"*{riders}" if riders else ""))
    return "+".join(sorted(parts))


def _spot_text(state: State, spot: Spot) -> str:
    return f"{spot.cell} {_feature_text(state, spot)}"


def _board_texts(state: State) -> dict[Cell, str]:
    """:func:`tile_text` of every tile on the board, once per state (states never change)."""
    cached = state.__dict__.get("_plan_texts")
    if cached is None:
        cached = state.__dict__["_plan_texts"] = {cell: tile_text(state, cell) for cell, _ in state.tiles}
    return cached


def _changes(before: State, after: State) -> str:
    """The cells whose tile looks different, each with what lies there now."""
    was, now = _board_texts(before), _board_texts(after)
    return ", ".join(f"{cell} {now.get(cell, 'empty')}" for cell in sorted(set(was) | set(now))
                     if was.get(cell) != now.get(cell))


def plan_items(before: State, action: Action, after: State) -> tuple[str, ...]:
    """What ``action`` adds to its turn's plan (Q5).

    A tile action (``tiles ...``) or a door action (``door ...``) is described by
    what it changed on the board: every cell whose tile now looks different, with
    the tile as it lies there (:func:`tile_text`: shape after rotation, doors,
    prisoners) or ``empty``.  So tile ids, rotations giving the same tile, a swap
    of two alike tiles, and a swap of alike tiles with a turn (which looks like a
    rotation) do not make another plan, while a tunnel fight's doors going home
    (D4) do.  A hand-in choice on a step (K1) names the door handed in.  Take,
    pass, steps and end add nothing: how prisoners spend their steps is no part
    of a plan.
    """
    if action.tile_action or isinstance(action, (PlaceDoor, MoveDoor)):
        if after.round != before.round:
            # The action also ended the round (E2, its turn being over): describe
            # the board before the collapse, which the action itself left.
            after = engine.apply(before.replace(turn=replace(before.turn, round_ends=False)), action)
        change = _changes(before, after)
        return (("tiles " if action.tile_action else "door ") + change,) if change else ()
    if action.choices.handin is not None:
        return (f"handin {_spot_text(before, action.choices.handin)}",)
    return ()


def plan_signature(start_state: State, actions: Iterable[Action]) -> Plan:
    """The plan of a line of play from ``start_state`` (Q5): one entry per turn the
    actions reach, each the items of :func:`plan_items` in the order played.

    ``start_state`` must be the position as played (for a puzzle, :func:`start`),
    since the turns are told apart by the engine's turn changes.
    """
    turns: list[tuple[str, ...]] = [()]
    state = start_state
    ended = False
    for action in actions:
        if ended:
            turns.append(())
        after = engine.apply(state, action)
        turns[-1] += plan_items(state, action, after)
        ended = engine.turn_ended(state, action, after)
        state = after
    return tuple(turns)


def plan_text(plan: Plan) -> str:
    """A plan for people, one line per turn: ``turn 1: tiles -3,2 empty, 3,-3 t25``."""
    return "\n".join(f"turn {i}: {'; '.join(items) if items else 'no tile or door action'}"
                     for i, items in enumerate(plan, 1))


__all__ = [
    "Judgement",
    "NotAPuzzle",
    "Plan",
    "goal_met",
    "goal_of",
    "judge",
    "plan_items",
    "plan_signature",
    "plan_text",
    "start",
    "tile_text",
]
