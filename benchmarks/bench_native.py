"""Benchmark: the search core compiled with mypyc against the same modules in pure Python, in one run.

Not a test: it measures.  Run from the project root of a compiled build (``pip
install -e .`` with a C compiler; see the README), under ``nice`` on a shared machine:

    nice -n 15 .venv/bin/python benchmarks/bench_native.py [--work solver,selfplay,generate]
        [--games 20] [--count 3] [--only TEXT] [--skip TEXTS] [--limit 300]

Each workload runs twice in a fresh process, once with ``SECTIONX_PURE=1`` (the
pure-Python modules, see ``sectionx._native``) and once without (the compiled
ones; the child says which it ran, and the run stops if "compiled" was not), and
prints the CPU seconds of each process (``time.process_time``: another job on the
machine inflates them less than wall time), their ratio and a digest of what the
workload computed, which must be the same both ways:

* ``solver``: the shipped puzzles (``scenarios/puzzle-first-escape.yaml``,
  ``scenarios/puzzles/``) and the tuning puzzles of ``benchmarks/slow_unseen`` (but
  ``--skip``) solved as ``sectionx solve`` solves them (answers, costs, plan counts
  and turns expanded digested: a wall-clock ``--limit`` reached makes them differ);
* ``selfplay``: random 4-player Section X games through the core
  (``solver.sample.random_move`` and ``make``, as ``bench_core.py --selfplay-only``),
  games per CPU second (every game's length and ranking digested);
* ``generate``: a small run of the puzzle generator (beginner and expert tiers,
  compact board; the puzzles' texts digested).

Figures go into docs/benchmarks.md ("Compiled with mypyc") with the command.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

WORKS = ("solver", "selfplay", "generate")


def solver(args: argparse.Namespace) -> tuple[str, str]:
    from sectionx.games.sectionx import formats, puzzle
    from sectionx.games.sectionx.solver.exact import solve_puzzle
    from sectionx.search import Limit, plans_text

    lines = []
    paths = [ROOT / "scenarios" / "puzzle-first-escape.yaml", *sorted((ROOT / "scenarios" / "puzzles").glob("*.yaml")),
             *sorted((ROOT / "benchmarks" / "slow_unseen").glob("*.yaml"))]
    for path in paths:
        if args.only not in path.name or any(x and x in path.name for x in args.skip.split(",")):
            continue
        sc = formats.load(path).scenario
        goal = puzzle.goal_of(sc)
        started = time.process_time()
        result = solve_puzzle(sc, Limit(turns=goal.turns or 50, seconds=args.limit)).result
        lines.append(f"{path.stem} {result.status} {result.turns} {result.cost} {plans_text(result)} "
                     f"{result.stats.nodes} ({time.process_time() - started:.1f} s)")
    return "\n".join(lines), "\n".join(line.rsplit(" (", 1)[0] for line in lines)


def selfplay(args: argparse.Namespace) -> tuple[str, str]:
    import random

    from sectionx.colours import COLOURS
    from sectionx.games.sectionx import formats, rules
    from sectionx.games.sectionx.solver.core import Position
    from sectionx.games.sectionx.solver.sample import random_move

    board, catalogue = formats.bundled_board("standard"), formats.bundled_catalogue()
    games, actions = [], 0
    for seed in range(args.games):
        pos = Position.from_state(rules.new_game(COLOURS[:4], board, catalogue, random.Random(seed)))
        rng = random.Random(seed)
        n = 0
        while not pos.ranking:
            pos.make(random_move(pos, rng))
            n += 1
        actions += n
        games.append(f"{seed} {n} {pos.ranking}")
    return f"{args.games} games, {actions} actions", "\n".join(games)


def generate(args: argparse.Namespace) -> tuple[str, str]:
    from sectionx.games.sectionx.generator import Params
    from sectionx.games.sectionx.generator import generate as make

    texts, found = [], []
    for tier in ("beginner", "expert"):
        puzzles, tally = make(Params(tier, "compact", "free"), args.count, 1)
        found.append(f"{tier} {tally.found} of {tally.tried}")
        texts.append(repr(puzzles))
    return ", ".join(found), "\n".join(texts)


def child(args: argparse.Namespace) -> None:
    from sectionx import _native

    compiled = set(_native.compiled().values())
    started = time.process_time()
    summary, answers = {"solver": solver, "selfplay": selfplay, "generate": generate}[args.child](args)
    cpu = time.process_time() - started
    print(json.dumps({"cpu": cpu, "compiled": compiled == {True}, "mixed": len(compiled) > 1, "summary": summary,
                      "digest": hashlib.sha256(answers.encode()).hexdigest()[:16]}))


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--work", default=",".join(WORKS), help="workloads, comma-separated: " + ", ".join(WORKS))
    ap.add_argument("--games", type=int, default=20, help="selfplay: games")
    ap.add_argument("--count", type=int, default=3, help="generate: puzzles per tier")
    ap.add_argument("--only", default="", help="solver: only puzzles whose file name contains this")
    ap.add_argument("--skip", default="compact-free-two-3t,key-three-colours-3t",
                    help="solver: leave out puzzles whose file name contains one of these (comma-separated; "
                         "by default the two tuning puzzles that took over 300 s both ways)")
    ap.add_argument("--limit", type=float, default=300.0, help="solver: wall-clock seconds per puzzle")
    ap.add_argument("--child", choices=WORKS, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args)
        return 0
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"load {os.getloadavg()[0]:.1f}")
    print("| workload | pure CPU s | compiled CPU s | speed-up | same answers | what |")
    print("|---|---|---|---|---|---|")
    ok = True
    for work in args.work.split(","):
        runs = {}
        for build in ("pure", "compiled"):
            env = dict(os.environ)
            env.pop("SECTIONX_PURE", None)
            if build == "pure":
                env["SECTIONX_PURE"] = "1"
            cmd = [sys.executable, __file__, "--child", work, "--games", str(args.games), "--count", str(args.count),
                   "--only", args.only, "--skip", args.skip, "--limit", str(args.limit)]
            out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout
            runs[build] = json.loads(out.strip().splitlines()[-1])
        pure, comp = runs["pure"], runs["compiled"]
        if not comp["compiled"] or pure["compiled"] or pure["mixed"]:
            print(f"{work}: the compiled run did not run compiled modules (is this a compiled build?)", file=sys.stderr)
            return 1
        same = pure["digest"] == comp["digest"]
        ok = ok and same
        what = comp["summary"].replace("\n", "; ")
        if work == "selfplay":
            what += f"; {args.games / pure['cpu']:.2f} vs {args.games / comp['cpu']:.2f} games/s"
        print(f"| {work} | {pure['cpu']:.1f} | {comp['cpu']:.1f} | {pure['cpu'] / comp['cpu']:.2f}x | "
              f"{'yes' if same else 'NO'} | {what} |", flush=True)
        if work == "solver":
            print("  pure: " + pure["summary"].replace("\n", "; "))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
