"""A text picture of a state for the terminal (``sectionx show``).

Each cell is drawn as a small pointy-top hexagon of three lines::

     \\RB /       prisoners (colour letters) between the north-west and
    -T05  -      north-east openings; the tile id between west and east;
     / r \\       doors (lower-case colour letters) between south-west and south-east

A stroke (``\\ / -``) on a side means the tile opens there.  Island cells show
``:::``, green cells ``=NE=`` with their zone name, empty tile cells a dot.
Below the picture come the details the picture cannot show: every tile's
features, where each player's prisoners, doors and tiles are, zones and the turn.

Pure function: state in, text out.
"""

from __future__ import annotations

from collections import defaultdict

from ....hexgrid import EDGE_NAMES, Cell
from ..model import Board, Catalogue, Goal, GoalKind, PlaceKind, State

CELL_W = 8  # characters per cell column (7 drawn + 1 gap)
HALF = CELL_W // 2
PHASES = {1: "take a tile", 2: "tile action", 3: "prisoners or a door"}


def _phase_text(state: State) -> str:
    """The phase to move in; phase 1 is skipped by a player holding 3 tiles or facing
    empty stacks (N1, N5), so such a turn is told as its tile action."""
    phase = state.turn.phase
    if phase == 1 and state.turn == type(state.turn)(player=state.turn.player):
        if not any(state.stacks):
            return "phase 2 (tile action; phase 1 skipped: the stacks are empty, N5)"
        if len(state.current.hand) >= 3:
            return "phase 2 (tile action; phase 1 skipped: 3 tiles in hand, N1)"
    return f"phase {phase} ({PHASES.get(phase, '?')})"


def _grid_origin(state: State) -> tuple[int, int, int, int]:
    cells = state.board.cells
    min_r = min(c.r for c in cells)
    max_r = max(c.r for c in cells)
    min_x = min(2 * c.q + c.r for c in cells)
    max_x = max(2 * c.q + c.r for c in cells)
    return min_r, max_r, min_x, max_x


def goal_sentence(goal: Goal) -> str:
    """A puzzle's goal in words, e.g. "red to bring 1 prisoner onto a green area within
    2 turns" (the other players pass, Q2); shared by ``show`` and the diagrams.
    An ``all`` goal lists its parts and says they must hold at once (Q4)."""
    parts = [_goal_words(part) for part in goal.leaves]
    what = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1] + ", all at once"
    within = f" within {goal.turns} turn{'s' if goal.turns != 1 else ''}" if goal.turns else ""
    if within and len(parts) > 1:
        within = "," + within
    return f"{goal.player} to {what}{within}"


def _goal_words(goal: Goal) -> str:
    n = goal.count
    return {
        GoalKind.FREE: f"bring {n} prisoner{'s' if n != 1 else ''} onto {'a green area' if n == 1 else 'green areas'}",
        GoalKind.HIDE: "hide every prisoner still in play in a hideout or on the island, losing none",
        GoalKind.KEY: "gain the master key",
        GoalKind.ZONE: f"claim free zone {goal.zone}",
    }[goal.kind]


def board_picture(state: State) -> list[str]:
    """The board as lines of text (see module docstring)."""
    min_r, max_r, min_x, max_x = _grid_origin(state)
    width = (max_x - min_x) * HALF + CELL_W
    rows = [[" "] * width for _ in range((max_r - min_r + 1) * 3)]

    prisoners: dict[Cell, str] = defaultdict(str)
    doors: dict[Cell, str] = defaultdict(str)
    for p in state.players:
        for place in p.prisoners:
            if place.kind in (PlaceKind.TILE, PlaceKind.GREEN):
                prisoners[place.at] += p.colour.letter
        for spot in p.doors:
            doors[spot.cell] += p.colour.letter.lower()
    zone_of = state.board.zone_of_cell

    def put(row: int, col: int, text: str) -> None:
        for i, ch in enumerate(text):
            if 0 <= col + i < width:
                rows[row][col + i] = ch

    for cell in state.board.cells:
        x = (2 * cell.q + cell.r - min_x) * HALF
        y = (cell.r - min_r) * 3
        if cell in state.board.island:
            put(y + 1, x + 1, " ::: ")
            continue
        if cell in state.board.green:
            put(y + 1, x + 1, f"={zone_of.get(cell, '?')[:3]}=".center(5))
            put(y, x + 2, prisoners[cell][:3])
            continue
        placed = state.tile_at.get(cell)
        if placed is None:
            put(y + 1, x + 3, ".")
            continue
        label = placed.tile[:5]
        put(y + 1, x + 1, label.center(5))
        if placed.tile in state.catalogue:
            open_edges = state.catalogue[placed.tile].open_edges(placed.rotation)
            marks = {0: (y + 1, x + 6, "-"), 1: (y + 2, x + 5, "\\"), 2: (y + 2, x + 1, "/"),
                     3: (y + 1, x + 0, "-"), 4: (y, x + 1, "\\"), 5: (y, x + 5, "/")}
            for edge in open_edges:
                r_, c_, ch = marks[edge]
                put(r_, c_, ch)
        put(y, x + 2, prisoners[cell][:3])
        put(y + 2, x + 2, doors[cell][:3].center(3))
    return ["".join(r).rstrip() for r in rows]


def describe(state: State, *, title: str = "", puzzle: bool = False) -> str:
    """Board picture plus a legend of tiles, players, zones and the turn."""
    lines = []
    if title:
        lines += [title, "=" * len(title)]
    cur = state.current.colour
    game = "advanced game" if state.advanced else "standard game"
    status = (
        f"Game over: {', '.join(f'{i + 1}. {c}' for i, c in enumerate(state.ranking))}"
        if state.finished
        else f"Round {state.round}, {cur} to move, {_phase_text(state)}"
    )
    lines.append(f"{status}. {len(state.players)} players, {game}, {state.board.name} board, "
                 f"target {state.target} freed, round ends at {state.discovery} on green.")
    if state.last_round:
        lines.append("This is the last round (E5).")
    if state.turn.moved:
        moved = ", ".join(f"{place} ({n} step{'s' if n > 1 else ''})" for place, n in state.turn.moved)
        lines.append(f"Moved this turn: {moved}; {state.turn.steps} of 5 steps used.")
    lines.append("")
    lines += board_picture(state)
    lines.append("")
    lines.append("Legend: letters above a tile id are prisoners (R B Y P), lower-case below it are doors;")
    lines.append("a stroke on a side means the tile opens there. ::: island, =NE= green area of zone NE.")
    lines.append("")

    occupants: dict[tuple[Cell, int], list[str]] = defaultdict(list)
    for p in state.players:
        for place in p.prisoners:
            if place.kind is PlaceKind.TILE:
                occupants[(place.at, place.feature)].append(f"{p.colour} prisoner")
        for spot in p.doors:
            occupants[(spot.cell, spot.feature)].append(f"{p.colour} door")
    if state.tiles:
        lines.append("Tiles on the board (features after rotation; edges 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE):")
        for cell, placed in sorted(state.tiles, key=lambda cp: (cp[0].r, cp[0].q)):
            if placed.tile not in state.catalogue:
                lines.append(f"  {cell!s:>6}  {placed.tile} (unknown tile)")
                continue
            tile = state.catalogue[placed.tile]
            parts = []
            for i, f in enumerate(tile.features):
                edges = "".join(str(e) for e in f.rotated(placed.rotation))
                who = occupants.get((cell, i))
                parts.append(f"{f.kind.letter}{edges}" + (f" [{', '.join(who)}]" if who else ""))
            rot = f"@{placed.rotation}" if placed.rotation else ""
            lines.append(f"  {cell!s:>6}  {placed.tile}{rot:<3} {tile.kind:<22} {'  '.join(parts)}")
        lines.append("")

    lines.append("Players:")
    owner = state.zone_owner
    for i, p in enumerate(state.players):
        green = [str(pl.cell) for pl in p.prisoners if pl.kind is PlaceKind.GREEN]
        tiles = [str(pl) for pl in p.prisoners if pl.kind is PlaceKind.TILE]
        # The tile may be missing or unknown in a file with problems: show() draws it anyway.
        kinds = [state.feature(pl.spot).kind.value if pl.cell in state.tile_at and state.tile_at[pl.cell].tile in state.catalogue
                 and pl.feature < len(state.tile_type(pl.cell).features) else "?" for pl in p.prisoners if pl.kind is PlaceKind.TILE]
        in_hideouts = kinds.count("hideout")
        marker = "*" if i == state.turn.player and not state.finished else " "
        zones = [z for z, c in owner.items() if c == p.colour]
        lines.append(
            f" {marker}{p.colour.value:<7}({p.colour.symbol}) island {p.count(PlaceKind.ISLAND)}, "
            f"hideouts {in_hideouts}, tunnels {len(tiles) - in_hideouts}, green {len(green)}, freed {p.count(PlaceKind.FREED)}, dead {p.count(PlaceKind.DEAD)}"
        )
        details = []
        if tiles:
            details.append("on " + " ".join(tiles))
        if green:
            details.append("green " + " ".join(green))
        details.append("hand " + (" ".join(p.hand) if p.hand else "empty"))
        details.append(f"doors: {p.doors_in_hand} in hand" + (", on " + " ".join(map(str, p.doors)) if p.doors else ""))
        if p.key:
            details.append("MASTER KEY")
        if zones:
            details.append("zones " + " ".join(sorted(zones)))
        lines.append("          " + "; ".join(details))
    lines.append("")
    sizes = " / ".join(str(len(s)) for s in state.stacks)
    if state.advanced:
        tops = ", ".join(s[0] if s else "-" for s in state.stacks)
        lines.append(f"Stacks (face up, V2): {sizes} tiles; tops {tops}.")
    elif puzzle and any(state.stacks):
        # Q3: a puzzle's stacks are open, taken in the order they are listed.
        tops = ", ".join(s[0] if s else "-" for s in state.stacks)
        lines.append(f"Stacks (open, Q3): {sizes} tiles; tops {tops}.")
    elif puzzle:
        lines.append("Stacks: empty, so phase 1 is skipped (N5).")
    else:
        lines.append(f"Stacks (face down): {sizes} tiles.")
    if state.out:
        lines.append(f"Out of play: {' '.join(state.out)}.")
    free = [z.name for z in state.board.zones if z.name not in owner]
    lines.append(f"Unclaimed zones: {' '.join(free) if free else 'none'}.")
    return "\n".join(lines) + "\n"


def describe_board(board: Board, catalogue: Catalogue) -> str:
    """An empty board as a picture, with its zones and cell blocks (``show`` of a board file)."""
    state = State(board=board, catalogue=catalogue, players=())
    lines = [f"Board {board.name}", "=" * len(f"Board {board.name}"),
             (f"{len(board.cells)} cells: {len(board.island)} island, {len(board.green)} green in "
              f"{len(board.zones)} free zones, {len(board.tile_cells)} for tiles."), ""]
    lines += board_picture(state)
    lines += ["", "Legend: ::: island, =NE= green area of zone NE, . a cell for a tile.", "", "Free zones:"]
    lines += [f"  {z.name:<6} {' '.join(str(c) for c in z.cells)}" for z in board.zones]
    lines.append("Cell blocks (angle of each player's block on the island): "
                 + ", ".join(f"{c} {a}°" for c, a in board.cell_blocks))
    return "\n".join(lines) + "\n"


def describe_catalogue(catalogue: Catalogue) -> str:
    """Every tile of a tile set with its features (``show`` of a tile-set file)."""
    title = f"Tile set {catalogue.name}: {len(catalogue.tiles)} tiles"
    lines = [title, "=" * len(title),
             "Features as kind letter and open edges (t tunnel, j junction, d dead end, h hideout;",
             "edges 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE).", ""]
    for tile in catalogue.tiles:
        features = "  ".join(str(f) for f in tile.features)
        lines.append(f"  {tile.id:<8} {tile.kind:<22} {features}")
    return "\n".join(lines) + "\n"


__all__ = ["EDGE_NAMES", "board_picture", "describe", "describe_board", "describe_catalogue", "goal_sentence"]
