"""Hekla in the studio (issue 31): one position as :class:`sectionx.studio.table.Table`.

A :class:`HeklaTable` is a frozen position with what the studio needs to show and play
it: the picture ``sectionx render`` draws (:func:`.art.diagram`, the same bytes), the
clickable fields, every legal turn from the referee's own list (:func:`.rules.turns`
with every order of eruptions, :func:`.rules.orders`), and the referee's reasons
when a turn is refused (:func:`.rules.explain`, with the ruling ids).

**Spots.** One per field of the area, ``field:c3`` (HG1), its outline the field's
square.  A field's stones share its spot, so a click anywhere on the field picks the
stone to move, and the field is the target of a placement or a move too (a field
with one stone on it still takes a second, H3).  Only where one player has two
stones of different values on a field (which then holds two stones, so it is no
target) do the moves need to tell them apart: each of those two stones gets a spot
of its own, ``stone:c3:0`` (the left place, HG1) and ``stone:c3:1`` (the right),
listed after the fields so that it lies on top, its outline the drawn disc.  Last,
one spot per track field, ``track:11`` (its number as the board prints it: the
fields a volcanist there has advanced, the outer ring by its first time round,
HG3), where the editor's volcanists stand; no turn clicks them.

**Editing** (issue 31, "Edit"): :meth:`HeklaTable.tools` and :meth:`HeklaTable.edit`
are :mod:`.editing`'s palette (each colour's stones by value, lava, the volcanists,
erase) and its edits of the file's text, on the file's own position.

**Clicks** (what a player clicks, in order, to pick each kind of turn):

* a placement (H2): the empty field, ``(field:c3,)``; the stone is named by the label
  (``red3``) when the supply holds several values;
* a move (H3): the field the stone stands on, then the field it goes to,
  ``(field:e5, field:e3)``, or the stone itself first where it has a spot,
  ``(stone:c3:1, field:c4)``; the label names the back-step (``back 3``) when a long
  move can be made from more than one track field (every back-step that reaches a line
  is a legal turn, H3);
* a turn that sets off several triples (H5): the same clicks once for each order of
  the eruptions, the label naming it (``erupt c3-e3 then e2-e4``): the order is the
  player's choice, and the page offers it as buttons;
* ``pass`` (H1, only when no stone can be placed or moved): no clicks, its label
  ``pass``.

A label is given only where choices share all their clicks, and names only what
differs among them (the stone's value for a placement, the back-step, the order), so
it is short and unique.

**The other players in a puzzle** (HQ1: "the player to move gains at least K track
fields within N of their own turns, while the other players pass").  The table plays
the puzzle as ``solve`` proves it and ``replay`` checks a solution record: after each
of the player's turns, every other player sits their turn out (:func:`.rules.skip_to`,
each a quiet turn for H9), and the table is at the player's next turn at once.  The
user never clicks for the others (a puzzle has nothing for them to decide), and
:meth:`HeklaTable.status` says "the others pass (HQ1)".  ``Status.turns`` counts the
player's own turns, the unit the solver counts; the puzzle is over when the goal's
gain is reached (solved), when its N turns are used, or when the game ends (H8, H9).
A position without a goal (a position file, a rule figure, a record's last position)
is played seat by seat, every player's turn by the user, as a chess GUI's board for
two at one screen: there ``Status.turns`` counts every turn played.

**Files.** A puzzle (``goal:``), a position, a rule figure (a position with
``claims:``, drawn with its annotations until a turn is played) and a game record
(its last position; a record with an illegal turn, or whose ``result:`` differs from
the replay, is refused with ``validate``'s problems).

**Solve.** A puzzle: :func:`.solver.solve` (the deep search, exact) for the goal's gain
still missing within the turns left, its line one turn of the player's a row (the
table lets the others pass between them).  A position without a goal has no puzzle to
solve; ``solve`` there gives ``unknown`` with the best turn this turn as the hint
(:func:`.solver.best_move`, proved one turn deep, as ``sectionx solve`` reports it).
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from ...console import plural
from ...errors import NotationError
from ...studio.table import Choice, Editable, Limits, Picture, Progress, Refusal, Solution, Spot, Status, Table, Tool
from ...yamlsrc import Doc, LoadError
from ..records import is_record
from . import art, editing, formats, printing, records
from .formats import NO_MARKS, Goal, Marks
from .rules import (
    PASS,
    Action,
    Field,
    Position,
    apply,
    back_steps,
    explain,
    field_name,
    is_long,
    orders,
    parse_action,
    parse_field,
    skip_to,
    turns,
)
from .solver import best_move, solve
from .text import goal_sentence

if TYPE_CHECKING:
    from ...render.theme import Theme

#: Turns tried by a puzzle's solve when the studio's limits name none (``sectionx solve``'s default).
DEFAULT_NODES = 3_000_000
#: A ruling id as the referee's messages cite them (HG1, H5, HQ1).
_RULE = re.compile(r"\b(H[GQ]?\d+)\b")


def _spot_id(f: Field) -> str:
    return f"field:{field_name(f)}"


@dataclass(frozen=True)
class HeklaTable:
    """One Hekla position as the studio plays it (the module docstring gives the spots,
    the clicks and what a puzzle's other players do).

    ``position`` is the position now; ``origin`` the file's position (a puzzle's gain
    is counted from its volcanist there, HQ1); ``goal`` the puzzle's, None for a free
    position; ``played`` the turns played since the file's position (a puzzle: the
    player's own); ``marks`` what the picture points out: the file's annotations on
    its own position, and after a turn that turn as a solution sheet draws a step
    (:func:`.printing.step_marks`: the stone's arrow or ring, the triples erupted
    numbered in order, the new lava, each volcanist's way, a back-step dashed);
    ``title`` the file's."""

    kind: str
    position: Position
    origin: Position
    goal: Goal | None = None
    played: int = 0
    title: str = ""
    marks: Marks = NO_MARKS
    game: str = "hekla"

    # ------------------------------------------------------------ the puzzle's progress

    @property
    def gained(self) -> int:
        """The puzzle player's fields gained since the file's position (HQ1: a back-step counts against it)."""
        me = self.origin.to_move
        return self.position.track[me] - self.origin.track[me]

    @property
    def solved(self) -> bool:
        return self.goal is not None and self.gained >= self.goal.gain

    @property
    def over(self) -> bool:
        if self.position.over:
            return True
        return self.goal is not None and (self.solved or self.played >= self.goal.within)

    # ------------------------------------------------------------ the protocol

    def picture(self) -> Picture:
        """The position as ``sectionx render`` draws it (the file's own position byte
        for byte; after a turn, that turn pointed out as :attr:`marks` says), and one
        spot per field of the area."""
        from ...render import svg

        look = _theme()
        document = art.diagram(self.position, look, title=self.title, goal=self.goal, coords=False, marks=self.marks)
        return Picture(svg.to_svg(document.pages[0], document.symbol_map, look), self._spots)

    @cached_property
    def _spots(self) -> tuple[Spot, ...]:
        pos = self.position
        g = art.Geometry(pos.board)
        shift = 7.0 if self.title else 0.0  # figures.picture sets the board under a title this far down
        out = []
        for f in pos.board.fields:
            x, y = g.box(f)
            y += shift
            stones = pos.at(f)
            what = ", ".join(("lava " if s.lava else f"{s.owner} ") + str(s.value) for s in stones) or "empty"
            hot = ", hot (HG2)" if f in pos.board.hot else ""
            out.append(Spot(_spot_id(f), ((x, y), (x + art.FIELD, y), (x + art.FIELD, y + art.FIELD), (x, y + art.FIELD)),
                            f"field {field_name(f)}{hot}: {what}"))
        for f in pos.board.fields:
            if not _split(pos, f):
                continue
            for i, stone in enumerate(pos.at(f)):
                cx, cy = g.place(f, i)
                r = art.FIELD * art.STONE / 2
                disc = tuple((cx + r * math.cos(k * math.pi / 8), cy + shift + r * math.sin(k * math.pi / 8))
                             for k in range(16))
                out.append(Spot(f"stone:{field_name(f)}:{i}", disc, f"{stone.owner} {stone.value} on {field_name(f)}"))
        # The track fields, where the editor's volcanists stand (HG3); no turn clicks them.
        board = pos.board
        for n, cell in enumerate(editing.track_cells(board)):
            x, y = g.box(cell)
            y += shift
            who = ", ".join(f"{p.value} volcanist ({t})" for p, t in zip(pos.players, pos.track)
                            if board.track_field(t) == cell)
            out.append(Spot(f"track:{n}", ((x, y), (x + art.FIELD, y), (x + art.FIELD, y + art.FIELD), (x, y + art.FIELD)),
                            board.track_name(n).capitalize() + (f": {who}" if who else "")))
        return tuple(out)

    def choices(self) -> tuple[Choice, ...]:
        """Every legal turn now (the referee's :func:`.rules.turns`, each with every order
        of its eruptions, :func:`.rules.orders`), with the clicks that pick it; none
        when the game or the puzzle is over."""
        return self._choices

    @cached_property
    def _choices(self) -> tuple[Choice, ...]:
        if self.over:
            return ()
        pos = self.position
        legal = [option for action in turns(pos) for option in orders(pos, action)]
        clicks = [_clicks(pos, a) for a in legal]
        groups: dict[tuple[str, ...], list[Action]] = {}
        for a, c in zip(legal, clicks):
            groups.setdefault(c, []).append(a)
        return tuple(Choice(str(a), c, _label(a, groups[c])) for a, c in zip(legal, clicks))

    def status(self) -> Status:
        pos = self.position
        who = pos.player.value.capitalize()
        if pos.over:
            winners = ", ".join(p.value for p in pos.winners)
            why = "the last lava stone is placed (H8)" if pos.ended_by == "H8" else "20 rounds without an eruption (H9)"
            to_move = f"Game over: {winners} win{'s' if len(pos.winners) == 1 else ''}; {why}"
        elif self.goal is not None and self.over:
            to_move = f"Puzzle over: {pos.player.value} played {plural(self.played, 'turn')} (HQ1)"
        else:
            only_pass = turns(pos) == [PASS]
            what = "no stone can be placed or moved, so pass (H1)" if only_pass else "place or move a stone (H1)"
            if self.goal is not None:
                to_move = f"{who}, turn {self.played + 1} of {self.goal.within}: {what}; the others pass (HQ1)"
            else:
                to_move = f"{who} to move, turn {self.played + 1}: {what}"
        goal = result = ""
        if self.goal is not None:
            goal = (goal_sentence(self.origin, self.goal) + f": {plural(self.gained, 'field')} gained of {self.goal.gain}, "
                    f"{self.played} of {plural(self.goal.within, 'turn')} used")
            if self.solved:
                result = (f"Solved in {plural(self.played, 'turn')}: {self.origin.player.value} gained "
                          f"{plural(self.gained, 'field')} (the goal: {self.goal.gain})")
            elif self.over:
                result = (f"Not solved: {plural(self.played, 'turn')} used, {self.origin.player.value} gained "
                          f"{self.gained} of {plural(self.goal.gain, 'field')}"
                          + (f"; the game ended ({pos.ended_by})" if pos.over else ""))
        elif pos.over:
            result = to_move
        return Status(to_move, goal, self.played, self.over, self.solved, result)

    def play(self, text: str) -> Table | Refusal:
        """The table after the turn ``text``, or the referee's refusal with its ruling
        ids.  In a puzzle the other players then sit out (HQ1) until the player's next turn."""
        try:
            action = parse_action(text.strip())
        except NotationError as exc:
            return Refusal(str(exc), _rules(str(exc)))
        if self.goal is not None and self.over and not self.position.over:
            why = "its goal is met" if self.solved else f"its {plural(self.goal.within, 'turn')} are used"
            return Refusal(f"{action} is not played: the puzzle is over ({why}); the others pass every turn (HQ1)",
                           ("HQ1",))
        problems = explain(self.position, action)
        if problems:
            message = f"{action} is illegal: " + "; ".join(str(p) for p in problems)
            return Refusal(message, tuple(dict.fromkeys(p.rule for p in problems)))
        if action.kind == "pass":
            after, marks = apply(self.position, action), NO_MARKS
        else:
            turn = printing.worked(self.position, action)
            after, marks = turn.after, printing.step_marks(turn)
        if self.goal is not None:
            after = skip_to(after, self.origin.to_move)  # the others sit out (HQ1)
        return replace(self, position=after, played=self.played + 1, marks=marks)

    def guess(self, clicks: tuple[str, ...]) -> str | None:
        """The turn a player most likely meant by ``clicks`` that no legal turn has: one
        field, a placement there (a stone onto a field that is not empty, H2; a value
        not in the supply); a field or a stone, then a field, a move from the first to
        the second (a diagonal step, a long move with no line, a full field, H3;
        another player's stone, H1; the clicked stone, else the player's own on the
        field, else the top one); ``None`` for anything else.  When the game or the
        puzzle is over, :meth:`play` refuses the turn guessed for that (H8, H9, HQ1)."""
        pos = self.position
        picked: list[tuple[Field, int | None]] = []
        for c in clicks:
            kind, _, name = c.partition(":")
            name, _, place = name.partition(":")
            try:
                f = parse_field(name)
            except NotationError:
                return None
            if not pos.board.inside(f) or kind not in ("field", "stone") or (kind == "field") != (place == ""):
                return None
            if kind == "stone" and not (place in ("0", "1") and int(place) < len(pos.at(f))):
                return None
            picked.append((f, int(place) if kind == "stone" else None))
        me = pos.player
        if not picked or len(picked) > 2 or any(i is not None for _, i in picked[1:]):
            return None
        (start, index), fields = picked[0], [f for f, _ in picked]
        here = pos.at(start)
        mine = [s.value for s in here if s.owner == me.value]
        if len(fields) == 1:
            if mine or index is not None:
                return None  # the start of a move: the page waits for the second click
            supply = pos.supply(me)
            return str(Action("place", me, min(supply) if supply else 0, to=start))
        to = fields[1]
        stone = here[index] if index is not None else None
        if stone is None and mine:
            value, owner = mine[-1], me
        else:
            others = [stone] if stone is not None else [s for s in here if not s.lava]
            if others and others[-1].lava:
                return None  # a lava stone never moves, and the notation has no words for it
            owner = next((p for p in pos.players if others and p.value == others[-1].owner), me)
            value = others[-1].value if others else (min(pos.supply(me)) if pos.supply(me) else 0)
        action = Action("move", owner, value, start, to)
        if owner is me and is_long(action) and not (start[0] != to[0] and start[1] != to[1]):
            backs = back_steps(pos, start)
            if backs:
                action = replace(action, back=backs[0])  # a line is in reach: refuse for what else is wrong
        return str(action)

    def solve(self, limits: Limits, progress: Progress) -> Solution:
        """A puzzle: the fewest of the player's turns to the gain still missing, within
        the turns left, proved (:func:`.solver.solve`); a free position: ``unknown``,
        with the best turn this turn (proved, :func:`.solver.best_move`) as its line."""
        pos = self.position
        if self.goal is None:
            if pos.over:
                return Solution("unknown", message=f"the game is over ({pos.ended_by}): there is no turn to solve")
            best = best_move(pos)
            return Solution("unknown", turns=((str(best.moves[0]),),) if best.moves else (),
                            message=f"a position without a goal: {pos.player} gains at most "
                                    f"{plural(best.gain, 'field')} this turn (proved: all "
                                    f"{plural(best.tried, 'turn')} and orders of eruptions tried); no puzzle to solve")
        need, left = self.goal.gain - self.gained, self.goal.within - self.played
        if need <= 0:
            return Solution("solved", 0, message=f"the goal is met: {plural(self.gained, 'field')} gained")
        if left <= 0 or pos.over:
            why = "the game is over" if pos.over else "no turn is left"
            return Solution("impossible", proved_at_least=left + 1,
                            message=f"{pos.player} cannot gain {need} more: {why} (HQ1)")
        progress(f"{pos.player}: gain {need} within {plural(left, 'turn')}, the others passing (HQ1)")

        def told(n: int, nodes: int) -> None:
            progress(f"not within {plural(n, 'turn')} (proved), {nodes:,} turns tried")

        answer = solve(pos, need, left, node_limit=limits.nodes or DEFAULT_NODES, seconds=limits.seconds,
                       progress=told)
        if answer.turns is not None:
            n = answer.turns
            firsts = len(answer.first)
            return Solution("solved", n, tuple((str(a),) for a in answer.line), proved_at_least=n,
                            message=f"{pos.player} gains {need} or more in {plural(n, 'turn')} at best (proved: not in "
                                    f"fewer), the others passing; "
                                    + ("one first turn does it (unique)" if firsts == 1 else f"{firsts} first turns do it"))
        if answer.complete:
            return Solution("impossible", proved_at_least=left + 1,
                            message=f"{pos.player} cannot gain {need} within {plural(left, 'turn')} (proved)")
        return Solution("unknown", proved_at_least=answer.proved_none_below + 1,
                        message=f"unknown: the search limit was reached; not within "
                                f"{plural(answer.proved_none_below, 'turn')} (proved)")

    # ------------------------------------------------------------ the editor (issue 31, "Edit")

    def tools(self) -> tuple[Tool, ...]:
        """The palette: each colour's stones by value, lava, the volcanists and erase
        (:func:`.editing.tools`; none for a record, whose position its turns make)."""
        now = {"to_move": self.origin.player.value, "quiet": str(self.origin.quiet)}
        if self.goal is not None:
            now |= {"goal:gain": str(self.goal.gain), "goal:within": str(self.goal.within)}
        return tuple(replace(t, value=now[t.id]) if t.whole and t.id in now else t
                     for t in editing.tools(self.origin, record=self.kind == "record", figure=self.kind == "figure"))

    def edit(self, text: str, tool: str, spot: str, option: str = "") -> str | Refusal:
        """``text`` after ``tool`` is used on ``spot`` of this table's picture
        (:func:`.editing.edit`: only the keys it touches change; a Refusal names the
        ruling where the tool cannot go, HG1, HG3, H7)."""
        return editing.edit(self.origin, self.kind, text, tool, spot, option)

    def __getstate__(self) -> dict[str, object]:
        # The cached spots and choices are made again after unpickling: a table crosses
        # to a solving process as its position alone.
        return {k: v for k, v in self.__dict__.items() if k not in ("_spots", "_choices")}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)


@functools.cache
def _theme() -> Theme:
    """The default theme, as ``render`` loads it without ``--template``: read once (its
    YAML took a third of a picture's time), never changed here."""
    from ...render import theme

    return theme.load_theme(None)


def _split(pos: Position, f: Field) -> bool:
    """Whether one player has two stones of different values on ``f``: the one field
    where a move must say which stone, and where each stone has a spot of its own."""
    here = pos.at(f)
    return len(here) == 2 and not here[0].lava and here[0].owner == here[1].owner and here[0].value != here[1].value


def _clicks(pos: Position, action: Action) -> tuple[str, ...]:
    if action.kind == "pass" or action.to is None:
        return ()
    if action.kind == "place":
        return (_spot_id(action.to),)
    start = action.start
    assert start is not None and action.player is not None
    if _split(pos, start):
        index = [s.value for s in pos.at(start)].index(action.value)
        return f"stone:{field_name(start)}:{index}", _spot_id(action.to)
    return _spot_id(start), _spot_id(action.to)


def _label(action: Action, group: list[Action]) -> str:
    """What tells ``action`` apart from the other turns with its clicks (``group``):
    only the parts that differ among them, the stone, the back-step and the order."""
    if action.kind == "pass":
        return "pass"
    if len(group) == 1:
        return ""
    parts = []
    if len({a.value for a in group}) > 1:
        parts.append(f"{action.player}{action.value}")
    if len({a.back for a in group}) > 1:
        parts.append(f"back {action.back}")
    if len({a.order for a in group}) > 1:
        parts.append("erupt " + " then ".join(f"{field_name(t[0])}-{field_name(t[2])}" for t in action.order)
                     if action.order else "no order")
    return ", ".join(parts)


def _rules(message: str) -> tuple[str, ...]:
    """The ruling ids a message cites, in order, each once."""
    return tuple(dict.fromkeys(_RULE.findall(message)))


def table(path: Path, doc: Doc) -> HeklaTable:
    """The file as a table: a puzzle, a position or figure, or a record's last
    position; LoadError with every problem located, as ``validate`` reports them."""
    if is_record(doc):
        record = records.read(doc, path.parent)
        replayed = records.replay(record)
        problems = records.diagnostics(record, replayed)
        if problems:
            raise LoadError(problems)
        return HeklaTable("record", replayed.final, replayed.final, title=record.title)
    loaded = formats.read(doc)
    claims = isinstance(doc.data, dict) and "claims" in doc.data
    kind = "puzzle" if loaded.goal is not None else "figure" if claims else "position"
    return HeklaTable(kind, loaded.position, loaded.position, loaded.goal, title=loaded.title, marks=loaded.marks)


#: mypy checks here that a Hekla table is what the studio asks for.
_: type[Table] = HeklaTable
_e: type[Editable] = HeklaTable

__all__ = ["DEFAULT_NODES", "HeklaTable", "table"]
