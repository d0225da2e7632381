"""Der Tunnel's tiles as data (TG1–TG3): square tiles, their edges and their features.

The tile set is package data (``tiles.yaml``), read once and checked on load: every
road edge lies in exactly one road, every city edge in one city part, every half of a
road or field edge in exactly one field, a field borders only city parts of its own
tile, the counts are TG2's and TG3's.  A broken tile set is a programming error told
at its line (:func:`check_tiles` is what ``validate --bundled`` reports).

Geometry (TG1, and this edition's choice where TG1 is silent, docs/tunnel.md TG4):
positions are ``x,y`` with x growing east and y growing **south** (as on a screen and
in JCloisterZone), so the neighbour north of ``x,y`` is ``x,y-1``.  Edges are N E S W
= 0 1 2 3; a tile turned ``r`` quarter turns clockwise carries what lay on its edge
``e`` on edge ``(e + r) % 4``.  A road or field edge has two halves, numbered
clockwise from the north-west corner: Nw Ne En Es Se Sw Ws Wn = 0..7, half ``2e + k``
(``k`` 0 the first half clockwise); a turn moves half ``h`` to ``(h + 2r) % 8``.  The
half ``2e + k`` of one tile meets the half ``2((e+2)%4) + (1-k)`` of its neighbour
across edge ``e``.

Nothing here knows the rules: :mod:`.rules` joins features across tiles.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ...yamlsrc import Diagnostic, Doc, LoadError, parse_yaml

EDGES = "NESW"
HALVES = ("Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn")
#: The step to the neighbour across each edge (y grows south, TG4).
DELTA = ((0, -1), (1, 0), (0, 1), (-1, 0))
KINDS = ("road", "city", "cloister", "field")
ROAD_ENDS = ("crossing", "city", "cloister", "houses", "opening")
#: TG2 and TG3: the tiles of one box.
BASE_COUNT = 72
TUNNEL_COUNT = 4


def opposite_half(half: int) -> int:
    """The neighbour's half that meets ``half`` across its edge."""
    edge, k = divmod(half, 2)
    return 2 * ((edge + 2) % 4) + (1 - k)


@dataclass(frozen=True)
class Feature:
    """One feature of a tile, as it lies on the board (already turned).

    ``edges``: the edges a road or city part reaches (sorted N E S W); ``end``: where a
    one-edge road stops (``opening`` for a tunnel mouth, TU3), None for a road joining
    two edges; ``pennant``: a city part's; ``halves``: a field's half-edges (sorted);
    ``cities``: the tile's city parts a field borders (indexes into the tile's
    features)."""

    kind: str
    edges: tuple[int, ...] = ()
    end: str | None = None
    pennant: bool = False
    halves: tuple[int, ...] = ()
    cities: tuple[int, ...] = ()

    @property
    def name(self) -> str:
        """The feature's name on its tile, as the notation writes it: ``road:E``,
        ``city:N``, ``cloister``, ``field:Es`` (by its first edge or half)."""
        if self.kind == "cloister":
            return "cloister"
        if self.kind == "field":
            return f"field:{HALVES[self.halves[0]]}"
        return f"{self.kind}:{EDGES[self.edges[0]]}"

    def places(self) -> tuple[str, ...]:
        """Every name the notation accepts for this feature (any of its edges or halves)."""
        if self.kind == "cloister":
            return ("cloister",)
        if self.kind == "field":
            return tuple(f"field:{HALVES[h]}" for h in self.halves)
        return tuple(f"{self.kind}:{EDGES[e]}" for e in self.edges)

    def turned(self, r: int) -> Feature:
        return Feature(self.kind, tuple(sorted((e + r) % 4 for e in self.edges)), self.end, self.pennant,
                       tuple(sorted((h + 2 * r) % 8 for h in self.halves)), self.cities)


@dataclass(frozen=True)
class TileType:
    """A kind of tile (its letter or name), how many a box holds, its edges and
    features unturned, and whether it is the start tile (TG2) or a tunnel tile (TG3)."""

    name: str
    count: int
    edges: str
    features: tuple[Feature, ...]
    start: bool = False
    tunnel: bool = False
    line: int = 0

    @property
    def openings(self) -> int:
        return sum(1 for f in self.features if f.end == "opening")


@dataclass(frozen=True)
class Oriented:
    """A tile type turned ``rotation`` quarter turns clockwise, with what lies at each
    edge and half in board directions: ``edge_feature[e]`` the road or city part at
    edge ``e`` (-1 on a field edge), ``half_feature[h]`` the field at half ``h`` (-1 on
    a city edge)."""

    tile: TileType
    rotation: int
    edges: str
    features: tuple[Feature, ...]
    edge_feature: tuple[int, ...]
    half_feature: tuple[int, ...]

    def feature_named(self, text: str) -> int | None:
        """The index of the feature ``text`` names (any of its places), or None."""
        for i, f in enumerate(self.features):
            if text in f.places():
                return i
        return None


def _orient(tile: TileType, r: int) -> Oriented:
    features = tuple(f.turned(r) for f in tile.features)
    edge_feature = [-1] * 4
    half_feature = [-1] * 8
    for i, f in enumerate(features):
        for e in f.edges:
            edge_feature[e] = i
        for h in f.halves:
            half_feature[h] = i
    edges = "".join(tile.edges[(e - r) % 4] for e in range(4))
    return Oriented(tile, r, edges, features, tuple(edge_feature), tuple(half_feature))


@dataclass(frozen=True)
class TileSet:
    """Every tile type of the game, by name, in the order the data lists them."""

    types: dict[str, TileType]

    def oriented(self, name: str, rotation: int) -> Oriented:
        return _oriented(name, rotation % 4)

    @property
    def start(self) -> TileType:
        return next(t for t in self.types.values() if t.start)

    def box(self, *, tunnel: bool = True) -> list[str]:
        """Every tile of a box by name, each as often as the box holds it (the start
        tile included), the base set first, in the data's order."""
        return [t.name for t in self.types.values() if tunnel or not t.tunnel for _ in range(t.count)]


# ------------------------------------------------------------------------ reading


def _edges(value: Any, doc: Doc, where: tuple[Any, ...], problems: list[Diagnostic]) -> tuple[int, ...]:
    if not isinstance(value, str) or not value or any(c not in EDGES for c in value) or len(set(value)) != len(value):
        problems.append(doc.diag(where, f"edges {value!r}: letters of N E S W, each once", "TG1"))
        return ()
    return tuple(sorted(EDGES.index(c) for c in value))


def _tile(name: str, spec: Any, doc: Doc, problems: list[Diagnostic]) -> TileType | None:
    at: tuple[Any, ...] = ("tiles", name)
    if not isinstance(spec, dict):
        problems.append(doc.diag(at, f"tile {name}: a mapping of count, edges and features", "TG1"))
        return None
    before = len(problems)
    unknown = set(spec) - {"count", "edges", "roads", "cities", "cloister", "fields", "start", "tunnel"}
    if unknown:
        problems.append(doc.diag(at, f"tile {name}: unknown key(s) {', '.join(sorted(unknown))}", "TG1"))
    edges = spec.get("edges")
    if not isinstance(edges, str) or len(edges) != 4 or any(c not in "CRF" for c in edges):
        problems.append(doc.diag(at + ("edges",), f"tile {name}: edges are four of C R F (N E S W)", "TG1"))
        return None
    count = spec.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        problems.append(doc.diag(at + ("count",), f"tile {name}: count is a whole number from 1", "TG2"))
    features: list[Feature] = []
    for i, road in enumerate(spec.get("roads") or []):
        where = at + ("roads", i)
        e = _edges(road.get("edges") if isinstance(road, dict) else None, doc, where, problems)
        end = road.get("end") if isinstance(road, dict) else None
        if len(e) == 1 and end not in ROAD_ENDS:
            problems.append(doc.diag(where, f"tile {name}: a road of one edge ends at one of {', '.join(ROAD_ENDS)}", "CB5"))
        if len(e) == 2 and end is not None:
            problems.append(doc.diag(where, f"tile {name}: a road joining two edges has no end", "CB5"))
        if len(e) > 2:
            problems.append(doc.diag(where, f"tile {name}: a road joins at most two edges (a crossing ends roads)", "TG1"))
        features.append(Feature("road", e, end if len(e) == 1 else None))
    cities_at = len(features)
    for i, city in enumerate(spec.get("cities") or []):
        where = at + ("cities", i)
        e = _edges(city.get("edges") if isinstance(city, dict) else None, doc, where, problems)
        features.append(Feature("city", e, pennant=bool(isinstance(city, dict) and city.get("pennant"))))
    n_cities = len(features) - cities_at
    if spec.get("cloister"):
        features.append(Feature("cloister"))
    for i, field in enumerate(spec.get("fields") or []):
        where = at + ("fields", i)
        halves = field.get("halves") if isinstance(field, dict) else None
        if not isinstance(halves, list) or not halves or any(h not in HALVES for h in halves) \
                or len(set(halves)) != len(halves):
            problems.append(doc.diag(where, f"tile {name}: a field's halves are some of {' '.join(HALVES)}, each once",
                                     "TG1"))
            halves = []
        cities = field.get("cities") or [] if isinstance(field, dict) else []
        if not isinstance(cities, list) or any(not isinstance(c, int) or not 0 <= c < n_cities for c in cities):
            problems.append(doc.diag(where, f"tile {name}: a field borders city parts of its tile (0 to "
                                            f"{n_cities - 1})", "TG1"))
            cities = []
        features.append(Feature("field", halves=tuple(sorted(HALVES.index(h) for h in halves)),
                                cities=tuple(sorted(cities_at + c for c in cities))))
    # Every edge and half is where the edge letters say, exactly once.
    for kind, letter in (("road", "R"), ("city", "C")):
        seen = [e for f in features if f.kind == kind for e in f.edges]
        want = [e for e in range(4) if edges[e] == letter]
        if sorted(seen) != want:
            problems.append(doc.diag(at, f"tile {name}: its {kind} edges {''.join(EDGES[e] for e in sorted(seen))} "
                                         f"are not its {letter} edges {''.join(EDGES[e] for e in want)}", "TG1"))
    halves_seen = sorted(h for f in features if f.kind == "field" for h in f.halves)
    halves_want = [h for h in range(8) if edges[h // 2] != "C"]
    if halves_seen != halves_want:
        problems.append(doc.diag(at, f"tile {name}: its fields do not cover each half of its road and field edges "
                                     "exactly once", "TG1"))
    if len(problems) > before:
        return None
    assert isinstance(count, int)
    return TileType(name, count, edges, tuple(features), start=bool(spec.get("start")), tunnel=bool(spec.get("tunnel")),
                    line=doc.position(at, key=True)[0])


def check_tiles(doc: Doc) -> tuple[dict[str, TileType], list[Diagnostic]]:
    """The tile types in ``doc`` and every problem with them (TG1–TG3)."""
    problems: list[Diagnostic] = []
    tiles = doc.data.get("tiles") if isinstance(doc.data, dict) else None
    if not isinstance(tiles, dict):
        return {}, [doc.diag((), "a tile set is a mapping with tiles:", "TG1")]
    types: dict[str, TileType] = {}
    for name, spec in tiles.items():
        tile = _tile(str(name), spec, doc, problems)
        if tile is not None:
            types[tile.name] = tile
    if problems:
        return types, problems
    base = sum(t.count for t in types.values() if not t.tunnel)
    tunnel = [t for t in types.values() if t.tunnel]
    if base != BASE_COUNT:
        problems.append(doc.diag(("tiles",), f"the base set holds {base} tiles, not {BASE_COUNT}", "TG2"))
    if sum(t.count for t in tunnel) != TUNNEL_COUNT or any(t.openings == 0 for t in tunnel):
        problems.append(doc.diag(("tiles",), f"the expansion is {TUNNEL_COUNT} tiles, each with a tunnel opening", "TG3"))
    if sum(t.openings * t.count for t in types.values()) != 10:
        problems.append(doc.diag(("tiles",), "the tunnel tiles hold 10 openings in all", "TG3"))
    starts = [t for t in types.values() if t.start]
    if len(starts) != 1:
        problems.append(doc.diag(("tiles",), "exactly one tile type is the start tile", "TG2"))
    return types, problems


def tiles_doc() -> Doc:
    text = resources.files(__package__).joinpath("tiles.yaml").read_text("utf-8")
    return parse_yaml(text, "sectionx/games/tunnel/tiles.yaml")


@functools.cache
def tile_set() -> TileSet:
    """The game's tile set, read and checked once; a broken one raises LoadError."""
    types, problems = check_tiles(tiles_doc())
    if problems:
        raise LoadError(problems)
    return TileSet(types)


@functools.cache
def _oriented(name: str, rotation: int) -> Oriented:
    return _orient(tile_set().types[name], rotation)
