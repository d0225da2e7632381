"""Hekla's answers to the house's commands (:class:`sectionx.games.api.Commands`).

Done: validate, show, new, solve (the best move this turn, exact) and simulate.
Still to come in issue 14, refused in one line until then: game records (play,
replay), pictures (render) and the kit.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import NoReturn

import yaml

from ...console import Stop, fail, refuse_given, say, say_figures, tell
from ...progress import progress_bar
from ...yamlsrc import Doc, LoadError
from .. import api
from . import formats, play, text
from .rules import SEATS, Board, start
from .solver import best_move

SOLVED, INVALID = 0, 1


def _players(players: int | None) -> int:
    return 2 if players is None else players


def _not_yet(what: str) -> NoReturn:
    raise fail(f"{what}: not built for Hekla yet (issue 14)")


class Hekla:
    """The commands for ``game: hekla`` files and ``--game hekla``."""

    def check(self, path: Path, doc: Doc) -> api.Report:
        try:
            loaded = formats.read(doc)
        except LoadError as exc:
            return api.Report(str(path), "hekla", exc.diagnostics)
        return api.Report(str(path), "hekla", [], formats.summary(loaded))

    def bundled(self) -> list[api.Report]:
        return []

    def show(self, path: Path, doc: Doc) -> None:
        try:
            loaded = formats.read(doc)
        except LoadError as exc:
            tell(exc.diagnostics)
            raise Stop(1) from None
        say(text.picture(loaded.position, title=loaded.title), nl=False)

    def new(self, options: api.NewOptions) -> str:
        refuse_given("Hekla has no such choice (HG1, HG5)", variant=options.variant, board=options.board,
                     colours=options.colours)
        players = _players(options.players)
        return formats.dumps(start(players), title=f"New {players}-player Hekla game",
                             header=f"Made with: sectionx new --game hekla --players {players}")

    def replay(self, path: Path, doc: Doc, *, show: bool) -> None:
        _not_yet("replay")

    def play(self, options: api.PlayOptions) -> str:
        _not_yet("play")

    def simulate(self, options: api.SimulateOptions) -> None:
        refuse_given("Hekla has no such choice", variant=options.variant)
        if options.workers > 1 or options.scheduler is not None:
            raise fail("--workers/--scheduler: Hekla's games are played in this process")
        players = _players(options.players)
        names = tuple(b.strip() for b in options.bots.split(",") if b.strip())
        if not names or any(n not in play.BOTS for n in names) or len(names) not in (1, players):
            raise fail(f"--bots: one bot for all or one per seat, each of {', '.join(play.BOTS)}; not {options.bots!r}")
        stats = play.Stats(seats=tuple(p.value for p in SEATS[:players]))
        with progress_bar("games", total=options.games) as bar:
            for i in range(options.games):
                stats.add(play.play_game(players, names, options.seed + i), len(Board().inner))
                bar.update(advance=1)
        say_figures(stats.as_dict(), options.output,
                    "red moves first; a shared win counts for every winner; the outer ring starts after "
                    f"{len(Board().inner)} fields (HG3)")

    def solve(self, path: Path, doc: Doc, options: api.SolveOptions) -> None:
        """The most fields the player to move can gain this turn (exact), and the turns
        that gain it, with their order of eruptions."""
        try:
            loaded = formats.read(doc)
        except LoadError as exc:
            tell(exc.diagnostics)
            raise Stop(INVALID) from None
        pos = loaded.position
        if pos.over:
            raise fail(f"{path}: the game is over (H8); there is no move to solve", INVALID)
        best = best_move(pos)
        data = {"file": str(path), "game": "hekla", "player": pos.player.value, "gain": best.gain,
                "moves": [str(m) for m in best.moves], "tried": best.tried}
        if options.output != "text":
            say((json.dumps(data, indent=2) if options.output == "json" else yaml.safe_dump(data, sort_keys=False)).rstrip("\n"))
        else:
            say(f"{path}: {pos.player} gains at most {best.gain} field{'s' if best.gain != 1 else ''} this turn "
                f"(proved: all {best.tried} turns and orders of eruptions tried)")
            for m in best.moves[:10]:
                say(f"  {m}")
            if len(best.moves) > 10:
                say(f"  ... and {len(best.moves) - 10} more that gain as much")
        raise Stop(SOLVED)

    def render(self, path: Path, doc: Doc, options: api.RenderOptions) -> None:
        _not_yet("render")

    def kit(self, options: api.KitOptions) -> None:
        _not_yet("kit")


#: What the house calls (mypy checks here that Hekla answers every command).
COMMANDS: api.Commands = Hekla()
