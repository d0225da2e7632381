"""Section X in the studio's editor: a puzzle's settings (issue 31, item 3: "goal and
turn limit for a puzzle").

Whole-file tools (:attr:`~sectionx.studio.table.Tool.whole`, group "Puzzle"): the page
shows each as a setting with its options and a Set button and calls
``edit(text, tool, "", option)``.  Each writes what ``docs/format.md`` ("Puzzles") tells
a person to write by hand, through :mod:`sectionx.studio.yamledit`, so comments, key
order and blank lines stay; keys inside ``goal:`` go in the order the shipped puzzles
write them (``kind``, ``zone``, ``player``, ``count``, ``turns``, ``all``).

=====================  ==============================================================
tool (options)         what it writes
=====================  ==============================================================
``goal`` (``free N``,  the goal's kind and its number: ``kind: free`` with ``count: N``,
``hide``, ``key``,     ``kind: hide``/``key``, ``kind: zone`` with ``zone: NAME``; the
``zone NAME``,         other kind's ``count``/``zone`` (or an ``all:`` list) goes.  A
``no goal``)           file without a goal gets a new ``goal:`` block (kind, its number,
                       ``player``: the player to move), where the format puts it
                       (after ``zones``, before ``answer``): the position becomes a
                       puzzle.  ``no goal`` takes ``goal:``, its ``answer:`` and
                       ``grade:`` away and ``unused: out`` with them (Q3: only a
                       puzzle puts tiles out of play): the file becomes a position.
``goal:part`` (the     "and also": a part of an ``all:`` goal (Q4: parts that hold at once): a part
goal's kinds)          of the same kind is set in place, another is added as
                       ``- {kind: key}``; a one-kind goal becomes ``all:`` with its own
                       kind as the first part.
``goal:turns`` (``1``  ``turns: N`` in the goal, ``no limit`` takes it away (no bound).
..``8``, ``no limit``)
``to-move`` (the       ``turn: COLOUR`` (``turn.player`` where ``turn`` is a mapping)
players' colours)      and, where the goal writes ``player``, the goal's player too: in
                       a puzzle only the goal's player acts, so it starts on their
                       turn (Q2).
=====================  ==============================================================

A setting that cannot make sense for the file is refused with its ruling: a goal that
holds already or can never be met here (Q1: more prisoners than are in play, a zone
another player owns, a key the player holds), a turn limit or part without a goal,
``no goal`` for a puzzle that lists tiles ``out:`` (Q3).  The ``answer:`` a puzzle
records stays as written when its goal changes: ``sectionx solve`` says when the
proof differs from it.  Never raises.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import CommentMark
from ruamel.yaml.tokens import CommentToken

from ...colours import Colour
from ...studio import yamledit as ye
from ...studio.table import Tool
from .model import Goal, GoalKind, State
from .rules import check_goal

if TYPE_CHECKING:
    from .studio import SectionXTable

__all__ = ["GROUP", "TOOLS", "change", "tools"]

GROUP = "Puzzle"
#: The whole-file tools' ids.
TOOLS = ("goal", "goal:part", "goal:turns", "to-move")
NO_GOAL = "no goal"
NO_LIMIT = "no limit"
#: Turn limits offered: the shipped puzzles ask for 1 to 5 turns (format.md allows 50).
MAX_TURNS = 8
#: The keys of a ``goal:`` block in the order the shipped puzzles write them.
GOAL_ORDER = ("kind", "zone", "player", "count", "turns", "all")
#: The order of a scenario's top keys (docs/format.md), for a new ``goal:`` or ``turn:``.
HOUSE_ORDER = ("format", "title", "description", "game", "players", "board", "catalogue", "variant", "round", "turn",
               "last_round", "ranking", "seed", "tiles", "hands", "stacks", "out", "unused", "prisoners", "doors",
               "keys", "zones", "goal", "answer", "grade", "claims", "annotations")


class Refused(Exception):
    """A setting refused: its words and ruling ids (the caller makes the Refusal)."""

    def __init__(self, message: str, *rules: str) -> None:
        super().__init__(message)
        self.rules = rules


# =========================================================================== the palette


def tools(table: SectionXTable) -> tuple[Tool, ...]:
    """The puzzle settings for the table's file (module docstring): the goal's kinds
    that make sense for its goal player, a part only for a puzzle, the turn limit only
    for a puzzle, whose turn it is always.  The file's own value is each setting's
    first option (the page's select shows the first), the others in their order."""
    state = table.scenario.state
    goal = table.scenario.goal
    colours = tuple(p.colour.value for p in state.players)
    kinds = _kinds(state, _player(table))
    if goal is None:
        return (Tool("goal", "goal (makes it a puzzle)", GROUP, kinds, whole=True),
                Tool("to-move", "to move", GROUP, _first(colours, state.current.colour.value), whole=True))
    own = {GoalKind.FREE: f"free {goal.count}", GoalKind.ZONE: f"zone {goal.zone}", GoalKind.ALL: ""}.get(
        goal.kind, goal.kind.value)
    turns = tuple(str(n) for n in range(1, MAX_TURNS + 1)) + (NO_LIMIT,)
    return (Tool("goal", "goal", GROUP, _first(kinds + (NO_GOAL,), own), whole=True),
            Tool("goal:part", "goal: and also (all)", GROUP, kinds, whole=True),
            Tool("goal:turns", "turn limit", GROUP, _first(turns, NO_LIMIT if goal.turns is None else str(goal.turns)),
                 whole=True),
            Tool("to-move", "the goal's player, to move", GROUP, _first(colours, _player(table).value), whole=True))


def _first(options: tuple[str, ...], value: str) -> tuple[str, ...]:
    """``options`` with ``value`` first where it is one of them."""
    return (value,) + tuple(o for o in options if o != value) if value in options else options


def _player(table: SectionXTable) -> Colour:
    goal = table.scenario.goal
    return goal.player if goal is not None and goal.player is not None else table.scenario.state.current.colour


def _kinds(state: State, colour: Colour) -> tuple[str, ...]:
    """The goal kinds worth offering for ``colour``: ``free N`` up to the prisoners that
    can still reach green areas (Q1, E4; at least ``free 1``), ``hide``, ``key``, and
    ``zone NAME`` for each free zone nobody owns."""
    player = state.player_by_colour.get(colour)
    most = min(player.available, state.target - player.freed) if player is not None else 1
    owned = state.zone_owner
    return (tuple(f"free {n}" for n in range(1, max(most, 1) + 1)) + ("hide", "key")
            + tuple(f"zone {z.name}" for z in state.board.zones if z.name not in owned))


# =========================================================================== an edit


def change(state: State, tool: str, option: str) -> Any:
    """The change of the text's top mapping that ``tool`` with ``option`` makes
    (:func:`sectionx.studio.yamledit.edited` applies it); :class:`Refused` when the
    setting cannot be made."""
    return _gaps_kept(_change(state, tool, option))


def _change(state: State, tool: str, option: str) -> Any:
    if tool == "goal":
        if option == NO_GOAL:
            return _no_goal
        part = _part(state, option)
        return lambda data: _set_goal(state, data, part)
    if tool == "goal:part":
        part = _part(state, option)
        return lambda data: _set_part(state, data, part)
    if tool == "goal:turns":
        if option != NO_LIMIT and not (option.isdigit() and 1 <= int(option) <= 50):
            raise Refused(f"{option!r} is no turn limit: a number of turns from 1 to 50, or {NO_LIMIT}")
        return lambda data: _set_turns(data, None if option == NO_LIMIT else int(option))
    if tool == "to-move":
        if option not in {p.colour.value for p in state.players}:
            playing = ", ".join(p.colour.value for p in state.players)
            raise Refused(f"{option!r} is not playing: the players are {playing} (S1)", "S1")
        return lambda data: _set_to_move(data, option)
    raise Refused(f"no setting {tool!r} for this file")


def _gaps_kept(inner: Any) -> Any:
    """``inner`` with the comment at the end of a one-line ``goal:`` or ``turn:`` moved
    as its line grows or shrinks (:func:`yamledit.shift_comment`), so the gap stays as
    the person left it and a setting set back gives the text back byte for byte."""

    def change(data: CommentedMap) -> None:
        before = {key: _width(data[key]) for key in ("goal", "turn") if key in data}
        inner(data)
        for key, width in before.items():
            now = _width(data[key]) if key in data else None
            if width is not None and now is not None and now != width:
                ye.shift_comment(data, key, now - width)

    return change


def _width(value: Any) -> int | None:
    """The width of a value written on its key's line (a scalar, a flow mapping or
    list), as ruamel writes it; ``None`` for a block collection."""
    if isinstance(value, (CommentedMap, CommentedSeq)) and not value.fa.flow_style():
        return None
    probe = CommentedMap()
    probe["k"] = value
    lines = ye.dump(probe).splitlines()
    if len(lines) != 1:
        return None
    line = lines[0]
    if isinstance(value, CommentedMap | CommentedSeq):  # its comment is written with it: up to its closing bracket
        line = line[:line.rfind("}" if isinstance(value, CommentedMap) else "]") + 1]
    return len(line) - len("k: ")


def _part(state: State, option: str) -> Goal:
    """The simple goal an option names (``free 2``, ``hide``, ``key``, ``zone NW``),
    without its player."""
    kind, _, rest = option.partition(" ")
    if kind == "free" and rest.isdigit() and 1 <= int(rest) <= 8:
        return Goal(GoalKind.FREE, count=int(rest))
    if kind in ("hide", "key") and not rest:
        return Goal(GoalKind(kind))
    if kind == "zone" and rest:
        if rest not in state.board.zone_by_name:
            known = ", ".join(z.name for z in state.board.zones) or "none"
            raise Refused(f"the board has no free zone {rest!r}; its zones are {known} (Q1)", "Q1")
        return Goal(GoalKind.ZONE, zone=rest)
    raise Refused(f"{option!r} is no goal: free N (1 to 8), hide, key, zone NAME or {NO_GOAL}")


def _written(part: Goal) -> list[tuple[str, Any]]:
    """A simple goal's keys as a person writes them."""
    out: list[tuple[str, Any]] = [("kind", part.kind.value)]
    if part.kind is GoalKind.FREE:
        out.append(("count", part.count))
    elif part.kind is GoalKind.ZONE:
        out.append(("zone", part.zone))
    return out


def _rank(key: Any) -> tuple[int, ...] | None:
    return (GOAL_ORDER.index(key),) if key in GOAL_ORDER else None


def _put(goal: CommentedMap, key: str, value: Any) -> None:
    """``key`` set in the goal: in its place when written, else where GOAL_ORDER puts it."""
    if key in goal:
        if goal[key] != value or type(goal[key]) is not type(value):
            goal[key] = value
    else:
        ye.insert_ranked(goal, key, value, _rank)


def _take(goal: CommentedMap, key: str) -> None:
    if key in goal:
        ye.remove_key(goal, key)


def _goal_map(data: CommentedMap) -> CommentedMap | None:
    goal = data.get("goal")
    if goal is None:  # none, or "goal:" with nothing under it yet
        return None
    if not isinstance(goal, CommentedMap):
        raise ye.EditError("goal is not a mapping")
    return goal


def _colour_of(state: State, data: CommentedMap) -> Colour | None:
    """The goal's player as the text names it (its ``player``, else whose turn it is,
    else the first player), if playing in the table's position."""
    goal = data.get("goal")
    turn = data.get("turn")
    players = data.get("players")
    name = goal.get("player") if isinstance(goal, dict) else None
    if name is None:
        name = turn.get("player") if isinstance(turn, dict) else turn
    if name is None and isinstance(players, list) and players:
        name = players[0]
    playing = {p.colour.value: p.colour for p in state.players}
    return playing.get(str(name)) if name is not None else None


def _check(state: State, data: CommentedMap, part: Goal, alone: bool) -> None:
    """Refuse ``part`` when it can never be met for the goal's player here, or (a
    goal of one kind, ``alone``) holds already (Q1); a part of an ``all`` goal may
    hold already (format.md)."""
    colour = _colour_of(state, data)
    if colour is None:
        return  # the player is not one of the table's: validate says so
    goal = Goal(part.kind, colour, part.count, zone=part.zone) if alone else Goal(GoalKind.ALL, colour, parts=(part,))
    for problem in check_goal(state, goal):
        if problem.rule == "Q2" or (not alone and problem.subject == ("goal", "all")):
            continue  # whose turn is the to-move setting's; a part may hold already
        raise Refused(f"{problem.message} (Q1)", "Q1")


def _set_goal(state: State, data: CommentedMap, part: Goal) -> None:
    _check(state, data, part, alone=True)
    goal = _goal_map(data)
    if goal is None:
        new = CommentedMap(_written(part))
        colour = _colour_of(state, data)
        if colour is not None:
            ye.insert_ranked(new, "player", colour.value, _rank)
        if "goal" in data:
            data["goal"] = new  # "goal:" typed with nothing under it: filled in its place
        else:
            ye.insert_in_order(data, "goal", new, HOUSE_ORDER)
        return
    if isinstance(goal.get("all"), CommentedSeq):
        _blank_lines_to_key(goal)
    _take(goal, "all")
    for key, value in _written(part):
        _put(goal, key, value)
    for key in ("count", "zone"):
        if key not in dict(_written(part)):
            _take(goal, key)


def _flow_part(part: Goal) -> CommentedMap:
    found = CommentedMap(_written(part))
    found.fa.set_flow_style()
    return found


def _set_part(state: State, data: CommentedMap, part: Goal) -> None:
    goal = _goal_map(data)
    if goal is None:
        raise Refused("a part belongs to a puzzle's goal: set the goal first (Q4)", "Q4")
    _check(state, data, part, alone=False)
    parts = goal.get("all")
    if not isinstance(parts, CommentedSeq):
        own = _own(goal)
        if own is not None and own.kind is part.kind:
            _set_goal(state, data, part)  # one kind: a part of the same kind is the goal itself
            return
        for key in ("kind", "count", "zone"):
            _take(goal, key)
        parts = CommentedSeq([_flow_part(own)] if own is not None else [])
        if goal.fa.flow_style():  # parts on a line of their own each, as format.md writes them
            goal.fa.set_block_style()
        _put(goal, "all", parts)
        _blank_lines_to_list(goal)
    elif parts.fa.flow_style():
        # A part a line, as format.md writes them: ruamel writes a one-key mapping in a
        # one-line list without its braces ([{kind: free}, kind: key]).
        parts.fa.set_block_style()
        if goal.fa.flow_style():
            goal.fa.set_block_style()
    for entry in parts:
        if isinstance(entry, dict) and str(entry.get("kind", "free")) == part.kind.value:
            for key, value in _written(part):
                if entry.get(key) != value:
                    entry[key] = value
            return
    parts.append(_flow_part(part))


def _blank_lines_to_list(goal: CommentedMap) -> None:
    """The blank lines closing the goal, which :func:`yamledit.append_key` gave the new
    ``all`` key, after its block list instead: ruamel writes a key's comment after
    the key's own line, so they would stand between ``all:`` and its items."""
    token = goal.ca.items.get("all")
    parts = goal["all"]
    if token and len(token) > 2 and token[2] is not None and not parts.fa.flow_style():
        head, newline, rest = token[2].value.partition("\n")
        if newline and rest and not head.strip() and not rest.strip():
            token[2] = None
            if parts.ca.comment is None:  # ruamel writes a list's end only beside its own comment
                parts.ca.comment = [None, None]
            parts.ca.end = [CommentToken(rest, CommentMark(0), None)]


def _blank_lines_to_key(goal: CommentedMap) -> None:
    """Undoes :func:`_blank_lines_to_list` before ``all`` goes: the blank lines after
    its block list (ruamel's end of the list) become the key's closing comment, which
    :func:`yamledit.remove_key` passes to the key before it."""
    parts = goal["all"]
    end = getattr(parts.ca, "end", None) or []
    rest = "".join(t.value for t in end if t is not None)
    if rest and not rest.strip() and list(goal)[-1] == "all":
        parts.ca.end = []
        goal.ca.items["all"] = [None, None, CommentToken("\n" + rest, CommentMark(0), None), None]


def _own(goal: CommentedMap) -> Goal | None:
    """The one kind a goal without ``all:`` writes (as written, even if out of range:
    validate says so), ``None`` when its kind is none of the four."""
    kind, count, zone = str(goal.get("kind", "free")), goal.get("count", 1), goal.get("zone")
    if kind not in ("free", "hide", "key", "zone"):
        return None
    return Goal(GoalKind(kind), count=count if isinstance(count, int) else 1, zone=None if zone is None else str(zone))


def _set_turns(data: CommentedMap, turns: int | None) -> None:
    goal = _goal_map(data)
    if goal is None:
        raise Refused("a turn limit belongs to a puzzle's goal: set the goal first (Q4)", "Q4")
    if turns is None:
        _take(goal, "turns")
    else:
        _put(goal, "turns", turns)


def _set_to_move(data: CommentedMap, colour: str) -> None:
    turn = data.get("turn")
    if isinstance(turn, CommentedMap):
        if turn.get("player") != colour:
            if "player" in turn:
                turn["player"] = colour
            else:
                turn.insert(0, "player", colour)
    elif "turn" in data:
        if turn != colour:
            data["turn"] = colour
    else:
        ye.insert_in_order(data, "turn", colour, HOUSE_ORDER)
    goal = data.get("goal")
    if isinstance(goal, CommentedMap) and "player" in goal and goal["player"] != colour:
        goal["player"] = colour  # Q2: the puzzle starts on its goal player's turn


def _no_goal(data: CommentedMap) -> None:
    if "goal" not in data:
        raise Refused("the file has no goal: it is a position already")
    if "out" in data:
        raise Refused("the puzzle lists tiles out of play (out:), and only a puzzle may (Q3): "
                      "put them in the stacks first", "Q3")
    for key in ("grade", "answer", "goal"):
        if key in data:
            ye.remove_key(data, key)
    if str(data.get("unused", "")) == "out":
        from .studioedit import _pass_blank_lines

        _pass_blank_lines(data, "unused")  # the blank lines after it stay where they were
        ye.remove_key(data, "unused")  # Q3: a position's unnamed tiles are in its stacks
