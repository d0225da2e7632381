"""A turn's plan items on the search core, worded as
:func:`sectionx.games.sectionx.puzzle.plan_items` words them (Q5), and the cells a
tile action touches, which the turn search's cuts read as well.

:func:`describe` keeps what an item needs from before a move (the texts of the
cells it touches and every door), and :func:`items_of` words the items once the
move is made; the text of a cell is :func:`sectionx.games.sectionx.puzzle.tile_text`'s
read off the core.  Split from :mod:`.turnsearch`, which searches the turn.
"""

from __future__ import annotations

from typing import Any

from .. import engine
from ..actions import Action
from ..model import State
from ..puzzle import plan_items
from .core import DOOR, KEEP, MOVE, MOVEDOOR, PLACE, REFEREE, ROTATE, STEP, SWAP, Position, action_of
from .tables import CoreMove, Tables


def describe(pos: Position, move: CoreMove, kind: int, texts: dict[int, str | None],
             doors: tuple[tuple[int, ...], ...]) -> Any:
    """What a plan item needs from before the move: the texts of the cells it
    touches and every door; the state itself for a move of kind ``REFEREE``; the
    items themselves for a tile or door action that ends the round (below).  In
    the standard game nothing on the board changes before the tile action
    (N1-N4), so the turn's first look serves every tile action: ``texts``, the
    texts of the cells looked at so far this turn, filled in as they are looked
    at, and ``doors``, every player's doors as the turn began."""
    if move[0] == REFEREE:
        return ("referee", pos.to_state())
    if kind == STEP:
        return ("step", _spot_text(pos, move[3]))
    if pos.round_ends and pos._ends_turn(kind):
        # A tile or door action that ends a turn in which the last tile was taken:
        # the collapse follows (E2, E3), and the plan describes the board the
        # action left before it, as plan_items does (it asks the referee with the
        # round not ending).  So here too: the action is made on the core with the
        # round not ending, its items read off the board, and it is taken back.
        seen = board_before(pos, move, kind, texts, doors)
        pos.round_ends = False
        try:
            undo = pos.make(move)
            try:
                items = items_of(pos, move, kind, seen)
            finally:
                pos.unmake(undo)
        finally:
            pos.round_ends = True
        return ("items", items)
    return board_before(pos, move, kind, texts, doors)


def board_before(pos: Position, move: CoreMove, kind: int, texts: dict[int, str | None],
                 doors: tuple[tuple[int, ...], ...]) -> Any:
    """:func:`describe` of a tile or door action the core carries out itself: the
    texts of the cells it touches and every player's doors, before it."""
    cells = _touched(pos, move, kind)
    if not pos.advanced and PLACE <= kind <= ROTATE:
        for c in cells:
            if c not in texts:
                texts[c] = _cell_text(pos, c)
        return ("board", texts, doors)
    return ("board", {c: _cell_text(pos, c) for c in cells}, tuple(tuple(d) for d in pos.doors))


def items_of(pos: Position, move: CoreMove, kind: int, before: Any) -> tuple[str, ...]:
    """The plan items (Q5) of a move just made, from what :func:`describe` kept before it."""
    T = pos.T
    if before[0] == "step":
        return (f"handin {before[1]}",)
    if before[0] == "items":
        return before[1]  # type: ignore[no-any-return]
    if before[0] == "referee":
        state: State = before[1]
        action: Action = action_of(T, move)
        return plan_items(state, action, engine.apply(state, action))
    texts: dict[int, str | None] = before[1]
    cells = set(_touched(pos, move, kind))
    for p, was in enumerate(before[2]):
        if len(was) != len(pos.doors[p]) or kind in (MOVEDOOR, DOOR):
            for s in set(was) ^ set(pos.doors[p]):
                cells.add((s - T.spot0) // 3)
    changed = []
    for c in cells:
        after = _cell_text(pos, c)
        if c not in texts or texts[c] != after:
            changed.append((T.cells[c], "empty" if after is None else after))
    if not changed:
        return ()
    changed.sort()
    head = "tiles " if PLACE <= kind <= ROTATE else "door "
    return (head + ", ".join(f"{cell} {text}" for cell, text in changed),)


def _alike(pos: Position, move: CoreMove) -> bool:
    """Whether a swap exchanges two tiles of one type but of different classes.
    Only a swap of two tiles of one type can leave the board looking as it did,
    and so cost nothing (Q5); when their classes are the same too, it leaves the
    very same position (the canonical key knows tiles by class), an ending the
    turn without it has already."""
    m = move[1] if move[0] == KEEP else move
    T = pos.T
    a, b = pos.tile[m[1]], pos.tile[m[3]]
    return bool(T.tile_type[a] == T.tile_type[b] and T.tile_class[a] != T.tile_class[b])


def _may_cost_nothing(pos: Position, move: CoreMove, kind: int) -> bool:
    """Whether a tile action may add no plan item (Q5): a rotation, or a swap of two
    tiles of one type, may leave every cell's text as it was (a tile whose features
    turn onto themselves, with its doors and riders; two tiles alike).  Every other
    tile action changes a cell's text: it fills or empties a cell."""
    if kind == ROTATE:
        return True
    if kind != SWAP:
        return False
    m = move[1] if move[0] == KEEP else move
    T = pos.T
    return bool(T.tile_type[pos.tile[m[1]]] == T.tile_type[pos.tile[m[3]]])


def _lands_hideout(pos: Position, move: CoreMove, kind: int, is_hideout: tuple[bool, ...]) -> bool:
    """Whether a hideout tile lies on a cell the tile action touches once it is made:
    the tile placed, moved or rotated, either of two swapped (a moved tile leaves
    its cell empty)."""
    m = move[1] if move[0] == KEEP else move
    if kind == PLACE:
        return bool(is_hideout[m[1]])
    tile = pos.tile
    if kind == SWAP:
        return bool(is_hideout[tile[m[1]]] or is_hideout[tile[m[3]]])
    if kind in (MOVE, ROTATE):
        return bool(is_hideout[tile[m[1]]])
    return True


def _filled(move: CoreMove, kind: int) -> int:
    """The cell a tile action fills (PLACE: its cell; MOVE: its target), else -1."""
    m = move[1] if move[0] == KEEP else move
    if kind == PLACE:
        return int(m[2])
    if kind == MOVE:
        return int(m[2])
    return -1


def _touched(pos: Position, move: CoreMove, kind: int) -> tuple[int, ...]:
    m = move[1] if move[0] == KEEP else move
    T = pos.T
    if kind == PLACE:
        return (m[2],)
    if kind == SWAP:
        return (m[1], m[3])
    if kind == MOVE:
        return (m[1], m[2])
    if kind == ROTATE:
        return (m[1],)
    if kind == DOOR:
        return ((m[1] - T.spot0) // 3,)
    if kind == MOVEDOOR:
        return ((m[1] - T.spot0) // 3, (m[2] - T.spot0) // 3)
    return ()


_FEATURE_TEXT: dict[tuple[Tables, int, int, int], str] = {}


def _feature_text(pos: Position, c: int, f: int) -> str:
    T = pos.T
    t = pos.tile[c]
    r = pos.rot[c]
    key = (T, T.tile_type[t], f, r)
    text = _FEATURE_TEXT.get(key)
    if text is None:
        feature = T.tile_types[t].features[f]
        text = _FEATURE_TEXT[key] = feature.kind.letter + "".join(str(e) for e in feature.rotated(r))
    return text


def _spot_text(pos: Position, s: int) -> str:
    c, f = divmod(s - pos.T.spot0, 3)
    return f"{pos.T.cells[c]} {_feature_text(pos, c, f)}"


_LETTERS: dict[tuple[Any, ...], tuple[str, ...]] = {}


def _cell_text(pos: Position, c: int) -> str | None:
    """:func:`sectionx.games.sectionx.puzzle.tile_text` of the tile on cell ``c`` from the core (None: empty)."""
    T = pos.T
    t = pos.tile[c]
    if t < 0:
        return None
    letters = _LETTERS.get(pos.colours)
    if letters is None:
        letters = _LETTERS[pos.colours] = tuple(colour.letter for colour in pos.colours)
    parts = []
    base = T.spot0 + 3 * c
    door, load, pc = pos.door, pos.load, pos.pc
    for f in range(len(T.tile_types[t].kinds)):
        s = base + f
        text = _feature_text(pos, c, f)
        d = door[s]
        if d >= 0:
            text += "^" + letters[d].lower()
        if load[s]:  # riders, in seat order
            text += "*" + "".join(letters[p] * pc[p][s] for p in range(pos.n) if pc[p][s])
        parts.append(text)
    if len(parts) == 1:
        return parts[0]
    return "+".join(sorted(parts))


__all__ = ["_alike", "_cell_text", "_filled", "_lands_hideout", "_may_cost_nothing", "_touched", "board_before", "describe", "items_of"]
