"""Hekla rule figures whose every claim the referee checks (``sectionx illustrate``).

A figure is a Hekla position file (:mod:`.formats`, with ``annotations:`` for the
drawing) and a ``claims:`` list: what the figure shows, as statements about the
position that the referee (:mod:`.rules`) decides.  Each claim may say it in words
(``says:``, as a rulebook prints it) and is one of:

* ``legal: TURN`` -- the player to move may play ``TURN`` now (``place red3 c3``,
  ``move green2 b2-e2 back 3``, ``... erupt c3-e3 e2-e4``, ``pass``):
  :func:`~.rules.explain` finds no reason against it;
* ``illegal: TURN`` with ``because: ID`` -- the player may not, and ruling ``ID``
  is among the referee's reasons (H2's empty field, H3's line, H5's order ...);
* ``scorable: [TRIPLE, ...]`` and/or ``unscorable: [TRIPLE, ...]`` -- each triple
  (written by its end fields, ``c3-e3``) is, or is not, scorable now (H4: three
  fields with a stone each, 8 or more, at most one lava stone in the middle);
* ``after: TURN`` (or a list, played in turn, each by the player then to move)
  with ``then:`` -- each turn is legal when it is played, and afterwards the
  position is as ``then`` says; only what is written is compared:

  - ``stones``: ``{FIELD: [STONES]}``, what lies on each field named (``[]`` for
    none; in any order); ``to_move``; ``quiet`` (H9's count);
  - ``erupted``: the triples that erupted, in order, over all the turns played
    (``[]`` for none; a triple that no longer erupts when its turn comes, H5, is
    not among them);
  - ``eruptions``: the same, each with what it did: ``triple``, ``sum`` (H4),
    ``gained`` (fields each colour's volcanist moved, H6) and ``lava`` (the lava
    stone put on its middle, ``lava0`` or ``lava1``, H7);
  - ``gained``: fields each colour's volcanist moved over all the turns (a
    back-step, H3, counts against it); ``track``: where each stands (fields
    advanced, HG3);
  - ``supply``: each colour's stones in hand, by value (in any order);
  - ``lava_placed``: lava stones on the board (of 20);
  - ``over``, ``winners``, ``ended_by`` (``H8``, ``H9`` or null).

``after:`` without ``then:`` may stand before a ``legal``, ``illegal``,
``scorable`` or ``unscorable`` claim, which then speaks of the position the turns
lead to: ``after: place red2 c3`` with ``unscorable: [a3-c3]``.  A field may be
written by its name (``c3``) or as a label of the figure's annotations.

A false claim, a turn the notation does not read, or a triple or label the figure
lacks is a :class:`~sectionx.yamlsrc.Diagnostic` at the claim's line (rule
``claim``), so ``illustrate`` and a rulebook build stop with one line naming the
file, the line and the claim, and draw nothing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ... import figureclaims
from ...errors import NotationError
from ...figureclaims import CLAIM, Problems
from ...render import figures as pictures
from ...render.scene import Circle, Document, Group, Item, Style, Text, rect, translate
from ...render.scene import Path as ScenePath
from ...render.theme import Theme
from ...yamlsrc import Diagnostic, Doc, LoadError, YamlPath, read_yaml
from . import art, formats
from .rules import (
    LAVA_STONES,
    Action,
    Field,
    Position,
    Triple,
    apply,
    explain,
    field_name,
    parse_action,
    parse_field,
    parse_triple,
    scorable,
    stages,
    triple_name,
)


@dataclass(frozen=True)
class Figure:
    """A checked figure: the position file read, and how many claims held."""

    loaded: formats.Loaded
    claims: int


def figure_problems(path: Path, doc: Doc) -> list[Diagnostic]:
    """Every problem of the figure ``doc`` (read from ``path``), located: the file's,
    as ``sectionx validate`` finds them (a figure must be a position the rules allow
    before its claims mean anything), then each claim that does not hold."""
    return figureclaims.figure_problems(doc, "Hekla", formats.read, _check)


def check_figure(path: str | Path) -> Figure:
    """The figure at ``path``, every claim checked; LoadError lists its problems."""
    doc = read_yaml(path)
    problems = figure_problems(Path(path), doc)
    if problems:
        raise LoadError(problems)
    return Figure(formats.read(doc), claim_count(doc))


def claim_count(doc: Doc) -> int:
    """How many claims the figure makes."""
    return len(figureclaims.claims(doc))


def claim_problems(doc: Doc, loaded: formats.Loaded) -> list[Diagnostic]:
    """Every claim of ``doc`` that ``loaded``'s position does not bear out, at its line."""
    return figureclaims.claim_problems(doc, loaded, _check)


@dataclass(frozen=True)
class Eruption:
    """One eruption of the turns played (H6, H7): the triple, its sum, the fields
    each seat's volcanist moved, and the lava stone put on its middle."""

    triple: Triple
    total: int
    gained: tuple[int, ...]
    lava: str


@dataclass(frozen=True)
class Played:
    """What ``after:`` led to: the position, and every eruption in order."""

    start: Position
    position: Position
    eruptions: tuple[Eruption, ...]


def play(pos: Position, turns: list[str], said: str) -> Played | Problems:
    """``turns`` played in turn through the referee, each legal when played, with
    every eruption they set off (:func:`~.rules.stages`); or the problem with the
    first that is not (a claim's ``after:``)."""
    begin = pos
    found: list[Eruption] = []
    for i, text in enumerate(turns):
        where: YamlPath = ("after", i) if len(turns) > 1 else ("after",)
        try:
            action = parse_action(text)
        except NotationError as exc:
            return [(where, f"claim{said}: {exc}")]
        problems = explain(pos, action)
        if problems:
            done = f" after {'; '.join(turns[:i])}" if i else ""
            return [(where, f"false claim{said}: {action} is illegal{done}: {'; '.join(map(str, problems))}")]
        found += eruptions_of(pos, action)
        pos = apply(pos, action)
    return Played(begin, pos, tuple(found))


def eruptions_of(pos: Position, action: Action) -> list[Eruption]:
    """The eruptions a legal turn sets off, in order, with what each did (H5-H7)."""
    before, steps = stages(pos, action)
    out = []
    for triple, after in steps:
        if after is None:
            continue
        total = sum(s.value for f in triple for s in before.at(f))
        lava = after.at(triple[1])[-1]
        out.append(Eruption(triple, total, tuple(a - b for a, b in zip(after.track, before.track)), str(lava)))
        before = after
    return out


def facts(played: Played) -> dict[str, Any]:
    """The position after ``after:`` in the words ``then:`` uses (module docstring)."""
    pos = played.position
    colours = [p.value for p in pos.players]
    return {
        "to_move": pos.player.value,
        "quiet": pos.quiet,
        "erupted": [triple_name(e.triple) for e in played.eruptions],
        "eruptions": [{"triple": triple_name(e.triple), "sum": e.total, "lava": e.lava,
                       "gained": {c: g for c, g in zip(colours, e.gained) if g}} for e in played.eruptions],
        "gained": {c: a - b for c, a, b in zip(colours, pos.track, played.start.track)},
        "track": dict(zip(colours, pos.track)),
        "supply": {c: sorted(s) for c, s in zip(colours, pos.supplies)},
        "lava_placed": pos.lava_placed,
        "over": pos.over,
        "winners": [p.value for p in pos.winners],
        "ended_by": pos.ended_by,
    }


def _field(text: Any, loaded: formats.Loaded) -> Field | None:
    """A field written by its name (``c3``) or as a label of the figure's annotations."""
    for f, label in loaded.marks.labels:
        if label == str(text):
            return f
    try:
        f = parse_field(str(text))
    except NotationError:
        return None
    return f if loaded.position.board.inside(f) else None


def _triple(text: Any, loaded: formats.Loaded) -> Triple | None:
    try:
        t = parse_triple(str(text))
    except NotationError:
        return None
    return t if all(loaded.position.board.inside(f) for f in t) else None


_NOT_A_FIELD = "is neither a field of the area (a letter and a number, e.g. c3) nor a label of the figure"
_NOT_A_TRIPLE = "is not a triple of the area: its two end fields, three neighbouring fields in a row or column (c3-e3)"


def _check(claim: dict[str, Any], loaded: formats.Loaded) -> Problems:
    """(where under the claim, message) for each way ``claim`` fails."""
    said = figureclaims.said(claim)
    pos = loaded.position
    if "then" in claim:
        played = play(pos, figureclaims.as_list(claim.get("after")), said)
        if isinstance(played, list):
            return played
        return _check_then(claim, loaded, played, said)
    if "after" in claim:
        played = play(pos, figureclaims.as_list(claim["after"]), said)
        if isinstance(played, list):
            return played
        pos = played.position
        said += f", after {'; '.join(figureclaims.as_list(claim['after']))}"
    out: Problems = []
    if "legal" in claim or "illegal" in claim:
        key = "legal" if "legal" in claim else "illegal"
        try:
            action = parse_action(str(claim[key]))
        except NotationError as exc:
            return [((key,), f"claim{said}: {exc}")]
        problems = explain(pos, action)
        if key == "legal":
            return [((key,), f"false claim{said}: {action} is illegal: {'; '.join(map(str, problems))}")] if problems else []
        if not problems:
            return [((key,), f"false claim{said}: {action} is legal")]
        ids = [p.rule for p in problems]
        if claim.get("because") not in ids:
            return [(("because",), (f"false claim{said}: {action} is illegal, but because of {', '.join(ids)} "
                                   f"({'; '.join(p.message for p in problems)}), not {claim.get('because')}"))]
        return []
    for key, want in (("scorable", True), ("unscorable", False)):
        for text in claim.get(key) or []:
            t = _triple(text, loaded)
            if t is None:
                out.append(((key,), f"claim{said}: {text!r} {_NOT_A_TRIPLE}"))
            elif scorable(pos, t) != want:
                out.append(((key,), (f"false claim{said}: {triple_name(t)} is {'not ' if want else ''}scorable "
                                    f"({_why(pos, t)}, H4)")))
    return out


def _why(pos: Position, t: Triple) -> str:
    """Why a triple is or is not scorable, in words (H4)."""
    empty = [field_name(f) for f in t if not pos.at(f)]
    total = sum(s.value for f in t for s in pos.at(f))
    lava = sum(s.lava for s in pos.at(t[1]))
    parts = [f"{', '.join(empty)} {'holds' if len(empty) == 1 else 'hold'} no stone"] if empty else []
    parts.append(f"its stones add up to {total}")
    if lava > 1:
        parts.append(f"its middle {field_name(t[1])} holds {lava} lava stones")
    return "; ".join(parts)


def _check_then(claim: dict[str, Any], loaded: formats.Loaded, played: Played, said: str) -> Problems:
    then = claim["then"] if isinstance(claim["then"], dict) else {}
    have = facts(played)
    pos = played.position
    wrong: list[str] = []
    for key, want in then.items():
        if key == "stones":
            for text, stones in (want or {}).items():
                f = _field(text, loaded)
                if f is None:
                    return [(("then", "stones"), f"claim{said}: {text!r} {_NOT_A_FIELD}")]
                found = sorted(str(s) for s in pos.at(f))
                if found != sorted(map(str, stones or [])):
                    name = field_name(f) if field_name(f) == str(text) else f"{text} ({field_name(f)})"
                    wrong.append(f"{name} holds [{', '.join(found)}], not [{', '.join(map(str, stones or []))}]")
        elif key == "erupted":
            wanted = [_normal_triple(t) for t in want or []]
            if wanted != have["erupted"]:
                wrong.append(f"erupted is [{', '.join(have['erupted'])}], not [{', '.join(map(str, want or []))}]")
        elif key == "eruptions":
            wrong += _eruption_differences(want or [], have["eruptions"])
        elif key == "supply":
            for colour, values in (want or {}).items():
                got = have["supply"].get(colour)
                if got is None or got != sorted(values or []):
                    wrong.append(f"supply.{colour} is {_show(got)}, not {_show(sorted(values or []))}")
        elif key in ("gained", "track"):
            for colour, n in (want or {}).items():
                if have[key].get(colour) != n:
                    wrong.append(f"{key}.{colour} is {_show(have[key].get(colour))}, not {n}")
        elif key == "winners":
            if sorted(map(str, want or [])) != sorted(have["winners"]):
                wrong.append(f"winners is [{', '.join(have['winners'])}], not [{', '.join(map(str, want or []))}]")
        elif have.get(key) != want:
            wrong.append(f"{key} is {_show(have.get(key))}, not {_show(want)}")
    if not wrong:
        return []
    done = f"after {'; '.join(figureclaims.as_list(claim.get('after')))}, "
    return [(("then",), f"false claim{said}: {done}" + "; ".join(wrong))]


def _normal_triple(text: Any) -> str:
    try:
        return triple_name(parse_triple(str(text)))
    except NotationError:
        return str(text)


def _eruption_differences(want: list[Any], have: list[dict[str, Any]]) -> list[str]:
    """Where the eruptions differ from ``want`` (each compared on the keys it writes)."""
    if len(want) != len(have):
        got = ", ".join(e["triple"] for e in have) or "none"
        return [f"{len(have)} eruption{'s' if len(have) != 1 else ''} ({got}), not {len(want)}"]
    out = []
    for i, (w, h) in enumerate(zip(want, have), 1):
        if not isinstance(w, dict):
            continue
        for key, value in w.items():
            found = h.get(key)
            if key == "triple":
                value = _normal_triple(value)
            if key == "gained":
                value = {c: n for c, n in (value or {}).items() if n}
            if found != value:
                out.append(f"eruption {i} ({h['triple']}): {key} is {_show(found)}, not {_show(value)}")
    return out


def _show(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return str(value)


# ---------------------------------------------------------------------- drawing


#: The box a rulebook prints a figure's drawing in (mm, width and height; the builder's
#: ``figure_size``): tall enough that a cropped board prints at most a fifth smaller.
BOOK_BOX = (150.0, 126.0)
#: The size (points) a rulebook prints the facts under a figure, the field names and
#: the track's numbers at: the size of its captions.  The drawing sets them for the
#: scale the box prints it at (:func:`drawing`), so they print at this size, and at
#: three quarters of it where the book shrinks a figure to fit a page's foot.
BOOK_PT = 8.0
#: How much of the board around what a figure names its crop shows (mm): half a field,
#: so that the reader sees the neighbours and where the detail lies on the board.
CROP_MARGIN = art.FIELD * 0.5
#: A cropped figure is at least this many fields across, so that its facts wrap to
#: lines of a readable length.
CROP_MIN_FIELDS = 5

_NAMED = re.compile(r"\b([a-z])([0-9]{1,2})\b")

#: The words a figure draws under its board, in English, by key; a rulebook's language
#: file gives each in its language with the same ``{fields}`` (a line's first letter is
#: set in capitals).
WORDS: Mapping[str, str] = {
    "red": "red",
    "green": "green",
    "yellow": "yellow",
    "blue": "blue",
    "to_move": "{player} to move.",
    "hand": "Stones in hand: {hands}.",
    "hand_of": "{player} {stones}",
    "none": "none",
    "lava": "Lava on the board: {placed} of {all}; the next is a lava stone of value {value}.",
    "quiet": "Turns in a row without an eruption: {quiet} of {limit}.",
    "over": "The game is over.",
}


def notes(pos: Position, words: Mapping[str, str] = WORDS) -> list[str]:
    """A rule figure's facts under the board, in ``words``: whose turn and every
    player's stones in hand, then what a rule depends on (the lava placed once any
    is, H7/H8; the quiet count once it runs, H9)."""
    w = {**WORDS, **words}

    def line(key: str, **fields: object) -> str:
        text = w[key].format(**fields)
        return text[:1].upper() + text[1:]

    hands = ", ".join(w["hand_of"].format(player=w[p.value], stones=" ".join(map(str, pos.supply(p))) or w["none"])
                      for p in pos.players)
    out = [line("over") if pos.over else line("to_move", player=w[pos.player.value]), line("hand", hands=hands)]
    if pos.lava_placed and not pos.over:
        out.append(line("lava", placed=pos.lava_placed, all=sum(LAVA_STONES), value=0 if pos.lava[0] else 1))
    if pos.quiet and not pos.over:
        out.append(line("quiet", quiet=pos.quiet, limit=pos.quiet_limit))
    return out


def named_fields(loaded: formats.Loaded) -> set[Field]:
    """The fields and track fields a figure is about: the stones' fields, every field
    its annotations mark (fields, turns, triples, labels, the ways of the volcanists)
    and its claims name, and, where the figure moves a stone, the track field of the
    volcanist whose turn it is (its white line decides the moves, H3)."""
    pos, marks = loaded.position, loaded.marks
    board = pos.board
    out: set[Field] = {f for f, stones in pos.fields if stones}
    out.update(marks.fields)
    out.update(f for t in (*marks.triples, *marks.order) for f in t)
    out.update(f for f, _ in marks.labels)
    for action in marks.turns:
        out.update(f for f in (action.start, action.to) if f is not None)
    for _, begin, end in marks.runs:
        step = 1 if end >= begin else -1
        out.update(board.track_field(p) for p in range(begin, end + step, step))
    claims = loaded.doc.data.get("claims") if isinstance(loaded.doc.data, dict) else None
    moves = any(a.kind == "move" for a in marks.turns)
    for claim in claims if isinstance(claims, list) else []:
        if isinstance(claim, dict):
            for key, value in claim.items():
                if key != "says" and isinstance(value, str):
                    out.update((ord(m.group(1)) - ord("a"), int(m.group(2)) - 1) for m in _NAMED.finditer(value))
                    moves = moves or value.startswith("move ")
    area = set(board.fields)
    out = {f for f in out if f in area or f in board.inner or f in board.outer}
    if moves and not pos.over:
        out.add(board.track_field(pos.track[pos.players.index(pos.player)]))
    return out


def window(loaded: formats.Loaded, g: art.Geometry) -> tuple[float, float, float, float]:
    """The part of the drawn board (left, top, right, bottom, mm) a rulebook prints:
    the fields :func:`named_fields` finds with :data:`CROP_MARGIN` round them, at least
    :data:`CROP_MIN_FIELDS` across, within the board's edge.  A figure about the whole
    board gets the whole board."""
    boxes = [g.box(f) for f in named_fields(loaded)]
    w, h = g.size
    if not boxes:
        return g.x0, g.y0, g.x0 + w, g.y0 + h
    left = min(x for x, _ in boxes) - CROP_MARGIN
    right = max(x for x, _ in boxes) + art.FIELD + CROP_MARGIN
    top = min(y for _, y in boxes) - CROP_MARGIN
    bottom = max(y for _, y in boxes) + art.FIELD + CROP_MARGIN
    least = CROP_MIN_FIELDS * art.FIELD
    if right - left < least:
        grow = (least - (right - left)) / 2
        left, right = left - grow, right + grow
    # Within the board: a window past an edge slides back in.
    left, right = _inside(left, right, g.x0, g.x0 + w)
    top, bottom = _inside(top, bottom, g.y0, g.y0 + h)
    return left, top, right, bottom


def _inside(lo: float, hi: float, first: float, last: float) -> tuple[float, float]:
    """The span ``lo``..``hi`` moved (and cut) to lie within ``first``..``last``."""
    if hi - lo >= last - first:
        return first, last
    if lo < first:
        lo, hi = first, hi + first - lo
    if hi > last:
        lo, hi = lo - (hi - last), last
    return lo, hi


def drawing(loaded: formats.Loaded, theme: Theme, *, words: Mapping[str, str] = WORDS, text: bool = False,
            book: tuple[float, float] | None = None) -> Document:
    """The figure's board with its annotations on one page sized to it, its facts under
    it in ``words``; with ``text``, its title above and its caption below (as
    ``illustrate -o`` draws it), else neither (a rulebook sets them as text).  Field
    names are drawn: a rulebook's words name fields (c3).

    With ``book`` (the box, mm, a rulebook prints the drawing in), the board is cropped
    to the part the figure is about (:func:`window`) and framed, and the facts, the
    field names and the track's numbers are set so that they print at :data:`BOOK_PT`
    at the scale the box prints the drawing (the whole board, 170 mm across, printed at
    two fifths in a book's figure, had field names of 2 pt)."""
    if book is None:
        items, g = art.position_items(theme, loaded.position, coords=True, marks=loaded.marks)
        w, h = g.size
        return _page(loaded, theme, words, text, items, w, g.y0 + h, art.NOTE_PT)
    g = art.Geometry(loaded.position.board)
    left, top, right, low = window(loaded, g)
    k = 1.0
    for _ in range(4):  # the facts' height depends on the scale, the scale on their height: settle it
        size = BOOK_PT / k
        # Field names are 5.5 pt in the kit's art, the track's numbers 6 pt.
        items, g = art.position_items(theme, loaded.position, coords=True, marks=loaded.marks,
                                      text_scale=max(1.0, BOOK_PT / (5.5 * k)))
        kept = [it for it in items if _touches(it, (left, top, right, low))]
        corners = ((left, top), (right, top), (right, low), (left, low))
        board: list[Item] = [Group(tuple(kept), translate(art.MARGIN - left, art.MARGIN - top), clip=corners, label="crop"),
                 rect(art.MARGIN, art.MARGIN, right - left, low - top, Style(stroke=theme.colours["ink"], width=0.5))]
        doc = _page(loaded, theme, words, text, board, right - left, art.MARGIN + low - top, size)
        page = doc.pages[0]
        k = min(book[0] / page.width, book[1] / page.height, 1.0)
        if abs(BOOK_PT / k - size) < 0.05:
            break
    return doc


def _page(loaded: formats.Loaded, theme: Theme, words: Mapping[str, str], text: bool, items: list[Item],
          w: float, bottom: float, size: float) -> Document:
    width = w + 2 * art.MARGIN
    lines = [part for note in notes(loaded.position, words)
             for part in art.wrap(note, width - 2 * art.MARGIN, theme, size)]
    if text and loaded.marks.caption:
        lines += art.wrap(loaded.marks.caption, width - 2 * art.MARGIN, theme)
    return pictures.picture(theme, items, width=width, bottom=bottom, title=loaded.title if text else "",
                            notes=lines, body="board", name="hekla-figure", untitled="Hekla figure", note_pt=size)


def _touches(item: Item, box: tuple[float, float, float, float]) -> bool:
    """Whether ``item`` (a board's top-level item) may show inside ``box``: a text by its
    anchor, a circle by its square, a path by its points' bounds (a board draws no
    groups).  What lies wholly outside is dropped, not only clipped: a reader of the
    file (a screen reader, a text search) would find words no one can see."""
    left, top, right, bottom = box
    if isinstance(item, Text):
        return left - 1 <= item.x <= right + 1 and top - 1 <= item.y <= bottom + 8
    if isinstance(item, Circle):
        x0, y0, x1, y1 = item.cx - item.r, item.cy - item.r, item.cx + item.r, item.cy + item.r
    elif isinstance(item, ScenePath):
        xs, ys = zip(*item.points(), strict=True) if any(True for _ in item.points()) else ((0.0,), (0.0,))
        x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    else:
        return True
    return x1 >= left and x0 <= right and y1 >= top and y0 <= bottom


def draw_figure(path: Path, doc: Doc, theme: Theme, words: Mapping[str, str] = WORDS) -> Document:
    """The figure ``doc`` (read from ``path``) drawn for a rulebook: one page, cropped
    to the board and its facts (in ``words``, :data:`WORDS` by default), without the
    title and caption the book sets as text.  The caller checks it first
    (:func:`figure_problems`); LoadError if it cannot be read."""
    return drawing(formats.read(doc), theme, words=words, book=BOOK_BOX)


__all__ = ["CLAIM", "WORDS", "Eruption", "Figure", "Played", "check_figure", "claim_count", "claim_problems",
           "draw_figure", "drawing", "eruptions_of", "facts", "figure_problems", "notes", "play"]
