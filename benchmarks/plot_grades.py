"""Draw the measured figures of graded puzzles per tier, as a picture for docs/puzzles.md.

    .venv/bin/pip install -e '.[plots]'
    .venv/bin/python benchmarks/plot_grades.py scenarios/puzzles/deck -o docs/images/grades.png

Reads every graded puzzle file of the folders given; one panel per figure, one
column of dots per tier (each dot a puzzle, jittered by a fixed seed so the
picture is the same every time) with the tier's median as a bar.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sectionx.games.sectionx import formats
from sectionx.games.sectionx.model import TIERS

FIGURES = (("turns", "turns (proved minimum)"), ("cost", "tile and door actions"), ("detours", "detours needed"),
           ("first_turns", "plausible first turns"), ("traps", "of which traps"), ("decoys", "decoy tiles in hand"))
COLOURS = {"beginner": "#2e8b57", "intermediate": "#e08a00", "advanced": "#2f6fb3", "expert": "#c0392b"}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", nargs="+", type=Path)
    ap.add_argument("-o", "--out", type=Path, default=Path("docs/images/grades.png"))
    args = ap.parse_args()
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    data: dict[str, list[dict[str, int]]] = {t: [] for t in TIERS}
    for folder in args.folders:
        for path in sorted(folder.glob("*.yaml")):
            sc = formats.load(path).scenario
            if sc.grade is not None:
                data[sc.grade.tier].append(dict(sc.grade.figures))
    rng = random.Random(0)
    fig, axes = plt.subplots(2, 3, figsize=(11, 6.5))
    for ax, (name, label) in zip(axes.flat, FIGURES):
        for i, tier in enumerate(TIERS):
            values = sorted(f.get(name, 0) for f in data[tier])
            if not values:
                continue
            xs = [i + rng.uniform(-0.18, 0.18) for _ in values]
            ax.scatter(xs, values, s=18, alpha=0.7, color=COLOURS[tier], edgecolors="none")
            median = values[len(values) // 2]
            ax.plot([i - 0.3, i + 0.3], [median, median], color="black", linewidth=2)
        ax.set_title(label, fontsize=10)
        ax.set_xticks(range(len(TIERS)))
        ax.set_xticklabels([f"{t}\n({len(data[t])})" for t in TIERS], fontsize=8)
        from matplotlib.ticker import MaxNLocator
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        low, high = ax.get_ylim()
        if high - low < 2:  # one value only: show it with a little room, not a fractional scale
            ax.set_ylim(low - 1, high + 1)
        ax.grid(axis="y", alpha=0.3)
    fig.suptitle("Generated puzzles: the measured figures behind each tier (dots: puzzles, bars: medians)", fontsize=11)
    fig.tight_layout()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(args.out, dpi=110, metadata={"Software": None})
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
