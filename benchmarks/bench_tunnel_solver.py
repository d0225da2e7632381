"""How fast Der Tunnel's puzzle solver is on one core (issue 28), with the plain
reference in the same run where it can finish (a ratio holds on a noisy machine); times
are CPU seconds of this process (time.process_time), so a loaded machine does not inflate them.

* TQ1 (the best turn with the drawn tile) on positions met in games between bots
  whose tunnel tiles come early, 2 to 5 players, every variant: milliseconds each,
  the slowest, and the reference's plain enumeration on the first of them;
* TQ2 (the fewest turns, the others passing) with 1, 2 and 3 turns on such positions,
  the goal the most the player reaches in that many turns (a road's tiles, or points)
  and one more (proved out of reach): seconds each, the slowest, the turns tried;
* every shipped puzzle (scenarios/tunnel/puzzles/): its question, answer, turns tried
  and seconds.

    .venv/bin/python benchmarks/bench_tunnel_solver.py [--positions 40] [--seed 0]

Figures go to docs/benchmarks.md by hand, with the machine and the command.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sectionx.games.tunnel import formats, play, reference, rules, solver
from sectionx.games.tunnel.model import Position
from sectionx.games.tunnel.puzzles import Goal
from sectionx.games.tunnel.rules import apply_unchecked

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ((), ("TV1",), ("TV2",), ("TV3",), ("TV4",))


def position(rng: random.Random, turns: int) -> Position:
    """A position after ``turns`` turns of greedy and random bots, tunnel tiles early."""
    players = rng.choice((2, 3, 4, 5))
    pos = rules.new_game(players, variants=rng.choice(VARIANTS), seed=rng.randrange(1 << 30))
    assert pos.stack is not None
    stack = [t for t in pos.stack if not t.startswith("TU-")]
    for t in ("TU-A", "TU-B", "TU-C", "TU-D"):
        stack.insert(rng.randrange(turns + 2), t)
    pos.stack = tuple(stack)
    for _ in range(turns):
        apply_unchecked(pos, play.choose(rng.choice(("greedy", "random")), pos, rng))
    return pos


def known(pos: Position, n: int) -> Position:
    pos = pos.copy()
    assert pos.stack is not None
    pos.stack = pos.stack[:n]
    pos.left, pos.pool = n, Counter(pos.stack)
    return pos


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    print(f"# {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"command: .venv/bin/python benchmarks/bench_tunnel_solver.py --positions {args.positions} --seed {args.seed}")
    rng = random.Random(args.seed)
    sample = [position(rng, rng.randint(4, 16)) for _ in range(args.positions)]

    # TQ1
    times, moves = [], []
    for pos in sample:
        tile = pos.next_tile()
        assert tile is not None
        t = time.process_time()
        answer = solver.best_turn(pos, tile)
        times.append(time.process_time() - t)
        moves.append(answer.nodes)
    t = time.process_time()
    for pos in sample[:10]:
        tile = pos.next_tile()
        assert tile is not None
        assert reference.best_points(pos, tile)[0] == solver.best_turn(pos, tile).best
    plain = (time.process_time() - t) / 10
    print(f"TQ1: {len(sample)} positions, {statistics.mean(times) * 1000:.0f} ms each on average, median "
          f"{statistics.median(times) * 1000:.0f} ms, slowest {max(times) * 1000:.0f} ms; legal turns tried: median "
          f"{statistics.median(moves):.0f}, most {max(moves)}; the reference (every cell, turn, follower, token and "
          f"order judged by the referee) {plain * 1000:.0f} ms each on the first 10 (solver included)")

    # TQ2
    print("| turns | goal | positions | solved | impossible | unknown | mean s | median s | slowest s | most nodes |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for n in (1, 2, 3):
        for kind in ("road", "points"):
            took: list[float] = []
            status: Counter[str] = Counter()
            most_nodes = 0
            for pos in sample[: max(8, args.positions // (2 if n < 3 else 4))]:
                small = known(pos, n)
                best = 0
                while True:  # the most reachable in n turns, then one more: both proved
                    goal = Goal(kind, best + 1, n)
                    t = time.process_time()
                    answer = solver.plan(small, goal, nodes=2_000_000)
                    took.append(time.process_time() - t)
                    status[answer.status] += 1
                    most_nodes = max(most_nodes, answer.nodes)
                    if answer.status != "solved":
                        break
                    best += 1
            print(f"| {n} | {kind} | {sum(status.values())} | {status['solved']} | {status['impossible']} | "
                  f"{status['unknown']} | {statistics.mean(took):.3f} | {statistics.median(took):.3f} | "
                  f"{max(took):.2f} | {most_nodes:,} |", flush=True)

    # The shipped puzzles
    print("| puzzle | question | answer | turns tried | seconds |")
    print("|---|---|---|---|---|")
    for path in sorted((ROOT / "scenarios" / "tunnel" / "puzzles").glob("*.yaml")):
        loaded = formats.load(path)
        t = time.process_time()
        answer = solver.solve_puzzle(loaded)
        took_ = time.process_time() - t
        said = {"best": f"{answer.best} points, {len(answer.choices)} choices", "end": f"scores {answer.scores}"}.get(
            answer.goal.kind, f"{answer.turns} turns")
        print(f"| {path.name} | {answer.goal.ruling} {answer.goal.flow()} | {said} | {answer.nodes:,} | {took_:.2f} |",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
