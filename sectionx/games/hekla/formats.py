"""Hekla positions and puzzles in YAML, with FILE:LINE:COLUMN for every problem
(issue 14); game records are :mod:`.records`.

A position file (``game: hekla``)::

    game: hekla
    format: 1
    players: 2                 # 2 to 4: red, green, then yellow, then blue (HG5)
    to_move: green
    stones:                    # field: its stones in place order, colour and value
      c3: [red3]
      d2: [green2, lava0]
    track: {red: 5, green: 0}  # fields each volcanist has advanced (HG3); default 0
    hot: [b2, d2, c4]          # optional (HG2)
    size: [5, 5]               # optional: columns and rows of the area, 3 to 26 (HG1)
    quiet: 6                   # turns in a row without an eruption (H9); default 0
    goal: {gain: 6, within: 2} # a puzzle (HQ1): the others pass
    answer: {turns: 2}         # its proved answer, once known
    annotations: {fields: [c3], turns: [move green2 d2-d4], triples: [c2-c4], erupts: [c2-c4, b3-d3],
                  labels: {c3: A}, caption: ...}

Supplies and the lava left are not written: every volcano stone not on the board is
in its owner's supply (HG5), and every lava stone not on the board is still to come,
value 0 before value 1 (H7).  Checks, each at its line: field names inside the area
(HG1), at most two stones a field (HG1), no more stones of a colour and value than
the player count gives (HG5), only the colours in play, no value-1 lava while
value-0 lava is left (H7), lava only on a field that can be a middle (H7: never a
corner), each field and hot field written once, a track count of 0 or more, a quiet
count of at most 20 rounds (H9: at 20 the game is over), an answer only with a goal
and a goal only in a game going on (HQ1), annotations inside the area.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from ...console import plural
from ...errors import NotationError
from ...generating import MAX_UNIT_SEED
from ...yamlsrc import FORMAT, Diagnostic, Doc, LoadError, check_schema, read_yaml
from .rules import (
    LAVA,
    LAVA_STONES,
    QUIET_ROUNDS,
    SEATS,
    STONES,
    Action,
    Board,
    Field,
    Player,
    Position,
    Stone,
    Triple,
    field_name,
    parse_action,
    parse_field,
    parse_triple,
    result,
)

GAME = "hekla"


@dataclass(frozen=True)
class Goal:
    """A puzzle's question (HQ1): can the player to move gain at least ``gain`` track
    fields within ``within`` of their turns, while the other players pass?"""

    gain: int
    within: int


@dataclass(frozen=True)
class Marks:
    """What a picture points out (``annotations:``): fields, turns drawn as arrows
    or rings, triples, labels on fields, a caption."""

    fields: tuple[Field, ...] = ()
    turns: tuple[Action, ...] = ()
    triples: tuple[Triple, ...] = ()
    labels: tuple[tuple[Field, str], ...] = ()
    caption: str = ""
    #: Triples outlined and numbered 1, 2, ... in the order they erupt (H5; ``erupts:``).
    order: tuple[Triple, ...] = ()
    #: Volcanists' ways along the track: (player, from, to) in fields advanced (HG3);
    #: a way back (H3's back-step) is drawn dashed.  Solution sheets set these.
    runs: tuple[tuple[Player, int, int], ...] = ()


NO_MARKS = Marks()


@dataclass(frozen=True)
class Grade:
    """A generated puzzle's grade (``grade:``): the id that makes it again
    (``sectionx generate --game hekla --id``), its tier and the measured figures
    behind it (docs/hekla.md)."""

    id: str
    tier: str
    figures: tuple[tuple[str, int], ...] = ()

    def figure(self, name: str, default: int = 0) -> int:
        return dict(self.figures).get(name, default)


@dataclass(frozen=True)
class Loaded:
    """A read Hekla file: its position, and for a puzzle its goal and recorded answer
    (``answer_turns`` None: recorded as impossible within the limit; ``answer_lines``
    the number of winning lines, 1 for a unique puzzle, when recorded) and grade."""

    position: Position
    title: str
    doc: Doc
    goal: Goal | None = None
    answer_turns: int | None = None
    has_answer: bool = False
    marks: Marks = NO_MARKS
    answer_lines: int | None = None
    grade: Grade | None = None


def is_hekla(doc: Doc) -> bool:
    return isinstance(doc.data, dict) and doc.data.get("game") == GAME


def read(doc: Doc) -> Loaded:
    """The Hekla position (or puzzle) of ``doc``; LoadError lists every problem."""
    form = check_schema(doc, "hekla")
    if form:
        raise LoadError(form)
    return read_at(doc, ())


def read_at(doc: Doc, base: tuple[Any, ...]) -> Loaded:
    """The position written at ``base`` in ``doc`` (the root of a position file, or a
    record's ``start:``; its form already checked by the schema); LoadError lists
    every problem, each at its line."""
    node: Any = doc.data
    for key in base:
        node = node[key]
    data: dict[str, Any] = node if isinstance(node, dict) else {}
    problems: list[Diagnostic] = []

    def bad(path: tuple[Any, ...], message: str, rule: str = FORMAT) -> None:
        problems.append(doc.diag(base + path, message.removesuffix(f" ({rule})"), rule))

    count = data.get("players", 2)
    seats = SEATS[:count]
    columns, rows = data.get("size", [5, 5])
    area = Board(columns, rows, frozenset())
    hot: set[Field] = set()
    for i, name in enumerate(data.get("hot", ["b2", "d2", "c4"])):
        try:
            f = parse_field(name)
        except NotationError as exc:
            bad(("hot", i), str(exc), "HG2")
            continue
        if not area.inside(f):
            bad(("hot", i) if "hot" in data else ("size",),
                f"{name} is not a field of the {columns} x {rows} area" + ("" if "hot" in data else
                                                                          ": name the hot fields (hot:)") + " (HG2)", "HG2")
        elif f in hot:
            bad(("hot", i), f"{name} is named twice; each hot field once (HG2)", "HG2")
        hot.add(f)
    board = Board(columns, rows, frozenset(hot))
    middles = {t[1] for t in board.triples()}
    fields: dict[Field, tuple[Stone, ...]] = {}
    held = {(p.value, v): 0 for p in seats for v in range(4)}
    lava_on = [0, 0]
    for name, stones in (data.get("stones") or {}).items():
        try:
            f = parse_field(str(name))
        except NotationError as exc:
            bad(("stones", name), str(exc), "HG1")
            continue
        if not board.inside(f):
            bad(("stones", name), f"{name} is not a field of the {board.width} x {board.height} area (HG1)", "HG1")
            continue
        if f in fields:
            bad(("stones", name), f"the field {field_name(f)} is written twice; write each field once (HG1)", "HG1")
            continue
        if len(stones) > 2:
            bad(("stones", name), f"{name} holds {len(stones)} stones; a field has two places (HG1)", "HG1")
        here = []
        for i, text in enumerate(stones):
            owner, value = text[:-1], int(text[-1])
            if owner == LAVA:
                lava_on[value] += 1
                if f not in middles:
                    bad(("stones", name, i), f"lava on {name}: lava is put only on the middle field of an erupting "
                                             f"triple, and {name}, a corner, is the middle of no triple (H7)", "H7")
            elif owner not in {p.value for p in seats}:
                bad(("stones", name, i), f"{owner} does not play in a {count}-player game: the colours are "
                                         + ", ".join(p.value for p in seats) + " (HG5)", "HG5")
                continue
            else:
                held[(owner, value)] += 1
            here.append(Stone(owner, value))
        fields[f] = tuple(here)
    for (owner, value), n in held.items():
        if n > STONES[count][value]:
            bad(("stones",), f"{n} {owner} stones of value {value} on the board; each player has "
                             f"{STONES[count][value]} with {count} players (HG5)", "HG5")
    for value in (0, 1):
        if lava_on[value] > LAVA_STONES[value]:
            bad(("stones",), f"{lava_on[value]} lava stones of value {value}; there are {LAVA_STONES[value]} (HG5)", "HG5")
    if lava_on[1] and lava_on[0] < LAVA_STONES[0]:
        bad(("stones",), f"value-1 lava on the board while {LAVA_STONES[0] - lava_on[0]} value-0 lava stones are left: "
                         "the 0s come first (H7)", "H7")
    raw = data.get("track") or {}
    progress = dict.fromkeys(seats, 0)
    for key, value in raw.items():
        who = next((p for p in seats if p.value == key), None)
        if who is None:
            bad(("track", key), f"{key} does not play in a {count}-player game (HG5)", "HG5")
        else:
            progress[who] = value
    track = tuple(progress[p] for p in seats)
    to_move = data.get("to_move", seats[0].value)
    if to_move not in [p.value for p in seats]:
        bad(("to_move",), f"{to_move} does not play in a {count}-player game (HG5)", "HG5")
        to_move = seats[0].value
    quiet = data.get("quiet", 0)
    if quiet > QUIET_ROUNDS * count:
        bad(("quiet",), f"quiet is {quiet}, but {QUIET_ROUNDS} rounds ({QUIET_ROUNDS * count} turns with {count} players) "
                        "without an eruption end the game (H9)", "H9")
    goal = None
    if isinstance(data.get("goal"), dict):
        goal = Goal(data["goal"]["gain"], data["goal"]["within"])
    answer = data.get("answer")
    if answer is not None and goal is None:
        bad(("answer",), "an answer belongs to a puzzle: add a goal: {gain: K, within: N} (HQ1)", "HQ1")
    grade = None
    if isinstance(data.get("grade"), dict):
        g = data["grade"]
        if not isinstance(answer, dict):
            bad(("grade",), "grade: only a solved puzzle is graded; it needs an answer: block (HQ1)", "HQ1")
        if int(str(g["id"]).partition("#")[2]) > MAX_UNIT_SEED:  # the largest --seed's last candidate
            bad(("grade", "id"), f"grade.id: the seed after # is at most {MAX_UNIT_SEED}")
        grade = Grade(str(g["id"]), str(g["tier"]), tuple((str(k), int(v)) for k, v in (g.get("figures") or {}).items()))
    marks = _marks(data.get("annotations"), board, bad)
    if problems:
        raise LoadError(problems)
    supplies = []
    for p in seats:
        left = [v for v in range(4) for _ in range(STONES[count][v] - held[(p.value, v)])]
        supplies.append(tuple(left))
    lava = (LAVA_STONES[0] - lava_on[0], LAVA_STONES[1] - lava_on[1])
    position = Position(board, seats, tuple(sorted(fields.items())), tuple(supplies), track, lava,
                        [p.value for p in seats].index(to_move), quiet)
    if position.lava_placed == sum(LAVA_STONES) or quiet == position.quiet_limit:
        position = replace(position, winners=result(position))  # the game is over (H8, H9)
    if goal is not None and position.over:
        raise LoadError([doc.diag(base + ("goal",), "the game is over (H8, H9): a puzzle needs a game going on", "HQ1")])
    return Loaded(position, str(data.get("title", "")), doc, goal,
                  answer.get("turns") if isinstance(answer, dict) else None, isinstance(answer, dict), marks,
                  answer.get("lines") if isinstance(answer, dict) else None, grade)


def _marks(data: Any, board: Board, bad: Callable[[tuple[Any, ...], str, str], None]) -> Marks:
    """``annotations:``: fields, turns and triples to highlight, labels on fields, a caption."""
    if not isinstance(data, dict):
        return NO_MARKS

    def field_at(path: tuple[Any, ...], text: Any) -> Field | None:
        try:
            f = parse_field(str(text))
        except NotationError as exc:
            bad(path, str(exc), "HG1")
            return None
        if not board.inside(f):
            bad(path, f"{text} is not a field of the {board.width} x {board.height} area (HG1)", "HG1")
            return None
        return f

    fields = [f for i, t in enumerate(data.get("fields", []) or [])
              if (f := field_at(("annotations", "fields", i), t)) is not None]
    turns = []
    for i, text in enumerate(data.get("turns", []) or []):
        try:
            action = parse_action(str(text))
        except NotationError as exc:
            bad(("annotations", "turns", i), str(exc), "H1")
            continue
        if action.kind == "pass" or not all(board.inside(f) for f in (action.start, action.to) if f is not None):
            bad(("annotations", "turns", i), f"{text!r} is not a placement or move on the area (H1)", "H1")
            continue
        turns.append(action)
    def triples_at(key: str) -> list[Triple]:
        found = []
        for i, text in enumerate(data.get(key, []) or []):
            try:
                t = parse_triple(str(text))
            except NotationError as exc:
                bad(("annotations", key, i), str(exc), "H4")
                continue
            if not all(board.inside(f) for f in t):
                bad(("annotations", key, i), f"{text} is not a triple of the area (H4)", "H4")
                continue
            found.append(t)
        return found

    triples = triples_at("triples")
    order = triples_at("erupts")
    labels = [(f, str(label)) for key, label in (data.get("labels", {}) or {}).items()
              if (f := field_at(("annotations", "labels", key), key)) is not None]
    return Marks(tuple(fields), tuple(turns), tuple(triples), tuple(labels), str(data.get("caption", "")),
                 tuple(order))


def load(path: str | Path) -> Loaded:
    return read(read_yaml(path))


def position_lines(pos: Position, indent: str = "") -> list[str]:
    """A position's keys as YAML lines (a file's, or a record's ``start:`` indented)."""
    lines = [f"players: {len(pos.players)}", f"to_move: {pos.player}"]
    if pos.fields:
        lines.append("stones:                    # field: its stones in place order")
        lines += [f"  {field_name(f)}: [{', '.join(str(s) for s in stones)}]" for f, stones in pos.fields]
    if any(pos.track):
        lines.append("track: {" + ", ".join(f"{p}: {t}" for p, t in zip(pos.players, pos.track)) + "}")
    if (pos.board.width, pos.board.height) != (Board().width, Board().height):
        lines.append(f"size: [{pos.board.width}, {pos.board.height}]      # columns, rows (HG1)")
    if pos.board.hot != Board().hot:
        lines.append("hot: [" + ", ".join(field_name(f) for f in sorted(pos.board.hot)) + "]")
    if pos.quiet:
        lines.append(f"quiet: {pos.quiet}                  # turns in a row without an eruption (H9)")
    return [indent + line for line in lines]


def dumps(pos: Position, *, title: str = "", header: str = "", goal: Goal | None = None,
          answer: int | None = None, has_answer: bool = False, lines: int | None = None,
          grade: Grade | None = None) -> str:
    """A position (or puzzle) file for ``pos`` that :func:`read` reads back to the same
    position; ``header`` becomes comment lines at the top.  A puzzle's answer may
    record its number of winning ``lines`` (1: unique), and a generated one its
    ``grade``."""
    out = [f"# {h}" for h in header.splitlines()] + [f"game: {GAME}", "format: 1"]
    if title:
        out.append(yaml.safe_dump({"title": title}, allow_unicode=True, width=10_000).strip())
    out += position_lines(pos)
    if goal is not None:
        out.append(f"goal: {{gain: {goal.gain}, within: {goal.within}}}   # the others pass (HQ1)")
        if has_answer:
            out.append(f"answer: {{turns: {'null' if answer is None else answer}"
                       + (f", lines: {lines}" if lines is not None else "") + "}")
    if grade is not None:
        out.append(f"grade:                     # docs/hekla.md: how the tier is measured\n  id: {grade.id}\n"
                   f"  tier: {grade.tier}")
        if grade.figures:
            out.append("  figures: {" + ", ".join(f"{k}: {v}" for k, v in grade.figures) + "}")
    return "\n".join(out) + "\n"


def summary(loaded: Loaded) -> str:
    pos = loaded.position
    stones = sum(len(s) for _, s in pos.fields)
    if loaded.goal is not None:
        answer = "" if not loaded.has_answer else (f", answer {plural(loaded.answer_turns, 'turn')}" if loaded.answer_turns
                                                   else ", answer: not within the limit")
        return (f"Hekla puzzle, {len(pos.players)} players: {pos.player} to gain {loaded.goal.gain} within "
                f"{plural(loaded.goal.within, 'turn')}, the others passing (HQ1){answer}")
    return (f"Hekla position, {len(pos.players)} players, {plural(stones, 'stone')} on the area, {pos.lava_placed} of 20 lava placed, "
            + (f"game over ({pos.ended_by})" if pos.over else f"{pos.player} to move"))
