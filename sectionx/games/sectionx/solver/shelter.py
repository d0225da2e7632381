"""The bound for goals that send prisoners into shelter: the master key (K1) and *hide*.

A *key* goal is met when the player receives the master key.  Without a
collapse (E3) that takes a step after which K1 holds: no prisoner of the
player on the island, none on a tunnel, junction or dead end, so every
prisoner still in play stands in a hideout or on a green area (K1, K3).  A
*hide* goal needs every prisoner still in play on the island, in a hideout or
on a green area, none lost (Q4).  Either way every prisoner that is *exposed*
now (for *key*: on the island or outside a hideout; for *hide*: outside a
hideout and off the island) must first walk to *shelter*: a hideout feature, a
green area it may enter (Z1, Z2), and for *hide* the island.

:class:`Shelter` gives, for one board, the fewest steps from every place to a
shelter over ways that need at most ``k`` tile actions, counted as
:class:`~sectionx.games.sectionx.solver.reach.Reach` counts them (one fill per
empty cell passed) plus what the shelter itself needs: nothing where a hideout
with room lies now, one action where the cell is empty (the fill may lay a
hideout tile) or where another tile lies and a hideout tile lies on the board (a
swap), two where no hideout tile is on the board (one to clear the cell or lay
a hideout elsewhere, one to bring it), none at all where the tile can never
change (another player's prisoner on it, or, with doors fixed, another
player's tunnel, D3).  An exposed prisoner cannot ride (N3 carries only
prisoners in a hideout), and its own tile may not move or turn under it (N2),
so its first step leaves across an opening of the feature it stands on.

docs/solver.md ("Key and hide goals") argues when each figure is a lower bound:
the walk of every exposed prisoner to its first shelter happens before any
collapse (for *hide* always, for *key* unless a collapse comes first) and, with
doors fixed, before any tunnel fight sends another player's door home.
"""

from __future__ import annotations

from collections.abc import Callable

from .position import STEPS_PER_PRISONER, PositionBase
from .reach import INF, graph, need, spread
from .tables import GREEN_NB, HIDEOUT, ISLAND_NB, Tables

#: A green area, in :func:`no_key_by_steps` (hideouts are spots, or ``-1 - cell`` when wild).
_GREEN = -(1 << 30)


class Shelter:
    """Steps to shelter on one board (see the module docstring).

    ``to[k][c]``: fewest steps from place ``c`` (a tile cell, or ``ncells`` for
    the island) to a shelter over ways with at most ``k`` tile actions; ``c``
    itself is where the way starts and is never counted as empty.  ``hcost[c]``:
    the tile actions that make cell ``c`` a hideout to step into (``INF``:
    never).  ``greens``: the green areas that shelter (indices); ``island``:
    whether the island does (*hide*); ``walls``: cells no way passes."""

    def __init__(self, T: Tables, K: int, empty: list[bool], hcost: tuple[int, ...], greens: frozenset[int],
                 island: bool, walls: tuple[bool, ...] | None):
        self.T, self.K, self.hcost, self.greens, self.island, self.walls = T, K, hcost, greens, island, walls
        n = T.ncells
        self.empty = empty
        nbs = graph(T)
        extra: dict[int, list[tuple[int, int]]] = {}
        # Green areas and the island: reached by one step from the places touching them.
        first = extra.setdefault(0, [])
        for c in range(n + 1):
            if any(g in greens for g in nbs.greens[c]):
                first.append((1, c))
        if island:
            first.append((0, n))
        # Hideouts: reached by one step from their neighbours, once the hideout is there.
        for x in range(n):
            h = hcost[x]
            if h <= K:
                extra.setdefault(h, []).extend((1, m) for m in nbs.cells[x])
        self.to = spread(nbs, n, K, [], 0, [*empty, False], T.distance, None, True, walls=walls, extra=extra)
        self._needs: dict[int, tuple[int, tuple[int, ...], int]] = {}

    def steps(self, pos: PositionBase, s: int, k: int) -> int:
        """Fewest steps for a prisoner of the goal's player on place ``s`` (the
        island, or a spot that is not a hideout) to reach a shelter with at most
        ``k`` tile actions: its first step leaves across an opening of its own
        feature (N2: its tile stays as it lies while it stands there)."""
        T = self.T
        k = min(k, self.K)
        if s == 0:
            return self.to[k][T.ncells]
        c, f = divmod(s - T.spot0, 3)
        tt = T.tile_types[pos.tile[c]]
        best = INF
        to, hcost, empty, walls = self.to, self.hcost, self.empty, self.walls
        for e in tt.feature_edges[f][pos.rot[c]]:
            m = T.nb[6 * c + e]
            if m >= 0:
                if hcost[m] <= k:
                    return 1  # into a hideout on the next cell
                left = k - empty[m]
                if left >= 0 and not (walls is not None and walls[m]):
                    best = min(best, 1 + to[left][m])
            elif m == ISLAND_NB:
                if self.island:
                    return 1
                best = min(best, 1 + to[k][T.ncells])
            elif m <= GREEN_NB and GREEN_NB - m in self.greens:
                return 1
        return best

    def need(self, pos: PositionBase, s: int, horizon: int) -> tuple[int, tuple[int, ...], int]:
        """For a prisoner on place ``s``: the fewest turns its walk to shelter needs
        (``ceil(L/2)`` for ``L`` steps, M3, and ``k`` for ``k`` tile actions, one
        a turn, N2), per number of turns left ``0 .. horizon`` the fewest tile
        actions of a walk that fits in them (``INF``: none), and the fewest steps
        over walks of at most ``horizon`` tile actions."""
        key = pos.pk[s] if s else -1  # the cell and the feature's openings as they lie
        got = self._needs.get(key)
        if got is None:
            got = self._needs[key] = need(lambda k: self.steps(pos, s, k), min(horizon, self.K), horizon)
        return got


def exposed(pos: PositionBase, me: int, hide: bool) -> list[int]:
    """The places of the goal player's prisoners that are not in shelter, one entry
    per prisoner: on a tunnel, junction or dead end, and for *key* (not
    ``hide``) also on the island (K1)."""
    T = pos.T
    return [s for s in pos.where[me] if (s >= T.spot0 and not pos.hid[s]) or (s == 0 and not hide)]


def foreign_owned(pos: PositionBase, me: int) -> set[int]:
    """Cells of tiles that belong to another player's tunnel (D3): nobody but
    their owner may swap, move or turn them, and the owner passes (Q2)."""
    T = pos.T
    spots: set[int] = set()
    for p in range(pos.n):
        if p != me:
            for s in pos.doors[p]:
                if s not in spots:
                    spots.update(pos._tunnel(s))
    return {(s - T.spot0) // 3 for s in spots}


def board_facts(pos: PositionBase, me: int, doors_fixed: bool) -> tuple[tuple[int, ...], tuple[bool, ...] | None]:
    """``hcost`` and ``walls`` for :class:`Shelter` on the position's board.

    A cell is *fixed* when its tile can never change before the goal is met:
    another player's prisoner stands on it (N2; the others pass, Q2), or, with
    ``doors_fixed``, it belongs to another player's tunnel (D3).  A fixed cell
    is a *wall* when none of its features opens onto two edges, has room for one
    more (T2: another player's prisoners take room, the goal player's own may
    step away) and, with ``doors_fixed``, holds no door of another player (M4):
    no prisoner can pass it.

    A hideout tile may come to a cell when the player holds one, one is in a
    stack (N1), or one lies on a cell that is not fixed (it may be moved or
    swapped, N2; other players' hands never come into play before a collapse,
    Q2).  ``hcost`` per cell: 0 where a hideout with room lies; ``INF`` on a
    fixed cell without one, or where no hideout tile may come; else 1 for an
    empty cell (its fill lays one), 1 for a cell holding another tile when a
    hideout tile lies on a cell that is not fixed (a swap), 2 otherwise (the
    cell cleared, then filled)."""
    T = pos.T
    owned = foreign_owned(pos, me) if doors_fixed else set()
    load, mine, door = pos.load, pos.pc[me], pos.door
    types, tile, rot = T.tile_types, pos.tile, pos.rot
    room: list[bool] = []  # per cell: a hideout with room for one more
    fixed: list[bool] = []
    walls = [False] * (T.ncells + 1)
    movable = False  # a hideout tile lies on a cell that is not fixed
    for c in range(T.ncells):
        t = tile[c]
        if t < 0:
            room.append(False)
            fixed.append(False)
            continue
        tt = types[t]
        base = T.spot0 + 3 * c
        fix = c in owned or any(load[base + f] > mine[base + f] for f in range(len(tt.kinds)))
        has_room = passable = False
        for f, kind in enumerate(tt.kinds):
            s = base + f
            free = load[s] - mine[s] < tt.capacity[f]
            if kind == HIDEOUT and free:
                has_room = True
            if free and len(tt.feature_edges[f][rot[c]]) >= 2 and not (doors_fixed and door[s] >= 0 and door[s] != me):
                passable = True
        room.append(has_room)
        fixed.append(fix)
        walls[c] = fix and not passable
        movable = movable or (tt.hideout and not fix)
    layable = movable or any(types[t].hideout for t in pos.hand[me]) or any(
        types[t].hideout for st in pos.stacks for t in st)
    swap = 1 if movable else 2
    hcost = tuple(0 if room[c] else INF if fixed[c] or not layable else 1 if tile[c] < 0 else swap
                  for c in range(T.ncells))
    return hcost, (tuple(walls) if any(walls) else None)


def hideouts_in_play(pos: PositionBase, me: int) -> bool:
    """Whether a hideout tile may lie on a cell during the last turn: one lies on
    the board, or the goal player holds one, or one is in a stack (N1).  Other
    players' hands never come into play before a collapse: they pass (Q2)."""
    types = pos.T.tile_types
    return (any(t >= 0 and types[t].hideout for t in pos.tile) or any(types[t].hideout for t in pos.hand[me])
            or any(types[t].hideout for st in pos.stacks for t in st))


def fight_turn(pos: PositionBase, me: int) -> int:
    """The earliest of the goal player's turns, counting this one as 1, in which a
    step may pass where another player's door stood at the turn's start, after
    a tunnel fight sent it home (D4): 1 when a fight may come in this turn's tile
    action before the steps (the player's own door is on the board, or doors of
    two other players are), else 2.  A fight needs a tunnel holding doors of two
    players after a tile action (D4); without a door of the player's own on the
    board that needs a door action first, and a door action ends the turn's
    steps (N4; in the advanced game a door action shuts out the steps that
    follow it, V2), so nobody steps through before the next turn."""
    owners = {p for p in range(pos.n) if p != me and pos.doors[p]}
    return 1 if pos.doors[me] or len(owners) >= 2 else 2


def _exits(pos: PositionBase, p: int) -> list[tuple[int, int]]:
    """The (cell, edge) pairs a step from place ``p`` leaves by: the island's
    edges, every edge of a wild cell (``-1 - cell``), or the openings of the
    feature it stands on (M2)."""
    T = pos.T
    if p == 0:
        return list(T.island_edges)
    if p < 0:
        return [(-1 - p, e) for e in range(6)]
    c, f = divmod(p - T.spot0, 3)
    return [(c, e) for e in T.tile_types[pos.tile[c]].feature_edges[f][pos.rot[c]]]


def _entry(pos: PositionBase, me: int, doors_block: bool, wild: tuple[int, ...], open_doors: frozenset[int]
           ) -> Callable[[int, int], int | None]:
    """A step's way in, for :func:`walk` and :func:`hideouts_within`: ``enter(c, e)``
    gives the place entered on cell ``c`` across its edge ``e`` (``-1 - c`` for a
    wild cell), or None: no tile, no feature opening there, no room beside the
    other players' prisoners (T2; the player's own may step away), or another
    player's door with ``doors_block`` (M4) not on ``open_doors``."""
    T = pos.T
    spot0, types, tile, rot = T.spot0, T.tile_types, pos.tile, pos.rot
    load, mine, door = pos.load, pos.pc[me], pos.door

    def enter(c: int, e: int) -> int | None:
        if c in wild:
            return -1 - c
        t = tile[c]
        if t < 0:
            return None
        tt = types[t]
        f = tt.feature_at[rot[c]][e]
        if f < 0:
            return None
        q = spot0 + 3 * c + f
        if load[q] - mine[q] >= tt.capacity[f]:
            return None
        if doors_block and door[q] >= 0 and door[q] != me and q not in open_doors:
            return None
        return q

    return enter


def walk(pos: PositionBase, me: int, s: int, limit: int, hide: bool, greens: frozenset[int], doors_block: bool,
         wild: tuple[int, ...] = (), hideouts: bool = False, into_hideouts: bool = True,
         open_doors: frozenset[int] = frozenset()) -> int:
    """Fewest steps, at most ``limit``, in which the goal player's prisoner on place
    ``s`` reaches a shelter over the board as it lies (``INF``: not within
    ``limit``): each step joins features that open onto each other (M2), enters
    a feature only with room beside the other players' prisoners (T2, M4; the
    player's own may step away) and, with ``doors_block``, none holding another
    player's door (M4), enters only the green areas in ``greens`` (Z1, Z2).

    Cells in ``wild`` are what a tile action still to come may make them: any
    tile at any rotation, a hideout if ``hideouts``, so a step may enter one from
    any place that opens onto it and leave it for any neighbour (an upper
    bound on what the board allows, so the figure is still a lower bound).
    ``into_hideouts=False``: only green areas (and the island for ``hide``)
    shelter, for walks to a target green area.  ``open_doors``: spots whose
    door does not block even with ``doors_block`` (a tunnel fight may send it
    home first)."""
    T = pos.T
    nb, hid = T.nb, pos.hid
    n = T.ncells
    enter = _entry(pos, me, doors_block, wild, open_doors)

    def across(c: int, e: int) -> tuple[int | None, bool]:
        """What a step from cell ``c`` across its edge ``e`` enters, and whether it shelters."""
        m = nb[6 * c + e]
        if m >= 0:
            q = enter(m, (e + 3) % 6)
            if q is None:
                return None, False
            return q, into_hideouts and (hideouts if q < 0 else hid[q])
        if m == ISLAND_NB:
            return 0, hide
        if m <= GREEN_NB and GREEN_NB - m in greens:
            return -1 - n - 1, True  # a green area: shelter (M5: nobody steps on from there)
        return None, False

    frontier = [s]
    seen = {s}
    for d in range(1, limit + 1):
        nxt: list[int] = []
        for p in frontier:
            for c, e in _exits(pos, p):
                if p == 0:
                    q = enter(c, e)
                    safe = q is not None and into_hideouts and (hideouts if q < 0 else hid[q])
                else:
                    q, safe = across(c, e)
                if q is None:
                    continue
                if safe:
                    return d
                if q not in seen:
                    seen.add(q)
                    nxt.append(q)
        frontier = nxt
    return INF


def hideouts_within(pos: PositionBase, me: int, s: int, limit: int, greens: frozenset[int], doors_block: bool,
                    open_doors: frozenset[int] = frozenset(), wild: tuple[int, ...] = (), hideouts: bool = False
                    ) -> tuple[dict[int, int], int]:
    """Every hideout the goal player's prisoner on place ``s`` can stand in after at
    most ``limit`` steps over the board as it lies, with the fewest steps to each
    (its own hideout with 0, if it stands in one), and the fewest steps to a green
    area in ``greens`` (``INF``: none within ``limit``).  Steps as :func:`walk`
    counts them (M2, T2 beside the other players' prisoners, M4 with
    ``doors_block`` but for ``open_doors``, Z1, Z2; nobody steps on from a green
    area, M5), through hideouts as through any feature.  A cell in ``wild`` is
    what a tile action still to come may make it, as :func:`walk` has it (any
    tile, entered from and left by any edge); with ``hideouts`` it is also a
    hideout, named ``-1 - cell``."""
    T = pos.T
    spot0, nb, hid = T.spot0, T.nb, pos.hid
    found: dict[int, int] = {}
    green = INF
    enter = _entry(pos, me, doors_block, wild, open_doors)

    if s >= spot0 and hid[s]:
        found[s] = 0
    frontier = [s]
    seen = {s}
    for d in range(1, limit + 1):
        nxt: list[int] = []
        for p in frontier:
            for c, e in _exits(pos, p):
                q: int | None
                if p == 0:
                    q = enter(c, e)
                else:
                    m = nb[6 * c + e]
                    if m >= 0:
                        q = enter(m, (e + 3) % 6)
                    elif m == ISLAND_NB:
                        q = 0
                    else:
                        if m <= GREEN_NB and GREEN_NB - m in greens:
                            green = min(green, d)
                        continue
                if q is None or q in seen:
                    continue
                seen.add(q)
                nxt.append(q)
                if (q < 0 and hideouts) or (q >= spot0 and hid[q]):
                    found[q] = d
        frontier = nxt
    return found, green


def no_key_by_steps(pos: PositionBase, me: int, greens: frozenset[int], left: int,
                    open_doors: frozenset[int] = frozenset(), wild: tuple[int, ...] = (), hideouts: bool = False
                    ) -> bool:
    """Whether no steps over the board as it lies can bring K1 about this turn:
    every prisoner of the player in play off the island and off every tunnel,
    junction and dead end, so each in a hideout or on a green area, the hideouts
    at most two and at least one (K1, K3), none holding more than it has room for
    beside the other players' prisoners (T2), each prisoner within the steps it
    has left (at most 2, M3) and all of them within the turn's ``left`` (M3).
    Every prisoner's place is asked apart (:func:`hideouts_within`), and together
    only through those counts, so a True is a proof; the walks between, and the
    room they pass through, are not asked together (no cut from them).  Cells in
    ``wild`` (a tile action still to come, which carries none of the player's
    prisoners) are as :func:`hideouts_within` has them, each a hideout with room
    for all if ``hideouts``, and counted as one hideout whatever it holds."""
    T = pos.T
    doors_block = not pos.key_[me]
    options: list[list[tuple[int, int]]] = []  # per prisoner: (steps, hideout or _GREEN)
    for s in pos.where[me]:
        if not (s == 0 or s >= T.spot0):
            continue  # on a green area already
        cap = min(STEPS_PER_PRISONER - pos.steps_used(me, s), left)
        found, green = hideouts_within(pos, me, s, cap, greens, doors_block, open_doors, wild, hideouts)
        here = sorted((d, q) for q, d in found.items())
        if green < INF:
            here.append((green, _GREEN))
        if not here:
            return True
        options.append(here)
    types, tile = T.tile_types, pos.tile
    # Room per hideout spot beside the other players' prisoners (a wild cell: room for all).
    rooms: dict[int, int] = {}
    for here in options:
        for _, q in here:
            if q == _GREEN or q in rooms:
                continue
            if q < 0:
                rooms[q] = len(options)
            else:
                c, f = divmod(q - T.spot0, 3)
                rooms[q] = types[tile[c]].capacity[f] - (pos.load[q] - pos.pc[me][q])
    return not _fits(options, rooms, {}, left, 0, 0)


def _fits(options: list[list[tuple[int, int]]], rooms: dict[int, int], used: dict[int, int], left: int,
          i: int, steps: int) -> bool:
    """Whether prisoners ``i`` on of :func:`no_key_by_steps` can each take one of their
    options within ``left`` steps in all, with ``used`` prisoners per hideout so far,
    every hideout within its room and one or two hideouts used in the end.  (A
    function of its own, not nested: a nested function calling itself would hold
    itself in a reference cycle.)"""
    if steps > left:
        return False
    if i == len(options):
        return 1 <= len(used) <= 2
    for d, q in options[i]:
        if q == _GREEN:
            if _fits(options, rooms, used, left, i + 1, steps + d):
                return True
            continue
        n = used.get(q, 0)
        if n >= rooms[q] or (n == 0 and len(used) >= 2):
            continue
        used[q] = n + 1
        ok = _fits(options, rooms, used, left, i + 1, steps + d)
        if n:
            used[q] = n
        else:
            del used[q]
        if ok:
            return True
    return False
