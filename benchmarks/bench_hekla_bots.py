"""A measured match between two Hekla bots (issue 29): seeds paired, seats rotated.

    nice -n 15 .venv/bin/python benchmarks/bench_hekla_bots.py --bots search greedy --players 2 --games 30 --seed 3000

For each seed ``seed .. seed + games - 1`` one game per seat: bot A in that seat, bot
B in every other (so with two players each seed is played twice, the seats swapped;
red moves first).  A's score is its share of the wins (a shared win split between its
winners, H8); the fair share is 1 / players.  Prints every game, A's mean share with a
95% interval (the normal approximation over the games, and Wilson's, which holds up
near 0 and 1), and CPU seconds per game
(time.process_time, so that other jobs on the machine do not count).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from matchstats import wilson  # benchmarks/matchstats.py (the script folder is on sys.path)

from sectionx.games.hekla import play
from sectionx.games.hekla.rules import SEATS


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--bots", nargs=2, default=["search", "greedy"], metavar=("A", "B"))
    ap.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    ap.add_argument("--games", type=int, default=20, help="seeds (each played once per seat)")
    ap.add_argument("--seed", type=int, default=3000, help="the first seed")
    args = ap.parse_args()
    a, b = args.bots
    for name in (a, b):
        if name not in play.BOTS:
            print(f"bench_hekla_bots: no Hekla bot {name!r}; there are {', '.join(play.BOTS)}", file=sys.stderr)
            return 2
    shares: list[float] = []
    cpu: list[float] = []
    margins: list[int] = []
    for seed in range(args.seed, args.seed + args.games):
        for seat in range(args.players):
            names = tuple(a if i == seat else b for i in range(args.players))
            t = time.process_time()
            game = play.play_game(args.players, names, seed)
            seconds = time.process_time() - t
            share = (SEATS[seat] in game.winners) / len(game.winners)
            shares.append(share)
            cpu.append(seconds)
            margins.append(game.track[seat] - max(v for i, v in enumerate(game.track) if i != seat))
            print(f"seed {seed} {'-'.join(names)}: fields {'/'.join(map(str, game.track))}, "
                  f"winners {','.join(p.value for p in game.winners)}, {game.turns} turns, {seconds:.2f} s", flush=True)
    n = len(shares)
    mean = sum(shares) / n
    half = 1.96 * statistics.pstdev(shares) / math.sqrt(n) if n > 1 else 1.0
    print(f"\n{n} games, {args.players} players, {a} in one seat and {b} in the others, "
          f"seeds {args.seed}-{args.seed + args.games - 1}")
    lo, hi = wilson(sum(shares), n)
    print(f"{a}'s share of the wins {sum(shares):g}/{n} = {mean:.1%} (95% interval {max(0, mean - half):.0%}-"
          f"{min(1, mean + half):.0%} by the normal approximation, {lo:.0%}-{hi:.0%} by Wilson's; "
          f"fair {1 / args.players:.0%})")
    print(f"{a}'s fields less the best other's: median {statistics.median(margins):g}")
    print(f"CPU a game: median {statistics.median(cpu):.2f} s, max {max(cpu):.2f} s, total {sum(cpu):.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
