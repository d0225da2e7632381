"""The terminal picture of a Hekla position (``sectionx show``): the area, top row
first, each field's stones (``r3`` a red 3, ``L0`` lava, ``*`` a hot field, HG2),
then the volcanists' progress, the supplies and the lava left."""

from __future__ import annotations

from .rules import Position, field_name


def _cell(pos: Position, c: int, r: int) -> str:
    stones = pos.at((c, r))
    text = " ".join(("L" if s.lava else s.owner[0]) + str(s.value) for s in stones) or "."
    return (text + ("*" if (c, r) in pos.board.hot else "")).center(7)


def picture(pos: Position, *, title: str = "") -> str:
    lines = [title] if title else []
    for r in range(pos.board.height - 1, -1, -1):
        lines.append(f"{r + 1:>2} |" + "|".join(_cell(pos, c, r) for c in range(pos.board.width)) + "|")
    lines.append("    " + "".join(chr(ord("a") + c).center(8) for c in range(pos.board.width)))
    lines.append("")
    for p, t in zip(pos.players, pos.track):
        spot = field_name(pos.board.track_field(t)) if pos.board.inside(pos.board.track_field(t)) else pos.board.track_field(t)
        ring = "inner" if t < len(pos.board.inner) else "outer"
        lines.append(f"{p}: {t} fields on the track ({ring} ring, at {spot}); supply " + (" ".join(map(str, pos.supply(p))) or "empty"))
    lines.append(f"Lava left: {pos.lava[0]} of value 0, {pos.lava[1]} of value 1 ({pos.lava_placed} of 20 placed).")
    lines.append("Game over: " + ", ".join(map(str, pos.winners)) + " win (H8)." if pos.over else f"{pos.player} to move.")
    return "\n".join(lines) + "\n"
