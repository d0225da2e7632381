"""The solver's own Breakout positions: the wall as two bit masks, for speed.

The referee (:mod:`.rules`) makes a new frozen :class:`~.rules.Position` for every
push, with its events in words; the solver tries tens of thousands of pushes a
puzzle and needs none of that.  Here a position is a tuple of small ints:

    (yellow, blue, mover, barred, stalemate, turns)

``yellow`` and ``blue`` are bit masks of the wall, field ``c`` (1-based, from the
left) of row ``r`` (1-based, from the bottom) at bit ``(r - 1) * W + (c - 1)``;
``mover`` is 0 for yellow, 1 for blue; ``barred`` the push B4 forbids
(:func:`code` of it) or -1; ``stalemate`` B7's count or -1 before it starts; ``turns``
the turns of the break-out (B9).  Hands follow from the wall (13 minus a colour's
knots, B1): within a break-out every knot is in the wall or its owner's hand.

:class:`Core` plays a push as the referee does (B2 to B9, the same order of checks:
the pusher's rope first, B6) and says whether it escaped, for whom, or drew.  The
tests play every legal push of random positions both ways and compare.
"""

from __future__ import annotations

from . import rules
from .rules import KNOTS, PASS, PLAYERS, Action, Player, Position, Side, Wall

State = tuple[int, int, int, int, int, int]
#: What a turn led to: play goes on, a player escaped (0 yellow, 1 blue), or a draw (B7, B9).
GOES_ON, DRAW = -1, 2
#: Most masks whose rope answer a core keeps (about 100 MB at the most).
ROPE_TABLE = 1 << 20


def code(action: Action) -> int:
    """A push as a small int (``2 * (row - 1) + side``, side 0 left, 1 right); -1 a pass."""
    return -1 if action.is_pass else 2 * (action.row - 1) + (action.side is Side.RIGHT)


class Core:
    """Pushes and ropes on a wall of one size (BW3)."""

    def __init__(self, wall: Wall):
        self.wall = wall
        # The referee's numbers, read when a core is made (the tests shrink B9's for a search).
        self.long_turns, self.stalemate_turns = rules.LONG_TURNS, rules.STALEMATE_TURNS
        w, r = wall.fields, wall.rows
        self.full = (1 << w) - 1
        self.rows = tuple(self.full << (i * w) for i in range(r))
        left = sum(1 << (i * w) for i in range(r))  # field 1 of every row
        self.everything = (1 << (w * r)) - 1
        self.not_first = self.everything & ~left
        self.not_last = self.everything & ~(left << (w - 1))
        self.actions = tuple(Action(i // 2 + 1, Side.RIGHT if i % 2 else Side.LEFT) for i in range(2 * r))
        # Every row's bits reversed, for the mirror (no rule tells left from right).
        self.reverse = tuple(int(f"{b:0{w}b}"[::-1], 2) for b in range(1 << w)) if w <= 12 else ()
        self._w, self._w2 = w, 2 * w
        self._rows: dict[int, tuple[int, int, bool]] = {}  # row_push's table, filled as rows are met
        self._ropes: dict[int, bool] = {}  # rope's answers for masks flooded so far
        self._pushed: dict[int, tuple[int, int, int]] = {}  # play's rows after a push, kept
        self._shift = tuple((c >> 1) * w for c in range(2 * r))
        self._clear = tuple(~(self.full << ((c >> 1) * w)) for c in range(2 * r))
        self._mirrors: dict[int, int] = {}  # mirror's answers
        self._left, self._right = left, left << (w - 1)  # field 1, and field W, of every row
        # Shifts that fold a row's W bits onto its field 1 (missing): 1, 2, 4, ... and
        # a last one that makes the span W exactly, so no bit of the next row comes in.
        spread, span = [], 1
        while 2 * span <= w:
            spread.append(span)
            span *= 2
        if span < w:
            spread.append(w - span)
        self._spread = tuple(spread)

    # ------------------------------------------------------------------ conversion

    def state(self, pos: Position) -> State:
        """``pos`` as a core position (its wall's size must be this core's)."""
        w = self.wall.fields
        masks = [0, 0]
        for r, row in enumerate(pos.rows):
            for c, f in enumerate(row):
                if f is not None:
                    masks[PLAYERS.index(f)] |= 1 << (r * w + c)
        barred = -1 if pos.barred is None else code(pos.barred)
        stalemate = -1 if pos.stalemate is None else pos.stalemate
        return (masks[0], masks[1], PLAYERS.index(pos.to_move), barred, stalemate, pos.turns)

    def action(self, c: int) -> Action:
        return PASS if c < 0 else self.actions[c]

    # ------------------------------------------------------------------ the rules

    def hand(self, s: State, player: int) -> int:
        return KNOTS - s[player].bit_count()

    def pushes(self, s: State) -> list[int]:
        """What the mover may play, as :func:`.rules.legal_actions` lists it: every push
        but the barred one (B4), or a pass with no knot in hand (B3)."""
        if self.hand(s, s[2]) == 0:
            return [-1]
        return [c for c in range(2 * self.wall.rows) if c != s[3]]

    def pushes_into_missing(self, s: State, player: int) -> list[int]:
        """Of :meth:`pushes`, those into a row without a knot of ``player``'s (all of
        them when the mover has no knot in hand: the pass)."""
        if self.hand(s, s[2]) == 0:
            return [-1]
        m = s[player]
        return [c for c in range(2 * self.wall.rows) if c != s[3] and not m & self.rows[c >> 1]]

    def open_rows(self, occupied: int) -> int:
        """The rows with an empty field at one end or both, of the wall whose
        occupied fields are ``occupied``: as a mask holding field 1 of each such row."""
        free = ~occupied
        return (self._left & free) | ((self._right & free) >> (self.wall.fields - 1))

    def neutral_answer(self, s: State) -> bool:
        """Whether the mover has an answer that changes no knot of the other's: a pass
        (no knot in hand) or a legal push into an empty end field, which only lays
        the mover's knot there (B2)."""
        if self.hand(s, s[2]) == 0:
            return True
        free = ~(s[0] | s[1])
        ends = (self._left & free).bit_count() + (self._right & free).bit_count()
        barred = s[3]
        if barred >= 0:
            r, right = barred >> 1, barred & 1
            ends -= free >> (r * self.wall.fields + (self.wall.fields - 1 if right else 0)) & 1
        return ends > 0

    def rows_missing(self, s: State, player: int) -> int:
        """Rows with no knot of ``player``: a lower bound on their turns to a rope."""
        m = s[player]
        return sum(1 for row in self.rows if not m & row)

    def rope(self, m: int) -> bool:
        """Whether the knots of mask ``m`` join row 1 to the top row (B5).  A mask
        without a knot in every row has none (folded as :meth:`missing` folds it);
        the others are flooded once and the answer kept (a search meets the same
        masks again and again; the table is emptied when it grows large)."""
        f = m
        for d in self._spread:
            f |= f >> d
        if self._left & ~f:
            return False
        got = self._ropes.get(m)
        if got is None:
            if len(self._ropes) >= ROPE_TABLE:
                self._ropes.clear()
            got = self._ropes[m] = self._flood(m)
        return got

    def _flood(self, m: int) -> bool:
        rows = self.rows
        w = self.wall.fields
        not_first, not_last = self.not_first, self.not_last
        reach = m & rows[0]
        top = rows[-1]
        while True:
            grown = (reach | (reach << w) | (reach >> w) | ((reach << 1) & not_first) | ((reach >> 1) & not_last)) & m
            if grown & top:
                return True
            if grown == reach:
                return False
            reach = grown

    def row_push(self, a: int, b: int, right: int, pusher: int) -> tuple[int, int, bool]:
        """One row pushed (B2): ``a`` and ``b`` are the row's yellow and blue knots as
        bits (field 1 at bit 0), ``right`` 1 for a push from the right, ``pusher`` 0
        yellow, 1 blue.  The row after the push, and whether a knot fell out.  Worked
        out once for each row content and kept (a row of ``W`` fields has at most
        3**W contents), so a search pays a look-up a push."""
        key = a | (b << self._w) | (right << self._w2) | (pusher << (self._w2 + 1))
        got = self._rows.get(key)
        if got is None:
            got = self._rows[key] = self._row_push(a, b, right, pusher)
        return got

    def _row_push(self, a: int, b: int, right: int, pusher: int) -> tuple[int, int, bool]:
        w, full = self.wall.fields, self.full
        occ = a | b
        rows = [a, b]
        if right:
            free = ~occ & full
            run = w if not free else w - free.bit_length()
            fell = run == w
            if fell:  # the knot at field 1 falls out, back to its owner (hands follow from the wall)
                rows = [(x & (full & ~1)) >> 1 for x in rows]
            else:
                top = full & ~((1 << (w - run)) - 1)
                rows = [((x & top) >> 1) | (x & ~top) for x in rows]
            rows[pusher] |= 1 << (w - 1)
        else:
            run = (~occ & (occ + 1)).bit_length() - 1
            fell = run >= w
            if fell:  # the knot at the far end falls out
                rows = [(x & (full >> 1)) << 1 for x in rows]
            else:
                seg = (1 << run) - 1
                rows = [((x & seg) << 1) | (x & ~seg & full) for x in rows]
            rows[pusher] |= 1
        return rows[0], rows[1], fell

    def missing(self, m: int) -> int:
        """Rows with no knot of mask ``m`` (as :meth:`rows_missing`): the row's bits
        folded onto its field 1 by a few shifts, then counted."""
        for d in self._spread:
            m |= m >> d
        return (self._left & ~m).bit_count()

    def play(self, s: State, c: int) -> tuple[State, int]:
        """The position after push ``c`` (-1 a pass) by the mover, and what it led to:
        :data:`GOES_ON`, the player who escaped (B6: the pusher first), or :data:`DRAW`.
        The push must be legal (a pass here is also the passing opponent's forced pass,
        BQ1); after an escape or a draw the state is not used."""
        ym, bm, mover, _, stalemate, turns = s
        barred = -1
        if c >= 0:
            # The row's contents, the push and the pusher name the row after it,
            # shifted into place, and the bar (B4): worked out once and kept.
            shift = self._shift[c]
            full = self.full
            key = ((ym >> shift) & full) | (((bm >> shift) & full) << self._w) | (((c << 1) | mover) << self._w2)
            got = self._pushed.get(key)
            if got is None:
                y, b, fell = self.row_push((ym >> shift) & full, (bm >> shift) & full, c & 1, mover)
                got = self._pushed[key] = (y << shift, b << shift, c ^ 1 if fell else -1)  # B4: the other end
            ny, nb, barred = got
            clear = self._clear[c]
            ym = (ym & clear) | ny
            bm = (bm & clear) | nb
            rope = self.rope
            if mover:  # B6: the pusher first
                if rope(bm):
                    return (ym, bm, 0, barred, stalemate, turns), 1
                if rope(ym):
                    return (ym, bm, 0, barred, stalemate, turns), 0
            else:
                if rope(ym):
                    return (ym, bm, 1, barred, stalemate, turns), 0
                if rope(bm):
                    return (ym, bm, 1, barred, stalemate, turns), 1
        turns += 1
        if stalemate < 0:
            if (ym | bm) == self.everything or turns >= self.long_turns:
                stalemate = 0  # B7 (or B9): the count starts
        else:
            stalemate += 1
            if stalemate >= self.stalemate_turns:
                return (ym, bm, 1 - mover, barred, stalemate, turns), DRAW
        return (ym, bm, 1 - mover, barred, stalemate, turns), GOES_ON

    def mirror(self, m: int) -> int:
        """Mask ``m`` with every row reversed (kept: a search asks for the same masks
        again and again; the table is emptied when it grows large)."""
        got = self._mirrors.get(m)
        if got is None:
            if len(self._mirrors) >= ROPE_TABLE:
                self._mirrors.clear()
            got = self._mirrors[m] = self._mirror(m)
        return got

    def _mirror(self, m: int) -> int:
        w = self.wall.fields
        rev, full = self.reverse, self.full
        out = 0
        for r in range(self.wall.rows):
            row = (m >> (r * w)) & full
            out |= (rev[row] if rev else int(f"{row:0{w}b}"[::-1], 2)) << (r * w)
        return out

    def mirror_push(self, c: int) -> int:
        return -1 if c < 0 else c ^ 1


def who(index: int) -> Player:
    return PLAYERS[index]


__all__ = ["DRAW", "GOES_ON", "Core", "State", "code", "who"]
