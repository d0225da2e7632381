"""Breakout positions and puzzles in YAML, with FILE:LINE:COLUMN for every problem.

A position file (``game: breakout``) writes the wall as it stands, top row first::

    game: breakout
    format: 1
    wall:             # rows top (5) to bottom (1); y yellow, b blue, . empty
      - "....."
      - "..y.."
      - "..y.."
      - ".by.."
      - "bby.."
    to_move: yellow
    escaped: {yellow: 0, blue: 1}     # optional, default none
    tops: [{player: blue, column: 2}] # where escaped figures stand (BW2); optional
    barred: R3                        # the push B4 forbids next; optional
    stalemate: 4                      # turns since the count began (B7, B9); optional,
                                      # 0 on a full wall (B7: its count runs)
    turns: 37                         # turns played in this break-out (B9); optional
    breakout: 2                       # optional: 1 + the escapes so far (B6)
    goal: {escape_within: 5, opponent: defends}   # a puzzle (BQ1); or opponent: passes
    answer: {turns: 5, first: [R3], unique: true}   # a puzzle's proved answer: the fewest
                                      # turns, every winning first push, whether it is unique
    grade: {id: advanced/defends#7000012, tier: advanced, figures: {turns: 5}}   # generated
    annotations:                      # for pictures (sectionx render); optional
      fields: ["3.2", "3.3"]          # fields to highlight: row.field
      pushes: [L3]                    # push arrows to highlight
      labels: {"3.2": A}              # a letter or word on a field
      caption: "Yellow pushes L3 and the run slides along."

Hands are not written: within a break-out every knot is in the wall or in its
owner's hand (B2), so a hand is 13 minus the knots in the wall.  The wall's size is
the size of the rows written (BW3), each row as long as the others.

Checks, each at its line and column (a knot's column is its character in the row):
rows of one length, knots only ``y``, ``b`` or ``.``; at most 13 knots of a colour
(B1); escaped figures 0 to 3 (B8), with ``tops`` matching them (BW2); a bar on a
full row (B4: it follows a knot falling out of a full row); a stalemate count only
on a full wall or after 100 turns of the break-out, and under 10 (B7, B9), and on a
full wall always (a full wall without one has the count at 0: it filled with the
turn just played, B7); turns not fewer than the count, and a count begun by turn
100 (B9); turns that agree with whose push it is (B1: the opener pushes first);
the break-out one more than the escapes so far (B6); no rope standing (B6: a rope
escapes at once); the goal's numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...console import plural
from ...errors import NotationError
from ...yamlsrc import FORMAT, Diagnostic, Doc, LoadError, check_schema, flow, read_yaml
from .rules import FIGURES, KNOTS, LONG_TURNS, PLAYERS, STALEMATE_TURNS, Action, Player, Position, Wall, ropes

GAME = "breakout"
_KNOT = {"y": Player.YELLOW, "b": Player.BLUE, ".": None}


@dataclass(frozen=True)
class Goal:
    """BQ1: escape within ``turns`` of the player to move's turns, the other player
    defending (``passes`` False) or passing every turn."""

    turns: int
    passes: bool = False


@dataclass(frozen=True)
class Marks:
    """What a figure or puzzle card points out (``annotations:``): fields as
    (row, field) pairs, pushes, labels on fields, a caption."""

    fields: tuple[tuple[int, int], ...] = ()
    pushes: tuple[Action, ...] = ()
    labels: tuple[tuple[tuple[int, int], str], ...] = ()
    caption: str = ""


NO_MARKS = Marks()


@dataclass(frozen=True)
class Grade:
    """A generated puzzle's grade (``grade:``): the id ``sectionx generate --id``
    makes it again from, its tier and the measured figures behind it."""

    id: str
    tier: str
    figures: tuple[tuple[str, int], ...] = ()

    def figure(self, name: str, default: int = 0) -> int:
        return next((v for k, v in self.figures if k == name), default)


@dataclass(frozen=True)
class Loaded:
    """A read Breakout file: its position, the puzzle's goal and recorded answer
    (``answer:``: the fewest turns, and, when written, the winning first pushes and
    whether the answer is unique), its grade, title and description."""

    position: Position
    goal: Goal | None
    answer_turns: int | None
    has_answer: bool
    title: str
    doc: Doc
    marks: Marks = NO_MARKS
    answer_first: tuple[Action, ...] | None = None
    answer_unique: bool | None = None
    grade: Grade | None = None
    description: str = ""


def is_breakout(doc: Doc) -> bool:
    return isinstance(doc.data, dict) and doc.data.get("game") == GAME


class _Reader:
    """Reads a position at ``base`` in ``doc`` (the root of a position file, or a
    record's ``start:``), every problem at its line."""

    def __init__(self, doc: Doc, base: tuple[Any, ...] = ()):
        self.doc = doc
        self.base = base
        self.problems: list[Diagnostic] = []

    def bad(self, path: tuple[Any, ...], message: str, rule: str = FORMAT, column: int | None = None) -> None:
        # A message may name its ruling where it reads best; the line adds the id
        # once, at its end, so a trailing "(B1)" is not said twice.
        message = message.removesuffix(f" ({rule})")
        d = self.doc.diag(self.base + path, message, rule)
        if column is not None:
            # Inside a quoted row the knot's character is one column past the quote.
            d = Diagnostic(d.file, d.line, d.column + column, message, rule)
        self.problems.append(d)

    def whole(self, path: tuple[Any, ...], value: Any, low: int, high: int, what: str, rule: str = FORMAT) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            self.bad(path, f"{what} must be a whole number from {low} to {high}, not {value!r}", rule)
            return low
        return value

    def player(self, path: tuple[Any, ...], value: Any) -> Player:
        try:
            return Player(value)
        except ValueError:
            self.bad(path, f"{value!r} is not a player: yellow or blue (B1)", "B1")
            return Player.YELLOW


def read(doc: Doc) -> Loaded:
    """The Breakout position of ``doc``; LoadError lists every problem."""
    form = check_schema(doc, "breakout")  # the published schema's form first, as for Section X's files
    if form:
        raise LoadError(form)
    return read_at(doc, ())


def read_at(doc: Doc, base: tuple[Any, ...]) -> Loaded:
    """The position written at ``base`` in ``doc`` (its form already checked by the
    schema); LoadError lists every problem, each at its line."""
    r = _Reader(doc, base)
    node: Any = doc.data
    for key in base:
        node = node[key]
    data = node if isinstance(node, dict) else {}
    raw = data.get("wall")
    grid: list[tuple[Player | None, ...]] = []
    if not isinstance(raw, list) or not raw or not all(isinstance(x, str) for x in raw):
        r.bad(("wall",), "wall must be a list of rows, top row first, each a text of y, b and . (BW1)", "BW1")
    else:
        width = len(raw[0].strip())
        for i, text in enumerate(raw):
            row = text.strip()
            if len(row) != width or not 1 <= width <= 26:
                r.bad(("wall", i), f"row {len(raw) - i} has {plural(len(row), 'field')}; every row has the same length, "
                                   f"1 to 26 (BW3)", "BW3")
            cells = []
            for j, ch in enumerate(row):
                if ch not in _KNOT:
                    r.bad(("wall", i), f"{ch!r} at field {j + 1} of row {len(raw) - i} is not a knot: y (yellow), "
                                       "b (blue) or . (empty)", "BW1", column=j + 1)
                cells.append(_KNOT.get(ch))
            grid.append(tuple(cells[:width] + [None] * (width - len(cells))))
        if len(raw) > 26:
            r.bad(("wall",), f"{plural(len(raw), 'row')}; a wall has 1 to 26 (BW3)", "BW3")
    if r.problems:
        raise LoadError(r.problems)
    rows = tuple(reversed(grid))
    wall = Wall(len(rows), len(rows[0]))
    counts = {p: sum(f is p for row in rows for f in row) for p in PLAYERS}
    for p, n in counts.items():
        if n > KNOTS:
            r.bad(("wall",), f"{n} {p.value} knots in the wall; each player has {KNOTS} (B1)", "B1")
    to_move = r.player(("to_move",), data.get("to_move", "yellow"))
    esc_raw = data.get("escaped", {}) or {}
    escaped = [0, 0]
    if not isinstance(esc_raw, dict):
        r.bad(("escaped",), "escaped must map yellow and blue to their escaped figures")
    else:
        for k, v in esc_raw.items():
            p = r.player(("escaped", k), k)
            escaped[PLAYERS.index(p)] = r.whole(("escaped", k), v, 0, FIGURES, f"{p.value}'s escaped figures", "B8")
    tops_raw = data.get("tops", []) or []
    tops: list[tuple[Player, int]] = []
    if not isinstance(tops_raw, list):
        r.bad(("tops",), "tops must be a list of {player, column}")
    else:
        for i, t in enumerate(tops_raw):
            if not isinstance(t, dict):
                r.bad(("tops", i), "a top is {player: ..., column: ...}")
                continue
            p = r.player(("tops", i, "player"), t.get("player"))
            tops.append((p, r.whole(("tops", i, "column"), t.get("column"), 1, wall.fields, "column", "BW2")))
        if tops and [sum(p is q for p, _ in tops) for q in PLAYERS] != escaped:
            r.bad(("tops",), "tops must list one figure for each escaped figure (BW2)", "BW2")
    barred = None
    if data.get("barred") is not None:
        try:
            from .rules import parse_action

            barred = parse_action(str(data["barred"]))
        except NotationError as exc:
            r.bad(("barred",), str(exc), "B4")
        else:
            if barred.is_pass or not 1 <= barred.row <= wall.rows:
                r.bad(("barred",), f"barred must be a push into a row 1 to {wall.rows}", "B4")
                barred = None
            elif any(f is None for f in rows[barred.row - 1]):
                r.bad(("barred",), f"row {barred.row} is not full: a bar follows a knot falling out of a full row (B4)",
                      "B4")
    stalemate = None
    full = all(f is not None for row in rows for f in row)
    if data.get("stalemate") is not None:
        stalemate = r.whole(("stalemate",), data["stalemate"], 0, STALEMATE_TURNS - 1, "stalemate", "B7")
        if not full and data.get("turns", 0) < LONG_TURNS:
            r.bad(("stalemate",), f"the stalemate count runs only once the wall is full (B7) or after {LONG_TURNS} "
                                  "turns of a break-out (B9: give turns:)", "B7")
    elif full:
        # B7: a full wall has its count running, whatever the file says of it.  Left
        # out, the wall filled with the turn just played: the count is 0, the most
        # turns any position with this wall can have left before the draw.
        stalemate = 0
    # B6: every break-out but the last ends with exactly one escape (B7 and B8 end the
    # game), so break-out N follows N - 1 escapes; it decides who opens the next (B1).
    breakout = sum(escaped) + 1
    if data.get("breakout") is not None:
        written = r.whole(("breakout",), data["breakout"], 1, 10_000, "breakout")
        if written != breakout:
            r.bad(("breakout",), f"break-out {written}, but {sum(escaped)} figure{'s have' if sum(escaped) != 1 else ' has'} "
                                 f"escaped: each break-out before this one ended with one escape, so this is break-out "
                                 f"{breakout} (B6; it decides who opens the next, B1)", "B6")
    turns = stalemate or 0
    if data.get("turns") is not None:
        turns = r.whole(("turns",), data["turns"], 0, LONG_TURNS + STALEMATE_TURNS - 1, "turns", "B9")
        if stalemate is not None and turns < stalemate:
            r.bad(("turns",), f"{plural(turns, 'turn')} in this break-out, but the stalemate count says {stalemate} since the wall "
                              "filled (B7)", "B7")
    if data.get("turns") is not None:
        # B1: the break-out's opener pushes first and turns alternate (a pass is a turn, B3),
        # so the turns played say whose push it is.
        opener = PLAYERS[(breakout - 1) % 2]
        due = opener if turns % 2 == 0 else opener.other
        if due is not to_move and data.get("to_move", "yellow") in ("yellow", "blue"):
            r.bad(("turns",), f"{plural(turns, 'turn')} played in break-out {breakout}, which {opener.value} opened: "
                              f"{due.value} pushes next, not {to_move.value} (B1)", "B1")
    if stalemate is None and turns >= LONG_TURNS:
        r.bad(("turns",), f"after {LONG_TURNS} turns of a break-out the stalemate count has started: give stalemate: "
                          f"{turns - LONG_TURNS} (B9)", "B9")
    if stalemate is not None and turns - stalemate > LONG_TURNS:
        r.bad(("stalemate",), f"the count started after turn {turns - stalemate}, but it starts by turn {LONG_TURNS} "
                              "at the latest (B9)", "B9")
    result: Player | None = next((p for p in PLAYERS if escaped[PLAYERS.index(p)] >= FIGURES), None)
    if result is not None:
        r.bad(("escaped",), f"{result.value} has {FIGURES} figures over the wall: the game is over (B8)", "B8")
    pos = Position(wall, rows, to_move, (KNOTS - counts[PLAYERS[0]], KNOTS - counts[PLAYERS[1]]),
                   (escaped[0], escaped[1]), tuple(tops), barred, stalemate, breakout, turns)
    for p in PLAYERS:
        if ropes(pos, p):
            r.bad(("wall",), f"{p.value} has a rope standing in the wall; a rope escapes at once (B6)", "B6")
    goal = None
    answer_turns: int | None = None
    if data.get("goal") is not None:
        g = data["goal"]
        if not isinstance(g, dict) or "escape_within" not in g:
            r.bad(("goal",), "goal must be {escape_within: N, opponent: defends|passes} (BQ1)", "BQ1")
        else:
            n = r.whole(("goal", "escape_within"), g["escape_within"], 1, 30, "escape_within", "BQ1")
            opp = g.get("opponent", "defends")
            if opp not in ("defends", "passes"):
                r.bad(("goal", "opponent"), f"opponent must be defends or passes, not {opp!r} (BQ1)", "BQ1")
            goal = Goal(n, opp == "passes")
    has_answer = "answer" in data
    if has_answer:
        a = data["answer"]
        if not isinstance(a, dict) or "turns" not in a:
            r.bad(("answer",), "answer must be {turns: N} (null for none within the goal)")
        elif a["turns"] is not None:
            answer_turns = r.whole(("answer", "turns"), a["turns"], 1, 30, "answer turns")
    answer_first, answer_unique = _answer_more(r, data.get("answer"), wall)
    grade = _grade(r, data.get("grade"))
    marks = _marks(r, data.get("annotations"), wall)
    if r.problems:
        raise LoadError(r.problems)
    return Loaded(pos, goal, answer_turns, has_answer, str(data.get("title", "")), doc, marks, answer_first,
                  answer_unique, grade, str(data.get("description", "")))


def _answer_more(r: _Reader, data: Any, wall: Wall) -> tuple[tuple[Action, ...] | None, bool | None]:
    """``answer:``'s ``first`` (the winning first pushes, BQ1) and ``unique``."""
    if not isinstance(data, dict):
        return None, None
    from .rules import parse_action

    first: list[Action] | None = None
    if isinstance(data.get("first"), list):
        first = []
        for i, text in enumerate(data["first"]):
            try:
                push = parse_action(str(text))
            except NotationError as exc:
                r.bad(("answer", "first", i), str(exc), "BQ1")
                continue
            if push.row > wall.rows:
                r.bad(("answer", "first", i), f"{text!r} is not a push into rows 1 to {wall.rows} (BW1)", "BW1")
                continue
            first.append(push)
    unique = data.get("unique")
    return (tuple(first) if first is not None else None), (unique if isinstance(unique, bool) else None)


def _grade(r: _Reader, data: Any) -> Grade | None:
    """``grade:`` (its form checked by the schema; its tier one of the house's)."""
    if not isinstance(data, dict):
        return None
    from ...puzzlesets import TIERS

    tier = str(data.get("tier", ""))
    if tier not in TIERS:
        r.bad(("grade", "tier"), f"tier must be one of {', '.join(TIERS)}, not {tier!r}")
    figures = data.get("figures") or {}
    items = tuple((str(k), int(v)) for k, v in figures.items() if isinstance(v, int) and not isinstance(v, bool))
    return Grade(str(data.get("id", "")), tier, items)


def _field(r: _Reader, path: tuple[Any, ...], text: Any, wall: Wall) -> tuple[int, int] | None:
    """A field written ``row.field`` (``3.2``: row 3, field 2), inside the wall."""
    parts = str(text).split(".")
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):  # not ² or ٣
        r.bad(path, f"{text!r} is not a field: write row.field, e.g. 3.2 for row 3, field 2 (BW1)", "BW1")
        return None
    row, col = int(parts[0]), int(parts[1])
    if not (1 <= row <= wall.rows and 1 <= col <= wall.fields):
        r.bad(path, f"field {text} is outside the wall: rows 1 to {wall.rows}, fields 1 to {wall.fields} (BW1)", "BW1")
        return None
    return row, col


def _marks(r: _Reader, data: Any, wall: Wall) -> Marks:
    """``annotations:``: fields and pushes to highlight, labels on fields, a caption."""
    if not isinstance(data, dict):
        return NO_MARKS
    from .rules import parse_action

    fields = []
    for i, text in enumerate(data.get("fields", []) or []):
        if (f := _field(r, ("annotations", "fields", i), text, wall)) is not None:
            fields.append(f)
    pushes = []
    for i, text in enumerate(data.get("pushes", []) or []):
        try:
            push = parse_action(str(text))
        except NotationError as exc:
            r.bad(("annotations", "pushes", i), str(exc), "BW1")
            continue
        if push.is_pass or push.row > wall.rows:
            r.bad(("annotations", "pushes", i), f"{text!r} is not a push into rows 1 to {wall.rows} (BW1)", "BW1")
            continue
        pushes.append(push)
    labels = []
    for key, label in (data.get("labels", {}) or {}).items():
        if (f := _field(r, ("annotations", "labels", key), key, wall)) is not None:
            labels.append((f, str(label)))
    return Marks(tuple(fields), tuple(pushes), tuple(labels), str(data.get("caption", "")))


def load(path: str | Path) -> Loaded:
    return read(read_yaml(path))


def summary(loaded: Loaded) -> str:
    pos = loaded.position
    knots = sum(f is not None for row in pos.rows for f in row)
    what = "Breakout puzzle" if loaded.goal else "Breakout position"
    return f"{what}, {pos.wall.rows}x{pos.wall.fields} wall, {plural(knots, 'knot')}, {pos.to_move.value} to push"





_LETTER = {Player.YELLOW: "y", Player.BLUE: "b", None: "."}


def position_fields(pos: Position) -> dict[str, Any]:
    """The keys of a position file for ``pos`` (without ``game:``), defaults left out:
    what :func:`read_at` reads back to the same position."""
    out: dict[str, Any] = {"wall": ["".join(_LETTER[f] for f in row) for row in reversed(pos.rows)],
                           "to_move": pos.to_move.value}
    if any(pos.escaped):
        out["escaped"] = {p.value: pos.escapes(p) for p in PLAYERS}
        out["tops"] = [{"player": p.value, "column": c} for p, c in pos.tops]
    if pos.barred is not None:
        out["barred"] = str(pos.barred)
    if pos.stalemate is not None:
        out["stalemate"] = pos.stalemate
    if pos.breakout != sum(pos.escaped) + 1:
        out["breakout"] = pos.breakout
    if pos.turns:
        out["turns"] = pos.turns
    return out


def dumps(pos: Position, *, title: str = "", header: str = "") -> str:
    """A position file for ``pos`` (``game: breakout``), which :func:`read` reads back
    to the same position; ``header`` becomes a comment line at the top."""
    lines = ([f"# {header}"] if header else []) + [f"game: {GAME}", "format: 1"]
    if title:
        lines.append("title: " + flow(title))
    lines += fields_text(position_fields(pos))
    return "\n".join(lines) + "\n"


def fields_text(fields: dict[str, Any], indent: str = "") -> list[str]:
    """A position's keys as YAML lines, the wall a row a line, top row first."""
    out = [f"{indent}wall:{' ' * 12}# rows {len(fields['wall'])} (top) to 1 (bottom); y yellow, b blue, . empty"]
    out += [f'{indent}  - "{row}"' for row in fields["wall"]]
    out += [f"{indent}{k}: {flow(v)}" for k, v in fields.items() if k != "wall"]
    return out

__all__ = ["GAME", "Goal", "Grade", "Loaded", "dumps", "is_breakout", "load", "position_fields", "read", "read_at", "summary"]
