"""Benchmark: the exact Section X solver on puzzles it has never seen (issue 29, part 1).

Not a test: it measures.  Run from the project root, under ``nice`` on a shared machine:

    nice -n 15 .venv/bin/python benchmarks/bench_unseen.py --seed 2 [--limit 120] [--limit4 300]
        [--only TEXT] [--per-cell 12] [--dir DIR] [--json OUT.json] [--reference-states N]
        [--profile NAME] [--cap 50]

It makes the unseen set of ``--seed`` (``benchmarks/unseen_set.py``: puzzles built
from a random position and a random line of play, no solver in the loop), writes it
to ``--dir`` (default ``output/unseen/seed-S``; a folder that already holds puzzle
files is read instead, so any folder of puzzles can be measured), and solves each
file as ``sectionx solve`` does: the file checked (``checking.check_file``), then
``solve_puzzle`` with the goal's turn limit and the plan cap of ``--cap`` (50, as
``sectionx solve``; 1 measures the proved answer a puzzle maker asks for: the fewest
turns, the least cost and whether the plan is unique).  Each puzzle gets
a CPU-time limit (``time.process_time``; ``--limit`` seconds for puzzles of up to 3
turns, ``--limit4`` for 4 turns; a wall-clock limit of three times as much is a
safety net on a loaded machine).  Per puzzle it records the goal, its turn limit
``n``, board, hand, prisoners and the set's other features, the answer (turns, cost,
plans), CPU and wall seconds, whether the limit was hit, and the solver's counters
(turns expanded, table hits, bound cuts, depth).

Checks, on every puzzle: the answer is at most ``n`` (each puzzle was built from a
line of play of ``n`` turns that meets its goal, replayed through the referee, so
"impossible" or an unknown answer past the limit with ``proved_at_least > n`` is a
solver bug, reported loudly and the exit status 1); where the brute-force reference
solver (``solver/reference.py``) finishes within ``--reference-states`` positions
(default 10,000; 0 skips it; run after all the solver's timings) on a puzzle the solver answered in one turn, that the
two give the same turns, cost and plans.

Prints markdown: the distribution (median, 90th percentile, max, limit hits) per turn
limit, per proved answer and per goal kind; the issue's targets (every puzzle of up
to 3 turns under 10 s and their median under 0.5 s; 4-turn puzzles each under 60 s);
the slowest ten with what they hold.  ``--json`` writes every record (rewritten after
each puzzle, so a long run that stops still leaves what it measured).  ``--profile
NAME`` solves the puzzles whose file name contains NAME under cProfile and prints
where the time went.  Tune on seed 1, report on seed 2 (docs/benchmarks.md,
"Section X on puzzles it has never seen").
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import io
import json
import math
import os
import platform
import pstats
import statistics
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import unseen_set

from sectionx import fileio
from sectionx.games.sectionx import checking, puzzle
from sectionx.games.sectionx.model import Scenario
from sectionx.games.sectionx.solver.exact import solve_puzzle
from sectionx.games.sectionx.solver.reference import solve_reference
from sectionx.search import Limit, LimitReached, Stats, plans_text

#: The issue's targets (issue 29, "Done when").
SMALL_EACH, SMALL_MEDIAN, LONG_EACH = 10.0, 0.5, 60.0


def _goal_text(scenario: Scenario) -> str:
    goal = puzzle.goal_of(scenario)
    parts = []
    for leaf in goal.leaves:
        detail = {"free": f" {leaf.count}", "zone": f" {leaf.zone}"}.get(leaf.kind.value, "")
        parts.append(f"{leaf.kind.value}{detail}")
    return " + ".join(parts)


def solve_one(path: Path, limit: float, reference_states: int, cap: int = 50) -> dict[str, Any]:
    """Solve one puzzle file as ``sectionx solve`` does, with a CPU-time limit."""
    report = checking.check_file(path)
    if not report.ok or report.loaded is None:
        problems = "; ".join(d.message for d in report.diagnostics[:2])
        return {"name": path.stem, "error": f"the file does not validate: {problems}"}
    scenario = report.loaded.scenario
    goal = puzzle.goal_of(scenario)
    n = goal.turns or 50
    cpu0 = time.process_time()

    def progress(stats: Stats, what: str) -> None:
        if time.process_time() - cpu0 > limit:
            raise LimitReached(f"CPU time limit {limit:g} s reached")

    wall0 = time.perf_counter()
    try:
        solved = solve_puzzle(scenario, Limit(turns=n, seconds=3 * limit), cap=cap, progress=progress)
    except Exception as exc:  # noqa: BLE001 - a crash is a solver bug to report, and the run goes on
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return {"name": path.stem, "error": f"the solver crashed: {type(exc).__name__}: {exc} "
                f"({Path(where.filename).name}:{where.lineno})", "cpu": round(time.process_time() - cpu0, 3)}
    cpu = time.process_time() - cpu0
    wall = time.perf_counter() - wall0
    r = solved.result
    stats = {k: v for k, v in dataclasses.asdict(r.stats).items() if k != "started"}
    record: dict[str, Any] = {
        "name": path.stem,
        "kind": goal.kind.value,
        "goal": _goal_text(scenario),
        "n": n,
        "status": r.status,
        "turns": r.turns,
        "cost": r.cost,
        "plans": plans_text(r),
        "proved_at_least": r.proved_at_least,
        "reason": r.reason,
        "cpu": round(cpu, 3),
        "wall": round(wall, 3),
        "limit": limit,
        "cap": cap,
        # A limit that stopped the count up to the cap (after "not unique" was proved)
        # is a limit hit too: the count asked for was not finished.
        "limit_hit": r.status == "unknown" or bool(r.status == "solved" and r.reason),
        "counters": stats,
        "features": unseen_set.features(scenario),
    }
    bug = None
    if r.status == "impossible":
        bug = f"'impossible' within {n} turns, but the set's line of play meets the goal in {n}"
    elif r.status == "solved" and (r.turns or 0) > n:
        bug = f"answer {r.turns} turns, more than the {n} of the line that built it"
    elif r.status == "unknown" and r.proved_at_least > n:
        bug = f"proved at least {r.proved_at_least} turns, more than the {n} of the line that built it"
    record["bug"] = bug
    if reference_states:
        check_reference(record, scenario, reference_states)
    return record


def check_reference(record: dict[str, Any], scenario: Scenario, states: int) -> None:
    """Where the solver answered in one turn, the brute-force reference solver too,
    within ``states`` positions; a disagreement is a solver bug (in ``record``)."""
    if record.get("status") != "solved" or record.get("turns") != 1:
        return
    t0 = time.process_time()
    ref = solve_reference(scenario, plan_cap=50, max_states=states)
    record["reference"] = {"status": ref.status, "turns": ref.turns, "cost": ref.cost, "plans": ref.plans,
                           "at_least": ref.plans_at_least, "states": ref.states,
                           "cpu": round(time.process_time() - t0, 3)}
    if ref.status == "unknown":
        return
    plans = None if record["plans"] == "unknown" or record["plans"].startswith("more") else int(
        record["plans"].split()[0])
    same = (ref.status, ref.turns, ref.cost) == (record["status"], record["turns"], record["cost"]) and (
        plans is None or (ref.plans == plans if not ref.plans_at_least else plans >= ref.plans))
    record["reference"]["agrees"] = same
    if not same:
        record["bug"] = (f"the reference solver says {ref.status} {ref.turns} turns, cost {ref.cost}, "
                         f"{ref.plans} plans; the solver {record['status']} {record['turns']}, {record['cost']}, "
                         f"{record['plans']}")


def _percentile(xs: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..1)."""
    s = sorted(xs)
    return s[max(0, math.ceil(q * len(s)) - 1)]


def distribution(records: Sequence[dict[str, Any]], key: Callable[[dict[str, Any]], Any], title: str,
                 order: Sequence[Any] | None = None) -> str:
    """A markdown table of CPU seconds per group."""
    groups: dict[Any, list[dict[str, Any]]] = {}
    for r in records:
        groups.setdefault(key(r), []).append(r)
    keys = list(order) if order is not None else sorted(groups, key=str)
    lines = [f"| {title} | puzzles | median s | 90th pct. s | max s | limit hits | turns expanded (median / max) |",
             "|---|---|---|---|---|---|---|"]
    for k in keys:
        rs = groups.get(k)
        if not rs:
            continue
        cpu = [r["cpu"] for r in rs]
        nodes = [r["counters"].get("nodes", 0) for r in rs]
        lines.append(f"| {k} | {len(rs)} | {statistics.median(cpu):.2f} | {_percentile(cpu, 0.9):.2f} | {max(cpu):.2f} "
                     f"| {sum(r['limit_hit'] for r in rs)} | {statistics.median(nodes):.0f} / {max(nodes):,} |")
    cpu = [r["cpu"] for r in records]
    lines.append(f"| all | {len(records)} | {statistics.median(cpu):.2f} | {_percentile(cpu, 0.9):.2f} | {max(cpu):.2f} "
                 f"| {sum(r['limit_hit'] for r in records)} | |")
    return "\n".join(lines)


def _answer(r: dict[str, Any]) -> str:
    if r["status"] == "solved" and r.get("reason"):
        return f"{r['turns']} turns, cost {r['cost']}, not unique (plans not all counted: limit)"
    if r["status"] == "solved":
        return f"{r['turns']} turns, cost {r['cost']}, plans {r['plans']}"
    if r["status"] == "unknown" and r.get("turns"):
        return f"{r['turns']} turns (plans not counted: limit)"
    if r["status"] == "unknown":
        return f"limit (at least {r['proved_at_least']})"
    return str(r["status"])


def what_it_holds(f: dict[str, Any]) -> str:
    """A puzzle's features in a few words, for the slowest ten."""
    bits = [f["board"], f"{f['players']} players", f"hand {f['hand']}", f"{f['prisoners']} in play",
            f"{f['tiles']} tiles"]
    if f["variant"] == "advanced":
        bits.append("advanced (V2)")
    if f["stacks"]:
        bits.append(f"stacks {f['stacks']}")
    if f["hideouts"]:
        bits.append(f"{f['hideouts']} hideouts")
    if f["riders"]:
        bits.append(f"{f['riders']} in a hideout")
    if f["doors_own"] or f["doors_others"]:
        bits.append(f"doors {f['doors_own']} own / {f['doors_others']} others'")
    if f["fights_at_start"]:
        bits.append(f"{f['fights_at_start']} fights in reach")
    if f["others_on_tiles"]:
        bits.append(f"{f['others_on_tiles']} others' prisoners on tiles")
    if f["shared_tiles"]:
        bits.append("shared tiles")
    if f["key_held"]:
        bits.append("key held")
    return ", ".join(bits)


def report(records: Sequence[dict[str, Any]]) -> tuple[str, bool]:
    """The markdown report and whether every target was met."""
    ok = [r for r in records if "error" not in r]
    out = [distribution(ok, lambda r: r["n"], "turn limit n", order=unseen_set.TURNS), "",
           distribution(ok, lambda r: r["turns"] if r["status"] == "solved" else "limit", "proved answer (turns)",
                        order=[1, 2, 3, 4, "limit"]), "",
           distribution(ok, lambda r: r["kind"], "goal kind", order=unseen_set.KINDS), ""]
    small = [r for r in ok if r["n"] <= 3]
    long_ = [r for r in ok if r["n"] == 4]
    met = True
    if small:
        over = [r for r in small if r["cpu"] >= SMALL_EACH or r["limit_hit"]]
        median = statistics.median(r["cpu"] for r in small)
        met &= not over and median < SMALL_MEDIAN
        out.append(f"- puzzles of up to 3 turns: {len(small)}; each under {SMALL_EACH:g} s: "
                   f"{'met' if not over else f'MISSED by {len(over)}'}; median {median:.2f} s "
                   f"(target < {SMALL_MEDIAN} s: {'met' if median < SMALL_MEDIAN else 'MISSED'})")
    if long_:
        over = [r for r in long_ if r["cpu"] >= LONG_EACH or r["limit_hit"]]
        met &= not over
        out.append(f"- 4-turn puzzles: {len(long_)}; each under {LONG_EACH:g} s: "
                   f"{'met' if not over else f'MISSED by {len(over)}'}")
    agree = [r for r in ok if r.get("reference", {}).get("agrees") is not None]
    out.append(f"- the reference solver finished on {len(agree)} of the puzzles answered in one turn; "
               f"it agrees on {sum(r['reference']['agrees'] for r in agree)}")
    bugs = [r for r in records if r.get("bug") or "error" in r]
    out.append(f"- answers checked against the line that built each puzzle: {len(ok)}; "
               f"{'no solver bug' if not bugs else f'{len(bugs)} PROBLEMS (below)'}")
    out += ["", "Slowest ten:", "",
            "| puzzle | goal | n | answer | CPU s | turns expanded | table hits | bound cuts | what it holds |",
            "|---|---|---|---|---|---|---|---|---|"]
    for r in sorted(ok, key=lambda r: -r["cpu"])[:10]:
        c = r["counters"]
        out.append(f"| {r['name']} | {r['goal']} | {r['n']} | {_answer(r)} | {r['cpu']:.1f} | {c.get('nodes', 0):,} "
                   f"| {c.get('table_hits', 0):,} | {c.get('bound_cuts', 0):,} | {what_it_holds(r['features'])} |")
    for r in bugs:
        out.append(f"\n**SOLVER BUG** {r['name']}: {r.get('bug') or r.get('error')}")
    return "\n".join(out), met and not bugs


def profile(path: Path, limit: float, top: int = 30) -> str:
    """cProfile of one solve: the functions with the most time of their own and cumulative."""
    prof = cProfile.Profile()
    prof.enable()
    record = solve_one(path, limit, 0)
    prof.disable()
    buf = io.StringIO()
    stats = pstats.Stats(prof, stream=buf)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    return f"{path.stem}: {_answer(record)}, {record['cpu']:.1f} s CPU (under the profiler)\n{buf.getvalue()}"


def puzzle_files(args: argparse.Namespace) -> list[Path]:
    folder: Path = args.dir or ROOT / "output" / "unseen" / f"seed-{args.seed}"
    files = sorted(folder.glob("*.yaml"))
    if not files:
        t0 = time.process_time()
        made = unseen_set.make_set(args.seed, args.per_cell)
        files = unseen_set.write_set(made, folder)
        print(f"made the set of seed {args.seed}: {len(made)} puzzles in {time.process_time() - t0:.0f} s CPU, "
              f"written to {folder}", flush=True)
        print(unseen_set.summary(made), flush=True)
    else:
        print(f"reading {len(files)} puzzles from {folder}", flush=True)
    return [f for f in files if args.only in f.name]


def dump(args: argparse.Namespace, records: list[dict[str, Any]]) -> None:
    """Every record so far into ``--json`` (rewritten whole, through sectionx.fileio)."""
    if args.json:
        fileio.write_file(args.json, json.dumps({"seed": args.seed, "limit": args.limit, "limit4": args.limit4,
                                                 "cap": args.cap,
                                                 "machine": platform.machine(), "cores": os.cpu_count(),
                                                 "python": platform.python_version(), "records": records}, indent=1))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--seed", type=int, default=2, help="the set's seed (1: for tuning, 2: reported)")
    ap.add_argument("--per-cell", type=int, default=unseen_set.PER_CELL, help="puzzles per goal kind and turn count")
    ap.add_argument("--dir", type=Path, default=None, help="the set's folder (made there when it holds no puzzle)")
    ap.add_argument("--limit", type=float, default=120.0, help="CPU seconds per puzzle of up to 3 turns")
    ap.add_argument("--limit4", type=float, default=300.0, help="CPU seconds per 4-turn puzzle")
    ap.add_argument("--only", default="", help="only puzzles whose file name contains this (e.g. -key-, -3t, 017)")
    ap.add_argument("--json", type=Path, default=None, help="write every record here (after each puzzle)")
    ap.add_argument("--reference-states", type=int, default=10_000,
                    help="state limit of the reference solver on puzzles answered in one turn (0: skip)")
    ap.add_argument("--resume", action="store_true", help="keep the records already in --json and solve the rest")
    ap.add_argument("--profile", default="", help="profile the puzzles whose file name contains this, then stop")
    ap.add_argument("--report", type=Path, default=None, help="print the report of a --json file, solving nothing")
    ap.add_argument("--cap", type=int, default=50, help="count optimal plans up to this many (1: unique or not)")
    args = ap.parse_args(argv)
    if args.report:
        text, _met = report(json.loads(args.report.read_text())["records"])
        print(text)
        return 0
    files = puzzle_files(args)
    if args.profile:
        for path in files:
            if args.profile in path.name:
                print(profile(path, args.limit4))
        return 0
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"load {os.getloadavg()[0]:.1f}; seed {args.seed}; limits {args.limit:g} s (n <= 3), {args.limit4:g} s "
          f"(n = 4) CPU; plans counted up to {args.cap}", flush=True)
    records: list[dict[str, Any]] = []
    if args.resume and args.json and args.json.exists():
        records = json.loads(args.json.read_text())["records"]
        print(f"resuming after {len(records)} records of {args.json}", flush=True)
    done = {r["name"] for r in records}
    began = time.perf_counter()
    for path in files:
        if path.stem in done:
            continue
        n = int(path.stem.rsplit("-", 1)[-1].rstrip("t")) if path.stem[-1] == "t" else 4
        record = solve_one(path, args.limit4 if n >= 4 else args.limit, 0, args.cap)
        records.append(record)
        if "error" in record:
            print(f"{record['name']}: {record['error']}", flush=True)
        else:
            print(f"{record['name']}: {record['goal']} within {record['n']}: {_answer(record)}; {record['cpu']:.2f} s CPU "
                  f"({record['wall']:.2f} wall), {record['counters'].get('nodes', 0):,} turns expanded"
                  + (f"  ** {record['bug']}" if record["bug"] else ""), flush=True)
        dump(args, records)
    # The reference solver afterwards, so that the solver's figures come first.
    if args.reference_states:
        by_name = {r["name"]: r for r in records}
        for path in files:
            record = by_name[path.stem]
            if "error" in record or "reference" in record:
                continue
            check_reference(record, checking.check_file(path).loaded.scenario, args.reference_states)  # type: ignore[union-attr]
            ref = record.get("reference")
            if ref:
                print(f"{record['name']}: reference {ref['status']} {ref.get('turns')} ({ref['states']:,} positions, "
                      f"{ref['cpu']:.1f} s){'  ** ' + record['bug'] if record['bug'] else ''}", flush=True)
                dump(args, records)
    text, _met = report(records)
    print()
    print(text)
    print(f"\n{len(records)} puzzles in {time.perf_counter() - began:.0f} s wall; load {os.getloadavg()[0]:.1f} at the end")
    return 0 if not any(r.get("bug") or "error" in r for r in records) else 1


if __name__ == "__main__":
    raise SystemExit(main())
