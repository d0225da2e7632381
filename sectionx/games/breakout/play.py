"""Breakout bots and self-play statistics (issue 13).

Two bots, both deterministic for a seed:

* ``random`` plays a legal action chosen by its random generator;
* ``winner`` plays to win: a push that escapes at once (proved by the solver, one
  turn deep); else, if the other player could escape on their next turn, a push
  after which they cannot (if one exists); else the push that most improves its
  rope against the other's (:func:`score`), ties broken by its random generator.

:func:`play_game` plays one game to its end (three escapes, or a stalemate draw,
B7, B8); :func:`simulate` plays many and counts who wins by seat, the draws and the
game lengths.  Each game depends only on its seed.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from .rules import Action, Player, Position, Wall, apply, groups, legal_actions, ropes, start
from .solver import solve

Bot = Callable[[Position], Action]

#: Turns after which a game is stopped and counted as unfinished.  The rulings do not
#: end every game: B7 draws a break-out only once the wall has been full, and two
#: players can push into one full row from the same end for ever (each push drops a
#: knot out, so the wall never fills).  Two ``winner`` bots do exactly that; see
#: docs/breakout.md, "Open: play without end".
MAX_TURNS = 2_000


def _reach(pos: Position, player: Player) -> int:
    """How close ``player`` is to a rope: the most rows one group of their knots spans,
    plus the rows holding a knot of theirs."""
    best = max((len({r for r, _ in g}) for g in groups(pos, player)), default=0)
    rows = sum(any(f is player for f in row) for row in pos.rows)
    return best * 2 + rows


def score(pos: Position, player: Player) -> int:
    """The ``winner`` bot's measure of a position for ``player``: its reach against the other's."""
    return _reach(pos, player) - _reach(pos, player.other)


def random_position(rng: random.Random, wall: Wall, low: int, high: int) -> Position:
    """A position met in random play on ``wall``: ``rng.randrange(low, high)`` random
    turns from the empty wall, stopping before the turn that would end the first
    break-out (for puzzles, benchmarks and tests)."""
    pos = start(wall)
    for _ in range(rng.randrange(low, high)):
        nxt = apply(pos, rng.choice(legal_actions(pos)))
        if nxt.over or nxt.breakout != 1:
            break
        pos = nxt
    return pos


def random_bot(seed: int) -> Bot:
    rng = random.Random(seed)

    def choose(pos: Position) -> Action:
        return rng.choice(legal_actions(pos))

    return choose


def winner_bot(seed: int) -> Bot:
    rng = random.Random(seed)

    def choose(pos: Position) -> Action:
        me = pos.to_move
        actions = legal_actions(pos)
        if len(actions) == 1:
            return actions[0]
        now = solve(pos, 1)
        if now.first:
            return rng.choice(now.first)
        safe = []
        for a in actions:
            nxt = apply(pos, a)
            if nxt.over or nxt.breakout != pos.breakout:
                continue  # an escape here would be the other player's (ours was ruled out above)
            if solve(nxt, 1).turns is None:
                safe.append((score(nxt, me), a))
        pool = safe or [(score(apply(pos, a), me), a) for a in actions]
        top = max(s for s, _ in pool)
        return rng.choice([a for s, a in pool if s == top])

    return choose


BOTS: dict[str, Callable[[int], Bot]] = {"random": random_bot, "winner": winner_bot}


@dataclass(frozen=True)
class Game:
    """One game's end: the winner (None for a draw or an unfinished game), its turns
    and break-outs, and whether it ended (False: stopped at :data:`MAX_TURNS`)."""

    winner: Player | None
    turns: int
    breakouts: int
    finished: bool = True


def play_game(names: tuple[str, str], seed: int) -> Game:
    """A game between bots ``names`` (yellow's, blue's), from the empty wall."""
    bots = {p: BOTS[n](seed * 2 + i) for i, (p, n) in enumerate(zip((Player.YELLOW, Player.BLUE), names, strict=True))}
    pos = start()
    turns = 0
    while not pos.over and turns < MAX_TURNS:
        pos = apply(pos, bots[pos.to_move](pos))
        turns += 1
        if not pos.over:
            assert not ropes(pos, Player.YELLOW) and not ropes(pos, Player.BLUE)
    winner = pos.result if isinstance(pos.result, Player) else None
    return Game(winner, turns, pos.breakout, pos.over)


@dataclass
class Stats:
    """Many games: wins by seat, draws (B7), games stopped unfinished, game lengths in
    turns (of the finished games)."""

    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    draws: int = 0
    unfinished: int = 0
    lengths: list[int] = field(default_factory=list)

    def add(self, game: Game) -> None:
        self.games += 1
        if not game.finished:
            self.unfinished += 1
            return
        if game.winner is None:
            self.draws += 1
        else:
            self.wins[game.winner.value] += 1
        self.lengths.append(game.turns)

    def as_dict(self) -> dict[str, object]:
        return {"games": self.games, "wins": {p.value: self.wins[p.value] for p in (Player.YELLOW, Player.BLUE)},
                "draws": self.draws, "unfinished": self.unfinished, "turns_mean": round(statistics.fmean(self.lengths), 1) if self.lengths else None,
                "turns_median": statistics.median(self.lengths) if self.lengths else None}


def simulate(games: int, names: tuple[str, str], seed: int = 0) -> Stats:
    """``games`` games, game i from seed ``seed + i``."""
    for n in names:
        if n not in BOTS:
            raise ValueError(f"no Breakout bot {n!r}; there are {', '.join(BOTS)}")
    stats = Stats()
    for i in range(games):
        stats.add(play_game(names, seed + i))
    return stats


__all__ = ["BOTS", "Game", "Stats", "play_game", "random_bot", "random_position", "score", "simulate", "winner_bot"]
