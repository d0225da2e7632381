"""The terminal picture of a Breakout position (``sectionx show``).

The wall as it stands, top row first, with each row's number and its push ends
(``L3 >`` ... ``< R3``), the wall top with the escaped figures above their columns
(BW2: ``Y``/``B``, a number when several share a section), then hands, escapes,
whose push, the B4 bar, the B7/B9 counts and, for a puzzle, its goal (BQ1).
"""

from __future__ import annotations

import textwrap

from .formats import Goal
from .rules import LONG_TURNS, PLAYERS, STALEMATE_TURNS, Player, Position, count_cause, drawn_by

_KNOT = {Player.YELLOW: "y", Player.BLUE: "b", None: "."}
#: What the picture's symbols mean (``show`` prints it under the wall).
LEGEND = ("Legend: y a yellow knot, b a blue knot, . an empty field; L3 > and < R3 are row 3's left and right ends, "
          "where knots are pushed in (x: the push B4 bars); on the wall top, Y or B is an escaped figure above its "
          "column, a number how many share it (BW2).")


def goal_sentence(pos: Position, goal: Goal) -> str:
    """``yellow escapes within 3 turns, the other player defending (BQ1)``."""
    other = "the other player passing" if goal.passes else "whatever the other player does"
    return f"{pos.to_move.value} to escape within {goal.turns} turn{'s' if goal.turns != 1 else ''}, {other} (BQ1)"


def picture(pos: Position, *, title: str = "", goal: Goal | None = None, legend: bool = False) -> str:
    """The position as text, ending in a newline; with ``legend`` (``show``) what its
    symbols mean, under the wall."""
    width = len(str(pos.wall.rows))
    pad = " " * (width + 5)
    lines = [title] if title else []
    lines.append(pad + " ".join(str(c % 10) for c in range(1, pos.wall.fields + 1)) + "   (fields)")
    top = []
    for col in range(1, pos.wall.fields + 1):
        here = [p for p, c in pos.tops if c == col]
        top.append("-" if not here else (here[0].value[0].upper() if len(here) == 1 else str(len(here))))
    lines.append(" " * width + " top " + " ".join(top) + "   (wall top, BW2)")
    for r in range(pos.wall.rows, 0, -1):
        ends = {side: "x" if pos.barred is not None and (pos.barred.row, pos.barred.side.value) == (r, side) else arrow
                for side, arrow in (("L", ">"), ("R", "<"))}  # x: the push B4 bars
        knots = " ".join(_KNOT[f] for f in pos.rows[r - 1])
        lines.append(f"{f'L{r}'.rjust(width + 1)} {ends['L']} {knots} {ends['R']} R{r}")
    if legend:
        lines += textwrap.wrap(LEGEND, 92)
    lines.append("")
    lines.append(f"Break-out {pos.breakout}, turn {pos.turns + 1}: {pos.to_move.value} to push."
                 if not pos.over else _result(pos))
    lines.append("Hands: " + ", ".join(f"{p.value} {pos.hand(p)}" for p in PLAYERS)
                 + "; in the wall: " + ", ".join(f"{p.value} {pos.knots(p)}" for p in PLAYERS) + ".")
    lines.append("Escaped: " + ", ".join(f"{p.value} {pos.escapes(p)}" for p in PLAYERS) + " (3 win, B8).")
    if pos.barred is not None:
        lines.append(f"Barred: {pos.barred} (B4: a knot just fell out of row {pos.barred.row}).")
    if pos.stalemate is not None:
        why = "the wall filled, B7" if count_cause(pos) == "B7" else f"the break-out's {LONG_TURNS}th turn, B9"
        lines.append(f"Stalemate count: {pos.stalemate} of {STALEMATE_TURNS} turns since {why}.")
    if goal is not None:
        lines.append(f"Puzzle: {goal_sentence(pos, goal)}.")
    return "\n".join(lines) + "\n"


def _result(pos: Position) -> str:
    if isinstance(pos.result, Player):
        return f"The game is over: {pos.result.value} wins (B8)."
    return f"The game is over: a draw ({drawn_by(pos)})."
