"""Breakout's palette in the studio's editor (issue 31, "Edit"): what a person sets a
wall up with, and the file's text after a tool is used on a spot.

**The palette** (:func:`tools`):

* ``knot:yellow``, ``knot:blue`` ("Knots"), on a field (``field:3.2``): the field's
  character in its row becomes ``y`` or ``b``; a knot of the other colour there is
  replaced, one of the same colour is left as it is.  A 14th knot of a colour is
  refused (B1: 13 knots each).  The wall is written as rows of text, top row first
  (BW1), so the edit changes that one character of that one row and nothing else;
  the row keeps its quotes.
* ``figure:yellow``, ``figure:blue`` ("Figures"), on a section of the wall top
  (``top:2``, above column 2, BW2): one more escaped figure of that colour standing
  there: ``escaped:`` counts it and ``tops:`` lists where it stands, both in the
  house's flow form (``escaped: {yellow: 0, blue: 1}``, ``tops: [{player: blue,
  column: 2}]``, as ``sectionx`` writes a position).  A 4th figure is refused (B1:
  3 figures each); a 3rd is written and ``validate`` then says the game is over (B8).
  A file whose ``escaped:`` counts figures without ``tops:`` placing them is refused
  a figure until they are placed by hand (BW2: ``tops:`` lists every one or none).
* ``bar`` ("Bar"), on a push arrow (``push:R3``): ``barred: R3``, the push B4
  forbids next.  A bar on a row that is not full is written and ``validate`` says
  why it cannot stand (B4).
* ``erase``: takes off what the spot holds: a field's knot (the character becomes
  ``.``), the last figure listed on a wall-top section (its ``tops:`` entry, and one
  fewer in ``escaped:``; both keys go when no figure is left), or the bar of a
  push arrow (``barred:`` goes).  Nothing there to take off is a refusal.

**The puzzle's settings** ("Puzzle", whole-file tools, ``Tool.whole``: the page sends
the spot ``""`` and the option chosen), each written as a person types it (BQ1's
``goal: {escape_within: N, opponent: defends|passes}``):

* ``goal:turns`` ("escape within", options ``1``..``6``, :data:`TURNS`; any whole
  number 1 to 30 the format takes is written): ``escape_within: N`` in the goal.  A
  file without a goal becomes a puzzle: ``goal: {escape_within: N, opponent:
  defends}`` where the house writes it (after the position's keys, before
  ``answer:``).  The puzzle's player is the one to push (BQ1).
* ``goal:opponent`` ("the other player", ``defends`` / ``passes``): the goal's
  ``opponent:``.  A file without a goal is refused (BQ1): its turns come first.
* ``to_move`` ("to push", ``yellow`` / ``blue``): ``to_move:``, the puzzle's player.
  With ``turns:`` written the two must agree (B1); a disagreeing one is written and
  ``validate`` says why.
* ``goal:none`` ("no goal"): the goal goes, and with it what answers it
  (``answer:``, ``grade:``): the file becomes a position.  None to take off is
  refused.

A value set in place keeps its quotes, and the comment at the end of its line moves
with the line (the gap the person left stays), so setting the old value back gives
the text byte for byte.  A puzzle's ``answer:`` is left as written when its goal
changes: ``solve`` says when it no longer holds.  A rule figure (``claims:``) shows a
rule and sets no puzzle: its palette has whose push but no goal.

Hands are not written in a Breakout file (a hand is 13 minus that colour's knots in
the wall, B2), so the palette has no hand counts: a knot placed comes out of its
owner's hand.  The turn counts (``turns:``, ``stalemate:``, ``breakout:``) are typed.

A new key goes where the house writes it (``escaped``, ``tops``, ``barred`` after
``to_move``, before ``goal``), so an edited file reads like one ``sectionx`` writes.
A record's position follows from its moves: it has no palette, and its edits are
refused.  Only :mod:`sectionx.studio.yamledit`'s round trip touches the text, so
comments, key order, quoting and blank lines stay.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.scalarstring import ScalarString

from ...errors import NotationError
from ...studio import yamledit
from ...studio.table import Refusal, Tool
from .rules import FIGURES, KNOTS, PLAYERS, Player, parse_action

#: The house's order of a position file's keys (:func:`.formats.position_fields`,
#: then a puzzle's and a figure's): a new key goes after the last one before it.
ORDER = ("game", "format", "title", "description", "wall", "to_move", "escaped", "tops", "barred", "stalemate",
         "turns", "breakout", "goal", "answer", "grade", "annotations", "claims")
_LETTER = {Player.YELLOW: "y", Player.BLUE: "b"}


def _no(message: str, *rules: str) -> Refusal:
    """A refusal naming its rulings.  The page shows the ids beside the words, so a
    message ending in its ruling's id in brackets drops it (it is not said twice)."""
    for rule in rules:
        message = message.removesuffix(f" ({rule})")
    return Refusal(message, rules)


class _Refused(Exception):
    """An edit the tool cannot make (carried out of the change to a Refusal)."""

    def __init__(self, message: str, *rules: str):
        super().__init__(message)
        self.refusal = _no(message, *rules)


#: The turns a goal may be set to from the palette: the shipped and generated puzzles
#: take 2 to 5 (docs/breakout.md, "Generated puzzles"); a file may type up to 30 (BQ1).
TURNS = tuple(str(n) for n in range(1, 7))
_BOARD = (Tool("knot:yellow", "yellow knot", "Knots"), Tool("knot:blue", "blue knot", "Knots"),
          Tool("figure:yellow", "yellow figure", "Figures"), Tool("figure:blue", "blue figure", "Figures"),
          Tool("bar", "bar (B4)", "Bar"), Tool("erase", "erase", "Erase"))
_TO_MOVE = Tool("to_move", "to push", "Puzzle", tuple(p.value for p in PLAYERS), whole=True)
_GOAL = (Tool("goal:turns", "escape within (turns)", "Puzzle", TURNS, whole=True),
         Tool("goal:opponent", "the other player", "Puzzle", ("defends", "passes"), whole=True))
_NO_GOAL = Tool("goal:none", "no goal", "Puzzle", ("make it a position",), whole=True)


def tools(kind: str) -> tuple[Tool, ...]:
    """The palette for a file of ``kind`` (module docstring); none for a record, whose
    push alone for a rule figure (it shows a rule, it sets no puzzle)."""
    if kind == "record":
        return ()
    if kind == "figure":
        return (*_BOARD, _TO_MOVE)
    return (*_BOARD, *_GOAL, _TO_MOVE, _NO_GOAL)


def edit(kind: str, text: str, tool: str, spot: str, option: str = "") -> str | Refusal:
    """``text`` after ``tool`` is used on ``spot`` (module docstring); ``option`` is a
    setting's value (the board's tools take none).  Never raises: a tool or spot it
    does not know, a spot the text's wall lacks, an option that is not the setting's,
    or text it cannot read is a Refusal."""
    if kind == "record":
        return _no("a record's position follows from its moves: edit its start: or its moves as text")
    change = _setting(tool, spot, option) if tool in _WHOLE else _change(tool, spot)
    if isinstance(change, Refusal):
        return change
    try:
        return yamledit.edited(text, change)
    except _Refused as exc:
        return exc.refusal
    except yamledit.EditError as exc:
        return _no(str(exc))


def _change(tool: str, spot: str) -> Callable[[CommentedMap], None] | Refusal:
    """The change ``tool`` on ``spot`` makes to the file's top mapping, or why none."""
    kind, _, name = spot.partition(":")
    if tool not in {t.id for t in _BOARD}:
        return _no(f"{tool!r} is not a tool of Breakout's palette")
    if kind == "field":
        parts = name.split(".")
        if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
            return _no(f"{spot!r} is not a field: row.field (BW1)", "BW1")
        row, col = int(parts[0]), int(parts[1])
        if tool.startswith("knot:"):
            who = Player(tool.removeprefix("knot:"))
            return lambda data: _set_knot(data, row, col, who)
        if tool == "erase":
            return lambda data: _set_knot(data, row, col, None)
        if tool == "bar":
            return _no("a bar is on a push, not a field: click the push arrow it bars (B4)", "B4")
        return _no("an escaped figure stands on the wall top above a column, not on a field (BW2)", "BW2")
    if kind == "top":
        if not (name.isascii() and name.isdigit()):
            return _no(f"{spot!r} is not a section of the wall top: top:column (BW2)", "BW2")
        column = int(name)
        if tool.startswith("figure:"):
            who = Player(tool.removeprefix("figure:"))
            return lambda data: _add_figure(data, column, who)
        if tool == "erase":
            return lambda data: _erase_figure(data, column)
        if tool == "bar":
            return _no("a bar is on a push: click the push arrow it bars (B4)", "B4")
        return _no("a knot lies on a field of the wall, not on its top (BW1)", "BW1")
    if kind == "push":
        try:
            push = parse_action(name)
        except NotationError as exc:
            return _no(str(exc), "BW1")
        if push.is_pass:
            return _no("a pass has no arrow to bar (B4)", "B4")
        if tool == "bar":
            return lambda data: _bar(data, str(push), set_it=True)
        if tool == "erase":
            return lambda data: _bar(data, str(push), set_it=False)
        if tool.startswith("knot:"):
            return _no("a knot lies on a field: click the field (BW1); a push arrow takes a bar (B4)", "BW1")
        return _no("an escaped figure stands on the wall top above a column (BW2), not on a push arrow", "BW2")
    return _no(f"{spot!r} is not a place on Breakout's wall (a field, a push arrow or the wall top)")


# ---------------------------------------------------------------------- the wall


def _rows(data: CommentedMap) -> list[Any]:
    wall = data.get("wall")
    if not isinstance(wall, list) or not wall or not all(isinstance(r, str) for r in wall):
        raise _Refused("the wall is not written as rows of text, top row first (BW1): fix it by hand first", "BW1")
    return wall


def _set_knot(data: CommentedMap, row: int, col: int, who: Player | None) -> None:
    """Field ``col`` of row ``row`` (from the bottom) written as ``who``'s knot, or
    emptied (``None``): one character of one row changes."""
    wall = _rows(data)
    if not 1 <= row <= len(wall):
        raise _Refused(f"the wall has rows 1 to {len(wall)}, not row {row} (BW1)", "BW1")
    i = len(wall) - row  # top row first
    old = wall[i]
    lead = len(old) - len(old.lstrip())
    fields = len(old.strip())
    if not 1 <= col <= fields:
        raise _Refused(f"row {row} has fields 1 to {fields}, not field {col} (BW1)", "BW1")
    at = lead + col - 1
    letter = "." if who is None else _LETTER[who]
    if old[at] == letter:
        if who is None:
            raise _Refused(f"row {row}, field {col} is empty: nothing to erase")
        return
    if who is not None:
        count = sum(r.count(letter) for r in wall)
        if count >= KNOTS:
            raise _Refused(f"{who.value} has {KNOTS} knots and all are in the wall: none is left in hand (B1)", "B1")
    new = old[:at] + letter + old[at + 1:]
    # Keep the row's quoting: a ScalarString subclass says how it was written.
    wall[i] = type(old)(new) if isinstance(old, ScalarString) else new


# ---------------------------------------------------------------------- figures and the bar


def _put(data: CommentedMap, key: str, value: Any) -> None:
    """``key`` set to ``value``: in its place when written, else where the house
    writes it (:data:`ORDER`): after the last key written that goes before it."""
    if key in data or key not in ORDER:
        yamledit.set_key(data, [key], value)
        return
    before = set(ORDER[:ORDER.index(key)])
    keys = list(data)
    index = max((n + 1 for n, k in enumerate(keys) if k in before), default=0)
    if index >= len(keys):
        yamledit.set_key(data, [key], value)  # last: set_key keeps the closing blank lines last
    else:
        data.insert(index, key, value)


def _escaped(data: CommentedMap) -> CommentedMap | None:
    found = data.get("escaped")
    if found is None:
        return None
    if not isinstance(found, CommentedMap):
        raise _Refused("escaped: is not written {yellow: N, blue: N}: fix it by hand first (B8)", "B8")
    return found


def _tops(data: CommentedMap) -> list[Any] | None:
    found = data.get("tops")
    if found is None:
        return None
    if not isinstance(found, list):
        raise _Refused("tops: is not a list of {player, column}: fix it by hand first (BW2)", "BW2")
    return found


def _count(escaped: CommentedMap | None, who: Player) -> int:
    value = escaped.get(who.value, 0) if escaped is not None else 0
    if not isinstance(value, int) or isinstance(value, bool):
        raise _Refused(f"escaped: {who.value}'s figures are not a whole number: fix it by hand first (B8)", "B8")
    return value


def _columns(data: CommentedMap) -> int:
    wall = _rows(data)
    return len(wall[0].strip())


def _add_figure(data: CommentedMap, column: int, who: Player) -> None:
    """One more of ``who``'s figures escaped, standing above ``column`` (BW2)."""
    fields = _columns(data)
    if not 1 <= column <= fields:
        raise _Refused(f"the wall top has sections above columns 1 to {fields}, not {column} (BW2)", "BW2")
    escaped, tops = _escaped(data), _tops(data)
    had = _count(escaped, who)
    if had >= FIGURES:
        raise _Refused(f"{who.value} has {FIGURES} figures and all have escaped (B1)", "B1")
    entry = CommentedMap([("player", who.value), ("column", column)])
    entry.fa.set_flow_style()
    if escaped is None:
        counts = CommentedMap((p.value, 1 if p is who else 0) for p in PLAYERS)
        counts.fa.set_flow_style()
        _put(data, "escaped", counts)
    else:
        escaped[who.value] = had + 1
    if tops is None:
        if any(_count(escaped, p) for p in PLAYERS):
            # Where those figures stand is not written: a place for this one alone
            # would leave tops: short of escaped: (BW2).
            raise _Refused("escaped: counts figures that tops: does not place: write tops: for them first (BW2)",
                           "BW2")
        _put(data, "tops", yamledit.flow([entry]))
    else:
        tops.append(entry)


def _erase_figure(data: CommentedMap, column: int) -> None:
    """The last figure listed above ``column`` taken off the wall top: its ``tops``
    entry and one of its player's escapes; both keys go when none is left."""
    tops = _tops(data) or []
    at = next((n for n in range(len(tops) - 1, -1, -1)
               if isinstance(tops[n], dict) and tops[n].get("column") == column), None)
    if at is None:
        raise _Refused(f"no escaped figure stands above column {column}: nothing to erase")
    try:
        who = Player(tops[at].get("player"))
    except ValueError:
        who = None
    escaped = _escaped(data)
    del tops[at]
    if who is not None and escaped is not None and _count(escaped, who) > 0:
        escaped[who.value] = _count(escaped, who) - 1
    if not tops:
        yamledit.remove_key(data, "tops")
        if escaped is not None and all(_count(escaped, p) == 0 for p in PLAYERS):
            yamledit.remove_key(data, "escaped")


def _bar(data: CommentedMap, push: str, *, set_it: bool) -> None:
    """``barred:`` set to ``push`` (B4), or taken off when it is that push."""
    rows = len(_rows(data))
    row = int(push[1:])
    if not 1 <= row <= rows:
        raise _Refused(f"the wall has rows 1 to {rows}: {push} pushes into none (BW1)", "BW1")
    if set_it:
        if str(data.get("barred")) != push:
            _put(data, "barred", push)
        return
    if str(data.get("barred")) != push:
        raise _Refused(f"{push} is not barred: nothing to erase (B4)", "B4")
    yamledit.remove_key(data, "barred")


# ---------------------------------------------------------------------- the puzzle's settings

_WHOLE = {t.id for t in (*_GOAL, _TO_MOVE, _NO_GOAL)}


def _setting(tool: str, spot: str, option: str) -> Callable[[CommentedMap], None] | Refusal:
    """The change a setting of the whole file (``Tool.whole``) makes, or why none."""
    if spot:
        return _no(f"{tool} is a setting of the whole file: it takes no spot, not {spot!r}")
    if tool == "goal:turns":
        if not (option.isascii() and option.isdigit() and 1 <= int(option) <= 30):
            return _no(f"{option!r} is not a goal's turns: a whole number 1 to 30 (BQ1)", "BQ1")
        turns = int(option)
        return lambda data: _goal_turns(data, turns)
    if tool == "goal:opponent":
        if option not in ("defends", "passes"):
            return _no(f"the other player defends or passes, not {option!r} (BQ1)", "BQ1")
        return lambda data: _goal_opponent(data, option)
    if tool == "to_move":
        if option not in {p.value for p in PLAYERS}:
            return _no(f"{option!r} is not a player: yellow or blue (B1)", "B1")
        return lambda data: _set_scalar(data, data, "to_move", option, ORDER)
    return _no_goal


def _goal(data: CommentedMap) -> CommentedMap | None:
    found = data.get("goal")
    if found is None:
        return None
    if not isinstance(found, CommentedMap):
        raise _Refused("goal: is not written {escape_within: N, opponent: defends|passes}: fix it by hand first "
                       "(BQ1)", "BQ1")
    return found


def _set_scalar(data: CommentedMap, parent: CommentedMap, key: str, value: str | int,
                order: tuple[str, ...]) -> None:
    """``parent``'s ``key`` set to ``value``: in place, written as the old value was
    (its quotes kept), the comment at the end of its line moved with the line so its
    gap stays (and setting the old value back gives the text byte for byte); a new key
    at its place in ``order``."""
    if key not in parent:
        yamledit.insert_in_order(parent, key, value, order)
        return
    old = parent[key]
    if str(old) == str(value) and not isinstance(old, bool):
        return
    new: Any = type(old)(value) if isinstance(old, ScalarString) and isinstance(value, str) else value
    parent[key] = new
    # A flow mapping's line is its key's line in the mapping above (goal: {...}).
    holder, at = (data, "goal") if parent is not data and parent.fa.flow_style() else (parent, key)
    yamledit.shift_comment(holder, at, len(str(new)) - len(str(old)))


def _goal_turns(data: CommentedMap, turns: int) -> None:
    """``escape_within: turns`` (BQ1); a file without a goal becomes a puzzle against
    a defending opponent, the goal written where the house writes it."""
    goal = _goal(data)
    if goal is None:
        new = CommentedMap([("escape_within", turns), ("opponent", "defends")])
        new.fa.set_flow_style()
        yamledit.insert_in_order(data, "goal", new, ORDER)
        return
    _set_scalar(data, goal, "escape_within", turns, ("escape_within", "opponent"))


def _goal_opponent(data: CommentedMap, opponent: str) -> None:
    """``opponent: defends|passes`` in the goal (BQ1); a file without a goal is
    refused: the goal's turns come first."""
    goal = _goal(data)
    if goal is None:
        raise _Refused("a goal is an escape within N turns: set its turns first, then whether the other player "
                       "defends or passes (BQ1)", "BQ1")
    _set_scalar(data, goal, "opponent", opponent, ("escape_within", "opponent"))


def _no_goal(data: CommentedMap) -> None:
    """The goal taken off, and with it what answers it (``answer:``, ``grade:``): the
    file becomes a position."""
    if "goal" not in data:
        raise _Refused("the file has no goal: it is a position already (BQ1)", "BQ1")
    for key in ("grade", "answer", "goal"):
        if key in data:
            yamledit.remove_key(data, key)


__all__ = ["ORDER", "TURNS", "edit", "tools"]
