"""Moves of the search core: their kinds, and conversion to and from engine actions.

A move is a tuple whose first item is its kind; cells, places and tiles in it
are table indices (:mod:`sectionx.games.sectionx.solver.tables`):

==============================================  =====================================
``(TAKE, stack)``                               ``take`` (N1), stack 0-2
``(PLACE, tile, cell, rotation)``               ``place`` (N2)
``(SWAP, a, rotation_a, b, rotation_b)``        ``swap`` (N2, P3)
``(MOVE, source, target, rotation)``            ``move`` (N2, N3)
``(ROTATE, cell, rotation)``                    ``rotate`` (N2)
``(PASS,)``, ``(END,)``                         ``pass``, ``end``
``(STEP, source, target, handin spot or -1)``   ``step`` (M2), with ``handin`` (K1)
``(DOOR, spot)``, ``(MOVEDOOR, source, target)``  ``door``, ``movedoor`` (D2, N4)
``(KEEP, tile move, players, colours)``         a tile action with ``keep`` (D4, D7)
``(REFEREE, action)``                           any engine action, carried out by the engine
==============================================  =====================================

Also here: which ``keep`` priority lists the engine offers for a set of tied
tunnel fights, and what a list settles (D4, D7).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, Final

from ..actions import Action, Choices, End, Move, MoveDoor, Pass, PlaceDoor, PlaceTile, Rotate, Step, Swap, Take
from ..model import Place, PlaceKind
from .position import CoreError
from .tables import CoreMove, Tables

if TYPE_CHECKING:
    from .position import PositionBase

#: Move kinds (first item of every move tuple).
#: (Final: the compiled build inlines them instead of reading the module's globals.)
TAKE: Final = 0
PLACE: Final = 1
SWAP: Final = 2
MOVE: Final = 3
ROTATE: Final = 4
PASS: Final = 5
STEP: Final = 6
DOOR: Final = 7
MOVEDOOR: Final = 8
END: Final = 9
REFEREE: Final = 10
KEEP: Final = 11


# ====================================================================== tunnel fights (D4, D7)


def settle(records: list[Any], keep: tuple[int, ...]) -> tuple[Any, ...] | str:
    """The doors lost in the fights ``records`` describe, with ``keep`` settling ties (D4, D7),
    or why the choice is wrong: "tie" (a tie is left open), or another reason."""
    lost: list[Any] = []
    deciders = set()
    for tied, group in records:
        if len(tied) == 1:
            winner = tied[0]
        else:
            picked = [p for p in keep if p in tied]
            if not picked:
                return "tie"
            winner = picked[0]  # D7: the first listed among the tied keeps its doors
            deciders.add(winner)
        lost += [(p, s) for p, s in group if p != winner]
    if len(set(keep)) != len(keep) or set(keep) - deciders:
        return "'keep' must name each colour once, and only colours that settle a tie"
    return tuple(lost)


def keep_options(ties: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """The 'keep' priority lists the engine offers for these ties (D7): shortest first, then in
    permutation order of the tied players as they first appear; one per different outcome."""
    players = list(dict.fromkeys(p for tied in ties for p in tied))
    seen = set()
    out = []
    for k in range(1, len(players) + 1):
        for order in itertools.permutations(players, k):
            winners = []
            for tied in ties:
                picked = [p for p in order if p in tied]
                if not picked:
                    break
                winners.append(picked[0])
            else:
                outcome = tuple(winners)
                if set(order) <= set(winners) and outcome not in seen:
                    seen.add(outcome)
                    out.append(order)
    return out

# ====================================================================== moves <-> actions


def action_of(T: Tables, move: CoreMove) -> Action:
    """The engine action a move stands for."""
    kind = move[0]
    cells = T.cells
    if kind == TAKE:
        return Take(move[1] + 1)
    if kind == PLACE:
        return PlaceTile(T.ids[move[1]], cells[move[2]], move[3])
    if kind == SWAP:
        return Swap(cells[move[1]], move[2], cells[move[3]], move[4])
    if kind == MOVE:
        return Move(cells[move[1]], cells[move[2]], move[3])
    if kind == ROTATE:
        return Rotate(cells[move[1]], move[2])
    if kind == PASS:
        return Pass()
    if kind == STEP:
        step = Step(T.written_obj[move[1]], T.written_obj[move[2]])
        if move[3] >= 0:
            return step.with_choices(Choices(handin=T.spot_obj[move[3]]))
        return step
    if kind == DOOR:
        return PlaceDoor(T.spot_obj[move[1]])
    if kind == MOVEDOOR:
        return MoveDoor(T.spot_obj[move[1]], T.spot_obj[move[2]])
    if kind == END:
        return End()
    if kind == REFEREE:
        action: Action = move[1]
        return action
    if kind == KEEP:
        return action_of(T, move[1]).with_choices(Choices(keep=move[3]))
    raise CoreError(f"unknown move {move!r}")


def move_of(pos: PositionBase, action: Action) -> tuple[Any, ...]:
    """The core move for an engine action (its legality is not checked).

    A tile action with ``keep`` becomes a ``KEEP`` move (the inner move, the
    priority list as player indices and as colours); any other action with a
    choice the core does not know becomes a ``REFEREE`` move: the engine carries it out.
    """
    T = pos.T
    ci = T.cell_index
    ch = action.choices
    if ch.keep and action.tile_action and ch.handin is None and all(c in pos.colours for c in ch.keep):
        inner = move_of(pos, action.with_choices(Choices()))
        return (KEEP, inner, tuple(pos.colours.index(c) for c in ch.keep), ch.keep)
    if ch.keep or (ch.handin is not None and not isinstance(action, Step)):
        return (REFEREE, action)
    if isinstance(action, Take):
        return (TAKE, action.stack - 1)
    if isinstance(action, PlaceTile):
        return (PLACE, T.id_index[action.tile], ci[action.cell], action.rotation)
    if isinstance(action, Swap):
        return (SWAP, ci[action.a], action.rotation_a, ci[action.b], action.rotation_b)
    if isinstance(action, Move):
        return (MOVE, ci[action.source], ci[action.target], action.rotation)
    if isinstance(action, Rotate):
        return (ROTATE, ci[action.cell], action.rotation)
    if isinstance(action, Pass):
        return (PASS,)
    if isinstance(action, Step):
        src = _written_place(pos, action.source)
        dst = _written_place(pos, action.target)
        return (STEP, src, dst, -1 if ch.handin is None else pos.spot_index(ch.handin))
    if isinstance(action, PlaceDoor):
        return (DOOR, pos.spot_index(action.spot))
    if isinstance(action, MoveDoor):
        return (MOVEDOOR, pos.spot_index(action.source), pos.spot_index(action.target))
    if isinstance(action, End):
        return (END,)
    raise CoreError(f"unknown action {action}")


def _written_place(pos: PositionBase, place: Place) -> int:
    """A place as an action writes it: q,r names a green area when q,r is a green cell."""
    if place.kind is PlaceKind.TILE and place.cell in pos.T.green_index:
        return 1 + pos.T.green_index[place.cell]
    return pos.place_index(place)


__all__ = [
    "DOOR", "END", "KEEP", "MOVE", "MOVEDOOR", "PASS", "PLACE", "REFEREE", "ROTATE", "STEP", "SWAP", "TAKE",
    "action_of", "keep_options", "move_of", "settle",
]
