"""Der Tunnel's puzzle solver (TQ1–TQ3), exact: :func:`solve_puzzle` answers a read
puzzle file (or a position without a goal: TQ1 with the top tile).

* **TQ1** (:func:`best_turn`): every legal turn with the drawn tile is played
  (:func:`.rules.moves`: every placement, no follower or one on each free feature, no
  token or each token action the referee allows; a follower before the token, which
  is never less allowed and ends in the same position, TU5) and what it scores for the
  player is added up (CB6–CB8, TU7: the score lines of the features it completed in
  which the player has a share of the majority).  The most is the answer; every turn
  that scores it is listed, turns that end in equal positions merged into one choice
  (so "unique" means one best position).
* **TQ2** (:func:`plan`): the fewest of the player's turns, the others passing, that
  complete a road of at least L tiles holding the player's follower, or score at
  least N points; iterative deepening, so every smaller number is proved too few.
  :class:`_Search`'s docstring (and docs/tunnel.md, "Puzzles") gives the argument that
  its shortcuts keep the answer exact.
* **TQ3** (:func:`end_scores`): the referee's score sheet of the end (CB9, TU9), now or
  after one legal turn.

:mod:`.reference` answers the same questions by plain enumeration (no table, no bound,
no move left out); the tests hold the two equal on every shipped puzzle and on random
small ones.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from math import comb
from typing import TYPE_CHECKING

from .model import NEAR, Cell, Position, Score
from .puzzles import Goal, Stated, gain, need, points_for
from .rules import (
    Follower,
    Move,
    Token,
    _fits,
    apply_unchecked,
    follower_choices,
    moves,
    placements,
    play,
    token_choices,
    token_problems,
)
from .tiles import DELTA, tile_set

if TYPE_CHECKING:
    from .formats import Loaded

#: Moves tried when ``--nodes`` is not given: about two minutes on one core.
DEFAULT_NODES = 1_000_000
#: Most turns a TQ2 search looks at (the schema's maximum).
MAX_TURNS = 10


@dataclass(frozen=True)
class Limits:
    """How far a search may go: moves tried (``nodes``), seconds, and for TQ2 a cap on
    the turns below the goal's ``within`` (``turns``)."""

    nodes: int | None = None
    seconds: float | None = None
    turns: int | None = None


@dataclass(frozen=True)
class Choice:
    """One best turn (TQ1) or winning first turn (TQ2): the first move in the
    referee's order, the other moves that end in an equal position (merged), and what
    it scores for the player."""

    move: Move
    same: tuple[Move, ...]
    points: int


@dataclass(frozen=True)
class Answer:
    """A puzzle's answer.

    ``status``: ``solved`` (proved), ``impossible`` (TQ2: proved not within ``limit``
    turns) or ``unknown`` (a limit stopped the search: only "not within
    ``proved_none_below`` turns" is known).  ``line``: the player's moves in order
    (a tile put out included, CB11), ``points`` what each scored for the player;
    ``choices``: TQ1's best turns, TQ2's winning first turns, merged by the position
    they end in.  ``best``: TQ1's most points.  TQ3: ``scored`` what the move
    ``after`` scored, ``sheet`` the end's score sheet, ``scores`` every seat's total
    after it.  ``nodes``: moves tried."""

    goal: Goal
    player: str
    status: str
    turns: int | None = None
    #: The seats' colours, in order (TQ3's ``scores`` follow them).
    players: tuple[str, ...] = ()
    line: tuple[Move, ...] = ()
    points: tuple[int, ...] = ()
    choices: tuple[Choice, ...] = ()
    best: int | None = None
    limit: int = 0
    proved_none_below: int = 0
    nodes: int = 0
    scored: tuple[Score, ...] = ()
    sheet: tuple[Score, ...] = ()
    scores: tuple[int, ...] = ()

    @property
    def unique(self) -> bool:
        return len(self.choices) == 1


class NoQuestion(ValueError):
    """A position that asks nothing the solver can answer (no tile drawn, the game over)."""


class OutOfNodes(Exception):
    """The node or time limit stopped the search: the answer is unknown."""


class _Counter:
    def __init__(self, nodes: int | None, seconds: float | None):
        self.limit = DEFAULT_NODES if nodes is None else nodes
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.nodes = 0

    def count(self) -> None:
        self.nodes += 1
        if self.nodes > self.limit or (self.deadline is not None and self.nodes % 256 == 0
                                       and time.monotonic() > self.deadline):
            raise OutOfNodes

    def lift(self) -> None:
        """A proved answer is never reported as unknown: what is listed after the
        proof (the line, the winning first turns) is bookkeeping on top of it."""
        self.limit, self.deadline = 1 << 62, None


def position_key(pos: Position, *, scores: bool = True) -> tuple[object, ...]:
    """Everything the rules can observe of a position, as a hashable value: the tiles,
    followers, tokens (each set's owner and openings in the order laid, TV2's road of
    the first token), the sets open to theft, the stack, the player to move and
    (``scores``) the scores.  What is complete is a function of the tiles and tokens
    (it scored the turn it was completed), and each supply is 7 less the followers on
    the board.  A set is known by its owner, not its colour: which of a player's fresh
    sets (or of TV3's common pairs) is laid is the same to the game (TU11), and a TV3
    pair's two openings are laid at once, in no order.  A tile is
    known by what lies on its edges as it lies (a cloister tile turned is the same
    tile), and a follower by the name of its feature as it lies (``field:Nw``)."""
    board = frozenset((cell, _shape(p.tile.tile.name, p.tile.rotation)) for cell, p in pos.board.items())
    followers = frozenset((cell, pos.board[cell].tile.features[local].name, seat)
                          for (cell, local), seat in pos.followers.items())
    # A TV3 pair is laid at once: the order of its two openings is no order of play.
    pairs = "TV3" in pos.variants
    tokens = frozenset((pos.sets.get(s), frozenset(laid) if pairs else laid) for s, laid in pos.placed.items())
    stealable = frozenset(pos.placed.get(s, ()) for s in pos.stealable)
    return (board, followers, tokens, stealable, pos.stack, pos.left, pos.turn,
            tuple(pos.scores) if scores else (), tuple(sorted(pos.out)) if scores else ())


@cache
def _shape(name: str, rotation: int) -> frozenset[tuple[object, ...]]:
    """A tile as it lies: each feature with its edges, halves and ends in board
    directions (a field's cities by their edges), whatever their order on the tile."""
    tile = tile_set().oriented(name, rotation)
    return frozenset((f.kind, f.edges, f.end, f.pennant, f.halves, tuple(sorted(tile.features[c].edges for c in f.cities)))
                     for f in tile.features)


def _merge(found: list[tuple[Move, Position, int]]) -> tuple[Choice, ...]:
    """Moves grouped by the position they end in, in the order first met."""
    groups: dict[tuple[object, ...], list[tuple[Move, int]]] = {}
    for move, after, points in found:
        groups.setdefault(position_key(after), []).append((move, points))
    return tuple(Choice(g[0][0], tuple(m for m, _ in g[1:]), g[0][1]) for g in groups.values())


# ------------------------------------------------------------------------ TQ1


def best_turn(pos: Position, tile: str, *, nodes: int | None = None, seconds: float | None = None) -> Answer:
    """TQ1: the most points the player to move scores this turn with ``tile``, and
    every turn that scores it (merged by the position it ends in).  A tile that fits
    nowhere is put out (CB3, CB11): 0 points, its one choice."""
    counter = _Counter(nodes, seconds)
    me = pos.turn
    goal = Goal("best")
    try:
        found: list[tuple[Move, Position, int]] = []
        for move in moves(pos, tile):
            counter.count()
            after = pos.copy()
            found.append((move, after, points_for(me, apply_unchecked(after, move))))
    except OutOfNodes:
        return Answer(goal, pos.player, "unknown", players=pos.players, nodes=counter.nodes)
    if not found:
        raise NoQuestion(f"{pos.player} cannot draw {tile}: the top of the stack is another tile, or none is left "
                         "(CB2)")
    best = max(p for _, _, p in found)
    choices = _merge([f for f in found if f[2] == best])
    first = choices[0].move
    return Answer(goal, pos.player, "solved", 1, pos.players, (first,), (best,), choices, best, 1, 0, counter.nodes)


# ------------------------------------------------------------------------ TQ3


def end_scores(pos: Position, after: Move | None = None) -> Answer:
    """TQ3: the end's score sheet (CB9, TU9) of ``pos``, or of ``pos`` after the legal
    turn ``after`` (what it scored listed first): the referee's answer."""
    scored: tuple[Score, ...] = ()
    line: tuple[Move, ...] = ()
    points: tuple[int, ...] = ()
    player = pos.player
    if after is not None:
        turn = play(pos, after)
        scored, line, points = turn.scored, (after,), (points_for(pos.turn, turn.scored),)
        pos = turn.position
    end = pos.copy()
    sheet = end.final_scoring()
    sheet.sort(key=lambda s: (s.cells[0][1], s.cells[0][0], s.kind, s.cells))
    return Answer(Goal("end"), player, "solved", len(line), pos.players, line, points, scored=scored, sheet=tuple(sheet),
                  scores=tuple(end.scores))


# ------------------------------------------------------------------------ TQ2


class _Search:
    """Can the player reach ``need`` (points; 1 for a road goal) within ``k`` of their
    turns, the others passing (TQ2)?  An OR search over the player's turns, exact
    because:

    * **every turn that can matter is tried.**  Each placement of the drawn tile
      (a tile that fits nowhere is put out and the player draws again, CB11, which is
      no turn), each follower and each token action the referee allows, except:

      - *a follower on a field* (both goals) and, for a road goal, *on a city or a
        cloister*.  Fields score only at the end (CB9), which TQ2 does not count, and
        no follower on a field, city or cloister changes what a road is or holds, or
        whether a token may be laid (TV1 and TV4 look at the road's followers only).
        The same turn without it leaves the player one follower more (never fewer
        choices later, CB1) and those features free (never a follower refused
        later, CB4), so it reaches everything the turn with it reaches;
      - *on the last turn* (``k`` = 1), a follower on a feature that cannot be
        complete at the end of this turn, and a token that joins nothing (a set's
        first, TU4).  Only what this turn scores counts then, and it scores only
        complete features: neither changes which they are nor who holds them.

      The list of winning first turns (:func:`plan`) puts those turns back: each is
      checked when the same turn without the follower or token wins, since a turn
      with it never does better.
    * **a bound cuts a branch only when no line can reach the goal** (:meth:`bound`):
      a feature can be completed within ``k`` turns only if every empty cell its open
      edges face (CB5: an edge closes only when a tile lies beyond it) is filled, one
      tile a turn, by a tile still in the stack that fits there now (a cell's needs
      only grow as tiles are placed around it, CB3), and, for a road, if its
      unjoined openings can be paired by ``k`` token actions (each joins two openings,
      TU4, TV3).  Joining features only adds open edges, so a completed road is made
      of such roads alone, facing together at most ``k`` cells, plus at most ``k``
      new tiles; its tiles are at most their tiles added up, plus ``k``.  For points,
      everything that could be completed is counted at its full value (roads 1 a
      tile, cities 2 a tile and pennant, cloisters 9, CB6–CB7) as if the player won
      every majority, plus what the ``k`` best tiles of the stack could add to the
      features they join.
    * **a table of positions already searched**: the key is every part of a position
      the rest of the search depends on (:func:`position_key` without the scores:
      what is still needed is an argument), and the number of turns left; an entry
      keeps the most proved reachable and the least proved out of reach.
    """

    def __init__(self, start: Position, goal: Goal, counter: _Counter):
        self.me = start.turn
        self.goal = goal
        self.counter = counter
        self.table: dict[tuple[tuple[object, ...], int], tuple[int, int]] = {}
        self.values = {name: (_tile_value(name, False), _tile_value(name, True)) for name in (start.stack or ())}

    # ------------------------------------------------------------ turns

    def draw(self, pos: Position) -> tuple[tuple[Move, ...], Position, str | None]:
        """Tiles that fit nowhere put out (CB11: the same player draws again), then the
        tile the turn is played with (None: the stack is empty)."""
        outs: list[Move] = []
        while True:
            name = pos.next_tile()
            if name is None or placements(pos, name):
                return tuple(outs), pos, name
            out = Move(name, None)
            pos = pos.copy()
            apply_unchecked(pos, out)
            outs.append(out)

    def children(self, pos: Position, k: int, *, every: bool = False
                 ) -> Iterator[tuple[tuple[Move, ...], Position, int, int]]:
        """Each turn tried (the tiles put out before it, then the move), the position
        after it with the turn back to the player (the others pass), what it brings
        towards the goal and its points.  ``every``: the referee's whole list."""
        outs, pos, name = self.draw(pos)
        if name is None:
            return
        played = self.every(pos, name) if every else self.turns(pos, name, last=k == 1)
        for move, after, scored in played:
            self.counter.count()
            after.turn = self.me
            yield (*outs, move), after, gain(self.goal, self.me, scored), points_for(self.me, scored)

    @staticmethod
    def every(pos: Position, name: str) -> Iterator[tuple[Move, Position, tuple[Score, ...]]]:
        """The referee's whole list of turns, each played by the referee."""
        for move in moves(pos, name):
            after = pos.copy()
            yield move, after, apply_unchecked(after, move)

    def turns(self, pos: Position, name: str, *, last: bool) -> Iterator[tuple[Move, Position, tuple[Score, ...]]]:
        """The turns that can matter (the class docstring says which are left out),
        each played: the tile placed once, then each follower and token on a copy, as
        :func:`.rules.apply_unchecked` plays them (a test holds the two equal)."""
        me = self.me
        # On the last turn only what it completes counts: a placement that completes
        # nothing (no feature it touches can be complete, and no road anywhere could
        # be closed by a token) brings nothing, whatever the follower and token.
        # And a placement completes something only on a hot cell (:func:`_hot`), unless
        # a token may close a road this turn whatever the tile does: one with no open
        # edge and two unjoined openings, or two with one each (TU3, TU4, TU12); a
        # tile elsewhere touches no road without open edges.
        closed = [i.unpaired for i in pos.info.values() if i.kind == "road" and not i.done and i.open == 0]
        tunnel_close = last and self.joins(pos, 1)[0] > 0 and (2 in closed or closed.count(1) >= 2)
        hot = _hot(pos) if last and not tunnel_close else None
        for cell, r in placements(pos, name):
            if hot is not None and cell not in hot:
                continue
            placed = pos.copy()
            touched = placed.put_tile(cell, tile_set().oriented(name, r)) | placed.cloisters_near(cell)
            if last and not tunnel_close and not any(_closable(placed, root) for root in touched):
                continue
            chances = _chances(placed, me)
            options: list[Follower | None] = [None]
            options += [f for f in follower_choices(placed, cell, me) if self.matters(placed, cell, f, last=last)]
            for f in options:
                with_f = placed
                if f is not None:
                    with_f = placed.copy()
                    local = with_f.board[cell].tile.feature_named(f.feature)
                    assert local is not None
                    with_f.put_follower(cell, local, me)
                tokens: list[Token | None] = [None]
                tokens += [t for t in token_choices(with_f, me) if not last or _joins(with_f, t)]
                for t in tokens:
                    after = with_f.copy()
                    joined = set(touched)
                    if t is not None:
                        for opening in t.openings:
                            root = after.put_token(t.set, opening)
                            if root is not None:
                                joined.add(root)
                    scored = tuple(after.score_completed(joined, after.turns))
                    missed = {s for s in chances if len(after.placed.get(s, ())) == 1}
                    if missed:
                        after.stealable = after.stealable | missed
                    after.turn = (me + 1) % len(after.players)
                    yield Move(name, cell, r, tuple(s for s in (f, t) if s is not None)), after, scored

    def matters(self, placed: Position, cell: Cell, f: Follower, *, last: bool) -> bool:
        local = placed.board[cell].tile.feature_named(f.feature)
        assert local is not None
        root = placed.root_at(cell, local)
        info = placed.info[root]
        if info.kind == "field" or (self.goal.kind == "road" and info.kind != "road"):
            return False
        if not last:
            return True
        if info.kind == "road":  # a token may still join it to a road and close it (TU4)
            return info.open == 0 and info.unpaired <= 2
        return placed.complete(root)

    # ------------------------------------------------------------ the search

    def reach(self, pos: Position, k: int, want: int) -> bool:
        """Whether ``want`` more is reachable within ``k`` turns from ``pos``."""
        if want <= 0:
            return True
        if k == 0 or pos.over:
            return False
        key = (position_key(pos, scores=False), k)
        lo, hi = self.table.get(key, (0, 1 << 30))
        if want <= lo:
            return True
        if want >= hi:
            return False
        found = self.bound(pos, k) >= want and any(
            g >= want or self.reach(after, k - 1, want - g) for _, after, g, _ in self.children(pos, k))
        lo, hi = self.table.get(key, (0, 1 << 30))
        self.table[key] = (max(lo, want), hi) if found else (lo, min(hi, want))
        return found

    def bound(self, pos: Position, k: int) -> int:
        """An upper bound on what ``k`` turns can bring (the class docstring's argument):
        the features that could be completed, grouped by the empty cells that must be
        filled first, the best choice of at most ``k`` such cells."""
        stack = pos.stack or ()
        names = set(stack)
        fits = {cell: any(_fits(name, need) for name in names) for cell, need in pos.frontier.items()}
        faced = _faced(pos)
        groups: dict[frozenset[Cell], int] = {}
        underground: list[int] = []  # roads that only a token can close (no open edge)
        lone: list[int] = []  # ... with one unjoined opening, on the last turn
        waiting = 0  # roads that could be completed, with an unjoined opening
        road = self.goal.kind == "road"
        joins, stuck = self.joins(pos, k)
        for root, info in pos.info.items():
            if info.done or info.kind == "field" or (road and info.kind != "road"):
                continue
            if info.kind == "cloister":
                (cell,) = info.tiles
                x, y = cell
                cells = frozenset((x + dx, y + dy) for dx, dy in NEAR if (x + dx, y + dy) not in pos.board)
                # A cell that touches no tile yet is filled only after one that does: two turns at least.
                if len(cells) > k or not all(fits.get(c, k > 1) for c in cells):
                    continue
                value = 9
            else:
                cells = frozenset(faced.get(root, ()))
                if len(cells) > k or not all(fits[c] for c in cells) or (info.unpaired + 1) // 2 > joins \
                        or root in stuck:
                    continue
                if k == 1 and cells and not _closes(pos, next(iter(cells)), root, names):
                    continue
                value = len(info.tiles) if road or info.kind == "road" else 2 * (len(info.tiles) + info.pennants)
            if info.unpaired:
                waiting += 1
            if cells:
                groups[cells] = groups.get(cells, 0) + value
            elif info.unpaired == 1 and k == 1:
                lone.append(value)
            else:
                underground.append(value)
        # One join closes a road with one unjoined opening only together with another
        # such road (TU4: the two become one, TU3).
        if waiting >= 2:
            underground += lone
        # Each join of two openings closes at most two such roads (TU4).
        extra = sum(sorted(underground, reverse=True)[:2 * joins])
        if road:
            return int(_most_within(groups, k) + extra + k >= self.goal.target)
        # A new tile's own cloister is complete only with all eight cells around it filled.
        ring = any(need.count(".") < k and pos.around(c) + k - 1 >= 8 for c, need in pos.frontier.items())
        if k == 1:
            # One tile adds to what it completes, on its cell: a feature waiting for that
            # cell alone, or its own cloister with all eight around (CB7).
            plain = max(self.values[n][False] for n in names)
            here = {next(iter(cells)): n + plain for cells, n in groups.items()}
            for c, need_ in pos.frontier.items():
                if "." not in need_ and pos.around(c) == 8:
                    here[c] = max(self.values[n][True] for n in names) + groups.get(frozenset((c,)), 0)
            return max(here.values(), default=0) + extra
        tiles = sorted((self.values[n][ring] for n in stack), reverse=True)[:k]
        return _most_within(groups, k) + extra + sum(tiles)

    def joins(self, pos: Position, k: int) -> tuple[int, set[int]]:
        """How many times two openings can be joined within ``k`` token actions of the
        player (one a turn, TU1): a set of theirs with one token laid (or, TV2, open to
        theft) takes one action, a fresh set two (first and second token), a TV3 pair
        one; and the roads holding a lone token the player can never partner (another
        player's set, not open to theft: TU8), which can never be completed (TU3)."""
        me = self.me
        half: set[str] = set()
        stuck: set[int] = set()
        for s, laid in pos.placed.items():
            if len(laid) != 1:
                continue
            if pos.sets.get(s) == me or ("TV2" in pos.variants and s in pos.stealable):
                half.add(s)
            else:
                root = pos.opening_root(laid[0])
                if root is not None:
                    stuck.add(root)
        fresh = sum(1 for s, owner in pos.sets.items() if s not in pos.placed and (owner == me or owner is None))
        if "TV3" in pos.variants:
            return min(k, fresh), stuck
        now = min(k, len(half))
        return now + min(fresh, (k - now) // 2), stuck


def _most_within(groups: dict[frozenset[Cell], int], k: int) -> int:
    """The most that groups (each the cells it needs filled, and its value) add up to
    when at most ``k`` cells are filled: the best ``k`` cells tried, or when they are
    too many to try, every group (still a bound)."""
    every = frozenset().union(*groups) if groups else frozenset()
    if len(every) <= k or comb(len(every), k) > 5000:
        return sum(groups.values())
    best = 0
    for chosen in itertools.combinations(sorted(every), k):
        within = frozenset(chosen)
        best = max(best, sum(n for cells, n in groups.items() if cells <= within))
    return best


def _faced(pos: Position) -> dict[int, set[Cell]]:
    """Each road and city part (by root) with an open edge: the empty cells its open
    edges face."""
    faced: dict[int, set[Cell]] = {}
    for cell in pos.frontier:
        x, y = cell
        for e in range(4):
            other = pos.board.get((x + DELTA[e][0], y + DELTA[e][1]))
            if other is None:
                continue
            local = other.tile.edge_feature[(e + 2) % 4]
            if local >= 0:
                faced.setdefault(pos.find(other.base + local), set()).add(cell)
    return faced


def _hot(pos: Position) -> set[Cell]:
    """The cells where a tile can complete something (CB5, CB7): a road or city every
    open edge of which faces that cell, a cloister whose last empty neighbour it is,
    or a cell with all eight around it filled (for the tile's own cloister).  A road
    or city completed by a tile on a cell ends up with no open edge, so every road or
    city part it joins had its open edges facing that cell alone; and the tile's own
    part reaches an edge, which must meet a tile, so it joins one."""
    hot = {next(iter(cells)) for cells in _faced(pos).values() if len(cells) == 1}
    for info in pos.info.values():
        if info.kind == "cloister" and not info.done:
            (x, y), = info.tiles
            empty = [(x + dx, y + dy) for dx, dy in NEAR if (x + dx, y + dy) not in pos.board]
            if len(empty) == 1:
                hot.add(empty[0])
    # (a cell with all eight around has its four sides met first: a cheap test before counting)
    hot |= {c for c, need in pos.frontier.items() if "." not in need and pos.around(c) == 8}
    return hot


def _closes(pos: Position, cell: Cell, root: int, names: set[str]) -> bool:
    """Whether some tile of ``names``, turned to fit ``cell``, closes there every open
    edge of the road or city at ``root`` that faces it: the tile's part at each such
    edge reaches no other edge that faces an empty cell (CB5, CB7)."""
    x, y = cell
    mine = []
    for e in range(4):
        other = pos.board.get((x + DELTA[e][0], y + DELTA[e][1]))
        if other is not None:
            local = other.tile.edge_feature[(e + 2) % 4]
            if local >= 0 and pos.find(other.base + local) == root:
                mine.append(e)
    need = pos.frontier[cell]
    for name in names:
        for r in _fits(name, need):
            tile = tile_set().oriented(name, r)
            if all(all(need[e2] != "." for e2 in tile.features[tile.edge_feature[e]].edges) for e in mine):
                return True
    return False


def _chances(pos: Position, seat: int) -> set[str]:
    """TV2 (TV5), as the referee judges it once the tile lies: the sets of ``seat``
    with one token laid whose partner it could lay now; those still half laid at the
    end of the turn become open to theft."""
    if "TV2" not in pos.variants:
        return set()
    free = [o for o in pos.mouths if o not in pos.tokens]
    return {s for s, laid in pos.placed.items() if len(laid) == 1 and pos.sets.get(s) == seat
            and any(not token_problems(pos, Token(s, (o,)), seat) for o in free)}


def _closable(pos: Position, root: int) -> bool:
    """Whether the feature at ``root`` is complete now, or is a road a token could
    close this turn (no open edge, at most two unjoined openings: TU3, TU4)."""
    info = pos.info[root]
    if info.done or info.kind == "field":
        return False
    if info.kind == "road" and info.open == 0 and info.unpaired <= 2:
        return True
    return pos.complete(root)


def _joins(pos: Position, token: Token) -> bool:
    """Whether a token action joins two openings now: a set's second token, or a TV3
    pair (TU4)."""
    return len(token.openings) == 2 or len(pos.placed.get(token.set, ())) == 1


def _tile_value(name: str, ring: bool) -> int:
    """The most a tile can add to the features it joins when they are completed (CB6,
    CB7): 1 for each road on it, 2 for each city part and 2 for its pennant, and (with
    ``ring``: some cell could have all eight around it filled in time) 9 for its
    cloister."""
    value = 0
    for f in tile_set().oriented(name, 0).features:
        value += {"road": 1, "city": 2 + 2 * f.pennant, "cloister": 9 * ring}.get(f.kind, 0)
    return value


def plan(pos: Position, goal: Goal, *, limit: int | None = None, nodes: int | None = None,
         seconds: float | None = None) -> Answer:
    """TQ2: the fewest of the player's turns (at most ``limit``, the goal's ``within``
    by default) that reach ``goal``, the others passing; by iterative deepening over
    :class:`_Search`, so every smaller number is proved too few."""
    within = goal.within if limit is None else min(limit, goal.within)
    if not 1 <= within <= MAX_TURNS:
        raise ValueError(f"a TQ2 puzzle asks for 1 to {MAX_TURNS} turns, not {within}")
    counter = _Counter(nodes, seconds)
    search = _Search(pos, goal, counter)
    want = need(goal)
    proved = 0
    try:
        for n in range(1, within + 1):
            if search.reach(pos, n, want):
                counter.lift()
                line, points = _line(search, pos, n, want)
                first = _first(search, pos, n, want)
                return Answer(goal, pos.player, "solved", n, pos.players, line, points, first, None, within, proved,
                              counter.nodes)
            proved = n
    except OutOfNodes:
        return Answer(goal, pos.player, "unknown", players=pos.players, limit=within, proved_none_below=proved,
                      nodes=counter.nodes)
    return Answer(goal, pos.player, "impossible", players=pos.players, limit=within, proved_none_below=within,
                  nodes=counter.nodes)


def _line(search: _Search, pos: Position, n: int, want: int) -> tuple[tuple[Move, ...], tuple[int, ...]]:
    """One line of at most ``n`` turns that reaches the goal: each turn the first tried
    that still can; the points of each move (a tile put out scores 0)."""
    line: list[Move] = []
    points: list[int] = []
    for k in range(n, 0, -1):
        for moves_, after, g, p in search.children(pos, k):
            if g >= want or search.reach(after, k - 1, want - g):
                line += moves_
                points += [0] * (len(moves_) - 1) + [p]
                want -= g
                pos = after
                break
        if want <= 0:
            break
    return tuple(line), tuple(points)


def _first(search: _Search, pos: Position, n: int, want: int) -> tuple[Choice, ...]:
    """Every first turn from the referee's whole list that reaches the goal within
    ``n`` turns, merged by the position it ends in.  With one turn, each is played.
    With more, a turn the search leaves out (a follower on a field, or for a road goal
    on a city or cloister: :class:`_Search`) is looked into only when the same turn
    without that follower wins, since with it it never does better; the same turn
    without it is legal (no token rule looks at such a follower, TV1, TV4)."""
    winners: set[Move] = set()
    if n > 1:
        for moves_, after, g, _ in search.children(pos, n):
            if g >= want or search.reach(after, n - 1, want - g):
                winners.add(moves_[-1])
    found: list[tuple[Move, Position, int]] = []
    for moves_, after, g, p in search.children(pos, n, every=True):
        move = moves_[-1]
        if n > 1 and move not in winners and _without_idle_follower(search, move) not in winners:
            continue
        if g >= want or search.reach(after, n - 1, want - g):
            found.append((move, after, p))
    return _merge(found)


def _without_idle_follower(search: _Search, move: Move) -> Move:
    """``move`` without a follower the search leaves out before the last turn."""
    f = move.follower
    if move.cell is None or f is None:
        return move
    tile = tile_set().oriented(move.tile, move.rotation)
    local = tile.feature_named(f.feature)
    assert local is not None
    kind = tile.features[local].kind
    if kind == "field" or (search.goal.kind == "road" and kind != "road"):
        return Move(move.tile, move.cell, move.rotation, tuple(s for s in move.steps if s != f))
    return move


# ------------------------------------------------------------------------ every puzzle


def solve_puzzle(loaded: Loaded, limits: Limits = Limits()) -> Answer:
    """The answer to a read puzzle file: TQ1, TQ2 or TQ3 by its goal; a position
    without a goal is TQ1 for the player to move with the top tile.  NoQuestion when
    there is nothing to answer (no tile known to be drawn, the game over)."""
    from .puzzles import drawn_tile

    pos, puzzle = loaded.position, loaded.puzzle
    if puzzle is not None and puzzle.goal.kind == "end":
        return end_scores(pos, puzzle.after)
    if pos.over:
        raise NoQuestion("the game is over (no tile left to draw, CB9): there is no turn to solve")
    if puzzle is not None and puzzle.goal.others_pass:
        return plan(pos, puzzle.goal, limit=limits.turns, nodes=limits.nodes, seconds=limits.seconds)
    tile = drawn_tile(puzzle, pos)
    if tile is None:
        raise NoQuestion("the stack's order is unknown, so no tile is drawn: make it a TQ1 puzzle with "
                         "goal: {best: turn} and drawn: TILE")
    return best_turn(pos, tile, nodes=limits.nodes, seconds=limits.seconds)


# ------------------------------------------------------------------------ the answer a file records


def stated_answer(answer: Answer) -> Stated:
    """What a puzzle file records of a proved answer (``answer:``)."""
    if answer.goal.kind == "best":
        return Stated(points=answer.best, choices=len(answer.choices))
    if answer.goal.kind == "end":
        return Stated(scores=dict(zip(answer.players, answer.scores, strict=True)))
    return Stated(turns=answer.turns, first=len(answer.choices) if answer.turns is not None else None)


def differences(stated: Stated, answer: Answer) -> list[str]:
    """How a recorded answer differs from the proved one, one phrase each (empty: it
    matches); a part the file leaves out is not compared."""
    proved = stated_answer(answer)
    found = []
    for name in ("points", "choices", "turns", "first", "scores"):
        mine, theirs = getattr(stated, name), getattr(proved, name)
        if mine is None and name != "turns":
            continue
        if mine != theirs:
            found.append(f"{name} {_text(mine)} (proved: {_text(theirs)})")
    return found


def _text(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return str(value)
