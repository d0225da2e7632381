"""One turn of the goal player searched on the search core, for the exact solver.

:class:`_Turn` searches the rest of one turn from the core's current position,
move by move with make/unmake, and yields its distinct endings (or the lines
after which the goal holds, Q4), each with its plan part, worded as
:func:`sectionx.games.sectionx.puzzle.plan_items` words it (Q5; :mod:`.turnplan`),
and its cost;
with the cuts inside the turn and the last turn's pruning that
docs/solver.md argues ("Cuts inside a turn", "The last turn", "Key and hide
goals").  :class:`~.puzzlecore.CoreProblem` builds its successors on it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, TypeAlias

from ....search import Successor
from ..model import GoalKind
from .core import DOOR, END, KEEP, MOVEDOOR, PLACE, ROTATE, STEP, SWAP
from .movegen import Keep, legal_moves
from .reach import Reach, forward, graph
from .tables import CoreMove
from .turnplan import _alike, _filled, _lands_hideout, _may_cost_nothing, _touched, describe, items_of

if TYPE_CHECKING:
    from .puzzlecore import CoreProblem

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


#: Moves looked at between two readings of the search's clock (a move costs some
#: tens of microseconds, so the clock is read every few hundredths of a second).
CHECK_EVERY: Final = 1024



class _Place:
    """Where inside a kept run a move was left out for its budget (see _Turn.run):
    the moves from the turn's start and their places in their listings; the plan
    items, the cell filled, the bonus and the tile action so far, as search()
    takes them; and the tables search() kept there, which hold for every move
    made from there again."""

    def __init__(self, moves: tuple[CoreMove, ...], places: tuple[int, ...], items: tuple[str, ...], filled: int,
                 bonus: int, done: CoreMove | None, cut: dict[tuple[int, int], bool], closing: dict[bool, bool]):
        self.moves, self.places, self.items, self.filled, self.bonus, self.done = (
            moves, places, items, filled, bonus, done)
        self.cut, self.closing = cut, closing


#: A move a kept run left out for its budget: where, its place in the listing there, the move.
_Left: TypeAlias = tuple[_Place, int, CoreMove]


class _Turn:
    """One turn's search from the core's current position (see CoreProblem.successors)."""

    def __init__(self, problem: CoreProblem, remaining: int):
        self.pr = problem
        self.ticks = 0  # moves looked at since the search's clock was last read
        # Whether a run given a cost budget left out a line for it (see run).
        self.skipped = False
        # What a run keeps to be extended to a larger budget (see run and extend):
        # None, not kept; else the moves the budget left out, in the order met.
        self.left: list[_Left] | None = None
        self.over = False  # child() cut the move just made for the budget (see run)
        self.seen: set[tuple[Any, Hashable, tuple[str, ...]]] = set()
        self.given: dict[tuple[Hashable, tuple[str, ...]], Successor[Node, tuple[CoreMove, ...]]] = {}
        self.found_at: dict[tuple[Hashable, tuple[str, ...]], tuple[int, ...]] = {}
        self.ends: dict[Hashable, tuple[int, tuple[int, ...], Hashable, int | None]] = {}
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
            self.parts.append((problem.turn_reach(targets, self.empty, K + 1, self.ride_cost),
                               problem._static_reach(targets, self.ride_cost), kind, count, zone))
        self._forward: dict[tuple[int, bool], list[list[int]]] = {}
        # The board as the turn began, for plan items (turnplan.describe).
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
                f = self.pr.walk_from(c)
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
                    f = self.pr.walk_from(c)
                    path[i] |= {m for m in range(T.ncells) if f[m] <= STEPS_EACH}
                    out |= path[i]
        out.discard(T.ncells)
        return frozenset(out)

    def near_cells(self) -> frozenset[int]:
        """Every cell within 2 steps of a prisoner of the player (M3): in the last
        turn a tile action farther away changes no step any of them can take."""
        T = self.T
        near: set[int] = set()
        for c, _ in self.pr._prisoners(per_place=True):
            f = self.pr.walk_from(c)
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

        def shelter(m: int, steps: int) -> bool:
            if m < T.ncells and steps <= STEPS_EACH and (layable or (pos.tile[m] >= 0 and hide[pos.tile[m]])):
                return True
            return steps < STEPS_EACH and bool(greens[m])  # one more step onto a green area

        for c, hidden in cells:
            if hidden:
                continue
            f = self.pr.walk_from(c)
            if not any(shelter(m, f[m]) for m in range(T.ncells + 1)):
                return False
        return True

    # -- the search

    def run(self, tiles: bool, relevant: frozenset[int] | None = None, doors: bool = True, swaps: bool = False,
            budget: int | None = None, first: bool = False, resume: list[_Left] | None = None
            ) -> Iterator[Successor[Node, tuple[CoreMove, ...]]]:
        """The turn's endings (module docstring).  ``tiles=False``: no tile actions
        (but with ``swaps``, the swaps of two tiles of one type and different
        classes, which may leave the board looking the same, so no plan item, Q5,
        in another position); ``doors=False``: no door
        actions.  ``relevant``: in the last turn, the cells a tile action must
        change to be tried.

        ``budget``: only the endings whose cost (plan items, Q5) is at most this.
        A line's items only grow as it goes on, so a line past the budget is cut
        where it passes it, and a door action, or a tile action that fills or
        empties a cell, is not made at all once the line has ``budget`` items: each
        adds an item (a rotation, or a swap of two tiles of one type, may add none:
        it is made, and cut after it if it did).  An ending whose tile actions still
        needed within the turns left (its bound's cost figure, Q5) take it past
        the budget is left out too: the search would skip it.  ``skipped`` is set
        when anything was left out so.  ``first``: stop at the first line that meets the goal
        within the budget and give only it (a proof that the goal can be met, for
        the deepening; not every ending, so not for the count).

        With ``left`` set (a list), the run also keeps each move the budget left
        out, with where it was left out; :meth:`extend` makes them within a
        larger budget (``resume``), which lists what a new run within that budget
        would add, in the order it would (the tables below carry over)."""
        pos, pr = self.pos, self.pr
        if resume is None:
            self.seen, self.given, self.found_at, self.ends = set(), {}, {}, {}
        # Inside the turn, positions after the same tile action (or none) have the same
        # tiles and the same other players' prisoners and hands, so the tile action
        # stands for them in the key (Position.key_in_turn; an ending after a collapse
        # is known by its whole key).
        seen = self.seen
        # Endings by (key, plan): the shortest line of play found to each, so that a
        # printed solution takes no detour (the search's answer does not depend on it).
        given = self.given
        # Where each ending was first found (the moves' places in their listings),
        # when kept: an extended run gives them in the order a new run would.
        found_at = self.found_at
        left = self.left
        # Turn endings by position (tiles named by the tile action): bound, and key if kept.
        ends = self.ends
        path: list[CoreMove] = []
        at: list[int] = []  # each move's place in its listing, beside ``path`` (when kept)
        last = self.remaining <= 1
        # Tile actions are listed only to be tried: with tiles=False only swaps of
        # alike tiles of different classes may be, and only a tile set with such
        # classes has them (tables: a class is a run of one type in id order).
        listed = tiles or (swaps and self.T.nclasses > len(self.T.types))
        if self.hopeless(-1, self.fill_open() + self.remaining - 1):
            return
        shelter = self.shelter
        if shelter is not None:
            # No tile action, or (within no cost) only swaps of alike tiles, which leave
            # every touched cell's text as it was (else a plan item, Q5): its features,
            # openings, doors and prisoners, all a walk reads; so the board is as it lies.
            shelter.settled = not listed or (not tiles and budget is not None and budget <= 0)
            if shelter.cut():
                return
        dear = budget if budget is not None else 1 << 30  # a line with this many items makes no tile or door action
        # The tile actions tried touch a relevant cell or the fight zone (below): the
        # others are not even listed.
        touching = None if relevant is None else relevant | self.fight_zone(relevant)

        # A tile action away from the relevant cells matters only by sending home a
        # door that stands on one, or one of the player's own (D4): only an action
        # that touches such a door's tunnel (or a cell next to it) is made to see.

        def child(move: CoreMove, kind: int, tile: bool, away: bool, before: Any, brings: int,
                  items: tuple[str, ...], filled: int, bonus: int, done: CoreMove | None
                  ) -> tuple[tuple[str, ...], int, int, CoreMove | None] | None:
            # One made move of search() below: its cuts, and the records of a goal met
            # or a turn ended (None); else the arguments to search below it.  ``away``:
            # a tile action away from the relevant cells.
            if away and not self._sent_home(before, relevant):
                return None
            now_filled, now_bonus = filled, bonus
            if tile:
                now_filled, now_bonus = _filled(move, kind), brings
                if not pos.turn_ended(move[0], self.player, self.round) and self.hopeless(
                        now_filled, self.remaining - 1, now_bonus):
                    return None
            if pr.met():
                now = items if before is None else items + items_of(pos, move, kind, before)
                if self._past(now, dear):
                    return None
                k = (pos.key(), now)
                had = given.get(k)
                if had is None or len(had.move) > len(path):
                    given[k] = Successor(Node((), k[0], 0), tuple(path), now, len(now), True)
                    if had is None and left is not None:
                        found_at[k] = tuple(at)
                    if first:
                        raise _First(given[k])
                return None
            if pos.turn_ended(move[0], self.player, self.round):
                if last or pos.ranking:
                    return None
                # Tiles at the turn's end follow from its start and its tile action,
                # unless the round ended (the collapse clears the board, E3).
                name = (self.start_key, move if tile else done) if pos.round == self.round else None
                # One ending is often reached in several ways (steps in another
                # order): its bound and key are worked out once.
                inner = (name, pos.key_in_turn(self.player)) if name is not None else pos.key()
                r = self.remaining - 1
                now = items if before is None else items + items_of(pos, move, kind, before)
                if self._past(now, dear):
                    return None
                # Within a budget, the tile actions the later turns may still cost: an
                # ending that needs more holds no solution within it (the search would
                # skip it), so its bound stops looking once it says so.
                spare = None if budget is None else dear - len(now)
                known = ends.get(inner)
                if known is None or (known[3] is not None and (spare is None or spare > known[3])):
                    b, fills = pr.bound(name, r, spare=spare)
                    # (A bound stopped at ``spare`` is kept with it: a line reaching the
                    # ending more cheaply asks again.)
                    dropped = spare is not None and fills[min(r, len(fills) - 1)] > spare
                    known = ends[inner] = (b, fills, pos.key() if b <= r and not dropped else None,
                                           spare if dropped else None)
                b, fills, full, _ = known
                if spare is not None and fills[min(r, len(fills) - 1)] > spare:
                    self.skipped = self.over = True
                    return None
                if full is None:
                    return None  # no use: the bound is a property of the position alone
                ending = (full, now)
                had = given.get(ending)
                if had is None or len(had.move) > len(path):
                    given[ending] = Successor(Node(pos._snapshot(), full, b, fills), tuple(path), now, len(now),
                                              False)
                    if had is None and left is not None:
                        found_at[ending] = tuple(at)
                return None
            # After a tile action the last turn's cut comes first: it reads the position
            # alone, and a line it drops needs neither its plan text nor its key (lines
            # of steps meet again in another order, so for them the table comes first).
            if tile and shelter is not None and shelter.cut():
                return None
            now = items if before is None else items + items_of(pos, move, kind, before)
            if self._past(now, dear):
                return None
            now_done = move if tile else done
            inside = (now_done, pos.key_in_turn(self.player), now)
            if inside in seen:
                return None
            seen.add(inside)
            if kind == STEP and self.hopeless(filled, self.fill_open() + self.remaining - 1, bonus):
                return None
            if not tile and shelter is not None and shelter.cut():
                return None
            return now, now_filled, now_bonus, now_done

        # search() calls itself, and child(), through these lists, not by their names: a
        # nested function that names itself holds itself through its closure, and
        # compiled by mypyc nested functions that name each other hold the environment
        # they share; either is a reference cycle that would keep every table of the run
        # (its endings and their snapshots) alive until the cyclic collector came by.
        # The lists are emptied when the run ends.
        deeper: list[Callable[[tuple[str, ...], int, int, CoreMove | None, _Left | None],
                              Iterator[Successor[Node, tuple[CoreMove, ...]]]]] = []
        made: list[Callable[[CoreMove, int, bool, bool, Any, int, tuple[str, ...], int, int, CoreMove | None],
                            tuple[tuple[str, ...], int, int, CoreMove | None] | None]] = [child]

        def search(items: tuple[str, ...], filled: int, bonus: int, done: CoreMove | None,
                   again: _Left | None = None) -> Iterator[Successor[Node, tuple[CoreMove, ...]]]:
            # ``again``: make that move alone, one a kept run left out here (see extend).
            # Tile actions that carry none of the player's prisoners leave them where
            # they are, so whether the cut after them falls depends only on the cell
            # they fill (or none) and on whether they bring a hideout tile (the
            # bonus): asked once per case, before making any of them.
            cut: dict[tuple[int, int], bool] = {} if again is None else again[0].cut
            touched_cut: dict[tuple[tuple[int, ...], bool], bool] = {}
            mine: set[int] | None = None
            cutter: Callable[[tuple[int, ...], bool, bool], bool] | None = None  # LastTurnCut.tile_cutter, here
            # A move that only ends the turn (end, or a door action that ends it, N4)
            # leaves the prisoners, tiles and zones as they are, so the next turn's
            # bound is known before it is made, once for all of them.
            # (A door action puts the player's door on the board, which the bound counts:
            # asked apart, see shelter.fight_turn.)
            closing: dict[bool, bool] = {} if again is None else again[0].closing
            # (Door actions of the last turn are all skipped below.)
            keep: Keep | None = None
            list_tiles = listed
            near: frozenset[int] | None = None
            if tiles and touching is not None and shelter is not None and len(items) < dear:
                # Every tile action listed here passes the checks below up to the cut
                # before it (it is within the budget and touches a relevant cell or
                # the fight zone), so that cut is asked as the actions are listed,
                # once per cells touched, and those it cuts are never built.
                mine = owned = self._cells_of_mine()
                cutter = cut_for = shelter.tile_cutter()
                # Whether the cut falls for every action that carries no prisoner of
                # the player and lays no hideout tile, or for every one that carries
                # none (LastTurnCut.cuts_every_tile_action): those are then not asked
                # one by one.
                bare, every = shelter.cuts_every_tile_action()

                def keep(cells: tuple[int, ...], lands: bool) -> bool:
                    # (Called for every cells touched: written for speed.)
                    carries = cells[0] in owned or (len(cells) > 1 and cells[1] in owned)
                    if not carries and (every or (bare and not lands)):
                        return False
                    hit = touched_cut.get((cells, lands))
                    if hit is None:
                        hit = touched_cut[(cells, lands)] = cut_for(cells, carries, lands)
                    return not hit
                near = touching
                if every:
                    # Only actions that touch a cell holding a prisoner of the player
                    # are left: those alone are listed (the loop below still drops
                    # those that touch no relevant cell nor the fight zone).
                    near = frozenset(owned)
                    list_tiles = bool(owned)
            # Where this node is, for the moves the budget leaves out (when kept).
            here = None if again is None else again[0]
            listing: Iterable[tuple[int, CoreMove]] = ((again[1], again[2]),) if again is not None else enumerate(
                legal_moves(pos, dedup=True, doors=doors and not last, tiles=list_tiles, touching=near, keep=keep))
            for i, move in listing:
                # The search's clock, now and then (it may raise LimitReached: every
                # move made above is unmade by the finally blocks on the way out).
                self.ticks += 1
                if self.ticks >= CHECK_EVERY:
                    self.ticks = 0
                    check = pr.check
                    if check is not None:
                        check()
                kind = move[1][0] if move[0] == KEEP else move[0]
                tile = PLACE <= kind <= ROTATE
                door = kind in (DOOR, MOVEDOOR)
                if tile:
                    if not tiles and not (swaps and kind == SWAP and _alike(pos, move)):
                        continue
                    if len(items) >= dear and not _may_cost_nothing(pos, move, kind):
                        # It adds an item (Q5): past the budget.  (One that may not is
                        # made, and cut after it if it did: a new run within a larger
                        # budget must reach what it reaches, by the same lines.)
                        self.skipped = True
                        if left is not None:
                            if here is None:
                                here = _Place(tuple(path), tuple(at), items, filled, bonus, done, cut, closing)
                            left.append((here, i, move))
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
                    if shelter is not None and keep is None:  # (else asked as it was listed)
                        # The cut before a tile action asks only which cells it touches:
                        # asked once per cells at this position (the tiles, rotations and
                        # hand tiles that touch them are many).
                        lands = _lands_hideout(pos, move, kind, pr._is_hideout)
                        hit = touched_cut.get((cells, lands))
                        if hit is None:
                            if cutter is None:
                                cutter = shelter.tile_cutter()
                            hit = touched_cut[(cells, lands)] = cutter(cells, any(c in mine for c in cells), lands)
                        if hit:
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
                elif door and len(items) >= dear:
                    self.skipped = True  # a door action is a plan item (Q5): past the budget
                    if left is not None:
                        if here is None:
                            here = _Place(tuple(path), tuple(at), items, filled, bonus, done, cut, closing)
                        left.append((here, i, move))
                    continue
                if kind == END and last and pos.round_ends and pr.collapse_misses():
                    continue  # the collapse it brings cannot meet the goal (CoreProblem.collapse_misses)
                if (door or kind == END) and not pos.round_ends and pos._ends_turn(kind):
                    placed = kind == DOOR
                    shut = closing.get(placed)
                    if shut is None:
                        shut = closing[placed] = last or pr.bound(
                            (self.start_key, done), self.remaining - 1, door_placed=placed)[0] > self.remaining - 1
                    if shut:
                        continue
                described = tile or door or (kind == STEP and move[3] >= 0)
                before = describe(pos, move, kind, self._texts, self._doors) if described else None
                undo = pos.make(move)
                path.append(move)
                at.append(i)
                # The child's checks and records are in child(), which returns what to
                # search below it or None: mypyc compiles no continue inside try/finally.
                try:
                    below = made[0](move, kind, tile, tile and not touches, before, brings if tile else 0,
                                  items, filled, bonus, done)
                    if below is not None:
                        yield from deeper[0](below[0], below[1], below[2], below[3], None)
                    elif self.over:
                        # Cut for the budget after it was made (child): kept to be made again.
                        self.over = False
                        if left is not None:
                            if here is None:
                                here = _Place(tuple(path[:-1]), tuple(at[:-1]), items, filled, bonus, done, cut,
                                              closing)
                            left.append((here, i, move))
                finally:
                    path.pop()
                    at.pop()
                    pos.unmake(undo)

        deeper.append(search)
        try:
            try:
                if resume is None:
                    for _ in search((), -1, 0, None, None):
                        pass
                else:
                    self._resume(resume, search, path, at)
            except _First as found:
                yield found.successor
                return
        finally:
            deeper.clear()
            made.clear()
        if resume is None:
            yield from given.values()
        else:
            # In the order a new run would first find them: by their moves' places in
            # the listings, as a new run goes through its moves in that order.
            for k in sorted(given, key=found_at.__getitem__):
                yield given[k]

    def _resume(self, resume: list[_Left], search: Callable[..., Iterator[Successor[Node, tuple[CoreMove, ...]]]],
                path: list[CoreMove], at: list[int]) -> None:
        """Make each move left out (``resume``, as a kept run left them: in the order
        a new run would meet them) from where it was left out, and search below it,
        as a new run would (see :meth:`extend`).  The position goes from one place
        to the next by unmaking back to what they share and making the rest."""
        pos = self.pos
        undos: list[Any] = []
        try:
            for again in resume:
                moves, places = again[0].moves, again[0].places
                n = 0
                while n < len(at) and n < len(places) and at[n] == places[n]:
                    n += 1
                while len(undos) > n:
                    pos.unmake(undos.pop())
                    path.pop()
                    at.pop()
                for m, j in zip(moves[n:], places[n:]):
                    undos.append(pos.make(m))
                    path.append(m)
                    at.append(j)
                p = again[0]
                for _ in search(p.items, p.filled, p.bonus, p.done, again):
                    pass
        finally:
            while undos:
                pos.unmake(undos.pop())
            path.clear()
            at.clear()

    def kept(self, key: Hashable, remaining: int, budget: int) -> Kept:
        """What this run (``left`` set: kept) of the turn from the position of
        ``key`` with ``remaining`` turns, within ``budget``, leaves for
        :meth:`extend`.  It holds no reference to the problem, so keeping it makes
        no reference cycle."""
        assert self.left is not None, "a kept run"
        return Kept(key, remaining, budget, self.seen, self.given, self.found_at, self.ends, self.left)

    def extend(self, kept: Kept, budget: int | None) -> list[Successor[Node, tuple[CoreMove, ...]]]:
        """After a kept run of a turn from this position (``run(tiles=True)``, with
        ``left`` set) within a smaller budget: every ending within ``budget`` (None:
        any cost), as a new run within it would list them, and in its order;
        ``skipped`` as it would set it.  Only the moves the runs before left out
        are made again, each from where it was left out: everything within the
        smaller budget was listed, and a line past it passes one of those moves
        (each adds a plan item, Q5) or was cut for the budget just after one (an
        ending the bound put past it).  This run is kept in turn.  ``kept`` is
        spent: its tables grow as the run goes, so a run stopped half way (the
        search's clock) leaves them fit for nothing."""
        assert not kept.spent, "a kept run extends once"
        kept.spent = True
        self.seen, self.given, self.found_at, self.ends = kept.seen, kept.given, kept.found_at, kept.ends
        self.left = []
        self.skipped = False
        return list(self.run(tiles=True, budget=budget, resume=kept.left))

    def _past(self, now: tuple[str, ...], dear: int) -> bool:
        """Whether a line whose plan items are ``now`` is past the budget (more than
        ``dear`` items): it and every line it leads to cost too much; ``skipped``
        then records that a line was left out, and ``over`` that the move just
        made was cut for it.  (A method, not nested in ``run``: see the lists there.)"""
        if len(now) > dear:
            self.skipped = self.over = True
            return True
        return False

    def _sent_home(self, before: Any, relevant: frozenset[int] | None) -> bool:
        """Whether the tile action just made sent home a door standing on a relevant
        cell, or one of the player's own doors anywhere (D4): with its door in hand
        a player gaining the key hands that one in, and the plan names no door
        (K1, Q5), so the cost of the turn can change."""
        pos, T = self.pos, self.T
        if before[0] != "board" or relevant is None:
            return True  # (the doors before were not kept: any may have gone home)
        for p, was in enumerate(before[2]):
            if len(was) != len(pos.doors[p]):
                if p == self.pr.me:
                    return True
                for s in set(was) - set(pos.doors[p]):
                    if (s - T.spot0) // 3 in relevant:
                        return True
        return False


class Kept:
    """A kept run's turn (its start's key and turns left) and budget, its tables
    and the moves its budget left out (:meth:`_Turn.kept`)."""

    def __init__(self, key: Hashable, remaining: int, budget: int, seen: set[tuple[Any, Hashable, tuple[str, ...]]],
                 given: dict[tuple[Hashable, tuple[str, ...]], Successor[Node, tuple[CoreMove, ...]]],
                 found_at: dict[tuple[Hashable, tuple[str, ...]], tuple[int, ...]],
                 ends: dict[Hashable, tuple[int, tuple[int, ...], Hashable, int | None]], left: list[_Left]):
        self.key, self.remaining, self.budget = key, remaining, budget
        self.spent = False  # extended already (_Turn.extend)
        self.seen, self.given, self.found_at, self.ends, self.left = seen, given, found_at, ends, left


class _First(Exception):
    """Raised by a run with ``first`` at the first line that meets the goal within
    its budget: the unmakes on the way out leave the position as the run found it."""

    def __init__(self, successor: Successor[Node, tuple[CoreMove, ...]]):
        super().__init__()
        self.successor = successor


__all__ = ["CHECK_EVERY", "Kept", "Node", "_Turn"]
