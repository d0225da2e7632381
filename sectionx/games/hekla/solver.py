"""Hekla's best move (issue 14): the most track fields the player to move can gain
this turn, proved by trying every placement and move and every order of the
eruptions it sets off (H1-H7)."""

from __future__ import annotations

from dataclasses import dataclass

from .rules import Action, Position, outcomes, turns


@dataclass(frozen=True)
class Best:
    """The most the player gains this turn (their volcanist's fields after the turn,
    less before: a back-step, H3, counts against it), every turn that gains it, and
    how many turns (with their orders) were tried."""

    gain: int
    moves: tuple[Action, ...]
    tried: int


def best_move(pos: Position) -> Best:
    """Exact by enumeration: :func:`~.rules.turns` lists every legal place and move
    (a long move with the least back-step, which gains as much as any longer one and
    more), :func:`~.rules.outcomes` every order of its eruptions with the position
    after it (the same as :func:`~.rules.apply`, tested)."""
    me = pos.to_move
    best, moves, tried = None, [], 0
    for action in turns(pos):
        for option, after in outcomes(pos, action):
            tried += 1
            gain = after.track[me] - pos.track[me]
            if best is None or gain > best:
                best, moves = gain, [option]
            elif gain == best:
                moves.append(option)
    return Best(best or 0, tuple(moves), tried)
