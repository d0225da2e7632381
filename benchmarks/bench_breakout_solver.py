"""How deep Breakout's solver proves from the empty wall on one core (issue 13).

For N = 1, 2, ... it proves whether the player to move (yellow) can force an escape
within N turns from the empty 5 x 5 wall, until one N takes longer than the budget.
The reference in the same run is plain minimax (``solver.reference``) on positions
both can finish: 30 positions met in random play on a 4 x 4 wall, "escape within 3
turns?"; the answers must agree, and the ratio of the two times is the speed-up the
table, the mirror and the bound bring.

    .venv/bin/python benchmarks/bench_breakout_solver.py --budget 120

Figures go to docs/benchmarks.md by hand, with the machine and the command.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sectionx.games.breakout.play import random_position
from sectionx.games.breakout.rules import Wall, start
from sectionx.games.breakout.solver import reference, solve


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=120.0, help="seconds one depth may take before the run stops")
    ap.add_argument("--reference-depth", type=int, default=3)
    args = ap.parse_args()
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
