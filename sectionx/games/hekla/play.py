"""Hekla's bots and self-play figures (issue 14).

``random`` plays any legal turn (with any order of its eruptions), a long move with
the least back-step it needs (H3: going back further only loses fields, and would
give the baseline's games and figures to pointless variants; :func:`.solver.candidates`);
``greedy`` plays a turn that gains its volcanist the most fields now
(:func:`.solver.best_move`), ties broken by its random generator; ``search``
(:mod:`.lookahead`, issue 29) looks one answer further: each of its turns against
every eruption the next player could answer with, the turn whose worst answer leaves
its volcanist furthest ahead of the best other.  Each game depends only on its seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...console import simulation, spread
from .lookahead import search_bot
from .rules import Action, Board, Player, Position, apply, field_name, orders, start
from .solver import best_move, candidates

Bot = Callable[[Position], Action]


def random_bot(seed: int) -> Bot:
    rng = random.Random(seed)
    return lambda pos: rng.choice([o for a in candidates(pos) for o in orders(pos, a)])


def greedy_bot(seed: int) -> Bot:
    rng = random.Random(seed)
    return lambda pos: rng.choice(best_move(pos).moves)


#: The bots by name, as ``--bots`` takes them; ``search`` (issue 29) is in :mod:`.lookahead`.
BOTS: dict[str, Callable[[int], Bot]] = {"random": random_bot, "greedy": greedy_bot, "search": search_bot}


@dataclass(frozen=True)
class Game:
    """One game's figures: its winners, turns, every volcanist's final track fields,
    how often a long move (H3) and a turn with several eruptions (H5) happened, each
    eruption's middle field, how many eruptions had a hot field in their triple
    (HG2), the turn a volcanist first reached the outer ring (HG3), and which ruling
    ended it (H8 the last lava, H9 quiet rounds).  Every game ends: H9 bounds it."""

    winners: tuple[Player, ...]
    turns: int
    track: tuple[int, ...]
    long_moves: int
    multi_eruptions: int
    ended_by: str
    middles: tuple[str, ...] = ()
    hot_eruptions: int = 0
    outer_at: int | None = None
    actions: tuple[Action, ...] = ()
    final: Position | None = None

    @property
    def leader(self) -> int:
        return max(self.track)


def play_game(players: int, names: tuple[str, ...], seed: int, board: Board | None = None) -> Game:
    pos = start(players, board)
    lap = len(pos.board.inner)
    bots = [BOTS[names[i % len(names)]](seed * 4 + i) for i in range(players)]
    long_moves = multi = played = hot = 0
    middles: list[str] = []
    outer_at: int | None = None
    actions: list[Action] = []
    while not pos.over:
        action = bots[pos.to_move](pos)
        actions.append(action)
        if action.kind == "move" and action.start is not None and action.to is not None \
                and abs(action.to[0] - action.start[0]) + abs(action.to[1] - action.start[1]) > 1:
            long_moves += 1
        pos = apply(pos, action)
        played += 1
        multi += len(pos.erupted) > 1
        for t in pos.erupted:
            middles.append(field_name(t[1]))
            hot += any(f in pos.board.hot for f in t)
        if outer_at is None and max(pos.track) >= lap:
            outer_at = played
    return Game(pos.winners, played, pos.track, long_moves, multi, pos.ended_by or "", tuple(middles), hot, outer_at,
                tuple(actions), pos)


@dataclass
class Stats:
    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    shared: int = 0
    quiet_ends: int = 0
    lengths: list[int] = field(default_factory=list)
    leaders: list[int] = field(default_factory=list)
    long_moves: int = 0
    multi_eruptions: int = 0
    outer: int = 0
    seats: tuple[str, ...] = ()
    #: The inner ring's length: a leader past it is on the outer ring (HG3).
    lap: int = 24

    def add(self, game: Game, lap: int) -> None:
        self.lap = lap
        self.games += 1
        self.quiet_ends += game.ended_by == "H9"
        for p in game.winners:
            self.wins[p.value] += 1
        self.shared += len(game.winners) > 1
        self.lengths.append(game.turns)
        self.leaders.append(game.leader)
        self.long_moves += game.long_moves
        self.multi_eruptions += game.multi_eruptions
        self.outer += game.leader >= lap

    def as_dict(self) -> dict[str, Any]:
        """The figures in the shape every game's ``simulate`` prints
        (:func:`sectionx.console.simulation`): length in turns and rounds (a round is
        a turn of every seat), wins by seat (a shared win counts for every winner, H8),
        how the games ended (the last lava stone, H8; 20 quiet rounds, H9), then Hekla's
        own figures: shared wins, how far the leader got and how often onto the outer
        ring (HG3), long moves (H3) and turns with several eruptions (H5) per game."""
        players = max(1, len(self.seats))
        played = max(1, len(self.lengths))
        return simulation(
            "hekla", self.games, length={"turns": self.lengths, "rounds": [-(-t // players) for t in self.lengths]},
            winners_by_seat={s: self.wins[s] for s in self.seats},
            endings={"the last lava stone (H8)": self.games - self.quiet_ends, "20 quiet rounds (H9)": self.quiet_ends},
            own={"shared_wins": self.shared, "leader_fields": spread(self.leaders),
                 "leader_on_the_outer_ring": self.outer, "long_moves_per_game": round(self.long_moves / played, 2),
                 "turns_with_several_eruptions_per_game": round(self.multi_eruptions / played, 2)},
            note=f"red moves first; a shared win counts for every winner; the outer ring starts after {self.lap} "
                 "fields (HG3)")
