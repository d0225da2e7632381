"""Der Tunnel's referee: turns, their notation, legality with reasons, and applying them.

A turn (CB2) is one :class:`Move`: the tile drawn, where it goes and how it is turned
(or ``out`` when it fits nowhere, CB3), then up to one follower (CB4) and up to one
tunnel token (TU1) in the order the player placed them (TU5).  Its text reads back::

    U 1,0@1                      the tile U on 1,0, turned once clockwise
    U 1,0@1 f road:E             ... and a follower on its road through the east edge
    TU-A 0,1@0 t red 0,1:E f road:E   a red token on the tile's east opening, then a follower
    TU-C 2,1@2 t grey 2,1:N 0,1:E     TV3: both tokens of a common pair at once
    R out                        R fits nowhere and leaves the game (CB3)

Features are named on the tile just placed, in board directions, by any edge (roads,
city parts), any half-edge (fields: Nw Ne En Es Se Sw Ws Wn) or ``cloister``;
:func:`canonical` writes the first.  An opening is ``x,y:EDGE``, the edge its road
reaches.

:func:`problems` gives every reason a move is illegal, each with its ruling id;
:func:`play` applies a legal one on a copy and scores what it completed; :func:`moves`
lists every legal turn (a follower placed before the token: placing it first is never
less allowed and ends in the same position, TU5).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from ...errors import NotationError, Problem
from .model import COLOURS, FOLLOWERS, Cell, Opening, Position, Score
from .tiles import DELTA, EDGES, tile_set

#: The variants against the cutthroat token (TV1–TV4) and the token counts (TU8).
VARIANTS = ("TV1", "TV2", "TV3", "TV4")
TOKEN_COUNTS = ("3/2", "2/1")
#: Sets a player holds by player count (TU8); any count not listed: one.
_SETS_BY = {"3/2": {2: 3, 3: 2}, "2/1": {2: 2}}
MIN_PLAYERS, MAX_PLAYERS = 2, 5


class IllegalMove(ValueError):
    """A move the referee refuses, with every reason."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("; ".join(str(p) for p in problems))


@dataclass(frozen=True)
class Follower:
    """A follower on the feature ``feature`` names on the tile just placed."""

    feature: str

    def __str__(self) -> str:
        return f"f {self.feature}"


@dataclass(frozen=True)
class Token:
    """A token of the set ``set`` on ``openings`` (one; two at once with TV3)."""

    set: str
    openings: tuple[Opening, ...]

    def __str__(self) -> str:
        return "t " + " ".join([self.set, *(opening_text(o) for o in self.openings)])


Step = Follower | Token


@dataclass(frozen=True)
class Move:
    """One turn: ``tile`` placed on ``cell`` turned ``rotation`` times, then ``steps``
    in order; ``cell`` None: the tile is put out (CB3)."""

    tile: str
    cell: Cell | None
    rotation: int = 0
    steps: tuple[Step, ...] = ()

    def __str__(self) -> str:
        if self.cell is None:
            return f"{self.tile} out"
        return " ".join([f"{self.tile} {cell_text(self.cell)}@{self.rotation}", *(str(s) for s in self.steps)])

    @property
    def follower(self) -> Follower | None:
        return next((s for s in self.steps if isinstance(s, Follower)), None)

    @property
    def token(self) -> Token | None:
        return next((s for s in self.steps if isinstance(s, Token)), None)


@dataclass(frozen=True)
class Turn:
    """A move applied: the position after it and what it scored (CB6–CB8, TU7)."""

    position: Position
    scored: tuple[Score, ...]


# ------------------------------------------------------------------------ notation

_INT = r"[+-]?[0-9]{1,6}"
_CELL = re.compile(rf"({_INT}),({_INT})", re.ASCII)
_PLACE = re.compile(rf"({_INT}),({_INT})@([0-3])", re.ASCII)
_OPENING = re.compile(rf"({_INT}),({_INT}):([NESW])", re.ASCII)


def cell_text(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def opening_text(opening: Opening) -> str:
    return f"{cell_text(opening[0])}:{EDGES[opening[1]]}"


def parse_cell(text: str) -> Cell:
    m = _CELL.fullmatch(text.strip())
    if not m:
        raise NotationError(f"{text!r} is not a tile position x,y (whole numbers, TG1)")
    return int(m.group(1)), int(m.group(2))


def parse_opening(text: str) -> Opening:
    m = _OPENING.fullmatch(text)
    if not m:
        raise NotationError(f"{text!r} is not an opening x,y:EDGE (an edge of N E S W, TU1)")
    return (int(m.group(1)), int(m.group(2))), EDGES.index(m.group(3))


def parse_move(text: str) -> Move:
    """The move ``text`` writes (the notation above); NotationError says what is wrong."""
    if not isinstance(text, str):
        raise NotationError(f"a move is a line of text, not {text!r}")
    words = text.split()
    if len(words) < 2:
        raise NotationError(f"{text!r}: a move is a tile and where it goes (U 1,0@1) or that it is out (R out)")
    name, where, rest = words[0], words[1], words[2:]
    if name not in tile_set().types:
        raise NotationError(f"{name!r} is no tile of the game (A to X, TU-A to TU-D, TG2, TG3)")
    if where == "out":
        if rest:
            raise NotationError(f"{text!r}: a tile put out is the whole turn (CB3)")
        return Move(name, None)
    m = _PLACE.fullmatch(where)
    if not m:
        raise NotationError(f"{where!r} is not a place and turn x,y@R (R 0 to 3 quarter turns clockwise, TG1)")
    steps: list[Step] = []
    i = 0
    while i < len(rest):
        word = rest[i]
        if word == "f" and i + 1 < len(rest):
            steps.append(Follower(rest[i + 1]))
            i += 2
        elif word == "t" and i + 2 < len(rest):
            set_ = rest[i + 1]
            openings = []
            i += 2
            while i < len(rest) and rest[i] not in ("f", "t"):
                openings.append(parse_opening(rest[i]))
                i += 1
            if not openings:
                raise NotationError(f"{text!r}: a token 't {set_}' is followed by the opening it goes on "
                                    f"(x,y:EDGE, TU1)")
            steps.append(Token(set_, tuple(openings)))
        else:
            raise NotationError(f"{text!r}: after the tile come 'f FEATURE' (a follower) and 't SET x,y:EDGE' "
                                f"(a token), not {word!r}")
    return Move(name, (int(m.group(1)), int(m.group(2))), int(m.group(3)), tuple(steps))


# ------------------------------------------------------------------------ set-up


def deal_sets(players: tuple[str, ...], count: str = "3/2", variants: Iterable[str] = ()) -> dict[str, int | None]:
    """Which seat holds each token set (TU8): every player their colour's set, then
    extra sets in colours no player uses, dealt in seat order; with TV3 all six sets
    are a common supply (None)."""
    if "TV3" in variants:
        return dict.fromkeys(COLOURS)
    sets: dict[str, int | None] = {p: seat for seat, p in enumerate(players)}
    extras = [c for c in COLOURS if c not in players]
    for _ in range(_SETS_BY[count].get(len(players), 1) - 1):
        for seat in range(len(players)):
            sets[extras.pop(0)] = seat
    return sets


def new_game(players: int | tuple[str, ...], *, tokens: str = "3/2", variants: Iterable[str] = (),
             seed: int | None = None) -> Position:
    """A new game: the start tile (D, TG2) on 0,0, every other tile of the box in the
    stack, shuffled by ``seed`` (a known order) or, without one, of known number only."""
    seats = COLOURS[:players] if isinstance(players, int) else tuple(players)
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS or len(set(seats)) != len(seats) \
            or not set(seats) <= set(COLOURS[:MAX_PLAYERS]):
        raise ValueError(f"Der Tunnel is for {MIN_PLAYERS} to {MAX_PLAYERS} players of different colours among "
                         f"{', '.join(COLOURS[:MAX_PLAYERS])}, not {', '.join(map(str, seats)) or 'none'} (CB1)")
    if tokens not in TOKEN_COUNTS:
        raise ValueError(f"the token count is one of {', '.join(TOKEN_COUNTS)}, not {tokens!r} (TU8)")
    variants = frozenset(variants)
    if not variants <= set(VARIANTS):
        raise ValueError(f"the variants are some of {', '.join(VARIANTS)}, not {', '.join(sorted(variants))} (TV1-TV4)")
    ts = tile_set()
    pos = Position(seats, frozenset(variants), tokens, supply=[FOLLOWERS] * len(seats), scores=[0] * len(seats),
                   sets=deal_sets(seats, tokens, variants))
    box = ts.box()
    box.remove(ts.start.name)
    pos.pool = Counter(box)
    pos.left = len(box) + 1  # the start tile is "drawn" by put_tile below
    pos.pool[ts.start.name] += 1
    pos.put_tile((0, 0), ts.oriented(ts.start.name, 0))
    pos.turns = 0
    if seed is not None:
        random.Random(seed).shuffle(box)
        pos.stack = tuple(box)
    return pos


# ------------------------------------------------------------------------ placement


@cache
def _rotations(name: str) -> tuple[int, ...]:
    """The turns of a tile that give different tiles (C turned is C)."""
    seen: dict[tuple[object, ...], int] = {}
    for r in range(4):
        o = tile_set().oriented(name, r)
        seen.setdefault((o.edges, tuple(sorted(map(repr, o.features)))), r)
    return tuple(seen.values())


@cache
def _fits(name: str, need: str) -> tuple[int, ...]:
    return tuple(r for r in _rotations(name)
                 if all(n in (".", e) for n, e in zip(need, tile_set().oriented(name, r).edges, strict=True)))


def placements(pos: Position, name: str) -> list[tuple[Cell, int]]:
    """Every place and turn where tile ``name`` may go (CB3), turns that give the same
    tile once, in board order."""
    found = []
    for cell in sorted(pos.frontier, key=lambda c: (c[1], c[0])):
        for r in _fits(name, pos.frontier[cell]):
            found.append((cell, r))
    return found


def _placement_problems(pos: Position, move: Move) -> list[Problem]:
    assert move.cell is not None
    cell = move.cell
    if cell in pos.board:
        return [Problem("CB3", f"{cell_text(cell)} already holds a tile ({pos.board[cell].tile.tile.name})",
                        ("cell", cell))]
    need = pos.frontier.get(cell)
    if need is None:
        return [Problem("CB3", f"{cell_text(cell)} shares no edge with a placed tile (corners do not count)",
                        ("cell", cell))]
    tile = tile_set().oriented(move.tile, move.rotation)
    kinds = {"C": "city", "R": "road", "F": "field"}
    found = []
    for e in range(4):
        if need[e] != "." and need[e] != tile.edges[e]:
            x, y = cell
            other = (x + DELTA[e][0], y + DELTA[e][1])
            found.append(Problem("CB3", f"{move.tile}@{move.rotation} on {cell_text(cell)}: its {EDGES[e]} edge "
                                        f"({kinds[tile.edges[e]]}) meets the {EDGES[(e + 2) % 4]} edge "
                                        f"({kinds[need[e]]}) of the tile on {cell_text(other)}", ("cell", cell)))
    return found


def _draw_problems(pos: Position, name: str) -> list[Problem]:
    if pos.over:
        return [Problem("CB9", "the game is over: no tile is left to draw")]
    top = pos.next_tile()
    if top is not None and name != top:
        return [Problem("CB2", f"the tile drawn is {top} (the top of the stack), not {name}")]
    if pos.pool[name] <= 0:
        return [Problem("CB2", f"no {name} tile is left to draw (every one is placed or out)")]
    return []


# ------------------------------------------------------------------------ steps


def _road_seats(pos: Position, root: int) -> set[int]:
    return {seat for _, _, seat in pos.info[root].followers}


def follower_problem(pos: Position, cell: Cell, feature: str, seat: int, *, token_first: bool = False) -> Problem | None:
    """Why ``seat`` may not put a follower on ``feature`` of the tile on ``cell`` now,
    or None (CB1, CB4; TU5 when a token placed earlier this turn made the difference)."""
    tile = pos.board[cell].tile
    local = tile.feature_named(feature)
    if local is None:
        names = ", ".join(f.name for f in tile.features)
        return Problem("CB4", f"{tile.tile.name}@{tile.rotation} on {cell_text(cell)} has no {feature} "
                              f"(its features: {names})", ("follower", feature))
    if pos.supply[seat] <= 0:
        return Problem("CB1", f"{pos.players[seat]} has no follower left (all {FOLLOWERS} are on the board)",
                       ("follower", feature))
    info = pos.info[pos.root_at(cell, local)]
    if info.followers:
        holders = sorted({pos.players[s] for _, _, s in info.followers})
        where = ", ".join(sorted({cell_text(c) for c, _, _ in info.followers}))
        rule = "TU5" if token_first else "CB4"
        more = "; the token placed first this turn joined it to that road" if token_first else ""
        return Problem(rule, f"the {info.kind} of {tile.features[local].name} already holds a follower "
                             f"({', '.join(holders)} on {where}){more}", ("follower", feature))
    return None


def token_problems(pos: Position, token: Token, seat: int) -> list[Problem]:
    """Why ``seat`` may not lay ``token`` now (TU1, TU2, TU4, TU8, TV1–TV4), each reason."""
    found: list[Problem] = []
    subject = ("token", token.set)
    player = pos.players[seat]
    common = "TV3" in pos.variants
    want = 2 if common else 1
    if len(token.openings) != want:
        return [Problem("TV3" if common else "TU1",
                        "with TV3 a token action lays both tokens of a pair at once, on two openings" if common
                        else "a token goes on one opening (TV3, both of a pair at once, is not played)", subject)]
    if len(set(token.openings)) != len(token.openings):
        return [Problem("TU4", "the two tokens of a pair go on two different openings", subject)]
    if token.set not in pos.sets:
        return [Problem("TU8", f"no token set is called {token.set!r} in this game "
                               f"(the sets: {', '.join(pos.sets)})", subject)]
    laid = pos.placed.get(token.set, ())
    owner = pos.sets[token.set]
    if common:
        if laid:
            found.append(Problem("TV3", f"the {token.set} pair is already on the board; tokens never come back (TU8)",
                                 subject))
    elif len(laid) >= 2:
        found.append(Problem("TU8", f"both {token.set} tokens are on the board; tokens never come back", subject))
    elif owner != seat:
        first_road = pos.opening_root(laid[0]) if laid else None
        if "TV2" in pos.variants and token.set in pos.stealable and first_road is not None \
                and seat in _road_seats(pos, first_road):
            pass  # TV2: the owner let a chance pass; this player's follower is on the road
        elif "TV2" in pos.variants and laid:
            found.append(Problem("TV2", f"the {token.set} set is {pos.players[owner or 0]}'s: its partner may be "
                                        f"taken only after its owner let a turn pass with an opening free, by a "
                                        f"player with a follower on the road of its first token", subject))
        else:
            found.append(Problem("TU8", f"the {token.set} set is {pos.players[owner or 0]}'s, not {player}'s", subject))
    for opening in token.openings:
        root = pos.opening_root(opening)
        if opening[0] not in pos.board:
            found.append(Problem("TU1", f"there is no tile on {cell_text(opening[0])}", subject))
            continue
        if root is None:
            found.append(Problem("TU1", f"{opening_text(opening)} is not a tunnel opening", subject))
            continue
        if opening in pos.tokens:
            found.append(Problem("TU2", f"{opening_text(opening)} is already claimed by a {pos.tokens[opening]} token",
                                 subject))
            continue
        seats = _road_seats(pos, root)
        if "TV1" in pos.variants and seat not in seats:
            found.append(Problem("TV1", f"the road of {opening_text(opening)} holds no follower of {player}", subject))
        if "TV4" in pos.variants and not common and not laid and seats - {seat}:
            others = ", ".join(sorted(pos.players[s] for s in seats - {seat}))
            found.append(Problem("TV4", f"a set's first token may not go on {opening_text(opening)}: its road holds a "
                                        f"follower of {others}", subject))
    return found


# ------------------------------------------------------------------------ judging and applying


def problems(pos: Position, move: Move) -> list[Problem]:
    """Every reason ``move`` is illegal for the player to move, each with its ruling id;
    empty when it is legal."""
    found = _draw_problems(pos, move.tile)
    if found:
        return found
    if move.cell is None:
        fit = placements(pos, move.tile)
        if fit:
            (cell, r) = fit[0]
            return [Problem("CB11", f"{move.tile} fits ({move.tile} {cell_text(cell)}@{r}): a tile is out only when "
                                   f"it fits nowhere")]
        return []
    found = _placement_problems(pos, move)
    if found:
        return found
    _turn(pos.copy(), move, found)
    return found


def _turn(pos: Position, move: Move, found: list[Problem] | None) -> tuple[Score, ...]:
    """Apply ``move`` to ``pos`` in place; with ``found`` given, judge each step first
    and stop at the first illegal one (its reasons appended)."""
    seat = pos.turn
    if move.cell is None:
        pos.put_out(move.tile)
        return ()
    tile = tile_set().oriented(move.tile, move.rotation)
    touched = pos.put_tile(move.cell, tile)
    touched |= pos.cloisters_near(move.cell)
    # TV2 (TV5): which of the mover's half-laid sets could have had their partner laid
    # legally once the tile lay; those still half laid at the end are open to theft.
    chances: set[str] = set()
    if "TV2" in pos.variants:
        free = [o for o in pos.mouths if o not in pos.tokens]
        chances = {s for s, laid in pos.placed.items() if len(laid) == 1 and pos.sets.get(s) == seat
                   and any(not token_problems(pos, Token(s, (o,)), seat) for o in free)}
    followers = tokens = 0
    before_token: Position | None = None
    for step in move.steps:
        if isinstance(step, Follower):
            followers += 1
            if found is not None:
                if followers > 1:
                    found.append(Problem("CB2", "one follower a turn", ("follower", step.feature)))
                    return ()
                problem = follower_problem(pos, move.cell, step.feature, seat)
                if problem is not None:
                    if before_token is not None and problem.rule == "CB4" \
                            and follower_problem(before_token, move.cell, step.feature, seat) is None:
                        # The road was free until this turn's token joined it (TU5).
                        problem = follower_problem(pos, move.cell, step.feature, seat, token_first=True)
                    assert problem is not None
                    found.append(problem)
                    return ()
            local = tile.feature_named(step.feature)
            assert local is not None
            pos.put_follower(move.cell, local, seat)
        else:
            tokens += 1
            if found is not None:
                if tokens > 1:
                    found.append(Problem("TU1", "one token action a turn", ("token", step.set)))
                    return ()
                reasons = token_problems(pos, step, seat)
                if reasons:
                    found.extend(reasons)
                    return ()
                if followers == 0:
                    before_token = pos.copy()
            for opening in step.openings:
                root = pos.put_token(step.set, opening)
                if root is not None:
                    touched.add(root)
    scored = pos.score_completed(touched, pos.turns)
    missed = {s for s in chances if len(pos.placed.get(s, ())) == 1}
    if missed:
        pos.stealable = pos.stealable | missed
    pos.turn = (seat + 1) % len(pos.players)
    return tuple(scored)


def play(pos: Position, move: Move) -> Turn:
    """``move`` applied to a copy of ``pos``; IllegalMove (every reason) if it is not legal."""
    found = problems(pos, move)
    if found:
        raise IllegalMove(found)
    after = pos.copy()
    scored = _turn(after, move, None)
    return Turn(after, scored)


def apply(pos: Position, move: Move) -> Position:
    return play(pos, move).position


def apply_unchecked(pos: Position, move: Move) -> tuple[Score, ...]:
    """Apply a move known to be legal to ``pos`` in place (bots, soak games)."""
    return _turn(pos, move, None)


def canonical(pos: Position, move: Move) -> Move:
    """``move`` with each follower's feature under its first name (``road:E``)."""
    if move.cell is None or not any(isinstance(s, Follower) for s in move.steps):
        return move
    tile = tile_set().oriented(move.tile, move.rotation)
    steps: list[Step] = []
    for s in move.steps:
        if isinstance(s, Follower):
            local = tile.feature_named(s.feature)
            s = Follower(tile.features[local].name) if local is not None else s
        steps.append(s)
    return Move(move.tile, move.cell, move.rotation, tuple(steps))


# ------------------------------------------------------------------------ every legal turn


def follower_choices(pos: Position, cell: Cell, seat: int) -> list[Follower]:
    """The features of the tile just placed on ``cell`` a follower of ``seat`` may take now."""
    if pos.supply[seat] <= 0:
        return []
    placed = pos.board[cell]
    return [Follower(f.name) for i, f in enumerate(placed.tile.features)
            if not pos.info[pos.find(placed.base + i)].followers]


def token_choices(pos: Position, seat: int) -> list[Token]:
    """The token actions ``seat`` may take now: a first token of one fresh set (which
    fresh set is the same to the game; the first in colour order), the partner of each
    half-placed set, TV2's thefts, or with TV3 one fresh common pair on two openings."""
    free = [o for o in pos.mouths if o not in pos.tokens]
    if not free:
        return []
    candidates: list[Token] = []
    if "TV3" in pos.variants:
        fresh = next((s for s in pos.sets if s not in pos.placed), None)
        if fresh is not None:
            candidates = [Token(fresh, (a, b)) for i, a in enumerate(free) for b in free[i + 1:]]
    else:
        # In colour order, not the order the sets were dealt or a file lists them: the
        # same position lists the same turns (TU11).
        fresh = next((s for s in COLOURS if pos.sets.get(s, -1) == seat and s not in pos.placed), None)
        # In colour order, not the order the sets were laid or written in a file, so that
        # two files of one position list the same turns.
        half = [s for s in COLOURS if len(pos.placed.get(s, ())) == 1
                and (pos.sets.get(s) == seat or ("TV2" in pos.variants and s in pos.stealable))]
        for s in ([fresh] if fresh else []) + half:
            candidates += [Token(s, (o,)) for o in free]
    return [t for t in candidates if not token_problems(pos, t, seat)]


def moves(pos: Position, tile: str | None = None) -> list[Move]:
    """Every legal turn with the drawn tile (``tile``, or the top of a known stack):
    each placement with no follower or one, then no token or one; ``out`` alone when
    it fits nowhere."""
    name = tile or pos.next_tile()
    if name is None or _draw_problems(pos, name):
        return []
    where = placements(pos, name)
    if not where:
        return [Move(name, None)]
    seat = pos.turn
    found = []
    for cell, r in where:
        after = pos.copy()
        after.put_tile(cell, tile_set().oriented(name, r))
        for f in [None, *follower_choices(after, cell, seat)]:
            with_f = after
            if f is not None:
                with_f = after.copy()
                local = with_f.board[cell].tile.feature_named(f.feature)
                assert local is not None
                with_f.put_follower(cell, local, seat)
            for t in [None, *token_choices(with_f, seat)]:
                steps = tuple(s for s in (f, t) if s is not None)
                found.append(Move(name, cell, r, steps))
    return found
