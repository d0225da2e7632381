"""What a game gives the studio: a position you can look at, click on and play.

The studio (:mod:`sectionx.studio.app`) names no game.  For a file it asks the file's
game (``Commands.table``) for a :class:`Table`: one position of the game, frozen, with
its picture, the places on the picture a player can click (:class:`Spot`), every legal
move and the clicks that pick it (:class:`Choice`), and how to try a move.  Playing a
move gives a new table; the studio keeps the line of tables for undo and redo, as a
chess GUI keeps its move list.

Why clicks are spot ids and not coordinates: the game knows its own geometry (a hex
cell, a knot on a wall, a field of Hekla's board) and draws the picture the way
``sectionx render`` does; the studio lays an invisible outline over each spot, in the
picture's own units (millimetres, the SVG's ``viewBox``), so the renderer's drawing
stays byte for byte what ``render`` writes, and the page finds every target by id.

A move is always its notation (the text a record or ``solve`` writes), so anything the
page shows can be typed, copied into a record, and read back by ``replay``.  Choosing
by clicks: the page filters the choices whose ``clicks`` start with what was clicked so
far and highlights the next spots; when several choices share all their clicks (a tile
placed at any of six rotations), the page offers their ``label``s as buttons.  A click
that matches no legal move is sent to :meth:`Table.guess`, which names the move the
player meant, and :meth:`Table.play` then says why the referee refuses it, with the
ruling ids: the same words ``replay`` prints.

Nothing here names a game or imports the web stack.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

Point = tuple[float, float]


@dataclass(frozen=True)
class Spot:
    """A place on the picture a player can click: ``id`` is stable for the position
    (``cell:2,-1``, ``piece:red:0``), ``outline`` a closed polygon in the picture's
    user units (the SVG viewBox, millimetres), ``title`` its name in words."""

    id: str
    outline: tuple[Point, ...]
    title: str


@dataclass(frozen=True)
class Choice:
    """One legal move: its notation ``text``, the spot ids clicked in order to pick it
    (empty when only a button picks it, e.g. "end the turn"), and a short ``label`` that
    tells it apart from the other choices with the same clicks (a rotation)."""

    text: str
    clicks: tuple[str, ...] = ()
    label: str = ""


@dataclass(frozen=True)
class Refusal:
    """Why the referee refuses a move: one line as ``replay`` prints it, and the ruling
    ids it names (``rulings.md``)."""

    message: str
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Picture:
    """The position drawn as ``sectionx render`` draws it (an SVG document) and its
    clickable spots."""

    svg: str
    spots: tuple[Spot, ...]


@dataclass(frozen=True)
class Status:
    """Where the game stands, in words for the page.

    ``to_move`` names whose move it is ("Red, turn 2: a tile action or steps");
    ``goal`` the puzzle's goal and its progress ("Free red and blue: red free, 1 turn
    of 3 used"), empty for a free position; ``turns`` the whole turns played since the
    file's position (the unit the solver counts); ``over`` true when no move is left
    (the game ended, or a puzzle's goal was met or its turns ran out); ``solved``
    true when the puzzle's goal is met; ``result`` one line on how it ended;
    ``answer`` the move the table itself played for another side right after the
    player's last one (a defender's reply, in words and notation: ``yellow R3``), which
    the move list shows beside it; empty when it played none."""

    to_move: str
    goal: str = ""
    turns: int = 0
    over: bool = False
    solved: bool = False
    result: str = ""
    answer: str = ""


@dataclass(frozen=True)
class Solution:
    """What the game's exact solver proved from this position.

    ``status`` is ``solved`` (``minimum`` turns, proved; ``turns`` one optimal line,
    each turn its moves in notation, playable from this table), ``impossible`` (no
    solution within the puzzle's turns, proved) or ``unknown`` (a limit was reached;
    ``proved_at_least`` turns are needed, proved).  ``plans`` counts the distinct
    optimal solutions as ``solve`` does (``None`` when not counted), ``message`` is
    ``solve``'s summary line."""

    status: str
    minimum: int | None = None
    turns: tuple[tuple[str, ...], ...] = ()
    plans: int | None = None
    plans_capped: bool = False
    proved_at_least: int = 0
    message: str = ""


#: A progress report from a running solve: one line of words.
Progress = Callable[[str], None]


@dataclass(frozen=True)
class Limits:
    """Bounds on one solve the studio starts: seconds of the search and nodes
    (``None``: the game's default).  Memory is bounded by the worker process's limit
    (:mod:`sectionx.studio.solving`)."""

    seconds: float = 30.0
    nodes: int | None = None


class Table(Protocol):
    """One position of a game, as the studio plays it.  Frozen: :meth:`play` returns a
    new table.  Every method is deterministic and never raises for a move the player
    could type (a refusal is a value)."""

    # Read-only members (properties), so that a frozen dataclass's fields answer them:
    # mypy refuses a read-only attribute for a protocol's settable one.
    @property
    def game(self) -> str:
        """The game's ``game:`` name."""
        ...

    @property
    def kind(self) -> str:
        """The file's kind (``puzzle``, ``state``, ``figure``...)."""
        ...

    def picture(self) -> Picture:
        """The position drawn as ``render`` draws it, and its clickable spots."""
        ...

    def choices(self) -> tuple[Choice, ...]:
        """Every legal move now, each with the clicks that pick it; empty when
        :attr:`Status.over`."""
        ...

    def status(self) -> Status:
        """Whose move, the goal's progress and whether it is over."""
        ...

    def play(self, text: str) -> Table | Refusal:
        """The table after the move written ``text`` (the game's notation), or why the
        referee refuses it (unreadable text is refused too, with the notation's help)."""
        ...

    def guess(self, clicks: tuple[str, ...]) -> str | None:
        """The move a player most likely meant by ``clicks`` when no legal move has them
        (e.g. a prisoner's step to a cell out of reach), in notation, so that
        :meth:`play` can say why it is refused; ``None`` when the clicks name no move."""
        ...

    def solve(self, limits: Limits, progress: Progress) -> Solution:
        """Solve the puzzle from this position with the game's exact solver (only
        for a puzzle; a free position gives ``unknown`` with a message).  ``progress``
        is called now and then with a line of words."""
        ...


@dataclass
class History:
    """The line of positions played in the studio: ``tables[i]`` is the position after
    ``moves[:i]``; ``at`` the one shown.  Undo and redo move ``at``; playing a move
    after an undo drops the moves after ``at``, as every chess GUI does."""

    tables: list[Table]
    moves: list[str] = field(default_factory=list)
    #: Beside each move, the reply the table played for another side (``Status.answer``),
    #: kept when the move is played so the move list needs no status of every position.
    answers: list[str] = field(default_factory=list)
    at: int = 0

    @property
    def current(self) -> Table:
        return self.tables[self.at]

    def push(self, move: str, table: Table) -> None:
        del self.tables[self.at + 1:]
        del self.moves[self.at:]
        del self.answers[self.at:]
        self.tables.append(table)
        self.moves.append(move)
        self.answers.append(table.status().answer)
        self.at += 1

    def undo(self) -> bool:
        if self.at == 0:
            return False
        self.at -= 1
        return True

    def redo(self) -> bool:
        if self.at >= len(self.moves):
            return False
        self.at += 1
        return True


# --------------------------------------------------------------------------- editing


@dataclass(frozen=True)
class Tool:
    """One entry of the editor's palette: ``id`` names it to :meth:`Editable.edit`
    (``tile:T05``, ``prisoner:red``, ``erase``), ``label`` is what the button says,
    ``group`` the heading it stands under ("Tiles", "Prisoners"), and ``options`` the
    choices it takes when placed (a tile's rotations ``@0``..``@5``, a stone's value),
    the first the default."""

    id: str
    label: str
    group: str
    options: tuple[str, ...] = ()
    #: A tool for the whole file, not a place on the board (a puzzle's goal, its turn
    #: limit, whose turn it is): the page applies it at once with its option, and
    #: :meth:`Editable.edit` gets the spot ``""``.
    whole: bool = False
    #: For a whole-file tool, the file's value now (one of ``options``), which the page
    #: shows selected; empty when the file has none (no goal yet).
    value: str = ""


@runtime_checkable
class Editable(Protocol):
    """A table whose file can be edited from a palette in the studio (issue 31, "Edit"):
    the page shows the table's picture and spots, the palette's tools, and sends a
    click on a spot with the tool in hand; the game gives back the file's new text.

    Editing works on the file's text, not on the position, so that what the person
    wrote stays: the new text is the old one with only the keys the edit touched
    changed, comments and key order kept (:mod:`sectionx.studio.yamledit`).  The new
    text need not be valid (a prisoner placed before its tile): the editor shows
    ``validate``'s problems beside it, as for text typed by hand."""

    def tools(self) -> tuple[Tool, ...]:
        """The palette for this file: what can be put on (or taken off) the board."""
        ...

    def edit(self, text: str, tool: str, spot: str, option: str = "") -> str | Refusal:
        """``text`` (this table's file as it stands in the editor) after ``tool`` (with
        ``option``) is used on ``spot`` (``""`` for a :attr:`Tool.whole` tool); a
        :class:`Refusal` when the tool cannot go there at all (a tile on the island, a
        spot the tool does not know)."""
        ...
