"""Der Tunnel puzzles of measured difficulty, unique and proved (``sectionx generate --game tunnel``).

Two kinds of puzzle (:mod:`.puzzles`):

* **TQ1**, *the best turn*: the player to move has drawn a tile; where does it go,
  with a follower and a token, to score the most this turn?  The stack's order is
  unknown (``drawn:`` names the tile).
* **TQ2**, *points within K turns*: the player's next K tiles are known (``stack:``)
  and the others pass; score at least N points within K turns.  N is the most K
  turns can score, so the player must find the best line.

**Candidates.**  A position met in a seeded game (2 to 5 players, sometimes a
variant TV1-TV4) whose four tunnel tiles come early, played by the house's bots
(greedy, random and cutthroat drawn turn by turn, so tokens lie on the board) for a
seeded number of turns; a tier's :class:`Kind` may play on to a *quiet* position,
where the player to move has no token to lay and few followers in supply (below), and
a board wider or taller than :data:`MAX_SPAN` tiles is refused (a card could not
draw it).  TQ1 tries the tiles left, in a seeded order, until one makes a puzzle of
the tier; TQ2 takes the game's next K tiles.

**Proved.**  Every answer is the solver's (:mod:`.solver`, exact): TQ1 tries every
legal turn; TQ2's N is found with the solver's search (the most within K turns,
proved by asking for one more), K is proved the fewest (N is out of reach in K - 1
turns) and :func:`.solver.plan` proves the answer again and lists the winning first
turns.  At least :data:`MIN_POINTS` points (TQ2: and one more a turn beyond the first).

**Unique.**  TQ1: one best choice, turns that end in equal positions counted once
(:func:`.solver.best_turn` merges them): the same tile on the same cell with a
follower on the same feature and the same token is one choice, but the same turn
with a follower more on a feature that scores nothing this turn, or a token more
laid anywhere, is another choice with as many points, and the candidate is refused.
So an answer that lays no token is unique only where the player has no token to lay,
and one without a follower only where the player has none in supply or nowhere to
put one: hence the quiet positions.  TQ2: one winning first *placement* (the tile's
cell and turn, :func:`first_placements`): every winning first turn lays the tile
there, though one may add a follower or token the goal does not need (a follower on
the tile's field, a first token anywhere) and the later turns may vary.  One winning
first turn in the strict sense is all but unknown while the player holds followers
and tokens; the file's ``answer: first:`` records how many there are.  TQ3 has one answer always (the referee's score sheet)
and is no search: it is not generated.

**Grading** measures what a player must see, with the solver and the referee:

* ``legal``: the legal turns with the first tile (every placement, follower, token);
* ``greedy``: what the house's greedy bot (:mod:`.play`, its ties drawn with seed 0)
  scores with the first tile: the obvious choice;
* ``follower``: the answer's (first) turn places a follower; ``token``: it lays a
  token (TQ1), or the line joins a tunnel (TQ2: a set's second token or a TV3 pair);
* ``order``: the answer's turn places its follower before its token and the other
  order is refused (TU5);
* ``trap``: TQ1, the greedy bot scores less than the answer; TQ2, the greedy bot's
  first turn is not the winning one (it ends in another position);
* ``turns``: K (1 for TQ1), ``points``: the answer's, ``players``; ``nodes``: turns the
  solver tried.

The level is ``turns - 1 + token + trap + order`` and the tier is
:data:`~sectionx.puzzlesets.TIERS` at that level (expert from 3 up): *beginner*, one
turn that the greedy bot finds, without a token; *intermediate*, a tunnel to join or
the greedy choice to beat, or two turns with neither; *advanced* and *expert*, more
of those at once.  (TQ2 of three turns is left out: most such candidates take more
than :data:`NODES` turns of search to prove.)  A tier's recipe (:data:`RECIPES`)
only chooses the kinds of candidate it tries; the label comes from the measurement,
and a candidate graded otherwise is rejected ("graded advanced").

**The same puzzle** (:func:`canonical`): two puzzles are the same when one is the
other turned a quarter, half or three quarters round (every tile turned with the
board), moved (the start tile need not stay on 0,0 for that), or with the players'
colours renamed (seats counted from the player to move, token sets known by their
owner): the form is the smallest over the four turns of the board moved to start at
0,0, with the goal, the tile in hand or the stack, the variants and the token count.
A mirror image is not the same puzzle: a tile's mirror image is another tile, or none.

Every search is limited by a count of turns tried (:data:`NODES`), never by time, so
the same seed gives the same verdict on any machine and in any worker; a set
(:func:`generate`) keeps accepted puzzles in seed order, dropping one whose form was
seen before (:func:`sectionx.generating.generate_set`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from ...fileio import quote
from ...generating import Outcome, Tally, generate_set, split_id, tier_title
from ...puzzlesets import TIERS
from . import play, rules, solver
from .model import Cell, Position
from .puzzles import Goal, Puzzle, Stated, dumps, points_for
from .rules import Follower, Move, Token, apply_unchecked, moves, placements
from .tiles import tile_set

#: The least a puzzle asks for: fewer points is no puzzle.
MIN_POINTS = 3
#: Seeds of a set: the first seed times this, plus the candidate's number.
SEEDS_PER_SET = 1_000_000
#: Turns the solver may try for one candidate (every search of it together): a count,
#: so the verdict is the same on every machine.
NODES = 200_000
#: Most tiles a TQ1 candidate tries in hand.
TQ1_TILES = 30
TUNNEL_TILES = ("TU-A", "TU-B", "TU-C", "TU-D")
#: A candidate's variants: none most often, each of TV1-TV4 sometimes.
VARIANT_CHOICES: tuple[tuple[str, ...], ...] = ((), (), (), (), ("TV1",), ("TV2",), ("TV3",), ("TV4",))


@dataclass(frozen=True)
class Kind:
    """A kind of candidate: the goal's kind (``best`` or ``points``), its turns, the
    turns of the game played before it, and ``quiet``: play on (at most
    :data:`QUIET_TURNS` turns) to a position where the player to move has no token to
    lay and at most that many followers in supply.  An answer is unique only when no
    turn scores as much with a follower or token more laid where it changes nothing
    (module docstring): such positions, late in a game, are where answers that lay
    none can be unique."""

    goal: str
    turns: int = 1
    quiet: int | None = None
    played: tuple[int, int] = (6, 18)
    players: tuple[int, ...] = (2, 3, 4)


#: Each tier's kinds of candidate (one by the seed): those that usually grade so
#: (docs/tunnel.md gives the rates); the grade decides.
RECIPES: dict[str, tuple[Kind, ...]] = {
    "beginner": (Kind("best", quiet=7, played=(10, 24), players=(4, 5)),),
    "intermediate": (Kind("best", quiet=7, played=(10, 24), players=(4, 5)), Kind("best"), Kind("points", 2)),
    "advanced": (Kind("best"), Kind("best"), Kind("points", 2), Kind("points", 2)),
    "expert": (Kind("best"), Kind("best"), Kind("points", 2)),
}
#: Most turns played on to find a quiet position (:class:`Kind`).
QUIET_TURNS = 16
#: The most columns and rows of tiles a puzzle's board may span: a card (63 x 88 mm)
#: draws a board this large with tiles of about 8 mm.
MAX_SPAN = 8


@dataclass(frozen=True)
class Params:
    """What a set asks for; with a seed it names one candidate (:meth:`id`)."""

    tier: str

    def id(self, seed: int) -> str:
        """``tunnel/TIER#SEED``: ``sectionx generate --game tunnel --id`` makes the same puzzle."""
        return f"tunnel/{self.tier}#{seed}"

    @classmethod
    def parse_id(cls, text: str) -> tuple[Params, int]:
        """The parameters and seed of an id (ValueError if it is not one)."""
        what, example = "a Der Tunnel puzzle id", "tunnel/expert#1042"
        (game, tier), seed = split_id(text, 2, what, example)
        if game != "tunnel":
            raise ValueError(f"{quote(text)} is not {what}; ids look like {example}")
        params = cls(tier)
        params.check()
        return params, seed

    def check(self) -> None:
        if self.tier not in RECIPES:
            raise ValueError(f"unknown difficulty {quote(self.tier)}; choose one of {', '.join(TIERS)}")


@dataclass(frozen=True)
class Unit:
    """One candidate to try: everything :func:`make` needs, and nothing else."""

    params: Params
    seed: int
    nodes: int = NODES


@dataclass(frozen=True)
class Figures:
    """The measured figures behind a grade (written under ``grade: figures:``;
    module docstring)."""

    turns: int
    points: int
    players: int
    legal: int
    greedy: int
    follower: int
    token: int
    order: int
    trap: int
    nodes: int

    @property
    def level(self) -> int:
        return self.turns - 1 + self.token + self.trap + self.order

    @property
    def tier(self) -> str:
        return tier_of(self.level)

    def items(self) -> tuple[tuple[str, int], ...]:
        return tuple((name, int(getattr(self, name))) for name in
                     ("turns", "points", "players", "legal", "greedy", "follower", "token", "order", "trap", "nodes"))


def tier_of(level: int) -> str:
    """The tier of a puzzle at ``level`` (module docstring)."""
    return TIERS[min(max(level, 0), len(TIERS) - 1)]


# ---------------------------------------------------------------------- candidates


def game_position(rng: random.Random, players: int, variants: tuple[str, ...], turns: int) -> Position:
    """A position after ``turns`` turns of a seeded game whose tunnel tiles come early,
    each turn played by a bot drawn for it (greedy, random or cutthroat)."""
    pos = rules.new_game(players, variants=variants, seed=rng.randrange(1 << 30))
    assert pos.stack is not None
    stack = [t for t in pos.stack if t not in TUNNEL_TILES]
    for t in TUNNEL_TILES:
        stack.insert(rng.randrange(0, turns + 1), t)
    pos.stack = tuple(stack)
    own = random.Random(rng.randrange(1 << 30))
    for _ in range(turns):
        bot = own.choice(("greedy", "greedy", "random", "cutthroat"))
        apply_unchecked(pos, play.choose(bot, pos, own))
    return pos


def order_unknown(pos: Position) -> Position:
    """``pos`` with the order of its stack forgotten: the tiles left drawn at random (a
    TQ1 puzzle names the tile in hand)."""
    pos = pos.copy()
    box = Counter(tile_set().box()) - Counter(p.tile.tile.name for p in pos.board.values()) - Counter(pos.out)
    pos.stack, pos.pool, pos.left = None, box, sum(box.values())
    return pos


def with_stack(pos: Position, tiles: tuple[str, ...]) -> Position:
    """``pos`` with the stack ``tiles`` (a TQ2 puzzle's: the player's next tiles)."""
    pos = pos.copy()
    pos.stack, pos.pool, pos.left = tiles, Counter(tiles), len(tiles)
    return pos


# ---------------------------------------------------------------------- measuring


def greedy_turn(pos: Position, tile: str) -> Move:
    """The turn the house's greedy bot (:mod:`.play`) plays with ``tile`` in hand, its
    ties drawn by a generator of seed 0: the obvious choice a puzzle is measured
    against."""
    if pos.next_tile() != tile:
        pos = pos.copy()
        pos.stack, pos.pool, pos.left = (tile,), Counter((tile,)), 1
    return play.choose("greedy", pos, random.Random(0))


def order_matters(pos: Position, move: Move) -> bool:
    """Whether ``move`` places its follower before its token and the other order is
    refused (TU5)."""
    steps = move.steps
    if len(steps) != 2 or not isinstance(steps[0], Follower) or not isinstance(steps[1], Token):
        return False
    return bool(rules.problems(pos, Move(move.tile, move.cell, move.rotation, (steps[1], steps[0]))))


def joins_tunnel(pos: Position, line: Iterable[Move]) -> bool:
    """Whether a line of the player's turns (the others passing) joins a tunnel: lays
    a set's second token or a TV3 pair (TU4)."""
    pos = pos.copy()
    for move in line:
        token = move.token
        if token is not None and (len(token.openings) == 2 or len(pos.placed.get(token.set, ())) == 1):
            return True
        apply_unchecked(pos, move)
        if move.cell is not None:
            pos.turn = (pos.turn - 1) % len(pos.players)  # the others pass: the player again
    return False


class _Limit(Exception):
    """The unit's node budget is spent."""


class _Budget:
    """The nodes a unit may still spend, over all its searches."""

    def __init__(self, nodes: int):
        self.left = nodes

    def take(self, n: int) -> None:
        self.left -= n
        if self.left <= 0:
            raise _Limit


def measure_best(pos: Position, tile: str, answer: solver.Answer) -> Figures:
    """The figures of a TQ1 puzzle whose proved ``answer`` has one best choice."""
    move = answer.choices[0].move
    best = answer.best or 0
    greedy = points_for(pos.turn, rules.play(pos, greedy_turn(pos, tile)).scored)
    return Figures(turns=1, points=best, players=len(pos.players), legal=answer.nodes, greedy=greedy,
                   follower=int(move.follower is not None), token=int(move.token is not None),
                   order=int(order_matters(pos, move)), trap=int(greedy < best), nodes=answer.nodes)


def measure_points(pos: Position, answer: solver.Answer) -> Figures:
    """The figures of a TQ2 puzzle from its proved ``answer`` (module docstring): the
    greedy bot's first turn is a trap unless it is one of the winning first turns."""
    first = answer.choices[0]
    name = first.move.tile
    greedy = rules.play(pos, greedy_turn(pos, name))
    winning = {solver.position_key(_after(pos, c.move)) for c in answer.choices}
    return Figures(turns=answer.turns or 0, points=answer.goal.target, players=len(pos.players),
                   legal=len(moves(pos, name)), greedy=points_for(pos.turn, greedy.scored),
                   follower=int(first.move.follower is not None), token=int(joins_tunnel(pos, answer.line)),
                   order=int(order_matters(pos, first.move)),
                   trap=int(solver.position_key(greedy.position) not in winning), nodes=answer.nodes)


def most_points(pos: Position, k: int, budget: _Budget) -> int:
    """The most points the player to move can score within ``k`` of their turns, the
    others passing (TQ2), by the solver's search: proved by the next point being out
    of reach."""
    counter = solver._Counter(budget.left, None)
    search = solver._Search(pos, Goal("points", 1, k), counter)
    want = 0
    try:
        while search.reach(pos, k, want + 1):
            want += 1
    except solver.OutOfNodes:
        raise _Limit from None
    finally:
        budget.take(counter.nodes)
    return want


# ---------------------------------------------------------------------- the same puzzle


@cache
def _period(name: str) -> int:
    """The least quarter turns after which tile ``name`` looks the same (1, 2 or 4)."""
    ts = tile_set()

    def look(r: int) -> frozenset[tuple[object, ...]]:
        return frozenset((f.kind, f.edges, f.halves, f.end, f.pennant) for f in ts.oriented(name, r).features)

    return next(p for p in (1, 2, 4) if look(p) == look(0))


def _turn_cell(cell: Cell, q: int) -> Cell:
    """``cell`` with the board turned ``q`` quarters clockwise (x east, y south)."""
    x, y = cell
    for _ in range(q):
        x, y = -y, x
    return x, y


def canonical(pos: Position, puzzle: Puzzle) -> tuple[object, ...]:
    """The puzzle's form (module docstring): two puzzles of the same form have the same
    answer, turned, moved and with the colours renamed."""
    n = len(pos.players)
    seat = {s: (s - pos.turn) % n for s in range(n)}

    def owner(s: str) -> int:
        o = pos.sets.get(s)
        return -1 if o is None else seat[o]

    forms = []
    for q in range(4):
        cells = {c: _turn_cell(c, q) for c in pos.board}
        dx = min(c[0] for c in cells.values())
        dy = min(c[1] for c in cells.values())

        def at(c: Cell, cells: dict[Cell, Cell] = cells, q: int = q, dx: int = dx, dy: int = dy) -> Cell:
            t = cells[c] if c in cells else _turn_cell(c, q)
            return t[0] - dx, t[1] - dy

        board = tuple(sorted((at(c), p.tile.tile.name, (p.tile.rotation + q) % _period(p.tile.tile.name))
                             for c, p in pos.board.items()))
        followers = []
        for (c, local), s in pos.followers.items():
            placed = pos.board[c]
            turned = tile_set().oriented(placed.tile.tile.name, placed.tile.rotation + q)
            followers.append((at(c), turned.features[local].name, seat[s]))
        tokens = tuple(sorted((owner(s), tuple((at(o[0]), (o[1] + q) % 4) for o in laid))
                              for s, laid in pos.placed.items()))
        fresh = tuple(sorted(owner(s) for s in pos.sets if s not in pos.placed))
        steal = tuple(sorted(tuple((at(o[0]), (o[1] + q) % 4) for o in pos.placed[s]) for s in pos.stealable))
        forms.append((board, tuple(sorted(followers)), tokens, fresh, steal))
    stack = pos.stack if puzzle.goal.others_pass else None
    return (min(forms), n, tuple(sorted(pos.variants)), pos.token_count, puzzle.goal.flow(), puzzle.drawn, stack,
            tuple(pos.supply[(pos.turn + i) % n] for i in range(n)))


# ---------------------------------------------------------------------- a unit


#: The things of generated titles ("The Winding Quarry"; :func:`sectionx.generating.tier_title`):
#: the same seed, the same title; a set's titles differ for 1,200 candidates.
TITLE_THINGS = ("Tunnel", "Passage", "Quarry", "Road", "Crossroads", "Lamp", "Mine", "Shaft", "Gallery", "Mouth", "Hill",
                "Meadow", "Gate", "Bend", "Junction", "Burrow", "Seam", "Lantern", "Cart", "Track", "Bridge", "Dig",
                "Village", "Pass")


def _best_puzzle(rng: random.Random, pos: Position, params: Params, budget: _Budget
                 ) -> tuple[Position, Puzzle, Figures] | str:
    """A TQ1 puzzle of the unit's tier from ``pos`` (the stack's order forgotten), the
    tiles left tried in a seeded order; or why none."""
    pos = order_unknown(pos)
    tiles = sorted(t for t, n in pos.pool.items() if n > 0)
    rng.shuffle(tiles)
    why = "scores too little"
    for tile in tiles[:TQ1_TILES]:
        if not placements(pos, tile):
            continue
        answer = solver.best_turn(pos, tile, nodes=budget.left)
        budget.take(answer.nodes)
        if answer.status != "solved":
            raise _Limit
        if (answer.best or 0) < MIN_POINTS:
            continue
        if not answer.unique:
            why = "not unique"
            continue
        figures = measure_best(pos, tile, answer)
        if figures.tier != params.tier:
            why = f"graded {figures.tier}"
            continue
        puzzle = Puzzle(Goal("best"), tile, answer=Stated(points=answer.best, choices=1))
        return pos, puzzle, figures
    return why


def _points_puzzle(pos: Position, k: int, params: Params, budget: _Budget) -> tuple[Position, Puzzle, Figures] | str:
    """A TQ2 puzzle of the unit's tier from ``pos``: the player's next ``k`` tiles of
    the game's stack, the most points they can score in ``k`` turns; or why not."""
    assert pos.stack is not None
    pos = with_stack(pos, pos.stack[:k])
    if len(pos.stack or ()) < k:
        return "too few tiles"
    most = most_points(pos, k, budget)
    if most < MIN_POINTS + k - 1:
        return "scores too little"
    if k > 1 and most_points(pos, k - 1, budget) >= most:
        return "fewer turns do it"
    goal = Goal("points", most, k)
    answer = solver.plan(pos, goal, nodes=budget.left)
    budget.take(answer.nodes)
    if answer.status == "unknown":
        raise _Limit
    assert answer.status == "solved" and answer.turns == k, "the search and plan disagree"
    if len(first_placements(answer)) != 1:
        return "not unique"
    if answer.line[0].cell is None:
        return "a tile put out first"  # the puzzle asks about the tiles the player lays
    figures = measure_points(pos, answer)
    if figures.tier != params.tier:
        return f"graded {figures.tier}"
    return pos, Puzzle(goal, answer=Stated(turns=k, first=len(answer.choices))), figures


def _quiet(pos: Position, rng: random.Random, supply: int) -> Position | None:
    """``pos`` played on (bots as :func:`game_position`'s) to the first position where
    the player to move has no token action (TU1, TU8) and at most ``supply`` followers
    in supply (CB1), with tiles enough left for a puzzle; None within
    :data:`QUIET_TURNS` turns."""
    pos = pos.copy()
    own = random.Random(rng.randrange(1 << 30))
    for _ in range(QUIET_TURNS):
        if len(pos.stack or ()) < 4:
            return None
        if not rules.token_choices(pos, pos.turn) and pos.supply[pos.turn] <= supply:
            return pos
        bot = own.choice(("greedy", "greedy", "random", "cutthroat"))
        apply_unchecked(pos, play.choose(bot, pos, own))
    return None


def span(pos: Position) -> tuple[int, int]:
    """The columns and rows the board's tiles span."""
    xs = [c[0] for c in pos.board]
    ys = [c[1] for c in pos.board]
    return max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def first_placements(answer: solver.Answer) -> set[tuple[Cell | None, int]]:
    """The placements (cell and turn of the tile) of TQ2's winning first turns: one
    for a unique TQ2 puzzle (module docstring)."""
    return {(c.move.cell, c.move.rotation) for c in answer.choices}


def _after(pos: Position, move: Move) -> Position:
    after = pos.copy()
    apply_unchecked(after, move)
    return after


def make(unit: Unit) -> Outcome:
    """Try one candidate (module docstring): a puzzle of the unit's tier, or why not."""
    params, seed = unit.params, unit.seed
    puzzle_id = params.id(seed)
    rng = random.Random(f"tunnel-puzzle:{puzzle_id}")
    kind = rng.choice(RECIPES[params.tier])
    players = rng.choice(kind.players)
    variants = rng.choice(VARIANT_CHOICES)
    pos = game_position(rng, players, variants, rng.randrange(*kind.played))
    if kind.quiet is not None:
        quiet = _quiet(pos, rng, kind.quiet)
        if quiet is None:
            return Outcome(seed, "tokens to lay")
        pos = quiet
    if max(span(pos)) > MAX_SPAN:
        return Outcome(seed, "board too large for a card")
    budget = _Budget(unit.nodes)
    try:
        found = (_best_puzzle(rng, pos, params, budget) if kind.goal == "best"
                 else _points_puzzle(pos, kind.turns, params, budget))
    except _Limit:
        return Outcome(seed, "too hard to prove")
    if isinstance(found, str):
        return Outcome(seed, found)
    pos, puzzle, figures = found
    title = tier_title(seed, params.tier, TITLE_THINGS)
    header = (f"Generated by: sectionx generate --game tunnel --id {puzzle_id}\n"
              f"Grade: {figures.tier} (docs/tunnel.md, Generated puzzles); solve it with: sectionx solve FILE")
    text = dumps(pos, puzzle, title=title, header=header) + grade_lines(puzzle_id, figures)
    return Outcome(seed, "accepted", text, canonical(pos, puzzle), figures.tier, 0, figures.items())


def grade_lines(puzzle_id: str, figures: Figures) -> str:
    """The ``grade:`` block of a generated puzzle's file."""
    return (f"grade:                     # docs/tunnel.md, Generated puzzles: how the tier is measured\n"
            f"  id: {puzzle_id}\n  tier: {figures.tier}\n"
            "  figures: {" + ", ".join(f"{k}: {v}" for k, v in figures.items()) + "}\n")


# ---------------------------------------------------------------------- sets


Runner = Callable[[Callable[[Unit], Outcome], Iterable[Unit]], Iterator[Outcome]]


def units(params: Params, seed: int, **limits: Any) -> Iterator[Unit]:
    """The set's candidates, in order: seeds ``seed * SEEDS_PER_SET + i``."""
    for i in range(SEEDS_PER_SET):
        yield Unit(params, seed * SEEDS_PER_SET + i, **limits)


def generate(params: Params, count: int, seed: int = 0, *, runner: Runner | None = None,
             max_tries: int | None = None, on_outcome: Callable[[Outcome, Tally], None] | None = None,
             **limits: Any) -> tuple[list[Outcome], Tally]:
    """``count`` puzzles of ``params`` (module docstring), in seed order, none the
    same as another; with the tally.  ``runner`` maps :func:`make` over the units in
    order (default: here, one by one).  Stops after ``max_tries`` candidates (default
    ``400 * count``) with what it has."""
    params.check()
    seen = None if on_outcome is None else (lambda outcome, tally, _kept: on_outcome(outcome, tally))
    return generate_set(make, units(params, seed, **limits), count, runner=runner, max_tries=max_tries, on_outcome=seen)


__all__ = [
    "MIN_POINTS",
    "NODES",
    "RECIPES",
    "Figures",
    "Kind",
    "Outcome",
    "Params",
    "Tally",
    "Unit",
    "canonical",
    "first_placements",
    "game_position",
    "generate",
    "grade_lines",
    "greedy_turn",
    "joins_tunnel",
    "make",
    "measure_best",
    "measure_points",
    "most_points",
    "order_matters",
    "order_unknown",
    "span",
    "tier_of",
    "units",
    "with_stack",
]
