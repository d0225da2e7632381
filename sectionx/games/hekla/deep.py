"""Hekla's deep exhaustive search (issue 29, part 6): the most fields the player to
move can gain in each number of their turns while the others pass (HQ1), on the
compact position (:mod:`.compact`: made and undone in place) with one table for
the whole search.

It answers the question :class:`.solver._Search` answers (``_Search.most``; the
tests compare the two on random positions) with more positions meeting in the
table: the table's key is the compact view, in which whose other stone stands on a
field, and in which order a field's stones came, are left out (neither changes
what the searcher gains: the argument is :mod:`.compact`'s docstring and
docs/hekla.md, "The deep search").  So it tries fewer turns than ``_Search`` on
the same question (and, with two turns left, looks after a quiet turn only at
the turns that could make it beat one already found: :meth:`Deep._beyond`).

The table holds exact values only, for ``k`` turns left; its key is everything
those ``k`` turns' gain depends on (docs/hekla.md gives the argument): the
contents of the fields, the searcher's supply, the lava left, the searcher's
place on the track, the quiet count while H9 could end the game before the last
of the ``k`` turns (else left out), and ``k``.  The searcher is always to move at
a node of the search (the others sit out, HQ1), so whose turn it is needs no
place in it.  A second table holds bounds, for one turn left only: at most
``alone`` where :meth:`Deep._beyond` proved it (read only where a bound decides).
"""

# ruff: noqa: PLR1730 - the hot loops compare and assign: a call to max() or min() costs more
from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import permutations

from .compact import (
    ADD,
    AFTER_ERUPTION,
    BITS,
    BONUS,
    COUNT,
    END,
    ERUPTS,
    MIDDLE,
    MIDDLE_OPEN,
    MINE,
    MY_VALUES,
    NLAVA,
    REMOVE,
    TOTAL,
    Compact,
    Turn,
)
from .rules import Position

#: The deadline is looked at each time the count of turns tried passes a multiple of this.
CHECK_EVERY = 1 << 12


class OutOfTime(Exception):
    """The deep search's deadline or node limit passed: the answer is unknown."""


@dataclass(frozen=True)
class Most:
    """The most the player gains in 1, 2, ... turns (``gains[n - 1]`` for ``n`` turns),
    the others passing (HQ1); ``complete`` False when the limits stopped the search
    (then ``gains`` holds the depths proved before it stopped), and the turns tried."""

    gains: tuple[int, ...]
    complete: bool
    nodes: int


class Deep:
    """The exhaustive search on a :class:`~.compact.Compact` position: :meth:`most`.

    Exact because every turn the player may make is tried (:meth:`Compact.turns
    <.compact.Compact.turns>`: every placement, every move, a long move with its
    least back-step, which dominates the longer ones as ``solver.candidates``
    argues), with every order of the triples it sets off (H5), the others sitting out
    between the player's turns (HQ1); and the table's key determines the gain of the
    turns left (module docstring)."""

    def __init__(self, pos: Position, *, node_limit: int | None = None, seconds: float | None = None,
                 clock: Callable[[], float] = time.monotonic, tally: Callable[[int], None] | None = None):
        self.state = Compact(pos)
        #: Given, it is told every count of turns tried instead of the limits here (``solve``
        #: counts them with its own, whose limits raise there).
        self._tally = tally
        self._game = (pos.board, pos.players, pos.to_move)  # what most_at's positions must share
        self.clock = clock
        self.table: dict[tuple[int, ...], int] = {}
        #: For one turn left: a bound on the most it gains, where :meth:`_beyond` proved one
        #: (the most one turn gains at a node with two turns left, before a quiet turn).
        self.upper: dict[tuple[int, ...], int] = {}
        self.nodes = 0
        self.node_limit = node_limit
        self.deadline = None if seconds is None else clock() + seconds
        s = self.state
        self._quiet_reach = s.quiet_limit  # H9's limit, for the key
        self._players = s.players

    def most_at(self, pos: Position, k: int) -> int:
        """:meth:`most` from another position of the same game with the same player to
        move (or over: 0), sharing this search's table: the table's key is the content
        of a position seen from that player, so an entry made from any position of the
        game serves every other (``solve`` asks it of the positions a winning line
        passes through).  The searcher's state is put back afterwards, also when the
        limits stop the search."""
        if k == 0 or pos.over:
            return 0
        if (pos.board, pos.players, pos.to_move) != self._game:
            raise ValueError("most_at asks about a position of the same game, the same player to move")
        held = self.state
        self.state = Compact(pos)
        try:
            return self.most(k)
        finally:
            self.state = held

    def _count(self, n: int) -> None:
        if self._tally is not None:
            self._tally(n)
            return
        before = self.nodes
        self.nodes += n
        if self.nodes // CHECK_EVERY != before // CHECK_EVERY:
            if self.node_limit is not None and self.nodes > self.node_limit:
                raise OutOfTime
            if self.deadline is not None and self.clock() > self.deadline:
                raise OutOfTime

    def key(self, k: int) -> tuple[int, ...]:
        """The table's key for ``k`` turns left (the module docstring)."""
        s = self.state
        sup = s.supply
        # H9 matters only if it can end the game before the last of the k turns (a turn that
        # ends it still gains): each turn adds at most one quiet turn for every player (its
        # own and the sit-outs), so before the k-th at most (k - 1) times the players.
        quiet = s.quiet if s.quiet + (k - 1) * self._players >= self._quiet_reach else -1
        return (s.cells, sup[0], sup[1], sup[2], sup[3], s.lava0, s.lava1, s.track, quiet, k)

    def most(self, k: int) -> int:
        """The most the searcher gains in their next ``k`` turns (0 once the game is over)."""
        s = self.state
        if k == 0 or s.over:
            return 0
        key = self.key(k)
        got = self.table.get(key)
        if got is not None:
            return got
        if k == 1:
            best = self.last()
        else:
            before = s.track
            turns = s.turns()
            if not turns:  # no place, no move: the player passes (H1)
                self._count(1)
                s.resolve(())
                best = self.most(k - 1)
                s.unresolve()
            elif k == 2:
                best = self._two(turns)
            else:
                best = -1 << 30
                self._count(len(turns))
                # A turn that sets off nothing ends as resolve(()) would leave it (one quiet
                # turn for the player and one for each other player, H9 ending the game at
                # its limit), written out here: most turns are such, and it is the hot path.
                quiet = s.quiet
                after_quiet = min(quiet + self._players, self._quiet_reach)
                ends = after_quiet >= self._quiet_reach
                play, unplay, most = s.play, s.unplay, self.most
                need, live = self._reach()
                for turn in turns:
                    # A turn :meth:`last`'s test finds quiet is made without looking for triples.
                    hits = play(turn, live[turn[0]] or turn[2] >= need[turn[1]])
                    if not hits:
                        if ends:
                            value = s.track - before
                        else:
                            s.quiet = after_quiet
                            value = s.track - before + most(k - 1)
                            s.quiet = quiet
                    else:
                        if len(hits) > 1:
                            self._count(math.factorial(len(hits)) - 1)
                        for order in permutations(hits) if len(hits) > 1 else (hits,):
                            s.resolve(order)
                            value = s.track - before + most(k - 1)
                            s.unresolve()
                            if value > best:
                                best = value
                    unplay()
                    if value > best:
                        best = value
        self.table[key] = best
        return best

    def _two(self, turns: list[Turn]) -> int:
        """:meth:`most` with two turns left and a turn to make.  A turn that sets off
        nothing is made on the fields alone (the key of the position after it worked
        out from them) and made whole only when the table does not hold the turn after
        it; then, once a turn has reached ``alone`` (and no triple is scorable here),
        only the turns after it that could beat ``alone`` are looked at
        (:meth:`_beyond`), else :meth:`last` works out the turn after it whole."""
        s = self.state
        before = s.track
        self._count(len(turns))
        quiet = s.quiet
        after_quiet = min(quiet + self._players, self._quiet_reach)
        ends = after_quiet >= self._quiet_reach
        need, live = self._reach()
        # With two turns left and no triple scorable, a quiet turn leads to more than the
        # best one turn here (``alone``) only through a triple through a field it changes,
        # or a stone moved off one (:meth:`_beyond`); once a turn has reached ``alone``,
        # the turn after a quiet one is looked at only there.
        alone = self._alone() if not any(live) else -1
        vmax = self._vmax() if alone >= 0 else -1
        # need as bit masks: hotp[v] the fields where a stone of value v may complete a triple.
        hotp = [0, 0, 0, 0]
        most: list[int] = []
        lines_room: list[int] = []
        cell = s.cell
        empty, full, own = self._fields()
        if alone >= 0:
            for j, x in enumerate(need):
                if x <= 3:
                    for w in range(max(0, x), 4):
                        hotp[w] |= 1 << j
            # Per field, the highest sum of a triple through it with at most two fields
            # empty and a middle of at most one lava stone (H4), of its stones' values.
            most = [-100] * len(cell)
            for a, b, c in s.geo.triples:
                ca, cb, cc = cell[a], cell[b], cell[c]
                if NLAVA[cb] > 1 or not (ca or cb or cc):
                    continue
                x = TOTAL[ca] + TOTAL[cb] + TOTAL[cc]
                if x > most[a]:
                    most[a] = x
                if x > most[b]:
                    most[b] = x
                if x > most[c]:
                    most[c] = x
            # Per field, the fields of its row and column with room for a stone (H3).
            near_mask, far_mask = s.geo.near_mask, s.geo.far_mask
            lines_room = [(near_mask[i] | far_mask[i]) & ~full for i in range(len(cell))]
        best = -1 << 30
        supply = s.supply
        table = self.table
        upper = self.upper
        pair = s.geo.pair
        triples = s.geo.triples
        sup0, sup1, sup2, sup3 = supply
        lava0, lava1 = s.lava0, s.lava1
        cells = s.cells
        bit = s.geo.bit
        hot = (0, 0, 0, 0)
        for turn in turns:
            src, dst, v, back = turn
            if live[src] or v >= need[dst]:
                # It may set off a triple: looked at on the fields (H4, H5), made whole if it does.
                old_dst = cell[dst]
                cell[dst] = ADD[old_dst][v]
                if src >= 0:
                    old_src = cell[src]
                    cell[src] = REMOVE[old_src][v]
                erupts = False
                for t in pair[src][dst] if src >= 0 else pair[dst][dst]:
                    a, b, c = triples[t]
                    if END[cell[a]] + MIDDLE[cell[b]] + END[cell[c]] >= ERUPTS:
                        erupts = True
                        break
                cell[dst] = old_dst
                if src >= 0:
                    cell[src] = old_src
                if erupts:
                    hits = s.play(turn)
                    if len(hits) > 1:
                        self._count(math.factorial(len(hits)) - 1)
                    for order in permutations(hits) if len(hits) > 1 else (hits,):
                        s.resolve(order)
                        value = s.track - before + self.most(1)
                        s.unresolve()
                        if value > best:
                            best = value
                    s.unplay()
                    continue
            # It sets off nothing (:meth:`last`'s test): the stone placed or moved on the
            # fields alone (H2, H3), the volcanist back by the back-step, the others sitting out.
            old_dst = cell[dst]
            new_dst = ADD[old_dst][v]
            old_src = new_src = 0
            if src >= 0:
                old_src = cell[src]
                new_src = REMOVE[old_src][v]
            if not ends and 0 <= alone <= best and most[dst] + v + vmax < ERUPTS and (
                    src < 0 or most[src] - v + vmax < ERUPTS):
                # No triple through a field it changes is within reach of the next turn
                # (``most``: each such triple's sum at the node, with at most two fields
                # empty and its middle open, is below 8 even with this stone and one more of
                # the highest value); passed over unless a stone of the player's on those
                # fields could be moved to complete a triple elsewhere (:meth:`_beyond`).
                passed = True
                for w in MY_VALUES[new_dst]:
                    if lines_room[dst] & hotp[w]:
                        passed = False
                if src >= 0:
                    for w in MY_VALUES[new_src]:
                        if lines_room[src] & hotp[w]:
                            passed = False
                if passed:
                    continue
            cell[dst] = new_dst
            if src >= 0:
                cell[src] = new_src
            if ends:
                value = -back  # H9 ends the game after it
                cell[dst] = old_dst
                if src >= 0:
                    cell[src] = old_src
                if value > best:
                    best = value
                continue
            bd = bit[dst]
            f = full | bd if COUNT[new_dst] >= 2 else full  # the full fields after it
            if src >= 0 and COUNT[new_src] < 2:
                f &= ~bit[src]
            bounded = 0 <= alone <= best
            after = cells + ((new_dst - old_dst) << (BITS * dst))
            if src >= 0:
                after += (new_src - old_src) << (BITS * src)
                key = (after, sup0, sup1, sup2, sup3, lava0, lava1, before - back, -1, 1)
            else:
                key = (after, sup0 - (v == 0), sup1 - (v == 1), sup2 - (v == 2), sup3 - (v == 3),
                       lava0, lava1, before, -1, 1)
            got = table.get(key)
            if got is None and bounded:
                # A bound proved from another node with two turns left (:meth:`_beyond`).
                bound = upper.get(key)
                if bound is not None and bound - back <= best:
                    got = best + back
            if got is None and bounded:
                # The next turn can beat ``alone`` only with a stone brought to a field of a
                # triple through a field this turn changed, or moved off one of them
                # (:meth:`_beyond`); when no stone of the player's can do either, it is
                # passed over.
                hot = self._hot_after(src, dst)
                if not hot[vmax] & ~f and not self._off(src, dst, hot, hotp, f):
                    got = best + back
            if got is None:
                # The rest of the turn: the supply, the track, the quiet count.
                s.cells = after
                s.track = before - back
                s.quiet = after_quiet
                if src < 0:
                    supply[v] -= 1
                # The fields' masks after the turn: dst holds one of the player's stones more.
                e, o = empty & ~bd, own | bd
                if src >= 0:
                    bs = bit[src]
                    if not new_src:
                        e |= bs
                    if not MINE[new_src]:
                        o &= ~bs
                if bounded:
                    # Every other turn gains at most alone + back there (:meth:`_beyond`).
                    got = self._beyond(src, dst, e, f, o, hotp, hot)
                    if got > alone + back:
                        table[key] = got  # then it is the most one turn gains there
                    else:
                        upper[key] = alone + back  # the most one turn gains there is at most this
                        got = best + back  # so this turn cannot beat ``best``
                else:
                    got = table[key] = self.last(e, f, o)
                if src < 0:
                    supply[v] += 1
                s.cells = cells
                s.track = before
                s.quiet = quiet
            value = got - back
            cell[dst] = old_dst
            if src >= 0:
                cell[src] = old_src
            if value > best:
                best = value
        return best

    def _hot_after(self, src: int, dst: int) -> tuple[int, int, int, int]:
        """``need`` as masks by value (``hot[v]``: the fields where a stone of value v
        brought there may complete a triple, H4) for the triples through ``dst`` and
        ``src`` alone (-1: a placement), as the fields are now."""
        cell = self.state.cell
        geo = self.state.geo
        low0 = low1 = low2 = low3 = 0
        masked = geo.masked
        for t in geo.pair[src][dst] if src >= 0 else geo.through[dst]:
            a, b, c, m = masked[t]
            ca, cb, cc = cell[a], cell[b], cell[c]
            s3 = END[ca] + MIDDLE_OPEN[cb] + END[cc]
            if s3 >= ERUPTS - 3:  # every field holding stones (:meth:`last`)
                if s3 >= ERUPTS:
                    low0 |= m
                elif s3 == ERUPTS - 1:
                    low1 |= m
                elif s3 == ERUPTS - 2:
                    low2 |= m
                else:
                    low3 |= m
            elif -100 + ERUPTS - 3 <= s3 < 0:  # one field empty
                f = 1 << (a if not ca else b if not cb else c)
                x = ERUPTS - (s3 + 100)
                if x <= 0:
                    low0 |= f
                elif x == 1:
                    low1 |= f
                elif x == 2:
                    low2 |= f
                else:
                    low3 |= f
        low1 |= low0
        low2 |= low1
        low3 |= low2
        return (low0, low1, low2, low3)

    def _off(self, src: int, dst: int, hot: tuple[int, int, int, int], hotp: list[int], full: int) -> bool:
        """Whether a stone of the player's on ``dst`` or ``src`` could be moved (to a field
        of its row or column with room, any back-step) to where it may complete a triple
        (``hot``, or ``hotp`` for the triples through neither)."""
        cell = self.state.cell
        geo = self.state.geo
        for i in (dst, src):
            if i < 0:
                continue
            reach = (geo.near_mask[i] | geo.far_mask[i]) & ~full
            for v in MY_VALUES[cell[i]]:
                if reach & (hotp[v] | hot[v]):
                    return True
        return False

    def _beyond(self, src: int, dst: int, empty: int, full: int, own: int, hotp: list[int],
                hot: tuple[int, int, int, int]) -> int:
        """After a quiet turn ``t1`` (made on the fields: ``src`` -1 for a placement, else
        the field it left; ``dst`` the field it reached; ``empty``, ``full`` and ``own``
        :meth:`_fields`' masks after it) from a node with two turns left where no triple
        is scorable: the most a turn ``t2`` after ``t1`` gains of those that may set off a
        triple through a field ``t1`` changed or move a stone off one (-1 << 30: none);
        ``hotp`` is the node's ``need`` as masks by value (``hotp[v]``: the fields where a
        stone of value v may complete a triple), ``hot`` the same after ``t1`` for the
        triples through ``t1``'s fields (:meth:`_hot_after`).

        Every other turn after ``t1`` gains at most ``alone + b1`` (``alone`` the most one
        turn gains at the node, ``b1`` ``t1``'s back-step: ``t1`` and it together at most
        ``alone``), so when this is at most ``alone + b1`` the most ``t1`` leads to is at
        most ``alone``, and otherwise this is the most one turn gains after ``t1``.  Why: ``t1`` set
        off nothing, so it changed at most its two fields (a stone placed, H2, or moved,
        H3), the supply (one stone fewer) and the track (its back-step); no triple is
        scorable after it (none through its fields, since it set off nothing, H5; none
        elsewhere, as at the node).  A turn ``t2`` sets off the triples through the fields
        it changes that are scorable right after its placement or move (H5; the lava an
        eruption places adds none).  Take ``t2`` that sets off none through ``t1``'s fields
        and places, takes or moves no stone on them.  It was legal at the node (the same
        stones on its fields, a supply with one stone more, and a long move's line reached
        from ``t1``'s higher place by a back-step at most ``t1``'s and ``t2``'s together,
        HG4).  Played there with the least back-step, its triples first in the same order,
        each reads fields ``t1`` did not change, so it erupts and gains as after ``t1``
        (H4-H7; the last lava stone ends the game at the same eruption, H8); any more
        triples set off there (through ``t1``'s fields) erupt after them, each gaining at
        least 1 (H6); so it gains at least ``t1``'s and ``t2``'s gains together, and at most
        ``alone``.  A ``t2`` that sets off nothing gains minus its back-step, at most 0 <=
        ``alone``.  A ``t2`` that places a stone on a field of ``t1`` (it was emptied) sets
        off only triples through it; one that moves a stone onto one, only those through
        it or through the field it left, which must be scorable before ``t2`` (and none
        is).  What is left, and listed here: a ``t2`` that brings a stone of value v to a
        field of a triple through ``t1``'s fields that v may complete (``hot``: scorable
        right after needs a stone brought to one of its fields, as none is before), and a
        stone of the player's moved off ``t1``'s fields to a field where it may complete a
        triple not through them (``hotp``: those triples are as at the node).  Each is
        made on the fields, looked at and counted (:meth:`_loud`)."""
        s = self.state
        cell = s.cell
        geo = s.geo
        low3 = hot[3]
        loud: list[tuple[int, int, int, int]] = []
        supply = s.supply
        if empty & low3:
            for v in range(4):
                if supply[v]:
                    m = empty & hot[v]
                    while m:
                        low = m & -m
                        m ^= low
                        loud.append((-1, low.bit_length() - 1, v, 0))
        backs = geo.backs(s.track)
        lines = geo.lines
        m = low3 & ~full
        while m:
            low = m & -m
            m ^= low
            j = low.bit_length() - 1
            for i, near in lines[j]:
                if not own >> i & 1:
                    continue
                step = 0 if near else backs[i]
                if step < 0:
                    continue
                for v in MY_VALUES[cell[i]]:
                    if hot[v] & low:
                        loud.append((i, j, v, step))
        near_mask, far_mask = geo.near_mask, geo.far_mask
        for i in (dst, src):
            if i < 0 or not own >> i & 1:
                continue
            back = backs[i]
            for v in MY_VALUES[cell[i]]:
                m = hotp[v] & ~hot[v] & ~full & (near_mask[i] | (far_mask[i] if back >= 0 else 0))
                while m:
                    low = m & -m
                    m ^= low
                    loud.append((i, low.bit_length() - 1, v, 0 if near_mask[i] & low else back))
        self._count(len(loud))
        return self._loud(loud, -1 << 30, 0)

    def _alone(self) -> int:
        """The most the searcher gains in one turn from here (the table's, or :meth:`last`)."""
        key = self.key(1)
        got = self.table.get(key)
        if got is None:
            got = self.table[key] = self.last()
        return got

    def _vmax(self) -> int:
        """The searcher's highest stone value, in supply or on the area (-1: none)."""
        s = self.state
        top = -1
        for v in range(4):
            if s.supply[v]:
                top = v
        for c in s.cell:
            mine = MY_VALUES[c]
            if mine and mine[-1] > top:
                top = mine[-1]
        return top

    def _fields(self) -> tuple[int, int, int]:
        """Bit masks of the fields: the empty ones (a placement's, H2), the full ones (two
        stones: no move ends there, H3) and those holding the player's stones."""
        cell = self.state.cell
        bit = self.state.geo.bit
        empty = full = own = 0
        for i, c in enumerate(cell):
            if not c:
                empty |= bit[i]
            else:
                if COUNT[c] >= 2:
                    full |= bit[i]
                if MINE[c]:
                    own |= bit[i]
        return empty, full, own

    def _reach(self) -> tuple[list[int], list[bool]]:
        """Per field, ``need`` and ``live`` of :meth:`last`'s docstring: the least value of
        a stone brought to the field that can complete a triple through it (H4), and
        whether a triple through it is scorable now (``live[-1]``, past the fields, is
        False: a placement takes no stone from a field)."""
        cell = self.state.cell
        geo = self.state.geo
        need = [ERUPTS + 100] * geo.n
        live = [False] * (geo.n + 1)  # one more, never set: live[-1] for a placement's "from" (-1)
        for a, b, c in geo.triples:
            ca, cb, cc = cell[a], cell[b], cell[c]
            if not ((ca and cb) or (ca and cc) or (cb and cc)):
                continue  # two empty fields: one stone brought in cannot fill both (H4)
            ea, mb, ec = END[ca], MIDDLE[cb], END[cc]
            if ea + mb + ec >= ERUPTS:
                live[a] = live[b] = live[c] = True
            x = ERUPTS - (TOTAL[ca] + mb + ec)
            if x < need[a]:
                need[a] = x
            if NLAVA[cb] <= 1:
                x = ERUPTS - (ea + TOTAL[cb] + ec)
                if x < need[b]:
                    need[b] = x
            x = ERUPTS - (ea + mb + TOTAL[cc])
            if x < need[c]:
                need[c] = x
        return need, live

    def _loud(self, loud: list[tuple[int, int, int, int]], best: int, livem: int) -> int:
        """The most of ``best`` and the gains of the turns of ``loud`` (each one that may set
        off a triple, made on the fields alone and looked at), ``livem`` the fields of the
        triples scorable before them (:meth:`last`)."""
        s = self.state
        cell = s.cell
        geo = s.geo
        # The turns that may set off a triple: made on the fields alone and looked at; one
        # that sets off none gains minus its back-step, one that sets off one triple is
        # scored by H6 (nothing comes before it, and its lava stone changes no gain, even
        # the last, H8); several (their order matters, H5) are tried in every order.
        scored = geo.scored
        pair = geo.pair
        through = geo.through
        for turn in loud:
            src, dst, v, step = turn
            old_dst = cell[dst]
            cell[dst] = ADD[old_dst][v]
            if src >= 0:
                old_src = cell[src]
                cell[src] = REMOVE[old_src][v]
                # A triple through the field left and not through dst only loses a stone: it
                # can be scorable after the turn only if it is now (``livem``).
                touched = pair[src][dst] if livem >> src & 1 else through[dst]
            else:
                touched = through[dst]
            hit = -1
            several = False
            for t in touched:
                a, b, c, oa, ob, oc = scored[t]
                if END[cell[a]] + MIDDLE[cell[b]] + END[cell[c]] >= ERUPTS:
                    if hit >= 0:
                        several = True
                        break
                    hit = t
                    value = oa[cell[a]] + ob[cell[b]] + oc[cell[c]] - BONUS - step
            if several:
                # Every order of the triples set off (H5), each erupting only if still
                # scorable when its turn comes, the middle made over by H7 (0-lava first),
                # the game ending with the last lava stone (H8): what Compact.resolve does,
                # on the fields alone (the gain is all that is asked).
                hits = [t for t in touched if END[cell[scored[t][0]]] + MIDDLE[cell[scored[t][1]]]
                        + END[cell[scored[t][2]]] >= ERUPTS]
                self._count(math.factorial(len(hits)) - 1)
                if len(hits) == 2:
                    # Two triples (most such turns), each order written out: the first erupts,
                    # its middle made over (H7), then the second if still scorable (H5) and
                    # the game not ended by the first's lava stone (H8).
                    more = s.lava0 + s.lava1 > 1
                    lava = 0 if s.lava0 else 1
                    for first, second in ((hits[0], hits[1]), (hits[1], hits[0])):
                        a, b, c, oa, ob, oc = scored[first]
                        ca, cb, cc = cell[a], cell[b], cell[c]
                        value = oa[ca] + ob[cb] + oc[cc] - BONUS - step
                        if more:
                            cell[b] = AFTER_ERUPTION[cb][lava]
                            a, b2, c, oa, ob, oc = scored[second]
                            ca, cc = cell[a], cell[c]
                            if END[ca] + MIDDLE[cell[b2]] + END[cc] >= ERUPTS:
                                value += oa[ca] + ob[cell[b2]] + oc[cc] - BONUS
                            cell[b] = cb
                        if value > best:
                            best = value
                for order in permutations(hits) if len(hits) > 2 else ():
                    value = -step
                    lava0, lava1 = s.lava0, s.lava1
                    changed: list[tuple[int, int]] = []
                    for t in order:
                        a, b, c, oa, ob, oc = scored[t]
                        ca, cb, cc = cell[a], cell[b], cell[c]
                        if END[ca] + MIDDLE[cb] + END[cc] < ERUPTS:
                            continue  # no longer scorable when its turn comes (H5)
                        value += oa[ca] + ob[cb] + oc[cc] - BONUS
                        if lava0:
                            lava0 -= 1
                            cell[b] = AFTER_ERUPTION[cb][0]
                        else:
                            lava1 -= 1
                            cell[b] = AFTER_ERUPTION[cb][1]
                        changed.append((b, cb))
                        if not lava0 and not lava1:
                            break  # the last lava stone ends the game (H8)
                    for b, cb in reversed(changed):
                        cell[b] = cb
                    if value > best:
                        best = value
            cell[dst] = old_dst
            if src >= 0:
                cell[src] = old_src
            if not several:
                if hit < 0:
                    value = -step
                if value > best:
                    best = value
        return best

    def last(self, empty: int = -1, full: int = 0, own: int = 0) -> int:
        """The most the searcher gains in one turn, trying every turn but playing only
        those that may set off a triple; ``empty``, ``full`` and ``own`` are
        :meth:`_fields`' masks when the caller has them (``empty`` -1: worked out here).

        A triple erupts after the turn only if it is scorable then (H4) and includes a
        field the turn changed (H5).  For each field ``j`` let ``need[j]`` be 8 less
        the most that any triple through ``j`` would sum with one more stone on ``j``
        of value 0 (its other fields nonempty, its middle with at most one lava stone;
        else the triple is out of reach): a stone of value ``v`` brought to ``j`` (placed
        or moved there) can complete a triple through ``j`` only when ``v >= need[j]``
        (a move also takes the stone off its field, which lowers a triple through
        both, never raises it).  A triple through the field a stone *leaves*, and not
        through its new field, loses that stone: it can be scorable after the turn
        only if it was before (``live``).  Every other turn sets off nothing: it gains
        minus its back-step (H3, H6) and is counted without being played.  The rest are
        made on the fields alone and looked at, those that set off several triples
        with every order of them (H5) on the fields too, since only the gain is asked.

        How much it costs is most of the deep search's time (docs/benchmarks.md), so
        ``need`` and ``live`` are bit masks here, the moves' fields too: the turns are
        counted a field at a time (``int.bit_count``) and only the few that may set off a
        triple are listed."""
        s = self.state
        cell = s.cell
        geo = s.geo
        # ``need`` and ``live`` of the docstring as bit masks (as :meth:`_reach` works them out):
        # ``low[x]`` the fields some triple through which a stone of value x completes (x <= 0
        # counted as 0), so ``hot[v]`` (the fields whose ``need`` is at most v) is low[0] | ... |
        # low[v]; ``livem`` the fields of the triples scorable now.
        low0 = low1 = low2 = low3 = livem = 0
        for a, b, c, m in geo.masked:
            ca, cb, cc = cell[a], cell[b], cell[c]
            # END and MIDDLE_OPEN are the totals, -100 for an empty field, -1000 for a middle
            # of two lava stones; so with every field holding stones (and at most one lava
            # stone in the middle) the sum is the triple's, and with exactly one field empty
            # it is the other two's less 100.
            s3 = END[ca] + MIDDLE_OPEN[cb] + END[cc]
            if s3 >= ERUPTS - 3:
                # A stone of value x >= ERUPTS - s3 brought to any of its fields completes it;
                # at ERUPTS or more it is scorable now.
                if s3 >= ERUPTS:
                    livem |= m
                    low0 |= m
                elif s3 == ERUPTS - 1:
                    low1 |= m
                elif s3 == ERUPTS - 2:
                    low2 |= m
                else:
                    low3 |= m
            elif -100 + ERUPTS - 3 <= s3 < 0:
                # One field empty (the two-lava middle and two empty fields are far below):
                # only a stone brought to it completes the triple.
                f = 1 << (a if not ca else b if not cb else c)
                x = ERUPTS - (s3 + 100)
                if x <= 0:
                    low0 |= f
                elif x == 1:
                    low1 |= f
                elif x == 2:
                    low2 |= f
                else:
                    low3 |= f
        low1 |= low0
        low2 |= low1
        hot = (low0, low1, low2, low3 | low2)
        if empty < 0:
            empty, full, own = self._fields()
        best = -1 << 30
        turns = 0
        loud: list[tuple[int, int, int, int]] = []
        supply = s.supply
        if empty:
            places = 0
            for v in range(4):
                if supply[v]:
                    places += 1
                    m = empty & hot[v]
                    while m:
                        low = m & -m
                        m ^= low
                        loud.append((-1, low.bit_length() - 1, v, 0))
            places *= empty.bit_count()
            turns += places
            if places > len(loud):
                best = 0  # a placement that sets off nothing (H2, H6)
        if own:
            backs = geo.backs(s.track)
            near_mask, far_mask = geo.near_mask, geo.far_mask
            fields = own
            while fields:
                low = fields & -fields
                fields ^= low
                i = low.bit_length() - 1
                mine = MY_VALUES[cell[i]]
                back = backs[i]
                near = near_mask[i] & ~full
                if back >= 0:
                    far = far_mask[i] & ~full
                    turns += len(mine) * (near | far).bit_count()
                else:
                    far = 0
                    turns += len(mine) * near.bit_count()
                if livem >> i & 1:
                    hv = -1  # a triple through the field is scorable: every move from it may set it off
                else:
                    hv = hot[mine[-1]]
                    least = hot[mine[0]]
                    # A move of a stone below every ``need`` it meets sets off nothing and gains
                    # minus its back-step (H3, H6); the least value has the most such.
                    if near & ~least:
                        if best < 0:
                            best = 0
                    elif far & ~least and -back > best:
                        best = -back
                m = near & hv
                while m:
                    low = m & -m
                    m ^= low
                    j = low.bit_length() - 1
                    for v in mine:
                        if hv < 0 or hot[v] & low:
                            loud.append((i, j, v, 0))
                m = far & hv
                while m:
                    low = m & -m
                    m ^= low
                    j = low.bit_length() - 1
                    for v in mine:
                        if hv < 0 or hot[v] & low:
                            loud.append((i, j, v, back))
        self._count(turns)
        best = self._loud(loud, best, livem)
        if best == -1 << 30:
            self._count(1)
            return 0  # no turn at all: a pass gains nothing (H1)
        return best


def most_gains(pos: Position, turns: int, *, node_limit: int | None = None, seconds: float | None = None,
               clock: Callable[[], float] = time.monotonic) -> Most:
    """The most the player to move gains in 1, 2, ... ``turns`` of their turns while
    the others pass (HQ1), each proved by :class:`Deep` (one table for every depth);
    ``seconds`` (by ``clock``: the wall clock, or e.g. ``time.process_time``) or
    ``node_limit`` (turns tried) stop it, keeping the depths finished.  A game already over gains nothing in any number of turns."""
    if pos.over:
        return Most((0,) * turns, True, 0)
    search = Deep(pos, node_limit=node_limit, seconds=seconds, clock=clock)
    gains: list[int] = []
    try:
        for k in range(1, turns + 1):
            gains.append(search.most(k))
    except OutOfTime:
        return Most(tuple(gains), False, search.nodes)
    return Most(tuple(gains), True, search.nodes)
