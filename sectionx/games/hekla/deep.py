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

from .compact import ADD, BONUS, COUNT, END, ERUPTS, MIDDLE, MY_VALUES, NLAVA, REMOVE, TOTAL, Compact, Turn
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

    def last(self) -> int:
        """The most the searcher gains in one turn, trying every turn but playing only
        those that may set off a triple.

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
        minus its back-step (H3, H6) and is counted without being played."""
        s = self.state
        cell = s.cell
        geo = s.geo
        n = geo.n
        need, live = self._reach()
        before = s.track
        best = -1 << 30
        quiet = 0
        loud: list[tuple[int, int, int, int]] = []
        supply = s.supply
        values = [v for v in range(4) if supply[v]]
        if values:
            top = values[-1]
            places = cell.count(0) * len(values)
            for i in [i for i in range(n) if need[i] <= top and not cell[i]]:
                for v in values:
                    if v >= need[i]:
                        loud.append((-1, i, v, 0))
                        places -= 1
            quiet += places
            if places:
                best = 0  # a placement that sets off nothing (H2, H6)
        backs = geo.backs(s.track)
        lines = geo.lines
        for i in range(n):
            mine = MY_VALUES[cell[i]]
            if not mine:
                continue
            back = backs[i]
            was_live = live[i]
            for j, near in lines[i]:
                if COUNT[cell[j]] >= 2:
                    continue
                if near:
                    step = 0
                elif back < 0:
                    continue
                else:
                    step = back
                needed = need[j]
                for v in mine:
                    if was_live or v >= needed:
                        loud.append((i, j, v, step))
                    else:
                        quiet += 1
                        if -step > best:
                            best = -step
        self._count(quiet + len(loud))
        # The turns that may set off a triple: made on the fields alone and looked at; one
        # that sets off none gains minus its back-step, one that sets off one triple is
        # scored by H6 (nothing comes before it, and its lava stone changes no gain, even
        # the last, H8); only several (their order matters, H5) are played, every order.
        scored = geo.scored
        pair = geo.pair
        for turn in loud:
            src, dst, v, step = turn
            old_dst = cell[dst]
            cell[dst] = ADD[old_dst][v]
            if src >= 0:
                old_src = cell[src]
                cell[src] = REMOVE[old_src][v]
                touched = pair[src][dst]
            else:
                touched = pair[dst][dst]
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
            cell[dst] = old_dst
            if src >= 0:
                cell[src] = old_src
            if not several:
                if hit < 0:
                    value = -step
                if value > best:
                    best = value
                continue
            hits = s.play(turn)
            self._count(math.factorial(len(hits)) - 1)
            for order in permutations(hits):
                s.resolve(order)
                value = s.track - before
                s.unresolve()
                if value > best:
                    best = value
            s.unplay()
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
