"""The search core: a compact, mutable position that plays the referee's game.

A :class:`Position` holds a :class:`~sectionx.games.sectionx.model.State` as lists of small
ints (see :mod:`sectionx.games.sectionx.solver.tables` for the coding) and changes in place:
``undo = pos.make(move)`` carries out one action, ``pos.unmake(undo)`` takes it
back exactly, hash included.  ``Position.from_state(s).to_state() == s``, and
after ``make`` the position converts to the very state ``engine.apply`` returns
(tests/test_core.py checks both against the engine, action by action).

**Moves** are tuples whose first item is the kind (``TAKE`` ... ``KEEP``, see
:mod:`sectionx.games.sectionx.solver.moves`); ``action_of`` and ``move_of`` convert to and
from the engine's :mod:`~sectionx.games.sectionx.actions`.

**What the core does itself**, as the engine does: phases and the end of a
turn (N1-N5, V2), placing, swapping, moving and turning tiles with their
riders and doors (N2, P3), tunnel fights (D4, D6: the lengths before the
action decide; D7: a ``KEEP`` move's priority list settles ties), steps with
their budget (M2-M5), zone claims (Z1), the master key lost and gained by a
step, with the door hand-in (K1, K2, K4), doors (D2, N4).

**What it leaves to the referee** (``engine.apply`` on ``to_state()``, then the
result loaded back): a step that ends the round or the game (E1, E4: the
collapse E3, keys at the collapse K5, E5 and the ranking), the end of a turn
after the last tile was taken (E2 and the collapse), and moves of kind
``REFEREE`` (an engine action the core does not model, such as a ``handin``
on a tile action; the generator never makes one).  They need most of the
rules at once, and are exactly where a second copy of the rules would be most
likely to go wrong.  Their undo record is a snapshot.  They are rare in a search
except in a turn that ends the round (E2), where every one of its thousands of
endings collapses: there the outcome of ``end``, of a turn-ending door action
and of a fifth step is kept per what the collapse reads (``Position._collapse_key``), so the referee
is asked once per different collapse, not once per ending.  A plain tile move that starts a
tied fight is illegal (it needs ``keep``): ``make`` raises TieError.

**Assumption** (checked by :meth:`Position.from_state`): the position obeys K1,
so every player who qualifies for the master key holds it.  The engine keeps
this true after every action; it is why a tile or door action never changes a
key (prisoners keep their feature when their tile moves, so nobody's K1
condition changes), and only the stepping player's key is looked at after a step.

The position itself (coding, conversion, hashing and the canonical key, and
why that key is exact) is in :mod:`sectionx.games.sectionx.solver.position`; move kinds and
their conversion to engine actions in :mod:`sectionx.games.sectionx.solver.moves`.
"""

from __future__ import annotations

from typing import Any, Final

from .. import engine
from .moves import (
    DOOR,
    END,
    KEEP,
    MOVE,
    MOVEDOOR,
    PASS,
    PLACE,
    REFEREE,
    ROTATE,
    STEP,
    SWAP,
    TAKE,
    action_of,
    keep_options,
    move_of,
    settle,
)
from .position import (
    ACT_PHASE,
    FREE_PHASE,
    OVER,
    STEP_BUDGET,
    STEPS_PER_PRISONER,
    TAKE_PHASE,
    TILE_PHASE,
    CoreError,
    PositionBase,
    TieError,
)
from .tables import MAX_COUNT, CoreMove

_SNAPSHOT: Final = 99  # undo record of a move the referee carried out
#: Collapses kept per position (each a snapshot of a few thousand ints).
_COLLAPSES_KEPT: Final = 2048


class Position(PositionBase):
    """A game position coded as ints that plays the referee's game in place (see module docstring)."""

    __slots__ = ()

    def _referee(self, move: CoreMove) -> tuple[Any, ...]:
        """Carry ``move`` out with ``engine.apply`` (see module docstring for when).

        An ``end`` or a door action reaches here only when it ends a turn in which the
        last tile was taken (E2), so the collapse follows (E3).  Its outcome is kept per
        :meth:`_collapse_key` and the next turn ending with the same key is loaded from
        there instead of asking the referee again (a turn that ends the round has
        thousands of endings and the collapse makes few of them differ)."""
        kind = move[0]
        snap = self._snapshot()
        key: tuple[Any, ...] | None = None
        if kind in (END, DOOR, MOVEDOOR):
            key = self._collapse_key()
        elif kind == STEP and self.round_ends and not self._step_ends_round(move):
            # The fifth step of a turn that took the last tile: the referee carries the
            # step out (its own effects, M2-M5, Z1, K1, K2, K4, exactly the core's), then
            # ends the turn, which collapses (E2, E3) from where the step left the
            # board, as ``end`` would have from there.  So the step is made on the core
            # with the turn left open, the collapse key read, and the step taken back.
            saved = (self.h, self.hm, self.ht, self.player, self.phase, self.moved,
                     self.tile_action, self.door_action, self.round_ends, self.nsteps)
            undo = self._make_step(move, saved, end=False)
            if self._turn_done():
                key = self._collapse_key()
            self.unmake(undo)
        if key is not None:
            known = self.collapses.get(key)
            if known is not None:
                self._restore(known)
                # The position now owns the kept lists: keep a fresh copy for the next hit.
                self.collapses[key] = self._snapshot()
                return (_SNAPSHOT, snap)
            self._load(engine.apply(self.to_state(), action_of(self.T, move)))
            if len(self.collapses) >= _COLLAPSES_KEPT:
                self.collapses.clear()
            self.collapses[key] = self._snapshot()
            return (_SNAPSHOT, snap)
        action = move[1] if kind == REFEREE else action_of(self.T, move)
        self._load(engine.apply(self.to_state(), action))
        return (_SNAPSHOT, snap)

    def _collapse_key(self) -> tuple[Any, ...]:
        """Everything the collapse at the end of this turn reads (``engine._end_round``, E3,
        K5, E4, E5), for a turn that ends now by ``end`` or by a door action (or, read with
        the turn left open after a fifth step, by that step: see ``_referee``).

        The collapse keeps the prisoners on the island and in hideouts (by spot) with the
        tiles under the latter, frees those on green areas and buries the rest; every
        other tile of the board, the hands and the stacks goes to a pool that is sorted
        by id and shuffled with the seed and round, so only the pool's tiles count, not
        where they were.  Doors all go home, and the turn record is replaced: neither is
        read, which is why a door action that ends the turn collapses to what ``end``
        does (it changes no key: the position obeys K1, see the module docstring).  The
        keys before the collapse (K5), zones, round, last round, the player ending the
        turn and the game's fixed parameters are kept as they are."""
        T = self.T
        spot0 = T.spot0
        hid = self.hid
        tile = self.tile
        kept_cells: set[int] = set()
        players = []
        for p in range(self.n):
            safe = []
            green = 0
            where = self.where[p]
            for s in where:
                if s >= spot0:
                    if hid[s]:
                        safe.append(s)
                        kept_cells.add((s - spot0) // 3)
                elif s > 0:
                    green += 1
                else:
                    safe.append(0)
            safe.sort()
            players.append((tuple(safe), green, len(where), self.freed[p], self.dead[p], self.key_[p]))
        pool = [t for c, t in enumerate(tile) if t >= 0 and c not in kept_cells]
        for hand in self.hand:
            pool += hand
        for stack in self.stacks:
            pool += stack
        pool.sort()
        kept = tuple([(c, tile[c], self.rot[c]) for c in sorted(kept_cells)])
        return (tuple(players), kept, tuple(pool), tuple(self.zone_owner), self.player, self.round,
                self.last_round, self.ranking, self.seed, self.solo, self.target, self.discovery,
                self.advanced, self.out, self.colours)

    # ------------------------------------------------------------------ turn structure

    def _phase_two(self) -> None:
        """A skipped phase 1 counts as phase 2 for what follows (N1, N5)."""
        if self.phase == 1:
            self.phase = 2

    def _ends_turn(self, kind: int) -> bool:
        """Whether a move of ``kind`` (legal now) would end the turn by itself."""
        if kind == END:
            return True
        if kind == STEP:
            return self.steps() + 1 >= STEP_BUDGET and (self.tile_action if self.advanced else True)
        if kind in (DOOR, MOVEDOOR):
            return self.tile_action if self.advanced else True
        if PLACE <= kind <= ROTATE:
            return self.advanced and (self.door_action or self.steps() >= STEP_BUDGET)
        return False

    def _turn_done(self) -> bool:
        """Whether the turn is over by its own record (N4, V2): ``engine._maybe_end_turn``'s test."""
        if self.phase == 1:
            return False
        if self.advanced:
            return self.tile_action and (self.door_action or self.steps() >= STEP_BUDGET)
        return self.phase == 3 and (self.door_action or self.steps() >= STEP_BUDGET)

    def _maybe_end_turn(self) -> None:
        if self._turn_done():
            self._end_turn()

    def _end_turn(self) -> None:
        """Next player (in a puzzle the same one, Q2), phase 1 (or 2 for a player holding 3 tiles
        or facing empty stacks, N1, N5).
        Never called with round_ends set: that turn end goes to the referee (E2, E3)."""
        # Q2: in a puzzle the others pass, so the goal's player moves again.
        self.player = nxt = self.solo if self.solo >= 0 else (self.player + 1) % self.n
        s = self.stacks
        self.phase = 2 if len(self.hand[nxt]) >= 3 or not (s[0] or s[1] or s[2]) else 1
        self.moved = ()
        self.nsteps = 0
        self.hm = 0
        self.tile_action = self.door_action = self.round_ends = False

    def turn_ended(self, kind: int, player: int, rnd: int) -> bool:
        """Whether the move of ``kind`` just made (by ``player`` in round ``rnd``) ended
        the turn: exactly :func:`sectionx.games.sectionx.engine.turn_ended`.  In a real game the player
        to move changes; in a puzzle (Q2) the same player moves again, and a new turn is
        known by its fresh record (phase 1, or 2 when phase 1 is skipped, N1, N5, with
        nothing done), which no move but ``take`` leaves."""
        if self.ranking or self.round != rnd or self.player != player:
            return True
        return (kind != TAKE and self.phase <= 2 and not self.moved and not self.tile_action
                and not self.door_action and not self.round_ends)

    # ------------------------------------------------------------------ make / unmake

    def make(self, move: CoreMove) -> tuple[Any, ...]:
        """Carry out a legal move; returns the record ``unmake`` needs to take it back.

        The move must be legal (from :func:`sectionx.games.sectionx.solver.movegen.legal_moves` or
        checked by the engine): the core does not check legality.
        """
        if self.ranking:
            raise CoreError("the game is over")
        kind = move[0]
        if kind == REFEREE or (self.round_ends and self._ends_turn(move[1][0] if kind == KEEP else kind)):
            return self._referee(move)
        saved = (self.h, self.hm, self.ht, self.player, self.phase, self.moved,
                 self.tile_action, self.door_action, self.round_ends, self.nsteps)
        if kind == STEP:
            return self._make_step(move, saved)
        if kind == TAKE:
            return self._make_take(move, saved)
        if PLACE <= kind <= ROTATE:
            return self._make_tile(move, saved, ())
        if kind == KEEP:
            return self._make_tile(move[1], saved, move[2])
        if kind == END:
            self._phase_two()
            self._end_turn()
            self.ht = self._turn_hash()
            return (END, saved)
        if kind == PASS:
            self._phase_two()
            self.phase = 3
            self.ht = self._turn_hash()
            return (PASS, saved)
        if kind in (DOOR, MOVEDOOR):
            return self._make_door(move, saved)
        raise CoreError(f"unknown move {move!r}")

    def unmake(self, undo: tuple[Any, ...]) -> None:
        """Take back the move whose record ``make`` returned (the last one not yet taken back)."""
        kind = undo[0]
        if kind == _SNAPSHOT:
            self._restore(undo[1])
            return
        saved = undo[-1]
        if kind == STEP:
            self._unmake_step(undo)
        elif kind == TAKE:
            i, t = undo[1], undo[2]
            self.hand[saved[3]].pop()
            self.stacks[i].append(t)
        elif PLACE <= kind <= ROTATE:
            self._unmake_tile(undo)
        elif kind == DOOR:
            s = undo[1]
            self.door[s] = -1
            self.doors[saved[3]].pop()
        elif kind == MOVEDOOR:
            src, dst, i = undo[1], undo[2], undo[3]
            p = saved[3]
            self.door[dst] = -1
            self.door[src] = p
            self.doors[p][i] = src
        (self.h, self.hm, self.ht, self.player, self.phase, self.moved,
         self.tile_action, self.door_action, self.round_ends, self.nsteps) = saved

    # -- take (N1)

    def _make_take(self, move: CoreMove, saved: tuple[Any, ...]) -> tuple[Any, ...]:
        T = self.T
        i = move[1]
        stack = self.stacks[i]
        t = stack.pop()
        ncls = T.nclasses
        k = T.tile_class[t]
        h = self.h ^ T.z_stack[i][len(stack) * ncls + k]
        me = self.player
        hand = self.hand[me]
        same = sum(1 for u in hand if T.tile_class[u] == k)
        zh = T.z_hand[me]
        self.h = h ^ zh[k * 4 + same] ^ zh[k * 4 + same + 1]
        hand.append(t)
        self.phase = 2
        s = self.stacks
        if not (s[0] or s[1] or s[2]):
            self.round_ends = True  # E2: the round ends after this turn
        self.ht = self._turn_hash()
        return (TAKE, i, t, saved)

    # -- tile actions (N2, P1-P3, N3, D3, D4)

    def _make_tile(self, move: CoreMove, saved: tuple[Any, ...], keep: tuple[int, ...]) -> tuple[Any, ...]:
        """A tile action; ``keep`` is the priority list that settles tied fights (D4, D7)."""
        self._phase_two()
        change, changed, inverse = self._tile_change(move)
        lost: tuple[Any, ...] = ()
        fights = self._fights(changed) if sum(1 for d in self.doors if d) >= 2 else []
        if fights or keep:
            records = self._fight_records(move, change, saved[0], saved[5], fights, inverse) if fights else []
            settled = settle(records, keep)
            if isinstance(settled, str):
                self._revert_change(change)
                (self.h, self.hm, self.ht, self.player, self.phase, self.moved,
                 self.tile_action, self.door_action, self.round_ends, self.nsteps) = saved
                raise (TieError if settled == "tie" else CoreError)(
                    f"{action_of(self.T, move)}: {settled} (D4, D7)")
            # A door in two fight records is sent home once, as the referee removes
            # the set of losers (D4).  The lists are kept whole for unmake: a later
            # unmake of a door move finds its door by index, so the lost doors must
            # come back where they stood, not at the end (found by issue 29's unseen set).
            lost = (tuple(dict.fromkeys(settled)), tuple(tuple(d) for d in self.doors))
            zd = self.T.z_door
            for p, s in lost[0]:
                self.door[s] = -1
                self.doors[p].remove(s)
                self.h ^= zd[p][self.pkey(s)]
        self.hm = self._moved_hash() if self.moved else 0
        self.tile_action = True
        if not self.advanced:
            self.phase = 3
        self._maybe_end_turn()
        self.ht = self._turn_hash()
        return (*change, lost, saved)

    def fight_ties(self, move: CoreMove) -> list[tuple[int, ...]]:
        """The tied groups of players (seat order) in the fights a tile move starts, in the
        engine's order; empty when nothing needs a 'keep' choice (D4, D7).  Leaves the
        position as it was."""
        h0, moved0 = self.h, self.moved
        change, changed, inverse = self._tile_change(move)
        ties = []
        if sum(1 for d in self.doors if d) >= 2:
            fights = self._fights(changed)
            if fights:
                records = self._fight_records(move, change, h0, moved0, fights, inverse)
                ties = [tied for tied, _ in records if len(tied) > 1]
        self._revert_change(change)
        self.h, self.moved = h0, moved0
        return ties

    def _tile_change(self, move: CoreMove) -> tuple[tuple[Any, ...], tuple[int, ...], dict[int, int]]:
        """Lay, move, swap or turn the tile (riders and doors travel along, N2).

        Returns what ``_revert_change`` needs, the cells whose tile changed, and
        where each changed cell's tile was before (for D4's lengths before)."""
        T = self.T
        kind = move[0]
        if kind == PLACE:
            _, t, c, r = move
            me = self.player
            hand = self.hand[me]
            idx = hand.index(t)
            k = T.tile_class[t]
            same = sum(1 for u in hand if T.tile_class[u] == k)
            zh = T.z_hand[me]
            self.h ^= zh[k * 4 + same] ^ zh[k * 4 + same - 1]
            del hand[idx]
            self._put(c, t, T.tile_types[t].canon[0][r], [])
            return (PLACE, t, c, idx, me), (c,), {}
        if kind == MOVE:
            _, src, dst, r = move
            old = self.rot[src]
            occ = self.occupied(src)
            t, carried = self._lift(src)
            self._put(dst, t, T.tile_types[t].canon[occ][r], carried)
            if carried:
                self._relocate({src: dst}, [carried])
            return (MOVE, src, dst, old), (dst,), {dst: src}
        if kind == SWAP:
            _, a, ra, b, rb = move
            old_a, old_b = self.rot[a], self.rot[b]
            occ_a, occ_b = self.occupied(a), self.occupied(b)
            ta, ca = self._lift(a)
            tb, cb = self._lift(b)
            self._put(a, tb, T.tile_types[tb].canon[occ_b][ra], cb)
            self._put(b, ta, T.tile_types[ta].canon[occ_a][rb], ca)
            if ca or cb:
                self._relocate({a: b, b: a}, [ca, cb])
            return (SWAP, a, b, old_a, old_b), (a, b), {a: b, b: a}
        _, c, r = move
        old = self.rot[c]
        occ = self.occupied(c)
        t, carried = self._lift(c)
        self._put(c, t, T.tile_types[t].canon[occ][r], carried)
        return (ROTATE, c, old), (c,), {}

    def _revert_change(self, change: tuple[Any, ...]) -> None:
        """Undo ``_tile_change`` (all but the hash and the turn record, which the caller restores)."""
        kind = change[0]
        if kind == PLACE:
            _, t, c, idx, me = change
            self.tile[c] = -1
            self._unconstrain(c)
            self.adj = {}
            self.hand[me].insert(idx, t)
        elif kind == MOVE:
            _, src, dst, old = change
            t, carried = self._lift(dst)
            self._put(src, t, old, carried)
            if carried:
                self._relocate({dst: src}, [carried])
        elif kind == SWAP:
            _, a, b, old_a, old_b = change
            tb, cb = self._lift(a)
            ta, ca = self._lift(b)
            self._put(a, ta, old_a, ca)
            self._put(b, tb, old_b, cb)
            if ca or cb:
                self._relocate({a: b, b: a}, [ca, cb])
        else:
            _, c, old = change
            t, carried = self._lift(c)
            self._put(c, t, old, carried)

    def _unmake_tile(self, undo: tuple[Any, ...]) -> None:
        lost = undo[-2]
        if lost:
            for p, s in lost[0]:
                self.door[s] = p
            for p, d in enumerate(lost[1]):
                self.doors[p][:] = d
        self._revert_change(undo[:-2])

    def _fight_records(self, move: CoreMove, change: tuple[Any, ...], h0: int, moved0: tuple[Any, ...], fights: list[list[int]],
                       inverse: dict[int, int]) -> list[tuple[tuple[int, ...], list[tuple[int, int]]]]:
        """For each tunnel fight, in the engine's order (by the tunnel's first spot):
        the players tied for the longest tunnel before the action (one: a clear winner),
        and the doors (player, spot) in the joined tunnel (D4, D6).

        A door on a moved tile counts the tunnel it came from; a player with doors in
        several of the joined tunnels counts the longest (D6)."""
        T = self.T
        spot0 = T.spot0
        doors = [[(self.door[s], s) for s in tunnel if self.door[s] >= 0] for tunnel in fights]
        order = [min((T.cells[(s - spot0) // 3], (s - spot0) % 3) for s in tunnel) for tunnel in fights]

        def before(s: int) -> int:
            c = (s - spot0) // 3
            return s + 3 * (inverse.get(c, c) - c)

        # The lengths before the action: take it back, measure, and do it again.
        self._revert_change(change)
        self.h, self.moved = h0, moved0
        length = {}
        for group in doors:
            for _, s in group:
                b = before(s)
                if b not in length:
                    length[b] = len({(x - spot0) // 3 for x in self._tunnel(b)})
        self._tile_change(move)
        records = []
        for _, group in sorted(zip(order, doors)):
            best: dict[int, int] = {}
            for p, s in group:
                best[p] = max(best.get(p, 0), length[before(s)])
            top = max(best.values())
            records.append((tuple(sorted(p for p, n in best.items() if n == top)), group))
        return records

    # -- steps (M2-M5, Z1, K1, K2, K4, E1, E4)

    def _step_ends_round(self, move: CoreMove) -> bool:
        """Whether the step ``move`` reaches a green area and so ends the round by a
        discovery (E1) or the game by the target (E4)."""
        dst = move[2]
        me = self.player
        return 0 < dst < self.T.spot0 and (self.freed[me] + self.greens[me] + 1 >= self.target
                                           or self.greens[me] + 1 >= self.discovery)

    def _make_step(self, move: CoreMove, saved: tuple[Any, ...], end: bool = True) -> tuple[Any, ...]:
        """A step (M2-M5) with its zone claim, key and hand-in (Z1, K1, K2, K4), then the
        end of the turn when it was the last step (N4); with ``end=False`` the turn is
        left open (for ``_referee``, which reads the collapse key there)."""
        _, src, dst, handin = move
        T = self.T
        me = self.player
        # Onto a green area: a step that ends the round (E1) or the game (E4) goes to the referee.
        if self._step_ends_round(move):
            return self._referee(move)
        self._phase_two()
        used = self.steps_used(me, src)
        moved = self.moved
        zm = T.z_moved
        hm = self.hm
        if used:
            c = moved.count((src, used))
            i = ((self.pk[src] * 3 + used) * MAX_COUNT) + c
            hm ^= zm[i] ^ zm[i - 1]
            rest = list(moved)
            rest.remove((src, used))
            moved = tuple(rest)
        c = moved.count((dst, used + 1))
        i = ((self.pk[dst] * 3 + used + 1) * MAX_COUNT) + c
        self.hm = hm ^ zm[i] ^ zm[i + 1]  # the turn record's hash, count by count
        self.moved = (*moved, (dst, used + 1))
        self.nsteps += 1
        at = self._shift(me, src, dst)
        claimed = -1
        if 0 < dst < T.spot0:
            z = T.zone_of_green[dst - 1]
            if self.zone_owner[z] < 0:
                self.zone_owner[z] = me  # Z1: the first prisoner claims the zone
                self.h ^= T.z_zone[z * 4 + me]
                claimed = z
        had_key = self.key_[me]
        if had_key and dst < T.spot0:
            self.key_[me] = False  # K2: a prisoner reached the island or a green area
            self.h ^= T.z_key[me]
        handed = -1
        if not self.key_[me] and self.qualifies(me):
            if self.doors_in_hand(me) <= 0:
                # K1: both doors are on the board; the move names the one handed in.
                if handin < 0:
                    self.unmake((STEP, src, dst, claimed, had_key, -1, 0, at, saved))
                    raise CoreError("this step gains the master key with both doors on the board: name the door (K1)")
                handed = self.doors[me].index(handin)
                del self.doors[me][handed]
                self.door[handin] = -1
                self.h ^= T.z_door[me][self.pkey(handin)]
            self.key_[me] = True  # K1 (and K4: lost and regained in one step)
            self.h ^= T.z_key[me]
        if end:
            self._maybe_end_turn()
        self.ht = self._turn_hash()
        return (STEP, src, dst, claimed, had_key, handin if handed >= 0 else -1, handed, at, saved)

    def _unmake_step(self, undo: tuple[Any, ...]) -> None:
        _, src, dst, claimed, had_key, handin, handed, at, saved = undo
        me = saved[3]
        if handin >= 0:
            self.doors[me].insert(handed, handin)
            self.door[handin] = me
        self.key_[me] = had_key
        if claimed >= 0:
            self.zone_owner[claimed] = -1
        self._walk(me, dst, src, at)

    # -- doors (D2, D5, N4)

    def _make_door(self, move: CoreMove, saved: tuple[Any, ...]) -> tuple[Any, ...]:
        T = self.T
        me = self.player
        self._phase_two()
        zd = T.z_door[me]
        if move[0] == DOOR:
            s = move[1]
            self.door[s] = me
            self.doors[me].append(s)
            self.h ^= zd[self.pkey(s)]
            undo: tuple[Any, ...] = (DOOR, s, saved)
        else:
            _, src, dst = move
            i = self.doors[me].index(src)
            self.doors[me][i] = dst
            self.door[src] = -1
            self.door[dst] = me
            self.h ^= zd[self.pkey(src)] ^ zd[self.pkey(dst)]
            undo = (MOVEDOOR, src, dst, i, saved)
        self.door_action = True
        self._maybe_end_turn()
        self.ht = self._turn_hash()
        return undo


__all__ = [
    "ACT_PHASE", "DOOR", "END", "FREE_PHASE", "KEEP", "MOVE", "MOVEDOOR", "OVER", "PASS", "PLACE", "REFEREE", "ROTATE",
    "STEP", "STEPS_PER_PRISONER", "STEP_BUDGET", "SWAP", "TAKE", "TAKE_PHASE", "TILE_PHASE", "CoreError", "Position",
    "TieError", "action_of", "keep_options", "move_of",
]
