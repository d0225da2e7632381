"""The terminal picture of a Hekla position (``sectionx show``): the area, top row
first, each field's stones (``r3`` a red 3, ``L0`` lava, ``*`` a hot field, HG2),
then the volcanists' progress, the supplies and the lava left."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from .rules import Position, line_name

if TYPE_CHECKING:
    from .formats import Goal


#: What the picture's symbols mean (``show`` prints it under the area).
LEGEND = ("Legend: r3 is a red volcano stone of value 3 (g green, y yellow, b blue; HG5), L0 a lava stone of value 0 "
          "(H7), . an empty field, * a hot field (HG2); a field's stones in the order they were placed; rows 1 (bottom) "
          "up, columns a (left) on (HG1).")


def _cell(pos: Position, c: int, r: int) -> str:
    stones = pos.at((c, r))
    text = " ".join(("L" if s.lava else s.owner[0]) + str(s.value) for s in stones) or "."
    return (text + ("*" if (c, r) in pos.board.hot else "")).center(7)


def where(pos: Position, progress: int) -> str:
    """A volcanist's place in words (HG3): its track field numbered as the board
    prints it (the fields advanced; the outer ring by its first time round, with the
    lap when it is a later one: the inner ring is lap 1) and the line there (HG4)."""
    board = pos.board
    line = board.line(board.track_field(progress))
    place = board.track_name(progress)
    return place + (", no line" if line is None else f", line along {line_name(line, board)}")


def picture(pos: Position, *, title: str = "", legend: bool = False) -> str:
    """The position as text, ending in a newline; with ``legend`` (``show``) what its
    symbols mean, under the area."""
    lines = [title] if title else []
    for r in range(pos.board.height - 1, -1, -1):
        lines.append(f"{r + 1:>2} |" + "|".join(_cell(pos, c, r) for c in range(pos.board.width)) + "|")
    lines.append("    " + "".join(chr(ord("a") + c).center(8) for c in range(pos.board.width)))
    if legend:
        lines += textwrap.wrap(LEGEND, 92)
    lines.append("")
    for p, t in zip(pos.players, pos.track):
        lines.append(f"{p}: {t} field{'s' if t != 1 else ''} on the track ({where(pos, t)}); supply "
                     + (" ".join(map(str, pos.supply(p))) or "empty"))
    lines.append(f"Lava left: {pos.lava[0]} of value 0, {pos.lava[1]} of value 1 ({pos.lava_placed} of 20 placed); "
                 f"{pos.quiet} turn{'s' if pos.quiet != 1 else ''} without an eruption (H9 ends the game at {pos.quiet_limit}).")
    lines.append(f"Game over: {', '.join(map(str, pos.winners))} win ({pos.ended_by})." if pos.over else f"{pos.player} to move.")
    return "\n".join(lines) + "\n"


def goal_sentence(pos: Position, goal: Goal) -> str:
    """A puzzle's question in words (HQ1)."""
    n = goal.within
    return (f"{pos.player.value.capitalize()} to gain at least {goal.gain} track fields within {n} turn"
            f"{'s' if n != 1 else ''}, the others passing (HQ1)")
