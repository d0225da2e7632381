"""Breakout puzzles per minute per tier and goal (``generate --game breakout``), with
acceptance rates and why candidates were rejected.

Each run generates ``--count`` puzzles of one tier from ``--seed`` on one core (and,
with ``--workers W``, again on W local processes: the same puzzles, so the time
ratio is the speed-up).  Every search is limited by counts, so the puzzles and the
tally are the same on any machine; only the seconds differ.

    .venv/bin/python benchmarks/bench_breakout_generate.py --count 5 --seed 1
    .venv/bin/python benchmarks/bench_breakout_generate.py --count 5 --seed 1 --goal passes

Figures go to docs/benchmarks.md by hand, with the machine and the command.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sectionx.games.breakout.generator import Params, generate
from sectionx.puzzlesets import TIERS
from sectionx.workers import run_units


def run(tier: str, goal: str, count: int, seed: int, workers: int, max_tries: int | None) -> dict[str, object]:
    runner = None if workers == 1 else (lambda fn, us: run_units(fn, us, workers=workers))
    t0 = time.perf_counter()
    kept, tally = generate(Params(tier, goal), count, seed, runner=runner, max_tries=max_tries)
    seconds = time.perf_counter() - t0
    turns = sorted(dict(o.figures)["turns"] for o in kept)
    return {"tier": tier, "goal": goal, "workers": workers, "found": tally.found, "tried": tally.tried,
            "acceptance": round(tally.acceptance, 3), "seconds": round(seconds, 1),
            "per_minute": round(60 * tally.found / seconds, 2) if seconds else 0.0, "turns": turns,
            "rejected": {k: v for k, v in tally.reasons.most_common() if k != "accepted"}}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--goal", default="defends")
    ap.add_argument("--tiers", default=",".join(TIERS))
    ap.add_argument("--workers", type=int, default=0, help="a second run on this many workers (0: none)")
    ap.add_argument("--max-tries", type=int, default=None, help="candidates per run at most (default 400 per puzzle)")
    args = ap.parse_args()
    print(f"# {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}", flush=True)
    for tier in args.tiers.split(","):
        print(json.dumps(run(tier, args.goal, args.count, args.seed, 1, args.max_tries)), flush=True)
        if args.workers > 1:
            print(json.dumps(run(tier, args.goal, args.count, args.seed, args.workers, args.max_tries)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
