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
the same question (and, with two turns left, passes over quiet turns proved
unable to beat one already found: :meth:`Deep._near`), and ``solve`` (whose count
of turns tried decides the generator's limits, pinned in the tests) keeps
``_Search``.

The table holds exact values only, for ``k`` turns left; its key is everything
those ``k`` turns' gain depends on (docs/hekla.md gives the argument): the
contents of the fields, the searcher's supply, the lava left, the searcher's
place on the track, the quiet count while H9 could end the game before the last
of the ``k`` turns (else left out), and ``k``.  The searcher is always to move at
a node of the search (the others sit out, HQ1), so whose turn it is needs no
place in it.
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
                # Two turns left: a quiet turn without a back-step, after which no triple
                # through a field it changed can be set off, cannot lead to more than the
                # best one turn here (``alone``); once a turn has reached that, such turns
                # are passed over (:meth:`_near` gives the argument).
                alone = self._alone() if k == 2 and not any(live) else -1
                vmax = self._vmax() if alone >= 0 else -1
                for turn in turns:
                    # A turn :meth:`last`'s test finds quiet is made without looking for triples.
                    hits = play(turn, live[turn[0]] or turn[2] >= need[turn[1]])
                    if not hits:
                        if ends:
                            value = s.track - before
                        elif 0 <= alone <= best and not turn[3] and not self._near(turn, vmax, need):
                            unplay()
                            continue
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
        """:meth:`most` with two turns left and a turn to make: the same turns tried in the
        same order, with the same pass-over, and the same table; a turn that sets off
        nothing is made on the fields alone (the key of the position after it worked
        out from them) and made whole only when the table does not hold the turn after
        it (then :meth:`last` works it out)."""
        s = self.state
        before = s.track
        self._count(len(turns))
        quiet = s.quiet
        after_quiet = min(quiet + self._players, self._quiet_reach)
        ends = after_quiet >= self._quiet_reach
        need, live = self._reach()
        # With two turns left, a quiet turn without a back-step after which no triple through
        # a field it changed can be set off cannot lead to more than the best one turn here
        # (``alone``); once a turn has reached that, such turns are passed over (:meth:`_near`).
        alone = self._alone() if not any(live) else -1
        vmax = self._vmax() if alone >= 0 else -1
        best = -1 << 30
        cell = s.cell
        supply = s.supply
        table = self.table
        sup0, sup1, sup2, sup3 = supply
        lava0, lava1 = s.lava0, s.lava1
        cells = s.cells
        empty, full, own = self._fields()
        bit = s.geo.bit
        for turn in turns:
            src, dst, v, back = turn
            if live[src] or v >= need[dst]:
                # It may set off a triple: made whole and looked at.
                hits = s.play(turn)
                if not hits:
                    if ends:
                        value = -back
                    elif 0 <= alone <= best and not back and not self._near(turn, vmax, need):
                        s.unplay()
                        continue
                    else:
                        s.quiet = after_quiet
                        value = -back + self.most(1)
                        s.quiet = quiet
                else:
                    if len(hits) > 1:
                        self._count(math.factorial(len(hits)) - 1)
                    for order in permutations(hits) if len(hits) > 1 else (hits,):
                        s.resolve(order)
                        value = s.track - before + self.most(1)
                        s.unresolve()
                        if value > best:
                            best = value
                s.unplay()
                if value > best:
                    best = value
                continue
            # It sets off nothing (:meth:`last`'s test): the stone placed or moved on the
            # fields alone (H2, H3), the volcanist back by the back-step, the others sitting out.
            old_dst = cell[dst]
            new_dst = ADD[old_dst][v]
            cell[dst] = new_dst
            old_src = new_src = 0
            if src >= 0:
                old_src = cell[src]
                new_src = REMOVE[old_src][v]
                cell[src] = new_src
            if ends:
                value = -back  # H9 ends the game after it
            elif 0 <= alone <= best and not back and not self._near(turn, vmax, need):
                value = best  # passed over: it cannot beat ``best`` (:meth:`_near`)
            else:
                after = cells + ((new_dst - old_dst) << (BITS * dst))
                if src >= 0:
                    after += (new_src - old_src) << (BITS * src)
                    key = (after, sup0, sup1, sup2, sup3, lava0, lava1, before - back, -1, 1)
                else:
                    key = (after, sup0 - (v == 0), sup1 - (v == 1), sup2 - (v == 2), sup3 - (v == 3),
                           lava0, lava1, before, -1, 1)
                got = table.get(key)
                if got is None:
                    # The rest of the turn, for last(): the supply, the track, the quiet count.
                    s.cells = after
                    s.track = before - back
                    s.quiet = after_quiet
                    if src < 0:
                        supply[v] -= 1
                    # The fields' masks after the turn: dst holds one of the player's stones more.
                    bd = bit[dst]
                    e, f, o = empty & ~bd, full | bd if COUNT[new_dst] >= 2 else full, own | bd
                    if src >= 0:
                        bs = bit[src]
                        if not new_src:
                            e |= bs
                        if COUNT[new_src] < 2:
                            f &= ~bs
                        if not MINE[new_src]:
                            o &= ~bs
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

    def _near(self, turn: Turn, vmax: int, need: list[int]) -> bool:
        """After ``turn`` (made, quiet, no back-step), whether the next turn could set off a
        triple through a field it changed, or move a stone off such a field and set off
        anything; ``need`` is :meth:`_reach`'s before ``turn``, where no triple was
        scorable.

        Why a quiet turn ``t1`` without a back-step for which this is False cannot lead,
        with one turn left, to more than ``alone`` (the most one turn gains before
        ``t1``), as long as ``alone >= 0`` and no triple was scorable before ``t1``:
        ``t1`` changed at most two fields and nothing else (no track, no lava, no
        eruption; the supply only lost a stone).  Take any turn ``t2`` after it.  If it
        sets off nothing, it gains minus its back-step, at most 0.  Else, the triples it
        sets off go through the fields it changes (H5), and none goes through a field
        ``t1`` changed: such a triple, to be set off, must be scorable after ``t1`` and
        lose a stone to ``t2``, or gain a stone of value at most ``vmax`` on a field
        holding at most one and reach 8 (H4); this test finds none.  So ``t2`` places no
        stone on a field ``t1`` changed (its triples would go through it), takes none
        from one (its triples would go through the field it goes to, and no triple
        there was within reach of that stone before ``t1``: ``need``, unchanged for the
        triples ``t1`` did not touch), and moves none onto one from elsewhere (its
        triples would be through the field the stone leaves, scorable before ``t2``: so
        scorable before ``t1``, and none was).  So ``t2`` changes no field ``t1``
        changed, every field its eruptions read is as it was before ``t1``, and ``t2``
        was legal then (the same stones on its fields, the same place on the track, a
        supply with one stone more).  Played before ``t1``, with its triples in the same
        order first, ``t2`` gains at least as much (any more triples erupt after them,
        each gaining at least 1, its sum less 7).  So ``t2`` gains at most ``alone``."""
        s = self.state
        cell = s.cell
        geo = s.geo
        src, dst = turn[0], turn[1]
        for t in geo.pair[src][dst] if src >= 0 else geo.pair[dst][dst]:
            a, b, c = geo.triples[t]
            ca, cb, cc = cell[a], cell[b], cell[c]
            if not ((ca and cb) or (ca and cc) or (cb and cc)):
                continue  # two empty fields: one stone cannot fill both (H4)
            ea, mb, ec = END[ca], MIDDLE[cb], END[cc]
            if ea + mb + ec >= ERUPTS:
                return True
            if COUNT[ca] < 2 and ERUPTS - (TOTAL[ca] + mb + ec) <= vmax:
                return True
            if COUNT[cb] < 2 and NLAVA[cb] <= 1 and ERUPTS - (ea + TOTAL[cb] + ec) <= vmax:
                return True
            if COUNT[cc] < 2 and ERUPTS - (ea + mb + TOTAL[cc]) <= vmax:
                return True
        for f in (src, dst):
            if f < 0:
                continue
            for v in MY_VALUES[cell[f]]:
                for j, _ in geo.lines[f]:
                    if v >= need[j]:
                        return True
        return False

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
