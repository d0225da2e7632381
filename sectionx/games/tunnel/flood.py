"""Der Tunnel's features found from scratch by flood fill: a second, independent
bookkeeping for differential tests against the referee's incremental one.

Nothing here is kept between calls: every function takes the board as plain data and
floods it whole (breadth-first over ``(cell, local feature)`` nodes), so it is slow
(linear in the board per call) and simple on purpose.  It shares with the referee only
the tile data (:mod:`.tiles`: orientation, edges, half-edges); how features join, when
they are complete and what they score is written again here from the rulings.

Inputs:

- ``board``: cell ``(x, y)`` -> ``(tile name, rotation)``; x grows east, y south (TG4),
  every shared edge must match (CB3) or :class:`ValueError` is raised.
- ``followers``: ``(cell, local feature index)`` -> the player's colour (CB4); the index
  is into ``tile_set().oriented(name, rotation).features`` (the same order for every
  rotation).
- ``tunnels``: a token set's colour (or colour and letter) -> the openings its tokens
  lie on, one or two (TU1, TU4); an opening is ``(cell, board edge of the opening
  road)``.

Joins (TG1, TU4): a road or city part meets the road or city part on the neighbour's
opposite edge; a field meets the field on the neighbour's half that faces its half
(:func:`.tiles.opposite_half`); the roads at the two openings of a set with both
tokens placed are one road (a set with one token joins nothing, TU3).

Completeness: a road has no open edge and no opening outside a paired set (CB5, TU3,
TU9; a loop, or a road closed through its own tunnel, is complete); a city has no open
edge; a cloister has all eight tiles around it (CB7); a field never is (CB9).

Points: ``points_complete`` is what the feature scores when completed in play, by its
size now (road 1 per distinct tile, TU7/CB6; city 2 per tile and 2 per pennant, CB7;
cloister 9; a field 0, it is never completed); ``points_final`` what it scores at the
end (CB9: road 1 per tile; city 1 per tile and 1 per pennant; cloister 1 plus 1 per tile
around it; a field 3 per completed city it touches, each city once however many of its
parts the field borders).
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from .tiles import DELTA, EDGES, Oriented, opposite_half, tile_set

Cell = tuple[int, int]
#: One feature of one tile on the board: its cell and its index on that tile.
Node = tuple[Cell, int]
#: A tunnel opening: the cell and the board edge of the road that ends at it.
Opening = tuple[Cell, int]

#: The eight cells around a cloister (CB7).
AROUND = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))


@dataclass(frozen=True)
class FloodFeature:
    """One feature of the board, everything a referee would say about it.

    ``members``: its ``(cell, local)`` nodes; ``cells``: the tiles it lies on;
    ``open_edges``: ``(cell, edge)`` of a road or city with nothing placed across;
    ``pennants``: a city's pennants (one per city part that carries one);
    ``followers``: colour -> followers on it; ``openings``: the tunnel openings on a
    road; ``unpaired``: how many of them are not joined through a set with both tokens
    (TU3); ``cities``: for a field, the indexes (in the list :func:`features` returns)
    of the city features it borders, complete or not, each once; ``neighbours``: for a
    cloister, the tiles placed around it (0 otherwise)."""

    kind: str
    members: frozenset[Node]
    cells: frozenset[Cell]
    complete: bool
    open_edges: frozenset[tuple[Cell, int]]
    pennants: int
    followers: Counter[str]
    openings: frozenset[Opening]
    unpaired: int
    cities: tuple[int, ...]
    neighbours: int
    points_complete: int
    points_final: int


def _orient(board: Mapping[Cell, tuple[str, int]]) -> dict[Cell, Oriented]:
    tiles = tile_set()
    placed: dict[Cell, Oriented] = {}
    for cell, (name, rotation) in board.items():
        if name not in tiles.types:
            raise ValueError(f"{cell}: no tile {name!r} in the tile set (TG2, TG3)")
        placed[cell] = tiles.oriented(name, rotation)
    # Every shared edge matches (CB3): a board that breaks it has no features to speak of.
    for (x, y), tile in placed.items():
        for e in (1, 2):  # east and south: each shared edge looked at once
            dx, dy = DELTA[e]
            other = placed.get((x + dx, y + dy))
            if other is not None and tile.edges[e] != other.edges[(e + 2) % 4]:
                raise ValueError(f"{(x, y)} {EDGES[e]} is {tile.edges[e]} but {(x + dx, y + dy)} "
                                 f"{EDGES[(e + 2) % 4]} is {other.edges[(e + 2) % 4]} (CB3)")
    return placed


def _tunnels(placed: Mapping[Cell, Oriented],
             tunnels: Mapping[str, Sequence[Opening]]) -> dict[Opening, Opening]:
    """Each opening of a set with both tokens placed -> its partner (TU4); every token
    must lie on its own tunnel opening (TU1, TU2)."""
    claimed: set[Opening] = set()
    partner: dict[Opening, Opening] = {}
    for colour, openings in tunnels.items():
        if not 1 <= len(openings) <= 2:
            raise ValueError(f"tunnel set {colour}: {len(openings)} tokens placed, a set has two (TU4)")
        for cell, edge in openings:
            tile = placed.get(cell)
            local = tile.edge_feature[edge] if tile is not None and 0 <= edge < 4 else -1
            if tile is None or local < 0 or tile.features[local].end != "opening":
                raise ValueError(f"tunnel set {colour}: no tunnel opening at {cell} edge {edge} (TU1)")
            if (cell, edge) in claimed:
                raise ValueError(f"tunnel set {colour}: the opening at {cell} edge {edge} already holds a token (TU2)")
            claimed.add((cell, edge))
        if len(openings) == 2:
            a, b = openings[0], openings[1]
            partner[a] = b
            partner[b] = a
    return partner


def _joined(placed: Mapping[Cell, Oriented], partner: Mapping[Opening, Opening], node: Node) -> Iterator[Node]:
    """The nodes ``node`` touches directly: across its edges or halves, or through a tunnel."""
    (x, y), local = node
    feature = placed[(x, y)].features[local]
    if feature.kind in ("road", "city"):
        for e in feature.edges:
            dx, dy = DELTA[e]
            other = placed.get((x + dx, y + dy))
            if other is not None:
                yield (x + dx, y + dy), other.edge_feature[(e + 2) % 4]
        if feature.end == "opening":
            far = partner.get(((x, y), feature.edges[0]))
            if far is not None:
                yield far[0], placed[far[0]].edge_feature[far[1]]
    elif feature.kind == "field":
        for h in feature.halves:
            dx, dy = DELTA[h // 2]
            other = placed.get((x + dx, y + dy))
            if other is not None:
                yield (x + dx, y + dy), other.half_feature[opposite_half(h)]


def _flood(placed: Mapping[Cell, Oriented], partner: Mapping[Opening, Opening]) -> list[frozenset[Node]]:
    """Every feature's nodes, in the order of each feature's smallest node."""
    seen: set[Node] = set()
    groups: list[frozenset[Node]] = []
    for cell in sorted(placed):
        for local in range(len(placed[cell].features)):
            if (cell, local) in seen:
                continue
            seen.add((cell, local))
            group = [(cell, local)]
            queue = deque(group)
            while queue:
                for nxt in _joined(placed, partner, queue.popleft()):
                    if nxt not in seen:
                        seen.add(nxt)
                        group.append(nxt)
                        queue.append(nxt)
            groups.append(frozenset(group))
    return groups


def features(board: Mapping[Cell, tuple[str, int]], followers: Mapping[Node, str],
             tunnels: Mapping[str, Sequence[Opening]]) -> list[FloodFeature]:
    """Every feature on ``board``, found by flood fill, ordered by its smallest
    ``(cell, local)`` node.  Raises :class:`ValueError` on a board whose edges do not
    match (CB3), a follower on no feature (CB4), or a token on no opening (TU1, TU2)."""
    placed = _orient(board)
    for (cell, local), colour in followers.items():
        if cell not in placed or not 0 <= local < len(placed[cell].features):
            raise ValueError(f"follower {colour} at {cell} feature {local}: no such feature on the board (CB4)")
    partner = _tunnels(placed, tunnels)
    groups = _flood(placed, partner)
    where = {node: i for i, group in enumerate(groups) for node in group}
    out: list[FloodFeature] = []
    for group in groups:
        kind = placed[next(iter(group))[0]].features[next(iter(group))[1]].kind
        cells = frozenset(cell for cell, _ in group)
        parts = [placed[cell].features[local] for cell, local in group]
        held = Counter(followers[node] for node in group if node in followers)
        open_edges = frozenset(
            (cell, e) for cell, local in group for e in placed[cell].features[local].edges
            if (cell[0] + DELTA[e][0], cell[1] + DELTA[e][1]) not in placed)
        openings = frozenset((cell, placed[cell].features[local].edges[0]) for cell, local in group
                             if placed[cell].features[local].end == "opening")
        unpaired = sum(1 for o in openings if o not in partner)
        pennants = sum(1 for f in parts if f.pennant)
        cities: tuple[int, ...] = ()
        neighbours = 0
        if kind == "road":
            complete = not open_edges and unpaired == 0
            points_complete = points_final = len(cells)
        elif kind == "city":
            complete = not open_edges
            points_complete = 2 * len(cells) + 2 * pennants
            points_final = len(cells) + pennants
        elif kind == "cloister":
            (x, y), = cells
            neighbours = sum(1 for dx, dy in AROUND if (x + dx, y + dy) in placed)
            complete = neighbours == 8
            points_complete = 9
            points_final = 1 + neighbours
        else:
            cities = tuple(sorted({where[(cell, c)] for cell, local in group
                                   for c in placed[cell].features[local].cities}))
            complete = False
            points_complete = points_final = 0  # filled in below, once every city is known
        out.append(FloodFeature(kind, group, cells, complete, open_edges, pennants, held, openings, unpaired,
                                cities, neighbours, points_complete, points_final))
    # A field scores 3 per completed city it borders (CB9): the cities are all known now.
    for i, f in enumerate(out):
        if f.kind == "field":
            done = sum(1 for c in f.cities if out[c].complete)
            out[i] = FloodFeature(f.kind, f.members, f.cells, f.complete, f.open_edges, f.pennants, f.followers,
                                  f.openings, f.unpaired, f.cities, f.neighbours, 0, 3 * done)
    return out


def majority(followers: Mapping[str, int]) -> tuple[str, ...]:
    """The colours tied for the most followers, sorted (CB8); none without a follower."""
    most = max((n for n in followers.values() if n > 0), default=0)
    return tuple(sorted(c for c, n in followers.items() if most > 0 and n == most))


def final_scores(board: Mapping[Cell, tuple[str, int]], followers: Mapping[Node, str],
                 tunnels: Mapping[str, Sequence[Opening]], *, include_complete: bool = False) -> dict[str, int]:
    """The end scoring of what is still on the board (CB9, TU9): every incomplete road,
    city and cloister scores ``points_final`` for its majority, then every field its
    ``points_final``.  A completed road, city or cloister was scored (and its followers
    returned) when it was completed, so it counts here only with ``include_complete``
    (then ``points_complete``).  Every colour with a follower on the board has an
    entry, 0 if nothing scored for it."""
    scores = dict.fromkeys(sorted(set(followers.values())), 0)
    for f in features(board, followers, tunnels):
        if f.kind == "field" or not f.complete:  # a field is never complete: it scores only now
            points = f.points_final
        elif include_complete:
            points = f.points_complete
        else:
            continue
        for colour in majority(f.followers):
            scores[colour] += points
    return scores
