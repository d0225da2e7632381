"""A measured match between two Section X bots (issue 29): seeds paired, seats swapped.

    nice -n 15 .venv/bin/python benchmarks/bench_bots.py --bots search greedy --seeds 10

For each seed 1..N two 2-player games from the same set-up: bot A in the first seat,
then bot B.  The winner is the first of the final ranking (E4, E5); a tie on every
step of the ranking (engine.deciding_step is None) counts half to each.  Prints each
game, A's score with a 95% Wilson interval over the games, and CPU seconds
(time.process_time) per game, for the pair and for an A-against-A game.
"""

from __future__ import annotations

import argparse
import sys
import time

from matchstats import wilson  # benchmarks/matchstats.py (the script folder is on sys.path)

from sectionx.games.sectionx import engine, play


def one(bots: list[str], seed: int) -> tuple[str | None, int, float]:
    """Play one game: (winning bot's name or None for a tie, actions, CPU seconds)."""
    start = play.new_game_state(2, "standard", seed)
    t = time.process_time()
    game = play.play_game(start, play.make_bots(bots, start.colours, seed))
    cpu = time.process_time() - t
    final = game.final
    if not final.finished or engine.deciding_step(final) is None:
        return None, len(game.actions), cpu
    return bots[final.colours.index(final.ranking[0])], len(game.actions), cpu


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bots", nargs=2, default=["search", "greedy"])
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--first", type=int, default=1, help="the first seed")
    args = ap.parse_args()
    a, b = args.bots
    score, n, cpu = 0.0, 0, []
    for seed in range(args.first, args.first + args.seeds):
        for seats in ([a, b], [b, a]):
            winner, actions, seconds = one(seats, seed)
            score += 1.0 if winner == a else 0.5 if winner is None else 0.0
            n += 1
            cpu.append(seconds)
            print(f"seed {seed} {seats[0]}-{seats[1]}: winner {winner or 'tie'}, {actions} actions, {seconds:.1f} s",
                  flush=True)
    lo, hi = wilson(score, n)
    print(f"{a} against {b}: {score:g} of {n} ({100 * score / n:.0f}%), 95% interval {100 * lo:.0f}-{100 * hi:.0f}%; "
          f"CPU s a game: median {sorted(cpu)[n // 2]:.1f}, max {max(cpu):.1f}")
    own = [one([a, a], seed)[2] for seed in range(args.first, args.first + min(args.seeds, 5))]
    print(f"{a} against itself: CPU s a game {', '.join(f'{s:.1f}' for s in own)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
