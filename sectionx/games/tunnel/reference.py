"""Der Tunnel's puzzles answered again by plain enumeration, for the tests (TQ1–TQ3).

Nothing of :mod:`.solver` is used: no table, no bound, no turn left out.

* :func:`best_points`: every cell next to the board, every turn of the tile, no
  follower or one on every feature of the tile, no token or one of every set on every
  opening (both of a pair with TV3), the follower before the token and after it: each
  judged by the referee (:func:`.rules.problems`) and, when legal, played
  (:func:`.rules.play`).  The most points for the player and the positions the best
  turns end in.
* :func:`fewest_turns`: TQ2 by plain recursion over :func:`.rules.moves` (the
  referee's list of every legal turn; tests/test_tunnel_moves.py holds it equal to
  what the referee allows), each played by the referee (:func:`.rules.apply_unchecked`),
  the others passing.
* :func:`confirms`: TQ2 for more turns than plain recursion finishes quickly: it proves
  that no fewer turns reach the goal, and the referee plays a given line to it.
* :func:`end_totals`: TQ3 from :mod:`.flood` (the from-scratch flood fill of every
  feature) after the move played by the referee: every seat's total after the end.
"""

from __future__ import annotations

import itertools

from .flood import final_scores
from .model import Position, Score
from .puzzles import Goal
from .rules import Follower, Move, Token, apply_unchecked, moves, play, problems
from .tiles import DELTA, tile_set


class TooLong(Exception):
    """The plain search would take more than the budget it was given."""


class _Budget:
    """Turns judged or played, against an optional most (None: no most)."""

    def __init__(self, most: int | None):
        self.most, self.used = most, 0

    def spend(self) -> None:
        self.used += 1
        if self.most is not None and self.used > self.most:
            raise TooLong


def _points(seat: int, scored: tuple[Score, ...]) -> int:
    return sum(s.points for s in scored if seat in s.seats)


def _key(pos: Position) -> tuple[object, ...]:
    """A position as a value: each tile by its edges and features as it lies (a tile
    turned onto itself is the same), each follower by its feature's name as it lies,
    token sets by owner and openings (which of a player's fresh sets, or of TV3's
    common pairs, is laid is the same to the game, TU11; a TV3 pair's two openings in
    either order, being laid at once)."""
    def shape(c: tuple[int, int]) -> frozenset[tuple[object, ...]]:
        tile = pos.board[c].tile
        return frozenset((f.kind, f.edges, f.halves, f.end, f.pennant,
                          frozenset(tile.features[i].edges for i in f.cities)) for f in tile.features)

    return (frozenset((c, shape(c)) for c in pos.board),
            frozenset((c, pos.board[c].tile.features[local].name, seat) for (c, local), seat in pos.followers.items()),
            frozenset((pos.sets.get(s), frozenset(laid) if "TV3" in pos.variants else laid)
                      for s, laid in pos.placed.items()),
            frozenset(pos.placed.get(s, ()) for s in pos.stealable), tuple(pos.scores), pos.stack, pos.left, pos.turn)


def every_turn(pos: Position, tile: str, budget: int | None = None) -> list[Move]:
    """Every turn with ``tile`` the referee allows, written every way (both orders of
    follower and token), found by trying every combination; TooLong when more than
    ``budget`` combinations would be judged."""
    spent = _Budget(budget)
    ts = tile_set()
    cells = {(x + dx, y + dy) for (x, y) in pos.board for dx, dy in DELTA} - set(pos.board)
    openings = [(cell, e) for cell, p in pos.board.items() for e in range(4)
                if p.tile.edge_feature[e] >= 0 and p.tile.features[p.tile.edge_feature[e]].end == "opening"]
    found: list[Move] = []
    for cell in sorted(cells):
        for r in range(4):
            bare = Move(tile, cell, r)
            if problems(pos, bare):
                continue
            oriented = ts.oriented(tile, r)
            followers: list[Follower | None] = [None, *(Follower(f.name) for f in oriented.features)]
            new_openings = [(cell, f.edges[0]) for f in oriented.features if f.end == "opening"]
            where = openings + new_openings
            tokens: list[Token | None] = [None]
            for s in pos.sets:  # one opening, or with TV3 two (the referee refuses the other, TU1, TV3)
                if "TV3" in pos.variants:  # a pair is laid at once: its openings in one order
                    tokens += [Token(s, pair) for pair in itertools.combinations(where, 2)]
                else:
                    tokens += [Token(s, (o,)) for o in where]
            for f, t in itertools.product(followers, tokens):
                orders: list[tuple[Follower | Token | None, ...]] = [(f, t), (t, f)] if f and t else [(f, t)]
                for steps in orders:
                    move = Move(tile, cell, r, tuple(s for s in steps if s is not None))
                    spent.spend()
                    if not problems(pos, move):
                        found.append(move)
    if not found:
        out = Move(tile, None)
        if not problems(pos, out):
            found.append(out)
    return found


def best_points(pos: Position, tile: str, budget: int | None = None) -> tuple[int, set[tuple[object, ...]]]:
    """TQ1: the most points the player scores this turn with ``tile``, and the set of
    positions (as keys) the turns that score it end in (TooLong past ``budget``
    combinations judged)."""
    me = pos.turn
    best = -1
    ends: set[tuple[object, ...]] = set()
    for move in every_turn(pos, tile, budget):
        turn = play(pos, move)
        points = _points(me, turn.scored)
        if points > best:
            best, ends = points, set()
        if points == best:
            ends.add(_key(turn.position))
    return best, ends


def fewest_turns(pos: Position, goal: Goal, limit: int, budget: int | None = None) -> int | None:
    """TQ2: the fewest of the player's turns (at most ``limit``) that reach ``goal``,
    the others passing, or None (TooLong past ``budget`` turns played)."""
    me = pos.turn
    spent = _Budget(budget)

    def met(scored: tuple[Score, ...], so_far: int) -> tuple[bool, int]:
        if goal.kind == "road":
            return any(s.kind == "road" and len(s.cells) >= goal.target and s.followers[me] > 0 for s in scored), 0
        total = so_far + _points(me, scored)
        return total >= goal.target, total

    def reach(p: Position, k: int, so_far: int) -> bool:
        while k > 0 and not p.over:
            turns = moves(p)
            if len(turns) != 1 or turns[0].cell is not None:
                break
            p = p.copy()
            apply_unchecked(p, turns[0])  # put out: the player draws again (CB11)
        if k == 0 or p.over:
            return False
        for move in moves(p):
            spent.spend()
            after = p.copy()
            done, total = met(apply_unchecked(after, move), so_far)
            after.turn = me  # the others pass
            if done or reach(after, k - 1, total):
                return True
        return False

    for n in range(1, limit + 1):
        if reach(pos, n, 0):
            return n
    return None


def line_reaches(pos: Position, goal: Goal, line: tuple[Move, ...] | list[Move]) -> int | None:
    """After which of the player's turns a line of their moves (tiles put out
    included, CB11) reaches a TQ2 ``goal``, the others passing, each move judged and
    played by the referee (:func:`.rules.play`); None if it never does (IllegalMove if
    a move is not legal)."""
    me = pos.turn
    total = turns = 0
    for move in line:
        turn = play(pos, move)
        pos = turn.position
        pos.turn = me
        if move.cell is None:
            continue
        turns += 1
        if goal.kind == "road":
            if any(s.kind == "road" and len(s.cells) >= goal.target and s.followers[me] > 0 for s in turn.scored):
                return turns
        else:
            total += _points(me, turn.scored)
            if total >= goal.target:
                return turns
    return None


def confirms(pos: Position, goal: Goal, turns: int, line: tuple[Move, ...] | list[Move],
             budget: int | None = None) -> bool:
    """Whether ``turns`` is the fewest for a TQ2 ``goal``: :func:`fewest_turns` proves
    that no line of fewer turns reaches it, and the referee plays ``line`` to it in
    ``turns`` (:func:`line_reaches`).  Both halves together prove the answer without the
    full search of ``turns`` turns, which plain recursion cannot finish quickly beyond
    two (TooLong past ``budget`` turns played)."""
    if turns > 1 and fewest_turns(pos, goal, turns - 1, budget) is not None:
        return False
    return line_reaches(pos, goal, line) == turns


def end_totals(pos: Position, after: Move | None = None) -> tuple[int, ...]:
    """TQ3: every seat's score after the end's scoring, by the flood fill."""
    if after is not None:
        pos = play(pos, after).position
    board = {cell: (p.tile.tile.name, p.tile.rotation) for cell, p in pos.board.items()}
    followers = {node: pos.players[seat] for node, seat in pos.followers.items()}
    tunnels = {s: list(laid) for s, laid in pos.placed.items()}
    extra = final_scores(board, followers, tunnels)
    return tuple(score + extra.get(colour, 0) for score, colour in zip(pos.scores, pos.players, strict=True))
