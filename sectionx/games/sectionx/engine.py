"""The referee in motion: legal actions, explanations, and applying actions.

``legal_actions(state)`` lists every legal action of the current phase with no
duplicates; ``explain(state, action)`` gives every reason an action is illegal
(an empty list means legal); ``apply(state, action)`` returns the next state with
everything that follows automatically done: tunnel fights (D4), the master key
(K1, K2), zone claims (Z1), discovery (E1), the last tile (E2), the collapse
(E3), winning (E4), too few prisoners (E5) and the next player.

Turn structure (N1–N4, V2).  Phase 1: ``take``.  Standard game: phase 2 is one
tile action or ``pass``; phase 3 is prisoner ``step``s, or one door action (which
ends the turn), then ``end``.  Advanced game: after phase 1 the turn stays in
phase 2, where the one tile action, the steps and a door action may come in any
order (steps not after a door action), until ``end``.  A turn also ends by itself
after a door action (standard), when all five steps are used (standard), or when
nothing is left (advanced: tile action done and the door action done or the
steps used up).
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ...colours import Colour
from ...console import plural
from ...errors import Problem, SectionXError
from ...hexgrid import SIDES, Cell, opposite
from . import rules
from .actions import Action, Choices, End, Move, MoveDoor, Pass, PlaceDoor, PlaceTile, Rotate, Step, Swap, Take
from .model import (
    DEAD,
    FREED,
    ISLAND,
    STACKS,
    FeatureKind,
    Place,
    Placed,
    PlaceKind,
    PlayerState,
    Spot,
    State,
    TileType,
    Turn,
    green_place,
    tile_place,
)

STEP_BUDGET = rules.STEP_BUDGET
STEPS_PER_PRISONER = rules.STEPS_PER_PRISONER


class IllegalAction(SectionXError):
    """``apply`` was given an illegal action; ``problems`` say why, with ruling ids."""

    def __init__(self, action: Action, problems: list[Problem]):
        self.action = action
        self.problems = problems
        super().__init__(f"{action}: " + "; ".join(str(p) for p in problems))


# =========================================================================== helpers


def resolve(state: State, place: Place) -> Place:
    """A place written as q,r is a green area when q,r is a green cell."""
    if place.kind is PlaceKind.TILE and place.cell in state.board.green:
        return green_place(place.cell)
    return place


def _as_written(place: Place) -> Place:
    """Steps name green cells like tiles (q,r); keep one spelling so actions compare equal."""
    if place.kind is PlaceKind.GREEN:
        return tile_place(place.at, 0)
    return place


def _feature_kind(state: State, spot: Spot) -> FeatureKind | None:
    placed = state.tile_at.get(spot.cell)
    if placed is None:
        return None
    features = state.catalogue[placed.tile].features
    return features[spot.feature].kind if spot.feature < len(features) else None


def _door_at(state: State) -> dict[Spot, Colour]:
    return {spot: p.colour for p in state.players for spot in p.doors}


def _occupants(state: State) -> Counter[Spot]:
    """Prisoners (any colour) on each tile feature."""
    load: Counter[Spot] = Counter()
    for p in state.players:
        for place in p.prisoners:
            if place.kind is PlaceKind.TILE:
                load[place.spot] += 1
    return load


def tunnel_owners(state: State) -> dict[int, Colour]:
    """Tunnel component -> the player whose door stands in it (D3).  Once per state."""
    cached = state.__dict__.get("_owners")
    if cached is None:
        t = rules.tunnels(state)
        cached = state.__dict__["_owners"] = {t.component[s]: c for s, c in _door_at(state).items() if s in t.component}
    return cached


def tile_owners(state: State, cell: Cell, tunnels: rules.Tunnels | None = None) -> set[Colour]:
    """Players whose tunnel this tile belongs to: a feature in a tunnel with their door (N2, D3)."""
    t = tunnels or rules.tunnels(state)
    owners = tunnel_owners(state)
    placed = state.tile_at[cell]
    out = set()
    for i in range(len(state.catalogue[placed.tile].features)):
        cid = t.component.get(Spot(cell, i))
        if cid in owners:
            out.add(owners[cid])
    return out


def _step_neighbours(state: State, place: Place) -> list[Place]:
    """Places one step away (M2), ignoring who may enter them."""
    board = state.board
    out: list[Place] = []
    if place.kind is PlaceKind.ISLAND:
        seen = set()
        for cell in board.island:
            for edge, n in enumerate(cell.neighbours()):
                placed = state.tile_at.get(n)
                if placed is None:
                    continue
                f = state.catalogue[placed.tile].feature_at(opposite(edge), placed.rotation)
                if f is not None and (n, f) not in seen:
                    seen.add((n, f))
                    out.append(tile_place(n, f))
        return out
    if place.kind is not PlaceKind.TILE:
        return out
    placed = state.tile_at[place.at]
    tile = state.catalogue[placed.tile]
    island_added = False
    for edge in tile.features[place.feature].rotated(placed.rotation):
        n = place.at.neighbour(edge)
        if n in board.island:
            if not island_added:
                out.append(ISLAND)
                island_added = True
        elif n in board.green:
            out.append(green_place(n))
        elif n in state.tile_at:
            other = state.tile_at[n]
            f = state.catalogue[other.tile].feature_at(opposite(edge), other.rotation)
            if f is not None:
                out.append(tile_place(n, f))
    return out


def neighbours(state: State, place: Place) -> list[Place]:
    """The places one step from ``place`` (M2), whoever may enter them (room and
    doors, M4, are not asked): from the island, every feature that opens onto it;
    from a feature, the island, green areas and features its openings face."""
    return _step_neighbours(state, place)


#: Z1: may ``colour`` enter (and so claim) ``zone``?  Shared with the goal checks (Q1).
claim_allowed = rules.claim_allowed


def _steps_used(state: State, source: Place) -> int | None:
    """Steps already used by the freshest prisoner of the player to move on ``source``."""
    have = state.current.prisoners.count(source)
    if have == 0:
        return None
    used = sorted(n for p, n in state.turn.moved if p == source)
    if have > len(used):
        return 0
    return used[0]


# =========================================================================== phases


def _phase_of(state: State) -> str:
    """``take``, ``tile`` (standard phase 2), ``act`` (standard phase 3) or ``free``
    (advanced phases 2+3 interleaved), or ``over``."""
    if state.finished:
        return "over"
    phase = state.turn.phase
    if phase == 1:
        # A player holding 3 tiles, or facing empty stacks, skips phase 1 (N1).
        if len(state.current.hand) < 3 and any(state.stacks):
            return "take"
        phase = 2
    if state.advanced:
        return "free"
    return "tile" if phase == 2 else "act"


def _tile_action_open(state: State) -> bool:
    kind = _phase_of(state)
    return kind == "tile" or (kind == "free" and not state.turn.tile_action)


def _steps_open(state: State) -> bool:
    kind = _phase_of(state)
    return kind in ("act", "free") and not state.turn.door_action and state.turn.steps < STEP_BUDGET


def _door_open(state: State) -> bool:
    kind = _phase_of(state)
    return kind in ("act", "free") and not state.turn.door_action and not state.turn.moved


# =========================================================================== explain


def explain(state: State, action: Action) -> list[Problem]:
    """Every reason ``action`` is illegal now; an empty list means it is legal."""
    if state.finished:
        return [_over(state)]
    problems = _explain(state, action)
    if problems:
        return problems
    # Consequences that need a decision (D4 ties, K1 door hand-in) must be settled
    # by the action's choices, and choices nobody asked for are refused.
    _, problems = _perform(state, action)
    return problems


def _over(state: State) -> Problem:
    won = any(p.freed >= state.target for p in state.players)
    return Problem("E4" if won else "E5", f"the game is over; {state.ranking[0]} "
                   + ("won" if won else "ranks first"))


def is_legal(state: State, action: Action) -> bool:
    return not explain(state, action)


def _phase_problem(state: State, action: Action) -> Problem | None:
    kind = _phase_of(state)
    who = state.current.colour
    if isinstance(action, Take):
        if kind != "take":
            if state.turn.phase == 1 and not any(state.stacks):
                return Problem("N5", "the stacks are empty: phase 1 is skipped")
            if state.turn.phase == 1:
                return Problem("N1", f"{who} holds 3 tiles and skips phase 1")
            return Problem("N1", f"{who} takes a tile only in phase 1")
        return None
    if action.tile_action or isinstance(action, Pass):
        if kind == "take":
            return Problem("N1", f"{who} takes a tile first (phase 1); the tile action is phase 2")
        if isinstance(action, Pass) and kind != "tile":
            return Problem("N2", "pass skips the tile action of phase 2 (in the advanced game, use end)")
        if not _tile_action_open(state):
            if kind == "free":
                return Problem("N2", f"{who} has already made this turn's tile action")
            return Problem("N2", f"a tile action belongs to phase 2; this is phase {state.turn.phase}")
        return None
    if isinstance(action, Step):
        if kind not in ("act", "free"):
            return Problem("N4", f"prisoners move in phase 3; this is phase {state.turn.phase}")
        if state.turn.door_action:
            return Problem("N4", f"{who} used phase 3 for a door; prisoners cannot also move")
        return None
    if isinstance(action, (PlaceDoor, MoveDoor)):
        if kind not in ("act", "free"):
            return Problem("N4", f"doors are placed or moved in phase 3; this is phase {state.turn.phase}")
        if state.turn.door_action:
            return Problem("N4", f"{who} has already placed or moved a door this turn")
        if state.turn.moved:
            return Problem("N4", f"{who} moved prisoners this turn; phase 3 is prisoners or a door, not both")
        return None
    if isinstance(action, End):
        if kind not in ("act", "free"):
            return Problem("N4", "end finishes phase 3; finish phase 1 and 2 first (phase 2: pass)")
        return None
    return Problem("N2", f"unknown action {action}")


def _explain(state: State, action: Action) -> list[Problem]:
    """The phase reason first (if any), then every reason of the action itself."""
    p = _phase_problem(state, action)
    specific = _explain_action(state, action)
    if p is None:
        return specific
    return [p] + [q for q in specific if q.message != p.message]


def _explain_action(state: State, action: Action) -> list[Problem]:
    if isinstance(action, Take):
        return _explain_take(state, action)
    if isinstance(action, PlaceTile):
        return _explain_place(state, action)
    if isinstance(action, (Swap, Move, Rotate)):
        return _explain_board_tile_action(state, action)
    if isinstance(action, Step):
        return _explain_step(state, action)
    if isinstance(action, (PlaceDoor, MoveDoor)):
        return _explain_door(state, action)
    return []


def _explain_take(state: State, action: Take) -> list[Problem]:
    who = state.current
    out = []
    if len(who.hand) >= 3:
        out.append(Problem("N1", f"{who.colour} holds 3 tiles and skips phase 1"))
    if not 1 <= action.stack <= STACKS:
        out.append(Problem("N1", f"there are stacks 1 to {STACKS}, not {action.stack}"))
    elif not state.stacks[action.stack - 1]:
        out.append(Problem("N1", f"stack {action.stack} is empty"))
    return out


def _cell_problems(state: State, cell: Cell, what: str) -> list[Problem]:
    board = state.board
    if cell not in board.cells:
        return [Problem("G2", f"{what} {cell} is not on the board")]
    if cell in board.island:
        return [Problem("P1", f"{what} {cell} is an island cell; no tile may lie on the island")]
    if cell in board.green:
        return [Problem("P1", f"{what} {cell} is a green area; no tile may lie there")]
    return []


def _match_problems(state: State, tiles: dict[Cell, Placed], cells: list[Cell]) -> list[Problem]:
    """P1 for the tiles on ``cells`` in the layout ``tiles`` (P3: after the action)."""
    out = []
    cat = state.catalogue
    seen = set()
    for cell in cells:
        placed = tiles[cell]
        mine = cat[placed.tile].open_edges(placed.rotation)
        for edge in range(SIDES):
            other = cell.neighbour(edge)
            if other not in tiles or (other, cell) in seen:
                continue
            seen.add((cell, other))
            o = tiles[other]
            theirs = cat[o.tile].open_edges(o.rotation)
            if (edge in mine) != (opposite(edge) in theirs):
                what = "an opening" if edge in mine else "rock"
                out.append(Problem("P1", f"tile {placed.tile} on {cell} would put {what} against "
                                         f"{'rock' if edge in mine else 'an opening'} of tile {o.tile} on {other}"))
    return out


def _explain_place(state: State, action: PlaceTile) -> list[Problem]:
    who = state.current
    out = []
    if action.tile not in who.hand:
        out.append(Problem("N2", f"{who.colour} does not hold tile {action.tile}"))
    out += _cell_problems(state, action.cell, "cell")
    if action.cell in state.tile_at:
        out.append(Problem("P2", f"{action.cell} already holds tile {state.tile_at[action.cell].tile}; a tile goes on an empty cell"))
    if not out:
        tiles = dict(state.tile_at)
        tiles[action.cell] = Placed(action.tile, action.rotation)
        out += _match_problems(state, tiles, [action.cell])
    return out


def _carry_problems(state: State, cell: Cell, verb: str, t: rules.Tunnels) -> list[Problem]:
    """May the player to move lift the tile on ``cell``?  (N2, D3)"""
    who = state.current.colour
    placed = state.tile_at[cell]
    out = []
    others = tile_owners(state, cell, t) - {who}
    for owner in sorted(others):
        out.append(Problem("D3", f"tile {placed.tile} on {cell} cannot {verb}: {owner} owns that tunnel"))
    riders = _occupancy(state)[1].get(cell, [])
    if riders:
        if verb == "rotate":
            out.append(Problem("N2", f"tile {placed.tile} on {cell} cannot rotate: prisoners stand on it"))
        else:
            strangers = sorted({c.value for c, _ in riders if c != who})
            outside = [pl for c, pl in riders if _feature_kind(state, pl.spot) is not FeatureKind.HIDEOUT]
            if strangers:
                out.append(Problem("N2", f"tile {placed.tile} on {cell} cannot {verb}: {', '.join(strangers)} prisoners stand on it"))
            elif outside:
                out.append(Problem("N2", f"tile {placed.tile} on {cell} cannot {verb}: a prisoner stands on it outside the hideout"))
    return out


def _occupancy(state: State) -> tuple[dict[Cell, frozenset[int]], dict[Cell, list[tuple[Colour, Place]]], set[Cell]]:
    """Once per state: the features carrying doors or prisoners on each cell, the
    prisoners on each cell as (colour, place), and cells whose hideout holds prisoners."""
    cached = state.__dict__.get("_occupancy")
    if cached is None:
        riders: dict[Cell, list[tuple[Colour, Place]]] = {}
        hideouts: set[Cell] = set()
        features: dict[Cell, set[int]] = {}
        for p in state.players:
            for place in p.prisoners:
                if place.kind is PlaceKind.TILE:
                    riders.setdefault(place.at, []).append((p.colour, place))
                    features.setdefault(place.at, set()).add(place.feature)
                    if _feature_kind(state, place.spot) is FeatureKind.HIDEOUT:
                        hideouts.add(place.at)
            for d in p.doors:
                features.setdefault(d.cell, set()).add(d.feature)
        occupied = {cell: frozenset(f) for cell, f in features.items()}
        cached = state.__dict__["_occupancy"] = (occupied, riders, hideouts)
    return cached


_EMPTY: frozenset[int] = frozenset()


def _occupied(state: State, cell: Cell) -> frozenset[int]:
    """The features of the tile on ``cell`` carrying doors or prisoners (they travel with it)."""
    return _occupancy(state)[0].get(cell, _EMPTY)


def _hideout_riders(state: State, cell: Cell) -> bool:
    """Whether prisoners stand in the hideout of the tile on ``cell`` (N3)."""
    return cell in _occupancy(state)[2]


def _distance_problem(state: State, source: Cell, target: Cell) -> Problem | None:
    """N3: a tile whose hideout holds prisoners may not end nearer to a green cell."""
    if not _hideout_riders(state, source):
        return None
    d = state.board.green_distance
    if d[target] < d[source]:
        return Problem("N3", f"tile {state.tile_at[source].tile} carries prisoners in its hideout: it may not move from "
                             f"distance {d[source]} to distance {d[target]} from a green area")
    return None


def _explain_board_tile_action(state: State, action: Swap | Move | Rotate) -> list[Problem]:
    t = rules.tunnels(state)
    out: list[Problem] = []
    tiles = dict(state.tile_at)
    if isinstance(action, Rotate):
        if action.cell not in tiles:
            return [Problem("N2", f"there is no tile on {action.cell} to rotate")]
        out += _carry_problems(state, action.cell, "rotate", t)
        placed = tiles[action.cell]
        tile = state.catalogue[placed.tile]
        occupied = _occupied(state, action.cell)
        if tile.canonical_rotation(action.rotation, occupied) == tile.canonical_rotation(placed.rotation, occupied):
            out.append(Problem("N2", f"turning tile {placed.tile} to rotation {action.rotation} changes nothing"))
        if not out:
            tiles[action.cell] = Placed(placed.tile, action.rotation)
            out += _match_problems(state, tiles, [action.cell])
        return out
    if isinstance(action, Move):
        if action.source not in tiles:
            return [Problem("N2", f"there is no tile on {action.source} to move")]
        out += _carry_problems(state, action.source, "move", t)
        out += _cell_problems(state, action.target, "target")
        if action.target in tiles:
            out.append(Problem("N2", f"{action.target} is not empty; a tile moves to an empty cell"))
        if not out:
            dist = _distance_problem(state, action.source, action.target)
            if dist:
                out.append(dist)
            placed = tiles.pop(action.source)
            tiles[action.target] = Placed(placed.tile, action.rotation)
            out += _match_problems(state, tiles, [action.target])
        return out
    # Swap
    for cell in (action.a, action.b):
        if cell not in tiles:
            out.append(Problem("N2", f"there is no tile on {cell} to swap"))
    if out:
        return out
    if action.a == action.b:
        return [Problem("N2", "a swap exchanges two different tiles")]
    out += _carry_problems(state, action.a, "swap", t) + _carry_problems(state, action.b, "swap", t)
    if not out:
        for src, dst in ((action.a, action.b), (action.b, action.a)):
            dist = _distance_problem(state, src, dst)
            if dist:
                out.append(dist)
        pa, pb = tiles[action.a], tiles[action.b]
        tiles[action.a] = Placed(pb.tile, action.rotation_a)
        tiles[action.b] = Placed(pa.tile, action.rotation_b)
        out += _match_problems(state, tiles, [action.a, action.b])
    return out


def _explain_step(state: State, action: Step) -> list[Problem]:
    who = state.current
    source = resolve(state, action.source)
    target = resolve(state, action.target)
    out = []
    for written in (action.source, action.target):
        if written.cell in state.board.green and written.feature:
            return [Problem("M1", f"{written.cell} is a green area; it has no feature {written.feature}")]
    if source.kind is PlaceKind.GREEN:
        return [Problem("M5", f"a prisoner on a green area does not move again ({source})")]
    if source.kind is PlaceKind.TILE and source.cell not in state.tile_at:
        return [Problem("M1", f"there is no tile on {source.cell}")]
    used = _steps_used(state, source)
    if used is None:
        return [Problem("M1", f"{who.colour} has no prisoner on {source}")]
    if used >= STEPS_PER_PRISONER:
        out.append(Problem("M3", f"the {who.colour} prisoner on {source} has used its {STEPS_PER_PRISONER} steps this turn"))
    if state.turn.steps >= STEP_BUDGET:
        out.append(Problem("M3", f"{who.colour} has used all {STEP_BUDGET} steps this turn"))
    if target not in _step_neighbours(state, source):
        if source.kind is PlaceKind.TILE and target.kind is PlaceKind.TILE and source.cell == target.cell:
            out.append(Problem("M2", f"features of one tile do not connect: no step from {source} to {target}"))
        else:
            out.append(Problem("M2", f"{target} is not one step from {source}: no tunnel opening joins them"))
        return out
    if target.kind is PlaceKind.TILE:
        feature = state.feature(target.spot)
        if _occupants(state)[target.spot] >= feature.capacity:
            out.append(Problem("M4", f"the {feature.kind} at {target.spot} is full (it holds {feature.capacity})"))
        door = _door_at(state).get(target.spot)
        if door is not None and door != who.colour and not who.key:
            out.append(Problem("M4", f"{door}'s door stands on {target.spot}; only a master key passes it"))
    elif target.kind is PlaceKind.GREEN:
        zone = state.board.zone_of_cell[target.at]
        owner = state.zone_owner.get(zone)
        if owner is not None and owner != who.colour:
            out.append(Problem("Z2", f"zone {zone} belongs to {owner}; other prisoners may not enter it"))
        elif owner is None and not claim_allowed(state, who.colour, zone):
            out.append(Problem("Z1", f"claiming zone {zone} would leave a player without a zone to claim"))
    return out


def _explain_door(state: State, action: PlaceDoor | MoveDoor) -> list[Problem]:
    who = state.current
    out = []
    if isinstance(action, PlaceDoor):
        if who.doors_in_hand < 1:
            out.append(Problem("D2", f"{who.colour} has no door in hand"))
        spot = action.spot
    else:
        if action.source not in who.doors:
            out.append(Problem("N4", f"{who.colour} has no door on {action.source}"))
        if action.target == action.source:
            out.append(Problem("N4", "a door must move to another feature"))
        spot = action.target
    kind = _feature_kind(state, spot) if spot.cell in state.tile_at else None
    if kind is None:
        out.append(Problem("D2", f"there is no tile feature {spot}"))
        return out
    if not kind.takes_door:
        out.append(Problem("D2", f"a door stands on a tunnel or dead end, not on the {kind} at {spot}"))
    doors = _door_at(state)
    if spot in doors and not (isinstance(action, MoveDoor) and spot == action.source):
        out.append(Problem("D5", f"{doors[spot]}'s door already stands on {spot}"))
    t = rules.tunnels(state)
    cid = t.component[spot]
    for other_spot, colour in doors.items():
        if colour != who.colour and t.component.get(other_spot) == cid:
            out.append(Problem("D2", f"{spot} is in {colour}'s tunnel (door on {other_spot}); a door may not go there"))
            break
    strangers = sorted(p.colour.value for p in state.players if p.colour != who.colour
                       for pl in p.prisoners if pl.kind is PlaceKind.TILE and pl.spot == spot)
    if strangers:
        # "a blue prisoner stands", "2 blue prisoners stand", "a blue and a red prisoner stand"
        counts = Counter(strangers)
        who_ = " and ".join(f"{'a' if n == 1 else n} {c} prisoner{'s' if n > 1 else ''}" for c, n in sorted(counts.items()))
        verb = "stands" if len(strangers) == 1 else "stand"
        out.append(Problem("D2", f"{who_} {verb} on {spot}; a door may not go there"))
    return out


# =========================================================================== perform


def apply(state: State, action: Action) -> State:
    """The state after ``action``; IllegalAction lists every reason if it is illegal."""
    if state.finished:
        raise IllegalAction(action, [_over(state)])
    problems = _explain(state, action)
    if problems:
        raise IllegalAction(action, problems)
    new, problems = _perform(state, action)
    if problems:
        raise IllegalAction(action, problems)
    return new


def _perform(state: State, action: Action) -> tuple[State, list[Problem]]:
    """Carry out an action already checked by ``_explain``; decisions may still be missing."""
    state = _phase_two(state)
    choices = action.choices
    if isinstance(action, Take):
        return _after_take(state, action), _unused(choices, keep=False, handin=False)
    if isinstance(action, Pass):
        return state.replace(turn=replace(state.turn, phase=3)), _unused(choices, keep=False, handin=False)
    if isinstance(action, End):
        return _end_turn(state), _unused(choices, keep=False, handin=False)
    if action.tile_action:
        return _perform_tile_action(state, action)
    if isinstance(action, Step):
        return _perform_step(state, action)
    assert isinstance(action, PlaceDoor | MoveDoor), action
    return _perform_door(state, action)


def _phase_two(state: State) -> State:
    """A skipped phase 1 (N1, N5) is phase 2, so what follows counts from there."""
    if state.turn.phase == 1 and _phase_of(state) != "take":
        return state.replace(turn=replace(state.turn, phase=2))
    return state


def _unused(choices: Choices, *, keep: bool, handin: bool) -> list[Problem]:
    out = []
    if choices.keep and not keep:
        out.append(Problem("D4", "there is no tunnel-fight tie to settle; drop 'keep'"))
    if choices.handin is not None and not handin:
        out.append(Problem("K1", "no door is handed in by this action; drop 'handin'"))
    return out


def _after_take(state: State, action: Take) -> State:
    i = action.stack - 1
    stack = state.stacks[i]
    stacks = state.stacks[:i] + (stack[1:],) + state.stacks[i + 1 :]
    me = state.current
    players = _with_player(state, replace(me, hand=me.hand + (stack[0],)))
    turn = replace(state.turn, phase=2, round_ends=state.turn.round_ends or not any(stacks))
    return state.replace(stacks=stacks, players=players, turn=turn)


def _with_player(state: State, player: PlayerState) -> tuple[PlayerState, ...]:
    return tuple(player if p.colour == player.colour else p for p in state.players)


def _relocate(place: Place, moves: dict[Cell, Cell]) -> Place:
    if place.kind is PlaceKind.TILE and place.cell in moves:
        return tile_place(moves[place.cell], place.feature)
    return place


def _perform_tile_action(state: State, action: Action, ties: list[tuple[Colour, ...]] | None = None) -> tuple[State, list[Problem]]:
    before = rules.tunnels(state)
    tiles = dict(state.tile_at)
    moves: dict[Cell, Cell] = {}
    me = state.current
    hand = me.hand

    def turned(tile_id: str, rotation: int, source: Cell | None) -> Placed:
        # Store one rotation per physical result, so equal positions are equal states.
        occupied = _occupied(state, source) if source is not None else _EMPTY
        return Placed(tile_id, state.catalogue[tile_id].canonical_rotation(rotation, occupied))

    if isinstance(action, PlaceTile):
        tiles[action.cell] = turned(action.tile, action.rotation, None)
        hand = tuple(t for t in hand if t != action.tile)
    elif isinstance(action, Rotate):
        tiles[action.cell] = turned(tiles[action.cell].tile, action.rotation, action.cell)
    elif isinstance(action, Move):
        tiles[action.target] = turned(tiles.pop(action.source).tile, action.rotation, action.source)
        moves = {action.source: action.target}
    elif isinstance(action, Swap):
        pa, pb = tiles[action.a], tiles[action.b]
        tiles[action.a] = turned(pb.tile, action.rotation_a, action.b)
        tiles[action.b] = turned(pa.tile, action.rotation_b, action.a)
        moves = {action.a: action.b, action.b: action.a}
    players = []
    for p in state.players:
        prisoners = tuple(sorted(_relocate(pl, moves) for pl in p.prisoners)) if moves else p.prisoners
        doors = tuple(sorted(_relocate(tile_place(d.cell, d.feature), moves).spot for d in p.doors)) if moves else p.doors
        players.append(replace(p, prisoners=prisoners, doors=doors, hand=hand if p.colour == me.colour else p.hand))
    # Prisoners that stepped earlier this turn ride along (V2): their step count follows them (M3).
    moved = tuple(sorted((_relocate(place, moves), n) for place, n in state.turn.moved)) if moves else state.turn.moved
    new = state.replace(tiles=tuple(sorted(tiles.items())), players=tuple(players), turn=replace(state.turn, moved=moved))
    inverse = {v: k for k, v in moves.items()}
    new, problems = _tunnel_fight(state, new, before, inverse, action.choices.keep, ties)
    turn = replace(new.turn, tile_action=True)
    if not state.advanced:
        turn = replace(turn, phase=3)
    return _settle(new.replace(turn=turn), action, problems)


def _tunnel_fight(old: State, new: State, before: rules.Tunnels, inverse: dict[Cell, Cell],
                  keep: tuple[Colour, ...], ties: list[tuple[Colour, ...]] | None = None) -> tuple[State, list[Problem]]:
    """D4: joined tunnels with doors of several players; the longest before keeps its doors.

    Each tied group of colours is appended to ``ties`` when a list is given."""
    doors = _door_at(new)
    if len(set(doors.values())) < 2:
        return new, [] if not keep else [Problem("D4", "there is no tunnel-fight tie to settle; drop 'keep'")]
    after = rules.tunnels(new)
    by_tunnel: dict[int, dict[Colour, list[Spot]]] = {}
    for spot, colour in doors.items():
        by_tunnel.setdefault(after.component[spot], {}).setdefault(colour, []).append(spot)
    losers: dict[Colour, set[Spot]] = {}
    problems: list[Problem] = []
    deciders: set[Colour] = set()
    for _cid, owners in sorted(by_tunnel.items()):
        if len(owners) < 2:
            continue
        lengths = {}
        for colour, spots in owners.items():
            old_spots = [Spot(inverse.get(s.cell, s.cell), s.feature) for s in spots]
            lengths[colour] = max(before.length(s) for s in old_spots if s in before.component)
        best = max(lengths.values())
        tied = sorted((c for c, n in lengths.items() if n == best), key=old.colours.index)
        if ties is not None and len(tied) > 1:
            ties.append(tuple(tied))
        if len(tied) == 1:
            winner = tied[0]
        else:
            picked = [c for c in keep if c in tied]
            if not picked:
                options = " or ".join(f"'keep {c}'" for c in tied)
                problems.append(Problem("D4", f"tunnel fight: {', '.join(map(str, tied))} tie at {plural(best, 'tile')}; "
                                              f"the acting player chooses: add {options}"))
                continue
            winner = picked[0]  # D7: the first listed colour among the tied keeps its doors
            deciders.add(winner)
        for colour, spots in owners.items():
            if colour != winner:
                losers.setdefault(colour, set()).update(spots)
    if not problems:
        idle = [c for c in dict.fromkeys(keep) if c not in deciders]
        if len(set(keep)) != len(keep):
            problems.append(Problem("D7", "'keep' names a colour twice"))
        elif idle and not deciders:
            problems.append(Problem("D4", "there is no tunnel-fight tie to settle; drop 'keep'"))
        elif idle:
            problems.append(Problem("D7", f"'keep' names {', '.join(map(str, idle))}, which settles no tie; drop it"))
    if losers:
        new = new.replace(players=tuple(replace(p, doors=tuple(d for d in p.doors if d not in losers.get(p.colour, ())))
                                        for p in new.players))
    return new, problems


def _perform_step(state: State, action: Step) -> tuple[State, list[Problem]]:
    me = state.current
    source = resolve(state, action.source)
    target = resolve(state, action.target)
    used = _steps_used(state, source) or 0
    prisoners = list(me.prisoners)
    prisoners.remove(source)
    prisoners.append(target)
    moved = list(state.turn.moved)
    if used:
        moved.remove((source, used))
    moved.append((target, used + 1))
    player = replace(me, prisoners=tuple(sorted(prisoners)))
    zones = state.zones
    if target.kind is PlaceKind.GREEN:
        zone = state.board.zone_of_cell[target.at]
        if zone not in state.zone_owner:
            zones = tuple(sorted(zones + ((zone, me.colour),)))  # Z1: the first prisoner claims
    if me.key and target.kind in (PlaceKind.GREEN, PlaceKind.ISLAND):
        player = replace(player, key=False)  # K2: the key is lost, the door comes back
    new = state.replace(players=_with_player(state, player), zones=zones,
                        turn=replace(state.turn, moved=tuple(sorted(moved))))
    problems = _unused(action.choices, keep=False, handin=True)
    if target.kind is PlaceKind.GREEN and (player.freed >= state.target or player.count(PlaceKind.GREEN) >= state.discovery):
        # The step ends the game (E4) or the round (E1, at once: remaining steps are
        # lost).  Keys are settled after the collapse, when every door is in hand.
        if action.choices.handin is not None:
            problems.append(Problem("K1", "this step ends the round, and the doors all come back: drop 'handin'"))
        if problems:
            return new, problems
        return (_game_over(new) if player.freed >= state.target else _end_round(new)), []
    new, key_problems = _keys(new, action.choices)
    problems += key_problems
    if problems:
        return new, problems
    return _maybe_end_turn(new), []


def _perform_door(state: State, action: PlaceDoor | MoveDoor) -> tuple[State, list[Problem]]:
    me = state.current
    if isinstance(action, PlaceDoor):
        doors = me.doors + (action.spot,)
    else:
        doors = tuple(action.target if d == action.source else d for d in me.doors)
    new = state.replace(players=_with_player(state, replace(me, doors=tuple(sorted(doors)))),
                        turn=replace(state.turn, door_action=True))
    return _settle(new, action, _unused(action.choices, keep=False, handin=True))


def _settle(state: State, action: Action, problems: list[Problem]) -> tuple[State, list[Problem]]:
    """After a tile or door action: keys (K1 is checked after every action), then
    maybe the end of the turn.  ``_keys`` refuses a 'handin' nobody needed."""
    state, key_problems = _keys(state, action.choices)
    return _maybe_end_turn(state), problems + key_problems


def _keys(state: State, choices: Choices) -> tuple[State, list[Problem]]:
    """K1: whoever qualifies receives the master key and hands in one door."""
    problems: list[Problem] = []
    players = []
    handin_used = False
    for p in state.players:
        if not p.key and rules.key_condition(state, p):
            if p.doors_in_hand > 0:
                p = replace(p, key=True)
            elif choices.handin in p.doors:
                p = replace(p, key=True, doors=tuple(d for d in p.doors if d != choices.handin))
                handin_used = True
            else:
                options = " or ".join(f"'handin {d}'" for d in p.doors)
                problems.append(Problem("K1", f"{p.colour} gains the master key with both doors on the board: "
                                              f"choose the door to hand in: add {options}"))
        players.append(p)
    if choices.handin is not None and not handin_used and not problems:
        problems.append(Problem("K1", "no door is handed in by this action; drop 'handin'"))
    return state.replace(players=tuple(players)), problems


# =========================================================================== turn and round


def _maybe_end_turn(state: State) -> State:
    if state.finished or state.turn.phase == 1:
        return state
    t = state.turn
    if state.advanced:
        done = t.tile_action and (t.door_action or t.steps >= STEP_BUDGET)
    else:
        done = t.phase == 3 and (t.door_action or t.steps >= STEP_BUDGET)
    return _end_turn(state) if done else state


def _end_turn(state: State) -> State:
    """The turn is over: end the round if the last tile was taken (E2), else next player."""
    if state.turn.round_ends:
        return _end_round(state)
    return _begin_turn(state.replace(turn=Turn(player=_next_player(state, state.turn.player))))


def _next_player(state: State, player: int) -> int:
    """The seat after ``player`` clockwise (S1), or in a puzzle always the goal's
    player: the others pass (Q2)."""
    if state.solo is not None:
        return state.colours.index(state.solo)
    return (player + 1) % len(state.players)


def turn_ended(before: State, action: Action, after: State) -> bool:
    """Whether ``action`` (applied to ``before``, giving ``after``) finished a turn:
    by ``end``, a door action or the fifth step (N4), the last tile (E2), a
    discovery (E1) or the end of the game (E4, E5).

    In a real game the player to move changes; in a puzzle (Q2) the same player
    moves again, so a new turn is recognised by its fresh record: a turn that has
    just begun is ``Turn(player, 1)``, or ``Turn(player, 2)`` when phase 1 is
    skipped (N1, N5), and no action but ``take`` leaves a turn looking like that.
    """
    if after.finished or after.round != before.round or after.turn.player != before.turn.player:
        return True
    t = after.turn
    return not isinstance(action, Take) and t.phase in (1, 2) and t == Turn(player=t.player, phase=t.phase)


def _begin_turn(state: State) -> State:
    """Phase 1 is skipped by a player holding 3 tiles, or when the stacks are empty (N1)."""
    if len(state.current.hand) >= 3 or not any(state.stacks):
        return state.replace(turn=replace(state.turn, phase=2))
    return state


def _end_round(state: State) -> State:
    """E3: the collapse.  Then E4/E5, and the next round begins with the next player."""
    ender = state.turn.player
    players = []
    survivors: set[Cell] = set()
    for p in state.players:
        prisoners = []
        for place in p.prisoners:
            if place.kind is PlaceKind.TILE:
                if _feature_kind(state, place.spot) is FeatureKind.HIDEOUT:
                    prisoners.append(place)
                    survivors.add(place.at)
                else:
                    prisoners.append(DEAD)
            elif place.kind is PlaceKind.GREEN:
                prisoners.append(FREED)
            else:
                prisoners.append(place)
        players.append(replace(p, prisoners=tuple(sorted(prisoners)), doors=(), hand=()))
    kept = tuple((c, p) for c, p in state.tiles if c in survivors)
    pool = [p.tile for c, p in state.tiles if c not in survivors]
    pool += [t for p in state.players for t in p.hand]
    pool += [t for s in state.stacks for t in s]
    pool.sort()
    rng = random.Random(f"sectionx:{state.seed}:{state.round}")
    rng.shuffle(pool)
    stacks = tuple(tuple(pool[i::STACKS]) for i in range(STACKS))
    new = state.replace(players=tuple(players), tiles=kept, stacks=stacks, round=state.round + 1,
                        turn=Turn(player=_next_player(state, ender)))  # Q2: in a puzzle, the goal's player
    # K5: a key holder left with no prisoner in a hideout hands the key back (its door returns).
    new = new.replace(players=tuple(replace(p, key=False) if p.key and not any(pl.in_play for pl in p.prisoners) else p
                                    for p in new.players))
    new, _ = _keys(new, Choices())  # doors are all in hand: no choice is needed
    if any(p.freed >= new.target for p in new.players):
        return _game_over(new)
    can = [p for p in new.players if p.freed + p.available >= new.target]
    if not can or state.last_round:
        return _game_over(new)
    if len(can) < len(new.players):
        new = new.replace(last_round=True)
    return _begin_turn(new)


#: The steps of the final ranking (E4, E5) in the order they are applied, each named
#: as ``sectionx simulate`` reports which one decided a game.
RANKING_STEPS = ("target (E4)", "most freed (E5)", "freed + hidden (E5)", "most alive (E5)")


def standing(state: State, index: int) -> tuple[int, int, int, int]:
    """Where the player in seat ``index`` (from 0) stands on each of
    :data:`RANKING_STEPS`, more being better: reached the target (1 or 0), freed,
    freed plus prisoners in hideouts, freed plus available (alive)."""
    p = state.players[index]
    hidden = sum(1 for pl in p.prisoners if pl.kind is PlaceKind.TILE and _feature_kind(state, pl.spot) is FeatureKind.HIDEOUT)
    return int(p.freed >= state.target), p.freed, p.freed + hidden, p.freed + p.available


def ranking(state: State) -> tuple[Colour, ...]:
    """E4, E5: a player who reached the target first; then most freed; then freed plus
    prisoners in hideouts; then most prisoners alive.  Equal players keep seat order
    (the rules name no further tie-break)."""
    order = sorted(range(len(state.players)), key=lambda i: (tuple(-x for x in standing(state, i)), i))
    return tuple(state.players[i].colour for i in order)


def deciding_step(state: State) -> str | None:
    """For a finished game, the step of :data:`RANKING_STEPS` that put the winner
    (``ranking[0]``) ahead of the second; None when the two are equal on every step:
    then no rule made the winner, and ``ranking`` lists them in seat order."""
    first, second = (state.colours.index(c) for c in state.ranking[:2])
    for step, a, b in zip(RANKING_STEPS, standing(state, first), standing(state, second), strict=True):
        if a != b:
            return step
    return None


def _game_over(state: State) -> State:
    return state.replace(ranking=ranking(state))


# =========================================================================== generation


def legal_actions(state: State) -> list[Action]:
    """Every legal action now, each once (one rotation per different result)."""
    kind = _phase_of(state)
    if kind == "over":
        return []
    if kind == "take":
        return [Take(i + 1) for i, s in enumerate(state.stacks) if s]
    out: list[Action] = []
    if _tile_action_open(state):
        out += _with_decisions(state, _tile_candidates(state), tile=True)
    return out + _other_actions(state, kind)


def _other_actions(state: State, kind: str) -> list[Action]:
    """The legal actions that are not tile actions: pass, steps, doors, end (in that order)."""
    out: list[Action] = []
    if kind == "tile":
        out.append(Pass())
    if _steps_open(state):
        out += _with_decisions(state, _step_candidates(state), tile=False)
    if _door_open(state):
        out += _door_candidates(state)
    if kind in ("act", "free"):
        out.append(End())
    return out


def _with_decisions(state: State, candidates: list[Action], *, tile: bool) -> list[Action]:
    """Expand actions whose consequences need a decision (D4 ties, K1 hand-in)."""
    if tile:
        # Only a tile action can join tunnels, and only doors of two players can fight.
        if len({p.colour for p in state.players if p.doors}) < 2:
            return candidates
        may_fight = _fight_filter(state)
    elif not any(not p.key and not p.doors_in_hand for p in state.players):
        return candidates  # everyone could hand in a door from hand (K1)
    else:
        may_fight = None
    out: list[Action] = []
    for action in candidates:
        if may_fight is not None and not may_fight(action):
            out.append(action)
            continue
        _, problems = _perform(state, action)
        if not problems:
            out.append(action)
            continue
        out.extend(_decided(state, action))
    return out


def _fight_filter(state: State) -> Callable[[Action], bool]:
    """A cheap test that is true for every tile action that could need a tie decision (D4).

    Before the action no tunnel holds doors of two players (D2).  A tunnel that
    does afterwards must run through a tile the action laid or moved, so it is
    enough to collect the door owners of the tunnels those tiles touch at their
    new place, and of the tunnels they belonged to (their doors travel along),
    with the lengths of those tunnels before the action.  A decision is needed
    only for a tie (D4, D6), which needs two owners with a tunnel of the same
    length; without one, the fight (if any) settles itself.
    """
    t = rules.tunnels(state)
    owner_of = tunnel_owners(state)
    tiles = state.tile_at
    cat = state.catalogue
    table = state.board.neighbour_table
    # For every cell next to an owned tunnel: edge -> (neighbour cell, owner) where it opens.
    lengths = {cid: len({s.cell for s in spots}) for cid, spots in t.members.items() if cid in owner_of}
    facing: dict[Cell, list[tuple[int, Cell, tuple[Colour, int]]]] = {}
    carried: dict[Cell, set[tuple[Colour, int]]] = {}
    for spot, cid in t.component.items():
        colour = owner_of.get(cid)
        if colour is None:
            continue
        mark = (colour, lengths[cid])
        carried.setdefault(spot.cell, set()).add(mark)
        placed = tiles[spot.cell]
        for edge in cat[placed.tile].features[spot.feature].rotated(placed.rotation):
            n = table[spot.cell][edge] if spot.cell in table else spot.cell.neighbour(edge)
            facing.setdefault(n, []).append((opposite(edge), spot.cell, mark))

    def around(cell: Cell, tile_id: str, rotation: int, moved: tuple[Cell, ...], owners: set[tuple[Colour, int]]) -> None:
        mask = cat[tile_id].open_masks[rotation]
        for edge, source, mark in facing.get(cell, ()):
            if mask & (1 << edge) and source not in moved:
                owners.add(mark)

    def may_fight(action: Action) -> bool:
        owners: set[tuple[Colour, int]] = set()
        if isinstance(action, PlaceTile):
            around(action.cell, action.tile, action.rotation, (), owners)
        elif isinstance(action, Rotate):
            owners |= carried.get(action.cell, set())
            around(action.cell, tiles[action.cell].tile, action.rotation, (action.cell,), owners)
        elif isinstance(action, Move):
            owners |= carried.get(action.source, set())
            around(action.target, tiles[action.source].tile, action.rotation, (action.source,), owners)
        elif isinstance(action, Swap):
            owners |= carried.get(action.a, set()) | carried.get(action.b, set())
            around(action.a, tiles[action.b].tile, action.rotation_a, (action.a, action.b), owners)
            around(action.b, tiles[action.a].tile, action.rotation_b, (action.a, action.b), owners)
        if len(owners) < 2:
            return False
        by_length: dict[int, set[Colour]] = {}
        for colour, length in owners:
            by_length.setdefault(length, set()).add(colour)
        return any(len(colours) > 1 for colours in by_length.values())

    return may_fight


def _decided(state: State, action: Action) -> list[Action]:
    """The variants of ``action`` with every decision it needs made (D4 ties, K1 hand-in).

    Tile actions try 'keep' priority lists of the door owners, shortest first
    (one action can start several tied fights, D7); variants that lead to the
    same position are kept once, in their shortest spelling.
    """
    if isinstance(action, Step):
        options = [Choices(handin=d) for d in state.current.doors]
    else:
        ties: list[tuple[Colour, ...]] = []
        _perform_tile_action(_phase_two(state), action.with_choices(Choices()), ties)
        colours = list(dict.fromkeys(c for tied in ties for c in tied))  # only the tied ones can settle
        options = [Choices(keep=order) for k in range(1, len(colours) + 1)
                   for order in itertools.permutations(colours, k)]
    out = []
    seen = set()
    for choice in options:
        candidate = action.with_choices(choice)
        new, problems = _perform(state, candidate)
        if not problems and new not in seen:
            seen.add(new)
            out.append(candidate)
    return out


def _constraint(tiles: dict[Cell, Placed], state: State, cell: Cell, ignore: tuple[Cell, ...] = ()) -> tuple[int, int]:
    """(edges that touch a tile, edges where that tile opens) around ``cell`` (P1)."""
    known = opened = 0
    cat = state.catalogue
    for edge, n in enumerate(state.board.neighbour_table.get(cell) or cell.neighbours()):
        placed = tiles.get(n)
        if placed is None or n in ignore:
            continue
        known |= 1 << edge
        if cat[placed.tile].open_masks[placed.rotation] & (1 << opposite(edge)):
            opened |= 1 << edge
    return known, opened


_FITS: dict[tuple[object, ...], tuple[int, ...]] = {}


def _fitting(tile: TileType, occupied: frozenset[int] | bool, known: int, opened: int) -> tuple[int, ...]:
    """Rotations (one per result) of ``tile`` whose openings meet a cell's constraint (P1).

    Memoised: the same few constraints come up again and again."""
    key = (tile.id, tile.features, occupied, known, opened)
    rots = _FITS.get(key)
    if rots is None:
        masks = tile.open_masks
        rots = tuple(r for r in tile.rotation_choices(occupied) if masks[r] & known == opened)
        if len(_FITS) > 200_000:
            _FITS.clear()
        _FITS[key] = rots
    return rots


def _without(constraint: tuple[int, int], cell: Cell, gone: Cell, tiles: dict[Cell, Placed], state: State) -> tuple[int, int]:
    """``cell``'s constraint once the tile on ``gone`` has been lifted."""
    edge = cell.direction_to(gone)
    if edge is None or gone not in tiles:
        return constraint
    bit = 1 << edge
    return constraint[0] & ~bit, constraint[1] & ~bit


def _tile_candidates(state: State) -> list[Action]:
    tiles = state.tile_at
    cat = state.catalogue
    board = state.board
    empty = [c for c in board.sorted_tile_cells if c not in tiles]
    # Every cell's constraint once; lifting a tile only changes its neighbours' constraints.
    base = {c: _constraint(tiles, state, c) for c in board.sorted_tile_cells}
    out: list[Action] = []
    for tile_id in sorted(set(state.current.hand)):
        tile = cat[tile_id]
        for cell in empty:
            out.extend(PlaceTile(tile_id, cell, rot) for rot in _fitting(tile, False, *base[cell]))
    t = rules.tunnels(state)
    liftable = {}
    for cell, _placed in state.tiles:
        if cell not in board.tile_cells:
            continue
        liftable[cell] = (not _carry_problems(state, cell, "move", t), not _carry_problems(state, cell, "rotate", t))
    occupied = {cell: _occupied(state, cell) for cell in liftable}
    riders = {cell: _hideout_riders(state, cell) for cell in liftable}
    d = board.green_distance
    for cell, (can_move, can_rotate) in liftable.items():
        placed = tiles[cell]
        tile = cat[placed.tile]
        if can_rotate:
            current = tile.canonical_rotation(placed.rotation, occupied[cell])
            out.extend(Rotate(cell, rot) for rot in _fitting(tile, occupied[cell], *base[cell]) if rot != current)
        if can_move:
            for target in empty:
                if riders[cell] and d[target] < d[cell]:
                    continue
                fit = _fitting(tile, occupied[cell], *_without(base[target], target, cell, tiles, state))
                out.extend(Move(cell, target, rot) for rot in fit)
    movable = sorted(c for c, (can_move, _) in liftable.items() if can_move)
    for i, a in enumerate(movable):
        ta = cat[tiles[a].tile]
        for b in movable[i + 1 :]:
            if (riders[a] and d[b] < d[a]) or (riders[b] and d[a] < d[b]):
                continue
            tb = cat[tiles[b].tile]
            # a's tile goes to b and b's tile to a; each is checked against the
            # other neighbours first, then against each other if they touch.
            rots_at_b = _fitting(ta, occupied[a], *_without(base[b], b, a, tiles, state))
            if not rots_at_b:
                continue
            rots_at_a = _fitting(tb, occupied[b], *_without(base[a], a, b, tiles, state))
            edge = a.direction_to(b)
            for ra in rots_at_a:
                for rb in rots_at_b:
                    if edge is not None:
                        a_open = bool(tb.open_masks[ra] & (1 << edge))
                        b_open = bool(ta.open_masks[rb] & (1 << opposite(edge)))
                        if a_open != b_open:
                            continue
                    out.append(Swap(a, ra, b, rb))
    return out


def _step_candidates(state: State) -> list[Action]:
    me = state.current
    out: list[Action] = []
    load = _occupants(state)
    doors = _door_at(state)
    for source in sorted(set(me.prisoners)):
        if source.kind not in (PlaceKind.ISLAND, PlaceKind.TILE):
            continue
        used = _steps_used(state, source)
        if used is None or used >= STEPS_PER_PRISONER:
            continue
        for target in _step_neighbours(state, source):
            if target.kind is PlaceKind.TILE:
                if load[target.spot] >= state.feature(target.spot).capacity:
                    continue
                door = doors.get(target.spot)
                if door is not None and door != me.colour and not me.key:
                    continue
            elif target.kind is PlaceKind.GREEN:
                zone = state.board.zone_of_cell[target.at]
                if not claim_allowed(state, me.colour, zone):
                    continue
            out.append(Step(_as_written(source), _as_written(target)))
    return out


def _door_targets(state: State, t: rules.Tunnels, moving: Spot | None = None) -> list[Spot]:
    me = state.current.colour
    doors = _door_at(state)
    foreign_tunnels = {t.component[s] for s, c in doors.items() if c != me and s in t.component}
    strangers = {pl.spot for p in state.players if p.colour != me for pl in p.prisoners if pl.kind is PlaceKind.TILE}
    out = []
    for cell, placed in state.tiles:
        for i, f in enumerate(state.catalogue[placed.tile].features):
            spot = Spot(cell, i)
            if (f.kind.takes_door and spot not in doors and spot not in strangers
                    and t.component[spot] not in foreign_tunnels and spot != moving):
                out.append(spot)
    return out


def _door_candidates(state: State) -> list[Action]:
    me = state.current
    t = rules.tunnels(state)
    out: list[Action] = []
    targets = _door_targets(state, t)
    if me.doors_in_hand > 0:
        out += [PlaceDoor(s) for s in targets]
    for source in me.doors:
        out += [MoveDoor(source, s) for s in targets if s != source]
    return out


# =========================================================================== sampling


def random_action(state: State, rng: random.Random) -> Action:
    """One action drawn uniformly from ``legal_actions(state)``, without listing them all.

    A random phase 2 has a couple of thousand legal tile actions; listing them is
    most of the cost of a random game.  Instead an index is drawn from a larger,
    cheaply numbered set of candidates (every hand tile on every empty cell,
    every liftable tile to every empty cell or partner, one rotation per result),
    and rejected until it names a legal action.  An action that needs a decision
    comes in k variants (D4 'keep'); it is accepted with probability k/K and one
    variant chosen, which keeps every legal action equally likely.
    """
    kind = _phase_of(state)
    if kind == "over":
        raise IllegalAction(End(), [_over(state)])
    if kind == "take" or not _tile_action_open(state):
        return rng.choice(legal_actions(state))
    others = _other_actions(state, kind)
    space = _CandidateSpace(state)
    owners = len({p.colour for p in state.players if p.doors})
    # Distinct results of the 'keep' lists are at most the orders of the door owners (D7).
    bound = math.factorial(owners) if owners >= 2 else 1
    may_fight = _fight_filter(state) if owners >= 2 else None
    total = len(others) + space.size
    while True:
        index = rng.randrange(total)
        if index < len(others):
            if bound == 1 or rng.randrange(bound) == 0:
                return others[index]
            continue
        action = space.decode(index - len(others))
        if action is None:
            continue
        variants = [action]
        if may_fight is not None and may_fight(action):
            _, problems = _perform(state, action)
            if problems:
                variants = _decided(state, action)
        if len(variants) > bound:  # pragma: no cover - the bound is a proof obligation
            raise AssertionError(f"{action}: {len(variants)} variants exceed the bound {bound}")
        if rng.randrange(bound) < len(variants):
            return variants[rng.randrange(len(variants))]


class _CandidateSpace:
    """Tile-action candidates numbered 0..size-1 and decoded on demand (see random_action).

    Each legal tile action (one rotation per result) has exactly one number, the
    same set ``_tile_candidates`` lists; ``decode`` returns None for the others.
    """

    def __init__(self, state: State):
        self.state = state
        tiles = self.tiles = state.tile_at
        cat = state.catalogue
        board = state.board
        self.empty = [c for c in board.sorted_tile_cells if c not in tiles]
        self.base = {c: _constraint(tiles, state, c) for c in board.sorted_tile_cells}
        self.d = board.green_distance
        t = rules.tunnels(state)
        segments: list[tuple[int, str, tuple[Any, ...]]] = []
        size = 0

        def add(count: int, kind: str, data: tuple[Any, ...]) -> None:
            nonlocal size
            if count:
                segments.append((size, kind, data))
                size += count

        for tile_id in sorted(set(state.current.hand)):
            rots = cat[tile_id].rotation_choices(False)
            add(len(self.empty) * len(rots), "place", (tile_id, rots))
        movable = []
        for cell, placed in state.tiles:
            if cell not in board.tile_cells:
                continue
            tile = cat[placed.tile]
            occupied = _occupied(state, cell)
            rots = tile.rotation_choices(occupied)
            if not _carry_problems(state, cell, "rotate", t):
                add(len(rots), "rotate", (cell, tile, occupied, rots))
            if not _carry_problems(state, cell, "move", t):
                movable.append((cell, tile, occupied, rots, _hideout_riders(state, cell)))
                add(len(self.empty) * len(rots), "move", (cell, tile, occupied, rots))
        movable.sort(key=lambda m: m[0])
        for i, a in enumerate(movable):
            for b in movable[i + 1 :]:
                add(len(a[3]) * len(b[3]), "swap", (a, b))
        self.size = size
        self.starts = [s for s, _, _ in segments]
        self.segments = segments

    def decode(self, index: int) -> Action | None:
        k = bisect.bisect_right(self.starts, index) - 1
        start, kind, data = self.segments[k]
        offset = index - start
        tiles, state = self.tiles, self.state
        if kind == "place":
            tile_id, rots = data
            cell, rot = self.empty[offset // len(rots)], rots[offset % len(rots)]
            known, opened = self.base[cell]
            return PlaceTile(tile_id, cell, rot) if state.catalogue[tile_id].open_masks[rot] & known == opened else None
        if kind == "rotate":
            cell, tile, occupied, rots = data
            rot = rots[offset]
            known, opened = self.base[cell]
            current = tile.canonical_rotation(tiles[cell].rotation, occupied)
            return Rotate(cell, rot) if rot != current and tile.open_masks[rot] & known == opened else None
        if kind == "move":
            cell, tile, occupied, rots = data
            target, rot = self.empty[offset // len(rots)], rots[offset % len(rots)]
            if _hideout_riders(state, cell) and self.d[target] < self.d[cell]:
                return None
            known, opened = _without(self.base[target], target, cell, tiles, state)
            return Move(cell, target, rot) if tile.open_masks[rot] & known == opened else None
        (a, ta, _, rots_a, riders_a), (b, tb, _, rots_b, riders_b) = data
        # a's tile goes to b at rot_b; b's tile goes to a at rot_a.
        ra, rb = rots_b[offset // len(rots_a)], rots_a[offset % len(rots_a)]
        if (riders_a and self.d[b] < self.d[a]) or (riders_b and self.d[a] < self.d[b]):
            return None
        kb, ob = _without(self.base[b], b, a, tiles, state)
        ka, oa = _without(self.base[a], a, b, tiles, state)
        if ta.open_masks[rb] & kb != ob or tb.open_masks[ra] & ka != oa:
            return None
        edge = a.direction_to(b)
        if edge is not None and bool(tb.open_masks[ra] & (1 << edge)) != bool(ta.open_masks[rb] & (1 << opposite(edge))):
            return None
        return Swap(a, ra, b, rb)
