"""Write the published JSON Schema, sectionx/data/schema/sectionx.schema.json, from
its parts: sectionx/data/schema/shared.json and each game's schema.json
(:func:`sectionx.games.published_schema`).  Run it after changing a part, or after
adding a game; tests/test_house.py fails while the file and its parts differ.

    .venv/bin/python scripts/make_schema.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sectionx.games import published_schema  # noqa: E402

TARGET = ROOT / "sectionx" / "data" / "schema" / "sectionx.schema.json"


def text() -> str:
    return json.dumps(published_schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    TARGET.write_text(text(), encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
