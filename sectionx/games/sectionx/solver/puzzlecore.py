"""Puzzles on the search core: the goal player's whole turns as the exact solver's successors.

:class:`CoreProblem` is a :class:`sectionx.search.Problem`.  A node is the
position at the start of one of the goal player's turns (Q2: the others pass),
kept as a snapshot of a :class:`~sectionx.games.sectionx.solver.core.Position`.  Its
successors are the distinct ways that turn can go, searched move by move on
the core with make/unmake: every sequence of legal moves up to the turn's end,
or up to the first move after which the goal holds (Q4).  Each carries its
plan part (the tile and door actions as they lie on the board, Q5, worded
exactly as :func:`sectionx.games.sectionx.puzzle.plan_items` words them) and its cost (the
number of those items).

What keeps this exact, point by point (docs/solver.md gives the arguments):

* **Keys** are the core's canonical keys (:meth:`Position.key`), exact tuples:
  equal keys, equal futures.  Inside a turn two lines of play meet when their
  positions *and* their plans so far are equal.
* **The bound** (:class:`Reach`) counts what a free or zone goal needs: steps
  (at most 2 per prisoner and 5 in all per turn, M3) over the tile cells and the
  island, never through a green area (M5), and tile actions: one per empty cell
  on the way and one per ride (a hideout tile carrying the prisoner, N3, which
  takes no step), of which a turn has one (N2).  Doors, fits and capacities are
  ignored, which only makes it smaller.
* **Cuts inside a turn** ask the same question of the position reached: right
  after a tile action (the turn's fill is spent) and after every step.
* **The last turn** is searched first without tile actions; if that meets the
  goal with no tile or door action, nothing dearer is an optimal ending.  Else a
  tile action is tried only if it touches a relevant cell (or sends a door home
  from one, D4; :meth:`_Turn.relevant_cells`): any other tile action leaves
  every step legal that was legal without it, so its endings were all found by
  the first pass at lower cost.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ....search import Successor
from .. import engine
from ..actions import Action
from ..model import Goal, GoalKind, State
from ..puzzle import plan_items
from .core import DOOR, END, KEEP, MOVE, MOVEDOOR, PLACE, REFEREE, ROTATE, STEP, SWAP, Position, action_of
from .movegen import claim_allowed, legal_moves
from .reach import INF, Reach, forward, graph
from .shelter import LastTurnCut, Shelter, board_facts, exposed, fight_turn, hideouts_in_play
from .tables import GREEN_NB, HIDEOUT, ISLAND_NB, CoreMove, Tables

#: The edge across from each edge of a hex.
_OPPOSITE = (3, 4, 5, 0, 1, 2)

#: Steps a turn allows, in all and for one prisoner (M3).
STEPS, STEPS_EACH = 5, 2


@dataclass(frozen=True, eq=False)
class Node:
    """A position at the start of one of the goal player's turns: the core's
    snapshot, its canonical key, its lower bound (turns still needed) and a lower
    bound on the cost still to come."""

    snap: tuple[Any, ...]
    key: Hashable
    bound: int
    # Per number of turns left: the tile actions any solution within them still
    # needs, at least (fills and rides: each a tile action, so a cost, Q5).
    fills: tuple[int, ...] = ()


def restore_snapshot(pos: Position, snap: tuple[Any, ...]) -> None:
    """Make ``pos`` the snapshot's position, leaving the snapshot untouched: the
    position changes its lists in place, so it gets copies of them."""
    pos._restore(tuple(
        [row[:] for row in v] if isinstance(v, list) and v and isinstance(v[0], list)
        else v[:] if isinstance(v, list) else v
        for v in snap))


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
        self._static: dict[tuple[frozenset[int], tuple[int, ...] | None], Reach] = {}
        T = self.T
        self._is_hideout = tuple(tt.hideout for tt in T.tile_types)  # per tile
        self._target_cache: dict[tuple[int, tuple[int, ...]], frozenset[int]] = {}
        self._reach: dict[tuple[frozenset[int], Hashable], Reach] = {}  # by targets and empty cells (or board name)
        self._touches: dict[Hashable, list[int]] = {}  # the touch bound's table by targets and tiles (or board name)
        self._shelters: dict[Hashable, Shelter] = {}  # walks to shelter by goal kind, doors fixed, board
        self._costs: dict[Hashable, tuple[int, ...] | None] = {}  # ride_costs by board name
        self._collapses: dict[Hashable, tuple[int, tuple[int, ...]]] = {}  # _collapse by board name and prisoners
        self.walls = self._find_walls()

    def _find_walls(self) -> tuple[bool, ...] | None:
        """Per cell (and the island, last: never), whether no way of the goal's
        player can pass it in this puzzle; None when there are none (or the round
        might end, see below).

        A wall is a cell whose tile carries another player's prisoner and holds no
        prisoner of the goal's player, and none of whose features both has room
        (T2: a hideout holds 2, any other feature 1; the goal's player's own
        prisoners left out, they may step away) and opens onto two edges, so that
        a prisoner could enter it across one and leave across another (M2, M4).
        Such a tile lies as it lies for the whole puzzle: the goal's player may not
        rotate it (it carries a prisoner), nor move or swap it (not every prisoner
        on it is theirs, N2), and the other players pass (Q2), so their prisoners
        stay.  Only a collapse (E3) would clear it, so walls are used only when the
        round cannot end before the goal is met: every stack is empty (no E2), and
        E1's discovery needs more arrivals on green areas than the goal needs
        (a goal of *free* parts only) or than the player has prisoners in play.
        (ruling Q2; the argument is in docs/solver.md, "Walls")."""
        pos, T, me = self.pos, self.T, self.me
        if any(pos.stacks):
            return None
        arrivals = pos.discovery - pos.greens[me]
        in_play = sum(pos.pc[me][s] for s in set(pos.where[me]) if s == 0 or s >= T.spot0)
        if in_play >= arrivals:
            if any(k is not GoalKind.FREE for k, _, _ in self.parts):
                return None
            if max(self.need(k, c, z) for k, c, z in self.parts) > arrivals:
                return None
        walls = [False] * (T.ncells + 1)
        for c in range(T.ncells):
            t = pos.tile[c]
            if t < 0:
                continue
            tt = T.tile_types[t]
            spots = range(T.spot0 + 3 * c, T.spot0 + 3 * c + len(tt.kinds))
            if any(pos.pc[me][s] for s in spots):
                continue
            if not any(pos.pc[p][s] for p in range(pos.n) if p != me for s in spots):
                continue
            walls[c] = not any(
                pos.load[s] - pos.pc[me][s] < (2 if tt.kinds[f] == HIDEOUT else 1)
                and len(tt.feature_edges[f][pos.rot[c]]) >= 2
                for f, s in enumerate(spots))
        return tuple(walls) if any(walls) else None

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

    def ride_costs(self) -> tuple[int, ...] | None:
        """Per cell, the tile actions a ride from there needs at least (see
        :class:`Reach`): 1 where a hideout tile lies now or nothing does, 2 where
        another tile lies; None when no hideout tile is in play (on the board, in
        a hand or in a stack)."""
        pos, hide = self.pos, self._is_hideout
        if not (any(t >= 0 and hide[t] for t in pos.tile) or any(hide[t] for h in pos.hand for t in h)
                or any(hide[t] for st in pos.stacks for t in st)):
            return None
        return tuple(1 if t < 0 or hide[t] else 2 for t in pos.tile)

    def brings_hideout(self, move: CoreMove, kind: int) -> bool:
        """Whether a tile action lays a hideout tile where another tile lay (a swap):
        a ride from there then needs one action fewer than :meth:`ride_costs` said.
        (A place or a move fills an empty cell, whose cost was 1 already.)"""
        if kind != SWAP:
            return False
        m = move[1] if move[0] == KEEP else move
        tile, hide = self.pos.tile, self._is_hideout
        return bool(hide[tile[m[1]]] != hide[tile[m[3]]])

    def _static_reach(self, targets: frozenset[int], costs: tuple[int, ...] | None) -> Reach:
        """Distances with every cell counted as filled: true whatever tiles come and
        go.  ``steps(c, rides, k)`` counts up to ``k`` rides (``costs``: what a ride
        from each cell needs, :meth:`ride_costs`); ``to[0]`` is plain walking."""
        key = (targets, costs)
        r = self._static.get(key)
        if r is None:
            if len(self._static) > 256:
                self._static.clear()
            r = self._static[key] = Reach(self.T, targets, [False] * self.T.ncells, self.horizon + 1, costs, self.walls)
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

    def _prisoners(self, per_place: bool = False) -> list[tuple[int, bool]]:
        """The goal player's prisoners in play: (graph node, may ride a hideout tile);
        ``per_place``: one entry for all prisoners on one place (spot)."""
        pos, T = self.pos, self.T
        out = []
        for s in dict.fromkeys(pos.where[self.me]) if per_place else pos.where[self.me]:
            if s == 0:
                out.append((T.ncells, False))
            elif s >= T.spot0:
                out.append(((s - T.spot0) // 3, pos.hid[s]))
        return out

    def _places(self) -> list[int]:
        """The places of the goal player's prisoners in play (island and spots), one
        entry per prisoner."""
        spot0 = self.T.spot0
        return [s for s in self.pos.where[self.me] if s == 0 or s >= spot0]

    def bound(self, board: Hashable = None, cap: int | None = None, door_placed: bool = False
              ) -> tuple[int, tuple[int, ...]]:
        """Turns the current position (at a turn's start) still needs, at least, and
        how many tile actions are still needed, at least: a fill for every empty
        cell on the way and a ride for every hideout tile carrying a prisoner (each
        changes the board, so each is one unit of cost, Q5).

        ``board``, if given, names the arrangement of tiles and of the other
        players' doors exactly (the caller vouches: equal names, equal boards), so
        that distances are reused.  ``cap``, if given, says the caller only asks
        whether the bound exceeds it: both figures are then exact when the bound is
        at most ``cap``, and only known to exceed ``cap`` otherwise (the cheap parts
        come first and the rest is not looked at once they exceed it; the touch
        bound stops looking there).  ``door_placed``: the position is asked for as
        it will be after a door action of the player's that is still to come (the
        shelter bound counts the player's own doors on the board, see
        :func:`~.shelter.fight_turn`)."""
        pos, T = self.pos, self.T
        limit = INF if cap is None else cap
        best = 0
        fills = [0] * (self.horizon + 1)

        def add(turns: int, gaps: tuple[int, ...]) -> bool:
            nonlocal best
            best = max(best, turns)
            for r, g in enumerate(gaps):
                fills[r] = max(fills[r], g)
            return best > limit

        for kind, _, _ in self.parts:
            if kind is GoalKind.HIDE:
                best = max(best, math.ceil(pos.nonhide[self.me] / STEPS))
        needs = self._needs()
        costs = None
        if needs or not self.reach_only:
            costs = self._costs.get(board, ()) if board is not None else ()
            if costs == ():
                costs = self.ride_costs()
                if board is not None:
                    self._costs[board] = costs
        touching: list[tuple[frozenset[int], int]] = []
        for targets, kind, count, zone in needs:
            if add(*self._reach_part(targets, self.need(kind, count, zone), board, costs)):
                return min(best, INF), tuple(fills)
            if costs is None:
                touching.append((targets, self.need(kind, count, zone)))
        for kind, _, _ in self.parts:
            if (kind is GoalKind.HIDE or kind is GoalKind.KEY) and add(
                    *self._shelter_part(kind is GoalKind.HIDE, board, costs, door_placed)):
                return min(best, INF), tuple(fills)
        for targets, need in touching:
            # Tile actions the tunnels as they lie still need (no rides: no hideout in play).
            touch = self._touch(targets, board, INF if cap is None else 2 * cap + 1)
            acts = sorted(self._touch_cost(touch, targets, s) for s in pos.where[self.me] if s == 0 or s >= T.spot0)
            if len(acts) >= need:
                needed = (acts[need - 1] + 1) // 2
                add(needed, (needed,) * len(fills))
        return min(best, INF), tuple(fills)

    def _reach_part(self, targets: frozenset[int], need: int, board: Hashable, costs: tuple[int, ...] | None
                    ) -> tuple[int, tuple[int, ...]]:
        """The reach bound of a part that needs ``need`` more prisoners on ``targets``
        (:meth:`bound`): turns, and per number of turns left the tile actions
        still needed (:meth:`Reach.gaps`)."""
        pos = self.pos
        full = self._full_reach(targets, board, costs)
        per: list[int] = []
        lengths: list[int] = []
        gaps: list[tuple[int, ...]] = []
        for s in self._places():
            turns, row = full.place_need(pos, s)
            per.append(turns)
            gaps.append(row)
            # Steps over ways of at most ``horizon`` tile actions (fills and rides):
            # no solution within the limit has more, one a turn (N2).
            lengths.append(full.place_steps(pos, s, self.horizon))
        if len(per) < need:
            return INF, (INF,) * (self.horizon + 1)
        per.sort()
        lengths.sort()
        return (max(per[need - 1], math.ceil(sum(lengths[:need]) / STEPS) if lengths[need - 1] < INF else INF),
                tuple(sorted(g[r] for g in gaps)[need - 1] for r in range(self.horizon + 1)))

    # -------------------------------------------------------------- key and hide (shelter.py)

    def _board_now(self) -> Hashable:
        """A name for everything :func:`~.shelter.board_facts` reads, for a position
        asked about without a board name (the start, an ending after a collapse):
        tiles and their turns, the other players' doors and prisoners (their load on
        each place), and whether a hideout tile may still come from the hand or a
        stack."""
        pos, me = self.pos, self.me
        return (tuple(pos.tile), tuple(pos.rot), tuple(tuple(pos.doors[p]) for p in range(pos.n) if p != me),
                tuple(a - b for a, b in zip(pos.load, pos.pc[me])),
                any(self._is_hideout[t] for t in pos.hand[me]),
                any(self._is_hideout[t] for st in pos.stacks for t in st))

    def _shelter(self, hide: bool, doors_fixed: bool, board: Hashable, greens: bool = True) -> Shelter:
        """Walks to shelter on the current board (:class:`~.shelter.Shelter`), by
        board name when given (tiles and the other players' doors, see :meth:`bound`);
        ``greens``: green areas shelter too (else only hideouts do, and the island
        for *hide*)."""
        pos = self.pos
        if board is None:
            board = self._board_now()
        # The green areas the player may still enter change with the zones' owners
        # within one board name (a step claims a zone, Z1, and the reserve keeps the
        # other for its player): they are part of the key, or two endings of one
        # turn on one board would share one ending's walks (issue 29's review).
        targets = self._targets(-1) if greens else frozenset()
        key = (hide, doors_fixed, greens, board, targets)
        got = self._shelters.get(key)
        if got is None:
            if len(self._shelters) > 4096:
                self._shelters.clear()
            hcost, walls = board_facts(pos, self.me, doors_fixed)
            empty = [t < 0 for t in pos.tile]
            # Boards that differ only where no figure looks share their walks.
            content = (hide, targets, hcost, walls, tuple(c for c, e in enumerate(empty) if e))
            got = self._shelters.get(content)
            if got is None:
                got = self._shelters[content] = Shelter(self.T, self.horizon + 1, empty, hcost, targets, hide, walls)
            self._shelters[key] = got
        return got

    def _walks(self, shelter: Shelter, places: list[int], hideout: Shelter | None = None
               ) -> tuple[int, tuple[int, ...]]:
        """Turns and, per number of turns left, tile actions the walks of the
        prisoners on ``places`` to shelter need at least: each its own, and all
        their steps together at most 5 a turn (M3).  ``hideout``: walks to a
        hideout only, of which one prisoner must make one (K3: the key needs a
        prisoner in a hideout, and none is in one now)."""
        R = self.horizon
        turns = steps = 0
        gaps = [0] * (R + 1)
        for s in places:
            t, g, length = shelter.need(self.pos, s, R)
            turns, steps = max(turns, t), steps + length
            for r in range(R + 1):
                gaps[r] = max(gaps[r], g[r])
        if hideout is not None:
            ones = [hideout.need(self.pos, s, R)[:2] for s in dict.fromkeys(places)]
            turns = max(turns, min(t for t, _ in ones))
            for r in range(R + 1):
                gaps[r] = max(gaps[r], min(g[r] for _, g in ones))
        return min(INF, max(turns, math.ceil(steps / STEPS))), tuple(gaps)

    def _shelter_part(self, hide: bool, board: Hashable, costs: tuple[int, ...] | None, door_placed: bool
                      ) -> tuple[int, tuple[int, ...]]:
        """The bound of a *hide* or *key* part (docs/solver.md, "Key and hide
        goals"): turns, and per number of turns left the tile actions still needed.

        Every prisoner exposed now walks to its first shelter before the part can
        hold.  For *hide* no collapse comes first (it would bury the exposed
        prisoners, and the part never holds again, Q4); for *key* the walks are
        needed unless a collapse comes first, so the part needs at least the
        fewer of the walks' turns and the turns to the first collapse
        (:meth:`_collapse`).  Without the master key another player's door blocks
        a way (M4) until a tunnel fight sends it home (D4), which lets a step
        through no sooner than :func:`~.shelter.fight_turn`: the walks with doors
        fixed bound every solution without such a fight."""
        pos, me = self.pos, self.me
        R = self.horizon
        none = (0,) * (R + 1)
        if not hide and pos.key_[me]:
            return 0, none
        places = exposed(pos, me, hide)
        if not places:
            return 0, none
        k3 = not hide and not pos.hides[me]
        turns, gaps = self._walks(self._shelter(hide, False, board), places,
                                  self._shelter(hide, False, board, False) if k3 else None)
        if not pos.key_[me] and any(pos.doors[p] for p in range(pos.n) if p != me):
            fight = 1 if door_placed else fight_turn(pos, me)
            if fight > 1:
                fixed, fixed_gaps = self._walks(self._shelter(hide, True, board), places,
                                                self._shelter(hide, True, board, False) if k3 else None)
                turns = min(fixed, max(turns, fight))
                gaps = tuple(fixed_gaps[r] if r < fight else gaps[r] for r in range(R + 1))
        if not hide and turns < INF:
            slots, news = self._slots(board, costs, turns)
            turns = max(turns, slots)
            gaps = tuple(max(a, b) for a, b in zip(gaps, news, strict=True))
        if not hide:
            collapse, collapse_gaps = self._collapse(board, costs)
            turns = min(turns, collapse)
            gaps = tuple(min(a, b) for a, b in zip(gaps, collapse_gaps, strict=True))
        return turns, gaps

    def _slots(self, board: Hashable, costs: tuple[int, ...] | None, turns: int) -> tuple[int, tuple[int, ...]]:
        """The key's hideouts (K1, T2), for solutions with no collapse first: the
        fewest turns in which the player's prisoners in play can all find room, and
        per number of turns left the new hideouts that takes (each a tile action).

        When the key comes, every prisoner of the player in play stands on a green
        area or in one of at most two hideouts (K1), each holding at most two
        prisoners (T2), the other players' among them (they never move, Q2).  At
        most ``G`` more may stand on green areas: one more would end the round
        (E1) or the game (E4) first.  So within ``r`` turns at least ``a - min(G,
        g)`` of the ``a`` prisoners in play must be in hideouts, ``g`` those that
        can reach a green area within ``r`` turns (the reach bound).  A hideout
        used is one lying now, holding at most as many of them as can be in it
        within ``r`` turns (the walks to that hideout alone), or one brought to a
        new cell: each takes a tile action (a place, move or swap brings one
        hideout tile to one cell), so at most ``r`` of them, and no more than the
        hideout tiles that may come (in hand, in a stack, or lying on a cell whose
        tile may move and not counted as used where it lies), each holding two.
        ``turns``: the walks' bound, from which to look (the answer is monotone:
        more turns allow at least as much)."""
        pos, me, T = self.pos, self.me, self.T
        R = self.horizon
        news = [0] * (R + 1)
        places = self._places()
        a = len(places)
        G = max(0, min(pos.discovery - 1 - pos.greens[me], pos.target - 1 - pos.freed[me] - pos.greens[me]))
        full = self._full_reach(self._targets(-1), board, costs)
        greens = [full.place_need(pos, s)[0] for s in places]
        if a - min(G, sum(1 for t in greens if t <= R)) <= 0:
            return turns, tuple(news)  # all but G may reach a green area in time: nothing to tell
        hide = self._is_hideout
        pool = sum(1 for t in pos.hand[me] if hide[t]) + sum(1 for st in pos.stacks for t in st if hide[t])
        # Hideouts lying now with room beside the other players' prisoners: (room, may move, cell).
        lying: list[tuple[int, bool, int]] = []
        for c in range(T.ncells):
            t = pos.tile[c]
            if t < 0 or not hide[t]:
                continue
            tt = T.tile_types[t]
            base = T.spot0 + 3 * c
            foreign = [pos.load[base + f] - pos.pc[me][base + f] for f in range(len(tt.kinds))]
            room = max((tt.capacity[f] - foreign[f] for f, kind in enumerate(tt.kinds) if kind == HIDEOUT), default=0)
            if room > 0:
                lying.append((room, not any(foreign), c))
        into = self._shelter(False, False, board, False)  # any hideout, lying or brought
        some = [0 if s >= T.spot0 and pos.hid[s] else into.need(pos, s, R)[0] for s in places]
        reach = {c: self._hideout_turns(board, c, places) for _, _, c in lying}
        first = INF
        for r in range(R + 1):
            need = a - min(G, sum(1 for t in greens if t <= r))
            news[r] = INF
            if need <= 0:
                news[r] = 0
            elif r >= 1 and sum(1 for t in some if t <= r) >= need:
                rooms = [(min(room, sum(1 for t in reach[c] if t <= r)), movable) for room, movable, c in lying]
                movables = sum(1 for _, movable in rooms if movable)
                for m in range(min(2, r) + 1):
                    # Any choice of at most 2 - m lying hideouts to keep; the rest of the
                    # hideout tiles that may move, and those in hand and stacks, may come.
                    if any(m <= pool + movables - sum(1 for _, movable in kept if movable)
                           and sum(x for x, _ in kept) + 2 * m >= need
                           for size in range(min(2 - m, len(rooms)) + 1) for kept in combinations(rooms, size)):
                        news[r] = m
                        break
            if news[r] < INF and first == INF and r >= 1:
                first = r
        return max(turns, first), tuple(news)

    def _full_reach(self, targets: frozenset[int], board: Hashable, costs: tuple[int, ...] | None) -> Reach:
        """The reach distances to ``targets`` on the current board, with empty cells
        counted (cached by board name, or by the empty cells)."""
        pos = self.pos
        full = self._reach.get((targets, board)) if board is not None else None
        if full is None:
            empty = [t < 0 for t in pos.tile]
            holes = (tuple(c for c, e in enumerate(empty) if e), costs)
            full = self._reach.get((targets, holes))
            if full is None:
                if len(self._reach) > 4096:
                    self._reach.clear()
                full = self._reach[(targets, holes)] = Reach(self.T, targets, empty, self.horizon, costs, self.walls)
            if board is not None:
                self._reach[(targets, board)] = full
        return full

    def _hideout_turns(self, board: Hashable, x: int, places: list[int]) -> list[int]:
        """Per prisoner in play, at least the turns it needs to be in the hideout
        lying on cell ``x``: 0 in it, 1 in another hideout (it might ride, N3),
        else a walk to that hideout alone."""
        pos, T = self.pos, self.T
        key = ("hideout", x, board if board is not None else self._board_now())
        got = self._shelters.get(key)
        if got is None:
            hcost = tuple(0 if c == x else INF for c in range(T.ncells))
            got = self._shelters[key] = Shelter(T, self.horizon + 1, [t < 0 for t in pos.tile], hcost, frozenset(),
                                                False, board_facts(pos, self.me, False)[1])
        base = T.spot0 + 3 * x
        return [(0 if base <= s < base + 3 else 1) if s >= T.spot0 and pos.hid[s]
                else got.need(pos, s, self.horizon)[0] for s in places]

    def _collapse(self, board: Hashable, costs: tuple[int, ...] | None) -> tuple[int, tuple[int, ...]]:
        """The earliest of the goal player's turns, counting this one as 1, in which
        the round may end (E3), or INF, and per number of turns left the tile
        actions a line of play needs to end the round within them: E2 needs every
        tile of the stacks taken, one a turn (N1), and no tile action; E1 needs
        ``discovery`` prisoners of the player on green areas in this round, so as
        many more as are missing must walk there (the reach bound of a *free*
        part that needs them, on the green areas the player may enter, Z1, Z2).
        The other players pass (Q2)."""
        pos, me = self.pos, self.me
        # Zone owners too: the green areas E1's walks may end on follow them (Z1, Z2).
        memo = (board, tuple(sorted(self._places())), pos.greens[me], tuple(pos.zone_owner)) \
            if board is not None else None
        got = self._collapses.get(memo) if memo is not None else None
        if got is not None:
            return got
        got = self._collapse_now_or_later(board, costs)
        if memo is not None:
            if len(self._collapses) > 8192:
                self._collapses.clear()
            self._collapses[memo] = got
        return got

    def _collapse_now_or_later(self, board: Hashable, costs: tuple[int, ...] | None) -> tuple[int, tuple[int, ...]]:
        pos, me = self.pos, self.me
        R = self.horizon
        # (A puzzle may start after the last tile was taken: then the round ends with this turn.)
        tiles = 1 if pos.round_ends else sum(len(st) for st in pos.stacks)
        best = tiles or INF
        gaps = tuple(0 if r >= best else INF for r in range(R + 1))
        arrivals = pos.discovery - pos.greens[me]
        if arrivals <= len(self._places()):
            turns, walk = self._reach_part(self._targets(-1), arrivals, board, costs)
            best = min(best, turns)
            gaps = tuple(min(a, b if r >= turns else INF) for r, (a, b) in enumerate(zip(gaps, walk, strict=True)))
        return best, gaps

    def _touch(self, targets: frozenset[int], board: Hashable, stop: int = INF) -> list[int]:
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
        pos, T = self.pos, self.T
        key = (targets, board, stop) if board is not None else (targets, tuple(pos.tile), tuple(pos.rot), stop)
        got = self._touches.get(key)
        if got is not None:
            return got
        if len(self._touches) > 4096:
            self._touches.clear()
        n, nb, types, tile, rot = T.ncells, T.nb, T.tile_types, pos.tile, pos.rot
        masks = [types[t].open_mask[rot[c]] if t >= 0 else -1 for c, t in enumerate(tile)]
        isl = 6 * n
        dist = [INF] * (isl + 1)

        def own(c: int, e_in: int, e_out: int) -> int:
            m = masks[c]
            if m < 0:
                return 2
            return 0 if (m >> e_out) & 1 and (e_in < 0 or (m >> e_in) & 1) else 1

        # Backwards: an entry's cost is the cheapest way out of its cell plus what
        # lies beyond.  Buckets of small integer costs (0, 1, 2 per cell).
        buckets: dict[int, list[int]] = {}

        def offer(node: int, d: int) -> None:
            if d < dist[node]:
                dist[node] = d
                buckets.setdefault(d, []).append(node)

        def into(c: int, e_out: int, beyond: int) -> None:
            # every entry of c whose way leaves across e_out, with `beyond` after it
            for e_in in range(6):
                if e_in != e_out and (nb[6 * c + e_in] >= 0 or nb[6 * c + e_in] == ISLAND_NB):
                    offer(6 * c + e_in, beyond + own(c, e_in, e_out))

        for c in range(n):
            for e in range(6):
                m = nb[6 * c + e]
                if m <= GREEN_NB and GREEN_NB - m in targets:
                    into(c, e, 0)
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
                        into(c, e, d)
                    continue
                c, e = divmod(node, 6)
                # node: c entered across its edge e; the cell before it lies across e
                m = nb[6 * c + e]
                if m >= 0:
                    into(m, _OPPOSITE[e], d)
                elif m == ISLAND_NB:
                    offer(isl, d)
        if buckets:
            dist = [min(x, stop) for x in dist]
        self._touches[key] = dist
        return dist

    def _touch_cost(self, dist: list[int], targets: frozenset[int], s: int) -> int:
        """Twice the tile actions (see :meth:`_touch`) a prisoner on place ``s`` needs:
        from the island, its entry; from a tile, the cheapest way out of its cell
        (its tile counts as bad unless it opens onto the edge it leaves by)."""
        T = self.T
        if s == 0:
            return dist[6 * T.ncells]
        c = (s - T.spot0) // 3
        t = self.pos.tile[c]
        mask = T.tile_types[t].open_mask[self.pos.rot[c]]
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

    # -------------------------------------------------------------- nodes

    def key(self, node: Node) -> Hashable:
        return node.key

    def lower_bound(self, node: Node) -> int:
        return node.bound

    def cost_bound(self, node: Node, remaining: int) -> int:
        fills = node.fills
        return fills[min(remaining, len(fills) - 1)] if fills else 0

    def root(self) -> Node:
        return Node(self.pos._snapshot(), self.pos.key(), *self.bound())

    def _load(self, node: Node) -> None:
        """Make the core's position the node's (the snapshot itself stays untouched)."""
        restore_snapshot(self.pos, node.snap)

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
        if remaining <= 1:
            # Key and hide parts: the same two passes (docs/solver.md, "Key and hide goals").
            plain = list(turn.run(tiles=False))
            if any(s.cost == 0 for s in plain):
                yield from plain
                return
            self._load(node)
            turn = _Turn(self, remaining)
            yield from turn.run(tiles=True, relevant=turn.near_cells())
            return
        yield from turn.run(tiles=True)

    def successors_within(self, node: Node, remaining: int, budget: int
                          ) -> Iterator[Successor[Node, tuple[CoreMove, ...]]] | None:
        """:meth:`successors`, but only those of a cost within ``budget`` are needed
        (:class:`sectionx.search.Problem`): with a budget below 1, the turns without
        a tile or door action, but for swaps of two alike tiles (every other turn
        has a plan item, Q5); None (all of them) for a larger budget."""
        if budget >= 1:
            return None
        return self._cheap(node, remaining)

    def _cheap(self, node: Node, remaining: int) -> Iterator[Successor[Node, tuple[CoreMove, ...]]]:
        self._load(node)
        yield from _Turn(self, remaining).run(tiles=False, doors=False, swaps=True)

    def last_turn_cut(self, turn: _Turn) -> LastTurnCut:
        """The last turn's cut by walks over the board (:class:`~.shelter.LastTurnCut`):
        every *free* and *zone* part, a *hide* part, and a *key* part unless the
        player holds the key (marked when a collapse may come this turn)."""
        pos, me = self.pos, self.me
        shelters: list[tuple[bool, bool]] = []
        for kind, _, _ in self.parts:
            if kind is GoalKind.HIDE:
                shelters.append((True, False))
            elif kind is GoalKind.KEY and not pos.key_[me]:
                shelters.append((False, self._collapse_now(turn)))

        def reach() -> list[tuple[frozenset[int], int]]:
            return [(targets, self.need(kind, count, zone)) for targets, kind, count, zone in self._needs()]

        return LastTurnCut(pos, me, shelters, self._targets(-1), hideouts_in_play(pos, me), reach)

    def _collapse_now(self, turn: _Turn) -> bool:
        """At the start of the last turn: whether the round may end during it (E3):
        the last tile was taken or may be taken now (E2), or enough prisoners of the
        player may reach green areas within their steps for a discovery (E1; the
        reach bound's distances with every cell filled and the turn's one tile
        action)."""
        pos, me, T = self.pos, self.me, self.T
        if pos.round_ends or (pos.phase <= 1 and any(pos.stacks)):
            return True
        static = self._static_reach(self._targets(-1), turn.ride_cost)
        fills = 1 if turn.fill_open() else 0
        left = STEPS - pos.nsteps
        arrive = 0
        for s in pos.where[me]:
            if s == 0:
                c, rides = T.ncells, False
            elif s >= T.spot0:
                c, rides = (s - T.spot0) // 3, pos.hid[s]
            else:
                continue
            if static.steps(c, rides, fills) <= min(STEPS_EACH - pos.steps_used(me, s), left):
                arrive += 1
        return arrive >= pos.discovery - pos.greens[me]


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
        # Rides as the turn began (Reach): a tile action this turn that brings a
        # hideout tile to a cell makes a ride from there one action cheaper than
        # counted, so the cuts after it allow one tile action more (``bonus``);
        # the distances have a layer to spare for it.
        self.ride_cost = problem.ride_costs()
        # Per free/zone part: distances now (empty cells counted), statically, and
        # from each prisoner that can be carried by nothing (for cells filled this turn).
        self.parts: list[tuple[Reach, Reach, GoalKind, int, int]] = []
        for targets, kind, count, zone in self.needs:
            self.parts.append((Reach(self.T, targets, self.empty, K + 1, self.ride_cost, problem.walls),
                               problem._static_reach(targets, self.ride_cost), kind, count, zone))
        self._forward: dict[tuple[int, bool], list[list[int]]] = {}
        # The board as the turn began, for plan items (see _describe).
        self._texts: dict[int, str | None] = {}
        self._doors = tuple(tuple(d) for d in pos.doors)
        # Last turn of a key or hide goal: walks to shelter within the turn's steps.
        self.shelter = problem.last_turn_cut(self) if remaining <= 1 else None
        self._zones: dict[tuple[tuple[int, ...], ...], frozenset[int]] = {}

    # -- cuts

    def fill_open(self) -> bool:
        """Whether this turn's tile action may still fill a cell (N2; V2 interleaves)."""
        pos = self.pos
        return not pos.tile_action and (pos.advanced or pos.phase <= 2)

    def hopeless(self, filled: int, fills: int, bonus: int = 0) -> bool:
        """Whether the current in-turn position cannot meet the goal within this turn
        and ``remaining - 1`` more.  ``fills``: tile actions still to come (this
        turn's if still open, one a later turn); ``filled``: the cell this turn's
        tile action filled (-1: none), which the distances taken at the turn's start
        still count as empty; ``bonus``: 1 when that action brought a hideout tile
        to a cell (see ``ride_cost`` in ``__init__``)."""
        if not self.parts:
            return False
        pos, T, me = self.pos, self.T, self.pr.me
        later = self.remaining - 1
        spot0 = T.spot0
        left = STEPS - pos.nsteps
        F = min(fills + bonus, self.K + 1)
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
                d = static.place_steps(pos, s, F)
                if d <= cap:
                    best = full.place_steps(pos, s, F)
                    if filled >= 0 and best > cap and self.empty[filled]:
                        # ``full`` counts the cell just filled as empty: ways through it
                        # are counted again with it filled.
                        best = min(best, full.via(self._from(c, rides), filled, F))
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

    def tile_hopeless(self, move: CoreMove, kind: int, cells: tuple[int, ...], brings: int, mine: set[int],
                      cache: dict[tuple[int, int], bool]) -> bool:
        """Before a tile action touching ``cells``: whether the cut after it falls.
        An action that carries none of the player's prisoners (``mine``: their
        cells) leaves them where they are, so the answer depends only on the cell
        it fills (or none) and on whether it brings a hideout tile (``brings``):
        asked once per case, kept in ``cache``.  False for an action touching one
        of ``mine``: ask :meth:`hopeless` after making it."""
        if any(c in mine for c in cells):
            return False
        case = (_filled(move, kind), brings)
        hit = cache.get(case)
        if hit is None:
            hit = cache[case] = self.hopeless(case[0], self.remaining - 1, brings)
        return hit

    def _cells_of_mine(self) -> set[int]:
        """Cells holding a prisoner of the goal's player."""
        T = self.T
        return {(s - T.spot0) // 3 for s in self.pos.where[self.pr.me] if s >= T.spot0}

    def _from(self, c: int, rides: bool) -> list[list[int]]:
        f = self._forward.get((c, rides))
        if f is None:
            f = self._forward[(c, rides)] = forward(self.T, c, self.empty, self.K + 1, rides, self.ride_cost,
                                                    self.pr.walls)
        return f

    def relevant_cells(self) -> frozenset[int]:
        """Last turn, free and zone parts only: the cells a tile action must touch
        to be worth trying (the argument is in docs/solver.md, "The last turn").

        When the player holds no master key and a door stands on the board, a
        step may bring the key (K1), which lets a prisoner pass another player's
        door (M4) or hands in a door (a plan item); a tile may give any prisoner
        of the player the hideout to step into, or a way out of one.  Then every
        cell within 2 steps of a prisoner of the player (M3) is relevant: a tile
        action farther away changes no step any of them can take this turn.
        Else: the cell of a prisoner that can still arrive, every cell on a walk
        of at most 2 steps from it to a target, in the advanced game every cell
        one step from it (a hideout to step into and ride from, V2, N3), and,
        again and again, every cell within 2 steps of a prisoner of the player
        standing on a cell relevant for another (it may have to step aside to
        make room, T2, M4).  Either way a tile action that sends home a door standing on a
        relevant cell (D4) is tried as well (see :meth:`run`)."""
        pos, T = self.pos, self.T
        cells = self.pr._prisoners(per_place=True)
        filled = [False] * T.ncells
        if self._key_may_come(cells):
            return self.near_cells()
        # path[i]: the cells prisoner group i (the prisoners on one place) may use.
        path: list[set[int]] = [set() for _ in cells]
        for _, static, _, _, _ in self.parts:
            walk = static.to[0]
            for i, (c, rides) in enumerate(cells):
                # One tile action this turn, and phase 2 comes before the steps
                # unless the game is advanced (V2).
                if static.steps(c, rides, 1 if rides or pos.advanced else 0) > STEPS_EACH:
                    continue
                path[i].add(c)
                f = forward(T, c, filled, 0, walls=self.pr.walls)[0]
                for m in range(T.ncells):
                    if f[m] + walk[m] <= STEPS_EACH or (pos.advanced and f[m] <= 1):
                        path[i].add(m)
        out: set[int] = set().union(*path)
        # A prisoner standing where another may have to pass may step aside first.
        aside = [False] * len(cells)
        grown = True
        while grown:
            grown = False
            for i, (c, _) in enumerate(cells):
                if aside[i] or c >= T.ncells:
                    continue  # the island has room for everyone
                if any(c in path[j] for j in range(len(cells)) if j != i):
                    aside[i] = grown = True
                    f = forward(T, c, filled, 0, walls=self.pr.walls)[0]
                    path[i] |= {m for m in range(T.ncells) if f[m] <= STEPS_EACH}
                    out |= path[i]
        out.discard(T.ncells)
        return frozenset(out)

    def near_cells(self) -> frozenset[int]:
        """Every cell within 2 steps of a prisoner of the player (M3): in the last
        turn a tile action farther away changes no step any of them can take."""
        T = self.T
        filled = [False] * T.ncells
        near: set[int] = set()
        for c, _ in self.pr._prisoners(per_place=True):
            f = forward(T, c, filled, 0, walls=self.pr.walls)[0]
            near.update(m for m in range(T.ncells) if f[m] <= STEPS_EACH)
        near.discard(T.ncells)
        return frozenset(near)

    def fight_zone(self, relevant: frozenset[int]) -> frozenset[int]:
        """Last turn: the cells a tile action must touch to send home a door that
        matters (D4): one of the player's own, or another player's standing on a
        ``relevant`` cell.  A fight needs a tunnel holding doors of two players
        after the action, which runs through the tile the action laid or moved
        and reaches each door through tiles that did not change, so the action
        touches, with an opening, a feature of each such door's tunnel as it was,
        or carries one (:class:`~.movegen.FightFilter`): it touches a cell of the
        tunnel or a neighbour of one.  Empty when fewer than two players have a
        door on the board (no fight at all)."""
        pos, T = self.pos, self.T
        doors = tuple(tuple(d) for d in pos.doors)
        got = self._zones.get(doors)
        if got is None:
            spots: set[int] = set()
            if sum(1 for d in doors if d) >= 2:
                for p, held in enumerate(doors):
                    for s in held:
                        if s not in spots and (p == self.pr.me or (s - T.spot0) // 3 in relevant):
                            spots.update(pos._tunnel(s))
            cells = {(s - T.spot0) // 3 for s in spots}
            got = self._zones[doors] = frozenset(cells | {m for c in cells for m in graph(T).cells[c] if m < T.ncells})
        return got

    def _key_may_come(self, cells: list[tuple[int, bool]]) -> bool:
        """Last turn: whether a step may still bring the master key, and whether it
        would matter (K1: the player holds none, and a door stands on the board).
        It comes when every prisoner of the player in play stands in a hideout,
        so each must be hidden already or reach, within its 2 steps, a green area
        or a cell that holds a hideout tile, or may get one this turn."""
        pos, T, me = self.pos, self.T, self.pr.me
        if pos.key_[me] or not any(d >= 0 for d in pos.door):
            return False
        hide = self.pr._is_hideout
        # A hideout tile may be laid anywhere this turn if the tile action is open
        # and one is in hand, on the board, or may be drawn first (N1).
        layable = not pos.tile_action and (
            any(hide[t] for t in pos.hand[me]) or any(t >= 0 and hide[t] for t in pos.tile)
            or (pos.phase <= 1 and any(hide[t] for st in pos.stacks for t in st)))
        greens = graph(T).greens
        filled = [False] * T.ncells

        def shelter(m: int, steps: int) -> bool:
            if m < T.ncells and steps <= STEPS_EACH and (layable or (pos.tile[m] >= 0 and hide[pos.tile[m]])):
                return True
            return steps < STEPS_EACH and bool(greens[m])  # one more step onto a green area

        for c, hidden in cells:
            if hidden:
                continue
            f = forward(T, c, filled, 0, walls=self.pr.walls)[0]
            if not any(shelter(m, f[m]) for m in range(T.ncells + 1)):
                return False
        return True

    # -- the search

    def run(self, tiles: bool, relevant: frozenset[int] | None = None, doors: bool = True, swaps: bool = False
            ) -> Iterator[Successor[Node, tuple[CoreMove, ...]]]:
        """The turn's endings (module docstring).  ``tiles=False``: no tile actions
        (but with ``swaps``, the swaps of two tiles of one type and different
        classes, which may leave the board looking the same, so no plan item, Q5,
        in another position); ``doors=False``: no door
        actions.  ``relevant``: in the last turn, the cells a tile action must
        change to be tried."""
        pos, pr = self.pos, self.pr
        # Inside the turn, positions after the same tile action (or none) have the same
        # tiles, so the tile action stands for them in the key (Position.key_without_tiles).
        seen: set[tuple[Any, Hashable, tuple[str, ...]]] = set()
        # Endings by (key, plan): the shortest line of play found to each, so that a
        # printed solution takes no detour (the search's answer does not depend on it).
        given: dict[tuple[Hashable, tuple[str, ...]], Successor[Node, tuple[CoreMove, ...]]] = {}
        # Turn endings by position (tiles named by the tile action): bound, and key if kept.
        ends: dict[Hashable, tuple[int, tuple[int, ...], Hashable]] = {}
        path: list[CoreMove] = []
        last = self.remaining <= 1
        # Tile actions are listed only to be tried: with tiles=False only swaps of
        # alike tiles of different classes may be, and only a tile set with such
        # classes has them (tables: a class is a run of one type in id order).
        listed = tiles or (swaps and self.T.nclasses > len(self.T.types))
        if self.hopeless(-1, self.fill_open() + self.remaining - 1):
            return
        shelter = self.shelter
        if shelter is not None and shelter.cut():
            return
        # A tile action away from the relevant cells matters only by sending home a
        # door that stands on one, or one of the player's own (D4): only an action
        # that touches such a door's tunnel (or a cell next to it) is made to see.

        def search(items: tuple[str, ...], filled: int, bonus: int, done: CoreMove | None
                   ) -> Iterator[Successor[Node, tuple[CoreMove, ...]]]:
            # Tile actions that carry none of the player's prisoners leave them where
            # they are, so whether the cut after them falls depends only on the cell
            # they fill (or none) and on whether they bring a hideout tile (the
            # bonus): asked once per case, before making any of them.
            cut: dict[tuple[int, int], bool] = {}
            mine: set[int] | None = None
            # A move that only ends the turn (end, or a door action that ends it, N4)
            # leaves the prisoners, tiles and zones as they are, so the next turn's
            # bound is known before it is made, once for all of them.
            # (A door action puts the player's door on the board, which the bound counts:
            # asked apart, see shelter.fight_turn.)
            closing: dict[bool, bool] = {}
            # (Door actions of the last turn are all skipped below.)
            for move in legal_moves(pos, dedup=True, doors=doors and not last, tiles=listed):
                kind = move[1][0] if move[0] == KEEP else move[0]
                tile = PLACE <= kind <= ROTATE
                door = kind in (DOOR, MOVEDOOR)
                if tile:
                    if not tiles and not (swaps and kind == SWAP and _alike(pos, move)):
                        continue
                    cells = _touched(pos, move, kind)
                    touches = relevant is None or any(c in relevant for c in cells)
                    if not touches:
                        assert relevant is not None
                        zone = self.fight_zone(relevant)
                        if not any(c in zone for c in cells):
                            continue
                    if mine is None:
                        mine = self._cells_of_mine()
                    if shelter is not None and shelter.tile_cut(cells, any(c in mine for c in cells)):
                        continue
                    brings = int(pr.brings_hideout(move, kind))
                    if self.tile_hopeless(move, kind, cells, brings, mine, cut):
                        continue
                elif door and last:
                    # A door action changes no prisoner's place, key or zone, and no step
                    # follows it this turn (N4, V2): in the last turn it can only help
                    # through the collapse at the turn's end (E2), which sends every door
                    # home, so the same line without it ends the same, one action cheaper.
                    continue
                if (door or kind == END) and not pos.round_ends and pos._ends_turn(kind):
                    placed = kind == DOOR
                    shut = closing.get(placed)
                    if shut is None:
                        shut = closing[placed] = last or pr.bound(
                            (self.start_key, done), self.remaining - 1, door_placed=placed)[0] > self.remaining - 1
                    if shut:
                        continue
                before = self._describe(move, kind) if (tile or door or (kind == STEP and move[3] >= 0)) else None
                undo = pos.make(move)
                path.append(move)
                try:
                    if tile and not touches and not self._sent_home(before, relevant):
                        continue
                    now_filled, now_bonus = filled, bonus
                    if tile:
                        now_filled, now_bonus = _filled(move, kind), brings
                        if not pos.turn_ended(move[0], self.player, self.round) and self.hopeless(
                                now_filled, self.remaining - 1, now_bonus):
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
                        # One ending is often reached in several ways (steps in another
                        # order): its bound and key are worked out once.
                        inner = (name, pos.key_without_tiles()) if name is not None else pos.key()
                        known = ends.get(inner)
                        if known is None:
                            b, fills = pr.bound(name, self.remaining - 1)
                            known = ends[inner] = (b, fills, pos.key() if b <= self.remaining - 1 else None)
                        b, fills, full = known
                        if full is None:
                            continue  # no use: the bound is a property of the position alone
                        now = items if before is None else items + self._items(move, kind, before)
                        ending = (full, now)
                        had = given.get(ending)
                        if had is None or len(had.move) > len(path):
                            given[ending] = Successor(Node(pos._snapshot(), full, b, fills), tuple(path), now, len(now),
                                                      False)
                        continue
                    now = items if before is None else items + self._items(move, kind, before)
                    now_done = move if tile else done
                    inside = (now_done, pos.key_without_tiles(), now)
                    if inside in seen:
                        continue
                    seen.add(inside)
                    if kind == STEP and self.hopeless(filled, self.fill_open() + self.remaining - 1, bonus):
                        continue
                    if shelter is not None and shelter.cut():
                        continue
                    yield from search(now, now_filled, now_bonus, now_done)
                finally:
                    path.pop()
                    pos.unmake(undo)

        for _ in search((), -1, 0, None):
            pass
        yield from given.values()

    # -- plans (Q5), worded as sectionx.games.sectionx.puzzle.plan_items words them

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
        """Whether the tile action just made sent home a door standing on a relevant
        cell, or one of the player's own doors anywhere (D4): with its door in hand
        a player gaining the key hands that one in, and the plan names no door
        (K1, Q5), so the cost of the turn can change."""
        pos, T = self.pos, self.T
        if before[0] == "referee" or relevant is None:
            return True
        for p, was in enumerate(before[2]):
            if len(was) != len(pos.doors[p]):
                if p == self.pr.me:
                    return True
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


def _alike(pos: Position, move: CoreMove) -> bool:
    """Whether a swap exchanges two tiles of one type but of different classes.
    Only a swap of two tiles of one type can leave the board looking as it did,
    and so cost nothing (Q5); when their classes are the same too, it leaves the
    very same position (the canonical key knows tiles by class), an ending the
    turn without it has already."""
    m = move[1] if move[0] == KEEP else move
    T = pos.T
    a, b = pos.tile[m[1]], pos.tile[m[3]]
    return bool(T.tile_type[a] == T.tile_type[b] and T.tile_class[a] != T.tile_class[b])


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
    """:func:`sectionx.games.sectionx.puzzle.tile_text` of the tile on cell ``c`` from the core (None: empty)."""
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


__all__ = ["INF", "CoreProblem", "Node", "Reach", "forward"]
