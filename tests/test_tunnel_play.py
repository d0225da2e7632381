"""Der Tunnel's bots and games (sectionx/games/tunnel/play.py, preview.py): every bot move
legal under every variant (TV1–TV4, TU8's 2/1) for 2 to 5 players, the same seed the
same game, the bots' outlook equal to the referee's figures after the move is really
made (a differential test), the cutthroat bot trapping followers (TU3) and never
springing its own trap, the score sheet and the figures of ``simulate``."""

from __future__ import annotations

import random

import pytest

from sectionx.games.tunnel import play, rules
from sectionx.games.tunnel.model import Position
from sectionx.games.tunnel.preview import Lens, free_features, join_change, outlook, worth
from sectionx.games.tunnel.rules import Follower, Move
from sectionx.games.tunnel.tiles import tile_set
from sectionx.workers import run_units

CONFIGS = [((), "3/2"), (("TV1",), "3/2"), (("TV2",), "3/2"), (("TV3",), "3/2"), (("TV4",), "3/2"), ((), "2/1"),
           (("TV1", "TV2", "TV4"), "2/1")]


def replayed(game: play.Game) -> list[Position]:
    """The position before each move of ``game``, each move judged by the referee."""
    pos = game.start.copy()
    seen = []
    for move in game.moves:
        assert rules.problems(pos, move) == [], (game.seed, len(seen), str(move))
        seen.append(pos.copy())
        rules.apply_unchecked(pos, move)
    return seen


# ------------------------------------------------------------------- legality, determinism


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize(("variants", "tokens"), CONFIGS)
def test_every_bot_move_is_legal(players: int, variants: tuple[str, ...], tokens: str) -> None:
    # One seat of each bot (cycling), so every bot meets every variant and player count.
    bots = tuple(play.BOTS[(s + players) % 3] for s in range(players))
    seed = 100 * players + len(variants) + 7 * (tokens == "2/1")
    game = play.play_game(players, bots, seed, tokens=tokens, variants=frozenset(variants))
    replayed(game)
    assert game.final.over and game.final.left == 0
    # Every tile of the box but the start tile was drawn once: placed or put out (CB3).
    assert game.turns == len(tile_set().box()) - 1
    assert len(game.final.board) + len(game.final.out) == len(tile_set().box())
    assert game.final.variants == frozenset(variants) and game.final.token_count == tokens


def test_random_games_use_followers_and_tokens_legally() -> None:
    # Random play reaches the corners the others avoid (thefts, pairs, odd followers).
    for seed, variants in enumerate([(), ("TV2",), ("TV3",), ("TV1", "TV4")]):
        game = play.play_game(2 + seed, ("random",), seed, variants=frozenset(variants))
        replayed(game)
        assert any(m.follower for m in game.moves)
        assert any(m.token for m in game.moves)


def test_the_same_seed_plays_the_same_game() -> None:
    bots = ("cutthroat", "greedy", "random")
    a = play.play_game(3, bots, 11, variants=frozenset({"TV2"}))
    b = play.play_game(3, bots, 11, variants=frozenset({"TV2"}))
    assert [str(m) for m in a.moves] == [str(m) for m in b.moves]
    assert a.totals == b.totals and a.sheet == b.sheet and a.held == b.held
    c = play.play_game(3, bots, 12, variants=frozenset({"TV2"}))
    assert [str(m) for m in c.moves] != [str(m) for m in a.moves]


def test_a_seat_draws_from_its_own_generator() -> None:
    # Changing seat 1's bot leaves seat 0's draws alone until the games part: the first
    # move of seat 0 is the same whatever seat 1 plays.
    a = play.play_game(2, ("random", "greedy"), 5)
    b = play.play_game(2, ("random", "random"), 5)
    assert str(a.moves[0]) == str(b.moves[0])


def test_bots_are_named_and_counted() -> None:
    with pytest.raises(ValueError, match="no bot called 'clever'"):
        play.play_game(2, ("clever",), 0)
    with pytest.raises(ValueError, match="3 bots for 2 players"):
        play.play_game(2, ("random", "greedy", "random"), 0)
    pos = rules.new_game(2)  # no known order: nothing for a bot to draw
    with pytest.raises(ValueError, match="known stack"):
        play.choose("random", pos, random.Random(0))


def test_a_tile_that_fits_nowhere_is_put_out() -> None:
    # In this seeded game the single C (city on all four edges) comes when no city edge
    # is free: the bot puts it out and draws again (CB3), and the referee agrees.
    game = play.play_game(2, ("greedy",), 7)
    outs = [k for k, m in enumerate(game.moves) if m.cell is None]
    assert [str(game.moves[k]) for k in outs] == ["C out"] and game.final.out == ("C",)
    before = replayed(game)[outs[0]]
    assert rules.placements(before, "C") == []
    assert game.moves[outs[0] + 1].cell is not None and before.turn == replayed(game)[outs[0] + 1].turn


# ------------------------------------------------------------------- the outlook against the referee


def _points(scored: tuple[rules.Score, ...] | list[rules.Score], players: int) -> tuple[int, ...]:
    found = [0] * players
    for s in scored:
        for seat in s.seats:
            found[seat] += s.points
    return tuple(found)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_outlook_is_the_referee_after_the_move(seed: int) -> None:
    """For every placement and every follower the outlook offers, on every fourth turn of
    a game between greedy bots (followers, completions, fields, cloisters): the change of
    each seat's worth is the worth recomputed from scratch after the referee applied the
    move, the points scored are the referee's, and the followers offered are exactly the
    features follower_choices allows (CB4)."""
    ts = tile_set()
    game = play.play_game(2 + seed, ("greedy",), seed)
    pos = game.start.copy()
    checked = 0
    for k, move in enumerate(game.moves):
        name = pos.next_tile()
        if k % 4 == 0 and name is not None:
            before, lens = worth(pos), Lens(pos)
            for cell, r in rules.placements(pos, name):
                tile = ts.oriented(name, r)
                look = outlook(pos, cell, tile, lens)
                after = pos.copy()
                scored = rules.apply_unchecked(after, Move(name, cell, r))
                assert look.change == tuple(b - a for a, b in zip(before, worth(after), strict=True))
                assert look.scored == _points(scored, len(pos.players))
                for feature, extra in look.options:
                    with_f = pos.copy()
                    rules.apply_unchecked(with_f, Move(name, cell, r, (Follower(feature),)))
                    assert worth(with_f)[pos.turn] - before[pos.turn] == look.change[pos.turn] + extra
                placed = pos.copy()
                placed.put_tile(cell, tile)
                allowed = {placed.root_at(cell, tile.feature_named(f.feature) or 0)
                           for f in rules.follower_choices(placed, cell, pos.turn)}
                offered = [placed.root_at(cell, tile.feature_named(f) or 0) for f, _ in look.options]
                assert sorted(offered) == sorted(allowed)
                free = [tile.features[i].name for i in free_features(pos, cell, tile)]
                assert free == [f for f, _ in look.options] or pos.supply[pos.turn] == 0
                checked += 1
        rules.apply_unchecked(pos, move)
    assert checked > 200


def test_a_tunnel_join_is_the_referee_after_the_token() -> None:
    """join_change for every partner token and every TV3 pair the bots could lay: the
    change of worth once the referee has joined the roads (and scored them, TU4, TU7)."""
    checked = 0
    for seed, variants in ((3, frozenset()), (4, frozenset({"TV3"})), (5, frozenset({"TV2"}))):
        game = play.play_game(2, ("greedy", "cutthroat"), seed, variants=variants)
        pos = game.start.copy()
        for move in game.moves:
            if move.cell is not None:
                plain = Move(move.tile, move.cell, move.rotation, tuple(s for s in move.steps if isinstance(s, Follower)))
                base = pos.copy()
                rules.apply_unchecked(base, plain)
                after = pos.copy()
                tile = tile_set().oriented(move.tile, move.rotation)
                after.put_tile(move.cell, tile)
                if move.follower is not None:
                    after.put_follower(move.cell, tile.feature_named(move.follower.feature) or 0, pos.turn)
                for token in rules.token_choices(after, pos.turn):
                    laid = after.placed.get(token.set, ())
                    if len(token.openings) == 2:
                        a, b = token.openings
                    elif laid:
                        a, b = laid[0], token.openings[0]
                    else:
                        continue
                    joined = pos.copy()
                    rules.apply_unchecked(joined, Move(move.tile, move.cell, move.rotation, (*plain.steps, token)))
                    assert join_change(after, a, b) == tuple(y - x for x, y in zip(worth(base), worth(joined),
                                                                                   strict=True))
                    checked += 1
            rules.apply_unchecked(pos, move)
    assert checked > 50


# ------------------------------------------------------------------- the cutthroat bot


def _traps(game: play.Game) -> list[tuple[str, int]]:
    """(set, turn) of each first token the cutthroat laid on a road holding followers of
    others and none of its own, judged as it was laid (after the turn's tile and follower)."""
    found = []
    pos = game.start.copy()
    for k, move in enumerate(game.moves):
        seat = pos.turn
        token = move.token
        if game.bots[seat] == "cutthroat" and token is not None and len(token.openings) == 1 \
                and token.set not in pos.placed:
            assert move.cell is not None
            after = pos.copy()
            tile = tile_set().oriented(move.tile, move.rotation)
            after.put_tile(move.cell, tile)
            if move.follower is not None:
                after.put_follower(move.cell, tile.feature_named(move.follower.feature) or 0, seat)
            own, others = play.road_followers(after, token.openings[0], seat)
            if others and not own:
                found.append((token.set, k))
        rules.apply_unchecked(pos, move)
    return found


def test_the_cutthroat_traps_others_and_never_springs_its_trap() -> None:
    games = [play.play_game(2, ("cutthroat", "greedy"), seed) for seed in range(4)]
    traps = [t for g in games for t in _traps(g)]
    assert len(traps) >= 3  # it traps in most games (a trap needs a tunnel tile and a victim)
    for game in games:
        for set_, _ in _traps(game):
            assert len(game.final.placed[set_]) == 1  # the partner never came (TU3)
        assert game.traps[0] >= len(_traps(game))
    # The trapped followers are the greedy player's, still standing at the end (TU9).
    assert sum(r.victims for g in games for r in play.trapped_roads(g.final)) >= 2


def test_the_variants_stop_the_cutthroat() -> None:
    for variants in ({"TV3"}, {"TV4"}):
        for seed in range(2):
            game = play.play_game(2, ("cutthroat", "greedy"), seed, variants=frozenset(variants))
            assert _traps(game) == []  # TV3: no first token alone; TV4: not on another's road
            assert all(r.victims == 0 for r in play.trapped_roads(game.final))
    # TV2: the victim takes the partner (a theft) and the road is free again.
    game = play.play_game(2, ("cutthroat", "greedy"), 0, variants=frozenset({"TV2"}))
    assert _traps(game) and game.thefts[1] >= 1


def test_half_claimed_and_trapped_roads() -> None:
    # TU-B east of the start tile D: its west road joins D's road and ends at the
    # opening 1,0:W; green puts a follower on it, then red a token on that opening as U
    # extends the road west (TU3: the road cannot complete until the partner comes).
    pos = rules.new_game(("red", "green"), seed=0)
    pos.stack = ("TU-B", "U")
    pos.turn = 1
    rules.apply_unchecked(pos, Move("TU-B", (1, 0), 0, (Follower("road:W"),)))
    assert play.half_claimed(pos) == {}
    pos.turn = 0
    opening = ((1, 0), 3)
    assert play.is_trap(pos, opening, 0) and not play.is_trap(pos, opening, 1)
    rules.apply_unchecked(pos, Move("U", (-1, 0), 0, (rules.Token("red", (opening,)),)))
    (root,) = play.half_claimed(pos)
    assert play.half_claimed(pos)[root] == ["red"]
    (road,) = play.trapped_roads(pos)
    assert road.followers == (0, 1) and road.owners == (0,) and road.victims == 1 and road.tiles == 3


# ------------------------------------------------------------------- the game's sheet and simulate's figures


def test_the_game_ends_with_the_end_scoring_on_a_copy() -> None:
    game = play.play_game(3, ("greedy",), 8)
    end = game.final.copy()
    assert end.final_scoring() == game.sheet
    assert end.scores == game.totals
    assert game.final.scores == [sum(p for s in game.scored for p in [s.points] if seat in s.seats)
                                 for seat in range(3)]
    assert set(game.winners) == {s for s, t in enumerate(game.totals) if t == max(game.totals)}


def test_stats_add_up() -> None:
    specs = [play.GameSpec(3, ("cutthroat", "greedy", "random"), seed, "2/1", ("TV2",)) for seed in range(4)]
    summaries = list(run_units(play.simulate_game, specs))
    stats = play.Stats(seats=("red", "green", "blue"))
    direct = play.Stats(seats=("red", "green", "blue"))
    for spec, summary in zip(specs, summaries, strict=True):
        stats.add(summary)
        direct.add(play.play_game(spec.players, spec.bots, spec.seed, tokens=spec.tokens,
                                  variants=frozenset(spec.variants)))
    assert stats.as_dict() == direct.as_dict()
    data = stats.as_dict()
    figures = data["game_figures"]
    assert data["games"] == 4 and data["game"] == "tunnel"
    winners = sum(len(s.winners) for s in summaries)
    assert sum(data["winners_by_seat"].values()) == winners == sum(figures["wins_by_bot"].values())
    assert sum(data["endings"].values()) == 4
    assert figures["seats_played_by_bot"] == {"random": 4, "greedy": 4, "cutthroat": 4}
    for seat, name in enumerate(("red", "green", "blue")):
        assert figures["mean_score_by_seat"][name] == round(sum(s.totals[seat] for s in summaries) / 4, 1)
    assert figures["tunnels_built"]["max"] == max(s.tunnels for s in summaries)
    assert figures["followers_trapped_at_the_end"]["mean"] == round(sum(sum(s.trapped) for s in summaries) / 4, 1)
