"""Rulebook figures whose every claim the rules engine checks (``sectionx illustrate``).

A figure is a scenario file (a position, with annotations for the drawing) with a
``claims:`` list: what the figure shows, as statements about the position that
the engine can decide.  Four kinds, each with an optional ``says:`` (the claim in
words, as a rulebook prints it):

* ``legal: ACTION`` -- the player to move may take ``ACTION`` now
  (:func:`sectionx.engine.explain` finds no problem);
* ``illegal: ACTION`` with ``because: ID`` -- the player may not, and ruling
  ``ID`` is among the reasons the engine gives;
* ``moves: CELL`` with ``allowed: [...]`` and/or ``refused: [...]`` (and an
  optional ``because: ID``) -- the tile on ``CELL`` may be moved (N2) to each
  allowed cell at some rotation, and to no refused cell at any rotation (every
  refusal citing ``because``, if given).  Cells may be written as ``q,r`` or as
  a label of the figure's annotations (``A``), as the rulebook's text names them;
* ``after: ACTION`` (or a list, taken in turn) with ``then:`` -- each action is
  legal, and afterwards the position is as ``then`` says, in the file's own words
  (``doors``, ``prisoners``, ``zones``, ``tiles`` with ``empty``, ``round``; only
  what is written is compared, lists as sets): "placing T16 makes blue's door
  leave", "these prisoners die in the collapse".

Actions use the notation of docs/format.md (``place T05 2,-1@3``).  A false
claim, an action the notation does not read or a label the figure lacks is a
:class:`~sectionx.yamlsrc.Diagnostic` at the claim's line, so a manual build
stops with one line naming the file, the line and the claim.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import actions, checking, engine
from .actions import Move
from .hexgrid import Cell, parse_cell
from .model import Claim, NotationError, PlaceKind, Scenario, State
from .yamlsrc import Diagnostic, Doc, LoadError, read_yaml

#: The rule id of a false claim's diagnostic: the claim, not a ruling, is at fault.
CLAIM = "claim"


@dataclass(frozen=True)
class Figure:
    """A checked figure: its scenario and how many claims held."""

    scenario: Scenario
    claims: int


def check_figure(path: str | Path) -> Figure:
    """Check the figure at ``path`` as ``sectionx validate`` checks a position (its
    form and every ruling), then every claim; LoadError lists the problems, each at
    its line.  A figure must be a position the rules allow before its claims mean
    anything."""
    report = checking.check_file(path)
    if not report.ok or report.loaded is None:
        raise LoadError(report.diagnostics or [Diagnostic(str(path), 1, 1, f"a {report.kind} file, not a figure", CLAIM)])
    scenario = report.loaded.scenario
    problems = claim_problems(read_yaml(path), scenario)
    if problems:
        raise LoadError(problems)
    return Figure(scenario, len(scenario.claims))


def claim_problems(doc: Doc, scenario: Scenario) -> list[Diagnostic]:
    """Every claim of ``scenario`` (read from ``doc``, which places them) that the
    position does not bear out."""
    out: list[Diagnostic] = []
    for i, claim in enumerate(scenario.claims):
        out += [doc.diag(("claims", i, key), message, CLAIM) for key, message in _check(claim, scenario)]
    return out


def _check(claim: Claim, scenario: Scenario) -> list[tuple[str, str]]:
    """(key of the claim the problem points at, message) for each way it fails."""
    state = scenario.state
    said = f" ({claim.says!r})" if claim.says else ""
    if claim.kind == "moves":
        return _check_moves(claim, scenario, said)
    if claim.kind == "after":
        return _check_after(claim, scenario, said)
    key = claim.kind
    try:
        action = actions.parse(claim.action)
    except NotationError as exc:
        return [(key, f"claim{said}: {claim.action!r} is not an action: {exc}")]
    problems = engine.explain(state, action)
    if key == "legal" and problems:
        return [(key, f"false claim{said}: {claim.action} is illegal: {'; '.join(map(str, problems))}")]
    if key == "illegal":
        if not problems:
            return [(key, f"false claim{said}: {claim.action} is legal")]
        rules = [p.rule for p in problems]
        if claim.because not in rules:
            return [("because", (f"false claim{said}: {claim.action} is illegal, but because of "
                                f"{', '.join(rules)}, not {claim.because}"))]
    return []


def _cell(text: str, scenario: Scenario) -> Cell | None:
    """A cell written as ``q,r`` or as a label of the figure's annotations."""
    for cell, label in scenario.annotations.labels:
        if label == text:
            return cell
    try:
        return parse_cell(text)
    except ValueError:
        return None


def _check_moves(claim: Claim, scenario: Scenario, said: str) -> list[tuple[str, str]]:
    state = scenario.state
    source = _cell(claim.moves, scenario)
    if source is None:
        return [("moves", f"claim{said}: {claim.moves!r} is neither a cell nor a label of the figure")]
    placed = state.tile_at.get(source)
    if placed is None:
        return [("moves", f"false claim{said}: no tile lies on {source}")]
    tile = state.catalogue[placed.tile]
    out: list[tuple[str, str]] = []
    for key, want, texts in (("allowed", True, claim.allowed), ("refused", False, claim.refused)):
        for text in texts:
            target = _cell(text, scenario)
            if target is None:
                out.append((key, f"claim{said}: {text!r} is neither a cell nor a label of the figure"))
                continue
            reasons = [engine.explain(state, Move(source, target, r)) for r in tile.distinct_rotations]
            legal = [r for r, problems in zip(tile.distinct_rotations, reasons, strict=True) if not problems]
            name = text if text == str(target) else f"{text} ({target})"
            if want and not legal:
                why = sorted({str(p) for problems in reasons for p in problems})
                out.append((key, f"false claim{said}: the tile on {source} may not move to {name}: {'; '.join(why)}"))
            elif not want and legal:
                out.append((key, (f"false claim{said}: the tile on {source} may move to {name} "
                                 f"(move {source} {target}@{legal[0]} is legal)")))
            elif not want and claim.because:
                rules = sorted({p.rule for problems in reasons for p in problems})
                if claim.because not in rules:
                    out.append(("because", (f"false claim{said}: moving to {name} is refused because of "
                                           f"{', '.join(rules)}, not {claim.because}")))
    return out


def facts(state: State) -> dict[str, Any]:
    """The position in the words ``then:`` uses, every colour and cell written out:
    doors and prisoners per colour, zones, tiles (``empty`` where none lies) and
    the round."""
    return {
        "doors": {p.colour.value: sorted(str(d) for d in p.doors) for p in state.players},
        "prisoners": {p.colour.value: {"island": p.count(PlaceKind.ISLAND), "freed": p.count(PlaceKind.FREED),
                                       "dead": p.count(PlaceKind.DEAD),
                                       "at": sorted(str(pl) for pl in p.prisoners
                                                    if pl.kind in (PlaceKind.TILE, PlaceKind.GREEN))}
                      for p in state.players},
        "zones": {z.name: state.zone_owner[z.name].value if z.name in state.zone_owner else None
                  for z in state.board.zones},
        "tiles": {str(c): str(state.tile_at[c]) if c in state.tile_at else "empty" for c in state.board.tile_cells},
        "round": state.round,
    }


def _differences(want: Any, have: Any, where: str) -> list[str]:
    """Where ``have`` differs from ``want``, comparing only what ``want`` writes
    (lists as sets of texts: the order of doors or prisoners means nothing)."""
    if isinstance(want, dict):
        if not isinstance(have, dict):
            return [f"{where} is {have!r}"]
        out: list[str] = []
        for key, value in want.items():
            name = f"{where}.{key}" if where else str(key)
            if key not in have:
                out.append(f"{name}: there is no {key!r} here")
            else:
                out += _differences(value, have[key], name)
        return out
    if isinstance(want, list):
        if sorted(map(str, want)) != sorted(map(str, have)):
            return [f"{where} is [{', '.join(map(str, have))}], not [{', '.join(map(str, want))}]"]
        return []
    return [] if want == have else [f"{where} is {have!r}, not {want!r}"]


def _check_after(claim: Claim, scenario: Scenario, said: str) -> list[tuple[str, str]]:
    state = scenario.state
    for text in claim.after:
        try:
            action = actions.parse(text)
        except NotationError as exc:
            return [("after", f"claim{said}: {text!r} is not an action: {exc}")]
        problems = engine.explain(state, action)
        if problems:
            return [("after", f"false claim{said}: {text} is illegal: {'; '.join(map(str, problems))}")]
        state = engine.apply(state, action)
    wrong = _differences(dict(claim.then), facts(state), "")
    if wrong:
        return [("then", f"false claim{said}: after {'; '.join(claim.after)}, " + "; ".join(wrong))]
    return []


__all__ = ["CLAIM", "Figure", "check_figure", "claim_problems", "facts"]
