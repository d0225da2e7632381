"""A solution as people read it: turns, a sentence per action, pictures per turn.

The referee (:mod:`sectionx.games.sectionx.engine`) replays the actions, so every state drawn is
one the rules produce; this module only words them and chooses what to highlight
(the cells of the turn's tile action) and which arrows to draw (each prisoner's
path through the turn).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace as dc_replace

from ...hexgrid import Cell
from . import engine
from .actions import Action, End, Move, MoveDoor, Pass, PlaceDoor, PlaceTile, Rotate, Step, Swap, Take
from .model import Annotations, Arrow, Highlight, Place, PlaceKind, State, green_place
from .render.sheet import TurnPicture

_TURNED = {0: "", 1: ", turned 1 step clockwise"}


def _turned(rotation: int) -> str:
    return _TURNED.get(rotation, f", turned {rotation} steps clockwise")


def _where(place: Place) -> str:
    if place.kind is PlaceKind.ISLAND:
        return "the island"
    if place.kind is PlaceKind.GREEN:
        return f"the green area {place.cell}"
    return str(place)


def sentence(state: State, action: Action) -> str:
    """One line of plain English for ``action`` played in ``state``."""
    who = str(state.current.colour).capitalize()
    if isinstance(action, Take):
        top = state.stacks[action.stack - 1][0] if state.stacks[action.stack - 1] else "?"
        return f"{who} takes {top} from stack {action.stack}."
    if isinstance(action, PlaceTile):
        return f"{who} places {action.tile} on {action.cell}{_turned(action.rotation)}."
    if isinstance(action, Swap):
        a, b = state.tile_at[action.a].tile, state.tile_at[action.b].tile
        return (f"{who} swaps {a} on {action.a} and {b} on {action.b} "
                f"({b} at rotation {action.rotation_a}, {a} at rotation {action.rotation_b}).")
    if isinstance(action, Move):
        tile = state.tile_at[action.source].tile
        return f"{who} moves {tile} from {action.source} to {action.target}{_turned(action.rotation)}."
    if isinstance(action, Rotate):
        tile = state.tile_at[action.cell].tile
        return f"{who} turns {tile} on {action.cell} to rotation {action.rotation}."
    if isinstance(action, Step):
        return f"{who} steps a prisoner from {_where(action.source)} to {_where(action.target)}."
    if isinstance(action, PlaceDoor):
        return f"{who} places a door on {action.spot}."
    if isinstance(action, MoveDoor):
        return f"{who} moves a door from {action.source} to {action.target}."
    if isinstance(action, End):
        return f"{who} ends the turn."
    if isinstance(action, Pass):
        return f"{who} passes."
    return f"{who}: {action}."


def _short(state: State, place: Place) -> str:
    if place.kind is PlaceKind.ISLAND:
        return "island"
    if place.kind is PlaceKind.GREEN or (place.cell is not None and place.cell in state.board.green):
        return f"green {place.cell}"  # a step onto a green area is written as its cell (q,r)
    return str(place)


def _choices(action: Action) -> str:
    c = action.choices
    out = f" (tie: keep {', '.join(str(k) for k in c.keep)})" if c.keep else ""
    return out + (f" (hand in the door on {c.handin} for the key)" if c.handin is not None else "")


def brief(state: State, actions: Sequence[Action]) -> str:
    """One turn as one short sentence, for a card's back where a sentence per action
    (:func:`with_consequences`) does not fit: its clauses joined by "; ", a prisoner's
    consecutive steps as one chain ("step 3,-4 to 4,-4 to green 5,-5"), ``End`` left
    out, every choice the rules leave open kept (D7 ``keep``, K1 hand-in).  What
    follows from the actions (fights, claims, the collapse) is left to the picture."""
    clauses: list[list[str]] = []  # each clause as its words; a chain grows in place
    chain_end: Place | None = None
    for action in actions:
        if isinstance(action, Step) and not action.choices and chain_end == action.source and clauses:
            clauses[-1].append(_short(state, action.target))
            chain_end = action.target
        elif isinstance(action, Step):
            clauses.append(["step " + _short(state, action.source), _short(state, action.target) + _choices(action)])
            chain_end = action.target if not action.choices else None
        else:
            chain_end = None
            text = _clause(state, action)
            if text:
                clauses.append([text + _choices(action)])
        state = engine.apply(state, action)
    text = "; ".join(" to ".join(words) for words in clauses) or "no action"
    return text[0].upper() + text[1:] + "."


def _clause(state: State, action: Action) -> str:
    """:func:`brief`'s words for one action other than a step ("" for ``End``)."""
    if isinstance(action, Take):
        top = state.stacks[action.stack - 1][0] if state.stacks[action.stack - 1] else "?"
        return f"take {top} from stack {action.stack}"
    if isinstance(action, PlaceTile):
        return f"place {action.tile} on {action.cell}{_turned(action.rotation)}"
    if isinstance(action, Swap):
        return f"swap {action.a} and {action.b} (rotations {action.rotation_a}, {action.rotation_b})"
    if isinstance(action, Move):
        return f"move {state.tile_at[action.source].tile} from {action.source} to {action.target}{_turned(action.rotation)}"
    if isinstance(action, Rotate):
        return f"turn {state.tile_at[action.cell].tile} on {action.cell} to rotation {action.rotation}"
    if isinstance(action, PlaceDoor):
        return f"door on {action.spot}"
    if isinstance(action, MoveDoor):
        return f"move the door on {action.source} to {action.target}"
    if isinstance(action, Pass):
        return "no tile action"
    return "" if isinstance(action, End) else str(action)


def with_consequences(before: State, action: Action, after: State) -> str:
    """:func:`sentence`, with the choices the action made (D4 ``keep``, K1 hand-in) and
    what followed from it: doors sent home by a tunnel fight (D4), a zone claimed
    (Z1), the master key gained or lost (K1, K2, K4), the round ended (E1, E2) and
    prisoners lost in the collapse (E3), the game won (E4)."""
    text = sentence(before, action).rstrip(".")
    choices = action.choices
    if choices.keep:
        text += f", settling the tie: keep {', '.join(str(c) for c in choices.keep)} (D7)"
    if choices.handin is not None:
        text += f", handing in the door on {choices.handin} for the master key (K1)"
    notes = [text + "."]
    me = before.current.colour
    for was, now in zip(before.players, after.players, strict=True):
        gone = [d for d in was.doors if d not in now.doors]
        if gone and not isinstance(action, MoveDoor | PlaceDoor) and choices.handin is None:
            notes.append(f"{str(was.colour).capitalize()}'s door on {', '.join(str(d) for d in gone)} "
                         f"goes home (tunnel fight, D4).")
        if was.key != now.key and after.round == before.round:
            verb = "gains" if now.key else "loses"
            notes.append(f"{str(was.colour).capitalize()} {verb} the master key ({'K1' if now.key else 'K2'}).")
    for name, owner in after.zones:
        if before.zone_owner.get(name) != owner:
            notes.append(f"{str(owner).capitalize()} claims zone {name} (Z1).")
    if after.round != before.round or after.finished:
        notes.append("The round ends (E1, E2) and the tunnels collapse (E3)." if not after.finished
                     else "The game is over (E4, E5).")
        for was, now in zip(before.players, after.players, strict=True):
            lost = now.count(PlaceKind.DEAD) - was.count(PlaceKind.DEAD)
            if lost:
                notes.append(f"{str(was.colour).capitalize()} loses {lost} prisoner{'s' if lost != 1 else ''} "
                             f"in the collapse (E3).")
        if after.player_by_colour[me].key != before.player_by_colour[me].key:
            verb = "gains" if after.player_by_colour[me].key else "loses"
            notes.append(f"{str(me).capitalize()} {verb} the master key (K1, K5).")
    return " ".join(notes)


def before_collapse(state: State, action: Action) -> State:
    """The board as ``action`` left it just before the round ended (E1, E2) and the
    tunnels collapsed (E3), for a picture: a step's prisoner on its new place and the
    zone it claims (Z1); any other action that ends a round (``end``, a door action
    after the last tile was taken, E2) changes nothing worth drawing."""
    if not isinstance(action, Step):
        return state
    me = state.current
    prisoners = list(me.prisoners)
    prisoners.remove(action.source)
    target = action.target
    if target.kind is PlaceKind.TILE and target.cell in state.board.green:
        target = green_place(target.cell)  # a green area written as q,r
    prisoners.append(target)
    zones = state.zones
    if target.kind is PlaceKind.GREEN and target.cell is not None:
        zone = state.board.zone_of_cell[target.cell]
        if zone not in state.zone_owner:
            zones = tuple(sorted((*zones, (zone, me.colour))))
    players = tuple(dc_replace(p, prisoners=tuple(sorted(prisoners))) if p.colour == me.colour else p
                    for p in state.players)
    return state.replace(players=players, zones=zones)


def _tile_cells(action: Action) -> tuple[Cell, ...]:
    if isinstance(action, PlaceTile | Rotate):
        return (action.cell,)
    if isinstance(action, Swap):
        return (action.a, action.b)
    if isinstance(action, Move):
        return (action.source, action.target)
    return ()


def _cell_of(state: State, place: Place, towards: Cell | None) -> Cell:
    """The cell an arrow starts or ends at: the island's cell next to ``towards``."""
    if place.kind is PlaceKind.ISLAND:
        island = sorted(state.board.island)
        near = [c for c in island if towards is not None and c.distance(towards) == 1]
        return (near or island)[0]
    assert place.cell is not None
    return place.cell


def turn_pictures(state: State, turns: Sequence[Sequence[Action]], colour: str | None = None) -> list[TurnPicture]:
    """Replay ``turns`` (each the actions of one turn, in order) from ``state`` and
    describe each: the state after it, a highlight on every cell its tile action
    touched and on doors placed, an arrow per prisoner path, a sentence per action
    (``End`` is left out: the picture shows a turn's end) and the turn in brief
    (:func:`brief`)."""
    out: list[TurnPicture] = []
    for number, actions in enumerate(turns, start=1):
        short = brief(state, actions)
        shown: State | None = None  # the picture, when the turn's end cleared the board (E3)
        lines: list[str] = []
        highlights: list[Highlight] = []
        paths: list[list[Cell]] = []
        ends: dict[int, Place] = {}  # path index -> where its prisoner stands now
        for action in actions:
            after = engine.apply(state, action)
            if not isinstance(action, End):
                lines.append(with_consequences(state, action, after))
            if after.round != state.round or (after.finished and not state.finished):
                shown = before_collapse(state, action)
            for cell in _tile_cells(action):
                highlights.append(Highlight(cell))
            if isinstance(action, PlaceDoor | MoveDoor):
                highlights.append(Highlight(action.spot.cell if isinstance(action, PlaceDoor) else action.target.cell))
            if isinstance(action, Step):
                target = _cell_of(state, action.target, None)
                index = next((i for i, p in ends.items() if p == action.source), None)
                if index is None:
                    paths.append([_cell_of(state, action.source, target), target])
                    ends[len(paths) - 1] = action.target
                else:
                    paths[index].append(target)
                    ends[index] = action.target
            state = after
        arrows = tuple(Arrow(tuple(p), colour) for p in paths)
        seen: dict[Cell, Highlight] = {}
        for h in highlights:
            seen.setdefault(h.cell, h)
        out.append(TurnPicture(number, shown or state, Annotations((), arrows, tuple(seen.values()), ""), tuple(lines),
                               short))
    return out
