"""The integer-coded position of the search core: building, hashing, the canonical key.

:class:`PositionBase` holds a :class:`~sectionx.games.sectionx.model.State` as lists of small
ints (see :mod:`sectionx.games.sectionx.solver.tables` for the coding): tiles and their
rotations, P1 constraints per cell, prisoners counted per player and place,
doors, hands, stacks, keys, zones and the turn record.  It converts from and to
the engine's State, hashes itself, and has the board and prisoner helpers
that :class:`sectionx.games.sectionx.solver.core.Position` (make/unmake) is built from.

**Hashing and the canonical key.**  ``pos.zobrist()`` is a 62-bit Zobrist hash,
updated with every change, of the *canonical* position; ``pos.key()`` is that
canonical position as an exact, hashable tuple.  Two positions of one game have
equal keys exactly when they have the same future (the solver's transposition
table may treat them as one).  The canonical position differs from the state in:

* tiles are known by their **class** only: two tiles of one type are
  interchangeable (wherever they are: board, hand, stack) unless a tile of
  another type comes between them in the order of tile ids.  That order
  matters once: at the collapse (E3) the pool of tiles to reshuffle is *sorted
  by id* and then shuffled with a fixed permutation, so what the new stacks
  hold, type by type, depends on how many pool tiles fall in each run of
  equal types in id order, and on nothing else.  Swapping tiles within a run
  therefore gives new stacks that again differ only within runs, round after
  round.  In the default tile set each type's ids are consecutive, so the
  class is the type (two straights T01 and T02 are the same; so are the
  hideouts T46 and T47);
* a tile on the board is known by its physical shape (the smallest rotation
  with the same empty shape), and prisoners, doors and stepped prisoners by the
  cell and the openings of their feature, not the feature's index (T33 turned
  half way is the same tile with its two bends named the other way round);
* the order of a hand, which tiles are out of play (they never return) and
  the game's seed (fixed for a game) are left out; prisoners of one colour are
  interchangeable (the state already treats them so).

Everything else (counts of freed and dead prisoners, zones, keys, the turn
record, round, last round, ranking) is kept as it is.
"""

from __future__ import annotations

from typing import Any, Final, Self

from ....errors import SectionXError
from .. import rules
from ..model import DEAD, FREED, Place, Placed, PlaceKind, PlayerState, Spot, State, Turn
from .tables import HIDEOUT, MAX_COUNT, Tables, tables_for

#: Phase kinds, as the engine's _phase_of names them.
#: (Final: the compiled build inlines them instead of reading the module's globals.)
OVER: Final = 0
TAKE_PHASE: Final = 1
TILE_PHASE: Final = 2
ACT_PHASE: Final = 3
FREE_PHASE: Final = 4

#: Step budget per turn and per prisoner (M3).
STEP_BUDGET: Final = 5
STEPS_PER_PRISONER: Final = 2

_OPP: Final = (3, 4, 5, 0, 1, 2)


class CoreError(SectionXError):
    """A move the core cannot carry out (it is illegal, or the position is not one the core takes)."""


class TieError(CoreError):
    """A plain tile move that starts a tied tunnel fight: it is only legal with a 'keep' choice (D4)."""


class PositionBase:
    """A game position coded as ints (see module docstring); :class:`~sectionx.games.sectionx.solver.core.Position`
    adds make and unmake.

    The attributes are public for the move generator and the solver; change them
    only through ``make`` and ``unmake``.
    """

    __slots__ = (
        "T",
        "adj",
        "advanced",
        "collapses",
        "colours",
        "dead",
        "discovery",
        "door",
        "door_action",
        "doors",
        "freed",
        "greens",
        "h",
        "hand",
        "hid",
        "hides",
        "hm",
        "ht",
        "key_",
        "known",
        "last_round",
        "load",
        "moved",
        "n",
        "nonhide",
        "nsteps",
        "opened",
        "out",
        "pc",
        "phase",
        "pk",
        "player",
        "ranking",
        "rot",
        "round",
        "round_ends",
        "seed",
        "solo",
        "stacks",
        "target",
        "tile",
        "tile_action",
        "where",
        "zone_owner",
    )

    # ------------------------------------------------------------------ building

    def __init__(self, tables: Tables):
        self.T = tables
        # The collapse's outcome per what it reads (core.Position._referee).
        self.collapses: dict[tuple[Any, ...], tuple[Any, ...]] = {}

    @classmethod
    def from_state(cls, state: State) -> Self:
        """The position of ``state``.  Raises CoreError if a player qualifies for the
        master key without holding it (K1), which no action of the engine leaves."""
        pos = cls(tables_for(state.board, state.catalogue))
        pos._load(state)
        if not state.finished:
            for p in state.players:
                if not p.key and rules.key_condition(state, p):
                    raise CoreError(f"{p.colour} qualifies for the master key but does not hold it (K1)")
        return pos

    def _load(self, state: State) -> None:
        T = self.T
        n = self.n = len(state.players)
        self.colours = state.colours
        self.advanced = state.advanced
        self.seed = state.seed
        self.out = state.out
        self.target = state.target
        self.discovery = state.discovery
        # Q2: in a puzzle only this player takes turns (-1: a real game).
        self.solo = -1 if state.solo is None else state.colours.index(state.solo)
        tile = self.tile = [-1] * T.ncells
        rot = self.rot = [0] * T.ncells
        for cell, placed in state.tiles:
            c = T.cell_index[cell]
            tile[c] = T.id_index[placed.tile]
            rot[c] = placed.rotation
        self.known = [0] * T.ncells
        self.opened = [0] * T.ncells
        self.pk = list(range(T.spot0)) + [0] * (T.nplaces - T.spot0)
        self.hid = [False] * T.nplaces
        self.adj: dict[int, tuple[int, ...]] = {}
        for c in range(T.ncells):
            if tile[c] >= 0:
                self._constrain(c, T.tile_types[tile[c]].open_mask[rot[c]])
                self._mark(c)
        self.pc = [[0] * T.nplaces for _ in range(n)]
        self.where: list[list[int]] = [[] for _ in range(n)]
        self.load = [0] * T.nplaces
        self.door = [-1] * T.nplaces
        self.doors: list[list[int]] = [[] for _ in range(n)]
        self.freed = [0] * n
        self.dead = [0] * n
        self.greens = [0] * n
        self.nonhide = [0] * n
        self.hides = [0] * n
        self.key_ = [p.key for p in state.players]
        self.hand = [[T.id_index[t] for t in p.hand] for p in state.players]
        for i, p in enumerate(state.players):
            for place in p.prisoners:
                if place.kind is PlaceKind.FREED:
                    self.freed[i] += 1
                elif place.kind is PlaceKind.DEAD:
                    self.dead[i] += 1
                else:
                    self._add(i, self.place_index(place))
            for spot in p.doors:
                s = self.spot_index(spot)
                self.door[s] = i
                self.doors[i].append(s)
        self.stacks = [[T.id_index[t] for t in reversed(s)] for s in state.stacks]
        self.zone_owner = [-1] * len(T.zone_names)
        colour_no = {c: i for i, c in enumerate(state.colours)}
        for name, colour in state.zones:
            self.zone_owner[T.zone_names.index(name)] = colour_no[colour]
        t = state.turn
        self.player = t.player
        self.phase = t.phase
        self.moved = tuple((self.place_index(place), k) for place, k in t.moved)
        self.nsteps = sum(k for _, k in self.moved)
        self.tile_action = t.tile_action
        self.door_action = t.door_action
        self.round_ends = t.round_ends
        self.round = state.round
        self.last_round = state.last_round
        self.ranking = state.ranking
        self.h, self.hm, self.ht = self.full_hash()

    def to_state(self) -> State:
        """The engine's State for this position (equal to what the engine would hold)."""
        T = self.T
        cells, ids = T.cells, T.ids
        tiles = tuple(sorted((cells[c], Placed(ids[t], self.rot[c])) for c, t in enumerate(self.tile) if t >= 0))
        players = []
        for i, colour in enumerate(self.colours):
            places = [T.place_obj[s] for s in self.where[i]] + [FREED] * self.freed[i] + [DEAD] * self.dead[i]
            players.append(PlayerState(
                colour,
                tuple(sorted(places)),
                tuple(ids[t] for t in self.hand[i]),
                tuple(sorted(T.spot_obj[s] for s in self.doors[i])),
                self.key_[i],
            ))
        zones = tuple(sorted((T.zone_names[z], self.colours[o]) for z, o in enumerate(self.zone_owner) if o >= 0))
        moved = tuple(sorted((T.place_obj[s], k) for s, k in self.moved))
        turn = Turn(self.player, self.phase, moved, self.tile_action, self.door_action, self.round_ends)
        return State(T.board, T.catalogue, tuple(players), tiles,
                     tuple(tuple(ids[t] for t in reversed(s)) for s in self.stacks), self.out, zones, turn,
                     self.round, self.advanced, self.last_round, self.ranking, self.seed,
                     None if self.solo < 0 else self.colours[self.solo])

    def copy(self) -> Self:
        """An independent copy (lists copied; tables shared)."""
        other = type(self)(self.T)
        other._restore(self._snapshot())
        for name in ("n", "colours", "advanced", "seed", "out", "target", "discovery", "solo"):
            setattr(other, name, getattr(self, name))
        return other

    # ------------------------------------------------------------------ places

    def place_index(self, place: Place) -> int:
        """The place index of a model Place on the island, a green cell or a tile feature."""
        T = self.T
        if place.kind is PlaceKind.ISLAND:
            return 0
        if place.cell is None:
            raise CoreError(f"{place} is not a place on the board")
        if place.kind is PlaceKind.GREEN:
            return 1 + T.green_index[place.cell]
        if place.kind is PlaceKind.TILE:
            return T.spot0 + 3 * T.cell_index[place.cell] + place.feature
        raise CoreError(f"{place} is not a place on the board")

    def spot_index(self, spot: Spot) -> int:
        return self.T.spot0 + 3 * self.T.cell_index[spot.cell] + spot.feature

    def is_hideout(self, s: int) -> bool:
        """Whether spot ``s`` (of a tile on the board) is a hideout feature (T1)."""
        return self.hid[s]

    def pkey(self, s: int) -> int:
        """The canonical key of place ``s``: a spot is known by its cell and openings."""
        return self.pk[s]

    def _mark(self, c: int) -> None:
        """Per-spot tables of the tile now on ``c``: canonical keys and hideouts."""
        T = self.T
        tt = T.tile_types[self.tile[c]]
        r = self.rot[c]
        base = T.spot0 + 3 * c
        key = T.spot_key0 + 64 * c
        for f, kind in enumerate(tt.kinds):
            self.pk[base + f] = key + tt.feature_mask[f][r]
            self.hid[base + f] = kind == HIDEOUT

    def _add(self, p: int, s: int) -> None:
        """Put a prisoner of player ``p`` on place ``s`` (counts and K1 counters, no hash)."""
        self.pc[p][s] += 1
        self.where[p].append(s)
        T = self.T
        if s >= T.spot0:
            self.load[s] += 1
            if self.is_hideout(s):
                if self.pc[p][s] == 1:
                    self.hides[p] += 1
            else:
                self.nonhide[p] += 1
        elif s > 0:
            self.greens[p] += 1

    # ------------------------------------------------------------------ hashing

    def zobrist(self) -> int:
        """Zobrist hash of the canonical position (equal keys give equal hashes)."""
        return self.h ^ self.hm ^ self.ht

    def full_hash(self) -> tuple[int, int, int]:
        """(board+pieces, moved, turn) hash parts computed from scratch."""
        T = self.T
        h = 0
        ncls = T.nclasses
        for c, t in enumerate(self.tile):
            if t >= 0:
                h ^= T.z_tile[(c * ncls + T.tile_class[t]) * 6 + T.tile_types[t].look[self.rot[c]]]
        for p in range(self.n):
            zp = T.z_prisoners[p]
            row = self.pc[p]
            for s in set(self.where[p]):
                h ^= zp[self.pkey(s) * MAX_COUNT + row[s]]
            h ^= zp[T.key_freed * MAX_COUNT + self.freed[p]] ^ zp[T.key_dead * MAX_COUNT + self.dead[p]]
            for s in self.doors[p]:
                h ^= T.z_door[p][self.pkey(s)]
            counts: dict[int, int] = {}
            for t in self.hand[p]:
                counts[T.tile_class[t]] = counts.get(T.tile_class[t], 0) + 1
            for k, m in counts.items():
                h ^= T.z_hand[p][k * 4 + m]
            if self.key_[p]:
                h ^= T.z_key[p]
        for i, stack in enumerate(self.stacks):
            for j, t in enumerate(stack):
                h ^= T.z_stack[i][j * ncls + T.tile_class[t]]
        for z, o in enumerate(self.zone_owner):
            if o >= 0:
                h ^= T.z_zone[z * 4 + o]
        h ^= T.z_misc(("round", self.round))
        if self.last_round:
            h ^= T.z_last_round
        if self.ranking:
            h ^= T.z_misc(("ranking", tuple(str(c) for c in self.ranking)))
        return h, self._moved_hash(), self._turn_hash()

    def _turn_hash(self) -> int:
        T = self.T
        h = T.z_player[self.player] ^ T.z_phase[self.phase]
        if self.tile_action:
            h ^= T.z_tile_action
        if self.door_action:
            h ^= T.z_door_action
        if self.round_ends:
            h ^= T.z_round_ends
        return h

    def _moved_hash(self) -> int:
        if not self.moved:
            return 0
        counts: dict[int, int] = {}
        pks = self.pk
        for s, k in self.moved:
            i = pks[s] * 3 + k
            counts[i] = counts.get(i, 0) + 1
        z = self.T.z_moved
        h = 0
        for i, m in counts.items():
            h ^= z[i * MAX_COUNT + m]
        return h

    def key(self) -> tuple[Any, ...]:
        """The canonical position as an exact hashable value (see module docstring)."""
        T = self.T
        cls = T.tile_class
        # (List comprehensions indexing the tables directly: this runs for every
        # position a search meets, and the generator and method-call forms cost a
        # third of it.)
        pk = self.pk
        rot, types = self.rot, T.tile_types
        freed, dead = self.freed, self.dead
        return (
            tuple([(c, cls[t], types[t].look[rot[c]]) for c, t in enumerate(self.tile) if t >= 0]),
            tuple([(tuple(sorted([pk[s] for s in where])), freed[p], dead[p])
                   for p, where in enumerate(self.where)]),
            tuple([tuple(sorted([pk[s] for s in doors])) for doors in self.doors]),
            tuple([tuple(sorted([cls[t] for t in hand])) for hand in self.hand]),
            tuple([tuple([cls[t] for t in s]) for s in self.stacks]),
            tuple(self.key_), tuple(self.zone_owner),
            self.player, self.phase, tuple(sorted([(pk[s], k) for s, k in self.moved])),
            self.tile_action, self.door_action, self.round_ends,
            self.round, self.last_round, tuple(self.ranking),
        )

    def key_without_tiles(self) -> tuple[Any, ...]:
        """:meth:`key` without the tiles on the board: exact between positions whose
        tiles are known to be equal, such as those reached in one turn after the
        same tile action (only a tile action moves tiles; the collapse ends the turn)."""
        cls = self.T.tile_class
        pk = self.pk
        freed, dead = self.freed, self.dead
        return (
            tuple([(tuple(sorted([pk[s] for s in where])), freed[p], dead[p])
                   for p, where in enumerate(self.where)]),
            tuple([tuple(sorted([pk[s] for s in doors])) for doors in self.doors]),
            tuple([tuple(sorted([cls[t] for t in hand])) for hand in self.hand]),
            tuple([len(s) for s in self.stacks]),
            tuple(self.key_), tuple(self.zone_owner),
            self.player, self.phase, tuple(sorted([(pk[s], k) for s, k in self.moved])),
            self.tile_action, self.door_action, self.round_ends,
            self.round, self.last_round, tuple(self.ranking),
        )

    def key_in_turn(self, me: int) -> tuple[Any, ...]:
        """:meth:`key_without_tiles` for the positions of one turn of player ``me``,
        between positions reached from one start by the same tile action (or none),
        inside the turn or at its end but for a collapse or the game's end: exact
        there, and it reads only what such a turn may change.

        Inside a turn only the player to move acts.  Its steps move its own prisoners
        and change its turn record, its key and door hand-in (K1, K2, K4) and the
        zones (Z1); a take changes its hand and the stacks; a door action its doors.
        The other players' prisoners, hands, freed and dead change only by the tile
        action (riders, N3) or by a collapse or the game's end, which end the turn
        (E1-E4): after the same tile action from the same start they are the same,
        as its riders were where they began (K1 holds at every step, so a step gives
        nobody else a key, see :mod:`.core`).  A tunnel fight (D4) reads the doors
        on the board when the tile action is made, and a step before it may have
        handed one of the player's in (K1), so every player's doors stay in the key.
        The round, its last-round flag and the ranking change only by a collapse or
        the game's end; the player to move changes at the turn's end, to one fixed by
        the start (in a puzzle ``me`` again, Q2), with a fresh turn record."""
        cls = self.T.tile_class
        pk = self.pk
        return (
            tuple(sorted([pk[s] for s in self.where[me]])),
            tuple([tuple(sorted([pk[s] for s in doors])) for doors in self.doors]),
            tuple(sorted([cls[t] for t in self.hand[me]])),
            tuple([len(s) for s in self.stacks]),
            tuple(self.key_), tuple(self.zone_owner),
            self.phase, tuple(sorted([(pk[s], k) for s, k in self.moved])),
            self.player, self.tile_action, self.door_action, self.round_ends,
        )

    # ------------------------------------------------------------------ phases

    def phase_kind(self) -> int:
        """OVER, TAKE_PHASE, TILE_PHASE (standard phase 2), ACT_PHASE (standard phase 3)
        or FREE_PHASE (advanced phases 2 and 3 interleaved), as the engine decides (N1, N5, V2)."""
        if self.ranking:
            return OVER
        phase = self.phase
        if phase == 1:
            s = self.stacks
            if len(self.hand[self.player]) < 3 and (s[0] or s[1] or s[2]):
                return TAKE_PHASE
            phase = 2
        if self.advanced:
            return FREE_PHASE
        return TILE_PHASE if phase == 2 else ACT_PHASE

    def round_may_end_now(self) -> bool:
        """Whether this turn may end the round by the last tile (E2): it was taken
        already, or the stacks hold one tile and the player is still to take one
        (N1: one a turn; a player holding three takes none, N5)."""
        return self.round_ends or (self.phase <= 1 and sum(len(st) for st in self.stacks) == 1)

    def steps(self) -> int:
        """Steps used this turn (M3)."""
        return self.nsteps

    def steps_used(self, p: int, src: int) -> int:
        """Steps used by the freshest prisoner of player ``p`` on ``src`` (the one a step moves)."""
        have = self.pc[p][src]
        used = [k for s, k in self.moved if s == src]
        if have > len(used):
            return 0
        return min(used)

    def doors_in_hand(self, p: int) -> int:
        """Doors player ``p`` could still place (D2, K1)."""
        return 2 - len(self.doors[p]) - (1 if self.key_[p] else 0)

    # ------------------------------------------------------------------ board helpers

    def _constrain(self, c: int, mask: int) -> None:
        """A tile opening on ``mask`` now lies on ``c``: its neighbours' P1 constraints."""
        nb = self.T.nb
        known, opened = self.known, self.opened
        for e in range(6):
            m = nb[6 * c + e]
            if m >= 0:
                bit = 1 << _OPP[e]
                known[m] |= bit
                if mask >> e & 1:
                    opened[m] |= bit
                else:
                    opened[m] &= ~bit

    def _unconstrain(self, c: int) -> None:
        nb = self.T.nb
        known, opened = self.known, self.opened
        for e in range(6):
            m = nb[6 * c + e]
            if m >= 0:
                bit = ~(1 << _OPP[e])
                known[m] &= bit
                opened[m] &= bit

    def occupied(self, c: int) -> int:
        """Bit mask of the features of the tile on ``c`` carrying prisoners or doors."""
        base = self.T.spot0 + 3 * c
        load, door = self.load, self.door
        occ = 0
        for f in range(len(self.T.tile_types[self.tile[c]].kinds)):
            if load[base + f] or door[base + f] >= 0:
                occ |= 1 << f
        return occ

    def _lift(self, c: int) -> tuple[int, list[Any]]:
        """Take the tile off ``c`` with its riders and doors; returns (tile, carried)."""
        T = self.T
        t = self.tile[c]
        r = self.rot[c]
        tt = T.tile_types[t]
        h = self.h ^ T.z_tile[(c * T.nclasses + T.tile_class[t]) * 6 + tt.look[r]]
        base = T.spot0 + 3 * c
        carried = []
        load, door = self.load, self.door
        for f in range(len(tt.kinds)):
            s = base + f
            d = door[s]
            if load[s] or d >= 0:
                pk = T.spot_key0 + 64 * c + tt.feature_mask[f][r]
                riders = []
                if load[s]:
                    for p in range(self.n):
                        k = self.pc[p][s]
                        if k:
                            riders.append((p, k))
                            self.pc[p][s] = 0
                            h ^= T.z_prisoners[p][pk * MAX_COUNT + k]
                    load[s] = 0
                if d >= 0:
                    door[s] = -1
                    h ^= T.z_door[d][pk]
                carried.append((f, riders, d))
        self.h = h
        self.tile[c] = -1
        self._unconstrain(c)
        self.adj = {}
        return t, carried

    def _put(self, c: int, t: int, r: int, carried: list[Any]) -> None:
        """Lay tile ``t`` on ``c`` at rotation ``r`` with what ``_lift`` carried."""
        T = self.T
        tt = T.tile_types[t]
        self.tile[c] = t
        self.rot[c] = r
        self._constrain(c, tt.open_mask[r])
        self._mark(c)
        self.adj = {}
        h = self.h ^ T.z_tile[(c * T.nclasses + T.tile_class[t]) * 6 + tt.look[r]]
        base = T.spot0 + 3 * c
        for f, riders, d in carried:
            s = base + f
            pk = T.spot_key0 + 64 * c + tt.feature_mask[f][r]
            for p, k in riders:
                self.pc[p][s] = k
                self.load[s] += k
                h ^= T.z_prisoners[p][pk * MAX_COUNT + k]
            if d >= 0:
                self.door[s] = d
                h ^= T.z_door[d][pk]
        self.h = h

    def _relocate(self, moves: dict[int, int], carried: list[list[Any]]) -> None:
        """Spots of moved tiles change: prisoner lists, door lists and the turn record follow (M3, V2)."""
        spot0 = self.T.spot0

        def new(s: int) -> int:
            if s < spot0:
                return s
            c = (s - spot0) // 3
            return s if c not in moves else s + 3 * (moves[c] - c)

        players = {p for cl in carried for _, riders, d in cl for p in [d] + [q for q, _ in riders] if p >= 0}
        for p in players:
            self.where[p] = [new(s) for s in self.where[p]]
            self.doors[p] = [new(s) for s in self.doors[p]]
        if self.moved:
            self.moved = tuple((new(s), k) for s, k in self.moved)

    def _tunnel(self, s: int) -> list[int]:
        """Every spot in the tunnel of spot ``s`` (D1): features joined through matching openings."""
        T = self.T
        spot0, nb, types, tile, rot = T.spot0, T.nb, T.tile_types, self.tile, self.rot
        seen = {s}
        todo = [s]
        while todo:
            x = todo.pop()
            c, f = divmod(x - spot0, 3)
            for e in types[tile[c]].feature_edges[f][rot[c]]:
                m = nb[6 * c + e]
                if m >= 0 and tile[m] >= 0:
                    g = types[tile[m]].feature_at[rot[m]][_OPP[e]]
                    if g >= 0:
                        y = spot0 + 3 * m + g
                        if y not in seen:
                            seen.add(y)
                            todo.append(y)
        return list(seen)

    def _fights(self, cells: tuple[int, ...]) -> list[list[int]]:
        """Tunnels through the tiles now on ``cells`` that hold doors of two players (D4).

        Before a tile action no tunnel holds doors of two players (D2), so a tunnel
        that does afterwards runs through a tile the action laid or moved."""
        spot0 = self.T.spot0
        seen: set[int] = set()
        out = []
        for c in cells:
            for f in range(len(self.T.tile_types[self.tile[c]].kinds)):
                s = spot0 + 3 * c + f
                if s in seen:
                    continue
                tunnel = self._tunnel(s)
                seen.update(tunnel)
                if len({self.door[x] for x in tunnel} - {-1}) > 1:
                    out.append(tunnel)
        return out

    # ------------------------------------------------------------------ snapshots and the referee

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self.tile[:], self.rot[:], self.known[:], self.opened[:],
            [row[:] for row in self.pc], [w[:] for w in self.where], self.load[:], self.door[:],
            [d[:] for d in self.doors], self.freed[:], self.dead[:], self.greens[:], self.nonhide[:], self.hides[:],
            self.key_[:], [h[:] for h in self.hand], [s[:] for s in self.stacks], self.zone_owner[:],
            self.player, self.phase, self.moved, self.tile_action, self.door_action, self.round_ends,
            self.round, self.last_round, self.ranking, self.h, self.hm, self.ht, self.pk[:], self.hid[:], self.nsteps,
        )

    def _restore(self, snap: tuple[Any, ...]) -> None:
        (self.tile, self.rot, self.known, self.opened, self.pc, self.where, self.load, self.door,
         self.doors, self.freed, self.dead, self.greens, self.nonhide, self.hides,
         self.key_, self.hand, self.stacks, self.zone_owner,
         self.player, self.phase, self.moved, self.tile_action, self.door_action, self.round_ends,
         self.round, self.last_round, self.ranking, self.h, self.hm, self.ht, self.pk, self.hid, self.nsteps) = snap
        self.adj = {}

    def qualifies(self, p: int) -> bool:
        """K1, K3: no prisoner on the island or outside a hideout, prisoners in play in 1 or 2 hideouts."""
        return self.pc[p][0] == 0 and self.nonhide[p] == 0 and 1 <= self.hides[p] <= 2

    def _shift(self, p: int, src: int, dst: int) -> int:
        """One prisoner of ``p`` from place ``src`` to ``dst``: counts, K1 counters, hash;
        and where in ``where[p]`` it went (see :meth:`_walk`)."""
        row = self.pc[p]
        zp = self.T.z_prisoners[p]
        pks = self.pk
        k = row[src]
        i = pks[src] * MAX_COUNT + k
        h = self.h ^ zp[i] ^ zp[i - 1]
        k = row[dst]
        i = pks[dst] * MAX_COUNT + k
        self.h = h ^ zp[i] ^ zp[i + 1]
        return self._walk(p, src, dst)

    def _walk(self, p: int, src: int, dst: int, at: int = -1) -> int:
        """One prisoner of ``p`` from place ``src`` to ``dst``: counts and K1 counters (no
        hash); and where in ``where[p]`` it went.  ``at``: that place, to undo a step
        exactly (the first ``src`` in the list may be another prisoner's entry when
        several stand on one place, and the order of ``where`` is the order in which
        steps are listed, so an undo that reordered it would make a node's listing
        depend on what was searched before it)."""
        row = self.pc[p]
        spot0 = self.T.spot0
        k = row[src]
        row[src] = k - 1
        where = self.where[p]
        if at < 0:
            at = where.index(src)
        where[at] = dst
        if src >= spot0:
            self.load[src] -= 1
            if self.hid[src]:
                if k == 1:
                    self.hides[p] -= 1
            else:
                self.nonhide[p] -= 1
        elif src:
            self.greens[p] -= 1
        k = row[dst]
        row[dst] = k + 1
        if dst >= spot0:
            self.load[dst] += 1
            if self.hid[dst]:
                if k == 0:
                    self.hides[p] += 1
            else:
                self.nonhide[p] += 1
        elif dst:
            self.greens[p] += 1
        return at


__all__ = [
    "ACT_PHASE", "FREE_PHASE", "OVER", "STEPS_PER_PRISONER", "STEP_BUDGET", "TAKE_PHASE", "TILE_PHASE",
    "CoreError", "PositionBase", "TieError",
]
