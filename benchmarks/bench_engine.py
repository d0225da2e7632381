"""Benchmark: legal-action generation and whole random games (issue 3).

Not a test: it measures.  Run from the project root:

    .venv/bin/python benchmarks/bench_engine.py [--games N] [--players 4]

Prints the machine, then
* legal_actions: calls per second on positions taken from seeded random games
  (early, middle and late in a round), with the number of actions per call;
* apply: actions per second when replaying a random game;
* random games: whole 4-player games per second between uniformly random bots,
  with their mean length in actions.
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

from sectionx import engine, formats, play, rules
from sectionx.model import COLOURS


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

    lengths = []
    t3 = time.perf_counter()
    for seed in range(args.games):
        s = start(args.players, seed)
        g = play.play_game(s, play.make_bots(["random"], s.colours, seed))
        lengths.append(len(g.actions))
    dt3 = time.perf_counter() - t3
    print(f"random {args.players}-player games: {args.games / dt3:.3f} games/s, {dt3 / args.games:.1f} s each, "
          f"mean {statistics.mean(lengths):.0f} actions ({statistics.mean(lengths) / dt3 * args.games:.0f} actions/s)")


if __name__ == "__main__":
    main()
