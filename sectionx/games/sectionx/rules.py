"""The referee: tunnels, and the checks that a board, tile set or state obeys the rules.

Every check returns :class:`~sectionx.games.sectionx.model.Problem` values, each with the ruling
id it enforces (``docs/rules.md``, the technical reference with its "Index of rule
ids"; the players' rulebook texts ``rulebook/rules-*.md`` state the same rules) and the
subject it concerns; :mod:`sectionx.games.sectionx.formats` turns subjects into file positions.
All problems are reported, never only the first.

A state is checked for the invariants that hold *between* actions.  Rules that
only restrict an action (for example D2's "not on a feature holding another
player's prisoner", which a master-key holder may later make true by walking in)
are the action generator's job, not this module's state checks.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import cached_property

from ...colours import Colour
from ...console import plural
from ...errors import Problem, Subject
from ...hexgrid import EDGE_NAMES, SIDES, Cell, opposite
from .model import (
    DOORS,
    HAND_LIMIT,
    ISLAND,
    OPENING_COUNTS,
    PRISONERS,
    STACKS,
    TILE_COUNT,
    Board,
    Catalogue,
    FeatureKind,
    Goal,
    GoalKind,
    Place,
    PlaceKind,
    PlayerState,
    Scenario,
    Spot,
    State,
    TileType,
    Turn,
    tile_place,
)

#: Most prisoner steps in one turn, and per prisoner (M3).
STEP_BUDGET = 5
STEPS_PER_PRISONER = 2


# --------------------------------------------------------------------------- tunnels


@dataclass(frozen=True)
class Tunnels:
    """The tunnels of a state (D1): connected groups of features.

    Features join when both open onto the edge two adjacent tiles share.  The
    island and the green areas never join tunnels (D1).
    """

    component: dict[Spot, int]

    @cached_property
    def members(self) -> dict[int, tuple[Spot, ...]]:
        groups: dict[int, list[Spot]] = defaultdict(list)
        for spot, cid in self.component.items():
            groups[cid].append(spot)
        return {cid: tuple(sorted(spots)) for cid, spots in groups.items()}

    def of(self, spot: Spot) -> tuple[Spot, ...]:
        return self.members[self.component[spot]]

    def length(self, spot: Spot) -> int:
        """Number of tiles the tunnel through ``spot`` touches (D1)."""
        return len({s.cell for s in self.of(spot)})


def tunnels(state: State) -> Tunnels:
    """Group every feature on the board into tunnels (D1).

    Computed once per state: the result is kept on the state, as a
    cached_property would (states never change, so it cannot go stale)."""
    cached = state.__dict__.get("_tunnels")
    if cached is None:
        cached = state.__dict__["_tunnels"] = _tunnels(state)
    return cached


def _tunnels(state: State) -> Tunnels:
    parent: dict[tuple[Cell, int], tuple[Cell, int]] = {}

    def find(s: tuple[Cell, int]) -> tuple[Cell, int]:
        while parent[s] != s:
            parent[s] = parent[parent[s]]
            s = parent[s]
        return s

    tile_at = state.tile_at
    cat = state.catalogue
    neighbours = state.board.neighbour_table
    # Plain (cell, feature) tuples inside: they hash and compare equal to Spot.
    for cell, placed in state.tiles:
        if placed.tile in cat:
            for i in range(len(cat[placed.tile].features)):
                parent[(cell, i)] = (cell, i)
    for cell, placed in state.tiles:
        if placed.tile not in cat:
            continue
        tile = cat[placed.tile]
        around = neighbours.get(cell) or cell.neighbours()
        # Each shared edge once: only look east, south-east and south-west.
        for edge in (0, 1, 2):
            mine = tile.feature_at(edge, placed.rotation)
            if mine is None:
                continue
            other_placed = tile_at.get(around[edge])
            if other_placed is None or other_placed.tile not in cat:
                continue
            theirs = cat[other_placed.tile].feature_at(edge + 3, other_placed.rotation)
            if theirs is not None:
                a, b = find((cell, mine)), find((around[edge], theirs))
                if a != b:
                    parent[a] = b
    roots: dict[tuple[Cell, int], int] = {}
    component = {}
    for key in sorted(parent):
        component[Spot(*key)] = roots.setdefault(find(key), len(roots))
    return Tunnels(component)


# --------------------------------------------------------------------------- boards


def _connected(cells: frozenset[Cell]) -> bool:
    if not cells:
        return True
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        for n in todo.pop().neighbours():
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def check_board(board: Board) -> list[Problem]:
    """A board is consistent: island and green cells on it and apart, zones cover green (G2, G3)."""
    out = []
    for kind, cells in (("island", board.island), ("green", board.green)):
        for c in sorted(cells):
            if c not in board.cells:
                out.append(Problem("G2", f"{kind} cell {c} is not on the board", (f"board-{kind}", c)))
    for c in sorted(board.island & board.green):
        out.append(Problem("G2", f"cell {c} cannot be both island and green", ("board-green", c)))
    if not _connected(board.island):
        out.append(Problem("G3", "the island cells must form one connected area: for movement the island is one place", ("board-island",)))
    if not board.tile_cells:
        out.append(Problem("G2", "the board has no cells left for tiles", ("board",)))
    seen: dict[Cell, str] = {}
    for zone in board.zones:
        for c in zone.cells:
            if c not in board.green:
                out.append(Problem("G2", f"zone {zone.name} lists {c}, which is not a green cell", ("board-zone-cell", zone.name, c)))
            elif c in seen:
                out.append(Problem("G2", f"green cell {c} is in zones {seen[c]} and {zone.name}; each belongs to one", ("board-zone-cell", zone.name, c)))
            seen.setdefault(c, zone.name)
    for c in sorted(board.green - set(seen)):
        out.append(Problem("G2", f"green cell {c} belongs to no free zone", ("board-green", c)))
    return out


# --------------------------------------------------------------------------- tiles


def _crosses(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """Whether two features drawn on one flat tile must cross (T4)."""
    for i in range(len(a)):
        for j in range(i + 1, len(a)):
            lo, hi = a[i], a[j]
            inside = [lo < e < hi for e in b]
            if any(inside) and not all(inside):
                return True
    return False


def check_tile(tile: TileType) -> list[Problem]:
    """One tile's features are well formed (T1) and drawable without crossings (T4)."""
    out = []
    subject = ("catalogue-tile", tile.id)
    if not 1 <= len(tile.features) <= 3:
        out.append(Problem("T1", f"tile {tile.id} has {len(tile.features)} features; a tile carries 1 to 3", subject))
    used: Counter[int] = Counter()
    for f in tile.features:
        allowed = OPENING_COUNTS[f.kind]
        if len(f.openings) not in allowed:
            want = f"{allowed.start}" if len(allowed) == 1 else f"{allowed.start} to {allowed.stop - 1}"
            out.append(Problem("T1", f"tile {tile.id}: {f.kind} {f} has {len(f.openings)} openings; a {f.kind} has {want}", subject))
        used.update(f.openings)
    for edge, n in sorted(used.items()):
        if n > 1:
            out.append(Problem("T1", f"tile {tile.id}: edge {edge} opens into {n} features; features of one tile do not connect", subject))
    for i, a in enumerate(tile.features):
        for b in tile.features[i + 1 :]:
            if _crosses(a.openings, b.openings):
                out.append(Problem("T4", f"tile {tile.id}: features {a} and {b} would cross on a flat tile", subject))
    return out


def check_catalogue(catalogue: Catalogue) -> list[Problem]:
    """The tile set: 54 tiles with distinct ids (T3), each well formed (T1, T4)."""
    out = []
    counts = Counter(t.id for t in catalogue.tiles)
    for tid, n in sorted(counts.items()):
        if n > 1:
            out.append(Problem("T3", f"tile id {tid} is used {n} times; ids must be distinct", ("catalogue-tile", tid)))
    if len(catalogue.tiles) != TILE_COUNT:
        out.append(Problem("T3", f"the tile set has {plural(len(catalogue.tiles), 'tile')}; the game has {TILE_COUNT}", ("catalogue",)))
    for tile in catalogue.tiles:
        out.extend(check_tile(tile))
    return out


# --------------------------------------------------------------------------- states


def key_condition(state: State, player: PlayerState) -> bool:
    """Whether ``player`` qualifies for the master key (K1, K3).

    No prisoner on the island, none on a tunnel, junction or dead end, and the
    prisoners still in play in at most two hideouts, at least one of them (K3).
    """
    hideouts = set()
    for p in player.prisoners:
        if p.kind is PlaceKind.ISLAND:
            return False
        if p.kind is PlaceKind.TILE:
            if p.cell not in state.tile_at or _feature_kind(state, p.spot) is not FeatureKind.HIDEOUT:
                return False
            hideouts.add(p.spot)
    return 1 <= len(hideouts) <= 2


def _feature_kind(state: State, spot: Spot) -> FeatureKind | None:
    placed = state.tile_at.get(spot.cell)
    if placed is None or placed.tile not in state.catalogue:
        return None
    features = state.catalogue[placed.tile].features
    return features[spot.feature].kind if spot.feature < len(features) else None


def _spot_problem(state: State, spot: Spot, what: str) -> str | None:
    """Why ``spot`` names no feature of a board tile, or None when it does."""
    placed = state.tile_at.get(spot.cell)
    if placed is None:
        if spot.cell in state.board.island:
            return f"{what} {spot.cell} is an island cell, not a tile"
        if spot.cell not in state.board.cells:
            return f"{what} {spot.cell}: that cell is not on the {state.board.name} board"
        return f"{what} {spot.cell}: there is no tile on that cell"
    if placed.tile not in state.catalogue:
        return None  # reported as an unknown tile already
    n = len(state.catalogue[placed.tile].features)
    if spot.feature >= n:
        return f"{what} {spot}: tile {placed.tile} has {n} feature{'s' if n > 1 else ''} (numbered from 0)"
    return None


def check_state(state: State, *, puzzle: bool = False) -> list[Problem]:
    """Every rule a position breaks, each with its ruling id (see module docstring)."""
    out: list[Problem] = []
    for p in state.players:
        if len(p.prisoners) != PRISONERS:
            out.append(Problem("S1", f"{p.colour} has {plural(len(p.prisoners), 'prisoner')}; every player has {PRISONERS}", ("prisoners", p.colour)))
    if len(set(state.colours)) != len(state.colours) or not 2 <= len(state.players) <= 4:
        out.append(Problem("S1", "a game has 2 to 4 players of different colours", ("players",)))
    out += _check_tiles(state, puzzle)
    out += _check_matching(state)
    out += _check_prisoners(state)
    out += _check_doors(state)
    out += _check_zones(state)
    out += _check_keys(state)
    out += _check_round(state, puzzle)
    out += _check_turn(state)
    return out


def _check_tiles(state: State, puzzle: bool) -> list[Problem]:
    out = []
    board, cat = state.board, state.catalogue
    for cell, placed in state.tiles:
        subject = ("tile", cell)
        if cell not in board.cells:
            out.append(Problem("G2", f"tile {placed.tile} lies on {cell}, which is not on the {board.name} board", subject))
        elif cell in board.island:
            out.append(Problem("P1", f"tile {placed.tile} lies on island cell {cell}; no tile may lie on the island", subject))
        elif cell in board.green:
            out.append(Problem("P1", f"tile {placed.tile} lies on green cell {cell}; no tile may lie on a green area", subject))
    where: dict[str, list[str]] = defaultdict(list)
    for cell, placed in state.tiles:
        where[placed.tile].append(f"on {cell}")
    for p in state.players:
        for tid in p.hand:
            where[tid].append(f"in {p.colour}'s hand")
        if len(p.hand) > HAND_LIMIT:
            out.append(Problem("N1", f"{p.colour} holds {len(p.hand)} tiles; a player holds at most {HAND_LIMIT}", ("hand", p.colour)))
    for i, stack in enumerate(state.stacks):
        for tid in stack:
            where[tid].append(f"in stack {i + 1}")
    for tid in state.out:
        where[tid].append("out of play")
    for tid, places in sorted(where.items()):
        if tid not in cat:
            out.append(Problem("T3", f"there is no tile {tid} in the {cat.name} tile set", ("tile-id", tid)))
        elif len(places) > 1:
            out.append(Problem("T3", f"tile {tid} is in {len(places)} places ({', '.join(places)}); each tile is in one", ("tile-id", tid)))
    missing = [t for t in cat.ids if t not in where]
    if missing:
        shown = ", ".join(missing[:8]) + (" ..." if len(missing) > 8 else "")
        out.append(Problem("T3", f"{plural(len(missing), 'tile')} {'is' if len(missing) == 1 else 'are'} nowhere ({shown}); every tile is on the board, in a hand or in a stack", ("stacks",)))
    if state.out and not puzzle:
        out.append(Problem("Q3", "only a puzzle may set tiles out of play", ("out",)))
    return out


def _check_matching(state: State) -> list[Problem]:
    """P1: where two tiles touch, opening faces opening and rock faces rock."""
    out = []
    tile_at, cat = state.tile_at, state.catalogue
    for cell, placed in state.tiles:
        if placed.tile not in cat:
            continue
        mine = cat[placed.tile].open_edges(placed.rotation)
        for edge in (0, 1, 2):
            other = cell.neighbour(edge)
            if other not in tile_at or tile_at[other].tile not in cat:
                continue
            theirs = cat[tile_at[other].tile].open_edges(tile_at[other].rotation)
            a, b = edge in mine, opposite(edge) in theirs
            if a != b:
                opener, rock = (placed, tile_at[other]) if a else (tile_at[other], placed)
                at = (cell if a else other)
                toward = EDGE_NAMES[edge if a else opposite(edge)]
                out.append(
                    Problem(
                        "P1",
                        f"tile {opener.tile} on {at} opens {toward} onto rock of tile {rock.tile}; "
                        "where tiles touch, openings must face openings",
                        ("tile", other),
                    )
                )
    return out


def _check_prisoners(state: State) -> list[Problem]:
    out = []
    load: Counter[Spot] = Counter()
    owner = state.zone_owner
    for p in state.players:
        for place in p.prisoners:
            subject = ("prisoner", p.colour, place)
            if place.kind is PlaceKind.TILE:
                why = _spot_problem(state, place.spot, f"{p.colour} prisoner on")
                if why:
                    out.append(Problem("M1", why, subject))
                elif state.tile_at[place.at].tile in state.catalogue:  # unknown tiles: T3 says so
                    load[place.spot] += 1
            elif place.kind is PlaceKind.GREEN:
                zone = state.board.zone_of_cell.get(place.at)
                if zone is not None and zone in owner and owner[zone] != p.colour:
                    out.append(Problem("Z2", f"{p.colour} prisoner on green cell {place.cell} of zone {zone}, which "
                                       f"{owner[zone]} owns; no other player's prisoner may enter it", subject))
                elif zone is not None and zone not in owner:
                    out.append(Problem("Z1", f"{p.colour} prisoner on green cell {place.cell} of zone {zone}, but nobody "
                                       "owns it; the first prisoner to enter a zone claims it: add it to zones", subject))
    for spot, n in sorted(load.items()):
        feature = state.feature(spot)
        if n > feature.capacity:
            colours = [p.colour.value for p in state.players for pl in p.prisoners if pl.kind is PlaceKind.TILE and pl.spot == spot]
            out.append(
                Problem("T2", f"{n} prisoners ({', '.join(colours)}) on the {feature.kind} at {spot}; it holds {feature.capacity}",
                        ("prisoner", Colour(colours[-1]), spot_place(spot)))
            )
    return out


def spot_place(spot: Spot) -> Place:
    return tile_place(spot.cell, spot.feature)


def _check_doors(state: State) -> list[Problem]:
    out = []
    holders: dict[Spot, Colour] = {}
    good: list[tuple[Colour, Spot]] = []
    for p in state.players:
        for spot in p.doors:
            subject = ("door", p.colour, spot)
            why = _spot_problem(state, spot, f"{p.colour} door on")
            if why:
                out.append(Problem("D2", why, subject))
                continue
            kind = _feature_kind(state, spot)
            if kind is not None and not kind.takes_door:
                out.append(Problem("D2", f"{p.colour} door on the {kind} at {spot}; doors stand only on tunnels and dead ends", subject))
                continue
            if spot in holders:
                repeat = subject + (1,) if holders[spot] == p.colour else subject
                out.append(Problem("D5", f"{p.colour} door on {spot}, where {holders[spot]} already has a door; a feature holds one door", repeat))
                continue
            holders[spot] = p.colour
            good.append((p.colour, spot))
        if len(p.doors) > DOORS:
            out.append(Problem("D2", f"{p.colour} has {len(p.doors)} doors on the board; each player has {DOORS}", ("doors",)))
        elif len(p.doors) + p.key > DOORS:
            out.append(Problem("K1", f"{p.colour} holds the master key and has {plural(len(p.doors), 'door')} on the board; "
                               "the key costs one of the two doors", ("key", p.colour)))
    if good:
        t = tunnels(state)
        first: dict[int, tuple[Colour, Spot]] = {}
        for colour, spot in good:
            cid = t.component.get(spot)
            if cid is None:
                continue
            if cid in first and first[cid][0] != colour:
                other, where = first[cid]
                out.append(Problem("D2", f"{colour} door on {spot} is in the same tunnel as {other}'s door on {where}; "
                                   "a tunnel holds one player's doors", ("door", colour, spot)))
            first.setdefault(cid, (colour, spot))
    return out


def _check_zones(state: State) -> list[Problem]:
    owners = set(state.zone_owner.values())
    unowned = len(state.board.zones) - len(state.zone_owner)
    without = [c for c in state.colours if c not in owners]
    if unowned < len(without):
        return [Problem("Z1", f"{plural(unowned, 'free zone')} left for {plural(len(without), 'player')} without one "
                        f"({', '.join(map(str, without))}); every player must keep a zone to claim", ("zones",))]
    return []


def _check_keys(state: State) -> list[Problem]:
    out = []
    for p in state.players:
        on_island = p.count(PlaceKind.ISLAND)
        if p.key and on_island:
            out.append(Problem("K2", f"{p.colour} holds the master key with {plural(on_island, 'prisoner')} on the island; "
                               "the key is lost when a prisoner reaches the island", ("key", p.colour)))
        elif not p.key and not state.finished and key_condition(state, p):
            out.append(Problem("K1", f"{p.colour} has every prisoner in play in at most two hideouts and none on the island "
                               "or in a tunnel, so holds the master key; add it to keys", ("prisoners", p.colour)))
    return out


def _check_round(state: State, puzzle: bool) -> list[Problem]:
    out = []
    reached = [p for p in state.players if p.freed >= state.target]
    can_reach = [p for p in state.players if p.freed + p.available >= state.target]
    if not state.finished:
        for p in state.players:
            green = p.count(PlaceKind.GREEN)
            if green >= state.discovery:
                out.append(Problem("E1", f"{p.colour} has {plural(green, 'prisoner')} on green areas; the round ended at {state.discovery}",
                                   ("prisoners", p.colour)))
        for p in reached:
            out.append(Problem("E4", f"{p.colour} has {p.freed} freed prisoners; the game ended at {state.target}",
                               ("prisoners", p.colour)))
        if not can_reach:
            out.append(Problem("E5", f"no player can still free {state.target} prisoners; the game is over", ("players",)))
        elif len(can_reach) < len(state.players) and not state.last_round and not puzzle:
            out.append(Problem("E5", "a player can no longer free enough prisoners, so this must be the last round; "
                               "add last_round: true", ("players",)))
        if not puzzle and not any(state.stacks) and not state.turn.round_ends:
            out.append(Problem("E2", "the stacks are empty, so the round ended when the last tile was taken", ("stacks",)))
    elif set(state.ranking) != set(state.colours):
        out.append(Problem("E5", "the ranking must list every player once", ("ranking",)))
    elif reached and state.ranking[0] not in {p.colour for p in reached}:
        out.append(Problem("E4", f"{reached[0].colour} freed {state.target} prisoners and wins; the ranking must start with them",
                           ("ranking",)))
    elif not reached and can_reach and not state.last_round:
        out.append(Problem("E5", "the game cannot be over: a player can still free enough prisoners and "
                           "this is not the last round", ("ranking",)))
    if state.last_round and len(can_reach) == len(state.players):
        out.append(Problem("E5", "last_round is set, but every player can still free enough prisoners", ("last_round",)))
    if state.turn.round_ends and any(state.stacks):
        out.append(Problem("E2", "round_ends is set, but tiles are left in the stacks", ("turn",)))
    return out


def _check_turn(state: State) -> list[Problem]:
    out = []
    t = state.turn
    if not 0 <= t.player < len(state.players):
        return [Problem("S1", "the player to move is not playing", ("turn",))]
    if t.moved and t.phase < 3 and not (state.advanced and t.phase == 2):
        out.append(Problem("N4", f"prisoners moved in phase {t.phase}; they move in phase 3"
                           + (" (or phase 2 in the advanced game, V2)" if not state.advanced else ""), ("turn",)))
    if t.door_action and t.phase < 2:
        out.append(Problem("N4", "door_action is set in phase 1; doors belong to phase 3", ("turn",)))
    elif t.door_action and not state.advanced and not state.finished:
        out.append(Problem("N4", "in the standard game a door action ends the turn; door_action cannot be set", ("turn",)))
    if t.tile_action and t.phase < 2:
        out.append(Problem("N2", "tile_action is set in phase 1; the tile action is phase 2", ("turn",)))
    if t.steps > STEP_BUDGET:
        out.append(Problem("M3", f"prisoners used {t.steps} steps this turn; the budget is {STEP_BUDGET}", ("turn",)))
    player = state.current
    have = Counter(player.prisoners)
    wanted = Counter(place for place, _ in t.moved)
    for place, n in sorted(wanted.items()):
        if have[place] < n:
            out.append(Problem("M3", f"{plural(n, 'moved prisoner')} {'stands' if n == 1 else 'stand'} on {place}, but {player.colour} "
                               f"has {have[place]} there",
                               ("moved", place)))
    return out


def claim_allowed(state: State, colour: Colour, zone: str) -> bool:
    """Z1: ``colour`` may enter ``zone``: it owns it, or claiming it leaves every
    other player a zone owned or claimable (the clarification of Z1)."""
    owner = state.zone_owner
    if zone in owner:
        return owner[zone] == colour
    after = dict(owner)
    after[zone] = colour
    unowned = len(state.board.zones) - len(after)
    without = [c for c in state.colours if c not in after.values()]
    return unowned >= len(without)


# --------------------------------------------------------------------------- set-up


def new_game(
    colours: tuple[Colour, ...],
    board: Board,
    catalogue: Catalogue,
    rng: random.Random,
    *,
    advanced: bool = False,
) -> State:
    """The position before the first turn (S2).

    Every prisoner stands in its cell block on the island, doors are in hand,
    the tiles are shuffled into three stacks as equal as can be, and the start
    player is drawn by lot.  The same ``rng`` state gives the same position.
    """
    if not 2 <= len(colours) <= 4 or len(set(colours)) != len(colours):
        raise ValueError("a game has 2 to 4 players of different colours (S1)")
    tiles = list(catalogue.ids)
    rng.shuffle(tiles)
    stacks = tuple(tuple(tiles[i::STACKS]) for i in range(STACKS))
    players = tuple(PlayerState(c, (ISLAND,) * PRISONERS) for c in colours)
    start = rng.randrange(len(colours))
    return State(board, catalogue, players, stacks=stacks, turn=Turn(player=start), advanced=advanced)


# --------------------------------------------------------------------------- puzzles


def check_goal(state: State, goal: Goal) -> list[Problem]:
    """A puzzle's goal can be met in principle (Q1), by the player to move (Q2).

    What "met" means is Q4 (:func:`sectionx.games.sectionx.puzzle.goal_met`); here each kind is
    refused when it is met already or can never be met: ``free`` asks for more
    prisoners than are in play, or than can be freed before the player wins (E4);
    ``hide`` and ``key`` need a prisoner in play (K3); ``zone`` names a zone of
    the board that nobody else owns and the player may claim (Z1, Z2).  Each part
    of an ``all`` goal is checked the same way, except that a part may hold
    already as long as not every part does.
    """
    player = state.player_by_colour.get(goal.player) if goal.player else state.current
    if player is None:
        return [Problem("Q1", f"the goal is for {goal.player}, who is not playing", ("goal", "player"))]
    if state.finished:
        return [Problem("Q1", "the game is over, so no goal can be met any more", ("goal",))]
    out = []
    if 0 <= state.turn.player < len(state.players) and state.current.colour != player.colour:
        out.append(Problem("Q2", f"the goal is {player.colour}'s, but it is {state.current.colour}'s turn; only the goal's "
                           "player takes turns in a puzzle, so it starts on their turn", ("goal", "player")))
    if goal.kind is GoalKind.ALL:
        if not goal.parts:
            out.append(Problem("Q1", "an all goal lists the goals that must hold at once; it has none", ("goal", "all")))
        held = [_check_part(state, player, part, ("goal", "all", i), out) for i, part in enumerate(goal.parts)]
        if goal.parts and all(held):
            out.append(Problem("Q1", "every part of the goal holds already; the goal is met", ("goal", "all")))
    elif _check_part(state, player, goal, ("goal",), out):
        out.append(_met_already(player, goal))
    return out


def _check_part(state: State, player: PlayerState, goal: Goal, where: Subject, out: list[Problem]) -> bool:
    """Append to ``out`` why ``goal`` (one simple kind) can never be met; return whether it holds already."""
    who = player.colour
    if goal.kind is GoalKind.FREE:
        # Q4 counts prisoners that reach green areas after the start; the game ends
        # at the target (E4), so no more than target - freed can still arrive.
        left = state.target - player.freed
        if goal.count > player.available:
            out.append(Problem("Q1", f"the goal asks for {plural(goal.count, 'prisoner')} on green areas, but {who} has only "
                               f"{player.available} in play", where + ("count",)))
        elif goal.count > left:
            out.append(Problem("Q1", f"the goal asks for {plural(goal.count, 'prisoner')} on green areas, but {who} wins after "
                               f"{left} more (E4)", where + ("count",)))
        return False
    if goal.kind is GoalKind.HIDE:
        if not player.available:
            out.append(Problem("Q1", f"{who} has no prisoner in play to hide", where + ("kind",)))
            return False
        return hidden(state, player)
    if goal.kind is GoalKind.KEY:
        if player.key:
            return True
        if not player.available:
            out.append(Problem("Q1", f"{who} has no prisoner in play, so can never hold the key (K3)", where + ("kind",)))
        return False
    if goal.kind is GoalKind.ZONE:
        zone = goal.zone
        if zone is None:
            out.append(Problem("Q1", "a zone goal names the zone to claim", where + ("kind",)))
            return False
        if zone not in state.board.zone_by_name:
            known = ", ".join(z.name for z in state.board.zones)
            out.append(Problem("Q1", f"the board has no free zone {zone!r}; its zones are {known}", where + ("zone",)))
            return False
        owner = state.zone_owner.get(zone)
        if owner == who:
            return True
        if owner is not None:
            out.append(Problem("Q1", f"zone {zone} belongs to {owner}; {who} can never enter it (Z2)", where + ("zone",)))
        elif not claim_allowed(state, who, zone):
            out.append(Problem("Q1", f"{who} may not claim zone {zone}: it would leave a player without a zone to claim "
                               "(Z1), and in a puzzle nobody else claims one", where + ("zone",)))
        elif not player.available:
            out.append(Problem("Q1", f"{who} has no prisoner in play to claim zone {zone}", where + ("kind",)))
        return False
    out.append(Problem("Q1", "an all goal cannot be a part of another goal; list its parts instead", where + ("kind",)))
    return False


def _met_already(player: PlayerState, goal: Goal) -> Problem:
    who = player.colour
    text = {
        GoalKind.HIDE: f"every {who} prisoner in play is already in a hideout or on the island; the goal is met",
        GoalKind.KEY: f"{who} already holds the master key",
        GoalKind.ZONE: f"{who} already owns zone {goal.zone}; the goal is met",
    }[goal.kind]
    return Problem("Q1", text, ("goal", "zone" if goal.kind is GoalKind.ZONE else "kind"))


def hidden(state: State, player: PlayerState) -> bool:
    """Whether every prisoner of ``player`` still in play is on the island or in a hideout."""
    return all(p.kind is PlaceKind.ISLAND or (p.kind is PlaceKind.TILE and _feature_kind(state, p.spot) is FeatureKind.HIDEOUT)
               for p in player.prisoners if p.in_play)


def check_scenario(scenario: Scenario) -> list[Problem]:
    """Board, tile set, state and goal, all problems together."""
    state = scenario.state
    out = check_board(state.board) + check_catalogue(state.catalogue)
    out += check_state(state, puzzle=scenario.is_puzzle)
    if scenario.goal is not None:
        out += check_goal(state, scenario.goal)
    return out


__all__ = [
    "SIDES",
    "Tunnels",
    "check_board",
    "check_catalogue",
    "check_goal",
    "check_scenario",
    "check_state",
    "check_tile",
    "claim_allowed",
    "hidden",
    "key_condition",
    "new_game",
    "tunnels",
]
