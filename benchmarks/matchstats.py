"""What the bot matches of benchmarks/ share (bench_bots.py, bench_breakout_bots.py,
bench_hekla_bots.py): Wilson's score interval for a share of games won."""

from __future__ import annotations

import math


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion ``k / n`` (a tie or a shared win counts
    its share), clipped to [0, 1]; (0, 1) when no game was played."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
