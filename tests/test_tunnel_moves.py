"""Der Tunnel's referee on random games: every legal turn's text reads back
(``parse_move(str(m)) == m``), and :func:`rules.moves` lists exactly the legal turns: each
turn it lists has no problem, and a random turn (any place, turn, follower name, token
set and opening, in either order) is legal exactly when its normal form is listed.  The
rulings one by one are in tests/test_tunnel_rules.py."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sectionx.games.tunnel import rules
from sectionx.games.tunnel.model import Position
from sectionx.games.tunnel.rules import VARIANTS, Follower, Move, Token, parse_move
from sectionx.games.tunnel.tiles import tile_set

# ------------------------------------------------------------------- random games: notation and legal turns


def random_turn(rng: random.Random, pos: Position) -> Move:
    """A random legal turn, drawn the cheap way (one placement, then one of its
    followers, then one of the tokens left), a token more often than not."""
    name = pos.next_tile()
    assert name is not None
    where = rules.placements(pos, name)
    if not where:
        return Move(name, None)
    cell, r = rng.choice(where)
    after = pos.copy()
    after.put_tile(cell, tile_set().oriented(name, r))
    steps: list[Follower | Token] = []
    follower = rng.choice([None, *rules.follower_choices(after, cell, pos.turn)])
    if follower is not None:
        local = after.board[cell].tile.feature_named(follower.feature)
        assert local is not None
        after.put_follower(cell, local, pos.turn)
        steps.append(follower)
    tokens = rules.token_choices(after, pos.turn)
    if tokens and rng.random() < 0.6:
        steps.append(rng.choice(tokens))
    return Move(name, cell, r, tuple(steps))


def random_game(seed: int, turns: int, players: int, variants: tuple[str, ...], tokens: str) -> tuple[Position, list[Move]]:
    """A game of ``turns`` random turns; the four tunnel tiles are shuffled into the
    first twelve of the stack so that tokens are in play."""
    rng = random.Random(seed)
    pos = rules.new_game(players, tokens=tokens, variants=variants, seed=seed)
    assert pos.stack is not None
    rest = [t for t in pos.stack if not t.startswith("TU-")]
    tunnels = sorted(t for t in pos.stack if t.startswith("TU-"))
    for at, t in sorted(zip(rng.sample(range(12), 4), tunnels, strict=True)):
        rest.insert(at, t)
    pos.stack = tuple(rest)
    played = []
    for _ in range(turns):
        move = random_turn(rng, pos)
        pos = rules.play(pos, move).position
        played.append(move)
    return pos, played


games = st.tuples(st.integers(0, 2**32), st.integers(0, 36), st.integers(2, 5),
                  st.sets(st.sampled_from(VARIANTS)).map(lambda v: tuple(sorted(v))), st.sampled_from(["3/2", "2/1"]))


@settings(max_examples=15, deadline=None)
@given(games)
def test_notation_round_trips_every_legal_turn_of_random_games(game: tuple[int, int, int, tuple[str, ...], str]) -> None:
    pos, played = random_game(*game)
    for move in [*played, *rules.moves(pos)]:
        assert parse_move(str(move)) == move, str(move)


def _same_turn(name: str, rotation: int) -> int:
    """The first turn of tile ``name`` that lies exactly as ``rotation`` does (C turned is C)."""
    def key(r: int) -> tuple[str, tuple[str, ...]]:
        o = tile_set().oriented(name, r)
        return o.edges, tuple(sorted(map(repr, o.features)))
    return next(r for r in range(4) if key(r) == key(rotation))


def normal(pos: Position, move: Move) -> Move:
    """The form :func:`rules.moves` lists a turn in: the tile's first equal turn, features
    by their first name, the follower before the token (never less allowed, TU5), a
    fresh set as the first fresh set (which one is the same to the game, TU11), a TV3
    pair's openings in board order."""
    if move.cell is None:
        return move
    o = tile_set().oriented(move.tile, move.rotation)
    followers: list[Follower | Token] = []
    tokens: list[Follower | Token] = []
    for step in move.steps:
        if isinstance(step, Follower):
            local = o.feature_named(step.feature)
            followers.append(Follower(o.features[local].name) if local is not None else step)
            continue
        set_, openings = step.set, step.openings
        if "TV3" in pos.variants:
            fresh = [s for s in pos.sets if s not in pos.placed]
            mouths = pos.mouths
            if move.cell not in pos.board:  # the openings of the tile placed count too
                after = pos.copy()
                after.put_tile(move.cell, o)
                mouths = after.mouths
            if len(openings) == 2 and all(x in mouths for x in openings):
                openings = tuple(sorted(openings, key=mouths.index))
        else:
            fresh = [s for s, owner in pos.sets.items() if owner == pos.turn and s not in pos.placed]
        if set_ in fresh:
            set_ = fresh[0]
        tokens.append(Token(set_, openings))
    return Move(move.tile, move.cell, _same_turn(move.tile, move.rotation), tuple(followers + tokens))


def candidate(rng: random.Random, pos: Position, name: str) -> Move:
    """A random turn with the drawn tile, legal or not: half the time a place and turn
    where the tile fits (or a turn that lies the same), else any cell near or on the
    board and any turn; a follower on any name; a token of any set (mostly the
    player's) on any opening (mostly free ones) or edge."""
    if rng.random() < 0.05:
        return Move(name, None)
    fits = rules.placements(pos, name)
    if fits and rng.random() < 0.5:
        cell, r = rng.choice(fits)
        r = rng.choice([t for t in range(4) if _same_turn(name, t) == r])
    else:
        cell = rng.choice([*pos.frontier, *rng.sample(sorted(pos.board), min(3, len(pos.board))), (40, 40)])
        r = rng.randrange(4)
    o = tile_set().oriented(name, r)
    steps: list[Follower | Token] = []
    if rng.random() < 0.6:
        steps.append(Follower(rng.choice([p for f in o.features for p in f.places()] + ["city:N", "cloister"])))
    if rng.random() < 0.6:
        free = [x for x in pos.mouths if x not in pos.tokens]
        spots = [*free, *free, *free, *pos.mouths, *((cell, e) for e in range(4)), ((0, 0), 1)]
        k = rng.choice([1, 2, 2, 2] if "TV3" in pos.variants else [1, 1, 1, 1, 2])
        mine = [s for s, owner in pos.sets.items() if owner in (pos.turn, None)]
        sets = [*mine, *mine, *mine, *pos.sets, "purple"]
        steps.append(Token(rng.choice(sets), tuple(rng.choice(spots) for _ in range(k))))
    if rng.random() < 0.3:
        steps.reverse()
    return Move(name, cell, r, tuple(steps))


@settings(max_examples=15, deadline=None)
@given(games, st.integers(0, 2**32))
def test_moves_are_exactly_the_legal_turns(game: tuple[int, int, int, tuple[str, ...], str], seed: int) -> None:
    pos, _ = random_game(*game)
    listed = rules.moves(pos)
    rng = random.Random(seed)
    # Every turn listed is legal ...
    for move in rng.sample(listed, min(40, len(listed))):
        assert rules.problems(pos, move) == [], str(move)
    # ... and a random turn is legal exactly when its normal form is listed.
    name = pos.next_tile()
    assert name is not None and all(m.tile == name for m in listed)
    known = set(listed)
    before = pos.copy()
    for _ in range(60):
        move = candidate(rng, pos, name)
        legal = not rules.problems(pos, move)
        if legal:
            rules.play(pos, move)
        assert pos == before, "judging or playing a turn changed the position it was given"
        if legal:
            assert normal(pos, move) in known, str(move)
        if not (move.token and move.follower and move.steps[0] == move.token):
            assert legal == (normal(pos, move) in known), str(move)
        if not legal:
            assert all(p.rule and p.message for p in rules.problems(pos, move))
