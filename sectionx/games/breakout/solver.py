"""Breakout puzzles proved (BQ1): "escape within N of my turns whatever the opponent does".

The question, for the player to move (the *solver's side*, S): can S make sure that
one of S's figures escapes before S's turn number N + 1 comes, however the other
player answers?  An escape on the other player's push counts (B6: a push that gives
only S a rope frees S's figure) and is counted with the turns S has had by then.
The other player escaping, the stalemate draw (B7) or the game ending otherwise are
failures for S.  A turn is a push or a forced pass (B3).  The single-player variant
(BQ1's second goal) is the same question with the other player passing every turn.

The search is an AND/OR tree over whole turns, depth-first with iterative deepening
on N, so the first N that is proved is the minimum, and every smaller N has been
proved impossible.  Three things make it fast, and none can change an answer:

* **transposition table**: a position's outcome depends only on the wall, who is to
  move, the B4 bar, the B7 count and, while B9 could still start that count within
  the turns left, the break-out's turn count (hands follow from the wall within a
  break-out: 13 minus the knots in it), so a result for that key and a number of
  turns left is reused.  A proof "S wins within k" holds for every k' >= k; "S
  cannot within k" for every k' <= k.  A key without the turn count is used only
  where B9 cannot act within the turns left (at most 2k + 1 turns), so two
  positions that share it have the same future within those turns;
* **mirror symmetry**: the rules do not tell left from right, so a position and its
  mirror (every row reversed, the bar's side swapped) have the same outcome; the key
  is the smaller of the two;
* **a lower bound**: each of S's pushes puts one knot into one row, and nothing else
  ever adds a knot of S's to a row; a rope needs a knot of S's in every row (B5).  So
  S needs at least as many more turns as there are rows without a knot of S's; with
  fewer turns left the branch is cut.  (An escape granted on the other's push also
  needs a rope of S's knots, already in every row.)

Inside the search a position is the core's (:mod:`.core`): the wall as two bit
masks, a push a few shifts, a rope a flood fill of bits, no frozen positions or
events in words, six times faster than going through the referee for the same
positions expanded; the tests play every push of random positions both ways.

:func:`reference` answers the same question by plain minimax over the referee, with
none of the three; the tests compare them on small walls.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .core import GOES_ON, Core, State, code
from .rules import LONG_TURNS, PASS, PLAYERS, Action, Player, Position, apply, forced_pass, legal_actions

#: Most turns of S's a search looks at (a limit, not a guess: beyond it the answer is "unknown").
MAX_TURNS = 30


@dataclass(frozen=True)
class Answer:
    """The proved minimum, or None if S cannot escape within ``limit`` turns (proved);
    ``complete`` is False when the node limit stopped the search first (then nothing
    beyond ``proved_none_below`` is known)."""

    turns: int | None
    first: tuple[Action, ...]
    line: tuple[Action, ...]
    limit: int
    complete: bool
    proved_none_below: int
    nodes: int


class _Stop(Exception):
    pass


def _outcome(before: Position, after: Position, me: Player) -> bool | None:
    """True if S escaped with this turn, False if the turn lost S the break-out (the
    other escaped, a draw, the game over), None if play goes on."""
    if after.escapes(me) > before.escapes(me):
        return True
    if after.over or after.breakout != before.breakout:
        return False
    return None


def rows_missing(pos: Position, me: Player) -> int:
    """Rows with no knot of ``me``: a lower bound on ``me``'s turns to a rope (module docstring)."""
    return sum(all(f is not me for f in row) for row in pos.rows)


@dataclass
class _Search:
    """The AND/OR search of the module docstring.  Its questions take the referee's
    positions (:meth:`win`, :meth:`after_mine`); inside, positions are the core's
    (:mod:`.core`: bit masks, no events), which plays pushes as the referee does
    (the tests compare them push by push)."""

    me: Player
    solo: bool
    node_limit: int
    deadline: float | None = None  # time.monotonic() past which the search gives up (--time)
    nodes: int = 0
    wins: dict[tuple[object, ...], int] = field(default_factory=dict)  # key -> least k known to win
    fails: dict[tuple[object, ...], int] = field(default_factory=dict)  # key -> most k known to fail
    core: Core | None = None

    def __post_init__(self) -> None:
        self._me = PLAYERS.index(self.me)

    def my_moves(self, pos: Position) -> list[Action]:
        return legal_actions(pos)

    def their_moves(self, pos: Position) -> list[Action]:
        return [PASS] if self.solo else legal_actions(pos)

    def _core(self, pos: Position) -> Core:
        if self.core is None or self.core.wall != pos.wall:
            self.core = Core(pos.wall)
            self.wins.clear()
            self.fails.clear()
        return self.core

    def win(self, pos: Position, k: int) -> bool:
        """S to move with ``k`` turns left: can S force an escape?"""
        if pos.over:
            return False
        core = self._core(pos)
        return self._win(core, core.state(pos), k)

    def after_mine(self, pos: Position, action: Action, k: int) -> bool:
        """S plays ``action`` (legal) with ``k`` turns left: does S then escape within them?"""
        if pos.over:
            return False
        core = self._core(pos)
        return self._after(core, core.state(pos), code(action), k)

    def _key(self, core: Core, s: State, k: int) -> tuple[object, ...]:
        """The table's key for ``s`` with ``k`` of S's turns left (module docstring).

        The break-out's turn count is in it only while B9 could still start B7's count
        within the turns left (each of S's turns and the other's answer: at most 2k + 1
        turns); otherwise two positions that differ only in it have the same future
        within k, and the same key.  A position and its mirror share one key."""
        ym, bm, mover, barred, stalemate, turns = s
        near = stalemate < 0 and turns + 2 * k + 1 >= LONG_TURNS
        t = turns if near else -1
        plain = (ym, bm, mover, barred, stalemate, t)
        mirror = (core.mirror(ym), core.mirror(bm), mover, core.mirror_push(barred), stalemate, t)
        return min(plain, mirror)

    def _win(self, core: Core, s: State, k: int) -> bool:
        me = self._me
        if k <= 0:
            return False
        missing = core.missing(s[me])
        if missing > k:
            return False
        key = self._key(core, s, k)
        if self.wins.get(key, MAX_TURNS + 1) <= k:
            return True
        if self.fails.get(key, -1) >= k:
            return False
        self.nodes += 1
        if self.nodes > self.node_limit or (
                self.deadline is not None and self.nodes % 256 == 0 and time.monotonic() > self.deadline):
            raise _Stop
        # With as many rows missing as turns left, only a push into such a row can
        # still win: after any other push S misses as many rows with a turn fewer, so
        # no rope of S's can come on the other's answer either (the bound's own
        # argument), and the bound cuts every answer.  Skipping those pushes expands
        # the same positions.
        pushes = core.pushes_into_missing(s, me) if missing == k else core.pushes(s)
        if k == 1:
            pushes = self._last_pushes(core, s, pushes)
        for c in pushes:
            if self._after(core, s, c, k):
                self.wins[key] = min(k, self.wins.get(key, MAX_TURNS + 1))
                return True
        self.fails[key] = max(k, self.fails.get(key, -1))
        return False

    def _last_pushes(self, core: Core, s: State, pushes: list[int]) -> list[int]:
        """Of S's ``pushes`` in S's last turn, those that may still win (the others
        are proved to fail, without playing them).

        A push into row ``r`` changes S's knots in that row only, so it can give S a
        rope only if S's knots with row ``r`` filled hold one (a rope only grows with
        more knots).  Without a rope of S's the push can still win only if *every*
        answer then gives S one (S has no turn left); an answer that changes none of
        S's knots cannot, and a push into a row whose end field is empty changes none
        (it only lays the other's knot there).  Every row but ``r`` is as it was, the
        B4 bar S's push may set lies in row ``r``, and an other player without a knot
        passes (the passing opponent of BQ1's second goal always does), which changes
        nothing either.  So the push fails when another row has an empty end."""
        me = self._me
        mine = s[me]
        rows = core.rows
        ends = core.open_rows(s[0] | s[1])
        out = []
        hopeful = -1  # the rows worth a push (bit r), worked out once a row
        for c in pushes:
            if c < 0:
                out.append(c)
                continue
            if hopeful < 0:
                hopeful = sum(1 << i for i, row in enumerate(rows) if not ends & ~row or core.rope(mine | row))
            if hopeful >> (c >> 1) & 1:
                out.append(c)
        return out

    def _after(self, core: Core, s: State, c: int, k: int) -> bool:
        nxt, result = core.play(s, c)
        if result != GOES_ON:
            return result == self._me  # S escaped; the other's escape or a draw fails
        return self._hold(core, nxt, k - 1)

    def _hold(self, core: Core, s: State, k: int) -> bool:
        """The other player to move, S with ``k`` turns left after it: does S win
        against every answer?"""
        me = self._me
        if core.missing(s[me]) > k:
            # The other's pushes never add a knot of S's, so after any answer the bound
            # cuts (and S, missing a row, has no rope to be given): the first answer
            # refutes, without a position expanded.
            return False
        if k == 0 and (self.solo or core.neutral_answer(s)):
            # S has no turn left and no rope (play went on): only an answer that gives
            # S one could win, and the other has one that changes none of S's knots
            # (a pass, or a push into an empty end field: _last_pushes).
            return False
        for c in [-1] if self.solo else core.pushes(s):
            nxt, result = core.play(s, c)
            if result == me:
                continue  # the other's push gave S the rope (B6)
            if result != GOES_ON or not self._win(core, nxt, k):
                return False
        return True

    def first_moves(self, pos: Position, k: int) -> tuple[Action, ...]:
        return tuple(a for a in self.my_moves(pos) if self.after_mine(pos, a, k))

    def line(self, pos: Position, k: int) -> tuple[Action, ...]:
        """A main line: S's first winning push, the other's answer that keeps S longest
        from escaping, and so on, to the escape."""
        out: list[Action] = []
        while k > 0 and not pos.over:
            mine = next((a for a in self.my_moves(pos) if self.after_mine(pos, a, k)), None)
            if mine is None:
                break
            out.append(mine)
            pos2 = apply(pos, mine)
            if _outcome(pos, pos2, self.me) is not None:
                break
            best: tuple[int, Action, Position] | None = None
            for a in self.their_moves(pos2):
                nxt = forced_pass(pos2) if self.solo else apply(pos2, a)
                # S's push won within k, so after any answer S wins within k - 1 turns.
                need = 0 if _outcome(pos2, nxt, self.me) is True else next(j for j in range(1, k) if self.win(nxt, j))
                if best is None or need > best[0]:
                    best = (need, a, nxt)
            assert best is not None
            out.append(best[1])
            if best[0] == 0:
                break
            pos, k = best[2], best[0]
        return tuple(out)


def solve(pos: Position, limit: int = 6, *, solo: bool = False, node_limit: int = 2_000_000,
          seconds: float | None = None, on_depth: Callable[[int, int], None] | None = None) -> Answer:
    """The least number of turns (at most ``limit``) in which the player to move can
    force an escape, with the winning first pushes and a main line; or None, proved,
    if there is none within ``limit``.  ``node_limit`` bounds the work: reached, the
    answer is incomplete and says up to which N none was proved; so does ``seconds``
    (``--time``), checked every 256 nodes.  ``on_depth(k, nodes)`` is told before
    each N = k is tried (every smaller N proved impossible), for a progress line."""
    if not 1 <= limit <= MAX_TURNS:
        raise ValueError(f"limit must be 1 to {MAX_TURNS} turns")
    search = _Search(pos.to_move, solo, node_limit, None if seconds is None else time.monotonic() + seconds)
    proved_none = 0
    try:
        for k in range(1, limit + 1):
            if on_depth is not None:
                on_depth(k, search.nodes)
            if search.win(pos, k):
                # Proved: the winning first pushes and a line are bookkeeping on top of the
                # proof, so the limits no longer apply (a proof is never reported as unknown).
                search.node_limit, search.deadline = sys.maxsize, None
                return Answer(k, search.first_moves(pos, k), search.line(pos, k), limit, True, k - 1, search.nodes)
            proved_none = k
    except _Stop:
        return Answer(None, (), (), limit, False, proved_none, search.nodes)
    return Answer(None, (), (), limit, True, limit, search.nodes)


def reference(pos: Position, k: int, me: Player | None = None, *, solo: bool = False) -> bool:
    """Plain minimax over the referee: can the player to move (``me``) force an escape
    within ``k`` turns?  No table, no symmetry, no bound: for tests on small walls."""
    me = me or pos.to_move
    if k <= 0 or pos.over:
        return False
    for a in legal_actions(pos):
        nxt = apply(pos, a)
        done = _outcome(pos, nxt, me)
        if done is True:
            return True
        if done is False:
            continue
        ok = True
        for b in ([PASS] if solo else legal_actions(nxt)):
            after = forced_pass(nxt) if solo else apply(nxt, b)
            d2 = _outcome(nxt, after, me)
            if d2 is False or (d2 is None and not reference(after, k - 1, me, solo=solo)):
                ok = False
                break
        if ok:
            return True
    return False


#: The search itself, for what builds on a proof (:mod:`.answers`: every defence
#: answered, uniqueness): ``Search(me, solo, node_limit)``, its ``win(pos, k)``
#: and ``after_mine(pos, push, k)``; ``Stopped`` when its node limit is reached;
#: ``outcome(before, after, me)`` whether a turn escaped, failed or goes on.
Search = _Search
Stopped = _Stop
outcome = _outcome

__all__ = ["MAX_TURNS", "Answer", "Search", "Stopped", "outcome", "reference", "rows_missing", "solve"]
