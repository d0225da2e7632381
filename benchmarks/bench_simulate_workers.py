"""Benchmark: ``simulate``'s games in one process, on W local processes and on a Dask
LocalCluster (issue 10).

Not a test: it measures.  Run from the project root (the Dask row needs the cluster
extra, ``pip install -e '.[cluster]'``, and is left out without it):

    .venv/bin/python benchmarks/bench_simulate_workers.py [--games 40] [--players 4] [--workers 2]

Plays the same seeded games every way through ``sectionx.workers.run_units`` and prints
wall time, games per second and the speed-up over one process, counting start-up
(spawning the workers, or starting the cluster and its worker processes, is part of what
a user waits for).  It checks the statistics are identical every way, and prints the
load average before it starts: figures taken next to other jobs are not comparable.
Figures go into docs/benchmarks.md with the command that produced them.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sectionx.games.sectionx import play
from sectionx.workers import run_units


def stats_of(specs: list[play.GameSpec], workers: int = 1, scheduler: str | None = None) -> str:
    stats = play.Stats()
    for summary in run_units(play.simulate_game, specs, workers=workers, scheduler=scheduler):
        stats.add(summary)
    return json.dumps(stats.as_dict())


def timed(run: Callable[[], str]) -> tuple[float, str]:
    t = time.perf_counter()
    out = run()
    return time.perf_counter() - t, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    specs = [play.GameSpec(args.players, "standard", args.seed + i, ("random",)) for i in range(args.games)]
    print(f"{platform.machine()}, nproc {os.cpu_count()}, Python {platform.python_version()}, "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{args.games} random {args.players}-player games, seeds {args.seed}-{args.seed + args.games - 1}\n")
    rows = [("1 process", *timed(lambda: stats_of(specs)))]
    rows.append((f"{args.workers} processes (spawn)", *timed(lambda: stats_of(specs, workers=args.workers))))
    try:
        from distributed import LocalCluster
    except ImportError:
        print("(no Dask: pip install -e '.[cluster]' for the LocalCluster row)")
    else:
        def on_cluster() -> str:
            with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                              dashboard_address=None) as cluster:
                return stats_of(specs, scheduler=cluster.scheduler_address)

        rows.append((f"Dask LocalCluster, {args.workers} worker processes", *timed(on_cluster)))
    base = rows[0][1]
    print("| where | wall | games/s | speed-up |\n|---|---|---|---|")
    for name, seconds, _ in rows:
        print(f"| {name} | {seconds:.2f} s | {args.games / seconds:.2f} | {base / seconds:.2f}x |")
    same = len({out for _, _, out in rows}) == 1
    print(f"\nstatistics identical every way: {same}")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
