"""Measure: how much of each page of a printed PDF is left empty (issue 30).

Not a test: it measures.  Run from the project root:

    .venv/bin/python benchmarks/kit_fill.py KIT.pdf [KIT2.pdf ...] [--margin 10] [--dpi 30] [--cell 5]

Each page is rasterised with poppler's ``pdftoppm -gray`` at ``--dpi`` and only
the area inside ``--margin`` mm of the paper's edge is looked at.  Two figures a
page:

* **white**: the share of near-white pixels (grey level 245 or more) inside the
  margins: ink coverage's complement, so a card's empty paper counts as white;
* **empty**: the share of ``--cell`` mm squares inside the margins with no ink in
  them at all: the area nothing was put on (the white between a card's lines
  does not count, a blank lower half of a card does).  The issue's aim: no page
  of a kit more than a third (33%) empty unless a piece needs it.

Pure Python apart from pdftoppm (poppler-utils); the figures go into
docs/benchmarks.md with the command that produced them.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

WHITE = 245
MM_PER_INCH = 25.4


def _read_pgm(path: Path) -> tuple[int, int, bytes]:
    """Width, height and the grey bytes of a binary PGM (P5, maxval 255)."""
    data = path.read_bytes()
    fields: list[bytes] = []
    i = 0
    while len(fields) < 4:
        while data[i:i + 1].isspace():
            i += 1
        if data[i:i + 1] == b"#":
            i = data.index(b"\n", i) + 1
            continue
        j = i
        while not data[j:j + 1].isspace():
            j += 1
        fields.append(data[i:j])
        i = j
    if fields[0] != b"P5" or int(fields[3]) != 255:
        raise SystemExit(f"{path}: not an 8-bit binary PGM")
    w, h = int(fields[1]), int(fields[2])
    return w, h, data[i + 1:i + 1 + w * h]


def page_fill(path: Path, dpi: float, margin: float, cell: float) -> tuple[float, float]:
    """(white share, empty share) of one rasterised page (the module docstring)."""
    w, h, px = _read_pgm(path)
    per_mm = dpi / MM_PER_INCH
    m = round(margin * per_mm)
    x0, y0, x1, y1 = m, m, w - m, h - m
    white = sum(1 for y in range(y0, y1) for v in px[y * w + x0:y * w + x1] if v >= WHITE)
    area = (x1 - x0) * (y1 - y0)
    step = max(1, round(cell * per_mm))
    cells = empty = 0
    for cy in range(y0, y1 - step + 1, step):
        for cx in range(x0, x1 - step + 1, step):
            cells += 1
            if all(min(px[y * w + cx:y * w + cx + step]) >= WHITE for y in range(cy, cy + step)):
                empty += 1
    return white / area, empty / max(1, cells)


def measure(pdf: Path, dpi: float, margin: float, cell: float) -> list[tuple[int, float, float]]:
    """(page number, white, empty) for every page of ``pdf``."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["pdftoppm", "-gray", "-r", f"{dpi:g}", str(pdf), f"{tmp}/p"], check=True)
        pages = sorted(Path(tmp).glob("p-*.pgm"), key=lambda p: int(p.stem.split("-")[-1]))
        return [(int(p.stem.split("-")[-1]), *page_fill(p, dpi, margin, cell)) for p in pages]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pdfs", nargs="+", type=Path)
    parser.add_argument("--dpi", type=float, default=30.0)
    parser.add_argument("--margin", type=float, default=10.0, help="mm left out at each edge (the theme's margin)")
    parser.add_argument("--cell", type=float, default=5.0, help="mm: the side of the squares 'empty' counts")
    args = parser.parse_args()
    for pdf in args.pdfs:
        rows = measure(pdf, args.dpi, args.margin, args.cell)
        print(f"{pdf}: {len(rows)} pages")
        print("  page  white  empty")
        for n, white, empty in rows:
            flag = "  > 1/3 empty" if empty > 1 / 3 else ""
            print(f"  {n:4d}  {white:5.0%}  {empty:5.0%}{flag}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
