"""Make the Breakout puzzles in scenarios/breakout/puzzles/ (issue 13), from a seed.

Positions are met in random play on the 5 x 5 wall; a position becomes a puzzle when
the solver proves its answer (the fewest turns to a forced escape, 2 or more, so
the first push is not the whole puzzle) and the answer is within the goal; its
answer: block records every winning first push and whether the answer is unique.  The
same seed gives the same files.

    .venv/bin/python scripts/breakout_puzzles.py --seed 1 --out scenarios/breakout/puzzles
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sectionx.fileio import make_folder
from sectionx.games.breakout.answers import solve_whole
from sectionx.games.breakout.play import random_position
from sectionx.games.breakout.rules import Position, Wall
from sectionx.games.breakout.solver import solve
from sectionx.yamlsrc import flow

WANTED = [("defends", 2), ("defends", 2), ("defends", 3), ("defends", 3), ("defends", 3), ("defends", 4),
          ("passes", 2), ("passes", 3), ("passes", 3), ("passes", 4), ("passes", 4), ("passes", 5)]


def _wall(pos: Position) -> list[str]:
    code = {None: ".", "yellow": "y", "blue": "b"}
    return ["".join(code[f.value if f else None] for f in row) for row in reversed(pos.rows)]


def _answer(pos: Position, turns: int, opponent: str) -> str:
    """The answer: block: the fewest turns, every winning first push, and whether the
    answer is unique (docs/breakout.md), as deck and book check them."""
    whole = solve_whole(pos, turns, solo=opponent == "passes", node_limit=10_000_000)
    first = sorted([whole.first, *whole.line[0].duals], key=lambda a: (a.row, a.side.value))
    return flow({"turns": whole.turns, "first": [str(a) for a in first], "unique": whole.unique})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=Path("scenarios/breakout/puzzles"))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    make_folder(args.out)
    made = 0
    for number, (opponent, turns) in enumerate(WANTED, 1):
        while True:
            pos = random_position(rng, Wall(), 4, 30)
            if pos.stalemate is not None:
                continue
            answer = solve(pos, turns, solo=opponent == "passes", node_limit=200_000)
            if answer.complete and answer.turns == turns:
                break
        rows = "\n".join(f'  - "{r}"' for r in _wall(pos))
        barred = f"barred: {pos.barred}\n" if pos.barred else ""
        kind = "the other player defending" if opponent == "defends" else "the other player passing"
        text = (f"# Breakout puzzle (BQ1), made by scripts/breakout_puzzles.py --seed {args.seed}.\n"
                f"# {pos.to_move.value.capitalize()} to push: escape within {turns} turns, {kind}.\n"
                f"# Check it with: sectionx solve scenarios/breakout/puzzles/{number:02d}.yaml\n"
                f"game: breakout\nformat: 1\ntitle: \"Breakout {number}: escape in {turns}\"\nwall:\n{rows}\n"
                f"to_move: {pos.to_move.value}\n{barred}"
                f"goal: {{escape_within: {turns}, opponent: {opponent}}}\nanswer: {_answer(pos, turns, opponent)}\n")
        # The shipped examples live inside the package, where the commands never write
        # (fileio refuses it); this maintainers' script writes them as plain files.
        (args.out / f"{number:02d}.yaml").write_text(text, encoding="utf-8")
        made += 1
        print(f"{number:02d}: {opponent} {turns}, first {' '.join(map(str, answer.first))}", flush=True)
    print(f"{made} puzzles in {args.out}")


if __name__ == "__main__":
    main()
