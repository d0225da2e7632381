"""Der Tunnel's bots, games between them, and their figures (issue 27, parts 4 and 5).

Three bots, each a function of the position and its own random generator
(:func:`choose`), each choosing only among the referee's legal placements, followers
and token actions (:func:`.rules.placements`, :func:`.preview.free_features`, which is
CB4's test, :func:`.rules.token_choices`), so every variant is respected (TV1–TV4):

``random``
    A placement drawn uniformly (CB3); then, half the time, a follower on a feature of
    the new tile drawn uniformly among those free (CB4); then, a quarter of the time, a
    token action drawn uniformly among the legal ones (TU1, TU4, TV1–TV4).
``greedy``
    The placement and follower that most raise its *worth* minus the most any opponent's
    worth rises (:mod:`.preview`: points, plus what standing followers hold, plus a point
    a follower in hand; a tie prefers no follower, then is drawn by its generator).
    Then a token, if one gains: the partner of its set (or TV2's theft, or TV3's pair)
    when the join completes or grows a road it leads (:func:`.preview.join_change`, a
    theft also counting a point for each of its followers it frees); a fresh set's
    first token on an opening whose best later join would gain, at half that gain (with
    TV1, only joins whose partner it could lay: onto a road with its own follower, TV5).
    It does not see a trap coming: it may put a follower on a road someone has
    half-claimed.
``cutthroat``
    Greedy, except its tokens: whenever a legal first token of a fresh set can go on an
    opening whose road holds more followers of other players than of its own (with none
    of its own: the classic trap; with some, TV1's only way), it lays it there (the road
    with the most such followers, then the longest), and it never lays the partner of a
    set whose first token lies on such a road: the road can never complete (TU3), the
    followers on it are trapped until the end (TU9), unless TV2 lets a victim steal the
    partner.

A game depends only on its seed: the stack is :func:`.rules.new_game`'s shuffle by
``seed``, each seat draws from its own generator seeded by the seed and the seat (so a
seat's choices of bot do not change another seat's draws).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ...console import simulation, spread
from . import rules
from .model import Opening, Position, Score
from .preview import IN_HAND, Lens, join_change, outlook
from .preview import free_features as _free_features
from .rules import Follower, Move, Token
from .tiles import tile_set

BOTS = ("random", "greedy", "cutthroat")
#: The random bot's chances of a follower and of a token action on a turn.
FOLLOWER_CHANCE, TOKEN_CHANCE = 0.5, 0.25


# ------------------------------------------------------------------------ bots


def choose(bot: str, pos: Position, rng: random.Random) -> Move:
    """The move ``bot`` plays in ``pos`` (its stack known), drawing from ``rng``; always
    legal (``rules.problems(pos, move) == []``).  ValueError for an unknown bot or a
    position with no known tile to draw."""
    if bot not in BOTS:
        raise ValueError(f"no bot called {bot!r} (the bots: {', '.join(BOTS)})")
    name = pos.next_tile()
    if name is None:
        raise ValueError("the bots play a known stack: no tile to draw")
    where = rules.placements(pos, name)
    if not where:
        return Move(name, None)  # CB3: it fits nowhere and leaves the game
    if bot == "random":
        return _random_move(pos, name, where, rng)
    return _greedy_move(pos, name, where, rng, cutthroat=bot == "cutthroat")


def _free_openings(pos: Position, new: list[Opening]) -> bool:
    """Whether any opening would be unclaimed once the tile is placed (else no token)."""
    return bool(new) or any(o not in pos.tokens for o in pos.mouths)


def _after(pos: Position, name: str, cell: tuple[int, int], rotation: int, follower: Follower | None) -> Position:
    """A copy of ``pos`` with the tile placed and the follower on it, not yet scored:
    where the turn's token action is judged (TU5: the follower came first)."""
    after = pos.copy()
    tile = tile_set().oriented(name, rotation)
    after.put_tile(cell, tile)
    if follower is not None:
        local = tile.feature_named(follower.feature)
        assert local is not None
        after.put_follower(cell, local, pos.turn)
    return after


def _tile_openings(name: str, cell: tuple[int, int], rotation: int) -> list[Opening]:
    tile = tile_set().oriented(name, rotation)
    return [(cell, f.edges[0]) for f in tile.features if f.end == "opening"]


def _random_move(pos: Position, name: str, where: list[tuple[tuple[int, int], int]], rng: random.Random) -> Move:
    cell, rotation = rng.choice(where)
    tile = tile_set().oriented(name, rotation)
    follower: Follower | None = None
    if pos.supply[pos.turn] > 0 and rng.random() < FOLLOWER_CHANCE:
        free = _free_features(pos, cell, tile)
        if free:
            follower = Follower(tile.features[rng.choice(free)].name)
    steps: list[Follower | Token] = [follower] if follower else []
    if rng.random() < TOKEN_CHANCE and _free_openings(pos, _tile_openings(name, cell, rotation)):
        choices = rules.token_choices(_after(pos, name, cell, rotation, follower), pos.turn)
        if choices:
            steps.append(rng.choice(choices))
    return Move(name, cell, rotation, tuple(steps))


def _edge(change: tuple[int, ...] | list[int], seat: int) -> int:
    """A seat's change less the best change of any opponent."""
    others = [c for s, c in enumerate(change) if s != seat]
    return change[seat] - max(others)


def _greedy_move(pos: Position, name: str, where: list[tuple[tuple[int, int], int]], rng: random.Random, *,
                 cutthroat: bool) -> Move:
    seat = pos.turn
    ts = tile_set()
    best: tuple[int, int] | None = None
    top: list[tuple[tuple[int, int], int, str | None]] = []
    lens = Lens(pos)
    for cell, rotation in where:
        look = outlook(pos, cell, ts.oriented(name, rotation), lens)
        base = _edge(look.change, seat)
        for feature, extra in ((None, 0), *look.options):
            # A tie prefers no follower: a follower is placed only for a gain.
            key = (base + extra, feature is None)
            if best is None or key > best:
                best, top = key, [(cell, rotation, feature)]
            elif key == best:
                top.append((cell, rotation, feature))
    cell, rotation, feature = top[0] if len(top) == 1 else rng.choice(top)
    follower = Follower(feature) if feature is not None else None
    steps: list[Follower | Token] = [follower] if follower else []
    if _free_openings(pos, _tile_openings(name, cell, rotation)):
        after = _after(pos, name, cell, rotation, follower)
        choices = rules.token_choices(after, seat)
        token = _pick_token(after, choices, seat, rng, cutthroat=cutthroat) if choices else None
        if token is not None:
            steps.append(token)
    return Move(name, cell, rotation, tuple(steps))


def road_followers(pos: Position, opening: Opening, seat: int) -> tuple[int, int]:
    """Followers of ``seat`` and of everyone else on the road of ``opening``."""
    root = pos.opening_root(opening)
    assert root is not None
    own = sum(1 for _, _, s in pos.info[root].followers if s == seat)
    return own, len(pos.info[root].followers) - own


def is_trap(pos: Position, opening: Opening, seat: int) -> bool:
    """Whether a first token of ``seat`` on ``opening`` would trap others: its road holds
    more followers of other players than of ``seat`` (the cutthroat's test)."""
    own, others = road_followers(pos, opening, seat)
    return others > own


def _pick_token(pos: Position, choices: list[Token], seat: int, rng: random.Random, *, cutthroat: bool) -> Token | None:
    if cutthroat:
        traps = []
        for t in choices:
            if len(t.openings) == 1 and t.set not in pos.placed and is_trap(pos, t.openings[0], seat):
                own, others = road_followers(pos, t.openings[0], seat)
                root = pos.opening_root(t.openings[0])
                assert root is not None
                traps.append(((others - own, len(pos.info[root].tiles)), t))
        if traps:
            most = max(k for k, _ in traps)
            return rng.choice([t for k, t in traps if k == most])
    free = [o for o in pos.mouths if o not in pos.tokens]
    own_road = "TV1" in pos.variants
    best = 0
    top: list[Token] = []
    for t in choices:
        laid = pos.placed.get(t.set, ())
        if len(t.openings) == 2:  # TV3: a pair at once
            value = _edge(join_change(pos, *t.openings), seat)
        elif laid:  # the partner of a set: its own, or TV2's theft
            if cutthroat and pos.sets[t.set] == seat and is_trap(pos, laid[0], seat):
                continue  # the trap stays shut
            value = _edge(join_change(pos, laid[0], t.openings[0]), seat)
            if pos.sets[t.set] != seat:
                value += IN_HAND * road_followers(pos, laid[0], seat)[0]
        else:  # a fresh set's first token: half of the best join it prepares
            (o,) = t.openings
            # With TV1 the partner too needs a follower of its own on its road (TV5).
            value = max((_edge(join_change(pos, o, other), seat) for other in free
                         if other != o and (not own_road or road_followers(pos, other, seat)[0])), default=0) // 2
        if value > best:
            best, top = value, [t]
        elif value == best and value > 0:
            top.append(t)
    if not top:
        return None
    return top[0] if len(top) == 1 else rng.choice(top)


# ------------------------------------------------------------------------ games


def half_claimed(pos: Position) -> dict[int, list[str]]:
    """Each road (its root) holding a *half-claimed* opening: a token whose set's partner
    is not on the board (TU3: the road cannot complete until it is), with those sets."""
    found: dict[int, list[str]] = {}
    for set_, laid in pos.placed.items():
        if len(laid) == 1:
            root = pos.opening_root(laid[0])
            assert root is not None
            found.setdefault(root, []).append(set_)
    return found


@dataclass(frozen=True)
class Trapped:
    """A road holding a half-claimed opening (:func:`half_claimed`) as the game ends:
    its tiles (what it scores at the end for its majority, CB9, TU9), the followers on
    it by seat, and the seats owning the sets half-claimed on it."""

    tiles: int
    followers: tuple[int, ...]
    owners: tuple[int, ...]

    @property
    def victims(self) -> int:
        """Followers on it of seats owning none of its half-claimed sets."""
        return sum(n for s, n in enumerate(self.followers) if s not in self.owners)


def trapped_roads(pos: Position) -> list[Trapped]:
    """Every road holding a half-claimed opening, in root order (TV3's common pairs have
    no owner: a road is never half-claimed with TV3 anyway)."""
    n = len(pos.players)
    found = []
    for root, sets in sorted(half_claimed(pos).items()):
        info = pos.info[root]
        counts = [0] * n
        for _, _, s in info.followers:
            counts[s] += 1
        owners = tuple(sorted({o for o in (pos.sets.get(s) for s in sets) if o is not None}))
        found.append(Trapped(len(info.tiles), tuple(counts), owners))
    return found


@dataclass
class Game:
    """One game between bots: the start, every move, the position after the last one
    (``final``, before the end's scoring) and the end's score sheet (CB9, on a copy) with
    the totals after it; and the figures of the study: the points scored during play
    (``scored``), each seat's traps (first tokens on roads where others' followers
    outnumber its own), thefts (TV2), and follower-turns spent on trapped roads (after
    each move, the seat's followers standing on a road with a half-claimed opening)."""

    players: tuple[str, ...]
    bots: tuple[str, ...]
    seed: int
    start: Position
    moves: list[Move]
    final: Position
    sheet: list[Score]
    totals: list[int]
    scored: list[Score] = field(default_factory=list)
    traps: list[int] = field(default_factory=list)
    thefts: list[int] = field(default_factory=list)
    held: list[int] = field(default_factory=list)

    @property
    def turns(self) -> int:
        """Moves played, tiles put out (CB3) included."""
        return len(self.moves)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the most points after the end's scoring (CB10: all who tie)."""
        top = max(self.totals)
        return tuple(s for s, t in enumerate(self.totals) if t == top)

    @property
    def tunnels(self) -> int:
        """Tunnels built: sets with both tokens on the board (TU4)."""
        return sum(1 for laid in self.final.placed.values() if len(laid) == 2)


def play_game(players: tuple[str, ...] | int, bots: tuple[str, ...], seed: int, *, tokens: str = "3/2",
              variants: frozenset[str] = frozenset()) -> Game:
    """A new game (:func:`.rules.new_game` with ``seed``) played to the end by ``bots``
    (one per seat, or one for all).  The same arguments give the same moves."""
    pos = rules.new_game(players, tokens=tokens, variants=variants, seed=seed)
    n = len(pos.players)
    if len(bots) == 1:
        bots = bots * n
    if len(bots) != n:
        raise ValueError(f"{len(bots)} bots for {n} players: give one for each seat, or one for all")
    for b in bots:
        if b not in BOTS:
            raise ValueError(f"no bot called {b!r} (the bots: {', '.join(BOTS)})")
    start = pos.copy()
    rngs = [random.Random(f"tunnel {seed} {seat}") for seat in range(n)]
    moves: list[Move] = []
    scored: list[Score] = []
    traps, thefts, held = [0] * n, [0] * n, [0] * n
    while not pos.over:
        seat = pos.turn
        move = choose(bots[seat], pos, rngs[seat])
        token = move.token
        if token is not None and len(token.openings) == 1:
            laid = pos.placed.get(token.set, ())
            if laid and pos.sets.get(token.set) != seat:
                thefts[seat] += 1
            elif not laid:
                # Judged after this turn's tile and follower, as the token was laid.
                assert move.cell is not None
                after = _after(pos, move.tile, move.cell, move.rotation, move.follower)
                traps[seat] += is_trap(after, token.openings[0], seat)
        scored.extend(rules.apply_unchecked(pos, move))
        moves.append(move)
        for root in half_claimed(pos):
            for _, _, s in pos.info[root].followers:
                held[s] += 1
    end = pos.copy()
    sheet = end.final_scoring()
    return Game(pos.players, bots, seed, start, moves, pos, sheet, list(end.scores), scored, traps, thefts, held)


# ------------------------------------------------------------------------ simulate


@dataclass(frozen=True)
class GameSpec:
    """One game as a work unit (:mod:`sectionx.workers`): everything that decides it
    (``players``: a count, the first colours in seat order, or the colours)."""

    players: int | tuple[str, ...]
    bots: tuple[str, ...]
    seed: int
    tokens: str = "3/2"
    variants: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameSummary:
    """What :class:`Stats` keeps of a game: small enough to send back from a worker."""

    bots: tuple[str, ...]
    totals: tuple[int, ...]
    turns: int
    out: int
    tunnels: int
    trapped: tuple[int, ...]
    traps: tuple[int, ...]
    thefts: tuple[int, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        top = max(self.totals)
        return tuple(s for s, t in enumerate(self.totals) if t == top)

    @classmethod
    def of(cls, game: Game) -> GameSummary:
        n = len(game.players)
        trapped = [0] * n
        for road in trapped_roads(game.final):
            for s in range(n):
                trapped[s] += road.followers[s]
        return cls(game.bots, tuple(game.totals), game.turns, len(game.final.out), game.tunnels, tuple(trapped),
                   tuple(game.traps), tuple(game.thefts))


def simulate_game(spec: GameSpec) -> GameSummary:
    """Play the game ``spec`` describes and summarise it: the unit function of
    ``sectionx simulate`` (top level, so worker processes find it by name)."""
    return GameSummary.of(play_game(spec.players, spec.bots, spec.seed, tokens=spec.tokens,
                                    variants=frozenset(spec.variants)))


@dataclass
class Stats:
    """Figures over many games (``sectionx simulate``).  A shared win (CB10) counts for
    every winner, by seat and by bot."""

    seats: tuple[str, ...]
    games: int = 0
    turns: list[int] = field(default_factory=list)
    wins: Counter[int] = field(default_factory=Counter)
    bot_wins: Counter[str] = field(default_factory=Counter)
    bot_seats: Counter[str] = field(default_factory=Counter)
    shared: int = 0
    totals: list[list[int]] = field(default_factory=list)
    out: list[int] = field(default_factory=list)
    tunnels: list[int] = field(default_factory=list)
    trapped: list[int] = field(default_factory=list)
    traps: list[int] = field(default_factory=list)
    thefts: list[int] = field(default_factory=list)

    def add(self, game: Game | GameSummary) -> None:
        """Count one more game (add them in seed order: the figures are the same for any
        number of workers)."""
        g = game if isinstance(game, GameSummary) else GameSummary.of(game)
        if not self.totals:
            self.totals = [[] for _ in self.seats]
        self.games += 1
        self.turns.append(g.turns)
        for s in g.winners:
            self.wins[s] += 1
            self.bot_wins[g.bots[s]] += 1
        self.bot_seats.update(g.bots)
        self.shared += len(g.winners) > 1
        for s, t in enumerate(g.totals):
            self.totals[s].append(t)
        self.out.append(g.out)
        self.tunnels.append(g.tunnels)
        self.trapped.append(sum(g.trapped))
        self.traps.append(sum(g.traps))
        self.thefts.append(sum(g.thefts))

    def as_dict(self) -> dict[str, Any]:
        """The figures in the shape every game's ``simulate`` prints
        (:func:`sectionx.console.simulation`): length in turns, wins by seat, how games
        ended, then Der Tunnel's own: wins by bot (and games each bot played), the mean
        score of each seat after the end's scoring, tiles put out (CB3), tunnels built
        (TU4), followers trapped at the end (on a road with a half-claimed opening,
        TU3), traps laid and thefts (TV2) per game."""
        played = max(1, self.games)
        return simulation(
            "tunnel", self.games, length={"turns": self.turns},
            winners_by_seat={name: self.wins[i] for i, name in enumerate(self.seats)},
            # Every game ends with the last tile (CB9); what differs is whether its win is shared.
            endings={"one winner (CB10)": self.games - self.shared, "a shared win (CB10)": self.shared},
            own={"wins_by_bot": {b: self.bot_wins[b] for b in BOTS if self.bot_seats[b]},
                 "seats_played_by_bot": {b: self.bot_seats[b] for b in BOTS if self.bot_seats[b]},
                 "mean_score_by_seat": {name: round(sum(t) / played, 1)
                                        for name, t in zip(self.seats, self.totals or [[] for _ in self.seats],
                                                           strict=True)},
                 "tiles_out": spread(self.out), "tunnels_built": spread(self.tunnels),
                 "followers_trapped_at_the_end": spread(self.trapped), "traps_laid": spread(self.traps),
                 "thefts_TV2": spread(self.thefts)},
            note="a shared win counts for every winner; a follower is trapped when its road holds an opening whose "
                 "token's partner was never laid (TU3)")
