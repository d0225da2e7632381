"""Breakout rule figures whose every claim the referee checks (``sectionx illustrate``).

A figure is a Breakout position file (:mod:`.formats`, annotations for the
drawing) with a ``claims:`` list: what the figure shows, as statements about the
position that the referee (:mod:`.rules`) decides.  Each claim may say it in
words (``says:``, as a rulebook prints it) and is one of:

* ``legal: PUSH`` -- the player to move may play ``PUSH`` (``L3``, ``R5`` or
  ``pass``) now: :func:`~.rules.explain` finds no reason against it;
* ``illegal: PUSH`` with ``because: ID`` -- the player may not, and ruling ``ID``
  is among the referee's reasons (B4's bar, B3's pass, BW1's rows);
* ``after: PUSH`` (or a list, played in turn) with ``then:`` -- each push is
  legal when it is played, and afterwards the position is as ``then`` says; only
  what is written is compared:

  - ``wall``: the rows, top row first, as a position file writes them (``?``
    stands for any field); ``fields``: ``{FIELD: y|b|.}`` for single fields,
    a field written ``row.field`` (``"3.1"``) or as a label of the annotations;
  - ``to_move``, ``hands`` and ``escaped`` (per colour), ``barred`` (the push B4
    bars, or null), ``stalemate`` (B7's count, or null before it starts),
    ``breakout`` (its number), ``result`` (``yellow``, ``blue``, ``draw`` or
    null) and ``drawn_by`` (``B7``/``B9``);
  - ``fell_out``: the colours of the knots that fell out of the wall (B2), in
    order, over all the pushes played (``[]`` for none);
  - ``escape``: who escaped with the pushes and over which column of the wall top
    (``{player: yellow, column: 2}``, B6, BW2), or null for no escape;

* ``joined: [FIELD, ...]`` and/or ``apart: [FIELD, ...]`` -- the knots on the
  fields of ``joined`` are of one colour and joined left, right, up and down into
  one group (B5); the knot on the first field of ``apart`` is in no group with a
  knot on any of the others (a field of ``apart`` may be empty).

``after:`` without ``then:`` may stand before a ``legal``, ``illegal``,
``joined`` or ``apart`` claim, which then speaks of the position the pushes lead
to: ``after: L3`` with ``illegal: R3, because: B4`` -- "once yellow has pushed L3,
blue may not push R3".

A false claim, a push the notation does not read or a label the figure lacks is a
:class:`~sectionx.yamlsrc.Diagnostic` at the claim's line (rule ``claim``), so
``illustrate`` and a rulebook build stop with one line naming the file, the line
and the claim, and draw nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ... import figureclaims
from ...errors import NotationError
from ...figureclaims import CLAIM, Problems
from ...render import figures as pictures
from ...render.scene import Document
from ...render.theme import Theme
from ...yamlsrc import Diagnostic, Doc, LoadError, YamlPath, read_yaml
from . import art, formats
from .rules import PLAYERS, Player, Position, apply, drawn_by, explain, groups, parse_action, pushed

_LETTER = {Player.YELLOW: "y", Player.BLUE: "b", None: "."}


@dataclass(frozen=True)
class Figure:
    """A checked figure: the position file read, and how many claims held."""

    loaded: formats.Loaded
    claims: int


def figure_problems(path: Path, doc: Doc) -> list[Diagnostic]:
    """Every problem of the figure ``doc`` (read from ``path``), located: the file's,
    as ``sectionx validate`` finds them (a figure must be a position the rules
    allow before its claims mean anything), then each claim that does not hold."""
    return figureclaims.figure_problems(doc, "Breakout", formats.read, _check)


def check_figure(path: str | Path) -> Figure:
    """The figure at ``path``, every claim checked; LoadError lists its problems."""
    doc = read_yaml(path)
    problems = figure_problems(Path(path), doc)
    if problems:
        raise LoadError(problems)
    return Figure(formats.read(doc), len(figureclaims.claims(doc)))


def claim_count(doc: Doc) -> int:
    """How many claims the figure makes."""
    return len(figureclaims.claims(doc))


def claim_problems(doc: Doc, loaded: formats.Loaded) -> list[Diagnostic]:
    """Every claim of ``doc`` that ``loaded``'s position does not bear out, at its line."""
    return figureclaims.claim_problems(doc, loaded, _check)


@dataclass(frozen=True)
class Played:
    """What ``after:`` led to: the position, the colours that fell out, the escape."""

    position: Position
    fell_out: tuple[str, ...]
    escape: tuple[Player, int] | None


def play(pos: Position, pushes: list[str], said: str) -> Played | Problems:
    """``pushes`` played in turn through the referee, each legal when played; or the
    problem with the first that is not (a claim's ``after:``)."""
    fell: list[str] = []
    escape: tuple[Player, int] | None = None
    for i, text in enumerate(pushes):
        where: YamlPath = ("after", i) if len(pushes) > 1 else ("after",)
        try:
            action = parse_action(text)
        except NotationError as exc:
            return [(where, f"claim{said}: {exc}")]
        problems = explain(pos, action)
        if problems:
            done = f" after {' '.join(pushes[:i])}" if i else ""
            return [(where, f"false claim{said}: {action} is illegal{done}: {'; '.join(map(str, problems))}")]
        if not action.is_pass:
            _, out = pushed(pos.rows[action.row - 1], action.side, pos.to_move)
            if out is not None:
                fell.append(out.value)
        nxt = apply(pos, action)
        if len(nxt.tops) > len(pos.tops):
            escape = nxt.tops[-1]
        pos = nxt
    return Played(pos, tuple(fell), escape)


def facts(played: Played) -> dict[str, Any]:
    """The position after ``after:`` in the words ``then:`` uses (module docstring)."""
    pos = played.position
    return {
        "wall": ["".join(_LETTER[f] for f in row) for row in reversed(pos.rows)],
        "to_move": pos.to_move.value,
        "hands": {p.value: pos.hand(p) for p in PLAYERS},
        "escaped": {p.value: pos.escapes(p) for p in PLAYERS},
        "barred": None if pos.barred is None else str(pos.barred),
        "stalemate": pos.stalemate,
        "breakout": pos.breakout,
        "result": pos.result.value if isinstance(pos.result, Player) else pos.result,
        "drawn_by": drawn_by(pos),
        "fell_out": list(played.fell_out),
        "escape": None if played.escape is None else {"player": played.escape[0].value, "column": played.escape[1]},
    }


def _field(text: Any, loaded: formats.Loaded) -> tuple[int, int] | None:
    """A field written ``row.field`` or as a label of the figure's annotations."""
    for cell, label in loaded.marks.labels:
        if label == str(text):
            return cell
    parts = str(text).split(".")
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
        return None
    row, col = int(parts[0]), int(parts[1])
    wall = loaded.position.wall
    return (row, col) if 1 <= row <= wall.rows and 1 <= col <= wall.fields else None


def _named(text: Any, cell: tuple[int, int]) -> str:
    plain = f"{cell[0]}.{cell[1]}"
    return plain if str(text) == plain else f"{text} ({plain})"


_NOT_A_FIELD = "is neither a field of the wall (row.field, e.g. 3.1) nor a label of the figure"


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
        said += f", after {' '.join(figureclaims.as_list(claim['after']))}"
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
            return [(("because",), (f"false claim{said}: {action} is illegal, but because of {', '.join(ids)}, "
                                   f"not {claim.get('because')}"))]
        return []
    return _connection(claim, loaded, pos, said)


def _connection(claim: dict[str, Any], loaded: formats.Loaded, pos: Position, said: str) -> Problems:
    """``joined`` and ``apart`` (B5): groups of one colour joined left, right, up, down."""
    out: Problems = []
    for key in ("joined", "apart"):
        texts = claim.get(key)
        if not isinstance(texts, list) or not texts:
            continue
        cells = [_field(t, loaded) for t in texts]
        bad = [t for t, c in zip(texts, cells) if c is None]
        if bad:
            out.append(((key,), f"claim{said}: {bad[0]!r} {_NOT_A_FIELD}"))
            continue
        known = [(t, c) for t, c in zip(texts, cells) if c is not None]
        group_of = {cell: g for p in PLAYERS for g in groups(pos, p) for cell in g}
        if key == "joined":
            empty = [_named(t, c) for t, c in known if pos.at(*c) is None]
            if empty:
                out.append(((key,), f"false claim{said}: no knot lies on {empty[0]}"))
                continue
            first_t, first = known[0]
            for t, c in known[1:]:
                if c in group_of[first]:
                    continue
                a, b = _named(first_t, first), _named(t, c)
                if pos.at(*c) is not pos.at(*first):
                    out.append(((key,), (f"false claim{said}: {a} holds {_word(_LETTER[pos.at(*first)])} and {b} "
                                        f"{_word(_LETTER[pos.at(*c)])}: knots of two colours never join (B5)")))
                else:
                    out.append(((key,), (f"false claim{said}: {a} and {b} are not joined left, right, up or down "
                                        "through knots of their colour (B5)")))
                break
        else:
            first_t, first = known[0]
            mine = group_of.get(first, frozenset())
            owner = pos.at(*first)
            for t, c in known[1:]:
                if c in mine and owner is not None:
                    out.append(((key,), (f"false claim{said}: {_named(first_t, first)} and {_named(t, c)} are joined "
                                        f"(one group of {owner.value} knots, B5)")))
                    break
    return out


def _check_then(claim: dict[str, Any], loaded: formats.Loaded, played: Played, said: str) -> Problems:
    then = claim["then"] if isinstance(claim["then"], dict) else {}
    have = facts(played)
    wrong: list[str] = []
    pos = played.position
    for key, want in then.items():
        if key == "wall":
            wrong += _wall_differences(want, have["wall"])
        elif key == "fields":
            for text, letter in (want or {}).items():
                cell = _field(text, loaded)
                if cell is None:
                    return [(("then", "fields"), f"claim{said}: {text!r} {_NOT_A_FIELD}")]
                found = _LETTER[pos.at(*cell)]
                if found != str(letter):
                    wrong.append(f"field {_named(text, cell)} holds {_word(found)}, not {_word(str(letter))}")
        elif key in ("hands", "escaped"):
            for colour, n in (want or {}).items():
                if have[key].get(colour) != n:
                    wrong.append(f"{key}.{colour} is {have[key].get(colour)}, not {n}")
        elif key == "barred":
            got = have["barred"]
            expected = None if want is None else _normal(want)
            if got != expected:
                wrong.append(f"barred is {got or 'nothing'}, not {expected or 'nothing'}")
        elif key == "fell_out":
            if list(map(str, want or [])) != have["fell_out"]:
                fell = ", ".join(have["fell_out"]) or "none"
                wrong.append(f"fell_out is [{fell}], not [{', '.join(map(str, want or []))}]")
        elif have.get(key) != want:
            wrong.append(f"{key} is {_show(have.get(key))}, not {_show(want)}")
    if not wrong:
        return []
    done = f"after {' '.join(figureclaims.as_list(claim.get('after')))}, "
    return [(("then",), f"false claim{said}: {done}" + "; ".join(wrong))]


def _normal(text: Any) -> str:
    try:
        return str(parse_action(str(text)))
    except NotationError:
        return str(text)


def _word(letter: str) -> str:
    return {"y": "a yellow knot", "b": "a blue knot", ".": "no knot"}.get(letter, repr(letter))


def _show(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    return str(value)


def _wall_differences(want: Any, have: list[str]) -> list[str]:
    """Where the wall differs from ``want`` (rows top first, ``?`` any field)."""
    if not isinstance(want, list) or len(want) != len(have):
        return [f"the wall has {len(have)} rows, not {len(want) if isinstance(want, list) else want!r}"]
    out = []
    top = len(have)
    for i, (w, h) in enumerate(zip(want, have)):
        w = str(w).strip()
        if len(w) != len(h) or any(a not in ("?", b) for a, b in zip(w, h)):
            out.append(f"row {top - i} is {h!r}, not {w!r}")
    return out


# ---------------------------------------------------------------------- drawing


#: The box a rulebook prints a figure's drawing in (mm; the builder's ``figure_size``):
#: the wall, 110 mm square, at its size, so that its column and row names print at
#: 6.5 pt (in the builder's 78 mm they printed at 4.6 pt).
BOOK_BOX = (120.0, 112.0)
#: The size (points) of the facts under a figure drawn for a rulebook, which prints the
#: drawing at its size (:data:`BOOK_BOX`): the size of the book's captions.
BOOK_NOTE_PT = 8.0

#: The words a figure draws under its wall, in English, by key; a rulebook's language
#: file gives each in its language with the same ``{fields}`` (a line's first letter
#: is set in capitals).
WORDS: Mapping[str, str] = {
    "yellow": "yellow",
    "blue": "blue",
    "to_push": "{player} to push.",
    "hands": "Hands: yellow {yellow}, blue {blue}.",
    "barred": "{push} is barred (B4): a knot just fell out of row {row}.",
    "count": "Stalemate count: {count} of 10 turns (B7).",
    "escaped": "Escaped: yellow {yellow}, blue {blue} (3 win, B8).",
}


def notes(pos: Position, words: Mapping[str, str] = WORDS) -> list[str]:
    """A rule figure's facts under the wall, in ``words``: whose push and the hands,
    then what a rule depends on (B4's bar, B7/B9's count, escapes so far)."""
    w = {**WORDS, **words}

    def line(key: str, **fields: object) -> str:
        text = w[key].format(**fields)
        return text[:1].upper() + text[1:]

    hands = {p.value: pos.hand(p) for p in PLAYERS}
    out = [line("to_push", player=w[pos.to_move.value]) + " " + line("hands", **hands)]
    if pos.barred is not None:
        out.append(line("barred", push=pos.barred, row=pos.barred.row))
    if pos.stalemate is not None:
        out.append(line("count", count=pos.stalemate))
    if any(pos.escaped):
        out.append(line("escaped", **{p.value: pos.escapes(p) for p in PLAYERS}))
    return out


def drawing(loaded: formats.Loaded, theme: Theme, *, words: Mapping[str, str] = WORDS, text: bool = False) -> Document:
    """The figure's wall with its annotations on one page sized to it (cropped), its
    facts under it in ``words``; with ``text``, its title above and its caption below
    (as ``illustrate -o`` draws it), else neither (a rulebook sets them as text)."""
    items, g = art.wall_items(theme, loaded.position, coords=False, marks=loaded.marks)
    width = g.x0 + g.width + art.END + art.MARGIN
    # A book prints the drawing at its size (BOOK_BOX): its facts at the captions' size.
    size = art.NOTE_PT if text else BOOK_NOTE_PT
    lines = [part for note in notes(loaded.position, words)
             for part in art.wrap(note, width - 2 * art.MARGIN, theme, size)]
    if text and loaded.marks.caption:
        lines += art.wrap(loaded.marks.caption, width - 2 * art.MARGIN, theme)
    return pictures.picture(theme, items, width=width, bottom=g.y0 + g.height,
                            title=loaded.title if text else "", notes=lines, body="wall", name="breakout-figure",
                            untitled="Breakout figure", note_pt=size)


def draw_figure(path: Path, doc: Doc, theme: Theme, words: Mapping[str, str] = WORDS) -> Document:
    """The figure ``doc`` (read from ``path``) drawn for a rulebook: one page, cropped
    to the wall and its facts (in ``words``, :data:`WORDS` by default), without the
    title and caption the book sets as text.  The caller checks it first
    (:func:`figure_problems`); LoadError if it cannot be read."""
    return drawing(formats.read(doc), theme, words=words)


__all__ = ["CLAIM", "WORDS", "Figure", "Played", "check_figure", "claim_count", "claim_problems", "draw_figure", "drawing", "facts",
           "figure_problems", "notes", "play"]
