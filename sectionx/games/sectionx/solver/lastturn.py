"""The last turn's cut by walks over the board (docs/solver.md, "The last turn"
and "Key and hide goals"): :class:`LastTurnCut`, which the exact solver asks
before it lists a last turn's lines, and the group tests it answers a tile
action's cut from (:func:`idle_groups`, :func:`from_groups`).

The figures it reads (walks to shelter, hideouts within reach, the key by
steps alone) are :mod:`.shelter`'s; this module decides, from them, whether a
last turn can still meet the goal.  Split from :mod:`.shelter` by concern when
that file passed 880 lines.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from .position import STEP_BUDGET, STEPS_PER_PRISONER, PositionBase
from .reach import INF, graph
from .shelter import (
    Shelter,
    board_facts,
    exposed,
    fight_turn,
    foreign_owned,
    hideouts_in_play,
    hideouts_within,
    no_key_by_steps,
    walk,
)

#: No green area.
_NONE: frozenset[int] = frozenset()


def idle_groups(cells: tuple[int, ...], falls: Callable[[tuple[int, ...]], bool]) -> tuple[frozenset[int], bool]:
    """The group tests of :meth:`LastTurnCut._idle_cut`, for a cut ``falls(wild)``
    that only grows with fewer wild cells among ``cells``: the *useful* cells (under
    which, made wild alone, it stands), found by halving from all of ``cells``, and
    whether it falls with all the others (the *idle* ones) wild at once."""
    useful: set[int] = set()
    every = _useful(cells, falls, useful)
    # With no useful cell the idle ones are all of them, asked first: the cut may
    # still stand there (two cells wild together, neither alone).
    idle = tuple(c for c in cells if c not in useful)
    return frozenset(useful), every if not useful else falls(idle)


def _useful(cells: tuple[int, ...], falls: Callable[[tuple[int, ...]], bool], useful: set[int]) -> bool:
    """Adds to ``useful`` the cells among ``cells`` under which, made wild alone, the
    cut stands, by halving (:func:`idle_groups`); whether it falls with all of
    ``cells`` wild.  (Not nested: a nested function calling itself would hold itself
    in a reference cycle.)"""
    if not cells or falls(cells):
        return True
    if len(cells) == 1:
        useful.add(cells[0])
        return False
    half = len(cells) // 2
    _useful(cells[:half], falls, useful)
    _useful(cells[half:], falls, useful)
    return False


def from_groups(wild: tuple[int, ...], useful: frozenset[int], idle_falls: bool) -> bool | None:
    """The cut for one or two cells ``wild`` from :func:`idle_groups`' answer: it
    stands with a useful cell among them, falls with one idle cell, falls with two
    idle cells if it falls with every idle cell wild, else None (ask it)."""
    if any(c in useful for c in wild):
        return False
    if len(wild) == 1 or idle_falls:
        return True
    return None


class LastTurnCut:
    """The last turn's cut by walks over the board (docs/solver.md, "The last
    turn" and "Key and hide goals").

    ``shelters`` holds one pair per *key* or *hide* part that must come to hold
    during this turn: True for *hide*, and whether a collapse may come this turn;
    the caller leaves out a *key* part the player holds (it may hold at the end
    as it is).  Every exposed prisoner must then walk to shelter within the steps
    it has left this turn (at most 2 each and 5 in all, M3), all together within
    the turn's steps left; for a key that a collapse may bring instead, unless
    the prisoners may stand as K1 wants after it (:meth:`_may_survive`).  ``reach()`` gives the *free* and
    *zone* parts not met yet, as (target green areas, prisoners still needed):
    as many prisoners must walk onto a target within their steps.  Once the
    turn's tile action is done (or passed) the board no longer changes before
    those steps, so :func:`walk` over the board as it lies decides (:meth:`cut`);
    before it, :meth:`tile_cut` asks the same of the cells a tile action touches
    made wild (any tile, a hideout if one is in play), with another player's
    door open where the action might send it home in a tunnel fight (D4): it
    touches the door's tunnel or a cell next to it.  Another player's door
    blocks a walk to a green area only when the key cannot come this turn
    either (K1 lets a prisoner pass it, M4): some exposed prisoner cannot reach
    shelter within its steps."""

    def __init__(self, pos: PositionBase, me: int, shelters: list[tuple[bool, bool]], greens: frozenset[int],
                 hideouts: bool,
                 reach: Callable[[], list[tuple[frozenset[int], int]]]):
        self.pos, self.me, self.parts, self.greens, self.hideouts = pos, me, shelters, greens, hideouts
        self.reach = reach
        self.fights = sum(1 for d in pos.doors if d) >= 2
        self._near: dict[tuple[int, ...], frozenset[int]] = {}
        # Per position (the prisoners' places, whether a step was taken, the key held):
        # per (wild cells, carries, doors opened, hideouts) the cut.
        self._cuts: dict[tuple[object, ...], dict[tuple[object, ...], bool]] = {}
        self._every: dict[tuple[object, ...], tuple[bool, bool]] = {}
        # Per position: the cells near the prisoners under which, made wild alone, the
        # cut stands, and whether it falls with all the others wild (see _idle_cut).
        self._idle: dict[tuple[object, ...], tuple[frozenset[int], bool]] = {}
        # Whether tile_cutter answers from those group tests (False: the tests' reference).
        self.grouped = True
        # Set by a turn's search that makes no tile action that changes what a walk
        # reads (see _Turn.run): the board is then as it lies from the start.
        self.settled = False
        self._zones: dict[tuple[tuple[int, ...], ...], dict[int, list[tuple[int, int]]]] = {}

    def _doors_by_cell(self) -> dict[int, list[tuple[int, int]]]:
        """Per cell, the doors on the board (owner, spot) whose zone holds it: the
        cells a tile action touches when it joins the door's tunnel to another,
        the cells of the tunnel as it lies and their neighbours
        (:class:`~.movegen.FightFilter`'s argument).  Empty when no fight can
        come (fewer than two players with a door on the board)."""
        pos = self.pos
        doors = tuple(tuple(d) for d in pos.doors)
        got = self._zones.get(doors)
        if got is None:
            got = {}
            if self.fights:
                T = pos.T
                nbs = graph(T).cells
                for p, held in enumerate(doors):
                    for s in held:
                        cells = {(x - T.spot0) // 3 for x in pos._tunnel(s)}
                        for z in cells | {m for c in cells for m in nbs[c] if m < T.ncells}:
                            got.setdefault(z, []).append((p, s))
            self._zones[doors] = got
        return got

    def _around(self) -> frozenset[int]:
        """Cells within two steps of a prisoner of the player (no walk of this turn
        enters another, M3)."""
        pos = self.pos
        key = tuple(pos.where[self.me])
        got = self._near.get(key)
        if got is None:
            T = pos.T
            nbs = graph(T).cells
            ring = {T.ncells if s == 0 else (s - T.spot0) // 3 for s in key if s == 0 or s >= T.spot0}
            out = set(ring)
            for _ in range(2):
                ring = {m for c in ring for m in nbs[c]}
                out |= ring
            out.discard(T.ncells)
            got = self._near[key] = frozenset(out)
        return got

    def tile_cut(self, cells: tuple[int, ...], carries: bool, hideout: bool = True) -> bool:
        """Before a tile action touching ``cells``: whether no turn that goes on
        with it can meet the goal (see the class docstring).  ``carries``: the
        action touches a cell holding a prisoner of the player, which it may carry
        away (a ride, N3): then the walks to green areas are not asked before it.
        ``hideout``: whether a hideout tile lies on one of ``cells`` after the
        action (the tile placed, moved there, swapped or rotated); when none
        does, the wild cells are no hideouts (a tile's hideout is its own,
        whatever its rotation)."""
        return self.tile_cutter()(cells, carries, hideout)

    def _node(self) -> tuple[object, ...]:
        """What the cuts read of the position inside one turn before its tile
        action, beside the board: the prisoners' places, the steps taken, and the
        key held (which decides whether doors block the walks)."""
        pos, me = self.pos, self.me
        return tuple(pos.where[me]), pos.moved, pos.key_[me]

    def cuts_every_tile_action(self) -> tuple[bool, bool]:
        """At the position as it is now, before the turn's tile action: whether
        :meth:`tile_cut` cuts every tile action that touches no cell holding a
        prisoner of the player (so carries none, N3) and leaves no hideout tile on
        the cells it touches; and whether it cuts every such action at all.

        Asked once, with every cell within 2 steps of a prisoner of the player
        made wild at once and every other player's door open.  The cut only grows
        with fewer wild cells, fewer doors open and no wild hideout (a wild cell
        is any tile, entered and left by any edge, with room for all; an open
        door blocks nothing), and an action's own wild cells are among them: a
        tile action that leaves no hideout tile on the cells it touches found no
        hideout tile on them either (it places a tile on an empty cell, or turns,
        moves or swaps tiles without one), so the first question makes wild
        only the cells that hold no hideout tile (the others keep theirs, as
        they lie), with no wild hideout; the second makes every such cell wild,
        a hideout if one is in play.

        The cells holding a prisoner of the player are left as they lie in both:
        no such action touches them, and made wild they would not be a larger
        board but another one (a prisoner standing in a hideout there is named
        by its place, one stepping in by the wild cell, so one hideout would
        count as two towards K1's two).  Asked after the tile action, both are
        False: nothing is left to cut."""
        pos, me = self.pos, self.me
        if pos.tile_action:
            return False, False
        node = self._node()
        got = self._every.get(node)
        if got is None:
            spot0 = pos.T.spot0
            mine = {(s - spot0) // 3 for s in pos.where[me] if s >= spot0}
            near = sorted(c for c in self._around() if c not in mine)
            types, tile = pos.T.tile_types, pos.tile
            bare = tuple(c for c in near if tile[c] < 0 or not types[tile[c]].hideout)
            doors = frozenset(s for p, held in enumerate(pos.doors) if p != me for s in held) if self.fights \
                else frozenset()
            every = self.cut(tuple(near), True, doors, self.hideouts)
            got = self._every[node] = (every or self.cut(bare, True, doors, False), every)
        return got

    def tile_cutter(self) -> Callable[[tuple[int, ...], bool, bool], bool]:
        """:meth:`tile_cut` at the position as it is now (a turn's search asks it
        for every cells touched at one position: what depends on the position
        alone is worked out once)."""
        me = self.me
        near = self._around()
        by_cell = self._doors_by_cell()
        node = self._node()
        cuts = self._cuts.get(node)
        if cuts is None:
            cuts = self._cuts[node] = {}
        hideouts_here = self.hideouts
        grouped = self.grouped

        def cut_for(cells: tuple[int, ...], carries: bool, hideout: bool) -> bool:
            wild = tuple(sorted({c for c in cells if c in near}))
            # The other players' doors the action might send home (D4): a fight
            # joins tunnels of two players, and the action touches the tunnel of
            # each (or a cell next to it), so it touches the zones of doors of two
            # players, that door's among them.
            opened: frozenset[int] = frozenset()
            if by_cell:
                touched = {d for c in cells for d in by_cell.get(c, ())}
                if len({p for p, _ in touched}) >= 2:
                    opened = frozenset(s for p, s in touched if p != me)
            hideouts = hideouts_here and hideout and bool(wild)
            key = (wild, carries, opened, hideouts)
            hit = cuts.get(key)
            if hit is None:
                if grouped and wild and not carries and not opened and not hideouts:
                    hit = self._idle_cut(wild, node)
                if hit is None:
                    hit = self.cut(wild, not carries, opened, hideouts)
                cuts[key] = hit
            return hit

        return cut_for

    def _idle_cut(self, wild: tuple[int, ...], node: tuple[object, ...]) -> bool | None:
        """:meth:`tile_cut` for a tile action that touches the cells ``wild`` near the
        player's prisoners (one or two), carries none of them, sends no door home and
        leaves no hideout tile on them, or None: ask the cut.

        The cut only grows with fewer wild cells among those that hold no hideout
        tile, all else the same (see :meth:`cuts_every_tile_action`; a cell holding
        one, made wild with no hideout, loses that shelter, so such cells are left
        to the cut).  So once per position the cells near the prisoners that hold
        none of them and no hideout tile are sorted by group tests: a set of cells
        made wild at once under which the cut still falls holds only cells under
        which, made wild alone, it falls too (*idle* cells); a set under which it
        stands is halved and each half asked, down to single cells, which are then
        the *useful* ones.  An action touching a useful cell leaves the cut standing
        (it stands with that cell alone wild); one touching a single idle cell is
        cut; one touching two idle cells is cut if the cut falls with every idle
        cell wild at once, and else asked.  A position's search asks the cut for
        most of the cells near the prisoners, and for many pairs of them (a move or
        a swap touches two), nearly all of them cut (issue 29); this asks it a few
        times per useful cell instead.  Same answers."""
        pos = self.pos
        T = pos.T
        spot0, types, tile = T.spot0, T.tile_types, pos.tile
        mine = {(s - spot0) // 3 for s in pos.where[self.me] if s >= spot0}
        # A cell holding a hideout tile, made wild without one, loses a shelter: the cut
        # may grow with it, so such cells are left to the cut itself.
        if any(c in mine or (tile[c] >= 0 and types[tile[c]].hideout) for c in wild):
            return None
        got = self._idle.get(node)
        if got is None:
            cells = tuple(sorted(c for c in self._around()
                                 if c not in mine and (tile[c] < 0 or not types[tile[c]].hideout)))
            got = self._idle[node] = idle_groups(cells, lambda w: self.cut(w, True, frozenset(), False))
        return from_groups(wild, *got)

    def _unsheltered(self, hide: bool, cells: tuple[int, ...], opened: frozenset[int], left: int,
                     together: bool = True, hideouts: bool = False) -> bool:
        """Whether some exposed prisoner cannot reach shelter within its steps this
        turn, or all of them together not within the ``left`` steps of the turn,
        or (K3, for the key) none a hideout when none is in one; for the key, with
        ``together``, or the prisoners together cannot stand as K1 wants
        (:func:`no_key_by_steps`; not asked of a tile action that may carry one)."""
        pos, me = self.pos, self.me
        doors_block = not pos.key_[me]
        total = 0
        for s in exposed(pos, me, hide):
            cap = min(STEPS_PER_PRISONER - pos.steps_used(me, s), left)
            d = walk(pos, me, s, cap, hide, self.greens, doors_block, cells, hideouts, open_doors=opened)
            if d > cap:
                return True
            total += d
        if total > left:
            return True
        if not hide and not pos.hides[me] and all(
                walk(pos, me, s, min(STEPS_PER_PRISONER - pos.steps_used(me, s), left), hide, _NONE, doors_block,
                     cells, hideouts, open_doors=opened) >= INF for s in set(exposed(pos, me, hide))):
            return True
        # The key: the prisoners together (room, two hideouts), unless the tile action
        # still to come may carry one of them away (a ride, N3).
        return not hide and together and no_key_by_steps(pos, me, self.greens, left, opened, cells, hideouts)

    def _may_survive(self, cells: tuple[int, ...], opened: frozenset[int], left: int, hideouts: bool,
                     reach: bool = True) -> bool:
        """Whether the prisoners may stand as K1 wants after a collapse this turn:
        the collapse buries those on tunnels, junctions and dead ends and keeps
        those on the island and in hideouts (E3), then K1 and K5 are applied, so
        none may be left on the island and one must be in a hideout (K3).  Each
        prisoner on the island must leave it within its steps, and, if none is in a
        hideout now, one must reach a hideout within its steps.  When only a
        discovery can end the round this turn (E1: the last tile cannot be taken
        in it, E2), the arrivals it needs come into it too
        (:meth:`_discovery_may_key`), unless ``reach`` is False: the tile action
        about to be made may carry one of the player's prisoners (a ride, N3),
        and a walk from where it stands now says nothing of its way to a green
        area (issue 29's review)."""
        pos, me, T = self.pos, self.me, self.pos.T
        doors_block = not pos.key_[me]
        arrivals = pos.discovery - pos.greens[me]
        if reach and arrivals >= 1 and not pos.round_may_end_now() and not self._discovery_may_key(
                cells, opened, left, hideouts, arrivals):
            return False
        island = pos.pc[me][0]
        if island:
            cap = min(STEPS_PER_PRISONER - pos.steps_used(me, 0), left)
            if island > left or cap < 1 or not any(
                    c in cells or (pos.tile[c] >= 0 and T.tile_types[pos.tile[c]].feature_at[pos.rot[c]][e] >= 0)
                    for c, e in T.island_edges):
                return False
        if pos.hides[me]:
            return True
        return any(walk(pos, me, s, min(STEPS_PER_PRISONER - pos.steps_used(me, s), left), False, _NONE, doors_block,
                        cells, hideouts, open_doors=opened) < INF for s in set(exposed(pos, me, False)))

    def _discovery_may_key(self, cells: tuple[int, ...], opened: frozenset[int], left: int, hideouts: bool,
                           arrivals: int) -> bool:
        """Whether a discovery this turn (E1) may leave the prisoners as K1 wants.

        The round ends at once at the step that brings the player's ``arrivals``-th
        prisoner onto a green area this round (E1), so every step of the turn
        comes before it, within the ``left`` steps (M3).  The collapse then frees
        those on green areas, keeps those on the island and in hideouts and buries
        the rest (E3); the key (K1, K3, K5) needs none left on the island and one
        in a hideout.  So some ``arrivals`` prisoners each walk to a green area
        the player may enter, every other prisoner on the island steps off it,
        and one that does not arrive is in a hideout or walks to one: each walk
        (:func:`walk`, within its own steps, at most 2) takes at least its fewest
        steps, and all of them together no more than ``left``.  Asked only where
        no tile action still to come may carry a prisoner of the player (a ride
        takes no step, N3): with the tile action done, or before one that touches
        no cell holding one of them (``cells`` wild)."""
        pos, me = self.pos, self.me
        doors_block = not pos.key_[me]
        spot0 = pos.T.spot0
        rows = []  # per prisoner: steps to a green area, off the island, to a hideout
        for s in pos.where[me]:
            if 0 < s < spot0:
                continue  # on a green area already (counted in greens, M5)
            cap = min(STEPS_PER_PRISONER - pos.steps_used(me, s), left)
            green = walk(pos, me, s, cap, False, self.greens, doors_block, cells, False, into_hideouts=False,
                         open_doors=opened)
            leave = 1 if s == 0 else 0
            if s >= spot0 and pos.hid[s]:
                hideout = 0
            else:
                hideout = walk(pos, me, s, cap, False, _NONE, doors_block, cells, hideouts, open_doors=opened)
            rows.append((green, leave, hideout))
        if len(rows) <= arrivals:
            return False  # none would be left in a hideout (K3)
        for chosen in combinations(range(len(rows)), arrivals):
            steps = sum(rows[i][0] for i in chosen)
            if steps > left:
                continue
            rest = [rows[i] for i in range(len(rows)) if i not in chosen]
            base = sum(leave for _, leave, _ in rest)
            extra = min(hideout - leave for _, leave, hideout in rest)
            if steps + base + extra <= left:
                return True
        return False

    def cut(self, wild: tuple[int, ...] | None = None, reach: bool = True,
            opened: frozenset[int] = frozenset(), hideouts: bool = False) -> bool:
        """Whether some part can no longer come to hold this turn: for the board as
        it lies (``wild`` None; answered only once the tile action is done or
        passed, or when the search makes none, ``settled``; else False), or with
        the cells ``wild`` made wild by the tile action about to be made, which
        may send home the doors on ``opened``.
        ``reach``: ask the walks to green areas too, and whether the prisoners
        together can stand as K1 wants (False for a tile action that may carry
        one of them away, N3)."""
        pos, me = self.pos, self.me
        if wild is None and not (self.settled or pos.tile_action or (not pos.advanced and pos.phase >= 3)):
            return False
        left = STEP_BUDGET - pos.nsteps
        doors_block = not pos.key_[me]
        cells = wild or ()
        fails, no_key = self._shelter_fails(cells, opened, left, reach, hideouts)
        if fails:
            return True
        if reach:
            # Another player's door blocks the way unless the key may come this turn
            # (M4, K1): every exposed prisoner sheltered within its steps first.  A
            # door that blocks only takes ways away, so the walks with doors passing
            # are asked first (if they fail, so would the others), then with doors
            # blocking (if they pass, so would the others), and whether the key may
            # come, the costly question, only when the two differ.
            if self._walks_fail(cells, opened, left, False):
                return True
            if not doors_block or no_key is False or not any(
                    pos.doors[p] for p in range(pos.n) if p != me) or not self._walks_fail(cells, opened, left, True):
                return False
            if no_key is None:
                no_key = self._unsheltered(False, cells, opened, left, reach, hideouts)
            return no_key
        return False

    def _shelter_fails(self, cells: tuple[int, ...], opened: frozenset[int], left: int, reach: bool,
                       hideouts: bool) -> tuple[bool, bool | None]:
        """Whether some *hide* or *key* part can no longer hold this turn (:meth:`cut`):
        an exposed prisoner short of shelter (:meth:`_unsheltered`) and, for the key,
        no collapse this turn that may leave the prisoners as K1 wants
        (:meth:`_may_survive`).  Also the key's :meth:`_unsheltered` answer when it was
        asked (None if not), for :meth:`cut` to reuse."""
        no_key: bool | None = None
        for hide, collapse in self.parts:
            out = self._unsheltered(hide, cells, opened, left, reach, hideouts)
            if not hide:
                no_key = out
            if out and not (collapse and self._may_survive(cells, opened, left, hideouts, reach)):
                return True, no_key
        return False, no_key

    def _walks_fail(self, cells: tuple[int, ...], opened: frozenset[int], left: int, block: bool) -> bool:
        """Whether some *free* or *zone* part not met yet cannot get its prisoners onto
        its targets within their steps and the turn's ``left`` (:meth:`cut`), with
        other players' doors blocking (M4) or not."""
        pos, me = self.pos, self.me
        spot0 = pos.T.spot0
        for targets, wanted in self.reach():
            found: list[int] = []
            for s in set(pos.where[me]):
                if s == 0 or s >= spot0:
                    cap = min(STEPS_PER_PRISONER - pos.steps_used(me, s), left)
                    d = walk(pos, me, s, cap, False, targets, block, cells, False, into_hideouts=False,
                             open_doors=opened)
                    if d <= cap:
                        found.extend([d] * pos.pc[me][s])
            if len(found) < wanted:
                return True
            found.sort()
            if sum(found[:wanted]) > left:
                return True
        return False


__all__ = ["LastTurnCut", "Shelter", "board_facts", "exposed", "fight_turn", "foreign_owned", "hideouts_in_play",
           "hideouts_within", "no_key_by_steps", "walk"]
