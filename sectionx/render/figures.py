"""One picture of a position, as every game's ``render`` draws it: the game's
drawing, a title above and lines of notes below (the facts, a caption), on a page
sized to fit them.  No game words: a game passes its drawing and its lines."""

from __future__ import annotations

from collections.abc import Sequence

from .scene import Document, Group, Item, Page, Text
from .textfit import text_width
from .theme import Theme

#: The space (mm) round the picture, and between its drawing and its notes.
MARGIN = 4.0
NOTES_GAP = 7.0
NOTE_STEP = 4.2
#: The size (points) of the notes, one line each ``NOTE_STEP`` mm apart.
NOTE_PT = 7.0


def picture(theme: Theme, items: Sequence[Item], *, width: float, bottom: float, title: str, notes: Sequence[str],
            body: str, name: str, untitled: str, note_pt: float = NOTE_PT) -> Document:
    """A one-page document: ``items`` (drawn ``width`` mm wide, margins included,
    down to ``bottom``) in a group labelled ``body``, ``title`` centred above it, each
    of ``notes`` a line below, ``note_pt`` points (larger for a drawing that a book
    prints smaller); the page is as wide as the widest of them.  ``name`` is the
    page's file stem, ``untitled`` its label when there is no title."""
    ink = theme.colours["ink"]
    head: list[Item] = []
    shift = 0.0
    if title:
        head.append(Text(width / 2, MARGIN + 3.5, title, 10, ink, "middle", bold=True))
        shift = 7.0
    y = bottom + NOTES_GAP + shift
    lines: list[Item] = []
    for text in notes:
        lines.append(Text(MARGIN, y, text, note_pt, ink))
        y += NOTE_STEP * note_pt / NOTE_PT
    group = Group(tuple(items), (1.0, 0.0, 0.0, 1.0, 0.0, shift), label=body)
    widest = max([text_width(t.text, t.size, t.bold, theme) for t in (*head, *lines) if isinstance(t, Text)], default=0.0)
    page = Page(max(width, widest + 2 * MARGIN), y + MARGIN - 2.0, (*head, group, *lines), name=name,
                label=title or untitled)
    return Document((page,), (), title or untitled)
