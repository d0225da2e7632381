"""Make the Hekla puzzles in scenarios/hekla/puzzles/ (issue 14, HQ1), from a seed.

Positions are met in games between greedy bots, 2 to 4 players.  A position becomes a
puzzle "gain at least K within N turns, the others passing" when the solver proves:

* K is the most the player can gain in N turns, and N is the fewest turns that reach
  it (so the answer is exactly N);
* for N of 2 or more, the first turn of every winning line gains less now than the
  best single turn would (the greedy first turn fails: the puzzle is to set up);
* for N of 1, the best turn is a long move (H3) or names an order of eruptions (H5):
  the puzzle is to see it;
* at most three first turns win (the answer is near unique); the file records how many
  winning lines there are (``answer: lines``), so that ``sectionx book`` prints it
  ("one of 2 solutions"); ``sectionx generate --game hekla`` makes graded puzzles
  with one winning line, from the same candidates (:func:`generator.candidate`).

The same seed gives the same files.  The solver's questions go to the deep search
(issue 29; its count of turns tried against the same limits): ``--seed 1`` gives the
shipped files byte for byte, as the referee's search alone did.

    .venv/bin/python scripts/hekla_puzzles.py --seed 1 --out scenarios/hekla/puzzles
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sectionx.fileio import make_folder
from sectionx.games.hekla import formats, generator, rules, solver

#: (players, turns) of each puzzle, in the deck's order: easy to hard.
WANTED = [(2, 1), (4, 1), (3, 1), (2, 2), (3, 2), (4, 2), (2, 2), (4, 2), (3, 2), (4, 3), (2, 3), (3, 3), (4, 3), (4, 4)]
NODES = 1_500_000


def fits(pos: rules.Position, n: int) -> tuple[int, solver.Answer] | None:
    """The puzzle's gain and proved answer when ``pos`` makes a good N-turn puzzle."""
    search = solver._Search(pos, NODES, deep=True)
    try:
        most = search.value(pos, n)
        fewer = search.value(pos, n - 1)
    except solver._OutOfNodes:
        return None
    if most < 3 or fewer >= most:
        return None
    answer = solver.solve(pos, most, n, node_limit=NODES)
    if answer.turns != n or not 1 <= len(answer.first) <= 3:
        return None
    best_now = solver.best_move(pos)
    if n == 1:
        first = answer.first[0]
        long = first.kind == "move" and first.start is not None and first.to is not None and \
            abs(first.to[0] - first.start[0]) + abs(first.to[1] - first.start[1]) > 1
        if not (long or len(first.order) > 1):
            return None
    else:
        me = pos.to_move
        if any(rules.apply(pos, a).track[me] - pos.track[me] >= best_now.gain for a in answer.first):
            return None
    return most, answer


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=Path("scenarios/hekla/puzzles"))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    make_folder(args.out)
    for number, (players, n) in enumerate(WANTED, 1):
        tries = 0
        while True:
            tries += 1
            pos = generator.candidate(rng, players)
            found = fits(pos, n)
            if found is not None:
                break
        gain, answer = found
        title = f"Hekla {number}: gain {gain} in {n}"
        header = (f"Hekla puzzle (HQ1), made by scripts/hekla_puzzles.py --seed {args.seed} ({tries} positions tried).\n"
                  f"{pos.player.value.capitalize()} to move: gain {gain} track fields within {n} turn{'s' if n > 1 else ''}, "
                  "the others passing.\n"
                  f"Check it with: sectionx solve {args.out.as_posix()}/{number:02d}.yaml")
        lines = generator.Prover(pos, NODES * 4).lines(pos, gain, n, cap=50)
        text = formats.dumps(pos, title=title, header=header, goal=formats.Goal(gain, n), answer=answer.turns,
                             has_answer=True, lines=lines)
        # The shipped examples live inside the package, where the commands never write
        # (fileio refuses it); this maintainers' script writes them as plain files.
        (args.out / f"{number:02d}.yaml").write_text(text, encoding="utf-8")
        print(f"{number:02d}: {players}p gain {gain} in {n}, {len(answer.first)} winning first turn(s), "
              f"{answer.nodes} nodes, {tries} tries", flush=True)


if __name__ == "__main__":
    main()
