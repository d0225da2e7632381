"""Benchmark: memory and time of sectionx on the worst files a stranger can send (issue 8).

Not a test: it measures.  Run from the project root:

    .venv/bin/python benchmarks/bench_hostile.py

Each case runs ``sectionx`` in a fresh process and reports its peak resident memory
(VmHWM) and wall time.  The target: under 200 MB and a few seconds for any
input, and a refusal (non-zero exit) for every case but the longest legal record.
Figures go into docs/benchmarks.md with the command that produced them.
"""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import sys
from sectionx.cli import main
sys.argv = ["sectionx", *sys.argv[1:]]
try:
    main()
    code = 0
except SystemExit as exc:
    code = exc.code
# VmHWM, not ru_maxrss: the latter survives exec on Linux and would report the parent's peak.
hwm = [line.split()[1] for line in open("/proc/self/status") if line.startswith("VmHWM")][0]
sys.stderr.write(f"\\nRSS {hwm} EXIT {code}\\n")
"""


def cases(folder: Path) -> list[tuple[str, list[str]]]:
    values = folder / "values.yaml"
    values.write_text("a: [" + ",".join(["1"] * 499_000) + "]\n")
    long_text = folder / "text.yaml"
    long_text.write_text('title: "' + "x" * 1_040_000 + '"\n')
    mappings = folder / "maps.yaml"
    mappings.write_text("".join(f"k{i}: {{a: 1}}\n" for i in range(45_000)))
    far = folder / "far.yaml"
    far.write_text('name: far\ncells: ["0,0", "0,9999", "0,-9999", "1,0"]\nisland: ["0,0"]\ngreen: ["1,0"]\n')
    record = folder / "record.yaml"
    record.write_text("start: {players: [red, blue]}\nactions: [" + ", ".join(["take 1"] * 20_000) + "]\n")
    fifo = folder / "fifo.yaml"
    os.mkfifo(fifo)
    return [
        ("/dev/zero", ["validate", "/dev/zero"]),
        ("a FIFO", ["validate", str(fifo)]),
        ("1 MiB of [1,1,1,...]", ["validate", str(values)]),
        ("1 MiB title", ["validate", str(long_text)]),
        ("45,000 small mappings", ["validate", str(mappings)]),
        ("board cells at 0,±9999 (kit)", ["kit", "--board", str(far), "--out", str(folder / "kit")]),
        ("record of 20,000 actions", ["replay", str(record)]),
    ]


def main() -> None:
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"{'case':<32} {'peak MB':>8} {'seconds':>8} {'exit':>5}")
    with tempfile.TemporaryDirectory() as tmp:
        for name, args in cases(Path(tmp)):
            start = time.perf_counter()
            done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, cwd=ROOT, check=False,
                                  timeout=600)
            seconds = time.perf_counter() - start
            tail = done.stderr.strip().splitlines()[-1].split()
            rss_mb = int(tail[1]) / 1024
            print(f"{name:<32} {rss_mb:>8.0f} {seconds:>8.2f} {tail[3]:>5}")


if __name__ == "__main__":
    main()
