"""Breakout's referee: the wall, a push, ropes, escapes, the stalemate count and winning.

*Breakout* (Schmidt) is a two-player game: knots are pushed into the rows of a wall
from the left or the right end; a player whose knots join the bottom row to the top
row (a rope) sends one of their figures over the wall.  This edition's rulings (ids
BW1-BW3, B1-B8, restated in ``docs/breakout.md``):

* **BW1** the wall has rows 1 (bottom) to 5 (top), fields 1 (left) to 5 (right);
  **BW3** the size is a parameter (:class:`Wall`), 5 x 5 by default;
* **B1** two players, yellow and blue, 13 knots and 3 figures each; yellow opens the
  first break-out, blue the second, and so on; pushes alternate within one;
* **B2** a push puts a knot from hand at a row's end; the unbroken run of knots from
  that end moves one field on (a gap stops it); a knot pushed past the far end falls
  out and goes back to its owner's hand;
* **B3** a player who cannot push passes (and only then);
* **B4** after a push that makes a knot fall out, the next push may not go into the
  same row from the other end;
* **B5** a rope: a player's knots joined left, right, up and down (not diagonally)
  holding a knot in row 1 and one in the top row;
* **B6** after each push the pusher escapes if they have a rope, else the other player
  if they now have one; one figure at most; the figure stands above the column of the
  rope's leftmost top-row knot; then every knot goes back to its owner and the next
  break-out begins;
* **B7** from the first time the wall is full in a break-out, 5 rounds (10 turns)
  without an escape end the game in a draw;
* **B8** the first player with 3 escaped figures wins at once.

A :class:`Position` is a frozen value; :func:`apply` returns the next one and never
changes its argument.  :func:`explain` gives every reason an action is refused, each
a :class:`~sectionx.games.sectionx.model.Problem` with its ruling id; :func:`legal_actions` lists
what may be played.  Nothing here reads files or draws.
"""

from __future__ import annotations

import enum
import functools
import re
from dataclasses import dataclass, field

from ...console import plural
from ...errors import NotationError, Problem


class Side(str, enum.Enum):
    """Which end of a row a knot is pushed in at."""

    LEFT = "L"
    RIGHT = "R"

    @property
    def other(self) -> Side:
        return Side.RIGHT if self is Side.LEFT else Side.LEFT


class Player(str, enum.Enum):
    """The two players (B1); yellow opens the first break-out."""

    YELLOW = "yellow"
    BLUE = "blue"

    @property
    def other(self) -> Player:
        return Player.BLUE if self is Player.YELLOW else Player.YELLOW


PLAYERS = (Player.YELLOW, Player.BLUE)
#: Knots and figures per player (B1).
KNOTS, FIGURES = 13, 3
#: Escaped figures that win (B8), and turns after the wall first fills that end a
#: break-out in a draw (B7: 5 rounds of two turns).
TO_WIN, STALEMATE_TURNS = 3, 10
#: Turns of one break-out after which B7's count starts even though the wall has
#: never been full (B9: 50 rounds of two turns; docs/breakout.md says why 50).
LONG_TURNS = 100


@dataclass(frozen=True)
class Wall:
    """The wall's size (BW1, BW3): rows counted from the bottom, fields from the left."""

    rows: int = 5
    fields: int = 5

    def __post_init__(self) -> None:
        if not (1 <= self.rows <= 26 and 1 <= self.fields <= 26):
            raise ValueError(f"a wall has 1 to 26 rows and fields, not {self.rows} x {self.fields} (BW3)")


@dataclass(frozen=True)
class Action:
    """A push into ``row`` (1 = bottom) from ``side``, or a pass (``row`` 0).

    Written ``L3`` (row 3 from the left), ``R5``, ``pass``; :func:`parse_action` reads
    what ``str`` writes."""

    row: int = 0
    side: Side = Side.LEFT

    @property
    def is_pass(self) -> bool:
        return self.row == 0

    def __str__(self) -> str:
        return "pass" if self.is_pass else f"{self.side.value}{self.row}"


PASS = Action()

_ACTION = re.compile(r"^\s*(?:(pass)|([LlRr])\s*([0-9]+))\s*$")


def parse_action(text: str) -> Action:
    """``L3``, ``R5`` or ``pass`` (case and spaces aside); NotationError otherwise."""
    m = _ACTION.match(text)
    if not m:
        raise NotationError(f"{text!r} is not a push: write L or R and a row number (L3, R5), or pass")
    if m.group(1):
        return PASS
    row = int(m.group(3))
    if row < 1:
        raise NotationError(f"{text!r}: rows are numbered from 1 (the bottom)")
    return Action(row, Side(m.group(2).upper()))


#: A field's content: None (empty) or the player whose knot lies there.
Field = Player | None


@dataclass(frozen=True)
class Position:
    """Everything a Breakout game needs to go on (the puzzle format's fields, BQ1).

    ``rows[0]`` is row 1, the bottom; ``rows[r][0]`` is field 1, the left end.
    ``hands`` and ``escaped`` are per player, in :data:`PLAYERS` order; ``tops`` lists
    the column (1-based) each escaped figure stands above (BW2), in escape order, with
    its player.  ``barred`` is the push B4 forbids next, if any; ``stalemate`` counts
    turns since the wall first filled in this break-out (None before, B7);
    ``breakout`` numbers the break-outs from 1 (B1: odd ones opened by yellow);
    ``turns`` counts the turns played in this break-out (pushes and passes, B9).
    ``result`` is the winner, ``"draw"``, or None while the game goes on."""

    wall: Wall
    rows: tuple[tuple[Field, ...], ...]
    to_move: Player = Player.YELLOW
    hands: tuple[int, int] = (KNOTS, KNOTS)
    escaped: tuple[int, int] = (0, 0)
    tops: tuple[tuple[Player, int], ...] = ()
    barred: Action | None = None
    stalemate: int | None = None
    breakout: int = 1
    turns: int = 0
    result: Player | str | None = None
    events: tuple[str, ...] = field(default=(), compare=False)

    def hand(self, player: Player) -> int:
        return self.hands[PLAYERS.index(player)]

    def escapes(self, player: Player) -> int:
        return self.escaped[PLAYERS.index(player)]

    def at(self, row: int, col: int) -> Field:
        """The knot in ``row`` (1 = bottom) at field ``col`` (1 = left)."""
        return self.rows[row - 1][col - 1]

    def knots(self, player: Player) -> int:
        """The player's knots in the wall."""
        return sum(f is player for row in self.rows for f in row)

    @property
    def full(self) -> bool:
        return all(f is not None for row in self.rows for f in row)

    @property
    def over(self) -> bool:
        return self.result is not None


def start(wall: Wall = Wall()) -> Position:
    """An empty wall, full hands, yellow to push (B1)."""
    return Position(wall, tuple((None,) * wall.fields for _ in range(wall.rows)))


def _with_hand(hands: tuple[int, int], player: Player, delta: int) -> tuple[int, int]:
    i = PLAYERS.index(player)
    return (hands[0] + delta, hands[1]) if i == 0 else (hands[0], hands[1] + delta)


def pushed(row: tuple[Field, ...], side: Side, knot: Player) -> tuple[tuple[Field, ...], Field]:
    """The row after pushing ``knot`` in at ``side`` (B2), and the knot that fell out."""
    cells = list(row) if side is Side.LEFT else list(reversed(row))
    run = 0
    while run < len(cells) and cells[run] is not None:
        run += 1
    out: Field = None
    if run == len(cells):  # the run reaches the far end: its last knot falls out
        out = cells.pop()
    else:
        del cells[run]  # the gap closes behind the run
    cells.insert(0, knot)
    return (tuple(cells) if side is Side.LEFT else tuple(reversed(cells))), out


def groups(pos: Position, player: Player) -> list[frozenset[tuple[int, int]]]:
    """The player's knots in groups joined left, right, up and down (B5), each a set of
    (row, field)."""
    seen: set[tuple[int, int]] = set()
    out = []
    rows, fields = pos.wall.rows, pos.wall.fields
    for r in range(1, rows + 1):
        for c in range(1, fields + 1):
            if pos.at(r, c) is not player or (r, c) in seen:
                continue
            group = {(r, c)}
            todo = [(r, c)]
            while todo:
                a, b = todo.pop()
                for n in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                    if 1 <= n[0] <= rows and 1 <= n[1] <= fields and n not in group and pos.at(*n) is player:
                        group.add(n)
                        todo.append(n)
            seen |= group
            out.append(frozenset(group))
    return out


def ropes(pos: Position, player: Player) -> list[frozenset[tuple[int, int]]]:
    """The player's ropes (B5): the groups holding a knot in row 1 and one in the top row."""
    top = pos.wall.rows
    return [g for g in groups(pos, player) if any(x == 1 for x, _ in g) and any(x == top for x, _ in g)]


def reaches_top(rows: tuple[tuple[Field, ...], ...], player: Player) -> bool:
    """Whether ``player``'s knots join row 1 to the top row (B5): what :func:`ropes`
    finds, without grouping every knot.  A rope holds a knot in every row, so a row
    without one ends the question at once."""
    if not all(player in row for row in rows):
        return False
    top, width = len(rows) - 1, len(rows[0])
    todo = [(0, c) for c in range(width) if rows[0][c] is player]
    seen = set(todo)
    while todo:
        r, c = todo.pop()
        if r == top:
            return True
        for n in ((r + 1, c), (r, c - 1), (r, c + 1), (r - 1, c)):
            if 0 <= n[0] <= top and 0 <= n[1] < width and n not in seen and rows[n[0]][n[1]] is player:
                seen.add(n)
                todo.append(n)
    return False


def explain(pos: Position, action: Action) -> list[Problem]:
    """Every reason ``action`` may not be played now; empty when it may."""
    who = pos.to_move.value
    if pos.over:
        return [Problem("B8" if pos.result in PLAYERS else drawn_by(pos) or "B7", "the game is over")]
    if action.is_pass:
        if pos.hand(pos.to_move) == 0 or not any(True for _ in _pushes(pos)):
            return []
        return [Problem("B3", f"{who} holds {plural(pos.hand(pos.to_move), 'knot')} and may push: a player passes only "
                              "when no push is left")]
    problems = []
    if not 1 <= action.row <= pos.wall.rows:
        problems.append(Problem("BW1", f"the wall has rows 1 to {pos.wall.rows}, not {action.row}"))
    if pos.hand(pos.to_move) == 0:
        problems.append(Problem("B3", f"{who} has no knot in hand, so passes"))
    if pos.barred == action:
        problems.append(Problem("B4", f"a knot just fell out of row {action.row}: the next push may not come "
                                      f"back in from the {'left' if action.side is Side.LEFT else 'right'}"))
    return problems


@functools.cache
def _all_pushes(rows: int) -> tuple[Action, ...]:
    # Made once per wall height: building Actions was a tenth of the solver's time.
    return tuple(a for r in range(1, rows + 1) for a in (Action(r, Side.LEFT), Action(r, Side.RIGHT)))


def _pushes(pos: Position) -> list[Action]:
    if pos.hand(pos.to_move) == 0:
        return []
    return [a for a in _all_pushes(pos.wall.rows) if a != pos.barred]


def legal_actions(pos: Position) -> list[Action]:
    """What the player to move may do: every push, or else pass (B3, B4); none when
    the game is over."""
    if pos.over:
        return []
    return _pushes(pos) or [PASS]


class IllegalAction(ValueError):
    """An action the rules refuse; ``problems`` says why, with ruling ids."""

    def __init__(self, action: Action, problems: list[Problem]):
        self.action, self.problems = action, problems
        super().__init__(f"{action}: " + "; ".join(str(p) for p in problems))


def _evolve(pos: Position, **changes: object) -> Position:
    """``dataclasses.replace`` for the referee's own positions, without going through
    ``__init__`` (a position is a frozen value with no checks of its own to run): the
    solver builds one for every push it tries, and ``replace`` was a quarter of its
    time."""
    new = object.__new__(Position)
    fields = dict(pos.__dict__)
    fields.update(changes)
    object.__setattr__(new, "__dict__", fields)
    return new


def apply(pos: Position, action: Action) -> Position:
    """The position after ``action``; IllegalAction if the rules refuse it."""
    problems = explain(pos, action)
    if problems:
        raise IllegalAction(action, problems)
    me = pos.to_move
    if action.is_pass:
        return _turn_over(_evolve(pos, to_move=me.other, barred=None), [f"{me.value} passes"])
    row, out = pushed(pos.rows[action.row - 1], action.side, me)
    rows = pos.rows[:action.row - 1] + (row,) + pos.rows[action.row:]
    hands = _with_hand(pos.hands, me, -1)
    events = [f"{me.value} pushes {action}"]
    barred = None
    if out is not None:
        hands = _with_hand(hands, out, +1)
        barred = Action(action.row, action.side.other)  # B4
        events.append(f"a {out.value} knot falls out of row {action.row}")
    nxt = _evolve(pos, rows=rows, hands=hands, to_move=me.other, barred=barred)
    for player in (me, me.other):  # B6: the pusher first
        # Groups are worked out only for a rope that is there (finding all of them
        # after every push was half of the solver's time).
        found = ropes(nxt, player) if reaches_top(rows, player) else []
        if found:
            return _escape(nxt, player, found, events)
    return _turn_over(nxt, events)


def forced_pass(pos: Position) -> Position:
    """The player to move passes whether or not they could push: the single-player
    puzzle's opponent (BQ1), never a move of the game itself (B3 refuses it)."""
    return _turn_over(_evolve(pos, to_move=pos.to_move.other, barred=None), [f"{pos.to_move.value} passes"])


def _turn_over(pos: Position, events: list[str]) -> Position:
    """A turn without an escape has been played: count it in the break-out (B9) and
    towards the stalemate (B7).  The count starts, at 0, on the turn the wall is
    first full (B7) or the break-out's :data:`LONG_TURNS`-th turn (B9), and a turn
    after that adds one; at :data:`STALEMATE_TURNS` the game is drawn."""
    turns = pos.turns + 1  # one replace per branch: building positions is what the solver spends its time on
    if pos.stalemate is None:
        if pos.full:
            return _evolve(pos, turns=turns, stalemate=0,
                           events=(*events, "the wall is full: 5 rounds to an escape (B7)"))
        if turns >= LONG_TURNS:
            news = f"{LONG_TURNS // 2} rounds without an escape: 5 more rounds to an escape (B9)"
            return _evolve(pos, turns=turns, stalemate=0, events=(*events, news))
        return _evolve(pos, turns=turns, events=tuple(events))
    count = pos.stalemate + 1
    if count >= STALEMATE_TURNS:
        drawn = _evolve(pos, turns=turns, stalemate=count, result="draw")
        return _evolve(drawn, events=(*events, f"5 rounds without an escape: a draw ({count_cause(drawn)})"))
    return _evolve(pos, turns=turns, stalemate=count, events=tuple(events))


def count_cause(pos: Position) -> str | None:
    """The ruling that started the stalemate count, from the position alone: ``B9``
    when it began on the break-out's :data:`LONG_TURNS`-th turn (if the wall filled
    on that very turn, both did) or the wall is not full (once full, a wall stays full
    until the next escape, so only B9 starts a count on a wall with a gap), else
    ``B7``; None before the count."""
    if pos.stalemate is None:
        return None
    return "B9" if not pos.full or pos.turns - pos.stalemate == LONG_TURNS else "B7"


def drawn_by(pos: Position) -> str | None:
    """The ruling that drew a game over in a draw: ``B7`` (the full wall's count) or
    ``B9`` (the long break-out's); None for a game not drawn (:func:`count_cause`)."""
    return count_cause(pos) if pos.result == "draw" else None


def _escape(pos: Position, player: Player, found: list[frozenset[tuple[int, int]]], events: list[str]) -> Position:
    top = pos.wall.rows
    column = min(c for rope in found for r, c in rope if r == top)
    i = PLAYERS.index(player)
    escaped = (pos.escaped[0] + (i == 0), pos.escaped[1] + (i == 1))
    events.append(f"{player.value} escapes over column {column} (B6)")
    if escaped[i] >= TO_WIN:
        events.append(f"{player.value} wins (B8)")
        return _evolve(pos, escaped=escaped, tops=(*pos.tops, (player, column)), result=player, events=tuple(events))
    nxt = pos.breakout + 1
    opener = Player.YELLOW if nxt % 2 == 1 else Player.BLUE  # B1: break-outs are opened in turn
    return _evolve(pos, rows=start(pos.wall).rows, hands=(KNOTS, KNOTS), escaped=escaped,
                   tops=(*pos.tops, (player, column)), barred=None, stalemate=None, breakout=nxt, turns=0, to_move=opener,
                   events=tuple(events))


__all__ = ["FIGURES", "KNOTS", "LONG_TURNS", "PASS", "PLAYERS", "STALEMATE_TURNS", "TO_WIN", "Action", "IllegalAction", "Player",
           "Position", "Side", "Wall", "apply", "count_cause", "drawn_by", "explain", "forced_pass", "groups", "legal_actions", "parse_action", "pushed", "reaches_top", "ropes", "start"]
