"""How fast Hekla's solvers are on one core (issue 14), each against a plain
reference in the same run (a ratio holds on a noisy machine).

* ``best_move`` (the most a player gains this turn) against a plain enumeration:
  every turn through ``rules.apply`` (which checks it again) for every order of its
  eruptions, on positions met in greedy games with 2, 3 and 4 players;
* the puzzle solver (``solve``, HQ1) on every bundled puzzle (turns, nodes, seconds),
  and against ``solver.reference`` (no table, every back-step, the referee's apply)
  on small puzzles both can finish.

    .venv/bin/python benchmarks/bench_hekla_solver.py

With ``--exhaustive N`` it measures instead how deep the puzzle solver searches
exhaustively (issue 29 part 6) on positions it was not tuned on: N positions met
in greedy games (seeded by ``--seed``), each asked for the most the player to move
gains in each number of turns of ``--depths`` while the others pass (``solve``
with a gain no line reaches, so every turn of every depth up to it is searched),
in CPU seconds (``time.process_time``) with the turns tried; a search over
``--cap`` seconds (wall clock) is reported as unknown.  The solver was tuned on
the bundled puzzles 11 and 14; report on a seed of greedy games.

    nice -n 15 .venv/bin/python benchmarks/bench_hekla_solver.py --exhaustive 12 --seed 29 --depths 4 5

Figures go to docs/benchmarks.md by hand, with the machine and the command.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sectionx.games.hekla import formats, play, rules
from sectionx.games.hekla.solver import best_move, reference, solve

ROOT = Path(__file__).resolve().parent.parent


def positions(count: int, seed: int) -> list[rules.Position]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        players = rng.choice((2, 3, 4))
        game = play.play_game(players, ("greedy",), rng.randrange(10**9))
        pos = rules.start(players)
        for action in game.actions[: rng.randrange(1, game.turns)]:
            pos = rules.apply(pos, action)
        if not pos.over:
            out.append(pos)
    return out


def plain_best(pos: rules.Position) -> int:
    me = pos.to_move
    return max(rules.apply(pos, o).track[me] - pos.track[me] for a in rules.turns(pos) for o in rules.orders(pos, a))


def exhaustive(count: int, seed: int, depths: list[int], cap: float) -> None:
    """The ``--exhaustive`` run of the module docstring."""
    print(f"# {platform.machine()}, Python {platform.python_version()}, CPU seconds (time.process_time)")
    times: dict[int, list[float]] = {n: [] for n in depths}
    unknown = dict.fromkeys(depths, 0)
    print("| position | players | " + " | ".join(f"{n} turns: result, turns tried, CPU s" for n in depths) + " |")
    print("|---|---|" + "---|" * len(depths))
    for i, pos in enumerate(positions(count, seed)):
        cells = []
        for n in depths:
            t = time.process_time()
            answer = solve(pos, 10**6, n, node_limit=10**10, seconds=cap)
            took = time.process_time() - t
            times[n].append(took)
            unknown[n] += not answer.complete
            cells.append(f"{'done' if answer.complete else 'unknown'}, {answer.nodes:,}, {took:.2f}")
        print(f"| {i + 1} | {len(pos.players)} | " + " | ".join(cells) + " |", flush=True)
    for n in depths:
        print(f"{n} turns: {len(times[n])} positions, median {statistics.median(times[n]):.2f} s, "
              f"slowest {max(times[n]):.2f} s, unknown {unknown[n]}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--exhaustive", type=int, default=0, help="measure exhaustive depth on this many positions instead")
    ap.add_argument("--depths", type=int, nargs="+", default=[4, 5])
    ap.add_argument("--cap", type=float, default=120.0, help="seconds (wall clock) one search may take")
    args = ap.parse_args()
    if args.exhaustive:
        exhaustive(args.exhaustive, args.seed, args.depths, args.cap)
        return 0
    print(f"# {platform.machine()}, Python {platform.python_version()}")
    sample = positions(args.positions, args.seed)
    t0 = time.perf_counter()
    fast = [best_move(p).gain for p in sample]
    t1 = time.perf_counter()
    slow = [plain_best(p) for p in sample]
    t2 = time.perf_counter()
    assert fast == slow, "best_move and the plain enumeration disagree"
    print(f"best_move: {len(sample)} positions, {(t1 - t0) / len(sample) * 1000:.2f} ms each; plain enumeration "
          f"{(t2 - t1) / len(sample) * 1000:.2f} ms each; ratio {(t2 - t1) / (t1 - t0):.1f}x")
    print("| puzzle | players | gain | within | turns | first turns | nodes | seconds |")
    print("|---|---|---|---|---|---|---|---|")
    for path in sorted((ROOT / "scenarios" / "hekla" / "puzzles").glob("*.yaml")):
        loaded = formats.load(path)
        assert loaded.goal is not None
        t = time.perf_counter()
        answer = solve(loaded.position, loaded.goal.gain, loaded.goal.within)
        took = time.perf_counter() - t
        print(f"| {path.name} | {len(loaded.position.players)} | {loaded.goal.gain} | {loaded.goal.within} | "
              f"{answer.turns} | {len(answer.first)} | {answer.nodes:,} | {took:.2f} |", flush=True)
    # Against the plain search, on small puzzles (2 turns, the first 12 sample positions).
    mine = theirs = 0.0
    for pos in sample[:12]:
        me = pos.to_move
        gain = max(1, best_move(pos).gain + 1)  # more than one turn gives, so two turns are searched
        t = time.perf_counter()
        a = solve(pos, gain, 2).turns
        mine += time.perf_counter() - t
        t = time.perf_counter()
        b = reference(pos, gain, 2)
        theirs += time.perf_counter() - t
        assert a == b, (me, a, b)
    print(f"puzzle solver against the plain search, 12 two-turn questions: {mine:.1f} s against {theirs:.1f} s, "
          f"ratio {theirs / max(mine, 1e-9):.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
