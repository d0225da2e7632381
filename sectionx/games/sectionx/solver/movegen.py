"""Legal moves of a :class:`~sectionx.games.sectionx.solver.core.Position`: exactly the engine's actions.

``legal_moves(pos)`` lists the same actions as ``engine.legal_actions`` on
``pos.to_state()`` (tests/test_core.py compares them as sets), as core moves.
``legal_moves(pos, dedup=True)`` drops the one kind of duplicate that is
obvious from the position: placing either of two hand tiles of the same class
(same type, no hideout) gives the same canonical position, so only the first is
kept.  Everything else is generated the engine's way:

* tile actions (N2) from tables: per tile type the rotations that give
  different results (with the features carrying doors or prisoners told apart)
  and a memoised fit table per cell constraint (P1), kept up to date per cell
  as tiles come and go; ownership (D3) from the tunnels of the other players'
  doors; the distance rule (N3); the swap's two tiles checked against each
  other in their new places (P3);
* the tunnel fight (D4): only tile actions that touch tunnels of two door owners
  can start one; those are tried on the core, and where a fight is a tie each
  ``keep`` priority list with a different outcome is a ``KEEP`` move (D7);
* steps (M2-M5, Z1, Z2) with the K1 door hand-in where a step gains the key
  with both doors on the board;
* doors (D2, D5, N4).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

from .core import (
    ACT_PHASE,
    DOOR,
    END,
    FREE_PHASE,
    KEEP,
    MOVE,
    MOVEDOOR,
    OVER,
    PASS,
    PLACE,
    ROTATE,
    STEP,
    STEP_BUDGET,
    STEPS_PER_PRISONER,
    SWAP,
    TAKE,
    TAKE_PHASE,
    TILE_PHASE,
    Position,
    keep_options,
)
from .tables import GREEN_NB, HIDEOUT, ISLAND_NB, CoreMove

_OPP: Final = (3, 4, 5, 0, 1, 2)


#: ``keep(cells, hideout)`` for :func:`tile_moves`: whether to list the tile actions
#: that touch ``cells`` and leave a hideout tile on one of them (``hideout``) or not.
Keep = Callable[[tuple[int, ...], bool], bool]


def _keep_all(cells: tuple[int, ...], hideout: bool) -> bool:
    return True


def legal_moves(pos: Position, dedup: bool = False, doors: bool = True, tiles: bool = True,
                touching: frozenset[int] | None = None, keep: Keep | None = None) -> list[CoreMove]:
    """Every legal move now (see module docstring); empty once the game is over.
    ``doors=False`` and ``tiles=False`` leave out the door and the tile actions
    (for a caller that would skip every one of them); ``touching`` and ``keep``:
    of the tile actions, only those :func:`tile_moves` keeps for them."""
    kind = pos.phase_kind()
    if kind == OVER:
        return []
    if kind == TAKE_PHASE:
        return [(TAKE, i) for i in range(3) if pos.stacks[i]]
    out: list[CoreMove] = []
    if tiles and (kind == TILE_PHASE or (kind == FREE_PHASE and not pos.tile_action)):
        out += tile_moves(pos, dedup, touching, keep)
    if kind == TILE_PHASE:
        out.append((PASS,))
    if kind != TILE_PHASE and not pos.door_action:
        if pos.steps() < STEP_BUDGET:
            out += step_moves(pos)
        if doors and not pos.moved:
            out += door_moves(pos)
    if kind in (ACT_PHASE, FREE_PHASE):
        out.append((END,))
    return out


# ---------------------------------------------------------------------- ownership (D1, D3)


def _owned_by(pos: Position, colours: Iterable[int]) -> set[int]:
    """Spots in tunnels holding a door of one of ``colours`` (player indices)."""
    out: set[int] = set()
    for p in colours:
        for s in pos.doors[p]:
            if s not in out:
                out.update(pos._tunnel(s))
    return out


# ---------------------------------------------------------------------- tile actions (N2)


def tile_moves(pos: Position, dedup: bool = False, touching: frozenset[int] | None = None,
               keep: Keep | None = None) -> list[CoreMove]:
    """Place, rotate, move and swap, as ``engine._tile_candidates`` lists them, with D4 variants.

    For a caller that would skip some, which are then never built (the rest come
    in the same order): ``touching``, only the actions that touch one of these
    cells; ``keep``, only those for which ``keep(cells, hideout)`` is true, where
    ``cells`` are the cells the action touches (a place's or a rotation's cell;
    a move's source and target; a swap's two cells, as the move names them) and
    ``hideout`` whether a hideout tile lies on one of them after it (the tile
    placed, rotated or moved, either of two swapped)."""
    T = pos.T
    me = pos.player
    tile, rot, known, opened, load, door = pos.tile, pos.rot, pos.known, pos.opened, pos.load, pos.door
    types = T.tile_types
    spot0 = T.spot0
    empty = [c for c in range(T.ncells) if tile[c] < 0]
    # Where a tile may be laid for the action to touch ``touching``: any empty cell
    # when the action's other cell is in it (a move's source), else these.
    near_empty = empty if touching is None else [c for c in empty if c in touching]
    wanted = keep if keep is not None else _keep_all
    out: list[CoreMove] = []
    seen_class: set[int] = set()
    for t in sorted(set(pos.hand[me])):
        if dedup:
            k = T.tile_class[t]
            if k in seen_class:
                continue
            seen_class.add(k)
        fitting = types[t].fitting
        hideout = types[t].hideout
        for c in near_empty:
            if not wanted((c,), hideout):
                continue
            for r in fitting(0, known[c], opened[c]):
                out.append((PLACE, t, c, r))
    others = [p for p in range(pos.n) if p != me and pos.doors[p]]
    foreign = _owned_by(pos, others) if others else set()
    foreign_cells = {(s - spot0) // 3 for s in foreign}
    movable = []  # (cell, tile, occupied, hideout riders)
    dist = T.distance
    edge_to = T.edge_to
    mine = pos.pc[me]
    for c in range(T.ncells):
        t = tile[c]
        if t < 0 or c in foreign_cells:
            continue  # D3: another player's tunnel
        tt = types[t]
        base = spot0 + 3 * c
        occ = 0
        riders = False
        liftable = True
        hideout_riders = False
        for f in range(len(tt.kinds)):
            s = base + f
            if load[s]:
                occ |= 1 << f
                riders = True
                if tt.kinds[f] == HIDEOUT:
                    hideout_riders = True
                    if mine[s] != load[s]:
                        liftable = False  # N2: another player's prisoner stands on it
                else:
                    liftable = False  # N2: a prisoner outside the hideout
            elif door[s] >= 0:
                occ |= 1 << f
        inside = touching is None or c in touching
        if not riders and inside and wanted((c,), tt.hideout):
            current = tt.canon[occ][rot[c]]
            for r in tt.fitting(occ, known[c], opened[c]):
                if r != current:
                    out.append((ROTATE, c, r))
        if liftable:
            movable.append((c, t, occ, hideout_riders))
            fitting = tt.fitting
            for d in (empty if inside else near_empty):
                if hideout_riders and dist[d] < dist[c]:
                    continue  # N3
                if not wanted((c, d), tt.hideout):
                    continue
                k, o = known[d], opened[d]
                e = edge_to.get((d, c))
                if e is not None:
                    k &= ~(1 << e)
                    o &= ~(1 << e)
                for r in fitting(occ, k, o):
                    out.append((MOVE, c, d, r))
    cells = T.cells
    movable.sort(key=lambda m: cells[m[0]])
    for i, (a, ta, occ_a, hr_a) in enumerate(movable):
        tta = types[ta]
        a_inside = touching is None or a in touching
        for b, tb, occ_b, hr_b in movable[i + 1:]:
            if not a_inside and touching is not None and b not in touching:
                continue
            if (hr_a and dist[b] < dist[a]) or (hr_b and dist[a] < dist[b]):
                continue  # N3
            if not wanted((a, b), tta.hideout or types[tb].hideout):
                continue
            e = edge_to.get((a, b))
            kb, ob, ka, oa = known[b], opened[b], known[a], opened[a]
            if e is not None:
                kb &= ~(1 << _OPP[e])
                ob &= ~(1 << _OPP[e])
                ka &= ~(1 << e)
                oa &= ~(1 << e)
            rots_at_b = tta.fitting(occ_a, kb, ob)
            if not rots_at_b:
                continue
            ttb = types[tb]
            rots_at_a = ttb.fitting(occ_b, ka, oa)
            for ra in rots_at_a:
                for rb in rots_at_b:
                    if e is not None and (ttb.open_mask[ra] >> e & 1) != (tta.open_mask[rb] >> _OPP[e] & 1):
                        continue  # P3: the two swapped tiles face each other
                    out.append((SWAP, a, ra, b, rb))
    if sum(1 for d in pos.doors if d) >= 2:
        out = _with_fights(pos, out)
    return out


def _with_fights(pos: Position, moves: list[CoreMove]) -> list[CoreMove]:
    """D4: tile actions that start a tied tunnel fight become their 'keep' variants (D7)."""
    fights = FightFilter(pos)
    out = []
    for m in moves:
        if fights.may_tie(m):
            out += fights.variants(m)
        else:
            out.append(m)
    return out


class FightFilter:
    """A cheap test, true for every tile move that starts a tied tunnel fight (D4).

    A fight needs a tunnel afterwards with doors of two players.  Before a tile
    action no tunnel holds doors of two players (D2), so that tunnel runs
    through a tile the action laid or moved, and reaches each door through
    tiles that did not change: the moved tile touches, with an opening, a
    feature of each owner's tunnel as it was, or carries one.  Each touched
    tunnel is a *mark* (owner, length before the action); a player's length in
    the fight is one of its marks' lengths (D6: the longest of its tunnels), so
    a tie needs two owners with marks of equal length.  Moves that pass the test
    are tried on the core (``variants``); the rest cannot need a 'keep' choice.
    """

    def __init__(self, pos: Position):
        self.pos = pos
        T = pos.T
        spot0, nb, types, tile, rot = T.spot0, T.nb, T.tile_types, pos.tile, pos.rot
        mark: dict[int, tuple[int, int]] = {}  # spot -> (owner, tunnel length before)
        for p in range(pos.n):
            for s in pos.doors[p]:
                if s not in mark:
                    tunnel = pos._tunnel(s)
                    length = len({(x - spot0) // 3 for x in tunnel})
                    for x in tunnel:
                        mark[x] = (p, length)
        self.carried: dict[int, set[tuple[int, int]]] = {}
        self.facing: dict[int, list[tuple[int, int, tuple[int, int]]]] = {}  # cell -> (edge, source cell, mark)
        for s, mk in mark.items():
            c, f = divmod(s - spot0, 3)
            self.carried.setdefault(c, set()).add(mk)
            for e in types[tile[c]].feature_edges[f][rot[c]]:
                m = nb[6 * c + e]
                if m >= 0:
                    self.facing.setdefault(m, []).append((_OPP[e], c, mk))
        self.near = {c: {mk[0] for _, _, mk in f} for c, f in self.facing.items()}
        self.owners_on = {c: {mk[0] for mk in marks} for c, marks in self.carried.items()}

    def _around(self, cell: int, t: int, r: int, gone: tuple[int, ...], marks: set[Any]) -> None:
        mask = self.pos.T.tile_types[t].open_mask[r]
        for e, src, mk in self.facing.get(cell, ()):
            if mask >> e & 1 and src not in gone:
                marks.add(mk)

    def may_tie(self, m: CoreMove) -> bool:
        """False when the move surely starts no tied fight."""
        kind = m[0]
        near, on, empty = self.near, self.owners_on, _EMPTY
        tile = self.pos.tile
        # Quick reject: fewer than two owners around the target cell(s) and on the tile(s).
        if kind == PLACE:
            if len(near.get(m[2], empty)) < 2:
                return False
        elif kind in (MOVE, ROTATE):
            if len(near.get(m[2] if kind == MOVE else m[1], empty) | on.get(m[1], empty)) < 2:
                return False
        elif len(near.get(m[1], empty) | near.get(m[3], empty) | on.get(m[1], empty) | on.get(m[3], empty)) < 2:
            return False
        marks: set[tuple[int, int]] = set()
        if kind == PLACE:
            self._around(m[2], m[1], m[3], (), marks)
        elif kind == ROTATE:
            marks |= self.carried.get(m[1], set())
            self._around(m[1], tile[m[1]], m[2], (m[1],), marks)
        elif kind == MOVE:
            marks |= self.carried.get(m[1], set())
            self._around(m[2], tile[m[1]], m[3], (m[1],), marks)
        else:
            a, ra, b, rb = m[1], m[2], m[3], m[4]
            marks |= self.carried.get(a, set()) | self.carried.get(b, set())
            self._around(a, tile[b], ra, (a, b), marks)
            self._around(b, tile[a], rb, (a, b), marks)
        by_length: dict[int, int] = {}
        for p, length in marks:
            q = by_length.setdefault(length, p)
            if q != p:
                return True
        return False

    def variants(self, m: CoreMove) -> list[CoreMove]:
        """The move itself, or one KEEP move per 'keep' list with a different outcome (D4, D7)."""
        ties = self.pos.fight_ties(m)
        if not ties:
            return [m]  # no fight, or one that settles itself
        colours = self.pos.colours
        return [(KEEP, m, keep, tuple(colours[p] for p in keep)) for keep in keep_options(ties)]


_EMPTY: frozenset[int] = frozenset()


# ---------------------------------------------------------------------- steps (M2-M5)


def step_moves(pos: Position) -> list[CoreMove]:
    """Every prisoner step of the player to move, as ``engine._step_candidates`` lists them."""
    T = pos.T
    me = pos.player
    spot0 = T.spot0
    load, door, hid = pos.load, pos.door, pos.hid
    has_key = pos.key_[me]
    mine = pos.pc[me]
    out: list[CoreMove] = []
    moved = pos.moved
    handin_cases = not has_key and len(pos.doors[me]) == 2
    adj = pos.adj  # places one step away, kept while no tile changes
    for src in set(pos.where[me]):
        if 0 < src < spot0:
            continue  # M5: a prisoner on a green area does not move again
        if moved:
            used = [k for s, k in moved if s == src]
            if len(used) >= mine[src] and min(used) >= STEPS_PER_PRISONER:
                continue  # M3
        targets = adj.get(src)
        if targets is None:
            targets = adj[src] = _step_targets(pos, src)
        for dst in targets:
            if dst >= spot0:
                if load[dst] >= (2 if hid[dst] else 1):
                    continue  # M4, T2: no room (a hideout holds 2, any other feature 1)
                d = door[dst]
                if d >= 0 and d != me and not has_key:
                    continue  # M4: another player's door
            elif dst > 0 and not claim_allowed(pos, me, T.zone_of_green[dst - 1]):
                continue  # Z1, Z2
            if handin_cases and _gains_key(pos, me, src, dst):
                for d in pos.doors[me]:
                    out.append((STEP, src, dst, d))  # K1: the door handed in
            else:
                out.append((STEP, src, dst, -1))
    return out


def _step_targets(pos: Position, src: int) -> tuple[int, ...]:
    """Places one step from ``src`` (M2), before asking who may enter them: features of
    neighbouring tiles that open onto the shared edge, the island, green areas."""
    T = pos.T
    spot0, nb, types, tile, rot = T.spot0, T.nb, T.tile_types, pos.tile, pos.rot
    targets: list[int] = []
    if src == 0:
        for c, e in T.island_edges:
            t = tile[c]
            if t >= 0:
                f = types[t].feature_at[rot[c]][e]  # e: the tile's edge facing the island
                if f >= 0:
                    s = spot0 + 3 * c + f
                    if s not in targets:
                        targets.append(s)
        return tuple(targets)
    c, f = divmod(src - spot0, 3)
    island = False
    for e in types[tile[c]].feature_edges[f][rot[c]]:
        m = nb[6 * c + e]
        if m >= 0:
            t = tile[m]
            if t >= 0:
                g = types[t].feature_at[rot[m]][_OPP[e]]
                if g >= 0:
                    targets.append(spot0 + 3 * m + g)
        elif m == ISLAND_NB:
            if not island:
                island = True
                targets.append(0)
        elif m <= GREEN_NB:
            targets.append(1 + GREEN_NB - m)
    return tuple(targets)


def claim_allowed(pos: Position, p: int, zone: int) -> bool:
    """Z1, Z2: the zone is p's, or unowned and claiming it leaves a zone for every other player."""
    owner = pos.zone_owner
    if owner[zone] >= 0:
        return owner[zone] == p
    owners = {o for o in owner if o >= 0} | {p}
    unowned = sum(1 for o in owner if o < 0) - 1
    return unowned >= pos.n - len(owners)


def _gains_key(pos: Position, p: int, src: int, dst: int) -> bool:
    """Whether stepping src -> dst makes player p qualify for the key (K1), the round going on.

    Only asked for a player without the key and with both doors on the board, so
    the step needs a hand-in choice exactly when this is true.  A step onto the
    island never qualifies; one onto a green area does when the other prisoners
    in play are all hidden, unless it ends the round or the game (E1, E4: keys
    wait for the collapse, K5).
    """
    T = pos.T
    spot0 = T.spot0
    if dst < spot0:
        # Onto the island: never qualifies.  Onto green: qualifies only if the rest do, and
        # the round may end (E1, E4: no choice then, keys wait for the collapse).
        if dst == 0:
            return False
        if pos.freed[p] + pos.greens[p] + 1 >= pos.target or pos.greens[p] + 1 >= pos.discovery:
            return False
    island = pos.pc[p][0] - (src == 0)
    if island:
        return False
    nonhide = pos.nonhide[p]
    hides = pos.hides[p]
    if src >= spot0:
        if pos.is_hideout(src):
            if pos.pc[p][src] == 1:
                hides -= 1
        else:
            nonhide -= 1
    if dst >= spot0:
        if pos.is_hideout(dst):
            if pos.pc[p][dst] == 0:
                hides += 1
        else:
            nonhide += 1
    return nonhide == 0 and 1 <= hides <= 2


# ---------------------------------------------------------------------- doors (D2, D5, N4)


def door_moves(pos: Position) -> list[CoreMove]:
    """Place a door from hand, or move one of one's doors, as ``engine._door_candidates``."""
    T = pos.T
    me = pos.player
    spot0, types, tile = T.spot0, T.tile_types, pos.tile
    others = [p for p in range(pos.n) if p != me and pos.doors[p]]
    foreign = _owned_by(pos, others) if others else set()
    load, door, mine = pos.load, pos.door, pos.pc[me]
    targets = []
    for c in range(T.ncells):
        t = tile[c]
        if t < 0:
            continue
        tt = types[t]
        for f in range(len(tt.kinds)):
            s = spot0 + 3 * c + f
            if tt.takes_door[f] and door[s] < 0 and load[s] == mine[s] and s not in foreign:
                targets.append(s)
    out: list[CoreMove] = []
    if pos.doors_in_hand(me) > 0:
        out += [(DOOR, s) for s in targets]
    for src in pos.doors[me]:
        out += [(MOVEDOOR, src, s) for s in targets if s != src]
    return out


__all__ = ["FightFilter", "claim_allowed", "door_moves", "legal_moves", "step_moves", "tile_moves"]
