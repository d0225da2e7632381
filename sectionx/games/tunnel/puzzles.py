"""Der Tunnel's puzzles (TQ1–TQ3): a position file with a ``goal:``, read and written.

A puzzle is a position (:mod:`.formats`) with these keys added::

    goal: {best: turn}          # TQ1: the best placement of the drawn tile, with follower
    drawn: TU-A                 #      and token; the tile in hand (default: the stack's top)
    goal: {road: 5, within: 2}  # TQ2: complete a road of at least 5 visible tiles holding
                                #      a follower of the player, within 2 of their turns
    goal: {points: 8, within: 3}   # TQ2: score at least 8 points within 3 turns
    goal: {score: end}          # TQ3: who scores what if the game ended now (CB9)
    after: "U 1,0@1 f road:E"   #      ... or after this turn
    answer: {points: 4, choices: 1}   # TQ1's proved answer: the most points, and how many
                                      # different best choices (1: unique)
    answer: {turns: 2, first: 1}      # TQ2's: the fewest turns (null: none within), and
                                      # how many different first turns reach it
    answer: {scores: {red: 12, green: 7}}   # TQ3's: every score after the end's scoring

The puzzle's player is the player to move (``turn:``).  In TQ2 ``stack:`` lists the
player's own next tiles in order and the other players pass (draw nothing, place
nothing) between the player's turns, as in the house's other puzzles; a record made
from such a puzzle writes their turns as ``pass``, which replay accepts only there
(:mod:`.records`).  A tile that fits nowhere is put out and the player draws again
(CB3, CB11): that is not one of the ``within`` turns.  TQ2's points are those the
player's turns score during play (CB6–CB8, TU7: every score line of a completed
feature the player has a share of the majority in), not the end's scoring (CB9:
TQ3 asks for that).  A road goal is met by a turn that completes a road (CB5, TU3,
TU4) of at least L distinct visible tiles (TU7) holding at least one follower of the
player when it is completed.

:func:`read_form` checks the keys that need no position (every problem at its line
with its ruling id); :func:`complete` the ones that do (the drawn tile, the move
``after:``).  :func:`dumps` writes a puzzle file that reads back to the same puzzle.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...errors import NotationError
from ...yamlsrc import flow
from .model import Position, Score
from .rules import Move, parse_move, problems

#: Most turns a TQ2 puzzle may ask for (the schema's maximum).
MAX_TURNS = 10
#: The ruling each kind of goal answers to.
RULINGS = {"best": "TQ1", "road": "TQ2", "points": "TQ2", "end": "TQ3"}

Bad = Callable[..., None]


@dataclass(frozen=True)
class Goal:
    """A puzzle's question.  ``kind``: ``best`` (TQ1), ``road`` or ``points`` (TQ2,
    with ``target`` L or N and ``within`` turns), ``end`` (TQ3)."""

    kind: str
    target: int = 0
    within: int = 0

    @property
    def ruling(self) -> str:
        return RULINGS[self.kind]

    @property
    def others_pass(self) -> bool:
        """TQ2: the other players pass between the player's turns."""
        return self.kind in ("road", "points")

    def flow(self) -> str:
        """The goal as a file writes it."""
        if self.kind == "best":
            return "{best: turn}"
        if self.kind == "end":
            return "{score: end}"
        return f"{{{self.kind}: {self.target}, within: {self.within}}}"

    def sentence(self, player: str) -> str:
        """The question in words."""
        if self.kind == "best":
            return f"{player} to play the drawn tile for the most points this turn, with follower and token (TQ1)"
        if self.kind == "end":
            return "who scores what if the game ended now (TQ3, CB9)"
        turns = f"{self.within} turn{'s' if self.within != 1 else ''}"
        what = (f"complete a road of at least {self.target} tiles holding a follower of theirs" if self.kind == "road"
                else f"score at least {self.target} points")
        return f"{player} to {what} within {turns}, the others passing (TQ2)"


@dataclass(frozen=True)
class Stated:
    """The answer a puzzle file records (``answer:``), each part None when not given."""

    points: int | None = None
    choices: int | None = None
    turns: int | None = None
    first: int | None = None
    scores: dict[str, int] | None = None


@dataclass(frozen=True)
class Puzzle:
    """A puzzle's goal, the tile in hand (TQ1), the move asked about (TQ3) and the
    recorded answer (None when the file has no ``answer:``)."""

    goal: Goal
    drawn: str | None = None
    after: Move | None = None
    answer: Stated | None = None
    #: The text of ``after:`` as written (a record replays it).
    after_text: str = field(default="", compare=False)


@dataclass(frozen=True)
class Form:
    """What :func:`read_form` found: the goal and the answer, before the position is
    built."""

    goal: Goal
    answer: Stated | None


def read_form(data: dict[str, Any], seats: tuple[str, ...], bad: Bad) -> Form | None:
    """The goal and answer of a puzzle file's ``data`` (None: no goal), every problem
    reported through ``bad(path, message, rule)``: one kind of goal (TQ1-TQ3),
    ``within`` with a TQ2 goal only, ``drawn:`` with TQ1 only, ``after:`` with TQ3
    only, an answer only with a goal and of its goal's form."""
    raw = data.get("goal")
    for key, rule, asked in (("drawn", "TQ1", "{best: turn}"), ("after", "TQ3", "{score: end}")):
        if key in data and not (isinstance(raw, dict) and RULINGS.get(_kind(raw) or "") == rule):
            bad((key,), f"{key}: belongs to a {rule} puzzle: goal: {asked}", rule, key=True)
    if raw is None:
        if "answer" in data:
            bad(("answer",), "an answer belongs to a puzzle: add a goal: (TQ1 {best: turn}, TQ2 {road: L, within: K} "
                             "or {points: N, within: K}, TQ3 {score: end})", "TQ1", key=True)
        return None
    kinds = [k for k in ("best", "road", "points", "score") if k in raw]
    if len(kinds) != 1:
        bad(("goal",), "a goal asks one thing: best (TQ1), road or points (TQ2), or score (TQ3)"
            + (f", not {' and '.join(kinds)}" if kinds else ""), "TQ1" if not kinds else RULINGS.get(
                _kind(raw) or "", "TQ2"))
        return None
    kind = _kind(raw)
    assert kind is not None
    within = raw.get("within")
    if kind in ("road", "points"):
        if within is None:
            bad(("goal",), f"a {kind} goal says within how many of the player's turns: within: K", "TQ2")
            return None
        goal = Goal(kind, int(raw[kind]), int(within))
    else:
        if within is not None:
            bad(("goal", "within"), f"within: belongs to a TQ2 goal (road or points); {RULINGS[kind]} asks about "
                                    + ("this turn" if kind == "best" else "the end"), RULINGS[kind], key=True)
        goal = Goal(kind)
    if raw.get("others") is not None and not goal.others_pass:
        bad(("goal", "others"), "others: pass belongs to a TQ2 goal (the others pass between the player's turns)",
            goal.ruling, key=True)
    return Form(goal, _answer(data.get("answer"), goal, seats, bad))


def _kind(raw: dict[str, Any]) -> str | None:
    found = [k for k in ("best", "road", "points", "score") if k in raw]
    if len(found) != 1:
        return None
    return "end" if found[0] == "score" else found[0]


def _answer(raw: Any, goal: Goal, seats: tuple[str, ...], bad: Bad) -> Stated | None:
    """The recorded answer, with the keys its goal's kind has (TQ1 points and
    choices, TQ2 turns and first, TQ3 scores)."""
    if not isinstance(raw, dict):
        return None
    allowed = {"best": ("points", "choices"), "road": ("turns", "first"), "points": ("turns", "first"),
               "end": ("scores",)}[goal.kind]
    needed = allowed[0]
    for key in raw:
        if key not in allowed:
            bad(("answer", key), f"{key}: is no part of a {goal.ruling} answer (it has {' and '.join(allowed)})",
                goal.ruling, key=True)
    if needed not in raw:
        bad(("answer",), f"a {goal.ruling} answer gives {needed}:", goal.ruling, key=True)
        return None
    scores = raw.get("scores")
    if scores is not None:
        for player in scores:
            if player not in seats:
                bad(("answer", "scores", player), f"{player} does not play in this game (players: {', '.join(seats)})",
                    "CB1", key=True)
        scores = {p: int(scores.get(p, 0)) for p in seats}
    turns = raw.get("turns")
    if turns is not None and goal.others_pass and turns > goal.within:
        bad(("answer", "turns"), f"answer turns {turns} is more than the goal's within {goal.within} (null: not "
                                 "within it)", "TQ2")
    if raw.get("first") is not None and turns is None:
        bad(("answer", "first"), "first: counts the first turns that reach the goal; with turns null there are none",
            "TQ2", key=True)
    return Stated(raw.get("points"), raw.get("choices"), turns, raw.get("first"), scores)


def complete(form: Form | None, data: dict[str, Any], pos: Position, bad: Bad) -> Puzzle | None:
    """The puzzle of a file whose position ``pos`` is built: the drawn tile (TQ1: the
    top of a known stack, else one of the tiles left, CB2, TG2), TQ2's stack (known,
    and the game going on), TQ3's move ``after:`` (a legal turn, judged by the
    referee with its ruling ids)."""
    if form is None:
        return None
    goal = form.goal
    drawn = data.get("drawn")
    after: Move | None = None
    if goal.kind in ("best", "road", "points") and pos.over:
        bad(("goal",), f"the game is over (no tile left to draw, CB9): a {goal.ruling} puzzle needs a turn to play",
            goal.ruling)
        return None
    if goal.kind == "best":
        top = pos.next_tile()
        if drawn is not None:
            drawn = str(drawn)
            if top is not None and drawn != top:
                bad(("drawn",), f"drawn {drawn}, but the top of the stack is {top}: the player draws the top tile "
                                "(CB2); leave drawn: out or write the stack without it", "CB2")
            elif pos.pool[drawn] <= 0:
                bad(("drawn",), f"no {drawn} tile is left to draw: every one is on the board or out (TG2, TG3)", "TG2")
        elif top is None:
            bad(("goal",), "the stack's order is unknown, so no tile is drawn: say which with drawn: TILE", "TQ1")
    elif goal.others_pass:
        if pos.stack is None:
            bad(("goal",), "a TQ2 puzzle lists the player's next tiles in order: stack: [TILE, ...], not a number",
                "TQ2")
        elif goal.within > len(pos.stack):
            bad(("goal", "within"), f"within {goal.within} turns, but the stack holds only "
                                    f"{len(pos.stack)} tile{'s' if len(pos.stack) != 1 else ''} for them", "TQ2")
    else:
        text = data.get("after")
        if text is not None:
            try:
                after = parse_move(str(text))
            except NotationError as exc:
                bad(("after",), str(exc), "TQ3")
            else:
                for p in problems(pos, after):
                    bad(("after",), f"after: {text} is not a legal turn for {pos.player}: {p.message}", p.rule)
    return Puzzle(goal, drawn if goal.kind == "best" else None, after, form.answer,
                  str(data.get("after", "")) if after is not None else "")


def drawn_tile(puzzle: Puzzle | None, pos: Position) -> str | None:
    """The tile the player to move holds: the puzzle's ``drawn:``, else the top of a
    known stack (None when neither is known)."""
    if puzzle is not None and puzzle.drawn is not None:
        return puzzle.drawn
    return pos.next_tile()


# ------------------------------------------------------------------------ scoring the goal


def points_for(seat: int, scored: tuple[Score, ...] | list[Score]) -> int:
    """What score lines give ``seat`` (CB8: every seat tied for the most followers
    scores in full)."""
    return sum(s.points for s in scored if seat in s.seats)


def road_done(goal: Goal, seat: int, scored: tuple[Score, ...] | list[Score]) -> bool:
    """Whether a turn's score lines complete a road of at least ``goal.target`` visible
    tiles (TU7) holding a follower of ``seat`` (TQ2)."""
    return any(s.kind == "road" and len(s.cells) >= goal.target and s.followers[seat] > 0 for s in scored)


def gain(goal: Goal, seat: int, scored: tuple[Score, ...] | list[Score]) -> int:
    """What a turn brings towards a TQ2 goal: its points for ``seat``, or for a road
    goal 1 when it completes such a road (the goal's need is then 1)."""
    if goal.kind == "road":
        return int(road_done(goal, seat, scored))
    return points_for(seat, scored)


def need(goal: Goal) -> int:
    """What a TQ2 goal needs in all: N points, or one road."""
    return goal.target if goal.kind == "points" else 1


# ------------------------------------------------------------------------ writing


def lines(puzzle: Puzzle) -> list[str]:
    """The puzzle's keys as YAML lines, after a position file's."""
    out = [f"goal: {puzzle.goal.flow()}" + ("   # the others pass (TQ2)" if puzzle.goal.others_pass else "")]
    if puzzle.drawn is not None:
        out.append(f"drawn: {puzzle.drawn}")
    if puzzle.after is not None:
        out.append("after: " + flow(puzzle.after_text or str(puzzle.after)))
    a = puzzle.answer
    if a is not None:
        parts: dict[str, Any] = {}
        if puzzle.goal.kind == "best":
            parts = {"points": a.points, **({"choices": a.choices} if a.choices is not None else {})}
        elif puzzle.goal.others_pass:
            parts = {"turns": a.turns, **({"first": a.first} if a.first is not None else {})}
        else:
            parts = {"scores": a.scores}
        out.append("answer: " + flow(parts))
    return out


def dumps(pos: Position, puzzle: Puzzle, *, title: str = "", header: str = "") -> str:
    """A puzzle file: the position (:func:`.formats.dumps`) and the puzzle's keys."""
    from . import formats

    return formats.dumps(pos, title=title, header=header) + "\n".join(lines(puzzle)) + "\n"
