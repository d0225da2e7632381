"""Type sizes as printed, read back from a PDF's content streams (issue 30: no word on
a sheet or a book page under 8 pt)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from io import BytesIO
from pathlib import Path
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ContentStream


def printed_sizes(data: bytes) -> list[list[float]]:
    """Every text's size as printed on each page of a PDF (points): the font size
    times the text and page matrices, read from the content streams."""

    def mul(m, n):
        a, b, c, d, e, f = m
        A, B, C, D, E, F = n
        return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)

    reader = PdfReader(BytesIO(data))
    pages = []
    for page in reader.pages:
        ctm, stack, tm, fs, sizes = (1, 0, 0, 1, 0, 0), [], (1, 0, 0, 1, 0, 0), 0.0, []
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            op = op.decode()
            if op == "q":
                stack.append(ctm)
            elif op == "Q":
                ctm = stack.pop()
            elif op == "cm":
                ctm = mul(tuple(float(x) for x in operands), ctm)
            elif op == "Tm":
                tm = tuple(float(x) for x in operands)
            elif op == "Tf":
                fs = float(operands[1])
            elif op in ("Tj", "TJ"):
                m = mul(tm, ctm)
                sizes.append(fs * math.sqrt(abs(m[0] * m[3] - m[1] * m[2])))
        pages.append(sizes)
    return pages


def assert_decks_at_least(run: Callable[..., Any], made: Path, folder: Path, floor: float = 6.0) -> None:
    """``sectionx deck`` of ``made`` on A4 and on letter, through a test module's CLI
    runner ``run``: every word of every page printed at ``floor`` points at least."""
    for paper in ("a4", "letter"):
        out = folder / f"deck-{paper}.pdf"
        result = run("deck", made, "-o", out, "--paper", paper)
        assert result.exit_code == 0, result.output
        pages = printed_sizes(out.read_bytes())
        assert all(pages) and min(min(p) for p in pages) >= floor - 1e-3, [round(min(p), 2) for p in pages]


def pictured_words(items: Iterable[Any], inside: bool = False) -> Iterator[str]:
    """The words of a scene's items drawn inside a group labelled ``picture`` (a card's
    picture, as against its printed text)."""
    from sectionx.render.scene import Group, Text

    for it in items:
        if isinstance(it, Group):
            yield from pictured_words(it.items, inside or it.label == "picture")
        elif isinstance(it, Text) and inside:
            yield it.text
