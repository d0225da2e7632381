"""Hypothesis strategies: random states that obey every state rule.

The generator builds states the way play could leave them: tiles that match
their neighbours (P1), prisoners within capacity (T2), green prisoners only in
zones their player owns (Z1), doors on tunnels and dead ends with one player per
tunnel (D2, D5), master keys exactly where K1 gives them, and counts that keep
the round and the game running (E1, E4, E5).  ``rules.check_state`` must find
nothing wrong with any of them; that is tested too.
"""

from __future__ import annotations

from hypothesis import strategies as st

from sectionx.colours import COLOURS
from sectionx.games.sectionx import formats, rules
from sectionx.games.sectionx.model import (
    DEAD,
    DOORS,
    FREED,
    HAND_LIMIT,
    ISLAND,
    PRISONERS,
    STACKS,
    FeatureKind,
    Goal,
    GoalKind,
    Placed,
    PlayerState,
    Spot,
    State,
    Turn,
    green_place,
    tile_place,
)


def _fits(state_tiles: dict, catalogue, board, cell, placed) -> bool:
    tile = catalogue[placed.tile]
    mine = tile.open_edges(placed.rotation)
    for edge in range(6):
        other = cell.neighbour(edge)
        if other in state_tiles:
            o = state_tiles[other]
            theirs = catalogue[o.tile].open_edges(o.rotation)
            if (edge in mine) != ((edge + 3) % 6 in theirs):
                return False
    return True


@st.composite
def states(draw, max_tiles: int = 20) -> State:
    n = draw(st.integers(2, 4))
    colours = tuple(draw(st.permutations(COLOURS))[:n])
    board = formats.bundled_board(draw(st.sampled_from(["standard", "compact"])))
    catalogue = formats.bundled_catalogue()
    advanced = draw(st.booleans())
    target = 7 if advanced else 5
    discovery = 2 if n == 2 else 3

    ids = list(draw(st.permutations(catalogue.ids)))
    cells = draw(st.lists(st.sampled_from(board.sorted_tile_cells), unique=True, max_size=max_tiles))
    tiles: dict = {}
    for cell in cells:
        placed = Placed(ids[-1], draw(st.integers(0, 5)))
        if _fits(tiles, catalogue, board, cell, placed):
            tiles[cell] = placed
            ids.pop()

    hands = []
    for _ in colours:
        k = draw(st.integers(0, HAND_LIMIT))
        hands.append(tuple(ids[:k]))
        del ids[:k]
    # Keep at least one tile in the stacks, so the round is not over (E2).
    cut1 = draw(st.integers(0, len(ids) - 1))
    cut2 = draw(st.integers(cut1, len(ids) - 1))
    stacks = (tuple(ids[:cut1]), tuple(ids[cut1:cut2]), tuple(ids[cut2:]))
    assert len(stacks) == STACKS

    base = State(board, catalogue, tuple(PlayerState(c, (ISLAND,) * PRISONERS) for c in colours), tuple(sorted(tiles.items())), stacks)
    spots = [Spot(cell, i) for cell, p in sorted(tiles.items()) for i in range(len(catalogue[p.tile].features))]
    room = {s: base.feature(s).capacity for s in spots}

    zones: dict[str, object] = {}
    players_places = []
    for colour in colours:
        dead = draw(st.integers(0, PRISONERS - target))
        freed = draw(st.integers(0, 2))
        places = [DEAD] * dead + [FREED] * freed
        green_cap = min(discovery - 1, target - 1 - freed)
        for _ in range(draw(st.integers(0, max(0, green_cap)))):
            owned = [z.name for z in board.zones if zones.get(z.name) == colour]
            free = [z.name for z in board.zones if z.name not in zones]
            without = [c for c in colours if c not in zones.values() and c != colour]
            claimable = free if len(free) - 1 >= len(without) else []
            choices = owned + claimable
            if not choices:
                break
            name = draw(st.sampled_from(sorted(choices)))
            zones[name] = colour
            places.append(green_place(board.zone_by_name[name].cells[0]))
        for _ in range(draw(st.integers(0, PRISONERS - len(places)))):
            open_spots = [s for s in spots if room[s] > 0]
            if not open_spots:
                break
            s = draw(st.sampled_from(open_spots))
            room[s] -= 1
            places.append(tile_place(s.cell, s.feature))
        places += [ISLAND] * (PRISONERS - len(places))
        players_places.append(tuple(sorted(places)))

    state = base.replace(
        players=tuple(PlayerState(c, pl, h) for c, pl, h in zip(colours, players_places, hands)),
        zones=tuple(sorted(zones.items())),
    )
    # Keys exactly where K1 gives them; then doors, one player per tunnel (D2, D5).
    keyed = tuple(p.__class__(p.colour, p.prisoners, p.hand, (), rules.key_condition(state, p)) for p in state.players)
    state = state.replace(players=keyed)
    t = rules.tunnels(state)
    door_spots = [s for s in spots if base.feature(s).kind in (FeatureKind.TUNNEL, FeatureKind.DEAD_END)]
    tunnel_owner: dict[int, object] = {}
    taken: set = set()
    players = []
    for p in state.players:
        doors = []
        for _ in range(draw(st.integers(0, DOORS - p.key))):
            ok = [s for s in door_spots if s not in taken and tunnel_owner.get(t.component[s], p.colour) == p.colour]
            if not ok:
                break
            s = draw(st.sampled_from(ok))
            taken.add(s)
            tunnel_owner[t.component[s]] = p.colour
            doors.append(s)
        players.append(PlayerState(p.colour, p.prisoners, p.hand, tuple(sorted(doors)), p.key))
    state = state.replace(players=tuple(players))

    player = draw(st.integers(0, n - 1))
    phase = draw(st.integers(1, 3))
    moved = []
    if phase == 3 or (advanced and phase == 2):
        budget = 5
        pool = [pl for pl in state.players[player].prisoners if pl.kind.value in ("island", "tile", "green")]
        for pl in draw(st.lists(st.sampled_from(pool), max_size=3)) if pool else []:
            steps = draw(st.integers(1, 2))
            if steps <= budget and sum(1 for m, _ in moved if m == pl) < state.players[player].prisoners.count(pl):
                moved.append((pl, steps))
                budget -= steps
    turn = Turn(player, phase, tuple(sorted(moved)), tile_action=phase >= 2 and draw(st.booleans()))
    return state.replace(turn=turn, advanced=advanced, round=draw(st.integers(1, 20)), seed=draw(st.integers(0, 2**40)))


def _goal_part(draw, state: State) -> Goal:
    kind = draw(st.sampled_from([GoalKind.FREE, GoalKind.HIDE, GoalKind.KEY, GoalKind.ZONE]))
    if kind is GoalKind.FREE:
        return Goal(kind, count=draw(st.integers(1, 8)))
    if kind is GoalKind.ZONE:
        return Goal(kind, zone=draw(st.sampled_from([z.name for z in state.board.zones])))
    return Goal(kind)


@st.composite
def goals(draw, state: State) -> Goal:
    """A goal of any kind for one of ``state``'s players, in the form the reader
    builds (the player filled in); whether it makes sense (Q1) is not asked."""
    player = draw(st.sampled_from(state.colours))
    turns = draw(st.none() | st.integers(1, 50))
    if draw(st.booleans()):
        parts = tuple(draw(st.lists(st.builds(lambda: None), min_size=1, max_size=4)))
        return Goal(GoalKind.ALL, player, turns=turns, parts=tuple(_goal_part(draw, state) for _ in parts))
    part = _goal_part(draw, state)
    return Goal(part.kind, player, part.count, turns, part.zone)
