"""Breakout in the studio (issue 31): one position as a :class:`~sectionx.studio.table.Table`.

The table is a frozen value: :meth:`BreakoutTable.play` returns the next one, so the
studio keeps the line of tables for undo and redo.  Everything it says comes from the
referee (:mod:`.rules`: ``legal_actions``, ``explain``, ``apply``, ``parse_action``),
the drawing from the render command's own code (:func:`.art.diagram`), the proofs
from the solver (:mod:`.solver`).

**Spots** (millimetres of the SVG's ``viewBox``, the wall group's offset under the
title added):

* ``push:L3`` / ``push:R3``: the push arrow at the left or right end of row 3, with
  its label (``L3``), from the paper's edge to the wall;
* ``field:3.1``: field 1 (from the left) of row 3 (from the bottom), as ``--coords``
  writes it and ``annotations:`` names it (BW1); a knot on a field shares its spot
  (a push never picks a knot: it comes from the hand, B2);
* ``top:2``: the wall top's section above column 2, where escaped figures stand
  (BW2), there even with none; no move is clicked there, the editor's figures are
  (:mod:`.studioedit`, the palette).

**Choices and clicks**: a push is one click on its arrow (``L3`` is ``push:L3``); a
pass (B3: only when no push is left) has no click and is a button labelled
``pass``.  :meth:`BreakoutTable.guess` reads the last click: an arrow is its push
(a barred one, B4, or any push without a knot in hand, B3, is then refused with
its ruling), an end field the push in at that end (field 1 of row 3 is ``L3``,
field 5 ``R3``); a field inside the row names no push (``None``).

**Whose moves** (BQ1).  A puzzle (``goal:``) is played by its player, the one to
move in the file (S); the table plays the other player's turns itself, so after
every push of S's the table shown is S's next turn:

* ``opponent: passes``: the other player passes every turn (BQ1's forced pass,
  :func:`.rules.forced_pass`, whatever their hand holds), as ``replay`` plays a
  record from such a puzzle;
* ``opponent: defends``: the other player answers as the solver's main line does
  (``sectionx solve``'s "the other player defending longest"): of the referee's
  legal answers, the one after which S needs the most turns to a forced escape;
  an answer after which S cannot escape within the turns left at all (the puzzle
  refuted) goes before any of those, and one that escapes for the other player or
  draws (B6, B7) before everything; an answer that gives S the rope (B6) comes
  last.  Ties go to the first in the referee's order, as in the solver's line, so
  the solver's line replays through the table move for move.  Should the search
  behind that choice reach :data:`REPLY_NODES` (never on the shipped puzzles), the
  first answer that gives S no rope is played, and the status says so.

:meth:`BreakoutTable.status` names the answer (``yellow answered R3``).  Whole turns
(:attr:`Status.turns`) are S's turns, the unit the solver counts; S escaping on the
other player's push counts with S's turns by then (BQ1).  The puzzle is over when S
escaped (solved), the other escaped or the game ended (B6, B7, B8), or S's turns
ran out without an escape (after the other's answer to S's last push, which could
still give S a rope).  A played-on puzzle is drawn with its goal's turns left.

A position, a rule figure (``claims:``) or a record's last position (the record
replayed by the referee, as ``replay`` does) is free play: the player plays both
colours, every turn counts, and it is over when the game is (B7, B8).  A figure's
annotations are drawn on its own position only, not after a push.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from pathlib import Path

from ...console import plural
from ...errors import NotationError
from ...render import svg, theme
from ...render.scene import Group
from ...render.theme import Theme
from ...studio.table import Choice, Editable, Limits, Picture, Progress, Refusal, Solution, Spot, Status, Table, Tool
from ...yamlsrc import Doc, LoadError
from ..records import is_record
from . import art, formats, records, studioedit
from .formats import NO_MARKS, Goal, Marks
from .rules import (
    PASS,
    Action,
    Player,
    Position,
    Side,
    apply,
    count_cause,
    drawn_by,
    explain,
    forced_pass,
    legal_actions,
    parse_action,
)

#: Nodes the search behind a defending answer may expand before the table plays
#: the first answer that gives S no rope instead (module docstring).
REPLY_NODES = 50_000
#: Nodes of a studio solve when :class:`Limits` names none (``solve``'s default).
SOLVE_NODES = 2_000_000


@functools.cache
def _look() -> Theme:
    """The default look, as ``sectionx render`` without ``--template`` loads it."""
    return theme.load_theme(None)


@dataclass(frozen=True)
class BreakoutTable:
    """A Breakout position in the studio (module docstring).

    ``position`` is the referee's; ``goal`` the puzzle's (None: free play), ``me``
    its player (S); ``used`` S's turns played (a puzzle) or every turn played (free
    play); ``answered`` the other player's last answer in notation; ``escaped_after``
    the turn of S's that brought S's escape; ``lost`` why the puzzle failed, in words
    with its ruling; ``guessed`` true when the last answer was not fully searched."""

    kind: str
    position: Position
    title: str = ""
    goal: Goal | None = None
    me: Player = Player.YELLOW
    used: int = 0
    marks: Marks = NO_MARKS
    answered: str = ""
    escaped_after: int | None = None
    lost: str = ""
    guessed: bool = False
    game: str = "breakout"

    # ------------------------------------------------------------------ drawing

    def _goal_left(self) -> Goal | None:
        """The goal as the picture states it: the turns S has left."""
        if self.goal is None or self._puzzle_over():
            return None
        return Goal(self.goal.turns - self.used, self.goal.passes)

    def picture(self) -> Picture:
        look = _look()
        document = art.diagram(self.position, look, title=self.title, goal=self._goal_left(),
                               marks=self.marks if self.used == 0 else NO_MARKS)
        page = document.pages[0]
        # The wall is drawn in a group moved down under the title (figures.picture):
        # its offset, read from the drawing, places every spot.
        dx, dy = next(((i.matrix[4], i.matrix[5]) for i in page.items if isinstance(i, Group) and i.label == "wall"),
                      (0.0, 0.0))
        return Picture(svg.to_svg(page, document.symbol_map, look), _spots(self.position, dx, dy))

    # ------------------------------------------------------------------ moves

    def _puzzle_over(self) -> bool:
        return self.goal is not None and (self.escaped_after is not None or bool(self.lost))

    def _over(self) -> bool:
        return self.position.over or self._puzzle_over()

    def choices(self) -> tuple[Choice, ...]:
        if self._over():
            return ()
        return tuple(Choice("pass", (), "pass") if a.is_pass else Choice(str(a), (f"push:{a}",))
                     for a in legal_actions(self.position))

    def play(self, text: str) -> Table | Refusal:
        pos = self.position
        try:
            action = parse_action(text)
        except NotationError as exc:
            return Refusal(str(exc))
        if self._puzzle_over() and not pos.over:
            return Refusal(f"{action} is not played: the puzzle is over ({self._result()})", ("BQ1",))
        problems = explain(pos, action)
        if problems:
            # The words replay prints for an illegal turn of a record.
            return Refusal(f"turn {self.used + 1} ({pos.to_move.value}): {action} is illegal: "
                           + "; ".join(str(p) for p in problems), tuple(dict.fromkeys(p.rule for p in problems)))
        after = apply(pos, action)
        if self.goal is None:
            return replace(self, position=after, used=self.used + 1, marks=NO_MARKS, answered="")
        return self._answered(after, self.used + 1)

    def _answered(self, after: Position, used: int) -> BreakoutTable:
        """S has played turn ``used``, giving ``after``: the other player's answer
        (module docstring) and where the puzzle then stands."""
        from .solver import outcome

        assert self.goal is not None
        me, before = self.me, self.position
        done = outcome(before, after, me)
        base = replace(self, position=after, used=used, marks=NO_MARKS, answered="", guessed=False)
        if done is not None:
            return replace(base, escaped_after=used) if done else replace(base, lost=_failure(before, after, me))
        if self.goal.passes:
            answer, nxt, guessed = PASS, forced_pass(after), False
        else:
            answer, nxt, guessed = _defence(after, me, self.goal.turns - used)
        done = outcome(after, nxt, me)
        table = replace(base, position=nxt, answered=str(answer), guessed=guessed)
        if done is True:
            return replace(table, escaped_after=used)
        if done is False:
            return replace(table, lost=_failure(after, nxt, me))
        if used >= self.goal.turns:
            return replace(table, lost=f"{plural(self.goal.turns, 'turn')} used without an escape (BQ1)")
        return table

    def guess(self, clicks: tuple[str, ...]) -> str | None:
        if not clicks:
            return None
        kind, _, name = clicks[-1].partition(":")
        if kind == "push":
            try:
                parse_action(name)
            except NotationError:
                return None
            return name
        if kind == "field":
            try:
                row, col = (int(x) for x in name.split("."))
            except ValueError:
                return None
            if col == 1:
                return f"L{row}"
            if col == self.position.wall.fields:
                return f"R{row}"
        return None

    # ------------------------------------------------------------------ words

    def status(self) -> Status:
        pos = self.position
        who = pos.to_move.value.capitalize()
        if pos.over:
            to_move = "Game over"
        elif self._puzzle_over():
            to_move = "The puzzle is over"
        else:
            what = "pass (no knot in hand, B3)" if legal_actions(pos) == [PASS] else "a push"
            turn = (f"turn {self.used + 1} of {self.goal.turns}" if self.goal is not None
                    else f"break-out {pos.breakout}, turn {pos.turns + 1}")
            to_move = f"{who}, {turn}: {what}"
        goal = ""
        if self.goal is not None:
            other = self.me.other.value
            goal = (f"{self.me.value.capitalize()} to escape within {plural(self.goal.turns, 'turn')}, {other} "
                    f"{'passing' if self.goal.passes else 'defending'} (BQ1): {self.used} of {self.goal.turns} used")
            if self.answered:
                goal += f"; {other} answered {self.answered}"
                if self.guessed:
                    goal += " (the search limit was reached: the first answer that gives no rope)"
        over = self._over()
        answer = f"{self.me.other.value} {self.answered}" if self.goal is not None and self.answered else ""
        return Status(to_move, goal, self.used, over, self.goal is not None and self.escaped_after is not None,
                      self._result() if over else "", answer)

    def _result(self) -> str:
        if self.goal is not None:
            if self.escaped_after is not None:
                return (f"{self.me.value} escaped in turn {self.escaped_after} of {self.goal.turns} (B6): "
                        f"the puzzle is solved")
            if self.lost:
                return f"{self.lost}: the puzzle is not solved"
        pos = self.position
        if isinstance(pos.result, Player):
            return f"{pos.result.value} wins with 3 escapes (B8)"
        if pos.result == "draw":
            return f"a draw ({drawn_by(pos)})"
        return ""

    # ------------------------------------------------------------------ editing

    def tools(self) -> tuple[Tool, ...]:
        """The editor's palette (:mod:`.studioedit`): knots, figures, the bar, erase,
        and the puzzle's settings (its goal's turns and opponent, whose push, no goal)."""
        now = {"to_move": self.position.to_move.value}
        if self.goal is not None:
            now |= {"goal:turns": str(self.goal.turns), "goal:opponent": "passes" if self.goal.passes else "defends"}
        return tuple(replace(t, value=now[t.id]) if t.whole and t.id in now else t
                     for t in studioedit.tools(self.kind))

    def edit(self, text: str, tool: str, spot: str, option: str = "") -> str | Refusal:
        """``text`` after ``tool`` is used on ``spot`` (:mod:`.studioedit`)."""
        return studioedit.edit(self.kind, text, tool, spot, option)

    # ------------------------------------------------------------------ proofs

    def solve(self, limits: Limits, progress: Progress) -> Solution:
        from .solver import MAX_TURNS, solve

        if self.goal is None:
            return Solution("unknown", message=f"a {self.kind} with no goal: only a puzzle (goal:) is solved (BQ1)")
        if self.escaped_after is not None:
            return Solution("solved", 0, message=f"{self._result()}: no turn is needed")
        if self._over():
            return Solution("impossible", message=f"the puzzle is over: {self._result()}")
        left = min(self.goal.turns - self.used, MAX_TURNS)
        who = self.me.value

        def depth(k: int, nodes: int) -> None:
            done = f"no escape in {plural(k - 1, 'turn')} (proved), " if k > 1 else ""
            progress(f"{done}trying {plural(k, 'turn')}; {plural(nodes, 'position')} searched")

        answer = solve(self.position, left, solo=self.goal.passes, node_limit=limits.nodes or SOLVE_NODES,
                       seconds=limits.seconds, on_depth=depth)
        if answer.turns is not None:
            defence = "the other player passing" if self.goal.passes else "the other player defending longest"
            # The table plays the other player's turns itself, so a turn here is S's push only.
            mine = tuple((str(a),) for a in answer.line[0::2])
            return Solution("solved", answer.turns, mine, proved_at_least=answer.turns,
                            message=f"{who} escapes in {plural(answer.turns, 'turn')} at best (proved: not in fewer), "
                                    f"{'the other player passing' if self.goal.passes else 'whatever the other player does'}"
                                    f"; winning first pushes {' '.join(str(a) for a in answer.first)}; main line "
                                    f"({defence}) {' '.join(str(a) for a in answer.line)}")
        if answer.complete:
            return Solution("impossible", proved_at_least=left + 1,
                            message=f"no forced escape within {plural(left, 'turn')} (proved)")
        return Solution("unknown", proved_at_least=answer.proved_none_below + 1,
                        message=f"unknown: the search limit was reached; no escape within "
                                f"{plural(answer.proved_none_below, 'turn')} (proved)")


#: mypy checks here that the table answers the studio's protocols.
_: type[Table] = BreakoutTable
_e: type[Editable] = BreakoutTable


def _spots(pos: Position, dx: float, dy: float) -> tuple[Spot, ...]:
    """The push arrows and the fields (module docstring), in the picture's units;
    ``(dx, dy)`` is the wall group's offset on the page."""
    geometry = art._Geometry(pos.wall.rows, pos.wall.fields)
    half = art.FIELD / 2
    out: list[Spot] = []

    def box(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
        return tuple((round(x + dx, 3), round(y + dy, 3)) for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)))

    right = geometry.x0 + geometry.width
    for r in range(1, pos.wall.rows + 1):
        _, cy = geometry.centre(r, 1)
        for side in (Side.LEFT, Side.RIGHT):
            a = Action(r, side)
            x0, x1 = (art.MARGIN / 2, geometry.x0 - 1.5) if side is Side.LEFT else \
                (right + 1.5, right + art.END + art.MARGIN / 2)
            way = "left" if side is Side.LEFT else "right"
            barred = " (barred, B4)" if pos.barred == a else ""
            out.append(Spot(f"push:{a}", box(x0, cy - half, x1, cy + half), f"push {a}: into row {r} from the {way}{barred}"))
    for r in range(1, pos.wall.rows + 1):
        for c in range(1, pos.wall.fields + 1):
            x, y, w, h = geometry.field_box(r, c)
            who = pos.at(r, c)
            out.append(Spot(f"field:{r}.{c}", box(x, y, x + w, y + h),
                            f"row {r}, field {c}: {f'a {who.value} knot' if who is not None else 'empty'}"))
    # The wall top's sections (BW2), where escaped figures stand: from the paper's top
    # margin down to the top band, above the fields' spots (the editor's figures).
    for c in range(1, pos.wall.fields + 1):
        x = geometry.x0 + (c - 1) * art.FIELD
        here = [p.value for p, col in pos.tops if col == c]
        standing = ", ".join(f"a {p} figure" for p in here) or "no figure"
        out.append(Spot(f"top:{c}", box(x, geometry.y0 - art.TOP, x + art.FIELD, geometry.y0 - 0.5),
                        f"wall top above column {c} (BW2): {standing}"))
    return tuple(out)


def _failure(before: Position, after: Position, me: Player) -> str:
    """Why the turn from ``before`` to ``after`` lost S the puzzle (it did not escape
    for S but ended the break-out or the game)."""
    other = me.other
    if after.escapes(other) > before.escapes(other):
        return f"{other.value} escaped (B6)"
    if after.result == "draw":
        return f"a draw ({drawn_by(after)})"
    return f"the game ended ({count_cause(after) or 'B8'})"


def _defence(pos: Position, me: Player, left: int) -> tuple[Action, Position, bool]:
    """The other player's answer in ``pos`` (their move, S with ``left`` turns after
    it), as the module docstring ranks them, the position after it, and whether the
    search limit cut the choice short.

    The rank of an answer is the fewest turns S then needs to force an escape (1 to
    ``left``), ``left + 1`` when S cannot within ``left`` (a refutation), ``left + 2``
    when it ends the break-out or the game against S (B6, B7), 0 when it gives S the
    rope.  The first answer of the highest rank is played.  Two cuts leave that
    choice as it is and spare searches: the first refutation (or end) is played at
    once, as nothing after it can rank higher; and an answer after which S wins
    within the best rank found so far cannot beat it, so its own rank is not worked
    out."""
    from .solver import Search, Stopped, outcome

    answers = [(a, nxt, outcome(pos, nxt, me)) for a in legal_actions(pos) for nxt in (apply(pos, a),)]
    ended = next(((a, nxt) for a, nxt, done in answers if done is False), None)
    if ended is not None:
        return ended[0], ended[1], False
    search = Search(me, False, REPLY_NODES)
    best: tuple[int, Action, Position] | None = None
    try:
        for a, nxt, done in answers:
            floor = 0 if best is None else best[0]
            if done:
                rank = 0
            elif floor >= 1 and search.win(nxt, floor):
                continue  # its rank is at most the best's: the first of equals stays
            elif not search.win(nxt, left):
                return a, nxt, False  # a refutation: nothing ranks higher now
            else:
                rank = next(j for j in range(floor + 1, left + 1) if search.win(nxt, j))
            if best is None or rank > best[0]:
                best = (rank, a, nxt)
    except Stopped:
        a, nxt = next(((a, nxt) for a, nxt, done in answers if done is not True), answers[0][:2])
        return a, nxt, True
    assert best is not None
    return best[1], best[2], False


def open_table(path: Path, doc: Doc) -> BreakoutTable:
    """The file as a table: a puzzle, a position, a rule figure, or a record's last
    position (replayed by the referee).  A file with problems raises LoadError with
    each at its line, as ``validate`` reports them."""
    if is_record(doc):
        record = records.read(doc, path.parent)
        result = records.replay(record)
        problems = records.diagnostics(record, result)
        if problems:
            raise LoadError(problems)
        return BreakoutTable("record", result.final, record.title, me=result.final.to_move)
    loaded = formats.read(doc)
    pos = loaded.position
    data = doc.data if isinstance(doc.data, dict) else {}
    kind = "puzzle" if loaded.goal is not None else "figure" if "claims" in data else "position"
    return BreakoutTable(kind, pos, loaded.title, loaded.goal, pos.to_move, marks=loaded.marks)


__all__ = ["REPLY_NODES", "BreakoutTable", "open_table"]
