"""Uniformly random legal moves of a :class:`~sectionx.games.sectionx.solver.core.Position`, for self-play.

:func:`random_move` draws one move from exactly the distribution
``engine.random_action`` draws from: uniform over ``engine.legal_actions``,
where a tile action that starts a tied tunnel fight counts once per ``keep``
list with a different outcome (D4, D7).  It does not list phase 2 (some 2,000
tile actions, most of the cost of a random game); it draws from a numbered
candidate set by rejection, as the engine does, but settles ties differently:

* **The candidates** (:class:`TileSpace`): every hand tile on every empty
  cell, every rotatable tile turned, every liftable tile to every empty cell,
  every pair of liftable tiles swapped, one rotation per physical result (N2).
  Each legal plain tile action has exactly one number; ``decode`` returns the
  move a number names, or None when it is illegal (P1, P3, N3; ownership D3 and
  liftability N2 are settled when the numbering is built).  They are the moves
  :func:`sectionx.games.sectionx.solver.movegen.tile_moves` lists.
* **Ties** (D4, D7).  A tile action that starts a tied fight is not legal as
  such; it is legal once per ``keep`` list with a different outcome, its
  *variants*, and each variant must be as likely as any other action.  The
  engine accepts every drawn candidate with probability k/K, K = owners! (24
  with four door owners), so it throws away 23 draws in 24.  Here a candidate's
  own number stands for its first variant, and candidates that *may* tie get
  extra numbers for the others, after the candidates: every candidate of a
  *block* (a hand tile on one cell, a tile moved to one cell, a tile turned, a
  pair swapped; all rotations) gets ``K - 1`` extra numbers, ``K`` a bound on
  the variants of each candidate in the block, and extra number j stands for
  variant j if the candidate has that many.  Blocks and their bounds come from
  the cells alone (:class:`_Ties`: which owners' tunnels face the cell or ride
  on the tile); a candidate's exact bound and variants are only worked out when
  one of its numbers is drawn.  Every legal action, variants included, is then
  the outcome of exactly one number and every other number is rejected, so
  drawing numbers uniformly until one is accepted is uniform over the legal
  actions.  Blocks are rare (a few per phase 2), so few draws are wasted.
* **The other moves** of a tile phase (``pass``; in the advanced game steps,
  doors and ``end``, V2) are listed, one number each, ahead of the tiles; in
  the other phases every legal move is listed and one is chosen.

Why the bounds hold: a fight's doors all lie in tunnels the move touches (the
argument of :class:`~sectionx.games.sectionx.solver.movegen.FightFilter`: the moved tile
touches each owner's tunnel as it was, or carries it); each player's length in
the fight is the length before the action of one of its touched tunnels (D6),
so every player tied in one of the move's fights shares a touched length with
another owner.  A ``keep`` list's outcome is fixed by the order in which it
names those players, so with ``t`` of them there are at most ``t!`` outcomes.
A block's ``t`` counts every owner whose tunnel faces its cell or rides on its
tile, so it bounds the ``t`` of each of its candidates.

Lists of moves are sorted before one is drawn, and the numbering follows cell
and tile numbers, so the draw depends only on the position and the generator,
never on the history of the core's internal lists: a position made move by move
and the same position loaded afresh draw the same move.
"""

from __future__ import annotations

import functools
import math
import random
from typing import Final

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
    STEP_BUDGET,
    SWAP,
    TAKE_PHASE,
    TILE_PHASE,
    CoreError,
    Position,
    keep_options,
)
from .movegen import legal_moves, step_moves
from .tables import HIDEOUT, CoreMove, Tables

_OPP: Final = (3, 4, 5, 0, 1, 2)
#: The kind of a tile's segment holding its turns and then its moves (no move kind is 15).
_TURN_MOVE: Final = 15
_RANDOM: Final = random.Random


def random_move(pos: Position, rng: random.Random) -> CoreMove:
    """A legal move of ``pos``, every legal move (each D4 'keep' variant one move) equally likely.

    Uses ``rng`` only, and depends only on the position (see module docstring).
    Raises CoreError when the game is over.
    """
    listed, spaces = candidates(pos)
    return draw(rng, listed, spaces)


def candidates(pos: Position) -> tuple[list[CoreMove], list[Space]]:
    """What :func:`random_move` draws from: the moves it lists (sorted), and numbered
    spaces: the tile actions where one is open (:class:`TileSpace`), the door actions
    where one is open (:class:`DoorSpace`).  The listed moves and the outcomes of the
    spaces' numbers are the legal moves, each exactly once (as ``legal_moves`` decides
    which kinds are open: N1-N5, V2)."""
    kind = pos.phase_kind()
    if kind == OVER:
        raise CoreError("the game is over")
    if kind == TAKE_PHASE:
        return legal_moves(pos), []
    listed: list[CoreMove] = [(PASS,)] if kind == TILE_PHASE else []
    spaces: list[Space] = []
    if kind == TILE_PHASE or (kind == FREE_PHASE and not pos.tile_action):
        spaces.append(TileSpace(pos))
    if kind != TILE_PHASE and not pos.door_action:
        if pos.steps() < STEP_BUDGET:
            listed += step_moves(pos)
        if not pos.moved:
            spaces.append(DoorSpace(pos))
    if kind in (ACT_PHASE, FREE_PHASE):
        listed.append((END,))
    listed.sort()
    return listed, spaces


def draw(rng: random.Random, listed: list[CoreMove], spaces: list[Space]) -> CoreMove:
    """Draw numbers over ``listed`` and then each space in turn until one names a legal move:
    uniform over the legal moves when each has exactly one number."""
    total = len(listed) + sum(space.total for space in spaces)
    while True:
        i = _below(rng, total) - len(listed)
        if i < 0:
            return listed[i]
        for space in spaces:
            if i < space.total:
                m = space.outcome(i)
                if m is not None:
                    return m
                break
            i -= space.total


def _below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n > 0``: the same number, and the generator left in the same
    state.  For a plain ``random.Random`` the steps of its ``_randbelow`` (``n.bit_length()``
    random bits, drawn again while the number is ``n`` or more) without randrange's two
    Python frames per number, which the compiled build cannot remove; any other
    generator (a subclass may draw otherwise) is asked through ``randrange``.
    tests/test_sample.py checks the two agree on the Python it runs on; if a Python
    drew otherwise, the draw would stay uniform (rejection keeps it so), with other games."""
    if type(rng) is not _RANDOM:
        return rng.randrange(n)
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def draw_once(rng: random.Random, spaces: list[Space]) -> CoreMove | None:
    """One number drawn uniformly over the spaces' numbers: the legal move it names, or
    ``None`` when it names none.  For a caller that bounds its draws (the search bot,
    :mod:`sectionx.games.sectionx.lookahead`): :func:`draw` over the spaces alone would
    draw for ever where no number names a legal move (a door space whose one candidate
    is not legal, found in a 2-player game of seed 4 in issue 29's bot match).  Draws
    the same number :func:`draw` would draw first."""
    total = sum(space.total for space in spaces)
    if total == 0:
        return None
    i = _below(rng, total)
    for space in spaces:
        if i < space.total:
            return space.outcome(i)
        i -= space.total
    return None


class DoorTunnels:
    """The door tunnels of a position (D1), each flooded once, as flat lists of ints.

    Tunnel ``i`` holds the spots ``spots[starts[i]:starts[i + 1]]`` (the first is the
    door it was flooded from); ``codes[i]`` is its mark ``length * 4 + owner`` (D4, D6:
    its length in cells; at most four players, as the core's tables; no tunnel holds
    two players' doors before a tile action, D2).  Tunnels are flooded from the doors in the order of players and of their
    door lists; a tunnel holding two doors of one player is flooded once.
    """

    __slots__ = ("codes", "spots", "starts")

    def __init__(self, pos: Position) -> None:
        T = pos.T
        spot0, nb, tile, rot, opp = T.spot0, T.nb, pos.tile, pos.rot, _OPP
        fmask, fat = T.flat_feature_mask, T.flat_feature_at
        seen = [False] * T.nplaces
        stamp = [-1] * T.ncells
        spots: list[int] = []
        starts: list[int] = [0]
        codes: list[int] = []
        for p in range(pos.n):
            for s in pos.doors[p]:
                if seen[s]:
                    continue
                i = len(codes)
                k = len(spots)
                seen[s] = True
                spots.append(s)
                length = 0
                while k < len(spots):
                    x = spots[k]
                    k += 1
                    c = (x - spot0) // 3
                    if stamp[c] != i:
                        stamp[c] = i
                        length += 1
                    mask = fmask[(tile[c] * 6 + rot[c]) * 3 + x - spot0 - 3 * c]
                    for e in range(6):
                        if mask >> e & 1:
                            m = nb[6 * c + e]
                            if m >= 0:
                                t = tile[m]
                                if t >= 0:
                                    g = fat[(t * 6 + rot[m]) * 6 + opp[e]]
                                    if g >= 0:
                                        y = spot0 + 3 * m + g
                                        if not seen[y]:
                                            seen[y] = True
                                            spots.append(y)
                codes.append(length * 4 + p)
                starts.append(len(spots))
        self.spots, self.starts, self.codes = spots, starts, codes

    def foreign_cells(self, pos: Position, me: int) -> list[bool]:
        """Per tile cell: whether a tunnel holding another player's door runs through it (D3)."""
        spot0 = pos.T.spot0
        out = [False] * pos.T.ncells
        spots, starts, codes = self.spots, self.starts, self.codes
        for i in range(len(codes)):
            if codes[i] & 3 != me:
                for k in range(starts[i], starts[i + 1]):
                    out[(spots[k] - spot0) // 3] = True
        return out


class TileSpace:
    """The tile-action candidates of a tile phase, numbered, with the extra numbers of tie variants.

    Numbers ``0 .. size-1`` name candidates (``decode``).  Numbers from ``size``
    to ``total - 1`` are the extras: *blocks* of candidates that may tie (a
    hand tile on a cell, a tile moved to a cell, a tile turned, a pair swapped,
    every rotation), each with ``K - 1`` extra numbers per candidate, where K
    bounds the variants of every candidate of the block (module docstring).
    ``outcome`` says what a number stands for.  Nothing but the numbering is
    built up front: a phase 2 has thousands of candidates and a draw looks at
    a handful.

    The numbering is held in flat lists of ints, which the compiled build (mypyc)
    runs as C without a Python object per entry: a segment (a run of numbers: one hand
    tile's placings, one board tile's turns then moves, one tile's swaps) is its first number in
    ``seg_start`` and ``kind | occupied << 4 | hideout riders << 7 | a << 8`` in
    ``seg_info`` (``a``: the hand tile, the cell, or the movable tile's index); a
    movable tile is its cell in ``mv_cell`` and ``occupied | hideout riders << 3 |
    tile << 4`` in ``mv_info``; a block is its first number in ``b_first`` and
    ``count << 5 | (K - 1)`` in ``b_ck`` (K <= 4! = 24).  The door tunnels are
    flooded once each (:class:`DoorTunnels`).
    """

    __slots__ = ("b_ck", "b_first", "empty", "gstart", "mv_cell", "mv_info", "pos", "seg_info", "seg_start", "size",
                 "ties", "total", "xstarts")

    def __init__(self, pos: Position) -> None:
        self.pos = pos
        T = pos.T
        me = pos.player
        spot0, types = T.spot0, T.tile_types
        tile, load, door = pos.tile, pos.load, pos.door
        k1s = _K1
        ncells = T.ncells
        empty: list[int] = []
        for c in range(ncells):
            if tile[c] < 0:
                empty.append(c)
        self.empty = empty
        n_empty = len(empty)
        # Door tunnels (D1): ownership (D3) and the fight marks (D4).
        tunnels = DoorTunnels(pos)
        foreign = tunnels.foreign_cells(pos, me)
        ties = self.ties = _Ties.build(pos, tunnels)
        zeros = [0] * ncells
        near = ties.near if ties is not None else zeros
        on = ties.owners_on if ties is not None else zeros
        # Empty cells that tunnels which may tie face: index in ``empty`` and owner mask;
        # those faced by two owners: index and K - 1.
        f_index: list[int] = []
        f_mask: list[int] = []
        f2_index: list[int] = []
        f2_k1: list[int] = []
        if ties is not None:
            for i in range(n_empty):
                u = near[empty[i]]
                if u:
                    f_index.append(i)
                    f_mask.append(u)
                    k1 = k1s[u]
                    if k1:
                        f2_index.append(i)
                        f2_k1.append(k1)
        nf, nf2 = len(f_index), len(f2_index)
        seg_start: list[int] = []
        seg_info: list[int] = []
        b_first: list[int] = []
        b_ck: list[int] = []
        size = 0
        for t in sorted(set(pos.hand[me])):
            n = len(types[t].choices[0])
            seg_start.append(size)
            seg_info.append(PLACE | t << 8)
            for k in range(nf2):
                b_first.append(size + f2_index[k] * n)
                b_ck.append(n << 5 | f2_k1[k])
            size += n_empty * n
        mv_cell: list[int] = []
        mv_info: list[int] = []
        mine = pos.pc[me]
        for c in _cell_order(T):  # the engine's order of cells, which it lists swaps in
            t = tile[c]
            if t < 0 or foreign[c]:
                continue  # D3: another player's tunnel
            tt = types[t]
            kinds = tt.kinds
            occ = 0
            riders = False
            liftable = True
            hr = 0  # 1: hideout riders (N3)
            base = spot0 + 3 * c
            for f in range(len(kinds)):
                s = base + f
                k = load[s]
                if k:
                    occ |= 1 << f
                    riders = True
                    if kinds[f] == HIDEOUT:
                        hr = 1
                        if mine[s] != k:
                            liftable = False  # N2: only one's own prisoners ride
                    else:
                        liftable = False  # N2: a prisoner outside the hideout
                elif door[s] >= 0:
                    occ |= 1 << f
            if riders and not liftable:
                continue
            n = len(tt.choices[occ])
            here = on[c]
            # One segment per tile: its turns (if it carries no prisoner), then its moves (if
            # liftable), numbered as two segments one after the other would be.
            seg_start.append(size)
            seg_info.append((_TURN_MOVE if not riders and liftable else MOVE if liftable else ROTATE)
                            | occ << 4 | hr << 7 | c << 8)
            if not riders:
                k1 = k1s[near[c] | here]
                if k1:
                    b_first.append(size)
                    b_ck.append(n << 5 | k1)
                size += n
            if liftable:
                mv_cell.append(c)
                mv_info.append(occ | hr << 3 | t << 4)
                if here:
                    for k in range(nf):
                        k1 = k1s[f_mask[k] | here]
                        if k1:
                            b_first.append(size + f_index[k] * n)
                            b_ck.append(n << 5 | k1)
                else:
                    for k in range(nf2):
                        b_first.append(size + f2_index[k] * n)
                        b_ck.append(n << 5 | f2_k1[k])
                size += n_empty * n
        # Swaps: a pair once, the first in the engine's order of cells.  The segment of
        # tile i holds its pairs with every later tile j: j's rotations (``gstart`` numbers
        # them all, tile after tile), then i's.
        nmv = len(mv_cell)
        rots_n: list[int] = []
        gstart = [0]
        for i in range(nmv):
            info = mv_info[i]
            n = len(types[info >> 4].choices[info & 7])
            rots_n.append(n)
            gstart.append(gstart[i] + n)
        last = gstart[nmv]
        swap_start: list[int] = []
        for i in range(nmv):
            swap_start.append(size)
            rest = last - gstart[i + 1]
            if rest:
                seg_start.append(size)
                seg_info.append(SWAP | i << 8)
                size += rots_n[i] * rest
        if ties is not None:
            touch: list[int] = []
            touching: list[int] = []
            for j in range(nmv):
                c = mv_cell[j]
                u = near[c] | on[c]
                touch.append(u)
                if k1s[u]:
                    touching.append(j)
            for i in range(nmv):
                u = touch[i]
                if u:
                    for j in range(i + 1, nmv):
                        k1 = k1s[u | touch[j]]
                        if k1:
                            b_first.append(swap_start[i] + (gstart[j] - gstart[i + 1]) * rots_n[i])
                            b_ck.append(rots_n[i] * rots_n[j] << 5 | k1)
                else:
                    for j in touching:
                        if j > i:
                            b_first.append(swap_start[i] + (gstart[j] - gstart[i + 1]) * rots_n[i])
                            b_ck.append(rots_n[i] * rots_n[j] << 5 | k1s[touch[j]])
        self.seg_start, self.seg_info = seg_start, seg_info
        self.mv_cell, self.mv_info, self.gstart = mv_cell, mv_info, gstart
        self.b_first, self.b_ck = b_first, b_ck
        self.size = size
        xstarts: list[int] = []
        total = size
        for ck in b_ck:
            xstarts.append(total - size)
            total += (ck >> 5) * (ck & 31)
        self.xstarts = xstarts
        self.total = total

    def outcome(self, number: int) -> CoreMove | None:
        """The legal tile action (a variant, for a move that ties) that ``number`` stands for, or None.

        Every legal tile action is the outcome of exactly one number (module docstring)."""
        ties = self.ties
        if number < self.size:
            m = self.decode(number)
            if m is None or ties is None or ties.bound(m) == 1:
                return m
            return self._variants(m)[0]
        x = number - self.size
        k = _last_at_most(self.xstarts, x)
        k1 = self.b_ck[k] & 31
        local = x - self.xstarts[k]
        m = self.decode(self.b_first[k] + local // k1)
        j = local % k1 + 1
        if m is None or ties is None or j >= ties.bound(m):
            return None
        variants = self._variants(m)
        return variants[j] if j < len(variants) else None

    def _variants(self, m: CoreMove) -> list[CoreMove]:
        ties = self.ties
        assert ties is not None
        variants = ties.variants(m)
        if len(variants) > ties.bound(m):  # pragma: no cover - the bound is a proof obligation
            raise AssertionError(f"{m}: {len(variants)} variants exceed the bound {ties.bound(m)}")
        return variants

    def decode(self, number: int) -> CoreMove | None:
        """The plain tile move numbered ``number`` if it is legal as far as P1, P3 and N3 go, else None."""
        pos = self.pos
        T = pos.T
        types = T.tile_types
        k = _last_at_most(self.seg_start, number)
        info = self.seg_info[k]
        kind = info & 15
        off = number - self.seg_start[k]
        known, opened, dist = pos.known, pos.opened, T.distance
        if kind == _TURN_MOVE:
            n = len(types[pos.tile[info >> 8]].choices[info >> 4 & 7])
            if off < n:
                kind = ROTATE
            else:
                kind = MOVE
                off -= n
        if kind == PLACE:
            t = info >> 8
            tt = types[t]
            rots = tt.choices[0]
            n = len(rots)
            c, r = self.empty[off // n], rots[off % n]
            return (PLACE, t, c, r) if tt.open_mask[r] & known[c] == opened[c] else None
        if kind == ROTATE:
            c = info >> 8
            occ = info >> 4 & 7
            tt = types[pos.tile[c]]
            r = tt.choices[occ][off]
            ok = r != tt.canon[occ][pos.rot[c]] and tt.open_mask[r] & known[c] == opened[c]
            return (ROTATE, c, r) if ok else None
        if kind == MOVE:
            c = info >> 8
            tt = types[pos.tile[c]]
            rots = tt.choices[info >> 4 & 7]
            n = len(rots)
            d, r = self.empty[off // n], rots[off % n]
            if info >> 7 & 1 and dist[d] < dist[c]:
                return None  # N3
            kn, o = known[d], opened[d]
            e = _edge(T.nb, d, c)
            if e >= 0:  # the tile leaves c: its edge no longer constrains d
                kn, o = kn & ~(1 << e), o & ~(1 << e)
            return (MOVE, c, d, r) if tt.open_mask[r] & kn == o else None
        i = info >> 8
        gstart = self.gstart
        a, info_a = self.mv_cell[i], self.mv_info[i]
        ta = types[info_a >> 4]
        rots_a = ta.choices[info_a & 7]
        n = len(rots_a)
        g = gstart[i + 1] + off // n
        j = _last_at_most(gstart, g)
        b, info_b = self.mv_cell[j], self.mv_info[j]
        tb = types[info_b >> 4]
        ra = tb.choices[info_b & 7][g - gstart[j]]
        rb = rots_a[off % n]  # a's tile goes to b at rb; b's tile comes to a at ra
        if (info_a >> 3 & 1 and dist[b] < dist[a]) or (info_b >> 3 & 1 and dist[a] < dist[b]):
            return None  # N3
        e = _edge(T.nb, a, b)
        kb, ob, ka, oa = known[b], opened[b], known[a], opened[a]
        if e >= 0:
            kb, ob = kb & ~(1 << _OPP[e]), ob & ~(1 << _OPP[e])
            ka, oa = ka & ~(1 << e), oa & ~(1 << e)
            if (tb.open_mask[ra] >> e & 1) != (ta.open_mask[rb] >> _OPP[e] & 1):
                return None  # P3: the two swapped tiles face each other
        if ta.open_mask[rb] & kb != ob or tb.open_mask[ra] & ka != oa:
            return None
        return (SWAP, a, ra, b, rb)


def _last_at_most(starts: list[int], x: int) -> int:
    """The last index ``k`` with ``starts[k] <= x`` (``bisect_right(starts, x) - 1``; ``starts``
    ascending, ``starts[0] <= x``), as a loop the compiled build runs natively."""
    lo, hi = 0, len(starts)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if starts[mid] <= x:
            lo = mid
        else:
            hi = mid
    return lo


def _edge(nb: tuple[int, ...], a: int, b: int) -> int:
    """The edge of tile cell ``a`` facing tile cell ``b``, or -1 when they are not neighbours."""
    base = 6 * a
    for e in range(6):
        if nb[base + e] == b:
            return e
    return -1


class DoorSpace:
    """The door actions of the player to move, numbered (D2, D5, N4): a door from hand onto
    each candidate spot (if one is in hand), then each of its doors on the board, in order
    of spots, moved to each candidate spot.

    A candidate is a tunnel or dead-end feature without a door and without another
    player's prisoner; it is a legal target unless its tunnel holds another player's
    door (D2), which is looked at only when a number naming it is drawn.  So the
    door tunnels of the others need not all be flooded for every choice.
    """

    __slots__ = ("in_hand", "outside", "pos", "sources", "spots", "total")

    def __init__(self, pos: Position) -> None:
        self.pos = pos
        T = pos.T
        me = pos.player
        spot0, takes, tile, door, load, mine = T.spot0, T.door_features, pos.tile, pos.door, pos.load, pos.pc[me]
        spots: list[int] = []
        for c in range(T.ncells):
            t = tile[c]
            if t >= 0:
                mask = takes[t]
                base = spot0 + 3 * c
                for f in range(3):
                    if mask >> f & 1:
                        s = base + f
                        if door[s] < 0 and load[s] == mine[s]:
                            spots.append(s)
        self.spots = spots
        self.in_hand = pos.doors_in_hand(me) > 0
        self.sources = sorted(pos.doors[me])
        self.total = len(spots) * (int(self.in_hand) + len(self.sources))
        self.outside: dict[int, bool] = {}  # spot -> not in another player's tunnel (D2)

    def outcome(self, number: int) -> CoreMove | None:
        """The door action ``number`` stands for, or None when its target is another player's tunnel."""
        k, i = divmod(number, len(self.spots))
        s = self.spots[i]
        ok = self.outside.get(s)
        if ok is None:
            pos = self.pos
            door, me = pos.door, pos.player
            ok = self.outside[s] = all(door[x] < 0 or door[x] == me for x in pos._tunnel(s))
        if not ok:
            return None
        if self.in_hand:
            if k == 0:
                return (DOOR, s)
            k -= 1
        return (MOVEDOOR, self.sources[k], s)


#: What :func:`draw` draws from besides the listed moves.
Space = TileSpace | DoorSpace


@functools.cache
def _cell_order(T: Tables) -> tuple[int, ...]:
    """Tile cell numbers in the order of the cells (the engine's order)."""
    return tuple(sorted(range(T.ncells), key=T.cells.__getitem__))


#: Per owner mask (4 players, one bit each): K - 1 for the owners named, K = (owners)!, and
#: 0 when fewer than two owners (no tie possible).
_K1: Final = tuple(math.factorial(u.bit_count()) - 1 if u.bit_count() >= 2 else 0 for u in range(16))


class _Ties:
    """Which tile moves may start a tied tunnel fight, and a bound on their 'keep' variants (D4, D7).

    The test of :class:`~sectionx.games.sectionx.solver.movegen.FightFilter`, on the marks
    of the position's door tunnels: the moved tile must touch, with an opening, a
    feature of a door tunnel as it was, or carry one; each touched tunnel is a mark
    (owner, length before the action); two owners need marks of equal length to tie.
    ``bound`` returns 1 for a move that cannot need a 'keep' choice, else t!
    (module docstring).  ``variants`` tries the move on the core.

    Held as flat lists: ``near[c]`` and ``owners_on[c]`` are the owners (one bit each) of
    the marks facing cell ``c`` and on its tile, the marks being those of tunnels whose
    length another owner's tunnel shares (``kept``); ``mark[s]``, built on the first
    ``bound`` that needs it, is the mark of spot ``s`` (``length * 4 + owner``), else -1.
    """

    __slots__ = ("kept", "mark", "near", "owners_on", "pos", "tunnels")

    @classmethod
    def build(cls, pos: Position, tunnels: DoorTunnels) -> _Ties | None:
        """The filter over the marks whose length another owner's mark shares, or None when
        there are none: then no tile move can tie.  A tie at length L needs a mark of length L
        of each tied owner, so the other marks never take part in one."""
        codes = tunnels.codes
        kept: list[int] = []
        for i in range(len(codes)):
            a = codes[i]
            for b in codes:
                if b >> 2 == a >> 2 and b & 3 != a & 3:
                    kept.append(i)
                    break
        return cls(pos, tunnels, kept) if kept else None

    def __init__(self, pos: Position, tunnels: DoorTunnels, kept: list[int]) -> None:
        self.pos = pos
        T = pos.T
        spot0, nb, tile, rot, fmask = T.spot0, T.nb, pos.tile, pos.rot, T.flat_feature_mask
        self.tunnels, self.kept = tunnels, kept
        self.mark: list[int] = []
        near = [0] * T.ncells
        on = [0] * T.ncells
        codes, starts, spots = tunnels.codes, tunnels.starts, tunnels.spots
        for i in kept:
            bit = 1 << (codes[i] & 3)
            for k in range(starts[i], starts[i + 1]):
                s = spots[k]
                c = (s - spot0) // 3
                on[c] |= bit
                mask = fmask[(tile[c] * 6 + rot[c]) * 3 + s - spot0 - 3 * c]
                for e in range(6):
                    if mask >> e & 1:
                        m = nb[6 * c + e]
                        if m >= 0:
                            near[m] |= bit
        self.near, self.owners_on = near, on

    def _marks(self) -> list[int]:
        """``mark``, built now if it is not yet."""
        mark = self.mark
        if not mark:
            mark = self.mark = [-1] * self.pos.T.nplaces
            tunnels = self.tunnels
            codes, starts, spots = tunnels.codes, tunnels.starts, tunnels.spots
            for i in self.kept:
                for k in range(starts[i], starts[i + 1]):
                    mark[spots[k]] = codes[i]
        return mark

    def _carried(self, c: int, marks: list[int]) -> None:
        """The marks on the tile of cell ``c``."""
        base = self.pos.T.spot0 + 3 * c
        mark = self._marks()
        for f in range(3):
            mk = mark[base + f]
            if mk >= 0:
                marks.append(mk)

    def _around(self, cell: int, t: int, r: int, gone_a: int, gone_b: int, marks: list[int]) -> None:
        """Marks facing ``cell`` where tile ``t`` at rotation ``r`` opens, from cells other than ``gone_a``, ``gone_b``."""
        pos = self.pos
        T = pos.T
        spot0, nb, tile, rot, mark, opp, fat = T.spot0, T.nb, pos.tile, pos.rot, self._marks(), _OPP, T.flat_feature_at
        mask = T.tile_types[t].open_mask[r]
        for e in range(6):
            if mask >> e & 1:
                c = nb[6 * cell + e]
                if c >= 0 and c not in (gone_a, gone_b) and tile[c] >= 0:
                    f = fat[(tile[c] * 6 + rot[c]) * 6 + opp[e]]
                    if f >= 0:
                        mk = mark[spot0 + 3 * c + f]
                        if mk >= 0:
                            marks.append(mk)

    def bound(self, m: CoreMove) -> int:
        """At least the number of 'keep' variants of plain tile move ``m``; 1 when it cannot tie."""
        kind = m[0]
        near, on, tile = self.near, self.owners_on, self.pos.tile
        marks: list[int] = []
        if kind == PLACE:
            if not _K1[near[m[2]]]:
                return 1
            self._around(m[2], m[1], m[3], -1, -1, marks)
        elif kind == ROTATE:
            c = m[1]
            if not _K1[near[c] | on[c]]:
                return 1
            self._carried(c, marks)
            self._around(c, tile[c], m[2], c, -1, marks)
        elif kind == MOVE:
            c = m[1]
            if not _K1[near[m[2]] | on[c]]:
                return 1
            self._carried(c, marks)
            self._around(m[2], tile[c], m[3], c, -1, marks)
        else:
            a, ra, b, rb = m[1], m[2], m[3], m[4]
            if not _K1[near[a] | near[b] | on[a] | on[b]]:
                return 1
            self._carried(a, marks)
            self._carried(b, marks)
            self._around(a, tile[b], ra, a, b, marks)
            self._around(b, tile[a], rb, a, b, marks)
        tied = 0
        for x in marks:
            for y in marks:
                if x >> 2 == y >> 2 and x & 3 != y & 3:
                    tied |= 1 << (x & 3)
        return math.factorial(tied.bit_count()) if tied else 1

    def variants(self, m: CoreMove) -> list[CoreMove]:
        """The move itself, or one KEEP move per 'keep' list with a different outcome (D4, D7)."""
        ties = self.pos.fight_ties(m)
        if not ties:
            return [m]  # no fight, or one that settles itself
        colours = self.pos.colours
        return [(KEEP, m, keep, tuple(colours[p] for p in keep)) for keep in keep_options(ties)]


__all__ = ["DoorSpace", "Space", "TileSpace", "candidates", "draw", "draw_once", "random_move"]
