"""The ``search`` bot's look-ahead on the search core (issue 29): its score and its search.

The bot plays on :class:`~sectionx.games.sectionx.solver.core.Position` with make and
unmake, never building a State per candidate (the greedy bot's cost).  A decision:

* in the take phase of the standard game the stacks are face down (S3), so it draws
  one of the legal moves with its generator, as the greedy bot does;
* otherwise the candidates are every move the core lists (pass, steps, end) and up to
  :data:`SAMPLE` distinct tile and door actions drawn uniformly from the rest
  (:func:`sectionx.games.sectionx.solver.sample.draw`: each legal one equally likely,
  D4/D7 ``keep`` variants included);
* each candidate is made and scored; while the same player is still to move, the best
  of its listed follow-ups (steps, pass, end: no tile actions, to stay cheap) is
  scored too, and the candidate is worth the better of the two, so a tile action is
  judged with the step it opens (the greedy bot sees only the tile action);
* the best candidate is played; equal scores are settled by the generator.

The score (:func:`score`) is the greedy bot's, read from the core: freed prisoners
first (E4), dead ones against (E1, E2), prisoners in hideouts near a way out, the
others' distance to one weighted by the danger that the tunnels collapse soon.  The
distance walks the tunnels the player may use (M2, M4: another's door bars the way
without the master key, K3) to a green area it may enter (Z1) or to a tile from which
the rest would be dug at :data:`DIG` a cell.  Everything depends only on the
position and the generator, so a seed gives the same game every time.
"""

from __future__ import annotations

import random

from .solver.core import STEP_BUDGET, TAKE_PHASE, CoreError, Position
from .solver.movegen import _step_targets, claim_allowed, legal_moves, step_moves
from .solver.sample import candidates, draw_once
from .solver.tables import CoreMove

#: Tile and door actions drawn per decision.
SAMPLE = 12
#: Cost of a cell still to be dug, against 1 for a step along a tunnel (as the greedy bot).
DIG = 1.5
#: Distance of a prisoner with no way out at all.
NOWHERE = 20.0
_WIN = 1e9


def choose(pos: Position, rng: random.Random) -> CoreMove:
    """The move the bot plays in ``pos`` (see module docstring).  ``pos`` is left as it was."""
    kind = pos.phase_kind()
    if kind == TAKE_PHASE and not pos.advanced:
        return rng.choice(legal_moves(pos))  # the stacks are face down: nothing to judge
    me = pos.player
    listed, spaces = candidates(pos)
    moves = list(listed)
    if spaces:
        total = sum(space.total for space in spaces)
        seen = set(moves)
        # A bounded number of draws: a space with few legal moves (or none: a door space
        # whose only candidate is illegal) is not searched to the end.
        for _ in range(4 * SAMPLE):
            if len(moves) - len(listed) >= SAMPLE or total == 0:
                break
            m = draw_once(rng, spaces)
            if m is not None and m not in seen:
                seen.add(m)
                moves.append(m)
    best = -float("inf")
    tops: list[int] = []
    for i, m in enumerate(moves):
        try:
            undo = pos.make(m)
        except CoreError:
            continue  # a tied fight without its keep list (never drawn; listed moves are legal)
        value = score(pos, me)
        if pos.player == me and not pos.ranking:
            value = max(value, _follow_up(pos, me))
        pos.unmake(undo)
        if value > best:
            best, tops = value, [i]
        elif value == best:
            tops.append(i)
    return moves[rng.choice(tops)] if tops else rng.choice(moves)


def _follow_up(pos: Position, me: int) -> float:
    """The best score among the player's listed next moves (steps, pass, end)."""
    kind = pos.phase_kind()
    if kind == TAKE_PHASE:
        return -float("inf")
    follow: list[CoreMove] = list(step_moves(pos)) if not pos.door_action and pos.steps() < STEP_BUDGET else []
    best = -float("inf")
    for m in follow:
        try:
            undo = pos.make(m)
        except CoreError:
            continue
        best = max(best, score(pos, me))
        pos.unmake(undo)
    return best


def score(pos: Position, me: int) -> float:
    """How good ``pos`` is for player ``me``: higher is better (see module docstring)."""
    if pos.ranking:
        ranking = pos.ranking
        mine = pos.colours[me]
        return _WIN if ranking[0] == mine else -_WIN + ranking.index(mine)
    value = 1000.0 * pos.freed[me] - 400.0 * pos.dead[me]
    greens = max(pos.greens)
    tiles_left = sum(len(s) for s in pos.stacks)
    n = pos.n
    danger = max(greens / pos.discovery, 1.0 if tiles_left <= n else 0.3 if tiles_left <= 3 * n else 0.0)
    spot0 = pos.T.spot0
    ways = _ways(pos, me)
    hid = pos.hid
    for s in pos.where[me]:
        if s >= spot0:
            d = ways.distance(s)
            value += 60 - 2 * d if hid[s] else -8 * d - 250 * danger
        elif s == 0:
            value -= 8 * ways.distance(0)
    if pos.key_[me]:
        value += 10
    return value


#: Per board and set of green areas a player may enter: each cell's distance to the nearest.
_FAR: dict[tuple[int, tuple[int, ...]], list[int]] = {}
#: Distances found, while the things they depend on stay: the tiles (the core renews
#: ``pos.adj`` whenever a tile changes, so the very dict stands for the tiles), the
#: doors, the player's key and the zones' owners.  Steps change none of these, so the
#: follow-ups of one candidate share one walk per place.
_WAYS: dict[tuple[object, ...], tuple[dict[int, tuple[int, ...]], _Ways]] = {}


def _ways(pos: Position, me: int) -> _Ways:
    key = (id(pos.adj), me, pos.key_[me], tuple(pos.zone_owner), tuple(tuple(d) for d in pos.doors))
    hit = _WAYS.get(key)
    if hit is not None and hit[0] is pos.adj:  # the dict itself is kept, so its id is not reused
        ways = hit[1]
        ways.pos = pos
        return ways
    if len(_WAYS) > 64:
        _WAYS.clear()
    ways = _Ways(pos, me)
    _WAYS[key] = (pos.adj, ways)
    return ways


class _Ways:
    """Distances to a way out for player ``me`` in ``pos``: a breadth-first walk from a
    place over the steps it may take (M2, M4), to the least ``steps + cost`` of a way
    out (an enterable green area 0, a tile ``DIG`` per cell to the nearest enterable
    green area, the island one cell more), stopped once the ring is as far as the
    best found less what the cells still to go must cost (each step moves one cell)."""

    def __init__(self, pos: Position, me: int):
        T = self.T = pos.T
        self.pos, self.me = pos, me
        zones = [claim_allowed(pos, me, z) for z in range(len(T.zone_names))]
        allowed = tuple(g for g in range(T.ngreens) if zones[T.zone_of_green[g]])
        self.memo: dict[int, float] = {}
        self.allowed = frozenset(1 + g for g in allowed)
        key = (id(T), allowed)
        far = _FAR.get(key)
        if far is None:
            if len(_FAR) > 256:
                _FAR.clear()
            cells = [T.greens[g] for g in allowed]
            far = [min((c.distance(g) for g in cells), default=0) for c in T.cells]
            far.append(min((c.distance(g) for g in cells for c in T.board.island), default=0))
            _FAR[key] = far
        self.far = far
        self.none = not allowed

    def distance(self, start: int) -> float:
        d = self.memo.get(start)
        if d is None:
            d = self.memo[start] = self._walk(start)
        return d

    def _walk(self, start: int) -> float:
        if self.none:
            return NOWHERE
        pos, T, far, me = self.pos, self.T, self.far, self.me
        spot0, door, adj = T.spot0, pos.door, pos.adj
        barred_ok = pos.key_[me]
        island_far = far[T.ncells]
        best = float("inf")
        ring, seen, steps = [start], {start}, 0
        while ring and steps < best:
            after = []
            for s in ring:
                if s >= spot0:
                    d = door[s]
                    barred = d >= 0 and d != me and not barred_ok
                    if barred and s != start:
                        continue  # nobody passes another's door without the key (M4, K3)
                    g = far[(s - spot0) // 3]
                    if steps + g >= best:
                        continue
                    if not barred:
                        best = min(best, steps + DIG * g)
                elif s == 0:
                    if steps + island_far >= best:
                        continue
                    best = min(best, steps + DIG * (island_far + 1))
                else:
                    if s in self.allowed:
                        best = min(best, float(steps))
                    continue  # a green area is the end of a way (M5)
                targets = adj.get(s)
                if targets is None:
                    targets = adj[s] = _step_targets(pos, s)
                for t in targets:
                    if t not in seen:
                        seen.add(t)
                        after.append(t)
            ring, steps = after, steps + 1
        return best if best < float("inf") else NOWHERE

