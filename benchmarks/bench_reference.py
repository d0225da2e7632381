"""Benchmark: what the reference solver (sectionx/games/sectionx/solver/reference.py) solves, and how fast.

Not a test: it measures.  Run from the project root:

    .venv/bin/python benchmarks/bench_reference.py [--max-states N] [--only NAME]

Prints, for each puzzle, the answer (solved / impossible / unknown), the fewest
turns, the number of optimal plans (Q5), the positions stored and expanded, and
the wall time.  The tiny puzzles are those of tests/test_reference.py; the
compact-board ones are the bundled puzzle and variants of it with less to try.
Figures go into docs/benchmarks.md with the command that produced them.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import test_reference as tiny

from sectionx.games.sectionx import formats
from sectionx.games.sectionx.model import Scenario
from sectionx.games.sectionx.solver.reference import solve_reference


def compact(body: str) -> Scenario:
    return formats.loads("players: [red, blue]\nturn: red\n" + textwrap.dedent(body)).scenario


FIRST_ESCAPE = formats.load(ROOT / "scenarios" / "puzzle-first-escape.yaml").scenario

#: The bundled puzzle with red's prisoner already on 2,-2: one turn (move the
#: straight to 3,-3, two steps).  Hand of three, four tiles on the board.
ONE_TURN_HAND_3 = compact("""\
    unused: out
    tiles: {"2,0": T01, "3,0": T02, "2,-2": T03@2, "-3,2": T05}
    hands: {red: [T16, T13, T41]}
    prisoners:
      red: {at: ["2,-2"]}
      blue: {at: ["4,0", "3,0"]}
    doors: {blue: ["2,0"]}
    zones: {E: blue}
    goal: {kind: free, count: 1, turns: 1}
    """)

#: One straight in hand, one tile on the board carrying a red prisoner: lay the
#: straight on 3,-3 and walk two steps.  Red has two prisoners in play.
ONE_TURN_HAND_1 = compact("""\
    tiles: {"2,-2": T03@2}
    hands: {red: [T01]}
    prisoners:
      red: {at: ["2,-2"], dead: 6}
    goal: {kind: free, count: 1, turns: 1}
    """)

#: Two turns: the way 1,-1 -> 2,-2 -> 3,-3 -> green 4,-4 lacks 3,-3; a straight in
#: hand; two prisoners in play.
TWO_TURNS_HAND_1 = compact("""\
    tiles: {"2,-2": T03@2}
    hands: {red: [T01]}
    prisoners:
      red: {dead: 6}
    zones: {E: blue}
    goal: {kind: free, count: 1, turns: 2}
    """)

PUZZLES: list[tuple[str, Scenario, int | None]] = [
    ("tiny one-turn", tiny.ONE_TURN, None),
    ("tiny two-ways", tiny.TWO_WAYS, None),
    ("tiny two-turns", tiny.TWO_TURNS, None),
    ("tiny bends", tiny.BENDS, None),
    ("tiny door (3 turns)", tiny.DOOR, None),
    ("tiny spinner", tiny.SPINNER, None),
    ("tiny key", tiny.KEY, None),
    ("compact 1 turn, hand 1, 2 in play", ONE_TURN_HAND_1, None),
    ("compact 1 turn, hand 3, 8 in play", ONE_TURN_HAND_3, None),
    ("compact first-escape in 1 turn", FIRST_ESCAPE, 1),
    ("compact 2 turns, hand 1, 2 in play", TWO_TURNS_HAND_1, None),
    ("compact first-escape (2 turns)", FIRST_ESCAPE, None),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-states", type=int, default=200_000)
    parser.add_argument("--only", default="", help="run only puzzles whose name contains this")
    args = parser.parse_args()
    print(f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"load {os.getloadavg()[0]:.2f}; max_states {args.max_states}")
    print(f"{'puzzle':38} {'answer':10} {'turns':>5} {'plans':>6} {'states':>8} {'expanded':>8} {'seconds':>8}")
    for name, scenario, max_turns in PUZZLES:
        if args.only not in name:
            continue
        t = time.perf_counter()
        r = solve_reference(scenario, max_turns=max_turns, max_states=args.max_states)
        seconds = time.perf_counter() - t
        plans = f"{'>=' if r.plans_at_least else ''}{r.plans}" if r.turns else "-"
        print(f"{name:38} {r.status:10} {r.turns or '-':>5} {plans:>6} {r.states:>8} {r.expanded:>8} {seconds:8.2f}",
              flush=True)


if __name__ == "__main__":
    main()
