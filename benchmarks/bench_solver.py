"""Benchmark: the exact solver on the puzzle set, side by side with the reference solver.

Not a test: it measures.  Run from the project root:

    .venv/bin/python benchmarks/bench_solver.py [--reference-states N] [--time S] [--only TEXT]

For every puzzle in ``scenarios/puzzles/`` (and the bundled
``scenarios/puzzle-first-escape.yaml``) it solves the puzzle with the exact
solver (``sectionx solve``'s search on the search core) and prints turns, cost,
plans (Q5), turns expanded and wall time; then, in the same run, the brute-force
reference solver (single referee actions, no pruning) with a state limit, and
the ratio of the two times where the reference finishes.  The targets of
issue 9 are checked at the end: on the standard board with at most 3 hand
tiles, puzzles of up to 3 turns under 0.5 s (median) and of up to 5 turns
under 10 s each.  The table goes into docs/benchmarks.md with this command.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sectionx.games.sectionx import formats, puzzle
from sectionx.games.sectionx.solver.exact import solve_puzzle
from sectionx.games.sectionx.solver.reference import solve_reference
from sectionx.search import Limit, plans_text


def files() -> list[Path]:
    return [ROOT / "scenarios" / "puzzle-first-escape.yaml", *sorted((ROOT / "scenarios" / "puzzles").glob("*.yaml"))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reference-states", type=int, default=100_000,
                    help="state limit for the reference solver (0: do not run it)")
    ap.add_argument("--time", type=float, default=120.0, help="time limit per puzzle for the exact solver")
    ap.add_argument("--only", default="", help="only puzzles whose file name contains this")
    args = ap.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"load {os.getloadavg()[0]:.1f}")
    print("| puzzle | board | hand | answer | turns | cost | plans | turns expanded | seconds "
          "| reference | ref. states | ref. seconds | ratio |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    small: list[float] = []
    medium: list[tuple[str, float]] = []
    mismatches = []
    for path in files():
        if args.only not in path.name:
            continue
        sc = formats.load(path).scenario
        goal = puzzle.goal_of(sc)
        state = sc.state
        board = state.board.name
        hand = len(state.player_by_colour[goal.player].hand) if goal.player else 0
        t0 = time.perf_counter()
        solved = solve_puzzle(sc, Limit(turns=goal.turns or 50, seconds=args.time))
        seconds = time.perf_counter() - t0
        r = solved.result
        ref_text = ref_states = ref_seconds = ratio = "-"
        if args.reference_states:
            t1 = time.perf_counter()
            ref = solve_reference(sc, plan_cap=50, max_states=args.reference_states)
            rs = time.perf_counter() - t1
            ref_states, ref_seconds = f"{ref.states:,}", f"{rs:.2f}"
            if ref.status == "unknown":
                ref_text = "limit"
            else:
                ref_text = ref.status if ref.status != "solved" else (
                    f"{ref.turns} / {ref.cost} / {'>=' if ref.plans_at_least else ''}{ref.plans}")
                ratio = f"{rs / seconds:.0f}x" if seconds > 0 else "-"
                if ref.status == "solved" and not ref.plans_at_least and (ref.turns, ref.cost, ref.plans) != (
                        r.turns, r.cost, r.plans):
                    mismatches.append(path.name)
        if sc.answer is not None and r.status == "solved" and (sc.answer.turns, sc.answer.plans) != (r.turns, r.plans):
            mismatches.append(f"{path.name} (recorded answer)")
        print(f"| {path.stem} | {board} | {hand} | {r.status} | {r.turns or '-'} | {r.cost if r.cost is not None else '-'} "
              f"| {plans_text(r)} | {r.stats.nodes:,} | {seconds:.2f} | {ref_text} | {ref_states} | {ref_seconds} | {ratio} |",
              flush=True)
        if board == "standard" and hand <= 3 and r.turns is not None:
            if r.turns <= 3:
                small.append(seconds)
            elif r.turns <= 5:
                medium.append((path.stem, seconds))
    print()
    if small:
        median = statistics.median(small)
        print(f"standard board, <= 3 hand tiles, <= 3 turns: {len(small)} puzzles, median {median:.2f} s "
              f"(target < 0.5 s: {'met' if median < 0.5 else 'MISSED'})")
    if medium:
        worst = max(medium, key=lambda x: x[1])
        print(f"standard board, <= 3 hand tiles, 4-5 turns: {len(medium)} puzzles, slowest {worst[0]} {worst[1]:.2f} s "
              f"(target < 10 s each: {'met' if worst[1] < 10 else 'MISSED'})")
    if mismatches:
        print("DISAGREE:", ", ".join(mismatches))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
