"""The Section X model: tiles, boards, prisoners, doors and the game state.

Everything here is an immutable value with no I/O (architecture: ``model`` knows
nothing of files or drawing).  States hash, so searches can keep tables of seen
states.  The checks that a state obeys the rules live in :mod:`sectionx.games.sectionx.rules`;
reading and writing YAML lives in :mod:`sectionx.games.sectionx.formats`.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from ...colours import Colour
from ...errors import NotationError
from ...hexgrid import SIDES, Cell, rotate_edge

#: Prisoners per player (component list: 32 prisoners for 4 players).
PRISONERS = 8
#: Doors per player (D2).
DOORS = 2
#: Most tiles a player may hold (N1).
HAND_LIMIT = 3
#: Number of draw stacks (N1).
STACKS = 3
#: Tiles in the game (T3).
TILE_COUNT = 54
#: Freed prisoners needed to win: standard and advanced game (E4, V2).
TARGET = 5
TARGET_ADVANCED = 7
#: Prisoners on green areas that end a round: 3, or 2 with two players (E1, V1).
DISCOVERY = 3
DISCOVERY_TWO_PLAYERS = 2


# --------------------------------------------------------------------------- tiles


class FeatureKind(str, enum.Enum):
    """What a feature of a tile is (T1)."""

    TUNNEL = "tunnel"
    JUNCTION = "junction"
    DEAD_END = "dead-end"
    HIDEOUT = "hideout"

    @property
    def letter(self) -> str:
        return _KIND_LETTERS[self]

    @property
    def capacity(self) -> int:
        """Prisoners the feature holds at once (T2)."""
        return 2 if self is FeatureKind.HIDEOUT else 1

    @property
    def takes_door(self) -> bool:
        """Whether a door may stand on the feature (D2)."""
        return self in (FeatureKind.TUNNEL, FeatureKind.DEAD_END)

    def __str__(self) -> str:
        return self.value


_KIND_LETTERS = {
    FeatureKind.TUNNEL: "t",
    FeatureKind.JUNCTION: "j",
    FeatureKind.DEAD_END: "d",
    FeatureKind.HIDEOUT: "h",
}
_LETTER_KINDS = {v: k for k, v in _KIND_LETTERS.items()}

#: Openings each kind may have (T1).
OPENING_COUNTS = {
    FeatureKind.TUNNEL: range(2, 3),
    FeatureKind.JUNCTION: range(3, 7),
    FeatureKind.DEAD_END: range(1, 2),
    FeatureKind.HIDEOUT: range(1, 3),
}

_FEATURE_RE = re.compile(r"^([tjdh])([0-5]{1,6})$")


@dataclass(frozen=True, order=True)
class Feature:
    """One feature of a tile: a set of openings (edges, tile frame) joined inside (T1).

    Text form: the kind's letter followed by the opening digits, for example
    ``t03`` (a straight tunnel), ``j024`` (a Y junction), ``d0`` (a dead end),
    ``h0`` / ``h03`` (a dead-end or a through hideout).
    """

    kind: FeatureKind
    openings: tuple[int, ...]

    @classmethod
    def parse(cls, text: str) -> Feature:
        m = _FEATURE_RE.match(text.strip())
        if not m:
            raise NotationError(
                f"{text!r} is not a feature; write a kind letter (t tunnel, j junction, "
                "d dead end, h hideout) and the opening edges 0-5, for example t03"
            )
        digits = [int(c) for c in m.group(2)]
        if len(set(digits)) != len(digits):
            raise NotationError(f"feature {text!r} names an opening twice")
        return cls(_LETTER_KINDS[m.group(1)], tuple(sorted(digits)))

    @property
    def capacity(self) -> int:
        return self.kind.capacity

    def rotated(self, steps: int) -> tuple[int, ...]:
        """Openings after turning the tile ``steps`` × 60° clockwise (sorted)."""
        return tuple(sorted(rotate_edge(e, steps) for e in self.openings))

    def __str__(self) -> str:
        return self.kind.letter + "".join(str(e) for e in self.openings)


@dataclass(frozen=True)
class TileType:
    """A tile of the catalogue: id, descriptive kind name, features (T1)."""

    id: str
    kind: str
    features: tuple[Feature, ...]

    @cached_property
    def _edge_maps(self) -> tuple[tuple[int | None, ...], ...]:
        # For each rotation: edge -> index of the feature opening there (or None).
        maps = []
        for rot in range(SIDES):
            edges: list[int | None] = [None] * SIDES
            for i, f in enumerate(self.features):
                for e in f.openings:
                    edges[rotate_edge(e, rot)] = i
            maps.append(tuple(edges))
        return tuple(maps)

    def feature_at(self, edge: int, rotation: int) -> int | None:
        """Index of the feature that opens onto board edge ``edge`` at ``rotation``."""
        return self._edge_maps[rotation % SIDES][edge]

    def open_edges(self, rotation: int) -> frozenset[int]:
        """Board edges where the tile has an opening at ``rotation``."""
        return frozenset(e for e, f in enumerate(self._edge_maps[rotation % SIDES]) if f is not None)

    @cached_property
    def distinct_rotations(self) -> tuple[int, ...]:
        """Rotations 0–5 that look different (a straight tunnel has 3, a Y has 2)."""
        seen: dict[tuple[object, ...], int] = {}
        for rot in range(SIDES):
            key = tuple(sorted((f.kind.value, f.rotated(rot)) for f in self.features))
            seen.setdefault(key, rot)
        return tuple(sorted(seen.values()))

    @cached_property
    def _classes(self) -> dict[frozenset[int], tuple[int, ...]]:
        return {}

    def _canon(self, occupied: frozenset[int] | bool) -> tuple[int, ...]:
        """For each rotation, the smallest rotation giving the same tile on the board.

        ``occupied`` names the features carrying doors or prisoners (True: all):
        those must stay where they are; empty features are interchangeable with
        others of the same kind and openings.
        """
        if occupied is True:
            occupied = frozenset(range(len(self.features)))
        elif occupied is False:
            occupied = frozenset()
        canon = self._classes.get(occupied)
        if canon is None:
            def key(rot: int) -> tuple[object, ...]:
                return tuple(sorted((f.kind.value, f.rotated(rot), i if i in occupied else -1)
                                    for i, f in enumerate(self.features)))
            keys = [key(r) for r in range(SIDES)]
            canon = self._classes[occupied] = tuple(keys.index(k) for k in keys)
        return canon

    def canonical_rotation(self, rotation: int, occupied: frozenset[int] | bool = False) -> int:
        """The smallest rotation that gives the same tile on the board.

        An empty straight tunnel at rotation 4 is the same as at rotation 1; with a
        door on one tunnel of a two-tunnel tile, a half turn is not.
        """
        return self._canon(occupied)[rotation % SIDES]

    def rotation_choices(self, occupied: frozenset[int] | bool = False) -> tuple[int, ...]:
        """One rotation per different result (see :meth:`canonical_rotation`)."""
        return tuple(sorted(set(self._canon(occupied))))

    @cached_property
    def open_masks(self) -> tuple[int, ...]:
        """Bit ``e`` set where the tile opens onto edge ``e``, for each rotation."""
        return tuple(sum(1 << e for e in self.open_edges(rot)) for rot in range(SIDES))

    def has_hideout(self) -> bool:
        return any(f.kind is FeatureKind.HIDEOUT for f in self.features)

    @property
    def notation(self) -> str:
        return " ".join(str(f) for f in self.features)

    def __str__(self) -> str:
        return self.id


@dataclass(frozen=True)
class Catalogue:
    """The tile set (T3): usually the bundled 54-tile ``default``."""

    name: str
    tiles: tuple[TileType, ...]

    @cached_property
    def by_id(self) -> dict[str, TileType]:
        return {t.id: t for t in self.tiles}

    def __getitem__(self, tile_id: str) -> TileType:
        return self.by_id[tile_id]

    def __contains__(self, tile_id: object) -> bool:
        return tile_id in self.by_id

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(t.id for t in self.tiles)

    def kind_counts(self) -> Counter[str]:
        return Counter(t.kind for t in self.tiles)

    # Catalogues are compared by name and content; hashing every tile each time a
    # state is hashed would be wasteful, so the hash uses the name only.
    def __hash__(self) -> int:
        return hash(("catalogue", self.name, len(self.tiles)))


# --------------------------------------------------------------------------- board


class Across(str, enum.Enum):
    """What lies across one edge of a tile cell (P1, M2)."""

    TILE_CELL = "tile-cell"
    ISLAND = "island"
    GREEN = "green"
    RIM = "rim"


@dataclass(frozen=True)
class Zone:
    """A free zone: a name and the green cells that lead into it (G2)."""

    name: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Board:
    """The board as data (G2, G3).

    ``cell_blocks`` maps each colour to the angle (degrees clockwise from east)
    where its quarter of the island starts; it only matters for drawing and set-up,
    because for movement the island is one place (G3).
    """

    name: str
    cells: frozenset[Cell]
    island: frozenset[Cell]
    green: frozenset[Cell]
    zones: tuple[Zone, ...]
    cell_blocks: tuple[tuple[Colour, int], ...]
    radius: int | None = None

    @cached_property
    def tile_cells(self) -> frozenset[Cell]:
        """Cells that take tiles: everything but island and green (G2)."""
        return self.cells - self.island - self.green

    @cached_property
    def zone_of_cell(self) -> dict[Cell, str]:
        return {c: z.name for z in self.zones for c in z.cells}

    @cached_property
    def zone_by_name(self) -> dict[str, Zone]:
        return {z.name: z for z in self.zones}

    @cached_property
    def green_distance(self) -> dict[Cell, int]:
        """Distance of every cell to the nearest green cell (N3)."""
        if not self.green:
            return dict.fromkeys(self.cells, 0)
        return {c: min(c.distance(g) for g in self.green) for c in self.cells}

    @cached_property
    def _across(self) -> dict[Cell, tuple[Across, ...]]:
        table = {}
        for c in self.tile_cells:
            row = []
            for n in c.neighbours():
                if n in self.island:
                    row.append(Across.ISLAND)
                elif n in self.green:
                    row.append(Across.GREEN)
                elif n in self.tile_cells:
                    row.append(Across.TILE_CELL)
                else:
                    row.append(Across.RIM)
            table[c] = tuple(row)
        return table

    def across(self, cell: Cell, edge: int) -> Across:
        """What lies across ``edge`` of tile cell ``cell``."""
        return self._across[cell][edge]

    @cached_property
    def neighbour_table(self) -> dict[Cell, tuple[Cell, ...]]:
        """The six neighbours of every cell, in edge order (looked up, not computed, in hot loops)."""
        return {c: c.neighbours() for c in self.cells}

    @cached_property
    def sorted_tile_cells(self) -> tuple[Cell, ...]:
        return tuple(sorted(self.tile_cells, key=lambda c: (c.r, c.q)))

    def __hash__(self) -> int:
        return hash(("board", self.name, len(self.cells)))


# --------------------------------------------------------------------------- places


class PlaceKind(str, enum.Enum):
    """Where a prisoner can be (M1)."""

    ISLAND = "island"
    TILE = "tile"
    GREEN = "green"
    FREED = "freed"
    DEAD = "dead"


class Spot(NamedTuple):
    """One feature of the tile lying on ``cell``."""

    cell: Cell
    feature: int = 0

    def __str__(self) -> str:
        return f"{self.cell}" if self.feature == 0 else f"{self.cell}/{self.feature}"


class Place(NamedTuple):
    """A prisoner's place (M1): island, a feature of a tile, a green cell, freed or dead.

    Text form: ``island``, ``freed``, ``dead``, ``q,r`` (feature 0 of the tile on
    q,r, or the green area q,r) and ``q,r/N`` (feature N of that tile).
    """

    kind: PlaceKind
    cell: Cell | None = None
    feature: int = 0

    @property
    def spot(self) -> Spot:
        assert self.cell is not None and self.kind is PlaceKind.TILE
        return Spot(self.cell, self.feature)

    @property
    def at(self) -> Cell:
        """The cell of a tile or green place (the others have none)."""
        assert self.cell is not None, f"{self.kind} has no cell"
        return self.cell

    @property
    def in_play(self) -> bool:
        """Neither freed nor dead; green prisoners count as freed (E4)."""
        return self.kind in (PlaceKind.ISLAND, PlaceKind.TILE)

    def __str__(self) -> str:
        if self.kind is PlaceKind.TILE:
            return str(Spot(self.at, self.feature))
        if self.kind is PlaceKind.GREEN:
            return str(self.cell)
        return str(self.kind.value)


ISLAND = Place(PlaceKind.ISLAND)
FREED = Place(PlaceKind.FREED)
DEAD = Place(PlaceKind.DEAD)


def tile_place(cell: Cell, feature: int = 0) -> Place:
    return Place(PlaceKind.TILE, cell, feature)


def green_place(cell: Cell) -> Place:
    return Place(PlaceKind.GREEN, cell, 0)


# --------------------------------------------------------------------------- state


class Placed(NamedTuple):
    """A tile lying on the board: which tile and how far it is turned clockwise."""

    tile: str
    rotation: int = 0

    def __str__(self) -> str:
        return self.tile if self.rotation == 0 else f"{self.tile}@{self.rotation}"


_PLACED_RE = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_-]*)\s*(?:@\s*([0-5]))?\s*$")


def parse_placed(text: str) -> Placed:
    """Parse ``T05`` or ``T05@2`` (rotation 0–5, clockwise 60° steps)."""
    m = _PLACED_RE.match(text)
    if not m:
        raise NotationError(
            f"{text!r} is not a placed tile; write the tile id and an optional rotation "
            "0-5, for example T05 or T05@2"
        )
    return Placed(m.group(1), int(m.group(2) or 0))


@dataclass(frozen=True)
class PlayerState:
    """One player's belongings (M1, D2, K1, N1).

    ``prisoners`` always holds exactly eight places, sorted.  ``doors`` are the
    player's doors on the board; the rest are in hand, except that a player holding
    the master ``key`` has handed one door in (K1).
    """

    colour: Colour
    prisoners: tuple[Place, ...]
    hand: tuple[str, ...] = ()
    doors: tuple[Spot, ...] = ()
    key: bool = False

    def count(self, kind: PlaceKind) -> int:
        return sum(1 for p in self.prisoners if p.kind is kind)

    @property
    def doors_in_hand(self) -> int:
        return DOORS - len(self.doors) - (1 if self.key else 0)

    @property
    def freed(self) -> int:
        """Freed prisoners, counting those on green areas this round (E4)."""
        return self.count(PlaceKind.FREED) + self.count(PlaceKind.GREEN)

    @property
    def available(self) -> int:
        """Prisoners neither freed nor dead (E5)."""
        return sum(1 for p in self.prisoners if p.in_play)


@dataclass(frozen=True)
class Turn:
    """Where in a turn the game stands (N1–N4, V2).

    ``moved`` lists the prisoners that stepped this turn as (place now, steps
    used) pairs so the budget of M3 can be checked mid-turn.  ``tile_action`` is
    true once the phase-2 action is done (needed when V2 interleaves phases).
    ``door_action`` is true once a door was placed or moved (N4; in the advanced
    game the tile action may still follow, V2).  ``round_ends`` records that the
    last tile was taken this turn (E2).
    """

    player: int = 0
    phase: int = 1
    moved: tuple[tuple[Place, int], ...] = ()
    tile_action: bool = False
    door_action: bool = False
    round_ends: bool = False

    @property
    def steps(self) -> int:
        return sum(n for _, n in self.moved)


@dataclass(frozen=True)
class State:
    """A complete game position.  Immutable and hashable.

    ``stacks`` lists the three draw stacks top first.  ``out`` holds tiles set
    aside for a puzzle (a real game never has any).  ``zones`` maps claimed zone
    names to owners (Z1).  ``ranking`` is empty while the game runs and lists the
    players from first to last once it is over (E4, E5).  ``seed`` drives the
    reshuffle of the stacks when a round ends (E3), so that applying the same
    actions to the same state always gives the same game.  ``solo`` is set while
    a puzzle is played (Q2): only that player takes turns, the others pass.  It
    is no part of a file; :func:`sectionx.games.sectionx.puzzle.start` sets it from the goal.
    """

    board: Board
    catalogue: Catalogue
    players: tuple[PlayerState, ...]
    tiles: tuple[tuple[Cell, Placed], ...] = ()
    stacks: tuple[tuple[str, ...], ...] = ((), (), ())
    out: tuple[str, ...] = ()
    zones: tuple[tuple[str, Colour], ...] = ()
    turn: Turn = field(default_factory=Turn)
    round: int = 1
    advanced: bool = False
    last_round: bool = False
    ranking: tuple[Colour, ...] = ()
    seed: int = 0
    solo: Colour | None = None

    # -- derived, cached (cached_property writes straight into __dict__, which a
    #    frozen dataclass allows; the fields themselves never change)

    @cached_property
    def tile_at(self) -> dict[Cell, Placed]:
        return dict(self.tiles)

    @cached_property
    def zone_owner(self) -> dict[str, Colour]:
        return dict(self.zones)

    @cached_property
    def player_by_colour(self) -> dict[Colour, PlayerState]:
        return {p.colour: p for p in self.players}

    @property
    def colours(self) -> tuple[Colour, ...]:
        return tuple(p.colour for p in self.players)

    @property
    def current(self) -> PlayerState:
        return self.players[self.turn.player]

    @property
    def two_player(self) -> bool:
        return len(self.players) == 2

    @property
    def target(self) -> int:
        """Freed prisoners that win (E4, V2)."""
        return TARGET_ADVANCED if self.advanced else TARGET

    @property
    def discovery(self) -> int:
        """Prisoners on green areas that end the round (E1, V1)."""
        return DISCOVERY_TWO_PLAYERS if self.two_player else DISCOVERY

    @property
    def finished(self) -> bool:
        return bool(self.ranking)

    def feature(self, spot: Spot) -> Feature:
        placed = self.tile_at[spot.cell]
        return self.catalogue[placed.tile].features[spot.feature]

    def tile_type(self, cell: Cell) -> TileType:
        return self.catalogue[self.tile_at[cell].tile]

    def replace(self, **changes: Any) -> State:
        """A copy with ``changes`` (derived caches are not carried over)."""
        return dataclasses.replace(self, **changes)


# --------------------------------------------------------------------------- puzzles


class GoalKind(str, enum.Enum):
    """What a puzzle asks for (Q4 says when each is met)."""

    FREE = "free"  # bring `count` prisoners onto green areas
    HIDE = "hide"  # every prisoner still in play in a hideout or on the island, none lost
    KEY = "key"  # gain the master key (K1)
    ZONE = "zone"  # claim the free zone `zone` (Z1)
    ALL = "all"  # every goal of `parts` at once

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Goal:
    """A puzzle's goal; a solver looks for the fewest turns that meet it (Q4).

    ``turns`` bounds the number of the player's own turns (``None``: no bound).
    In a puzzle the other players pass (Q2), so only ``player`` acts.  ``count``
    matters for kind ``free`` only, ``zone`` (a zone name of the board) for kind
    ``zone`` only.  Kind ``all`` lists its ``parts``: goals of the other kinds,
    without player or turns (those belong to the whole goal), that must all hold
    after the same action.
    """

    kind: GoalKind = GoalKind.FREE
    player: Colour | None = None
    count: int = 1
    turns: int | None = None
    zone: str | None = None
    parts: tuple[Goal, ...] = ()

    @property
    def leaves(self) -> tuple[Goal, ...]:
        """The simple goals this goal asks for at once: its parts, or itself."""
        return self.parts if self.kind is GoalKind.ALL else (self,)


# --------------------------------------------------------------------------- annotations

#: Ink names an annotation may use: a player colour or the theme's highlight.
ANNOTATION_COLOURS = tuple(c.value for c in Colour) + ("highlight",)
#: Longest label text: a letter or a short word fits in its disc on a tile.
LABEL_LENGTH = 12


@dataclass(frozen=True)
class Arrow:
    """A path drawn through cell centres with an arrowhead at the last cell.

    Consecutive cells need not be neighbours (a jump is drawn straight).
    ``colour`` is a name from :data:`ANNOTATION_COLOURS`, ``None`` for the default.
    """

    cells: tuple[Cell, ...]
    colour: str | None = None


@dataclass(frozen=True)
class Highlight:
    """A cell (and whatever tile lies on it) picked out with a translucent fill."""

    cell: Cell
    colour: str | None = None


@dataclass(frozen=True)
class Annotations:
    """Marks for rule illustrations and puzzle sheets; they never affect play.

    ``labels`` pairs cells with short texts (A, B, C…), ``arrows`` are paths,
    ``highlights`` cells to pick out, ``caption`` a sentence under the picture.
    Every cell must lie on the board (A1, checked by :mod:`sectionx.games.sectionx.checking`).
    """

    labels: tuple[tuple[Cell, str], ...] = ()
    arrows: tuple[Arrow, ...] = ()
    highlights: tuple[Highlight, ...] = ()
    caption: str = ""

    def __bool__(self) -> bool:
        return bool(self.labels or self.arrows or self.highlights or self.caption)

    def cells(self) -> frozenset[Cell]:
        """Every cell an annotation mentions."""
        return frozenset([c for c, _ in self.labels] + [c for a in self.arrows for c in a.cells]
                         + [h.cell for h in self.highlights])


NO_ANNOTATIONS = Annotations()


@dataclass(frozen=True)
class Answer:
    """A puzzle's recorded answer (``answer:``): the fewest turns, the least cost among
    those (tile and door actions; None: not recorded) and the number of distinct
    optimal plans (Q5; 1 means unique)."""

    turns: int
    plans: int
    cost: int | None = None


#: The difficulty tiers of generated puzzles, easiest first (docs/puzzles.md).
TIERS = ("beginner", "intermediate", "advanced", "expert")


@dataclass(frozen=True)
class Grade:
    """A generated puzzle's grade (``grade:``, docs/puzzles.md): the id it is
    regenerated from (``parameters#seed``), its tier (one of :data:`TIERS`), and the
    measured figures behind the tier, in a fixed order (name, value)."""

    id: str
    tier: str
    figures: tuple[tuple[str, int], ...] = ()

    def figure(self, name: str, default: int = 0) -> int:
        return dict(self.figures).get(name, default)


@dataclass(frozen=True)
class Claim:
    """What a rulebook figure shows, as a statement the rules engine decides
    (:mod:`sectionx.games.sectionx.figures`): ``kind`` is ``legal`` or ``illegal`` (``action``, in
    the notation of docs/format.md; ``because`` the ruling that refuses an illegal
    one) or ``moves`` (the tile on ``moves`` may go to each of ``allowed`` and to
    none of ``refused``, cells or labels) or ``after`` (the actions of ``after``,
    taken in turn, are legal and leave the position as ``then`` says: plain data
    in the file's own words, ``doors``, ``prisoners``, ``zones``, ``keys``,
    ``tiles``, ``round``, ``joined``, ``apart``) or ``joined`` or ``apart`` (the places of
    ``joined`` lie in one tunnel, D1, and the first of ``apart`` lies in none
    with any of the others; a claim giving both is of kind ``joined``).  A
    ``moves`` claim may give ``joined`` and ``apart`` too: moved to each allowed
    cell the tile is joined to the places of ``joined`` at some legal rotation,
    and to none of ``apart`` at any.  Places are written ``island``, ``q,r``,
    ``q,r/N`` or a label (``B``, ``B/1``).  Any other kind may give ``after``
    too (without ``then``): it then speaks of the position after those actions.
    ``says`` is the claim in words.
    Claims never affect play."""

    kind: str
    action: str = ""
    because: str = ""
    moves: str = ""
    allowed: tuple[str, ...] = ()
    refused: tuple[str, ...] = ()
    says: str = ""
    after: tuple[str, ...] = ()
    then: tuple[tuple[str, Any], ...] = field(default=(), hash=False)
    joined: tuple[str, ...] = ()
    apart: tuple[str, ...] = ()


@dataclass(frozen=True)
class Scenario:
    """What a scenario file holds: a state, a goal when it is a puzzle, the
    annotations a diagram of it draws and, for a rulebook figure, its claims."""

    state: State
    goal: Goal | None = None
    title: str = ""
    description: str = ""
    annotations: Annotations = NO_ANNOTATIONS
    answer: Answer | None = None
    grade: Grade | None = None
    claims: tuple[Claim, ...] = ()

    @property
    def is_puzzle(self) -> bool:
        return self.goal is not None
