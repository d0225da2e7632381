"""Candidate puzzles: a way out laid on the board, then taken apart.

A candidate is built from its parameters and a seeded :class:`random.Random`
alone (the same seed gives the same candidate, whatever machine or worker):

1. **A way.**  A target is chosen (a green area for *free* and *zone* goals, a
   cell for a hideout tile for *hide* and *key*), and a walk of tile cells
   leads away from it, each step taking the walk no nearer the target.  The
   prisoner starts at the walk's far end, on a tile or, where the walk ends
   beside the island, on the island.
2. **Tiles that join.**  Each cell of the walk gets a tile whose feature opens
   towards both of its neighbours on the way, checked against every tile laid
   before it (P1); tunnels are preferred, junctions and multi-feature tiles
   come in sometimes.
3. **Taken apart.**  The solved way is then spoilt, as the tier's recipe says:
   *gaps* (a tile taken out to the player's hand), *turned* tiles (a way tile
   left at a rotation that does not join, where that still fits, P1), *moved*
   tiles (a way tile lying elsewhere on the board, nothing in hand for its
   cell), *blocked* cells (a wrong tile on the way, the right one in hand),
   *decoys* (tiles in hand that belong nowhere) and *clutter* (tiles about the
   way).  Whether the result is solvable, in how many turns, uniquely and how
   hard is then for the solver and the grader to say, not for this module.

The recipe only biases what is built; the label comes from the grade.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import yaml

from ....generating import split_id
from ....hexgrid import Cell, opposite
from ....yamlsrc import LoadError
from .. import formats, rules
from ..model import Board, Catalogue, FeatureKind, Scenario, TileType

#: Goal kinds a set may ask for; ``mixed`` draws one per candidate.
GOALS = ("free", "zone", "hide", "key", "mixed")
BOARDS = ("compact", "standard")
#: A player holds at most three tiles (N1).
HAND = 3


@dataclass(frozen=True)
class Recipe:
    """How a tier's candidates are spoilt (ranges are inclusive), and the turns a
    puzzle of the tier may take."""

    walk: tuple[int, int]
    gaps: tuple[int, int]
    hazards: tuple[int, int]
    decoys: tuple[int, int]
    clutter: tuple[int, int]
    turns: tuple[int, int]
    #: the way leads straight out: every cell of it one farther from the target, and
    #: the target the nearest green area (no step on it looks like a step away)
    direct: bool = False
    #: a hazard may be a way tile lying elsewhere on the board (a move brings it,
    #: which is forward: it fills the way)
    moves: bool = True
    #: a false way: a shorter tunnel from the island to a green area with a gap that
    #: no tile in hand fits (P1), the prisoner on the island between the two ways
    false_way: bool = False
    #: the prisoner's tile is turned away from the way: it carries the prisoner, so it
    #: cannot be turned (N2) until the prisoner steps aside into a dead end beside it
    pinned: bool = False
    #: a blocked way: a second, complete tunnel from the island to a green area of
    #: the goal, with another player's prisoner standing on it (T2: a tunnel holds
    #: one prisoner; M4: nobody passes it; N2: nobody moves its tile, and in a
    #: puzzle that player passes, Q2).  The range is how much longer (steps and
    #: fills) the true way is than the blocked one: at 0 both look as good, above
    #: that every step onto the true way first looks like a step away
    blocked: tuple[int, int] | None = None
    #: with a blocked way: the prisoner starts on its first tile (beside the island),
    #: the other player's prisoner farther along it, so the way out begins with a
    #: step back
    inside: bool = False
    #: with a blocked way: its first tile (beside the island) is missing too, one
    #: like it in hand, and the other player's prisoner stands at least three cells
    #: in, so that a first turn on it (fill, two steps) looks as good as one on the
    #: true way; the blocked way's length is chosen so that both are as long
    lure: bool = False


#: The tiers' own recipes, by tier name (each also gives its tier's turns) ...
RECIPES = {
    "beginner": Recipe(walk=(2, 4), gaps=(1, 2), hazards=(0, 0), decoys=(0, 1), clutter=(0, 2), turns=(1, 2),
                       direct=True),
    "intermediate": Recipe(walk=(3, 5), gaps=(2, 2), hazards=(0, 0), decoys=(1, 1), clutter=(0, 0), turns=(1, 3)),
    "advanced": Recipe(walk=(2, 4), gaps=(1, 1), hazards=(0, 0), decoys=(0, 1), clutter=(0, 1), turns=(2, 4),
                       moves=False, pinned=True),
    # Expert puzzles take two or three turns.  On the standard board the blocked way's
    # puzzles take three (the way back onto the island and out is five steps, M3) and
    # no fresh tunnel beats them; on the compact board see HORIZON.
    "expert": Recipe(walk=(4, 6), gaps=(1, 1), hazards=(0, 0), decoys=(0, 0), clutter=(0, 1), turns=(2, 3),
                     moves=False, false_way=True),
}

#: The most turns a tier's puzzle may take on a board, where it is fewer than its
#: recipe's.  On the compact board two tiles lay a fresh tunnel from the island to a
#: corner in two turns, so an expert candidate of three turns is almost never unique:
#: allowed three, 1 of seed 1's 15 experts took three, at 12.9 CPU seconds a puzzle
#: against 3.2 with two (docs/benchmarks.md).
HORIZON = {("expert", "compact"): 2}


def horizon(params: Params) -> int:
    """The turn limit of the candidates of ``params`` (the goal's ``turns`` as built)."""
    return HORIZON.get((params.tier, params.board), RECIPES[params.tier].turns[1])

#: ... and the others the pools draw on.
TRAPS = {
    "blocked-level": Recipe(walk=(3, 5), gaps=(1, 1), hazards=(0, 0), decoys=(0, 0), clutter=(0, 0), turns=(1, 3),
                            moves=False, blocked=(0, 0), lure=True),
    "blocked-short": Recipe(walk=(2, 4), gaps=(1, 1), hazards=(0, 0), decoys=(0, 1), clutter=(0, 0), turns=(2, 4),
                            moves=False, blocked=(1, 2)),
    "blocked-inside": Recipe(walk=(2, 4), gaps=(1, 1), hazards=(0, 0), decoys=(0, 0), clutter=(0, 0),
                             turns=(2, 3), moves=False, blocked=(0, 3), inside=True),
}

#: The recipes each tier's candidates are drawn from.
POOLS = {
    "beginner": ("beginner",),
    "intermediate": ("blocked-level",),
    "advanced": ("blocked-short",),
    "expert": ("blocked-inside",),
}


@dataclass(frozen=True)
class Params:
    """What a set asks for; with a seed it names one candidate (:meth:`id`)."""

    tier: str
    board: str = "compact"
    goal: str = "free"

    def id(self, seed: int) -> str:
        """``tier/board/goal#seed``: ``sectionx generate --id`` builds the same puzzle."""
        return f"{self.tier}/{self.board}/{self.goal}#{seed}"

    @classmethod
    def parse_id(cls, text: str) -> tuple[Params, int]:
        """The parameters and seed of an id (ValueError if it is not one)."""
        parts, seed = split_id(text, 3, "a puzzle id", "expert/compact/free#1042")
        params = cls(*parts)
        params.check()
        return params, seed

    def check(self) -> None:
        if self.tier not in RECIPES:
            raise ValueError(f"unknown difficulty {self.tier!r}; choose one of {', '.join(RECIPES)}")
        if self.board not in BOARDS:
            raise ValueError(f"unknown board {self.board!r}; choose compact or standard")
        if self.goal not in GOALS:
            raise ValueError(f"unknown goal {self.goal!r}; choose one of {', '.join(GOALS)}")


class _Layout:
    """The board being built: tiles by cell with their rotation, and the P1 check."""

    def __init__(self, board: Board, catalogue: Catalogue):
        self.board = board
        self.cat = catalogue
        self.tiles: dict[Cell, tuple[TileType, int]] = {}
        self.cells = board.tile_cells

    def fits(self, cell: Cell, tile: TileType, rotation: int, ignore: frozenset[Cell] = frozenset()) -> bool:
        """P1 against the tiles laid around ``cell`` (those in ``ignore`` left out)."""
        return fits(self.tiles, cell, tile, rotation, ignore)


def fits(around: dict[Cell, tuple[TileType, int]], cell: Cell, tile: TileType, rotation: int,
         ignore: frozenset[Cell] = frozenset()) -> bool:
    """P1 for ``tile`` at ``rotation`` on ``cell`` among the tiles ``around`` (tile and
    rotation by cell; those on cells in ``ignore`` left out)."""
    opens = tile.open_edges(rotation)
    for e in range(6):
        n = cell.neighbour(e)
        other = around.get(n)
        if other is None or n in ignore:
            continue
        if (e in opens) != (opposite(e) in other[0].open_edges(other[1])):
            return False
    return True


def _pool(catalogue: Catalogue) -> dict[str, list[str]]:
    """Tile ids by feature notation, in id order (tiles of one notation are alike)."""
    out: dict[str, list[str]] = {}
    for t in catalogue.tiles:
        out.setdefault(t.notation, []).append(t.id)
    return out


def _options(catalogue: Catalogue, need: set[int], *, hideout: bool) -> list[tuple[TileType, int, int, int]]:
    """(tile, rotation, feature, weight) for tiles with a feature that opens on every
    edge of ``need``; one tile per notation, one rotation per result.  ``hideout``:
    the feature must be a hideout (the target of a hide or key goal)."""
    out = []
    seen: set[str] = set()
    for t in catalogue.tiles:
        if t.notation in seen:
            continue
        seen.add(t.notation)
        for rot in t.distinct_rotations:
            for i, f in enumerate(t.features):
                opens = set(f.rotated(rot))
                if not need <= opens or (f.kind is FeatureKind.HIDEOUT) != hideout:
                    continue
                if f.kind is FeatureKind.DEAD_END and len(need) > 1:
                    continue
                out.append((t, rot, i, 1))
    # Plain tunnels (one feature) are most of the way: they make gaps that one
    # tile fits one way; the rest (junctions, tiles with two or three tunnels,
    # hideouts) share a fifth, so ways still have some.
    plain = [o for o in out if len(o[0].features) == 1 and o[0].features[0].kind is FeatureKind.TUNNEL]
    rest = [o for o in out if o not in plain]
    if not plain or not rest:
        return out
    return [(t, r, i, 4 * len(rest)) for t, r, i, _ in plain] + [(t, r, i, len(plain)) for t, r, i, _ in rest]


def _pick(rng: random.Random, options: list[tuple[TileType, int, int, int]]) -> tuple[TileType, int, int]:
    total = sum(w for *_, w in options)
    x = rng.randrange(total)
    for t, rot, i, w in options:
        if x < w:
            return t, rot, i
        x -= w
    raise AssertionError("unreachable")


def _exact_path(board: Board, free: set[Cell], starts: list[Cell], goals: set[Cell], length: int,
                rng: random.Random) -> list[Cell] | None:
    """A path of exactly ``length`` cells of ``free`` from one of ``starts`` (beside
    the island) to one of ``goals`` (beside a green area) with no short cut: no
    cell but the first beside the island, none but the last beside a green area,
    none beside a cell of the path but its neighbours on it.  Depth first in a
    random order, given up after a few hundred cells.  From the goal end back."""
    budget = [400]

    def near_exit(c: Cell) -> tuple[bool, bool]:
        ns = c.neighbours()
        return any(n in board.island for n in ns), any(n in board.green for n in ns)

    def grow(path: list[Cell]) -> list[Cell] | None:
        budget[0] -= 1
        if budget[0] < 0:
            return None
        here = path[-1]
        if len(path) == length:
            return path if here in goals else None
        nbrs = sorted(n for n in here.neighbours() if n in free and n not in path
                      and not any(m in path[:-1] for m in n.neighbours()))
        rng.shuffle(nbrs)
        for n in nbrs:
            by_island, by_green = near_exit(n)
            if by_island or (by_green and len(path) + 1 < length):
                continue
            got = grow([*path, n])
            if got is not None:
                return got
        return None

    for first in starts:
        if near_exit(first)[1] and length > 1:
            continue
        got = grow([first])
        if got is not None:
            return got[::-1]
    return None


def _side_way(lay: _Layout, board: Board, walk: list[Cell], greens: list[Cell],
              rng: random.Random, length: int | None = None) -> list[Cell] | None:
    """Lay a second way out: the shortest tunnel of plain tunnel tiles from a cell
    beside the island to one of ``greens`` (or one of exactly ``length`` cells,
    :func:`_exact_path`), clear of the true ``walk`` (no cell of it on or beside
    the walk), each tile joining its neighbours on it (P1).  Returns its cells
    from the green end to the island end, or None when there is no room for one."""
    near_walk = {n for c in walk for n in (c, *c.neighbours())}
    free = {c for c in board.tile_cells if c not in lay.tiles and c not in near_walk}
    goals = {c for c in free if any(n in greens for n in c.neighbours())}
    starts = sorted(c for c in free if any(n in board.island for n in c.neighbours()))
    rng.shuffle(starts)
    if length is not None:
        exact = _exact_path(board, free, starts, goals, length, rng)
        if exact is None:
            return None
        return _lay_way(lay, board, exact, greens, rng)
    came: dict[Cell, Cell | None] = dict.fromkeys(starts)
    queue = list(starts)
    end = None
    for here in queue:  # breadth first: the queue grows as it is read
        if here in goals:
            end = here
            break
        nbrs = sorted(n for n in here.neighbours() if n in free and n not in came)
        rng.shuffle(nbrs)
        for n in nbrs:
            came[n] = here
            queue.append(n)
    if end is None:
        return None
    path = [end]  # from the green end back to the island
    while (prev := came[path[-1]]) is not None:
        path.append(prev)
    return _lay_way(lay, board, path, greens, rng)


def _lay_way(lay: _Layout, board: Board, path: list[Cell], greens: list[Cell],
             rng: random.Random) -> list[Cell] | None:
    """Lay plain tunnel tiles along ``path`` (from the green end to the island end)
    joining each to its neighbours on it, the green and the island (P1); None
    (nothing laid) when some cell has no such tile."""
    to_green = next(e for e in range(6) if path[0].neighbour(e) in greens)
    to_island = next(e for e in range(6) if path[-1].neighbour(e) in board.island)
    laid: dict[Cell, tuple[TileType, int]] = {}
    for i, cell in enumerate(path):
        need = _need(path, i, to_green, to_island)
        options = [o for o in _options(lay.cat, need, hideout=False)
                   if len(o[0].features) == 1 and lay.fits(cell, o[0], o[1])]
        if not options:
            for c in laid:
                del lay.tiles[c]
            return None
        t, rot, _ = _pick(rng, options)
        lay.tiles[cell] = laid[cell] = (t, rot)
    return path


def _false_way(lay: _Layout, board: Board, walk: list[Cell], greens: list[Cell],
               rng: random.Random) -> tuple[Cell, TileType] | None:
    """Lay a false way: a side way (:func:`_side_way`) shorter than the true
    ``walk``, with one of its tiles taken out and a *jammer* laid beside that gap:
    a tile opening into it, so that only a tile opening three ways could fill it
    (P1).  Returns the gap and the tile taken out (the caller puts one like it in
    the hand: the tile that looks right and does not fit), or None when no such
    way exists."""
    path = _side_way(lay, board, walk, greens, rng)
    if path is None:
        return None
    if len(path) >= len(walk):
        return None  # not shorter: no temptation
    near_walk = {n for c in walk for n in (c, *c.neighbours())}
    j = rng.randrange(len(path))
    gap = path[j]
    shape = lay.tiles.pop(gap)[0]
    spots = sorted(n for n in gap.neighbours()
                   if n in board.tile_cells and n not in lay.tiles and n not in near_walk and n not in path)
    rng.shuffle(spots)
    cat = lay.cat
    for spot in spots:
        towards = spot.direction_to(gap)
        assert towards is not None
        jams = [(o, r) for o in cat.tiles if not o.has_hideout() for r in o.distinct_rotations
                if towards in o.open_edges(r) and lay.fits(spot, o, r)]
        if jams:
            lay.tiles[spot] = rng.choice(jams)
            return gap, shape
    return None


def _pin(lay: _Layout, board: Board, walk: list[Cell], rng: random.Random) -> tuple[TileType, int, int] | None:
    """Turn the prisoner's tile (the walk's far end) away from the way and lay a dead
    end beside it: the tile is a bend that joins the dead end to the next cell of
    the way only when turned back, which it may not be while it carries the
    prisoner (N2).  The next cell of the way becomes a gap (P1 would refuse the
    turned tile beside a tile opening to it).  Returns the tile as the way needs it
    (tile, rotation, feature), or None."""
    far, nxt = walk[-1], walk[-2]
    e_n = far.direction_to(nxt)
    assert e_n is not None
    near_walk = {n for c in walk[:-1] for n in (c, *c.neighbours())}
    def exit_near(c: Cell) -> bool:  # a green area or the island beside c: a way out
        return any(m in board.green or m in board.island for m in c.neighbours())

    def sealed(c: Cell) -> bool:
        """Whether a tunnel opening from the prisoner's tile onto ``c`` leads nowhere
        soon: the rim, or an empty cell with no way out and no tile beside it."""
        if c not in board.cells:
            return True
        return (c in board.tile_cells and c not in lay.tiles and c not in walk and not exit_near(c)
                and not any(m in lay.tiles for m in c.neighbours() if m != far))

    asides = sorted(n for n in far.neighbours()
                    if n in board.tile_cells and n not in near_walk and sealed(n))
    rng.shuffle(asides)
    cat = lay.cat
    bends = [t for t in cat.tiles if len(t.features) == 1 and t.features[0].kind is FeatureKind.TUNNEL
             and len(t.features[0].openings) == 2]
    ends = [t for t in cat.tiles if len(t.features) == 1 and t.features[0].kind is FeatureKind.DEAD_END]
    ignore = frozenset({nxt})
    for aside in asides:
        e_a = far.direction_to(aside)
        assert e_a is not None
        choices = []
        for t in bends:
            for good in t.distinct_rotations:
                if t.open_edges(good) != {e_a, e_n}:
                    continue
                choices += [(t, good, bad) for bad in t.distinct_rotations
                            if e_a in t.open_edges(bad) and e_n not in t.open_edges(bad)
                            and lay.fits(far, t, bad, ignore)
                            and all(sealed(far.neighbour(x)) for x in t.open_edges(bad) - {e_a})]
        if not choices:
            continue
        t, good, bad = rng.choice(sorted(choices, key=lambda x: (x[0].id, x[1], x[2])))
        saved = dict(lay.tiles)
        lay.tiles[far] = (t, bad)
        back = opposite(e_a)
        stops = [(d, r) for d in ends for r in d.distinct_rotations
                 if d.open_edges(r) == {back} and lay.fits(aside, d, r, ignore)]
        if not stops:
            lay.tiles = saved
            continue
        lay.tiles[aside] = rng.choice(stops)
        return t, good, 0
    return None


def _need(path: list[Cell], i: int, first: int | None, last: int | None) -> set[int]:
    """The edges the tile on ``path[i]`` must open onto to carry a way along the
    path: towards its neighbours on it, and at the ends across ``first`` (from
    ``path[0]``) and ``last`` (from ``path[-1]``) when they are given."""
    need: set[int] = set()
    for j in (i - 1, i + 1):
        if 0 <= j < len(path):
            d = path[i].direction_to(path[j])
            assert d is not None
            need.add(d)
    if i == 0 and first is not None:
        need.add(first)
    if i == len(path) - 1 and last is not None:
        need.add(last)
    return need


def _joins(around: dict[Cell, tuple[TileType, int]], cell: Cell, tile: TileType, rotation: int, board: Board) -> bool:
    """Whether ``tile`` on ``cell`` has one feature that opens towards at least two
    neighbours it could lead a prisoner between (tiles opening back, the island, green)."""
    for f in tile.features:
        ways = 0
        for e in f.rotated(rotation):
            n = cell.neighbour(e)
            other = around.get(n)
            if n in board.island or n in board.green or (other and opposite(e) in other[0].open_edges(other[1])):
                ways += 1
        if ways >= 2:
            return True
    return False


def build(params: Params, seed: int, catalogue: Catalogue | None = None) -> Scenario | None:
    """The candidate of ``params`` and ``seed``, or None when this seed's walk or
    tiles do not come together (a rejection like any other)."""
    rng = random.Random(f"sectionx-generate:{params.id(seed)}")
    cat = catalogue or formats.bundled_catalogue()
    board = formats.bundled_board(params.board)
    # Any recipe may give a puzzle of any tier (the grade decides); a tier draws
    # from the recipes that give it most often (measured, docs/puzzles.md).
    name = rng.choice(POOLS[params.tier])
    recipe = RECIPES[name] if name in RECIPES else TRAPS[name]
    limit = horizon(params)
    goal = params.goal if params.goal != "mixed" else rng.choice(("free", "free", "zone", "hide", "key"))
    lay = _Layout(board, cat)
    shelter = goal in ("hide", "key")

    # 1. the way: a target, then a walk away from it
    greens = sorted(board.green)
    if shelter:
        target = rng.choice(sorted(c for c in board.tile_cells if c.distance(Cell(0, 0)) >= 2))
        dist = {c: c.distance(target) for c in board.cells}
        walk = [target]
    else:
        target = rng.choice(greens)
        dist = {c: c.distance(target) for c in board.cells}
        near = board.green_distance
        firsts = sorted(n for n in target.neighbours() if n in board.tile_cells)
        if not firsts:
            return None
        walk = [rng.choice(firsts)]
    length = rng.randint(*recipe.walk) + (1 if shelter else 0)
    beside_island = recipe.false_way or recipe.blocked is not None
    if beside_island:
        length = recipe.walk[1]  # walk on until the island is beside the far end

    def by_island(c: Cell) -> bool:
        return any(n in board.island for n in c.neighbours())

    while len(walk) < length:
        here = walk[-1]
        if beside_island and len(walk) >= recipe.walk[0] and by_island(here):
            break
        nxt = [n for n in here.neighbours() if n in board.tile_cells and n not in walk and dist[n] >= dist[here]
               and not any(m in walk[:-1] for m in n.neighbours())
               and (not recipe.direct or shelter or (dist[n] > dist[here] and near[n] == dist[n]))]
        if not nxt:
            break
        walk.append(rng.choice(sorted(nxt)))
    if len(walk) < 2:
        return None
    far = walk[-1]
    from_island = by_island(far) and (beside_island or rng.random() < 0.5)
    # The prisoner stands on the far end (or the island beyond it).

    # 2. tiles that join: each way cell opens towards its neighbours on the way
    way: dict[Cell, tuple[TileType, int, int]] = {}
    to_target = None if shelter else walk[0].direction_to(target)
    to_island = next(e for e in range(6) if far.neighbour(e) in board.island) if from_island else None
    for i, cell in enumerate(walk):
        need = _need(walk, i, to_target, to_island)
        options = [o for o in _options(cat, need, hideout=shelter and i == 0) if lay.fits(cell, o[0], o[1])
                   and (recipe.blocked is None or len(o[0].features) == 1)]
        if not options:
            return None
        t, rot, f = _pick(rng, options)
        lay.tiles[cell] = (t, rot)
        way[cell] = (t, rot, f)

    pinned_gap = None
    if recipe.pinned:
        if from_island:
            return None
        pin = _pin(lay, board, walk, rng)
        if pin is None:
            return None
        way[far] = pin
        pinned_gap = walk[-2]

    # 3. taken apart
    pool = _pool(cat)
    used: set[str] = set()

    def take(tile: TileType) -> str | None:
        for tid in pool[tile.notation]:
            if tid not in used:
                used.add(tid)
                return tid
        return None

    start = None if from_island else far
    spoilable = [c for c in walk if c != start]
    rng.shuffle(spoilable)
    hand: list[str] = []
    placed: dict[Cell, str] = {}
    # A gap is best a plain tunnel: a junction or a two-tunnel tile fits its gap in
    # more than one way, and each way is another plan (Q5), so the puzzle would not
    # be unique.  Plain tunnels go first.
    # Gaps nearest the prisoner go first: a gap it must cross in the first turn has
    # to be filled in that turn, while a far gap could be filled in any turn before
    # the prisoner gets there, and each such turn would be another plan.
    def plain(c: Cell) -> bool:
        return len(way[c][0].features) == 1 and way[c][0].features[0].kind is FeatureKind.TUNNEL
    order = {c: i for i, c in enumerate(walk)}
    spoilable.sort(key=lambda c: (c != pinned_gap, not plain(c), -order[c]))
    gaps = min(sum(1 for c in spoilable if plain(c) or c == pinned_gap), rng.randint(*recipe.gaps), HAND)
    if gaps == 0:
        return None
    if recipe.blocked is not None and spoilable[0] != far:
        return None  # the first gap is the one beside the island: it must be filled in the first turn
    hazards = rng.randint(*recipe.hazards)
    if hazards > len(spoilable) - gaps:
        return None
    for c in spoilable[:gaps]:
        del lay.tiles[c]
        tid = take(way[c][0])
        if tid is None:
            return None
        hand.append(tid)
    empty_cells = sorted(c for c in board.tile_cells if c not in lay.tiles and c not in walk)
    for c in spoilable[gaps:gaps + hazards]:
        t, rot, _ = way[c]
        kind = rng.choice(("turned", "moved", "blocked") if recipe.moves else ("turned", "blocked"))
        if kind == "turned":
            wrong = [r for r in t.distinct_rotations
                     if t.open_edges(r) != t.open_edges(rot) and lay.fits(c, t, r, frozenset({c}))]
            if wrong:
                lay.tiles[c] = (t, rng.choice(wrong))
                continue
            kind = "moved" if recipe.moves else "blocked"
        del lay.tiles[c]
        if kind == "moved":
            spots = [(e, r) for e in empty_cells if e not in lay.tiles for r in t.distinct_rotations if lay.fits(e, t, r)]
            if not spots:
                return None
            e, r = rng.choice(spots)
            lay.tiles[e] = (t, r)
        elif len(hand) >= HAND:
            return None
        else:  # blocked: a tile that does not join lies on the way; the right one is in hand
            tid = take(t)
            if tid is None:
                return None
            hand.append(tid)
            others = [(o, r) for o in cat.tiles if o.notation != t.notation and not o.has_hideout()
                      for r in o.distinct_rotations if lay.fits(c, o, r)]
            if not others:
                return None
            o, r = rng.choice(others)
            lay.tiles[c] = (o, r)
    if recipe.false_way:
        if not from_island or shelter or len(hand) >= HAND:
            return None
        zone_greens = [g for g in greens if goal != "zone" or board.zone_of_cell[g] == board.zone_of_cell[target]]
        trap = _false_way(lay, board, walk, zone_greens, rng)
        if trap is None:
            return None
        gap, shape = trap
        tid = take(shape)
        if tid is None:
            return None
        hand.append(tid)
        if any(fits(lay.tiles, gap, cat[h], r) for h in hand for r in cat[h].distinct_rotations
               if _joins(lay.tiles, gap, cat[h], r, board)):
            return None  # a tile in hand closes the false way after all
    blocker = start_on = None
    if recipe.blocked is not None:
        if not from_island or shelter:
            return None
        zone_greens = [g for g in greens if goal != "zone" or board.zone_of_cell[g] == board.zone_of_cell[target]]
        # Steps and fills from the island: a tile is one step, an empty cell two.
        long = len(walk) + 1 + sum(1 for c in walk if c not in lay.tiles)
        side = _side_way(lay, board, walk, zone_greens, rng, long - 2 if recipe.lure else None)
        if side is None:
            return None
        short = len(side) + 1 + recipe.lure
        if not recipe.blocked[0] <= long - short <= recipe.blocked[1]:
            return None
        if recipe.lure:
            if len(side) < 3 or len(hand) >= HAND:
                return None
            gap_opens = way[far][0].open_edges(way[far][1])
            if any(lay.tiles[c][0].open_edges(r) == gap_opens for c in side for r in range(6)):
                return None  # a tile of the blocked way could fill the true way's gap: two plans
            tid = take(lay.tiles.pop(side[-1])[0])
            if tid is None:
                return None
            hand.append(tid)
            blocker = side[rng.randrange(len(side) - 2)]
        elif recipe.inside:
            if len(side) < 2:
                return None
            blocker = side[rng.randrange(len(side) - 1)]
            start_on = side[-1]
        else:
            blocker = side[rng.randrange(len(side))]
    for _ in range(rng.randint(*recipe.clutter)):
        free = [e for e in empty_cells if e not in lay.tiles and min(e.distance(w) for w in walk) <= 2]
        if not free:
            break
        e = rng.choice(free)
        o = rng.choice(cat.tiles)
        rots = [r for r in o.distinct_rotations if lay.fits(e, o, r)]
        if rots:
            lay.tiles[e] = (o, rng.choice(rots))
    for _ in range(min(rng.randint(*recipe.decoys), HAND - len(hand))):
        o = rng.choice(cat.tiles)
        if o.has_hideout() and not shelter:
            continue  # a spare hideout would give riders to every puzzle: kept for the recipes that want it
        tid = take(o)
        if tid is not None:
            hand.append(tid)

    # tile ids: the way's and the clutter's from the pool, in a fixed order
    for c in sorted(lay.tiles, key=lambda c: (c.r, c.q)):
        t, rot = lay.tiles[c]
        tid = take(t)
        if tid is None:
            return None
        placed[c] = f"{tid}@{rot}" if rot else tid

    # prisoners: the goal player's on the way's far end; the rest freed or dead
    at: list[str] = []
    island = 0
    if start_on is not None:
        at.append(f"{start_on.q},{start_on.r}")
    elif from_island:
        island = 1
    else:
        f = way[far][2] if lay.tiles.get(far) == way[far][:2] else 0
        at.append(f"{far.q},{far.r}" + (f"/{f}" if f else ""))
    freed = rng.randint(0, 3) if goal in ("free", "zone") else rng.randint(0, 4)
    if goal == "hide":
        island += rng.randint(0, 2)
    dead = 8 - freed - island - len(at)
    red: dict[str, object] = {"freed": freed, "dead": dead, "island": island}
    if at:
        red["at"] = at
    blue: dict[str, object] = {}
    if blocker is not None:
        blue["blue"] = {"at": [f"{blocker.q},{blocker.r}"], "island": 7}
    data: dict[str, object] = {
        "format": 1,
        "players": ["red", "blue"],
        "board": params.board,
        "turn": "red",
        "unused": "out",
        "tiles": {f"{c.q},{c.r}": p for c, p in placed.items()},
        "hands": {"red": sorted(hand)},
        "prisoners": {"red": red, **blue},
    }
    if goal == "free":
        data["goal"] = {"kind": "free", "count": 1, "turns": limit}
    elif goal == "zone":
        data["goal"] = {"kind": "zone", "zone": board.zone_of_cell[target], "turns": limit}
    else:
        data["goal"] = {"kind": goal, "turns": limit}
    text = yaml.safe_dump(data, sort_keys=False)
    try:
        scenario = formats.loads(text, name=params.id(seed)).scenario
    except LoadError:
        return None
    if rules.check_scenario(scenario):
        return None
    return scenario


__all__ = ["BOARDS", "GOALS", "HORIZON", "RECIPES", "TRAPS", "Params", "Recipe", "build", "fits", "horizon"]
