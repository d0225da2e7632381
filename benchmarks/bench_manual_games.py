"""CPU seconds of each Breakout and Hekla rulebook build, per language and format (issue 30).

Each build is one ``sectionx manual --game G --lang L -o book.pdf|book.html`` process
(its start-up, the check of every figure and claim, and the writing), measured as
the child's user + system CPU seconds (``resource.RUSAGE_CHILDREN``), so other
load on the machine does not spoil the figure; the fastest of ``--repeat`` runs.

    .venv/bin/python benchmarks/bench_manual_games.py --repeat 3

Figures go to docs/benchmarks.md ("Illustrated rulebook") by hand.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

SECTIONX = Path(sys.executable).with_name("sectionx")


def cpu_seconds(args: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([str(SECTIONX), *args], check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs of each; the fastest counts")
    ap.add_argument("--games", nargs="+", default=["breakout", "hekla"])
    args = ap.parse_args()
    print("| game | language | format | CPU s | size |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as work:
        for game in args.games:
            for lang in ("en", "de"):
                for kind in ("pdf", "html"):
                    out = Path(work) / f"book.{kind}"
                    best = min(cpu_seconds(["manual", "--game", game, "--lang", lang, "-o", str(out)])
                               for _ in range(args.repeat))
                    print(f"| {game} | {lang} | {kind} | {best:.2f} | {out.stat().st_size // 1024} KiB |", flush=True)


if __name__ == "__main__":
    main()
