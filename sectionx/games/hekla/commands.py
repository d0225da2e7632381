"""Hekla's answers to the house's commands (:class:`sectionx.games.api.Commands`).

Files are ``game: hekla`` positions, puzzles (:mod:`.formats`) and game records
(:mod:`.records`); ``solve`` proves the best move this turn, or a puzzle's fewest
turns (:mod:`.solver`, HQ1).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

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
from .rules import PASS, SEATS, Action, Board, Position, start
from .solver import best_move, solve

if TYPE_CHECKING:
    from ...studio.table import Table

#: Exit statuses of ``solve``, the house's (:mod:`sectionx.console`, the README's table).
SOLVED = OK
#: Node budget of a puzzle's search when ``--nodes`` is not given: a few minutes on one core.
DEFAULT_NODES = 3_000_000


def _players(players: int | None) -> int:
    return 2 if players is None else players


def _bots(text: str, players: int) -> tuple[str, ...]:
    """``--bots``: one bot for every seat, or one per seat in seat order."""
    names = tuple(b.strip() for b in text.split(",") if b.strip())
    if not names or any(n not in play.BOTS for n in names) or len(names) not in (1, players):
        raise fail(f"--bots: one bot for all or one per seat ({players}), each of {', '.join(play.BOTS)}; not {quote(text)}")
    return names


def _position(doc: Doc) -> formats.Loaded:
    """The position or puzzle in ``doc``; every problem told at its line, exit 1."""
    try:
        return formats.read(doc)
    except LoadError as exc:
        tell(exc.diagnostics)
        raise Stop(INVALID) from None


def _record(path: Path, doc: Doc) -> records.Record:
    try:
        return records.read(doc, path.parent)
    except LoadError as exc:
        tell(exc.diagnostics)
        raise Stop(1) from None


def _end(pos: Position) -> str:
    if pos.over:
        why = "the last lava stone is placed (H8)" if pos.ended_by == "H8" else "20 rounds without an eruption (H9)"
        return f"game over: {', '.join(p.value for p in pos.winners)} win{'s' if len(pos.winners) == 1 else ''}; {why}"
    return f"the game goes on: {pos.lava_placed} of 20 lava placed, {pos.player} to move"


class Hekla:
    """The commands for ``game: hekla`` files and ``--game hekla``."""

    def check(self, path: Path, doc: Doc) -> api.Report:
        if is_record(doc):
            try:
                record = records.read(doc, path.parent)
            except LoadError as exc:
                return api.Report(str(path), "hekla record", exc.diagnostics)
            result = records.replay(record)
            summary = (f"Hekla record: {plural(len(record.actions), 'turn')}, {_end(result.final)}"
                       + records.goal_outcome(record, result))
            return api.Report(str(path), "hekla record", records.diagnostics(record, result), summary)
        try:
            loaded = formats.read(doc)
        except LoadError as exc:
            return api.Report(str(path), "hekla", exc.diagnostics)
        return api.Report(str(path), "hekla", [], formats.summary(loaded))

    def bundled(self) -> list[api.Report]:
        return []

    def show(self, path: Path, doc: Doc) -> None:
        if is_record(doc):
            record = _record(path, doc)
            result = records.replay(record)
            say(text.picture(result.final, title=f"{path} after {plural(result.played, 'turn')}", legend=True), nl=False)
            problems = records.diagnostics(record, result)
            tell(problems)
            raise Stop(1 if problems else 0)
        loaded = _position(doc)
        say(text.picture(loaded.position, title=loaded.title, legend=True), nl=False)
        if loaded.goal is not None:
            say("Puzzle: " + text.goal_sentence(loaded.position, loaded.goal) + ".")

    def new(self, options: api.NewOptions) -> str:
        refuse_given("Hekla has no such choice (HG1, HG5)", variant=options.variant, board=options.board,
                     colours=options.colours)
        # Nothing is shuffled or drawn, so a seed would change nothing: refused, not ignored.
        refuse_given("a new Hekla game has no chance in it (HG5: every stone in its owner's supply, the lava in the "
                     "common supply, the seats in order, red first), so there is nothing to seed", seed=options.seed)
        players = _players(options.players)
        return formats.dumps(start(players), title=f"New {players}-player Hekla game",
                             header=f"Made with: sectionx new --game hekla --players {players}")

    def replay(self, path: Path, doc: Doc, *, show: bool) -> None:
        if not is_record(doc):
            raise not_a_record(path, "a puzzle" if isinstance(doc.data, dict) and "goal" in doc.data else "a position")
        record = _record(path, doc)

        before = [record.start]

        def show_turn(number: int, pos: Position) -> None:
            # The move first, then the position it leads to (issue 26).
            say(f"Turn {number}, {before[0].player}: {record.actions[number - 1]}")
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
        """One game between bots, as a record that ``replay`` checks."""
        refuse_given("Hekla has no such choice", variant=options.variant)
        players = _players(options.players)
        names = _bots(options.bots, players)
        game = play.play_game(players, names, options.seed)
        assert game.final is not None
        # How it ended, on stderr (stdout may carry the record), as every game says it.
        warn("play: " + _end(game.final).replace("game over:", f"game over after {plural(len(game.actions), 'turn')}:", 1))
        seats = [p.value for p in SEATS[:players]]
        bots = {s: names[i % len(names)] for i, s in enumerate(seats)}
        header = (f"Made with: sectionx play --game hekla --players {players} --seed {options.seed} "
                  f"--bots {','.join(names)}")
        return records.dumps(start(players), game.actions, title=f"Hekla, {players} players, seed {options.seed}",
                             header=header, bots=bots, seed=options.seed,
                             result=records.result_of(game.final, len(game.actions)))

    def simulate(self, options: api.SimulateOptions) -> None:
        refuse_given("Hekla has no such choice", variant=options.variant)
        if options.workers > 1 or options.scheduler is not None:
            raise fail("--workers/--scheduler: Hekla's games are played in this process")
        players = _players(options.players)
        names = _bots(options.bots, players)
        stats = play.Stats(seats=tuple(p.value for p in SEATS[:players]))
        with progress_bar("games", total=options.games) as bar:
            for i in range(options.games):
                stats.add(play.play_game(players, names, options.seed + i), len(Board().inner))
                bar.update(advance=1)
        say_simulation(stats.as_dict(), options.output, "Hekla")

    def solve(self, path: Path, doc: Doc, options: api.SolveOptions) -> None:
        """A puzzle (``goal:``): the fewest turns to its gain, the others sitting out
        (HQ1), proved; any other position: the most fields the player to move can gain
        this turn (exact), and the turns that gain it, with their order of eruptions."""
        if is_record(doc):
            raise wrong_kind(path, "a game record", "a position or a puzzle", "solve takes those (replay checks records)")
        loaded = _position(doc)
        pos = loaded.position
        if pos.over:
            raise fail(f"{path}: the game is over ({pos.ended_by}); there is no move to solve")
        if loaded.goal is not None:
            self._puzzle(path, loaded, options)
        refuse_given("a position without a goal: is solved one turn deep, exactly; these limit a puzzle's search",
                     turns=options.turns, nodes=options.nodes, time=options.seconds, out=options.out)
        best = best_move(pos)
        data = {"file": str(path), "game": "hekla", "player": pos.player.value, "gain": best.gain,
                "moves": [str(m) for m in best.moves], "tried": best.tried}
        if options.output != "text":
            say((json.dumps(data, indent=2) if options.output == "json" else yaml.safe_dump(data, sort_keys=False)).rstrip("\n"))
        else:
            say(f"{path}: {pos.player} gains at most {best.gain} field{'s' if best.gain != 1 else ''} this turn "
                f"(proved: all {plural(best.tried, 'turn')} and orders of eruptions tried)")
            for m in best.moves[:10]:
                say(f"  {m}")
            if len(best.moves) > 10:
                say(f"  ... and {len(best.moves) - 10} more that gain as much")
        raise Stop(SOLVED)

    def _puzzle(self, path: Path, loaded: formats.Loaded, options: api.SolveOptions) -> NoReturn:
        assert loaded.goal is not None
        pos, goal = loaded.position, loaded.goal
        limit = min(options.turns or goal.within, goal.within)
        answer = solve(pos, goal.gain, limit, node_limit=options.nodes or DEFAULT_NODES, seconds=options.seconds)
        status = "solved" if answer.turns is not None else "impossible" if answer.complete else "unknown"
        data: dict[str, Any] = {"file": str(path), "game": "hekla", "status": status, "player": pos.player.value,
                                "gain": goal.gain, "turns": answer.turns, "limit": limit,
                                "first": [str(a) for a in answer.first], "unique_first_turn": len(answer.first) == 1,
                                "line": [str(a) for a in answer.line],
                                "proved_none_below": answer.proved_none_below + 1, "nodes": answer.nodes}
        if loaded.has_answer and answer.complete and limit == goal.within:
            data["recorded_answer_matches"] = loaded.answer_turns == answer.turns
            if loaded.answer_turns != answer.turns:
                warn(f"{path}: the answer recorded in the file (turns {loaded.answer_turns}) is not what was proved "
                     f"(turns {answer.turns})")
        if options.output != "text":
            text_ = json.dumps(data, indent=2) if options.output == "json" else yaml.safe_dump(data, sort_keys=False)
            say(text_.rstrip("\n"))
        elif status == "solved":
            n = answer.turns
            say(f"{path}: {pos.player} gains {goal.gain} or more in {n} turn{'s' if n != 1 else ''} at best "
                f"(proved: not in fewer), the others passing")
            say(f"  first turns that do it ({len(answer.first)}{', unique' if len(answer.first) == 1 else ''}): "
                + "; ".join(data["first"]))
            say("  a line: " + "; ".join(data["line"]))
        elif status == "impossible":
            say(f"{path}: {pos.player} cannot gain {goal.gain} within {plural(limit, 'turn')} (proved)")
        else:
            say(f"{path}: unknown: the search limit was reached; not within {plural(answer.proved_none_below, 'turn')} "
                "(proved)")
        if options.out is not None and answer.turns is not None:
            # The line as a record from the puzzle's file, the others passing, which replay checks (HQ1).
            actions: list[Action] = []
            for i, a in enumerate(answer.line):
                actions += [PASS] * (len(pos.players) - 1) * (i > 0) + [a]  # the others pass between (HQ1)
            record = records.dumps(pos, actions, start_ref=start_reference(path, options.out), goal=goal,
                                   header=f"Solution found by: sectionx solve {path}")
            fileio.write_file(options.out, record)
            if not fileio.is_stdout(options.out):
                warn(f"wrote {options.out}")
        raise Stop({"solved": SOLVED, "impossible": IMPOSSIBLE}.get(status, LIMIT))

    def render(self, path: Path, doc: Doc, options: api.RenderOptions) -> None:
        """The position with its annotations (:mod:`.art`); a record is refused."""
        from ...render import theme
        from . import art

        refuse_given("Hekla has no such choice (its board is one picture, HG1)", crop=options.crop or None,
                     panel=options.panel, tile_size=options.tile_size)
        if is_record(doc):
            raise fail(f"{path}: a Hekla record; render draws positions and puzzles (show draws a record's end)")
        loaded = _position(doc)
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

        refuse_given("Hekla has no such choice (its board is one page, HG1)", board=options.board, tiles=options.tiles,
                     tile_size=options.tile_size, board_paper=options.board_paper)
        look = theme.load_theme(options.template).with_modes(ink_saver=options.ink_saver, greyscale=options.greyscale)
        built = kits.build_kit(look, options.paper, offset=options.offset, coords=options.coords)
        say(kitfiles.write_kit(built, options.out, kits.PREFIX, svg=options.svg))  # all in memory first


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
        """The file as the studio plays it (:mod:`.studio`: a puzzle's other players pass, HQ1)."""
        from . import studio

        return studio.table(path, doc)

    def claims(self, path: Path, doc: Doc) -> list[Diagnostic]:
        """The rule figure's problems, located, as ``illustrate`` finds them (its false
        claims among them), from ``doc``: the studio's editor checks unsaved text."""
        from .figures import figure_problems

        return figure_problems(path, doc)

#: What the house calls (mypy checks here that Hekla answers every command).
COMMANDS: api.Commands = Hekla()
