"""How fast Hekla's solvers are on one core (issue 14), each against a plain
reference in the same run (a ratio holds on a noisy machine).

* ``best_move`` (the most a player gains this turn) against a plain enumeration:
  every turn through ``rules.apply`` (which checks it again) for every order of its
  eruptions, on positions met in greedy games with 2, 3 and 4 players;
* the puzzle solver (``solve``, HQ1, on the deep search since issue 29) on every
  bundled puzzle (turns, nodes, CPU seconds), beside ``solve(deep=False)`` (the
  referee's search alone, as before) in the same run, the answers, first turns and
  lines compared; and against ``solver.reference`` (no table, every back-step, the
  referee's apply) on small puzzles both can finish.

    .venv/bin/python benchmarks/bench_hekla_solver.py

With ``--exhaustive N`` it measures instead how deep the puzzle solver searches
exhaustively (issue 29 part 6) on positions it was not tuned on: N positions met
in greedy games (seeded by ``--seed``), each asked for the most the player to move
gains in 1, 2, ... up to each number of turns of ``--depths`` while the others
pass (every turn of every depth searched), in CPU seconds (``time.process_time``)
with the turns tried, by the deep search (``deep.most_gains``: the compact
position, made and undone in place) and, back to back on the same position, by
the old one (``solver._Search.most``, what ``solve`` runs; ``--old 4`` runs it at
4 turns only, ``--old`` with no depth not at all); the script stops if their
answers differ.  A search over ``--cap`` CPU
seconds is reported as unknown (CPU, not wall clock: a niced job on a loaded
machine gets little of the wall clock).  The deep search was tuned on the first ten
positions of seed 29 and the bundled puzzles 11 and 14; report on another seed.

    nice -n 15 .venv/bin/python benchmarks/bench_hekla_solver.py --exhaustive 10 --seed 2906 --depths 4 5

``--players 2`` draws the positions from two-player games only (the slowest at 5 turns).

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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sectionx.games.hekla import formats, play, rules
from sectionx.games.hekla.deep import most_gains
from sectionx.games.hekla.solver import _OutOfNodes, _Search, best_move, reference, solve

ROOT = Path(__file__).resolve().parent.parent


def positions(count: int, seed: int, players_from: tuple[int, ...] = (2, 3, 4)) -> list[rules.Position]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        players = rng.choice(players_from)
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


class _CpuCapped(_Search):
    """The old search stopped by CPU seconds (``time.process_time``), not the wall clock:
    on a loaded machine a niced job gets little of the wall clock."""

    def __init__(self, pos: rules.Position, cap: float):
        super().__init__(pos, 10**12)
        self.cpu_deadline = time.process_time() + cap

    def count(self, n: int = 1) -> None:
        before = self.nodes
        super().count(n)
        if self.nodes >> 10 != before >> 10 and time.process_time() > self.cpu_deadline:
            raise _OutOfNodes


def _old_most(pos: rules.Position, turns: int, cap: float) -> tuple[list[int] | None, int]:
    """The old search's most in 1..``turns`` turns (one table, as ``solve`` runs it), or None past the cap."""
    search = _CpuCapped(pos, cap)
    try:
        return [search.most(pos, k) for k in range(1, turns + 1)], search.nodes
    except _OutOfNodes:
        return None, search.nodes


def exhaustive(count: int, seed: int, depths: list[int], cap: float, old_depths: list[int],
               players_from: tuple[int, ...] = (2, 3, 4)) -> None:
    """The ``--exhaustive`` run of the module docstring."""
    print(f"# {platform.machine()}, Python {platform.python_version()}, CPU seconds (time.process_time), "
          f"load average {os.getloadavg()[0]:.1f} at the start")
    times: dict[int, list[float]] = {n: [] for n in depths}
    before: dict[int, list[float]] = {n: [] for n in depths}
    unknown = dict.fromkeys(depths, 0)
    print("| position | players | " + " | ".join(f"{n} turns: most, turns tried, CPU s; old: turns tried, CPU s"
                                             for n in depths) + " |")
    print("|---|---|" + "---|" * len(depths))
    for i, pos in enumerate(positions(count, seed, players_from)):
        cells = []
        for n in depths:
            t = time.process_time()
            got = most_gains(pos, n, seconds=cap, clock=time.process_time)
            took = time.process_time() - t
            times[n].append(took)
            unknown[n] += not got.complete
            cell = f"{got.gains[-1] if got.complete else 'unknown'}, {got.nodes:,}, {took:.2f}"
            if n in old_depths:
                t = time.process_time()
                theirs, nodes = _old_most(pos, n, cap)
                took_old = time.process_time() - t
                before[n].append(took_old)
                if theirs is not None and got.complete:
                    assert list(got.gains) == theirs, ("the deep and the old search disagree", i + 1, n, got, theirs)
                cell += f"; {nodes:,}, " + (f"{took_old:.2f}" if theirs is not None else f"over the cap ({took_old:.1f})")
            cells.append(cell)
        print(f"| {i + 1} | {len(pos.players)} | " + " | ".join(cells) + " |", flush=True)
    for n in depths:
        within = sum(t <= 10.0 for t in times[n])
        print(f"{n} turns: {len(times[n])} positions, median {statistics.median(times[n]):.2f} s, "
              f"slowest {max(times[n]):.2f} s, within 10 s {within}, unknown {unknown[n]}"
              + (f"; old: median {statistics.median(before[n]):.2f} s, slowest {max(before[n]):.2f} s "
                 "(over the cap counted at the cap)" if n in old_depths else ""))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--exhaustive", type=int, default=0, help="measure exhaustive depth on this many positions instead")
    ap.add_argument("--puzzles", action="store_true", help="only the bundled puzzles' table (solve, and solve(deep=False))")
    ap.add_argument("--depths", type=int, nargs="+", default=[4, 5])
    ap.add_argument("--cap", type=float, default=120.0,
                    help="seconds one search may take (wall clock; CPU seconds with --exhaustive)")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], choices=(2, 3, 4),
                    help="the player counts the positions' games are drawn from (--exhaustive)")
    ap.add_argument("--old", type=int, nargs="*", default=None,
                    help="the depths at which to run the old search too, back to back (default: all of --depths)")
    args = ap.parse_args()
    if args.exhaustive:
        exhaustive(args.exhaustive, args.seed, args.depths, args.cap, args.depths if args.old is None else args.old,
                   tuple(args.players))
        return 0
    print(f"# {platform.machine()}, Python {platform.python_version()}, load average {os.getloadavg()[0]:.1f} at the start")
    sample = positions(args.positions, args.seed)
    if not args.puzzles:
        t0 = time.perf_counter()
        fast = [best_move(p).gain for p in sample]
        t1 = time.perf_counter()
        slow = [plain_best(p) for p in sample]
        t2 = time.perf_counter()
        assert fast == slow, "best_move and the plain enumeration disagree"
        print(f"best_move: {len(sample)} positions, {(t1 - t0) / len(sample) * 1000:.2f} ms each; plain enumeration "
              f"{(t2 - t1) / len(sample) * 1000:.2f} ms each; ratio {(t2 - t1) / (t1 - t0):.1f}x")
    print("| puzzle | players | gain | within | turns | first turns | nodes | CPU s | old: nodes | old: CPU s |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for path in sorted((ROOT / "scenarios" / "hekla" / "puzzles").glob("*.yaml")):
        loaded = formats.load(path)
        assert loaded.goal is not None
        t = time.process_time()
        answer = solve(loaded.position, loaded.goal.gain, loaded.goal.within)
        took = time.process_time() - t
        t = time.process_time()
        old = solve(loaded.position, loaded.goal.gain, loaded.goal.within, deep=False)
        took_old = time.process_time() - t
        assert (answer.turns, answer.first, answer.line) == (old.turns, old.first, old.line), path.name
        print(f"| {path.name} | {len(loaded.position.players)} | {loaded.goal.gain} | {loaded.goal.within} | "
              f"{answer.turns} | {len(answer.first)} | {answer.nodes:,} | {took:.2f} | {old.nodes:,} | {took_old:.2f} |",
              flush=True)
    if args.puzzles:
        return 0
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
