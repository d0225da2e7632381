"""``sectionx solve`` for Der Tunnel: the answer to a puzzle (TQ1–TQ3, :mod:`.solver`)
told as text, JSON or YAML, checked against the file's ``answer:``, and with ``-o`` the
solution written as a record that ``replay`` accepts.

Exit status as for every game: 0 solved, 1 a file that is not valid, 3 proved
impossible within the turns (TQ2), 4 a ``--nodes`` or ``--time`` limit reached (the
answer unknown; what is proved is said).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NoReturn

import yaml

from ... import fileio
from ...console import IMPOSSIBLE, LIMIT, OK, Stop, fail, plural, refuse_given, say, warn
from ..records import start_reference
from . import records
from .formats import Loaded
from .model import Position, Score
from .puzzles import Puzzle
from .rules import cell_text
from .solver import Answer, Limits, NoQuestion, differences, solve_puzzle

EXIT = {"solved": OK, "impossible": IMPOSSIBLE, "unknown": LIMIT}


def solve(path: Path, loaded: Loaded, *, out: Path | None, seconds: float | None, nodes: int | None,
          turns: int | None, output: str) -> NoReturn:
    """Answer the puzzle of ``loaded`` (read from ``path``), say it, write the record."""
    puzzle = loaded.puzzle
    kind = "best" if puzzle is None else puzzle.goal.kind
    if kind == "end":
        refuse_given("a TQ3 question (the end's scoring) is answered by the referee, with no search to limit",
                     turns=turns, nodes=nodes, time=seconds)
    elif kind == "best":
        refuse_given("TQ1 asks about this turn alone (every legal turn is tried); --nodes and --time limit it",
                     turns=turns)
    try:
        answer = solve_puzzle(loaded, Limits(nodes, seconds, turns))
    except NoQuestion as exc:
        raise fail(f"{path}: {exc}") from None
    data = report(path, loaded, answer)
    if output != "text":
        text = json.dumps(data, indent=2) if output == "json" else yaml.safe_dump(data, sort_keys=False)
        say(text.rstrip("\n"))
    else:
        for line in text_lines(path, loaded, answer):
            say(line)
    if "recorded_answer_matches" in data and not data["recorded_answer_matches"]:
        assert puzzle is not None and puzzle.answer is not None
        warn(f"{path}: the answer recorded in the file is not what was proved: "
             + "; ".join(differences(puzzle.answer, answer)))
    if out is not None and answer.status == "solved":
        fileio.write_file(out, record_text(path, loaded, answer, out))
        if not fileio.is_stdout(out):
            warn(f"wrote {out}")
    raise Stop(EXIT[answer.status])


def _score(pos: Position, s: Score) -> dict[str, Any]:
    return {"kind": s.kind, "cells": [cell_text(c) for c in s.cells], "points": s.points,
            "for": [pos.players[i] for i in s.seats], "rule": s.rule, "detail": s.detail}


def report(path: Path, loaded: Loaded, answer: Answer) -> dict[str, Any]:
    """The answer as plain data (``--format json`` and ``yaml``)."""
    pos, puzzle = loaded.position, loaded.puzzle
    goal = answer.goal
    data: dict[str, Any] = {"file": str(path), "game": "tunnel", "question": goal.ruling, "status": answer.status,
                            "player": answer.player}
    if goal.kind == "best":
        tile = puzzle.drawn if puzzle is not None and puzzle.drawn else pos.next_tile()
        data |= {"tile": tile, "points": answer.best, "unique": answer.unique,
                 "choices": [{"move": str(c.move), "points": c.points, "same": [str(m) for m in c.same]}
                             for c in answer.choices], "tried": answer.nodes}
    elif goal.kind == "end":
        data |= {"after": str(answer.line[0]) if answer.line else None,
                 "scored": [_score(pos, s) for s in answer.scored], "sheet": [_score(pos, s) for s in answer.sheet],
                 "scores": dict(zip(answer.players, answer.scores, strict=True))}
    else:
        data |= {"goal": {goal.kind: goal.target, "within": goal.within}, "turns": answer.turns,
                 "limit": answer.limit, "first": [str(c.move) for c in answer.choices],
                 "unique_first_turn": answer.unique, "line": [str(m) for m in answer.line],
                 "points": list(answer.points), "proved_none_below": answer.proved_none_below + 1,
                 "nodes": answer.nodes}
    if puzzle is not None and puzzle.answer is not None and _comparable(puzzle, answer):
        data["recorded_answer_matches"] = not differences(puzzle.answer, answer)
    return data


def _comparable(puzzle: Puzzle, answer: Answer) -> bool:
    """A proved answer to the file's whole question (not one cut short by ``--turns``)."""
    if answer.status == "unknown":
        return False
    return not puzzle.goal.others_pass or answer.limit == puzzle.goal.within


def text_lines(path: Path, loaded: Loaded, answer: Answer) -> list[str]:
    """The answer in words."""
    pos = loaded.position
    goal = answer.goal
    who = answer.player
    if answer.status == "unknown":
        below = answer.proved_none_below
        proved = f"; not within {plural(below, 'turn')} (proved)" if below else ""
        return [f"{path}: unknown: the search limit was reached after {plural(answer.nodes, 'turn')} tried{proved}"]
    if goal.kind == "best":
        n = len(answer.choices)
        tile = answer.choices[0].move.tile
        lines = [f"{path}: {who} scores at most {plural(answer.best or 0, 'point')} this turn with {tile} "
                 f"(proved: all {plural(answer.nodes, 'legal turn')} tried); "
                 + ("the only best choice" if n == 1 else f"{n} best choices (turns ending in the same position "
                                                           "counted once)")]
        for c in answer.choices[:10]:
            lines.append(f"  {c.move}" + (f"   (the same as {'; '.join(map(str, c.same))})" if c.same else ""))
        if n > 10:
            lines.append(f"  ... and {n - 10} more that score as much")
        return lines
    if goal.kind == "end":
        lines = [f"{path}: the end's scoring (CB9, TU9) if the game ended now"
                 + (f", after {answer.line[0]}" if answer.line else "")]
        if answer.scored:
            lines.append(f"  {answer.line[0]} scores:")
            lines += ["  " + line for line in _sheet(pos, answer.scored)]
        lines.append("  the end's score sheet:" if answer.sheet else "  the end scores nothing: no follower is left "
                                                                   "on the board")
        lines += ["  " + line for line in _sheet(pos, answer.sheet)]
        lines.append("  totals: " + ", ".join(f"{p} {s}" for p, s in zip(answer.players, answer.scores, strict=True)))
        return lines
    what = (f"completes a road of {goal.target} or more tiles holding a follower of theirs" if goal.kind == "road"
            else f"scores {goal.target} or more points")
    if answer.status == "impossible":
        cannot = what.replace("completes", "cannot complete").replace("scores", "cannot score", 1)
        return [f"{path}: {who} {cannot} within {plural(answer.limit, 'turn')}, the others passing (proved)"]
    n = answer.turns or 0
    lines = [f"{path}: {who} {what} in {plural(n, 'turn')} at best (proved: not in fewer), the others passing"]
    lines.append(f"  first turns that do it ({len(answer.choices)}{', unique' if answer.unique else ''}): "
                 + "; ".join(str(c.move) for c in answer.choices[:10])
                 + (f"; ... and {len(answer.choices) - 10} more" if len(answer.choices) > 10 else ""))
    lines.append("  a line: " + "; ".join(f"{m} ({plural(p, 'point')})" for m, p in zip(answer.line, answer.points,
                                                                                         strict=True)))
    return lines


def _sheet(pos: Position, sheet: tuple[Score, ...]) -> list[str]:
    from .text import sheet_lines

    return sheet_lines(pos, list(sheet))


def record_text(path: Path, loaded: Loaded, answer: Answer, out: Path) -> str:
    """The answer's line as a record from the puzzle's file (referenced beside the
    record, else written inline): TQ1 the best turn, TQ2 the player's turns with the
    others passing between them (TQ2), TQ3 the move asked about."""
    pos = loaded.position
    actions: list[records.Action] = []
    placed = False  # the last move placed a tile: the turn passed (a tile put out keeps it, CB11)
    for move in answer.line:
        if answer.goal.others_pass and placed:
            actions += [records.PASS] * (len(pos.players) - 1)
        actions.append(move)
        placed = move.cell is not None
    what = {"best": "the best turn (TQ1)", "end": "the turn asked about (TQ3)"}.get(answer.goal.kind,
                                                                                   "a shortest line (TQ2)")
    return records.dumps(pos, actions, start_ref=start_reference(path, out), puzzle=loaded.puzzle,
                         header=f"Solution found by: sectionx solve {path}\n{what[0].upper()}{what[1:]}")
