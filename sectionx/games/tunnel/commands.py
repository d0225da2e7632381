"""Der Tunnel's answers to the house's commands (:class:`sectionx.games.api.Commands`).

Files are ``game: tunnel`` positions and puzzles (:mod:`.formats`, :mod:`.puzzles`)
and game records (:mod:`.records`).  ``validate``, ``show``, ``new``, ``play``,
``replay``, ``simulate``, ``render``, ``kit``, ``solve`` (:mod:`.solving`),
``illustrate`` (:mod:`.figures`), ``manual`` (:mod:`.manual`), and ``sheet``,
``generate``, ``deck`` and ``book`` (:mod:`.paper`): all sixteen work.
"""

from __future__ import annotations

from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ... import fileio
from ...console import (
    INVALID,
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
from ...workers import run_units
from ...yamlsrc import Diagnostic, Doc, LoadError
from .. import api
from ..records import is_record
from . import formats, records, text, tiles
from .model import COLOURS, Position
from .rules import MAX_PLAYERS, MIN_PLAYERS, TOKEN_COUNTS, VARIANTS, new_game

if TYPE_CHECKING:
    from ...studio.table import Table

TITLE = "Der Tunnel"
DEFAULT_PLAYERS = 2
#: The players' colours (CB1: grey is only a token colour, TU8).
SEAT_COLOURS = COLOURS[:MAX_PLAYERS]


def _variants(text_: str | None) -> tuple[str, frozenset[str]]:
    """``--variant``: a comma list of TV1..TV4 and a token count (2/1 or 3/2), or
    ``none``; the token count (TU8) and the variants."""
    if text_ is None:
        return "3/2", frozenset()
    words = [w.strip() for w in text_.split(",") if w.strip()]
    if words == ["none"]:
        return "3/2", frozenset()
    counts = [w for w in words if w in TOKEN_COUNTS]
    wrong = [w for w in words if w not in TOKEN_COUNTS and w.upper() not in VARIANTS]
    if not words or wrong or len(counts) > 1:
        raise fail(f"--variant {quote(text_)}: a comma list of {', '.join(VARIANTS)} and one token count, "
                   f"{' or '.join(TOKEN_COUNTS)} (TU8), or none")
    return (counts[0] if counts else "3/2"), frozenset(w.upper() for w in words if w not in TOKEN_COUNTS)


def _seats(players: int | None, colours: str | None) -> tuple[str, ...]:
    """The seats' colours: ``--colours`` in seat order, else the first ``players`` (CB1)."""
    if colours is None:
        n = DEFAULT_PLAYERS if players is None else players
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise fail(f"--players {n}: {TITLE} is for {MIN_PLAYERS} to {MAX_PLAYERS} players (CB1)")
        return COLOURS[:n]
    names = tuple(c.strip() for c in colours.split(",") if c.strip())
    if any(c not in SEAT_COLOURS for c in names) or len(set(names)) != len(names) \
            or not MIN_PLAYERS <= len(names) <= MAX_PLAYERS or (players is not None and len(names) != players):
        count = f"{players}" if players is not None else f"{MIN_PLAYERS} to {MAX_PLAYERS}"
        raise fail(f"--colours {quote(colours)}: {count} different colours of {', '.join(SEAT_COLOURS)}, in seat "
                   "order (CB1)")
    return names


def _options(variants: frozenset[str], tokens: str) -> str:
    """The command line's ``--variant`` for a header."""
    words = [v for v in VARIANTS if v in variants] + ([tokens] if tokens != "3/2" else [])
    return f" --variant {','.join(words)}" if words else ""


def _bots(text_: str, players: int) -> tuple[str, ...]:
    """``--bots``: one bot for every seat, or one per seat in seat order."""
    from . import play

    names = tuple(b.strip() for b in text_.split(",") if b.strip())
    if not names or any(n not in play.BOTS for n in names) or len(names) not in (1, players):
        raise fail(f"--bots: one bot for all or one per seat ({players}), each of {', '.join(play.BOTS)}; "
                   f"not {quote(text_)}")
    return names if len(names) == players else names * players


def _position(doc: Doc) -> formats.Loaded:
    """The position in ``doc``; every problem told at its line, exit 1."""
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
        raise Stop(INVALID) from None


def _end(pos: Position) -> str:
    """How a game stands, in one phrase."""
    if not pos.over:
        return f"the game goes on: {plural(pos.left, 'tile')} left, {pos.player} to draw"
    scores, _ = records.final_sheet(pos)
    best = records.winners(pos, scores)
    table = ", ".join(f"{p} {s}" for p, s in zip(pos.players, scores, strict=True))
    return f"game over: {' and '.join(best)} win{'s' if len(best) == 1 else ''} ({table}, CB9, CB10)"


def _printable(loaded: formats.Loaded, look: Any) -> None:
    """Every word the picture sets (title, labels, caption) in the template's fonts,
    else each one refused at its line (exit 2: the template chosen cannot serve)."""
    from ...render.fonts import unprintable

    doc = loaded.doc
    marks = loaded.marks
    words: list[tuple[tuple[Any, ...], str]] = [(("title",), loaded.title), (("annotations", "caption"), marks.caption)]
    labels = (doc.data.get("annotations") or {}).get("labels") or {}
    words += [(("annotations", "labels", key), str(word)) for key, word in labels.items()]
    problems = [doc.diag(where, why, "font") for where, text_ in words if text_ and (why := unprintable(text_, look))]
    if problems:
        raise LoadError(problems, usage=True)


class Tunnel:
    """The commands for ``game: tunnel`` files and ``--game tunnel``."""

    def check(self, path: Path, doc: Doc) -> api.Report:
        if is_record(doc):
            try:
                record = records.read(doc, path.parent)
            except LoadError as exc:
                return api.Report(str(path), "tunnel record", exc.diagnostics)
            result = records.replay(record)
            summary = (f"{TITLE} record: {plural(len(record.actions), 'turn')}, {_end(result.final)}"
                       + records.goal_outcome(record, result))
            return api.Report(str(path), "tunnel record", records.diagnostics(record, result), summary)
        try:
            loaded = formats.read(doc)
        except LoadError as exc:
            return api.Report(str(path), "tunnel", exc.diagnostics)
        return api.Report(str(path), "tunnel", [], formats.summary(loaded))

    def bundled(self) -> list[api.Report]:
        doc = tiles.tiles_doc()
        types, problems = tiles.check_tiles(doc)
        base = [t for t in types.values() if not t.tunnel]
        tunnel = [t for t in types.values() if t.tunnel]
        summary = (f"{TITLE}'s tiles: {sum(t.count for t in base)} base tiles of {len(base)} types (TG2) and "
                   f"{sum(t.count for t in tunnel)} tunnel tiles (TG3)")
        return [api.Report(doc.file, "tile set", problems, "" if problems else summary)]

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
        if loaded.puzzle is not None:
            say("Puzzle: " + loaded.puzzle.goal.sentence(loaded.position.player) + ".")

    def new(self, options: api.NewOptions) -> str:
        refuse_given(f"{TITLE} has no such choice (its board grows from the start tile, TG4)", board=options.board)
        tokens, variants = _variants(options.variant)
        seats = _seats(options.players, options.colours)
        pos = new_game(seats, tokens=tokens, variants=variants, seed=options.seed)
        command = f"sectionx new --game tunnel --players {len(seats)}" + _options(variants, tokens)
        if options.colours is not None:
            command += f" --colours {','.join(seats)}"
        if options.seed is not None:
            command += f" --seed {options.seed}"
            stack = "the stack shuffled by the seed"
        else:
            stack = "the stack's order unknown: each draw is at random"
        return formats.dumps(pos, title=f"New {len(seats)}-player {TITLE} game",
                             header=f"Made with: {command}\nThe start tile on 0,0, {stack}.")

    def replay(self, path: Path, doc: Doc, *, show: bool) -> None:
        if not is_record(doc):
            raise not_a_record(path)
        record = _record(path, doc)
        before = [record.start]

        def show_turn(number: int, pos: Position, scored: tuple[Any, ...]) -> None:
            # The move first, then what it scored and the position it leads to (issue 26).
            say(f"Turn {number}, {before[0].player}: {record.actions[number - 1]}")
            for line in text.sheet_lines(pos, list(scored)):
                say(line)
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
        from . import play

        tokens, variants = _variants(options.variant)
        seats = _seats(options.players, None)
        names = _bots(options.bots, len(seats))
        game = play.play_game(seats, names, options.seed, tokens=tokens, variants=variants)
        # How it ended, on stderr (stdout may carry the record), as every game says it.
        warn(f"play: after {plural(len(game.moves), 'turn')}, " + _end(game.final))
        bots = dict(zip(seats, names, strict=True))
        header = (f"Made with: sectionx play --game tunnel --players {len(seats)}{_options(variants, tokens)} "
                  f"--seed {options.seed} --bots {','.join(dict.fromkeys(names))}")
        return records.dumps(game.start, game.moves, title=f"{TITLE}, {len(seats)} players, seed {options.seed}",
                             header=header, bots=bots, seed=options.seed,
                             result=records.result_of(game.final, len(game.moves)))

    def simulate(self, options: api.SimulateOptions) -> None:
        from . import play

        tokens, variants = _variants(options.variant)
        seats = _seats(options.players, None)
        names = _bots(options.bots, len(seats))  # checked before the first game: a typo costs nothing
        specs = (play.GameSpec(len(seats), names, options.seed + i, tokens, tuple(sorted(variants)))
                 for i in range(options.games))
        stats = play.Stats(seats)
        with (progress_bar("games", total=options.games) as bar,
              closing(run_units(play.simulate_game, specs, workers=options.workers,
                                scheduler=options.scheduler)) as results):
            for game in results:  # in seed order, whichever worker finished first
                stats.add(game)
                bar.update(advance=1)
        say_simulation(stats.as_dict(), options.output, TITLE)

    # ------------------------------------------------------------ puzzles and paper

    def solve(self, path: Path, doc: Doc, options: api.SolveOptions) -> None:
        """A puzzle (TQ1 the best turn, TQ2 the fewest turns, TQ3 the end's scoring)
        or a position without a goal (TQ1 with the top tile), proved (:mod:`.solving`)."""
        from . import solving

        if is_record(doc):
            raise wrong_kind(path, "a game record", "a position or a puzzle", "solve takes those (replay checks records)")
        solving.solve(path, _position(doc), out=options.out, seconds=options.seconds, nodes=options.nodes,
                      turns=options.turns, output=options.output)

    def render(self, path: Path, doc: Doc, options: api.RenderOptions) -> None:
        """A position or puzzle drawn (:mod:`.picture`): the board in the game's tile
        art with its followers and tokens, the players beside it (``--no-panel``: as
        lines below), its annotations; ``--crop`` keeps only the tiles and the cells
        the annotations name, ``--coords`` writes every cell's x,y, ``--tile-size``
        the tiles' side in mm (default: 24, less for a large board).  A record is
        refused (show draws a record's end)."""
        from ...render import theme
        from . import art

        if is_record(doc):
            raise fail(f"{path}: a {TITLE} record; render draws positions and puzzles (show draws a record's end)")
        loaded = _position(doc)
        look = theme.load_theme(options.template)
        _printable(loaded, look)
        pos = loaded.position
        document = art.diagram(pos, look, title=loaded.title, marks=loaded.marks, coords=options.coords,
                               crop=options.crop, panel=options.panel is not False, tile=options.tile_size)
        write_picture(options.out, options.kind, document, look)
        if not fileio.is_stdout(options.out):
            warn(f"wrote {options.out}")

    def kit(self, options: api.KitOptions) -> None:
        """The expansion's print-and-play kit (:mod:`.kit`, TP1, TP2), written as one step."""
        from ...render import kitfiles, theme
        from . import kit as kits

        refuse_given(f"{TITLE}'s kit is the expansion alone (TP1: 45 mm tiles, no board)", board=options.board,
                     tiles=options.tiles, tile_size=options.tile_size, board_paper=options.board_paper)
        look = theme.load_theme(options.template).with_modes(ink_saver=options.ink_saver, greyscale=options.greyscale)
        built = kits.build_kit(look, options.paper, offset=options.offset)
        say(kitfiles.write_kit(built, options.out, kits.PREFIX, svg=options.svg))  # all in memory first

    def sheet(self, path: Path, doc: Doc, options: api.SheetOptions) -> None:
        """A puzzle card and its solution sheet, the puzzle proved first; or a solution
        record of ``solve -o`` drawn as given (:mod:`.paper`)."""
        from . import paper

        paper.sheet(path, doc, options)

    def generate(self, options: api.GenerateOptions) -> None:
        """Graded puzzles (TQ1, TQ2), each proved and unique (:mod:`.generator`)."""
        from . import paper

        paper.generate(options)

    def deck(self, files: list[Path], options: api.DeckOptions) -> None:
        """The challenge deck of a folder of graded puzzles (:mod:`.paper`)."""
        from . import paper

        paper.deck(files, options)

    def book(self, files: list[Path], options: api.BookOptions) -> None:
        """The puzzle book of a folder of puzzles (:mod:`.paper`)."""
        from . import paper

        paper.book(files, options)

    def illustrate(self, path: Path, doc: Doc, options: api.IllustrateOptions) -> None:
        """A rule figure: every claim checked by the referee (:mod:`.figures`; exit 1
        with one line per false claim, nothing drawn); with ``-o`` drawn with its
        title, legend and caption."""
        from ... import paperflow
        from . import figures

        paperflow.illustrate(path, options, figures.figure_problems(path, doc), figures.claim_count(doc),
                             lambda look: figures.drawing(figures.read_figure(doc), look, text=True))

    def manual(self, options: api.ManualOptions) -> None:
        """The players' rules sheet, illustrated, in English or German (:mod:`.manual`)."""
        from . import manual

        manual.manual(options)

    def table(self, path: Path, doc: Doc) -> Table:
        """The file's position at the studio's table (:mod:`.studio`): a puzzle or
        position, a figure's, a record's last; LoadError with every problem located."""
        from .studio import open_table

        return open_table(path, doc)

    def claims(self, path: Path, doc: Doc) -> list[Diagnostic]:
        """The rule figure's problems, located, as ``illustrate`` finds them (its false
        claims among them), from ``doc``: the studio's editor checks unsaved text."""
        from .figures import figure_problems

        return figure_problems(path, doc)


#: What the house calls (mypy checks here that Der Tunnel answers every command).
COMMANDS: api.Commands = Tunnel()
