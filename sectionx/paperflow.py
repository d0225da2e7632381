"""The flow of the printed-matter commands, for every game: ``illustrate``, ``deck`` and
``book`` (:class:`sectionx.games.api.Commands`).

A game hands in its own parts (its figure's problems and drawing, its puzzle
folder's reader, order and prover) and these functions do the rest the same way for
every game: tell the problems and stop (exit 1), or draw and write through
:mod:`sectionx.console`; prove each puzzle of a set with progress on stderr; turn a
:class:`~sectionx.puzzlesets.SetProblem` into its one line and exit status.

Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from .console import INVALID, LIMIT, Stop, fail, plural, print_kind, problem_line, say, warn, write_document, write_picture
from .progress import progress_bar
from .puzzlesets import SetProblem

if TYPE_CHECKING:
    from .games import api
    from .generating import Tally
    from .render.puzzleprint import PrintedPuzzle
    from .render.textfit import Para
    from .render.theme import Theme
    from .yamlsrc import Diagnostic

P = TypeVar("P")
P_contra = TypeVar("P_contra", contravariant=True)
R = TypeVar("R")


def claims_hold(count: int) -> str:
    """How ``illustrate`` says that a figure's ``count`` claims all hold."""
    return "the one claim holds" if count == 1 else f"all {count} claims hold" if count else "no claims to check"


def illustrate(path: Path, options: api.IllustrateOptions, problems: Sequence[Diagnostic], count: int,
               draw: Callable[[Theme], Any]) -> None:
    """A rule figure whose claims were checked: each of ``problems`` (false claims) told
    in one line and exit 1, nothing drawn; else, without ``options.out``, the claims
    said to hold on stdout; with it, ``draw(theme)`` written (SVG or PDF) and said on
    stderr."""
    from .render import theme

    for d in problems:
        warn(problem_line(d))
    if problems:
        raise Stop(INVALID)
    if options.out is None:
        say(f"{path}: {claims_hold(count)}")
        return
    look = theme.load_theme(options.template)
    write_picture(options.out, options.kind or print_kind(options.out), draw(look), look)
    warn(f"{path}: {claims_hold(count)}; wrote {options.out}")


def solve_all(chosen: Sequence[P], solve_one: Callable[[P, int], R]) -> list[R]:
    """``solve_one(puzzle, number)`` for each chosen puzzle, numbered 1..N, with progress
    on stderr."""
    out = []
    with progress_bar("solving", total=len(chosen)) as bar:
        for number, p in enumerate(chosen, 1):
            out.append(solve_one(p, number))
            bar.update(advance=1)
    return out


class SolveForPrint(Protocol[P_contra]):
    """A game's prover of one puzzle of a set, made ready to print as puzzle ``number``
    (its ``puzzleset.solve_for_print``): ``nodes`` and ``seconds`` limit its searches;
    ``unique`` asks for one winning line (the deck) or lets the puzzle's ``answer:``
    record several (the book)."""

    def __call__(self, p: P_contra, number: int, theme: Theme, nodes: int, *, unique: bool,
                 seconds: float | None) -> PrintedPuzzle: ...


def deck(files: list[Path], options: api.DeckOptions, *, read: Callable[[list[Path]], list[P]],
         choose: Callable[[list[P], int], tuple[list[P], list[str]]], solve: SolveForPrint[P],
         node_limit: int) -> None:
    """The challenge deck (:func:`sectionx.render.puzzleprint.deck_document`): the first
    ``per_tier`` graded puzzles of each tier (``choose``, a warning for each tier
    short), each proved unique by ``solve`` (``--nodes``, else ``node_limit``); a
    :class:`SetProblem` is its one line and exit status."""
    from .render import theme
    from .render.puzzleprint import deck_document

    look = theme.load_theme(options.template)
    try:
        chosen, shortfalls = choose(read(files), options.per_tier)
        for line in shortfalls:
            warn(f"sectionx: warning: {line}")
        nodes = options.nodes or node_limit
        printed = solve_all(chosen, lambda p, number: solve(p, number, look, nodes, unique=True,
                                                            seconds=options.seconds))
    except SetProblem as exc:
        raise fail(str(exc), exc.code) from None
    document = deck_document(printed, look, look.paper(options.paper), offset=options.offset)
    write_document(options.out, document, look, f", {plural(len(printed), 'card')}, print long-edge duplex",
                   kind=options.kind)


def book(files: list[Path], options: api.BookOptions, *, read: Callable[[list[Path]], list[P]],
         in_order: Callable[[list[P]], list[P]], solve: SolveForPrint[P], node_limit: int, title: str,
         intro: Sequence[str | Para]) -> None:
    """The puzzle book (:func:`sectionx.render.puzzleprint.book_document`): every puzzle
    of the folder ``in_order``, each proved by ``solve`` (one with several winning
    lines only as its ``answer:`` records them), under ``options.title`` or ``title``
    with the game's ``intro`` on the title page; a :class:`SetProblem` is its one
    line and exit status."""
    from .render import theme
    from .render.puzzleprint import book_document

    look = theme.load_theme(options.template)
    try:
        ordered = in_order(read(files))
        nodes = options.nodes or node_limit
        printed = solve_all(ordered, lambda p, number: solve(p, number, look, nodes, unique=False,
                                                             seconds=options.seconds))
    except SetProblem as exc:
        raise fail(str(exc), exc.code) from None
    document = book_document(printed, look, look.paper(options.paper), title=options.title or title, intro=intro)
    write_document(options.out, document, look, f", {plural(len(printed), 'puzzle')}", kind=options.kind)


class Generated(Protocol):
    """A kept candidate of a generated set: its puzzle file's ``text``."""

    @property
    def text(self) -> str: ...


G = TypeVar("G", bound=Generated)
#: How a game's set generator is called: with the runner of the units (local
#: processes or Dask) and the callback told each outcome and the tally so far.
MakeSet = Callable[[Callable[[Any, Any], Any], Callable[[G, "Tally"], None]], "tuple[list[G], Tally]"]


def generate_files(options: api.GenerateOptions, tier: str, make_set: MakeSet[G]) -> None:
    """A generated set of ``options.count`` puzzles of ``tier`` written to ``options.out``
    as ``TIER-001.yaml`` ...: the names refused before any work if one is already
    there (:func:`sectionx.generating.check_set_folder`); the set
    made by ``make_set(runner, seen)`` with progress on stderr (duplicates not
    counted); the files written in one step, replacing nothing
    (:func:`~sectionx.generating.write_set`); the tally said on stderr; exit 4 when
    fewer were found than asked for."""
    from .generating import check_set_folder, write_set
    from .workers import run_units

    out = options.out
    names = [out / f"{tier}-{i:03d}.yaml" for i in range(1, options.count + 1)]
    check_set_folder(names)  # before minutes of work: a file already there is refused, never replaced

    def runner(fn: Any, units: Any) -> Any:
        return run_units(fn, units, workers=options.workers, scheduler=options.scheduler)

    with progress_bar("generate", total=options.count, fields=("found", "tried")) as bar:
        found = [0]

        def seen(outcome: G, tally: Tally) -> None:
            bar.update(advance=tally.found - found[0], found=tally.found, tried=tally.tried)  # duplicates not counted
            found[0] = tally.found
        kept, tally = make_set(runner, seen)
    files = {name: o.text.encode("utf-8") for name, o in zip(names, kept)}
    if files:
        write_set(out, files)
    reasons = ", ".join(f"{reason} {n}" for reason, n in tally.reasons.most_common() if reason != "accepted")
    warn(f"generate: {plural(tally.found, tier + ' puzzle')} from {plural(tally.tried, 'candidate')} "
         f"({100 * tally.acceptance:.1f}% accepted); rejected: {reasons or 'none'}")
    if files:
        warn(f"wrote {plural(len(files), 'file')} to {out}")
    if len(kept) < options.count:
        raise fail(f"found {len(kept)} of {options.count} puzzles within {plural(tally.tried, 'candidate')}; "
                   "raise --max-tries or try another --seed", LIMIT)
