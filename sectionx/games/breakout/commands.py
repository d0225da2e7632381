"""Breakout's answers to the house's commands (:class:`sectionx.games.api.Commands`).

Files are ``game: breakout`` positions and puzzles (:mod:`.formats`); the solver
proves the fewest pushes to a forced escape (:mod:`.solver`, BQ1).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from ... import fileio
from ...console import (
    IMPOSSIBLE,
    INVALID,
    LIMIT,
    OK,
    Stop,
    fail,
    not_a_record,
    plural,
    refuse_given,
    say,
    say_simulation,
    tell,
    warn,
    write_picture,
    wrong_kind,
)
from ...fileio import quote
from ...progress import progress_bar
from ...yamlsrc import Diagnostic, Doc, LoadError
from .. import api
from ..records import is_record, start_reference
from . import formats, play, records, text
from .rules import Player, Position, drawn_by, start

if TYPE_CHECKING:
    from ...studio.table import Table

#: Exit statuses of ``solve``, the house's (:mod:`sectionx.console`, the README's table).
SOLVED = OK
#: Node budget when ``--nodes`` is not given: about half an hour of search on one core.
DEFAULT_NODES = 2_000_000


def _two_players(players: int | None) -> None:
    if players not in (None, 2):
        raise fail(f"--players {players}: Breakout has two players, yellow and blue (B1)")


def _bots(text: str) -> tuple[str, str]:
    """``--bots``: one bot for both, or yellow's and blue's."""
    names = [b.strip() for b in text.split(",") if b.strip()]
    if len(names) == 1:
        names *= 2
    if len(names) != 2:
        raise fail(f"--bots: one bot for both players or one each (yellow's, blue's), not {quote(text)}")
    for n in names:
        if n not in play.BOTS:
            raise fail(f"--bots: no Breakout bot {quote(n)}; there are {', '.join(play.BOTS)}")
    return names[0], names[1]


def _end(pos: Position) -> str:
    if isinstance(pos.result, Player):
        return f"game over: {pos.result.value} wins with 3 escapes (B8)"
    if pos.result == "draw":
        return f"game over: a draw ({drawn_by(pos)})"
    return (f"the game goes on: break-out {pos.breakout}, escaped yellow {pos.escapes(Player.YELLOW)}, "
            f"blue {pos.escapes(Player.BLUE)}, {pos.to_move.value} to push")


def _only_sectionx(**given: object) -> None:
    """Refuse, in one line, an option that only Section X has a use for."""
    refuse_given("Breakout has no such choice (it has two players, yellow and blue, B1, and one wall, BW1; "
                 "only Section X has it)", **given)


class Breakout:
    """The commands for ``game: breakout`` files and ``--game breakout``."""

    def check(self, path: Path, doc: Doc) -> api.Report:
        name = str(path)
        if is_record(doc):
            try:
                record = records.read(doc, path.parent)
            except LoadError as exc:
                return api.Report(name, "breakout record", exc.diagnostics)
            result = records.replay(record)
            summary = (f"Breakout record: {plural(len(record.actions), 'turn')}, {_end(result.final)}"
                       + records.goal_outcome(record, result))
            return api.Report(name, "breakout record", records.diagnostics(record, result), summary)
        try:
            loaded = formats.read(doc)
        except LoadError as exc:
            return api.Report(name, "breakout", exc.diagnostics)
        return api.Report(name, "breakout", [], formats.summary(loaded))

    def bundled(self) -> list[api.Report]:
        return []  # Breakout ships no board or tile files: its wall is data in each file (BW3)

    def show(self, path: Path, doc: Doc) -> None:
        if is_record(doc):
            record = records.read(doc, path.parent)
            result = records.replay(record)
            say(text.picture(result.final, title=f"{path} after {plural(result.played, 'turn')}", legend=True), nl=False)
            problems = records.diagnostics(record, result)
            tell(problems)
            raise Stop(1 if problems else 0)
        try:
            loaded = formats.read(doc)
        except LoadError as exc:
            tell(exc.diagnostics)
            raise Stop(1) from None
        say(text.picture(loaded.position, title=loaded.title, goal=loaded.goal, legend=True), nl=False)

    def new(self, options: api.NewOptions) -> str:
        _only_sectionx(variant=options.variant, board=options.board, colours=options.colours)
        _two_players(options.players)
        # Nothing is shuffled or drawn, so a seed would change nothing: refused, not ignored.
        refuse_given("a new Breakout game has no chance in it (B1: the empty wall, 13 knots in each hand, yellow "
                     "opens), so there is nothing to seed", seed=options.seed)
        return formats.dumps(start(), title="New Breakout game", header="Made with: sectionx new --game breakout")

    def replay(self, path: Path, doc: Doc, *, show: bool) -> None:
        if not is_record(doc):
            raise not_a_record(path, "a puzzle" if isinstance(doc.data, dict) and "goal" in doc.data else "a position")
        record = records.read(doc, path.parent)

        before = [record.start]

        def show_turn(number: int, pos: Position) -> None:
            # The move first, then the position it leads to (issue 26).
            say(f"Turn {number}, {before[0].to_move.value}: {record.actions[number - 1]}")
            say(text.picture(pos, title=f"After turn {number}"))
            before[0] = pos

        result = records.replay(record, on_turn=show_turn if show else None)
        problems = records.diagnostics(record, result)
        tell(problems)
        if result.error is not None:
            raise Stop(1)
        say(f"{path}: {plural(len(record.actions), 'turn')}, all legal; {_end(result.final)}"
            + records.goal_outcome(record, result))
        raise Stop(1 if problems else 0)

    def play(self, options: api.PlayOptions) -> str:
        _only_sectionx(variant=options.variant)
        _two_players(options.players)
        names = _bots(options.bots)
        game = play.play_game(names, options.seed)
        assert game.final is not None
        # How it ended, on stderr (stdout may carry the record), as every game says it.
        warn("play: " + _end(game.final).replace("game over:", f"game over after {plural(len(game.actions), 'turn')}:", 1))
        header = f"Made with: sectionx play --game breakout --seed {options.seed} --bots {','.join(names)}"
        return records.dumps(start(), game.actions, title=f"Breakout, seed {options.seed}", header=header,
                             bots={"yellow": names[0], "blue": names[1]}, seed=options.seed,
                             result=records.result_of(game.final, len(game.actions)))

    def simulate(self, options: api.SimulateOptions) -> None:
        _only_sectionx(variant=options.variant)
        _two_players(options.players)
        if options.workers > 1 or options.scheduler is not None:
            raise fail("--workers/--scheduler: Breakout games take milliseconds; they are played in this process")
        names = _bots(options.bots)
        stats = play.Stats()
        with progress_bar("games", total=options.games) as bar:
            for i in range(options.games):
                stats.add(play.play_game(names, options.seed + i))
                bar.update(advance=1)
        say_simulation(stats.as_dict(), options.output, "Breakout")

    def solve(self, path: Path, doc: Doc, options: api.SolveOptions) -> None:
        """The fewest turns to a forced escape (BQ1), the winning first pushes and a
        main line; exit codes as for every game."""
        from .solver import solve

        if is_record(doc):
            raise wrong_kind(path, "a game record", "a position or a puzzle", "solve takes those (replay checks records)")
        try:
            loaded = formats.read(doc)  # the checks validate makes of a Breakout file
        except LoadError as exc:
            tell(exc.diagnostics)
            raise Stop(INVALID) from None
        if loaded.goal is None:
            raise fail(f"{path}: no goal: block, so it is no puzzle (see docs/breakout.md)")
        limit = min(options.turns or loaded.goal.turns, loaded.goal.turns)
        answer = solve(loaded.position, limit, solo=loaded.goal.passes, node_limit=options.nodes or DEFAULT_NODES,
                       seconds=options.seconds)
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
            say(f"{path}: {who} escapes in {plural(answer.turns or 0, 'turn')} at best (proved: not in "
                f"fewer), {'the other player passing' if loaded.goal.passes else 'whatever the other player does'}")
            say(f"  winning first pushes: {' '.join(data['first'])}")
            defence = "the other player passing" if loaded.goal.passes else "the other player defending longest"
            say(f"  main line ({defence}): {' '.join(data['line'])}")
        elif status == "impossible":
            say(f"{path}: no forced escape within {plural(limit, 'turn')} (proved)")
        else:
            say(f"{path}: unknown: the search limit (--nodes, --time) was reached; no escape within "
                f"{plural(answer.proved_none_below, 'turn')} (proved)")
        if options.out is not None and answer.turns is not None:
            # The main line as a record from the puzzle's file, which replay checks (BQ1).
            record = records.dumps(loaded.position, list(answer.line), start_ref=start_reference(path, options.out),
                                   goal=loaded.goal,
                                   header=f"Solution found by: sectionx solve {path}")
            fileio.write_file(options.out, record)
            if not fileio.is_stdout(options.out):
                warn(f"wrote {options.out}")
        raise Stop({"solved": SOLVED, "impossible": IMPOSSIBLE}.get(status, LIMIT))

    def render(self, path: Path, doc: Doc, options: api.RenderOptions) -> None:
        """The position with its annotations (:mod:`.art`); a record is refused."""
        from ...render import theme
        from . import art

        _only_sectionx(crop=options.crop or None, panel=options.panel, tile_size=options.tile_size)
        if is_record(doc):
            raise fail(f"{path}: a Breakout record; render draws positions and puzzles (show draws a record's end)")
        try:
            loaded = formats.read(doc)
        except LoadError as exc:
            tell(exc.diagnostics)
            raise Stop(1) from None
        look = theme.load_theme(options.template)
        document = art.diagram(loaded.position, look, title=loaded.title, goal=loaded.goal, coords=options.coords,
                               marks=loaded.marks)
        write_picture(options.out, options.kind, document, look)
        if not fileio.is_stdout(options.out):
            warn(f"wrote {options.out}")

    def kit(self, options: api.KitOptions) -> None:
        """The print-and-play kit (:mod:`.kit`), written as one step."""
        from ...render import kitfiles, theme
        from . import kit as kits

        _only_sectionx(board=options.board, tiles=options.tiles, tile_size=options.tile_size,
                       board_paper=options.board_paper)
        look = theme.load_theme(options.template).with_modes(ink_saver=options.ink_saver, greyscale=options.greyscale)
        built = kits.build_kit(look, options.paper, offset=options.offset, coords=options.coords)
        say(kitfiles.write_kit(built, options.out, kits.PREFIX, svg=options.svg))  # all in memory first


    # The printed matter (issue 26): :mod:`.paper`.
    def sheet(self, path: Path, doc: Doc, options: api.SheetOptions) -> None:
        from . import paper

        paper.sheet(path, doc, options)

    def generate(self, options: api.GenerateOptions) -> None:
        from . import paper

        paper.generate(options)

    def deck(self, files: list[Path], options: api.DeckOptions) -> None:
        from . import paper

        paper.deck(files, options)

    def book(self, files: list[Path], options: api.BookOptions) -> None:
        from . import paper

        paper.book(files, options)

    def illustrate(self, path: Path, doc: Doc, options: api.IllustrateOptions) -> None:
        from . import paper

        paper.illustrate(path, doc, options)

    def manual(self, options: api.ManualOptions) -> None:
        from . import manual

        manual.manual(options)

    def table(self, path: Path, doc: Doc) -> Table:
        """The file as the studio plays it (:mod:`.studio`: a puzzle against its
        other player, a position, a figure, a record's last position)."""
        from .studio import open_table

        return open_table(path, doc)

    def claims(self, path: Path, doc: Doc) -> list[Diagnostic]:
        """The rule figure's problems, located, as ``illustrate`` finds them (its false
        claims among them), from ``doc``: the studio's editor checks unsaved text."""
        from .figures import figure_problems

        return figure_problems(path, doc)

#: What the house calls (mypy checks here that Breakout answers every command).
COMMANDS: api.Commands = Breakout()
