"""The search core: a compact, mutable position that plays the referee's game.

A :class:`Position` holds a :class:`~sectionx.model.State` as lists of small
ints (see :mod:`sectionx.solver.tables` for the coding) and changes in place:
``undo = pos.make(move)`` carries out one action, ``pos.unmake(undo)`` takes it
back exactly, hash included.  ``Position.from_state(s).to_state() == s``, and
after ``make`` the position converts to the very state ``engine.apply`` returns
(tests/test_core.py checks both against the engine, action by action).

**Moves** are tuples whose first item is the kind (``TAKE`` ... ``KEEP``);
cells, places and tiles in them are table indices.  ``(KEEP, tile move,
players, colours)`` is a tile action with its ``keep`` priority list (D7).  ``action_of`` and
``move_of`` convert to and from the engine's :mod:`~sectionx.actions`.

**What the core does itself**, as the engine does: phases and the end of a turn
(N1-N5, V2), placing, swapping, moving and turning tiles with their riders and
doors (N2, P3), tunnel fights (D4, D6: the lengths before the action decide;
D7: a ``KEEP`` move's priority list settles ties), steps with their budget (M2-M5), zone claims (Z1), the
master key lost and gained by a step, with the door hand-in (K1, K2, K4), doors
(D2, N4).

**What it leaves to the referee** (``engine.apply`` on ``to_state()``, then the
result loaded back): a step that ends the round or the game (E1, E4: the
collapse E3, keys at the collapse K5, E5 and the ranking), the end of a turn
after the last tile was taken (E2 and the collapse), and moves of kind
``REFEREE`` (an engine action the core does not model, such as a ``handin``
on a tile action; the generator never makes one).  These are rare in a search, need most of the rules at
once, and are exactly where a second copy of the rules would be most likely to
go wrong.  Their undo record is a snapshot.  A plain tile move that starts a
tied fight is illegal (it needs ``keep``): ``make`` raises TieError.

**Assumption** (checked by :meth:`Position.from_state`): the position obeys K1,
so every player who qualifies for the master key holds it.  The engine keeps
this true after every action; it is why a tile or door action never changes a
key (prisoners keep their feature when their tile moves, so nobody's K1
condition changes), and only the stepping player's key is looked at after a step.

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

import itertools

from ..actions import Action, Choices, End, Move, MoveDoor, Pass, PlaceDoor, PlaceTile, Rotate, Step, Swap, Take
from ..model import DEAD, FREED, Placed, PlaceKind, PlayerState, SectionXError, State, Turn
from .tables import HIDEOUT, MAX_COUNT, Tables, tables_for

#: Move kinds (first item of every move tuple).
TAKE, PLACE, SWAP, MOVE, ROTATE, PASS, STEP, DOOR, MOVEDOOR, END, REFEREE, KEEP = range(12)
_SNAPSHOT = 99  # undo record of a move the referee carried out

#: Phase kinds, as the engine's _phase_of names them.
OVER, TAKE_PHASE, TILE_PHASE, ACT_PHASE, FREE_PHASE = range(5)

#: Step budget per turn and per prisoner (M3).
STEP_BUDGET = 5
STEPS_PER_PRISONER = 2

_OPP = (3, 4, 5, 0, 1, 2)


class CoreError(SectionXError):
    """A move the core cannot carry out (it is illegal, or the position is not one the core takes)."""


class TieError(CoreError):
    """A plain tile move that starts a tied tunnel fight: it is only legal with a 'keep' choice (D4)."""


class Position:
    """A game position coded as ints, changed in place by make/unmake (see module docstring).

    The attributes are public for the move generator and the solver; change them
    only through :meth:`make` and :meth:`unmake`.
    """

    __slots__ = (
        "T",
        "adj",
        "advanced",
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

    @classmethod
    def from_state(cls, state: State) -> Position:
        """The position of ``state``.  Raises CoreError if a player qualifies for the
        master key without holding it (K1), which no action of the engine leaves."""
        pos = cls(tables_for(state.board, state.catalogue))
        pos._load(state)
        if not state.finished:
            from .. import rules

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
                     self.round, self.advanced, self.last_round, self.ranking, self.seed)

    def copy(self) -> Position:
        """An independent copy (lists copied; tables shared)."""
        other = Position(self.T)
        other._restore(self._snapshot())
        for name in ("n", "colours", "advanced", "seed", "out", "target", "discovery"):
            setattr(other, name, getattr(self, name))
        return other

    # ------------------------------------------------------------------ places

    def place_index(self, place) -> int:
        """The place index of a model Place on the island, a green cell or a tile feature."""
        T = self.T
        if place.kind is PlaceKind.ISLAND:
            return 0
        if place.kind is PlaceKind.GREEN:
            return 1 + T.green_index[place.cell]
        if place.kind is PlaceKind.TILE:
            return T.spot0 + 3 * T.cell_index[place.cell] + place.feature
        raise CoreError(f"{place} is not a place on the board")

    def spot_index(self, spot) -> int:
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

    def key(self) -> tuple:
        """The canonical position as an exact hashable value (see module docstring)."""
        T = self.T
        cls = T.tile_class
        pk = self.pkey
        return (
            tuple((c, cls[t], T.tile_types[t].look[self.rot[c]]) for c, t in enumerate(self.tile) if t >= 0),
            tuple((tuple(sorted(pk(s) for s in self.where[p])), self.freed[p], self.dead[p]) for p in range(self.n)),
            tuple(tuple(sorted(pk(s) for s in self.doors[p])) for p in range(self.n)),
            tuple(tuple(sorted(cls[t] for t in self.hand[p])) for p in range(self.n)),
            tuple(tuple(cls[t] for t in s) for s in self.stacks),
            tuple(self.key_), tuple(self.zone_owner),
            self.player, self.phase, tuple(sorted((pk(s), k) for s, k in self.moved)),
            self.tile_action, self.door_action, self.round_ends,
            self.round, self.last_round, tuple(self.ranking),
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

    def _lift(self, c: int) -> tuple[int, list]:
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

    def _put(self, c: int, t: int, r: int, carried: list) -> None:
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

    def _relocate(self, moves: dict[int, int], carried: list[list]) -> None:
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

    def _snapshot(self) -> tuple:
        return (
            self.tile[:], self.rot[:], self.known[:], self.opened[:],
            [row[:] for row in self.pc], [w[:] for w in self.where], self.load[:], self.door[:],
            [d[:] for d in self.doors], self.freed[:], self.dead[:], self.greens[:], self.nonhide[:], self.hides[:],
            self.key_[:], [h[:] for h in self.hand], [s[:] for s in self.stacks], self.zone_owner[:],
            self.player, self.phase, self.moved, self.tile_action, self.door_action, self.round_ends,
            self.round, self.last_round, self.ranking, self.h, self.hm, self.ht, self.pk[:], self.hid[:], self.nsteps,
        )

    def _restore(self, snap: tuple) -> None:
        (self.tile, self.rot, self.known, self.opened, self.pc, self.where, self.load, self.door,
         self.doors, self.freed, self.dead, self.greens, self.nonhide, self.hides,
         self.key_, self.hand, self.stacks, self.zone_owner,
         self.player, self.phase, self.moved, self.tile_action, self.door_action, self.round_ends,
         self.round, self.last_round, self.ranking, self.h, self.hm, self.ht, self.pk, self.hid, self.nsteps) = snap
        self.adj = {}

    def _referee(self, move: tuple) -> tuple:
        """Carry ``move`` out with ``engine.apply`` (see module docstring for when)."""
        from .. import engine

        action = move[1] if move[0] == REFEREE else action_of(self.T, move)
        new = engine.apply(self.to_state(), action)
        snap = self._snapshot()
        self._load(new)
        return (_SNAPSHOT, snap)

    # ------------------------------------------------------------------ turn structure

    def _phase_two(self) -> None:
        """A skipped phase 1 counts as phase 2 for what follows (N1, N5)."""
        if self.phase == 1:
            self.phase = 2

    def _ends_turn(self, kind: int) -> bool:
        """Whether a move of ``kind`` (legal now) would end the turn by itself."""
        if kind == END:
            return True
        if kind == STEP:
            return self.steps() + 1 >= STEP_BUDGET and (self.tile_action if self.advanced else True)
        if kind in (DOOR, MOVEDOOR):
            return self.tile_action if self.advanced else True
        if PLACE <= kind <= ROTATE:
            return self.advanced and (self.door_action or self.steps() >= STEP_BUDGET)
        return False

    def _maybe_end_turn(self) -> None:
        if self.phase == 1:
            return
        steps = self.steps()
        if self.advanced:
            done = self.tile_action and (self.door_action or steps >= STEP_BUDGET)
        else:
            done = self.phase == 3 and (self.door_action or steps >= STEP_BUDGET)
        if done:
            self._end_turn()

    def _end_turn(self) -> None:
        """Next player, phase 1 (or 2 for a player holding 3 tiles or facing empty stacks, N1, N5).
        Never called with round_ends set: that turn end goes to the referee (E2, E3)."""
        self.player = nxt = (self.player + 1) % self.n
        s = self.stacks
        self.phase = 2 if len(self.hand[nxt]) >= 3 or not (s[0] or s[1] or s[2]) else 1
        self.moved = ()
        self.nsteps = 0
        self.hm = 0
        self.tile_action = self.door_action = self.round_ends = False

    # ------------------------------------------------------------------ make / unmake

    def make(self, move: tuple) -> tuple:
        """Carry out a legal move; returns the record ``unmake`` needs to take it back.

        The move must be legal (from :func:`sectionx.solver.movegen.legal_moves` or
        checked by the engine): the core does not check legality.
        """
        if self.ranking:
            raise CoreError("the game is over")
        kind = move[0]
        if kind == REFEREE or (self.round_ends and self._ends_turn(move[1][0] if kind == KEEP else kind)):
            return self._referee(move)
        saved = (self.h, self.hm, self.ht, self.player, self.phase, self.moved,
                 self.tile_action, self.door_action, self.round_ends, self.nsteps)
        if kind == STEP:
            return self._make_step(move, saved)
        if kind == TAKE:
            return self._make_take(move, saved)
        if PLACE <= kind <= ROTATE:
            return self._make_tile(move, saved, ())
        if kind == KEEP:
            return self._make_tile(move[1], saved, move[2])
        if kind == END:
            self._phase_two()
            self._end_turn()
            self.ht = self._turn_hash()
            return (END, saved)
        if kind == PASS:
            self._phase_two()
            self.phase = 3
            self.ht = self._turn_hash()
            return (PASS, saved)
        if kind == DOOR or kind == MOVEDOOR:
            return self._make_door(move, saved)
        raise CoreError(f"unknown move {move!r}")

    def unmake(self, undo: tuple) -> None:
        """Take back the move whose record ``make`` returned (the last one not yet taken back)."""
        kind = undo[0]
        if kind == _SNAPSHOT:
            self._restore(undo[1])
            return
        saved = undo[-1]
        if kind == STEP:
            self._unmake_step(undo)
        elif kind == TAKE:
            i, t = undo[1], undo[2]
            self.hand[saved[3]].pop()
            self.stacks[i].append(t)
        elif PLACE <= kind <= ROTATE:
            self._unmake_tile(undo)
        elif kind == DOOR:
            s = undo[1]
            self.door[s] = -1
            self.doors[saved[3]].pop()
        elif kind == MOVEDOOR:
            src, dst, i = undo[1], undo[2], undo[3]
            p = saved[3]
            self.door[dst] = -1
            self.door[src] = p
            self.doors[p][i] = src
        (self.h, self.hm, self.ht, self.player, self.phase, self.moved,
         self.tile_action, self.door_action, self.round_ends, self.nsteps) = saved

    # -- take (N1)

    def _make_take(self, move: tuple, saved: tuple) -> tuple:
        T = self.T
        i = move[1]
        stack = self.stacks[i]
        t = stack.pop()
        ncls = T.nclasses
        k = T.tile_class[t]
        h = self.h ^ T.z_stack[i][len(stack) * ncls + k]
        me = self.player
        hand = self.hand[me]
        same = sum(1 for u in hand if T.tile_class[u] == k)
        zh = T.z_hand[me]
        self.h = h ^ zh[k * 4 + same] ^ zh[k * 4 + same + 1]
        hand.append(t)
        self.phase = 2
        s = self.stacks
        if not (s[0] or s[1] or s[2]):
            self.round_ends = True  # E2: the round ends after this turn
        self.ht = self._turn_hash()
        return (TAKE, i, t, saved)

    # -- tile actions (N2, P1-P3, N3, D3, D4)

    def _make_tile(self, move: tuple, saved: tuple, keep: tuple[int, ...]) -> tuple:
        """A tile action; ``keep`` is the priority list that settles tied fights (D4, D7)."""
        self._phase_two()
        change, changed, inverse = self._tile_change(move)
        lost: tuple = ()
        fights = self._fights(changed) if sum(1 for d in self.doors if d) >= 2 else []
        if fights or keep:
            records = self._fight_records(move, change, saved[0], saved[5], fights, inverse) if fights else []
            settled = _settle(records, keep)
            if isinstance(settled, str):
                self._revert_change(change)
                (self.h, self.hm, self.ht, self.player, self.phase, self.moved,
                 self.tile_action, self.door_action, self.round_ends, self.nsteps) = saved
                raise (TieError if settled == "tie" else CoreError)(
                    f"{action_of(self.T, move)}: {settled} (D4, D7)")
            lost = settled
            zd = self.T.z_door
            for p, s in lost:
                self.door[s] = -1
                self.doors[p].remove(s)
                self.h ^= zd[p][self.pkey(s)]
        self.hm = self._moved_hash() if self.moved else 0
        self.tile_action = True
        if not self.advanced:
            self.phase = 3
        self._maybe_end_turn()
        self.ht = self._turn_hash()
        return (*change, lost, saved)

    def fight_ties(self, move: tuple) -> list[tuple[int, ...]]:
        """The tied groups of players (seat order) in the fights a tile move starts, in the
        engine's order; empty when nothing needs a 'keep' choice (D4, D7).  Leaves the
        position as it was."""
        h0, moved0 = self.h, self.moved
        change, changed, inverse = self._tile_change(move)
        ties = []
        if sum(1 for d in self.doors if d) >= 2:
            fights = self._fights(changed)
            if fights:
                records = self._fight_records(move, change, h0, moved0, fights, inverse)
                ties = [tied for tied, _ in records if len(tied) > 1]
        self._revert_change(change)
        self.h, self.moved = h0, moved0
        return ties

    def _tile_change(self, move: tuple) -> tuple[tuple, tuple[int, ...], dict[int, int]]:
        """Lay, move, swap or turn the tile (riders and doors travel along, N2).

        Returns what ``_revert_change`` needs, the cells whose tile changed, and
        where each changed cell's tile was before (for D4's lengths before)."""
        T = self.T
        kind = move[0]
        if kind == PLACE:
            _, t, c, r = move
            me = self.player
            hand = self.hand[me]
            idx = hand.index(t)
            k = T.tile_class[t]
            same = sum(1 for u in hand if T.tile_class[u] == k)
            zh = T.z_hand[me]
            self.h ^= zh[k * 4 + same] ^ zh[k * 4 + same - 1]
            del hand[idx]
            self._put(c, t, T.tile_types[t].canon[0][r], [])
            return (PLACE, t, c, idx, me), (c,), {}
        if kind == MOVE:
            _, src, dst, r = move
            old = self.rot[src]
            occ = self.occupied(src)
            t, carried = self._lift(src)
            self._put(dst, t, T.tile_types[t].canon[occ][r], carried)
            if carried:
                self._relocate({src: dst}, [carried])
            return (MOVE, src, dst, old), (dst,), {dst: src}
        if kind == SWAP:
            _, a, ra, b, rb = move
            old_a, old_b = self.rot[a], self.rot[b]
            occ_a, occ_b = self.occupied(a), self.occupied(b)
            ta, ca = self._lift(a)
            tb, cb = self._lift(b)
            self._put(a, tb, T.tile_types[tb].canon[occ_b][ra], cb)
            self._put(b, ta, T.tile_types[ta].canon[occ_a][rb], ca)
            if ca or cb:
                self._relocate({a: b, b: a}, [ca, cb])
            return (SWAP, a, b, old_a, old_b), (a, b), {a: b, b: a}
        _, c, r = move
        old = self.rot[c]
        occ = self.occupied(c)
        t, carried = self._lift(c)
        self._put(c, t, T.tile_types[t].canon[occ][r], carried)
        return (ROTATE, c, old), (c,), {}

    def _revert_change(self, change: tuple) -> None:
        """Undo ``_tile_change`` (all but the hash and the turn record, which the caller restores)."""
        kind = change[0]
        if kind == PLACE:
            _, t, c, idx, me = change
            self.tile[c] = -1
            self._unconstrain(c)
            self.adj = {}
            self.hand[me].insert(idx, t)
        elif kind == MOVE:
            _, src, dst, old = change
            t, carried = self._lift(dst)
            self._put(src, t, old, carried)
            if carried:
                self._relocate({dst: src}, [carried])
        elif kind == SWAP:
            _, a, b, old_a, old_b = change
            tb, cb = self._lift(a)
            ta, ca = self._lift(b)
            self._put(a, ta, old_a, ca)
            self._put(b, tb, old_b, cb)
            if ca or cb:
                self._relocate({a: b, b: a}, [ca, cb])
        else:
            _, c, old = change
            t, carried = self._lift(c)
            self._put(c, t, old, carried)

    def _unmake_tile(self, undo: tuple) -> None:
        lost = undo[-2]
        for p, s in lost:
            self.door[s] = p
            self.doors[p].append(s)
        self._revert_change(undo[:-2])

    def _fight_records(self, move: tuple, change: tuple, h0: int, moved0: tuple, fights: list[list[int]],
                       inverse: dict[int, int]) -> list[tuple[tuple[int, ...], list[tuple[int, int]]]]:
        """For each tunnel fight, in the engine's order (by the tunnel's first spot):
        the players tied for the longest tunnel before the action (one: a clear winner),
        and the doors (player, spot) in the joined tunnel (D4, D6).

        A door on a moved tile counts the tunnel it came from; a player with doors in
        several of the joined tunnels counts the longest (D6)."""
        T = self.T
        spot0 = T.spot0
        doors = [[(self.door[s], s) for s in tunnel if self.door[s] >= 0] for tunnel in fights]
        order = [min((T.cells[(s - spot0) // 3], (s - spot0) % 3) for s in tunnel) for tunnel in fights]

        def before(s: int) -> int:
            c = (s - spot0) // 3
            return s + 3 * (inverse.get(c, c) - c)

        # The lengths before the action: take it back, measure, and do it again.
        self._revert_change(change)
        self.h, self.moved = h0, moved0
        length = {}
        for group in doors:
            for _, s in group:
                b = before(s)
                if b not in length:
                    length[b] = len({(x - spot0) // 3 for x in self._tunnel(b)})
        self._tile_change(move)
        records = []
        for _, group in sorted(zip(order, doors)):
            best: dict[int, int] = {}
            for p, s in group:
                best[p] = max(best.get(p, 0), length[before(s)])
            top = max(best.values())
            records.append((tuple(sorted(p for p, n in best.items() if n == top)), group))
        return records

    # -- steps (M2-M5, Z1, K1, K2, K4, E1, E4)

    def _make_step(self, move: tuple, saved: tuple) -> tuple:
        _, src, dst, handin = move
        T = self.T
        me = self.player
        # Onto a green area: a step that ends the round (E1) or the game (E4) goes to the referee.
        if 0 < dst < T.spot0 and (self.freed[me] + self.greens[me] + 1 >= self.target
                                  or self.greens[me] + 1 >= self.discovery):
            return self._referee(move)
        self._phase_two()
        used = self.steps_used(me, src)
        moved = self.moved
        zm = T.z_moved
        hm = self.hm
        if used:
            c = moved.count((src, used))
            i = ((self.pk[src] * 3 + used) * MAX_COUNT) + c
            hm ^= zm[i] ^ zm[i - 1]
            rest = list(moved)
            rest.remove((src, used))
            moved = tuple(rest)
        c = moved.count((dst, used + 1))
        i = ((self.pk[dst] * 3 + used + 1) * MAX_COUNT) + c
        self.hm = hm ^ zm[i] ^ zm[i + 1]  # the turn record's hash, count by count
        self.moved = (*moved, (dst, used + 1))
        self.nsteps += 1
        self._shift(me, src, dst)
        claimed = -1
        if 0 < dst < T.spot0:
            z = T.zone_of_green[dst - 1]
            if self.zone_owner[z] < 0:
                self.zone_owner[z] = me  # Z1: the first prisoner claims the zone
                self.h ^= T.z_zone[z * 4 + me]
                claimed = z
        had_key = self.key_[me]
        if had_key and dst < T.spot0:
            self.key_[me] = False  # K2: a prisoner reached the island or a green area
            self.h ^= T.z_key[me]
        handed = -1
        if not self.key_[me] and self.qualifies(me):
            if self.doors_in_hand(me) <= 0:
                # K1: both doors are on the board; the move names the one handed in.
                if handin < 0:
                    self.unmake((STEP, src, dst, claimed, had_key, -1, 0, saved))
                    raise CoreError("this step gains the master key with both doors on the board: name the door (K1)")
                handed = self.doors[me].index(handin)
                del self.doors[me][handed]
                self.door[handin] = -1
                self.h ^= T.z_door[me][self.pkey(handin)]
            self.key_[me] = True  # K1 (and K4: lost and regained in one step)
            self.h ^= T.z_key[me]
        self._maybe_end_turn()
        self.ht = self._turn_hash()
        return (STEP, src, dst, claimed, had_key, handin if handed >= 0 else -1, handed, saved)

    def qualifies(self, p: int) -> bool:
        """K1, K3: no prisoner on the island or outside a hideout, prisoners in play in 1 or 2 hideouts."""
        return self.pc[p][0] == 0 and self.nonhide[p] == 0 and 1 <= self.hides[p] <= 2

    def _shift(self, p: int, src: int, dst: int) -> None:
        """One prisoner of ``p`` from place ``src`` to ``dst``: counts, K1 counters, hash."""
        row = self.pc[p]
        zp = self.T.z_prisoners[p]
        pks = self.pk
        k = row[src]
        i = pks[src] * MAX_COUNT + k
        h = self.h ^ zp[i] ^ zp[i - 1]
        k = row[dst]
        i = pks[dst] * MAX_COUNT + k
        self.h = h ^ zp[i] ^ zp[i + 1]
        self._walk(p, src, dst)

    def _walk(self, p: int, src: int, dst: int) -> None:
        """One prisoner of ``p`` from place ``src`` to ``dst``: counts and K1 counters (no hash)."""
        row = self.pc[p]
        spot0 = self.T.spot0
        k = row[src]
        row[src] = k - 1
        where = self.where[p]
        where[where.index(src)] = dst
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

    def _unmake_step(self, undo: tuple) -> None:
        _, src, dst, claimed, had_key, handin, handed, saved = undo
        me = saved[3]
        if handin >= 0:
            self.doors[me].insert(handed, handin)
            self.door[handin] = me
        self.key_[me] = had_key
        if claimed >= 0:
            self.zone_owner[claimed] = -1
        self._walk(me, dst, src)

    # -- doors (D2, D5, N4)

    def _make_door(self, move: tuple, saved: tuple) -> tuple:
        T = self.T
        me = self.player
        self._phase_two()
        zd = T.z_door[me]
        if move[0] == DOOR:
            s = move[1]
            self.door[s] = me
            self.doors[me].append(s)
            self.h ^= zd[self.pkey(s)]
            undo: tuple = (DOOR, s, saved)
        else:
            _, src, dst = move
            i = self.doors[me].index(src)
            self.doors[me][i] = dst
            self.door[src] = -1
            self.door[dst] = me
            self.h ^= zd[self.pkey(src)] ^ zd[self.pkey(dst)]
            undo = (MOVEDOOR, src, dst, i, saved)
        self.door_action = True
        self._maybe_end_turn()
        self.ht = self._turn_hash()
        return undo


# ====================================================================== tunnel fights


def _settle(records: list, keep: tuple[int, ...]) -> tuple | str:
    """The doors lost in the fights ``records`` describe, with ``keep`` settling ties (D4, D7),
    or why the choice is wrong: "tie" (a tie is left open), or another reason."""
    lost: list = []
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


def action_of(T: Tables, move: tuple) -> Action:
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
        return move[1]
    if kind == KEEP:
        return action_of(T, move[1]).with_choices(Choices(keep=move[3]))
    raise CoreError(f"unknown move {move!r}")


def move_of(pos: Position, action: Action) -> tuple:
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


def _written_place(pos: Position, place) -> int:
    """A place as an action writes it: q,r names a green area when q,r is a green cell."""
    if place.kind is PlaceKind.TILE and place.cell in pos.T.green_index:
        return 1 + pos.T.green_index[place.cell]
    return pos.place_index(place)


__all__ = [
    "ACT_PHASE", "DOOR", "END", "FREE_PHASE", "KEEP", "MOVE", "MOVEDOOR", "OVER", "PASS", "PLACE", "REFEREE", "ROTATE",
    "STEP", "SWAP", "TAKE", "TAKE_PHASE", "TILE_PHASE", "CoreError", "Position", "TieError", "action_of", "keep_options",
    "move_of",
]
