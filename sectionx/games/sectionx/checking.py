"""Checking files: read them (formats) and judge them (rules), one report per file.

This is the library behind ``sectionx validate``: it never raises for bad input,
it reports.  Scenario files (states and puzzles), board files and tile-set files
are told apart by their keys.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ... import games
from ...console import plural
from ...errors import Problem
from ...games import api
from ...hexgrid import Cell
from ...yamlsrc import Diagnostic, Doc, LoadError, read_yaml, shared_budget
from . import formats, play, puzzle, rules
from .formats import BUNDLED_BOARDS, BUNDLED_CATALOGUES, Loaded, Sources
from .model import Board, Catalogue, Goal, GoalKind, Scenario, State


@dataclass
class Report(api.Report):
    """What checking one Section X file found, with what ``show`` and the print
    commands go on to use."""

    loaded: Loaded | None = None
    #: The board or tile set read, for those kinds.
    definition: Board | Catalogue | None = None
    #: For a record: the position after its last legal action, and that action's count.
    final: State | None = None
    played: int = 0


def detect_kind(doc: Doc) -> str:
    """``scenario``, ``record``, ``board`` or ``catalogue``, from a file's top-level keys."""
    data = doc.data
    if isinstance(data, dict):
        if "actions" in data or "start" in data:
            return "record"
        if "players" in data:
            return "scenario"
        if isinstance(data.get("tiles"), list):
            return "catalogue"
        if {"island", "green", "radius", "cells"} & set(data):
            return "board"
    return "scenario"


def _located(sources: Sources, problems: list[Problem]) -> list[Diagnostic]:
    return sorted(sources.locate(p) for p in problems)


def describe_board(board: Board) -> str:
    return (f"board {board.name}: {len(board.cells)} cells, {len(board.island)} island, "
            f"{len(board.green)} green in {len(board.zones)} zones, {len(board.tile_cells)} tile cells")


def describe_catalogue(catalogue: Catalogue) -> str:
    kinds = catalogue.kind_counts()
    mix = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0])))
    return f"tile set {catalogue.name}: {len(catalogue.tiles)} tiles ({mix})"


def check_file(path: str | Path) -> Report:
    """Read and check one file as Section X's; never raises for bad input.  A file of
    another game gets one problem, at its ``game:`` key: this command reads Section
    X files only."""
    name = str(path)
    with shared_budget():
        try:
            doc = read_yaml(path)
            game = games.of(doc)
        except LoadError as exc:
            return Report(name, "file", exc.diagnostics)
        if not game.default:
            # Only the commands that are Section X's alone (sheet, illustrate, deck, book,
            # generate's folders) read files through here; the others ask the registry.
            return Report(name, game.name, [doc.diag(("game",), f"a {game.title} file: this command reads Section X "
                                                                 "files only (no game: key, or game: sectionx)")])
        report = check(Path(path), doc)
    report.diagnostics = games.own_file(name, report.diagnostics)
    return report


def check(path: Path, doc: Doc) -> Report:
    """Check a Section X file already read (``doc``): its kind from its keys, then
    every format and rule problem, located (the game's ``check`` command)."""
    name = str(path)
    kind = detect_kind(doc)
    if kind in ("board", "catalogue"):
        try:
            value, sources = formats.load_definition(path, kind)
        except LoadError as exc:
            return Report(name, kind, exc.diagnostics)
        return _definition_report(name, kind, value, sources)
    if kind == "record":
        return record_report(name, path)
    try:
        loaded = formats.load_doc(doc, Path(path).parent)
    except LoadError as exc:
        return Report(name, "scenario", exc.diagnostics)
    return scenario_report(name, loaded)


def _definition_report(name: str, kind: str, value: Board | Catalogue, sources: Sources) -> Report:
    if isinstance(value, Board):
        problems, summary = rules.check_board(value), describe_board(value)
    else:
        problems, summary = rules.check_catalogue(value), describe_catalogue(value)
    return Report(name, kind, _located(sources, problems), summary, definition=value)


def scenario_report(name: str, loaded: Loaded) -> Report:
    """Judge a loaded scenario: every rule problem, located."""
    scenario = loaded.scenario
    state = scenario.state
    kind = "puzzle" if scenario.is_puzzle else "state"
    summary = (f"{kind}: {len(state.players)} players on the {state.board.name} board, round {state.round}, "
               f"{len(state.tiles)} tile{'' if len(state.tiles) == 1 else 's'} placed, {state.current.colour} to move")
    g = scenario.goal
    if g is not None:
        summary += f"; goal {_goal_summary(g)}" + (f" within {plural(g.turns, 'turn')}" if g.turns else "")
    problems = rules.check_scenario(scenario) + check_annotations(scenario)
    return Report(name, kind, loaded.locate(problems), summary, loaded)


def _goal_summary(goal: Goal) -> str:
    """``free 2``, ``zone NE``, ``key``; an all goal lists its parts: ``all (free 2, key)``."""
    if goal.kind is GoalKind.ALL:
        return f"all ({', '.join(_goal_summary(p) for p in goal.parts)})"
    detail = {GoalKind.FREE: f" {goal.count}", GoalKind.ZONE: f" {goal.zone}"}.get(goal.kind, "")
    return f"{goal.kind}{detail}"


def check_annotations(scenario: Scenario) -> list[Problem]:
    """A1: every cell an annotation names lies on the board.  Annotations never
    affect play, so this is the only rule they answer to (labels' length is the
    schema's)."""
    a = scenario.annotations
    board = scenario.state.board
    out = []

    def off(cell: Cell) -> bool:
        return cell not in board.cells

    for cell, text in a.labels:
        if off(cell):
            out.append(Problem("A1", f"label {text!r} is on {cell}, which is not on the {board.name} board",
                               ("annotation-label", cell)))
    for i, arrow in enumerate(a.arrows):
        for j, cell in enumerate(arrow.cells):
            if off(cell):
                out.append(Problem("A1", f"arrow {i + 1} passes through {cell}, which is not on the {board.name} board",
                                   ("annotation-arrow", i, j)))
    for i, h in enumerate(a.highlights):
        if off(h.cell):
            out.append(Problem("A1", f"highlighted cell {h.cell} is not on the {board.name} board",
                               ("annotation-highlight", i)))
    return out


def record_report(name: str, path: str | Path) -> Report:
    """A record: its form, its start state, and the legality of every action (stops at the first illegal one)."""
    try:
        record = formats.load_record(path)
    except LoadError as exc:
        return Report(name, "record", exc.diagnostics)
    start = scenario_report(name, record.start)
    if not start.ok:
        return Report(name, "record", start.diagnostics)
    result = play.replay(record_start(record), record.actions)
    diagnostics = replay_diagnostics(record, result)
    s = result.final
    summary = (f"record: {plural(len(record.actions), 'action')}, {plural(result.turns, 'turn')}, round {s.round}, "
               + (f"game over, {s.ranking[0]} wins" if s.finished else "game not over"))
    if result.error is None:
        summary += goal_outcome(record)
    played = result.error[0] if result.error is not None else len(record.actions)
    return Report(name, "record", diagnostics, summary, final=s, played=played)


def record_start(record: formats.Record) -> State:
    """The position a record is played from: a puzzle's start plays by Q2 (only the
    goal's player takes turns), anything else as written."""
    scenario = record.start.scenario
    return puzzle.start(scenario) if scenario.is_puzzle else scenario.state


def goal_outcome(record: formats.Record) -> str:
    """For a record that starts from a puzzle, whether and when its actions meet the
    goal (Q4), as a clause to add to a summary; empty for a game record.  Call it
    only once the record is known to replay."""
    scenario = record.start.scenario
    if not scenario.is_puzzle:
        return ""
    verdict = puzzle.judge(scenario, record.actions)
    if not verdict.met:
        return "; the puzzle's goal is not met"
    where = f"in turn {verdict.turn}, after action {verdict.met_after}"
    if not verdict.within_limit:
        return f"; the puzzle's goal is met {where}, beyond its limit of {plural(verdict.limit or 0, 'turn')}"
    return f"; the puzzle's goal is met {where}"


def replay_diagnostics(record: formats.Record, result: play.Replay) -> list[Diagnostic]:
    """What replaying a record found: every reason the first illegal action is
    illegal, at its line and with its turn; else any way the claimed result differs."""
    if result.error is None:
        return _result_mismatch(record, result)
    index, turn, reasons = result.error
    who = result.final.current.colour
    return [record.diag(index, f"turn {turn} ({who}): {record.actions[index]} is illegal: {reason.message}", reason.rule)
            for reason in reasons]


def _result_mismatch(record: formats.Record, result: play.Replay) -> list[Diagnostic]:
    """The record's claimed result must be what replaying it gives."""
    claimed = record.result
    if not claimed:
        return []
    s = result.final
    actual = {"ranking": [c.value for c in s.ranking], "rounds": s.round, "turns": result.turns}
    if not s.finished:
        actual = {"unfinished": True, "rounds": s.round, "turns": result.turns}
    out = []
    for key, value in claimed.items():
        if actual.get(key) != value:
            out.append(record.doc.diag(("result", key), f"the record says {key} {value}, but replaying it gives {actual.get(key)}", "E4"))
    return out


def check_bundled() -> list[Report]:
    """Check the boards and tile sets shipped inside the package."""
    reports = []
    for name in BUNDLED_BOARDS:
        value, sources = formats.resolve_definition(name, "board")
        reports.append(_definition_report(f"<bundled board {name}>", "board", value, sources))
    for name in BUNDLED_CATALOGUES:
        value, sources = formats.resolve_definition(name, "catalogue")
        reports.append(_definition_report(f"<bundled tile set {name}>", "catalogue", value, sources))
    return reports
