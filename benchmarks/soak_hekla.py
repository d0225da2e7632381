"""Soak test for Hekla: many whole bot games, every invariant checked after every turn.

Not part of the test suite (the suite's hypothesis test plays 15 games; this plays
thousands).  Run:

    .venv/bin/python benchmarks/soak_hekla.py --games 1000 [--seed 0] [--bots random]

After every turn: stones and lava are conserved (board, supplies, lava to come), lava
only grows, no field holds more than two stones, the quiet count is 0 after a turn
that erupted and one more otherwise, the game is over exactly when the 20th lava
stone is placed (H8) or the quiet count reaches its limit (H9), every written turn
reads back, and the searches' shortcuts agree with the referee on the turn played
(outcomes, erupts).  After every game: its record, written and read back, replays to
the same final position with no problem.  On a failure the seed is printed and the
record is written to output/soak-hekla-SEED.yaml.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sectionx.games.hekla import play, records, rules
from sectionx.yamlsrc import read_yaml


def census(pos: rules.Position) -> Counter[str]:
    c: Counter[str] = Counter()
    for _, stones in pos.fields:
        for s in stones:
            c[str(s)] += 1
    for p, supply in zip(pos.players, pos.supplies):
        for v in supply:
            c[f"{p.value}{v}"] += 1
    c["lava0"] += pos.lava[0]
    c["lava1"] += pos.lava[1]
    return c


def one_game(players: int, bot: str, seed: int) -> str | None:
    """Play one game; the first broken invariant, or None."""
    pos = rules.start(players)
    bots = [play.BOTS[bot](seed * 4 + i) for i in range(players)]
    total = census(pos)
    actions = []
    while not pos.over:
        action = bots[pos.to_move](pos)
        actions.append(action)
        if str(rules.parse_action(str(action))) != str(action):
            return f"turn {len(actions)}: {action} does not read back"
        after = rules.apply(pos, action)
        base = replace(action, order=()) if action.kind != "pass" else action
        shortcut = dict(rules.outcomes(pos, base))
        if action.kind != "pass" and shortcut.get(action) != after:
            return f"turn {len(actions)}: outcomes differs from apply"
        if action.kind != "pass" and rules.erupts(pos, base) != bool(after.erupted):
            return f"turn {len(actions)}: erupts differs from apply"
        if census(after) != total:
            return f"turn {len(actions)}: stones or lava not conserved"
        if after.lava_placed < pos.lava_placed or any(len(s) > 2 for _, s in after.fields):
            return f"turn {len(actions)}: lava went down or a field holds three stones"
        if after.quiet != (0 if after.erupted else pos.quiet + 1):
            return f"turn {len(actions)}: quiet count {after.quiet} after {pos.quiet}"
        if after.over != (after.lava_placed == sum(rules.LAVA_STONES) or after.quiet == after.quiet_limit):
            return f"turn {len(actions)}: the game's end is wrong"
        pos = after
    text = records.dumps(rules.start(players), actions, result=records.result_of(pos, len(actions)))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "r.yaml"
        path.write_text(text)
        record = records.read(read_yaml(path), Path(folder))
        replayed = records.replay(record)
        if replayed.error is not None or replayed.final != pos or records.diagnostics(record, replayed):
            return "the record does not replay to the same end"
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--bots", default="random", choices=sorted(play.BOTS))
    args = ap.parse_args()
    started = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        players = 2 + seed % 3
        problem = one_game(players, args.bots, seed)
        if problem is not None:
            game = play.play_game(players, (args.bots,), seed)
            out = ROOT / "output" / f"soak-hekla-{seed}.yaml"
            out.parent.mkdir(exist_ok=True)
            out.write_text(records.dumps(rules.start(players), game.actions))
            print(f"seed {seed} ({players} players): {problem}; record in {out}")
            return 1
    print(f"{args.games} {args.bots} games (2, 3 and 4 players in turn), every invariant held, "
          f"{time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
