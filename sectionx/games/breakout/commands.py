"""Breakout's answers to the house's commands (:class:`sectionx.games.api.Commands`).

Files are ``game: breakout`` positions and puzzles (:mod:`.formats`); the solver
proves the fewest pushes to a forced escape (:mod:`.solver`, BQ1).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from ...console import Stop, fail, say, tell, warn
from ...yamlsrc import Doc, LoadError
from .. import api
from . import formats

#: Exit status of ``solve``, as for every game.
SOLVED, INVALID, IMPOSSIBLE, LIMIT = 0, 1, 3, 4
#: Node budget when ``--nodes`` is not given: about half an hour of search on one core.
DEFAULT_NODES = 2_000_000


def _only_sectionx(**given: object) -> None:
    """Refuse, in one line, an option that only Section X has a use for."""
    for name, value in given.items():
        if value is not None:
            raise fail(f"--{name.replace('_', '-')}: Breakout has no such choice (it has two players, yellow and blue, "
                       "B1, and one wall, BW1)")


class Breakout:
    """The commands for ``game: breakout`` files and ``--game breakout``."""

    def check(self, path: Path, doc: Doc) -> api.Report:
        name = str(path)
        try:
            loaded = formats.read(doc)
        except LoadError as exc:
            return api.Report(name, "breakout", exc.diagnostics)
        return api.Report(name, "breakout", [], formats.summary(loaded))

    def bundled(self) -> list[api.Report]:
        return []  # Breakout ships no board or tile files: its wall is data in each file (BW3)

    def show(self, path: Path, doc: Doc) -> None:
        raise fail("show: Breakout files are not drawn as text yet (issue 13)")

    def new(self, options: api.NewOptions) -> str:
        raise fail("new: Breakout's set-up is not written yet (issue 13)")

    def replay(self, path: Path, doc: Doc, *, show: bool) -> None:
        raise fail("replay: Breakout records are not read yet (issue 13)")

    def play(self, options: api.PlayOptions) -> str:
        raise fail("play: Breakout records are not written yet (issue 13)")

    def simulate(self, options: api.SimulateOptions) -> None:
        raise fail("simulate: not wired for Breakout yet (issue 13)")

    def solve(self, path: Path, doc: Doc, options: api.SolveOptions) -> None:
        """The fewest turns to a forced escape (BQ1), the winning first pushes and a
        main line; exit codes as for every game."""
        from .solver import solve

        try:
            loaded = formats.read(doc)  # the checks validate makes of a Breakout file
        except LoadError as exc:
            tell(exc.diagnostics)
            raise Stop(INVALID) from None
        if loaded.goal is None:
            raise fail(f"{path}: no goal: block, so it is no puzzle (see docs/breakout.md)", INVALID)
        if options.out is not None:
            raise fail("--out: a Breakout solution is printed as its main line; there is no record to write yet", INVALID)
        limit = min(options.turns or loaded.goal.turns, loaded.goal.turns)
        answer = solve(loaded.position, limit, solo=loaded.goal.passes, node_limit=options.nodes or DEFAULT_NODES)
        status = "solved" if answer.turns is not None else "impossible" if answer.complete else "unknown"
        data: dict[str, Any] = {"file": str(path), "game": "breakout", "status": status, "turns": answer.turns,
                                "limit": limit, "first": [str(a) for a in answer.first], "line": [str(a) for a in answer.line],
                                "proved_none_below": answer.proved_none_below + 1, "nodes": answer.nodes}
        if loaded.has_answer and answer.complete:
            data["recorded_answer_matches"] = loaded.answer_turns == answer.turns
            if loaded.answer_turns != answer.turns:
                warn(f"{path}: the answer recorded in the file (turns {loaded.answer_turns}) is not what was proved "
                     f"(turns {answer.turns})")
        if options.output != "text":
            text = json.dumps(data, indent=2) if options.output == "json" else yaml.safe_dump(data, sort_keys=False)
            say(text.rstrip("\n"))
        elif status == "solved":
            who = loaded.position.to_move.value
            say(f"{path}: {who} escapes in {answer.turns} turn{'s' if answer.turns != 1 else ''} at best (proved: not in "
                f"fewer), {'the other player passing' if loaded.goal.passes else 'whatever the other player does'}")
            say(f"  winning first pushes: {' '.join(data['first'])}")
            say(f"  main line (the other player defending longest): {' '.join(data['line'])}")
        elif status == "impossible":
            say(f"{path}: no forced escape within {limit} turns (proved)")
        else:
            say(f"{path}: unknown: the node limit was reached; no escape within {answer.proved_none_below} turns (proved)")
        raise Stop({"solved": SOLVED, "impossible": IMPOSSIBLE}.get(status, LIMIT))

    def render(self, path: Path, doc: Doc, options: api.RenderOptions) -> None:
        raise fail("render: Breakout positions are not drawn yet (issue 13)")

    def kit(self, options: api.KitOptions) -> None:
        raise fail("kit: the Breakout kit is not built yet (issue 13)")


#: What the house calls (mypy checks here that Breakout answers every command).
COMMANDS: api.Commands = Breakout()
