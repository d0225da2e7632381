"""Self-play: bots, whole games, replaying records, and statistics over many games.

Bots choose among ``engine.legal_actions``; every choice is seeded, so the same
seed gives the same game, action for action.

* ``random``: uniformly random over the legal actions, drawn through the search
  core (:func:`sectionx.games.sectionx.solver.sample.random_move`: the same distribution as
  ``engine.random_action``, several times faster).  A game between random bots
  only keeps one core position from the first action to the last
  (:func:`play_game`); the engine stays the judge: the records it writes replay
  through ``engine.apply`` to the same end (tests/test_play.py).
* ``greedy``: looks one action ahead and takes the action whose result scores
  best for it: prisoners freed first, then prisoners safe in hideouts before a
  discovery (E1) or the last tile (E2) can bury them, then progress towards a
  free zone along the tunnels it may use.  It never peeks into face-down stacks.
  Each candidate is applied by the engine; the distance to a way out is found
  from the prisoners outwards (:func:`ways_out`), about 75 s a 2-player game.
* ``search``: the greedy bot's score on the search core, a shallow search
  (:mod:`sectionx.games.sectionx.lookahead`): a sample of tile and door actions
  and every step, each made and unmade on a :class:`Position`, judged with the
  best step the same player may take next.  2-3 s a 2-player game; it beat the
  greedy bot in a paired match (docs/benchmarks.md, "Bots").
"""

from __future__ import annotations

import heapq
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ...colours import COLOURS, Colour
from ...console import simulation, spread
from ...errors import Problem
from ...hexgrid import Cell
from . import engine, formats, lookahead, rules
from .actions import Action, Take
from .model import FeatureKind, Place, PlaceKind, State, green_place, tile_place
from .solver.core import TAKE, CoreError, Position, action_of
from .solver.sample import random_move

#: A game that has not ended after this many actions is stopped (never seen in practice).
MAX_ACTIONS = 50_000


# =========================================================================== bots


class Bot:
    name = "bot"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, state: State, legal: list[Action] | None) -> Action:  # pragma: no cover - interface
        raise NotImplementedError


class RandomBot(Bot):
    """Uniformly random over the legal actions."""

    name = "random"

    def choose(self, state: State, legal: list[Action] | None) -> Action:
        # Both draw from the same set as rng.choice(legal), equally likely, without
        # listing it; the core's draw depends only on the position and the generator,
        # so a game is the same whether its position is kept in the core or converted
        # afresh for every choice.
        pos = core_position(state)
        if pos is None:
            return engine.random_action(state, self.rng)
        return action_of(pos.T, random_move(pos, self.rng))


def core_position(state: State) -> Position | None:
    """The search core's position for ``state``, or None where the core does not play:
    a finished game, a puzzle (Q2: the core's turns pass to the next seat), or a
    position that breaks the core's one assumption (K1: see sectionx.games.sectionx.solver.core)."""
    if state.finished or state.solo is not None:
        return None
    try:
        return Position.from_state(state)
    except CoreError:
        return None


class GreedyBot(Bot):
    """One action of look-ahead with a hand-made score (see module docstring)."""

    name = "greedy"
    #: Tile actions looked at per decision: a sample keeps a turn well under a second.
    SAMPLE = 24

    def choose(self, state: State, legal: list[Action] | None) -> Action:
        me = state.current.colour
        legal = engine.legal_actions(state) if legal is None else legal
        if isinstance(legal[0], Take) and not state.advanced:
            return self.rng.choice(legal)  # the stacks are face down: nothing to judge
        cheap = [a for a in legal if not a.tile_action]
        tiles = [a for a in legal if a.tile_action]
        if len(tiles) > self.SAMPLE:
            tiles = self.rng.sample(tiles, self.SAMPLE)
        scored = [(evaluate(engine.apply(state, action), me), i) for i, action in enumerate(cheap + tiles)]
        top = max(score for score, _ in scored)
        # Equal scores: a seeded random pick, so a flat position does not loop on 'pass'.
        return (cheap + tiles)[self.rng.choice([i for score, i in scored if score == top])]


class SearchBot(Bot):
    """A shallow search on the search core (make/unmake), its own turn two actions
    deep, with the greedy bot's score (:mod:`sectionx.games.sectionx.lookahead`).
    Where the core does not play (a puzzle, a finished game) it plays as the greedy bot."""

    name = "search"

    def choose(self, state: State, legal: list[Action] | None) -> Action:
        pos = core_position(state)
        if pos is None:
            return GreedyBot(self.rng).choose(state, legal)
        return action_of(pos.T, lookahead.choose(pos, self.rng))


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}


#: Cost of a step of tunnel still to be dug, against 1 for a step along a tunnel.
DIG = 1.5


def _distances(state: State, colour: Colour) -> dict[Place, float]:
    """For every place, the cheapest way out for ``colour``: steps along tunnels it may
    use (M2, M4, M5) to some place, plus DIG per cell still to dig from there to the
    nearest green area it may enter.  Dijkstra seeded with those digging costs.

    The definition the greedy bot's score uses; the bot itself asks :func:`ways_out`,
    which finds the same numbers at the few places it needs (the tests compare them)."""
    player = state.player_by_colour[colour]
    doors = {spot: p.colour for p in state.players for spot in p.doors}
    owner = state.zone_owner
    greens = [c for z in state.board.zones for c in z.cells
              if owner.get(z.name, colour) == colour and engine.claim_allowed(state, colour, z.name)]
    if not greens:
        return {}

    def dig(cell: Cell) -> float:
        return DIG * min(cell.distance(g) for g in greens)

    def blocked(place: Place) -> bool:
        if place.kind is not PlaceKind.TILE:
            return False
        door = doors.get(place.spot)
        return door is not None and door != colour and not player.key

    seeds: dict[Place, float] = {green_place(g): 0.0 for g in greens}
    seeds[Place(PlaceKind.ISLAND)] = DIG * (min(c.distance(g) for g in greens for c in state.board.island) + 1)
    for cell, placed in state.tiles:
        for i in range(len(state.catalogue[placed.tile].features)):
            place = tile_place(cell, i)
            if not blocked(place):
                seeds[place] = dig(cell)
    dist = dict(seeds)
    heap = [(d, n, p) for n, (p, d) in enumerate(seeds.items())]
    heapq.heapify(heap)
    counter = len(heap)
    while heap:
        d, _, place = heapq.heappop(heap)
        if d > dist.get(place, float("inf")) or blocked(place):
            continue  # nobody enters a blocked place on the way out
        around = engine._step_neighbours(state, place) if place.kind is not PlaceKind.GREEN else _green_neighbours(state, place)
        for n in around:
            if d + 1 < dist.get(n, float("inf")):
                dist[n] = d + 1
                counter += 1
                heapq.heappush(heap, (d + 1, counter, n))
    return dist


def ways_out(state: State, colour: Colour, places: list[Place]) -> dict[Place, float]:
    """``_distances(state, colour)`` at ``places`` only, the same numbers, found from
    each place outwards instead of over the whole board.

    ``_distances`` is a Dijkstra from every way out (a green area ``colour`` may enter
    at 0, the island and every tile feature nobody's door bars at their digging cost)
    across unit steps, never through a barred place.  Steps go both ways (a feature
    faces the island, a green area or another feature exactly when that one faces it
    back, M2), so a place's distance is the least of ``steps + cost`` over the ways out
    a breadth-first walk from the place reaches without passing a barred place (the
    place itself may be barred: a prisoner behind another's door still counts).

    The walk stops early without changing the answer: a step moves at most one cell,
    so whatever lies beyond a place ``g`` cells from the nearest green area the player
    may enter costs at least ``steps + g`` (walk the ``g`` cells, or dig the rest at
    DIG > 1 a cell); a place where that is no better than the best found is not gone
    beyond.  The sums are multiples of a half, exact in floats, so the numbers are
    equal, not just close (tests/test_play.py checks them against ``_distances``).
    The whole-board Dijkstra for every candidate was 76% of the greedy bot's time
    (issue 29)."""
    player = state.player_by_colour[colour]
    doors = {spot: p.colour for p in state.players for spot in p.doors}
    owner = state.zone_owner
    greens = tuple(c for z in state.board.zones for c in z.cells
                   if owner.get(z.name, colour) == colour and engine.claim_allowed(state, colour, z.name))
    if not greens or not places:
        return {}
    entrances = {green_place(g) for g in greens}
    far = _cells_from(greens)
    island_far = min(far(c) for c in state.board.island)
    island_cost = DIG * (island_far + 1)
    key = player.key

    def barred(place: Place) -> bool:
        if place.kind is not PlaceKind.TILE or key:
            return False
        door = doors.get(place.spot)
        return door is not None and door != colour

    out: dict[Place, float] = {}
    around: dict[Place, list[Place]] = {}  # the neighbours, shared by the prisoners' walks
    for start in places:
        if start in out:
            continue
        best = float("inf")
        ring, seen, steps = [start], {start}, 0
        while ring and steps < best:
            after = []
            for place in ring:
                if place is not start and barred(place):
                    continue  # nobody passes through a barred place
                kind = place.kind
                g = island_far if kind is PlaceKind.ISLAND else far(place.at)
                if steps + g >= best:
                    continue  # nothing through here beats the best (see above)
                if kind is PlaceKind.TILE:
                    if not barred(place):
                        best = min(best, steps + DIG * g)
                elif kind is PlaceKind.GREEN:
                    if place in entrances:
                        best = min(best, float(steps))
                elif kind is PlaceKind.ISLAND:
                    best = min(best, steps + island_cost)
                nbs = around.get(place)
                if nbs is None:
                    nbs = around[place] = (_green_neighbours(state, place) if kind is PlaceKind.GREEN
                                           else engine._step_neighbours(state, place))
                for n in nbs:
                    if n not in seen:
                        seen.add(n)
                        after.append(n)
            ring, steps = after, steps + 1
        if best < float("inf"):
            out[start] = best
    return out


#: Cells' distances to the green areas a player may enter, per set of those areas:
#: the sets are few in a game, the cells many.
_FAR: dict[tuple[Cell, ...], dict[Cell, int]] = {}


def _cells_from(greens: tuple[Cell, ...]) -> Callable[[Cell], int]:
    """How many cells from ``cell`` to the nearest of ``greens`` (memoised)."""
    memo = _FAR.get(greens)
    if memo is None:
        if len(_FAR) > 64:
            _FAR.clear()
        memo = _FAR[greens] = {}

    def far(cell: Cell) -> int:
        d = memo.get(cell)
        if d is None:
            d = memo[cell] = min(cell.distance(g) for g in greens)
        return d
    return far


def _green_neighbours(state: State, place: Place) -> list[Place]:
    out = []
    for edge, n in enumerate(place.at.neighbours()):
        placed = state.tile_at.get(n)
        if placed is not None:
            f = state.catalogue[placed.tile].feature_at((edge + 3) % 6, placed.rotation)
            if f is not None:
                out.append(tile_place(n, f))
    return out


def evaluate(state: State, colour: Colour) -> float:
    """How good ``state`` is for ``colour``: higher is better."""
    if state.finished:
        return 1e9 if state.ranking[0] == colour else -1e9 + state.ranking.index(colour)
    player = state.player_by_colour[colour]
    score = 1000.0 * player.freed - 400.0 * player.count(PlaceKind.DEAD)
    # Danger that the tunnels collapse soon: someone near the discovery count, or few tiles left.
    greens = max(p.count(PlaceKind.GREEN) for p in state.players)
    tiles_left = sum(len(s) for s in state.stacks)
    danger = max(greens / state.discovery, 1.0 if tiles_left <= len(state.players) else 0.3 if tiles_left <= 3 * len(state.players) else 0.0)
    dist = ways_out(state, colour, [p for p in player.prisoners if p.kind in (PlaceKind.TILE, PlaceKind.ISLAND)])
    for place in player.prisoners:
        if place.kind is PlaceKind.TILE:
            d = dist.get(place, 20)
            if state.feature(place.spot).kind is FeatureKind.HIDEOUT:
                score += 60 - 2 * d
            else:
                score -= 8 * d + 250 * danger
        elif place.kind is PlaceKind.ISLAND:
            score -= 8 * dist.get(place, 20)
    if player.key:
        score += 10
    return score


# =========================================================================== games


@dataclass
class Game:
    """One finished (or stopped) game and what happened in it."""

    start: State
    actions: list[Action] = field(default_factory=list)
    turns: list[tuple[int, str]] = field(default_factory=list)
    round_ends: list[str] = field(default_factory=list)
    #: The position reached: the start until the game is played.
    final: State = field(init=False)

    def __post_init__(self) -> None:
        self.final = self.start

    @property
    def turn_count(self) -> int:
        return len(self.turns)

    def result(self) -> dict[str, Any]:
        s = self.final
        out = {"ranking": [c.value for c in s.ranking], "rounds": s.round, "turns": self.turn_count}
        if not s.finished:
            out = {"unfinished": True, "rounds": s.round, "turns": self.turn_count}
        return out


def _how_round_ended(before: State, after: State, action: Action) -> str | None:
    if after.finished:
        if any(p.freed >= after.target for p in after.players):
            return "win (E4)"
        return "too few prisoners (E5)"
    if after.round == before.round:
        return None
    if before.turn.round_ends:
        return "last tile (E2)"
    return "discovery (E1)"


def step_through(start: State, actions: list[Action] | None = None, *,
                 bots: dict[Colour, Bot] | None = None) -> Iterator[tuple[int, State, Action, State]]:
    """Yield (index, before, action, after) for a record's actions or the bots' choices."""
    state = start
    i = 0
    while not state.finished and i < MAX_ACTIONS:
        if actions is not None:
            if i >= len(actions):
                return
            action = actions[i]
        else:
            assert bots is not None, "give actions or bots"
            bot = bots[state.current.colour]
            legal = None if isinstance(bot, (RandomBot, SearchBot)) else engine.legal_actions(state)
            action = bot.choose(state, legal)
        after = engine.apply(state, action)
        yield i, state, action, after
        state = after
        i += 1


#: Told, while a game is played, as each turn ends: (turns ended, actions so far, the
#: round now).  The game's own figures, so a caller can show progress (``sectionx play``).
OnTurn = Callable[[int, int, int], None]


def play_game(start: State, bots: dict[Colour, Bot], *, on_turn: OnTurn | None = None) -> Game:
    """Play from ``start`` until the game ends; the record replays to the same end.
    ``on_turn`` (if given) is told as each turn ends, the last one included; it does
    not change the game."""
    if all(type(bot) is RandomBot for bot in bots.values()):
        pos = core_position(start)
        if pos is not None:
            return _play_random(start, pos, bots, on_turn)
    game = Game(start, turns=[(0, _turn_label(start, 1))])
    state = start
    for i, before, action, after in step_through(start, bots=bots):
        game.actions.append(action)
        how = _how_round_ended(before, after, action)
        if how:
            game.round_ends.append(how)
        if not after.finished and engine.turn_ended(before, action, after):
            game.turns.append((i + 1, _turn_label(after, len(game.turns) + 1)))
            if on_turn is not None:
                on_turn(len(game.turns) - 1, len(game.actions), after.round)
        state = after
    game.final = state
    if on_turn is not None:
        on_turn(game.turn_count, len(game.actions), state.round)
    return game


def _play_random(start: State, pos: Position, bots: dict[Colour, Bot], on_turn: OnTurn | None = None) -> Game:
    """``play_game`` between random bots, the position kept in the search core.

    The same game, action for action, as the general loop (each bot draws the same
    move from the same position), without building a State per action: the
    bookkeeping reads the core's fields where the general loop reads the states
    before and after each action (``_how_round_ended``, ``engine.turn_ended``).
    """
    game = Game(start, turns=[(0, _turn_label(start, 1))])
    rngs = [bots[c].rng for c in start.colours]
    T = pos.T
    while not pos.ranking and len(game.actions) < MAX_ACTIONS:
        round_before, player_before, last_tile = pos.round, pos.player, pos.round_ends
        move = random_move(pos, rngs[pos.player])
        pos.make(move)
        game.actions.append(action_of(T, move))
        finished = bool(pos.ranking)
        if finished:
            game.round_ends.append("win (E4)" if any(f >= pos.target for f in pos.freed) else "too few prisoners (E5)")
        elif pos.round != round_before:
            game.round_ends.append("last tile (E2)" if last_tile else "discovery (E1)")
        # engine.turn_ended: another player or round, or a turn record fresh again (not after take).
        fresh = (move[0] != TAKE and pos.phase in (1, 2) and not pos.moved
                 and not (pos.tile_action or pos.door_action or pos.round_ends))
        if not finished and (pos.round != round_before or pos.player != player_before or fresh):
            game.turns.append((len(game.actions), f"turn {len(game.turns) + 1}: round {pos.round}, {start.colours[pos.player]}"))
            if on_turn is not None:
                on_turn(len(game.turns) - 1, len(game.actions), pos.round)
    game.final = pos.to_state()
    if on_turn is not None:
        on_turn(game.turn_count, len(game.actions), game.final.round)
    return game


def _turn_label(state: State, number: int) -> str:
    return f"turn {number}: round {state.round}, {state.current.colour}"


def make_bots(names: list[str], colours: tuple[Colour, ...], seed: int) -> dict[Colour, Bot]:
    """Bots for the colours in seat order; one name fits all, else one per colour."""
    if len(names) == 1:
        names = names * len(colours)
    if len(names) != len(colours):
        raise ValueError(f"name one bot, or one per player ({len(colours)})")
    out = {}
    for i, (colour, name) in enumerate(zip(colours, names)):
        if name not in BOTS:
            raise ValueError(f"unknown bot {name!r}; bots are {', '.join(BOTS)}")
        out[colour] = BOTS[name](random.Random(f"{seed}:{i}:{name}"))
    return out


def new_game_state(players: int, variant: str, seed: int) -> State:
    """The set-up of a new game (S2) for ``players`` on their board (compact for two,
    standard otherwise), ``variant`` standard or advanced (V2), from ``seed``."""
    board = formats.bundled_board("compact" if players == 2 else "standard")
    return rules.new_game(COLOURS[:players], board, formats.bundled_catalogue(), random.Random(seed),
                          advanced=variant == "advanced")


# =========================================================================== replay


@dataclass
class Replay:
    """What replaying a record found: the states after each turn, or the first illegal action."""

    final: State
    turns: int
    error: tuple[int, int, list[Problem]] | None = None  # (action index, turn number, reasons)
    snapshots: list[tuple[int, State]] = field(default_factory=list)


def replay(start: State, actions: tuple[Action, ...], *,
           on_turn: Callable[[int, State, tuple[Action, ...]], None] | None = None) -> Replay:
    """Apply a record's actions, stopping at the first illegal one (with its turn and reasons).
    ``turns`` counts the turns the actions reached, the last one whether finished or not
    (a solution ends in the middle of the turn that meets its goal, Q4).  ``on_turn``
    (``replay --show``) is told each finished turn's number, the state after it and its
    actions."""
    state = start
    turn = 1
    ended = True
    first = 0  # the index of the turn's first action
    for i, action in enumerate(actions):
        problems = engine.explain(state, action)
        if problems:
            return Replay(state, turn, (i, turn, problems))
        after = engine.apply(state, action)
        ended = engine.turn_ended(state, action, after)  # in a puzzle the same player moves on (Q2)
        if ended:
            if on_turn:
                on_turn(turn, after, actions[first:i + 1])
            turn += 1
            first = i + 1
        state = after
    return Replay(state, turn - 1 if ended else turn)


# =========================================================================== statistics


@dataclass(frozen=True)
class GameSpec:
    """One game of a simulation as a work unit (:mod:`sectionx.workers`): everything
    that decides the game, so it plays the same in any process on any machine."""

    players: int
    variant: str
    seed: int
    bots: tuple[str, ...]


@dataclass(frozen=True)
class GameSummary:
    """What :class:`Stats` keeps of one game: a few hundred bytes to send back from a
    worker, where the game itself (its states and actions) would be megabytes."""

    turns: int
    rounds: int
    #: The seat of ``ranking[0]``, 1 for the first; None for a game stopped unfinished.
    #: In a tie (``decided_by`` TIE) that is only the first of the tied in seat order.
    winner_seat: int | None
    freed: tuple[int, ...]  # per player, in seat order
    dead: tuple[int, ...]
    round_ends: tuple[str, ...]  # in the order they happened
    #: How often each verb was used, in the order each was first used: Stats counts them
    #: in that order, which decides the order of equal counts in its report.
    verbs: tuple[tuple[str, int], ...]
    #: Which step of the final ranking made the winner (engine.RANKING_STEPS), TIE when
    #: none did, None for a game stopped unfinished.
    decided_by: str | None = None

    @classmethod
    def of(cls, game: Game) -> GameSummary:
        s = game.final
        return cls(
            turns=game.turn_count,
            rounds=s.round,
            winner_seat=s.colours.index(s.ranking[0]) + 1 if s.finished else None,
            decided_by=(engine.deciding_step(s) or TIE) if s.finished else None,
            freed=tuple(p.freed for p in s.players),
            dead=tuple(p.count(PlaceKind.DEAD) for p in s.players),
            round_ends=tuple(game.round_ends),
            verbs=tuple(Counter(a.verb for a in game.actions).items()),
        )


def simulate_game(spec: GameSpec) -> GameSummary:
    """Play the game ``spec`` describes and summarise it: the unit function of
    ``sectionx simulate`` (top level, so worker processes find it by name)."""
    start = new_game_state(spec.players, spec.variant, spec.seed)
    return GameSummary.of(play_game(start, make_bots(list(spec.bots), start.colours, spec.seed)))


#: What decided a game whose first two players are equal on every step of the ranking.
TIE = "tie"


@dataclass
class Stats:
    """Figures over many games (``sectionx simulate``).

    The winner of a game is the first of its final ranking (E4, E5): the player who
    reached the target, else the one ahead on most freed, then freed plus hidden, then
    alive.  ``decided_by`` counts which step that was, so a game nobody won by freeing
    prisoners shows as such.  Players equal on every step tie: the rules name no
    winner and sectionx merely lists them in seat order, so a tie counts under
    ``decided_by`` TIE and not in ``winners_by_seat`` (it would credit seat 1 with wins
    the rules never gave, a seat bias of sectionx's own)."""

    games: int = 0
    turns: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    winners_by_seat: Counter[int] = field(default_factory=Counter)
    decided_by: Counter[str] = field(default_factory=Counter)
    #: Games in which no player freed a prisoner (all were ranked on hideouts or survivors).
    nobody_freed: int = 0
    freed: list[int] = field(default_factory=list)
    dead: list[int] = field(default_factory=list)
    round_ends: Counter[str] = field(default_factory=Counter)
    action_kinds: Counter[str] = field(default_factory=Counter)
    unfinished: int = 0
    #: Each seat's colour, in seat order (``winners_by_seat`` names seats by them; by
    #: number when not given).
    seats: tuple[str, ...] = ()
    players: int = 0

    def add(self, game: Game | GameSummary) -> None:
        """Count one more game.  The figures depend on the order games are added in
        (equal counts are listed in the order first seen), so add them in seed order."""
        g = game if isinstance(game, GameSummary) else GameSummary.of(game)
        self.games += 1
        self.players = max(self.players, len(g.freed))
        self.turns.append(g.turns)
        self.rounds.append(g.rounds)
        if g.winner_seat is None:
            self.unfinished += 1
        else:
            self.decided_by[g.decided_by or TIE] += 1
            if g.decided_by != TIE:
                self.winners_by_seat[g.winner_seat] += 1
            self.nobody_freed += not any(g.freed)
        self.freed += g.freed
        self.dead += g.dead
        self.round_ends.update(g.round_ends)
        self.action_kinds.update(dict(g.verbs))

    def as_dict(self) -> dict[str, Any]:
        """The figures in the shape every game's ``simulate`` prints
        (:func:`sectionx.console.simulation`): length in turns and rounds, winners by
        seat (a seat is its colour, in seat order; a tie counts for no seat), how the
        games ended (the step of the ranking that decided each, E4 and E5, a tie, or
        unfinished), then Section X's own figures."""
        seats = self.seats or tuple(str(s) for s in range(1, self.players + 1))
        total = sum(self.action_kinds.values()) or 1
        return simulation(
            "sectionx", self.games, length={"turns": self.turns, "rounds": self.rounds},
            # Every seat, zeros too, so that the keys are the same for every run.
            winners_by_seat={name: self.winners_by_seat[i] for i, name in enumerate(seats, 1)},
            # Every step, in the ranking's order, zeros too: the same keys for every run.
            endings={**{step: self.decided_by[step] for step in (*engine.RANKING_STEPS, TIE)},
                     "unfinished": self.unfinished},
            own={"games_with_none_freed": self.nobody_freed, "freed_per_player": spread(self.freed),
                 "dead_per_player": spread(self.dead), "round_ends": dict(self.round_ends.most_common()),
                 "actions": {k: f"{100 * n / total:.1f}%" for k, n in self.action_kinds.most_common()}},
            note="the winner is the first of the final ranking (E4, E5); 'how games ended' counts the step that put "
                 "them ahead; a tie on every step has no winner and is not counted by seat")
