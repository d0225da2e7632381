"""Benchmark: the whole print-and-play kit, time and size (issue 4).

Not a test: it measures.  Run from the project root:

    .venv/bin/python benchmarks/bench_kit.py [--runs 5] [--paper a4] [--board-paper a2]

Each run builds the kit from scratch in a fresh process (so font registration,
symbol building and layout caches are all paid for, as on the command line)
and reports: building the scene, writing the PDF, writing every SVG, the whole
``sectionx kit`` command end to end, and the size of every file.  The target
(issue 4) is the whole kit in under 3 seconds and under 3 MB.
Figures go into docs/benchmarks.md with the command that produced them.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_ONE_RUN = r"""
import json, sys, time
t0 = time.perf_counter()
from pathlib import Path
from sectionx import formats
from sectionx.render import kit
from sectionx.render.pdf import to_pdf
from sectionx.render.svg import to_svg
from sectionx.render.theme import load_theme
t1 = time.perf_counter()
theme = load_theme()
built = kit.build_kit(formats.bundled_board("standard"), formats.bundled_catalogue(), theme, sys.argv[1],
                      board_paper=sys.argv[2] or None)
t2 = time.perf_counter()
pdf = to_pdf(built.document, theme)
t3 = time.perf_counter()
table = built.document.symbol_map
svgs = [to_svg(p, table, theme) for p in built.document.pages]
t4 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "build": t2 - t1, "pdf": t3 - t2, "svg": t4 - t3, "pages": len(built.document.pages),
                  "pdf_bytes": len(pdf), "svg_bytes": sum(len(s.encode()) for s in svgs)}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--paper", default="a4")
    parser.add_argument("--board-paper", default="a2")
    args = parser.parse_args()
    python = sys.executable
    cli = str(Path(python).with_name("sectionx"))
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"load {os.getloadavg()[0]:.2f}")
    parts: dict[str, list[float]] = {}
    last: dict = {}
    for _ in range(args.runs):
        out = subprocess.run([python, "-c", _ONE_RUN, args.paper, args.board_paper], check=True, capture_output=True,
                             text=True, cwd=ROOT).stdout
        last = json.loads(out)
        for k in ("import", "build", "pdf", "svg"):
            parts.setdefault(k, []).append(last[k])
    whole: list[float] = []
    sizes: dict[str, int] = {}
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as tmp:
            t = time.perf_counter()
            subprocess.run([cli, "kit", "--paper", args.paper, "--board-paper", args.board_paper, "--out", tmp],
                           check=True, capture_output=True, cwd=ROOT)
            whole.append(time.perf_counter() - t)
            sizes = {str(p.relative_to(tmp)): p.stat().st_size for p in sorted(Path(tmp).rglob("*")) if p.is_file()}
    print(f"kit on {args.paper} with the board on {args.board_paper}: {last['pages']} pages")
    for k, v in parts.items():
        print(f"  {k:<7} median {statistics.median(v) * 1000:7.0f} ms   (min {min(v) * 1000:.0f}, max {max(v) * 1000:.0f})")
    print(f"  `sectionx kit` end to end: median {statistics.median(whole):.2f} s (min {min(whole):.2f}, max {max(whole):.2f})")
    pdfs = {k: v for k, v in sizes.items() if k.endswith(".pdf")}
    svg_total = sum(v for k, v in sizes.items() if k.endswith(".svg"))
    for k, v in pdfs.items():
        print(f"  {k}: {v / 1024:.0f} KiB")
    print(f"  {sum(k.endswith('.svg') for k in sizes)} SVG files: {svg_total / 1024:.0f} KiB in all")
    print(f"  everything: {sum(sizes.values()) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
