"""The terminal picture of a Der Tunnel position (``sectionx show``).

The board, top row (north) first: each tile a block of five lines showing its edges
(C city, R road, F field, at the middle of each side), its name and turn, the
follower on it (at most one: a follower goes only on the tile just placed, CB2) as
its player's letter and the place it stands (``g:W``), and each tunnel opening beside
its edge (``o`` unclaimed, else the letter of the token's set).  Column numbers (x)
above, row numbers (y, growing south, TG4) on the left.  Then the players (scores,
followers in supply, token sets), the stack, the features that hold followers, and
for a game that is over the end's score sheet (CB9) and the winners (CB10).
"""

from __future__ import annotations

import textwrap

from ...console import plural
from .model import COLOURS, FOLLOWERS, Cell, Position, Score
from .records import final_sheet, winners
from .rules import VARIANTS, cell_text, opening_text
from .tiles import EDGES, HALVES

#: One letter for each colour: followers and tokens in the picture.
LETTERS = dict(zip(COLOURS, "rgbyke", strict=True))
WIDTH, HEIGHT = 9, 5

LEGEND = ("Legend: each tile shows its edges (C city, R road, F field), its name@turn, the follower on it as "
          "colour:place (r red, g green, b blue, y yellow, k black; the place an edge for a road or city, a "
          "half-edge such as Es for a field, + for the cloister), and its tunnel openings beside their edges "
          "(o unclaimed, else the token's set: r g b y k e for red green blue yellow black grey). x grows east, "
          "y south (TG4).")


def _block(pos: Position, cell: Cell) -> list[str]:
    placed = pos.board[cell]
    tile = placed.tile
    rows = [list("+" + "-" * (WIDTH - 2) + "+")] + [list("|" + " " * (WIDTH - 2) + "|") for _ in range(HEIGHT - 2)] \
        + [list("+" + "-" * (WIDTH - 2) + "+")]
    mid_x, mid_y = WIDTH // 2, HEIGHT // 2
    rows[0][mid_x] = tile.edges[0]
    rows[mid_y][WIDTH - 1] = tile.edges[1]
    rows[HEIGHT - 1][mid_x] = tile.edges[2]
    rows[mid_y][0] = tile.edges[3]
    name = f"{tile.tile.name}@{tile.rotation}"
    rows[1][1:1 + len(name)] = list(name)
    for local, feature in enumerate(tile.features):
        seat = pos.followers.get((cell, local))
        if seat is not None:
            if feature.kind == "cloister":
                place = "+"
            elif feature.kind == "field":
                place = HALVES[feature.halves[0]]
            else:
                place = EDGES[feature.edges[0]]
            mark = f"{LETTERS[pos.players[seat]]}:{place}"
            start = (WIDTH - len(mark)) // 2
            rows[mid_y][start:start + len(mark)] = list(mark)
        if feature.end == "opening":
            edge = feature.edges[0]
            owner = pos.tokens.get((cell, edge))
            sign = "o" if owner is None else LETTERS[owner]
            spot = {0: (0, mid_x + 1), 1: (mid_y + 1, WIDTH - 1), 2: (HEIGHT - 1, mid_x + 1), 3: (mid_y + 1, 0)}[edge]
            rows[spot[0]][spot[1]] = sign
    return ["".join(r) for r in rows]


def board(pos: Position) -> list[str]:
    """The board as text lines, with coordinates."""
    xs = [c[0] for c in pos.board]
    ys = [c[1] for c in pos.board]
    left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)
    label = max(len(str(top)), len(str(bottom)), 2)
    lines = [" " * (label + 1) + " ".join(str(x).center(WIDTH) for x in range(left, right + 1)).rstrip()]
    empty = [" " * WIDTH] * HEIGHT
    for y in range(top, bottom + 1):
        blocks = [_block(pos, (x, y)) if (x, y) in pos.board else empty for x in range(left, right + 1)]
        for r in range(HEIGHT):
            head = str(y).rjust(label) if r == HEIGHT // 2 else " " * label
            lines.append((head + " " + " ".join(b[r] for b in blocks)).rstrip())
    return lines


def _sets(pos: Position, seat: int | None) -> str:
    parts = []
    for name, owner in pos.sets.items():
        if owner != seat:
            continue
        laid = pos.placed.get(name, ())
        where = " ".join(opening_text(o) for o in laid)
        state = ("in supply" if not laid else f"one laid on {where}" if len(laid) == 1 else f"both laid, {where}")
        steal = ", open to theft (TV2)" if name in pos.stealable else ""
        parts.append(f"{name} ({state}{steal})")
    return ", ".join(parts) or "none"


def _cells(cells: tuple[Cell, ...] | list[Cell]) -> str:
    cells = sorted(cells, key=lambda c: (c[1], c[0]))
    shown = " ".join(cell_text(c) for c in cells[:8])
    return shown + (f" and {len(cells) - 8} more" if len(cells) > 8 else "")


def features(pos: Position) -> list[str]:
    """Every feature that holds a follower: what it is, where, whether complete, who."""
    lines = []
    found = []
    for info in pos.info.values():
        if not info.followers:
            continue
        counts = pos.counts(info)
        who = ", ".join(f"{pos.players[s]} {n}" for s, n in enumerate(counts) if n)
        if info.kind == "field":
            cities = {pos.find(c) for c in info.cities}
            state = f"touches {plural(sum(1 for c in cities if pos.complete(c)), 'completed city', 'completed cities')}"
        elif info.kind == "cloister":
            (cell,) = info.tiles
            state = f"{pos.around(cell)} of 8 tiles around"
        else:
            state = "open" if info.open else "closed"
            if info.unpaired:
                state += f", {plural(info.unpaired, 'opening')} not joined (TU3)"
            if info.tunnels:
                state += f", {plural(info.tunnels, 'tunnel')}"
        key = min((c[1], c[0]) for c in info.tiles)
        size = plural(len(info.tiles), "tile")
        found.append((key, info.kind, f"  {info.kind} on {_cells(list(info.tiles))} ({size}, {state}): {who}"))
    for _, _, line in sorted(found):
        lines.append(line)
    return lines


def sheet_lines(pos: Position, sheet: list[Score]) -> list[str]:
    """A score sheet, one feature a line: what scored what for whom, and why."""
    lines = []
    for s in sheet:
        who = " and ".join(pos.players[i] for i in s.seats) or "nobody"
        lines.append(f"  {s.kind} on {_cells(s.cells)}: {s.points} for {who} ({s.rule}: {s.detail})")
    return lines


def picture(pos: Position, *, title: str = "", legend: bool = False) -> str:
    """The position as text, ending in a newline; with ``legend`` (``show``) what its
    symbols mean, under the board."""
    lines = [title] if title else []
    lines += board(pos)
    if legend:
        lines += textwrap.wrap(LEGEND, 96)
    lines.append("")
    for seat, player in enumerate(pos.players):
        on_board = FOLLOWERS - pos.supply[seat]
        lines.append(f"{player}: {plural(pos.scores[seat], 'point')}, {plural(pos.supply[seat], 'follower')} in supply "
                     f"({on_board} on the board); token sets: {_sets(pos, seat)}")
    if "TV3" in pos.variants:
        lines.append(f"Common token pairs (TV3): {_sets(pos, None)}")
    variants = ", ".join(v for v in VARIANTS if v in pos.variants) or "none"
    lines.append(f"Tokens {pos.token_count} (TU8); variants: {variants}.")
    if pos.stack is not None:
        shown = " ".join(pos.stack[:12]) + (" ..." if len(pos.stack) > 12 else ".")
        lines.append(f"Stack: {plural(pos.left, 'tile')} in a known order" + (f": {shown}" if pos.stack else "."))
    else:
        lines.append(f"Stack: {plural(pos.left, 'tile')}, order unknown.")
    if pos.out:
        lines.append(f"Out of the game (CB11): {' '.join(pos.out)}.")
    held = features(pos)
    if held:
        lines.append("Features with followers:")
        lines += held
    if pos.over:
        scores, sheet = final_sheet(pos)
        lines.append("The end's scoring (CB9):" if sheet else "The end's scoring (CB9): no follower left to score.")
        lines += sheet_lines(pos, sheet)
        best = winners(pos, scores)
        lines.append("Final scores: " + ", ".join(f"{p} {s}" for p, s in zip(pos.players, scores, strict=True))
                     + f"; {' and '.join(best)} win{'s' if len(best) == 1 else ''} (CB10).")
    else:
        lines.append(f"{pos.player} to draw.")
    return "\n".join(lines) + "\n"
