"""Section X's answers to the house's commands (:class:`sectionx.games.api.Commands`).

What each command does for Section X files is documented in the README's table and
in ``sectionx COMMAND --help``; this module is those command bodies, moved out of
the CLI so that the CLI names no game.
"""

from __future__ import annotations

import json
import random
import secrets
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from ... import fileio, games
from ...colours import COLOURS, Colour
from ...console import (
    IMPOSSIBLE,
    INVALID,
    LIMIT,
    OK,
    Stop,
    fail,
    not_a_record,
    plural,
    say,
    say_simulation,
    tell,
    warn,
    write_picture,
)
from ...errors import Problem
from ...fileio import quote
from ...progress import note, progress_bar
from ...workers import run_units
from ...yamlsrc import Diagnostic, Doc, LoadError
from .. import api
from . import checking, engine, formats, paper, play, rules
from .actions import Action
from .model import Board, Catalogue, Scenario, State
from .paper import checked_position
from .render.text import describe, describe_board, describe_catalogue, goal_sentence

if TYPE_CHECKING:
    from ...studio.table import Table
    from .solver.exact import Solved

#: Exit statuses of ``solve``, the house's (:mod:`sectionx.console`, the README's table).
SOLVED = OK
VARIANTS = ("standard", "advanced")


def _variant(variant: str | None) -> str:
    if variant is None:
        return "standard"
    if variant not in VARIANTS:
        raise fail(f"--variant must be standard or advanced, not {quote(variant)}")
    return variant


def definition(ref: str, kind: str) -> Any:
    """A bundled or file board/tile set, refused with its first problem as one line."""
    value, _ = formats.resolve_definition(ref, kind)
    problems = rules.check_board(value) if kind == "board" else rules.check_catalogue(value)
    if problems:
        raise fail(f"{kind} {ref}: {problems[0]}", INVALID)  # the file named breaks a rule
    return value


def colours(text: str | None, players: int) -> tuple[Colour, ...]:
    """``--colours`` in seat order, or the first ``players`` colours."""
    if text is None:
        return COLOURS[:players]
    names = [c.strip() for c in text.split(",") if c.strip()]
    try:
        chosen = tuple(Colour(c) for c in names)
    except ValueError:
        raise fail(f"--colours takes red, blue, yellow, purple; got {quote(text)}") from None
    if len(chosen) != players or len(set(chosen)) != players:
        raise fail(f"--colours must name {players} different colours, got {quote(text)}")
    return chosen


def bot_names(text: str) -> list[str]:
    return [b.strip() for b in text.split(",") if b.strip()]


class SectionX:
    """The commands for Section X files (no ``game:`` key, or ``game: sectionx``)."""

    def check(self, path: Path, doc: Doc) -> api.Report:
        return checking.check(path, doc)

    def bundled(self) -> list[api.Report]:
        return list(checking.check_bundled())

    def show(self, path: Path, doc: Doc) -> None:
        report = checking.check(path, doc)
        report.diagnostics = games.own_file(str(path), report.diagnostics)
        if report.loaded is not None:
            scenario = report.loaded.scenario
            text = describe(scenario.state, title=scenario.title, puzzle=scenario.is_puzzle)
            if scenario.goal is not None:
                text += f"Puzzle: {goal_sentence(scenario.goal)}.\n"
        elif report.final is not None:
            text = describe(report.final, title=f"{path} after {plural(report.played, 'action')}")
        elif isinstance(report.definition, Board):
            text = describe_board(report.definition, formats.bundled_catalogue())
        elif isinstance(report.definition, Catalogue):
            text = describe_catalogue(report.definition)
        else:
            text = ""
        say(text, nl=False)
        tell(report.diagnostics)
        if not report.ok or not text:
            raise Stop(1)

    def new(self, options: api.NewOptions) -> str:
        players = options.players or 4
        variant = _variant(options.variant)
        chosen = colours(options.colours, players)
        seed = secrets.randbelow(2**32) if options.seed is None else options.seed
        board = options.board
        board_obj = definition(board or ("compact" if players == 2 else "standard"), "board")
        catalogue = formats.bundled_catalogue()
        state = rules.new_game(chosen, board_obj, catalogue, random.Random(seed), advanced=variant == "advanced")
        command = f"sectionx new --players {players} --variant {variant} --seed {seed}"
        if board:
            command += f" --board {board}"
        if options.colours:
            command += f" --colours {options.colours}"
        return formats.dumps(Scenario(state, title=f"New {players}-player game"), header=f"Made with: {command}")

    def replay(self, path: Path, doc: Doc, *, show: bool) -> None:
        kind = checking.detect_kind(doc)
        if kind != "record":
            raise not_a_record(path, {"board": "a board file", "catalogue": "a tile-set file"}.get(
                kind, "a puzzle" if isinstance(doc.data, dict) and "goal" in doc.data else "a position"))
        record = formats.load_record(path)
        start = checking.scenario_report(str(path), record.start)
        if not start.ok:
            tell(games.own_file(str(path), start.diagnostics))
            raise Stop(1)

        before = [checking.record_start(record)]

        def show_turn(number: int, state: State, actions: tuple[Action, ...]) -> None:
            # The move first, then the position it leads to (issue 26).
            say(f"Turn {number}, {before[0].current.colour}: " + "; ".join(str(a) for a in actions))
            say(describe(state, title=f"After turn {number}"))
            before[0] = state

        result = play.replay(before[0], record.actions, on_turn=show_turn if show else None)
        problems = checking.replay_diagnostics(record, result)
        tell(problems)
        if result.error is not None:
            raise Stop(1)
        s = result.final
        end = f"game over: {', '.join(f'{i + 1}. {c}' for i, c in enumerate(s.ranking))}" if s.finished else "the game goes on"
        say(f"{path}: {plural(len(record.actions), 'action')}, {plural(result.turns, 'turn')}, all legal; "
            f"round {s.round}; {end}"
            + checking.goal_outcome(record))
        raise Stop(1 if problems else 0)

    def play(self, options: api.PlayOptions) -> str:
        players, variant, seed, bots = options.players or 4, _variant(options.variant), options.seed, options.bots
        start = play.new_game_state(players, variant, seed)
        try:
            seats = play.make_bots(bot_names(bots), start.colours, seed)
        except ValueError as exc:
            raise fail(str(exc)) from None
        # A greedy bot takes tens of seconds a game: progress on stderr (when it is a
        # terminal), so that stdout, which may carry the record, stays the record alone.
        with progress_bar("turns", total=None, fields=("round", "actions")) as bar:
            bar.update(round=start.round)

            def turn_ended(turns: int, actions: int, round_now: int) -> None:
                bar.update(advance=turns - bar.done, round=round_now, actions=actions)

            game = play.play_game(start, seats, on_turn=turn_ended)
        warn(f"play: {play_end(game)}")  # how it ended, on stderr: stdout may carry the record
        names = {c.value: b.name for c, b in seats.items()}
        header = f"Made with: sectionx play --players {players} --variant {variant} --seed {seed} --bots {bots}"
        return formats.dumps_record(Scenario(start, title=f"{players}-player game, seed {seed}"), game.actions,
                                    turns=game.turns, result=game.result(), bots=names, header=header)

    def simulate(self, options: api.SimulateOptions) -> None:
        players, variant, seed = options.players or 4, _variant(options.variant), options.seed
        names = tuple(bot_names(options.bots))
        try:  # the bots are checked before the first game, so a typo costs nothing
            play.make_bots(list(names), COLOURS[:players], seed)
        except ValueError as exc:
            raise fail(str(exc)) from None
        specs = (play.GameSpec(players, variant, seed + i, names) for i in range(options.games))
        stats = play.Stats(seats=tuple(c.value for c in COLOURS[:players]))
        with (progress_bar("games", total=options.games) as bar,
              closing(run_units(play.simulate_game, specs, workers=options.workers, scheduler=options.scheduler)) as results):
            for summary in results:  # in seed order, whichever worker finished first
                stats.add(summary)
                bar.update(advance=1)
        say_simulation(stats.as_dict(), options.output, "Section X")

    def solve(self, path: Path, doc: Doc, options: api.SolveOptions) -> None:
        from ...search import Limit, Stats, plans_text
        from .solver.exact import solve_puzzle

        scenario = checked_position(path, "solve takes puzzles").scenario  # a file with problems exits INVALID (1)
        if scenario.goal is None:
            raise fail(f"{path}: no goal: block, so it is no puzzle (see docs/format.md, Puzzles)")
        verbose = options.verbose

        def progress(stats: Stats, what: str) -> None:
            # ``what`` is the search's phase ("searching 2 turns", "... seeking a second plan").
            line = (f"{what}; {plural(stats.nodes, 'turn')} expanded, "
                    f"{plural(stats.table_hits, 'table hit')}, {plural(stats.bound_cuts, 'bound cut')}")
            if verbose:
                warn(f"solve: {line}, {stats.seconds:.1f} s")
            else:  # the command's progress line (every few seconds) tells it
                note(line)

        goal_turns = scenario.goal.turns or Limit().turns
        limit = Limit(turns=min(options.turns or goal_turns, goal_turns), nodes=options.nodes, seconds=options.seconds)
        solved = solve_puzzle(scenario, limit, cap=options.cap, progress=progress)
        result = solved.result
        data = solution_data(solved, plans_text(result))
        recorded = scenario.answer
        if recorded is not None and result.status == "solved" and result.plans is not None:
            # A count past --cap, or one a limit stopped, proves only "more than plans - 1".
            counted = (recorded.plans >= result.plans if result.plans_capped else recorded.plans == result.plans)
            matches = counted and (result.turns, result.cost) == (
                recorded.turns, recorded.cost if recorded.cost is not None else result.cost)
            data["recorded_answer_matches"] = matches
            if not matches:
                warn(f"{path}: the answer recorded in the file (turns {recorded.turns}, plans {recorded.plans}"
                     f"{'' if recorded.cost is None else f', cost {recorded.cost}'}) is not what was proved (turns "
                     f"{result.turns}, plans {plans_text(result)}, cost {result.cost})")
        if options.output != "text":
            text = (json.dumps(data, indent=2) if options.output == "json"
                    else yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
            say(text.rstrip("\n"))
        else:
            say(solution_text(path, solved, plans_text(result)), nl=False)
        if verbose:
            s = result.stats
            warn(f"solve: {plural(s.nodes, 'turn')} expanded, {plural(s.table_hits, 'table hit')}, "
                 f"{plural(s.bound_cuts, 'bound cut')}, {s.seconds:.2f} s")
        out = options.out
        if out is not None and solved.turns:
            record = formats.dumps_record(scenario, list(solved.actions), turns=turn_labels(solved),
                                          header=f"Solution found by: sectionx solve {path}")
            fileio.write_file(out, record)
            if not fileio.is_stdout(out):
                warn(f"wrote {out}")
        raise Stop({"solved": SOLVED, "impossible": IMPOSSIBLE}.get(result.status, LIMIT))

    def render(self, path: Path, doc: Doc, options: api.RenderOptions) -> None:
        from ...render import theme  # reportlab loads slowly; only render needs it
        from .render import diagram

        loaded = checked_position(path, "render draws game states and puzzles")
        scenario = loaded.scenario
        look = theme.load_theme(options.template)
        look = look.with_tile(options.tile_size, pieces=False) if options.tile_size else look  # tokens scale with the tile
        panel = scenario.goal is not None if options.panel is None else options.panel
        try:
            document = diagram.diagram(scenario, look, crop=options.crop, coords=options.coords, panel=panel)
        except diagram.UnprintableText as exc:
            # The file is valid; the template's font cannot print it: the command line's
            # choice of template cannot serve it (exit USAGE, as for --paper it lacks).
            raise LoadError(loaded.locate([Problem("font", exc.message, exc.subject)]), usage=True) from None
        write_picture(options.out, options.kind, document, look)
        if not fileio.is_stdout(options.out):
            warn(f"wrote {options.out}")

    def kit(self, options: api.KitOptions) -> None:
        from ...render import theme
        from .render import kit as kits  # reportlab loads slowly; only drawing needs it

        out = options.out
        look = theme.load_theme(options.template).with_modes(ink_saver=options.ink_saver, greyscale=options.greyscale)
        look = look.with_tile(options.tile_size) if options.tile_size else look
        board_obj = definition(options.board or "standard", "board")
        catalogue = definition(options.tiles or "default", "catalogue")
        built = kits.build_kit(board_obj, catalogue, look, options.paper, board_paper=options.board_paper,
                               offset=options.offset, coords=options.coords)
        files = kits.kit_files(built, out, svg=options.svg)  # everything in memory first: no half-written kit
        kits.write_kit_files(files, out)
        pdf_path = out / "sectionx-kit.pdf"
        say(f"wrote {pdf_path} ({len(built.document.pages)} pages, {len(files[pdf_path]) // 1024} KiB)"
            + (f", {sum(p.suffix == '.svg' for p in files)} SVGs in {out / 'svg'}" if options.svg else ""))
        if built.poster is not None:
            say(f"wrote {out / ('sectionx-' + built.poster.pages[0].name + '.pdf')} (the board on one sheet)")


    def sheet(self, path: Path, doc: Doc, options: api.SheetOptions) -> None:
        paper.sheet(path, doc, options)

    def generate(self, options: api.GenerateOptions) -> None:
        paper.generate(options)

    def deck(self, files: list[Path], options: api.DeckOptions) -> None:
        paper.deck(files, options)

    def book(self, files: list[Path], options: api.BookOptions) -> None:
        paper.book(files, options)

    def illustrate(self, path: Path, doc: Doc, options: api.IllustrateOptions) -> None:
        paper.illustrate(path, doc, options)

    def manual(self, options: api.ManualOptions) -> None:
        paper.manual(options)

    def table(self, path: Path, doc: Doc) -> Table:
        from .studio import open_table  # only the studio needs it

        return open_table(path, doc)

    def claims(self, path: Path, doc: Doc) -> list[Diagnostic]:
        """The rule figure's problems, located, as ``illustrate`` finds them (its false
        claims among them), from ``doc``: the studio's editor checks unsaved text."""
        from .figures import figure_problems

        return figure_problems(path, doc)


def play_end(game: play.Game) -> str:
    """How a game between bots ended, in one line (``play``): the ranking and the step
    of it that decided the winner (E4, E5), or that it was stopped unfinished."""
    s = game.final
    length = f"{plural(game.turn_count, 'turn')}, {plural(s.round, 'round')}"
    if not s.finished:
        return f"stopped unfinished after {length} (the bots' limit of {play.MAX_ACTIONS:,} actions)"
    step = engine.deciding_step(s)
    why = f"decided by {step}" if step else "a tie on every step of the ranking (E5): no rule names a winner"
    return f"game over after {length}: {', '.join(f'{i}. {c}' for i, c in enumerate(s.ranking, 1))}; {why}"


def turn_labels(solved: Solved) -> list[tuple[int, str]]:
    labels, index = [], 0
    for number, turn in enumerate(solved.turns, 1):
        labels.append((index, f"turn {number}"))
        index += len(turn)
    return labels


def solution_data(solved: Solved, plans: str) -> dict[str, object]:
    r = solved.result
    return {
        "status": r.status,
        "turns": r.turns,
        "proved_at_least": r.proved_at_least,
        "actions": r.cost,
        "unique": r.unique,
        "plans": plans,
        "solution": [[str(a) for a in turn] for turn in solved.turns],
        "plan": [list(items) for items in solved.plan],
        # Every optimal plan seen (all of them unless the count passed --cap).
        "optimal_plans": [[[str(x) for x in items] if isinstance(items, tuple) else [str(items)] for items in plan]
                          for plan in r.plan_list],
        "turns_expanded": r.stats.nodes,
        "table_hits": r.stats.table_hits,
        "seconds": round(r.stats.seconds, 3),
        "reason": r.reason,
    }


def solution_text(file: Path, solved: Solved, plans: str) -> str:
    r = solved.result
    if r.status == "impossible":
        return f"{file}: impossible: {r.reason} (proved).\n"
    if r.status == "unknown" and r.turns is None:
        return f"{file}: unknown: {r.reason}; at least {plural(r.proved_at_least, 'turn')} needed (proved).\n"
    head = (f"{file}: solved in {plural(r.turns or 0, 'turn')}; nothing shorter exists (proved).\n"
            if r.status == "solved" else
            f"{file}: {plural(r.turns or 0, 'turn')} is the minimum (proved), but {r.reason}: uniqueness unknown.\n")
    lines = [head.rstrip("\n")]
    if r.cost is not None:
        lines.append(f"Optimal plans: {plans}; {r.cost} tile or door action{'s' if r.cost != 1 else ''}.")
    if r.status == "solved" and r.reason:
        lines.append(f"Not unique (proved); the count stopped: {r.reason}.")
    lines.append("Solution:")
    for number, turn in enumerate(solved.turns, 1):
        lines.append(f"  turn {number}: " + "; ".join(str(a) for a in turn))
    lines.append("Plan (tile and door actions as they lie):")
    for number, items in enumerate(solved.plan, 1):
        lines.append(f"  turn {number}: " + ("; ".join(items) if items else "no tile or door action"))
    others = [p for p in r.plan_list if tuple(p) != tuple(solved.plan)]
    if others:
        # A designer making a puzzle unique needs to see what else works.
        shown = others[:5]
        lines.append(f"Other optimal plans ({len(shown)} of {len(others)}{'+' if r.plans_capped else ''} shown):")
        for i, plan in enumerate(shown, 1):
            parts = [f"turn {n}: " + ("; ".join(str(x) for x in items) if items else "-")
                     for n, items in enumerate(plan, 1) if isinstance(items, tuple)]
            lines.append(f"  {i}. " + " | ".join(parts))
    lines.append(f"Search: {plural(r.stats.nodes, 'turn')} expanded, {plural(r.stats.table_hits, 'table hit')}, "
                 f"{r.stats.seconds:.2f} s.")
    return "\n".join(lines) + "\n"


#: What the house calls (mypy checks here that Section X answers every command).
COMMANDS: api.Commands = SectionX()
