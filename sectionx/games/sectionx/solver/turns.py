"""Whole turns as macro moves: every distinct end-of-turn position and a way to reach it.

A turn is a sequence of single actions by one player (N1-N4; in the advanced
game the steps, the tile action and a door action interleave, V2).  It is over
when another player is to move, or the game is over (after ``end``, a door
action or the fifth step in the standard game, a discovery E1, a win E4...).

:func:`turn_successors` searches the turn depth first over the core's moves,
with a seen-set on the in-turn position (canonical key: the position *and* the
turn record, so two orders of the same steps meet once), and yields each
distinct end-of-turn position once, by canonical key, with the first move
sequence found that reaches it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ..actions import Action
from .core import Position, action_of
from .movegen import legal_moves
from .tables import CoreMove


def turn_successors(pos: Position, *, exact: bool = False,
                    prune: Callable[[Position], bool] | None = None) -> Iterator[tuple[object, list[CoreMove]]]:
    """Yield ``(key, moves)`` for every distinct position at the end of this turn.

    While a pair is being handled, ``pos`` *is* that end-of-turn position (the
    moves have been made); the caller may look at it, or search on from it, but
    must leave it as it found it (every make undone) before asking for the
    next.  When the generator is exhausted ``pos`` is back where it started.

    ``key`` is the canonical key: the Zobrist hash ``pos.zobrist()`` by default,
    or with ``exact=True`` the exact tuple ``pos.key()`` (slower, no collisions).
    Tile actions are generated with ``dedup=True``: identical hand tiles count once.

    ``prune``, if given, is asked about every position reached inside the turn
    (the turn not over); when it returns True nothing after that position is
    searched.  It must depend on the position alone (the answer is remembered
    with the position), and it is the caller's business that no wanted end of
    turn lies only beyond a pruned position.
    """
    player, rnd = pos.player, pos.round
    keyf = pos.key if exact else pos.zobrist
    seen: set[Any] = {keyf()}
    ends: set[Any] = set()
    path: list[CoreMove] = []

    def search() -> Iterator[tuple[object, list[CoreMove]]]:
        for move in legal_moves(pos, dedup=True):
            undo = pos.make(move)
            path.append(move)
            k = keyf()
            if pos.turn_ended(move[0], player, rnd):
                if k not in ends:
                    ends.add(k)
                    yield k, path[:]
            elif k not in seen:
                seen.add(k)
                if prune is None or not prune(pos):
                    yield from search()
            path.pop()
            pos.unmake(undo)

    if pos.ranking:
        return
    yield from search()


def successor_actions(pos: Position, *, exact: bool = False) -> list[tuple[object, list[Action]]]:
    """Every distinct end-of-turn position as ``(key, actions)``, in engine notation."""
    T = pos.T
    return [(k, [action_of(T, m) for m in moves]) for k, moves in turn_successors(pos, exact=exact)]


__all__ = ["successor_actions", "turn_successors"]
