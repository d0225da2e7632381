"""Benchmark: the solver's search core against the engine, in the same run.

Not a test: it measures.  Run from the project root:

    .venv/bin/python benchmarks/bench_core.py [--positions 120] [--repeat 3] [--games 2] [--skip-engine-midgame] [--selfplay-only]

Prints the machine, then, each with the engine's figure and the ratio:

* make+unmake: moves per second (the engine: ``apply`` per second) over a
  sample of the legal actions of positions from a seeded random 4-player game;
* legal moves: calls per second on the same positions, and in phase 2 alone;
* turn_successors: whole turns per second on scenarios/puzzle-first-escape.yaml,
  a puzzle-sized position on the standard board (STANDARD_PUZZLE) and
  scenarios/midgame-4p.yaml, with the number of distinct end-of-turn
  positions (the engine: exhaustive search over single actions);
* random self-play through the core (uniform over the legal moves, drawn by
  ``solver.sample.random_move``): games per second, and where the time goes
  (``bench_engine.py`` compares ``sectionx play``'s random games with the
  engine's in the same run).

Figures go into docs/benchmarks.md with the command that produced them.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sectionx.colours import COLOURS
from sectionx.games.sectionx import engine, formats, play, rules
from sectionx.games.sectionx.model import State
from sectionx.games.sectionx.solver.core import ACT_PHASE, FREE_PHASE, TAKE_PHASE, TILE_PHASE, Position, action_of
from sectionx.games.sectionx.solver.movegen import legal_moves
from sectionx.games.sectionx.solver.sample import random_move
from sectionx.games.sectionx.solver.turns import turn_successors


def start(players: int, seed: int) -> State:
    board = formats.bundled_board("compact" if players == 2 else "standard")
    return rules.new_game(COLOURS[:players], board, formats.bundled_catalogue(), random.Random(seed))


def sample_positions(players: int, count: int, seed: int = 7) -> list[State]:
    """Positions from a seeded random game, spread over its length (as bench_engine.py)."""
    bots = play.make_bots(["random"], start(players, seed).colours, seed)
    states = [before for _, before, _, _ in play.step_through(start(players, seed), bots=bots)]
    return states[:: max(1, len(states) // count)][:count]


def fresh(state: State) -> State:
    """A copy without the engine's per-state caches (tunnels, occupancy), as a new position has."""
    return state.replace()


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def engine_turn(state: State) -> tuple[int, int]:
    """(in-turn states, distinct end-of-turn states) by exhaustive search over engine actions."""
    player, rnd = state.turn.player, state.round
    seen = {state}
    todo = [state]
    ends = set()
    while todo:
        s = todo.pop()
        for a in engine.legal_actions(s):
            n = engine.apply(s, a)
            if n.finished or n.turn.player != player or n.round != rnd:
                ends.add(n)
            elif n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen), len(ends)


def bench_moves(positions: list[State], repeat: int) -> None:
    rng = random.Random(1)
    cases = []  # (state, pos, actions, moves)
    for s in positions:
        pos = Position.from_state(s)
        moves = legal_moves(pos)
        chosen = rng.sample(moves, min(30, len(moves)))
        cases.append((s, pos, [action_of(pos.T, m) for m in chosen], chosen))
    n = sum(len(c[3]) for c in cases)

    def core_apply() -> None:
        for _, pos, _, moves in cases:
            for m in moves:
                pos.unmake(pos.make(m))

    copies = [[fresh(s) for _ in acts] for s, _, acts, _ in cases]

    def engine_apply() -> None:
        for (_, _, acts, _), states in zip(cases, copies):
            for a, s in zip(acts, states):
                engine.apply(s, a)

    tc = best(core_apply, repeat)
    te = best(engine_apply, 1)
    print(f"make+unmake: {n / tc:,.0f} moves/s ({tc / n * 1e6:.1f} us); engine.apply {n / te:,.0f}/s "
          f"({te / n * 1e6:.0f} us); ratio {te / tc:.0f}x  [{n} actions of {len(cases)} positions]")
    by_kind: dict[str, list[float]] = {}
    for _, pos, _, moves in cases:
        for m in moves:
            t = time.perf_counter()
            for _ in range(10):
                pos.unmake(pos.make(m))
            by_kind.setdefault(action_of(pos.T, m).verb, []).append((time.perf_counter() - t) / 10)
    print("  median by kind: " + ", ".join(f"{verb} {statistics.median(ts) * 1e6:.1f} us ({len(ts)})"
                                            for verb, ts in sorted(by_kind.items(), key=lambda kv: -len(kv[1]))))
    print("  (the mean is pulled up by the few moves the referee carries out: turn ends after the last tile, E2)")
    tile_phase = [(s, pos) for s, pos, _, _ in cases if engine._tile_action_open(s)]
    for label, group in (("all positions", [(s, pos) for s, pos, _, _ in cases]), ("phase 2", tile_phase)):
        sizes = [len(legal_moves(pos)) for _, pos in group]
        tc = best(lambda g=group: [legal_moves(pos) for _, pos in g], repeat)
        states = [fresh(s) for s, _ in group]
        te = best(lambda st=states: [engine.legal_actions(s) for s in st], 1)
        k = len(group)
        print(f"legal moves, {label}: {k / tc:,.0f} calls/s ({tc / k * 1e3:.2f} ms, mean {statistics.mean(sizes):.0f} "
              f"actions); engine.legal_actions {k / te:,.0f}/s ({te / k * 1e3:.2f} ms); ratio {te / tc:.0f}x")


#: A puzzle-sized position on the standard board: 3 hand tiles, 5 board tiles, prisoners out.
STANDARD_PUZZLE = """
players: [red, blue]
turn: {player: red, phase: 2}
tiles: {"2,0": T01, "3,0": T02, "2,-2": T03@2, "-3,2": T05, "0,3": T46@4}
hands: {red: [T16, T13, T41]}
prisoners: {red: {at: ["2,0", "0,3"]}, blue: {at: ["3,0"]}}
doors: {blue: ["3,0"]}
unused: out
goal: {count: 1}
"""


def bench_turns(path: str, repeat: int, with_engine: bool) -> None:
    state = formats.loads(STANDARD_PUZZLE, "standard-puzzle").state if path == "standard-puzzle" else formats.load(path).state
    pos = Position.from_state(state)
    count = sum(1 for _ in turn_successors(pos))
    tc = best(lambda: sum(1 for _ in turn_successors(pos)), repeat)
    line = f"turn_successors {Path(path).name}: {count} distinct end-of-turn positions in {tc:.3f} s ({1 / tc:.2f} turns/s)"
    if with_engine:
        t = time.perf_counter()
        inside, ends = engine_turn(state)
        te = time.perf_counter() - t
        line += f"; engine: {ends} end states ({inside} in-turn states) in {te:.2f} s; ratio {te / tc:.0f}x"
    print(line)


def bench_selfplay(games: int) -> None:
    """Random 4-player games through the core, every move drawn by ``solver.sample.random_move``
    (uniform over the legal moves), and where the time goes by phase and by move kind."""
    names = {TAKE_PHASE: "take (phase 1)", TILE_PHASE: "tile (phase 2)", ACT_PHASE: "act (phase 3)", FREE_PHASE: "free (V2)"}
    choose: Counter[int] = Counter()
    chosen: Counter[int] = Counter()
    making: Counter[str] = Counter()
    made: Counter[str] = Counter()
    actions = 0
    clock = time.perf_counter
    t0 = clock()
    for seed in range(games):
        pos = Position.from_state(start(4, seed))
        rng = random.Random(seed)
        while not pos.ranking:
            k = pos.phase_kind()
            t = clock()
            m = random_move(pos, rng)
            t1 = clock()
            pos.make(m)
            t2 = clock()
            choose[k] += t1 - t
            chosen[k] += 1
            verb = action_of(pos.T, m).verb
            making[verb] += t2 - t1
            made[verb] += 1
            actions += 1
    dt = clock() - t0
    print(f"random 4-player games through the core (solver.sample.random_move, make): {games / dt:.2f} games/s, "
          f"{dt / games:.2f} s each, {actions / games:.0f} actions each ({actions / dt:,.0f} actions/s; "
          f"{dt / actions * 1e6:.0f} us each)")
    for k, t in sorted(choose.items(), key=lambda kv: -kv[1]):
        print(f"  choosing in {names[k]}: {t / dt:.0%} of the time, {t / chosen[k] * 1e6:.0f} us each, {chosen[k] / games:.0f} per game")
    total = sum(making.values())
    print(f"  make: {total / dt:.0%} of the time; " + ", ".join(
        f"{verb} {making[verb] / made[verb] * 1e6:.0f} us x {made[verb] / games:.0f}" for verb in sorted(made, key=lambda v: -making[v])))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--skip-engine-midgame", action="store_true", help="skip the engine's 20-30 s midgame turn")
    parser.add_argument("--selfplay-only", action="store_true", help="only the random games through the core")
    args = parser.parse_args()
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    if args.selfplay_only:
        bench_selfplay(args.games)
        return
    positions = sample_positions(4, args.positions)
    positions += [formats.load(f"scenarios/{n}.yaml").state for n in ("puzzle-first-escape", "midgame-4p")]
    bench_moves(positions, args.repeat)
    bench_turns("scenarios/puzzle-first-escape.yaml", args.repeat, True)
    bench_turns("standard-puzzle", args.repeat, True)
    bench_turns("scenarios/midgame-4p.yaml", 1, not args.skip_engine_midgame)
    if args.games:
        bench_selfplay(args.games)


if __name__ == "__main__":
    main()
