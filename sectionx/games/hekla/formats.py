"""Hekla positions in YAML, with FILE:LINE:COLUMN for every problem (issue 14).

A position file (``game: hekla``)::

    game: hekla
    format: 1
    players: 2                 # 2 to 4: red, green, then yellow, then blue (HG5)
    to_move: green
    stones:                    # field: its stones in place order, colour and value
      c3: [red3]
      d2: [green2, lava0]
    track: {red: 5, green: 0}  # fields each volcanist has advanced (HG3); default 0
    hot: [b2, d2, c4]          # optional (HG2); the area is 5 x 5 (HG1)
    quiet: 6                   # turns in a row without an eruption (H9); default 0

Supplies and the lava left are not written: every volcano stone not on the board is
in its owner's supply (HG5), and every lava stone not on the board is still to come,
value 0 before value 1 (H7).  Checks, each at its line: field names inside the area
(HG1), at most two stones a field (HG1), no more stones of a colour and value than
the player count gives (HG5), only the colours in play, no value-1 lava while
value-0 lava is left (H7), a track count of 0 or more, a quiet count of at most 20
rounds (H9: at 20 the game is over).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from ...errors import NotationError
from ...yamlsrc import FORMAT, Diagnostic, Doc, LoadError, check_schema, read_yaml
from .rules import LAVA, LAVA_STONES, QUIET_ROUNDS, SEATS, STONES, Board, Field, Position, Stone, field_name, parse_field, result

GAME = "hekla"


@dataclass(frozen=True)
class Loaded:
    position: Position
    title: str
    doc: Doc


def read(doc: Doc) -> Loaded:
    """The Hekla position of ``doc``; LoadError lists every problem."""
    form = check_schema(doc, "hekla")
    if form:
        raise LoadError(form)
    data: dict[str, Any] = doc.data
    problems: list[Diagnostic] = []

    def bad(path: tuple[Any, ...], message: str, rule: str = FORMAT) -> None:
        problems.append(doc.diag(path, message.removesuffix(f" ({rule})"), rule))

    count = data.get("players", 2)
    seats = SEATS[:count]
    hot: set[Field] = set()
    for i, name in enumerate(data.get("hot", ["b2", "d2", "c4"])):
        try:
            f = parse_field(name)
        except NotationError as exc:
            bad(("hot", i), str(exc), "HG2")
            continue
        if not Board().inside(f):
            bad(("hot", i), f"{name} is not a field of the 5 x 5 area (HG2)", "HG2")
        hot.add(f)
    board = Board(hot=frozenset(hot))
    fields: dict[Field, tuple[Stone, ...]] = {}
    held = {(p.value, v): 0 for p in seats for v in range(4)}
    lava_on = [0, 0]
    for name, stones in (data.get("stones") or {}).items():
        try:
            f = parse_field(str(name))
        except NotationError as exc:
            bad(("stones", name), str(exc), "HG1")
            continue
        if not board.inside(f):
            bad(("stones", name), f"{name} is not a field of the {board.width} x {board.height} area (HG1)", "HG1")
            continue
        if len(stones) > 2:
            bad(("stones", name), f"{name} holds {len(stones)} stones; a field has two places (HG1)", "HG1")
        here = []
        for i, text in enumerate(stones):
            owner, value = text[:-1], int(text[-1])
            if owner == LAVA:
                lava_on[value] += 1
            elif owner not in {p.value for p in seats}:
                bad(("stones", name, i), f"{owner} does not play in a {count}-player game: the colours are "
                                         + ", ".join(p.value for p in seats) + " (HG5)", "HG5")
                continue
            else:
                held[(owner, value)] += 1
            here.append(Stone(owner, value))
        fields[f] = tuple(here)
    for (owner, value), n in held.items():
        if n > STONES[count][value]:
            bad(("stones",), f"{n} {owner} stones of value {value} on the board; each player has "
                             f"{STONES[count][value]} with {count} players (HG5)", "HG5")
    for value in (0, 1):
        if lava_on[value] > LAVA_STONES[value]:
            bad(("stones",), f"{lava_on[value]} lava stones of value {value}; there are {LAVA_STONES[value]} (HG5)", "HG5")
    if lava_on[1] and lava_on[0] < LAVA_STONES[0]:
        bad(("stones",), f"value-1 lava on the board while {LAVA_STONES[0] - lava_on[0]} value-0 lava stones are left: "
                         "the 0s come first (H7)", "H7")
    track = tuple(0 for _ in seats)
    raw = data.get("track") or {}
    progress = dict.fromkeys(seats, 0)
    for key, value in raw.items():
        who = next((p for p in seats if p.value == key), None)
        if who is None:
            bad(("track", key), f"{key} does not play in a {count}-player game (HG5)", "HG5")
        else:
            progress[who] = value
    track = tuple(progress[p] for p in seats)
    to_move = data.get("to_move", seats[0].value)
    if to_move not in [p.value for p in seats]:
        bad(("to_move",), f"{to_move} does not play in a {count}-player game (HG5)", "HG5")
        to_move = seats[0].value
    quiet = data.get("quiet", 0)
    if quiet > QUIET_ROUNDS * count:
        bad(("quiet",), f"quiet is {quiet}, but {QUIET_ROUNDS} rounds ({QUIET_ROUNDS * count} turns with {count} players) "
                        "without an eruption end the game (H9)", "H9")
    if problems:
        raise LoadError(problems)
    supplies = []
    for p in seats:
        left = [v for v in range(4) for _ in range(STONES[count][v] - held[(p.value, v)])]
        supplies.append(tuple(left))
    lava = (LAVA_STONES[0] - lava_on[0], LAVA_STONES[1] - lava_on[1])
    position = Position(board, seats, tuple(sorted(fields.items())), tuple(supplies), track, lava,
                        [p.value for p in seats].index(to_move), quiet)
    if position.lava_placed == sum(LAVA_STONES) or quiet == position.quiet_limit:
        position = replace(position, winners=result(position))  # the game is over (H8, H9)
    return Loaded(position, str(data.get("title", "")), doc)


def load(path: str | Path) -> Loaded:
    return read(read_yaml(path))


def dumps(pos: Position, *, title: str = "", header: str = "") -> str:
    """A position file for ``pos`` that :func:`read` reads back to the same position."""
    lines = ([f"# {header}"] if header else []) + [f"game: {GAME}", "format: 1"]
    if title:
        lines.append(yaml.safe_dump({"title": title}, allow_unicode=True, width=10_000).strip())
    lines.append(f"players: {len(pos.players)}")
    lines.append(f"to_move: {pos.player}")
    if pos.fields:
        lines.append("stones:                    # field: its stones in place order")
        lines += [f"  {field_name(f)}: [{', '.join(str(s) for s in stones)}]" for f, stones in pos.fields]
    if any(pos.track):
        lines.append("track: {" + ", ".join(f"{p}: {t}" for p, t in zip(pos.players, pos.track)) + "}")
    if pos.board.hot != Board().hot:
        lines.append("hot: [" + ", ".join(field_name(f) for f in sorted(pos.board.hot)) + "]")
    if pos.quiet:
        lines.append(f"quiet: {pos.quiet}                  # turns in a row without an eruption (H9)")
    return "\n".join(lines) + "\n"


def summary(loaded: Loaded) -> str:
    pos = loaded.position
    stones = sum(len(s) for _, s in pos.fields)
    return (f"Hekla position, {len(pos.players)} players, {stones} stones on the area, {pos.lava_placed} of 20 lava placed, "
            + (f"game over ({pos.ended_by})" if pos.over else f"{pos.player} to move"))
