"""Breakout bots and self-play statistics (issue 13).

Three bots, each deterministic for a seed:

* ``random`` plays a legal action chosen by its random generator;
* ``winner`` plays to win: a push that escapes at once (proved by the solver, one
  turn deep); else, if the other player could escape on their next turn, a push
  after which they cannot (if one exists); else the push that most improves its
  rope against the other's (:func:`score`), ties broken by its random generator;
* ``search`` (:mod:`.lookahead`, issue 29) plays a proved escape within 3 turns,
  leaves out pushes that let the other escape by force within 2, and picks among the
  rest by random play-outs of the break-out, a draw (B7, B9) counted as a loss of
  half an escape: two ``winner`` bots drew 17 games in 20, two ``search`` bots seldom
  draw (docs/breakout.md).

:func:`play_game` plays one game to its end (three escapes, or a stalemate draw,
B7, B8, B9); :func:`simulate` plays many and counts who wins by seat, the draws by
B7 and by B9, and the game lengths.  Each game depends only on its seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...console import simulation, spread
from .lookahead import search_bot
from .rules import Action, Player, Position, Wall, apply, drawn_by, groups, legal_actions, ropes, start
from .solver import solve

Bot = Callable[[Position], Action]

#: A guard, not a rule: turns after which a game would be stopped and counted as
#: unfinished.  B9 ends every break-out within 110 turns, so no game reaches it (two
#: ``winner`` bots pushing one full row from the same end for ever were why it was
#: needed before B9; docs/breakout.md).
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


#: The bots by name, as ``--bots`` takes them; ``search`` (issue 29) is in
#: :mod:`.lookahead`: proofs where they are cheap, random play-outs elsewhere.
BOTS: dict[str, Callable[[int], Bot]] = {"random": random_bot, "winner": winner_bot, "search": search_bot}


@dataclass(frozen=True)
class Game:
    """One game: the winner (None for a draw), its turns, break-outs and escapes, the
    ruling that drew it (``B7`` or ``B9``), every action in order (a record,
    :mod:`.records`), and whether it ended (False only if stopped at
    :data:`MAX_TURNS`, which B9 makes unreachable: at most 6 break-outs of at most
    110 turns)."""

    winner: Player | None
    turns: int
    breakouts: int
    finished: bool = True
    drawn_by: str | None = None
    escaped: tuple[int, int] = (0, 0)
    actions: tuple[Action, ...] = ()
    #: The position the game ended in (what a record's ``result:`` says of it).
    final: Position | None = None


def play_game(names: tuple[str, str], seed: int) -> Game:
    """A game between bots ``names`` (yellow's, blue's), from the empty wall."""
    bots = {p: BOTS[n](seed * 2 + i) for i, (p, n) in enumerate(zip((Player.YELLOW, Player.BLUE), names, strict=True))}
    pos = start()
    actions: list[Action] = []
    while not pos.over and len(actions) < MAX_TURNS:
        action = bots[pos.to_move](pos)
        pos = apply(pos, action)
        actions.append(action)
        if not pos.over:
            assert not ropes(pos, Player.YELLOW) and not ropes(pos, Player.BLUE)
    winner = pos.result if isinstance(pos.result, Player) else None
    return Game(winner, len(actions), pos.breakout, pos.over, drawn_by(pos), pos.escaped, tuple(actions), pos)


@dataclass
class Stats:
    """Many games: wins by seat (yellow opens the first break-out, B1), draws by B7
    and by B9, games stopped unfinished (none, with B9), game lengths in turns and
    break-outs (of the finished games)."""

    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    draws: Counter[str] = field(default_factory=Counter)
    unfinished: int = 0
    lengths: list[int] = field(default_factory=list)
    breakouts: list[int] = field(default_factory=list)
    loser_escapes: list[int] = field(default_factory=list)

    def add(self, game: Game) -> None:
        self.games += 1
        if not game.finished:
            self.unfinished += 1
            return
        if game.winner is None:
            self.draws[game.drawn_by or "B7"] += 1
        else:
            self.wins[game.winner.value] += 1
            # How close the other side came: its escapes when the game was lost (B8).
            self.loser_escapes.append(game.escaped[1] if game.winner is Player.YELLOW else game.escaped[0])
        self.lengths.append(game.turns)
        self.breakouts.append(game.breakouts)

    def as_dict(self) -> dict[str, Any]:
        """The figures in the shape every game's ``simulate`` prints
        (:func:`sectionx.console.simulation`): length in turns and break-outs, wins by
        seat, how the games ended (three escapes, B8; a draw by B7 or by B9), then
        Breakout's own figures (how many figures the losing side got out, B8)."""
        won = sum(self.wins.values())
        return simulation(
            "breakout", self.games, length={"turns": self.lengths, "break-outs": self.breakouts},
            winners_by_seat={p.value: self.wins[p.value] for p in (Player.YELLOW, Player.BLUE)},
            endings={"three escapes (B8)": won, "draw: full wall (B7)": self.draws["B7"],
                     "draw: 100 turns (B9)": self.draws["B9"], "unfinished": self.unfinished},
            own={"escapes_of_the_loser": spread(self.loser_escapes)},
            note="yellow opens the first break-out and blue the second (B1); a draw is 5 rounds without an escape "
                 "once the wall is full (B7) or after 100 turns of a break-out (B9)")


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
