"""Benchmark: legal-action generation and whole random games (issue 3).

Not a test: it measures.  Run from the project root:

    .venv/bin/python benchmarks/bench_engine.py [--games N] [--players 4]

Prints the machine, then
* legal_actions: calls per second on positions taken from seeded random games
  (early, middle and late in a round), with the number of actions per call;
* apply: actions per second when replaying a random game;
* random games: whole games per second between uniformly random bots, with
  their mean length in actions, two ways over the same seeds: as ``sectionx
  play`` and ``simulate`` play them now (``play.play_game``: one search-core
  position kept across the game, moves drawn by ``solver.sample.random_move``)
  and the engine path they used before (``engine.random_action`` on a State,
  ``engine.apply`` per action); the same distribution, so the games differ but
  are alike.  Against the target of 20 four-player games per second.
Figures go into docs/benchmarks.md with the command that produced them.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sectionx.colours import COLOURS
from sectionx.games.sectionx import engine, formats, play, rules

#: Issue 9: random four-player games per second on one core.
TARGET = 20


class EngineRandomBot(play.RandomBot):
    """The random bot as it was before the search core: ``engine.random_action`` on every
    State.  Not a RandomBot to ``play_game``, which so plays it with its general loop
    (``engine.apply`` per action)."""

    def choose(self, state, legal):
        return engine.random_action(state, self.rng)


def random_games(players: int, seeds: range, engine_path: bool) -> tuple[float, list[int], play.Stats]:
    """Seconds for the games of ``seeds``, their lengths in actions, and their statistics."""
    lengths = []
    stats = play.Stats()
    t = time.perf_counter()
    for seed in seeds:
        s = start(players, seed)
        bots = play.make_bots(["random"], s.colours, seed)
        if engine_path:
            bots = {c: EngineRandomBot(b.rng) for c, b in bots.items()}
        game = play.play_game(s, bots)
        lengths.append(len(game.actions))
        stats.add(game)
    return time.perf_counter() - t, lengths, stats


def start(players: int, seed: int):
    board = formats.bundled_board("compact" if players == 2 else "standard")
    return rules.new_game(COLOURS[:players], board, formats.bundled_catalogue(), random.Random(seed))


def sample_positions(players: int, count: int, seed: int = 7):
    """Positions from a seeded random game, spread over its length."""
    bots = play.make_bots(["random"], start(players, seed).colours, seed)
    states = [before for _, before, _, _ in play.step_through(start(players, seed), bots=bots)]
    step = max(1, len(states) // count)
    return states[::step][:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    if args.players not in (2, 3, 4):
        parser.error("--players: 2, 3 or 4")

    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")

    positions = sample_positions(args.players, 200)
    t0 = time.perf_counter()
    sizes = [len(engine.legal_actions(s)) for s in positions]
    dt = time.perf_counter() - t0
    tile_phase = [s for s in positions if engine._tile_action_open(s)]
    t1 = time.perf_counter()
    tile_sizes = [len(engine.legal_actions(s)) for s in tile_phase]
    dt1 = time.perf_counter() - t1
    print(f"legal_actions: {len(positions) / dt:.0f} calls/s over {len(positions)} positions "
          f"(mean {statistics.mean(sizes):.0f} actions, max {max(sizes)})")
    print(f"legal_actions in phase 2: {len(tile_phase) / dt1:.0f} calls/s, {dt1 / len(tile_phase) * 1000:.1f} ms each "
          f"(mean {statistics.mean(tile_sizes):.0f} actions)")

    game = play.play_game(start(args.players, 1), play.make_bots(["random"], start(args.players, 1).colours, 1))
    t2 = time.perf_counter()
    state = game.start
    for action in game.actions:
        state = engine.apply(state, action)
    dt2 = time.perf_counter() - t2
    print(f"apply: {len(game.actions) / dt2:.0f} actions/s ({len(game.actions)} actions of one game)")

    results = {}
    for engine_path in (False, True):
        dt, lengths, stats = random_games(args.players, range(args.games), engine_path)
        results[engine_path] = dt
        label = "engine path (engine.random_action + apply)" if engine_path else "through the core (play.play_game)"
        print(f"random {args.players}-player games {label}: {args.games / dt:.2f} games/s, {dt / args.games:.2f} s each, "
              f"mean {statistics.mean(lengths):.0f} actions ({sum(lengths) / dt:,.0f} actions/s, "
              f"{dt / sum(lengths) * 1e6:.0f} us each)")
        d = stats.as_dict()  # the same distribution: these should agree within chance
        own = d["game_figures"]
        print(f"  turns {d['length']['turns']}, rounds {d['length']['rounds']['mean']}, dead per player "
              f"{own['dead_per_player']['mean']}, round ends {own['round_ends']}")
    print(f"core / engine: {results[True] / results[False]:.1f}x; target {TARGET} games/s: "
          f"{'met' if args.games / results[False] >= TARGET else 'not met'}")


if __name__ == "__main__":
    main()
