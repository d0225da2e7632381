"""Der Tunnel at the studio's table (:mod:`sectionx.studio.table`): a position you can
click on and play, one Carcassonne turn at a time.

**A turn by clicks** (CB2: the drawn tile, then up to one follower and one token, TU5).
The drawn tile is placed first: click the middle of the empty cell (``cell:1,0``); the
rotations that fit there are the choices' ``label`` (``@0`` .. ``@3``), since the
picture cannot draw a tile not yet placed.  Then, if wanted, a follower: click the part
of that cell where the feature lies on the tile as placed (``part:1,0:E`` by the middle
of the east edge: a road or city through it; ``part:1,0:Nw`` by the west half of the
north edge: a field; the cell's middle again: a cloister).  Then, if wanted, a tunnel
token: click the opening
(``opening:2,0:E`` on a placed tile, or on the new tile's edge; with TV3 both openings
of the pair).  The clicks follow the notation's order (``U 1,0@1 f road:E t red
2,0:E``).  Choices that share all their clicks (the rotations; a fresh set or a
half-laid set's partner on the same opening) are told apart by their label.  A tile
that fits nowhere is put out with a button (``R out``, CB3).  A follower's click names
the feature's first place (``road:E`` of a road E-W); a click on another of its places
is :meth:`guess`'s and the referee takes it as the same move.

**Spots** (the SVG's viewBox, mm, the frame :mod:`.picture` draws): ``cell:x,y`` every
cell shown (tiles and the empty cells beside them; a click on a placed tile is guessed
as a placement there, which CB3 refuses); over the rim of each empty cell, leaving its
middle and corners to the cell, ``part:x,y:P`` (P one of N E S W, the eight
half-edges) and ``opening:x,y:E`` (the new tile's openings, at the edge itself);
the same ``part:x,y:P`` over a placed tile's rim, for the editor (a follower put on
that feature, :mod:`.editing`; in play a click there names the cell, as before);
``opening:x,y:E`` at every opening on the board.  After a turn the tile just placed
is outlined (the annotation ``tiles:`` draws it; the file's own annotations are drawn
on its position only).  A first click on a part of an empty
cell names no move (a turn starts with the tile's cell).

**Other players** (decided here, as a puzzle maker expects):

* a position with no goal (a state, a figure, a record's last position) is played
  hot-seat: every player's turn is clicked, as at one table.  The tile drawn is the
  top of a known stack; when only the number of tiles is known the table draws for
  the player, at random but the same each time (seeded by the position), and says so;
* TQ1 (``goal: {best: turn}``): the puzzle is the player's one turn with the drawn
  tile; it is over when played, solved when it scores the proved most (CB6-CB8, TU7);
* TQ2 (road or points within K turns): the other players pass between the player's
  turns, as the puzzle states (TQ2) and its solution record writes (``pass``); the
  table passes for them at once, and a tile that fits nowhere is put out without
  using a turn (CB3, CB11);
* TQ3 (``goal: {score: end}``): the question is the end's scoring (CB9, TU9) now, or
  after the turn ``after:`` names.  Without ``after:`` nothing is to be played: the
  table is over and solved at once, its result the end's totals.  With it, the
  player plays that turn (a hint gives it); any other turn ends the puzzle unsolved.

``status().turns`` counts the tiles placed since the file's position (a tile put out
is no turn, CB11), the unit :mod:`.solver` counts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from ...console import plural
from ...errors import NotationError
from ...studio.table import (
    Choice,
    Editable,
    Limits,
    Picture,
    Progress,
    Refusal,
    Solution,
    Spot,
    Status,
    Table,
    Tool,
)
from ...yamlsrc import Doc, LoadError
from ..records import is_record
from . import editing, formats, puzzleedit, records
from .marks import NO_MARKS, Marks
from .model import COLOURS, Cell, Opening, Position
from .puzzles import Goal, Puzzle, gain, need, points_for
from .rules import (
    Follower,
    Move,
    Token,
    cell_text,
    moves,
    opening_text,
    parse_move,
    placements,
    play,
    problems,
)
from .tiles import EDGES, HALVES, Oriented, tile_set

if TYPE_CHECKING:
    from ...render.scene import Document
    from ...render.theme import Theme

GAME = "tunnel"
#: A part of an empty cell a follower's click names: an edge's middle (a road or a
#: city through it), a half-edge (a field); a cloister is the cell's middle, clicked
#: again.
PARTS = (*EDGES, *HALVES)
_EDGE_WORDS = dict(zip(EDGES, ("north", "east", "south", "west"), strict=True))


# ------------------------------------------------------------------ opening a file


def open_table(path: Path, doc: Doc) -> TunnelTable:
    """The table of a Der Tunnel file: a puzzle or position (``formats``), a rule
    figure (the position it draws: after its ``picture_after:`` turn, if any), a
    record (its last position, every turn judged by the referee).  LoadError with
    every problem located, as ``validate`` finds them."""
    data = doc.data if isinstance(doc.data, dict) else {}
    if is_record(doc):
        record = records.read(doc, path.parent)
        result = records.replay(record)
        found = records.diagnostics(record, result)
        if found:
            raise LoadError(found)
        return _start("record", result.final, record.title, NO_MARKS, None, path)
    if "claims" in data or "picture_after" in data:
        from .figures import read_figure

        # The position the figure draws, with its annotations: with picture_after:
        # the one after that turn, as the rulebook shows it (render refuses such a
        # file: its annotations speak of the position after the turn).
        pictured = read_figure(doc).picture
        return _start("figure", pictured.position, pictured.title, pictured.marks, None, path)
    loaded = formats.read(doc)
    kind = "puzzle" if loaded.puzzle is not None else "state"
    return _start(kind, loaded.position, loaded.title, loaded.marks, loaded.puzzle, path)


def _start(kind: str, pos: Position, title: str, marks: Marks, puzzle: Puzzle | None, path: Path) -> TunnelTable:
    hand: str | None
    if puzzle is not None and puzzle.goal.kind == "best":
        hand = puzzle.drawn or pos.next_tile()
    elif puzzle is not None and puzzle.goal.kind == "end":
        hand = puzzle.after.tile if puzzle.after is not None else None
    else:
        hand = _draw(pos)
    best: int | None = None
    if puzzle is not None and puzzle.goal.kind == "best" and hand is not None and not pos.over:
        from .solver import best_turn

        # Proved once when the file is opened (every legal turn tried, TQ1), so that
        # the move that ends the puzzle answers at once.
        best = best_turn(pos, hand).best
    return TunnelTable(kind=kind, position=pos, title=title, marks=marks, puzzle=puzzle, hand=hand, me=pos.turn,
                       file=path.name, best=best)


def _draw(pos: Position) -> str | None:
    """The tile the player to move draws: the top of a known stack; with only the
    number known, one of the tiles left at random, seeded by the position so that the
    same position draws the same tile (the table is deterministic)."""
    if pos.over:
        return None
    top = pos.next_tile()
    if top is not None or pos.stack is not None:
        return top
    names = [n for n in tile_set().types for _ in range(max(pos.pool[n], 0))]
    if not names:
        return None
    cells = ";".join(cell_text(c) + pos.board[c].tile.tile.name for c in sorted(pos.board))
    return random.Random(f"{pos.turns}/{pos.left}/{cells}/{','.join(pos.out)}").choice(names)


# ------------------------------------------------------------------ the table


@dataclass(frozen=True)
class TunnelTable:
    """One Der Tunnel position as the studio plays it (see the module docstring).

    ``position`` is the referee's; ``hand`` the tile the player to move holds (None:
    none is known, or nothing is left to play); ``me`` the puzzle's player; ``played``
    the tiles placed since the file's position and ``moves`` the moves (a tile put out
    too); ``toward`` a TQ2 goal's progress (its points, or 1 once the road is
    complete); ``scored`` the points the puzzle's player scored; ``best`` TQ1's
    proved most this turn; ``answered`` TQ3's turn was the one ``after:`` names."""

    kind: str
    position: Position
    title: str
    marks: Marks
    puzzle: Puzzle | None
    hand: str | None
    me: int
    file: str = ""
    played: int = 0
    moves: int = 0
    toward: int = 0
    scored: int = 0
    best: int | None = None
    answered: bool = False
    game: str = field(default=GAME)

    # ------------------------------------------------------------ the picture

    def picture(self) -> Picture:
        # Drawn once per table: the page draws the position again on undo and redo, and
        # the SVG writer is nearly all of a move's time (a 60-tile board: ~0.2 s CPU).
        drawn = self.__dict__.get("_picture")
        if isinstance(drawn, Picture):
            return drawn
        document = _document(self)
        drawn = Picture(_svg(document), tuple(_spots(self.position, self.marks, _board_shift(document), self.hand)))
        object.__setattr__(self, "_picture", drawn)  # a memo, not a field: equality and hashing ignore it
        return drawn

    # ------------------------------------------------------------ the editor (issue 31, "Edit")

    def tools(self) -> tuple[Tool, ...]:
        """The palette: every tile kind with its turns, each seat's followers, each
        token set, erase (:func:`.editing.tools`; none for a record, whose position its
        turns make), and the puzzle's settings (:func:`.puzzleedit.tools`: the goal, its
        number and turn limit, the tile in hand, whose turn)."""
        return (*editing.tools(self.position, record=self.kind == "record"),
                *puzzleedit.tools(self.position, self.puzzle, self.kind))

    def edit(self, text: str, tool: str, spot: str, option: str = "") -> str | Refusal:
        """``text`` after ``tool`` is used on ``spot`` of this table's picture
        (:func:`.editing.edit`: only the keys it touches change; a Refusal names the
        ruling where the tool cannot go: TG1-TG4, CB1, CB2, CB4, TU1, TU2, TU8); a
        puzzle's setting, or any tool with the spot ``""``, by :func:`.puzzleedit.edit`
        (TQ1-TQ3, CB2)."""
        if tool in puzzleedit.TOOL_IDS or not spot:
            return puzzleedit.edit(self.position, self.kind, self.hand, text, tool, option)
        return editing.edit(self.position, self.kind, self.spot_ids(), text, tool, spot, option)

    def spot_ids(self) -> frozenset[str]:
        """The ids of :meth:`picture`'s spots, without drawing it (the SVG writer is
        nearly all of a picture's time, and an edit needs only to know the spot)."""
        drawn = self.__dict__.get("_picture")
        if isinstance(drawn, Picture):
            return frozenset(s.id for s in drawn.spots)
        return _spot_ids(self.position, self.marks)

    def __getstate__(self) -> dict[str, object]:
        """Pickled without the memoised picture (a solve's worker needs the position)."""
        return {k: v for k, v in self.__dict__.items() if k != "_picture"}

    # ------------------------------------------------------------ choices

    def choices(self) -> tuple[Choice, ...]:
        if self.status().over or self.hand is None:
            return ()
        pos = self.position
        return tuple(_choice(pos, m) for m in moves(pos, self.hand))

    # ------------------------------------------------------------ status

    def status(self) -> Status:
        pos = self.position
        goal = self.puzzle.goal if self.puzzle is not None else None
        player = pos.players[self.me if goal is not None else pos.turn].capitalize()
        done = _over(self)
        solved = _solved(self)
        result = _result(self, done, solved)
        if goal is None:
            words = "" if self.hand is None else _turn_words(self)
            return Status(f"{player}, turn {pos.turns + 1}: {words}" if not done else result, "", self.played, done,
                          False, result)
        sentence = goal.sentence(pos.players[self.me].capitalize()) + ". " + _progress(self)
        to_move = result if done else f"{player}: {_turn_words(self)}"
        # TQ1 asks about the drawn tile's one turn, even when it is put out (CB3).
        turns = self.moves if goal.kind == "best" else self.played
        return Status(to_move, sentence, turns, done, solved, result)

    # ------------------------------------------------------------ playing

    def play(self, text: str) -> TunnelTable | Refusal:
        try:
            move = parse_move(text)
        except NotationError as exc:
            return Refusal(str(exc))
        pos = self.position
        if _over(self) or self.hand is None:
            why = "the game is over: no tile is left to draw (CB9)" if pos.over else "the puzzle is over"
            return Refusal(f"{move} is not played: {why}", ("CB9",) if pos.over else ())
        if move.tile != self.hand:
            return Refusal(f"{move} is illegal: the tile drawn is {self.hand}, not {move.tile} (CB2)", ("CB2",))
        found = problems(pos, move)
        if found:
            return Refusal(f"{move} is illegal: " + "; ".join(f"{p.message} ({p.rule})" for p in found),
                           tuple(dict.fromkeys(p.rule for p in found)))
        turn = play(pos, move)
        after = turn.position
        goal = self.puzzle.goal if self.puzzle is not None else None
        placed = move.cell is not None
        scored = self.scored + (points_for(self.me, turn.scored) if pos.turn == self.me else 0)
        toward, answered = self.toward, self.answered
        hand: str | None = None
        if goal is None:
            hand = _draw(after)
        elif goal.others_pass:
            toward += gain(goal, self.me, turn.scored)
            if placed:  # the others pass (TQ2): the player draws again
                after.turn = self.me
            hand = _draw(after)
        elif goal.kind == "end":
            assert self.puzzle is not None and self.puzzle.after is not None
            from .solver import position_key

            answered = position_key(after) == position_key(play(pos, self.puzzle.after).position)
        # The tile just placed is outlined, as a figure marks one (``annotations: {tiles:
        # [x,y]}``): the file's own annotations speak of the file's position only.
        marks = Marks(tiles=(move.cell,)) if move.cell is not None else NO_MARKS
        return replace(self, position=after, marks=marks, hand=hand, played=self.played + int(placed),
                       moves=self.moves + 1, toward=toward, scored=scored, answered=answered)

    # ------------------------------------------------------------ guessing

    def guess(self, clicks: tuple[str, ...]) -> str | None:
        """The move the clicks most likely mean: the drawn tile on the first click's
        cell, turned the first way it fits there (else unturned: CB3 says why), a
        follower on the feature of the part clicked (or what the part would hold:
        CB4 says it is not there), a token of the player's set on the openings
        clicked (TU1, TU2, TU8, TV1-TV4 say why not)."""
        if not clicks or self.hand is None:
            return None
        cell = _cell_of(clicks[0])
        pos = self.position
        if cell is None or (not clicks[0].startswith("cell:") and cell not in pos.board):
            return None  # every turn starts on a cell: a part of an empty cell names none yet
        parts = [c.rsplit(":", 1)[1] for c in clicks[1:] if c.startswith("part:")]
        parts += ["cloister" for c in clicks[1:2] if c == clicks[0] and cell not in pos.board]
        openings = [o for c in clicks[1:] if c.startswith("opening:") and (o := _opening_of(c)) is not None]
        fits = [r for c, r in placements(pos, self.hand) if c == cell] if cell in pos.frontier else []
        rotation = fits[0] if fits else 0
        steps: list[Follower | Token] = []
        if parts:
            part = parts[0]
            for r in fits or [0]:
                name = _feature_at(self.hand, r, part)
                if name is not None:
                    rotation = r
                    break
            steps.append(Follower(_feature_at(self.hand, rotation, part) or _kind_guess(part)))
        if openings:
            steps.append(Token(_set_for(pos), tuple(openings[:2] if "TV3" in pos.variants else openings[:1])))
        return str(Move(self.hand, cell, rotation, tuple(steps)))

    # ------------------------------------------------------------ solving

    def solve(self, limits: Limits, progress: Progress) -> Solution:
        from .solver import best_turn, end_scores, plan

        pos = self.position
        goal = self.puzzle.goal if self.puzzle is not None else Goal("best")
        # TQ3 is the referee's answer from the file's position (over at once without
        # an after: turn); any other table that is over has nothing left to search.
        asked = goal.kind == "end" and self.moves == 0
        if _over(self) and self.puzzle is None:
            return Solution("unknown", message=f"{self.file}: {_result(self, True, False)} Nothing to solve")
        if _over(self) and not asked:
            if _solved(self):
                return Solution("solved", 0, message=f"{self.file}: solved: nothing is left to play")
            return Solution("impossible", message=f"{self.file}: the puzzle is over, not solved")
        if self.hand is None and not asked:
            return Solution("unknown", message=f"{self.file}: no tile is known to be drawn: nothing to solve (TQ1)")
        progress(f"solving {goal.ruling} for {pos.players[self.me if self.puzzle else pos.turn]}")
        seconds, nodes = limits.seconds, limits.nodes
        if goal.kind == "end":
            answer = end_scores(pos, self.puzzle.after if self.puzzle is not None else None)
        elif goal.others_pass:
            left = goal.within - self.played
            rest = Goal(goal.kind, goal.target - self.toward if goal.kind == "points" else goal.target, left)
            answer = plan(pos, rest, nodes=nodes, seconds=seconds)
        else:
            assert self.hand is not None
            answer = best_turn(pos, self.hand, nodes=nodes, seconds=seconds)
        progress(f"{answer.status} after {plural(answer.nodes, 'turn')} tried")
        message = _message(self, answer)
        if answer.status == "unknown":
            return Solution("unknown", proved_at_least=answer.proved_none_below + 1 if goal.others_pass else 0,
                            message=message)
        if answer.status == "impossible":
            return Solution("impossible", message=message)
        turns = _turns(answer.line)
        return Solution("solved", len(turns), turns, len(answer.choices) if goal.kind != "end" else 1,
                        message=message)


#: mypy checks here that the table answers the studio's protocol and the editor's.
_: type[Table] = TunnelTable
_e: type[Editable] = TunnelTable


# ------------------------------------------------------------------ what the table says


def _over(t: TunnelTable) -> bool:
    pos = t.position
    goal = t.puzzle.goal if t.puzzle is not None else None
    if goal is None:
        return pos.over or t.hand is None
    if goal.kind == "end":
        return t.puzzle is not None and (t.puzzle.after is None or t.played > 0)
    if goal.kind == "best":
        return t.moves > 0 or t.best is None
    return t.toward >= need(goal) or t.played >= goal.within or pos.over or t.hand is None


def _solved(t: TunnelTable) -> bool:
    goal = t.puzzle.goal if t.puzzle is not None else None
    if goal is None:
        return False
    if goal.kind == "end":
        return t.puzzle is not None and (t.puzzle.after is None or t.answered)
    if goal.kind == "best":
        return t.moves > 0 and t.best is not None and t.scored >= t.best
    return t.toward >= need(goal)


def _turn_words(t: TunnelTable) -> str:
    pos, hand = t.position, t.hand
    if hand is None:
        return "no tile is known to be drawn"
    drew = " (drawn by the table: the stack's order is unknown)" if pos.stack is None and t.puzzle is None else ""
    if not placements(pos, hand):
        return f"{hand}{drew} fits nowhere: put it out and draw again (CB3, CB11)"
    return (f"place the drawn {hand}{drew} (click the middle of a dashed cell, then its turn), then if you like a "
            "follower on it (CB4) or a tunnel token (TU1)")


def _progress(t: TunnelTable) -> str:
    goal = t.puzzle.goal if t.puzzle is not None else None
    assert goal is not None
    if goal.kind == "best":
        if t.moves == 0 or t.best is None:
            return "The turn is not played yet."
        return f"The turn scored {plural(t.scored, 'point')}; the most is {plural(t.best, 'point')}."
    if goal.kind == "end":
        return "After " + str(t.puzzle.after if t.puzzle is not None else "") + ": play that turn first." \
            if t.puzzle is not None and t.puzzle.after is not None and t.played == 0 else _end_words(t)
    used = f"{t.played} of {plural(goal.within, 'turn')} used; the others pass"
    if goal.kind == "road":
        return ("Road completed" if t.toward else "No such road completed yet") + f", {used}."
    return f"{t.toward} of {plural(goal.target, 'point')}, {used}."


def _end_words(t: TunnelTable) -> str:
    """The end's scoring of the table's position (CB9, TU9), as totals."""
    from .solver import end_scores

    answer = end_scores(t.position)
    totals = ", ".join(f"{p} {s}" for p, s in zip(answer.players, answer.scores, strict=True))
    return f"The end's scoring now (CB9, TU9): {totals}."


def _result(t: TunnelTable, done: bool, solved: bool) -> str:
    if not done:
        return ""
    pos = t.position
    goal = t.puzzle.goal if t.puzzle is not None else None
    if goal is None:
        if pos.over:
            scores, _ = records.final_sheet(pos)
            best = records.winners(pos, scores)
            table = ", ".join(f"{p} {s}" for p, s in zip(pos.players, scores, strict=True))
            return f"Game over: {' and '.join(best)} win{'s' if len(best) == 1 else ''} ({table}, CB9, CB10)."
        return "No tile is known to be drawn: the stack's order is unknown."
    if goal.kind == "end":
        if solved:
            return _end_words(t)
        assert t.puzzle is not None
        return f"Not the turn asked about ({t.puzzle.after}). " + _end_words(t)
    if goal.kind == "best":
        if t.best is None or t.moves == 0:
            return "No turn to play."
        return (f"Solved: {plural(t.scored, 'point')}, the most this turn (TQ1)." if solved
                else f"{plural(t.scored, 'point')}; the most was {plural(t.best, 'point')} (TQ1).")
    if solved:
        return f"Solved in {plural(t.played, 'turn')} (TQ2)."
    return f"Not met within {plural(goal.within, 'turn')} (TQ2)."


def _message(t: TunnelTable, answer: object) -> str:
    """``solve``'s summary line for this position."""
    from .solver import Answer
    from .solving import text_lines

    assert isinstance(answer, Answer)
    loaded = formats.Loaded(t.position, t.title, Doc(t.file, {}), puzzle=t.puzzle)
    return text_lines(Path(t.file), loaded, answer)[0]


def _turns(line: tuple[Move, ...]) -> tuple[tuple[str, ...], ...]:
    """The solver's line as whole turns: tiles put out (CB11) belong to the turn whose
    tile is then placed."""
    turns: list[tuple[str, ...]] = []
    run: list[str] = []
    for move in line:
        run.append(str(move))
        if move.cell is not None:
            turns.append(tuple(run))
            run = []
    if run:
        turns.append(tuple(run))
    return tuple(turns)


# ------------------------------------------------------------------ clicks


def _choice(pos: Position, move: Move) -> Choice:
    if move.cell is None:
        return Choice(str(move), (), f"{move.tile} out (fits nowhere, CB3)")
    x, y = move.cell
    clicks = [f"cell:{x},{y}"]
    # The picture cannot show the tile in hand turned: the label says what its edges
    # will be (``@1 (city N, road EW)``).
    label = [f"@{move.rotation} ({_looks(move.tile, move.rotation)})"]
    tile = tile_set().oriented(move.tile, move.rotation)
    for step in move.steps:
        if isinstance(step, Follower):
            local = tile.feature_named(step.feature)
            assert local is not None
            name = tile.features[local].name
            # A cloister is the cell's middle: the cell clicked again.
            clicks.append(f"cell:{x},{y}" if name == "cloister" else f"part:{x},{y}:{_part(name)}")
            label.append(f"f {name}")
        else:
            clicks += [f"opening:{opening_text(o)}" for o in step.openings]
            label.append(f"t {step.set}")
    return Choice(str(move), tuple(clicks), " ".join(label))


def _looks(name: str, rotation: int) -> str:
    """Tile ``name`` turned ``rotation`` in a few words: its city and road edges, a
    cloister, its tunnel openings (``city N, road EW, openings E``)."""
    tile = tile_set().oriented(name, rotation)
    words = []
    for kind, letter in (("city", "C"), ("road", "R")):
        edges = "".join(EDGES[e] for e in range(4) if tile.edges[e] == letter)
        if edges:
            words.append(f"{kind} {edges}")
    if any(f.kind == "cloister" for f in tile.features):
        words.append("cloister")
    mouths = "".join(EDGES[f.edges[0]] for f in tile.features if f.end == "opening")
    if mouths:
        words.append(f"opening{'s' if len(mouths) > 1 else ''} {mouths}")
    return ", ".join(words) or "fields only"


def _part(feature: str) -> str:
    """The part of a cell a feature's name points at: ``road:E`` E, ``field:Nw`` Nw."""
    return feature.rsplit(":", 1)[-1]


def _feature_at(name: str, rotation: int, part: str) -> str | None:
    """The name of the feature of ``name`` turned ``rotation`` at ``part``, if any."""
    tile = tile_set().oriented(name, rotation)
    for f in tile.features:
        if any(_part(p) == part for p in f.places()):
            return f.name
    return None


def _kind_guess(part: str) -> str:
    return "cloister" if part == "cloister" else (f"road:{part}" if part in EDGES else f"field:{part}")


def _cell_of(click: str) -> Cell | None:
    kind, _, rest = click.partition(":")
    if kind not in ("cell", "part", "opening"):
        return None
    where = rest.split(":", 1)[0]
    xs = where.split(",")
    try:
        return int(xs[0]), int(xs[1])
    except (ValueError, IndexError):
        return None


def _opening_of(click: str) -> Opening | None:
    cell = _cell_of(click)
    edge = click.rsplit(":", 1)[-1]
    return (cell, EDGES.index(edge)) if cell is not None and edge in EDGES and len(edge) == 1 else None


def _set_for(pos: Position) -> str:
    """The set a player means by clicking an opening: a fresh set of theirs (TU8), else
    one of theirs half laid, else their colour's; with TV3 the first common pair left."""
    seat = pos.turn
    if "TV3" in pos.variants:
        return next((s for s in pos.sets if s not in pos.placed), next(iter(pos.sets), COLOURS[0]))
    mine = [s for s in COLOURS if pos.sets.get(s, -1) == seat]
    fresh = [s for s in mine if s not in pos.placed]
    half = [s for s in mine if len(pos.placed.get(s, ())) == 1]
    return (fresh or half or [pos.players[seat]])[0]


# ------------------------------------------------------------------ the picture and its spots


@cache
def _look() -> Theme:
    from ...render import theme

    return theme.load_theme(None)


def _document(t: TunnelTable) -> Document:
    """What ``sectionx render`` draws of this position (its defaults: the panel, no
    crop, no coordinates, the tile size chosen for the board)."""
    from . import art

    return art.diagram(t.position, _look(), title=t.title, marks=t.marks)


def _svg(document: Document) -> str:
    from ...render import svg

    return svg.to_svg(document.pages[0], document.symbol_map, _look())


def _board_shift(document: Document) -> tuple[float, float]:
    """Where the page puts the board's drawing (the title above moves it down): the
    translation of the group :func:`sectionx.render.figures.picture` labels ``board``."""
    from ...render.scene import Group

    for item in document.pages[0].items:
        if isinstance(item, Group) and item.label == "board":
            return item.matrix[4], item.matrix[5]
    return 0.0, 0.0


def _box(x: float, y: float, t: float, u0: float, v0: float, u1: float, v1: float, turns: int
         ) -> tuple[tuple[float, float], ...]:
    """The rectangle u0..u1 x v0..v1 of a cell (unit square, v down) turned ``turns``
    quarter turns clockwise about its middle, in mm."""
    corners = [(u0, v0), (u1, v0), (u1, v1), (u0, v1)]
    out = []
    for u, v in corners:
        for _ in range(turns):
            u, v = 1.0 - v, u
        out.append((round(x + u * t, 3), round(y + v * t, 3)))
    return tuple(out)


def _part_words(tile: Oriented, part: str) -> str:
    """What lies at ``part`` of a placed tile, for a spot's title: ``the road:E``."""
    from .editing import pointed

    local = pointed("part", part, tile)[0]
    return f"(the {tile.features[local].name})" if local is not None else ""


def _spot_ids(pos: Position, marks: Marks) -> frozenset[str]:
    """The ids :func:`_spots` gives, without the picture's frame (a test holds them equal)."""
    from .picture import shown_cells

    cells = shown_cells(pos, marks, crop=False)
    ids = set()
    for cell in cells:
        where = cell_text(cell)
        ids.add(f"cell:{where}")
        ids.update(f"part:{where}:{p}" for p in PARTS)
        if cell not in pos.board:
            ids.update(f"opening:{where}:{e}" for e in EDGES)
    ids.update(f"opening:{opening_text(o)}" for o in pos.mouths if o[0] in cells)
    return frozenset(ids)


def _spots(pos: Position, marks: Marks, shift: tuple[float, float], hand: str | None) -> list[Spot]:
    """Every spot, in the order the page lays them (later on top): the cells, the
    parts of every cell (a placed tile's for the editor), the new openings of the
    empty cells, the openings on the board."""
    from .picture import frame_for, shown_cells

    cells = shown_cells(pos, marks, crop=False)
    drawn = frame_for(cells, None, coords=False)
    frame = replace(drawn, x0=drawn.x0 + shift[0], y0=drawn.y0 + shift[1])
    t = frame.size
    order = sorted(cells, key=lambda c: (c[1], c[0]))
    spots: list[Spot] = []
    for cell in order:
        x, y = frame.box(cell)
        placed = pos.board.get(cell)
        what = (f"the tile {placed.tile.tile.name}@{placed.tile.rotation}" if placed is not None
                else f"empty (click its middle for the drawn {hand or 'tile'}, again for a follower on a cloister)")
        spots.append(Spot(f"cell:{cell_text(cell)}", _box(x, y, t, 0, 0, 1, 1, 0), f"{cell_text(cell)}: {what}"))
    for cell in order:
        x, y = frame.box(cell)
        where = cell_text(cell)
        on = pos.board.get(cell)
        for e, edge in enumerate(EDGES):
            # In the rim, clear of the middle (the cell: the tile, then a cloister) and
            # of the corners; a half-edge's spot beside the edge's own.  A placed tile's
            # parts are the editor's (a follower put on a feature of it, issue 31); in
            # play a click there is the cell's (a placement there, which CB3 refuses).
            spots.append(Spot(f"part:{where}:{edge}", _box(x, y, t, 0.38, 0.14, 0.62, 0.3, e),
                              f"{where}: by the {_EDGE_WORDS[edge]} edge "
                              + (_part_words(on.tile, edge) if on is not None else "(a road or city there)")))
            for k in range(2):
                half = HALVES[2 * e + k]
                u0 = 0.18 if k == 0 else 0.66
                spots.append(Spot(f"part:{where}:{half}", _box(x, y, t, u0, 0.0, u0 + 0.16, 0.18, e),
                                  f"{where}: the field at half-edge {half}"
                                  + (" " + _part_words(on.tile, half) if on is not None else "")))
        if on is not None:
            continue
        for e, edge in enumerate(EDGES):
            spots.append(Spot(f"opening:{where}:{edge}", _box(x, y, t, 0.38, 0.0, 0.62, 0.13, e),
                              f"{where}:{edge}: a tunnel opening of the new tile"))
    from . import art

    for opening in pos.mouths:
        cell, side = opening
        if cell not in cells:
            continue
        x, y = frame.box(cell)
        cx, cy = art.token_spot(pos.board[cell].tile, side, x, y, t)
        r = t * art.TOKEN * 0.7
        claimed = pos.tokens.get(opening)
        spots.append(Spot(f"opening:{opening_text(opening)}",
                          tuple((round(a, 3), round(b, 3)) for a, b in
                                ((cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r))),
                          f"the tunnel opening {opening_text(opening)}"
                          + (f" (a {claimed} token)" if claimed else " (free)")))
    return spots
