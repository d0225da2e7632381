"""Benchmark: whole games of Der Tunnel between bots, in one process (issue 27).

Not a test: it measures.  Run from the project root:

    .venv/bin/python benchmarks/bench_tunnel.py [--players 4] [--random 200] [--greedy 40] [--seed 0]

Plays ``--random`` games between random bots and ``--greedy`` games between greedy bots
(and as many with one cutthroat seat), every game from its seed to the end (75 moves:
the 76 tiles of the box less the start tile, each placed or put out), and prints the
machine, the command, the load average (figures taken next to other jobs are not
comparable) and, per bot mix, games per second and milliseconds per game in CPU time
of this process (``time.process_time``: on a shared machine the wall clock also counts
other people's jobs; the wall time is printed beside it).  The issue's aim: a random
4-player game well under 50 ms on one core.  Figures go into docs/benchmarks.md with
the command that produced them.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sectionx.games.tunnel import play, rules


def reference(players: int, games: int, seed: int) -> tuple[float, float, int]:
    """The simple way, for comparison in the same run: list every legal turn
    (``rules.moves``), choose one at random and play it through ``rules.play`` (judged
    again, on a copy)."""
    import random

    moves = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for i in range(games):
        rng = random.Random(seed + i)
        pos = rules.new_game(players, seed=seed + i)
        while not pos.over:
            pos = rules.play(pos, rng.choice(rules.moves(pos))).position
            moves += 1
    return time.process_time() - cpu, time.perf_counter() - wall, moves


def run(players: int, bots: tuple[str, ...], games: int, seed: int) -> tuple[float, float, int]:
    """CPU and wall seconds for ``games`` games, and the moves they played."""
    moves = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for i in range(games):
        moves += play.play_game(players, bots, seed + i).turns
    return time.process_time() - cpu, time.perf_counter() - wall, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--random", type=int, default=200, help="games between random bots")
    parser.add_argument("--greedy", type=int, default=40, help="games between greedy bots (and with one cutthroat)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--reference", type=int, default=5,
                        help="games the simple way (every legal turn listed, each played through rules.play)")
    args = parser.parse_args()
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"command: .venv/bin/python benchmarks/bench_tunnel.py --players {args.players} --random {args.random} "
          f"--greedy {args.greedy} --seed {args.seed} --reference {args.reference}\n")
    n = args.players
    mixes = [("random", ("random",), args.random), ("greedy", ("greedy",), args.greedy),
             ("1 cutthroat, greedy", ("cutthroat",) + ("greedy",) * (n - 1), args.greedy)]
    print(f"| {n} players | games | CPU s | wall s | games/s (CPU) | ms a game (CPU) | moves/s (CPU) |")
    print("|---|---|---|---|---|---|---|")
    for name, bots, games in [*mixes, ("random, the simple way", (), args.reference)]:
        if games <= 0:
            continue
        cpu, wall, moves = run(n, bots, games, args.seed) if bots else reference(n, games, args.seed)
        print(f"| {name} | {games} | {cpu:.2f} | {wall:.2f} | {games / cpu:.1f} | {1000 * cpu / games:.1f} | "
              f"{moves / cpu:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
