"""*Hekla*'s referee (issue 14): the area, the escape track and its lines, placing and
moving volcano stones, triples, scoring, eruptions and the end.

This edition's geometry and rulings (restated in docs/hekla.md, each cited by id):

* **HG1** the area is 5 x 5 square fields, ``a1`` (bottom left) to ``e5`` (top right);
  each field has two stone places.  Size and hot fields are data (:class:`Board`).
* **HG2** the hot fields, b2, d2 and c4 by default, count double in scoring.
* **HG3** the escape track: an inner ring of 24 fields touching the area and an outer
  ring of 32 around it; volcanists start on the inner ring's bottom-left corner and
  run clockwise; after one lap of the inner ring they go on round the outer ring.  A
  volcanist's score is the number of fields it has advanced (:attr:`Position.track`).
* **HG4** white lines: a track field in line with a row or column of the area has a
  line along it; the inner ring's corners other than the start, and the four outer
  corners, have a line along the diagonal pointing at them; the start field and the
  eight outer fields beside the outer corners have none.
* **HG5** stones per player by player count, and 10 + 10 lava stones (values 0, 1).
* **H1** a turn places or moves one of the player's volcano stones, or passes if
  neither is possible.  **H2** placing: onto an empty field.  **H3** moving: to a field
  holding at most one stone, one field horizontally or vertically; any distance
  (over stones) when the player's volcanist stands on a track field whose line runs
  along a row, column or diagonal holding the stone; the volcanist may first go back
  any number of fields to reach such a line.
* **H4** a triple (three neighbouring fields in a row or column) is scorable when each
  field holds a stone, the values add up to 8 or more and the middle holds at most one
  lava stone.  **H5** after the turn, the scorable triples touching a changed field
  score, in the player's order, each only if still scorable then.  **H6** each volcano
  stone on the triple moves its owner 1 field (2 on a hot field), and the mover also
  moves (sum - 7).  **H7** then the middle's volcano stones go back to their owners and
  a lava stone (value 0 while any is left, then 1) goes there.  **H8** the game ends
  when the last lava stone is placed; the volcanist furthest along wins, ties share.
* **H9** (this edition) the game also ends, scored as at H8, when 20 rounds in a row
  (20 turns of every player, passes included) go by without an eruption: the text's
  only end needs every lava stone placed, and a board can set so that no triple can
  reach 8 again (random self-play found such games), or the players can simply stop
  trying.  :attr:`Position.quiet` counts those turns.

Notation (:func:`parse_action` reads what ``str`` writes): ``place red3 c3``,
``move green2 b2-b4``, ``move green2 b2-e2 back 3`` (the volcanist goes back 3 fields
first, H3), ``... erupt c3-e3 d2-d4`` (the order of several eruptions, each triple by
its end fields, H5), ``pass``.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field, replace
from functools import cached_property
from itertools import permutations

from ...console import plural
from ...errors import NotationError, Problem

# ------------------------------------------------------------------ pieces


class Player(str, enum.Enum):
    """The four colours, seated in this order by player count (HG5)."""

    RED = "red"
    GREEN = "green"
    YELLOW = "yellow"
    BLUE = "blue"

    def __str__(self) -> str:
        return self.value


SEATS = (Player.RED, Player.GREEN, Player.YELLOW, Player.BLUE)
LAVA = "lava"
#: Volcano stones per player by player count, as value -> how many (HG5).
STONES: dict[int, dict[int, int]] = {2: {0: 2, 1: 1, 2: 3, 3: 1}, 3: {0: 1, 1: 1, 2: 2, 3: 1}, 4: {0: 1, 1: 1, 2: 1, 3: 1}}
#: Lava stones of value 0 and of value 1 (HG5), placed 0s first (H7).
LAVA_STONES = (10, 10)
#: Rounds without an eruption that end the game (H9): 20 turns of every player.
QUIET_ROUNDS = 20
#: The least sum of a scorable triple (H4) and what the mover's bonus is counted from (H6).
ERUPTS_AT, BONUS_FROM = 8, 7


@dataclass(frozen=True, order=True)
class Stone:
    """A volcano stone (``owner`` a player) or a lava stone (``owner`` "lava"), and its value."""

    owner: str
    value: int

    @property
    def lava(self) -> bool:
        return self.owner == LAVA

    def __str__(self) -> str:
        return f"{self.owner}{self.value}"


# ------------------------------------------------------------------ the board

Field = tuple[int, int]  # (column, row), 0-based: a1 is (0, 0)


def field_name(f: Field) -> str:
    return f"{chr(ord('a') + f[0])}{f[1] + 1}"


_FIELD = re.compile(r"^([a-z])([0-9]{1,2})$")


def parse_field(text: str) -> Field:
    m = _FIELD.match(text.strip().lower())
    if not m:
        raise NotationError(f"{text!r} is not a field: a letter for the column and a number for the row, e.g. c3 (HG1)")
    return ord(m.group(1)) - ord("a"), int(m.group(2)) - 1


@dataclass(frozen=True)
class Line:
    """A white line (HG4): along a row (``kind`` "row", ``index`` its row), a column
    ("col"), or a diagonal ("diag", ``index`` +1 for a1-e5, -1 for a5-e1)."""

    kind: str
    index: int

    def holds(self, f: Field, board: Board) -> bool:
        if self.kind == "row":
            return f[1] == self.index
        if self.kind == "col":
            return f[0] == self.index
        if self.index == 1:
            return f[0] == f[1]
        return f[0] + f[1] == board.width - 1


@dataclass(frozen=True)
class Board:
    """The area's size and hot fields (HG1, HG2): data, 5 x 5 with b2, d2, c4 by default."""

    width: int = 5
    height: int = 5
    hot: frozenset[Field] = frozenset({(1, 1), (3, 1), (2, 3)})

    def __post_init__(self) -> None:
        if not (3 <= self.width <= 26 and 3 <= self.height <= 26):
            raise ValueError(f"an area has 3 to 26 columns and rows, not {self.width} x {self.height} (HG1)")

    def inside(self, f: Field) -> bool:
        return 0 <= f[0] < self.width and 0 <= f[1] < self.height

    @cached_property
    def fields(self) -> tuple[Field, ...]:
        return tuple((c, r) for r in range(self.height) for c in range(self.width))

    @cached_property
    def inner(self) -> tuple[Field, ...]:
        """The inner ring clockwise from the start field, its bottom-left corner (HG3)."""
        return _ring(-1, -1, self.width, self.height)

    @cached_property
    def outer(self) -> tuple[Field, ...]:
        """The outer ring clockwise from the field beside the start field (HG3), where
        the arrow leads a volcanist after its lap of the inner ring."""
        ring = _ring(-2, -2, self.width + 2, self.height + 2)
        return ring[1:] + ring[:1]

    def track_field(self, progress: int) -> Field:
        """Where a volcanist ``progress`` fields from the start stands (HG3)."""
        lap = len(self.inner)
        return self.inner[progress] if progress < lap else self.outer[(progress - lap) % len(self.outer)]

    def track_name(self, progress: int) -> str:
        """A track field in words, numbered as the board prints it and the docs count
        it (HG3): by the fields a volcanist standing there has advanced, the outer
        ring by its first time round (lap 2), and the lap when it is a later one:
        "the start field", "track field 11 (inner ring)", "track field 30 (outer
        ring, lap 3)".  Never a board field's name: a track field is not on the area."""
        lap = len(self.inner)
        if progress <= 0:
            return "the start field"
        if progress < lap:
            return f"track field {progress} (inner ring)"
        laps, on = divmod(progress - lap, len(self.outer))
        return f"track field {lap + on} (outer ring" + (f", lap {laps + 2})" if laps else ")")

    def line(self, spot: Field) -> Line | None:
        """The white line of a track field (HG4), or None."""
        x, y = spot
        w, h = self.width, self.height
        if (0 <= y < h and x < 0) or (0 <= y < h and x >= w):
            return Line("row", y)
        if 0 <= x < w and (y < 0 or y >= h):
            return Line("col", x)
        if (x, y) == (-1, -1):
            return None  # the start field (HG4)
        if w != h:
            return None  # the diagonals point at corners only on a square area
        for cx, cy, d in ((w, h, 1), (-1, h, -1), (w, -1, -1), (-2, -2, 1), (w + 1, h + 1, 1),
                          (-2, h + 1, -1), (w + 1, -2, -1)):
            if (x, y) == (cx, cy):
                return Line("diag", d)
        return None  # the eight outer fields beside the outer corners (HG4)

    def triples(self) -> tuple[tuple[Field, Field, Field], ...]:
        """Every three neighbouring fields in a row or a column (H4)."""
        return self._triples

    @cached_property
    def _triples(self) -> tuple[tuple[Field, Field, Field], ...]:
        out = [((c, r), (c + 1, r), (c + 2, r)) for r in range(self.height) for c in range(self.width - 2)]
        out += [((c, r), (c, r + 1), (c, r + 2)) for c in range(self.width) for r in range(self.height - 2)]
        return tuple(out)

    @cached_property
    def through(self) -> dict[Field, tuple[tuple[Field, Field, Field], ...]]:
        """The triples that include each field, in :meth:`triples` order."""
        return {f: tuple(t for t in self._triples if f in t) for f in self.fields}


def _ring(x0: int, y0: int, w: int, h: int) -> tuple[Field, ...]:
    """The square ring around a w x h area whose bottom-left outer corner is (x0, y0),
    clockwise from that corner: up the left side, along the top, down the right, back
    along the bottom."""
    x1, y1 = x0 + w + 1, y0 + h + 1
    left = [(x0, y) for y in range(y0, y1 + 1)]
    top = [(x, y1) for x in range(x0 + 1, x1 + 1)]
    right = [(x1, y) for y in range(y1 - 1, y0 - 1, -1)]
    bottom = [(x, y0) for x in range(x1 - 1, x0, -1)]
    return tuple(left + top + right + bottom)


# ------------------------------------------------------------------ actions

Triple = tuple[Field, Field, Field]


def triple_name(t: Triple) -> str:
    return f"{field_name(t[0])}-{field_name(t[2])}"


@dataclass(frozen=True)
class Action:
    """``place`` (``to``), ``move`` (``start`` to ``to``, the volcanist first ``back``
    fields), or ``pass``; ``order`` lists the triples to erupt, in the player's order
    (H5), when more than one may."""

    kind: str
    player: Player | None = None
    value: int = 0
    start: Field | None = None
    to: Field | None = None
    back: int = 0
    order: tuple[Triple, ...] = ()

    def __str__(self) -> str:
        if self.kind == "pass":
            return "pass"
        stone = f"{self.player}{self.value}"
        assert self.to is not None
        text = (f"place {stone} {field_name(self.to)}" if self.kind == "place" else
                f"move {stone} {field_name(self.start or self.to)}-{field_name(self.to)}" + (f" back {self.back}" if self.back else ""))
        if self.order:
            text += " erupt " + " ".join(triple_name(t) for t in self.order)
        return text


PASS = Action("pass")


def is_long(action: Action) -> bool:
    """Whether ``action`` moves a stone more than one field (H3: a long move, which
    needs the volcanist on a line through the stone)."""
    if action.kind != "move" or action.start is None or action.to is None:
        return False
    return abs(action.to[0] - action.start[0]) + abs(action.to[1] - action.start[1]) > 1
_STONE = re.compile(r"^(red|green|yellow|blue)([0-3])$")


def parse_triple(text: str) -> Triple:
    """A triple written by its end fields, ``c2-c4`` (H4); NotationError otherwise."""
    a, sep, b = text.partition("-")
    if not sep:
        raise NotationError(f"{text!r} is not a triple: its two end fields, e.g. c2-c4 (H4)")
    s, e = parse_field(a), parse_field(b)
    dc, dr = e[0] - s[0], e[1] - s[1]
    if sorted((abs(dc), abs(dr))) != [0, 2]:
        raise NotationError(f"{text!r} is not a triple: three neighbouring fields in one row or column (H4)")
    lo, hi = min(s, e), max(s, e)
    mid = ((lo[0] + hi[0]) // 2, (lo[1] + hi[1]) // 2)
    return lo, mid, hi


def parse_action(text: str) -> Action:
    """What ``str(action)`` writes, read back; NotationError otherwise."""
    words = text.split()
    if words == ["pass"]:
        return PASS
    order: tuple[Triple, ...] = ()
    if "erupt" in words:
        i = words.index("erupt")
        order = tuple(parse_triple(w) for w in words[i + 1:])
        if not order:
            raise NotationError(f"{text!r}: erupt names the triples in order, e.g. erupt c2-c4 b3-d3 (H5)")
        words = words[:i]
    if len(words) < 3 or words[0] not in ("place", "move"):
        raise NotationError(f"{text!r} is not a turn: place red3 c3, move green2 b2-b4 [back N] [erupt ...], or pass (H1)")
    m = _STONE.match(words[1])
    if not m:
        raise NotationError(f"{words[1]!r} is not a volcano stone: a colour and a value 0-3, e.g. red3 (HG5)")
    player, value = Player(m.group(1)), int(m.group(2))
    if words[0] == "place":
        if len(words) != 3:
            raise NotationError(f"{text!r}: place names a stone and one field, e.g. place red3 c3 (H2)")
        return Action("place", player, value, to=parse_field(words[2]), order=order)
    a, sep, b = words[2].partition("-")
    if not sep:
        raise NotationError(f"{words[2]!r}: a move names its start and end field, e.g. b2-b4 (H3)")
    back = 0
    if len(words) == 5 and words[3] == "back" and words[4].isascii() and words[4].isdigit():  # not ² or ٣
        back = int(words[4])
    elif len(words) != 3:
        raise NotationError(f"{text!r}: after the fields only back N and erupt ... may follow (H3, H5)")
    return Action("move", player, value, parse_field(a), parse_field(b), back, order)


# ------------------------------------------------------------------ the position


@dataclass(frozen=True)
class Position:
    """A Hekla position: the area's stones (per field, in place order, at most two),
    each player's supply (values still in hand), the lava left (value 0, value 1), each
    volcanist's progress on the track (HG3), whose turn, the turns in a row without an
    eruption (``quiet``, H9), and the result (the winners, when the game is over)."""

    board: Board
    players: tuple[Player, ...]
    fields: tuple[tuple[Field, tuple[Stone, ...]], ...]
    supplies: tuple[tuple[int, ...], ...]
    track: tuple[int, ...]
    lava: tuple[int, int] = LAVA_STONES
    to_move: int = 0
    quiet: int = 0
    winners: tuple[Player, ...] = ()
    events: tuple[str, ...] = field(default=(), compare=False)
    #: The triples that erupted in the turn that led here, in order (for pictures and figures).
    erupted: tuple[Triple, ...] = field(default=(), compare=False)

    @cached_property
    def stones(self) -> dict[Field, tuple[Stone, ...]]:
        return dict(self.fields)

    def at(self, f: Field) -> tuple[Stone, ...]:
        return self.stones.get(f, ())

    @property
    def player(self) -> Player:
        return self.players[self.to_move]

    def seat(self, player: Player) -> int:
        return self.players.index(player)

    def supply(self, player: Player) -> tuple[int, ...]:
        return self.supplies[self.seat(player)]

    @property
    def over(self) -> bool:
        return bool(self.winners)

    @property
    def lava_placed(self) -> int:
        return sum(LAVA_STONES) - sum(self.lava)

    @property
    def quiet_limit(self) -> int:
        """The turns without an eruption that end the game (H9)."""
        return QUIET_ROUNDS * len(self.players)

    @property
    def ended_by(self) -> str | None:
        """Which ruling ended the game: H8 (the last lava stone), H9 (quiet rounds), or None."""
        if not self.over:
            return None
        return "H8" if self.lava_placed == sum(LAVA_STONES) else "H9"


def result(pos: Position) -> tuple[Player, ...]:
    """The winners when the game ends now (H8, H9): the volcanists furthest along."""
    best = max(pos.track)
    return tuple(p for p, v in zip(pos.players, pos.track) if v == best)


def start(players: int = 2, board: Board | None = None) -> Position:
    """A new game (HG5): every stone in its owner's supply, the volcanists on the
    start field, the first seat to move."""
    if players not in STONES:
        raise ValueError(f"Hekla is for 2 to 4 players, not {players} (HG5)")
    seats = SEATS[:players]
    supply = tuple(sorted(v for v, n in STONES[players].items() for _ in range(n)))
    return Position(board or Board(), seats, (), tuple(supply for _ in seats), tuple(0 for _ in seats))


def _with_field(stones: dict[Field, tuple[Stone, ...]], f: Field, content: tuple[Stone, ...]) -> None:
    if content:
        stones[f] = content
    else:
        stones.pop(f, None)


def _packed(stones: dict[Field, tuple[Stone, ...]]) -> tuple[tuple[Field, tuple[Stone, ...]], ...]:
    return tuple(sorted(stones.items()))


# ------------------------------------------------------------------ moves


def long_lines(pos: Position, player: Player, back: int) -> Line | None:
    """The line of the track field the player's volcanist stands on after going
    ``back`` fields (H3), or None."""
    progress = pos.track[pos.seat(player)] - back
    return pos.board.line(pos.board.track_field(progress)) if progress >= 0 else None


def line_name(line: Line, board: Board) -> str:
    """A white line (HG4) in words: "row 3", "column e", "the diagonal a1-e5"."""
    last = chr(ord("a") + board.width - 1)
    if line.kind == "row":
        return f"row {line.index + 1}"
    if line.kind == "col":
        return f"column {chr(ord('a') + line.index)}"
    return f"the diagonal a1-{last}{board.height}" if line.index == 1 else f"the diagonal a{board.height}-{last}1"


def _free(pos: Position, to: Field, leaving: Field | None) -> bool:
    held = len(pos.at(to)) - (1 if to == leaving else 0)
    return held <= 1


def move_problems(pos: Position, action: Action) -> list[Problem]:
    """Why ``action`` (a place or a move) may not be played, ruling by ruling (H1-H3)."""
    me = pos.player
    out: list[Problem] = []
    if action.player is not me:
        out.append(Problem("H1", f"it is {me}'s turn; {action.player}'s stones are not theirs to play"))
        return out
    assert action.to is not None
    if not pos.board.inside(action.to):
        return [Problem("HG1", f"{field_name(action.to)} is not a field of the {pos.board.width} x {pos.board.height} area")]
    if action.kind == "place":
        if action.value not in pos.supply(me):
            out.append(Problem("H2", f"{me} has no {action.value} in supply"))
        if pos.at(action.to):
            out.append(Problem("H2", f"{field_name(action.to)} is not empty: a stone is placed only on an empty field; "
                                     "a second one comes by moving"))
        return out
    start = action.start
    assert start is not None
    if not pos.board.inside(start):
        return [Problem("HG1", f"{field_name(start)} is not a field of the area")]
    if Stone(me.value, action.value) not in pos.at(start):
        out.append(Problem("H3", f"no {me}{action.value} stands on {field_name(start)}"))
    if start == action.to:
        out.append(Problem("H3", "a move goes to another field"))
    elif len(pos.at(action.to)) >= 2:
        out.append(Problem("H3", f"{field_name(action.to)} holds two stones: a stone moves to a field with at most one"))
    if action.back < 0 or action.back > pos.track[pos.seat(me)]:
        out.append(Problem("H3", f"the volcanist can go back at most {plural(pos.track[pos.seat(me)], 'field')}, to the start"))
        return out
    dx, dy = action.to[0] - start[0], action.to[1] - start[1]
    if dx and dy:
        out.append(Problem("H3", "stones move horizontally or vertically, not diagonally"))
    elif abs(dx) + abs(dy) > 1:
        line = long_lines(pos, me, action.back)
        if line is None or not line.holds(start, pos.board):
            where = pos.board.track_name(pos.track[pos.seat(me)] - action.back)
            out.append(Problem("H3", "a move of more than one field needs the volcanist on a line through the stone; "
                                     + where[0].upper() + where[1:] + " has "
                                     + ("no line" if line is None else "a line along " + line_name(line, pos.board))
                                     + (f" (after going back {action.back})" if action.back else "")))
    elif action.back:
        out.append(Problem("H3", "the volcanist goes back only to reach a line for a longer move"))
    return out


def back_steps(pos: Position, f: Field) -> list[int]:
    """Every number of track fields (0 first) the player to move's volcanist may go
    back to stand on a white line through field ``f`` (H3, HG4), least first: the
    back-steps that make a long move of a stone on ``f`` legal."""
    me = pos.player
    return [b for b in range(pos.track[pos.seat(me)] + 1)
            if (line := long_lines(pos, me, b)) is not None and line.holds(f, pos.board)]


def turns(pos: Position, *, least_back: bool = False) -> list[Action]:
    """Every place and move the player to move may make, without the order of the
    eruptions it sets off (:func:`orders` adds it), or ``pass`` when there is none
    (H1); none when the game is over.

    The list is complete: a long move comes once for **each** back-step that makes
    it legal (:func:`back_steps`), exactly the turns :func:`explain` accepts (tested
    both ways).  ``least_back=True`` is for searches that have proved longer
    back-steps dominated (:mod:`.solver`): it keeps of each long move only its
    least back-step; the referee's list is the complete one."""
    if pos.over:
        return []
    me = pos.player
    out = [Action("place", me, v, to=f) for v in sorted(set(pos.supply(me))) for f in pos.board.fields if not pos.at(f)]
    for f in pos.board.fields:
        values = sorted({s.value for s in pos.at(f) if s.owner == me.value})
        if not values:
            continue
        backs: list[int] | None = None  # worked out once per field, when a long move first needs them
        for v in values:
            for to in pos.board.fields:
                if to == f or len(pos.at(to)) >= 2:
                    continue
                dx, dy = to[0] - f[0], to[1] - f[1]
                if dx and dy:
                    continue
                if abs(dx) + abs(dy) == 1:
                    out.append(Action("move", me, v, f, to))
                    continue
                if backs is None:
                    backs = back_steps(pos, f)
                for back in backs[:1] if least_back else backs:
                    out.append(Action("move", me, v, f, to, back))
    return out or [PASS]


# ------------------------------------------------------------------ triples and eruptions


def scorable(pos: Position, t: Triple) -> bool:
    """H4: every field holds a stone, the values add up to 8 or more, the middle holds
    at most one lava stone."""
    return _scorable(pos.stones, t)


def _scorable(stones: dict[Field, tuple[Stone, ...]], t: Triple) -> bool:
    a, b, c = stones.get(t[0]), stones.get(t[1]), stones.get(t[2])
    if not (a and b and c):
        return False
    if sum(s.lava for s in b) > 1:
        return False
    return sum(s.value for s in a) + sum(s.value for s in b) + sum(s.value for s in c) >= ERUPTS_AT


def erupts(pos: Position, action: Action) -> bool:
    """Whether the place or move ``action`` (one of :func:`turns`) sets off any
    eruption (H5), found without building the position after it: the searches skip
    the work for the many turns that set off none (tested against :func:`outcomes`)."""
    if action.kind == "pass":
        return False
    assert action.to is not None
    stone = Stone(pos.player.value, action.value)
    here = {action.to: pos.at(action.to) + (stone,)}
    if action.kind == "move":
        assert action.start is not None
        left = list(pos.at(action.start))
        left.remove(stone)
        here[action.start] = tuple(left)
    view = {**pos.stones, **here}
    return any(_scorable(view, t) for f in here for t in pos.board.through[f])


def _erupt(pos: Position, t: Triple, mover: Player, events: list[str]) -> Position:
    """H6 and H7: the volcanists run, the middle's volcano stones go home, lava comes."""
    total = sum(s.value for f in t for s in pos.at(f))
    track = list(pos.track)
    for f in t:
        for s in pos.at(f):
            if not s.lava and Player(s.owner) in pos.players:
                track[pos.seat(Player(s.owner))] += 2 if f in pos.board.hot else 1
    track[pos.seat(mover)] += total - BONUS_FROM
    stones = dict(pos.stones)
    supplies = [list(s) for s in pos.supplies]
    middle = t[1]
    for s in pos.at(middle):
        if not s.lava:
            supplies[pos.seat(Player(s.owner))].append(s.value)
    lava0, lava1 = pos.lava
    new = Stone(LAVA, 0) if lava0 else Stone(LAVA, 1)
    lava = (lava0 - 1, lava1) if lava0 else (lava0, lava1 - 1)
    _with_field(stones, middle, tuple(s for s in pos.at(middle) if s.lava) + (new,))
    events.append(f"{triple_name(t)} erupts ({total}): lava {new.value} on {field_name(middle)} (H6, H7)")
    return replace(pos, fields=_packed(stones), supplies=tuple(tuple(sorted(s)) for s in supplies), track=tuple(track),
                   lava=lava)


def triggered(pos: Position, changed: tuple[Field, ...]) -> list[Triple]:
    """The scorable triples that include a field the turn changed (H5)."""
    touched = {t for f in changed for t in pos.board.through[f]}
    return [t for t in pos.board.triples() if t in touched and scorable(pos, t)]


def explain(pos: Position, action: Action) -> list[Problem]:
    """Every reason ``action`` may not be played now; empty when it may."""
    if pos.over:
        if pos.ended_by == "H9":
            return [Problem("H9", f"the game is over: {QUIET_ROUNDS} rounds went by without an eruption")]
        return [Problem("H8", "the game is over: the last lava stone is on the board")]
    if action.kind == "pass":
        legal = turns(pos)
        return [] if legal == [PASS] else [Problem("H1", f"{pos.player} can place or move a stone, so may not pass")]
    problems = move_problems(pos, action)
    if problems:
        return problems
    after, changed = _played(pos, action)
    qualify = triggered(after, changed)
    if not action.order and len(qualify) > 1:
        problems.append(Problem("H5", "several triples erupt: name their order, e.g. erupt "
                                      + " ".join(triple_name(t) for t in qualify)))
    if action.order:
        named = set(action.order)
        if len(named) != len(action.order):
            problems.append(Problem("H5", "a triple is named twice in the order of eruptions"))
        for t in action.order:
            if t not in qualify:
                problems.append(Problem("H5", f"{triple_name(t)} does not erupt after this turn: it is not scorable or "
                                              "includes no field the turn changed"))
        if named != set(qualify) and not problems:
            missing = ", ".join(triple_name(t) for t in qualify if t not in named)
            problems.append(Problem("H5", f"the order must name every triple that erupts: {missing} too"))
    return problems


def _played(pos: Position, action: Action) -> tuple[Position, tuple[Field, ...]]:
    """The position after the placement or move alone, and the fields it changed."""
    me = pos.player
    stones = dict(pos.stones)
    supplies = list(pos.supplies)
    track = list(pos.track)
    assert action.to is not None
    stone = Stone(me.value, action.value)
    if action.kind == "place":
        left = list(pos.supply(me))
        left.remove(action.value)
        supplies[pos.seat(me)] = tuple(left)
        _with_field(stones, action.to, pos.at(action.to) + (stone,))
        return replace(pos, fields=_packed(stones), supplies=tuple(supplies)), (action.to,)
    assert action.start is not None
    here = list(pos.at(action.start))
    here.remove(stone)
    _with_field(stones, action.start, tuple(here))
    _with_field(stones, action.to, pos.at(action.to) + (stone,))
    track[pos.seat(me)] -= action.back
    return replace(pos, fields=_packed(stones), track=tuple(track)), (action.start, action.to)


class IllegalAction(ValueError):
    def __init__(self, action: Action, problems: list[Problem]):
        self.action, self.problems = action, problems
        super().__init__(f"{action}: " + "; ".join(str(p) for p in problems))


def apply(pos: Position, action: Action) -> Position:
    """The position after ``action`` with every eruption it sets off (H5-H8), in
    ``action.order`` when several triples erupt (the player chooses; :func:`explain`
    refuses a turn that sets off several without naming their order)."""
    problems = explain(pos, action)
    if problems:
        raise IllegalAction(action, problems)
    if action.kind == "pass":
        return _quiet_turns(pos, 1, [f"{pos.player} passes"])
    after, changed = _played(pos, action)
    return _resolve(pos, action, after, list(action.order) or triggered(after, changed))  # none, or the only one


def stages(pos: Position, action: Action) -> tuple[Position, list[tuple[Triple, Position | None]]]:
    """A legal place or move (IllegalAction otherwise) step by step, for pictures
    and figures: the position after the placement or move alone, then each triple
    of the turn's order (H5: the order named, or the only one) with the position
    right after it erupted (H6, H7), or None where it no longer erupts when its turn
    comes.  The last lava stone ends the list (H8).  The last position's stones,
    supplies, lava and track are :func:`apply`'s (tested); the next player, the
    quiet count and the end are not settled here."""
    problems = explain(pos, action)
    if problems:
        raise IllegalAction(action, problems)
    if action.kind == "pass":
        return pos, []
    after, changed = _played(pos, action)
    steps: list[tuple[Triple, Position | None]] = []
    now = after
    for t in list(action.order) or triggered(after, changed):
        if not scorable(now, t):
            steps.append((t, None))
            continue
        now = _erupt(now, t, pos.player, [])
        steps.append((t, now))
        if now.lava_placed == sum(LAVA_STONES):
            break
    return after, steps


def _resolve(pos: Position, action: Action, after: Position, order: list[Triple]) -> Position:
    """The turn's end (H5-H9): the eruptions in ``order`` on ``after`` (the position
    after the placement or move alone), then the next player, the quiet count and the end."""
    me = pos.player
    following = (pos.to_move + 1) % len(pos.players)
    events = [str(action)]
    erupted: list[Triple] = []
    for t in order:
        if not scorable(after, t):
            events.append(f"{triple_name(t)} no longer erupts (H5)")
            continue
        after = _erupt(after, t, me, events)
        erupted.append(t)
        if after.lava_placed == sum(LAVA_STONES):
            winners = result(after)
            events.append("the last lava stone is placed: " + ", ".join(map(str, winners)) + " win (H8)")
            return replace(after, to_move=following, quiet=0, winners=winners, events=tuple(events),
                           erupted=tuple(erupted))
    if erupted:
        return replace(after, to_move=following, quiet=0, events=tuple(events), erupted=tuple(erupted))
    return _quiet_turns(after, 1, events)


def _quiet_turns(after: Position, count: int, events: list[str]) -> Position:
    """``count`` turns in a row without an eruption, from ``after`` (the first of them
    played, its player still to move): the quiet count goes up by one a turn and the
    game ends at the limit (H9), with the turn after the last quiet one to move."""
    n = len(after.players)
    count = min(count, after.quiet_limit - after.quiet)  # the game ends at the limit, however many were to come
    quiet = after.quiet + count
    to_move = (after.to_move + count) % n
    if quiet < after.quiet_limit:
        return replace(after, to_move=to_move, quiet=quiet, events=tuple(events), erupted=())
    winners = result(after)
    events.append(f"{QUIET_ROUNDS} rounds without an eruption: the game ends, " + ", ".join(map(str, winners))
                  + " win (H9)")
    return replace(after, to_move=to_move, quiet=quiet, winners=winners, events=tuple(events), erupted=())


def skip(pos: Position) -> Position:
    """The player to move sits the turn out, as a puzzle's other players do ("while
    the others pass", not a move of the game: H1 may not allow it).  The turn counts
    as a quiet turn (H9)."""
    if pos.over:
        return pos
    return _quiet_turns(pos, 1, [f"{pos.player} sits out"])


def skip_to(pos: Position, seat: int) -> Position:
    """Every player from the one to move up to (not including) ``seat`` sits out, in
    one step: the same position as :func:`skip` that many times (tested)."""
    count = min((seat - pos.to_move) % len(pos.players), pos.quiet_limit - pos.quiet)  # H9 may end it sooner
    if pos.over or count <= 0:
        return pos
    return _quiet_turns(pos, count, [f"{pos.players[(pos.to_move + k) % len(pos.players)]} sits out" for k in range(count)])


def orders(pos: Position, action: Action) -> list[Action]:
    """``action`` with each order of the triples it sets off (H5): one action when
    none or one erupts, every permutation when several do."""
    if action.kind == "pass":
        return [action]
    return [option for option, _ in _ordered(pos, action)[1]]


def outcomes(pos: Position, action: Action) -> list[tuple[Action, Position]]:
    """``action`` with each order of the triples it sets off (as :func:`orders`), each
    with the position after it (as :func:`apply`).  For the searches: ``action`` must
    be one of :func:`turns`, which are legal, so it is not checked again."""
    if action.kind == "pass":
        return [(action, apply(pos, action))]
    after, options = _ordered(pos, action)
    return [(option, _resolve(pos, option, after, order)) for option, order in options]


def _ordered(pos: Position, action: Action) -> tuple[Position, list[tuple[Action, list[Triple]]]]:
    """The position after the place or move alone, and each way to write ``action``
    with the triples it sets off in that order (H5): the triple alone, or none, when
    fewer than two qualify; every permutation when several do."""
    after, changed = _played(pos, action)
    qualify = triggered(after, changed)
    if len(qualify) < 2:
        return after, [(replace(action, order=()), qualify)]
    return after, [(replace(action, order=p), list(p)) for p in permutations(qualify)]


__all__ = [
    "LAVA",
    "LAVA_STONES",
    "PASS",
    "QUIET_ROUNDS",
    "SEATS",
    "STONES",
    "Action",
    "Board",
    "IllegalAction",
    "Line",
    "Player",
    "Position",
    "Stone",
    "apply",
    "back_steps",
    "erupts",
    "explain",
    "field_name",
    "is_long",
    "line_name",
    "orders",
    "outcomes",
    "parse_action",
    "parse_field",
    "parse_triple",
    "result",
    "scorable",
    "skip",
    "skip_to",
    "stages",
    "start",
    "triggered",
    "turns",
]
