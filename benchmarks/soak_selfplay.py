"""Soak test: many whole random games, every invariant checked after every action.

Not part of the test suite (a game takes seconds; thousands take an hour).  Run:

    .venv/bin/python benchmarks/soak_selfplay.py --games 1000 --players 4 [--seed 0] [--advanced] [--core]

After every action: ``rules.check_state`` finds nothing (8 prisoners per player,
no feature over capacity, every touching pair of tiles matching, all 54 tiles
on the board, in hands or in stacks, at most 2 doors per player, keys, zones,
round and game counts), the action was legal by ``engine.explain``, and every
50th position its drawn action is in ``engine.legal_actions``.  On a failure the
record is written to output/soak-failure-SEED.yaml and the seed is printed.

``--core`` plays the games as ``sectionx play`` plays random bots now: one
search-core position kept across the game, moves drawn by
``solver.sample.random_move`` and made in place; the engine follows action by
action, and after every action the core's position must be the engine's state.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sectionx.colours import COLOURS
from sectionx.games.sectionx import engine, formats, rules
from sectionx.games.sectionx.model import Scenario
from sectionx.games.sectionx.solver.core import Position, action_of
from sectionx.games.sectionx.solver.sample import random_move


def soak_game(players: int, seed: int, advanced: bool, core: bool = False) -> tuple[int, str | None, list]:
    board = formats.bundled_board("compact" if players == 2 else "standard")
    start = rules.new_game(COLOURS[:players], board, formats.bundled_catalogue(), random.Random(seed), advanced=advanced)
    rng = random.Random(f"soak:{seed}")
    state, played = start, []
    pos = Position.from_state(start) if core else None
    while not state.finished and len(played) < 50_000:
        if pos is not None:
            move = random_move(pos, rng)
            action = action_of(pos.T, move)
            pos.make(move)
        else:
            action = engine.random_action(state, rng)
        if len(played) % 50 == 0 and action not in engine.legal_actions(state):
            return len(played), f"drawn action {action} is not in legal_actions", played + [action]
        reasons = engine.explain(state, action)
        if reasons:
            return len(played), f"drawn action {action} is illegal: {reasons}", played + [action]
        state = engine.apply(state, action)
        played.append(action)
        problems = rules.check_state(state)
        if problems:
            return len(played), f"after {action}: {[str(p) for p in problems]}", played
        if pos is not None and pos.to_state() != state:
            return len(played), f"after {action} the core's position is not the engine's state", played
    if not state.finished:
        return len(played), "game did not end within 50000 actions", played
    return len(played), None, played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--advanced", action="store_true")
    parser.add_argument("--core", action="store_true", help="draw and make moves through the search core (see above)")
    args = parser.parse_args()
    t0 = time.perf_counter()
    total = 0
    for i in range(args.games):
        seed = args.seed + i
        n, failure, played = soak_game(args.players, seed, args.advanced, args.core)
        total += n
        if failure:
            board = formats.bundled_board("compact" if args.players == 2 else "standard")
            start = rules.new_game(COLOURS[:args.players], board, formats.bundled_catalogue(), random.Random(seed),
                                   advanced=args.advanced)
            out = ROOT / "output" / f"soak-failure-{seed}.yaml"
            out.write_text(formats.dumps_record(Scenario(start), played))
            print(f"FAILED seed {seed}: {failure}\nrecord: {out}")
            sys.exit(1)
        if (i + 1) % 10 == 0:
            print(f"{i + 1} games, {total} actions, {time.perf_counter() - t0:.0f} s", flush=True)
    dt = time.perf_counter() - t0
    print(f"ok: {args.games} games ({args.players} players{', advanced' if args.advanced else ''}"
          f"{', through the core' if args.core else ''}), "
          f"{total} actions checked, {dt:.0f} s")


if __name__ == "__main__":
    main()
