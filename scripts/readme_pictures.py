"""Make the README's pictures of the kit: the board, a sheet of tiles, the sheet of cards.

Run from the project root (needs poppler's ``pdftoppm``, Debian package poppler-utils):

    .venv/bin/python scripts/readme_pictures.py

It builds the kit into a temporary folder with the bundled template (A4, board on
A2) and turns three pages into PNGs in ``docs/images/``: ``kit-board.png`` (the
A2 board), ``kit-tiles.png`` (the first sheet of tile fronts) and ``kit-cards.png``
(the sheet of card fronts).  The same kit gives the same pictures.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sectionx.games.sectionx import formats  # noqa: E402
from sectionx.games.sectionx.render import kit  # noqa: E402
from sectionx.render.theme import default_theme  # noqa: E402

#: (picture, PDF, page number in it, width in pixels)
PICTURES = [("kit-board.png", "sectionx-board-a2.pdf", 1, 1100),
            ("kit-tiles.png", "sectionx-kit.pdf", 9, 700),
            ("kit-cards.png", "sectionx-kit.pdf", 15, 700)]


def main() -> int:
    if shutil.which("pdftoppm") is None:
        print("readme_pictures: pdftoppm is missing; install poppler-utils", file=sys.stderr)
        return 1
    built = kit.build_kit(formats.bundled_board("standard"), formats.bundled_catalogue(), default_theme(), "a4",
                          board_paper="a2")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        for path, data in kit.kit_files(built, out, svg=False).items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        names = [p.name for p in built.document.pages]
        for picture, pdf, page, width in PICTURES:
            if pdf == "sectionx-kit.pdf":
                assert "tiles" in names[8] and "cards" in names[14], names  # the pages the pictures name
            stem = out / picture.removesuffix(".png")
            subprocess.run(["pdftoppm", "-png", "-singlefile", "-f", str(page), "-l", str(page),
                            "-scale-to-x", str(width), "-scale-to-y", "-1", str(out / pdf), str(stem)], check=True)
            shutil.copyfile(stem.with_suffix(".png"), ROOT / "docs" / "images" / picture)
            print(f"wrote docs/images/{picture}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
