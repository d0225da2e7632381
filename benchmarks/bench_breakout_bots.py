"""Breakout bots measured (issue 29): the draw rate of a bot against itself, a match between two.

    nice -n 15 .venv/bin/python benchmarks/bench_breakout_bots.py --bots search search --games 40 --seed 1000
    nice -n 15 .venv/bin/python benchmarks/bench_breakout_bots.py --bots search winner --games 30 --seed 2000

Game i uses seed ``seed + i`` (:func:`sectionx.games.breakout.play.play_game`, whose
bots take ``2 * seed`` and ``2 * seed + 1``).  With two different bots every seed is
played twice, the seats swapped (yellow opens the first break-out, B1), and A's score
counts a win 1 and a draw (B7, B9) half; with one bot every seed is played once.
Prints every game, the wins, draws by ruling and losses, a 95% Wilson interval for
A's score and for the share of draws, and CPU seconds per game (time.process_time, so
that other jobs on the machine do not count).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from matchstats import wilson  # benchmarks/matchstats.py (the script folder is on sys.path)

from sectionx.games.breakout import play
from sectionx.games.breakout.rules import Player


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--bots", nargs=2, default=["search", "winner"], metavar=("A", "B"))
    ap.add_argument("--games", type=int, default=20, help="seeds (each played twice, seats swapped, when A and B differ)")
    ap.add_argument("--seed", type=int, default=1000, help="the first seed")
    args = ap.parse_args()
    a, b = args.bots
    for name in (a, b):
        if name not in play.BOTS:
            print(f"bench_breakout_bots: no Breakout bot {name!r}; there are {', '.join(play.BOTS)}", file=sys.stderr)
            return 2
    pairings = [(a, b)] if a == b else [(a, b), (b, a)]
    score, n, draws, cpu = 0.0, 0, 0, []
    outcome = {"A": 0, "B": 0, "B7": 0, "B9": 0}
    turns = []
    for seed in range(args.seed, args.seed + args.games):
        for names in pairings:
            t = time.process_time()
            game = play.play_game(names, seed)
            seconds = time.process_time() - t
            cpu.append(seconds)
            turns.append(game.turns)
            n += 1
            if game.winner is None:
                draws += 1
                outcome[game.drawn_by or "B7"] += 1
                score += 0.5
                result = f"draw ({game.drawn_by})"
            else:
                won = names[0 if game.winner is Player.YELLOW else 1]
                side = "A" if (won == a and (a != b or game.winner is Player.YELLOW)) else "B"
                outcome[side] += 1
                score += side == "A"
                result = f"{game.winner.value} ({won}) wins"
            print(f"seed {seed} {names[0]}-{names[1]}: {result} {game.escaped[0]}-{game.escaped[1]}, "
                  f"{game.turns} turns, {seconds:.2f} s", flush=True)
    lo, hi = wilson(draws, n)
    print(f"\n{n} games, {a} against {b}, seeds {args.seed}-{args.seed + args.games - 1}")
    if a == b:
        print(f"yellow wins {outcome['A']}, blue wins {outcome['B']}")
    else:
        slo, shi = wilson(score, n)
        print(f"{a} wins {outcome['A']}, {b} wins {outcome['B']}; {a}'s score {score:g}/{n} = {score / n:.1%} "
              f"(95% interval {slo:.0%}-{shi:.0%}; a draw counts half)")
    print(f"draws {draws} (B7 {outcome['B7']}, B9 {outcome['B9']}) = {draws / n:.1%} (95% interval {lo:.0%}-{hi:.0%})")
    print(f"turns a game: median {statistics.median(turns):g}, max {max(turns)}")
    print(f"CPU a game: median {statistics.median(cpu):.2f} s, max {max(cpu):.2f} s, total {sum(cpu):.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
