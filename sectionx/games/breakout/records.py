"""Breakout game records: where play starts and every turn, checked by ``replay``.

A record (``game: breakout`` with ``actions:``)::

    game: breakout
    format: 1
    bots: {yellow: winner, blue: random}   # who played (information only)
    seed: 3
    result: {winner: yellow, turns: 87, escaped: {yellow: 3, blue: 1}}   # replay checks it
    start: 05.yaml          # a position or puzzle beside the record, or one written
                            # inline with a position file's keys; left out: a new game (B1)
    actions: [L3, R5, pass, ...]

Each action is a push (``L3``, ``R5``) or ``pass`` (B3), one per turn; a problem is
told at its line and column.  A record that starts from a puzzle whose other player
passes (BQ1) gives that player ``pass`` on every turn, whatever their hand holds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...errors import Problem
from ...yamlsrc import Diagnostic, Doc, LoadError, check_schema, flow
from ..records import read_actions, read_start, replay_problems
from . import formats
from .formats import Goal
from .rules import PASS, Action, IllegalAction, Player, Position, apply, drawn_by, forced_pass, parse_action, start


@dataclass(frozen=True)
class Record:
    """A read record: its start (a position, and the puzzle's goal if it is one), the
    actions with where each is written, and what it says of itself."""

    doc: Doc
    start: Position
    goal: Goal | None
    actions: tuple[Action, ...]
    result: dict[str, Any]
    title: str


def read(doc: Doc, folder: Path) -> Record:
    """The record in ``doc`` (a file in ``folder``); LoadError lists every problem of
    form, each at its line (not of legality: :func:`replay` finds those)."""
    form = check_schema(doc, "breakout_record")
    if form:
        raise LoadError(form)
    data = doc.data
    loaded = read_start(doc, folder, game="Breakout", load=formats.load, read_at=formats.read_at)
    actions = read_actions(doc, parse_action)
    position = loaded.position if loaded is not None else start()
    return Record(doc, position, loaded.goal if loaded else None, actions, dict(data.get("result") or {}),
                  str(data.get("title", "")))


@dataclass(frozen=True)
class Replayed:
    """What replaying found: the position after the last legal turn, how many turns
    were legal, and the first illegal one (its index and every reason), if any; for a
    puzzle start, after which of its turns the goal player escaped (None: not)."""

    final: Position
    played: int
    error: tuple[int, list[Problem]] | None
    escaped_after: int | None = None


def replay(record: Record, on_turn: Callable[[int, Position], None] | None = None) -> Replayed:
    """Play ``record``'s actions through the referee, stopping at the first illegal one.

    From a puzzle whose other player passes (BQ1), that player's turns must be
    ``pass`` and are played as the puzzle's forced pass."""
    pos = record.start
    solo = record.goal is not None and record.goal.passes
    me = pos.to_move
    mine = 0
    escaped_after = None
    for i, action in enumerate(record.actions):
        before = pos
        if solo and pos.to_move is not me and not pos.over:
            if action != PASS:
                return Replayed(pos, i, (i, [Problem("BQ1", f"the puzzle's other player passes every turn, "
                                                            f"so this turn is pass, not {action}")]), escaped_after)
            pos = forced_pass(pos)
        else:
            try:
                pos = apply(pos, action)
            except IllegalAction as exc:
                return Replayed(pos, i, (i, exc.problems), escaped_after)
        if before.to_move is me:
            mine += 1
        if record.goal is not None and escaped_after is None and pos.escapes(me) > before.escapes(me):
            escaped_after = mine
        if on_turn is not None:
            on_turn(i + 1, pos)
    return Replayed(pos, len(record.actions), None, escaped_after)


def result_of(pos: Position, turns: int) -> dict[str, Any]:
    """What a record says of its end (``result:``), as :func:`replay` will check it."""
    out: dict[str, Any] = {}
    if pos.over:
        out["winner"] = pos.result.value if isinstance(pos.result, Player) else None
        if pos.result == "draw":
            out["drawn_by"] = drawn_by(pos)
    out["turns"] = turns
    out["escaped"] = {p.value: pos.escapes(p) for p in (Player.YELLOW, Player.BLUE)}
    return out


def diagnostics(record: Record, result: Replayed) -> list[Diagnostic]:
    """The first illegal turn, every reason at its line; else every way the record's
    ``result:`` differs from what replaying it gives (B8)."""
    return replay_problems(record.doc, record.actions, result.error, result.final.to_move.value, record.result,
                           result_of(result.final, result.played), "B8")


def goal_outcome(record: Record, result: Replayed) -> str:
    """For a record from a puzzle, whether and when the goal player escaped (BQ1)."""
    if record.goal is None:
        return ""
    if result.escaped_after is None:
        return "; the puzzle's goal is not met"
    within = "" if result.escaped_after <= record.goal.turns else f", beyond its limit of {record.goal.turns}"
    return f"; the puzzle's goal is met: an escape in turn {result.escaped_after}{within}"


def dumps(start_pos: Position, actions: list[Action] | tuple[Action, ...], *, title: str = "", header: str = "",
          start_ref: str | None = None, bots: dict[str, str] | None = None, seed: int | None = None,
          result: dict[str, Any] | None = None, goal: Goal | None = None) -> str:
    """A record that :func:`read` and :func:`replay` accept: ``start_ref`` (a file
    beside the record) or the start written inline (left out for a new game's start),
    then one action a line, with a comment at each new break-out."""
    lines = ([f"# {header}"] if header else []) + ["game: breakout", "format: 1"]
    if title:
        lines.append("title: " + flow(title))
    if bots:
        lines.append("bots: " + flow(bots))
    if seed is not None:
        lines.append(f"seed: {seed}")
    if result is not None:
        lines.append("result: " + flow(result))
    if start_ref is not None:
        lines.append("start: " + flow(start_ref))
    elif start_pos != start(start_pos.wall) or goal is not None:
        fields = formats.position_fields(start_pos)
        if goal is not None:  # a puzzle's start: BQ1 says whether the other player defends or passes
            fields["goal"] = {"escape_within": goal.turns, "opponent": "passes" if goal.passes else "defends"}
        lines.append("start:")
        lines += formats.fields_text(fields, "  ")
    lines.append("actions:" if actions else "actions: []")
    pos = start_pos
    for a in actions:
        if pos.turns == 0 and not pos.over and pos.knots(Player.YELLOW) + pos.knots(Player.BLUE) == 0:
            lines.append(f"  # break-out {pos.breakout}, {pos.to_move.value} opens")
        lines.append(f"  - {a}")
        try:
            pos = apply(pos, a)  # apply checks the turn: explain first would check it twice
        except IllegalAction:
            pos = forced_pass(pos)  # a puzzle's passing player (BQ1)
    return "\n".join(lines) + "\n"
