"""Soak: the exact solver against the brute-force reference on many generated puzzles.

Not a test (it runs for as long as it is asked to): the suite runs the same
comparison on 60 puzzles (``tests/test_puzzlecore.py``,
``test_core_and_reference_agree_on_wide_puzzles``); this runs thousands.  Run
from the project root:

    .venv/bin/python benchmarks/soak_solver.py [--examples N] [--seed S] [--states N] [--out DIR]
        [--kinds key,hide,all]

Each puzzle comes from the wide generator of the tests (``--kinds``: only these
goals, from free, free2, zone, hide, key and all).  A puzzle on which the
two solvers disagree is written to ``--out`` (default ``output/soak``) with both
answers in a comment, ready to be added to ``tests/counterexamples/``; a puzzle
the reference cannot finish within ``--states`` positions, or that takes more
than 20 s, is counted and skipped.  Prints a tally every 100 puzzles.
"""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, given, seed, settings

from sectionx.games.sectionx import formats
from sectionx.games.sectionx.solver.exact import solve_puzzle
from sectionx.games.sectionx.solver.reference import solve_reference
from tests.test_puzzlecore import wide_puzzles


class _Slow(Exception):
    pass


def _alarm(*_: Any) -> None:
    raise _Slow()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--examples", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--states", type=int, default=15_000, help="state limit of the reference solver")
    ap.add_argument("--out", type=Path, default=ROOT / "output" / "soak")
    ap.add_argument("--kinds", default="", help="only these goals, comma-separated (free, free2, zone, hide, key, all)")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    tally: dict[str, int] = {"tried": 0, "agree": 0, "disagree": 0, "slow": 0, "reference unknown": 0}
    signal.signal(signal.SIGALRM, _alarm)

    kinds = tuple(k for k in args.kinds.split(",") if k)
    puzzles = wide_puzzles(kinds) if kinds else wide_puzzles()

    @seed(args.seed)
    @settings(max_examples=args.examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(puzzles)
    def run(sc: Any) -> None:
        tally["tried"] += 1
        if tally["tried"] % 100 == 0:
            print(tally, flush=True)
        signal.alarm(20)
        try:
            ref = solve_reference(sc, plan_cap=1000, max_states=args.states)
            if ref.status == "unknown":
                tally["reference unknown"] += 1
                return
            core = solve_puzzle(sc, cap=1000).result
        except _Slow:
            tally["slow"] += 1
            return
        finally:
            signal.alarm(0)
        want = (ref.status, ref.turns, ref.cost)
        got = (core.status, core.turns, core.cost)
        same = got == want and (ref.status != "solved" or (
            core.plans == ref.plans if not ref.plans_at_least else (core.plans or 0) >= ref.plans))
        if same:
            tally["agree"] += 1
            return
        tally["disagree"] += 1
        name = args.out / f"{args.seed}-{tally['tried']}.yaml"
        name.write_text(f"# reference: {(*want, ref.plans, ref.plans_at_least)}\n"
                        f"# core: {(*got, core.plans)}\n" + formats.dumps(sc))
        print("DISAGREE", name, flush=True)

    run()
    print(tally)
    return 1 if tally["disagree"] else 0


if __name__ == "__main__":
    sys.exit(main())
