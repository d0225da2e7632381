"""What a game gives the house: the commands every game answers, and their options.

Like a puzzle of Simon Tatham's collection, a game is a table of functions: the CLI
(:mod:`sectionx.cli`) parses the options that every game shares, finds the file's
game in the registry (:mod:`sectionx.games`) and calls the game's :class:`Commands`.
Options that do not apply to a game are ``None`` unless given; a game refuses a given
option it has no use for with one line (``raise console.fail(...)``), so nothing the
user asked for is silently ignored.  Commands print through :mod:`sectionx.console`
and end with :class:`~sectionx.console.Stop` (an exit status) or a refusal.

Nothing here names a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ..yamlsrc import Diagnostic, Doc

if TYPE_CHECKING:
    from ..studio.table import Table


@dataclass
class Report:
    """What checking one file found (``sectionx validate``): its kind (a game's word:
    state, puzzle, record, board, ...; ``file`` when it could not be read), every
    problem located, and a one-line summary when it is valid."""

    file: str
    kind: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    summary: str = ""

    @property
    def ok(self) -> bool:
        return not self.diagnostics

    def as_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "kind": self.kind,
            "ok": self.ok,
            "summary": self.summary,
            "problems": [
                {"line": d.line, "column": d.column, "message": d.message, "rule": d.rule, "file": d.file}
                for d in self.diagnostics
            ],
        }


@dataclass(frozen=True)
class NewOptions:
    """``sectionx new``: set up a new game."""

    players: int | None = None
    variant: str | None = None
    seed: int | None = None
    board: str | None = None
    colours: str | None = None


@dataclass(frozen=True)
class PlayOptions:
    """``sectionx play``: one game between bots."""

    players: int | None = None
    variant: str | None = None
    seed: int = 0
    bots: str = "random"


@dataclass(frozen=True)
class SimulateOptions:
    """``sectionx simulate``: many games between bots, figures out."""

    games: int = 20
    players: int | None = None
    variant: str | None = None
    seed: int = 0
    bots: str = "random"
    output: str = "text"
    workers: int = 1
    scheduler: str | None = None


@dataclass(frozen=True)
class SolveOptions:
    """``sectionx solve``: limits, formats and where a solution record goes."""

    out: Path | None = None
    seconds: float | None = None
    nodes: int | None = None
    turns: int | None = None
    cap: int = 50
    output: str = "text"
    verbose: bool = False


@dataclass(frozen=True)
class RenderOptions:
    """``sectionx render``: one picture of a position, ``kind`` svg or pdf."""

    out: Path
    kind: str
    crop: bool = False
    coords: bool = False
    panel: bool | None = None
    template: Path | None = None
    tile_size: float | None = None


@dataclass(frozen=True)
class KitOptions:
    """``sectionx kit``: the print-and-play kit, the same conventions for every game
    (paper, ink-saver, greyscale, duplex back offsets, template, SVG beside the PDF)."""

    out: Path
    paper: str = "a4"
    board_paper: str | None = None
    ink_saver: bool = False
    greyscale: bool = False
    offset: tuple[float, float] = (0.0, 0.0)
    template: Path | None = None
    tile_size: float | None = None
    board: str | None = None
    tiles: str | None = None
    svg: bool = True
    coords: bool = True


@dataclass(frozen=True)
class SheetOptions:
    """``sectionx sheet``: a puzzle card and its solution sheet, ``kind`` pdf or svg."""

    out: Path
    kind: str
    paper: str = "a4"
    template: Path | None = None
    seconds: float | None = None
    nodes: int | None = None


@dataclass(frozen=True)
class GenerateOptions:
    """``sectionx generate``: new graded puzzles in the folder ``out`` (or the one
    puzzle of ``puzzle_id`` again).  ``board`` and ``goal`` are a game's own
    choices (None unless given)."""

    out: Path
    difficulty: str = "beginner"
    count: int = 10
    seed: int = 0
    board: str | None = None
    goal: str | None = None
    workers: int = 1
    scheduler: str | None = None
    puzzle_id: str | None = None
    max_tries: int | None = None


@dataclass(frozen=True)
class DeckOptions:
    """``sectionx deck``: the challenge deck of a folder's puzzles."""

    out: Path
    kind: str
    per_tier: int = 15
    paper: str = "a4"
    template: Path | None = None
    nodes: int | None = None
    seconds: float | None = None
    offset: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True)
class BookOptions:
    """``sectionx book``: a puzzle book of a folder's puzzles; ``title`` None for the
    game's own."""

    out: Path
    kind: str
    paper: str = "a4"
    template: Path | None = None
    nodes: int | None = None
    seconds: float | None = None
    title: str | None = None


@dataclass(frozen=True)
class IllustrateOptions:
    """``sectionx illustrate``: check a rule figure's claims and, with ``out``, draw it."""

    out: Path | None = None
    kind: str | None = None
    template: Path | None = None


@dataclass(frozen=True)
class ManualOptions:
    """``sectionx manual``: the game's illustrated rulebook, ``kind`` pdf or html.
    ``rules_text`` and ``figures`` replace the packaged sources when given."""

    out: Path
    kind: str
    lang: str = "en"
    paper: str = "a4"
    template: Path | None = None
    rules_text: Path | None = None
    figures: Path | None = None


class Commands(Protocol):
    """The commands every game answers.  ``path`` is the file named on the command
    line and ``doc`` its YAML, read once under the house's limits (:mod:`sectionx.yamlsrc`)."""

    def check(self, path: Path, doc: Doc) -> Report:
        """Every problem of a file of this game, located (``validate``); never raises
        for bad input."""
        ...

    def bundled(self) -> list[Report]:
        """The reports of the definitions the game ships (``validate --bundled``)."""
        ...

    def show(self, path: Path, doc: Doc) -> None:
        """Print a text picture of the file (``show``); problems on stderr, exit 1."""
        ...

    def new(self, options: NewOptions) -> str:
        """The YAML of a new game's set-up (``new``); the same options give the same text."""
        ...

    def replay(self, path: Path, doc: Doc, *, show: bool) -> None:
        """Check every move of a game record (``replay``); exit 1 at the first illegal one."""
        ...

    def play(self, options: PlayOptions) -> str:
        """The record of one game between bots (``play``), which :meth:`replay` accepts."""
        ...

    def simulate(self, options: SimulateOptions) -> None:
        """Play many games and print their figures (``simulate``)."""
        ...

    def solve(self, path: Path, doc: Doc, options: SolveOptions) -> None:
        """Solve a puzzle exactly (``solve``); exit 0 solved, 1 invalid file, 3 proved
        impossible within the limit, 4 a limit reached."""
        ...

    def render(self, path: Path, doc: Doc, options: RenderOptions) -> None:
        """Draw a position with its annotations (``render``)."""
        ...

    def kit(self, options: KitOptions) -> None:
        """Write the print-and-play kit (``kit --game``)."""
        ...

    def sheet(self, path: Path, doc: Doc, options: SheetOptions) -> None:
        """Print a puzzle card and its solution sheet (``sheet``); a puzzle is solved
        first (exit 3 or 4 as for :meth:`solve`), a solution record drawn once checked."""
        ...

    def generate(self, options: GenerateOptions) -> None:
        """Write new puzzles of a measured difficulty (``generate``): each proved, unique,
        graded, none the same as another up to symmetry; the same options, the same bytes."""
        ...

    def deck(self, files: list[Path], options: DeckOptions) -> None:
        """Print a challenge deck of the puzzle ``files`` (a folder's, read and vetted by
        :func:`sectionx.puzzlesets.puzzle_files`, every one of this game)."""
        ...

    def book(self, files: list[Path], options: BookOptions) -> None:
        """Print a puzzle book of the puzzle ``files`` (as for :meth:`deck`)."""
        ...

    def illustrate(self, path: Path, doc: Doc, options: IllustrateOptions) -> None:
        """Check every claim of a rule figure with the referee (exit 1 on a false one,
        nothing drawn) and, with ``options.out``, draw it."""
        ...

    def manual(self, options: ManualOptions) -> None:
        """Build the game's illustrated rulebook from its packaged rules text and figures,
        every figure's claims checked first (``manual``)."""
        ...

    def table(self, path: Path, doc: Doc) -> Table:
        """The file's position as the studio plays it (``sectionx studio``): a puzzle,
        a position, a record's last position or a figure's.  A file with problems raises
        :class:`~sectionx.yamlsrc.LoadError` with every problem located, as ``validate``
        reports them."""
        ...

    def claims(self, path: Path, doc: Doc) -> list[Diagnostic]:
        """Every problem of the rule figure ``doc`` (read as if from ``path``), located,
        as ``illustrate`` reports them: the file's own, then each claim the referee does
        not bear out; none when every claim holds (the studio's editor checks unsaved
        text with it, so it reads nothing from ``path``)."""
        ...
