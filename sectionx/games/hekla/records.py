"""Hekla game records: where play starts and every turn, checked by ``replay``.

A record (``game: hekla`` with ``actions:``)::

    game: hekla
    format: 1
    bots: {red: greedy, green: random}   # who played (information only)
    seed: 3
    result: {winners: [red], ended_by: H8, turns: 71, track: {red: 52, green: 40}}   # replay checks it
    start: 05.yaml          # a position or puzzle beside the record, or one written
                            # inline with a position file's keys; left out: a new
                            # two-player game (HG5)
    actions: [place red2 c3, move green2 b2-b4, ...]

One turn a line, in the notation of :func:`.rules.parse_action`; a problem is told
at its line and column.  A record that starts from a puzzle (HQ1) gives the other
players ``pass`` on every turn: they sit out, whatever H1 would let them do.
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
from .rules import PASS, SEATS, Action, IllegalAction, Position, apply, parse_action, skip, start


@dataclass(frozen=True)
class Record:
    """A read record: its start (a position, and the puzzle's goal if it is one), the
    turns, and what it says of itself."""

    doc: Doc
    start: Position
    goal: Goal | None
    actions: tuple[Action, ...]
    result: dict[str, Any]
    title: str


def read(doc: Doc, folder: Path) -> Record:
    """The record in ``doc`` (a file in ``folder``); LoadError lists every problem of
    form, each at its line (not of legality: :func:`replay` finds those)."""
    form = check_schema(doc, "hekla_record")
    if form:
        raise LoadError(form)
    data = doc.data
    loaded = read_start(doc, folder, game="Hekla", load=formats.load, read_at=formats.read_at)
    actions = read_actions(doc, parse_action)
    position = loaded.position if loaded is not None else start()
    return Record(doc, position, loaded.goal if loaded else None, actions, dict(data.get("result") or {}),
                  str(data.get("title", "")))


@dataclass(frozen=True)
class Replayed:
    """What replaying found: the position after the last legal turn, how many turns
    were legal, and the first illegal one (its index and every reason), if any; for a
    puzzle start, after which of the player's own turns the goal's gain was reached."""

    final: Position
    played: int
    error: tuple[int, list[Problem]] | None
    reached_after: int | None = None


def replay(record: Record, on_turn: Callable[[int, Position], None] | None = None) -> Replayed:
    """Play ``record``'s turns through the referee, stopping at the first illegal one.

    From a puzzle (HQ1) the other players' turns must be ``pass`` and are played as
    sitting out (:func:`.rules.skip`)."""
    pos = record.start
    me = pos.to_move
    mine = 0
    reached = None
    for i, action in enumerate(record.actions):
        before = pos
        if record.goal is not None and pos.to_move != me and not pos.over:
            if action != PASS:
                return Replayed(pos, i, (i, [Problem("HQ1", f"in a puzzle the other players pass every turn, "
                                                            f"so this turn is pass, not {action}")]), reached)
            pos = skip(pos)
        else:
            try:
                pos = apply(pos, action)
            except IllegalAction as exc:
                return Replayed(pos, i, (i, exc.problems), reached)
        if before.to_move == me:
            mine += 1
        if record.goal is not None and reached is None and pos.track[me] - record.start.track[me] >= record.goal.gain:
            reached = mine
        if on_turn is not None:
            on_turn(i + 1, pos)
    return Replayed(pos, len(record.actions), None, reached)


def result_of(pos: Position, turns: int) -> dict[str, Any]:
    """What a record says of its end (``result:``), as :func:`replay` will check it:
    the winners in seat order (none while the game goes on), the ruling that ended
    it (H8, H9, or null), the turns and each volcanist's fields."""
    return {"winners": [p.value for p in pos.winners], "ended_by": pos.ended_by, "turns": turns,
            "track": {p.value: t for p, t in zip(pos.players, pos.track)}}


def diagnostics(record: Record, result: Replayed) -> list[Diagnostic]:
    """The first illegal turn, every reason at its line; else every way the record's
    ``result:`` differs from what replaying it gives (H8, or H9 for a game it ended;
    a shared win's winners in any order)."""
    stated = dict(record.result)
    if isinstance(stated.get("winners"), list):
        stated["winners"] = sorted(stated["winners"], key=[p.value for p in SEATS].index)
    return replay_problems(record.doc, record.actions, result.error, result.final.player.value, stated,
                           result_of(result.final, result.played), result.final.ended_by or "H8")


def goal_outcome(record: Record, result: Replayed) -> str:
    """For a record from a puzzle, whether and when the goal's gain was reached (HQ1)."""
    if record.goal is None:
        return ""
    if result.reached_after is None:
        return f"; the puzzle's goal (gain {record.goal.gain}) is not met"
    within = "" if result.reached_after <= record.goal.within else f", beyond its limit of {record.goal.within}"
    return f"; the puzzle's goal is met: gain {record.goal.gain} in turn {result.reached_after}{within}"


def dumps(start_pos: Position, actions: list[Action] | tuple[Action, ...], *, title: str = "", header: str = "",
          start_ref: str | None = None, bots: dict[str, str] | None = None, seed: int | None = None,
          result: dict[str, Any] | None = None, goal: Goal | None = None) -> str:
    """A record that :func:`read` and :func:`replay` accept: ``start_ref`` (a file
    beside the record) or the start written inline, with a puzzle's ``goal`` (left
    out for a new two-player game), then one turn a line, with a comment after each
    turn that erupted."""
    lines = [f"# {h}" for h in header.splitlines()] + ["game: hekla", "format: 1"]
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
    elif start_pos != start() or goal is not None:
        lines.append("start:")
        lines += formats.position_lines(start_pos, "  ")
        if goal is not None:  # a puzzle's start: its other players pass (HQ1)
            lines.append(f"  goal: {{gain: {goal.gain}, within: {goal.within}}}")
    lines.append("actions:" if actions else "actions: []")
    pos = start_pos
    for a in actions:
        try:
            pos = apply(pos, a)  # apply checks the turn: explain first would check it twice
        except IllegalAction:
            pos = skip(pos)  # a puzzle's other players sit out (HQ1)
        lava = f"  # {len(pos.erupted)} eruption{'s' if len(pos.erupted) > 1 else ''}, lava {pos.lava_placed} of 20" \
            if pos.erupted else ""
        lines.append(f"  - {a}{lava}")
    return "\n".join(lines) + "\n"
