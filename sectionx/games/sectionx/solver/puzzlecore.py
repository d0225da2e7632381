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
  ignored, which only makes it smaller.  *Key* and *hide* goals are bounded by
  the walks of the exposed prisoners to shelter and, for the key, the room in at
  most two hideouts and the turns to a collapse (:mod:`.shelter`).  Cost bounds
  are per number of turns left.
* **Cuts inside a turn** ask the same question of the position reached: right
  after a tile action (the turn's fill is spent) and after every step.
* **The last turn** is searched first without tile actions; if that meets the
  goal with no tile or door action, nothing dearer is an optimal ending.  Else a
  tile action is tried only if it touches a relevant cell (or sends a door home
  from one, D4; :meth:`_Turn.relevant_cells`): any other tile action leaves
  every step legal that was legal without it, so its endings were all found by
  the first pass at lower cost.  No door action is tried (the same line ends
  alike without it), and every line is cut as soon as too few prisoners can
  walk where the goal wants them within their steps, over the board as it lies
  (:class:`~.lastturn.LastTurnCut`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator
from itertools import combinations
from typing import Any

from ....search import Successor
from ..model import Goal, GoalKind, State
from .core import KEEP, SWAP, Position
from .lastturn import LastTurnCut
from .movegen import claim_allowed
from .reach import INF, Reach, forward, touch, touch_cost
from .shelter import Shelter, board_facts, exposed, fight_turn, hideouts_in_play
from .tables import HIDEOUT, CoreMove
from .turnplan import _filled, _touched
from .turnsearch import Kept, Node, _Turn

#: Steps a turn allows, in all and for one prisoner (M3).
STEPS, STEPS_EACH = 5, 2


def restore_snapshot(pos: Position, snap: tuple[Any, ...]) -> None:
    """Make ``pos`` the snapshot's position, leaving the snapshot untouched: the
    position changes its lists in place, so it gets copies of them."""
    pos._restore(tuple(
        [row[:] for row in v] if isinstance(v, list) and v and isinstance(v[0], list)
        else v[:] if isinstance(v, list) else v
        for v in snap))


# ====================================================================== the problem


def _capped(turns: int, fills: list[int], cap: int | None) -> tuple[int, tuple[int, ...]]:
    """:meth:`CoreProblem.bound`'s figures as it gives them: asked with a ``cap``, turns
    beyond it as ``cap + 1`` and no tile actions counted for more turns left than it
    (lower bounds both: figures worked out for solutions within ``cap`` turns say
    nothing more of longer ones)."""
    if cap is None:
        return min(turns, INF), tuple(fills)
    return min(turns, cap + 1), tuple(f if r <= cap else 0 for r, f in enumerate(fills))


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
        # By targets and empty cells (or board name); a turn's own by what they are made of.
        self._reach: dict[Hashable, Reach] = {}
        self._touches: dict[Hashable, list[int]] = {}  # the touch bound's table by targets and tiles (or board name)
        self._shelters: dict[Hashable, Shelter] = {}  # walks to shelter by goal kind, doors fixed, board
        self._costs: dict[Hashable, tuple[int, ...] | None] = {}  # ride_costs by board name
        self._collapses: dict[Hashable, tuple[int, tuple[int, ...]]] = {}  # _collapse by board name and prisoners
        self.walls = self._find_walls()
        self._walks_from: dict[int, list[int]] = {}  # walk_from, per place
        # The search's clock (sectionx.search, Problem.watch): one whole turn can take
        # minutes to list, so the turn calls it every CHECK_EVERY moves made.
        self.check: Callable[[], None] | None = None

    def watch(self, check: Callable[[], None] | None) -> None:
        """Take the search's clock (None: stop calling it); see Problem.watch."""
        self.check = check

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

    def bound(self, board: Hashable = None, cap: int | None = None, door_placed: bool = False,
              spare: int | None = None) -> tuple[int, tuple[int, ...]]:
        """Turns the current position (at a turn's start) still needs, at least, and
        how many tile actions are still needed, at least: a fill for every empty
        cell on the way and a ride for every hideout tile carrying a prisoner (each
        changes the board, so each is one unit of cost, Q5).

        ``board``, if given, names the arrangement of tiles and of the other
        players' doors exactly (the caller vouches: equal names, equal boards), so
        that distances are reused.  ``cap``, if given, says the caller only asks
        whether the bound exceeds it, and about tile actions for ``cap`` turns left
        at most: the figures then look only at solutions within ``cap`` turns (the
        cheap parts come first and the rest is not looked at once they exceed it;
        the touch bound stops looking there; walks to shelter look at no way of more
        tile actions than ``cap``, one a turn, N2).  The turns are a lower bound
        still, given as ``cap + 1`` when they exceed ``cap``; the tile actions for
        up to ``cap`` turns left too, and for more turns left they are given as 0.  ``door_placed``: the position is asked for as
        it will be after a door action of the player's that is still to come (the
        shelter bound counts the player's own doors on the board, see
        :func:`~.shelter.fight_turn`).  ``spare`` (with ``cap``): the caller drops the
        position if it needs more than ``spare`` tile actions within ``cap`` turns (its
        cost budget, Q5), so the figures are not looked at further once they say so
        (lower bounds still, and past ``spare`` at ``cap`` turns left)."""
        pos, T = self.pos, self.T
        limit = INF if cap is None else cap
        dear = INF if spare is None or cap is None else spare
        at = 0 if cap is None else min(cap, self.horizon)
        best = 0
        fills = [0] * (self.horizon + 1)

        def add(turns: int, gaps: tuple[int, ...]) -> bool:
            nonlocal best
            best = max(best, turns)
            for r, g in enumerate(gaps):
                fills[r] = max(fills[r], g)
            return best > limit or fills[at] > dear

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
                return _capped(best, fills, cap)
            if costs is None:
                touching.append((targets, self.need(kind, count, zone)))
        for kind, _, _ in self.parts:
            if (kind is GoalKind.HIDE or kind is GoalKind.KEY) and add(
                    *self._shelter_part(kind is GoalKind.HIDE, board, costs, door_placed, limit, spare=dear)):
                return _capped(best, fills, cap)
        for targets, need in touching:
            # Tile actions the tunnels as they lie still need (no rides: no hideout in play).
            touch = self._touch(targets, board, INF if cap is None else 2 * cap + 1)
            acts = sorted(touch_cost(pos, touch, targets, s) for s in pos.where[self.me] if s == 0 or s >= T.spot0)
            if len(acts) >= need:
                needed = (acts[need - 1] + 1) // 2
                add(needed, (needed,) * len(fills))
        return _capped(best, fills, cap)

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

    def _shelter(self, hide: bool, doors_fixed: bool, board: Hashable, greens: bool = True,
                 cap: int = INF) -> Shelter:
        """Walks to shelter on the current board (:class:`~.shelter.Shelter`), by
        board name when given (tiles and the other players' doors, see :meth:`bound`);
        ``greens``: green areas shelter too (else only hideouts do, and the island
        for *hide*).  ``cap``: only walks that fit in ``cap`` turns are asked about
        (:meth:`bound`), so ways of more tile actions than that (one a turn, N2)
        are not looked at: a walk within ``cap`` turns and every tile-action figure
        up to ``cap`` turns left come out as with all of them."""
        pos = self.pos
        if board is None:
            board = self._board_now()
        # The green areas the player may still enter change with the zones' owners
        # within one board name (a step claims a zone, Z1, and the reserve keeps the
        # other for its player): they are part of the key, or two endings of one
        # turn on one board would share one ending's walks (issue 29's review).
        targets = self._targets(-1) if greens else frozenset()
        layers = min(self.horizon, cap) + 1
        key = (hide, doors_fixed, greens, board, targets, layers)
        got = self._shelters.get(key)
        if got is None:
            if len(self._shelters) > 4096:
                self._shelters.clear()
            hcost, walls = board_facts(pos, self.me, doors_fixed)
            empty = [t < 0 for t in pos.tile]
            # Boards that differ only where no figure looks share their walks.
            content = (hide, targets, hcost, walls, tuple(c for c, e in enumerate(empty) if e), layers)
            got = self._shelters.get(content)
            if got is None:
                got = self._shelters[content] = Shelter(self.T, layers, empty, hcost, targets, hide, walls)
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

    def _shelter_part(self, hide: bool, board: Hashable, costs: tuple[int, ...] | None, door_placed: bool,
                      cap: int = INF, quick: bool = True, spare: int = INF) -> tuple[int, tuple[int, ...]]:
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
        fixed bound every solution without such a fight.  ``quick`` (False, for the
        tests: the walks are always worked out) answers a collapse within one turn
        that needs no tile action from the collapse alone: the same figures.
        ``spare``: as in :meth:`bound` (the room in the hideouts is not looked at once
        the walks and the collapse need more tile actions than that for ``cap``
        turns left)."""
        pos, me = self.pos, self.me
        R = self.horizon
        none = (0,) * (R + 1)
        if not hide and pos.key_[me]:
            return 0, none
        places = exposed(pos, me, hide)
        if not places:
            return 0, none
        # (*hide*: no collapse comes first, see above.)
        collapse, collapse_gaps = (INF, none) if hide else self._collapse(board, costs)
        if not hide and quick and collapse <= 1 and all(g == 0 for g in collapse_gaps[1:]):
            # An exposed prisoner needs a step, so the walks below need a turn at least,
            # and no tile-action figure for no turns left (INF). A collapse within one
            # turn that then needs no tile action is the part's figure as it stands, the
            # walks' figures being no smaller wherever the minimum below takes them: the
            # same answer without them (the first turn of a 2-turn puzzle whose stacks
            # hold one tile after it, issue 29).
            return collapse, collapse_gaps
        k3 = not hide and not pos.hides[me]
        turns, gaps = self._walks(self._shelter(hide, False, board, True, cap), places,
                                  self._shelter(hide, False, board, False, cap) if k3 else None)
        if not pos.key_[me] and any(pos.doors[p] for p in range(pos.n) if p != me):
            fight = 1 if door_placed else fight_turn(pos, me)
            if fight > 1:
                fixed, fixed_gaps = self._walks(self._shelter(hide, True, board, True, cap), places,
                                                self._shelter(hide, True, board, False, cap) if k3 else None)
                turns = min(fixed, max(turns, fight))
                gaps = tuple(fixed_gaps[r] if r < fight else gaps[r] for r in range(R + 1))
        if hide:
            return turns, gaps
        # The room in the hideouts only raises the walks' figure, and the part takes
        # the smaller of that and the collapse's: when the collapse comes no later than
        # the walks, the count cannot change the turns, and for every number of turns
        # left from the collapse on where the collapse needs no tile action it cannot
        # change the cost either (a minimum with 0).  The other costs belong to fewer
        # turns left than the part needs, which the search never asks about (the
        # deepening cuts a node whose bound exceeds the turns left before it reads a
        # cost, and the turn search never yields such an ending to the count of
        # plans; reviewed, issue 29).  It was most of the bound's
        # time on key puzzles whose stacks end the round soon (issue 29).
        decided = collapse <= turns and all(g == 0 for g in collapse_gaps[collapse:])
        at = min(cap, R)
        if spare < INF and min(gaps[at], collapse_gaps[at]) > spare:
            decided = True  # past the caller's budget already: the room could only add
        if turns < INF and not decided:
            slots, news = self._slots(board, costs, turns, cap)
            turns = max(turns, slots)
            gaps = tuple(max(a, b) for a, b in zip(gaps, news, strict=True))
        turns = min(turns, collapse)
        gaps = tuple(min(a, b) for a, b in zip(gaps, collapse_gaps, strict=True))
        return turns, gaps

    def _slots(self, board: Hashable, costs: tuple[int, ...] | None, turns: int, cap: int = INF
               ) -> tuple[int, tuple[int, ...]]:
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
        more turns allow at least as much).  ``cap``: as in :meth:`bound`, only
        up to ``cap`` turns left are looked at (INF turns then says "more than
        ``cap``", and the new hideouts of more turns left are given as 0, a lower
        bound the search never reads: it asks an ending's cost for ``cap`` turns
        left at most)."""
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
        into = self._shelter(False, False, board, False, cap)  # any hideout, lying or brought
        some = [0 if s >= T.spot0 and pos.hid[s] else into.need(pos, s, R)[0] for s in places]
        # The walks into each lying hideout, worked out only for a number of turns
        # left that gets that far (most endings are settled before).
        reach: dict[int, list[int]] = {}
        first = INF
        for r in range(min(R, cap) + 1):
            need = a - min(G, sum(1 for t in greens if t <= r))
            news[r] = INF
            if need <= 0:
                news[r] = 0
            elif r >= 1 and sum(1 for t in some if t <= r) >= need:
                for _, _, c in lying:
                    if c not in reach:
                        reach[c] = self._hideout_turns(board, c, places, cap)
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

    def walk_from(self, c: int) -> list[int]:
        """Fewest steps from place ``c`` (a cell, or ``ncells`` for the island) to every
        place with no tile action, every cell counted filled and the walls kept
        (:func:`~.reach.forward`): read by the last turn's cuts, and the same for
        every turn of the puzzle, so worked out once per place.  Not to be changed."""
        got = self._walks_from.get(c)
        if got is None:
            got = self._walks_from[c] = forward(self.T, c, [False] * self.T.ncells, 0, walls=self.walls)[0]
        return got

    def turn_reach(self, targets: frozenset[int], empty: list[bool], K: int, costs: tuple[int, ...] | None) -> Reach:
        """The reach distances a turn's in-turn cuts read (``_Turn``): to ``targets``
        with the cells in ``empty`` counted empty, up to ``K`` tile actions; cached
        by what they are made of, as many turns start on one board."""
        key = ("turn", targets, tuple([c for c, e in enumerate(empty) if e]), K, costs)
        got = self._reach.get(key)
        if got is None:
            if len(self._reach) > 4096:
                self._reach.clear()
            got = self._reach[key] = Reach(self.T, targets, empty, K, costs, self.walls)
        return got

    def _hideout_turns(self, board: Hashable, x: int, places: list[int], cap: int = INF) -> list[int]:
        """Per prisoner in play, at least the turns it needs to be in the hideout
        lying on cell ``x``: 0 in it, 1 in another hideout (it might ride, N3),
        else a walk to that hideout alone (``cap``: as in :meth:`_shelter`)."""
        pos, T = self.pos, self.T
        layers = min(self.horizon, cap) + 1
        key = ("hideout", x, board if board is not None else self._board_now(), layers)
        got = self._shelters.get(key)
        if got is None:
            if len(self._shelters) > 4096:
                self._shelters.clear()
            empty = [t < 0 for t in pos.tile]
            walls = board_facts(pos, self.me, False)[1]
            # A Shelter reads only the empty cells, the walls and where the hideout is
            # (its first steps read the position when asked): boards that differ
            # elsewhere share it, as in _shelter.
            content = ("hideout", x, walls, tuple(c for c, e in enumerate(empty) if e), layers)
            got = self._shelters.get(content)
            if got is None:
                hcost = tuple(0 if c == x else INF for c in range(T.ncells))
                got = self._shelters[content] = Shelter(T, layers, empty, hcost, frozenset(), False, walls)
            self._shelters[key] = got
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
        # E1 needs a step at least, so it ends the round in turn 1 at the soonest, with
        # no fewer tile actions than none: when E2 ends it in turn 1 E1 changes nothing.
        if (best > 1 or arrivals < 1) and arrivals <= len(self._places()):
            turns, walk = self._reach_part(self._targets(-1), arrivals, board, costs)
            best = min(best, turns)
            gaps = tuple(min(a, b if r >= turns else INF) for r, (a, b) in enumerate(zip(gaps, walk, strict=True)))
        return best, gaps

    def _touch(self, targets: frozenset[int], board: Hashable, stop: int = INF) -> list[int]:
        """:func:`~.reach.touch` on the current board, cached by board name (or tiles)
        and ``stop``."""
        pos = self.pos
        key = (targets, board, stop) if board is not None else (targets, tuple(pos.tile), tuple(pos.rot), stop)
        got = self._touches.get(key)
        if got is not None:
            return got
        if len(self._touches) > 4096:
            self._touches.clear()
        got = self._touches[key] = touch(pos, targets, stop)
        return got

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
        yield from self._turns(node, remaining, None, False)[0]

    def _turns(self, node: Node, remaining: int, budget: int | None, first: bool
               ) -> tuple[list[Successor[Node, tuple[CoreMove, ...]]], bool]:
        """:meth:`successors` (those of a cost within ``budget``; with ``first``, in
        the last turn, at most one, meeting the goal), and whether the budget left
        anything out (:meth:`_Turn.run`)."""
        self._load(node)
        turn = _Turn(self, remaining)
        if remaining > 1:
            return list(turn.run(tiles=True, budget=budget)), turn.skipped
        # Last turn: first without tile actions; only when no such line meets the
        # goal at no cost, the tile actions near the prisoners as well (docs/solver.md,
        # "The last turn"; key and hide parts: "Key and hide goals").
        plain = list(turn.run(tiles=False, budget=budget, first=first))
        if any(s.cost == 0 for s in plain) or (first and plain):
            # (With ``first``: a line that meets the goal within the budget, which
            # is all the deepening asks of a last turn.)
            return plain, turn.skipped
        self._load(node)
        turn = _Turn(self, remaining)
        relevant = turn.relevant_cells() if self.reach_only else turn.near_cells()
        return list(turn.run(tiles=True, relevant=relevant, budget=budget, first=first)), turn.skipped

    def successors_within(self, node: Node, remaining: int, budget: int
                          ) -> tuple[list[Successor[Node, tuple[CoreMove, ...]]], bool]:
        """:meth:`successors`, but only those of a cost within ``budget`` are needed
        (:class:`sectionx.search.Problem`), and whether any was left out.  With a
        budget below 1, the turns without a tile or door action, but for swaps of
        two alike tiles (every other turn has a plan item, Q5; counted as leaving
        something out); else the lines of play whose plan items stay within the
        budget (:meth:`_Turn.run`).  Either way less the endings whose cost bound for
        the turns left after them takes them past the budget (counted as leaving
        something out), which the search would skip."""
        if budget < 1:
            return list(self._cheap(node, remaining, budget)), True
        return self._turns(node, remaining, budget, False)

    def successors_kept(self, node: Node, remaining: int, budget: int | None, kept: object
                        ) -> tuple[list[Successor[Node, tuple[CoreMove, ...]]], bool, Kept | None]:
        """:meth:`successors_within` (budget None: :meth:`successors`, all), for the
        node the search will list again within a larger budget (the start of the
        deepening; :class:`sectionx.search.Problem`), and what extends it.  A
        listing within a budget of 1 or more keeps what the budget left out
        (:class:`~.turnsearch.Kept`); given back as ``kept`` for the same node,
        the next listing extends it (:meth:`_Turn.extend`) instead of listing the
        turn anew: the same successors in the same order, as each pass's larger
        budget would otherwise spend most of its time listing what the smaller
        one already had.  A last turn (listed apart, in two runs) and a budget
        below 1 (:meth:`_cheap`) are listed anew each time, and keep nothing."""
        if remaining <= 1 or (budget is not None and budget < 1):
            if budget is None:
                return list(self.successors(node, remaining)), False, None
            return (*self.successors_within(node, remaining, budget), None)
        self._load(node)
        turn = _Turn(self, remaining)
        if isinstance(kept, Kept) and not kept.spent and kept.key == node.key and kept.remaining == remaining and (
                budget is None or budget > kept.budget):
            listed = turn.extend(kept, budget)
        else:
            turn.left = []
            listed = list(turn.run(tiles=True, budget=budget))
        if turn.skipped and budget is not None:
            return listed, True, turn.kept(node.key, remaining, budget)
        return listed, turn.skipped, None

    def first_met(self, node: Node, budget: int | None
                  ) -> tuple[Successor[Node, tuple[CoreMove, ...]] | None, bool]:
        """In the last turn: one line that meets the goal at a cost within ``budget``
        (None: any cost), or None when no line does; and whether the budget left
        anything out (:class:`sectionx.search.Problem`)."""
        if budget is not None and budget < 1:
            met = list(self._cheap(node, 1, budget, first=True))
            return (met[0] if met else None), True
        found, skipped = self._turns(node, 1, budget, True)
        return (found[0] if found else None), skipped

    def _cheap(self, node: Node, remaining: int, budget: int, first: bool = False
               ) -> Iterator[Successor[Node, tuple[CoreMove, ...]]]:
        """The turns within a budget below 1: no tile or door action but swaps of
        alike tiles (see :meth:`successors_within`); with ``first``, the first
        line that meets the goal (:meth:`_Turn.run`)."""
        self._load(node)
        yield from _Turn(self, remaining).run(tiles=False, doors=False, swaps=True, budget=budget, first=first)

    def last_turn_cut(self, turn: _Turn) -> LastTurnCut:
        """The last turn's cut by walks over the board (:class:`~.lastturn.LastTurnCut`):
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

    def collapse_misses(self) -> bool:
        """Whether the collapse at the end of this turn (E3), were the turn ended
        now with nothing more done, cannot meet the goal: a goal of one *key* part
        not held, with a prisoner of the player on the island or with no hideout
        or more than two holding the player's prisoners.  The collapse buries
        those on tunnels, junctions and dead ends, frees those on green areas and
        keeps those on the island and in hideouts, whose tiles stay (E3); so
        afterwards K1 holds exactly when none is on the island and one or two
        hideouts hold them (K1, K3; K5 only takes a key away).  The referee,
        which carries the collapse out, is then not asked (docs/solver.md, "The
        last turn")."""
        pos, me = self.pos, self.me
        if len(self.parts) != 1 or self.parts[0][0] is not GoalKind.KEY or pos.key_[me]:
            return False
        return pos.pc[me][0] > 0 or not 1 <= pos.hides[me] <= 2

    def _collapse_now(self, turn: _Turn) -> bool:
        """At the start of the last turn: whether the round may end during it (E3):
        the last tile was taken or may be taken now (E2), or enough prisoners of the
        player may reach green areas within their steps for a discovery (E1; the
        reach bound's distances with every cell filled and the turn's one tile
        action)."""
        pos, me, T = self.pos, self.me, self.T
        if pos.round_may_end_now():
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


__all__ = ["INF", "CoreProblem", "Node", "Reach", "_Turn", "_filled", "_touched", "forward", "restore_snapshot"]
