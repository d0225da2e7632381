"""How deep Breakout's solver proves from the empty wall on one core (issue 13).

For N = 1, 2, ... it proves whether the player to move (yellow) can force an escape
within N turns from the empty 5 x 5 wall, until one N takes longer than the budget.
The reference in the same run is plain minimax (``solver.reference``) on positions
both can finish: 30 positions met in random play on a 4 x 4 wall, "escape within 3
turns?"; the answers must agree, and the ratio of the two times is the speed-up the
table, the mirror and the bound bring.

    .venv/bin/python benchmarks/bench_breakout_solver.py --budget 120

With ``--positions N`` it measures instead how deep the solver proves from
positions it was not tuned on (issue 29 part 6): N walls drawn as the generator
draws its candidates (``generator.build``, the expert recipe, the other player
defending; seeds from ``--seed``; walls the side to move escapes from in one push
left out), and for each depth of ``--turns`` the CPU seconds of ``solve(pos, N)``
(``time.process_time``: other jobs on the machine do not count), the positions
expanded and the answer; then the median and the slowest by depth.  A proof over
``--cap`` seconds (wall clock) is reported as unknown.

    nice -n 15 .venv/bin/python benchmarks/bench_breakout_solver.py --positions 30 --seed 500000 --turns 4 5 6

The solver was tuned on seeds 1-14; report on another.  Figures go to
docs/benchmarks.md by hand, with the machine and the command.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sectionx.games.breakout import generator
from sectionx.games.breakout.play import random_position
from sectionx.games.breakout.rules import Wall, start
from sectionx.games.breakout.solver import reference, solve


def unseen(count: int, seed: int, depths: list[int], cap: float) -> None:
    """The positions run of the module docstring."""
    print(f"# {platform.machine()}, Python {platform.python_version()}, CPU seconds (time.process_time)")
    params = generator.Params("expert", "defends")
    walls = []
    s = seed
    while len(walls) < count:
        built = generator.build(params, s)
        s += 1
        if built is None or solve(built[0], 1).turns == 1:
            continue
        walls.append((s - 1, built[0]))
    by_depth: dict[int, list[float]] = {n: [] for n in depths}
    unknown, escapes = dict.fromkeys(depths, 0), dict.fromkeys(depths, 0)
    for wall_seed, pos in walls:
        row: dict[str, object] = {"seed": wall_seed}
        for n in depths:
            t0 = time.process_time()
            answer = solve(pos, n, node_limit=10**9, seconds=cap)
            took = time.process_time() - t0
            by_depth[n].append(took)
            unknown[n] += not answer.complete
            escapes[n] += answer.turns is not None
            row[str(n)] = {"turns": answer.turns, "complete": answer.complete, "nodes": answer.nodes,
                           "cpu_s": round(took, 2)}
        print(json.dumps(row), flush=True)
    print("| N | positions | escape within N | unknown (over the cap) | median CPU s | slowest CPU s |")
    print("|---|---|---|---|---|---|")
    for n in depths:
        times = by_depth[n]
        print(f"| {n} | {len(times)} | {escapes[n]} | {unknown[n]} | {statistics.median(times):.2f} | {max(times):.2f} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=120.0, help="seconds one depth may take before the run stops")
    ap.add_argument("--reference-depth", type=int, default=3)
    ap.add_argument("--positions", type=int, default=0, help="measure on this many generator walls instead")
    ap.add_argument("--seed", type=int, default=500_000, help="the first generator seed of --positions")
    ap.add_argument("--turns", type=int, nargs="+", default=[4, 5, 6])
    ap.add_argument("--cap", type=float, default=120.0, help="seconds (wall clock) one proof may take")
    args = ap.parse_args()
    if args.positions:
        unseen(args.positions, args.seed, args.turns, args.cap)
        return
    rows = []
    for n in range(1, 31):
        t0 = time.perf_counter()
        answer = solve(start(), n, node_limit=50_000_000)
        seconds = time.perf_counter() - t0
        rows.append({"turns": n, "forced_escape": answer.turns, "nodes": answer.nodes, "seconds": round(seconds, 2),
                     "nodes_per_s": round(answer.nodes / seconds) if seconds else None})
        print(json.dumps(rows[-1]), flush=True)
        if answer.turns is not None or seconds > args.budget:
            break
    d = args.reference_depth
    rng = random.Random(1)
    positions = [random_position(rng, Wall(4, 4), 1, 14) for _ in range(30)]
    t0 = time.perf_counter()
    ref = [next((k for k in range(1, d + 1) if reference(p, k)), None) for p in positions]
    ref_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    ours = [solve(p, d).turns for p in positions]
    ours_s = time.perf_counter() - t0
    assert ours == ref
    print(json.dumps({"machine": f"{platform.machine()}, Python {platform.python_version()}", "reference_depth": d,
                      "positions": len(positions), "answers": {str(k): ours.count(k) for k in sorted(set(ours), key=str)},
                      "reference_s": round(ref_s, 2), "solver_s": round(ours_s, 2),
                      "speed_up": round(ref_s / ours_s, 1) if ours_s else None}))

if __name__ == "__main__":
    main()
