"""Benchmark: the exact Section X solver on the tuning puzzles of issue 29, part 2.

Not a test: it measures.  Run from the project root, under ``nice`` on a shared machine:

    nice -n 15 .venv/bin/python benchmarks/bench_slow_unseen.py [--limit S] [--only TEXT] [--profile TEXT]

``benchmarks/slow_unseen/`` holds puzzles made by hand to reproduce the slow cases
the issue measured on puzzles the solver had never seen (a 2-turn key goal with a
door in the way, a 3-turn key goal with prisoners of three colours sharing tiles
and a hideout, a 2-turn tunnel fight, a 3-turn compact puzzle freeing two
prisoners); each file says what it holds.  The solver was tuned on them and on
seed 1 of ``benchmarks/unseen_set.py``, never on seed 2.  Each is solved as
``sectionx solve`` solves it (the goal's turn limit, the plan cap of 50) with a
wall-clock limit of ``--limit`` seconds (default 300); the table gives the answer,
turns expanded and the CPU seconds of the process (``time.process_time``, so a
loaded machine inflates them less than wall time).  ``--profile TEXT`` solves the
puzzles whose file name contains TEXT under cProfile and prints the 25 functions
with the most cumulative time.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import platform
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sectionx.games.sectionx import formats, puzzle
from sectionx.games.sectionx.solver.exact import solve_puzzle
from sectionx.search import Limit, plans_text

FOLDER = ROOT / "benchmarks" / "slow_unseen"


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--limit", type=float, default=300.0, help="wall-clock seconds per puzzle")
    ap.add_argument("--only", default="", help="only puzzles whose file name contains this")
    ap.add_argument("--profile", default="", help="profile the puzzles whose file name contains this")
    args = ap.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"load {os.getloadavg()[0]:.1f}")
    print("| puzzle | goal | answer | turns | cost | plans | turns expanded | CPU s |")
    print("|---|---|---|---|---|---|---|---|")
    for path in sorted(FOLDER.glob("*.yaml")):
        if args.only not in path.name:
            continue
        sc = formats.load(path).scenario
        goal = puzzle.goal_of(sc)
        profile = cProfile.Profile() if args.profile and args.profile in path.name else None
        started = time.process_time()
        if profile is not None:
            profile.enable()
        result = solve_puzzle(sc, Limit(turns=goal.turns or 50, seconds=args.limit)).result
        if profile is not None:
            profile.disable()
        cpu = time.process_time() - started
        kinds = "+".join(leaf.kind.value for leaf in goal.leaves)
        print(f"| {path.stem} | {kinds} in {goal.turns} | {result.status} | {result.turns or '-'} "
              f"| {'-' if result.cost is None else result.cost} | {plans_text(result)} "
              f"| {result.stats.nodes:,} | {cpu:.1f} |", flush=True)
        if profile is not None:
            out = io.StringIO()
            pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(25)
            print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
