"""Benchmark: the solver's search core against the engine, in the same run.

Not a test: it measures.  Run from the project root:

    .venv/bin/python benchmarks/bench_core.py [--positions 120] [--repeat 3] [--games 2] [--skip-engine-midgame]

Prints the machine, then, each with the engine's figure and the ratio:

* make+unmake: moves per second (the engine: ``apply`` per second) over a
  sample of the legal actions of positions from a seeded random 4-player game;
* legal moves: calls per second on the same positions, and in phase 2 alone;
* turn_successors: whole turns per second on scenarios/puzzle-first-escape.yaml,
  a puzzle-sized position on the standard board (STANDARD_PUZZLE) and
  scenarios/midgame-4p.yaml, with the number of distinct end-of-turn
  positions (the engine: exhaustive search over single actions);
* random self-play through the core (uniform over the legal moves, drawn by a
  prototype rejection sampler in this file): games per second, and where the
  time goes.

Figures go into docs/benchmarks.md with the command that produced them.
"""

from __future__ import annotations

import argparse
import bisect
import math
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sectionx import engine, formats, play, rules
from sectionx.model import COLOURS, State
from sectionx.solver.core import (
    END,
    FREE_PHASE,
    MOVE,
    PASS,
    PLACE,
    ROTATE,
    SWAP,
    TAKE_PHASE,
    TILE_PHASE,
    Position,
    action_of,
)
from sectionx.solver.movegen import FightFilter, door_moves, legal_moves, step_moves
from sectionx.solver.turns import turn_successors


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


class _TileSpace:
    """PROTOTYPE (measurement only): the tile actions of a phase-2 position numbered
    0..size-1 and decoded on demand, as ``engine.random_action`` does for the engine,
    so a uniformly random legal move is drawn by rejection without listing them all.
    Same candidate set as ``movegen.tile_moves``; D4 ties via ``pos.fight_ties``."""

    def __init__(self, pos: Position):
        T = pos.T
        self.pos = pos
        me = pos.player
        types, tile, load, door = T.tile_types, pos.tile, pos.load, pos.door
        self.empty = [c for c in range(T.ncells) if tile[c] < 0]
        others = [p for p in range(pos.n) if p != me and pos.doors[p]]
        foreign = {(s - T.spot0) // 3 for p in others for d in pos.doors[p] for s in pos._tunnel(d)}
        segments: list[tuple] = []
        size = 0
        for t in sorted(set(pos.hand[me])):
            rots = types[t].choices[0]
            segments.append((size, PLACE, t, rots))
            size += len(self.empty) * len(rots)
        movable = []
        for c in range(T.ncells):
            t = tile[c]
            if t < 0 or c in foreign:
                continue
            tt = types[t]
            base = T.spot0 + 3 * c
            occ, riders, liftable, hr = 0, False, True, False
            for f in range(len(tt.kinds)):
                if load[base + f]:
                    occ |= 1 << f
                    riders = True
                    if tt.kinds[f] == 3:
                        hr = True
                        liftable = liftable and pos.pc[me][base + f] == load[base + f]
                    else:
                        liftable = False
                elif door[base + f] >= 0:
                    occ |= 1 << f
            rots = tt.choices[occ]
            if not riders:
                segments.append((size, ROTATE, c, tt, occ, rots))
                size += len(rots)
            if liftable:
                movable.append((c, tt, occ, rots, hr))
                segments.append((size, MOVE, c, tt, occ, rots, hr))
                size += len(self.empty) * len(rots)
        movable.sort(key=lambda m: T.cells[m[0]])
        for i, a in enumerate(movable):
            for b in movable[i + 1:]:
                segments.append((size, SWAP, a, b))
                size += len(a[3]) * len(b[3])
        self.segments = segments
        self.starts = [seg[0] for seg in segments]
        self.size = size

    def decode(self, index: int) -> tuple | None:
        pos, T = self.pos, self.pos.T
        seg = self.segments[bisect.bisect_right(self.starts, index) - 1]
        off = index - seg[0]
        kind = seg[1]
        known, opened, dist = pos.known, pos.opened, T.distance
        if kind == PLACE:
            _, _, t, rots = seg
            c, r = self.empty[off // len(rots)], rots[off % len(rots)]
            return (PLACE, t, c, r) if T.tile_types[t].open_mask[r] & known[c] == opened[c] else None
        if kind == ROTATE:
            _, _, c, tt, occ, rots = seg
            r = rots[off]
            ok = r != tt.canon[occ][pos.rot[c]] and tt.open_mask[r] & known[c] == opened[c]
            return (ROTATE, c, r) if ok else None
        if kind == MOVE:
            _, _, c, tt, occ, rots, hr = seg
            d, r = self.empty[off // len(rots)], rots[off % len(rots)]
            if hr and dist[d] < dist[c]:
                return None
            k, o = known[d], opened[d]
            e = T.edge_to.get((d, c))
            if e is not None:
                k, o = k & ~(1 << e), o & ~(1 << e)
            return (MOVE, c, d, r) if tt.open_mask[r] & k == o else None
        _, _, (a, ta, _, rots_a, hra), (b, tb, _, rots_b, hrb) = seg
        ra, rb = rots_b[off // len(rots_a)], rots_a[off % len(rots_a)]
        if (hra and dist[b] < dist[a]) or (hrb and dist[a] < dist[b]):
            return None
        e = T.edge_to.get((a, b))
        kb, obb, ka, oaa = known[b], opened[b], known[a], opened[a]
        if e is not None:
            kb, obb = kb & ~(1 << (e + 3) % 6), obb & ~(1 << (e + 3) % 6)
            ka, oaa = ka & ~(1 << e), oaa & ~(1 << e)
            if (tb.open_mask[ra] >> e & 1) != (ta.open_mask[rb] >> (e + 3) % 6 & 1):
                return None
        if ta.open_mask[rb] & kb != obb or tb.open_mask[ra] & ka != oaa:
            return None
        return (SWAP, a, ra, b, rb)


def random_move(pos: Position, rng: random.Random, exact: bool = True) -> tuple:
    """PROTOTYPE: a legal move drawn uniformly (KEEP variants count one each, as the engine's).

    ``exact=False`` (for measurement only) accepts every fitting candidate at once and picks a
    tie's 'keep' variant at random: not uniform when ties exist, but it shows what an exact
    scheme without the engine's owners! rejection factor could reach."""
    kind = pos.phase_kind()
    if kind == TAKE_PHASE or not (kind == TILE_PHASE or (kind == FREE_PHASE and not pos.tile_action)):
        return rng.choice(legal_moves(pos))
    others: list[tuple] = [(PASS,)] if kind == TILE_PHASE else []
    if kind == FREE_PHASE and not pos.door_action:
        others += (step_moves(pos) if pos.steps() < 5 else []) + ([] if pos.moved else door_moves(pos)) + [(END,)]
    elif kind == FREE_PHASE:
        others.append((END,))
    space = _TileSpace(pos)
    owners = sum(1 for d in pos.doors if d)
    # Distinct outcomes of the 'keep' lists are at most the orders of the door owners (D7).
    bound = math.factorial(owners) if owners >= 2 and exact else 1
    fights = FightFilter(pos) if owners >= 2 else None
    total = len(others) + space.size
    while True:
        i = rng.randrange(total)
        u = rng.randrange(bound)  # accept a move with k variants with probability k / bound
        if i < len(others):
            if u == 0:
                return others[i]
            continue
        m = space.decode(i - len(others))
        if m is None or (u and (fights is None or not fights.may_tie(m))):
            continue
        variants = fights.variants(m) if fights is not None and fights.may_tie(m) else [m]
        if u < len(variants) or not exact:
            return variants[rng.randrange(len(variants))]


def bench_selfplay(games: int, exact: bool = True) -> None:
    """Random 4-player games through the core, every move uniform over the legal moves."""
    t_tile = t_other = t_make = 0.0
    n_tile = actions = 0
    t0 = time.perf_counter()
    for seed in range(games):
        pos = Position.from_state(start(4, seed))
        rng = random.Random(seed)
        while not pos.ranking:
            k = pos.phase_kind()
            tile = k == TILE_PHASE or (k == FREE_PHASE and not pos.tile_action)
            t = time.perf_counter()
            m = random_move(pos, rng, exact)
            t1 = time.perf_counter()
            pos.make(m)
            t2 = time.perf_counter()
            t_make += t2 - t1
            if tile:
                t_tile += t1 - t
                n_tile += 1
            else:
                t_other += t1 - t
            actions += 1
    dt = time.perf_counter() - t0
    label = "prototype sampler" if exact else "sampler without the owners! factor, not uniform over keep variants"
    print(f"random 4-player games through the core ({label}): {games / dt:.2f} games/s, {dt / games:.2f} s "
          f"each, {actions / games:.0f} actions each ({actions / dt:,.0f} actions/s; {dt / actions * 1e6:.0f} us each); "
          f"choosing phase-2 moves {t_tile / dt:.0%} ({t_tile / max(n_tile, 1) * 1e6:.0f} us each, {n_tile / games:.0f} "
          f"per game), other moves {t_other / dt:.0%} ({t_other / max(actions - n_tile, 1) * 1e6:.0f} us each), "
          f"make {t_make / dt:.0%} ({t_make / actions * 1e6:.0f} us each)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--skip-engine-midgame", action="store_true", help="skip the engine's 20-30 s midgame turn")
    args = parser.parse_args()
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    positions = sample_positions(4, args.positions)
    positions += [formats.load(f"scenarios/{n}.yaml").state for n in ("puzzle-first-escape", "midgame-4p")]
    bench_moves(positions, args.repeat)
    bench_turns("scenarios/puzzle-first-escape.yaml", args.repeat, True)
    bench_turns("standard-puzzle", args.repeat, True)
    bench_turns("scenarios/midgame-4p.yaml", 1, not args.skip_engine_midgame)
    if args.games:
        bench_selfplay(args.games)
        bench_selfplay(args.games, exact=False)


if __name__ == "__main__":
    main()
