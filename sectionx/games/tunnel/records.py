"""Der Tunnel game records: where play starts and every turn, checked by ``replay``.

A record (``game: tunnel`` with ``actions:``)::

    game: tunnel
    format: 1
    bots: {red: greedy, green: cutthroat}    # who played (information only)
    seed: 3
    result: {scores: {red: 31, green: 28}, winners: [red], turns: 72}   # replay checks it
    start: start.yaml       # a position file beside the record, or one written inline
                            # with a position file's keys (required: a game starts
                            # from a stack, which the record must name)
    actions:
      - U 1,0@1 f road:E    # one turn a line (the notation of rules.parse_move)
      - R out               # fits nowhere (CB11): the same player draws again

``result:`` holds the scores after the end's scoring (CB9) once the game is over (the
scores so far while it goes on), the winners (CB10: the most points; players level
share the win; none while the game goes on) and the turns played, tiles put out
included.  Every turn is checked by the referee; the first illegal one is told at its
line with every reason and its ruling id.

A record that starts from a TQ2 puzzle (:mod:`.puzzles`: ``goal: {road: L, within:
K}`` or ``{points: N, within: K}``, in the start file or inline) gives the other
players ``pass`` on every turn: they sit it out, drawing and placing nothing, as the
puzzle says.  ``pass`` is refused anywhere else (TQ2), and so is any other turn of
theirs; replay then says whether and when the puzzle's goal was met.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...errors import Problem
from ...yamlsrc import Diagnostic, Doc, LoadError, check_schema, flow
from ..records import read_actions, read_start, replay_problems
from . import formats
from .model import Position, Score
from .puzzles import Goal, Puzzle, gain, need
from .rules import IllegalMove, Move, parse_move, play


@dataclass(frozen=True)
class Pass:
    """A turn sat out by a TQ2 puzzle's other player (written ``pass``)."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
#: One line of ``actions:``.
Action = Move | Pass


def parse_action(text: str) -> Action:
    """``pass`` or a turn in the notation of :func:`.rules.parse_move`."""
    return PASS if isinstance(text, str) and text.strip() == "pass" else parse_move(text)


@dataclass(frozen=True)
class Record:
    """A read record: its start, the turns, and what it says of itself."""

    doc: Doc
    start: Position
    actions: tuple[Action, ...]
    result: dict[str, Any]
    title: str
    #: The puzzle the record starts from, if it does (its other players pass: TQ2).
    puzzle: Puzzle | None = None


def read(doc: Doc, folder: Path) -> Record:
    """The record in ``doc`` (a file in ``folder``); LoadError lists every problem of
    form and of its start, each at its line (not of legality: :func:`replay` finds
    those)."""
    form = check_schema(doc, "tunnel_record")
    if form:
        raise LoadError(form)
    loaded = read_start(doc, folder, game="Der Tunnel", load=formats.load, read_at=formats.read_at)
    assert loaded is not None  # the schema requires start:
    actions = read_actions(doc, parse_action)
    return Record(doc, loaded.position, actions, dict(doc.data.get("result") or {}), str(doc.data.get("title", "")),
                  loaded.puzzle)


@dataclass(frozen=True)
class Replayed:
    """What replaying found: the position after the last legal turn, how many turns
    were legal, the first illegal one (its index and every reason) if any, and what
    each legal turn scored (CB6-CB8, TU7)."""

    final: Position
    played: int
    error: tuple[int, list[Problem]] | None
    scored: tuple[tuple[Score, ...], ...] = ()
    #: From a TQ2 puzzle: after which of the player's turns its goal was met.
    reached_after: int | None = None


def replay(record: Record, on_turn: Callable[[int, Position, tuple[Score, ...]], None] | None = None) -> Replayed:
    """Play ``record``'s turns through the referee, stopping at the first illegal one.
    From a TQ2 puzzle every turn of the other players is ``pass`` (they sit it out)."""
    pos = record.start
    goal = record.puzzle.goal if record.puzzle is not None and record.puzzle.goal.others_pass else None
    me = pos.turn
    scored: list[tuple[Score, ...]] = []
    mine = toward = 0
    reached: int | None = None
    for i, action in enumerate(record.actions):
        wrong = _pass_problem(pos, action, goal, me)
        if wrong is not None:
            return Replayed(pos, i, (i, [wrong]), tuple(scored), reached)
        if isinstance(action, Pass):
            pos = pos.copy()
            pos.turn = (pos.turn + 1) % len(pos.players)
            lines: tuple[Score, ...] = ()
        else:
            mover = pos.turn
            try:
                turn = play(pos, action)
            except IllegalMove as exc:
                return Replayed(pos, i, (i, exc.problems), tuple(scored), reached)
            pos, lines = turn.position, turn.scored
            if goal is not None and mover == me and action.cell is not None:
                mine += 1
                toward += gain(goal, me, lines)
                if reached is None and toward >= need(goal):
                    reached = mine
        scored.append(lines)
        if on_turn is not None:
            on_turn(i + 1, pos, lines)
    return Replayed(pos, len(record.actions), None, tuple(scored), reached)


def _pass_problem(pos: Position, action: Action, goal: Goal | None, me: int) -> Problem | None:
    """Why ``action`` may not be played here as to passing (TQ2), or None: from a TQ2
    puzzle the others pass and only they; anywhere else nobody does."""
    passing = isinstance(action, Pass)
    if goal is None:
        return Problem("TQ2", "pass: only a TQ2 puzzle's other players pass (a game's players each play their turn, "
                              "CB2)") if passing else None
    if pos.over:
        return Problem("CB9", "the game is over: no tile is left to draw") if passing else None
    if pos.turn == me and passing:
        return Problem("TQ2", f"{pos.players[me]} is the puzzle's player and plays every turn; only the others pass")
    if pos.turn != me and not passing:
        return Problem("TQ2", f"in a TQ2 puzzle the other players pass every turn, so this turn of "
                              f"{pos.player} is pass, not {action}")
    return None


def goal_outcome(record: Record, result: Replayed) -> str:
    """For a record from a TQ2 puzzle, whether and when its goal was met."""
    if record.puzzle is None or not record.puzzle.goal.others_pass:
        return ""
    goal = record.puzzle.goal
    what = f"a road of {goal.target} tiles" if goal.kind == "road" else f"{goal.target} points"
    if result.reached_after is None:
        return f"; the puzzle's goal ({what}) is not met"
    beyond = "" if result.reached_after <= goal.within else f", beyond its limit of {goal.within}"
    return f"; the puzzle's goal is met: {what} in turn {result.reached_after}{beyond}"


def final_sheet(pos: Position) -> tuple[list[int], list[Score]]:
    """The scores after the end's scoring (CB9, TU9) and its score sheet, in board
    order; ``pos`` is left as it is."""
    after = pos.copy()
    sheet = after.final_scoring()
    return after.scores, sorted(sheet, key=lambda s: (s.cells[0][1], s.cells[0][0], s.kind, s.cells))


def winners(pos: Position, scores: list[int]) -> list[str]:
    """The players with the most points, in seat order (CB10); none while the game goes on."""
    if not pos.over:
        return []
    best = max(scores)
    return [p for p, s in zip(pos.players, scores, strict=True) if s == best]


def result_of(pos: Position, turns: int) -> dict[str, Any]:
    """What a record says of its end (``result:``), as :func:`replay` checks it."""
    scores = final_sheet(pos)[0] if pos.over else list(pos.scores)
    return {"scores": dict(zip(pos.players, scores, strict=True)), "winners": winners(pos, scores), "turns": turns}


#: The ruling each key of ``result:`` answers to.
_RESULT_RULES = {"scores": "CB9", "winners": "CB10", "turns": "CB2"}


def diagnostics(record: Record, result: Replayed) -> list[Diagnostic]:
    """The first illegal turn, every reason at its line; else every way the record's
    ``result:`` differs from what replaying gives (a shared win's winners in any
    order), each with the ruling it answers to."""
    if result.error is not None:
        return replay_problems(record.doc, record.actions, result.error, result.final.player, {}, {}, "CB2")
    actual = result_of(result.final, result.played)
    stated = dict(record.result)
    if isinstance(stated.get("winners"), list):
        order = list(result.final.players)
        stated["winners"] = sorted(stated["winners"], key=lambda p: order.index(p) if p in order else len(order))
    found: list[Diagnostic] = []
    for key, rule in _RESULT_RULES.items():
        if key in stated:
            found += replay_problems(record.doc, record.actions, None, "", {key: stated[key]}, actual, rule)
    return found


def _scored_comment(pos: Position, scored: tuple[Score, ...]) -> str:
    if not scored:
        return ""
    parts = []
    for s in scored:
        who = "+".join(pos.players[i] for i in s.seats) or "nobody"
        parts.append(f"{s.kind} {s.points} for {who} ({s.rule})")
    return "  # " + "; ".join(parts)


def dumps(start_pos: Position, actions: Sequence[Action], *, title: str = "", header: str = "",
          start_ref: str | None = None, bots: dict[str, str] | None = None, seed: int | None = None,
          result: dict[str, Any] | None = None, puzzle: Puzzle | None = None) -> str:
    """A record that :func:`read` and :func:`replay` accept: ``start_ref`` (a file
    beside the record) or the start written inline (with a TQ2 ``puzzle``'s goal, so
    that its other players may pass), then one turn a line, with a comment after each
    turn that scored (what, how much, for whom, the ruling)."""
    lines = [f"# {h}" for h in header.splitlines()] + ["game: tunnel", "format: 1"]
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
    else:
        lines.append("start:")
        lines += formats.position_lines(start_pos, "  ")
        if puzzle is not None and puzzle.goal.others_pass:
            lines.append(f"  goal: {puzzle.goal.flow()}   # the others pass (TQ2)")
    lines.append("actions:" if actions else "actions: []")
    pos = start_pos
    for move in actions:
        if isinstance(move, Pass):
            pos = pos.copy()
            pos.turn = (pos.turn + 1) % len(pos.players)
            lines.append("  - pass")
            continue
        try:
            turn = play(pos, move)
        except IllegalMove:  # written as given; replay tells what is wrong with it
            lines.append(f"  - {move}")
            continue
        lines.append(f"  - {move}{_scored_comment(pos, turn.scored)}")
        pos = turn.position
    return "\n".join(lines) + "\n"
