"""A compact Hekla position for the deep puzzle search (issue 29, part 6): the area as
one small int a field, played and taken back in place (make/undo) instead of a new
frozen :class:`~.rules.Position` a turn.

It holds what the *searching* player's future gain depends on under HQ1 (the others
sit out), and no more:

* each field's stones as a **content id**: the field's stones as a sorted tuple of
  codes, the searcher's own volcano stones ``0-3`` (by value), any other player's
  ``4-7`` (value + 4), lava stones ``8-9`` (value + 8).  Which other player owns a
  stone changes nothing the searcher gains: H4 reads the values, the count and the
  lava stones, H6 moves the searcher one field (two on a hot field, HG2) for each of
  *their* stones and by the sum less 7, H7 sends the middle's volcano stones home
  (the others' supplies are never played from, HQ1), and the searcher moves only
  their own stones (H1-H3).  Nor does the order of a field's stones (nothing in
  H3-H7 reads it).  So a field is a multiset of those ten codes, of at most two
  stones in play (H2, H3: a stone goes only to a field with at most one; H7 leaves
  at most two lava stones on a middle, which held at most one, H4);
* the searcher's supply (a count per value), the lava stones left of value 0 and
  of value 1 (H7 places 0s first), the searcher's place on the track (HG3: which
  white lines a back-step reaches, H3, and what a turn gains), the quiet count (H9)
  and whether the game is over (H8, H9).

:meth:`Compact.play` makes the placement or move, :meth:`Compact.resolve` the
eruptions in a given order (H5-H8) and then the other players' sit-outs (HQ1, H9);
:meth:`Compact.unresolve` and :meth:`Compact.unplay` take them back.
:func:`project` converts a referee's position to the same view, and the tests play
random games both ways and compare after every make and every undo
(``tests/test_hekla_compact.py``).
"""

from __future__ import annotations

import functools
from itertools import combinations_with_replacement
from typing import Final

from .rules import BONUS_FROM, ERUPTS_AT, LAVA, Board, Field, Position, Stone

# The tables are Final: compiled by mypyc (sectionx._native), a Final module name is read
# as a C static, not looked up in the module's dict.
#: Stone codes: the searcher's own ``v`` is ``v``, another player's ``4 + v``, lava ``8 + v``.
OTHER: Final = 4
LAVA_CODE: Final = 8
#: The most stones a content id describes (two in play; three so that a file's odd field is still a content).
MOST_STONES: Final = 3
#: The referee's H4 threshold (a triple erupts at this sum) and H6's (the mover gains the
#: sum less this), as Final names: compiled, the hot loops read them as C statics.
ERUPTS: Final[int] = ERUPTS_AT
BONUS: Final[int] = BONUS_FROM

# ------------------------------------------------------------------ field contents


def _value(code: int) -> int:
    return code - LAVA_CODE if code >= LAVA_CODE else code & 3


CONTENTS: tuple[tuple[int, ...], ...] = tuple(
    c for size in range(MOST_STONES + 1) for c in combinations_with_replacement(range(10), size))
#: A field's content (sorted codes) -> its id; id 0 is the empty field.
CONTENT_ID: dict[tuple[int, ...], int] = {c: i for i, c in enumerate(CONTENTS)}
#: Per content id: the sum of the values (H4), how many stones, how many lava stones,
#: how many of the searcher's own stones (H6), and the values of the searcher's stones
#: (each once, least first: the stones a move may take, H3).
TOTAL: Final = tuple(sum(_value(x) for x in c) for c in CONTENTS)
COUNT: Final = tuple(len(c) for c in CONTENTS)
NLAVA: Final = tuple(sum(x >= LAVA_CODE for x in c) for c in CONTENTS)
MINE: Final = tuple(sum(x < OTHER for x in c) for c in CONTENTS)
MY_VALUES: Final = tuple(tuple(sorted({x for x in c if x < OTHER})) for c in CONTENTS)
#: A field's sum as an end of a triple (H4): its total, or far below 8 when empty.
END: Final = tuple(t if n else -100 for t, n in zip(TOTAL, COUNT))
#: The same for a triple's middle, which may hold at most one lava stone (H4).
MIDDLE: Final = tuple(t if n and lava <= 1 else -100 for t, n, lava in zip(TOTAL, COUNT, NLAVA))
#: MIDDLE with a middle of more than one lava stone far below an empty one (-100): the
#: deep search's last turn tells "one field empty" (a stone brought there may complete the
#: triple) from "no stone can" by the sum alone.
MIDDLE_OPEN: Final = tuple(-1000 if n and lava > 1 else m for m, n, lava in zip(MIDDLE, COUNT, NLAVA))
#: What the searcher gains from a field of a triple that erupts (H6): one field for each
#: of their stones, two on a hot field (HG2), and the field's values (the sum less 7
#: is the mover's, counted once for the triple).  Index 0 an ordinary field, 1 a hot one.
OWN_GAIN: Final = (tuple(m + t for m, t in zip(MINE, TOTAL)), tuple(2 * m + t for m, t in zip(MINE, TOTAL)))


def _plus(c: tuple[int, ...], code: int) -> int:
    return CONTENT_ID.get(tuple(sorted((*c, code))), -1)


def _minus(c: tuple[int, ...], code: int) -> int:
    if code not in c:
        return -1
    left = list(c)
    left.remove(code)
    return CONTENT_ID[tuple(left)]


#: ADD[id][code]: the content with one more stone of that code (-1 past MOST_STONES);
#: REMOVE[id][code]: with one fewer (-1 when there is none).
ADD: Final = tuple(tuple(_plus(c, x) for x in range(10)) for c in CONTENTS)
REMOVE: Final = tuple(tuple(_minus(c, x) for x in range(10)) for c in CONTENTS)
#: AFTER_ERUPTION[id][lava value]: a middle field after H7 (its volcano stones gone home,
#: its lava stones kept, one more lava stone of that value).
AFTER_ERUPTION: Final = tuple(tuple(CONTENT_ID.get(tuple(sorted((*(x for x in c if x >= LAVA_CODE), LAVA_CODE + v))), -1)
                             for v in (0, 1)) for c in CONTENTS)
#: The searcher's volcano stones on a field, each value as often as it stands there (H7 sends them home).
MY_STONES: Final = tuple(tuple(x for x in c if x < OTHER) for c in CONTENTS)
#: A content id in the key takes this many bits (there are fewer than 512 contents).
BITS: Final = 9
assert len(CONTENTS) < 1 << BITS


def content_of(stones: tuple[Stone, ...], mine: str) -> int:
    """The content id of a referee's field, seen by the player whose colour is ``mine``."""
    codes = []
    for s in stones:
        owner, value = s.owner, s.value
        codes.append(LAVA_CODE + value if owner == LAVA else value if owner == mine else OTHER + value)
    return CONTENT_ID[tuple(sorted(codes))]


# ------------------------------------------------------------------ the board's geometry


class Geometry:
    """A board's fields numbered in :attr:`~.rules.Board.fields` order and what the
    search reads of them: the triples (H4) as field numbers in
    :meth:`~.rules.Board.triples` order, the triples through each field (their
    numbers, in that order), each field's row and column neighbours with whether they
    are next to it (H3), each field's OWN_GAIN table (hot or not, HG2), and the least
    back-step to a white line through each field from each place on the track (H3,
    HG4)."""

    def __init__(self, board: Board):
        self.board = board
        fields = board.fields
        self.fields = fields
        self.n = len(fields)
        index = {f: i for i, f in enumerate(fields)}
        self.index = index
        self.triples = tuple((index[a], index[b], index[c]) for a, b, c in board.triples())
        number = {t: k for k, t in enumerate(board.triples())}
        self.through = tuple(tuple(number[t] for t in board.through[f]) for f in fields)
        self.lines = tuple(tuple((j, abs(g[0] - f[0]) + abs(g[1] - f[1]) == 1) for j, g in enumerate(fields)
                                 if g != f and (g[0] == f[0] or g[1] == f[1])) for f in fields)
        self.own = tuple(OWN_GAIN[f in board.hot] for f in fields)
        #: One field a volcano stone on each field moves its owner (H6: two on a hot field, HG2).
        self.weight = tuple(2 if f in board.hot else 1 for f in fields)
        #: The triples with each field's OWN_GAIN table: (a, b, c, own a, own b, own c).
        self.scored = tuple((a, b, c, self.own[a], self.own[b], self.own[c]) for a, b, c in self.triples)
        #: pair[i][j]: the triples through field i or field j, in triple order (a move's, H5);
        #: pair[j][j] those through j alone (a placement's).
        self.pair = tuple(tuple(tuple(sorted({*self.through[i], *self.through[j]})) for j in range(self.n))
                          for i in range(self.n))
        #: Bit masks for the deep search's last turn (``deep.Deep.last``): each field's bit, the
        #: fields next to it in its row and column (a one-field move, H3) and the others in
        #: them (a long move), and per triple its (a, b, c) with the three fields' bits.
        self.bit = tuple(1 << i for i in range(self.n))
        self.near_mask = tuple(sum(1 << j for j, near in self.lines[i] if near) for i in range(self.n))
        self.far_mask = tuple(sum(1 << j for j, near in self.lines[i] if not near) for i in range(self.n))
        self.masked = tuple((a, b, c, (1 << a) | (1 << b) | (1 << c)) for a, b, c in self.triples)
        self._backs: dict[int, tuple[int, ...]] = {}

    def backs(self, progress: int) -> tuple[int, ...]:
        """Per field, the least back-step (H3) that puts a volcanist ``progress`` fields
        along on a white line through it (HG4), or -1 when none does."""
        got = self._backs.get(progress)
        if got is None:
            board = self.board
            out = []
            for f in self.fields:
                least = -1
                for b in range(progress + 1):
                    line = board.line(board.track_field(progress - b))
                    if line is not None and line.holds(f, board):
                        least = b
                        break
                out.append(least)
            got = self._backs[progress] = tuple(out)
        return got


@functools.lru_cache(maxsize=16)
def geometry(board: Board) -> Geometry:
    return Geometry(board)


# ------------------------------------------------------------------ the position

#: A turn: (from, to, value, back): ``from`` -1 for a placement (H2), else the field
#: number the stone leaves (H3); ``back`` the volcanist's back-step first (H3).
Turn = tuple[int, int, int, int]


class Compact:
    """The searcher's view of a position (the module docstring), made and undone in place.

    ``cell`` holds a content id per field and ``cells`` all of them as one int
    (``BITS`` bits a field), kept as the fields change, for the search's table."""

    def __init__(self, pos: Position):
        if pos.over:
            raise ValueError("the game is over: there is nothing to search")
        self.geo = geometry(pos.board)
        self.players = len(pos.players)
        self.quiet_limit = pos.quiet_limit
        me = pos.to_move
        self.me = me
        mine = pos.players[me].value
        stones = pos.stones
        self.cell = [content_of(stones.get(f, ()), mine) for f in self.geo.fields]
        self.cells = sum(c << (BITS * i) for i, c in enumerate(self.cell))
        self.supply = [0, 0, 0, 0]
        for v in pos.supplies[me]:
            self.supply[v] += 1
        self.lava0, self.lava1 = pos.lava
        self.track = pos.track[me]
        self.quiet = pos.quiet
        self.over = False
        self._played: list[tuple[int, int, int, int, int, int]] = []
        self._resolved: list[tuple[int, int, int, int, int, bool, tuple[int, ...], list[tuple[int, int]]]] = []

    # -------------------------------------------------------------- turns

    def turns(self) -> list[Turn]:
        """Every place and move the searcher may make (H1-H3), a long move with its
        least back-step only (``solver.candidates`` proves the longer ones dominated);
        an empty list when there is none (H1: then the turn is a pass)."""
        cell = self.cell
        geo = self.geo
        out: list[Turn] = []
        empty = [i for i, c in enumerate(cell) if c == 0]
        for v in range(4):
            if self.supply[v]:
                out.extend((-1, i, v, 0) for i in empty)
        backs = geo.backs(self.track)
        for i, c in enumerate(cell):
            values = MY_VALUES[c]
            if not values:
                continue
            back = backs[i]
            for v in values:
                for j, near in geo.lines[i]:
                    if COUNT[cell[j]] >= 2:
                        continue
                    if near:
                        out.append((i, j, v, 0))
                    elif back >= 0:
                        out.append((i, j, v, back))
        return out

    def scorable(self, t: int) -> bool:
        """H4 for triple number ``t``."""
        a, b, c = self.geo.triples[t]
        cell = self.cell
        return END[cell[a]] + MIDDLE[cell[b]] + END[cell[c]] >= ERUPTS

    def play(self, turn: Turn, look: bool = True) -> list[int]:
        """Make the placement (H2: the stone from the supply) or move (H3: the
        volcanist back by the back-step first) alone, and return the triples it sets
        off (H5: the scorable ones through a changed field, in triple order); with
        ``look`` False, when the caller has proved it sets off none, an empty list
        without looking."""
        src, dst, v, back = turn
        cell = self.cell
        old_src = cell[src] if src >= 0 else 0
        old_dst = cell[dst]
        self._played.append((src, dst, v, back, old_src, old_dst))
        new_dst = ADD[old_dst][v]
        cell[dst] = new_dst
        cells = self.cells + ((new_dst - old_dst) << (BITS * dst))
        if src < 0:
            self.supply[v] -= 1
            touched = self.geo.pair[dst][dst]
        else:
            new_src = REMOVE[old_src][v]
            cell[src] = new_src
            cells += (new_src - old_src) << (BITS * src)
            self.track -= back
            touched = self.geo.pair[src][dst]
        self.cells = cells
        if not look:
            return []
        scored = self.geo.scored
        hits = []
        for t in touched:
            a, b, c, _, _, _ = scored[t]
            if END[cell[a]] + MIDDLE[cell[b]] + END[cell[c]] >= ERUPTS:
                hits.append(t)
        return hits

    def unplay(self) -> None:
        """Take back the last :meth:`play`."""
        src, dst, v, back, old_src, old_dst = self._played.pop()
        cell = self.cell
        cells = self.cells + ((old_dst - cell[dst]) << (BITS * dst))
        cell[dst] = old_dst
        if src < 0:
            self.supply[v] += 1
        else:
            cells += (old_src - cell[src]) << (BITS * src)
            cell[src] = old_src
            self.track += back
        self.cells = cells

    def resolve(self, order: tuple[int, ...] | list[int]) -> None:
        """After :meth:`play`: the triples of ``order`` erupt in turn, each only if
        still scorable (H5), the searcher gaining by H6, the middle made over by H7,
        the game ending with the last lava stone (H8); then the turn's end: the quiet
        count (0 after an eruption, else one more, H9) and every other player sitting
        out (HQ1: one quiet turn each), the game ending when the quiet count reaches
        H9's limit.  A pass (H1, no turn to make) is ``resolve(())`` without a play."""
        geo = self.geo
        cell = self.cell
        changed: list[tuple[int, int]] = []
        self._resolved.append((self.lava0, self.lava1, self.track, self.quiet, self.cells, self.over,
                               tuple(self.supply), changed))
        erupted = False
        for t in order:
            a, b, c, oa, ob, oc = geo.scored[t]
            ca, cb, cc = cell[a], cell[b], cell[c]
            if END[ca] + MIDDLE[cb] + END[cc] < ERUPTS:
                continue  # no longer scorable when its turn comes (H5)
            erupted = True
            self.track += oa[ca] + ob[cb] + oc[cc] - BONUS
            for v in MY_STONES[cb]:
                self.supply[v] += 1
            if self.lava0:
                self.lava0 -= 1
                new = AFTER_ERUPTION[cb][0]
            else:
                self.lava1 -= 1
                new = AFTER_ERUPTION[cb][1]
            changed.append((b, cb))
            cell[b] = new
            self.cells += (new - cb) << (BITS * b)
            if not self.lava0 and not self.lava1:
                self.over, self.quiet = True, 0  # the last lava stone (H8)
                return
        if erupted:
            self.quiet = self.players - 1  # the others' sit-outs after an eruption
            return
        self.quiet = min(self.quiet + self.players, self.quiet_limit)
        if self.quiet >= self.quiet_limit:
            self.over = True  # H9

    def unresolve(self) -> None:
        """Take back the last :meth:`resolve`."""
        self.lava0, self.lava1, self.track, self.quiet, self.cells, self.over, supply, changed = self._resolved.pop()
        self.supply[:] = supply
        cell = self.cell
        for b, old in reversed(changed):
            cell[b] = old

    # -------------------------------------------------------------- views

    def view(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, int], int, int, bool]:
        """The state as :func:`project` gives a referee's position: the content ids, the
        supply counts, the lava left, the track, the quiet count, whether it is over."""
        return (tuple(self.cell), tuple(self.supply), (self.lava0, self.lava1), self.track, self.quiet, self.over)

    def field_of(self, i: int) -> Field:
        return self.geo.fields[i]


def project(pos: Position, me: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, int], int, int, bool]:
    """A referee's position as seat ``me``'s compact view (:meth:`Compact.view`)."""
    mine = pos.players[me].value
    stones = pos.stones
    supply = [0, 0, 0, 0]
    for v in pos.supplies[me]:
        supply[v] += 1
    cells = tuple(content_of(stones.get(f, ()), mine) for f in pos.board.fields)
    return cells, tuple(supply), pos.lava, pos.track[me], pos.quiet, pos.over
