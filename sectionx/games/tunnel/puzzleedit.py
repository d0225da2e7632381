"""Der Tunnel's puzzle settings in the studio's palette (issue 31, item 3: "goal and turn
limit for a puzzle"): whole-file tools (:attr:`sectionx.studio.table.Tool.whole`, group
"Puzzle") that write a puzzle's ``goal:`` (TQ1-TQ3, docs/tunnel.md "Puzzles"), its
number, its turn limit, the tile in hand and whose turn it is, as a person writes them
by hand.  :class:`.studio.TunnelTable` offers them beside :mod:`.editing`'s tiles,
followers and tokens, and sends them here (the spot is ``""``).

**The settings** (:func:`tools`; each a label saying what the file has now, its
options with the file's own value first, a Set button):

* ``goal`` — the question: ``best turn (TQ1)`` writes ``goal: {best: turn}``;
  ``road (TQ2)`` ``goal: {road: L, within: K}``; ``points (TQ2)`` ``goal: {points: N,
  within: K}``; ``score at the end (TQ3)`` ``goal: {score: end}``; ``no goal`` takes
  off the goal and the keys that belong to a puzzle (``drawn:``, ``after:``,
  ``answer:``, ``grade:``), so the file is a position again.  A position becomes a
  puzzle when a goal is set: ``goal:`` goes where :func:`.puzzles.dumps` writes it
  (after ``stack:`` and ``out:``).  Between road and points the number and the turn
  limit stay (the key is renamed in place); a new TQ2 goal asks a road of
  :data:`ROAD` or :data:`POINTS` points within 2 turns (fewer when the stack lists
  fewer tiles), with the house's comment ``# the others pass (TQ2)``, which goes when
  the goal stops being TQ2.  TQ1 with a stack of unknown order needs the tile in hand:
  ``drawn:`` is written too (the tile the table showed in hand, else the first kind
  left in the set's order).  What the new kind cannot have goes: ``drawn:`` (TQ1
  only), ``after:`` (TQ3 only), an ``answer:`` of another kind's form, and ``grade:``
  (a generated puzzle's grade says nothing of another question);
* ``target`` — a TQ2 goal's number: the road's least length L (:data:`ROAD_OPTIONS`)
  or the points N (:data:`POINTS_OPTIONS`), ``goal: {road: 6, within: 2}``;
* ``within`` — a TQ2 goal's turn limit K, 1 to the tiles the stack lists (at most
  :data:`~.puzzles.MAX_TURNS`): ``goal: {road: 4, within: 1}``;
* ``drawn`` — a TQ1 puzzle's tile in hand: ``drawn: U``, one of the kinds still to draw
  (TG2, TG3) when the stack's order is unknown; ``top of stack`` takes ``drawn:`` off
  (the player draws the top of a listed stack, CB2);
* ``turn`` — whose turn it is: ``turn: green``, one of the seats (CB2).  The puzzle's
  player is the player to move.

Only the keys a setting touches change, through :mod:`sectionx.studio.yamledit`
(comments, key order and blank lines kept; a goal line's own comment moves with the
line as it grows or shrinks; the other lines stay as written, a follower list wrapped
over two lines too: :func:`~sectionx.studio.yamledit.edited_in_place`); setting a value the file has gives the text back as it
was, and a setting set and set back gives it back byte for byte.  A recorded
``answer:`` of the goal's form is left as written (solve it again), unless it no
longer reads: a TQ2 answer of more turns than the new limit goes (TQ2).

**Refused** (a :class:`~sectionx.studio.table.Refusal` naming the ruling): TQ1 or TQ2
when the game is over (no tile left to draw); TQ2 without the player's tiles listed in
order (``stack: [...]``, TQ2); a number or turn limit without a TQ2 goal, a limit
past the listed tiles or a number out of the format's range (TQ2); a tile in hand
without a TQ1 goal, other than a listed stack's top (CB2), of a kind none is left of
(TG2, TG3), or ``top of stack`` when the order is unknown (TQ1); a player not seated
(CB2); a goal in a rule figure (it shows a position, it asks nothing) or a record
(its position is made by its turns); a setting or option the palette does not have;
text whose ``goal:`` is not the mapping the format writes.  Never raises.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.error import CommentMark
from ruamel.yaml.tokens import CommentToken

from ...studio import yamledit
from ...studio.table import Refusal, Tool
from .editing import HOUSE_ORDER, _box_count, _Refused, _tiles
from .model import COLOURS, Position
from .puzzles import MAX_TURNS, Puzzle
from .rules import MAX_PLAYERS
from .tiles import tile_set

GROUP = "Puzzle"
#: The goal tool's options and the kind each writes ("" takes the goal off).
GOALS = {"best turn (TQ1)": "best", "road (TQ2)": "road", "points (TQ2)": "points",
         "score at the end (TQ3)": "end", "no goal": ""}
#: A new TQ2 goal's number and turn limit (those of the shipped puzzles 12 and 13).
ROAD, POINTS, WITHIN = 4, 8, 2
#: The numbers the target tool offers: a road of 2 tiles or more (a completed road
#: joins two tiles at least), points as a few turns score them.
ROAD_OPTIONS = tuple(range(2, 13))
POINTS_OPTIONS = tuple(range(1, 31))
#: The format's ranges (schema.json), the refusal's bounds for a number sent by hand.
_RANGE = {"road": (1, 100), "points": (1, 1000)}
#: The tile-in-hand setting's option that takes ``drawn:`` off (the top of a listed stack).
TOP = "top of stack"
#: The comment :func:`.puzzles.lines` writes after a TQ2 goal, three spaces after it.
OTHERS_PASS = "# the others pass (TQ2)"
TOOL_IDS = ("goal", "target", "within", "drawn", "turn")
#: The goal's kind in a setting's label.
_NOW = {"best": "best turn, TQ1", "road": "road, TQ2", "points": "points, TQ2", "end": "score at the end, TQ3"}
#: The answer's form each kind of goal records (puzzles.read_form).
_FORM = {"best": "TQ1", "road": "TQ2", "points": "TQ2", "end": "TQ3"}


# ---------------------------------------------------------------------- the palette


def tools(pos: Position, puzzle: Puzzle | None, kind: str) -> tuple[Tool, ...]:
    """The settings for a file of ``kind`` (``state``, ``puzzle``, ``figure``,
    ``record``) whose position is ``pos``: the goal (its kinds the position allows),
    the number and turn limit of a TQ2 goal, the tile in hand of a TQ1 goal, whose
    turn it is.  A figure has only whose turn; a record none."""
    if kind == "record":
        return ()
    turn = Tool("turn", f"To move (now {pos.player})", GROUP, _first(pos.players, pos.player), whole=True)
    if kind == "figure":
        return (turn,)
    goal = puzzle.goal if puzzle is not None else None
    going = not pos.over
    kinds = [label for label, k in GOALS.items()
             if (k in ("best", "end") and (going or k == "end"))
             or (k in ("road", "points") and going and bool(pos.stack))
             or (k == "" and goal is not None)]
    now = _NOW[goal.kind] if goal is not None else "none"
    mine = next((label for label, k in GOALS.items() if goal is not None and k == goal.kind), "")
    out = [Tool("goal", f"Goal (now {now})", GROUP, _first(kinds, mine), whole=True)]
    if goal is not None and goal.others_pass:
        shown = ROAD_OPTIONS if goal.kind == "road" else POINTS_OPTIONS
        numbers = sorted({*shown, goal.target})
        what = f"Road length (now {goal.target} tiles)" if goal.kind == "road" else f"Points (now {goal.target})"
        out.append(Tool("target", what, GROUP, _first([str(n) for n in numbers], str(goal.target)), whole=True))
        most = min(MAX_TURNS, len(pos.stack or ()))
        limits = sorted({*range(1, most + 1), goal.within})
        out.append(Tool("within", f"Turn limit (now {goal.within})", GROUP,
                        _first([str(n) for n in limits], str(goal.within)), whole=True))
    if goal is not None and goal.kind == "best":
        held = puzzle.drawn if puzzle is not None and puzzle.drawn is not None else TOP
        if pos.stack is not None:
            hands = [TOP] + ([held] if held != TOP else [])
        else:
            hands = [n for n in tile_set().types if pos.pool[n] > 0 or n == held]
        now = held if held != TOP else f"{pos.next_tile()}, the top"
        out.append(Tool("drawn", f"Tile in hand (now {now})", GROUP, _first(hands, held), whole=True))
    out.append(turn)
    return tuple(out)


def _first(options: Sequence[str], mine: str) -> tuple[str, ...]:
    """``options`` with the file's own value first (the page's select shows the first
    option: so it shows what the file has, and Set without a choice changes nothing),
    the others in their order."""
    return (mine, *(o for o in options if o != mine)) if mine in options else tuple(options)


# ---------------------------------------------------------------------- the text


def _goal(data: CommentedMap) -> CommentedMap | None:
    """The file's ``goal:`` mapping, None when it has none."""
    found = data.get("goal")
    if found is None:
        return None
    if not isinstance(found, CommentedMap):
        raise _Refused("goal: is not a mapping ({best: turn}, {road: L, within: K}, {points: N, within: K}, "
                       "{score: end}); mend it by text first", "TQ1")
    return found


def _kind(goal: CommentedMap | None) -> str:
    """The goal's kind as :mod:`.puzzles` names it ("" no goal, "?" none it reads)."""
    if goal is None:
        return ""
    found = [k for k in ("best", "road", "points", "score") if k in goal]
    if len(found) != 1:
        return "?"
    return "end" if found[0] == "score" else found[0]


def _stack(data: CommentedMap) -> list[str] | int | None:
    """The text's ``stack:``: its tiles in order, a number, or None (left out: every
    tile left, order unknown)."""
    stack = data.get("stack")
    if isinstance(stack, list):
        return [str(n) for n in stack]
    if isinstance(stack, int) and not isinstance(stack, bool):
        return stack
    return None


def _seats(data: CommentedMap, pos: Position) -> tuple[str, ...]:
    """The players the text seats (``players: [red, green]`` or a number), else the
    table's."""
    players = data.get("players")
    if isinstance(players, int) and not isinstance(players, bool):
        return tuple(COLOURS[:max(0, min(players, MAX_PLAYERS))])
    if isinstance(players, list):
        return tuple(str(p) for p in players)
    return tuple(pos.players)


def _flow_text(goal: CommentedMap) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in goal.items()) + "}"


def _put(data: CommentedMap, key: str, value: Any) -> None:
    """A top key set: in its place when the file has it, else where the house writes it."""
    if key in data:
        data[key] = value
    else:
        yamledit.insert_in_order(data, key, value, HOUSE_ORDER)


def _take(data: CommentedMap, key: str) -> None:
    if key in data:
        yamledit.remove_key(data, key)


def _set_goal(data: CommentedMap, goal: CommentedMap, old: str) -> None:
    """``goal:`` written as ``goal``, its line's comment kept and moved with the line's
    end; the house's ``# the others pass (TQ2)`` added when the goal becomes TQ2 and
    taken off when it stops being."""
    before = data.get("goal")
    was = _flow_text(before) if isinstance(before, CommentedMap) and before.fa.flow_style() else None
    _put(data, "goal", goal)
    if was is not None:
        yamledit.shift_comment(data, "goal", len(_flow_text(goal)) - len(was))
    tq2_before, tq2_now = old in ("road", "points"), _kind(goal) in ("road", "points")
    token = data.ca.items.get("goal")
    mine = token[2] if token and len(token) > 2 else None
    if tq2_before and not tq2_now and mine is not None and mine.value.startswith(OTHERS_PASS + "\n"):
        rest = mine.value[len(OTHERS_PASS):]
        if rest == "\n":
            data.ca.items.pop("goal", None)
        else:
            # Blank lines or comments after the goal's line stay after it.
            data.ca.items["goal"] = [None, None, CommentToken(rest, CommentMark(0), None), None]
    elif tq2_now and not tq2_before and (mine is None or mine.value.startswith("\n")):
        column = len("goal: " + _flow_text(goal)) + 3
        after = mine.value if mine is not None else "\n"
        data.ca.items["goal"] = [None, None, CommentToken(OTHERS_PASS + after, CommentMark(column), None), None]


def _shift(data: CommentedMap, goal: CommentedMap, was: str) -> None:
    """The comment after a goal written on one line (``{road: 4, within: 2}``), whose
    text was ``was``, moved with the line's end (a goal written as a block keeps its
    comments where they are)."""
    if goal.fa.flow_style():
        yamledit.shift_comment(data, "goal", len(_flow_text(goal)) - len(was))


def _left(data: CommentedMap, name: str) -> int:
    """How many ``name`` tiles the text leaves to draw (the box's, less the board's,
    those out and a listed stack's)."""
    return tile_set().types[name].count - _box_count(data, _tiles(data), name)


def _first_left(data: CommentedMap, hand: str | None) -> str | None:
    """The tile a new TQ1 puzzle holds: the table's hand when one is left, else the
    first kind left in the set's order."""
    if hand is not None and hand in tile_set().types and _left(data, hand) > 0:
        return hand
    return next((n for n in tile_set().types if _left(data, n) > 0), None)


def _over(data: CommentedMap, pos: Position) -> bool:
    stack = _stack(data)
    return stack in (0, []) or (stack is None and pos.over)


# ---------------------------------------------------------------------- the settings


def _set_kind(data: CommentedMap, pos: Position, hand: str | None, option: str) -> bool:
    if option not in GOALS:
        raise _Refused(f"{option!r} is no goal of Der Tunnel's puzzles: {', '.join(GOALS)} (TQ1)", "TQ1")
    new = GOALS[option]
    goal = _goal(data)
    old = _kind(goal)
    if new == old:
        return False
    if not new:
        for key in ("goal", "drawn", "after", "answer", "grade"):
            _take(data, key)
        return True
    rule = _FORM[new]
    if new != "end" and _over(data, pos):
        raise _Refused(f"the game is over (no tile left to draw, CB9): a {rule} puzzle needs a turn to play", rule)
    stack = _stack(data)
    if new in ("road", "points") and not isinstance(stack, list):
        raise _Refused("a TQ2 puzzle lists the player's next tiles in order: write stack: [TILE, ...] first, "
                       "not a number (TQ2)", "TQ2")
    if new in ("road", "points") and goal is not None and old in ("road", "points"):
        # Road and points ask a number within K turns: the key renamed where it stands,
        # its value, its comment and the rest of the goal kept.
        was = _flow_text(goal)
        place, value, note = list(goal).index(old), goal[old], goal.ca.items.pop(old, None)
        del goal[old]
        goal.insert(place, new, value)
        if note is not None:
            goal.ca.items[new] = note
        _shift(data, goal, was)
        return True
    fresh = CommentedMap()
    if new in ("road", "points"):
        assert isinstance(stack, list)
        fresh[new] = ROAD if new == "road" else POINTS
        fresh["within"] = max(1, min(WITHIN, len(stack)))
    else:
        fresh["best" if new == "best" else "score"] = "turn" if new == "best" else "end"
    fresh.fa.set_flow_style()
    _set_goal(data, fresh, old)
    if new != "best":
        _take(data, "drawn")
    if new != "end":
        _take(data, "after")
    if _FORM.get(old) != rule:
        _take(data, "answer")
        if old:
            _take(data, "grade")
    if new == "best" and not isinstance(stack, list) and "drawn" not in data:
        tile = _first_left(data, hand)
        if tile is not None:
            yamledit.insert_in_order(data, "drawn", tile, HOUSE_ORDER)
    return True


def _tq2(data: CommentedMap, what: str) -> tuple[CommentedMap, str]:
    goal = _goal(data)
    kind = _kind(goal)
    if goal is None or kind not in ("road", "points"):
        raise _Refused(f"{what} belongs to a TQ2 goal (road or points within K turns): set the goal first (TQ2)",
                       "TQ2")
    return goal, kind


def _number(option: str, low: int, high: int, what: str, rule: str) -> int:
    text = option.strip()
    if not text.isascii() or not text.isdigit() or not low <= int(text) <= high:
        raise _Refused(f"{option!r} is no {what}: a whole number from {low} to {high} ({rule})", rule)
    return int(text)


def _set_target(data: CommentedMap, option: str) -> bool:
    goal, kind = _tq2(data, "a road's length or the points")
    low, high = _RANGE[kind]
    value = _number(option, low, high, "road length (tiles)" if kind == "road" else "number of points", "TQ2")
    if goal.get(kind) == value:
        return False
    was = _flow_text(goal)
    goal[kind] = value
    _shift(data, goal, was)
    return True


def _set_within(data: CommentedMap, option: str) -> bool:
    goal, _ = _tq2(data, "a turn limit")
    value = _number(option, 1, MAX_TURNS, "turn limit", "TQ2")
    stack = _stack(data)
    if not isinstance(stack, list):
        raise _Refused("a TQ2 puzzle lists the player's next tiles in order: write stack: [TILE, ...] first, "
                       "not a number (TQ2)", "TQ2")
    if value > len(stack):
        raise _Refused(f"within {value} turns, but the stack lists only {len(stack)} tile"
                       f"{'s' if len(stack) != 1 else ''} for them (TQ2)", "TQ2")
    if goal.get("within") == value:
        return False
    was = _flow_text(goal)
    goal["within"] = value
    _shift(data, goal, was)
    answer = data.get("answer")
    turns = answer.get("turns") if isinstance(answer, dict) else None
    if isinstance(turns, int) and turns > value:
        # The recorded answer would say more turns than the goal allows: it no longer reads.
        _take(data, "answer")
    return True


def _set_drawn(data: CommentedMap, option: str) -> bool:
    if _kind(_goal(data)) != "best":
        raise _Refused("the tile in hand belongs to a TQ1 puzzle: set the goal to best turn first (TQ1)", "TQ1")
    stack = _stack(data)
    if option == TOP:
        if not isinstance(stack, list):
            raise _Refused("the stack's order is unknown, so no tile is drawn: a TQ1 puzzle says which with "
                           "drawn: TILE (TQ1)", "TQ1")
        if "drawn" not in data:
            return False
        _take(data, "drawn")
        return True
    if option not in tile_set().types:
        raise _Refused(f"{option!r} is no tile of Der Tunnel: A to X (TG2), TU-A to TU-D (TG3)", "TG2", "TG3")
    if isinstance(stack, list):
        if stack and option != stack[0]:
            raise _Refused(f"the top of the stack is {stack[0]}: the player draws the top tile (CB2); choose "
                           f"{TOP}, or write the stack without it", "CB2")
    elif str(data.get("drawn", "")) != option and _left(data, option) <= 0:
        rule = "TG3" if tile_set().types[option].tunnel else "TG2"
        raise _Refused(f"no {option} tile is left to draw: every one is on the board or out ({rule})", rule)
    if str(data.get("drawn", "")) == option and "drawn" in data:
        return False
    _put(data, "drawn", option)
    return True


def _set_turn(data: CommentedMap, pos: Position, option: str) -> bool:
    seats = _seats(data, pos)
    if option not in seats:
        raise _Refused(f"{option!r} does not play in this game: the players are {', '.join(seats)} (CB2)", "CB2")
    if data.get("turn") == option:
        return False
    _put(data, "turn", option)
    return True


def edit(pos: Position, kind: str, hand: str | None, text: str, tool: str, option: str) -> str | Refusal:
    """``text`` after the setting ``tool`` is set to ``option`` in a file of ``kind``
    whose last valid position is ``pos`` (``hand``: the tile its table shows in hand),
    or why not (the module docstring).  The text as it was when the file has that
    value already.  Never raises."""
    try:
        if kind == "record":
            raise _Refused("a game record's position is made by its turns: the palette edits positions, puzzles "
                           "and figures (write a record's start: by text)")
        if tool not in TOOL_IDS:
            raise _Refused(f"{tool!r} is no setting of Der Tunnel's puzzles ({', '.join(TOOL_IDS)}); a tile, a "
                           "follower, a token and erase go on a spot of the board")
        if kind == "figure" and tool != "turn":
            raise _Refused("a rule figure shows a position and asks nothing: write a puzzle in a file of its own")
        changed = False

        def change(data: CommentedMap) -> None:
            nonlocal changed
            if tool == "goal":
                changed = _set_kind(data, pos, hand, option)
            elif tool == "target":
                changed = _set_target(data, option)
            elif tool == "within":
                changed = _set_within(data, option)
            elif tool == "drawn":
                changed = _set_drawn(data, option)
            else:
                changed = _set_turn(data, pos, option)

        after = yamledit.edited_in_place(text, change)
        return after if changed else text
    except _Refused as refused:
        return refused.refusal
    except yamledit.EditError as exc:
        return Refusal(str(exc))
