"""Puzzles per minute per tier, on one core and on two workers, with acceptance rates.

Targets (issue 10), on one core: at least 60 beginner and 10 expert puzzles a
minute.  The run on two workers makes the same puzzles (the test suite checks
the bytes); its time, set against the one-core time of the same run, is the
speed-up, a ratio that holds on a noisy machine where an absolute time does not.
The one-core run also reports its CPU seconds (``time.process_time``), which
other jobs on the machine do not spoil, per puzzle kept, and how many of the kept
puzzles take each number of turns (issue 29: three-turn experts).

    .venv/bin/python benchmarks/bench_generate.py --count 15 --seed 1
    .venv/bin/python benchmarks/bench_generate.py --tiers intermediate,advanced,expert --max-tries 40 --workers 0
    nice -n 15 .venv/bin/python benchmarks/bench_generate.py --tiers expert --board standard --goal mixed --workers 0

Figures go to docs/benchmarks.md by hand, with the machine and the command.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sectionx.games.sectionx.generator import Params, generate
from sectionx.games.sectionx.model import TIERS
from sectionx.workers import run_units

TARGETS = {"beginner": 60.0, "expert": 10.0}


def run(tier: str, count: int, seed: int, goal: str, workers: int, max_tries: int | None = None,
        board: str = "compact") -> dict[str, object]:
    params = Params(tier, board, goal)
    runner = None if workers == 1 else (lambda fn, us: run_units(fn, us, workers=workers))
    t0, c0 = time.perf_counter(), time.process_time()
    kept, tally = generate(params, count, seed, runner=runner, max_tries=max_tries)
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    turns = Counter(dict(o.figures)["turns"] for o in kept)
    out: dict[str, object] = {
        "tier": tier, "board": board, "goal": goal, "seed": seed, "workers": workers, "found": tally.found,
        "tried": tally.tried, "acceptance": round(tally.acceptance, 3), "seconds": round(seconds, 1),
        "per_minute": round(60 * tally.found / seconds, 1) if seconds else 0.0,
        "turns": {str(k): turns[k] for k in sorted(turns)},
        "rejected": {k: v for k, v in tally.reasons.most_common() if k != "accepted"}}
    if workers == 1:  # the workers' CPU time is theirs, not this process's
        out["cpu_seconds"] = round(cpu, 1)
        out["cpu_per_puzzle"] = round(cpu / tally.found, 2) if tally.found else None
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=15)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--goal", default="free")
    ap.add_argument("--board", default="compact", choices=("compact", "standard"))
    ap.add_argument("--tiers", default=",".join(TIERS))
    ap.add_argument("--workers", type=int, default=2, help="the second run's workers (0: skip it)")
    ap.add_argument("--max-tries", type=int, default=None, help="candidates per run at most (default 400 per puzzle)")
    args = ap.parse_args()
    print(f"# {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    ok = True
    for tier in args.tiers.split(","):
        one = run(tier, args.count, args.seed, args.goal, 1, args.max_tries, args.board)
        print(json.dumps(one))
        target = TARGETS.get(tier)
        if target is not None and float(one["per_minute"]) < target:  # type: ignore[arg-type]
            print(f"  below the target of {target} per minute on one core", file=sys.stderr)
            ok = False
        if args.workers > 1:
            many = run(tier, args.count, args.seed, args.goal, args.workers, args.max_tries, args.board)
            many["speed_up"] = round(float(one["seconds"]) / float(many["seconds"]), 2)  # type: ignore[arg-type]
            print(json.dumps(many))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
