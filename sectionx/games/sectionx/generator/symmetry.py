"""When two puzzles are the same: the board's symmetries, and a canonical form.

**Which symmetries survive.**  The hexagonal board has twelve: six turns about
the centre and six mirrors.  A symmetry of a *puzzle* must map the board's
cells, island and green areas onto themselves and its **free zones** onto
zones (renamed: a goal of zone E becomes a goal of zone SE); on the bundled
boards every green area is a zone of its own, so all twelve survive there,
while a board file that groups greens into zones keeps only the symmetries
that map its groups onto groups.  The **cell blocks** do not count: they are
drawn on the island, but for movement the island is one place (G3), so a
puzzle turned a sixth of the way round plays exactly as before, although the
blocks print elsewhere.  **Mirrors** turn every tile into its mirror image:
the mirror puzzle is the same puzzle as long as the tile set has those tiles
(the default set has mirror pairs for its chiral junctions, T24/T26), and a
mirror image that the set lacks can never be a generated puzzle anyway, so
comparing mirrored shapes is safe.

**The canonical form** (:func:`canonical`) describes a puzzle by what the
player sees, not by tile ids: every board tile by its cell and its features as
they lie (with doors and prisoners), every hand tile by its shape up to
rotation, the prisoners, zones, keys and the goal; the form of a puzzle is the
least of these descriptions over the surviving symmetries.  Two puzzles are
the same up to symmetry exactly when their forms are equal.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from ....hexgrid import Cell
from ..model import Board, GoalKind, PlaceKind, Scenario, TileType

Transform = Callable[[Cell], Cell]


def _rotate(c: Cell) -> Cell:
    # cube (x, y, z) -> (-z, -x, -y): a sixth of a turn
    return Cell(-c.r, c.q + c.r)


def _mirror(c: Cell) -> Cell:
    # cube (x, y, z) -> (x, z, y): the mirror through the q axis
    return Cell(c.q, -c.q - c.r)


def _transform(turns: int, mirrored: bool) -> Transform:
    def f(c: Cell) -> Cell:
        if mirrored:
            c = _mirror(c)
        for _ in range(turns):
            c = _rotate(c)
        return c
    return f


def _edge_map(f: Transform) -> tuple[int, ...]:
    """Where each edge goes under ``f`` (the same for every cell: f is linear)."""
    o = Cell(0, 0)
    fo = f(o)
    out = []
    for e in range(6):
        d = fo.direction_to(f(o.neighbour(e)))
        assert d is not None
        out.append(d)
    return tuple(out)


@cache
def symmetries(board: Board) -> tuple[tuple[int, bool], ...]:
    """The (turns, mirrored) pairs that map the board, its island, its green
    areas and its zones (as groups) onto themselves; (0, False) first."""
    out = []
    zones = {frozenset(z.cells) for z in board.zones}
    for mirrored in (False, True):
        for turns in range(6):
            f = _transform(turns, mirrored)
            if ({f(c) for c in board.cells} == board.cells and {f(c) for c in board.island} == board.island
                    and {f(c) for c in board.green} == board.green
                    and {frozenset(f(c) for c in z) for z in zones} == zones):
                out.append((turns, mirrored))
    return tuple(out)


def _shape(tile: TileType, edges: tuple[int, ...], rotation: int) -> str:
    return "+".join(sorted(f.kind.letter + "".join(str(x) for x in sorted(edges[(e + rotation) % 6] for e in f.openings))
                           for f in tile.features))


def _hand_shape(tile: TileType, edges: tuple[int, ...]) -> str:
    return min(_shape(tile, edges, r) for r in range(6))


def canonical(scenario: Scenario) -> tuple[object, ...]:
    """The puzzle's form up to the board's symmetries (module docstring)."""
    state = scenario.state
    board = state.board
    forms = []
    for turns, mirrored in symmetries(board):
        f = _transform(turns, mirrored)
        edges = _edge_map(f)
        zone_of = board.zone_of_cell
        zone_map = {z.name: zone_of[f(next(iter(z.cells)))] for z in board.zones}

        def spot_text(cell: Cell, feature: int, f: Transform = f, edges: tuple[int, ...] = edges) -> str:
            placed = state.tile_at[cell]
            feat = state.catalogue[placed.tile].features[feature]
            opens = sorted(edges[(e + placed.rotation) % 6] for e in feat.openings)
            return f"{f(cell)} {feat.kind.letter}{''.join(map(str, opens))}"

        tiles = []
        for cell, placed in state.tiles:
            tile = state.catalogue[placed.tile]
            tiles.append((str(f(cell)), _shape(tile, edges, placed.rotation)))
        players = []
        for p in state.players:
            where = sorted(spot_text(pl.cell, pl.feature) if pl.kind is PlaceKind.TILE and pl.cell is not None
                           else f"green {f(pl.cell)}" if pl.kind is PlaceKind.GREEN and pl.cell is not None
                           else pl.kind.value for pl in p.prisoners)
            doors = sorted(spot_text(d.cell, d.feature) for d in p.doors)
            hand = sorted(_hand_shape(state.catalogue[t], edges) for t in p.hand)
            players.append((p.colour.value, tuple(where), tuple(doors), tuple(hand), p.key))
        zones = sorted((zone_map[name], c.value) for name, c in state.zones)
        goal = scenario.goal
        goal_form: tuple[object, ...] = ()
        if goal is not None:
            goal_form = tuple((leaf.kind.value, leaf.count,
                               zone_map.get(leaf.zone or "", "") if leaf.kind is GoalKind.ZONE else "")
                              for leaf in goal.leaves) + (goal.turns, goal.player.value if goal.player else "")
        stacks = tuple(tuple(_hand_shape(state.catalogue[t], edges) for t in st) for st in state.stacks)
        forms.append((goal_form, tuple(sorted(tiles)), tuple(players), tuple(zones), stacks, state.advanced))
    return min(forms, key=repr)


__all__ = ["canonical", "symmetries"]
