"""Precomputed tables for the search core: cells, places, tile types and Zobrist keys.

Everything a :class:`~sectionx.games.sectionx.solver.core.Position` looks up in its hot loops is
computed here once per (board, tile set) and shared by every position of a game.

Integer coding (all small ints, so positions are lists of ints):

* **Tile cells** are numbered ``0 .. T-1`` in ``board.sorted_tile_cells`` order.
  Across edge ``e`` of tile cell ``c`` lies ``nb[6 * c + e]``: another tile cell
  (``>= 0``), the rim (``RIM``), an island cell (``ISLAND_NB``) or green cell
  ``g`` (``GREEN_NB - g``) (G1, G2).
* **Places** a prisoner can stand on (M1): ``0`` the island (one place, G3),
  ``1 + g`` green cell ``g``, and ``spot0 + 3 * c + f`` feature ``f`` of the
  tile on cell ``c`` (a tile has at most 3 features, T1).  Freed and dead
  prisoners are counted apart.
* **Tiles** are numbered by their catalogue position.  Tiles with the same
  features (in the same order) share a **type**; each type has opening masks
  per rotation, the feature at each edge, its P1 fit table and its canonical
  rotations (one per physical result, as the engine stores them: T1, P1, N2).
* A tile's **class** is the run of tiles of its type that it belongs to in
  the order of the tile ids: tiles of one class are interchangeable in every
  future of the game (:mod:`sectionx.games.sectionx.solver.position`, canonical key, says why).
  In the default tile set each type's ids are consecutive, so class = type.

Zobrist keys are drawn from a fixed seed, so hashes are the same in every run.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Final, TypeAlias

from ....hexgrid import SIDES, Cell, opposite
from ..model import ISLAND, Board, Catalogue, FeatureKind, Place, Spot, TileType, green_place, tile_place

#: A move of the search core: a tuple whose first item is its kind (see :mod:`.moves`).
CoreMove: TypeAlias = tuple[Any, ...]

#: Codes in the neighbour table for what is not a tile cell.
#: (Final: the compiled build inlines them instead of reading the module's globals.)
RIM: Final = -1
ISLAND_NB: Final = -2
GREEN_NB: Final = -3  # green cell g is GREEN_NB - g

#: Feature kinds as small ints.
TUNNEL: Final = 0
JUNCTION: Final = 1
DEAD_END: Final = 2
HIDEOUT: Final = 3
_KIND_CODE = {FeatureKind.TUNNEL: TUNNEL, FeatureKind.JUNCTION: JUNCTION,
              FeatureKind.DEAD_END: DEAD_END, FeatureKind.HIDEOUT: HIDEOUT}

#: Most features on one tile (T1) and most prisoners of one colour (S1), for table sizes.
MAX_FEATURES: Final = 3
MAX_COUNT: Final = 9
#: Canonical place keys of spots are ``spot_key0 + 64 * cell + opening mask``.
MASKS: Final = 64


@dataclass(frozen=True)
class TileTypeTable:
    """One tile type: what every tile with these features shares (T1, P1, N2)."""

    index: int
    features: tuple[Any, ...]  # the model's Feature values
    kinds: tuple[int, ...]  # per feature: TUNNEL, JUNCTION, DEAD_END or HIDEOUT
    capacity: tuple[int, ...]  # per feature (T2)
    takes_door: tuple[bool, ...]  # per feature (D2)
    hideout: bool
    open_mask: tuple[int, ...]  # per rotation: bit e set where the tile opens onto edge e
    feature_mask: tuple[tuple[int, ...], ...]  # [feature][rotation] -> opening mask on the board
    feature_at: tuple[tuple[int, ...], ...]  # [rotation][edge] -> feature index or -1
    feature_edges: tuple[tuple[tuple[int, ...], ...], ...]  # [feature][rotation] -> board edges it opens onto
    canon: tuple[tuple[int, ...], ...]  # [occupied-features mask][rotation] -> stored rotation
    choices: tuple[tuple[int, ...], ...]  # [occupied-features mask] -> one rotation per result
    look: tuple[int, ...]  # [rotation] -> the smallest rotation with the same empty shape
    fits: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False)

    def fitting(self, occupied: int, known: int, opened: int) -> tuple[int, ...]:
        """Rotations, one per physical result, that meet a cell's P1 constraint.

        ``known`` has bit e set where a tile lies across edge e, ``opened`` where
        that tile opens onto the shared edge; a fitting rotation opens exactly there.
        """
        key = (occupied << 12) | (known << 6) | opened
        rots = self.fits.get(key)
        if rots is None:
            masks = self.open_mask
            rots = self.fits[key] = tuple(r for r in self.choices[occupied] if masks[r] & known == opened)
        return rots


class Tables:
    """Per (board, catalogue): cell and place numbering, tile types, Zobrist keys."""

    def __init__(self, board: Board, catalogue: Catalogue):
        self.board = board
        self.catalogue = catalogue
        # ---- cells (G1, G2)
        self.cells: tuple[Cell, ...] = board.sorted_tile_cells
        self.ncells = len(self.cells)
        self.cell_index = {c: i for i, c in enumerate(self.cells)}
        self.greens: tuple[Cell, ...] = tuple(sorted(board.green))
        self.green_index = {c: i for i, c in enumerate(self.greens)}
        nb = []
        for c in self.cells:
            for n in board.neighbour_table[c]:
                if n in self.cell_index:
                    nb.append(self.cell_index[n])
                elif n in board.island:
                    nb.append(ISLAND_NB)
                elif n in self.green_index:
                    nb.append(GREEN_NB - self.green_index[n])
                else:
                    nb.append(RIM)
        self.nb = tuple(nb)
        #: (cell, edge) pairs whose edge faces an island cell: where the island is left (M2).
        self.island_edges = tuple((c, e) for c in range(self.ncells) for e in range(SIDES) if nb[6 * c + e] == ISLAND_NB)
        #: For each pair of neighbouring tile cells a -> b: the edge of a facing b, else -1.
        self.edge_to = {(a, nb[6 * a + e]): e for a in range(self.ncells) for e in range(SIDES) if nb[6 * a + e] >= 0}
        self.distance = tuple(board.green_distance[c] for c in self.cells)  # N3
        # ---- zones (Z1, Z2)
        self.zone_names = tuple(z.name for z in board.zones)
        zone_no = {z.name: i for i, z in enumerate(board.zones)}
        self.zone_of_green = tuple(zone_no[board.zone_of_cell[g]] for g in self.greens)
        # ---- places (M1)
        self.ngreens = len(self.greens)
        self.spot0 = 1 + self.ngreens
        self.nplaces = self.spot0 + MAX_FEATURES * self.ncells
        # The model's values for each place, built once: Place (as a state stores it),
        # Place as an action writes it (a green area as q,r), and Spot for spots.
        places: list[Place] = [ISLAND] + [green_place(g) for g in self.greens]
        written: list[Place] = [ISLAND] + [tile_place(g, 0) for g in self.greens]
        spots: list[Spot] = [Spot(Cell(0, 0), -1)] * self.spot0  # places that are not spots
        for c in self.cells:
            for f in range(MAX_FEATURES):
                places.append(tile_place(c, f))
                written.append(tile_place(c, f))
                spots.append(Spot(c, f))
        self.place_obj = tuple(places)
        self.written_obj = tuple(written)
        self.spot_obj = tuple(spots)
        # ---- tile types (T1, T3)
        ids = catalogue.ids
        self.ids = ids
        self.id_index = {t: i for i, t in enumerate(ids)}
        by_features: dict[tuple[Any, ...], int] = {}
        types: list[TileTypeTable] = []
        tile_type: list[int] = []
        for tile in catalogue.tiles:
            k = by_features.get(tile.features)
            if k is None:
                k = by_features[tile.features] = len(types)
                types.append(_type_table(k, tile))
            tile_type.append(k)
        self.types = tuple(types)
        self.tile_type = tuple(tile_type)
        self.tile_types = tuple(types[k] for k in tile_type)  # per tile: its type table
        # The same per tile as flat tuples of ints, for loops that run once per choice of a
        # random game (solver.sample): one index each instead of three nested ones.
        #: [(tile * 6 + rotation) * 3 + feature] -> the feature's opening mask on the board (0: none).
        self.flat_feature_mask = tuple(
            tt.feature_mask[f][r] if f < len(tt.kinds) else 0
            for tt in self.tile_types for r in range(SIDES) for f in range(MAX_FEATURES))
        #: [(tile * 6 + rotation) * 6 + edge] -> the feature opening onto that edge, or -1.
        self.flat_feature_at = tuple(tt.feature_at[r][e] for tt in self.tile_types for r in range(SIDES) for e in range(SIDES))
        #: [tile] -> bit f set where feature f takes a door (D2).
        self.door_features = tuple(sum(1 << f for f, ok in enumerate(tt.takes_door) if ok) for tt in self.tile_types)
        # Classes: maximal runs of tiles of one type in the order of their ids (see
        # the module docstring of position: the collapse sorts the pool by id, E3).
        tile_class = [0] * len(ids)
        run, previous = -1, -1
        for i in sorted(range(len(ids)), key=lambda i: ids[i]):
            if tile_type[i] != previous:
                run, previous = run + 1, tile_type[i]
            tile_class[i] = run
        self.tile_class = tuple(tile_class)
        self.nclasses = run + 1
        # ---- Zobrist keys
        rng = random.Random(0x5EC7104)
        bits = 62

        def draw(n: int) -> list[int]:
            return [rng.getrandbits(bits) for _ in range(n)]

        self.spot_key0 = 4 + self.ngreens  # island 0, greens 1.., freed, dead, then spots
        self.key_freed = 1 + self.ngreens
        self.key_dead = 2 + self.ngreens
        self.nkeys = self.spot_key0 + MASKS * self.ncells
        self.z_tile = draw(self.ncells * self.nclasses * SIDES)  # [(cell*nclasses+class)*6+look]
        self.z_prisoners = [draw(self.nkeys * MAX_COUNT) for _ in range(4)]  # [colour][key*9+count]
        for table in self.z_prisoners:
            for k in range(self.nkeys):
                table[k * MAX_COUNT] = 0  # count 0 contributes nothing
        self.z_door = [draw(self.nkeys) for _ in range(4)]  # [colour][key]
        self.z_hand = [draw(self.nclasses * 4) for _ in range(4)]  # [player][class*4+count]
        for table in self.z_hand:
            for k in range(self.nclasses):
                table[k * 4] = 0
        self.z_stack = [draw(len(ids) * self.nclasses) for _ in range(3)]  # [stack][position from bottom*nclasses+class]
        self.z_key = draw(4)
        self.z_zone = draw(len(self.zone_names) * 4)  # [zone*4+owner]
        self.z_player = draw(4)
        self.z_phase = draw(4)
        self.z_tile_action, self.z_door_action, self.z_round_ends, self.z_last_round = draw(4)
        self.z_moved = draw(self.nkeys * 3 * MAX_COUNT)  # [(key*3+steps)*9+count]
        for k in range(self.nkeys * 3):
            self.z_moved[k * MAX_COUNT] = 0
        self._rng = rng
        self._z_misc: dict[object, int] = {}

    def z_misc(self, value: object) -> int:
        """A Zobrist key for a rare value (round number, ranking), drawn on first use."""
        z = self._z_misc.get(value)
        if z is None:
            z = self._z_misc[value] = random.Random(repr(("sectionx-z", value))).getrandbits(62)
        return z


def _type_table(index: int, tile: TileType) -> TileTypeTable:
    nf = len(tile.features)
    kinds = tuple(_KIND_CODE[f.kind] for f in tile.features)
    feature_mask = tuple(tuple(sum(1 << e for e in f.rotated(r)) for r in range(SIDES)) for f in tile.features)
    def at(edge: int, rotation: int) -> int:
        found = tile.feature_at(edge, rotation)
        return -1 if found is None else found

    feature_at = tuple(tuple(at(e, r) for e in range(SIDES)) for r in range(SIDES))
    canon = []
    choices = []
    for occ in range(1 << MAX_FEATURES):
        occupied = frozenset(f for f in range(nf) if occ >> f & 1)
        canon.append(tuple(tile.canonical_rotation(r, occupied) for r in range(SIDES)))
        choices.append(tile.rotation_choices(occupied))
    return TileTypeTable(
        index=index,
        features=tile.features,
        kinds=kinds,
        capacity=tuple(f.capacity for f in tile.features),
        takes_door=tuple(f.kind.takes_door for f in tile.features),
        hideout=HIDEOUT in kinds,
        open_mask=tile.open_masks,
        feature_mask=feature_mask,
        feature_at=feature_at,
        feature_edges=tuple(tuple(tuple(e for e in range(SIDES) if m >> e & 1) for m in per_rot) for per_rot in feature_mask),
        canon=tuple(canon),
        choices=tuple(choices),
        look=canon[0],
    )


_TABLES: dict[tuple[Any, ...], Tables] = {}


def tables_for(board: Board, catalogue: Catalogue) -> Tables:
    """The shared tables of a board and tile set (built once, then cached)."""
    key = (board, catalogue)
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = Tables(board, catalogue)
    return t


__all__ = ["GREEN_NB", "HIDEOUT", "ISLAND_NB", "RIM", "Tables", "TileTypeTable", "opposite", "tables_for"]
