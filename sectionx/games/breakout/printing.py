"""Breakout puzzles made ready for the house's printed layouts (``sheet``, ``deck``,
``book``): a :class:`~sectionx.render.puzzleprint.PrintedPuzzle` from a puzzle and
its answer.

* The picture is the puzzle as the player meets it: the wall as ``render`` draws it
  (the barred push crossed out, B4), cropped to the wall; the goal, the hands, who
  defends or passes and the stalemate count are words beside it (BQ1).
* Each step is one of the solver's turns on the main line (:mod:`.answers`): the
  wall after the push, the push's arrow and the fields it changed highlighted (at
  an escape, the rope), and in words what the push did, then **every reply of the
  other player with the winning answer to it** (replies with the same answer on
  one line), and which reply defends longest: the one the next step answers.
* A solution record (``solve -o``) is printed as it was played: each of the
  solver's pushes and the reply the record gives (nothing is proved of it).

Words for players: pushes are named by the arrows printed on the wall (``L3``: row 3
from the left).  Pure: positions in, a printed puzzle out; solving is the caller's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...render import figures as pictures
from ...render.puzzleprint import PrintedPuzzle, Step
from ...render.scene import Document
from ...render.theme import Theme
from . import art, formats
from .answers import Reply, Solution
from .rules import STALEMATE_TURNS, Action, Player, Position, Side, apply, pushed, ropes


def picture(pos: Position, theme: Theme, marks: formats.Marks = formats.NO_MARKS, *, name: str = "breakout") -> Document:
    """The wall alone, cropped (no notes: the layouts set the words)."""
    items, g = art.wall_items(theme, pos, coords=False, marks=marks)
    # With no notes the page ends a notes' gap below ``bottom``: raised by 4 mm, it
    # ends 3.5 mm below the wall's frame, as the other sides do.
    return pictures.picture(theme, items, width=g.x0 + g.width + art.END + art.MARGIN, bottom=g.y0 + g.height - 4.0,
                            title="", notes=(), body="wall", name=name, untitled="Breakout puzzle")


def goal_words(pos: Position, goal: formats.Goal) -> str:
    """The goal in one sentence, for players (BQ1)."""
    me, other = pos.to_move.value, pos.to_move.other.value
    n = goal.turns
    play = f"while {other} passes every turn" if goal.passes else f"whatever {other} does"
    return f"{me.capitalize()}: escape within {n} turn{'s' if n != 1 else ''}, {play}."


def fact_lines(pos: Position, goal: formats.Goal) -> tuple[str, ...]:
    """What else a solver must know beyond the picture: the hands (B1, B3), who
    defends (BQ1), the bar (B4), the stalemate count (B7)."""
    me, other = pos.to_move, pos.to_move.other
    out = [f"{me.value.capitalize()} holds {_knots(pos.hand(me))}, {other.value} {_knots(pos.hand(other))}."]
    out.append(f"{other.value.capitalize()} passes every turn." if goal.passes else
               f"{other.value.capitalize()} defends, pushing to stop {me.value}; a rope that {other.value}'s push "
               f"gives {me.value} still counts (B6).")
    if pos.barred is not None:
        out.append(f"{pos.barred} is crossed out: a knot has just fallen out of row {pos.barred.row} (B4).")
    if pos.stalemate is not None:
        left = STALEMATE_TURNS - pos.stalemate
        out.append(f"The wall is full: {left} more turn{'s' if left != 1 else ''} without an escape and the game is "
                   "a draw (B7).")
    return tuple(out)


def _knots(n: int) -> str:
    return f"{n} knot{'s' if n != 1 else ''}"


def _ends(side: Side) -> str:
    return "left" if side is Side.LEFT else "right"


@dataclass(frozen=True)
class Pushed:
    """A push worked out for the page: the wall right after it (before an escape
    clears it), the fields it changed, the knot that fell out, who escaped."""

    before: Position
    push: Action
    shown: Position
    changed: tuple[tuple[int, int], ...]
    fell: Player | None
    escaped: Player | None
    column: int


def worked(pos: Position, push: Action) -> Pushed:
    """``push`` (legal) played from ``pos``, as the page shows it."""
    after = apply(pos, push)
    escaped = next((p for p in (pos.to_move, pos.to_move.other) if after.escapes(p) > pos.escapes(p)), None)
    if push.is_pass:
        return Pushed(pos, push, after, (), None, escaped, 0)
    row, fell = pushed(pos.rows[push.row - 1], push.side, pos.to_move)
    rows = pos.rows[:push.row - 1] + (row,) + pos.rows[push.row:]
    changed = tuple((push.row, c + 1) for c in range(pos.wall.fields) if row[c] != pos.rows[push.row - 1][c])
    # The wall as it stands after the push: an escape clears it (B6), so the page
    # draws the rope before that, with the figure already on the wall top.
    shown = Position(pos.wall, rows, pos.to_move.other, after.hands, after.escaped, after.tops, after.barred,
                     after.stalemate, pos.breakout, after.turns)
    column = after.tops[-1][1] if escaped is not None else 0
    return Pushed(pos, push, shown, changed, fell, escaped, column)


def push_lines(w: Pushed) -> list[str]:
    """What a push did, in words (B2, B4, B6)."""
    who = w.before.to_move.value.capitalize()
    if w.push.is_pass:
        return [f"{who} holds no knot and passes (B3)."]
    row = w.before.rows[w.push.row - 1]
    run = 0
    for f in row if w.push.side is Side.LEFT else reversed(row):
        if f is None:
            break
        run += 1
    where = f"the {_ends(w.push.side)} end of row {w.push.row}"
    if run == 0:
        out = [f"The knot goes in at {where}, on the empty end field."]
    elif w.fell is None:
        out = [(f"The knot goes in at {where}; the {run} knot{'s' if run != 1 else ''} next to it move"
               f"{'s' if run == 1 else ''} one field along, up to the gap.")]
    else:
        out = [(f"The knot goes in at {where}; the whole row moves one field along and a {w.fell.value} knot falls "
               f"out, back to {w.fell.value}'s hand. {w.push.side.other.value}{w.push.row} is barred for the next "
               "push (B4).")]
    if w.escaped is not None:
        out.append(f"{w.escaped.value.capitalize()}'s knots join row 1 to row {w.before.wall.rows}: a "
                   f"{w.escaped.value} figure escapes over column {w.column} (B6).")
    return out


def _group(replies: Sequence[Reply]) -> list[tuple[tuple[Action, ...], Reply]]:
    """Replies with the same answer, together, in the order of the first of each."""
    groups: dict[tuple[bool, Action | None, int], list[Reply]] = {}
    for r in replies:
        groups.setdefault((r.escape, r.answer, r.turns), []).append(r)
    return [(tuple(r.push for r in rs), rs[0]) for rs in groups.values()]


def _or(pushes: Sequence[Action]) -> str:
    names = [str(p) for p in pushes]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def reply_lines(me: Player, replies: Sequence[Reply], defence: Reply | None, *, solo: bool) -> list[str]:
    """Every reply of the other player with the winning answer to it (BQ1)."""
    other = me.other.value
    if len(replies) == 1 and replies[0].push.is_pass:
        why = "" if solo else " (no knot in hand, B3)"
        return [f"{other.capitalize()} passes{why}."]
    out = [f"{other.capitalize()}'s replies, and {me.value}'s winning answer to each:"]
    for pushes, r in _group(replies):
        if r.escape:
            answer = f"gives {me.value} a rope: {me.value} escapes at once (B6)"
        elif r.turns == 1:
            answer = f"{r.answer}, escaping"
        else:
            answer = f"{r.answer}, then an escape within {r.turns - 1} more turn{'s' if r.turns != 2 else ''}"
        out.append(f"- {_or(pushes)}: {answer}.")
    if defence is not None and not defence.escape:
        out.append(f"{other.capitalize()}'s longest defence: {defence.push} (the next step).")
    return out


def _marks(w: Pushed) -> formats.Marks:
    """A step's highlights: the push's arrow, and the fields it changed, or at an
    escape the rope."""
    if w.escaped is not None:
        rope = sorted(f for r in ropes(w.shown, w.escaped) for f in r)
        return formats.Marks(tuple(rope), (w.push,))
    return formats.Marks(w.changed, () if w.push.is_pass else (w.push,))


def _heading(number: int, pos: Position, push: Action) -> str:
    who = pos.to_move.value
    return f"Turn {number}: {who} passes" if push.is_pass else f"Turn {number}: {who} pushes {push}"


def _brief(w: Pushed, defence: Reply | None) -> str:
    """The turn in one short sentence, for a card's back."""
    move = "Pass" if w.push.is_pass else f"Push {w.push}"
    if w.escaped is not None:
        return f"{move}: escape over column {w.column}."
    if defence is None:
        return f"{move}."
    other = w.before.to_move.other.value
    if defence.escape:
        return f"{move}: every reply gives you a rope."
    return f"{move}; {other}'s longest defence: {defence.push}."


def solution_steps(solution: Solution, theme: Theme, *, solo: bool) -> tuple[Step, ...]:
    """The main line, a step per turn of the solver, every reply answered (the other
    player passing every turn when ``solo``)."""
    steps = []
    for turn in solution.line:
        w = worked(turn.before, turn.push)
        lines = push_lines(w)
        if turn.duals:
            verb = "escape" if w.escaped else "win"
            lines.append(f"{_or(turn.duals)} {verb}{'s' if len(turn.duals) == 1 else ''} as well.")
        if not w.escaped:
            lines += reply_lines(turn.before.to_move, turn.replies, turn.defence, solo=solo)
        shown = picture(w.shown, theme, _marks(w), name=f"turn-{turn.number}")
        steps.append(Step(_heading(turn.number, turn.before, turn.push), shown, tuple(lines), _brief(w, turn.defence)))
    return tuple(steps)


def line_steps(pos: Position, line: Sequence[Action], theme: Theme, *, solo: bool) -> tuple[Step, ...]:
    """A line as a record gives it (the solver's push, the other's reply, ...): a step
    per push of the solver, with the reply the line gives."""
    steps = []
    me = pos.to_move
    number = 0
    i = 0
    while i < len(line):
        push = line[i]
        number += 1
        w = worked(pos, push)
        lines = push_lines(w)
        pos = apply(pos, push)
        i += 1
        if w.escaped is None and i < len(line):
            reply = line[i]
            lines.append(f"{me.other.value.capitalize()} {'passes' if reply.is_pass else f'replies {reply}'}.")
            answer = worked(pos, reply)
            if answer.escaped is not None:
                lines.append(f"That push gives {answer.escaped.value} a rope: {answer.escaped.value} escapes (B6).")
            pos = _reply(pos, reply, solo)
            i += 1
        shown = picture(w.shown, theme, _marks(w), name=f"turn-{number}")
        steps.append(Step(_heading(number, w.before, push), shown, tuple(lines),
                          f"{'Pass' if push.is_pass else f'Push {push}'}"
                          + (f": escape over column {w.column}." if w.escaped else ".")))
    return tuple(steps)


def _reply(pos: Position, reply: Action, solo: bool) -> Position:
    from .rules import forced_pass

    return forced_pass(pos) if solo else apply(pos, reply)


def printed(pos: Position, goal: formats.Goal, steps: tuple[Step, ...], theme: Theme, *, title: str, summary: str,
            turns: int, number: int = 0, tier: str | None = None, grade_id: str = "", source: str = "") -> PrintedPuzzle:
    """A puzzle with its steps as the house's layouts print it."""
    return PrintedPuzzle(number, title or "Breakout puzzle", goal_words(pos, goal), picture(pos, theme), steps, summary,
                         turns, fact_lines(pos, goal), tier, grade_id, source)


def summary(solution: Solution) -> str:
    """One line: the proved fewest turns and whether the answer is the only one."""
    n = solution.turns
    first = (f"the only winning first push, {solution.first}" if not solution.line[0].duals else
             f"{len(solution.line[0].duals) + 1} winning first pushes")
    return (f"{n} turn{'s' if n != 1 else ''}, the fewest possible (proved); {first}"
            + ("; the only solution." if solution.unique else "; not the only solution."))


__all__ = ["Pushed", "fact_lines", "goal_words", "line_steps", "picture", "printed", "push_lines", "reply_lines",
           "solution_steps", "summary", "worked"]
